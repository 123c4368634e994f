//! How much can a declarer's exchange chosen on more layouts gain over the
//! choice on eight (issue 20)? On `deals` seeded deals (seed 77), D's
//! double-dummy points on the true layout after four exchanges:
//!
//! - the eight-layout choice (before issue 20),
//! - the `pimc:50` declarer's (`player::sampled_declare`),
//! - the best of all 90 exchanges on `layouts` sampled layouts (the most a
//!   sampled choice can do),
//! - the best exchange knowing every card.
//!
//! Prints each one's gain over the first, paired, with its standard error,
//! and how often the declarer chooses the same exchange on other layouts
//! (another seed). A third number starts at that deal instead of the
//! first (to add deals to a run: each deal's line on stderr is the same
//! whichever run solves it):
//!
//!     cargo run --release --example exchange_ceiling -- 60 400
//!     cargo run --release --example exchange_ceiling -- 700 400 300
use rayon::prelude::*;
use tysiac::engine::sample::{declarer_layout, sample_rng};
use tysiac::estimate::bid::choose_exchange;
use tysiac::players::player::sampled_declare;
use tysiac::{engine::random, Deal, Rules, Solver};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count = |i: usize, default: usize| match args.get(i).map(|a| a.parse::<usize>()) {
        None => default,
        Some(Ok(n)) if (1..=10_000).contains(&n) => n,
        Some(_) => {
            eprintln!(
                "usage: exchange_ceiling [DEALS (1 to 10000)] [LAYOUTS (1 to 10000)] [FIRST (1 to 10000)]"
            );
            std::process::exit(2)
        }
    };
    let (deals, many, first) = (count(0, 60), count(1, 400), count(2, 0));
    let rules = Rules::STANDARD;
    let rows: Vec<[f64; 5]> = (first..first + deals)
        .into_par_iter()
        .map(|i| {
            let mut solver = Solver::new(rules);
            let deal = random::deal(&mut sample_rng(77, i as u64));
            let layout =
                |seed: u64, stream: u64| declarer_layout(&deal, &mut sample_rng(seed, stream));
            let eight: Vec<Deal> = (0..8).map(|s| layout(5, s)).collect();
            let base = choose_exchange(&mut solver, &rules, &deal, &eight, 6);
            let cur = sampled_declare(&mut solver, &rules, &deal, 100, 0.5, 50, 9).exchange;
            // The same declarer on other layouts: is its choice stable?
            let again = sampled_declare(&mut solver, &rules, &deal, 100, 0.5, 50, 10).exchange;
            let all = deal.exchanges(&rules);
            let lays: Vec<Deal> = (0..many as u64).map(|s| layout(31, s)).collect();
            let ceil = *all
                .iter()
                .max_by_key(|e| {
                    lays.iter()
                        .map(|l| u32::from(solver.value(&l.after(&rules, e).unwrap())))
                        .sum::<u32>()
                })
                .unwrap();
            let perfect = solver.best_exchange(&deal).1;
            let mut v = |e| f64::from(solver.value(&deal.after(&rules, &e).unwrap()));
            let same = f64::from(u8::from(again == cur));
            let r = [v(base), v(cur), v(ceil), f64::from(perfect), same];
            eprintln!("{i} {r:?}");
            r
        })
        .collect();
    for (k, name) in ["current", "ceiling", "perfect"].iter().enumerate() {
        let d: Vec<f64> = rows.iter().map(|r| r[k + 1] - r[0]).collect();
        let n = d.len() as f64;
        let m = d.iter().sum::<f64>() / n;
        let sd = (d.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
        println!("{name}: {m:+.2} ± {:.2}", sd / n.sqrt());
    }
    let same = rows.iter().map(|r| r[4]).sum::<f64>();
    println!(
        "the declarer's exchange, chosen again on other layouts: the same in {same} of {} deals",
        rows.len()
    );
}
