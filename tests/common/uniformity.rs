//! The statistics of the uniformity tests: chi-square over landing counts
//! and its quantile.

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
