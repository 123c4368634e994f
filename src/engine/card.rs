//! Suits, ranks and cards.

use std::fmt;
use std::str::FromStr;

use crate::engine::error::{clip, MESSAGE, QUOTE};

/// A card, suit or hand that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CardError {
    #[error("'{}' is not a card (rank 9 J Q K T A, then suit H D C S)", clip(.0, QUOTE))]
    BadCard(String),
    #[error("'{}' is not a suit (H D C S)", clip(.0, QUOTE))]
    BadSuit(String),
    #[error("hand '{}' {}", clip(.0, QUOTE), clip(.1, MESSAGE))]
    BadHand(String, String),
    #[error("{0} is named twice")]
    Duplicate(Card),
}

/// A suit, in the order of its marriage value: hearts, diamonds, clubs, spades.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    Hearts = 0,
    Diamonds = 1,
    Clubs = 2,
    Spades = 3,
}

impl Suit {
    /// All suits in notation order (H, D, C, S).
    pub const ALL: [Suit; 4] = [Suit::Hearts, Suit::Diamonds, Suit::Clubs, Suit::Spades];

    /// The suit with index `i` (0 = hearts ... 3 = spades).
    pub const fn from_index(i: usize) -> Suit {
        Suit::ALL[i & 3]
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The one-letter name used in the notation.
    pub const fn char(self) -> char {
        match self {
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
            Suit::Spades => 'S',
        }
    }

    /// The suit's symbol, for people: ♥ ♦ ♣ ♠.
    pub const fn symbol(self) -> &'static str {
        match self {
            Suit::Hearts => "♥",
            Suit::Diamonds => "♦",
            Suit::Clubs => "♣",
            Suit::Spades => "♠",
        }
    }

    /// The English name, for messages ("must play a heart").
    pub const fn name(self) -> &'static str {
        match self {
            Suit::Hearts => "heart",
            Suit::Diamonds => "diamond",
            Suit::Clubs => "club",
            Suit::Spades => "spade",
        }
    }

    /// Reads `H D C S` (any case) or the symbols `♥ ♦ ♣ ♠`.
    pub fn from_char(c: char) -> Option<Suit> {
        match c {
            'H' | 'h' | '♥' | '♡' => Some(Suit::Hearts),
            'D' | 'd' | '♦' | '♢' => Some(Suit::Diamonds),
            'C' | 'c' | '♣' | '♧' => Some(Suit::Clubs),
            'S' | 's' | '♠' | '♤' => Some(Suit::Spades),
            _ => None,
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl FromStr for Suit {
    type Err = CardError;
    fn from_str(s: &str) -> Result<Suit, CardError> {
        let mut chars = s.trim().chars();
        match (chars.next().and_then(Suit::from_char), chars.next()) {
            (Some(suit), None) => Ok(suit),
            _ => Err(CardError::BadSuit(s.escape_debug().to_string())),
        }
    }
}

/// A rank, low to high: `9 J Q K T A`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rank {
    Nine = 0,
    Jack = 1,
    Queen = 2,
    King = 3,
    Ten = 4,
    Ace = 5,
}

impl Rank {
    /// All ranks, low to high.
    pub const ALL: [Rank; 6] = [
        Rank::Nine,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ten,
        Rank::Ace,
    ];

    pub const fn from_index(i: usize) -> Rank {
        Rank::ALL[i]
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    /// Card points: 9 = 0, J = 2, Q = 3, K = 4, T = 10, A = 11.
    pub const fn points(self) -> u16 {
        match self {
            Rank::Nine => 0,
            Rank::Jack => 2,
            Rank::Queen => 3,
            Rank::King => 4,
            Rank::Ten => 10,
            Rank::Ace => 11,
        }
    }

    pub const fn char(self) -> char {
        match self {
            Rank::Nine => '9',
            Rank::Jack => 'J',
            Rank::Queen => 'Q',
            Rank::King => 'K',
            Rank::Ten => 'T',
            Rank::Ace => 'A',
        }
    }

    pub fn from_char(c: char) -> Option<Rank> {
        match c.to_ascii_uppercase() {
            '9' => Some(Rank::Nine),
            'J' => Some(Rank::Jack),
            'Q' => Some(Rank::Queen),
            'K' => Some(Rank::King),
            'T' => Some(Rank::Ten),
            'A' => Some(Rank::Ace),
            _ => None,
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// One of the 24 cards. Its index is its bit in a [`CardSet`](crate::CardSet):
/// `suit * 8 + rank`.
///
/// ```
/// use tysiac::{Card, Rank, Suit};
/// let c: Card = "10h".parse().unwrap();
/// assert_eq!(c, Card::new(Suit::Hearts, Rank::Ten));
/// assert_eq!(c.to_string(), "TH");
/// assert_eq!(c.points(), 10);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card((suit as u8) * 8 + rank as u8)
    }

    /// The card whose bit is `index` (`suit * 8 + rank`), if there is one.
    pub const fn from_index(index: u8) -> Option<Card> {
        if index < 32 && (index & 7) < 6 {
            Some(Card(index))
        } else {
            None
        }
    }

    /// The bit index (`suit * 8 + rank`).
    pub const fn index(self) -> u8 {
        self.0
    }

    pub const fn suit(self) -> Suit {
        Suit::from_index((self.0 >> 3) as usize)
    }

    pub const fn rank(self) -> Rank {
        Rank::from_index((self.0 & 7) as usize)
    }

    pub const fn points(self) -> u16 {
        self.rank().points()
    }

    /// All 24 cards, hearts first, each suit low to high.
    pub fn all() -> impl Iterator<Item = Card> {
        Suit::ALL
            .into_iter()
            .flat_map(|s| Rank::ALL.into_iter().map(move |r| Card::new(s, r)))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().char(), self.suit().char())
    }
}

impl FromStr for Card {
    type Err = CardError;
    /// Rank then suit, any case; `10` is accepted for `T`, suit symbols for letters.
    fn from_str(text: &str) -> Result<Card, CardError> {
        let s = text.trim();
        let bad = || CardError::BadCard(text.trim().escape_debug().to_string());
        let (rank, rest) = if let Some(rest) = s.strip_prefix("10") {
            (Rank::Ten, rest)
        } else {
            let mut chars = s.chars();
            let r = chars.next().and_then(Rank::from_char).ok_or_else(bad)?;
            (r, chars.as_str())
        };
        let mut chars = rest.chars();
        match (chars.next().and_then(Suit::from_char), chars.next()) {
            (Some(suit), None) => Ok(Card::new(suit, rank)),
            _ => Err(bad()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_cards_parse_back() {
        let all: Vec<Card> = Card::all().collect();
        assert_eq!(all.len(), 24);
        for c in all {
            assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
            assert_eq!(c.to_string().to_lowercase().parse::<Card>().unwrap(), c);
        }
    }

    #[test]
    fn points_add_to_120() {
        assert_eq!(Card::all().map(Card::points).sum::<u16>(), 120);
    }

    #[test]
    fn accepts_ten_and_symbols() {
        assert_eq!("10♠".parse::<Card>().unwrap().to_string(), "TS");
        assert_eq!("q♦".parse::<Card>().unwrap().to_string(), "QD");
        for bad in ["", "1H", "AX", "AHH", "8S", "10", "H"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
    }
}
