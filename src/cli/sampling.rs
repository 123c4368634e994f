//! What `bid` and `exchange` share: the options every sampling command
//! takes, a progress bar that appears only for runs that are not instant,
//! and the text layout of probability tables.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use tysiac::estimate::LevelRow;
use tysiac::Rules;

/// Options of every sampling command.
#[derive(Args, Clone, Debug)]
pub struct SamplingArgs {
    /// Sampled layouts of the unseen cards.
    #[arg(long, default_value_t = 1000)]
    pub samples: usize,
    /// Random seed: the same seed gives the same report, whatever --threads.
    #[arg(long, default_value_t = tysiac::estimate::bid::DEFAULT_SEED)]
    pub seed: u64,
    /// Worker threads (0: all cores).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// The probability a recommended bid or contract must reach.
    #[arg(long, default_value_t = 0.5)]
    pub confidence: f64,
    /// Rule set: a preset and switches, e.g. "standard musik=discard".
    #[arg(long, default_value = "standard")]
    pub rules: Rules,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// Runs slower than this get a progress bar; quicker ones stay silent.
const SHOW_AFTER: Duration = Duration::from_millis(300);

/// A progress bar on stderr, only when stderr is a terminal, not `--quiet`,
/// and the run has lasted more than a moment.
pub struct Bar {
    bar: ProgressBar,
    enabled: bool,
    shown: AtomicBool,
    start: Instant,
}

impl Bar {
    pub fn new(total: u64, what: &str, quiet: bool) -> Bar {
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} {elapsed} (eta {eta})")
                .expect("valid template")
                .progress_chars("=> "),
        );
        bar.set_message(what.to_string());
        Bar {
            bar,
            enabled: !quiet && std::io::stderr().is_terminal(),
            shown: AtomicBool::new(false),
            start: Instant::now(),
        }
    }

    /// One unit of work done (called from worker threads).
    pub fn tick(&self) {
        self.bar.inc(1);
        // `swap` makes exactly one thread switch the bar on.
        if self.enabled
            && !self.shown.load(Ordering::Relaxed)
            && self.start.elapsed() > SHOW_AFTER
            && !self.shown.swap(true, Ordering::Relaxed)
        {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// Prints an input error and gives the exit code for it.
pub fn fail(message: impl std::fmt::Display) -> std::process::ExitCode {
    eprintln!("error: {message}");
    std::process::ExitCode::from(2)
}

/// A probability as `0.873`.
pub fn prob(p: f64) -> String {
    format!("{p:.3}")
}

/// A level row's cells: level, allowed, probability, interval, expected score.
/// The expected score is left out above the cap: no contract may be made
/// there, so it would score nothing (the JSON still has it).
pub fn level_cells(r: &LevelRow) -> String {
    let expected = if r.allowed {
        format!("{:>+8.1}", r.expected_score)
    } else {
        format!("{:>8}", "-")
    };
    format!(
        "{:>5}  {:<3}  {:>6}  [{}, {}]  {expected}",
        r.level,
        if r.allowed { "yes" } else { "no" },
        prob(r.probability),
        prob(r.low),
        prob(r.high),
    )
}

/// The header matching [`level_cells`].
pub const LEVEL_HEADER: &str = "level  bid  P(make)  95% interval    expected";

/// `Some(x)` as text, `None` as `what`.
pub fn or(x: Option<u16>, what: &str) -> String {
    x.map_or(what.to_string(), |v| v.to_string())
}
