//! The text format of `tysiac score`.
//!
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

use crate::engine::card::Card;
use crate::engine::cardset::CardSet;
use crate::engine::rules::Rules;

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
/// use tysiac::engine::score::{parse_sheet, HandEnd};
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
            let message =
                crate::engine::error::clip(&message, crate::engine::error::MESSAGE).into_owned();
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
                // The rules' tricks when the sheet names its rules; else
                // (--rules) the longest hand's, and the score checks the sum.
                let (most, of) = match sheet.rules {
                    Some(r) => (r.tricks(), "of a hand under these rules"),
                    None => (Rules::TWO_PLAYER_TRICKS, "of the longest hand (players=2)"),
                };
                if let Some(x) = t.iter().find(|&&x| usize::from(x) > most) {
                    return Err(format!(
                        "tricks={value}: {x} is more than the {most} tricks {of}"
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
    let mut end = end.ok_or_else(|| {
        format!(
            "no result: {}, concede or position=<file>",
            super::per_player_form("points", players.len())
        )
    })?;
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
