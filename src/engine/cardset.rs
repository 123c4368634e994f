//! A set of cards as one `u32`: a byte-wide lane per suit, a bit per rank.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub};
use std::str::FromStr;

use crate::engine::card::{Card, Rank, Suit};
use crate::engine::error::CardError;

/// A set of cards. Bit `suit * 8 + rank` holds the card; the top two bits of
/// every lane are always clear.
///
/// ```
/// use tysiac::{Card, CardSet, Suit};
/// let hand: CardSet = "AKQ.T9..AJ".parse().unwrap();
/// assert_eq!(hand.len(), 7);
/// assert!(hand.contains("KH".parse().unwrap()));
/// assert_eq!(hand.suit(Suit::Spades).to_string(), "...AJ");
/// assert_eq!(hand.points(), 11 + 4 + 3 + 10 + 0 + 11 + 2);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct CardSet(pub u32);

const LANE: u32 = 0x3F;
const fn rank_mask(rank: u32) -> u32 {
    0x0101_0101 << rank
}

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);
    /// All 24 cards.
    pub const ALL: CardSet = CardSet(0x3F3F_3F3F);

    pub const fn from_card(card: Card) -> CardSet {
        CardSet(1 << card.index())
    }

    /// The six cards of one suit.
    pub const fn full_suit(suit: Suit) -> CardSet {
        CardSet(LANE << (suit as u32 * 8))
    }

    /// The four cards of one rank.
    pub const fn full_rank(rank: Rank) -> CardSet {
        CardSet(rank_mask(rank as u32))
    }

    pub const fn bits(self) -> u32 {
        self.0
    }

    /// The 24 card bits packed together (lanes of 6), for compact keys.
    pub const fn compact(self) -> u32 {
        let b = self.0;
        (b & 0x3F) | ((b >> 2) & 0xFC0) | ((b >> 4) & 0x3_F000) | ((b >> 6) & 0xFC_0000)
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.index()) != 0
    }

    pub const fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | 1 << card.index())
    }

    pub const fn without(self, card: Card) -> CardSet {
        CardSet(self.0 & !(1 << card.index()))
    }

    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.index();
    }

    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.index());
    }

    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    pub const fn intersect(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    pub const fn minus(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    pub const fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The cards of this set in one suit.
    pub const fn suit(self, suit: Suit) -> CardSet {
        CardSet(self.0 & (LANE << (suit as u32 * 8)))
    }

    /// Cards of `card`'s suit ranked above it.
    pub const fn above(card: Card) -> CardSet {
        let i = card.index() as u32;
        let through_ace = (1u32 << ((i & !7) + 6)) - 1; // bits up to this suit's ace
        CardSet(through_ace & !((2u32 << i) - 1))
    }

    /// The lowest card (lowest suit, then lowest rank), if any.
    pub const fn lowest(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Card::from_index(self.0.trailing_zeros() as u8)
        }
    }

    /// The highest card (highest suit index, then highest rank), if any.
    pub const fn highest(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Card::from_index(31 - self.0.leading_zeros() as u8)
        }
    }

    /// Sum of the card points in the set.
    pub const fn points(self) -> u16 {
        let b = self.0;
        (2 * (b & rank_mask(1)).count_ones()
            + 3 * (b & rank_mask(2)).count_ones()
            + 4 * (b & rank_mask(3)).count_ones()
            + 10 * (b & rank_mask(4)).count_ones()
            + 11 * (b & rank_mask(5)).count_ones()) as u16
    }

    /// Suits in which the set holds both the king and the queen.
    pub fn marriages(self) -> impl Iterator<Item = Suit> {
        let both = (self.0 >> Rank::Queen as u32) & (self.0 >> Rank::King as u32) & 0x0101_0101;
        Suit::ALL
            .into_iter()
            .filter(move |s| both & (1 << (s.index() * 8)) != 0)
    }

    /// Does the set hold the king and queen of `suit`?
    pub const fn has_marriage(self, suit: Suit) -> bool {
        let kq = (1 << Rank::Queen as u32 | 1 << Rank::King as u32) << (suit as u32 * 8);
        self.0 & kq == kq
    }

    /// The cards, lowest index first.
    pub const fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }

    /// The cards in display order: suits H D C S, ranks high to low.
    pub fn iter_display(self) -> impl Iterator<Item = Card> {
        Suit::ALL.into_iter().flat_map(move |s| {
            let lane = self.suit(s);
            Rank::ALL
                .into_iter()
                .rev()
                .map(move |r| Card::new(s, r))
                .filter(move |c| lane.contains(*c))
        })
    }
}

/// Iterator over the cards of a [`CardSet`], lowest bit first.
#[derive(Clone, Debug)]
pub struct CardSetIter(u32);

impl Iterator for CardSetIter {
    type Item = Card;
    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Card::from_index(i as u8)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for c in iter {
            set.insert(c);
        }
        set
    }
}

impl From<Card> for CardSet {
    fn from(card: Card) -> CardSet {
        CardSet::from_card(card)
    }
}

impl BitOr for CardSet {
    type Output = CardSet;
    fn bitor(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 | rhs.0)
    }
}

impl BitOrAssign for CardSet {
    fn bitor_assign(&mut self, rhs: CardSet) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for CardSet {
    type Output = CardSet;
    fn bitand(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & rhs.0)
    }
}

impl BitAndAssign for CardSet {
    fn bitand_assign(&mut self, rhs: CardSet) {
        self.0 &= rhs.0;
    }
}

impl Sub for CardSet {
    type Output = CardSet;
    fn sub(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & !rhs.0)
    }
}

impl Not for CardSet {
    type Output = CardSet;
    /// The complement within the 24 cards.
    fn not(self) -> CardSet {
        CardSet(!self.0 & CardSet::ALL.0)
    }
}

impl fmt::Display for CardSet {
    /// Hand notation: `AKQ.T9..AJ` (suits H D C S, ranks high to low).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in Suit::ALL.into_iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            for r in Rank::ALL.into_iter().rev() {
                if self.contains(Card::new(s, r)) {
                    write!(f, "{}", r.char())?;
                }
            }
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardSet({self})")
    }
}

impl FromStr for CardSet {
    type Err = CardError;
    /// Reads the dotted form `AKQ.T9..AJ` or a list `AH,KH,QH` / `AH KH QH`. A card
    /// named twice is an error. `-` alone is the empty set.
    fn from_str(text: &str) -> Result<CardSet, CardError> {
        let s = text.trim();
        let mut set = CardSet::EMPTY;
        let add = |c: Card, set: &mut CardSet| {
            if set.contains(c) {
                Err(CardError::Duplicate(c))
            } else {
                set.insert(c);
                Ok(())
            }
        };
        if s.is_empty() || s == "-" {
            return Ok(set);
        }
        // A list of cards: commas, or (outside the notation's hand words,
        // which hold no spaces) spaces between the cards.
        let list = s.contains(',') || (!s.contains('.') && s.contains(char::is_whitespace));
        if list || (!s.contains('.') && s.parse::<Card>().is_ok()) {
            for part in s.split(|c: char| c == ',' || c.is_whitespace()) {
                let part = part.trim();
                if part.is_empty() {
                    continue;
                }
                add(part.parse()?, &mut set)?;
            }
            return Ok(set);
        }
        let lanes: Vec<&str> = s.split('.').collect();
        if lanes.len() != 4 {
            return Err(CardError::BadHand(
                s.escape_debug().to_string(),
                format!(
                    "has {} suit{}, needs 4 separated by dots (AKQ.T9..AJ), \
                     or a list of cards (AH,KH,QH or AH KH QH)",
                    lanes.len(),
                    if lanes.len() == 1 { "" } else { "s" }
                ),
            ));
        }
        for (suit, lane) in Suit::ALL.into_iter().zip(lanes) {
            let mut chars = lane.chars().peekable();
            while let Some(ch) = chars.next() {
                let rank = if ch == '1' && chars.peek() == Some(&'0') {
                    chars.next();
                    Rank::Ten
                } else {
                    Rank::from_char(ch).ok_or_else(|| {
                        // Escaped, so that a stray control character shows.
                        CardError::BadHand(
                            s.escape_debug().to_string(),
                            format!("'{}' is not a rank (9 J Q K T A)", ch.escape_debug()),
                        )
                    })?
                };
                add(Card::new(suit, rank), &mut set)?;
            }
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn above_stays_in_the_suit() {
        assert_eq!(CardSet::above(card("QH")).to_string(), "ATK...");
        assert_eq!(CardSet::above(card("AS")), CardSet::EMPTY);
        assert_eq!(CardSet::above(card("9S")).to_string(), "...ATKQJ");
        assert_eq!(CardSet::above(card("TD")).to_string(), ".A..");
    }

    #[test]
    fn hand_forms_agree() {
        let a: CardSet = "AKQ.T9..AJ".parse().unwrap();
        let b: CardSet = "AH,KH,QH,TD,9D,AS,JS".parse().unwrap();
        assert_eq!(a, b);
        assert_eq!(a.iter().len(), 7);
        assert_eq!("..Q.K9".parse::<CardSet>().unwrap().len(), 3);
        assert_eq!("a10.9..".parse::<CardSet>().unwrap().to_string(), "AT.9..");
    }

    #[test]
    fn rejects_bad_hands() {
        assert!("AKQ.T9.AJ".parse::<CardSet>().is_err());
        assert!("AA...".parse::<CardSet>().is_err());
        assert!("AX...".parse::<CardSet>().is_err());
        assert!("AH,AH".parse::<CardSet>().is_err());
        let e = "A...\u{0}".parse::<CardSet>().unwrap_err().to_string();
        assert!(e.contains("'\\0' is not a rank"), "{e}");
        // Suit symbols are not escaped away.
        assert!("A♥..."
            .parse::<CardSet>()
            .unwrap_err()
            .to_string()
            .contains("'♥'"));
    }

    #[test]
    fn marriages_found() {
        let h: CardSet = "KQ9.K.QK.Q".parse().unwrap();
        let m: Vec<Suit> = h.marriages().collect();
        assert_eq!(m, vec![Suit::Hearts, Suit::Clubs]);
        assert!(h.has_marriage(Suit::Clubs) && !h.has_marriage(Suit::Spades));
    }

    #[test]
    fn compact_keeps_every_card_apart() {
        let mut seen = 0u32;
        for c in Card::all() {
            let bit = CardSet::from_card(c).compact();
            assert_eq!(bit.count_ones(), 1);
            assert!(bit < 1 << 24 && seen & bit == 0, "{c}");
            seen |= bit;
        }
    }

    #[test]
    fn complement_and_points() {
        assert_eq!((!CardSet::EMPTY), CardSet::ALL);
        assert_eq!(CardSet::ALL.points(), 120);
        assert_eq!(CardSet::full_rank(Rank::Ace).points(), 44);
    }
}
