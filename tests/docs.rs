//! The documentation agrees with the program: docs/rules.md lists exactly
//! the switches and presets `Rules` reads, with the right defaults.

use tysiac::engine::rules::{PRESETS, SWITCHES};
use tysiac::Rules;

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The rows of the first table after the heading `heading`: each row's
/// cells, trimmed.
fn table(text: &str, heading: &str) -> Vec<Vec<String>> {
    let after = text
        .split_once(&format!("\n{heading}\n"))
        .unwrap_or_else(|| panic!("no heading {heading}"))
        .1;
    after
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2) // the header and the |---| line
        .map(|l| {
            l.trim_matches('|')
                .split(" | ")
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect()
}

/// The words written in backticks in `cell`.
fn code_words(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

#[test]
fn rules_doc_lists_every_switch_and_no_other() {
    let doc = read("docs/rules.md");
    let rows = table(&doc, "## Switches");
    let listed: Vec<String> = rows.iter().map(|r| code_words(&r[0])[0].clone()).collect();
    // The same names, in the order the program writes them.
    assert_eq!(
        listed, SWITCHES,
        "docs/rules.md's switch table against tysiac::engine::rules::SWITCHES"
    );
    for row in &rows {
        let name = &code_words(&row[0])[0];
        let values = code_words(&row[1]);
        assert!(!values.is_empty(), "{name}: no values listed");
        // The first value is the default.
        assert_eq!(
            Rules::STANDARD.get(name).as_deref(),
            Some(values[0].as_str()),
            "{name}: the documented default"
        );
        for v in &values {
            // discard_points only applies with musik=discard; a few
            // switches apply only beside another (docs/rules.md, *Writing
            // a rule set*).
            let needs = match name.as_str() {
                "barrel_win" | "barrel_failed" => "barrel_rule=ru ",
                "marriage_needs_trick" => "first_trick_marriage=yes ",
                "first_bomb_defenders" => "bomb=first_free ",
                _ => "",
            };
            let text = format!("standard musik=discard {needs}{name}={v}");
            let text = match name.as_str() {
                "musik" => format!("standard musik={v}"),
                "players" => format!("standard players={v}"),
                // Two players have no musik switch: D lays two cards away.
                "laid_away" | "last_musik" => format!("standard players=2 {name}={v}"),
                _ => text,
            };
            let r: Rules = text
                .parse()
                .unwrap_or_else(|e| panic!("{text}: documented but refused: {e}"));
            assert_eq!(r.get(name).as_deref(), Some(v.as_str()), "{text}");
        }
    }
}

#[test]
fn rules_doc_presets_are_the_programs() {
    let doc = read("docs/rules.md");
    let rows = table(&doc, "## Presets");
    let names: Vec<String> = rows.iter().map(|r| code_words(&r[0])[0].clone()).collect();
    assert_eq!(names, PRESETS);
    for row in &rows {
        let name = &code_words(&row[0])[0];
        let preset: Rules = name.parse().unwrap();
        let definition = code_words(&row[1]);
        let meant: Rules = match definition.first() {
            Some(text) => text.parse().unwrap(),
            None => Rules::STANDARD, // "every switch at its default"
        };
        assert_eq!(preset, meant, "{name}: {definition:?}");
        assert_eq!(preset.to_string(), *name);
    }
}

/// The README names every switch too, in its summary of the rules.
#[test]
fn readme_names_every_switch_and_links_the_docs() {
    let readme = read("README.md");
    let rules = readme
        .split_once("## The rules")
        .and_then(|(_, r)| r.split_once("\n## "))
        .unwrap()
        .0;
    for s in SWITCHES {
        assert!(rules.contains(&format!("`{s}`")), "README's rules omit {s}");
    }
    for doc in project_texts() {
        let text = read(&doc);
        assert!(
            !text.contains(concat!("..", "/shared/")),
            "{doc} links outside the project"
        );
        // The spec files' old names, spelled so this file does not match.
        for old in [concat!("RULES", ".md"), concat!("NOTATION", ".md")] {
            assert!(
                !text.contains(old),
                "{doc} names {old}, a file a clone does not have (docs/rules.md, docs/notation.md)"
            );
        }
    }
}

/// Every text a reader of the project meets: the README, docs/, the
/// positions/ files and the tests' sources.
fn project_texts() -> Vec<String> {
    let mut out = vec!["README.md".to_string()];
    let mut dirs = vec![
        "docs".to_string(),
        "positions".to_string(),
        "tests".to_string(),
    ];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{dir}: {e}")) {
            let path = entry.unwrap().path();
            let name = path.to_string_lossy().into_owned();
            if path.is_dir() {
                dirs.push(name);
            } else if [".md", ".txt", ".rs"].iter().any(|x| name.ends_with(x)) {
                out.push(name);
            }
        }
    }
    assert!(out.len() > 30, "{out:?}");
    out
}

/// A code block marked `<!-- file: PATH -->` shows the file PATH exactly,
/// so the README's library example is the example `cargo test` compiles.
#[test]
fn file_blocks_match_their_files() {
    let mut found = 0;
    for doc in [
        "README.md",
        "docs/analyze.md",
        "docs/puzzles.md",
        "docs/score.md",
    ] {
        let text = read(doc);
        for (_, rest) in text
            .match_indices("<!-- file: ")
            .map(|(i, _)| text.split_at(i))
        {
            let (marker, after) = rest.split_once(" -->\n").unwrap();
            let path = marker.trim_start_matches("<!-- file: ");
            let body = after.split_once('\n').unwrap().1; // the ``` line
            let body = body.split_once("```\n").unwrap().0;
            assert_eq!(body, read(path), "{doc}: the block of {path}");
            found += 1;
        }
    }
    assert!(found >= 1, "README.md shows examples/solve_position.rs");
}

/// CI runs the test command the README gives, exactly; that command runs
/// every test binary (no stop at the first failing one), and the quick
/// start's first run builds in the profile the tests use, so the tests do
/// not build the dependencies a second time.
#[test]
fn ci_runs_the_readmes_test_command() {
    let readme = read("README.md");
    let quick = |comment: &str| -> String {
        readme
            .lines()
            .find(|l| l.contains(comment))
            .unwrap_or_else(|| panic!("README's quick start has no line with {comment:?}"))
            .split('#')
            .next()
            .unwrap()
            .trim()
            .to_string()
    };
    let command = quick("# run the tests");
    assert_eq!(command, "bash scripts/test.sh");
    let ci = read(".ci/run");
    assert!(
        ci.lines().any(|l| l.trim() == command),
        ".ci/run does not run `{command}`"
    );
    let script = read("scripts/test.sh");
    assert!(
        script
            .lines()
            .any(|l| l.trim_start().starts_with("cargo test --no-fail-fast")),
        "scripts/test.sh runs cargo test --no-fail-fast"
    );
    // `cargo run` without --release: the dev profile, which the test
    // profile inherits.
    let run = quick("# solve the example positions");
    assert!(run.starts_with("cargo run -- "), "{run}");
    // The dev profile is optimised, and does not switch off the debug
    // assertions or overflow checks (on by default in dev).
    let cargo = read("Cargo.toml");
    let dev = cargo
        .split("[profile.dev]")
        .nth(1)
        .expect("Cargo.toml has [profile.dev]")
        .split("\n[")
        .next()
        .unwrap();
    assert!(dev.contains("opt-level = 3"), "{dev}");
    assert!(!dev.contains("debug-assertions = false"), "{dev}");
    assert!(!dev.contains("overflow-checks = false"), "{dev}");
    assert!(
        !cargo.contains("[profile.test]"),
        "the test profile inherits dev"
    );
}

/// The tests are built with debug assertions and overflow checks on (the
/// dev profile's defaults, which the test profile inherits), as the README
/// says: a debug assertion that fails and an addition that overflows both
/// panic here.
#[test]
fn tests_run_with_debug_assertions_and_overflow_checks() {
    let assertion = std::panic::catch_unwind(|| debug_assert!(std::hint::black_box(false)));
    assert!(assertion.is_err(), "debug assertions are off");
    let overflow = std::panic::catch_unwind(|| std::hint::black_box(255u8) + 1);
    assert!(overflow.is_err(), "overflow checks are off");
}
