//! What the models see of a hand: a few numbers a player would count.

use crate::engine::card::{Card, Rank, Suit};
use crate::engine::cardset::CardSet;
use crate::engine::rules::Rules;

/// The number of hand features.
pub const HAND_FEATURES: usize = 13;

/// Their names, in order (the model file lists them, to catch a mismatch).
pub const HAND_FEATURE_NAMES: [&str; HAND_FEATURES] = [
    "one",
    "points/10",
    "marriages/10",
    "best_marriage/10",
    "aces",
    "tens",
    "best_marriage_length",
    "ace_ten_suits",
    "longest_suit",
    "top_cards",
    "top_points/10",
    "loose_kings_queens",
    "short_suits",
];

/// The cards of `suit` in `hand` that no card outside the hand beats: the
/// run down from the ace.
fn top_run(hand: CardSet, suit: Suit) -> CardSet {
    let mut run = CardSet::EMPTY;
    for &r in Rank::ALL.iter().rev() {
        let c = Card::new(suit, r);
        if !hand.contains(c) {
            break;
        }
        run.insert(c);
    }
    run
}

/// Whether `card` is the king or queen of a marriage held in `hand`.
fn in_marriage(card: Card, hand: CardSet) -> bool {
    matches!(card.rank(), Rank::King | Rank::Queen) && hand.has_marriage(card.suit())
}

/// A hand's features, for the models of bids (seven cards) and of the
/// contract (the eight D kept): what a player counts, the marriages and
/// the sure tricks (the runs down from each ace) first.
pub fn hand_features(hand: CardSet, rules: &Rules) -> [f64; HAND_FEATURES] {
    let marriages: Vec<Suit> = hand.marriages().collect();
    let value = |s: Suit| rules.marriage_value(s);
    let best = marriages.iter().copied().max_by_key(|&s| value(s));
    let count = |r: Rank| hand.iter().filter(|c| c.rank() == r).count() as f64;
    let suits = |f: &dyn Fn(CardSet, Suit) -> bool| {
        Suit::ALL.iter().filter(|&&s| f(hand.suit(s), s)).count() as f64
    };
    let ace_ten = suits(&|suit, s| {
        suit.contains(Card::new(s, Rank::Ace)) && suit.contains(Card::new(s, Rank::Ten))
    });
    let longest = Suit::ALL
        .iter()
        .map(|&s| hand.suit(s).len())
        .max()
        .unwrap_or(0) as f64;
    let top = Suit::ALL
        .iter()
        .fold(CardSet::EMPTY, |t, &s| t.union(top_run(hand, s)));
    let loose = hand
        .iter()
        .filter(|&c| matches!(c.rank(), Rank::King | Rank::Queen) && !in_marriage(c, hand))
        .count() as f64;
    [
        1.0,
        f64::from(hand.points()) / 10.0,
        f64::from(marriages.iter().map(|&s| value(s)).sum::<u16>()) / 10.0,
        f64::from(best.map_or(0, value)) / 10.0,
        count(Rank::Ace),
        count(Rank::Ten),
        best.map_or(0, |s| hand.suit(s).len()) as f64,
        ace_ten,
        longest,
        top.len() as f64,
        f64::from(top.points()) / 10.0,
        loose,
        suits(&|suit, _| suit.len() <= 1),
    ]
}

/// The number of features of a card D leads to the first trick.
pub const LEAD_FEATURES: usize = 7;

pub const LEAD_FEATURE_NAMES: [&str; LEAD_FEATURES] = [
    "points/10",
    "in_marriage",
    "top",
    "suit_length",
    "suit_top_cards",
    "nine",
    "marriage_value/10",
];

/// The features of `card` as D's first lead from the eight cards `kept`:
/// a king or queen of a marriage declares it; a top card wins the trick.
pub fn lead_features(card: Card, kept: CardSet, rules: &Rules) -> [f64; LEAD_FEATURES] {
    let s = card.suit();
    let married = in_marriage(card, kept);
    let run = top_run(kept, s);
    [
        f64::from(card.points()) / 10.0,
        f64::from(u8::from(married)),
        f64::from(u8::from(run.contains(card))),
        kept.suit(s).len() as f64,
        run.len() as f64,
        f64::from(u8::from(card.rank() == Rank::Nine)),
        if married {
            f64::from(rules.marriage_value(s)) / 10.0
        } else {
            0.0
        },
    ]
}

/// The number of features of a card D gave away.
pub const GIFT_FEATURES: usize = 6;

pub const GIFT_FEATURE_NAMES: [&str; GIFT_FEATURES] = [
    "points/10",
    "in_marriage",
    "ace",
    "suit_length",
    "suit_has_ace",
    "nine",
];

/// The features of `card` as one D could give away from `ten`.
pub fn gift_features(card: Card, ten: CardSet) -> [f64; GIFT_FEATURES] {
    let s = card.suit();
    let married = in_marriage(card, ten);
    [
        f64::from(card.points()) / 10.0,
        f64::from(u8::from(married)),
        f64::from(u8::from(card.rank() == Rank::Ace)),
        ten.suit(s).len() as f64,
        f64::from(u8::from(ten.contains(Card::new(s, Rank::Ace)))),
        f64::from(u8::from(card.rank() == Rank::Nine)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(s: &str) -> CardSet {
        s.split_whitespace().map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn counts_a_hand() {
        // AH TH KH QH (hearts marriage 100), AD, 9C, JS: 11+10+4+3+11+0+2 = 41.
        // Top runs: AH TH KH QH and AD (39 points); one card in three suits.
        let f = hand_features(cards("AH TH KH QH AD 9C JS"), &Rules::STANDARD);
        assert_eq!(
            f,
            [1.0, 4.1, 10.0, 10.0, 2.0, 1.0, 4.0, 1.0, 4.0, 5.0, 3.9, 0.0, 3.0]
        );
        // KS without QS and QD without KD are loose; TS is no top card
        // without AS; hearts, void, is the one short suit.
        let g = hand_features(cards("KS TS 9S QD JD AC TC 9C"), &Rules::STANDARD);
        assert_eq!(&g[9..], &[2.0, 2.1, 2.0, 1.0]);
    }

    #[test]
    fn describes_a_lead() {
        let kept = cards("AH TH KH QH AD 9C JS 9S");
        let r = &Rules::STANDARD;
        // KH declares the hearts marriage (100) and is in the top run.
        assert_eq!(
            lead_features("KH".parse().unwrap(), kept, r),
            [0.4, 1.0, 1.0, 4.0, 4.0, 0.0, 10.0]
        );
        // AH is in the marriage's suit but declares nothing.
        assert_eq!(
            lead_features("AH".parse().unwrap(), kept, r),
            [1.1, 0.0, 1.0, 4.0, 4.0, 0.0, 0.0]
        );
        // 9S: a nine in a suit of two with no top card.
        assert_eq!(
            lead_features("9S".parse().unwrap(), kept, r),
            [0.0, 0.0, 0.0, 2.0, 0.0, 1.0, 0.0]
        );
    }

    #[test]
    fn describes_a_gift() {
        let ten = cards("AH TH KH QH AD 9C JS 9S QS KD");
        // KH is in the heart marriage; QS is not (no KS).
        assert_eq!(
            gift_features("KH".parse().unwrap(), ten),
            [0.4, 1.0, 0.0, 4.0, 1.0, 0.0]
        );
        assert_eq!(
            gift_features("9S".parse().unwrap(), ten),
            [0.0, 0.0, 0.0, 3.0, 0.0, 1.0]
        );
    }
}
