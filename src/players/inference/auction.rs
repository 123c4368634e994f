//! Reading the others in the auction: what their calls so far say to a
//! bidder, as the likelihood of their seven cards.
//!
//! A bidder that heard "130" from its left knows that player holds a
//! marriage and more, and one that passed at 110 holds little; sampling
//! the unseen cards uniformly over the hard facts alone (a bid above 120
//! shows a marriage) forgets both. Each other bidder's calls bound its
//! hand's level (`evidence::calls_say`, as a seat reads them in
//! play), and the learned bid model ([`Model::bid_chance`]) gives the
//! chance of those calls from its seven cards: no search, so a layout is
//! weighed for the price of a lookup and the layouts a call is judged on
//! are drawn in proportion (`weigh::draw_in_proportion`).

use crate::engine::cardset::CardSet;
use crate::engine::rules::{Players, Rules};
use crate::game::auction::Call;

use super::evidence::calls_say;
use super::model::Temper;
use super::{Interval, Model};

/// What the other bidders' calls say of their hands, for one bidder.
#[derive(Clone, Debug, PartialEq)]
pub struct AuctionEvidence {
    rules: Rules,
    /// Each other bidder (its place in calling order) whose calls say
    /// something, with what they say.
    said: Vec<(usize, Interval)>,
}

impl AuctionEvidence {
    /// What the calls so far (bidders by place in calling order) say to
    /// bidder `me`. With two players nothing is read: the model is fitted
    /// on auctions of three (docs/inference.md).
    ///
    /// ```
    /// use tysiac::game::auction::Call;
    /// use tysiac::players::inference::AuctionEvidence;
    /// use tysiac::Rules;
    ///
    /// // 0 opened (forced), 1 bid 110, 2 passed; 0 is to call again.
    /// let calls = [(0, Call::Bid(100)), (1, Call::Bid(110)), (2, Call::Pass)];
    /// let heard = AuctionEvidence::of(&Rules::STANDARD, &calls, 0);
    /// // 1's raise and 2's pass each say something of their hands.
    /// assert_eq!(heard.bidders(), vec![1, 2]);
    /// ```
    pub fn of(rules: &Rules, calls: &[(usize, Call)], me: usize) -> AuctionEvidence {
        let seats = rules.seats();
        let said = if rules.players == Players::Two {
            Vec::new()
        } else {
            (0..seats)
                .filter(|&b| b != me)
                .map(|b| (b, calls_say(rules, calls, b)))
                .filter(|(_, i)| !i.is_open())
                .collect()
        };
        AuctionEvidence {
            rules: *rules,
            said,
        }
    }

    /// Nothing to read: every layout weighs the same.
    pub fn is_empty(&self) -> bool {
        self.said.is_empty()
    }

    /// The other bidders whose calls say something, in calling order.
    pub fn bidders(&self) -> Vec<usize> {
        self.said.iter().map(|&(b, _)| b).collect()
    }

    /// The log-likelihood of the others' calls when bidder `b` holds
    /// `hand(b)`, tempered as the model reads bids in play; −∞ where a
    /// call is impossible with those cards.
    pub fn log_weight(&self, model: &Model, hand: impl Fn(usize) -> CardSet) -> f64 {
        let sum: f64 = self
            .said
            .iter()
            .map(|&(b, i)| libm::log(model.bid_chance(hand(b), &self.rules, i)))
            .sum();
        Temper::apply(model.temper.bids, sum)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    #[test]
    fn a_high_bid_weighs_strong_hands_above_weak_ones() {
        let rules = Rules::STANDARD;
        let model = Model::shipped();
        // Bidder 1 raised to 140 over the forced opening; 2 is to call.
        let calls = [(0, Call::Bid(100)), (1, Call::Bid(140))];
        let heard = AuctionEvidence::of(&rules, &calls, 2);
        assert_eq!(heard.bidders(), vec![1]);
        let strong = cards("AKQ.AT.A.K");
        let weak = cards("9J.9J.9J.T");
        let w = |h: CardSet| heard.log_weight(model, |b| if b == 1 { h } else { CardSet::EMPTY });
        assert!(w(strong) > w(weak), "{} against {}", w(strong), w(weak));
        // 140 needs a marriage: without one the call is impossible.
        assert_eq!(w(weak), f64::NEG_INFINITY);
    }

    #[test]
    fn a_pass_weighs_weak_hands_above_strong_ones() {
        let rules = Rules::STANDARD;
        let model = Model::shipped();
        // 1 passed at 110 over the forced opening.
        let calls = [(0, Call::Bid(100)), (1, Call::Pass)];
        let heard = AuctionEvidence::of(&rules, &calls, 2);
        assert_eq!(heard.bidders(), vec![1]);
        let strong = cards("AKQ.AKQ.A.");
        let weak = cards("9J.9J.9J.9");
        let w = |h: CardSet| heard.log_weight(model, |_| h);
        assert!(w(weak) > w(strong), "{} against {}", w(weak), w(strong));
    }

    #[test]
    fn the_bids_are_tempered_as_in_play() {
        let rules = Rules::STANDARD;
        let calls = [(0, Call::Bid(100)), (1, Call::Bid(120))];
        let heard = AuctionEvidence::of(&rules, &calls, 2);
        let hand = cards("AKQ.AT.9.K");
        let (mut whole, mut half) = (Model::shipped().clone(), Model::shipped().clone());
        whole.temper.bids = 1.0;
        half.temper.bids = 0.5;
        let full = heard.log_weight(&whole, |_| hand);
        assert!(full < 0.0);
        assert!((heard.log_weight(&half, |_| hand) - full / 2.0).abs() < 1e-12);
        // A 140 without a marriage is impossible, even believed not at all.
        let raised = [(0, Call::Bid(100)), (1, Call::Bid(140))];
        let heard = AuctionEvidence::of(&rules, &raised, 2);
        let mut none = Model::shipped().clone();
        none.temper.bids = 0.0;
        let no_marriage = cards("AK.AT.9J.K");
        assert_eq!(heard.log_weight(&none, |_| no_marriage), f64::NEG_INFINITY);
        assert_eq!(heard.log_weight(&none, |_| hand), 0.0);
    }

    #[test]
    fn nothing_to_read() {
        let rules = Rules::STANDARD;
        // Only the forced opening: it says nothing.
        assert!(AuctionEvidence::of(&rules, &[(0, Call::Bid(100))], 1).is_empty());
        // Nor does a bidder's own call.
        let calls = [(0, Call::Bid(100)), (1, Call::Bid(120))];
        assert_eq!(
            AuctionEvidence::of(&rules, &calls, 1).bidders(),
            Vec::<usize>::new()
        );
        // With two players nothing is read.
        let two: Rules = "players=2".parse().unwrap();
        assert!(AuctionEvidence::of(&two, &calls, 0).is_empty());
    }
}
