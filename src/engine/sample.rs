//! Dealing the cards the declarer cannot see, uniformly at random, and the
//! per-sample random generators that keep reports independent of threads.

use rand::seq::SliceRandom;
use rand::Rng;

use crate::engine::card::Card;
use crate::engine::cardset::CardSet;
use crate::engine::deal::Deal;
use crate::engine::random::{self, SeededRng};
use crate::engine::rules::{Players, Rules};

/// Streams at or above this are for auxiliary draws (the `exchange`
/// command's screening layouts), so they never repeat a main sample's cards.
pub const AUX_STREAM: u64 = 1 << 63;

/// The generator for sample `index` of a run seeded with `seed`.
///
/// Each sample owns a ChaCha stream of its own, so what it draws depends on
/// (seed, index) alone: which thread solves it, and in what order, cannot
/// change the report.
pub fn sample_rng(seed: u64, index: u64) -> SeededRng {
    let mut rng = random::rng(seed);
    rng.set_stream(index);
    rng
}

/// Deals the cards outside `known` into piles of the given `sizes`
/// (e.g. `[7, 7, 3]` for L, R and the musik), uniformly: every way to
/// split the unseen cards into piles of these sizes is equally likely.
///
/// The unseen cards are put in a fixed order (by index), shuffled with
/// Fisher–Yates, and cut into consecutive piles.
///
/// ```
/// use tysiac::{CardSet, engine::sample::{deal_unseen, sample_rng}};
/// let hand: CardSet = "AKQ.T9..AJ".parse().unwrap();
/// let piles = deal_unseen(hand, &[7, 7, 3], &mut sample_rng(1, 0));
/// assert_eq!(piles.iter().map(|p| p.len()).collect::<Vec<_>>(), vec![7, 7, 3]);
/// assert_eq!(piles[0] | piles[1] | piles[2] | hand, CardSet::ALL);
/// ```
///
/// # Panics
/// If the sizes do not add up to the number of unseen cards (a caller bug,
/// not an input error: inputs are checked before sampling).
pub fn deal_unseen<R: Rng>(known: CardSet, sizes: &[usize], rng: &mut R) -> Vec<CardSet> {
    let mut unseen: Vec<Card> = (!known).iter().collect();
    assert_eq!(
        sizes.iter().sum::<usize>(),
        unseen.len(),
        "pile sizes must cover the unseen cards"
    );
    unseen.shuffle(rng);
    let mut piles = Vec::with_capacity(sizes.len());
    let mut at = 0;
    for &n in sizes {
        piles.push(unseen[at..at + n].iter().copied().collect());
        at += n;
    }
    piles
}

/// Sets the streams of [`balanced_musik`]'s shuffles apart from the
/// samples' own.
const MUSIK_STREAM: u64 = 0x6d75_7369_6b5f_6261;

/// The musik of sample `index` of a run seeded with `seed`, drawn from the
/// cards outside `known` so that the samples share it out evenly.
///
/// Which cards a hand finds in the musik is most of the spread of its
/// samples' values (on the bid answer's hands, 60–80% of the variance of a
/// sample's chance at a level), so the samples come in blocks: a block
/// shuffles the unseen cards once, and its samples take their musiks as
/// consecutive windows of that list, going round it. Over a block each
/// unseen card lands in the musik equally often (3 times in 17 samples
/// with three players, once in 7 with two), while each sample's musik on
/// its own is still uniform over all musiks. The answer's noise drops as
/// if there were several times the samples, for free. A sample's musik
/// depends on (seed, index) alone, like the rest of its cards.
///
/// ```
/// use tysiac::{CardSet, engine::sample::balanced_musik};
/// let hand: CardSet = "AKQ.T9..AJ".parse().unwrap();
/// let mut landed = [0; 32];
/// for i in 0..17 {
///     let musik = balanced_musik(hand, 3, 5, i);
///     assert_eq!(musik.len(), 3);
///     assert!((musik & hand).is_empty());
///     musik.iter().for_each(|c| landed[c.index() as usize] += 1);
/// }
/// assert!((!hand).iter().all(|c| landed[c.index() as usize] == 3));
/// ```
pub fn balanced_musik(known: CardSet, size: usize, seed: u64, index: u64) -> CardSet {
    let mut unseen: Vec<Card> = (!known).iter().collect();
    let u = unseen.len();
    assert!(
        size <= u,
        "a musik of {size} from {u} unseen cards is a caller bug"
    );
    if size == 0 {
        return CardSet::EMPTY;
    }
    let block = (u / gcd(u, size)) as u64;
    let (b, j) = (index / block, (index % block) as usize);
    unseen.shuffle(&mut sample_rng(seed ^ MUSIK_STREAM, b));
    (0..size).map(|t| unseen[(size * j + t) % u]).collect()
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// A deal around `hand` for sample `index` of a run seeded with `seed`: the
/// musik D takes by [`balanced_musik`], the other cards dealt uniformly
/// from `rng`, 7 to L and 7 to R; with two players 10 to L and 2 to the
/// other musik. Every sample's deal on its own is uniform, as
/// [`deal_around`]'s.
pub fn deal_around_balanced<R: Rng>(
    rules: &Rules,
    hand: CardSet,
    seed: u64,
    index: u64,
    rng: &mut R,
) -> Deal {
    match rules.players {
        Players::Three => {
            let musik = balanced_musik(hand, 3, seed, index);
            let p = deal_unseen(hand | musik, &[7, 7], rng);
            Deal::new([hand, p[0], p[1]], musik)
        }
        Players::Two => {
            let musik = balanced_musik(hand, 2, seed, index);
            let p = deal_unseen(hand | musik, &[10, 2], rng);
            Deal::two(hand, p[0], musik, p[1])
        }
    }
}

/// A deal around `hand`, D's as dealt: the other cards dealt uniformly, 7
/// to L, 7 to R and 3 to the musik; with two players 10 to L, 2 to the
/// musik D takes and 2 to the other one.
pub fn deal_around<R: Rng>(rules: &Rules, hand: CardSet, rng: &mut R) -> Deal {
    match rules.players {
        Players::Three => {
            let p = deal_unseen(hand, &[7, 7, 3], rng);
            Deal::new([hand, p[0], p[1]], p[2])
        }
        Players::Two => {
            let p = deal_unseen(hand, &[10, 2, 2], rng);
            Deal::two(hand, p[0], p[1], p[2])
        }
    }
}

/// A layout of what the declarer cannot see once it holds the musik: D's
/// hand and musik as in `deal`, the other cards dealt uniformly, 7 to L and
/// 7 to R; with two players 10 to L and 2 to the other musik.
pub fn declarer_layout<R: Rng>(deal: &Deal, rng: &mut R) -> Deal {
    let (hand, musik) = (deal.hands[0], deal.musik);
    if deal.is_two() {
        let p = deal_unseen(hand | musik, &[10, 2], rng);
        Deal::two(hand, p[0], musik, p[1])
    } else {
        let p = deal_unseen(hand | musik, &[7, 7], rng);
        Deal::new([hand, p[0], p[1]], musik)
    }
}

/// How often each unseen card landed in each pile: `counts[i][p]` for the
/// `i`-th unseen card (by index) and pile `p`. For testing a sampler's
/// uniformity; `draw` is the sampler under test.
pub fn landing_counts(
    known: CardSet,
    piles: usize,
    draws: usize,
    mut draw: impl FnMut(usize) -> Vec<CardSet>,
) -> Vec<Vec<u64>> {
    let unseen: Vec<Card> = (!known).iter().collect();
    let mut counts = vec![vec![0u64; piles]; unseen.len()];
    for d in 0..draws {
        let dealt = draw(d);
        for (i, &c) in unseen.iter().enumerate() {
            for (p, pile) in dealt.iter().enumerate() {
                if pile.contains(c) {
                    counts[i][p] += 1;
                }
            }
        }
    }
    counts
}

/// Every way to choose `k` cards from `cards`, for exact enumerations (the
/// 680 possible musiks of a 7-card hand).
pub fn combinations(cards: CardSet, k: usize) -> Vec<CardSet> {
    fn go(rest: &[Card], k: usize, acc: CardSet, out: &mut Vec<CardSet>) {
        if k == 0 {
            out.push(acc);
            return;
        }
        for i in 0..rest.len() {
            if rest.len() - i < k {
                break;
            }
            go(&rest[i + 1..], k - 1, acc.with(rest[i]), out);
        }
    }
    let list: Vec<Card> = cards.iter().collect();
    let mut out = Vec::new();
    go(&list, k, CardSet::EMPTY, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_index_same_cards_other_index_other_cards() {
        let hand: CardSet = "AKQ.T9..AJ".parse().unwrap();
        let a = deal_unseen(hand, &[7, 7, 3], &mut sample_rng(5, 17));
        let b = deal_unseen(hand, &[7, 7, 3], &mut sample_rng(5, 17));
        let c = deal_unseen(hand, &[7, 7, 3], &mut sample_rng(5, 18));
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn combinations_count() {
        let hand: CardSet = "AKQ.T9..AJ".parse().unwrap();
        let all = combinations(!hand, 3);
        assert_eq!(all.len(), 680); // C(17, 3)
        assert!(all.iter().all(|m| m.len() == 3 && (*m & hand).is_empty()));
    }
}
