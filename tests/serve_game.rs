//! The game API of `tysiac serve` (`/api/game/...`): a whole game played
//! through it, actions the rules refuse answered with the rule as a JSON
//! error, no hidden card in the view, the same seed dealing the same game,
//! bad requests naming their key, the record.

mod serve_support;

use serde_json::{json, Value};
use serve_support::Server;
use tysiac::game::seen::cards_named;
use tysiac::game::Table;
use tysiac::{Card, CardSet};

fn error_of(v: &Value) -> &str {
    v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error in {v}"))
}

fn cards(list: &Value) -> CardSet {
    list.as_array()
        .unwrap_or_else(|| panic!("not a list: {list}"))
        .iter()
        .map(|c| c.as_str().unwrap().parse::<Card>().unwrap())
        .collect()
}

const QUICK: &str = "standard game_to=100";

fn new_game(s: &Server, seed: u64) -> Value {
    let (code, v) = s.post(
        "game/new",
        &json!({"seats": "me,heuristic,heuristic", "rules": QUICK, "seed": seed}),
    );
    assert_eq!(code, 200, "{v}");
    v
}

/// The first view: the player (0; player 0 deals, so it calls third) sees
/// its own seven cards of the seed's first deal and no other card.
#[test]
fn the_first_view_shows_my_seven_cards_and_no_other() {
    let s = Server::start(&[]);
    let v = new_game(&s, 5);
    let deal = Table::cards_of_deal(&tysiac::Rules::STANDARD, 5, 0);
    // Player 0 deals: players 1, 2, 0 call in that order; the deal's hands
    // are in calling order.
    let mine = deal.hands[2];
    let view = &v["view"];
    assert_eq!(view["me"], 0);
    assert_eq!(cards(&view["hand"]["cards"]), mine);
    assert_eq!(cards_named(&view.to_string()), mine, "{view}");
    assert!(view["hand"]["musik"].is_null());
    // Player 1, on the dealer's left, opens at 100.
    assert_eq!(view["hand"]["auction"][0]["player"], 1);
    assert_eq!(view["hand"]["auction"][0]["call"], "100");
    assert_eq!(view["hand"]["auction"][0]["name"], "Ala");
}

#[test]
fn the_same_seed_deals_the_same_game() {
    let s = Server::start(&[]);
    let a = new_game(&s, 7);
    let b = new_game(&s, 7);
    let c = new_game(&s, 8);
    assert_ne!(a["id"], b["id"]);
    assert_eq!(a["view"], b["view"]);
    assert_ne!(a["view"]["hand"]["cards"], c["view"]["hand"]["cards"]);
    // And the computers decide the same: step both games alike.
    let (ida, idb) = (a["id"].as_str().unwrap(), b["id"].as_str().unwrap());
    for _ in 0..3 {
        let (_, va) = s.post(&format!("game/{ida}/step"), &json!({}));
        let (_, vb) = s.post(&format!("game/{idb}/step"), &json!({}));
        assert_eq!(va["view"], vb["view"]);
    }
}

/// A whole short game: the player passes or takes the first option, tries
/// a card the rules forbid when it holds one, and the game ends with a
/// result, a score sheet and a record.
#[test]
fn a_whole_game_with_refused_actions_and_its_record() {
    let s = Server::start(&[]);
    let v = new_game(&s, 11);
    let id = v["id"].as_str().unwrap().to_string();
    let mut v = v;
    let mut refused_bid = false;
    let mut steps = 0;
    while !v["view"]["turn"].is_null() {
        steps += 1;
        assert!(steps < 2000, "the game does not end");
        let view = &v["view"];
        let turn = &view["turn"];
        if turn["mine"] != true {
            let at = v["step"].clone();
            let (code, w) = s.post(&format!("game/{id}/step"), &json!({"at": at}));
            assert_eq!(code, 200, "{w}");
            assert_eq!(w["step"], at.as_u64().unwrap() + 1);
            // Asking again for the same step changes nothing.
            let (code, again) = s.post(&format!("game/{id}/step"), &json!({"at": at}));
            assert_eq!(code, 200);
            assert_eq!(again["step"], w["step"]);
            v = w;
            continue;
        }
        // My turn: a step is refused.
        let (code, e) = s.post(&format!("game/{id}/step"), &json!({}));
        assert_eq!(code, 409, "{e}");
        let legal = &view["legal"];
        let action = match turn["decision"].as_str().unwrap() {
            "redeal" => "n".to_string(),
            "call" => {
                // Bidding the highest bid again does not raise it: the
                // lowest raise is 10 more (bid_step=10).
                let high = view["hand"]["auction"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter_map(|c| c["call"].as_str().unwrap().parse::<u64>().ok())
                    .max()
                    .unwrap();
                if !refused_bid && high < 300 {
                    let (code, e) = s.post(
                        &format!("game/{id}/act"),
                        &json!({"action": high.to_string()}),
                    );
                    assert_eq!(code, 400, "{e}");
                    let msg = error_of(&e);
                    assert!(
                        msg.contains("does not raise")
                            && msg.contains(&format!("lowest bid now is {}", high + 10)),
                        "{msg}"
                    );
                    refused_bid = true;
                }
                "pass".to_string()
            }
            "exchange" => legal["exchange_example"].as_str().unwrap().to_string(),
            "contract" => legal["contracts"][0].to_string(),
            "play" => {
                let moves: Vec<&str> = legal["moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| m.as_str().unwrap())
                    .collect();
                // A card in hand the rules do not allow now: refused with the rule.
                let held = cards(&view["hand"]["cards"]);
                if let Some(c) = held
                    .iter()
                    .find(|c| !moves.iter().any(|m| m.starts_with(&c.to_string())))
                {
                    let (code, e) =
                        s.post(&format!("game/{id}/act"), &json!({"action": c.to_string()}));
                    assert_eq!(code, 400, "{e}");
                    let msg = error_of(&e);
                    assert!(msg.contains("must"), "{msg}");
                }
                moves[0].to_string()
            }
            other => panic!("unknown decision {other}"),
        };
        let (code, w) = s.post(
            &format!("game/{id}/act"),
            &json!({"action": action, "at": v["step"]}),
        );
        assert_eq!(code, 200, "{action}: {w}");
        v = w;
    }
    assert!(
        refused_bid,
        "never had the chance to call after the opening"
    );
    let view = &v["view"];
    // The game is over: someone reached 100.
    let result = view["result"].as_str().unwrap();
    assert!(
        result.contains("wins") || result.contains("draw"),
        "{result}"
    );
    let totals: Vec<i64> = view["totals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_i64().unwrap())
        .collect();
    assert!(totals.iter().any(|&t| t >= 100), "{totals:?}");
    let sheet = view["sheet"].as_array().unwrap();
    assert!(!sheet.is_empty());
    assert_eq!(sheet.last().unwrap()["totals"], view["totals"]);
    // Acting after the end is refused.
    let (code, e) = s.post(&format!("game/{id}/act"), &json!({"action": "pass"}));
    assert_eq!(code, 409);
    assert!(error_of(&e).contains("over"));
    // The record: the game's header and each hand.
    let (code, text) = s.get(&format!("game/{id}/record"));
    assert_eq!(code, 200);
    let text = text.as_str().unwrap();
    assert!(text.starts_with("game: tysiac\n"), "{text}");
    assert!(text.contains("seed: 11\n"));
    assert!(text.contains("seats: me heuristic heuristic"));
    assert!(text.matches("\nhand: ").count() >= sheet.len());
    let (code, hands) = s.get(&format!("game/{id}/hands"));
    assert_eq!(code, 200);
    // Exactly the record's hands that were played (those with a `play:`
    // line; not a redeal, not a concession), and the check bites: this
    // game had some.
    let hands = hands["hands"].as_array().unwrap();
    let played = text
        .split("\nhand: ")
        .skip(1)
        .filter(|h| h.contains("\nplay: "))
        .count();
    assert!(played > 0, "{text}");
    assert_eq!(hands.len(), played, "{text}");
    for h in hands {
        assert!(h["position"].as_str().unwrap().contains("play: "), "{h}");
        assert!(h["contract"].as_u64().is_some_and(|c| c >= 100), "{h}");
    }
}

#[test]
fn bad_requests_name_their_key() {
    let s = Server::start(&[]);
    let bad = [
        (json!({"seats": "me,me,heuristic"}), "seats"),
        (json!({"seats": "me,heuristic"}), "seats"),
        (json!({"seats": "me,robot,heuristic"}), "seats"),
        (json!({"seats": "me,pimc:5000,heuristic"}), "seats"),
        (json!({"rules": "standard game_to=55"}), "rules: "),
        (json!({"names": "A,B"}), "names"),
        (json!({"names": "A,A,B"}), "names"),
        (json!({"seed": "x"}), "seed"),
        (json!({"colour": "red"}), "colour"),
    ];
    for (body, key) in bad {
        let (code, v) = s.post("game/new", &body);
        assert_eq!(code, 400, "{body}: {v}");
        assert!(error_of(&v).contains(key), "{body}: {v}");
    }
    let (code, v) = s.get("game/nope");
    assert_eq!(code, 404);
    assert!(error_of(&v).contains("no game"));
    let v = new_game(&s, 3);
    let id = v["id"].as_str().unwrap();
    let long = "A".repeat(500);
    let (code, v) = s.post(&format!("game/{id}/act"), &json!({"action": long}));
    assert_eq!(code, 400);
    assert!(error_of(&v).contains("action"));
    let (code, v) = s.post(&format!("game/{id}/act"), &json!({"move": "AS"}));
    assert_eq!(code, 400);
    assert!(error_of(&v).contains("move"), "{v}");
}

/// One solving slot, held by a long job: a computer's decision is answered
/// 503 with Retry-After (the page retries), and the game is unchanged.
#[test]
fn a_busy_server_answers_503_and_the_game_waits() {
    let s = Server::start(&["--jobs", "1", "--threads", "1"]);
    let v = new_game(&s, 5);
    let id = v["id"].as_str().unwrap();
    let (code, job) = s.post(
        "bid",
        &json!({"hand": "AKQ.T9..AJ", "samples": 300, "realistic": true, "choice_layouts": 16, "async": true}),
    );
    assert_eq!(code, 200, "{job}");
    let url = format!("{}/api/game/{id}/step", s.url);
    match ureq::post(&url).send_string("{}") {
        Err(ureq::Error::Status(503, r)) => {
            assert_eq!(r.header("Retry-After"), Some("1"));
        }
        other => panic!("expected 503, got {other:?}"),
    }
    let (code, w) = s.get(&format!("game/{id}"));
    assert_eq!(code, 200);
    assert_eq!(w["step"], 0);
    assert_eq!(w["view"], v["view"]);
    let (code, _) = s.delete(&format!("jobs/{}", job["job"]));
    assert_eq!(code, 200);
}

/// At most 64 games are kept: the next is refused with a clear error, and
/// the games in play are still served.
#[test]
fn the_number_of_games_is_bounded() {
    let s = Server::start(&[]);
    let mut ids = Vec::new();
    for seed in 0..64 {
        ids.push(new_game(&s, seed)["id"].as_str().unwrap().to_string());
    }
    let (code, v) = s.post("game/new", &json!({"seats": "me,heuristic,heuristic"}));
    assert_eq!(code, 429, "{v}");
    assert!(error_of(&v).contains("64 games"), "{v}");
    let (code, v) = s.get(&format!("game/{}", ids[0]));
    assert_eq!(code, 200, "{v}");
}
