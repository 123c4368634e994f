//! The transposition table: bounds on the declarer's *remaining* points,
//! keyed by a trick-start position (the three hands, the leader and trump).
//!
//! Remaining points depend only on that key (for one rule set), so positions
//! reached by different orders of play share an entry, and entries stay valid
//! from one solve to the next. Memory is fixed when the table is made.

use crate::card::Suit;
use crate::cardset::CardSet;
use crate::seat::Seat;

/// What the search needs from a table. [`NoTable`] stores nothing (for tests
/// and for measuring what the table buys).
pub trait Table {
    /// The bounds `(lower, upper)` stored for the key, and the best lead found.
    fn probe(&mut self, key: &Key) -> Option<Bounds>;
    /// Stores (tightens) bounds for the key.
    fn store(&mut self, key: &Key, bounds: Bounds);
    /// Forgets every entry.
    fn clear(&mut self);
}

/// A trick-start position (the three hands, the leader and trump), packed
/// into three words: the hands as they are (six cards per 8-bit lane), with
/// leader and trump in the two spare bits of each lane of the first word.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Key {
    words: [u32; 3],
}

/// The spare bits of a card set: bits 6 and 7 of each suit's lane.
const SPARE: u32 = 0xC0C0_C0C0;

/// Spreads a byte over the spare bits, two bits per lane.
#[inline]
const fn spread(x: u32) -> u32 {
    (x & 3) << 6 | (x >> 2 & 3) << 14 | (x >> 4 & 3) << 22 | (x >> 6 & 3) << 30
}

/// The byte [`spread`] put in the spare bits.
#[inline]
const fn gather(w: u32) -> u8 {
    ((w >> 6 & 3) | (w >> 14 & 3) << 2 | (w >> 22 & 3) << 4 | (w >> 30 & 3) << 6) as u8
}

impl Key {
    #[inline]
    pub fn new(hands: [CardSet; 3], leader: Seat, trump: Option<Suit>) -> Key {
        Key::from_bits(
            hands.map(CardSet::bits),
            leader as u8,
            trump.map_or(4, |s| s as u8),
        )
    }

    /// The key from raw hand bits, leader index and trump index (4: none).
    #[inline]
    pub fn from_bits(hands: [u32; 3], leader: u8, trump: u8) -> Key {
        Key {
            words: [
                hands[0] | spread(leader as u32 | (trump as u32) << 2),
                hands[1],
                hands[2],
            ],
        }
    }

    #[inline]
    fn hash(&self) -> u64 {
        let a = (self.words[0] as u64) | (self.words[1] as u64) << 32;
        let h = a.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ (self.words[2] as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        h ^ (h >> 29)
    }
}

/// Bounds on the declarer's remaining points, and the lead that reached the
/// lower bound (an index into the card bits, or `NO_MOVE`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Bounds {
    pub lower: i16,
    pub upper: i16,
    pub best: u8,
}

pub const NO_MOVE: u8 = 0xFF;

/// One slot: the key's three words (the generation it was written in spread
/// over the second word's spare bits, the best move over the third's) and
/// the bounds.
#[derive(Copy, Clone, Default)]
#[repr(C)]
struct Entry {
    w: [u32; 3],
    lower: i16,
    upper: i16,
}

const WAYS: usize = 4; // entries per bucket: 4 × 16 bytes = one cache line

/// A fixed-size, 4-way set-associative table. Clearing is O(1): each entry
/// carries the generation it was written in.
pub struct TransTable {
    entries: Vec<Entry>,
    mask: usize,
    generation: u32,
}

impl TransTable {
    /// Default memory: 512 KiB. A hand stores thousands of entries (a musik
    /// deal's 90 exchanges some 10^4); a table this small stays in the
    /// core's cache. Measured (bench sets, one core): full-deal median
    /// 139 µs at 512 KiB, 142-154 µs at 1 MiB, 158-161 µs at 2 MiB; musik
    /// deal 2.4 ms against 2.8 ms at 2 MiB; bid samples alike from 512 KiB
    /// to 2 MiB (3.5-3.7 ms each).
    pub const DEFAULT_BYTES: usize = 512 << 10;

    /// A table using at most `bytes` of memory (at least one bucket).
    pub fn with_bytes(bytes: usize) -> TransTable {
        let want = (bytes / std::mem::size_of::<Entry>() / WAYS).max(1);
        let buckets = if want.is_power_of_two() {
            want
        } else {
            want.next_power_of_two() / 2
        };
        TransTable {
            // Zeroed memory is allocated lazily by the OS: a large, mostly
            // unused table costs nothing until it is touched.
            entries: vec![Entry::default(); buckets * WAYS],
            mask: buckets - 1,
            generation: 1,
        }
    }

    /// Memory held by the entries.
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>()
    }

    #[inline]
    fn pack(key: &Key, generation: u32) -> [u32; 3] {
        [
            key.words[0],
            key.words[1] | spread(generation),
            key.words[2],
        ]
    }

    #[inline]
    fn bucket(&self, key: &Key) -> usize {
        (key.hash() as usize & self.mask) * WAYS
    }
}

impl Default for TransTable {
    fn default() -> TransTable {
        TransTable::with_bytes(TransTable::DEFAULT_BYTES)
    }
}

impl Table for TransTable {
    #[inline]
    fn probe(&mut self, key: &Key) -> Option<Bounds> {
        let want = TransTable::pack(key, self.generation);
        let start = self.bucket(key);
        for e in &self.entries[start..start + WAYS] {
            if e.w[0] == want[0] && e.w[1] == want[1] && e.w[2] & !SPARE == want[2] {
                return Some(Bounds {
                    lower: e.lower,
                    upper: e.upper,
                    best: gather(e.w[2]),
                });
            }
        }
        None
    }

    #[inline]
    fn store(&mut self, key: &Key, bounds: Bounds) {
        let want = TransTable::pack(key, self.generation);
        let start = self.bucket(key);
        let generation = self.generation;
        let bucket = &mut self.entries[start..start + WAYS];
        let entry = |w: [u32; 3], b: Bounds| Entry {
            w: [w[0], w[1], w[2] | spread(b.best as u32)],
            lower: b.lower,
            upper: b.upper,
        };
        if let Some(e) = bucket
            .iter_mut()
            .find(|e| e.w[0] == want[0] && e.w[1] == want[1] && e.w[2] & !SPARE == want[2])
        {
            let best = if bounds.best != NO_MOVE {
                bounds.best
            } else {
                gather(e.w[2])
            };
            let merged = Bounds {
                lower: bounds.lower.max(e.lower),
                upper: bounds.upper.min(e.upper),
                best,
            };
            *e = entry(want, merged);
            return;
        }
        // Replace a stale entry, or else the one with the fewest tricks left
        // (cheapest to compute again): at a trick start every hand holds one
        // card per trick left, so D's hand tells.
        let victim = bucket
            .iter_mut()
            .min_by_key(|e| {
                if e.w[1] & SPARE != spread(generation) {
                    0
                } else {
                    1 + (e.w[0] & !SPARE).count_ones()
                }
            })
            .expect("bucket has entries");
        *victim = entry(want, bounds);
    }

    fn clear(&mut self) {
        self.generation += 1;
        if self.generation == 256 {
            self.entries.fill(Entry::default());
            self.generation = 1;
        }
    }
}

/// A table that stores nothing.
#[derive(Default)]
pub struct NoTable;

impl Table for NoTable {
    fn probe(&mut self, _: &Key) -> Option<Bounds> {
        None
    }
    fn store(&mut self, _: &Key, _: Bounds) {}
    fn clear(&mut self) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hands(d: &str) -> [CardSet; 3] {
        [
            d.parse().unwrap(),
            "K...".parse().unwrap(),
            "Q...".parse().unwrap(),
        ]
    }

    fn key(d: &str) -> Key {
        Key::new(hands(d), Seat::D, None)
    }

    #[test]
    fn stores_tightens_and_clears() {
        let mut t = TransTable::with_bytes(1 << 12);
        let k = key("A...");
        assert!(t.probe(&k).is_none());
        t.store(
            &k,
            Bounds {
                lower: 0,
                upper: 50,
                best: NO_MOVE,
            },
        );
        t.store(
            &k,
            Bounds {
                lower: 10,
                upper: 80,
                best: 5,
            },
        );
        assert_eq!(
            t.probe(&k),
            Some(Bounds {
                lower: 10,
                upper: 50,
                best: 5
            })
        );
        assert!(t.probe(&key("T...")).is_none());
        t.clear();
        assert!(t.probe(&k).is_none());
    }

    #[test]
    fn keys_differing_in_spades_or_meta_stay_apart() {
        let mut t = TransTable::with_bytes(1 << 12);
        let a = key("A...9");
        let mut b = key("A...K");
        t.store(
            &a,
            Bounds {
                lower: 7,
                upper: 7,
                best: NO_MOVE,
            },
        );
        assert!(t.probe(&b).is_none());
        let mut other = hands("A...9");
        other[2] = "Q...A".parse().unwrap();
        b = Key::new(other, Seat::D, None);
        assert!(t.probe(&b).is_none());
        b = Key::new(hands("A...9"), Seat::D, Some(Suit::Spades));
        assert!(t.probe(&b).is_none());
        b = Key::new(hands("A...9"), Seat::R, None);
        assert!(t.probe(&b).is_none());
        assert_eq!(
            t.probe(&Key::new(hands("A...9"), Seat::D, None))
                .map(|b| b.lower),
            Some(7)
        );
    }

    #[test]
    fn spare_bits_carry_a_byte() {
        for x in 0..=255u32 {
            assert_eq!(spread(x) & !SPARE, 0);
            assert_eq!(gather(spread(x) | !SPARE), x as u8);
        }
    }

    #[test]
    fn memory_is_bounded() {
        let t = TransTable::with_bytes(1 << 20);
        assert!(t.bytes() <= 1 << 20);
        assert!(TransTable::default().bytes() <= 64 << 20);
    }
}
