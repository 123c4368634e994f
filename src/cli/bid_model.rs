//! `tysiac bid-model fit`: the real-play model of `data/bid-model.json`
//! rebuilt from games the computer players played (docs/bid.md).

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};
use tysiac::drivers::training::bid_check::{
    self, answers, calibration_svg, check_hands, compare, summarise, CheckHand, Played,
};
use tysiac::drivers::training::bid_model::{fit, rows_of, PlayedGame, Rows};
use tysiac::estimate::real::{Basis, BidModel, FORMAT};
use tysiac::solver::Workers;
use tysiac::{Rules, Solver};

use super::progress::Bar;

#[derive(Args)]
pub struct BidModelArgs {
    #[command(subcommand)]
    command: BidModelCommand,
}

#[derive(Subcommand)]
enum BidModelCommand {
    /// Fit the model from `tysiac play --json` files (one model per rule set
    /// they were played under) and write it.
    Fit(FitArgs),
    /// The check's hands, drawn by seed, a third weak, middling and strong:
    /// `hand stratum seed` a line (the seed of its playouts).
    Hands(HandsArgs),
    /// Compare the bid answer with hands played out (`tysiac play --hand H
    /// --seed S`, and `--seat l|r` for the defence).
    Check(CheckArgs),
}

#[derive(Args)]
struct HandsArgs {
    /// How many hands.
    #[arg(long, default_value_t = 200, value_parser = hands)]
    count: usize,
    #[arg(long, default_value_t = bid_check::DEFAULT_SEED)]
    seed: u64,
}

#[derive(Args)]
struct CheckArgs {
    /// Files of playouts, as `tysiac play --json --out` writes them.
    #[arg(required = true, value_name = "GAMES")]
    games: Vec<PathBuf>,
    /// The hands' seed and count (as `bid-model hands`): the hands compared.
    #[arg(long, default_value_t = bid_check::DEFAULT_SEED)]
    seed: u64,
    #[arg(long, default_value_t = 200, value_parser = hands)]
    count: usize,
    /// Samples of each answer (the `bid` default when not given).
    #[arg(long, value_parser = super::suggest::samples)]
    samples: Option<usize>,
    /// Worker threads (0: all cores).
    #[arg(long, default_value_t = 0, value_parser = super::suggest::threads)]
    threads: usize,
    /// Write the calibration picture (SVG) here.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// One JSON line per hand, then the summaries.
    #[arg(long)]
    json: bool,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

/// The most hands a check draws.
const MAX_HANDS: usize = 100_000;

fn hands(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (3..=MAX_HANDS).contains(&n) => Ok(n),
        _ => Err(format!(
            "'{s}' is not a number of hands from 3 to {MAX_HANDS}"
        )),
    }
}

#[derive(Args)]
struct FitArgs {
    /// Files of games, as `tysiac play --json --out` writes them.
    #[arg(required = true, value_name = "GAMES")]
    games: Vec<PathBuf>,
    /// Where to write the model (the shipped one is data/bid-model.json).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

/// The most games one fit reads (a model needs thousands; this bounds the
/// memory a mistaken glob could take).
const MAX_GAMES: usize = 2_000_000;

pub fn run(args: BidModelArgs) -> ExitCode {
    match args.command {
        BidModelCommand::Fit(a) => match fit_files(&a) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
        BidModelCommand::Hands(a) => {
            for h in check_hands(a.seed, a.count) {
                let stratum = serde_json::to_value(h.stratum).expect("serializes");
                println!("{} {} {}", h.hand, stratum.as_str().unwrap_or(""), h.seed);
            }
            ExitCode::SUCCESS
        }
        BidModelCommand::Check(a) => match check(&a) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
    }
}

/// Reads playout files: each game's rules, hand, seat and points.
fn read_playouts(files: &[PathBuf]) -> Result<BTreeMap<(String, String), Played>, String> {
    let mut out: BTreeMap<(String, String), Played> = BTreeMap::new();
    for path in files {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let at = || format!("{}:{}", path.display(), i + 1);
            let v: serde_json::Value =
                serde_json::from_str(line).map_err(|e| format!("{}: not JSON: {e}", at()))?;
            if v.get("summary").is_some() {
                continue;
            }
            let field = |k: &str| {
                v.get(k)
                    .and_then(|x| x.as_str())
                    .map(String::from)
                    .ok_or_else(|| {
                        format!(
                            "{}: no {k} (write playouts with play --hand --json --out)",
                            at()
                        )
                    })
            };
            let (rules, hand) = (field("rules")?, field("hand")?);
            let seat = v.get("seat").and_then(|x| x.as_str()).unwrap_or("D");
            let number = |x: &serde_json::Value| {
                x.as_u64()
                    .and_then(|n| u16::try_from(n).ok())
                    .ok_or_else(|| format!("{}: points are not a number", at()))
            };
            let p = out.entry((rules, hand)).or_default();
            match seat {
                "D" => p.declarer.push(number(&v["points"])?),
                "L" => p.defence.push(number(&v["defenders_points"][0])?),
                "R" => p.defence.push(number(&v["defenders_points"][1])?),
                other => return Err(format!("{}: '{other}' is not a seat", at())),
            }
        }
    }
    Ok(out)
}

fn check(a: &CheckArgs) -> Result<(), String> {
    let played = read_playouts(&a.games)?;
    let rules_seen: std::collections::BTreeSet<&String> = played.keys().map(|k| &k.0).collect();
    let [rules_text] = rules_seen.into_iter().collect::<Vec<_>>()[..] else {
        return Err("the playouts are of several rule sets: check one at a time".into());
    };
    let rules: Rules = rules_text.parse().map_err(|e: tysiac::RulesError| e.0)?;
    tysiac::estimate::bid::real_model(&rules).map_err(|e| e.to_string())?;
    let hands = check_hands(a.seed, a.count);
    let with: Vec<(&CheckHand, &Played)> = hands
        .iter()
        .filter_map(|h| {
            played
                .get(&(rules_text.clone(), h.hand.to_string()))
                .map(|p| (h, p))
        })
        .filter(|(_, p)| !p.declarer.is_empty())
        .collect();
    if with.is_empty() {
        return Err(format!(
            "none of the {} hands of seed {} has playouts in these files",
            a.count, a.seed
        ));
    }
    let samples = a.samples.unwrap_or(tysiac::estimate::bid::DEFAULT_SAMPLES);
    let workers = Workers::new(rules, a.threads).map_err(|e| e.to_string())?;
    let bar = Bar::new(
        (with.len() * tysiac::estimate::bid::work(samples)) as u64,
        "bid-model check",
        a.quiet,
    );
    let mut real = Vec::new();
    let mut dd = Vec::new();
    for (h, p) in &with {
        let (r, d) = answers(h.hand, &rules, samples, &workers, &|| bar.tick())
            .map_err(|e| e.to_string())?;
        real.push(compare(h, &r, p, &rules));
        dd.push(compare(h, &d, p, &rules));
    }
    bar.finish();
    let summaries = [
        summarise(Basis::RealPlay, &real),
        summarise(Basis::DoubleDummy, &dd),
    ];
    if let Some(svg) = &a.svg {
        let title = format!(
            "{} hands of {rules}, {} playouts each",
            with.len(),
            with[0].1.declarer.len()
        );
        std::fs::write(svg, calibration_svg(&summaries, &title))
            .map_err(|e| format!("{}: cannot write: {e}", svg.display()))?;
    }
    if a.json {
        for (r, d) in real.iter().zip(&dd) {
            println!("{}", serde_json::json!({"real_play": r, "double_dummy": d}));
        }
        println!("{}", serde_json::json!({"summary": summaries}));
        return Ok(());
    }
    let missing = a.count - with.len();
    println!(
        "{} hands of {rules} (seed {}, {} without playouts), answers from {samples} samples",
        with.len(),
        a.seed,
        missing
    );
    for s in &summaries {
        println!();
        println!(
            "{}: {} cells (hand, allowed level)",
            match s.basis {
                Basis::RealPlay => "real play (the answer)",
                Basis::DoubleDummy => "double-dummy (--basis dd)",
            },
            s.cells
        );
        println!("  tenth      cells  predicted  played    gap");
        for t in &s.tenths {
            println!(
                "  {:.1}-{:.1}  {:>7}    {:.3}    {:.3}  {:+.3}",
                t.from,
                t.from + 0.1,
                t.cells,
                t.predicted,
                t.played,
                t.predicted - t.played
            );
        }
        println!(
            "  worst tenth {:.3}; cells inside the playouts' 95% interval {:.1}%",
            s.worst_tenth,
            100.0 * s.inside
        );
        println!(
            "  bid up to as the playouts': {:.1}% of the {} hands with defence playouts; within 10 and inside the noise: {:.1}% more",
            100.0 * s.limit_agrees,
            s.limit_hands,
            100.0 * s.limit_close_in_noise
        );
    }
    Ok(())
}

/// One rule set's games: who played them, the first seed, their rows.
struct Group {
    player: String,
    seed: u64,
    games: Vec<PlayedGame>,
}

fn fit_files(a: &FitArgs) -> Result<(), String> {
    let mut groups: BTreeMap<String, Group> = BTreeMap::new();
    let mut total = 0;
    for path in &a.games {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
        for (i, line) in text.lines().enumerate() {
            let at = || format!("{}:{}", path.display(), i + 1);
            if line.trim().is_empty() {
                continue;
            }
            let value: serde_json::Value =
                serde_json::from_str(line).map_err(|e| format!("{}: not JSON: {e}", at()))?;
            if value.get("summary").is_some() {
                continue;
            }
            let game: PlayedGame = serde_json::from_value(value)
                .map_err(|e| format!("{}: not a game of tysiac play --json: {e}", at()))?;
            let rules = game.rules.clone().ok_or_else(|| {
                format!(
                    "{}: the game has no rules key (write it with play --json --out)",
                    at()
                )
            })?;
            let player = match (&game.declarer, &game.defenders) {
                (Some(d), Some(f)) if d == f => d.clone(),
                _ => {
                    return Err(format!(
                        "{}: the model is learned from one player in every seat",
                        at()
                    ))
                }
            };
            let g = groups.entry(rules).or_insert_with(|| Group {
                player: player.clone(),
                seed: game.seed.unwrap_or(0),
                games: Vec::new(),
            });
            if g.player != player {
                return Err(format!(
                    "{}: {player} plays here, {} in the other games of these rules",
                    at(),
                    g.player
                ));
            }
            g.games.push(game);
            total += 1;
            if total > MAX_GAMES {
                return Err(format!("more than {MAX_GAMES} games: fit on fewer"));
            }
        }
    }
    let mut models = Vec::new();
    for (rules_text, g) in &groups {
        let rules: Rules = rules_text.parse().map_err(|e: tysiac::RulesError| e.0)?;
        let mut solver = Solver::new(rules);
        let bar = Bar::new(g.games.len() as u64, &format!("bid-model {rules}"), a.quiet);
        let rows: Vec<Rows> = g
            .games
            .iter()
            .map(|game| {
                let r = rows_of(game, &rules, &mut solver);
                bar.tick();
                r
            })
            .collect::<Result<_, _>>()?;
        bar.finish();
        models.push(fit(&rules, &g.player, g.seed, &rows));
    }
    let model = BidModel {
        format: FORMAT,
        models,
    };
    let text = serde_json::to_string_pretty(&model).map_err(|e| e.to_string())? + "\n";
    // Read back before writing: the file must be one this program accepts.
    BidModel::from_json(&text)?;
    std::fs::write(&a.out, text).map_err(|e| format!("{}: cannot write: {e}", a.out.display()))?;
    eprintln!(
        "wrote {} ({} rule sets, {total} games)",
        a.out.display(),
        model.models.len()
    );
    Ok(())
}
