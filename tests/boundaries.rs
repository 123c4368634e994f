//! Checks at the exact edges of two filters:
//! - `score`'s points check under every musik mode (docs/rules.md: the tricks hold
//!   the 120 card points; under `musik=discard discard_points=none` the three
//!   discards are nobody's, 0 to 33 points (three aces), so 87 to 120);
//! - the puzzle generator's `min_cost` filter for a defender, on a pinned
//!   position whose values are worked out by hand below.

use tysiac::analysis::puzzle::{examine, Goal, Options, Reject, Side};
use tysiac::engine::score::{check_points, Game, Hand, Outcome};
use tysiac::{CardSet, Move, Rules, Seat, Solver, State};

fn rules(text: &str) -> Rules {
    text.parse().unwrap()
}

/// Does the points check accept a hand whose card points (no marriages) add
/// up to `total`? Asked both directly and through a game's hand, as `tysiac
/// score` does.
fn accepts(rules: &Rules, total: u16) -> bool {
    // Spread over the three players; no marriage value is involved.
    let points = [total / 2, total / 4, total - total / 2 - total / 4];
    let direct = check_points(rules, points).is_ok();
    let mut game = Game::new(*rules, ["A".into(), "B".into(), "C".into()]);
    let hand = Hand::new(
        0,
        100,
        Outcome::Played {
            contract: 100,
            points: points.to_vec(),
        },
    );
    let through_game = game.play(&hand).is_ok();
    assert_eq!(direct, through_game, "{rules}: total {total}");
    direct
}

#[test]
fn points_check_edges_under_musik_discard_discard_points_none() {
    // The discards hold 0 (three 9s) to 33 (three aces) points: the tricks
    // hold 120 − that, 87 to 120.
    let r = rules("standard musik=discard");
    assert!(!accepts(&r, 86), "86 < 120 − 33");
    assert!(accepts(&r, 87), "87 = 120 − three aces");
    assert!(accepts(&r, 120), "three 9s discarded");
    assert!(!accepts(&r, 121), "121 > 120");
    // With marriage points on top: 87 + 40 (the spade marriage) and one less.
    assert!(check_points(&r, [127, 0, 0]).is_ok());
    assert!(check_points(&r, [126, 0, 0]).is_err());
    assert!(check_points(&r, [160, 0, 0]).is_ok(), "120 + 40");
}

#[test]
fn points_check_edges_under_musik_discard_discard_points_declarer() {
    // The discards count for the declarer: all 120 card points are someone's.
    let r = rules("standard musik=discard discard_points=declarer");
    assert!(!accepts(&r, 87));
    assert!(!accepts(&r, 119));
    assert!(accepts(&r, 120));
    assert!(!accepts(&r, 121));
}

#[test]
fn points_check_edges_under_musik_pass() {
    for text in ["standard", "pl", "ru"] {
        let r = rules(text);
        assert!(!accepts(&r, 87), "{text}");
        assert!(!accepts(&r, 119), "{text}");
        assert!(accepts(&r, 120), "{text}");
        assert!(!accepts(&r, 121), "{text}");
    }
    // ru's ace marriage (200) is a declaration like the others: 120 + 200.
    let ru = rules("ru");
    assert!(check_points(&ru, [320, 0, 0]).is_ok());
    assert!(check_points(&ru, [319, 0, 0]).is_err());
}

/// Trick 7 of 8 under standard rules, no trump. D has led AH and keeps 9S;
/// L holds TH 9H, R holds KH JS. Worked out by hand:
/// - L plays TH: D's ace takes 11 + 10 + 4 = 25; then D leads 9S, L throws
///   9H, R wins with JS (2). D ends on 25.
/// - L plays 9H: D takes 11 + 0 + 4 = 15; then 9S, TH, JS: R wins 12.
///   D ends on 15.
///
/// So L's best is 9H (value 15) and TH costs exactly 10.
fn defender_choice() -> State {
    let hand = |s: &str| s.parse::<CardSet>().unwrap();
    let mut s = State::new(
        [hand("...9"), hand("T9..."), hand("K...J")],
        Seat::D,
        None,
        [0; 3],
    );
    s.push_trick_card("AH".parse().unwrap());
    s
}

fn puzzle_options(min_cost: u16) -> Options {
    Options {
        rules: Rules::STANDARD,
        side: Side::Defender,
        goal: Goal::Max,
        min_cost,
        ..Options::default()
    }
}

#[test]
fn defender_alternative_costing_exactly_min_cost_is_a_puzzle() {
    let s = defender_choice();
    assert_eq!(s.to_move(), Seat::L);
    let mut solver = Solver::new(Rules::STANDARD);
    let found = examine(&mut solver, &puzzle_options(10), &s)
        .expect("TH costs exactly min_cost = 10: 9H is the one answer");
    let mv = |t: &str| t.parse::<Move>().unwrap();
    assert_eq!(found.values[0], (mv("9H"), 15), "the solution first");
    let mut values = found.values.clone();
    values.sort_by_key(|&(_, v)| v);
    assert_eq!(values, [(mv("9H"), 15), (mv("TH"), 25)]);
    assert_eq!(found.contract, None);
    // A smaller min_cost only makes it easier.
    assert!(examine(&mut solver, &puzzle_options(1), &s).is_ok());
}

#[test]
fn defender_alternative_costing_min_cost_minus_one_is_not_a_puzzle() {
    let s = defender_choice();
    let mut solver = Solver::new(Rules::STANDARD);
    // min_cost 11: TH costs 10 = min_cost − 1, a second good enough move.
    assert_eq!(
        examine(&mut solver, &puzzle_options(11), &s),
        Err(Reject::NotUnique)
    );
}

/// The same edge for the declarer: trick 7 of 8, no trump, D to lead holding
/// AH and 9H; L holds TH JS, R holds KH QS. Worked out by hand:
/// - D leads AH: L must play TH, R must play KH: D takes 25, then 9H wins
///   (L and R have no heart left; no trump): 9H + JS + QS = 5. D ends on 30.
/// - D leads 9H: L must beat it with TH, R must beat TH? R holds KH, which
///   does not beat TH (T is above K), so R plays KH anyway; L wins
///   0 + 10 + 4 = 14 and leads JS; D throws AH (no spade), R plays QS and
///   wins the spade trick (Q above J, AH is no spade): D ends on 0.
///
/// So AH is the one answer and 9H costs exactly 30.
fn declarer_choice() -> State {
    let hand = |s: &str| s.parse::<CardSet>().unwrap();
    State::new(
        [hand("A9..."), hand("T...J"), hand("K...Q")],
        Seat::D,
        None,
        [0; 3],
    )
}

#[test]
fn declarer_alternative_at_min_cost_edges() {
    let s = declarer_choice();
    let mut solver = Solver::new(Rules::STANDARD);
    let opts = |min_cost| Options {
        side: Side::Declarer,
        ..puzzle_options(min_cost)
    };
    let found = examine(&mut solver, &opts(30), &s).expect("9H costs exactly 30");
    let mv = |t: &str| t.parse::<Move>().unwrap();
    assert_eq!(found.values[0], (mv("AH"), 30));
    assert_eq!(
        examine(&mut solver, &opts(31), &s),
        Err(Reject::NotUnique),
        "9H costs 30 = min_cost − 1"
    );
}

/// Bids: 100 up in steps of `bid_step`, at most 120 + every marriage (and
/// the ace marriage where it counts): standard 120 + 280 = 400; ru
/// 120 + 280 + 200 = 600 in steps of 5.
#[test]
fn bid_edges() {
    use tysiac::engine::score::{check_bid, max_contract};
    let std = Rules::STANDARD;
    assert_eq!(max_contract(&std), 400);
    assert!(check_bid(&std, 99).is_err());
    assert!(check_bid(&std, 100).is_ok());
    assert_eq!(
        check_bid(&std, 105),
        Err("bid 105 is not 100 plus steps of 10 (bid_step=10)".into()),
        "not a step of 10"
    );
    assert!(check_bid(&std, 400).is_ok(), "the maximum itself");
    assert!(check_bid(&std, 410).is_err());
    // ru-a: "Максимально возможное значение ставки 300 очков": ru's
    // bid_max=300 holds bids and contracts at 300 though the cards and
    // marriages could reach 600.
    let ru = rules("ru");
    assert_eq!(max_contract(&ru), 300);
    assert!(check_bid(&ru, 105).is_ok());
    assert!(check_bid(&ru, 300).is_ok());
    assert!(check_bid(&ru, 305).unwrap_err().contains("bid_max=300"));
    let open = rules("ru bid_max=none");
    assert_eq!(max_contract(&open), 600);
    assert!(check_bid(&open, 600).is_ok());
    assert!(check_bid(&open, 605).is_err());
}

#[test]
fn points_check_counts_the_ace_marriage_and_names_the_range() {
    // ru: 120 cards + all four marriages (280) + the ace marriage (200) is
    // the most there is, 600; without the aces at most 400.
    let ru = rules("ru");
    assert!(check_points(&ru, [600, 0, 0]).is_ok());
    assert!(check_points(&ru, [601, 0, 0]).is_err());
    assert!(check_points(&Rules::STANDARD, [600, 0, 0]).is_err());
    // The message names what the tricks may hold under each musik mode.
    let e = check_points(&rules("standard musik=discard"), [86, 0, 0]).unwrap_err();
    assert!(e.contains("87 to 120 card points"), "{e}");
    let e = check_points(&Rules::STANDARD, [119, 0, 0]).unwrap_err();
    assert!(e.contains("not the 120 card points"), "{e}");
}

/// [`defender_choice`] and [`declarer_choice`] with D already holding
/// `points`: every value moves up by that much.
fn with_points(mut s: State, points: u16) -> State {
    s.points[0] = points;
    s
}

fn contract_options(rules: &str, side: Side) -> Options {
    Options {
        rules: rules.parse().unwrap(),
        side,
        goal: Goal::Contract,
        ..Options::default()
    }
}

#[test]
fn contract_goal_at_the_level_edges() {
    let mut solver = Solver::new(Rules::STANDARD);
    let defender = contract_options("standard", Side::Defender);
    let declarer = contract_options("standard", Side::Declarer);
    let contract =
        |solver: &mut Solver, o: &Options, s: State| examine(solver, o, &s).map(|e| e.contract);

    // Defender (L: 9H keeps D to x + 15, TH gives x + 25). The contract is
    // the lowest level above x + 15; TH must reach it for 9H to be the one
    // answer.
    // x = 80: 95 against 105, contract 100 (a contract of exactly 100).
    assert_eq!(
        contract(&mut solver, &defender, with_points(defender_choice(), 80)),
        Ok(Some(100))
    );
    // x = 90: 105 against 115, contract 110.
    assert_eq!(
        contract(&mut solver, &defender, with_points(defender_choice(), 90)),
        Ok(Some(110))
    );
    // x = 85: 100 against 110, contract 110: TH reaches it exactly.
    assert_eq!(
        contract(&mut solver, &defender, with_points(defender_choice(), 85)),
        Ok(Some(110))
    );
    // x = 74: 89 is more than a step short of 100: no tight contract.
    assert_eq!(
        contract(&mut solver, &defender, with_points(defender_choice(), 74)),
        Err(Reject::NoContract)
    );

    // Declarer (AH reaches x + 30, 9H only x). The contract is the highest
    // level x + 30 reaches.
    // x = 75: 105 against 75, contract 100.
    assert_eq!(
        contract(&mut solver, &declarer, with_points(declarer_choice(), 75)),
        Ok(Some(100))
    );
    // x = 69: 99 reaches no contract.
    assert_eq!(
        contract(&mut solver, &declarer, with_points(declarer_choice(), 69)),
        Err(Reject::NoContract)
    );
}

#[test]
fn contract_goal_under_a_step_that_changes_at_200() {
    // bid_step=5,10@200: the levels are ... 195, 200, 210, 220 ...; 205 is
    // none.
    let rules = "standard bid_step=5,10@200";
    let mut solver = Solver::new(rules.parse().unwrap());
    let contract =
        |solver: &mut Solver, o: &Options, s: State| examine(solver, o, &s).map(|e| e.contract);
    // Declarer on 177 + 30 = 207: the highest level reached is 200, not 205.
    let declarer = contract_options(rules, Side::Declarer);
    assert_eq!(
        contract(&mut solver, &declarer, with_points(declarer_choice(), 177)),
        Ok(Some(200))
    );
    // Below 200 the steps are 5: 167 + 30 = 197 reaches 195.
    assert_eq!(
        contract(&mut solver, &declarer, with_points(declarer_choice(), 167)),
        Ok(Some(195))
    );
    // Defender, D on 187 + 15 = 202: the lowest level above is 210, which
    // TH (212) reaches.
    let defender = contract_options(rules, Side::Defender);
    assert_eq!(
        contract(&mut solver, &defender, with_points(defender_choice(), 187)),
        Ok(Some(210))
    );
}

/// The bid levels each `bid_step` setting gives (docs/rules.md): from 100 in
/// steps of `bid_step`, and with `LOW,HIGH@LEVEL` in steps of HIGH from
/// LEVEL on.
#[test]
fn bid_levels_follow_the_step_switch() {
    let std = Rules::STANDARD;
    assert_eq!((std.step_at(100), std.step_at(390)), (10, 10));
    assert_eq!(std.level_at_most(207), Some(200));
    assert_eq!(std.level_at_most(99), None);
    assert_eq!((std.level_above(200), std.level_above(50)), (210, 100));

    // ru: steps of 5 throughout.
    let ru = rules("ru");
    assert_eq!((ru.step_at(105), ru.step_at(300)), (5, 5));
    assert_eq!(ru.level_at_most(197), Some(195));
    assert_eq!(ru.level_above(195), 200);

    // 5,10@200: ..., 190, 195, 200, 210, 220, ...
    let r = rules("standard bid_step=5,10@200");
    assert_eq!((r.step_at(195), r.step_at(200)), (5, 10));
    assert_eq!((r.level_above(195), r.level_above(200)), (200, 210));
    assert_eq!(r.level_at_most(209), Some(200));
    let levels: Vec<u16> = (185..=225).filter(|&b| r.is_bid_level(b)).collect();
    assert_eq!(levels, [185, 190, 195, 200, 210, 220]);

    // 5,20@155: ..., 150, 155, 175, 195, ...: the large steps count from
    // 155, not from 100 or 0.
    let r = rules("standard bid_step=5,20@155");
    assert_eq!((r.step_at(150), r.step_at(155)), (5, 20));
    let levels: Vec<u16> = (145..=200).filter(|&b| r.is_bid_level(b)).collect();
    assert_eq!(levels, [145, 150, 155, 175, 195]);
    assert_eq!(r.level_above(155), 175);
}
