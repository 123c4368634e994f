//! Every output field of `analyze` asserted on cases worked out by hand
//! (the values in the comments), with the independent reference
//! (`tests/common/reference.rs`) as a second derivation where a value is
//! tedious by hand. The JSON key lists are checked elsewhere; this file is
//! about the values.

mod common;

use common::reference::reference_move_values_memo;
use tysiac::analysis::analyze::{analyze_play, analyze_position, ContractChange};
use tysiac::estimate::real::Basis;
use tysiac::{parse_position, CardSet, Exchange, Give, Move, Rules, Seat, Solver, State, Suit};

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace()
        .map(|m| m.parse().unwrap())
        .collect()
}

fn sorted(mut v: Vec<Move>) -> Vec<String> {
    v.sort_by_key(|m| m.to_string());
    v.iter().map(|m| m.to_string()).collect()
}

/// Trick 3 of 8, standard rules, no trump, no marriage anywhere; 31 points
/// are out of play (QS JS 9S AD KD AC) and none scored yet.
/// - D: AS TS KS, 9H JH QH: three spade winners (nobody else has a spade)
///   and three hearts below R's.
/// - L: TD TC KC, 9D 9C JD: void in spades and hearts, discards throughout.
/// - R: AH TH KH, JC QD QC: void in spades; wins every heart trick.
///
/// Whatever the order, D wins the three spade tricks and nothing else; L
/// gives three of its six cards to D's tricks and R gives its three clubs
/// and diamonds (giving a heart would let a heart of D win). With perfect
/// play L gives 9D 9C JD (2) and R gives JC QD QC (8): D ends on
/// 25 + 2 + 8 = 35.
///
/// The play analysed: L throws KC (D then gets KC 9D 9C: 37, cost 2), then
/// TD (KC TD 9: 47, cost 10), then TC (KC TD TC: 57, cost 10). Everything
/// else is perfect. L's three mistakes cost 2, 10, 10: a tie for the
/// largest, which names the first of the two (move 5, TD).
fn three_mistakes() -> State {
    let hand = |s: &str| s.parse::<CardSet>().unwrap();
    State::new(
        [hand("QJ9...ATK"), hand(".TJ9.TK9."), hand("ATK.Q.QJ.")],
        Seat::D,
        None,
        [0; 3],
    )
}

const THREE_MISTAKES_PLAY: &str = "AS KC JC  TS TD QD  KS TC QC  9H 9D AH  TH JH 9C  KH QH JD";

#[test]
fn several_mistakes_with_a_tie_for_the_largest() {
    let start = three_mistakes();
    let mut solver = Solver::new(Rules::STANDARD);
    let a = analyze_play(&mut solver, &start, &moves(THREE_MISTAKES_PLAY), Some(40)).unwrap();

    // The hand-derived values: before/after each move (D's total with
    // perfect play from there).
    let values = [
        35, 35, 37, 37, 37, 47, 47, 47, 57, 57, 57, 57, 57, 57, 57, 57, 57, 57, 57,
    ];
    assert_eq!(a.start_value, Some(35));
    assert_eq!(a.moves.len(), 18);
    for (i, m) in a.moves.iter().enumerate() {
        assert_eq!(m.number, i + 1);
        assert_eq!(m.trick, 3 + i / 3, "move {}", i + 1);
        let order = if i < 12 {
            [Seat::D, Seat::L, Seat::R]
        } else {
            [Seat::R, Seat::D, Seat::L]
        };
        assert_eq!(m.seat, order[i % 3], "move {}", i + 1);
        assert_eq!(m.card, moves(THREE_MISTAKES_PLAY)[i]);
        assert_eq!(
            (m.before, m.after),
            (values[i], values[i + 1]),
            "move {}",
            i + 1
        );
        assert!(m.declared.is_none());
    }
    let costs: Vec<u16> = a.moves.iter().map(|m| m.cost).collect();
    assert_eq!(
        costs,
        [0, 2, 0, 0, 10, 0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    );
    // The moves that kept the value: the cheapest cards each time (JD is
    // no longer free once KC is gone: the next card to D would be a 9).
    assert_eq!(sorted(a.moves[1].best.clone()), ["9C", "9D", "JD"]);
    assert_eq!(sorted(a.moves[4].best.clone()), ["9C", "9D"]);
    assert_eq!(sorted(a.moves[7].best.clone()), ["9C", "9D"]);
    assert!(a
        .moves
        .iter()
        .filter(|m| m.cost == 0)
        .all(|m| m.best.is_empty()));
    // Contract 40: 37 → 47 at move 5 is the defenders giving it away.
    let changes: Vec<(usize, ContractChange)> = a
        .moves
        .iter()
        .filter_map(|m| m.contract_change.map(|c| (m.number, c)))
        .collect();
    assert_eq!(changes, [(5, ContractChange::GivenAway)]);

    // Summary: L 3 mistakes, 22 points, the largest is move 5 (the first of
    // the two costing 10); D and R none.
    assert_eq!(a.summary[Seat::L].mistakes, 3);
    assert_eq!(a.summary[Seat::L].cost, 22);
    assert_eq!(a.summary[Seat::L].largest, Some(5));
    for seat in [Seat::D, Seat::R] {
        let s = &a.summary[seat];
        assert_eq!((s.mistakes, s.cost, s.largest), (0, 0, None), "{seat}");
    }

    // Tricks: D takes 3–5 (17, 23, 17), R takes 6–8 (11, 12, 9).
    let t: Vec<_> = a
        .tricks
        .iter()
        .map(|t| {
            (
                t.number, t.leader, t.winner, t.points, t.value, t.makeable, t.trump,
            )
        })
        .collect();
    let (d, r) = (Seat::D, Seat::R);
    assert_eq!(
        t,
        [
            (3, d, Some(d), 17, 35, Some(false), None),
            (4, d, Some(d), 23, 37, Some(false), None),
            (5, d, Some(d), 17, 47, Some(true), None),
            (6, d, Some(r), 11, 57, Some(true), None),
            (7, r, Some(r), 12, 57, Some(true), None),
            (8, r, Some(r), 9, 57, Some(true), None),
        ]
    );
    assert_eq!(a.tricks[0].cards, moves("AS KC JC"));
    assert_eq!(a.tricks[5].cards, moves("KH QH JD"));
    // Each seat's points at the end of each trick: D's 17, 23 and 17 add up,
    // then R's 11, 12 and 9.
    let seat_points: Vec<[u16; 3]> = a.tricks.iter().map(|t| t.seat_points.to_array()).collect();
    assert_eq!(
        seat_points,
        [
            [17, 0, 0],
            [40, 0, 0],
            [57, 0, 0],
            [57, 0, 11],
            [57, 0, 23],
            [57, 0, 32]
        ]
    );

    // The hand: D 57, L nothing, R 32; contract 40 made; R's 32 rounds to 30.
    assert!(a.hand.complete);
    assert_eq!(a.hand.cards, [57, 0, 32]);
    assert_eq!(a.hand.marriages, [0, 0, 0]);
    assert_eq!(a.hand.points, [57, 0, 32]);
    assert_eq!(a.hand.made, Some(true));
    assert_eq!(a.hand.score.map(|s| s.to_array()), Some([40, 0, 30]));
    assert_eq!(a.contract, Some(40));
    assert_eq!(a.rules, Rules::STANDARD);
    // A snapshot start: no exchange, nothing known before it.
    assert_eq!(a.exchange, None);
    assert_eq!(a.makeable_before_exchange, None);
    assert_eq!(a.makeable_after_exchange, None);
    assert_eq!(a.stopped, None);
}

#[test]
fn three_mistakes_values_agree_with_the_reference() {
    // The hand derivation above, done again by the independent reference.
    let rules = Rules::STANDARD;
    let mut s = three_mistakes();
    let mut got = Vec::new();
    for mv in moves(THREE_MISTAKES_PLAY) {
        let values = reference_move_values_memo(&rules, &s);
        let best = if s.to_move() == Seat::D {
            values.iter().map(|v| v.1).max()
        } else {
            values.iter().map(|v| v.1).min()
        }
        .unwrap();
        let this = values.iter().find(|v| v.0 == mv).unwrap().1;
        got.push(best.abs_diff(this));
        s.play(&rules, mv);
    }
    assert_eq!(
        got,
        [0, 2, 0, 0, 10, 0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    );
}

/// A deal where D's best is plain: D holds all six hearts and AD, the musik
/// brings AC 9D 9S. Giving away the two 9s (to either defender), D keeps
/// six hearts and two aces, wins every trick (nobody else has a heart, and
/// the aces are top), and declares the heart marriage at trick 2: 120 + 100
/// = 220, the most there is. Giving away the two aces instead leaves D with
/// 9D 9S, each below a defender's card of its suit: less than 220.
const DEAL: &str = "ATKQJ9.A.. .TK.TK.ATK .QJ.QJ9.QJ .9.A.9";

fn history(exchange: &str, contract: u16) -> tysiac::Position {
    let text = format!(
        "id: fields-{contract}\ndeal: {DEAL}\nexchange: {exchange}\ncontract: {contract}\n"
    );
    parse_position(&text).unwrap()
}

#[test]
fn makeable_after_exchange_true_and_false() {
    let mut solver = Solver::new(Rules::STANDARD);

    // The best exchange made: 220 before and after, contract 220 makeable.
    let good = analyze_position(&mut solver, &history("9S 9D", 220), None).unwrap();
    assert_eq!(good.id.as_deref(), Some("fields-220"));
    assert_eq!(good.start_value, Some(220));
    assert_eq!(good.makeable_before_exchange, Some(true));
    assert_eq!(good.makeable_after_exchange, Some(true));
    let ex = good.exchange.as_ref().unwrap();
    let nines = Give::Pass("9S".parse().unwrap(), "9D".parse().unwrap());
    assert_eq!(
        ex.made,
        Some(Exchange {
            give: nines,
            trump: None
        })
    );
    assert_eq!(
        (ex.value, ex.best_value, ex.cost),
        (Some(220), 220, Some(0))
    );
    let mut best = ex.best.cards();
    best.sort();
    let mut want: Vec<tysiac::Card> = vec!["9S".parse().unwrap(), "9D".parse().unwrap()];
    want.sort();
    assert_eq!(best, want, "the best gives away the two 9s");
    assert!(good.moves.is_empty() && good.tricks.is_empty());
    assert!(!good.hand.complete);
    assert_eq!(good.hand.made, None);

    // The aces given away (AD to L, AC to R): D still runs the six hearts
    // (declaring at trick 2), but 9S and 9D each lose a trick. The
    // defenders throw their cheap cards on the hearts and keep their best
    // for the last two tricks: L keeps AS AD, R keeps AC and a queen; L
    // wins 9S with AS (R throws AC) and cashes AD (D's 9D, R's QD): 36
    // points that D does not get. D ends on 100 + 120 − 36 = 184.
    let v = 184;
    let bad = analyze_position(&mut solver, &history("AD AC", 220), None).unwrap();
    assert_eq!(bad.start_value, Some(v));
    assert_eq!(bad.makeable_before_exchange, Some(true));
    assert_eq!(bad.makeable_after_exchange, Some(false));
    let ex = bad.exchange.as_ref().unwrap();
    assert_eq!(
        (ex.value, ex.best_value, ex.cost),
        (Some(v), 220, Some(220 - v))
    );

    // At the bad exchange's own value, still makeable after it; one above
    // the best, makeable neither before nor after.
    let edge = analyze_position(&mut solver, &history("AD AC", v), None).unwrap();
    assert_eq!(edge.makeable_after_exchange, Some(true));
    let high = analyze_position(&mut solver, &history("9S 9D", 221), None).unwrap();
    assert_eq!(high.makeable_before_exchange, Some(false));
    assert_eq!(high.makeable_after_exchange, Some(false));
}

#[test]
fn a_declaration_is_reported_with_its_kind_suit_and_points() {
    // The best exchange, then D leads AH (trick 1: no declaring) and KH
    // (trick 2): the heart marriage, 100, hearts trump from that trick.
    let text = format!("deal: {DEAL}\nexchange: 9S 9D\ncontract: 220\nplay: AH TD QD KH KD JD\n");
    let p = parse_position(&text).unwrap();
    let mut solver = Solver::new(Rules::STANDARD);
    let a = analyze_position(&mut solver, &p, None).unwrap();
    assert!(
        a.moves[0].declared.is_none(),
        "no marriage on the first trick"
    );
    let d = a.moves[3].declared.as_ref().expect("KH declares");
    assert_eq!(
        (d.kind, d.suit, d.points),
        ("marriage", Some(Suit::Hearts), 100)
    );
    assert_eq!(a.tricks[0].trump, None);
    assert_eq!(a.tricks[1].trump, Some(Suit::Hearts));
    assert_eq!(a.hand.marriages, [100, 0, 0]);
    // AH TD QD = 24, KH KD JD = 10, and the 100.
    assert_eq!(a.hand.cards, [34, 0, 0]);
    assert_eq!(a.hand.points, [134, 0, 0]);
    assert!(!a.hand.complete);
    assert_eq!((a.hand.made, a.hand.score), (None, None));
    assert!(a.moves.iter().all(|m| m.cost == 0), "perfect so far");
    // D's 24 after trick 1; the marriage's 100 counts when declared.
    assert_eq!(a.tricks[0].seat_points, [24, 0, 0]);
    assert_eq!(a.tricks[1].seat_points, [134, 0, 0]);
}

#[test]
fn a_trick_s_trump_when_the_play_stops_after_a_declaring_lead_or_starts_mid_trick() {
    let text = format!("deal: {DEAL}\nexchange: 9S 9D\ncontract: 220\nplay: AH TD QD KH\n");
    let p = parse_position(&text).unwrap();
    let mut solver = Solver::new(Rules::STANDARD);

    // The play stops on the lead KH, which declares: that one-card trick is
    // played in hearts already.
    let a = analyze_position(&mut solver, &p, None).unwrap();
    assert_eq!(a.tricks.len(), 2);
    assert_eq!(a.tricks[1].cards, moves("KH"));
    assert_eq!(a.tricks[1].trump, Some(Suit::Hearts));
    assert_eq!((a.tricks[1].winner, a.tricks[1].points), (None, 0));
    assert_eq!(a.tricks[1].seat_points, [124, 0, 0]);

    // An analysis that starts there (mid-trick, hearts trump) and plays
    // KD JD: the trick it opens with is still a hearts trick, and D wins it
    // (KH KD JD: 4 + 4 + 2).
    let tysiac::Setup::Play(start) = p.setup() else {
        panic!("a history in play")
    };
    let b = analyze_play(&mut solver, &start, &moves("KD JD"), Some(220)).unwrap();
    assert_eq!(b.tricks.len(), 1);
    assert_eq!(b.tricks[0].cards, moves("KH KD JD"));
    assert_eq!(b.tricks[0].trump, Some(Suit::Hearts));
    assert_eq!(b.tricks[0].winner, Some(Seat::D));
    assert_eq!(b.tricks[0].points, 10);
    assert_eq!(b.tricks[0].seat_points, [134, 0, 0]);
    // Stopping after the one card KD: the trick is still a hearts trick.
    let c = analyze_play(&mut solver, &start, &moves("KD"), Some(220)).unwrap();
    assert_eq!(c.tricks[0].cards, moves("KH KD"));
    assert_eq!(c.tricks[0].trump, Some(Suit::Hearts));
    assert_eq!(c.tricks[0].winner, None);
}

// ---------------------------------------------------------------------------
// `tysiac score --json` and `tysiac puzzle --verify --json`

fn tysiac() -> assert_cmd::Command {
    assert_cmd::Command::new(env!("CARGO_BIN_EXE_tysiac"))
}

fn scratch(name: &str, text: &str) -> std::path::PathBuf {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("writing a scratch file");
    path
}

#[test]
fn score_json_every_field_of_a_played_and_a_conceded_hand() {
    // Hand 1: Ala declares, contract 120, takes 125 (120 cards + her 80
    // diamond marriage = 200 in all with 40 + 35): made, +120; Bartek 40;
    // Celina 35 rounds down to 30 (a final 5 goes down).
    // Hand 2: Bartek concedes his 100: −100, the others +60 each.
    // Neither hand is blind nor an opening hand: neither counts double.
    let path = scratch(
        "fields-score.txt",
        "players: Ala Bartek Celina\nrules: standard\n\n\
         D=Ala bid=110 contract=120 points=125,40,35\n\
         D=Bartek bid=100 concede\n",
    );
    let out = tysiac()
        .arg("score")
        .arg("--json")
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let want = serde_json::json!({
        "source": path.display().to_string(),
        "rules": "standard",
        "players": ["Ala", "Bartek", "Celina"],
        "hands": [
            {"line": 4, "number": 1, "declarer": 0, "bid": 110, "contract": 120,
             "conceded": false, "points": [125, 40, 35], "made": true,
             "earned": [120, 40, 30], "added": [120, 40, 30], "totals": [120, 40, 30],
             "doubled": false, "notes": []},
            {"line": 5, "number": 2, "declarer": 1, "bid": 100, "contract": null,
             "conceded": true, "points": null, "made": null,
             "earned": [60, -100, 60], "added": [60, -100, 60], "totals": [180, -60, 90],
             "doubled": false, "notes": []}
        ],
        "totals": [180, -60, 90],
        "result": null,
        "result_text": null
    });
    assert_eq!(v, want);
}

#[test]
fn score_json_result_of_a_won_game() {
    // Three hands of 400 (120 cards + all four marriages, 280): Ala is the
    // declarer each time, so the barrel at 800 does not stop her: 1200.
    let hand = "D=Ala bid=400 contract=400 points=400,0,0\n";
    let path = scratch(
        "fields-score-won.txt",
        &format!("players: Ala Bartek Celina\n\n{hand}{hand}{hand}"),
    );
    let out = tysiac()
        .arg("score")
        .arg("--json")
        .arg(&path)
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["totals"], serde_json::json!([1200, 0, 0]));
    assert_eq!(v["result"], serde_json::json!({"winner": 0}));
    assert_eq!(v["result_text"], "Ala wins with 1200");
    assert_eq!(v["hands"][2]["totals"], serde_json::json!([1200, 0, 0]));
}

#[test]
fn puzzle_verify_json_fields() {
    // The defender position of tests/boundaries.rs (worked out there): L's
    // 9H keeps D to 15, TH gives D 25: one winning move. The second copy
    // claims 16.
    let snapshot = "hands: ...9 T9... K...J\nlead: D\ntrick: AH\n";
    let path = scratch(
        "fields-puzzles.txt",
        &format!("id: pinned-l\n{snapshot}expect: 15\n\nid: wrong\n{snapshot}expect: 16\n"),
    );
    let out = tysiac()
        .args(["puzzle", "--json", "--verify"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(!out.status.success(), "one puzzle is wrong");
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        lines,
        [
            serde_json::json!({"id": "pinned-l", "ok": true, "solution": "9H", "expect": 15}),
            serde_json::json!({"id": "wrong", "ok": false,
                               "error": "expect: 16, but the value is 15"}),
        ]
    );
}

// ---------------------------------------------------------------------------
// `bid`'s report, from samples made by hand

/// The Wilson score interval at 95% (z = 1.959964, the normal 97.5%
/// quantile), from its textbook definition.
fn wilson95(k: usize, n: usize) -> (f64, f64) {
    let z: f64 = 1.959_964;
    let (n, p) = (n as f64, k as f64 / n as f64);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (centre - half, centre + half)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-5
}

#[test]
fn bid_report_every_field_from_hand_made_samples() {
    use tysiac::estimate::{bid, BidOptions, BidSample};
    // AH KH QH TD 9D AS JS: the heart marriage, so the cap is 120 + 100.
    // A musik can complete at most one more marriage (two cards of the
    // three): diamonds at best, 80, so nothing conceivable beats 300.
    let hand: CardSet = "AKQ.T9..AJ".parse().unwrap();
    let rules = Rules::STANDARD;
    let opts = BidOptions {
        seed: 77,
        basis: Basis::DoubleDummy,
        ..BidOptions::default()
    };
    let set = |s: &str| s.parse::<CardSet>().unwrap();
    // Four samples: the points D made, and musiks of which two complete a
    // marriage D lacks (KD QD, KC QC). The defenders' cards do not enter
    // the report.
    let sample = |points: u16, musik: &str| BidSample {
        musik: set(musik),
        defenders: [CardSet::EMPTY; 2],
        points,
        double_dummy: points,
        chosen: None,
    };
    let samples = [
        sample(100, ".KQ.9."),
        sample(120, "TJ9..."),
        sample(145, "..KQ.9"),
        sample(230, "..9.KT"),
    ];
    let r = bid::report(hand, &rules, &opts, &samples).unwrap();
    assert_eq!(r.hand, hand.to_string());
    assert_eq!(r.rules, "standard");
    assert_eq!(r.mode, "double_dummy");
    assert_eq!((r.samples, r.seed, r.confidence), (4, 77, 0.5));
    assert_eq!(r.marriages, ["H"]);
    assert_eq!((r.cap, r.max_conceivable), (220, 300));
    // Levels 100 to 230 (one past the cap, and the best sample's 230).
    let points = [100u16, 120, 145, 230];
    let levels: Vec<u16> = r.levels.iter().map(|l| l.level).collect();
    assert_eq!(levels, (100..=230).step_by(10).collect::<Vec<u16>>());
    for row in &r.levels {
        let made = points.iter().filter(|&&p| p >= row.level).count();
        let p = made as f64 / 4.0;
        assert_eq!(row.allowed, row.level <= 220, "{}", row.level);
        assert_eq!(row.made, made, "{}", row.level);
        assert!(close(row.probability, p), "{}", row.level);
        let (low, high) = wilson95(made, 4);
        assert!(
            close(row.low, low) && close(row.high, high),
            "{}",
            row.level
        );
        // +level when made, −level when not.
        let expected = p * row.level as f64 - (1.0 - p) * row.level as f64;
        assert!(close(row.expected_score, expected), "{}", row.level);
    }
    // The highest allowed level made half the time (140: 145 and 230) and
    // the highest made 80% of the time (100: all four; 110 only 3 of 4).
    assert_eq!(tysiac::estimate::highest_level(&r.levels, 0.5), Some(140));
    assert_eq!(tysiac::estimate::highest_level(&r.levels, 0.8), Some(100));
    assert!(close(r.mean_points, 148.75));
    assert_eq!(r.histogram.bin_width, 10);
    let bins: Vec<(u16, usize)> = r.histogram.bins.iter().map(|b| (b.from, b.count)).collect();
    let mut want: Vec<(u16, usize)> = (100..=230).step_by(10).map(|f| (f, 0)).collect();
    for p in points {
        want[usize::from((p - 100) / 10)].1 += 1;
    }
    assert_eq!(bins, want);
    // New marriages: 2 of 4 samples; exactly, a musik holding KD QD, KC QC
    // or KS QS (15 third cards each, never two pairs) of the C(17, 3) = 680.
    let m = &r.new_marriage;
    assert_eq!(m.count, 2);
    assert!(close(m.fraction, 0.5));
    let (low, high) = wilson95(2, 4);
    assert!(close(m.low, low) && close(m.high, high));
    assert!(close(m.exact, 45.0 / 680.0));
    assert!(r.realistic.is_none());
}

// ---------------------------------------------------------------------------
// `exchange`'s report on a ten whose best exchange is plain

#[test]
fn exchange_report_fields_when_one_discard_always_makes_everything() {
    use tysiac::estimate::{exchange, ExchangeOptions};
    // musik=discard: D's ten are all six hearts, AD and three 9s. Discarding
    // the 9s, D keeps seven cards that win every trick whatever the layout:
    // AH (no declaring on the first trick), then KH declares 100 and hearts
    // are trump, all hearts are D's, and AD is the top diamond. D takes all
    // 120 card points (the discarded 9s are worth 0) and the 100: 220 on
    // every layout. Any other discard keeps a 9 (or breaks the marriage or
    // loses the AD): the defenders hold the rest of that suit and win a
    // trick, so the discard of the three 9s is the best on every layout.
    let rules: Rules = "standard musik=discard".parse().unwrap();
    let ten: CardSet = "ATKQJ9.A9.9.9".parse().unwrap();
    let opts = ExchangeOptions {
        samples: 12,
        seed: 5,
        threads: 1,
        candidates: 3,
        screen: 6,
        basis: Basis::DoubleDummy,
        ..ExchangeOptions::default()
    };
    let r = exchange::estimate(ten, &rules, &opts, &|| {}).unwrap();
    assert_eq!(r.hand, ten.to_string());
    assert_eq!(r.rules, "standard musik=discard");
    assert_eq!((r.samples, r.seed, r.screen_layouts), (12, 5, 6));
    assert_eq!(
        (r.contract, r.confidence, r.ranked_by),
        (100, 0.5, "mean_points")
    );
    let top = &r.exchanges[0];
    assert_eq!(top.exchange, "9D 9C 9S");
    assert_eq!(
        top.discard.as_deref(),
        Some(&["9D".to_string(), "9C".into(), "9S".into()][..])
    );
    assert_eq!(
        (
            top.to_l.as_deref(),
            top.to_r.as_deref(),
            top.trump.as_deref()
        ),
        (None, None, None)
    );
    assert_eq!(top.cap, 220);
    assert!(close(top.mean_points, 220.0));
    assert_eq!(top.screen_best, 6, "the best on every screening layout");
    // Levels 100 to 230: every one up to the cap made on all 12 layouts.
    let levels: Vec<(u16, bool, usize)> = top
        .levels
        .iter()
        .map(|l| (l.level, l.allowed, l.made))
        .collect();
    let mut want: Vec<(u16, bool, usize)> =
        (100..=220).step_by(10).map(|l| (l, true, 12)).collect();
    want.push((230, false, 0));
    assert_eq!(levels, want);
    assert!(top.levels[..13]
        .iter()
        .all(|l| close(l.probability, 1.0) && close(l.expected_score, l.level as f64)));
    // The others do worse on average.
    assert!(r.exchanges[1..].iter().all(|e| e.mean_points < 220.0));
    let rec = r.recommended.as_ref().unwrap();
    assert_eq!(
        (rec.exchange.as_str(), rec.contract, rec.confident),
        ("9D 9C 9S", 220, true)
    );
    assert!(close(rec.probability, 1.0));

    // With the bid of 220 already won: ranked by the chance of making it.
    let with_contract = ExchangeOptions {
        contract: Some(220),
        ..opts
    };
    let r = exchange::estimate(ten, &rules, &with_contract, &|| {}).unwrap();
    assert_eq!((r.contract, r.ranked_by), (220, "probability"));
    assert_eq!(r.exchanges[0].exchange, "9D 9C 9S");
    assert_eq!(r.exchanges[0].levels[0].level, 220);
}

#[test]
fn exchange_rows_give_to_l_to_r_and_the_named_trump() {
    use tysiac::estimate::{exchange, ExchangeOptions};
    // musik=pass, trump=chosen: D's ten are the six hearts, AD, AC, 9S and
    // 9C. Giving away the two 9s (one to each defender, either way round)
    // and naming hearts, D keeps eight winners: the defenders hold no heart,
    // so they can neither follow nor ruff, and AD and AC top their suits.
    // D takes every trick, all 120 card points (the given 9s included), and
    // the heart marriage's 100 (under trump=chosen marriages only score):
    // 220 on every layout. Any other exchange or trump keeps a loser or
    // lets a defender ruff, so these two are the best rows, both 220.
    let rules: Rules = "standard trump=chosen".parse().unwrap();
    let ten: CardSet = "ATKQJ9.A.A9.9".parse().unwrap();
    let opts = ExchangeOptions {
        samples: 8,
        seed: 6,
        threads: 1,
        candidates: 4,
        screen: 4,
        basis: Basis::DoubleDummy,
        ..ExchangeOptions::default()
    };
    let r = exchange::estimate(ten, &rules, &opts, &|| {}).unwrap();
    type Row<'a> = (Option<&'a str>, Option<&'a str>, Option<&'a str>, u16, f64);
    let mut top: Vec<Row> = r.exchanges[..2]
        .iter()
        .map(|e| {
            assert_eq!(e.discard, None, "musik=pass gives, not discards");
            assert_eq!(
                e.exchange,
                format!(
                    "{} {} {}",
                    e.to_l.as_deref().unwrap(),
                    e.to_r.as_deref().unwrap(),
                    e.trump.as_deref().unwrap()
                )
            );
            (
                e.to_l.as_deref(),
                e.to_r.as_deref(),
                e.trump.as_deref(),
                e.cap,
                e.mean_points,
            )
        })
        .collect();
    top.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(
        top,
        [
            (Some("9C"), Some("9S"), Some("H"), 220, 220.0),
            (Some("9S"), Some("9C"), Some("H"), 220, 220.0)
        ]
    );
    assert!(r.exchanges[2..].iter().all(|e| e.mean_points < 220.0));
}
