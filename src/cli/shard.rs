//! `--shard I/N` for the batch commands over many items (`solve`,
//! `analyze`, `play`): the items in their input order, shard I the slice
//! [`Shard::range`] of them. Without `--shard` nothing changes.

use tysiac::drivers::batch::Shard;
use tysiac::drivers::selfplay::{play_game, Game, PlayOptions};
use tysiac::solver::{Progress, Workers};
use tysiac::Rules;

/// The shard's slice of `items` (all of them without a shard).
pub fn slice<T>(items: Vec<T>, shard: Option<Shard>) -> Vec<T> {
    match shard {
        None => items,
        Some(s) => {
            let r = s.range(items.len());
            items.into_iter().skip(r.start).take(r.len()).collect()
        }
    }
}

/// Counts items as a loop meets them and says which are the shard's.
pub struct Keep {
    range: std::ops::Range<usize>,
    next: usize,
}

impl Keep {
    /// For `total` items (found by a first pass) and the shard; without a
    /// shard, every item (whatever `total`).
    pub fn new(shard: Option<Shard>, total: usize) -> Keep {
        Keep {
            range: shard.map_or(0..usize::MAX, |s| s.range(total)),
            next: 0,
        }
    }

    /// Is the next item the shard's?
    pub fn take(&mut self) -> bool {
        self.next += 1;
        self.range.contains(&(self.next - 1))
    }
}

/// `play --shard`: the games of the shard's deal indices, each seeded by
/// (seed, index) as in a whole run, in index order.
pub fn play_games(
    rules: &Rules,
    opts: &PlayOptions,
    shard: Option<Shard>,
    workers: &Workers,
    progress: Progress,
) -> Vec<Game> {
    let r = shard.unwrap_or(Shard::ALL).range(opts.deals);
    workers.map(r.len(), progress, |solver, i| {
        play_game(rules, opts, r.start + i, solver)
    })
}

/// `play --json --out FILE`: the shard's games appended to FILE a few at a
/// time, each line the game's JSON plus the run's `seed declarer defenders
/// bid hand rules`; a rerun checks those, keeps the complete games, cuts a
/// torn last line and plays on from the next deal. No summary line (a
/// resumed run has not played every game itself).
pub fn play_to_file(
    rules: &Rules,
    opts: &PlayOptions,
    shard: Option<Shard>,
    workers: &Workers,
    path: &std::path::Path,
    progress: Progress,
) -> Result<(), String> {
    use tysiac::drivers::batch::{Expect, Output};
    let r = shard.unwrap_or(Shard::ALL).range(opts.deals);
    let indices: Vec<usize> = r.clone().collect();
    let run: Vec<(&'static str, serde_json::Value)> = vec![
        ("seed", opts.seed.into()),
        ("declarer", opts.declarer.to_string().into()),
        ("defenders", opts.defenders.to_string().into()),
        ("bid", opts.bid.into()),
        ("hand", opts.hand.map(|h| h.to_string()).into()),
        ("rules", rules.to_string().into()),
    ];
    let mut tail = String::new();
    for (k, v) in &run {
        tail += &format!(",\"{k}\":{v}");
    }
    let mut out = Output::open(
        path,
        &Expect {
            indices: &indices,
            same: run,
        },
    )?;
    let per = workers.threads() * 4;
    let mut next = r.start + out.done();
    while next < r.end {
        let n = per.min(r.end - next);
        let games = workers.map(n, progress, |solver, i| {
            play_game(rules, opts, next + i, solver)
        });
        let lines: Vec<String> = games
            .iter()
            .map(|g| {
                let mut s = serde_json::to_string(g).expect("game serializes");
                s.pop(); // the closing brace
                s + &tail + "}"
            })
            .collect();
        out.write_lines(&lines)?;
        next += n;
    }
    Ok(())
}

/// `--out FILE` of `solve` and `analyze`: the resumable JSON-lines output of
/// items `indices`, or none without `--out`. An error names the option.
pub fn open_out(
    path: Option<&std::path::Path>,
    indices: std::ops::Range<usize>,
) -> Result<Option<tysiac::drivers::batch::Output>, String> {
    let Some(path) = path else {
        return Ok(None);
    };
    let indices: Vec<usize> = indices.collect();
    let expect = tysiac::drivers::batch::Expect {
        indices: &indices,
        same: Vec::new(),
    };
    tysiac::drivers::batch::Output::open(path, &expect)
        .map(Some)
        .map_err(|e| format!("--out: {e}"))
}
