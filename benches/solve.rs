//! Solver benchmarks over fixed, seeded sets of positions.
//!
//! Each measurement is the *median over the set* of one solve per position
//! (with the table cleared before each, so nothing carries over), so the
//! figures criterion reports are medians across positions, as the targets
//! are stated. Node counts are printed once per set.
//!
//! Run: `cargo bench --bench solve`.
//!
//! A fixed workload for instruction counts (no criterion, no timing): with
//! `SOLVE_PROFILE=<what>:<count>` set, the binary solves `count` positions
//! of one kind, each with a fresh table, prints the node count and exits.
//! `what` is `full` (value of a full deal), `moves` (every legal move's
//! value at the first lead), `musik` (best exchange of a musik deal), and
//! for two players (`players=2` is added to the rules) `two` (value of a
//! 10-10-2-2 deal after a random lay-away) and `two_musik` (its best
//! lay-away); `SOLVE_RULES` picks the rules (default standard). For example:
//!
//!     SOLVE_PROFILE=full:200 valgrind --tool=callgrind target/release/deps/solve-*

use std::time::{Duration, Instant};

use criterion::{criterion_group, Criterion};
use rand::seq::SliceRandom;
use rand::Rng;
use tysiac::{engine::random, Card, CardSet, Deal, Rules, Solver, State};

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

/// A uniformly random two-player deal: 10 cards to D and to L, the musik
/// D takes and the other one, 2 each.
fn two_deal(rng: &mut impl Rng) -> Deal {
    let mut cards: Vec<Card> = Card::all().collect();
    cards.shuffle(rng);
    let set = |r: std::ops::Range<usize>| cards[r].iter().copied().collect::<CardSet>();
    Deal::two(set(0..10), set(10..20), set(20..22), set(22..24))
}

/// Two-player deals, each with the state after a random lay-away.
fn two_deals(rules: &Rules, count: usize) -> Vec<(Deal, State)> {
    let mut rng = random::rng(SEED);
    (0..count)
        .map(|_| {
            let deal = two_deal(&mut rng);
            let exchanges = deal.exchanges(rules);
            let e = exchanges[rng.gen_range(0..exchanges.len())];
            (deal, deal.after(rules, &e).expect("a generated lay-away"))
        })
        .collect()
}

/// The `SOLVE_PROFILE` workload (see the module docs).
fn profile(what: &str, count: usize) {
    let mut text = std::env::var("SOLVE_RULES").unwrap_or("standard".into());
    if what.starts_with("two") {
        text += " players=2";
    }
    let rules: Rules = text.parse().expect("rules");
    if what.starts_with("two") {
        let mut solver = Solver::new(rules);
        let mut check = 0u64;
        for (deal, start) in two_deals(&rules, count) {
            solver.clear();
            check += match what {
                "two" => solver.value(&start),
                "two_musik" => solver.best_exchange(&deal).1,
                _ => panic!("SOLVE_PROFILE: two or two_musik"),
            } as u64;
        }
        println!(
            "{what} x{count} ({rules}): nodes {}, values sum {check}",
            solver.stats().nodes
        );
        return;
    }
    let mut solver = Solver::new(rules);
    let mut rng = random::rng(SEED);
    let mut check = 0u64;
    for _ in 0..count {
        solver.clear();
        match what {
            "full" => check += solver.value(&random::start(&mut rng, &rules)) as u64,
            "moves" => {
                let s = random::start(&mut rng, &rules);
                check += solver
                    .move_values(&s)
                    .iter()
                    .map(|&(_, v)| v as u64)
                    .sum::<u64>();
            }
            "musik" => check += solver.best_exchange(&random::deal(&mut rng)).1 as u64,
            _ => panic!("SOLVE_PROFILE: full, moves or musik"),
        }
    }
    println!(
        "{what} x{count} ({rules}): nodes {}, values sum {check}",
        solver.stats().nodes
    );
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

    // What PIMC needs per layout: every legal move's value at the first
    // lead, against the value alone (the full-deal figure above).
    let rules = Rules::STANDARD;
    let deals = full_deals(&rules, 51);
    let mut solver = Solver::new(rules);
    let (med, mean) = nodes(&mut solver, &deals, |s, d| {
        s.move_values(d);
    });
    println!("first-lead move values (standard, 51 deals): nodes median {med}, mean {mean}");
    group.bench_function("first_lead_move_values_median/standard", |b| {
        b.iter_custom(|iters| {
            median_over(&deals, iters, |d| {
                solver.clear();
                solver.move_values(d);
            })
        })
    });

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

    // Two players (issue 22): 10-10-2-2 deals, the value after a random
    // lay-away, and the best of every lay-away (132 under laid_away=split).
    let rules: Rules = "players=2".parse().unwrap();
    let two = two_deals(&rules, 51);
    let mut solver = Solver::new(rules);
    let (med, mean) = nodes(&mut solver, &two, |s, (_, start)| {
        s.value(start);
    });
    println!("two players: full deal (51 deals): nodes median {med}, mean {mean}");
    group.bench_function("two_players_full_deal_median/standard", |b| {
        b.iter_custom(|iters| {
            median_over(&two, iters, |(_, start)| {
                solver.clear();
                solver.value(start);
            })
        })
    });
    let two = &two[..21];
    let (med, mean) = nodes(&mut solver, two, |s, (deal, _)| {
        s.best_exchange(deal);
    });
    println!("two players: best of 132 lay-aways (21 deals): nodes median {med}, mean {mean}");
    group.bench_function("two_players_best_lay_away_median/standard", |b| {
        b.iter_custom(|iters| {
            median_over(two, iters, |(deal, _)| {
                solver.clear();
                solver.best_exchange(deal);
            })
        })
    });
    group.finish();
}

criterion_group!(benches, bench);

fn main() {
    if let Ok(spec) = std::env::var("SOLVE_PROFILE") {
        let (what, count) = spec.split_once(':').expect("SOLVE_PROFILE=<what>:<count>");
        profile(what, count.parse().expect("a count"));
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
