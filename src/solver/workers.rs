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

/// Whether this build can start threads. The browser's WebAssembly
/// (`wasm32-unknown-unknown`) cannot: there every run of [`Workers`], and
/// the puzzle search, works on the calling thread, and the page splits the
/// work between Web Workers instead.
pub const CAN_SPAWN_THREADS: bool = !cfg!(target_family = "wasm");

/// A rayon pool and one solver per worker thread, or (in the browser, or
/// from [`Workers::on_calling_thread`]) one solver on the calling thread.
///
/// A [`Solver`] is not thread-safe; a solver per thread keeps its table warm
/// across that thread's samples. Its results do not depend on what the table
/// holds (values are exact), so which thread solves a sample is invisible in
/// the report.
pub struct Workers {
    /// None: every item on the calling thread, in order.
    pool: Option<rayon::ThreadPool>,
    solvers: Vec<Mutex<Option<Solver>>>,
    rules: Rules,
    table_bytes: Option<usize>,
}

impl Workers {
    /// `threads` workers (0: one per core, or `RAYON_NUM_THREADS`); where
    /// no thread can be started ([`CAN_SPAWN_THREADS`]), the calling thread.
    pub fn new(rules: Rules, threads: usize) -> Result<Workers, ThreadsError> {
        if !CAN_SPAWN_THREADS {
            return Ok(Workers::on_calling_thread(rules));
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| ThreadsError(format!("cannot start {threads} threads: {e}")))?;
        let solvers = (0..pool.current_num_threads())
            .map(|_| Mutex::new(None))
            .collect();
        Ok(Workers {
            pool: Some(pool),
            solvers,
            rules,
            table_bytes: None,
        })
    }

    /// One worker, the calling thread: items run one after another, in
    /// index order. What the browser build always does; the same results
    /// as a pool of any size.
    pub fn on_calling_thread(rules: Rules) -> Workers {
        Workers {
            pool: None,
            solvers: vec![Mutex::new(None)],
            rules,
            table_bytes: None,
        }
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
        let Some(pool) = &self.pool else {
            // A panic (a cancel) leaves the items after it unstarted.
            let mut guard = self.solvers[0].lock().unwrap_or_else(|e| e.into_inner());
            let solver = guard.get_or_insert_with(|| self.new_solver());
            return (0..n)
                .map(|i| {
                    let out = f(solver, i);
                    progress();
                    out
                })
                .collect();
        };
        let stopped = AtomicBool::new(false);
        let first: Mutex<Option<Box<dyn std::any::Any + Send>>> = Mutex::new(None);
        let run = catch_unwind(AssertUnwindSafe(|| {
            pool.install(|| {
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
                            let solver = guard.get_or_insert_with(|| self.new_solver());
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

impl Workers {
    fn new_solver(&self) -> Solver {
        match self.table_bytes {
            Some(b) => Solver::with_table_bytes(self.rules, b),
            None => Solver::new(self.rules),
        }
    }
}

/// The unwinding of an item skipped (or stopped) after another one
/// panicked; never seen outside [`Workers::map`].
struct Skipped;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::random::deal;
    use crate::engine::sample::sample_rng;
    use crate::Setup;
    use std::sync::atomic::AtomicUsize;

    /// The browser's way (every item on the calling thread) answers what a
    /// pool of threads answers, item for item, and reports each item once.
    #[test]
    fn the_calling_thread_answers_as_a_pool_does() {
        let rules = Rules::default();
        let values = |workers: &Workers| {
            let ticks = AtomicUsize::new(0);
            let out = workers.map(
                12,
                &|| {
                    ticks.fetch_add(1, Ordering::Relaxed);
                },
                |solver, i| {
                    let d = deal(&mut sample_rng(3, i as u64));
                    solver.solve(&Setup::Musik(d), false).value
                },
            );
            (out, ticks.into_inner())
        };
        let pooled = values(&Workers::new(rules, 2).unwrap());
        let here = values(&Workers::on_calling_thread(rules));
        assert_eq!(here, pooled);
        assert_eq!(here.1, 12);
        assert_eq!(Workers::on_calling_thread(rules).threads(), 1);
    }

    /// A panic in the progress callback (a cancel) stops the calling
    /// thread's run before the next item starts.
    #[test]
    fn a_cancel_on_the_calling_thread_starts_no_more_items() {
        let started = AtomicUsize::new(0);
        let workers = Workers::on_calling_thread(Rules::default());
        let run = catch_unwind(AssertUnwindSafe(|| {
            workers.map(
                10,
                &|| {
                    if started.load(Ordering::Relaxed) == 3 {
                        panic!("cancelled");
                    }
                },
                |_, i| {
                    started.fetch_add(1, Ordering::Relaxed);
                    i
                },
            )
        }));
        assert!(run.is_err());
        assert_eq!(started.into_inner(), 3);
    }
}
