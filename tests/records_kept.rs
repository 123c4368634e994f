//! A record is never lost (issue 46, item 6): two games started at once get
//! different seeds and files, a record file that exists is never written
//! over, and the arena's `--records DIR` refuses a directory that already
//! holds its files. Each case runs the real binary twice.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use tysiac::game::record;

/// A fresh, empty directory for one test.
fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tysiac-kept-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `tysiac ARGS` started in `dir` with nothing to read: a game stops at the
/// first question, saved.
fn start(dir: &Path, args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_tysiac"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn run(dir: &Path, args: &[&str]) -> Output {
    start(dir, args).wait_with_output().unwrap()
}

fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn seed_of(path: &Path) -> u64 {
    let text = std::fs::read_to_string(path).unwrap();
    record::read(&text)
        .unwrap_or_else(|e| panic!("{}: {e}\n{text}", path.display()))
        .table
        .seed
}

const GAME: [&str; 5] = [
    "game",
    "--seats",
    "me,heuristic,heuristic",
    "--color",
    "never",
];

#[test]
fn two_games_started_at_once_keep_two_records_with_different_seeds() {
    let d = dir("clock");
    // Started together: the same second on the clock.
    let a = start(&d, &GAME);
    let b = start(&d, &GAME);
    for out in [a.wait_with_output().unwrap(), b.wait_with_output().unwrap()] {
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(String::from_utf8_lossy(&out.stdout).contains("The game is saved in tysiac-game-"));
    }
    let names = files(&d);
    assert_eq!(names.len(), 2, "{names:?}");
    let seeds: Vec<u64> = names.iter().map(|n| seed_of(&d.join(n))).collect();
    assert_ne!(seeds[0], seeds[1]);
    // Each file is named after its own game's seed.
    for (n, s) in names.iter().zip(&seeds) {
        assert_eq!(*n, format!("tysiac-game-{s}.txt"));
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn the_same_seed_twice_writes_a_second_file_and_keeps_the_first() {
    let d = dir("seed");
    let args = [&GAME[..], &["--seed", "7"]].concat();
    assert!(run(&d, &args).status.success());
    let first = std::fs::read(d.join("tysiac-game-7.txt")).unwrap();
    let out = run(&d, &args);
    assert!(out.status.success());
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("record tysiac-game-7-2.txt"), "{said}");
    assert_eq!(files(&d), ["tysiac-game-7-2.txt", "tysiac-game-7.txt"]);
    assert_eq!(std::fs::read(d.join("tysiac-game-7.txt")).unwrap(), first);
    assert_eq!(seed_of(&d.join("tysiac-game-7-2.txt")), 7);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_record_named_with_record_is_never_written_over() {
    let d = dir("named");
    let args = [&GAME[..], &["--seed", "7", "--record", "mine.txt"]].concat();
    assert!(run(&d, &args).status.success());
    let first = std::fs::read(d.join("mine.txt")).unwrap();
    let out = run(
        &d,
        &[&GAME[..], &["--seed", "8", "--record", "mine.txt"]].concat(),
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--record mine.txt: the file exists")
            && err.contains("tysiac game --resume mine.txt"),
        "{err}"
    );
    assert_eq!(std::fs::read(d.join("mine.txt")).unwrap(), first);
    // Nor when a resumed game is to go on in another file that exists.
    std::fs::write(d.join("other.txt"), "kept\n").unwrap();
    let out = run(
        &d,
        &[
            "game",
            "--resume",
            "mine.txt",
            "--record",
            "other.txt",
            "--color",
            "never",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--record other.txt: the file exists"));
    assert_eq!(std::fs::read(d.join("other.txt")).unwrap(), b"kept\n");
    // Resumed in its own file, the game goes on there.
    let out = run(&d, &["game", "--resume", "mine.txt", "--color", "never"]);
    assert!(out.status.success());
    assert_eq!(files(&d), ["mine.txt", "other.txt"]);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn the_arena_refuses_a_directory_holding_its_records() {
    let d = dir("arena");
    let args = [
        "game",
        "--seats",
        "heuristic,heuristic,heuristic",
        "--games",
        "2",
        "--threads",
        "1",
        "--quiet",
        "--rules",
        "standard game_to=200",
        "--records",
        "out",
    ];
    assert!(run(&d, &args).status.success());
    let out_dir = d.join("out");
    assert_eq!(files(&out_dir), ["game-0.txt", "game-1.txt"]);
    let before: Vec<Vec<u8>> = files(&out_dir)
        .iter()
        .map(|n| std::fs::read(out_dir.join(n)).unwrap())
        .collect();
    let second = run(&d, &[&args[..], &["--seed", "5"]].concat());
    assert_eq!(second.status.code(), Some(2));
    let err = String::from_utf8_lossy(&second.stderr);
    assert!(
        err.contains("--records out: out/game-0.txt exists"),
        "{err}"
    );
    let after: Vec<Vec<u8>> = files(&out_dir)
        .iter()
        .map(|n| std::fs::read(out_dir.join(n)).unwrap())
        .collect();
    assert_eq!(before, after);
    let _ = std::fs::remove_dir_all(&d);
}
