//! Scoring: one hand (docs/rules.md, *Scoring a hand*), a game's running score
//! sheet (docs/rules.md, *A game*: the barrel, concessions, the winner at 1000),
//! and the small line-based text that `tysiac score` reads.
//!
//! # Scoring a hand
//! The declarer scores +contract when the declarer's points reach the
//! contract, −contract otherwise; each defender scores the own points rounded
//! as the `rounding` switch says ([`hand_score`]).
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
//! players: Ala Bartek Celina      # required: three names, in playing order
//! rules: standard bomb=first_free # optional (default: --rules, or standard)
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
//! A line that cannot be read or scored is reported with its line number and
//! left out; the lines after it are still scored.

use serde::Serialize;

use crate::position::{Form, Position};
use crate::rules::{Bomb, DiscardPoints, Musik, Rules};
use crate::seat::Seat;

/// Points a game is won at.
pub const GAME: i32 = 1000;
/// The highest total a defender reaches on defence while the barrel is on.
pub const DEFENCE_CAP: i32 = 990;
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

/// The hand's score for D, L and R: the declarer ±contract, each defender
/// the own points rounded. `points` are by seat (D, L, R).
///
/// ```
/// use tysiac::{score::hand_score, Rules};
/// assert_eq!(hand_score(&Rules::STANDARD, 120, [125, 24, 26]), [120, 20, 30]);
/// assert_eq!(hand_score(&Rules::STANDARD, 120, [119, 25, 36]), [-120, 20, 40]);
/// ```
pub fn hand_score(rules: &Rules, contract: u16, points: [u16; 3]) -> [i32; 3] {
    let c = i32::from(contract);
    let d = if contract_made(contract, points[0]) {
        c
    } else {
        -c
    };
    [
        d,
        defender_score(rules, points[1]),
        defender_score(rules, points[2]),
    ]
}

/// The most a bid or contract can be: 120 and every marriage (the ace
/// marriage too, which is declared on the same terms).
pub fn max_contract(rules: &Rules) -> u16 {
    120 + rules.marriage_values.iter().sum::<u16>() + rules.ace_marriage
}

/// Checks a bid: at least 100, in steps of `bid_step` from 100, at most
/// [`max_contract`].
pub fn check_bid(rules: &Rules, bid: u16) -> Result<(), String> {
    let max = max_contract(rules);
    if bid < 100 {
        return Err(format!("bid {bid} is below 100, the forced opening bid"));
    }
    if (bid - 100) % rules.bid_step != 0 {
        return Err(format!(
            "bid {bid} is not 100 plus steps of {} (bid_step={})",
            rules.bid_step, rules.bid_step
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
        let cards = position.rules.tricks() * 3;
        return Err(format!(
            "the hand is not finished: {} of {cards} cards played",
            h.moves.len()
        ));
    }
    Ok(state.points)
}

/// How a hand ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Played out: the contract and the points each player took (cards and
    /// marriages, before rounding), in the game's players order.
    Played { contract: u16, points: [u16; 3] },
    /// The declarer conceded after the exchange.
    Conceded,
}

/// One hand of a game: its declarer (an index into the players), the bid
/// won, and how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hand {
    pub declarer: usize,
    pub bid: u16,
    pub outcome: Outcome,
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
    pub points: Option<[u16; 3]>,
    /// Whether the contract was made, when played.
    pub made: Option<bool>,
    /// What the hand scores for each player under the rules.
    pub earned: [i32; 3],
    /// What was added to each total after the barrel.
    pub added: [i32; 3],
    /// Each player's total after the hand.
    pub totals: [i32; 3],
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

/// A game in progress: three players' totals, hand after hand.
#[derive(Clone, Debug)]
pub struct Game {
    pub rules: Rules,
    pub players: [String; 3],
    pub totals: [i32; 3],
    /// Concessions made so far (for `bomb=first_free`).
    pub concessions: usize,
    pub hands: Vec<HandRecord>,
    pub result: Option<GameResult>,
}

impl Game {
    /// A new game at 0 for each player.
    pub fn new(rules: Rules, players: [String; 3]) -> Game {
        Game {
            rules,
            players,
            totals: [0; 3],
            concessions: 0,
            hands: Vec::new(),
            result: None,
        }
    }

    /// The seat `player` holds in a hand whose declarer is `declarer`: the
    /// players are in playing order, so the next after D is L.
    pub fn seat_of(declarer: usize, player: usize) -> Seat {
        Seat::from_index((player + 3 - declarer) % 3)
    }

    /// The player holding `seat` when `declarer` declares.
    pub fn player_at(declarer: usize, seat: Seat) -> usize {
        (declarer + seat.index()) % 3
    }

    /// Scores a hand and adds it to the sheet, or says why it cannot be
    /// (the game is over, a bid or contract out of range, impossible points).
    pub fn play(&mut self, hand: &Hand) -> Result<&HandRecord, String> {
        if let Some(result) = &self.result {
            return Err(format!("the game is over: {}", self.result_text(result)));
        }
        let d = hand.declarer;
        if d >= 3 {
            return Err(format!("declarer {d} is not one of the 3 players"));
        }
        let rules = self.rules;
        check_bid(&rules, hand.bid)?;
        let mut notes = Vec::new();
        let (earned, contract, points, made, conceded) = match hand.outcome {
            Outcome::Played { contract, points } => {
                if contract < hand.bid {
                    return Err(format!("contract {contract} is below the bid {}", hand.bid));
                }
                if (contract - 100) % rules.bid_step != 0 {
                    return Err(format!(
                        "contract {contract} is not 100 plus steps of {} (bid_step={}), as a bid must be",
                        rules.bid_step, rules.bid_step
                    ));
                }
                if contract > max_contract(&rules) {
                    return Err(format!(
                        "contract {contract} is above {}, 120 and every marriage",
                        max_contract(&rules)
                    ));
                }
                check_points(&rules, points)?;
                let by_seat = [0, 1, 2].map(|s| points[Game::player_at(d, Seat::from_index(s))]);
                let seat_scores = hand_score(&rules, contract, by_seat);
                let earned = [0, 1, 2].map(|p| seat_scores[Game::seat_of(d, p).index()]);
                let made = contract_made(contract, by_seat[0]);
                (earned, Some(contract), Some(points), Some(made), false)
            }
            Outcome::Conceded => {
                let free = rules.bomb == Bomb::FirstFree && self.concessions == 0;
                let cost = if free {
                    notes.push(format!(
                        "{}'s concession is the game's first: it costs nothing (bomb=first_free)",
                        self.players[d]
                    ));
                    0
                } else {
                    -i32::from(hand.bid)
                };
                let earned = [0, 1, 2].map(|p| if p == d { cost } else { CONCESSION_POINTS });
                (earned, None, None, None, true)
            }
        };
        let mut added = earned;
        for p in (0..3).filter(|&p| p != d) {
            added[p] = self.defence(p, earned[p], &mut notes);
        }
        for (t, a) in self.totals.iter_mut().zip(added) {
            *t += a;
        }
        if conceded {
            self.concessions += 1;
        }
        self.result = self.winner(d);
        self.hands.push(HandRecord {
            number: self.hands.len() + 1,
            declarer: d,
            bid: hand.bid,
            contract,
            conceded,
            points,
            made,
            earned,
            added,
            totals: self.totals,
            notes,
        });
        Ok(self.hands.last().expect("just pushed"))
    }

    /// What a defender's `earned` points add under the barrel.
    fn defence(&self, player: usize, earned: i32, notes: &mut Vec<String>) -> i32 {
        let barrel = i32::from(self.rules.barrel);
        let total = self.totals[player];
        let name = &self.players[player];
        if barrel == 0 {
            return earned;
        }
        if total >= barrel {
            if earned != 0 {
                notes.push(format!(
                    "{name} is on the barrel ({total} ≥ {barrel}): {earned} on defence not added"
                ));
            }
            return 0;
        }
        if total + earned > DEFENCE_CAP {
            // Never above 990 on defence; a total already above stays.
            let added = (DEFENCE_CAP - total).max(0);
            notes.push(format!(
                "{name} stops at {DEFENCE_CAP} on defence: {added} of {earned} added"
            ));
            return added;
        }
        earned
    }

    /// The result after a hand declared by `declarer`, if the game is over.
    fn winner(&self, declarer: usize) -> Option<GameResult> {
        let reached: Vec<usize> = (0..3).filter(|&p| self.totals[p] >= GAME).collect();
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
    /// `points=a,b,c`: in players order.
    Points([u16; 3]),
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
    pub players: Option<[String; 3]>,
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
/// assert_eq!(sheet.hands[0].end, HandEnd::Points([30, 90, 0]));
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
            Some((key, value)) if !key.contains('=') => header(&mut sheet, key, value),
            _ => hand_line(&sheet, line, content).map(|h| sheet.hands.push(h)),
        };
        if let Err(message) = result {
            sheet.errors.push(LineError { line, message });
        }
    }
    if sheet.players.is_none() && sheet.errors.is_empty() {
        sheet.errors.push(LineError {
            line: 1,
            message: "no players: line (players: <name> <name> <name>, in playing order)".into(),
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
            let [a, b, c] = names.as_slice() else {
                return Err(format!(
                    "players: needs 3 names (in playing order), found {}",
                    names.len()
                ));
            };
            for n in [a, b, c] {
                if n.contains(['=', ',']) {
                    return Err(format!("players: '{n}': a name has no '=' or ','"));
                }
            }
            let lower: Vec<String> = names.iter().map(|n| n.to_lowercase()).collect();
            if lower[0] == lower[1] || lower[0] == lower[2] || lower[1] == lower[2] {
                return Err("players: the three names must differ".into());
            }
            sheet.players = Some([a.to_string(), b.to_string(), c.to_string()]);
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
        _ => Err(format!(
            "unknown key '{key}:' (known: players:, rules:; a hand is D=<name> bid=<n> ...)"
        )),
    }
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
    for word in content.split_whitespace() {
        if word.eq_ignore_ascii_case("concede") {
            set_end(HandEnd::Concede, &mut end)?;
            continue;
        }
        let Some((key, value)) = word.split_once('=') else {
            return Err(format!(
                "'{word}' is not key=value (keys: D, bid, contract, points, position, id; or concede)"
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
                let p = players
                    .iter()
                    .position(|n| n.to_lowercase() == value.to_lowercase())
                    .ok_or_else(|| {
                        format!("D={value}: not a player (players: {})", players.join(" "))
                    })?;
                declarer = Some(p);
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
                let parts: Vec<&str> = value.split(',').collect();
                let [a, b, c] = parts.as_slice() else {
                    return Err(format!(
                        "points={value}: needs 3 numbers, one per player in the order {}",
                        players.join(",")
                    ));
                };
                let p = [
                    number("points", a)?,
                    number("points", b)?,
                    number("points", c)?,
                ];
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
                    "unknown key '{key}' (keys: D, bid, contract, points, position, id; or concede)"
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
    Ok(HandLine {
        line,
        declarer,
        bid,
        contract,
        end,
    })
}
