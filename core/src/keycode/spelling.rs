//! How each of the five languages with a runtime of its own spells what the emitters
//! write: its readers, a missing limit and its booleans. The call that reads one
//! field's segment back differs between languages only in that spelling, so the kinds'
//! arguments are written once, here.

use super::{case_literal, fixed_len, Kind};

/// How one language's runtime spells the readers a key's decoder calls, and the
/// literals both the readers and the writers pass.
pub(crate) struct Spelling {
    /// The key cursor's two methods: a fixed number of characters (with the field's name
    /// for the error), and the rest of the key.
    pub fixed: &'static str,
    pub rest: &'static str,
    pub text: &'static str,
    pub uint: &'static str,
    pub int: &'static str,
    pub decimal: &'static str,
    pub iso: &'static str,
    /// ULID and KSUID: the reader, and the arguments that follow `desc`.
    pub ulid: (&'static str, &'static str),
    pub ksuid: (&'static str, &'static str),
    /// A text field without a `maxLength`.
    pub no_limit: &'static str,
    /// `false` and `true`.
    pub booleans: [&'static str; 2],
    /// The language's string literal.
    pub quoted: fn(&str) -> String,
}

impl Spelling {
    /// The spelling of the runtimes written in camelCase (TypeScript, Java, Go), which
    /// differ from it only where they say so.
    pub(crate) const CAMEL: Spelling = Spelling {
        fixed: "r.fixed",
        rest: "r.rest()",
        text: "readText",
        uint: "readUint",
        int: "readInt",
        decimal: "readDecimal",
        iso: "readIso",
        ulid: ("readUlid", ""),
        ksuid: ("readKsuid", ""),
        no_limit: "-1",
        booleans: ["false", "true"],
        quoted: super::quoted,
    };

    /// A text field's `maxLength`, or the language's "no limit".
    pub(crate) fn limit(&self, max_length: Option<u32>) -> String {
        max_length.map_or_else(|| self.no_limit.to_string(), |m| m.to_string())
    }

    pub(crate) fn boolean(&self, b: bool) -> &'static str {
        self.booleans[usize::from(b)]
    }

    /// The expression that reads `field`, of `kind`, from the cursor `r`.
    pub(crate) fn call(&self, kind: &Kind, field: &str) -> String {
        let b = |v: bool| self.boolean(v);
        let segment = match fixed_len(kind) {
            Some(n) => format!("{}({n}, {})", self.fixed, (self.quoted)(field)),
            None => self.rest.to_string(),
        };
        match kind {
            Kind::Text { case, max_length } => format!(
                "{}({segment}, {}, {})",
                self.text,
                case_literal(*case),
                self.limit(*max_length)
            ),
            Kind::Uint { width, desc } | Kind::Epoch { width, desc, .. } => {
                format!("{}({segment}, {width}, {})", self.uint, b(*desc))
            }
            Kind::Int { width, desc } => format!("{}({segment}, {width}, {})", self.int, b(*desc)),
            Kind::Decimal {
                width,
                scale,
                signed,
                desc,
            } => format!(
                "{}({segment}, {width}, {scale}, {}, {})",
                self.decimal,
                b(*signed),
                b(*desc)
            ),
            Kind::Iso { desc, format } => format!("{}({segment}, {}{})", self.iso, b(*desc), super::iso_args(format)),
            Kind::Ulid { desc } => format!("{}({segment}, {}{})", self.ulid.0, b(*desc), self.ulid.1),
            Kind::Ksuid { desc } => format!("{}({segment}, {}{})", self.ksuid.0, b(*desc), self.ksuid.1),
        }
    }
}
