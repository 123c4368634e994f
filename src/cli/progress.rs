//! A progress bar on stderr for long runs.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

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
            ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} {elapsed} (eta {eta})")
                .expect("valid template")
                .progress_chars("=> "),
        );
        bar.set_message(what.to_string());
        let enabled = !quiet && std::io::stderr().is_terminal();
        if enabled {
            clear_line_on_interrupt();
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
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// On Ctrl-C, erases the bar's line before the program ends, so that the
/// shell's prompt starts on a clean line. Installed once per run.
fn clear_line_on_interrupt() {
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
