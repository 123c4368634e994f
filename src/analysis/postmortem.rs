//! The post-mortem of a whole game: every auction decision judged from its
//! bidder's seven cards, the auction so far and the score
//! ([`crate::players::bidding`]), beside the double-dummy review of each hand's
//! exchange and play ([`crate::analysis::analyze`]), and what each player lost to
//! bidding, exchange and play, hand by hand and for the game.

use serde::Serialize;

use crate::analysis::analyze::{analyze_position, Analysis};
use crate::game::table::{HandLog, Table};
use crate::players::bidding::{self, AuctionSeen};
use crate::players::inference::Inference;
use crate::solver::{Progress, Workers};

/// One call judged.
#[derive(Clone, Debug, Serialize)]
pub struct CallReview {
    pub player: String,
    pub call: String,
    /// The expected score of the call made, and of the best one.
    pub expected: f64,
    pub best: String,
    pub best_expected: f64,
    /// `best_expected − expected` (0 for the best call).
    pub cost: f64,
    /// Which model drew the layouts: `model` when the calls before it were
    /// read, `none` when nothing was read or uniform layouts were asked for.
    pub inference: Inference,
    /// What the layouts are worth in independent ones (at most the samples).
    pub effective_samples: f64,
}

/// What a player lost in a hand or a game: bidding in expected score,
/// exchange and play in double-dummy points of the declarer's total.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Losses {
    pub player: String,
    pub bidding: f64,
    pub exchange: u32,
    pub play: u32,
}

/// One hand's post-mortem.
#[derive(Clone, Debug, Serialize)]
pub struct HandReview {
    pub hand: usize,
    pub dealer: String,
    pub declarer: Option<String>,
    pub calls: Vec<CallReview>,
    /// The exchange and play review (none for a redealt or conceded hand).
    pub analysis: Option<Analysis>,
    pub losses: Vec<Losses>,
}

/// The whole game's post-mortem.
#[derive(Clone, Debug, Serialize)]
pub struct GameReview {
    pub hands: Vec<HandReview>,
    /// Per player, over the game.
    pub summary: Vec<Losses>,
    /// Layouts each call was judged on, and their seed.
    pub samples: usize,
    pub seed: u64,
}

/// A row of nothing lost for each player.
fn no_losses(table: &Table) -> Vec<Losses> {
    table
        .players
        .iter()
        .map(|p| Losses {
            player: p.clone(),
            ..Losses::default()
        })
        .collect()
}

/// Every voluntary call of every hand (the work units of [`review`]).
pub fn calls_to_judge(table: &Table) -> usize {
    table
        .hands
        .iter()
        .filter(|h| h.redeal.is_none())
        .map(|h| {
            (0..h.auction.calls.len())
                .filter(|&i| h.auction.is_choice(i))
                .count()
        })
        .sum()
}

/// Judges every call and reviews every played hand of `table`; the calls
/// read the others' calls before them unless `inference` is none.
#[allow(clippy::too_many_arguments)]
pub fn review(
    table: &Table,
    samples: usize,
    seed: u64,
    inference: Inference,
    workers: &Workers,
    progress: Progress,
) -> Result<GameReview, String> {
    let rules = table.rules;
    let n = table.players.len();
    let mut summary = no_losses(table);
    let mut hands = Vec::new();
    let mut scored = 0;
    let mut solver = crate::solver::Solver::new(rules);
    for h in &table.hands {
        if h.redeal.is_some() {
            continue;
        }
        let totals: Vec<i32> = if scored == 0 {
            vec![0; n]
        } else {
            table.sheet.hands[scored - 1].totals.clone()
        };
        // Bolts before the hand are not on the sheet's lines: the game's
        // bolts now stand for them (0 unless bolts=yes).
        let bolts: Vec<u8> = table.sheet.bolts.clone();
        let mut losses = no_losses(table);
        let calls = judge_calls(
            table, h, &totals, &bolts, samples, seed, inference, workers, progress,
        );
        for c in &calls {
            if let Some(p) = table.players.iter().position(|x| *x == c.player) {
                losses[p].bidding += c.cost;
            }
        }
        let mut analysis = None;
        if !h.conceded && h.contract.is_some() {
            if let Some(pos) = h.position(&rules) {
                let mut hand_solver = if pos.rules == rules {
                    None
                } else {
                    Some(crate::solver::Solver::new(pos.rules))
                };
                let s = hand_solver.as_mut().unwrap_or(&mut solver);
                let a = analyze_position(s, &pos, None)?;
                let seats = h.seats().expect("a declarer");
                if let Some(cost) = a.exchange.as_ref().and_then(|e| e.cost) {
                    losses[seats[0]].exchange += u32::from(cost);
                }
                for (seat, s) in a.summary.iter() {
                    losses[seats[seat.index()]].play += s.cost;
                }
                analysis = Some(a);
            }
        }
        if h.finished(&rules) && h.redeal.is_none() {
            scored += 1;
        }
        for (s, l) in summary.iter_mut().zip(&losses) {
            s.bidding += l.bidding;
            s.exchange += l.exchange;
            s.play += l.play;
        }
        hands.push(HandReview {
            hand: h.number,
            dealer: table.players[h.dealer].clone(),
            declarer: h.declarer().map(|p| table.players[p].clone()),
            calls,
            analysis,
            losses,
        });
    }
    Ok(GameReview {
        hands,
        summary,
        samples,
        seed,
    })
}

/// Each call of hand `h` that was its bidder's choice, judged where it was
/// made: `totals` and `bolts` are the players' before the hand; the
/// layouts read the calls before it unless `inference` is none
/// ([`bidding::draws`]).
#[allow(clippy::too_many_arguments)]
pub fn judge_calls(
    table: &Table,
    h: &HandLog,
    totals: &[i32],
    bolts: &[u8],
    samples: usize,
    seed: u64,
    inference: Inference,
    workers: &Workers,
    progress: Progress,
) -> Vec<CallReview> {
    let mut out = Vec::new();
    for (i, &(b, call)) in h.auction.calls.iter().enumerate() {
        if !h.auction.is_choice(i) {
            continue;
        }
        let player = h.bidders[b];
        let seen = AuctionSeen {
            rules: table.rules,
            hand: h.cards[b],
            me: b,
            auction: h.auction.before_call(i, b),
            total: totals[player],
            bolts: bolts[player],
        };
        // Each call its own layouts: a seed of its own from (hand, call).
        let call_seed = seed ^ (h.deal_index << 8) ^ i as u64;
        let (j, draws) = bidding::judge_on(workers, &seen, samples, call_seed, inference, &|| {});
        progress();
        let expected = j.value_of(call).unwrap_or(f64::NAN);
        out.push(CallReview {
            player: table.players[player].clone(),
            call: call.to_string(),
            expected,
            best: j.best.clone(),
            best_expected: j.best_value(),
            cost: (j.best_value() - expected).max(0.0),
            inference: draws.inference,
            effective_samples: draws.effective,
        });
    }
    out
}

impl GameReview {
    /// The readable post-mortem.
    pub fn report(&self) -> String {
        let mut out = String::new();
        for h in &self.hands {
            out += &format!(
                "Hand {} · dealer {} · declarer {}\n",
                h.hand,
                h.dealer,
                h.declarer.as_deref().unwrap_or("-")
            );
            for c in &h.calls {
                if c.cost > 0.05 {
                    out += &format!(
                        "  {} {}: {:+.1}; best {} {:+.1}: cost {:.1}\n",
                        c.player, c.call, c.expected, c.best, c.best_expected, c.cost
                    );
                } else {
                    out += &format!(
                        "  {} {}: {:+.1}, the best call\n",
                        c.player, c.call, c.expected
                    );
                }
            }
            if let Some(a) = &h.analysis {
                for line in a.report().lines() {
                    out += &format!("  {line}\n");
                }
            }
            let lost: Vec<String> = h
                .losses
                .iter()
                .filter(|l| l.bidding > 0.05 || l.exchange > 0 || l.play > 0)
                .map(|l| {
                    format!(
                        "{} {:.1} bidding, {} exchange, {} play",
                        l.player, l.bidding, l.exchange, l.play
                    )
                })
                .collect();
            if !lost.is_empty() {
                out += &format!("  lost in hand {}: {}\n", h.hand, lost.join("; "));
            }
        }
        out += &format!(
            "Points lost, over the game (bidding: expected score, {} layouts a call; \
             exchange and play: double-dummy points):\n",
            self.samples
        );
        out += &format!(
            "{:<12} {:>9} {:>9} {:>6}\n",
            "player", "bidding", "exchange", "play"
        );
        for l in &self.summary {
            out += &format!(
                "{:<12} {:>9.1} {:>9} {:>6}\n",
                l.player, l.bidding, l.exchange, l.play
            );
        }
        out
    }
}
