//! Every record the program writes reads back (issue 46, item 1): whole
//! games of cheap computer players under every player count, preset and
//! redeal switch, written as a record, read back and compared with the
//! table they were written from, deal by deal and total by total, and
//! written again to the same text. The JSON Lines form is checked field by
//! field against the same table.

use assert_cmd::Command;
use serde_json::Value;
use tysiac::game::record::{json_lines, read, write};
use tysiac::game::redeal::void_deal_of;
use tysiac::game::{Action, Call, Decision, Table};
use tysiac::players::computer::Computer;
use tysiac::players::player::PlayerKind;
use tysiac::solver::Solver;
use tysiac::Rules;

const PRESETS: [&str; 5] = ["standard", "pl", "ru", "ru_full", "pl_full"];
const REDEALS: [&str; 4] = ["standard", "nines", "ru", "none"];
/// A game is cut here if nobody has won: a record of a game in progress
/// must read back too.
const MAX_STEPS: usize = 2500;

/// The rules of one case: a preset, a redeal switch, and `players=2` for
/// two players (a preset's own redeal value is not given again).
fn rules_of(preset: &str, redeal: &str, players: usize) -> Rules {
    let base: Rules = preset.parse().unwrap();
    let mut text = preset.to_string();
    if base.get("redeal").as_deref() != Some(redeal) {
        text += &format!(" redeal={redeal}");
    }
    if players == 2 {
        text += " players=2";
    }
    text.parse()
        .unwrap_or_else(|e| panic!("{text}: {e:?} (every case's rules must parse)"))
}

/// The computer's action, varied so that a record holds every kind of
/// line: redeal questions answered no as well as yes, blind bids, bombs.
fn action(table: &Table, computer: &Computer, solver: &mut Solver, salt: u64) -> Action {
    let turn = table.turn().expect("the game goes on");
    let h = table.hand();
    let mix = h.deal_index.wrapping_mul(31) ^ salt ^ turn.player as u64;
    match turn.decision {
        Decision::Redeal(_) if mix % 3 == 0 => Action::Redeal(false),
        Decision::Call if mix % 5 == 0 => {
            let blind = table
                .legal_calls()
                .into_iter()
                .find(|c| matches!(c, Call::Blind(_)));
            blind.map_or_else(|| computer.act(table, &turn, solver), Action::Call)
        }
        Decision::Contract if mix % 7 == 0 => Action::Concede,
        _ => computer.act(table, &turn, solver),
    }
}

/// Reads `text` back and checks it is the game of `table`: the same deals
/// as dealt, answered, bid and played; the same sheet; the same text again.
fn check_reads_back(table: &Table, case: &str) {
    let seats: Vec<String> = vec!["heuristic".into(); table.players.len()];
    let text = write(table, Some(&seats));
    let back = read(&text).unwrap_or_else(|e| panic!("{case}: {e}\n{text}"));
    assert_eq!(back.header.players, table.players, "{case}");
    assert_eq!(back.header.seats.as_deref(), Some(&seats[..]), "{case}");
    assert_eq!(back.header.rules, table.rules, "{case}");
    assert_eq!(back.header.seed, table.seed, "{case}");
    assert_eq!(back.header.first_dealer, table.first_dealer, "{case}");
    assert_eq!(back.table.hands.len(), table.hands.len(), "{case}");
    for (a, b) in back.table.hands.iter().zip(&table.hands) {
        assert_eq!(a, b, "{case}: deal {}", b.deal_index);
    }
    assert_eq!(back.table.sheet.hands, table.sheet.hands, "{case}");
    assert_eq!(back.table.sheet.totals, table.sheet.totals, "{case}");
    assert_eq!(back.table.sheet.result, table.sheet.result, "{case}");
    assert_eq!(back.table.turn(), table.turn(), "{case}");
    assert_eq!(back.hand_lines.len(), table.sheet.hands.len(), "{case}");
    assert_eq!(write(&back.table, Some(&seats)), text, "{case}");
    check_json(table, case);
}

/// The JSON Lines form, field by field against the table: every name is
/// the player's, every card the deal's, every total the sheet's.
fn check_json(table: &Table, case: &str) {
    let lines: Vec<Value> = json_lines(table, None)
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let head = &lines[0];
    let name = |p: usize| Value::from(table.players[p].as_str());
    assert_eq!(
        head["players"],
        Value::from(table.players.clone()),
        "{case}"
    );
    assert_eq!(
        head["rules"],
        Value::from(table.rules.to_string()),
        "{case}"
    );
    assert_eq!(head["seed"], Value::from(table.seed), "{case}");
    assert_eq!(head["dealer"], name(table.first_dealer), "{case}");
    assert_eq!(lines.len(), table.hands.len() + 1, "{case}");
    let mut scored = table.sheet.hands.iter();
    for (h, j) in table.hands.iter().zip(&lines[1..]) {
        let at = format!("{case}: deal {}", h.deal_index);
        assert_eq!(j["hand"], Value::from(h.number), "{at}");
        assert_eq!(j["dealer"], name(h.dealer), "{at}");
        let cards: Vec<String> = h.cards.iter().map(|c| c.to_string()).collect();
        assert_eq!(j["cards"], Value::from(cards), "{at}");
        assert_eq!(j["musik"], Value::from(h.musik.to_string()), "{at}");
        if table.players.len() == 2 {
            assert_eq!(j["other_musik"], Value::from(h.other_musik.to_string()));
        }
        let asks = j["redeal_asks"].as_array().unwrap();
        assert_eq!(asks.len(), h.redeal_asks.len(), "{at}");
        for (&(p, ask), ja) in h.redeal_asks.iter().zip(asks) {
            assert_eq!(ja["player"], name(p), "{at}");
            assert_eq!(ja["ask"], Value::from(ask), "{at}");
        }
        assert_eq!(j["redeal"], serde_json::json!(h.redeal), "{at}");
        let bids = j["bids"].as_array().unwrap();
        assert_eq!(bids.len(), h.auction.calls.len(), "{at}");
        for (&(b, c), jb) in h.auction.calls.iter().zip(bids) {
            assert_eq!(jb["player"], name(h.bidders[b]), "{at}");
            assert_eq!(jb["call"], Value::from(c.to_string()), "{at}");
        }
        assert_eq!(
            j["declarer"],
            h.declarer().map_or(Value::Null, name),
            "{at}"
        );
        assert_eq!(j["conceded"], Value::from(h.conceded), "{at}");
        let won = h.won();
        assert_eq!(j["bid"], serde_json::json!(won.map(|w| w.bid)), "{at}");
        assert_eq!(j["blind"], serde_json::json!(won.map(|w| w.blind)), "{at}");
        let exchange = h.exchange.map(|e| e.to_string());
        assert_eq!(j["exchange"], serde_json::json!(exchange), "{at}");
        assert_eq!(j["contract"], serde_json::json!(h.contract), "{at}");
        let play: Vec<String> = h.play.iter().map(|m| m.to_string()).collect();
        assert_eq!(j["play"], serde_json::json!(play), "{at}");
        let position = h.position(&table.rules).map(|p| p.to_string());
        assert_eq!(j["position"], serde_json::json!(position), "{at}");
        if h.redeal.is_none() && h.finished(&table.rules) {
            let r = scored.next().expect("a scored hand");
            assert_eq!(j["score"]["totals"], serde_json::json!(r.totals), "{at}");
            assert_eq!(j["score"]["added"], serde_json::json!(r.added), "{at}");
        } else {
            assert_eq!(j["score"], Value::Null, "{at}");
        }
    }
    assert!(scored.next().is_none(), "{case}: a scored hand left out");
}

/// What the games met, so that the test knows its records held every kind
/// of line.
#[derive(Debug, Default)]
struct Met {
    /// Deals void by themselves (ru's poor musik), by player count.
    void: [usize; 5],
    asked_yes: usize,
    asked_no: usize,
    blind: usize,
    conceded: usize,
    won: usize,
}

/// Plays one game, checking the record at a step in the middle and at the
/// end, and counts what it met.
fn play_and_check(rules: Rules, players: usize, seed: u64, met: &mut Met) {
    let names: Vec<String> = ["Ala", "Bartek", "Celina", "Dorota"][..players]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let case = format!("rules {rules}, {players} players, seed {seed}");
    let mut table = Table::new(rules, names, seed, seed as usize % players).unwrap();
    let computer = Computer::new(PlayerKind::Simple);
    let mut solver = Solver::new(rules);
    let middle = 40 + (seed as usize * 37) % 300;
    for step in 0..MAX_STEPS {
        if table.turn().is_none() {
            break;
        }
        if step == middle {
            check_reads_back(&table, &format!("{case}, step {step}"));
        }
        let a = action(&table, &computer, &mut solver, seed);
        table
            .act(a.clone())
            .unwrap_or_else(|e| panic!("{case}: {a}: {e}"));
    }
    check_reads_back(&table, &case);
    for h in &table.hands {
        if h.redeal.is_some() && h.redeal_asks.is_empty() {
            met.void[players] += 1;
        }
        met.asked_yes += h.redeal_asks.iter().filter(|a| a.1).count();
        met.asked_no += h.redeal_asks.iter().filter(|a| !a.1).count();
        met.blind += usize::from(h.won().is_some_and(|w| w.blind));
        met.conceded += usize::from(h.conceded);
    }
    met.won += usize::from(table.result().is_some());
}

/// Under `redeal=ru`, the first seed whose first eight deals hold one that
/// voids itself (two musiks of 2 are under 5 points together about once in
/// 125 deals, too seldom for two seeds' games to meet).
fn seed_with_an_early_void_deal(rules: &Rules) -> Option<u64> {
    (rules.get("redeal").as_deref() == Some("ru")).then(|| {
        (100..2100)
            .find(|&seed| {
                (0..8).any(|k| void_deal_of(rules, &Table::cards_of_deal(rules, seed, k)).is_some())
            })
            .expect("a deal void by itself in 2000 seeds' first eight deals")
    })
}

#[test]
fn every_record_a_game_writes_reads_back_into_the_same_game() {
    let mut met = Met::default();
    let mut seed = 3;
    for players in [2, 3, 4] {
        for preset in PRESETS {
            for redeal in REDEALS {
                let rules = rules_of(preset, redeal, players);
                // A seed of its own for each case, so the cases meet
                // different deals.
                seed += 7;
                play_and_check(rules, players, seed, &mut met);
                if let Some(seed) = seed_with_an_early_void_deal(&rules) {
                    play_and_check(rules, players, seed, &mut met);
                }
            }
        }
    }
    eprintln!("{met:?}");
    // The records held every kind of line: void deals under each player
    // count, redeal questions answered both ways, blind bids, bombs, and
    // games won as well as cut short.
    assert!(met.void[2..].iter().all(|&v| v > 0), "{met:?}");
    assert!(met.asked_yes > 0 && met.asked_no > 0, "{met:?}");
    assert!(met.blind > 0 && met.conceded > 0 && met.won > 0, "{met:?}");
}

/// The switches beyond the presets play whole games and read back too
/// (`last_trick_bonus=10` once stopped a game: its points were refused by
/// the score sheet).
#[test]
fn games_under_house_switches_read_back() {
    let mut met = Met::default();
    let three = [
        "standard last_trick_bonus=10",
        "standard musik=discard",
        "ru_full musik=discard last_trick_bonus=10",
        "ru_full opening=ru bid_floor=-120 barrel_win=120",
        "standard trump=chosen",
        "standard declarer_scores=points round_before_contract=yes",
        "standard concession=half_bid bid_limit=120_before_musik cap_1000=yes",
        "standard game_to=500 barrel=400 bid_step=5,10@200",
        "pl_full concession=40 musik_shown=no",
        "standard trump_from=next_trick first_trick_marriage=yes marriage_needs_trick=yes",
    ];
    for (k, rules) in three.iter().enumerate() {
        for players in [3, 4] {
            play_and_check(rules.parse().unwrap(), players, 50 + k as u64, &mut met);
        }
    }
    for (k, rules) in [
        "standard players=2 laid_away=declarer last_musik=marriage",
        "ru_full players=2 last_trick_bonus=10",
        "standard players=2 trump=chosen",
    ]
    .iter()
    .enumerate()
    {
        play_and_check(rules.parse().unwrap(), 2, 70 + k as u64, &mut met);
    }
    assert!(met.won > 10, "{met:?}");
}

/// Issue 46's case: two heuristic players under ru_full, seed 3, whose
/// records were refused at a void deal ("not the cards of deal 58").
#[test]
fn a_two_player_ru_full_game_with_a_void_deal_reads_back() {
    let rules = rules_of("ru_full", "ru", 2);
    let mut table = Table::new(rules, vec!["A".into(), "B".into()], 3, 0).unwrap();
    let computer = Computer::new(PlayerKind::Simple);
    let mut solver = Solver::new(rules);
    while let Some(turn) = table.turn() {
        let a = computer.act(&table, &turn, &mut solver);
        table.act(a).unwrap();
    }
    let void = table
        .hands
        .iter()
        .filter(|h| h.redeal.as_deref().is_some_and(|r| r.starts_with("void")))
        .count();
    assert!(void > 0, "the game met no void deal");
    check_reads_back(&table, "ru_full players=2 seed 3");
}

// ---------------------------------------------------------------------
// Records that contradict their own deal (issue 46, item 2), and the
// refusals' words (item 4). Deals are in calling order from the dealer's
// left: A deals, so B, C, A, then the musik; B opens on the hundred.

fn record(rules: &str, block: &str) -> String {
    format!("game: tysiac\nplayers: A B C\nrules: {rules}\nseed: 1\ndealer: A\n\nhand: 1\ndealer: A\n{block}")
}

/// B 51, C 35, A 30 card points (nobody may ask under ru); the musik KH 9H
/// 9D holds 4 + 0 + 0 = 4 points.
const MUSIK_4: &str =
    "cards: AH,TH,QH,JH,AD,TD,KD QD,JD,AC,TC,KC,QC,JC 9C,AS,TS,KS,QS,JS,9S KH,9H,9D\n";
/// The same but for QH JH and KH 9H traded: the musik QH JH 9D holds
/// 3 + 2 + 0 = 5 points.
const MUSIK_5: &str =
    "cards: AH,TH,KH,9H,AD,TD,KD QD,JD,AC,TC,KC,QC,JC 9C,AS,TS,KS,QS,JS,9S QH,JH,9D\n";

/// ru-a: "пересдача происходит если в прикупе менее 5 очков". A musik of 4
/// points voids the deal, one of 5 does not (the boundary, both sides).
#[test]
fn a_musik_under_5_points_voids_the_deal_and_one_of_5_does_not() {
    // 4 points: the block says so, and the next block is the new deal.
    let void = read(&record("ru", &format!("{MUSIK_4}redeal: void\n"))).unwrap();
    assert!(void.table.hands[0]
        .redeal
        .as_deref()
        .unwrap()
        .contains("4 points"));
    assert_eq!(void.table.hands.len(), 2);
    assert_eq!(void.table.hand().number, 1, "a redeal keeps the number");
    // 5 points: played; B opens at 100 and the others pass.
    let played = read(&record(
        "ru",
        &format!("{MUSIK_5}bids: B:100 C:pass A:pass\n"),
    ))
    .unwrap();
    assert_eq!(played.table.hands.len(), 1);
    assert_eq!(played.table.hand().declarer(), Some(1));
}

#[test]
fn a_void_deal_with_bids_is_refused_at_the_bids() {
    // Before: accepted, the bids applied to the seed's next deal.
    let text = record("ru", &format!("{MUSIK_4}bids: B:100 C:pass A:pass\n"));
    let e = read(&text).unwrap_err();
    assert_eq!((e.line, e.key.as_str()), (10, "bids"), "{e}");
    assert!(e.message.contains("voids itself"), "{e}");
    assert!(e.message.contains("4 points"), "{e}");
    // With redeal: void and bids besides: the bids are refused all the same.
    let text = record(
        "ru",
        &format!("{MUSIK_4}redeal: void\nbids: B:100 C:pass A:pass\n"),
    );
    let e = read(&text).unwrap_err();
    assert_eq!((e.line, e.key.as_str()), (11, "bids"), "{e}");
    // Redeal answers on a void deal: nobody is asked.
    let text = record("ru", &format!("{MUSIK_4}redeal: B:yes\n"));
    let e = read(&text).unwrap_err();
    assert_eq!((e.line, e.key.as_str()), (10, "redeal"), "{e}");
    assert!(e.message.contains("write redeal: void"), "{e}");
}

#[test]
fn redeal_void_on_a_deal_that_does_not_void_itself_is_refused() {
    // Before: ignored, and the bids went on.
    let text = record(
        "ru",
        &format!("{MUSIK_5}redeal: void\nbids: B:100 C:pass A:pass\n"),
    );
    let e = read(&text).unwrap_err();
    assert_eq!((e.line, e.key.as_str()), (10, "redeal"), "{e}");
    assert!(
        e.message.contains("its musik holds 5 points, 5 or more"),
        "{e}"
    );
    // Under standard no musik voids a deal, poor or not.
    let text = record("standard", &format!("{MUSIK_4}redeal: void\n"));
    let e = read(&text).unwrap_err();
    assert_eq!((e.line, e.key.as_str()), (10, "redeal"), "{e}");
    assert!(e.message.contains("only redeal=ru voids a deal"), "{e}");
}

/// A deal of the seed that voids itself: its block says `redeal: void` and
/// nothing more; bids in it are refused, not given to the next deal.
#[test]
fn the_seeds_own_void_deal_takes_no_bids() {
    let rules: Rules = "ru".parse().unwrap();
    let void = |seed: u64| void_deal_of(&rules, &Table::cards_of_deal(&rules, seed, 0)).is_some();
    let seed = (0..2000)
        .find(|&s| void(s))
        .expect("a seed whose first deal is void");
    let head = format!("game: tysiac\nplayers: A B C\nrules: ru\nseed: {seed}\n\nhand: 1\n");
    let e = read(&format!("{head}bids: B:100 C:pass A:pass\n")).unwrap_err();
    assert_eq!((e.line, e.key.as_str()), (7, "bids"), "{e}");
    assert!(e.message.contains("voids itself"), "{e}");
    let ok = read(&format!("{head}redeal: void\n")).unwrap();
    assert_eq!(ok.table.hands.len(), 2);
}

/// B asks and the deal is dealt again: nothing more belongs to it, and a
/// later answer would be the new deal's.
#[test]
fn after_a_redeal_asked_the_block_ends() {
    // B (the opener) holds three nines: ru-a lets it ask ("3 девятки на
    // «сотне»"). C 51 and A 34 card points may not.
    let three = "cards: 9H,9D,9C,AC,TC,KC,QC AH,TH,KH,QH,AD,TD,KD JH,JD,JC,AS,TS,KS,QS QD,JS,9S\n";
    let ok = read(&record("ru", &format!("{three}redeal: B:yes\n"))).unwrap();
    assert_eq!(ok.table.hands.len(), 2);
    let e = read(&record(
        "ru",
        &format!("{three}redeal: B:yes\nbids: B:100 C:pass A:pass\n"),
    ))
    .unwrap_err();
    assert_eq!((e.line, e.key.as_str()), (11, "bids"), "{e}");
    assert!(
        e.message.contains("B asked: three nines on the hundred"),
        "{e}"
    );
    let e = read(&record("ru", &format!("{three}redeal: B:yes C:no\n"))).unwrap_err();
    assert_eq!((e.line, e.key.as_str()), (10, "redeal"), "{e}");
    assert!(e.message.starts_with("'C:no': B asked for a redeal"), "{e}");
}

/// Issue 46's example: after B:100 C:110 A:pass B:pass the auction is over
/// and C won it; a further call is refused with that rule, not "C is not to
/// act now: C is".
#[test]
fn a_call_after_the_auction_names_its_winner() {
    let text = record(
        "standard redeal=none",
        "bids: B:100 C:110 A:pass B:pass C:pass\n",
    );
    let e = read(&text).unwrap_err();
    assert_eq!((e.line, e.key.as_str()), (9, "bids"), "{e}");
    assert_eq!(
        e.message,
        "call 5: C:pass: the auction is over: C won it at 110"
    );
}

#[test]
fn a_call_out_of_turn_says_why() {
    let e = read(&record(
        "standard redeal=none",
        "bids: B:100 C:pass C:110\n",
    ))
    .unwrap_err();
    assert_eq!(
        e.message,
        "call 3: C:110: C has passed, and a pass is for good: it is A's call"
    );
    let e = read(&record("standard redeal=none", "bids: B:100 C:110 C:120\n")).unwrap_err();
    assert_eq!(
        e.message,
        "call 3: C:120: C holds the highest bid, 110: it is A's call"
    );
    let e = read(&record("standard redeal=none", "bids: B:100 A:110\n")).unwrap_err();
    assert_eq!(
        e.message,
        "call 2: A:110: it is C's call, not A's (calls go round from the dealer's left)"
    );
    // Four players: the dealer sits out.
    let four = "game: tysiac\nplayers: A B C D\nrules: standard redeal=none\nseed: 1\n\n\
                hand: 1\nbids: B:100 A:110\n";
    let e = read(four).unwrap_err();
    assert_eq!(e.message, "call 2: A:110: A deals this hand and sits out");
}

/// ru-a: "4 девятки (3 девятки на «сотне») или менее 14 очков". C holds
/// three nines and 28 card points but is not on the hundred: it may not ask.
#[test]
fn a_redeal_by_a_seat_that_may_not_ask_names_the_rule() {
    // B 51, C 9H 9D 9C AC TC KC QC = 28, A 34; the musik QD JS 9S = 5.
    let deal = "cards: AH,TH,KH,QH,AD,TD,KD 9H,9D,9C,AC,TC,KC,QC JH,JD,JC,AS,TS,KS,QS QD,JS,9S\n";
    let e = read(&record("ru", &format!("{deal}redeal: C:yes\n"))).unwrap_err();
    assert_eq!((e.line, e.key.as_str()), (10, "redeal"), "{e}");
    assert_eq!(
        e.message,
        "C may not ask for a redeal: three nines let only the player on the hundred ask \
         (redeal=ru), and this hand holds 28 card points, not under 14"
    );
    // redeal=nines: four nines only (pl: "posiadacz wszystkich czterech
    // dziewiątek może poprosić o ponowne rozdanie").
    let e = read(&record("pl", &format!("{deal}redeal: C:yes\n"))).unwrap_err();
    assert_eq!(
        e.message,
        "C may not ask for a redeal: only four nines may ask (redeal=nines), and this hand holds 3"
    );
    // A bid before the question the opener may answer.
    let three = "cards: 9H,9D,9C,AC,TC,KC,QC AH,TH,KH,QH,AD,TD,KD JH,JD,JC,AS,TS,KS,QS QD,JS,9S\n";
    let e = read(&record(
        "ru",
        &format!("{three}bids: B:100 C:pass A:pass\n"),
    ))
    .unwrap_err();
    assert_eq!(
        e.message,
        "call 2: C:pass: B may ask for a redeal first (three nines on the hundred): \
         write redeal: B:yes or B:no before the bids"
    );
    // An answer given twice.
    let e = read(&record("ru", &format!("{three}redeal: B:no B:no\n"))).unwrap_err();
    assert_eq!(e.message, "B has answered already");
}

/// Table::act names the player whose turn it is, not "the player".
#[test]
fn a_wrong_action_at_the_table_names_who_is_to_act() {
    let rules: Rules = "standard redeal=none".parse().unwrap();
    let names = ["Ala", "Bartek", "Celina"].map(String::from).to_vec();
    // Ala deals, Bartek opens on the hundred: Celina calls next.
    let mut t = Table::new(rules, names, 1, 0).unwrap();
    let e = t.act(Action::Concede).unwrap_err();
    assert_eq!(
        e.0,
        "it is not the time to announce a contract or concede: Celina is to call in the auction"
    );
}

#[test]
fn a_key_given_twice_in_a_block_is_refused() {
    let e = read(&record(
        "standard redeal=none",
        "bids: B:100 C:pass A:pass\nbids: B:100\n",
    ))
    .unwrap_err();
    assert_eq!((e.line, e.key.as_str()), (10, "bids"), "{e}");
    assert_eq!(e.message, "given twice in this block (first at line 9)");
}

/// A block that stops in the middle of its deal is followed by no other.
#[test]
fn a_block_after_an_unfinished_deal_is_refused() {
    let text = record("standard redeal=none", "bids: B:100 C:110\n\nhand: 2\n");
    let e = read(&text).unwrap_err();
    assert_eq!((e.line, e.key.as_str()), (11, "hand"), "{e}");
    assert!(
        e.message
            .starts_with("hand 1 is not finished (A is to call in the auction)"),
        "{e}"
    );
}

/// Issue 46's command, end to end: every record the arena writes is read
/// by `tysiac score --json`, whose sheet is the record's own, field by
/// field (declarer's name, bid, contract, what each player earned and
/// added, the totals, the result).
#[test]
fn the_arenas_records_score_as_their_games() {
    let dir = std::env::temp_dir().join(format!("tysiac-records-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Command::cargo_bin("tysiac")
        .unwrap()
        .args(["game", "--players", "2", "--seats", "heuristic,heuristic"])
        .args([
            "--rules",
            "ru_full",
            "--games",
            "4",
            "--seed",
            "3",
            "--records",
        ])
        .arg(&dir)
        .assert()
        .success();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 4, "{files:?}");
    for file in &files {
        let rec = read(&std::fs::read_to_string(file).unwrap()).unwrap();
        let out = Command::cargo_bin("tysiac")
            .unwrap()
            .args(["score", "--json"])
            .arg(file)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let json: Value = serde_json::from_slice(&out.stdout).unwrap();
        let sheet = &rec.table.sheet;
        assert_eq!(json["players"], Value::from(sheet.players.clone()));
        assert_eq!(json["totals"], serde_json::json!(sheet.totals));
        assert_eq!(json["result"], serde_json::json!(sheet.result));
        let hands = json["hands"].as_array().unwrap();
        assert_eq!(hands.len(), sheet.hands.len());
        for ((j, r), line) in hands.iter().zip(&sheet.hands).zip(&rec.hand_lines) {
            assert_eq!(j["line"], Value::from(*line));
            assert_eq!(j["declarer"], Value::from(r.declarer));
            assert_eq!(j["bid"], Value::from(r.bid));
            assert_eq!(j["contract"], serde_json::json!(r.contract));
            assert_eq!(j["earned"], serde_json::json!(r.earned));
            assert_eq!(j["added"], serde_json::json!(r.added));
            assert_eq!(j["totals"], serde_json::json!(r.totals));
            assert_eq!(j["notes"], serde_json::json!(r.notes));
        }
        // The record's declarers are the sheet's: each hand's block names
        // the declarer's player at its line.
        for (r, &line) in sheet.hands.iter().zip(&rec.hand_lines) {
            let h = rec
                .table
                .hands
                .iter()
                .filter(|h| h.redeal.is_none())
                .nth(r.number - 1)
                .unwrap();
            assert_eq!(h.declarer(), Some(r.declarer), "line {line}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Each block names its deal's number and dealer, and the forced opening
/// as the table made it: a wrong one is refused at its line.
#[test]
fn a_blocks_number_dealer_and_opening_are_checked() {
    let head = "game: tysiac\nplayers: A B C\nrules: standard redeal=none\nseed: 1\ndealer: A\n\n";
    let e = read(&format!("{head}hand: 2\nbids: B:100 C:pass A:pass\n")).unwrap_err();
    assert_eq!((e.line, e.key.as_str()), (7, "hand"), "{e}");
    assert_eq!(e.message, "'2': the next hand is number 1");
    let e = read(&format!("{head}hand: 1\ndealer: B\nbids: B:100\n")).unwrap_err();
    assert_eq!((e.line, e.key.as_str()), (8, "dealer"), "{e}");
    assert_eq!(e.message, "A deals this hand");
    let e = read(&format!("{head}dealer: A\nbids: B:100\n")).unwrap_err();
    assert_eq!((e.line, e.key.as_str()), (7, "hand"), "{e}");
    assert_eq!(e.message, "a deal's block starts with hand: N");
    // The forced opening: B on the dealer's left opens at 100, neither C
    // nor B at 110.
    for (bids, word) in [("C:100 A:pass", "C:100"), ("B:110 C:pass", "B:110")] {
        let e = read(&format!("{head}hand: 1\nbids: {bids}\n")).unwrap_err();
        assert_eq!(
            e.message,
            format!("call 1: '{word}': the auction opens B:100")
        );
    }
    // A deal dealt again keeps its number: hand 2 after a redeal of hand 1
    // is refused, and the message says why.
    let nines = "cards: 9H,9D,9C,9S,AH,AD,AC KH,QH,JH,TH,KD,QD,JD TD,AS,KS,QS,JS,TS,KC QC,JC,TC\n";
    let text = format!(
        "game: tysiac\nplayers: A B C\nrules: standard\nseed: 1\ndealer: A\n\n\
         hand: 1\n{nines}redeal: B:yes\n\nhand: 2\n"
    );
    let e = read(&text).unwrap_err();
    assert_eq!((e.line, e.key.as_str()), (11, "hand"), "{e}");
    assert_eq!(
        e.message,
        "'2': the next hand is number 1 (dealt again: a redeal keeps the number)"
    );
}

// Moved from src/game/record.rs's unit tests: they play games with the
// computer players, a layer above the game's rules.
/// A whole game of heuristic players, written and read back: the same
/// table, hand for hand and total for total.
#[test]
fn a_record_reads_back_into_the_same_game() {
    let players: Vec<String> = ["Ala", "Bartek", "Celina"].map(String::from).to_vec();
    let mut t = Table::new(Rules::STANDARD, players, 11, 0).unwrap();
    let c = Computer::new(PlayerKind::Simple);
    let mut solver = Solver::new(Rules::STANDARD);
    let mut steps = 0;
    while let Some(turn) = t.turn() {
        let a = c.act(&t, &turn, &mut solver);
        t.act(a).unwrap();
        steps += 1;
        if steps == 400 {
            // Mid-game: a record of a game in progress reads back too.
            let back = read(&write(&t, None)).unwrap();
            assert_eq!(back.table.hands, t.hands);
            assert_eq!(back.table.turn(), t.turn());
        }
    }
    assert!(t.result().is_some());
    let text = write(&t, None);
    let back = read(&text).unwrap();
    assert_eq!(back.table.sheet.totals, t.sheet.totals);
    assert_eq!(back.table.hands, t.hands);
    assert_eq!(write(&back.table, None), text);
}

/// Under ru a musik of under 5 points voids the deal by itself: a
/// record of such a game reads back, the void deal's block included.
#[test]
fn void_deals_read_back() {
    let rules: Rules = "ru".parse().unwrap();
    let players: Vec<String> = ["A", "B", "C"].map(String::from).to_vec();
    // A seed whose games meet a void deal early.
    let c = Computer::new(PlayerKind::Simple);
    let mut solver = Solver::new(rules);
    let mut found = false;
    for seed in 0..200 {
        let mut t = Table::new(rules, players.clone(), seed, 0).unwrap();
        for _ in 0..60 {
            let Some(turn) = t.turn() else { break };
            let a = c.act(&t, &turn, &mut solver);
            t.act(a).unwrap();
        }
        if t.hands.iter().any(|h| {
            h.redeal
                .as_deref()
                .is_some_and(|r| r.starts_with("void deal"))
        }) {
            let back = read(&write(&t, None)).unwrap();
            assert_eq!(back.table.hands, t.hands);
            found = true;
            break;
        }
    }
    assert!(found, "no void deal in 200 seeds");
}

/// A name is one word of at most 40 bytes: 40 is kept, 41 refused.
#[test]
fn a_name_of_forty_bytes_is_kept_and_of_forty_one_refused() {
    use tysiac::game::record::check_names;
    let forty = "a".repeat(40);
    assert_eq!(check_names(&[forty, "B".into(), "C".into()]), Ok(()));
    let e = check_names(&["a".repeat(41), "B".into(), "C".into()]).unwrap_err();
    assert!(e.contains("at most 40 bytes"), "{e}");
}
