//! The table as one player sees it: what a shell (the web page) shows that
//! player, and nothing more.
//!
//! [`seen`] never leaks a hidden card. A player sees its own cards; the
//! musik when it is turned up (`musik_shown`, not blind, not taken hidden
//! at 100) or when it is the declarer and has taken it; the card the
//! declarer gave it (the declarer sees both cards it gave); the cards
//! played. Everything else is public: the calls, the contract, the tricks
//! and their winners, the points, the score sheet.
//!
//! The rules stay here, in the library: the view lists the player's legal
//! options when it is its turn ([`Legal`]), and [`parse_action`] reads what
//! the player answers, so that a shell only shows and asks.

use serde::Serialize;

use crate::engine::card::{Card, Suit};
use crate::engine::cardset::CardSet;
use crate::engine::contract::guessed_exchanges;
use crate::engine::deal::Give;
use crate::engine::moves::Move;
use crate::engine::rules::{Musik, TrumpRule};
use crate::engine::score::{GameResult, HandRecord};
use crate::engine::seat::Seat;
use crate::engine::state::Declaration;
use crate::game::auction::Call;
use crate::game::table::{Action, Decision, HandLog, Table, Turn};
use crate::game::words::{sentence, Names};

/// The game as `me` sees it.
#[derive(Clone, Debug, Serialize)]
pub struct Seen {
    /// The player this view is for.
    pub me: usize,
    pub players: Vec<String>,
    /// Each player's total.
    pub totals: Vec<i32>,
    pub rules: String,
    /// The total that wins the game.
    pub game_to: u16,
    /// Whose turn it is (`None`: the game is over).
    pub turn: Option<SeenTurn>,
    /// The deal in progress (or the last one, once the game is over).
    pub hand: SeenHand,
    /// The deal before it (finished: played, conceded or redealt).
    pub last: Option<SeenHand>,
    /// What `me` may do, when it is its turn.
    pub legal: Option<Legal>,
    /// The score sheet: one line per hand scored.
    pub sheet: Vec<HandRecord>,
    /// The game's result in words, once over.
    pub result: Option<String>,
    /// The winner (or the players who drew), once over.
    pub winners: Vec<usize>,
}

/// Whose turn it is, and to decide what.
#[derive(Clone, Debug, Serialize)]
pub struct SeenTurn {
    pub player: usize,
    pub name: String,
    /// `redeal`, `call`, `exchange`, `contract` or `play`.
    pub decision: &'static str,
    /// Why the player may ask for a redeal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    /// It is the viewing player's turn.
    pub mine: bool,
}

/// A call of the auction.
#[derive(Clone, Debug, Serialize)]
pub struct SeenCall {
    pub player: usize,
    pub name: String,
    /// `pass`, `110`, or `b120` (blind).
    pub call: String,
    pub blind: bool,
    /// The forced opening.
    pub forced: bool,
}

/// A redeal question answered.
#[derive(Clone, Debug, Serialize)]
pub struct SeenRedealAsk {
    pub player: usize,
    pub name: String,
    pub asked: bool,
}

/// A card of the declarer's exchange as the viewing player sees it.
#[derive(Clone, Debug, Serialize)]
pub struct Gift {
    /// Who received it.
    pub to: usize,
    pub name: String,
    /// The card, when the viewer may see it (its receiver, or the
    /// declarer).
    pub card: Option<String>,
}

/// A seat of the hand (D, L, R) and who holds it.
#[derive(Clone, Debug, Serialize)]
pub struct SeatHolder {
    pub seat: String,
    pub player: usize,
    pub name: String,
}

/// A card played.
#[derive(Clone, Debug, Serialize)]
pub struct PlayedCard {
    pub player: usize,
    pub name: String,
    pub seat: String,
    /// The card (`KH`; a move led without declaring is shown as its card).
    pub card: String,
    /// The declaration this lead made, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declares: Option<String>,
}

/// A finished trick.
#[derive(Clone, Debug, Serialize)]
pub struct SeenTrick {
    /// From 1.
    pub number: usize,
    pub cards: Vec<PlayedCard>,
    pub winner: usize,
    pub winner_name: String,
    pub winner_seat: String,
    /// Card points won (with the last trick's bonus).
    pub points: u16,
}

/// A seat's points so far (cards won and marriages).
#[derive(Clone, Debug, Serialize)]
pub struct SeatPoints {
    pub seat: String,
    pub player: usize,
    pub name: String,
    pub points: u16,
}

/// One deal as the viewing player sees it.
#[derive(Clone, Debug, Serialize)]
pub struct SeenHand {
    /// The hand's number, from 1 (a redeal keeps it).
    pub number: usize,
    pub dealer: usize,
    /// With four players: the dealer, who sits out.
    pub sits_out: Option<usize>,
    /// The players in calling order.
    pub bidders: Vec<usize>,
    /// The viewer's cards now (display order: H D C S, high to low); the
    /// declarer's ten while it chooses its exchange.
    pub cards: Vec<String>,
    /// The card the declarer gave the viewer.
    pub received: Option<String>,
    pub redeal_asks: Vec<SeenRedealAsk>,
    /// Why the deal was redealt, when it was.
    pub redeal: Option<String>,
    /// The calls in order, the forced opening first.
    pub auction: Vec<SeenCall>,
    pub declarer: Option<usize>,
    pub declarer_name: Option<String>,
    pub bid: Option<u16>,
    /// The winning bid was blind: the hand counts double.
    pub blind: bool,
    /// The musik, when the viewer may see it (display order).
    pub musik: Option<Vec<String>>,
    /// The musik was turned up for everyone.
    pub musik_shown: bool,
    /// The declarer has made its exchange.
    pub exchanged: bool,
    /// The cards given (`musik=pass`), one per defender.
    pub gifts: Vec<Gift>,
    /// The cards discarded (`musik=discard`), to the declarer only; with
    /// two players the two laid away, the one whose points D keeps first.
    pub discarded: Option<Vec<String>>,
    /// The trump named in the exchange (`trump=chosen`).
    pub named_trump: Option<String>,
    pub contract: Option<u16>,
    /// The declarer conceded (the bomb).
    pub conceded: bool,
    /// D, L, R and who holds them, once there is a declarer.
    pub seats: Vec<SeatHolder>,
    /// The trump in force (H, D, C, S).
    pub trump: Option<String>,
    /// The cards on the table, in playing order.
    pub trick: Vec<PlayedCard>,
    /// The tricks taken, with their winners.
    pub tricks: Vec<SeenTrick>,
    /// The seats' points (D, L, R), once in play.
    pub points: Vec<SeatPoints>,
    /// The hand's line on the score sheet, once scored.
    pub scored: Option<HandRecord>,
    /// What happened, in words, one line per event.
    pub events: Vec<String>,
}

/// What the viewing player may do now. Only the list for its decision is
/// filled.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Legal {
    /// Redeal: it may answer y or n.
    pub redeal: bool,
    /// The calls allowed (`pass`, `110`, `b120`).
    pub calls: Vec<String>,
    /// The exchange: an example (the library's first guess), and the ten
    /// cards to give from.
    pub exchange_example: Option<String>,
    /// How many cards the exchange gives (two: one to L, one to R; three
    /// discarded; two laid away with two players).
    pub exchange_cards: usize,
    /// Two players: the exchange lays two cards away, the one whose points
    /// the declarer keeps first, then the one for the other musik.
    pub lay_away: bool,
    /// The contract levels allowed after the exchange.
    pub contracts: Vec<u16>,
    /// The declarer may concede (the bomb).
    pub bomb: bool,
    /// The moves allowed (`KH`; `KH-` leads without declaring).
    pub moves: Vec<String>,
}

fn cards_text(set: CardSet) -> Vec<String> {
    set.iter_display().map(|c| c.to_string()).collect()
}

fn suit_name(s: Suit) -> &'static str {
    match s {
        Suit::Hearts => "hearts",
        Suit::Diamonds => "diamonds",
        Suit::Clubs => "clubs",
        Suit::Spades => "spades",
    }
}

/// A declaration in words: `the hearts marriage (+100)`.
pub fn declaration_words(d: Declaration, points: u16) -> String {
    match d {
        Declaration::Marriage(s) => format!("the {} marriage (+{points})", suit_name(s)),
        Declaration::Aces => format!("the ace marriage (+{points})"),
    }
}

fn decision_name(d: &Decision) -> &'static str {
    match d {
        Decision::Redeal(_) => "redeal",
        Decision::Call => "call",
        Decision::Exchange => "exchange",
        Decision::Contract => "contract",
        Decision::Play => "play",
    }
}

/// The view of `table` for player `me`.
pub fn seen(table: &Table, me: usize) -> Seen {
    let turn = table.turn();
    let n = table.hands.len();
    let current = table.hand();
    let hand = seen_hand(table, current, me);
    let last = (n >= 2).then(|| seen_hand(table, &table.hands[n - 2], me));
    let legal = turn
        .as_ref()
        .filter(|t| t.player == me)
        .map(|t| legal(table, t));
    let (result, winners) = match table.result() {
        Some(r) => (
            // Said to the viewer: "You win with 190", not "You wins".
            Some(sentence(
                &Names::new(table.players.clone(), Some(me)).result(r, &table.sheet.totals),
            )),
            match r {
                GameResult::Winner(p) => vec![*p],
                GameResult::Draw(ps) => ps.clone(),
            },
        ),
        None => (None, Vec::new()),
    };
    Seen {
        me,
        players: table.players.clone(),
        totals: table.sheet.totals.clone(),
        rules: table.rules.to_string(),
        game_to: table.rules.game_to,
        turn: turn.as_ref().map(|t| SeenTurn {
            player: t.player,
            name: table.players[t.player].clone(),
            decision: decision_name(&t.decision),
            why: match &t.decision {
                Decision::Redeal(why) => Some(why.clone()),
                _ => None,
            },
            mine: t.player == me,
        }),
        hand,
        last,
        legal,
        sheet: table.sheet.hands.clone(),
        result,
        winners,
    }
}

/// The options of the player whose turn it is.
fn legal(table: &Table, turn: &Turn) -> Legal {
    let mut l = Legal::default();
    match &turn.decision {
        Decision::Redeal(_) => l.redeal = true,
        Decision::Call => l.calls = table.legal_calls().iter().map(|c| c.to_string()).collect(),
        Decision::Exchange => {
            if let Some(deal) = table.hand().deal() {
                let all = guessed_exchanges(&deal, &table.rules);
                if let Some(e) = all.first() {
                    l.exchange_example = Some(e.to_string());
                    l.exchange_cards = e.cards().len();
                    l.lay_away = deal.is_two();
                }
            }
        }
        Decision::Contract => {
            l.contracts = table.contract_levels();
            l.bomb = true;
        }
        Decision::Play => l.moves = table.legal_moves().iter().map(|m| m.to_string()).collect(),
    }
    l
}

/// One deal as `me` sees it.
fn seen_hand(table: &Table, h: &HandLog, me: usize) -> SeenHand {
    let rules = &table.rules;
    let name = |p: usize| table.players[p].clone();
    // "Ala plays", "You play": the viewer is "you" in the events.
    let names = Names::new(table.players.clone(), Some(me));
    let says = |p: usize, verb: &str, rest: &str| sentence(&names.says(p, verb)) + rest;
    let whom = |p: usize| names.who(p).to_string();
    let mut events = Vec::new();
    let four = table.players.len() == 4;

    // The auction, the forced opening first, then the redeal questions.
    let opening = h
        .auction
        .calls
        .iter()
        .position(|(_, c)| c.level().is_some())
        .unwrap_or(0);
    let mut auction = Vec::new();
    for (i, &(b, c)) in h.auction.calls.iter().enumerate() {
        let p = h.bidders[b];
        auction.push(SeenCall {
            player: p,
            name: name(p),
            call: c.to_string(),
            blind: matches!(c, Call::Blind(_)),
            forced: i == opening,
        });
        if i == opening {
            events.push(says(
                p,
                "open",
                &format!(" at {} (forced).", c.level().unwrap_or(100)),
            ));
            for &(q, asked) in &h.redeal_asks {
                events.push(if asked {
                    says(q, "ask", " for a redeal.")
                } else {
                    says(q, "play", " the deal (no redeal).")
                });
            }
        } else {
            events.push(match c {
                Call::Pass => says(p, "pass", "."),
                Call::Bid(l) => says(p, "bid", &format!(" {l}.")),
                Call::Blind(l) => says(p, "bid", &format!(" {l} blind.")),
            });
        }
    }
    if let Some(why) = &h.redeal {
        events.push(format!("Redeal: {why}."));
    }

    let won = h.won();
    let declarer = h.declarer();
    let is_declarer = declarer == Some(me);
    if let (Some(w), Some(d)) = (won, declarer) {
        events.push(says(
            d,
            "win",
            &format!(
                " the auction at {}{}.",
                w.bid,
                if w.blind {
                    " (blind: the hand counts double)"
                } else if w.on_the_opening {
                    " (no one raised the opening)"
                } else {
                    ""
                }
            ),
        ));
    }
    let musik_shown = h.musik_shown(rules);
    let musik_visible = declarer.is_some() && (musik_shown || is_declarer);
    let musik = musik_visible.then(|| cards_text(h.musik));
    if let Some(d) = declarer {
        if musik_shown {
            events.push(says(
                d,
                "turn up",
                &format!(" the musik: {}.", cards_text(h.musik).join(" ")),
            ));
        } else if is_declarer {
            events.push(says(
                d,
                "take",
                &format!(" the musik face down: {}.", cards_text(h.musik).join(" ")),
            ));
        } else {
            events.push(says(d, "take", " the musik face down."));
        }
    }

    let seats = h.seats();
    let holders: Vec<SeatHolder> = seats
        .as_ref()
        .map(|s| {
            s.iter()
                .enumerate()
                .map(|(i, &p)| SeatHolder {
                    seat: Seat::from_index(i).to_string(),
                    player: p,
                    name: name(p),
                })
                .collect()
        })
        .unwrap_or_default();

    // The exchange.
    let mut gifts = Vec::new();
    let mut discarded = None;
    let mut received = None;
    let mut named_trump = None;
    if let (Some(e), Some(s), Some(d)) = (h.exchange, seats.as_ref(), declarer) {
        named_trump = e.trump.map(|t| t.to_string());
        match e.give {
            Give::Pass(to_l, to_r) => {
                let mut words = Vec::new();
                for (card, &p) in [to_l, to_r].iter().zip(&s[1..]) {
                    let visible = is_declarer || p == me;
                    if p == me {
                        received = Some(card.to_string());
                    }
                    gifts.push(Gift {
                        to: p,
                        name: name(p),
                        card: visible.then(|| card.to_string()),
                    });
                    words.push(if visible {
                        format!("{card} to {}", whom(p))
                    } else {
                        format!("a card to {}", whom(p))
                    });
                }
                events.push(says(d, "give", &format!(" {}.", words.join(" and "))));
            }
            Give::Discard(set) => {
                if is_declarer {
                    discarded = Some(cards_text(set));
                    events.push(says(
                        d,
                        "discard",
                        &format!(" {}.", cards_text(set).join(" ")),
                    ));
                } else {
                    events.push(says(d, "discard", " three cards."));
                }
            }
            Give::LayAway(a, b) => {
                if is_declarer {
                    discarded = Some(vec![a.to_string(), b.to_string()]);
                    events.push(says(d, "lay", &format!(" away {a} and {b}.")));
                } else {
                    events.push(says(d, "lay", " away two cards."));
                }
            }
        }
        if let Some(t) = e.trump {
            events.push(says(d, "name", &format!(" {} trump.", suit_name(t))));
        }
    }
    if let (Some(c), Some(d)) = (h.contract, declarer) {
        events.push(says(d, "play", &format!(" for {c}.")));
    }
    if let Some(d) = declarer.filter(|_| h.conceded) {
        events.push(says(d, "concede", " (the bomb)."));
    }

    // The play, trick by trick.
    let hand_rules = h.hand_rules(rules);
    let mut trick = Vec::new();
    let mut tricks = Vec::new();
    let mut points = Vec::new();
    let mut trump = None;
    let mut my_cards = None;
    if let (Some(start), Some(s)) = (h.start(rules), seats.as_ref()) {
        let mut state = start;
        for &m in &h.play {
            let seat = state.to_move();
            let p = s[seat.index()];
            let played = state.play(&hand_rules, m);
            let declares = played
                .declared
                .map(|(decl, pts)| declaration_words(decl, pts));
            events.push(match &declares {
                Some(words) => says(
                    p,
                    "play",
                    &format!(
                        " {} and declare{} {words}.",
                        m.card(),
                        if p == me { "" } else { "s" }
                    ),
                ),
                None => says(p, "play", &format!(" {}.", m.card())),
            });
            trick.push(PlayedCard {
                player: p,
                name: name(p),
                seat: seat.to_string(),
                card: m.card().to_string(),
                declares,
            });
            if let Some((winner, pts)) = played.trick {
                let w = s[winner.index()];
                let cards: Vec<String> = trick.iter().map(|c| c.card.clone()).collect();
                // Two players: the last trick takes the other musik, now turned up.
                let musik = if state.is_over() && !state.last_musik.is_empty() {
                    format!(
                        " and the other musik, {}",
                        cards_text(state.last_musik).join(" ")
                    )
                } else {
                    String::new()
                };
                events.push(says(
                    w,
                    "take",
                    &format!(" the trick ({}{musik}, {pts} points).", cards.join(" ")),
                ));
                tricks.push(SeenTrick {
                    number: tricks.len() + 1,
                    cards: std::mem::take(&mut trick),
                    winner: w,
                    winner_name: name(w),
                    winner_seat: winner.to_string(),
                    points: pts,
                });
            }
        }
        trump = state.trump.map(|t| t.to_string());
        points = s
            .iter()
            .enumerate()
            .map(|(i, &p)| SeatPoints {
                seat: Seat::from_index(i).to_string(),
                player: p,
                name: name(p),
                points: state.points[i],
            })
            .collect();
        if let Some(i) = s.iter().position(|&p| p == me) {
            my_cards = Some(state.hands[i]);
        }
    }
    // Before the play: the declarer holds its ten while it chooses, the
    // others their seven.
    let my_cards = my_cards.unwrap_or_else(|| {
        let dealt = h.cards_of(me).unwrap_or_default();
        if is_declarer {
            dealt | h.musik
        } else {
            dealt
        }
    });

    // The hand's line on the sheet, for a finished (not redealt) deal.
    let scored = if h.redeal.is_none() && h.finished(rules) {
        table
            .sheet
            .hands
            .iter()
            .rev()
            .find(|r| r.number == h.number)
            .cloned()
    } else {
        None
    };
    if let Some(r) = &scored {
        let (verb, level) = match (r.conceded, r.made) {
            (true, _) => ("concede", r.bid),
            (_, Some(true)) => ("make", r.contract.unwrap_or(r.bid)),
            _ => ("fail", r.contract.unwrap_or(r.bid)),
        };
        let added: Vec<String> = r
            .added
            .iter()
            .enumerate()
            .map(|(p, a)| format!("{} {a:+}", name(p)))
            .collect();
        let what = says(r.declarer, verb, &format!(" {level}."));
        events.push(format!(
            "Hand {}: {what} Scores: {}.",
            r.number,
            added.join(", ")
        ));
    }
    SeenHand {
        number: h.number,
        dealer: h.dealer,
        sits_out: four.then_some(h.dealer),
        bidders: h.bidders.clone(),
        cards: cards_text(my_cards),
        received,
        redeal_asks: h
            .redeal_asks
            .iter()
            .map(|&(p, asked)| SeenRedealAsk {
                player: p,
                name: name(p),
                asked,
            })
            .collect(),
        redeal: h.redeal.clone(),
        auction,
        declarer,
        declarer_name: declarer.map(name),
        bid: won.map(|w| w.bid),
        blind: won.is_some_and(|w| w.blind),
        musik,
        musik_shown,
        exchanged: h.exchange.is_some(),
        gifts,
        discarded,
        named_trump,
        contract: h.contract,
        conceded: h.conceded,
        seats: holders,
        trump,
        trick,
        tricks,
        points,
        scored,
        events,
    }
}

/// Reads a player's answer to its turn, and refuses in words said to that
/// player what it cannot be: `y`/`n` (redeal), a call (`pass`, `110`,
/// `b120`), an exchange (`9S QC` or `9S,QC`: the first card to the player
/// on the declarer's left), a contract (`120`) or `bomb`, a card (`AS`;
/// `KH-` leads without declaring). Whatever it reads is then for
/// [`Table::act`] to allow: the auction's and the contract's limits are
/// checked there.
pub fn parse_action(table: &Table, turn: &Turn, text: &str) -> Result<Action, String> {
    let text = text.trim();
    let lower = text.to_ascii_lowercase();
    match &turn.decision {
        Decision::Redeal(_) => match lower.as_str() {
            "y" | "yes" => Ok(Action::Redeal(true)),
            "n" | "no" => Ok(Action::Redeal(false)),
            _ => Err(format!(
                "'{text}': answer y (ask for a redeal) or n (play this deal)"
            )),
        },
        Decision::Call => read_call(table, text),
        Decision::Exchange => read_exchange(table, turn, text),
        Decision::Contract => {
            let levels = table.contract_levels();
            let range = match (levels.first(), levels.last()) {
                (Some(a), Some(b)) if a == b => format!("{a}"),
                (Some(a), Some(b)) => format!("a number from {a} to {b}"),
                _ => "a number".into(),
            };
            match lower.as_str() {
                "bomb" | "concede" => Ok(Action::Concede),
                _ => text.parse::<u16>().map(Action::Contract).map_err(|_| {
                    format!("'{text}' is not a contract: {range}, or bomb to concede")
                }),
            }
        }
        Decision::Play => read_play(table, text),
    }
}

/// A call: what the player may call now is named when the answer is not
/// one.
fn read_call(table: &Table, text: &str) -> Result<Action, String> {
    let legal = table.legal_calls();
    let levels = |blind: bool| -> Vec<u16> {
        legal
            .iter()
            .filter_map(|c| match (c, blind) {
                (Call::Bid(l), false) | (Call::Blind(l), true) => Some(*l),
                _ => None,
            })
            .collect()
    };
    let (open, blind) = (levels(false), levels(true));
    let mut options = vec!["pass".to_string()];
    match (open.first(), open.last()) {
        (Some(a), Some(b)) if a == b => options.push(format!("bid {a}")),
        (Some(a), Some(b)) => options.push(format!("a bid from {a} to {b}")),
        _ => {}
    }
    if let Some(b) = blind.first() {
        options.push(format!("a blind bid such as b{b}"));
    }
    let options = match options.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{}, or {last}", rest.join(", ")),
        _ => options.join(""),
    };
    match text.parse::<Call>() {
        Ok(Call::Blind(_)) if !table.rules.blind => Err(format!(
            "'{text}': blind bids are not played in this game; you may answer {options}"
        )),
        Ok(call) => Ok(Action::Call(call)),
        Err(_) => Err(format!("'{text}' is not a call: you may answer {options}")),
    }
}

/// The declarer's exchange: its cards, named with spaces or commas, each
/// held and named once, as many as the rules give away.
fn read_exchange(table: &Table, turn: &Turn, text: &str) -> Result<Action, String> {
    let rules = &table.rules;
    let h = table.hand();
    let deal = h.deal().ok_or("there is no declarer yet")?;
    let seats = h.seats().ok_or("there is no declarer yet")?;
    let names = Names::new(table.players.clone(), Some(turn.player));
    let example = guessed_exchanges(&deal, rules)
        .first()
        .map(|e| format!(", e.g. {e}"))
        .unwrap_or_default();
    let chosen = rules.trump == TrumpRule::Chosen;
    let trump = if chosen { ", then the trump suit" } else { "" };
    let (count, want) = if deal.is_two() {
        (
            2,
            "two cards to lay away: first the one whose points you keep, then the one \
             for the other musik"
                .to_string(),
        )
    } else if rules.musik == Musik::Discard {
        (3, "three cards to discard".to_string())
    } else {
        (
            2,
            format!(
                "two cards: the one for {}, then the one for {}",
                names.who(seats[1]),
                names.who(seats[2])
            ),
        )
    };
    let want = format!("{want}{trump}{example}");
    let ten = deal.declarer_ten();
    let words: Vec<&str> = text.split([',', ' ']).filter(|w| !w.is_empty()).collect();
    let mut cards: Vec<Card> = Vec::new();
    let mut named = None;
    for (i, w) in words.iter().enumerate() {
        match (w.parse::<Card>(), w.parse::<Suit>()) {
            (Ok(c), _) if cards.contains(&c) => {
                return Err(format!("{c} is named twice; give {want}"))
            }
            (Ok(c), _) if !ten.contains(c) => {
                return Err(format!(
                    "you do not hold {c}: your ten cards are {}",
                    cards_text(ten).join(" ")
                ))
            }
            (Ok(c), _) => cards.push(c),
            (Err(_), Ok(t)) if chosen && i + 1 == words.len() => named = Some(t),
            _ => return Err(format!("'{w}' is not a card; give {want}")),
        }
    }
    if cards.len() != count {
        let n = match cards.len() {
            1 => "one card".to_string(),
            n => format!("{n} cards"),
        };
        return Err(format!("{n} named; give {want}"));
    }
    if chosen && named.is_none() {
        return Err(format!("no trump named; give {want}"));
    }
    let mut canonical: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
    canonical.extend(named.map(|t| t.to_string()));
    crate::engine::position::parse_exchange(&canonical.join(" "), rules, &deal)
        .map(Action::Exchange)
        .map_err(|e| format!("{e}; give {want}"))
}

/// A card to play, refused in words said to the player when it may not be
/// played.
fn read_play(table: &Table, text: &str) -> Result<Action, String> {
    let legal: Vec<String> = table.legal_moves().iter().map(|m| m.to_string()).collect();
    let m = text
        .parse::<Move>()
        .map_err(|_| format!("'{text}' is not a card; play one of {}", legal.join(" ")))?;
    if let Some(why) = table
        .hand()
        .state(&table.rules)
        .and_then(|s| s.illegal(&table.rules, m))
    {
        return Err(format!("not allowed: {}", why.said_to_you()));
    }
    Ok(Action::Play(m))
}

/// The cards in `text` (JSON or words): every token that reads as a card.
/// For tests of what a view shows.
pub fn cards_named(text: &str) -> CardSet {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|t| t.len() == 2 && !t.chars().any(|c| c.is_ascii_lowercase()))
        .filter_map(|t| t.parse::<Card>().ok())
        .collect()
}
