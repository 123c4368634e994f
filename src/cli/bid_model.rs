//! `tysiac bid-model fit`: the real-play model of `data/bid-model.json`
//! rebuilt from games the computer players played (docs/bid.md).

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};
use tysiac::drivers::training::bid_model::{fit, rows_of, PlayedGame, Rows};
use tysiac::estimate::real::{BidModel, FORMAT};
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
    }
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
