//! `tysiac solve`: exact double-dummy values of positions.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use tysiac::Rules;

#[derive(Args)]
pub struct SolveArgs {
    /// Files of positions (`-` or nothing: standard input).
    pub files: Vec<PathBuf>,
    /// Rule set for positions without a `rules:` line.
    #[arg(long)]
    pub rules: Option<Rules>,
}

pub fn run(_args: SolveArgs) -> ExitCode {
    eprintln!("tysiac solve: being written (see issue 2)");
    ExitCode::FAILURE
}
