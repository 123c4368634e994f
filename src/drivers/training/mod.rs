//! Fitting the model of the others' decisions ([`crate::players::inference`])
//! from the project's own games, and checking it.

pub mod calibrate;
pub mod check;
pub mod data;
#[cfg(feature = "train")]
pub mod train;
