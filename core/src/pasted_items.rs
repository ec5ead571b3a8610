//! Sample items pasted as JSON lines or CSV, read in the page's second module. Pure
//! and untrusted: every problem is a message naming the line, never a panic.
//!
//! CSV is read by a small RFC 4180 reader here rather than the `csv` crate: it needs
//! only quoted fields and doubled quotes, and the page's bundle is what users download.

use crate::Values;
use serde_json::Value;

/// Most items one paste may add, so a stray megabyte cannot freeze the page.
pub const MAX_ITEMS: usize = 100_000;

/// Items read from `text`, keeping only the given fields, plus a note on what was
/// ignored.
pub fn parse(text: &str, fields: &[String]) -> Result<(Vec<Values>, Option<String>), String> {
    let first = text
        .lines()
        .find(|l| !l.trim().is_empty())
        .ok_or("there is nothing to add")?;
    let (rows, ignored) = if first.trim_start().starts_with('{') {
        json_lines(text, fields)?
    } else {
        csv(text, fields)?
    };
    if rows.len() > MAX_ITEMS {
        return Err(format!(
            "{} items is more than the {MAX_ITEMS} one paste may add",
            rows.len()
        ));
    }
    // Each ignored field is named, with the field it was probably meant to be.
    let named: Vec<String> = ignored
        .iter()
        .map(|f| match crate::strict::nearest(f, fields) {
            Some(near) => format!("{f} (did you mean {near}?)"),
            None => f.clone(),
        })
        .collect();
    let note = (!ignored.is_empty()).then(|| format!("ignored fields the entity does not have: {}", named.join(", ")));
    Ok((rows, note))
}

fn text_of(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

fn json_lines(text: &str, fields: &[String]) -> Result<(Vec<Values>, Vec<String>), String> {
    let mut rows = Vec::new();
    let mut ignored: Vec<String> = Vec::new();
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let line_no = n + 1;
        let value: Value = serde_json::from_str(line).map_err(|e| format!("line {line_no} is not JSON: {e}"))?;
        let Value::Object(obj) = value else {
            return Err(format!("line {line_no} is not a JSON object"));
        };
        let mut row = Values::new();
        for (k, v) in obj {
            if !fields.contains(&k) {
                if !ignored.contains(&k) {
                    ignored.push(k);
                }
                continue;
            }
            let t = text_of(&v).ok_or_else(|| format!("line {line_no}: {k} must be text, a number or a boolean"))?;
            row.insert(k, Value::String(t));
        }
        rows.push(row);
    }
    Ok((rows, ignored))
}

/// Splits CSV text into records of fields (RFC 4180: quoted fields may hold commas,
/// newlines and doubled quotes).
fn records(text: &str) -> Result<Vec<Vec<String>>, String> {
    let mut out = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut line = 1;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => {
                if c == '\n' {
                    line += 1;
                }
                field.push(c);
            }
            (false, '"') if field.is_empty() => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\r') => {}
            (false, '\n') => {
                record.push(std::mem::take(&mut field));
                out.push(std::mem::take(&mut record));
                line += 1;
            }
            (false, c) => field.push(c),
        }
    }
    if quoted {
        return Err(format!("a quoted field that starts by line {line} is never closed"));
    }
    if !field.is_empty() || !record.is_empty() {
        record.push(field);
        out.push(record);
    }
    Ok(out
        .into_iter()
        .filter(|r| !(r.len() == 1 && r[0].trim().is_empty()))
        .collect())
}

fn csv(text: &str, fields: &[String]) -> Result<(Vec<Values>, Vec<String>), String> {
    let mut recs = records(text)?.into_iter();
    let header: Vec<String> = recs
        .next()
        .ok_or("there is no header line")?
        .into_iter()
        .map(|h| h.trim().to_string())
        .collect();
    if !header.iter().any(|h| fields.contains(h)) {
        return Err(format!(
            "the header names none of the fields ({}); put them on the first line",
            fields.join(", ")
        ));
    }
    let ignored: Vec<String> = header.iter().filter(|h| !fields.contains(h)).cloned().collect();
    let mut rows = Vec::new();
    for (i, rec) in recs.enumerate() {
        if rec.len() != header.len() {
            return Err(format!(
                "record {} has {} fields but the header has {}",
                i + 1,
                rec.len(),
                header.len()
            ));
        }
        rows.push(
            header
                .iter()
                .zip(rec)
                .filter(|(h, _)| fields.contains(h))
                .map(|(h, v)| (h.clone(), Value::String(v)))
                .collect(),
        );
    }
    Ok((rows, ignored))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields() -> Vec<String> {
        ["score", "player"].iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn json_lines_keep_known_fields_as_text() {
        let (rows, note) = parse(
            "{\"score\": 1500, \"player\": \"p_1\", \"x\": 1}\n\n{\"score\": \"9\"}\n",
            &fields(),
        )
        .unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0]["score"], Value::String("1500".into()));
        assert_eq!(note.as_deref(), Some("ignored fields the entity does not have: x"));
        let (_, note) = parse("{\"scroe\": 1, \"Player\": \"p\"}", &fields()).unwrap();
        assert_eq!(
            note.as_deref(),
            Some("ignored fields the entity does not have: scroe (did you mean score?), Player (did you mean player?)")
        );
        assert!(parse("{\"score\": [1]}", &fields()).unwrap_err().contains("line 1"));
        assert!(parse("{\"score\": 1}\n{oops", &fields())
            .unwrap_err()
            .starts_with("line 2 is not JSON"));
    }

    #[test]
    fn csv_with_quotes_commas_and_newlines() {
        let text = "player,score\r\n\"a, \"\"b\"\"\",10\n\"multi\nline\",20\n";
        let (rows, note) = parse(text, &fields()).unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0]["player"], Value::String("a, \"b\"".into()));
        assert_eq!(rows[1]["player"], Value::String("multi\nline".into()));
        assert_eq!(note, None);
        assert!(parse("player,score\n\"open,1\n", &fields())
            .unwrap_err()
            .contains("never closed"));
        assert!(parse("player,score\na\n", &fields())
            .unwrap_err()
            .contains("record 1 has 1 fields"));
        assert!(parse("foo,bar\n1,2\n", &fields())
            .unwrap_err()
            .contains("names none of the fields"));
        assert_eq!(parse("  \n", &fields()).unwrap_err(), "there is nothing to add");
    }

    #[test]
    fn a_paste_is_capped() {
        let many = format!("score\n{}", "1\n".repeat(MAX_ITEMS + 1));
        assert!(parse(&many, &fields()).unwrap_err().contains("more than"));
    }
}
