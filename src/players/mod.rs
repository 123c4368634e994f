//! The computer players: how a seat plays a card, bids, exchanges and
//! announces, and how it reads the others.
//!
//! - [`player`]: the kinds of player (`dd`, `pimc:N`, `heuristic`) behind one trait;
//! - [`pimc`]: judging moves over sampled layouts that fit a seat's view;
//! - [`inference`]: the model of the others' decisions that weighs those layouts;
//! - [`bidding`]: a bidder's calls valued over layouts that fit the auction;
//! - [`computer`]: computer players at the table, every decision of a game.

pub mod bidding;
pub mod computer;
pub mod inference;
pub mod pimc;
pub mod player;
