//! The JSON objects that both the command line (`--json`) and the web API
//! (`tysiac serve`) print, built in one place so that the two stay identical.

use serde::Serialize;
use serde_json::{json, Value};

use crate::analysis::puzzle::verify::Verified;
use crate::engine::score::{Game, GameResult, HandRecord};
use crate::{Declaration, Exchange, Position, Rules, Solution};

/// One exchange of a solved musik deal: `{"give":[..],"value":..}` (and
/// `"trump"` when the rules let the declarer choose it).
pub fn exchange_json(e: &Exchange, value: u16) -> Value {
    let give: Vec<String> = e.cards().iter().map(|c| c.to_string()).collect();
    match e.trump {
        Some(t) => json!({"give": give, "trump": t.to_string(), "value": value}),
        None => json!({"give": give, "value": value}),
    }
}

/// `tysiac solve --json` for a solved position.
pub fn solution_json(name: &str, p: &Position, s: &Solution) -> Value {
    let mut obj = json!({"id": name, "rules": p.rules.to_string()});
    let map = obj.as_object_mut().expect("object");
    map.insert("value".into(), json!(s.value));
    let moves: Vec<Value> = s
        .moves
        .iter()
        .map(|(m, v)| json!({"move": m.to_string(), "value": v}))
        .collect();
    map.insert("moves".into(), json!(moves));
    let line: Vec<String> = s.line.iter().map(|m| m.to_string()).collect();
    map.insert("line".into(), json!(line));
    // What a program needs to show the position the moves are scored in
    // (after the best exchange, for a musik deal).
    let st = &s.state;
    map.insert("to_move".into(), json!(st.to_move().to_string()));
    map.insert("trick".into(), json!(st.trick_number(&p.rules)));
    map.insert("trump".into(), json!(st.trump.map(|t| t.to_string())));
    map.insert("points".into(), json!(&st.points[..st.seats().len()]));
    map.insert("line_tricks".into(), line_tricks(&p.rules, s));
    if !s.exchanges.is_empty() {
        let ex: Vec<Value> = s
            .exchanges
            .iter()
            .map(|(e, v)| exchange_json(e, *v))
            .collect();
        map.insert("exchanges".into(), json!(ex));
    }
    if let Some(c) = p.contract {
        map.insert("contract".into(), json!(c));
        map.insert("made".into(), json!(s.value >= c));
    }
    if let Some(e) = p.expect {
        map.insert("expect".into(), json!(e));
    }
    obj
}

/// `tysiac solve --target N --json`.
pub fn target_json(
    name: &str,
    p: &Position,
    target: u16,
    reaches: bool,
    exchange: Option<&Exchange>,
) -> Value {
    let mut obj = json!({"id": name, "rules": p.rules.to_string()});
    let map = obj.as_object_mut().expect("object");
    map.insert("target".into(), json!(target));
    map.insert("reaches".into(), json!(reaches));
    if let Some(e) = exchange {
        // The type of `exchanges[].give`: the cards, in order.
        let give: Vec<String> = e.cards().iter().map(|c| c.to_string()).collect();
        map.insert("exchange".into(), json!(give));
        if let Some(t) = e.trump {
            map.insert("exchange_trump".into(), json!(t.to_string()));
        }
    }
    obj
}

/// The line trick by trick: who leads, the cards (the current trick's earlier
/// cards under `before`), any declaration, and who wins how many card points.
fn line_tricks(rules: &Rules, sol: &Solution) -> Value {
    let mut state = sol.state;
    let mut tricks: Vec<Value> = Vec::new();
    let mut current = json!({
        "trick": state.trick_number(rules),
        "leader": state.leader.to_string(),
        "before": state.trick().iter().map(|c| c.to_string()).collect::<Vec<_>>(),
        "cards": [],
        "declared": null,
    });
    for &mv in &sol.line {
        let seat = state.to_move();
        let played = state.play(rules, mv);
        current["cards"]
            .as_array_mut()
            .expect("an array")
            .push(json!(mv.to_string()));
        if let Some((d, points)) = played.declared {
            let what = match d {
                Declaration::Marriage(suit) => suit.to_string(),
                Declaration::Aces => "aces".to_string(),
            };
            current["declared"] = json!({"seat": seat.to_string(), "what": what, "points": points});
        }
        if let Some((winner, points)) = played.trick {
            current["winner"] = json!(winner.to_string());
            current["points"] = json!(points);
            let next = json!({
                "trick": state.trick_number(rules),
                "leader": winner.to_string(),
                "before": [],
                "cards": [],
                "declared": null,
            });
            tricks.push(std::mem::replace(&mut current, next));
        }
    }
    json!(tricks)
}

/// `tysiac puzzle --verify FILE --json`: one line per puzzle.
pub fn verify_json(name: &str, result: &Result<Verified, String>) -> Value {
    match result {
        Ok(v) => json!({"id": name, "ok": true, "solution": v.solution.to_string(),
                        "expect": v.value}),
        Err(why) => json!({"id": name, "ok": false, "error": why}),
    }
}

/// `tysiac score --json`: one game's sheet.
#[derive(Serialize)]
pub struct GameJson<'a> {
    pub source: &'a str,
    pub rules: String,
    pub players: &'a [String],
    pub hands: Vec<HandJson<'a>>,
    pub totals: &'a [i32],
    pub result: Option<&'a GameResult>,
    /// The result as text: "Ala wins with 1010".
    pub result_text: Option<String>,
}

/// A hand of [`GameJson`], with the line of the score text it came from.
#[derive(Serialize)]
pub struct HandJson<'a> {
    pub line: usize,
    #[serde(flatten)]
    pub record: &'a HandRecord,
}

impl<'a> GameJson<'a> {
    /// The sheet of `game`, read from `source`; `lines[i]` is the line of
    /// hand `i`.
    pub fn new(source: &'a str, game: &'a Game, lines: &[usize]) -> GameJson<'a> {
        GameJson {
            source,
            rules: game.rules.to_string(),
            players: &game.players,
            hands: game
                .hands
                .iter()
                .zip(lines)
                .map(|(record, &line)| HandJson { line, record })
                .collect(),
            totals: &game.totals,
            result: game.result.as_ref(),
            result_text: game.result.as_ref().map(|r| game.result_text(r)),
        }
    }
}
