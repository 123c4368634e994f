//! The transposition table: bounds on the declarer's *remaining* points at
//! trick starts, shared between positions of the same shape.
//!
//! Remaining points depend only on the position (the three hands, the leader
//! and trump, for one rule set), so positions reached by different orders of
//! play share an entry, and entries stay valid from one solve to the next.
//! Entries are found by the position's shape (`shape.rs`): a position of the
//! same shape with other cards left answers too, its bounds widened by the
//! point difference. Memory is fixed when the table is made.
//!
//! Every entry carries the generation it was written in, so that forgetting
//! is O(1): `clear` makes every older generation dead, `age` only starts a
//! new one, whose entries then win a full bucket over the older ones. The
//! layouts of one PIMC decision share many late positions: aged, they share
//! the table without one layout's entries crowding out the next one's.

use crate::engine::card::Suit;
use crate::engine::cardset::CardSet;
use crate::engine::seat::Seat;

use super::shape::{card_at, lane_counts, marriage_marks, place_of, point_shift, squeeze};

/// What the search needs from a table. [`NoTable`] stores nothing (for tests
/// and for measuring what the table buys).
pub trait Table {
    /// Bounds on the key's remaining points from what is stored for it and
    /// for positions of its shape, and the best lead found.
    fn probe(&mut self, key: &Key) -> Option<Found>;
    /// Stores (tightens) bounds for the key's position.
    fn store(&mut self, key: &Key, bounds: Bounds);
    /// Forgets every entry.
    fn clear(&mut self);
    /// Starts a new search among related ones (the layouts of one
    /// decision): the entries kept so far still answer, but give way to the
    /// new search's own when a bucket is full. Entries depend only on the
    /// position, so this never changes an answer, only what is kept.
    fn age(&mut self) {
        self.clear();
    }
}

/// A trick-start position as the table sees it: its shape in three words
/// (D's and L's cards by place among the cards left, with leader, trump, the
/// ace marriage and the marriages' places in the spare bits; the number of
/// cards left in each suit, which places R's cards), and the cards left
/// themselves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Key {
    shape: [u32; 3],
    cards: u32,
}

/// The spare bits of a card set: bits 6 and 7 of each suit's lane.
const SPARE: u32 = 0xC0C0_C0C0;

/// Spreads a byte over the spare bits, two bits per lane.
#[inline]
const fn spread(x: u32) -> u32 {
    (x & 3) << 6 | (x >> 2 & 3) << 14 | (x >> 4 & 3) << 22 | (x >> 6 & 3) << 30
}

impl Key {
    /// The key of a position; `ace_marriage`: one hand holds all four aces
    /// and the ace marriage counts under the rules.
    #[inline]
    pub fn new(hands: [CardSet; 3], leader: Seat, trump: Option<Suit>, ace_marriage: bool) -> Key {
        Key::from_bits(
            hands.map(CardSet::bits),
            leader as u8,
            trump.map_or(4, |s| s as u8),
            ace_marriage,
        )
    }

    /// The key from raw hand bits, leader index and trump index (4: none).
    #[inline]
    pub fn from_bits(hands: [u32; 3], leader: u8, trump: u8, ace_marriage: bool) -> Key {
        let cards = hands[0] | hands[1] | hands[2];
        let meta = leader as u32 | (trump as u32) << 2 | (ace_marriage as u32) << 5;
        Key {
            shape: [
                squeeze(hands[0], cards) | spread(meta),
                squeeze(hands[1], cards) | marriage_marks(hands) << 6,
                lane_counts(cards),
            ],
            cards,
        }
    }

    /// The key of a trick-start position of two seats (`players=2`), whose
    /// search gives the last trick's winner `last_musik` points more. R
    /// holds nothing, so L holds every card left that D does not: L's
    /// places follow from D's and the suits' lengths, which the key holds
    /// anyway. Their word carries the musik's points instead (16 bits over
    /// the lanes' six): a table shared by searches with other musiks (the
    /// exchanges of one deal lay different cards into it) keeps them apart.
    #[inline]
    pub fn two(hands: [u32; 3], leader: u8, trump: u8, ace_marriage: bool, last_musik: i16) -> Key {
        debug_assert_eq!(hands[2], 0);
        let cards = hands[0] | hands[1];
        let meta = leader as u32 | (trump as u32) << 2 | (ace_marriage as u32) << 5;
        let m = last_musik as u16 as u32;
        let musik = (m & 0x3F) | (m >> 6 & 0x3F) << 8 | (m >> 12) << 16;
        Key {
            shape: [
                squeeze(hands[0], cards) | spread(meta),
                musik | marriage_marks(hands) << 6,
                lane_counts(cards),
            ],
            cards,
        }
    }

    /// The shape's first two words as one, as an entry stores them
    /// (compared at once: 1.3% fewer instructions on full deals).
    #[inline]
    fn first_words(&self) -> u64 {
        self.shape[0] as u64 | (self.shape[1] as u64) << 32
    }

    #[inline]
    fn hash(&self) -> u64 {
        let h = self.first_words().wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ (self.shape[2] as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        h ^ (h >> 29)
    }
}

/// Bounds on the declarer's remaining points, and the lead that reached the
/// lower bound (a move byte, or `NO_MOVE`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Bounds {
    pub lower: i16,
    pub upper: i16,
    pub best: u8,
}

/// What a probe found: the bounds, and whether an entry was of this very
/// position (else only of positions of its shape).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub bounds: Bounds,
    pub exact: bool,
}

pub const NO_MOVE: u8 = 0xFF;

/// Bounds fit in 13 bits: at most 120 card points and 5 marriages of at
/// most 1000 each.
const BOUND_MASK: u32 = 0x1FFF;
/// A stored best move: undeclared flag, suit, place among the suit's cards
/// left; place 7 is none.
const NO_PLACE: u32 = 7;

/// One slot: the shape's first two words, the cards left (the generation
/// it was written in spread over their spare bits), and the bounds with the
/// best move.
#[derive(Copy, Clone, Default)]
#[repr(C)]
struct Entry {
    w: [u32; 4],
}

impl Entry {
    #[inline]
    fn new(key: &Key, written: u32, b: Bounds) -> Entry {
        let best = if b.best == NO_MOVE {
            NO_PLACE
        } else {
            let i = b.best & 0x1F;
            (b.best as u32 >> 7) << 5 | ((i >> 3) as u32) << 3 | place_of(i, key.cards) as u32
        };
        let lower = b.lower.clamp(0, BOUND_MASK as i16) as u32;
        let upper = b.upper.clamp(0, BOUND_MASK as i16) as u32;
        Entry {
            w: [
                key.shape[0],
                key.shape[1],
                key.cards | written,
                lower | upper << 13 | best << 26,
            ],
        }
    }

    /// The key's first two words this entry was written for.
    #[inline]
    fn first_words(&self) -> u64 {
        self.w[0] as u64 | (self.w[1] as u64) << 32
    }

    #[inline]
    fn lower(&self) -> i16 {
        (self.w[3] & BOUND_MASK) as i16
    }

    #[inline]
    fn upper(&self) -> i16 {
        (self.w[3] >> 13 & BOUND_MASK) as i16
    }

    /// The stored best move, as the card of the same place among `cards`.
    #[inline]
    fn best(&self, cards: u32) -> u8 {
        Entry::decode_best(self.w[3] >> 26, cards)
    }

    /// A stored best move's code (see [`NO_PLACE`]) as the card of the
    /// same place among `cards`.
    #[inline]
    fn decode_best(code: u32, cards: u32) -> u8 {
        if code & 7 == NO_PLACE {
            return NO_MOVE;
        }
        match card_at((code >> 3 & 3) as u8, (code & 7) as u8, cards) {
            Some(i) => i | ((code >> 5) as u8) << 7,
            None => NO_MOVE,
        }
    }
}

const WAYS: usize = 4;

/// Four entries in one cache line: aligned, so that a probe touches one line.
#[derive(Copy, Clone, Default)]
#[repr(C, align(64))]
struct Bucket([Entry; WAYS]);

/// A fixed-size, 4-way set-associative table. Clearing and ageing are O(1):
/// each entry carries the generation it was written in; entries older than
/// the floor (the generation of the last clear) are gone, those from the
/// floor to `generation` answer.
pub struct TransTable {
    buckets: Vec<Bucket>,
    mask: usize,
    generation: u32,
    /// `generation` and the floor spread over the spare bits (`spread`), as
    /// entries hold them: worked out when they change rather than at every
    /// probe and store.
    now_bits: u32,
    floor_bits: u32,
}

impl TransTable {
    /// Default memory: 512 KiB. A hand stores thousands of entries (a musik
    /// deal's 90 exchanges some 10^4); a table this small stays in the
    /// core's cache. Measured (bench sets, one core, best of 5): full-deal
    /// median 77-80 µs from 128 KiB to 1 MiB, 90 µs at 2 MiB; musik deal
    /// 1.14-1.15 ms against 1.25 ms at 2 MiB.
    pub const DEFAULT_BYTES: usize = 512 << 10;

    /// A table using at most `bytes` of memory (at least one bucket).
    pub fn with_bytes(bytes: usize) -> TransTable {
        let want = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let buckets = if want.is_power_of_two() {
            want
        } else {
            want.next_power_of_two() / 2
        };
        TransTable {
            // Zeroed memory is allocated lazily by the OS: a large, mostly
            // unused table costs nothing until it is touched.
            buckets: vec![Bucket::default(); buckets],
            mask: buckets - 1,
            generation: 1,
            now_bits: spread(1),
            floor_bits: spread(1),
        }
    }

    /// Memory held by the entries.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    #[inline]
    fn bucket(&self, key: &Key) -> usize {
        key.hash() as usize & self.mask
    }
}

impl Default for TransTable {
    fn default() -> TransTable {
        TransTable::with_bytes(TransTable::DEFAULT_BYTES)
    }
}

impl Table for TransTable {
    #[inline]
    fn probe(&mut self, key: &Key) -> Option<Found> {
        // `spread` keeps the order of generations, so one comparison of the
        // spare bits tells a live entry.
        let floor = self.floor_bits;
        // Bounds met so far (the tightest of each), the stored best move of
        // the one chosen (decoded once, at the end) and whether one entry
        // was of this very position.
        let (mut lower, mut upper) = (i16::MIN, i16::MAX);
        let mut best = NO_PLACE;
        let mut exact = false;
        let bucket = &self.buckets[self.bucket(key)].0;
        // Which entries are live and of the key's shape, found without a
        // branch per entry: most probes find none, and which entry matches
        // is too irregular for the branch predictor.
        let mut hits = 0u32;
        let shape = key.first_words();
        for (k, e) in bucket.iter().enumerate() {
            let hit = (e.first_words() == shape) & (e.w[2] & SPARE >= floor);
            hits |= (hit as u32) << k;
        }
        // The common case leaves at once (without it, 0.8% more
        // instructions on full deals).
        if hits == 0 {
            return None;
        }
        while hits != 0 {
            let e = &bucket[hits.trailing_zeros() as usize];
            hits &= hits - 1;
            let cards = e.w[2] & !SPARE;
            let this = cards == key.cards;
            let (lo, hi) = if this {
                (e.lower(), e.upper())
            } else if lane_counts(cards) == key.shape[2] {
                // The same shape: the play maps card for card, so the
                // points move by at most what the cards left differ by.
                let (up, down) = point_shift(cards, key.cards);
                ((e.lower() - down).max(0), e.upper() + up)
            } else {
                continue;
            };
            lower = lower.max(lo);
            upper = upper.min(hi);
            // This very position's move first, else the first one found.
            if this || best & 7 == NO_PLACE {
                best = e.w[3] >> 26;
            }
            exact |= this;
        }
        (lower != i16::MIN).then(|| Found {
            bounds: Bounds {
                lower,
                upper,
                best: Entry::decode_best(best, key.cards),
            },
            exact,
        })
    }

    #[inline]
    fn store(&mut self, key: &Key, bounds: Bounds) {
        let (now, floor) = (self.now_bits, self.floor_bits);
        let at = self.bucket(key);
        let bucket = &mut self.buckets[at].0;
        // This very position, live (of this generation or an earlier one
        // still answering): tightened, and brought to this generation.
        if let Some(e) = bucket.iter_mut().find(|e| {
            e.w[0] == key.shape[0]
                && e.w[1] == key.shape[1]
                && e.w[2] & !SPARE == key.cards
                && e.w[2] & SPARE >= floor
        }) {
            let best = if bounds.best != NO_MOVE {
                bounds.best
            } else {
                e.best(key.cards)
            };
            let merged = Bounds {
                lower: bounds.lower.max(e.lower()),
                upper: bounds.upper.min(e.upper()),
                best,
            };
            *e = Entry::new(key, now, merged);
            return;
        }
        // Replace a dead entry, or else one of an earlier generation, or
        // else the one with the fewest tricks left (cheapest to compute
        // again): at a trick start every hand holds one card per trick
        // left, so D's hand tells.
        let victim = bucket
            .iter_mut()
            .min_by_key(|e| {
                let written = e.w[2] & SPARE;
                let tricks = (e.w[0] & !SPARE).count_ones();
                if written < floor {
                    0
                } else if written != now {
                    1 + tricks
                } else {
                    16 + tricks
                }
            })
            .expect("bucket has entries");
        *victim = Entry::new(key, now, bounds);
    }

    fn clear(&mut self) {
        self.age();
        self.floor_bits = self.now_bits;
    }

    fn age(&mut self) {
        self.generation += 1;
        if self.generation == 256 {
            // The generations fill a byte: start again from an empty table.
            self.buckets.fill(Bucket::default());
            self.generation = 1;
            self.floor_bits = spread(1);
        }
        self.now_bits = spread(self.generation);
    }
}

/// A table that stores nothing.
#[derive(Default)]
pub struct NoTable;

impl Table for NoTable {
    fn probe(&mut self, _: &Key) -> Option<Found> {
        None
    }
    fn store(&mut self, _: &Key, _: Bounds) {}
    fn clear(&mut self) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(text: &str) -> CardSet {
        text.parse().unwrap()
    }

    fn hands(d: &str) -> [CardSet; 3] {
        [d, "K...", "Q..."].map(set)
    }

    fn key(d: &str) -> Key {
        Key::new(hands(d), Seat::D, None, false)
    }

    fn bounds(lower: i16, upper: i16, best: u8) -> Bounds {
        Bounds { lower, upper, best }
    }

    #[test]
    fn stores_tightens_and_clears() {
        let mut t = TransTable::with_bytes(1 << 12);
        let k = key("A...");
        assert!(t.probe(&k).is_none());
        t.store(&k, bounds(0, 50, NO_MOVE));
        // Card index 5: the ace of hearts.
        t.store(&k, bounds(10, 80, 5));
        assert_eq!(
            t.probe(&k),
            Some(Found {
                bounds: bounds(10, 50, 5),
                exact: true
            })
        );
        t.clear();
        assert!(t.probe(&k).is_none());
    }

    /// Ageing keeps the entries answering; the new generation's entries
    /// replace them before each other (however many tricks the old ones
    /// have left), and a clear hides every generation.
    #[test]
    fn aged_entries_answer_and_give_way_first() {
        // One bucket: every key lands in it.
        let mut t = TransTable::with_bytes(64);
        assert_eq!(t.bytes(), 64);
        let exact = |t: &mut TransTable, k: &Key| t.probe(k).is_some_and(|f| f.exact);
        // Four old entries with two tricks left (two cards in D's hand,
        // each of its own shape).
        let old = ["A.A..", "A..A.", "A...A", ".A.A."].map(key);
        for (i, k) in old.iter().enumerate() {
            t.store(k, bounds(i as i16, 40, NO_MOVE));
        }
        t.age();
        assert!(old.iter().all(|k| exact(&mut t, k)));
        assert_eq!(t.probe(&old[2]).map(|f| f.bounds.lower), Some(2));
        // New entries with one trick left, the cheapest to compute again:
        // still, each replaces an old entry, not the other new one.
        let new = ["9...", ".9..", "..9.", "...9"].map(key);
        t.store(&new[0], bounds(1, 1, NO_MOVE));
        t.store(&new[1], bounds(2, 2, NO_MOVE));
        assert!(exact(&mut t, &new[0]) && exact(&mut t, &new[1]));
        assert_eq!(old.iter().filter(|k| exact(&mut t, k)).count(), 2);
        // An old entry stored again is tightened and joins the new
        // generation.
        let kept = *old.iter().find(|k| exact(&mut t, k)).unwrap();
        t.store(&kept, bounds(30, 30, NO_MOVE));
        t.store(&new[2], bounds(3, 3, NO_MOVE));
        assert!(exact(&mut t, &kept) && exact(&mut t, &new[2]));
        assert_eq!(t.probe(&kept).map(|f| f.bounds.lower), Some(30));
        // A full bucket of this generation: the fewest tricks left go.
        t.store(&new[3], bounds(4, 4, NO_MOVE));
        assert!(exact(&mut t, &kept) && exact(&mut t, &new[3]));
        assert_eq!(new.iter().filter(|k| exact(&mut t, k)).count(), 3);
        t.clear();
        assert!(old.iter().chain(&new).all(|k| t.probe(k).is_none()));
        // Ageing past the byte the generations fill empties the table.
        t.store(&new[0], bounds(1, 1, NO_MOVE));
        for _ in 0..300 {
            t.age();
        }
        t.store(&new[1], bounds(2, 2, NO_MOVE));
        assert!(exact(&mut t, &new[1]));
    }

    /// Distinct positions land in different buckets: a table with room
    /// for four times as many keeps nearly all of them (all in one bucket,
    /// it would keep four).
    #[test]
    fn distinct_positions_spread_over_the_buckets() {
        let mut rng = crate::engine::random::rng(5);
        let rules = crate::Rules::default();
        let keys: Vec<Key> = (0..1000)
            .map(|_| {
                let s = crate::engine::random::start(&mut rng, &rules);
                Key::new(s.hands, Seat::D, None, false)
            })
            .collect();
        let mut t = TransTable::with_bytes(64 << 10);
        for k in &keys {
            t.store(k, bounds(1, 1, NO_MOVE));
        }
        let kept = keys
            .iter()
            .filter(|k| t.probe(k).is_some_and(|f| f.exact))
            .count();
        assert!(kept > 950, "{kept} of 1000");
    }

    #[test]
    fn keys_differing_in_shape_or_meta_stay_apart() {
        let mut t = TransTable::with_bytes(1 << 12);
        let a = key("A...9");
        t.store(&a, bounds(7, 7, NO_MOVE));
        // D's spade above L's and R's cards, not below.
        let mut other = hands("A...9");
        other[1] = set("K...K");
        assert!(t.probe(&Key::new(other, Seat::D, None, false)).is_none());
        other = hands("A...9");
        other[2] = set("Q...A");
        assert!(t.probe(&Key::new(other, Seat::D, None, false)).is_none());
        for k in [
            Key::new(hands("A...9"), Seat::D, Some(Suit::Spades), false),
            Key::new(hands("A...9"), Seat::R, None, false),
            Key::new(hands("A...9"), Seat::D, None, true),
        ] {
            assert!(t.probe(&k).is_none());
        }
        assert_eq!(t.probe(&a).map(|f| f.bounds.lower), Some(7));
    }

    #[test]
    fn same_shape_answers_with_widened_bounds() {
        let mut t = TransTable::with_bytes(1 << 12);
        // D: A and 9 of spades over L's K... and R's Q...: stored 20..30.
        let a = key("A...A9");
        t.store(&a, bounds(20, 30, 29));
        // The same shape with T J instead of A 9: the top spade is worth 1
        // less, the low one 2 more.
        let b = key("A...TJ");
        let found = t.probe(&b).expect("same shape");
        assert!(!found.exact);
        assert_eq!(found.bounds.lower, 20 - 1);
        assert_eq!(found.bounds.upper, 30 + 2);
        // The best move maps to the card of the same place: A -> T.
        assert_eq!(found.bounds.best, 28);
        // Storing for b keeps a's entry: b's own answers b exactly, and
        // both answer a, b's widened the other way (25 - 2, 25 + 1).
        t.store(&b, bounds(25, 25, NO_MOVE));
        let found = t.probe(&b).unwrap();
        assert_eq!((found.bounds.lower, found.bounds.upper), (25, 25));
        assert!(found.exact);
        // The move is this very position's entry's, even when it has none
        // (a's A maps to b's T, but b's own entry knows no best move).
        assert_eq!(found.bounds.best, NO_MOVE);
        let found = t.probe(&a).unwrap();
        assert_eq!(found.bounds, bounds(23, 26, 29));
        assert!(found.exact);
    }

    #[test]
    fn marriages_on_other_places_stay_apart() {
        let mut t = TransTable::with_bytes(1 << 12);
        // D holds Q K T of hearts with the 9 and J gone, or J Q K with the
        // T and A gone: the same places, but leading the second card
        // declares in one and not in the other.
        let l = set(".A..");
        let r = set(".9..");
        let a = Key::new([set("TKQ..."), l, r], Seat::D, None, false);
        let b = Key::new([set("KQJ..."), l, r], Seat::D, None, false);
        t.store(&a, bounds(5, 5, NO_MOVE));
        assert!(t.probe(&b).is_none());
    }

    /// Two seats: the musik the last trick takes is in the key, so that
    /// searches after other lay-aways sharing the table stay apart; the
    /// same position with the same musik still answers, and a position of
    /// its shape too.
    #[test]
    fn two_seat_keys_keep_musiks_apart() {
        let mut t = TransTable::with_bytes(1 << 12);
        let two = |d: &str, l: &str, musik: i16| {
            Key::two([set(d).bits(), set(l).bits(), 0], 0, 4, false, musik)
        };
        let a = two("A...9", "K...K", 10);
        t.store(&a, bounds(15, 15, NO_MOVE));
        assert_eq!(t.probe(&a).map(|f| f.bounds.lower), Some(15));
        for musik in [0, 11, 10 + 64, 10 + 4096, 1000] {
            assert!(t.probe(&two("A...9", "K...K", musik)).is_none(), "{musik}");
        }
        // D's and L's cards swapped: another shape.
        assert!(t.probe(&two("K...K", "A...9", 10)).is_none());
        // The same shape with other cards (TH for AH, JS for KS: 1 and 2
        // points fewer): answers, widened.
        let found = t.probe(&two("T...9", "K...J", 10)).expect("same shape");
        assert!(!found.exact);
        assert_eq!((found.bounds.lower, found.bounds.upper), (15 - 3, 15));
    }

    #[test]
    fn spare_bits_carry_a_byte() {
        for x in 0..=255u32 {
            assert_eq!(spread(x) & !SPARE, 0);
            let back = (0..4).fold(0, |acc, lane| {
                acc | (spread(x) >> (8 * lane + 6) & 3) << (2 * lane)
            });
            assert_eq!(back, x);
        }
    }

    #[test]
    fn bounds_and_moves_survive_packing() {
        // Card indices: KH 3, AD 13, 9S 24.
        let k = key("KQ.A..9");
        for b in [
            bounds(0, 0, NO_MOVE),
            bounds(0, 5120, 3 | 0x80),
            bounds(120, 400, 24),
            bounds(8191, 8191, 13),
        ] {
            let e = Entry::new(&k, spread(3), b);
            assert_eq!(
                (e.lower(), e.upper(), e.best(k.cards)),
                (b.lower, b.upper, b.best)
            );
        }
    }

    #[test]
    fn memory_is_bounded() {
        let t = TransTable::with_bytes(1 << 20);
        assert!(t.bytes() <= 1 << 20);
        assert!(TransTable::default().bytes() <= 64 << 20);
    }
}
