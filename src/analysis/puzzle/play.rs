//! Getting to a puzzle position: a deal, an exchange and the play up to the
//! chosen trick, in one of three styles ([`PlayStyle`]).
//!
//! Random play gives odd-looking hands (a defender throwing an ace on a trick
//! the partner already wins). The *plausible* style plays the way a sensible
//! player would at a glance, which makes the positions look like real hands at
//! almost no cost: the strongest hand declares, the declarer gives away small
//! cards, a leader declares a marriage or cashes a sure winner, a follower
//! wins the trick when it can and otherwise plays its cheapest card. The
//! *best* style stays near double-dummy best once the solver is cheap.

use rand::seq::SliceRandom;
use rand::Rng;

use crate::engine::card::{Card, Suit};
use crate::engine::cardset::CardSet;
use crate::engine::deal::{Exchange, Give};
use crate::engine::moves::Move;
use crate::engine::random::{self, SeededRng};
use crate::engine::rules::{Musik, Rules, TrumpRule};
use crate::engine::seat::Seat;
use crate::engine::state::State;
use crate::solver::Solver;

/// How the generator plays from the deal to the puzzle position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PlayStyle {
    /// A random exchange and random legal moves.
    Random,
    /// Quick rules of thumb (see the module docs), with a little randomness.
    Plausible,
    /// Plausible play while the solver is still slow (more than
    /// [`BEST_FROM`] tricks left), then moves within [`BEST_SLACK`] points of
    /// the double-dummy best.
    Best,
}

impl PlayStyle {
    /// The name used on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            PlayStyle::Random => "random",
            PlayStyle::Plausible => "plausible",
            PlayStyle::Best => "best",
        }
    }
}

impl std::str::FromStr for PlayStyle {
    type Err = String;
    fn from_str(s: &str) -> Result<PlayStyle, String> {
        match s.to_ascii_lowercase().as_str() {
            "random" => Ok(PlayStyle::Random),
            "plausible" => Ok(PlayStyle::Plausible),
            "best" => Ok(PlayStyle::Best),
            _ => Err(format!(
                "'{s}' is not a play style (random, plausible, best)"
            )),
        }
    }
}

/// With [`PlayStyle::Best`], the solver chooses moves from this many tricks
/// left on. Earlier, one solve costs tenths of a second (8 tricks), too slow
/// for a generator meant to find many puzzles a second.
pub const BEST_FROM: usize = 6;

/// With [`PlayStyle::Best`], a move is "near best" if it costs at most this
/// many points; the choice among those is random, so the play varies.
pub const BEST_SLACK: u16 = 5;

/// Chance that plausible play makes a random move instead, so that the same
/// deal does not always lead to the same kind of position.
const WHIM: f64 = 0.05;

/// The state at the first lead: a random deal and exchange, or with
/// plausible and best play, the strongest hand as declarer and a sensible
/// exchange.
pub fn start(rng: &mut SeededRng, rules: &Rules, style: PlayStyle) -> State {
    if style == PlayStyle::Random {
        return random::start(rng, rules);
    }
    let mut deal = random::deal_for(rng, rules);
    // Whoever won the bidding most likely held the most points and marriages.
    let strength = |h: CardSet| h.points() + marriages_value(h, rules);
    let strongest = (0..rules.seats())
        .max_by_key(|&i| strength(deal.hands[i]))
        .expect("two or three hands");
    deal.hands.swap(0, strongest);
    let ten = deal.declarer_ten();
    // Keep marriages and high cards; give away the cheapest cards. A small
    // random tie-break varies which of equal cards go.
    let mut cards: Vec<(u16, Card)> = ten
        .iter()
        .map(|c| {
            let married = ten.has_marriage(c.suit()) && c.points() >= 3 && c.points() <= 4;
            let keep = c.points() * 4 + if married { 1000 } else { 0 } + rng.gen_range(0..4);
            (keep, c)
        })
        .collect();
    cards.sort();
    let give = match (rules.players, rules.musik) {
        // Two players: the cheapest card into the other musik, the next for D.
        (crate::engine::rules::Players::Two, _) => Give::LayAway(cards[1].1, cards[0].1),
        (_, Musik::Pass) => {
            let (a, b) = (cards[0].1, cards[1].1);
            if rng.gen_bool(0.5) {
                Give::Pass(a, b)
            } else {
                Give::Pass(b, a)
            }
        }
        (_, Musik::Discard) => Give::Discard(cards[..3].iter().map(|&(_, c)| c).collect()),
    };
    let trump = match rules.trump {
        TrumpRule::Marriage => None,
        TrumpRule::Chosen => {
            let given: CardSet = match give {
                Give::Pass(a, b) | Give::LayAway(a, b) => [a, b].into_iter().collect(),
                Give::Discard(set) => set,
            };
            let kept = ten.minus(given);
            // The longest and strongest suit.
            Suit::ALL
                .into_iter()
                .max_by_key(|&s| kept.suit(s).len() as u16 * 20 + kept.suit(s).points())
        }
    };
    deal.after(rules, &Exchange { give, trump })
        .expect("the exchange gives two (or three) of the declarer's cards")
}

/// The value of the marriages in a hand.
fn marriages_value(hand: CardSet, rules: &Rules) -> u16 {
    hand.marriages().map(|s| rules.marriage_value(s)).sum()
}

/// The next move in the given style. `solver` is used by [`PlayStyle::Best`]
/// only.
pub fn next_move(
    rng: &mut SeededRng,
    rules: &Rules,
    s: &State,
    style: PlayStyle,
    solver: &mut Solver,
) -> Move {
    let moves = s.legal_moves(rules);
    if moves.len() == 1 {
        return moves[0];
    }
    match style {
        PlayStyle::Random => moves[random::index(rng, moves.len())],
        PlayStyle::Best if s.tricks_left() <= BEST_FROM => {
            let values = solver.move_values(s);
            let best = values[0].1;
            let near: Vec<Move> = values
                .iter()
                .filter(|&&(_, v)| v.abs_diff(best) <= BEST_SLACK)
                .map(|&(m, _)| m)
                .collect();
            *near.choose(rng).expect("the best move is near best")
        }
        _ if rng.gen_bool(WHIM) => moves[random::index(rng, moves.len())],
        _ => plausible(rng, rules, s, &moves),
    }
}

/// The rule-of-thumb move (see the module docs).
fn plausible(rng: &mut SeededRng, rules: &Rules, s: &State, moves: &[Move]) -> Move {
    let seat = s.to_move();
    let pick = |rng: &mut SeededRng, list: Vec<Move>| list.choose(rng).copied();
    if s.trick().is_empty() {
        // Declare the most valuable marriage on offer.
        let declaring = moves
            .iter()
            .filter_map(|&m| {
                let d = (!m.is_undeclared()).then(|| s.declaration(rules, m.card()))??;
                Some((d.points(rules), m))
            })
            .max_by_key(|&(p, _)| p)
            .map(|(p, _)| p);
        if let Some(best) = declaring {
            let list = moves
                .iter()
                .copied()
                .filter(|&m| {
                    !m.is_undeclared()
                        && s.declaration(rules, m.card())
                            .is_some_and(|d| d.points(rules) == best)
                })
                .collect();
            if let Some(m) = pick(rng, list) {
                return m;
            }
        }
    } else if partner_takes(rules, s, seat, moves) {
        // The partner takes the trick anyway: give it points.
        return richest(rng, moves);
    }
    // A card that takes the trick whatever follows, the richest such.
    let sure: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| !m.is_undeclared() && wins_for_sure(rules, s, m, |w| w == seat))
        .collect();
    if !sure.is_empty() {
        return richest(rng, &sure);
    }
    cheapest(rng, moves)
}

/// For a defender following to a trick the partner has played to: does
/// the partner take it even if this player plays its cheapest card?
fn partner_takes(rules: &Rules, s: &State, seat: Seat, moves: &[Move]) -> bool {
    let partner = match seat {
        Seat::D => return false,
        Seat::L => Seat::R,
        Seat::R => Seat::L,
    };
    // Third to play, the partner has played; second, only if it led.
    let played = s.trick().len() == 2 || (s.trick().len() == 1 && s.leader == partner);
    let low = moves
        .iter()
        .copied()
        .min_by_key(|m| (m.card().points(), m.card().rank()));
    match low {
        Some(low) if played => wins_for_sure(rules, s, low, |w| w == partner),
        _ => false,
    }
}

/// The card with the most points (a random one of equals).
fn richest(rng: &mut SeededRng, moves: &[Move]) -> Move {
    let top = moves.iter().map(|m| m.card().points()).max().unwrap_or(0);
    let list: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| m.card().points() == top)
        .collect();
    *list.choose(rng).expect("a legal move")
}

/// The card with the fewest points (a random one of equals).
fn cheapest(rng: &mut SeededRng, moves: &[Move]) -> Move {
    let low = moves.iter().map(|m| m.card().points()).min().unwrap_or(0);
    let list: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| m.card().points() == low)
        .collect();
    *list.choose(rng).expect("a legal move")
}

/// Does playing `mv` end the current trick with a winner `wins` accepts,
/// whatever the players still to play do? (At most two more cards: a few
/// dozen cases.)
pub fn wins_for_sure(
    rules: &Rules,
    s: &State,
    mv: Move,
    wins: impl Fn(Seat) -> bool + Copy,
) -> bool {
    let mut next = *s;
    if let Some((winner, _)) = next.play(rules, mv).trick {
        return wins(winner);
    }
    next.legal_moves(rules)
        .iter()
        .all(|&reply| wins_for_sure(rules, &next, reply, wins))
}

/// Plays from `s` to the start of the trick that leaves `tricks_left` tricks,
/// then `extra` cards into it, in the given style.
pub fn play_to(
    rng: &mut SeededRng,
    rules: &Rules,
    mut s: State,
    tricks_left: usize,
    extra: usize,
    style: PlayStyle,
    solver: &mut Solver,
) -> State {
    while !(s.trick().is_empty() && s.tricks_left() <= tricks_left) {
        let m = next_move(rng, rules, &s, style, solver);
        s.play(rules, m);
    }
    for _ in 0..extra.min(2) {
        if s.is_over() {
            break;
        }
        let m = next_move(rng, rules, &s, style, solver);
        s.play(rules, m);
    }
    s
}
