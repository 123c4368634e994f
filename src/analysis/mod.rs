//! Analyses: what happened in a hand or a game, and what was best.
//!
//! - [`analyze`]: a hand's post-mortem, double-dummy, card by card;
//! - [`review`]: a hand judged from each seat's own view (`analyze --view`);
//! - [`postmortem`]: a whole game reviewed, decision by decision;
//! - [`puzzle`]: positions with one winning move.

pub mod analyze;
pub mod postmortem;
pub mod puzzle;
pub mod review;
