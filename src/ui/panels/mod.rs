//! The sections of the workbench, and the parts only they use.

pub mod attribute_picker;
pub mod collection_view;
pub mod definitions_panel;
pub mod entity_picker;
pub mod hit_list;
pub mod inspector;
pub mod key_code;
pub mod key_lists;
pub mod lint_list;
pub mod masthead;
pub mod number_vs_string;
pub mod paste_box;
pub mod paste_items;
pub mod preview_panel;
pub mod query_band;
pub mod query_line;
pub mod query_panel;
pub mod samples_table;
pub mod schema_editor;
pub mod segment_chips;
pub mod segment_row;
pub mod side_by_side;
pub mod snippet_panel;
pub mod template_editor;
pub mod version_compare;
pub mod views;
