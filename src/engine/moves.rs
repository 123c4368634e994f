//! A move (the card played, and whether a marriage lead declares) and a
//! fixed-size move list that needs no allocation.

use std::fmt;
use std::ops::Deref;
use std::str::FromStr;

use crate::engine::card::Card;
use crate::engine::error::CardError;

/// A move: the card played. A lead that may declare a marriage (or the ace
/// marriage) declares it unless the move is *undeclared*, written `KH-`,
/// which only `declare=optional` allows.
///
/// ```
/// use tysiac::Move;
/// let m: Move = "kh-".parse().unwrap();
/// assert!(m.is_undeclared());
/// assert_eq!(m.to_string(), "KH-");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u8);

const UNDECLARED: u8 = 0x80;

impl Move {
    /// Plays `card` (declaring whatever such a lead declares).
    pub const fn new(card: Card) -> Move {
        Move(card.index())
    }

    /// Leads `card` without declaring (`declare=optional`).
    pub const fn undeclared(card: Card) -> Move {
        Move(card.index() | UNDECLARED)
    }

    pub const fn card(self) -> Card {
        match Card::from_index(self.0 & 0x1F) {
            Some(c) => c,
            None => panic!("move holds a card index"),
        }
    }

    pub const fn is_undeclared(self) -> bool {
        self.0 & UNDECLARED != 0
    }

    /// The move as the byte the search uses (card index, `0x80` undeclared).
    #[cfg(test)]
    pub(crate) const fn to_byte(self) -> u8 {
        self.0
    }
}

impl From<Card> for Move {
    fn from(card: Card) -> Move {
        Move::new(card)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.card())?;
        if self.is_undeclared() {
            f.write_str("-")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

impl FromStr for Move {
    type Err = CardError;
    fn from_str(s: &str) -> Result<Move, CardError> {
        let s = s.trim();
        match s.strip_suffix('-') {
            Some(card) => Ok(Move::undeclared(card.parse()?)),
            None => Ok(Move::new(s.parse()?)),
        }
    }
}

/// Up to 20 moves (10 cards with two players, and with `declare=optional`
/// an undeclared twin for each declaring lead).
#[derive(Clone, Copy)]
pub struct MoveList {
    moves: [Move; 20],
    len: u8,
}

impl MoveList {
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move(0); 20],
            len: 0,
        }
    }

    pub fn push(&mut self, m: Move) {
        self.moves[self.len as usize] = m;
        self.len += 1;
    }

    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len as usize]
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
