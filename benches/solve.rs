//! Solver benchmarks over fixed, seeded sets of positions.
//!
//! Each measurement is the *median over the set* of one solve per position
//! (with the table cleared before each, so nothing carries over), so the
//! figures criterion reports are medians across positions, as the targets
//! are stated. Node counts are printed once per set.
//!
//! Run: `cargo bench --bench solve`.

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use tysiac::{random, Deal, Rules, Solver, State};

const SEED: u64 = 2026;

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// Times `solve` on every item and returns the median time, `iters` times over.
fn median_over<T>(items: &[T], iters: u64, mut solve: impl FnMut(&T)) -> Duration {
    (0..iters)
        .map(|_| {
            median(
                items
                    .iter()
                    .map(|item| {
                        let t = Instant::now();
                        solve(item);
                        t.elapsed()
                    })
                    .collect(),
            )
        })
        .sum()
}

/// Median and mean node counts of `solve` over the items.
fn nodes<T>(
    solver: &mut Solver,
    items: &[T],
    mut solve: impl FnMut(&mut Solver, &T),
) -> (u64, u64) {
    let mut n: Vec<u64> = items
        .iter()
        .map(|item| {
            solver.clear();
            solver.reset_stats();
            solve(solver, item);
            solver.stats().nodes
        })
        .collect();
    n.sort();
    (n[n.len() / 2], n.iter().sum::<u64>() / n.len() as u64)
}

fn full_deals(rules: &Rules, count: usize) -> Vec<State> {
    let mut rng = random::rng(SEED);
    (0..count).map(|_| random::start(&mut rng, rules)).collect()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group.sample_size(10).warm_up_time(Duration::from_secs(1));

    for (name, rules) in [
        ("standard", Rules::STANDARD),
        ("pl", Rules::PL),
        ("ru", Rules::RU),
    ] {
        let deals = full_deals(&rules, 51);
        let mut solver = Solver::new(rules);
        let (med, mean) = nodes(&mut solver, &deals, |s, d| {
            s.value(d);
        });
        println!("full deal ({name}, 51 deals): nodes median {med}, mean {mean}");
        group.bench_function(format!("full_deal_median/{name}"), |b| {
            b.iter_custom(|iters| {
                median_over(&deals, iters, |d| {
                    solver.clear();
                    solver.value(d);
                })
            })
        });
    }

    let rules = Rules::STANDARD;
    let mut rng = random::rng(SEED);
    let musik: Vec<Deal> = (0..21).map(|_| random::deal(&mut rng)).collect();
    let mut solver = Solver::new(rules);
    let (med, mean) = nodes(&mut solver, &musik, |s, d| {
        s.best_exchange(d);
    });
    println!("musik deal, best of 90 exchanges (21 deals): nodes median {med}, mean {mean}");
    group.bench_function("musik_deal_median/standard", |b| {
        b.iter_custom(|iters| {
            median_over(&musik, iters, |d| {
                solver.clear();
                solver.best_exchange(d);
            })
        })
    });

    let deals = full_deals(&rules, 51);
    for target in [100, 120] {
        let (med, mean) = nodes(&mut solver, &deals, |s, d| {
            s.reaches(d, target);
        });
        println!("target {target} (51 deals): nodes median {med}, mean {mean}");
        group.bench_function(format!("target_median/{target}"), |b| {
            b.iter_custom(|iters| {
                median_over(&deals, iters, |d| {
                    solver.clear();
                    solver.reaches(d, target);
                })
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
