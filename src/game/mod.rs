//! The whole game: the auction, hands played one after another, the score
//! sheet, until a player reaches the game's target (docs/rules.md, *The
//! auction* and *A game*; docs/game.md).
//!
//! - [`auction`]: calls, who may bid what, who wins;
//! - [`redeal`]: who may ask for a new deal;
//! - [`table`]: the game as a state machine of [`Turn`]s and [`Action`]s;
//! - [`record`]: a game written down and read back (text and JSON);
//! - [`seen`]: the table as one player sees it (for the web page);
//!
//! The computer players who sit at the table are in
//! [`crate::players::computer`]; whole games between them in
//! [`crate::drivers::arena`]; a game reviewed in [`crate::analysis::postmortem`].

pub mod auction;
pub mod record;
pub mod redeal;
pub mod seen;
pub mod table;
pub mod words;

pub use auction::{bid_cap, Auction, Call};
pub use table::{Action, ActionError, Decision, HandLog, Table, Turn};
