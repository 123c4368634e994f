//! `tysiac solve`: exact double-dummy values of positions.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use rayon::prelude::*;
use serde_json::{json, Value};
use tysiac::{
    parse_positions_with, Exchange, Move, Position, PositionError, Rules, Solution, Solver,
    TransTable,
};

use super::input::{no_positions, read_sources};
use super::progress::Bar;

#[derive(Args)]
pub struct SolveArgs {
    /// Files of positions (`-` or nothing: standard input).
    pub files: Vec<PathBuf>,
    /// Rule set for positions without a `rules:` line, e.g. "standard must_beat=no".
    #[arg(long)]
    pub rules: Option<Rules>,
    #[command(flatten)]
    pub players: super::input::PlayersArg,
    /// Only answer whether the declarer reaches N points (faster).
    #[arg(long, value_name = "N")]
    pub target: Option<u16>,
    /// For a deal with its musik: list every exchange with its value.
    #[arg(long, conflicts_with = "exchange")]
    pub all: bool,
    /// One JSON object per position per line.
    #[arg(long)]
    pub json: bool,
    /// Solve one deal given here instead of files (D L R and the musik, or 8 8 8;
    /// with players=2 D L and the two musiks).
    #[arg(long, value_name = "DEAL", conflicts_with = "files")]
    pub deal: Option<String>,
    /// With --deal: the exchange (card to L, card to R; with two players the
    /// card D keeps the points of, then the card for the other musik).
    #[arg(long, value_name = "CARDS", requires = "deal")]
    pub exchange: Option<String>,
    /// Memory for each solver's transposition table, in MiB (fractions
    /// allowed).
    #[arg(long, value_name = "MIB", default_value_t = 0.5, value_parser = table_mb)]
    pub table_mb: f64,
    /// Hide the progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// Only shard I of N of the positions (all files, in order): a contiguous slice.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<tysiac::drivers::batch::Shard>,
    /// Append one JSON line per position to FILE (each with `index`, its
    /// number in the input); a rerun resumes after the complete lines.
    #[arg(long, value_name = "FILE")]
    pub out: Option<std::path::PathBuf>,
}

/// What one position gave: its answer, or why it could not be read.
enum Outcome {
    Solved(Box<Solution>),
    Target {
        reaches: bool,
        exchange: Option<Exchange>,
    },
}

pub fn run(args: SolveArgs) -> ExitCode {
    // clap's `requires` lets --exchange through beside a file argument.
    if args.exchange.is_some() && args.deal.is_none() {
        eprintln!("error: --exchange needs --deal (a position file gives its own exchange: line)");
        return ExitCode::from(2);
    }
    let rules = args.rules.unwrap_or_default();
    let mut errors: Vec<String> = Vec::new();
    // Every position read, in input order, with the source it came from.
    let mut results: Vec<(String, Result<Position, PositionError>)> = Vec::new();
    if let Some(deal) = &args.deal {
        results.push((
            "<arg>".into(),
            Position::from_deal_text(deal, args.exchange.as_deref(), rules),
        ));
    } else {
        let (sources, read_errors) = read_sources(&args.files);
        errors.extend(read_errors);
        for src in sources {
            if tysiac::game::record::is_record(&src.text) {
                // A game record: each hand with a declarer, as a position.
                match tysiac::game::record::read(&src.text) {
                    Ok(rec) => {
                        let rules = rec.table.rules;
                        for h in &rec.table.hands {
                            if let Some(p) = h.position(&rules) {
                                results.push((src.name.clone(), Ok(p)));
                            }
                        }
                    }
                    Err(e) => errors.push(format!("{}:{e}", src.name)),
                }
                continue;
            }
            let parsed = parse_positions_with(&src.text, &src.name, rules);
            if parsed.is_empty() {
                errors.push(no_positions(&src.name));
            }
            // Numbered within each source, as the parser's errors are.
            for (i, r) in parsed.into_iter().enumerate() {
                results.push((
                    src.name.clone(),
                    r.map(|mut p| {
                        p.id = Some(p.name(i + 1));
                        p
                    }),
                ));
            }
        }
    }
    let total = results.len();
    let offset = args.shard.map_or(0, |sh| sh.range(total).start);
    let mut results = super::shard::slice(results, args.shard);
    for e in &errors {
        eprintln!("error: {e}");
    }
    let mut failed = !errors.is_empty();
    // --out: a JSON-lines file a rerun resumes; each line carries `index`,
    // the position's number in the whole input (from 0).
    let mut file = match super::shard::open_out(args.out.as_deref(), offset..offset + results.len())
    {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let done = file.as_ref().map_or(0, |f| f.done());
    results.drain(..done);
    let progress = Bar::new(results.len() as u64, "solving", args.quiet);
    let table_bytes = (args.table_mb * (1 << 20) as f64) as usize;
    // To a file, a few positions at a time, so that a killed run loses at
    // most those in progress; to standard output, all at once.
    let chunk = if file.is_some() {
        16
    } else {
        results.len().max(1)
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut index = offset + done;
    for part in results.chunks(chunk) {
        let positions: Vec<&Position> = part.iter().filter_map(|(_, r)| r.as_ref().ok()).collect();
        // Each worker keeps one solver (and its table) while the rules stay the same.
        let outcomes: Vec<Outcome> = positions
            .par_iter()
            .map_init(
                || None::<Solver<TransTable>>,
                |slot, p| {
                    let solver = match slot {
                        Some(s) if *s.rules() == p.rules => s,
                        _ => slot.insert(Solver::with_table_bytes(p.rules, table_bytes)),
                    };
                    let setup = p.setup();
                    let out = match args.target {
                        Some(t) => {
                            let (reaches, exchange) = solver.setup_reaches(&setup, t);
                            Outcome::Target { reaches, exchange }
                        }
                        None => Outcome::Solved(Box::new(solver.solve(&setup, args.all))),
                    };
                    progress.tick();
                    out
                },
            )
            .collect();
        let mut outcomes = outcomes.iter();
        let mut lines = Vec::new();
        for (source, r) in part {
            let mut line = match r {
                Err(e) => {
                    // Reported where it stands in the input, so that output
                    // lines pair with input positions.
                    failed = true;
                    eprintln!("error: {e}");
                    if !args.json && file.is_none() {
                        index += 1;
                        continue;
                    }
                    json!({"id": e.position, "line": e.line, "error": e.to_string()})
                }
                Ok(p) => {
                    let outcome = outcomes.next().expect("one outcome per position");
                    let name = p.name(1);
                    if let (Outcome::Solved(s), Some(e)) = (outcome, p.expect) {
                        if s.value != e {
                            failed = true;
                            eprintln!(
                                "error: {source}:{}: position {name}: expect: {e}, but the value is {}",
                                p.line, s.value
                            );
                        }
                    }
                    if !args.json && file.is_none() {
                        lines.push(report(&name, p, outcome, args.target));
                        index += 1;
                        continue;
                    }
                    json_line(&name, p, outcome, args.target)
                }
            };
            if file.is_some() {
                line["index"] = json!(index);
            }
            lines.push(line.to_string());
            index += 1;
        }
        match &mut file {
            Some(f) => {
                if let Err(e) = f.write_lines(&lines) {
                    eprintln!("error: --out: {e}");
                    return ExitCode::from(2);
                }
            }
            None => {
                for text in &lines {
                    // A closed pipe (e.g. `| head`) ends the output quietly.
                    if writeln!(out, "{text}").is_err() {
                        break;
                    }
                }
            }
        }
    }
    progress.finish();
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn moves_text(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The line, tricks separated by `|` (the first trick may be partly played).
fn line_text(sol: &Solution) -> String {
    let mut out = String::new();
    let mut in_trick = sol.state.trick().len();
    for (i, m) in sol.line.iter().enumerate() {
        if i > 0 {
            out.push_str(if in_trick == 0 { " | " } else { " " });
        }
        out.push_str(&m.to_string());
        in_trick = (in_trick + 1) % usize::from(sol.state.seats);
    }
    out
}

fn json_line(name: &str, p: &Position, outcome: &Outcome, target: Option<u16>) -> Value {
    match outcome {
        Outcome::Target { reaches, exchange } => tysiac::shell::json::target_json(
            name,
            p,
            target.unwrap_or_default(),
            *reaches,
            exchange.as_ref(),
        ),
        Outcome::Solved(s) => tysiac::shell::json::solution_json(name, p, s),
    }
}

fn report(name: &str, p: &Position, outcome: &Outcome, target: Option<u16>) -> String {
    let mut out = format!("position {name}  (rules: {})\n", p.rules);
    match outcome {
        Outcome::Target { reaches, exchange } => {
            let t = target.unwrap_or_default();
            let answer = if *reaches { "yes" } else { "no" };
            out.push_str(&format!("  can the declarer reach {t}? {answer}"));
            if let Some(e) = exchange {
                out.push_str(&format!(" (e.g. with exchange {e})"));
            }
            out.push('\n');
        }
        Outcome::Solved(s) => {
            if let Some((best, v)) = s.exchanges.first() {
                out.push_str(&format!(
                    "  best exchange: {}  value {v}\n",
                    describe_exchange(best)
                ));
                if s.exchanges.len() > 1 {
                    out.push_str("  exchanges (best first):\n");
                    for (e, v) in &s.exchanges {
                        out.push_str(&format!("    {:<12} {v:>4}\n", e.to_string()));
                    }
                }
            }
            let st = &s.state;
            // A finished hand has no one to play and no trick to come.
            let turn = if st.is_over() {
                "hand over".to_string()
            } else {
                format!(
                    "{} to play, trick {}",
                    st.to_move(),
                    st.trick_number(&p.rules)
                )
            };
            out.push_str(&format!(
                "  {turn}, trump {}, points {}\n",
                st.trump.map_or("none".to_string(), |t| t.to_string()),
                st.points_text(" ")
            ));
            out.push_str(&format!("  value: {}", s.value));
            if let Some(c) = p.contract {
                let made = if s.value >= c { "made" } else { "fails" };
                out.push_str(&format!("  (contract {c}: {made})"));
            }
            if let Some(e) = p.expect {
                let ok = if e == s.value { "agrees" } else { "DISAGREES" };
                out.push_str(&format!("  (expect {e}: {ok})"));
            }
            out.push('\n');
            if !s.moves.is_empty() {
                let mover = s.state.to_move();
                out.push_str(&format!("  moves, best first for {mover}:\n"));
                for (m, v) in &s.moves {
                    // What the move gives away against the best one.
                    let loss = (i32::from(*v) - i32::from(s.value)).abs();
                    let note = if loss == 0 {
                        String::new()
                    } else {
                        format!("  ({loss} worse)")
                    };
                    out.push_str(&format!("    {:<4} {v:>4}{note}\n", m.to_string()));
                }
                out.push_str(&format!("  line: {}\n", line_text(s)));
            } else {
                out.push_str("  the hand is over\n");
            }
        }
    }
    out
}

fn describe_exchange(e: &Exchange) -> String {
    let cards = e.cards();
    let mut text = match (e.give, cards.as_slice()) {
        (tysiac::engine::deal::Give::LayAway(kept, musik), _) => {
            format!("lay away {kept} (its points D's) and {musik} (into the other musik)")
        }
        (_, [l, r]) => format!("{l} to L, {r} to R"),
        _ => format!(
            "discard {}",
            moves_text(&cards.iter().map(|&c| Move::new(c)).collect::<Vec<_>>())
        ),
    };
    if let Some(t) = e.trump {
        text.push_str(&format!(", trump {t}"));
    }
    text
}

/// `--table-mb`: a positive number of MiB, at most 4 GiB (each worker
/// thread has a table this size, and beyond a few MiB it only costs; a
/// table too big to allocate would abort rather than err).
fn table_mb(text: &str) -> Result<f64, String> {
    let mb: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of MiB"))?;
    if mb.is_finite() && mb > 0.0 && mb <= 4096.0 {
        Ok(mb)
    } else {
        Err(format!(
            "`{text}`: the table needs more than 0 and at most 4096 MiB"
        ))
    }
}
