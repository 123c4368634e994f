//! Speed of play from one seat's view: `tysiac suggest` at the first lead of
//! a full deal (100 layouts, one core), and self-play with `pimc:50` in all
//! three seats (deals per second on one core); then the same decisions with
//! two players. A bench binary: the figures
//! that matter are medians of whole runs and the peak memory.
//!
//!     cargo bench --bench pimc
//!     cargo bench --bench pimc -- --positions 21 --deals 10 --samples 100
//!
//! For instruction counts of `suggest` alone, `PIMC_PROFILE=suggest` stops
//! after the first part (the suggestions at the first lead):
//!
//!     PIMC_PROFILE=suggest valgrind --tool=callgrind target/release/deps/pimc-* --positions 3

use std::time::Instant;

use tysiac::drivers::selfplay::{play_games, PlayOptions};
use tysiac::players::pimc::{self, PimcOptions};
use tysiac::solver::Workers;
use tysiac::{engine::random, Rules, Seat, View};

fn arg(args: &[String], name: &str, default: usize) -> usize {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .map_or(default, |v| v.parse().expect("a number"))
}

/// The process's peak resident memory (VmHWM), on Linux.
fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM"))
                .map(str::to_string)
        })
        .map_or("unknown".into(), |l| {
            l.split_whitespace().skip(1).collect::<Vec<_>>().join(" ")
        })
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.partial_cmp(b).expect("finite"));
    xs[xs.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let positions = arg(&args, "--positions", 21);
    let samples = arg(&args, "--samples", 100);
    let deals = arg(&args, "--deals", 10);
    let rules = Rules::STANDARD;
    let mut workers = Workers::new(rules, 1).expect("one thread");
    if let Ok(kb) = std::env::var("TABLE_KB") {
        workers = workers.with_table_bytes(kb.parse::<usize>().expect("KiB") << 10);
    }

    // suggest at the first lead: D's view of a full deal after the exchange.
    let opts = PimcOptions {
        samples,
        seed: 1,
        objective: None,
        inference: tysiac::Inference::Model,
    };
    let mut times = Vec::new();
    for i in 0..positions as u64 {
        let mut rng = random::rng(500 + i);
        let p = random::played_hand(&mut rng, &rules, 0);
        let view = View::from_position(&p, Some(Seat::D)).expect("a view");
        let t = Instant::now();
        let s =
            pimc::suggest(&view, &opts, &workers, &tysiac::solver::no_progress).expect("D to move");
        times.push(t.elapsed().as_secs_f64());
        assert_eq!(s.samples, samples);
    }
    println!(
        "suggest, first lead of a full deal, {samples} layouts, 1 thread: median {:.1} ms over {positions} deals",
        1000.0 * median(times)
    );
    if std::env::var("PIMC_PROFILE").is_ok_and(|p| p == "suggest") {
        return;
    }

    // A defender's decision reading the others against one not reading
    // them (issue 20): L's first move after D's lead, contract 120, pimc:50
    // on one core, alternating the two on the same positions.
    let mut with = Vec::new();
    let mut without = Vec::new();
    for i in 0..positions as u64 {
        let mut rng = random::rng(900 + i);
        let mut p = random::played_hand(&mut rng, &rules, 1);
        p.contract = Some(120);
        let view = View::from_position(&p, Some(Seat::L)).expect("a view");
        for (inference, times) in [
            (tysiac::Inference::Model, &mut with),
            (tysiac::Inference::None, &mut without),
        ] {
            let o = PimcOptions {
                samples: 50,
                seed: 1,
                objective: None,
                inference,
            };
            let t = Instant::now();
            pimc::suggest(&view, &o, &workers, &tysiac::solver::no_progress).expect("L to move");
            times.push(t.elapsed().as_secs_f64());
        }
    }
    let (a, b) = (median(with), median(without));
    println!(
        "pimc:50 decision, L's first move, 1 thread: median {:.1} ms reading the others, {:.1} ms uniform (x{:.2}) over {positions} deals",
        1000.0 * a,
        1000.0 * b,
        a / b
    );

    // The declarer's exchange and contract (pimc:50), one core.
    let mut solver = tysiac::Solver::new(rules);
    let mut times = Vec::new();
    for i in 0..positions as u64 {
        let deal = random::deal(&mut random::rng(700 + i));
        let t = Instant::now();
        tysiac::players::player::sampled_declare(&mut solver, &rules, &deal, 100, 0.5, 50, i);
        times.push(t.elapsed().as_secs_f64());
    }
    println!(
        "pimc:50 declarer's exchange and contract, 1 thread: median {:.0} ms over {positions} deals",
        1000.0 * median(times)
    );

    // Self-play, pimc:50 in every seat, one thread.
    let play = PlayOptions {
        deals,
        seed: 1,
        declarer: "pimc:50".parse().expect("player"),
        defenders: "pimc:50".parse().expect("player"),
        bid: 100,
        hand: None,
        seat: tysiac::Seat::D,
        confidence: 0.5,
        as_bid_samples: false,
    };
    let t = Instant::now();
    let games = play_games(&rules, &play, &workers, &tysiac::solver::no_progress);
    let secs = t.elapsed().as_secs_f64();
    let gap: f64 = games
        .iter()
        .map(|g| f64::from(g.points) - f64::from(g.dd_value))
        .sum::<f64>()
        / games.len() as f64;
    println!(
        "play, pimc:50 in all three seats, 1 thread: {deals} deals in {secs:.1} s = {:.2} deals/s (mean gap to double-dummy {gap:+.1})",
        deals as f64 / secs
    );

    // Two players (issue 22): a pimc:50 decision at the first lead, L's
    // first move, and the declarer's lay-away and contract, one core.
    let two: Rules = "players=2".parse().expect("rules");
    let two_workers = Workers::new(two, 1).expect("one thread");
    let (mut lead, mut follow) = (Vec::new(), Vec::new());
    for i in 0..positions as u64 {
        let mut rng = random::rng(1300 + i);
        let p = random::played_hand(&mut rng, &two, 1);
        let o = PimcOptions {
            samples: 50,
            seed: 1,
            objective: None,
            inference: tysiac::Inference::None,
        };
        let mut d = p.clone();
        if let tysiac::Form::History(h) = &mut d.form {
            h.moves.clear();
        }
        for (p, seat, times) in [(&d, Seat::D, &mut lead), (&p, Seat::L, &mut follow)] {
            let view = View::from_position(p, Some(seat)).expect("a view");
            let t = Instant::now();
            pimc::suggest(&view, &o, &two_workers, &tysiac::solver::no_progress).expect("to move");
            times.push(t.elapsed().as_secs_f64());
        }
    }
    println!(
        "two players: pimc:50 decision, 1 thread: median {:.1} ms D's first lead, {:.1} ms L's first move, over {positions} deals",
        1000.0 * median(lead),
        1000.0 * median(follow)
    );
    let mut solver = tysiac::Solver::new(two);
    let mut times = Vec::new();
    for i in 0..positions as u64 {
        let deal = random::deal_for(&mut random::rng(1700 + i), &two);
        let t = Instant::now();
        tysiac::players::player::sampled_declare(&mut solver, &two, &deal, 100, 0.5, 50, i);
        times.push(t.elapsed().as_secs_f64());
    }
    println!(
        "two players: pimc:50 declarer's lay-away and contract, 1 thread: median {:.0} ms over {positions} deals",
        1000.0 * median(times)
    );
    println!("peak memory: {}", peak_memory());
}
