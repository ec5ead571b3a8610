//! The ids of the document's parts: an entity, a sample item, a typed setting. Each is
//! its own type, so an item's number can never be passed where an entity's is meant,
//! and a setting's key is a value with parts rather than a formatted string.

use keylab::schema::{Entity, Schema};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// An entity of the design, by its place among the schema's entities.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct EntityId(pub usize);

impl EntityId {
    /// The design's entity at this place, while the design has it.
    pub fn of(self, schema: &Schema) -> Option<&Entity> {
        schema.entities.get(self.0)
    }
}

/// A sample item, by its place among the items (the table's row, counted from 0; the
/// page numbers them from 1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ItemId(pub usize);

impl fmt::Display for ItemId {
    /// As the page numbers items: `#1` is the first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0 + 1)
    }
}

/// What the workbench edits: an entity, and one key attribute's template of it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Focus {
    pub entity: EntityId,
    /// The key attribute as chosen; see [`Focus::attribute`] for the one edited.
    pub attribute: String,
}

impl Focus {
    /// The focused entity, while the design has it.
    pub fn entity<'a>(&self, schema: &'a Schema) -> Option<&'a Entity> {
        self.entity.of(schema)
    }

    /// The attribute whose template the page edits: the chosen one while the table has
    /// it, else the table's sort key, or its partition key when it has none.
    pub fn attribute(&self, schema: &Schema) -> String {
        if schema.table.attribute_type(&self.attribute).is_some() {
            return self.attribute.clone();
        }
        let p = &schema.table.primary;
        p.sort.clone().unwrap_or_else(|| p.partition.clone())
    }
}

/// A GSI of the table, by name; where the base table is meant, `Option<IndexName>` is
/// `None` (never an empty name).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct IndexName(pub String);

impl IndexName {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for IndexName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A built-in design from the seed articles (the app's presets), as the work
/// remembers which one it started from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PresetId {
    Leaderboard,
    Iot,
    Saas,
    Tickets,
    Orders,
    OrderStatus,
    Casing,
    Migration,
}

impl PresetId {
    pub const ALL: [PresetId; 8] = [
        PresetId::Leaderboard,
        PresetId::Iot,
        PresetId::Saas,
        PresetId::Tickets,
        PresetId::Orders,
        PresetId::OrderStatus,
        PresetId::Casing,
        PresetId::Migration,
    ];

    /// Its name in saved work, links and the preset files (`presets/<name>.json`).
    pub fn as_str(self) -> &'static str {
        match self {
            PresetId::Leaderboard => "leaderboard",
            PresetId::Iot => "iot",
            PresetId::Saas => "saas",
            PresetId::Tickets => "tickets",
            PresetId::Orders => "orders",
            PresetId::OrderStatus => "order-status",
            PresetId::Casing => "casing",
            PresetId::Migration => "migration",
        }
    }

    /// The preset of a saved name; `None` for a name no preset has.
    pub fn named(name: &str) -> Option<PresetId> {
        PresetId::ALL.into_iter().find(|p| p.as_str() == name)
    }
}

impl fmt::Display for PresetId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a typed setting belongs to, within one entity.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SettingOf {
    /// The entity itself (its name).
    Entity,
    /// One of its fields, by name: stable while segments move.
    Field(String),
    /// The literal segment at this place of the edited template.
    Literal(usize),
    /// Its expected traffic.
    Traffic,
    /// A control that keeps no setting of its own (a sample value, the separator), by
    /// its id: what it could not apply is still kept and said, never dropped.
    Control(String),
}

/// The key of a setting typed but not applicable yet (see [`super::Unsettled`]):
/// which entity, which part of it, which setting.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SettingKey {
    pub entity: EntityId,
    pub of: SettingOf,
    /// The setting's name, as its control names it (`width`, `name`, `writes`).
    pub setting: String,
}

impl SettingKey {
    pub fn new(entity: EntityId, of: SettingOf, setting: &str) -> SettingKey {
        SettingKey {
            entity,
            of,
            setting: setting.to_string(),
        }
    }
}

/// As saved with the work: `entity/part/setting`, the part being a field's name, `#i`
/// for a literal, `traffic`, or empty for the entity itself. Kept so that work saved
/// before the key was typed still reads.
impl fmt::Display for SettingKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let of = match &self.of {
            SettingOf::Entity => String::new(),
            SettingOf::Field(name) => name.clone(),
            SettingOf::Literal(i) => format!("#{i}"),
            SettingOf::Traffic => "traffic".into(),
            SettingOf::Control(id) => format!("@{id}"),
        };
        write!(f, "{}/{of}/{}", self.entity.0, self.setting)
    }
}

impl std::str::FromStr for SettingKey {
    type Err = String;

    /// The saved form back; a field's name may itself hold `/`, so the entity is what
    /// comes before the first and the setting what comes after the last.
    fn from_str(text: &str) -> Result<SettingKey, String> {
        let bad = || format!("{text:?} is not a setting's key (entity/part/setting)");
        let (entity, rest) = text.split_once('/').ok_or_else(bad)?;
        let (of, setting) = rest.rsplit_once('/').ok_or_else(bad)?;
        let entity = EntityId(entity.parse().map_err(|_| bad())?);
        let of = match of {
            "" => SettingOf::Entity,
            "traffic" => SettingOf::Traffic,
            _ => match (of.strip_prefix('#').and_then(|i| i.parse().ok()), of.strip_prefix('@')) {
                (Some(i), _) => SettingOf::Literal(i),
                (None, Some(id)) => SettingOf::Control(id.to_string()),
                (None, None) => SettingOf::Field(of.to_string()),
            },
        };
        Ok(SettingKey::new(entity, of, setting))
    }
}

impl Serialize for SettingKey {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for SettingKey {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SettingKey, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_setting_key_reads_back_as_saved() {
        let keys = [
            SettingKey::new(EntityId(0), SettingOf::Field("score".into()), "width"),
            SettingKey::new(EntityId(2), SettingOf::Field("a/b".into()), "name"),
            SettingKey::new(EntityId(1), SettingOf::Literal(3), "literal"),
            SettingKey::new(EntityId(0), SettingOf::Traffic, "writes"),
            SettingKey::new(EntityId(4), SettingOf::Entity, "name"),
            SettingKey::new(EntityId(0), SettingOf::Control("separator".into()), "value"),
        ];
        for key in keys {
            let saved = key.to_string();
            assert_eq!(saved.parse::<SettingKey>(), Ok(key.clone()), "{saved}");
            let json = serde_json::to_string(&key).unwrap();
            assert_eq!(serde_json::from_str::<SettingKey>(&json).unwrap(), key);
        }
        assert_eq!(
            "0/score/width".parse::<SettingKey>().map(|k| k.of),
            Ok(SettingOf::Field("score".into()))
        );
        for bad in ["", "score", "x/score/width", "0/width"] {
            assert!(bad.parse::<SettingKey>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_preset_reads_back_by_its_name() {
        for p in PresetId::ALL {
            assert_eq!(PresetId::named(p.as_str()), Some(p));
        }
        assert_eq!(PresetId::named("Leaderboard"), None);
    }
}
