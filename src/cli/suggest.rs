//! `tysiac suggest`: the best card from one seat's view (PIMC).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use serde_json::json;
use tysiac::players::pimc::{self, Objective, PimcOptions, Suggestion};
use tysiac::solver::Workers;
use tysiac::view::parse_views;
use tysiac::{Inference, Rules, Seat};

use super::input::read_sources;
use super::progress::Bar;

/// The most layouts one position may ask for.
pub const MAX_SAMPLES: usize = 100_000;
/// The most worker threads.
pub const MAX_THREADS: usize = 256;

#[derive(Args)]
pub struct SuggestArgs {
    /// Files of positions: the view form, or the history form seen from the
    /// seat to move (or --seat). `-` or nothing: standard input.
    pub files: Vec<PathBuf>,
    /// For history-form positions: whose view (default: the seat to move).
    #[arg(long, value_name = "D|L|R")]
    pub seat: Option<Seat>,
    /// Layouts of the unseen cards, the same for every move.
    #[arg(long, default_value_t = 100, value_parser = samples)]
    pub samples: usize,
    /// Random seed: the same seed gives the same answer, whatever --threads.
    #[arg(long, default_value_t = tysiac::estimate::bid::DEFAULT_SEED)]
    pub seed: u64,
    /// contract (D maximises the chance to make it, the defenders minimise
    /// it; the default when a contract is known) or points.
    #[arg(long)]
    pub objective: Option<Objective>,
    /// How the others' bids, contract and exchange weigh the layouts:
    /// model (learned from self-play, docs/inference.md) or none (uniform).
    #[arg(long, default_value_t = Inference::Model, value_name = "model|none")]
    pub inference: Inference,
    /// Worker threads (0: all cores).
    #[arg(long, default_value_t = 0, value_parser = threads)]
    pub threads: usize,
    /// Rule set for positions without a `rules:` line.
    #[arg(long)]
    pub rules: Option<Rules>,
    #[command(flatten)]
    pub players: super::input::PlayersArg,
    /// One JSON object per position per line.
    #[arg(long)]
    pub json: bool,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

pub fn samples(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=MAX_SAMPLES).contains(&n) => Ok(n),
        _ => Err(format!(
            "'{s}' is not a number of samples from 1 to {MAX_SAMPLES}"
        )),
    }
}

pub fn threads(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if n <= MAX_THREADS => Ok(n),
        _ => Err(format!(
            "'{s}' is not a thread count from 0 (all cores) to {MAX_THREADS}"
        )),
    }
}

pub fn run(args: SuggestArgs) -> ExitCode {
    let rules = args.rules.unwrap_or_default();
    let (sources, read_errors) = read_sources(&args.files);
    let mut failed = !read_errors.is_empty();
    for e in &read_errors {
        eprintln!("error: {e}");
    }
    let opts = PimcOptions {
        samples: args.samples,
        seed: args.seed,
        objective: args.objective,
        inference: args.inference,
    };
    let mut workers: Vec<(Rules, Workers)> = Vec::new();
    for src in &sources {
        let views = parse_views(&src.text, &src.name, rules, args.seat);
        if views.is_empty() {
            // As solve and analyze: each empty input is named, and fails
            // the run with the input errors' status.
            failed = true;
            eprintln!("error: {}", super::input::no_positions(&src.name));
        }
        for (i, read) in views.into_iter().enumerate() {
            let view = match read {
                Ok(v) => v,
                Err(e) => {
                    failed = true;
                    report_error(&args, Some(e.position.clone()), e.line, &e.to_string());
                    continue;
                }
            };
            let id = view.id.clone().unwrap_or_else(|| format!("#{}", i + 1));
            let w = match workers.iter().position(|(r, _)| *r == view.rules) {
                Some(k) => &workers[k].1,
                None => match Workers::new(view.rules, args.threads) {
                    Ok(w) => {
                        workers.push((view.rules, w));
                        &workers.last().expect("just pushed").1
                    }
                    Err(e) => {
                        eprintln!("error: {e}");
                        return ExitCode::from(2);
                    }
                },
            };
            let bar = Bar::new(args.samples as u64, &format!("{id}: layouts"), args.quiet);
            let result = pimc::suggest(&view, &opts, w, &|| bar.tick());
            bar.finish();
            match result {
                Ok(mut s) => {
                    s.id = Some(id);
                    if args.json {
                        println!("{}", serde_json::to_string(&s).expect("serializes"));
                    } else {
                        print!("{}", text(&s, &view));
                    }
                }
                Err(e) => {
                    failed = true;
                    let msg = format!("{}:{}: position {id}: {e}", src.name, view.line);
                    report_error(&args, Some(id), view.line, &msg);
                }
            }
        }
    }
    // Input that cannot be read (or holds nothing) exits 1, as in solve,
    // analyze, score and puzzle --verify; 2 is for bad options.
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// An error: on stderr, and with --json also as a line of its own, so that
/// output lines pair with input positions.
fn report_error(args: &SuggestArgs, id: Option<String>, line: usize, message: &str) {
    eprintln!("error: {message}");
    if args.json {
        println!("{}", json!({"id": id, "line": line, "error": message}));
    }
}

/// The report for people.
fn text(s: &Suggestion, view: &tysiac::View) -> String {
    let table = view.table();
    let mut o = String::new();
    let trump = table
        .trump
        .map_or("none".to_string(), |t| t.name().to_string());
    o += &format!(
        "position {}  (rules: {})\n  {}'s view, trick {}, trump {}, points {}\n",
        s.id.as_deref().unwrap_or("-"),
        s.rules,
        s.seat,
        table.tricks + 1,
        trump,
        tysiac::PerSeat::new(table.points, s.rules.seats()),
    );
    let goal = match (s.objective, s.contract, s.seat) {
        (Objective::Contract, Some(c), Seat::D) => format!("D plays to make {c}"),
        (Objective::Contract, Some(c), seat) => format!("{seat} plays to beat {c}"),
        (_, _, Seat::D) => "D plays for the most points".to_string(),
        (_, _, seat) => format!("{seat} plays to hold D to the fewest points"),
    };
    o += &format!("  {} layouts, seed {}; {goal}\n", s.samples, s.seed);
    o += &match s.inference {
        Inference::Model => format!(
            "  reading the others' bids, contract and exchange: {} distinct layouts, worth {:.0} independent ones\n",
            s.layouts, s.effective_samples
        ),
        Inference::None => "  layouts uniform over what the seat saw (nothing read of the others)\n".into(),
    };
    let with_make = s.contract.is_some();
    let with_dd = s.moves.iter().any(|m| m.dd.is_some());
    o += "  move     mean   ±95%";
    if with_make {
        o += "  P(make)  95% interval";
    }
    if with_dd {
        o += "     dd";
    }
    o += "\n";
    for m in &s.moves {
        let spread = m.stderr.map_or("?".into(), |e| format!("{:.1}", 1.96 * e));
        o += &format!("  {:<5} {:>7.1} {:>6}", m.mv.to_string(), m.mean, spread);
        if let (Some(p), Some(lo), Some(hi)) = (m.make, m.make_low, m.make_high) {
            o += &format!("  {p:>7.3}  [{lo:.3}, {hi:.3}]");
        }
        if let Some(d) = m.dd {
            o += &format!("  {d:>4}");
        }
        o += "\n";
    }
    o += &format!("  recommended: {}", s.best);
    if let Some(v) = s.dd_value {
        let best_dd = s.moves.iter().find(|m| m.mv == s.best).and_then(|m| m.dd);
        o += &format!(
            "  (double-dummy value here {v}; after {}: {})",
            s.best,
            best_dd.map_or("-".into(), |d| d.to_string())
        );
    }
    o += "\n\n";
    o
}
