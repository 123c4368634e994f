//! Bidding decisions valued where they were made: from the bidder's seven
//! cards, the auction so far and the score.
//!
//! The unseen 17 cards (with two players 14: the other's ten and two
//! musiks) are sampled uniformly over the layouts that fit the rules' hard
//! facts of the auction: a player who bid a level above 120 holds marriages
//! worth at least the excess (`bid_limit=marriages`: no bid above 120 plus
//! the marriages in hand). Unless asked not to, the layouts judged on are
//! then drawn in proportion to how likely the others' calls were with their
//! cards ([`draws`], [`crate::players::inference::AuctionEvidence`]). Each layout is solved double-dummy three times
//! (twice with two players): with the bidder as declarer (its best
//! exchange), and with each other bidder as declarer, the bidder defending
//! (its own points on an optimal line after that declarer's best exchange).
//!
//! The value of a call is the expected score it adds to the bidder's total
//! (docs/game.md, *Bidding advice*):
//! - a bid at level `l`: the bidder plays it, announcing the contract
//!   `c >= l` with the best expected hand score over the layouts (so a bid
//!   is worth no more than a lower one: the contract can be raised later);
//!   +c when made, −c (or −bid under `failed_costs=bid`) when not;
//! - a pass: the highest bidder so far declares at its bid, and the bidder
//!   scores its defence points, rounded, as the sheet adds them: nothing on
//!   the barrel, and never above the defence cap (990); with two bolts
//!   (`bolts=yes`), −120 more where it wins no trick;
//! - a made contract that brings the total to the game's target counts
//!   [`FINISH_BONUS`] more: the game is won.
//!
//! What is not modelled, and said so: the others' later raises, bolts, the
//! ru-a barrel's tries, the game's end beyond the points added.

use rand::Rng;
use serde::Serialize;

use crate::engine::cardset::CardSet;
use crate::engine::contract::{cap, levels_from};
use crate::engine::deal::Deal;
use crate::engine::rules::{BidLimit, FailedCosts, Players, Rules};
use crate::engine::sample::{deal_unseen, sample_rng, AUX_STREAM};
use crate::estimate::real::{
    declarer_features, defence_features, guessed_value, points_to_make, Basis, PlayModel,
};
use crate::game::auction::{bid_cap, Auction, Call};
use crate::players::inference::{
    draw_in_proportion, AuctionEvidence, Inference, Model, MAX_CANDIDATES,
};
use crate::solver::Solver;
use crate::solver::{Progress, Workers};

/// What a bidder knows when it calls.
#[derive(Clone, Debug)]
pub struct AuctionSeen {
    pub rules: Rules,
    /// The bidder's seven cards (ten with two players).
    pub hand: CardSet,
    /// The bidder's place in calling order (0 opened).
    pub me: usize,
    /// The auction so far (it is `me`'s call).
    pub auction: Auction,
    /// The bidder's total before the hand.
    pub total: i32,
    /// The bidder's bolts (`bolts=yes`): with two, a hand without a trick
    /// costs 120.
    pub bolts: u8,
}

/// The seats of an auction written for `bid --auction`, in calling order:
/// L (the dealer's left, who opens), R, then D (the dealer).
pub const AUCTION_SEATS: [&str; 3] = ["L", "R", "D"];
/// With two players: L (who opens), then D (the dealer).
pub const AUCTION_SEATS_TWO: [&str; 2] = ["L", "D"];

/// The seats of an auction under `rules`, in calling order.
pub fn auction_seats(rules: &Rules) -> &'static [&'static str] {
    match rules.players {
        Players::Three => &AUCTION_SEATS,
        Players::Two => &AUCTION_SEATS_TWO,
    }
}

/// Reads an auction as `bid --auction` takes it: `L:100 R:110 D:?`, the
/// calls in order from the forced opening, each `SEAT:CALL` (`pass`, a
/// level, `b120` blind), and last `SEAT:?` for the bidder to advise, whose
/// seven cards are `hand`. Every call is checked by the rules (the others'
/// caps are not known, so only the rules' own limits); the error names the
/// call.
pub fn parse_auction(
    text: &str,
    rules: &Rules,
    hand: CardSet,
    total: i32,
) -> Result<AuctionSeen, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let Some((last, calls)) = words.split_last() else {
        return Err("an empty auction: write the calls, e.g. \"L:100 R:110 D:?\"".into());
    };
    let seats = auction_seats(rules);
    let names = match rules.players {
        Players::Three => "the seats are L (opens), R and D (deals)",
        Players::Two => "with two players the seats are L (opens) and D (deals)",
    };
    let seat = |w: &str, i: usize| -> Result<(usize, String), String> {
        let (s, c) = w.split_once(':').ok_or_else(|| {
            format!(
                "call {}: '{w}': write SEAT:CALL, e.g. {}:110 (seats {})",
                i + 1,
                seats[1],
                seats.join(" ")
            )
        })?;
        let b = seats
            .iter()
            .position(|x| x.eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("call {}: '{w}': {names}", i + 1))?;
        Ok((b, c.to_string()))
    };
    let (me, q) = seat(last, words.len() - 1)?;
    if q != "?" {
        return Err(format!(
            "the last word, '{last}', names the bidder to advise: SEAT:? (e.g. D:?)"
        ));
    }
    let mut caps = vec![None; seats.len()];
    caps[me] = Some(bid_cap(hand, rules));
    let mut auction = Auction::new(rules, caps, vec![false; seats.len()], 100);
    for (i, w) in calls.iter().enumerate() {
        let (b, c) = seat(w, i)?;
        let call: Call = c.parse().map_err(|e| format!("call {}: {e}", i + 1))?;
        if i == 0 {
            if (b, call) != auction.calls[0] {
                return Err(format!(
                    "call 1: '{w}': the auction opens L:100 (L, on the dealer's left, is forced to 100)"
                ));
            }
            continue;
        }
        match auction.turn() {
            Some(t) if t == b => {}
            Some(t) => return Err(format!("call {}: '{w}': it is {}'s call", i + 1, seats[t])),
            None => return Err(format!("call {}: '{w}': the auction is over", i + 1)),
        }
        auction
            .call(call)
            .map_err(|e| format!("call {}: '{w}': {e}", i + 1))?;
    }
    match auction.turn() {
        Some(t) if t == me => {}
        Some(t) => return Err(format!("'{last}': it is {}'s call now", seats[t])),
        None => {
            return Err(format!(
                "'{last}': the auction is over: there is no call to advise"
            ))
        }
    }
    Ok(AuctionSeen {
        rules: *rules,
        hand,
        me,
        auction,
        total,
        bolts: 0,
    })
}

/// The hard facts one layout must fit: for each other bidder (in calling
/// order after `me`), the lowest cap its bids show.
fn shown_caps(seen: &AuctionSeen) -> Vec<u16> {
    others(seen)
        .into_iter()
        .map(|b| {
            seen.auction
                .calls
                .iter()
                .filter(|&&(x, c)| x == b && matches!(c, Call::Bid(_)))
                .filter_map(|&(_, c)| c.level())
                .max()
                .unwrap_or(0)
        })
        .collect()
}

/// The other bidders (two; one with two players), in calling order after
/// `me`.
fn others(seen: &AuctionSeen) -> Vec<usize> {
    let n = seen.rules.seats();
    (1..n).map(|k| (seen.me + k) % n).collect()
}

/// Does a layout of the other bidders' hands fit what their bids showed?
pub fn fits(rules: &Rules, hands: &[CardSet], shown: &[u16]) -> bool {
    rules.bid_limit != BidLimit::Marriages
        || hands
            .iter()
            .zip(shown)
            .all(|(&h, &level)| level <= 120 || bid_cap(h, rules) >= level)
}

/// One sampled layout of the cards the bidder cannot see.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The other bidders' hands, in calling order after the bidder.
    pub hands: Vec<CardSet>,
    /// The musik the declarer takes.
    pub musik: CardSet,
    /// With two players, the other musik.
    pub other_musik: CardSet,
    /// Whether the layout fits the auction's hard facts.
    pub fits: bool,
}

/// Sampled layout `index`: the other bidders' hands (calling order after
/// `me`) and the musik (two musiks with two players), drawn uniformly among
/// those that fit the hard facts (rejection over the layout's own random
/// stream; after 10,000 misses the last draw is kept, and
/// [`Layout::fits`] says so).
pub fn layout(seen: &AuctionSeen, seed: u64, index: usize) -> Layout {
    let shown = shown_caps(seen);
    let mut rng = sample_rng(seed, index as u64);
    let two = seen.rules.players == Players::Two;
    let sizes: &[usize] = if two { &[10, 2, 2] } else { &[7, 7, 3] };
    let mut last = None;
    for _ in 0..10_000 {
        let p = deal_unseen(seen.hand, sizes, &mut rng);
        let layout = if two {
            Layout {
                hands: vec![p[0]],
                musik: p[1],
                other_musik: p[2],
                fits: true,
            }
        } else {
            Layout {
                hands: vec![p[0], p[1]],
                musik: p[2],
                other_musik: CardSet::EMPTY,
                fits: true,
            }
        };
        if fits(&seen.rules, &layout.hands, &shown) {
            return layout;
        }
        last = Some(layout);
    }
    Layout {
        fits: false,
        ..last.expect("drawn")
    }
}

/// Uniform layouts weighed per layout judged, when the others' calls are
/// read. The bid model is mild (a call's log-likelihood −0.10 against
/// −0.53 without the hand; docs/inference.md), so `20 n` leaves most of
/// the `n` draws' worth.
const CANDIDATES_PER_LAYOUT: usize = 20;

/// The sampled layouts a call is judged on: layout indices (for
/// [`layout`] and [`solve_layout`]) with how many of the `n` draws fell
/// on each.
#[derive(Clone, Debug, PartialEq)]
pub struct Draws {
    pub indices: Vec<(usize, usize)>,
    /// The model that judged: `None` when there was nothing to read.
    pub inference: Inference,
    /// What the draws are worth in independent layouts (at most `n`).
    pub effective: f64,
}

impl Draws {
    /// The solved layouts, one per draw: `solved[k]` is layout
    /// `indices[k]`, repeated as often as it was drawn.
    pub fn expand(&self, solved: &[LayoutValue]) -> Vec<LayoutValue> {
        self.indices
            .iter()
            .zip(solved)
            .flat_map(|(&(_, count), v)| std::iter::repeat_n(*v, count))
            .collect()
    }
}

/// The `n` layouts to judge `seen`'s call on. Uniform (layouts `0..n`,
/// once each) under `Inference::None` or when the others' calls say
/// nothing; otherwise `20 n` uniform layouts are weighed by how likely the
/// others' calls are with their cards ([`AuctionEvidence`]) and `n` drawn
/// in proportion, so the layouts reached follow prior × likelihood.
pub fn draws(seen: &AuctionSeen, seed: u64, n: usize, inference: Inference) -> Draws {
    let uniform = || Draws {
        indices: (0..n).map(|i| (i, 1)).collect(),
        inference: Inference::None,
        effective: n as f64,
    };
    let heard = AuctionEvidence::of(&seen.rules, &seen.auction.calls, seen.me);
    if inference == Inference::None || heard.is_empty() || n == 0 {
        return uniform();
    }
    let model = Model::shipped();
    let others = others(seen);
    let candidates = (n * CANDIDATES_PER_LAYOUT).min(MAX_CANDIDATES);
    let logs: Vec<f64> = (0..candidates)
        .map(|i| {
            let l = layout(seen, seed, i);
            heard.log_weight(model, |b| {
                let k = others.iter().position(|&o| o == b).expect("another bidder");
                l.hands[k]
            })
        })
        .collect();
    let u = sample_rng(seed, AUX_STREAM - 2).gen();
    match draw_in_proportion(&logs, n, u) {
        Some((counts, effective)) => Draws {
            indices: counts
                .into_iter()
                .enumerate()
                .filter(|&(_, c)| c > 0)
                .collect(),
            inference: Inference::Model,
            effective,
        },
        // No layout fits the calls at all: judge on uniform ones.
        None => uniform(),
    }
}

/// One layout, solved on a basis.
///
/// On the double-dummy basis `declarer` is the bidder's points as declarer
/// with its best exchange, and `defence` its own points on an optimal line
/// when the other bidder (calling order after it: first, second) declares
/// with its best exchange. On the real-play basis each is one solve: the
/// declarer's value after its rule-of-thumb exchange, the bidder's as
/// declarer in `declarer` and each other bidder's in `defence`; the model
/// turns them into chances and points in play
/// ([`crate::estimate::real`]). With two players only the first defence is
/// played (the second repeats it).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LayoutValue {
    pub declarer: u16,
    pub defence: [u16; 2],
    /// Whether the bidder wins a trick in those defences (double-dummy).
    pub defence_trick: [bool; 2],
    /// The musik of the layout (what the bidder's ten cards would be).
    pub musik: CardSet,
    /// The most the bidder could announce after this musik (120 plus the
    /// marriages of its ten cards).
    pub cap: u16,
    /// Whether the layout fits the hard facts.
    pub fits: bool,
}

/// Solves sampled layout `index` for the bidder.
pub fn solve_layout(
    solver: &mut Solver,
    seen: &AuctionSeen,
    seed: u64,
    index: usize,
    basis: Basis,
) -> LayoutValue {
    let rules = seen.rules;
    let Layout {
        hands,
        musik,
        other_musik,
        fits,
    } = layout(seen, seed, index);
    solver.clear();
    let two = rules.players == Players::Two;
    let me_declares = if two {
        Deal::two(seen.hand, hands[0], musik, other_musik)
    } else {
        Deal::new([seen.hand, hands[0], hands[1]], musik)
    };
    // Other k declares: D = other k, then calling order on from it.
    let other_declares = |k: usize| match (two, k) {
        (true, _) => (Deal::two(hands[0], seen.hand, musik, other_musik), 1),
        (false, 0) => (Deal::new([hands[0], hands[1], seen.hand], musik), 2),
        (false, _) => (Deal::new([hands[1], seen.hand, hands[0]], musik), 1),
    };
    if basis == Basis::RealPlay {
        let declarer = guessed_value(solver, &rules, &me_declares);
        let d0 = guessed_value(solver, &rules, &other_declares(0).0);
        let d1 = if two {
            d0
        } else {
            guessed_value(solver, &rules, &other_declares(1).0)
        };
        return LayoutValue {
            declarer,
            defence: [d0, d1],
            defence_trick: [true; 2],
            musik,
            cap: cap(seen.hand | musik, &rules),
            fits,
        };
    }
    let declarer = solver.best_exchange(&me_declares).1;
    let defend = |solver: &mut Solver, k: usize| {
        let (deal, my_seat) = other_declares(k);
        let (e, _) = solver.best_exchange(&deal);
        let mut state = deal.after(&rules, &e).expect("a generated exchange");
        let mut trick = false;
        for m in solver.line(&state) {
            if let Some((winner, _)) = state.play(&rules, m).trick {
                trick |= winner.index() == my_seat;
            }
        }
        (state.points[my_seat], trick)
    };
    let (d0, t0) = defend(solver, 0);
    let (d1, t1) = if two { (d0, t0) } else { defend(solver, 1) };
    LayoutValue {
        declarer,
        defence: [d0, d1],
        defence_trick: [t0, t1],
        musik,
        cap: cap(seen.hand | musik, &rules),
        fits,
    }
}

/// One call's value.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CallValue {
    /// `pass`, `110`, ...
    pub call: String,
    /// The expected points the call adds to the bidder's total.
    pub expected_score: f64,
    /// For a bid: the contract it would play and the chance of making it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contract: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub probability: Option<f64>,
}

/// Every legal call valued, best first.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Judgement {
    /// The best call now.
    pub best: String,
    pub calls: Vec<CallValue>,
    /// Layouts that fit the auction's hard facts, of those sampled.
    pub samples: usize,
    pub fitting: usize,
}

impl Judgement {
    /// The value of `call`, when it was legal.
    pub fn value_of(&self, call: Call) -> Option<f64> {
        let text = call.to_string();
        self.calls
            .iter()
            .find(|c| c.call == text)
            .map(|c| c.expected_score)
    }

    /// The best call's value.
    pub fn best_value(&self) -> f64 {
        self.calls.first().map_or(0.0, |c| c.expected_score)
    }
}

/// What the sheet adds to the bidder's total for `earned` on defence:
/// nothing on the barrel, never above the defence cap.
fn defence_added(rules: &Rules, total: i32, earned: i32) -> i32 {
    let barrel = i32::from(rules.barrel);
    if barrel > 0 && total >= barrel {
        return 0;
    }
    if barrel > 0 {
        let cap = crate::engine::score::defence_cap(rules);
        if total + earned > cap {
            return (cap - total).max(0);
        }
    }
    earned
}

/// What a made contract that brings the bidder's total to the game's
/// target is worth besides its points, in the bidders' reckoning: ending
/// the game is worth more than the points it adds.
pub const FINISH_BONUS: f64 = 100.0;

/// The hand score of a contract `c` bid at `bid` when the declarer takes
/// `points`.
fn declarer_score(rules: &Rules, c: u16, bid: u16, points: u16) -> i32 {
    if crate::engine::score::contract_made(c, crate::engine::score::checked_points(rules, points)) {
        i32::from(c)
    } else if rules.failed_costs == FailedCosts::Bid {
        -i32::from(bid)
    } else {
        -i32::from(c)
    }
}

/// The chance that the bidder, declaring on layout `v`, makes `contract`:
/// 0 or 1 double-dummy, the model's chance in real play.
fn chance(model: Option<&PlayModel>, seen: &AuctionSeen, v: &LayoutValue, contract: u16) -> f64 {
    let rules = &seen.rules;
    match model {
        None => f64::from(u8::from(crate::engine::score::contract_made(
            contract,
            crate::engine::score::checked_points(rules, v.declarer),
        ))),
        Some(m) => {
            let x = declarer_features(seen.hand | v.musik, v.declarer, rules);
            let t = i32::from(points_to_make(rules, contract)) - i32::from(v.declarer);
            m.guessed.at_least(t, &x)
        }
    }
}

/// What defending adds to the bidder's total on a double-dummy layout: its
/// points rounded, as the sheet adds them, less the third bolt's penalty.
fn defence_value(seen: &AuctionSeen, points: u16, trick: bool) -> f64 {
    let rules = &seen.rules;
    let earned = i32::from(rules.rounding.apply(points));
    // The third bolt: two already, and no trick in this defence.
    let bolt = if rules.bolts && seen.bolts >= 2 && !trick {
        crate::engine::score::PENALTY
    } else {
        0
    };
    f64::from(defence_added(rules, seen.total, earned) - bolt)
}

/// The same in real play: over the model's points for a defender whose
/// declarer's quick value is `declarer` (no points stands for no trick).
fn real_defence_value(seen: &AuctionSeen, model: &PlayModel, declarer: u16) -> f64 {
    let x = defence_features(seen.hand, declarer, &seen.rules);
    let most = crate::engine::score::max_contract(&seen.rules).max(120);
    model
        .defence
        .distribution(&x, most)
        .map(|(p, chance)| chance * defence_value(seen, p, p > 0))
        .sum()
}

/// Values every legal call of the bidder over the solved layouts (those
/// that fit the hard facts; all of them when none does).
pub fn judge(seen: &AuctionSeen, values: &[LayoutValue], basis: Basis) -> Judgement {
    let rules = &seen.rules;
    let model = match basis {
        Basis::RealPlay => Some(
            crate::estimate::bid::real_model(rules)
                .expect("the real-play basis needs rules the model covers"),
        ),
        Basis::DoubleDummy => None,
    };
    let fitting: Vec<&LayoutValue> = values.iter().filter(|v| v.fits).collect();
    let pool: Vec<&LayoutValue> = if fitting.is_empty() {
        values.iter().collect()
    } else {
        fitting.clone()
    };
    let n = pool.len().max(1) as f64;
    let mean = |f: &dyn Fn(&LayoutValue) -> f64| pool.iter().map(|v| f(v)).sum::<f64>() / n;
    let mut calls: Vec<CallValue> = Vec::new();
    // The pass: the high bidder declares; the bidder defends.
    let high = seen.auction.high().map(|(b, _, _)| b);
    let defence_slot = high.and_then(|h| others(seen).iter().position(|&o| o == h));
    let pass_value = match defence_slot {
        Some(k) => mean(&|v: &LayoutValue| match model {
            None => defence_value(seen, v.defence[k], v.defence_trick[k]),
            Some(m) => real_defence_value(seen, m, v.defence[k]),
        }),
        None => 0.0,
    };
    calls.push(CallValue {
        call: Call::Pass.to_string(),
        expected_score: pass_value,
        contract: None,
        probability: None,
    });
    let top = pool.iter().map(|v| v.cap).max().unwrap_or(120);
    for call in seen.auction.legal_calls() {
        let Some(bid) = call.level() else {
            continue;
        };
        let double = if matches!(call, Call::Blind(_)) {
            2.0
        } else {
            1.0
        };
        // The contract with the best expected score from the bid up.
        let (contract, value, p) = levels_from(bid, top.max(bid), rules)
            .into_iter()
            .map(|c| {
                let made = mean(&|v: &LayoutValue| {
                    if c > v.cap.max(bid) {
                        0.0
                    } else {
                        chance(model, seen, v, c)
                    }
                });
                let target = crate::engine::score::game_target(rules);
                let value = mean(&|v: &LayoutValue| {
                    let c = c.min(v.cap.max(bid));
                    let p = chance(model, seen, v, c);
                    let (won, lost) = (
                        declarer_score(rules, c, bid, u16::MAX),
                        declarer_score(rules, c, bid, 0),
                    );
                    let finish = if won > 0 && seen.total + won >= target {
                        FINISH_BONUS
                    } else {
                        0.0
                    };
                    p * (f64::from(won) + finish) + (1.0 - p) * f64::from(lost)
                });
                (c, value * double, made)
            })
            .fold(
                (bid, f64::MIN, 0.0),
                |best, x| if x.1 > best.1 { x } else { best },
            );
        calls.push(CallValue {
            call: call.to_string(),
            expected_score: value,
            contract: Some(contract),
            probability: Some(p),
        });
    }
    // Best first; a tie keeps the earlier (pass, then the lower bid).
    let mut order: Vec<usize> = (0..calls.len()).collect();
    order.sort_by(|&a, &b| {
        calls[b]
            .expected_score
            .partial_cmp(&calls[a].expected_score)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(a.cmp(&b))
    });
    let calls: Vec<CallValue> = order.into_iter().map(|i| calls[i].clone()).collect();
    Judgement {
        best: calls[0].call.clone(),
        calls,
        samples: values.len(),
        fitting: fitting.len(),
    }
}

/// Draws `samples` layouts ([`draws`]), solves them on `workers` (each
/// layout drawn once, however often it was drawn; `progress` ticks per
/// layout solved), then judges; with the draws, which say which model
/// judged and what they are worth.
pub fn judge_on(
    workers: &Workers,
    seen: &AuctionSeen,
    samples: usize,
    seed: u64,
    inference: Inference,
    basis: Basis,
    progress: Progress,
) -> (Judgement, Draws) {
    let d = draws(seen, seed, samples, inference);
    let solved = workers.map(d.indices.len(), progress, |solver, k| {
        solve_layout(solver, seen, seed, d.indices[k].0, basis)
    });
    (judge(seen, &d.expand(&solved), basis), d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(s: &str) -> CardSet {
        s.split_whitespace().map(|c| c.parse().unwrap()).collect()
    }

    /// docs/rules.md: "From 800 points (the barrel) a player scores only
    /// as declarer, and a defender never passes 990 on defence."
    #[test]
    fn what_defence_adds_to_a_total_by_the_barrel() {
        let r = Rules::STANDARD;
        // Below the barrel: all of it, up to 990 and no further.
        assert_eq!(defence_added(&r, 790, 30), 30);
        assert_eq!(defence_added(&r, 790, 200), 200);
        assert_eq!(defence_added(&r, 795, 200), 195);
        // On the barrel (800 and more): nothing.
        assert_eq!(defence_added(&r, 800, 30), 0);
        assert_eq!(defence_added(&r, 799, 30), 30);
        // Without a barrel a defender's points all count, past 990 too.
        let none: Rules = "standard barrel=0".parse().unwrap();
        assert_eq!(defence_added(&none, 900, 30), 30);
        assert_eq!(defence_added(&none, 980, 30), 30);
    }

    /// A made contract scores itself, a failed one loses itself, or the
    /// bid under `failed_costs=bid`.
    #[test]
    fn a_declarers_score_made_and_failed() {
        let r = Rules::STANDARD;
        assert_eq!(declarer_score(&r, 120, 110, 130), 120);
        assert_eq!(declarer_score(&r, 120, 110, 120), 120);
        assert_eq!(declarer_score(&r, 120, 110, 100), -120);
        let bid: Rules = "standard failed_costs=bid".parse().unwrap();
        assert_eq!(declarer_score(&bid, 120, 110, 100), -110);
        assert_eq!(declarer_score(&bid, 120, 110, 130), 120);
    }

    #[test]
    fn the_best_value_is_the_first_calls() {
        let value = |call: &str, expected_score: f64| CallValue {
            call: call.into(),
            expected_score,
            contract: None,
            probability: None,
        };
        let j = Judgement {
            best: "110".into(),
            calls: vec![value("110", 37.5), value("pass", 12.0)],
            samples: 4,
            fitting: 4,
        };
        assert_eq!(j.best_value(), 37.5);
        assert_eq!(j.value_of(Call::Pass), Some(12.0));
        assert_eq!(j.value_of(Call::Bid(120)), None);
        let none = Judgement { calls: vec![], ..j };
        assert_eq!(none.best_value(), 0.0);
    }

    #[test]
    fn a_bid_above_120_shows_a_marriage() {
        let r = Rules::STANDARD;
        let none = cards("AH TH AD TD AC TC AS");
        let hearts = cards("KH QH 9D 9C 9S JD JC");
        assert!(!fits(&r, &[none, hearts], &[140, 0]));
        assert!(fits(&r, &[hearts, none], &[140, 120]));
        // 120 plus spades (40) is 160: a 170 needs more.
        let spades = cards("KS QS 9D 9C 9H JD JC");
        assert!(!fits(&r, &[spades, none], &[170, 0]));
        assert!(fits(&r, &[spades, none], &[160, 0]));
        let before: Rules = "standard bid_limit=120_before_musik".parse().unwrap();
        assert!(fits(&before, &[none, none], &[120, 120]));
    }

    #[test]
    fn sampled_layouts_fit_the_auction() {
        let rules = Rules::STANDARD;
        let mut a = Auction::new(&rules, vec![None, None, Some(120)], vec![false; 3], 100);
        a.call(Call::Bid(150)).unwrap();
        let seen = AuctionSeen {
            rules,
            hand: cards("AH TH AD TD AC TC AS"),
            me: 2,
            auction: a,
            total: 0,
            bolts: 0,
        };
        let mut opener_without = 0;
        for i in 0..50 {
            let Layout {
                hands, musik, fits, ..
            } = layout(&seen, 9, i);
            assert!(fits);
            // Bidder 1 (the second "other" of bidder 2) bid 150: a marriage
            // worth at least 30, so any marriage.
            assert!(hands[1].marriages().next().is_some(), "{i}");
            assert_eq!((hands[0] | hands[1] | musik | seen.hand).len(), 24);
            opener_without += usize::from(hands[0].marriages().next().is_none());
        }
        // The opener only made the forced 100: nothing is shown of its
        // hand, which often holds no marriage (another's bid is not its).
        assert!(opener_without > 5, "{opener_without} of 50");
        // Holding every king and queen but QS, the bidder leaves the 150
        // no marriage to stand on: no layout fits, and the last drawn is
        // kept, marked so.
        let mut none = seen.clone();
        none.hand = cards("KH QH KD QD KC QC KS");
        assert!(!layout(&none, 9, 0).fits);
    }

    /// The marriage points bidder `b` holds in layout `l` of `seen`.
    fn marriages_of(seen: &AuctionSeen, l: &Layout, b: usize) -> u32 {
        let k = others(seen).iter().position(|&o| o == b).unwrap();
        l.hands[k]
            .marriages()
            .map(|s| seen.rules.marriage_value(s) as u32)
            .sum()
    }

    #[test]
    fn nothing_read_draws_the_uniform_layouts() {
        let rules = Rules::STANDARD;
        let hand = cards("AH TH AD TD AC TC AS");
        let uniform: Vec<(usize, usize)> = (0..30).map(|i| (i, 1)).collect();
        // Only the forced opening: it says nothing.
        let opened = parse_auction("L:100 R:?", &rules, hand, 0).unwrap();
        let d = draws(&opened, 5, 30, Inference::Model);
        assert_eq!(
            (d.indices, d.inference, d.effective),
            (uniform.clone(), Inference::None, 30.0)
        );
        // A call to read, but the uniform model asked for.
        let raised = parse_auction("L:100 R:120 D:?", &rules, hand, 0).unwrap();
        let d = draws(&raised, 5, 30, Inference::None);
        assert_eq!((d.indices, d.inference), (uniform, Inference::None));
        // Read: 30 draws in all, worth at most 30.
        let d = draws(&raised, 5, 30, Inference::Model);
        assert_eq!(d.inference, Inference::Model);
        assert_eq!(d.indices.iter().map(|&(_, c)| c).sum::<usize>(), 30);
        // Each layout named was drawn, once or more, and named once.
        assert!(d.indices.iter().all(|&(_, c)| c > 0), "{:?}", d.indices);
        assert!(d.indices.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(d.effective > 0.0 && d.effective <= 30.0);
    }

    #[test]
    fn calls_read_move_the_layouts_toward_what_they_say() {
        let rules = Rules::STANDARD;
        let hand = cards("9H JH 9D JD 9C JC 9S");
        let mean = |seen: &AuctionSeen, inference, b: usize| {
            let d = draws(seen, 11, 400, inference);
            let total: u32 = d
                .indices
                .iter()
                .map(|&(i, c)| c as u32 * marriages_of(seen, &layout(seen, 11, i), b))
                .sum();
            f64::from(total) / 400.0
        };
        // R (bidder 1) passed facing 110: fewer marriages than uniform
        // (measured: 5 points of marriage a hand against 43).
        let passed = parse_auction("L:100 R:pass D:?", &rules, hand, 0).unwrap();
        let (read, uniform) = (
            mean(&passed, Inference::Model, 1),
            mean(&passed, Inference::None, 1),
        );
        assert!(
            read + 20.0 < uniform,
            "R passed: {read:.1} against {uniform:.1}"
        );
        // R raised to 120 over the opening: more (84 against 43).
        let raised = parse_auction("L:100 R:120 D:?", &rules, hand, 0).unwrap();
        let (read, uniform) = (
            mean(&raised, Inference::Model, 1),
            mean(&raised, Inference::None, 1),
        );
        assert!(
            read > uniform + 20.0,
            "R raised: {read:.1} against {uniform:.1}"
        );
        // The opener's forced 100 says nothing: L as drawn either way.
        let (read, uniform) = (
            mean(&raised, Inference::Model, 0),
            mean(&raised, Inference::None, 0),
        );
        assert!(
            (read - uniform).abs() < 10.0,
            "L: {read:.1} against {uniform:.1}"
        );
    }

    #[test]
    fn expanding_repeats_each_layout_as_often_as_drawn() {
        let v = |declarer| LayoutValue {
            declarer,
            defence: [0, 0],
            defence_trick: [false, false],
            musik: CardSet::EMPTY,
            cap: 120,
            fits: true,
        };
        let d = Draws {
            indices: vec![(3, 2), (7, 1), (9, 3)],
            inference: Inference::Model,
            effective: 2.5,
        };
        let got: Vec<u16> = d
            .expand(&[v(10), v(20), v(30)])
            .iter()
            .map(|x| x.declarer)
            .collect();
        assert_eq!(got, vec![10, 10, 20, 30, 30, 30]);
    }

    /// Two layouts worked by hand. Bidder 1 (no marriage: cap 120) to call
    /// after the opener's forced 100; the opener (bidder 0) is the second
    /// "other" of bidder 1, so a pass defends against it: defence[1].
    fn two_layouts(rules: &str, total: i32, bolts: u8) -> Judgement {
        let rules: Rules = rules.parse().unwrap();
        let hand = cards("AH TH AD TD AC TC AS");
        let auction = Auction::new(&rules, vec![None, Some(120), None], vec![false; 3], 100);
        let seen = AuctionSeen {
            rules,
            hand,
            me: 1,
            auction,
            total,
            bolts,
        };
        let v = |declarer, d: u16, trick| LayoutValue {
            declarer,
            defence: [99, d],
            defence_trick: [true, trick],
            musik: CardSet::EMPTY,
            cap: 120,
            fits: true,
        };
        judge(
            &seen,
            &[v(130, 25, true), v(100, 50, false)],
            Basis::DoubleDummy,
        )
    }

    #[test]
    fn calls_are_valued_as_worked_by_hand() {
        // Pass: defence 25 -> 20 (half_down), 50 -> 50: mean 35.
        // 110: made on the first layout (+110), not on the second (-110):
        // 0; 120 likewise 0. Best: pass.
        let j = two_layouts("standard", 0, 0);
        assert_eq!(j.best, "pass");
        assert_eq!(j.value_of(Call::Pass), Some(35.0));
        assert_eq!(j.value_of(Call::Bid(110)), Some(0.0));
        assert_eq!(j.value_of(Call::Bid(120)), Some(0.0));
        let bid110 = j.calls.iter().find(|c| c.call == "110").unwrap();
        assert_eq!(
            (bid110.contract, bid110.probability),
            (Some(110), Some(0.5))
        );
        assert_eq!(j.calls.len(), 3);
    }

    #[test]
    fn the_score_changes_the_values() {
        // On the barrel (820 >= 800) defence adds nothing: pass is 0, tied
        // with the bids; the tie keeps pass first.
        let j = two_layouts("standard", 820, 0);
        assert_eq!(j.value_of(Call::Pass), Some(0.0));
        assert_eq!(j.best, "pass");
        // At 900 a made 110 ends the game: (110 + 100 - 110) / 2 = 50.
        let j = two_layouts("standard", 900, 0);
        assert_eq!(j.value_of(Call::Bid(110)), Some(50.0));
        assert_eq!(j.best, "110");
        // Two bolts: the second layout's defence wins no trick: 50 - 120
        // = -70, with 20: mean -25.
        let j = two_layouts("standard bolts=yes", 0, 2);
        assert_eq!(j.value_of(Call::Pass), Some(-25.0));
        // One bolt: no penalty yet.
        let j = two_layouts("standard bolts=yes", 0, 1);
        assert_eq!(j.value_of(Call::Pass), Some(35.0));
        // failed_costs=bid: a failed contract above the bid costs the bid.
        // Bid 110 announcing 120: +120 / -110 = 5 > 0 (bid 110 at 110: 0).
        let j = two_layouts("pl failed_costs=bid", 0, 0);
        assert_eq!(j.value_of(Call::Bid(110)), Some(5.0));
    }

    #[test]
    fn the_barrel_makes_defence_worth_nothing() {
        let r = Rules::STANDARD;
        assert_eq!(defence_added(&r, 820, 40), 0);
        assert_eq!(defence_added(&r, 700, 40), 40);
        assert_eq!(defence_added(&r, 780, 40), 40);
        let no: Rules = "standard barrel=0".parse().unwrap();
        assert_eq!(defence_added(&no, 980, 40), 40);
    }
}
