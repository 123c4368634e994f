//! The reference solver: deliberately the simplest thing that can be right.
//!
//! Plain minimax over [`State::legal_moves`] and [`State::play`], nothing from
//! the real solver: no pruning, no ordering, no bounds. The value of a
//! position is the declarer's total at the end of the hand, `state.points[D]`
//! included; D maximises it, L and R minimise it (RULES.md / NOTATION.md
//! `expect:`).
//!
//! Plain minimax is fine up to about five tricks left. For whole hands,
//! [`reference_value_memo`] adds one thing only: a map from the position at a
//! trick boundary to the exact number of points D still scores from there.

use std::collections::HashMap;

use tysiac::{Deal, Exchange, Move, Rules, Seat, State};

/// D's final total with perfect play from `state`.
pub fn reference_value(rules: &Rules, state: &State) -> u16 {
    if state.is_over() {
        return state.points[Seat::D.index()];
    }
    let moves = state.legal_moves(rules);
    let values = moves
        .iter()
        .map(|&mv| reference_value(rules, &after(rules, state, mv)));
    best(state, values)
}

/// Every legal move with D's final total when it is played and both sides
/// then play perfectly.
pub fn reference_move_values(rules: &Rules, state: &State) -> Vec<(Move, u16)> {
    state
        .legal_moves(rules)
        .iter()
        .map(|&mv| (mv, reference_value(rules, &after(rules, state, mv))))
        .collect()
}

/// The position as a memo key: the state at a trick boundary with the points
/// cleared. What D still scores from here does not depend on the points
/// already scored, so positions reached with different scores share an entry.
/// Built afresh with `State::new` so that nothing else left in the struct can
/// split equal positions.
fn key(state: &State) -> State {
    State::new(state.hands, state.leader, state.trump, [0; 3])
}

/// The points D scores from `state` to the end of the hand, with the memo.
fn gain(rules: &Rules, state: &State, memo: &mut HashMap<State, u16>) -> u16 {
    let before = state.points[Seat::D.index()];
    if state.is_over() {
        return 0;
    }
    let boundary = state.trick().is_empty();
    if boundary {
        if let Some(&g) = memo.get(&key(state)) {
            return g;
        }
    }
    let moves = state.legal_moves(rules);
    let values = moves.iter().map(|&mv| {
        let next = after(rules, state, mv);
        // Points D scored with this move (a trick or a declaration), then later.
        next.points[Seat::D.index()] - before + gain(rules, &next, memo)
    });
    let g = best(state, values);
    if boundary {
        memo.insert(key(state), g);
    }
    g
}

/// [`reference_value`] with a memo of exact values at trick boundaries.
pub fn reference_value_memo(rules: &Rules, state: &State) -> u16 {
    reference_value_in(rules, state, &mut Memo::new())
}

/// A memo that several positions can share, all under one rule set: what D
/// still scores from a position is the same whichever way it was reached.
pub type Memo = HashMap<State, u16>;

/// [`reference_value_memo`] with a memo kept by the caller.
pub fn reference_value_in(rules: &Rules, state: &State, memo: &mut Memo) -> u16 {
    state.points[Seat::D.index()] + gain(rules, state, memo)
}

/// Every exchange of `deal` with the value of the play after it, in the order
/// of [`Deal::exchanges`].
pub fn reference_exchange_values(rules: &Rules, deal: &Deal) -> Vec<(Exchange, u16)> {
    let mut memo = Memo::new();
    deal.exchanges(rules)
        .into_iter()
        .map(|ex| {
            let start = deal
                .after(rules, &ex)
                .expect("Deal::exchanges lists allowed ones");
            (ex, reference_value_in(rules, &start, &mut memo))
        })
        .collect()
}

/// [`reference_move_values`] with the memo (one memo for all the moves).
pub fn reference_move_values_memo(rules: &Rules, state: &State) -> Vec<(Move, u16)> {
    let mut memo = HashMap::new();
    state
        .legal_moves(rules)
        .iter()
        .map(|&mv| {
            let next = after(rules, state, mv);
            (
                mv,
                next.points[Seat::D.index()] + gain(rules, &next, &mut memo),
            )
        })
        .collect()
}

/// The state after `mv`. `play` checks legality in debug builds only, so the
/// reference asserts it itself: a move list with an illegal move is a bug.
fn after(rules: &Rules, state: &State, mv: Move) -> State {
    assert!(
        state.is_legal(rules, mv),
        "legal_moves gave the illegal move {mv} in {state:?}"
    );
    let mut next = *state;
    next.play(rules, mv);
    next
}

/// The best of the values for the seat to move: D the most, L and R the least.
fn best(state: &State, values: impl Iterator<Item = u16>) -> u16 {
    let value = if state.to_move() == Seat::D {
        values.max()
    } else {
        values.min()
    };
    value.expect("a hand not over has a legal move")
}
