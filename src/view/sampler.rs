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

use rand::Rng;

use crate::engine::cardset::CardSet;
use crate::engine::deal::{Deal, Exchange, Give};
use crate::engine::moves::Move;
use crate::engine::rules::{LaidAway, Musik, Players};
use crate::engine::seat::Seat;
use crate::engine::state::State;

use super::count::{cases, pick, Counter, SLOTS};
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

/// Draws layouts that fit a view, uniformly over its hidden histories.
#[derive(Clone, Debug)]
pub struct Sampler<'a> {
    view: &'a View,
    cases: Vec<(Counter, u128)>,
}

impl<'a> Sampler<'a> {
    pub fn new(view: &'a View) -> Sampler<'a> {
        let k = view.knowledge();
        let s = k.sizes();
        let cases = cases(k.allowed, &k.clauses)
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
