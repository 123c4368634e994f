//! tysiac: a hand analyzer and double-dummy solver for Tysiąc (1000).
//!
//! The library is cut into rooms by layer, each using only those below it
//! (docs/design.md): [`engine`] (cards, rules, a hand in play, deals, the
//! notation, the score), [`game`] (redeals, the auction, the table, records),
//! the double-dummy [`solver`], one seat's [`view`], sampling [`estimate`]s
//! (how high to bid, what to give away), the computer [`players`], the
//! [`drivers`] (self-play, the arena, batch jobs, training), the
//! [`analysis`] of hands and games, and what the shells share ([`shell`]).
//! The common types are re-exported here: [`Card`], [`CardSet`], [`Rules`],
//! [`State`], [`Deal`], [`Position`], the [`Solver`] ...

pub mod analysis;
pub mod drivers;
pub mod engine;
pub mod estimate;
pub mod game;
pub mod players;
pub mod shell;
pub mod solver;
pub mod view;

pub use analysis::analyze::{analyze_play, analyze_position, Analysis};
pub use analysis::puzzle::Puzzle;
pub use engine::card::{Card, Rank, Suit};
pub use engine::cardset::CardSet;
pub use engine::deal::{Deal, Exchange, Give};
pub use engine::error::{CardError, PositionError, RulesError};
pub use engine::moves::{Move, MoveList};
pub use engine::position::{
    parse_position, parse_positions, parse_positions_lenient, parse_positions_with, BadMove, Form,
    History, Position, Setup,
};
pub use engine::rules::{
    BeatSeat, Bomb, Declare, DiscardPoints, LaidAway, LastMusik, Musik, Players, Rounding, Rules,
    TrumpFrom, TrumpRule,
};
pub use engine::score::{hand_score, Game};
pub use engine::seat::{PerSeat, Seat};
pub use engine::state::{trick_winner, Declaration, Illegal, Played, State};
pub use players::inference::Inference;
pub use players::pimc::{MoveScore, Objective, PimcOptions, Suggestion};
pub use solver::{Solution, Solver, Stats, TransTable};
pub use view::{Layout, Sampler, Seen, View, ViewError};
