//! Checking a puzzle: solved again from scratch, it must have exactly one
//! winning move and the `expect:` it claims.
//!
//! A *winning* move is, without a `contract:`, a move that keeps the
//! position's double-dummy value (the best result for the side to move);
//! with a `contract:`, a move after which the side to move still reaches its
//! goal: the declarer makes the contract, or the defenders keep the declarer
//! below it.

use crate::engine::moves::Move;
use crate::engine::position::{Position, Setup};
use crate::engine::seat::Seat;
use crate::solver::Solver;

/// A puzzle that passed: its value and its one winning move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    pub value: u16,
    pub solution: Move,
}

/// Re-solves `p` with `solver` (which must use `p`'s rules) and checks it.
/// The error says what is wrong, without the puzzle's name (the caller
/// knows it).
pub fn verify(solver: &mut Solver, p: &Position) -> Result<Verified, String> {
    assert_eq!(
        *solver.rules(),
        p.rules,
        "the solver must use the puzzle's rules"
    );
    let state = match p.setup() {
        Setup::Play(s) if !s.is_over() => s,
        Setup::Play(_) => return Err("the hand is over: nothing to solve".into()),
        Setup::Musik(_) => {
            return Err("a deal before the exchange is not a puzzle (no one is to move)".into())
        }
    };
    let value = solver.value(&state);
    match p.expect {
        None => return Err(format!("no expect: line (the value is {value})")),
        Some(e) if e != value => {
            return Err(format!("expect: {e}, but the value is {value}"));
        }
        Some(_) => {}
    }
    let mover = state.to_move();
    let declarer = mover == Seat::D;
    let rules = p.rules;
    let winners: Vec<Move> = match p.contract {
        Some(target) => state
            .legal_moves(&rules)
            .iter()
            .copied()
            .filter(|&m| {
                let mut child = state;
                child.play(&rules, m);
                solver.reaches(&child, target) == declarer
            })
            .collect(),
        None => solver
            .move_values(&state)
            .into_iter()
            .filter(|&(_, v)| v == value)
            .map(|(m, _)| m)
            .collect(),
    };
    let goal = match (p.contract, declarer) {
        (Some(t), true) => format!("makes the contract of {t}"),
        (Some(t), false) => format!("keeps the declarer below the contract of {t}"),
        (None, _) => format!("keeps the value {value}"),
    };
    match winners.as_slice() {
        [one] => Ok(Verified {
            value,
            solution: *one,
        }),
        [] => Err(format!("no move of {mover} {goal}")),
        many => {
            let list: Vec<String> = many.iter().map(|m| m.to_string()).collect();
            Err(format!(
                "{} moves of {mover} win, not one: {} each {goal}",
                many.len(),
                list.join(", ")
            ))
        }
    }
}
