//! The post-mortem from each mover's view (`analyze --view`).

use tysiac::analysis::review::{review, Verdict};
use tysiac::{analyze_position, engine::random, PimcOptions, Rules, Seat, Solver, View};

#[test]
fn view_costs_agree_with_double_dummy_where_the_mover_sees_everything() {
    let rules = Rules::STANDARD;
    let mut determined = 0;
    for seed in 0..12u64 {
        let mut rng = random::rng(40 + seed);
        let p = random::played_hand(&mut rng, &rules, 24);
        let mut solver = Solver::new(rules);
        let opts = PimcOptions {
            samples: 12,
            seed,
            objective: None,
            ..PimcOptions::default()
        };
        let r = review(&p, &opts, &mut solver).unwrap();
        // The double-dummy costs are those of the double-dummy post-mortem.
        let a = analyze_position(&mut solver, &p, None).unwrap();
        assert_eq!(r.moves.len(), a.moves.len());
        // The exchange: the double-dummy cost is the post-mortem's, and the
        // view's best is at least as good by the view as the one played.
        let (x, ax) = (r.exchange.as_ref().unwrap(), a.exchange.as_ref().unwrap());
        assert_eq!(Some(x.dd_cost), ax.cost);
        assert!(x.view_best_mean >= x.view_mean && x.view_cost == x.view_best_mean - x.view_mean);
        if x.view_best == x.played {
            assert_eq!(x.view_cost, 0.0);
        }
        for (m, d) in r.moves.iter().zip(&a.moves) {
            assert_eq!((m.number, m.mv, m.dd_cost), (d.number, d.card, d.cost));
        }
        // The summary counts the moves listed.
        for seat in Seat::ALL {
            // The exchange is D's decision too.
            let of = |v: Verdict| {
                let exchange = usize::from(seat == Seat::D && x.verdict == v);
                exchange
                    + r.moves
                        .iter()
                        .filter(|m| m.seat == seat && m.verdict == v)
                        .count()
            };
            let s = &r.summary[seat];
            assert_eq!(s.mistakes, of(Verdict::Mistake));
            assert_eq!(s.unlucky_guesses, of(Verdict::UnluckyGuess));
            assert_eq!(s.lucky_bets, of(Verdict::LuckyBet));
        }
        // Where the mover's view places every card still in play, PIMC is
        // double-dummy: the view cost is the double-dummy cost, and no
        // costly move is a guess.
        let tysiac::Form::History(h) = &p.form else {
            unreachable!()
        };
        for m in &r.moves {
            let mut upto = p.clone();
            if let tysiac::Form::History(hh) = &mut upto.form {
                hh.moves.truncate(m.number - 1);
            }
            let view = View::from_position(&upto, Some(m.seat)).unwrap();
            let state = view.true_state().unwrap();
            let others: Vec<Seat> = Seat::ALL.into_iter().filter(|&s| s != m.seat).collect();
            let (x, y) = (
                view.knowledge().possible(others[0]),
                view.knowledge().possible(others[1]),
            );
            if (x & y).is_empty()
                && x.len() == state.hands[others[0].index()].len()
                && y.len() == state.hands[others[1].index()].len()
            {
                determined += 1;
                assert_eq!(
                    m.view_cost,
                    f64::from(m.dd_cost),
                    "move {} of {seed}",
                    m.number
                );
                assert_ne!(m.verdict, Verdict::UnluckyGuess);
            }
        }
        assert_eq!(h.moves.len(), 24);
    }
    assert!(determined >= 12, "only {determined} determined moves");
}

#[test]
fn cli_analyze_view_adds_the_view_key() {
    let out = assert_cmd::Command::cargo_bin("tysiac")
        .unwrap()
        .args(["analyze", "--view", "--samples", "8", "--json", "-"])
        .write_stdin(
            "deal: AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9\nexchange: 9S QC\ncontract: 120\n\
             play: AS 9S TS | AH 9H JH | KH",
        )
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    let view = &v["view"];
    assert_eq!(view["moves"].as_array().unwrap().len(), 7);
    for k in [
        "number",
        "seat",
        "move",
        "dd_cost",
        "view_best",
        "view_mean",
        "view_best_mean",
        "view_cost",
        "view_chance_cost",
        "verdict",
    ] {
        assert!(view["moves"][0].get(k).is_some(), "{k}");
    }
    assert!(view["summary"]["D"].is_object() || view["summary"].is_array());
}

/// A move's chance cost is the chance it gives away to the other side
/// (issue 24: a defender's was once taken with the declarer's sign). For a
/// defender, the chance D makes the contract after the move played less the
/// least chance any of its moves leaves D, by the mover's own view; for D
/// the other way round. Recomputed here from the mover's suggestion.
#[test]
fn chance_costs_take_each_movers_side() {
    let rules = Rules::STANDARD;
    let mut defender_costs = 0;
    // Seeds until some defender's move cost a chance (the check bites),
    // at least six of them.
    for seed in 0..40u64 {
        if seed >= 6 && defender_costs > 0 {
            break;
        }
        let mut rng = random::rng(90 + seed);
        let mut p = random::played_hand(&mut rng, &rules, 24);
        p.contract = Some(100);
        let mut solver = Solver::new(rules);
        let opts = PimcOptions {
            samples: 10,
            seed,
            objective: None,
            ..PimcOptions::default()
        };
        let r = review(&p, &opts, &mut solver).unwrap();
        let tysiac::engine::position::Form::History(h) = &p.form else {
            unreachable!()
        };
        for m in &r.moves {
            let mut upto = p.clone();
            if let tysiac::engine::position::Form::History(hh) = &mut upto.form {
                hh.moves.truncate(m.number - 1);
            }
            let view = View::from_position(&upto, Some(m.seat)).unwrap();
            let s = tysiac::players::pimc::suggest_with(&view, &opts, &mut solver).unwrap();
            let make = |mv| s.moves.iter().find(|x| x.mv == mv).unwrap().make.unwrap();
            let played = make(h.moves[m.number - 1]);
            let makes: Vec<f64> = s.moves.iter().map(|x| x.make.unwrap()).collect();
            let best = make(s.moves[0].mv);
            let want = if m.seat == Seat::D {
                (best - played).max(0.0)
            } else {
                (played - best).max(0.0)
            };
            assert!(
                (m.view_chance_cost.unwrap() - want).abs() < 1e-12,
                "move {} ({}): {:?} against {want} ({makes:?})",
                m.number,
                m.seat,
                m.view_chance_cost
            );
            if m.seat != Seat::D && want > 0.0 {
                defender_costs += 1;
            }
        }
    }
    // The check bites: some defender's move did give D a chance.
    assert!(defender_costs > 0);
}
