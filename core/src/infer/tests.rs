use super::*;
use proptest::prelude::*;

fn read(lines: &[String]) -> Vec<StoredItem<'_>> {
    lines.iter().map(|l| StoredItem::parse(l).unwrap()).collect()
}

fn infer_lines(lines: &[String]) -> Proposal {
    infer(
        &read(lines),
        &Options {
            table: "Shop".into(),
            ..Options::default()
        },
    )
    .unwrap()
}

fn line(v: serde_json::Value) -> String {
    v.to_string()
}

/// The leaderboard's keys, with its attributes beside them.
fn leaderboard() -> Vec<String> {
    [
        (1500, "p_8842", 1719100800),
        (9, "p_0417", 1719273600),
        (240, "p_2051", 1719187200),
    ]
    .iter()
    .map(|(score, player, at)| {
        line(serde_json::json!({
            "PK": {"S": "SEASON#2026-SPRING"},
            "SK": {"S": format!("{:010}#{:016}#{player}", 9_999_999_999u64 - score, at)},
            "score": {"N": score.to_string()},
            "player": {"S": player},
            "season": {"S": "2026-spring"},
        }))
    })
    .collect()
}

#[test]
fn the_leaderboard_is_read_back_with_its_inverted_score_and_attributes() {
    let p = infer_lines(&leaderboard());
    assert!(p.exact(), "{:?}", p.misfits);
    let e = &p.schema.entities[0];
    assert_eq!(e.template("SK").unwrap().pattern("#"), "<score>#<sk_2>#<player>");
    // No attribute holds the microseconds: the name says where they are, and a note says so.
    assert!(
        p.notes
            .iter()
            .any(|n| n.starts_with("names: Season's <sk_2> (SK segment 2) is named by keylab:")),
        "{:?}",
        p.notes
    );
    assert_eq!(e.template("PK").unwrap().pattern("#"), "SEASON#2026-SPRING");
    assert_eq!(
        e.field("score").unwrap().kind,
        FieldKind::Uint {
            width: 10,
            order: crate::schema::Order::Desc
        }
    );
    assert!(matches!(
        e.field("sk_2").unwrap().kind,
        FieldKind::Timestamp {
            unit: crate::schema::TimeUnit::Seconds { width: 16 },
            ..
        }
    ));
    assert_eq!(p.items[0].values["score"], serde_json::json!(1500));
    assert!(p.notes.iter().any(|n| n.contains("left out: season")), "{:?}", p.notes);
}

#[test]
fn one_entity_is_counted_as_one_entity() {
    let notes = infer_lines(&leaderboard()).notes;
    assert!(notes.iter().any(|n| n.starts_with("1 entity, ")), "{notes:?}");
    assert!(!notes.iter().any(|n| n.contains("1 entities")), "{notes:?}");
}

#[test]
fn entities_are_told_apart_by_their_labels_and_a_leading_separator_kept() {
    let lines: Vec<String> = vec![
        line(serde_json::json!({"PK": {"S": "DEVICE#d1"}, "SK": {"S": "DEVICE#d1"}, "name": {"S": "d1"}})),
        line(serde_json::json!({"PK": {"S": "DEVICE#d1"}, "SK": {"S": "#READING#000012"}})),
        line(serde_json::json!({"PK": {"S": "DEVICE#d2"}, "SK": {"S": "#READING#000007"}})),
        line(serde_json::json!({"PK": {"S": "DEVICE#d2"}, "SK": {"S": "DEVICE#d2"}, "name": {"S": "d2"}})),
    ];
    let p = infer_lines(&lines);
    assert!(p.exact(), "{:?}", p.misfits);
    let names: Vec<&str> = p.schema.entities.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["Device", "Reading"]);
    let reading = &p.schema.entities[1];
    assert_eq!(reading.template("SK").unwrap().pattern("#"), "#READING#<reading>");
    assert_eq!(
        reading.field("reading").unwrap().kind,
        FieldKind::Uint {
            width: 6,
            order: crate::schema::Order::Asc
        }
    );
    // The device's id is its name attribute, in both keys.
    assert_eq!(
        p.schema.entities[0].template("SK").unwrap().pattern("#"),
        "DEVICE#<name>"
    );
    assert_eq!(p.items.len(), 4);
}

#[test]
fn an_entity_attribute_names_entities_and_workbench_timestamps_are_read() {
    let lines: Vec<String> = [("CA", "2020-04-24T14:40:00"), ("NY", "2020-04-25T09:05:00")]
        .iter()
        .map(|(state, date)| {
            line(serde_json::json!({"Item": {
                "PK": {"S": "ORDER"}, "SK": {"S": format!("{state}#{date}")},
                "State": {"S": state}, "Date": {"S": date}, "EntityType": {"S": "order"},
            }}))
        })
        .collect();
    let p = infer_lines(&lines);
    assert!(p.exact(), "{:?}", p.misfits);
    let e = &p.schema.entities[0];
    assert_eq!(e.name, "Order");
    assert_eq!(e.template("SK").unwrap().pattern("#"), "<State>#<Date>");
    assert_eq!(
        e.field("Date").unwrap().kind,
        FieldKind::Timestamp {
            unit: crate::schema::TimeUnit::Iso(crate::schema::IsoFormat {
                precision: crate::schema::IsoPrecision::Second,
                zone: crate::schema::IsoZone::Unzoned
            }),
            order: crate::schema::Order::Asc
        }
    );
}

#[test]
fn keys_the_design_cannot_write_again_are_listed_with_the_reason() {
    let lines: Vec<String> = vec![
        line(serde_json::json!({"PK": {"S": "U#1"}, "SK": {"S": "A#x"}, "_type": {"S": "User"}})),
        line(serde_json::json!({"PK": {"S": "U#2"}, "SK": {"S": "A#y#z"}, "_type": {"S": "User"}})),
        line(serde_json::json!({"PK": {"S": "U#3"}, "SK": {"S": "B"}})),
    ];
    let p = infer(
        &read(&lines),
        &Options {
            table: "Shop".into(),
            entity_attribute: Some("_type".into()),
            ..Options::default()
        },
    )
    .unwrap();
    assert!(!p.exact());
    let items: Vec<usize> = p.misfits.iter().map(|m| m.item).collect();
    assert_eq!(items, [2], "{:?}", p.misfits);
    assert!(p.misfits[0].reason.contains("has no _type"));
    // Users whose sort keys differ in shape are two entities, each written back.
    let names: Vec<&str> = p.schema.entities.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["User", "User2"]);
    assert_eq!(p.items.len(), 2);
}

#[test]
fn number_keys_and_missing_keys_are_said() {
    let lines = vec![
        line(serde_json::json!({"id": {"S": "a"}, "version": {"N": "1.50"}})),
        line(serde_json::json!({"id": {"S": "b"}, "version": {"N": "12"}})),
    ];
    let err = infer(&read(&lines), &Options::default()).unwrap_err();
    assert_eq!(err.code(), "tableKeys");
    assert!(err.to_string().contains("--partition"), "{err}");
    let keys = TableKeys {
        partition: "id".into(),
        sort: Some("version".into()),
        indexes: vec![],
    };
    let p = infer(
        &read(&lines),
        &Options {
            keys: Some(keys),
            table: "Versions".into(),
            ..Options::default()
        },
    )
    .unwrap();
    assert!(p.exact(), "{:?} {:?}", p.misfits, p.notes);
}

proptest! {
    /// Keys keylab wrote come back exact: any scores, times and players under the
    /// leaderboard's design are read as a design that writes every one of them again.
    #[test]
    fn keys_keylab_wrote_are_read_back_exactly(
        rows in proptest::collection::vec((0u64..9_999_999_999, 1_000_000_000u64..2_000_000_000, "[a-z]{1,6}_[0-9]{1,4}"), 2..12)
    ) {
        let lines: Vec<String> = rows.iter().map(|(score, at, player)| line(serde_json::json!({
            "PK": {"S": "SEASON#X"},
            "SK": {"S": format!("{:010}#{:016}#{player}", 9_999_999_999u64 - score, at)},
        }))).collect();
        let p = infer_lines(&lines);
        prop_assert!(p.exact(), "{:?}", p.misfits);
        prop_assert_eq!(p.items.len(), rows.len());
    }
}

#[test]
fn electrodb_keys_read_back_with_their_labels_glued_to_the_values() {
    // ElectroDB's default keys: `$service#attr_value` and `$entity_version#attr_value`,
    // lower-cased, beside the attributes and its own `__edb_e__`.
    let lines: Vec<String> = [("O-9", 7), ("O-12", 12), ("o-3", 130)]
        .iter()
        .map(|(id, seq)| {
            line(serde_json::json!({
                "pk": {"S": format!("$shop#orderid_{}", id.to_lowercase())},
                "sk": {"S": format!("$order_1#seq_{seq:06}")},
                "orderId": {"S": id}, "seq": {"N": seq.to_string()},
                "__edb_e__": {"S": "order"}, "__edb_v__": {"S": "1"},
            }))
        })
        .collect();
    let p = infer(
        &read(&lines),
        &Options {
            keys: Some(TableKeys {
                partition: "pk".into(),
                sort: Some("sk".into()),
                indexes: Vec::new(),
            }),
            table: "Shop".into(),
            ..Options::default()
        },
    )
    .unwrap();
    assert!(p.exact(), "{:?}", p.misfits);
    let e = &p.schema.entities[0];
    assert_eq!(e.name, "Order");
    assert_eq!(e.template("pk").unwrap().pattern("#"), "$shop#orderid_<orderId>");
    assert_eq!(e.template("sk").unwrap().pattern("#"), "$order_1#seq_<seq>");
    assert_eq!(
        e.field("seq").unwrap().kind,
        FieldKind::Uint {
            width: 6,
            order: crate::schema::Order::Asc
        }
    );
    assert!(matches!(
        e.field("orderId").unwrap().kind,
        FieldKind::Text {
            case: crate::schema::Case::Lower,
            ..
        }
    ));
}

#[test]
fn a_label_is_only_a_start_that_ends_in_punctuation() {
    assert_eq!(super::labels(&["seq_000007", "seq_000012"]), ["seq_"]);
    assert_eq!(
        super::labels(&["orderid_o-9", "orderid_o-12"]),
        ["orderid_o-", "orderid_"]
    );
    assert!(super::labels(&["c1", "c2"]).is_empty());
    assert!(super::labels(&["é_a", "é_b"]) == ["é_"]);
}

#[test]
fn items_without_the_named_keys_are_listed_never_a_panic() {
    let lines = vec![
        line(serde_json::json!({"x": {"S": "a"}})),
        line(serde_json::json!({"y": {"S": "b"}})),
        line(serde_json::json!({"PK": {"S": "A#1"}})),
    ];
    let options = Options {
        keys: Some(TableKeys {
            partition: "PK".into(),
            sort: None,
            indexes: Vec::new(),
        }),
        entity_of: vec![None, None, Some("A".into())],
        table: "T".into(),
        ..Options::default()
    };
    let _ = infer(&read(&lines), &options);
}

/// A sort key whose first segment is a state (`WARNING1#…`, `NORMAL#…`) is one entity
/// with a State field, not an `Item` and a `Normal`; two labels alike stay two entities.
#[test]
fn a_state_in_the_sort_key_is_a_value_not_a_second_entity() {
    let lines: Vec<String> = [
        ("WARNING1", "2020-04-24T14:40:00"),
        ("NORMAL", "2020-04-24T14:45:00"),
        ("WARNING2", "2020-04-24T14:50:00"),
        ("NORMAL", "2020-04-24T14:55:00"),
    ]
    .iter()
    .enumerate()
    .map(|(at, (state, date))| {
        let device = ["12345", "67"][at % 2];
        line(serde_json::json!({
            "PK": {"S": format!("d#{device}")}, "SK": {"S": format!("{state}#{date}")},
            "deviceid": {"N": device}, "State": {"S": state}, "Date": {"S": date},
        }))
    })
    .collect();
    let p = infer_lines(&lines);
    assert!(p.exact(), "{:?}", p.misfits);
    assert_eq!(p.schema.entities.len(), 1, "{:?}", p.schema.entities);
    let e = &p.schema.entities[0];
    assert_eq!(e.template("SK").unwrap().pattern("#"), "<State>#<Date>");
    assert!(
        p.notes
            .iter()
            .any(|n| n.contains("\"WARNING1\"") && n.contains("not a label")),
        "{:?}",
        p.notes
    );
    assert!(!p.notes.iter().any(|n| n.contains("left out: State")), "{:?}", p.notes);
    // deviceid is a Number whose digits the key holds unpadded: a text field, said so.
    assert_eq!(e.fields[0].kind.name(), "text");
    assert!(
        p.notes.iter().any(
            |n| n.starts_with("Item's <deviceid> is a Number attribute in the items (12345)")
                && n.contains("write deviceid as a String (S)")
        ),
        "{:?}",
        p.notes
    );
    assert!(!p.notes.iter().any(|n| n.starts_with("names:")), "{:?}", p.notes);

    let two: Vec<String> = [
        ("u1", "PROFILE#1"),
        ("u1", "ORDER#2"),
        ("u2", "PROFILE#3"),
        ("u2", "ORDER#4"),
    ]
    .iter()
    .map(|(user, sk)| line(serde_json::json!({"PK": {"S": format!("USER#{user}")}, "SK": {"S": sk}})))
    .collect();
    let two = infer_lines(&two);
    assert_eq!(two.schema.entities.len(), 2);
    // A field named after the label before it says so.
    assert!(
        two.notes
            .iter()
            .any(|n| n.contains("<user> (PK segment 2, after the label USER before it)")),
        "{:?}",
        two.notes
    );
}

/// An item over DynamoDB's 400 KB is named in the notes, with its size.
#[test]
fn an_item_over_400_kb_is_said() {
    let mut lines = leaderboard();
    let mut big: serde_json::Value = serde_json::from_str(&lines[1]).unwrap();
    big["blob"] = serde_json::json!({"S": "x".repeat(20 << 20)});
    lines[1] = big.to_string();
    let p = infer_lines(&lines);
    let said: Vec<&String> = p.notes.iter().filter(|n| n.contains("400 KB")).collect();
    assert_eq!(said.len(), 1, "{:?}", p.notes);
    assert!(
        said[0].starts_with("item 2: the item is 2097") && said[0].contains("blob"),
        "{}",
        said[0]
    );
}

#[test]
fn what_the_items_cannot_tell_apart_is_said_as_a_guess() {
    let notes = infer_lines(&leaderboard()).notes.join("\n");
    // The season is a value every sample shares: read as a literal, said as a guess.
    assert!(
        notes.contains("guess: Season's PK segment 2 is \"2026-SPRING\" in all 3 items, so it is read as a literal"),
        "{notes}"
    );
    assert!(
        !notes.contains("segment 1 is \"SEASON\""),
        "a label is a constant: {notes}"
    );
    let lines = [
        line(serde_json::json!({"PK": {"S": "DEVICE#d1"}, "SK": {"S": "#READING#2024-06-01T10:00:00Z"}})),
        line(serde_json::json!({"PK": {"S": "DEVICE#d2"}, "SK": {"S": "#READING#2024-06-01T11:00:00Z"}})),
        line(serde_json::json!({"PK": {"S": "DEVICE#d1"}, "SK": {"S": "PROFILE"}})),
    ];
    let p = infer_lines(&lines);
    let notes = p.notes.join("\n");
    assert!(
        notes.contains("guess: entity Profile was read from one item: its keys are that item's, constant (PK = DEVICE#d1, SK = PROFILE); add items of it, or an entity attribute"),
        "{notes}"
    );
    assert_eq!(notes.matches("guess:").count(), 1, "{notes}");
}

#[test]
fn an_entity_keylabs_check_refuses_is_left_out_with_its_items_not_the_file() {
    let long = "X".repeat(300);
    let lines = [
        line(serde_json::json!({"PK": {"S": format!("A#{long}")}, "SK": {"S": "B#1"}})),
        line(serde_json::json!({"PK": {"S": "USER#u1"}, "SK": {"S": "P"}})),
        line(serde_json::json!({"PK": {"S": format!("A#{long}")}, "SK": {"S": "B#2"}})),
        line(serde_json::json!({"PK": {"S": "USER#u2"}, "SK": {"S": "P"}})),
    ];
    // Before: the whole file refused, "$.entities[0].keys.PK: a literal is 300 characters long".
    let p = infer_lines(&lines);
    let notes = p.notes.join("\n");
    assert!(
        notes.contains("entity B is left out: keylab's check refuses it: its key PK: a literal is 300 characters long"),
        "{notes}"
    );
    assert!(!notes.contains("$."), "{notes}");
    assert_eq!(p.schema.entities.len(), 1);
    assert_eq!(p.misfits.iter().map(|m| m.item).collect::<Vec<_>>(), [0, 2]);
    assert_eq!(p.items.len(), 2);
    crate::infer::left_out::assert_held(&p.schema, &p.notes, &p.left_out);
}

/// A width read from samples that all have as many digits is a guess: they cannot tell
/// a padded key from values that happen to be that long, and a larger value would not
/// fit. Before: nothing was said of it.
#[test]
fn a_width_read_from_samples_is_said_as_a_guess() {
    let lines: Vec<String> = ["00042", "10311", "00007"]
        .iter()
        .map(|id| line(serde_json::json!({"PK": {"S": "SHOP#s1"}, "SK": {"S": format!("ORDER#{id}")}})))
        .collect();
    let p = infer_lines(&lines);
    assert!(p.exact(), "{:?}", p.misfits);
    let notes = p.notes.join("\n");
    assert!(
        notes.contains(
            "guess: Order's <order> width 5 read from 3 samples that all have 5 digits: a larger value would need a wider key"
        ),
        "{notes}"
    );
    // Each kind with a width says what its digits are; a field read twice is said once.
    let notes = infer_lines(&leaderboard()).notes.join("\n");
    assert!(
        notes.contains("guess: Season's <score> width 10 read from 3 samples that all have 10 digits"),
        "{notes}"
    );
    assert!(
        notes.contains("guess: Season's <sk_2> width 16 read from 3 samples"),
        "{notes}"
    );
    assert_eq!(notes.matches("<score> width").count(), 1, "{notes}");
    let signed: Vec<String> = ["00005", "-9994"]
        .iter()
        .map(|n| line(serde_json::json!({"PK": {"S": "T#1"}, "SK": {"S": format!("RUN#{n}")}})))
        .collect();
    let notes = infer_lines(&signed).notes.join("\n");
    assert!(
        notes.contains("width 4 read from 2 samples that all have a sign and 4 digits"),
        "{notes}"
    );
    // A Number key holds the number itself: its width is not read off padded text.
    let numbers: Vec<String> = ["15", "24"]
        .iter()
        .map(|n| line(serde_json::json!({"PK": {"S": "T#1"}, "SK": {"N": n}})))
        .collect();
    let notes = infer_lines(&numbers).notes.join("\n");
    assert!(!notes.contains(" width 2 read from"), "{notes}");
    // Its width is its widest sample's, which a larger value passes: that is said.
    assert!(
        notes.contains("width 2 is the most digits of 2 samples: a larger value is refused until the field is wider"),
        "{notes}"
    );
}

/// A GSI keyed on the items' own State and Date: the sort key's fields hold their values,
/// and a field of either name would write the key attribute twice, so they are numbered,
/// and the note says why rather than that no attribute holds them.
#[test]
fn fields_numbered_apart_from_key_attributes_say_why() {
    let lines: Vec<String> = [
        ("d#1", "WARNING1", "2020-04-24T14:40:00"),
        ("d#2", "NORMAL", "2020-04-24T14:45:00"),
    ]
    .iter()
    .map(|(pk, state, date)| {
        line(serde_json::json!({
            "PK": {"S": pk}, "SK": {"S": format!("{state}#{date}")}, "State": {"S": state}, "Date": {"S": date},
        }))
    })
    .collect();
    let options = Options {
        keys: Some(TableKeys {
            partition: "PK".into(),
            sort: Some("SK".into()),
            indexes: vec![("ByState".into(), "State".into(), Some("Date".into()))],
        }),
        table: "T".into(),
        ..Options::default()
    };
    let p = infer(&read(&lines), &options).unwrap();
    assert!(p.exact(), "{:?}", p.misfits);
    let notes = p.notes.join("\n");
    assert!(
        notes.contains("<sk_1> holds State's values and <sk_2> holds Date's values: each attribute is a key attribute"),
        "{notes}"
    );
    assert!(!notes.contains("<sk_1> (SK segment 1)"), "{notes}");
}
