//! `tysiac play`: computer players play seeded deals; each game beside the
//! double-dummy value of the same deal.

use std::process::ExitCode;

use clap::Args;
use tysiac::drivers::selfplay::{play_games, report, Mean, PlayOptions, PlayReport};
use tysiac::estimate::parse_hand;
use tysiac::players::player::PlayerKind;
use tysiac::solver::Workers;
use tysiac::Rules;

use super::progress::Bar;
use super::suggest::threads;

/// The most deals one run may play.
pub const MAX_DEALS: usize = 1_000_000;

#[derive(Args)]
pub struct PlayArgs {
    /// Deals to play.
    #[arg(long, default_value_t = 100, value_parser = deals)]
    pub deals: usize,
    /// Random seed: the same seed gives the same games, whatever --threads.
    #[arg(long, default_value_t = tysiac::estimate::bid::DEFAULT_SEED)]
    pub seed: u64,
    /// The declarer: dd (sees every card), pimc[:N] (N layouts a decision), simple.
    #[arg(long, default_value = "pimc:50")]
    pub declarer: PlayerKind,
    /// Both defenders: dd, pimc[:N], simple.
    #[arg(long, default_value = "pimc:50")]
    pub defenders: PlayerKind,
    /// How pimc players read the others' bids, contract and exchange: model
    /// or none (uniform layouts); overrides a `pimc:N:none` player.
    #[arg(long, value_name = "model|none")]
    pub inference: Option<tysiac::Inference>,
    /// The bid D won (its contract is at least this).
    #[arg(long, default_value_t = 100)]
    pub bid: u16,
    /// Seven cards dealt to --seat on every deal (the rest dealt at random).
    #[arg(long)]
    pub hand: Option<String>,
    /// Where --hand sits: d (the declarer), l or r (a defender).
    #[arg(long, default_value = "d", requires = "hand", value_name = "d|l|r")]
    pub seat: SeatArg,
    /// The chance a pimc declarer wants before it announces a level (of those
    /// that reach it, it announces the one with the highest expected score).
    #[arg(long, default_value_t = 0.5)]
    pub confidence: f64,
    /// Rule set, e.g. "standard musik=discard".
    #[arg(long, default_value = "standard")]
    pub rules: Rules,
    #[command(flatten)]
    pub players: super::input::PlayersArg,
    /// Worker threads (0: all cores).
    #[arg(long, default_value_t = 0, value_parser = threads)]
    pub threads: usize,
    /// One JSON line per deal, then a summary line.
    #[arg(long)]
    pub json: bool,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// Only shard I of N of the deal indices 0..deals: a contiguous slice
    /// (each deal seeded by (seed, index) as in a whole run).
    #[arg(long, value_name = "I/N")]
    pub shard: Option<tysiac::drivers::batch::Shard>,
    /// With --json: append the games to FILE (no summary); a rerun resumes.
    #[arg(long, value_name = "FILE", requires = "json")]
    pub out: Option<std::path::PathBuf>,
}

/// A seat named on the command line (`d`, `l`, `r`, either case).
#[derive(Clone, Copy, Debug)]
pub struct SeatArg(pub tysiac::Seat);

impl std::str::FromStr for SeatArg {
    type Err = String;
    fn from_str(s: &str) -> Result<SeatArg, String> {
        match s.to_ascii_uppercase().as_str() {
            "D" => Ok(SeatArg(tysiac::Seat::D)),
            "L" => Ok(SeatArg(tysiac::Seat::L)),
            "R" => Ok(SeatArg(tysiac::Seat::R)),
            _ => Err(format!(
                "'{s}' is not a seat: d (the declarer), l or r (a defender)"
            )),
        }
    }
}

fn deals(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=MAX_DEALS).contains(&n) => Ok(n),
        _ => Err(format!(
            "'{s}' is not a number of deals from 1 to {MAX_DEALS}"
        )),
    }
}

pub fn run(args: PlayArgs) -> ExitCode {
    let rules = args.rules;
    if let Err(e) = tysiac::engine::score::check_bid(&rules, args.bid) {
        eprintln!("error: --bid: {e}");
        return ExitCode::from(2);
    }
    if !(0.0..=1.0).contains(&args.confidence) {
        eprintln!(
            "error: --confidence {} is not a probability from 0 to 1",
            args.confidence
        );
        return ExitCode::from(2);
    }
    let hand = match args
        .hand
        .as_deref()
        .map(|h| parse_hand(h, rules.dealt(), "hand"))
    {
        Some(Ok(h)) => Some(h),
        Some(Err(e)) => {
            eprintln!("error: --hand: {e}");
            return ExitCode::from(2);
        }
        None => None,
    };
    let opts = PlayOptions {
        deals: args.deals,
        seed: args.seed,
        declarer: reading(args.declarer, args.inference),
        defenders: reading(args.defenders, args.inference),
        bid: args.bid,
        hand,
        seat: args.seat.0,
        confidence: args.confidence,
        as_bid_samples: false,
    };
    let workers = match Workers::new(rules, args.threads) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let n = args.shard.map_or(args.deals, |s| s.range(args.deals).len());
    let bar = Bar::new(n as u64, "playing", args.quiet);
    if let Some(path) = &args.out {
        let played =
            super::shard::play_to_file(&rules, &opts, args.shard, &workers, path, &|| bar.tick());
        bar.finish();
        return played.map_or_else(super::sampling::fail, |_| ExitCode::SUCCESS);
    }
    let games = match args.shard {
        None => play_games(&rules, &opts, &workers, &|| bar.tick()),
        Some(_) => super::shard::play_games(&rules, &opts, args.shard, &workers, &|| bar.tick()),
    };
    bar.finish();
    let summary = report(&rules, &opts, &games);
    if args.json {
        for g in &games {
            println!("{}", serde_json::to_string(g).expect("serializes"));
        }
        let line = serde_json::json!({ "summary": summary });
        println!("{line}");
    } else {
        print!("{}", text(&summary));
    }
    ExitCode::SUCCESS
}

fn mean(m: &Mean) -> String {
    format!("{:.1} [{:.1}, {:.1}]", m.mean, m.low, m.high)
}

fn text(r: &PlayReport) -> String {
    let mut o = String::new();
    o += &format!(
        "{} deals, seed {}, rules: {}; declarer {} against {} (bid {})\n\n",
        r.deals, r.seed, r.rules, r.declarer, r.defenders, r.bid
    );
    o += &format!("declarer's points        {}\n", mean(&r.points));
    o += &format!("double-dummy value       {}\n", mean(&r.dd_value));
    o += &format!("play minus double-dummy  {}\n", mean(&r.gap));
    o += &format!(
        "contract announced       {}; made {:.1}% [{:.1}, {:.1}]\n",
        mean(&r.contract),
        100.0 * r.made,
        100.0 * r.made_low,
        100.0 * r.made_high
    );
    o += &format!("declarer's hand score    {}\n\n", mean(&r.score));
    o += "level   made in play   made double-dummy   gap [95% interval]\n";
    for l in &r.levels {
        if l.real == 0.0 && l.dd == 0.0 {
            continue;
        }
        o += &format!(
            "{:>5}   {:>12.3}   {:>17.3}   {:+.3} [{:+.3}, {:+.3}]\n",
            l.level, l.real, l.dd, l.gap.mean, l.gap.low, l.gap.high
        );
    }
    o
}

/// A player with the `--inference` asked for, if any.
pub fn reading(kind: PlayerKind, inference: Option<tysiac::Inference>) -> PlayerKind {
    inference.map_or(kind, |i| kind.reading(i))
}
