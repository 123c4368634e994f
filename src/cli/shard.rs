//! `--shard I/N` for the batch commands over many items (`solve`,
//! `analyze`, `play`): the items in their input order, shard I the slice
//! [`Shard::range`] of them. Without `--shard` nothing changes.

use tysiac::batch::Shard;
use tysiac::estimate::{Progress, Workers};
use tysiac::selfplay::{play_game, Game, PlayOptions};
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
