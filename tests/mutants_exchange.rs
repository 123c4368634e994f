//! Tests written for what the mutation run of issue 24 found unasserted in
//! `src/estimate/exchange.rs`: where the screening layouts come from, the
//! candidates' screening counts, and each row's levels against its cap.

use tysiac::estimate::exchange::{self, sample_layout, screening_layout, ExchangeOptions};
use tysiac::solver::no_progress;
use tysiac::{CardSet, Rules, Seat};

fn hand(s: &str) -> CardSet {
    s.parse().unwrap()
}

/// Screening layouts come from streams of their own: screening layout j
/// is never scoring layout j (nor another of the first few), and each
/// deals the 14 cards outside the ten, 7 to L and 7 to R. (A chance
/// equality of two independent layouts has probability 1/C(14,7) =
/// 1/3432 each; none occurs among these.)
#[test]
fn screening_layouts_are_not_the_scoring_layouts() {
    let ten = hand("AKQ.T9.Q.AKJ9");
    let others = CardSet::ALL.minus(ten);
    for seed in [1u64, 5, 1000, 77] {
        for j in 0..3 {
            let s = screening_layout(&tysiac::Rules::STANDARD, ten, seed, j);
            let (l, r) = (s.hands[Seat::L.index()], s.hands[Seat::R.index()]);
            assert_eq!((l.len(), r.len()), (7, 7));
            assert_eq!(l | r, others, "seed {seed}, layout {j}");
            assert_eq!(s.hands[Seat::D.index()] | s.musik, ten);
            for i in 0..3 {
                let p = sample_layout(&tysiac::Rules::STANDARD, ten, seed, i);
                assert_ne!(
                    (p.hands[1], p.hands[2]),
                    (l, r),
                    "seed {seed}: screening {j} = scoring {i}"
                );
            }
        }
    }
}

/// With room for every exchange found best somewhere (480 candidates),
/// each of the screening layouts counts once: the rows' `screen_best` add
/// up to the number of screening layouts, no exchange is listed twice, and
/// the candidates are topped up with exchanges best nowhere (0) to the
/// number asked for. Each row's levels: from 100 in steps of 10, allowed
/// exactly up to the row's cap, 120 plus the marriages kept (here only
/// hearts, 100: 220 when KH and QH are both kept, else 120), and the table
/// goes one step above the highest cap.
#[test]
fn screening_counts_add_up_and_levels_follow_each_cap() {
    let ten = hand("AKQ.T9.Q.AKJ9");
    let rules = Rules::STANDARD;
    let opts = ExchangeOptions {
        samples: 3,
        screen: 5,
        candidates: 12,
        threads: 1,
        seed: 9,
        ..ExchangeOptions::default()
    };
    let r = exchange::estimate(ten, &rules, &opts, &no_progress).unwrap();
    assert_eq!(r.exchanges.len(), 12);
    let total: usize = r.exchanges.iter().map(|e| e.screen_best).sum();
    assert_eq!(total, 5);
    let mut names: Vec<&str> = r.exchanges.iter().map(|e| e.exchange.as_str()).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), 12, "an exchange listed twice");
    assert!(r.exchanges.iter().any(|e| e.screen_best == 0));
    let mut highest_cap = 0;
    for e in &r.exchanges {
        let given = [e.to_l.as_deref().unwrap(), e.to_r.as_deref().unwrap()];
        let keeps_marriage = !given.contains(&"KH") && !given.contains(&"QH");
        let cap = if keeps_marriage { 220 } else { 120 };
        assert_eq!(e.cap, cap, "{}", e.exchange);
        highest_cap = highest_cap.max(cap);
        let levels: Vec<u16> = e.levels.iter().map(|l| l.level).collect();
        assert_eq!(levels[0], 100);
        assert!(levels.windows(2).all(|w| w[1] == w[0] + 10), "{levels:?}");
        for l in &e.levels {
            assert_eq!(l.allowed, l.level <= cap, "{} at {}", e.exchange, l.level);
        }
    }
    assert_eq!(highest_cap, 220);
    let last = r.exchanges[0].levels.last().unwrap().level;
    assert!(last >= 230, "the table stops at {last}");
    // Ranked by mean points without a contract.
    assert_eq!(r.ranked_by, "mean_points");
    for w in r.exchanges.windows(2) {
        assert!(w[0].mean_points >= w[1].mean_points);
    }
}

/// With a contract, the ranking is by the chance of making it, and an
/// exchange whose cap is below the contract ranks below every exchange
/// that may announce it, whatever its mean: 130 needs the heart marriage
/// kept. All 90 exchanges (10 · 9) are candidates.
#[test]
fn with_a_contract_an_exchange_that_cannot_announce_it_ranks_last() {
    let ten = hand("AKQ.T9.Q.AKJ9");
    let opts = ExchangeOptions {
        samples: 3,
        screen: 3,
        candidates: 90,
        threads: 1,
        seed: 4,
        contract: Some(130),
        ..ExchangeOptions::default()
    };
    let r = exchange::estimate(ten, &Rules::STANDARD, &opts, &no_progress).unwrap();
    assert_eq!(r.ranked_by, "probability");
    let allowed: Vec<bool> = r.exchanges.iter().map(|e| e.levels[0].allowed).collect();
    assert!(
        allowed.contains(&true) && allowed.contains(&false),
        "{allowed:?}"
    );
    // Every allowed row first.
    let first_barred = allowed.iter().position(|a| !a).unwrap();
    assert!(allowed[first_barred..].iter().all(|a| !a), "{allowed:?}");
    for w in r.exchanges.windows(2) {
        if w[0].levels[0].allowed == w[1].levels[0].allowed {
            let p = |e: &exchange::ExchangeRow| {
                if e.levels[0].allowed {
                    e.levels[0].probability
                } else {
                    -1.0
                }
            };
            assert!(
                (p(&w[0]), w[0].mean_points) >= (p(&w[1]), w[1].mean_points),
                "{} before {}",
                w[0].exchange,
                w[1].exchange
            );
        }
    }
}
