//! Alpha-beta search over the declarer's remaining points.
//!
//! The value of a node is what the declarer still scores from it (cards won
//! and own marriages). D maximises it; L and R minimise it. The search is
//! fail-soft: a result inside the window `(alpha, beta)` is exact, one at or
//! below `alpha` is an upper bound, one at or above `beta` a lower bound.
//! Trick-start nodes consult the transposition table (which answers for
//! positions of the same shape too, `shape.rs`), then the quick-trick and
//! sure-trump bounds (`node.rs`); moves after the first are tried with a
//! null window first (principal-variation search). Moves are tried in the
//! order of `order.rs`, after the table's hint and the depth's killer move
//! ([`Killers`]). The move loop is
//! compiled once per place in the trick (`moves::<LEN>`); the last three
//! tricks get a plain search without ordering (`endgame`), whose trick
//! starts still ask the table. The whole search
//! is compiled twice (`H`): with the tests of the house rules of play, and
//! without them for rule sets that turn none on (`Consts::house`), so that
//! those rules cost the common case nothing. Two seats (`players=2`) get a
//! third copy (`TWO`, always with `H`): tricks of two cards, D against L.

use crate::engine::state::State;

use super::node::{points, Consts, Node, NONE};
use super::order::ordered_moves;
use super::table::{Bounds, Key, Table, NO_MOVE};

/// Trick starts with this many tricks left or fewer are searched plainly
/// (`Search::endgame`). Measured (`SOLVE_PROFILE`, callgrind): from two to
/// three, 3.9% fewer instructions on full deals and 5.2% on musik deals for
/// 11-19% more nodes; four does worse than three.
const ENDGAME_TRICKS: u32 = 3;

/// `special` not yet worked out (no card set has every bit).
const NOT_YET: u32 = u32::MAX;

/// Counters kept by the search.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes visited (every card played in the search is one).
    pub nodes: u64,
    /// Trick-start nodes answered by the table without search.
    pub table_cuts: u64,
}

/// One search over one rule set and table.
pub struct Search<'a, T: Table, const H: bool, const TWO: bool> {
    pub consts: Consts,
    pub table: &'a mut T,
    /// Counted here, not through a reference: solvers of different
    /// threads can sit side by side in memory, and a shared cache line
    /// written at every node would slow both.
    pub stats: Stats,
    /// Killer moves (see [`Killers`]).
    pub killers: Killers,
}

/// Killer moves: for each count of cards still in play, the last move that
/// cut off there after the first move tried had not. Positions at one
/// depth of one deal are often refuted by the same card, so it is tried
/// right after the table's hint. Only the order changes, never a value.
/// Measured (`SOLVE_PROFILE`, callgrind): full deals 12.6% fewer
/// instructions, musik deals 19% (with the killers kept across the
/// exchanges, `Solver`), `bid` 15%, every move's value 4%; recording every
/// cut, two killers a depth, one a seat, or killers at leads only measured
/// worse (docs/solver.md, *Issue 21: targets and ideas tried*).
pub type Killers = [u8; 33];

/// No killer at any depth.
pub const NO_KILLERS: Killers = [NONE; 33];

impl<T: Table, const H: bool, const TWO: bool> Search<'_, T, H, TWO> {
    /// The declarer's points still to come from `s`, searched in `(alpha, beta)`.
    pub fn remaining(&mut self, s: &State, alpha: i16, beta: i16) -> i16 {
        self.node(&Node::from_state_with(s, &self.consts), alpha, beta)
    }

    #[inline(always)]
    fn node(&mut self, n: &Node, alpha: i16, beta: i16) -> i16 {
        self.stats.nodes += 1;
        match n.len {
            0 => self.trick_start(n, alpha, beta),
            1 => self.moves::<1>(n, alpha, beta, NONE).0,
            _ if TWO => unreachable!("a trick of two seats holds at most one card"),
            _ => self.moves::<2>(n, alpha, beta, NONE).0,
        }
    }

    #[inline(never)]
    fn trick_start(&mut self, n: &Node, mut alpha: i16, mut beta: i16) -> i16 {
        let tricks_left = n.hands[n.leader as usize].count_ones();
        match tricks_left {
            0 => return 0,
            1 => return last_trick::<H, TWO>(n, &self.consts),
            _ => {}
        }
        let upper = n.upper_bound::<H>(&self.consts);
        if upper <= alpha {
            return upper;
        }
        if beta <= 0 {
            return 0;
        }
        let aces = self.consts.ace_mask != 0 && n.ace_marriage_held(&self.consts);
        let key = if TWO {
            Key::two(
                n.hands,
                n.leader,
                n.trump.min(4),
                aces,
                self.consts.last_musik,
            )
        } else {
            Key::from_bits(n.hands, n.leader, n.trump.min(4), aces)
        };
        let mut hint = NONE;
        let mut known = Bounds {
            lower: 0,
            upper,
            best: NO_MOVE,
        };
        // D's marriage still waiting for a trick is not in the table's key.
        let shared = !H || n.pending == 0;
        let stored = if shared { self.table.probe(&key) } else { None };
        if let Some(found) = stored {
            let b = found.bounds;
            if b.lower >= beta || b.lower == b.upper {
                self.stats.table_cuts += 1;
                return b.lower;
            }
            if b.upper <= alpha {
                self.stats.table_cuts += 1;
                return b.upper;
            }
            hint = b.best;
            known.lower = known.lower.max(b.lower);
            known.upper = known.upper.min(b.upper);
        }
        // Quick tricks, unless the table knows this very position (its
        // bounds include them): the leader's side surely takes `sure`
        // points; D leading can then still declare. Not with two tricks
        // left, where the plain search is cheaper than the bounds.
        if tricks_left > 2 && !stored.is_some_and(|f| f.exact) {
            let sure = n.sure_points::<TWO>();
            let (d_trumps, def_trumps) = n.sure_trumps::<TWO>(&self.consts);
            let (lower, upper) = if n.leader == 0 {
                // A first-trick declaration waiting for a trick counts only
                // after cashing (a trick won first).
                let waits =
                    H && self.consts.needs_trick && sure == 0 && n.first_trick(&self.consts);
                let declared = if waits {
                    0
                } else {
                    n.sure_declaration(&self.consts)
                };
                ((sure + declared).max(d_trumps), upper - def_trumps)
            } else {
                (d_trumps, upper - sure.max(def_trumps))
            };
            known.lower = known.lower.max(lower);
            known.upper = known.upper.min(upper);
            if known.lower >= beta {
                return known.lower;
            }
            if known.upper <= alpha {
                return known.upper;
            }
        }
        // Search only where the stored bounds leave doubt.
        alpha = alpha.max(known.lower - 1);
        beta = beta.min(known.upper + 1);
        // Three tricks left or fewer: a plain search, cheaper than ordering
        // (the table is still worth asking first: transpositions are many
        // here).
        let (v, best) = if tricks_left <= ENDGAME_TRICKS {
            (self.endgame::<0>(n, alpha, beta), NO_MOVE)
        } else {
            self.moves::<0>(n, alpha, beta, hint)
        };
        let bounds = if v <= alpha {
            Bounds {
                lower: known.lower.min(v),
                upper: v,
                best: NO_MOVE,
            }
        } else if v >= beta {
            Bounds {
                lower: v,
                upper: known.upper.max(v),
                best,
            }
        } else {
            Bounds {
                lower: v,
                upper: v,
                best,
            }
        };
        if shared {
            self.table.store(&key, bounds);
        }
        v
    }

    /// Tries every move of the player to move; returns the value and the
    /// move byte that reached it.
    #[inline(always)]
    fn moves<const LEN: u8>(&mut self, n: &Node, alpha: i16, beta: i16, hint: u8) -> (i16, u8) {
        // Room for the moves: ten cards with two seats, eight with three,
        // each lead that declares twice with `declare=optional`.
        if TWO {
            self.moves_in::<LEN, 20>(n, alpha, beta, hint)
        } else {
            self.moves_in::<LEN, 16>(n, alpha, beta, hint)
        }
    }

    /// [`Search::moves`] with room for `N` moves.
    #[inline(never)]
    fn moves_in<const LEN: u8, const N: usize>(
        &mut self,
        n: &Node,
        mut alpha: i16,
        mut beta: i16,
        hint: u8,
    ) -> (i16, u8) {
        let depth = n.remaining().count_ones() as usize;
        let killer = self.killers[depth];
        let list = ordered_moves::<LEN, H, TWO, N>(n, &self.consts, hint, killer);
        let mover = n.mover;
        let maximise = mover == 0;
        let mut best = if maximise { i16::MIN } else { i16::MAX };
        let mut best_move = NONE;
        // Twins (see `twin_bound`): the cards no other card separates; not
        // for the trick's last card, whose dominated cards `ordered_moves`
        // leaves out.
        let twins = LEN < 2 && !(TWO && LEN == 1);
        let blockers =
            (n.remaining() & !n.hands[mover as usize]) | if LEN == 1 { 1 << n.high_led } else { 0 };
        // Worked out only once a twin may be asked about.
        let mut special = NOT_YET;
        let mut done: [(u8, i16); 8] = [(0, 0); 8];
        let mut done_len = 0;
        for (tried, m) in list.iter().enumerate() {
            if twins && m & 0x80 == 0 && done_len > 0 {
                if special == NOT_YET {
                    special = n.special(&self.consts);
                }
                let bound = twin_bound(m, &done[..done_len], blockers, special, maximise);
                if maximise && bound <= alpha {
                    best = best.max(bound);
                    continue;
                }
                if !maximise && bound >= beta {
                    best = best.min(bound);
                    continue;
                }
            }
            let mut child = *n;
            let gain = child.play_at::<LEN, H, TWO>(&self.consts, m);
            let (a, b) = (alpha - gain, beta - gain);
            // The declarer already has what beta asks for: nothing to search
            // (remaining points are never negative).
            let v = if b <= 0 {
                0
            } else if tried == 0 {
                self.node(&child, a, b)
            } else if maximise {
                // Principal-variation search: prove the move no better with a
                // null window; search it properly only if it is.
                let t = self.node(&child, a, a + 1);
                if t > a && t < b {
                    self.node(&child, t - 1, b)
                } else {
                    t
                }
            } else {
                let t = self.node(&child, b - 1, b);
                if t < b && t > a {
                    self.node(&child, a, t + 1)
                } else {
                    t
                }
            };
            let v = gain + v;
            if twins && m & 0x80 == 0 && done_len < done.len() {
                done[done_len] = (m, v);
                done_len += 1;
            }
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
            if alpha >= beta {
                // A cut by the first move says nothing new: the rule of
                // thumb (or the killer already) put it there.
                if tried > 0 {
                    self.killers[depth] = m;
                }
                break;
            }
        }
        (best, best_move)
    }
}

impl<T: Table, const H: bool, const TWO: bool> Search<'_, T, H, TWO> {
    /// Plain fail-soft alpha-beta over the last tricks (`ENDGAME_TRICKS`):
    /// no ordering, no twins, every legal card lowest first; each trick
    /// start before the last trick goes through `trick_start` (the table
    /// and the bounds).
    fn endgame<const LEN: u8>(&mut self, n: &Node, mut alpha: i16, mut beta: i16) -> i16 {
        let legal = n.legal::<H>(&self.consts);
        let maximise = n.mover == 0;
        let mut best = if maximise { i16::MIN } else { i16::MAX };
        let mut rest = legal;
        let mut undeclared = false;
        while rest != 0 {
            let i = rest.trailing_zeros() as u8;
            let m = if undeclared { i | 0x80 } else { i };
            let declaring = LEN == 0 && !undeclared && self.consts.optional && {
                let (points, marriage) = n.declares(&self.consts, i);
                points > 0 || marriage
            };
            if declaring {
                undeclared = true;
            } else {
                undeclared = false;
                rest &= rest - 1;
            }
            self.stats.nodes += 1;
            let mut child = *n;
            let gain = child.play_at::<LEN, H, TWO>(&self.consts, m);
            let v = gain
                + match LEN {
                    0 => self.endgame::<1>(&child, alpha - gain, beta - gain),
                    1 if !TWO => self.endgame::<2>(&child, alpha - gain, beta - gain),
                    _ if child.hands[child.leader as usize].count_ones() > 1 => {
                        self.trick_start(&child, alpha - gain, beta - gain)
                    }
                    _ => last_trick::<H, TWO>(&child, &self.consts),
                };
            if maximise {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// What a searched twin says of card `m`. Two cards of one suit in the
/// mover's hand with no other card between them (in another hand or in the
/// trick), neither able to declare, lead to the same play with the same
/// winners; only their points sit in different tricks. So their values
/// differ by at most the difference of their points. From a searched twin's
/// value `v` (exact, or a bound on the side that did not cut), `m` is worth at
/// most `v + d` (D to move) or at least `v - d` (a defender to move). With no
/// twin, the bound is unbounded (`i16::MAX` / `i16::MIN`).
#[inline]
fn twin_bound(m: u8, done: &[(u8, i16)], blockers: u32, special: u32, maximise: bool) -> i16 {
    let mut bound = if maximise { i16::MAX } else { i16::MIN };
    if special & (1 << m) != 0 {
        return bound;
    }
    for &(x, v) in done {
        if x >> 3 != m >> 3 || special & (1 << x) != 0 {
            continue;
        }
        let (lo, hi) = if x < m { (x, m) } else { (m, x) };
        let between = ((1u32 << hi) - 1) & !((2u32 << lo) - 1);
        if blockers & between != 0 {
            continue;
        }
        let d = (points(m) as i16 - points(x) as i16).abs();
        bound = if maximise {
            bound.min(v + d)
        } else {
            bound.max(v - d)
        };
    }
    bound
}

/// Twins among the moves of a position, for [`Solver::move_values`]
/// (`super::Solver`): what `Search::moves` knows of them, asked from outside.
pub struct Twins {
    blockers: u32,
    special: u32,
    /// Twins are asked about only before the trick's last card, as in the
    /// search.
    on: bool,
}

impl Twins {
    pub fn new(s: &State, rules: &crate::Rules) -> Twins {
        let c = Consts::for_state(rules, s);
        let n = Node::from_state_with(s, &c);
        let mover = n.mover as usize;
        Twins {
            blockers: (n.remaining() & !n.hands[mover])
                | if n.len == 1 { 1 << n.high_led } else { 0 },
            special: n.special(&c),
            on: n.len + 1 < s.seats,
        }
    }

    /// From the twins of move byte `m` already valued (move bytes and
    /// total values), the range `m`'s value lies in; none without a twin.
    pub fn bounds(&self, m: u8, done: &[(u8, i16)]) -> Option<(i16, i16)> {
        if !self.on || m & 0x80 != 0 {
            return None;
        }
        let lo = twin_bound(m, done, self.blockers, self.special, false);
        let hi = twin_bound(m, done, self.blockers, self.special, true);
        (lo != i16::MIN).then_some((lo, hi))
    }
}

/// The move bytes of the player to move in `s`, in the order the search
/// would try them (best guess first; for the trick's last card, dominated
/// cards are left out).
pub fn move_order(s: &State, rules: &crate::Rules) -> Vec<u8> {
    let c = Consts::for_state(rules, s);
    let n = Node::from_state_with(s, &c);
    match (n.len, c.two) {
        (0, false) => ordered_moves::<0, true, false, 16>(&n, &c, NONE, NONE)
            .iter()
            .collect(),
        (1, false) => ordered_moves::<1, true, false, 16>(&n, &c, NONE, NONE)
            .iter()
            .collect(),
        (_, false) => ordered_moves::<2, true, false, 16>(&n, &c, NONE, NONE)
            .iter()
            .collect(),
        (0, true) => ordered_moves::<0, true, true, 20>(&n, &c, NONE, NONE)
            .iter()
            .collect(),
        (_, true) => ordered_moves::<1, true, true, 20>(&n, &c, NONE, NONE)
            .iter()
            .collect(),
    }
}

/// The last trick: one card each, nothing left to declare.
#[inline]
fn last_trick<const H: bool, const TWO: bool>(n: &Node, c: &Consts) -> i16 {
    let mut t = *n;
    let lead = t.hand().trailing_zeros() as u8;
    let mut gain = t.play_at::<0, H, TWO>(c, lead);
    let second = t.hand().trailing_zeros() as u8;
    gain += t.play_at::<1, H, TWO>(c, second);
    if TWO {
        return gain;
    }
    let third = t.hand().trailing_zeros() as u8;
    gain + t.play_at::<2, H, TWO>(c, third)
}

/// The most the declarer could still score from `s`: every card left (and
/// in the trick), and every marriage D still holds.
pub fn upper_bound(s: &State, rules: &crate::Rules) -> i16 {
    let c = Consts::for_state(rules, s);
    let n = Node::from_state_with(s, &c);
    n.upper_bound::<true>(&c) + n.trick_points as i16 * i16::from(n.len > 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::random;

    /// The value of `s` from `killers` with the house rules' copy of the
    /// search and no table, the nodes visited and the killers left.
    fn search_from<const TWO: bool>(
        consts: Consts,
        s: &State,
        killers: Killers,
    ) -> (i16, u64, Killers) {
        let mut table = super::super::table::NoTable;
        let mut search = Search::<_, true, TWO> {
            consts,
            table: &mut table,
            stats: Stats::default(),
            killers,
        };
        let v = search.remaining(s, -1, 1000);
        (v, search.stats.nodes, search.killers)
    }

    /// Killers only reorder moves: whatever they hold (cards of any hand,
    /// played ones, undeclared leads, `NONE`), every value is the same as
    /// with none. They are used (some searches visit other nodes) and
    /// recorded (a search from none leaves some).
    #[test]
    fn killers_never_change_a_value() {
        use rand::Rng;
        let mut rng = random::rng(41);
        let (mut reordered, mut recorded) = (0, 0);
        for name in ["standard", "pl declare=optional", "players=2"] {
            let rules: crate::Rules = name.parse().unwrap();
            for k in 0..40 {
                let start = super::super::testing::start(&mut rng, &rules);
                let s = random::play_random(&mut rng, &rules, start, 4 + k % 4, k % 3);
                let consts = Consts::for_state(&rules, &s);
                let search = |killers: Killers| {
                    if consts.two {
                        search_from::<true>(consts, &s, killers)
                    } else {
                        search_from::<false>(consts, &s, killers)
                    }
                };
                let (want, nodes, left) = search(NO_KILLERS);
                let mut odd = NO_KILLERS;
                for killer in &mut odd {
                    if rng.gen_bool(0.8) {
                        *killer = rng.gen_range(0..32u8) | if rng.gen_bool(0.2) { 0x80 } else { 0 };
                    }
                }
                let (v, odd_nodes, _) = search(odd);
                assert_eq!(v, want, "{name}: {s:?}");
                reordered += usize::from(odd_nodes != nodes);
                recorded += usize::from(left != NO_KILLERS);
            }
        }
        assert!(reordered > 10 && recorded > 10, "{reordered} {recorded}");
    }

    /// Second to play with two winners of the led suit, the last player
    /// holding a card between them: the highest winner is tried first, as
    /// the lower one can be overtaken.
    #[test]
    fn second_to_play_tries_the_highest_winner_first() {
        use crate::{CardSet, Seat};
        let set = |text: &str| text.parse::<CardSet>().unwrap();
        let only = |text: &str| set(text).iter().next().unwrap();
        // D led the nine of the first suit; L holds its ace and king, R its ten.
        let hands = [set("J.9.."), set("AK.J.."), set("T.Q.9.")];
        let mut s = State::new(hands, Seat::D, None, [0; 3]);
        s.push_trick_card(only("9..."));
        let rules = crate::Rules::default();
        let order = move_order(&s, &rules);
        assert_eq!(order[0], only("A...").index(), "{order:?}");
        assert_eq!(order[1], only("K...").index(), "{order:?}");
    }

    /// The cards of `text` as bits.
    fn bits(text: &str) -> u32 {
        text.parse::<crate::CardSet>().unwrap().0
    }

    /// The order D's leads are tried in, under `rules`, with `trump` and
    /// `hands` (D, L, R).
    fn lead_order(
        rules: &str,
        trump: Option<crate::engine::card::Suit>,
        hands: [&str; 3],
    ) -> Vec<u8> {
        let hands = hands.map(|h| h.parse().unwrap());
        let s = State::new(hands, crate::Seat::D, trump, [0; 3]);
        move_order(&s, &rules.parse().unwrap())
    }

    /// How many of `moves` are cards of `cards`.
    fn count_of(moves: &[u8], cards: &str) -> usize {
        moves.iter().filter(|&&b| bits(cards) & 1 << b != 0).count()
    }

    /// D's marriage that would move trump from hearts, whose top card D
    /// holds, to diamonds, where a defender holds a card above the king, is
    /// tried after every other lead; with no such card out, or the top
    /// heart with a defender, declaring comes first as usual.
    #[test]
    fn a_marriage_giving_up_trump_is_tried_last() {
        use crate::engine::card::Suit::Hearts;
        let gives_up = lead_order(
            "standard",
            Some(Hearts),
            ["AT.KQ.9.", "K.A.AK.J", "J.T.T.QT"],
        );
        assert_eq!(gives_up.len(), 5, "{gives_up:?}");
        assert_eq!(count_of(&gives_up[3..], ".KQ.."), 2, "{gives_up:?}");
        // No diamond above the king out: nothing to give up.
        let keeps = lead_order(
            "standard",
            Some(Hearts),
            ["A.AKQ.9.", "K.J.AK.J", "J.9.T.QT"],
        );
        assert_eq!(count_of(&keeps[..2], ".KQ.."), 2, "{keeps:?}");
        // The top heart with L: D has no control of trump to lose.
        let open = lead_order(
            "standard",
            Some(Hearts),
            ["JT.KQ.9.", "A.A.AK.J", "K.T.T.QT"],
        );
        assert_eq!(count_of(&open[..2], ".KQ.."), 2, "{open:?}");
    }

    /// Declaring leads come first, the larger declaration first: the ace
    /// marriage (every ace, under `ace_marriage=200`) before D's top trump
    /// and the leads that need no ruff; the 100 marriage before the 40.
    #[test]
    fn declarations_are_tried_first_largest_first() {
        use crate::engine::card::Suit::Hearts;
        // L ruffs diamonds and clubs, R spades: only the ace of hearts
        // and the nine of spades would come before the other aces.
        let hands = ["A.A.A.A9", "T9...KQJ", "K.KQJT.."];
        let got = lead_order("standard ace_marriage=200", Some(Hearts), hands);
        assert_eq!(count_of(&got[..4], "A.A.A.A"), 4, "{got:?}");
        // Hearts (100) before spades (40), both before the aces.
        let got = lead_order("standard", None, ["KQA..A.KQ", "T9J.9J..J", ".KQJT.T.9"]);
        assert_eq!(count_of(&got[..2], "KQ..."), 2, "{got:?}");
        assert_eq!(count_of(&got[2..4], "...KQ"), 2, "{got:?}");
    }

    /// `move_order` (the order `Solver::move_values` searches in, reversed)
    /// names each legal move at most once and only legal ones; every one
    /// before the trick's last card, where dominated cards may be left out.
    #[test]
    fn move_order_is_the_legal_moves_in_some_order() {
        let mut rng = random::rng(17);
        for name in [
            "standard",
            "pl declare=optional",
            "players=2 declare=optional",
        ] {
            let rules: crate::Rules = name.parse().unwrap();
            for k in 0..300 {
                let start = super::super::testing::start(&mut rng, &rules);
                let s = random::play_random(&mut rng, &rules, start, k % 7, k % 3);
                if s.is_over() {
                    continue;
                }
                let legal: Vec<u8> = s
                    .legal_moves(&rules)
                    .iter()
                    .map(|m| m.card().index() | if m.is_undeclared() { 0x80 } else { 0 })
                    .collect();
                let mut order = move_order(&s, &rules);
                assert!(order.iter().all(|b| legal.contains(b)), "{name}: {s:?}");
                let named = order.len();
                order.sort();
                order.dedup();
                assert_eq!(order.len(), named, "{name}: {s:?}");
                let last = s.trick().len() + 1 == usize::from(s.seats);
                assert!(
                    order.len() == legal.len() || last && !order.is_empty(),
                    "{name}: {s:?}"
                );
            }
        }
    }
}
