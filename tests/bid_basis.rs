//! Bidding answers on the real-play basis (issue 48): the default of `bid`,
//! `exchange`, `bid --auction` and `bid-table`, the double-dummy chance
//! beside it, `--basis dd` for the old answer, and rules the model does not
//! cover said so and played out (or valued double-dummy where nothing can
//! be played out), never silently double-dummy.

use assert_cmd::Command;
use serde_json::Value;

fn run(args: &[&str]) -> (Value, String) {
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    let json = stdout
        .lines()
        .last()
        .and_then(|l| serde_json::from_str(l).ok())
        .unwrap_or(Value::Null);
    (json, String::from_utf8_lossy(&out.stderr).into_owned())
}

fn levels(r: &Value) -> Vec<&Value> {
    r["levels"].as_array().unwrap().iter().collect()
}

#[test]
fn bid_answers_on_real_play_with_the_double_dummy_chance_beside() {
    let hand = "AKQ.T9..AJ";
    let (real, _) = run(&["bid", hand, "--samples", "60", "--json", "--quiet"]);
    let (dd, _) = run(&[
        "bid",
        hand,
        "--samples",
        "60",
        "--json",
        "--quiet",
        "--basis",
        "dd",
    ]);
    assert_eq!(real["basis"], "real_play");
    assert_eq!(dd["basis"], "double_dummy");
    // One answer for the auction, one for the contract.
    for r in [&real, &dd] {
        assert!(r.get("recommended_bid").is_none() && r.get("safe_bid").is_none());
        assert!(r.get("worth_bidding").is_some() && r.get("best_contract").is_some());
    }
    let (rl, dl) = (levels(&real), levels(&dd));
    assert_eq!(rl.len(), dl.len());
    let mut last = 1.0;
    for (r, d) in rl.iter().zip(&dl) {
        let level = r["level"].as_f64().unwrap();
        let p = r["probability"].as_f64().unwrap();
        // The same samples: the real-play report's double-dummy column is
        // the double-dummy report's chance, the share of samples made.
        assert_eq!(r["double_dummy"], d["probability"]);
        let share = d["made"].as_f64().unwrap() / 60.0;
        assert!((d["probability"].as_f64().unwrap() - share).abs() < 1e-12);
        assert_eq!(d["double_dummy"], d["probability"]);
        assert!(
            (0.0..=1.0).contains(&p) && p <= last + 1e-12,
            "level {level}"
        );
        last = p;
        let (lo, hi) = (r["low"].as_f64().unwrap(), r["high"].as_f64().unwrap());
        assert!(lo <= p && p <= hi, "level {level}: {lo} {p} {hi}");
        let e = r["expected_score"].as_f64().unwrap();
        assert!((e - level * (2.0 * p - 1.0)).abs() < 1e-9);
    }
    // The advice follows its own basis: the best contract is the allowed
    // level of the highest expected score in its report.
    for r in [&real, &dd] {
        let best = levels(r)
            .into_iter()
            .filter(|l| l["allowed"] == true)
            .max_by(|a, b| {
                a["expected_score"]
                    .as_f64()
                    .unwrap()
                    .total_cmp(&b["expected_score"].as_f64().unwrap())
            })
            .unwrap();
        assert_eq!(r["best_contract"]["level"], best["level"]);
    }
}

#[test]
fn the_text_says_what_its_chances_rest_on() {
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args(["bid", "AKQ.T9..AJ", "--samples", "20", "--quiet"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.lines().nth(1).unwrap().starts_with(
            "real play: chances when every seat is played by the computer players (pimc:20), \
             who see only their own cards"
        ),
        "{text}"
    );
    assert!(text.contains("if every card were seen"), "{text}");
    assert!(
        !text.contains("made with P >="),
        "evidence only with --verbose"
    );
    let dd = Command::cargo_bin("tysiac")
        .unwrap()
        .args([
            "bid",
            "AKQ.T9..AJ",
            "--samples",
            "20",
            "--quiet",
            "--basis",
            "dd",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(dd.stdout).unwrap();
    assert!(
        text.contains("double-dummy: chances if every card were seen"),
        "{text}"
    );
}

#[test]
fn rules_the_model_does_not_cover_are_played_out_and_said_so() {
    let (r, err) = run(&[
        "bid",
        "AKQ.T9..AJ",
        "--rules",
        "standard musik=discard",
        "--samples",
        "2",
        "--json",
        "--quiet",
    ]);
    assert_eq!(r["mode"], "play");
    assert_eq!(r["basis"], "real_play");
    assert_eq!(r["samples"], 2);
    assert!(
        r["fallback"].as_str().unwrap().contains("does not cover"),
        "{r}"
    );
    assert!(err.is_empty(), "JSON says it: {err}");
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args(["bid", "AKQ.T9..AJ", "--rules", "standard musik=discard"])
        .args(["--samples", "2", "--quiet"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("does not cover") && err.contains("playing each sample out"),
        "{err}"
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("played by pimc:20"));
}

#[test]
fn exchange_ranks_on_real_play_and_says_so() {
    let args = [
        "exchange",
        "AKQ.T9..AJ",
        "..Q.K9",
        "--samples",
        "30",
        "--screen",
        "4",
    ];
    let (real, _) = run(&[&args[..], &["--json", "--quiet"]].concat());
    assert_eq!(real["basis"], "real_play");
    let (dd, _) = run(&[&args[..], &["--json", "--quiet", "--basis", "dd"]].concat());
    assert_eq!(dd["basis"], "double_dummy");
    // The same candidates, scored on the same layouts.
    let names = |r: &Value| {
        let mut v: Vec<String> = r["exchanges"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["exchange"].as_str().unwrap().to_string())
            .collect();
        v.sort();
        v
    };
    assert_eq!(names(&real), names(&dd));
    // Uncovered rules: ranked double-dummy, said on stderr and in the JSON.
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args([
            "exchange",
            "AKQ.T9..AJ",
            "..Q.K9",
            "--samples",
            "5",
            "--screen",
            "2",
        ])
        .args(["--rules", "standard must_beat=no", "--quiet"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("ranked double-dummy"));
}

#[test]
fn auction_advice_says_its_basis() {
    let (r, _) = run(&[
        "bid",
        "KQ9.AT.A.9",
        "--auction",
        "L:100 R:110 D:?",
        "--samples",
        "8",
        "--json",
        "--quiet",
    ]);
    assert_eq!(r["basis"], "real_play");
    let (r, _) = run(&[
        "bid",
        "KQ9.AT.A.9",
        "--auction",
        "L:100 R:110 D:?",
        "--samples",
        "4",
        "--json",
        "--quiet",
        "--basis",
        "dd",
    ]);
    assert_eq!(r["basis"], "double_dummy");
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args([
            "bid",
            "KQ9.AT.A.9",
            "--auction",
            "L:100 R:110 D:?",
            "--samples",
            "4",
        ])
        .args(["--quiet", "--rules", "pl"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    // pl is covered by the shipped model or said not to be.
    let covered = tysiac::estimate::real::BidModel::shipped()
        .covering(&tysiac::Rules::PL)
        .is_some();
    assert_eq!(text.contains("real play:"), covered, "{text}");
    assert_eq!(err.contains("valued double-dummy"), !covered, "{err}");
}

#[test]
fn a_bid_table_row_keeps_its_basis() {
    let dir = std::env::temp_dir().join(format!("tysiac-bid-basis-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let hands = dir.join("hands.txt");
    std::fs::write(&hands, "AKQ.T9..AJ\n").unwrap();
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args([
            "bid-table",
            "--samples",
            "12",
            "--quiet",
            "--threads",
            "1",
            "--hands",
        ])
        .arg(&hands)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let row: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(row["basis"], "real_play");
    assert!(row.get("recommended_bid").is_none());
    // The table's row is the bid report of its hand and seed.
    let (r, _) = run(&[
        "bid",
        "AKQ.T9..AJ",
        "--samples",
        "12",
        "--seed",
        &row["hand_seed"].to_string(),
        "--json",
        "--quiet",
    ]);
    for (t, b) in row["levels"].as_array().unwrap().iter().zip(levels(&r)) {
        let p = b["probability"].as_f64().unwrap();
        assert!((t["p"].as_f64().unwrap() - p).abs() < 1e-4, "{t} {b}");
        assert_eq!(
            t["dd"],
            serde_json::json!((b["double_dummy"].as_f64().unwrap() * 1e4).round() / 1e4)
        );
    }
    assert_eq!(row["limit"], r["worth_bidding"]);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_library_reports_uncovered_rules_as_an_error() {
    // `bid::report` on the real-play basis under rules the model does not
    // cover: an error naming them, not a panic; on the double-dummy basis
    // the same samples make a report.
    use tysiac::estimate::bid::{self, BidOptions};
    use tysiac::estimate::real::Basis;
    let rules: tysiac::Rules = "standard musik=discard".parse().unwrap();
    let hand: tysiac::CardSet = "AKQ.T9..AJ".parse().unwrap();
    let real = BidOptions::default();
    let e = bid::report(hand, &rules, &real, &[])
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("does not cover") && e.contains("musik=discard"),
        "{e}"
    );
    let dd = BidOptions {
        basis: Basis::DoubleDummy,
        ..real
    };
    assert!(bid::report(hand, &rules, &dd, &[]).is_ok());
    assert!(bid::report(hand, &tysiac::Rules::STANDARD, &real, &[]).is_ok());
}
