//! Measuring the inference: calibration of a defender's estimate at its
//! first move, and the points reading the others saves, on self-play deals.
//!
//! Each deal is played twice by the same `pimc` declarer: once against
//! defenders that read the others, once against uniform defenders; the
//! declarer's choices before the first defender's move are the same in
//! both. At L's first move of the first game, L's estimate (the chance D
//! makes and D's mean points, for the card L plays) is taken with each
//! model, and set beside what happened.

use serde::Serialize;

use crate::drivers::selfplay::{play_game, Game, PlayOptions};
use crate::engine::rules::Rules;
use crate::engine::sample::declarer_layout;
use crate::engine::sample::sample_rng;
use crate::engine::seat::Seat;
use crate::engine::state::State;
use crate::estimate::bid::choose_exchange;
use crate::players::pimc::{suggest_with, PimcOptions};
use crate::players::player::decision_seed;
use crate::players::player::PlayerKind;
use crate::solver::Solver;
use crate::solver::{Progress, Workers};
use crate::view::setup_for;
use crate::view::View;
use crate::Deal;

use crate::players::inference::Inference;

/// One deal measured.
#[derive(Clone, Debug, Serialize)]
pub struct Measured {
    pub index: usize,
    pub contract: u16,
    /// The game against reading defenders, and against uniform ones.
    pub reading: Outcome,
    pub uniform: Outcome,
    /// L's estimates at its first move (in the reading game).
    pub estimate_model: Estimate,
    pub estimate_uniform: Estimate,
    /// The effective number of layouts behind the model's estimate.
    pub effective_samples: f64,
    /// D's double-dummy points on the true layout after L's card: what
    /// L's estimate is an estimate of.
    pub dd_truth: u16,
    /// D's double-dummy points after its exchange, and after the exchange
    /// eight layouts choose (the choice before issue 20).
    pub dd_after_exchange: u16,
    pub dd_after_few_layout_exchange: u16,
}

#[derive(Clone, Debug, Serialize)]
pub struct Outcome {
    pub points: u16,
    pub made: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct Estimate {
    pub make: f64,
    pub points: f64,
}

fn outcome(g: &Game) -> Outcome {
    Outcome {
        points: g.points,
        made: g.made,
    }
}

/// L's view at its first move of `game` (a game of [`measure`], over a bid
/// of 100), and the true state there.
pub fn first_move_view(rules: &Rules, game: &Game) -> (View, State) {
    let start = game.deal.after(rules, &game.exchange).expect("played");
    let mut setup = setup_for(rules, &game.deal, &game.exchange, start.hands[1], Seat::L);
    setup.contract = Some(game.contract);
    setup.bid = Some(100);
    let mut state = start;
    let first = game.play[0];
    let played = state.play(rules, first);
    setup
        .cards_played
        .push((first.card(), played.declared.is_some()));
    let view = View::new(setup).expect("L's view of a real game");
    (view, state)
}

/// The games [`measure`] plays of deal `index`, `reading` or not: the same
/// declarer, defenders that read or uniform ones.
pub fn game_of(
    rules: &Rules,
    deals: usize,
    samples: usize,
    seed: u64,
    index: usize,
    reading: bool,
    solver: &mut Solver,
) -> Game {
    let opts = PlayOptions {
        deals,
        seed,
        declarer: PlayerKind::Pimc(samples, Inference::Model),
        defenders: PlayerKind::Pimc(
            samples,
            if reading {
                Inference::Model
            } else {
                Inference::None
            },
        ),
        bid: 100,
        seat: Seat::D,
        hand: None,
        confidence: 0.5,
        as_bid_samples: false,
    };
    play_game(rules, &opts, index, solver)
}

/// L's estimate at its first move of `game`, with `inference`: the chance D
/// makes and D's mean points after the card L chooses.
fn first_move_estimate(
    rules: &Rules,
    game: &Game,
    samples: usize,
    seed: u64,
    inference: Inference,
    solver: &mut Solver,
) -> (Estimate, f64, u16) {
    let (view, mut state) = first_move_view(rules, game);
    let opts = PimcOptions {
        samples,
        seed,
        objective: None,
        inference,
    };
    // The card L plays, chosen on one set of layouts, is judged on another:
    // judged on the layouts it was chosen on, the best of eight cards looks
    // better for L than it is.
    let chosen = suggest_with(&view, &opts, solver)
        .expect("L is to move")
        .best;
    let again = PimcOptions {
        seed: seed ^ 0x5DEE_CE66_D1CE_5EED,
        ..opts
    };
    let s = suggest_with(&view, &again, solver).expect("L is to move");
    let played = s
        .moves
        .iter()
        .find(|m| m.mv == chosen)
        .expect("the same legal moves");
    state.play(rules, chosen);
    (
        Estimate {
            make: played.make.unwrap_or(0.0),
            points: played.mean,
        },
        s.effective_samples,
        solver.value(&state),
    )
}

/// Measures `deals` deals (from 0) of a `pimc:samples` table.
pub fn measure(
    rules: &Rules,
    deals: usize,
    samples: usize,
    seed: u64,
    workers: &Workers,
    progress: Progress,
) -> Vec<Measured> {
    workers.map(deals, progress, |solver, i| {
        let reading = game_of(rules, deals, samples, seed, i, true, solver);
        let uniform = game_of(rules, deals, samples, seed, i, false, solver);
        let est_seed = decision_seed(seed, i, 1);
        let (estimate_model, effective_samples, dd_truth) =
            first_move_estimate(rules, &reading, samples, est_seed, Inference::Model, solver);
        let (estimate_uniform, _, _) =
            first_move_estimate(rules, &reading, samples, est_seed, Inference::None, solver);
        let few = few_layout_exchange(
            rules,
            &reading.deal,
            samples,
            decision_seed(seed, i, 0),
            solver,
        );
        Measured {
            index: i,
            contract: reading.contract,
            reading: outcome(&reading),
            uniform: outcome(&uniform),
            estimate_model,
            estimate_uniform,
            effective_samples,
            dd_truth,
            dd_after_exchange: reading.dd_after_exchange,
            dd_after_few_layout_exchange: few,
        }
    })
}

/// The double-dummy value after the exchange a `pimc:n` declarer chose
/// before issue 20: the best over eight layouts.
fn few_layout_exchange(
    rules: &Rules,
    deal: &Deal,
    n: usize,
    seed: u64,
    solver: &mut Solver,
) -> u16 {
    let layouts: Vec<Deal> = (0..n.clamp(1, 8) as u64)
        .map(|stream| declarer_layout(deal, &mut sample_rng(seed, stream)))
        .collect();
    let e = choose_exchange(solver, rules, deal, &layouts, 6);
    solver.value(&deal.after(rules, &e).expect("a legal exchange"))
}

/// One band of contracts.
#[derive(Clone, Debug, Serialize)]
pub struct Band {
    pub contracts: String,
    pub deals: usize,
    /// The make rate against reading defenders, and L's mean estimates.
    pub made: f64,
    pub estimate_model: f64,
    pub estimate_uniform: f64,
    /// D's mean points against reading defenders, and L's mean estimates.
    pub points: f64,
    pub points_model: f64,
    pub points_uniform: f64,
    /// The make rate against uniform defenders.
    pub made_uniform_defence: f64,
    /// How often, and by how many points, D makes double-dummy on the true
    /// layouts after L's card: what L's estimates estimate.
    pub made_double_dummy: f64,
    pub points_double_dummy: f64,
}

/// A paired mean difference with its standard error.
#[derive(Clone, Debug, Serialize)]
pub struct Paired {
    pub mean: f64,
    pub stderr: f64,
}

impl Paired {
    fn of(xs: &[f64]) -> Paired {
        let (mean, stderr) = crate::estimate::stats::mean_and_stderr(xs);
        Paired { mean, stderr }
    }
}

/// What the measured deals show.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub deals: usize,
    pub bands: Vec<Band>,
    /// D's points against uniform defenders minus against reading ones.
    pub points_saved_by_reading: Paired,
    /// D's double-dummy points after its exchange minus after the exchange
    /// eight layouts choose.
    pub exchange_gain: Paired,
    /// The mean effective number of layouts behind the model's estimates.
    pub effective_samples: f64,
}

/// Sums up `measured`, by contract band (100, 110–120, above 120).
pub fn summarise(measured: &[Measured]) -> Summary {
    type Pick = fn(u16) -> bool;
    let bands: [(&str, Pick); 4] = [
        ("100", |c| c == 100),
        ("110-120", |c| (110..=120).contains(&c)),
        (">120", |c| c > 120),
        ("all", |_| true),
    ];
    let mean = |xs: &[f64]| xs.iter().sum::<f64>() / xs.len().max(1) as f64;
    let bands = bands
        .iter()
        .map(|(name, pick)| {
            let m: Vec<&Measured> = measured.iter().filter(|m| pick(m.contract)).collect();
            let of =
                |f: &dyn Fn(&Measured) -> f64| mean(&m.iter().map(|x| f(x)).collect::<Vec<_>>());
            Band {
                contracts: name.to_string(),
                deals: m.len(),
                made: of(&|x| f64::from(u8::from(x.reading.made))),
                estimate_model: of(&|x| x.estimate_model.make),
                estimate_uniform: of(&|x| x.estimate_uniform.make),
                points: of(&|x| f64::from(x.reading.points)),
                points_model: of(&|x| x.estimate_model.points),
                points_uniform: of(&|x| x.estimate_uniform.points),
                made_uniform_defence: of(&|x| f64::from(u8::from(x.uniform.made))),
                made_double_dummy: of(&|x| f64::from(u8::from(x.dd_truth >= x.contract))),
                points_double_dummy: of(&|x| f64::from(x.dd_truth)),
            }
        })
        .collect();
    let saved: Vec<f64> = measured
        .iter()
        .map(|m| f64::from(m.uniform.points) - f64::from(m.reading.points))
        .collect();
    let gain: Vec<f64> = measured
        .iter()
        .map(|m| f64::from(m.dd_after_exchange) - f64::from(m.dd_after_few_layout_exchange))
        .collect();
    Summary {
        deals: measured.len(),
        bands,
        points_saved_by_reading: Paired::of(&saved),
        exchange_gain: Paired::of(&gain),
        effective_samples: mean(
            &measured
                .iter()
                .map(|m| m.effective_samples)
                .collect::<Vec<_>>(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deal(contract: u16, points: u16, dd_truth: u16, estimate: f64) -> Measured {
        let outcome = |points: u16| Outcome {
            points,
            made: points >= contract,
        };
        Measured {
            index: 0,
            contract,
            reading: outcome(points),
            uniform: outcome(points + 4),
            estimate_model: Estimate {
                make: estimate,
                points: 0.0,
            },
            estimate_uniform: Estimate {
                make: 0.0,
                points: 0.0,
            },
            effective_samples: 10.0,
            dd_truth,
            dd_after_exchange: 0,
            dd_after_few_layout_exchange: 0,
        }
    }

    #[test]
    fn bands_sum_up_their_own_deals_and_the_truth_double_dummy() {
        let m = [
            deal(100, 120, 99, 0.2),
            deal(100, 80, 100, 0.4),
            deal(120, 130, 130, 0.9),
            deal(150, 140, 160, 0.5),
        ];
        let s = summarise(&m);
        let band = |name: &str| s.bands.iter().find(|b| b.contracts == name).unwrap();
        let hundred = band("100");
        assert_eq!(hundred.deals, 2);
        // Made in play: 120 ≥ 100 yes, 80 no; double-dummy: 99 no, 100 yes.
        assert_eq!(hundred.made, 0.5);
        assert_eq!(hundred.made_double_dummy, 0.5);
        assert_eq!(hundred.points_double_dummy, 99.5);
        assert!((hundred.estimate_model - 0.3).abs() < 1e-12);
        let high = band(">120");
        assert_eq!((high.made, high.made_double_dummy), (0.0, 1.0));
        assert_eq!(band("110-120").made_double_dummy, 1.0);
        assert_eq!(band("all").deals, 4);
        assert_eq!(band("all").made_double_dummy, 0.75);
        // Uniform defenders let D take 4 more on every deal.
        assert_eq!(s.points_saved_by_reading.mean, 4.0);
        assert_eq!(s.points_saved_by_reading.stderr, 0.0);
    }
}
