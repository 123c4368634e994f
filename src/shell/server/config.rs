//! What the server allows: threads, jobs at once, body size, time.

use std::time::Duration;

/// What the server allows.
#[derive(Clone, Debug)]
pub struct Config {
    /// Worker threads of each sampling job (bid, exchange, suggest, play).
    pub threads: usize,
    /// Solving jobs running at once; beyond it, 503.
    pub max_jobs: usize,
    /// Largest request body, in bytes.
    pub max_body: usize,
    /// The longest a job may run.
    pub time_limit: Duration,
}

impl Default for Config {
    fn default() -> Config {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Config {
            threads: cores,
            max_jobs: cores.max(2),
            max_body: 64 * 1024,
            time_limit: Duration::from_secs(60),
        }
    }
}
