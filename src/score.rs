//! Scoring: one hand (docs/rules.md, *Scoring a hand*), a game's running score
//! sheet (docs/rules.md, *A game*: the barrel, concessions, the winner at 1000),
//! and the small line-based text that `tysiac score` reads.
//!
//! # Scoring a hand
//! The declarer scores +contract when the declarer's points reach the
//! contract, −contract otherwise; each defender scores the own points rounded
//! as the `rounding` switch says ([`hand_score`]). `declarer_scores=points`
//! and `round_before_contract=yes` change the declarer's part.
//!
//! The game switches of issue 14 (the ru-a barrel, bolts, 555, blind and
//! opening hands, the bid floor, concession values, four players and the
//! dealer's musik) are described in `docs/score.md`, *Scoring and game
//! switches*.
//!
//! # A game
//! [`Game`] keeps the totals of three players hand after hand:
//! - **The barrel** (`barrel` switch, 800 by default): a player whose total is
//!   at least `barrel` before a hand scores only as the declarer; points as a
//!   defender are not added. A defender's total never goes above 990 on
//!   defence (a defender at 900 taking 120 stops at 990), so only a declarer
//!   can reach 1000 while the barrel is on. `barrel=0` turns the barrel off,
//!   both parts: from 0 points a player would never score on defence at all,
//!   which no house plays.
//! - **Concessions** (`bomb` switch): the declarer scores −bid and each
//!   defender +60 (defence points: the barrel applies). With
//!   `bomb=first_free` the first concession of the game, whoever makes it,
//!   costs its declarer nothing; the defenders still score 60.
//! - **The winner**: the first player to reach 1000 after a hand is scored. If
//!   several reach it in the same hand, the declarer of that hand wins if
//!   among them; otherwise the higher total; equal highest totals draw. No hand
//!   is scored after the game is won.
//!
//! # The text format of `tysiac score`
//! One game per text, one item per line; `#` starts a comment; blank lines
//! are ignored. Header lines come first:
//!
//! ```text
//! players: Ala Bartek Celina      # required: three (or four; two with players=2) names, in playing order
//! rules: standard bomb=first_free # optional (default: --rules, or standard)
//! dealer: Ala                     # four players: the first dealer (default: the first)
//! ```
//!
//! The players are listed in playing order (clockwise): for each hand, the
//! player named as declarer is D, the next one in the list is L (plays second)
//! and the one after is R; the roles rotate with the declarer. Names are
//! words without spaces, `=`, `,` or `#`, matched without regard to case.
//!
//! Then one hand per line, `key=value` words in any order:
//!
//! ```text
//! D=Ala bid=110 contract=120 points=125,40,35   # played: points in players order
//! D=Bartek bid=100 concede                      # a concession (scores the bid)
//! D=Celina bid=120 position=hands.txt id=h3     # scored from a played hand
//! ```
//!
//! - `D=<name>` the declarer (required);
//! - `bid=<n>` the bid won (required): from 100 in steps of `bid_step`;
//! - `contract=<n>` the contract named (default: the bid; at least the bid);
//! - then exactly one of
//!   - `points=<a>,<b>,<c>` the points each player took in the hand (cards
//!     won and marriages declared, before any rounding), in the order of the
//!     `players:` line;
//!   - `concede` the declarer conceded after the exchange;
//!   - `position=<file>` a complete played hand in the history form of
//!     docs/notation.md, whose play gives the points (its D is the declarer, its L
//!     and R the next players as above). The file is read relative to the
//!     score file's folder; `id=<id>` names the position, which may be left
//!     out when the file holds one. Its `contract:` line serves when the hand
//!     line has no `contract=`.
//!
//! - `blind` (the result counts double), `tricks=<a>,<b>,<c>` (tricks won,
//!   for `bolts=yes`), `musik=<card>,<card>,<card>` (for `dealer_musik`),
//!   `dealer=<name>` (four players: who deals and sits out; default: the
//!   player after the previous hand's dealer). With four players `points=`
//!   and `tricks=` have four entries, the dealer's `-`.
//!
//! A line that cannot be read or scored is reported with its line number and
//! left out; the lines after it are still scored.

use serde::Serialize;

use crate::card::{Card, Rank};
use crate::cardset::CardSet;
use crate::position::{Form, Position};
use crate::rules::{
    BarrelRule, BarrelWin, BidLimit, Bomb, Concession, DealerMusik, DeclarerScores, DiscardPoints,
    FailedCosts, FirstBombDefenders, Musik, Opening, Players, Rules,
};
use crate::seat::Seat;

/// Points a game is won at under `standard` (`game_to`).
pub const GAME: i32 = 1000;
/// The highest total a defender reaches on defence while the barrel is on,
/// under `standard`: 10 below `game_to`.
pub const DEFENCE_CAP: i32 = 990;

/// The total that wins a game under `rules` (`game_to`: 1000, or 500).
pub fn game_target(rules: &Rules) -> i32 {
    i32::from(rules.game_to)
}

/// The highest total reached on defence while the barrel is on: 10 below
/// [`game_target`] (990 in a game to 1000).
pub fn defence_cap(rules: &Rules) -> i32 {
    game_target(rules) - 10
}
/// What each defender scores when the declarer concedes.
pub const CONCESSION_POINTS: i32 = 60;

/// A defender's hand score: the points rounded as `rounding` says.
pub fn defender_score(rules: &Rules, points: u16) -> i32 {
    i32::from(rules.rounding.apply(points))
}

/// Was the contract made: did the declarer's points reach it?
pub fn contract_made(contract: u16, declarer_points: u16) -> bool {
    declarer_points >= contract
}

/// The declarer's points as the contract check sees them: rounded by
/// `rounding` first under `round_before_contract=yes`.
pub fn checked_points(rules: &Rules, declarer_points: u16) -> u16 {
    if rules.round_before_contract {
        rules.rounding.apply(declarer_points)
    } else {
        declarer_points
    }
}

/// The hand's score for D, L and R. The declarer: when the points reach the
/// contract (rounded first under `round_before_contract=yes`), +contract, or
/// with `declarer_scores=points` the points taken rounded by `rounding` (never
/// less than the contract); otherwise −contract. Each defender: the own
/// points rounded. `points` are by seat (D, L, R).
///
/// ```
/// use tysiac::{score::hand_score, Rules};
/// assert_eq!(hand_score(&Rules::STANDARD, 120, [125, 24, 26]), [120, 20, 30]);
/// assert_eq!(hand_score(&Rules::STANDARD, 120, [119, 25, 36]), [-120, 20, 40]);
/// let points: Rules = "standard declarer_scores=points".parse().unwrap();
/// assert_eq!(hand_score(&points, 120, [147, 0, 0])[0], 150);
/// ```
pub fn hand_score(rules: &Rules, contract: u16, points: [u16; 3]) -> [i32; 3] {
    let c = i32::from(contract);
    let d = if contract_made(contract, checked_points(rules, points[0])) {
        match rules.declarer_scores {
            DeclarerScores::Contract => c,
            DeclarerScores::Points => defender_score(rules, points[0]).max(c),
        }
    } else {
        -c
    };
    [
        d,
        defender_score(rules, points[1]),
        defender_score(rules, points[2]),
    ]
}

/// What each defender scores when the declarer concedes `bid`
/// (`concession`: 60, half the bid rounded by `rounding`, or 40).
pub fn concession_points(rules: &Rules, bid: u16) -> i32 {
    match rules.concession {
        Concession::Sixty => CONCESSION_POINTS,
        Concession::HalfBid => defender_score(rules, bid / 2),
        Concession::Forty => 40,
    }
}

/// What the dealer sitting out a four-player hand scores from the musik
/// (`dealer_musik`): ru its card points, pl 50 for each ace; both add the
/// value of a marriage (K and Q of one suit) lying in it. Rounded as a
/// defender's points.
pub fn musik_score(rules: &Rules, musik: CardSet) -> i32 {
    let marriages: u16 = musik.marriages().map(|s| rules.marriage_value(s)).sum();
    let base: u16 = match rules.dealer_musik {
        DealerMusik::None => return 0,
        DealerMusik::Ru => musik.points(),
        DealerMusik::Pl => 50 * musik.iter().filter(|c| c.rank() == Rank::Ace).count() as u16,
    };
    defender_score(rules, base + marriages)
}

/// The most a bid or contract can be: 120 and every marriage (the ace
/// marriage too, which is declared on the same terms).
pub fn max_contract(rules: &Rules) -> u16 {
    (120 + rules.marriage_values.iter().sum::<u16>() + rules.ace_marriage).min(rules.bid_ceiling())
}

/// Checks a bid: at least 100, in steps of `bid_step` from 100 (the step
/// may change at a level: `bid_step=5,10@200`), at most [`max_contract`],
/// and at most 120 under `bid_limit=120_before_musik`.
pub fn check_bid(rules: &Rules, bid: u16) -> Result<(), String> {
    let max = max_contract(rules);
    if bid < 100 {
        return Err(format!("bid {bid} is below 100, the forced opening bid"));
    }
    if !rules.is_bid_level(bid) {
        let step = rules.get("bid_step").unwrap_or_default();
        return Err(if rules.bid_step_from > 0 {
            format!(
                "bid {bid} is not a bid level: 100 plus steps of {} below {}, then steps of {} \
                 (bid_step={step})",
                rules.bid_step, rules.bid_step_from, rules.bid_step_high
            )
        } else {
            format!(
                "bid {bid} is not 100 plus steps of {} (bid_step={step})",
                rules.bid_step
            )
        });
    }
    if rules.bid_limit == BidLimit::Before120 && bid > 120 {
        return Err(format!(
            "bid {bid} is above 120, the most before the musik (bid_limit=120_before_musik; \
             the contract may be higher)"
        ));
    }
    if bid > max && max == rules.bid_max {
        return Err(format!(
            "bid {bid} is above {max}, the highest bid (bid_max={max})"
        ));
    }
    if bid > max {
        return Err(format!(
            "bid {bid} is above {max}, 120 and every marriage under these rules"
        ));
    }
    Ok(())
}

/// Checks the points of one played hand (by player or seat, any order): the
/// card points of the tricks add up to 120 (less the discards under
/// `musik=discard discard_points=none`) and the rest must be marriages, each
/// declared at most once.
pub fn check_points(rules: &Rules, points: [u16; 3]) -> Result<(), String> {
    let total: u32 = points.iter().map(|&p| u32::from(p)).sum();
    // Every sum of distinct declarations.
    let mut values: Vec<u32> = rules
        .marriage_values
        .iter()
        .map(|&v| u32::from(v))
        .collect();
    if rules.ace_marriage > 0 {
        values.push(u32::from(rules.ace_marriage));
    }
    let mut sums = vec![0u32];
    for v in &values {
        let more: Vec<u32> = sums.iter().map(|s| s + v).collect();
        sums.extend(more);
    }
    // The card points the tricks hold: 120, or with discards nobody counts,
    // 120 less the discards (three cards: 0 to 33 points).
    let cards = |c: u32| match (rules.musik, rules.discard_points) {
        (Musik::Discard, DiscardPoints::None) => (87..=120).contains(&c),
        _ => c == 120,
    };
    if sums.iter().any(|&m| m <= total && cards(total - m)) {
        return Ok(());
    }
    let list: Vec<String> = values.iter().map(|v| v.to_string()).collect();
    let cards_text = match (rules.musik, rules.discard_points) {
        (Musik::Discard, DiscardPoints::None) => "87 to 120 card points (120 less the discards)",
        _ => "the 120 card points",
    };
    Err(format!(
        "points add up to {total}, which is not {cards_text} plus declared marriages \
         (each at most once: {}); give the points taken, before rounding",
        list.join(" ")
    ))
}

/// The points D, L and R took in a complete hand in the history form.
pub fn history_points(position: &Position) -> Result<[u16; 3], String> {
    let Form::History(h) = &position.form else {
        return Err(
            "a snapshot has no history to score; give the hand in the history form \
                    (deal:, exchange:, play:)"
                .into(),
        );
    };
    let Some(state) = h.state(&position.rules) else {
        return Err("the hand was not played: no exchange: line".into());
    };
    if !state.is_over() {
        let cards = position.rules.tricks() * position.rules.seats();
        return Err(format!(
            "the hand is not finished: {} of {cards} cards played",
            h.moves.len()
        ));
    }
    Ok(state.points)
}

/// Tricks D, L and R won in a complete hand in the history form.
pub fn history_tricks(position: &Position) -> Result<[u8; 3], String> {
    history_points(position)?;
    let Form::History(h) = &position.form else {
        return Err("a snapshot has no history".into());
    };
    let mut state = h
        .start
        .ok_or("the hand was not played: no exchange: line")?;
    let mut tricks = [0u8; 3];
    for &mv in &h.moves {
        if let Some((winner, _)) = state.play(&position.rules, mv).trick {
            tricks[winner.index()] += 1;
        }
    }
    Ok(tricks)
}

/// How a hand ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Played out: the contract and the points each player took (cards and
    /// marriages, before rounding), in the game's players order (0 for a
    /// dealer sitting out).
    Played { contract: u16, points: Vec<u16> },
    /// The declarer conceded after the exchange.
    Conceded,
}

/// One hand of a game: its declarer (an index into the players), the bid
/// won, how it ended, and what the game's rules may need besides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hand {
    pub declarer: usize,
    pub bid: u16,
    pub outcome: Outcome,
    /// Four players: the dealer, who sits out (`None`: the game's rotation).
    pub dealer: Option<usize>,
    /// A blind bid: the hand's result counts double.
    pub blind: bool,
    /// Tricks each player won, in players order (needed under `bolts=yes`
    /// for a played hand).
    pub tricks: Option<Vec<u8>>,
    /// The musik (needed for the dealer's points under `dealer_musik`).
    pub musik: Option<CardSet>,
}

impl Hand {
    /// A hand with nothing besides the declarer, bid and outcome.
    pub fn new(declarer: usize, bid: u16, outcome: Outcome) -> Hand {
        Hand {
            declarer,
            bid,
            outcome,
            dealer: None,
            blind: false,
            tricks: None,
            musik: None,
        }
    }
}

/// One line of the score sheet: a hand as scored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandRecord {
    /// The hand's number in the game, from 1.
    pub number: usize,
    /// The declarer (index into the players).
    pub declarer: usize,
    pub bid: u16,
    /// The contract (none for a concession).
    pub contract: Option<u16>,
    pub conceded: bool,
    /// Points each player took (players order), when played.
    pub points: Option<Vec<u16>>,
    /// Whether the contract was made, when played.
    pub made: Option<bool>,
    /// What the hand scores for each player under the rules (doubled for a
    /// blind or opening hand).
    pub earned: Vec<i32>,
    /// What each total changed by: `earned` after the barrel, with bolts,
    /// falls and resets.
    pub added: Vec<i32>,
    /// Each player's total after the hand.
    pub totals: Vec<i32>,
    /// Four players: the dealer, who sat out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dealer: Option<usize>,
    /// The result counted double (a blind bid, or an `opening=ru` hand).
    pub doubled: bool,
    /// Why `added` differs from `earned`, and free concessions.
    pub notes: Vec<String>,
}

/// The end of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// One player won (index into the players).
    Winner(usize),
    /// These players reached 1000 together with equal totals.
    Draw(Vec<usize>),
}

/// What the ru-a barrel costs: a fall, a knock-off, a bolt's third.
pub const PENALTY: i32 = 120;

/// A game in progress: three or four players' totals, hand after hand.
#[derive(Clone, Debug)]
pub struct Game {
    pub rules: Rules,
    /// Three or four names, in playing order.
    pub players: Vec<String>,
    pub totals: Vec<i32>,
    /// Concessions made so far (for `bomb=first_free`).
    pub concessions: usize,
    pub hands: Vec<HandRecord>,
    pub result: Option<GameResult>,
    /// `barrel_rule=ru`: hands played on the barrel by each player sitting
    /// on it (`None`: not on it).
    pub on_barrel: Vec<Option<u8>>,
    /// `barrel_rule=ru`: barrels each player fell off after three tries.
    pub unplayed_barrels: Vec<u8>,
    /// `bolts=yes`: bolts each player holds (0 to 2).
    pub bolts: Vec<u8>,
    /// Four players: the dealer of the next hand when its line names none.
    pub next_dealer: usize,
}

impl Game {
    /// A new game at 0 for each player (three, or four who take turns to
    /// deal and sit out; the first dealer is the first player unless
    /// `next_dealer` is set).
    pub fn new(rules: Rules, players: impl Into<Vec<String>>) -> Game {
        let players = players.into();
        let n = players.len();
        Game {
            rules,
            players,
            totals: vec![0; n],
            concessions: 0,
            hands: Vec::new(),
            result: None,
            on_barrel: vec![None; n],
            unplayed_barrels: vec![0; n],
            bolts: vec![0; n],
            next_dealer: 0,
        }
    }

    /// The seat `player` holds in a hand whose declarer is `declarer`: the
    /// players are in playing order, so the next after D is L (three players).
    pub fn seat_of(declarer: usize, player: usize) -> Seat {
        Seat::from_index((player + 3 - declarer) % 3)
    }

    /// The player holding `seat` when `declarer` declares (three players).
    pub fn player_at(declarer: usize, seat: Seat) -> usize {
        (declarer + seat.index()) % 3
    }

    /// Whether the number of players fits the rules: two under
    /// `players=2`, else three or four.
    pub fn check_players(&self) -> Result<(), String> {
        let n = self.players.len();
        match (self.rules.players, n) {
            (Players::Two, 2) | (Players::Three, 3..=4) => Ok(()),
            (Players::Two, _) => Err(format!("players=2 is a game of two players, not {n}")),
            (Players::Three, 2) => {
                Err("a game of two players needs players=2 (the game of two musiks)".into())
            }
            (Players::Three, _) => Err(format!("a game has 3 or 4 players, not {n}")),
        }
    }

    /// The dealer of a hand (four players: `dealer`, or the rotation's next)
    /// and the players at D, L and R (D and L with two players): in playing
    /// order from the declarer, the dealer left out.
    pub fn seats(
        &self,
        declarer: usize,
        dealer: Option<usize>,
    ) -> Result<(Option<usize>, Vec<usize>), String> {
        self.check_players()?;
        let n = self.players.len();
        if declarer >= n {
            return Err(format!("declarer {declarer} is not one of the {n} players"));
        }
        let dealer = match (n, dealer) {
            (2..=3, None) => None,
            (2..=3, Some(_)) => {
                return Err("dealer= is for four players (the dealer sits out)".into());
            }
            (_, Some(p)) if p >= n => {
                return Err(format!("dealer {p} is not one of the {n} players"));
            }
            (_, d) => Some(d.unwrap_or(self.next_dealer % n)),
        };
        if dealer == Some(declarer) {
            return Err(format!(
                "{} deals this hand and sits out: not the declarer",
                self.players[declarer]
            ));
        }
        let mut seats = vec![declarer; self.rules.seats()];
        let mut p = declarer;
        for slot in seats.iter_mut().skip(1) {
            p = (p + 1) % n;
            if Some(p) == dealer {
                p = (p + 1) % n;
            }
            *slot = p;
        }
        Ok((dealer, seats))
    }

    /// Scores a hand and adds it to the sheet, or says why it cannot be
    /// (the game is over, a bid or contract out of range, impossible points,
    /// a declarer below `bid_floor`, a missing musik or trick count). A hand
    /// that cannot be scored leaves the game unchanged.
    pub fn play(&mut self, hand: &Hand) -> Result<&HandRecord, String> {
        if let Some(result) = &self.result {
            return Err(format!("the game is over: {}", self.result_text(result)));
        }
        let rules = self.rules;
        let n = self.players.len();
        let d = hand.declarer;
        let (dealer, seats) = self.seats(d, hand.dealer)?;
        let names = self.players.clone();
        let name = |p: usize| names[p].clone();
        let number = self.hands.len() + 1;
        let opening = rules.opening == Opening::Ru && number <= 3;
        if opening && hand.bid != 120 {
            return Err(format!(
                "hand {number} is an opening hand, bid at 120 (opening=ru), not {}",
                hand.bid
            ));
        }
        check_bid(&rules, hand.bid)?;
        if let Some(floor) = rules.bid_floor {
            // Below the floor a player must pass, unless every player of the
            // hand is below it: then the forced opener plays all the same.
            let all_below = seats.iter().all(|&p| self.totals[p] < i32::from(floor));
            if self.totals[d] < i32::from(floor) && !all_below {
                return Err(format!(
                    "{} has {}, below the bidding floor {floor} (bid_floor): must pass, \
                     cannot declare",
                    name(d),
                    self.totals[d]
                ));
            }
        }
        let mut notes = Vec::new();
        let mut earned = vec![0i32; n];
        let (contract, points, made, conceded) = match &hand.outcome {
            Outcome::Played { contract, points } => {
                let contract = *contract;
                if contract < hand.bid {
                    return Err(format!("contract {contract} is below the bid {}", hand.bid));
                }
                if !rules.is_bid_level(contract) {
                    return Err(format!(
                        "contract {contract} is not a bid level (bid_step={}), as a bid must be",
                        rules.get("bid_step").unwrap_or_default()
                    ));
                }
                if contract > max_contract(&rules) {
                    return Err(if max_contract(&rules) == rules.bid_max {
                        format!(
                            "contract {contract} is above {}, the highest bid (bid_max)",
                            rules.bid_max
                        )
                    } else {
                        format!(
                            "contract {contract} is above {}, 120 and every marriage",
                            max_contract(&rules)
                        )
                    });
                }
                if points.len() != n {
                    return Err(format!("points: {} numbers for {n} players", points.len()));
                }
                if let Some(p) = dealer.filter(|&p| points[p] != 0) {
                    return Err(format!(
                        "points: {} deals and sits out, so takes no points (write 0 or -)",
                        name(p)
                    ));
                }
                let mut by_seat = [0u16; 3];
                for (slot, &p) in by_seat.iter_mut().zip(&seats) {
                    *slot = points[p];
                }
                check_points(&rules, by_seat)?;
                let seat_scores = hand_score(&rules, contract, by_seat);
                for (s, &p) in seats.iter().enumerate() {
                    earned[p] = seat_scores[s];
                }
                let made = contract_made(contract, checked_points(&rules, by_seat[0]));
                if !made && rules.failed_costs == FailedCosts::Bid && contract > hand.bid {
                    earned[d] = -i32::from(hand.bid);
                    notes.push(format!(
                        "{} fails {contract}: the bid {} is deducted (failed_costs=bid)",
                        name(d),
                        hand.bid
                    ));
                }
                (Some(contract), Some(points.clone()), Some(made), false)
            }
            Outcome::Conceded => {
                let free = rules.bomb == Bomb::FirstFree && self.concessions == 0;
                earned[d] = if free {
                    notes.push(format!(
                        "{}'s concession is the game's first: it costs nothing (bomb=first_free)",
                        name(d)
                    ));
                    0
                } else {
                    -i32::from(hand.bid)
                };
                let nothing = free && rules.first_bomb_defenders == FirstBombDefenders::Nothing;
                for &p in &seats[1..] {
                    earned[p] = if nothing {
                        0
                    } else {
                        concession_points(&rules, hand.bid)
                    };
                }
                if nothing {
                    notes.push(
                        "the free bomb gives the defenders nothing (first_bomb_defenders=nothing)"
                            .into(),
                    );
                }
                (None, None, None, true)
            }
        };
        // Tricks, for the bolts of a played hand.
        let tricks = match (&hand.tricks, conceded, rules.bolts) {
            (Some(t), _, _) => {
                if t.len() != n {
                    return Err(format!("tricks: {} numbers for {n} players", t.len()));
                }
                if let Some(p) = dealer.filter(|&p| t[p] != 0) {
                    return Err(format!(
                        "tricks: {} deals and sits out, so wins no trick (write 0 or -)",
                        name(p)
                    ));
                }
                let sum: usize = t.iter().map(|&x| usize::from(x)).sum();
                if !conceded && sum != rules.tricks() {
                    return Err(format!(
                        "tricks add up to {sum}, not the {} tricks of a hand",
                        rules.tricks()
                    ));
                }
                if conceded {
                    return Err("a conceded hand has no tricks=".into());
                }
                Some(t.clone())
            }
            (None, false, true) => {
                return Err(
                    "bolts=yes needs the tricks each player won: tricks=<a>,<b>,<c> \
                     (or position=)"
                        .into(),
                );
            }
            (None, _, _) => None,
        };
        if let Some(p) = dealer {
            if rules.dealer_musik != DealerMusik::None {
                let musik = hand.musik.ok_or_else(|| {
                    format!(
                        "dealer_musik={} needs the musik: musik=<card>,<card>,<card> or position=",
                        rules.get("dealer_musik").unwrap_or_default()
                    )
                })?;
                if musik.len() != 3 {
                    return Err(format!("musik: {} cards, not 3", musik.len()));
                }
                earned[p] = musik_score(&rules, musik);
            }
        }
        let doubled = hand.blind || opening;
        if doubled {
            for e in earned.iter_mut() {
                *e *= 2;
            }
            notes.push(
                if hand.blind {
                    "a blind bid: the hand counts double"
                } else {
                    "an opening hand (opening=ru): the hand counts double"
                }
                .into(),
            );
        }
        // Everything is checked: score the hand.
        let before = self.totals.clone();
        let mut added = earned.clone();
        for p in (0..n).filter(|&p| p != d) {
            added[p] = self.defence(p, earned[p], &mut notes);
        }
        added[d] = self.declarer_on_barrel(d, earned[d], made, contract, &mut notes);
        for (t, a) in self.totals.iter_mut().zip(&added) {
            *t += a;
        }
        if conceded {
            self.concessions += 1;
        }
        if let Some(t) = &tricks {
            if rules.bolts {
                self.bolt(&seats, t, &mut notes);
            }
        }
        self.barrel_events(&before, &mut notes);
        if rules.reset_555 {
            for p in 0..n {
                if self.totals[p] == 555 {
                    self.totals[p] = 0;
                    notes.push(format!("{} ends on 555: reset to 0 (reset_555)", name(p)));
                }
            }
        }
        let added: Vec<i32> = (0..n).map(|p| self.totals[p] - before[p]).collect();
        self.result = self.winner(d);
        if let (true, Some(result)) = (rules.cap_1000, &self.result) {
            let won = match result {
                GameResult::Winner(p) => vec![*p],
                GameResult::Draw(ps) => ps.clone(),
            };
            for p in won {
                let target = game_target(&rules);
                if self.totals[p] > target {
                    notes.push(format!(
                        "{} wins with {}, written as {target} (cap_1000)",
                        name(p),
                        self.totals[p]
                    ));
                    self.totals[p] = target;
                }
            }
        }
        if let Some(p) = dealer {
            self.next_dealer = (p + 1) % n;
        }
        self.hands.push(HandRecord {
            number,
            declarer: d,
            bid: hand.bid,
            contract,
            conceded,
            points,
            made,
            earned,
            added,
            totals: self.totals.clone(),
            dealer,
            doubled,
            notes,
        });
        Ok(self.hands.last().expect("just pushed"))
    }

    /// What a defender's (or the sitting-out dealer's) `earned` points add
    /// under the barrel.
    fn defence(&self, player: usize, earned: i32, notes: &mut Vec<String>) -> i32 {
        let barrel = i32::from(self.rules.barrel);
        let total = self.totals[player];
        let name = &self.players[player];
        if barrel == 0 {
            return earned;
        }
        if total >= barrel || self.on_barrel[player].is_some() {
            if earned != 0 {
                notes.push(format!(
                    "{name} is on the barrel ({total} ≥ {barrel}): {earned} on defence not added"
                ));
            }
            return 0;
        }
        let cap = defence_cap(&self.rules);
        if total + earned > cap {
            // Never above 990 on defence; a total already above stays.
            let added = (cap - total).max(0);
            notes.push(format!(
                "{name} stops at {cap} on defence: {added} of {earned} added"
            ));
            return added;
        }
        earned
    }

    /// What the declarer's `earned` adds under `barrel_rule=ru` while on the
    /// barrel: a made contract that wins from it (over 120, or 120 with
    /// `barrel_win=120`); nothing for a smaller one, and a failed contract
    /// is not deducted.
    fn declarer_on_barrel(
        &self,
        d: usize,
        earned: i32,
        made: Option<bool>,
        contract: Option<u16>,
        notes: &mut Vec<String>,
    ) -> i32 {
        if self.rules.barrel_rule != BarrelRule::Ru || self.on_barrel[d].is_none() {
            return earned;
        }
        let name = &self.players[d];
        let need = match self.rules.barrel_win {
            BarrelWin::Over120 => 121,
            BarrelWin::AtLeast120 => 120,
        };
        match (made, contract) {
            (Some(true), Some(c)) if c >= need => earned,
            (Some(true), Some(c)) => {
                notes.push(format!(
                    "{name} is on the barrel: a contract of {c} does not win from it \
                     (barrel_win={}); not added",
                    self.rules.get("barrel_win").unwrap_or_default()
                ));
                0
            }
            _ if earned < 0 => {
                notes.push(format!(
                    "{name} is on the barrel: {earned} not deducted during the tries"
                ));
                0
            }
            _ => earned,
        }
    }

    /// Bolts: a player of the hand who won no trick gets one; the third
    /// costs 120 and the count starts again.
    fn bolt(&mut self, seats: &[usize], tricks: &[u8], notes: &mut Vec<String>) {
        for &p in seats {
            if tricks[p] > 0 {
                continue;
            }
            self.bolts[p] += 1;
            if self.bolts[p] == 3 {
                self.bolts[p] = 0;
                self.totals[p] -= PENALTY;
                notes.push(format!(
                    "{} won no trick: a third bolt, −{PENALTY} (bolts)",
                    self.players[p]
                ));
            } else {
                notes.push(format!(
                    "{} won no trick: bolt {} (bolts)",
                    self.players[p], self.bolts[p]
                ));
            }
        }
    }

    /// The barrel after a hand's points: the clamp at its line, and under
    /// `barrel_rule=ru` the tries, falls, knock-offs and resets.
    fn barrel_events(&mut self, before: &[i32], notes: &mut Vec<String>) {
        let line = i32::from(self.rules.barrel);
        if line == 0 {
            return;
        }
        let n = self.players.len();
        if self.rules.barrel_clamp {
            for (p, total) in self.totals.iter_mut().enumerate() {
                if before[p] < line && *total > line {
                    notes.push(format!(
                        "{} reaches the barrel with {total}: held at {line} (barrel_clamp)",
                        self.players[p]
                    ));
                    *total = line;
                }
            }
        }
        if self.rules.barrel_rule != BarrelRule::Ru {
            return;
        }
        // Those who sat on the barrel: one more try, or out by a win or a
        // fall below its line.
        for p in 0..n {
            let Some(tries) = self.on_barrel[p] else {
                continue;
            };
            if self.totals[p] >= game_target(&self.rules) {
                continue;
            }
            if self.totals[p] < line {
                self.on_barrel[p] = None;
                notes.push(format!(
                    "{} falls below the barrel ({})",
                    self.players[p], self.totals[p]
                ));
                continue;
            }
            let tries = tries + 1;
            if tries < 3 {
                self.on_barrel[p] = Some(tries);
                continue;
            }
            self.on_barrel[p] = None;
            self.totals[p] -= PENALTY;
            self.unplayed_barrels[p] += 1;
            notes.push(format!(
                "{} falls off the barrel after three tries: −{PENALTY}, unplayed barrel {}",
                self.players[p], self.unplayed_barrels[p]
            ));
            if self.unplayed_barrels[p] == 3 {
                self.unplayed_barrels[p] = 0;
                self.totals[p] = 0;
                notes.push(format!(
                    "{}: three unplayed barrels, the score is reset to 0",
                    self.players[p]
                ));
            }
        }
        // Those who climbed on in this hand.
        let climbers: Vec<usize> = (0..n)
            .filter(|&p| {
                self.on_barrel[p].is_none()
                    && before[p] < line
                    && (line..game_target(&self.rules)).contains(&self.totals[p])
            })
            .collect();
        if climbers.is_empty() {
            return;
        }
        for p in 0..n {
            if self.on_barrel[p].is_some() {
                self.on_barrel[p] = None;
                self.totals[p] -= PENALTY;
                notes.push(format!(
                    "{} is knocked off the barrel: −{PENALTY}",
                    self.players[p]
                ));
            }
        }
        if let [one] = climbers.as_slice() {
            self.on_barrel[*one] = Some(0);
            notes.push(format!(
                "{} climbs onto the barrel with {}: three tries",
                self.players[*one], self.totals[*one]
            ));
        } else {
            for &p in &climbers {
                self.totals[p] -= PENALTY;
                notes.push(format!(
                    "{} climbs onto the barrel with others at once: all fall off, −{PENALTY}",
                    self.players[p]
                ));
            }
        }
    }

    /// The result after a hand declared by `declarer`, if the game is over.
    fn winner(&self, declarer: usize) -> Option<GameResult> {
        let n = self.players.len();
        let target = game_target(&self.rules);
        let reached: Vec<usize> = (0..n).filter(|&p| self.totals[p] >= target).collect();
        if reached.is_empty() {
            return None;
        }
        if reached.contains(&declarer) {
            return Some(GameResult::Winner(declarer));
        }
        let top = reached.iter().map(|&p| self.totals[p]).max()?;
        let best: Vec<usize> = reached
            .into_iter()
            .filter(|&p| self.totals[p] == top)
            .collect();
        match best.as_slice() {
            [one] => Some(GameResult::Winner(*one)),
            _ => Some(GameResult::Draw(best)),
        }
    }

    /// "Ala wins with 1020", "Ala and Celina draw at 1010".
    pub fn result_text(&self, result: &GameResult) -> String {
        match result {
            GameResult::Winner(p) => {
                format!("{} wins with {}", self.players[*p], self.totals[*p])
            }
            GameResult::Draw(ps) => {
                let names: Vec<&str> = ps.iter().map(|&p| self.players[p].as_str()).collect();
                format!("{} draw at {}", names.join(" and "), self.totals[ps[0]])
            }
        }
    }
}

// ---------------------------------------------------------------------------
// The text format

/// How a hand line says the hand ended, before positions are read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandEnd {
    /// `points=a,b,c`: in players order (a dealer sitting out: 0).
    Points(Vec<u16>),
    /// `concede`.
    Concede,
    /// `position=file [id=id]`.
    Position { file: String, id: Option<String> },
}

/// A hand line as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandLine {
    /// 1-based line number.
    pub line: usize,
    pub declarer: usize,
    pub bid: u16,
    pub contract: Option<u16>,
    pub end: HandEnd,
    /// `dealer=<name>` (four players).
    pub dealer: Option<usize>,
    /// The word `blind`.
    pub blind: bool,
    /// `tricks=a,b,c`: in players order.
    pub tricks: Option<Vec<u8>>,
    /// `musik=<card>,<card>,<card>`.
    pub musik: Option<CardSet>,
}

/// A line that could not be read, with its 1-based number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    pub line: usize,
    pub message: String,
}

/// A score text as read: the header and the hand lines that could be read,
/// and an error for every line that could not.
#[derive(Clone, Debug, Default)]
pub struct Sheet {
    /// Two (`players=2`), three or four names.
    pub players: Option<Vec<String>>,
    /// The line of `players:`.
    pub players_line: usize,
    /// `dealer: <name>`: the first dealer of a four-player game.
    pub first_dealer: Option<usize>,
    /// The `rules:` line, when given.
    pub rules: Option<Rules>,
    pub hands: Vec<HandLine>,
    pub errors: Vec<LineError>,
}

/// Reads a score text (see the module documentation for the format).
///
/// ```
/// use tysiac::score::{parse_sheet, HandEnd};
/// let sheet = parse_sheet("players: Ala Bartek Celina\nD=bartek bid=100 points=30,90,0\n");
/// assert!(sheet.errors.is_empty());
/// assert_eq!(sheet.hands[0].declarer, 1);
/// assert_eq!(sheet.hands[0].end, HandEnd::Points(vec![30, 90, 0]));
/// ```
pub fn parse_sheet(text: &str) -> Sheet {
    let mut sheet = Sheet::default();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let result = match content.split_once(':') {
            Some((key, value)) if !key.contains('=') => {
                if key.trim().eq_ignore_ascii_case("players") {
                    sheet.players_line = line;
                }
                header(&mut sheet, key, value)
            }
            _ => hand_line(&sheet, line, content).map(|h| sheet.hands.push(h)),
        };
        if let Err(message) = result {
            // A line of junk is named, not echoed whole.
            let message = crate::error::clip(&message, crate::error::MESSAGE).into_owned();
            sheet.errors.push(LineError { line, message });
        }
    }
    if sheet.players.is_none() && sheet.errors.is_empty() {
        sheet.errors.push(LineError {
            line: 1,
            message: "no players: line (players: <name> <name> <name> [<name>], in playing order)"
                .into(),
        });
    }
    sheet
}

/// Reads a `players:` or `rules:` line into the sheet.
fn header(sheet: &mut Sheet, key: &str, value: &str) -> Result<(), String> {
    let key = key.trim().to_ascii_lowercase();
    if !sheet.hands.is_empty() {
        return Err(format!("{key}: must come before the first hand"));
    }
    match key.as_str() {
        "players" => {
            if sheet.players.is_some() {
                return Err("players: given twice".into());
            }
            let names: Vec<&str> = value.split_whitespace().collect();
            if !(2..=4).contains(&names.len()) {
                return Err(format!(
                    "players: needs 2 (with players=2), 3 or 4 names (in playing order), found {}",
                    names.len()
                ));
            }
            for n in &names {
                if n.contains(['=', ',']) || *n == "-" {
                    return Err(format!("players: '{n}': a name has no '=' or ',' and is not '-'"));
                }
            }
            let lower: Vec<String> = names.iter().map(|n| n.to_lowercase()).collect();
            for (i, a) in lower.iter().enumerate() {
                if lower[..i].contains(a) {
                    return Err(format!("players: the names must differ ('{}' twice)", names[i]));
                }
            }
            sheet.players = Some(names.iter().map(|n| n.to_string()).collect());
            Ok(())
        }
        "rules" => {
            if sheet.rules.is_some() {
                return Err("rules: given twice".into());
            }
            let rules = value.parse::<Rules>().map_err(|e| format!("rules: {e}"))?;
            sheet.rules = Some(rules);
            Ok(())
        }
        "dealer" => {
            let Some(players) = &sheet.players else {
                return Err("dealer: must come after the players: line".into());
            };
            if players.len() != 4 {
                return Err("dealer: is for four players (the dealer sits out)".into());
            }
            if sheet.first_dealer.is_some() {
                return Err("dealer: given twice".into());
            }
            let name = value.trim();
            sheet.first_dealer = Some(player_index(players, "dealer:", name)?);
            Ok(())
        }
        _ => Err(format!(
            "unknown key '{key}:' (known: players:, rules:, dealer:; a hand is D=<name> bid=<n> ...)"
        )),
    }
}

/// The index of the player `name` (any case).
fn player_index(players: &[String], key: &str, name: &str) -> Result<usize, String> {
    players
        .iter()
        // Unicode case folding: `D=żaneta` finds `Żaneta`.
        .position(|n| n.to_lowercase() == name.to_lowercase())
        .ok_or_else(|| format!("{key}{name}: not a player (players: {})", players.join(" ")))
}

/// One number per player, `-` for 0 (the dealer sitting out).
fn per_player(players: &[String], key: &str, value: &str) -> Result<Vec<u16>, String> {
    let parts: Vec<&str> = value.split(',').collect();
    if parts.len() != players.len() {
        return Err(format!(
            "{key}={value}: needs {} numbers, one per player in the order {} \
             (- for a dealer sitting out)",
            players.len(),
            players.join(",")
        ));
    }
    parts
        .iter()
        .map(|p| if *p == "-" { Ok(0) } else { number(key, p) })
        .collect()
}

/// A number in digits, at most 1000.
fn number(key: &str, value: &str) -> Result<u16, String> {
    match value.parse::<u16>() {
        Ok(n) if n <= 1000 && value.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
        _ => Err(format!("{key}={value}: not a number from 0 to 1000")),
    }
}

/// Sets how the hand ended, which a line says once.
fn set_end(e: HandEnd, end: &mut Option<HandEnd>) -> Result<(), String> {
    if end.is_some() {
        Err("give one of points=, concede or position= (found two)".to_string())
    } else {
        *end = Some(e);
        Ok(())
    }
}

/// The keys of a hand line.
const KEYS: &str = "D, bid, contract, points, position, id, tricks, musik, dealer";

/// Reads one hand line.
fn hand_line(sheet: &Sheet, line: usize, content: &str) -> Result<HandLine, String> {
    let Some(players) = &sheet.players else {
        return Err("a hand before the players: line".into());
    };
    let mut declarer = None;
    let mut bid = None;
    let mut contract = None;
    let mut end: Option<HandEnd> = None;
    let mut id: Option<String> = None;
    let mut dealer = None;
    let mut blind = false;
    let mut tricks: Option<Vec<u8>> = None;
    let mut musik: Option<CardSet> = None;
    for word in content.split_whitespace() {
        if word.eq_ignore_ascii_case("concede") {
            set_end(HandEnd::Concede, &mut end)?;
            continue;
        }
        if word.eq_ignore_ascii_case("blind") {
            if blind {
                return Err("blind given twice".into());
            }
            blind = true;
            continue;
        }
        let Some((key, value)) = word.split_once('=') else {
            return Err(format!(
                "'{word}' is not key=value (keys: {KEYS}; or concede, blind)"
            ));
        };
        let once = |given: bool| {
            if given {
                Err(format!("{key}= given twice"))
            } else {
                Ok(())
            }
        };
        match key.to_ascii_lowercase().as_str() {
            "d" => {
                once(declarer.is_some())?;
                declarer = Some(player_index(players, "D=", value)?);
            }
            "dealer" => {
                once(dealer.is_some())?;
                if players.len() != 4 {
                    return Err("dealer= is for four players (the dealer sits out)".into());
                }
                dealer = Some(player_index(players, "dealer=", value)?);
            }
            "tricks" => {
                once(tricks.is_some())?;
                let t = per_player(players, "tricks", value)?;
                if let Some(x) = t.iter().find(|&&x| x > 8) {
                    return Err(format!(
                        "tricks={value}: {x} is more than the 8 tricks of a hand"
                    ));
                }
                tricks = Some(t.iter().map(|&x| x as u8).collect());
            }
            "musik" => {
                once(musik.is_some())?;
                let mut set = CardSet::EMPTY;
                for c in value.split(',') {
                    let card: Card = c.parse().map_err(|_| {
                        format!("musik={value}: '{c}' is not a card (e.g. musik=AH,KS,9D)")
                    })?;
                    if set.contains(card) {
                        return Err(format!("musik={value}: {card} twice"));
                    }
                    set.insert(card);
                }
                if set.len() != 3 {
                    return Err(format!("musik={value}: {} cards, not 3", set.len()));
                }
                musik = Some(set);
            }
            "bid" => {
                once(bid.is_some())?;
                bid = Some(number("bid", value)?);
            }
            "contract" => {
                once(contract.is_some())?;
                contract = Some(number("contract", value)?);
            }
            "points" => {
                let p = per_player(players, "points", value)?;
                set_end(HandEnd::Points(p), &mut end)?;
            }
            "position" => {
                set_end(
                    HandEnd::Position {
                        file: value.to_string(),
                        id: None,
                    },
                    &mut end,
                )?;
            }
            "id" => {
                once(id.is_some())?;
                id = Some(value.to_string());
            }
            _ => {
                return Err(format!(
                    "unknown key '{key}' (keys: {KEYS}; or concede, blind)"
                ))
            }
        }
    }
    let declarer = declarer.ok_or("no declarer: D=<name>")?;
    let bid = bid.ok_or("no bid: bid=<n>")?;
    let mut end = end.ok_or("no result: points=<a>,<b>,<c>, concede or position=<file>")?;
    match (&mut end, id) {
        (HandEnd::Position { id: slot, .. }, id) => *slot = id,
        (_, Some(_)) => return Err("id= names the position of position=<file>".into()),
        (_, None) => {}
    }
    if end == HandEnd::Concede && contract.is_some() {
        return Err("a concession scores the bid; it has no contract=".into());
    }
    if end == HandEnd::Concede && tricks.is_some() {
        return Err("a concession plays no tricks; it has no tricks=".into());
    }
    Ok(HandLine {
        line,
        declarer,
        bid,
        contract,
        end,
        dealer,
        blind,
        tricks,
        musik,
    })
}
