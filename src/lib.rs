//! tysiac: a hand analyzer and double-dummy solver for Tysiąc (1000).
//!
//! The layers, bottom up: [`Card`] and [`CardSet`]; [`Rules`] (every switch of
//! docs/rules.md); [`State`] (a hand in play, legal moves and their effects);
//! [`Deal`] and [`Position`] (the text notation); the [`Solver`]; on top of
//! it the post-mortem of a played hand ([`analyze`]), the scoring of hands
//! and games ([`score`]), puzzles with one winning move ([`puzzle`]), and
//! sampling estimates ([`estimate`]: how high to bid, what to give away).

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
pub use engine::state::{trick_winner, Declaration, Played, State};
pub use players::inference::Inference;
pub use players::pimc::{MoveScore, Objective, PimcOptions, Suggestion};
pub use solver::{Solution, Solver, Stats, TransTable};
pub use view::{Layout, Sampler, Seen, View, ViewError};
