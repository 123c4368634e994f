//! Random starts for the solver's tests, of three players or two: the
//! crate's `random::start` deals only three.

use rand::seq::SliceRandom;
use rand::Rng;

use crate::engine::card::Card;
use crate::engine::cardset::CardSet;
use crate::engine::deal::Deal;
use crate::engine::rules::{Declare, Players, Rules};
use crate::engine::state::State;

/// A random deal and a random exchange (a lay-away with two players)
/// under `rules`: the state at the first lead. Two players' hands that
/// would offer more moves than `MoveList` holds (ten cards, seven of
/// them declaring, with `declare=optional`) are dealt again.
pub fn start(rng: &mut impl Rng, rules: &Rules) -> State {
    if rules.players == Players::Three {
        return crate::engine::random::start(rng, rules);
    }
    loop {
        let mut cards: Vec<Card> = Card::all().collect();
        cards.shuffle(rng);
        let set = |r: std::ops::Range<usize>| cards[r].iter().copied().collect::<CardSet>();
        let deal = Deal::two(set(0..10), set(10..20), set(20..22), set(22..24));
        let exchanges = deal.exchanges(rules);
        let e = exchanges[crate::engine::random::index(rng, exchanges.len())];
        let s = deal
            .after(rules, &e)
            .expect("generated exchanges are legal");
        let declaring = |h: CardSet| {
            let aces = CardSet::full_rank(crate::engine::card::Rank::Ace);
            2 * h.marriages().count()
                + if rules.ace_marriage > 0 && aces.is_subset(h) {
                    4
                } else {
                    0
                }
        };
        let crowded = rules.declare == Declare::Optional
            && s.hands.iter().any(|&h| h.len() + declaring(h) > 16);
        if !crowded {
            return s;
        }
    }
}

/// Two-player rule sets that between them turn on every switch of the
/// play.
pub fn two_player_rules() -> Vec<Rules> {
    [
        "players=2",
        "players=2 last_musik=marriage laid_away=declarer",
        "players=2 must_beat=no must_trump=no declare=optional",
        "players=2 trump=chosen last_trick_bonus=10",
        "players=2 first_trick_marriage=yes marriage_needs_trick=yes trump_from=next_trick",
        "players=2 ace_marriage=200 partial_trump=yes beat_after_trump=no last_musik=marriage",
    ]
    .iter()
    .map(|t| t.parse().unwrap())
    .collect()
}
