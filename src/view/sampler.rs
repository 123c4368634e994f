//! Layouts of the unseen cards, drawn uniformly over the hidden histories
//! that fit a view, exactly and without rejection.
//!
//! Cards that may go to the same slots are of one *type* (at most seven
//! types for three slots, fifteen for the four of a defender's view of a
//! two-player hand). The number of assignments that fit is a sum over
//! how many cards of each type go to each slot of products of multinomial
//! coefficients; a memo over (type, room left in each slot) counts it, and a
//! sample walks the same memo, choosing each type's split with probability
//! proportional to the assignments it leaves, then which cards by a shuffle.
//! A clause ("one of these aces is missing") splits the assignments into
//! disjoint cases (the first missing ace is the first, the second ...), each
//! counted the same way.

use ahash::AHashMap;
use rand::seq::SliceRandom;
use rand::Rng;

use crate::engine::card::Card;
use crate::engine::cardset::CardSet;
use crate::engine::deal::{Deal, Exchange, Give};
use crate::engine::moves::Move;
use crate::engine::rules::{LaidAway, Musik, Players};
use crate::engine::seat::Seat;
use crate::engine::state::State;

use super::knowledge::Knowledge;
use super::View;

/// One layout of the unseen cards that fits a view: the whole hand as a
/// history (deal, exchange, the moves so far) and the state it reaches.
/// With two players `start` is a [`State::two`]: D's and L's ten cards, D's
/// points from the cards laid away and the musik the last trick takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub deal: Deal,
    pub exchange: Exchange,
    /// The state at the first lead.
    pub start: State,
    /// The moves so far, declarations resolved.
    pub moves: Vec<Move>,
    /// The state now.
    pub state: State,
}

/// The most slots a view has: four, for a defender's view of a two-player
/// hand under `laid_away=split` (docs/view.md); three-seat views use three.
pub const SLOTS: usize = 4;

/// Room (or cards) per slot.
type Room = [u8; SLOTS];

/// Assignments of cards of one type each to a set of slots.
#[derive(Clone, Debug)]
struct Counter {
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
    fn new(allowed: &[u8; 32], sizes: Room) -> Counter {
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

    fn total(&self) -> u128 {
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
    fn sample<R: Rng>(&self, rng: &mut R) -> [CardSet; SLOTS] {
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

/// The item whose weight range holds a uniform draw.
fn pick<T: Copy, R: Rng>(options: &[(T, u128)], rng: &mut R) -> T {
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

/// The room left when `k` is taken from `room`.
fn less(room: Room, k: Room) -> Room {
    std::array::from_fn(|i| room[i] - k[i])
}

/// n! / (k0! k1! k2! k3!).
fn multinomial(n: u8, k: Room) -> u128 {
    let f = |m: u8| (1..=u128::from(m)).product::<u128>();
    f(n) / k.iter().map(|&m| f(m)).product::<u128>()
}

fn sizes(k: &Knowledge) -> Room {
    let mut s = [0u8; SLOTS];
    for (i, slot) in k.slots.iter().enumerate() {
        s[i] = slot.size as u8;
    }
    s
}

/// The disjoint cases the clauses split the assignments into: for each
/// clause, which of its literals is the first that holds.
fn cases(k: &Knowledge) -> Vec<[u8; 32]> {
    let mut out = vec![k.allowed];
    for clause in &k.clauses {
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

/// How many assignments of the unseen cards fit what `k` knows.
pub(crate) fn count(k: &Knowledge) -> u128 {
    let s = sizes(k);
    cases(k).iter().map(|a| Counter::new(a, s).total()).sum()
}

/// Draws layouts that fit a view, uniformly over its hidden histories.
#[derive(Clone, Debug)]
pub struct Sampler<'a> {
    view: &'a View,
    cases: Vec<(Counter, u128)>,
}

impl<'a> Sampler<'a> {
    pub fn new(view: &'a View) -> Sampler<'a> {
        let k = view.knowledge();
        let s = sizes(k);
        let cases = cases(k)
            .iter()
            .map(|a| {
                let c = Counter::new(a, s);
                let w = c.total();
                (c, w)
            })
            .filter(|(_, w)| *w > 0)
            .collect();
        Sampler { view, cases }
    }

    /// The number of hidden histories (up to a factor that is the same for
    /// every one) that fit the view: at least 1.
    pub fn count(&self) -> u128 {
        self.cases.iter().map(|c| c.1).sum()
    }

    /// The cards in each slot of one uniform draw.
    pub fn draw_slots<R: Rng>(&self, rng: &mut R) -> [CardSet; SLOTS] {
        let options: Vec<(usize, u128)> = self
            .cases
            .iter()
            .enumerate()
            .map(|(i, c)| (i, c.1))
            .collect();
        let case = pick(&options, rng);
        self.cases[case].0.sample(rng)
    }

    /// One layout, uniformly over the hidden histories that fit.
    pub fn sample<R: Rng>(&self, rng: &mut R) -> Layout {
        let slots = self.draw_slots(rng);
        self.layout(slots)
            .unwrap_or_else(|e| panic!("a sampled layout replays the view: {e}"))
    }

    /// The layout that puts the unseen cards in these slots.
    pub fn layout(&self, slots: [CardSet; SLOTS]) -> Result<Layout, String> {
        let v = self.view;
        let k = v.knowledge();
        let rules = &v.rules;
        let own = v.hand;
        if rules.players == Players::Two {
            return self.layout_two(slots);
        }
        let (hands7, musik, give) = match v.seat {
            Seat::D => {
                let (l, r) = (slots[0], slots[1]);
                let ten = match v.given {
                    Some(Give::Pass(a, b) | Give::LayAway(a, b)) => own.with(a).with(b),
                    Some(Give::Discard(x)) => own | x,
                    None => own,
                };
                match v.given {
                    Some(give) => {
                        let musik = v.musik.unwrap_or_else(|| lowest(ten, 3));
                        ([ten.minus(musik), l, r], musik, give)
                    }
                    None => {
                        // A deal written after the exchange: no musik known.
                        let start = State::new([own, l, r], Seat::D, v.chosen_trump, [0; 3]);
                        return finish(v, None, start);
                    }
                }
            }
            defender => {
                let other_hand;
                let (ten, give) = match rules.musik {
                    Musik::Pass => {
                        let x = slots[2].lowest().expect("one card given");
                        let got = k.got.unwrap_or_else(|| own.lowest().expect("a hand"));
                        other_hand = slots[1];
                        let ten = slots[0].with(got).with(x);
                        let give = if defender == Seat::L {
                            Give::Pass(got, x)
                        } else {
                            Give::Pass(x, got)
                        };
                        (ten, give)
                    }
                    Musik::Discard => {
                        other_hand = slots[1];
                        (slots[0] | slots[2], Give::Discard(slots[2]))
                    }
                };
                let got = match give {
                    Give::Pass(a, b) => CardSet::from_card(if defender == Seat::L { a } else { b }),
                    Give::Discard(_) | Give::LayAway(..) => CardSet::EMPTY,
                };
                let musik = v.musik.unwrap_or_else(|| lowest(ten, 3));
                let own7 = own.minus(got);
                let hands = if defender == Seat::L {
                    [ten.minus(musik), own7, other_hand]
                } else {
                    [ten.minus(musik), other_hand, own7]
                };
                (hands, musik, give)
            }
        };
        let deal = Deal::new(hands7, musik);
        let exchange = Exchange {
            give,
            trump: v.chosen_trump,
        };
        let start = deal.after(rules, &exchange)?;
        finish(v, Some((deal, exchange)), start)
    }
}

impl Sampler<'_> {
    /// [`Sampler::layout`] with two players: the deal (D's ten, L's ten, the
    /// musik, the other musik) and the cards laid away. An unshown musik is
    /// stood in by the two lowest of D's twelve: which two it was changes
    /// nothing that follows (docs/view.md).
    fn layout_two(&self, slots: [CardSet; SLOTS]) -> Result<Layout, String> {
        let v = self.view;
        let rules = &v.rules;
        let one = |set: CardSet| set.lowest().ok_or("an empty slot of one card");
        let (d_now, l_ten, first, second, other_musik) = match v.seat {
            Seat::D => {
                let Some(Give::LayAway(a, b)) = v.given else {
                    return Err("D's view of a two-player hand names the cards laid away".into());
                };
                (v.hand, slots[0], a, b, slots[1])
            }
            _ => match rules.laid_away {
                LaidAway::Split => (slots[0], v.hand, one(slots[1])?, one(slots[2])?, slots[3]),
                LaidAway::Declarer => {
                    let a = one(slots[1])?;
                    let b = one(slots[1].without(a))?;
                    (slots[0], v.hand, a, b, slots[2])
                }
            },
        };
        let twelve = d_now.with(first).with(second);
        let musik = v.musik.unwrap_or_else(|| lowest(twelve, 2));
        let deal = Deal::two(twelve.minus(musik), l_ten, musik, other_musik);
        let exchange = Exchange {
            give: Give::LayAway(first, second),
            trump: v.chosen_trump,
        };
        let start = deal.after(rules, &exchange)?;
        finish(v, Some((deal, exchange)), start)
    }
}

/// The `n` lowest cards of `set` (a stand-in musik where which three cards
/// it was changes nothing that follows).
fn lowest(set: CardSet, n: usize) -> CardSet {
    set.iter().take(n).collect()
}

/// Replays the view's moves from `start`.
fn finish(v: &View, dealt: Option<(Deal, Exchange)>, start: State) -> Result<Layout, String> {
    let moves = v.moves_for(&start)?;
    let mut state = start;
    for &m in &moves {
        state.play(&v.rules, m);
    }
    let (deal, exchange) = dealt.unwrap_or_else(|| {
        // Written after the exchange: a stand-in deal and exchange that give
        // the same first lead (D's two lowest cards given back).
        let d = start.hands[0];
        let (a, b) = (start.hands[1].lowest(), start.hands[2].lowest());
        let (a, b) = (a.expect("L holds cards"), b.expect("R holds cards"));
        let ten = d.with(a).with(b);
        let musik = lowest(
            ten.minus(CardSet::from_card(a))
                .minus(CardSet::from_card(b)),
            1,
        )
        .with(a)
        .with(b);
        let deal = Deal::new(
            [
                ten.minus(musik),
                start.hands[1].without(a),
                start.hands[2].without(b),
            ],
            musik,
        );
        let exchange = Exchange {
            give: Give::Pass(a, b),
            trump: start.trump,
        };
        (deal, exchange)
    });
    Ok(Layout {
        deal,
        exchange,
        start,
        moves,
        state,
    })
}
