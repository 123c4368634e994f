//! Provenance of the `expect:` values in `positions/`: each is checked here
//! against the independent reference (`tests/common/reference.rs`, which
//! shares no rules code with the crate), not against tysiac's solver.
//! (`tests/positions.rs` checks the same values against the solver.)
//!
//! Positions reach the reference through the crate's notation reader (a
//! history is replayed by `Position::setup`); `positions_replay_by_the_reference`
//! replays each history again with the reference's own play, so the start
//! of the search is the reference's too.
//!
//! A deal still holding its musik is valued over every exchange
//! (`reference_exchange_values`), one memo for all of them.

mod common;

use std::fs;
use std::path::Path;
use std::time::Instant;

use common::reference::{
    reference_after, reference_exchange_values, reference_legal_moves, reference_play,
    reference_value_memo,
};
use rayon::prelude::*;
use tysiac::{parse_positions, Form, Position, Setup};

fn positions(file: &str) -> Vec<Position> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("positions")
        .join(file);
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
    parse_positions(&text, file)
        .into_iter()
        .map(|r| r.unwrap_or_else(|e| panic!("{file}: {e}")))
        .collect()
}

/// The reference's value of a position: the hand in play, or a deal still
/// holding its musik at its best exchange.
fn reference(p: &Position) -> u16 {
    match p.setup() {
        Setup::Play(state) => reference_value_memo(&p.rules, &state),
        Setup::Musik(deal) => reference_exchange_values(&p.rules, &deal)
            .into_iter()
            .map(|(_, v)| v)
            .max()
            .expect("a deal has exchanges"),
    }
}

/// Positions the reference is too slow for in the normal run (many
/// minutes each): `scripts/check-positions.sh` checks them too
/// (TYSIAC_REFERENCE_ALL=1), and docs/testing.md says when they last
/// agreed. Every other `expect:` is checked in every run: the whole 8-trick
/// hands take the reference 0.4 to 6 s each here, the musik deals (every
/// exchange) 3 to 40 s.
const SLOW: &[&str] = &["deals.txt musik-ru"];

fn check_all() -> bool {
    std::env::var_os("TYSIAC_REFERENCE_ALL").is_some()
}

/// With TYSIAC_REFERENCE_ONLY set (ids, comma-separated), only those
/// positions are checked: for running the slow ones one at a time.
fn chosen(id: &str) -> bool {
    match std::env::var("TYSIAC_REFERENCE_ONLY") {
        Ok(ids) => ids.split(',').any(|x| x.trim() == id),
        Err(_) => true,
    }
}

/// Every `expect:` of `file` against the reference (the [`SLOW`] ones only
/// with TYSIAC_REFERENCE_ALL set), the positions in parallel.
fn check(file: &str) {
    let list = positions(file);
    assert!(!list.is_empty(), "{file} holds no positions");
    let names: Vec<String> = list
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{file} {}", p.name(i + 1)))
        .collect();
    let wrong: Vec<String> = list
        .par_iter()
        .zip(&names)
        .filter(|(_, name)| {
            chosen(&name[file.len() + 1..]) && (check_all() || !SLOW.contains(&name.as_str()))
        })
        .filter_map(|(p, name)| {
            let t = Instant::now();
            let expect = p.expect.unwrap_or_else(|| panic!("{name} has no expect:"));
            let value = reference(p);
            println!("{name}: {value} in {:.1?}", t.elapsed());
            (value != expect).then(|| {
                format!(
                    "{name} (rules: {}): expect: {expect}, the reference finds {value}",
                    p.rules
                )
            })
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_slow_position_exists() {
    let all: Vec<String> = ["deals.txt", "examples.txt", "puzzles.txt"]
        .iter()
        .flat_map(|file| {
            positions(file)
                .iter()
                .enumerate()
                .map(|(i, p)| format!("{file} {}", p.name(i + 1)))
                .collect::<Vec<_>>()
        })
        .collect();
    for name in SLOW {
        assert!(
            all.iter().any(|n| n == name),
            "SLOW names {name}, which is in no file"
        );
    }
}

#[test]
fn endgames_match_the_reference() {
    check("endgames.txt");
}

#[test]
fn examples_match_the_reference() {
    check("examples.txt");
}

#[test]
fn puzzles_match_the_reference() {
    check("puzzles.txt");
}

#[test]
fn two_players_match_the_reference() {
    check("two-players.txt");
}

#[test]
fn variants_match_the_reference() {
    check("variants.txt");
}

#[test]
fn deals_match_the_reference() {
    check("deals.txt");
}

#[test]
fn positions_replay_by_the_reference() {
    // Each history's start (after the exchange) and every move of its play,
    // done by the reference's rules: legal there, and ending in the state
    // the notation reader gives.
    for file in ["deals.txt", "examples.txt", "variants.txt", "endgames.txt"] {
        for (i, p) in positions(file).iter().enumerate() {
            let Form::History(h) = &p.form else { continue };
            let (Some(start), Setup::Play(end)) = (h.start, p.setup()) else {
                continue;
            };
            let mut s = match (h.deal, h.exchange) {
                (Some(deal), Some(ex)) => {
                    let s = reference_after(&p.rules, &deal, &ex);
                    assert_eq!(s, start, "{file} {}: start", p.name(i + 1));
                    s
                }
                _ => start,
            };
            for &mv in &h.moves {
                assert!(
                    reference_legal_moves(&p.rules, &s).contains(&mv),
                    "{file} {}: {mv} is not legal for the reference",
                    p.name(i + 1)
                );
                s = reference_play(&p.rules, &s, mv);
            }
            assert_eq!(s, end, "{file} {}: after the play", p.name(i + 1));
        }
    }
}
