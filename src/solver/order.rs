//! Move ordering: try first the moves most likely to be best, so that
//! alpha-beta cuts early. Cheap rules of thumb, no search.

use crate::card::{Card, Rank};
use crate::cardset::CardSet;
use crate::moves::{Move, MoveList};
use crate::rules::Rules;
use crate::seat::Seat;
#[cfg(doc)]
use crate::state::trick_winner;
use crate::state::State;

/// Sorts `moves` best-first for the player to move. `hint` (from the
/// transposition table) goes first.
pub fn order(s: &State, rules: &Rules, moves: &mut MoveList, hint: Option<Move>) {
    let mut scored: [(i16, Move); 16] =
        [(0, Move::new(Card::new(crate::Suit::Hearts, Rank::Nine))); 16];
    let n = moves.len();
    let winning = if s.trick().is_empty() {
        (s.leader, 0)
    } else {
        provisional_winner(s)
    };
    for (slot, &m) in scored.iter_mut().zip(moves.iter()) {
        let score = if Some(m) == hint {
            i16::MAX
        } else if s.trick().is_empty() {
            lead_score(s, rules, m)
        } else {
            follow_score(s, m.card(), winning)
        };
        *slot = (score, m);
    }
    let scored = &mut scored[..n];
    // Insertion sort: at most 16 moves, usually nearly sorted.
    for i in 1..n {
        let mut j = i;
        while j > 0 && scored[j - 1].0 < scored[j].0 {
            scored.swap(j - 1, j);
            j -= 1;
        }
    }
    for (m, (_, sm)) in moves.as_mut_slice().iter_mut().zip(scored.iter()) {
        *m = *sm;
    }
}

/// A lead: declare marriages, cash sure winners, otherwise lead low.
fn lead_score(s: &State, rules: &Rules, m: Move) -> i16 {
    let card = m.card();
    let mut score = 0;
    if !m.is_undeclared() {
        if let Some(d) = s.declaration(rules, card) {
            score += 200 + d.points(rules) as i16;
        }
    }
    let others = s.remaining().minus(s.hands[s.leader.index()]);
    let suit_out = others.suit(card.suit());
    if (suit_out & CardSet::above(card)).is_empty() {
        // Top of its suit: wins unless someone ruffs.
        score += 50 + card.points() as i16;
    } else {
        score -= card.points() as i16;
    }
    score
}

/// A card to a trick in progress: win cheaply, give points to a partner
/// who is winning, otherwise play the least valuable card.
fn follow_score(s: &State, card: Card, winning: (Seat, u8)) -> i16 {
    let last = s.trick().len() == 2;
    let (winner_now, best_key) = winning;
    let pts = card.points() as i16;
    if strength(card, s.trick()[0], s) > best_key {
        // Third to play keeps what it wins; second only holds it for now.
        100 + if last { pts } else { -(card.rank() as i16) }
    } else if last && winner_now.is_declarer() == s.to_move().is_declarer() {
        50 + pts // the partner takes it: add points
    } else {
        -pts * 4 - card.rank() as i16
    }
}

/// How strongly a card plays to a trick led with `led`: trumps above the
/// led suit, other suits nowhere (the order [`trick_winner`] uses).
fn strength(card: Card, led: Card, s: &State) -> u8 {
    if Some(card.suit()) == s.trump {
        16 + card.rank() as u8
    } else if card.suit() == led.suit() {
        8 + card.rank() as u8
    } else {
        0
    }
}

/// The seat winning the trick in progress so far, and its card's strength.
fn provisional_winner(s: &State) -> (Seat, u8) {
    let trick = s.trick();
    let mut best = (s.leader, strength(trick[0], trick[0], s));
    if trick.len() == 2 {
        let k = strength(trick[1], trick[0], s);
        if k > best.1 {
            best = (s.leader.next(), k);
        }
    }
    best
}
