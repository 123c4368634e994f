//! Issue 14's scoring and game switches: games worked out by hand from each
//! rule's text (seeds/rules-ru-a.txt, seeds/rules-pl.txt, docs/score.md).
//! Every expected value is derived in the comments beside it.

use assert_cmd::Command;
use predicates::prelude::*;
use tysiac::engine::rules::SWITCHES;
use tysiac::engine::score::{check_bid, hand_score, Game, GameResult, Hand, Outcome};
use tysiac::{CardSet, Rules};

fn rules(text: &str) -> Rules {
    text.parse().unwrap()
}

fn game(rules_text: &str) -> Game {
    Game::new(
        rules(rules_text),
        ["Ala".into(), "Bartek".into(), "Celina".into()],
    )
}

fn game4(rules_text: &str) -> Game {
    Game::new(
        rules(rules_text),
        [
            "Ala".into(),
            "Bartek".into(),
            "Celina".into(),
            "Dorota".into(),
        ],
    )
}

/// A played hand, bid 100: `points` in players order.
fn played(declarer: usize, contract: u16, points: &[u16]) -> Hand {
    let points = points.to_vec();
    Hand::new(declarer, 100, Outcome::Played { contract, points })
}

fn with_tricks(mut hand: Hand, tricks: &[u8]) -> Hand {
    hand.tricks = Some(tricks.to_vec());
    hand
}

fn cards(list: &str) -> CardSet {
    let mut set = CardSet::EMPTY;
    for c in list.split(',') {
        set.insert(c.parse().unwrap());
    }
    set
}

fn tysiac() -> Command {
    Command::cargo_bin("tysiac").unwrap()
}

// ---------------------------------------------------------------------------
// declarer_scores, round_before_contract, concession

#[test]
fn declarer_scores_points_rounds_the_points_taken() {
    let r = rules("standard declarer_scores=points");
    // 147 ≥ 120: made; 147 rounds half down to 150 (a final 7 goes up).
    // Defenders: 33 → 30, 20 → 20. Sum 200 = 120 + the D marriage (80).
    assert_eq!(hand_score(&r, 120, [147, 33, 20]), [150, 30, 20]);
    // 125 rounds to 120, below the contract 125 it made: the contract stays.
    assert_eq!(hand_score(&r, 125, [125, 0, 0])[0], 125);
    // A failed contract still costs the contract: 119 < 120.
    assert_eq!(hand_score(&r, 120, [119, 1, 0])[0], -120);
    // Standard scores the contract: +120 for the same 147.
    assert_eq!(hand_score(&Rules::STANDARD, 120, [147, 33, 20])[0], 120);
}

#[test]
fn round_before_contract_rounds_first() {
    let r = rules("standard round_before_contract=yes");
    // 116 rounds half down to 120 ≥ 120: made, +120.
    assert_eq!(hand_score(&r, 120, [116, 4, 0])[0], 120);
    // 115 rounds down to 110 < 120: failed.
    assert_eq!(hand_score(&r, 120, [115, 5, 0])[0], -120);
    // With half_up, 115 rounds to 120: made.
    let up = rules("standard round_before_contract=yes rounding=half_up");
    assert_eq!(hand_score(&up, 120, [115, 5, 0])[0], 120);
    // Without the switch 116 < 120 fails.
    assert_eq!(hand_score(&Rules::STANDARD, 120, [116, 4, 0])[0], -120);
    // The game's record says made too.
    let mut g = game("standard round_before_contract=yes");
    let rec = g.play(&played(0, 120, &[116, 4, 0])).unwrap();
    assert_eq!(rec.made, Some(true));
    assert_eq!(g.totals, [120, 0, 0]);
}

#[test]
fn concession_values() {
    // 60 (standard): Ala concedes 110: −110, the others +60.
    let mut g = game("standard");
    g.play(&Hand::new(0, 110, Outcome::Conceded)).unwrap();
    assert_eq!(g.totals, [-110, 60, 60]);
    // half_bid: 110 / 2 = 55, rounded half down to 50.
    let mut g = game("standard concession=half_bid");
    g.play(&Hand::new(0, 110, Outcome::Conceded)).unwrap();
    assert_eq!(g.totals, [-110, 50, 50]);
    // half_bid under ru (rounding none): 105 / 2 = 52 (the half point dropped).
    let mut g = game("ru concession=half_bid");
    g.play(&Hand::new(1, 105, Outcome::Conceded)).unwrap();
    assert_eq!(g.totals, [52, -105, 52]);
    // 40, the Polish four-player value.
    let mut g = game("standard concession=40");
    g.play(&Hand::new(2, 120, Outcome::Conceded)).unwrap();
    assert_eq!(g.totals, [40, 40, -120]);
}

// ---------------------------------------------------------------------------
// Bids: bid_limit, a step that changes with the level, the floor

#[test]
fn bid_limit_120_before_musik() {
    let r = rules("standard bid_limit=120_before_musik");
    assert!(check_bid(&r, 120).is_ok());
    let e = check_bid(&r, 130).unwrap_err();
    assert!(e.contains("120_before_musik"), "{e}");
    // Standard allows 130 (with a marriage).
    assert!(check_bid(&Rules::STANDARD, 130).is_ok());
    // The contract may still go above 120: bid 120, contract 160, made as D
    // took 90 in cards + the H marriage 100 = 190 ≥ 160 (190 + 20 + 10 =
    // 220 = 120 + 100).
    let mut g = game("standard bid_limit=120_before_musik");
    let hand = Hand::new(
        0,
        120,
        Outcome::Played {
            contract: 160,
            points: vec![190, 20, 10],
        },
    );
    g.play(&hand).unwrap();
    assert_eq!(g.totals, [160, 20, 10]);
    let high = Hand::new(
        0,
        130,
        Outcome::Played {
            contract: 160,
            points: vec![190, 20, 10],
        },
    );
    assert!(g.play(&high).unwrap_err().contains("above 120"));
}

#[test]
fn bid_step_changes_at_a_level() {
    let r = rules("ru bid_step=5,10@200");
    // Steps of 5 below 200: 195 is 100 + 19 × 5.
    assert!(check_bid(&r, 195).is_ok());
    // From 200, steps of 10: 210 yes, 205 no.
    assert!(check_bid(&r, 200).is_ok());
    assert!(check_bid(&r, 210).is_ok());
    let e = check_bid(&r, 205).unwrap_err();
    assert!(e.contains("5,10@200"), "{e}");
    assert!(
        e.contains("100 plus steps of 5 below 200, then steps of 10"),
        "{e}"
    );
    // A contract announced after the musik follows the same levels: 205 is
    // none (a hand that says so is refused, the game unchanged), 210 is.
    let mut g = game("ru bid_step=5,10@200");
    let e = g.play(&played(0, 205, &[210, 5, 5])).unwrap_err();
    assert!(
        e.contains("contract 205 is not a bid level") && e.contains("5,10@200"),
        "{e}"
    );
    assert!(g.hands.is_empty());
    g.play(&played(0, 210, &[210, 5, 5])).unwrap();
    assert_eq!(g.totals[0], 210);
    // The old spellings still work.
    assert!(check_bid(&rules("standard bid_step=10"), 105).is_err());
    assert!(check_bid(&rules("standard bid_step=5"), 105).is_ok());
}

#[test]
fn bid_floor_makes_a_low_player_pass() {
    let mut g = game("ru bid_floor=-120");
    g.totals = vec![-125, 0, 0];
    // Ala at −125 < −120 must pass: she cannot be the declarer.
    let e = g.play(&played(0, 100, &[100, 10, 10])).unwrap_err();
    assert!(e.contains("bid_floor") && e.contains("-125"), "{e}");
    assert!(
        g.hands.is_empty(),
        "a refused hand leaves the game unchanged"
    );
    // Exactly at the floor is not below it: −120 may bid.
    g.totals = vec![-120, 0, 0];
    g.play(&played(0, 100, &[100, 10, 10])).unwrap();
    assert_eq!(g.totals, [-20, 10, 10]);
}

#[test]
fn bid_floor_lets_the_opener_play_when_every_player_is_below_it() {
    // Every player below −120: nobody could bid, so the forced opener
    // plays all the same.
    let mut g = game("ru bid_floor=-120");
    g.totals = vec![-125, -130, -121];
    g.play(&played(0, 100, &[100, 10, 10])).unwrap();
    assert_eq!(g.totals, [-25, -120, -111]);
    // One player exactly at the floor is not below it: Ala, below, must
    // pass and leave the hand to Bartek.
    let mut g = game("ru bid_floor=-120");
    g.totals = vec![-125, -120, -130];
    let e = g.play(&played(0, 100, &[100, 10, 10])).unwrap_err();
    assert!(e.contains("bid_floor") && e.contains("-125"), "{e}");
}

#[test]
fn cli_reports_a_bid_below_the_floor_on_its_line() {
    // Line 3: Ala fails 130 with 100 points: −130 < −120.
    // Line 4: Ala declares again: below the floor, an error on line 4.
    // Line 5: Bartek may declare: 100 made, 100 + 0 = 100.
    let input = "players: Ala Bartek Celina\n\
                 rules: standard bid_floor=-120\n\
                 D=Ala bid=100 contract=130 points=100,10,10\n\
                 D=Ala bid=100 points=100,10,10\n\
                 D=Bartek bid=100 points=10,100,10\n";
    tysiac()
        .arg("score")
        .write_stdin(input)
        .assert()
        .failure()
        .stderr(
            predicate::str::contains("<stdin>:4: Ala has -130")
                .and(predicate::str::contains("bid_floor")),
        )
        // Ala −130 + 10 = −120; Bartek 10 + 100 = 110; Celina 10 + 10 = 20.
        .stdout(predicate::str::contains(
            "no winner yet: Ala -120, Bartek 110, Celina 20",
        ));
}

// ---------------------------------------------------------------------------
// The ru-a barrel

const RU_BARREL: &str = "ru barrel_rule=ru barrel_clamp=yes";

#[test]
fn ru_barrel_three_tries_then_a_fall() {
    let mut g = game(RU_BARREL);
    g.totals = vec![850, 0, 0];
    // 1: Ala makes 100: 950, held at the barrel's line 880; she sits on it.
    g.play(&played(0, 100, &[100, 10, 10])).unwrap();
    assert_eq!(g.totals, [880, 10, 10]);
    assert_eq!(g.on_barrel[0], Some(0));
    // 2 (try 1): Bartek makes 100; Ala's 20 on defence is not added.
    g.play(&played(1, 100, &[20, 100, 0])).unwrap();
    assert_eq!(g.totals, [880, 110, 10]);
    // 3 (try 2): Ala fails 120 with 110: not deducted on the barrel.
    let r = g.play(&played(0, 120, &[110, 10, 0])).unwrap();
    assert_eq!(r.earned[0], -120);
    assert_eq!(r.added[0], 0);
    assert_eq!(g.totals, [880, 120, 10]);
    // 4 (try 3): Celina makes 100; Ala falls off: 880 − 120 = 760, one
    // unplayed barrel. Bartek 120 + 20, Celina 10 + 100.
    let r = g.play(&played(2, 100, &[0, 20, 100])).unwrap().clone();
    assert_eq!(g.totals, [760, 140, 110]);
    assert_eq!(r.added, [-120, 20, 100]);
    assert_eq!(g.on_barrel[0], None);
    assert_eq!(g.unplayed_barrels[0], 1);
    assert!(r.notes.iter().any(|n| n.contains("falls off")), "{r:?}");
}

#[test]
fn ru_barrel_three_unplayed_barrels_reset_to_zero() {
    let mut g = game(RU_BARREL);
    g.totals = vec![880, 0, 0];
    g.on_barrel[0] = Some(2);
    g.unplayed_barrels[0] = 2;
    // Bartek makes 100; Ala's third try ends: 880 − 120 = 760, the third
    // unplayed barrel: reset to 0. Celina 20.
    g.play(&played(1, 100, &[0, 100, 20])).unwrap();
    assert_eq!(g.totals, [0, 100, 20]);
    assert_eq!(g.unplayed_barrels[0], 0);
}

#[test]
fn ru_barrel_win_needs_more_than_120() {
    // Ala on the barrel (880) makes 120 (120 ≤ 120): not enough, nothing
    // added; one try used.
    let mut g = game(RU_BARREL);
    g.totals = vec![880, 0, 0];
    g.on_barrel[0] = Some(0);
    // 205 = 105 cards + H marriage 100; the others 15 + 0: 220 = 120 + 100.
    g.play(&played(0, 120, &[205, 15, 0])).unwrap();
    assert_eq!(g.totals, [880, 15, 0]);
    assert_eq!(g.on_barrel[0], Some(1));
    assert_eq!(g.result, None);
    // 125 > 120 made: 880 + 125 = 1005, Ala wins.
    g.play(&played(0, 125, &[205, 15, 0])).unwrap();
    assert_eq!(g.totals[0], 1005);
    assert_eq!(g.result, Some(GameResult::Winner(0)));
}

#[test]
fn ru_barrel_win_at_120_with_barrel_win_120() {
    let mut g = game("ru barrel_rule=ru barrel_clamp=yes barrel_win=120");
    g.totals = vec![880, 0, 0];
    g.on_barrel[0] = Some(0);
    // 880 + 120 = 1000: a win.
    g.play(&played(0, 120, &[205, 15, 0])).unwrap();
    assert_eq!(g.result, Some(GameResult::Winner(0)));
    assert_eq!(g.totals[0], 1000);
}

#[test]
fn ru_barrel_knock_off() {
    let mut g = game(RU_BARREL);
    g.totals = vec![880, 800, 0];
    g.on_barrel[0] = Some(0);
    // Bartek makes 100: 900, held at 880, he climbs on; Ala is knocked
    // off: 880 − 120 = 760. Celina 20.
    let r = g.play(&played(1, 100, &[0, 100, 20])).unwrap().clone();
    assert_eq!(g.totals, [760, 880, 20]);
    assert_eq!(g.on_barrel, [None, Some(0), None]);
    // A knock-off is not an unplayed barrel.
    assert_eq!(g.unplayed_barrels[0], 0);
    assert!(r.notes.iter().any(|n| n.contains("knocked off")), "{r:?}");
}

#[test]
fn ru_barrel_several_climbing_at_once_all_fall() {
    let mut g = game(RU_BARREL);
    g.totals = vec![880, 850, 870];
    g.on_barrel[0] = Some(0);
    // Ala (on the barrel) fails 100 with 60: not deducted. Bartek 850 + 30
    // = 880 and Celina 870 + 30 = 900 (held at 880) climb at once: both
    // fall, −120 each: 760. Ala is knocked off by them: 880 − 120 = 760.
    g.play(&played(0, 100, &[60, 30, 30])).unwrap();
    assert_eq!(g.totals, [760, 760, 760]);
    assert_eq!(g.on_barrel, [None, None, None]);
}

#[test]
fn barrel_clamp_alone_holds_a_score_at_the_line() {
    // Plain barrel at 800 with the clamp: 780 + 100 = 880, held at 800.
    let mut g = game("standard barrel_clamp=yes");
    g.totals = vec![780, 0, 0];
    g.play(&played(0, 100, &[100, 20, 0])).unwrap();
    assert_eq!(g.totals, [800, 20, 0]);
    // Without it the total is 880.
    let mut g = game("standard");
    g.totals = vec![780, 0, 0];
    g.play(&played(0, 100, &[100, 20, 0])).unwrap();
    assert_eq!(g.totals, [880, 20, 0]);
}

#[test]
fn cap_1000_shows_the_winner_at_1000() {
    // 950 + 120 = 1070, written as 1000.
    let mut g = game("standard cap_1000=yes");
    g.totals = vec![950, 0, 0];
    g.play(&played(0, 120, &[130, 40, 30])).unwrap();
    assert_eq!(g.result, Some(GameResult::Winner(0)));
    assert_eq!(g.totals[0], 1000);
    assert_eq!(g.result_text(&GameResult::Winner(0)), "Ala wins with 1000");
    assert!(g.hands[0]
        .notes
        .iter()
        .any(|n| n.contains("written as 1000")));
    // Exactly 1000 (880 + 120) needs no rewriting, and says none.
    let mut g = game("standard cap_1000=yes");
    g.totals = vec![880, 0, 0];
    g.play(&played(0, 120, &[130, 40, 30])).unwrap();
    assert_eq!(g.totals[0], 1000);
    assert!(
        !g.hands[0].notes.iter().any(|n| n.contains("written as")),
        "{:?}",
        g.hands[0].notes
    );
    let mut g = game("standard");
    g.totals = vec![950, 0, 0];
    g.play(&played(0, 120, &[130, 40, 30])).unwrap();
    assert_eq!(g.totals[0], 1070);
}

// ---------------------------------------------------------------------------
// Bolts, 555, blind, the opening

#[test]
fn three_bolts_cost_120() {
    let mut g = game("standard bolts=yes");
    // Celina wins no trick in three hands: bolts 1, 2, then 3 = −120.
    // Each hand: Ala +100 (made), Bartek +20, Celina 0.
    for _ in 0..2 {
        g.play(&with_tricks(played(0, 100, &[100, 20, 0]), &[5, 3, 0]))
            .unwrap();
    }
    assert_eq!(g.totals, [200, 40, 0]);
    assert_eq!(g.bolts[2], 2);
    g.play(&with_tricks(played(0, 100, &[100, 20, 0]), &[5, 3, 0]))
        .unwrap();
    assert_eq!(g.totals, [300, 60, -120]);
    // The count starts again: a fourth is bolt 1, no cost.
    g.play(&with_tricks(played(0, 100, &[100, 20, 0]), &[5, 3, 0]))
        .unwrap();
    assert_eq!(g.totals, [400, 80, -120]);
    assert_eq!(g.bolts[2], 1);
    // Without the switch, no bolts.
    let mut g = game("standard");
    for _ in 0..3 {
        g.play(&with_tricks(played(0, 100, &[100, 20, 0]), &[5, 3, 0]))
            .unwrap();
    }
    assert_eq!(g.totals, [300, 60, 0]);
}

#[test]
fn bolts_need_the_tricks() {
    let mut g = game("standard bolts=yes");
    let e = g.play(&played(0, 100, &[100, 20, 0])).unwrap_err();
    assert!(e.contains("tricks="), "{e}");
    // Tricks must add up to the 8 tricks of a hand.
    let e = g
        .play(&with_tricks(played(0, 100, &[100, 20, 0]), &[5, 2, 0]))
        .unwrap_err();
    assert!(e.contains("add up to 7"), "{e}");
    // A concession gives no bolts.
    g.play(&Hand::new(0, 100, Outcome::Conceded)).unwrap();
    assert_eq!(g.bolts, [0, 0, 0]);
}

#[test]
fn a_total_of_555_is_reset() {
    let mut g = game("standard reset_555=yes");
    g.totals = vec![455, 535, 554];
    // Ala 455 + 100 = 555 → 0; Bartek 535 + 20 = 555 → 0; Celina stays 554.
    g.play(&played(0, 100, &[100, 20, 0])).unwrap();
    assert_eq!(g.totals, [0, 0, 554]);
    let mut g = game("standard");
    g.totals = vec![455, 535, 554];
    g.play(&played(0, 100, &[100, 20, 0])).unwrap();
    assert_eq!(g.totals, [555, 555, 554]);
}

#[test]
fn a_blind_bid_counts_double() {
    let mut g = game("standard");
    // Ala makes 120 blind: +240; Bartek 40 → 80; Celina 30 → 60.
    // Points 130 + 40 + 30 = 200 = 120 + the D marriage 80.
    let mut hand = played(0, 120, &[130, 40, 30]);
    hand.blind = true;
    let r = g.play(&hand).unwrap();
    assert!(r.doubled);
    assert_eq!(g.totals, [240, 80, 60]);
    // A failed blind contract costs double: 240 − 240 = 0.
    let mut hand = played(0, 120, &[110, 10, 0]);
    hand.blind = true;
    g.play(&hand).unwrap();
    assert_eq!(g.totals, [0, 100, 60]);
}

#[test]
fn ru_opening_three_hands_at_120_doubled() {
    let mut g = game("ru opening=ru");
    // The first hand must be bid at 120.
    let e = g.play(&played(0, 120, &[130, 50, 20])).unwrap_err();
    assert!(e.contains("opening"), "{e}");
    let at_120 = |d: usize, points: &[u16]| {
        Hand::new(
            d,
            120,
            Outcome::Played {
                contract: 120,
                points: points.to_vec(),
            },
        )
    };
    // 1: Ala 130 ≥ 120: +240; Bartek 50 → 100; Celina 20 → 40.
    g.play(&at_120(0, &[130, 50, 20])).unwrap();
    assert_eq!(g.totals, [240, 100, 40]);
    // 2: Bartek fails with 100: −240; Ala 10 → 20; Celina 10 → 20.
    g.play(&at_120(1, &[10, 100, 10])).unwrap();
    assert_eq!(g.totals, [260, -140, 60]);
    // 3: Celina makes 120 with 120: +240; others 0.
    g.play(&at_120(2, &[0, 0, 120])).unwrap();
    assert_eq!(g.totals, [260, -140, 300]);
    // 4: an ordinary hand: bid 100 is allowed, not doubled: +100, 10, 10.
    let r = g.play(&played(0, 100, &[100, 10, 10])).unwrap();
    assert!(!r.doubled);
    assert_eq!(g.totals, [360, -130, 310]);
}

// ---------------------------------------------------------------------------
// Four players

#[test]
fn four_players_seats_skip_the_dealer() {
    let g = game4("standard");
    // The first dealer is the first player: Ala. D=Bartek: L Celina, R Dorota.
    assert_eq!(g.seats(1, None).unwrap(), (Some(0), vec![1, 2, 3]));
    // D=Dorota with Ala dealing: L is Bartek (Ala sits out), R Celina.
    assert_eq!(g.seats(3, Some(0)).unwrap(), (Some(0), vec![3, 1, 2]));
    // D=Ala with Bartek dealing: L Celina, R Dorota.
    assert_eq!(g.seats(0, Some(1)).unwrap(), (Some(1), vec![0, 2, 3]));
    // The dealer cannot declare.
    assert!(g.seats(0, None).unwrap_err().contains("sits out"));
}

#[test]
fn four_players_dealer_scores_the_musik_pl() {
    let mut g = game4("standard dealer_musik=pl");
    // 1: Ala deals (the first player), Bartek makes 100. The musik AH KH QH
    // is worth 50 (one ace) + 100 (the H marriage) = 150 to Ala.
    let mut h = played(1, 100, &[0, 100, 10, 10]);
    h.musik = Some(cards("AH,KH,QH"));
    let r = g.play(&h).unwrap();
    assert_eq!(r.dealer, Some(0));
    assert_eq!(g.totals, [150, 100, 10, 10]);
    // 2: Bartek deals (the rotation), Celina makes 100; Ala is R: 20.
    // Musik 9S JS AD: one ace, no marriage: 50 to Bartek.
    let mut h = played(2, 100, &[20, 0, 100, 0]);
    h.musik = Some(cards("9S,JS,AD"));
    g.play(&h).unwrap();
    assert_eq!(g.totals, [170, 150, 110, 10]);
    // 3: Celina deals: she cannot declare.
    let mut h = played(2, 100, &[20, 0, 0, 100]);
    h.musik = Some(cards("9S,JS,AD"));
    assert!(g.play(&h).unwrap_err().contains("sits out"));
    // The dealer takes no points.
    let mut h = played(0, 100, &[80, 20, 10, 10]);
    h.musik = Some(cards("9S,JS,AD"));
    assert!(g.play(&h).unwrap_err().contains("Celina deals"));
    // And the musik is needed.
    let e = g.play(&played(0, 100, &[80, 20, 0, 20])).unwrap_err();
    assert!(e.contains("musik"), "{e}");
}

#[test]
fn four_players_dealer_scores_the_musik_ru() {
    let mut g = game4("ru dealer_musik=ru");
    // 1: Ala deals: AH KH QH = 11 + 4 + 3 cards + 100 marriage = 118.
    let mut h = played(1, 100, &[0, 100, 10, 10]);
    h.musik = Some(cards("AH,KH,QH"));
    g.play(&h).unwrap();
    assert_eq!(g.totals, [118, 100, 10, 10]);
    // 2: Bartek deals: 9S JS AD = 0 + 2 + 11 = 13. Celina makes 100.
    let mut h = played(2, 100, &[20, 0, 100, 0]);
    h.musik = Some(cards("9S,JS,AD"));
    g.play(&h).unwrap();
    assert_eq!(g.totals, [138, 113, 110, 10]);
}

#[test]
fn four_players_concession_40_and_first_free() {
    // first_bomb_defenders=concession: the free first bomb still pays the
    // defenders (pl_full's own value, `nothing`, is tested in tests/game.rs).
    let mut g = game4("pl_full concession=40 first_bomb_defenders=concession");
    // 1: Ala deals, Bartek concedes 100: the first concession is free
    // (bomb=first_free); Celina and Dorota +40; musik 9H 9D 9C: 0 to Ala.
    let mut h = Hand::new(1, 100, Outcome::Conceded);
    h.musik = Some(cards("9H,9D,9C"));
    g.play(&h).unwrap();
    assert_eq!(g.totals, [0, 0, 40, 40]);
    // 2: Bartek deals, Celina concedes 110: −110; Dorota, Ala +40;
    // musik AS AC 9S: two aces = 100 to Bartek.
    let mut h = Hand::new(2, 110, Outcome::Conceded);
    h.musik = Some(cards("AS,AC,9S"));
    g.play(&h).unwrap();
    assert_eq!(g.totals, [40, 100, -70, 80]);
    // pl_full as it stands: "kolejne bomby" pay, the first does not.
    let mut g = game4("pl_full concession=40");
    let mut h = Hand::new(1, 100, Outcome::Conceded);
    h.musik = Some(cards("9H,9D,9C"));
    g.play(&h).unwrap();
    assert_eq!(g.totals, [0, 0, 0, 0]);
}

#[test]
fn cli_four_players_with_dealers_and_musik() {
    // Dealer: Celina first; line 5 names Ala, then the rotation gives Bartek.
    // 1 (Celina deals): Ala makes 100; Bartek 10, Dorota 10; musik KS QS 9H
    //   = 4 + 3 + 0 + 40 (S marriage) = 47 to Celina.
    // 2 (Dorota deals, rotation): Bartek fails 120 with 110: −120; Ala 10,
    //   Celina 0; musik 9D 9C JH = 2.
    // 3 (Ala deals, dealer=): Dorota makes 100; musik AH TH 9S = 11 + 10 +
    //   0 = 21 to Ala. Bartek (L) 20, Celina (R) 0.
    // 4 (Bartek deals, rotation): Celina makes 100 blind: +200; musik
    //   9H 9D JC = 2, doubled 4 to Bartek; Ala 10 → 20, Dorota 10 → 20.
    let input = "players: Ala Bartek Celina Dorota\n\
                 rules: ru dealer_musik=ru\n\
                 dealer: Celina\n\
                 D=Ala bid=100 points=100,10,-,10 musik=KS,QS,9H\n\
                 D=Bartek bid=100 contract=120 points=10,110,0,- musik=9D,9C,JH\n\
                 D=Dorota bid=100 points=-,20,0,100 musik=AH,TH,9S dealer=Ala\n\
                 D=Celina bid=100 points=10,-,100,10 musik=9H,9D,JC blind\n";
    // Totals: Ala 100 + 10 + 21 + 20 = 151; Bartek 10 − 120 + 20 + 4 = −86;
    // Celina 47 + 0 + 0 + 200 = 247; Dorota 10 + 2 + 100 + 20 = 132.
    let out = tysiac()
        .args(["score", "--json"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["totals"], serde_json::json!([151, -86, 247, 132]));
    let dealers: Vec<serde_json::Value> = (0..4).map(|i| v["hands"][i]["dealer"].clone()).collect();
    assert_eq!(
        dealers,
        serde_json::json!([2, 3, 0, 1]).as_array().unwrap().clone()
    );
    assert_eq!(v["hands"][3]["doubled"], true);
}

#[test]
fn cli_four_player_errors_name_line_and_key() {
    let input = "players: Ala Bartek Celina Dorota\n\
                 rules: standard dealer_musik=pl\n\
                 D=Ala bid=100 points=-,100,10,10 musik=AH,KH\n\
                 D=Bartek bid=100 points=-,100,10,10 musik=AH,KH,ZZ\n\
                 D=Bartek bid=100 points=100,10,10\n\
                 D=Bartek bid=100 points=-,100,10,10 dealer=Nobody musik=AH,KH,QH\n";
    tysiac()
        .arg("score")
        .write_stdin(input)
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "<stdin>:3: musik=AH,KH: 2 cards, not 3",
        ))
        .stderr(predicate::str::contains(
            "<stdin>:4: musik=AH,KH,ZZ: 'ZZ' is not a card",
        ))
        .stderr(predicate::str::contains(
            "<stdin>:5: points=100,10,10: needs 4 numbers",
        ))
        .stderr(predicate::str::contains(
            "<stdin>:6: dealer=Nobody: not a player",
        ));
    let three = "players: Ala Bartek Celina\nD=Ala bid=100 points=100,10,10 dealer=Ala\n";
    tysiac()
        .arg("score")
        .write_stdin(three)
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "<stdin>:2: dealer= is for four players",
        ));
}

#[test]
fn cli_dealer_musik_and_tricks_from_a_position() {
    // The deal's musik is QC KS 9S (..Q.K9: no hearts, no diamonds, Q of
    // clubs, K 9 of spades): 3 + 4 + 0 = 7, no marriage (different suits).
    let dir = std::env::temp_dir().join(format!("tysiac-score4-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("hands.txt"), complete_hand()).unwrap();
    std::fs::write(
        dir.join("game.txt"),
        "players: Ala Bartek Celina Dorota\n\
         rules: ru dealer_musik=ru bolts=yes\n\
         D=Bartek bid=100 position=hands.txt\n",
    )
    .unwrap();
    let out = tysiac()
        .args(["score", "--json"])
        .arg(dir.join("game.txt"))
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // Ala deals and sits out: 7 from the musik, no points from play.
    assert_eq!(v["hands"][0]["dealer"], 0);
    assert_eq!(v["hands"][0]["points"][0], 0);
    assert_eq!(v["totals"][0], 7);
}

/// A complete hand of the deal with musik QC KS 9S, played with random legal
/// cards (bolts=yes takes the tricks from the play).
fn complete_hand() -> String {
    use rand::Rng;
    let rules = Rules::RU;
    let deal: tysiac::Deal = "AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9".parse().unwrap();
    let mut rng = tysiac::engine::random::rng(3);
    let exchange = deal.exchanges(&rules)[0];
    let mut s = deal.after(&rules, &exchange).unwrap();
    let mut moves = Vec::new();
    while !s.is_over() {
        let legal = s.legal_moves(&rules);
        let m = legal[rng.gen_range(0..legal.len())];
        s.play(&rules, m);
        moves.push(m.to_string());
    }
    format!(
        "rules: ru\ndeal: {deal}\nexchange: {exchange}\ncontract: 100\nplay: {}\n",
        moves.join(" ")
    )
}

// ---------------------------------------------------------------------------
// Presets and round trips

#[test]
fn ru_full_plays_the_whole_ru_a_game() {
    // ru_full: ru + the ru barrel with its clamp, bolts, 555, dealer_musik=ru.
    let r = rules("ru_full");
    assert_eq!(r.barrel, 880);
    assert!(r.bolts && r.reset_555 && r.barrel_clamp);
    let mut g = game("ru_full");
    g.totals = vec![860, 455, 0];
    // Ala makes 100: 960, held at 880 (on the barrel). Bartek 455 + 100 =
    // 555 → 0. Celina wins no trick and takes 0: bolt 1.
    // 100 + 100 + 0 = 200 = 120 + a D marriage (80).
    g.play(&with_tricks(played(0, 100, &[100, 100, 0]), &[4, 4, 0]))
        .unwrap();
    assert_eq!(g.totals, [880, 0, 0]);
    assert_eq!(g.on_barrel[0], Some(0));
    assert_eq!(g.bolts, [0, 0, 1]);
}

#[test]
fn every_new_switch_round_trips() {
    let settings = [
        ("declarer_scores", "points"),
        ("round_before_contract", "yes"),
        ("concession", "half_bid"),
        ("concession", "40"),
        ("bid_limit", "120_before_musik"),
        ("bid_step", "5,10@200"),
        ("barrel_rule", "ru"),
        ("barrel_win", "120"),
        ("barrel_failed", "deducted"),
        ("barrel_clamp", "yes"),
        ("cap_1000", "yes"),
        ("bolts", "yes"),
        ("reset_555", "yes"),
        ("opening", "ru"),
        ("bid_floor", "-120"),
        ("dealer_musik", "ru"),
        ("dealer_musik", "pl"),
    ];
    for (key, value) in settings {
        assert!(SWITCHES.contains(&key), "{key} is not in SWITCHES");
        // A switch is given only where it can matter (docs/rules.md).
        let needs = match key {
            "round_before_contract" => "rounding=half_down ",
            "barrel_win" | "barrel_failed" => "barrel_rule=ru ",
            _ => "",
        };
        for preset in ["standard", "pl", "ru", "ru_full", "pl_full"] {
            let text = format!("{preset} {needs}{key}={value}");
            let r = rules(&text);
            assert_eq!(r.get(key).as_deref(), Some(value), "{text}");
            let back = rules(&r.to_string());
            assert_eq!(back, r, "{text} -> {r}");
        }
        // Each switch changes the standard rules.
        assert_ne!(
            rules(&format!("standard {needs}{key}={value}")),
            rules(&format!("standard {needs}"))
        );
    }
    // Every switch's value in the standard set parses back to standard.
    // (discard_points is refused without musik=discard, so it is checked there.)
    for key in SWITCHES {
        let value = Rules::STANDARD.get(key).unwrap();
        if key == "discard_points" {
            let base = rules("standard musik=discard");
            assert_eq!(
                rules(&format!("standard musik=discard {key}={value}")),
                base
            );
            continue;
        }
        let needs = match key {
            "barrel_win" | "barrel_failed" => "barrel_rule=ru ",
            "marriage_needs_trick" => "first_trick_marriage=yes ",
            "first_bomb_defenders" => "bomb=first_free ",
            "laid_away" | "last_musik" => "players=2 ",
            _ => "",
        };
        assert_eq!(
            rules(&format!("standard {needs}{key}={value}")),
            rules(&format!("standard {needs}"))
        );
    }
    // The existing presets are unchanged.
    assert_eq!(Rules::STANDARD.to_string(), "standard");
    assert_eq!(rules("pl"), Rules::PL);
    assert_eq!(rules("ru"), Rules::RU);
}

/// reset_555 with four players (issue 24): every player whose total is 555
/// after the hand is reset, the dealer sitting out included. Ala deals with
/// 550 and scores the musik JH QH 9D: 2 + 3 + 0 = 5 (dealer_musik=ru,
/// rounding=none): 555, reset. Bartek makes 100; Dorota (545) defends with
/// 10: 555, reset; Celina 0 + 10 = 10 stays.
#[test]
fn reset_555_reaches_every_player_of_four() {
    let mut g = game4("ru reset_555=yes dealer_musik=ru");
    g.totals = vec![550, 0, 0, 545];
    let mut h = played(1, 100, &[0, 100, 10, 10]);
    h.musik = Some(cards("JH,QH,9D"));
    g.play(&h).unwrap();
    assert_eq!(g.totals, [0, 100, 10, 0]);
}

#[test]
fn a_contract_above_the_highest_is_refused_at_its_edge() {
    // standard: 120 and every marriage, 120 + 100 + 80 + 60 + 40 = 400.
    let mut g = game("standard");
    g.play(&played(0, 400, &[100, 10, 10])).unwrap();
    assert_eq!(g.totals[0], -400);
    let e = g.play(&played(0, 410, &[100, 10, 10])).unwrap_err();
    assert!(
        e.contains("above 400") && e.contains("every marriage"),
        "{e}"
    );
    // ru: bid_max=300 holds the contract below what the cards allow.
    let mut g = game("ru");
    g.play(&played(0, 300, &[100, 10, 10])).unwrap();
    assert_eq!(g.totals[0], -300);
    let e = g.play(&played(0, 305, &[100, 10, 10])).unwrap_err();
    assert!(e.contains("above 300") && e.contains("bid_max"), "{e}");
}

/// A points check names last_trick_bonus only when the rules have one.
#[test]
fn a_points_error_names_the_last_trick_bonus_only_when_there_is_one() {
    use tysiac::engine::score::check_points;
    let e = check_points(&Rules::STANDARD, [100, 10, 5]).unwrap_err();
    assert!(!e.contains("last_trick_bonus"), "{e}");
    let e = check_points(&rules("standard last_trick_bonus=10"), [100, 10, 5]).unwrap_err();
    assert!(e.contains("last_trick_bonus=10"), "{e}");
}
