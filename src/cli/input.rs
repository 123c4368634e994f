//! Reading the texts named on the command line: files, or `-` / nothing for
//! standard input.

use std::io::{IsTerminal, Read};
use std::path::PathBuf;

/// A text to read positions from, and the name used in error messages.
pub struct Source {
    pub name: String,
    pub text: String,
}

/// Reads every file in `files` (`-` is standard input; no files means
/// standard input). A file that cannot be read is reported, not fatal to the
/// others: the error names the file. A UTF-8 byte-order mark at the start of
/// a text (as Windows Notepad writes) is dropped.
pub fn read_sources(files: &[PathBuf]) -> (Vec<Source>, Vec<String>) {
    let mut sources = Vec::new();
    let mut errors = Vec::new();
    let stdin = [PathBuf::from("-")];
    let files = if files.is_empty() { &stdin[..] } else { files };
    for f in files {
        if f.as_os_str() == "-" {
            if std::io::stdin().is_terminal() {
                // Said for every command reading here (positions, or a
                // score sheet), so that a bare `tysiac solve` does not
                // seem to hang.
                eprintln!(
                    "reading standard input (end with Ctrl-D); \
                     give a FILE to read instead, or see --help"
                );
            }
            let mut text = String::new();
            match std::io::stdin().read_to_string(&mut text) {
                Ok(_) => sources.push(Source {
                    name: "<stdin>".into(),
                    text: strip_bom(text),
                }),
                Err(e) => errors.push(format!("<stdin>: cannot read: {e}")),
            }
        } else {
            match std::fs::read_to_string(f) {
                Ok(text) => sources.push(Source {
                    name: f.display().to_string(),
                    text: strip_bom(text),
                }),
                Err(e) => errors.push(format!("{}: cannot read: {e}", f.display())),
            }
        }
    }
    (sources, errors)
}

fn strip_bom(text: String) -> String {
    match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    }
}

/// The error for a text that holds no position at all.
pub fn no_positions(source: &str) -> String {
    format!("no positions in {source}")
}

/// The most worker threads any command starts: far more than any machine
/// this runs on has cores, and few enough that starting them cannot exhaust
/// memory.
pub const MAX_THREADS: usize = 256;

/// `--threads`: a number from 0 to [`MAX_THREADS`].
pub fn threads_arg(text: &str) -> Result<usize, String> {
    let n: usize = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of threads"))?;
    if n > MAX_THREADS {
        return Err(format!(
            "{n} threads is too many: at most {MAX_THREADS} (0: one per core)"
        ));
    }
    Ok(n)
}

/// `n` and the noun, plural when `n` is not 1: "1 puzzle", "2 puzzles".
pub fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("{n} {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// `--players N` beside `--rules`: 2 plays the game of two musiks (the rules
/// get `players=2`), 3 the rules as given. (`game --players` also takes 4.)
#[derive(clap::Args, Clone, Copy, Debug, Default)]
pub struct PlayersArg {
    /// Players: 3, or 2 for the game of two musiks (adds players=2 to the
    /// rules).
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=3))]
    pub players: Option<u8>,
}

impl PlayersArg {
    /// `rules` with the players asked for: read again with `players=2`, so
    /// that a switch two players lack (`musik=discard`) is refused.
    pub fn apply(&self, rules: tysiac::Rules) -> Result<tysiac::Rules, String> {
        match (self.players, rules.players) {
            (Some(2), tysiac::Players::Three) => {
                let text = format!("{rules} players=2");
                text.parse()
                    .map_err(|e: tysiac::RulesError| format!("--players 2: {}", e.0))
            }
            (Some(3), tysiac::Players::Two) => Err(format!(
                "--players 3, but the rules say players=2 ({rules})"
            )),
            _ => Ok(rules),
        }
    }

    /// The same for a command whose `--rules` is the default of positions
    /// without a `rules:` line: `--players 2` alone means standard's.
    pub fn apply_default(
        &self,
        rules: Option<tysiac::Rules>,
    ) -> Result<Option<tysiac::Rules>, String> {
        match (self.players, rules) {
            (None, r) => Ok(r),
            (Some(_), r) => self.apply(r.unwrap_or_default()).map(Some),
        }
    }
}
