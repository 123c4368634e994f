//! Fitting the models by maximum likelihood, with argmin's L-BFGS
//! (<https://argmin-rs.org>): a well-kept optimiser, so the trainer is the
//! likelihood and its gradient and nothing else. Both likelihoods are
//! concave in the parameters used here, so the optimum is the one optimum.

use argmin::core::{CostFunction, Executor, Gradient};
use argmin::solver::linesearch::MoreThuenteLineSearch;
use argmin::solver::quasinewton::LBFGS;

use crate::card::Card;
use crate::cardset::CardSet;

use super::features::{gift_features, GIFT_FEATURES};
use super::model::{logistic, Gift, Interval, Ordinal};

/// Interval observations of a latent level: features and interval. The
/// parameters are (a, g) with P(level < t) = σ(g t − a·x), so the weights
/// are a / g and the scale 1 / g.
struct Levels<'a> {
    data: &'a [(Vec<f64>, Interval)],
}

impl Levels<'_> {
    /// Minus the mean log-likelihood, and its gradient.
    fn eval(&self, p: &[f64]) -> (f64, Vec<f64>) {
        let k = p.len() - 1;
        let (a, g) = (&p[..k], p[k]);
        let mut cost = 0.0;
        let mut grad = vec![0.0; p.len()];
        for (x, i) in self.data {
            let ax: f64 = a.iter().zip(x).map(|(a, x)| a * x).sum();
            // (σ, σ') at each end; an open end is (0, 0) below, (1, 0) above.
            let end = |t: Option<f64>, open: f64| match t {
                Some(t) => {
                    let s = logistic(g * t - ax);
                    (s, s * (1.0 - s), t)
                }
                None => (open, 0.0, 0.0),
            };
            let (sh, dh, th) = end(i.high, 1.0);
            let (sl, dl, tl) = end(i.low, 0.0);
            let pr = (sh - sl).max(1e-300);
            cost -= pr.ln();
            // d ln pr / d u_end = ±σ'/pr; u = g t − a·x.
            let (wh, wl) = (dh / pr, -dl / pr);
            for (j, xj) in x.iter().enumerate() {
                grad[j] -= -(wh + wl) * xj;
            }
            grad[k] -= wh * th + wl * tl;
        }
        let n = self.data.len().max(1) as f64;
        (cost / n, grad.into_iter().map(|d| d / n).collect())
    }
}

impl CostFunction for Levels<'_> {
    type Param = Vec<f64>;
    type Output = f64;
    fn cost(&self, p: &Vec<f64>) -> Result<f64, argmin::core::Error> {
        Ok(self.eval(p).0)
    }
}

impl Gradient for Levels<'_> {
    type Param = Vec<f64>;
    type Gradient = Vec<f64>;
    fn gradient(&self, p: &Vec<f64>) -> Result<Vec<f64>, argmin::core::Error> {
        Ok(self.eval(p).1)
    }
}

fn minimise<P>(problem: P, start: Vec<f64>) -> Result<(Vec<f64>, f64), String>
where
    P: CostFunction<Param = Vec<f64>, Output = f64>
        + Gradient<Param = Vec<f64>, Gradient = Vec<f64>>,
{
    let solver = LBFGS::new(MoreThuenteLineSearch::new(), 10)
        .with_tolerance_grad(1e-9)
        .map_err(|e| e.to_string())?;
    let res = Executor::new(problem, solver)
        .configure(|s| s.param(start).max_iters(500))
        .run()
        .map_err(|e| format!("fitting: {e}"))?;
    let best = res
        .state()
        .best_param
        .clone()
        .ok_or("fitting: no optimum")?;
    Ok((best, res.state().best_cost))
}

/// The ordinal model that best explains `data`, and its mean
/// log-likelihood per observation.
pub fn fit_levels(data: &[(Vec<f64>, Interval)]) -> Result<(Ordinal, f64), String> {
    let k = data.first().map_or(0, |d| d.0.len());
    // Start: level 100 for every hand, scale 20.
    let mut start = vec![0.0; k + 1];
    start[0] = 100.0 / 20.0;
    start[k] = 1.0 / 20.0;
    let (p, cost) = minimise(Levels { data }, start)?;
    let g = p[k];
    if g <= 0.0 {
        return Err("fitting: the levels do not order (a negative scale)".into());
    }
    let model = Ordinal {
        weights: p[..k].iter().map(|a| a / g).collect(),
        scale: 1.0 / g,
    };
    Ok((model, -cost))
}

/// D's ten cards and the two it gave away.
struct Gifts<'a> {
    data: &'a [(CardSet, Card, Card)],
}

impl Gifts<'_> {
    fn eval(&self, w: &[f64]) -> (f64, Vec<f64>) {
        let mut cost = 0.0;
        let mut grad = vec![0.0; GIFT_FEATURES];
        for &(ten, a, b) in self.data {
            let cards: Vec<(Card, [f64; GIFT_FEATURES])> =
                ten.iter().map(|c| (c, gift_features(c, ten))).collect();
            let u: Vec<f64> = cards
                .iter()
                .map(|(_, f)| w.iter().zip(f).map(|(w, f)| w * f).sum::<f64>())
                .collect();
            let top = u.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let e: Vec<f64> = u.iter().map(|x| (x - top).exp()).collect();
            // Z over pairs = ((Σe)² − Σe²) / 2; E[f over the pair] by the
            // derivative of ln Z: for card i, e_i (S − e_i) / Z' with Z' = S² − Σe².
            let s: f64 = e.iter().sum();
            let sq: f64 = e.iter().map(|x| x * x).sum();
            let z2 = s * s - sq;
            let ua = u[cards.iter().position(|c| c.0 == a).expect("a in ten")];
            let ub = u[cards.iter().position(|c| c.0 == b).expect("b in ten")];
            cost -= ua + ub - 2.0 * top - (z2 / 2.0).ln();
            for (i, (c, f)) in cards.iter().enumerate() {
                let expected = 2.0 * e[i] * (s - e[i]) / z2;
                let chosen = f64::from(u8::from(*c == a || *c == b));
                for j in 0..GIFT_FEATURES {
                    grad[j] -= (chosen - expected) * f[j];
                }
            }
        }
        let n = self.data.len().max(1) as f64;
        (cost / n, grad.into_iter().map(|d| d / n).collect())
    }
}

impl CostFunction for Gifts<'_> {
    type Param = Vec<f64>;
    type Output = f64;
    fn cost(&self, p: &Vec<f64>) -> Result<f64, argmin::core::Error> {
        Ok(self.eval(p).0)
    }
}

impl Gradient for Gifts<'_> {
    type Param = Vec<f64>;
    type Gradient = Vec<f64>;
    fn gradient(&self, p: &Vec<f64>) -> Result<Vec<f64>, argmin::core::Error> {
        Ok(self.eval(p).1)
    }
}

/// The gift model that best explains `data`, and its mean log-likelihood.
pub fn fit_gift(data: &[(CardSet, Card, Card)]) -> Result<(Gift, f64), String> {
    let (w, cost) = minimise(Gifts { data }, vec![0.0; GIFT_FEATURES])?;
    Ok((Gift { weights: w }, -cost))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    #[test]
    fn recovers_a_planted_ordinal_model() {
        // Levels 100 + 10 x plus logistic noise of scale 8, seen as 10-wide
        // bands: the fit must find the weights and the scale again.
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let data: Vec<(Vec<f64>, Interval)> = (0..4000)
            .map(|_| {
                let x: f64 = rng.gen_range(0.0..8.0);
                let u: f64 = rng.gen_range(1e-9..1.0);
                let level = 100.0 + 10.0 * x + 8.0 * (u / (1.0 - u)).ln();
                let band = (level / 10.0).floor() as u16 * 10;
                (vec![1.0, x], Interval::between(Some(band), Some(band + 10)))
            })
            .collect();
        let (m, _) = fit_levels(&data).unwrap();
        assert!((m.weights[0] - 100.0).abs() < 2.0, "{m:?}");
        assert!((m.weights[1] - 10.0).abs() < 0.5, "{m:?}");
        assert!((m.scale - 8.0).abs() < 0.6, "{m:?}");
    }

    #[test]
    fn a_gift_of_nines_learns_to_give_nines() {
        // D always gives its two nines: the weight on `nine` comes out large.
        let ten: CardSet = "AH TH KH QH 9H AD 9D QC JS TS"
            .split(' ')
            .map(|c| c.parse::<Card>().unwrap())
            .collect();
        let data = vec![(ten, "9H".parse().unwrap(), "9D".parse().unwrap()); 50];
        let (g, _) = fit_gift(&data).unwrap();
        let p = g.chance(ten, "9H".parse().unwrap(), "9D".parse().unwrap());
        assert!(p > 0.5, "{g:?} gives the nines with chance {p}");
    }
}
