//! Importance resampling: uniform layouts, weighted by the evidence, and
//! the few a decision is judged on drawn in proportion to the weights.
//!
//! Every likelihood depends on the deciding seat's cards alone (as its
//! decision did), so weighing a layout costs no search: uniform layouts are
//! drawn `10 n` at a time and weighed until their weights are worth `n`
//! independent layouts (at most `40 n`), and the `n` to judge on drawn
//! from them. The layouts reached follow prior × likelihood.

use rand::Rng;

use crate::engine::sample::{sample_rng, AUX_STREAM};
use crate::view::{Layout, Sampler, View};

use super::{Evidence, Inference, Model};

/// The most uniform layouts weighed for one decision.
pub const MAX_CANDIDATES: usize = 20_000;
/// The most uniform layouts weighed per layout judged. The contract read
/// against the announce table is sharp: above 120, `20 n` left about 10
/// effective layouts of 50 and `40 n` 15, and L's estimate rose from 0.83
/// to 0.87 (D made 0.91). 40 keeps a decision within twice the uniform
/// one's time (×1.43; `60 n` took ×1.95 for 0.01 more; docs/inference.md).
const CANDIDATES_PER_LAYOUT: usize = 40;
/// Uniform layouts drawn at a time, per layout judged.
const BATCH_PER_LAYOUT: usize = 10;
/// How far below the best layout's log-weight a layout may fall before it
/// is not weighed further (its gift and lead are not worked out): its
/// weight would be under e^-30 ≈ 1e-13 of the best's.
const FLOOR: f64 = 30.0;

/// The layouts to judge a decision on, each with how many of the `n`
/// draws fell on it.
#[derive(Clone, Debug)]
pub struct Weighted {
    pub layouts: Vec<(Layout, usize)>,
    /// The model that judged: `None` when there was nothing to read.
    pub inference: Inference,
    /// How many independent layouts the weighted draw is worth: the
    /// effective sample size of the weights of each stage (the smaller),
    /// at most `n`.
    pub effective: f64,
}

/// Draws `n` of `weights`' indices in proportion to them (systematic
/// resampling: one uniform offset, `n` evenly spaced points), as counts.
fn resample(weights: &[f64], n: usize, u: f64) -> Vec<usize> {
    let sum: f64 = weights.iter().sum();
    let mut counts = vec![0usize; weights.len()];
    let mut acc = 0.0;
    let mut k = 0;
    for (i, w) in weights.iter().enumerate() {
        acc += w / sum * n as f64;
        while k < n && (k as f64 + u) < acc {
            counts[i] += 1;
            k += 1;
        }
    }
    // Rounding may leave the last point unplaced: it belongs to the last
    // index with weight.
    if k < n {
        let last = weights.iter().rposition(|&w| w > 0.0).expect("a weight");
        counts[last] += n - k;
    }
    counts
}

/// Weights from log-weights, scaled so the largest is 1; `None` when none
/// is finite.
fn normalised(logs: &[f64]) -> Option<Vec<f64>> {
    let top = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    top.is_finite()
        .then(|| logs.iter().map(|&x| libm::exp(x - top)).collect())
}

/// The effective sample size of weights: (Σw)² / Σw².
fn effective(weights: &[f64]) -> f64 {
    let (s, q) = weights
        .iter()
        .fold((0.0, 0.0), |(s, q), w| (s + w, q + w * w));
    s * s / q
}

/// Draws `n` of the candidates whose log-weights are `logs`, in
/// proportion to their weights (systematic resampling with offset `u` in
/// [0, 1)): how many draws fell on each candidate, and what the weights are
/// worth in independent draws (at most `n`). `None` when no candidate is
/// possible.
pub(crate) fn draw_in_proportion(logs: &[f64], n: usize, u: f64) -> Option<(Vec<usize>, f64)> {
    let weights = normalised(logs)?;
    let worth = effective(&weights).min(n as f64);
    Some((resample(&weights, n, u), worth))
}

/// `n` layouts for `view`: uniform draws when `inference` is `None`, the
/// view holds no decision of the others, or the hand is of two players (the
/// model is fitted on hands of three: docs/inference.md) — the very layouts
/// the uniform sampler gives, draw `i` from stream `i` of `seed`; otherwise drawn in
/// proportion to the evidence's likelihood from many uniform draws, as the
/// module says.
pub fn weighted_layouts(view: &View, n: usize, seed: u64, inference: Inference) -> Weighted {
    let sampler = Sampler::new(view);
    let draw = |i: usize| sampler.sample(&mut sample_rng(seed, i as u64));
    let evidence = Evidence::of(view);
    let uniform = |layouts: Vec<Layout>| Weighted {
        layouts: layouts.into_iter().map(|l| (l, 1)).collect(),
        inference: Inference::None,
        effective: n as f64,
    };
    let two = view.rules.players == crate::engine::rules::Players::Two;
    if inference == Inference::None || evidence.is_empty() || n == 0 || two {
        return uniform((0..n).map(draw).collect());
    }
    let model = Model::shipped();
    // Draw uniform layouts in batches until the weights are worth `n`
    // independent layouts, or the most allowed are drawn: evidence that
    // says little stops early, a rare contract draws many.
    let most = (n * CANDIDATES_PER_LAYOUT).clamp(n, MAX_CANDIDATES);
    let batch = (n * BATCH_PER_LAYOUT).min(most);
    let mut candidates: Vec<Layout> = Vec::new();
    let mut logs: Vec<f64> = Vec::new();
    let mut best = f64::NEG_INFINITY;
    // The weights so far and what they are worth.
    let mut weighed: Option<(Vec<f64>, f64)> = None;
    while candidates.len() < most {
        let from = candidates.len();
        let to = (from + batch).min(most);
        candidates.extend((from..to).map(draw));
        for l in &candidates[from..] {
            // A layout this far below the best so far weighs nothing that
            // counts: its weight is under e^-FLOOR of the largest.
            let log = evidence.log_weight_above(model, l, best - FLOOR);
            best = best.max(log);
            logs.push(log);
        }
        weighed = normalised(&logs).map(|w| {
            let worth = effective(&w);
            (w, worth)
        });
        if weighed
            .as_ref()
            .is_some_and(|(_, worth)| *worth >= n as f64)
        {
            break;
        }
    }
    let Some((weights, ess)) = weighed else {
        // No layout fits the model at all: judge on the uniform ones.
        return uniform(candidates.into_iter().take(n).collect());
    };
    let mut rng = sample_rng(seed, AUX_STREAM - 1);
    let counts = resample(&weights, n, rng.gen());
    let layouts = candidates
        .into_iter()
        .zip(counts)
        .filter(|(_, c)| *c > 0)
        .collect();
    Weighted {
        layouts,
        inference: Inference::Model,
        effective: ess.min(n as f64),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn systematic_resampling_places_every_draw_by_weight() {
        // Weights 1:3 over 8 draws: exactly 2 and 6, whatever the offset.
        for u in [0.0, 0.3, 0.99] {
            assert_eq!(resample(&[1.0, 3.0], 8, u), vec![2, 6]);
        }
        // A zero weight gets nothing.
        assert_eq!(resample(&[0.0, 1.0, 0.0], 5, 0.5), vec![0, 5, 0]);
        assert_eq!(resample(&[2.0, 0.0], 5, 0.5), vec![5, 0]);
    }

    #[test]
    fn effective_sizes() {
        assert_eq!(effective(&[1.0; 4]), 4.0);
        // Three equal weights and one of nothing: worth three.
        assert_eq!(effective(&[1.0, 1.0, 1.0, 0.0]), 3.0);
        assert!((effective(&[1.0, 0.5]) - 1.8).abs() < 1e-12);
    }

    #[test]
    fn normalising_keeps_ratios_and_refuses_all_impossible() {
        let w = normalised(&[0.0, -libm::log(2.0)]).unwrap();
        assert!((w[0] - 1.0).abs() < 1e-12 && (w[1] - 0.5).abs() < 1e-12);
        assert_eq!(normalised(&[f64::NEG_INFINITY; 2]), None);
    }
}
