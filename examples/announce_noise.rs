//! How exactly does the announce table (`data/announce.bin`) say what D's
//! procedure announces (issue 20)? On `hands` random hands of eight (seed
//! 555), the level `player::announce` picks from D's double-dummy points
//! over random layouts of the other sixteen cards, measured three times:
//! twice on 50 layouts, once on 800. Prints how far apart the two 50-layout
//! levels are (the procedure's own noise), how far each source is from the
//! 800-layout level, and the spread of that level:
//!
//!     cargo run --release --example announce_noise -- 200
use rand::seq::SliceRandom;
use rayon::prelude::*;
use tysiac::engine::sample::sample_rng;
use tysiac::engine::seat::Seat;
use tysiac::engine::state::State;
use tysiac::players::inference::announced::announced;
use tysiac::players::player::announce_among;
use tysiac::{engine::random, CardSet, Rules, Solver};

fn main() {
    let hands = match std::env::args().nth(1).map(|a| a.parse::<usize>()) {
        None => 200,
        Some(Ok(n)) if (1..=10_000).contains(&n) => n,
        Some(_) => {
            eprintln!("usage: announce_noise [HANDS (1 to 10000)]");
            std::process::exit(2)
        }
    };
    let rules = Rules::STANDARD;
    let levels: Vec<u16> = (0..27).map(|k| 100 + 10 * k).collect();
    // Per hand: two 50-layout levels, the 800-layout level, the table's.
    let rows: Vec<[f64; 4]> = (0..hands)
        .into_par_iter()
        .map(|i| {
            let mut solver = Solver::new(rules);
            let deal = random::deal(&mut sample_rng(555, i as u64));
            let hand = deal.hands[0].with(deal.musik.lowest().unwrap());
            let others: Vec<_> = CardSet::ALL.minus(hand).iter().collect();
            let mut level = |seed: u64, layouts: usize| {
                let mut rng = sample_rng(seed, i as u64);
                let values: Vec<u16> = (0..layouts)
                    .map(|_| {
                        let mut o = others.clone();
                        o.shuffle(&mut rng);
                        let l: CardSet = o[..8].iter().copied().collect();
                        let r: CardSet = o[8..].iter().copied().collect();
                        solver.value(&State::new([hand, l, r], Seat::D, None, [0; 3]))
                    })
                    .collect();
                f64::from(announce_among(levels.clone(), 100, 0.5, &values))
            };
            let (a, b, many) = (level(1, 50), level(2, 50), level(3, 800));
            [a, b, many, f64::from(announced(hand).unwrap())]
        })
        .collect();
    let n = rows.len() as f64;
    let rms =
        |f: &dyn Fn(&[f64; 4]) -> f64| (rows.iter().map(|r| f(r).powi(2)).sum::<f64>() / n).sqrt();
    let mean = rows.iter().map(|r| r[2]).sum::<f64>() / n;
    let agree = rows.iter().filter(|r| r[0] == r[1]).count() as f64 / n;
    println!("{hands} hands");
    println!(
        "two 50-layout levels agree: {agree:.2}, apart {:.2} (rms / sqrt 2)",
        rms(&|r| r[0] - r[1]) / 2f64.sqrt()
    );
    println!(
        "50-layout level against 800-layout: {:.2} rms",
        rms(&|r| r[0] - r[2])
    );
    println!(
        "the table against 800-layout: {:.2} rms",
        rms(&|r| r[3] - r[2])
    );
    println!(
        "spread of the 800-layout level: {:.2}",
        rms(&|r| r[2] - mean)
    );
}
