//! `keylab migrate --emit checks`: per item, what the collision and order checks of
//! [`super::checks`] read, so that the same checks run as SQL ([`CHECKS_SQL`]) over
//! files of any size, on an engine a user already has (DuckDB on a laptop, Athena over
//! the export's bucket), instead of in one process's memory.

use super::Rekeyed;
use crate::codec::KeyValue;
use crate::schema::KeySchema;
use serde::Serialize;

/// The checks as SQL over a table `migrate_checks` of [`CheckRecord`]s: new table keys
/// that collide, then neighbours of an item collection whose order the change swaps.
/// Written for both DuckDB and Trino (Athena): windows spelled out, no dialect's extras.
pub const CHECKS_SQL: &str = include_str!("checks.sql");

/// One item's record. String keys are compared by their UTF-8 bytes, which every SQL
/// engine's text order is (it is code point order); a Number key also carries its
/// [`crate::codec::Number::ordered_text`] in `*_sort`, which the SQL orders by instead.
#[derive(Debug, PartialEq, Serialize)]
pub struct CheckRecord<'r> {
    /// The input this item came from, when a table's export is many files checked together.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub part: Option<&'r str>,
    pub line: usize,
    pub entity: &'r str,
    pub old_pk: &'r str,
    pub old_sk: Option<&'r str>,
    pub new_pk: &'r str,
    pub new_sk: Option<&'r str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub old_sort: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub new_sort: Option<String>,
}

impl<'r> CheckRecord<'r> {
    /// The record of item `line`, or none when it lacks a table's partition key under
    /// either design (the in-memory checks skip it too).
    pub fn of(
        part: Option<&'r str>,
        line: usize,
        item: &'r Rekeyed,
        old_table: &KeySchema,
        new_table: &KeySchema,
    ) -> Option<CheckRecord<'r>> {
        let old_sk = old_table.sort.as_deref().and_then(|a| item.old_key(a));
        let new_sk = new_table.sort.as_deref().and_then(|a| item.new_key(a));
        let ordered = |k: Option<&KeyValue>| match k {
            Some(KeyValue::N(n)) => Some(n.ordered_text()),
            _ => None,
        };
        Some(CheckRecord {
            part,
            line,
            entity: item.entity,
            old_pk: item.old_key(&old_table.partition)?.as_str(),
            old_sk: old_sk.map(KeyValue::as_str),
            new_pk: item.new_key(&new_table.partition)?.as_str(),
            new_sk: new_sk.map(KeyValue::as_str),
            old_sort: ordered(old_sk),
            new_sort: ordered(new_sk),
        })
    }
}
