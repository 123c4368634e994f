//! The JSON endpoints under `/api/` (see `docs/api.md`): HTTP around the
//! request layer ([`crate::shell::requests`]), which reads each body,
//! checks its limits and builds the command's `--json` answer. Here only
//! what HTTP adds: the solving slots, the time limit, background jobs and
//! their polling, and the server's limits.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};

use crate::shell::requests::{self, Request};

use super::error::ApiError;
use super::jobs::{Job, Jobs};

pub use crate::shell::requests::{
    MAX_CANDIDATES, MAX_DEALS, MAX_PLAYER_SAMPLES, MAX_POSITIONS, MAX_PUZZLES,
    MAX_REALISTIC_SAMPLES, MAX_REVIEW_SAMPLES, MAX_SAMPLES, MAX_SUGGEST_SAMPLES,
};

type Answer = Result<Json<Value>, ApiError>;
type Shared = State<Arc<Jobs>>;

pub fn routes() -> Router<Arc<Jobs>> {
    let mut router = Router::new();
    for endpoint in requests::ENDPOINTS {
        router = router.route(
            &format!("/{endpoint}"),
            post(move |jobs: Shared, bytes: Bytes| answer(jobs, endpoint, bytes)),
        );
    }
    router
        .route("/jobs/{id}", get(job_status).delete(job_cancel))
        .route("/limits", get(limits))
        .fallback(|| async { ApiError::not_found() })
}

/// One request: read and checked at once (bad input is a 400 even when
/// every slot is busy), then the cheap ones answered here and the solving
/// ones run in a slot, or as a background job with `"async": true`.
async fn answer(State(jobs): Shared, endpoint: &'static str, bytes: Bytes) -> Answer {
    let request = requests::prepare(endpoint, &bytes, &crate::engine::random::clock_seed)?;
    if !request.solves {
        return Ok(Json(request.run(jobs.config.threads, &|_, _| {})?));
    }
    let (total, background) = (request.total, request.background);
    let work = in_slot(request, jobs.config.threads);
    if background {
        jobs.spawn(total, work).map(Json)
    } else {
        jobs.run(total, work).await.map(Json)
    }
}

/// A request's work as a job: its progress is the job's, where a cancel
/// or the time limit stops it.
pub fn in_slot(request: Request, threads: usize) -> super::jobs::Work {
    Box::new(move |job: &Job| Ok(request.run(threads, &|done, _| job.reached(done))?))
}

async fn job_status(State(jobs): Shared, Path(id): Path<String>) -> Answer {
    jobs.status(job_id(&id)?).map(Json)
}

async fn job_cancel(State(jobs): Shared, Path(id): Path<String>) -> Answer {
    jobs.cancel(job_id(&id)?).map(Json)
}

/// A job's number from the path; anything else is a 404 naming it (as an
/// id no job has).
fn job_id(text: &str) -> Result<u64, ApiError> {
    text.parse().map_err(|_| {
        ApiError::new(
            404,
            format!(
                "no job '{}': a job is a number",
                crate::engine::error::clip(text, crate::engine::error::QUOTE)
            ),
        )
    })
}

/// The server's limits, for the page and for clients.
async fn limits(State(jobs): Shared) -> Json<Value> {
    let c = &jobs.config;
    Json(json!({
        "max_body": c.max_body,
        "max_jobs": c.max_jobs,
        "threads": c.threads,
        "time_limit_s": c.time_limit.as_secs(),
        "max_positions": MAX_POSITIONS,
        "max_samples": MAX_SAMPLES,
        "max_realistic_samples": MAX_REALISTIC_SAMPLES,
        "max_suggest_samples": MAX_SUGGEST_SAMPLES,
        "max_review_samples": MAX_REVIEW_SAMPLES,
        "max_deals": MAX_DEALS,
        "max_player_samples": MAX_PLAYER_SAMPLES,
        "max_puzzles": MAX_PUZZLES,
        "max_candidates": MAX_CANDIDATES,
    }))
}
