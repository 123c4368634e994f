//! Importance resampling: uniform layouts, weighted by the evidence, and
//! the few a decision is judged on drawn in proportion to the weights.
//!
//! Two stages, because the contract's and the lead's likelihoods need D's
//! double-dummy points on the layout (a search) while the calls' and the
//! gift's need only the cards: `20 n` uniform layouts are weighed by the
//! cards' evidence and `4 n` drawn from them; those are solved from the
//! first lead (and after D's lead), weighed by the contract and the lead,
//! and the `n` to judge on drawn from them. The
//! layouts reached follow prior × every likelihood, as one stage would.

use rand::Rng;

use crate::estimate::sample::{sample_rng, AUX_STREAM};
use crate::state::State;
use crate::view::{Layout, Sampler, View};

use super::{Evidence, Inference, Model};

/// The most uniform layouts weighed for one decision.
pub const MAX_CANDIDATES: usize = 20_000;
/// Uniform layouts weighed per layout judged.
const CANDIDATES_PER_LAYOUT: usize = 20;
/// Layouts solved for the contract's likelihood, per layout judged.
const SOLVED_PER_LAYOUT: usize = 4;

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
        .then(|| logs.iter().map(|&x| (x - top).exp()).collect())
}

/// The effective sample size of weights given with their counts.
fn effective(weights: &[f64], counts: &[usize]) -> f64 {
    let (s, q) = weights
        .iter()
        .zip(counts)
        .fold((0.0, 0.0), |(s, q), (w, &c)| {
            (s + w * c as f64, q + w * w * c as f64)
        });
    s * s / q
}

/// `n` layouts for `view`: uniform draws when `inference` is `None` or the
/// view holds no decision of the others (the very layouts the uniform
/// sampler gives, draw `i` from stream `i` of `seed`); otherwise drawn in
/// proportion to the evidence's likelihood, as the module says. `solve`
/// gives D's double-dummy points from each first-lead state it is handed
/// (in order; the caller may solve them in parallel).
pub fn weighted_layouts(
    view: &View,
    n: usize,
    seed: u64,
    inference: Inference,
    solve: &dyn Fn(&[State]) -> Vec<u16>,
) -> Weighted {
    let sampler = Sampler::new(view);
    let draw = |i: usize| sampler.sample(&mut sample_rng(seed, i as u64));
    let evidence = Evidence::of(view);
    let uniform = |layouts: Vec<Layout>| Weighted {
        layouts: layouts.into_iter().map(|l| (l, 1)).collect(),
        inference: Inference::None,
        effective: n as f64,
    };
    if inference == Inference::None || evidence.is_empty() || n == 0 {
        return uniform((0..n).map(draw).collect());
    }
    let model = Model::shipped();
    let m = (n * CANDIDATES_PER_LAYOUT).clamp(n, MAX_CANDIDATES);
    let candidates: Vec<Layout> = (0..m).map(draw).collect();
    let logs: Vec<f64> = candidates
        .iter()
        .map(|l| evidence.log_weight_cards(model, l))
        .collect();
    let Some(weights) = normalised(&logs) else {
        // No layout fits the model at all: judge on the uniform ones.
        return uniform(candidates.into_iter().take(n).collect());
    };
    let mut rng = sample_rng(seed, AUX_STREAM - 1);
    let mut ess = effective(&weights, &vec![1; m]);
    let (kept, counts): (Vec<Layout>, Vec<usize>) = if !evidence.needs_search() {
        (candidates, resample(&weights, n, rng.gen()))
    } else {
        // Stage two: solve a few for the contract.
        let k = n * SOLVED_PER_LAYOUT;
        let first = resample(&weights, k, rng.gen());
        let (pool, pool_counts): (Vec<Layout>, Vec<usize>) = candidates
            .into_iter()
            .zip(first)
            .filter(|(_, c)| *c > 0)
            .unzip();
        // D's points from the first lead and, with a lead to read, after it.
        let mut states: Vec<State> = pool.iter().map(|l| l.start).collect();
        if evidence.lead.is_some() {
            states.extend(pool.iter().map(|l| after_lead(view, l)));
        }
        let dd = solve(&states);
        let logs: Vec<f64> = pool
            .iter()
            .enumerate()
            .map(|(j, l)| {
                let lead = match evidence.lead {
                    Some(_) => evidence.log_weight_lead(model, dd[j], dd[pool.len() + j]),
                    None => 0.0,
                };
                evidence.log_weight_contract(model, l, dd[j]) + lead + (pool_counts[j] as f64).ln()
            })
            .collect();
        let Some(w2) = normalised(&logs) else {
            return uniform(pool.into_iter().take(n).collect());
        };
        // Stage two's weights per draw (the counts divided out again).
        let per_draw: Vec<f64> = w2
            .iter()
            .zip(&pool_counts)
            .map(|(w, &c)| w / c as f64)
            .collect();
        ess = ess.min(effective(&per_draw, &pool_counts));
        (pool, resample(&w2, n, rng.gen()))
    };
    let layouts = kept
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

/// The layout's state after D's first lead.
fn after_lead(view: &View, l: &Layout) -> State {
    let mut s = l.start;
    s.play(&view.rules, l.moves[0]);
    s
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
        assert_eq!(effective(&[1.0; 4], &[1; 4]), 4.0);
        // A layout drawn three times, the other's weight nothing: three.
        assert_eq!(effective(&[1.0, 0.0], &[3, 1]), 3.0);
        assert!((effective(&[1.0, 0.5], &[1, 1]) - 1.8).abs() < 1e-12);
    }

    #[test]
    fn normalising_keeps_ratios_and_refuses_all_impossible() {
        let w = normalised(&[0.0, -(2f64.ln())]).unwrap();
        assert!((w[0] - 1.0).abs() < 1e-12 && (w[1] - 0.5).abs() < 1e-12);
        assert_eq!(normalised(&[f64::NEG_INFINITY; 2]), None);
    }
}
