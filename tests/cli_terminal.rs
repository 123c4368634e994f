//! Behaviour on a terminal (issue 11, items 6 and 11), run under a pseudo
//! terminal made by util-linux's `script`: the hint when `solve` waits for
//! standard input, and Ctrl-C clearing the progress bar's line. `script`
//! comes with every Debian system (package bsdutils); without it these
//! tests fail, saying so, rather than pass having checked nothing.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

fn need_script() {
    let ok = Command::new("script")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        ok,
        "`script` (util-linux; Debian package bsdutils) is needed to test terminal behaviour"
    );
}

/// Runs `command` on a pseudo terminal; after each pause, types the
/// matching bytes. Returns everything the terminal showed.
fn on_terminal(command: &str, typed: &[(u64, &[u8])]) -> Vec<u8> {
    let mut child = Command::new("script")
        .args(["-qfc", command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    for (ms, bytes) in typed {
        std::thread::sleep(Duration::from_millis(*ms));
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }
    std::thread::sleep(Duration::from_millis(500));
    drop(stdin);
    child.wait_with_output().unwrap().stdout
}

#[test]
fn solve_on_a_terminal_says_it_waits_for_input() {
    need_script();
    let exe = env!("CARGO_BIN_EXE_tysiac");
    // Ctrl-D at once: the hint, then the empty input's error.
    let shown = on_terminal(&format!("{exe} solve"), &[(500, b"\x04")]);
    let shown = String::from_utf8_lossy(&shown);
    assert!(
        shown.contains("reading standard input (end with Ctrl-D)"),
        "{shown}"
    );
    assert!(shown.contains("no positions in <stdin>"), "{shown}");
}

#[test]
fn ctrl_c_clears_the_progress_bar() {
    need_script();
    let exe = env!("CARGO_BIN_EXE_tysiac");
    // Long enough to show the bar (after 0.3 s), then Ctrl-C.
    let shown = on_terminal(
        &format!("{exe} bid AKQ.T9..AJ --samples 1000000 --threads 1"),
        &[(1500, b"\x03")],
    );
    let bar = shown
        .windows(5)
        .rposition(|w| w == b"bid [")
        .expect("the progress bar was drawn");
    let after = &shown[bar..];
    // The terminal echoes ^C; after it the line is erased (carriage
    // return, erase line) and nothing of the bar is drawn again.
    let ctrl_c = after
        .windows(2)
        .position(|w| w == b"^C")
        .expect("^C echoed");
    assert!(
        after[ctrl_c..].ends_with(b"\r\x1b[2K"),
        "{:?}",
        String::from_utf8_lossy(&after[ctrl_c..])
    );
}
