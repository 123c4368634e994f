//! Fitting the models by maximum likelihood, with argmin's L-BFGS
//! (<https://argmin-rs.org>): a well-kept optimiser, so the trainer is the
//! likelihood and its gradient and nothing else. Both likelihoods are
//! concave in the parameters used here, so the optimum is the one optimum.

use argmin::core::{CostFunction, Executor, Gradient};
use argmin::solver::linesearch::MoreThuenteLineSearch;
use argmin::solver::quasinewton::LBFGS;

use crate::engine::card::Card;
use crate::engine::cardset::CardSet;

use crate::engine::rules::Rules;

use super::calibrate::{self, Scene};
use crate::players::inference::features::{lead_features, GIFT_FEATURES, LEAD_FEATURES};
use crate::players::inference::model::{gift_pair_features, pairs};
use crate::players::inference::model::{logistic, Gift, Interval, Lead, Ordinal, Temper};
use crate::players::inference::worth::{worth_features, Worth, WORTH_FEATURES};

/// Interval observations of a latent level: features and interval. The
/// parameters are (a, g) with P(level < t) = σ(g t − a·x), so the weights
/// are a / g and the scale 1 / g.
struct Levels<'a> {
    data: &'a [(Vec<f64>, Interval)],
}

impl Objective for Levels<'_> {
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
            cost -= libm::log(pr);
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

/// A small ridge penalty on the parameters from `from` on: data that one
/// rule separates perfectly (every hand with a marriage raises, D always
/// gives its nines) would otherwise drive the weights, and the fit, on
/// forever; on real data it moves nothing that matters.
fn ridge(cost: f64, mut grad: Vec<f64>, p: &[f64], from: usize) -> (f64, Vec<f64>) {
    const LAMBDA: f64 = 1e-4;
    let mut cost = cost;
    for j in from..p.len() {
        cost += LAMBDA / 2.0 * p[j] * p[j];
        grad[j] += LAMBDA * p[j];
    }
    (cost, grad)
}

/// A cost to minimise (minus a mean log-likelihood, or a mean squared
/// error) with its gradient; the optimiser adds the [`ridge`].
trait Objective {
    /// The cost at `p`, and its gradient.
    fn eval(&self, p: &[f64]) -> (f64, Vec<f64>);
    /// The first parameter the ridge pulls: 1 where the first is an
    /// intercept (or, for the levels, its slope's partner), 0 for the
    /// conditional logits, which have none.
    const RIDGE_FROM: usize = 1;
}

/// An objective borrowed is the same objective (a fit that minimises and
/// then reads its cost keeps it).
impl<O: Objective> Objective for &O {
    const RIDGE_FROM: usize = O::RIDGE_FROM;
    fn eval(&self, p: &[f64]) -> (f64, Vec<f64>) {
        (**self).eval(p)
    }
}

/// An [`Objective`] with its ridge, as argmin asks for it.
struct Ridged<O>(O);

impl<O: Objective> CostFunction for Ridged<O> {
    type Param = Vec<f64>;
    type Output = f64;
    fn cost(&self, p: &Vec<f64>) -> Result<f64, argmin::core::Error> {
        let (c, g) = self.0.eval(p);
        Ok(ridge(c, g, p, O::RIDGE_FROM).0)
    }
}

impl<O: Objective> Gradient for Ridged<O> {
    type Param = Vec<f64>;
    type Gradient = Vec<f64>;
    fn gradient(&self, p: &Vec<f64>) -> Result<Vec<f64>, argmin::core::Error> {
        let (c, g) = self.0.eval(p);
        Ok(ridge(c, g, p, O::RIDGE_FROM).1)
    }
}

fn minimise<O: Objective>(objective: O, start: Vec<f64>) -> Result<Vec<f64>, String> {
    let solver = LBFGS::new(MoreThuenteLineSearch::new(), 10)
        .with_tolerance_grad(1e-9)
        .map_err(|e| e.to_string())?;
    let res = Executor::new(Ridged(objective), solver)
        .configure(|s| s.param(start).max_iters(500))
        .run()
        .map_err(|e| format!("fitting: {e}"))?;
    let best = res
        .state()
        .best_param
        .clone()
        .ok_or("fitting: no optimum")?;
    Ok(best)
}

/// The ordinal model that best explains `data`, and its mean
/// log-likelihood per observation.
pub fn fit_levels(data: &[(Vec<f64>, Interval)]) -> Result<(Ordinal, f64), String> {
    let k = data.first().map_or(0, |d| d.0.len());
    // Start: level 100 for every hand, scale 20.
    let mut start = vec![0.0; k + 1];
    start[0] = 100.0 / 20.0;
    start[k] = 1.0 / 20.0;
    let p = minimise(Levels { data }, start)?;
    let cost = Levels { data }.eval(&p).0;
    let g = p[k];
    if g <= 0.0 {
        return Err("fitting: the levels do not order (a negative scale)".into());
    }
    let model = Ordinal {
        weights: p[..k].iter().map(|a| a / g).collect(),
        scale: 1.0 / g,
        slip: 0.0,
        wide: 0.0,
    };
    Ok((model, -cost))
}

/// Interval observations as [`Levels`], under a mixture of two logistic
/// curves about one centre: the parameters are (a, g, ρ, η), the sharp
/// curve's P(level < t) = σ(u) with u = g t − a·x as in [`Levels`], the
/// wide one's σ(r u) with r = σ(ρ) (so it is always the wider), and the
/// wide one's share ε = σ(η).
struct Slipping<'a> {
    data: &'a [(Vec<f64>, Interval)],
}

impl Objective for Slipping<'_> {
    /// Minus the mean log-likelihood, and its gradient.
    fn eval(&self, p: &[f64]) -> (f64, Vec<f64>) {
        let k = p.len() - 3;
        let (a, g) = (&p[..k], p[k]);
        let (r, e) = (logistic(p[k + 1]), logistic(p[k + 2]));
        let mut cost = 0.0;
        let mut grad = vec![0.0; p.len()];
        for (x, i) in self.data {
            let ax: f64 = a.iter().zip(x).map(|(a, x)| a * x).sum();
            // At each end: u, the two curves' σ and σ'; an open end has
            // σ fixed (0 below, 1 above) and no slope.
            let end = |t: Option<f64>, open: f64| match t {
                Some(t) => {
                    let u = g * t - ax;
                    let (s1, s2) = (logistic(u), logistic(r * u));
                    (t, u, s1, s1 * (1.0 - s1), s2, s2 * (1.0 - s2))
                }
                None => (0.0, 0.0, open, 0.0, open, 0.0),
            };
            let (th, uh, s1h, d1h, s2h, d2h) = end(i.high, 1.0);
            let (tl, ul, s1l, d1l, s2l, d2l) = end(i.low, 0.0);
            let (p1, p2) = (s1h - s1l, s2h - s2l);
            let pr = ((1.0 - e) * p1 + e * p2).max(1e-300);
            cost -= libm::log(pr);
            // d pr / d u at each end, through both curves.
            let dh = ((1.0 - e) * d1h + e * r * d2h) / pr;
            let dl = -((1.0 - e) * d1l + e * r * d2l) / pr;
            for (j, xj) in x.iter().enumerate() {
                grad[j] += (dh + dl) * xj;
            }
            grad[k] -= dh * th + dl * tl;
            let dr = e * (d2h * uh - d2l * ul) / pr;
            grad[k + 1] -= dr * r * (1.0 - r);
            grad[k + 2] -= (p2 - p1) / pr * e * (1.0 - e);
        }
        let n = self.data.len().max(1) as f64;
        (cost / n, grad.into_iter().map(|d| d / n).collect())
    }
}

/// The ordinal model with slips ([`Ordinal::slip`]) that best explains
/// `data`, and its mean log-likelihood per observation. The mixture is not
/// concave, so it starts from the plain fit's optimum, with a twentieth of
/// the decisions on a curve five times as wide; a mixture no better than
/// the plain fit gives the plain fit.
pub fn fit_levels_with_slips(data: &[(Vec<f64>, Interval)]) -> Result<(Ordinal, f64), String> {
    let (plain, ll_plain) = fit_levels(data)?;
    let k = plain.weights.len();
    let g = 1.0 / plain.scale;
    let mut start: Vec<f64> = plain.weights.iter().map(|w| w * g).collect();
    let logit = |q: f64| libm::log(q / (1.0 - q));
    start.extend([g, logit(0.2), logit(0.05)]);
    let p = minimise(Slipping { data }, start)?;
    let ll = -Slipping { data }.eval(&p).0;
    let g = p[k];
    if g <= 0.0 || !ll.is_finite() || ll <= ll_plain {
        return Ok((plain, ll_plain));
    }
    let model = Ordinal {
        weights: p[..k].iter().map(|a| a / g).collect(),
        scale: 1.0 / g,
        slip: logistic(p[k + 2]),
        wide: 1.0 / (g * logistic(p[k + 1])),
    };
    Ok((model, ll))
}

/// Points observed for feature rows: a least-squares fit.
struct Squares<'a> {
    data: &'a [(Vec<f64>, f64)],
}

impl Objective for Squares<'_> {
    /// Half the mean squared error, and its gradient.
    fn eval(&self, w: &[f64]) -> (f64, Vec<f64>) {
        let mut cost = 0.0;
        let mut grad = vec![0.0; w.len()];
        for (x, y) in self.data {
            let e = w.iter().zip(x).map(|(w, x)| w * x).sum::<f64>() - y;
            cost += e * e / 2.0;
            for (g, x) in grad.iter_mut().zip(x) {
                *g += e * x;
            }
        }
        let n = self.data.len().max(1) as f64;
        (cost / n, grad.into_iter().map(|d| d / n).collect())
    }
}

/// The worth model that best explains `data` (eight cards and their mean
/// double-dummy points), and the root mean squared error of its fit.
pub fn fit_worth(data: &[(CardSet, f64)], rules: &Rules) -> Result<(Worth, f64), String> {
    let rows: Vec<(Vec<f64>, f64)> = data
        .iter()
        .map(|&(h, y)| (worth_features(h, rules).to_vec(), y))
        .collect();
    let mut start = vec![0.0; WORTH_FEATURES];
    start[0] = rows.iter().map(|r| r.1).sum::<f64>() / rows.len().max(1) as f64;
    let squares = Squares { data: &rows };
    let weights = minimise(squares, start)?;
    let rmse = (2.0 * Squares { data: &rows }.eval(&weights).0).sqrt();
    Ok((Worth { weights }, rmse))
}

/// Choices of one alternative among several (a card of a hand, a pair of
/// cards to give away), each described by its features: a conditional
/// logit's data.
struct Choices {
    /// Per choice: each alternative's features, and the one chosen.
    data: Vec<(Vec<Vec<f64>>, usize)>,
    features: usize,
}

impl Objective for Choices {
    const RIDGE_FROM: usize = 0;
    fn eval(&self, w: &[f64]) -> (f64, Vec<f64>) {
        let mut cost = 0.0;
        let mut grad = vec![0.0; self.features];
        for (rows, chosen) in &self.data {
            let u: Vec<f64> = rows
                .iter()
                .map(|f| w.iter().zip(f).map(|(w, f)| w * f).sum::<f64>())
                .collect();
            let top = u.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let e: Vec<f64> = u.iter().map(|x| libm::exp(x - top)).collect();
            let s: f64 = e.iter().sum();
            // P(i) = e_i / Σe; the gradient of −ln P(chosen) is the
            // expected features minus the chosen one's.
            cost -= u[*chosen] - top - libm::log(s);
            for (i, f) in rows.iter().enumerate() {
                let picked = f64::from(u8::from(i == *chosen));
                for (g, x) in grad.iter_mut().zip(f) {
                    *g -= (picked - e[i] / s) * x;
                }
            }
        }
        let n = self.data.len().max(1) as f64;
        (cost / n, grad.into_iter().map(|d| d / n).collect())
    }
}

/// Fits a conditional logit to `data`: per choice, the alternatives'
/// features and the index of the one chosen.
fn fit_choices(
    data: Vec<(Vec<Vec<f64>>, usize)>,
    features: usize,
) -> Result<(Vec<f64>, f64), String> {
    let choices = Choices { data, features };
    let w = minimise(&choices, vec![0.0; features])?;
    let cost = choices.eval(&w).0;
    Ok((w, -cost))
}

/// The gift model that best explains `data` (D's ten cards and the two it
/// gave away), and its mean log-likelihood: a choice among the 45 pairs.
pub fn fit_gift(
    data: &[(CardSet, Card, Card)],
    rules: &Rules,
    worth: &Worth,
) -> Result<(Gift, f64), String> {
    let choices = data
        .iter()
        .map(|&(ten, a, b)| {
            let all: Vec<(Card, Card)> = pairs(ten).collect();
            let rows = all
                .iter()
                .map(|&(x, y)| gift_pair_features(ten, x, y, rules, worth).to_vec())
                .collect();
            let chosen = all
                .iter()
                .position(|&p| p == (a, b) || p == (b, a))
                .expect("the cards given are held");
            (rows, chosen)
        })
        .collect();
    let (mut weights, ll) = fit_choices(choices, GIFT_FEATURES + 1)?;
    let keep = weights.pop().expect("the worth's weight");
    Ok((Gift { weights, keep }, ll))
}

/// The lead model that best explains `data` (D's eight cards and the one it
/// led), and its mean log-likelihood.
pub fn fit_lead(data: &[(CardSet, Card)], rules: &Rules) -> Result<(Lead, f64), String> {
    let choices = data
        .iter()
        .map(|&(kept, led)| {
            let cards: Vec<Card> = kept.iter().collect();
            let rows = cards
                .iter()
                .map(|&c| lead_features(c, kept, rules).to_vec())
                .collect();
            let chosen = cards
                .iter()
                .position(|&c| c == led)
                .expect("a led card is held");
            (rows, chosen)
        })
        .collect();
    let (weights, ll) = fit_choices(choices, LEAD_FEATURES)?;
    Ok((Lead { weights }, ll))
}

/// The exponents of the evidence's kinds ([`calibrate::FITTED`]) under
/// which the true layouts stand out of the uniform ones of their scenes
/// best (a conditional logit, the true layout first in each); the mean
/// log-likelihood there and untempered (all ones). `base` keeps the kinds
/// not fitted.
pub fn fit_temper(scenes: &[Scene], base: Temper) -> Result<(Temper, f64, f64), String> {
    if scenes.is_empty() {
        return Err("calibrating: no deal had anything to read".into());
    }
    let n = calibrate::FITTED.len();
    let choices = Choices {
        data: scenes
            .iter()
            .map(|s| (s.iter().map(|r| r.to_vec()).collect(), 0))
            .collect(),
        features: n,
    };
    let w = minimise(&choices, vec![1.0; n])?;
    let fitted = -choices.eval(&w).0;
    let untempered = -choices.eval(&vec![1.0; n]).0;
    if w.iter().any(|&x| x < 0.0) {
        return Err(format!(
            "calibrating: a kind of evidence reads backwards ({w:?}); more deals?"
        ));
    }
    let temper = Temper {
        contract_raised: w[0],
        contract_held: w[1],
        gift: w[2],
        lead: w[3],
        ..base
    };
    Ok((temper, fitted, untempered))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// Asserts that `grad` is the slope of `cost` at `p`, by central
    /// differences of step `h`.
    fn assert_slopes(cost: impl Fn(&[f64]) -> f64, p: &[f64], grad: &[f64], h: f64) {
        for j in 0..p.len() {
            let (mut up, mut down) = (p.to_vec(), p.to_vec());
            up[j] += h;
            down[j] -= h;
            let slope = (cost(&up) - cost(&down)) / (2.0 * h);
            assert!(
                (slope - grad[j]).abs() < 1e-6,
                "{j}: {slope} vs {}",
                grad[j]
            );
        }
    }

    /// `n` hands with features (1, x), x uniform in 0..8, whose level is
    /// 100 + 10 x plus logistic noise of the scale `scale` draws, each seen
    /// as the 10-wide band it falls in.
    fn planted_bands(
        seed: u64,
        n: usize,
        mut scale: impl FnMut(&mut rand_chacha::ChaCha8Rng) -> f64,
    ) -> Vec<(Vec<f64>, Interval)> {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        (0..n)
            .map(|_| {
                let x: f64 = rng.gen_range(0.0..8.0);
                let u: f64 = rng.gen_range(1e-9..1.0);
                let s = scale(&mut rng);
                let level = 100.0 + 10.0 * x + s * libm::log(u / (1.0 - u));
                let band = (level / 10.0).floor() as u16 * 10;
                (vec![1.0, x], Interval::between(Some(band), Some(band + 10)))
            })
            .collect()
    }

    #[test]
    fn the_ridge_gradient_is_its_cost_s_derivative() {
        // The optimiser trusts the gradient to be the cost's slope: check
        // it by finite differences, and that parameters before `from` are
        // left alone.
        let p = vec![3.0, -2.0, 5.0];
        let (c0, g) = ridge(0.0, vec![0.0; 3], &p, 1);
        assert!(c0 > 0.0);
        assert_eq!(g[0], 0.0);
        for j in 1..3 {
            let h = 1e-3;
            let mut up = p.clone();
            up[j] += h;
            let mut down = p.clone();
            down[j] -= h;
            let slope = (ridge(0.0, vec![0.0; 3], &up, 1).0 - ridge(0.0, vec![0.0; 3], &down, 1).0)
                / (2.0 * h);
            assert!((slope - g[j]).abs() < 1e-9, "{j}: {slope} vs {}", g[j]);
        }
    }

    #[test]
    fn the_choice_likelihood_is_the_models_and_its_gradient_its_slope() {
        // The trainer's cost is minus the mean log-chance the model gives
        // (a pair given among the 45, with the kept eight's worth), and its
        // gradient the cost's slope, checked by finite differences.
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let hands: Vec<(CardSet, Card, Card)> = (0..20)
            .map(|i| {
                let d = crate::engine::random::deal(&mut rng);
                let ten = d.hands[0].union(d.musik);
                let cards: Vec<Card> = ten.iter().collect();
                (ten, cards[(i + 3) % 10], cards[i % 10])
            })
            .collect();
        let r = Rules::STANDARD;
        let worth = &crate::players::inference::Model::shipped().worth;
        let w = vec![0.7, -1.2, 0.4, 0.3, -0.5, 0.9, 0.25];
        let gift = Gift {
            weights: w[..6].to_vec(),
            keep: w[6],
        };
        let choices = Choices {
            data: hands
                .iter()
                .map(|&(t, a, b)| {
                    let all: Vec<(Card, Card)> = pairs(t).collect();
                    let rows = all
                        .iter()
                        .map(|&(x, y)| gift_pair_features(t, x, y, &r, worth).to_vec())
                        .collect();
                    let chosen = all.iter().position(|&p| p == (b, a) || p == (a, b));
                    (rows, chosen.unwrap())
                })
                .collect(),
            features: 7,
        };
        let (cost, grad) = choices.eval(&w);
        let want = -hands
            .iter()
            .map(|&(t, a, b)| libm::log(gift.chance(t, a, b, &r, worth)))
            .sum::<f64>()
            / 20.0;
        assert!((cost - want).abs() < 1e-9, "{cost} vs {want}");
        assert_slopes(|p| choices.eval(p).0, &w, &grad, 1e-5);
    }

    #[test]
    fn recovers_a_planted_ordinal_model() {
        // Levels 100 + 10 x plus logistic noise of scale 8, seen as 10-wide
        // bands: the fit must find the weights and the scale again.
        let data = planted_bands(7, 4000, |_| 8.0);
        let (m, _) = fit_levels(&data).unwrap();
        assert!((m.weights[0] - 100.0).abs() < 2.0, "{m:?}");
        assert!((m.weights[1] - 10.0).abs() < 0.5, "{m:?}");
        assert!((m.scale - 8.0).abs() < 0.6, "{m:?}");
    }

    #[test]
    fn the_slipping_likelihood_is_the_models_and_its_gradient_its_slope() {
        // Intervals of every shape (open below, open above, closed) under a
        // mixture: the cost is minus the mean log-chance `Ordinal::chance`
        // gives, and the gradient its slope by finite differences.
        let data: Vec<(Vec<f64>, Interval)> = (0..30u16)
            .map(|j| {
                let x = vec![1.0, f64::from(j % 7), f64::from(j % 3) - 1.0];
                let c = 100 + 10 * (j % 9);
                let i = match j % 3 {
                    0 => Interval::below(c),
                    1 => Interval::at_least(c),
                    _ => Interval::between(Some(c), Some(c + 10)),
                };
                (x, i)
            })
            .collect();
        let p = vec![9.0, 0.8, -0.3, 0.09, -1.2, -2.5];
        let (g, r, e) = (p[3], logistic(p[4]), logistic(p[5]));
        let model = Ordinal {
            weights: p[..3].iter().map(|a| a / g).collect(),
            scale: 1.0 / g,
            slip: e,
            wide: 1.0 / (g * r),
        };
        let (cost, grad) = Slipping { data: &data }.eval(&p);
        let want = -data
            .iter()
            .map(|(x, i)| libm::log(model.chance(x, *i)))
            .sum::<f64>()
            / 30.0;
        assert!((cost - want).abs() < 1e-9, "{cost} vs {want}");
        assert_slopes(|q| Slipping { data: &data }.eval(q).0, &p, &grad, 1e-6);
    }

    #[test]
    fn recovers_a_planted_slipping_model() {
        // Levels 100 + 10 x, nine in ten with noise of scale 2, one in ten
        // of scale 25, seen as 10-wide bands: the mixture finds all four
        // again, and explains the data better than one curve can.
        let data = planted_bands(11, 6000, |rng| if rng.gen_bool(0.1) { 25.0 } else { 2.0 });
        let (m, ll) = fit_levels_with_slips(&data).unwrap();
        assert!((m.weights[0] - 100.0).abs() < 2.0, "{m:?}");
        assert!((m.weights[1] - 10.0).abs() < 0.3, "{m:?}");
        assert!((m.scale - 2.0).abs() < 0.5, "{m:?}");
        assert!((m.slip - 0.1).abs() < 0.03, "{m:?}");
        assert!((m.wide - 25.0).abs() < 5.0, "{m:?}");
        let (plain, ll_plain) = fit_levels(&data).unwrap();
        assert!(ll > ll_plain + 0.05, "{ll} vs {ll_plain}");
        assert!(plain.scale > 4.0, "{plain:?}");
    }

    #[test]
    fn without_slips_the_mixture_gives_the_plain_fit() {
        // Noise of one scale: the mixture has nothing to add, and a fit
        // no better than the plain one is the plain one.
        let data = planted_bands(12, 3000, |_| 6.0);
        let (m, ll) = fit_levels_with_slips(&data).unwrap();
        let (plain, ll_plain) = fit_levels(&data).unwrap();
        assert!(ll >= ll_plain && ll < ll_plain + 0.01, "{ll} vs {ll_plain}");
        assert!(
            m.slip < 0.1 || (m.wide - m.scale).abs() < 2.0,
            "{m:?} vs {plain:?}"
        );
        assert!((m.scale - 6.0).abs() < 1.0, "{m:?}");
    }

    #[test]
    fn recovers_planted_tempering() {
        // Scenes of 30 layouts whose kinds' log-likelihoods are random; the
        // true one is drawn in proportion to e^(β · row) and set first: the
        // fit must find β again, and beat the untempered ones.
        let beta = [2.0, 0.4, 1.3, 0.7];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let scenes: Vec<Scene> = (0..3000)
            .map(|_| {
                let mut rows: Scene = (0..30)
                    .map(|_| std::array::from_fn(|_| -rng.gen_range(0.0..4.0)))
                    .collect();
                let w: Vec<f64> = rows
                    .iter()
                    .map(|r| libm::exp(r.iter().zip(beta).map(|(x, b)| x * b).sum::<f64>()))
                    .collect();
                let mut u = rng.gen_range(0.0..w.iter().sum::<f64>());
                let pick = w.iter().position(|x| {
                    u -= x;
                    u < 0.0
                });
                rows.swap(0, pick.unwrap_or(29));
                rows
            })
            .collect();
        let base = Temper {
            bids: 3.0,
            ..Temper::default()
        };
        let (t, ll, untempered) = fit_temper(&scenes, base).unwrap();
        let got = [t.contract_raised, t.contract_held, t.gift, t.lead];
        for (g, b) in got.iter().zip(beta) {
            assert!((g - b).abs() < 0.1, "{got:?} vs {beta:?}");
        }
        assert_eq!(t.bids, 3.0, "the bids are not fitted here");
        assert!(ll > untempered, "{ll} vs {untempered}");
        // Log-likelihoods of one layout in 30: below 0, above a blind guess.
        assert!(ll < 0.0 && ll > -libm::log(30f64), "{ll}");
        assert!(fit_temper(&[], base).is_err());
    }

    #[test]
    fn a_gift_of_nines_learns_to_give_nines() {
        // D always gives its two nines: the weight on `nine` comes out large.
        let ten: CardSet = "AH TH KH QH 9H AD 9D QC JS TS"
            .split(' ')
            .map(|c| c.parse::<Card>().unwrap())
            .collect();
        let data = vec![(ten, "9H".parse().unwrap(), "9D".parse().unwrap()); 50];
        let (r, worth) = (
            Rules::STANDARD,
            &crate::players::inference::Model::shipped().worth,
        );
        let (g, _) = fit_gift(&data, &r, worth).unwrap();
        let p = g.chance(ten, "9H".parse().unwrap(), "9D".parse().unwrap(), &r, worth);
        assert!(p > 0.5, "{g:?} gives the nines with chance {p}");
    }

    #[test]
    fn recovers_a_planted_lead_rule() {
        // D leads by a planted conditional logit (utility 2 per ten points,
        // 3 for a top card): the fit finds those weights again, and chances
        // close to the planted ones (a marriage's king or queen is rare in
        // random hands, so its two weights are loosely pinned alone).
        let r = Rules::STANDARD;
        let mut truth = vec![0.0; crate::players::inference::features::LEAD_FEATURES];
        truth[0] = 2.0;
        truth[2] = 3.0;
        let planted = Lead {
            weights: truth.clone(),
        };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let data: Vec<(CardSet, Card)> = (0..3000)
            .map(|_| {
                let d = crate::engine::random::deal(&mut rng);
                let kept = d.hands[0].with(d.musik.lowest().expect("a musik"));
                let mut u: f64 = rng.gen_range(0.0..1.0);
                let card = kept
                    .iter()
                    .find(|&c| {
                        u -= planted.chance(kept, c, &r);
                        u <= 0.0
                    })
                    .unwrap_or_else(|| kept.iter().last().unwrap());
                (kept, card)
            })
            .collect();
        let (fit, _) = fit_lead(&data, &r).unwrap();
        assert!((fit.weights[0] - 2.0).abs() < 0.3, "{fit:?}");
        assert!((fit.weights[2] - 3.0).abs() < 0.3, "{fit:?}");
        let gap = data
            .iter()
            .map(|&(k, c)| (fit.chance(k, c, &r) - planted.chance(k, c, &r)).abs())
            .sum::<f64>()
            / data.len() as f64;
        assert!(gap < 0.02, "mean chance gap {gap}: {fit:?}");
    }
}
