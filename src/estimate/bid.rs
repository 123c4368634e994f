//! `bid`: with these seven cards, how high can the declarer go?
//!
//! Each sample deals the 17 unseen cards (7 to L, 7 to R, 3 to the musik;
//! with two players the 14 unseen cards, 10 to L and 2 to each musik) and
//! finds the declarer's points with perfect play:
//!
//! - *double-dummy*: with the best exchange for that very layout, as the
//!   solver finds it for a deal holding its musik;
//! - *realistic*: the declarer sees the musik but not the defenders' cards,
//!   so it picks one exchange from the musik alone: the candidate with the
//!   best mean over `choice_layouts` freshly sampled layouts of the 14 cards
//!   it cannot see (candidates: each of those layouts' best exchange, and
//!   a cheap guess's favourites). That exchange is then scored on the sample's own layout,
//!   which the choice never looked at. The double-dummy value of the same
//!   layout is kept too, so the gap between the two is measured pair by pair.

use serde::Serialize;

use super::real::{
    declarer_features, defence_features, guessed_value, Basis, BidModel, PlayModel, Thresholds,
};
use super::stats::{wilson, Histogram};
use super::{floor_level, highest_level, mean, InputError, LevelRow};
use crate::engine::cardset::CardSet;
use crate::engine::contract::{cap, guessed_exchanges, levels_from};
use crate::engine::deal::{Deal, Exchange};
use crate::engine::random::SeededRng;
use crate::engine::rules::{Players, Rules};
use crate::engine::sample::{
    balanced_musik, combinations, deal_around_balanced, deal_unseen, declarer_layout, sample_rng,
};
use crate::solver::Solver;
use crate::solver::{Progress, Workers};

/// The seed used when none is given, so two runs agree by default.
pub const DEFAULT_SEED: u64 = 1000;

/// Samples of a bid when none are asked for: the whole report within a
/// second on one core (docs/bid.md, *Speed*).
pub const DEFAULT_SAMPLES: usize = 400;

/// How the realistic mode chooses an exchange for a musik.
///
/// Choosing costs, per sampled musik, one best-exchange search per layout
/// plus a solved position per other candidate and layout; the defaults
/// (4 layouts, 6 candidates) make a realistic sample cost several
/// double-dummy ones (measured in the README).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RealisticOptions {
    /// Layouts of the defenders' cards the choice is made on.
    pub choice_layouts: usize,
    /// Exchanges tried: the best exchange of each choice layout, then the
    /// most promising by a cheap guess ([`crate::engine::contract::exchange_guess`]) up to
    /// this many; the others are not considered.
    pub candidates: usize,
}

impl Default for RealisticOptions {
    fn default() -> RealisticOptions {
        RealisticOptions {
            choice_layouts: 4,
            candidates: 6,
        }
    }
}

/// Options of a `bid` estimate.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct BidOptions {
    /// Sampled deals (each a musik and a layout of the defenders' cards).
    pub samples: usize,
    pub seed: u64,
    /// Worker threads (0: all cores).
    pub threads: usize,
    /// The probability the recommended bid must reach.
    pub confidence: f64,
    /// `None`: double-dummy.
    pub realistic: Option<RealisticOptions>,
    /// What the chances rest on: play by the computer players (the
    /// default), or every card seen.
    pub basis: Basis,
}

impl Default for BidOptions {
    fn default() -> BidOptions {
        BidOptions {
            samples: DEFAULT_SAMPLES,
            seed: DEFAULT_SEED,
            threads: 0,
            confidence: 0.5,
            realistic: None,
            basis: Basis::RealPlay,
        }
    }
}

impl BidOptions {
    /// Rejects options that make no sense (no samples, a confidence outside
    /// (0, 1]).
    pub fn check(&self) -> Result<(), InputError> {
        check_count("--samples", self.samples, MAX_BID_SAMPLES)?;
        check_confidence(self.confidence)?;
        if let Some(r) = self.realistic {
            if r.choice_layouts == 0 || r.candidates == 0 {
                return Err(InputError::Option(
                    "realistic mode needs at least 1 choice layout and 1 candidate".into(),
                ));
            }
            check_count("--choice-layouts", r.choice_layouts, MAX_CHOICE)?;
            check_count("--candidates", r.candidates, MAX_CHOICE)?;
        }
        Ok(())
    }
}

/// The most samples `bid` takes: a million (about 30 MB of results and half
/// an hour on two cores); beyond it, an error rather than an allocation
/// that cannot succeed.
pub const MAX_BID_SAMPLES: usize = 1_000_000;

/// The most choice layouts and candidates of the realistic mode.
pub const MAX_CHOICE: usize = 64;

/// `n` from 1 to `max`, else an error naming the option.
pub(crate) fn check_count(option: &str, n: usize, max: usize) -> Result<(), InputError> {
    if n == 0 {
        Err(InputError::Option(format!("{option} must be at least 1")))
    } else if n > max {
        Err(InputError::Option(format!(
            "{option} {n} is too many: at most {max}"
        )))
    } else {
        Ok(())
    }
}

pub(crate) fn check_confidence(c: f64) -> Result<(), InputError> {
    if c > 0.0 && c <= 1.0 {
        Ok(())
    } else {
        Err(InputError::Option(format!(
            "--confidence {c} is not a probability in (0, 1]"
        )))
    }
}

/// One sampled deal's outcome.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BidSample {
    /// The sampled musik.
    pub musik: CardSet,
    /// The sampled defenders' hands, L and R, before the exchange (with two
    /// players, L's and the other musik).
    pub defenders: [CardSet; 2],
    /// The declarer's points in this mode: double-dummy, or with the
    /// realistic choice of exchange.
    pub points: u16,
    /// The declarer's points with the best exchange for this layout.
    pub double_dummy: u16,
    /// The exchange the realistic mode chose (`None` in double-dummy mode).
    pub chosen: Option<Exchange>,
}

/// The deal of sample `index` of a run seeded with `seed`: `hand` for the
/// declarer and the 17 other cards dealt uniformly, 7 to L, 7 to R and 3 to
/// the musik, the samples sharing the musik out evenly
/// ([`deal_around_balanced`]). What [`solve_sample`] solves (it goes on drawing from the same
/// generator in realistic mode); public so that tests can check the deals
/// `bid` builds for uniformity.
pub fn sample_deal(rules: &Rules, hand: CardSet, seed: u64, index: usize) -> Deal {
    deal_sample(
        rules,
        hand,
        seed,
        index,
        &mut sample_rng(seed, index as u64),
    )
}

fn deal_sample(rules: &Rules, hand: CardSet, seed: u64, index: usize, rng: &mut SeededRng) -> Deal {
    // The samples share the musik out evenly (most of their spread); the
    // rest of the cards are dealt from the sample's own stream.
    deal_around_balanced(rules, hand, seed, index as u64, rng)
}

/// The layouts a realistic sample chooses its exchange on: D's hand and
/// the musik as in `deal` (what D sees after taking it), the 14 other cards
/// dealt uniformly, 7 to L and 7 to R (with two players the 12 others, 10
/// to L and 2 to the other musik), `count` times.
fn choice_layouts(deal: &Deal, count: usize, rng: &mut SeededRng) -> Vec<Deal> {
    (0..count).map(|_| declarer_layout(deal, rng)).collect()
}

/// Sample `index`'s deal and, in realistic mode with `count` choice
/// layouts, the layouts [`solve_sample`] chooses the exchange on (drawn
/// from the same generator, after the deal). Public so that tests can
/// check them for uniformity.
pub fn sample_choice_layouts(
    rules: &Rules,
    hand: CardSet,
    seed: u64,
    index: usize,
    count: usize,
) -> (Deal, Vec<Deal>) {
    let mut rng = sample_rng(seed, index as u64);
    let deal = deal_sample(rules, hand, seed, index, &mut rng);
    let layouts = choice_layouts(&deal, count, &mut rng);
    (deal, layouts)
}

/// Solves one sample: sample `index` of the run (its cards depend on the
/// seed and the index only).
pub fn solve_sample(
    solver: &mut Solver,
    hand: CardSet,
    opts: &BidOptions,
    index: usize,
) -> BidSample {
    let rules = *solver.rules();
    // A fresh table per sample: measured 35% faster than keeping the
    // previous samples' entries, which mostly describe other layouts and
    // crowd out this one's (512 KiB, 300 samples of the bench hand: 3.1
    // against 4.2 ms a sample).
    solver.clear();
    let mut rng = sample_rng(opts.seed, index as u64);
    let deal = deal_sample(&rules, hand, opts.seed, index, &mut rng);
    let double_dummy = solver.best_exchange(&deal).1;
    let (points, chosen) = match opts.realistic {
        None => (double_dummy, None),
        Some(ro) => {
            // Drawn after the sample's own layout, so a realistic run sees
            // the same musiks and layouts as a double-dummy run of the same
            // seed: the two modes are compared on identical deals.
            let layouts = choice_layouts(&deal, ro.choice_layouts, &mut rng);
            let chosen = choose_exchange(solver, &rules, &deal, &layouts, ro.candidates);
            let start = deal
                .after(&rules, &chosen)
                .expect("generated exchanges are legal");
            (solver.value(&start), Some(chosen))
        }
    };
    BidSample {
        musik: deal.musik,
        defenders: [
            deal.hands[1],
            if deal.is_two() {
                deal.other_musik
            } else {
                deal.hands[2]
            },
        ],
        points,
        double_dummy,
        chosen,
    }
}

/// The candidate exchange with the highest total over `layouts` (the
/// earliest candidate on a tie).
///
/// The candidates are the best exchange of each layout (an exchange that is
/// best somewhere is worth considering: giving away a ten to make a void,
/// say, which no simple rule proposes), then the cheap guess's favourites
/// up to `candidates` in all. Only the declarer's ten cards and the sampled
/// layouts are used, never the layout the choice is scored on.
pub fn choose_exchange(
    solver: &mut Solver,
    rules: &Rules,
    deal: &Deal,
    layouts: &[Deal],
    candidates: usize,
) -> Exchange {
    let bests: Vec<(Exchange, u16)> = layouts.iter().map(|l| solver.best_exchange(l)).collect();
    let mut list: Vec<Exchange> = Vec::new();
    for e in bests
        .iter()
        .map(|b| b.0)
        .chain(guessed_exchanges(deal, rules))
    {
        if list.len() >= candidates.max(1) && !bests.iter().any(|b| b.0 == e) {
            break;
        }
        if !list.contains(&e) {
            list.push(e);
        }
    }
    let mut best: Option<(u32, Exchange)> = None;
    for e in list {
        let total: u32 = layouts
            .iter()
            .zip(&bests)
            .map(|(l, &(b, v))| {
                if b == e {
                    v as u32 // already solved while finding the layout's best
                } else {
                    solver.value(&l.after(rules, &e).expect("generated exchanges are legal")) as u32
                }
            })
            .sum();
        match best {
            Some((b, _)) if total <= b => {}
            _ => best = Some((total, e)),
        }
    }
    best.expect("at least one candidate").1
}

/// Samples and solves `opts.samples` deals for `hand`, in sample order.
pub fn simulate(
    hand: CardSet,
    workers: &Workers,
    opts: &BidOptions,
    progress: Progress,
) -> Vec<BidSample> {
    simulate_range(hand, workers, opts, 0..opts.samples, progress)
}

/// The samples of `range` of a run, in sample order. Each sample is drawn
/// from the run's seed and its own index alone, so the ranges of a run,
/// computed anywhere (the browser's workers each take one) and put back
/// in order, are the run's samples: [`shard_range`] cuts them.
pub fn simulate_range(
    hand: CardSet,
    workers: &Workers,
    opts: &BidOptions,
    range: std::ops::Range<usize>,
    progress: Progress,
) -> Vec<BidSample> {
    workers.map(range.len(), progress, |solver, i| {
        solve_sample(solver, hand, opts, range.start + i)
    })
}

/// Shard `shard` of `shards` of `n` samples: consecutive indices, the
/// shards in order covering `0..n` once, their sizes within one.
pub fn shard_range(n: usize, shard: usize, shards: usize) -> std::ops::Range<usize> {
    let shards = shards.max(1);
    let cut = |k: usize| n * k.min(shards) / shards;
    cut(shard)..cut(shard + 1)
}

/// How often the musik completes a marriage the 7-card hand lacks.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NewMarriage {
    /// Samples whose musik brought one.
    pub count: usize,
    pub fraction: f64,
    pub low: f64,
    pub high: f64,
    /// The exact probability, counted over every possible musik (each of
    /// the C(17, 3) = 680 is equally likely; with two players C(14, 2) = 91).
    pub exact: f64,
}

/// How far the realistic estimate falls below the double-dummy one at a level.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GapRow {
    pub level: u16,
    pub double_dummy: f64,
    pub realistic: f64,
    /// `double_dummy − realistic` (never negative: per sample, the
    /// double-dummy exchange is at least as good as the chosen one).
    pub gap: f64,
}

/// The realistic mode's extra findings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RealisticSummary {
    pub choice_layouts: usize,
    pub candidates: usize,
    /// Mean points with the best exchange for each layout (same deals).
    pub double_dummy_mean: f64,
    /// `double_dummy_mean − mean_points`: what seeing every card is worth.
    pub mean_gap: f64,
    pub double_dummy_recommended_bid: Option<u16>,
    pub levels: Vec<GapRow>,
}

/// The `bid` report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BidReport {
    pub hand: String,
    pub rules: String,
    /// `double_dummy` or `realistic`: how each sample's exchange is chosen.
    pub mode: &'static str,
    /// What the chances rest on: `real_play` or `double_dummy`.
    pub basis: Basis,
    pub samples: usize,
    pub seed: u64,
    pub confidence: f64,
    /// Suits of the marriages in the 7-card hand (`H` `D` `C` `S`).
    pub marriages: Vec<String>,
    /// The highest allowed bid: 120 + the marriages in the 7-card hand.
    pub cap: u16,
    /// The highest cap any musik could give (marriages among 10 cards):
    /// what could be made, though not bid.
    pub max_conceivable: u16,
    /// Every level from 100 up, past the cap (marked not allowed).
    pub levels: Vec<LevelRow>,
    pub mean_points: f64,
    /// The declarer's points, in bins of 10.
    pub histogram: Histogram,
    pub new_marriage: NewMarriage,
    /// Present in realistic mode.
    pub realistic: Option<RealisticSummary>,
    /// The allowed level with the highest expected hand score: what to
    /// announce when free to choose (`null`: no samples).
    pub best_contract: Option<ExpectedLevel>,
    /// Passing and defending instead, sampled ([`defend_sample`]); `null`
    /// when the report was made without the defence samples.
    pub defence: Option<DefenceSummary>,
    /// The highest allowed level whose expected score as declarer beats
    /// `defence.expected_score`: the highest bid worth making in the
    /// auction (`null`: passing is better at every level, or no defence).
    pub worth_bidding: Option<u16>,
}

/// A level and its expected hand score.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExpectedLevel {
    pub level: u16,
    pub probability: f64,
    pub expected_score: f64,
}

/// What passing is worth: the hand as a defender.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DefenceSummary {
    pub samples: usize,
    /// Mean own points as a defender (cards won and marriages declared).
    pub mean_points: f64,
    /// Mean hand score as a defender: the points rounded by `rounding`.
    pub expected_score: f64,
}

/// The allowed level with the highest expected score (the lowest on a tie).
pub fn best_contract(rows: &[LevelRow]) -> Option<ExpectedLevel> {
    rows.iter()
        .filter(|r| r.allowed)
        .fold(None::<&LevelRow>, |best, r| match best {
            Some(b) if b.expected_score >= r.expected_score => Some(b),
            _ => Some(r),
        })
        .map(|r| ExpectedLevel {
            level: r.level,
            probability: r.probability,
            expected_score: r.expected_score,
        })
}

/// One sample of passing and defending: the 17 unseen cards are dealt 7 to
/// a declarer, 7 to the other defender and 3 to the musik; the hand sits
/// on the declarer's left or right (even odds). With two players the 14
/// unseen cards are dealt 10 to the declarer and 2 to each musik, and the
/// hand is L. The declarer takes the
/// musik and makes the best exchange for this layout; the hand is then
/// played double-dummy (the declarer maximises its points, the defenders
/// minimise them) along one optimal line. Returns the hand's own points on
/// that line: card points of the tricks it won and the marriages it
/// declared. The sample's cards depend on the seed and `index` only.
pub fn defend_sample(solver: &mut Solver, hand: CardSet, seed: u64, index: usize) -> u16 {
    let rules = *solver.rules();
    solver.clear();
    let (deal, seat) = defence_layout(&rules, hand, seed, index);
    let (exchange, _) = solver.best_exchange(&deal);
    let mut state = deal
        .after(&rules, &exchange)
        .expect("generated exchanges are legal");
    for mv in solver.line(&state) {
        state.play(&rules, mv);
    }
    state.points[seat]
}

/// The layout of defence sample `index` ([`defend_sample`]): the deal,
/// and the hand's seat in it.
fn defence_layout(rules: &Rules, hand: CardSet, seed: u64, index: usize) -> (Deal, usize) {
    // A stream of its own, apart from the declarer samples'; the musik
    // shared out evenly, as theirs.
    let seed = seed ^ DEFENCE_STREAM;
    let mut rng = sample_rng(seed, index as u64);
    match rules.players {
        Players::Three => {
            let musik = balanced_musik(hand, 3, seed, index as u64);
            let piles = deal_unseen(hand | musik, &[7, 7], &mut rng);
            let seat = if rand::Rng::gen_bool(&mut rng, 0.5) {
                1
            } else {
                2
            };
            let mut hands = [piles[0], piles[1], piles[1]];
            hands[seat] = hand;
            hands[3 - seat] = piles[1];
            (Deal::new(hands, musik), seat)
        }
        Players::Two => {
            let musik = balanced_musik(hand, 2, seed, index as u64);
            let piles = deal_unseen(hand | musik, &[10, 2], &mut rng);
            (Deal::two(piles[0], hand, musik, piles[1]), 1)
        }
    }
}

/// The same layout as [`defend_sample`]'s, for the real-play basis: the
/// declarer's value after its rule-of-thumb exchange, one solve (the
/// model turns it and the hand into the hand's points in play).
pub fn quick_defence_sample(solver: &mut Solver, hand: CardSet, seed: u64, index: usize) -> u16 {
    let rules = *solver.rules();
    solver.clear();
    let (deal, _) = defence_layout(&rules, hand, seed, index);
    guessed_value(solver, &rules, &deal)
}

/// Sets the random streams of the defence samples apart from the others.
const DEFENCE_STREAM: u64 = 0x6465_6665_6e63_6521;

/// The defence samples of a run: a quarter of `opts.samples` (at least
/// one), in sample order. A defence sample costs about four declarer
/// samples (the best exchange and a whole optimal line), and the defence's
/// mean needs less precision than the table of levels: with 250 samples
/// its standard error is about 2 points.
pub fn defence_samples(samples: usize) -> usize {
    samples.div_ceil(4)
}

/// The units of work a run reports to its progress callback: its samples
/// and its defence samples.
pub fn work(samples: usize) -> usize {
    samples + defence_samples(samples)
}

/// The defence samples of a run ([`defence_samples`] of them), in order.
/// On the double-dummy basis each is the hand's own points
/// ([`defend_sample`]); on the real-play basis, the declarer's value after
/// its rule-of-thumb exchange ([`quick_defence_sample`]).
pub fn simulate_defence(
    hand: CardSet,
    workers: &Workers,
    opts: &BidOptions,
    progress: Progress,
) -> Vec<u16> {
    let n = defence_samples(opts.samples);
    simulate_defence_range(hand, workers, opts, 0..n, progress)
}

/// The defence samples of `range` of a run, in order (as
/// [`simulate_range`] for the declarer's).
pub fn simulate_defence_range(
    hand: CardSet,
    workers: &Workers,
    opts: &BidOptions,
    range: std::ops::Range<usize>,
    progress: Progress,
) -> Vec<u16> {
    workers.map(range.len(), progress, |solver, i| {
        let i = range.start + i;
        match opts.basis {
            Basis::DoubleDummy => defend_sample(solver, hand, opts.seed, i),
            Basis::RealPlay => quick_defence_sample(solver, hand, opts.seed, i),
        }
    })
}

/// Does `musik` complete a marriage that `hand` lacks?
pub fn brings_marriage(hand: CardSet, musik: CardSet) -> bool {
    (hand | musik).marriages().any(|s| !hand.has_marriage(s))
}

/// Summarises `samples` (from [`simulate`]) into the report, without the
/// defence (`defence` and `worth_bidding` are `None`). An error when the
/// basis is real play and the model does not cover the rules
/// ([`real_model`]).
pub fn report(
    hand: CardSet,
    rules: &Rules,
    opts: &BidOptions,
    samples: &[BidSample],
) -> Result<BidReport, InputError> {
    report_with_defence(hand, rules, opts, samples, &[])
}

/// Summarises `samples` and the defence samples (from
/// [`simulate_defence`]; none: no defence) into the report. An error when
/// the basis is real play and the model does not cover the rules
/// ([`real_model`]).
pub fn report_with_defence(
    hand: CardSet,
    rules: &Rules,
    opts: &BidOptions,
    samples: &[BidSample],
    defence_samples: &[u16],
) -> Result<BidReport, InputError> {
    let model = match opts.basis {
        Basis::RealPlay => Some(real_model(rules)?),
        Basis::DoubleDummy => None,
    };
    let points: Vec<u16> = samples.iter().map(|s| s.points).collect();
    let dd: Vec<u16> = samples.iter().map(|s| s.double_dummy).collect();
    // What may be bid before the musik: the marriages' cap, or 120 under
    // `bid_limit=120_before_musik`.
    let hand_cap = match rules.bid_limit {
        crate::engine::rules::BidLimit::Marriages => cap(hand, rules),
        crate::engine::rules::BidLimit::Before120 => cap(hand, rules).min(120),
    };
    let musiks = combinations(!hand, rules.musik_size());
    let max_conceivable = musiks
        .iter()
        .map(|&m| cap(hand | m, rules))
        .max()
        .unwrap_or(hand_cap);
    // Show at least one level past the cap, and every level some sample
    // reached: a strong hand sees what it gives up by the cap.
    let highest = points.iter().chain(&dd).copied().max().unwrap_or(0);
    let top = (hand_cap + rules.step_at(hand_cap)).max(floor_level(highest, rules));
    let levels = levels_from(100, top, rules);
    let rows: Vec<LevelRow> = match model {
        None => levels
            .iter()
            .map(|&l| LevelRow::new(l, l <= hand_cap, &points))
            .collect(),
        Some(m) => {
            // Each sample's chance at every level, then their means.
            let thresholds = if opts.realistic.is_some() {
                &m.after_exchange
            } else {
                &m.declarer
            };
            let chances = real_chances(thresholds, hand, rules, samples, &levels);
            levels
                .iter()
                .enumerate()
                .map(|(k, &l)| {
                    let at: Vec<f64> = chances.iter().map(|c| c[k]).collect();
                    LevelRow::real(l, l <= hand_cap, &points, &at)
                })
                .collect()
        }
    };

    let count = samples
        .iter()
        .filter(|s| brings_marriage(hand, s.musik))
        .count();
    let (low, high) = wilson(count, samples.len());
    let exact =
        musiks.iter().filter(|&&m| brings_marriage(hand, m)).count() as f64 / musiks.len() as f64;
    let new_marriage = NewMarriage {
        count,
        fraction: count as f64 / samples.len().max(1) as f64,
        low,
        high,
        exact,
    };

    let realistic = opts.realistic.map(|ro| {
        let dd_rows: Vec<LevelRow> = levels
            .iter()
            .map(|&l| LevelRow::new(l, l <= hand_cap, &dd))
            .collect();
        RealisticSummary {
            choice_layouts: ro.choice_layouts,
            candidates: ro.candidates,
            double_dummy_mean: mean(&dd),
            mean_gap: mean(&dd) - mean(&points),
            double_dummy_recommended_bid: highest_level(&dd_rows, opts.confidence),
            levels: dd_rows
                .iter()
                .zip(&rows)
                .map(|(d, r)| GapRow {
                    level: d.level,
                    double_dummy: d.probability,
                    realistic: r.probability,
                    gap: d.probability - r.probability,
                })
                .collect(),
        }
    });

    let defence = (!defence_samples.is_empty()).then(|| match model {
        None => {
            let scores: Vec<u16> = defence_samples
                .iter()
                .map(|&p| rules.rounding.apply(p))
                .collect();
            DefenceSummary {
                samples: defence_samples.len(),
                mean_points: mean(defence_samples),
                expected_score: mean(&scores),
            }
        }
        Some(m) => real_defence(m, hand, rules, defence_samples),
    });
    let worth_bidding = defence.as_ref().and_then(|d| {
        rows.iter()
            .filter(|r| r.allowed && r.expected_score > d.expected_score)
            .map(|r| r.level)
            .max()
    });
    Ok(BidReport {
        best_contract: if samples.is_empty() {
            None
        } else {
            best_contract(&rows)
        },
        defence,
        worth_bidding,
        hand: hand.to_string(),
        rules: rules.to_string(),
        mode: if opts.realistic.is_some() {
            "realistic"
        } else {
            "double_dummy"
        },
        basis: opts.basis,
        samples: samples.len(),
        seed: opts.seed,
        confidence: opts.confidence,
        marriages: hand.marriages().map(|s| s.char().to_string()).collect(),
        cap: hand_cap,
        max_conceivable,
        levels: rows,
        mean_points: mean(&points),
        histogram: Histogram::new(points.iter().copied(), 10),
        new_marriage,
        realistic,
    })
}

/// Each sample's chance in real play of reaching each of `levels`: the
/// model's chance for its value and its declarer's ten cards.
pub fn real_chances(
    thresholds: &Thresholds,
    hand: CardSet,
    rules: &Rules,
    samples: &[BidSample],
    levels: &[u16],
) -> Vec<Vec<f64>> {
    samples
        .iter()
        .map(|s| {
            let x = declarer_features(hand | s.musik, s.points, rules);
            thresholds.made(s.points, &x, levels)
        })
        .collect()
}

/// Passing and defending in real play: for each defence sample (the
/// declarer's value after its rule-of-thumb exchange), the hand's points
/// in play by the model, rounded by the rules, averaged.
fn real_defence(
    model: &PlayModel,
    hand: CardSet,
    rules: &Rules,
    declarer: &[u16],
) -> DefenceSummary {
    let most = crate::engine::score::max_contract(rules).max(120);
    let n = declarer.len().max(1) as f64;
    let (mut points, mut score) = (0.0, 0.0);
    for &v in declarer {
        let x = defence_features(hand, v, rules);
        points += model.defence.expected_points(&x, most);
        score += model.defence.expected_score(&x, rules, most);
    }
    DefenceSummary {
        samples: declarer.len(),
        mean_points: points / n,
        expected_score: score / n,
    }
}

/// The real-play model for `rules`, or why there is none.
pub fn real_model(rules: &Rules) -> Result<&'static PlayModel, InputError> {
    BidModel::shipped().covering(rules).ok_or_else(|| {
        InputError::Option(format!(
            "the real-play model does not cover the rules '{rules}' (it was fitted for {}): \
             play the hands out (--play pimc:20) or ask for --basis dd",
            BidModel::shipped()
                .models
                .iter()
                .map(|m| m.rules.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ))
    })
}

/// Samples, solves and summarises: the whole `bid` estimate.
pub fn estimate(
    hand: CardSet,
    rules: &Rules,
    opts: &BidOptions,
    progress: Progress,
) -> Result<BidReport, InputError> {
    check_run(hand, rules, opts)?;
    let workers = Workers::new(*rules, opts.threads)?;
    let samples = simulate(hand, &workers, opts, progress);
    let defence = simulate_defence(hand, &workers, opts, progress);
    report_with_defence(hand, rules, opts, &samples, &defence)
}

/// What [`estimate`] checks before any work: the hand's size, the
/// options, and on the real-play basis that the model covers the rules.
pub fn check_run(hand: CardSet, rules: &Rules, opts: &BidOptions) -> Result<(), InputError> {
    if hand.len() != rules.dealt() {
        return Err(InputError::Count {
            what: "hand".into(),
            text: hand.to_string(),
            found: hand.len(),
            want: rules.dealt(),
        });
    }
    opts.check()?;
    if opts.basis == Basis::RealPlay {
        real_model(rules)?;
    }
    Ok(())
}

/// Shard `shard` of `shards` of the estimate's work: its samples and its
/// defence samples ([`shard_range`] of each), for [`merge_shards`]. The
/// shards of a run, merged in order, give [`estimate`]'s report exactly,
/// whatever their number.
pub fn estimate_shard(
    hand: CardSet,
    rules: &Rules,
    opts: &BidOptions,
    (shard, shards): (usize, usize),
    progress: Progress,
) -> Result<(Vec<BidSample>, Vec<u16>), InputError> {
    check_run(hand, rules, opts)?;
    let workers = Workers::new(*rules, opts.threads)?;
    let range = shard_range(opts.samples, shard, shards);
    let samples = simulate_range(hand, &workers, opts, range, progress);
    let range = shard_range(defence_samples(opts.samples), shard, shards);
    let defence = simulate_defence_range(hand, &workers, opts, range, progress);
    Ok((samples, defence))
}

/// The report of a run from its shards' samples put back in order: all
/// `opts.samples` samples and all their defence samples, or an error
/// saying how many are missing.
pub fn merge_shards(
    hand: CardSet,
    rules: &Rules,
    opts: &BidOptions,
    samples: &[BidSample],
    defence: &[u16],
) -> Result<BidReport, InputError> {
    check_run(hand, rules, opts)?;
    for (what, got, want) in [
        ("samples", samples.len(), opts.samples),
        (
            "defence samples",
            defence.len(),
            defence_samples(opts.samples),
        ),
    ] {
        if got != want {
            return Err(InputError::Option(format!(
                "the shards hold {got} {what}, the run has {want}"
            )));
        }
    }
    report_with_defence(hand, rules, opts, samples, defence)
}
