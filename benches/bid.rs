//! Speed of `tysiac bid`: first issue 48's target, the whole report at its
//! defaults (400 samples, the real-play basis) on one core, over the
//! example hand and the check's first hands (weak, middling and strong);
//! then double-dummy with 1 and 2 threads, and the realistic mode at its
//! default inner counts. A bench binary rather than criterion: one run is
//! already seconds, and the figures that matter are wall time, per-sample
//! cost, scaling and peak memory.
//!
//!     cargo bench --bench bid
//!     cargo bench --bench bid -- --hands 3 --samples 40 --realistic-samples 10
//!
//! Options: `--hands K` (default 9: the example and K − 1 check hands),
//! `--samples N` (double-dummy, default 1000), `--realistic-samples M`
//! (default 100; 0 skips), `--hand H` (default `AKQ.T9..AJ`), `--rules R`.

use std::time::Instant;

mod support;
use support::{cpu_seconds, peak_memory};

use tysiac::drivers::training::bid_check;
use tysiac::estimate::real::Basis;
use tysiac::estimate::{bid, BidOptions, RealisticOptions};
use tysiac::{CardSet, Rules};

fn arg(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
}

/// Runs one report and prints its figures; returns (wall, CPU) seconds.
fn run(label: &str, hand: CardSet, rules: &Rules, opts: &BidOptions) -> (f64, f64) {
    let (start, cpu) = (Instant::now(), cpu_seconds());
    let report =
        bid::estimate(hand, rules, opts, &tysiac::solver::no_progress).expect("valid options");
    let secs = start.elapsed().as_secs_f64();
    let cpu = cpu_seconds() - cpu;
    let n = opts.samples as f64;
    println!(
        "{label:<28} {:>5} samples  {:>8.2} s wall ({:>6.1} ms/sample, 1000: {:>6.1} s)  {:>8.2} s CPU ({:>6.1} ms/sample)  mean {:.1}, bid {:?}",
        opts.samples,
        secs,
        1000.0 * secs / n,
        1000.0 * secs / n,
        cpu,
        1000.0 * cpu / n,
        report.mean_points,
        report.worth_bidding
    );
    (secs, cpu)
}

fn main() {
    // `cargo bench` passes `--bench`; other words are ours.
    let args: Vec<String> = std::env::args().collect();
    let samples: usize = arg(&args, "--samples").map_or(1000, |s| s.parse().expect("--samples N"));
    let realistic: usize = arg(&args, "--realistic-samples")
        .map_or(100, |s| s.parse().expect("--realistic-samples M"));
    let hand: CardSet = arg(&args, "--hand")
        .unwrap_or("AKQ.T9..AJ".into())
        .parse()
        .expect("a hand");
    let rules: Rules = arg(&args, "--rules")
        .unwrap_or("standard".into())
        .parse()
        .expect("rules");
    let hands: usize = arg(&args, "--hands").map_or(9, |s| s.parse().expect("--hands K"));
    println!("bid {hand}, rules {rules}, seed {}", bid::DEFAULT_SEED);

    // The whole report at its defaults, one core.
    let runs: Vec<(f64, f64)> = std::iter::once(hand)
        .chain(
            bid_check::check_hands(bid_check::DEFAULT_SEED, hands.saturating_sub(1))
                .into_iter()
                .map(|h| h.hand),
        )
        .take(hands)
        .map(|h| {
            let defaults = BidOptions {
                threads: 1,
                ..BidOptions::default()
            };
            run(&format!("{h}, defaults"), h, &rules, &defaults)
        })
        .collect();
    let median = |mut xs: Vec<f64>| {
        xs.sort_by(f64::total_cmp);
        xs[xs.len() / 2]
    };
    println!(
        "the whole report at its defaults ({} samples, basis {}), 1 thread, over {} hands: \
         median {:.3} s wall, {:.3} s CPU",
        bid::DEFAULT_SAMPLES,
        BidOptions::default().basis,
        runs.len(),
        median(runs.iter().map(|r| r.0).collect()),
        median(runs.iter().map(|r| r.1).collect()),
    );

    let dd = BidOptions {
        samples,
        basis: Basis::DoubleDummy,
        ..BidOptions::default()
    };
    let one = run(
        "double-dummy, 1 thread",
        hand,
        &rules,
        &BidOptions { threads: 1, ..dd },
    );
    let two = run(
        "double-dummy, 2 threads",
        hand,
        &rules,
        &BidOptions { threads: 2, ..dd },
    );
    println!("speed-up 1 -> 2 threads: {:.2}x", one.0 / two.0);
    if realistic > 0 {
        let r = RealisticOptions::default();
        run(
            &format!("realistic {}x{}, 2 threads", r.choice_layouts, r.candidates),
            hand,
            &rules,
            &BidOptions {
                samples: realistic,
                threads: 2,
                realistic: Some(r),
                basis: Basis::DoubleDummy,
                ..BidOptions::default()
            },
        );
    }
    println!("peak memory (VmHWM): {}", peak_memory());
}
