//! What eight cards are worth to D: the mean of its double-dummy points
//! over random layouts of the other sixteen, as a learned sum over its
//! suits.
//!
//! D announces its contract from what its cards make over the layouts it
//! samples (`player::announce`), so the contract says how much the kept
//! cards are worth, and a few counted features pin that only bluntly. The
//! worth is learned from the solver itself (`tysiac inference train`
//! solves random hands over random layouts) and read as one more feature
//! of the contract model. A suit's holding (which of its six ranks D has)
//! adds the same points in any suit; the marriages add their values, and
//! the holding of the best marriage's suit, the likely trump, adds its own.

use serde::{Deserialize, Serialize};

use crate::engine::card::{Card, Rank, Suit};
use crate::engine::cardset::CardSet;
use crate::engine::rules::Rules;

/// The holdings of one suit: which of its six ranks are held.
const HOLDINGS: usize = 64;
/// The holdings of a suit with its marriage (K and Q held).
const MARRIED_HOLDINGS: usize = 16;

/// The number of worth features: one, a count per suit holding, the
/// marriages (their values, the best, how many), the best marriage's
/// holding, the marriages against the cards that win the lead back, the
/// best marriage against its suit's length, and the top cards.
pub const WORTH_FEATURES: usize = TOP + 3;

/// Which of `suit`'s ranks `hand` holds, as six bits from the nine up.
fn holding(hand: CardSet, suit: Suit) -> usize {
    Rank::ALL
        .iter()
        .enumerate()
        .filter(|&(_, &r)| hand.contains(Card::new(suit, r)))
        .fold(0, |h, (i, _)| h | 1 << i)
}

/// A married holding's index among the sixteen: its nine, jack, ten and
/// ace bits (the king and queen are held).
fn married_index(h: usize) -> usize {
    let bit = |r: Rank, to: usize| (h >> r as usize & 1) << to;
    bit(Rank::Nine, 0) | bit(Rank::Jack, 1) | bit(Rank::Ten, 2) | bit(Rank::Ace, 3)
}

/// The features of a hand that are not zero, as (index, value): at most
/// one intercept, four holdings, three marriage counts, one married
/// holding, four interactions and three top-card counts.
struct Terms {
    terms: [(usize, f64); 16],
    len: usize,
}

impl Terms {
    fn push(&mut self, index: usize, value: f64) {
        self.terms[self.len] = (index, value);
        self.len += 1;
    }

    fn iter(&self) -> impl Iterator<Item = &(usize, f64)> {
        self.terms[..self.len].iter()
    }
}

/// Where each group of features starts.
const MARRIAGES: usize = 1 + HOLDINGS;
const MARRIED: usize = MARRIAGES + 3;
const BY_TOP: usize = MARRIED + MARRIED_HOLDINGS;
const BEST_BY_TOP: usize = BY_TOP + 5;
const BY_ACES: usize = BEST_BY_TOP + 5;
const BY_LENGTH: usize = BY_ACES + 4;
const TOP: usize = BY_LENGTH + 7;

/// The holdings of a hand's four suits.
pub fn holdings(hand: CardSet) -> [usize; 4] {
    Suit::ALL.map(|s| holding(hand, s))
}

/// A holding's run down from the ace: the cards no card outside beats.
fn top_of(h: usize) -> usize {
    ((h as u32) << 26).leading_ones() as usize
}

/// Whether a holding has its marriage (K and Q).
fn married(h: usize) -> bool {
    let kq = 1 << Rank::King as usize | 1 << Rank::Queen as usize;
    h & kq == kq
}

/// The features of a hand (the eight cards D kept), given by its suits'
/// holdings, that are not zero.
///
/// A marriage is worth its value only if D wins the lead to declare it
/// (not on the first trick under standard rules): with no card that takes a
/// trick for sure, eight cards holding a marriage may take nothing. So the
/// marriages are also counted against the top cards (the runs down from
/// each ace) and the aces, and the best marriage, likely trump, against its
/// suit's length (each in a slot per count, the last for that many or more).
fn terms(h: [usize; 4], rules: &Rules) -> Terms {
    let mut t = Terms {
        terms: [(0, 0.0); 16],
        len: 0,
    };
    t.push(0, 1.0);
    for x in h {
        t.push(1 + x, 1.0);
    }
    let value = |i: usize| rules.marriage_value(Suit::ALL[i]);
    let wed = || (0..4).filter(|&i| married(h[i]));
    // The last of equal values, as `Iterator::max_by_key` picks.
    let best = wed().max_by_key(|&i| value(i));
    let total = f64::from(wed().map(value).sum::<u16>()) / 10.0;
    let best_value = f64::from(best.map_or(0, value)) / 10.0;
    let count = wed().count();
    let top: usize = h.iter().map(|&x| top_of(x)).sum();
    let aces = h
        .iter()
        .filter(|&&x| x >> Rank::Ace as usize & 1 == 1)
        .count();
    t.push(MARRIAGES, total);
    t.push(MARRIAGES + 1, best_value);
    t.push(MARRIAGES + 2, count as f64);
    if let Some(i) = best {
        t.push(MARRIED + married_index(h[i]), 1.0);
        t.push(BY_LENGTH + (h[i].count_ones() as usize).min(6), best_value);
    }
    t.push(BY_TOP + top.min(4), total);
    t.push(BEST_BY_TOP + top.min(4), best_value);
    t.push(BY_ACES + aces.min(3), total);
    t.push(TOP, top as f64);
    t.push(TOP + 1, (top * top) as f64);
    t.push(TOP + 2, (aces * count) as f64);
    t
}

/// The features of `hand` (the eight cards D kept), every one: see
/// `terms` for what they count.
pub fn worth_features(hand: CardSet, rules: &Rules) -> [f64; WORTH_FEATURES] {
    let mut f = [0.0; WORTH_FEATURES];
    for &(i, x) in terms(holdings(hand), rules).iter() {
        f[i] += x;
    }
    f
}

/// The learned worth: a weight per feature, in points.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Worth {
    pub weights: Vec<f64>,
}

impl Worth {
    /// The points `hand` is expected to take as D, leading to the first
    /// trick with eight cards each.
    pub fn of(&self, hand: CardSet, rules: &Rules) -> f64 {
        self.of_holdings(holdings(hand), rules)
    }

    /// The same, for the hand whose suits hold `h` (`holdings`): cheap
    /// enough to weigh every pair a hand of ten could give away.
    pub fn of_holdings(&self, h: [usize; 4], rules: &Rules) -> f64 {
        terms(h, rules)
            .iter()
            .map(|&(i, x)| self.weights[i] * x)
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(s: &str) -> CardSet {
        s.split_whitespace().map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn counts_holdings_and_marriages() {
        // Hearts A T K Q (bits K=3, Q=2, T=4, A=5: 0b111100 = 60), diamonds
        // K Q 9 (0b001101 = 13), clubs J (0b10 = 2), spades void (0).
        let hand = cards("AH TH KH QH KD QD 9D JC");
        let f = worth_features(hand, &Rules::STANDARD);
        assert_eq!(f[0], 1.0);
        assert_eq!((f[1 + 60], f[1 + 13], f[1 + 2], f[1]), (1.0, 1.0, 1.0, 1.0));
        assert_eq!(f[1..=HOLDINGS].iter().sum::<f64>(), 4.0);
        let m = 1 + HOLDINGS;
        // Marriages 100 + 80, the best 100, two of them.
        assert_eq!(&f[m..m + 3], &[18.0, 10.0, 2.0]);
        // The best marriage's suit holds T and A besides K Q: bits 2 and 3.
        let married = &f[m + 3..m + 3 + MARRIED_HOLDINGS];
        assert_eq!(married[0b1100], 1.0);
        assert_eq!(married.iter().sum::<f64>(), 1.0);
        // Top cards: A T K Q of hearts (no JH), none elsewhere; one ace.
        // The marriages (18) and the best (10) go in slot "4 top cards",
        // the marriages in slot "one ace", the best in slot "length 4".
        let rest = &f[m + 3 + MARRIED_HOLDINGS..];
        assert_eq!(&rest[..5], &[0.0, 0.0, 0.0, 0.0, 18.0]);
        assert_eq!(&rest[5..10], &[0.0, 0.0, 0.0, 0.0, 10.0]);
        assert_eq!(&rest[10..14], &[0.0, 18.0, 0.0, 0.0]);
        assert_eq!(&rest[14..21], &[0.0, 0.0, 0.0, 0.0, 10.0, 0.0, 0.0]);
        assert_eq!(&rest[21..], &[4.0, 16.0, 2.0]);
        // No marriage: nothing in the marriages' slots; AH TH AC top cards.
        let plain = worth_features(cards("AH TH KS QC 9D JD AC 9S"), &Rules::STANDARD);
        assert_eq!(
            plain[m..m + 21 + MARRIED_HOLDINGS + 3].iter().sum::<f64>(),
            0.0
        );
        assert_eq!(&plain[WORTH_FEATURES - 3..], &[3.0, 9.0, 0.0]);
    }

    #[test]
    fn counts_from_holdings_agree_with_the_hand_features() {
        // Top cards and marriages by holding bits against the hand
        // features' own counts (by cards), on random hands of eight.
        use crate::players::inference::hand_features;
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let r = Rules::STANDARD;
        for _ in 0..300 {
            let d = crate::engine::random::deal(&mut rng);
            let hand = d.hands[0].with(d.musik.lowest().unwrap());
            let f = worth_features(hand, &r);
            let h = hand_features(hand, &r);
            // hand_features: [2] marriages/10, [3] best/10, [9] top cards.
            assert_eq!(f[MARRIAGES], h[2], "{hand}");
            assert_eq!(f[MARRIAGES + 1], h[3], "{hand}");
            assert_eq!(f[TOP], h[9], "{hand}");
            assert_eq!(f[TOP + 2], h[4] * hand.marriages().count() as f64);
        }
    }

    #[test]
    fn the_worth_is_the_weighted_sum() {
        let mut weights = vec![0.0; WORTH_FEATURES];
        weights[0] = 50.0;
        weights[1 + 1 + HOLDINGS] = 2.0; // per ten points of the best marriage
        let w = Worth { weights };
        let hand = cards("AH TH KH QH 9C JC 9S JS");
        assert!((w.of(hand, &Rules::STANDARD) - 70.0).abs() < 1e-9);
    }
}
