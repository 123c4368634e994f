//! Input a careless user types (issue 11, items 5-10): every slip gets a
//! clear error naming what is wrong and a non-zero exit, never a panic and
//! never silence.

use assert_cmd::Command;
use serde_json::Value;

fn tysiac() -> Command {
    Command::cargo_bin("tysiac").expect("binary built")
}

/// A two-trick endgame: D's two aces win both tricks, 26 points on top of
/// 100 (worked out in tests/cli_solve.rs).
const ENDGAME: &str = "hands: A...A 9...9 J...J\npoints: 100 0 0\n";

/// Runs and returns (exit code, stdout, stderr).
fn run(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let out = tysiac().args(args).write_stdin(stdin).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn no_panic(stderr: &str) {
    assert!(
        !stderr.contains("panicked") && !stderr.contains("RUST_BACKTRACE"),
        "{stderr}"
    );
}

// Item 5 ----------------------------------------------------------------------

#[test]
fn threads_are_bounded_with_a_clear_error() {
    for args in [
        &[
            "bid",
            "KQ.AKQ.A.T",
            "--samples",
            "10",
            "--threads",
            "100000",
        ][..],
        &["exchange", "AKQ.T9..AJ", "..Q.K9", "--threads", "257"],
        &[
            "puzzle",
            "--count",
            "2",
            "--seed",
            "1",
            "--threads",
            "100000",
        ],
    ] {
        let (code, _, err) = run(args, b"");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains("at most 256"), "{args:?}: {err}");
        no_panic(&err);
    }
    // The bound itself is allowed.
    let (code, out, err) = run(
        &[
            "bid",
            "KQ.AKQ.A.T",
            "--samples",
            "4",
            "--threads",
            "256",
            "--quiet",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("4 sampled layouts"), "{out}");
}

// Item 6 ----------------------------------------------------------------------

#[test]
fn empty_input_is_an_error_naming_the_input() {
    let dir = tempdir();
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "# only a comment\n\n").unwrap();
    let empty = empty.to_str().unwrap();
    for (args, name) in [
        (vec!["solve"], "<stdin>"),
        (vec!["solve", "-"], "<stdin>"),
        (vec!["solve", empty], empty),
        (vec!["analyze", "-"], "<stdin>"),
        (vec!["puzzle", "--verify", empty], empty),
        (vec!["puzzle", "--verify", "-"], "<stdin>"),
        (vec!["suggest", "-"], "<stdin>"),
        (vec!["suggest", empty], empty),
    ] {
        let (code, out, err) = run(&args, b"");
        // Input errors exit 1 in every command (2 is for bad options).
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(
            err.contains(&format!("no positions in {name}")),
            "{args:?}: {err}"
        );
        assert!(!err.contains("0 of 0"), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
    }
}

#[test]
fn a_missing_puzzle_file_is_an_error_not_a_puzzle() {
    let (code, _, err) = run(&["puzzle", "--verify", "no/such/puzzles.txt"], b"");
    assert_ne!(code, 0);
    assert!(err.contains("no/such/puzzles.txt: cannot read"), "{err}");
    assert!(!err.contains("of 1 puzzle"), "{err}");
}

/// An empty file among good ones still fails the run, and the good ones are
/// still solved.
#[test]
fn an_empty_file_among_others_fails_the_run() {
    let dir = tempdir();
    let (good, empty) = (dir.join("good.txt"), dir.join("empty2.txt"));
    std::fs::write(&good, ENDGAME).unwrap();
    std::fs::write(&empty, "").unwrap();
    let (code, out, err) = run(
        &[
            "solve",
            "--json",
            good.to_str().unwrap(),
            empty.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(code, 1);
    assert!(err.contains("no positions in"), "{err}");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["value"], 126);
}

// Item 7 ----------------------------------------------------------------------

#[test]
fn a_byte_order_mark_is_accepted() {
    let mut text = b"\xef\xbb\xbf".to_vec();
    text.extend_from_slice(ENDGAME.as_bytes());
    let (code, out, err) = run(&["solve", "--json"], &text);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["value"], 126);
    let dir = tempdir();
    let f = dir.join("bom.txt");
    std::fs::write(&f, &text).unwrap();
    let (code, _, err) = run(&["analyze", f.to_str().unwrap()], b"");
    // A snapshot is no history for analyze, but the BOM is not the problem.
    assert!(
        !err.contains('\u{feff}') && !err.contains("\\u{feff}"),
        "{err}"
    );
    let _ = code;
}

#[test]
fn space_separated_cards_read_as_the_comma_list() {
    let spaced = run(
        &["bid", "AH KH QH TD 9D AS JS", "--samples", "5", "--json"],
        b"",
    );
    let dotted = run(&["bid", "AKQ.T9..AJ", "--samples", "5", "--json"], b"");
    assert_eq!(spaced.0, 0, "{}", spaced.2);
    assert_eq!(spaced.1, dotted.1, "the same hand, the same report");
    // A hand that reads as neither form names both.
    let (code, _, err) = run(&["bid", "AKQ9TJ", "--samples", "5"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("AKQ.T9..AJ") && err.contains("AH KH"), "{err}");
    assert!(err.contains("has 1 suit,"), "{err}");
}

// Item 8 ----------------------------------------------------------------------

#[test]
fn options_that_would_be_ignored_are_refused() {
    let deal = "AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9";
    let cases: [(&[&str], &str); 3] = [
        (&["solve", "--exchange", "9S QC", "-"], "--deal"),
        (
            &["solve", "--deal", deal, "--exchange", "9S QC", "--all"],
            "--all",
        ),
        (
            &[
                "puzzle",
                "--tricks",
                "8",
                "--rules",
                "standard musik=discard",
                "--count",
                "1",
                "--seed",
                "1",
            ],
            "7 tricks",
        ),
    ];
    for (args, says) in cases {
        let (code, _, err) = run(args, ENDGAME.as_bytes());
        assert_ne!(code, 0, "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn rule_sets_refuse_a_repeated_switch_and_a_meaningless_one() {
    for (rules, says) in [
        ("standard must_beat=no must_beat=yes", "given twice"),
        ("pl discard_points=declarer", "musik=discard"),
    ] {
        let (code, _, err) = run(&["solve", "--rules", rules, "-"], ENDGAME.as_bytes());
        assert_ne!(code, 0, "{rules}");
        assert!(err.contains(says), "{rules}: {err}");
    }
    let text =
        format!("rules: standard musik=discard discard_points=declarer musik=pass\n{ENDGAME}");
    let (_, _, err) = run(&["solve", "-"], text.as_bytes());
    assert!(err.contains("<stdin>:1:") && err.contains("musik"), "{err}");
}

/// Standard rules: 120 card points and marriages of 100 + 80 + 60 + 40 make
/// 400 the most any hand can score; `ru` adds the ace marriage's 200.
#[test]
fn a_contract_no_hand_can_reach_is_refused() {
    let ok = format!("{ENDGAME}contract: 400\n");
    assert_eq!(run(&["solve", "-"], ok.as_bytes()).0, 0);
    let bad = format!("{ENDGAME}contract: 410\n");
    let (code, _, err) = run(&["solve", "-"], bad.as_bytes());
    assert_eq!(code, 1);
    assert!(
        err.contains("<stdin>:3: position #1: contract: 410") && err.contains("400"),
        "{err}"
    );
    // ru holds contracts at 300 (bid_max); without it 600 is the most.
    let ru = format!("rules: ru\n{ENDGAME}contract: 300\n");
    assert_eq!(run(&["solve", "-"], ru.as_bytes()).0, 0);
    let ru = format!("rules: ru\n{ENDGAME}contract: 305\n");
    assert_eq!(run(&["solve", "-"], ru.as_bytes()).0, 1);
    let open = format!("rules: ru bid_max=none\n{ENDGAME}contract: 600\n");
    assert_eq!(run(&["solve", "-"], open.as_bytes()).0, 0);
}

#[test]
fn score_refuses_a_contract_off_the_bid_steps() {
    let sheet = "players: Ala Bartek Celina\nD=Ala bid=110 contract=125 points=130,40,30\n";
    let (code, _, err) = run(&["score", "-"], sheet.as_bytes());
    assert_ne!(code, 0);
    assert!(
        err.contains("<stdin>:2:") && err.contains("contract 125"),
        "{err}"
    );
    // Under bid_step=5 the same line is fine.
    let five = format!("rules: standard bid_step=5\n{sheet}");
    let (code, _, err) = run(&["score", "-"], five.as_bytes());
    assert_eq!(code, 0, "{err}");
}

// Item 9 ----------------------------------------------------------------------

#[test]
fn messages_say_the_range_and_the_place() {
    let (_, _, err) = run(
        &[
            "solve",
            "--rules",
            "standard marriage_values=30000,80,60,40",
            "-",
        ],
        ENDGAME.as_bytes(),
    );
    assert!(err.contains("0 to 1000") && err.contains("30000"), "{err}");

    let (_, _, err) = run(
        &["solve", "-"],
        b"hands: A...A 9...9 J...J\npoints: -5 0 0\n",
    );
    assert!(
        err.contains("out of range") && !err.contains("not a number"),
        "{err}"
    );

    // A wrong expect: names the source and the line, as every error does.
    let text = format!("\n\nid: e\n{ENDGAME}expect: 125\n");
    let (code, _, err) = run(&["solve", "-"], text.as_bytes());
    assert_eq!(code, 1);
    assert!(err.contains("<stdin>:3: position e: expect: 125"), "{err}");

    // The musik is not a hand.
    let (_, _, err) = run(
        &["solve", "-"],
        b"deal: AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.X9\n",
    );
    assert!(
        err.contains("the musik") && !err.contains("hand '..Q.X9'"),
        "{err}"
    );
    let (code, _, err) = run(&["exchange", "AKQ.T9..AJ", "..Q.X9"], b"");
    assert_eq!(code, 2);
    assert!(
        err.contains("musik '..Q.X9'") && !err.contains("hand"),
        "{err}"
    );
}

#[test]
fn plurals_agree_with_their_numbers() {
    let puzzles = std::fs::read_to_string("positions/puzzles.txt").unwrap();
    let first = puzzles
        .split("\n\n")
        .find(|b| b.lines().any(|l| l.starts_with("hands:")))
        .unwrap();
    let (code, _, err) = run(&["puzzle", "--verify", "-"], first.as_bytes());
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("1 of 1 puzzle pass"), "{err}");
    let (_, _, err) = run(
        &["puzzle", "--count", "1", "--seed", "3", "--tricks", "3"],
        b"",
    );
    assert!(err.contains("1 puzzle from"), "{err}");
    let (code, out, err) = run(&["bid", "AKQ.T9..AJ", "--samples", "1", "--quiet"], b"");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\n1 sampled layout, seed"), "{out}");
    assert!(!out.contains("1 sampled layouts"), "{out}");
}

/// `solve` and `analyze` word an illegal move the same way.
#[test]
fn solve_and_analyze_word_a_bad_move_alike() {
    let text = "deal: AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9\nexchange: 9S QC\nplay: QH 9H\n";
    let want = "<stdin>:3: position #1: play: move 2, L plays 9H but must play a heart higher than QH (holds TH)";
    for cmd in ["solve", "analyze"] {
        let (code, _, err) = run(&[cmd, "-"], text.as_bytes());
        assert_eq!(code, 1, "{cmd}");
        assert!(err.contains(want), "{cmd}: {err}");
    }
}

// Item 10 ---------------------------------------------------------------------

#[test]
fn score_names_match_with_unicode_case_folding() {
    let sheet = "players: Żaneta Łukasz Ola\nD=żaneta bid=100 points=125,40,35\nD=ŁUKASZ bid=100 points=40,125,35\n";
    let (code, out, err) = run(&["score", "--json", "-"], sheet.as_bytes());
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["hands"][0]["declarer"], 0);
    assert_eq!(v["hands"][1]["declarer"], 1);
}

/// A folder for the files these tests write (each test its own file names).
fn tempdir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tysiac-cli-input-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

// Issue 23 --------------------------------------------------------------------

/// A sample count no machine can hold is refused at once, naming the
/// option and the bound, instead of aborting on a failed allocation.
#[test]
fn huge_sample_counts_are_refused_naming_the_bound() {
    for (args, want) in [
        (
            vec!["bid", "AKQ.T9..AJ", "--samples", "4000000000"],
            "--samples 4000000000 is too many: at most 1000000",
        ),
        (
            vec!["exchange", "AKQ.T9.Q.AKJ9", "--samples", "4000000000"],
            "--samples 4000000000 is too many: at most 100000",
        ),
        (
            vec![
                "bid",
                "AKQ.T9..AJ",
                "--realistic",
                "--choice-layouts",
                "4000000000",
            ],
            "--choice-layouts 4000000000 is too many: at most 64",
        ),
        (
            vec!["exchange", "AKQ.T9.Q.AKJ9", "--screen", "4000000000"],
            "--screen 4000000000 is too many: at most 100000",
        ),
    ] {
        let (code, out, err) = run(&args, b"");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(out.is_empty(), "{out}");
        no_panic(&err);
    }
}

/// A 10 MB line of junk is named by file and line, not echoed whole: the
/// error stays a short line.
#[test]
fn a_huge_junk_line_gives_a_short_error() {
    let junk = "x".repeat(10 << 20);
    for args in [
        vec!["solve", "-"],
        vec!["analyze", "-"],
        vec!["suggest", "-"],
        vec!["puzzle", "--verify", "-"],
        vec!["score", "-"],
    ] {
        let (code, _, err) = run(&args, junk.as_bytes());
        assert_ne!(code, 0, "{args:?}");
        assert!(err.len() < 4096, "{args:?}: {} bytes of stderr", err.len());
        assert!(
            err.contains("<stdin>:1") || err.contains("line 1"),
            "{args:?}: {err}"
        );
        no_panic(&err);
    }
    // A card that is junk, in a hand on the command line (at most 128 KiB
    // an argument on Linux).
    let hand = format!("AKQ.T9..A{}", "x".repeat(100_000));
    let (code, _, err) = run(&["bid", &hand], b"");
    assert_eq!(code, 2);
    assert!(err.len() < 4096, "{} bytes of stderr", err.len());
    assert!(err.contains("bytes in all"), "{err}");
}

/// `puzzle --count 0` asks for nothing: an error, not a header alone.
#[test]
fn puzzle_count_is_bounded() {
    for n in ["0", "100001", "x"] {
        let (code, out, err) = run(&["puzzle", "--count", n], b"");
        assert_eq!(code, 2, "{n}: {err}");
        assert!(
            err.contains("is not a number of puzzles from 1 to 100000"),
            "{err}"
        );
        assert!(out.is_empty(), "{out}");
    }
}

/// A hand played to its end has no one to play: `solve` says the hand is
/// over, not "R to play, trick 9".
#[test]
fn a_finished_hand_is_over() {
    let (code, out, err) = run(&["solve", "docs/examples/played.txt"], b"");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("  hand over, trump "), "{out}");
    assert!(!out.contains("to play"), "{out}");
    assert!(!out.contains("trick 9"), "{out}");
}

/// `bid-table --hands` with a file holding no hand (comments only) is an
/// error naming the file, not an empty table and success.
#[test]
fn bid_table_refuses_a_file_without_hands() {
    let dir = tempdir();
    let empty = dir.join("no-hands.txt");
    std::fs::write(&empty, "# hands to come\n\n").unwrap();
    let empty = empty.to_str().unwrap();
    let (code, out, err) = run(&["bid-table", "--hands", empty], b"");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains(&format!("{empty}: no hands")), "{err}");
    assert!(out.is_empty(), "{out}");
}
