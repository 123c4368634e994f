//! Small statistics: the Wilson interval for a proportion, a mean with its
//! standard error, a histogram of points, and the chi-square statistic used
//! to test the sampler.

use serde::Serialize;

/// The normal quantile for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval (95%) for `k` successes in `n` trials.
///
/// Chosen over the plain normal interval because the probabilities reported
/// are often 0 or 1 (a level nobody reaches, one every layout makes), where
/// the normal interval collapses to a point and claims false certainty.
///
/// ```
/// use tysiac::estimate::stats::wilson;
/// let (lo, hi) = wilson(0, 100);
/// assert_eq!(lo, 0.0);
/// assert!(hi > 0.03 && hi < 0.04);
/// let (lo, hi) = wilson(50, 100);
/// assert!((lo - 0.404).abs() < 0.001 && (hi - 0.596).abs() < 0.001);
/// ```
pub fn wilson(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    wilson_share(k as f64 / n as f64, n as f64)
}

/// The Wilson interval (95%) of a share `p` observed on `n` trials, `n`
/// not always whole: for weighted draws, the effective number of
/// independent ones. Fifty draws that fell on one layout are worth one,
/// and their share of 1 says no more than one layout does.
///
/// ```
/// use tysiac::estimate::stats::{wilson, wilson_share};
/// assert_eq!(wilson_share(0.5, 100.0), wilson(50, 100));
/// let (lo, hi) = wilson_share(1.0, 1.0);
/// assert!(lo > 0.2 && lo < 0.21 && hi == 1.0);
/// ```
pub fn wilson_share(p: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z2 = Z95 * Z95;
    let denom = 1.0 + z2 / n;
    let center = (p + z2 / (2.0 * n)) / denom;
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    // Mathematically the interval holds p and lies in [0, 1]; rounding can
    // push an endpoint a hair past either (at k = n the upper end computes
    // to 0.9999…), so clamp.
    ((center - half).clamp(0.0, p), (center + half).clamp(p, 1.0))
}

/// The mean of `xs` and its standard error (the sample standard deviation,
/// with n − 1, over √n; with one value the spread is taken over one).
///
/// ```
/// use tysiac::estimate::stats::mean_and_stderr;
/// let (mean, se) = mean_and_stderr(&[30.0, 10.0, 20.0]);
/// assert_eq!(mean, 20.0);
/// assert!((se - 10.0 / 3f64.sqrt()).abs() < 1e-12);
/// ```
pub fn mean_and_stderr(xs: &[f64]) -> (f64, f64) {
    let n = xs.len().max(1) as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, (var / n).sqrt())
}

/// The chi-square statistic Σ (observed − expected)² / expected.
pub fn chi_square(observed: &[f64], expected: &[f64]) -> f64 {
    observed
        .iter()
        .zip(expected)
        .map(|(o, e)| (o - e) * (o - e) / e)
        .sum()
}

/// One bin of a [`Histogram`]: points in `from..from + width`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Bin {
    pub from: u16,
    pub count: usize,
}

/// How often each range of points occurred.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Histogram {
    pub bin_width: u16,
    /// From the lowest occupied bin to the highest, empty bins between
    /// included (so a drawn histogram shows gaps).
    pub bins: Vec<Bin>,
}

impl Histogram {
    /// Bins `values` by `width` points.
    pub fn new(values: impl IntoIterator<Item = u16>, width: u16) -> Histogram {
        let mut counts: Vec<usize> = Vec::new();
        let mut lowest = usize::MAX;
        for v in values {
            let b = (v / width) as usize;
            if counts.len() <= b {
                counts.resize(b + 1, 0);
            }
            counts[b] += 1;
            lowest = lowest.min(b);
        }
        let bins = counts
            .iter()
            .enumerate()
            .skip(if lowest == usize::MAX {
                counts.len()
            } else {
                lowest
            })
            .map(|(b, &count)| Bin {
                from: b as u16 * width,
                count,
            })
            .collect();
        Histogram {
            bin_width: width,
            bins,
        }
    }

    /// The histogram as text lines: `range │bar count share`, the longest bar
    /// `width` characters, drawn with eighth blocks for resolution.
    pub fn draw(&self, width: usize) -> Vec<String> {
        const EIGHTHS: [char; 8] = [' ', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];
        let total: usize = self.bins.iter().map(|b| b.count).sum();
        let most = self.bins.iter().map(|b| b.count).max().unwrap_or(0).max(1);
        self.bins
            .iter()
            .map(|b| {
                let eighths = (b.count * width * 8 + most / 2) / most;
                let mut bar = "█".repeat(eighths / 8);
                if eighths % 8 != 0 {
                    bar.push(EIGHTHS[eighths % 8]);
                }
                let share = if total == 0 {
                    0.0
                } else {
                    100.0 * b.count as f64 / total as f64
                };
                format!(
                    "{:>3}–{:<3} │{:<width$} {:>5} {:>5.1}%",
                    b.from,
                    b.from + self.bin_width - 1,
                    bar,
                    b.count,
                    share,
                    width = width + 1
                )
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_is_inside_and_contains_the_estimate() {
        for n in [1, 7, 100, 1000] {
            for k in 0..=n {
                let (lo, hi) = wilson(k, n);
                let p = k as f64 / n as f64;
                assert!(0.0 <= lo && lo <= p && p <= hi && hi <= 1.0, "{k}/{n}");
            }
        }
        assert_eq!(wilson(0, 0), (0.0, 1.0));
        assert_eq!(wilson_share(0.3, 0.0), (0.0, 1.0));
        // Fewer effective trials, a wider interval around the same share.
        let (lo, hi) = wilson_share(0.8, 50.0);
        let (lo5, hi5) = wilson_share(0.8, 5.0);
        assert!(
            lo5 < lo && hi5 > hi && lo <= 0.8 && 0.8 <= hi,
            "{lo5} {lo} {hi} {hi5}"
        );
        let (lo, hi) = wilson(100, 100);
        assert!(lo > 0.96 && lo < 0.97 && hi == 1.0);
    }

    #[test]
    fn histogram_bins_and_gaps() {
        let h = Histogram::new([5, 12, 19, 41], 10);
        let bins: Vec<(u16, usize)> = h.bins.iter().map(|b| (b.from, b.count)).collect();
        assert_eq!(bins, vec![(0, 1), (10, 2), (20, 0), (30, 0), (40, 1)]);
        let lines = h.draw(10);
        assert_eq!(lines.len(), 5);
        assert!(lines[1].contains("██████████"), "{}", lines[1]);
        assert!(Histogram::new([], 10).bins.is_empty());
    }

    #[test]
    fn chi_square_of_a_perfect_fit_is_zero() {
        assert_eq!(chi_square(&[10.0, 20.0], &[10.0, 20.0]), 0.0);
        assert!((chi_square(&[12.0, 18.0], &[10.0, 20.0]) - 0.6).abs() < 1e-12);
    }
}
