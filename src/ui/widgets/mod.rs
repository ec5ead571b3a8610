//! Pieces the panels and the header share: labelled controls, long text cut to size,
//! keys drawn segment by segment, copy buttons, and the header's pickers and menus.

pub mod byte_view;
pub mod controls;
pub mod copy_button;
pub mod elided;
pub mod event_text;
pub mod files;
pub mod flip;
pub mod history_buttons;
pub mod import_box;
pub mod kept_box;
pub mod key_segments;
pub mod link_prompt;
pub mod menu;
pub mod messages;
pub mod new_design;
pub mod new_multi_index;
pub mod other_tab;
pub mod outcome;
pub mod preset_picker;
pub mod prompt;
pub mod scroll_cue;
pub mod tabs;
pub mod theme_toggle;
pub mod transient;
pub mod typed_input;
pub mod waiting;
