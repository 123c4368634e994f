//! Every command's `--json` is JSON Lines, and its keys are exactly those
//! docs/json.md lists (issue 11, items 12 and 13): each key a command
//! prints is documented, and each documented key is printed by some run.

use std::collections::{BTreeMap, BTreeSet};

use assert_cmd::Command;
use serde_json::Value;

/// The documented key paths of each section (`## name`), and the keys whose
/// insides are described in words (`key {…}`).
fn documented() -> (BTreeMap<String, BTreeSet<String>>, BTreeSet<String>) {
    let doc = std::fs::read_to_string("docs/json.md").unwrap();
    let mut sections: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut opaque = BTreeSet::new();
    let mut current = None;
    for line in doc.lines() {
        if let Some(name) = line.strip_prefix("## ") {
            current = Some(name.to_string());
        } else if let (Some(name), Some(row)) = (&current, line.strip_prefix("| `")) {
            let key = row.split('`').next().unwrap();
            let path = key.trim_end_matches(" {…}").to_string();
            if key.ends_with(" {…}") {
                opaque.insert(path.clone());
            }
            sections.entry(name.clone()).or_default().insert(path);
        }
    }
    (sections, opaque)
}

/// Every key path in `v` (`a.b`, `a[].b`, `<seat>` for D/L/R keys), not
/// looking inside `opaque` keys.
fn paths(v: &Value, prefix: &str, opaque: &BTreeSet<String>, out: &mut BTreeSet<String>) {
    if !prefix.is_empty() && !prefix.ends_with("[]") {
        out.insert(prefix.to_string());
        if opaque.contains(prefix) {
            return;
        }
    }
    match v {
        Value::Object(map) => {
            let seats =
                !map.is_empty() && map.keys().all(|k| ["D", "L", "R"].contains(&k.as_str()));
            for (k, x) in map {
                let k = if seats { "<seat>" } else { k.as_str() };
                let p = if prefix.is_empty() {
                    k.to_string()
                } else {
                    format!("{prefix}.{k}")
                };
                paths(x, &p, opaque, out);
            }
        }
        Value::Array(items) => {
            for x in items.iter().filter(|x| x.is_object()) {
                paths(x, &format!("{prefix}[]"), opaque, out);
            }
        }
        _ => {}
    }
}

/// Runs `tysiac args` with `stdin`; its output lines, each parsed as JSON.
fn lines(args: &[&str], stdin: &str) -> Vec<Value> {
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.trim().is_empty(), "{args:?}: no output");
    text.lines()
        .map(|l| {
            serde_json::from_str(l)
                .unwrap_or_else(|e| panic!("{args:?}: not one JSON object per line: {e}: {l}"))
        })
        .collect()
}

const DEAL: &str = "deal: AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9\n";
const CHOSEN: &str = "id: chosen\nrules: standard trump=chosen\ndeal: AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9\ncontract: 120\nexpect: 183\n";
const BAD: &str = "\nid: unreadable\nhands: A...A 9...9 J...X\n";

/// The outputs of every command, by docs/json.md section.
fn outputs() -> BTreeMap<&'static str, Vec<Value>> {
    let examples = std::fs::read_to_string("positions/examples.txt").unwrap();
    let puzzles = std::fs::read_to_string("positions/puzzles.txt").unwrap();
    let first_puzzle = puzzles
        .split("\n\n")
        .find(|b| b.lines().any(|l| l.starts_with("expect:")))
        .unwrap()
        .to_string();
    let wrong_puzzle: String = first_puzzle
        .lines()
        .map(|l| {
            if l.starts_with("expect:") {
                "expect: 0"
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    // A complete hand: the example deal played along its optimal line.
    let solved = &lines(&["solve", "--json"], &format!("{DEAL}exchange: 9S QC\n"))[0];
    let line: Vec<&str> = solved["line"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let complete = format!(
        "{DEAL}exchange: 9S QC\ncontract: 120\nplay: {}\n",
        line.join(" ")
    );
    let illegal = format!("\n{DEAL}exchange: 9S QC\nplay: QH 9H\n");
    let game = "players: A B C\nD=A bid=300 points=300,0,0\nD=B bid=100 concede\n\
                D=A bid=300 points=300,0,0\nD=A bid=300 points=300,0,0\nD=A bid=300 points=300,0,0\n";

    let mut all: BTreeMap<&str, Vec<Value>> = BTreeMap::new();
    let mut add = |section, args: &[&str], stdin: &str| {
        all.entry(section).or_default().extend(lines(args, stdin));
    };
    add(
        "solve",
        &["solve", "--json"],
        &format!("{examples}\n{CHOSEN}{BAD}"),
    );
    add(
        "solve --target",
        &["solve", "--json", "--target", "120"],
        &format!("{examples}\n{CHOSEN}{BAD}"),
    );
    add(
        "analyze",
        &["analyze", "--json"],
        &format!("{examples}\n{complete}\n{illegal}{BAD}"),
    );
    add("score", &["score", "--json"], game);
    add(
        "score",
        &["score", "--json"],
        "players: A B C D\nD=B bid=100 points=-,120,0,0 musik=AH,KS,9D\n",
    );
    add(
        "puzzle",
        &["puzzle", "--json", "--count", "6", "--seed", "5"],
        "",
    );
    add(
        "puzzle --verify",
        &["puzzle", "--json", "--verify", "-"],
        &format!("{first_puzzle}\n\n{wrong_puzzle}\n{BAD}"),
    );
    add(
        "bid",
        &["bid", "AKQ.T9..AJ", "--json", "--samples", "8"],
        "",
    );
    add(
        "bid",
        &[
            "bid",
            "AKQ.T9..AJ",
            "--json",
            "--samples",
            "4",
            "--realistic",
        ],
        "",
    );
    add(
        "exchange",
        &[
            "exchange",
            "AKQ.T9..AJ",
            "..Q.K9",
            "--json",
            "--samples",
            "6",
        ],
        "",
    );
    add(
        "exchange",
        &[
            "exchange",
            "AKQ.T9..AJ",
            "..Q.K9",
            "--json",
            "--samples",
            "6",
            "--rules",
            "standard musik=discard",
        ],
        "",
    );
    // Play from one seat's view.
    let views = std::fs::read_to_string("docs/examples/views.txt").unwrap();
    add(
        "suggest",
        &["suggest", "--json", "--samples", "6"],
        &format!("{views}\n{BAD}"),
    );
    add(
        "analyze",
        &["analyze", "--json", "--view", "--samples", "4"],
        &complete,
    );
    add(
        "play",
        &[
            "play",
            "--json",
            "--deals",
            "2",
            "--declarer",
            "pimc:3",
            "--defenders",
            "simple",
        ],
        "",
    );
    add(
        "bid --play",
        &[
            "bid",
            "AKQ.T9..AJ",
            "--json",
            "--samples",
            "3",
            "--play",
            "simple",
        ],
        "",
    );
    // The bid check on three hands of a seed, a few playouts each.
    let dir = std::env::temp_dir().join(format!("tysiac-json-keys-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let hands = Command::cargo_bin("tysiac")
        .unwrap()
        .args(["bid-model", "hands", "--count", "3", "--seed", "3"])
        .output()
        .unwrap();
    let mut files = Vec::new();
    for (k, line) in String::from_utf8(hands.stdout).unwrap().lines().enumerate() {
        let w: Vec<&str> = line.split_whitespace().collect();
        for (seat, deals) in [("d", "3"), ("l", "1")] {
            let f = dir.join(format!("hand-{k}-{seat}.jsonl"));
            Command::cargo_bin("tysiac")
                .unwrap()
                .args([
                    "play",
                    "--declarer",
                    "simple",
                    "--defenders",
                    "simple",
                    "--json",
                ])
                .args(["--quiet", "--threads", "1", "--hand", w[0], "--seed", w[2]])
                .args(["--deals", deals, "--seat", seat, "--out"])
                .arg(&f)
                .assert()
                .success();
            files.push(f.to_str().unwrap().to_string());
        }
    }
    let mut check = vec![
        "bid-model",
        "check",
        "--seed",
        "3",
        "--count",
        "3",
        "--samples",
        "6",
    ];
    check.extend(["--threads", "1", "--json", "--quiet"]);
    check.extend(files.iter().map(String::as_str));
    add("bid-model check", &check, "");
    std::fs::remove_dir_all(&dir).ok();
    all
}

#[test]
fn every_key_is_documented_and_every_documented_key_printed() {
    let (doc, opaque) = documented();
    let errors = "A position that cannot be read";
    let mut seen_errors = BTreeSet::new();
    for (section, objects) in outputs() {
        let want = doc
            .get(section)
            .unwrap_or_else(|| panic!("docs/json.md has no section {section}"));
        let mut seen = BTreeSet::new();
        for v in &objects {
            // An unreadable position's line: `id line error`, nothing else.
            let is_error = v.get("error").is_some() && v.get("ok").is_none();
            let target = if is_error {
                &mut seen_errors
            } else {
                &mut seen
            };
            paths(v, "", &opaque, target);
        }
        let undocumented: Vec<_> = seen.difference(want).collect();
        assert!(
            undocumented.is_empty(),
            "{section}: printed, not in docs/json.md: {undocumented:?}"
        );
        let unprinted: Vec<_> = want.difference(&seen).collect();
        assert!(
            unprinted.is_empty(),
            "{section}: in docs/json.md, never printed: {unprinted:?}"
        );
    }
    assert_eq!(&seen_errors, &doc[errors], "the unreadable position's line");
}

/// The unreadable position's line stands where the position stood.
#[test]
fn unreadable_positions_keep_their_place() {
    let text = format!("id: a\nhands: A...A 9...9 J...J\n{BAD}\nid: c\nhands: A...A 9...9 J...J\n");
    for cmd in [
        &["solve", "--json"][..],
        &["puzzle", "--json", "--verify", "-"],
    ] {
        let out = lines(cmd, &text);
        let ids: Vec<&str> = out.iter().map(|v| v["id"].as_str().unwrap()).collect();
        assert_eq!(ids, ["a", "unreadable", "c"], "{cmd:?}");
        assert_eq!(out[1]["line"], 5, "{cmd:?}: the hands: line");
        assert!(
            out[1]["error"].as_str().unwrap().contains("<stdin>:5"),
            "{cmd:?}"
        );
    }
    // analyze reads histories.
    let history = format!("id: a\n{DEAL}exchange: 9S QC\nplay: AS\n");
    let text = format!("{history}{BAD}\n{}", history.replace("id: a", "id: c"));
    let out = lines(&["analyze", "--json"], &text);
    let ids: Vec<&str> = out.iter().map(|v| v["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["a", "unreadable", "c"]);
    assert_eq!(out[1]["line"], 7);
}
