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

/// One value for each seat in play: D, L and R, or D and L with two
/// players. Written in JSON as a map by seat letter, `{"D": …, "L": …}`,
/// so a two-player hand has no R.
///
/// ```
/// use tysiac::{PerSeat, Seat};
/// let mut points = PerSeat::new([40, 12, 0], 2usize);
/// points[Seat::L] += 3;
/// assert_eq!(points.seats(), [Seat::D, Seat::L]);
/// assert_eq!(serde_json::to_string(&points).unwrap(), r#"{"D":40,"L":15}"#);
/// assert_eq!(points, [40, 15, 0]);
/// assert_ne!(points, [40, 12, 0]);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PerSeat<T> {
    values: [T; 3],
    seats: u8,
}

impl<T> PerSeat<T> {
    /// `values` by seat (D, L, R); `seats` in play, 3 or 2 (R's value is
    /// then ignored).
    pub fn new(values: [T; 3], seats: impl Into<usize>) -> PerSeat<T> {
        let seats = seats.into().clamp(2, 3) as u8;
        PerSeat { values, seats }
    }

    /// The seats in play.
    pub fn seats(&self) -> &'static [Seat] {
        &Seat::ALL[..self.seats as usize]
    }

    /// The values of D, L and R (R's the default with two players).
    pub fn to_array(&self) -> [T; 3]
    where
        T: Copy,
    {
        self.values
    }

    /// Each seat in play with its value.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> + '_ {
        self.seats()
            .iter()
            .map(move |&s| (s, &self.values[s.index()]))
    }
}

impl<T: Default> PerSeat<T> {
    /// A default value for each of `seats` seats.
    pub fn default_for(seats: impl Into<usize>) -> PerSeat<T> {
        PerSeat::new(Default::default(), seats)
    }
}

impl<T> std::ops::Index<Seat> for PerSeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.values[seat.index()]
    }
}

impl<T> std::ops::IndexMut<Seat> for PerSeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.values[seat.index()]
    }
}

/// `D 40 L 12 R 0`, or `D 40 L 12` with two players.
impl<T: fmt::Display> fmt::Display for PerSeat<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (seat, v)) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{seat} {v}")?;
        }
        Ok(())
    }
}

/// Equal to the values of D, L and R (R's the default with two players).
impl<T: PartialEq> PartialEq<[T; 3]> for PerSeat<T> {
    fn eq(&self, other: &[T; 3]) -> bool {
        self.values == *other
    }
}

impl<T: serde::Serialize> serde::Serialize for PerSeat<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.seats as usize))?;
        for (seat, v) in self.iter() {
            map.serialize_entry(&seat.char(), v)?;
        }
        map.end()
    }
}
