//! What the models see of a hand: a few numbers a player would count.

use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;
use crate::rules::Rules;

/// The number of hand features.
pub const HAND_FEATURES: usize = 9;

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
];

/// A hand's features, for the models of bids (seven cards) and of the
/// contract (the eight D kept).
pub fn hand_features(hand: CardSet, rules: &Rules) -> [f64; HAND_FEATURES] {
    let marriages: Vec<Suit> = hand.marriages().collect();
    let value = |s: Suit| rules.marriage_value(s);
    let best = marriages.iter().copied().max_by_key(|&s| value(s));
    let count = |r: Rank| hand.iter().filter(|c| c.rank() == r).count() as f64;
    let ace_ten = Suit::ALL
        .iter()
        .filter(|&&s| {
            let suit = hand.suit(s);
            suit.contains(Card::new(s, Rank::Ace)) && suit.contains(Card::new(s, Rank::Ten))
        })
        .count() as f64;
    let longest = Suit::ALL
        .iter()
        .map(|&s| hand.suit(s).len())
        .max()
        .unwrap_or(0) as f64;
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
    ]
}

/// The contract's features: the kept cards' and D's double-dummy points
/// on the layout from the first lead (what D's own sampling estimates).
pub const CONTRACT_FEATURES: usize = HAND_FEATURES + 1;

/// The name of the last contract feature.
pub const DD_FEATURE: &str = "dd_points/10";

/// The features D's contract is judged by.
pub fn contract_features(kept: CardSet, dd: u16, rules: &Rules) -> Vec<f64> {
    let mut f = hand_features(kept, rules).to_vec();
    f.push(f64::from(dd) / 10.0);
    f
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
    let married = matches!(card.rank(), Rank::King | Rank::Queen) && ten.has_marriage(s);
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
        let f = hand_features(cards("AH TH KH QH AD 9C JS"), &Rules::STANDARD);
        assert_eq!(f, [1.0, 4.1, 10.0, 10.0, 2.0, 1.0, 4.0, 1.0, 4.0]);
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
