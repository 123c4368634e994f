//! The `tysiac` command: a thin shell over the library.

mod cli;

fn main() -> std::process::ExitCode {
    // A bug or a failed resource (a thread that cannot start) ends the run
    // with one line on stderr, never a panic message and backtrace.
    std::panic::set_hook(Box::new(|info| {
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown failure".into());
        eprintln!("error: internal failure: {what}");
    }));
    cli::run()
}
