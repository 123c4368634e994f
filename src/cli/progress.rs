//! A progress bar on stderr, shown only when stderr is a terminal and the
//! run is long enough to want one.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Counts finished units of work; draws nothing unless stderr is a terminal.
pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    pub fn new(total: u64, what: &str, quiet: bool) -> Progress {
        let bar = if quiet || !std::io::stderr().is_terminal() {
            ProgressBar::hidden()
        } else {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} ({eta})")
                    .expect("valid template")
                    .progress_chars("=> "),
            );
            bar.set_message(what.to_string());
            // Drawn only after a moment, so quick runs stay silent.
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        };
        Progress { bar }
    }

    pub fn inc(&self) {
        self.bar.inc(1);
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
