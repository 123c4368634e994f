//! The statistics of the uniformity tests: chi-square over landing counts
//! and its quantile.

use std::collections::HashMap;
use std::fmt::Debug;
use std::hash::Hash;

use tysiac::estimate::stats::chi_square;

/// The chi-square statistic and the largest per-cell |z| of landing counts
/// of the unseen cards in piles of `sizes`, against a uniform deal.
pub fn uniformity(counts: &[Vec<u64>], sizes: &[usize], draws: usize) -> (f64, f64) {
    let unseen: usize = sizes.iter().sum();
    let mut obs = Vec::new();
    let mut exp = Vec::new();
    let mut max_z: f64 = 0.0;
    for row in counts {
        for (p, &c) in row.iter().enumerate() {
            let q = sizes[p] as f64 / unseen as f64;
            let e = draws as f64 * q;
            obs.push(c as f64);
            exp.push(e);
            max_z = max_z.max((c as f64 - e).abs() / (e * (1.0 - q)).sqrt());
        }
    }
    (chi_square(&obs, &exp), max_z)
}

/// The chi-square quantile with `df` degrees of freedom at the upper tail
/// whose normal quantile is `z` (Wilson–Hilferty; within 1% here).
pub fn chi_square_quantile(df: f64, z: f64) -> f64 {
    let a = 2.0 / (9.0 * df);
    df * (1.0 - a + z * a.sqrt()).powi(3)
}

/// Compares sampled keys with the exact distribution `exact` (each key's
/// count of hidden histories): every sampled key must be possible, and the
/// chi-square statistic (cells expecting fewer than 5 pooled) is returned
/// with its 1e-4 quantile, (statistic, bound).
pub fn goodness<K: Copy + Ord + Hash + Debug>(exact: &HashMap<K, u64>, drawn: &[K]) -> (f64, f64) {
    let total: u64 = exact.values().sum();
    let mut observed: HashMap<K, u64> = HashMap::new();
    for k in drawn {
        assert!(
            exact.contains_key(k),
            "an impossible layout was drawn: {k:?}"
        );
        *observed.entry(*k).or_default() += 1;
    }
    let n = drawn.len() as f64;
    let (mut obs, mut exp) = (Vec::new(), Vec::new());
    let (mut pool_o, mut pool_e) = (0.0, 0.0);
    let mut keys: Vec<&K> = exact.keys().collect();
    keys.sort();
    for k in keys {
        let e = n * exact[k] as f64 / total as f64;
        let o = observed.get(k).copied().unwrap_or(0) as f64;
        if e < 5.0 {
            pool_o += o;
            pool_e += e;
        } else {
            obs.push(o);
            exp.push(e);
        }
    }
    if pool_e > 0.0 {
        obs.push(pool_o);
        exp.push(pool_e);
    }
    let df = (obs.len() as f64 - 1.0).max(1.0);
    (chi_square(&obs, &exp), chi_square_quantile(df, 3.719))
}
