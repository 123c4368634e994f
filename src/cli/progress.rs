//! A progress bar on stderr for long runs.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};

/// Runs slower than this get a progress bar; quicker ones stay silent.
const SHOW_AFTER: Duration = Duration::from_millis(300);

/// A progress bar on stderr, only when stderr is a terminal, not `--quiet`,
/// and the run has lasted more than a moment.
pub struct Bar {
    bar: ProgressBar,
    enabled: bool,
    shown: AtomicBool,
    start: Instant,
}

impl Bar {
    pub fn new(total: u64, what: &str, quiet: bool) -> Bar {
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template("{msg} [{wide_bar}] {pos}/{len} {elapsed} (eta {eta})")
                .expect("valid template")
                .progress_chars("=> "),
        );
        bar.set_message(what.to_string());
        let enabled = !quiet && std::io::stderr().is_terminal();
        if enabled {
            interrupt_ends_the_run();
        }
        Bar {
            bar,
            enabled,
            shown: AtomicBool::new(false),
            start: Instant::now(),
        }
    }

    /// One unit of work done (called from worker threads).
    pub fn tick(&self) {
        self.bar.inc(1);
        // `swap` makes exactly one thread switch the bar on.
        if self.enabled
            && !self.shown.load(Ordering::Relaxed)
            && self.start.elapsed() > SHOW_AFTER
            && !self.shown.swap(true, Ordering::Relaxed)
        {
            self.bar
                .set_draw_target(ProgressDrawTarget::term_like_with_hz(
                    Box::new(StartOfLine(console::Term::stderr())),
                    20,
                ));
        }
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// Standard error for the bar, with the cursor left at the start of the
/// bar's line after each drawing. A terminal echoes Ctrl-C as `^C` where
/// the cursor is: at the end of a bar as wide as the terminal it would wrap
/// to the next line, and the erase would hit that line and leave the bar.
/// At the start of the line the echo overwrites the bar's first characters,
/// on its own line, and the erase clears both.
#[derive(Debug)]
struct StartOfLine(console::Term);

impl TermLike for StartOfLine {
    /// Two columns short of the terminal: a bar as wide as the terminal
    /// leaves the cursor past the last column until the carriage return
    /// that follows it, and a `^C` echoed in that instant would wrap to a
    /// row of its own; with two columns free the echo always fits on the
    /// bar's row, which the Ctrl-C handler erases.
    fn width(&self) -> u16 {
        self.0.size().1.saturating_sub(2).max(1)
    }
    fn height(&self) -> u16 {
        self.0.size().0
    }
    fn move_cursor_up(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_up(n)
    }
    fn move_cursor_down(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_down(n)
    }
    fn move_cursor_right(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_right(n)
    }
    fn move_cursor_left(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_left(n)
    }
    fn write_line(&self, s: &str) -> std::io::Result<()> {
        self.0.write_line(s)
    }
    fn write_str(&self, s: &str) -> std::io::Result<()> {
        self.0.write_str(s)
    }
    fn clear_line(&self) -> std::io::Result<()> {
        self.0.clear_line()
    }
    fn flush(&self) -> std::io::Result<()> {
        self.0.write_str("\r")?;
        self.0.flush()
    }
}

/// On Ctrl-C, erases the bar's line before the program ends (130), so that
/// the shell's prompt starts on a clean line. Installed once per run; it
/// also ends a run that inherited SIGINT ignored.
pub(super) fn interrupt_ends_the_run() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // If a handler cannot be set, Ctrl-C still ends the run as before.
        let _ = ctrlc::set_handler(|| {
            use std::io::Write;
            // Hold standard error's lock to the end: a worker thread's tick
            // must not draw the bar again after the line is erased.
            let mut err = std::io::stderr().lock();
            // Carriage return, then erase the line (ANSI EL 2).
            let _ = err.write_all(b"\r\x1b[2K");
            let _ = err.flush();
            // 128 + SIGINT, as a shell reports a run ended by Ctrl-C.
            std::process::exit(130);
        });
    });
}
