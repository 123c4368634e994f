//! The solver on two players (`players=2`, issue 22) against the
//! brute-force reference (`tests/common/reference.rs`, written from the
//! rules text): random late positions under random two-player rule sets,
//! every house-rule switch one at a time, whole 10-trick hands, the
//! lay-away exchange, and a set of small endgames worked out by hand.
//!
//! Every random case is from a fixed seed; a failure prints the seed, the
//! rules and the position. Run with `-- --nocapture` to see each part's
//! time.

mod common;

use std::time::Instant;

use common::gen::{
    random_full_deal, random_two_deal, random_two_position, random_two_position_under,
    random_two_rules, rng, Sample,
};
use common::reference::{
    reference_after, reference_exchange_values, reference_exchanges, reference_move_values,
    reference_move_values_memo, reference_value, reference_value_in, Memo,
};
use common::solver_check::check;
use tysiac::{CardSet, Deal, Exchange, Rules, Seat, Setup, Solver, State};

/// `count` random positions with `tricks` tricks left, each under its own
/// random two-player rules and with a fresh solver, against plain minimax.
fn random_positions(tricks: usize, count: u64) {
    let t = Instant::now();
    for i in 0..count {
        let seed = 20_000_000 + tricks as u64 * 100_000 + i;
        let p = random_two_position(seed, tricks);
        assert_eq!(p.state.seats, 2);
        let want = reference_move_values(&p.rules, &p.state);
        check(&mut Solver::new(p.rules), &p, &want);
    }
    println!(
        "{count} two-player positions with {tricks} tricks left: {:.1?}",
        t.elapsed()
    );
}

#[test]
fn random_positions_two_and_three_tricks_left() {
    random_positions(2, 1000);
    random_positions(3, 1000);
}

#[test]
fn random_positions_four_tricks_left() {
    random_positions(4, 1000);
}

#[test]
fn random_positions_five_tricks_left() {
    random_positions(5, 1000);
}

/// Each house-rule switch that changes two players' play, on its own over
/// the two-player defaults, on positions of 3 to 5 tricks left: one solver
/// per rule set (what it keeps must not leak between positions).
#[test]
fn each_house_rule_alone() {
    let t = Instant::now();
    for (k, text) in [
        "players=2",
        "players=2 must_beat=no",
        "players=2 must_trump=no",
        "players=2 must_overtrump=no",
        "players=2 partial_trump=yes",
        "players=2 beat_after_trump=no",
        "players=2 declare=optional",
        "players=2 first_trick_marriage=yes",
        "players=2 ace_marriage=200",
        "players=2 trump_from=next_trick",
        "players=2 first_trick_marriage=yes marriage_needs_trick=yes",
        "players=2 last_trick_bonus=10",
        "players=2 laid_away=declarer",
        "players=2 last_musik=marriage",
        "players=2 trump=chosen",
        "players=2 marriage_values=20,40,60,80",
        "players=2 last_musik=marriage laid_away=declarer last_trick_bonus=10 declare=optional",
    ]
    .into_iter()
    .enumerate()
    {
        let rules: Rules = text.parse().unwrap();
        let mut solver = Solver::new(rules);
        for i in 0..100u64 {
            let seed = 21_000_000 + k as u64 * 1000 + i;
            let p = random_two_position_under(seed, rules, 3 + (i as usize % 3));
            let want = reference_move_values(&rules, &p.state);
            check(&mut solver, &p, &want);
        }
    }
    println!("17 rule sets x 100 positions: {:.1?}", t.elapsed());
}

/// Whole hands (10 tricks) at the first lead: the value and every first
/// move's value against the memo reference, under random two-player rules.
#[test]
fn whole_hands() {
    let t = Instant::now();
    let mut rules_rng = rng(2222);
    for i in 0..20u64 {
        let rules = random_two_rules(&mut rules_rng);
        let p = random_full_deal(22_000_000 + i, rules);
        assert_eq!(p.state.tricks_left(), 10);
        let r = Instant::now();
        let want = reference_move_values_memo(&rules, &p.state);
        let r = r.elapsed();
        check(&mut Solver::new(rules), &p, &want);
        println!("whole hand {i}: reference {r:.1?}");
    }
    println!("20 whole hands: {:.1?}", t.elapsed());
}

/// Positions of 6 and 7 tricks left, against the memo reference: a middle
/// ground, under random rules.
#[test]
fn random_positions_six_and_seven_tricks_left() {
    let t = Instant::now();
    for tricks in [6, 7] {
        for i in 0..150u64 {
            let seed = 23_000_000 + tricks as u64 * 1000 + i;
            let p = random_two_position(seed, tricks);
            let want = reference_move_values_memo(&p.rules, &p.state);
            check(&mut Solver::new(p.rules), &p, &want);
        }
    }
    println!("300 positions of 6 and 7 tricks: {:.1?}", t.elapsed());
}

/// The solver's full exchange list against the reference's: the same
/// exchanges, sorted best first, each with the reference's value; and the
/// best alone (`all=false`), `best_exchange` and `solve` agreeing.
fn check_exchanges(rules: &Rules, deal: &Deal, want: &[(Exchange, u16)], what: &str) {
    let mut solver = Solver::new(*rules);
    let all = solver.exchange_values(deal, true);
    assert_eq!(all.len(), want.len(), "{what}: every exchange");
    assert!(all.windows(2).all(|w| w[0].1 >= w[1].1), "{what}: order");
    for (ex, v) in &all {
        let r = want.iter().find(|(e, _)| e == ex);
        let r = r.unwrap_or_else(|| panic!("{what}: {ex} is not an exchange"));
        assert_eq!(*v, r.1, "{what}: exchange {ex}");
    }
    let best = want.iter().map(|&(_, v)| v).max().unwrap();
    let mut fresh = Solver::new(*rules);
    let (ex, v) = fresh.best_exchange(deal);
    assert_eq!(v, best, "{what}: best exchange");
    assert!(want.contains(&(ex, best)), "{what}: {ex} is not best");
    let setup = Setup::Musik(*deal);
    let solution = Solver::new(*rules).solve(&setup, false);
    assert_eq!(solution.value, best, "{what}: solve");
    assert_eq!(solution.line.len(), 2 * solution.state.tricks_left());
    let (yes, ex) = fresh.setup_reaches(&setup, best);
    let ex = ex.expect("an exchange reaching the best");
    assert!(yes, "{what}: setup_reaches the best");
    let start = deal.after(rules, &ex).unwrap();
    assert!(fresh.reaches(&start, best), "{what}: {ex} reaches the best");
    assert_eq!(fresh.setup_reaches(&setup, best + 1), (false, None));
}

/// Deal-like setups small enough for the reference to play out every
/// lay-away: D holds seven cards and takes the musik's two (nine), L seven,
/// the other musik two. `Deal::after` and the solver treat them as any
/// deal (the hand then has seven tricks, none of them the hand's first:
/// marriages may be declared at once).
#[test]
fn every_lay_away_of_small_deals() {
    let t = Instant::now();
    for (k, text) in [
        "players=2",
        "players=2 laid_away=declarer",
        "players=2 last_musik=marriage",
        "players=2 trump=chosen",
        "players=2 last_musik=marriage declare=optional last_trick_bonus=10",
        "players=2 must_beat=no must_trump=no",
    ]
    .into_iter()
    .enumerate()
    {
        let rules: Rules = text.parse().unwrap();
        for i in 0..3u64 {
            let mut g = rng(24_000_000 + k as u64 * 100 + i);
            // A whole deal, cut down: D keeps seven of its ten, L seven.
            let (deal, _) = random_two_deal(&mut g, &rules);
            let d: CardSet = deal.hands[0].iter().take(7).collect();
            let l: CardSet = deal.hands[1].iter().skip(3).collect();
            let small = Deal::two(d, l, deal.musik, deal.other_musik);
            let ours = small.exchanges(&rules);
            let theirs = reference_exchanges(&rules, &small);
            assert_eq!(ours.len(), theirs.len(), "{text}");
            let want = reference_exchange_values(&rules, &small);
            // Deal::after against the reference's, for every lay-away.
            for ex in &ours {
                assert_eq!(
                    small.after(&rules, ex).unwrap(),
                    reference_after(&rules, &small, ex),
                    "{text}: {small} {ex}"
                );
            }
            check_exchanges(&rules, &small, &want, &format!("{text}: {small}"));
        }
    }
    println!("18 small deals, every lay-away: {:.1?}", t.elapsed());
}

/// Whole deals: every lay-away (132, or 66) is too many for the reference
/// on ten tricks, so the solver's list is checked for order and its best,
/// worst and a few between are played out by the memo reference; with
/// `laid_away=declarer` and a small rule set all of them.
#[test]
fn lay_aways_of_whole_deals() {
    for (k, text) in [
        "players=2",
        "players=2 laid_away=declarer last_musik=marriage",
    ]
    .into_iter()
    .enumerate()
    {
        let t = Instant::now();
        let rules: Rules = text.parse().unwrap();
        let mut g = rng(25_000_000 + k as u64);
        let (deal, _) = random_two_deal(&mut g, &rules);
        let mut solver = Solver::new(rules);
        let all = solver.exchange_values(&deal, true);
        assert_eq!(all.len(), reference_exchanges(&rules, &deal).len());
        assert!(all.windows(2).all(|w| w[0].1 >= w[1].1));
        let (best, v) = Solver::new(rules).best_exchange(&deal);
        assert_eq!(v, all[0].1, "{text}: best_exchange against all");
        assert!(all.contains(&(best, v)));
        let s = t.elapsed();
        let mut memo = Memo::new();
        for i in (0..all.len()).step_by(30).chain([all.len() - 1]) {
            let (ex, v) = all[i];
            let start = reference_after(&rules, &deal, &ex);
            assert_eq!(start, deal.after(&rules, &ex).unwrap(), "{text}: {ex}");
            let want = reference_value_in(&rules, &start, &mut memo);
            assert_eq!(v, want, "{text}: {deal} exchange {ex}");
        }
        println!(
            "{text}: solver {s:.1?}, reference spot checks {:.1?}",
            t.elapsed() - s
        );
    }
}

// ---------------------------------------------------------------------------
// Endgames worked out by hand. Cards: `H.D.C.S` (hearts, diamonds, clubs,
// spades), ranks 9 J Q K T A worth 0 2 3 4 10 11; marriages H 100, D 80,
// C 60, S 40. No trump unless said.

fn set(text: &str) -> CardSet {
    text.parse().unwrap()
}

/// Asserts `value` for the position, from the solver and the reference,
/// and every move's value from both alike.
fn hand_worked(text: &str, s: &State, value: u16) {
    let rules: Rules = text.parse().unwrap();
    assert_eq!(reference_value(&rules, s), value, "reference: {text} {s:?}");
    let mut solver = Solver::new(rules);
    assert_eq!(solver.value(s), value, "solver: {text} {s:?}");
    let p = Sample {
        seed: 0,
        rules,
        deal: None,
        start: *s,
        play: Vec::new(),
        state: *s,
    };
    check(&mut solver, &p, &reference_move_values(&rules, s));
}

#[test]
fn hand_worked_endgames() {
    // 1. The last trick: D's AH over L's 9S takes 11, and the musik lying
    //    out (9C TS) its 10: 21.
    let s = State::two(
        [set("A..."), set("...9")],
        Seat::D,
        None,
        [0, 0],
        set("..9.T"),
    );
    hand_worked("players=2", &s, 21);

    // 2. Who wants the last trick. D: 9H AS; L: JH TS; the musik lying
    //    out TC (10). D cashing AS first takes 21 (AS TS), then L's JH beats
    //    9H and the last trick and the musik go to L: 21. D leading 9H
    //    first gives L 2 (JH 9H); L must lead TS into D's AS: 21 + 10 = 31.
    //    So 31, and the low lead is D's best move.
    let two = |musik: &str| {
        State::two(
            [set("9...A"), set("J...T")],
            Seat::D,
            None,
            [0, 0],
            set(musik),
        )
    };
    hand_worked("players=2", &two("..T."), 31);
    let mut solver = Solver::new("players=2".parse().unwrap());
    assert_eq!(
        solver.best_move(&two("..T.")),
        Some(("9H".parse().unwrap(), 31))
    );
    // With nothing of value in the musik (9C 9D) both leads make 21.
    let s = two(".9.9.");
    hand_worked("players=2", &s, 21);
    assert!(solver.move_values(&s).iter().all(|&(_, v)| v == 21));

    // 3. L gives up a trick to take the last. L leads; L: AD 9C; D: TD JC;
    //    the musik TH (10); D already has 50, L 40. L cashing AD (21 to L)
    //    leaves 9C to D's JC: D takes 2 + 10 = 62. L leading 9C loses 2 to
    //    JC, but D must then lead TD into AD, and L takes 21 and the musik:
    //    D ends on 52. L picks that: 52.
    let s = State::two(
        [set(".T.J."), set(".A.9.")],
        Seat::L,
        None,
        [50, 40],
        set("T..."),
    );
    hand_worked("players=2", &s, 52);

    // 4. A marriage with two left. D: KH QH; L: AH 9S; musik 9D JD (2).
    //    Leading either declares hearts (100) and makes hearts trump; L's AH
    //    takes the lead and the card led; L's 9S is then trumped by D's
    //    last heart, with the musik. Led QH: L takes 14, D 4 + 2; led KH: L
    //    takes 15, D 3 + 2. So 100 + 4 + 2 = 106, leading the queen. The
    //    same with the trump from the next trick (hearts is trump by the
    //    second trick either way) and with declaring optional (KH- or QH-
    //    undeclared leaves no trump: D makes at most 4 + 2).
    let s = State::two(
        [set("KQ..."), set("A...9")],
        Seat::D,
        None,
        [0, 0],
        set(".9J.."),
    );
    for text in [
        "players=2",
        "players=2 trump_from=next_trick",
        "players=2 declare=optional",
    ] {
        hand_worked(text, &s, 106);
        let mut solver = Solver::new(text.parse().unwrap());
        assert_eq!(solver.best_move(&s), Some(("QH".parse().unwrap(), 106)));
    }

    // 5. A marriage lying in the last musik (KD QD): with last_musik=cards
    //    it is 7 card points, with last_musik=marriage 7 + 80. Position 2's
    //    cards: D leads low to take the last trick, 21 + 7 = 28, or
    //    21 + 87 = 108.
    hand_worked("players=2", &two(".KQ.."), 28);
    hand_worked("players=2 last_musik=marriage", &two(".KQ.."), 108);
    // And a last_trick_bonus adds to it: 118.
    hand_worked(
        "players=2 last_musik=marriage last_trick_bonus=10",
        &two(".KQ.."),
        118,
    );

    // 6. L to answer D's TH with three tricks left. D: (TH led) 9C AC; L:
    //    AH JH KC; musik QD 9S (3). L must beat: AH takes 21. Then L leads
    //    JH, D throws 9C (L takes 2), and L's KC must be led into D's AC:
    //    15 + 3 = 18 for D. (L leading KC instead: D's AC takes 15, and the
    //    last trick 9C JH with the musik, 2 + 3: 20.) With must_beat=no L
    //    may also duck with JH (D takes 12), but then D cashes AC (KC
    //    falls, 15) and 9C takes L's AH as a discard with the musik (14):
    //    41, worse for L. 18 both ways.
    let mut s = State::two(
        [set("T..9A."), set("AJ..K.")],
        Seat::D,
        None,
        [0, 0],
        set(".Q..9"),
    );
    s.play(&"players=2".parse().unwrap(), "TH".parse().unwrap());
    hand_worked("players=2", &s, 18);
    hand_worked("players=2 must_beat=no", &s, 18);
}

/// Two players' ten cards may all declare (four aces under `ace_marriage`,
/// three marriages) on a first trick that allows it, and `declare=optional`
/// doubles each: 20 moves, more than the 16 three players can need.
#[test]
fn more_than_sixteen_moves() {
    let rules: Rules = "players=2 declare=optional ace_marriage=200 first_trick_marriage=yes"
        .parse()
        .unwrap();
    let s = State::two(
        [set("AKQ.AKQ.AKQ.A"), set("9JT.9JT.9JT.9")],
        Seat::D,
        None,
        [0, 0],
        set("...JQ"),
    );
    assert_eq!(
        common::reference::reference_legal_moves(&rules, &s).len(),
        20
    );
    assert_eq!(s.legal_moves(&rules).len(), 20);
}

/// `tysiac::solver::upper_bound`, the most D could still score, is never
/// below what D does score from there (the reference's value less D's
/// points), and is met where D takes everything: the two-player endgame of
/// `positions/two-players.txt` (two-end), 18 card points and the last
/// musik's 13.
#[test]
fn the_upper_bound_holds_for_two_seats() {
    let s = State::two(
        [set("AK..."), set("Q9...")],
        Seat::L,
        None,
        [50, 40],
        set("..9.TQ"),
    );
    let rules: Rules = "players=2".parse().unwrap();
    assert_eq!(tysiac::solver::upper_bound(&s, &rules), 31);
    assert_eq!(reference_value(&rules, &s), 81);
    for i in 0..300 {
        let p = random_two_position(31_000_000 + i, 2 + (i as usize % 3));
        let still = reference_value(&p.rules, &p.state) - p.state.points[0];
        let bound = tysiac::solver::upper_bound(&p.state, &p.rules);
        assert!(
            i32::from(still) <= i32::from(bound),
            "{:?}: {still} > {bound}",
            p.state
        );
    }
}
