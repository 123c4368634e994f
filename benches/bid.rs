//! Speed of `tysiac bid`: double-dummy with 1 and 2 threads, and the
//! realistic mode at its default inner counts. A bench binary rather than
//! criterion: one run is already seconds to minutes, and the figures that
//! matter are wall time, per-sample cost, scaling and peak memory.
//!
//!     cargo bench --bench bid                         # 1000 samples (the target)
//!     cargo bench --bench bid -- --samples 40 --realistic-samples 10
//!
//! Options: `--samples N` (double-dummy, default 1000), `--realistic-samples
//! M` (default 100; 0 skips), `--hand H` (default `AKQ.T9..AJ`), `--rules R`.

use std::time::Instant;

use tysiac::estimate::{bid, BidOptions, RealisticOptions};
use tysiac::{CardSet, Rules};

fn arg(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
}

/// The process's peak resident memory (VmHWM), on Linux.
fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM"))
                .map(|l| l.to_string())
        })
        .map_or("peak memory: unknown".into(), |l| {
            l.split_whitespace().skip(1).collect::<Vec<_>>().join(" ")
        })
}

/// CPU seconds used by this process so far, all threads (Linux: utime +
/// stime from /proc/self/stat, in clock ticks of 1/100 s). Reported beside
/// wall time because the machine is shared: wall time counts the waits for
/// a core, CPU time does not.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name (which is in parentheses).
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the line, 12 and 13 here.
    (ticks(11) + ticks(12)) / 100.0
}

fn run(label: &str, hand: CardSet, rules: &Rules, opts: &BidOptions) -> f64 {
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
        report.recommended_bid
    );
    secs
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
    println!("bid {hand}, rules {rules}, seed {}", bid::DEFAULT_SEED);

    let dd = BidOptions {
        samples,
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
    println!("speed-up 1 -> 2 threads: {:.2}x", one / two);
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
                ..BidOptions::default()
            },
        );
    }
    println!("peak memory (VmHWM): {}", peak_memory());
}
