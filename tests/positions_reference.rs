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

/// Positions the reference is too slow for in the normal run: a whole hand
/// of 8 tricks at its first lead (5 to 50 s each on this machine) or a deal still holding its
/// musik (every exchange: minutes). `scripts/check-positions.sh` checks
/// them too (TYSIAC_REFERENCE_ALL=1); their values were last checked so on
/// the date in positions/deals.txt.
const SLOW: &[&str] = &[
    "deals.txt deal-std",
    "deals.txt deal-std-888",
    "deals.txt deal-std-never-declares",
    "deals.txt deal-first-trick-marriage",
    "deals.txt deal-pl",
    "deals.txt deal-ru-four-aces",
    "deals.txt deal-no-must-beat",
    "deals.txt deal-no-must-trump",
    "deals.txt deal-no-must-overtrump",
    "deals.txt deal-declare-optional",
    "deals.txt deal-marriage-values",
    "deals.txt deal-trump-chosen",
    "deals.txt musik-discard-declarer",
    "deals.txt musik-discard-chosen",
    "deals.txt musik-ru",
    "examples.txt example-musik",
    "puzzles.txt s113-0",
];

/// Is `p` beyond the normal run's budget (see [`SLOW`])?
fn slow(p: &Position) -> bool {
    match p.setup() {
        Setup::Play(state) => state.tricks_left() >= 8 && state.trick().is_empty(),
        Setup::Musik(_) => true,
    }
}

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

/// Every `expect:` of `file` against the reference (the slow ones only
/// with TYSIAC_REFERENCE_ALL set; the list of slow ones is checked too).
fn check(file: &str) {
    let mut wrong = Vec::new();
    let list = positions(file);
    assert!(!list.is_empty(), "{file} holds no positions");
    for (i, p) in list.iter().enumerate() {
        let name = format!("{file} {}", p.name(i + 1));
        let listed = SLOW.contains(&name.as_str());
        if !chosen(p.name(i + 1).as_str()) {
            continue;
        }
        assert_eq!(
            slow(p),
            listed,
            "{name}: add it to SLOW or take it off (it is {}within the budget)",
            if slow(p) { "not " } else { "" }
        );
        if listed && !check_all() {
            continue;
        }
        let t = Instant::now();
        let expect = p.expect.unwrap_or_else(|| panic!("{name} has no expect:"));
        let value = reference(p);
        println!("{name}: {value} in {:.1?}", t.elapsed());
        if value != expect {
            wrong.push(format!(
                "{name} (rules: {}): expect: {expect}, the reference finds {value}",
                p.rules
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
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
