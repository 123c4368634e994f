//! Scoring (docs/rules.md, *Scoring a hand* and *A game*): one test per rule, and
//! the `tysiac score` text format and command.

use assert_cmd::Command;
use predicates::prelude::*;
use tysiac::engine::score::{
    check_bid, check_points, hand_score, parse_sheet, Game, GameResult, Hand, HandEnd, Outcome,
};
use tysiac::{Rounding, Rules};

fn rules(text: &str) -> Rules {
    text.parse().unwrap()
}

fn game(rules_text: &str) -> Game {
    Game::new(
        rules(rules_text),
        ["Ala".into(), "Bartek".into(), "Celina".into()],
    )
}

/// A played hand: `points` in players order.
fn played(declarer: usize, contract: u16, points: [u16; 3]) -> Hand {
    let points = points.to_vec();
    Hand::new(declarer, 100, Outcome::Played { contract, points })
}

fn conceded(declarer: usize, bid: u16) -> Hand {
    Hand::new(declarer, bid, Outcome::Conceded)
}

// ---------------------------------------------------------------------------
// Scoring a hand

#[test]
fn declarer_scores_the_contract_when_made() {
    // Exactly the contract is enough ("points ≥ contract").
    assert_eq!(hand_score(&Rules::STANDARD, 120, [120, 0, 0])[0], 120);
    assert_eq!(hand_score(&Rules::STANDARD, 100, [230, 0, 0])[0], 100);
}

#[test]
fn failed_contract_costs_the_contract() {
    assert_eq!(hand_score(&Rules::STANDARD, 120, [119, 1, 0])[0], -120);
    let mut g = game("standard");
    let r = g.play(&played(0, 120, [110, 10, 0])).unwrap();
    assert_eq!(r.made, Some(false));
    assert_eq!(r.earned, [-120, 10, 0]);
    assert_eq!(g.totals, [-120, 10, 0]);
}

#[test]
fn rounding_half_down_is_the_standard() {
    let r = Rules::STANDARD;
    assert_eq!(r.rounding, Rounding::HalfDown);
    // docs/rules.md's examples: 24 → 20, 25 → 20, 26 → 30.
    assert_eq!(hand_score(&r, 100, [71, 24, 25]), [-100, 20, 20]);
    assert_eq!(hand_score(&r, 100, [94, 26, 0]), [-100, 30, 0]);
}

#[test]
fn rounding_half_up() {
    let r = rules("standard rounding=half_up");
    assert_eq!(hand_score(&r, 100, [71, 24, 25]), [-100, 20, 30]);
    assert_eq!(hand_score(&r, 100, [94, 26, 0]), [-100, 30, 0]);
}

#[test]
fn rounding_to_five() {
    // The nearest 5: last digit 0–2 down, 3–4 up (5–7 to 5, 8–9 up).
    let r = rules("standard rounding=five");
    assert_eq!(hand_score(&r, 100, [75, 22, 23]), [-100, 20, 25]);
    assert_eq!(hand_score(&r, 100, [65, 27, 28]), [-100, 25, 30]);
}

#[test]
fn rounding_none_keeps_the_points() {
    let r = rules("ru");
    assert_eq!(hand_score(&r, 100, [73, 24, 23]), [-100, 24, 23]);
}

#[test]
fn declarer_points_are_not_rounded() {
    // 115 against 120 fails even though it would round to 120.
    assert_eq!(hand_score(&Rules::STANDARD, 120, [115, 5, 0])[0], -120);
}

// ---------------------------------------------------------------------------
// A game: the barrel

#[test]
fn barrel_no_defence_points_from_800() {
    let mut g = game("standard");
    g.totals = vec![100, 800, 799];
    // Ala declares; Bartek (800) scores nothing on defence, Celina (799) does.
    let r = g.play(&played(0, 100, [80, 20, 20])).unwrap().clone();
    assert_eq!(r.earned, [-100, 20, 20]);
    assert_eq!(r.added, [-100, 0, 20]);
    assert_eq!(g.totals, [0, 800, 819]);
    assert!(
        r.notes[0].contains("Bartek is on the barrel"),
        "{:?}",
        r.notes
    );
}

#[test]
fn barrel_declarer_still_scores() {
    let mut g = game("standard");
    g.totals = vec![850, 0, 0];
    g.play(&played(0, 120, [160, 0, 0])).unwrap();
    assert_eq!(g.totals[0], 970);
    g.play(&played(0, 100, [90, 30, 0])).unwrap();
    assert_eq!(
        g.totals[0], 870,
        "a failed contract counts on the barrel too"
    );
}

#[test]
fn barrel_defence_never_above_990() {
    let mut g = game("standard");
    g.totals = vec![0, 790, 0];
    // Bartek at 790 (below the barrel) takes 240 on defence: stops at 990.
    let r = g.play(&played(0, 100, [0, 240, 20])).unwrap().clone();
    assert_eq!(r.earned[1], 240);
    assert_eq!(r.added[1], 200);
    assert_eq!(g.totals[1], 990);
    assert_eq!(g.result, None, "no one wins on defence");
}

#[test]
fn barrel_switch_moves_the_start() {
    let mut g = game("standard barrel=880");
    g.totals = vec![0, 870, 880];
    let r = g.play(&played(0, 100, [80, 20, 20])).unwrap().clone();
    assert_eq!(r.added, [-100, 20, 0]);
}

#[test]
fn barrel_off_with_zero() {
    // barrel=0: defence points always count, and a defender may pass 990.
    let mut g = game("standard barrel=0");
    g.totals = vec![0, 950, 0];
    g.play(&played(0, 100, [80, 30, 10])).unwrap();
    assert_eq!(g.totals, [-100, 980, 10]);
    g.play(&played(0, 100, [80, 40, 0])).unwrap();
    assert_eq!(g.totals[1], 1020);
    assert_eq!(g.result, Some(GameResult::Winner(1)));
}

// ---------------------------------------------------------------------------
// A game: concessions

#[test]
fn concession_costs_the_bid_and_gives_60() {
    let mut g = game("standard");
    let r = g.play(&conceded(1, 110)).unwrap().clone();
    assert!(r.conceded);
    assert_eq!(r.earned, [60, -110, 60]);
    g.play(&conceded(1, 100)).unwrap();
    assert_eq!(
        g.totals,
        [120, -210, 120],
        "bomb=bid: every concession costs"
    );
}

#[test]
fn concession_first_free() {
    let mut g = game("standard bomb=first_free");
    let r = g.play(&conceded(2, 120)).unwrap().clone();
    assert_eq!(r.earned, [60, 60, 0], "the game's first costs nothing");
    assert!(
        r.notes[0].contains("the game's first: it costs nothing"),
        "{:?}",
        r.notes
    );
    // The second, by another player, costs its bid.
    let r = g.play(&conceded(0, 100)).unwrap().clone();
    assert_eq!(r.earned, [-100, 60, 60]);
    assert_eq!(g.totals, [-40, 120, 60]);
}

#[test]
fn concession_points_are_defence_points_under_the_barrel() {
    let mut g = game("standard");
    g.totals = vec![0, 800, 790];
    let r = g.play(&conceded(0, 100)).unwrap().clone();
    assert_eq!(r.added, [-100, 0, 60]);
    assert_eq!(g.totals, [-100, 800, 850]);
}

// ---------------------------------------------------------------------------
// A game: the winner

#[test]
fn first_to_1000_wins() {
    let mut g = game("standard");
    g.totals = vec![900, 0, 0];
    g.play(&played(0, 100, [110, 10, 0])).unwrap();
    assert_eq!(g.result, Some(GameResult::Winner(0)));
    assert_eq!(g.result_text(&GameResult::Winner(0)), "Ala wins with 1000");
    // No hand after the end.
    let e = g.play(&played(1, 100, [0, 120, 0])).unwrap_err();
    assert!(e.contains("the game is over: Ala wins with 1000"), "{e}");
}

#[test]
fn simultaneous_1000_declarer_wins() {
    // Without the barrel a defender can reach 1000 in the same hand; the
    // declarer wins even with the lower total.
    let mut g = game("standard barrel=0");
    g.totals = vec![900, 950, 0];
    g.play(&played(0, 100, [100, 60, 0])).unwrap();
    assert_eq!(g.totals, [1000, 1010, 0]);
    assert_eq!(g.result, Some(GameResult::Winner(0)));
}

#[test]
fn simultaneous_1000_otherwise_the_higher() {
    let mut g = game("standard barrel=0");
    g.totals = vec![0, 950, 960];
    // Ala fails; Bartek (1010) and Celina (1000) both arrive: Bartek wins.
    g.play(&played(0, 120, [80, 60, 40])).unwrap();
    assert_eq!(g.totals, [-120, 1010, 1000]);
    assert_eq!(g.result, Some(GameResult::Winner(1)));
}

#[test]
fn simultaneous_1000_equal_draw() {
    let mut g = game("standard barrel=0");
    g.totals = vec![0, 950, 960];
    g.play(&played(0, 120, [70, 50, 40])).unwrap();
    assert_eq!(g.totals, [-120, 1000, 1000]);
    assert_eq!(g.result, Some(GameResult::Draw(vec![1, 2])));
    assert_eq!(
        g.result_text(g.result.as_ref().unwrap()),
        "Bartek and Celina draw at 1000"
    );
}

// ---------------------------------------------------------------------------
// Checks on a hand

#[test]
fn roles_rotate_with_the_declarer() {
    // Players in playing order: the one after the declarer is L.
    assert_eq!(Game::seat_of(1, 2).to_string(), "L");
    assert_eq!(Game::seat_of(1, 0).to_string(), "R");
    assert_eq!(Game::player_at(2, "L".parse().unwrap()), 0);
    // Every seat of every declarer (players 0, 1, 2 in playing order),
    // and back again.
    for (declarer, d, l, r) in [(0, 0, 1, 2), (1, 1, 2, 0), (2, 2, 0, 1)] {
        for (seat, player) in [("D", d), ("L", l), ("R", r)] {
            let seat: tysiac::Seat = seat.parse().unwrap();
            assert_eq!(Game::player_at(declarer, seat), player);
            assert_eq!(Game::seat_of(declarer, player), seat);
        }
    }
    // Points are by player; the declarer's are the ones checked.
    let mut g = game("standard");
    let r = g.play(&played(2, 100, [20, 0, 100])).unwrap();
    assert_eq!(r.earned, [20, 0, 100]);
}

#[test]
fn bids_and_contracts_are_checked() {
    let r = Rules::STANDARD;
    assert!(check_bid(&r, 100).is_ok());
    assert!(check_bid(&r, 90).unwrap_err().contains("below 100"));
    assert!(check_bid(&r, 105).unwrap_err().contains("steps of 10"));
    assert!(check_bid(&rules("ru"), 105).is_ok());
    assert!(check_bid(&r, 410).unwrap_err().contains("above 400"));
    let mut g = game("standard");
    let hand = Hand::new(
        0,
        120,
        Outcome::Played {
            contract: 110,
            points: vec![120, 0, 0],
        },
    );
    assert!(g.play(&hand).unwrap_err().contains("below the bid 120"));
}

#[test]
fn points_must_be_cards_and_marriages() {
    let r = Rules::STANDARD;
    assert!(check_points(&r, [60, 30, 30]).is_ok());
    assert!(
        check_points(&r, [160, 30, 30]).is_ok(),
        "120 + the H marriage"
    );
    assert!(
        check_points(&r, [180, 20, 0]).is_ok(),
        "120 + the D marriage"
    );
    assert!(
        check_points(&r, [120, 20, 20]).is_ok(),
        "120 + the S marriage"
    );
    let e = check_points(&r, [60, 30, 20]).unwrap_err();
    assert!(e.contains("add up to 110"), "{e}");
    assert!(
        check_points(&r, [120, 20, 30]).is_err(),
        "50 is no marriage sum"
    );
    // With discards nobody counts, the tricks hold 87 to 120.
    let discard = rules("standard musik=discard");
    assert!(check_points(&discard, [50, 25, 25]).is_ok());
    assert!(check_points(&discard, [50, 20, 10]).is_err());
}

// ---------------------------------------------------------------------------
// The text format

#[test]
fn sheet_reads_players_rules_and_hands() {
    let s = parse_sheet(
        "# a game\n\
         players: Ala Bartek Celina\n\
         rules: standard bomb=first_free\n\
         \n\
         D=Ala bid=110 contract=120 points=125,40,35 # played\n\
         d=CELINA bid=100 concede\n\
         D=Bartek bid=100 position=hands.txt id=h3\n",
    );
    assert!(s.errors.is_empty(), "{:?}", s.errors);
    assert_eq!(s.rules.unwrap().to_string(), "standard bomb=first_free");
    assert_eq!(s.hands.len(), 3);
    assert_eq!(s.hands[0].line, 5);
    assert_eq!(s.hands[0].contract, Some(120));
    assert_eq!(s.hands[1].declarer, 2);
    assert_eq!(s.hands[1].end, HandEnd::Concede);
    assert_eq!(
        s.hands[2].end,
        HandEnd::Position {
            file: "hands.txt".into(),
            id: Some("h3".into())
        }
    );
}

#[test]
fn sheet_reports_each_bad_line() {
    let s = parse_sheet(
        "players: Ala Bartek Celina\n\
         D=Ala bid=100 points=60,30\n\
         D=Zenon bid=100 concede\n\
         D=Ala bid=100 colour=red\n\
         D=Ala points=60,30,30\n\
         D=Ala bid=100 concede points=60,30,30\n\
         D=Ala bid=100 contract=110 concede\n\
         D=Ala bid=100 points=60,30,30\n\
         rules: pl\n\
         D=Ala bid=100 points=60,30,30 id=x\n",
    );
    let lines: Vec<usize> = s.errors.iter().map(|e| e.line).collect();
    assert_eq!(lines, [2, 3, 4, 5, 6, 7, 9, 10], "{:?}", s.errors);
    let text: Vec<&str> = s.errors.iter().map(|e| e.message.as_str()).collect();
    assert!(text[0].contains("needs 3 numbers"), "{}", text[0]);
    assert!(text[1].contains("D=Zenon: not a player"), "{}", text[1]);
    assert!(text[2].contains("unknown key 'colour'"), "{}", text[2]);
    assert!(text[3].contains("no bid"), "{}", text[3]);
    assert!(text[4].contains("found two"), "{}", text[4]);
    assert!(text[5].contains("no contract="), "{}", text[5]);
    assert!(text[6].contains("before the first hand"), "{}", text[6]);
    assert!(text[7].contains("id= names the position"), "{}", text[7]);
    assert_eq!(s.hands.len(), 1, "the good line is kept");
}

#[test]
fn sheet_needs_players_first() {
    let s = parse_sheet("D=Ala bid=100 concede\n");
    assert_eq!(s.errors[0].line, 1);
    assert!(s.errors[0].message.contains("before the players: line"));
    let s = parse_sheet("players: Ala Ala Bartek\n");
    assert!(s.errors[0].message.contains("must differ"));
    let s = parse_sheet("");
    assert!(s.errors[0].message.contains("no players: line"));
}

// ---------------------------------------------------------------------------
// The command

fn tysiac() -> Command {
    Command::cargo_bin("tysiac").unwrap()
}

#[test]
fn cli_prints_the_sheet_and_the_winner() {
    let input = "players: Ala Bartek Celina\n\
                 D=Ala bid=100 contract=120 points=125,40,35\n\
                 D=Bartek bid=100 concede\n";
    tysiac()
        .arg("score")
        .write_stdin(input)
        .assert()
        .success()
        .stdout(predicate::str::contains("made 125"))
        .stdout(predicate::str::contains("180 (+60)"))
        .stdout(predicate::str::contains("-60 (-100)"))
        .stdout(predicate::str::contains(
            "no winner yet: Ala 180, Bartek -60, Celina 90",
        ));
}

#[test]
fn cli_json_has_one_object_per_game() {
    let input = "players: A B C\nrules: standard barrel=0\nD=A bid=100 points=100,20,0\n";
    let out = tysiac()
        .args(["score", "--json"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["rules"], "standard barrel=0");
    assert_eq!(v["hands"][0]["line"], 3);
    assert_eq!(v["hands"][0]["made"], true);
    assert_eq!(v["hands"][0]["totals"], serde_json::json!([100, 20, 0]));
    assert_eq!(v["result"], serde_json::Value::Null);
}

#[test]
fn cli_bad_lines_have_their_numbers_and_fail() {
    let input = "players: Ala Bartek Celina\n\
                 D=Ala bid=100 points=60,30\n\
                 D=Ala bid=100 points=60,30,20\n\
                 D=Bartek bid=100 concede\n";
    tysiac()
        .arg("score")
        .write_stdin(input)
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "<stdin>:2: points=60,30: needs 3 numbers",
        ))
        .stderr(predicate::str::contains("<stdin>:3: points add up to 110"))
        // The good line is still scored.
        .stdout(predicate::str::contains("conceded"));
}

#[test]
fn cli_scores_a_hand_from_its_position() {
    let dir = std::env::temp_dir().join(format!("tysiac-score-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = complete_hand();
    std::fs::write(dir.join("hands.txt"), &text).unwrap();
    std::fs::write(
        dir.join("game.txt"),
        "players: Ala Bartek Celina\nD=Bartek bid=100 position=hands.txt id=full\n",
    )
    .unwrap();
    let out = tysiac()
        .args(["score", "--json"])
        .arg(dir.join("game.txt"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let hand = &v["hands"][0];
    // Bartek is D, Celina L, Ala R: points come back in players order.
    let seat_points = final_points(&text);
    assert_eq!(
        hand["points"],
        serde_json::json!([seat_points[2], seat_points[0], seat_points[1]])
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A complete hand in the history form, played with random legal cards.
fn complete_hand() -> String {
    use rand::Rng;
    let rules = Rules::STANDARD;
    let mut rng = tysiac::engine::random::rng(7);
    let deal = tysiac::engine::random::deal(&mut rng);
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
        "id: full\ndeal: {deal}\nexchange: {exchange}\ncontract: 100\nplay: {}\n",
        moves.join(" ")
    )
}

fn final_points(text: &str) -> [u16; 3] {
    let p = tysiac::parse_position(text).unwrap();
    tysiac::engine::score::history_points(&p).unwrap()
}

#[test]
fn cli_position_must_be_a_finished_hand() {
    let dir = std::env::temp_dir().join(format!("tysiac-score-part-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("hands.txt"),
        "id: part\ndeal: AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9\nexchange: 9S QC\n\
         play: AS 9S TS\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("game.txt"),
        "players: Ala Bartek Celina\n\
         D=Ala bid=100 position=hands.txt id=part\n\
         D=Ala bid=100 position=hands.txt id=nosuch\n\
         D=Ala bid=100 position=missing.txt\n",
    )
    .unwrap();
    tysiac()
        .arg("score")
        .arg(dir.join("game.txt"))
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "game.txt:2: position part: the hand is not finished: 3 of 24 cards played",
        ))
        .stderr(
            predicate::str::contains("game.txt:3: position=")
                .and(predicate::str::contains("no position with id nosuch")),
        )
        .stderr(
            predicate::str::contains("game.txt:4: position=")
                .and(predicate::str::contains("missing.txt: cannot read")),
        );
    std::fs::remove_dir_all(&dir).ok();
}
