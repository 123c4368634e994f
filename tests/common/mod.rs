//! Helpers shared by the integration tests: a brute-force reference solver,
//! a random position generator and the uniformity tests' statistics. Each test file that says `mod common;` compiles
//! its own copy, and uses only part of it, hence the `dead_code` allowance.
#![allow(dead_code)]

pub mod gen;
pub mod reference;
pub mod solver_check;
pub mod terminal;
pub mod uniformity;
