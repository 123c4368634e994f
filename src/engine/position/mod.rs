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

use std::fmt;

use crate::engine::card::{Card, Suit};
use crate::engine::cardset::CardSet;
use crate::engine::deal::{Deal, Exchange, Give};
use crate::engine::error::PositionError;
use crate::engine::moves::Move;
use crate::engine::rules::{Musik, Players, Rules, TrumpRule};
use crate::engine::seat::Seat;
use crate::engine::state::State;

mod fields;
mod history;
mod snapshot;
mod write;

pub(crate) use fields::*;
pub use history::BadMove;

/// Reads an exchange as the notation writes it (`9S JC`: the card to L,
/// then to R; three discards under `musik=discard`; the chosen trump last
/// under `trump=chosen`) and checks it against `deal`.
pub fn parse_exchange(text: &str, rules: &Rules, deal: &Deal) -> Result<Exchange, String> {
    history::parse_exchange(text, rules, deal).map(|(e, _)| e)
}
use history::*;
use snapshot::*;
#[cfg(test)]
use write::*;

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
    /// its number in the input, from 1 (as in [`PositionError`]).
    pub fn name(&self, index: usize) -> String {
        self.id.clone().unwrap_or_else(|| format!("#{index}"))
    }

    /// A position from a deal and an optional exchange, as the command line
    /// gives them (`--deal "…" --exchange "9S QC"`). Errors name `<arg>`.
    pub fn from_deal_text(
        deal: &str,
        exchange: Option<&str>,
        rules: Rules,
    ) -> Result<Position, PositionError> {
        let mut pairs = vec![("deal", deal)];
        if let Some(x) = exchange {
            pairs.push(("exchange", x));
        }
        Position::from_pairs(&pairs, rules)
    }

    /// A position from `(key, value)` pairs, read and checked as the lines of
    /// a block would be (all on line 1 of `<arg>`). `rules` applies unless the
    /// pairs hold a `rules` key.
    pub fn from_pairs(pairs: &[(&str, &str)], rules: Rules) -> Result<Position, PositionError> {
        let lines: Vec<Line> = pairs
            .iter()
            .map(|(k, v)| Line {
                number: 1,
                text: format!("{k}: {v}"),
            })
            .collect();
        parse_block(&lines, 1, ARG, rules)
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

/// The source name of positions given on the command line.
const ARG: &str = "<arg>";

/// Reads every position in `text`, one result per position, so that one bad
/// position does not hide the others. `source` names the text in errors.
pub fn parse_positions(text: &str, source: &str) -> Vec<Result<Position, PositionError>> {
    parse_positions_with(text, source, Rules::STANDARD)
}

/// As [`parse_positions`], with `rules` for positions that have no `rules:`.
pub fn parse_positions_with(
    text: &str,
    source: &str,
    rules: Rules,
) -> Vec<Result<Position, PositionError>> {
    blocks(text)
        .iter()
        .enumerate()
        .map(|(i, block)| parse_block(block, i + 1, source, rules))
        .collect()
}

/// Reads every position in `text` as [`parse_positions`] does, except that a
/// history whose play goes wrong (a word that is not a card, an illegal card,
/// a card after the end) is not rejected: the position holds the moves before
/// the bad one, and the bad one comes beside it. This is what a post-mortem
/// needs: analyze what was played, then report the mistake in the record.
/// Every other error is an error as in [`parse_positions`].
///
/// ```
/// use tysiac::{parse_positions_lenient, Form, Rules, Seat};
/// let text = "deal: AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9\n\
///             exchange: 9S QC\n\
///             play: AS 9S TS | AH AD";
/// let results = parse_positions_lenient(text, "x", Rules::STANDARD);
/// let (position, bad) = results[0].as_ref().unwrap();
/// let Form::History(h) = &position.form else { panic!() };
/// assert_eq!(h.moves.len(), 4);
/// let bad = bad.as_ref().unwrap();
/// assert_eq!((bad.number, bad.seat), (5, Some(Seat::L)));
/// assert_eq!(
///     bad.error.to_string(),
///     "x:3: position #1: play: move 5, L plays AD but must play a heart (holds TH 9H)"
/// );
/// assert_eq!(
///     bad.analyze_error().message,
///     "move 5, L plays AD but must play a heart (holds TH 9H)"
/// );
/// ```
///
/// `rules` applies to positions without a `rules:` line.
pub fn parse_positions_lenient(
    text: &str,
    source: &str,
    rules: Rules,
) -> Vec<Result<(Position, Option<BadMove>), PositionError>> {
    blocks(text)
        .iter()
        .enumerate()
        .map(|(i, block)| parse_block_lenient(block, i + 1, source, rules))
        .collect()
}

/// Reads exactly one position (source `<arg>`).
pub fn parse_position(text: &str) -> Result<Position, PositionError> {
    let blocks = blocks(text);
    match blocks.as_slice() {
        [one] => parse_block(one, 1, ARG, Rules::STANDARD),
        [] => Err(PositionError {
            source: ARG.into(),
            line: 1,
            position: "#1".into(),
            key: None,
            message: "no position given".into(),
        }),
        [_, second, ..] => {
            let ctx = Context {
                source: ARG,
                name: "#2".into(),
            };
            let line = second.first().map_or(1, |l| l.number);
            Err(ctx.error(
                line,
                None,
                format!(
                    "{} positions given, expected one (a blank line ends a position)",
                    blocks.len()
                ),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comment_lines_do_not_separate_blocks() {
        let b = blocks("# head\n\nid: a\n# note\ndeal: x\n  \nid: b # tail\n");
        assert_eq!(b.len(), 2);
        assert_eq!(b[0].len(), 2);
        assert_eq!(b[0][1].number, 5);
        assert_eq!(b[1][0].text, "id: b");
    }

    #[test]
    fn play_groups_by_trick() {
        let moves: Vec<Move> = ["AS", "9S", "TS", "KH-"]
            .iter()
            .map(|m| m.parse().unwrap())
            .collect();
        assert_eq!(play_text(&moves, 3).unwrap(), "AS 9S TS | KH-");
        assert_eq!(play_text(&[], 3), None);
    }

    #[test]
    fn numbers_read_digits_only() {
        assert_eq!(parse_number("120"), Ok(120));
        assert_eq!(parse_number("99999999999999999999999"), Ok(u64::MAX));
        assert!(parse_number("+1").is_err());
        assert!(parse_number("").is_err());
    }

    #[test]
    fn sizes_fit_the_trick() {
        let h = |s: &str| s.parse::<CardSet>().unwrap();
        let rules = Rules::STANDARD;
        // L led, L and R have played: they hold one card fewer than D.
        let hands = [h("AK..."), h("9..."), h("..9.")];
        assert!(check_trick_sizes(&hands, Seat::L, 2, &rules).is_ok());
        assert!(check_trick_sizes(&hands, Seat::L, 1, &rules).is_err());
        assert!(check_trick_sizes(&hands, Seat::D, 0, &rules).is_err());
    }
}
