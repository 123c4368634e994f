//! `exchange`: the musik is taken; which cards go, and what contract to
//! announce?
//!
//! The declarer's ten cards are known; the 14 others are sampled, 7 to L
//! and 7 to R (with two players: the declarer's twelve, and the 12 others
//! 10 to L and 2 to the other musik). Solving every exchange (90, or 120 discards) exactly on
//! every layout would cost far too much, so the work is in two stages:
//!
//! 1. *Screening*: on `screen` layouts of their own, the solver finds the
//!    best exchange for each layout. The exchanges that were best somewhere
//!    (most often first), topped up by the cheap guess
//!    ([`crate::engine::contract::exchange_guess`]), become the `candidates`.
//! 2. *Scoring*: each candidate is solved exactly on `samples` fresh
//!    layouts; the probabilities and means come from these alone, so the
//!    screening's luck does not flatter the winner.

use serde::{Deserialize, Serialize};

use super::bid::{check_confidence, check_count, DEFAULT_SEED};
use super::real::{declarer_features, Basis};
use super::{floor_level, mean, InputError, LevelRow};
use crate::engine::cardset::CardSet;
use crate::engine::contract::{cap, guessed_exchanges, levels_from};
use crate::engine::deal::{Deal, Exchange, Give};
use crate::engine::rules::{Players, Rules};
use crate::engine::sample::{deal_unseen, sample_rng, AUX_STREAM};
use crate::solver::{Progress, Workers};

/// Options of an `exchange` estimate.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct ExchangeOptions {
    /// Layouts every candidate is scored on.
    pub samples: usize,
    pub seed: u64,
    /// Worker threads (0: all cores).
    pub threads: usize,
    /// The bid already won: the lowest contract. With it, exchanges are
    /// ranked by the chance of making it (then by mean points); without,
    /// by mean points, and the lowest contract is 100.
    pub contract: Option<u16>,
    pub confidence: f64,
    /// Exchanges scored on every layout.
    pub candidates: usize,
    /// Layouts used to find the candidates.
    pub screen: usize,
    /// What the chances rest on: real play (the default) or every card seen.
    pub basis: Basis,
}

impl Default for ExchangeOptions {
    fn default() -> ExchangeOptions {
        ExchangeOptions {
            samples: 1000,
            seed: DEFAULT_SEED,
            threads: 0,
            contract: None,
            confidence: 0.5,
            candidates: 6,
            screen: 16,
            basis: Basis::RealPlay,
        }
    }
}

/// One candidate exchange and how it fared.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExchangeRow {
    /// In notation: `9S JC` (to L, to R), the three discards, and a trump
    /// under `trump=chosen`.
    pub exchange: String,
    /// `musik=pass`: the card given to L and to R.
    pub to_l: Option<String>,
    pub to_r: Option<String>,
    /// `musik=discard`: the cards discarded.
    pub discard: Option<Vec<String>>,
    /// Two players: the cards laid away, the one D keeps the points of
    /// first, then the one for the other musik.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub laid_away: Option<Vec<String>>,
    pub trump: Option<String>,
    /// 120 + the marriages the declarer keeps.
    pub cap: u16,
    pub mean_points: f64,
    /// Screening layouts on which this was the double-dummy best exchange.
    pub screen_best: usize,
    /// From the lowest contract up; levels above this exchange's cap are
    /// not allowed.
    pub levels: Vec<LevelRow>,
}

/// The advice: an exchange and the contract to announce.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Recommendation {
    pub exchange: String,
    pub contract: u16,
    pub probability: f64,
    /// +contract if made, −contract if not, over the samples: the highest
    /// of any candidate and allowed level.
    pub expected_score: f64,
    /// Does `probability` reach the confidence asked for?
    pub confident: bool,
}

/// The `exchange` report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExchangeReport {
    pub hand: String,
    pub rules: String,
    /// What the chances rest on: `real_play` or `double_dummy`.
    pub basis: Basis,
    pub samples: usize,
    pub seed: u64,
    /// The lowest contract (the bid): `--contract`, or 100.
    pub contract: u16,
    pub confidence: f64,
    pub screen_layouts: usize,
    /// `mean_points`, or `probability` of the contract (with `--contract`).
    pub ranked_by: &'static str,
    /// The candidates, best first.
    pub exchanges: Vec<ExchangeRow>,
    pub recommended: Option<Recommendation>,
    /// The exchange and contract (from the lowest contract up) with the
    /// highest expected hand score, +contract if made and −contract if
    /// not: what to give and announce when the score is what counts.
    pub best_expected: Option<ExpectedAdvice>,
}

/// An exchange and contract chosen for the highest expected hand score.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExpectedAdvice {
    pub exchange: String,
    pub contract: u16,
    pub probability: f64,
    pub expected_score: f64,
}

/// Over every candidate and allowed level, the highest expected score
/// (ties: the better-ranked exchange, then the lower contract).
fn best_expected(rows: &[ExchangeRow]) -> Option<ExpectedAdvice> {
    let mut best: Option<ExpectedAdvice> = None;
    for r in rows {
        for l in r.levels.iter().filter(|l| l.allowed) {
            if best
                .as_ref()
                .is_none_or(|b| l.expected_score > b.expected_score)
            {
                best = Some(ExpectedAdvice {
                    exchange: r.exchange.clone(),
                    contract: l.level,
                    probability: l.probability,
                    expected_score: l.expected_score,
                });
            }
        }
    }
    best
}

impl ExchangeOptions {
    pub fn check(&self, rules: &Rules) -> Result<(), InputError> {
        // Each candidate keeps a result per sample: the bounds keep that
        // within a few hundred MB.
        check_count("--samples", self.samples, MAX_EXCHANGE_SAMPLES)?;
        check_count("--candidates", self.candidates, MAX_CANDIDATES)?;
        check_count("--screen", self.screen, MAX_SCREEN)?;
        check_confidence(self.confidence)?;
        if let Some(c) = self.contract {
            if !rules.is_bid_level(c) {
                return Err(InputError::Option(format!(
                    "--contract {c} is not a bid level (100, then steps of {})",
                    rules.get("bid_step").unwrap_or_default()
                )));
            }
        }
        Ok(())
    }
}

/// The most samples `exchange` takes.
pub const MAX_EXCHANGE_SAMPLES: usize = 100_000;
/// The most candidate exchanges (every exchange under `musik=discard` with
/// `trump=chosen` is 480).
pub const MAX_CANDIDATES: usize = 480;
/// The most screening layouts.
pub const MAX_SCREEN: usize = 100_000;

/// The declarer's cards after `e` (which must be one of `ten`'s).
fn kept_after(ten: CardSet, e: &Exchange) -> CardSet {
    ten.minus(e.cards().into_iter().collect())
}

/// A deal with `ten` for the declarer and the others' cards: L's and R's
/// hands, or with two players L's hand and the other musik. The split of
/// the ten (twelve) into hand and musik is arbitrary: only their union
/// matters for the exchange.
fn deal_for(rules: &Rules, ten: CardSet, others: &[CardSet]) -> Deal {
    let musik: CardSet = ten.iter().take(rules.musik_size()).collect();
    let (first, second) = (
        others.first().copied().unwrap_or_default(),
        others.get(1).copied().unwrap_or_default(),
    );
    match rules.players {
        Players::Three => Deal::new([ten.minus(musik), first, second], musik),
        Players::Two => Deal::two(ten.minus(musik), first, musik, second),
    }
}

/// The piles the cards D cannot see are dealt into: L and R, 7 each; with
/// two players L's 10 and the other musik's 2.
fn unseen_piles(rules: &Rules) -> &'static [usize] {
    match rules.players {
        Players::Three => &[7, 7],
        Players::Two => &[10, 2],
    }
}

/// Layout `index` of a run seeded with `seed`: the 14 cards outside `ten`
/// dealt uniformly, 7 to L and 7 to R (two players: the 12 outside the
/// twelve, 10 to L and 2 to the other musik). Every candidate is scored on
/// it. Public so that tests can check the layouts for uniformity.
pub fn sample_layout(rules: &Rules, ten: CardSet, seed: u64, index: usize) -> Deal {
    let p = deal_unseen(
        ten,
        unseen_piles(rules),
        &mut sample_rng(seed, index as u64),
    );
    deal_for(rules, ten, &p)
}

/// Screening layout `j`: as [`sample_layout`], from the auxiliary streams,
/// so it never repeats a scoring layout's cards.
pub fn screening_layout(rules: &Rules, ten: CardSet, seed: u64, j: usize) -> Deal {
    let stream = AUX_STREAM + j as u64;
    let p = deal_unseen(ten, unseen_piles(rules), &mut sample_rng(seed, stream));
    deal_for(rules, ten, &p)
}

/// Picks the candidates: exchanges best on some screening layout, most
/// often first (then first found), topped up by the guess order.
fn candidates(
    deal: &Deal,
    rules: &Rules,
    screened: &[Exchange],
    want: usize,
) -> Vec<(Exchange, usize)> {
    let mut found: Vec<(Exchange, usize, usize)> = Vec::new();
    for (i, e) in screened.iter().enumerate() {
        match found.iter_mut().find(|(f, _, _)| f == e) {
            Some(entry) => entry.1 += 1,
            None => found.push((*e, 1, i)),
        }
    }
    found.sort_by_key(|&(_, n, first)| (std::cmp::Reverse(n), first));
    let mut out: Vec<(Exchange, usize)> = found
        .into_iter()
        .map(|(e, n, _)| (e, n))
        .take(want)
        .collect();
    for e in guessed_exchanges(deal, rules) {
        if out.len() >= want {
            break;
        }
        if !out.iter().any(|(f, _)| *f == e) {
            out.push((e, 0));
        }
    }
    out
}

/// Screens, scores and summarises: the whole `exchange` estimate for the
/// declarer's ten cards.
pub fn estimate(
    ten: CardSet,
    rules: &Rules,
    opts: &ExchangeOptions,
    progress: Progress,
) -> Result<ExchangeReport, InputError> {
    check_run(ten, rules, opts)?;
    let workers = Workers::new(*rules, opts.threads)?;
    let cands = screen(ten, rules, opts, &workers, progress);
    let points = score_range(
        ten,
        rules,
        opts,
        &cands,
        &workers,
        0..opts.samples,
        progress,
    );
    Ok(report(ten, rules, opts, &cands, &points))
}

/// What [`estimate`] checks before any work: the cards' count, the
/// options, the model on the real-play basis, and that the contract is
/// within the cards' reach.
fn check_run(ten: CardSet, rules: &Rules, opts: &ExchangeOptions) -> Result<(), InputError> {
    let want = rules.dealt() + rules.musik_size();
    if ten.len() != want {
        return Err(InputError::Count {
            what: "hand".into(),
            text: ten.to_string(),
            found: ten.len(),
            want,
        });
    }
    opts.check(rules)?;
    if opts.basis == Basis::RealPlay {
        super::bid::real_model(rules)?;
    }
    if let Some(c) = opts.contract {
        // No exchange can keep more marriages than the ten cards hold.
        let most = crate::engine::contract::cap(ten, rules);
        if c > most {
            return Err(InputError::Option(format!(
                "--contract {c} is above what any exchange allows with these cards \
                 (120 + their marriages = {most})"
            )));
        }
    }
    Ok(())
}

/// The screening: the candidates and the screening layouts each was best
/// on.
fn screen(
    ten: CardSet,
    rules: &Rules,
    opts: &ExchangeOptions,
    workers: &Workers,
    progress: Progress,
) -> Vec<(Exchange, usize)> {
    let screened: Vec<Exchange> = workers.map(opts.screen, progress, |solver, j| {
        // A fresh table per layout, as in `bid` (faster: see there).
        solver.clear();
        solver
            .best_exchange(&screening_layout(rules, ten, opts.seed, j))
            .0
    });
    candidates(
        &deal_for(rules, ten, &[]),
        rules,
        &screened,
        opts.candidates,
    )
}

/// The scoring of layouts `range`: `points[i][c]`, layout `range.start +
/// i`, candidate `c`. Each layout is drawn from the seed and its index
/// alone ([`sample_layout`]).
fn score_range(
    ten: CardSet,
    rules: &Rules,
    opts: &ExchangeOptions,
    cands: &[(Exchange, usize)],
    workers: &Workers,
    range: std::ops::Range<usize>,
    progress: Progress,
) -> Vec<Vec<u16>> {
    workers.map(range.len(), progress, |solver, i| {
        solver.clear();
        let deal = sample_layout(rules, ten, opts.seed, range.start + i);
        cands
            .iter()
            .map(|(e, _)| {
                solver.value(&deal.after(rules, e).expect("generated exchanges are legal"))
            })
            .collect()
    })
}

/// A shard of an estimate's work ([`estimate_shard`]), for
/// [`merge_shards`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExchangeShard {
    /// The candidates in notation, with the screening layouts each was
    /// best on: every shard screens the same layouts and finds the same.
    pub candidates: Vec<(String, usize)>,
    /// The shard's layouts in order: each candidate's points.
    pub points: Vec<Vec<u16>>,
}

/// Shard `shard` of `shards` of the estimate: the screening (every shard
/// repeats it) and the scoring of [`shard_range`](super::bid::shard_range)
/// of the layouts. The shards of a run, merged in order, give
/// [`estimate`]'s report exactly, whatever their number.
pub fn estimate_shard(
    ten: CardSet,
    rules: &Rules,
    opts: &ExchangeOptions,
    (shard, shards): (usize, usize),
    progress: Progress,
) -> Result<ExchangeShard, InputError> {
    check_run(ten, rules, opts)?;
    let workers = Workers::new(*rules, opts.threads)?;
    let cands = screen(ten, rules, opts, &workers, progress);
    let range = super::bid::shard_range(opts.samples, shard, shards);
    let points = score_range(ten, rules, opts, &cands, &workers, range, progress);
    Ok(ExchangeShard {
        candidates: cands.iter().map(|(e, n)| (e.to_string(), *n)).collect(),
        points,
    })
}

/// The report of a run from its shards in order, or an error saying what
/// does not fit: shards that found other candidates, a candidate that is
/// no exchange of these cards, layouts missing.
pub fn merge_shards(
    ten: CardSet,
    rules: &Rules,
    opts: &ExchangeOptions,
    shards: &[ExchangeShard],
) -> Result<ExchangeReport, InputError> {
    check_run(ten, rules, opts)?;
    let bad = |what: String| Err(InputError::Option(what));
    let Some(first) = shards.first() else {
        return bad("no shards".into());
    };
    if let Some(k) = shards.iter().position(|s| s.candidates != first.candidates) {
        return bad(format!("shard {k}'s candidates are not shard 0's"));
    }
    let every = guessed_exchanges(&deal_for(rules, ten, &[]), rules);
    let mut cands = Vec::new();
    for (text, n) in &first.candidates {
        match every.iter().find(|e| e.to_string() == *text) {
            Some(e) => cands.push((*e, *n)),
            None => return bad(format!("'{text}' is not an exchange of {ten}")),
        }
    }
    let points: Vec<Vec<u16>> = shards.iter().flat_map(|s| s.points.clone()).collect();
    if points.len() != opts.samples {
        return bad(format!(
            "the shards hold {} layouts, the run has {}",
            points.len(),
            opts.samples
        ));
    }
    if points.iter().any(|row| row.len() != cands.len()) {
        return bad(format!(
            "a layout's points are not one for each of the {} candidates",
            cands.len()
        ));
    }
    Ok(report(ten, rules, opts, &cands, &points))
}

/// Builds the report from the candidates and their sampled points.
fn report(
    ten: CardSet,
    rules: &Rules,
    opts: &ExchangeOptions,
    cands: &[(Exchange, usize)],
    points: &[Vec<u16>],
) -> ExchangeReport {
    let lowest = opts.contract.unwrap_or(100);
    let columns: Vec<Vec<u16>> = (0..cands.len())
        .map(|c| points.iter().map(|row| row[c]).collect())
        .collect();
    let caps: Vec<u16> = cands
        .iter()
        .map(|(e, _)| cap(kept_after(ten, e), rules))
        .collect();
    let highest = points.iter().flatten().copied().max().unwrap_or(0);
    let max_cap = caps.iter().copied().max().unwrap_or(120);
    let top = (max_cap + rules.step_at(max_cap))
        .max(floor_level(highest, rules))
        .max(lowest);
    let levels = levels_from(lowest, top, rules);
    let model = match opts.basis {
        Basis::RealPlay => {
            Some(super::bid::real_model(rules).expect("estimate checks the rules are covered"))
        }
        Basis::DoubleDummy => None,
    };

    let mut rows: Vec<ExchangeRow> = cands
        .iter()
        .zip(&columns)
        .zip(&caps)
        .map(|(((e, screen_best), pts), &cap)| {
            let (to_l, to_r, discard, laid_away) = match e.give {
                Give::Pass(l, r) => (Some(l.to_string()), Some(r.to_string()), None, None),
                Give::Discard(set) => (
                    None,
                    None,
                    Some(set.iter_display().map(|c| c.to_string()).collect()),
                    None,
                ),
                Give::LayAway(a, b) => (None, None, None, Some(vec![a.to_string(), b.to_string()])),
            };
            ExchangeRow {
                exchange: e.to_string(),
                to_l,
                to_r,
                discard,
                laid_away,
                trump: e.trump.map(|t| t.char().to_string()),
                cap,
                mean_points: match model {
                    None => mean(pts),
                    Some(m) => {
                        let x = |&v: &u16| declarer_features(ten, v, rules);
                        pts.iter()
                            .map(|v| f64::from(*v) + m.after_exchange.mean_delta(&x(v)))
                            .sum::<f64>()
                            / pts.len().max(1) as f64
                    }
                },
                screen_best: *screen_best,
                levels: match model {
                    None => levels
                        .iter()
                        .map(|&l| LevelRow::new(l, l <= cap, pts))
                        .collect(),
                    Some(m) => {
                        let chances: Vec<Vec<f64>> = pts
                            .iter()
                            .map(|&v| {
                                let x = declarer_features(ten, v, rules);
                                m.after_exchange.made(v, &x, &levels)
                            })
                            .collect();
                        levels
                            .iter()
                            .enumerate()
                            .map(|(k, &l)| {
                                let at: Vec<f64> = chances.iter().map(|c| c[k]).collect();
                                LevelRow::real(l, l <= cap, pts, &at)
                            })
                            .collect()
                    }
                },
            }
        })
        .collect();

    // Stable sorts keep the candidate order on ties, so ranking is fixed.
    let by_contract = opts.contract.is_some();
    rows.sort_by(|a, b| {
        let key = |r: &ExchangeRow| {
            let first = &r.levels[0];
            let p = if by_contract && first.allowed {
                first.probability
            } else {
                -1.0
            };
            (if by_contract { p } else { 0.0 }, r.mean_points)
        };
        key(b)
            .partial_cmp(&key(a))
            .unwrap_or(std::cmp::Ordering::Equal)
    });

    ExchangeReport {
        hand: ten.to_string(),
        rules: rules.to_string(),
        basis: opts.basis,
        samples: points.len(),
        seed: opts.seed,
        contract: lowest,
        confidence: opts.confidence,
        screen_layouts: opts.screen,
        ranked_by: if by_contract {
            "probability"
        } else {
            "mean_points"
        },
        recommended: recommend(&rows, opts.confidence),
        best_expected: best_expected(&rows),
        exchanges: rows,
    }
}

/// The advice: the exchange and contract with the highest expected hand
/// score ([`best_expected`]), the same choice `bid` makes for its contract;
/// `confident` says whether its chance reaches `confidence`.
fn recommend(rows: &[ExchangeRow], confidence: f64) -> Option<Recommendation> {
    best_expected(rows).map(|b| Recommendation {
        exchange: b.exchange,
        contract: b.contract,
        probability: b.probability,
        expected_score: b.expected_score,
        confident: b.probability >= confidence,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(exchange: &str, points: &[u16]) -> ExchangeRow {
        ExchangeRow {
            exchange: exchange.into(),
            to_l: None,
            to_r: None,
            discard: None,
            laid_away: None,
            trump: None,
            cap: 120,
            mean_points: 0.0,
            screen_best: 0,
            levels: [100, 110, 120]
                .iter()
                .map(|&l| LevelRow::new(l, true, points))
                .collect(),
        }
    }

    /// Ties go to the better-ranked exchange, then the lower contract, as
    /// the docs promise (issue 24: a tie once went the other way).
    #[test]
    fn best_expected_breaks_ties_as_promised() {
        // Both exchanges make 120 on every layout: +100, +110, +120; the
        // best is 120, the same for both: the first-ranked wins.
        let sure = [130, 130];
        let best = best_expected(&[row("9S JC", &sure), row("9H JD", &sure)]).unwrap();
        assert_eq!((best.exchange.as_str(), best.contract), ("9S JC", 120));
        // Points 100 and 125: 100 -> +100; 110 and 120 made half the
        // time -> 0 each.
        let half = [100, 125];
        let best = best_expected(&[row("9S JC", &half)]).unwrap();
        assert_eq!(best.contract, 100);
        // Points 115 and 135: 100 -> +100, 110 -> +110, 120 -> 0; of two
        // equal rows the first.
        let best = best_expected(&[row("a", &[115, 135]), row("b", &[115, 135])]).unwrap();
        assert_eq!((best.exchange.as_str(), best.contract), ("a", 110));
        let tie = |l: u16| LevelRow {
            expected_score: 50.0,
            ..LevelRow::new(l, true, &[0])
        };
        let mut flat = row("c", &[0]);
        flat.levels = vec![tie(100), tie(110)];
        let best = best_expected(&[flat]).unwrap();
        assert_eq!(
            best.contract, 100,
            "an equal score keeps the lower contract"
        );
    }
}
