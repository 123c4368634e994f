//! Issue 46: the game's numeric and once-only rules at both sides of their
//! boundaries (redeals, the auction's caps and steps, bombs, bolts, 555,
//! the barrel), the ru-a barrel's readings (item 5), the score sheet's
//! counts with two players (item 3), and the values judged for a bidder
//! from its own total. Every expected value is worked out in the comments
//! from the rule's sentence, quoted beside it.

use assert_cmd::Command;
use serde_json::Value;
use tysiac::analysis::postmortem::judge_calls;
use tysiac::engine::score::{Game, GameResult, Hand, Outcome};
use tysiac::game::auction::{bid_cap, Auction};
use tysiac::game::record::read;
use tysiac::game::redeal::{may_ask, why_not_ask};
use tysiac::game::Call;
use tysiac::players::computer::Computer;
use tysiac::{CardSet, Rules};

fn rules(text: &str) -> Rules {
    text.parse().unwrap()
}

fn cards(s: &str) -> CardSet {
    s.split_whitespace().map(|c| c.parse().unwrap()).collect()
}

fn game(rules_text: &str) -> Game {
    Game::new(
        rules(rules_text),
        ["Ala".into(), "Bartek".into(), "Celina".into()],
    )
}

/// A played hand at bid 100: `points` in players order.
fn played(declarer: usize, contract: u16, points: &[u16]) -> Hand {
    let points = points.to_vec();
    Hand::new(declarer, 100, Outcome::Played { contract, points })
}

fn conceded(declarer: usize, bid: u16) -> Hand {
    Hand::new(declarer, bid, Outcome::Conceded)
}

/// `tysiac score --json` of a score text: the JSON line, and the errors.
fn score_json(text: &str) -> (Value, String) {
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args(["score", "--json", "-"])
        .write_stdin(text)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let json = serde_json::from_str(stdout.lines().next().unwrap_or("null")).unwrap();
    (json, String::from_utf8(out.stderr).unwrap())
}

// ---------------------------------------------------------------------
// Redeals (docs/rules.md, *Redeals*)

/// no: "Med fire nier, eller med under 10 poeng i kortene og ingen
/// mariasje". Three nines always, so that only the points decide: J J J Q
/// = 9 points may ask, J J J K = 10 may not.
#[test]
fn standard_redeal_under_10_points_and_not_at_10() {
    let r = Rules::STANDARD;
    assert!(may_ask(&r, cards("9H 9D 9C JH JD JC QS"), false).is_some());
    assert!(may_ask(&r, cards("9H 9D 9C JH JD JC KS"), false).is_none());
    assert_eq!(
        why_not_ask(&r, cards("9H 9D 9C JH JD JC KS"), false).unwrap(),
        "a redeal is for four nines, or under 10 card points and no marriage \
         (redeal=standard), and this hand holds 3 nines and 10 card points"
    );
    // Four nines ask with any points; three with 46 points may not.
    assert!(may_ask(&r, cards("9H 9D 9C 9S AH AD AC"), false).is_some());
    assert!(may_ask(&r, cards("9H 9D 9C AS AH AD AC"), false).is_none());
}

/// ru-a: "4 девятки (3 девятки на «сотне») или менее 14 очков". Two nines,
/// so only the points decide: J J J Q K = 13 may ask, J J J K K = 14 not.
#[test]
fn ru_redeal_under_14_points_and_three_nines_only_on_the_hundred() {
    let r = Rules::RU;
    let thirteen = cards("9H 9D JH JD JC QS KC");
    let fourteen = cards("9H 9D JH JD JC KS KC");
    assert_eq!(
        may_ask(&r, thirteen, false).as_deref(),
        Some("13 card points")
    );
    assert!(may_ask(&r, fourteen, false).is_none());
    assert_eq!(
        why_not_ask(&r, fourteen, false).unwrap(),
        "a redeal is for four nines, three nines on the hundred, or under 14 card points \
         (redeal=ru), and this hand holds 2 nines and 14 card points"
    );
    assert!(
        may_ask(&r, fourteen, true).is_none(),
        "two nines: not even on the hundred"
    );
    // Three nines (and 39 points): on the hundred only.
    let three = cards("9H 9D 9C AS TS KS QS");
    assert!(may_ask(&r, three, true).is_some());
    assert!(may_ask(&r, three, false).is_none());
    // Four nines anywhere.
    assert!(may_ask(&r, cards("9H 9D 9C 9S AS TS KS"), false).is_some());
}

/// pl: "posiadacz wszystkich czterech dziewiątek może poprosić o ponowne
/// rozdanie": four nines, not three, and no points rule.
#[test]
fn nines_redeal_four_not_three() {
    let r = Rules::PL;
    assert!(may_ask(&r, cards("9H 9D 9C 9S AS TS KS"), false).is_some());
    assert!(may_ask(&r, cards("9H 9D 9C JS JH JD JC"), true).is_none());
}

// ---------------------------------------------------------------------
// The auction's caps and steps (docs/rules.md, *The auction*)

/// "A bid may not go above the bidder's cap: 120 plus the marriages in the
/// bidder's seven cards". KH QH (100) and KS QS (40): the cap is 260; 260
/// may be bid, 270 not. Without a marriage the cap is 120: 120 yes, 130 no.
#[test]
fn a_bid_at_the_cap_is_allowed_and_one_step_above_is_not() {
    let r = Rules::STANDARD;
    let married = cards("KH QH KS QS 9D 9C JD");
    assert_eq!(bid_cap(married, &r), 260);
    let plain = cards("AH TH AD TD AC TC AS");
    assert_eq!(bid_cap(plain, &r), 120);
    let caps = vec![
        Some(120),
        Some(bid_cap(married, &r)),
        Some(bid_cap(plain, &r)),
    ];
    let a = Auction::new(&r, caps, vec![false; 3], 100);
    assert_eq!(a.why_not(Call::Bid(260)), None);
    assert!(a.why_not(Call::Bid(270)).unwrap().contains("above 260"));
    assert_eq!(*a.legal_calls().last().unwrap(), Call::Bid(260));
    let mut a = a;
    a.call(Call::Bid(110)).unwrap();
    assert_eq!(a.why_not(Call::Bid(120)), None);
    assert!(a.why_not(Call::Bid(130)).is_some());
    // ru-a's bid_max: "Максимально возможное значение ставки 300 очков".
    let ru = Rules::RU;
    let all = cards("KH QH KD QD KC QC AS");
    let a = Auction::new(
        &ru,
        vec![Some(120), Some(bid_cap(all, &ru)), None],
        vec![false; 3],
        100,
    );
    assert_eq!(a.why_not(Call::Bid(300)), None);
    assert!(a
        .why_not(Call::Bid(305))
        .unwrap()
        .ends_with("(bid_max=300)"));
}

/// The step: 10 under standard (100 → 110, 105 is no raise), 5 under ru
/// (105 raises); under `bid_step=5,10@200` 195 → 200 → 210, 205 not.
#[test]
fn a_raise_is_at_least_one_step() {
    let a = Auction::new(&Rules::STANDARD, vec![Some(400); 3], vec![false; 3], 100);
    assert_eq!(a.lowest_raise(), 110);
    assert!(a.why_not(Call::Bid(105)).is_some());
    assert_eq!(a.why_not(Call::Bid(110)), None);
    let a = Auction::new(&Rules::RU, vec![Some(300); 3], vec![false; 3], 100);
    assert_eq!(a.lowest_raise(), 105);
    assert_eq!(a.why_not(Call::Bid(105)), None);
    let r = rules("standard bid_step=5,10@200");
    let mut a = Auction::new(&r, vec![Some(400); 3], vec![false; 3], 100);
    a.call(Call::Bid(195)).unwrap();
    assert_eq!(a.lowest_raise(), 200);
    a.call(Call::Bid(200)).unwrap();
    assert_eq!(a.lowest_raise(), 210);
    assert!(a.why_not(Call::Bid(205)).is_some());
}

// ---------------------------------------------------------------------
// Bombs, bolts, 555

/// pl: "Pierwsza bomba zwykle nie powoduje odpisania wylicytowanych
/// punktów": the first bomb is free, once.
/// Three concessions by different players at bid 100: Ala's costs nothing,
/// Bartek's −100, Celina's −100 (bomb=first_free); each gives its
/// defenders 60.
#[test]
fn the_first_bomb_is_free_once_not_twice() {
    let mut g = game("standard bomb=first_free");
    g.play(&conceded(0, 100)).unwrap();
    assert_eq!(g.totals, [0, 60, 60]);
    g.play(&conceded(1, 100)).unwrap();
    assert_eq!(g.totals, [60, -40, 120]);
    g.play(&conceded(2, 110)).unwrap();
    assert_eq!(g.totals, [120, 20, 10]);
    // Without the switch the first costs too.
    let mut g = game("standard");
    g.play(&conceded(0, 100)).unwrap();
    assert_eq!(g.totals, [-100, 60, 60]);
}

/// ru-a: "Игрок не взявший ни одной взятки, получает «болт»; если игрок
/// набрал три болта, то его штрафуют на 120 очков." One trick is no bolt;
/// none is. Bartek wins 1 trick three times (no bolt), Celina none (the
/// third costs 120).
#[test]
fn a_bolt_is_no_trick_not_one() {
    let mut g = game("standard bolts=yes");
    for _ in 0..3 {
        let mut h = played(0, 100, &[100, 20, 0]);
        h.tricks = Some(vec![7, 1, 0]);
        g.play(&h).unwrap();
    }
    assert_eq!(
        g.bolts,
        [0, 0, 0],
        "Celina's third bolt started the count again"
    );
    assert_eq!(g.totals, [300, 60, -120]);
}

/// ru-a: "При достижении любым игроком после очередного раунда 555 очков,
/// его очки обнуляются." 554 and 556 stay, 555 goes to 0.
#[test]
fn only_555_itself_is_reset() {
    let mut g = game("standard reset_555=yes");
    g.totals = vec![454, 536, 535];
    // Ala makes 100 with 120 (80 in cards and the spade marriage 40): 454
    // + 100 = 554; Bartek 536 + 20 = 556; Celina 535 + 20 = 555 → 0.
    g.play(&played(0, 100, &[120, 20, 20])).unwrap();
    assert_eq!(g.totals, [554, 556, 0]);
}

// ---------------------------------------------------------------------
// The barrel

/// docs/rules.md: "From 800 points (*the barrel*) a player scores only as
/// declarer, and a defender never passes 990 on defence." 799 adds its
/// defence, 800 does not; under ru (barrel=880) 879 adds and 880 not.
#[test]
fn the_barrel_starts_at_its_line_not_below() {
    let mut g = game("standard");
    g.totals = vec![0, 799, 800];
    // Ala makes 100 with 100; Bartek and Celina take 10 each.
    g.play(&played(0, 100, &[100, 10, 10])).unwrap();
    assert_eq!(g.totals, [100, 809, 800]);
    let mut g = game("ru");
    g.totals = vec![0, 879, 880];
    g.play(&played(0, 100, &[100, 10, 10])).unwrap();
    assert_eq!(g.totals, [100, 889, 880]);
}

/// "a defender never passes 990 on defence": Bartek below the barrel takes
/// 200 on defence (100 in cards and the heart marriage), Ala fails 100 with
/// 20: from 790 he reaches 990 whole, from 791 he stops at 990.
#[test]
fn a_defender_stops_at_990() {
    for (bartek, after) in [(790, 990), (791, 990), (780, 980)] {
        let mut g = game("standard");
        g.totals = vec![0, bartek, 0];
        g.play(&played(0, 100, &[20, 200, 0])).unwrap();
        assert_eq!(g.totals, [-100, after, 0], "from {bartek}");
    }
}

const RU_BARREL: &str = "ru barrel_rule=ru barrel_clamp=yes";

/// ru-a: "Кто первый достигнет суммарного количества очков равных 1000 или
/// более, тот и является победителем в игре." Ala on the barrel (880)
/// makes 125 (190 points: 90 in cards and the heart marriage 100): 1005, she
/// wins. Bartek climbs onto the barrel in the same hand (850 + 30 = 880):
/// "сидящей на бочке сбрасывается" knocks off only one still sitting there;
/// Ala has left it by winning. (Before: knocked off, 885, no winner.)
#[test]
fn a_win_from_the_barrel_stands_when_another_climbs_on() {
    let mut g = game(RU_BARREL);
    g.totals = vec![880, 850, 0];
    g.on_barrel[0] = Some(0);
    let r = g.play(&played(0, 125, &[190, 30, 0])).unwrap().clone();
    assert_eq!(g.totals, [1005, 880, 0]);
    assert_eq!(g.result, Some(GameResult::Winner(0)));
    assert!(!r.notes.iter().any(|n| n.contains("knocked off")), "{r:?}");
    // Without Bartek's climb she wins the same way.
    let mut g = game(RU_BARREL);
    g.totals = vec![880, 800, 0];
    g.on_barrel[0] = Some(1);
    g.play(&played(0, 125, &[190, 30, 0])).unwrap();
    assert_eq!(g.totals, [1005, 830, 0]);
    assert_eq!(g.result, Some(GameResult::Winner(0)));
}

/// The reading docs/rules.md takes (*The ru-a barrel*): "начисление ему
/// последующих очков прекращается ... Дается три попытки": a failed
/// contract on the barrel costs nothing during the tries
/// (`barrel_failed=free`); `barrel_failed=deducted` deducts it, and 880 −
/// 120 = 760 is below the line: off the barrel, without the fall's 120.
#[test]
fn a_failed_contract_on_the_barrel_is_free_or_deducted_by_the_switch() {
    for (switch, ala, on) in [
        ("", 880, Some(1)),
        (" barrel_failed=free", 880, Some(1)),
        (" barrel_failed=deducted", 760, None),
    ] {
        let mut g = game(&format!("{RU_BARREL}{switch}"));
        g.totals = vec![880, 0, 0];
        g.on_barrel[0] = Some(0);
        // Ala fails 120 with 110 points; Bartek 10, Celina 0.
        g.play(&played(0, 120, &[110, 10, 0])).unwrap();
        assert_eq!(g.totals, [ala, 10, 0], "{switch}");
        assert_eq!(g.on_barrel[0], on, "{switch}");
        assert_eq!(g.unplayed_barrels[0], 0, "{switch}");
    }
    // A concession likewise: 880 − 100 = 780 when deducted; each defender +60.
    let mut g = game(&format!("{RU_BARREL} barrel_failed=deducted"));
    g.totals = vec![880, 0, 0];
    g.on_barrel[0] = Some(2);
    g.play(&conceded(0, 100)).unwrap();
    assert_eq!(g.totals, [780, 60, 60]);
    assert_eq!(g.on_barrel[0], None);
}

#[test]
fn barrel_failed_is_a_switch_like_the_others() {
    let r = rules("ru_full barrel_failed=deducted");
    assert_eq!(r.to_string(), "ru_full barrel_failed=deducted");
    assert_eq!(r.get("barrel_failed").as_deref(), Some("deducted"));
    assert_eq!(
        rules("ru_full").get("barrel_failed").as_deref(),
        Some("free")
    );
    let e = "ru barrel_failed=deducted".parse::<Rules>().unwrap_err();
    assert!(e.0.starts_with("barrel_failed"), "{e:?}");
    assert!("ru_full barrel_failed=maybe".parse::<Rules>().is_err());
}

/// ru-a's three tries: "Дается три попытки (три раунда) ... Если все три
/// попытки не достигли цели, игрок слетает с «бочки», получает штраф 120
/// очков". After two tries Ala still sits; the third ends them: −120.
#[test]
fn the_barrel_gives_three_tries_not_two_or_four() {
    let mut g = game(RU_BARREL);
    g.totals = vec![880, 0, 0];
    g.on_barrel[0] = Some(0);
    g.play(&played(1, 100, &[0, 100, 20])).unwrap();
    g.play(&played(1, 100, &[0, 100, 20])).unwrap();
    assert_eq!((g.totals[0], g.on_barrel[0]), (880, Some(2)));
    g.play(&played(1, 100, &[0, 100, 20])).unwrap();
    assert_eq!((g.totals[0], g.on_barrel[0]), (760, None));
    assert_eq!(g.unplayed_barrels[0], 1);
}

// ---------------------------------------------------------------------
// The score sheet's counts (issue 46, item 3)

/// Two players play ten tricks: "tricks=10,0" is a bolt for B (ru-a's
/// bolt, above), not an error. A makes 120 with 160 points (120 in cards
/// and the spade marriage 40) three times: 360; B's third bolt: −120.
#[test]
fn two_players_write_a_bolt_of_ten_tricks() {
    let hand = "D=A bid=120 points=160,0 tricks=10,0\n";
    let text = format!("players: A B\nrules: ru_full players=2\n{hand}{hand}{hand}");
    let (json, errors) = score_json(&text);
    assert_eq!(errors, "");
    assert_eq!(json["totals"], serde_json::json!([360, -120]));
    // What is missing is written for two.
    let (_, errors) =
        score_json("players: A B\nrules: ru_full players=2\nD=A bid=120 points=160,0\n");
    assert!(
        errors.contains(
            ":3: bolts=yes needs the tricks each player won: tricks=<a>,<b> (or position=)"
        ),
        "{errors}"
    );
    let (_, errors) = score_json("players: A B\nrules: ru_full players=2\nD=A bid=120\n");
    assert!(
        errors.contains(":3: no result: points=<a>,<b>, concede or position=<file>"),
        "{errors}"
    );
    // Eleven tricks are too many for anyone.
    let (_, errors) = score_json(
        "players: A B\nrules: ru_full players=2\nD=A bid=120 points=160,0 tricks=11,0\n",
    );
    assert!(
        errors
            .contains(":3: tricks=11,0: 11 is more than the 10 tricks of a hand under these rules"),
        "{errors}"
    );
}

/// musik=discard plays 7 tricks: 7,0,0 is a whole hand, 8,0,0 is not.
#[test]
fn a_discard_hand_has_seven_tricks() {
    let head = "players: A B C\nrules: standard musik=discard bolts=yes\n";
    let (json, errors) = score_json(&format!("{head}D=A bid=100 points=120,0,0 tricks=7,0,0\n"));
    assert_eq!(errors, "");
    assert_eq!(json["totals"], serde_json::json!([100, 0, 0]));
    let (_, errors) = score_json(&format!("{head}D=A bid=100 points=120,0,0 tricks=8,0,0\n"));
    assert!(
        errors.contains("8 is more than the 7 tricks of a hand"),
        "{errors}"
    );
    let (_, errors) = score_json(&format!("{head}D=A bid=100 points=120,0,0 tricks=6,0,0\n"));
    assert!(
        errors.contains("tricks add up to 6, not the 7 tricks"),
        "{errors}"
    );
    // Three players without musik=discard: 8.
    let (_, errors) = score_json(
        "players: A B C\nrules: standard bolts=yes\nD=A bid=100 points=120,0,0 tricks=8,0,0\n",
    );
    assert_eq!(errors, "");
}

/// `last_trick_bonus=10`: the last trick's 10 counts like card points, so
/// a hand's points add up to 130 (a game under it stopped at its first
/// hand: "points add up to 170, which is not the 120 card points ...").
#[test]
fn the_last_tricks_bonus_is_part_of_a_hands_points() {
    let r = rules("standard last_trick_bonus=10");
    let mut g = Game::new(r, ["A".to_string(), "B".into(), "C".into()]);
    g.play(&played(0, 100, &[100, 20, 10])).unwrap();
    assert_eq!(g.totals, [100, 20, 10]);
    let e = g.play(&played(0, 100, &[100, 10, 10])).unwrap_err();
    assert!(
        e.contains("not the 130 card points (120 and last_trick_bonus=10)"),
        "{e}"
    );
}

// ---------------------------------------------------------------------
// Values judged for a bidder: its own total, not another player's

/// A bidder knows its own total and bolts: totals that differ show which.
#[test]
fn the_computer_bids_from_its_own_total_and_bolts() {
    let text = "game: tysiac\nplayers: A B C\nrules: standard bolts=yes redeal=none\nseed: 4\n";
    let mut rec = read(text).unwrap();
    rec.table.sheet.totals = vec![300, 820, -40];
    rec.table.sheet.bolts = vec![0, 2, 1];
    let t = &rec.table;
    // A deals: B opens, C is to call.
    for (player, total, bolts) in [(1, 820, 2), (2, -40, 1), (0, 300, 0)] {
        let seen = Computer::seen(t, player);
        assert_eq!((seen.total, seen.bolts), (total, bolts), "player {player}");
        assert_eq!(seen.hand, t.hand().cards_of(player).unwrap());
        assert_eq!(t.hand().bidders[seen.me], player);
    }
}

/// A post-mortem judges each call from its bidder's total: on the barrel
/// (820 ≥ 800) a pass adds nothing ("a player scores only as declarer"),
/// below it the pass is worth the defence points expected.
#[test]
fn a_judged_pass_is_valued_with_its_bidders_total() {
    let text = "game: tysiac\nplayers: A B C\nrules: standard redeal=none\nseed: 1\ndealer: A\n\n\
                hand: 1\nbids: B:100 C:pass A:pass\n";
    let rec = read(text).unwrap();
    let t = &rec.table;
    let h = t.hand();
    let workers = tysiac::solver::Workers::new(t.rules, 1).unwrap();
    let pass_of = |totals: &[i32], who: &str| {
        let reviews = judge_calls(
            t,
            h,
            totals,
            &[0, 0, 0],
            6,
            1,
            tysiac::players::inference::Inference::None,
            tysiac::estimate::real::Basis::DoubleDummy,
            &workers,
            &|| {},
        );
        reviews.iter().find(|c| c.player == who).unwrap().expected
    };
    // C on the barrel, A not: C's pass 0, A's more.
    assert_eq!(pass_of(&[0, 0, 820], "C"), 0.0);
    assert!(pass_of(&[0, 0, 820], "A") > 0.0);
    // The other way round.
    assert_eq!(pass_of(&[820, 0, 0], "A"), 0.0);
    assert!(pass_of(&[820, 0, 0], "C") > 0.0);
}

// ---------------------------------------------------------------------
// The notes under a hand say what changed a total, and nothing else
// (cargo-mutants: these boundaries changed only the notes).

fn notes_of(g: &Game) -> Vec<String> {
    g.hands.last().unwrap().notes.clone()
}

/// Exactly 990 on defence is added whole, with no note; 991 would stop.
#[test]
fn reaching_990_exactly_is_no_stop() {
    let mut g = game("standard");
    g.totals = vec![0, 790, 0];
    g.play(&played(0, 100, &[20, 200, 0])).unwrap();
    assert_eq!(g.totals[1], 990);
    assert!(
        !notes_of(&g).iter().any(|n| n.contains("stops at")),
        "{:?}",
        notes_of(&g)
    );
    let mut g = game("standard");
    g.totals = vec![0, 791, 0];
    g.play(&played(0, 100, &[20, 200, 0])).unwrap();
    assert!(notes_of(&g)
        .iter()
        .any(|n| n == "Bartek stops at 990 on defence: 199 of 200 added"));
}

/// barrel_clamp: "начисление ему последующих очков прекращается". A total
/// that lands on the line (780 + 100 = 880) needs no holding; one above
/// (790 + 100 = 890) is held at 880.
#[test]
fn a_total_landing_on_the_line_is_not_held() {
    let mut g = game(RU_BARREL);
    g.totals = vec![780, 0, 0];
    g.play(&played(0, 100, &[100, 10, 10])).unwrap();
    assert_eq!(g.totals[0], 880);
    assert!(
        !notes_of(&g).iter().any(|n| n.contains("held at")),
        "{:?}",
        notes_of(&g)
    );
    let mut g = game(RU_BARREL);
    g.totals = vec![790, 0, 0];
    g.play(&played(0, 100, &[100, 10, 10])).unwrap();
    assert_eq!(g.totals[0], 880);
    assert!(notes_of(&g)
        .iter()
        .any(|n| n == "Ala reaches the barrel with 890: held at 880 (barrel_clamp)"));
}

/// On the barrel, the game's first bomb under bomb=first_free costs nothing
/// of itself: nothing is "not deducted", the note says it was free.
#[test]
fn a_free_bomb_on_the_barrel_is_not_a_deduction_held_back() {
    let mut g = game(&format!("{RU_BARREL} bomb=first_free"));
    g.totals = vec![880, 0, 0];
    g.on_barrel[0] = Some(0);
    g.play(&conceded(0, 100)).unwrap();
    assert_eq!(g.totals, [880, 60, 60]);
    let notes = notes_of(&g);
    assert!(
        !notes.iter().any(|n| n.contains("not deducted")),
        "{notes:?}"
    );
    assert!(
        notes
            .iter()
            .any(|n| n.contains("costs nothing (bomb=first_free)")),
        "{notes:?}"
    );
    // The second bomb is held back on the barrel (barrel_failed=free).
    g.play(&conceded(0, 100)).unwrap();
    assert_eq!(g.totals, [880, 120, 120]);
    assert!(notes_of(&g).iter().any(|n| n.contains("-100 not deducted")));
}

/// A total left on the line after a fall is not a climb: Ala fell from 920
/// (no clamp, a line at 800) to 800 and sits on nothing; the next hand she
/// does not climb, and so knocks no one off.
#[test]
fn a_total_left_on_the_line_is_no_climb() {
    let mut g = game("standard barrel_rule=ru");
    g.totals = vec![800, 0, 0];
    g.play(&played(1, 100, &[10, 100, 10])).unwrap();
    assert_eq!(g.totals, [800, 100, 10]);
    assert_eq!(g.on_barrel, [None, None, None]);
    assert!(
        !notes_of(&g).iter().any(|n| n.contains("climbs")),
        "{:?}",
        notes_of(&g)
    );
}

#[test]
fn the_four_aces_raise_the_cap_only_when_all_four_are_held() {
    // docs/rules.md, ace_marriage: "holding all four aces, leading one
    // scores this much, like a marriage", so it raises the cap like one.
    // ru (ace_marriage=200, bid_max=300):
    let ru: Rules = "ru".parse().unwrap();
    let four: CardSet = "A.A.A.A9TJ".parse().unwrap();
    let three: CardSet = "A.A.A.9TJQ".parse().unwrap();
    // All four: 120 + 200 = 320, held at bid_max 300.
    assert_eq!(bid_cap(four, &ru), 300);
    // Three aces and no marriage: 120 alone.
    assert_eq!(bid_cap(three, &ru), 120);
    // Without the switch the four aces are worth nothing.
    assert_eq!(bid_cap(four, &Rules::STANDARD), 120);
}

/// docs/rules.md, *Blind bids*: "a bidder who has not yet called by choice
/// may bid blind, before looking at the cards, at most 120".
#[test]
fn a_blind_bid_is_open_until_the_bidders_own_first_call() {
    let r = rules("standard blind=yes");
    let mut a = Auction::new(&r, vec![Some(220); 3], vec![false; 3], 100);
    // B has not called: b120 is allowed, b130 is more than 120.
    assert_eq!(a.turn(), Some(1));
    assert_eq!(a.why_not(Call::Blind(120)), None);
    let why = a.why_not(Call::Blind(130)).unwrap();
    assert!(why.contains("a blind bid is at most 120"), "{why}");
    a.call(Call::Pass).unwrap();
    // C, after B's pass: its own first call may still be blind.
    assert!(a.may_bid_blind(2));
    assert_eq!(a.why_not(Call::Blind(120)), None);
    a.call(Call::Bid(110)).unwrap();
    // A: the forced opening was not of its choosing.
    assert!(a.may_bid_blind(0));
    assert_eq!(a.why_not(Call::Blind(120)), None);
    a.call(Call::Bid(120)).unwrap();
    // C again: it has called by choice, so no more blind bids.
    assert_eq!(a.turn(), Some(2));
    assert!(!a.may_bid_blind(2));
    let why = a.why_not(Call::Blind(130)).unwrap();
    assert!(why.contains("as the first call"), "{why}");
}

/// A bid over the bidder's own cap names the cap's reason, and bid_max
/// only when bid_max is the cap: under ru (bid_max=300) a hand with the
/// heart marriage may bid 220, and 225 is refused for the marriages.
#[test]
fn a_bid_over_the_cap_names_the_marriages_unless_bid_max_is_the_cap() {
    let a = Auction::new(
        &Rules::RU,
        vec![Some(120), Some(220), None],
        vec![false; 3],
        100,
    );
    assert_eq!(a.why_not(Call::Bid(220)), None);
    let why = a.why_not(Call::Bid(225)).unwrap();
    assert!(
        why.contains("120 plus the marriages in hand") && !why.contains("bid_max"),
        "{why}"
    );
}
