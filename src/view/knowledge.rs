//! Where a seat's unseen cards can be.
//!
//! The hidden history of a hand, as one seat sees it, is a deal of the cards
//! it cannot place into *slots* of fixed sizes, and nothing else: every
//! assignment of those cards to the slots stands for the same number of
//! deals and exchanges, so "uniform over the hidden histories that fit"
//! (docs/rules.md) is "uniform over the assignments that fit". The slots:
//!
//! | viewer | slots |
//! |---|---|
//! | D | L's 7 dealt cards, R's 7 (each also holds the card D gave it) |
//! | L, `musik=pass` | D's 8 after the exchange, R's 7 dealt, the 1 card D gave R |
//! | L, `musik=discard` | D's 7 after the discard, R's 7, D's 3 discards |
//! | D, two players | L's 10, the other musik's 2 dealt cards |
//! | L, two players, `laid_away=split` | D's 10 after laying away, the card D keeps the points of, the card laid into the other musik, the other musik's 2 dealt cards |
//! | L, two players, `laid_away=declarer` | D's 10 after laying away, the 2 laid away, the other musik's 2 dealt cards |
//!
//! (R's view mirrors L's.) A defender knows the card it got came from D's
//! ten; every other of D's ten cards was equally likely to go to the other
//! defender. With the musik shown, its cards went to D's ten, so they can
//! only be in D's slot or be the card (or the discards) D gave away: that is
//! the only place where the musik shows, and it is why a shown musik card
//! that R plays must be the card R got.
//!
//! With two players L's hidden history is D's ten dealt cards, the musik D
//! took, the other musik and D's choice of the two cards to lay away. Given
//! the four slots above (and the musik, when shown), that history is one:
//! D's twelve are its ten now and the two laid away, and its dealt ten are
//! the twelve less the musik. Unshown, the musik is any 2 of the twelve, the
//! same 66 for every assignment. So here too the histories are uniform over
//! the assignments; a shown musik card may be anywhere among D's twelve
//! (its ten now, or laid away) but not in the other musik's dealt pair.
//!
//! What play reveals narrows the slots each card may be in: a card played
//! was in its player's hand; a card that would have made a play illegal was
//! not (docs/rules.md's voids, "no higher card", "no trump"); a lead that declares
//! shows the partner, and under `declare=auto` one that does not shows the
//! partner missing. The one constraint that is not about a single card,
//! "a lead of an ace without declaring shows the leader lacked one of the
//! other three aces", is kept as a clause.

use super::count::{count, Room, SLOTS};
use crate::engine::card::{Card, Rank};
use crate::engine::cardset::CardSet;
use crate::engine::deal::Give;
use crate::engine::rules::{Declare, LaidAway, Musik, Players, Rules};
use crate::engine::seat::Seat;
use crate::engine::state::State;

use super::{probe_state, Seen, Table, ViewError};

/// A slot of unseen cards: whose hand it is part of (none for D's discards)
/// and how many cards it holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Slot {
    pub seat: Option<Seat>,
    pub size: usize,
    /// The slot is the card(s) D gave away (to the other defender, or
    /// discarded, or laid away), as a defender sees it.
    pub given: bool,
    /// Two players: the slot's cards go with the last trick (the other
    /// musik, and under `laid_away=split` the card laid into it).
    pub last_musik: bool,
}

impl Slot {
    const fn new(seat: Option<Seat>, size: usize, given: bool) -> Slot {
        Slot {
            seat,
            size,
            given,
            last_musik: false,
        }
    }

    /// A slot of the musik the last trick takes.
    const fn last_musik(size: usize, given: bool) -> Slot {
        Slot {
            seat: None,
            size,
            given,
            last_musik: true,
        }
    }
}

/// What a seat knows about where the cards it cannot see are.
#[derive(Clone, Debug)]
pub struct Knowledge {
    viewer: Seat,
    pub(crate) slots: Vec<Slot>,
    /// For each unseen card (by index), the slots it may be in, as bits;
    /// 0 for a card the viewer can place.
    pub(crate) allowed: [u8; 32],
    /// Cards known to be in each seat's hand at the first lead.
    pub(crate) known: [CardSet; 3],
    /// Cards known to be out of play (D's discards, in D's view).
    pub(crate) out: CardSet,
    played: CardSet,
    /// Each clause: at least one of these cards is not in these slots.
    pub(crate) clauses: Vec<Vec<(Card, u8)>>,
    /// The card a defender got from D (assumed, when the view does not say).
    pub(crate) got: Option<Card>,
    /// Two players: cards the viewer knows are in the musik the last trick
    /// takes (D's view under `laid_away=split`: the card D laid into it).
    pub(crate) last_musik_known: CardSet,
    /// Two players (the messages say "laid away", not "discarded").
    two: bool,
}

impl Knowledge {
    /// Cards to place in each slot.
    pub(crate) fn sizes(&self) -> Room {
        let mut s = [0u8; SLOTS];
        for (i, slot) in self.slots.iter().enumerate() {
            s[i] = slot.size as u8;
        }
        s
    }

    /// How many assignments of the unseen cards fit what is known.
    pub(crate) fn layouts(&self) -> u128 {
        count(self.allowed, self.sizes(), &self.clauses)
    }

    /// What the seat knows at the first lead.
    pub(crate) fn new(
        rules: &Rules,
        viewer: Seat,
        hand: CardSet,
        musik: Option<CardSet>,
        given: Option<Give>,
        got: Option<Card>,
    ) -> Result<Knowledge, ViewError> {
        let mut known = [CardSet::EMPTY; 3];
        known[viewer.index()] = hand;
        let mut out = CardSet::EMPTY;
        let tricks = rules.tricks();
        let mut musik_slots = None;
        let mut got_card = None;
        let mut last_musik_known = CardSet::EMPTY;
        let two = rules.players == Players::Two;
        let slots = match (two, viewer) {
            (true, Seat::D) => {
                // D saw its twelve and laid two away: L's 10 and the other
                // musik's 2 are all it cannot place (a missing exchange is
                // refused when the view is checked).
                if let Some(Give::LayAway(a, b)) = given {
                    out = CardSet::from_card(a).with(b);
                    if rules.laid_away == LaidAway::Split {
                        last_musik_known.insert(b);
                    }
                }
                vec![
                    Slot::new(Some(Seat::L), tricks, false),
                    Slot::last_musik(2, false),
                ]
            }
            (true, _) => match rules.laid_away {
                LaidAway::Split => {
                    // A shown musik card went to D's twelve: not the other
                    // musik's dealt pair (slot 3).
                    musik_slots = Some(0b0111);
                    vec![
                        Slot::new(Some(Seat::D), tricks, false),
                        Slot::new(None, 1, true),
                        Slot::last_musik(1, true),
                        Slot::last_musik(2, false),
                    ]
                }
                LaidAway::Declarer => {
                    musik_slots = Some(0b011);
                    vec![
                        Slot::new(Some(Seat::D), tricks, false),
                        Slot::new(None, 2, true),
                        Slot::last_musik(2, false),
                    ]
                }
            },
            (false, Seat::D) => {
                let dealt = match given {
                    Some(Give::Pass(l, r)) => {
                        known[Seat::L.index()].insert(l);
                        known[Seat::R.index()].insert(r);
                        tricks - 1
                    }
                    Some(Give::Discard(set)) => {
                        out = set;
                        tricks
                    }
                    // Refused for three seats when the view is checked.
                    Some(Give::LayAway(..)) | None => tricks,
                };
                vec![
                    Slot::new(Some(Seat::L), dealt, false),
                    Slot::new(Some(Seat::R), dealt, false),
                ]
            }
            (false, defender) => {
                let other = if defender == Seat::L {
                    Seat::R
                } else {
                    Seat::L
                };
                musik_slots = Some(0b101);
                match rules.musik {
                    Musik::Pass => {
                        // The card got: as given, else a shown musik card in
                        // the hand; with neither, which one it was changes
                        // nothing.
                        got_card = got.or_else(|| musik.and_then(|m| (m & hand).lowest()));
                        vec![
                            Slot::new(Some(Seat::D), tricks, false),
                            Slot::new(Some(other), tricks - 1, false),
                            Slot::new(Some(other), 1, true),
                        ]
                    }
                    Musik::Discard => vec![
                        Slot::new(Some(Seat::D), tricks, false),
                        Slot::new(Some(other), tricks, false),
                        Slot::new(None, 3, true),
                    ],
                }
            }
        };
        let placed = known[0] | known[1] | known[2] | out;
        let unseen = !placed;
        let room: usize = slots.iter().map(|s| s.size).sum();
        assert_eq!(room, unseen.len(), "the slots hold the unseen cards");
        let all_slots = (1u8 << slots.len()) - 1;
        let mut allowed = [0u8; 32];
        for c in unseen {
            allowed[c.index() as usize] = all_slots;
        }
        if let (Some(m), Some(bits)) = (musik, musik_slots) {
            for c in m & unseen {
                allowed[c.index() as usize] = bits;
            }
        }
        let k = Knowledge {
            viewer,
            slots,
            allowed,
            known,
            out,
            played: CardSet::EMPTY,
            clauses: Vec::new(),
            got: got_card,
            last_musik_known,
            two,
        };
        if k.layouts() == 0 {
            // Only a musik that cannot fit does this (checked in detail
            // before); say so rather than report an empty sample.
            return Err(ViewError::new(
                "musik",
                "no deal fits the musik and the hands",
            ));
        }
        Ok(k)
    }

    /// The unseen cards.
    pub fn unseen(&self) -> CardSet {
        (0..32)
            .filter(|&i| self.allowed[i] != 0)
            .filter_map(|i| Card::from_index(i as u8))
            .collect()
    }

    /// The slots a seat's hidden cards are in, as bits.
    pub(crate) fn seat_slots(&self, seat: Seat) -> u8 {
        self.slots
            .iter()
            .enumerate()
            .filter(|(_, s)| s.seat == Some(seat))
            .fold(0, |m, (i, _)| m | 1 << i)
    }

    /// The unseen cards that may be in `seat`'s hand now.
    pub fn possible(&self, seat: Seat) -> CardSet {
        let bits = self.seat_slots(seat);
        let hidden: CardSet = (0..32)
            .filter(|&i| self.allowed[i] & bits != 0)
            .filter_map(|i| Card::from_index(i as u8))
            .collect();
        (hidden | self.known[seat.index()]).minus(self.played)
    }

    /// Two players: the cards of the musik the last trick takes, when every
    /// hidden history that fits agrees on them (D's view once L has played
    /// its last card; L's view rarely: which laid-away card D kept the
    /// points of stays hidden). `None` with three seats.
    pub fn last_musik(&self) -> Option<CardSet> {
        let bits = self
            .slots
            .iter()
            .enumerate()
            .filter(|(_, s)| s.last_musik)
            .fold(0u8, |m, (i, _)| m | 1 << i);
        if bits == 0 {
            return None;
        }
        let size: usize = self
            .slots
            .iter()
            .filter(|s| s.last_musik)
            .map(|s| s.size)
            .sum();
        // The cards that are in it in at least one history that fits.
        let mut cards = self.last_musik_known;
        for c in self.unseen() {
            let i = c.index() as usize;
            if self.allowed[i] & bits == 0 {
                continue;
            }
            let mut k = self.clone();
            k.allowed[i] &= bits;
            if k.layouts() > 0 {
                cards.insert(c);
            }
        }
        (cards.len() == size + self.last_musik_known.len()).then_some(cards)
    }

    pub(crate) fn mark_played(&mut self, card: Card) {
        self.played.insert(card);
    }

    /// Where `card` is known to be, when the viewer can place it.
    fn placed(&self, card: Card) -> Option<String> {
        if self.played.contains(card) {
            Some(format!("{card} was played before"))
        } else if self.known[self.viewer.index()].contains(card) {
            Some(format!("{} holds {card}", self.viewer))
        } else if self.out.contains(card) {
            Some(if self.two {
                format!("D laid {card} away")
            } else {
                format!("D discarded {card}")
            })
        } else {
            Seat::ALL
                .into_iter()
                .find(|s| self.known[s.index()].contains(card))
                .map(|s| format!("D gave {card} to {s}"))
        }
    }

    /// `seat` held `card` at this point of the play; `why` says how we know
    /// (empty: it played it).
    fn holds(&mut self, seat: Seat, card: Card, why: &str) -> Result<(), String> {
        if self.known[seat.index()].contains(card) && !self.played.contains(card) {
            return Ok(());
        }
        if let Some(where_) = self.placed(card) {
            return Err(format!("{why}{where_}"));
        }
        let bits = self.seat_slots(seat);
        let a = &mut self.allowed[card.index() as usize];
        *a &= bits;
        if *a == 0 {
            return Err(format!(
                "{why}the earlier play shows {seat} could not hold {card}"
            ));
        }
        Ok(())
    }

    /// `seat` did not hold `card` at this point of the play.
    fn lacks(&mut self, seat: Seat, card: Card, why: &str) -> Result<(), String> {
        if self.played.contains(card) {
            return Ok(());
        }
        if self.known[seat.index()].contains(card) {
            return Err(format!("{seat} holds {card}, so {why}"));
        }
        let bits = self.seat_slots(seat);
        let a = &mut self.allowed[card.index() as usize];
        if *a == 0 {
            return Ok(());
        }
        *a &= !bits;
        if *a == 0 {
            return Err(format!(
                "{seat} then lacked {card}, yet it can be nowhere else ({why})"
            ));
        }
        Ok(())
    }

    /// Learns from `seen`, a play by a seat the viewer cannot see, made on
    /// `table` (before the play).
    pub(crate) fn observe(
        &mut self,
        rules: &Rules,
        table: &Table,
        seen: Seen,
    ) -> Result<(), String> {
        let (seat, card) = (seen.seat, seen.card);
        self.holds(seat, card, "")?;
        // Cards that would have made this play illegal were not held.
        if table.trick[0].is_some() {
            for u in (!self.played).without(card) {
                let probe: State = probe_state(table, seat, CardSet::from_card(card).with(u));
                if !probe.legal_cards(rules).contains(card) {
                    self.lacks(seat, u, &format!("{card} would not be legal"))?;
                }
            }
        }
        if table.may_declare(rules) {
            self.declaration(rules, seat, card, seen.declared)?;
        }
        if self.layouts() == 0 {
            return Err(
                "no layout of the unseen cards fits this play and the plays before it".into(),
            );
        }
        Ok(())
    }

    /// What a lead on a trick that may declare shows.
    fn declaration(
        &mut self,
        rules: &Rules,
        seat: Seat,
        card: Card,
        declared: bool,
    ) -> Result<(), String> {
        let partners: Vec<Card> = match card.rank() {
            Rank::King | Rank::Queen => {
                let other = if card.rank() == Rank::King {
                    Rank::Queen
                } else {
                    Rank::King
                };
                vec![Card::new(card.suit(), other)]
            }
            Rank::Ace if rules.ace_marriage > 0 => {
                CardSet::full_rank(Rank::Ace).without(card).iter().collect()
            }
            _ => return Ok(()),
        };
        if declared {
            for p in partners {
                let why = format!("a declaration shows {seat} holds {p}, but ");
                self.holds(seat, p, &why)?;
            }
            return Ok(());
        }
        if rules.declare == Declare::Optional {
            return Ok(());
        }
        // declare=auto: holding every partner would have declared.
        let mut literals = Vec::new();
        for p in partners {
            let elsewhere = self.placed(p).is_some() && !self.known[seat.index()].contains(p);
            if self.played.contains(p) || elsewhere {
                return Ok(()); // a partner is elsewhere: nothing to learn
            }
            if self.known[seat.index()].contains(p) {
                continue; // held for sure: this literal is false
            }
            literals.push(p);
        }
        let why = "a lead holding it would declare under declare=auto";
        match literals.as_slice() {
            [] => Err(format!("{seat} holds every partner of {card}, so {why}")),
            [p] => self.lacks(seat, *p, why),
            _ => {
                let bits = self.seat_slots(seat);
                self.clauses
                    .push(literals.iter().map(|&p| (p, bits)).collect());
                Ok(())
            }
        }
    }
}
