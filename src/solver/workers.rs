//! A pool of worker threads, each with its own [`Solver`]: what every
//! sampling run (bids, exchanges, pimc, batch jobs, the server) shares.

use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;

use crate::engine::rules::Rules;
use crate::solver::Solver;

/// What a sampling run reports after each finished sample (for a progress
/// bar). Called from worker threads.
pub type Progress<'a> = &'a (dyn Fn() + Sync);

/// A progress callback that does nothing.
pub fn no_progress() {}

/// Worker threads that could not be started.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ThreadsError(pub String);

/// A rayon pool and one solver per worker thread.
///
/// A [`Solver`] is not thread-safe; a solver per thread keeps its table warm
/// across that thread's samples. Its results do not depend on what the table
/// holds (values are exact), so which thread solves a sample is invisible in
/// the report.
pub struct Workers {
    pool: rayon::ThreadPool,
    solvers: Vec<Mutex<Option<Solver>>>,
    rules: Rules,
    table_bytes: Option<usize>,
}

impl Workers {
    /// `threads` workers (0: one per core, or `RAYON_NUM_THREADS`).
    pub fn new(rules: Rules, threads: usize) -> Result<Workers, ThreadsError> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| ThreadsError(format!("cannot start {threads} threads: {e}")))?;
        let solvers = (0..pool.current_num_threads())
            .map(|_| Mutex::new(None))
            .collect();
        Ok(Workers {
            pool,
            solvers,
            rules,
            table_bytes: None,
        })
    }

    /// Each worker's solver gets a table of at most `bytes` (default [`TransTable::DEFAULT_BYTES`](crate::TransTable::DEFAULT_BYTES)).
    pub fn with_table_bytes(mut self, bytes: usize) -> Workers {
        self.table_bytes = Some(bytes);
        self
    }

    pub fn threads(&self) -> usize {
        self.solvers.len()
    }

    /// `f(solver, i)` for every `i` in `0..n`, in parallel, results in index
    /// order; `progress` after each.
    ///
    /// A panic in `f` or in `progress` (a server job's progress callback
    /// panics to cancel the job) stops the run: the samples not yet started
    /// are skipped, and the first panic is the one that comes out. Without
    /// this, rayon would still start the first item of each piece it had
    /// split the range into, which is nearly every item: a cancelled bid
    /// went on computing for 19 s.
    pub fn map<T, F>(&self, n: usize, progress: Progress, f: F) -> Vec<T>
    where
        T: Send,
        F: Fn(&mut Solver, usize) -> T + Sync,
    {
        let stopped = AtomicBool::new(false);
        let first: Mutex<Option<Box<dyn std::any::Any + Send>>> = Mutex::new(None);
        let run = catch_unwind(AssertUnwindSafe(|| {
            self.pool.install(|| {
                (0..n)
                    .into_par_iter()
                    .map(|i| {
                        if stopped.load(Ordering::Relaxed) {
                            resume_unwind(Box::new(Skipped));
                        }
                        let one = catch_unwind(AssertUnwindSafe(|| {
                            let slot =
                                rayon::current_thread_index().unwrap_or(0) % self.solvers.len();
                            // Only this thread ever locks its slot: never contended.
                            let mut guard =
                                self.solvers[slot].lock().unwrap_or_else(|e| e.into_inner());
                            let solver = guard.get_or_insert_with(|| match self.table_bytes {
                                Some(b) => Solver::with_table_bytes(self.rules, b),
                                None => Solver::new(self.rules),
                            });
                            let out = f(solver, i);
                            drop(guard);
                            progress();
                            out
                        }));
                        match one {
                            Ok(out) => out,
                            Err(payload) => {
                                stopped.store(true, Ordering::Relaxed);
                                let mut first = first.lock().unwrap_or_else(|e| e.into_inner());
                                first.get_or_insert(payload);
                                // The payload is kept for the caller;
                                // resume_unwind runs no panic hook.
                                resume_unwind(Box::new(Skipped))
                            }
                        }
                    })
                    .collect()
            })
        }));
        match run {
            Ok(out) => out,
            Err(payload) => {
                let first = first.lock().unwrap_or_else(|e| e.into_inner()).take();
                resume_unwind(first.unwrap_or(payload))
            }
        }
    }
}

/// The unwinding of an item skipped (or stopped) after another one
/// panicked; never seen outside [`Workers::map`].
struct Skipped;
