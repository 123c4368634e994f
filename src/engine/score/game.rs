//! A game's running score sheet (docs/rules.md, *A game*).
//!
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

use serde::Serialize;

use crate::engine::cardset::CardSet;
use crate::engine::rules::{
    BarrelFailed, BarrelRule, BarrelWin, Bomb, DealerMusik, FailedCosts, FirstBombDefenders,
    Opening, Players, Rules,
};
use crate::engine::seat::Seat;

use super::{
    check_bid, check_points, checked_points, concession_points, contract_made, defence_cap,
    game_target, hand_score, max_contract, musik_score, per_player_form,
};

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
                return Err(format!(
                    "bolts=yes needs the tricks each player won: {} (or position=)",
                    per_player_form("tricks", n)
                ));
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
    /// `barrel_win=120`); nothing for a smaller one; a failed contract or a
    /// concession is not deducted, unless `barrel_failed=deducted`.
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
            _ if earned < 0 && self.rules.barrel_failed == BarrelFailed::Free => {
                notes.push(format!(
                    "{name} is on the barrel: {earned} not deducted during the tries (barrel_failed=free)"
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
                // Off the barrel by winning from it ("Кто первый достигнет
                // ... 1000 или более, тот и является победителем"): no one
                // climbing on in the same hand knocks a winner off.
                self.on_barrel[p] = None;
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
