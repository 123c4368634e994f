//! A deal before the exchange (7 + 7 + 7 cards and the musik; with two
//! players 10 + 10 and two musiks) and the exchanges the declarer may make
//! from it.

use std::fmt;

use crate::engine::card::{Card, Suit};
use crate::engine::cardset::CardSet;
use crate::engine::rules::{DiscardPoints, LaidAway, Musik, Players, Rules, TrumpRule};
use crate::engine::seat::Seat;
use crate::engine::state::State;

/// A deal with its musik still unseen.
///
/// ```
/// use tysiac::{Deal, Rules};
/// let deal: Deal = "AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9".parse().unwrap();
/// assert_eq!(deal.exchanges(&Rules::STANDARD).len(), 90);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Deal {
    /// D, L, R (R holds nothing with two players).
    pub hands: [CardSet; 3],
    /// The musik D takes.
    pub musik: CardSet,
    /// With two players: the other musik, which goes with the last trick
    /// (empty with three).
    pub other_musik: CardSet,
}

/// The cards the declarer gives away.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Give {
    /// One card to L, one to R (`musik=pass`).
    Pass(Card, Card),
    /// Three discarded cards (`musik=discard`).
    Discard(CardSet),
    /// Two players: two cards laid away. Under `laid_away=split` the first
    /// counts for D and the second goes into the other musik; under
    /// `laid_away=declarer` both count for D.
    LayAway(Card, Card),
}

/// An exchange: the cards given, and with `trump=chosen` the trump named.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Exchange {
    pub give: Give,
    pub trump: Option<Suit>,
}

impl Exchange {
    /// The cards given, in notation order (to L, to R; or the discards).
    pub fn cards(&self) -> Vec<Card> {
        match self.give {
            Give::Pass(l, r) => vec![l, r],
            Give::Discard(set) => set.iter_display().collect(),
            Give::LayAway(a, b) => vec![a, b],
        }
    }
}

impl fmt::Display for Exchange {
    /// `9S JC`, `9S JC H` with a chosen trump, or the three discards.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.cards().iter().map(|c| c.to_string()).collect();
        f.write_str(&words.join(" "))?;
        if let Some(t) = self.trump {
            write!(f, " {t}")?;
        }
        Ok(())
    }
}

impl Deal {
    /// A deal of three players: D, L, R and the musik.
    pub const fn new(hands: [CardSet; 3], musik: CardSet) -> Deal {
        Deal {
            hands,
            musik,
            other_musik: CardSet::EMPTY,
        }
    }

    /// A deal of two players: D's and L's ten cards, the musik D takes and
    /// the other one.
    pub const fn two(d: CardSet, l: CardSet, musik: CardSet, other_musik: CardSet) -> Deal {
        Deal {
            hands: [d, l, CardSet::EMPTY],
            musik,
            other_musik,
        }
    }

    /// Is this a deal of two players (two musiks)?
    pub fn is_two(&self) -> bool {
        self.hands[2].is_empty()
    }

    /// The declarer's cards after taking the musik: ten, or twelve with two
    /// players.
    pub fn declarer_ten(&self) -> CardSet {
        self.hands[Seat::D.index()] | self.musik
    }

    /// Every exchange the rules allow: 90 ways to pass (or 120 discards; with
    /// two players 132 ways to lay away, 66 under `laid_away=declarer`), each
    /// with every trump under `trump=chosen`.
    pub fn exchanges(&self, rules: &Rules) -> Vec<Exchange> {
        let ten: Vec<Card> = self.declarer_ten().iter().collect();
        let mut gives = Vec::new();
        match (rules.players, rules.musik) {
            (Players::Two, _) => {
                for (i, &a) in ten.iter().enumerate() {
                    for (j, &b) in ten.iter().enumerate() {
                        // Under `declarer` the order does not matter: each pair once.
                        let ordered = rules.laid_away == LaidAway::Split;
                        if i != j && (ordered || i < j) {
                            gives.push(Give::LayAway(a, b));
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
                for i in 0..ten.len() {
                    for j in i + 1..ten.len() {
                        for k in j + 1..ten.len() {
                            gives.push(Give::Discard(
                                [ten[i], ten[j], ten[k]].into_iter().collect(),
                            ));
                        }
                    }
                }
            }
        }
        let trumps: Vec<Option<Suit>> = match rules.trump {
            TrumpRule::Marriage => vec![None],
            TrumpRule::Chosen => Suit::ALL.into_iter().map(Some).collect(),
        };
        gives
            .into_iter()
            .flat_map(|give| trumps.iter().map(move |&trump| Exchange { give, trump }))
            .collect()
    }

    /// The state at the first lead after `exchange`, or why the exchange is
    /// not allowed.
    pub fn after(&self, rules: &Rules, exchange: &Exchange) -> Result<State, String> {
        if self.is_two() != (rules.players == Players::Two) {
            return Err(match rules.players {
                Players::Two => "players=2 deals D L and two musiks (10 10 + 2 + 2)".into(),
                Players::Three => "a deal of two players (10 10 + 2 + 2) needs players=2".into(),
            });
        }
        if rules.players == Players::Two {
            return self.after_two(rules, exchange);
        }
        let ten = self.declarer_ten();
        let mut hands = self.hands;
        hands[Seat::D.index()] = ten;
        let mut points = [0u16; 3];
        match (exchange.give, rules.musik) {
            (Give::LayAway(..), _) => {
                return Err(
                    "names 2 cards to lay away; three players give them (one to L, \
                            one to R)"
                        .into(),
                )
            }
            (Give::Pass(l, r), Musik::Pass) => {
                for c in [l, r] {
                    if !ten.contains(c) {
                        return Err(format!("{c} is not among the declarer's ten cards"));
                    }
                }
                if l == r {
                    return Err(format!("{l} is given twice"));
                }
                hands[0] = ten.without(l).without(r);
                hands[1].insert(l);
                hands[2].insert(r);
            }
            (Give::Discard(set), Musik::Discard) => {
                if set.len() != 3 {
                    return Err(format!(
                        "names {} cards; musik=discard discards 3",
                        set.len()
                    ));
                }
                if let Some(c) = set.minus(ten).lowest() {
                    return Err(format!("{c} is not among the declarer's ten cards"));
                }
                hands[0] = ten.minus(set);
                if rules.discard_points == DiscardPoints::Declarer {
                    points[0] = set.points();
                }
            }
            (Give::Pass(..), Musik::Discard) => {
                return Err("names 2 cards; musik=discard discards 3".into())
            }
            (Give::Discard(_), Musik::Pass) => {
                return Err("names 3 cards; musik=pass gives 2 (one to L, one to R)".into())
            }
        }
        check_trump(rules, exchange)?;
        Ok(State::new(hands, Seat::D, exchange.trump, points))
    }

    /// [`Deal::after`] for two players: D lays two of its twelve cards away.
    fn after_two(&self, rules: &Rules, exchange: &Exchange) -> Result<State, String> {
        let twelve = self.declarer_ten();
        let Give::LayAway(first, second) = exchange.give else {
            return Err("with players=2 D lays away 2 cards (names them, e.g. 9S JC)".into());
        };
        for c in [first, second] {
            if !twelve.contains(c) {
                return Err(format!("{c} is not among the declarer's twelve cards"));
            }
        }
        if first == second {
            return Err(format!("{first} is laid away twice"));
        }
        check_trump(rules, exchange)?;
        let (to_declarer, last_musik) = match rules.laid_away {
            LaidAway::Split => (first.points(), self.other_musik.with(second)),
            LaidAway::Declarer => (first.points() + second.points(), self.other_musik),
        };
        Ok(State::two(
            [twelve.without(first).without(second), self.hands[1]],
            Seat::D,
            exchange.trump,
            [to_declarer, 0],
            last_musik,
        ))
    }
}

/// A trump is named with the exchange exactly when `trump=chosen`.
fn check_trump(rules: &Rules, exchange: &Exchange) -> Result<(), String> {
    match (rules.trump, exchange.trump) {
        (TrumpRule::Chosen, None) => {
            Err("trump=chosen: name the trump after the cards (e.g. 9S JC H)".into())
        }
        (TrumpRule::Marriage, Some(_)) => Err("a trump is named only with trump=chosen".into()),
        _ => Ok(()),
    }
}

impl fmt::Display for Deal {
    /// `D L R musik`, or with two players `D L musik other-musik`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_two() {
            write!(
                f,
                "{} {} {} {}",
                self.hands[0], self.hands[1], self.musik, self.other_musik
            )
        } else {
            write!(
                f,
                "{} {} {} {}",
                self.hands[0], self.hands[1], self.hands[2], self.musik
            )
        }
    }
}

impl std::str::FromStr for Deal {
    type Err = String;
    /// Four hands, every card once: D, L, R (7 cards each) and the musik
    /// (3); or with two players D and L (10 each), the musik D takes and the
    /// other musik (2 each).
    fn from_str(s: &str) -> Result<Deal, String> {
        let parts: Vec<&str> = s.split_whitespace().collect();
        if parts.len() != 4 {
            return Err(format!(
                "a deal before the exchange has 4 hands (D L R musik, or with two players \
                 D L musik other-musik), found {}",
                parts.len()
            ));
        }
        let mut sets = [CardSet::EMPTY; 4];
        let mut seen = CardSet::EMPTY;
        for (i, p) in parts.iter().enumerate() {
            sets[i] = p.parse().map_err(|e| format!("{e}"))?;
            if let Some(c) = (sets[i] & seen).lowest() {
                return Err(format!("{c} appears twice"));
            }
            seen |= sets[i];
        }
        // Two players' deals are told by their sizes: D holds 10, not 7.
        let two = sets[0].len() == 10;
        let (names, sizes) = if two {
            (["D", "L", "the musik", "the other musik"], [10, 10, 2, 2])
        } else {
            (["D", "L", "R", "the musik"], [7, 7, 7, 3])
        };
        for (i, want) in sizes.into_iter().enumerate() {
            if sets[i].len() != want {
                return Err(format!(
                    "{} holds {} cards, needs {want}",
                    names[i],
                    sets[i].len()
                ));
            }
        }
        Ok(if two {
            Deal::two(sets[0], sets[1], sets[2], sets[3])
        } else {
            Deal::new([sets[0], sets[1], sets[2]], sets[3])
        })
    }
}
