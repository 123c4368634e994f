//! `tysiac analyze`: the post-mortem of played hands (issue 4).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use tysiac::{analyze_position, parse_positions_lenient, Rules, Solver};

use super::input::{no_positions, read_sources};

#[derive(Args)]
pub struct AnalyzeArgs {
    /// Files of positions in the history form (`-` or nothing: standard input).
    pub files: Vec<PathBuf>,
    /// Rule set for positions without a `rules:` line.
    #[arg(long)]
    pub rules: Option<Rules>,
    #[command(flatten)]
    pub players: super::input::PlayersArg,
    /// One JSON object per position, one per line, instead of the report.
    #[arg(long)]
    pub json: bool,
    /// Also judge every move from its mover's own view (PIMC): mistakes
    /// against unlucky guesses; on a game record, every played hand's.
    /// JSON: the key `view`.
    #[arg(long)]
    pub view: bool,
    /// With --view: layouts per move.
    #[arg(long, default_value_t = 100, value_parser = super::suggest::samples)]
    pub samples: usize,
    /// With --view: the random seed.
    #[arg(long, default_value_t = tysiac::estimate::bid::DEFAULT_SEED)]
    pub seed: u64,
    /// How the others' decisions weigh the layouts (model or none,
    /// uniform): with --view, the moves'; on a game record, each auction
    /// call's, by the calls before it.
    #[arg(long, default_value_t = tysiac::Inference::Model, value_name = "model|none")]
    pub inference: tysiac::Inference,
    /// Only shard I of N of the hands (all files, in order): a contiguous slice.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<tysiac::drivers::batch::Shard>,
    /// Append one JSON line per hand to FILE (each with `index`, its number
    /// in the input); a rerun resumes after the complete lines.
    #[arg(long, value_name = "FILE")]
    pub out: Option<std::path::PathBuf>,
    /// A game record: layouts each auction call is judged on.
    #[arg(long, default_value_t = 40, value_parser = super::suggest::samples)]
    pub bid_samples: usize,
    /// A game record: worker threads for the auction's layouts (0: all cores).
    #[arg(long, default_value_t = 0, value_parser = super::suggest::threads)]
    pub threads: usize,
}

/// `analyze` on a game record: the post-mortem of the whole game.
fn analyze_record(source: &super::input::Source, args: &AnalyzeArgs) -> Result<(), String> {
    let rec =
        tysiac::game::record::read(&source.text).map_err(|e| format!("{}:{e}", source.name))?;
    let workers =
        tysiac::solver::Workers::new(rec.table.rules, args.threads).map_err(|e| e.to_string())?;
    let work = tysiac::analysis::postmortem::calls_to_judge(&rec.table);
    let bar = super::progress::Bar::new(work as u64, "judging calls", false);
    // The views' bar once the calls are judged, as many as hands analyzed.
    let view_bar: std::sync::OnceLock<super::progress::Bar> = std::sync::OnceLock::new();
    let opts = tysiac::analysis::postmortem::GameOptions {
        bid_samples: args.bid_samples,
        seed: args.seed,
        inference: args.inference,
        view: args.view.then_some(args.samples),
    };
    let result = tysiac::analysis::postmortem::review_game(
        &rec.table,
        &opts,
        &workers,
        &|| bar.tick(),
        &|| {
            view_bar
                .get_or_init(|| {
                    bar.finish();
                    super::progress::Bar::new(
                        tysiac::analysis::postmortem::hands_analyzed(&rec.table) as u64,
                        "hands from each view",
                        false,
                    )
                })
                .tick()
        },
    );
    bar.finish();
    if let Some(b) = view_bar.get() {
        b.finish();
    }
    let review = result.map_err(|e| match e {
        tysiac::analysis::postmortem::GameError::Review(e) => format!("{}: {e}", source.name),
        tysiac::analysis::postmortem::GameError::View(e) => {
            format!("{}: --view: {e}", source.name)
        }
    })?;
    if args.json {
        for h in &review.hands {
            println!("{}", serde_json::to_string(h).map_err(|e| e.to_string())?);
        }
        println!("{}", review.summary_json());
    } else {
        let names = tysiac::game::words::Names::of_game(
            rec.table.players.clone(),
            rec.header.seats.as_deref(),
        );
        print!("{}", review.report(&names));
    }
    Ok(())
}

/// Analyzes every position; errors go to standard error and make the exit
/// status non-zero, but do not stop the other positions. A history with a
/// bad move is analyzed up to it, then the move is reported.
pub fn run(args: AnalyzeArgs) -> ExitCode {
    let (sources, mut errors) = read_sources(&args.files);
    let default_rules = args.rules.unwrap_or_default();
    // One solver per rule set, kept for the whole run: its table carries
    // over from move to move and from hand to hand.
    let mut solvers: Vec<Solver> = Vec::new();
    let mut first = true;
    let total = if args.shard.is_some() || args.out.is_some() {
        let count = |s: &super::input::Source| {
            parse_positions_lenient(&s.text, &s.name, default_rules).len()
        };
        sources.iter().map(count).sum()
    } else {
        0
    };
    let mut keep = super::shard::Keep::new(args.shard, total);
    // --out: JSON lines to a file a rerun resumes, each with its `index`.
    let range = args.shard.map_or(0..total, |sh| sh.range(total));
    let mut file = match super::shard::open_out(args.out.as_deref(), range.clone()) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let resume_from = range.start + file.as_ref().map_or(0, |f| f.done());
    let json = args.json || file.is_some();
    let mut item = 0;
    let mut emit = |mut line: serde_json::Value, index: usize| -> Result<(), String> {
        match &mut file {
            Some(f) => {
                line["index"] = serde_json::json!(index);
                f.write_lines(&[line.to_string()])
            }
            None => {
                println!("{line}");
                Ok(())
            }
        }
    };
    for source in &sources {
        if tysiac::game::record::is_record(&source.text) {
            if let Err(e) = analyze_record(source, &args) {
                errors.push(e);
            }
            continue;
        }
        let results = parse_positions_lenient(&source.text, &source.name, default_rules);
        if results.is_empty() {
            errors.push(no_positions(&source.name));
        }
        for (index, result) in results.into_iter().enumerate() {
            let this = item;
            item += 1;
            if !keep.take() || this < resume_from {
                continue;
            }
            let (position, bad) = match result {
                Ok(pair) => pair,
                Err(e) => {
                    if json {
                        // A line in input order, so output pairs with input.
                        let line = serde_json::json!({"id": e.position, "line": e.line,
                                                      "error": e.to_string()});
                        if let Err(w) = emit(line, this) {
                            eprintln!("error: --out: {w}");
                            return ExitCode::from(2);
                        }
                    }
                    errors.push(e.to_string());
                    continue;
                }
            };
            let solver = match solvers.iter().position(|s| *s.rules() == position.rules) {
                Some(i) => &mut solvers[i],
                None => {
                    solvers.push(Solver::new(position.rules));
                    solvers.last_mut().expect("just pushed")
                }
            };
            let analysis = match analyze_position(solver, &position, bad.as_ref()) {
                Ok(a) => a,
                Err(e) => {
                    // Named as the parser names positions: id, or #number.
                    let name = position.name(index + 1);
                    let e = format!("{}:{}: position {name}: {e}", source.name, position.line);
                    if json {
                        let line = serde_json::json!({"id": name, "line": position.line,
                                                      "error": e});
                        if let Err(w) = emit(line, this) {
                            eprintln!("error: --out: {w}");
                            return ExitCode::from(2);
                        }
                    }
                    errors.push(e);
                    continue;
                }
            };
            let review = if args.view {
                let opts = tysiac::PimcOptions {
                    samples: args.samples,
                    seed: args.seed,
                    objective: None,
                    inference: args.inference,
                };
                match tysiac::analysis::review::review(&position, &opts, solver) {
                    Ok(r) => Some(r),
                    Err(e) => {
                        let name = position.name(index + 1);
                        errors.push(format!(
                            "{}:{}: position {name}: --view: {e}",
                            source.name, position.line
                        ));
                        None
                    }
                }
            } else {
                None
            };
            if json {
                let mut value = serde_json::to_value(&analysis).expect("serializes");
                if let (Some(r), Some(obj)) = (&review, value.as_object_mut()) {
                    obj.insert("view".into(), serde_json::to_value(r).expect("serializes"));
                }
                if let Err(w) = emit(value, this) {
                    eprintln!("error: --out: {w}");
                    return ExitCode::from(2);
                }
            } else {
                if !first {
                    println!();
                }
                print!("{}", analysis.report());
                if let Some(r) = &review {
                    print!("{}", r.report());
                }
            }
            first = false;
            if let Some(bad) = bad {
                errors.push(bad.analyze_error().to_string());
            }
        }
    }
    for e in &errors {
        eprintln!("error: {e}");
    }
    if errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
