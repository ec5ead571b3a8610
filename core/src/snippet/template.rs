//! Programs written as programs: each program, or each part of one that varies, is a
//! file under `templates/`, one line of the program per line, with `{{name}}` holes its
//! emitter fills. Before, a program was one `format!` string of up to 2,133 characters,
//! its braces doubled and its lines joined by `\n`.

/// `template` with each `{{name}}` hole replaced by its value in `holes`. Any other
/// brace is the program's own text, even three in a row (`{{{table}}` is a `{` before
/// the table's hole).
pub(super) fn fill(template: &str, holes: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + holes.iter().map(|(_, v)| v.len()).sum::<usize>());
    let mut rest = template;
    while let Some(at) = rest.find("{{") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let filled = (after.find("}}")).and_then(|end| {
            holes
                .iter()
                .find(|(name, _)| *name == &after[..end])
                .map(|(_, v)| (*v, end))
        });
        match filled {
            Some((value, end)) => {
                out.push_str(value);
                rest = &after[end + 2..];
            }
            None => {
                out.push('{');
                rest = &rest[at + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::fill;

    #[test]
    fn holes_are_filled_and_other_braces_kept() {
        assert_eq!(fill("a {{x}} b", &[("x", "1")]), "a 1 b");
        assert_eq!(fill("{{{t}}: [{\"i\": 1}]}", &[("t", "T")]), "{T: [{\"i\": 1}]}");
        assert_eq!(fill("{{y}} {} }}", &[("x", "1")]), "{{y}} {} }}");
        // A value is never read for holes.
        assert_eq!(fill("{{x}}{{z}}", &[("x", "{{z}}"), ("z", "2")]), "{{z}}2");
    }

    /// Every template's holes are ones its emitter fills: a hole left unfilled would
    /// reach the program as `{{name}}`.
    #[test]
    fn every_program_is_filled() {
        let dump = crate::snippet::tests::every_program();
        assert!(!dump.is_empty());
        for program in dump {
            let left: Vec<&str> = (program.match_indices("{{"))
                .filter_map(|(at, _)| {
                    let name = program[at + 2..].split("}}").next()?;
                    (!name.is_empty() && name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')).then_some(name)
                })
                .collect();
            assert!(left.is_empty(), "unfilled {left:?} in:\n{program}");
        }
    }
}
