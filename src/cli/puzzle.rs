//! `tysiac puzzle`: positions with exactly one winning move, generated from
//! a seed; or, with `--verify FILE`, a file of puzzles checked again.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use serde_json::json;
use tysiac::analysis::puzzle::{self, Difficulty, Goal, Options, PlayStyle, Side, Theme};
use tysiac::{parse_positions_with, Position, Rules, Solver};

use super::input::{no_positions, plural, read_sources};

#[derive(Args)]
pub struct PuzzleArgs {
    /// How many puzzles to generate (1 to 100,000).
    #[arg(long, default_value_t = 10, value_parser = count_arg)]
    pub count: usize,
    /// Tricks left, the current one included: K, or a range A-B (2 to 10;
    /// at most the hand's tricks: 8 with three players, 10 with two).
    #[arg(long, value_name = "K", default_value = "3-5", value_parser = puzzle::parse_tricks)]
    pub tricks: (usize, usize),
    /// Who is to move: declarer, defender or any.
    #[arg(long, default_value = "any")]
    pub side: Side,
    /// Rule set, e.g. "standard must_beat=no" (for --verify: for puzzles
    /// without a rules: line).
    #[arg(long)]
    pub rules: Option<Rules>,
    #[command(flatten)]
    pub players: super::input::PlayersArg,
    /// max: the most points (declarer) or fewest (defenders), every other
    /// move costing at least --min-cost; contract: make or defeat the
    /// contract written in the puzzle, which only one move does.
    #[arg(long, default_value = "max")]
    pub goal: Goal,
    /// Seed of the random deals (default: from the clock; the header says
    /// which).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Keep only puzzles of this difficulty: easy, medium, hard, a score N
    /// or a range N-M (see docs/puzzles.md).
    #[arg(long)]
    pub difficulty: Option<Difficulty>,
    /// Keep only puzzles with this theme: marriage-timing, trump-change,
    /// ducking, give-up-trick, endplay.
    #[arg(long)]
    pub theme: Option<Theme>,
    /// With --goal max: the least every move but the solution must cost.
    #[arg(long, value_name = "POINTS", default_value_t = 10)]
    pub min_cost: u16,
    /// How the hand is played up to the puzzle: random, plausible (rules of
    /// thumb) or best (near double-dummy best from 6 tricks left).
    #[arg(long, default_value = "plausible")]
    pub play: PlayStyle,
    /// Give up after this many candidate positions (default: 2000 per
    /// puzzle asked).
    #[arg(long, value_name = "N")]
    pub max_candidates: Option<u64>,
    /// Worker threads (default or 0: every core; at most 256). The puzzles
    /// do not depend on it.
    #[arg(long, value_name = "N", value_parser = super::input::threads_arg)]
    pub threads: Option<usize>,
    /// One JSON object per puzzle per line.
    #[arg(long)]
    pub json: bool,
    /// No summary on stderr.
    #[arg(long)]
    pub quiet: bool,
    /// Check every puzzle in FILE instead (`-`: standard input): exactly one
    /// winning move and a right expect:. Fails naming each puzzle that
    /// does not pass.
    #[arg(long, value_name = "FILE")]
    pub verify: Option<PathBuf>,
}

pub fn run(args: PuzzleArgs) -> ExitCode {
    match &args.verify {
        Some(file) => verify(file, &args),
        None => generate(&args),
    }
}

/// The most puzzles one run generates (at a few thousand a second, under a
/// minute).
const MAX_COUNT: usize = 100_000;

/// `--count`: 1 to [`MAX_COUNT`]; 0 would print a header and no puzzle.
fn count_arg(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=MAX_COUNT).contains(&n) => Ok(n),
        _ => Err(format!(
            "'{}' is not a number of puzzles from 1 to {MAX_COUNT}",
            tysiac::engine::error::clip(text, tysiac::engine::error::QUOTE)
        )),
    }
}

fn generate(args: &PuzzleArgs) -> ExitCode {
    let rules = args.rules.unwrap_or_default();
    if args.tricks.1 > rules.tricks() {
        eprintln!(
            "error: --tricks {}: a hand under these rules has {} tricks",
            args.tricks.1,
            rules.tricks()
        );
        return ExitCode::from(2);
    }
    let seed = args.seed.unwrap_or_else(tysiac::engine::random::clock_seed);
    let opts = Options {
        rules: args.rules.unwrap_or_default(),
        seed,
        tricks: args.tricks,
        side: args.side,
        goal: args.goal,
        min_cost: args.min_cost,
        play: args.play,
        difficulty: args.difficulty,
        theme: args.theme,
    };
    let threads = args.threads.filter(|&t| t > 0).unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let limit = args
        .max_candidates
        .unwrap_or(2000 * args.count.max(1) as u64);
    let started = Instant::now();
    let (puzzles, counts) = puzzle::generate(&opts, args.count, limit, threads);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if !args.json {
        let _ = writeln!(out, "# {}\n", command_line(&opts, args));
    }
    for p in &puzzles {
        let text = if args.json {
            p.to_json().to_string()
        } else {
            format!("{p}\n")
        };
        // A closed pipe (e.g. `| head`) ends the output quietly.
        if writeln!(out, "{text}").is_err() {
            break;
        }
    }
    if !args.quiet {
        eprintln!(
            "{counts} in {:.2} s (seed {seed})",
            started.elapsed().as_secs_f64()
        );
    }
    if puzzles.len() < args.count {
        eprintln!(
            "error: found {} of {} in {} (raise --max-candidates \
             or loosen the filters)",
            puzzles.len(),
            plural(args.count, "puzzle"),
            plural(limit as usize, "candidate"),
        );
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// The command that generates the same puzzles again.
fn command_line(opts: &Options, args: &PuzzleArgs) -> String {
    let (lo, hi) = opts.tricks;
    let tricks = if lo == hi {
        lo.to_string()
    } else {
        format!("{lo}-{hi}")
    };
    let mut line = format!(
        "tysiac puzzle --seed {} --count {} --tricks {tricks} --side {} --goal {} \
         --min-cost {} --play {} --rules \"{}\"",
        opts.seed,
        args.count,
        opts.side.name(),
        opts.goal.name(),
        opts.min_cost,
        opts.play.name(),
        opts.rules
    );
    if let Some(d) = &args.difficulty {
        line += &match d.max {
            u32::MAX => format!(" --difficulty {}-", d.min),
            max => format!(" --difficulty {}-{max}", d.min),
        };
    }
    if let Some(t) = opts.theme {
        line += &format!(" --theme {t}");
    }
    line
}

fn verify(file: &PathBuf, args: &PuzzleArgs) -> ExitCode {
    let default_rules = args.rules.unwrap_or_default();
    let (sources, read_errors) = read_sources(std::slice::from_ref(file));
    // Positions that do not parse fail; a file that cannot be read, or
    // holds no position, is an error but not a puzzle.
    let mut input_errors = read_errors.len();
    let mut failures = 0;
    let mut passed = 0;
    for e in &read_errors {
        eprintln!("error: {e}");
    }
    // In input order: the puzzles read, and those that could not be.
    let mut entries: Vec<Result<(String, Position), tysiac::PositionError>> = Vec::new();
    for src in sources {
        let parsed = parse_positions_with(&src.text, &src.name, default_rules);
        if parsed.is_empty() {
            input_errors += 1;
            eprintln!("error: {}", no_positions(&src.name));
        }
        for (i, r) in parsed.into_iter().enumerate() {
            entries.push(r.map(|p| (p.name(i + 1), p)));
        }
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut solver: Option<Solver> = None;
    for entry in &entries {
        let (name, p) = match entry {
            Ok((name, p)) => (name, p),
            Err(e) => {
                failures += 1;
                eprintln!("error: {e}");
                if args.json {
                    let line = json!({"id": e.position, "line": e.line, "error": e.to_string()});
                    if writeln!(out, "{line}").is_err() {
                        break;
                    }
                }
                continue;
            }
        };
        let solver = match &mut solver {
            Some(s) if *s.rules() == p.rules => s,
            slot => slot.insert(Solver::new(p.rules)),
        };
        let result = puzzle::verify(solver, p);
        match &result {
            Ok(_) => passed += 1,
            Err(why) => {
                failures += 1;
                eprintln!("error: puzzle {name}: {why}");
            }
        }
        let line = match (&result, args.json) {
            (_, true) => tysiac::shell::json::verify_json(name, &result).to_string(),
            (Ok(v), false) => format!("ok {name}: {} (expect {})", v.solution, v.value),
            (Err(_), false) => format!("FAIL {name}"),
        };
        if writeln!(out, "{line}").is_err() {
            break;
        }
    }
    if !args.quiet && passed + failures > 0 {
        eprintln!("{passed} of {} pass", plural(passed + failures, "puzzle"));
    }
    if failures == 0 && input_errors == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
