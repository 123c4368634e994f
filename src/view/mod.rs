//! One seat's view of a hand: what that seat knows (docs/rules.md, *What each
//! seat knows*), and the layouts of the unseen cards that fit it.
//!
//! A [`View`] holds the seat's own cards, the shown musik, its part of the
//! exchange and every card played (with the declarations seen). Building one
//! checks it: the viewer's own plays must be legal, and at least one hidden
//! history must fit the plays of the others; otherwise the error names the
//! move that made it impossible. [`Sampler`] then draws layouts uniformly
//! over the hidden histories that fit. With two players (`players=2`) the
//! seats are D and L, tricks have two cards, and the musik the last trick
//! takes stays hidden from the view's running points (docs/view.md).
//!
//! ```
//! use tysiac::{parse_position, Seat, View};
//! let p = parse_position(
//!     "deal: AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9
//!      exchange: 9S QC
//!      play: AS 9S TS | AH 9H JH | KH",
//! )
//! .unwrap();
//! let view = View::from_position(&p, Some(Seat::L)).unwrap();
//! assert_eq!(view.to_move(), Seat::L);
//! assert_eq!(view.hand.to_string(), "T9.AK.KJ.Q9");
//! ```

mod bids;
mod count;
mod knowledge;
mod read;
mod sampler;

use std::fmt;

use crate::engine::card::{Card, Rank, Suit};
use crate::engine::cardset::CardSet;
use crate::engine::deal::{Deal, Exchange, Give};
use crate::engine::moves::{Move, MoveList};
use crate::engine::position::{Form, History, Position};
use crate::engine::rules::{Declare, Musik, Players, Rules, TrumpFrom, TrumpRule};
use crate::engine::seat::Seat;
use crate::engine::state::{last_musik_points, trick_winner, State};
use crate::game::auction::Call;

pub use bids::{check_bids, parse_bids};
pub use knowledge::Knowledge;
pub use read::parse_views;
pub use sampler::{Layout, Sampler};

/// A card seen played: who played it, and whether its lead declared.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Seen {
    pub seat: Seat,
    pub card: Card,
    /// The lead declared a marriage (or the ace marriage): written `KH+`.
    pub declared: bool,
}

impl fmt::Display for Seen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.card, if self.declared { "+" } else { "" })
    }
}

/// Why a view cannot be: what is wrong and, when a play made it so, which
/// move (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViewError {
    /// The key at fault (`hand`, `exchange`, `play` ...).
    pub key: &'static str,
    /// The move that made the view impossible, from 1.
    pub move_number: Option<usize>,
    pub message: String,
}

impl ViewError {
    fn new(key: &'static str, message: impl Into<String>) -> ViewError {
        ViewError {
            key,
            move_number: None,
            message: message.into(),
        }
    }

    fn at_move(number: usize, message: impl Into<String>) -> ViewError {
        ViewError {
            key: "play",
            move_number: Some(number),
            message: format!("move {number}, {}", message.into()),
        }
    }
}

impl fmt::Display for ViewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.key, self.message)
    }
}

impl std::error::Error for ViewError {}

/// What one seat knows at a point of the hand: the parts it was built from
/// (read through `Deref`: `view.seat`, `view.hand` ...), checked, and what
/// follows from them.
#[derive(Clone, Debug)]
pub struct View {
    parts: ViewSetup,
    /// Every card played so far, in order, with who played it.
    pub plays: Vec<Seen>,
    knowledge: Knowledge,
}

impl std::ops::Deref for View {
    type Target = ViewSetup;
    fn deref(&self) -> &ViewSetup {
        &self.parts
    }
}

/// What everyone at the table saw: the trick in progress, trump, the cards
/// won and the declarations, replayed from the plays alone.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Table {
    pub leader: Seat,
    /// The cards of the trick in progress (at most one with two players).
    pub trick: [Option<Card>; 2],
    pub trump: Option<Suit>,
    /// Card points won and marriages declared, per seat: not D's discards
    /// nor the cards D laid away (two players), which only D saw. With two
    /// players the musik the last trick takes counts for its winner only
    /// when the view knows its cards ([`View::last_musik`]): it lies face
    /// down until the hand ends, so running points never hold it.
    pub points: [u16; 3],
    /// Tricks completed.
    pub tricks: usize,
    /// A trump declared on this trick's lead under `trump_from=next_trick`.
    pub pending_trump: Option<Suit>,
    /// First-trick marriage points waiting for a trick won
    /// (`marriage_needs_trick`).
    pub pending_points: [u16; 3],
    /// Seats at the table: 3, or 2 with `players=2`.
    pub seats: u8,
    /// Two players: the musik the last trick takes, when the view knows it
    /// (then its points go to the last trick's winner).
    pub last_musik: Option<CardSet>,
}

impl Table {
    fn new(rules: &Rules, trump: Option<Suit>) -> Table {
        Table {
            leader: Seat::D,
            trick: [None; 2],
            trump,
            points: [0; 3],
            tricks: 0,
            pending_trump: None,
            pending_points: [0; 3],
            seats: rules.seats() as u8,
            last_musik: None,
        }
    }

    /// The cards in the trick in progress.
    pub fn trick_cards(&self) -> Vec<Card> {
        self.trick.iter().flatten().copied().collect()
    }

    pub fn to_move(&self) -> Seat {
        self.leader.plus_of(self.trick_cards().len(), self.seats)
    }

    /// May a lead on the current trick declare (by the trick number alone)?
    pub fn may_declare(&self, rules: &Rules) -> bool {
        self.trick[0].is_none() && (self.tricks > 0 || rules.first_trick_marriage)
    }

    /// Plays `seen`, which the caller has checked.
    fn play(&mut self, rules: &Rules, seen: Seen) {
        if seen.declared {
            let points = match seen.card.rank() {
                Rank::Ace => rules.ace_marriage,
                _ => rules.marriage_value(seen.card.suit()),
            };
            if rules.marriage_needs_trick && self.tricks == 0 {
                self.pending_points[seen.seat.index()] += points;
            } else {
                self.points[seen.seat.index()] += points;
            }
            if seen.card.rank() != Rank::Ace && rules.trump == TrumpRule::Marriage {
                match rules.trump_from {
                    TrumpFrom::Lead => self.trump = Some(seen.card.suit()),
                    TrumpFrom::NextTrick => self.pending_trump = Some(seen.card.suit()),
                }
            }
        }
        let mut cards = self.trick_cards();
        if cards.len() + 1 < usize::from(self.seats) {
            self.trick[cards.len()] = Some(seen.card);
        } else {
            cards.push(seen.card);
            let winner = self
                .leader
                .plus_of(trick_winner(&cards, self.trump), self.seats);
            let w = winner.index();
            self.points[w] += cards.iter().map(|c| c.points()).sum::<u16>();
            if self.tricks + 1 == rules.tricks() {
                self.points[w] += rules.last_trick_bonus;
                if let Some(m) = self.last_musik {
                    self.points[w] += last_musik_points(rules, m);
                }
            }
            self.points[w] += std::mem::take(&mut self.pending_points[w]);
            if let Some(t) = self.pending_trump.take() {
                self.trump = Some(t);
            }
            self.leader = winner;
            self.trick = [None; 2];
            self.tricks += 1;
        }
    }
}

/// What a lead of `card` could declare for a leader holding `hand` (the
/// hand before the lead), on a trick where declaring is allowed.
pub(crate) fn declares(rules: &Rules, hand: CardSet, card: Card) -> bool {
    match card.rank() {
        Rank::King | Rank::Queen => hand.has_marriage(card.suit()),
        Rank::Ace if rules.ace_marriage > 0 => CardSet::full_rank(Rank::Ace).is_subset(hand),
        _ => false,
    }
}

/// The parts of a view: what the seat saw, before it is checked.
#[derive(Clone, Debug)]
pub struct ViewSetup {
    pub id: Option<String>,
    pub rules: Rules,
    pub contract: Option<u16>,
    /// The auction as the seat saw it, in the hand's seats (`bids:`); empty
    /// when not given.
    pub bids: Vec<(Seat, Call)>,
    /// The bid D won (`bid:`, or the last bid of `bids:`); `None`: not
    /// known (read as 100, the lowest).
    pub bid: Option<u16>,
    /// The seat whose knowledge this is.
    pub seat: Seat,
    /// The seat's cards at the first lead (8, or 7 with `musik=discard`, 10
    /// with two players).
    pub hand: CardSet,
    /// The musik, when the seat saw it (always for D; with two players the
    /// 2 cards of the musik D took).
    pub musik: Option<CardSet>,
    /// For D: the cards it gave away (none known for a deal written after
    /// the exchange); with two players the two it laid away
    /// ([`Give::LayAway`], needed).
    pub given: Option<Give>,
    /// For a defender under `musik=pass` (three players): the card it got
    /// from D.
    pub got: Option<Card>,
    /// The trump D named under `trump=chosen`.
    pub chosen_trump: Option<Suit>,
    /// The cards played, each with its declaration mark (`KH+`).
    pub cards_played: Vec<(Card, bool)>,
    /// The whole hand when the view was taken from a history: the true
    /// layout, for comparing with double-dummy. Never used to sample.
    pub truth: Option<History>,
    pub line: usize,
}

/// What `seat` knows at the first lead of a hand played from `deal` with
/// `exchange` (`start_hand`: its cards then).
pub(crate) fn setup_for(
    rules: &Rules,
    deal: &Deal,
    exchange: &Exchange,
    start_hand: CardSet,
    seat: Seat,
) -> ViewSetup {
    let (given, got): (Option<Give>, Option<Card>) = match (seat, exchange.give) {
        (Seat::D, g) => (Some(g), None),
        (Seat::L, Give::Pass(l, _)) => (None, Some(l)),
        (Seat::R, Give::Pass(_, r)) => (None, Some(r)),
        _ => (None, None),
    };
    ViewSetup {
        id: None,
        rules: *rules,
        contract: None,
        bids: Vec::new(),
        bid: None,
        seat,
        hand: start_hand,
        musik: Some(deal.musik).filter(|_| seat == Seat::D || rules.musik_shown),
        given,
        got,
        chosen_trump: exchange.trump,
        cards_played: Vec::new(),
        truth: None,
        line: 1,
    }
}

impl View {
    /// Checks `setup` and works out what the seat knows.
    pub fn new(setup: ViewSetup) -> Result<View, ViewError> {
        let ViewSetup {
            rules,
            seat,
            hand,
            musik,
            given,
            got,
            chosen_trump,
            ..
        } = setup;
        check_parts(&rules, seat, hand, musik, given, got, chosen_trump)?;
        let mut setup = setup;
        if !setup.bids.is_empty() {
            let won = check_bids(&rules, &setup.bids, setup.contract)
                .map_err(|m| ViewError::new("bids", m))?;
            if setup.bid.is_some_and(|b| b != won) {
                return Err(ViewError::new(
                    "bid",
                    format!("D won the auction of bids: at {won}"),
                ));
            }
            setup.bid = Some(won);
        }
        if let (Some(b), Some(c)) = (setup.bid, setup.contract) {
            if c < b {
                return Err(ViewError::new(
                    "contract",
                    format!("{c} is below the bid D won, {b}"),
                ));
            }
        }
        let cards_played = &setup.cards_played;
        let mut knowledge = Knowledge::new(&rules, seat, hand, musik, given, got)?;
        let mut table = Table::new(&rules, chosen_trump);
        let mut seen = Vec::with_capacity(cards_played.len());
        let mut own = hand;
        for (i, &(card, declared)) in cards_played.iter().enumerate() {
            let number = i + 1;
            if table.tricks == rules.tricks() {
                return Err(ViewError::at_move(
                    number,
                    format!("{card}: the hand is over after {} moves", i),
                ));
            }
            let mover = table.to_move();
            let s = Seen {
                seat: mover,
                card,
                declared,
            };
            if declared && !(table.may_declare(&rules) && may_mark(&rules, card)) {
                let why = if table.trick[0].is_some() {
                    "only a lead declares".to_string()
                } else if !may_mark(&rules, card) {
                    "only a K or Q (or an ace under ace_marriage) declares".to_string()
                } else {
                    "no declaration on the first trick under these rules".to_string()
                };
                return Err(ViewError::at_move(
                    number,
                    format!("{mover} plays {s}, but {why}"),
                ));
            }
            if mover == seat {
                check_own_play(&rules, &table, own, s).map_err(|why| {
                    ViewError::at_move(number, format!("{mover} plays {s} but {why}"))
                })?;
                own.remove(card);
            } else {
                knowledge.observe(&rules, &table, s).map_err(|why| {
                    ViewError::at_move(number, format!("{mover} plays {s}: {why}"))
                })?;
            }
            knowledge.mark_played(card);
            table.play(&rules, s);
            seen.push(s);
        }
        Ok(View {
            parts: setup,
            plays: seen,
            knowledge,
        })
    }

    /// The view of `seat` (or of the seat to move) of a history-form
    /// position. A snapshot hides nothing it could tell, so it is refused.
    pub fn from_position(p: &Position, seat: Option<Seat>) -> Result<View, ViewError> {
        let Form::History(h) = &p.form else {
            return Err(ViewError::new(
                "hands",
                "a snapshot does not say how the hand was dealt and played: \
                 a seat's view needs the history form (deal:, exchange:, play:) or the view form",
            ));
        };
        let Some(start) = h.start else {
            return Err(ViewError::new(
                "exchange",
                "the exchange is not given: a seat's view starts at the first lead",
            ));
        };
        let rules = p.rules;
        let mut state = start;
        let mut plays = Vec::with_capacity(h.moves.len());
        for &mv in &h.moves {
            let played = state.play(&rules, mv);
            plays.push((mv.card(), played.declared.is_some()));
        }
        let seat = seat.unwrap_or_else(|| state.to_move());
        let (given, got) = match (&h.exchange, seat) {
            (Some(x), Seat::D) => (Some(x.give), None),
            (
                Some(Exchange {
                    give: Give::Pass(l, _),
                    ..
                }),
                Seat::L,
            ) => (None, Some(*l)),
            (
                Some(Exchange {
                    give: Give::Pass(_, r),
                    ..
                }),
                Seat::R,
            ) => (None, Some(*r)),
            _ => (None, None),
        };
        let musik = h
            .deal
            .map(|d| d.musik)
            .filter(|_| seat == Seat::D || rules.musik_shown);
        let chosen_trump = match rules.trump {
            TrumpRule::Chosen => start.trump,
            TrumpRule::Marriage => None,
        };
        View::new(ViewSetup {
            id: p.id.clone(),
            rules,
            contract: p.contract,
            bids: Vec::new(),
            bid: None,
            seat,
            hand: start.hands[seat.index()],
            musik,
            given,
            got,
            chosen_trump,
            cards_played: plays,
            truth: Some(h.clone()),
            line: p.line,
        })
    }

    /// The table as everyone saw it (with two players, the last musik's
    /// points only when the view knows its cards: see [`Table::points`]).
    pub fn table(&self) -> Table {
        let mut table = Table::new(&self.rules, self.chosen_trump);
        if self.is_over() {
            // Its points are added only with the last trick.
            table.last_musik = self.last_musik();
        }
        for &s in &self.plays {
            table.play(&self.rules, s);
        }
        table
    }

    /// The seat to play next.
    pub fn to_move(&self) -> Seat {
        self.table().to_move()
    }

    /// Is the hand over?
    pub fn is_over(&self) -> bool {
        self.plays.len() == self.rules.seats() * self.rules.tricks()
    }

    /// Two players: the musik the last trick takes (3 cards under
    /// `laid_away=split`, 2 under `declarer`), when every hidden history
    /// that fits the view agrees on it. It lies face down until the hand
    /// ends, so it is known only by elimination: D knows it once L has
    /// played its last card; L, who cannot tell which laid-away card D
    /// kept the points of, rarely does. `None` with three players.
    pub fn last_musik(&self) -> Option<CardSet> {
        self.knowledge.last_musik()
    }

    /// The viewer's cards now.
    pub fn own_cards(&self) -> CardSet {
        self.plays
            .iter()
            .filter(|s| s.seat == self.seat)
            .fold(self.hand, |h, s| h.without(s.card))
    }

    /// What the seat knows about where the unseen cards are.
    pub fn knowledge(&self) -> &Knowledge {
        &self.knowledge
    }

    /// The legal moves of the viewer, when it is the viewer's turn.
    pub fn legal_moves(&self) -> MoveList {
        let table = self.table();
        if self.is_over() || table.to_move() != self.seat {
            return MoveList::new();
        }
        probe_state(&table, self.seat, self.own_cards()).legal_moves(&self.rules)
    }

    /// The true state now, when the view was taken from a history.
    pub fn true_state(&self) -> Option<State> {
        self.truth.as_ref().and_then(|h| h.state(&self.rules))
    }

    /// The view one move later, after `seen` (checked like every play).
    pub fn after(&self, seen: Seen) -> Result<View, ViewError> {
        let mut setup = self.setup();
        setup.cards_played.push((seen.card, seen.declared));
        View::new(setup)
    }

    /// The parts this view was built from.
    pub fn setup(&self) -> ViewSetup {
        self.parts.clone()
    }

    /// The moves in history form, declarations resolved for a layout where
    /// the leaders hold what they held: `KH-` where a lead could declare but
    /// did not (only under `declare=optional`).
    pub(crate) fn moves_for(&self, start: &State) -> Result<Vec<Move>, String> {
        let mut state = *start;
        let mut moves = Vec::with_capacity(self.plays.len());
        for (i, s) in self.plays.iter().enumerate() {
            let could = state.declaration(&self.rules, s.card).is_some();
            let mv = if could && !s.declared && self.rules.declare == Declare::Optional {
                Move::undeclared(s.card)
            } else {
                Move::new(s.card)
            };
            let played = state
                .try_play(&self.rules, mv)
                .map_err(|why| format!("move {}: {} plays {mv} but {why}", i + 1, s.seat))?;
            if played.declared.is_some() != s.declared {
                return Err(format!(
                    "move {}: {} plays {} and the layout {} a declaration",
                    i + 1,
                    s.seat,
                    s,
                    if s.declared {
                        "does not allow"
                    } else {
                        "forces"
                    }
                ));
            }
            moves.push(mv);
        }
        Ok(moves)
    }
}

/// A card whose lead can carry a declaration mark under `rules`.
fn may_mark(rules: &Rules, card: Card) -> bool {
    matches!(card.rank(), Rank::King | Rank::Queen)
        || (card.rank() == Rank::Ace && rules.ace_marriage > 0)
}

/// A state where only `seat`'s hand matters: enough to ask what `seat`
/// may play on the trick in progress.
pub(crate) fn probe_state(table: &Table, seat: Seat, hand: CardSet) -> State {
    let mut hands = [CardSet::EMPTY; 3];
    hands[seat.index()] = hand;
    let trick = table.trick_cards();
    // At a lead the mover is the leader, whose hand gives the trick number
    // that `declaration` needs; following, nothing else is asked of it.
    let mut state = if table.seats == 2 {
        let p = table.points;
        State::two(
            [hands[0], hands[1]],
            table.leader,
            table.trump,
            [p[0], p[1]],
            CardSet::EMPTY,
        )
    } else {
        State::new(hands, table.leader, table.trump, table.points)
    };
    for card in trick {
        state.push_trick_card(card);
    }
    state
}

/// Checks the viewer's own play: held, legal, and marked as it declares.
fn check_own_play(rules: &Rules, table: &Table, own: CardSet, s: Seen) -> Result<(), String> {
    if !own.contains(s.card) {
        return Err(format!("{} does not hold it", s.seat));
    }
    let state = probe_state(table, s.seat, own);
    let legal = state.legal_cards(rules);
    if !legal.contains(s.card) {
        let mv = Move::new(s.card);
        return Err(state
            .why_illegal(rules, mv)
            .unwrap_or_else(|| "it is not legal".into()));
    }
    let could = table.may_declare(rules) && declares(rules, own, s.card);
    match (could, s.declared, rules.declare) {
        (true, false, Declare::Auto) => Err(format!(
            "that lead declares under declare=auto: write {}+",
            s.card
        )),
        (false, true, _) => Err(format!("{} holds nothing it declares", s.seat)),
        _ => Ok(()),
    }
}

/// The sizes, musik and exchange of a view, checked against each other.
fn check_parts(
    rules: &Rules,
    seat: Seat,
    hand: CardSet,
    musik: Option<CardSet>,
    given: Option<Give>,
    got: Option<Card>,
    chosen_trump: Option<Suit>,
) -> Result<(), ViewError> {
    let two = rules.players == Players::Two;
    if two && seat == Seat::R {
        return Err(ViewError::new(
            "view",
            "with players=2 the seats are D and L: there is no R",
        ));
    }
    let tricks = rules.tricks();
    if hand.len() != tricks {
        return Err(ViewError::new(
            "hand",
            format!(
                "holds {} cards; a seat holds {tricks} at the first lead under these rules",
                hand.len()
            ),
        ));
    }
    match (rules.trump, chosen_trump) {
        (TrumpRule::Chosen, None) => {
            return Err(ViewError::new(
                "trump",
                "trump=chosen: a trump: line names the trump D chose",
            ))
        }
        (TrumpRule::Marriage, Some(_)) => {
            return Err(ViewError::new(
                "trump",
                "a trump: line only with trump=chosen (under trump=marriage, marriages set trump)",
            ))
        }
        _ => {}
    }
    if let Some(m) = musik {
        let want = rules.musik_size();
        if m.len() != want {
            let which = if two { "the musik D took: " } else { "" };
            return Err(ViewError::new(
                "musik",
                format!(
                    "holds {} cards, needs {want} ({which}every seat saw them)",
                    m.len()
                ),
            ));
        }
        if seat != Seat::D && !rules.musik_shown {
            return Err(ViewError::new(
                "musik",
                "musik_shown=no: a defender does not see the musik",
            ));
        }
    }
    let musik = musik.unwrap_or(CardSet::EMPTY);
    match seat {
        Seat::D => {
            match (two, given) {
                (true, Some(Give::Pass(..) | Give::Discard(_))) => {
                    return Err(ViewError::new(
                        "exchange",
                        "with players=2 D lays away 2 cards: the one it keeps the points of, \
                         then the one for the other musik",
                    ))
                }
                (false, Some(Give::LayAway(..))) => {
                    return Err(ViewError::new(
                        "exchange",
                        "D lays cards away only with players=2",
                    ))
                }
                (true, None) => {
                    return Err(ViewError::new(
                        "exchange",
                        "D's view needs the 2 cards D laid away (players=2)",
                    ))
                }
                _ => {}
            }
            if let Some(give) = given {
                let cards: CardSet = match give {
                    Give::Pass(l, r) | Give::LayAway(l, r) => [l, r].into_iter().collect(),
                    Give::Discard(set) => set,
                };
                if let Some(c) = (cards & hand).lowest() {
                    return Err(ViewError::new(
                        "exchange",
                        format!("{c} is given away, so it is not in D's hand"),
                    ));
                }
                if let Some(c) = musik.minus(hand | cards).lowest() {
                    return Err(ViewError::new(
                        "musik",
                        format!(
                            "{c} went to D's hand with the musik, but D neither holds nor gave it"
                        ),
                    ));
                }
            } else if rules.musik == Musik::Discard {
                return Err(ViewError::new(
                    "exchange",
                    "D's view needs the three discards",
                ));
            }
        }
        _ => {
            if two && (given.is_some() || got.is_some()) {
                return Err(ViewError::new(
                    "exchange",
                    format!(
                        "with players=2 D gives {seat} nothing (it lays 2 cards away unseen): \
                         {seat}'s view has no exchange"
                    ),
                ));
            }
            if given.is_some() {
                return Err(ViewError::new(
                    "exchange",
                    "a defender's view names only the card it got",
                ));
            }
            if let Some(c) = got {
                if rules.musik == Musik::Discard {
                    return Err(ViewError::new(
                        "exchange",
                        "musik=discard: D gives the defenders nothing",
                    ));
                }
                if !hand.contains(c) {
                    return Err(ViewError::new(
                        "exchange",
                        format!("{c} is the card {seat} got from D, so it is in {seat}'s hand"),
                    ));
                }
            }
            let shown = musik & hand;
            if let (true, Some(c)) = (two, shown.lowest()) {
                return Err(ViewError::new(
                    "hand",
                    format!("{c} was in the musik, which went to D: {seat} cannot hold it"),
                ));
            }
            let allowed = if rules.musik == Musik::Pass { 1 } else { 0 };
            if shown.len() > allowed
                || got.is_some_and(|g| !shown.minus(CardSet::from_card(g)).is_empty())
            {
                let c = shown
                    .minus(got.map_or(CardSet::EMPTY, CardSet::from_card))
                    .lowest();
                return Err(ViewError::new(
                    "hand",
                    format!(
                        "{} was in the musik, which went to D: {seat} can hold a musik card only as the card D gave",
                        c.or(shown.lowest()).expect("a musik card in the hand")
                    ),
                ));
            }
        }
    }
    Ok(())
}
