//! The table as one player sees it (`game::seen`): no view shows a card its
//! player may not know, and a wrong answer is refused with its reason.
//! Whole games are played by the computer players, a layer above the
//! game's rules, so these tests live here rather than in the module.

use tysiac::game::seen::*;
use tysiac::game::{Action, Call, Decision, HandLog, Table, Turn};
use tysiac::players::computer::Computer;
use tysiac::players::player::PlayerKind;
use tysiac::solver::Solver;
use tysiac::{CardSet, Rules};

fn names() -> Vec<String> {
    ["You", "Ala", "Bartek"].map(String::from).to_vec()
}

/// What `me` may know of hand `h` at this moment, from the rules: its
/// own cards, the musik once shown to all or taken by `me`, the card
/// given to `me` (both, to the declarer), the cards played.
fn allowed(table: &Table, h: &HandLog, me: usize) -> CardSet {
    let mut ok = h.cards_of(me).unwrap_or_default();
    let declarer = h.declarer();
    if declarer.is_some() && (h.musik_shown(&table.rules) || declarer == Some(me)) {
        ok |= h.musik;
    }
    if let (Some(e), Some(s)) = (h.exchange, h.seats()) {
        for (i, c) in e.cards().into_iter().enumerate() {
            if declarer == Some(me) || s.get(i + 1) == Some(&me) {
                ok.insert(c);
            }
        }
    }
    for m in &h.play {
        ok.insert(m.card());
    }
    ok
}

/// Plays whole games with heuristic computers in every seat; at every
/// step no view shows a card its player may not know.
fn check_game(rules: Rules, seed: u64, players: Vec<String>) -> usize {
    let n = players.len();
    let mut t = Table::new(rules, players, seed, 0).unwrap();
    let computers: Vec<Computer> = (0..n).map(|_| Computer::new(PlayerKind::Simple)).collect();
    let mut solver = Solver::new(rules);
    let mut steps = 0;
    while let Some(turn) = t.turn() {
        for me in 0..n {
            let v = seen(&t, me);
            let text = serde_json::to_string(&v).unwrap();
            let mut ok = allowed(&t, t.hand(), me);
            if t.hands.len() >= 2 {
                ok |= allowed(&t, &t.hands[t.hands.len() - 2], me);
            }
            let shown = cards_named(&text);
            let leaked = shown
                .iter()
                .filter(|&c| !ok.contains(c))
                .collect::<Vec<_>>();
            assert!(
                leaked.is_empty(),
                "step {steps}: player {me} is shown {leaked:?}: {text}"
            );
            // Only the player to act has options.
            assert_eq!(v.legal.is_some(), turn.player == me);
            // The decision, as the page and the API read it.
            let decision = match turn.decision {
                Decision::Redeal(_) => "redeal",
                Decision::Call => "call",
                Decision::Exchange => "exchange",
                Decision::Contract => "contract",
                Decision::Play => "play",
            };
            assert_eq!(v.turn.as_ref().map(|t| t.decision), Some(decision));
        }
        let a = computers[turn.player].act(&t, &turn, &mut solver);
        t.act(a).unwrap();
        steps += 1;
        assert!(steps < 5000, "the game does not end");
    }
    steps
}

#[test]
fn no_view_shows_a_card_its_player_may_not_know() {
    let quick: Rules = "standard game_to=200".parse().unwrap();
    check_game(quick, 3, names());
    // The musik stays face down: only the declarer sees it.
    let hidden: Rules = "standard game_to=200 musik_shown=no".parse().unwrap();
    check_game(hidden, 4, names());
    // Four players: the dealer sits out and holds no cards.
    let four = ["You", "Ala", "Bartek", "Celina"]
        .map(String::from)
        .to_vec();
    check_game(hidden, 5, four);
}

#[test]
fn with_four_players_the_dealer_sits_out_with_no_cards() {
    let four = ["You", "Ala", "Bartek", "Celina"]
        .map(String::from)
        .to_vec();
    let t = Table::new(Rules::STANDARD, four, 1, 0).unwrap();
    let v = seen(&t, 0);
    assert_eq!(v.hand.sits_out, Some(0));
    assert!(v.hand.cards.is_empty());
    assert_eq!(
        cards_named(&serde_json::to_string(&v).unwrap()),
        CardSet::default()
    );
    // Each of the three others sees its seven.
    for p in 1..4 {
        assert_eq!(seen(&t, p).hand.cards.len(), 7);
    }
}

#[test]
fn the_events_say_who_called_what() {
    let mut t = Table::new(Rules::STANDARD, names(), 1, 2).unwrap();
    while let Some(Turn {
        decision: Decision::Redeal(_),
        ..
    }) = t.turn()
    {
        t.act(Action::Redeal(false)).unwrap();
    }
    // You (0, on the dealer's left) open; Ala raises to 110; Bartek passes.
    t.act(Action::Call(Call::Bid(110))).unwrap();
    t.act(Action::Call(Call::Pass)).unwrap();
    let ev = seen(&t, 0).hand.events;
    assert_eq!(ev[0], "You open at 100 (forced).");
    assert!(ev.contains(&"Ala bids 110.".to_string()), "{ev:?}");
    assert!(ev.contains(&"Bartek passes.".to_string()), "{ev:?}");
    let calls = seen(&t, 2).hand.auction;
    let said: Vec<(String, String)> = calls
        .iter()
        .map(|c| (c.name.clone(), c.call.clone()))
        .collect();
    assert_eq!(
        said,
        [("You", "100"), ("Ala", "110"), ("Bartek", "pass")]
            .map(|(a, b)| (a.to_string(), b.to_string()))
    );
}

#[test]
fn the_auction_hides_the_others_cards_and_the_musik() {
    let t = Table::new(Rules::STANDARD, names(), 1, 2).unwrap();
    let v = seen(&t, 0);
    let h = t.hand();
    assert_eq!(v.hand.cards.len(), 7);
    assert!(v.hand.musik.is_none());
    let text = serde_json::to_string(&v).unwrap();
    let shown = cards_named(&text);
    assert_eq!(shown, h.cards_of(0).unwrap());
    // The dealer (2) has the player on its left (0) open at 100.
    assert_eq!(v.hand.auction[0].player, 0);
    assert_eq!(v.hand.auction[0].call, "100");
    assert!(v.hand.auction[0].forced);
}

#[test]
fn the_declarer_sees_its_ten_and_each_defender_the_card_it_got() {
    // Player 0 opens (dealer 2); everyone else passes at once.
    let mut t = Table::new(Rules::STANDARD, names(), 1, 2).unwrap();
    while let Some(Turn {
        decision: Decision::Redeal(_),
        ..
    }) = t.turn()
    {
        t.act(Action::Redeal(false)).unwrap();
    }
    t.act(Action::Call(Call::Pass)).unwrap();
    t.act(Action::Call(Call::Pass)).unwrap();
    let h = t.hand().clone();
    let v = seen(&t, 0);
    assert_eq!(v.hand.declarer, Some(0));
    assert_eq!(v.hand.cards.len(), 10);
    let legal = v.legal.expect("the declarer's turn");
    assert_eq!(legal.exchange_cards, 2);
    // Standard rules turn the musik up: the defenders see it too.
    assert_eq!(
        seen(&t, 1).hand.musik,
        Some(h.musik.iter_display().map(|c| c.to_string()).collect())
    );
    let e = legal.exchange_example.unwrap();
    let turn = t.turn().unwrap();
    let a = parse_action(&t, &turn, &e).unwrap();
    t.act(a).unwrap();
    let given = t.hand().exchange.unwrap().cards();
    // L (player 1) got the first card, R (player 2) the second; each
    // sees its own only.
    let l = seen(&t, 1);
    let r = seen(&t, 2);
    assert_eq!(l.hand.received, Some(given[0].to_string()));
    assert_eq!(r.hand.received, Some(given[1].to_string()));
    assert!(l.hand.cards.contains(&given[0].to_string()));
    assert!(!cards_named(&serde_json::to_string(&l).unwrap()).contains(given[1]));
    assert_eq!(l.hand.cards.len(), 8);
    // The declarer kept eight and sees both.
    let d = seen(&t, 0);
    assert_eq!(d.hand.cards.len(), 8);
    assert!(d.hand.gifts.iter().all(|g| g.card.is_some()));
    assert_eq!(d.legal.unwrap().contracts[0], 100);
}

#[test]
fn a_wrong_answer_is_refused_with_its_reason() {
    let t = Table::new(Rules::STANDARD, names(), 1, 2).unwrap();
    let turn = t.turn().unwrap();
    let err = parse_action(&t, &turn, "hello").unwrap_err();
    assert!(!err.is_empty());
}
