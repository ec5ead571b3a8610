//! The sentence that says what a built query returns, in what order, and what else it
//! can reach.

use super::{AccessPattern, Parent, Sorted};
use crate::codec::KeyValue;
use crate::query::{KeyCondition, Query};
use crate::schema::{Entity, FieldKind, Order};

/// "an Order" / "an Order or a Line": who writes a key.
fn written_by(entities: &[String]) -> String {
    let one = |name: &String| {
        let vowel = name.chars().next().is_some_and(|c| "AEIOUaeiou".contains(c));
        format!("{} {name}", if vowel { "an" } else { "a" })
    };
    entities.iter().map(one).collect::<Vec<_>>().join(" or ")
}

/// The page size, when it is not just the number of items promised: `, 2 per page`.
/// A pattern that promises N items asks for N a page unless told otherwise, so then the
/// page size says nothing the first words ("the first N") did not.
pub(super) fn per_page(query: &Query) -> String {
    match (query.limit, query.max_items) {
        (Some(l), n) if n != Some(l) => format!(", {l} per page"),
        _ => String::new(),
    }
}

/// "the first 3 " when the pattern promises a number of items, else nothing.
fn first(query: &Query) -> String {
    query.max_items.map(|n| format!("the first {n} ")).unwrap_or_default()
}

/// The order the items come in, by value: `, score highest first`.
fn order(sorted: &Sorted, forward: bool) -> String {
    let Some(f) = &sorted.order_field else {
        return if forward {
            ", in sort-key order"
        } else {
            ", in reverse sort-key order"
        }
        .to_string();
    };
    let ascending_values = (f.kind.order() == Order::Asc) == forward;
    let timed = matches!(
        f.kind,
        FieldKind::Timestamp { .. } | FieldKind::Ulid { .. } | FieldKind::Ksuid { .. }
    );
    let phrase = match (timed, ascending_values, matches!(f.kind, FieldKind::Text { .. })) {
        (true, true, _) => "oldest first",
        (true, false, _) => "newest first",
        (_, true, true) => "in byte order",
        (_, false, true) => "in reverse byte order",
        (_, true, false) => "lowest first",
        (_, false, false) => "highest first",
    };
    format!(", {} {phrase}", f.name)
}

pub(super) fn explain(
    entity: &Entity,
    pattern: &AccessPattern,
    pk: &KeyValue,
    sorted: &Sorted,
    query: &Query,
    also: &[String],
) -> String {
    let mut s = format!(
        "Returns {}{} items in partition {}",
        first(query),
        entity.name,
        pk.as_str()
    );
    if let Some(ix) = &pattern.index {
        s.push_str(&format!(" of index {ix}"));
    }
    if !sorted.described.is_empty() {
        s.push_str(" whose ");
        s.push_str(&sorted.described.join(" and "));
    }
    if pattern.sort.is_none() {
        let whole = match query.max_items {
            Some(n) => format!("the first {n} items of the whole item collection"),
            None => "the whole item collection".to_string(),
        };
        s = format!("Returns {whole} in partition {} (every entity in it)", pk.as_str());
    } else if let Some(KeyCondition::BeginsWith(p)) = &sorted.condition {
        // State the prefix rule where it applies: under a prefix means under the
        // prefix and the separator, so `ORDER` never reaches `ORDERLINE#…`.
        s.push_str(&format!(" (sort key under {})", p.as_str()));
    } else if let Parent::Included(p) = &sorted.parent {
        s.push_str(&format!(" (sort key under {}{})", p.key, sorted.separator));
    }
    let forward = pattern.scan_index_forward;
    if let Parent::Included(p) = &sorted.parent {
        s.push_str(&format!(
            ", with the parent item (sort key {}, {}) {}",
            p.key,
            written_by(&p.entities),
            if forward { "first" } else { "last" }
        ));
    }
    let exact = matches!(query.sort, Some((_, KeyCondition::Eq(_))));
    if !exact {
        s.push_str(&order(sorted, forward));
    }
    s.push_str(&per_page(query));
    if let Parent::Asked(p) = &sorted.parent {
        s.push_str(&format!(", leaving out the parent item (sort key {})", p.key));
    }
    s.push('.');
    if let Parent::Apart(p) = &sorted.parent {
        s.push_str(&format!(
            " The parent item (sort key {}, {}) is left out: a condition that reached it would also reach keys that start with {} followed by a character below {:?}, which a value can hold. Read it with GetItem.",
            p.key,
            written_by(&p.entities),
            p.key,
            sorted.separator
        ));
    }
    for note in &sorted.notes {
        s.push(' ');
        s.push_str(note);
    }
    s.push_str(&others(entity, sorted, also));
    s
}

/// What else the query can return: the entities `also` whose sort keys can fall in the
/// same range, and how to keep them apart.
fn others(entity: &Entity, sorted: &Sorted, also: &[String]) -> String {
    if also.is_empty() {
        return String::new();
    }
    let names = also.join(", ");
    if sorted.head.is_empty() {
        format!(
            " It can also return {names} items: their sort keys can fall in the same range. Start {}'s sort key with a literal of its own (such as {}) to keep them apart.",
            entity.name,
            entity.name.to_uppercase()
        )
    } else {
        format!(
            " It can also return {names} items: their sort keys can start with {}{} too.",
            sorted.head, sorted.separator
        )
    }
}
