//! Uniformity of the deals as the estimators use them, not just of
//! `deal_unseen`: the hands and musik that `bid` builds per sample
//! (`bid::sample_deal`, tied to what `bid::solve_sample` solves and reports;
//! in realistic mode also the layouts it chooses the exchange on,
//! `bid::sample_choice_layouts`),
//! and the layouts `exchange` scores and screens on
//! (`exchange::sample_layout`, `exchange::screening_layout`).
//!
//! Each check is a chi-square over the landing counts (card × pile) plus a
//! per-cell |z| bound, and each is shown to reject a deliberately biased
//! version of the same deals: "the lowest unseen card never reaches the
//! musik" for `bid`, "the lowest unseen card never goes to L" for
//! `exchange`. The seeds are fixed, so every run gives the same numbers.

mod common;

use common::uniformity::{chi_square_quantile, uniformity};
use tysiac::engine::sample::landing_counts;
use tysiac::estimate::{bid, exchange, BidOptions, RealisticOptions};
use tysiac::{CardSet, Deal, Rules, Seat, Solver};

/// Rows (cards) × columns (piles) with both margins fixed: (cards − 1) ×
/// (piles − 1) degrees of freedom. Upper tail 1e-4 (z = 3.719), and per
/// cell |z| < 4.5.
fn bounds(cards: usize, piles: usize) -> (f64, f64) {
    let df = ((cards - 1) * (piles - 1)) as f64;
    (chi_square_quantile(df, 3.719), 4.5)
}

/// Is this a uniform-looking set of landing counts? Also rejects a
/// statistic implausibly near 0 (a sampler that is "too even").
fn passes(counts: &[Vec<u64>], sizes: &[usize], draws: usize) -> (bool, f64, f64) {
    let (chi2, z) = uniformity(counts, sizes, draws);
    let (chi2_bound, z_bound) = bounds(counts.len(), sizes.len());
    let df = ((counts.len() - 1) * (sizes.len() - 1)) as f64;
    (chi2 < chi2_bound && z < z_bound && chi2 > df / 4.0, chi2, z)
}

const HAND: &str = "AKQ.T9..AJ";
const DRAWS: usize = 30_000;

fn hand() -> CardSet {
    HAND.parse().unwrap()
}

/// `bid`'s deal as three piles: L, R, musik.
fn bid_piles(deal: &Deal) -> Vec<CardSet> {
    vec![deal.hands[1], deal.hands[2], deal.musik]
}

/// The planted bias: after dealing, the lowest unseen card is swapped out
/// of the musik for L's lowest card.
fn lowest_never_in_musik(known: CardSet, mut piles: Vec<CardSet>) -> Vec<CardSet> {
    let lowest = (!known).lowest().unwrap();
    if piles[2].contains(lowest) {
        let other = piles[0].lowest().unwrap();
        piles[2] = piles[2].without(lowest).with(other);
        piles[0] = piles[0].without(other).with(lowest);
    }
    piles
}

#[test]
fn bid_sample_deals_are_uniform() {
    let known = hand();
    let sizes = [7, 7, 3];
    let counts = landing_counts(known, 3, DRAWS, |i| {
        let deal = bid::sample_deal(&Rules::STANDARD, known, 11, i);
        assert_eq!(deal.hands[Seat::D.index()], known);
        bid_piles(&deal)
    });
    let (ok, chi2, z) = passes(&counts, &sizes, DRAWS);
    assert!(ok, "bid's deals: chi-square {chi2:.1}, max |z| {z:.2}");
}

#[test]
fn bid_uniformity_test_rejects_lowest_card_never_in_musik() {
    let known = hand();
    let sizes = [7, 7, 3];
    let counts = landing_counts(known, 3, DRAWS, |i| {
        lowest_never_in_musik(
            known,
            bid_piles(&bid::sample_deal(&Rules::STANDARD, known, 11, i)),
        )
    });
    let (ok, chi2, z) = passes(&counts, &sizes, DRAWS);
    assert!(
        !ok,
        "the biased deals passed: chi-square {chi2:.1}, |z| {z:.2}"
    );
}

fn discard() -> Rules {
    "standard musik=discard".parse().unwrap()
}

#[test]
fn solve_sample_solves_and_reports_the_sampled_deal() {
    // What bid::solve_sample solves is sample_deal's deal: its reported
    // musik and defenders are those cards, and its double-dummy value is
    // the best exchange of that deal (7 tricks: cheap).
    let rules = discard();
    let opts = BidOptions {
        seed: 11,
        ..BidOptions::default()
    };
    let mut solver = Solver::new(rules);
    let mut check = Solver::new(rules);
    for i in 0..40 {
        let s = bid::solve_sample(&mut solver, hand(), &opts, i);
        let deal = bid::sample_deal(&Rules::STANDARD, hand(), 11, i);
        assert_eq!(s.musik, deal.musik, "sample {i}");
        assert_eq!(s.defenders, [deal.hands[1], deal.hands[2]], "sample {i}");
        assert_eq!(s.double_dummy, check.best_exchange(&deal).1, "sample {i}");
    }
}

#[test]
fn solve_sample_musiks_are_uniform() {
    // The same statistic straight on solve_sample's reports (fewer draws:
    // each is solved), and its rejection of the planted bias.
    let rules = discard();
    let known = hand();
    let opts = BidOptions {
        seed: 12,
        ..BidOptions::default()
    };
    let draws = 1500;
    let mut solver = Solver::new(rules);
    let reported: Vec<Vec<CardSet>> = (0..draws)
        .map(|i| {
            let s = bid::solve_sample(&mut solver, known, &opts, i);
            vec![s.defenders[0], s.defenders[1], s.musik]
        })
        .collect();
    let sizes = [7, 7, 3];
    let counts = landing_counts(known, 3, draws, |i| reported[i].clone());
    let (ok, chi2, z) = passes(&counts, &sizes, draws);
    assert!(ok, "solve_sample: chi-square {chi2:.1}, max |z| {z:.2}");
    let biased = landing_counts(known, 3, draws, |i| {
        lowest_never_in_musik(known, reported[i].clone())
    });
    let (ok, chi2, z) = passes(&biased, &sizes, draws);
    assert!(
        !ok,
        "the biased reports passed: chi-square {chi2:.1}, |z| {z:.2}"
    );
}

/// The layouts a realistic `bid` sample chooses its exchange on, as three
/// piles: the layout's L and R and the sample's musik (the 17 cards D does
/// not hold: uniform together when the musik is and each layout is, given
/// the musik).
fn choice_piles(hand: CardSet, deal: &Deal, layout: &Deal) -> Vec<CardSet> {
    assert_eq!(layout.hands[0], hand, "D keeps its hand");
    assert_eq!(layout.musik, deal.musik, "D has seen the sample's musik");
    let all = hand | layout.hands[1] | layout.hands[2] | layout.musik;
    assert_eq!(all.len(), 24, "the layout is a deal of all 24 cards");
    vec![layout.hands[1], layout.hands[2], layout.musik]
}

#[test]
fn realistic_choice_layouts_are_uniform() {
    let known = hand();
    let sizes = [7, 7, 3];
    // One layout per sample (the samples are independent; a sample's
    // layouts share its musik), the first, second, … in turn, so a bias in
    // any of the four draws shows.
    let piles: Vec<Vec<CardSet>> = (0..DRAWS)
        .map(|i| {
            let (deal, layouts) = bid::sample_choice_layouts(&Rules::STANDARD, known, 13, i, 4);
            assert_eq!(
                deal,
                bid::sample_deal(&Rules::STANDARD, known, 13, i),
                "sample {i}"
            );
            choice_piles(known, &deal, &layouts[i % 4])
        })
        .collect();
    let n = piles.len();
    let counts = landing_counts(known, 3, n, |i| piles[i].clone());
    let (ok, chi2, z) = passes(&counts, &sizes, n);
    assert!(ok, "choice layouts: chi-square {chi2:.1}, max |z| {z:.2}");
    // The planted bias (the lowest unseen card is never in the musik, here
    // moved to L) is rejected by the same statistic.
    let biased = landing_counts(known, 3, n, |i| {
        lowest_never_in_musik(known, piles[i].clone())
    });
    let (ok, chi2, z) = passes(&biased, &sizes, n);
    assert!(
        !ok,
        "the biased layouts passed: chi-square {chi2:.1}, |z| {z:.2}"
    );
}

#[test]
fn realistic_solve_sample_chooses_on_its_choice_layouts() {
    // What a realistic solve_sample reports is the choice made on
    // sample_choice_layouts's layouts, and the value of the sampled deal
    // after that choice.
    let rules = discard();
    let ro = RealisticOptions {
        choice_layouts: 3,
        candidates: 4,
    };
    let opts = BidOptions {
        seed: 14,
        realistic: Some(ro),
        ..BidOptions::default()
    };
    let mut solver = Solver::new(rules);
    let mut check = Solver::new(rules);
    for i in 0..12 {
        let s = bid::solve_sample(&mut solver, hand(), &opts, i);
        let (deal, layouts) = bid::sample_choice_layouts(&Rules::STANDARD, hand(), 14, i, 3);
        let chosen = bid::choose_exchange(&mut check, &rules, &deal, &layouts, 4);
        assert_eq!(s.chosen, Some(chosen), "sample {i}");
        let start = deal.after(&rules, &chosen).unwrap();
        assert_eq!(s.points, check.value(&start), "sample {i}");
        assert_eq!(s.double_dummy, check.best_exchange(&deal).1, "sample {i}");
    }
}

fn ten() -> CardSet {
    "AKQ.T9..AJ".parse::<CardSet>().unwrap() | "..Q.K9".parse().unwrap()
}

fn layout_piles(deal: &Deal, ten: CardSet) -> Vec<CardSet> {
    assert_eq!(deal.hands[0] | deal.musik, ten, "D keeps the ten cards");
    vec![deal.hands[1], deal.hands[2]]
}

/// The planted bias for `exchange`: the lowest unseen card never goes to L.
fn lowest_never_to_l(known: CardSet, mut piles: Vec<CardSet>) -> Vec<CardSet> {
    let lowest = (!known).lowest().unwrap();
    if piles[0].contains(lowest) {
        let other = piles[1].lowest().unwrap();
        piles[0] = piles[0].without(lowest).with(other);
        piles[1] = piles[1].without(other).with(lowest);
    }
    piles
}

#[test]
fn exchange_layouts_are_uniform() {
    let ten = ten();
    let sizes = [7, 7];
    let main = landing_counts(ten, 2, DRAWS, |i| {
        layout_piles(
            &exchange::sample_layout(&tysiac::Rules::STANDARD, ten, 5, i),
            ten,
        )
    });
    let (ok, chi2, z) = passes(&main, &sizes, DRAWS);
    assert!(ok, "scoring layouts: chi-square {chi2:.1}, max |z| {z:.2}");
    let screening = landing_counts(ten, 2, DRAWS, |j| {
        layout_piles(
            &exchange::screening_layout(&tysiac::Rules::STANDARD, ten, 5, j),
            ten,
        )
    });
    let (ok, chi2, z) = passes(&screening, &sizes, DRAWS);
    assert!(
        ok,
        "screening layouts: chi-square {chi2:.1}, max |z| {z:.2}"
    );
    // And the screening layouts are not the scoring ones.
    let same = (0..200)
        .filter(|&i| {
            exchange::sample_layout(&tysiac::Rules::STANDARD, ten, 5, i)
                == exchange::screening_layout(&tysiac::Rules::STANDARD, ten, 5, i)
        })
        .count();
    assert_eq!(same, 0);
}

#[test]
fn exchange_uniformity_test_rejects_lowest_card_never_to_l() {
    let ten = ten();
    let counts = landing_counts(ten, 2, DRAWS, |i| {
        lowest_never_to_l(
            ten,
            layout_piles(
                &exchange::sample_layout(&tysiac::Rules::STANDARD, ten, 5, i),
                ten,
            ),
        )
    });
    let (ok, chi2, z) = passes(&counts, &[7, 7], DRAWS);
    assert!(
        !ok,
        "the biased layouts passed: chi-square {chi2:.1}, |z| {z:.2}"
    );
}

/// How often each unseen card is in the musik of samples `from..from + n`.
fn musik_landings(rules: &Rules, known: CardSet, seed: u64, from: usize, n: usize) -> Vec<usize> {
    let unseen: Vec<_> = (!known).iter().collect();
    let mut landed = vec![0; unseen.len()];
    for i in from..from + n {
        let deal = bid::sample_deal(rules, known, seed, i);
        assert_eq!(deal.hands[Seat::D.index()], known, "sample {i}");
        for (k, &c) in unseen.iter().enumerate() {
            landed[k] += usize::from(deal.musik.contains(c));
        }
    }
    landed
}

#[test]
fn bid_samples_share_the_musik_out_evenly() {
    // Three players: 17 unseen cards, a musik of 3, so each block of 17
    // samples puts every unseen card in the musik exactly 3 times, whatever
    // the block and the seed; uniform draws would not (the chance that 17
    // independent musiks are that even is below 1e-6).
    for (seed, block) in [(11, 0), (11, 5), (12, 1)] {
        let landed = musik_landings(&Rules::STANDARD, hand(), seed, 17 * block, 17);
        assert!(
            landed.iter().all(|&n| n == 3),
            "seed {seed}, block {block}: {landed:?}"
        );
    }
    // Two players: 14 unseen, a musik of 2: every card once in 7 samples.
    let two: Rules = "players=2".parse().unwrap();
    let known: CardSet = "ATKQ.T9.9.AJ9".parse().unwrap();
    assert_eq!(known.len(), 10);
    for block in [0, 3] {
        let landed = musik_landings(&two, known, 11, 7 * block, 7);
        assert!(
            landed.iter().all(|&n| n == 1),
            "two players, block {block}: {landed:?}"
        );
    }
}

#[test]
fn bid_balanced_blocks_differ_between_blocks_and_seeds() {
    // The blocks are shuffled afresh: two blocks (and two seeds) do not
    // repeat the same musiks in the same order.
    let musiks = |seed, from| -> Vec<CardSet> {
        (from..from + 17)
            .map(|i| bid::sample_deal(&Rules::STANDARD, hand(), seed, i).musik)
            .collect()
    };
    assert_ne!(musiks(11, 0), musiks(11, 17));
    assert_ne!(musiks(11, 0), musiks(12, 0));
    // Every seed its own blocks: 32 neighbouring seeds, 32 different first
    // blocks (a seed folded into fewer streams would repeat some).
    let firsts: std::collections::HashSet<Vec<CardSet>> =
        (0..32).map(|seed| musiks(seed, 0)).collect();
    assert_eq!(firsts.len(), 32);
}
