//! Batch jobs that shard (issue 13): `bid-table` shards and threads give
//! the same bytes, a resumed `--out` gives the same file, `bid --table`
//! gives the `bid` report, and `--shard` for solve, analyze and play slices
//! the whole run's output.

use assert_cmd::Command;
use std::path::{Path, PathBuf};
use tysiac::drivers::batch::{hand_at, hand_rank, hand_seed, Shard, ALL_HANDS};

fn tysiac() -> Command {
    Command::cargo_bin("tysiac").unwrap()
}

fn run_ok(args: &[&str]) -> String {
    let out = tysiac().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn run_err(args: &[&str]) -> String {
    let out = tysiac().args(args).output().unwrap();
    assert!(!out.status.success(), "{args:?} should fail");
    String::from_utf8(out.stderr).unwrap()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tysiac-batch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Ten hands spread over the whole space.
fn hands_file(name: &str) -> PathBuf {
    // A file per test: the tests run at once.
    let path = temp(&format!("{name}.hands"));
    let text: String = (0..10)
        .map(|k| format!("{}\n", hand_at(k * 34_567 + 11)))
        .collect();
    std::fs::write(&path, format!("# ten hands\n{text}")).unwrap();
    path
}

fn table(hands: &Path, extra: &[&str]) -> String {
    let h = hands.to_str().unwrap();
    let mut args = vec!["bid-table", "--hands", h, "--samples", "4", "--seed", "9"];
    args.extend_from_slice(extra);
    run_ok(&args)
}

#[test]
fn shards_of_three_concatenated_are_the_whole_table_for_any_threads() {
    let hands = hands_file("shards");
    let whole = table(&hands, &["--threads", "1"]);
    assert_eq!(whole.lines().count(), 10);
    let mut parts = String::new();
    for i in 1..=3 {
        parts += &table(&hands, &["--shard", &format!("{i}/3"), "--threads", "2"]);
    }
    assert_eq!(parts, whole);
    assert_eq!(table(&hands, &["--threads", "2"]), whole);
    // Each line is its hand, numbered in the file's order.
    for (k, line) in whole.lines().enumerate() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["index"], k);
        assert_eq!(v["hand"], hand_at(k * 34_567 + 11).to_string());
    }
}

#[test]
fn a_hand_does_not_depend_on_its_neighbours() {
    // The same hand in a table of one and a table of ten: the same row
    // but for its index.
    let hands = hands_file("neighbours");
    let whole = table(&hands, &[]);
    let one = temp("one.txt");
    std::fs::write(&one, format!("{}\n", hand_at(3 * 34_567 + 11))).unwrap();
    let alone = table(&one, &[]);
    let line = whole.lines().nth(3).unwrap();
    assert_eq!(alone.trim(), line.replace("\"index\":3,", "\"index\":0,"));
}

#[test]
fn all_hands_are_numbered_by_their_canonical_rank() {
    let out = run_ok(&[
        "bid-table",
        "--all",
        "--samples",
        "2",
        "--shard",
        "50000/100000",
    ]);
    let r = Shard {
        index: 50_000,
        count: 100_000,
    }
    .range(ALL_HANDS);
    assert_eq!(out.lines().count(), r.len());
    for (line, i) in out.lines().zip(r) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["index"], i);
        let hand: tysiac::CardSet = v["hand"].as_str().unwrap().parse().unwrap();
        assert_eq!(hand_rank(hand), Some(i));
        assert_eq!(v["hand_seed"], hand_seed(1000, hand));
    }
}

#[test]
fn a_resumed_output_is_the_same_file() {
    let hands = hands_file("resume");
    let h = hands.to_str().unwrap();
    let whole = table(&hands, &[]);
    let out = temp("resume.jsonl");
    let o = out.to_str().unwrap();
    let args = [
        "bid-table",
        "--hands",
        h,
        "--samples",
        "4",
        "--seed",
        "9",
        "--out",
        o,
    ];
    // Torn in the middle of line 5, cut at a line's end, empty, complete.
    let cut_in_line: usize = whole.lines().take(4).map(|l| l.len() + 1).sum::<usize>() + 17;
    let cut_at_end: usize = whole.lines().take(7).map(|l| l.len() + 1).sum();
    for cut in [cut_in_line, cut_at_end, 0, whole.len()] {
        std::fs::write(&out, &whole[..cut]).unwrap();
        assert_eq!(run_ok(&args), "", "--out writes nothing to stdout");
        assert_eq!(
            std::fs::read_to_string(&out).unwrap(),
            whole,
            "cut at {cut}"
        );
        assert!(!PathBuf::from(format!("{o}.lock")).exists());
    }
    // A torn line that ends in a newline (a crash mid-write) is redone too.
    let torn = format!("{}{}\n", &whole[..cut_at_end], "{\"hand\":\"AK");
    std::fs::write(&out, torn).unwrap();
    run_ok(&args);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), whole);
}

#[test]
fn an_output_of_another_run_is_refused_not_mixed() {
    let hands = hands_file("other");
    let h = hands.to_str().unwrap();
    let whole = table(&hands, &[]);
    let out = temp("other.jsonl");
    let o = out.to_str().unwrap();
    let first_three: String = whole.lines().take(3).map(|l| format!("{l}\n")).collect();
    std::fs::write(&out, &first_three).unwrap();
    let e = run_err(&[
        "bid-table",
        "--hands",
        h,
        "--samples",
        "4",
        "--seed",
        "10",
        "--out",
        o,
    ]);
    assert!(e.contains(":1: seed: 9 but this run has 10"), "{e}");
    // Shard 2/2 starts at item 5: lines from item 0 are another shard's.
    let e = run_err(&[
        "bid-table",
        "--hands",
        h,
        "--samples",
        "4",
        "--seed",
        "9",
        "--shard",
        "2/2",
        "--out",
        o,
    ]);
    assert!(
        e.contains(":1: index: 0 where this run's item 0 is 5"),
        "{e}"
    );
    // A line written twice is refused, never written a third time.
    let doubled: String = whole
        .lines()
        .take(2)
        .chain(whole.lines().skip(1).take(1))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&out, &doubled).unwrap();
    let e = run_err(&[
        "bid-table",
        "--hands",
        h,
        "--samples",
        "4",
        "--seed",
        "9",
        "--out",
        o,
    ]);
    assert!(
        e.contains(":3: index: 1 where this run's item 2 is 2"),
        "{e}"
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), doubled);
}

#[test]
fn bid_table_lookup_is_the_bid_report() {
    let hands = hands_file("lookup");
    let out = temp("lookup.jsonl");
    let whole = table(&hands, &[]);
    std::fs::write(&out, &whole).unwrap();
    let hand = hand_at(2 * 34_567 + 11).to_string();
    let seed = hand_seed(9, hand.parse().unwrap()).to_string();
    let looked = run_ok(&["bid", &hand, "--table", out.to_str().unwrap()]);
    let direct = run_ok(&["bid", &hand, "--samples", "4", "--seed", &seed, "--quiet"]);
    let (head, rest) = looked.split_once('\n').unwrap();
    assert!(
        head.contains("4 samples a hand, table seed 9") && head.contains("rules: standard"),
        "{head}"
    );
    assert_eq!(rest, direct);
    // JSON: the bid report's keys and values, and the table's.
    let looked: serde_json::Value = serde_json::from_str(&run_ok(&[
        "bid",
        &hand,
        "--table",
        out.to_str().unwrap(),
        "--json",
    ]))
    .unwrap();
    let mut direct: serde_json::Value = serde_json::from_str(&run_ok(&[
        "bid",
        &hand,
        "--samples",
        "4",
        "--seed",
        &seed,
        "--json",
    ]))
    .unwrap();
    assert_eq!(looked["table"]["seed"], 9);
    direct["table"] = looked["table"].clone();
    assert_eq!(looked, direct);
    let e = run_err(&["bid", "AKQJ9.AT..", "--table", out.to_str().unwrap()]);
    assert!(e.contains("is not in the table"), "{e}");
}

#[test]
fn a_double_dummy_table_is_bid_on_the_double_dummy_basis() {
    // `--basis dd` reaches the rows: each is `bid --basis dd`'s report,
    // and not the real-play one (which differs on this hand's levels).
    let hands = hands_file("dd-basis");
    let out = temp("dd-basis.jsonl");
    std::fs::write(&out, table(&hands, &["--basis", "dd"])).unwrap();
    let hand = hand_at(2 * 34_567 + 11).to_string();
    let seed = hand_seed(9, hand.parse().unwrap()).to_string();
    let json =
        |args: &[&str]| -> serde_json::Value { serde_json::from_str(&run_ok(args)).unwrap() };
    let looked = json(&["bid", &hand, "--table", out.to_str().unwrap(), "--json"]);
    let bid = |basis: &str| {
        json(&[
            "bid",
            &hand,
            "--samples",
            "4",
            "--seed",
            &seed,
            "--basis",
            basis,
            "--json",
        ])
    };
    let (mut dd, real) = (bid("dd"), bid("real"));
    assert_eq!(looked["basis"], "double_dummy");
    dd["table"] = looked["table"].clone();
    assert_eq!(looked, dd);
    assert_ne!(looked["levels"], real["levels"]);
}

#[test]
fn bad_input_is_named() {
    let bad = temp("bad-hands.txt");
    std::fs::write(&bad, "AKQ.T9..AJ\n\nAKQ.T9..XJ\n").unwrap();
    let e = run_err(&["bid-table", "--hands", bad.to_str().unwrap()]);
    assert!(e.contains("bad-hands.txt:3:") && e.contains("XJ"), "{e}");
    std::fs::write(&bad, "AKQ.T9..AJ\nAH,KH,QH,TD,9D,AS,JS\n").unwrap();
    let e = run_err(&["bid-table", "--hands", bad.to_str().unwrap()]);
    assert!(
        e.contains(":2: hand") && e.contains("already on line 1"),
        "{e}"
    );
    let e = run_err(&["bid-table", "--samples", "5"]);
    assert!(e.contains("--hands FILE or --all"), "{e}");
    let e = run_err(&["bid-table", "--all", "--threads", "999"]);
    assert!(e.contains("thread count"), "{e}");
    let e = run_err(&["bid-table", "--all", "--samples", "100001"]);
    assert!(e.contains("number of samples"), "{e}");
    let e = run_err(&["bid-table", "--all", "--shard", "4/3"]);
    assert!(e.contains("not a shard"), "{e}");
    let e = run_err(&["bid", "AKQ.T9..AJ", "--table", "/nonexistent/t.jsonl"]);
    assert!(e.contains("/nonexistent/t.jsonl: cannot open"), "{e}");
}

#[test]
fn solve_analyze_and_play_shards_concatenate_to_the_whole_run() {
    let solve = |extra: &[&str]| {
        let mut a = vec![
            "solve",
            "positions/examples.txt",
            "positions/endgames.txt",
            "--json",
            "--quiet",
        ];
        a.extend_from_slice(extra);
        run_ok(&a)
    };
    let whole = solve(&[]);
    let parts: String = (1..=3)
        .map(|i| solve(&["--shard", &format!("{i}/3")]))
        .collect();
    assert!(whole.lines().count() >= 3);
    assert_eq!(parts, whole);

    let play = |extra: &[&str]| {
        let mut a = vec![
            "play",
            "--deals",
            "5",
            "--declarer",
            "simple",
            "--defenders",
            "simple",
            "--json",
            "--quiet",
            "--threads",
            "2",
        ];
        a.extend_from_slice(extra);
        run_ok(&a)
    };
    let games = |s: String| -> String {
        s.lines()
            .filter(|l| !l.starts_with("{\"summary\""))
            .map(|l| format!("{l}\n"))
            .collect()
    };
    let whole = games(play(&[]));
    let parts: String = (1..=2)
        .map(|i| games(play(&["--shard", &format!("{i}/2")])))
        .collect();
    assert_eq!(whole.lines().count(), 5);
    assert_eq!(parts, whole);

    // Analyze the played hands, whole and in shards.
    let hands = temp("played.txt");
    let text: String = whole
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            format!("{}\n\n", v["position"].as_str().unwrap())
        })
        .collect();
    std::fs::write(&hands, text).unwrap();
    let analyze = |extra: &[&str]| {
        let mut a = vec!["analyze", hands.to_str().unwrap(), "--json"];
        a.extend_from_slice(extra);
        run_ok(&a)
    };
    let whole = analyze(&[]);
    assert_eq!(whole.lines().count(), 5);
    let parts: String = (1..=4)
        .map(|i| analyze(&["--shard", &format!("{i}/4")]))
        .collect();
    assert_eq!(parts, whole);
}

#[test]
fn a_table_over_all_hands_is_searched_and_finds_every_hand() {
    // Slices from the start, middle and end of the canonical order.
    let mut text = String::new();
    for shard in ["1/60000", "30000/60000", "60000/60000"] {
        text += &run_ok(&["bid-table", "--all", "--samples", "1", "--shard", shard]);
    }
    let path = temp("all-slices.jsonl");
    std::fs::write(&path, &text).unwrap();
    assert!(text.lines().count() >= 15);
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let hand: tysiac::CardSet = v["hand"].as_str().unwrap().parse().unwrap();
        let row = tysiac::drivers::batch::lookup(&path, hand)
            .unwrap()
            .unwrap();
        let want: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(serde_json::to_value(&row).unwrap(), want);
    }
    // A hand between the slices is not there.
    let missing = hand_at(ALL_HANDS / 4);
    assert_eq!(
        tysiac::drivers::batch::lookup(&path, missing).unwrap(),
        None
    );
}

#[test]
fn play_out_resumes_to_the_same_games() {
    let out = temp("play.jsonl");
    let o = out.to_str().unwrap();
    let args = |seed: &'static str, extra: &[&'static str]| {
        let mut a = vec![
            "play",
            "--deals",
            "6",
            "--declarer",
            "simple",
            "--defenders",
            "simple",
            "--json",
            "--quiet",
            "--seed",
            seed,
        ];
        a.extend_from_slice(extra);
        a
    };
    let stdout = run_ok(&args("3", &[]));
    let _ = std::fs::remove_file(&out);
    assert_eq!(run_ok(&[args("3", &["--out"]), vec![o]].concat()), "");
    let whole = std::fs::read_to_string(&out).unwrap();
    // The same games as on standard output, with the run's keys after them.
    let games: Vec<&str> = stdout.lines().filter(|l| !l.contains("summary")).collect();
    assert_eq!(whole.lines().count(), 6);
    for (line, game) in whole.lines().zip(&games) {
        assert!(line.starts_with(&game[..game.len() - 1]), "{line}");
        assert!(line.ends_with(",\"seed\":3,\"declarer\":\"simple\",\"defenders\":\"simple\",\"bid\":100,\"hand\":null,\"rules\":\"standard\"}"), "{line}");
    }
    // Torn in the fourth game: redone, the file as before.
    let cut: usize = whole.lines().take(3).map(|l| l.len() + 1).sum::<usize>() + 40;
    std::fs::write(&out, &whole[..cut]).unwrap();
    run_ok(&[args("3", &["--out"]), vec![o]].concat());
    assert_eq!(std::fs::read_to_string(&out).unwrap(), whole);
    // Another seed's run is refused, the file left alone.
    let e = run_err(&[args("4", &["--out"]), vec![o]].concat());
    assert!(e.contains(":1: seed: 3 but this run has 4"), "{e}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), whole);
    // Shards of 2 into one file each, concatenated: the whole file.
    let mut parts = String::new();
    for i in ["1/2", "2/2"] {
        let p = temp(&format!("play-{}.jsonl", &i[..1]));
        let _ = std::fs::remove_file(&p);
        run_ok(
            &[
                args("3", &["--shard", i, "--out"]),
                vec![p.to_str().unwrap()],
            ]
            .concat(),
        );
        parts += &std::fs::read_to_string(&p).unwrap();
    }
    assert_eq!(parts, whole);
}

/// `solve --out` and `analyze --out`: the lines of `--json`, each with its
/// `index`; a file torn in its third line is cut there and finished to the
/// same bytes; shards of 2 into two files concatenate to the whole file.
#[test]
fn solve_and_analyze_out_resume_to_the_same_lines() {
    let examples = "positions/examples.txt";
    for (command, name) in [
        ("solve", "solve-out.jsonl"),
        ("analyze", "analyze-out.jsonl"),
    ] {
        let out = temp(name);
        let o = out.to_str().unwrap();
        let _ = std::fs::remove_file(&out);
        let plain = tysiac()
            .args([command, "--json", examples])
            .output()
            .unwrap()
            .stdout;
        let plain = String::from_utf8(plain).unwrap();
        // (analyze reports the snapshot example as an error line: both ways.)
        tysiac()
            .args([command, examples, "--out", o])
            .output()
            .unwrap();
        let whole = std::fs::read_to_string(&out).unwrap();
        assert_eq!(whole.lines().count(), plain.lines().count(), "{command}");
        for (i, (line, want)) in whole.lines().zip(plain.lines()).enumerate() {
            let mut v: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(v["index"], i, "{command}: {line}");
            v.as_object_mut().unwrap().remove("index");
            let want: serde_json::Value = serde_json::from_str(want).unwrap();
            assert_eq!(v, want, "{command}");
        }
        let cut: usize = whole.lines().take(2).map(|l| l.len() + 1).sum::<usize>() + 30;
        std::fs::write(&out, &whole[..cut]).unwrap();
        tysiac()
            .args([command, examples, "--out", o])
            .output()
            .unwrap();
        assert_eq!(std::fs::read_to_string(&out).unwrap(), whole, "{command}");
        let mut parts = String::new();
        for i in ["1/2", "2/2"] {
            let p = temp(&format!("{command}-{}.jsonl", &i[..1]));
            let _ = std::fs::remove_file(&p);
            tysiac()
                .args([
                    command,
                    examples,
                    "--shard",
                    i,
                    "--out",
                    p.to_str().unwrap(),
                ])
                .output()
                .unwrap();
            parts += &std::fs::read_to_string(&p).unwrap();
        }
        assert_eq!(parts, whole, "{command}");
    }
}
