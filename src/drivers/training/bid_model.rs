//! Fitting the real-play model ([`crate::estimate::real`]) from games the
//! computer players played (`tysiac play --json`, docs/bid.md).
//!
//! Each game gives one row per model: the declarer's double-dummy value with
//! the best exchange and its real points (the `declarer` model), the value
//! after the exchange it chose and the same points (`after_exchange`), and
//! for each defender the features of its cards and of the declarer's quick
//! value beside its real points (`defence`). Every model is a set of
//! logistic regressions, one per whole threshold `t` (of `δ` for the
//! declarer, of the points for a defender), fitted by Newton's method with
//! a small ridge on the weights. Everything is deterministic: the same games give the same
//! file, byte for byte.

use serde::Deserialize;

use crate::engine::deal::Deal;
use crate::engine::rules::Rules;
use crate::estimate::real::{
    declarer_features, defence_features, guessed_value, DeclarerFeatures, Defence, DefenceFeatures,
    PlayModel, Thresholds, DECLARER_FEATURES, DEFENCE_FEATURES,
};
use crate::solver::Solver;

/// One game as `tysiac play --json --out` writes it (the keys read here).
#[derive(Clone, Debug, Deserialize)]
pub struct PlayedGame {
    pub deal: String,
    pub points: u16,
    pub defenders_points: [u16; 2],
    pub dd_value: u16,
    pub dd_after_exchange: u16,
    pub rules: Option<String>,
    pub seed: Option<u64>,
    pub declarer: Option<String>,
    pub defenders: Option<String>,
}

/// One game's rows, ready to fit.
#[derive(Clone, Debug, PartialEq)]
pub struct Rows {
    /// Features and `δ` (real points less double-dummy) of the declarer
    /// with the best exchange, and after the exchange it chose.
    pub declarer: (DeclarerFeatures, i32),
    pub after_exchange: (DeclarerFeatures, i32),
    /// The same after the rule-of-thumb exchange.
    pub guessed: (DeclarerFeatures, i32),
    /// Each defender's features and real points.
    pub defence: [(DefenceFeatures, i32); 2],
}

/// A game's rows; the best exchange's value (checked against the game's)
/// and the rule-of-thumb exchange's are found here, so `solver` must be of
/// the game's rules.
pub fn rows_of(game: &PlayedGame, rules: &Rules, solver: &mut Solver) -> Result<Rows, String> {
    let deal: Deal = game.deal.parse()?;
    if deal.is_two() {
        return Err("two-player games are not modelled".into());
    }
    let ten = deal.declarer_ten();
    let dd = solver.best_exchange(&deal).1;
    if dd != game.dd_value {
        return Err(format!(
            "the deal's double-dummy value is {dd}, the game says {}: played under other rules?",
            game.dd_value
        ));
    }
    let guessed = guessed_value(solver, rules, &deal);
    let defence = std::array::from_fn(|k| {
        let x = defence_features(deal.hands[k + 1], guessed, rules);
        (x, i32::from(game.defenders_points[k]))
    });
    Ok(Rows {
        declarer: (
            declarer_features(ten, dd, rules),
            i32::from(game.points) - i32::from(dd),
        ),
        after_exchange: (
            declarer_features(ten, game.dd_after_exchange, rules),
            i32::from(game.points) - i32::from(game.dd_after_exchange),
        ),
        guessed: (
            declarer_features(ten, guessed, rules),
            i32::from(game.points) - i32::from(guessed),
        ),
        defence,
    })
}

/// The ridge on the standardised weights (not the intercept).
const RIDGE: f64 = 1.0;
/// Thresholds with fewer rows on either side than this are left to the
/// tails (chance 1 below the first, 0 above the last).
pub const TAIL_ROWS: usize = 5;

/// Fits `P(δ ≥ t)` for every whole `t` with at least [`TAIL_ROWS`] rows on
/// each side, on features named `names`.
pub fn fit_thresholds<const K: usize>(names: &[&str; K], rows: &[([f64; K], i32)]) -> Thresholds {
    let k = K;
    let n = rows.len().max(1) as f64;
    let mean: Vec<f64> = (0..k)
        .map(|j| rows.iter().map(|r| r.0[j]).sum::<f64>() / n)
        .collect();
    let scale: Vec<f64> = (0..k)
        .map(|j| {
            let v = rows.iter().map(|r| (r.0[j] - mean[j]).powi(2)).sum::<f64>() / n;
            if v > 1e-12 {
                v.sqrt()
            } else {
                1.0
            }
        })
        .collect();
    let x: Vec<Vec<f64>> = rows
        .iter()
        .map(|r| {
            std::iter::once(1.0)
                .chain((0..k).map(|j| (r.0[j] - mean[j]) / scale[j]))
                .collect()
        })
        .collect();
    let mut deltas: Vec<i32> = rows.iter().map(|r| r.1).collect();
    deltas.sort_unstable();
    // The lowest t with TAIL_ROWS rows below it, the highest with TAIL_ROWS at or above it.
    let (from, to) = if deltas.len() > 2 * TAIL_ROWS {
        (deltas[TAIL_ROWS] + 1, deltas[deltas.len() - TAIL_ROWS])
    } else {
        (0, -1)
    };
    let mut coefs = Vec::new();
    let mut w = vec![0.0; k + 1];
    for t in from..=to {
        let y: Vec<f64> = rows.iter().map(|r| f64::from(u8::from(r.1 >= t))).collect();
        w = logistic(&x, &y, &w);
        coefs.push(w.iter().map(|c| round6(*c)).collect());
    }
    Thresholds {
        features: names.iter().map(|s| s.to_string()).collect(),
        mean: mean.into_iter().map(round6).collect(),
        scale: scale.into_iter().map(round6).collect(),
        low: (0..k)
            .map(|j| rows.iter().map(|r| r.0[j]).fold(f64::INFINITY, f64::min))
            .map(|v| if v.is_finite() { round6(v) } else { 0.0 })
            .collect(),
        high: (0..k)
            .map(|j| {
                rows.iter()
                    .map(|r| r.0[j])
                    .fold(f64::NEG_INFINITY, f64::max)
            })
            .map(|v| if v.is_finite() { round6(v) } else { 0.0 })
            .collect(),
        from,
        coefs,
    }
}

/// Logistic regression by Newton's method from `start`, with [`RIDGE`] on
/// every weight but the intercept (column 0).
fn logistic(x: &[Vec<f64>], y: &[f64], start: &[f64]) -> Vec<f64> {
    let d = start.len();
    let mut w = start.to_vec();
    let mut value = penalised_likelihood(x, y, &w);
    for _ in 0..100 {
        let mut grad = vec![0.0; d];
        let mut hess = vec![vec![0.0; d]; d];
        for (xi, &yi) in x.iter().zip(y) {
            let z: f64 = xi.iter().zip(&w).map(|(a, b)| a * b).sum();
            let p = 1.0 / (1.0 + libm::exp(-z));
            let s = (p * (1.0 - p)).max(1e-9);
            for a in 0..d {
                grad[a] += (yi - p) * xi[a];
                for b in 0..d {
                    hess[a][b] += s * xi[a] * xi[b];
                }
            }
        }
        for a in 1..d {
            grad[a] -= RIDGE * w[a];
            hess[a][a] += RIDGE;
        }
        let step = solve(hess, grad);
        // Newton's step, halved until the likelihood does not fall: from
        // the previous threshold's weights a full step can overshoot into
        // the flat tails of the logistic, where its curvature vanishes and
        // the next step runs off to huge weights (seen at the thresholds
        // just above 0, where real play first beats the double-dummy value).
        let mut scale = 1.0;
        let mut next = w.clone();
        let mut next_value = f64::NEG_INFINITY;
        for _ in 0..40 {
            next = w.iter().zip(&step).map(|(a, s)| a + scale * s).collect();
            next_value = penalised_likelihood(x, y, &next);
            if next_value >= value {
                break;
            }
            scale /= 2.0;
        }
        let size = scale * step.iter().map(|s| s.abs()).fold(0.0, f64::max);
        if next_value < value {
            break; // no step improves: at the optimum within rounding
        }
        w = next;
        value = next_value;
        if size < 1e-9 {
            break;
        }
    }
    w
}

/// The log-likelihood of `y` under weights `w`, less the ridge on the
/// weights (not the intercept): what [`logistic`] maximises.
fn penalised_likelihood(x: &[Vec<f64>], y: &[f64], w: &[f64]) -> f64 {
    let ll: f64 = x
        .iter()
        .zip(y)
        .map(|(xi, &yi)| {
            let z: f64 = xi.iter().zip(w).map(|(a, b)| a * b).sum();
            // log σ(z) = -log(1 + e^-z), computed without overflow.
            let log_p = -softplus(-z);
            let log_q = -softplus(z);
            yi * log_p + (1.0 - yi) * log_q
        })
        .sum();
    ll - 0.5 * RIDGE * w[1..].iter().map(|v| v * v).sum::<f64>()
}

/// `log(1 + e^z)`, exact in both tails.
fn softplus(z: f64) -> f64 {
    if z > 30.0 {
        z
    } else {
        libm::log1p(libm::exp(z))
    }
}

/// Solves `a · s = b` by Gaussian elimination with partial pivoting (`a`
/// positive definite here).
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .expect("a row");
        a.swap(col, pivot);
        b.swap(col, pivot);
        let p = a[col][col];
        if p.abs() < 1e-12 {
            continue;
        }
        let (done, below) = a.split_at_mut(col + 1);
        let pivot_row = &done[col];
        for (k, r) in below.iter_mut().enumerate() {
            let f = r[col] / p;
            for (x, y) in r[col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= f * y;
            }
            b[col + 1 + k] -= f * b[col];
        }
    }
    let mut s = vec![0.0; n];
    for row in (0..n).rev() {
        let rest: f64 = (row + 1..n).map(|c| a[row][c] * s[c]).sum();
        s[row] = if a[row][row].abs() < 1e-12 {
            0.0
        } else {
            (b[row] - rest) / a[row][row]
        };
    }
    s
}

/// Fits the defence: `P(points ≥ t)` for each whole `t`.
pub fn fit_defence(rows: &[(DefenceFeatures, i32)]) -> Defence {
    Defence(fit_thresholds(&DEFENCE_FEATURES, rows))
}

/// Fits the model of one rule set from its games' rows.
pub fn fit(rules: &Rules, player: &str, seed: u64, rows: &[Rows]) -> PlayModel {
    let declarer: Vec<_> = rows.iter().map(|r| r.declarer).collect();
    let after: Vec<_> = rows.iter().map(|r| r.after_exchange).collect();
    let guessed: Vec<_> = rows.iter().map(|r| r.guessed).collect();
    let defence: Vec<_> = rows.iter().flat_map(|r| r.defence).collect();
    PlayModel {
        rules: rules.to_string(),
        player: player.to_string(),
        games: rows.len(),
        seed,
        declarer: fit_thresholds(&DECLARER_FEATURES, &declarer),
        after_exchange: fit_thresholds(&DECLARER_FEATURES, &after),
        guessed: fit_thresholds(&DECLARER_FEATURES, &guessed),
        defence: fit_defence(&defence),
    }
}

/// Six decimals: the file stays small and reads the same on any machine.
fn round6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows whose `δ` is 0 or -20 by a fair alternation, and whose first
    /// feature says nothing: the fitted chances are those of the coin.
    #[test]
    fn thresholds_fit_the_shares_of_the_rows() {
        let rows: Vec<(DeclarerFeatures, i32)> = (0..400)
            .map(|i| {
                let x = [f64::from(i % 7), 1.0, 2.0, f64::from(i % 3), 0.0];
                (x, if i % 2 == 0 { 0 } else { -20 })
            })
            .collect();
        let t = fit_thresholds(&DECLARER_FEATURES, &rows);
        // From the sixth lowest δ up to the fifth highest: -19 to 0.
        assert_eq!((t.from, t.to()), (-19, 0));
        for x in [[0.0, 1.0, 2.0, 0.0, 0.0], [6.0, 1.0, 2.0, 2.0, 0.0]] {
            let p = t.at_least(-10, &x);
            assert!((p - 0.5).abs() < 0.02, "{p}");
            assert_eq!(t.at_least(-20, &x), 1.0);
            assert_eq!(t.at_least(1, &x), 0.0);
        }
        // A constant feature keeps a scale of 1 (no division by zero).
        assert_eq!(t.scale[1], 1.0);
        // The range each feature spanned, for holding a layout to it.
        assert_eq!(t.low, vec![0.0, 1.0, 2.0, 0.0, 0.0]);
        assert_eq!(t.high, vec![6.0, 1.0, 2.0, 2.0, 0.0]);
        // Deterministic: the same rows, the same coefficients.
        assert_eq!(fit_thresholds(&DECLARER_FEATURES, &rows), t);
    }

    /// Real play equal to the double-dummy value on most rows, above it on
    /// a few: the fit of the thresholds just above 0 starts from weights
    /// far from theirs, and must still land on the shares of the rows.
    #[test]
    fn a_sharp_step_in_the_shares_is_fitted_without_running_off() {
        let rows: Vec<(DeclarerFeatures, i32)> = (0..2000)
            .map(|i| {
                let x = [
                    f64::from(i % 11) * 10.0,
                    f64::from(i % 2),
                    f64::from(i % 3) * 40.0,
                    f64::from(i % 7) * 5.0,
                    f64::from(i % 5 == 0),
                ];
                let delta = match i % 40 {
                    0 => 6,
                    1..=12 => -(i % 13) * 3,
                    _ => 0,
                };
                (x, delta)
            })
            .collect();
        let t = fit_thresholds(&DECLARER_FEATURES, &rows);
        let x = [50.0, 0.5, 40.0, 15.0, 0.2];
        for at in [-20, 1, 5] {
            let share = rows.iter().filter(|r| r.1 >= at).count() as f64 / rows.len() as f64;
            let p = t.at_least(at, &x);
            assert!((p - share).abs() < 0.05, "P(δ ≥ {at}) = {p}, share {share}");
        }
        for c in t.coefs.iter().flatten() {
            assert!(c.abs() < 50.0, "a weight ran off: {:?}", t.coefs);
        }
    }

    /// A feature that decides `δ`: the chance follows it.
    #[test]
    fn a_telling_feature_moves_the_chance() {
        let rows: Vec<(DeclarerFeatures, i32)> = (0..600)
            .map(|i| {
                let good = i % 3 != 0;
                let x = [f64::from(u8::from(good)), 0.0, 0.0, f64::from(i % 5), 0.0];
                // Good layouts (i % 9 of 1, 2, 4, 5, 7, 8) lose 15 points
                // one time in six, poor ones (0, 3, 6) two times in three.
                let lose = if good { i % 9 == 1 } else { i % 9 != 0 };
                (x, if lose { -15 } else { 0 })
            })
            .collect();
        let t = fit_thresholds(&DECLARER_FEATURES, &rows);
        let good = t.at_least(-5, &[1.0, 0.0, 0.0, 0.0, 0.0]);
        let poor = t.at_least(-5, &[0.0, 0.0, 0.0, 0.0, 0.0]);
        assert!((good - 5.0 / 6.0).abs() < 0.03, "{good}");
        assert!((poor - 1.0 / 3.0).abs() < 0.03, "{poor}");
    }

    #[test]
    fn the_defence_is_a_distribution_of_points_moved_by_the_features() {
        // Without an ace 10 or 30 points, with one 50 or 70, alternately
        // (the alternation by blocks of 4, apart from the aces' by 2).
        let rows: Vec<(DefenceFeatures, i32)> = (0..240)
            .map(|i| {
                let aces = (i / 2) % 2;
                let high = (i / 4) % 2;
                let mut x = [0.0; DEFENCE_FEATURES.len()];
                x[3] = f64::from(aces);
                (x, 10 + 40 * aces + 20 * high)
            })
            .collect();
        let d = fit_defence(&rows);
        assert_eq!(d.0.features, DEFENCE_FEATURES);
        let with = |aces: f64| {
            let mut x = [0.0; DEFENCE_FEATURES.len()];
            x[3] = aces;
            x
        };
        for (aces, mean) in [(0.0, 20.0), (1.0, 60.0)] {
            let got = d.expected_points(&with(aces), 400);
            assert!((got - mean).abs() < 1.0, "{aces} aces: {got}");
            // Half the chance at each of the two totals.
            let at = |p: u16| {
                d.distribution(&with(aces), 400)
                    .filter(|&(q, _)| q == p)
                    .map(|(_, c)| c)
                    .sum::<f64>()
            };
            let low = mean as u16 - 10;
            assert!((at(low) - 0.5).abs() < 0.02 && (at(low + 20) - 0.5).abs() < 0.02);
        }
        // Rounded by the rules: standard rounds a final 5 down, so 10 and
        // 30 stay, as they are.
        let s = d.expected_score(&with(0.0), &Rules::STANDARD, 400);
        assert!((s - 20.0).abs() < 1.0, "{s}");
    }

    #[test]
    fn solve_inverts_a_small_system() {
        let s = solve(vec![vec![4.0, 1.0], vec![1.0, 3.0]], vec![1.0, 2.0]);
        assert!((s[0] - 1.0 / 11.0).abs() < 1e-12 && (s[1] - 7.0 / 11.0).abs() < 1e-12);
    }
}
