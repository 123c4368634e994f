//! Every output shown in README.md and docs/*.md is what the program prints
//! today (issue 11, item 4).
//!
//! An example is a fenced code block right after the line
//! `<!-- example -->`, whose first line is the command, `$ tysiac ...`
//! (run from the repository's root; double quotes group words), and whose
//! other lines are exactly the command's standard output. To add one, write
//! the marker, the fence and the `$` line; then
//!
//!     TYSIAC_UPDATE_EXAMPLES=1 cargo test --test examples
//!
//! (or `scripts/update-examples.sh`) fills in or refreshes every block;
//! plain `cargo test` fails, naming the file and line, when a block no
//! longer matches.

use std::path::Path;

const MARKER: &str = "<!-- example -->";

/// The documents holding examples: README.md and every docs/*.md.
fn documents() -> Vec<String> {
    let mut docs = vec!["README.md".to_string()];
    let mut more: Vec<String> = std::fs::read_dir("docs")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .map(|p| p.display().to_string())
        .collect();
    more.sort();
    docs.extend(more);
    docs
}

/// Splits a command line into words: spaces separate, double or single
/// quotes group.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quote: Option<char> = None;
    let mut started = false;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                started = true;
            }
            (None, c) if c.is_whitespace() => {
                if started || !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            (None, c) => word.push(c),
        }
    }
    if started || !word.is_empty() {
        out.push(word);
    }
    out
}

/// Runs `$ tysiac ...` and returns its standard output.
fn run(command: &str) -> String {
    let argv = words(command);
    assert_eq!(argv[0], "tysiac", "an example runs tysiac: {command}");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tysiac"))
        .args(&argv[1..])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap()
}

/// One example: where it is and what it says and prints.
struct Example {
    /// 1-based line of its `$` line.
    line: usize,
    command: String,
    /// Byte range of the output lines (after the `$` line, up to the fence).
    output: std::ops::Range<usize>,
}

fn examples(text: &str) -> Vec<Example> {
    let mut found = Vec::new();
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let mut i = 0;
    let starts: Vec<usize> = lines
        .iter()
        .scan(0, |at, l| {
            let s = *at;
            *at += l.len();
            Some(s)
        })
        .collect();
    while i < lines.len() {
        if lines[i].trim_end() == MARKER {
            let fence = i + 1;
            assert!(
                lines.get(fence).is_some_and(|l| l.starts_with("```")),
                "line {}: {MARKER} must be followed by a fenced block",
                i + 1
            );
            let dollar = fence + 1;
            let command = lines[dollar]
                .trim_end()
                .strip_prefix("$ ")
                .unwrap_or_else(|| {
                    panic!("line {}: the block starts with `$ tysiac ...`", dollar + 1)
                })
                .to_string();
            let mut end = dollar + 1;
            while !lines[end].starts_with("```") {
                end += 1;
            }
            found.push(Example {
                line: dollar + 1,
                command,
                output: starts[dollar + 1]..starts[end],
            });
            i = end;
        }
        i += 1;
    }
    found
}

#[test]
fn shown_outputs_match_the_program() {
    let update = std::env::var_os("TYSIAC_UPDATE_EXAMPLES").is_some();
    let mut stale = Vec::new();
    let mut count = 0;
    for doc in documents() {
        let text = std::fs::read_to_string(&doc).unwrap();
        let mut new = text.clone();
        // From the last, so that earlier ranges stay valid while replacing.
        for ex in examples(&text).iter().rev() {
            count += 1;
            let printed = run(&ex.command);
            if text[ex.output.clone()] != printed {
                stale.push(format!("{doc}:{}: $ {}", ex.line, ex.command));
                new.replace_range(ex.output.clone(), &printed);
            }
        }
        if update && new != text {
            std::fs::write(Path::new(&doc), new).unwrap();
        }
    }
    assert!(count >= 5, "README.md and docs/ show examples");
    assert!(
        update || stale.is_empty(),
        "examples no longer match the program (refresh with \
         TYSIAC_UPDATE_EXAMPLES=1 cargo test --test examples):\n{}",
        stale.join("\n")
    );
}

#[test]
fn words_split_like_a_shell() {
    assert_eq!(
        words(r#"tysiac bid "AH KH" --rules 'standard must_beat=no' -"#),
        [
            "tysiac",
            "bid",
            "AH KH",
            "--rules",
            "standard must_beat=no",
            "-"
        ]
    );
    assert_eq!(words(r#"a "" b"#), ["a", "", "b"]);
}
