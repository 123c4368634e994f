//! What every request shares: the error, the request read and checked,
//! where it runs and its progress, and the limits.

use std::sync::atomic::{AtomicU64, Ordering};

use serde_json::{json, Value};

/// Positions in one request, at most.
pub const MAX_POSITIONS: usize = 50;
/// Samples of a double-dummy `bid` or of `exchange`, at most.
pub const MAX_SAMPLES: usize = 2000;
/// Samples of a realistic `bid` (each costs several double-dummy ones).
pub const MAX_REALISTIC_SAMPLES: usize = 300;
/// Layouts of `suggest`, at most.
pub const MAX_SUGGEST_SAMPLES: usize = 1000;
/// Layouts per move of `analyze` with `view`, at most.
pub const MAX_REVIEW_SAMPLES: usize = 200;
/// Deals of `play`, at most.
pub const MAX_DEALS: usize = 20;
/// Layouts of a `pimc` player in `play` and `declare`, at most.
pub const MAX_PLAYER_SAMPLES: usize = 200;
/// Puzzles per request, at most.
pub const MAX_PUZZLES: usize = 10;
/// Candidate positions a puzzle request may examine, at most.
pub const MAX_CANDIDATES: u64 = 20_000;

/// A request refused or failed: its HTTP-like status (400 bad input, 404
/// no such endpoint, 409, 422 nothing found, 500), the message, and the
/// request's key at fault when one is (`samples`, `text`, `hand`...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequestError {
    pub status: u16,
    pub message: String,
    pub field: Option<String>,
}

impl RequestError {
    /// An error with its status; the key at fault is read from the
    /// message's start (`samples: ...`, `text:3: ...`) when it names one.
    pub fn new(status: u16, message: impl Into<String>) -> RequestError {
        // The library's checks speak of command-line flags; the API names
        // keys.
        let message = key_words(&message.into());
        let field = field_of(&message);
        RequestError {
            status,
            message,
            field,
        }
    }

    /// 400: the request is wrong; the message says where.
    pub fn bad(message: impl Into<String>) -> RequestError {
        RequestError::new(400, message)
    }

    /// 404: no such endpoint.
    pub fn not_found() -> RequestError {
        RequestError::new(404, "no such page or endpoint")
    }

    /// The error as the browser shell answers it:
    /// `{"error", "status", "field"}`.
    pub fn to_json(&self) -> Value {
        json!({"error": self.message, "status": self.status, "field": self.field})
    }
}

impl std::fmt::Display for RequestError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RequestError {}

/// The request's key a message starts with (`samples: 5000 is more...`,
/// `text:3: position #1: ...`, `seats: ...`), if it is one of the keys the
/// endpoints read; `request body: ...` and sentences name none.
fn field_of(message: &str) -> Option<String> {
    let end = message.find(':')?;
    let key = &message[..end];
    KEYS.contains(&key).then(|| key.to_string())
}

/// Every key an endpoint's body may hold.
const KEYS: [&str; 44] = [
    "text",
    "deal",
    "exchange",
    "rules",
    "target",
    "all",
    "hand",
    "musik",
    "samples",
    "seed",
    "confidence",
    "realistic",
    "choice_layouts",
    "candidates",
    "basis",
    "contract",
    "screen",
    "view",
    "inference",
    "count",
    "tricks",
    "side",
    "goal",
    "difficulty",
    "theme",
    "min_cost",
    "play",
    "max_candidates",
    "seat",
    "objective",
    "deals",
    "declarer",
    "defenders",
    "bid",
    "player",
    "seats",
    "names",
    "first_dealer",
    "action",
    "at",
    "state",
    "shard",
    "shards",
    "parts",
];

/// A message of the library's option checks in the API's words: the
/// command line's `--choice-layouts` is the key `choice_layouts`.
fn key_words(message: &str) -> String {
    let mut out = String::new();
    let mut rest = message;
    while let Some(i) = rest.find("--") {
        let after = &rest[i + 2..];
        let len = after
            .find(|c: char| !(c.is_ascii_lowercase() || c == '-'))
            .unwrap_or(after.len());
        out.push_str(&rest[..i]);
        if len == 0 {
            out.push_str("--");
        } else {
            out.push_str(&after[..len].replace('-', "_"));
        }
        rest = &after[len..];
    }
    out.push_str(rest);
    out
}

/// What a running request reports: `(done, total)` units of work, after
/// each unit and between them. It may panic to stop the work (the
/// server's cancel and time limit do); the units not yet started are then
/// skipped. Called from worker threads.
pub type Progress<'a> = &'a (dyn Fn(u64, u64) + Sync);

/// A request read and checked, ready to run.
pub struct Request {
    /// Units of work (positions, samples, deals), for progress.
    pub total: u64,
    /// `"async": true`: the server runs it in the background as a job.
    pub background: bool,
    /// Whether it solves (and takes one of the server's solving slots);
    /// `score`, `deal` and `state` are cheap.
    pub solves: bool,
    work: Work,
}

/// A request's work, given where it runs.
type Work = Box<dyn FnOnce(&Run) -> Result<Value, RequestError> + Send>;

/// Where a request runs: its worker threads and its progress.
pub struct Run<'a> {
    /// Worker threads of a sampling request (0: one per core); the browser
    /// has none but the calling one, whatever is asked.
    pub threads: usize,
    done: AtomicU64,
    total: u64,
    progress: Progress<'a>,
}

impl Run<'_> {
    /// One unit of work done.
    pub fn tick(&self) {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        (self.progress)(done, self.total);
    }

    /// Reports the work done so far (where the host may stop it).
    pub fn check(&self) {
        (self.progress)(self.done.load(Ordering::Relaxed), self.total);
    }
}

impl Request {
    pub(super) fn solving(
        total: u64,
        background: bool,
        work: impl FnOnce(&Run) -> Result<Value, RequestError> + Send + 'static,
    ) -> Request {
        Request {
            total,
            background,
            solves: true,
            work: Box::new(work),
        }
    }

    /// A cheap request's answer, computed already.
    pub(super) fn cheap(answer: Value) -> Request {
        Request {
            total: 0,
            background: false,
            solves: false,
            work: Box::new(move |_| Ok(answer)),
        }
    }

    /// Does the work: `threads` worker threads for sampling, `progress`
    /// told of each unit done.
    pub fn run(self, threads: usize, progress: Progress) -> Result<Value, RequestError> {
        let run = Run {
            threads,
            done: AtomicU64::new(0),
            total: self.total,
            progress,
        };
        (self.work)(&run)
    }
}
