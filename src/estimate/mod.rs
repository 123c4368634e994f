//! Estimates by sampling the cards the declarer cannot see, solving each
//! sample double-dummy: how high to bid with seven cards ([`bid`]), and which
//! cards to give away once the musik is taken ([`exchange`]).
//!
//! Every sample draws from its own random stream (seed, sample index) and the
//! results are combined in sample order, so a report depends on the seed and
//! the options, never on the number of threads.

pub mod bid;
pub mod exchange;
pub mod stats;

use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;
use serde::Serialize;

use crate::engine::card::{Rank, Suit};
use crate::engine::cardset::CardSet;
use crate::engine::deal::{Deal, Exchange, Give};
use crate::engine::error::CardError;
use crate::engine::rules::Rules;
use crate::solver::Solver;

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

/// What a sampling run reports after each finished sample (for a progress
/// bar). Called from worker threads.
pub type Progress<'a> = &'a (dyn Fn() + Sync);

/// A progress callback that does nothing.
pub fn no_progress() {}

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

/// Points of the declarations `cards` allow: its marriages and, with
/// `ace_marriage`, the four aces.
pub fn declarable(cards: CardSet, rules: &Rules) -> u16 {
    let marriages: u16 = cards.marriages().map(|s| rules.marriage_value(s)).sum();
    let aces = CardSet::full_rank(Rank::Ace);
    // docs/rules.md: the ace marriage scores "on the same terms as a marriage",
    // so it raises the bidding cap like one.
    let ace = if rules.ace_marriage > 0 && aces.is_subset(cards) {
        rules.ace_marriage
    } else {
        0
    };
    marriages + ace
}

/// The highest bid or contract `cards` allow: 120 plus their marriages,
/// and never above `bid_max` (ru: 300).
pub fn cap(cards: CardSet, rules: &Rules) -> u16 {
    (120 + declarable(cards, rules)).min(rules.bid_ceiling())
}

/// Bid levels from `from` to `top`, in the rules' steps (`bid_step`, and
/// `bid_step=5,10@200`'s larger step from its level on).
pub fn levels_from(from: u16, top: u16, rules: &Rules) -> Vec<u16> {
    let mut levels = Vec::new();
    let mut level = from;
    while level <= top {
        levels.push(level);
        // A top of u16::MAX (no `bid_max`) must not wrap around.
        match level.checked_add(rules.step_at(level)) {
            Some(next) => level = next,
            None => break,
        }
    }
    levels
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
    /// Samples whose points reached the level.
    pub made: usize,
    pub probability: f64,
    /// The Wilson 95% interval of `probability`.
    pub low: f64,
    pub high: f64,
    /// The expected hand score at this contract: +level if made, −level if
    /// not, i.e. p·level − (1 − p)·level.
    pub expected_score: f64,
}

impl LevelRow {
    /// The row for `level` over the sampled `points`.
    pub fn new(level: u16, allowed: bool, points: &[u16]) -> LevelRow {
        let made = points.iter().filter(|&&p| p >= level).count();
        let n = points.len();
        let probability = if n == 0 { 0.0 } else { made as f64 / n as f64 };
        let (low, high) = stats::wilson(made, n);
        LevelRow {
            level,
            allowed,
            made,
            probability,
            low,
            high,
            expected_score: probability * level as f64 - (1.0 - probability) * level as f64,
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

/// A cheap guess at how good an exchange is: to order candidates only.
///
/// Keeps points and marriages, gives away small cards (a card passed to a
/// defender may come back to the declarer in a trick, but usually does not),
/// and under `trump=chosen` likes a long trump suit. The solver's own
/// ordering is private; this one also breaks marriages less readily.
pub fn exchange_guess(ten: CardSet, rules: &Rules, e: &Exchange) -> i32 {
    let given: CardSet = e.cards().into_iter().collect();
    let kept = ten.minus(given);
    let lost = match e.give {
        Give::Pass(..) => given.points() as i32,
        Give::Discard(_) => 0,
        // Under `laid_away=split` the second card goes to the last trick's musik.
        Give::LayAway(_, second) => match rules.laid_away {
            crate::LaidAway::Split => second.points() as i32,
            crate::LaidAway::Declarer => 0,
        },
    };
    let trump_len = e.trump.map_or(0, |t| kept.suit(t).len() as i32 * 8);
    // Voids help a declarer who will hold trumps: a small bonus per void.
    let voids = Suit::ALL
        .iter()
        .filter(|&&s| kept.suit(s).is_empty())
        .count() as i32;
    2 * declarable(kept, rules) as i32 + kept.points() as i32 - 2 * lost + trump_len + 3 * voids
}

/// The exchanges of `deal` ordered by [`exchange_guess`], best first (ties in
/// the order [`Deal::exchanges`] lists them, so the order is fixed).
pub fn guessed_exchanges(deal: &Deal, rules: &Rules) -> Vec<Exchange> {
    let ten = deal.declarer_ten();
    let mut all = deal.exchanges(rules);
    all.sort_by_cached_key(|e| std::cmp::Reverse(exchange_guess(ten, rules, e)));
    all
}

/// A rayon pool and one solver per worker thread.
///
/// A [`Solver`] is not thread-safe; a solver per thread keeps its table warm
/// across that thread's samples. Its results do not depend on what the table
/// holds (values are exact), so which thread solves a sample is invisible in
/// the report.
pub struct Workers {
    pool: rayon::ThreadPool,
    solvers: Vec<Mutex<Option<Solver>>>,
    rules: Rules,
    table_bytes: Option<usize>,
}

impl Workers {
    /// `threads` workers (0: one per core, or `RAYON_NUM_THREADS`).
    pub fn new(rules: Rules, threads: usize) -> Result<Workers, InputError> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| InputError::Option(format!("cannot start {threads} threads: {e}")))?;
        let solvers = (0..pool.current_num_threads())
            .map(|_| Mutex::new(None))
            .collect();
        Ok(Workers {
            pool,
            solvers,
            rules,
            table_bytes: None,
        })
    }

    /// Each worker's solver gets a table of at most `bytes` (default [`TransTable::DEFAULT_BYTES`](crate::TransTable::DEFAULT_BYTES)).
    pub fn with_table_bytes(mut self, bytes: usize) -> Workers {
        self.table_bytes = Some(bytes);
        self
    }

    pub fn threads(&self) -> usize {
        self.solvers.len()
    }

    /// `f(solver, i)` for every `i` in `0..n`, in parallel, results in index
    /// order; `progress` after each.
    ///
    /// A panic in `f` or in `progress` (a server job's progress callback
    /// panics to cancel the job) stops the run: the samples not yet started
    /// are skipped, and the first panic is the one that comes out. Without
    /// this, rayon would still start the first item of each piece it had
    /// split the range into, which is nearly every item: a cancelled bid
    /// went on computing for 19 s.
    pub fn map<T, F>(&self, n: usize, progress: Progress, f: F) -> Vec<T>
    where
        T: Send,
        F: Fn(&mut Solver, usize) -> T + Sync,
    {
        let stopped = AtomicBool::new(false);
        let first: Mutex<Option<Box<dyn std::any::Any + Send>>> = Mutex::new(None);
        let run = catch_unwind(AssertUnwindSafe(|| {
            self.pool.install(|| {
                (0..n)
                    .into_par_iter()
                    .map(|i| {
                        if stopped.load(Ordering::Relaxed) {
                            resume_unwind(Box::new(Skipped));
                        }
                        let one = catch_unwind(AssertUnwindSafe(|| {
                            let slot =
                                rayon::current_thread_index().unwrap_or(0) % self.solvers.len();
                            // Only this thread ever locks its slot: never contended.
                            let mut guard =
                                self.solvers[slot].lock().unwrap_or_else(|e| e.into_inner());
                            let solver = guard.get_or_insert_with(|| match self.table_bytes {
                                Some(b) => Solver::with_table_bytes(self.rules, b),
                                None => Solver::new(self.rules),
                            });
                            let out = f(solver, i);
                            drop(guard);
                            progress();
                            out
                        }));
                        match one {
                            Ok(out) => out,
                            Err(payload) => {
                                stopped.store(true, Ordering::Relaxed);
                                let mut first = first.lock().unwrap_or_else(|e| e.into_inner());
                                first.get_or_insert(payload);
                                // The payload is kept for the caller;
                                // resume_unwind runs no panic hook.
                                resume_unwind(Box::new(Skipped))
                            }
                        }
                    })
                    .collect()
            })
        }));
        match run {
            Ok(out) => out,
            Err(payload) => {
                let first = first.lock().unwrap_or_else(|e| e.into_inner()).take();
                resume_unwind(first.unwrap_or(payload))
            }
        }
    }
}

/// The unwinding of an item skipped (or stopped) after another one
/// panicked; never seen outside [`Workers::map`].
struct Skipped;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cap_counts_marriages_with_their_values() {
        let r = Rules::STANDARD;
        let h: CardSet = "KQ9..9.KQJ".parse().unwrap();
        assert_eq!(cap(h, &r), 120 + 100 + 40);
        let r2: Rules = "standard marriage_values=80,60,40,20".parse().unwrap();
        assert_eq!(cap(h, &r2), 120 + 80 + 20);
        // ru: the ace marriage's 200 counts, but no bid goes above 300.
        assert_eq!(cap("A9.A9.A.A".parse().unwrap(), &Rules::RU), 300);
        let open: Rules = "ru bid_max=none".parse().unwrap();
        assert_eq!(cap("A9.A9.A.A".parse().unwrap(), &open), 320);
        assert_eq!(cap("A9.A9.A.A".parse().unwrap(), &r), 120);
    }

    #[test]
    fn levels_and_floor() {
        let r = Rules::STANDARD;
        assert_eq!(levels_from(100, 130, &r), vec![100, 110, 120, 130]);
        assert_eq!(levels_from(100, 115, &Rules::RU), vec![100, 105, 110, 115]);
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
