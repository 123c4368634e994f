//! `tysiac game` played in a real terminal (a pseudo terminal made by
//! util-linux's `script`, as tests/cli_terminal.rs does): a person's
//! answers typed at each prompt, a game played to its end, Ctrl-C in the
//! middle leaving the record whole, and the game resumed from it. Without
//! `script` the test fails, saying so.

mod common;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::terminal::{need_script, Terminal};
use tysiac::game::record;

/// The answer a patient player gives to the prompt at the end of `screen`:
/// no redeal, pass in the auction (with `bid`, the lowest raise while one
/// is allowed), the suggested exchange, the lowest contract, the first
/// legal card.
fn answer(prompt: &str, bid: bool) -> String {
    let inside = |p: &str| {
        let open = p.rfind('[').expect("a prompt offers its options in [...]");
        let close = p[open..].find(']').expect("closed") + open;
        p[open + 1..close].to_string()
    };
    if prompt.contains("Redeal?") {
        return "n".into();
    }
    let opts = inside(prompt);
    if prompt.contains("Your call") {
        // `[pass, 110..120]`: the lowest raise, or pass when none is offered.
        let raise = opts
            .split(", ")
            .nth(1)
            .map(|r| r.split("..").next().unwrap());
        return match (bid, raise) {
            (true, Some(r)) if !r.starts_with('b') => r.to_string(),
            _ => "pass".into(),
        };
    }
    if prompt.contains("Give one card") || prompt.contains("Lay two cards away") {
        return opts.trim_start_matches("e.g. ").to_string();
    }
    if prompt.contains("Your contract") {
        // `[110..120, or bomb to concede]` or `[120, or bomb to concede]`.
        return opts.split(['.', ',']).next().unwrap().to_string();
    }
    if prompt.contains("Your card") {
        return opts.split_whitespace().next().unwrap().to_string();
    }
    panic!("an unknown prompt: {prompt}");
}

/// Runs `tysiac ARGS` on a pseudo terminal and answers its prompts, at
/// most `answers` of them (then types Ctrl-C), until it ends. Returns what
/// the terminal showed and how many prompts were answered.
fn play_on_terminal(args: &str, answers: usize, bid: bool) -> (String, usize) {
    let bin = env!("CARGO_BIN_EXE_tysiac");
    let mut term = Terminal::start(&format!("{bin} {args}"));
    let mut answered = 0;
    let mut seen_upto = 0;
    let start = Instant::now();
    loop {
        assert!(
            start.elapsed() < Duration::from_secs(300),
            "the game did not end in 5 minutes; the screen:\n{}",
            term.screen()
        );
        if term.child.try_wait().unwrap().is_some() {
            break;
        }
        let screen = term.screen();
        let tail = &screen[seen_upto..];
        let waiting = tail.trim_end_matches(' ').ends_with(':') || tail.ends_with("[y/n] ");
        if !waiting
            || !(tail.contains("Your ")
                || tail.contains("Redeal?")
                || tail.contains("Give one")
                || tail.contains("Lay two"))
        {
            std::thread::sleep(Duration::from_millis(20));
            continue;
        }
        let prompt = tail.lines().last().unwrap_or("").to_string();
        if answered == answers {
            term.type_bytes(b"\x03");
            seen_upto = screen.len();
            std::thread::sleep(Duration::from_millis(300));
            continue;
        }
        let reply = answer(&prompt, bid);
        term.type_bytes(format!("{reply}\n").as_bytes());
        answered += 1;
        seen_upto = screen.len();
    }
    let screen = String::from_utf8_lossy(&term.finish()).into_owned();
    (screen, answered)
}

fn record_of(path: &Path) -> record::Record {
    let text = std::fs::read_to_string(path).unwrap();
    record::read(&text).unwrap_or_else(|e| panic!("the record reads back: {e}\n{text}"))
}

#[test]
fn a_whole_game_in_the_terminal_interrupted_and_resumed() {
    need_script();
    let dir = std::env::temp_dir().join(format!("tysiac-term-game-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rec = dir.join("game.txt");
    let args = format!(
        "game --seats me,heuristic,heuristic --seed 7 --rules 'standard game_to=200 barrel=0' \
         --record {} --color always",
        rec.display()
    );
    // Ctrl-C after 12 answers: the record is whole and reads back.
    let (screen, answered) = play_on_terminal(&args, 12, false);
    assert_eq!(answered, 12, "{screen}");
    assert!(screen.contains("opens at 100 (forced)"), "{screen}");
    // Suits in colour: red hearts.
    assert!(screen.contains("\x1b[31m♥\x1b[0m"), "{screen}");
    let stopped = record_of(&rec);
    assert!(stopped.table.result().is_none());
    // Resumed, the game goes on to its end.
    let (screen, _) = play_on_terminal(
        &format!("game --resume {} --color never", rec.display()),
        usize::MAX,
        false,
    );
    assert!(screen.contains("Resuming the game"), "{screen}");
    assert!(
        screen.contains("wins with") || screen.contains("draw"),
        "{screen}"
    );
    let done = record_of(&rec);
    let result = done.table.result().expect("the game is over");
    // The winner reached 200 (the game's target) after its last hand.
    if let tysiac::engine::score::GameResult::Winner(p) = result {
        assert!(done.table.sheet.totals[*p] >= 200);
    }
    // The record of the finished game is read by score, analyze and solve.
    for cmd in [
        vec!["score"],
        vec!["solve"],
        vec!["analyze", "--bid-samples", "2", "--threads", "1"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_tysiac"))
            .args(&cmd)
            .arg(&rec)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{cmd:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // An illegal card is refused with the rule it breaks, and the prompt
    // comes again (typed through a pipe this time).
    let fresh = dir.join("fresh.txt");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tysiac"))
        .args([
            "game",
            "--seats",
            "me,heuristic,heuristic",
            "--seed",
            "7",
            "--color",
            "never",
        ])
        .args(["--rules", "standard redeal=none", "--record"])
        .arg(&fresh)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"990\npass\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    // You sit after the opener and the next caller: a call is asked for.
    assert!(text.contains("not allowed: 990 is above 120"), "{text}");
    assert!(text.contains("The game is saved in"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The game of two musiks in the terminal, to its end: the person raises
/// while it may, so declares whenever the computer stops first, and then
/// lays two cards away at the prompt; tricks hold two cards.
#[test]
fn a_game_of_two_in_the_terminal() {
    need_script();
    let dir = std::env::temp_dir().join(format!("tysiac-term-two-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rec = dir.join("game.txt");
    let args = format!(
        "game --players 2 --seats me,heuristic --seed 3 --rules 'standard game_to=300 barrel=0' \
         --record {} --color never",
        rec.display()
    );
    let (screen, answered) = play_on_terminal(&args, usize::MAX, true);
    assert!(answered > 10, "{screen}");
    assert!(screen.contains(" players=2 · seed 3"), "{screen}");
    assert!(screen.contains("Lay two cards away: "), "{screen}");
    assert!(
        screen.contains("wins with") || screen.contains("draw"),
        "{screen}"
    );
    // A trick of two names two cards and two players' points, by name.
    assert!(screen.contains("Points: you "), "{screen}");
    assert!(!screen.contains("Points: you 0 · Bartek 0 · "), "{screen}");
    let done = record_of(&rec);
    assert!(done.table.result().is_some());
    assert_eq!(done.header.players.len(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}
