//! tysiac: a hand analyzer and double-dummy solver for Tysiąc (1000).
//!
//! The layers, bottom up: [`Card`] and [`CardSet`]; [`Rules`] (every switch of
//! RULES.md); [`State`] (a hand in play, legal moves and their effects);
//! [`Deal`] and [`Position`] (the text notation); the [`Solver`]; sampling
//! estimates over it ([`estimate`]: how high to bid, what to give away).

pub mod card;
pub mod cardset;
pub mod deal;
pub mod error;
pub mod estimate;
pub mod moves;
pub mod random;
pub mod rules;
pub mod seat;
pub mod solver;
pub mod state;

pub use card::{Card, Rank, Suit};
pub use cardset::CardSet;
pub use deal::{Deal, Exchange};
pub use error::{CardError, PositionError, RulesError};
pub use moves::{Move, MoveList};
pub use rules::{Bomb, Declare, DiscardPoints, Musik, Rounding, Rules, TrumpRule};
pub use seat::Seat;
pub use solver::{Solver, Stats, TransTable};
pub use state::{trick_winner, Declaration, Played, State};
