//! The engine: cards and card sets, seats, the rule set and its switches, a
//! hand in play (legal moves, tricks, marriages), deals and exchanges, the
//! text notation of positions, seeded random deals, and the score of a hand
//! and of a game.

pub mod card;
pub mod cardset;
pub mod contract;
pub mod deal;
pub mod error;
pub mod moves;
pub mod position;
pub mod random;
pub mod rules;
pub mod sample;
pub mod score;
pub mod seat;
pub mod state;
