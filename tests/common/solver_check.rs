//! The solver against the reference's value of every legal move, for the
//! solver tests of three seats and of two.

use tysiac::{Move, Seat, Solver};

use super::gen::Sample;

/// Move values as sorted `card=value` text: order-free and readable in a diff.
fn show(values: &[(Move, u16)]) -> Vec<String> {
    let mut v: Vec<String> = values.iter().map(|(m, x)| format!("{m}={x}")).collect();
    v.sort();
    v
}

/// Checks everything the solver says about `p.state` against `want`, the
/// reference's value of every legal move:
/// - `reaches` just at and just above the value (asked first, so that what
///   the bound searches leave behind is then used by the rest),
/// - `value`, `move_values`, `value_after` of every move and `best_move`,
/// - `line`: every move legal, the position's value the same all along the
///   line (it is optimal), and the end total equal to the value.
pub fn check(solver: &mut Solver, p: &Sample, want: &[(Move, u16)]) {
    let (rules, state) = (&p.rules, &p.state);
    let values = want.iter().map(|&(_, v)| v);
    let value = if state.to_move() == Seat::D {
        values.max()
    } else {
        values.min()
    }
    .expect("a position with moves");

    assert!(
        !solver.reaches(state, value + 1),
        "reaches({}) is true, the value is {value}\n{p:?}",
        value + 1
    );
    assert!(
        solver.reaches(state, value),
        "reaches({value}) is false, the value is {value}\n{p:?}"
    );
    assert_eq!(solver.value(state), value, "value\n{p:?}");
    assert_eq!(
        show(&solver.move_values(state)),
        show(want),
        "move values\n{p:?}"
    );
    for &(m, v) in want {
        assert_eq!(solver.value_after(state, m), v, "value after {m}\n{p:?}");
    }
    let (best, v) = solver.best_move(state).expect("a move");
    assert_eq!(v, value, "best move's value\n{p:?}");
    assert!(
        want.contains(&(best, value)),
        "best move {best} is not optimal\n{p:?}"
    );

    let line = solver.line(state);
    let mut s = *state;
    for (i, &mv) in line.iter().enumerate() {
        if let Some(why) = s.why_illegal(rules, mv) {
            panic!("line move {i} ({mv}) is illegal: {why}\nline {line:?}\n{p:?}");
        }
        s.play(rules, mv);
        if !s.is_over() {
            assert_eq!(
                solver.value(&s),
                value,
                "the value changes along the line {line:?} after move {i} ({mv}) in {s:?}\n{p:?}"
            );
        }
    }
    assert!(s.is_over(), "the line {line:?} stops before the end\n{p:?}");
    assert_eq!(
        s.points[Seat::D.index()],
        value,
        "the line {line:?} ends with D on {}\n{p:?}",
        s.points[Seat::D.index()]
    );
}
