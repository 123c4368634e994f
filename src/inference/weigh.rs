//! Importance resampling: uniform layouts, weighted by the evidence, and
//! the few a decision is judged on drawn in proportion to the weights.

use rand::Rng;

use crate::estimate::sample::{sample_rng, AUX_STREAM};
use crate::view::{Layout, Sampler, View};

use super::{Evidence, Inference, Model};

/// The most uniform layouts weighed for one decision.
pub const MAX_CANDIDATES: usize = 20_000;
/// Uniform layouts weighed per layout judged.
const CANDIDATES_PER_LAYOUT: usize = 20;

/// The layouts to judge a decision on, each with how many of the `n`
/// draws fell on it.
#[derive(Clone, Debug)]
pub struct Weighted {
    pub layouts: Vec<(Layout, usize)>,
    /// The model that judged: `None` when there was nothing to read.
    pub inference: Inference,
    /// How many independent layouts the weighted draw is worth: the
    /// effective sample size of the weights, at most `n`.
    pub effective: f64,
}

/// `n` layouts for `view`: uniform draws when `inference` is `None` or the
/// view holds no decision of the others (the very layouts the uniform
/// sampler gives, draw `i` from stream `i` of `seed`); otherwise `n` draws
/// in proportion to the evidence's likelihood from `20 n` uniform ones.
pub fn weighted_layouts(view: &View, n: usize, seed: u64, inference: Inference) -> Weighted {
    let sampler = Sampler::new(view);
    let draw = |i: usize| sampler.sample(&mut sample_rng(seed, i as u64));
    let evidence = Evidence::of(view);
    if inference == Inference::None || evidence.is_empty() || n == 0 {
        return Weighted {
            layouts: (0..n).map(|i| (draw(i), 1)).collect(),
            inference: Inference::None,
            effective: n as f64,
        };
    }
    let model = Model::shipped();
    let m = (n * CANDIDATES_PER_LAYOUT).clamp(n, MAX_CANDIDATES);
    let candidates: Vec<Layout> = (0..m).map(draw).collect();
    let logs: Vec<f64> = candidates
        .iter()
        .map(|l| evidence.log_weight(model, l))
        .collect();
    let top = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !top.is_finite() {
        // No layout fits the model at all: judge on the uniform ones.
        return Weighted {
            layouts: candidates.into_iter().take(n).map(|l| (l, 1)).collect(),
            inference: Inference::None,
            effective: n as f64,
        };
    }
    let weights: Vec<f64> = logs.iter().map(|&x| (x - top).exp()).collect();
    let sum: f64 = weights.iter().sum();
    let squares: f64 = weights.iter().map(|w| w * w).sum();
    let effective = (sum * sum / squares).min(n as f64);
    // Systematic resampling: one uniform offset, n evenly spaced points.
    let mut rng = sample_rng(seed, AUX_STREAM - 1);
    let u: f64 = rng.gen::<f64>();
    let mut counts = vec![0usize; m];
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
    // layout with weight.
    if k < n {
        let last = weights.iter().rposition(|&w| w > 0.0).expect("a weight");
        counts[last] += n - k;
    }
    let layouts = candidates
        .into_iter()
        .zip(counts)
        .filter(|(_, c)| *c > 0)
        .collect();
    Weighted {
        layouts,
        inference: Inference::Model,
        effective,
    }
}
