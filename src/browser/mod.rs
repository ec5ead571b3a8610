//! The page's contact with the browser outside the DOM it renders: storage, share
//! links, and how the page boots. No Yew here: the UI calls in, never the reverse.

pub mod autosave;
pub mod boot;
pub mod link;
pub mod pack;
pub mod runtimes;
pub mod second_module;
pub mod services;
pub mod storage;
pub mod versions;
