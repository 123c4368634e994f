//! Reading the others (issue 20): the weighted layouts keep the sampler
//! honest, the weights follow the likelihoods of docs/inference.md, and the
//! shipped model reads what the rules make certain.

mod common;

use std::collections::HashMap;

use assert_cmd::Command;
use common::uniformity::chi_square_quantile;
use tysiac::engine::sample::sample_rng;
use tysiac::estimate::stats::chi_square;
use tysiac::players::inference::{
    weighted_layouts, Evidence, Gift, Interval, Lead, Model, Ordinal, Temper, GIFT_FEATURE_NAMES,
    HAND_FEATURE_NAMES, LEAD_FEATURE_NAMES,
};
use tysiac::players::pimc::{suggest_with, PimcOptions};
use tysiac::players::player::PlayerKind;
use tysiac::view::parse_views;
use tysiac::{
    engine::random, CardSet, Form, History, Inference, Position, Rules, Sampler, Seat, Solver, View,
};

/// The example: L got TC, D announced 180 and led JS.
const EXAMPLE: &str =
    "view: L\nhand: T9.ATQ.AQT.\nmusik: K..K.T\nexchange: TC\ncontract: 180\nplay: JS\n";

fn view(text: &str) -> View {
    parse_views(text, "test", Rules::STANDARD, None)
        .remove(0)
        .expect("a view")
}

/// A dealt hand played `moves` moves by the first legal card, seen by the
/// seat to move, with `contract`.
fn played_view(seed: u64, moves: usize, contract: u16) -> View {
    let rules = Rules::STANDARD;
    let deal = random::deal(&mut sample_rng(seed, 0));
    let exchange = deal.exchanges(&rules)[0];
    let start = deal.after(&rules, &exchange).unwrap();
    let mut state = start;
    let mut played = Vec::new();
    for _ in 0..moves {
        let m = state.legal_moves(&rules)[0];
        state.play(&rules, m);
        played.push(m);
    }
    let p = Position {
        id: None,
        rules,
        contract: Some(contract),
        expect: None,
        line: 1,
        form: Form::History(History {
            deal: Some(deal),
            exchange: Some(exchange),
            start: Some(start),
            moves: played,
        }),
    };
    View::from_position(&p, None).unwrap()
}

#[test]
fn a_view_with_nothing_to_read_is_judged_on_the_uniform_layouts() {
    // D's view without the defenders' bids: nothing to read. The layouts
    // are the sampler's own draws, stream i of the seed for draw i.
    let v = played_view(3, 1, 120);
    let v = if v.seat == Seat::D {
        v
    } else {
        played_view(3, 0, 120)
    };
    assert_eq!(v.seat, Seat::D);
    assert!(Evidence::of(&v).is_empty());
    let w = weighted_layouts(&v, 12, 99, Inference::Model);
    assert_eq!(w.inference, Inference::None);
    assert_eq!(w.effective, 12.0);
    let sampler = Sampler::new(&v);
    for (i, (layout, count)) in w.layouts.iter().enumerate() {
        assert_eq!(*count, 1);
        assert_eq!(*layout, sampler.sample(&mut sample_rng(99, i as u64)));
    }
}

#[test]
fn inference_none_is_the_uniform_sampler_even_with_decisions_to_read() {
    let v = view(EXAMPLE);
    assert!(!Evidence::of(&v).is_empty());
    let w = weighted_layouts(&v, 10, 5, Inference::None);
    assert_eq!(w.inference, Inference::None);
    let sampler = Sampler::new(&v);
    for (i, (layout, _)) in w.layouts.iter().enumerate() {
        assert_eq!(*layout, sampler.sample(&mut sample_rng(5, i as u64)));
    }
}

/// A model whose levels are 100 + 10 x the marriages/10 feature (the bid)
/// and 100 + the marriages + 10 x the top cards (the contract), with
/// everything else flat, and D leading a top card e² times as often as
/// another: its likelihoods are easy to work by hand.
fn hand_model() -> Model {
    let mut m = Model::shipped().clone();
    // Every piece believed fully, whatever the shipped tempering.
    m.temper = tysiac::players::inference::Temper::default();
    let mut w = vec![0.0; HAND_FEATURE_NAMES.len()];
    w[0] = 100.0;
    w[2] = 10.0;
    m.bid = Ordinal {
        weights: w.clone(),
        scale: 5.0,
        slip: 0.0,
        wide: 0.0,
    };
    let top = HAND_FEATURE_NAMES
        .iter()
        .position(|&f| f == "top_cards")
        .unwrap();
    w[top] = 10.0;
    w.extend([0.0, 0.0]); // the worth and the contract it announces
    m.contract = Ordinal {
        weights: w,
        scale: 5.0,
        slip: 0.0,
        wide: 0.0,
    };
    m.gift = Gift {
        weights: vec![0.0; GIFT_FEATURE_NAMES.len()],
        keep: 0.0,
    };
    let mut lead = vec![0.0; LEAD_FEATURE_NAMES.len()];
    lead[LEAD_FEATURE_NAMES.iter().position(|&f| f == "top").unwrap()] = 2.0;
    m.lead = Lead { weights: lead };
    m
}

/// The run down from the ace of each suit in `hand`.
fn top_cards(hand: CardSet) -> CardSet {
    let mut top = CardSet::EMPTY;
    for suit in ["H", "D", "C", "S"] {
        for rank in ["A", "T", "K", "Q", "J", "9"] {
            let c: tysiac::Card = format!("{rank}{suit}").parse().unwrap();
            if !hand.contains(c) {
                break;
            }
            top.insert(c);
        }
    }
    top
}

#[test]
fn a_layouts_weight_is_the_likelihood_of_the_contract_and_the_gift() {
    let v = view(EXAMPLE);
    let e = Evidence::of(&v);
    // Bid not given: read as 100, so 180 is a raise: D's level in [180, 190).
    assert_eq!(e.contract, Some(Interval::between(Some(180), Some(190))));
    assert_eq!(e.gift, Some("TC".parse().unwrap()));
    assert_eq!(e.lead, Some("JS".parse().unwrap()));
    let m = hand_model();
    let sampler = Sampler::new(&v);
    let js: tysiac::Card = "JS".parse().unwrap();
    for i in 0..20 {
        let l = sampler.sample(&mut sample_rng(1, i));
        let kept = l.start.hands[0];
        let marriages: u16 = kept
            .marriages()
            .map(|s| Rules::STANDARD.marriage_value(s))
            .sum();
        let top = top_cards(kept);
        // Flat gift utilities: every pair of the ten is one in 45.
        let gift = (1.0f64 / 45.0).ln();
        // Level z = 100 + marriages + 10 top cards; P = σ((190 − z)/5) − σ((180 − z)/5).
        let z = 100.0 + f64::from(marriages) + 10.0 * top.len() as f64;
        let s = |t: f64| 1.0 / (1.0 + (-(t - z) / 5.0).exp());
        let contract = (s(190.0) - s(180.0)).ln();
        // The lead: weight e² for each top card of the eight, 1 for the rest.
        let e2 = 2f64.exp();
        let mine = if top.contains(js) { e2 } else { 1.0 };
        let lead = (mine / (top.len() as f64 * e2 + (8 - top.len()) as f64)).ln();
        // The rules allow 180 only with marriages worth 60 (120 + 60).
        let expected = if marriages >= 60 {
            gift + contract + lead
        } else {
            f64::NEG_INFINITY
        };
        let got = e.log_weight(&m, &l);
        // Tempered, each kind's log-likelihood is multiplied by its factor
        // (the held contract's is not used: 180 is raised); untempered
        // entirely, a layout the rules forbid stays impossible.
        let mut tm = m.clone();
        tm.temper = Temper {
            bids: 5.0,
            contract_raised: 2.0,
            contract_held: 7.0,
            gift: 0.5,
            lead: 3.0,
        };
        let tempered = tm.temper;
        let mut flat = m.clone();
        flat.temper = Temper {
            bids: 0.0,
            contract_raised: 0.0,
            contract_held: 0.0,
            gift: 0.0,
            lead: 0.0,
        };
        if expected == f64::NEG_INFINITY {
            assert_eq!(got, expected, "layout {i}: kept {kept} cannot announce 180");
            assert_eq!(e.log_weight(&tm, &l), expected);
            assert_eq!(e.log_weight(&flat, &l), expected);
            continue;
        }
        assert!(
            (got - expected).abs() < 1e-9,
            "layout {i}: {got} vs {expected} (kept {kept})"
        );
        let want =
            tempered.contract_raised * contract + tempered.gift * gift + tempered.lead * lead;
        let t = e.log_weight(&tm, &l);
        assert!(
            (t - want).abs() < 1e-9,
            "layout {i}: tempered {t} vs {want}"
        );
        assert_eq!(e.log_weight(&flat, &l), 0.0);
        assert_eq!(e.terms(&m, &l)[2], 0.0, "no contract held");
    }
}

#[test]
fn weighted_layouts_are_drawn_in_proportion_to_the_likelihood() {
    // A late view with few hidden histories: list them all, and compare how
    // often each is drawn with its exact posterior share (uniform prior
    // times the weight).
    let mut v = played_view(11, 16, 120);
    let mut seed = 11;
    while v.seat == Seat::D || Sampler::new(&v).count() > 60 || Sampler::new(&v).count() < 4 {
        seed += 1;
        v = played_view(seed, 16, 120);
    }
    let sampler = Sampler::new(&v);
    let total = sampler.count() as usize;
    let mut all = HashMap::new();
    let mut i = 0;
    while all.len() < total {
        let l = sampler.sample(&mut sample_rng(7, i));
        all.entry(format!("{:?}", (l.deal, l.exchange)))
            .or_insert(l);
        i += 1;
        assert!(i < 100_000, "found {} of {total} histories", all.len());
    }
    let e = Evidence::of(&v);
    let model = Model::shipped();
    let keys: Vec<String> = all.keys().cloned().collect();
    let weight: Vec<f64> = keys
        .iter()
        .map(|k| e.log_weight(model, &all[k]).exp())
        .collect();
    let sum: f64 = weight.iter().sum();
    let mut counts = vec![0u64; keys.len()];
    let draws_each = 50;
    let runs = 200;
    for s in 0..runs {
        let w = weighted_layouts(&v, draws_each, 1000 + s, Inference::Model);
        assert_eq!(w.inference, Inference::Model);
        assert_eq!(w.layouts.iter().map(|x| x.1).sum::<usize>(), draws_each);
        for (l, c) in &w.layouts {
            let k = format!("{:?}", (l.deal, l.exchange));
            let j = keys.iter().position(|x| *x == k).expect("a listed history");
            counts[j] += *c as u64;
        }
    }
    let n = (draws_each as u64 * runs) as f64;
    let expected: Vec<f64> = weight.iter().map(|w| w / sum * n).collect();
    let observed: Vec<f64> = counts.iter().map(|&c| c as f64).collect();
    let stat = chi_square(&observed, &expected);
    let df = (keys.len() - 1) as f64;
    assert!(
        stat < chi_square_quantile(df, 3.09),
        "chi-square {stat:.1} on {df} degrees of freedom: {counts:?} vs {expected:?}"
    );
}

#[test]
fn a_contract_of_180_is_read_as_a_marriage_in_ds_hand() {
    // The rules: D may announce 180 only with marriages worth 60 among
    // the cards it kept. The uniform sampler does not know it; the model
    // reads it as a rule: every layout it judges on has them.
    let v = view(EXAMPLE);
    let has = |kept: CardSet| {
        kept.marriages()
            .map(|s| Rules::STANDARD.marriage_value(s))
            .sum::<u16>()
            >= 60
    };
    let share = |inference| {
        let w = weighted_layouts(&v, 200, 3, inference);
        let with: usize = w
            .layouts
            .iter()
            .filter(|(l, _)| has(l.start.hands[0]))
            .map(|x| x.1)
            .sum();
        with as f64 / 200.0
    };
    let (uniform, read) = (share(Inference::None), share(Inference::Model));
    assert_eq!(read, 1.0, "uniform {uniform}");
    assert!(uniform < 0.8, "uniform {uniform}");
}

#[test]
fn suggest_says_which_model_judged() {
    let v = view(EXAMPLE);
    let mut solver = Solver::new(Rules::STANDARD);
    let opts = |inference| PimcOptions {
        samples: 20,
        seed: 4,
        objective: None,
        inference,
    };
    let read = suggest_with(&v, &opts(Inference::Model), &mut solver).unwrap();
    assert_eq!(read.inference, Inference::Model);
    assert!(read.effective_samples > 1.0 && read.effective_samples <= 20.0);
    assert!(read.layouts <= 20);
    let uniform = suggest_with(&v, &opts(Inference::None), &mut solver).unwrap();
    assert_eq!(uniform.inference, Inference::None);
    assert_eq!((uniform.effective_samples, uniform.layouts), (20.0, 20));
}

/// The Wilson 95% interval of a share `p` on `n` trials, written out here
/// as the textbook has it.
fn wilson_by_hand(p: f64, n: f64) -> (f64, f64) {
    let z = 1.959_963_984_540_054f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Draws that repeat layouts are worth the independent layouts they hold:
/// the make interval is on the effective samples, not the draws, and a
/// spread over fewer than two layouts is not made up.
#[test]
fn weighted_draws_report_spreads_of_the_layouts_they_are_worth() {
    let v = view(EXAMPLE);
    let mut solver = Solver::new(Rules::STANDARD);
    for (samples, seed) in [(50, 1000), (40, 4), (20, 7)] {
        let opts = PimcOptions {
            samples,
            seed,
            objective: None,
            inference: Inference::Model,
        };
        let s = suggest_with(&v, &opts, &mut solver).unwrap();
        assert!(s.effective_samples < samples as f64, "{samples} {seed}");
        for m in &s.moves {
            let p = m.make.unwrap();
            let (lo, hi) = wilson_by_hand(p, s.effective_samples);
            assert!((m.make_low.unwrap() - lo).abs() < 1e-9, "{}", m.mv);
            assert!((m.make_high.unwrap() - hi).abs() < 1e-9, "{}", m.mv);
            assert_eq!(m.stderr.is_none(), s.layouts < 2, "{}", m.mv);
        }
        if (samples, seed) == (50, 1000) {
            // All fifty draws on one layout (the README's example): one
            // layout that makes says no more than one trial does.
            assert_eq!(s.layouts, 1);
            assert!(s.moves.iter().all(|m| m.make_low.unwrap() < 0.25));
        }
    }
}

#[test]
fn pimc_players_name_their_model() {
    let p: PlayerKind = "pimc:30:none".parse().unwrap();
    assert_eq!(p, PlayerKind::Pimc(30, Inference::None));
    assert_eq!(p.to_string(), "pimc:30:none");
    assert_eq!(
        "pimc".parse::<PlayerKind>().unwrap(),
        PlayerKind::Pimc(50, Inference::Model)
    );
    assert_eq!(
        PlayerKind::Pimc(50, Inference::Model).to_string(),
        "pimc:50"
    );
    assert!("pimc:30:maybe".parse::<PlayerKind>().is_err());
    assert!("pimc:30:none:x".parse::<PlayerKind>().is_err());
}

#[test]
fn a_bad_auction_in_a_view_is_refused_at_its_line() {
    let text = "view: L\nhand: T9.ATQ.AQT.\nmusik: K..K.T\nexchange: TC\ncontract: 180\nbids: L:100 R:pass D:pass\nplay: JS\n";
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args(["suggest", "--samples", "5", "-"])
        .write_stdin(text)
        .assert()
        .failure();
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(err.contains("line 6") || err.contains(":6"), "{err}");
    assert!(err.contains("L wins this auction"), "{err}");
}

#[test]
fn suggest_reads_the_auction_and_reports_the_model_in_json() {
    // D bid 120 (no marriage among its seven: KH and KC were in the
    // musik, and L holds QD) and raised to 180 with the musik's KH.
    let text = "view: L\nhand: T9.ATQ.AQT.\nmusik: K..K.T\nexchange: TC\ncontract: 180\nbids: L:100 R:pass D:120 L:pass\nplay: JS\n";
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args(["suggest", "--samples", "10", "--json", "-"])
        .write_stdin(text)
        .assert()
        .success();
    let line = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    let v: serde_json::Value = serde_json::from_str(line.trim()).unwrap();
    assert_eq!(v["inference"], "model");
    assert!(v["effective_samples"].as_f64().unwrap() <= 10.0);
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args([
            "suggest",
            "--samples",
            "10",
            "--json",
            "--inference",
            "none",
            "-",
        ])
        .write_stdin(text)
        .assert()
        .success();
    let line = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    let v: serde_json::Value = serde_json::from_str(line.trim()).unwrap();
    assert_eq!(v["inference"], "none");
    assert_eq!(v["effective_samples"], 10.0);
}

#[test]
fn game_and_play_take_the_model_for_every_pimc_seat() {
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args([
            "game",
            "--seats",
            "pimc:2,heuristic,heuristic",
            "--games",
            "1",
            "--seed",
            "3",
            "--rules",
            "standard game_to=200",
            "--inference",
            "none",
            "--json",
            "--quiet",
        ])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    let summary: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(summary["seats"][0], "pimc:2:none", "{summary}");
    let bad = Command::cargo_bin("tysiac")
        .unwrap()
        .args(["play", "--deals", "1", "--inference", "maybe"])
        .assert()
        .failure();
    let err = String::from_utf8_lossy(&bad.get_output().stderr).to_string();
    assert!(err.contains("not an inference model"), "{err}");
}

#[test]
fn evidence_reads_the_others_and_not_the_viewer() {
    // L's view with the auction: L's own calls say nothing to L; R passed
    // facing 110 (below 110); D won at 120 (at least 120). Contract 120
    // equals the bid: D's kept level is below 130.
    let text = "view: L\nhand: T9.ATQ.AQT.\nmusik: K..K.T\nexchange: TC\ncontract: 120\n\
                bids: L:100 R:pass D:110 L:120 D:130 L:pass\nplay: JS\n";
    let v = view(&text.replace("contract: 120", "contract: 130"));
    let e = Evidence::of(&v);
    assert!(e.bidders[Seat::L.index()].is_open());
    assert_eq!(e.bidders[Seat::R.index()], Interval::below(110));
    assert_eq!(e.bidders[Seat::D.index()], Interval::at_least(130));
    // Contract equal to the bid won: below the next level.
    assert_eq!(e.contract, Some(Interval::below(140)));
    // No bid known, contract 100: read over a bid of 100, below 110.
    let plain = view("view: L\nhand: T9.ATQ.AQT.\nmusik: K..K.T\ncontract: 100\n");
    let e = Evidence::of(&plain);
    assert_eq!(e.contract, Some(Interval::below(110)));
    // Only a contract to read: something all the same.
    assert_eq!((e.gift, e.lead), (None, None));
    assert!(!e.is_empty());
}

#[test]
fn d_reads_the_defenders_bids_and_nothing_of_its_own() {
    // D's view: its own lead and contract are not evidence; the defenders'
    // calls are.
    let text = "view: D\nhand: AKQ.T9..AJ9\nmusik: ..Q.K9\nexchange: QC KS\ncontract: 120\n\
                bids: L:100 R:110 D:120 L:pass R:pass\nplay: AS\n";
    let v = view(text);
    let e = Evidence::of(&v);
    assert_eq!((e.contract, e.gift, e.lead), (None, None, None));
    assert_eq!(
        e.bidders[Seat::R.index()],
        Interval::between(Some(110), Some(130))
    );
    assert!(e.bidders[Seat::D.index()].is_open());
    assert!(!e.is_empty());
    let quiet = view(&text.replace("bids: L:100 R:110 D:120 L:pass R:pass\n", ""));
    assert!(Evidence::of(&quiet).is_empty());
}

#[test]
fn the_calls_weigh_by_the_bidders_seven_cards() {
    // R passed facing 110: its level below 110; D won at 130: at least 130.
    // Under the hand model a seven-card level is 100 + its marriages.
    let text = "view: L\nhand: T9.ATQ.AQT.\nmusik: K..K.T\nexchange: TC\ncontract: 130\n\
                bids: L:100 R:pass D:110 L:120 D:130 L:pass\nplay: JS\n";
    let v = view(text);
    let e = Evidence::of(&v);
    let m = hand_model();
    let sampler = Sampler::new(&v);
    let level = |seven: CardSet| {
        100.0
            + f64::from(
                seven
                    .marriages()
                    .map(|s| Rules::STANDARD.marriage_value(s))
                    .sum::<u16>(),
            )
    };
    let below = |t: f64, z: f64| 1.0 / (1.0 + (-(t - z) / 5.0).exp());
    for i in 0..20 {
        let l = sampler.sample(&mut sample_rng(2, i));
        let r = below(110.0, level(l.deal.hands[Seat::R.index()]));
        let d = 1.0 - below(130.0, level(l.deal.hands[Seat::D.index()]));
        // The contract, equal to the bid: D's kept level below 140.
        let kept = l.start.hands[0];
        let c = below(140.0, level(kept) + 10.0 * top_cards(kept).len() as f64);
        // The rules: D bid 130 from its seven cards and announced 130 from
        // the eight it kept, so both hold a marriage.
        let allowed = |h: CardSet| h.marriages().next().is_some();
        if !allowed(l.deal.hands[Seat::D.index()]) || !allowed(kept) {
            assert_eq!(e.log_weight(&m, &l), f64::NEG_INFINITY, "layout {i}");
            continue;
        }
        // D led JS: e² for a top card against 1, over the eight.
        let top = top_cards(kept).len() as f64;
        let e2 = 2f64.exp();
        let js = if top_cards(kept).contains("JS".parse().unwrap()) {
            e2
        } else {
            1.0
        };
        let lead = js / (top * e2 + 8.0 - top);
        let expected = r.ln() + d.ln() + (1.0f64 / 45.0).ln() + c.ln() + lead.ln();
        let got = e.log_weight(&m, &l);
        assert!(
            (got - expected).abs() < 1e-9,
            "layout {i}: {got} vs {expected}"
        );
    }
}

/// Training data written as `--save-data` writes it: hands whose level is
/// 100 + their marriages (bids and contracts), gifts of the two lowest
/// cards, leads of the highest.
/// The worth planted in the saved data: 20 points and twice the cards'.
fn planted_worth(eight: CardSet) -> f64 {
    20.0 + 2.0 * f64::from(eight.points())
}

/// The contract planted in the saved data: 100 and ten per ace.
fn planted_announce(eight: CardSet) -> f64 {
    100.0
        + 10.0
            * eight
                .iter()
                .filter(|c| c.to_string().starts_with('A'))
                .count() as f64
}

fn planted_data() -> String {
    let rules = Rules::STANDARD;
    let mut out = String::new();
    for i in 0..300u64 {
        let deal = random::deal(&mut sample_rng(41, i));
        let seven = deal.hands[0];
        let eight = seven.with(deal.musik.lowest().unwrap());
        let level = |h: CardSet| 100 + h.marriages().map(|s| rules.marriage_value(s)).sum::<u16>();
        for (model, hand) in [("bid", seven), ("contract", eight)] {
            let l = level(hand);
            out += &format!(
                "{{\"level\":{{\"model\":\"{model}\",\"hand\":\"{hand}\",\"interval\":{{\"low\":{},\"high\":{}}}}}}}\n",
                l,
                l + 10
            );
        }
        let ten = seven.union(deal.musik);
        let mut by_points: Vec<tysiac::Card> = ten.iter().collect();
        by_points.sort_by_key(|c| (c.points(), c.to_string()));
        out += &format!(
            "{{\"gift\":{{\"ten\":\"{ten}\",\"gave\":[\"{}\",\"{}\"]}}}}\n",
            by_points[0], by_points[1]
        );
        let high = eight
            .iter()
            .max_by_key(|c| (c.points(), c.to_string()))
            .unwrap();
        out += &format!("{{\"lead\":{{\"kept\":\"{eight}\",\"led\":\"{high}\"}}}}\n");
    }
    // Worths of 1,500 hands of eight, so that every suit holding is seen.
    for i in 0..1500u64 {
        let deal = random::deal(&mut sample_rng(42, i));
        let eight = deal.hands[2].with(deal.musik.lowest().unwrap());
        out += &format!(
            "{{\"worth\":{{\"hand\":\"{eight}\",\"mean\":{},\"announce\":{}}}}}\n",
            planted_worth(eight),
            planted_announce(eight)
        );
    }
    out
}

#[test]
fn train_fits_saved_data_and_refuses_a_bad_line_at_its_place() {
    let dir = std::env::temp_dir().join(format!("tysiac-train-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("data.jsonl");
    let model = dir.join("model.json");
    std::fs::write(&data, planted_data()).unwrap();
    Command::cargo_bin("tysiac")
        .unwrap()
        .args(["inference", "train", "--quiet", "--from-data"])
        .arg(&data)
        .arg("--out")
        .arg(&model)
        .assert()
        .success();
    let m = Model::from_json(&std::fs::read_to_string(&model).unwrap()).unwrap();
    // The planted levels are the marriages: the fit finds them, sharply.
    let marriages = HAND_FEATURE_NAMES
        .iter()
        .position(|&f| f == "marriages/10")
        .unwrap();
    for o in [&m.bid, &m.contract] {
        assert!(o.weights[marriages] > 5.0, "{o:?}");
        assert!(o.scale < 5.0, "{o:?}");
    }
    // The worth, a sum over the suits' holdings, is found again (to the
    // ridge's small pull).
    for i in 0..20 {
        let deal = random::deal(&mut sample_rng(43, i));
        let eight = deal.hands[1].with(deal.musik.highest().unwrap());
        let got = m.worth.of(eight, &Rules::STANDARD);
        assert!((got - planted_worth(eight)).abs() < 2.5, "{eight}: {got}");
    }
    // The planted announce, ten per ace, is such a sum too: a learned sum
    // would fit it (the figure the training keeps beside the table's); the
    // shipped table, measured on real play, does not.
    let learned = m.training["announce_rmse"].as_f64().unwrap();
    let table = m.training["announce_table_rmse"].as_f64().unwrap();
    assert!(learned < 1.5 && table > learned, "{learned} {table}");
    assert_eq!(m.announce_from, "table from 0");
    // Gifts of the lowest cards: the points' weight is negative; leads of
    // the highest: positive.
    assert!(m.gift.weights[0] < 0.0, "{:?}", m.gift);
    assert!(m.lead.weights[0] > 0.0, "{:?}", m.lead);
    // The planted file does not say how it was made: the model says only
    // that it was fitted from it, and leaves the run's figures out.
    let refit = format!("--from-data {}", data.display());
    assert!(m.command.ends_with(&refit), "{}", m.command);
    assert!(m.training["auctions"].is_null() && m.training["seed"].is_null());
    // A file that says how it was made: the model names that run, not the
    // refit's own options (here other counts and seed), and a copy saved
    // by the refit keeps the record.
    let made = dir.join("made.jsonl");
    let played = "tysiac inference train --deals 9 --auctions 7 --leads 5 --worths 3 \
                  --worth-layouts 2 --player pimc:4 --seed 11";
    let header = format!(
        "{{\"made_by\":{{\"command\":\"{played}\",\"auctions\":7,\"worth_layouts\":2,\
         \"player\":\"pimc:4\",\"seed\":11}}}}\n"
    );
    std::fs::write(&made, header + &planted_data()).unwrap();
    let copy = dir.join("copy.jsonl");
    Command::cargo_bin("tysiac")
        .unwrap()
        .args([
            "inference",
            "train",
            "--quiet",
            "--auctions",
            "400",
            "--seed",
            "5",
        ])
        .arg("--from-data")
        .arg(&made)
        .arg("--save-data")
        .arg(&copy)
        .arg("--out")
        .arg(&model)
        .assert()
        .success();
    let m = Model::from_json(&std::fs::read_to_string(&model).unwrap()).unwrap();
    assert_eq!(m.command, played);
    assert_eq!(m.training["auctions"], 7);
    assert_eq!(m.training["worth_layouts"], 2);
    assert_eq!(m.training["player"], "pimc:4");
    assert_eq!(m.training["seed"], 11);
    let saved = std::fs::read_to_string(&copy).unwrap();
    let first: serde_json::Value = serde_json::from_str(saved.lines().next().unwrap()).unwrap();
    assert_eq!(first["made_by"]["command"], played);
    assert_eq!(first["made_by"]["auctions"], 7);
    assert_eq!(saved.lines().count(), planted_data().lines().count() + 1);
    // Untempered, unless the held contract's exponent is asked for; the
    // model's command then says so, and an exponent out of range is refused.
    assert_eq!(m.temper, tysiac::players::inference::Temper::default());
    let held = dir.join("held.json");
    Command::cargo_bin("tysiac")
        .unwrap()
        .args(["inference", "train", "--quiet", "--temper-held", "0.6"])
        .arg("--from-data")
        .arg(&made)
        .arg("--out")
        .arg(&held)
        .assert()
        .success();
    let h = Model::from_json(&std::fs::read_to_string(&held).unwrap()).unwrap();
    assert_eq!(h.temper.contract_held, 0.6);
    assert_eq!(h.temper.contract_raised, 1.0);
    assert_eq!(h.command, format!("{played} --temper-held 0.6"));
    assert_eq!(h.contract, m.contract);
    // Both contract exponents, as the shipped model is made.
    let both = dir.join("both.json");
    Command::cargo_bin("tysiac")
        .unwrap()
        .args(["inference", "train", "--quiet", "--temper-held", "0.6"])
        .args(["--temper-raised", "1.5", "--from-data"])
        .arg(&made)
        .arg("--out")
        .arg(&both)
        .assert()
        .success();
    let b = Model::from_json(&std::fs::read_to_string(&both).unwrap()).unwrap();
    assert_eq!(
        (b.temper.contract_held, b.temper.contract_raised),
        (0.6, 1.5)
    );
    assert_eq!(
        (b.temper.gift, b.temper.lead, b.temper.bids),
        (1.0, 1.0, 1.0)
    );
    assert_eq!(
        b.command,
        format!("{played} --temper-held 0.6 --temper-raised 1.5")
    );
    assert_eq!(b.contract, m.contract);
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args(["inference", "train", "--quiet", "--temper-held", "2.5"])
        .arg("--from-data")
        .arg(&made)
        .arg("--out")
        .arg(dir.join("never.json"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not an exponent from 0 to 2"), "{err}");
    // A contract hand of seven cards, on line 3 of a file.
    let bad = dir.join("bad.jsonl");
    let mut lines: Vec<String> = planted_data().lines().map(String::from).collect();
    lines[2] = lines[0].replace("\"bid\"", "\"contract\"");
    std::fs::write(&bad, lines.join("\n")).unwrap();
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args(["inference", "train", "--quiet", "--from-data"])
        .arg(&bad)
        .arg("--out")
        .arg(&model)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("bad.jsonl:3:") && err.contains("has 8 cards, not 7"),
        "{err}"
    );
    // A file saved without worths: they are measured (here a few, cheaply),
    // and the fit goes on.
    let old = dir.join("old.jsonl");
    let without: String = planted_data()
        .lines()
        .filter(|l| !l.starts_with("{\"worth\""))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&old, without).unwrap();
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args(["inference", "train", "--quiet", "--worths", "30"])
        .args(["--worth-layouts", "2", "--from-data"])
        .arg(&old)
        .arg("--out")
        .arg(&model)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("no worths saved; measuring them"));
    let m = Model::from_json(&std::fs::read_to_string(&model).unwrap()).unwrap();
    assert_eq!(m.training["worth_hands"], 30);
    // Data with nothing to fit a model on is refused, not fitted to zeros.
    let empty = dir.join("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args(["inference", "train", "--quiet", "--worths", "3"])
        .args(["--worth-layouts", "1", "--from-data"])
        .arg(&empty)
        .arg("--out")
        .arg(&model)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("the data holds no contracts"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `inference calibrate` refuses a count past its bound and a model file it
/// cannot read, naming the option; on a copy of the shipped model it writes
/// the tempering and the figures it was fitted with.
#[test]
fn calibrate_rewrites_the_model_with_its_tempering() {
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        // A model file that is not there: were the bound not kept, the run
        // would end at once, and never rewrite the shipped model.
        .args(["inference", "calibrate", "--candidates", "6000"])
        .args(["--model", "/nonexistent/m.json"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--candidates") && err.contains("5000"),
        "{err}"
    );
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args([
            "inference",
            "calibrate",
            "--quiet",
            "--model",
            "/nonexistent/m.json",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--model /nonexistent/m.json"), "{err}");
    let dir = std::env::temp_dir().join(format!("tysiac-calibrate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("model.json");
    std::fs::write(&file, serde_json::to_string(Model::shipped()).unwrap()).unwrap();
    Command::cargo_bin("tysiac")
        .unwrap()
        .args(["inference", "calibrate", "--quiet", "--deals", "40"])
        .args(["--candidates", "30", "--player", "pimc:4", "--threads", "1"])
        .arg("--model")
        .arg(&file)
        .assert()
        .success();
    let m = Model::from_json(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let c = &m.training["calibration"];
    assert_eq!(c["deals"], 40);
    assert_eq!(c["candidates"], 30);
    // Fitted, the true layouts are likelier than untempered or uniform.
    let ll = c["mean_log_likelihood"].as_f64().unwrap();
    assert!(ll >= c["mean_log_likelihood_untempered"].as_f64().unwrap());
    assert!(ll > c["mean_log_likelihood_uniform"].as_f64().unwrap());
    assert!(m.temper != Temper::default(), "{:?}", m.temper);
    // What was not fitted is kept.
    assert_eq!(m.temper.bids, Model::shipped().temper.bids);
    assert_eq!(m.contract, Model::shipped().contract);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `inference check --json`: a line per deal with D's double-dummy result
/// on the true layout, then the summary, whose bands add up those lines.
#[test]
fn check_reports_each_deal_and_sums_them_up() {
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args(["inference", "check", "--json", "--quiet", "--deals", "3"])
        .args(["--samples", "4", "--threads", "1"])
        .assert()
        .success();
    let lines: Vec<serde_json::Value> = String::from_utf8(out.get_output().stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    let deals = &lines[..3];
    let summary = &lines[3];
    assert_eq!(summary["deals"], 3);
    let all = summary["bands"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["contracts"] == "all")
        .unwrap();
    let mean = |f: &dyn Fn(&serde_json::Value) -> f64| deals.iter().map(f).sum::<f64>() / 3.0;
    let made_dd = mean(&|d| f64::from(u8::from(d["dd_truth"].as_u64() >= d["contract"].as_u64())));
    assert!((all["made_double_dummy"].as_f64().unwrap() - made_dd).abs() < 1e-12);
    let points_dd = mean(&|d| d["dd_truth"].as_f64().unwrap());
    assert!((all["points_double_dummy"].as_f64().unwrap() - points_dd).abs() < 1e-12);
    for (i, d) in deals.iter().enumerate() {
        assert_eq!(d["index"], i);
        // D's double-dummy points on the truth are points of a real hand,
        // and L's estimates are chances and averages of such points.
        let dd = d["dd_truth"].as_u64().unwrap();
        assert!(dd <= 120 + 100 + 80 + 60 + 40, "{d}");
        let make = d["estimate_model"]["make"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&make), "{d}");
        let e = d["effective_samples"].as_f64().unwrap();
        assert!(e > 0.0 && e <= 4.0, "{d}");
        assert!(d["contract"].as_u64().unwrap() >= 100);
    }
    // For people, a table: a band with no deal says so instead of
    // showing means of nothing; the others show their figures.
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args(["inference", "check", "--quiet", "--deals", "1"])
        .args(["--samples", "4", "--threads", "1"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| {
            ["100 ", "110-120 ", ">120 ", "all "]
                .iter()
                .any(|b| l.starts_with(b))
        })
        .collect();
    assert_eq!(rows.len(), 4, "{text}");
    assert_eq!(
        rows.iter().filter(|r| r.ends_with(" -")).count(),
        2,
        "{text}"
    );
    let all = rows.iter().find(|r| r.starts_with("all ")).unwrap();
    assert!(all.contains('|') && !all.ends_with(" -"), "{text}");
    // Somewhere D takes a trick's worth: not every truth is (next to) nothing.
    assert!(deals.iter().any(|d| d["dd_truth"].as_u64().unwrap() >= 20));
}
