//! JavaScript and TypeScript object literals as a tool's config holds them: ElectroDB's
//! `new Entity({...})`, OneTable's `const Schema = {...}`. Not a JavaScript parser: it
//! reads the data (objects, arrays, strings, numbers, booleans) and keeps anything else
//! (a function, an identifier, a call) as [`Js::Code`] with its source text, so a reader
//! can say what it did not run instead of failing on the first arrow function.

/// A value of an object literal.
#[derive(Clone, Debug, PartialEq)]
pub enum Js {
    Null,
    Bool(bool),
    /// A number as written (`6`, `-1.5`, `0x10`).
    Number(String),
    Str(String),
    Array(Vec<Js>),
    /// Properties in source order.
    Object(Vec<(String, Js)>),
    /// An expression keylab does not evaluate, as written: `() => Date.now()`, `client`.
    Code(String),
}

impl Js {
    pub fn get(&self, key: &str) -> Option<&Js> {
        match self {
            Js::Object(props) => props.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Js::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn entries(&self) -> &[(String, Js)] {
        match self {
            Js::Object(props) => props,
            _ => &[],
        }
    }

    /// A whole number written as one.
    pub fn as_u32(&self) -> Option<u32> {
        match self {
            Js::Number(n) => n.parse().ok(),
            _ => None,
        }
    }

    /// The value as JSON; Python's `True`, `False` and `None` are read as JSON's, and
    /// any other code is refused, named.
    pub fn to_json(&self) -> Result<serde_json::Value, String> {
        use serde_json::Value;
        Ok(match self {
            Js::Null => Value::Null,
            Js::Bool(b) => Value::Bool(*b),
            Js::Number(n) => serde_json::from_str(n).map_err(|_| format!("{n} is not a number JSON writes"))?,
            Js::Str(s) => Value::String(s.clone()),
            Js::Array(items) => Value::Array(items.iter().map(Js::to_json).collect::<Result<_, _>>()?),
            Js::Object(props) => Value::Object(
                (props.iter())
                    .map(|(k, v)| Ok((k.clone(), v.to_json()?)))
                    .collect::<Result<_, String>>()?,
            ),
            Js::Code(c) => match c.as_str() {
                "True" => Value::Bool(true),
                "False" => Value::Bool(false),
                "None" => Value::Null,
                _ => return Err(format!("{} is not data", self.describe())),
            },
        })
    }

    /// What the value is, for a message: `a function`, `the text "x"`.
    pub fn describe(&self) -> String {
        match self {
            Js::Null => "null".into(),
            Js::Bool(b) => b.to_string(),
            Js::Number(n) => format!("the number {n}"),
            Js::Str(s) => format!("the text {s:?}"),
            Js::Array(_) => "a list".into(),
            Js::Object(_) => "an object".into(),
            Js::Code(c) => format!("the code `{}`", crate::elide::shortened(c, 40)),
        }
    }
}

/// Every object passed as the first argument to `new NAME(` in `text` (`new Entity(`),
/// with its second argument when there is one, in source order.
pub fn constructed(text: &str, name: &str) -> Result<Vec<(Js, Option<Js>)>, String> {
    let chars: Vec<char> = text.chars().collect();
    let needle: Vec<char> = format!("new {name}").chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i + needle.len() <= chars.len() {
        let mut r = Reader { chars: &chars, at: i };
        if chars[i..].starts_with(&needle) && !r.inside_comment_or_string() {
            r.at = i + needle.len();
            r.skip_blank();
            if r.peek() == Some('(') {
                r.at += 1;
                let first = r.value()?;
                r.skip_blank();
                let second = match r.peek() {
                    Some(',') => {
                        r.at += 1;
                        r.skip_blank();
                        (r.peek() != Some(')')).then(|| r.value()).transpose()?
                    }
                    _ => None,
                };
                found.push((first, second));
                i = r.at;
                continue;
            }
        }
        i += 1;
    }
    Ok(found)
}

/// The object literal a file or a paste holds: the text itself (`{...}`), or what is
/// assigned or exported (`const Schema = {...}`, `export default {...}`) when it holds
/// one object. `marker` is a property the wanted object has (`"models"`), to pick it among
/// several.
pub fn object_holding(text: &str, marker: &str) -> Result<Option<Js>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut r = Reader { chars: &chars, at: 0 };
    while r.at < chars.len() {
        r.skip_blank();
        match r.peek() {
            Some('{') => {
                let start = r.at;
                match r.value() {
                    Ok(v @ Js::Object(_)) if v.get(marker).is_some() => return Ok(Some(v)),
                    Ok(_) => {}
                    Err(why) => {
                        r.at = start;
                        if r.at == 0 || chars[..start].iter().all(|c| c.is_whitespace()) {
                            return Err(why);
                        }
                        r.at += 1;
                    }
                }
            }
            Some('"' | '\'' | '`') => {
                r.string()?;
            }
            Some(_) => r.at += 1,
            None => break,
        }
    }
    Ok(None)
}

/// The text a plain identifier stands for when the file declares it as one:
/// `{ table }` with `const table = "shop";` above.
pub fn constant(text: &str, code: &Js) -> Option<String> {
    let Js::Code(name) = code else { return None };
    if name.is_empty() || !name.chars().all(|c| is_word(c) || c.is_ascii_digit()) {
        return None;
    }
    let chars: Vec<char> = text.chars().collect();
    ["const", "let", "var"].iter().find_map(|declare| {
        let needle = format!("{declare} {name}");
        let mut from = 0;
        while let Some(at) = text[from..].find(&needle) {
            let start = from + at + needle.len();
            from = start;
            let mut r = Reader {
                chars: &chars,
                at: text[..start].chars().count(),
            };
            r.skip_blank();
            if r.peek() != Some('=') {
                continue;
            }
            r.at += 1;
            r.skip_blank();
            if let Some('"' | '\'' | '`') = r.peek() {
                return r.string().ok();
            }
        }
        None
    })
}

struct Reader<'a> {
    chars: &'a [char],
    at: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn starts(&self, s: &str) -> bool {
        s.chars()
            .enumerate()
            .all(|(k, c)| self.chars.get(self.at + k) == Some(&c))
    }

    /// Line and column of the reader, for messages.
    fn place(&self) -> String {
        let before = &self.chars[..self.at.min(self.chars.len())];
        let line = before.iter().filter(|c| **c == '\n').count() + 1;
        let column = before.iter().rev().take_while(|c| **c != '\n').count() + 1;
        format!("line {line}, column {column}")
    }

    /// Whether the reader's position is inside a comment or a string, scanning from the
    /// start: `// new Entity(` is not an entity.
    fn inside_comment_or_string(&self) -> bool {
        let target = self.at;
        let mut r = Reader {
            chars: self.chars,
            at: 0,
        };
        while r.at < target {
            match r.peek() {
                Some('/') if r.starts("//") || r.starts("/*") => {
                    r.skip_blank();
                    if r.at > target {
                        return true;
                    }
                }
                Some('"' | '\'' | '`') => {
                    if r.string().is_err() || r.at > target {
                        return true;
                    }
                }
                _ => r.at += 1,
            }
        }
        false
    }

    fn skip_blank(&mut self) {
        loop {
            match self.peek() {
                Some(c) if c.is_whitespace() => self.at += 1,
                Some('/') if self.starts("//") => {
                    while self.peek().is_some_and(|c| c != '\n') {
                        self.at += 1;
                    }
                }
                Some('/') if self.starts("/*") => {
                    self.at += 2;
                    while self.at < self.chars.len() && !self.starts("*/") {
                        self.at += 1;
                    }
                    self.at = (self.at + 2).min(self.chars.len());
                }
                _ => return,
            }
        }
    }

    fn value(&mut self) -> Result<Js, String> {
        self.skip_blank();
        let v = match self.peek() {
            None => return Err(format!("{}: the text ends where a value was expected", self.place())),
            Some('{') => self.object()?,
            Some('[') => self.array()?,
            Some('"' | '\'' | '`') => Js::Str(self.string()?),
            Some(c) if c.is_ascii_digit() || ((c == '-' || c == '.') && self.next_is_digit()) => self.number(),
            Some(c) if is_word(c) => {
                let start = self.at;
                let word = self.word();
                let mut after = Reader {
                    chars: self.chars,
                    at: self.at,
                };
                after.skip_blank();
                let ends = matches!(after.peek(), None | Some(',' | '}' | ']' | ')'))
                    || after.starts("as ")
                    || after.starts("satisfies ");
                match word.as_str() {
                    "true" if ends => Js::Bool(true),
                    "false" if ends => Js::Bool(false),
                    "null" | "undefined" if ends => Js::Null,
                    _ => {
                        self.at = start;
                        Js::Code(self.code()?)
                    }
                }
            }
            Some('/') => Js::Code(self.regex()?),
            Some(_) => Js::Code(self.code()?),
        };
        // TypeScript's `as const`, `as Type`, `satisfies Type` change no value.
        let mut after = Reader {
            chars: self.chars,
            at: self.at,
        };
        after.skip_blank();
        if after.starts("as ") || after.starts("satisfies ") {
            self.at = after.at;
            self.code()?;
        }
        Ok(v)
    }

    fn next_is_digit(&self) -> bool {
        self.chars
            .get(self.at + 1)
            .is_some_and(|c| c.is_ascii_digit() || *c == '.')
    }

    fn number(&mut self) -> Js {
        let start = self.at;
        self.at += 1;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '.' || c == '_')
        {
            self.at += 1;
        }
        let text: String = self.chars[start..self.at].iter().filter(|c| **c != '_').collect();
        Js::Number(text)
    }

    fn word(&mut self) -> String {
        let start = self.at;
        while self.peek().is_some_and(|c| is_word(c) || c.is_ascii_digit()) {
            self.at += 1;
        }
        self.chars[start..self.at].iter().collect()
    }

    fn object(&mut self) -> Result<Js, String> {
        let open = self.place();
        self.at += 1;
        let mut props = Vec::new();
        loop {
            self.skip_blank();
            match self.peek() {
                None => return Err(format!("{open}: this object is never closed (a `}}` is missing)")),
                Some('}') => {
                    self.at += 1;
                    return Ok(Js::Object(props));
                }
                Some(',') => {
                    self.at += 1;
                    continue;
                }
                _ => {}
            }
            if self.starts("...") {
                props.push(("...".into(), Js::Code(self.code()?)));
                continue;
            }
            let key = match self.peek() {
                Some('"' | '\'' | '`') => self.string()?,
                Some('[') => {
                    let code = self.code()?;
                    props.push((code, Js::Code(String::new())));
                    continue;
                }
                Some(c) if is_word(c) || c.is_ascii_digit() => self.word(),
                Some(c) => return Err(format!("{}: {c:?} where a property name was expected", self.place())),
                None => unreachable!("handled above"),
            };
            self.skip_blank();
            match self.peek() {
                Some(':') => {
                    self.at += 1;
                    let v = self.value()?;
                    props.push((key, v));
                }
                // A method (`set(v) { ... }`) or a shorthand property (`client,`).
                Some('(') => {
                    let code = self.code()?;
                    props.push((key.clone(), Js::Code(format!("{key}{code}"))));
                }
                Some(',' | '}') => props.push((key.clone(), Js::Code(key))),
                Some(c) => {
                    return Err(format!(
                        "{}: {c:?} after the property {key:?}, where `:` was expected",
                        self.place()
                    ))
                }
                None => return Err(format!("{open}: this object is never closed (a `}}` is missing)")),
            }
        }
    }

    fn array(&mut self) -> Result<Js, String> {
        let open = self.place();
        self.at += 1;
        let mut items = Vec::new();
        loop {
            self.skip_blank();
            match self.peek() {
                None => return Err(format!("{open}: this list is never closed (a `]` is missing)")),
                Some(']') => {
                    self.at += 1;
                    return Ok(Js::Array(items));
                }
                Some(',') => self.at += 1,
                _ => items.push(self.value()?),
            }
        }
    }

    /// A quoted string's text. A template literal's `${...}` is kept as written: in a
    /// config it is a placeholder the tool reads, not JavaScript's interpolation.
    fn string(&mut self) -> Result<String, String> {
        let open = self.place();
        let quote = self.chars[self.at];
        self.at += 1;
        let mut text = String::new();
        loop {
            let Some(c) = self.peek() else {
                return Err(format!("{open}: this string is never closed (a {quote} is missing)"));
            };
            self.at += 1;
            match c {
                c if c == quote => return Ok(text),
                '\n' if quote != '`' => {
                    return Err(format!(
                        "{open}: this string is never closed on its line (a {quote} is missing)"
                    ))
                }
                '\\' => {
                    let Some(e) = self.peek() else { continue };
                    self.at += 1;
                    match e {
                        'n' => text.push('\n'),
                        't' => text.push('\t'),
                        'r' => text.push('\r'),
                        '0' => text.push('\0'),
                        'u' if self.peek() == Some('{') => {
                            let hex: String = self.chars.iter().skip(self.at + 1).take_while(|c| **c != '}').collect();
                            match u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                                Some(ch) if hex.len() <= 6 => {
                                    text.push(ch);
                                    self.at += hex.chars().count() + 2;
                                }
                                _ => {
                                    return Err(format!("{}: the escape \\u{{{hex}}} is not a character", self.place()))
                                }
                            }
                        }
                        'u' | 'x' => {
                            let len = if e == 'x' { 2 } else { 4 };
                            let hex: String = self.chars.iter().skip(self.at).take(len).collect();
                            match u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                                Some(ch) if hex.len() == len => {
                                    text.push(ch);
                                    self.at += len;
                                }
                                _ => {
                                    return Err(format!(
                                        "{}: the escape \\{e}{hex} is not one keylab reads",
                                        self.place()
                                    ))
                                }
                            }
                        }
                        '\n' => {}
                        other => text.push(other),
                    }
                }
                c => text.push(c),
            }
        }
    }

    /// A regular expression literal (`/^[0-9a-f]{32}$/i`) as written: its `"`, `,` and
    /// brackets are its own, not the object's.
    fn regex(&mut self) -> Result<String, String> {
        let open = self.place();
        let start = self.at;
        self.at += 1;
        let mut class = false;
        loop {
            match self.peek() {
                None | Some('\n') => {
                    return Err(format!(
                        "{open}: this regular expression is never closed (a / is missing)"
                    ))
                }
                Some('\\') => self.at += 1,
                Some('[') => class = true,
                Some(']') => class = false,
                Some('/') if !class => break,
                _ => {}
            }
            self.at += 1;
        }
        self.at += 1;
        while self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
            self.at += 1;
        }
        Ok(self.chars[start..self.at].iter().collect())
    }

    /// The source text of an expression up to the `,`, `}`, `]` or `)` that ends it,
    /// brackets and strings balanced.
    fn code(&mut self) -> Result<String, String> {
        let start = self.at;
        let mut depth = 0usize;
        loop {
            match self.peek() {
                None if depth == 0 => break,
                None => return Err(format!("{}: a bracket opened here is never closed", self.place())),
                Some('"' | '\'' | '`') => {
                    self.string()?;
                    continue;
                }
                Some('/') if self.starts("//") || self.starts("/*") => {
                    self.skip_blank();
                    continue;
                }
                Some('(' | '[' | '{') => depth += 1,
                Some(')' | ']' | '}') if depth == 0 => break,
                Some(')' | ']' | '}') => depth -= 1,
                Some(',') if depth == 0 => break,
                _ => {}
            }
            self.at += 1;
        }
        if self.at == start {
            let c = self.peek().map_or("the end".into(), |c| format!("{c:?}"));
            return Err(format!("{}: {c} where a value was expected", self.place()));
        }
        Ok(self.chars[start..self.at].iter().collect::<String>().trim().to_string())
    }
}

fn is_word(c: char) -> bool {
    c.is_alphabetic() || c == '_' || c == '$'
}

#[cfg(test)]
mod tests;
