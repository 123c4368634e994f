//! `tysiac serve`: the web page and the JSON API (see `tysiac::shell::server` and
//! `docs/api.md`).

use std::net::SocketAddr;
use std::process::ExitCode;

use clap::Args;
use tysiac::shell::server::{self, Config};

#[derive(Args)]
pub struct ServeArgs {
    /// Address to listen on (loopback unless told otherwise; port 0: any free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Worker threads of each sampling job (0: all cores).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Solving jobs at once; more are answered 503 (0: as many as cores, at least 2).
    #[arg(long, default_value_t = 0)]
    pub jobs: usize,
    /// Longest a job may run, in seconds.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub time_limit: u64,
    /// Largest request body, in KiB.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=16384))]
    pub max_body_kib: u64,
}

pub fn run(args: ServeArgs) -> ExitCode {
    let mut config = Config::default();
    if args.threads > 0 {
        config.threads = args.threads;
    }
    if args.jobs > 0 {
        config.max_jobs = args.jobs;
    }
    config.time_limit = std::time::Duration::from_secs(args.time_limit);
    config.max_body = (args.max_body_kib * 1024) as usize;
    match server::run(args.addr, config) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: cannot serve on {}: {e}", args.addr);
            ExitCode::FAILURE
        }
    }
}
