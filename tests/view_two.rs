//! One seat's view of a two-player hand (`players=2`) and its sampler,
//! checked against docs/view.md's statement of what each seat knows (and
//! docs/rules.md, *Two players*): every hidden history that fits what the
//! seat saw is equally likely.
//!
//! The enumeration here is written from the rules text alone: it deals the
//! cards the seat cannot see in every way (D's ten, the musik D takes, the
//! other musik, L's ten), lets D lay away every ordered pair of its twelve
//! (every pair under `laid_away=declarer`), replays the seen plays under the
//! rules and keeps the histories that reproduce them. It shares nothing with
//! the sampler's slots.

mod common;

use std::collections::HashMap;

use common::uniformity::goodness;
use rand::seq::SliceRandom;
use rand::Rng;
use tysiac::engine::sample::{combinations, sample_rng};
use tysiac::view::parse_views;
use tysiac::{
    engine::random, parse_position, Card, CardSet, Deal, Declare, Exchange, Form, Give, LaidAway,
    Move, Position, Rules, Sampler, Seat, Seen, State, View,
};

fn rules(text: &str) -> Rules {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

fn set(s: &str) -> CardSet {
    s.parse().unwrap()
}

/// A random two-player hand: a shuffled deal (10 10 2 2), a random
/// lay-away from D's twelve, and `moves` random legal cards, as the text of
/// a history-form position.
fn hand_text(seed: u64, rules_text: &str, moves: usize) -> String {
    let r = rules(rules_text);
    let mut rng = random::rng(seed);
    let mut cards: Vec<Card> = Card::all().collect();
    cards.shuffle(&mut rng);
    let pile = |a: usize, b: usize| cards[a..b].iter().copied().collect::<CardSet>();
    let deal = Deal::two(pile(0, 10), pile(10, 20), pile(20, 22), pile(22, 24));
    let twelve: Vec<Card> = deal.declarer_ten().iter().collect();
    let i = rng.gen_range(0..12);
    let j = (i + rng.gen_range(1..12)) % 12;
    let (a, b) = (twelve[i], twelve[j]);
    let start = deal
        .after(
            &r,
            &Exchange {
                give: Give::LayAway(a, b),
                trump: None,
            },
        )
        .unwrap();
    let mut s = start;
    let mut play = Vec::new();
    while !s.is_over() && play.len() < moves {
        let legal = s.legal_moves(&r);
        let m = legal[rng.gen_range(0..legal.len())];
        s.play(&r, m);
        play.push(m.to_string());
    }
    format!(
        "rules: {rules_text}\ndeal: {deal}\nexchange: {a} {b}\nplay: {}",
        play.join(" ")
    )
}

fn position(text: &str) -> Position {
    parse_position(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn history(p: &Position) -> &tysiac::History {
    match &p.form {
        Form::History(h) => h,
        Form::Snapshot(_) => panic!("a history"),
    }
}

/// The seen plays of a history: card and whether its lead declared.
fn seen_plays(r: &Rules, start: &State, moves: &[Move]) -> Vec<(Card, bool)> {
    let mut s = *start;
    moves
        .iter()
        .map(|&m| (m.card(), s.play(r, m).declared.is_some()))
        .collect()
}

/// Replays `seen` from `start`: the state reached if every play is legal
/// and declares exactly as seen.
fn replay_fits(r: &Rules, start: &State, seen: &[(Card, bool)]) -> Option<State> {
    let mut s = *start;
    for &(card, declared) in seen {
        let could = s.declaration(r, card).is_some();
        let mv = if could && !declared && r.declare == Declare::Optional {
            Move::undeclared(card)
        } else {
            Move::new(card)
        };
        if !s.is_legal(r, mv) || s.play(r, mv).declared.is_some() != declared {
            return None;
        }
    }
    Some(s)
}

/// What a layout is now: the hands, the points (D's from the cards laid
/// away included) and the musik the last trick takes. With the seen plays
/// it fixes the layout at the first lead.
type Key = ([CardSet; 3], [u16; 3], CardSet);

fn key(s: &State) -> Key {
    (s.hands, s.points, s.last_musik)
}

/// The ways D may lay two of `twelve` away: ordered pairs, or unordered
/// under `laid_away=declarer` (both count for D, so the order says nothing).
fn lay_aways(r: &Rules, twelve: CardSet) -> Vec<(Card, Card)> {
    let mut out = Vec::new();
    for a in twelve {
        for b in twelve {
            let keep = match r.laid_away {
                LaidAway::Split => a != b,
                LaidAway::Declarer => a < b,
            };
            if keep {
                out.push((a, b));
            }
        }
    }
    out
}

/// Every hidden history of `seat`'s view of `p` that fits, counted by the
/// layout it reaches. Every history is counted once (no factor left out).
fn enumerate(p: &Position, seat: Seat) -> HashMap<Key, u64> {
    let r = p.rules;
    let h = history(p);
    let (deal, exchange) = (h.deal.unwrap(), h.exchange.unwrap());
    let seen = seen_plays(&r, &h.start.unwrap(), &h.moves);
    let mut out: HashMap<Key, u64> = HashMap::new();
    // Histories reaching the same first lead replay alike: replay each once.
    let mut replayed: HashMap<State, Option<Key>> = HashMap::new();
    let mut history = |d: Deal, (a, b): (Card, Card)| {
        let e = Exchange {
            give: Give::LayAway(a, b),
            trump: None,
        };
        let start = d.after(&r, &e).expect("a lay-away from D's twelve");
        let k = *replayed
            .entry(start)
            .or_insert_with(|| replay_fits(&r, &start, &seen).map(|s| key(&s)));
        if let Some(k) = k {
            *out.entry(k).or_default() += 1;
        }
    };
    match seat {
        Seat::D => {
            // D saw its ten, the musik and what it laid away: L's ten and
            // the other musik are any split of the twelve others.
            let Give::LayAway(a, b) = exchange.give else {
                panic!("a lay-away")
            };
            let unseen = !deal.declarer_ten();
            for other in combinations(unseen, 2) {
                let d = Deal::two(deal.hands[0], unseen.minus(other), deal.musik, other);
                history(d, (a, b));
            }
        }
        _ => {
            // L saw its ten and, shown, the musik: D's ten, the musik, the
            // other musik and D's lay-away are hidden.
            let l_ten = deal.hands[1];
            let unseen = !l_ten;
            for other in combinations(unseen, 2) {
                let rest = unseen.minus(other);
                let musiks = if r.musik_shown {
                    if !(deal.musik & other).is_empty() {
                        continue;
                    }
                    vec![deal.musik]
                } else {
                    combinations(rest, 2)
                };
                for musik in musiks {
                    let d = Deal::two(rest.minus(musik), l_ten, musik, other);
                    for pair in lay_aways(&r, rest) {
                        history(d, pair);
                    }
                }
            }
        }
    }
    out
}

fn view_of(p: &Position, seat: Seat) -> View {
    View::from_position(p, Some(seat)).unwrap_or_else(|e| panic!("{e}\n{p}"))
}

/// `n` draws of the view's sampler, each checked to be a whole history
/// that leads to its start and replays the play.
fn draws(view: &View, n: u64, seed: u64) -> Vec<Key> {
    let r = view.rules;
    let seen: Vec<(Card, bool)> = view.plays.iter().map(|s| (s.card, s.declared)).collect();
    let sampler = Sampler::new(view);
    (0..n)
        .map(|i| {
            let layout = sampler.sample(&mut sample_rng(seed, i));
            assert!(layout.deal.is_two());
            assert_eq!(layout.deal.after(&r, &layout.exchange), Ok(layout.start));
            assert_eq!(layout.start.seats, 2);
            assert_eq!(layout.start.hands[view.seat.index()], view.hand);
            let end = replay_fits(&r, &layout.start, &seen).expect("the layout replays");
            assert_eq!(end, layout.state);
            key(&layout.state)
        })
        .collect()
}

/// The hidden histories per assignment of the sampler's slots: 66 for L's
/// view of an unseen musik (which 2 of D's twelve it was), else 1.
fn factor(view: &View) -> u64 {
    if view.seat == Seat::L && !view.rules.musik_shown {
        66
    } else {
        1
    }
}

/// The sampler against the enumeration, for one view: the number of
/// hidden histories and their distribution over layouts.
fn check_view(p: &Position, seat: Seat, n: u64) -> usize {
    let view = view_of(p, seat);
    let exact = enumerate(p, seat);
    let total: u64 = exact.values().sum();
    assert_eq!(
        Sampler::new(&view).count() * u128::from(factor(&view)),
        u128::from(total),
        "history count of {seat}'s view\n{p}"
    );
    let (chi2, bound) = goodness(&exact, &draws(&view, n, 7));
    assert!(
        chi2 < bound,
        "chi-square {chi2:.1} >= {bound:.1} for {seat}'s view of\n{p}"
    );
    exact.len()
}

/// The first hand from `seed` on, played to `moves` cards, for which
/// `wanted` holds of its position.
fn find(from: u64, rules_text: &str, moves: usize, wanted: impl Fn(&Position) -> bool) -> Position {
    (from..from + 2000)
        .map(|seed| position(&hand_text(seed, rules_text, moves)))
        .find(|p| wanted(p))
        .unwrap_or_else(|| panic!("no hand of {rules_text} in 2000 seeds"))
}

/// Seats that showed a void: followed a lead with another suit.
fn voids(p: &Position) -> Vec<Seat> {
    let r = p.rules;
    let h = history(p);
    let mut s = h.start.unwrap();
    let mut out = Vec::new();
    for &m in &h.moves {
        if let [led] = s.trick() {
            if led.suit() != m.card().suit() {
                out.push(s.to_move());
            }
        }
        s.play(&r, m);
    }
    out
}

/// Seats that declared a marriage.
fn declarers(p: &Position) -> Vec<Seat> {
    let r = p.rules;
    let h = history(p);
    let mut s = h.start.unwrap();
    let mut out = Vec::new();
    for &m in &h.moves {
        let seat = s.to_move();
        if s.play(&r, m).declared.is_some() {
            out.push(seat);
        }
    }
    out
}

#[test]
fn the_sampler_matches_the_enumeration_of_hidden_histories() {
    // Late in the hand, so that the layouts now are few enough to count;
    // both seats, the musik shown and not, both ways of laying away.
    let cases = [
        ("players=2", 13),
        ("players=2", 16),
        ("players=2 musik_shown=no", 13),
        ("players=2 musik_shown=no", 15),
        ("players=2 laid_away=declarer", 14),
        ("players=2 laid_away=declarer musik_shown=no", 13),
        ("players=2 last_musik=marriage must_beat=no", 14),
        ("players=2 must_trump=no first_trick_marriage=yes", 13),
        ("players=2 declare=optional last_trick_bonus=10", 14),
    ];
    // D's view has 66 histories at most (L's ten and the other musik are
    // any split of twelve cards), so it is checked earlier in the hand too.
    let mut layouts = Vec::new();
    for (i, (text, moves)) in cases.into_iter().enumerate() {
        for (seat, moves) in [(Seat::D, moves / 3), (Seat::D, moves - 4), (Seat::L, moves)] {
            let p = position(&hand_text(40 + i as u64, text, moves));
            layouts.push(check_view(&p, seat, 5000));
        }
    }
    // The views tell something: most have many layouts.
    let several = layouts.iter().filter(|&&n| n > 10).count();
    assert!(several >= 15, "layouts per view: {layouts:?}");
}

#[test]
fn a_shown_musik_weighs_layouts_by_where_its_cards_may_have_gone() {
    // L's view with the musik shown and D's hand played down to two cards:
    // layouts with a shown card in the last musik stand for one history (it
    // must be the card laid into it), those without for three. The layouts
    // are not equally likely, and the sampler must follow the histories.
    let p = find(500, "players=2", 16, |p| {
        let h = history(p);
        let m = h.deal.unwrap().musik;
        let played: CardSet = h.moves.iter().map(|m| m.card()).collect();
        (m & played).is_empty()
    });
    let exact = enumerate(&p, Seat::L);
    let mut weights: Vec<u64> = exact.values().copied().collect();
    weights.sort();
    weights.dedup();
    assert!(
        weights.len() > 1,
        "layouts of different weights: {weights:?}"
    );
    check_view(&p, Seat::L, 4000);
    // The test tells: drawing the same layouts uniformly over layouts,
    // not histories, fails it.
    let mut keys: Vec<Key> = exact.keys().copied().collect();
    keys.sort();
    let mut rng = random::rng(5);
    let by_layout: Vec<Key> = (0..4000)
        .map(|_| keys[rng.gen_range(0..keys.len())])
        .collect();
    let (chi2, bound) = goodness(&exact, &by_layout);
    assert!(
        chi2 > bound,
        "uniform over layouts passed: {chi2:.1} < {bound:.1}"
    );
}

#[test]
fn a_void_shown_in_play_is_known_and_sampled_exactly() {
    for (seat, other) in [(Seat::D, Seat::L), (Seat::L, Seat::D)] {
        let p = find(1000, "players=2", 14, |p| voids(p).contains(&other));
        let view = view_of(&p, seat);
        // The first void shown: no card of that suit is left possible for
        // the seat that showed it, except cards it played after.
        let h = history(&p);
        let r = p.rules;
        let mut s = h.start.unwrap();
        let mut void = None;
        for (i, &m) in h.moves.iter().enumerate() {
            if let [led] = s.trick() {
                if s.to_move() == other && led.suit() != m.card().suit() && void.is_none() {
                    void = Some((i, led.suit()));
                }
            }
            s.play(&r, m);
        }
        let (at, suit) = void.unwrap();
        let later: CardSet = h.moves[at..].iter().map(|m| m.card()).collect();
        let left = view.knowledge().possible(other).suit(suit).minus(later);
        assert!(
            left.is_empty(),
            "{other} showed no {suit:?}, yet may hold {left}"
        );
        check_view(&p, seat, 3000);
    }
}

#[test]
fn a_declared_marriage_is_known_and_sampled_exactly() {
    for (seat, other) in [(Seat::D, Seat::L), (Seat::L, Seat::D)] {
        let p = find(2000, "players=2 musik_shown=no", 15, |p| {
            declarers(p).contains(&other)
        });
        let view = view_of(&p, seat);
        assert!(view.plays.iter().any(|s| s.seat == other && s.declared));
        check_view(&p, seat, 3000);
    }
    // Under declare=auto, a king led undeclared shows the queen missing:
    // D leads a king without the mark after the first trick, and L's view
    // never gives D its queen.
    let undeclared_king = |p: &Position| {
        let h = history(p);
        let mut s = h.start.unwrap();
        let r = p.rules;
        h.moves.iter().enumerate().find_map(|(i, &m)| {
            let lead = s.trick().is_empty() && s.to_move() == Seat::D && i > 1;
            let king = m.card().rank() == tysiac::Rank::King;
            let undeclared = s.declaration(&r, m.card()).is_none();
            s.play(&r, m);
            (lead && king && undeclared).then(|| Card::new(m.card().suit(), tysiac::Rank::Queen))
        })
    };
    let p = find(3000, "players=2", 13, |p| undeclared_king(p).is_some());
    let queen = undeclared_king(&p).unwrap();
    let view = view_of(&p, Seat::L);
    assert!(!view.knowledge().possible(Seat::D).contains(queen));
    check_view(&p, Seat::L, 3000);
}

#[test]
fn the_view_of_a_history_follows_the_true_hand() {
    // Every seat, every stage: the view's table, turn, legal moves and
    // knowledge agree with the true hand, and the true layout is possible.
    for case in 0..60u64 {
        let text = [
            "players=2",
            "players=2 musik_shown=no",
            "players=2 laid_away=declarer",
            "players=2 declare=optional first_trick_marriage=yes",
        ][case as usize % 4];
        let moves = (case as usize * 7) % 21;
        let p = position(&hand_text(100 + case, text, moves));
        let r = p.rules;
        let h = history(&p);
        let start = h.start.unwrap();
        let now = h.state(&r).unwrap();
        for seat in [Seat::D, Seat::L] {
            let view = view_of(&p, seat);
            assert_eq!(view.true_state(), Some(now));
            assert_eq!(view.to_move(), now.to_move());
            assert_eq!(view.is_over(), now.is_over());
            let table = view.table();
            // The table's points: everything but D's laid-away cards and,
            // until the view knows it, the last musik.
            let mut seen_points = now.points;
            seen_points[0] -= start.points[0];
            if let (true, None) = (now.is_over(), view.last_musik()) {
                seen_points[now.leader.index()] -=
                    tysiac::engine::state::last_musik_points(&r, start.last_musik);
            }
            assert_eq!(table.points, seen_points, "{seat}'s view of\n{p}");
            assert_eq!(table.trump, now.trump);
            if let Some(m) = view.last_musik() {
                assert_eq!(m, start.last_musik);
            }
            let list = |l: tysiac::MoveList| l.iter().copied().collect::<Vec<Move>>();
            if now.to_move() == seat && !now.is_over() {
                assert_eq!(list(view.legal_moves()), list(now.legal_moves(&r)));
            } else {
                assert!(view.legal_moves().is_empty());
            }
            // What the seat cannot place: D 12 (L's ten, the other musik),
            // L 14 (D's twelve, the other musik).
            let k = view.knowledge();
            let unseen = k.unseen();
            let other = if seat == Seat::D { Seat::L } else { Seat::D };
            assert_eq!(unseen.len(), if seat == Seat::D { 12 } else { 14 });
            assert!(k.possible(Seat::R).is_empty());
            assert!(now.hands[other.index()].is_subset(k.possible(other)));
            assert!(k.possible(other).is_subset(unseen));
            assert_eq!(k.possible(seat), view.own_cards());
            // One step on, by a legal move of the true hand.
            if !now.is_over() {
                let mv = now.legal_moves(&r)[0];
                let mut next = now;
                let declared = next.play(&r, mv).declared.is_some();
                let seen = Seen {
                    seat: now.to_move(),
                    card: mv.card(),
                    declared,
                };
                let after = view.after(seen).unwrap_or_else(|e| panic!("{e}\n{p}"));
                assert_eq!(after.to_move(), next.to_move());
                assert_eq!(after.plays.len(), view.plays.len() + 1);
            }
        }
    }
}

#[test]
fn the_last_musik_counts_for_the_view_only_when_it_knows_its_cards() {
    // At the end D has seen all L's ten: the other musik is the two cards
    // left, and with the card D laid into it, the last musik is known.
    for seed in 0..20u64 {
        let p = position(&hand_text(700 + seed, "players=2", 20));
        let h = history(&p);
        let (start, end) = (h.start.unwrap(), h.state(&p.rules).unwrap());
        let d = view_of(&p, Seat::D);
        assert_eq!(d.last_musik(), Some(start.last_musik));
        let mut points = end.points;
        points[0] -= start.points[0];
        assert_eq!(d.table().points, points);
        // L cannot tell the card D kept the points of from the one laid
        // into the other musik: the last musik stays unknown.
        let l = view_of(&p, Seat::L);
        assert_eq!(l.last_musik(), None);
        let w = end.leader.index();
        points[w] -= tysiac::engine::state::last_musik_points(&p.rules, start.last_musik);
        assert_eq!(l.table().points, points);
        // Before the end nobody counts it: the table holds the tricks won.
        let before = position(&hand_text(700 + seed, "players=2", 19));
        let hb = history(&before);
        let now = hb.state(&before.rules).unwrap();
        let mut points = now.points;
        points[0] -= hb.start.unwrap().points[0];
        assert_eq!(view_of(&before, Seat::D).table().points, points);
    }
    // Under laid_away=declarer with the musik shown and neither of its cards
    // played, L knows D laid both away: the last musik is the rest.
    let p = find(4000, "players=2 laid_away=declarer", 20, |p| {
        let h = history(p);
        let Give::LayAway(a, b) = h.exchange.unwrap().give else {
            return false;
        };
        h.deal.unwrap().musik == CardSet::from_card(a).with(b)
    });
    let h = history(&p);
    let l = view_of(&p, Seat::L);
    assert_eq!(l.last_musik(), Some(h.start.unwrap().last_musik));
}

#[test]
fn a_view_form_reads_like_the_history_it_comes_from() {
    // The view form of each seat gives the same view as the history does.
    for (i, text) in ["players=2", "players=2 musik_shown=no laid_away=declarer"]
        .into_iter()
        .enumerate()
    {
        let p = position(&hand_text(900 + i as u64, text, 15));
        let h = history(&p);
        let (deal, start) = (h.deal.unwrap(), h.start.unwrap());
        let Give::LayAway(a, b) = h.exchange.unwrap().give else {
            unreachable!()
        };
        let play = view_of(&p, Seat::D)
            .plays
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        let musik = if p.rules.musik_shown {
            format!("musik: {}\n", deal.musik)
        } else {
            String::new()
        };
        for seat in [Seat::D, Seat::L] {
            let exchange = if seat == Seat::D {
                format!("exchange: {a} {b}\n")
            } else {
                String::new()
            };
            let form = format!(
                "rules: {text}\nview: {seat}\nhand: {}\n{musik}{exchange}play: {play}",
                start.hands[seat.index()]
            );
            let v = parse_views(&form, "t", Rules::STANDARD, None)
                .remove(0)
                .unwrap_or_else(|e| panic!("{e}\n{form}"));
            let w = view_of(&p, seat);
            assert_eq!(v.plays, w.plays);
            assert_eq!(v.table(), w.table());
            assert_eq!(Sampler::new(&v).count(), Sampler::new(&w).count());
            assert_eq!(v.knowledge().unseen(), w.knowledge().unseen());
        }
    }
}

#[test]
fn two_player_views_read_the_auction_between_two() {
    let text = "rules: players=2\nview: L\nhand: ATK9.T.KQJ9.9\nmusik: .9..K\n\
                contract: 120\nbids: L:100 D:110 L:pass";
    let v = parse_views(text, "t", Rules::STANDARD, None)
        .remove(0)
        .unwrap();
    assert_eq!(v.bid, Some(110));
    let err = parse_views(
        &text.replace("L:100 D:110 L:pass", "L:100 R:110 D:pass"),
        "t",
        Rules::STANDARD,
        None,
    )
    .remove(0)
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "t:6: position #1: bids: call 2: 'R:110': with players=2 the seats are D and L"
    );
}

#[test]
fn two_player_view_form_errors_name_the_key_and_say_what_is_wrong() {
    let err = |text: &str| {
        parse_views(text, "f", Rules::STANDARD, None)
            .remove(0)
            .unwrap_err()
            .to_string()
    };
    // L: AH TH KH 9H TD KC QC JC 9C 9S; D took 9D KS.
    let l = "rules: players=2\nview: L\nmusik: .9..K\n";
    assert_eq!(
        err(&format!("{l}hand: ATK9.T.KQJ9.\n")),
        "f:4: position #1: hand: holds 9 cards; a seat holds 10 at the first lead under these rules"
    );
    assert_eq!(
        err(&format!("{l}hand: ATK9.T.KQJ9.9\nexchange: QH\n")),
        "f:5: position #1: exchange: with players=2 D gives L nothing (it lays 2 cards away \
         unseen): L's view has no exchange"
    );
    assert_eq!(
        err("rules: players=2\nview: L\nmusik: .9..KQ\nhand: ATK9.T.KQJ9.9\n"),
        "f:3: position #1: musik: holds 3 cards, needs 2 (the musik D took: every seat saw them)"
    );
    assert_eq!(
        err("rules: players=2\nview: L\nhand: ATK9.T.KQJ9.9\n"),
        "f:1: position #1: musik: musik_shown=yes: the view form needs a musik: line (the two \
         cards of the musik D took, which every seat saw)"
    );
    assert_eq!(
        err("rules: players=2\nview: L\nmusik: .9..9\nhand: ATK9.T.KQJ9.9\n"),
        "f:4: position #1: hand: 9S was in the musik, which went to D: L cannot hold it"
    );
    assert_eq!(
        err("rules: players=2\nview: R\nhand: ATK9.T.KQJ9.9\nmusik: .9..K\n"),
        "f:2: position #1: view: with players=2 the seats are D and L: there is no R"
    );
    // D: the exchange is needed, of two cards.
    let d = "rules: players=2\nview: D\nhand: AKQJ.AKQJ.A.A\nmusik: .T9..\n";
    assert_eq!(
        err(d),
        "f:1: position #1: exchange: D's view needs the 2 cards D laid away (players=2)"
    );
    assert_eq!(
        err(&format!("{d}exchange: 9D\n")),
        "f:5: position #1: exchange: names 1 cards; with players=2 D lays away 2: the one it \
         keeps the points of, then the one that goes into the other musik"
    );
    assert_eq!(
        err(&format!("{d}exchange: 9D AH\n")),
        "f:5: position #1: exchange: AH is given away, so it is not in D's hand"
    );
    // An impossible play, named by its move: L shows no heart on AH, then
    // plays one.
    let ok = format!("{d}exchange: 9D TD\nplay: AH 9S | JH");
    let v = parse_views(&ok, "f", Rules::STANDARD, None)
        .remove(0)
        .unwrap();
    // L's void: TH and 9H can only be the other musik's two cards.
    assert!((v.knowledge().possible(Seat::L) & set("T9...")).is_empty());
    assert_eq!(
        err(&format!("{ok} TH")),
        "f:6: position #1: play: move 4, L plays TH: the earlier play shows L could not hold TH"
    );
    // A card the viewer holds cannot be played by the other seat.
    assert_eq!(
        err(&format!("{d}exchange: 9D TD\nplay: AH AD")),
        "f:6: position #1: play: move 2, L plays AD: D holds AD"
    );
}

#[test]
fn a_history_seen_by_r_is_refused_with_two_players() {
    let text = "rules: players=2\nview: R\ndeal: QJ.AQJ.AT.AQJ ATK9.T.KQJ9.9 .9..K .K..T\n\
                exchange: JH 9D";
    let err = parse_views(text, "f", Rules::STANDARD, None)
        .remove(0)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "f:2: position #1: view: with players=2 the seats are D and L: there is no R"
    );
    // L's view of the same history: no exchange known to L, its ten, and
    // D to lead.
    let v = parse_views(
        &text.replace("view: R", "view: L"),
        "f",
        Rules::STANDARD,
        None,
    )
    .remove(0)
    .unwrap();
    assert_eq!(v.hand, set("ATK9.T.KQJ9.9"));
    assert!(v.given.is_none() && v.got.is_none());
    assert_eq!(v.to_move(), Seat::D);
    assert_eq!(v.knowledge().unseen().len(), 14);
}

#[test]
fn the_notation_examples_of_two_player_views_read() {
    // docs/notation.md, *View form*: both seats' views of the two-player
    // deal, D having laid away JH (its 2 points D's) and 9D.
    let text = "id: two-L\nrules: players=2\nview: L\nhand: ATK9.T.KQJ9.9\nmusik: .9..K\n\
                play: AS 9S | AC 9C | QH AH\n\n\
                id: two-D\nrules: players=2\nview: D\nhand: Q.AQJ.AT.AKQJ\nmusik: .9..K\n\
                exchange: JH 9D\nplay: AS 9S | AC 9C | QH AH";
    let views: Vec<View> = parse_views(text, "t", Rules::STANDARD, None)
        .into_iter()
        .map(|v| v.unwrap())
        .collect();
    for v in &views {
        // D won AS 9S and AC 9C (22); L beat QH with AH (14) and leads.
        assert_eq!(v.table().points, [22, 14, 0]);
        assert_eq!(v.to_move(), Seat::L);
        let sampler = Sampler::new(v);
        for i in 0..50 {
            let layout = sampler.sample(&mut sample_rng(1, i));
            assert_eq!(layout.state.points[1], 14);
            assert_eq!(layout.state.hands[v.seat.index()], v.own_cards());
        }
    }
    // L's view: D took 9D and KS; L may hold no spade: it played its only
    // one. D's view: its laid-away JH counts for it in every layout, and the
    // other musik holds 9D and two of the 12 cards D cannot see.
    let (l, d) = (&views[0], &views[1]);
    assert_eq!(l.legal_moves().len(), 7);
    let sampler = Sampler::new(d);
    for i in 0..50 {
        let layout = sampler.sample(&mut sample_rng(2, i));
        assert_eq!(layout.start.points[0], 2);
        assert!(layout.start.last_musik.contains("9D".parse().unwrap()));
        assert_eq!(layout.start.last_musik.len(), 3);
    }
}

/// A view's exchange must fit the number of players: a lay-away under the
/// rules of three (a setup a program could build by hand) is refused, as
/// is a pass of two cards to L and R under `players=2`.
#[test]
fn a_views_exchange_fits_its_players() {
    let three =
        position("deal: AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9\nexchange: 9S QC\nplay: AS");
    let mut setup = view_of(&three, Seat::D).setup();
    let (a, b) = ("9S".parse().unwrap(), "QC".parse().unwrap());
    setup.given = Some(Give::LayAway(a, b));
    let e = View::new(setup).unwrap_err().to_string();
    assert!(e.contains("D lays cards away only with players=2"), "{e}");
    let two = position(
        "rules: players=2\ndeal: QJ.AQJ.AT.AQJ ATK9.T.KQJ9.9 .9..K .K..T\nexchange: JH 9D\nplay: AS",
    );
    let mut setup = view_of(&two, Seat::D).setup();
    let (a, b) = ("JH".parse().unwrap(), "9D".parse().unwrap());
    setup.given = Some(Give::Pass(a, b));
    let e = View::new(setup).unwrap_err().to_string();
    assert!(e.contains("with players=2 D lays away 2 cards"), "{e}");
    // L gets nothing from D: a setup naming a gift, or a gift received, is
    // refused either way.
    let l = view_of(&two, Seat::L).setup();
    let mut given = l.clone();
    given.given = Some(Give::LayAway(a, b));
    let mut got = l;
    got.got = Some(a);
    for setup in [given, got] {
        let e = View::new(setup).unwrap_err().to_string();
        assert!(e.contains("L's view has no exchange"), "{e}");
    }
}

/// A marriage declared on the first trick that waits for a trick won
/// (`marriage_needs_trick=yes`): D leads KS of its spade marriage (KS from
/// the musik, QS dealt) and wins the trick over L's 9S, so the 40 are
/// scored with the trick's 4: each view counts 44 for D (the laid-away
/// JH's 2 are D's alone to know).
#[test]
fn a_waiting_marriage_is_scored_in_the_view_when_its_trick_is_won() {
    let p = position(
        "rules: players=2 first_trick_marriage=yes marriage_needs_trick=yes\n\
         deal: QJ.AQJ.AT.AQJ ATK9.T.KQJ9.9 .9..K .K..T\nexchange: JH 9D\nplay: KS 9S",
    );
    let r = p.rules;
    assert_eq!(history(&p).state(&r).unwrap().points, [46, 0, 0]);
    for seat in [Seat::D, Seat::L] {
        assert_eq!(view_of(&p, seat).table().points, [44, 0, 0], "{seat}");
    }
}
