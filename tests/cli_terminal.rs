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

/// Runs `command` on a pseudo terminal; for each step, waits until the
/// terminal has shown `wait_for` (at most a minute: a loaded machine may be
/// slow to start the program), then types `bytes`. Returns everything the
/// terminal showed.
fn on_terminal(command: &str, steps: &[(&[u8], &[u8])]) -> Vec<u8> {
    use std::io::Read;
    use std::sync::{Arc, Mutex};
    let mut child = Command::new("script")
        .args(["-qfc", command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let shown = Arc::new(Mutex::new(Vec::new()));
    let reader = {
        let shown = Arc::clone(&shown);
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 {
                    break;
                }
                shown.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        })
    };
    for (wait_for, bytes) in steps {
        let start = std::time::Instant::now();
        while !shown
            .lock()
            .unwrap()
            .windows(wait_for.len())
            .any(|w| w == *wait_for)
        {
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "the terminal never showed {:?}: {:?}",
                String::from_utf8_lossy(wait_for),
                String::from_utf8_lossy(&shown.lock().unwrap())
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }
    let status = child.wait().unwrap();
    drop(stdin);
    reader.join().unwrap();
    let _ = status;
    let out = shown.lock().unwrap().clone();
    out
}

#[test]
fn solve_on_a_terminal_says_it_waits_for_input() {
    need_script();
    let exe = env!("CARGO_BIN_EXE_tysiac");
    // Ctrl-D at once: the hint, then the empty input's error.
    let shown = on_terminal(&format!("{exe} solve"), &[(b"Ctrl-D", b"\x04")]);
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
    // Once the bar is drawn (after 0.3 s), Ctrl-C.
    let shown = on_terminal(
        &format!("{exe} bid AKQ.T9..AJ --samples 1000000 --threads 1"),
        &[(b"bid [", b"\x03")],
    );
    let ctrl_c = shown
        .windows(2)
        .position(|w| w == b"^C")
        .expect("^C echoed");
    assert!(
        shown[..ctrl_c].windows(5).any(|w| w == b"bid ["),
        "the progress bar was drawn before Ctrl-C"
    );
    // What the terminal shows last is the bar's line erased (carriage
    // return, erase line), whatever the bar drew between the echo and the
    // handler: the shell's prompt starts on a clean line.
    assert!(
        shown.ends_with(b"\r\x1b[2K"),
        "{:?}",
        String::from_utf8_lossy(&shown[ctrl_c..])
    );
}
