//! The post-mortem from each mover's own view: was a costly move a mistake
//! (costly by what the mover could know, too) or an unlucky guess (costly
//! only double-dummy, where the mover would have had to see the cards)?
//!
//! Every move of a played hand is judged twice: double-dummy on the true
//! layout (what it cost against perfect play with every card seen), and by
//! PIMC from the mover's view at that moment ([`crate::pimc`]: the mean over
//! layouts that fit what the mover saw, the same layouts for every move). A
//! move's *view cost* is how much worse the move played scored there than
//! the mover's best move, from the mover's side: D wants points (or, with a
//! contract, the chance to make it), the defenders the opposite.

use serde::Serialize;

use crate::moves::Move;
use crate::pimc::{self, display, Objective, PimcOptions};
use crate::position::{Form, Position};
use crate::seat::Seat;
use crate::solver::Solver;
use crate::view::View;

/// The smallest view cost, in points, that counts as costly: below it the
/// difference is within what the sampling can tell apart at 100 layouts.
pub const COSTLY_POINTS: f64 = 3.0;
/// The same for the chance of making the contract.
pub const COSTLY_CHANCE: f64 = 0.05;

/// How a move is judged.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Costly neither way.
    Fine,
    /// Costly from the mover's view, and double-dummy.
    Mistake,
    /// Costly double-dummy only: the mover could not have known.
    UnluckyGuess,
    /// Costly from the mover's view only: a bad bet that happened to cost
    /// nothing on this layout.
    LuckyBet,
}

/// One move judged both ways.
#[derive(Clone, Debug, Serialize)]
pub struct ViewedMove {
    /// The move's number in `play:`, from 1.
    pub number: usize,
    #[serde(serialize_with = "display")]
    pub seat: Seat,
    #[serde(rename = "move", serialize_with = "display")]
    pub mv: Move,
    /// Points the move gave away double-dummy (on the true layout).
    pub dd_cost: u16,
    /// The mover's best move by PIMC.
    #[serde(serialize_with = "display")]
    pub view_best: Move,
    /// D's mean points after the move played, and after the view's best.
    pub view_mean: f64,
    pub view_best_mean: f64,
    /// What the move cost from the mover's view, in points (>= 0).
    pub view_cost: f64,
    /// With a contract: the chance of making it lost (for D) or given (for
    /// a defender) by the move, from the mover's view (>= 0).
    pub view_chance_cost: Option<f64>,
    pub verdict: Verdict,
}

/// Per seat: mistakes and unlucky guesses.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ViewSummary {
    pub mistakes: usize,
    pub unlucky_guesses: usize,
    pub lucky_bets: usize,
    /// Double-dummy points given away in all, and by mistakes only.
    pub dd_cost: u32,
    pub dd_cost_of_mistakes: u32,
}

/// A played hand judged from each mover's view.
#[derive(Clone, Debug, Serialize)]
pub struct Review {
    pub samples: usize,
    pub seed: u64,
    pub objective: Objective,
    pub moves: Vec<ViewedMove>,
    /// D, L, R.
    pub summary: [ViewSummary; 3],
}

/// Judges every move of a history-form position from its mover's view.
pub fn review(p: &Position, opts: &PimcOptions, solver: &mut Solver) -> Result<Review, String> {
    let Form::History(h) = &p.form else {
        return Err("a post-mortem from the movers' views needs the history form".into());
    };
    let Some(start) = h.start else {
        return Err("the exchange is not given: nothing was played".into());
    };
    let rules = p.rules;
    let mut moves = Vec::with_capacity(h.moves.len());
    let mut summary: [ViewSummary; 3] = Default::default();
    let mut objective = Objective::Points;
    let mut state = start;
    for (i, &mv) in h.moves.iter().enumerate() {
        let seat = state.to_move();
        // The mover's view just before the move.
        let mut upto = p.clone();
        if let Form::History(hh) = &mut upto.form {
            hh.moves.truncate(i);
        }
        let view = View::from_position(&upto, Some(seat)).map_err(|e| e.to_string())?;
        let s = pimc::suggest_with(&view, opts, solver).map_err(|e| e.to_string())?;
        objective = s.objective;
        let played = s
            .moves
            .iter()
            .find(|m| m.mv == mv)
            .expect("the move played is legal");
        let best = &s.moves[0];
        let sign = if seat == Seat::D { 1.0 } else { -1.0 };
        let view_cost = (sign * (best.mean - played.mean)).max(0.0);
        let view_chance_cost = match (best.make, played.make) {
            (Some(b), Some(m)) => Some((sign * (b - m)).max(0.0)),
            _ => None,
        };
        let dd = solver.move_values(&state);
        let best_dd = dd[0].1;
        let played_dd = dd.iter().find(|(m, _)| *m == mv).expect("legal").1;
        let dd_cost = best_dd.abs_diff(played_dd);
        let view_costly =
            view_cost >= COSTLY_POINTS || view_chance_cost.is_some_and(|c| c >= COSTLY_CHANCE);
        let verdict = match (dd_cost > 0, view_costly) {
            (true, true) => Verdict::Mistake,
            (true, false) => Verdict::UnluckyGuess,
            (false, true) => Verdict::LuckyBet,
            (false, false) => Verdict::Fine,
        };
        let sum = &mut summary[seat.index()];
        sum.dd_cost += u32::from(dd_cost);
        match verdict {
            Verdict::Mistake => {
                sum.mistakes += 1;
                sum.dd_cost_of_mistakes += u32::from(dd_cost);
            }
            Verdict::UnluckyGuess => sum.unlucky_guesses += 1,
            Verdict::LuckyBet => sum.lucky_bets += 1,
            Verdict::Fine => {}
        }
        moves.push(ViewedMove {
            number: i + 1,
            seat,
            mv,
            dd_cost,
            view_best: best.mv,
            view_mean: played.mean,
            view_best_mean: best.mean,
            view_cost,
            view_chance_cost,
            verdict,
        });
        state.play(&rules, mv);
    }
    Ok(Review {
        samples: opts.samples,
        seed: opts.seed,
        objective,
        moves,
        summary,
    })
}

impl Review {
    /// The report for people.
    pub fn report(&self) -> String {
        let mut o = format!(
            "\nfrom each mover's view ({} layouts a move, seed {}; objective {:?}):\n",
            self.samples, self.seed, self.objective
        );
        o += "  move  seat  card  dd cost  view cost  view best  verdict\n";
        for m in &self.moves {
            if m.verdict == Verdict::Fine {
                continue;
            }
            let chance = m
                .view_chance_cost
                .filter(|c| *c > 0.0)
                .map_or(String::new(), |c| {
                    format!(" ({:.0}% of the contract)", 100.0 * c)
                });
            o += &format!(
                "  {:>4}  {:<4}  {:<4}  {:>7}  {:>9.1}  {:<9}  {}{chance}\n",
                m.number,
                m.seat.to_string(),
                m.mv.to_string(),
                m.dd_cost,
                m.view_cost,
                m.view_best.to_string(),
                match m.verdict {
                    Verdict::Mistake => "mistake",
                    Verdict::UnluckyGuess => "unlucky guess",
                    Verdict::LuckyBet => "lucky bet",
                    Verdict::Fine => "",
                }
            );
        }
        if self.moves.iter().all(|m| m.verdict == Verdict::Fine) {
            o += "  (no costly move either way)\n";
        }
        for seat in Seat::ALL {
            let s = &self.summary[seat.index()];
            o += &format!(
                "  {seat}: {} mistake{} ({} points double-dummy), {} unlucky guess{}, {} lucky bet{}\n",
                s.mistakes,
                if s.mistakes == 1 { "" } else { "s" },
                s.dd_cost_of_mistakes,
                s.unlucky_guesses,
                if s.unlucky_guesses == 1 { "" } else { "es" },
                s.lucky_bets,
                if s.lucky_bets == 1 { "" } else { "s" },
            );
        }
        o
    }
}
