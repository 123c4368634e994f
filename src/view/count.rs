//! Counting the assignments of unseen cards to slots that fit what a seat
//! knows: each card in one of its allowed slots, each slot's size met, and
//! every clause ("one of these aces is missing") kept. The sampler walks the
//! same counts to draw uniformly (docs/view.md).

use ahash::AHashMap;
use rand::seq::SliceRandom;
use rand::Rng;

use crate::engine::card::Card;
use crate::engine::cardset::CardSet;

/// The most slots a view has: four, for a defender's view of a two-player
/// hand under `laid_away=split` (docs/view.md); three-seat views use three.
pub(crate) const SLOTS: usize = 4;

/// Room (or cards) per slot.
pub(crate) type Room = [u8; SLOTS];

/// Assignments of cards of one type each to a set of slots.
#[derive(Clone, Debug)]
pub(crate) struct Counter {
    sizes: Room,
    types: Vec<(u8, Vec<Card>)>,
    /// For each state (type `j`, room left) the count visited: its number
    /// of assignments, and the splits of type `j` that lead somewhere, each
    /// with its number, in the order of [`Counter::splits`]. The splits are
    /// kept so that a draw does not work them out again: a weighted
    /// decision draws thousands.
    memo: AHashMap<(usize, Room), (u128, Splits)>,
}

/// Splits of one type over the slots, each with its number of assignments.
type Splits = Vec<(Room, u128)>;

impl Counter {
    pub(crate) fn new(allowed: &[u8; 32], sizes: Room) -> Counter {
        let mut types: Vec<(u8, Vec<Card>)> = Vec::new();
        for (i, &mask) in allowed.iter().enumerate() {
            if mask == 0 {
                continue;
            }
            let card = Card::from_index(i as u8).expect("card index");
            match types.iter_mut().find(|(m, _)| *m == mask) {
                Some((_, cards)) => cards.push(card),
                None => types.push((mask, vec![card])),
            }
        }
        let mut c = Counter {
            sizes,
            types,
            memo: AHashMap::new(),
        };
        c.ways(0, sizes);
        c
    }

    pub(crate) fn total(&self) -> u128 {
        self.memo.get(&(0, self.sizes)).map_or(0, |m| m.0)
    }

    /// The splits of `n` cards over the slots in `mask` that fit `room`, in
    /// lexicographic order (the order draws have always used: the same seed
    /// draws the same three-seat layouts as before there were four slots).
    fn splits(n: u8, mask: u8, room: Room) -> Vec<Room> {
        fn go(i: usize, left: u8, mask: u8, room: &Room, k: &mut Room, out: &mut Vec<Room>) {
            let top = if mask >> i & 1 == 1 { room[i] } else { 0 };
            if i == SLOTS - 1 {
                if left <= top {
                    k[i] = left;
                    out.push(*k);
                }
                return;
            }
            for a in 0..=top.min(left) {
                k[i] = a;
                go(i + 1, left - a, mask, room, k, out);
            }
        }
        let mut out = Vec::new();
        go(0, n, mask, &room, &mut [0; SLOTS], &mut out);
        out
    }

    /// Assignments of types `j..` into `room` (which they must fill).
    fn ways(&mut self, j: usize, room: Room) -> u128 {
        if j == self.types.len() {
            return u128::from(room == [0; SLOTS]);
        }
        if let Some(m) = self.memo.get(&(j, room)) {
            return m.0;
        }
        let (mask, n) = (self.types[j].0, self.types[j].1.len() as u8);
        let mut options = Vec::new();
        for k in Counter::splits(n, mask, room) {
            let rest = less(room, k);
            let w = self.ways(j + 1, rest);
            if w > 0 {
                options.push((k, multinomial(n, k) * w));
            }
        }
        let total = options.iter().map(|o| o.1).sum();
        self.memo.insert((j, room), (total, options));
        total
    }

    /// One assignment, uniformly: the cards in each slot.
    pub(crate) fn sample<R: Rng>(&self, rng: &mut R) -> [CardSet; SLOTS] {
        let mut room = self.sizes;
        let mut out = [CardSet::EMPTY; SLOTS];
        for (j, (_, cards)) in self.types.iter().enumerate() {
            let (_, options) = self
                .memo
                .get(&(j, room))
                .expect("a draw walks only states the count visited");
            let k = pick(options, rng);
            let mut shuffled = cards.clone();
            shuffled.shuffle(rng);
            let mut at = 0;
            for (slot, &count) in k.iter().enumerate() {
                for &c in &shuffled[at..at + count as usize] {
                    out[slot].insert(c);
                }
                at += count as usize;
                room[slot] -= count;
            }
        }
        out
    }
}

/// The room left when `k` is taken from `room`.
fn less(room: Room, k: Room) -> Room {
    std::array::from_fn(|i| room[i] - k[i])
}

/// n! / (k0! k1! k2! k3!).
fn multinomial(n: u8, k: Room) -> u128 {
    let f = |m: u8| (1..=u128::from(m)).product::<u128>();
    f(n) / k.iter().map(|&m| f(m)).product::<u128>()
}

/// The disjoint cases the clauses split the assignments into: for each
/// clause, which of its literals is the first that holds.
pub(crate) fn cases(allowed: [u8; 32], clauses: &[Vec<(Card, u8)>]) -> Vec<[u8; 32]> {
    let mut out = vec![allowed];
    for clause in clauses {
        let mut next = Vec::new();
        for allowed in &out {
            for first in 0..clause.len() {
                let mut a = *allowed;
                for (i, &(card, bits)) in clause.iter().enumerate() {
                    let slot = &mut a[card.index() as usize];
                    if i < first {
                        *slot &= bits; // held: in one of these slots
                    } else if i == first {
                        *slot &= !bits; // the first one missing
                    }
                }
                let empty = clause
                    .iter()
                    .any(|&(c, _)| a[c.index() as usize] == 0 && allowed[c.index() as usize] != 0);
                if !empty {
                    next.push(a);
                }
            }
        }
        out = next;
    }
    out
}

/// How many assignments of the unseen cards fit: each card in one of its
/// `allowed` slots, `sizes` cards to each slot, and every clause (at least
/// one of its cards not in its slots) met.
pub(crate) fn count(allowed: [u8; 32], sizes: Room, clauses: &[Vec<(Card, u8)>]) -> u128 {
    cases(allowed, clauses)
        .iter()
        .map(|a| Counter::new(a, sizes).total())
        .sum()
}

/// The item whose weight range holds a uniform draw.
pub(crate) fn pick<T: Copy, R: Rng>(options: &[(T, u128)], rng: &mut R) -> T {
    let total: u128 = options.iter().map(|o| o.1).sum();
    let mut x = rng.gen_range(0..total);
    for &(item, w) in options {
        if x < w {
            return item;
        }
        x -= w;
    }
    unreachable!("the draw is below the total")
}
