//! Helpers shared by the integration tests: a brute-force reference solver and
//! a random position generator. Each test file that says `mod common;` compiles
//! its own copy, and uses only part of it, hence the `dead_code` allowance.
#![allow(dead_code)]

pub mod gen;
pub mod reference;
