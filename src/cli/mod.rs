//! Command-line options (clap) and one module per subcommand.

mod analyze;
mod bid;
mod bid_model;
mod bid_play;
mod bid_table;
mod exchange;
mod game;
mod inference;
mod input;
mod play;
mod progress;
mod puzzle;
mod sampling;
mod score;
#[cfg(feature = "server")]
mod serve;
mod shard;
mod solve;
mod suggest;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// tysiac: double-dummy solver and hand analyzer for Tysiąc (1000).
#[derive(Parser)]
#[command(name = "tysiac", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve positions double-dummy: the value, every move's value, a line.
    Solve(solve::SolveArgs),
    /// Post-mortem of played hands: every move's cost, the exchange, the score.
    Analyze(analyze::AnalyzeArgs),
    /// A game's running score sheet from a list of hands.
    Score(score::ScoreArgs),
    /// Puzzles with exactly one winning move: generate them, or --verify a file.
    Puzzle(puzzle::PuzzleArgs),
    /// How high to bid with 7 cards: sampled layouts solved double-dummy.
    Bid(bid::BidArgs),
    /// The bid estimate for many hands (a file, or all 346,104), sharded,
    /// one JSON line per hand.
    BidTable(bid_table::BidTableArgs),
    /// The real-play model bids rest on: rebuild it from computer players'
    /// games (fit).
    BidModel(bid_model::BidModelArgs),
    /// Which cards to give away after taking the musik, and what to announce.
    Exchange(exchange::ExchangeArgs),
    /// The best card from one seat's view: sampled layouts that fit what it saw.
    Suggest(suggest::SuggestArgs),
    /// Computer players play seeded deals, beside their double-dummy values.
    Play(play::PlayArgs),
    /// A whole game against the computer (--seats me,pimc,pimc), or the
    /// arena: many games between computer players.
    Game(game::GameArgs),
    /// The model of the others' decisions: rebuild it (train) or measure
    /// it on self-play (check).
    Inference(inference::InferenceArgs),
    /// The web page and a JSON API on a local address.
    #[cfg(feature = "server")]
    Serve(serve::ServeArgs),
}

/// Parses the command line and runs the subcommand.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    let command = match with_players(cli.command) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    match command {
        Command::Solve(args) => solve::run(args),
        Command::Analyze(args) => analyze::run(args),
        Command::Score(args) => score::run(args),
        Command::Puzzle(args) => puzzle::run(args),
        Command::Bid(args) => bid::run(args),
        Command::BidTable(args) => bid_table::run(args),
        Command::BidModel(args) => bid_model::run(args),
        Command::Exchange(args) => exchange::run(args),
        Command::Suggest(args) => suggest::run(args),
        Command::Play(args) => play::run(args),
        Command::Game(args) => game::run(args),
        Command::Inference(args) => inference::run(args),
        #[cfg(feature = "server")]
        Command::Serve(args) => serve::run(args),
    }
}

/// Each command's `--players 2` folded into its rules ([`input::PlayersArg`]):
/// the commands then read only their rules.
fn with_players(mut command: Command) -> Result<Command, String> {
    match &mut command {
        Command::Solve(a) => a.rules = a.players.apply_default(a.rules)?,
        Command::Analyze(a) => a.rules = a.players.apply_default(a.rules)?,
        Command::Score(a) => a.rules = a.players.apply_default(a.rules)?,
        Command::Puzzle(a) => a.rules = a.players.apply_default(a.rules)?,
        Command::Suggest(a) => a.rules = a.players.apply_default(a.rules)?,
        Command::Bid(a) => a.common.rules = a.common.players.apply(a.common.rules)?,
        Command::Exchange(a) => a.common.rules = a.common.players.apply(a.common.rules)?,
        Command::Play(a) => a.rules = a.players.apply(a.rules)?,
        _ => {}
    }
    Ok(command)
}
