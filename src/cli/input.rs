//! Reading the texts named on the command line: files, or `-` / nothing for
//! standard input.

use std::io::Read;
use std::path::PathBuf;

/// A text to read positions from, and the name used in error messages.
pub struct Source {
    pub name: String,
    pub text: String,
}

/// Reads every file in `files` (`-` is standard input; no files means
/// standard input). A file that cannot be read is reported, not fatal to the
/// others: the error names the file.
pub fn read_sources(files: &[PathBuf]) -> (Vec<Source>, Vec<String>) {
    let mut sources = Vec::new();
    let mut errors = Vec::new();
    let stdin = [PathBuf::from("-")];
    let files = if files.is_empty() { &stdin[..] } else { files };
    for f in files {
        if f.as_os_str() == "-" {
            let mut text = String::new();
            match std::io::stdin().read_to_string(&mut text) {
                Ok(_) => sources.push(Source {
                    name: "<stdin>".into(),
                    text,
                }),
                Err(e) => errors.push(format!("<stdin>: cannot read: {e}")),
            }
        } else {
            match std::fs::read_to_string(f) {
                Ok(text) => sources.push(Source {
                    name: f.display().to_string(),
                    text,
                }),
                Err(e) => errors.push(format!("{}: cannot read: {e}", f.display())),
            }
        }
    }
    (sources, errors)
}
