//! The post-mortem (`tysiac analyze`): costs checked by hand on small
//! positions, cross-checked against the solver on random hands, and the
//! command on good and bad input.

use assert_cmd::Command;
use predicates::prelude::*;
use rand::Rng;
use tysiac::analysis::analyze::{analyze_play, analyze_position, Analysis, ContractChange};
use tysiac::{
    engine::random, parse_position, parse_positions_lenient, Form, Move, Position, Rules, Seat,
    Solver, State,
};

fn snapshot(text: &str) -> State {
    match parse_position(text).unwrap().form {
        Form::Snapshot(s) => s,
        Form::History(_) => panic!("a snapshot expected"),
    }
}

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace()
        .map(|m| m.parse().unwrap())
        .collect()
}

fn analyze(start: &State, play: &str, contract: Option<u16>) -> Analysis {
    let mut solver = Solver::new(Rules::STANDARD);
    analyze_play(&mut solver, start, &moves(play), contract).unwrap()
}

// ---------------------------------------------------------------------------
// Costs worked out by hand

#[test]
fn defender_discarding_a_ten_costs_ten() {
    // D led AS; L (9H TD) and R (9D KC) are void in spades, no trump. D wins
    // this trick whatever they throw, and R's KC wins the last trick (D
    // leads 9C into it). Perfect play: L throws 9H, R throws 9D, D ends with
    // 11. L throwing TD hands D the ten: D ends with 21, a cost of 10. R's
    // 9D afterwards keeps the value (throwing KC would let D's 9C win TD).
    let start = snapshot("hands: ..9. 9.T.. .9.K.\nlead: D\ntrick: AS");
    let a = analyze(&start, "TD 9D 9C 9H KC", Some(20));
    assert_eq!(a.start_value, Some(11));
    let costs: Vec<u16> = a.moves.iter().map(|m| m.cost).collect();
    assert_eq!(costs, [10, 0, 0, 0, 0]);
    let td = &a.moves[0];
    assert_eq!((td.seat, td.before, td.after), (Seat::L, 11, 21));
    assert_eq!(td.best, moves("9H"));
    // 11 < 20 before, 21 ≥ 20 after: the defender gave the contract away.
    assert_eq!(td.contract_change, Some(ContractChange::GivenAway));
    assert_eq!(a.hand.points, [21, 0, 4]);
    assert_eq!(a.hand.made, Some(true));
    assert_eq!(a.summary[Seat::L].mistakes, 1);
    assert_eq!(a.summary[Seat::L].cost, 10);
    assert_eq!(a.summary[Seat::L].largest, Some(1));
    // The first trick began before the analysis: its lead is shown with it.
    assert_eq!(a.tricks[0].cards, moves("AS TD 9D"));
    assert_eq!(a.tricks[0].winner, Some(Seat::D));
    assert_eq!(a.tricks[1].winner, Some(Seat::R));
}

#[test]
fn declarer_throwing_the_ace_costs_the_last_trick() {
    // L led AC, R followed 9C; D is void in clubs (no trump) and holds AH and
    // TD. The last trick is L's 9H, R's JH, then D: with AH kept D must beat
    // and wins 9H JH AH = 13; throwing AH now (L wins it) leaves D's TD to
    // be discarded under R's JH: 0. So AH costs 13 and TD was right.
    let start = snapshot("hands: A.T.. 9... J...\nlead: L\ntrick: AC 9C");
    let a = analyze(&start, "AH 9H JH TD", Some(10));
    assert_eq!(a.start_value, Some(13));
    let ah = &a.moves[0];
    assert_eq!(
        (ah.seat, ah.before, ah.after, ah.cost),
        (Seat::D, 13, 0, 13)
    );
    assert_eq!(ah.best, moves("TD"));
    assert_eq!(ah.contract_change, Some(ContractChange::Lost));
    assert_eq!(a.hand.points, [0, 22, 12]);
    assert_eq!(a.hand.made, Some(false));
    // −10 for D; defenders 22 → 20, 12 → 10.
    assert_eq!(a.hand.score.map(|s| s.to_array()), Some([-10, 20, 10]));
    assert!(a.tricks.iter().all(|t| t.makeable.is_some()));
    assert_eq!(a.tricks[0].makeable, Some(true));
    assert_eq!(a.tricks[1].makeable, Some(false));
}

#[test]
fn marriages_are_counted_apart_from_cards() {
    // D leads KH from KH QH at the seventh trick: the heart marriage (100)
    // is declared and hearts are trump at once; D then wins both tricks.
    let start = snapshot("hands: KQ... ..9.9 9..J.\nlead: D\npoints: 50 20 10");
    let a = analyze(&start, "KH 9C 9H QH 9S JC", Some(120));
    let decl = a.moves[0].declared.as_ref().unwrap();
    assert_eq!((decl.kind, decl.points), ("marriage", 100));
    assert_eq!(a.tricks[0].trump, Some(tysiac::Suit::Hearts));
    assert_eq!(a.hand.marriages, [100, 0, 0]);
    // The start's 50 points count as cards; the tricks add 4 and 5.
    assert_eq!(a.hand.cards, [59, 20, 10]);
    assert_eq!(a.hand.points, [159, 20, 10]);
    assert!(a.moves.iter().all(|m| m.cost == 0));
}

// ---------------------------------------------------------------------------
// Random hands against the solver

/// A random hand from a random deal and exchange, `n` random legal moves
/// (all of them when `n` is larger).
fn random_hand(seed: u64, rules: &Rules, n: usize) -> Position {
    let mut rng = random::rng(seed);
    let hand = random::played_hand(&mut rng, rules, n);
    Position {
        id: Some(format!("seed-{seed}")),
        contract: Some(100 + 10 * rng.gen_range(0..5)),
        ..hand
    }
}

/// Checks one analysis against a second, independent solver: every value,
/// every cost as the signed difference, the best moves, and the sum identity.
fn check_against_solver(p: &Position, a: &Analysis, check: &mut Solver) {
    let Form::History(h) = &p.form else { panic!() };
    let rules = p.rules;
    let mut s = h.start.unwrap();
    assert_eq!(a.start_value, Some(check.value(&s)));
    let (mut declarer_cost, mut defender_cost) = (0i32, 0i32);
    for (r, &m) in a.moves.iter().zip(&h.moves) {
        let before = check.value(&s);
        // Valuing every alternative is the slow part: only for mistakes.
        let alternatives = if r.cost > 0 {
            check.move_values(&s)
        } else {
            Vec::new()
        };
        s.play(&rules, m);
        let after = check.value(&s);
        assert_eq!((r.before, r.after), (before, after), "move {}", r.number);
        let signed = if r.seat == Seat::D {
            i32::from(before) - i32::from(after)
        } else {
            i32::from(after) - i32::from(before)
        };
        assert_eq!(i32::from(r.cost), signed, "move {}", r.number);
        // After a mistake, the best moves shown are exactly those keeping
        // the value (a move without cost keeps it: before == after above).
        let mut keep: Vec<Move> = alternatives
            .iter()
            .filter(|(_, v)| *v == before)
            .map(|(m, _)| *m)
            .collect();
        keep.sort();
        let mut best = r.best.clone();
        best.sort();
        assert_eq!(best, keep, "move {}", r.number);
        match r.seat {
            Seat::D => declarer_cost += i32::from(r.cost),
            _ => defender_cost += i32::from(r.cost),
        }
    }
    // The identity: costs add up to the drop from the start value to the end.
    let end = if a.hand.complete {
        i32::from(a.hand.points[Seat::D])
    } else {
        i32::from(check.value(&s))
    };
    assert_eq!(
        declarer_cost - defender_cost,
        i32::from(a.start_value.unwrap()) - end
    );
    assert_eq!(a.hand.points, s.points);
    let total: u32 = a.summary.iter().map(|(_, x)| x.cost).sum();
    assert_eq!(total as i32, declarer_cost + defender_cost);
}

fn random_hands(rules: Rules, seeds: std::ops::Range<u64>, n: usize) {
    // One solver analyzes every hand (its table reused throughout); the check
    // uses another, so that a stale table entry could not hide in both.
    let mut solver = Solver::new(rules);
    let mut check = Solver::new(rules);
    for seed in seeds {
        let p = random_hand(seed, &rules, n);
        let a = analyze_position(&mut solver, &p, None).unwrap();
        check_against_solver(&p, &a, &mut check);
        if n >= 24 {
            assert!(a.hand.complete);
            let c = p.contract.unwrap();
            assert_eq!(a.hand.made, Some(a.hand.points[Seat::D] >= c));
            assert_eq!(
                a.hand.score.map(|s| s.to_array()),
                Some(tysiac::hand_score(&rules, c, a.hand.points.to_array()))
            );
        }
        // The exchange against the best one.
        let x = a.exchange.as_ref().unwrap();
        let Form::History(h) = &p.form else { panic!() };
        let deal = h.deal.unwrap();
        assert_eq!(x.value, a.start_value);
        assert_eq!(x.cost, Some(x.best_value - x.value.unwrap()));
        let best_start = deal.after(&rules, &x.best).unwrap();
        assert_eq!(check.value(&best_start), x.best_value);
        assert_eq!(
            a.makeable_before_exchange,
            Some(x.best_value >= p.contract.unwrap())
        );
    }
}

#[test]
fn random_complete_hands_standard() {
    random_hands(Rules::STANDARD, 0..8, 24);
}

#[test]
fn random_complete_hands_pl_and_ru() {
    // pl: declare=optional gives undeclared leads (KH-); ru: ace marriage.
    random_hands(Rules::PL, 100..103, 24);
    random_hands(Rules::RU, 200..203, 24);
}

#[test]
fn random_hands_stopped_part_way() {
    random_hands(Rules::STANDARD, 300..303, 13);
}

// ---------------------------------------------------------------------------
// A history with an illegal move

/// A real hand where move 11 is R's 9C, void in spades and holding QH after
/// R declared the heart marriage: the example of the issue.
const ILLEGAL: &str = "\
id: bad-11
deal: T9.AK.Q.AK AJ.T.TJ.TJ KQ.QJ9.A9. ..K.Q9
exchange: 9S AD
contract: 100
play: KC TC AC | AD KD TD | KH TH AH | JS 9C QH
";

#[test]
fn illegal_move_stops_the_analysis_after_the_moves_before_it() {
    let results = parse_positions_lenient(ILLEGAL, "hand.txt", Rules::STANDARD);
    let (p, bad) = results[0].as_ref().unwrap();
    let bad = bad.as_ref().unwrap();
    assert_eq!(
        bad.analyze_error().to_string(),
        "hand.txt:5: position bad-11: play: move 11, R plays 9C but must trump: holds QH"
    );
    let mut solver = Solver::new(Rules::STANDARD);
    let a = analyze_position(&mut solver, p, Some(bad)).unwrap();
    assert_eq!(a.moves.len(), 10);
    let stopped = a.stopped.as_ref().unwrap();
    assert_eq!(stopped.number, 11);
    assert_eq!(stopped.seat, Some(Seat::R));
    assert_eq!(stopped.card, "9C");
    assert_eq!(stopped.rule, "must trump: holds QH");
    assert!(!a.hand.complete);
    assert_eq!(a.hand.made, None, "nothing after it is guessed");
    // R's lead of KH declared the marriage.
    assert_eq!(a.hand.marriages, [0, 0, 100]);
}

// ---------------------------------------------------------------------------
// The command

fn tysiac() -> Command {
    Command::cargo_bin("tysiac").unwrap()
}

#[test]
fn cli_reports_every_move_by_trick() {
    let text = "id: ex\ndeal: AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9\n\
                exchange: 9S QC\ncontract: 120\nplay: AS 9S TS | AH 9H JH | KH\n";
    tysiac()
        .arg("analyze")
        .write_stdin(text)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "position ex · rules standard · contract 120",
        ))
        .stdout(predicate::str::contains("exchange 9S QC: value"))
        .stdout(predicate::str::contains("trick 2: D leads"))
        .stdout(predicate::str::contains("    4. D AH"))
        .stdout(predicate::str::contains("declares the ♥ marriage (+100)"))
        .stdout(predicate::str::contains("summary:\n  D: "));
}

#[test]
fn cli_json_one_object_per_position() {
    let text = format!(
        "{ILLEGAL}\nid: two\ndeal: AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9\nexchange: 9S QC\n"
    );
    let out = tysiac()
        .args(["analyze", "--json", "-"])
        .write_stdin(text)
        .output()
        .unwrap();
    assert!(!out.status.success(), "the illegal move fails the run");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let objects: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(objects.len(), 2);
    let a = &objects[0];
    assert_eq!(a["id"], "bad-11");
    assert_eq!(a["moves"].as_array().unwrap().len(), 10);
    assert_eq!(a["moves"][0]["seat"], "D");
    assert_eq!(a["moves"][0]["card"], "KC");
    assert_eq!(
        a["stopped"]["message"],
        "move 11, R plays 9C but must trump: holds QH"
    );
    assert_eq!(a["hand"]["marriages"]["R"], 100);
    for key in [
        "before",
        "after",
        "cost",
        "best",
        "trick",
        "contract_change",
    ] {
        assert!(a["moves"][0].get(key).is_some(), "{key}");
    }
    assert_eq!(objects[1]["moves"].as_array().unwrap().len(), 0);
    assert!(objects[1]["exchange"]["best_value"].is_number());
}

#[test]
fn cli_illegal_move() {
    tysiac()
        .arg("analyze")
        .write_stdin(ILLEGAL)
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "<stdin>:5: position bad-11: play: move 11, R plays 9C but must trump: holds QH",
        ))
        // The moves before it are analyzed.
        .stdout(predicate::str::contains("   10. L JS"))
        .stdout(predicate::str::contains("stopped: move 11, R plays 9C"))
        .stdout(predicate::str::contains("   11.").not());
}

#[test]
fn cli_wrong_card_count() {
    tysiac()
        .arg("analyze")
        .write_stdin("deal: AKQ.T9..A T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9J\n")
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "<stdin>:1: position #1: deal: D's hand holds 6 cards, needs 7",
        ));
}

#[test]
fn cli_unknown_key() {
    tysiac()
        .arg("analyze")
        .write_stdin("id: k\ncolour: red\ndeal: AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9\n")
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "<stdin>:2: position k: colour: unknown key",
        ));
}

#[test]
fn cli_snapshot_is_refused_with_a_reason() {
    tysiac()
        .arg("analyze")
        .write_stdin("hands: A... 9... J...\n")
        .assert()
        .failure()
        // Named as every error names a position without an id: #number.
        .stderr(predicate::str::contains(
            "<stdin>:1: position #1: analyze reads the history form",
        ));
}

#[test]
fn cli_missing_file() {
    tysiac()
        .args(["analyze", "/nonexistent/hand.txt"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "/nonexistent/hand.txt: cannot read",
        ));
}
