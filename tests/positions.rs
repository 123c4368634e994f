//! The positions under `positions/`: every one must read without error, carry
//! an `expect:`, and have exactly that value for tysiac's solver. A musik deal
//! (no exchange made yet) is worth its best exchange.
//!
//! Where the expect values come from: endgames.txt by hand (a comment above
//! each says why); deals.txt, variants.txt and examples.txt from the
//! brute-force reference solver; two-players.txt from tysiac's solver, two
//! of them worked by hand too; puzzles.txt from tysiac's own solver (the
//! `tysiac puzzle` command wrote them). Independently of that, every value
//! is checked against the independent reference (`tests/common/reference.rs`,
//! which shares no rules code with the crate) by
//! `tests/positions_reference.rs`: all of them in the normal run except the
//! one musik deal listed there as too slow (`SLOW`: musik-ru, 8 minutes),
//! which `scripts/check-positions.sh` checks.
//!
//! Every file is checked here, `puzzles.txt` included (`tests/puzzle.rs`
//! also checks that each puzzle has one winning move).
//!
//! Also the command line: `tysiac solve positions/examples.txt` succeeds and
//! names every position, and a wrong `expect:` makes it fail.

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;
use tysiac::{parse_positions, Position, Setup, Solver};

/// Memory for each solver's transposition table: plenty for one hand.
const TABLE_BYTES: usize = 4 << 20;

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The `*.txt` files of `positions/` not in `skip`, sorted by name.
fn position_files() -> Vec<PathBuf> {
    let dir = manifest_dir().join("positions");
    let entries = fs::read_dir(&dir).unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()));
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        // views.txt holds one seat's views, the input of `tysiac suggest`
        // (README), not positions with every card to solve.
        .filter(|p| p.file_name().is_none_or(|n| n != "views.txt"))
        .collect();
    files.sort();
    files
}

/// The path as the messages show it: relative to the crate.
fn shown(path: &Path) -> String {
    path.strip_prefix(manifest_dir())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// The declarer's total with best play: the hand in play, or for a deal still
/// holding its musik, the best over every exchange.
fn solve(p: &Position) -> u16 {
    let mut solver = Solver::with_table_bytes(p.rules, TABLE_BYTES);
    match p.setup() {
        Setup::Play(state) => solver.value(&state),
        Setup::Musik(deal) => {
            let best = solver.exchange_values(&deal, false);
            best.first().expect("a deal has exchanges").1
        }
    }
}

/// Checks every position of one file. Returns how many were read and a
/// message for each problem (a parse error, a missing `expect:`, a repeated
/// id, a wrong value), each naming the file and the position.
fn check_file(path: &Path) -> (usize, Vec<String>) {
    let source = shown(path);
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {source}: {e}"));
    let mut problems = Vec::new();
    let mut ids = HashSet::new();
    let results = parse_positions(&text, &source);
    let count = results.len();
    for (i, result) in results.into_iter().enumerate() {
        let p = match result {
            Ok(p) => p,
            Err(e) => {
                problems.push(format!("does not read: {e}"));
                continue;
            }
        };
        let name = format!("{source}:{} position {}", p.line, p.name(i + 1));
        if let Some(id) = &p.id {
            if !ids.insert(id.clone()) {
                problems.push(format!("{name}: the id is used twice in the file"));
            }
        }
        let Some(expect) = p.expect else {
            problems.push(format!("{name}: has no expect: line"));
            continue;
        };
        let value = solve(&p);
        if value != expect {
            problems.push(format!(
                "{name} (rules: {}): expect: {expect}, but the solver finds {value}",
                p.rules
            ));
        }
    }
    (count, problems)
}

/// Checks every file; panics listing every problem.
fn check_all() {
    let files = position_files();
    assert!(!files.is_empty(), "no positions/*.txt files found");
    let mut problems = Vec::new();
    for file in &files {
        let (count, mut found) = check_file(file);
        println!("{}: {count} positions", shown(file));
        assert!(count > 0, "{} holds no positions", shown(file));
        problems.append(&mut found);
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn every_position_has_its_expected_value() {
    check_all();
}

/// A file that is not there, or a position that does not read, is reported
/// with its name rather than skipped.
#[test]
fn problems_name_the_position() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join("positions-problems.txt");
    let text = "id: no-expect\nhands: A... 9... J...\n\n\
                id: bad-card\nhands: A... 9... XX\nexpect: 11\n\n\
                id: wrong\nhands: A... 9... J...\nexpect: 12\n";
    fs::write(&path, text).expect("writing a scratch file");
    let (count, problems) = check_file(&path);
    assert_eq!(count, 3);
    assert_eq!(problems.len(), 3, "{problems:#?}");
    assert!(problems[0].contains("no-expect") && problems[0].contains("no expect"));
    assert!(problems[1].contains("bad-card"), "{}", problems[1]);
    assert!(
        problems[2].contains("wrong") && problems[2].contains("finds 13"),
        "{}",
        problems[2]
    );
}

/// The positions of examples.txt, as read.
fn examples() -> Vec<Position> {
    let path = manifest_dir().join("positions/examples.txt");
    let text = fs::read_to_string(&path).expect("positions/examples.txt");
    parse_positions(&text, "examples.txt")
        .into_iter()
        .map(|r| r.expect("examples.txt reads"))
        .collect()
}

fn tysiac() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tysiac"));
    cmd.current_dir(manifest_dir());
    cmd
}

#[test]
fn cli_solves_the_examples() {
    let examples = examples();
    assert!(examples.len() >= 3);
    let assert = tysiac()
        .args(["solve", "--quiet", "positions/examples.txt"])
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    for p in &examples {
        let id = p.id.as_deref().expect("every example has an id");
        assert!(
            stdout.contains(&format!("position {id} ")),
            "no report of {id} in:\n{stdout}"
        );
        let value = format!("value: {}", p.expect.expect("every example has an expect"));
        assert!(stdout.contains(&value), "no '{value}' in:\n{stdout}");
    }
}

#[test]
fn cli_fails_on_a_wrong_expect() {
    // The examples written back, one of them expecting a point too many.
    let mut examples = examples();
    let wrong = examples.len() - 1;
    let p = &mut examples[wrong];
    let right = p.expect.expect("an expect");
    p.expect = Some(right + 1);
    let id = p.id.clone().expect("an id");
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("positions-wrong-expect.txt");
    let write = |examples: &[Position]| {
        let text: Vec<String> = examples.iter().map(|p| p.to_string()).collect();
        fs::write(&path, text.join("\n\n") + "\n").expect("writing a scratch file");
    };
    write(&examples);

    tysiac()
        .arg("solve")
        .arg("--quiet")
        .arg(&path)
        .assert()
        .failure()
        .stderr(
            predicate::str::contains(format!("position {id}"))
                .and(predicate::str::contains(format!("expect: {}", right + 1)))
                .and(predicate::str::contains(format!("the value is {right}"))),
        );

    // The same file with the right value passes: only the expect was wrong.
    examples[wrong].expect = Some(right);
    write(&examples);
    tysiac()
        .arg("solve")
        .arg("--quiet")
        .arg(&path)
        .assert()
        .success();
}
