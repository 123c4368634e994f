//! Speed of the whole game (issue 19): one bidding decision of the `pimc`
//! bidder (its layouts solved and every call valued, one core), and whole
//! three-player games with `pimc:50` in every seat (one core). A bench
//! binary: the figures are medians of whole runs.
//!
//!     cargo bench --bench game
//!     cargo bench --bench game -- --decisions 9 --games 3 --layouts 40

use std::time::Instant;

mod support;
use support::{live_threads_cpu_seconds, peak_memory};

use tysiac::drivers::arena;
use tysiac::estimate::real::Basis;
use tysiac::game::auction::{bid_cap, Auction, Call};
use tysiac::players::bidding::{judge_on, AuctionSeen};
use tysiac::solver::Workers;
use tysiac::{engine::random, Rules};

fn arg(args: &[String], name: &str, default: usize) -> usize {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .map_or(default, |v| v.parse().expect("a number"))
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.partial_cmp(b).expect("finite"));
    xs[xs.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let decisions = arg(&args, "--decisions", 9);
    let games = arg(&args, "--games", 3);
    let layouts = arg(&args, "--layouts", 40);
    let rules = Rules::STANDARD;

    // One call of the third bidder after L:100 R:110, on random hands:
    // on the real-play basis (the default: one solve a layout and bidder)
    // and double-dummy (the best exchange and an optimal line), reading the
    // others' calls (as the players do by default) and not.
    for (basis, inference) in [
        (Basis::RealPlay, tysiac::Inference::Model),
        (Basis::DoubleDummy, tysiac::Inference::Model),
        (Basis::DoubleDummy, tysiac::Inference::None),
    ] {
        let workers = Workers::new(rules, 1).expect("one thread");
        let mut rng = random::rng(2026);
        let mut times = Vec::new();
        let mut cpu = Vec::new();
        for i in 0..decisions {
            let deal = random::deal(&mut rng);
            let hand = deal.hands[2];
            let mut caps = vec![None, None, Some(bid_cap(hand, &rules))];
            caps[1] = Some(400);
            let mut auction = Auction::new(&rules, caps, vec![false; 3], 100);
            auction.call(Call::Bid(110)).expect("legal");
            let seen = AuctionSeen {
                rules,
                hand,
                me: 2,
                auction,
                total: 0,
                bolts: 0,
            };
            let (t, c) = (Instant::now(), live_threads_cpu_seconds());
            let (j, _) = judge_on(&workers, &seen, layouts, i as u64, inference, basis, &|| {});
            times.push(t.elapsed().as_secs_f64());
            cpu.push(live_threads_cpu_seconds() - c);
            assert!(!j.calls.is_empty());
        }
        println!(
            "pimc bidder, one call ({layouts} layouts, one core, basis {basis}, inference {inference}): \
             median {:.3} s wall, {:.3} s CPU over {decisions} hands",
            median(times),
            median(cpu)
        );
    }

    if games == 0 {
        println!("peak memory (VmHWM): {}", peak_memory());
        return;
    }
    // Whole games, pimc:50 in every seat, one core.
    let kinds: Vec<String> = vec!["pimc:50".into(); 3];
    let workers = Workers::new(rules, 1).expect("one thread");
    let mut times = Vec::new();
    let mut hands = Vec::new();
    for g in 0..games {
        let t = Instant::now();
        let played =
            arena::run(&rules, &kinds, 1, 100 + g as u64, &workers, &|| {}).expect("valid seats");
        times.push(t.elapsed().as_secs_f64());
        hands.push(played[0].hands as f64);
    }
    let per_hand: Vec<f64> = times.iter().zip(&hands).map(|(t, h)| t / h).collect();
    println!(
        "whole game, pimc:50 in all three seats (one core): median {:.1} s a game over {games} \
         games ({:.0} hands a game, median {:.2} s a hand)",
        median(times),
        median(hands),
        median(per_hand)
    );
    println!("peak memory (VmHWM): {}", peak_memory());
}
