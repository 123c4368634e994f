//! The three seats, named by role: declarer, left defender, right defender.

use std::fmt;
use std::str::FromStr;

/// A seat. Play goes D → L → R → D.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Seat {
    /// The declarer.
    D = 0,
    /// The defender on the declarer's left (plays second to D's lead).
    L = 1,
    /// The defender on the declarer's right (plays third).
    R = 2,
}

impl Seat {
    pub const ALL: [Seat; 3] = [Seat::D, Seat::L, Seat::R];

    #[inline]
    pub const fn from_index(i: usize) -> Seat {
        // Seats are added at most 2 + 2 places on: a table beats `% 3`.
        const WRAP: [Seat; 8] = [
            Seat::D,
            Seat::L,
            Seat::R,
            Seat::D,
            Seat::L,
            Seat::R,
            Seat::D,
            Seat::L,
        ];
        if i < 8 {
            WRAP[i]
        } else {
            Seat::ALL[i % 3]
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat that plays after this one.
    pub const fn next(self) -> Seat {
        Seat::from_index(self as usize + 1)
    }

    /// The seat `n` places after this one.
    pub const fn plus(self, n: usize) -> Seat {
        Seat::from_index(self as usize + n)
    }

    /// The seat `n` places after this one at a table of `seats` (3, or 2
    /// under `players=2`, where L's next is D).
    pub const fn plus_of(self, n: usize, seats: u8) -> Seat {
        // n is small: subtracting beats a division.
        let mut i = self as usize + n;
        while i >= seats as usize {
            i -= seats as usize;
        }
        Seat::ALL[i]
    }

    pub const fn is_declarer(self) -> bool {
        matches!(self, Seat::D)
    }

    pub const fn char(self) -> char {
        match self {
            Seat::D => 'D',
            Seat::L => 'L',
            Seat::R => 'R',
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl FromStr for Seat {
    type Err = String;
    fn from_str(s: &str) -> Result<Seat, String> {
        match s.trim().to_ascii_uppercase().as_str() {
            "D" => Ok(Seat::D),
            "L" => Ok(Seat::L),
            "R" => Ok(Seat::R),
            _ => Err(format!("'{}' is not a seat (D, L or R)", s.trim())),
        }
    }
}
