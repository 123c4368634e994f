//! A whole game between the page's player (`me`) and computer players,
//! played by the library's [`Table`] (docs/api.md, *Games*), without a
//! transport.
//!
//! A [`Session`] is the game and who sits where. `tysiac serve` keeps its
//! sessions in memory by id (`shell/server/game.rs`); the browser keeps
//! the game itself: a session is written as its text ([`Session::state`]:
//! the game's record and the step) and read back ([`Session::from_state`]),
//! so every request is a pure function of (state, action) to (state, view)
//! and a page can keep its game in its storage and survive a reload. The
//! requests of that form (the endpoints `game/new`, `game/view`,
//! `game/step`, `game/act`, `game/record`, `game/hands`) answer what the
//! server answers, with the new state in `state` in place of the id.
//!
//! The view is [`crate::game::seen`]: what the player may see, never a
//! hidden card. The state holds every card (it is the record of the hand
//! in play): a page keeps it, and shows only the view.

use serde::de::DeserializeOwned;
use serde_json::{json, Map, Value};

use crate::game::record;
use crate::game::seen::{parse_action, seen};
use crate::game::Table;
use crate::players::computer::Computer;
use crate::players::player::PlayerKind;
use crate::{Rules, Solver};

use super::base::{Request, RequestError, MAX_PLAYER_SAMPLES};

/// The longest action text read.
pub const MAX_ACTION: usize = 100;

/// One game: the table, who sits where, the computers.
pub struct Session {
    pub table: Table,
    /// `me` and the computers (`pimc:20`, ...), in playing order.
    pub seats: Vec<String>,
    computers: Vec<Option<Computer>>,
    /// The player's place among the seats.
    pub me: usize,
    /// Actions taken so far.
    pub step: u64,
}

/// A request body: a JSON object with only the `known` keys (an empty body
/// is an empty object). A wrong key or type is a 400 naming it.
pub fn object(bytes: &[u8], known: &[&str]) -> Result<Map<String, Value>, RequestError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(Map::new());
    }
    let v: Value = serde_json::from_slice(bytes)
        .map_err(|e| RequestError::bad(format!("request body: not JSON: {e}")))?;
    let Value::Object(map) = v else {
        return Err(RequestError::bad("request body: a JSON object is expected"));
    };
    if let Some(k) = map.keys().find(|k| !known.contains(&k.as_str())) {
        return Err(RequestError::bad(format!(
            "request body: unknown key '{k}' (known: {})",
            known.join(", ")
        )));
    }
    Ok(map)
}

/// The value of `key`, if given, of the type wanted.
pub fn field<T: DeserializeOwned>(
    map: &Map<String, Value>,
    key: &str,
) -> Result<Option<T>, RequestError> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => serde_json::from_value(v.clone())
            .map(Some)
            .map_err(|e| RequestError::bad(format!("{key}: {e} (given {v})"))),
    }
}

/// `me` and computers, in playing order: exactly one `me`.
fn parse_seats(text: &str) -> Result<Vec<String>, RequestError> {
    let seats = crate::players::computer::parse_seats(text)
        .map_err(|e| RequestError::bad(format!("seats: {e}")))?;
    for s in seats.iter().filter(|s| *s != "me") {
        if let Ok(PlayerKind::Pimc(n, _)) = s.parse::<PlayerKind>() {
            if n > MAX_PLAYER_SAMPLES {
                return Err(RequestError::bad(format!(
                    "seats: {s}: {n} layouts is more than this server allows ({MAX_PLAYER_SAMPLES})"
                )));
            }
        }
    }
    let mine = seats.iter().filter(|s| *s == "me").count();
    if mine != 1 {
        return Err(RequestError::bad(format!(
            "seats: '{text}' has {mine} 'me' seats: the page's player sits in exactly one"
        )));
    }
    Ok(seats)
}

/// You, and the computers Ala, Bartek, Celina in seat order.
fn default_names(seats: &[String]) -> Vec<String> {
    let mut computers = ["Ala", "Bartek", "Celina"].into_iter();
    seats
        .iter()
        .map(|s| {
            if s == "me" {
                "You".to_string()
            } else {
                computers.next().unwrap_or("Dorota").to_string()
            }
        })
        .collect()
}

/// The table with only its finished deals: a record or the positions of
/// the hand in play would show every player's cards.
fn finished(table: &Table) -> Table {
    let mut t = table.clone();
    if t.result().is_none() {
        t.hands.pop();
    }
    t
}

/// The keys of a new game's body.
pub const NEW_KEYS: [&str; 5] = ["seats", "rules", "seed", "names", "first_dealer"];

impl Session {
    /// A new game from the body of `game/new` (`seats`, `rules`, `seed`,
    /// `names`, `first_dealer`; `fresh_seed` when no seed is given).
    pub fn new(
        req: &Map<String, Value>,
        fresh_seed: &dyn Fn() -> u64,
    ) -> Result<Session, RequestError> {
        let seats: Option<String> = field(req, "seats")?;
        let seats = parse_seats(seats.as_deref().unwrap_or("me,pimc:20,pimc:20"))?;
        let rules: Option<String> = field(req, "rules")?;
        let rules: Rules = match rules.as_deref() {
            Some(t) => t
                .parse()
                .map_err(|e| RequestError::bad(format!("rules: {e}")))?,
            None => Rules::default(),
        };
        // Two seats play the game of two musiks, which the rules must say.
        let two = rules.players == crate::engine::rules::Players::Two;
        if two != (seats.len() == 2) {
            return Err(RequestError::bad(format!(
                "seats: {} seats under the rules '{rules}': two seats play with players=2, and \
                 players=2 with two seats",
                seats.len()
            )));
        }
        let names: Option<String> = field(req, "names")?;
        let names: Vec<String> = match &names {
            Some(n) => n
                .split([',', ' '])
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect(),
            None => default_names(&seats),
        };
        if names.len() != seats.len() {
            return Err(RequestError::bad(format!(
                "names: {} names for {} seats",
                names.len(),
                seats.len()
            )));
        }
        record::check_names(&names).map_err(|e| RequestError::bad(format!("names: {e}")))?;
        let mut seen_names = names.clone();
        seen_names.sort();
        seen_names.dedup();
        if seen_names.len() != names.len() {
            return Err(RequestError::bad("names: two players have the same name"));
        }
        let seed = field(req, "seed")?.unwrap_or_else(fresh_seed);
        let first_dealer = field(req, "first_dealer")?.unwrap_or(0);
        let table = Table::new(rules, names, seed, first_dealer)
            .map_err(|e| RequestError::bad(format!("first_dealer: {e}")))?;
        Session::seated(table, seats, 0)
    }

    /// The computers for `seats` at `table`.
    fn seated(table: Table, seats: Vec<String>, step: u64) -> Result<Session, RequestError> {
        let computers = seats
            .iter()
            .map(|s| {
                (s != "me")
                    .then(|| Computer::from_seat(s))
                    .transpose()
                    .map_err(|e| RequestError::bad(format!("seats: {s}: {e}")))
            })
            .collect::<Result<_, _>>()?;
        let me = seats
            .iter()
            .position(|s| s == "me")
            .ok_or_else(|| RequestError::bad("seats: no 'me' seat"))?;
        Ok(Session {
            table,
            seats,
            computers,
            me,
            step,
        })
    }

    /// The session as text to keep: `{"record": the game's whole record
    /// (the hand in play too), "step": n}`.
    pub fn state(&self) -> Value {
        json!({
            "record": record::write(&self.table, Some(&self.seats)),
            "step": self.step,
        })
    }

    /// A session read back from [`Session::state`] (given as the key
    /// `state`): the record replayed by the rules, so a state that breaks
    /// one is refused naming its line.
    pub fn from_state(state: &Value) -> Result<Session, RequestError> {
        let bad = |m: String| RequestError::bad(format!("state: {m}"));
        let text = state
            .get("record")
            .and_then(Value::as_str)
            .ok_or_else(|| bad("needs the game's record in 'record'".into()))?;
        let step = state
            .get("step")
            .and_then(Value::as_u64)
            .ok_or_else(|| bad("needs the step in 'step' (a whole number)".into()))?;
        let read = record::read(text).map_err(|e| bad(format!("record:{e}")))?;
        let seats = read
            .header
            .seats
            .ok_or_else(|| bad("record: has no 'seats:' line".into()))?;
        let mine = seats.iter().filter(|s| *s == "me").count();
        if mine != 1 {
            return Err(bad(format!("record: {mine} 'me' seats, not one")));
        }
        Session::seated(read.table, seats, step).map_err(|e| bad(format!("record: {}", e.message)))
    }

    /// The answer about the game: its step, seed, seats and the view.
    pub fn answer(&self) -> Value {
        json!({
            "step": self.step,
            "seed": self.table.seed,
            "seats": self.seats,
            "view": serde_json::to_value(seen(&self.table, self.me)).expect("serializes"),
        })
    }

    /// Whether a computer decision is to be made now: false when `at` (the
    /// step the page last saw) is past (a repeated request: the game as it
    /// is); 409 when the game is over or it is the player's turn.
    pub fn step_wanted(&self, at: Option<u64>) -> Result<bool, RequestError> {
        if at.is_some_and(|at| at != self.step) {
            return Ok(false);
        }
        let Some(turn) = self.table.turn() else {
            return Err(RequestError::new(409, "the game is over"));
        };
        if self.computers[turn.player].is_none() {
            return Err(RequestError::new(
                409,
                "it is your turn, not a computer's: act with /act",
            ));
        }
        Ok(true)
    }

    /// One computer decision made (after [`Session::step_wanted`]).
    pub fn step(&mut self) -> Result<(), RequestError> {
        let turn = self
            .table
            .turn()
            .ok_or_else(|| RequestError::new(409, "the game is over"))?;
        let computer = self.computers[turn.player]
            .as_ref()
            .ok_or_else(|| RequestError::new(409, "it is your turn, not a computer's"))?;
        let mut solver = Solver::new(self.table.rules);
        let action = computer.act(&self.table, &turn, &mut solver);
        self.table
            .act(action)
            .map_err(|e| RequestError::new(500, format!("a computer's action was refused: {e}")))?;
        self.step += 1;
        Ok(())
    }

    /// The action text and `at` of a `game/act` body, checked before the
    /// game is looked at.
    pub fn read_act(req: &Map<String, Value>) -> Result<(String, Option<u64>), RequestError> {
        let text: String = field(req, "action")?.ok_or_else(|| {
            RequestError::bad("action: missing (e.g. pass, 110, 9S QC, 120, bomb, AS, y, n)")
        })?;
        if text.len() > MAX_ACTION {
            return Err(RequestError::bad(format!(
                "action: {} bytes is more than {MAX_ACTION}",
                text.len()
            )));
        }
        Ok((text, field(req, "at")?))
    }

    /// The player's own decision: one the rules refuse is a 400 naming the
    /// rule; 409 when it is not the player's turn or `at` is not the step.
    pub fn act(&mut self, text: &str, at: Option<u64>) -> Result<(), RequestError> {
        if let Some(at) = at.filter(|&at| at != self.step) {
            return Err(RequestError::new(
                409,
                format!("at: the game is at step {}, not {at}; reload it", self.step),
            ));
        }
        let Some(turn) = self.table.turn() else {
            return Err(RequestError::new(409, "the game is over"));
        };
        if turn.player != self.me {
            return Err(RequestError::new(
                409,
                format!(
                    "it is {}'s turn, not yours: wait for it (step)",
                    self.table.players[turn.player]
                ),
            ));
        }
        let action = parse_action(&self.table, &turn, text)
            .map_err(|e| RequestError::bad(format!("action: {e}")))?;
        self.table.act(action).map_err(|e| {
            RequestError::bad(format!("action '{}' is not allowed: {e}", text.trim()))
        })?;
        self.step += 1;
        Ok(())
    }

    /// The record of the deals finished (the one in play left out: it
    /// would show every hand), for download.
    pub fn record(&self) -> String {
        record::write(&finished(&self.table), Some(&self.seats))
    }

    /// The name of the record's file: `tysiac-game-SEED.txt`.
    pub fn record_file(&self) -> String {
        format!("tysiac-game-{}.txt", self.table.seed)
    }

    /// The finished hands played to a contract, as positions for `analyze`:
    /// `{"hands": [{"number", "declarer", "contract", "position"}]}`.
    pub fn hands(&self) -> Value {
        let t = finished(&self.table);
        let list: Vec<Value> = t
            .hands
            .iter()
            .filter(|h| h.redeal.is_none() && !h.conceded && h.contract.is_some())
            .filter_map(|h| {
                let p = h.position(&t.rules)?;
                Some(json!({
                    "number": h.number,
                    "declarer": h.declarer(),
                    "contract": h.contract,
                    "position": p.to_string(),
                }))
            })
            .collect();
        json!({ "hands": list })
    }
}

/// The answer with the new state: the server's answer, `state` in place of
/// its `id`.
fn with_state(session: &Session) -> Value {
    let mut answer = session.answer();
    answer["state"] = session.state();
    answer
}

/// A game request whose game the caller holds (the browser): `new`
/// (`game/new`'s body as the server's), `view` (`state`: the game now, as
/// the server's `GET game/ID`), `step` (`state`, `at`), `act`
/// (`state`, `action`, `at`), `record` (`state`: `{"record": text of the
/// deals finished, "file": name}`), `hands` (`state`). Each answers as the
/// server's same endpoint, with the game's new `state`.
pub(super) fn prepare(
    action: &str,
    body: &[u8],
    fresh_seed: &dyn Fn() -> u64,
) -> Result<Request, RequestError> {
    let held = |keys: &[&str]| -> Result<(Map<String, Value>, Session), RequestError> {
        let req = object(body, keys)?;
        let state = req
            .get("state")
            .ok_or_else(|| RequestError::bad("state: missing (the game's state, as answered)"))?;
        let session = Session::from_state(state)?;
        Ok((req, session))
    };
    match action {
        "new" => {
            let req = object(body, &NEW_KEYS)?;
            let session = Session::new(&req, fresh_seed)?;
            Ok(Request::cheap(with_state(&session)))
        }
        "view" => {
            let (_, session) = held(&["state"])?;
            Ok(Request::cheap(with_state(&session)))
        }
        "step" => {
            let (req, mut session) = held(&["state", "at"])?;
            let at: Option<u64> = field(&req, "at")?;
            if !session.step_wanted(at)? {
                return Ok(Request::cheap(with_state(&session)));
            }
            Ok(Request::solving(1, false, move |run| {
                session.step()?;
                run.tick();
                Ok(with_state(&session))
            }))
        }
        "act" => {
            let (req, mut session) = held(&["state", "action", "at"])?;
            let (text, at) = Session::read_act(&req)?;
            session.act(&text, at)?;
            Ok(Request::cheap(with_state(&session)))
        }
        "record" => {
            let (_, session) = held(&["state"])?;
            Ok(Request::cheap(
                json!({"record": session.record(), "file": session.record_file()}),
            ))
        }
        "hands" => {
            let (_, session) = held(&["state"])?;
            Ok(Request::cheap(session.hands()))
        }
        _ => Err(RequestError::not_found()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::player::PlayerKind;
    use crate::solver::Solver;

    /// The record the page downloads (the deals finished, the one in play
    /// left out) reads back into the game it was written from, at any
    /// step: deals voided by ru's poor musik and redeals asked included.
    #[test]
    fn the_downloaded_record_reads_back() {
        let rules: Rules = "ru_full".parse().unwrap();
        let names: Vec<String> = ["Ala", "Bartek", "Celina"].map(String::from).to_vec();
        let seats = vec!["heuristic".to_string(); 3];
        let mut table = Table::new(rules, names, 12, 1).unwrap();
        let computer = Computer::new(PlayerKind::Simple);
        let mut solver = Solver::new(rules);
        let mut step = 0;
        let mut checked = 0;
        loop {
            if step % 23 == 0 || table.turn().is_none() {
                let kept = finished(&table);
                let back = record::read(&record::write(&kept, Some(&seats)))
                    .unwrap_or_else(|e| panic!("step {step}: {e}"));
                let k = kept.hands.len();
                assert_eq!(back.table.hands[..k], table.hands[..k], "step {step}");
                assert_eq!(back.table.sheet.hands, table.sheet.hands, "step {step}");
                checked += 1;
            }
            let Some(turn) = table.turn() else { break };
            let action = computer.act(&table, &turn, &mut solver);
            table.act(action).unwrap();
            step += 1;
        }
        assert!(table.result().is_some() && checked > 20, "{checked}");
        assert!(table.hands.iter().any(|h| h.redeal.is_some()));
    }

    /// A game held as its state (the browser's way) plays as the one held
    /// in memory (the server's way): after every step, through the end of
    /// the first hand, the views are the same, and a wrong action is
    /// refused alike.
    #[test]
    fn a_game_held_as_its_state_plays_as_the_one_in_memory() {
        let new = object(
            br#"{"seats": "heuristic,me,heuristic", "seed": 5}"#,
            &NEW_KEYS,
        )
        .unwrap();
        let mut kept = Session::new(&new, &|| unreachable!("a seed is given")).unwrap();
        let mut state = with_state(&kept)["state"].clone();
        let first_hand = |s: &Session| s.table.sheet.hands.is_empty();
        let mut steps = 0;
        while first_hand(&kept) {
            let held = Session::from_state(&state).unwrap();
            assert_eq!(held.answer(), kept.answer(), "step {steps}");
            let turn = kept.table.turn().expect("the first hand goes on");
            let (endpoint, body) = if turn.player == kept.me {
                let legal = &kept.answer()["view"]["legal"];
                let redeal = (legal["redeal"] == true).then_some("n");
                let action = redeal
                    .or(legal["moves"][0].as_str())
                    .or(legal["calls"][0].as_str())
                    .map(String::from)
                    .or(legal["exchange_example"].as_str().map(String::from))
                    .or(legal["contracts"][0].as_u64().map(|c| c.to_string()))
                    .expect("an action is offered");
                kept.act(&action, Some(kept.step)).unwrap();
                let body = json!({"state": state, "action": action, "at": held.step});
                ("act", body)
            } else {
                assert!(kept.step_wanted(Some(kept.step)).unwrap());
                kept.step().unwrap();
                ("step", json!({"state": state, "at": held.step}))
            };
            let answer = prepare(endpoint, body.to_string().as_bytes(), &|| 0)
                .unwrap()
                .run(1, &|_, _| {})
                .unwrap();
            state = answer["state"].clone();
            steps += 1;
        }
        assert_eq!(Session::from_state(&state).unwrap().answer(), kept.answer());
        assert!(steps > 20, "{steps}");
        let wrong = json!({"state": state, "action": "XX", "at": 0}).to_string();
        let refused = prepare("act", wrong.as_bytes(), &|| 0).err().unwrap();
        assert_eq!(refused.status, 409, "{refused:?}");
        assert!(refused.message.starts_with("at: "), "{refused:?}");
    }
}
