//! A deal before the exchange (7 + 7 + 7 cards and the musik) and the
//! exchanges the declarer may make from it.

use std::fmt;

use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::rules::{DiscardPoints, Musik, Rules, TrumpRule};
use crate::seat::Seat;
use crate::state::State;

/// A deal with its musik still unseen.
///
/// ```
/// use tysiac::{Deal, Rules};
/// let deal: Deal = "AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9".parse().unwrap();
/// assert_eq!(deal.exchanges(&Rules::STANDARD).len(), 90);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Deal {
    /// D, L, R.
    pub hands: [CardSet; 3],
    pub musik: CardSet,
}

/// The cards the declarer gives away.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Give {
    /// One card to L, one to R (`musik=pass`).
    Pass(Card, Card),
    /// Three discarded cards (`musik=discard`).
    Discard(CardSet),
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
    /// The declarer's ten cards after taking the musik.
    pub fn declarer_ten(&self) -> CardSet {
        self.hands[Seat::D.index()] | self.musik
    }

    /// Every exchange the rules allow: 90 ways to pass (or 120 discards), each
    /// with every trump under `trump=chosen`.
    pub fn exchanges(&self, rules: &Rules) -> Vec<Exchange> {
        let ten: Vec<Card> = self.declarer_ten().iter().collect();
        let mut gives = Vec::new();
        match rules.musik {
            Musik::Pass => {
                for &l in &ten {
                    for &r in &ten {
                        if l != r {
                            gives.push(Give::Pass(l, r));
                        }
                    }
                }
            }
            Musik::Discard => {
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
        let ten = self.declarer_ten();
        let mut hands = self.hands;
        hands[Seat::D.index()] = ten;
        let mut points = [0u16; 3];
        match (exchange.give, rules.musik) {
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
        match (rules.trump, exchange.trump) {
            (TrumpRule::Chosen, None) => {
                return Err("trump=chosen: name the trump after the cards (e.g. 9S JC H)".into())
            }
            (TrumpRule::Marriage, Some(_)) => {
                return Err("a trump is named only with trump=chosen".into())
            }
            _ => {}
        }
        Ok(State::new(hands, Seat::D, exchange.trump, points))
    }
}

impl fmt::Display for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {}",
            self.hands[0], self.hands[1], self.hands[2], self.musik
        )
    }
}

impl std::str::FromStr for Deal {
    type Err = String;
    /// Four hands: D, L, R (7 cards each) and the musik (3), every card once.
    fn from_str(s: &str) -> Result<Deal, String> {
        let parts: Vec<&str> = s.split_whitespace().collect();
        if parts.len() != 4 {
            return Err(format!(
                "a deal before the exchange has 4 hands (D L R musik), found {}",
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
        let names = ["D", "L", "R", "the musik"];
        for (i, want) in [7, 7, 7, 3].into_iter().enumerate() {
            if sets[i].len() != want {
                return Err(format!(
                    "{} holds {} cards, needs {want}",
                    names[i],
                    sets[i].len()
                ));
            }
        }
        Ok(Deal {
            hands: [sets[0], sets[1], sets[2]],
            musik: sets[3],
        })
    }
}
