//! Drivers: many games or hands run for a purpose.
//!
//! - [`selfplay`]: computer players play seeded deals beside their double-dummy values;
//! - [`arena`]: whole games between computer players, with statistics;
//! - [`training`]: fitting the inference model on self-play and checking it;
//! - [`batch`]: bid tables over many hands, in shards, resumable.

pub mod arena;
pub mod batch;
pub mod selfplay;
pub mod training;
