//! The reference solver: deliberately the simplest thing that can be right,
//! and written from docs/rules.md alone.
//!
//! Nothing here comes from the crate's rules code: the legal-move rule, the
//! play of a card, the trick winner, the card points, the declarations, the
//! exchange list and the discard points are all written out below, from the
//! rules text, as plainly as possible. Only the crate's plain data types are
//! used (`Card`, `Suit`, `Rank`, `CardSet`, `Seat`, `Move`, `Rules`, `Deal`,
//! `Exchange` as values, and `State` as the input and output format: its
//! `hands`, `leader`, `trick()`, `trump`, `points` and the constructor). So a
//! bug in `State::legal_moves`, `State::play`, `trick_winner`, `Card::points`
//! or `Deal::exchanges/after` is not also a bug here.
//!
//! The search is plain minimax, nothing from the real solver: no pruning, no
//! ordering, no bounds. The value of a position is the declarer's total at
//! the end of the hand, points already scored included (docs/rules.md /
//! docs/notation.md `expect:`); D maximises it, L and R minimise it.
//!
//! Plain minimax is fine up to about five tricks left. For whole hands,
//! [`reference_value_memo`] adds one thing only: a map from the position at a
//! trick boundary to the exact number of points D still scores from there.
//!
//! Two players (`players=2`, issue 22): D and L only, ten cards each, tricks
//! of two cards (D → L → D); the second musik goes with the last trick, its
//! card points (and under `last_musik=marriage` the value of a K+Q pair
//! lying in it) to that trick's winner. D takes the first musik and lays two
//! of the twelve cards away: under `laid_away=split` the first counts for D
//! and the second joins the other musik; under `laid_away=declarer` both
//! count for D. Read from `State` as `seats` and `last_musik`.

use std::collections::HashMap;

use tysiac::engine::deal::Give;
use tysiac::{
    BeatSeat, Card, CardSet, Deal, Declare, DiscardPoints, Exchange, LaidAway, LastMusik, Move,
    Musik, Players, Rank, Rules, Seat, State, Suit, TrumpFrom, TrumpRule,
};

// ---------------------------------------------------------------------------
// The rules, from docs/rules.md

/// Ranks from low to high: `9 J Q K T A` (docs/rules.md *Cards*).
fn height(rank: Rank) -> u8 {
    match rank {
        Rank::Nine => 0,
        Rank::Jack => 1,
        Rank::Queen => 2,
        Rank::King => 3,
        Rank::Ten => 4,
        Rank::Ace => 5,
    }
}

/// Card points: 9 = 0, J = 2, Q = 3, K = 4, T = 10, A = 11.
pub fn card_points(card: Card) -> u16 {
    match card.rank() {
        Rank::Nine => 0,
        Rank::Jack => 2,
        Rank::Queen => 3,
        Rank::King => 4,
        Rank::Ten => 10,
        Rank::Ace => 11,
    }
}

/// The points of some cards.
pub fn cards_points(cards: CardSet) -> u16 {
    cards.iter().map(card_points).sum()
}

/// A suit's marriage value: `marriage_values` lists H, D, C, S.
fn marriage_value(rules: &Rules, suit: Suit) -> u16 {
    let i = match suit {
        Suit::Hearts => 0,
        Suit::Diamonds => 1,
        Suit::Clubs => 2,
        Suit::Spades => 3,
    };
    rules.marriage_values[i]
}

/// Tricks in a hand: 8, or 7 with `musik=discard`; 10 with two players.
fn tricks_in_hand(rules: &Rules) -> usize {
    if rules.players == Players::Two {
        return 10;
    }
    match rules.musik {
        Musik::Pass => 8,
        Musik::Discard => 7,
    }
}

/// What the musik taken with the last trick scores with two players: its
/// cards' points, and under `last_musik=marriage` the value of every suit
/// whose king and queen both lie in it.
pub fn last_musik_value(rules: &Rules, musik: CardSet) -> u16 {
    let mut value = cards_points(musik);
    if rules.last_musik == LastMusik::Marriage {
        for suit in Suit::ALL {
            let king = musik.contains(Card::new(suit, Rank::King));
            let queen = musik.contains(Card::new(suit, Rank::Queen));
            if king && queen {
                value += marriage_value(rules, suit);
            }
        }
    }
    value
}

/// Seats in playing order D → L → R → D, as 0, 1, 2.
fn seat_no(seat: Seat) -> usize {
    match seat {
        Seat::D => 0,
        Seat::L => 1,
        Seat::R => 2,
    }
}

fn seat_of(no: usize) -> Seat {
    [Seat::D, Seat::L, Seat::R][no % 3]
}

/// A hand in play, the reference's own: hands by seat number, the cards of
/// the trick in progress from its leader on (`trick[..in_trick]`), trump,
/// points. Plain values only, so that it is copied, not allocated, at every
/// node of the search.
#[derive(Copy, Clone, Debug)]
pub struct Pos {
    pub hands: [CardSet; 3],
    pub leader: usize,
    pub trick: [Option<Card>; 3],
    pub in_trick: usize,
    pub trump: Option<Suit>,
    pub points: [u16; 3],
    /// `trump_from=next_trick`: the trump a marriage led in this trick
    /// declared, in force from the next trick.
    pub pending_trump: Option<Suit>,
    /// `marriage_needs_trick=yes`: marriage points waiting for a trick won.
    pub pending: [u16; 3],
    /// Seats at the table: 3, or 2 (D and L) with two players.
    pub seats: usize,
    /// Two players: the musik the last trick's winner takes.
    pub last_musik: CardSet,
}

impl Pos {
    pub fn from_state(s: &State) -> Pos {
        let mut p = Pos {
            hands: [CardSet::EMPTY; 3],
            leader: seat_no(s.leader),
            trick: [None; 3],
            in_trick: 0,
            trump: s.trump,
            points: [0; 3],
            pending_trump: s.pending_trump,
            pending: [0; 3],
            seats: s.seats as usize,
            last_musik: s.last_musik,
        };
        for &c in s.trick() {
            p.trick[p.in_trick] = Some(c);
            p.in_trick += 1;
        }
        for seat in [Seat::D, Seat::L, Seat::R] {
            p.hands[seat_no(seat)] = s.hands[seat.index()];
            p.points[seat_no(seat)] = s.points[seat.index()];
            p.pending[seat_no(seat)] = s.pending_points[seat.index()];
        }
        p
    }

    /// The position as a `State` (at a trick boundary or mid-trick).
    pub fn to_state(self) -> State {
        let mut hands = [CardSet::EMPTY; 3];
        let mut points = [0; 3];
        for no in 0..3 {
            hands[seat_of(no).index()] = self.hands[no];
            points[seat_of(no).index()] = self.points[no];
        }
        let mut s = if self.seats == 2 {
            State::two(
                [hands[0], hands[1]],
                seat_of(self.leader),
                self.trump,
                [points[0], points[1]],
                self.last_musik,
            )
        } else {
            State::new(hands, seat_of(self.leader), self.trump, points)
        };
        for c in self.cards_in_trick() {
            s.push_trick_card(c);
        }
        s.pending_trump = self.pending_trump;
        for no in 0..3 {
            s.pending_points[seat_of(no).index()] = self.pending[no];
        }
        s
    }

    /// The cards of the trick in progress, from its lead on.
    fn cards_in_trick(&self) -> Vec<Card> {
        self.trick[..self.in_trick]
            .iter()
            .flatten()
            .copied()
            .collect()
    }

    fn to_move(self) -> usize {
        (self.leader + self.in_trick) % self.seats
    }

    fn is_over(&self) -> bool {
        self.in_trick == 0 && self.hands.iter().all(|h| h.is_empty())
    }

    /// Is the trick about to be led the first of the hand? At a lead every
    /// hand holds one card per trick still to play.
    fn first_trick(&self, rules: &Rules) -> bool {
        self.in_trick == 0 && self.hands[self.leader].len() == tricks_in_hand(rules)
    }

    /// What leading `card` declares, and its points: a marriage (K or Q led
    /// while holding the other), or with `ace_marriage` an ace led while
    /// holding all four; only on lead, never on the first trick unless
    /// `first_trick_marriage`.
    fn declaration(&self, rules: &Rules, card: Card) -> Option<(Option<Suit>, u16)> {
        if self.in_trick > 0 || (self.first_trick(rules) && !rules.first_trick_marriage) {
            return None;
        }
        let hand = self.hands[self.leader];
        let partner = match card.rank() {
            Rank::King => Some(Rank::Queen),
            Rank::Queen => Some(Rank::King),
            _ => None,
        };
        if let Some(p) = partner {
            if hand.contains(card) && hand.contains(Card::new(card.suit(), p)) {
                return Some((Some(card.suit()), marriage_value(rules, card.suit())));
            }
        }
        if card.rank() == Rank::Ace && rules.ace_marriage > 0 {
            let all = Suit::ALL
                .iter()
                .all(|&s| hand.contains(Card::new(s, Rank::Ace)));
            if all {
                return Some((None, rules.ace_marriage));
            }
        }
        None
    }

    /// The cards the player to move may play (docs/rules.md *Legal plays*).
    pub fn legal_cards(&self, rules: &Rules) -> CardSet {
        let hand = self.hands[self.to_move()];
        let of = |cards: CardSet, keep: &dyn Fn(Card) -> bool| -> CardSet {
            cards.iter().filter(|&c| keep(c)).collect()
        };
        let Some(first) = self.trick[0].filter(|_| self.in_trick > 0) else {
            return hand; // the leader plays any card
        };
        let led = first.suit();
        // Rule 1: follow suit; beat the highest card of the led suit if able.
        let follow = of(hand, &|c| c.suit() == led);
        if !follow.is_empty() {
            // beat_after_trump=no: a trump played by a player void in the
            // led suit lifts the must-beat rule; beat_seat=second: only the
            // second card of the trick must beat.
            let trumped = self
                .trump
                .is_some_and(|t| t != led && self.highest_in_trick(t).is_some());
            let binds = (rules.beat_after_trump || !trumped)
                && (rules.beat_seat == BeatSeat::All || self.in_trick == 1);
            if rules.must_beat && binds {
                let top = self
                    .highest_in_trick(led)
                    .expect("the lead is of the led suit");
                let higher = of(follow, &|c| height(c.rank()) > top);
                if !higher.is_empty() {
                    return higher;
                }
            }
            return follow;
        }
        // Rule 2: void in the led suit, must trump, and overtrump if able.
        if rules.must_trump {
            if let Some(t) = self.trump {
                let trumps = of(hand, &|c| c.suit() == t);
                if !trumps.is_empty() {
                    if let Some(top) = self.highest_in_trick(t) {
                        let higher = of(trumps, &|c| height(c.rank()) > top);
                        if rules.must_overtrump && !higher.is_empty() {
                            return higher;
                        }
                        // partial_trump: unable to beat the trump in the
                        // trick, the player may play anything.
                        if rules.partial_trump && higher.is_empty() {
                            return hand;
                        }
                    }
                    return trumps;
                }
            }
        }
        // Rule 3 (or must_trump=no): any card.
        hand
    }

    /// The height of the highest card of `suit` in the trick, if any.
    fn highest_in_trick(&self, suit: Suit) -> Option<u8> {
        self.trick[..self.in_trick]
            .iter()
            .flatten()
            .filter(|c| c.suit() == suit)
            .map(|c| height(c.rank()))
            .max()
    }

    /// Every legal move: each legal card, and with `declare=optional` each
    /// lead that would declare also as its undeclared twin (`KH-`).
    pub fn legal_moves(&self, rules: &Rules) -> Vec<Move> {
        let mut moves = Vec::new();
        for card in self.legal_cards(rules) {
            moves.push(Move::new(card));
            if rules.declare == Declare::Optional && self.declaration(rules, card).is_some() {
                moves.push(Move::undeclared(card));
            }
        }
        moves
    }

    /// Plays `mv` (legal: the caller took it from `legal_moves`).
    pub fn play(&mut self, rules: &Rules, mv: Move) {
        let card = mv.card();
        let seat = self.to_move();
        assert!(self.hands[seat].contains(card), "{card} not held");
        if !mv.is_undeclared() {
            if let Some((suit, value)) = self.declaration(rules, card) {
                // marriage_needs_trick: a first-trick marriage waits for its
                // player's first trick won (any later leader has won one).
                if rules.marriage_needs_trick && self.first_trick(rules) {
                    self.pending[seat] += value;
                } else {
                    self.points[seat] += value;
                }
                // A marriage makes its suit trump (trump=marriage): at once,
                // or with trump_from=next_trick from the next trick; the ace
                // marriage leaves trump as it is.
                if let (Some(s), TrumpRule::Marriage) = (suit, rules.trump) {
                    match rules.trump_from {
                        TrumpFrom::Lead => self.trump = Some(s),
                        TrumpFrom::NextTrick => self.pending_trump = Some(s),
                    }
                }
            }
        }
        self.hands[seat].remove(card);
        self.trick[self.in_trick] = Some(card);
        self.in_trick += 1;
        // A trick is one card from each seat: three, or two with two players.
        if self.in_trick == self.seats {
            let cards: Vec<Card> = self.cards_in_trick();
            let winner = (self.leader + winner_of(&cards, self.trump)) % self.seats;
            self.points[winner] += cards.iter().map(|&c| card_points(c)).sum::<u16>();
            if self.hands.iter().all(|h| h.is_empty()) {
                // The last trick: its bonus, and with two players the
                // musik that goes with it.
                self.points[winner] += rules.last_trick_bonus;
                if self.seats == 2 {
                    self.points[winner] += last_musik_value(rules, self.last_musik);
                }
            }
            self.points[winner] += std::mem::take(&mut self.pending[winner]);
            if let Some(t) = self.pending_trump.take() {
                self.trump = Some(t);
            }
            self.leader = winner;
            self.trick = [None; 3];
            self.in_trick = 0;
        }
    }
}

/// Which card of a complete trick wins (0 = the lead): the highest trump,
/// or if there is none, the highest card of the led suit.
pub fn winner_of(trick: &[Card], trump: Option<Suit>) -> usize {
    let best_of = |suit: Suit| {
        (0..trick.len())
            .filter(|&i| trick[i].suit() == suit)
            .max_by_key(|&i| height(trick[i].rank()))
    };
    trump
        .and_then(best_of)
        .or_else(|| best_of(trick[0].suit()))
        .expect("the lead is of the led suit")
}

/// The reference's legal moves in `state`, in no particular order.
pub fn reference_legal_moves(rules: &Rules, state: &State) -> Vec<Move> {
    Pos::from_state(state).legal_moves(rules)
}

/// `state` after `mv`, played by the reference's rules.
pub fn reference_play(rules: &Rules, state: &State, mv: Move) -> State {
    let mut p = Pos::from_state(state);
    p.play(rules, mv);
    p.to_state()
}

/// Every exchange the rules allow for `deal`: under `musik=pass` one card of
/// D's ten to L and another to R (90 ordered pairs), under `musik=discard`
/// any three of the ten (120); with two players two of D's twelve laid
/// away, in order under `laid_away=split` (the first counts for D, the
/// second goes to the other musik: 132 ordered pairs), as a pair under
/// `laid_away=declarer` (66); with `trump=chosen` each with each trump.
pub fn reference_exchanges(rules: &Rules, deal: &Deal) -> Vec<Exchange> {
    let ten: Vec<Card> = (deal.hands[Seat::D.index()] | deal.musik).iter().collect();
    let mut gives = Vec::new();
    match (rules.players, rules.musik) {
        (Players::Two, _) => {
            for a in 0..ten.len() {
                for b in 0..ten.len() {
                    let counted = match rules.laid_away {
                        LaidAway::Split => a != b,
                        LaidAway::Declarer => a < b,
                    };
                    if counted {
                        gives.push(Give::LayAway(ten[a], ten[b]));
                    }
                }
            }
        }
        (Players::Three, Musik::Pass) => {
            for &l in &ten {
                for &r in &ten {
                    if l != r {
                        gives.push(Give::Pass(l, r));
                    }
                }
            }
        }
        (Players::Three, Musik::Discard) => {
            for a in 0..ten.len() {
                for b in a + 1..ten.len() {
                    for c in b + 1..ten.len() {
                        let set: CardSet = [ten[a], ten[b], ten[c]].into_iter().collect();
                        gives.push(Give::Discard(set));
                    }
                }
            }
        }
    }
    let trumps: Vec<Option<Suit>> = match rules.trump {
        TrumpRule::Marriage => vec![None],
        TrumpRule::Chosen => Suit::ALL.iter().map(|&s| Some(s)).collect(),
    };
    let mut out = Vec::new();
    for give in gives {
        for &trump in &trumps {
            out.push(Exchange { give, trump });
        }
    }
    out
}

/// The position at the first lead after `exchange`: D leads, holding the ten
/// cards less those given or discarded; under `discard_points=declarer` the
/// discards' points are D's from the start; a chosen trump is in force. With
/// two players D holds twelve less the two laid away, whose points are D's
/// (both under `laid_away=declarer`; under `split` the first's, the second
/// joining the other musik, which goes with the last trick).
pub fn reference_after(rules: &Rules, deal: &Deal, exchange: &Exchange) -> State {
    let (d, l, r) = (Seat::D.index(), Seat::L.index(), Seat::R.index());
    let mut hands = deal.hands;
    hands[d] = deal.hands[d] | deal.musik;
    let mut points = [0u16; 3];
    match exchange.give {
        Give::Pass(to_l, to_r) => {
            assert_eq!(rules.musik, Musik::Pass);
            hands[d].remove(to_l);
            hands[d].remove(to_r);
            hands[l].insert(to_l);
            hands[r].insert(to_r);
        }
        Give::Discard(set) => {
            assert_eq!(rules.musik, Musik::Discard);
            for c in set.iter() {
                hands[d].remove(c);
            }
            if rules.discard_points == DiscardPoints::Declarer {
                points[d] = cards_points(set);
            }
        }
        Give::LayAway(first, second) => {
            assert_eq!(rules.players, Players::Two);
            let twelve = deal.hands[d] | deal.musik;
            assert!(twelve.contains(first) && twelve.contains(second) && first != second);
            let mut left = twelve;
            left.remove(first);
            left.remove(second);
            let (to_d, last_musik) = match rules.laid_away {
                LaidAway::Split => (card_points(first), deal.other_musik.with(second)),
                LaidAway::Declarer => (card_points(first) + card_points(second), deal.other_musik),
            };
            return State::two(
                [left, deal.hands[l]],
                Seat::D,
                exchange.trump,
                [to_d, 0],
                last_musik,
            );
        }
    }
    State::new(hands, Seat::D, exchange.trump, points)
}

// ---------------------------------------------------------------------------
// The search

/// D's final total with perfect play from `state`.
pub fn reference_value(rules: &Rules, state: &State) -> u16 {
    value_of(rules, &Pos::from_state(state))
}

fn value_of(rules: &Rules, p: &Pos) -> u16 {
    if p.is_over() {
        return p.points[0];
    }
    let values = p
        .legal_moves(rules)
        .into_iter()
        .map(|mv| value_of(rules, &after(rules, p, mv)));
    best(p, values)
}

/// Every legal move with D's final total when it is played and both sides
/// then play perfectly.
pub fn reference_move_values(rules: &Rules, state: &State) -> Vec<(Move, u16)> {
    let p = Pos::from_state(state);
    p.legal_moves(rules)
        .into_iter()
        .map(|mv| (mv, value_of(rules, &after(rules, &p, mv))))
        .collect()
}

/// The memo key: a position at a trick boundary without its points. What D
/// still scores from there does not depend on the points already scored, but
/// does on D's marriage points still waiting for a trick
/// (`marriage_needs_trick`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    hands: [CardSet; 3],
    leader: usize,
    trump: Option<Suit>,
    pending: u16,
    /// Two players: the musik the last trick takes (one memo serves every
    /// exchange of a deal, which lay different cards into it).
    last_musik: CardSet,
}

/// A memo that several positions can share, all under one rule set: what D
/// still scores from a position is the same whichever way it was reached.
pub type Memo = HashMap<Key, u16>;

/// The points D scores from `p` to the end of the hand, with the memo.
fn gain(rules: &Rules, p: &Pos, memo: &mut Memo) -> u16 {
    if p.is_over() {
        return 0;
    }
    let key = (p.in_trick == 0).then_some(Key {
        hands: p.hands,
        leader: p.leader,
        trump: p.trump,
        pending: p.pending[0],
        last_musik: p.last_musik,
    });
    if let Some(g) = key.as_ref().and_then(|k| memo.get(k)) {
        return *g;
    }
    let before = p.points[0];
    let values: Vec<u16> = p
        .legal_moves(rules)
        .into_iter()
        .map(|mv| {
            let next = after(rules, p, mv);
            // Points D scored with this move (a trick or a declaration), then later.
            next.points[0] - before + gain(rules, &next, memo)
        })
        .collect();
    let g = best(p, values.into_iter());
    if let Some(k) = key {
        memo.insert(k, g);
    }
    g
}

/// [`reference_value`] with a memo of exact values at trick boundaries.
pub fn reference_value_memo(rules: &Rules, state: &State) -> u16 {
    reference_value_in(rules, state, &mut Memo::new())
}

/// [`reference_value_memo`] with a memo kept by the caller.
pub fn reference_value_in(rules: &Rules, state: &State, memo: &mut Memo) -> u16 {
    let p = Pos::from_state(state);
    p.points[0] + gain(rules, &p, memo)
}

/// Every exchange of `deal` ([`reference_exchanges`]) with the value of the
/// play after it ([`reference_after`]).
pub fn reference_exchange_values(rules: &Rules, deal: &Deal) -> Vec<(Exchange, u16)> {
    let mut memo = Memo::new();
    reference_exchanges(rules, deal)
        .into_iter()
        .map(|ex| {
            let start = reference_after(rules, deal, &ex);
            (ex, reference_value_in(rules, &start, &mut memo))
        })
        .collect()
}

/// [`reference_move_values`] with the memo (one memo for all the moves).
pub fn reference_move_values_memo(rules: &Rules, state: &State) -> Vec<(Move, u16)> {
    let mut memo = Memo::new();
    let p = Pos::from_state(state);
    p.legal_moves(rules)
        .into_iter()
        .map(|mv| {
            let next = after(rules, &p, mv);
            (mv, next.points[0] + gain(rules, &next, &mut memo))
        })
        .collect()
}

fn after(rules: &Rules, p: &Pos, mv: Move) -> Pos {
    let mut next = *p;
    next.play(rules, mv);
    next
}

/// The best of the values for the seat to move: D the most, L and R the least.
fn best(p: &Pos, values: impl Iterator<Item = u16>) -> u16 {
    let value = if p.to_move() == 0 {
        values.max()
    } else {
        values.min()
    };
    value.expect("a hand not over has a legal move")
}
