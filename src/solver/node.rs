//! The search's own compact position: the hands as bits and what the search
//! needs to know of the trick in progress (led suit, highest card of it,
//! highest trump, who is winning, points in it), kept up to date card by card.
//! It plays exactly as [`State`] does; the tests compare the two.

#[cfg(test)]
use crate::engine::card::Card;
use crate::engine::card::Rank;
#[cfg(test)]
use crate::engine::cardset::CardSet;
use crate::engine::rules::{BeatSeat, Declare, Players, Rules, TrumpFrom, TrumpRule};
use crate::engine::state::{last_musik_points, State};

/// No trump / no card.
pub const NONE: u8 = 0xFF;

pub const SUIT: [u32; 4] = [0x3F, 0x3F << 8, 0x3F << 16, 0x3F << 24];
const ACES: u32 = 0x2020_2020;
/// Card points by card index (a lane of 8 per suit, 6 ranks used).
const POINTS: [u8; 32] = [
    0, 2, 3, 4, 10, 11, 0, 0, 0, 2, 3, 4, 10, 11, 0, 0, 0, 2, 3, 4, 10, 11, 0, 0, 0, 2, 3, 4, 10,
    11, 0, 0,
];

/// The card points of one lane's cards (bits 0-5: 9 J Q K T A) by the lane's
/// six bits: a set's points are four lookups, cheaper than a popcount per
/// rank.
const LANE_POINTS: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut lane = 0;
    while lane < 64 {
        let mut bit = 0;
        while bit < 6 {
            if lane & 1 << bit != 0 {
                t[lane] += POINTS[bit];
            }
            bit += 1;
        }
        lane += 1;
    }
    t
};

/// The card points of the set of cards `set`.
#[inline]
pub fn set_points(set: u32) -> i16 {
    (LANE_POINTS[(set & 0x3F) as usize] as u16
        + LANE_POINTS[(set >> 8 & 0x3F) as usize] as u16
        + LANE_POINTS[(set >> 16 & 0x3F) as usize] as u16
        + LANE_POINTS[(set >> 24 & 0x3F) as usize] as u16) as i16
}

/// Cards of the same suit above the card with index `i`: a table, as the
/// search asks this at almost every card.
#[inline]
pub const fn above(i: u8) -> u32 {
    ABOVE[(i & 31) as usize]
}

const ABOVE: [u32; 32] = {
    let mut t = [0u32; 32];
    let mut i = 0;
    while i < 32 {
        let through_ace = (1u32 << ((i & !7) + 6)) - 1;
        t[i] = through_ace & !(2u32 << i).wrapping_sub(1);
        i += 1;
    }
    t
};

/// The points of the `k` cheapest cards of `hand` (a lane's bit order is its
/// point order, so the lowest ranks first): rank by rank, as many of that
/// rank as still needed.
#[inline]
fn cheapest(hand: u32, k: u32) -> i16 {
    const RANK_POINTS: [i16; 6] = [0, 2, 3, 4, 10, 11];
    let (mut need, mut total) = (k, 0);
    for (r, p) in RANK_POINTS.iter().enumerate() {
        if need == 0 {
            break;
        }
        let n = (hand & 0x0101_0101 << r).count_ones().min(need);
        total += n as i16 * p;
        need -= n;
    }
    total
}

/// Card points by card index.
#[inline]
pub const fn points(i: u8) -> u8 {
    POINTS[(i & 31) as usize]
}

/// The rules, unpacked once per search into what the hot path reads.
#[derive(Copy, Clone)]
pub struct Consts {
    pub must_beat: bool,
    pub must_trump: bool,
    pub must_overtrump: bool,
    pub first_trick_marriage: bool,
    pub optional: bool,
    pub marriage_sets_trump: bool,
    pub marriage: [i16; 4],
    pub aces: i16,
    /// The four aces if the ace marriage counts, else nothing: `hand &
    /// ace_mask == ACES` asks "all four held, and do they count?" at once.
    pub ace_mask: u32,
    pub tricks: u32,
    pub beat_after_trump: bool,
    /// Rule 1 binds the third player too (`beat_seat=all`).
    pub beat_third: bool,
    pub partial_trump: bool,
    /// A marriage's trump waits for the next trick.
    pub next_trick: bool,
    /// D's first-trick marriage waits for D's first trick won.
    pub needs_trick: bool,
    pub last_trick_bonus: i16,
    /// The points of a declaration waiting for a trick, by [`Node::pending`]:
    /// none, the marriages of H D C S, the ace marriage.
    pub pending_values: [i16; 6],
    /// Any of the three rules above that act at a trick's end.
    pub trick_end_rules: bool,
    /// Any house rule of play not at its standard value (`beat_after_trump`,
    /// `beat_seat`, `partial_trump`, `trump_from`, `marriage_needs_trick`,
    /// `last_trick_bonus`). Without one, the search runs a copy of itself
    /// compiled with those rules' tests left out (the `H` parameter of
    /// [`Node::legal`], [`Node::play_at`] and the search): they then cost
    /// nothing. Two seats always run the copy with them.
    pub house: bool,
    /// Two seats (`players=2`): D and L, tricks of two cards. The search
    /// runs a copy of itself compiled for two seats (the `TWO` parameter).
    pub two: bool,
    /// With two seats: what the musik taken with the last trick scores
    /// (fixed for a search; part of the table's key, since the exchanges of
    /// one deal lay different cards into it). It is also in
    /// `last_trick_bonus`, as it goes with the last trick.
    pub last_musik: i16,
}

impl Consts {
    pub fn new(r: &Rules) -> Consts {
        Consts {
            must_beat: r.must_beat,
            must_trump: r.must_trump,
            must_overtrump: r.must_overtrump,
            first_trick_marriage: r.first_trick_marriage,
            optional: r.declare == Declare::Optional,
            marriage_sets_trump: r.trump == TrumpRule::Marriage,
            marriage: r.marriage_values.map(|v| v as i16),
            aces: r.ace_marriage as i16,
            ace_mask: if r.ace_marriage > 0 { ACES } else { 0 },
            tricks: r.tricks() as u32,
            beat_after_trump: r.beat_after_trump,
            beat_third: r.beat_seat == BeatSeat::All,
            partial_trump: r.partial_trump,
            next_trick: r.trump_from == TrumpFrom::NextTrick,
            needs_trick: r.marriage_needs_trick,
            last_trick_bonus: r.last_trick_bonus as i16,
            pending_values: {
                let m = r.marriage_values.map(|v| v as i16);
                [0, m[0], m[1], m[2], m[3], r.ace_marriage as i16]
            },
            trick_end_rules: r.trump_from == TrumpFrom::NextTrick
                || r.marriage_needs_trick
                || r.last_trick_bonus > 0,
            house: !r.beat_after_trump
                || r.beat_seat != BeatSeat::All
                || r.partial_trump
                || r.trump_from != TrumpFrom::Lead
                || r.marriage_needs_trick
                || r.last_trick_bonus > 0,
            two: r.players == Players::Two,
            last_musik: 0,
        }
    }

    /// The constants of a search from `s`: the rules', and with two seats
    /// the points of the musik the last trick takes, which go with the last
    /// trick like `last_trick_bonus`.
    pub fn for_state(r: &Rules, s: &State) -> Consts {
        let mut c = Consts::new(r);
        assert_eq!(
            usize::from(s.seats),
            r.seats(),
            "a state of {} seats under rules of {} players",
            s.seats,
            r.seats()
        );
        if c.two {
            c.last_musik = last_musik_points(r, s.last_musik) as i16;
            c.last_trick_bonus += c.last_musik;
            c.trick_end_rules |= c.last_musik > 0;
            c.house = true;
        }
        c
    }
}

/// A position inside the search.
#[derive(Copy, Clone, Debug)]
pub struct Node {
    pub hands: [u32; 3],
    pub leader: u8,
    /// Trump suit, or `NONE`.
    pub trump: u8,
    /// Cards played to the trick.
    pub len: u8,
    pub led: u8,
    /// Index of the highest card of the led suit in the trick.
    pub high_led: u8,
    /// Index of the highest trump in the trick, or `NONE`.
    pub high_trump: u8,
    pub win_seat: u8,
    /// Strength of the winning card: 16 + rank for trumps, 8 + rank for
    /// the led suit.
    pub win_key: u8,
    pub trick_points: u8,
    /// The seat to play, kept rather than worked out at every card.
    pub mover: u8,
    /// The trump declared on this trick's lead under `trump_from=next_trick`
    /// (`NONE`: no change): in force from the next trick.
    pub pending_trump: u8,
    /// D's first-trick declaration under `marriage_needs_trick`, scored
    /// when D wins a trick: an index into [`Consts::pending_values`] (0:
    /// none; a byte keeps the node at 24 bytes). Positions holding one are
    /// not shared through the table (its entries know nothing of it).
    pub pending: u8,
}

/// The seat after seat `s`: D L R, or D L with two seats (`TWO`).
#[inline(always)]
const fn next<const TWO: bool>(s: u8) -> u8 {
    const NEXT: [u8; 4] = [1, 2, 0, 0];
    if TWO {
        s ^ 1
    } else {
        NEXT[(s & 3) as usize]
    }
}

impl Node {
    /// The node of `s` under the rules unpacked in `c`.
    pub fn from_state_with(s: &State, c: &Consts) -> Node {
        let mut n = Node::from_state(s);
        let waiting = s.pending_points[0] as i16;
        if waiting != 0 {
            n.pending = (1..6)
                .find(|&k| c.pending_values[k] == waiting)
                .expect("points waiting for a trick are one declaration's")
                as u8;
        }
        n
    }

    /// The node of `s`, with no declaration waiting for a trick.
    pub fn from_state(s: &State) -> Node {
        let two = s.seats == 2;
        let mut n = Node {
            hands: [s.hands[0].bits(), s.hands[1].bits(), s.hands[2].bits()],
            leader: s.leader as u8,
            trump: s.trump.map_or(NONE, |t| t as u8),
            len: 0,
            led: 0,
            high_led: 0,
            high_trump: NONE,
            win_seat: s.leader as u8,
            win_key: 0,
            trick_points: 0,
            mover: s.leader as u8,
            pending_trump: s.pending_trump.map_or(NONE, |t| t as u8),
            pending: 0,
        };
        for &c in s.trick() {
            n.add_to_trick(c.index(), two);
        }
        n.mover = if two {
            n.seat_after_leader::<true>(n.len)
        } else {
            n.seat_after_leader::<false>(n.len)
        };
        n
    }

    #[inline]
    pub fn hand(&self) -> u32 {
        self.hands[self.mover as usize]
    }

    #[inline]
    pub fn remaining(&self) -> u32 {
        self.hands[0] | self.hands[1] | self.hands[2]
    }

    /// Strength of card `i` in this trick (0: cannot win it).
    #[inline]
    pub fn strength(&self, i: u8) -> u8 {
        let suit = i >> 3;
        if suit == self.trump {
            16 + (i & 7)
        } else if suit == self.led {
            8 + (i & 7)
        } else {
            0
        }
    }

    /// The cards that would take the trick in progress from its winner.
    #[inline]
    pub fn beaters(&self) -> u32 {
        if self.high_trump != NONE {
            SUIT[self.trump as usize] & above(self.high_trump)
        } else if self.trump != NONE {
            SUIT[self.led as usize] & above(self.high_led) | SUIT[self.trump as usize]
        } else {
            SUIT[self.led as usize] & above(self.high_led)
        }
    }

    /// The legal cards of the player to move, as bits. With `H` false the
    /// house rules are taken as off (see [`Consts::house`]).
    #[inline(always)]
    pub fn legal<const H: bool>(&self, c: &Consts) -> u32 {
        let hand = self.hand();
        if self.len == 0 {
            return hand;
        }
        let follow = hand & SUIT[self.led as usize];
        if follow != 0 {
            // Rule 1, unless beat_seat=second frees the third card or
            // beat_after_trump=no a trick a void player has trumped.
            if c.must_beat
                && (!H
                    || (c.beat_third || self.len == 1)
                        && (c.beat_after_trump
                            || self.high_trump == NONE
                            || self.trump == self.led))
            {
                let higher = follow & above(self.high_led);
                if higher != 0 {
                    return higher;
                }
            }
            return follow;
        }
        if c.must_trump && self.trump != NONE {
            let trumps = hand & SUIT[self.trump as usize];
            if trumps != 0 {
                if self.high_trump != NONE {
                    let higher = trumps & above(self.high_trump);
                    if c.must_overtrump && higher != 0 {
                        return higher;
                    }
                    if H && c.partial_trump && higher == 0 {
                        return hand;
                    }
                }
                return trumps;
            }
        }
        hand
    }

    /// Is this the first trick of the hand (at a trick start)?
    #[inline]
    pub fn first_trick(&self, c: &Consts) -> bool {
        self.hands[self.leader as usize].count_ones() == c.tricks
    }

    /// The points leading card `i` declares (0: none), and whether it is a
    /// marriage (which may change trump).
    #[inline]
    pub fn declares(&self, c: &Consts, i: u8) -> (i16, bool) {
        let rank = i & 7;
        let hand = self.hands[self.leader as usize];
        if rank == Rank::King as u8 || rank == Rank::Queen as u8 {
            let kq = 0b1100u32 << (i & !7);
            if hand & kq == kq && (c.first_trick_marriage || !self.first_trick(c)) {
                return (c.marriage[(i >> 3) as usize], true);
            }
        } else if rank == Rank::Ace as u8
            && hand & c.ace_mask == ACES
            && (c.first_trick_marriage || !self.first_trick(c))
        {
            return (c.aces, false);
        }
        (0, false)
    }

    /// The seat `k` places after the leader (k < 3; k < 2 with two seats).
    #[inline(always)]
    pub fn seat_after_leader<const TWO: bool>(&self, k: u8) -> u8 {
        const SEATS: [u8; 8] = [0, 1, 2, 0, 1, 2, 0, 1];
        if TWO {
            (self.leader + k) & 1
        } else {
            SEATS[(self.leader + k) as usize & 7]
        }
    }

    /// Adds card `i` to the trick (its player's hand is updated elsewhere).
    fn add_to_trick(&mut self, i: u8, two: bool) {
        if self.len == 0 {
            self.add_lead(i);
        } else {
            let seat = if two {
                self.seat_after_leader::<true>(self.len)
            } else {
                self.seat_after_leader::<false>(self.len)
            };
            self.add_follow(i, seat);
        }
        self.len += 1;
    }

    /// Starts the trick with card `i`, led by the leader.
    #[inline(always)]
    fn add_lead(&mut self, i: u8) {
        let suit = i >> 3;
        self.led = suit;
        self.high_led = i;
        self.high_trump = if suit == self.trump { i } else { NONE };
        self.win_key = self.strength(i);
        self.win_seat = self.leader;
        self.trick_points = points(i);
    }

    /// Adds card `i`, played by `seat`, to a trick already led.
    #[inline(always)]
    fn add_follow(&mut self, i: u8, seat: u8) {
        let suit = i >> 3;
        if suit == self.led && i > self.high_led {
            self.high_led = i;
        }
        if suit == self.trump && (self.high_trump == NONE || i > self.high_trump) {
            self.high_trump = i;
        }
        let k = self.strength(i);
        if k > self.win_key {
            self.win_key = k;
            self.win_seat = seat;
        }
        self.trick_points += points(i);
    }

    /// Plays move byte `m` (card index, `0x80` = lead without declaring);
    /// returns the points the declarer gained by it. The search calls
    /// [`Node::play_at`] directly; this is for the tests.
    #[cfg(test)]
    pub fn play(&mut self, c: &Consts, m: u8) -> i16 {
        match (self.len, c.two) {
            (0, false) => self.play_at::<0, true, false>(c, m),
            (1, false) => self.play_at::<1, true, false>(c, m),
            (_, false) => self.play_at::<2, true, false>(c, m),
            (0, true) => self.play_at::<0, true, true>(c, m),
            (_, true) => self.play_at::<1, true, true>(c, m),
        }
    }

    /// [`Node::play`] for a node with `LEN` cards in the trick, so that each
    /// place in the trick gets its own straight-line code. The last card
    /// (the third, or the second with two seats, `TWO`) settles the trick
    /// and leaves the trick fields stale: they are only read while a trick
    /// is in progress.
    #[inline(always)]
    pub fn play_at<const LEN: u8, const H: bool, const TWO: bool>(
        &mut self,
        c: &Consts,
        m: u8,
    ) -> i16 {
        debug_assert_eq!(self.len, LEN);
        debug_assert!(LEN < 2 || !TWO);
        let i = m & 0x1F;
        let suit = i >> 3;
        let seat = self.mover;
        self.mover = next::<TWO>(seat);
        // The place in the trick, with the last card of two seats' tricks
        // taken as the last of three's (the compiler folds this).
        let place = if TWO && LEN == 1 { 2 } else { LEN };
        match place {
            0 => {
                let mut gain = 0;
                if m & 0x80 == 0 {
                    // Declaring looks at the hand the card is led from.
                    let (pts, marriage) = self.declares(c, i);
                    if seat == 0 {
                        if H && c.needs_trick && self.first_trick(c) {
                            self.pending = if marriage {
                                1 + suit
                            } else if pts > 0 {
                                5
                            } else {
                                0
                            };
                        } else {
                            gain = pts;
                        }
                    }
                    if marriage && c.marriage_sets_trump {
                        if H && c.next_trick {
                            self.pending_trump = suit;
                        } else {
                            self.trump = suit;
                        }
                    }
                }
                self.hands[seat as usize] &= !(1 << i);
                self.add_lead(i);
                self.len = 1;
                gain
            }
            1 => {
                self.hands[seat as usize] &= !(1 << i);
                self.add_follow(i, seat);
                self.len = 2;
                0
            }
            _ => {
                self.hands[seat as usize] &= !(1 << i);
                if self.strength(i) > self.win_key {
                    self.win_seat = seat;
                }
                self.leader = self.win_seat;
                self.mover = self.win_seat;
                self.len = 0;
                let gain = if self.win_seat == 0 {
                    (self.trick_points + points(i)) as i16
                } else {
                    0
                };
                // The house rules that act at a trick's end, off the common path.
                if H && c.trick_end_rules {
                    gain + self.end_trick_house_rules(c)
                } else {
                    gain
                }
            }
        }
    }

    /// At a trick's end under `trump_from=next_trick`, `marriage_needs_trick`
    /// or `last_trick_bonus`: the pending trump takes over, and D, winning,
    /// gets its waiting declaration and the last trick's bonus.
    #[cold]
    fn end_trick_house_rules(&mut self, c: &Consts) -> i16 {
        if self.pending_trump != NONE {
            self.trump = self.pending_trump;
            self.pending_trump = NONE;
        }
        if self.win_seat != 0 {
            return 0;
        }
        let bonus = if self.hands[0] == 0 {
            c.last_trick_bonus
        } else {
            0
        };
        bonus + c.pending_values[std::mem::take(&mut self.pending) as usize]
    }

    /// The most the declarer can still score from a trick start: every card
    /// left, and every marriage (and the ace marriage) D still holds.
    #[inline]
    pub fn upper_bound<const H: bool>(&self, c: &Consts) -> i16 {
        let d = self.hands[0];
        let mut ub = set_points(self.remaining());
        if H && c.trick_end_rules {
            ub += c.last_trick_bonus + c.pending_values[self.pending as usize];
        }
        let kq = d >> 2 & d >> 3 & 0x0101_0101;
        if kq != 0 {
            for s in 0..4 {
                if kq & 1 << (8 * s) != 0 {
                    ub += c.marriage[s];
                }
            }
        }
        if d & c.ace_mask == ACES {
            ub += c.aces;
        }
        ub
    }

    /// Points the leader's side surely takes, at a trick start: in each
    /// suit, the leader's cards above every other player's, cashed while no
    /// one can ruff them (everyone else still holds the suit, or holds no
    /// trump; top trumps always win), with the lowest cards the others must
    /// follow with. While the leader keeps winning nobody else leads, so
    /// trump cannot change. K and Q of a held marriage are left out, since
    /// leading them would declare and change trump. With two seats (`TWO`)
    /// the other is one hand (R's, empty, stands for the second).
    #[inline]
    pub fn sure_points<const TWO: bool>(&self) -> i16 {
        let leader = self.leader as usize;
        let hand = self.hands[leader];
        let after = next::<TWO>(self.leader);
        let others = if TWO {
            [self.hands[after as usize], 0]
        } else {
            [
                self.hands[after as usize],
                self.hands[next::<false>(after) as usize],
            ]
        };
        let rest = others[0] | others[1];
        // Every suit at once: the others' cards smeared down their lanes
        // (the masks stop bits crossing into the lane below), so what is
        // left of the hand above them is its top cards.
        let mut below = rest;
        below |= (below >> 1) & 0x7F7F_7F7F;
        below |= (below >> 2) & 0x3F3F_3F3F;
        below |= (below >> 4) & 0x0F0F_0F0F;
        let kq = hand >> 2 & hand >> 3 & 0x0101_0101;
        let tops = hand & !below & !(kq << 2 | kq << 3);
        if tops == 0 {
            return 0;
        }
        let mut total = 0;
        let mut tricks = 0;
        let mut forced = [0u32; 2];
        // An opponent of the suit's cashing holding trump limits it to
        // their length in the suit (not in the trump suit itself).
        let trumps = if self.trump != NONE {
            SUIT[self.trump as usize]
        } else {
            0
        };
        let ruffers = [others[0] & trumps != 0, others[1] & trumps != 0];
        for suit in 0..4u8 {
            let lane = SUIT[suit as usize];
            let mut top = tops & lane;
            if top == 0 {
                continue;
            }
            let held = top.count_ones();
            let mut cashable = held;
            if lane != trumps {
                for (o, ruffs) in others.iter().zip(ruffers) {
                    if ruffs {
                        cashable = cashable.min((o & lane).count_ones());
                    }
                }
            }
            // The highest cards carry the most points: all of them, or
            // without the lowest ones left uncashed.
            for _ in cashable..held {
                top &= top - 1;
            }
            total += set_points(top);
            tricks += cashable;
            // Everyone else must follow to those tricks while they can: at
            // least their lowest cards of the suit land in them (a card
            // thrown away earlier lands in one of the leader's tricks too).
            for (o, f) in others.iter().zip(forced.iter_mut()) {
                let mut theirs = o & lane;
                let len = theirs.count_ones();
                if len <= cashable {
                    *f |= theirs;
                    continue;
                }
                for _ in 0..cashable {
                    *f |= theirs & theirs.wrapping_neg();
                    theirs &= theirs - 1;
                }
            }
        }
        // Each of the others plays one card to each of those tricks: the
        // forced ones, and for the rest at least their cheapest other cards
        // (a lane's bit order is its point order).
        for (o, f) in others.iter().zip(forced) {
            total += set_points(f) + cheapest(o & !f, tricks - f.count_ones());
        }
        total
    }

    /// Points surely won by D and by the defenders whoever leads: a trump
    /// above all the other side's trumps wins the trick it is played to
    /// (while no marriage can still move trump), with at least the other
    /// side's cheapest cards in it. D's top trumps take a trick each, with a
    /// card of each defender; the defenders' take at least one trick per two
    /// (both may fall in one trick; with two seats, `TWO`, L's take one
    /// each), with a card of D's.
    #[inline]
    pub fn sure_trumps<const TWO: bool>(&self, c: &Consts) -> (i16, i16) {
        if self.trump == NONE {
            return (0, 0);
        }
        if c.marriage_sets_trump {
            let kq = self.hands.iter().fold(0, |acc, &h| acc | (h >> 2 & h >> 3));
            if kq & 0x0101_0101 & !(1 << (8 * self.trump)) != 0 {
                return (0, 0);
            }
        }
        let lane = SUIT[self.trump as usize];
        let d = self.hands[0] & lane;
        let def = (self.hands[1] | self.hands[2]) & lane;
        let over = |mine: u32, theirs: u32| {
            if theirs == 0 {
                mine
            } else {
                mine & above(31 - theirs.leading_zeros() as u8)
            }
        };
        let (d_top, def_top) = (over(d, def), over(def, d));
        let mut ours = set_points(d_top);
        let tricks = d_top.count_ones();
        ours += cheapest(self.hands[1], tricks) + cheapest(self.hands[2], tricks);
        let mut theirs = set_points(def_top);
        let tricks = if TWO {
            def_top.count_ones()
        } else {
            def_top.count_ones().div_ceil(2)
        };
        theirs += cheapest(self.hands[0], tricks);
        (ours, theirs)
    }

    /// What D, leading, can surely still declare after cashing the sure
    /// points: the best marriage held (its K and Q are never cashed), or the
    /// ace marriage (an ace led, cashed or not, declares it). One lead, one
    /// declaration, so the larger of the two.
    #[inline]
    pub fn sure_declaration(&self, c: &Consts) -> i16 {
        let d = self.hands[0];
        let kq = d >> 2 & d >> 3 & 0x0101_0101;
        let aces = d & c.ace_mask == ACES;
        if (kq == 0 && !aces) || (!c.first_trick_marriage && self.first_trick(c)) {
            return 0;
        }
        let mut best = if aces { c.aces } else { 0 };
        for s in 0..4 {
            if kq & 1 << (8 * s) != 0 {
                best = best.max(c.marriage[s]);
            }
        }
        best
    }

    /// Does one hand hold all four aces, with the ace marriage counting?
    #[inline]
    pub fn ace_marriage_held(&self, c: &Consts) -> bool {
        self.hands.iter().any(|&h| h & c.ace_mask == ACES)
    }

    /// Cards whose play changes what the player to move can declare later:
    /// K and Q of a held marriage, aces while all four are held.
    #[inline]
    pub fn special(&self, c: &Consts) -> u32 {
        let hand = self.hand();
        let kq = hand >> 2 & hand >> 3 & 0x0101_0101;
        let mut special = (kq << 2) | (kq << 3);
        if hand & c.ace_mask == ACES {
            special |= ACES;
        }
        special
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_match_cards() {
        for c in Card::all() {
            assert_eq!(points(c.index()) as u16, c.points(), "{c}");
        }
    }

    #[test]
    fn above_matches_cardset() {
        for c in Card::all() {
            assert_eq!(above(c.index()), CardSet::above(c).bits(), "{c}");
        }
    }

    #[test]
    fn beaters_are_the_stronger_cards() {
        let mut rng = crate::engine::random::rng(11);
        for rules in [Rules::STANDARD, Rules::RU] {
            for k in 0..300 {
                let s = crate::engine::random::start(&mut rng, &rules);
                let s =
                    crate::engine::random::play_random(&mut rng, &rules, s, 1 + k % 7, 1 + k % 2);
                let n = Node::from_state(&s);
                assert!(n.len > 0);
                for i in 0..32u8 {
                    let strong = n.strength(i) > n.win_key && (i & 7) < 6;
                    assert_eq!(n.beaters() & (1 << i) != 0, strong, "{s:?} card {i}");
                }
            }
        }
    }

    #[test]
    fn cheapest_takes_the_lowest_points() {
        let mut rng = crate::engine::random::rng(6);
        for _ in 0..300 {
            let s = crate::engine::random::start(&mut rng, &Rules::STANDARD);
            let hand = s.hands[1];
            let mut pts: Vec<i16> = hand.iter().map(|c| c.points() as i16).collect();
            pts.sort();
            for k in 0..=pts.len() {
                let want: i16 = pts[..k].iter().sum();
                assert_eq!(cheapest(hand.bits(), k as u32), want, "{hand} {k}");
            }
        }
    }

    #[test]
    fn set_points_match_cardset() {
        let mut rng = crate::engine::random::rng(5);
        for _ in 0..200 {
            let s = crate::engine::random::start(&mut rng, &Rules::STANDARD);
            let n = Node::from_state(&s);
            for set in [n.hands[0], n.hands[1] | n.hands[2], n.remaining(), 0] {
                assert_eq!(set_points(set), CardSet(set).points() as i16);
            }
        }
        assert_eq!(set_points(0x3F3F_3F3F), 120);
    }

    /// Each house rule of play, alone, turns on the search's copy that
    /// tests them; the presets leave it off.
    #[test]
    fn every_house_rule_is_seen() {
        for off in [
            "standard",
            "pl",
            "ru",
            "standard musik=discard trump=chosen",
        ] {
            let r: Rules = off.parse().unwrap();
            assert!(!Consts::new(&r).house, "{off}");
        }
        for on in [
            "standard beat_after_trump=no",
            "standard beat_seat=second",
            "standard partial_trump=yes",
            "standard trump_from=next_trick",
            "standard first_trick_marriage=yes marriage_needs_trick=yes",
            "standard last_trick_bonus=10",
        ] {
            let r: Rules = on.parse().unwrap();
            assert!(Consts::new(&r).house, "{on}");
        }
    }

    /// The copy without the house rules' tests plays exactly as the one
    /// with them when no house rule is on.
    #[test]
    fn without_house_rules_both_copies_agree() {
        let mut rng = crate::engine::random::rng(8);
        for rules in [Rules::STANDARD, Rules::PL, Rules::RU] {
            let c = Consts::new(&rules);
            for _ in 0..200 {
                let mut s = crate::engine::random::start(&mut rng, &rules);
                while !s.is_over() {
                    let n = Node::from_state_with(&s, &c);
                    assert_eq!(n.legal::<false>(&c), n.legal::<true>(&c), "{s:?}");
                    if n.len == 0 {
                        assert_eq!(n.upper_bound::<false>(&c), n.upper_bound::<true>(&c));
                    }
                    let moves = s.legal_moves(&rules);
                    let m = moves[(s.hands[1].bits() as usize) % moves.len()];
                    let (mut a, mut b) = (n, n);
                    let (ga, gb) = match n.len {
                        0 => (
                            a.play_at::<0, false, false>(&c, m.to_byte()),
                            b.play_at::<0, true, false>(&c, m.to_byte()),
                        ),
                        1 => (
                            a.play_at::<1, false, false>(&c, m.to_byte()),
                            b.play_at::<1, true, false>(&c, m.to_byte()),
                        ),
                        _ => (
                            a.play_at::<2, false, false>(&c, m.to_byte()),
                            b.play_at::<2, true, false>(&c, m.to_byte()),
                        ),
                    };
                    assert_eq!(ga, gb);
                    assert_eq!(
                        (a.hands, a.leader, a.trump, a.mover),
                        (b.hands, b.leader, b.trump, b.mover)
                    );
                    s.play(&rules, m);
                }
            }
        }
    }

    #[test]
    fn node_plays_like_state() {
        let mut rng = crate::engine::random::rng(3);
        let house: Vec<Rules> = [
            "standard beat_after_trump=no",
            "standard beat_seat=second partial_trump=yes",
            "pl trump_from=next_trick marriage_needs_trick=yes last_trick_bonus=10",
            "ru partial_trump=yes must_beat=yes beat_seat=second beat_after_trump=no",
            "standard first_trick_marriage=yes marriage_needs_trick=yes trump_from=next_trick",
        ]
        .iter()
        .map(|t| t.parse().unwrap())
        .collect();
        for rules in [Rules::STANDARD, Rules::PL, Rules::RU]
            .into_iter()
            .chain(house)
            .chain(super::super::testing::two_player_rules())
        {
            for _ in 0..200 {
                let mut s = super::super::testing::start(&mut rng, &rules);
                let c = Consts::for_state(&rules, &s);
                while !s.is_over() {
                    let n = Node::from_state_with(&s, &c);
                    let legal: CardSet = s.legal_cards(&rules);
                    assert_eq!(n.legal::<true>(&c), legal.bits(), "{s:?}");
                    let moves = s.legal_moves(&rules);
                    let m = moves[(s.hands[0].bits() as usize) % moves.len()];
                    let mut n2 = n;
                    let before = s.points[0];
                    s.play(&rules, m);
                    let gain = n2.play(&c, m.to_byte());
                    assert_eq!(gain, (s.points[0] - before) as i16);
                    let again = Node::from_state_with(&s, &c);
                    assert_eq!(n2.hands, again.hands);
                    assert_eq!(
                        (
                            n2.leader,
                            n2.trump,
                            n2.len,
                            n2.mover,
                            n2.pending_trump,
                            n2.pending
                        ),
                        (
                            again.leader,
                            again.trump,
                            again.len,
                            again.mover,
                            again.pending_trump,
                            again.pending
                        )
                    );
                    // The trick in progress, card by card (a finished
                    // trick's fields are left stale on purpose).
                    if n2.len > 0 {
                        assert_eq!(
                            (n2.led, n2.high_led, n2.high_trump, n2.win_seat, n2.win_key),
                            (
                                again.led,
                                again.high_led,
                                again.high_trump,
                                again.win_seat,
                                again.win_key
                            )
                        );
                        assert_eq!(n2.trick_points, again.trick_points);
                    }
                }
            }
        }
    }
}
