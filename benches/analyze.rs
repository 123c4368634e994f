//! The post-mortem of complete hands (issue 4: at most 50 ms for 24 moves).
//!
//! Each measured analysis starts from an empty table (cleared outside the
//! timing) and reuses it from move to move, as `tysiac analyze` does within a
//! hand. Hands are random deals with a random exchange and random legal play.
//!
//! Run: `cargo bench --bench analyze`

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use tysiac::{analyze_play, analyze_position, engine::random, Form, Position, Rules, Solver};

/// A random complete hand: deal, exchange and every move.
fn hand(seed: u64, rules: &Rules) -> Position {
    Position {
        id: Some(format!("seed-{seed}")),
        contract: Some(120),
        ..random::played_hand(&mut random::rng(seed), rules, usize::MAX)
    }
}

/// Times `run` on each hand in turn, the table cleared before each (untimed).
fn each_hand(
    solver: &mut Solver,
    hands: &[Position],
    iters: u64,
    run: impl Fn(&mut Solver, &Position),
) -> Duration {
    let mut total = Duration::ZERO;
    for i in 0..iters as usize {
        solver.clear();
        let t = Instant::now();
        run(solver, &hands[i % hands.len()]);
        total += t.elapsed();
    }
    total
}

fn bench(c: &mut Criterion) {
    let rules = Rules::STANDARD;
    let hands: Vec<Position> = (0..16).map(|seed| hand(seed, &rules)).collect();
    let mut solver = Solver::new(rules);
    let mut group = c.benchmark_group("analyze");
    group.sample_size(20);
    // The 24 moves only: what the 50 ms target is about.
    group.bench_function("play_24_moves", |b| {
        b.iter_custom(|iters| {
            each_hand(&mut solver, &hands, iters, |solver, p| {
                let Form::History(h) = &p.form else {
                    unreachable!()
                };
                let start = h.start.expect("played");
                analyze_play(solver, &start, &h.moves, p.contract).expect("legal");
            })
        })
    });
    // The whole post-mortem, the best exchange of the deal included.
    group.bench_function("position_with_exchange", |b| {
        b.iter_custom(|iters| {
            each_hand(&mut solver, &hands, iters, |solver, p| {
                analyze_position(solver, p, None).expect("legal");
            })
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
