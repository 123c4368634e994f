//! Move ordering: try first the moves most likely to be best, so that
//! alpha-beta cuts early. Cheap rules of thumb, no search.

use crate::card::{Card, Rank};
use crate::cardset::CardSet;
use crate::moves::{Move, MoveList};
use crate::rules::Rules;
use crate::seat::Seat;
use crate::state::{trick_winner, State};

/// Sorts `moves` best-first for the player to move. `hint` (from the
/// transposition table) goes first.
pub fn order(s: &State, rules: &Rules, moves: &mut MoveList, hint: Option<Move>) {
    let mut scored: [(i16, Move); 16] =
        [(0, Move::new(Card::new(crate::Suit::Hearts, Rank::Nine))); 16];
    let n = moves.len();
    for (slot, &m) in scored.iter_mut().zip(moves.iter()) {
        let score = if Some(m) == hint {
            i16::MAX
        } else if s.trick().is_empty() {
            lead_score(s, rules, m)
        } else {
            follow_score(s, m.card())
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
fn follow_score(s: &State, card: Card) -> i16 {
    let trick = s.trick();
    let me = s.to_move();
    let side = |seat: Seat| seat.is_declarer();
    // Who wins the trick so far, and would this card take it over?
    let winner_now = provisional_winner(s);
    let mut cards = [trick[0], trick[0], trick[0]];
    cards[..trick.len()].copy_from_slice(trick);
    cards[trick.len()] = card;
    let wins = if trick.len() == 2 {
        trick_winner(cards, s.trump) == 2
    } else {
        // Second to play: beats the lead if it is the higher card now.
        trick_winner([cards[0], cards[1], cards[0]], s.trump) == 1
    };
    let pts = card.points() as i16;
    if wins {
        100 + if trick.len() == 2 {
            pts
        } else {
            -(card.rank() as i16)
        }
    } else if side(winner_now) == side(me) && trick.len() == 2 {
        50 + pts // the partner takes it: add points
    } else {
        -pts * 4 - card.rank() as i16
    }
}

/// The seat winning the trick in progress so far.
fn provisional_winner(s: &State) -> Seat {
    let trick = s.trick();
    if trick.len() == 1 {
        return s.leader;
    }
    s.leader
        .plus(trick_winner([trick[0], trick[1], trick[0]], s.trump))
}
