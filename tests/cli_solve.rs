//! `tysiac solve` run as a program: output contracts and error handling.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

/// A two-trick endgame worked out by hand. D leads with AH and AS against
/// small cards: D wins both tricks whatever L and R do, taking
/// 11 + 0 + 2 (first trick, AH 9H JH) and 11 + 0 + 2 (AS 9S JS) = 26 points on
/// top of the 100 already scored.
const ENDGAME: &str = "id: two-aces
hands: A...A 9...9 J...J
points: 100 0 0
";

/// The docs/notation.md deal with its musik still unseen.
const MUSIK: &str = "id: musik
deal: AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9
";

fn tysiac() -> Command {
    Command::cargo_bin("tysiac").expect("binary built")
}

/// Runs `tysiac` with `args` and `input` on stdin, expects success, and
/// reads its stdout as JSON lines.
fn json_run(args: &[&str], input: &str) -> Vec<Value> {
    let out = tysiac()
        .args(args)
        .write_stdin(input)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    json_lines(&out)
}

fn json_lines(out: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

#[test]
fn json_has_value_moves_and_line() {
    let lines = json_run(&["solve", "--json", "-"], ENDGAME);
    assert_eq!(lines.len(), 1);
    let p = &lines[0];
    assert_eq!(p["id"], "two-aces");
    assert_eq!(p["value"], 126);
    let moves = p["moves"].as_array().unwrap();
    // Both leads win a trick either way: both are worth 126.
    assert_eq!(moves.len(), 2);
    assert!(moves.iter().all(|m| m["value"] == 126));
    assert_eq!(p["line"].as_array().unwrap().len(), 6);
}

#[test]
fn musik_deal_lists_the_best_exchange_or_all() {
    let best = &json_run(&["solve", "--json"], MUSIK)[0];
    let all = &json_run(&["solve", "--json", "--all"], MUSIK)[0];
    let ex = all["exchanges"].as_array().unwrap();
    assert_eq!(
        ex.len(),
        90,
        "10 cards: 10 × 9 ways to give one to L and one to R"
    );
    let values: Vec<i64> = ex.iter().map(|e| e["value"].as_i64().unwrap()).collect();
    assert!(values.windows(2).all(|w| w[0] >= w[1]), "best first");
    assert_eq!(best["value"], all["value"]);
    assert_eq!(best["value"].as_i64().unwrap(), values[0]);
    assert_eq!(best["exchanges"][0]["value"], best["value"]);
    assert_eq!(best["exchanges"][0]["give"].as_array().unwrap().len(), 2);
}

#[test]
fn target_answers_yes_and_no_around_the_value() {
    for (target, answer) in [(126, true), (127, false)] {
        let p = &json_run(
            &["solve", "--json", "--target", &target.to_string()],
            ENDGAME,
        )[0];
        assert_eq!(p["target"], target);
        assert_eq!(p["reaches"], answer);
    }
}

#[test]
fn inline_deal_and_exchange() {
    tysiac()
        .args([
            "solve",
            "--deal",
            "AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9",
            "--exchange",
            "9S QC",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("value:"));
}

#[test]
fn bad_positions_are_reported_and_good_ones_still_solved() {
    let text = format!(
        "{ENDGAME}\nid: broken\nhands: A...A 9...9 J...J\npoints: 0 0 0\ntrump: X\n\nid: dup\nhands: A...A A...9 J...J\n\n{MUSIK}"
    );
    let assert = tysiac()
        .args(["solve", "--json", "-"])
        .write_stdin(text)
        .assert()
        .failure();
    let out = assert.get_output();
    // One line per position, in input order; the unreadable ones carry
    // their line and the error instead of a value.
    let lines = json_lines(&out.stdout);
    let ids: Vec<&str> = lines.iter().map(|p| p["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["two-aces", "broken", "dup", "musik"]);
    assert!(lines[0]["value"].is_number() && lines[3]["value"].is_number());
    assert_eq!(lines[1]["line"], 8);
    assert!(lines[1]["error"].as_str().unwrap().contains("trump:"));
    assert_eq!(
        lines[2]["line"], 11,
        "the hands: line of the duplicate card"
    );
    assert!(lines[1].get("value").is_none() && lines[2].get("value").is_none());
    let err = String::from_utf8_lossy(&out.stderr);
    // The error names the source, the line, the position and the key.
    // Lines: 1-3 the endgame, 4 blank, 5 id, 6 hands, 7 points, 8 trump.
    assert!(err.contains("<stdin>:8: position broken: trump:"), "{err}");
    assert!(err.contains("position dup") && err.contains("AH"), "{err}");
}

#[test]
fn illegal_play_names_the_move_and_the_rule() {
    // After D leads QH, L holds KH and 9H and must beat the queen.
    let text = "deal: AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9\nexchange: 9S QC\nplay: QH 9H";
    let assert = tysiac()
        .args(["solve", "-"])
        .write_stdin(text)
        .assert()
        .failure();
    let err = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    assert!(
        err.contains("<stdin>:3: position #1: play: move 2, L plays 9H but must play a heart higher than QH (holds TH)"),
        "{err}"
    );
}

#[test]
fn wrong_expect_fails_and_missing_file_is_named() {
    let text = format!("{ENDGAME}expect: 125\n");
    tysiac()
        .args(["solve", "-"])
        .write_stdin(text)
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "expect: 125, but the value is 126",
        ));
    tysiac()
        .args(["solve", "no/such/file.txt"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("no/such/file.txt"));
}

#[test]
fn rules_flag_applies_to_positions_without_rules() {
    // The docs/notation.md deal after its exchange (9S to L, QC to R): 8 8 8 cards,
    // fine by default, not allowed under musik=discard (always 7 7 7 + 3).
    let after = "deal: AKQ.T9..AKJ T9.AK.KJ.Q9 J.QJ.AQT9.T\n";
    tysiac()
        .args(["solve", "-"])
        .write_stdin(after)
        .assert()
        .success();
    tysiac()
        .args(["solve", "--rules", "standard musik=discard", "-"])
        .write_stdin(after)
        .assert()
        .failure()
        .stderr(predicate::str::contains("deal:"));
    tysiac()
        .args(["solve", "--rules", "standard must_beat=maybe", "-"])
        .write_stdin(ENDGAME)
        .assert()
        .failure()
        .stderr(predicate::str::contains("must_beat"));
}

/// The table size changes only the speed: any size gives the same answer
/// (126, worked out above); a size that is not a positive number is refused.
#[test]
fn table_size_is_settable_and_checked() {
    for mb in ["0.001", "0.5", "3"] {
        let out = json_run(&["solve", "--json", "--table-mb", mb, "-"], ENDGAME);
        assert_eq!(out[0]["value"], 126, "--table-mb {mb}");
    }
    for bad in ["0", "-1", "lots", "65536"] {
        tysiac()
            .args(["solve", &format!("--table-mb={bad}"), "-"])
            .write_stdin(ENDGAME)
            .assert()
            .failure()
            .stderr(predicate::str::contains("--table-mb"));
    }
}
