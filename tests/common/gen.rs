//! Random rule sets, deals and positions for the cross-checks, all from a
//! seed (ChaCha8, so a seed means the same position on every machine).
//!
//! Purely random deals and play rarely leave a marriage to be declared late in
//! the hand, and almost never give one seat all four aces, so both are forced
//! on purpose: deals often tie a suit's K and Q to one seat, sometimes give all
//! four aces to one seat, and the random play keeps such cards back. A third
//! of the short positions are dealt directly with few cards a hand instead of
//! played down from a whole deal, which keeps four aces far more often.
//! (`reference_check.rs` measures how often each case comes up.)

use std::fmt;

use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

use tysiac::engine::cardset::CardSet;
use tysiac::engine::deal::Give;
use tysiac::{
    BeatSeat, Card, Deal, Declare, DiscardPoints, Exchange, LaidAway, LastMusik, Move, Musik,
    Players, Rank, Rules, Seat, State, Suit, TrumpFrom, TrumpRule,
};

/// A generated position and how it came about, printed on a failure.
#[derive(Clone)]
pub struct Sample {
    pub seed: u64,
    pub rules: Rules,
    /// The deal and exchange that `start` comes from, if it is a hand's
    /// first lead (a snapshot generated directly has none).
    pub deal: Option<(Deal, Exchange)>,
    /// Where the random play started.
    pub start: State,
    /// The moves played from `start` to reach `state`.
    pub play: Vec<Move>,
    pub state: State,
}

impl fmt::Debug for Sample {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let play: Vec<String> = self.play.iter().map(|m| m.to_string()).collect();
        writeln!(f, "seed {}", self.seed)?;
        writeln!(f, "  rules: {}", self.rules)?;
        match &self.deal {
            Some((deal, exchange)) => writeln!(f, "  deal: {deal}\n  exchange: {exchange}")?,
            None => writeln!(f, "  snapshot: {:?}", self.start)?,
        }
        writeln!(f, "  play: {}", play.join(" "))?;
        write!(f, "  state: {:?}", self.state)
    }
}

pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A rule set with every switch that changes the play drawn at random; the
/// switches that only affect scoring and bidding stay standard.
pub fn random_rules(rng: &mut impl Rng) -> Rules {
    let marriage_values = match rng.gen_range(0..6) {
        0 | 1 => [100, 80, 60, 40],
        2 => [80, 60, 40, 20],
        3 => [20, 40, 60, 80],
        // Anything from 0 (a marriage that only changes trump) to 150.
        _ => [(); 4].map(|_| 10 * rng.gen_range(0..=15)),
    };
    Rules {
        must_beat: rng.gen(),
        must_trump: rng.gen(),
        must_overtrump: rng.gen(),
        first_trick_marriage: rng.gen(),
        declare: if rng.gen() {
            Declare::Auto
        } else {
            Declare::Optional
        },
        marriage_values,
        ace_marriage: *[0, 200, 200, 50].choose(rng).unwrap(),
        musik: if rng.gen_bool(0.7) {
            Musik::Pass
        } else {
            Musik::Discard
        },
        discard_points: if rng.gen() {
            DiscardPoints::None
        } else {
            DiscardPoints::Declarer
        },
        trump: if rng.gen_bool(0.75) {
            TrumpRule::Marriage
        } else {
            TrumpRule::Chosen
        },
        // The house rules of the play (issue 14), each now and then.
        beat_after_trump: !rng.gen_bool(0.2),
        beat_seat: if rng.gen_bool(0.2) {
            BeatSeat::Second
        } else {
            BeatSeat::All
        },
        partial_trump: rng.gen_bool(0.2),
        trump_from: if rng.gen_bool(0.2) {
            TrumpFrom::NextTrick
        } else {
            TrumpFrom::Lead
        },
        marriage_needs_trick: rng.gen_bool(0.2),
        last_trick_bonus: if rng.gen_bool(0.2) { 10 } else { 0 },
        ..Rules::STANDARD
    }
}

/// Deals the 24 cards into the hands after the exchange: 8/8/8, or 7/7/7 and
/// 3 discarded under `musik=discard`. Returned as a [`Deal`] (7/7/7 + musik)
/// and the [`Exchange`] that leads to those hands, so that the start of play
/// is `deal.after(rules, &exchange)` (which also adds the discard points and
/// sets a chosen trump).
pub fn random_deal(rng: &mut impl Rng, rules: &Rules) -> (Deal, Exchange) {
    if rules.players == Players::Two {
        return random_two_deal(rng, rules);
    }
    let tricks = rules.tricks();
    let room = match rules.musik {
        Musik::Pass => vec![8, 8, 8],
        Musik::Discard => vec![7, 7, 7, 3],
    };
    let places = deal_groups(rng, rules, &room);
    debug_assert!(places[..3].iter().all(|h| h.len() == tricks));

    let trump = match rules.trump {
        TrumpRule::Marriage => None,
        TrumpRule::Chosen => Some(Suit::from_index(rng.gen_range(0..4))),
    };
    // Work back to a deal: D's ten cards are D's hand plus what D gives away,
    // any three of which can have been the musik.
    let (give, mut ten, mut hands) = match rules.musik {
        Musik::Pass => {
            let l = pick(rng, places[1]);
            let r = pick(rng, places[2]);
            let hands = [places[0], places[1].without(l), places[2].without(r)];
            (Give::Pass(l, r), places[0].with(l).with(r), hands)
        }
        Musik::Discard => (
            Give::Discard(places[3]),
            places[0] | places[3],
            [places[0], places[1], places[2]],
        ),
    };
    let mut musik = CardSet::EMPTY;
    for _ in 0..3 {
        let c = pick(rng, ten);
        ten.remove(c);
        musik.insert(c);
    }
    hands[0] = ten;
    (Deal::new(hands, musik), Exchange { give, trump })
}

/// Deals all 24 cards into places of the given sizes (the three hands, then
/// whatever is out of play). Often a suit's K and Q go to one place together,
/// and sometimes all four aces (more often when they are worth something).
fn deal_groups(rng: &mut impl Rng, rules: &Rules, room: &[usize]) -> Vec<CardSet> {
    let mut room = room.to_vec();
    // Groups of cards that go to one place together.
    let mut groups: Vec<Vec<Card>> = Vec::new();
    let mut tied = CardSet::EMPTY;
    let max_room = room.iter().copied().max().unwrap_or(0);
    if max_room >= 4 && rng.gen_bool(if rules.ace_marriage > 0 { 0.5 } else { 0.1 }) {
        let aces = CardSet::full_rank(Rank::Ace);
        groups.push(aces.iter().collect());
        tied |= aces;
    }
    let marriage_odds = rng.gen_range(0.0..0.9);
    for suit in Suit::ALL {
        if rng.gen_bool(marriage_odds) {
            let kq = [Card::new(suit, Rank::King), Card::new(suit, Rank::Queen)];
            groups.push(kq.to_vec());
            tied |= kq.into_iter().collect();
        }
    }
    groups.extend(CardSet::ALL.minus(tied).iter().map(|c| vec![c]));
    groups.shuffle(rng);
    // Biggest groups first, so that there is always room left for them: the
    // aces need one place with 4 free, and once they are placed the pairs
    // (at most 8 cards) always find a place with 2 free among 20 free cards.
    groups.sort_by_key(|g| std::cmp::Reverse(g.len()));
    let mut places = vec![CardSet::EMPTY; room.len()];
    for g in groups {
        let fits: Vec<usize> = (0..room.len()).filter(|&p| room[p] >= g.len()).collect();
        let p = *fits
            .choose(rng)
            .expect("the biggest groups are placed first");
        room[p] -= g.len();
        places[p] |= g.into_iter().collect();
    }
    places
}

fn pick(rng: &mut impl Rng, set: CardSet) -> Card {
    let cards: Vec<Card> = set.iter().collect();
    *cards.choose(rng).expect("a card to pick")
}

/// Is `mv` a move that spends a declaration, made or not: a card of a marriage
/// still held, or an ace while holding all four under `ace_marriage`?
fn spends_declaration(rules: &Rules, state: &State, mv: Move) -> bool {
    let card = mv.card();
    let hand = state.hands[state.to_move().index()];
    match card.rank() {
        Rank::King | Rank::Queen => hand.has_marriage(card.suit()),
        Rank::Ace => rules.ace_marriage > 0 && CardSet::full_rank(Rank::Ace).is_subset(hand),
        _ => false,
    }
}

/// A random legal move. It keeps marriages (and four aces) for later: most of
/// the time it plays no card of one unless it declares it now, so that the
/// positions generated often still hold a declaration.
pub fn random_move(rng: &mut impl Rng, rules: &Rules, state: &State) -> Move {
    let moves: Vec<Move> = state.legal_moves(rules).to_vec();
    let keep: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&mv| {
            let declares = !mv.is_undeclared() && state.declaration(rules, mv.card()).is_some();
            !spends_declaration(rules, state, mv) || (declares && rng.gen_bool(0.3))
        })
        .collect();
    if !keep.is_empty() && rng.gen_bool(0.85) {
        *keep.choose(rng).unwrap()
    } else {
        *moves.choose(rng).unwrap()
    }
}

/// A random position with `tricks_left` tricks to play (the current one
/// included), under a random rule set. Half the time the current trick is
/// already under way (one or two cards played).
///
/// Two thirds of the positions come from a whole deal played at random up to
/// that point. The rest are snapshots dealt directly with `tricks_left` cards
/// a hand: random play from a whole deal rarely keeps all four aces (or many
/// marriages) that long, a direct deal often does.
pub fn random_position(seed: u64, tricks_left: usize) -> Sample {
    let mut rng = rng(seed);
    let rules = random_rules(&mut rng);
    position_from(rng, seed, rules, tricks_left)
}

/// [`random_position`] under given rules.
pub fn random_position_under(seed: u64, rules: Rules, tricks_left: usize) -> Sample {
    position_from(rng(seed), seed, rules, tricks_left)
}

fn position_from(mut rng: ChaCha8Rng, seed: u64, rules: Rules, tricks_left: usize) -> Sample {
    let mut sample = if rng.gen_bool(2.0 / 3.0) {
        random_start(&mut rng, seed, rules)
    } else {
        random_snapshot(&mut rng, seed, rules, tricks_left)
    };
    let extra = if rng.gen() { rng.gen_range(1..=2) } else { 0 };
    while sample.state.tricks_left() > tricks_left || !sample.state.trick().is_empty() {
        play_random(&mut rng, &mut sample);
    }
    for _ in 0..extra {
        play_random(&mut rng, &mut sample);
    }
    sample
}

/// A whole hand at its first lead under `rules` (of three players or two).
pub fn random_full_deal(seed: u64, rules: Rules) -> Sample {
    let mut rng = rng(seed);
    random_start(&mut rng, seed, rules)
}

fn random_start(rng: &mut ChaCha8Rng, seed: u64, rules: Rules) -> Sample {
    let (deal, exchange) = random_deal(rng, &rules);
    let state = deal
        .after(&rules, &exchange)
        .expect("the generated exchange is allowed");
    Sample {
        seed,
        rules,
        deal: Some((deal, exchange)),
        start: state,
        play: Vec::new(),
        state,
    }
}

/// A position at the start of a trick, `tricks` cards in each hand, dealt
/// directly. It stays a position that play could reach: the trump (under
/// `trump=marriage`) is none or a suit whose marriage is broken, and the
/// points already scored are at least plausible.
fn random_snapshot(rng: &mut ChaCha8Rng, seed: u64, rules: Rules, tricks: usize) -> Sample {
    let out = 24 - 3 * tricks;
    let places = deal_groups(rng, &rules, &[tricks, tricks, tricks, out]);
    snapshot_from(rng, seed, rules, places)
}

/// A position at the start of a trick with `tricks` cards a hand, in which
/// one seat holds the top cards of a suit (two up to the whole suit), so that
/// it can cash trick after trick while the others follow or throw cards
/// away: the case the solver's quick-trick bounds reason about.
pub fn cashing_position(seed: u64, tricks: usize) -> Sample {
    let mut rng = rng(seed);
    let rules = random_rules(&mut rng);
    let seat = rng.gen_range(0..3);
    let suit = Suit::from_index(rng.gen_range(0..4));
    let run: Vec<Card> = [
        Rank::Ace,
        Rank::Ten,
        Rank::King,
        Rank::Queen,
        Rank::Jack,
        Rank::Nine,
    ]
    .into_iter()
    .take(rng.gen_range(2..=tricks.min(6)))
    .map(|r| Card::new(suit, r))
    .collect();
    let mut rest: Vec<Card> = CardSet::ALL
        .minus(run.iter().copied().collect())
        .iter()
        .collect();
    rest.shuffle(&mut rng);
    let mut places = vec![CardSet::EMPTY; 4];
    places[seat] = run.iter().copied().collect();
    for hand in &mut places[..3] {
        while hand.len() < tricks {
            hand.insert(rest.pop().expect("24 cards cover the hands"));
        }
    }
    places[3] = rest.into_iter().collect();
    let mut sample = snapshot_from(&mut rng, seed, rules, places);
    for _ in 0..rng.gen_range(0..=2) {
        play_random(&mut rng, &mut sample);
    }
    sample
}

/// A snapshot from cards already placed: the three hands, then the cards
/// out of play.
fn snapshot_from(rng: &mut ChaCha8Rng, seed: u64, rules: Rules, places: Vec<CardSet>) -> Sample {
    let hands = [places[0], places[1], places[2]];
    let held = places[0] | places[1] | places[2];
    let trump = match rules.trump {
        TrumpRule::Chosen => Some(Suit::from_index(rng.gen_range(0..4))),
        TrumpRule::Marriage => {
            let broken: Vec<Suit> = Suit::ALL
                .into_iter()
                .filter(|&s| {
                    let kq = CardSet::from_card(Card::new(s, Rank::King))
                        .with(Card::new(s, Rank::Queen));
                    !kq.is_subset(held)
                })
                .collect();
            match broken.choose(rng) {
                Some(&s) if rng.gen_bool(0.6) => Some(s),
                _ => None,
            }
        }
    };
    let leader = Seat::from_index(rng.gen_range(0..3));
    // Split the points of the cards out of play among the seats, and give
    // some marriage points too.
    let mut points = [0u16; 3];
    for c in places[3] {
        points[rng.gen_range(0..3)] += c.points();
    }
    if trump.is_some() {
        points[rng.gen_range(0..3)] += 60;
    }
    let state = State::new(hands, leader, trump, points);
    Sample {
        seed,
        rules,
        deal: None,
        start: state,
        play: Vec::new(),
        state,
    }
}

fn play_random(rng: &mut impl Rng, sample: &mut Sample) {
    let mv = random_move(rng, &sample.rules, &sample.state);
    sample.state.play(&sample.rules, mv);
    sample.play.push(mv);
}

/// Can a declaration still be made from `state`: does some seat hold a
/// marriage (or all four aces under `ace_marriage`) with a lead still to come?
pub fn declaration_possible(rules: &Rules, state: &State) -> bool {
    let leads_left = state.tricks_left() - usize::from(!state.trick().is_empty());
    let aces = CardSet::full_rank(Rank::Ace);
    leads_left > 0
        && state.hands.iter().any(|&h| {
            h.marriages().next().is_some() || (rules.ace_marriage > 0 && aces.is_subset(h))
        })
}

// ---------------------------------------------------------------------------
// Two players (`players=2`): D and L, ten cards each, two musiks of two.

/// A rule set of two players with every switch that changes their play
/// drawn at random: those of [`random_rules`] (`musik` aside, which two
/// players do not have), `laid_away` and `last_musik`.
pub fn random_two_rules(rng: &mut impl Rng) -> Rules {
    let mut rules = random_rules(rng);
    rules.players = Players::Two;
    rules.musik = Musik::Pass;
    rules.discard_points = DiscardPoints::None;
    rules.laid_away = if rng.gen() {
        LaidAway::Split
    } else {
        LaidAway::Declarer
    };
    rules.last_musik = if rng.gen() {
        LastMusik::Cards
    } else {
        LastMusik::Marriage
    };
    rules
}

/// A deal of two players and a lay-away, dealt backwards from the hands at
/// the first lead (10 and 10, the two laid away, the other musik's two):
/// the musik D took is any two of D's twelve. Like [`random_deal`], often
/// with marriages (and now and then all four aces) kept together.
pub fn random_two_deal(rng: &mut impl Rng, rules: &Rules) -> (Deal, Exchange) {
    let places = deal_groups(rng, rules, &[10, 10, 2, 2]);
    let laid: Vec<Card> = places[2].iter().collect();
    let (first, second) = if rng.gen() {
        (laid[0], laid[1])
    } else {
        (laid[1], laid[0])
    };
    let mut twelve = places[0] | places[2];
    let mut musik = CardSet::EMPTY;
    for _ in 0..2 {
        let c = pick(rng, twelve);
        twelve.remove(c);
        musik.insert(c);
    }
    let trump = match rules.trump {
        TrumpRule::Marriage => None,
        TrumpRule::Chosen => Some(Suit::from_index(rng.gen_range(0..4))),
    };
    (
        Deal::two(twelve, places[1], musik, places[3]),
        Exchange {
            give: Give::LayAway(first, second),
            trump,
        },
    )
}

/// A random two-player position with `tricks_left` tricks to play (the
/// current one included), under a random rule set of two players; half the
/// time with the lead already played. Two thirds are played down from a
/// whole deal, the rest dealt directly (see [`random_position`]).
pub fn random_two_position(seed: u64, tricks_left: usize) -> Sample {
    let mut rng = rng(seed);
    let rules = random_two_rules(&mut rng);
    two_position_from(rng, seed, rules, tricks_left)
}

/// [`random_two_position`] under given rules (of two players).
pub fn random_two_position_under(seed: u64, rules: Rules, tricks_left: usize) -> Sample {
    two_position_from(rng(seed), seed, rules, tricks_left)
}

fn two_position_from(mut rng: ChaCha8Rng, seed: u64, rules: Rules, tricks_left: usize) -> Sample {
    assert_eq!(rules.players, Players::Two);
    let mut sample = if rng.gen_bool(2.0 / 3.0) {
        random_start(&mut rng, seed, rules)
    } else {
        random_two_snapshot(&mut rng, seed, rules, tricks_left)
    };
    let lead = rng.gen_bool(0.5);
    while sample.state.tricks_left() > tricks_left || !sample.state.trick().is_empty() {
        play_random(&mut rng, &mut sample);
    }
    if lead {
        play_random(&mut rng, &mut sample);
    }
    sample
}

/// A two-player position at a trick start with `tricks` cards a hand, dealt
/// directly: the musik the last trick takes holds two cards, or three under
/// `laid_away=split` (one laid away joined it); the other cards out of play
/// are split between D's and L's points, with a marriage's 60 now and then.
/// Trump (under `trump=marriage`) is none or a suit whose marriage is
/// broken in play.
fn random_two_snapshot(rng: &mut ChaCha8Rng, seed: u64, rules: Rules, tricks: usize) -> Sample {
    let musik = match rules.laid_away {
        LaidAway::Split => 3,
        LaidAway::Declarer => 2,
    };
    let out = 24 - 2 * tricks - musik;
    let places = deal_groups(rng, &rules, &[tricks, tricks, musik, out]);
    let held = places[0] | places[1];
    let trump = match rules.trump {
        TrumpRule::Chosen => Some(Suit::from_index(rng.gen_range(0..4))),
        TrumpRule::Marriage => {
            let broken: Vec<Suit> = Suit::ALL
                .into_iter()
                .filter(|&s| {
                    let kq = CardSet::from_card(Card::new(s, Rank::King))
                        .with(Card::new(s, Rank::Queen));
                    !kq.is_subset(held) && !kq.is_subset(places[2])
                })
                .collect();
            match broken.choose(rng) {
                Some(&s) if rng.gen_bool(0.6) => Some(s),
                _ => None,
            }
        }
    };
    let mut points = [0u16; 2];
    for c in places[3] {
        points[rng.gen_range(0..2)] += c.points();
    }
    if trump.is_some() {
        points[rng.gen_range(0..2)] += 60;
    }
    let leader = Seat::from_index(rng.gen_range(0..2));
    let state = State::two([places[0], places[1]], leader, trump, points, places[2]);
    Sample {
        seed,
        rules,
        deal: None,
        start: state,
        play: Vec::new(),
        state,
    }
}
