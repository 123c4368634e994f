//! Move generation for the search, best-first: the moves most likely to be
//! best come first so that alpha-beta cuts early. Cheap rules of thumb, no
//! search. Dominated cards of the last player to a trick are left out.

use super::node::{above, points, Consts, Node, NONE, SUIT};

/// Up to `N` moves: 16 (8 cards, and with `declare=optional` an undeclared
/// twin of each declaring lead), 20 with two players' ten cards, as move
/// bytes (card index, `0x80` undeclared). Sized by the seats, not always 20:
/// the keys are zeroed at every node, and three players' search measured
/// 0.8% more instructions with room for 20.
/// Each is kept as one sort key: the score above, the move below (inverted,
/// so that equal scores keep the lower card first).
pub struct Ordered<const N: usize> {
    keys: [u32; N],
    len: usize,
}

impl<const N: usize> Ordered<N> {
    #[inline]
    fn push(&mut self, m: u8, score: i16) {
        self.keys[self.len] = ((score as i32 + 0x8000) as u32) << 8 | (255 - m) as u32;
        self.len += 1;
    }

    /// The moves, best first.
    pub fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        self.keys[..self.len].iter().map(|k| 255 - (k & 0xFF) as u8)
    }

    /// Insertion sort, highest key first: at most `N` moves.
    #[inline]
    fn sort(&mut self) {
        for i in 1..self.len {
            let key = self.keys[i];
            let mut j = i;
            while j > 0 && self.keys[j - 1] < key {
                self.keys[j] = self.keys[j - 1];
                j -= 1;
            }
            self.keys[j] = key;
        }
    }
}

/// The moves of the player to move in `n`, best guess first; `hint` (a move
/// byte from the table, or `NONE`) goes first, then `killer` (a move that
/// cut off at this depth before, or `NONE`; ignored unless legal here).
#[inline(always)]
pub fn ordered_moves<const LEN: u8, const H: bool, const TWO: bool, const N: usize>(
    n: &Node,
    c: &Consts,
    hint: u8,
    killer: u8,
) -> Ordered<N> {
    let mut out = Ordered {
        keys: [0; N],
        len: 0,
    };
    let legal = n.legal::<H>(c);
    if legal & (legal - 1) == 0 && (LEN > 0 || !c.optional) {
        // One card, and no choice of declaring: nothing to order.
        out.push(legal.trailing_zeros() as u8, 0);
        return out;
    }
    match LEN {
        0 => leads::<TWO, N>(n, c, legal, &mut out),
        1 if !TWO => follows(n, legal, &mut out),
        // The trick's last card: the third, or the second of two seats.
        _ => last_to_play(n, c, legal, &mut out),
    }
    if out.len > 1 {
        if hint != NONE {
            let hinted = out.iter().position(|m| m == hint);
            if let Some(k) = hinted {
                out.keys[k] |= 0xFF_FF00;
            }
        }
        if killer != NONE && killer != hint {
            let killed = out.iter().position(|m| m == killer);
            if let Some(k) = killed {
                out.keys[k] = out.keys[k] & 0xFF | 0xFF_FE00;
            }
        }
        out.sort();
    }
    out
}

/// Leads: declare marriages, cash sure winners, otherwise lead low.
fn leads<const TWO: bool, const N: usize>(n: &Node, c: &Consts, legal: u32, out: &mut Ordered<N>) {
    let others = n.remaining() & !n.hand();
    // A defender's partner: the other defender (R's empty hand with two
    // seats: no partner).
    let partner = match n.leader {
        0 => 0,
        1 => n.hands[2],
        _ => n.hands[1],
    };
    // Suits an opponent of the leader can ruff: void in them, holding trump.
    let mut ruffable = 0u32;
    if n.trump != NONE {
        let trumps = SUIT[n.trump as usize];
        for (seat, &h) in n.hands.iter().enumerate() {
            let opponent = (seat == 0) != (n.leader == 0);
            if opponent && h & trumps != 0 {
                ruffable |= voids(h);
            }
        }
        ruffable &= !trumps;
    }
    let next = n.hands[n.seat_after_leader::<TWO>(1) as usize];
    let next_voids = voids(next);
    let hand = n.hand();
    // The weights were fitted by random search on node counts (bid samples
    // of five hands and 200 full deals), then checked on 1,200 other deals
    // under standard, pl and ru: median nodes -3%, mean -4% to -30%.
    for i in bits(legal) {
        let pts = points(i) as i16;
        let higher = others & above(i);
        let suit = SUIT[(i >> 3) as usize];
        let mut base = if higher == 0 && ruffable & (1 << i) != 0 {
            // Top of its suit, but an opponent ruffs it.
            -9 - pts
        } else if higher == 0 && n.leader == 0 && i >> 3 == n.trump {
            // D's top trumps keep: the lead that wins is far more often a
            // low side card.
            pts - 11
        } else if higher == 0 {
            // Top of its suit: wins.
            34 + pts
        } else if partner & (1 << (31 - higher.leading_zeros())) != 0 {
            // The partner holds the suit's top: lead low to it.
            41 - pts
        } else if i >> 3 == n.trump {
            -2
        } else {
            0
        };
        // Short suits first, and not one the next player can ruff or throw
        // a card on.
        base -= (hand & suit).count_ones() as i16;
        if next_voids & (1 << i) != 0 {
            base -= 5;
        }
        let (declared, marriage) = n.declares(c, i);
        if declared > 0 || marriage {
            // Declaring first, as a rule: its points are sure. But not D's
            // marriage that would take trump from a suit whose top card D
            // holds to one where a defender holds a card above its king:
            // the declaration can wait for a lead D keeps, and searched
            // first it is a wide, poor tree (one deal of 1,000 went from
            // 566k nodes to 58k).
            // (A held marriage is never of the trump suit: declaring it
            // set that trump and played its K or Q.)
            let gives_up_trump = marriage && n.leader == 0 && n.trump != NONE && {
                let trumps = n.remaining() & SUIT[n.trump as usize];
                trumps != 0
                    && hand & 1 << (31 - trumps.leading_zeros()) != 0
                    && others & suit & above(i | 3) != 0
            };
            let priority = if gives_up_trump { -200 } else { 200 };
            out.push(i, base + priority + declared);
            if c.optional {
                out.push(i | 0x80, base);
            }
        } else {
            out.push(i, base);
        }
    }
}

/// Second to play: take the lead with the highest winner, otherwise play
/// the least valuable card.
fn follows<const N: usize>(n: &Node, legal: u32, out: &mut Ordered<N>) {
    let me = n.mover;
    let third = n.hands[n.seat_after_leader::<false>(2) as usize];
    // The partner led and the last player cannot beat the lead: add points.
    let partner_keeps_it = (me == 0) == (n.leader == 0) && {
        let led = SUIT[n.led as usize];
        let beats_in_suit = third & led & above(n.high_led) != 0;
        let ruffs = n.trump != NONE
            && n.trump != n.led
            && third & led == 0
            && third & SUIT[n.trump as usize] != 0;
        !beats_in_suit && !ruffs
    };
    for i in bits(legal) {
        let wins = n.strength(i) > n.win_key;
        let score = if partner_keeps_it {
            if wins {
                -4 * points(i) as i16
            } else {
                50 + points(i) as i16
            }
        } else if wins {
            // The highest winner first: the last player may overtake a
            // lower one (measured: 6% fewer nodes on full deals, 12% for
            // every move's value, than the cheapest winner first).
            100 + (i & 7) as i16
        } else {
            -4 * points(i) as i16 - (i & 7) as i16
        };
        out.push(i, score);
    }
}

/// Last to play. The trick's winner is known once the card is chosen, so two
/// cards of one suit with no other player's card between them, with which the
/// same seat takes the trick (and leads next), play alike for the rest of the
/// hand: the side taking the trick wants the higher-point one in it, the
/// other side the lower. K/Q of a held marriage and aces under a live ace
/// marriage differ in what they can declare, so they are never merged.
fn last_to_play<const N: usize>(n: &Node, c: &Consts, legal: u32, out: &mut Ordered<N>) {
    let me = n.mover;
    let others = n.remaining() & !n.hand();
    let special = n.special(c);
    let beaters = n.beaters();
    let mut prev: Option<(u8, u8)> = None; // (card, winning seat)
    for i in bits(legal) {
        let wins = beaters & (1 << i) != 0;
        let winner = if wins { me } else { n.win_seat };
        let ours = (winner == 0) == (me == 0);
        let pts = points(i) as i16;
        let score = if wins {
            100 - (i & 7) as i16
        } else if ours {
            50 + pts // the partner takes it: add points
        } else {
            -4 * pts - (i & 7) as i16
        };
        if let Some((p, p_winner)) = prev {
            let between = ((1u32 << i) - 1) & !((2u32 << p) - 1);
            let same_run = p >> 3 == i >> 3
                && others & between == 0
                && special & (1 << i | 1 << p) == 0
                && p_winner == winner;
            if same_run {
                // Cards come lowest first, so `i` has the higher points.
                if ours {
                    out.len -= 1;
                    out.push(i, score);
                }
                prev = Some((i, winner));
                continue;
            }
        }
        out.push(i, score);
        prev = Some((i, winner));
    }
}

/// The lanes (whole suits) in which `hand` holds no card.
#[inline]
fn voids(hand: u32) -> u32 {
    // One bit per lane: does it hold anything? Spread back over the lane.
    let held = (hand + 0x3F3F_3F3F) >> 6 & 0x0101_0101;
    (held ^ 0x0101_0101) * 0x3F
}

/// The set bits of `set`, lowest first.
#[inline]
fn bits(mut set: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let i = set.trailing_zeros() as u8;
            set &= set - 1;
            Some(i)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn voids_are_the_empty_lanes() {
        for hand in [
            0u32,
            0x3F,
            0x0100_0001,
            0x2000_0020,
            0x3F3F_3F3F,
            0x0001_0000,
        ] {
            let want: u32 = SUIT
                .iter()
                .filter(|&&l| hand & l == 0)
                .fold(0, |a, l| a | l);
            assert_eq!(voids(hand), want, "{hand:#x}");
        }
    }
}
