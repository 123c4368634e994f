//! Tests written for what the mutation run of issue 24 found unasserted in
//! `src/analysis/review.rs`: the report's text, and each verdict against the
//! documented thresholds (costly from the view at 3 points or 5% of the
//! contract; docs/view.md).

use tysiac::analysis::review::{
    review, Review, Verdict, ViewSummary, ViewedExchange, ViewedMove, COSTLY_CHANCE, COSTLY_POINTS,
};
use tysiac::{
    engine::random, Card, Exchange, Give, Move, Objective, PimcOptions, Rules, Seat, Solver,
};

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

#[allow(clippy::too_many_arguments)]
fn viewed(
    number: usize,
    seat: Seat,
    mv: &str,
    dd_cost: u16,
    best: &str,
    view_cost: f64,
    chance: Option<f64>,
    verdict: Verdict,
) -> ViewedMove {
    ViewedMove {
        number,
        seat,
        mv: Move::new(card(mv)),
        dd_cost,
        view_best: Move::new(card(best)),
        view_mean: 70.0,
        view_best_mean: 70.0 + view_cost,
        view_cost,
        view_chance_cost: chance,
        verdict,
        inference: tysiac::Inference::Model,
        effective_samples: 100.0,
    }
}

fn summary(mistakes: usize, of_mistakes: u32, unlucky: usize, lucky: usize) -> ViewSummary {
    ViewSummary {
        mistakes,
        unlucky_guesses: unlucky,
        lucky_bets: lucky,
        dd_cost: of_mistakes,
        dd_cost_of_mistakes: of_mistakes,
    }
}

/// A review set by hand and its report, line by line in the layout
/// docs/view.md shows: fine moves are left out, a chance cost is shown in
/// percent only when there is one, and the summary's words agree in number
/// (1 mistake, 2 mistakes; 1 unlucky guess, 0 unlucky guesses).
#[test]
fn the_report_lists_costly_moves_and_counts_in_words() {
    let r = Review {
        samples: 100,
        seed: 1000,
        objective: Objective::Contract,
        inference: tysiac::Inference::Model,
        exchange: Some(ViewedExchange {
            played: Exchange {
                give: Give::Pass(card("9H"), card("9C")),
                trump: None,
            },
            view_best: Exchange {
                give: Give::Pass(card("QC"), card("TS")),
                trump: None,
            },
            view_mean: 70.0,
            view_best_mean: 85.9,
            view_cost: 15.9,
            view_chance_cost: Some(0.2),
            dd_cost: 26,
            verdict: Verdict::Mistake,
        }),
        moves: vec![
            viewed(4, Seat::D, "AD", 0, "TH", 4.7, Some(0.0), Verdict::LuckyBet),
            viewed(5, Seat::L, "9H", 0, "9H", 0.0, Some(0.0), Verdict::Fine),
            viewed(
                21,
                Seat::L,
                "AS",
                16,
                "KS",
                14.2,
                Some(0.25),
                Verdict::Mistake,
            ),
            viewed(22, Seat::R, "JS", 5, "QS", 1.0, None, Verdict::UnluckyGuess),
            viewed(23, Seat::L, "KD", 4, "9D", 3.0, Some(0.0), Verdict::Mistake),
        ],
        summary: tysiac::PerSeat::new(
            [
                summary(1, 26, 0, 1),
                summary(2, 20, 0, 0),
                summary(0, 0, 1, 0),
            ],
            3usize,
        ),
    };
    let want = "\nfrom each mover's view (100 layouts a move, seed 1000; objective Contract):\n\
        \x20 exchange 9H 9C: dd cost 26, view cost 15.9 (D's best by its view: QC TS, 85.9 against 70.0): a mistake\n\
        \x20 move  seat  card  dd cost  view cost  view best  verdict\n\
        \x20    4  D     AD          0        4.7  TH         lucky bet\n\
        \x20   21  L     AS         16       14.2  KS         mistake (25% of the contract)\n\
        \x20   22  R     JS          5        1.0  QS         unlucky guess\n\
        \x20   23  L     KD          4        3.0  9D         mistake\n\
        \x20 D: 1 mistake (26 points double-dummy), 0 unlucky guesses, 1 lucky bet\n\
        \x20 L: 2 mistakes (20 points double-dummy), 0 unlucky guesses, 0 lucky bets\n\
        \x20 R: 0 mistakes (0 points double-dummy), 1 unlucky guess, 0 lucky bets\n";
    assert_eq!(r.report(), want);

    // Every move fine, no exchange: the table says so; counts of 2 are
    // plural.
    let calm = Review {
        samples: 8,
        seed: 3,
        objective: Objective::Points,
        inference: tysiac::Inference::Model,
        exchange: None,
        moves: vec![viewed(1, Seat::D, "AH", 0, "AH", 0.5, None, Verdict::Fine)],
        summary: tysiac::PerSeat::new(
            [
                summary(0, 0, 2, 2),
                summary(0, 0, 0, 0),
                summary(0, 0, 0, 0),
            ],
            3usize,
        ),
    };
    let want = "\nfrom each mover's view (8 layouts a move, seed 3; objective Points):\n\
        \x20 move  seat  card  dd cost  view cost  view best  verdict\n\
        \x20 (no costly move either way)\n\
        \x20 D: 0 mistakes (0 points double-dummy), 2 unlucky guesses, 2 lucky bets\n\
        \x20 L: 0 mistakes (0 points double-dummy), 0 unlucky guesses, 0 lucky bets\n\
        \x20 R: 0 mistakes (0 points double-dummy), 0 unlucky guesses, 0 lucky bets\n";
    assert_eq!(calm.report(), want);
}

/// The verdict the docs define, from a decision's two costs over `n`
/// layouts. Both costs are whole numbers of layouts over `n` (a difference
/// of means of whole points, a difference of counts), so they are compared
/// as such: one layout in 20 is 5% exactly, though 0.35 − 0.30 computes to
/// 0.0499….
fn documented(dd_cost: u16, view_cost: f64, chance: Option<f64>, n: f64) -> Verdict {
    let layouts = |x: f64| (x * n).round();
    let view_costly =
        layouts(view_cost) >= layouts(3.0) || chance.is_some_and(|c| layouts(c) >= layouts(0.05));
    match (dd_cost > 0, view_costly) {
        (true, true) => Verdict::Mistake,
        (true, false) => Verdict::UnluckyGuess,
        (false, true) => Verdict::LuckyBet,
        (false, false) => Verdict::Fine,
    }
}

/// Every move's and exchange's verdict follows from its costs as the docs
/// define it, and the summary adds them up: double-dummy points over every
/// decision, and over the mistakes. With 20 layouts a move, chance costs
/// are multiples of 1/20 = 0.05, so moves at the 5% edge occur: in hand
/// 732 (seed 32), L's move 5 gives D the contract on one layout more than
/// L's best (5%) at a view cost of 2.85 points: a lucky bet, not fine (it
/// was judged fine while the chance was compared as computed, 0.0499…).
/// With one layout a move and no contract, decisions costing exactly 3
/// points occur too, and are costly.
#[test]
fn verdicts_follow_the_documented_thresholds_and_the_summary_adds_up() {
    assert_eq!((COSTLY_POINTS, COSTLY_CHANCE), (3.0, 0.05));
    let rules = Rules::STANDARD;
    let mut seen = [0usize; 4];
    let mut edge = false;
    let mut edge_points = false;
    // (samples, contract, seed): with one layout a move the view cost is a
    // whole number of points, and exactly 3 occurs (hands 704 and 712).
    let runs = [
        (20, Some(110), 0u64),
        (20, Some(110), 1),
        (20, Some(110), 2),
        (20, Some(110), 3),
        (20, Some(110), 32),
        (1, None, 4),
        (1, None, 12),
    ];
    for (samples, contract, seed) in runs {
        let mut rng = random::rng(700 + seed);
        let mut p = random::played_hand(&mut rng, &rules, 24);
        p.contract = contract;
        let mut solver = Solver::new(rules);
        let opts = PimcOptions {
            samples,
            seed,
            // The uniform layouts, on which the edge cases above were found.
            inference: tysiac::Inference::None,
            // (The rest as by default: robust to options added later.)
            ..PimcOptions::default()
        };
        let r = review(&p, &opts, &mut solver).unwrap();
        let mut want = [(0usize, 0usize, 0usize, 0u32, 0u32); 3];
        let x = r.exchange.as_ref().unwrap();
        let mut decisions: Vec<(Seat, u16, f64, Option<f64>, Verdict)> = vec![(
            Seat::D,
            x.dd_cost,
            x.view_cost,
            x.view_chance_cost,
            x.verdict,
        )];
        for m in &r.moves {
            decisions.push((
                m.seat,
                m.dd_cost,
                m.view_cost,
                m.view_chance_cost,
                m.verdict,
            ));
            // The view cost is the best mean less the played one, for the
            // mover: D wants more points, a defender fewer.
            let sign = if m.seat == Seat::D { 1.0 } else { -1.0 };
            let diff = sign * (m.view_best_mean - m.view_mean);
            assert!(
                (m.view_cost - diff.max(0.0)).abs() < 1e-9,
                "move {}",
                m.number
            );
        }
        for (seat, dd, cost, chance, verdict) in decisions {
            assert_eq!(
                verdict,
                documented(dd, cost, chance, samples as f64),
                "{seat}: {dd} {cost} {chance:?}"
            );
            seen[verdict as usize] += 1;
            if cost < 3.0 && chance.is_some_and(|c| (c * 20.0).round() == 1.0) {
                edge = true;
            }
            if cost == 3.0 && chance.is_none() {
                edge_points = true;
            }
            let w = &mut want[seat.index()];
            w.3 += u32::from(dd);
            match verdict {
                Verdict::Mistake => {
                    w.0 += 1;
                    w.4 += u32::from(dd);
                }
                Verdict::UnluckyGuess => w.1 += 1,
                Verdict::LuckyBet => w.2 += 1,
                Verdict::Fine => {}
            }
        }
        for seat in Seat::ALL {
            let s = &r.summary[seat];
            let w = want[seat.index()];
            assert_eq!(
                (
                    s.mistakes,
                    s.unlucky_guesses,
                    s.lucky_bets,
                    s.dd_cost,
                    s.dd_cost_of_mistakes
                ),
                w,
                "{seat}, seed {seed}"
            );
        }
    }
    // The hands give every verdict but at most one kind.
    assert!(seen.iter().filter(|&&n| n > 0).count() >= 3, "{seen:?}");
    assert!(edge, "no decision at the 5% edge below 3 points");
    assert!(edge_points, "no decision at exactly 3 points");
}

/// The exchange judged from D's view, recomputed from its definition
/// (docs/view.md): over `samples` layouts of the 14 cards D cannot see
/// (layout i from stream i of the seed), every candidate's mean points and
/// chance of the contract; the candidates include each layout's
/// double-dummy best exchange, and the view's best is the candidate with
/// the highest chance, then mean. So the view's best scores at least as
/// well as each layout's best, the view mean is the played exchange's, and
/// the two costs are the differences (never below 0). The contract is the
/// played exchange's median points over the layouts, so that its chance is
/// neither 0 nor 1 and a chance cost computed with the wrong sign shows.
#[test]
fn the_exchange_view_is_the_best_of_the_layouts_best_exchanges() {
    use tysiac::engine::sample::{deal_unseen, sample_rng};
    use tysiac::{Deal, Form};
    let rules = Rules::STANDARD;
    let mut judged_worse = 0;
    for seed in 0..5u64 {
        let mut rng = random::rng(800 + seed);
        let mut p = random::played_hand(&mut rng, &rules, 3);
        let Form::History(h) = &p.form else {
            panic!("a history")
        };
        let (deal, played) = (h.deal.unwrap(), h.exchange.unwrap());
        let n = 10usize;
        let ten = deal.declarer_ten();
        let layouts: Vec<Deal> = (0..n)
            .map(|i| {
                let piles = deal_unseen(ten, &[7, 7], &mut sample_rng(seed, i as u64));
                Deal::new([deal.hands[0], piles[0], piles[1]], deal.musik)
            })
            .collect();
        let mut solver = Solver::new(rules);
        let values = |solver: &mut Solver, e: &Exchange| -> Vec<u16> {
            layouts
                .iter()
                .map(|l| solver.value(&l.after(&rules, e).unwrap()))
                .collect()
        };
        // The contract: the played exchange's median points, so that it is
        // made on some layouts and not on others, and both chances count.
        let mut v = values(&mut solver, &played);
        v.sort();
        let contract = v[n / 2];
        p.contract = Some(contract);
        let opts = PimcOptions {
            samples: n,
            seed,
            // (The rest as by default: robust to options added later.)
            ..PimcOptions::default()
        };
        let r = review(&p, &opts, &mut solver).unwrap();
        let x = r.exchange.unwrap();
        let mut score = |e: &Exchange| {
            let v = values(&mut solver, e);
            let mean = v.iter().map(|&x| f64::from(x)).sum::<f64>() / n as f64;
            let make = v.iter().filter(|&&x| x >= contract).count() as f64 / n as f64;
            (make, mean)
        };
        let (played_make, played_mean) = score(&played);
        assert!(played_make >= 0.5, "seed {seed}: {played_make}");
        let (best_make, best_mean) = score(&x.view_best);
        assert!((x.view_mean - played_mean).abs() < 1e-9, "seed {seed}");
        assert!((x.view_best_mean - best_mean).abs() < 1e-9, "seed {seed}");
        let chance = x.view_chance_cost.unwrap();
        assert!(
            (chance - (best_make - played_make).max(0.0)).abs() < 1e-9,
            "seed {seed}: {chance} for {best_make} against {played_make}"
        );
        assert!((x.view_cost - (best_mean - played_mean).max(0.0)).abs() < 1e-9);
        let bests: Vec<Exchange> = layouts
            .iter()
            .map(|l| Solver::new(rules).best_exchange(l).0)
            .collect();
        for e in &bests {
            let (make, mean) = score(e);
            assert!(
                (best_make, best_mean) >= (make, mean),
                "seed {seed}: {e} ({make}, {mean}) beats the view's best {} ({best_make}, {best_mean})",
                x.view_best
            );
        }
        if (best_make, best_mean) > (played_make, played_mean) {
            judged_worse += 1;
        }
    }
    // The check bites: some exchange played was worse than the view's best.
    assert!(judged_worse > 0);
}
