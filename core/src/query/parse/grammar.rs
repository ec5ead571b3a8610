//! The full condition grammar, so that a construct a key condition forbids (OR, NOT,
//! IN, a function) is named rather than reported as a syntax error.

use super::*;
use lex::{Comparator, Tok, Token};

/// An operand: a (possibly nested) attribute path, a value placeholder or a function.
#[derive(Clone, Debug)]
pub(super) enum Operand {
    Path {
        head: String,
        nested: bool,
        at: usize,
        token: String,
    },
    Value {
        name: String,
    },
    Call {
        name: String,
        at: usize,
    },
}

#[derive(Clone, Debug)]
pub(super) enum Expr {
    And(Box<Expr>, Box<Expr>),
    Or(usize),
    Not(usize),
    Compare {
        op: Comparator,
        left: Operand,
        right: Operand,
        at: usize,
    },
    Between {
        subject: Operand,
        lo: Operand,
        hi: Operand,
        at: usize,
    },
    In(usize),
    Function {
        name: String,
        args: Vec<Operand>,
        at: usize,
    },
}

pub(super) struct Parser<'a> {
    pub(super) tokens: Vec<Token>,
    pub(super) pos: usize,
    pub(super) src: &'a str,
    pub(super) names: Option<&'a Map<String, Value>>,
    pub(super) values: Option<&'a Map<String, Value>>,
    pub(super) used_names: BTreeSet<String>,
    pub(super) used_values: BTreeSet<String>,
}

pub(super) fn keyword(t: &Tok, word: &str) -> bool {
    matches!(t, Tok::Ident(s) if s.eq_ignore_ascii_case(word))
}

impl<'a> Parser<'a> {
    pub(super) fn peek(&self) -> &Token {
        &self.tokens[self.pos.min(self.tokens.len() - 1)]
    }
    fn next(&mut self) -> Token {
        let t = self.peek().clone();
        self.pos += 1;
        t
    }
    pub(super) fn syntax<T>(&self, t: &Token) -> Result<T, ValidationError> {
        let near: String = self.src[t.start.min(self.src.len())..].chars().take(12).collect();
        let near = if near.is_empty() {
            let from = self.src.char_indices().rev().nth(4).map_or(0, |(i, _)| i);
            self.src[from..].to_string()
        } else {
            near
        };
        fail_at(
            format!("{PREFIX}Syntax error; token: \"{}\", near: \"{near}\"", t.text),
            t.start,
            &t.text,
        )
    }
    fn expect(&mut self, want: Tok) -> Result<(), ValidationError> {
        let t = self.next();
        if t.tok == want {
            Ok(())
        } else {
            self.syntax(&t)
        }
    }

    pub(super) fn or_expr(&mut self) -> Result<Expr, ValidationError> {
        let left = self.and_expr()?;
        if keyword(&self.peek().tok, "OR") {
            let at = self.next().start;
            self.and_expr()?;
            return Ok(Expr::Or(at));
        }
        Ok(left)
    }
    fn and_expr(&mut self) -> Result<Expr, ValidationError> {
        let mut left = self.not_expr()?;
        while keyword(&self.peek().tok, "AND") {
            self.next();
            let right = self.not_expr()?;
            left = Expr::And(Box::new(left), Box::new(right));
        }
        Ok(left)
    }
    fn not_expr(&mut self) -> Result<Expr, ValidationError> {
        if keyword(&self.peek().tok, "NOT") {
            let at = self.next().start;
            self.not_expr()?;
            return Ok(Expr::Not(at));
        }
        self.primary()
    }
    fn primary(&mut self) -> Result<Expr, ValidationError> {
        if self.peek().tok == Tok::LParen {
            self.next();
            let e = self.or_expr()?;
            self.expect(Tok::RParen)?;
            return Ok(e);
        }
        let is_call = matches!(self.peek().tok, Tok::Ident(_))
            && self.tokens.get(self.pos + 1).is_some_and(|t| t.tok == Tok::LParen);
        if is_call {
            let t = self.next();
            let args = self.arguments()?;
            let call = Expr::Function {
                name: t.text.clone(),
                args,
                at: t.start,
            };
            if matches!(self.peek().tok, Tok::Op(_))
                || keyword(&self.peek().tok, "BETWEEN")
                || keyword(&self.peek().tok, "IN")
            {
                // size(...) used as an operand of a comparison.
                return self.comparison(Operand::Call {
                    name: t.text,
                    at: t.start,
                });
            }
            return Ok(call);
        }
        let left = self.operand()?;
        self.comparison(left)
    }
    fn comparison(&mut self, left: Operand) -> Result<Expr, ValidationError> {
        let t = self.next();
        match &t.tok {
            Tok::Op(op) => {
                let op = *op;
                let right = self.operand()?;
                Ok(Expr::Compare {
                    op,
                    left,
                    right,
                    at: t.start,
                })
            }
            tok if keyword(tok, "BETWEEN") => {
                let lo = self.operand()?;
                let and = self.next();
                if !keyword(&and.tok, "AND") {
                    return self.syntax(&and);
                }
                let hi = self.operand()?;
                Ok(Expr::Between {
                    subject: left,
                    lo,
                    hi,
                    at: t.start,
                })
            }
            tok if keyword(tok, "IN") => {
                self.expect(Tok::LParen)?;
                loop {
                    self.operand()?;
                    if self.peek().tok == Tok::Comma {
                        self.next();
                    } else {
                        break;
                    }
                }
                self.expect(Tok::RParen)?;
                Ok(Expr::In(t.start))
            }
            _ => self.syntax(&t),
        }
    }
    fn arguments(&mut self) -> Result<Vec<Operand>, ValidationError> {
        self.expect(Tok::LParen)?;
        let mut args = vec![self.operand()?];
        while self.peek().tok == Tok::Comma {
            self.next();
            args.push(self.operand()?);
        }
        self.expect(Tok::RParen)?;
        Ok(args)
    }
    fn name_part(&mut self, t: &Token) -> Result<String, ValidationError> {
        match &t.tok {
            Tok::Ident(word) => {
                if is_reserved(word) {
                    return fail_at(
                        format!("{PREFIX}Attribute name is a reserved keyword; reserved keyword: {word}"),
                        t.start,
                        word,
                    );
                }
                Ok(word.clone())
            }
            Tok::Name(alias) => {
                self.used_names.insert(alias.clone());
                match self.names.and_then(|m| m.get(alias)).and_then(Value::as_str) {
                    Some(real) => Ok(real.to_string()),
                    None => fail_at(
                        format!("{PREFIX}An expression attribute name used in the document path is not defined; attribute name: {alias}"),
                        t.start,
                        alias,
                    ),
                }
            }
            _ => self.syntax(t),
        }
    }
    fn operand(&mut self) -> Result<Operand, ValidationError> {
        let t = self.next();
        match &t.tok {
            Tok::Value(v) => {
                self.used_values.insert(v.clone());
                if self.values.and_then(|m| m.get(v)).is_none() {
                    return fail_at(format!("{PREFIX}An expression attribute value used in expression is not defined; attribute value: {v}"), t.start, v);
                }
                Ok(Operand::Value { name: v.clone() })
            }
            Tok::Ident(_) if self.peek().tok == Tok::LParen => {
                self.arguments()?;
                Ok(Operand::Call {
                    name: t.text.clone(),
                    at: t.start,
                })
            }
            Tok::Ident(_) | Tok::Name(_) => {
                let head = self.name_part(&t)?;
                let mut nested = false;
                loop {
                    match self.peek().tok {
                        Tok::Dot => {
                            self.next();
                            let part = self.next();
                            self.name_part(&part)?;
                            nested = true;
                        }
                        Tok::LBracket => {
                            self.next();
                            let n = self.next();
                            if !matches!(n.tok, Tok::Number(_)) {
                                return self.syntax(&n);
                            }
                            self.expect(Tok::RBracket)?;
                            nested = true;
                        }
                        _ => break,
                    }
                }
                Ok(Operand::Path {
                    head,
                    nested,
                    at: t.start,
                    token: t.text.clone(),
                })
            }
            _ => self.syntax(&t),
        }
    }
}
