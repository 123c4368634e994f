//! Helpers shared by the integration tests: a brute-force reference solver,
//! a random position generator, the uniformity tests' statistics, and the
//! browser tests' processes (`web`, which `benches/web.rs` shares too).
//! Each test file that says `mod common;` compiles its own copy, and uses
//! only part of it, hence the `dead_code` allowance.
#![allow(dead_code)]

pub mod gen;
pub mod reference;
pub mod solver_check;
pub mod terminal;
pub mod uniformity;
pub mod web;
