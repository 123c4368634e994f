//! Judging moves from one seat's view: perfect-information Monte Carlo.
//!
//! Draw layouts of the unseen cards that fit the view (uniformly over the
//! hidden histories, [`Sampler`](crate::view::Sampler)), solve each layout
//! double-dummy for every legal move of the viewer, and score each move by
//! its mean over the very same layouts. This is how the strongest Skat and bridge programs play
//! (GIB, Kermit); its known flaws are that it assumes the rest of the hand
//! is played double-dummy (so it cannot plan to gather information, and it
//! may value a guess it could postpone as if it were already resolved:
//! *strategy fusion*), and that it judges each layout on its own
//! (*non-locality*). A move whose value is the same on every layout is
//! judged exactly.

use serde::Serialize;

use crate::engine::moves::Move;
use crate::engine::seat::Seat;
use crate::estimate::stats::wilson_share;
use crate::players::inference::{weighted_layouts, Inference, Weighted};
use crate::solver::Solver;
use crate::solver::Workers;
use crate::view::{Layout, View};

/// What the viewer plays for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Objective {
    /// D maximises the chance of making the contract, the defenders minimise
    /// it; mean points break ties.
    Contract,
    /// D maximises its mean final points, the defenders minimise them.
    Points,
}

impl std::str::FromStr for Objective {
    type Err = String;
    fn from_str(s: &str) -> Result<Objective, String> {
        match s {
            "contract" => Ok(Objective::Contract),
            "points" => Ok(Objective::Points),
            _ => Err(format!("'{s}' is not an objective (contract or points)")),
        }
    }
}

/// How to sample.
#[derive(Copy, Clone, Debug)]
pub struct PimcOptions {
    pub samples: usize,
    pub seed: u64,
    /// `None`: `contract` when the view has a contract, else `points`.
    pub objective: Option<Objective>,
    /// How the others' decisions weigh the layouts.
    pub inference: Inference,
}

impl Default for PimcOptions {
    fn default() -> PimcOptions {
        PimcOptions {
            samples: 100,
            seed: crate::estimate::bid::DEFAULT_SEED,
            objective: None,
            inference: Inference::Model,
        }
    }
}

/// One move judged over the layouts.
#[derive(Clone, Debug, Serialize)]
pub struct MoveScore {
    #[serde(rename = "move", serialize_with = "display")]
    pub mv: Move,
    /// D's mean final points after the move.
    pub mean: f64,
    /// The standard error of the mean, on the independent layouts the
    /// draws are worth (`effective_samples`); none when they fell on
    /// fewer than two layouts, whose spread says nothing.
    pub stderr: Option<f64>,
    /// The share of layouts where D makes the contract (none without one).
    pub make: Option<f64>,
    /// Its Wilson 95% interval, on the independent layouts the draws are
    /// worth.
    pub make_low: Option<f64>,
    pub make_high: Option<f64>,
    /// The move's double-dummy value on the true layout, when known.
    pub dd: Option<u16>,
}

/// Every legal move of the viewer, judged; best first.
#[derive(Clone, Debug, Serialize)]
pub struct Suggestion {
    pub id: Option<String>,
    #[serde(serialize_with = "display")]
    pub rules: crate::Rules,
    #[serde(serialize_with = "display")]
    pub seat: Seat,
    pub contract: Option<u16>,
    pub objective: Objective,
    pub samples: usize,
    /// The model of the others that weighed the layouts (`none`: uniform,
    /// asked for or with nothing to read).
    pub inference: Inference,
    /// How many independent layouts the judged ones are worth (the
    /// effective sample size of the weights; `samples` when uniform).
    pub effective_samples: f64,
    /// The distinct layouts solved.
    pub layouts: usize,
    pub seed: u64,
    #[serde(serialize_with = "display")]
    pub best: Move,
    pub moves: Vec<MoveScore>,
    /// The double-dummy value of the true position, when known.
    pub dd_value: Option<u16>,
}

/// Why a view cannot be judged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PimcError {
    #[error("the hand is over: there is no move to judge")]
    Over,
    #[error("it is {to_move}'s turn, not {seat}'s: judge the view of the seat to move")]
    NotToMove { seat: Seat, to_move: Seat },
    #[error("--objective contract needs a contract (a contract: line)")]
    NoContract,
    /// Shards of a split run that do not fit its draw
    /// ([`suggest_merge`]).
    #[error("{0}")]
    Shards(String),
}

/// The objective in force for `view`.
fn objective(view: &View, opts: &PimcOptions) -> Result<Objective, PimcError> {
    match (opts.objective, view.contract) {
        (Some(Objective::Contract), None) => Err(PimcError::NoContract),
        (Some(o), _) => Ok(o),
        (None, Some(_)) => Ok(Objective::Contract),
        (None, None) => Ok(Objective::Points),
    }
}

fn check(view: &View) -> Result<(), PimcError> {
    if view.is_over() {
        return Err(PimcError::Over);
    }
    let to_move = view.to_move();
    if to_move != view.seat {
        return Err(PimcError::NotToMove {
            seat: view.seat,
            to_move,
        });
    }
    Ok(())
}

/// D's final points after each of `moves` on `layout`.
fn layout_values(layout: &Layout, solver: &mut Solver, moves: &[Move]) -> Vec<u16> {
    // The last layouts' entries still answer (they share many late
    // positions) but give way to this one's: kept as they were, they crowd
    // this layout's out (see `Solver::age` and docs/solver.md).
    solver.age();
    in_order(&solver.move_values(&layout.state), moves)
}

/// The values of `moves`, in their order, out of a `move_values` answer
/// (the view's moves are every layout's, the true one's too).
fn in_order(values: &[(Move, u16)], moves: &[Move]) -> Vec<u16> {
    moves
        .iter()
        .map(|m| {
            values
                .iter()
                .find(|(x, _)| x == m)
                .expect("the view's moves are the layout's")
                .1
        })
        .collect()
}

/// Each layout's values, repeated as often as it was drawn.
fn expand(w: &Weighted, values: Vec<Vec<u16>>) -> Vec<Vec<u16>> {
    w.layouts
        .iter()
        .zip(values)
        .flat_map(|((_, count), v)| std::iter::repeat_n(v, *count))
        .collect()
}

/// Judges every legal move of the viewer over `opts.samples` layouts, on
/// `workers` (in parallel; the result does not depend on the thread count).
pub fn suggest(
    view: &View,
    opts: &PimcOptions,
    workers: &Workers,
    progress: crate::solver::Progress,
) -> Result<Suggestion, PimcError> {
    let (objective, moves, w) = draw(view, opts)?;
    let values = layout_range(&w, &moves, workers, 0..w.layouts.len(), progress);
    Ok(judge(view, opts, objective, &moves, &w, values, workers))
}

/// The checks, the objective, the viewer's moves and the weighted layouts.
fn draw(view: &View, opts: &PimcOptions) -> Result<(Objective, Vec<Move>, Weighted), PimcError> {
    check(view)?;
    let objective = objective(view, opts)?;
    let moves: Vec<Move> = view.legal_moves().iter().copied().collect();
    let w = weighted_layouts(view, opts.samples, opts.seed, opts.inference);
    Ok((objective, moves, w))
}

/// The values of the distinct layouts `range` of `w` (each of `moves` on
/// each), in order.
fn layout_range(
    w: &Weighted,
    moves: &[Move],
    workers: &Workers,
    range: std::ops::Range<usize>,
    progress: crate::solver::Progress,
) -> Vec<Vec<u16>> {
    workers.map(range.len(), progress, |solver, i| {
        layout_values(&w.layouts[range.start + i].0, solver, moves)
    })
}

/// The summary of every distinct layout's values, with the true layout's
/// values when the view knows it.
fn judge(
    view: &View,
    opts: &PimcOptions,
    objective: Objective,
    moves: &[Move],
    w: &Weighted,
    values: Vec<Vec<u16>>,
    workers: &Workers,
) -> Suggestion {
    let dd = workers.map(1, &crate::solver::no_progress, |solver, _| {
        true_values(view, solver, moves)
    });
    summarise(
        view,
        opts,
        objective,
        moves,
        w,
        &expand(w, values),
        dd.into_iter().next().flatten(),
    )
}

/// Shard `shard` of `shards` of [`suggest`]'s work: the values of its
/// [`shard_range`](crate::estimate::bid::shard_range) of the distinct
/// layouts drawn (each of the viewer's legal moves on each, the moves in
/// the view's order), for [`suggest_merge`]. The draw depends on the view
/// and the seed alone: every shard draws the same layouts.
pub fn suggest_shard(
    view: &View,
    opts: &PimcOptions,
    workers: &Workers,
    (shard, shards): (usize, usize),
    progress: crate::solver::Progress,
) -> Result<Vec<Vec<u16>>, PimcError> {
    let (_, moves, w) = draw(view, opts)?;
    let range = crate::estimate::bid::shard_range(w.layouts.len(), shard, shards);
    Ok(layout_range(&w, &moves, workers, range, progress))
}

/// [`suggest`]'s answer from its shards' values put back in order, or an
/// error when they are not one row per distinct layout and one value per
/// move.
pub fn suggest_merge(
    view: &View,
    opts: &PimcOptions,
    workers: &Workers,
    values: Vec<Vec<u16>>,
) -> Result<Suggestion, PimcError> {
    let (objective, moves, w) = draw(view, opts)?;
    if values.len() != w.layouts.len() {
        return Err(PimcError::Shards(format!(
            "the shards hold {} layouts, the draw has {}",
            values.len(),
            w.layouts.len()
        )));
    }
    if values.iter().any(|v| v.len() != moves.len()) {
        return Err(PimcError::Shards(format!(
            "a layout's values are not one for each of the {} moves",
            moves.len()
        )));
    }
    Ok(judge(view, opts, objective, &moves, &w, values, workers))
}

/// As [`suggest`], on one solver (for computer players).
pub fn suggest_with(
    view: &View,
    opts: &PimcOptions,
    solver: &mut Solver,
) -> Result<Suggestion, PimcError> {
    check(view)?;
    let objective = objective(view, opts)?;
    let moves: Vec<Move> = view.legal_moves().iter().copied().collect();
    let w = weighted_layouts(view, opts.samples, opts.seed, opts.inference);
    let values: Vec<Vec<u16>> = w
        .layouts
        .iter()
        .map(|(l, _)| layout_values(l, solver, &moves))
        .collect();
    let values = expand(&w, values);
    Ok(summarise(view, opts, objective, &moves, &w, &values, None))
}

/// The double-dummy value of the true position and of each move, when the
/// view knows the true layout.
fn true_values(view: &View, solver: &mut Solver, moves: &[Move]) -> Option<(u16, Vec<u16>)> {
    let state = view.true_state()?;
    // One `move_values` (the position's value, then each move in the
    // window it leaves) rather than a full search per move.
    // Its answer is sorted best first for the player to move, so the first
    // value is the position's own.
    let all = solver.move_values(&state);
    Some((all.first()?.1, in_order(&all, moves)))
}

fn summarise(
    view: &View,
    opts: &PimcOptions,
    objective: Objective,
    moves: &[Move],
    w: &Weighted,
    values: &[Vec<u16>],
    dd: Option<(u16, Vec<u16>)>,
) -> Suggestion {
    let n = values.len();
    // Weighted draws repeat layouts: the spreads are those of the
    // independent layouts they are worth, not of the draws.
    let worth = w.effective.min(n as f64);
    let mut scores: Vec<MoveScore> = moves
        .iter()
        .enumerate()
        .map(|(j, &mv)| {
            let column: Vec<f64> = values.iter().map(|v| f64::from(v[j])).collect();
            let mean = column.iter().sum::<f64>() / n.max(1) as f64;
            let var = if n > 1 {
                column.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64
            } else {
                0.0
            };
            let (make, make_low, make_high) = match view.contract {
                Some(c) => {
                    let k = values.iter().filter(|v| v[j] >= c).count();
                    let share = k as f64 / n.max(1) as f64;
                    let (lo, hi) = wilson_share(share, worth);
                    (Some(share), Some(lo), Some(hi))
                }
                None => (None, None, None),
            };
            MoveScore {
                mv,
                mean,
                stderr: (w.layouts.len() > 1).then(|| (var / worth).sqrt()),
                make,
                make_low,
                make_high,
                dd: dd.as_ref().map(|d| d.1[j]),
            }
        })
        .collect();
    let declarer = view.seat == Seat::D;
    // Best first for the viewer: by the objective, then mean points, then
    // the move (a fixed order for exact ties).
    scores.sort_by(|a, b| {
        let key = |s: &MoveScore| {
            let make = if objective == Objective::Contract {
                s.make.unwrap_or(0.0)
            } else {
                0.0
            };
            if declarer {
                (-make, -s.mean)
            } else {
                (make, s.mean)
            }
        };
        key(a)
            .partial_cmp(&key(b))
            .expect("finite scores")
            .then(a.mv.cmp(&b.mv))
    });
    Suggestion {
        id: view.id.clone(),
        rules: view.rules,
        seat: view.seat,
        contract: view.contract,
        objective,
        samples: n,
        inference: w.inference,
        effective_samples: w.effective,
        layouts: w.layouts.len(),
        seed: opts.seed,
        best: scores[0].mv,
        moves: scores,
        dd_value: dd.map(|d| d.0),
    }
}

/// Serializes a value by its text form (moves, seats, rules).
pub(crate) fn display<T: std::fmt::Display, S: serde::Serializer>(
    v: &T,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_str(v)
}
