//! The rule set: every switch of docs/rules.md's *Variants* table and the presets.

use std::fmt;
use std::str::FromStr;

use crate::engine::card::Suit;
use crate::engine::error::RulesError;

/// Whether leading K or Q of a held marriage always declares it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Declare {
    /// Such a lead always declares.
    Auto,
    /// The leader may lead it without declaring (written `KH-`).
    Optional,
}

/// What the declarer does with the musik.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Musik {
    /// Give one card to each defender; 8 tricks.
    Pass,
    /// Discard three cards; 7 tricks.
    Discard,
}

/// With `musik=discard`, who counts the discarded cards' points.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DiscardPoints {
    None,
    Declarer,
}

/// How trump is set.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TrumpRule {
    /// Each declared marriage makes its suit trump.
    Marriage,
    /// The declarer names trump after the exchange; marriages only score.
    Chosen,
}

/// How a defender's points are rounded to a multiple of ten (or five).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Rounding {
    /// To tens, a final 5 down: 24 → 20, 25 → 20, 26 → 30.
    HalfDown,
    /// To tens, a final 5 up: 25 → 30.
    HalfUp,
    /// To the nearest 5: last digit 0–2 down, 3–4 up (and 5–7 to 5, 8–9 up).
    Five,
    /// Actual points.
    None,
}

impl Rounding {
    /// Rounds a defender's points.
    ///
    /// ```
    /// use tysiac::Rounding;
    /// assert_eq!(Rounding::HalfDown.apply(24), 20);
    /// assert_eq!(Rounding::HalfDown.apply(25), 20);
    /// assert_eq!(Rounding::HalfDown.apply(26), 30);
    /// assert_eq!(Rounding::HalfUp.apply(25), 30);
    /// assert_eq!(Rounding::Five.apply(23), 25);
    /// assert_eq!(Rounding::None.apply(23), 23);
    /// ```
    pub fn apply(self, points: u16) -> u16 {
        let (tens, units) = (points / 10 * 10, points % 10);
        match self {
            Rounding::HalfDown => tens + if units > 5 { 10 } else { 0 },
            Rounding::HalfUp => tens + if units >= 5 { 10 } else { 0 },
            Rounding::Five => {
                let (fives, rest) = (points / 5 * 5, points % 5);
                fives + if rest >= 3 { 5 } else { 0 }
            }
            Rounding::None => points,
        }
    }
}

/// What a concession costs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Bomb {
    /// −bid, each defender +60.
    Bid,
    /// The first concession in a game costs the declarer nothing.
    FirstFree,
}

/// Which followers rule 1 (must beat) binds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BeatSeat {
    /// Every follower.
    All,
    /// Only the second card of the trick; the third just follows suit.
    Second,
}

/// When a declared marriage's suit becomes trump.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TrumpFrom {
    /// At once: the trick it leads is a trump trick.
    Lead,
    /// From the next trick on.
    NextTrick,
}

/// A rule set: a value for every switch of docs/rules.md.
///
/// ```
/// use tysiac::Rules;
/// let r: Rules = "standard must_beat=no".parse().unwrap();
/// assert!(!r.must_beat);
/// assert_eq!(r.to_string(), "standard must_beat=no");
/// assert_eq!("pl".parse::<Rules>().unwrap().to_string(), "pl");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub must_beat: bool,
    pub must_trump: bool,
    pub must_overtrump: bool,
    pub first_trick_marriage: bool,
    pub declare: Declare,
    /// Marriage values of H, D, C, S.
    pub marriage_values: [u16; 4],
    /// Points for leading an ace while holding all four (0: no ace marriage).
    pub ace_marriage: u16,
    pub musik: Musik,
    pub discard_points: DiscardPoints,
    /// D turns the musik face up before taking it, so every seat knows its
    /// three cards. Play is unchanged; it matters to what a seat can know.
    pub musik_shown: bool,
    pub trump: TrumpRule,
    pub bid_step: u16,
    pub rounding: Rounding,
    pub barrel: u16,
    pub bomb: Bomb,
    /// Rule 1 still binds once a player void in the led suit has trumped.
    pub beat_after_trump: bool,
    pub beat_seat: BeatSeat,
    /// Void, holding only trumps below one in the trick: any card.
    pub partial_trump: bool,
    pub trump_from: TrumpFrom,
    /// A marriage scores only once its player has won a trick.
    pub marriage_needs_trick: bool,
    /// Points for winning the last trick.
    pub last_trick_bonus: u16,
    // Scoring and game switches (issue 14; `tysiac score`, docs/score.md).
    /// What a made contract scores.
    pub declarer_scores: DeclarerScores,
    /// D's points rounded by `rounding` before the contract check.
    pub round_before_contract: bool,
    /// What each defender scores when D concedes.
    pub concession: Concession,
    /// How high a bid may go before the musik.
    pub bid_limit: BidLimit,
    /// With `bid_step=5,10@200`: the step from `bid_step_from` on (10), and
    /// that level (200); `bid_step_from=0`: one step throughout.
    pub bid_step_high: u16,
    pub bid_step_from: u16,
    /// The barrel as a line to clear (`plain`) or with ru-a's tries and falls.
    pub barrel_rule: BarrelRule,
    /// Under `barrel_rule=ru`: the made contract that wins from the barrel.
    pub barrel_win: BarrelWin,
    /// Under `barrel_rule=ru`: what a failed contract or a concession costs
    /// the player on the barrel during the tries.
    pub barrel_failed: BarrelFailed,
    /// A total reaching the barrel is set to the barrel's line.
    pub barrel_clamp: bool,
    /// A winner's total shown as 1000 at most.
    pub cap_1000: bool,
    /// A player winning no trick gets a bolt; three bolts cost 120.
    pub bolts: bool,
    /// A total of exactly 555 after a hand is reset to 0.
    pub reset_555: bool,
    /// ru-a's opening: the first three hands forced at 120 and doubled.
    pub opening: Opening,
    /// A player whose total is below this may not bid (must pass).
    pub bid_floor: Option<i16>,
    /// With four players: what the dealer, sitting out, scores from the musik.
    pub dealer_musik: DealerMusik,
    // Auction and game switches (the whole game, `src/game/`).
    /// The highest bid or contract of all (0: no such limit; ru-a: 300).
    pub bid_max: u16,
    /// Who may ask for a redeal before the bidding, and when the deal is
    /// void by itself.
    pub redeal: Redeal,
    /// Blind bids (made before looking at the cards) are allowed.
    pub blind: bool,
    /// The musik taken by the forced opener at 100, nobody bidding, stays
    /// face down (ru-a).
    pub musik_at_100_hidden: bool,
    /// What a failed contract costs its declarer.
    pub failed_costs: FailedCosts,
    /// Under `bomb=first_free`: what the defenders get for the free bomb.
    pub first_bomb_defenders: FirstBombDefenders,
    /// The total that wins the game (1000; the Norwegian app's short game: 500).
    pub game_to: u16,
    // The two-player game (issue 22, docs/rules.md *Two players*).
    /// Seats in a hand: 3, or 2 for the game of two musiks.
    pub players: Players,
    /// With two players: where the two laid-away cards go.
    pub laid_away: LaidAway,
    /// With two players: what the musik taken with the last trick scores.
    pub last_musik: LastMusik,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::STANDARD
    }
}

/// The preset names, as `Rules` reads them.
pub const PRESETS: [&str; 5] = ["standard", "pl", "ru", "ru_full", "pl_full"];

/// The switch names, in docs/rules.md's table order.
pub const SWITCHES: [&str; 45] = [
    "must_beat",
    "must_trump",
    "must_overtrump",
    "first_trick_marriage",
    "declare",
    "marriage_values",
    "ace_marriage",
    "musik",
    "discard_points",
    "musik_shown",
    "trump",
    "bid_step",
    "rounding",
    "barrel",
    "bomb",
    "beat_after_trump",
    "beat_seat",
    "partial_trump",
    "trump_from",
    "marriage_needs_trick",
    "last_trick_bonus",
    "declarer_scores",
    "round_before_contract",
    "concession",
    "bid_limit",
    "barrel_rule",
    "barrel_win",
    "barrel_failed",
    "barrel_clamp",
    "cap_1000",
    "bolts",
    "reset_555",
    "opening",
    "bid_floor",
    "dealer_musik",
    "bid_max",
    "redeal",
    "blind",
    "musik_at_100",
    "failed_costs",
    "first_bomb_defenders",
    "game_to",
    "players",
    "laid_away",
    "last_musik",
];

impl Rules {
    /// Tricks in a two-player hand, the longest: ten cards each.
    pub const TWO_PLAYER_TRICKS: usize = 10;

    pub const STANDARD: Rules = Rules {
        must_beat: true,
        must_trump: true,
        must_overtrump: true,
        first_trick_marriage: false,
        declare: Declare::Auto,
        marriage_values: [100, 80, 60, 40],
        ace_marriage: 0,
        musik: Musik::Pass,
        discard_points: DiscardPoints::None,
        musik_shown: true,
        trump: TrumpRule::Marriage,
        bid_step: 10,
        rounding: Rounding::HalfDown,
        barrel: 800,
        bomb: Bomb::Bid,
        beat_after_trump: true,
        beat_seat: BeatSeat::All,
        partial_trump: false,
        trump_from: TrumpFrom::Lead,
        marriage_needs_trick: false,
        last_trick_bonus: 0,
        declarer_scores: DeclarerScores::Contract,
        round_before_contract: false,
        concession: Concession::Sixty,
        bid_limit: BidLimit::Marriages,
        bid_step_high: 10,
        bid_step_from: 0,
        barrel_rule: BarrelRule::Plain,
        barrel_win: BarrelWin::Over120,
        barrel_failed: BarrelFailed::Free,
        barrel_clamp: false,
        cap_1000: false,
        bolts: false,
        reset_555: false,
        opening: Opening::None,
        bid_floor: None,
        dealer_musik: DealerMusik::None,
        bid_max: 0,
        redeal: Redeal::Standard,
        blind: false,
        musik_at_100_hidden: false,
        failed_costs: FailedCosts::Contract,
        first_bomb_defenders: FirstBombDefenders::Concession,
        game_to: 1000,
        players: Players::Three,
        laid_away: LaidAway::Split,
        last_musik: LastMusik::Cards,
    };

    /// Polish: standard with `must_trump=no first_trick_marriage=yes
    /// declare=optional redeal=nines`.
    pub const PL: Rules = Rules {
        must_trump: false,
        first_trick_marriage: true,
        declare: Declare::Optional,
        redeal: Redeal::Nines,
        ..Rules::STANDARD
    };

    /// Russian: standard with `must_beat=no must_overtrump=no bid_step=5
    /// ace_marriage=200 barrel=880 rounding=none bid_max=300 redeal=ru`.
    pub const RU: Rules = Rules {
        must_beat: false,
        must_overtrump: false,
        bid_step: 5,
        ace_marriage: 200,
        barrel: 880,
        rounding: Rounding::None,
        bid_max: 300,
        redeal: Redeal::Ru,
        ..Rules::STANDARD
    };

    /// The full ru-a game (seeds/rules-ru-a.txt): `ru` with the ru-a barrel
    /// (three tries, knock-offs, the score clamped at 880), bolts, 555 and
    /// the dealer's musik points with four players.
    pub const RU_FULL: Rules = Rules {
        barrel_rule: BarrelRule::Ru,
        barrel_clamp: true,
        bolts: true,
        reset_555: true,
        dealer_musik: DealerMusik::Ru,
        blind: true,
        musik_at_100_hidden: true,
        ..Rules::RU
    };

    /// The Polish text's game (seeds/rules-pl.txt): `pl` with the first
    /// concession free and the dealer's musik points (an ace 50, a marriage
    /// its value) with four players.
    pub const PL_FULL: Rules = Rules {
        bomb: Bomb::FirstFree,
        dealer_musik: DealerMusik::Pl,
        failed_costs: FailedCosts::Bid,
        first_bomb_defenders: FirstBombDefenders::Nothing,
        ..Rules::PL
    };

    /// A preset by name.
    pub fn preset(name: &str) -> Option<Rules> {
        match name.to_ascii_lowercase().as_str() {
            "standard" => Some(Rules::STANDARD),
            "pl" => Some(Rules::PL),
            "ru" => Some(Rules::RU),
            "ru_full" => Some(Rules::RU_FULL),
            "pl_full" => Some(Rules::PL_FULL),
            _ => None,
        }
    }

    /// The smallest raise from the bid `level`: `bid_step`, or from
    /// `bid_step_from` on `bid_step_high`.
    pub fn step_at(&self, level: u16) -> u16 {
        if self.bid_step_from > 0 && level >= self.bid_step_from {
            self.bid_step_high
        } else {
            self.bid_step
        }
    }

    /// Whether `bid` is a bid level: 100 plus steps of `bid_step`, and from
    /// `bid_step_from` on that level plus steps of `bid_step_high`.
    pub fn is_bid_level(&self, bid: u16) -> bool {
        if bid < 100 {
            return false;
        }
        if self.bid_step_from > 0 && bid >= self.bid_step_from {
            (bid - self.bid_step_from) % self.bid_step_high == 0
        } else {
            (bid - 100) % self.bid_step == 0
        }
    }

    /// The highest bid level at most `points` (`None` below 100).
    pub fn level_at_most(&self, points: u16) -> Option<u16> {
        let mut level = 100;
        while level + self.step_at(level) <= points {
            level += self.step_at(level);
        }
        (points >= 100).then_some(level)
    }

    /// The lowest bid level above `points` (100 below 100).
    pub fn level_above(&self, points: u16) -> u16 {
        self.level_at_most(points)
            .map_or(100, |level| level + self.step_at(level))
    }

    /// Tricks in a hand: 8, 7 with `musik=discard`, 10 with two players.
    pub const fn tricks(&self) -> usize {
        match (self.players, self.musik) {
            (Players::Two, _) => Rules::TWO_PLAYER_TRICKS,
            (Players::Three, Musik::Pass) => 8,
            (Players::Three, Musik::Discard) => 7,
        }
    }

    /// Seats in a hand: 3, or 2 with `players=2`.
    pub const fn seats(&self) -> usize {
        match self.players {
            Players::Three => 3,
            Players::Two => 2,
        }
    }

    /// The cards each player is dealt: 7, or 10 with two players.
    pub const fn dealt(&self) -> usize {
        match self.players {
            Players::Three => 7,
            Players::Two => 10,
        }
    }

    /// The cards of the musik D takes: 3, or 2 with two players.
    pub const fn musik_size(&self) -> usize {
        match self.players {
            Players::Three => 3,
            Players::Two => 2,
        }
    }

    pub fn marriage_value(&self, suit: Suit) -> u16 {
        self.marriage_values[suit.index()]
    }

    /// Sets one switch from its text value.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        let bad = |expected: &str| {
            RulesError(format!(
                "switch {key}: '{value}' is not a valid value (expected {expected})"
            ))
        };
        let yes_no = |v: &str| match v.to_ascii_lowercase().as_str() {
            "yes" => Ok(true),
            "no" => Ok(false),
            _ => Err(bad("yes or no")),
        };
        let number = |v: &str, max: u16| match v.parse::<u16>() {
            Ok(n) if n <= max => Ok(n),
            _ => Err(bad(&format!("a number from 0 to {max}"))),
        };
        let v = value.to_ascii_lowercase();
        match key.to_ascii_lowercase().as_str() {
            "must_beat" => self.must_beat = yes_no(value)?,
            "must_trump" => self.must_trump = yes_no(value)?,
            "must_overtrump" => self.must_overtrump = yes_no(value)?,
            "first_trick_marriage" => self.first_trick_marriage = yes_no(value)?,
            "declare" => {
                self.declare = match v.as_str() {
                    "auto" => Declare::Auto,
                    "optional" => Declare::Optional,
                    _ => return Err(bad("auto or optional")),
                }
            }
            "marriage_values" => {
                let parts: Vec<&str> = value.split(',').collect();
                let four = "four numbers from 0 to 1000 for H,D,C,S, e.g. 80,60,40,20";
                if parts.len() != 4 {
                    return Err(bad(four));
                }
                for ((slot, p), suit) in self
                    .marriage_values
                    .iter_mut()
                    .zip(parts)
                    .zip("HDCS".chars())
                {
                    *slot = number(p.trim(), 1000).map_err(|_| {
                        RulesError(format!(
                            "switch {key}: the {suit} value '{}' is not a number from 0 to 1000 \
                             (expected {four})",
                            p.trim()
                        ))
                    })?;
                }
            }
            "ace_marriage" => self.ace_marriage = number(value, 1000)?,
            "musik" => {
                self.musik = match v.as_str() {
                    "pass" => Musik::Pass,
                    "discard" => Musik::Discard,
                    _ => return Err(bad("pass or discard")),
                }
            }
            "discard_points" => {
                self.discard_points = match v.as_str() {
                    "none" => DiscardPoints::None,
                    "declarer" => DiscardPoints::Declarer,
                    _ => return Err(bad("none or declarer")),
                }
            }
            "musik_shown" => self.musik_shown = yes_no(value)?,
            "trump" => {
                self.trump = match v.as_str() {
                    "marriage" => TrumpRule::Marriage,
                    "chosen" => TrumpRule::Chosen,
                    _ => return Err(bad("marriage or chosen")),
                }
            }
            "bid_step" => {
                let expected = "10 or 5, or LOW,HIGH@LEVEL such as 5,10@200 \
                                (steps of 5 below 200, of 10 from 200)";
                let step = |t: &str| match t {
                    "5" => Ok(5),
                    "10" => Ok(10),
                    "20" => Ok(20),
                    _ => Err(bad(expected)),
                };
                let (low, high, from) = match v.split_once(',') {
                    None => (step(&v).map_err(|_| bad(expected))?, 10, 0),
                    Some((low, rest)) => {
                        let (high, from) = rest.split_once('@').ok_or_else(|| bad(expected))?;
                        let from = number(from, 1000).map_err(|_| bad(expected))?;
                        (step(low)?, step(high)?, from)
                    }
                };
                if !(low == 5 || low == 10) {
                    return Err(bad(expected));
                }
                if from != 0 && (from <= 100 || (from - 100) % low != 0) {
                    return Err(RulesError(format!(
                        "switch bid_step: '{value}': the level where the step changes must be \
                         above 100 and a bid level (100 plus steps of {low})"
                    )));
                }
                self.bid_step = low;
                (self.bid_step_high, self.bid_step_from) = if from == 0 || high == low {
                    (10, 0)
                } else {
                    (high, from)
                };
            }
            "rounding" => {
                self.rounding = match v.as_str() {
                    "half_down" => Rounding::HalfDown,
                    "half_up" => Rounding::HalfUp,
                    "five" => Rounding::Five,
                    "none" => Rounding::None,
                    _ => return Err(bad("half_down, half_up, five or none")),
                }
            }
            "barrel" => self.barrel = number(value, 1000)?,
            "bomb" => {
                self.bomb = match v.as_str() {
                    "bid" => Bomb::Bid,
                    "first_free" => Bomb::FirstFree,
                    _ => return Err(bad("bid or first_free")),
                }
            }
            "beat_after_trump" => self.beat_after_trump = yes_no(value)?,
            "beat_seat" => {
                self.beat_seat = match v.as_str() {
                    "all" => BeatSeat::All,
                    "second" => BeatSeat::Second,
                    _ => return Err(bad("all or second")),
                }
            }
            "partial_trump" => self.partial_trump = yes_no(value)?,
            "trump_from" => {
                self.trump_from = match v.as_str() {
                    "lead" => TrumpFrom::Lead,
                    "next_trick" => TrumpFrom::NextTrick,
                    _ => return Err(bad("lead or next_trick")),
                }
            }
            "marriage_needs_trick" => self.marriage_needs_trick = yes_no(value)?,
            "last_trick_bonus" => self.last_trick_bonus = number(value, 1000)?,
            "declarer_scores" => {
                self.declarer_scores = match v.as_str() {
                    "contract" => DeclarerScores::Contract,
                    "points" => DeclarerScores::Points,
                    _ => return Err(bad("contract or points")),
                }
            }
            "round_before_contract" => self.round_before_contract = yes_no(value)?,
            "concession" => {
                self.concession = match v.as_str() {
                    "60" => Concession::Sixty,
                    "half_bid" => Concession::HalfBid,
                    "40" => Concession::Forty,
                    _ => return Err(bad("60, half_bid or 40")),
                }
            }
            "bid_limit" => {
                self.bid_limit = match v.as_str() {
                    "marriages" => BidLimit::Marriages,
                    "120_before_musik" => BidLimit::Before120,
                    _ => return Err(bad("marriages or 120_before_musik")),
                }
            }
            "barrel_rule" => {
                self.barrel_rule = match v.as_str() {
                    "plain" => BarrelRule::Plain,
                    "ru" => BarrelRule::Ru,
                    _ => return Err(bad("plain or ru")),
                }
            }
            "barrel_win" => {
                self.barrel_win = match v.as_str() {
                    "over_120" => BarrelWin::Over120,
                    "120" => BarrelWin::AtLeast120,
                    _ => return Err(bad("over_120 or 120")),
                }
            }
            "barrel_failed" => {
                self.barrel_failed = match v.as_str() {
                    "free" => BarrelFailed::Free,
                    "deducted" => BarrelFailed::Deducted,
                    _ => return Err(bad("free or deducted")),
                }
            }
            "barrel_clamp" => self.barrel_clamp = yes_no(value)?,
            "cap_1000" => self.cap_1000 = yes_no(value)?,
            "bolts" => self.bolts = yes_no(value)?,
            "reset_555" => self.reset_555 = yes_no(value)?,
            "opening" => {
                self.opening = match v.as_str() {
                    "none" => Opening::None,
                    "ru" => Opening::Ru,
                    _ => return Err(bad("none or ru")),
                }
            }
            "bid_floor" => {
                self.bid_floor = match v.as_str() {
                    "none" => None,
                    _ => match v.parse::<i16>() {
                        Ok(n) if (-1000..=1000).contains(&n) => Some(n),
                        _ => return Err(bad("none or a number from -1000 to 1000, e.g. -120")),
                    },
                }
            }
            "dealer_musik" => {
                self.dealer_musik = match v.as_str() {
                    "none" => DealerMusik::None,
                    "ru" => DealerMusik::Ru,
                    "pl" => DealerMusik::Pl,
                    _ => return Err(bad("none, ru or pl")),
                }
            }
            "bid_max" => {
                self.bid_max = match v.as_str() {
                    "none" => 0,
                    _ => match v.parse::<u16>() {
                        Ok(n) if (100..=1000).contains(&n) => n,
                        _ => return Err(bad("none or a number from 100 to 1000, e.g. 300")),
                    },
                }
            }
            "redeal" => {
                self.redeal = match v.as_str() {
                    "standard" => Redeal::Standard,
                    "nines" => Redeal::Nines,
                    "ru" => Redeal::Ru,
                    "none" => Redeal::None,
                    _ => return Err(bad("standard, nines, ru or none")),
                }
            }
            "blind" => self.blind = yes_no(value)?,
            "musik_at_100" => {
                self.musik_at_100_hidden = match v.as_str() {
                    "shown" => false,
                    "hidden" => true,
                    _ => return Err(bad("shown or hidden")),
                }
            }
            "failed_costs" => {
                self.failed_costs = match v.as_str() {
                    "contract" => FailedCosts::Contract,
                    "bid" => FailedCosts::Bid,
                    _ => return Err(bad("contract or bid")),
                }
            }
            "first_bomb_defenders" => {
                self.first_bomb_defenders = match v.as_str() {
                    "concession" => FirstBombDefenders::Concession,
                    "nothing" => FirstBombDefenders::Nothing,
                    _ => return Err(bad("concession or nothing")),
                }
            }
            "game_to" => {
                self.game_to = match v.parse::<u16>() {
                    Ok(n) if (100..=1000).contains(&n) && n % 10 == 0 => n,
                    _ => return Err(bad("a multiple of 10 from 100 to 1000, e.g. 1000 or 500")),
                }
            }
            "players" => {
                self.players = match v.as_str() {
                    "3" => Players::Three,
                    "2" => Players::Two,
                    _ => return Err(bad("3 or 2 (four players play hands of three)")),
                }
            }
            "laid_away" => {
                self.laid_away = match v.as_str() {
                    "split" => LaidAway::Split,
                    "declarer" => LaidAway::Declarer,
                    _ => return Err(bad("split or declarer")),
                }
            }
            "last_musik" => {
                self.last_musik = match v.as_str() {
                    "cards" => LastMusik::Cards,
                    "marriage" => LastMusik::Marriage,
                    _ => return Err(bad("cards or marriage")),
                }
            }
            _ => {
                return Err(RulesError(format!(
                    "unknown switch '{key}' (known: {})",
                    SWITCHES.join(", ")
                )))
            }
        }
        Ok(())
    }

    /// The text value of one switch.
    pub fn get(&self, key: &str) -> Option<String> {
        let yn = |b: bool| if b { "yes" } else { "no" }.to_string();
        Some(match key {
            "must_beat" => yn(self.must_beat),
            "must_trump" => yn(self.must_trump),
            "must_overtrump" => yn(self.must_overtrump),
            "first_trick_marriage" => yn(self.first_trick_marriage),
            "declare" => match self.declare {
                Declare::Auto => "auto",
                Declare::Optional => "optional",
            }
            .into(),
            "marriage_values" => {
                let v = self.marriage_values;
                format!("{},{},{},{}", v[0], v[1], v[2], v[3])
            }
            "ace_marriage" => self.ace_marriage.to_string(),
            "musik" => match self.musik {
                Musik::Pass => "pass",
                Musik::Discard => "discard",
            }
            .into(),
            "discard_points" => match self.discard_points {
                DiscardPoints::None => "none",
                DiscardPoints::Declarer => "declarer",
            }
            .into(),
            "musik_shown" => yn(self.musik_shown),
            "trump" => match self.trump {
                TrumpRule::Marriage => "marriage",
                TrumpRule::Chosen => "chosen",
            }
            .into(),
            "bid_step" => match self.bid_step_from {
                0 => self.bid_step.to_string(),
                from => format!("{},{}@{from}", self.bid_step, self.bid_step_high),
            },
            "rounding" => match self.rounding {
                Rounding::HalfDown => "half_down",
                Rounding::HalfUp => "half_up",
                Rounding::Five => "five",
                Rounding::None => "none",
            }
            .into(),
            "barrel" => self.barrel.to_string(),
            "bomb" => match self.bomb {
                Bomb::Bid => "bid",
                Bomb::FirstFree => "first_free",
            }
            .into(),
            "beat_after_trump" => yn(self.beat_after_trump),
            "beat_seat" => match self.beat_seat {
                BeatSeat::All => "all",
                BeatSeat::Second => "second",
            }
            .into(),
            "partial_trump" => yn(self.partial_trump),
            "trump_from" => match self.trump_from {
                TrumpFrom::Lead => "lead",
                TrumpFrom::NextTrick => "next_trick",
            }
            .into(),
            "marriage_needs_trick" => yn(self.marriage_needs_trick),
            "last_trick_bonus" => self.last_trick_bonus.to_string(),
            "declarer_scores" => match self.declarer_scores {
                DeclarerScores::Contract => "contract",
                DeclarerScores::Points => "points",
            }
            .into(),
            "round_before_contract" => yn(self.round_before_contract),
            "concession" => match self.concession {
                Concession::Sixty => "60",
                Concession::HalfBid => "half_bid",
                Concession::Forty => "40",
            }
            .into(),
            "bid_limit" => match self.bid_limit {
                BidLimit::Marriages => "marriages",
                BidLimit::Before120 => "120_before_musik",
            }
            .into(),
            "barrel_rule" => match self.barrel_rule {
                BarrelRule::Plain => "plain",
                BarrelRule::Ru => "ru",
            }
            .into(),
            "barrel_win" => match self.barrel_win {
                BarrelWin::Over120 => "over_120",
                BarrelWin::AtLeast120 => "120",
            }
            .into(),
            "barrel_failed" => match self.barrel_failed {
                BarrelFailed::Free => "free",
                BarrelFailed::Deducted => "deducted",
            }
            .into(),
            "barrel_clamp" => yn(self.barrel_clamp),
            "cap_1000" => yn(self.cap_1000),
            "bolts" => yn(self.bolts),
            "reset_555" => yn(self.reset_555),
            "opening" => match self.opening {
                Opening::None => "none",
                Opening::Ru => "ru",
            }
            .into(),
            "bid_floor" => self.bid_floor.map_or("none".into(), |n| n.to_string()),
            "dealer_musik" => match self.dealer_musik {
                DealerMusik::None => "none",
                DealerMusik::Ru => "ru",
                DealerMusik::Pl => "pl",
            }
            .into(),
            "bid_max" => match self.bid_max {
                0 => "none".into(),
                n => n.to_string(),
            },
            "redeal" => match self.redeal {
                Redeal::Standard => "standard",
                Redeal::Nines => "nines",
                Redeal::Ru => "ru",
                Redeal::None => "none",
            }
            .into(),
            "blind" => yn(self.blind),
            "musik_at_100" => if self.musik_at_100_hidden {
                "hidden"
            } else {
                "shown"
            }
            .into(),
            "failed_costs" => match self.failed_costs {
                FailedCosts::Contract => "contract",
                FailedCosts::Bid => "bid",
            }
            .into(),
            "first_bomb_defenders" => match self.first_bomb_defenders {
                FirstBombDefenders::Concession => "concession",
                FirstBombDefenders::Nothing => "nothing",
            }
            .into(),
            "game_to" => self.game_to.to_string(),
            "players" => self.seats().to_string(),
            "laid_away" => match self.laid_away {
                LaidAway::Split => "split",
                LaidAway::Declarer => "declarer",
            }
            .into(),
            "last_musik" => match self.last_musik {
                LastMusik::Cards => "cards",
                LastMusik::Marriage => "marriage",
            }
            .into(),
            _ => return None,
        })
    }

    /// The highest bid or contract the rules allow at all, whatever the
    /// cards: `bid_max` when set, else unlimited (`u16::MAX`).
    pub fn bid_ceiling(&self) -> u16 {
        if self.bid_max == 0 {
            u16::MAX
        } else {
            self.bid_max
        }
    }

    /// Switches whose value differs from `base`, as `key=value`.
    fn differences(&self, base: &Rules) -> Vec<String> {
        SWITCHES
            .iter()
            .filter(|k| self.get(k) != base.get(k))
            .map(|k| format!("{k}={}", self.get(k).unwrap_or_default()))
            .collect()
    }
}

impl fmt::Display for Rules {
    /// The canonical text: the preset needing the fewest switches (standard on a
    /// tie), then those switches in docs/rules.md's order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, diffs) = PRESETS
            .iter()
            .map(|p| (*p, self.differences(&Rules::preset(p).expect("preset"))))
            .min_by_key(|(_, d)| d.len())
            .expect("presets");
        f.write_str(name)?;
        for d in diffs {
            write!(f, " {d}")?;
        }
        Ok(())
    }
}

impl FromStr for Rules {
    type Err = RulesError;
    /// A preset followed by `switch=value` words; a lone switch list starts
    /// from `standard`.
    fn from_str(s: &str) -> Result<Rules, RulesError> {
        let mut words = s.split_whitespace().peekable();
        let mut rules = Rules::STANDARD;
        if let Some(first) = words.peek() {
            if !first.contains('=') {
                rules = Rules::preset(first).ok_or_else(|| {
                    RulesError(format!(
                        "unknown rule set '{first}' (presets: {})",
                        PRESETS.join(", ")
                    ))
                })?;
                words.next();
            }
        }
        let mut given: Vec<String> = Vec::new();
        for w in words {
            let (k, v) = w
                .split_once('=')
                .ok_or_else(|| RulesError(format!("'{w}' is not a switch (write switch=value)")))?;
            rules.set(k, v)?;
            // A switch given twice is a slip: which value was meant?
            let k = k.to_ascii_lowercase();
            if given.contains(&k) {
                return Err(RulesError(format!(
                    "switch {k} is given twice; give each switch once"
                )));
            }
            given.push(k);
        }
        rules.check_given(&given)?;
        Ok(rules)
    }
}

impl Rules {
    /// A switch given in the text that cannot matter under the others is an
    /// error (docs/rules.md, *Writing a rule set*): it was surely meant to
    /// change something, and silently doing nothing would hide the slip.
    fn check_given(&self, given: &[String]) -> Result<(), RulesError> {
        // (switch, applies, why not)
        let two = self.players == Players::Two;
        let checks: [(&str, bool, &str); 17] = [
            (
                "discard_points",
                self.musik == Musik::Discard,
                "applies only with musik=discard (with musik=pass nothing is discarded)",
            ),
            (
                "beat_seat",
                self.must_beat,
                "applies only with must_beat=yes (with must_beat=no no one must beat)",
            ),
            (
                "beat_after_trump",
                self.must_beat,
                "applies only with must_beat=yes (with must_beat=no no one must beat)",
            ),
            (
                "must_overtrump",
                self.must_trump,
                "applies only with must_trump=yes (with must_trump=no no one must trump)",
            ),
            (
                "partial_trump",
                self.must_trump,
                "applies only with must_trump=yes (with must_trump=no no one must trump)",
            ),
            (
                "round_before_contract",
                self.rounding != Rounding::None,
                "has nothing to round with rounding=none",
            ),
            (
                "barrel_rule",
                self.barrel > 0,
                "applies only with a barrel (barrel=0 has none)",
            ),
            (
                "barrel_clamp",
                self.barrel > 0,
                "applies only with a barrel (barrel=0 has none)",
            ),
            (
                "barrel_win",
                self.barrel > 0 && self.barrel_rule == BarrelRule::Ru,
                "applies only with barrel_rule=ru and a barrel",
            ),
            (
                "barrel_failed",
                self.barrel > 0 && self.barrel_rule == BarrelRule::Ru,
                "applies only with barrel_rule=ru and a barrel",
            ),
            (
                "trump_from",
                self.trump == TrumpRule::Marriage,
                "applies only with trump=marriage (with trump=chosen marriages do not make trump)",
            ),
            (
                "marriage_needs_trick",
                self.first_trick_marriage,
                "bites only on first-trick declarations: it needs first_trick_marriage=yes",
            ),
            (
                "first_bomb_defenders",
                self.bomb == Bomb::FirstFree,
                "applies only with bomb=first_free (no bomb is free otherwise)",
            ),
            (
                "musik_at_100",
                self.musik_shown,
                "applies only with musik_shown=yes (with musik_shown=no no musik is shown)",
            ),
            (
                "laid_away",
                two,
                "applies only with players=2 (three players give the musik's cards away)",
            ),
            (
                "last_musik",
                two,
                "applies only with players=2 (three players have no second musik)",
            ),
            (
                "musik",
                !two,
                "applies only with three players (with players=2 D lays two cards away: see \
                 laid_away)",
            ),
        ];
        for (key, applies, why) in checks {
            if !applies && given.iter().any(|k| k == key) {
                return Err(RulesError(format!("{key} {why}")));
            }
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// Scoring and game switches (issue 14)

/// What a made contract scores (`declarer_scores`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DeclarerScores {
    /// The contract.
    Contract,
    /// The points D took, rounded by `rounding` (at least the contract, as
    /// it was made).
    Points,
}

/// What each defender scores when D concedes (`concession`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Concession {
    /// 60 (ru-a, pl with three players).
    Sixty,
    /// Half the bid, rounded by `rounding`.
    HalfBid,
    /// 40 (pl with four players).
    Forty,
}

/// How high a bid may go before the musik (`bid_limit`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BidLimit {
    /// 120 plus the marriages held.
    Marriages,
    /// 120 at most, marriages or not; the contract may go higher.
    Before120,
}

/// The barrel's rule (`barrel_rule`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BarrelRule {
    /// From `barrel` on, points only as declarer.
    Plain,
    /// ru-a: three tries, falls and knock-offs (−120), three unplayed
    /// barrels reset the total to 0.
    Ru,
}

/// What wins from the ru-a barrel (`barrel_win`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BarrelWin {
    /// A made contract of more than 120.
    Over120,
    /// A made contract of at least 120.
    AtLeast120,
}

/// What a failed contract or a concession costs the player on the ru-a
/// barrel during its tries (`barrel_failed`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BarrelFailed {
    /// Nothing: the total stays at the line until the tries end.
    Free,
    /// The contract (or the bid) as anywhere else; below the line the
    /// player is off the barrel.
    Deducted,
}

/// The forced opening hands (`opening`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Opening {
    None,
    /// ru-a: the first three hands are bid at 120 and count double.
    Ru,
}

/// What the dealer sitting out a four-player hand scores (`dealer_musik`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DealerMusik {
    /// Nothing.
    None,
    /// ru-a: the musik's card points, plus a marriage lying in it.
    Ru,
    /// pl: 50 for each ace in the musik, plus a marriage lying in it.
    Pl,
}

/// Seats in a hand (`players`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Players {
    /// D, L and R; four players play these hands too, the dealer sitting out.
    Three,
    /// D and L: 10 cards each and two musiks of two (docs/rules.md, *Two players*).
    Two,
}

/// With two players, where D's two laid-away cards go (`laid_away`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LaidAway {
    /// The first counts for D, the second goes into the other musik (ru-a's
    /// "one of the laid-away cards goes into the remaining musik").
    Split,
    /// Both count for D; the other musik keeps its two cards.
    Declarer,
}

/// With two players, what the musik taken with the last trick scores (`last_musik`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LastMusik {
    /// Its card points.
    Cards,
    /// Its card points, and the value of a marriage lying in it.
    Marriage,
}

/// Who may ask for a redeal before the bidding (`redeal`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Redeal {
    /// A player holding four 9s, or under 10 card points and no marriage.
    Standard,
    /// Only a player holding four 9s (pl).
    Nines,
    /// ru-a: four 9s (three for the player on the hundred) or under 14 card
    /// points; and the deal is void when the musik holds under 5 points.
    Ru,
    /// Never.
    None,
}

/// What a failed contract costs (`failed_costs`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FailedCosts {
    /// The contract announced.
    Contract,
    /// The bid won in the auction, however high the contract (pl:
    /// "wylicytowaną wartość odejmuje się").
    Bid,
}

/// What the defenders get for a free first bomb (`first_bomb_defenders`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FirstBombDefenders {
    /// The usual concession points.
    Concession,
    /// Nothing (pl: only "kolejne bomby" give the defenders 60).
    Nothing,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_match_rules_md() {
        assert_eq!(
            "standard must_trump=no first_trick_marriage=yes declare=optional redeal=nines"
                .parse::<Rules>()
                .unwrap(),
            Rules::PL
        );
        assert_eq!(
            "standard must_beat=no must_overtrump=no bid_step=5 ace_marriage=200 barrel=880 \
             rounding=none bid_max=300 redeal=ru"
                .parse::<Rules>()
                .unwrap(),
            Rules::RU
        );
        assert_eq!(
            "ru barrel_rule=ru barrel_clamp=yes bolts=yes reset_555=yes dealer_musik=ru \
             blind=yes musik_at_100=hidden"
                .parse::<Rules>()
                .unwrap(),
            Rules::RU_FULL
        );
        assert_eq!(
            "pl bomb=first_free dealer_musik=pl failed_costs=bid first_bomb_defenders=nothing"
                .parse::<Rules>()
                .unwrap(),
            Rules::PL_FULL
        );
        // The new presets print by name; the old ones are unchanged.
        assert_eq!(Rules::RU_FULL.to_string(), "ru_full");
        assert_eq!(Rules::PL_FULL.to_string(), "pl_full");
        assert_eq!(Rules::RU.to_string(), "ru");
        assert_eq!(Rules::PL.to_string(), "pl");
    }

    #[test]
    fn every_switch_round_trips() {
        let settings = [
            "must_beat=no",
            "must_trump=no",
            "must_trump=yes must_overtrump=no",
            "first_trick_marriage=yes",
            "declare=optional",
            "marriage_values=80,60,40,20",
            "ace_marriage=200",
            "musik=discard",
            "musik=discard discard_points=declarer",
            "musik_shown=no",
            "trump=chosen",
            "bid_step=5",
            "rounding=half_up",
            "rounding=five",
            "rounding=none",
            "barrel=880",
            "barrel=0",
            "bomb=first_free",
            "must_beat=yes beat_after_trump=no",
            "must_beat=yes beat_seat=second",
            "must_trump=yes partial_trump=yes",
            "trump=marriage trump_from=next_trick",
            "first_trick_marriage=yes marriage_needs_trick=yes",
            "last_trick_bonus=10",
            "declarer_scores=points",
            "rounding=half_down round_before_contract=yes",
            "concession=half_bid",
            "concession=40",
            "bid_limit=120_before_musik",
            "bid_step=5,10@200",
            "bid_step=10,20@300",
            "barrel_rule=ru",
            "barrel_rule=plain",
            "barrel_rule=ru barrel_win=120",
            "barrel_rule=ru barrel_failed=deducted",
            "barrel_rule=ru barrel_failed=free",
            "barrel_clamp=yes",
            "barrel_clamp=no",
            "cap_1000=yes",
            "bolts=yes",
            "bolts=no",
            "reset_555=yes",
            "opening=ru",
            "bid_floor=-120",
            "bid_floor=0",
            "bid_floor=none",
            "dealer_musik=ru",
            "dealer_musik=pl",
            "dealer_musik=none",
            "bid_max=300",
            "bid_max=none",
            "redeal=none",
            "redeal=ru",
            "redeal=nines",
            "blind=yes",
            "musik_shown=yes musik_at_100=hidden",
            "failed_costs=bid",
            "bomb=first_free first_bomb_defenders=nothing",
            "game_to=500 barrel=400",
        ];
        for preset in PRESETS {
            for s in settings {
                let text = format!("{preset} {s}");
                let r: Rules = text.parse().unwrap();
                let back: Rules = r.to_string().parse().unwrap();
                assert_eq!(r, back, "{text} -> {r}");
            }
        }
    }

    #[test]
    fn errors_name_the_switch() {
        let e = "standard must_beat=maybe".parse::<Rules>().unwrap_err();
        assert!(e.0.contains("must_beat") && e.0.contains("maybe"), "{e}");
        let e = "standard colour=red".parse::<Rules>().unwrap_err();
        assert!(e.0.contains("colour"), "{e}");
        assert!("polish".parse::<Rules>().is_err());
        assert!("standard marriage_values=1,2,3".parse::<Rules>().is_err());
        let e = "standard marriage_values=30000,1,1,1"
            .parse::<Rules>()
            .unwrap_err();
        assert!(e.0.contains("0 to 1000") && e.0.contains("30000"), "{e}");
        let e = "standard must_beat=no must_beat=yes"
            .parse::<Rules>()
            .unwrap_err();
        assert!(e.0.contains("must_beat") && e.0.contains("twice"), "{e}");
        let e = "pl discard_points=declarer".parse::<Rules>().unwrap_err();
        assert!(e.0.contains("musik=discard"), "{e}");
        assert!("pl musik=discard discard_points=declarer"
            .parse::<Rules>()
            .is_ok());
        for bad in [
            "bid_step=7",
            "bid_step=5,10",
            "bid_step=5,10@203",
            "bid_step=5,10@100",
        ] {
            let e = format!("standard {bad}").parse::<Rules>().unwrap_err();
            assert!(e.0.contains("bid_step"), "{bad}: {e}");
        }
        // A switch that cannot matter under the others is an error, named.
        for (text, key) in [
            ("standard must_beat=no beat_seat=second", "beat_seat"),
            (
                "standard must_beat=no beat_after_trump=no",
                "beat_after_trump",
            ),
            ("pl must_overtrump=no", "must_overtrump"),
            ("pl partial_trump=yes", "partial_trump"),
            (
                "standard rounding=none round_before_contract=yes",
                "round_before_contract",
            ),
            ("standard barrel=0 barrel_clamp=yes", "barrel_clamp"),
            ("standard barrel=0 barrel_rule=ru", "barrel_rule"),
            ("standard barrel_win=120", "barrel_win"),
            ("standard barrel_failed=deducted", "barrel_failed"),
            (
                "ru barrel=0 barrel_rule=ru barrel_failed=free",
                "barrel_rule",
            ),
            ("standard trump=chosen trump_from=next_trick", "trump_from"),
            ("standard marriage_needs_trick=yes", "marriage_needs_trick"),
            (
                "standard first_bomb_defenders=nothing",
                "first_bomb_defenders",
            ),
            (
                "standard musik_shown=no musik_at_100=hidden",
                "musik_at_100",
            ),
        ] {
            let e = text.parse::<Rules>().unwrap_err();
            assert!(e.0.starts_with(key), "{text}: {e}");
        }
        // The same switches where they do matter are fine.
        for text in [
            "standard beat_seat=second",
            "ru must_trump=yes",
            "standard barrel_rule=ru barrel_win=120",
            "ru_full barrel_failed=deducted",
            "pl marriage_needs_trick=yes",
            "pl_full first_bomb_defenders=concession",
        ] {
            assert!(text.parse::<Rules>().is_ok(), "{text}");
        }
        for bad in [
            "bid_max=99",
            "bid_max=x",
            "redeal=some",
            "game_to=505",
            "game_to=50",
        ] {
            let e = format!("standard {bad}").parse::<Rules>().unwrap_err();
            let key = bad.split('=').next().unwrap();
            assert!(e.0.contains(key), "{bad}: {e}");
        }
        let e = "standard bid_floor=low".parse::<Rules>().unwrap_err();
        assert!(e.0.contains("bid_floor") && e.0.contains("low"), "{e}");
    }

    #[test]
    fn bid_step_changes_with_the_level() {
        let r: Rules = "ru bid_step=5,10@200".parse().unwrap();
        assert_eq!(r.to_string(), "ru bid_step=5,10@200");
        assert!(r.is_bid_level(195) && r.is_bid_level(200) && r.is_bid_level(210));
        assert!(!r.is_bid_level(205) && !r.is_bid_level(97));
        assert_eq!((r.step_at(195), r.step_at(200)), (5, 10));
        // The same step on both sides is one step.
        let same: Rules = "standard bid_step=10,10@200".parse().unwrap();
        assert_eq!(same, Rules::STANDARD);
    }
}
