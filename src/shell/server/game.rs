//! The game API: whole games between the page's player and computer
//! players (docs/api.md, *Games*), kept in memory by id. Each game is a
//! [`Session`] of the request layer, which holds every rule of the
//! requests; here only the ids, the locks and the solving slots.
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
use serde_json::Value;
use tokio::sync::{Mutex as GameLock, OwnedMutexGuard};

use crate::shell::requests::game::{field, object, Session, NEW_KEYS};

use super::error::ApiError;
use super::jobs::{Job, Jobs};

/// Games kept at once, at most.
pub const MAX_GAMES: usize = 64;
/// A game untouched this long is forgotten when room is needed.
pub const IDLE: Duration = Duration::from_secs(3600);

/// One game and its id.
struct Live {
    session: Session,
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

/// A game id that cannot be guessed from another.
fn new_id(n: u64) -> String {
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(n);
    format!("{n}-{:012x}", h.finish() & 0xffff_ffff_ffff)
}

impl Live {
    /// The answer about the game: its id, step, seed, seats and the view.
    fn answer(&self) -> Value {
        let mut answer = self.session.answer();
        answer["id"] = Value::from(self.id.clone());
        answer
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

    fn insert(&self, session: Session) -> Result<Value, ApiError> {
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
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        let live = Live {
            session,
            id: new_id(n),
        };
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
    let req = object(&bytes, &NEW_KEYS)?;
    let session = Session::new(&req, &crate::engine::random::clock_seed)?;
    games.insert(session).map(Json)
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
    if !live.session.step_wanted(at)? {
        // Already done (a repeated request): the game as it is.
        return Ok(Json(live.answer()));
    }
    games
        .jobs
        .run(
            1,
            Box::new(move |job: &Job| {
                live.session.step()?;
                job.tick();
                Ok(live.answer())
            }),
        )
        .await
        .map(Json)
}

/// The player's own decision.
async fn act(State(games): Shared, Path(id): Path<String>, bytes: Bytes) -> Answer {
    let req = object(&bytes, &["action", "at"])?;
    let (text, at) = Session::read_act(&req)?;
    let mut live = games.take(&id)?;
    live.session.act(&text, at)?;
    Ok(Json(live.answer()))
}

/// The record of the deals finished, as a file to download.
async fn record_text(State(games): Shared, Path(id): Path<String>) -> Result<Response, ApiError> {
    let live = games.take(&id)?;
    let file = format!("attachment; filename=\"{}\"", live.session.record_file());
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, file),
        ],
        live.session.record(),
    )
        .into_response())
}

/// The finished hands played to a contract, as positions for `/analyze`.
async fn hands(State(games): Shared, Path(id): Path<String>) -> Answer {
    let live = games.take(&id)?;
    Ok(Json(live.session.hands()))
}
