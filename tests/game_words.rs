//! What a player reads in `tysiac game` (issue 46, item 7), from the real
//! binary's output: names and "you" with grammar instead of seat letters,
//! your own marriage announced, a warning before a first-trick lead gives a
//! marriage up, a recap on --resume, a forced call or card played and said,
//! and refusals that say what is allowed.
//!
//! A game is brought to the moment a test needs with the library (computer
//! players in every seat), written as a record whose first seat is `me`,
//! and `tysiac game --resume` goes on from there with the answers typed.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tysiac::game::{record, Call, Decision, Table, Turn};
use tysiac::players::computer::Computer;
use tysiac::{CardSet, Rank, Rules, Solver, Suit};

const SEATS: [&str; 3] = ["me", "heuristic", "heuristic"];

fn names() -> Vec<String> {
    ["You", "Bartek", "Celina"].map(String::from).to_vec()
}

fn seats() -> Vec<String> {
    SEATS.map(String::from).to_vec()
}

/// Plays `table` on with heuristic players in every seat until it is
/// player 0's turn and `stop` holds (true), or the game ends (false).
fn advance(table: &mut Table, stop: &dyn Fn(&Table, &Turn) -> bool) -> bool {
    let computer = Computer::new("heuristic".parse().unwrap());
    let mut solver = Solver::new(table.rules);
    while let Some(turn) = table.turn() {
        if turn.player == 0 && stop(table, &turn) {
            return true;
        }
        let a = computer.act(table, &turn, &mut solver);
        table.act(a).unwrap();
    }
    false
}

/// The first game (seeds from 1) that reaches a moment where `stop` holds.
fn find(rules: Rules, stop: &dyn Fn(&Table, &Turn) -> bool) -> Table {
    for seed in 1..500 {
        let mut t = Table::new(rules, names(), seed, 0).unwrap();
        if advance(&mut t, stop) {
            return t;
        }
    }
    panic!("no game of seeds 1..500 reaches the moment wanted");
}

/// `tysiac game --resume` of `table` with `typed` as its input; what it
/// printed.
fn resume(table: &Table, typed: &str) -> String {
    let dir = std::env::temp_dir().join(format!("tysiac-words-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("r{}.txt", COUNTER.fetch_add(1, SeqCst)));
    std::fs::write(&path, record::write(table, Some(&seats()))).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tysiac"))
        .args(["game", "--color", "never", "--resume"])
        .arg(&path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(typed.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let _ = std::fs::remove_file(&path);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

static COUNTER: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
use std::sync::atomic::Ordering::SeqCst;

/// Player 0's cards now, in play.
fn my_cards(t: &Table) -> CardSet {
    let h = t.hand();
    let s = h.state(&t.rules).unwrap();
    s.hands[h.seat_of(0).unwrap().index()]
}

fn marriages(cards: CardSet) -> Vec<Suit> {
    Suit::ALL
        .into_iter()
        .filter(|&s| cards.has_marriage(s))
        .collect()
}

fn symbol(s: Suit) -> &'static str {
    match s {
        Suit::Hearts => "♥",
        Suit::Diamonds => "♦",
        Suit::Clubs => "♣",
        Suit::Spades => "♠",
    }
}

fn to_play(t: &Table, turn: &Turn) -> bool {
    turn.decision == Decision::Play && t.hand().state(&t.rules).is_some()
}

/// Leading: no card of the trick is on the table.
fn leading(t: &Table) -> bool {
    t.hand().state(&t.rules).unwrap().trick().is_empty()
}

fn trick_number(t: &Table) -> usize {
    t.hand().state(&t.rules).unwrap().trick_number(&t.rules)
}

// ---------------------------------------------------------------------
// A whole game through pipes, answered like a patient player.

/// Runs a whole game, answering each prompt (the lowest raise while one
/// is offered, the example exchange, the lowest contract, the first card);
/// returns all it printed.
fn whole_game(args: &[&str]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tysiac"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let shown = Arc::new(Mutex::new(String::new()));
    let reader = {
        let shown = Arc::clone(&shown);
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 {
                    break;
                }
                shown
                    .lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        })
    };
    let start = Instant::now();
    let mut answered_at = 0;
    loop {
        assert!(
            start.elapsed() < Duration::from_secs(240),
            "the game did not end"
        );
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
        let text = shown.lock().unwrap().clone();
        if text.len() == answered_at {
            continue;
        }
        let last = text.rsplit('\n').next().unwrap();
        if !last.ends_with("]: ") && !last.ends_with("[y/n] ") {
            continue;
        }
        let inside = &last[last.rfind('[').unwrap() + 1..last.rfind(']').unwrap()];
        let reply = if last.contains("Redeal?") {
            "n".to_string()
        } else if last.contains("Your call") {
            match inside.split(", ").nth(1) {
                Some(r) => r.split("..").next().unwrap().to_string(),
                None => "pass".into(),
            }
        } else if last.contains("Your contract") {
            inside.split(['.', ',']).next().unwrap().to_string()
        } else if last.contains("Your card") {
            inside.split(' ').next().unwrap().to_string()
        } else {
            inside.trim_start_matches("e.g. ").to_string()
        };
        stdin.write_all(format!("{reply}\n").as_bytes()).unwrap();
        answered_at = text.len();
    }
    drop(stdin);
    reader.join().unwrap();
    let text = shown.lock().unwrap().clone();
    text
}

/// Names and "you" everywhere, verbs agreeing; no seat letter D, L or R
/// stands for a player.
#[test]
fn a_whole_game_names_its_players_and_says_you() {
    let dir = std::env::temp_dir().join(format!("tysiac-words-game-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rec = dir.join("g.txt");
    let text = whole_game(&[
        "game",
        "--seats",
        "me,heuristic,heuristic",
        "--seed",
        "7",
        "--rules",
        "standard game_to=300",
        "--color",
        "never",
        "--record",
        rec.to_str().unwrap(),
    ]);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        text.contains("wins with") || text.contains("draw at"),
        "{text}"
    );
    for seat in [
        "(D)",
        "(L)",
        "(R)",
        "points D ",
        "Points: D ",
        " L 0",
        "dealer You",
    ] {
        assert!(!text.contains(seat), "{seat}: {text}");
    }
    for wrong in [
        "You plays",
        "You fails",
        "You makes",
        "You wins",
        "You takes",
        "You passes",
        "gives You",
        "You bids",
    ] {
        assert!(!text.contains(wrong), "{wrong}: {text}");
    }
    // The dealer rotates: you, then Bartek, then Celina.
    assert!(text.contains("── Hand 1 · you deal ──"), "{text}");
    assert!(text.contains("── Hand 2 · Bartek deals ──"), "{text}");
    assert!(text.contains("── Hand 3 · Celina deals ──"), "{text}");
    // Points by name, in the table's order.
    assert!(text.contains("points: you "), "{text}");
    assert!(text.contains(". Points: you "), "{text}");
    // A hand's result agrees with its declarer.
    assert!(
        text.contains(": you make ")
            || text.contains(": you fail ")
            || text.contains(": Bartek makes ")
            || text.contains(": Celina fails "),
        "{text}"
    );
    // No prompt waits for the only answer there is.
    for line in text.lines() {
        if let Some(at) = line.find("Your card [") {
            let inside = &line[at + 11..line[at..].find(']').unwrap() + at];
            assert!(inside.contains(' '), "a prompt with one card: {line}");
        }
        assert!(!line.contains("Your call [pass]"), "{line}");
    }
    // Every hand played to its end ends with your last card played for you.
    assert!(text.contains(", your last card."), "{text}");
}

// ---------------------------------------------------------------------
// Marriages.

/// "Only the player on lead declares a marriage, by leading its king or
/// queen while holding the other card, and not in the hand's first trick"
/// (docs/rules.md, *Marriages and trump*): your own declaration is
/// announced as the computers' are, with its value (hearts 100, diamonds
/// 80, clubs 60, spades 40).
#[test]
fn your_own_marriage_is_announced() {
    let t = find(Rules::STANDARD, &|t, turn| {
        to_play(t, turn) && leading(t) && trick_number(t) > 1 && !marriages(my_cards(t)).is_empty()
    });
    let suit = marriages(my_cards(&t))[0];
    let value = match suit {
        Suit::Hearts => 100,
        Suit::Diamonds => 80,
        Suit::Clubs => 60,
        Suit::Spades => 40,
    };
    let king = tysiac::Card::new(suit, Rank::King);
    let out = resume(&t, &format!("{king}\n"));
    let said = format!("You declare the {} marriage (+{value}).", symbol(suit));
    assert!(out.contains(&said), "{said}\n{out}");
}

/// On the first trick the lead of a marriage card declares nothing: the
/// prompt says so before you lead it, naming the cards and the suit.
#[test]
fn a_first_trick_lead_warns_that_it_gives_the_marriage_up() {
    let t = find(Rules::STANDARD, &|t, turn| {
        to_play(t, turn)
            && leading(t)
            && trick_number(t) == 1
            && marriages(my_cards(t)).len() == 1
            && my_cards(t).len() > 2
    });
    let suit = marriages(my_cards(&t))[0];
    let q = tysiac::Card::new(suit, Rank::Queen);
    let k = tysiac::Card::new(suit, Rank::King);
    let out = resume(&t, "");
    let note = format!(
        "Note: no marriage is declared on the first trick; playing {q} or {k} now gives up \
         your {} marriage.",
        symbol(suit)
    );
    assert!(out.contains(&note), "{note}\n{out}");
    // Not said once the marriage may be declared: at a later lead, with
    // `first_trick_marriage=yes`, leading it declares.
    let rules: Rules = "standard first_trick_marriage=yes".parse().unwrap();
    let t = find(rules, &|t, turn| {
        to_play(t, turn) && leading(t) && trick_number(t) == 1 && !marriages(my_cards(t)).is_empty()
    });
    let out = resume(&t, "");
    assert!(!out.contains("Note:"), "{out}");
}

// ---------------------------------------------------------------------
// Forced answers, the recap.

/// "no bid may exceed 120 plus the marriages in those 7 cards"
/// (docs/rules.md, *Bidding*): with no raise left, pass is the only call.
/// It is made for you, and said.
#[test]
fn the_only_call_is_made_for_you_and_said() {
    let t = find(Rules::STANDARD, &|t, turn| {
        turn.decision == Decision::Call && t.legal_calls() == [Call::Pass]
    });
    let high = t.hand().auction.high().unwrap().1;
    let out = resume(&t, "");
    assert!(
        out.contains(&format!(
            "The bid is {high}: you pass, the only call left to you."
        )),
        "{out}"
    );
    assert!(!out.contains("Your call [pass]"), "{out}");
}

/// The last trick: your one card is played for you.
#[test]
fn your_last_card_is_played_for_you() {
    let t = find(Rules::STANDARD, &|t, turn| {
        to_play(t, turn) && my_cards(t).len() == 1
    });
    let card = my_cards(&t).iter().next().unwrap();
    let out = resume(&t, "");
    assert!(
        out.contains(&format!("You play {card}, your last card.")),
        "{out}"
    );
}

/// Resumed in the middle of a hand: who won the auction at what, the
/// contract, the tricks taken, trump and the points so far.
#[test]
fn a_resumed_hand_is_recapped() {
    let t = find(Rules::STANDARD, &|t, turn| {
        to_play(t, turn) && trick_number(t) == 3 && t.hand().declarer() != Some(0)
    });
    let h = t.hand();
    let d = h.declarer().unwrap();
    let won = h.won().unwrap();
    let state = h.state(&t.rules).unwrap();
    let points: Vec<String> = (0..3)
        .map(|p| {
            let who = if p == 0 { "you" } else { &names()[p] };
            format!("{who} {}", state.points[h.seat_of(p).unwrap().index()])
        })
        .collect();
    let out = resume(&t, "");
    let name = &names()[d];
    for want in [
        "So far in this hand:".to_string(),
        format!("  {name} wins the auction at {}", won.bid),
        format!("  {name} plays for {}.", h.contract.unwrap()),
        format!(
            "  2 tricks taken · trump {} · points: {}",
            state.trump.map_or("none", symbol),
            points.join(" · ")
        ),
    ] {
        assert!(out.contains(&want), "{want}\n{out}");
    }
    // The cards shown at the hand's head are the ones dealt.
    assert!(out.contains("Your cards as dealt: "), "{out}");
}

// ---------------------------------------------------------------------
// Refusals.

/// Garbage at the call prompt names what you may call, and suggests no
/// blind bid where the rules have none; a blind bid is refused in words.
#[test]
fn a_wrong_call_is_answered_with_the_calls_allowed() {
    let t = find(Rules::STANDARD, &|t, turn| {
        turn.decision == Decision::Call && t.legal_calls().len() > 2
    });
    let calls = t.legal_calls();
    let low = calls[1].level().unwrap();
    let high = calls.last().unwrap().level().unwrap();
    let out = resume(&t, "xyz\nb120\n");
    let allowed = format!("you may answer pass, or a bid from {low} to {high}");
    assert!(
        out.contains(&format!("'xyz' is not a call: {allowed}")),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "'b120': blind bids are not played in this game; {allowed}"
        )),
        "{out}"
    );
    assert!(!out.contains("b120 for a blind bid"), "{out}");
    assert!(!out.contains("blind=no"), "{out}");
}

/// The exchange: cards with commas are read as with spaces; a wrong count
/// names the players the cards go to; a card not held is named.
#[test]
fn the_exchange_reads_commas_and_names_whom_the_cards_go_to() {
    let t = find(Rules::STANDARD, &|_, turn| {
        turn.decision == Decision::Exchange
    });
    let h = t.hand();
    let deal = h.deal().unwrap();
    let seats = h.seats().unwrap();
    let ten: Vec<tysiac::Card> = deal.declarer_ten().iter().collect();
    let absent = tysiac::Card::all()
        .find(|c| !deal.declarer_ten().contains(*c))
        .unwrap();
    let typed = format!("{}\n{absent} {}\n{},{}\n", ten[0], ten[0], ten[0], ten[1]);
    let out = resume(&t, &typed);
    let (l, r) = (&names()[seats[1]], &names()[seats[2]]);
    assert!(
        out.contains(&format!(
            "one card named; give two cards: the one for {l}, then the one for {r}, e.g. "
        )),
        "{out}"
    );
    assert!(
        out.contains(&format!("you do not hold {absent}: your ten cards are ")),
        "{out}"
    );
    // The commas were read: the contract is asked next.
    assert!(out.contains("Your contract ["), "{out}");
    assert!(!out.contains("musik=pass"), "{out}");
}

/// A card refused is refused in words said to you: "you do not hold",
/// "you must" with the cards you may play.
#[test]
fn a_wrong_card_is_refused_in_words_said_to_you() {
    let t = find(Rules::STANDARD, &|t, turn| {
        to_play(t, turn)
            && !leading(t)
            && t.legal_moves().len() > 1
            && t.legal_moves().len() < my_cards(t).len()
    });
    let mine = my_cards(&t);
    let legal = t.legal_moves();
    let wrong = mine
        .iter()
        .find(|c| !legal.iter().any(|m| m.card() == *c))
        .unwrap();
    let absent = tysiac::Card::all()
        .find(|c| !mine.contains(*c) && !t.hand().play.iter().any(|m| m.card() == *c))
        .unwrap();
    let out = resume(&t, &format!("{absent}\n{wrong}\nhello\n"));
    assert!(
        out.contains(&format!("not allowed: you do not hold {absent}")),
        "{out}"
    );
    assert!(out.contains("not allowed: you "), "{out}");
    assert!(out.contains(" must play "), "{out}");
    let options: Vec<String> = legal.iter().map(|m| m.to_string()).collect();
    assert!(
        out.contains(&format!(
            "'hello' is not a card; play one of {}",
            options.join(" ")
        )),
        "{out}"
    );
    assert!(!out.contains(" L does not"), "{out}");
    assert!(!out.contains(" R does not"), "{out}");
}

/// `tysiac game ARGS` with nothing typed: what it printed up to the first
/// question it asks you.
fn first_questions(args: &[&str]) -> String {
    let record = std::env::temp_dir().join(format!(
        "tysiac-words-first-{}-{}.txt",
        std::process::id(),
        COUNTER.fetch_add(1, SeqCst)
    ));
    let out = Command::new(env!("CARGO_BIN_EXE_tysiac"))
        .args(["game", "--color", "never", "--record"])
        .arg(&record)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&record);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Four players: the dealer sits out, and the header's verbs agree.
#[test]
fn four_players_the_dealer_sits_out_in_words() {
    let out = first_questions(&["--seats", "me,heuristic,heuristic,heuristic", "--seed", "3"]);
    assert!(out.contains("── Hand 1 · you deal and sit out ──"), "{out}");
    assert!(
        out.contains("── Hand 2 · Bartek deals and sits out ──"),
        "{out}"
    );
}

/// A computer's answer to a redeal question is said as what it is.
#[test]
fn a_computer_declining_a_redeal_says_so() {
    let seed = (1..2000)
        .find(|&s| {
            let t = Table::new(Rules::STANDARD, names(), s, 0).unwrap();
            matches!(t.turn(), Some(Turn { player, decision: Decision::Redeal(_) }) if player != 0)
        })
        .expect("a computer with a redeal question in hand 1");
    let t = Table::new(Rules::STANDARD, names(), seed, 0).unwrap();
    let who = &names()[t.turn().unwrap().player];
    let out = first_questions(&[
        "--seats",
        "me,heuristic,heuristic",
        "--seed",
        &seed.to_string(),
    ]);
    assert!(
        out.contains(&format!("{who} does not ask for a redeal."))
            || out.contains(&format!("{who} asks for a redeal.")),
        "{out}"
    );
    assert!(!out.contains("plays the deal"), "{out}");
}

/// Two people at one keyboard are both named, never "you".
#[test]
fn two_people_at_one_keyboard_are_named() {
    let out = first_questions(&["--seats", "me,me,heuristic", "--seed", "3"]);
    assert!(out.contains("── Hand 1 · Player1 deals ──"), "{out}");
    assert!(out.contains("Player1's cards: "), "{out}");
    assert!(out.contains("Player2's cards: "), "{out}");
    assert!(!out.contains("You2"), "{out}");
    // The prompt says whose it is.
    assert!(
        out.contains("\nPlayer1, your turn:\n") || out.contains("\nPlayer2, your turn:\n"),
        "{out}"
    );
}
