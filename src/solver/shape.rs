//! The shape of a position: its hands with the cards already played squeezed
//! out of each suit, so that only the order of the cards left counts.
//!
//! Two trick-start positions of the same shape (same holders of the first,
//! second, ... card left in each suit, same leader and trump, the same
//! marriages and ace marriage still to declare) play alike: a move in one is
//! the move with the card of the same place in the other, and every trick
//! goes to the same seat. Only the card points in the tricks differ. So the
//! declarer's remaining points in one are within the point difference of the
//! other's (the "quasi-symmetry" of Kupferschmid and Helmert's Skat solver):
//! the table shares bounds between such positions, widened by that
//! difference.
//!
//! Each suit's lane holds six cards (bits 0-5, 9 to ace, in point order).
//! The per-lane work is done by 4096-entry tables over (cards left, hand).

use super::node::SUIT;

const LANE: u32 = 0x3F;
/// Card points by place in a lane: 9, J, Q, K, 10, A.
const LANE_POINTS: [u8; 6] = [0, 2, 3, 4, 10, 11];

/// `SQUEEZE[left << 6 | hand]`: the hand's cards as places among the cards
/// left (bit k: the hand holds the k-th lowest card left).
static SQUEEZE: [u8; 4096] = {
    let mut t = [0u8; 4096];
    let mut left = 0;
    while left < 64 {
        let mut hand = 0;
        while hand < 64 {
            let (mut out, mut place, mut bit) = (0u8, 0, 0);
            while bit < 6 {
                if left & 1 << bit != 0 {
                    if hand & 1 << bit != 0 {
                        out |= 1 << place;
                    }
                    place += 1;
                }
                bit += 1;
            }
            t[left << 6 | hand] = out;
            hand += 1;
        }
        left += 1;
    }
    t
};

/// `SHIFT[from << 6 | to]` for two lanes with as many cards: pairing their
/// cards lowest first, how many points `to` has more (low byte) and fewer
/// (high byte) than `from`, summed over the pairs.
static SHIFT: [u16; 4096] = {
    let mut t = [0u16; 4096];
    let mut from = 0;
    while from < 64 {
        let mut to = 0;
        while to < 64 {
            let (mut up, mut down) = (0u16, 0u16);
            let (mut a, mut b) = (from as u32, to as u32);
            while a != 0 && b != 0 {
                let pa = LANE_POINTS[a.trailing_zeros() as usize] as u16;
                let pb = LANE_POINTS[b.trailing_zeros() as usize] as u16;
                if pb > pa {
                    up += pb - pa;
                } else {
                    down += pa - pb;
                }
                a &= a - 1;
                b &= b - 1;
            }
            t[from << 6 | to] = up | down << 8;
            to += 1;
        }
        from += 1;
    }
    t
};

/// The cards of `hand` (a subset of `left`) by their places among `left`,
/// suit by suit.
#[inline]
pub fn squeeze(hand: u32, left: u32) -> u32 {
    let mut out = 0;
    for lane in 0..4 {
        let shift = 8 * lane;
        let at = ((left >> shift & LANE) << 6 | (hand >> shift & LANE)) as usize;
        out |= (SQUEEZE[at] as u32) << shift;
    }
    out
}

/// How far the declarer's remaining points can move from a position with
/// the cards `from` left to one of the same shape with the cards `to` left
/// (each suit holding as many cards in both): `(up, down)`, the points `to`
/// has more and fewer than `from`, card by card in the same places.
#[inline]
pub fn point_shift(from: u32, to: u32) -> (i16, i16) {
    let (mut up, mut down) = (0, 0);
    let differ = from ^ to;
    for lane in 0..4 {
        let shift = 8 * lane;
        if differ >> shift & LANE != 0 {
            let at = ((from >> shift & LANE) << 6 | (to >> shift & LANE)) as usize;
            up += (SHIFT[at] & 0xFF) as i16;
            down += (SHIFT[at] >> 8) as i16;
        }
    }
    (up, down)
}

/// The number of cards in each suit, one per lane's low bits (a branch-free
/// population count by lanes).
#[inline]
pub const fn lane_counts(cards: u32) -> u32 {
    let x = cards - (cards >> 1 & 0x5555_5555);
    let x = (x & 0x3333_3333) + (x >> 2 & 0x3333_3333);
    (x + (x >> 4)) & 0x0F0F_0F0F
}

/// The place of card `i` among the cards `left` of its suit.
#[inline]
pub fn place_of(i: u8, left: u32) -> u8 {
    let below = (1u32 << i) - 1;
    (left & SUIT[(i >> 3) as usize] & below).count_ones() as u8
}

/// The card at `place` among the cards `left` of suit `suit`, if any.
#[inline]
pub fn card_at(suit: u8, place: u8, left: u32) -> Option<u8> {
    let mut lane = left & SUIT[suit as usize];
    for _ in 0..place {
        lane &= lane.wrapping_sub(1);
    }
    (lane != 0).then(|| lane.trailing_zeros() as u8)
}

/// Where the marriages still to declare sit: for each suit whose K and Q one
/// hand holds, 1 + the number of its cards left below the queen (the 9 and
/// J), in bits 0-1 of the suit's lane; 0 elsewhere. Two positions of one
/// shape with equal marks have their marriages on the same places, so a
/// declaring lead in one is a declaring lead in the other.
#[inline]
pub fn marriage_marks(hands: [u32; 3]) -> u32 {
    let kq = hands.iter().fold(0, |acc, &h| acc | (h >> 2 & h >> 3)) & 0x0101_0101;
    let left = hands[0] | hands[1] | hands[2];
    let below_queen = (left & 0x0101_0101) + (left >> 1 & 0x0101_0101);
    (below_queen + 0x0101_0101) & (kq * 3)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The k-th card of a lane by counting, for comparison.
    fn places(lane: u32) -> Vec<u32> {
        (0..6).filter(|b| lane & 1 << b != 0).collect()
    }

    #[test]
    fn squeeze_keeps_the_order_of_the_cards_left() {
        for left in 0..64u32 {
            for hand in 0..64u32 {
                if hand & !left != 0 {
                    continue;
                }
                let got = squeeze(hand << 8, left << 8) >> 8;
                let want = places(left)
                    .iter()
                    .enumerate()
                    .filter(|&(_, &b)| hand & 1 << b != 0)
                    .fold(0, |acc, (k, _)| acc | 1 << k);
                assert_eq!(got, want, "left {left:06b} hand {hand:06b}");
            }
        }
    }

    #[test]
    fn point_shift_pairs_cards_lowest_first() {
        // 9 J A (0 + 2 + 11) against Q K 10 (3 + 4 + 10): 9->Q +3, J->K +2,
        // A->10 -1.
        let from = 0b100011 << 16;
        let to = 0b011100 << 16;
        assert_eq!(point_shift(from, to), (5, 1));
        assert_eq!(point_shift(to, from), (1, 5));
        assert_eq!(point_shift(from, from), (0, 0));
        // Lanes add up.
        assert_eq!(point_shift(from | 0b1, to | 0b10), (7, 1));
    }

    #[test]
    fn places_and_cards_agree() {
        let left = 0b110101 << 8 | 0b000011;
        for i in [8u8, 10, 12, 13, 0, 1] {
            let place = place_of(i, left);
            assert_eq!(card_at(i >> 3, place, left), Some(i));
        }
        assert_eq!(card_at(1, 4, left), None);
        assert_eq!(lane_counts(left), 4 << 8 | 2);
        assert_eq!(lane_counts(0x3F3F_3F3F), 0x0606_0606);
        assert_eq!(lane_counts(0b001111 << 8 | 0b100100), lane_counts(left));
        assert_ne!(lane_counts(0b000111 << 8 | 0b101100), lane_counts(left));
    }

    #[test]
    fn marks_say_where_the_queen_is() {
        // Spades (lane 3): K Q held by one hand, 9 and J left below: mark 3.
        // Diamonds (lane 1): K Q held, only the J below: mark 2. Hearts: K and
        // Q in different hands: no mark.
        let spades = 0b001111 << 24;
        let diamonds = 0b001110 << 8;
        let hands = [spades | diamonds | 0b000100, 0b001000, 0];
        let marks = marriage_marks(hands);
        assert_eq!(marks >> 24 & 3, 3);
        assert_eq!(marks >> 8 & 3, 2);
        assert_eq!(marks & 3, 0);
        assert_eq!(marks & !0x0303_0303, 0);
    }
}
