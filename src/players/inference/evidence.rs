//! What a view holds of the others' decisions, as intervals of their hands'
//! levels and the card D gave.

use crate::engine::card::Card;
use crate::engine::deal::Give;
use crate::engine::rules::Rules;
use crate::engine::seat::Seat;
use crate::game::auction::Call;
use crate::view::{Layout, View};

use super::model::{Interval, Model, Temper};

/// The others' decisions a seat saw.
#[derive(Clone, Debug, PartialEq)]
pub struct Evidence {
    pub rules: Rules,
    /// For each seat (D L R) other than the viewer, what its calls say of
    /// its seven cards' level.
    pub bidders: [Interval; 3],
    /// What D's contract says of its kept eight cards' level (defenders only).
    pub contract: Option<Interval>,
    /// The contract itself, which D's kept cards must allow.
    pub announced: Option<u16>,
    /// For a defender under `musik=pass`: the card D gave it.
    pub gift: Option<Card>,
    /// For a defender who saw it: D's first lead.
    pub lead: Option<Card>,
}

impl Evidence {
    /// What `view` shows of the others.
    pub fn of(view: &View) -> Evidence {
        let rules = view.rules;
        let open = Interval::between(None, None);
        let mut bidders = [open; 3];
        for seat in Seat::ALL {
            if seat != view.seat {
                bidders[seat.index()] = calls_say(&rules, &view.bids, seat);
            }
        }
        let announced = match view.seat {
            Seat::D => None,
            _ => view.contract,
        };
        let contract = announced.map(|c| contract_says(&rules, view.bid.unwrap_or(100), c));
        Evidence {
            rules,
            bidders,
            contract,
            announced,
            gift: if view.seat == Seat::D { None } else { view.got },
            lead: match view.plays.first() {
                Some(s) if view.seat != Seat::D && s.seat == Seat::D => Some(s.card),
                _ => None,
            },
        }
    }

    /// Nothing to read: every layout weighs the same.
    pub fn is_empty(&self) -> bool {
        self.bidders.iter().all(|i| i.is_open())
            && self.contract.is_none()
            && self.gift.is_none()
            && self.lead.is_none()
    }

    /// The likelihood of the others' decisions on `layout`, as a
    /// logarithm, each kind tempered by the model's [`Temper`]: each
    /// depends on the decider's cards alone, as its own choice did, so no
    /// layout needs a search to be weighed. −∞ where the rules forbid a
    /// decision on the layout.
    pub fn log_weight(&self, model: &Model, layout: &Layout) -> f64 {
        self.log_weight_above(model, layout, f64::NEG_INFINITY)
    }

    /// [`Evidence::log_weight`], or −∞ as soon as the terms worked out so
    /// far fall below `floor`: every term is a log-chance, at most 0, so
    /// the rest can only lower it. The calls and the contract, cheap and
    /// sharp, come first; the gift's 45 pairs, the dearest, only for a
    /// layout still above the floor.
    pub fn log_weight_above(&self, model: &Model, layout: &Layout, floor: f64) -> f64 {
        let t = &model.temper;
        let factors = [t.bids, t.contract_raised, t.contract_held, t.gift, t.lead];
        let mut sum = 0.0;
        for (kind, f) in factors.into_iter().enumerate() {
            let x = self.term(model, layout, kind);
            sum += Temper::apply(f, x);
            if sum < floor {
                return f64::NEG_INFINITY;
            }
        }
        sum
    }

    /// The log-likelihood of each kind of decision on `layout`, untempered:
    /// the bids, a raised contract, a contract held at the bid, the gift,
    /// the first lead; 0 for a kind the view did not see.
    pub fn terms(&self, model: &Model, layout: &Layout) -> [f64; TERMS] {
        std::array::from_fn(|kind| self.term(model, layout, kind))
    }

    /// Term `kind` of [`Evidence::terms`], worked out alone.
    fn term(&self, model: &Model, layout: &Layout, kind: usize) -> f64 {
        let rules = &self.rules;
        let kept = layout.start.hands[0];
        match kind {
            0 => Seat::ALL
                .into_iter()
                .filter(|seat| !self.bidders[seat.index()].is_open())
                .map(|seat| {
                    let i = self.bidders[seat.index()];
                    libm::log(model.bid_chance(layout.deal.hands[seat.index()], rules, i))
                })
                .sum(),
            1 | 2 => match (self.contract, self.announced) {
                // Raised (with a lower end: term 1) or held at the bid (term 2).
                (Some(i), Some(c)) if kind == usize::from(i.low.is_none()) + 1 => {
                    libm::log(model.contract_chance(kept, rules, c, i))
                }
                _ => 0.0,
            },
            3 => match (self.gift, layout.exchange.give) {
                (Some(_), Give::Pass(a, b)) => {
                    libm::log(model.gift_chance(kept.with(a).with(b), a, b, rules))
                }
                _ => 0.0,
            },
            _ => match self.lead {
                Some(card) => libm::log(model.lead.chance(kept, card, rules)),
                None => 0.0,
            },
        }
    }
}

/// The kinds of decision read: bids, contract raised, contract held, gift,
/// lead.
pub const TERMS: usize = 5;

/// What D's contract over the bid it won says of its kept cards' level:
/// raised, the contract up to the next level; not raised, below the next.
pub(crate) fn contract_says(rules: &Rules, bid: u16, contract: u16) -> Interval {
    if contract > bid {
        Interval::between(Some(contract), Some(contract + rules.step_at(contract)))
    } else {
        Interval::below(bid + rules.step_at(bid))
    }
}

/// What `seat`'s calls say of its level: at least its highest bid of its
/// own choosing, below the level it passed at. A blind bid is made without
/// looking, and the forced opening is no choice: neither says anything.
pub(crate) fn calls_say<T: PartialEq + Copy>(
    rules: &Rules,
    bids: &[(T, Call)],
    seat: T,
) -> Interval {
    let opening = bids.iter().position(|(_, c)| c.level().is_some());
    let mut high: Option<u16> = None;
    let mut low = None;
    let mut passed = None;
    for (i, &(s, call)) in bids.iter().enumerate() {
        match call {
            Call::Bid(l) if s == seat && Some(i) != opening => low = Some(l),
            Call::Pass if s == seat && opening.is_some_and(|o| i > o) => {
                // It declined the lowest raise over the highest bid so far.
                passed = high.map(|h| h + rules.step_at(h));
            }
            _ => {}
        }
        if let Some(l) = call.level() {
            high = Some(l);
        }
    }
    Interval::between(low, passed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::parse_bids;

    #[test]
    fn calls_bound_a_level() {
        let r = Rules::STANDARD;
        let bids = parse_bids("L:100 R:110 D:120 L:pass R:130 D:140 R:pass").unwrap();
        // L opened (forced), passed facing 120 + 10.
        assert_eq!(
            calls_say(&r, &bids, Seat::L),
            Interval::between(None, Some(130))
        );
        // R bid 130, passed facing 150.
        assert_eq!(
            calls_say(&r, &bids, Seat::R),
            Interval::between(Some(130), Some(150))
        );
        // D won at 140.
        assert_eq!(calls_say(&r, &bids, Seat::D), Interval::at_least(140));
        // A blind bid says nothing.
        let blind = parse_bids("L:100 R:b110 D:pass L:pass").unwrap();
        assert!(calls_say(&r, &blind, Seat::R).is_open());
    }
}
