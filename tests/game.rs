//! The whole game (issue 19): games written by hand as records, replayed
//! by the library, with every expected total worked out in the comments
//! from docs/rules.md (*The auction*, *A game*) and the seed texts.

use assert_cmd::Command;
use tysiac::engine::score::{Game, Hand, Outcome};
use tysiac::game::record::{read, write};
use tysiac::game::{Action, Call, Decision, Table};
use tysiac::Rules;

/// Deal 1, in calling order from the dealer's left (B, C, A when A deals):
/// B holds the heart and diamond marriages (cap 120 + 100 + 80 = 300), C
/// no marriage (KC without QC: cap 120), A the spade marriage (cap 160).
const DEAL_1: &str =
    "cards: AH,KH,QH,TH,AD,KD,QD JH,9H,TD,JD,9D,AC,KC QC,TC,JC,9C,AS,KS,QS TS,JS,9S";
/// The same cards one seat on (C, A, B when B deals).
const DEAL_2: &str = DEAL_1;

fn header(rules: &str) -> String {
    format!("game: tysiac\nplayers: A B C\nrules: {rules}\nseed: 1\ndealer: A\n")
}

/// Two conceded hands: the auction, then the bomb.
fn two_bombs(rules: &str, second_bids: &str) -> String {
    format!(
        "{}\nhand: 1\ndealer: A\n{DEAL_1}\nbids: B:100 C:110 A:120 B:130 C:pass A:160 B:170 A:pass\n\
         conceded: yes\ndeal: AH,KH,QH,TH,AD,KD,QD JH,9H,TD,JD,9D,AC,KC QC,TC,JC,9C,AS,KS,QS TS,JS,9S\n\
         exchange: 9S JS\n\nhand: 2\ndealer: B\n{DEAL_2}\nbids: {second_bids}\nconceded: yes\n\
         deal: AH,KH,QH,TH,AD,KD,QD JH,9H,TD,JD,9D,AC,KC QC,TC,JC,9C,AS,KS,QS TS,JS,9S\n\
         exchange: 9S JS\n",
        header(rules)
    )
}

#[test]
fn an_auction_and_two_bombs_score_as_the_rules_say() {
    // Hand 1: B wins at 170 (A, capped at 160, must pass) and concedes:
    // B −170, A and C +60 each. Hand 2 (B deals, C opens): C plays the
    // forced 100, the others pass, C concedes: C −100, A and B +60.
    let rec = read(&two_bombs("standard redeal=none", "C:100 A:pass B:pass")).unwrap();
    assert_eq!(rec.table.sheet.totals, vec![120, -110, -40]);
    let h1 = &rec.table.hands[0];
    let won = h1.won().unwrap();
    assert_eq!(
        (h1.declarer(), won.bid, won.on_the_opening),
        (Some(1), 170, false)
    );
    let h2 = &rec.table.hands[1];
    assert!(h2.won().unwrap().on_the_opening);
    assert_eq!(h2.declarer(), Some(2));
    // Hand 3 is dealt by C: A opens, and it is B's call.
    assert_eq!(rec.table.hand().dealer, 2);
    assert_eq!(rec.table.hand().auction.calls, vec![(0, Call::Bid(100))]);
    assert_eq!(rec.table.turn().unwrap().player, 1);
}

#[test]
fn the_free_first_bomb_gives_nothing_under_pl_full() {
    // pl_full: the game's first bomb costs B nothing and, "kolejne bomby"
    // being the ones that pay, gives A and C nothing; the second costs C
    // its bid 100 and gives A and B 60 each.
    let rec = read(&two_bombs("pl_full redeal=none", "C:100 A:pass B:pass")).unwrap();
    assert_eq!(rec.table.sheet.totals, vec![60, 60, -100]);
    // With first_bomb_defenders=concession the free bomb still pays them.
    let rec = read(&two_bombs(
        "pl_full redeal=none first_bomb_defenders=concession",
        "C:100 A:pass B:pass",
    ))
    .unwrap();
    assert_eq!(rec.table.sheet.totals, vec![120, 60, -40]);
}

#[test]
fn a_bid_above_the_cap_is_refused_with_its_rule() {
    // In hand 2 A holds no marriage (the second hand of the cards line):
    // 140 is above 120.
    let text = two_bombs("standard redeal=none", "C:100 A:110 B:120 C:130 A:140");
    let e = read(&text).unwrap_err();
    assert_eq!(e.key, "bids");
    assert!(e.message.contains("needs a marriage"), "{e}");
    // A raise of 5 under bid_step=10.
    let e = read(&two_bombs("standard redeal=none", "C:100 A:105")).unwrap_err();
    assert!(e.message.contains("lowest bid now is 110"), "{e}");
    // A call out of turn.
    let e = read(&two_bombs("standard redeal=none", "C:100 B:110")).unwrap_err();
    assert!(e.message.contains("it is A's call, not B's"), "{e}");
    // A passed player may not come back: after C:100 A:pass B:110 C:pass
    // the auction is over (B wins), so A's 120 is refused.
    let e = read(&two_bombs(
        "standard redeal=none",
        "C:100 A:pass B:110 C:pass A:120",
    ))
    .unwrap_err();
    assert!(
        e.message.contains("the auction is over: B won it at 110"),
        "{e}"
    );
}

#[test]
fn ru_opening_hands_are_forced_at_120_and_doubled() {
    // opening=ru: the first three hands are played at 120 by the opener,
    // with no auction, and count double: B's bomb costs 2 × 120 = 240 and
    // gives A and C 2 × 60 = 120 each.
    let text = format!(
        "{}\nhand: 1\ndealer: A\n{DEAL_1}\nbids: B:120\nconceded: yes\n\
         deal: AH,KH,QH,TH,AD,KD,QD JH,9H,TD,JD,9D,AC,KC QC,TC,JC,9C,AS,KS,QS TS,JS,9S\n\
         exchange: 9S JS\n",
        header("ru opening=ru redeal=none")
    );
    let rec = read(&text).unwrap();
    assert_eq!(rec.table.sheet.totals, vec![120, -240, 120]);
    let bad = text.replace("bids: B:120", "bids: B:120 C:125");
    assert!(read(&bad).is_err());
}

#[test]
fn four_nines_may_ask_for_a_redeal_and_the_same_dealer_deals_again() {
    // B holds the four nines: B is asked first (and only B: C has 28
    // points and marriages, A 44). The deal is redealt by A; the hand
    // keeps its number.
    let text = format!(
        "{}\nhand: 1\ndealer: A\ncards: 9H,9D,9C,9S,AH,AD,AC KH,QH,JH,TH,KD,QD,JD TD,AS,KS,QS,JS,TS,KC QC,JC,TC\n\
         redeal: B:yes\n",
        header("standard")
    );
    let rec = read(&text).unwrap();
    let t = &rec.table;
    assert_eq!(t.hands.len(), 2);
    assert!(t.hands[0].redeal.as_deref().unwrap().contains("four nines"));
    assert_eq!((t.hand().number, t.hand().dealer), (1, 0));
    // C may not answer for B.
    let bad = text.replace("redeal: B:yes", "redeal: C:yes");
    assert!(read(&bad)
        .unwrap_err()
        .message
        .starts_with("C may not ask for a redeal"));
    // Under redeal=none nobody is asked: a redeal line is out of place.
    let none = text.replace("rules: standard", "rules: standard redeal=none");
    assert!(read(&none).is_err());
}

#[test]
fn below_the_floor_a_player_passes() {
    // bid_floor=-100: after hand 1 B has −170 and is barred. In hand 2
    // (B deals; C, A, B call) B's call is a forced pass: C:100 A:pass, and
    // the table passes for B.
    let text = two_bombs("standard redeal=none bid_floor=-100", "C:100 A:pass B:pass");
    let rec = read(&text).unwrap();
    assert_eq!(rec.table.sheet.totals, vec![120, -110, -40]);
    // B on the dealer's left (hand 4, A deals) would open: it passes and C
    // opens instead. Checked on the auction of a fresh table at that score.
    let mut t = Table::new(
        "standard redeal=none bid_floor=-100".parse().unwrap(),
        vec!["A".into(), "B".into(), "C".into()],
        5,
        0,
    )
    .unwrap();
    t.sheet.totals = vec![0, -150, 0];
    t.set_cards(DEAL_1.trim_start_matches("cards: ").parse().unwrap())
        .unwrap();
    assert_eq!(
        t.hand().auction.calls,
        vec![(0, Call::Pass), (1, Call::Bid(100))]
    );
    assert_eq!(t.turn().unwrap().player, 0, "A calls next");
}

#[test]
fn four_players_the_dealer_sits_out_and_scores_the_musik() {
    // ru_full with four: A deals and sits out; B C D call. B wins at 100
    // on the opening and concedes: B −100, C and D +60, and A scores the
    // musik as ru-a says: its card points (TS JS 9S: 12) rounded by
    // rounding=none: 12.
    let text = "game: tysiac\nplayers: A B C D\nrules: ru_full redeal=none\nseed: 1\ndealer: A\n\n\
                hand: 1\ndealer: A\ncards: AH,KH,QH,TH,AD,KD,QD JH,9H,TD,JD,9D,AC,KC QC,TC,JC,9C,AS,KS,QS TS,JS,9S\n\
                bids: B:100 C:pass D:pass\nconceded: yes\n\
                deal: AH,KH,QH,TH,AD,KD,QD JH,9H,TD,JD,9D,AC,KC QC,TC,JC,9C,AS,KS,QS TS,JS,9S\n\
                exchange: 9S JS\n";
    let rec = read(text).unwrap();
    assert_eq!(rec.table.sheet.totals, vec![12, -100, 60, 60]);
    // Hand 2: B deals and sits out; C opens.
    assert_eq!(rec.table.hand().bidders, vec![2, 3, 0]);
}

#[test]
fn failed_costs_bid_deducts_the_bid_not_the_raised_contract() {
    // pl: "wylicytowaną wartość odejmuje się": bid 110, contract raised to
    // 150, 100 taken (120 card points in all: 100 + 10 + 10): −110.
    let mut g = Game::new(
        "pl failed_costs=bid".parse().unwrap(),
        ["A".into(), "B".into(), "C".into()],
    );
    let hand = Hand::new(
        0,
        110,
        Outcome::Played {
            contract: 150,
            points: vec![100, 10, 10],
        },
    );
    g.play(&hand).unwrap();
    assert_eq!(g.totals, vec![-110, 10, 10]);
    // The default: the contract.
    let mut g = Game::new(Rules::PL, ["A".into(), "B".into(), "C".into()]);
    g.play(&hand).unwrap();
    assert_eq!(g.totals, vec![-150, 10, 10]);
}

#[test]
fn a_game_to_500_ends_at_500_and_stops_defence_at_490() {
    // The Norwegian app's short game: game_to=500, barrel=400. A defender
    // at 450 taking 60 stops at 490 (10 below 500); a declarer at 390
    // making 120 reaches 510 and wins.
    let mut g = Game::new(
        "standard game_to=500 barrel=400".parse().unwrap(),
        ["A".into(), "B".into(), "C".into()],
    );
    g.totals = vec![390, 350, 0];
    g.play(&Hand::new(
        1,
        100,
        Outcome::Played {
            contract: 100,
            points: vec![60, 60, 0],
        },
    ))
    .unwrap();
    // B declares 100 with 60: fails, −100; A (390, below 400) defends with
    // 60: 450; C 0.
    assert_eq!(g.totals, vec![450, 250, 0]);
    g.play(&Hand::new(
        1,
        100,
        Outcome::Played {
            contract: 100,
            points: vec![60, 60, 0],
        },
    ))
    .unwrap();
    // A now at 450 ≥ 400: on the barrel, defence adds nothing.
    assert_eq!(g.totals[0], 450);
    g.totals[0] = 390;
    g.play(&Hand::new(
        0,
        120,
        Outcome::Played {
            contract: 120,
            points: vec![120, 0, 0],
        },
    ))
    .unwrap();
    assert_eq!(g.totals[0], 510);
    assert!(g.result.is_some());
}

#[test]
fn whole_games_written_and_read_back_agree_with_the_cli() {
    // A game of heuristic players to its end, written as a record: `score`
    // prints its sheet with the same totals, `solve` solves every hand.
    let players: Vec<String> = ["A", "B", "C"].map(String::from).to_vec();
    let mut t = Table::new(Rules::STANDARD, players, 21, 0).unwrap();
    let c = tysiac::players::computer::Computer::new("heuristic".parse().unwrap());
    let mut solver = tysiac::Solver::new(Rules::STANDARD);
    while let Some(turn) = t.turn() {
        let a = c.act(&t, &turn, &mut solver);
        t.act(a).unwrap();
    }
    let totals = t.sheet.totals.clone();
    let dir = std::env::temp_dir().join(format!("tysiac-game-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.txt");
    std::fs::write(&path, write(&t, None)).unwrap();
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args(["score", "--json"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let got: Vec<i64> = json["totals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect();
    assert_eq!(
        got,
        totals.iter().map(|&x| i64::from(x)).collect::<Vec<_>>()
    );
    let played = t.hands.iter().filter(|h| h.declarer().is_some()).count();
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args(["solve", "--json"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), played);
}

#[test]
fn the_table_refuses_actions_out_of_turn() {
    let mut t = Table::new(
        "standard redeal=none".parse().unwrap(),
        vec!["A".into(), "B".into(), "C".into()],
        3,
        0,
    )
    .unwrap();
    assert_eq!(t.turn().unwrap().decision, Decision::Call);
    let e = t.act(Action::Concede).unwrap_err();
    assert!(e.0.contains("call in the auction"), "{e}");
    let e = t.act(Action::Redeal(true)).unwrap_err();
    assert!(e.0.contains("not the time"), "{e}");
}

#[test]
fn bid_under_ru_never_goes_above_300() {
    // All four aces (the ace marriage, 200) and the heart marriage (100):
    // 120 + 300 = 420 by the cards, but ru-a's highest bid is 300.
    let hand = "AH AD AC AS KH QH 9S";
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args(["bid", hand, "--rules", "ru", "--samples", "20", "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(r["cap"], 300);
    for row in r["levels"].as_array().unwrap() {
        if row["allowed"] == true {
            assert!(row["level"].as_u64().unwrap() <= 300, "{row}");
        }
    }
    // One answer for the auction (issue 48): no threshold levels beside it.
    assert!(r.get("recommended_bid").is_none() && r.get("safe_bid").is_none());
    for key in ["worth_bidding"] {
        if let Some(l) = r[key].as_u64() {
            assert!(l <= 300, "{key}: {l}");
        }
    }
    // In an auction the calls stop at 300 too.
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args(["bid", hand, "--rules", "ru", "--samples", "4", "--json"])
        .args(["--auction", "L:100 R:?"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let top = r["calls"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["call"].as_str().unwrap().parse::<u16>().ok())
        .max()
        .unwrap();
    assert_eq!(top, 300);
}

#[test]
fn auction_advice_refuses_a_wrong_auction_naming_the_call() {
    for (auction, want) in [
        ("R:100 D:?", "opens L:100"),
        ("L:100 D:110 R:?", "R's call"),
        ("L:100 R:105 D:?", "lowest bid now is 110"),
        ("L:100 R:110", "SEAT:?"),
        ("L:100 X:110 D:?", "seats are L"),
    ] {
        let out = Command::cargo_bin("tysiac")
            .unwrap()
            .args(["bid", "AH KH QH TD 9D AS JS", "--auction", auction])
            .output()
            .unwrap();
        assert!(!out.status.success(), "{auction}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("--auction") && err.contains(want),
            "{auction}: {err}"
        );
    }
}

#[test]
fn bid_judges_the_calls_of_a_recorded_hand_and_advises_the_next() {
    // Hand 1 of DEAL_1 with B:100 C:110 called: C's 110 is judged, and A
    // (the spade marriage, cap 160) is to call: pass, or 120 to 160.
    let text = format!(
        "{}\nhand: 1\ndealer: A\n{DEAL_1}\nbids: B:100 C:110\n",
        header("standard redeal=none")
    );
    let dir = std::env::temp_dir().join(format!("tysiac-bid-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.txt");
    std::fs::write(&path, text).unwrap();
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args(["bid", "--samples", "4", "--json", "--record"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let calls = r["calls"].as_array().unwrap();
    assert_eq!(calls.len(), 1, "the forced 100 is no choice");
    // C's 110 followed only the forced opening: nothing to read. A, next,
    // hears C's 110.
    assert_eq!(
        (&calls[0]["inference"], &calls[0]["effective_samples"]),
        (&serde_json::json!("none"), &serde_json::json!(4.0))
    );
    assert_eq!(r["next"]["inference"], "model");
    let worth = r["next"]["effective_samples"].as_f64().unwrap();
    assert!(worth > 0.0 && worth <= 4.0, "{worth}");
    assert_eq!(
        (calls[0]["player"].as_str(), calls[0]["call"].as_str()),
        (Some("C"), Some("110"))
    );
    assert_eq!(r["next"]["player"], "A");
    let next: Vec<&str> = r["next"]["calls"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["call"].as_str().unwrap())
        .collect();
    let mut sorted = next.clone();
    sorted.sort();
    assert_eq!(sorted, ["120", "130", "140", "150", "160", "pass"]);
    // Uniform layouts asked for: the next call reads nothing.
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args([
            "bid",
            "--samples",
            "4",
            "--json",
            "--inference",
            "none",
            "--record",
        ])
        .arg(&path)
        .output()
        .unwrap();
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (&r["next"]["inference"], &r["next"]["effective_samples"]),
        (&serde_json::json!("none"), &serde_json::json!(4.0))
    );
    // A hand the record does not have.
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args(["bid", "--hand", "7", "--record"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--hand 7"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `bid --auction` reads the others' calls by default and says so; `--inference
/// none` samples uniformly; `--inference` alone has nothing to read.
#[test]
fn auction_advice_reads_the_others_calls() {
    let advice = |inference: Option<&str>| {
        let mut cmd = Command::cargo_bin("tysiac").unwrap();
        cmd.args(["bid", "AH KH QH TD 9D AS JS", "--samples", "30", "--json"])
            .args(["--auction", "L:100 R:130 D:?"]);
        if let Some(i) = inference {
            cmd.args(["--inference", i]);
        }
        let out = cmd.output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let read = advice(None);
    assert_eq!(read["inference"], "model");
    let worth = read["effective_samples"].as_f64().unwrap();
    assert!(worth > 0.0 && worth <= 30.0, "{worth}");
    assert_eq!(advice(Some("model")), read);
    let uniform = advice(Some("none"));
    assert_eq!(uniform["inference"], "none");
    assert_eq!(uniform["effective_samples"], 30.0);
    // R's 130 read: R holds more than the hard facts say, so the bidder's
    // own chances as declarer are judged lower on the same seed.
    let p = |v: &serde_json::Value, call: &str| {
        v["calls"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["call"] == call)
            .unwrap()["probability"]
            .as_f64()
            .unwrap()
    };
    assert!(
        p(&read, "150") < p(&uniform, "150"),
        "{read} against {uniform}"
    );

    // The table for people says what the draws are worth when read (with
    // --verbose: a figure for analysts).
    for (inference, said) in [("model", true), ("none", false)] {
        let out = Command::cargo_bin("tysiac")
            .unwrap()
            .args([
                "bid",
                "AH KH QH TD 9D AS JS",
                "--samples",
                "30",
                "--verbose",
            ])
            .args(["--auction", "L:100 R:130 D:?", "--inference", inference])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            text.contains("weighed by the others' calls: worth "),
            said,
            "{inference}: {text}"
        );
    }

    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args(["bid", "AH KH QH TD 9D AS JS", "--inference", "none"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--inference") && err.contains("--auction"),
        "{err}"
    );
}

/// A deal of 24 different cards in the wrong shape (8, 6, 7 and a musik of
/// 3) is refused: each hand is 7 cards.
#[test]
fn a_deal_in_the_wrong_shape_is_refused() {
    use tysiac::{CardSet, Deal};
    let set = |s: &str| {
        s.split(',')
            .map(|c| c.parse().unwrap())
            .collect::<CardSet>()
    };
    let mut t = Table::new(
        Rules::STANDARD,
        vec!["A".into(), "B".into(), "C".into()],
        5,
        0,
    )
    .unwrap();
    let deal = Deal::new(
        [
            set("AH,KH,QH,TH,AD,KD,QD,JH"),
            set("9H,TD,JD,9D,AC,KC"),
            set("QC,TC,JC,9C,AS,KS,QS"),
        ],
        set("TS,JS,9S"),
    );
    let e = t.set_cards(deal).unwrap_err();
    assert!(e.to_string().contains("7 7 7 cards"), "{e}");
}

/// The hands `analyze` plays through double-dummy (and views): none of
/// two conceded hands and the hand being dealt, as the review itself
/// finds, so the page's progress counts what is done.
#[test]
fn conceded_and_unplayed_hands_are_not_analyzed() {
    use tysiac::analysis::postmortem;
    let rec = read(&two_bombs("standard redeal=none", "C:100 A:pass B:pass")).unwrap();
    assert_eq!(rec.table.hands.len(), 3);
    assert_eq!(postmortem::hands_analyzed(&rec.table), 0);
    let workers = tysiac::solver::Workers::new(rec.table.rules, 1).unwrap();
    let opts = postmortem::GameOptions {
        bid_samples: 2,
        seed: 1,
        inference: tysiac::Inference::None,
        view: Some(2),
    };
    let ticks = std::sync::atomic::AtomicUsize::new(0);
    let review = postmortem::review_game(&rec.table, &opts, &workers, &|| {}, &|| {
        ticks.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    })
    .unwrap();
    assert_eq!(review.hands.len(), 3, "every hand reviewed");
    assert!(review.hands.iter().all(|h| h.analysis.is_none()));
    assert!(review.hands[..2].iter().all(|h| h.bomb.is_some()));
    assert_eq!(ticks.into_inner(), 0, "no hand viewed");
}
