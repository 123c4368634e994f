//! Property tests: the solver against the independent reference, and the
//! crate's move generation against the reference's, on positions generated
//! under random rule mixes (every switch that changes the play drawn by
//! proptest).
//!
//! Deterministic: the proptest seed is fixed in the config (RngSeed::Fixed,
//! ChaCha), whatever PROPTEST_RNG_SEED says, and no regression file is
//! written, so a failure reproduces on every machine and in CI exactly as it
//! was seen. A failure prints the shrunk input (the switches and the
//! position seed); to keep a case, add it to a `#[test]` with
//! `random_position_under(seed, rules, tricks)`.

mod common;

use common::gen::random_position_under;
use common::reference::{reference_legal_moves, reference_move_values};
use proptest::prelude::*;
use proptest::test_runner::{RngAlgorithm, RngSeed};
use tysiac::{Declare, DiscardPoints, Move, Musik, Rules, Seat, Solver, TrumpRule};

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        rng_algorithm: RngAlgorithm::ChaCha,
        rng_seed: RngSeed::Fixed(0x7915_1000),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// A rule set from proptest's draws: every switch that changes the play.
fn rules_strategy() -> impl Strategy<Value = Rules> {
    (
        any::<[bool; 8]>(),
        prop::sample::select(vec![
            [100, 80, 60, 40],
            [80, 60, 40, 20],
            [20, 40, 60, 80],
            [0, 0, 150, 10],
        ]),
        prop::sample::select(vec![0u16, 200, 50]),
    )
        .prop_map(|(b, marriage_values, ace_marriage)| Rules {
            must_beat: b[0],
            must_trump: b[1],
            must_overtrump: b[2],
            first_trick_marriage: b[3],
            declare: if b[4] {
                Declare::Optional
            } else {
                Declare::Auto
            },
            musik: if b[5] { Musik::Discard } else { Musik::Pass },
            discard_points: if b[6] {
                DiscardPoints::Declarer
            } else {
                DiscardPoints::None
            },
            trump: if b[7] {
                TrumpRule::Chosen
            } else {
                TrumpRule::Marriage
            },
            marriage_values,
            ace_marriage,
            ..Rules::STANDARD
        })
}

fn show(values: &[(Move, u16)]) -> Vec<String> {
    let mut v: Vec<String> = values.iter().map(|(m, x)| format!("{m}={x}")).collect();
    v.sort();
    v
}

proptest! {
    #![proptest_config(config(1000))]

    #[test]
    fn solver_agrees_with_the_reference(
        rules in rules_strategy(),
        seed in any::<u64>(),
        tricks in 1usize..=4,
    ) {
        let p = random_position_under(seed, rules, tricks);
        let want = reference_move_values(&rules, &p.state);
        let mut solver = Solver::new(rules);
        prop_assert_eq!(show(&solver.move_values(&p.state)), show(&want), "{:?}", p);
        let values = want.iter().map(|&(_, v)| v);
        let best = if p.state.to_move() == Seat::D { values.max() } else { values.min() };
        prop_assert_eq!(Some(solver.value(&p.state)), best, "{:?}", p);
    }

    #[test]
    fn legal_moves_agree_with_the_reference(
        rules in rules_strategy(),
        seed in any::<u64>(),
        tricks in 1usize..=7,
    ) {
        let p = random_position_under(seed, rules, tricks);
        let mut want: Vec<String> = p.state.legal_moves(&rules).iter().map(|m| m.to_string()).collect();
        let mut got: Vec<String> = reference_legal_moves(&rules, &p.state).iter().map(|m| m.to_string()).collect();
        want.sort();
        got.sort();
        prop_assert_eq!(got, want, "{:?}", p);
    }
}
