//! The double-dummy solver: exact values with perfect play by both sides.
//!
//! The declarer maximises the declarer's total points (cards won plus own
//! marriages); the two defenders minimise it. With two players
//! (`players=2`) L alone defends, tricks are of two cards, and the musik
//! lying out scores for the last trick's winner (docs/solver.md, *Two
//! players*). [`Solver`] answers the whole
//! question (the value), a yes/no question (can D reach N? one null-window
//! search, faster), every move's value, an optimal line, and the best
//! exchange of a deal still holding its musik.
//!
//! ```
//! use tysiac::{Rules, Solver, State, Seat};
//! // D holds the last two aces; L and R only small cards.
//! let hands = ["A..A.".parse().unwrap(), "9..9.".parse().unwrap(), "J..J.".parse().unwrap()];
//! let state = State::new(hands, Seat::D, None, [100, 0, 0]);
//! let mut solver = Solver::new(Rules::STANDARD);
//! assert_eq!(solver.value(&state), 100 + 2 * (11 + 2));
//! assert!(solver.reaches(&state, 126) && !solver.reaches(&state, 127));
//! ```

mod node;
mod order;
mod search;
mod shape;
mod table;
#[cfg(test)]
pub(crate) mod testing;
mod workers;

pub use search::{upper_bound, Stats};
pub use table::{Bounds, Found, Key, NoTable, Table, TransTable};
pub use workers::{no_progress, Progress, ThreadsError, Workers, CAN_SPAWN_THREADS};

use crate::engine::deal::{Deal, Exchange, Give};
use crate::engine::moves::Move;
use crate::engine::rules::Rules;
use crate::engine::seat::Seat;
use crate::engine::state::State;
use search::{Killers, Search, NO_KILLERS};

/// A window wider than any value (marriage values are at most 1000 each).
const INF: i16 = 16_000;

/// A solver for one rule set. Its transposition table persists between
/// calls (entries depend only on the rules), so solving related positions in
/// turn, as a post-mortem does, reuses work; [`Solver::clear`] forgets it.
pub struct Solver<T: Table = TransTable> {
    rules: Rules,
    table: T,
    stats: Stats,
    /// Kept from one search to the next of the same position (the moves of
    /// `move_values`, the exchanges of a musik: 8% fewer nodes on musik
    /// deals); forgotten by `clear` and `age`, before another deal or
    /// layout, whose killers measured 28% more instructions in `suggest`.
    killers: Killers,
}

impl Solver<TransTable> {
    /// A solver with the default table ([`TransTable::DEFAULT_BYTES`]).
    pub fn new(rules: Rules) -> Solver {
        Solver::with_table(rules, TransTable::default())
    }

    /// A solver whose table uses at most `bytes` of memory.
    pub fn with_table_bytes(rules: Rules, bytes: usize) -> Solver {
        Solver::with_table(rules, TransTable::with_bytes(bytes))
    }
}

impl<T: Table> Solver<T> {
    pub fn with_table(rules: Rules, table: T) -> Solver<T> {
        Solver {
            rules,
            table,
            stats: Stats::default(),
            killers: NO_KILLERS,
        }
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Counters since the solver was made (or [`Solver::reset_stats`]).
    pub fn stats(&self) -> Stats {
        self.stats
    }

    pub fn reset_stats(&mut self) {
        self.stats = Stats::default();
    }

    /// Forgets the table's entries.
    pub fn clear(&mut self) {
        self.table.clear();
        self.killers = NO_KILLERS;
    }

    /// Before a search related to the last ones (another layout of the same
    /// decision, sharing many late positions): the table's entries still
    /// answer, but this search's own replace them first when the table is
    /// full. Cheaper than [`Solver::clear`] when the searches share
    /// positions, dearer when they do not (old entries crowd out new ones
    /// a little); never changes an answer.
    pub fn age(&mut self) {
        self.table.age();
        self.killers = NO_KILLERS;
    }

    /// The declarer's future points from `s` in the window `(alpha, beta)`.
    fn search(&mut self, s: &State, alpha: i16, beta: i16) -> i16 {
        let consts = node::Consts::for_state(&self.rules, s);
        // Three copies of the search: with the house rules' tests, and, when
        // none is on, without them; for two seats, with them.
        if consts.two {
            self.search_with::<true, true>(consts, s, alpha, beta)
        } else if consts.house {
            self.search_with::<true, false>(consts, s, alpha, beta)
        } else {
            self.search_with::<false, false>(consts, s, alpha, beta)
        }
    }

    /// [`Solver::search`] by one copy of the search; its counters and
    /// killers carried over to the solver.
    fn search_with<const H: bool, const TWO: bool>(
        &mut self,
        consts: node::Consts,
        s: &State,
        alpha: i16,
        beta: i16,
    ) -> i16 {
        let mut search = Search::<T, H, TWO> {
            consts,
            table: &mut self.table,
            stats: Stats::default(),
            killers: self.killers,
        };
        let v = search.remaining(s, alpha, beta);
        self.stats.nodes += search.stats.nodes;
        self.stats.table_cuts += search.stats.table_cuts;
        self.killers = search.killers;
        v
    }

    /// The declarer's total points at the end of the hand with perfect play,
    /// points already scored included.
    pub fn value(&mut self, s: &State) -> u16 {
        // One full-window search: measured faster here than MTD(f) or
        // bisection with null windows, whose many passes cost more.
        s.points[Seat::D.index()] + self.search(s, -1, INF) as u16
    }

    /// Can the declarer reach `target` total points? One null-window search.
    pub fn reaches(&mut self, s: &State, target: u16) -> bool {
        let need = target as i16 - s.points[Seat::D.index()] as i16;
        need <= 0 || self.search(s, need - 1, need) >= need
    }

    /// The value after `m` (which must be legal).
    pub fn value_after(&mut self, s: &State, m: Move) -> u16 {
        let mut child = *s;
        child.apply(&self.rules, m);
        self.value(&child)
    }

    /// Every legal move with its value, best first for the player to move
    /// (highest for D, lowest for a defender).
    pub fn move_values(&mut self, s: &State) -> Vec<(Move, u16)> {
        let mut values = self.values_of_moves(s);
        if s.to_move() == Seat::D {
            values.sort_by_key(|&(m, v)| (std::cmp::Reverse(v), m));
        } else {
            values.sort_by_key(|&(m, v)| (v, m));
        }
        values
    }

    /// Every legal move's value. Each move is searched only in the window
    /// that what is already known leaves, so the search proves no more than
    /// it must (a value found in a window that surely holds it is exact):
    /// - the position's value, searched first: no move is better for the
    ///   player to move, so it bounds every move's value from one side;
    /// - a twin already valued (two cards of one suit that no other card
    ///   separates, neither able to declare, see `search::twin_bound`):
    ///   the two values differ by at most the two cards' points.
    ///
    /// The moves are searched in the reverse of the search's own order,
    /// the likely worst first (docs/solver.md, *Issue 21: targets and ideas tried*): measured at
    /// the first lead, 2.8% fewer nodes than the order of `legal_moves` or
    /// the search's own (3.8% under pl and ru), and `suggest` 4.4% fewer
    /// instructions over 21 deals. The order changes only what the table
    /// holds when each move is searched, never a value.
    fn values_of_moves(&mut self, s: &State) -> Vec<(Move, u16)> {
        let moves = s.legal_moves(&self.rules);
        if moves.len() < 2 {
            return moves.iter().map(|&m| (m, self.value_after(s, m))).collect();
        }
        let v = self.value(s) as i16;
        let maximise = s.to_move() == Seat::D;
        let twins = search::Twins::new(s, &self.rules);
        let mut done: Vec<(u8, i16)> = Vec::with_capacity(moves.len());
        let byte = |m: &Move| m.card().index() | if m.is_undeclared() { 0x80 } else { 0 };
        // Moves the search would not try (dominated last cards) go first.
        let guess = search::move_order(s, &self.rules);
        let mut order: Vec<Move> = moves.to_vec();
        order.sort_by_key(|m| {
            std::cmp::Reverse(
                guess
                    .iter()
                    .position(|&b| b == byte(m))
                    .unwrap_or(usize::MAX),
            )
        });
        order
            .iter()
            .map(|&m| {
                let mut child = *s;
                child.apply(&self.rules, m);
                let cd = child.points[Seat::D.index()] as i16;
                // The move's total lies in lo..=hi.
                let (mut lo, mut hi) = if maximise { (cd, v) } else { (v, INF) };
                let byte = byte(&m);
                if let Some((near_lo, near_hi)) = twins.bounds(byte, &done) {
                    lo = lo.max(near_lo);
                    hi = hi.min(near_hi);
                }
                let got = cd + self.search(&child, lo - cd - 1, hi - cd + 1);
                if byte & 0x80 == 0 {
                    done.push((byte, got));
                }
                (m, got as u16)
            })
            .collect()
    }

    /// An optimal move: one whose value equals the position's.
    pub fn best_move(&mut self, s: &State) -> Option<(Move, u16)> {
        if s.is_over() {
            return None;
        }
        let v = self.value(s);
        Some((self.move_keeping(s, v), v))
    }

    /// The first legal move of `s` whose value is `v`, the value of `s`.
    fn move_keeping(&mut self, s: &State, v: u16) -> Move {
        let moves = s.legal_moves(&self.rules);
        // Each test is a narrow window around the known value: cheap.
        let d = s.points[Seat::D.index()] as i16;
        for &m in moves.iter() {
            let mut child = *s;
            child.apply(&self.rules, m);
            let target = v as i16 - d - (child.points[0] - s.points[0]) as i16;
            let got = self.search(&child, target - 1, target + 1);
            if got == target {
                return m;
            }
        }
        unreachable!("some legal move keeps the value of the position")
    }

    /// One optimal line of play from `s` to the end of the hand. Along it the
    /// value stays the root's, so it is searched once, not at every move.
    pub fn line(&mut self, s: &State) -> Vec<Move> {
        let mut line = Vec::new();
        if s.is_over() {
            return line;
        }
        let v = self.value(s);
        let mut cur = *s;
        while !cur.is_over() {
            let m = self.move_keeping(&cur, v);
            cur.apply(&self.rules, m);
            line.push(m);
        }
        line
    }

    /// The exchanges of a deal still holding its musik, with their values,
    /// best first. With `all`, every exchange gets its exact value; without,
    /// only the best one is returned (the others are only shown not to beat
    /// it, which is much faster).
    pub fn exchange_values(&mut self, deal: &Deal, all: bool) -> Vec<(Exchange, u16)> {
        let exchanges = guessed_order(deal, &self.rules);
        let mut out: Vec<(Exchange, u16)> = Vec::new();
        let mut best: Option<u16> = None;
        for e in exchanges {
            let start = deal
                .after(&self.rules, &e)
                .expect("generated exchanges are legal");
            let d = start.points[Seat::D.index()];
            match best {
                Some(b) if !all => {
                    let floor = b as i16 - d as i16;
                    let v = self.search(&start, floor, INF);
                    if v > floor {
                        best = Some(d + v as u16);
                        out = vec![(e, d + v as u16)];
                    }
                }
                _ => {
                    let v = self.value(&start);
                    best = Some(best.map_or(v, |b| b.max(v)));
                    if all || out.is_empty() {
                        out.push((e, v));
                    }
                }
            }
        }
        out.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
        out
    }

    /// The best exchange and its value.
    pub fn best_exchange(&mut self, deal: &Deal) -> (Exchange, u16) {
        self.exchange_values(deal, false)[0]
    }
}

/// The exchanges of `deal`, likely best first (keep points and marriages,
/// give away small cards). The guess is worked out once per exchange
/// (`sort_by_cached_key`, stable like `sort_by_key`): at every comparison
/// it cost musik deals 5% more instructions.
fn guessed_order(deal: &Deal, rules: &Rules) -> Vec<Exchange> {
    let mut exchanges = deal.exchanges(rules);
    exchanges.sort_by_cached_key(|e| std::cmp::Reverse(exchange_guess(deal, rules, e)));
    exchanges
}

/// A cheap guess at how good an exchange is, for ordering only: the true
/// best found late costs exact re-searches. All cards are known, so a card
/// "stands" when no defender holds a higher one of its suit. What counts:
/// marriages kept, standing cards kept (each, and their points), standing
/// cards given away, voids and trump length when a trump is in view (a
/// marriage kept, or a chosen trump); points that do not stand are better
/// given away. The weights were fitted on exact values of every exchange of
/// 140 sampled deals of seven bidding hands (the best exchange came first
/// half as often wrong as with hand-set weights), then checked on 140 others.
fn exchange_guess(deal: &Deal, rules: &Rules, e: &Exchange) -> i32 {
    let ten = deal.declarer_ten();
    let given: crate::CardSet = e.cards().into_iter().collect();
    let kept = ten.minus(given);
    let mut defenders = deal.hands[1].union(deal.hands[2]);
    if let Give::Pass(to_l, to_r) = e.give {
        defenders = defenders.with(to_l).with(to_r);
    }
    let stands = |c: crate::Card| defenders.intersect(crate::CardSet::above(c)).is_empty();
    let mut score = 0;
    let mut trump_suit = e.trump;
    for s in kept.marriages() {
        score += 16 * rules.marriage_value(s) as i32;
        trump_suit = trump_suit.or(Some(s));
    }
    for c in kept.iter() {
        let p = c.points() as i32;
        score += if stands(c) { 13 * p + 135 } else { -3 * p };
    }
    if let Give::Pass(to_l, to_r) = e.give {
        for (card, hand) in [(to_l, deal.hands[1]), (to_r, deal.hands[2])] {
            let p = card.points() as i32;
            score -= if stands(card) { 31 * p } else { p };
            if hand.with(card).has_marriage(card.suit()) {
                score -= 2 * rules.marriage_value(card.suit()) as i32;
            }
        }
    }
    for s in crate::Suit::ALL {
        if kept.suit(s).is_empty() {
            score += if trump_suit.is_some_and(|t| t != s) {
                16
            } else {
                1
            };
        }
    }
    if let Some(t) = trump_suit {
        score += 27 * kept.suit(t).len() as i32;
    }
    score
}

/// Everything `tysiac solve` reports about one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The declarer's total at the end with perfect play (after the best
    /// exchange, for a deal still holding its musik).
    pub value: u16,
    /// The exchanges, best first: only the best unless every one was asked
    /// for. Empty for a hand in play.
    pub exchanges: Vec<(Exchange, u16)>,
    /// The state the moves are scored in (after the best exchange).
    pub state: State,
    /// Every legal move with its value, best first for the player to move.
    pub moves: Vec<(Move, u16)>,
    /// One optimal line to the end of the hand.
    pub line: Vec<Move>,
}

impl<T: Table> Solver<T> {
    /// Solves a position fully: the value, every move's value and a line;
    /// for a musik deal, the best exchange first (every exchange with `all`).
    pub fn solve(&mut self, setup: &crate::Setup, all: bool) -> Solution {
        let (exchanges, state) = match setup {
            crate::Setup::Play(s) => (Vec::new(), *s),
            crate::Setup::Musik(deal) => {
                let exchanges = self.exchange_values(deal, all);
                let best = deal
                    .after(&self.rules, &exchanges[0].0)
                    .expect("generated exchanges are legal");
                (exchanges, best)
            }
        };
        Solution {
            value: self.value(&state),
            moves: self.move_values(&state),
            line: self.line(&state),
            exchanges,
            state,
        }
    }

    /// Can the declarer reach `target`? For a musik deal: with some exchange
    /// (the first found is returned).
    pub fn setup_reaches(&mut self, setup: &crate::Setup, target: u16) -> (bool, Option<Exchange>) {
        match setup {
            crate::Setup::Play(s) => (self.reaches(s, target), None),
            crate::Setup::Musik(deal) => {
                for e in guessed_order(deal, &self.rules) {
                    let start = deal
                        .after(&self.rules, &e)
                        .expect("generated exchanges are legal");
                    if self.reaches(&start, target) {
                        return (true, Some(e));
                    }
                }
                (false, None)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::random;

    /// The table only saves work: with it or without it, and with a table
    /// too small to keep much (so entries are replaced all the time), every
    /// answer is the same.
    #[test]
    fn the_table_never_changes_an_answer() {
        let mut rng = random::rng(99);
        for name in [
            "standard",
            "pl",
            "ru",
            "standard trump=chosen musik=discard",
            "players=2",
            "players=2 last_musik=marriage declare=optional",
        ] {
            let rules: Rules = name.parse().unwrap();
            let mut plain = Solver::with_table(rules, NoTable);
            let mut tiny = Solver::with_table_bytes(rules, 64);
            let mut full = Solver::new(rules);
            for _ in 0..40 {
                let start = testing::start(&mut rng, &rules);
                let s = random::play_random(&mut rng, &rules, start, 6, 1);
                let v = plain.value(&s);
                assert_eq!(full.value(&s), v, "{name}: {s:?}");
                assert_eq!(tiny.value(&s), v, "{name}: {s:?}");
                assert_eq!(full.move_values(&s), plain.move_values(&s), "{name}: {s:?}");
            }
        }
    }

    /// A search leaves killers in the solver for the next search of the
    /// same position; `clear` and `age` forget them, before another deal
    /// or layout, whose refutations would mislead (`Solver::killers`).
    #[test]
    fn clear_and_age_forget_the_killers() {
        let mut rng = random::rng(7);
        let rules = Rules::default();
        let mut solver = Solver::new(rules);
        for forget in [Solver::clear, Solver::age] {
            let mut kept = 0;
            for _ in 0..20 {
                let s = testing::start(&mut rng, &rules);
                solver.value(&s);
                kept += usize::from(solver.killers != NO_KILLERS);
                forget(&mut solver);
                assert_eq!(solver.killers, NO_KILLERS);
            }
            assert!(kept > 10, "{kept}");
        }
    }

    /// A table aged between related searches (the layouts of one view, as
    /// `pimc` solves them) keeps earlier layouts' entries answering; they
    /// are about other cards of the same shapes, so any bound carried over
    /// too far would show here. Small tables replace entries all the time.
    #[test]
    fn ageing_never_changes_an_answer() {
        use crate::CardSet;
        use rand::seq::SliceRandom;
        let mut rng = random::rng(33);
        for name in [
            "standard",
            "pl",
            "ru",
            "pl trump_from=next_trick marriage_needs_trick=yes",
        ] {
            let rules: Rules = name.parse().unwrap();
            let mut plain = Solver::with_table(rules, NoTable);
            let mut aged: Vec<Solver> = [1 << 10, 16 << 10, TransTable::DEFAULT_BYTES]
                .map(|b| Solver::with_table_bytes(rules, b))
                .into();
            for k in 0..12 {
                let start = random::start(&mut rng, &rules);
                let view = random::play_random(&mut rng, &rules, start, k % 4, k % 3);
                for _ in 0..6 {
                    // Another layout of D's view: the defenders' cards
                    // dealt again, as many to each.
                    let mut s = view;
                    let mut unseen: Vec<_> = s.hands[1].union(s.hands[2]).iter().collect();
                    unseen.shuffle(&mut rng);
                    let l = s.hands[1].len();
                    s.hands[1] = unseen[..l].iter().copied().collect::<CardSet>();
                    s.hands[2] = unseen[l..].iter().copied().collect::<CardSet>();
                    let want = plain.move_values(&s);
                    for solver in &mut aged {
                        solver.age();
                        assert_eq!(solver.move_values(&s), want, "{name}: {s:?}");
                    }
                }
            }
        }
    }

    /// `move_values` searches each move in a window from the position's
    /// value and the twins already valued; each value must still be the
    /// child's own, searched alone on a solver without a table. (A bound
    /// off by one is harmless: fail-soft, a search failing at a bound the
    /// value equals returns the value; off by more it fails here.) Positions
    /// at every place in a trick, with twins, optional declarations (a lead
    /// both declared and not) and the house rules acting at a trick's end.
    #[test]
    fn move_values_are_each_childs_own_value() {
        let mut rng = random::rng(21);
        for name in [
            "standard",
            "pl",
            "ru",
            "pl trump_from=next_trick marriage_needs_trick=yes last_trick_bonus=10",
            "standard beat_seat=second partial_trump=yes",
            "players=2 last_musik=marriage",
            "players=2 declare=optional first_trick_marriage=yes marriage_needs_trick=yes",
        ] {
            let rules: Rules = name.parse().unwrap();
            let mut windowed = Solver::new(rules);
            let mut alone = Solver::with_table(rules, NoTable);
            for k in 0..120 {
                let start = testing::start(&mut rng, &rules);
                let s = random::play_random(&mut rng, &rules, start, 1 + k % 6, k % 3);
                if s.is_over() {
                    continue;
                }
                let got = windowed.move_values(&s);
                assert_eq!(got.len(), s.legal_moves(&rules).len());
                for (m, v) in got {
                    let mut child = s;
                    child.play(&rules, m);
                    assert_eq!(v, alone.value(&child), "{name}: {s:?} {m}");
                }
            }
        }
    }
}
