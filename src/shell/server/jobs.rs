//! Solving jobs: a bounded number at once, each with a time limit, progress
//! and a cancel switch; long ones may run in the background and be polled.

use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use serde_json::{json, Value};
use tokio::sync::Semaphore;

use super::config::Config;
use super::error::ApiError;

/// The payload of the panic that stops a cancelled job from inside its
/// progress callback (the library's sampling loops have no other exit).
pub struct Cancelled;

/// Leaves the panic message out for [`Cancelled`] jobs; other panics print
/// as before.
pub fn quiet_cancellations() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if info.payload().downcast_ref::<Cancelled>().is_none() {
            previous(info);
        }
    }));
}

/// Why a job stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    Cancelled,
    TimedOut,
}

/// One job's progress and switches, shared between its thread and the
/// requests about it.
pub struct Job {
    pub total: u64,
    done: AtomicU64,
    cancel: AtomicBool,
    deadline: Instant,
    stop: Mutex<Option<Stop>>,
    result: Mutex<Option<Result<Value, ApiError>>>,
    finished: Mutex<Option<Instant>>,
}

impl Job {
    fn new(total: u64, deadline: Instant) -> Job {
        Job {
            total,
            done: AtomicU64::new(0),
            cancel: AtomicBool::new(false),
            deadline,
            stop: Mutex::new(None),
            result: Mutex::new(None),
            finished: Mutex::new(None),
        }
    }

    /// One unit of work done; stops the job (by unwinding) when it was
    /// cancelled or is past its time.
    pub fn tick(&self) {
        self.done.fetch_add(1, Ordering::Relaxed);
        self.check();
    }

    /// `done` units of work done (the most yet counts); stops the job (by
    /// unwinding) when it was cancelled or is past its time.
    pub fn reached(&self, done: u64) {
        self.done.fetch_max(done, Ordering::Relaxed);
        self.check();
    }

    /// Stops the job (by unwinding) when it was cancelled or is past its
    /// time.
    pub fn check(&self) {
        if self.cancel.load(Ordering::Relaxed) {
            std::panic::panic_any(Cancelled);
        }
        if Instant::now() > self.deadline {
            self.stop_with(Stop::TimedOut);
            std::panic::panic_any(Cancelled);
        }
    }

    fn stop_with(&self, why: Stop) {
        let mut stop = self.stop.lock().unwrap_or_else(|e| e.into_inner());
        stop.get_or_insert(why);
        self.cancel.store(true, Ordering::Relaxed);
    }

    fn stopped_error(&self, limit_s: u64) -> ApiError {
        match *self.stop.lock().unwrap_or_else(|e| e.into_inner()) {
            Some(Stop::Cancelled) => ApiError::new(409, "the job was cancelled"),
            _ => ApiError::new(
                504,
                format!("the job ran into the time limit of {limit_s} s; ask for fewer samples"),
            ),
        }
    }

    /// The job's state as `/api/jobs/{id}` shows it.
    fn status(&self, id: u64) -> Value {
        let done = self.done.load(Ordering::Relaxed).min(self.total);
        let result = self.result.lock().unwrap_or_else(|e| e.into_inner());
        match &*result {
            None => json!({"job": id, "state": "running", "done": done, "total": self.total}),
            Some(Ok(v)) => {
                json!({"job": id, "state": "done", "done": self.total, "total": self.total, "result": v})
            }
            Some(Err(e)) => {
                let state = if e.status == 409 {
                    "cancelled"
                } else {
                    "failed"
                };
                json!({"job": id, "state": state, "done": done, "total": self.total,
                       "error": e.message, "status": e.status})
            }
        }
    }
}

/// The finished jobs kept for polling, at most.
const KEPT: usize = 64;

/// The server's jobs: the slots for running ones and the background ones
/// by id.
pub struct Jobs {
    pub config: Config,
    slots: Arc<Semaphore>,
    background: Mutex<HashMap<u64, Arc<Job>>>,
    next: AtomicU64,
}

/// A job's work: given its [`Job`] for progress, the response body.
pub type Work = Box<dyn FnOnce(&Job) -> Result<Value, ApiError> + Send>;

impl Jobs {
    pub fn new(config: Config) -> Jobs {
        Jobs {
            slots: Arc::new(Semaphore::new(config.max_jobs.max(1))),
            config,
            background: Mutex::new(HashMap::new()),
            next: AtomicU64::new(1),
        }
    }

    fn start(
        &self,
        total: u64,
        work: Work,
    ) -> Result<(Arc<Job>, tokio::task::JoinHandle<()>), ApiError> {
        let permit = self.slots.clone().try_acquire_owned().map_err(|_| {
            ApiError::busy(format!(
                "all {} solving slots are busy; try again in a moment",
                self.config.max_jobs
            ))
        })?;
        let job = Arc::new(Job::new(total, Instant::now() + self.config.time_limit));
        let limit_s = self.config.time_limit.as_secs();
        let j = job.clone();
        let handle = tokio::task::spawn_blocking(move || {
            let out = catch_unwind(AssertUnwindSafe(|| work(&j)));
            // The slot is free only once the work has really stopped.
            drop(permit);
            let result = match out {
                Ok(r) => r,
                Err(payload) if payload.downcast_ref::<Cancelled>().is_some() => {
                    Err(j.stopped_error(limit_s))
                }
                Err(_) => Err(ApiError::new(500, "the job failed (internal error)")),
            };
            *j.result.lock().unwrap_or_else(|e| e.into_inner()) = Some(result);
            *j.finished.lock().unwrap_or_else(|e| e.into_inner()) = Some(Instant::now());
        });
        Ok((job, handle))
    }

    /// Runs `work` in a solving slot and answers with its result (503 when
    /// every slot is busy, 504 past the time limit).
    pub async fn run(&self, total: u64, work: Work) -> Result<Value, ApiError> {
        let (job, handle) = self.start(total, work)?;
        let limit = self.config.time_limit;
        if tokio::time::timeout(limit, handle).await.is_err() {
            // The work stops at its next progress tick.
            job.stop_with(Stop::TimedOut);
            return Err(job.stopped_error(limit.as_secs()));
        }
        let result = job.result.lock().unwrap_or_else(|e| e.into_inner()).take();
        result.unwrap_or_else(|| Err(ApiError::new(500, "the job left no result")))
    }

    /// Starts `work` in the background: `{"job": id, "total": n}`.
    pub fn spawn(&self, total: u64, work: Work) -> Result<Value, ApiError> {
        let (job, _handle) = self.start(total, work)?;
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let mut map = self.background.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() >= KEPT {
            // Forget the finished jobs, oldest first, down to half.
            let mut done: Vec<(Instant, u64)> = map
                .iter()
                .filter_map(|(k, j)| {
                    j.finished
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .map(|t| (t, *k))
                })
                .collect();
            done.sort();
            for (_, k) in done.iter().take(map.len().saturating_sub(KEPT / 2)) {
                map.remove(k);
            }
        }
        map.insert(id, job.clone());
        Ok(json!({"job": id, "state": "running", "done": 0, "total": job.total}))
    }

    fn find(&self, id: u64) -> Result<Arc<Job>, ApiError> {
        self.background
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&id)
            .cloned()
            .ok_or_else(|| ApiError::new(404, format!("no job {id}")))
    }

    /// A background job's state, progress and (once done) its result.
    pub fn status(&self, id: u64) -> Result<Value, ApiError> {
        Ok(self.find(id)?.status(id))
    }

    /// Cancels a background job; its state then turns `cancelled`.
    pub fn cancel(&self, id: u64) -> Result<Value, ApiError> {
        let job = self.find(id)?;
        job.stop_with(Stop::Cancelled);
        Ok(job.status(id))
    }
}
