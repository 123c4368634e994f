//! Puzzles (`tysiac puzzle`): checking, generation, output, the collection.

use assert_cmd::Command;
use predicates::prelude::*;
use tysiac::analysis::puzzle::{self, Difficulty, Goal, Options, PlayStyle, Side, Theme};
use tysiac::{parse_position, parse_positions, Position, Rules, Seat, Setup, Solver};

/// Two tricks left, D on lead holding the heart marriage; L holds AH and a
/// spade, R 9H and a spade. Both leads declare (+100, hearts become trump)
/// and lose to L's ace; D then trumps L's spade with the other card. Leading
/// the queen keeps the king (4) for the last trick, the king keeps the
/// queen (3): QH ends with 100 + 100 + 6 = 206, KH with 205. One winning
/// move, QH, by one point.
const MARRIAGE: &str = "\
hands: KQ... A...9 9...J
lead: D
trump: -
points: 100 20 0";

fn tysiac() -> Command {
    Command::cargo_bin("tysiac").expect("the binary is built")
}

fn verify_text(text: &str) -> Result<puzzle::Verified, String> {
    let p = parse_position(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    puzzle::verify(&mut Solver::new(p.rules), &p)
}

// ---------------------------------------------------------------------------
// --verify

#[test]
fn verify_accepts_the_marriage_puzzle() {
    let v = verify_text(&format!("id: ok\n{MARRIAGE}\nexpect: 206")).unwrap();
    assert_eq!((v.solution.to_string(), v.value), ("QH".into(), 206));
}

#[test]
fn verify_rejects_two_winning_moves() {
    // D holds the last two aces, L and R only small cards: whichever ace D
    // leads first, D takes both tricks (100 + 13 + 13 = 126). Two moves win.
    let text = "id: two-aces\nhands: A...A 9...9 J...J\npoints: 100 0 0\nexpect: 126";
    let why = verify_text(text).unwrap_err();
    assert!(
        why.contains("2 moves") && why.contains("AH") && why.contains("AS"),
        "{why}"
    );
}

#[test]
fn verify_rejects_a_wrong_expect() {
    // 205 is what the tempting KH gives; the value (after QH) is 206.
    let why = verify_text(&format!("{MARRIAGE}\nexpect: 205")).unwrap_err();
    assert!(why.contains("expect: 205") && why.contains("206"), "{why}");
}

#[test]
fn verify_rejects_a_missing_expect() {
    let why = verify_text(MARRIAGE).unwrap_err();
    assert!(why.contains("no expect"), "{why}");
}

#[test]
fn verify_reads_the_contract() {
    // Both leads make 205: two winning moves. Only QH makes 206.
    let why = verify_text(&format!("{MARRIAGE}\ncontract: 205\nexpect: 206")).unwrap_err();
    assert!(why.contains("2 moves"), "{why}");
    let v = verify_text(&format!("{MARRIAGE}\ncontract: 206\nexpect: 206")).unwrap();
    assert_eq!(v.solution.to_string(), "QH");
    // A contract no move makes is no puzzle either.
    let why = verify_text(&format!("{MARRIAGE}\ncontract: 210\nexpect: 206")).unwrap_err();
    assert!(why.contains("no move"), "{why}");
}

#[test]
fn verify_cli_fails_naming_each_bad_puzzle() {
    let file = format!(
        "id: good\n{MARRIAGE}\nexpect: 206\n\n\
         # Two winning moves (either ace).\n\
         id: two-aces\nhands: A...A 9...9 J...J\npoints: 100 0 0\nexpect: 126\n\n\
         # The value is 206, not 205.\n\
         id: wrong-expect\n{MARRIAGE}\nexpect: 205\n"
    );
    tysiac()
        .args(["puzzle", "--verify", "-"])
        .write_stdin(file)
        .assert()
        .failure()
        .stdout(predicate::str::contains("ok good: QH"))
        .stderr(predicate::str::contains("puzzle two-aces:"))
        .stderr(predicate::str::contains("puzzle wrong-expect: expect: 205"))
        .stderr(predicate::str::contains("1 of 3 puzzles pass"));
}

#[test]
fn verify_cli_passes_a_good_file() {
    tysiac()
        .args(["puzzle", "--verify", "-", "--json"])
        .write_stdin(format!("id: good\n{MARRIAGE}\nexpect: 206\n"))
        .assert()
        .success()
        .stdout(predicate::str::contains(r#""ok":true"#));
}

// ---------------------------------------------------------------------------
// Generation

fn options(seed: u64) -> Options {
    Options {
        seed,
        tricks: (3, 4),
        ..Options::default()
    }
}

/// Reads a puzzle's text back: one position, the puzzle's own.
fn read_back(p: &puzzle::Puzzle) -> Position {
    let text = p.to_string();
    let read: Vec<Position> = parse_positions(&text, "<puzzle>")
        .into_iter()
        .map(|r| r.unwrap_or_else(|e| panic!("{e}\n{text}")))
        .collect();
    assert_eq!(read.len(), 1, "one position in:\n{text}");
    read.into_iter().next().unwrap()
}

#[test]
fn generated_puzzles_read_back_and_verify() {
    for goal in [Goal::Max, Goal::Contract] {
        let opts = Options { goal, ..options(3) };
        let (puzzles, counts) = puzzle::generate(&opts, 8, 50_000, 1);
        assert_eq!(puzzles.len(), 8, "{counts}");
        let mut solver = Solver::new(opts.rules);
        for p in &puzzles {
            let back = read_back(p);
            assert_eq!(back, p.position());
            assert_eq!(back.setup(), Setup::Play(p.state));
            assert_eq!(back.contract.is_some(), goal == Goal::Contract);
            let v = puzzle::verify(&mut solver, &back).unwrap_or_else(|e| panic!("{}: {e}", p.id));
            assert_eq!(v.solution, p.analysis.solution);
            // The JSON carries the same snapshot.
            let json = p.to_json();
            let from_json = parse_position(json["position"].as_str().unwrap()).unwrap();
            assert_eq!(from_json, back);
            assert_eq!(json["solution"], p.analysis.solution.to_string());
        }
    }
}

#[test]
fn generation_is_reproducible_from_the_seed() {
    let (a, _) = puzzle::generate(&options(42), 6, 50_000, 1);
    let (b, _) = puzzle::generate(&options(42), 6, 50_000, 1);
    assert_eq!(a, b);
    // Threads share the work but do not change the result.
    let (c, _) = puzzle::generate(&options(42), 6, 50_000, 2);
    assert_eq!(a, c);
    // Another seed, other puzzles.
    let (d, _) = puzzle::generate(&options(43), 6, 50_000, 1);
    assert_ne!(a, d);
    // A puzzle is its candidate: the id names seed and index.
    let p = &a[0];
    assert_eq!(p.id, format!("s42-{}", p.index));
    let mut solver = Solver::new(Rules::STANDARD);
    let again = puzzle::try_candidate(&mut solver, &options(42), p.index).unwrap();
    assert_eq!(&again, p);
}

#[test]
fn every_other_move_costs_at_least_min_cost() {
    let opts = Options {
        min_cost: 15,
        ..options(5)
    };
    let (puzzles, _) = puzzle::generate(&opts, 6, 50_000, 1);
    for p in &puzzles {
        assert!(!p.analysis.alternatives.is_empty());
        for alt in &p.analysis.alternatives {
            assert!(alt.cost >= 15, "{}: {} costs {}", p.id, alt.mv, alt.cost);
        }
    }
}

#[test]
fn side_difficulty_and_theme_filters_hold() {
    for side in [Side::Declarer, Side::Defender] {
        let opts = Options { side, ..options(7) };
        let (puzzles, _) = puzzle::generate(&opts, 5, 50_000, 1);
        assert_eq!(puzzles.len(), 5);
        for p in &puzzles {
            assert_eq!(p.to_move() == Seat::D, side == Side::Declarer, "{}", p.id);
        }
    }
    let hard: Difficulty = "hard".parse().unwrap();
    let opts = Options {
        difficulty: Some(hard),
        ..options(8)
    };
    let (puzzles, _) = puzzle::generate(&opts, 3, 50_000, 1);
    assert_eq!(puzzles.len(), 3);
    assert!(puzzles.iter().all(|p| p.analysis.rating.score >= 4));
    let opts = Options {
        theme: Some(Theme::MarriageTiming),
        tricks: (4, 5),
        ..options(9)
    };
    let (puzzles, _) = puzzle::generate(&opts, 2, 50_000, 1);
    assert_eq!(puzzles.len(), 2);
    for p in &puzzles {
        assert!(p.analysis.rating.themes.contains(&Theme::MarriageTiming));
        assert!(p.analysis.rating.key);
    }
}

#[test]
fn other_rules_and_play_styles_work() {
    for (rules, play) in [
        ("ru", PlayStyle::Random),
        ("pl", PlayStyle::Plausible),
        ("standard musik=discard", PlayStyle::Best),
    ] {
        let rules: Rules = rules.parse().unwrap();
        let opts = Options {
            rules,
            play,
            ..options(11)
        };
        let (puzzles, counts) = puzzle::generate(&opts, 3, 50_000, 1);
        assert_eq!(puzzles.len(), 3, "{rules}: {counts}");
        let mut solver = Solver::new(rules);
        for p in &puzzles {
            let back = read_back(p);
            assert_eq!(back.rules, rules);
            puzzle::verify(&mut solver, &back).unwrap_or_else(|e| panic!("{}: {e}", p.id));
        }
    }
}

#[test]
fn difficulty_and_tricks_parse() {
    let d: Difficulty = "2-3".parse().unwrap();
    assert!(d.contains(2) && d.contains(3) && !d.contains(4));
    assert!("5-".parse::<Difficulty>().unwrap().contains(40));
    assert!("3-2".parse::<Difficulty>().is_err());
    assert!("tricky".parse::<Difficulty>().is_err());
    assert_eq!(puzzle::parse_tricks("4"), Ok((4, 4)));
    assert_eq!(puzzle::parse_tricks("2-8"), Ok((2, 8)));
    // Up to 10: two players' hands have 10 tricks.
    assert_eq!(puzzle::parse_tricks("10"), Ok((10, 10)));
    assert!(puzzle::parse_tricks("1").is_err());
    assert!(puzzle::parse_tricks("11").is_err());
    assert!(puzzle::parse_tricks("5-3").is_err());
}

// ---------------------------------------------------------------------------
// The command

#[test]
fn cli_generates_the_same_puzzles_from_a_seed() {
    let run = || {
        let out = tysiac()
            .args(["puzzle", "--count", "4", "--seed", "17", "--tricks", "3-4"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let text = run();
    assert_eq!(text, run());
    // The header says how to make them again.
    assert!(
        text.starts_with("# tysiac puzzle --seed 17 --count 4"),
        "{text}"
    );
    let positions: Vec<Position> = parse_positions(&text, "<stdout>")
        .into_iter()
        .map(|r| r.unwrap())
        .collect();
    assert_eq!(positions.len(), 4);
    for p in &positions {
        assert!(p.id.as_deref().unwrap().starts_with("s17-"));
        assert!(p.expect.is_some());
    }
    for key in [
        "# Solution:",
        "# Best line:",
        "# Other moves:",
        "to move",
        "Difficulty",
    ] {
        assert_eq!(text.matches(key).count(), 4, "{key} in\n{text}");
    }
    // What it printed passes --verify.
    tysiac()
        .args(["puzzle", "--verify", "-"])
        .write_stdin(text)
        .assert()
        .success();
}

#[test]
fn cli_json_has_one_object_per_puzzle() {
    let out = tysiac()
        .args([
            "puzzle", "--count", "3", "--seed", "2", "--tricks", "3", "--goal", "contract",
            "--side", "declarer", "--json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    for line in lines {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["goal"], "contract");
        assert_eq!(v["to_move"], "D");
        assert_eq!(v["tricks_left"], 3);
        assert!(v["contract"].as_u64().unwrap() >= 100);
        assert!(v["expect"].as_u64().unwrap() >= v["contract"].as_u64().unwrap());
        for key in [
            "id",
            "solution",
            "line",
            "alternatives",
            "difficulty",
            "themes",
        ] {
            assert!(!v[key].is_null(), "{key} in {v}");
        }
    }
}

#[test]
fn cli_rejects_bad_options() {
    tysiac()
        .args(["puzzle", "--tricks", "11"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("2 to 10"));
    tysiac()
        .args(["puzzle", "--side", "north"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("declarer, defender, any"));
}

// ---------------------------------------------------------------------------
// The collection

const COLLECTION: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/positions/puzzles.txt");

#[test]
fn the_collection_passes_verify() {
    tysiac()
        .args(["puzzle", "--verify", COLLECTION])
        .assert()
        .success();
}

#[test]
fn the_collection_is_varied() {
    let text = std::fs::read_to_string(COLLECTION).unwrap();
    let positions: Vec<Position> = parse_positions(&text, COLLECTION)
        .into_iter()
        .map(|r| r.unwrap())
        .collect();
    assert!(positions.len() >= 30, "{} puzzles", positions.len());
    let mut tricks = std::collections::BTreeSet::new();
    let mut sides = std::collections::BTreeSet::new();
    for p in &positions {
        let Setup::Play(s) = p.setup() else {
            panic!("not a hand in play")
        };
        tricks.insert(s.tricks_left());
        sides.insert(s.to_move() == Seat::D);
    }
    assert!(tricks.len() >= 4, "tricks left: {tricks:?}");
    assert_eq!(sides.len(), 2, "both sides to move");
    for theme in Theme::ALL {
        assert!(text.contains(theme.name()), "no {theme} puzzle");
    }
    assert!(positions.iter().any(|p| p.contract.is_some()));
}
