//! Designs to and from the tools people already use. Reading a design out of their
//! files is [`crate::infer`]'s job (their keys are what a design is read from); this
//! writes a keylab design in their formats.

pub mod electrodb;
pub mod workbench;
