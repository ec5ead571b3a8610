//! What the JS API throws: an `Error` whose message is the sentence the page shows, with
//! what a caller branches on: `code` (a stable name of the problem), and `rule` (the rule
//! a value or the design broke) and `path` (where) when they are known.

use wasm_bindgen::JsValue;

/// A problem, as the JS API throws it.
#[derive(Debug)]
pub struct Thrown {
    message: String,
    code: &'static str,
    rule: Option<&'static str>,
    path: Option<String>,
}

impl Thrown {
    /// Input that is not what the function takes: `code` says what is wrong with it.
    pub fn input(code: &'static str, message: impl Into<String>) -> Thrown {
        Thrown {
            message: message.into(),
            code,
            rule: None,
            path: None,
        }
    }

    /// The same problem, found at `path` (an argument, `options.beginsWith`, `item 3`).
    pub fn at(mut self, path: impl Into<String>) -> Thrown {
        self.path = Some(path.into());
        self
    }
}

/// A value or the design broke a rule of the codec: the rule is the code.
impl From<keylab::Error> for Thrown {
    fn from(e: keylab::Error) -> Thrown {
        let c = &e.context;
        let path = c
            .path
            .clone()
            .or_else(|| c.field.clone())
            .or_else(|| c.attribute.clone());
        Thrown {
            message: e.message(),
            code: e.kind.code(),
            rule: Some(e.kind.code()),
            path,
        }
    }
}

/// A schema with errors: every one is in the message, the first gives the code.
impl From<keylab::Errors> for Thrown {
    fn from(errors: keylab::Errors) -> Thrown {
        let message = errors.to_string();
        match errors.0.into_iter().next() {
            Some(first) => Thrown {
                message,
                ..Thrown::from(first)
            },
            None => Thrown::input("invalidSchema", message),
        }
    }
}

/// A Query input DynamoDB would refuse, with the token it stumbled on.
impl From<keylab::query::parse::ValidationError> for Thrown {
    fn from(e: keylab::query::parse::ValidationError) -> Thrown {
        let path = e.token.clone().map(|t| format!("KeyConditionExpression: {t}"));
        Thrown {
            path,
            ..Thrown::input("invalidQueryInput", e.to_string())
        }
    }
}

impl From<keylab::snippet::Error> for Thrown {
    fn from(e: keylab::snippet::Error) -> Thrown {
        Thrown::input(e.code(), e.to_string())
    }
}

impl From<Thrown> for JsValue {
    fn from(t: Thrown) -> JsValue {
        let error = js_sys::Error::new(&t.message);
        let set = |name: &str, value: JsValue| {
            // Setting a property on a fresh Error object cannot fail.
            let _ = js_sys::Reflect::set(&error, &JsValue::from_str(name), &value);
        };
        set("code", JsValue::from_str(t.code));
        if let Some(rule) = t.rule {
            set("rule", JsValue::from_str(rule));
        }
        if let Some(path) = &t.path {
            set("path", JsValue::from_str(path));
        }
        error.into()
    }
}
