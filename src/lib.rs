//! tysiac: a hand analyzer and double-dummy solver for Tysiąc (1000).
//!
//! The layers, bottom up: [`Card`] and [`CardSet`]; [`Rules`] (every switch of
//! docs/rules.md); [`State`] (a hand in play, legal moves and their effects);
//! [`Deal`] and [`Position`] (the text notation); the [`Solver`]; on top of
//! it the post-mortem of a played hand ([`analyze`]), the scoring of hands
//! and games ([`score`]), puzzles with one winning move ([`puzzle`]), and
//! sampling estimates ([`estimate`]: how high to bid, what to give away).

pub mod analyze;
pub mod batch;
pub mod card;
pub mod cardset;
pub mod deal;
pub mod error;
pub mod estimate;
pub mod game;
pub mod inference;
pub mod json;
pub mod moves;
pub mod pimc;
pub mod player;
pub mod position;
pub mod puzzle;
pub mod random;
pub mod review;
pub mod rules;
pub mod score;
pub mod seat;
pub mod selfplay;
#[cfg(feature = "server")]
pub mod server;
pub mod solver;
pub mod state;
pub mod view;
pub mod words;

pub use analyze::{analyze_play, analyze_position, Analysis};
pub use card::{Card, Rank, Suit};
pub use cardset::CardSet;
pub use deal::{Deal, Exchange, Give};
pub use error::{CardError, PositionError, RulesError};
pub use inference::Inference;
pub use moves::{Move, MoveList};
pub use pimc::{MoveScore, Objective, PimcOptions, Suggestion};
pub use position::{
    parse_position, parse_positions, parse_positions_lenient, parse_positions_with, BadMove, Form,
    History, Position, Setup,
};
pub use puzzle::Puzzle;
pub use rules::{
    BeatSeat, Bomb, Declare, DiscardPoints, LaidAway, LastMusik, Musik, Players, Rounding, Rules,
    TrumpFrom, TrumpRule,
};
pub use score::{hand_score, Game};
pub use seat::{PerSeat, Seat};
pub use solver::{Solution, Solver, Stats, TransTable};
pub use state::{trick_winner, Declaration, Illegal, Played, State};
pub use view::{Layout, Sampler, Seen, View, ViewError};
