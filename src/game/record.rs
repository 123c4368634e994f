//! A game written down: a header block, then one block per deal
//! (docs/notation.md, *Game records*). Each dealt hand's block holds the
//! deal as dealt, the redeal questions, the auction, and the hand itself as
//! a position in history form (readable by `solve` and `analyze`).
//!
//! Reading a record replays it through the [`Table`], so a record that
//! breaks a rule is refused at the line that breaks it; a record of a game
//! in progress reads back into the table it was written from, which is how
//! a game resumes.

use std::fmt::Write as _;

use serde_json::json;

use crate::engine::deal::Deal;
use crate::engine::position::{parse_positions_with, Form, Position};
use crate::engine::rules::Rules;
use crate::game::auction::Call;
use crate::game::redeal::why_not_ask;
use crate::game::table::{Action, Decision, HandLog, Table};

/// A record's header: who plays, by what rules, from what seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub players: Vec<String>,
    /// What sits in each seat (`me`, `pimc:50`, ...), when recorded.
    pub seats: Option<Vec<String>>,
    pub rules: Rules,
    pub seed: u64,
    pub first_dealer: usize,
}

/// A record read back: its header and the table replayed to its end.
#[derive(Clone, Debug)]
pub struct Record {
    pub header: Header,
    pub table: Table,
    /// For each hand on the score sheet, the line its block starts at.
    pub hand_lines: Vec<usize>,
}

/// A record refused: where and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// 1-based line.
    pub line: usize,
    pub key: String,
    pub message: String,
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}: {}", self.line, self.key, self.message)
    }
}

/// Whether `text` looks like a game record: its first key is `game:`.
pub fn is_record(text: &str) -> bool {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .find(|l| !l.is_empty())
        .is_some_and(|l| l.to_ascii_lowercase().starts_with("game:"))
}

/// Checks player names: one word each, no `:`, distinct.
pub fn check_names(players: &[String]) -> Result<(), String> {
    for (i, p) in players.iter().enumerate() {
        if p.is_empty() || p.contains(':') || p.chars().any(char::is_whitespace) || p.len() > 40 {
            return Err(format!(
                "'{p}' is not a player name (one word of at most 40 bytes, no ':')"
            ));
        }
        if players[..i].iter().any(|q| q.eq_ignore_ascii_case(p)) {
            return Err(format!("'{p}' plays twice: names must differ"));
        }
    }
    Ok(())
}

/// The record's text: the header, then every deal so far.
pub fn write(table: &Table, seats: Option<&[String]>) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "game: tysiac");
    let _ = writeln!(out, "players: {}", table.players.join(" "));
    if let Some(s) = seats {
        let _ = writeln!(out, "seats: {}", s.join(" "));
    }
    let _ = writeln!(out, "rules: {}", table.rules);
    let _ = writeln!(out, "seed: {}", table.seed);
    let _ = writeln!(out, "dealer: {}", table.players[table.first_dealer]);
    for h in &table.hands {
        out.push('\n');
        out.push_str(&hand_block(table, h));
    }
    out
}

/// One deal's block.
fn hand_block(table: &Table, h: &HandLog) -> String {
    let name = |p: usize| table.players[p].as_str();
    let mut out = String::new();
    let _ = writeln!(out, "hand: {}", h.number);
    let _ = writeln!(out, "dealer: {}", name(h.dealer));
    // Two players: the musik the declarer takes, then the other.
    let _ = writeln!(out, "cards: {}", h.dealt());
    if !h.redeal_asks.is_empty() {
        let asks: Vec<String> = h
            .redeal_asks
            .iter()
            .map(|&(p, a)| format!("{}:{}", name(p), if a { "yes" } else { "no" }))
            .collect();
        let _ = writeln!(out, "redeal: {}", asks.join(" "));
    }
    if h.redeal.is_some() && h.redeal_asks.iter().all(|&(_, a)| !a) {
        // A void deal: nobody asked.
        let _ = writeln!(out, "redeal: void");
    }
    if h.redeal.is_none() {
        let bids: Vec<String> = h
            .auction
            .calls
            .iter()
            .map(|&(b, c)| format!("{}:{c}", name(h.bidders[b])))
            .collect();
        let _ = writeln!(out, "bids: {}", bids.join(" "));
    }
    if h.conceded {
        let _ = writeln!(out, "conceded: yes");
    }
    if let (None, Some(p)) = (&h.redeal, h.position(&table.rules)) {
        let _ = writeln!(out, "{p}");
    }
    out
}

/// One JSON line per deal (after a header line): the same facts as the text.
pub fn json_lines(table: &Table, seats: Option<&[String]>) -> Vec<String> {
    let mut lines = vec![json!({
        "game": "tysiac",
        "players": table.players,
        "seats": seats,
        "rules": table.rules.to_string(),
        "seed": table.seed,
        "dealer": table.players[table.first_dealer],
    })
    .to_string()];
    let scored: Vec<_> = table.sheet.hands.iter().collect();
    let mut played = 0;
    for h in &table.hands {
        let name = |p: usize| table.players[p].clone();
        let finished = h.finished(&table.rules) && h.redeal.is_none();
        let sheet = if finished {
            played += 1;
            scored.get(played - 1).map(|r| {
                json!({"earned": r.earned, "added": r.added, "totals": r.totals,
                       "made": r.made, "notes": r.notes})
            })
        } else {
            None
        };
        lines.push(
            json!({
                "hand": h.number,
                "dealer": name(h.dealer),
                "cards": h.cards.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
                "musik": h.musik.to_string(),
                "other_musik": (h.bidders.len() == 2).then(|| h.other_musik.to_string()),
                "redeal": h.redeal,
                "redeal_asks": h.redeal_asks.iter()
                    .map(|&(p, ask)| json!({"player": name(p), "ask": ask}))
                    .collect::<Vec<_>>(),
                "bids": h.auction.calls.iter()
                    .map(|&(b, c)| json!({"player": name(h.bidders[b]), "call": c.to_string()}))
                    .collect::<Vec<_>>(),
                "declarer": h.declarer().map(name),
                "bid": h.won().map(|w| w.bid),
                "blind": h.won().map(|w| w.blind),
                "exchange": h.exchange.map(|e| e.to_string()),
                "contract": h.contract,
                "conceded": h.conceded,
                "play": h.play.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
                "position": h.position(&table.rules).map(|p| p.to_string()),
                "score": sheet,
            })
            .to_string(),
        );
    }
    lines
}

/// A block of `key: value` lines with their line numbers.
struct Block {
    lines: Vec<(usize, String, String)>,
}

impl Block {
    fn get(&self, key: &str) -> Option<&(usize, String, String)> {
        self.lines.iter().find(|(_, k, _)| k == key)
    }
}

fn blocks(text: &str) -> Result<Vec<Block>, RecordError> {
    let mut out = Vec::new();
    let mut cur: Vec<(usize, String, String)> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let raw = raw.trim_start_matches('\u{feff}');
        let line = raw.split('#').next().unwrap_or("").trim();
        if raw.trim().is_empty() {
            if !cur.is_empty() {
                out.push(Block {
                    lines: std::mem::take(&mut cur),
                });
            }
            continue;
        }
        if line.is_empty() {
            continue;
        }
        let Some((k, v)) = line.split_once(':') else {
            return Err(RecordError {
                line: i + 1,
                key: line.chars().take(20).collect(),
                message: "not a 'key: value' line".into(),
            });
        };
        let key = k.trim().to_ascii_lowercase();
        if let Some((before, _, _)) = cur.iter().find(|(_, k, _)| *k == key) {
            return Err(RecordError {
                line: i + 1,
                key,
                message: format!("given twice in this block (first at line {before})"),
            });
        }
        cur.push((i + 1, key, v.trim().to_string()));
    }
    if !cur.is_empty() {
        out.push(Block { lines: cur });
    }
    Ok(out)
}

const HEADER_KEYS: [&str; 6] = ["game", "players", "seats", "rules", "seed", "dealer"];
const GAME_KEYS: [&str; 6] = ["hand", "dealer", "cards", "redeal", "bids", "conceded"];

/// Reads a record and replays it: every deal, call and card checked by the
/// rules. A game in progress reads back to the decision it stopped at.
pub fn read(text: &str) -> Result<Record, RecordError> {
    let blocks = blocks(text)?;
    let Some(head) = blocks.first() else {
        return Err(RecordError {
            line: 1,
            key: "game".into(),
            message: "an empty record: it starts with a 'game: tysiac' header".into(),
        });
    };
    let err = |line: usize, key: &str, message: String| RecordError {
        line,
        key: key.into(),
        message,
    };
    for (line, k, _) in &head.lines {
        if !HEADER_KEYS.contains(&k.as_str()) {
            return Err(err(
                *line,
                k,
                format!(
                    "not a header key (the header has {})",
                    HEADER_KEYS.join(", ")
                ),
            ));
        }
    }
    let need = |key: &str| {
        head.get(key).cloned().ok_or_else(|| {
            err(
                head.lines[0].0,
                key,
                format!("the header needs a {key}: line"),
            )
        })
    };
    need("game")?;
    let (pl, _, players) = need("players")?;
    let players: Vec<String> = players.split_whitespace().map(String::from).collect();
    check_names(&players).map_err(|m| err(pl, "players", m))?;
    if !(2..=4).contains(&players.len()) {
        return Err(err(
            pl,
            "players",
            format!(
                "{} players: a game has 3 or 4 (2 with players=2)",
                players.len()
            ),
        ));
    }
    let seats = match head.get("seats") {
        Some((l, _, v)) => {
            let s: Vec<String> = v.split_whitespace().map(String::from).collect();
            if s.len() != players.len() {
                return Err(err(
                    *l,
                    "seats",
                    format!("{} seats for {} players", s.len(), players.len()),
                ));
            }
            Some(s)
        }
        None => None,
    };
    let rules: Rules = match head.get("rules") {
        Some((l, _, v)) => v
            .parse()
            .map_err(|e: crate::RulesError| err(*l, "rules", e.0))?,
        None => Rules::STANDARD,
    };
    let (sl, _, seed) = need("seed")?;
    let seed: u64 = seed
        .parse()
        .map_err(|_| err(sl, "seed", format!("'{seed}' is not a whole number")))?;
    let find = |line: usize, key: &str, name: &str| {
        players
            .iter()
            .position(|p| p.eq_ignore_ascii_case(name))
            .ok_or_else(|| err(line, key, format!("'{name}' is not one of the players")))
    };
    let first_dealer = match head.get("dealer") {
        Some((l, _, v)) => find(*l, "dealer", v)?,
        None => 0,
    };
    let mut table = Table::new(rules, players.clone(), seed, first_dealer)
        .map_err(|e| err(pl, "players", e.0))?;
    let mut hand_lines = Vec::new();
    for (k, block) in blocks[1..].iter().enumerate() {
        let scored = table.sheet.hands.len();
        replay_block(&mut table, k, block, &find)?;
        if table.sheet.hands.len() > scored {
            hand_lines.push(block.lines[0].0);
        }
    }
    Ok(Record {
        header: Header {
            players,
            seats,
            rules,
            seed,
            first_dealer,
        },
        table,
        hand_lines,
    })
}

/// A record's error at `line`, under `key`.
fn err_at(line: usize, key: &str, message: String) -> RecordError {
    RecordError {
        line,
        key: key.into(),
        message,
    }
}

/// Replays block `k`, the game's deal number `k`: checks its hand number,
/// dealer and cards, then makes its redeal answers, calls, exchange,
/// contract or concession and cards at the table.
fn replay_block(
    table: &mut Table,
    k: usize,
    block: &Block,
    find: &dyn Fn(usize, &str, &str) -> Result<usize, RecordError>,
) -> Result<(), RecordError> {
    let first = block.lines[0].0;
    let err = err_at;
    if let Some(result) = table.result() {
        let text = table.sheet.result_text(result);
        return Err(err(
            first,
            "hand",
            format!("the game is over ({text}): no more hands"),
        ));
    }
    let Some(h) = table.hands.get(k) else {
        // The block before stopped in the middle of its deal.
        let turn = table.turn().expect("the game is not over");
        return Err(err(
            first,
            "hand",
            format!(
                "hand {} is not finished ({} is to {}): a deal's block goes on to the \
                 end of its deal before the next block",
                table.hand().number,
                table.players[turn.player],
                turn.decision.what()
            ),
        ));
    };
    check_hand_and_dealer(table, h, block, find)?;
    if let Some((l, _, cards)) = block.get("cards") {
        let deal: Deal = cards.parse().map_err(|e: String| err(*l, "cards", e))?;
        if deal != h.dealt() {
            table
                .replace_deal(k, deal)
                .map_err(|e| err(*l, "cards", e.0))?;
        }
    }
    if table.hands.len() > k + 1 {
        // The deal voided itself (ru's poor musik) and was dealt again.
        return check_void_block(&table.hands[k], block);
    }
    let h = &table.hands[k];
    let redeal = block.get("redeal");
    if let Some((l, _, "void")) = redeal.map(|(l, k, v)| (l, k, v.as_str())) {
        let why = match table.rules.redeal {
            crate::engine::rules::Redeal::Ru => format!(
                "its musik holds {} points, 5 or more",
                (h.musik | h.other_musik).points()
            ),
            _ => "only redeal=ru voids a deal, by a musik under 5 points".into(),
        };
        return Err(err(
            *l,
            "redeal",
            format!(
                "this deal does not void itself ({why}): write the redeal questions \
                 answered (B:yes, C:no), or no redeal: line"
            ),
        ));
    }
    if let Some((l, _, asks)) = redeal {
        let mut words = asks.split_whitespace();
        while let Some(word) = words.next() {
            let (who, ans) = word.split_once(':').ok_or_else(|| {
                err(
                    *l,
                    "redeal",
                    format!("'{word}': write player:yes or player:no"),
                )
            })?;
            let p = find(*l, "redeal", who)?;
            let ask = match ans.to_ascii_lowercase().as_str() {
                "yes" => true,
                "no" => false,
                _ => return Err(err(*l, "redeal", format!("'{word}': yes or no"))),
            };
            expect_turn(table, p, Want::Redeal, "redeal", *l)?;
            table
                .act(Action::Redeal(ask))
                .map_err(|e| err(*l, "redeal", e.0))?;
            if ask {
                if let Some(more) = words.next() {
                    return Err(err(
                        *l,
                        "redeal",
                        format!(
                            "'{more}': {} asked for a redeal, so the deal is dealt again \
                             and nobody after answers (the next block is the new deal)",
                            table.players[p]
                        ),
                    ));
                }
            }
        }
    }
    if table.hands.len() > k + 1 {
        // Redealt at a player's asking: nothing more happens to this deal.
        return match block
            .lines
            .iter()
            .find(|(_, key, _)| !DEAL_KEYS.contains(&key.as_str()))
        {
            Some((l, key, _)) => Err(err(
                *l,
                key,
                format!(
                    "{}: the deal is dealt again, so it has no {key}: line (the next block \
                     is the new deal)",
                    table.hands[k].redeal.as_deref().unwrap_or("redealt")
                ),
            )),
            None => Ok(()),
        };
    }
    if let Some((l, _, bids)) = block.get("bids") {
        let calls: Vec<&str> = bids.split_whitespace().collect();
        // The forced opening (and passes forced by bid_floor) are made by
        // the table; they are written, and checked here.
        for (i, word) in calls.iter().enumerate() {
            let made = table.hand().auction.calls.len();
            let (who, call) = word.split_once(':').ok_or_else(|| {
                err(
                    *l,
                    "bids",
                    format!("call {}: '{word}': write player:call", i + 1),
                )
            })?;
            let p = find(*l, "bids", who)?;
            let call: Call = call
                .parse()
                .map_err(|m: String| err(*l, "bids", format!("call {}: {m}", i + 1)))?;
            if i < made {
                let (b, c) = table.hand().auction.calls[i];
                if table.hand().bidders[b] != p || c != call {
                    return Err(err(
                        *l,
                        "bids",
                        format!(
                            "call {}: '{word}': the auction opens {}:{c}",
                            i + 1,
                            table.players[table.hand().bidders[b]]
                        ),
                    ));
                }
                continue;
            }
            expect_turn(table, p, Want::Call, "bids", *l).map_err(|e| {
                err(
                    e.line,
                    &e.key,
                    format!("call {}: {word}: {}", i + 1, e.message),
                )
            })?;
            table
                .act(Action::Call(call))
                .map_err(|e| err(*l, "bids", format!("call {}: {word}: {}", i + 1, e.0)))?;
        }
    }
    // The hand itself, as a position.
    let pos_lines: Vec<&(usize, String, String)> = block
        .lines
        .iter()
        .filter(|(_, k, _)| !GAME_KEYS.contains(&k.as_str()))
        .collect();
    if pos_lines.is_empty() {
        return Ok(());
    }
    if table.hand().won().is_none() {
        return Err(err(
            pos_lines[0].0,
            &pos_lines[0].1,
            "the auction is not over: no hand to play yet".into(),
        ));
    }
    let text: String = pos_lines
        .iter()
        .map(|(_, k, v)| format!("{k}: {v}\n"))
        .collect();
    let hand_rules = table.hand().hand_rules(&table.rules);
    let position: Position = parse_positions_with(&text, "record", hand_rules)
        .into_iter()
        .next()
        .expect("a block")
        .map_err(|e| {
            let l = pos_lines
                .get(e.line.saturating_sub(1))
                .map_or(first, |x| x.0);
            err(l, e.key.as_deref().unwrap_or("hand"), e.message.clone())
        })?;
    let line_of = |key: &str| block.get(key).map_or(first, |x| x.0);
    if position.rules != hand_rules {
        return Err(err(
            line_of("rules"),
            "rules",
            format!("this hand is played under '{hand_rules}'"),
        ));
    }
    let Form::History(h) = &position.form else {
        return Err(err(
            line_of("deal"),
            "deal",
            "a hand is in history form".into(),
        ));
    };
    if h.deal != table.hand().deal() {
        return Err(err(
            line_of("deal"),
            "deal",
            "the deal (D L R musik) is not the cards dealt, from the declarer on".into(),
        ));
    }
    if let Some(e) = h.exchange {
        table
            .act(Action::Exchange(e))
            .map_err(|x| err(line_of("exchange"), "exchange", x.0))?;
    }
    if block.get("conceded").is_some() {
        return table
            .act(Action::Concede)
            .map_err(|x| err(line_of("conceded"), "conceded", x.0));
    }
    if let Some(c) = position.contract {
        table
            .act(Action::Contract(c))
            .map_err(|x| err(line_of("contract"), "contract", x.0))?;
    }
    for m in &h.moves {
        table
            .act(Action::Play(*m))
            .map_err(|x| err(line_of("play"), "play", format!("{m}: {}", x.0)))?;
    }
    Ok(())
}

/// The keys of a deal's block that say nothing of its play: what a deal
/// redealt before its bidding may have.
const DEAL_KEYS: [&str; 4] = ["hand", "dealer", "cards", "redeal"];

/// Checks a block's `hand:` number and `dealer:` against deal `h`.
fn check_hand_and_dealer(
    table: &Table,
    h: &HandLog,
    block: &Block,
    find: &dyn Fn(usize, &str, &str) -> Result<usize, RecordError>,
) -> Result<(), RecordError> {
    let first = block.lines[0].0;
    let (hl, _, number) = block
        .get("hand")
        .ok_or_else(|| err_at(first, "hand", "a deal's block starts with hand: N".into()))?;
    if number.parse::<usize>().ok() != Some(h.number) {
        let again = table.hands[..table.hands.len().min(h.deal_index as usize)]
            .last()
            .is_some_and(|x| x.number == h.number);
        return Err(err_at(
            *hl,
            "hand",
            format!(
                "'{number}': the next hand is number {}{}",
                h.number,
                if again {
                    " (dealt again: a redeal keeps the number)"
                } else {
                    ""
                }
            ),
        ));
    }
    if let Some((l, _, d)) = block.get("dealer") {
        if find(*l, "dealer", d)? != h.dealer {
            return Err(err_at(
                *l,
                "dealer",
                format!("{} deals this hand", table.players[h.dealer]),
            ));
        }
    }
    Ok(())
}

/// The rest of the block of a deal that voided itself (ru's musik under 5
/// points): it says `redeal: void` and nothing happens in it.
fn check_void_block(h: &HandLog, block: &Block) -> Result<(), RecordError> {
    let why = h.redeal.as_deref().unwrap_or("void");
    match block.get("redeal") {
        Some((_, _, v)) if v == "void" => {}
        Some((l, _, v)) => {
            return Err(err_at(
                *l,
                "redeal",
                format!(
                    "'{v}': hand {}'s deal voids itself ({why}), before anyone is asked: \
                     write redeal: void",
                    h.number
                ),
            ))
        }
        None => {
            let (l, key) = block
                .lines
                .iter()
                .find(|(_, key, _)| !DEAL_KEYS.contains(&key.as_str()))
                .map_or((block.lines[0].0, "redeal"), |(l, key, _)| {
                    (*l, key.as_str())
                });
            return Err(err_at(
                l,
                key,
                format!(
                    "hand {}'s deal voids itself ({why}) and is dealt again: its block says \
                     redeal: void and nothing more",
                    h.number
                ),
            ));
        }
    }
    if let Some((l, key, _)) = block
        .lines
        .iter()
        .find(|(_, key, _)| !DEAL_KEYS.contains(&key.as_str()))
    {
        return Err(err_at(
            *l,
            key,
            format!(
                "hand {}'s deal voids itself ({why}), so it has no {key}: line (the next \
                 block is the new deal)",
                h.number
            ),
        ));
    }
    Ok(())
}

/// What a record's line makes a player do.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Want {
    Redeal,
    Call,
}

/// Checks that `player` is to answer a redeal question or call now; if
/// not, says which rule stops it.
fn expect_turn(
    table: &Table,
    player: usize,
    want: Want,
    key: &str,
    line: usize,
) -> Result<(), RecordError> {
    let fail = |message: String| Err(err_at(line, key, message));
    let Some(turn) = table.turn() else {
        return fail("the game is over".into());
    };
    let name = |p: usize| table.players[p].as_str();
    let h = table.hand();
    match (want, &turn.decision) {
        (Want::Redeal, Decision::Redeal(_)) | (Want::Call, Decision::Call)
            if turn.player == player =>
        {
            return Ok(());
        }
        _ => {}
    }
    let bidder = h.bidders.iter().position(|&p| p == player);
    if matches!(
        turn.decision,
        Decision::Exchange | Decision::Contract | Decision::Play
    ) {
        let w = h.won().expect("past the auction");
        return fail(format!(
            "the auction is over: {} won it at {}{}",
            name(h.bidders[w.bidder]),
            w.bid,
            if want == Want::Redeal {
                " (redeal questions come before the bids)"
            } else {
                ""
            }
        ));
    }
    let Some(b) = bidder else {
        return fail(format!("{} deals this hand and sits out", name(player)));
    };
    match (want, &turn.decision) {
        (Want::Call, Decision::Redeal(why)) => {
            let q = name(turn.player);
            fail(format!(
                "{q} may ask for a redeal first ({why}): write redeal: {q}:yes or {q}:no \
                 before the bids"
            ))
        }
        (Want::Redeal, _) if h.redeal_asks.iter().any(|&(q, _)| q == player) => {
            fail(format!("{} has answered already", name(player)))
        }
        (Want::Redeal, _) => {
            let opener = h.auction.opener() == Some(b);
            if let Some(why) = why_not_ask(&table.rules, h.cards[b], opener) {
                fail(format!("{} may not ask for a redeal: {why}", name(player)))
            } else if let Decision::Redeal(_) = turn.decision {
                fail(format!(
                    "{} is asked first (in calling order, from the dealer's left)",
                    name(turn.player)
                ))
            } else {
                fail("the bidding has begun: redeal questions come before it".into())
            }
        }
        (Want::Call, _) => {
            let q = name(turn.player);
            let passed = h
                .auction
                .calls
                .iter()
                .any(|&(x, c)| x == b && c == Call::Pass);
            if passed {
                fail(format!(
                    "{} has passed, and a pass is for good: it is {q}'s call",
                    name(player)
                ))
            } else if let Some((_, level, _)) = h.auction.high().filter(|&(x, _, _)| x == b) {
                fail(format!(
                    "{} holds the highest bid, {level}: it is {q}'s call",
                    name(player)
                ))
            } else {
                fail(format!(
                    "it is {q}'s call, not {}'s (calls go round from the dealer's left)",
                    name(player)
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wrong_call_is_refused_at_its_line() {
        let text = "game: tysiac\nplayers: A B C\nrules: standard redeal=none\nseed: 1\n\n\
                    hand: 1\nbids: B:100 C:105\n";
        let e = read(text).unwrap_err();
        assert_eq!((e.line, e.key.as_str()), (7, "bids"), "{e}");
        assert!(e.message.contains("105"), "{e}");
        let e = read("game: tysiac\nplayers: A B\nseed: 1\n").unwrap_err();
        assert_eq!(e.key, "players");
        assert!(is_record("# c\ngame: tysiac\n") && !is_record("deal: x\n"));
    }
}
