//! The post-mortem from each mover's own view: was a costly move a mistake
//! (costly by what the mover could know, too) or an unlucky guess (costly
//! only double-dummy, where the mover would have had to see the cards)?
//!
//! Every move of a played hand is judged twice: double-dummy on the true
//! layout (what it cost against perfect play with every card seen), and by
//! PIMC from the mover's view at that moment ([`crate::players::pimc`]: the mean over
//! layouts that fit what the mover saw, the same layouts for every move). A
//! move's *view cost* is how much worse the move played scored there than
//! the mover's best move, from the mover's side: D wants points (or, with a
//! contract, the chance to make it), the defenders the opposite.

use serde::Serialize;

use crate::engine::contract::guessed_exchanges;
use crate::engine::deal::{Deal, Exchange};
use crate::engine::moves::Move;
use crate::engine::position::{Form, Position};
use crate::engine::sample::{declarer_layout, sample_rng};
use crate::engine::seat::{PerSeat, Seat};
use crate::game::words::{sentence, Names};
use crate::players::pimc::{self, display, Objective, PimcOptions};
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
    /// The model that judged the move (`none`: uniform) and how many
    /// independent layouts its weighted draws were worth.
    pub inference: crate::players::inference::Inference,
    pub effective_samples: f64,
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

/// The exchange judged from D's view (its ten cards and the musik), over
/// layouts of the defenders' cards, beside double-dummy.
#[derive(Clone, Debug, Serialize)]
pub struct ViewedExchange {
    #[serde(serialize_with = "display")]
    pub played: Exchange,
    /// The best of the candidates by D's view: every layout's double-dummy
    /// best, the cheap guess's favourites and the exchange played.
    #[serde(serialize_with = "display")]
    pub view_best: Exchange,
    pub view_mean: f64,
    pub view_best_mean: f64,
    pub view_cost: f64,
    /// With a contract: the chance of making it lost by the exchange played.
    pub view_chance_cost: Option<f64>,
    /// The best exchange's double-dummy value minus the one played.
    pub dd_cost: u16,
    pub verdict: Verdict,
}

/// A played hand judged from each mover's view.
#[derive(Clone, Debug, Serialize)]
pub struct Review {
    pub samples: usize,
    pub seed: u64,
    pub objective: Objective,
    /// The model of the others asked for (`--inference`).
    pub inference: crate::players::inference::Inference,
    /// When the deal with its musik and the exchange are given.
    pub exchange: Option<ViewedExchange>,
    pub moves: Vec<ViewedMove>,
    /// By seat.
    pub summary: PerSeat<ViewSummary>,
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
    let mut summary: PerSeat<ViewSummary> = PerSeat::default_for(start.seats);
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
        let verdict = verdict(dd_cost, view_cost, view_chance_cost);
        let sum = &mut summary[seat];
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
            inference: s.inference,
            effective_samples: s.effective_samples,
        });
        state.play(&rules, mv);
    }
    let exchange = match (h.deal, h.exchange) {
        (Some(deal), Some(played)) => {
            Some(judge_exchange(&deal, &played, p.contract, opts, solver))
        }
        _ => None,
    };
    if let Some(x) = &exchange {
        let sum = &mut summary[Seat::D];
        sum.dd_cost += u32::from(x.dd_cost);
        match x.verdict {
            Verdict::Mistake => {
                sum.mistakes += 1;
                sum.dd_cost_of_mistakes += u32::from(x.dd_cost);
            }
            Verdict::UnluckyGuess => sum.unlucky_guesses += 1,
            Verdict::LuckyBet => sum.lucky_bets += 1,
            Verdict::Fine => {}
        }
    }
    Ok(Review {
        samples: opts.samples,
        seed: opts.seed,
        objective,
        inference: opts.inference,
        exchange,
        moves,
        summary,
    })
}

/// Rounding room for the thresholds: the costs are differences of means
/// over the layouts, so one layout in 20 is 0.05 exactly, yet 0.35 − 0.30
/// computes to 0.0499…; far below any real difference of 1/samples.
const ROUNDING: f64 = 1e-9;

/// How a decision is judged from its two costs.
fn verdict(dd_cost: u16, view_cost: f64, view_chance_cost: Option<f64>) -> Verdict {
    let view_costly = view_cost >= COSTLY_POINTS - ROUNDING
        || view_chance_cost.is_some_and(|c| c >= COSTLY_CHANCE - ROUNDING);
    match (dd_cost > 0, view_costly) {
        (true, true) => Verdict::Mistake,
        (true, false) => Verdict::UnluckyGuess,
        (false, true) => Verdict::LuckyBet,
        (false, false) => Verdict::Fine,
    }
}

/// The most exchanges compared from D's view.
const EXCHANGE_CANDIDATES: usize = 16;

/// Judges D's exchange: the candidates scored on `opts.samples` layouts of
/// the 14 cards D cannot see (each layout's own stream of the seed).
fn judge_exchange(
    deal: &Deal,
    played: &Exchange,
    contract: Option<u16>,
    opts: &PimcOptions,
    solver: &mut Solver,
) -> ViewedExchange {
    let rules = *solver.rules();
    let layouts: Vec<Deal> = (0..opts.samples.max(1))
        .map(|i| declarer_layout(deal, &mut sample_rng(opts.seed, i as u64)))
        .collect();
    let mut candidates = vec![*played];
    let bests: Vec<Exchange> = layouts.iter().map(|l| solver.best_exchange(l).0).collect();
    for e in bests
        .into_iter()
        .chain(guessed_exchanges(deal, &rules).into_iter().take(6))
    {
        if candidates.len() < EXCHANGE_CANDIDATES && !candidates.contains(&e) {
            candidates.push(e);
        }
    }
    let score = |solver: &mut Solver, e: &Exchange| -> (f64, Option<f64>) {
        let values: Vec<u16> = layouts
            .iter()
            .map(|l| solver.value(&l.after(&rules, e).expect("a legal exchange")))
            .collect();
        let n = values.len() as f64;
        let mean = values.iter().map(|&v| f64::from(v)).sum::<f64>() / n;
        let make = contract.map(|c| values.iter().filter(|&&v| v >= c).count() as f64 / n);
        (mean, make)
    };
    let scored: Vec<(Exchange, f64, Option<f64>)> = candidates
        .iter()
        .map(|e| {
            let (m, k) = score(solver, e);
            (*e, m, k)
        })
        .collect();
    let best = scored
        .iter()
        .max_by(|a, b| {
            (a.2.unwrap_or(0.0), a.1)
                .partial_cmp(&(b.2.unwrap_or(0.0), b.1))
                .expect("finite")
        })
        .expect("a candidate");
    let (_, played_mean, played_make) = scored[0];
    let view_cost = (best.1 - played_mean).max(0.0);
    let view_chance_cost = match (best.2, played_make) {
        (Some(b), Some(m)) => Some((b - m).max(0.0)),
        _ => None,
    };
    let dd_best = solver.best_exchange(deal).1;
    let dd_played = solver.value(&deal.after(&rules, played).expect("a legal exchange"));
    let dd_cost = dd_best.saturating_sub(dd_played);
    ViewedExchange {
        played: *played,
        view_best: best.0,
        view_mean: played_mean,
        view_best_mean: best.1,
        view_cost,
        view_chance_cost,
        dd_cost,
        verdict: verdict(dd_cost, view_cost, view_chance_cost),
    }
}

impl Review {
    /// The report for people, the seats named D, L and R.
    pub fn report(&self) -> String {
        let seats = self.summary.seats().iter().map(|s| s.to_string()).collect();
        self.report_for(&Names::new(seats, None))
    }

    /// The report with the seats named by `names` (index: the seat, D
    /// first), e.g. the players of a game, one of them "you".
    pub fn report_for(&self, names: &Names) -> String {
        let who = |seat: Seat| names.who(seat.index()).to_string();
        let width = self
            .summary
            .seats()
            .iter()
            .map(|&s| who(s).chars().count())
            .max()
            .unwrap_or(4)
            .max(4);
        let mut o = format!(
            "\nfrom each mover's view ({} layouts a move, seed {}; objective {:?}):\n",
            self.samples, self.seed, self.objective
        );
        if let Some(x) = &self.exchange {
            o += &format!(
                "  exchange {}: dd cost {}, view cost {:.1} ({} best by {} view: {}, {:.1} against {:.1}){}\n",
                x.played,
                x.dd_cost,
                x.view_cost,
                sentence(&names.whose(0)),
                if names.is_you(0) { "your" } else { "its" },
                x.view_best,
                x.view_best_mean,
                x.view_mean,
                match x.verdict {
                    Verdict::Mistake => ": a mistake",
                    Verdict::UnluckyGuess => ": an unlucky guess",
                    Verdict::LuckyBet => ": a lucky bet",
                    Verdict::Fine => "",
                }
            );
        }
        o += &format!(
            "  move  {:<width$}  card  dd cost  view cost  view best  verdict\n",
            "seat"
        );
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
                "  {:>4}  {:<width$}  {:<4}  {:>7}  {:>9.1}  {:<9}  {}{chance}\n",
                m.number,
                who(m.seat),
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
        for (seat, s) in self.summary.iter() {
            o += &format!(
                "  {}: {} mistake{} ({} points double-dummy), {} unlucky guess{}, {} lucky bet{}\n",
                sentence(&who(seat)),
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
