//! Computer players for any seat, behind one trait.
//!
//! - `dd`: sees every card and plays the double-dummy best (an upper bound
//!   on play, not a fair player);
//! - `pimc[:N]`: judges every legal card over N layouts that fit its view
//!   ([`crate::players::pimc`]), and as declarer chooses its exchange and contract
//!   from sampled layouts of the defenders' cards;
//! - `simple`: the rules of thumb of a club player: declare a marriage when
//!   on lead, cash a card no one can beat, otherwise lead low from the
//!   longest suit; follow by winning as cheaply as possible when it is worth
//!   it, give points to a partner who holds the trick, else play low.
//!
//! Honest players (all but `dd`) only ever look at their [`View`].

use std::fmt;
use std::str::FromStr;

use crate::engine::card::{Card, Rank};
use crate::engine::cardset::CardSet;
use crate::engine::contract::{cap, guessed_exchanges, levels_from};
use crate::engine::deal::{Deal, Exchange};
use crate::engine::moves::Move;
use crate::engine::rules::Rules;
use crate::engine::sample::{declarer_layout, sample_rng, AUX_STREAM};
use crate::engine::seat::Seat;
use crate::engine::state::{trick_winner, State};
use crate::estimate::real::{declarer_features, points_to_make, Basis, BidModel};
use crate::players::inference::Inference;
use crate::players::pimc::{self, PimcOptions};
use crate::solver::Solver;
use crate::view::{declares, View};

/// Which computer player.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PlayerKind {
    Dd,
    /// Layouts per decision, and how it reads the others.
    Pimc(usize, Inference),
    Simple,
}

/// The most layouts a `pimc` player may use per decision.
pub const MAX_PIMC_SAMPLES: usize = 10_000;

impl FromStr for PlayerKind {
    type Err = String;
    fn from_str(s: &str) -> Result<PlayerKind, String> {
        let bad = || {
            format!("'{s}' is not a player (dd, pimc, pimc:N with N from 1 to {MAX_PIMC_SAMPLES}, pimc:N:none for uniform layouts, heuristic or simple)")
        };
        let mut parts = s.split(':');
        match (parts.next(), parts.next(), parts.next(), parts.next()) {
            (Some("dd"), None, ..) => Ok(PlayerKind::Dd),
            (Some("pimc"), None, ..) => Ok(PlayerKind::Pimc(50, Inference::Model)),
            // `heuristic` is the name the game's seats use; `simple` the older.
            (Some("simple" | "heuristic"), None, ..) => Ok(PlayerKind::Simple),
            (Some("pimc"), Some(n), model, None) => {
                let inference = match model {
                    Some(m) => m.parse::<Inference>().map_err(|_| bad())?,
                    None => Inference::Model,
                };
                match n.parse::<usize>() {
                    Ok(n) if (1..=MAX_PIMC_SAMPLES).contains(&n) => {
                        Ok(PlayerKind::Pimc(n, inference))
                    }
                    _ => Err(bad()),
                }
            }
            _ => Err(bad()),
        }
    }
}

impl PlayerKind {
    /// The same player reading the others with `inference` (only `pimc`
    /// reads them).
    pub fn reading(self, inference: Inference) -> PlayerKind {
        match self {
            PlayerKind::Pimc(n, _) => PlayerKind::Pimc(n, inference),
            other => other,
        }
    }
}

impl fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerKind::Dd => f.write_str("dd"),
            PlayerKind::Pimc(n, Inference::Model) => write!(f, "pimc:{n}"),
            PlayerKind::Pimc(n, i) => write!(f, "pimc:{n}:{i}"),
            PlayerKind::Simple => f.write_str("simple"),
        }
    }
}

/// What a player decides with, besides its view: the solver it may use, a
/// seed for its sampling, and the whole state (which only `dd` reads).
pub struct Context<'a> {
    pub solver: &'a mut Solver,
    pub seed: u64,
    pub truth: &'a State,
}

/// A player for any seat.
pub trait Player {
    /// A legal card for the seat to move, whose view is `view`.
    fn play(&self, view: &View, cx: &mut Context) -> Move;

    /// As declarer: the exchange from `deal` (only D's ten cards and, where
    /// shown, the musik are the player's to see; `dd` sees it all), and the
    /// contract to announce, at least `bid` and at most what the kept cards
    /// allow.
    fn declare(
        &self,
        deal: &Deal,
        rules: &Rules,
        bid: u16,
        confidence: f64,
        cx: &mut Context,
    ) -> (Exchange, u16);
}

impl Player for PlayerKind {
    fn play(&self, view: &View, cx: &mut Context) -> Move {
        let moves = view.legal_moves();
        if moves.len() == 1 {
            return moves[0];
        }
        match *self {
            PlayerKind::Dd => cx.solver.best_move(cx.truth).expect("a move to make").0,
            PlayerKind::Pimc(n, inference) => {
                let opts = PimcOptions {
                    samples: n,
                    seed: cx.seed,
                    objective: None,
                    inference,
                };
                pimc::suggest_with(view, &opts, cx.solver)
                    .expect("the seat to move judges its own view")
                    .best
            }
            PlayerKind::Simple => simple_card(view),
        }
    }

    fn declare(
        &self,
        deal: &Deal,
        rules: &Rules,
        bid: u16,
        confidence: f64,
        cx: &mut Context,
    ) -> (Exchange, u16) {
        let ten = deal.declarer_ten();
        match *self {
            PlayerKind::Dd => {
                let (e, v) = cx.solver.best_exchange(deal);
                (
                    e,
                    contract_for(rules, kept(ten, &e), bid, |level| v >= level),
                )
            }
            PlayerKind::Pimc(n, _) => {
                // Self-play's declarer announces on double-dummy chances, as
                // it did when the real-play model's games were played.
                let d = sampled_declare(cx.solver, rules, deal, bid, confidence, n, cx.seed);
                (d.exchange, d.contract)
            }
            PlayerKind::Simple => {
                let e = guessed_exchanges(deal, rules)[0];
                (e, bid)
            }
        }
    }
}

/// A sampling declarer's choice: the exchange, the contract, and its chance
/// of making the bid.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Declared {
    pub exchange: Exchange,
    pub contract: u16,
    /// The share of the contract layouts where the bid is made.
    pub chance: f64,
}

/// Layouts whose own best exchange becomes a candidate.
pub const EXCHANGE_SEEDS: usize = 24;
/// Layouts a sampling declarer screens every candidate exchange on.
pub const EXCHANGE_SCREEN: usize = 64;
/// Layouts the best few candidates are then compared on, besides those.
pub const EXCHANGE_FINAL: usize = 320;
/// Candidates kept from the screen for the final comparison.
const FINALISTS: usize = 4;

/// How a `pimc:n` declarer exchanges and announces, from its ten cards
/// alone: candidate exchanges (the best of each of the first
/// [`EXCHANGE_SEEDS`] layouts and the six the rule of thumb likes best) are
/// screened on [`EXCHANGE_SCREEN`] sampled splits of the defenders' cards,
/// the best `FINALISTS` compared again on [`EXCHANGE_FINAL`] more (for
/// `n` from 50 up; proportionally fewer below), and the
/// contract is judged on other layouts than the exchange was chosen on (on
/// those the chosen exchange looks better than it is). Eight layouts, as
/// before issue 20, chose exchanges worth fewer double-dummy points.
pub fn sampled_declare(
    solver: &mut Solver,
    rules: &Rules,
    deal: &Deal,
    bid: u16,
    confidence: f64,
    n: usize,
    seed: u64,
) -> Declared {
    sampled_declare_on(
        solver,
        rules,
        deal,
        bid,
        confidence,
        n,
        seed,
        Basis::DoubleDummy,
    )
}

/// [`sampled_declare`], its contract and chance on `basis`: the real-play
/// model's chances for the chosen exchange (`after_exchange`), or the
/// share of layouts whose double-dummy value reaches each level.
#[allow(clippy::too_many_arguments)]
pub fn sampled_declare_on(
    solver: &mut Solver,
    rules: &Rules,
    deal: &Deal,
    bid: u16,
    confidence: f64,
    n: usize,
    seed: u64,
    basis: Basis,
) -> Declared {
    let ten = deal.declarer_ten();
    let layout = |stream: u64| declarer_layout(deal, &mut sample_rng(seed, stream));
    let mut candidates: Vec<Exchange> = Vec::new();
    for e in (0..EXCHANGE_SEEDS.min(n.max(1)) as u64)
        .map(|i| solver.best_exchange(&layout(i)).0)
        .chain(guessed_exchanges(deal, rules).into_iter().take(6))
    {
        if !candidates.contains(&e) {
            candidates.push(e);
        }
    }
    let total = |solver: &mut Solver, e: &Exchange, streams: std::ops::Range<u64>| -> u32 {
        streams
            .map(|i| {
                let d = layout(i);
                u32::from(solver.value(&d.after(rules, e).expect("a legal exchange")))
            })
            .sum()
    };
    // Screen every candidate, then compare the best few on more layouts.
    // A `pimc:50` declarer uses them all; fewer layouts a decision, fewer
    // here (pimc:8: 10 and 51), so that small players stay cheap.
    let (screen_n, final_n) = (
        (n * 32 / 25).clamp(8, EXCHANGE_SCREEN) as u64,
        (n * 32 / 5).clamp(24, EXCHANGE_FINAL) as u64,
    );
    let screen = 0..screen_n;
    let mut scored: Vec<(u32, usize)> = candidates
        .iter()
        .enumerate()
        .map(|(k, e)| (total(solver, e, screen.clone()), k))
        .collect();
    // Best first; an exact tie goes to the earlier candidate.
    scored.sort_by_key(|&(t, k)| (std::cmp::Reverse(t), k));
    scored.truncate(FINALISTS);
    let more = screen_n..screen_n + final_n;
    let best = scored
        .iter()
        .map(|&(t, k)| (t + total(solver, &candidates[k], more.clone()), k))
        .max_by_key(|&(t, k)| (t, std::cmp::Reverse(k)))
        .expect("at least one candidate")
        .1;
    let exchange = candidates[best];
    let values: Vec<u16> = (0..n.clamp(8, 64) as u64)
        .map(|i| {
            let d = layout(AUX_STREAM + i);
            solver.value(&d.after(rules, &exchange).expect("a legal exchange"))
        })
        .collect();
    let chances = Chances::new(rules, ten, &values, basis);
    Declared {
        exchange,
        contract: announce_by(rules, kept(ten, &exchange), bid, confidence, &chances),
        chance: chances.at(bid),
    }
}

/// The chance of making each level from a declarer's layouts after its
/// exchange: the share whose value reaches it (double-dummy), or the mean
/// of the real-play model's chances (`after_exchange`).
pub struct Chances<'a> {
    rules: Rules,
    ten: CardSet,
    values: &'a [u16],
    model: Option<&'static crate::estimate::real::PlayModel>,
}

impl<'a> Chances<'a> {
    /// On `basis`, or double-dummy where the model does not cover `rules`.
    pub fn new(rules: &Rules, ten: CardSet, values: &'a [u16], basis: Basis) -> Chances<'a> {
        let model = match basis {
            Basis::RealPlay => BidModel::shipped().covering(rules),
            Basis::DoubleDummy => None,
        };
        Chances {
            rules: *rules,
            ten,
            values,
            model,
        }
    }

    /// The chance of making `level`.
    pub fn at(&self, level: u16) -> f64 {
        let n = self.values.len().max(1) as f64;
        match self.model {
            None => self.values.iter().filter(|&&v| v >= level).count() as f64 / n,
            Some(m) => {
                let need = i32::from(points_to_make(&self.rules, level));
                self.values
                    .iter()
                    .map(|&v| {
                        let x = declarer_features(self.ten, v, &self.rules);
                        m.after_exchange.at_least(need - i32::from(v), &x)
                    })
                    .sum::<f64>()
                    / n
            }
        }
    }
}

/// The cards D keeps after `e`.
pub(crate) fn kept(ten: CardSet, e: &Exchange) -> CardSet {
    e.cards().into_iter().fold(ten, |t, c| t.without(c))
}

/// The contract a sampling declarer announces, given the double-dummy
/// values of its layouts: of the levels from `bid` up whose estimated chance
/// reaches `confidence`, the one with the highest expected hand score
/// (+level when made, −level when not; the lower on a tie); `bid` when none
/// does. The highest level that reaches `confidence` would throw away a sure
/// 100 for a coin flip at 150.
pub fn announce(rules: &Rules, kept: CardSet, bid: u16, confidence: f64, values: &[u16]) -> u16 {
    announce_among(kept_levels(rules, kept, bid), bid, confidence, values)
}

/// [`announce`]'s choice among `levels` (from `bid` up): whatever the
/// marriages allow, when `levels` run to the rules' ceiling.
pub fn announce_among(levels: Vec<u16>, bid: u16, confidence: f64, values: &[u16]) -> u16 {
    let chance = |level: u16| {
        values.iter().filter(|&&v| v >= level).count() as f64 / values.len().max(1) as f64
    };
    best_announce(levels, bid, confidence, chance)
}

/// [`announce`] with the chances of `chances` (double-dummy or real play).
pub fn announce_by(
    rules: &Rules,
    kept: CardSet,
    bid: u16,
    confidence: f64,
    chances: &Chances,
) -> u16 {
    best_announce(kept_levels(rules, kept, bid), bid, confidence, |l| {
        chances.at(l)
    })
}

/// Of `levels`, the one with the highest expected score among those whose
/// chance reaches `confidence`; `bid` when none does.
fn best_announce(levels: Vec<u16>, bid: u16, confidence: f64, chance: impl Fn(u16) -> f64) -> u16 {
    let mut best = (bid, f64::MIN);
    for level in levels {
        let p = chance(level);
        let expected = level as f64 * (2.0 * p - 1.0);
        if p >= confidence && expected > best.1 {
            best = (level, expected);
        }
    }
    best.0
}

/// The levels D may announce: from `bid` up to the kept cards' cap.
fn kept_levels(rules: &Rules, kept: CardSet, bid: u16) -> Vec<u16> {
    levels_from(bid, cap(kept, rules).max(bid), rules)
}

/// The highest level from `bid` up to the kept cards' cap for which `good`
/// holds (at least `bid`).
fn contract_for(rules: &Rules, kept: CardSet, bid: u16, good: impl Fn(u16) -> bool) -> u16 {
    kept_levels(rules, kept, bid)
        .into_iter()
        .filter(|&level| good(level))
        .last()
        .unwrap_or(bid)
}

/// A seed for decision `step` of game `index`.
pub(crate) fn decision_seed(seed: u64, index: usize, step: usize) -> u64 {
    // SplitMix-style mixing keeps nearby (index, step) pairs apart.
    let mut z = seed
        ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (step as u64).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z ^ (z >> 31)
}

/// The card a club player would play: rules of thumb over the view alone.
fn simple_card(view: &View) -> Move {
    let rules = &view.rules;
    let table = view.table();
    let own = view.own_cards();
    let legal = view.legal_moves();
    let cards: Vec<Card> = legal.iter().map(|m| m.card()).collect();
    let played: CardSet = view.plays.iter().map(|s| s.card).collect();
    // A card no one else can beat in its suit: every higher card is gone or ours.
    let stands = |c: Card| {
        CardSet::above(c)
            .suit(c.suit())
            .minus(played | own)
            .is_empty()
    };
    let trick = table.trick_cards();
    if trick.is_empty() {
        // Declare the best marriage when allowed.
        if table.may_declare(rules) {
            if let Some(c) = cards
                .iter()
                .copied()
                .filter(|&c| c.rank() != Rank::Ace && declares(rules, own, c))
                .max_by_key(|c| (rules.marriage_value(c.suit()), c.rank() == Rank::Queen))
            {
                return Move::new(c);
            }
        }
        // Cash a standing card, aces and tens first (but keep a marriage).
        let marriage =
            |c: Card| matches!(c.rank(), Rank::King | Rank::Queen) && own.has_marriage(c.suit());
        if let Some(c) = cards
            .iter()
            .copied()
            .filter(|&c| stands(c) && !marriage(c))
            .max_by_key(|c| (c.points(), c.index()))
        {
            return Move::new(c);
        }
        // Lead low from the longest suit.
        let c = cards
            .iter()
            .copied()
            .filter(|&c| !marriage(c) || cards.iter().all(|&d| marriage(d)))
            .min_by_key(|c| {
                (
                    c.points(),
                    std::cmp::Reverse(own.suit(c.suit()).len()),
                    c.index(),
                )
            })
            .expect("a legal card");
        return Move::new(c);
    }
    // Following: who holds the trick now?
    let winner_now = |cards: &[Card]| trick_winner(cards, table.trump);
    let seats = rules.seats();
    let holder = table.leader.plus_of(winner_now(&trick), seats as u8);
    // (With two players the holder is always the other seat: no partner.)
    let partner_holds = view.seat != Seat::D && holder != Seat::D;
    let last = trick.len() + 1 == seats;
    let wins = |c: Card| {
        let mut t = trick.clone();
        t.push(c);
        winner_now(&t) == trick.len()
    };
    let points_in_trick: u16 = trick.iter().map(|c| c.points()).sum();
    if partner_holds && (last || stands(trick[winner_now(&trick)])) {
        // Give the partner points.
        let c = cards
            .iter()
            .copied()
            .max_by_key(|c| (c.points(), c.index()))
            .expect("a card");
        return Move::new(c);
    }
    let winning: Vec<Card> = cards.iter().copied().filter(|&c| wins(c)).collect();
    if !winning.is_empty() && (last || points_in_trick >= 10 || winning.iter().any(|&c| stands(c)))
    {
        // Win as cheaply as possible (with a card that stands when not last).
        let c = winning
            .iter()
            .copied()
            .filter(|&c| last || stands(c))
            .min_by_key(|c| (c.points(), c.index()))
            .unwrap_or(winning[0]);
        return Move::new(c);
    }
    let c = cards
        .iter()
        .copied()
        .min_by_key(|c| (c.points(), c.index()))
        .expect("a card");
    Move::new(c)
}
