//! `tysiac bid-table`: the `bid` estimate for many hands (a file of hands,
//! or all 346,104), one JSON line per hand, by shards, resumable.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use tysiac::drivers::batch::{self, Expect, Output, Shard, ALL_HANDS};
use tysiac::solver::Workers;
use tysiac::{CardSet, Rules};

use super::progress::Bar;
use super::sampling::fail;
use super::suggest::{samples, threads};

#[derive(Args)]
pub struct BidTableArgs {
    /// A file of hands, one per line: the table's items, in the file's order.
    #[arg(long, value_name = "FILE", conflicts_with = "all")]
    pub hands: Option<PathBuf>,
    /// Every 7-card hand (346,104), in ascending order of the 24-bit card
    /// mask (bit suit*6 + rank, hearts first, nines low).
    #[arg(long)]
    pub all: bool,
    /// Sampled layouts per hand.
    #[arg(long, default_value_t = 1000, value_parser = samples)]
    pub samples: usize,
    /// Table seed: each hand's samples are seeded by a hash of (seed, hand).
    #[arg(long, default_value_t = tysiac::estimate::bid::DEFAULT_SEED)]
    pub seed: u64,
    /// What the chances rest on: `real` (play by the computer players, the
    /// default) or `dd` (every card seen).
    #[arg(long, default_value = "real", value_name = "real|dd")]
    pub basis: tysiac::estimate::real::Basis,
    /// Rule set, e.g. "standard musik=discard".
    #[arg(long, default_value = "standard")]
    pub rules: Rules,
    /// Only shard I of N: the items from floor((I-1)*n/N) to floor(I*n/N),
    /// a contiguous slice; the shards in order make the whole table.
    #[arg(long, value_name = "I/N", default_value = "1/1")]
    pub shard: Shard,
    /// Write the lines here; a rerun skips the hands already complete
    /// and redoes a torn last line. Without it: standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Worker threads (0: all cores).
    #[arg(long, default_value_t = 0, value_parser = threads)]
    pub threads: usize,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

pub fn run(args: BidTableArgs) -> ExitCode {
    if args.rules.players == tysiac::Players::Two {
        // The tables are indexed by the C(24, 7) hands of the three-player
        // deal; two players' ten-card hands number C(24, 10) = 1,961,256.
        return fail(
            "bid-table lists the three-player game's 7-card hands; with two players, \
             `tysiac bid HAND --players 2` estimates one ten-card hand",
        );
    }
    if args.basis == tysiac::estimate::real::Basis::RealPlay {
        if let Err(e) = tysiac::estimate::bid::real_model(&args.rules) {
            return fail(e);
        }
    }
    let items: Vec<(usize, CardSet)> = match (&args.hands, args.all) {
        (Some(path), false) => match batch::read_hands(path) {
            // A file with no hand is a mistake, not an empty table.
            Ok(hands) if hands.is_empty() => {
                return fail(format!(
                    "{}: no hands (one 7-card hand a line)",
                    path.display()
                ))
            }
            Ok(hands) => {
                let r = args.shard.range(hands.len());
                hands[r.clone()]
                    .iter()
                    .enumerate()
                    .map(|(k, &h)| (r.start + k, h))
                    .collect()
            }
            Err(e) => return fail(e),
        },
        (None, true) => args
            .shard
            .range(ALL_HANDS)
            .map(|i| (i, batch::hand_at(i)))
            .collect(),
        _ => return fail("bid-table needs --hands FILE or --all"),
    };
    let workers = match Workers::new(args.rules, args.threads) {
        Ok(w) => w,
        Err(e) => return fail(e),
    };
    let mut out = match &args.out {
        Some(path) => {
            let indices: Vec<usize> = items.iter().map(|x| x.0).collect();
            let expect = Expect {
                indices: &indices,
                same: vec![
                    ("samples", args.samples.into()),
                    ("seed", args.seed.into()),
                    ("rules", args.rules.to_string().into()),
                    ("basis", args.basis.to_string().into()),
                ],
            };
            match Output::open(path, &expect) {
                Ok(o) => Some(o),
                Err(e) => return fail(e),
            }
        }
        None => None,
    };
    let skip = out.as_ref().map_or(0, |o| o.done());
    let todo = &items[skip..];
    let bar = Bar::new(todo.len() as u64, "bid-table", args.quiet);
    // Enough hands at once to keep every thread busy; results do not
    // depend on it (each sample's stream is fixed by its hand and index).
    let per = (workers.threads() * 64).div_ceil(args.samples).max(1);
    let stdout = std::io::stdout();
    for chunk in todo.chunks(per) {
        let rows = batch::table_rows(
            chunk,
            &args.rules,
            args.samples,
            args.seed,
            args.basis,
            &workers,
        );
        let rows = match rows {
            Ok(rows) => rows,
            Err(e) => return fail(e),
        };
        let lines: Vec<String> = rows
            .iter()
            .map(|r| serde_json::to_string(r).expect("row serializes"))
            .collect();
        match &mut out {
            Some(o) => {
                if let Err(e) = o.write_lines(&lines) {
                    return fail(e);
                }
            }
            None => {
                let mut lock = stdout.lock();
                for l in &lines {
                    if writeln!(lock, "{l}").is_err() {
                        return ExitCode::SUCCESS; // closed pipe
                    }
                }
                let _ = lock.flush();
            }
        }
        for _ in chunk {
            bar.tick();
        }
    }
    bar.finish();
    ExitCode::SUCCESS
}

/// `bid --table FILE HAND`: the hand's row as the `bid` report, after a
/// line naming the table's samples, seed and rules.
pub fn lookup(
    path: &std::path::Path,
    hand: CardSet,
    json: bool,
    text: impl Fn(&tysiac::estimate::BidReport) -> String,
) -> ExitCode {
    let row = match batch::lookup(path, hand) {
        Ok(Some(row)) => row,
        Ok(None) => {
            return fail(format!(
                "{}: hand {hand} is not in the table",
                path.display()
            ))
        }
        Err(e) => return fail(e),
    };
    let report = row.to_report();
    if json {
        let mut v = serde_json::to_value(&report).expect("report serializes");
        if let Some(obj) = v.as_object_mut() {
            obj.insert(
                "table".into(),
                serde_json::json!({"file": path.display().to_string(), "index": row.index,
                    "samples": row.samples, "seed": row.seed, "rules": row.rules}),
            );
        }
        println!("{}", serde_json::to_string_pretty(&v).expect("serializes"));
    } else {
        println!(
            "from table {}: {} samples a hand, table seed {} (this hand's seed {}), rules: {}",
            path.display(),
            row.samples,
            row.seed,
            row.hand_seed,
            row.rules
        );
        print!("{}", text(&report));
    }
    ExitCode::SUCCESS
}
