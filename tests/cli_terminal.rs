//! Behaviour on a terminal (issue 11, items 6 and 11), run under a pseudo
//! terminal made by util-linux's `script`: the hint when `solve` waits for
//! standard input, and Ctrl-C clearing the progress bar's line. `script`
//! comes with every Debian system (package bsdutils); without it these
//! tests fail, saying so, rather than pass having checked nothing.

mod common;

use std::time::Duration;

use common::terminal::{need_script, Terminal};

/// Runs `command` on a pseudo terminal; for each step, waits until the
/// terminal has shown `wait_for` (at most a minute: a loaded machine may be
/// slow to start the program), then types `bytes`. Returns everything the
/// terminal showed.
fn on_terminal(command: &str, steps: &[(&[u8], &[u8])]) -> Vec<u8> {
    let mut term = Terminal::start(command);
    for (wait_for, bytes) in steps {
        let start = std::time::Instant::now();
        while !term
            .shown
            .lock()
            .unwrap()
            .windows(wait_for.len())
            .any(|w| w == *wait_for)
        {
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "the terminal never showed {:?}: {:?}",
                String::from_utf8_lossy(wait_for),
                term.screen()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        term.type_bytes(bytes);
    }
    term.finish()
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

/// What a terminal `cols` wide shows after `bytes`, row by row: printable
/// characters (one column each) with the terminal's deferred wrap at the
/// last column, carriage return, line feed, and the CSI sequences a
/// progress bar uses (cursor up/down/left/right, erase in line); others are
/// ignored.
fn screen(bytes: &[u8], cols: usize) -> Vec<String> {
    let text = String::from_utf8_lossy(bytes);
    let mut rows: Vec<Vec<char>> = vec![Vec::new()];
    let (mut row, mut col) = (0usize, 0usize);
    let mut chars = text.chars().peekable();
    let put = |rows: &mut Vec<Vec<char>>, row: usize, col: usize, c: char| {
        while rows.len() <= row {
            rows.push(Vec::new());
        }
        let r = &mut rows[row];
        while r.len() <= col {
            r.push(' ');
        }
        r[col] = c;
    };
    while let Some(c) = chars.next() {
        match c {
            '\r' => col = 0,
            '\n' => row += 1,
            '\x1b' => {
                if chars.peek() != Some(&'[') {
                    chars.next();
                    continue;
                }
                chars.next();
                let mut arg = String::new();
                let mut end = ' ';
                for d in chars.by_ref() {
                    if d.is_ascii_alphabetic() || d == '~' {
                        end = d;
                        break;
                    }
                    arg.push(d);
                }
                let n: usize = arg.trim_start_matches('?').parse().unwrap_or(0);
                while rows.len() <= row {
                    rows.push(Vec::new());
                }
                match end {
                    'A' => row = row.saturating_sub(n.max(1)),
                    'B' => row += n.max(1),
                    'C' => col = (col + n.max(1)).min(cols - 1),
                    'D' => col = col.min(cols - 1).saturating_sub(n.max(1)),
                    'K' if n == 2 => rows[row].clear(),
                    'K' if n == 0 => rows[row].truncate(col),
                    'K' => {
                        let upto = (col + 1).min(rows[row].len());
                        rows[row][..upto].iter_mut().for_each(|x| *x = ' ');
                    }
                    _ => {}
                }
            }
            c if !c.is_control() => {
                if col >= cols {
                    // The deferred wrap: the character after the last
                    // column starts the next row.
                    row += 1;
                    col = 0;
                }
                put(&mut rows, row, col, c);
                col += 1;
            }
            _ => {}
        }
    }
    rows.into_iter()
        .map(|r| r.into_iter().collect::<String>().trim_end().to_string())
        .collect()
}

#[test]
fn the_screen_model_wraps_and_erases_as_a_terminal_does() {
    // Ten columns: the eleventh character starts row two; a carriage return
    // right after a full row stays on it.
    assert_eq!(screen(b"0123456789A", 10), ["0123456789", "A"]);
    assert_eq!(screen(b"0123456789\rab", 10), ["ab23456789"]);
    assert_eq!(screen(b"abc\r\n12\x1b[1A\r\x1b[2K", 10), ["", "12"]);
    assert_eq!(screen(b"abcdef\r\x1b[3C\x1b[K", 10), ["abc"]);
}

/// On a terminal whose rows the bar fills (50 columns), Ctrl-C leaves no
/// trace of the bar on the screen: the echoed `^C` must not wrap onto a
/// row of its own and draw the erase away from the bar.
#[test]
fn ctrl_c_leaves_no_bar_on_a_narrow_terminal() {
    need_script();
    let exe = env!("CARGO_BIN_EXE_tysiac");
    let shown = on_terminal(
        &format!("stty cols 50 rows 24; {exe} bid AKQ.T9..AJ --samples 1000000 --threads 1"),
        &[(b"bid [", b"\x03")],
    );
    let ctrl_c = shown
        .windows(2)
        .position(|w| w == b"^C")
        .expect("^C echoed");
    // Before it, the bar left two columns free, so the echo could not
    // wrap to a row of its own, whenever it came.
    let before = screen(&shown[..ctrl_c], 50);
    let bar = before.iter().find(|r| r.contains("bid [")).expect("a bar");
    assert!(bar.chars().count() <= 48, "{bar:?}");
    let rows = screen(&shown, 50);
    assert!(
        rows.iter()
            .all(|r| !r.contains("bid [") && !r.contains("/1250000")),
        "the bar is still on the screen: {rows:#?}"
    );
}
