//! `bid` and `exchange`: the sampler's uniformity, reproducibility across
//! thread counts, hands whose answer follows from reasoning, and the CLI.
//!
//! Sample counts are kept small; most solving runs use `musik=discard`
//! (7 tricks), which solves in milliseconds.

mod common;

use assert_cmd::Command;
use common::uniformity::{chi_square_quantile, uniformity};
use rand::seq::SliceRandom;
use rand::Rng;
use serde_json::Value;
use tysiac::engine::sample::{deal_unseen, landing_counts, sample_rng};
use tysiac::estimate::real::Basis;
use tysiac::estimate::{bid, exchange, BidOptions, BidSample, ExchangeOptions, RealisticOptions};
use tysiac::solver::Workers;
use tysiac::{Card, CardSet, Rules};

fn hand(s: &str) -> CardSet {
    s.parse().unwrap()
}

fn discard() -> Rules {
    "standard musik=discard".parse().unwrap()
}

// ---------------------------------------------------------------- sampler

const DRAWS: usize = 40_000;
const SIZES: [usize; 3] = [7, 7, 3];

/// 17 cards × 3 piles with every row (a card lands once per draw) and
/// column (piles have fixed sizes) total fixed: (17 − 1)(3 − 1) = 32
/// degrees of freedom. Upper tail 1e-4 (z = 3.719): about 70.8. Per cell,
/// |z| < 4.5 (51 cells: a correct sampler fails about 1 time in 3000; the
/// seeds are fixed, so the test is deterministic anyway).
fn bounds() -> (f64, f64) {
    (chi_square_quantile(32.0, 3.719), 4.5)
}

fn split(cards: &[Card]) -> Vec<CardSet> {
    let mut at = 0;
    SIZES
        .iter()
        .map(|&n| {
            let pile = cards[at..at + n].iter().copied().collect();
            at += n;
            pile
        })
        .collect()
}

#[test]
fn sampler_is_uniform() {
    let known = hand("AKQ.T9..AJ");
    let counts = landing_counts(known, 3, DRAWS, |i| {
        deal_unseen(known, &SIZES, &mut sample_rng(7, i as u64))
    });
    let (chi2, z) = uniformity(&counts, &SIZES, DRAWS);
    let (chi2_bound, z_bound) = bounds();
    assert!(chi2 < chi2_bound, "chi-square {chi2:.1} >= {chi2_bound:.1}");
    assert!(z < z_bound, "a cell is {z:.2} sd off");
    // A correct sampler is not suspiciously perfect either: the statistic
    // sits near its mean of 32, not near 0.
    assert!(chi2 > 10.0, "chi-square {chi2:.1} is implausibly small");
}

#[test]
fn the_test_catches_biased_samplers() {
    let known = hand("AKQ.T9..AJ");
    let (chi2_bound, z_bound) = bounds();
    // The classic wrong shuffle: swap each place with any place.
    let naive = landing_counts(known, 3, DRAWS, |i| {
        let mut rng = sample_rng(7, i as u64);
        let mut v: Vec<Card> = (!known).iter().collect();
        for k in 0..v.len() {
            let j = rng.gen_range(0..v.len());
            v.swap(k, j);
        }
        split(&v)
    });
    let (chi2, z) = uniformity(&naive, &SIZES, DRAWS);
    assert!(
        chi2 > chi2_bound && z > z_bound,
        "naive shuffle passed: {chi2:.1}, {z:.2}"
    );
    // Sattolo's algorithm (j < i): only cyclic permutations, so no card
    // stays in its place.
    let sattolo = landing_counts(known, 3, DRAWS, |i| {
        let mut rng = sample_rng(7, i as u64);
        let mut v: Vec<Card> = (!known).iter().collect();
        for k in (1..v.len()).rev() {
            let j = rng.gen_range(0..k);
            v.swap(k, j);
        }
        split(&v)
    });
    let (chi2, z) = uniformity(&sattolo, &SIZES, DRAWS);
    assert!(
        chi2 > chi2_bound && z > z_bound,
        "Sattolo passed: {chi2:.1}, {z:.2}"
    );
    // A subtle one: the musik's first card never the lowest unseen card.
    let subtle = landing_counts(known, 3, DRAWS, |i| {
        let mut rng = sample_rng(7, i as u64);
        let mut v: Vec<Card> = (!known).iter().collect();
        v.shuffle(&mut rng);
        if v[14] == (!known).lowest().unwrap() {
            v.swap(14, 0);
        }
        split(&v)
    });
    let (chi2, z) = uniformity(&subtle, &SIZES, DRAWS);
    assert!(
        chi2 > chi2_bound && z > z_bound,
        "subtle bias passed: {chi2:.1}, {z:.2}"
    );
}

#[test]
fn sampled_musiks_bring_marriages_as_often_as_counting_says() {
    // No K or Q in hand: a new marriage needs the K and Q of one suit in the
    // musik. 4 suits × 15 choices of the third card = 60 of C(17,3) = 680
    // musiks (two pairs cannot fit in three cards).
    let h = hand("AT9.AT.A.A");
    let exact = 60.0 / 680.0;
    let r = bid::report(h, &Rules::STANDARD, &BidOptions::default(), &[]).unwrap();
    assert!((r.new_marriage.exact - exact).abs() < 1e-12);
    let n = 20_000;
    let hits = (0..n)
        .filter(|&i| {
            let musik = deal_unseen(h, &SIZES, &mut sample_rng(3, i))[2];
            bid::brings_marriage(h, musik)
        })
        .count();
    let sd = (n as f64 * exact * (1.0 - exact)).sqrt();
    assert!(
        (hits as f64 - n as f64 * exact).abs() < 4.5 * sd,
        "{hits} of {n}"
    );
}

// ---------------------------------------------------------- reproducibility

fn bid_json(h: CardSet, rules: &Rules, opts: &BidOptions) -> String {
    let r = bid::estimate(h, rules, opts, &tysiac::solver::no_progress).unwrap();
    serde_json::to_string(&r).unwrap()
}

#[test]
fn same_seed_same_report_for_any_thread_count() {
    let h = hand("AKQ.T9..AJ");
    let rules = discard();
    let opts = BidOptions {
        samples: 24,
        seed: 99,
        threads: 1,
        basis: Basis::DoubleDummy,
        ..BidOptions::default()
    };
    let one = bid_json(h, &rules, &opts);
    let two = bid_json(h, &rules, &BidOptions { threads: 2, ..opts });
    let three = bid_json(h, &rules, &BidOptions { threads: 3, ..opts });
    assert_eq!(one, two);
    assert_eq!(one, three);
    let other = bid_json(h, &rules, &BidOptions { seed: 100, ..opts });
    assert_ne!(one, other, "another seed draws other layouts");

    // The realistic mode too.
    let real = BidOptions {
        samples: 4,
        realistic: Some(RealisticOptions {
            choice_layouts: 2,
            candidates: 3,
        }),
        ..opts
    };
    let one = bid_json(h, &rules, &real);
    let two = bid_json(h, &rules, &BidOptions { threads: 2, ..real });
    assert_eq!(one, two);

    // And the standard rules (passing two cards), both modes.
    let std = BidOptions {
        samples: 24,
        ..opts
    };
    let one = bid_json(h, &Rules::STANDARD, &std);
    let two = bid_json(h, &Rules::STANDARD, &BidOptions { threads: 2, ..std });
    assert_eq!(one, two);
    let one = bid_json(h, &Rules::STANDARD, &real);
    let two = bid_json(h, &Rules::STANDARD, &BidOptions { threads: 2, ..real });
    assert_eq!(one, two);
}

#[test]
fn exchange_report_is_reproducible_across_threads() {
    let ten = hand("AKQ.T9.Q.AKJ9");
    let opts = ExchangeOptions {
        samples: 6,
        screen: 3,
        candidates: 3,
        threads: 1,
        seed: 5,
        ..ExchangeOptions::default()
    };
    let a = exchange::estimate(ten, &Rules::STANDARD, &opts, &tysiac::solver::no_progress).unwrap();
    let b = exchange::estimate(
        ten,
        &Rules::STANDARD,
        &ExchangeOptions { threads: 2, ..opts },
        &tysiac::solver::no_progress,
    )
    .unwrap();
    assert_eq!(
        serde_json::to_string(&a).unwrap(),
        serde_json::to_string(&b).unwrap()
    );
    assert_eq!(a.exchanges.len(), 3);
}

// -------------------------------------------------------------- known hands

fn samples(h: CardSet, rules: &Rules, opts: &BidOptions) -> Vec<BidSample> {
    let workers = Workers::new(*rules, opts.threads).unwrap();
    bid::simulate(h, &workers, opts, &tysiac::solver::no_progress)
}

/// Every heart and the ace of diamonds. D keeps the six hearts (it gives
/// away two of its four other cards), leads AH to the first trick (nobody
/// else holds a heart, and there is no trump yet), then KH to the second,
/// declaring hearts (100) while holding QH. Hearts are now trump and D holds
/// all of them: TH, QH, JH, 9H win the next four tricks. Six tricks hold
/// D's own hearts (11 + 10 + 4 + 3 + 2 + 0 = 30), so D scores at least
/// 130 against every layout and musik, and perfect play can only do better.
/// The same holds with `musik=discard` (D discards three of its four other
/// cards and keeps the hearts).
#[test]
fn all_hearts_makes_130_against_every_layout() {
    let h = hand("ATKQJ9.A..");
    let opts = BidOptions {
        samples: 12,
        threads: 2,
        basis: Basis::DoubleDummy,
        ..BidOptions::default()
    };
    for rules in [Rules::STANDARD, discard()] {
        let s = samples(h, &rules, &opts);
        let points: Vec<u16> = s.iter().map(|x| x.points).collect();
        assert!(points.iter().all(|&p| p >= 130), "{rules}: {points:?}");
        let r = bid::report(h, &rules, &opts, &s).unwrap();
        assert_eq!(r.cap, 220);
        for row in r.levels.iter().filter(|l| l.level <= 130) {
            assert_eq!(
                (row.made, row.probability),
                (12, 1.0),
                "{rules} level {}",
                row.level
            );
        }
        assert!(r.best_contract.unwrap().level >= 130);
    }
}

/// `musik=discard` (7 tricks, discarded points count for nobody) with
/// AH TH AD TD AC TC AS. D can keep its seven cards and discard the musik:
/// it then leads A before T in every suit, each card the highest left in
/// its suit when led; D never loses the lead, so no defender declares and
/// there is never a trump; D wins all seven tricks: 120 − the musik's
/// points. It cannot do better without a marriage: the musik's cards (TS,
/// kings, queens, jacks, nines) are worth at most 10 each and D's own at
/// least 10, so any three discards cost at least the musik's points. With
/// no K–Q pair in the musik D holds no marriage, so the value is exactly
/// 120 − musik points; with a pair, at least that.
#[test]
fn aces_and_tens_make_exactly_what_the_musik_leaves() {
    let h = hand("AT.AT.AT.A");
    let rules = discard();
    let opts = BidOptions {
        samples: 40,
        seed: 11,
        threads: 2,
        basis: Basis::DoubleDummy,
        ..BidOptions::default()
    };
    let s = samples(h, &rules, &opts);
    let mut exact_checked = 0;
    for x in &s {
        let bound = 120 - x.musik.points();
        if x.musik.marriages().next().is_none() {
            assert_eq!(x.points, bound, "musik {}", x.musik);
            exact_checked += 1;
        } else {
            assert!(x.points >= bound, "musik {}", x.musik);
        }
    }
    assert!(exact_checked > 30);
    // The musik is worth at most TS + K + K = 18, so 100 is always made.
    let r = bid::report(h, &rules, &opts, &s).unwrap();
    assert_eq!(r.levels[0].probability, 1.0);
    // No marriage in hand: the cap is 120, and 130 is shown but not allowed.
    assert_eq!(r.cap, 120);
    assert!(r.levels.iter().any(|l| l.level == 130 && !l.allowed));
}

/// No hand can score more than 120 + the marriages among its ten cards; the
/// realistic choice never beats the best exchange for the layout.
#[test]
fn upper_bounds_and_the_realistic_gap_hold_per_sample() {
    let h = hand("KQ9.K.Q.AJ");
    let rules = discard();
    let opts = BidOptions {
        samples: 6,
        threads: 2,
        realistic: Some(RealisticOptions {
            choice_layouts: 2,
            candidates: 3,
        }),
        basis: Basis::DoubleDummy,
        ..BidOptions::default()
    };
    let s = samples(h, &rules, &opts);
    for x in &s {
        assert!(x.double_dummy <= tysiac::engine::contract::cap(h | x.musik, &rules));
        assert!(x.points <= x.double_dummy, "realistic beat double-dummy");
        assert!(x.chosen.is_some());
    }
    let r = bid::report(h, &rules, &opts, &s).unwrap();
    let real = r.realistic.unwrap();
    assert!(real.mean_gap >= 0.0 && real.levels.iter().all(|g| g.gap >= 0.0));
}

#[test]
fn probabilities_fall_as_the_level_rises() {
    let h = hand("AKQ.K9.Q.A");
    let rules = discard();
    let opts = BidOptions {
        samples: 30,
        threads: 2,
        basis: Basis::DoubleDummy,
        ..BidOptions::default()
    };
    let r = bid::estimate(h, &rules, &opts, &tysiac::solver::no_progress).unwrap();
    for w in r.levels.windows(2) {
        assert!(
            w[1].probability <= w[0].probability,
            "{} > {}",
            w[1].level,
            w[0].level
        );
        assert_eq!(w[1].level - w[0].level, 10);
    }
    for l in &r.levels {
        let p = l.probability;
        assert!((l.expected_score - (2.0 * p - 1.0) * l.level as f64).abs() < 1e-9);
        assert!(l.low <= p && p <= l.high);
    }
}

#[test]
fn the_cap_follows_the_marriages_in_hand() {
    // Synthetic samples: the cap and the allowed levels do not depend on them.
    let fake = |points: u16| BidSample {
        musik: CardSet::EMPTY,
        defenders: [CardSet::EMPTY; 2],
        points,
        double_dummy: points,
        chosen: None,
    };
    let s: Vec<BidSample> = [105, 150, 250].into_iter().map(fake).collect();
    let cases = [
        ("KQ9..9.KQJ", "standard", 260), // H 100 + S 40
        ("KQ9..9.KQJ", "standard marriage_values=80,60,40,20", 220), // H 80 + S 20
        ("A9.K.Q.AKJ9", "standard", 120), // K and Q of different suits
        (".KQ.KQ.A9J", "standard", 260), // D 80 + C 60
        (".KQ.KQ.A9J", "ru", 260),       // steps of 5
    ];
    for (text, rules, cap) in cases {
        let rules: Rules = rules.parse().unwrap();
        let dd = BidOptions {
            basis: Basis::DoubleDummy,
            ..BidOptions::default()
        };
        let r = bid::report(hand(text), &rules, &dd, &s).unwrap();
        assert_eq!(r.cap, cap, "{text} {rules}");
        assert_eq!(r.levels[0].level, 100);
        for l in &r.levels {
            assert_eq!(l.allowed, l.level <= cap, "{text} level {}", l.level);
            assert_eq!((l.level - 100) % rules.bid_step, 0);
        }
        // Past the cap: one level at least, and every level a sample reached.
        assert!(r.levels.iter().any(|l| !l.allowed));
        assert!(r.levels.last().unwrap().level >= 250);
        assert!(r.best_contract.iter().all(|b| b.level <= cap));
    }
}

#[test]
fn exchange_caps_and_recommendation_are_consistent() {
    let ten = hand("AKQ.T9.Q.AKJ9");
    let rules = discard();
    let opts = ExchangeOptions {
        samples: 12,
        screen: 4,
        candidates: 4,
        contract: Some(120),
        threads: 2,
        basis: Basis::DoubleDummy,
        ..ExchangeOptions::default()
    };
    let r = exchange::estimate(ten, &rules, &opts, &tysiac::solver::no_progress).unwrap();
    assert_eq!(r.ranked_by, "probability");
    assert_eq!(r.contract, 120);
    for e in &r.exchanges {
        let discarded: CardSet = e
            .discard
            .as_ref()
            .unwrap()
            .iter()
            .map(|c| c.parse::<Card>().unwrap())
            .collect();
        assert_eq!(
            e.cap,
            tysiac::engine::contract::cap(ten.minus(discarded), &rules)
        );
        assert_eq!(e.levels[0].level, 120);
        for w in e.levels.windows(2) {
            assert!(w[1].probability <= w[0].probability);
        }
    }
    // Ranked by the chance of making 120, then mean.
    for w in r.exchanges.windows(2) {
        assert!(w[0].levels[0].probability >= w[1].levels[0].probability);
    }
    let rec = r.recommended.unwrap();
    assert!(rec.contract >= 120);
}

// ---------------------------------------------------------------------- CLI

fn tysiac() -> Command {
    Command::cargo_bin("tysiac").unwrap()
}

#[test]
fn cli_bid_json_has_the_documented_keys() {
    let out = tysiac()
        .args([
            "bid",
            "AKQ.T9..AJ",
            "--samples",
            "5",
            "--seed",
            "3",
            "--threads",
            "2",
        ])
        .args(["--rules", "standard musik=discard", "--basis", "dd"])
        .args(["--json", "--quiet"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: Value = serde_json::from_slice(&out).unwrap();
    for key in [
        "hand",
        "rules",
        "mode",
        "samples",
        "seed",
        "confidence",
        "marriages",
        "cap",
        "max_conceivable",
        "levels",
        "basis",
        "mean_points",
        "histogram",
        "new_marriage",
        "realistic",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    assert_eq!(v["mode"], "double_dummy");
    assert_eq!(v["samples"], 5);
    assert_eq!(v["cap"], 220);
    assert_eq!(v["rules"], "standard musik=discard");
    let level = &v["levels"][0];
    for key in [
        "level",
        "allowed",
        "made",
        "probability",
        "low",
        "high",
        "expected_score",
    ] {
        assert!(level.get(key).is_some(), "missing levels[].{key}");
    }
    for key in ["count", "fraction", "low", "high", "exact"] {
        assert!(
            v["new_marriage"].get(key).is_some(),
            "missing new_marriage.{key}"
        );
    }
    assert!(v["histogram"]["bins"].as_array().is_some());
}

#[test]
fn cli_bid_text_and_realistic() {
    tysiac()
        .args(["bid", "AH,KH,QH,TD,9D,AS,JS", "--samples", "3", "--quiet"])
        .args(["--rules", "standard musik=discard", "--basis", "dd"])
        .assert()
        .success()
        .stdout(predicates::str::contains("bid up to: "))
        .stdout(predicates::str::contains("announce: "))
        .stdout(predicates::str::contains("recommended").not())
        .stdout(predicates::str::contains(
            "<- above the highest bid allowed",
        ))
        .stdout(predicates::str::contains("declarer's points"));
    let out = tysiac()
        .args([
            "bid",
            "AKQ.T9..AJ",
            "--samples",
            "2",
            "--realistic",
            "--choice-layouts",
            "2",
        ])
        .args([
            "--candidates",
            "2",
            "--rules",
            "standard musik=discard",
            "--basis",
            "dd",
            "--json",
            "--quiet",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["mode"], "realistic");
    for key in [
        "choice_layouts",
        "candidates",
        "double_dummy_mean",
        "mean_gap",
        "levels",
    ] {
        assert!(v["realistic"].get(key).is_some(), "missing realistic.{key}");
    }
}

#[test]
fn cli_bad_input_is_a_clear_error() {
    let cases: [(&[&str], &str); 10] = [
        (&["bid", "AKQ.T9..A"], "6 cards"),
        (&["bid", "AKQ.T9..AJ9"], "8 cards"),
        (&["bid", "AH,AH,KH,QH,TD,9D,AS"], "AH"),
        (&["bid", "AH,XH,KH,QH,TD,9D,AS"], "XH"),
        (&["bid", "AKQ.T9..AZ"], "'Z'"),
        (&["bid", "AKQ.T9..AJ", "--confidence", "1.5"], "confidence"),
        (&["exchange", "AKQ.T9..AJ", "K..Q.K"], "KH is listed twice"),
        (&["exchange", "AKQ.T9..AJ"], "7 cards"),
        (&["exchange", "AKQ.T9.Q.AKJ9", "--contract", "105"], "105"),
        // Ten cards holding only the heart marriage: no exchange allows more
        // than 120 + 100.
        (&["exchange", "AKQ.T9.Q.AKJ9", "--contract", "230"], "= 220"),
    ];
    for (args, needle) in cases {
        tysiac()
            .args(args)
            .assert()
            .failure()
            .stderr(predicates::str::contains(needle))
            .stderr(predicates::str::contains("panicked").not());
    }
    tysiac()
        .args(["bid", "AKQ.T9..AJ", "--rules", "standard musik=maybe"])
        .assert()
        .failure();
}

#[test]
fn cli_exchange_json_and_text() {
    let out = tysiac()
        .args([
            "exchange",
            "AKQ.T9..AJ",
            "..Q.K9",
            "--samples",
            "4",
            "--screen",
            "2",
        ])
        .args([
            "--candidates",
            "2",
            "--contract",
            "120",
            "--json",
            "--quiet",
        ])
        .args(["--rules", "standard musik=discard"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: Value = serde_json::from_slice(&out).unwrap();
    for key in [
        "hand",
        "rules",
        "samples",
        "seed",
        "contract",
        "confidence",
        "screen_layouts",
        "ranked_by",
        "exchanges",
        "recommended",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    let e = &v["exchanges"][0];
    for key in [
        "exchange",
        "to_l",
        "to_r",
        "discard",
        "trump",
        "cap",
        "mean_points",
        "screen_best",
        "levels",
    ] {
        assert!(e.get(key).is_some(), "missing exchanges[].{key}");
    }
    assert_eq!(v["hand"], "AKQ.T9.Q.AKJ9");
    assert_eq!(v["contract"], 120);
    tysiac()
        .args([
            "exchange",
            "AKQ.T9.Q.AKJ9",
            "--samples",
            "3",
            "--screen",
            "2",
        ])
        .args(["--candidates", "2", "--quiet"])
        .assert()
        .success()
        .stdout(predicates::str::contains("recommended: give"));
}

use predicates::prelude::PredicateBooleanExt;

/// Each seed draws its own defence samples (`defend_sample` has a random
/// stream apart from the declarer samples', mixed with the seed): seeds
/// 1000 and 1002 give different defences, for three players and for two.
#[test]
fn each_seed_draws_its_own_defence_samples() {
    for (rules, h) in [
        (Rules::STANDARD, "AKQ.T9..AJ"),
        ("players=2".parse::<Rules>().unwrap(), "QJ.AQJ.AT.AQJ"),
    ] {
        let mut solver = tysiac::Solver::new(rules);
        let points = |solver: &mut tysiac::Solver, seed: u64| -> Vec<u16> {
            (0..12)
                .map(|i| tysiac::estimate::bid::defend_sample(solver, hand(h), seed, i))
                .collect()
        };
        let (a, b) = (points(&mut solver, 1000), points(&mut solver, 1002));
        assert_ne!(a, b, "{rules}: the same defences for two seeds");
        // The same seed, the same samples.
        assert_eq!(a, points(&mut solver, 1000));
    }
}
