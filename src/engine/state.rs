//! The state of a hand in play: who holds what, the trick in progress, trump
//! and the points scored, with legal moves and their effects (docs/rules.md).

use std::fmt;

use crate::engine::card::{Card, Rank, Suit};
use crate::engine::cardset::CardSet;
use crate::engine::moves::{Move, MoveList};
use crate::engine::rules::{BeatSeat, Declare, LastMusik, Rules, TrumpFrom, TrumpRule};
use crate::engine::seat::Seat;

/// What a lead declares.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Declaration {
    /// The K–Q marriage of a suit.
    Marriage(Suit),
    /// Leading an ace while holding all four (`ace_marriage`).
    Aces,
}

impl Declaration {
    /// Points the declaration scores under `rules`.
    pub fn points(self, rules: &Rules) -> u16 {
        match self {
            Declaration::Marriage(s) => rules.marriage_value(s),
            Declaration::Aces => rules.ace_marriage,
        }
    }
}

/// What one move did.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Played {
    /// A declaration made by this lead, and its points.
    pub declared: Option<(Declaration, u16)>,
    /// When the move completed a trick: its winner and the trick's card points.
    pub trick: Option<(Seat, u16)>,
}

/// A hand in play.
///
/// Seats that already played to the current trick hold one card fewer than
/// those still to play. `points` are everything scored so far, cards won and
/// marriages, per seat.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct State {
    pub hands: [CardSet; 3],
    /// The seat that led (or is to lead) the current trick.
    pub leader: Seat,
    pub(crate) trick: [Card; 2],
    pub(crate) trick_len: u8,
    /// The trump in force for the current trick.
    pub trump: Option<Suit>,
    pub points: [u16; 3],
    /// Under `trump_from=next_trick`: the trump declared on this trick's
    /// lead, in force from the next trick.
    pub pending_trump: Option<Suit>,
    /// Under `marriage_needs_trick=yes`: marriage points declared on the
    /// first trick by a seat that has won no trick yet, scored when it does.
    pub pending_points: [u16; 3],
    /// Seats in play: 3, or 2 under `players=2` (R then holds nothing).
    pub seats: u8,
    /// Under `players=2`: the musik that goes to the last trick's winner.
    pub last_musik: CardSet,
}

const NO_CARD: Card = Card::new(Suit::Hearts, Rank::Nine);

impl State {
    /// A state of three seats at the start of a trick.
    pub fn new(hands: [CardSet; 3], leader: Seat, trump: Option<Suit>, points: [u16; 3]) -> State {
        State {
            hands,
            leader,
            trick: [NO_CARD; 2],
            trick_len: 0,
            trump,
            points,
            pending_trump: None,
            pending_points: [0; 3],
            seats: 3,
            last_musik: CardSet::EMPTY,
        }
    }

    /// A state of two seats (`players=2`) at the start of a trick: D's and
    /// L's hands and points, and the musik the last trick takes.
    ///
    /// ```
    /// use tysiac::{Rules, Seat, State};
    /// let rules: Rules = "players=2".parse().unwrap();
    /// let mut s = State::two(["A...".parse().unwrap(), "9...".parse().unwrap()],
    ///     Seat::D, None, [0, 0], "..9.T".parse().unwrap());
    /// s.play(&rules, "AH".parse().unwrap());
    /// let done = s.play(&rules, "9H".parse().unwrap());
    /// // The last trick's 11 points and the musik's 10 go to D.
    /// assert_eq!(done.trick, Some((Seat::D, 21)));
    /// ```
    pub fn two(
        hands: [CardSet; 2],
        leader: Seat,
        trump: Option<Suit>,
        points: [u16; 2],
        last_musik: CardSet,
    ) -> State {
        State {
            seats: 2,
            last_musik,
            ..State::new(
                [hands[0], hands[1], CardSet::EMPTY],
                leader,
                trump,
                [points[0], points[1], 0],
            )
        }
    }

    /// The seats in play: D L R, or D L under `players=2`.
    pub fn seats(&self) -> &'static [Seat] {
        &Seat::ALL[..self.seats as usize]
    }

    /// The points of the seats in play, for people: `D 40 · L 12 · R 0`
    /// (`D 40 · L 12` with two players), each joined by `sep`.
    pub fn points_text(&self, sep: &str) -> String {
        let parts: Vec<String> = self
            .seats()
            .iter()
            .map(|s| format!("{s} {}", self.points[s.index()]))
            .collect();
        parts.join(sep)
    }

    /// Adds a card to the current trick without checking it (used when reading
    /// a snapshot: the card is already out of its player's hand).
    pub fn push_trick_card(&mut self, card: Card) {
        assert!(
            self.trick_len + 1 < self.seats,
            "a trick in progress holds at most one card fewer than the seats"
        );
        self.trick[self.trick_len as usize] = card;
        self.trick_len += 1;
    }

    /// The cards already played to the current trick, from its leader on.
    pub fn trick(&self) -> &[Card] {
        &self.trick[..self.trick_len as usize]
    }

    /// The seat to play.
    pub fn to_move(&self) -> Seat {
        self.leader.plus_of(self.trick_len as usize, self.seats)
    }

    /// All cards still held.
    pub fn remaining(&self) -> CardSet {
        self.hands[0] | self.hands[1] | self.hands[2]
    }

    /// No cards left: the hand is over.
    pub fn is_over(&self) -> bool {
        self.remaining().is_empty() && self.trick_len == 0
    }

    /// Tricks still to be completed, the current one included.
    pub fn tricks_left(&self) -> usize {
        self.hands[self.leader.index()].len() + usize::from(self.trick_len > 0)
    }

    /// The number of the current trick, from 1.
    pub fn trick_number(&self, rules: &Rules) -> usize {
        rules.tricks() + 1 - self.tricks_left()
    }

    /// What leading `card` would declare, if anything (ignoring `declare`).
    #[inline]
    pub fn declaration(&self, rules: &Rules, card: Card) -> Option<Declaration> {
        // Most cards can declare nothing: decide that from the rank first.
        let decl = match card.rank() {
            Rank::King | Rank::Queen => Declaration::Marriage(card.suit()),
            Rank::Ace if rules.ace_marriage > 0 => Declaration::Aces,
            _ => return None,
        };
        if self.trick_len != 0 {
            return None;
        }
        let hand = self.hands[self.leader.index()];
        let held = match decl {
            Declaration::Marriage(suit) => hand.has_marriage(suit),
            Declaration::Aces => CardSet::full_rank(Rank::Ace).is_subset(hand),
        };
        if !held || (!rules.first_trick_marriage && self.trick_number(rules) == 1) {
            return None;
        }
        Some(decl)
    }

    /// The cards the player to move may play.
    pub fn legal_cards(&self, rules: &Rules) -> CardSet {
        let hand = self.hands[self.to_move().index()];
        if self.trick_len == 0 {
            return hand;
        }
        let led = self.trick[0].suit();
        let follow = hand.suit(led);
        if !follow.is_empty() {
            // Rule 1, as far as `beat_after_trump` and `beat_seat` keep it.
            let trumped = self
                .trump
                .is_some_and(|t| t != led && self.trick().iter().any(|c| c.suit() == t));
            let beat = rules.must_beat
                && (rules.beat_after_trump || !trumped)
                && (rules.beat_seat == BeatSeat::All || self.trick_len == 1);
            if beat {
                let higher = follow & CardSet::above(self.highest_of(led));
                if !higher.is_empty() {
                    return higher;
                }
            }
            return follow;
        }
        if let (true, Some(t)) = (rules.must_trump, self.trump) {
            let trumps = hand.suit(t);
            if !trumps.is_empty() {
                if self.trick().iter().any(|c| c.suit() == t) {
                    let higher = trumps & CardSet::above(self.highest_of(t));
                    if rules.must_overtrump && !higher.is_empty() {
                        return higher;
                    }
                    // partial_trump: no trump above the trick's frees the hand.
                    if rules.partial_trump && higher.is_empty() {
                        return hand;
                    }
                }
                return trumps;
            }
        }
        hand
    }

    /// The highest card of `suit` in the current trick (there must be one).
    fn highest_of(&self, suit: Suit) -> Card {
        // Cards of one suit order by rank.
        self.trick()
            .iter()
            .copied()
            .filter(|c| c.suit() == suit)
            .max()
            .expect("the trick holds a card of that suit")
    }

    /// Every legal move: the legal cards, plus with `declare=optional` an
    /// undeclared twin of each lead that would declare.
    pub fn legal_moves(&self, rules: &Rules) -> MoveList {
        let mut list = MoveList::new();
        let optional_lead = rules.declare == Declare::Optional && self.trick_len == 0;
        for card in self.legal_cards(rules) {
            list.push(Move::new(card));
            if optional_lead && self.declaration(rules, card).is_some() {
                list.push(Move::undeclared(card));
            }
        }
        list
    }

    /// Is `mv` legal here?
    pub fn is_legal(&self, rules: &Rules, mv: Move) -> bool {
        self.why_illegal(rules, mv).is_none()
    }

    /// Why `mv` is not legal here (the rule it breaks), or `None` if it is,
    /// in words for an error about a seat's move: `must trump: holds KS`,
    /// `L does not hold QS`.
    pub fn why_illegal(&self, rules: &Rules, mv: Move) -> Option<String> {
        self.illegal(rules, mv)
            .map(|why| why.said_of(self.to_move()))
    }

    /// Why `mv` is not legal here, or `None` if it is.
    pub fn illegal(&self, rules: &Rules, mv: Move) -> Option<Illegal> {
        let card = mv.card();
        let hand = self.hands[self.to_move().index()];
        if self.is_over() {
            return Some(Illegal::Over);
        }
        if !hand.contains(card) {
            return Some(Illegal::NotHeld(card));
        }
        if mv.is_undeclared() {
            if rules.declare != Declare::Optional {
                return Some(Illegal::UndeclaredNeedsOptional(card));
            }
            if self.declaration(rules, card).is_none() {
                return Some(Illegal::UndeclaredDeclaresNothing(card));
            }
        }
        let legal = self.legal_cards(rules);
        if legal.contains(card) {
            return None;
        }
        let led = self.trick[0].suit();
        Some(if !hand.suit(led).is_empty() {
            if card.suit() == led {
                Illegal::MustBeat {
                    highest: self.highest_of(led),
                    legal,
                }
            } else {
                Illegal::MustFollow { led, legal }
            }
        } else if self.trump.is_some_and(|t| card.suit() == t) {
            Illegal::MustOvertrump {
                highest: self.highest_of(card.suit()),
                legal,
            }
        } else {
            Illegal::MustTrump { legal }
        })
    }

    /// Plays `mv`, which must be legal (checked in debug builds).
    pub fn play(&mut self, rules: &Rules, mv: Move) -> Played {
        debug_assert!(self.is_legal(rules, mv), "illegal move {mv} in {self:?}");
        self.apply(rules, mv)
    }

    /// Plays `mv` without checking it: the solver's hot path.
    #[inline]
    pub(crate) fn apply(&mut self, rules: &Rules, mv: Move) -> Played {
        let card = mv.card();
        let seat = self.to_move();
        let mut played = Played::default();
        if self.trick_len == 0 && !mv.is_undeclared() {
            if let Some(decl) = self.declaration(rules, card) {
                let pts = decl.points(rules);
                // Only the first trick's leader can declare before winning a trick.
                if rules.marriage_needs_trick && self.trick_number(rules) == 1 {
                    self.pending_points[seat.index()] += pts;
                } else {
                    self.points[seat.index()] += pts;
                }
                if let (Declaration::Marriage(s), TrumpRule::Marriage) = (decl, rules.trump) {
                    match rules.trump_from {
                        TrumpFrom::Lead => self.trump = Some(s),
                        TrumpFrom::NextTrick => self.pending_trump = Some(s),
                    }
                }
                played.declared = Some((decl, pts));
            }
        }
        self.hands[seat.index()].remove(card);
        if self.trick_len + 1 < self.seats {
            self.trick[self.trick_len as usize] = card;
            self.trick_len += 1;
            return played;
        }
        let len = self.trick_len as usize;
        let mut cards = [self.trick[0], self.trick[1], card];
        cards[len] = card;
        let cards = &cards[..=len];
        let winner = self
            .leader
            .plus_of(trick_winner(cards, self.trump), self.seats);
        let mut pts: u16 = cards.iter().map(|c| c.points()).sum();
        if self.remaining().is_empty() {
            pts += rules.last_trick_bonus + last_musik_points(rules, self.last_musik);
        }
        let w = winner.index();
        self.points[w] += pts + std::mem::take(&mut self.pending_points[w]);
        if let Some(t) = self.pending_trump.take() {
            self.trump = Some(t);
        }
        self.leader = winner;
        // Clear the finished trick's slots too: `Eq` and `Hash` are derived over
        // the whole struct, so stale cards would make equal positions differ.
        self.trick = [NO_CARD; 2];
        self.trick_len = 0;
        played.trick = Some((winner, pts));
        played
    }

    /// Plays `mv` if it is legal, or says why not.
    pub fn try_play(&mut self, rules: &Rules, mv: Move) -> Result<Played, String> {
        match self.why_illegal(rules, mv) {
            Some(why) => Err(why),
            None => Ok(self.play(rules, mv)),
        }
    }
}

/// Why a move is not legal: the rule it breaks, and the cards the player
/// may play instead.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The hand is over.
    Over,
    /// The player does not hold the card.
    NotHeld(Card),
    /// `KH-` (a lead without declaring) under `declare=auto`.
    UndeclaredNeedsOptional(Card),
    /// `KH-` for a move that would declare nothing.
    UndeclaredDeclaresNothing(Card),
    /// Holding the led suit, the player plays another.
    MustFollow { led: Suit, legal: CardSet },
    /// Following suit, the player could beat `highest` and does not.
    MustBeat { highest: Card, legal: CardSet },
    /// Trumping, the player could beat the trump `highest` and does not.
    MustOvertrump { highest: Card, legal: CardSet },
    /// Void in the led suit, the player holds a trump and plays none.
    MustTrump { legal: CardSet },
}

fn card_list(set: CardSet, sep: &str) -> String {
    set.iter_display()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(sep)
}

impl Illegal {
    /// In the third person, after "R plays 9C but ": `must trump: holds
    /// QH`; `seat` names the player who does not hold a card.
    pub fn said_of(&self, seat: Seat) -> String {
        match *self {
            Illegal::Over => "the hand is over".into(),
            Illegal::NotHeld(card) => format!("{seat} does not hold {card}"),
            Illegal::UndeclaredNeedsOptional(card) => {
                format!("{card}- (a lead without declaring) needs declare=optional")
            }
            Illegal::UndeclaredDeclaresNothing(card) => {
                format!("{card}- is written only for a lead that would declare")
            }
            Illegal::MustFollow { led, legal } => {
                format!(
                    "must play a {} (holds {})",
                    led.name(),
                    card_list(legal, " ")
                )
            }
            Illegal::MustBeat { highest, legal } => format!(
                "must play a {} higher than {highest} (holds {})",
                highest.suit().name(),
                card_list(legal, " ")
            ),
            Illegal::MustOvertrump { highest, legal } => format!(
                "must play a trump higher than {highest} (holds {})",
                card_list(legal, " ")
            ),
            Illegal::MustTrump { legal } => format!("must trump: holds {}", card_list(legal, " ")),
        }
    }

    /// Said to the player who tried the move: `you must play a heart
    /// higher than QH: KH or AH`.
    pub fn said_to_you(&self) -> String {
        match *self {
            Illegal::Over => "the hand is over".into(),
            Illegal::NotHeld(card) => format!("you do not hold {card}"),
            Illegal::UndeclaredNeedsOptional(card) => format!(
                "{card}- leads without declaring, and in these rules a marriage card led \
                 always declares: play {card}"
            ),
            Illegal::UndeclaredDeclaresNothing(card) => {
                format!("{card}- is only for a lead that would declare a marriage: play {card}")
            }
            Illegal::MustFollow { led, legal } => format!(
                "you hold a {}, so you must play one: {}",
                led.name(),
                card_list(legal, " or ")
            ),
            Illegal::MustBeat { highest, legal } => format!(
                "you must play a {} higher than {highest} when you hold one: {}",
                highest.suit().name(),
                card_list(legal, " or ")
            ),
            Illegal::MustOvertrump { highest, legal } => format!(
                "you must play a trump higher than {highest} when you hold one: {}",
                card_list(legal, " or ")
            ),
            Illegal::MustTrump { legal } => format!(
                "you have none of the suit led, so you must play a trump: {}",
                card_list(legal, " or ")
            ),
        }
    }
}

/// What the musik taken with the last trick scores (`players=2`): its card
/// points, and under `last_musik=marriage` a marriage lying in it.
pub fn last_musik_points(rules: &Rules, musik: CardSet) -> u16 {
    let marriages = match rules.last_musik {
        LastMusik::Cards => 0,
        LastMusik::Marriage => Suit::ALL
            .iter()
            .filter(|&&s| musik.has_marriage(s))
            .map(|&s| rules.marriage_value(s))
            .sum(),
    };
    musik.points() + marriages
}

/// The index (0 = leader) of the card that wins a complete trick (three
/// cards, or two with two players): the highest trump, or if none, the
/// highest card of the led suit.
#[inline]
pub fn trick_winner(cards: &[Card], trump: Option<Suit>) -> usize {
    let led = cards[0].suit();
    let key = |c: Card| {
        if Some(c.suit()) == trump {
            16 + c.rank() as u8
        } else if c.suit() == led {
            8 + c.rank() as u8
        } else {
            0
        }
    };
    let mut best = 0;
    for i in 1..cards.len() {
        if key(cards[i]) > key(cards[best]) {
            best = i;
        }
    }
    best
}

impl fmt::Debug for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "State {{ hands: {} {} {}, lead: {}, trick: [",
            self.hands[0], self.hands[1], self.hands[2], self.leader
        )?;
        for (i, c) in self.trick().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        write!(
            f,
            "], trump: {}, points: {:?} }}",
            self.trump.map_or('-', |s| s.char()),
            self.points
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(d: &str, l: &str, r: &str, trick: &[&str], trump: Option<Suit>) -> State {
        let mut s = State::new(
            [d.parse().unwrap(), l.parse().unwrap(), r.parse().unwrap()],
            Seat::D,
            trump,
            [0; 3],
        );
        for c in trick {
            s.push_trick_card(c.parse().unwrap());
        }
        s
    }

    #[test]
    fn winner_is_highest_trump_else_led_suit() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        assert_eq!(trick_winner(&[c("QH"), c("AH"), c("TS")], None), 1);
        assert_eq!(
            trick_winner(&[c("QH"), c("AH"), c("9S")], Some(Suit::Spades)),
            2
        );
        assert_eq!(
            trick_winner(&[c("QH"), c("AD"), c("9S")], Some(Suit::Clubs)),
            0
        );
    }

    #[test]
    fn trick_completes_and_scores() {
        let rules = Rules::STANDARD;
        let mut s = state("A...", "9...", "K...", &[], None);
        s.play(&rules, "AH".parse().unwrap());
        s.play(&rules, "9H".parse().unwrap());
        let p = s.play(&rules, "KH".parse().unwrap());
        assert_eq!(p.trick, Some((Seat::D, 15)));
        assert_eq!(s.points, [15, 0, 0]);
        assert!(s.is_over());
    }

    #[test]
    fn finished_trick_leaves_no_trace() {
        // The same position reached by play and built directly must be equal and
        // hash alike (transposition tables and memos key on the whole state).
        let rules = Rules::STANDARD;
        let mut s = state("A.9..", "9.J..", "K.Q..", &[], None);
        for c in ["AH", "9H", "KH"] {
            s.play(&rules, c.parse().unwrap());
        }
        let built = State::new(
            [
                ".9..".parse().unwrap(),
                ".J..".parse().unwrap(),
                ".Q..".parse().unwrap(),
            ],
            Seat::D,
            None,
            [15, 0, 0],
        );
        assert_eq!(s, built);
        use std::hash::{BuildHasher, RandomState};
        let h = RandomState::new();
        assert_eq!(h.hash_one(s), h.hash_one(built));
    }

    #[test]
    fn illegal_moves_are_explained() {
        let rules = Rules::STANDARD;
        // D led QH; L holds KH and 9H: must beat the queen.
        let s = state("...A", "K9...9", "A...J", &["QH"], None);
        let why = s.why_illegal(&rules, "9H".parse().unwrap()).unwrap();
        assert_eq!(why, "must play a heart higher than QH (holds KH)");
        // R is void in clubs and holds a trump heart: must trump.
        let s = state("...9", "...J", "Q.9..", &["AC", "KC"], Some(Suit::Hearts));
        let why = s.why_illegal(&rules, "9D".parse().unwrap()).unwrap();
        assert_eq!(why, "must trump: holds QH");
    }
}
