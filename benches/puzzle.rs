//! Puzzle generation speed: puzzles found per second on one thread, for 3-
//! and 4-trick puzzles at the default settings (goal max, min cost 10,
//! plausible play, any side), and the share of candidates rejected.
//!
//! Criterion reports the throughput as elements (puzzles) per second; each
//! iteration generates a fixed batch from a fixed seed (fresh solver, so
//! nothing carries over between iterations). Before that, one longer run per
//! setting prints the rejection rate and its reasons.
//!
//! Run: `cargo bench --bench puzzle`.

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tysiac::analysis::puzzle::{self, Options};

const SEED: u64 = 2026;
/// Puzzles per measured iteration.
const BATCH: usize = 50;

fn options(tricks: usize) -> Options {
    Options {
        seed: SEED,
        tricks: (tricks, tricks),
        ..Options::default()
    }
}

fn generation(c: &mut Criterion) {
    for tricks in [3, 4] {
        let opts = options(tricks);
        let t = Instant::now();
        let (found, counts) = puzzle::generate(&opts, 500, u64::MAX, 1);
        let secs = t.elapsed().as_secs_f64();
        eprintln!(
            "{tricks} tricks: {counts}; {:.0} puzzles/s on one thread",
            found.len() as f64 / secs
        );
    }
    let mut group = c.benchmark_group("puzzle");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .throughput(Throughput::Elements(BATCH as u64));
    for tricks in [3, 4] {
        let opts = options(tricks);
        group.bench_function(format!("{tricks}-tricks"), |b| {
            b.iter(|| puzzle::generate(&opts, BATCH, u64::MAX, 1))
        });
    }
    group.finish();
}

criterion_group!(benches, generation);
criterion_main!(benches);
