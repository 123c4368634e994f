//! The contract D's own procedure announces with each of the C(24, 8) =
//! 735,471 hands of eight, measured once by the solver and shipped as
//! `data/announce.bin` (one byte a hand: the level, in tens).
//!
//! The level is the procedure's over a bid of 100 and, for a hand that
//! announces only 100 there, its level over a bid of 0, at most 100
//! (`data::graded_level`): a bid's floor alone would make one class of
//! every hand that cannot announce 110, the hopeless and the nearly good
//! alike, and those few of them D does raise with are the nearly good ones
//! (docs/inference.md).
//!
//! D announces from the double-dummy points its kept cards make over the
//! layouts it samples (`player::announce`), and that procedure is nearly
//! deterministic: measured twice on 50 layouts each, the same hand
//! announces the same level 99 times in 100. A learned sum over the suits
//! misses it by about 5 points (root mean square), and a contract model
//! that reads so blunt a number weighs hands that would never have
//! announced the contract heard (docs/inference.md). The table reads the
//! procedure itself: the contract model's `announce/10` feature.
//!
//! The table is rebuilt by `tysiac inference announce-table` (the command
//! and its figures are in docs/inference.md). A hand whose holding has no
//! marriage (no suit with its king and queen) makes the same points in any
//! order of its suits, so such hands are measured once per order of their
//! suits' holdings.

use crate::engine::cardset::CardSet;

/// Hands of eight cards out of 24.
pub const HANDS: usize = 735_471;

/// `CHOOSE[n][k]` = C(n, k), for n ≤ 24 and k ≤ 8.
const CHOOSE: [[u32; 9]; 25] = {
    let mut t = [[0u32; 9]; 25];
    let mut n = 0;
    while n < 25 {
        t[n][0] = 1;
        let mut k = 1;
        while k < 9 {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
};

/// The shipped table: one byte a hand, by [`rank`].
static TABLE: &[u8] = include_bytes!("../../../data/announce.bin");

/// A hand's place among the 735,471 (the combinatorial number system over
/// the 24 cards packed by [`CardSet::compact`]); `None` unless it has eight
/// cards.
///
/// ```
/// use tysiac::players::inference::announced::{rank, unrank, HANDS};
/// use tysiac::CardSet;
/// let hand: CardSet = "AKQ.T9..AJ".parse::<CardSet>().unwrap();
/// assert_eq!(rank(hand), None); // seven cards
/// let eight = hand | "..Q.".parse::<CardSet>().unwrap();
/// let r = rank(eight).unwrap();
/// assert!(r < HANDS && unrank(r) == eight);
/// ```
pub fn rank(hand: CardSet) -> Option<usize> {
    if hand.len() != 8 {
        return None;
    }
    let mut bits = hand.compact();
    let mut r = 0;
    let mut k = 1;
    while bits != 0 {
        let c = bits.trailing_zeros() as usize;
        r += CHOOSE[c][k] as usize;
        bits &= bits - 1;
        k += 1;
    }
    Some(r)
}

/// The hand of eight at place `r` (`r < HANDS`).
pub fn unrank(mut r: usize) -> CardSet {
    let mut compact = 0u32;
    for k in (1..=8).rev() {
        // The largest card c with C(c, k) ≤ r.
        let mut c = k - 1;
        while c + 1 < 24 && CHOOSE[c + 1][k] as usize <= r {
            c += 1;
        }
        compact |= 1 << c;
        r -= CHOOSE[c][k] as usize;
    }
    from_compact(compact)
}

/// The card set of 24 packed bits (the inverse of [`CardSet::compact`]).
fn from_compact(c: u32) -> CardSet {
    let bits = (c & 0x3F) | (c & 0xFC0) << 2 | (c & 0x3_F000) << 4 | (c & 0xFC_0000) << 6;
    CardSet(bits)
}

/// The level D's procedure announces with `kept` over a bid of 100, were
/// its marriages no limit, graded below 100 for a hand that announces only
/// 100 there (the module says how); `None` unless `kept` has eight cards.
pub fn announced(kept: CardSet) -> Option<u16> {
    let r = rank(kept)?;
    TABLE.get(r).map(|&b| 10 * u16::from(b))
}

/// The hand measured for `hand`: itself, or for a hand with no marriage
/// the one with its suits' holdings in ascending order (the same points).
pub fn representative(hand: CardSet) -> CardSet {
    let lanes = hand.bits();
    let mut holdings = [0u32; 4];
    for (s, h) in holdings.iter_mut().enumerate() {
        *h = lanes >> (8 * s) & 0x3F;
    }
    // The king and queen bits of a lane (ranks 9 J Q K T A from bit 0).
    let married = holdings.iter().any(|h| h & 0b01100 == 0b01100);
    if married {
        return hand;
    }
    holdings.sort_unstable();
    let bits = holdings
        .iter()
        .enumerate()
        .fold(0, |b, (s, h)| b | h << (8 * s));
    CardSet(bits)
}

/// The places of the hands measured, ascending: each hand that is its own
/// [`representative`].
pub fn measured_hands() -> Vec<usize> {
    (0..HANDS)
        .filter(|&r| rank(representative(unrank(r))) == Some(r))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_a_bijection_onto_the_hands() {
        assert_eq!(CHOOSE[24][8] as usize, HANDS);
        let mut seen = vec![false; HANDS];
        // Every 97th place and its neighbours, both ways.
        for r in (0..HANDS).step_by(97).chain([1, HANDS - 1]) {
            let hand = unrank(r);
            assert_eq!(hand.len(), 8, "{r}");
            assert_eq!(rank(hand), Some(r));
            seen[r] = true;
        }
        assert_eq!(unrank(0).compact(), 0xFF);
        assert_eq!(unrank(HANDS - 1).compact(), 0xFF_0000);
    }

    #[test]
    fn the_table_has_a_level_for_every_hand() {
        assert_eq!(TABLE.len(), HANDS);
        assert!(TABLE.iter().all(|&b| b <= 36), "levels up to 360");
    }

    /// Why a hand without marriage is measured once per sorted order: with
    /// no marriage in D's hand, the suits differ in nothing D scores (the
    /// defenders' marriages set trumps alike in any suit, and their values
    /// are not D's points), so the same layout with its suits reordered is
    /// worth the same to D, double-dummy. A marriage in D's hand breaks it.
    #[test]
    fn reordering_the_suits_keeps_the_value_without_a_marriage_in_d_hand() {
        use crate::engine::sample::{deal_unseen, sample_rng};
        use crate::{Rules, Seat, Solver, State};
        let permute = |set: CardSet, order: [usize; 4]| {
            let mut bits = 0;
            for (from, to) in order.into_iter().enumerate() {
                bits |= (set.bits() >> (8 * from) & 0x3F) << (8 * to);
            }
            CardSet(bits)
        };
        let rules = Rules::STANDARD;
        let mut solver = Solver::new(rules);
        let (mut checked, mut differs_with_marriage) = (0, 0);
        for i in 0..400u64 {
            let mut rng = sample_rng(91, i);
            let p = deal_unseen(CardSet::EMPTY, &[8, 8, 8], &mut rng);
            let order = [[1, 0, 2, 3], [3, 2, 1, 0], [2, 3, 0, 1]][i as usize % 3];
            let value = |hands: [CardSet; 3], solver: &mut Solver| {
                solver.value(&State::new(hands, Seat::D, None, [0; 3]))
            };
            let moved: Vec<CardSet> = p.iter().map(|&h| permute(h, order)).collect();
            let (a, b) = (
                value([p[0], p[1], p[2]], &mut solver),
                value([moved[0], moved[1], moved[2]], &mut solver),
            );
            if representative(p[0]) == p[0] && p[0].marriages().next().is_some() {
                differs_with_marriage += usize::from(a != b);
            } else if p[0].marriages().next().is_none() {
                assert_eq!(a, b, "{:?} reordered {order:?}", p);
                checked += 1;
            }
        }
        assert!(checked > 200, "{checked}");
        // The test can fail: a marriage in D's hand does change the value.
        assert!(differs_with_marriage > 10, "{differs_with_marriage}");
    }

    /// Counted apart (a script over the 735,471 hands): 269,993 hold a
    /// marriage, and the others fall into 22,032 sorted orders.
    #[test]
    fn the_hands_measured_are_each_married_hand_and_each_sorted_order() {
        let m = measured_hands();
        assert_eq!(m.len(), 269_993 + 22_032);
        assert!(m.windows(2).all(|w| w[0] < w[1]));
        assert!(m
            .iter()
            .all(|&r| rank(representative(unrank(r))) == Some(r)));
    }

    #[test]
    fn a_hand_without_marriage_is_measured_in_its_sorted_order() {
        let parse = |s: &str| s.parse::<CardSet>().unwrap();
        // Hearts K-Q: a marriage, measured as it is.
        let married = parse("KQ9.AT.J9.A");
        assert_eq!(representative(married), married);
        // No marriage: any order of the same holdings measures one hand.
        let a = parse("AT9.K.QJ.A9");
        let b = parse("QJ.A9.AT9.K");
        assert_eq!(representative(a), representative(b));
        assert_eq!(representative(a).len(), 8);
        assert_eq!(representative(representative(a)), representative(a));
    }
}
