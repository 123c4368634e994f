//! The game API: whole games between the page's player and computer
//! players, played by the library's [`Table`] (docs/api.md, *Games*).
//!
//! - `POST /api/game/new` `{seats, rules, seed, names, first_dealer}`: a
//!   new game, answered `{id, step, seed, seats, view}`;
//! - `GET /api/game/{id}`: the same answer now;
//! - `POST /api/game/{id}/step` `{at}`: one computer decision (each is
//!   shown by the page); `at`, the step the page last saw, makes a repeated
//!   request harmless;
//! - `POST /api/game/{id}/act` `{action, at}`: the player's own decision
//!   (`pass`, `110`, `b120`, `9S QC`, `120`, `bomb`, `AS`, `y`, `n`); one
//!   the rules refuse is a 400 whose `error` names the rule;
//! - `GET /api/game/{id}/record`: the game's record (text) of the deals
//!   finished, for download;
//! - `GET /api/game/{id}/hands`: the finished, played hands as positions
//!   (for the post-mortem).
//!
//! The view is [`crate::game::seen`]: what the player may see, never a
//! hidden card. Computer decisions run in the server's solving slots (503
//! with `Retry-After` when every slot is busy, or while the game's previous
//! decision is still being made). At most [`MAX_GAMES`] games are kept; one
//! left alone for [`IDLE`] is forgotten when room is needed.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::de::DeserializeOwned;
use serde_json::{json, Map, Value};
use tokio::sync::{Mutex as GameLock, OwnedMutexGuard};

use crate::game::record;
use crate::game::seen::{parse_action, seen};
use crate::game::Table;
use crate::players::computer::Computer;
use crate::players::player::PlayerKind;
use crate::{Rules, Solver};

use super::api::MAX_PLAYER_SAMPLES;
use super::error::ApiError;
use super::jobs::{Job, Jobs};

/// Games kept at once, at most.
pub const MAX_GAMES: usize = 64;
/// A game untouched this long is forgotten when room is needed.
pub const IDLE: Duration = Duration::from_secs(3600);
/// The longest action text read.
pub const MAX_ACTION: usize = 100;

/// One game: the table, who sits where, the computers and their solver.
struct Live {
    table: Table,
    seats: Vec<String>,
    computers: Vec<Option<Computer>>,
    solver: Solver,
    me: usize,
    /// Actions taken so far.
    step: u64,
    id: String,
}

struct Entry {
    game: Arc<GameLock<Live>>,
    touched: Mutex<Instant>,
}

/// The games in play.
pub struct Games {
    jobs: Arc<Jobs>,
    live: Mutex<HashMap<String, Arc<Entry>>>,
    next: AtomicU64,
}

type Shared = State<Arc<Games>>;
type Answer = Result<Json<Value>, ApiError>;

/// The game endpoints, under `/api/game`, sharing the server's job slots.
pub fn routes(jobs: Arc<Jobs>) -> Router {
    let games = Arc::new(Games {
        jobs,
        live: Mutex::new(HashMap::new()),
        next: AtomicU64::new(1),
    });
    Router::new()
        .route("/api/game/new", post(new_game))
        .route("/api/game/{id}", get(view))
        .route("/api/game/{id}/step", post(step))
        .route("/api/game/{id}/act", post(act))
        .route("/api/game/{id}/record", get(record_text))
        .route("/api/game/{id}/hands", get(hands))
        .with_state(games)
}

/// A request body: a JSON object with only the `known` keys (an empty body
/// is an empty object). A wrong key or type is a 400 naming it.
fn object(bytes: &Bytes, known: &[&str]) -> Result<Map<String, Value>, ApiError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(Map::new());
    }
    let v: Value = serde_json::from_slice(bytes)
        .map_err(|e| ApiError::bad(format!("request body: not JSON: {e}")))?;
    let Value::Object(map) = v else {
        return Err(ApiError::bad("request body: a JSON object is expected"));
    };
    if let Some(k) = map.keys().find(|k| !known.contains(&k.as_str())) {
        return Err(ApiError::bad(format!(
            "request body: unknown key '{k}' (known: {})",
            known.join(", ")
        )));
    }
    Ok(map)
}

/// The value of `key`, if given, of the type wanted.
fn field<T: DeserializeOwned>(map: &Map<String, Value>, key: &str) -> Result<Option<T>, ApiError> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => serde_json::from_value(v.clone())
            .map(Some)
            .map_err(|e| ApiError::bad(format!("{key}: {e} (given {v})"))),
    }
}

/// `me` and computers, in playing order: exactly one `me`.
fn parse_seats(text: &str) -> Result<Vec<String>, ApiError> {
    let seats = crate::players::computer::parse_seats(text)
        .map_err(|e| ApiError::bad(format!("seats: {e}")))?;
    for s in seats.iter().filter(|s| *s != "me") {
        if let Ok(PlayerKind::Pimc(n, _)) = s.parse::<PlayerKind>() {
            if n > MAX_PLAYER_SAMPLES {
                return Err(ApiError::bad(format!(
                    "seats: {s}: {n} layouts is more than this server allows ({MAX_PLAYER_SAMPLES})"
                )));
            }
        }
    }
    let mine = seats.iter().filter(|s| *s == "me").count();
    if mine != 1 {
        return Err(ApiError::bad(format!(
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

/// A game id that cannot be guessed from another.
fn new_id(n: u64) -> String {
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(n);
    format!("{n}-{:012x}", h.finish() & 0xffff_ffff_ffff)
}

impl Live {
    /// The answer about the game: its id, step, seed, seats and the view.
    fn answer(&self) -> Value {
        json!({
            "id": self.id,
            "step": self.step,
            "seed": self.table.seed,
            "seats": self.seats,
            "view": serde_json::to_value(seen(&self.table, self.me)).expect("serializes"),
        })
    }
}

impl Games {
    fn find(&self, id: &str) -> Result<Arc<Entry>, ApiError> {
        let map = self.live.lock().unwrap_or_else(|e| e.into_inner());
        let e = map.get(id).cloned().ok_or_else(|| {
            ApiError::new(
                404,
                format!("no game {id} (a game left alone for an hour may have been forgotten)"),
            )
        })?;
        *e.touched.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
        Ok(e)
    }

    /// The game, unless a decision of it is being made (then 503).
    fn take(&self, id: &str) -> Result<OwnedMutexGuard<Live>, ApiError> {
        self.find(id)?
            .game
            .clone()
            .try_lock_owned()
            .map_err(|_| ApiError::busy("the game is busy with a decision; try again in a moment"))
    }

    fn insert(&self, live: Live) -> Result<Value, ApiError> {
        let mut map = self.live.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() >= MAX_GAMES {
            let now = Instant::now();
            map.retain(|_, e| {
                now.duration_since(*e.touched.lock().unwrap_or_else(|e| e.into_inner())) < IDLE
            });
        }
        if map.len() >= MAX_GAMES {
            return Err(ApiError::new(
                429,
                format!(
                    "this server has {MAX_GAMES} games in play, its most; a game left alone for \
                     {} minutes makes room",
                    IDLE.as_secs() / 60
                ),
            ));
        }
        let answer = live.answer();
        map.insert(
            live.id.clone(),
            Arc::new(Entry {
                game: Arc::new(GameLock::new(live)),
                touched: Mutex::new(Instant::now()),
            }),
        );
        Ok(answer)
    }
}

async fn new_game(State(games): Shared, bytes: Bytes) -> Answer {
    let req = object(&bytes, &["seats", "rules", "seed", "names", "first_dealer"])?;
    let seats: Option<String> = field(&req, "seats")?;
    let seats = parse_seats(seats.as_deref().unwrap_or("me,pimc:20,pimc:20"))?;
    let rules: Option<String> = field(&req, "rules")?;
    let rules: Rules = match rules.as_deref() {
        Some(t) => t
            .parse()
            .map_err(|e| ApiError::bad(format!("rules: {e}")))?,
        None => Rules::default(),
    };
    // Two seats play the game of two musiks, which the rules must say.
    let two = rules.players == crate::engine::rules::Players::Two;
    if two != (seats.len() == 2) {
        return Err(ApiError::bad(format!(
            "seats: {} seats under the rules '{rules}': two seats play with players=2, and \
             players=2 with two seats",
            seats.len()
        )));
    }
    let names: Option<String> = field(&req, "names")?;
    let names: Vec<String> = match &names {
        Some(n) => n
            .split([',', ' '])
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect(),
        None => default_names(&seats),
    };
    if names.len() != seats.len() {
        return Err(ApiError::bad(format!(
            "names: {} names for {} seats",
            names.len(),
            seats.len()
        )));
    }
    record::check_names(&names).map_err(|e| ApiError::bad(format!("names: {e}")))?;
    let mut seen_names = names.clone();
    seen_names.sort();
    seen_names.dedup();
    if seen_names.len() != names.len() {
        return Err(ApiError::bad("names: two players have the same name"));
    }
    let seed = field(&req, "seed")?.unwrap_or_else(crate::engine::random::clock_seed);
    let first_dealer = field(&req, "first_dealer")?.unwrap_or(0);
    let table = Table::new(rules, names, seed, first_dealer)
        .map_err(|e| ApiError::bad(format!("first_dealer: {e}")))?;
    let computers = seats
        .iter()
        .map(|s| (s != "me").then(|| Computer::from_seat(s).expect("checked")))
        .collect();
    let me = seats.iter().position(|s| s == "me").expect("checked");
    let n = games.next.fetch_add(1, Ordering::Relaxed);
    let live = Live {
        table,
        seats,
        computers,
        solver: Solver::new(rules),
        me,
        step: 0,
        id: new_id(n),
    };
    games.insert(live).map(Json)
}

async fn view(State(games): Shared, Path(id): Path<String>) -> Answer {
    let live = games.take(&id)?;
    Ok(Json(live.answer()))
}

/// One computer decision, in a solving slot.
async fn step(State(games): Shared, Path(id): Path<String>, bytes: Bytes) -> Answer {
    let req = object(&bytes, &["at"])?;
    let at: Option<u64> = field(&req, "at")?;
    let mut live = games.take(&id)?;
    if at.is_some_and(|at| at != live.step) {
        // Already done (a repeated request): the game as it is.
        return Ok(Json(live.answer()));
    }
    let Some(turn) = live.table.turn() else {
        return Err(ApiError::new(409, "the game is over"));
    };
    if live.computers[turn.player].is_none() {
        return Err(ApiError::new(
            409,
            "it is your turn, not a computer's: act with /act",
        ));
    }
    games
        .jobs
        .run(
            1,
            Box::new(move |job: &Job| {
                let l = &mut *live;
                let computer = l.computers[turn.player].as_ref().expect("a computer");
                let action = computer.act(&l.table, &turn, &mut l.solver);
                l.table.act(action).map_err(|e| {
                    ApiError::new(500, format!("a computer's action was refused: {e}"))
                })?;
                l.step += 1;
                job.tick();
                Ok(l.answer())
            }),
        )
        .await
        .map(Json)
}

/// The player's own decision.
async fn act(State(games): Shared, Path(id): Path<String>, bytes: Bytes) -> Answer {
    let req = object(&bytes, &["action", "at"])?;
    let text: String = field(&req, "action")?.ok_or_else(|| {
        ApiError::bad("action: missing (e.g. pass, 110, 9S QC, 120, bomb, AS, y, n)")
    })?;
    if text.len() > MAX_ACTION {
        return Err(ApiError::bad(format!(
            "action: {} bytes is more than {MAX_ACTION}",
            text.len()
        )));
    }
    let at: Option<u64> = field(&req, "at")?;
    let mut live = games.take(&id)?;
    if let Some(at) = at.filter(|&at| at != live.step) {
        return Err(ApiError::new(
            409,
            format!("at: the game is at step {}, not {at}; reload it", live.step),
        ));
    }
    let Some(turn) = live.table.turn() else {
        return Err(ApiError::new(409, "the game is over"));
    };
    if turn.player != live.me {
        return Err(ApiError::new(
            409,
            format!(
                "it is {}'s turn, not yours: wait for it (step)",
                live.table.players[turn.player]
            ),
        ));
    }
    let action = parse_action(&live.table, &turn, &text)
        .map_err(|e| ApiError::bad(format!("action: {e}")))?;
    live.table
        .act(action)
        .map_err(|e| ApiError::bad(format!("action '{}' is not allowed: {e}", text.trim())))?;
    live.step += 1;
    Ok(Json(live.answer()))
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

/// The record of the deals finished, as a file to download.
async fn record_text(State(games): Shared, Path(id): Path<String>) -> Result<Response, ApiError> {
    let live = games.take(&id)?;
    let text = record::write(&finished(&live.table), Some(&live.seats));
    let file = format!(
        "attachment; filename=\"tysiac-game-{}.txt\"",
        live.table.seed
    );
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, file),
        ],
        text,
    )
        .into_response())
}

/// The finished hands played to a contract, as positions for `/analyze`.
async fn hands(State(games): Shared, Path(id): Path<String>) -> Answer {
    let live = games.take(&id)?;
    let t = finished(&live.table);
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
    Ok(Json(json!({ "hands": list })))
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
}
