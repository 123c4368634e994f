//! Positions in the text notation of docs/notation.md: blocks of `key: value`
//! lines, read into a checked [`Position`] and written back canonically.
//!
//! A position comes in one of two forms. The *history* form gives the deal and
//! everything since (exchange, cards played); the *snapshot* form gives a hand
//! in the middle of play as a puzzle would. Reading either checks it fully:
//! every card once, hand sizes, the exchange, every card played.
//!
//! ```
//! use tysiac::{parse_position, Setup};
//! let p = parse_position(
//!     "id: example-1
//!      deal: AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9
//!      exchange: 9S QC
//!      play: AS 9S TS | AH 9H JH | KH",
//! )
//! .unwrap();
//! let Setup::Play(state) = p.setup() else { panic!() };
//! assert_eq!(state.trick().len(), 1);
//! assert_eq!(p.to_string().lines().last(), Some("play: AS 9S TS | AH 9H JH | KH"));
//! ```

use crate::engine::deal::{Deal, Exchange};
use crate::engine::moves::Move;
use crate::engine::rules::Rules;
use crate::engine::state::State;

mod fields;
mod history;
mod parse;
mod snapshot;
mod write;

pub(crate) use fields::{
    block_name, blocks, number_field, parse_id, read_fields, Context, Fields, Line,
};
pub use history::BadMove;
pub(crate) use parse::build;
pub use parse::{
    parse_exchange, parse_position, parse_positions, parse_positions_lenient, parse_positions_with,
};

/// What there is to solve in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setup {
    /// A deal whose musik is unseen and no exchange given (and no play):
    /// solved over every exchange.
    Musik(Deal),
    /// A hand in play (after replaying the history, or the snapshot).
    Play(State),
}

/// One position: its keys common to both forms, and the form itself.
#[derive(Clone, Debug)]
pub struct Position {
    /// The `id:` line, if any.
    pub id: Option<String>,
    /// The rule set (`rules:`, `standard` by default).
    pub rules: Rules,
    /// The declarer's contract (`contract:`).
    pub contract: Option<u16>,
    /// The declarer's double-dummy total at the end of the hand (`expect:`).
    pub expect: Option<u16>,
    /// 1-based line where the position starts in its source (its first
    /// `key: value` line). Not compared by `==`: it says where the position
    /// was read, not what it is.
    pub line: usize,
    /// The history or the snapshot.
    pub form: Form,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.id == other.id
            && self.rules == other.rules
            && self.contract == other.contract
            && self.expect == other.expect
            && self.form == other.form
    }
}

impl Eq for Position {}

/// The two forms of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Form {
    /// The whole hand from the deal on.
    History(History),
    /// Snapshot form: the state as given.
    Snapshot(State),
}

/// A hand from the deal on: the deal, the exchange and the cards played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    /// The deal with its musik, when the deal was written 7 7 7 + 3.
    pub deal: Option<Deal>,
    /// The exchange, when given.
    pub exchange: Option<Exchange>,
    /// The state at the first lead (after the exchange, or the 8 8 8 deal;
    /// with trump=chosen and an 8 8 8 deal, its `trump:` line sets the trump).
    /// None for a musik deal without exchange.
    pub start: Option<State>,
    /// The cards played from the first lead, each legal at its moment.
    pub moves: Vec<Move>,
}

impl History {
    /// The state after every move, or `None` before the exchange.
    /// The moves must be legal, as reading a position guarantees.
    pub fn state(&self, rules: &Rules) -> Option<State> {
        let mut state = self.start?;
        for &mv in &self.moves {
            state.play(rules, mv);
        }
        Some(state)
    }
}

impl Position {
    /// What to solve now: the state reached, or the deal when the exchange is
    /// still to be chosen.
    ///
    /// # Panics
    /// On a hand-built history with neither a deal nor a start state (reading
    /// never gives one).
    pub fn setup(&self) -> Setup {
        match &self.form {
            Form::Snapshot(state) => Setup::Play(*state),
            Form::History(h) => match (h.state(&self.rules), h.deal) {
                (Some(state), _) => Setup::Play(state),
                (None, Some(deal)) => Setup::Musik(deal),
                (None, None) => panic!("a history holds a deal or a start state"),
            },
        }
    }

    /// The position's name in messages: its id, or `#index` where `index` is
    /// its number in the input, from 1 (as in [`PositionError`](crate::PositionError)).
    pub fn name(&self, index: usize) -> String {
        self.id.clone().unwrap_or_else(|| format!("#{index}"))
    }

    /// The snapshot position of `state` (e.g. a state reached in play).
    pub fn from_state(rules: Rules, state: &State) -> Position {
        // What a snapshot can say: nothing waits for a later trick. (A
        // trick's unused slots are always clear: `State::play` keeps them so.)
        let clean = State {
            pending_trump: None,
            pending_points: [0; 3],
            ..*state
        };
        Position {
            id: None,
            rules,
            contract: None,
            expect: None,
            line: 1,
            form: Form::Snapshot(clean),
        }
    }
}
