//! What `bid` and `exchange` share: the options every sampling command
//! takes and the text layout of probability tables.

use clap::Args;
use tysiac::estimate::LevelRow;
use tysiac::Rules;

pub use super::progress::Bar;

/// Samples when `--samples` is not given.
pub const DEFAULT_SAMPLES: usize = 1000;

/// Options of every sampling command.
#[derive(Args, Clone, Debug)]
pub struct SamplingArgs {
    /// Sampled layouts of the unseen cards [default: bid 400, exchange
    /// 1000, bid --play 100].
    #[arg(long)]
    pub samples: Option<usize>,
    /// What the chances rest on: `real` (the default), play by the
    /// computer players, who see only their own cards; or `dd`, every card
    /// seen (double-dummy), as before issue 48.
    #[arg(long, default_value = "real", value_name = "real|dd")]
    pub basis: tysiac::estimate::real::Basis,
    /// Random seed: the same seed gives the same report, whatever --threads.
    #[arg(long, default_value_t = tysiac::estimate::bid::DEFAULT_SEED)]
    pub seed: u64,
    /// Worker threads (0: all cores; at most 256).
    #[arg(long, default_value_t = 0, value_parser = super::input::threads_arg)]
    pub threads: usize,
    /// A chance shown as evidence: bid's highest level made at least this
    /// often, exchange's flag on its advice. The advice itself (bid up to,
    /// announce, the exchange) is by expected score.
    #[arg(long, default_value_t = 0.5)]
    pub confidence: f64,
    /// Rule set: a preset and switches, e.g. "standard musik=discard".
    #[arg(long, default_value = "standard")]
    pub rules: Rules,
    #[command(flatten)]
    pub players: super::input::PlayersArg,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// Prints a report (one line of JSON with `--json`, else its text) or the error
/// that stopped it.
pub fn print_report<R: serde::Serialize, E: std::fmt::Display>(
    report: Result<R, E>,
    json: bool,
    text: impl Fn(&R) -> String,
) -> std::process::ExitCode {
    let report = match report {
        Ok(r) => r,
        Err(e) => return fail(e),
    };
    if json {
        // JSON Lines: the whole report on one line.
        println!(
            "{}",
            serde_json::to_string(&report).expect("report serializes")
        );
    } else {
        print!("{}", text(&report));
    }
    std::process::ExitCode::SUCCESS
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

/// A level row's cells: level, whether the rules allow bidding it,
/// probability, interval, expected score.
/// The expected score is left out above the cap: no contract may be made
/// there, so it would score nothing (the JSON still has it).
pub fn level_cells(r: &LevelRow) -> String {
    let expected = if r.allowed {
        format!("{:>+8.1}", r.expected_score)
    } else {
        format!("{:>8}", "-")
    };
    format!(
        "{:>5}  {:<7}  {:>6}  [{}, {}]  {expected}",
        r.level,
        if r.allowed { "yes" } else { "no" },
        prob(r.probability),
        prob(r.low),
        prob(r.high),
    )
}

/// The header matching [`level_cells`].
pub const LEVEL_HEADER: &str = "level  allowed  P(make)  95% interval    expected";

/// `Some(x)` as text, `None` as `what`.
pub fn or(x: Option<u16>, what: &str) -> String {
    x.map_or(what.to_string(), |v| v.to_string())
}
