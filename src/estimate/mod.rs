//! Estimates by sampling the cards the declarer cannot see, solving each
//! sample double-dummy: how high to bid with seven cards ([`bid`]), and which
//! cards to give away once the musik is taken ([`exchange`]).
//!
//! Every sample draws from its own random stream (seed, sample index) and the
//! results are combined in sample order, so a report depends on the seed and
//! the options, never on the number of threads.

pub mod bid;
pub mod exchange;
pub mod real;
pub mod stats;

use serde::Serialize;

use crate::engine::cardset::CardSet;
use crate::engine::error::CardError;
use crate::engine::rules::Rules;
use crate::solver::ThreadsError;

pub use bid::{BidOptions, BidReport, BidSample, RealisticOptions};
pub use exchange::{ExchangeOptions, ExchangeReport};

/// Input the estimators refuse, with what is wrong in words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    #[error("{0}")]
    Cards(#[from] crate::engine::error::CardError),
    #[error(
        "{what} '{}' holds {found} cards; it needs {want}",
        crate::engine::error::clip(text, crate::engine::error::QUOTE)
    )]
    Count {
        what: String,
        text: String,
        found: usize,
        want: usize,
    },
    #[error("{0} is listed twice: in the hand and in the musik")]
    Twice(crate::engine::card::Card),
    #[error("{0}")]
    Option(String),
    #[error("{0}")]
    Threads(#[from] ThreadsError),
}

/// Reads a hand that must hold exactly `want` cards; `what` names it in the
/// error ("hand", "musik").
pub fn parse_hand(text: &str, want: usize, what: &str) -> Result<CardSet, InputError> {
    let set: CardSet = text.parse().map_err(|e| match e {
        // Named as asked: the musik is not a "hand".
        CardError::BadHand(text, why) => InputError::Option(format!(
            "{what} '{}' {why}",
            crate::engine::error::clip(&text, crate::engine::error::QUOTE)
        )),
        e => InputError::Cards(e),
    })?;
    if set.len() != want {
        return Err(InputError::Count {
            what: what.into(),
            text: text.trim().into(),
            found: set.len(),
            want,
        });
    }
    Ok(set)
}

/// The declarer's ten cards after the musik: ten given, or seven and the
/// musik (`tysiac exchange HAND [MUSIK]`); with two players twelve, or ten
/// and the musik of two. An error comes with the argument at fault, `hand`
/// or `musik`.
pub fn ten_cards(
    rules: &Rules,
    hand: &str,
    musik: Option<&str>,
) -> Result<CardSet, (&'static str, InputError)> {
    let at = |arg: &'static str| move |e: InputError| (arg, e);
    let (dealt, musik_size) = (rules.dealt(), rules.musik_size());
    match musik {
        // Name the two-argument form too: a dealt hand alone is the likely slip.
        None => {
            let what = format!(
                "hand ({} cards, or {dealt} with the musik after it)",
                dealt + musik_size
            );
            parse_hand(hand, dealt + musik_size, &what).map_err(at("hand"))
        }
        Some(m) => {
            let seven = parse_hand(hand, dealt, "hand (with a musik given)").map_err(at("hand"))?;
            let three = parse_hand(m, musik_size, "musik").map_err(at("musik"))?;
            if let Some(c) = (seven & three).lowest() {
                return Err(("musik", InputError::Twice(c)));
            }
            Ok(seven | three)
        }
    }
}

/// `x` rounded down to a bid level (100 at least).
fn floor_level(x: u16, rules: &Rules) -> u16 {
    rules.level_at_most(x).unwrap_or(100)
}

/// One bid or contract level: how often the declarer's points reached it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LevelRow {
    pub level: u16,
    /// May this level be bid (announced)? Above the cap it may not.
    pub allowed: bool,
    /// Samples whose double-dummy points reached the level.
    pub made: usize,
    /// The chance of making the level on the report's basis.
    pub probability: f64,
    /// The 95% interval of `probability` (Wilson's for a share of samples;
    /// on the real-play basis, the mean's normal interval over samples).
    pub low: f64,
    pub high: f64,
    /// The share of samples whose double-dummy points reached the level:
    /// the chance if every card were seen.
    pub double_dummy: f64,
    /// The expected hand score at this contract: +level if made, −level if
    /// not, i.e. p·level − (1 − p)·level.
    pub expected_score: f64,
}

impl LevelRow {
    /// The row for `level` over the sampled `points`.
    pub fn new(level: u16, allowed: bool, points: &[u16]) -> LevelRow {
        let made = points.iter().filter(|&&p| p >= level).count();
        LevelRow::counted(level, allowed, made, points.len())
    }

    /// The double-dummy row for `level` when `made` of `n` samples make it.
    pub fn counted(level: u16, allowed: bool, made: usize, n: usize) -> LevelRow {
        let probability = if n == 0 { 0.0 } else { made as f64 / n as f64 };
        let (low, high) = stats::wilson(made, n);
        LevelRow {
            level,
            allowed,
            made,
            probability,
            low,
            high,
            double_dummy: probability,
            expected_score: probability * level as f64 - (1.0 - probability) * level as f64,
        }
    }

    /// The row for `level` on the real-play basis: `chances` are the
    /// samples' chances of making it in real play, `points` their
    /// double-dummy points.
    pub fn real(level: u16, allowed: bool, points: &[u16], chances: &[f64]) -> LevelRow {
        let dd = LevelRow::new(level, allowed, points);
        let n = chances.len().max(1) as f64;
        let probability = chances.iter().sum::<f64>() / n;
        let var = chances
            .iter()
            .map(|c| (c - probability).powi(2))
            .sum::<f64>()
            / n;
        let half = 1.96 * (var / n).sqrt();
        LevelRow {
            probability,
            low: (probability - half).max(0.0),
            high: (probability + half).min(1.0),
            expected_score: probability * level as f64 - (1.0 - probability) * level as f64,
            ..dd
        }
    }
}

/// The highest allowed level whose probability reaches `confidence`.
pub fn highest_level(rows: &[LevelRow], confidence: f64) -> Option<u16> {
    rows.iter()
        .filter(|r| r.allowed && r.probability >= confidence)
        .map(|r| r.level)
        .max()
}

/// The mean of `points` (0 for none).
pub fn mean(points: &[u16]) -> f64 {
    if points.is_empty() {
        0.0
    } else {
        points.iter().map(|&p| p as f64).sum::<f64>() / points.len() as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floor_level_rounds_down_to_a_level() {
        let r = Rules::STANDARD;
        assert_eq!(floor_level(137, &r), 130);
        assert_eq!(floor_level(37, &r), 100);
    }

    #[test]
    fn parse_hand_errors_say_what_is_wrong() {
        let e = parse_hand("AKQ.T9..A", 7, "hand").unwrap_err().to_string();
        assert!(e.contains("6 cards") && e.contains("needs 7"), "{e}");
        let e = parse_hand("AH,AH,KH", 7, "hand").unwrap_err().to_string();
        assert!(e.contains("AH"), "{e}");
        let e = parse_hand("AH,XH", 7, "hand").unwrap_err().to_string();
        assert!(e.contains("XH"), "{e}");
        let e = parse_hand("..Q.X9", 3, "musik").unwrap_err().to_string();
        assert!(e.starts_with("musik '..Q.X9'"), "{e}");
    }
}
