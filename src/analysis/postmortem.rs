//! The post-mortem of a whole game: every auction decision judged from its
//! bidder's seven cards, the auction so far and the score
//! ([`crate::players::bidding`]), beside the double-dummy review of each hand's
//! exchange and play ([`crate::analysis::analyze`]), and what each player lost to
//! bidding, exchange and play, hand by hand and for the game.

use serde::Serialize;

use crate::analysis::analyze::{analyze_position, Analysis};
use crate::estimate::real::{basis_under, Basis};
use crate::game::table::{HandLog, Table};
use crate::game::words::{sentence, Names};
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

impl CallReview {
    /// The call judged, in words: `You bid 110: expected score -66.0;
    /// best: pass (+27.0), cost 93.0`.
    pub fn said(&self, names: &Names) -> String {
        let who = names
            .names
            .iter()
            .position(|n| *n == self.player)
            .expect("a player of the game");
        let call = sentence(&call_words(names, who, &self.call));
        if self.cost > 0.05 {
            format!(
                "{call}: expected score {:+.1}; best: {} ({:+.1}), cost {:.1}",
                self.expected,
                match self.best.as_str() {
                    "pass" => "pass".to_string(),
                    level => format!("bid {}", level_words(level)),
                },
                self.best_expected,
                self.cost
            )
        } else {
            format!(
                "{call}: expected score {:+.1}, the best call",
                self.expected
            )
        }
    }
}

/// A call as said of player `p`: "Ala passes", "you bid 120 blind".
fn call_words(names: &Names, p: usize, call: &str) -> String {
    match call {
        "pass" => names.says(p, "pass"),
        level => format!("{} {}", names.says(p, "bid"), level_words(level)),
    }
}

/// A bid's level as written in a call: `120`, or `120 blind` for `b120`.
fn level_words(level: &str) -> String {
    match level.strip_prefix('b') {
        Some(l) => format!("{l} blind"),
        None => level.to_string(),
    }
}

/// What a player lost in a hand or a game: bidding in expected score,
/// exchange and play in double-dummy points of the declarer's total.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Losses {
    pub player: String,
    pub bidding: f64,
    pub exchange: u32,
    pub play: u32,
    /// A concession that playing on would have beaten: the score given up.
    pub bomb: u32,
}

/// A concession judged against playing on, double-dummy, from the
/// exchange made.
#[derive(Clone, Debug, Serialize)]
pub struct BombReview {
    /// What the declarer scored conceding.
    pub score: i32,
    /// The declarer's total at the end had it played on with perfect play
    /// by both sides.
    pub value: u16,
    /// The highest contract allowed that this total makes, if any.
    pub contract: Option<u16>,
    /// What the declarer would have scored playing on: that contract made,
    /// or the lowest contract failed.
    pub played: i32,
    /// `played − score` when playing on scores more, else 0.
    pub cost: u32,
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
    /// A concession, judged.
    pub bomb: Option<BombReview>,
    /// With `analyze --view`: the exchange and play judged from each
    /// mover's view ([`crate::analysis::review`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub view: Option<crate::analysis::review::Review>,
    pub losses: Vec<Losses>,
    /// The players by seat (D first), once there is a declarer: who the
    /// analysis's seats are.
    #[serde(skip)]
    seat_players: Vec<usize>,
    #[serde(skip)]
    dealer_player: usize,
    #[serde(skip)]
    declarer_player: Option<usize>,
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

/// Every call of every hand made by choice (the work units of [`review`]).
pub fn calls_to_judge(table: &Table) -> usize {
    table
        .hands
        .iter()
        .filter(|h| h.redeal.is_none())
        .map(|h| {
            (0..h.auction.calls.len())
                .filter(|&i| is_choice(h, i))
                .count()
        })
        .sum()
}

/// Whether call `i` of hand `h` was its bidder's choice: not the forced
/// opening, not a pass `bid_floor` forced, and not a pass when no bid was
/// allowed (the only call there was).
fn is_choice(h: &HandLog, i: usize) -> bool {
    let (b, _) = h.auction.calls[i];
    h.auction.is_choice(i) && h.auction.before_call(i, b).legal_calls().len() > 1
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
        let basis = basis_under(Basis::RealPlay, &table.rules);
        let calls = judge_calls(
            table, h, &totals, &bolts, samples, seed, inference, basis, workers, progress,
        );
        for c in &calls {
            if let Some(p) = table.players.iter().position(|x| *x == c.player) {
                losses[p].bidding += c.cost;
            }
        }
        let mut analysis = None;
        let mut bomb = None;
        if h.conceded {
            if let Some(b) = judge_bomb(table, h, &mut solver)? {
                let d = h.declarer().expect("a declarer concedes");
                losses[d].bomb += b.cost;
                bomb = Some(b);
            }
        }
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
            s.bomb += l.bomb;
        }
        hands.push(HandReview {
            hand: h.number,
            dealer: table.players[h.dealer].clone(),
            declarer: h.declarer().map(|p| table.players[p].clone()),
            calls,
            analysis,
            bomb,
            view: None,
            losses,
            seat_players: h.seats().unwrap_or_default(),
            dealer_player: h.dealer,
            declarer_player: h.declarer(),
        });
    }
    Ok(GameReview {
        hands,
        summary,
        samples,
        seed,
    })
}

/// How [`review_game`] reviews a game: `bid_samples` layouts per auction
/// call, `seed`, the calls' (and the views') `inference`, and with
/// `view: Some(samples)` every played hand also from each mover's view.
#[derive(Clone, Copy, Debug)]
pub struct GameOptions {
    pub bid_samples: usize,
    pub seed: u64,
    pub inference: Inference,
    pub view: Option<usize>,
}

/// Where [`review_game`] failed: judging the calls and hands, or the view.
#[derive(Clone, Debug, PartialEq)]
pub enum GameError {
    Review(String),
    View(String),
}

/// The whole post-mortem `analyze` gives a game record, the command's and
/// the page's alike: [`review`], then with `view` [`view_hands`].
/// `calls` is called after each judged call ([`calls_to_judge`] of them),
/// `views` after each hand viewed.
pub fn review_game(
    table: &Table,
    o: &GameOptions,
    workers: &Workers,
    calls: Progress,
    views: Progress,
) -> Result<GameReview, GameError> {
    let mut r = review(table, o.bid_samples, o.seed, o.inference, workers, calls)
        .map_err(GameError::Review)?;
    if let Some(samples) = o.view {
        let opts = crate::players::pimc::PimcOptions {
            samples,
            seed: o.seed,
            objective: None,
            inference: o.inference,
        };
        view_hands(table, &mut r, &opts, views).map_err(GameError::View)?;
    }
    Ok(r)
}

impl GameReview {
    /// The game's summary `{"summary", "samples", "seed"}`: the last line
    /// `analyze --json` prints, after one line per hand.
    pub fn summary_json(&self) -> serde_json::Value {
        serde_json::json!({"summary": self.summary, "samples": self.samples,
                           "seed": self.seed})
    }
}

/// The hands [`review`] analyzes the exchange and play of (and
/// [`view_hands`] views): played to a contract, not conceded.
pub fn hands_analyzed(table: &Table) -> usize {
    table
        .hands
        .iter()
        .filter(|h| h.redeal.is_none() && !h.conceded && h.contract.is_some())
        .filter(|h| h.position(&table.rules).is_some())
        .count()
}

/// Judges the exchange and play of each hand `review` analyzed from each
/// mover's view ([`crate::analysis::review::review`]), as `analyze --view` does for a
/// position; `progress` is called after each hand.
pub fn view_hands(
    table: &Table,
    review: &mut GameReview,
    opts: &crate::players::pimc::PimcOptions,
    progress: Progress,
) -> Result<(), String> {
    let mut solvers: Vec<crate::solver::Solver> = Vec::new();
    for hr in review.hands.iter_mut().filter(|hr| hr.analysis.is_some()) {
        let h = table
            .hands
            .iter()
            .find(|h| h.number == hr.hand && h.redeal.is_none())
            .expect("a reviewed hand is in the table");
        let pos = h
            .position(&table.rules)
            .expect("an analyzed hand has a position");
        let k = match solvers.iter().position(|s| *s.rules() == pos.rules) {
            Some(k) => k,
            None => {
                solvers.push(crate::solver::Solver::new(pos.rules));
                solvers.len() - 1
            }
        };
        hr.view = Some(crate::analysis::review::review(
            &pos,
            opts,
            &mut solvers[k],
        )?);
        progress();
    }
    Ok(())
}

/// A conceded hand against playing it on from the exchange made,
/// double-dummy: the best contract its total makes (or the lowest, failed)
/// scored as the sheet scored the concession (doubled alike). `None` when
/// the hand has no exchange or no sheet line.
fn judge_bomb(
    table: &Table,
    h: &HandLog,
    solver: &mut crate::solver::Solver,
) -> Result<Option<BombReview>, String> {
    let rules = h.hand_rules(&table.rules);
    let (Some(w), Some(deal), Some(e), Some(d)) = (h.won(), h.deal(), h.exchange, h.declarer())
    else {
        return Ok(None);
    };
    let Some(line) = table
        .sheet
        .hands
        .iter()
        .find(|r| r.number == h.number && r.conceded)
    else {
        return Ok(None);
    };
    let start = deal.after(&rules, &e)?;
    let mut own = crate::solver::Solver::new(rules);
    let s = if *solver.rules() == rules {
        solver
    } else {
        &mut own
    };
    let value = s.value(&start);
    let kept = e
        .cards()
        .into_iter()
        .fold(deal.declarer_ten(), |t, c| t.without(c));
    let top = crate::engine::contract::cap(kept, &rules).max(w.bid);
    let levels = crate::engine::contract::levels_from(w.bid, top, &rules);
    let factor = if line.doubled { 2 } else { 1 };
    let score_of = |c: u16| factor * crate::engine::score::hand_score(&rules, c, [value, 0, 0])[0];
    let contract = levels.iter().copied().filter(|&c| value >= c).max();
    let played = levels
        .iter()
        .map(|&c| score_of(c))
        .max()
        .unwrap_or_else(|| score_of(w.bid));
    let score = line.earned[d];
    Ok(Some(BombReview {
        score,
        value,
        contract,
        played,
        cost: u32::try_from(played - score).unwrap_or(0),
    }))
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
    basis: Basis,
    workers: &Workers,
    progress: Progress,
) -> Vec<CallReview> {
    let mut out = Vec::new();
    for (i, &(b, call)) in h.auction.calls.iter().enumerate() {
        if !is_choice(h, i) {
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
        let (j, draws) =
            bidding::judge_on(workers, &seen, samples, call_seed, inference, basis, &|| {});
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
    /// The readable post-mortem, the players named by `names` (one of
    /// them, the one reading, "you").
    pub fn report(&self, names: &Names) -> String {
        let mut out = String::new();
        for h in &self.hands {
            let declares = match h.declarer_player {
                Some(d) => names.says(d, "declare"),
                None => "no declarer".into(),
            };
            out += &format!(
                "Hand {} · {} · {declares}\n",
                h.hand,
                names.says(h.dealer_player, "deal"),
            );
            for c in &h.calls {
                out += &format!("  {}\n", c.said(names));
            }
            if let (Some(b), Some(d)) = (&h.bomb, h.declarer_player) {
                let played = match b.contract {
                    Some(c) => format!("enough for {c} ({:+})", b.played),
                    None => format!("not enough for the bid ({:+})", b.played),
                };
                let verdict = if b.cost > 0 {
                    format!("the bomb cost {}", b.cost)
                } else {
                    "the bomb lost nothing".into()
                };
                out += &format!(
                    "  {} (the bomb): {:+}. Played on from the exchange made, with perfect \
                     play, {} would take {} points: {played}; {verdict}.\n",
                    sentence(&names.says(d, "concede")),
                    b.score,
                    names.who(d),
                    b.value,
                );
            }
            if let Some(a) = &h.analysis {
                let by_seat = Names::new(
                    h.seat_players
                        .iter()
                        .map(|&p| names.names[p].clone())
                        .collect(),
                    names
                        .you
                        .and_then(|y| h.seat_players.iter().position(|&p| p == y)),
                );
                let view = h.view.as_ref().map(|v| v.report_for(&by_seat));
                let lines = a.report_for(&by_seat);
                for line in lines.lines().chain(view.iter().flat_map(|v| v.lines())) {
                    match line {
                        "" => out += "\n",
                        _ => out += &format!("  {line}\n"),
                    }
                }
            }
            let lost: Vec<String> = h
                .losses
                .iter()
                .enumerate()
                .filter_map(|(p, l)| {
                    let parts: Vec<String> = [
                        (l.bidding > 0.05).then(|| format!("{:.1} bidding", l.bidding)),
                        (l.exchange > 0).then(|| format!("{} exchange", l.exchange)),
                        (l.play > 0).then(|| format!("{} play", l.play)),
                        (l.bomb > 0).then(|| format!("{} the bomb", l.bomb)),
                    ]
                    .into_iter()
                    .flatten()
                    .collect();
                    (!parts.is_empty()).then(|| format!("{} {}", names.who(p), parts.join(", ")))
                })
                .collect();
            if !lost.is_empty() {
                out += &format!("  lost in hand {}: {}\n", h.hand, lost.join("; "));
            }
        }
        out += &format!(
            "Points lost, over the game (bidding: expected score, {} layouts a call; \
             exchange and play: double-dummy points of the declarer's total; the bomb: \
             score given up):\n",
            self.samples
        );
        out += &format!(
            "{:<12} {:>9} {:>9} {:>6} {:>9}\n",
            "player", "bidding", "exchange", "play", "the bomb"
        );
        for l in &self.summary {
            out += &format!(
                "{:<12} {:>9.1} {:>9} {:>6} {:>9}\n",
                l.player, l.bidding, l.exchange, l.play, l.bomb
            );
        }
        out
    }
}
