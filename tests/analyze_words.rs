//! What a player reads in `tysiac analyze` of a game record (issue 46,
//! item 7), from the real binary's output: the players named and "you"
//! for the person, the forced calls not judged as choices, a bomb judged
//! against playing on, a marriage given up explained by its rule, and
//! `--view` done on a record.

use std::process::Command;

use serde_json::Value;
use tysiac::game::{record, Action, Decision, Table, Turn};
use tysiac::players::computer::Computer;
use tysiac::{Card, CardSet, Rank, Rules, Solver, Suit};

fn names() -> Vec<String> {
    ["You", "Bartek", "Celina"].map(String::from).to_vec()
}

fn seats() -> Vec<String> {
    ["me", "heuristic", "heuristic"].map(String::from).to_vec()
}

/// Plays on with heuristic players everywhere; at player 0's turns where
/// `mine` gives an action, that action instead. Stops when `stop` holds
/// after an action, or at the game's end.
fn play(
    table: &mut Table,
    mine: &dyn Fn(&Table, &Turn) -> Option<Action>,
    stop: &dyn Fn(&Table) -> bool,
) {
    let computer = Computer::new("heuristic".parse().unwrap());
    let mut solver = Solver::new(table.rules);
    while let Some(turn) = table.turn() {
        let a = (turn.player == 0)
            .then(|| mine(table, &turn))
            .flatten()
            .unwrap_or_else(|| computer.act(table, &turn, &mut solver));
        table.act(a).unwrap();
        if stop(table) {
            return;
        }
    }
}

/// `tysiac analyze ARGS RECORD` of `table`; its standard output.
fn analyze(table: &Table, args: &[&str]) -> String {
    let path = std::env::temp_dir().join(format!(
        "tysiac-analyze-words-{}-{}.txt",
        std::process::id(),
        COUNTER.fetch_add(1, std::sync::atomic::Ordering::SeqCst)
    ));
    std::fs::write(&path, record::write(table, Some(&seats()))).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tysiac"))
        .arg("analyze")
        .args(["--bid-samples", "2", "--threads", "1"])
        .args(args)
        .arg(&path)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&path);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

static COUNTER: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The first hand is scored.
fn one_hand(t: &Table) -> bool {
    t.sheet.hands.len() == 1
}

#[test]
fn a_record_is_analyzed_with_names_and_you() {
    let mut t = Table::new("standard game_to=300".parse().unwrap(), names(), 7, 0).unwrap();
    // Two hands: player 0 deals the first, Bartek the second.
    play(&mut t, &|_, _| None, &|t| t.sheet.hands.len() == 2);
    let text = analyze(&t, &[]);
    assert!(text.starts_with("Hand 1 · you deal · "), "{text}");
    assert!(text.contains("\nHand 2 · Bartek deals · "), "{text}");
    for line in text.lines() {
        let l = line.trim_start();
        if let Some(rest) = l.strip_prefix("trick ") {
            let who = rest.split(": ").nth(1).unwrap();
            assert!(
                who.starts_with("you lead ")
                    || who.starts_with("Bartek leads ")
                    || who.starts_with("Celina leads "),
                "{line}"
            );
        }
        // A move: `12. Celina 9C ...`, never a seat letter.
        if let Some((number, rest)) = l.split_once(". ") {
            if number.parse::<usize>().is_ok() {
                let mover = rest.split_whitespace().next().unwrap();
                assert!(["you", "Bartek", "Celina"].contains(&mover), "{line}");
            }
        }
    }
    for wrong in [
        "You passes",
        "You bids",
        "You wins",
        "you wins",
        "you leads",
        "D's total",
        "own points D ",
        "score D ",
        "    D: ",
    ] {
        assert!(!text.contains(wrong), "{wrong}: {text}");
    }
    assert!(text.contains("(the declarer's) total at the end"), "{text}");
}

/// A pass when no bid is allowed is no choice: like the forced opening it
/// is not judged (nor listed as "the best call").
#[test]
fn a_forced_call_is_not_judged() {
    for seed in 1..100 {
        // Each hand's calls made with more than one option, counted live,
        // until a hand with a forced pass is scored.
        let mut t = Table::new(Rules::STANDARD, names(), seed, 0).unwrap();
        let computer = Computer::new("heuristic".parse().unwrap());
        let mut solver = Solver::new(t.rules);
        let mut choices: Vec<usize> = vec![0];
        let mut forced = false;
        while let Some(turn) = t.turn() {
            if turn.decision == Decision::Call {
                match t.legal_calls().len() {
                    1 => forced = true,
                    _ => *choices.last_mut().unwrap() += 1,
                }
            }
            let hands = t.sheet.hands.len();
            let a = computer.act(&t, &turn, &mut solver);
            t.act(a).unwrap();
            if t.hands.last().unwrap().redeal.is_some() {
                *choices.last_mut().unwrap() = 0;
            }
            if t.sheet.hands.len() > hands {
                // The next hand is dealt, its auction not begun.
                choices.push(0);
                if forced {
                    break;
                }
            }
        }
        if !forced || t.hands.iter().any(|h| h.redeal.is_some()) {
            continue;
        }
        let lines = json_lines(&analyze(&t, &["--json"]));
        let judged: Vec<usize> = lines[..lines.len() - 1]
            .iter()
            .map(|h| h["calls"].as_array().unwrap().len())
            .collect();
        assert_eq!(judged, choices, "seed {seed}");
        return;
    }
    panic!("no forced pass in the games of seeds 1..100");
}

/// "D may concede after the exchange (the bomb): D scores −bid and each
/// defender +60" (docs/rules.md, *A game*): the bomb is judged against
/// playing on from the exchange made, double-dummy; the contract is "at
/// least the bid, and at most 120 plus the marriages D holds now" (*A
/// hand*, step 4), in steps of 10.
#[test]
fn a_bomb_is_judged_against_playing_on() {
    let mut seen_cost = false;
    let mut seen_free = false;
    for seed in 1..300 {
        let mut t = Table::new(Rules::STANDARD, names(), seed, 0).unwrap();
        play(
            &mut t,
            &|_, turn| (turn.decision == Decision::Contract).then_some(Action::Concede),
            &|t| t.sheet.hands.last().is_some_and(|r| r.conceded),
        );
        let Some(r) = t.sheet.hands.last().filter(|r| r.conceded) else {
            continue;
        };
        let h = t.hands.iter().rev().find(|h| h.conceded).unwrap();
        let bid = i32::from(h.won().unwrap().bid);
        let deal = h.deal().unwrap();
        let e = h.exchange.unwrap();
        let start = deal.after(&h.hand_rules(&t.rules), &e).unwrap();
        let value = Solver::new(h.hand_rules(&t.rules)).value(&start);
        let kept: CardSet = e
            .cards()
            .into_iter()
            .fold(deal.declarer_ten(), |k, c| k.without(c));
        let marriages: i32 = [
            (Suit::Hearts, 100),
            (Suit::Diamonds, 80),
            (Suit::Clubs, 60),
            (Suit::Spades, 40),
        ]
        .iter()
        .filter(|(s, _)| kept.has_marriage(*s))
        .map(|(_, v)| v)
        .sum();
        let top = (120 + marriages).max(bid);
        let contract = (0..)
            .map(|k| bid + 10 * k)
            .take_while(|&c| c <= top)
            .filter(|&c| c <= i32::from(value))
            .max();
        let played = contract.unwrap_or(-bid);
        let cost = (played + bid).max(0);
        if (cost > 0 && seen_cost) || (cost == 0 && seen_free) {
            continue;
        }
        let text = analyze(&t, &[]);
        let lines = json_lines(&analyze(&t, &["--json"]));
        let hand = lines.iter().find(|l| l["hand"] == r.number).unwrap();
        let b = &hand["bomb"];
        assert_eq!(b["score"], -bid, "seed {seed}");
        assert_eq!(b["value"], value, "seed {seed}");
        assert_eq!(b["contract"], serde_json::json!(contract), "seed {seed}");
        assert_eq!(b["played"], played, "seed {seed}");
        assert_eq!(b["cost"], cost, "seed {seed}");
        let who = if r.declarer == 0 {
            "You concede"
        } else {
            continue;
        };
        let verdict = if cost > 0 {
            format!("the bomb cost {cost}")
        } else {
            "the bomb lost nothing".to_string()
        };
        let because = match contract {
            Some(c) => format!("you would take {value} points: enough for {c} ({played:+})"),
            None => format!("you would take {value} points: not enough for the bid ({played:+})"),
        };
        assert!(
            text.contains(&format!(
                "  {who} (the bomb): {:+}. Played on from the exchange made, with perfect play, \
                 {because}; {verdict}.",
                -bid
            )),
            "seed {seed}: {text}"
        );
        let summary = lines.last().unwrap();
        assert_eq!(summary["summary"][0]["bomb"], cost);
        if cost > 0 {
            seen_cost = true;
        } else {
            seen_free = true;
        }
        if seen_cost && seen_free {
            return;
        }
    }
    panic!("seeds 1..300 did not give a costly bomb and a free one (cost {seen_cost}, free {seen_free})");
}

/// "Only the player on lead declares a marriage ... and not in the hand's
/// first trick" (docs/rules.md, *Marriages and trump*): leading the K of a
/// held marriage there gives it up, and the costly move says why.
#[test]
fn a_marriage_given_up_on_the_first_trick_says_why() {
    // example-1 of positions/examples.txt: D holds KH QH and leads KH.
    let text = "id: lost\ndeal: AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9\n\
                exchange: 9S QC\ncontract: 120\nplay: KH\n";
    let out = Command::new(env!("CARGO_BIN_EXE_tysiac"))
        .args(["analyze", "-"])
        .stdin_text(text);
    assert!(out.contains("    1. D KH  "), "{out}");
    let line = out.lines().find(|l| l.contains("1. D KH")).unwrap();
    assert!(
        line.contains("· gives up the ♥ marriage: no marriage is declared on the first trick"),
        "{line}"
    );
    let json = Command::new(env!("CARGO_BIN_EXE_tysiac"))
        .args(["analyze", "--json", "-"])
        .stdin_text(text);
    let v: Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(v["moves"][0]["gives_up"], "H");
    // The same lead on the second trick declares it: nothing given up.
    let later = "id: kept\ndeal: AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9\n\
                 exchange: 9S QC\ncontract: 120\nplay: AS 9S TS | KH\n";
    let json = Command::new(env!("CARGO_BIN_EXE_tysiac"))
        .args(["analyze", "--json", "-"])
        .stdin_text(later);
    let v: Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(v["moves"][3]["gives_up"], Value::Null);
    assert_eq!(v["moves"][3]["declared"]["points"], 100);
}

/// In a game: the person's own first-trick lead of a marriage card.
#[test]
fn in_a_game_the_lost_marriage_is_yours() {
    for seed in 1..300 {
        let mut t = Table::new(Rules::STANDARD, names(), seed, 0).unwrap();
        let led = std::cell::Cell::new(None);
        play(
            &mut t,
            &|t, turn| {
                if turn.decision != Decision::Play || led.get().is_some() {
                    return None;
                }
                let h = t.hand();
                let s = h.state(&t.rules).unwrap();
                let mine = s.hands[h.seat_of(0).unwrap().index()];
                let suit = Suit::ALL.into_iter().find(|&x| mine.has_marriage(x))?;
                if !s.trick().is_empty() || s.trick_number(&t.rules) != 1 {
                    return None;
                }
                led.set(Some(suit));
                Some(Action::Play(tysiac::Move::new(Card::new(suit, Rank::King))))
            },
            &|t| t.sheet.hands.len() == 1,
        );
        let Some(suit) = led.get() else { continue };
        let json = json_lines(&analyze(&t, &["--json"]));
        let first = &json[0]["analysis"]["moves"][0];
        assert_eq!(first["gives_up"], suit.to_string(), "seed {seed}");
        if first["cost"] == 0 {
            continue;
        }
        let text = analyze(&t, &[]);
        let line = text.lines().find(|l| l.contains("   1. you ")).unwrap();
        assert!(
            line.contains(&format!(
                "gives up the {} marriage: no marriage is declared on the first trick",
                suit.symbol()
            )),
            "{line}"
        );
        return;
    }
    panic!("no costly first-trick marriage lead among seeds 1..300");
}

/// `--view` on a record judges each played hand from its movers' views.
#[test]
fn view_judges_each_hand_of_a_record() {
    let mut t = Table::new(Rules::STANDARD, names(), 7, 0).unwrap();
    play(&mut t, &|_, _| None, &one_hand);
    let plain = json_lines(&analyze(&t, &["--json"]));
    assert!(plain[0].get("view").is_none());
    let viewed = json_lines(&analyze(&t, &["--json", "--view", "--samples", "4"]));
    assert!(viewed[0]["view"]["moves"].is_array(), "{}", viewed[0]);
    let text = analyze(&t, &["--view", "--samples", "4"]);
    assert!(
        text.contains("from each mover's view (4 layouts a move"),
        "{text}"
    );
    assert!(text.contains("  move  seat  "), "{text}");
}

/// Feeds `text` to a command; its standard output.
trait StdinText {
    fn stdin_text(&mut self, text: &str) -> String;
}

impl StdinText for Command {
    fn stdin_text(&mut self, text: &str) -> String {
        use std::io::Write;
        let mut child = self
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        String::from_utf8(out.stdout).unwrap()
    }
}
