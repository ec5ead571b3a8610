use super::*;

#[test]
fn names_follow_each_language_convention() {
    assert_eq!(pascal("GSI1PK"), "Gsi1Pk");
    assert_eq!(pascal("orderLine"), "OrderLine");
    assert_eq!(camel("created_at"), "createdAt");
    assert_eq!(snake("createdAt"), "created_at");
    assert_eq!(snake("GSI1PK"), "gsi1_pk");
    assert_eq!(pascal("9lives"), "X9lives");
    assert_eq!(ident("class", camel), "class_");
}

fn leaderboard() -> Schema {
    Schema::from_value(&serde_json::json!({
        "version": 1, "separator": "#",
        "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
        "entities": [{"name": "Run",
            "fields": {"season": {"kind": "text", "case": "upper"}, "score": {"kind": "uint", "width": 10, "order": "desc"}},
            "keys": {"PK": [{"literal": "SEASON"}, {"field": "season"}], "SK": [{"field": "score"}]}}]
    }))
    .unwrap()
}

#[test]
fn every_language_names_the_design_it_came_from() {
    let schema = leaderboard();
    let hash = design_hash(&schema);
    for language in Language::ALL {
        let code = generate(&schema, language).unwrap();
        assert!(code.contains(&format!("(design {hash})")), "{language:?}");
        assert!(code.len() > 2000, "{language:?} wrote a module with its runtime");
    }
    // Any change to the design changes the hash.
    let mut wider = schema.to_value();
    wider["entities"][0]["fields"]["score"]["width"] = serde_json::json!(11);
    assert_ne!(design_hash(&Schema::from_value(&wider).unwrap()), hash);
}

#[test]
fn a_design_the_codec_refuses_gets_no_code() {
    let bad = Schema::from_value(&serde_json::json!({
        "version": 1, "separator": "#",
        "table": {"name": "T", "attributes": {"PK": "S", "SK": "N"}, "primary": {"partition": "PK", "sort": "SK"}},
        "entities": [{"name": "Run",
            "fields": {"a": {"kind": "uint", "width": 3}, "b": {"kind": "uint", "width": 3}},
            "keys": {"PK": [{"literal": "X"}], "SK": [{"field": "a"}, {"field": "b"}]}}]
    }));
    let why = match bad {
        Ok(schema) => generate(&schema, Language::Go).unwrap_err().to_string(),
        Err(e) => e.to_string(),
    };
    assert!(why.contains("Number"), "{why}");
}

#[test]
fn strings_are_quoted_for_every_language() {
    assert_eq!(quoted("a\"b\\c"), r#""a\"b\\c""#);
    assert_eq!(quoted("\n😀é"), r#""\n\ud83d\ude00\u00e9""#);
    assert_eq!(quoted_points("😀é\u{0}"), r#""\U0001f600\u00e9\u0000""#);
}

#[test]
fn a_fetched_runtime_is_taken_only_when_it_is_this_builds() {
    for language in Language::ALL {
        let Some(file) = language.runtime_file() else {
            assert_eq!(runtime(language), Ok(""));
            continue;
        };
        let path = format!("{}/src/keycode/runtime/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).unwrap();
        assert_eq!(runtime(language), Ok(text.as_str()));
        assert_eq!(register_runtime(language, text.clone()), Ok(()));
        let stale = text.replacen("keylab", "keyIab", 1);
        let why = register_runtime(language, stale).unwrap_err().to_string();
        assert!(
            why.contains(&format!("not this version's {} runtime", language.label())),
            "{why}"
        );
        assert!(register_runtime(language, "<!doctype html>".into()).is_err());
    }
}
