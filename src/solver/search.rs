//! Alpha-beta search over the declarer's remaining points.
//!
//! The value of a node is what the declarer still scores from it (cards won
//! and own marriages). D maximises it; L and R minimise it. The search is
//! fail-soft: a result inside the window `(alpha, beta)` is exact, one at or
//! below `alpha` is an upper bound, one at or above `beta` a lower bound.
//! Trick-start nodes consult the transposition table.

use crate::cardset::CardSet;
use crate::moves::Move;
use crate::rules::Rules;
use crate::seat::Seat;
use crate::state::{trick_winner, State};

use super::order::order;
use super::table::{Bounds, Key, Table, NO_MOVE};

/// Counters kept by the search.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes visited (every card played in the search is one).
    pub nodes: u64,
    /// Trick-start nodes answered by the table without search.
    pub table_cuts: u64,
}

/// One search over one rule set and table.
pub struct Search<'a, T: Table> {
    pub rules: &'a Rules,
    pub table: &'a mut T,
    pub stats: &'a mut Stats,
}

impl<T: Table> Search<'_, T> {
    /// The declarer's points still to come from `s`, searched in `(alpha, beta)`.
    pub fn remaining(&mut self, s: &State, alpha: i16, beta: i16) -> i16 {
        self.stats.nodes += 1;
        if s.trick_len == 0 {
            self.trick_start(s, alpha, beta)
        } else {
            self.moves(s, alpha, beta, None).0
        }
    }

    fn trick_start(&mut self, s: &State, mut alpha: i16, mut beta: i16) -> i16 {
        match s.hands[s.leader.index()].len() {
            0 => return 0,
            1 => return last_trick(s),
            _ => {}
        }
        let upper = upper_bound(s, self.rules);
        if upper <= alpha {
            return upper;
        }
        if beta <= 0 {
            return 0;
        }
        let key = Key {
            hands: s.hands,
            leader: s.leader,
            trump: s.trump,
        };
        let mut hint = None;
        let mut known = Bounds {
            lower: 0,
            upper,
            best: NO_MOVE,
        };
        if let Some(b) = self.table.probe(&key) {
            if b.lower >= beta || b.lower == b.upper {
                self.stats.table_cuts += 1;
                return b.lower;
            }
            if b.upper <= alpha {
                self.stats.table_cuts += 1;
                return b.upper;
            }
            hint = Move::from_byte(b.best);
            known.lower = known.lower.max(b.lower);
            known.upper = known.upper.min(b.upper);
        }
        // Search only where the stored bounds leave doubt.
        alpha = alpha.max(known.lower - 1);
        beta = beta.min(known.upper + 1);
        let (v, best) = self.moves(s, alpha, beta, hint);
        let bounds = if v <= alpha {
            Bounds {
                lower: 0,
                upper: v,
                best: NO_MOVE,
            }
        } else if v >= beta {
            Bounds {
                lower: v,
                upper: upper.max(v),
                best: best.to_byte(),
            }
        } else {
            Bounds {
                lower: v,
                upper: v,
                best: best.to_byte(),
            }
        };
        self.table.store(&key, bounds);
        v
    }

    /// Tries every legal move of the player to move; returns the value and the
    /// move that reached it.
    fn moves(
        &mut self,
        s: &State,
        mut alpha: i16,
        mut beta: i16,
        hint: Option<Move>,
    ) -> (i16, Move) {
        let mut list = s.legal_moves(self.rules);
        if s.trick_len == 2 && list.len() > 1 {
            list = last_to_play(s, self.rules, &list);
        }
        if list.len() > 1 {
            order(s, self.rules, &mut list, hint);
        }
        let maximise = s.to_move() == Seat::D;
        let mut tried = 0;
        let mut best = if maximise { i16::MIN } else { i16::MAX };
        let mut best_move = list[0];
        for &m in list.iter() {
            let mut child = *s;
            child.apply(self.rules, m);
            let gain = (child.points[0] - s.points[0]) as i16;
            let (a, b) = (alpha - gain, beta - gain);
            let v = if tried == 0 {
                self.remaining(&child, a, b)
            } else if maximise {
                // Principal-variation search: prove the move no better with a
                // null window; search it properly only if it is.
                let t = self.remaining(&child, a, a + 1);
                if t > a && t < b {
                    self.remaining(&child, t - 1, b)
                } else {
                    t
                }
            } else {
                let t = self.remaining(&child, b - 1, b);
                if t < b && t > a {
                    self.remaining(&child, a, t + 1)
                } else {
                    t
                }
            };
            let v = gain + v;
            if maximise {
                if v > best {
                    best = v;
                    best_move = m;
                    alpha = alpha.max(v);
                }
            } else if v < best {
                best = v;
                best_move = m;
                beta = beta.min(v);
            }
            tried += 1;
            if alpha >= beta {
                break;
            }
        }
        (best, best_move)
    }
}

/// Moves for the last player to a trick, without dominated ones: two cards
/// of one suit with no other player's card between them play alike for the
/// rest of the hand when the same seat wins the trick with either (and so
/// leads next); the side taking the trick then wants the higher-point one in
/// it and the other side the lower. (Not for K/Q of a held marriage or an ace that
/// keeps the ace marriage alive: those differ in what they can declare.)
fn last_to_play(s: &State, rules: &Rules, list: &crate::MoveList) -> crate::MoveList {
    let me = s.to_move();
    let hand = s.hands[me.index()];
    let others = s.remaining().minus(hand);
    let special = special_cards(hand, rules);
    let trick = s.trick();
    let mut out = crate::MoveList::new();
    let mut prev: Option<(crate::Card, Seat)> = None;
    // Legal moves come lowest bit first: by suit, then rank upward.
    for &m in list.iter() {
        let c = m.card();
        let winner = s
            .leader
            .plus(trick_winner([trick[0], trick[1], c], s.trump));
        let ours = winner.is_declarer() == me.is_declarer();
        if let Some((p, p_winner)) = prev {
            let between = CardSet(((1u32 << c.index()) - 1) & !((2u32 << p.index()) - 1));
            let same_run = p.suit() == c.suit()
                && (others & between).is_empty()
                && !special.contains(c)
                && !special.contains(p)
                && p_winner == winner;
            if same_run {
                // c is the higher-point card of the pair (ranks rise with points).
                if ours {
                    let last = out.len() - 1;
                    out.as_mut_slice()[last] = m;
                }
                prev = Some((c, winner));
                continue;
            }
        }
        out.push(m);
        prev = Some((c, winner));
    }
    out
}

/// Cards whose play changes what their holder can declare later.
fn special_cards(hand: CardSet, rules: &Rules) -> CardSet {
    let mut special = CardSet::EMPTY;
    for suit in hand.marriages() {
        special |= hand.suit(suit)
            & (CardSet::full_rank(crate::Rank::King) | CardSet::full_rank(crate::Rank::Queen));
    }
    let aces = CardSet::full_rank(crate::Rank::Ace);
    if rules.ace_marriage > 0 && aces.is_subset(hand) {
        special |= aces;
    }
    special
}

/// The last trick: one card each, nothing left to declare.
fn last_trick(s: &State) -> i16 {
    let l = s.leader;
    let card = |seat: Seat| s.hands[seat.index()].lowest().expect("one card each");
    let cards = [card(l), card(l.next()), card(l.plus(2))];
    if l.plus(trick_winner(cards, s.trump)) == Seat::D {
        cards.iter().map(|c| c.points() as i16).sum()
    } else {
        0
    }
}

/// The most the declarer could still score from a trick start: every card
/// left, and every marriage D still holds.
#[inline]
pub fn upper_bound(s: &State, rules: &Rules) -> i16 {
    let d = s.hands[Seat::D.index()];
    let mut points = s.remaining().points() + s.trick().iter().map(|c| c.points()).sum::<u16>();
    let kq = d.bits() >> crate::Rank::Queen as u32 & d.bits() >> crate::Rank::King as u32;
    if kq & 0x0101_0101 != 0 {
        for suit in d.marriages() {
            points += rules.marriage_value(suit);
        }
    }
    if rules.ace_marriage > 0 && CardSet::full_rank(crate::Rank::Ace).is_subset(d) {
        points += rules.ace_marriage;
    }
    points as i16
}
