//! Why a design could not be read: from a file ([`ReadError`]), or from a table's
//! items ([`InferError`]).

use super::format::Format;

/// Why no design could be read from a text.
#[derive(Clone, Debug, PartialEq)]
pub enum ReadError {
    /// The text is marked as a format (`by`: what marks it), but that format's reader
    /// refused it: why.
    Marked {
        format: Format,
        by: &'static str,
        why: String,
    },
    /// Nothing marks the text, and each format's reader refused it: why, in the order
    /// tried.
    Unmarked { tried: Vec<(Format, String)> },
    /// The format's reader refused it: why.
    Refused { format: Format, why: String },
    /// It holds more items than the reader takes (the page's limit): read it with the
    /// command line instead.
    TooManyItems { format: Format, items: usize, max: usize },
    /// It was read, but its items give no design.
    Infer(InferError),
}

impl ReadError {
    /// A stable name for the kind of problem, for callers that branch on it.
    pub fn code(&self) -> &'static str {
        match self {
            ReadError::Marked { .. } => "marked",
            ReadError::Unmarked { .. } => "unrecognised",
            ReadError::Refused { .. } => "refused",
            ReadError::TooManyItems { .. } => "tooManyItems",
            ReadError::Infer(_) => "noDesign",
        }
    }

    /// The reader's own reason, without what the format was.
    pub(super) fn why(&self) -> std::borrow::Cow<'_, str> {
        match self {
            ReadError::Refused { why, .. } | ReadError::Marked { why, .. } => why.into(),
            other => other.to_string().into(),
        }
    }
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Marked { format, by, why } => {
                write!(f, "it looks like {} (it has {by}), but {why}", format.what())
            }
            ReadError::Unmarked { tried } => {
                // One line per format: the page shows the lines as they are.
                let lines: Vec<String> = (tried.iter())
                    .map(|(format, why)| format!("as {}: {why}", format.what()))
                    .collect();
                write!(
                    f,
                    "nothing in it says which format it is in, and keylab read it as each in turn:\n{}",
                    lines.join(";\n")
                )
            }
            ReadError::Refused { why, .. } => f.write_str(why),
            ReadError::TooManyItems { format, items, max } => write!(
                f,
                "it holds {items} items, more than the page's {max}: read it with `keylab import --from {}`",
                format.name()
            ),
            ReadError::Infer(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ReadError {}

/// Why no design can be read from a table's items.
#[derive(Clone, Debug, PartialEq)]
pub enum InferError {
    /// No items, and no design stated beside them.
    NoItems,
    /// No attribute can be the table's keys: why, and what to name.
    TableKeys(String),
    /// A key attribute's values are not one of S and N: which item, and why.
    KeyTypes(String),
    /// The design read from the items refuses them: why.
    Refused(String),
    /// The design read is not usable (the schema check's errors).
    Unusable(crate::Errors),
}

impl InferError {
    /// A stable name for the kind of problem, for callers that branch on it.
    pub fn code(&self) -> &'static str {
        match self {
            InferError::NoItems => "noItems",
            InferError::TableKeys(_) => "tableKeys",
            InferError::KeyTypes(_) => "keyTypes",
            InferError::Refused(_) => "refused",
            InferError::Unusable(_) => "unusable",
        }
    }
}

impl std::fmt::Display for InferError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            InferError::NoItems => f.write_str("there are no items to read a design from"),
            InferError::TableKeys(why) | InferError::KeyTypes(why) | InferError::Refused(why) => f.write_str(why),
            InferError::Unusable(e) => write!(f, "the design read is not usable: {e}"),
        }
    }
}

impl std::error::Error for InferError {}
