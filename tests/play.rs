//! Playing from one seat's view: `suggest` (PIMC) and self-play.

use assert_cmd::Command;
use tysiac::drivers::selfplay::{play_games, PlayOptions};
use tysiac::players::pimc::{self, PimcOptions};
use tysiac::solver::Workers;
use tysiac::{engine::random, CardSet, Rules, Seat, Solver, View};

fn opts(declarer: &str, defenders: &str, deals: usize) -> PlayOptions {
    PlayOptions {
        deals,
        seed: 77,
        declarer: declarer.parse().unwrap(),
        defenders: defenders.parse().unwrap(),
        bid: 100,
        hand: None,
        seat: tysiac::Seat::D,
        confidence: 0.5,
        as_bid_samples: false,
    }
}

fn no_progress() {}

#[test]
fn same_seed_same_games_whatever_the_threads() {
    let rules = Rules::STANDARD;
    let o = opts("pimc:8", "pimc:8", 6);
    let one = play_games(&rules, &o, &Workers::new(rules, 1).unwrap(), &no_progress);
    let two = play_games(&rules, &o, &Workers::new(rules, 2).unwrap(), &no_progress);
    let json = |g: &[tysiac::drivers::selfplay::Game]| serde_json::to_string(g).unwrap();
    assert_eq!(json(&one), json(&two));
}

#[test]
fn every_played_move_is_legal_and_the_record_replays() {
    for text in [
        "standard",
        "pl",
        "ru",
        "standard musik=discard trump=chosen",
        "standard musik_shown=no declare=optional",
    ] {
        let rules: Rules = text.parse().unwrap();
        for kind in ["simple", "pimc:4"] {
            let games = play_games(
                &rules,
                &opts(kind, kind, 4),
                &Workers::new(rules, 1).unwrap(),
                &no_progress,
            );
            for g in games {
                // The game's position reads back (every move checked legal),
                // and replays to the points recorded.
                let p = tysiac::parse_position(&g.position.to_string()).unwrap();
                let tysiac::Setup::Play(end) = p.setup() else {
                    panic!("a played hand")
                };
                assert!(end.is_over(), "{text}: {}", g.position);
                assert_eq!(end.points[0], g.points);
                assert_eq!(g.play.len(), 3 * rules.tricks());
                assert!(g.contract >= 100 && g.contract % rules.bid_step == 0);
            }
        }
    }
}

#[test]
fn dd_against_dd_scores_the_double_dummy_value() {
    for text in ["standard", "ru", "standard musik=discard"] {
        let rules: Rules = text.parse().unwrap();
        let games = play_games(
            &rules,
            &opts("dd", "dd", 25),
            &Workers::new(rules, 1).unwrap(),
            &no_progress,
        );
        for g in games {
            assert_eq!(g.points, g.dd_value, "{text}: {}", g.position);
            assert_eq!(g.dd_after_exchange, g.dd_value);
        }
    }
}

/// D's points per deal for one pairing.
fn points(rules: &Rules, declarer: &str, defenders: &str, deals: usize) -> Vec<f64> {
    play_games(
        rules,
        &opts(declarer, defenders, deals),
        &Workers::new(*rules, 0).unwrap(),
        &no_progress,
    )
    .iter()
    .map(|g| f64::from(g.points))
    .collect()
}

/// The paired t statistic of `a - b` (same deals).
fn paired_t(a: &[f64], b: &[f64]) -> f64 {
    let d: Vec<f64> = a.iter().zip(b).map(|(x, y)| x - y).collect();
    let n = d.len() as f64;
    let mean = d.iter().sum::<f64>() / n;
    let var = d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    mean / (var / n).sqrt()
}

// PIMC against the rules of thumb, on the same 120 deals (the same seed):
// the paired difference of D's points must be significant at the one-sided
// 0.5% level (t > 2.6 with 119 degrees of freedom).
#[test]
fn pimc_beats_the_simple_player_as_declarer() {
    let rules = Rules::STANDARD;
    let pimc = points(&rules, "pimc:10", "simple", 120);
    let simple = points(&rules, "simple", "simple", 120);
    let t = paired_t(&pimc, &simple);
    eprintln!("pimc:10 vs simple as declarer, 120 deals: paired t = {t:.2}");
    assert!(t > 2.6, "t = {t:.2}");
}

#[test]
fn pimc_beats_the_simple_player_as_defenders() {
    let rules = Rules::STANDARD;
    let pimc = points(&rules, "simple", "pimc:10", 120);
    let simple = points(&rules, "simple", "simple", 120);
    let t = paired_t(&simple, &pimc);
    eprintln!("pimc:10 vs simple as defenders, 120 deals: paired t = {t:.2}");
    assert!(t > 2.6, "t = {t:.2}");
}

#[test]
fn a_determined_view_gets_the_double_dummy_answer() {
    // Views where the play has placed every unseen card still in play: the
    // layouts all reach one state, so every move's mean is its exact
    // double-dummy value and its spread is nil.
    let mut found = 0;
    for seed in 0..400u64 {
        let rules = Rules::STANDARD;
        let mut rng = random::rng(seed);
        let moves = 12 + (seed % 10) as usize;
        let p = random::played_hand(&mut rng, &rules, moves);
        let view = View::from_position(&p, None).unwrap();
        if view.is_over() {
            continue;
        }
        let k = view.knowledge();
        let hidden: Vec<Seat> = Seat::ALL.into_iter().filter(|&s| s != view.seat).collect();
        let (a, b) = (k.possible(hidden[0]), k.possible(hidden[1]));
        let state = view.true_state().unwrap();
        let determined = (a & b).is_empty()
            && a.len() == state.hands[hidden[0].index()].len()
            && b.len() == state.hands[hidden[1].index()].len();
        if !determined {
            continue;
        }
        found += 1;
        let mut solver = Solver::new(rules);
        let opts = PimcOptions {
            samples: 20,
            seed,
            objective: None,
            ..PimcOptions::default()
        };
        let s = pimc::suggest_with(&view, &opts, &mut solver).unwrap();
        for m in &s.moves {
            let dd = solver.value_after(&state, m.mv);
            assert_eq!(m.mean, f64::from(dd), "{p}");
            // One layout: no spread, or none given.
            assert_eq!(m.stderr.unwrap_or(0.0), 0.0);
        }
    }
    assert!(found >= 10, "only {found} determined views");
}

#[test]
fn suggest_is_the_same_whatever_the_threads() {
    let rules = Rules::STANDARD;
    let mut rng = random::rng(4);
    let p = random::played_hand(&mut rng, &rules, 4);
    let view = View::from_position(&p, None).unwrap();
    let o = PimcOptions {
        samples: 30,
        seed: 9,
        objective: None,
        ..PimcOptions::default()
    };
    let one = pimc::suggest(&view, &o, &Workers::new(rules, 1).unwrap(), &no_progress).unwrap();
    let two = pimc::suggest(&view, &o, &Workers::new(rules, 2).unwrap(), &no_progress).unwrap();
    assert_eq!(
        serde_json::to_string(&one).unwrap(),
        serde_json::to_string(&two).unwrap()
    );
    // And the same on one solver, as a computer player uses it.
    let solo = pimc::suggest_with(&view, &o, &mut Solver::new(rules)).unwrap();
    assert_eq!(solo.best, one.best);
    for (a, b) in solo.moves.iter().zip(&one.moves) {
        assert_eq!((a.mv, a.mean), (b.mv, b.mean));
    }
}

/// A view of a known deal: each move's `dd` is its double-dummy value on
/// the true cards, and `dd_value` the position's, as a solver searching
/// each on its own finds them.
#[test]
fn suggest_gives_each_moves_double_dummy_value() {
    let rules = Rules::STANDARD;
    let mut rng = random::rng(12);
    let mut several = 0;
    for moves in [0, 2, 4, 7, 9, 3, 6] {
        let p = random::played_hand(&mut rng, &rules, moves);
        let view = View::from_position(&p, None).unwrap();
        let o = PimcOptions {
            samples: 8,
            seed: 3,
            objective: None,
            ..PimcOptions::default()
        };
        let s = pimc::suggest(&view, &o, &Workers::new(rules, 1).unwrap(), &no_progress).unwrap();
        let state = view.true_state().unwrap();
        let mut solver = Solver::new(rules);
        assert_eq!(s.dd_value, Some(solver.value(&state)), "{p}");
        several += usize::from(s.moves.len() > 1);
        for m in &s.moves {
            solver.clear();
            assert_eq!(
                m.dd,
                Some(solver.value_after(&state, m.mv)),
                "{p}: {}",
                m.mv
            );
        }
    }
    assert!(several >= 4, "{several}");
}

#[test]
fn the_contract_objective_keeps_a_sure_make() {
    // D holds the heart marriage with the ace and ten, and three more aces:
    // cashing AH and then declaring makes 100 on every layout, so the best
    // move under the contract objective makes it surely.
    let text = "view: D\nhand: AKQT.A.A.AK\nmusik: .A.A.K\nexchange: 9S JS\ncontract: 100\n";
    let view = tysiac::view::parse_views(text, "t", Rules::STANDARD, None)
        .remove(0)
        .unwrap();
    let s = pimc::suggest_with(
        &view,
        &PimcOptions {
            samples: 40,
            seed: 1,
            objective: None,
            ..PimcOptions::default()
        },
        &mut Solver::new(Rules::STANDARD),
    )
    .unwrap();
    assert_eq!(s.moves[0].make, Some(1.0));
    assert!(s.moves.windows(2).all(|w| w[0].make >= w[1].make));
}

fn tysiac() -> Command {
    Command::cargo_bin("tysiac").unwrap()
}

#[test]
fn cli_suggest_json_has_the_documented_keys() {
    let out = tysiac()
        .args(["suggest", "--samples", "10", "--json", "--quiet", "-"])
        .write_stdin(
            "id: x\ndeal: AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9\nexchange: 9S QC\ncontract: 120\n\
             play: AS 9S TS | AH 9H JH | KH\n\nid: bad\nview: L\nhand: AKQ\n",
        )
        .assert()
        // A position that cannot be read: exit 1, as in solve and analyze.
        .code(1)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "one line per position: {text}");
    let keys: Vec<&str> = lines[0]
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    for k in [
        "id",
        "rules",
        "seat",
        "contract",
        "objective",
        "samples",
        "seed",
        "best",
        "moves",
        "dd_value",
    ] {
        assert!(keys.contains(&k), "{k} missing: {keys:?}");
    }
    let m = &lines[0]["moves"][0];
    for k in [
        "move",
        "mean",
        "stderr",
        "make",
        "make_low",
        "make_high",
        "dd",
    ] {
        assert!(m.get(k).is_some(), "moves[].{k} missing: {m}");
    }
    assert_eq!(lines[0]["seat"], "L");
    assert_eq!(lines[1]["id"], "bad");
    assert!(lines[1]["error"].as_str().unwrap().contains("hand"));
}

#[test]
fn cli_play_json_writes_a_line_per_deal_and_a_summary() {
    let out = tysiac()
        .args([
            "play",
            "--deals",
            "3",
            "--declarer",
            "simple",
            "--defenders",
            "pimc:3",
            "--json",
            "--quiet",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    for l in &lines[..3] {
        for k in [
            "deal", "exchange", "contract", "play", "points", "dd_value", "position",
        ] {
            assert!(l.get(k).is_some(), "{k} missing: {l}");
        }
        // The position is a history that `solve` reads.
        tysiac::parse_position(l["position"].as_str().unwrap()).unwrap();
    }
    assert!(lines[3]["summary"]["gap"]["mean"].is_number());
}

#[test]
fn cli_rejects_out_of_range_resources() {
    tysiac()
        .args(["suggest", "--threads", "100000", "-"])
        .assert()
        .code(2);
    tysiac()
        .args(["suggest", "--samples", "0", "-"])
        .assert()
        .code(2);
    tysiac().args(["play", "--deals", "0"]).assert().code(2);
    tysiac()
        .args(["play", "--declarer", "pimc:0"])
        .assert()
        .code(2);
    tysiac().args(["play", "--bid", "105"]).assert().code(2);
}

#[test]
fn bid_play_sets_double_dummy_beside_play_on_the_same_deals() {
    // The double-dummy column of `bid --play` must be the plain `bid`
    // report of the same seed and sample count: the same deals.
    let run = |extra: &[&str]| -> serde_json::Value {
        let mut args = vec![
            "bid",
            "KQ9.AT..K9",
            "--samples",
            "30",
            "--seed",
            "5",
            "--json",
            "--quiet",
        ];
        args.extend_from_slice(extra);
        let out = tysiac()
            .args(&args)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        serde_json::from_slice(&out).unwrap()
    };
    let dd = run(&[]);
    let played = run(&["--play", "simple"]);
    assert_eq!(played["mode"], "play");
    let dd_levels = dd["levels"].as_array().unwrap();
    let mut compared = 0;
    for l in played["levels"].as_array().unwrap() {
        if let Some(d) = dd_levels.iter().find(|d| d["level"] == l["level"]) {
            assert_eq!(d["double_dummy"], l["double_dummy"], "level {}", l["level"]);
            compared += 1;
        }
    }
    assert!(compared >= 10);
}

#[test]
fn a_sampling_declarer_announces_the_best_expected_score() {
    use tysiac::players::player::announce;
    let rules = Rules::STANDARD;
    // D keeps both red marriages: the cap is 120 + 100 + 80 = 300, so the
    // levels are not cut short.
    let kept: CardSet = "KQ.KQ.A.A9".parse().unwrap();
    let values = |v: &[(u16, usize)]| -> Vec<u16> {
        v.iter()
            .flat_map(|&(x, n)| std::iter::repeat_n(x, n))
            .collect()
    };
    // Half the layouts make 160, half only 100: 100 is sure (+100), every
    // level from 110 to 160 a coin flip (expected 0). Announcing the
    // highest level that reaches 50% (160) would be the old mistake.
    let half = values(&[(160, 5), (100, 5)]);
    assert_eq!(announce(&rules, kept, 100, 0.5, &half), 100);
    // 8 in 10 make 160: 160 · (0.8 − 0.2) = 96 < 100, still 100; at 9 in 10,
    // 160 · 0.8 = 128 > 100.
    let eight = values(&[(160, 8), (100, 2)]);
    assert_eq!(announce(&rules, kept, 100, 0.5, &eight), 100);
    let nine = values(&[(160, 9), (100, 1)]);
    assert_eq!(announce(&rules, kept, 100, 0.5, &nine), 160);
    // A chance below --confidence rules a level out even when its expected
    // score is the highest: at 0.95, 160 (0.9) is out, 100 (1.0) stays.
    assert_eq!(announce(&rules, kept, 100, 0.95, &nine), 100);
    // No level reaches the confidence: the bid itself.
    let poor = values(&[(90, 10)]);
    assert_eq!(announce(&rules, kept, 120, 0.5, &poor), 120);
    // Never above the cap of the kept cards: without marriages, 120, even
    // if the layouts say more (they cannot, but the cap is the guard).
    let plain: CardSet = "A9.A9.A.A".parse().unwrap();
    assert_eq!(announce(&rules, plain, 100, 0.5, &values(&[(200, 4)])), 120);
}

/// Self-play's bookkeeping (issue 24): each seat's points and hand score
/// are that seat's own, as replaying the recorded hand card by card gives
/// them: the tricks each seat took, counted here from the cards, plus the
/// marriages its leads declared.
#[test]
fn self_play_books_each_seats_own_points() {
    use tysiac::engine::position::Form;
    let rules = Rules::STANDARD;
    let games = play_games(
        &rules,
        &opts("simple", "simple", 12),
        &Workers::new(rules, 1).unwrap(),
        &no_progress,
    );
    for g in &games {
        let Form::History(h) = &g.position.form else {
            panic!("a history")
        };
        let mut state = h.start.unwrap();
        let mut points = [0u16; 3];
        let mut trick = Vec::new();
        for m in &g.play {
            let seat = state.to_move();
            trick.push(m.card());
            let played = state.play(&rules, *m);
            if let Some((_, value)) = played.declared {
                points[seat.index()] += value;
            }
            if let Some((winner, _)) = played.trick {
                let cards: u16 = trick.drain(..).map(|c| c.points()).sum();
                points[winner.index()] += cards;
            }
        }
        assert_eq!(g.points, points[0], "game {}", g.index);
        assert_eq!(
            g.defenders_points,
            [points[1], points[2]],
            "game {}",
            g.index
        );
        // A defender's score is its own points rounded: 24 -> 20, 26 -> 30.
        for (k, seat) in [Seat::L, Seat::R].into_iter().enumerate() {
            let own = points[seat.index()];
            assert_eq!(g.score[k + 1], i32::from(rules.rounding.apply(own)));
        }
        let made = points[0] >= g.contract;
        assert_eq!(g.made, made);
        let c = i32::from(g.contract);
        assert_eq!(g.score[0], if made { c } else { -c });
    }
}

#[test]
fn a_fixed_hand_is_dealt_the_same_piles_from_any_seat_and_as_bid_only_when_asked() {
    // `play --hand H --seat S`: each deal on its own, the same piles for
    // any seat of H (only their places differ), so the check's declarer
    // and defence playouts are drawn alike; `as_bid_samples` (bid --play)
    // deals the declarer's hand as `bid` does instead.
    let rules = Rules::STANDARD;
    let hand: CardSet = "AKQ.T9..AJ".parse().unwrap();
    let workers = Workers::new(rules, 1).unwrap();
    let deals = |seat: Seat, as_bid: bool| -> Vec<tysiac::Deal> {
        let o = PlayOptions {
            hand: Some(hand),
            seat,
            as_bid_samples: as_bid,
            ..opts("simple", "simple", 17)
        };
        play_games(&rules, &o, &workers, &no_progress)
            .into_iter()
            .map(|g| g.deal)
            .collect()
    };
    let (d, l, r) = (
        deals(Seat::D, false),
        deals(Seat::L, false),
        deals(Seat::R, false),
    );
    for k in 0..17 {
        assert_eq!(d[k].hands[0], hand);
        assert_eq!((l[k].hands[1], r[k].hands[2]), (hand, hand));
        assert_eq!(
            [l[k].hands[0], l[k].hands[2]],
            [d[k].hands[1], d[k].hands[2]]
        );
        assert_eq!(
            [r[k].hands[0], r[k].hands[1]],
            [d[k].hands[1], d[k].hands[2]]
        );
        assert_eq!((l[k].musik, r[k].musik), (d[k].musik, d[k].musik));
    }
    let as_bid = deals(Seat::D, true);
    for (k, deal) in as_bid.iter().enumerate() {
        assert_eq!(
            *deal,
            tysiac::estimate::bid::sample_deal(&rules, hand, 77, k)
        );
    }
    assert_ne!(as_bid, d);
}
