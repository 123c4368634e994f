//! One seat's view and its sampler, checked against the model of docs/rules.md
//! (*What each seat knows*): every hidden history (deal and exchange) that
//! fits what the seat saw is equally likely.
//!
//! The exhaustive enumeration here is written from that model alone: it
//! deals the cards the seat cannot see in every way, lets D give away every
//! card it could have given, replays the seen plays under the rules and
//! keeps the histories that reproduce them. It shares nothing with the
//! sampler's slots and constraints.

mod common;

use std::collections::HashMap;

use common::uniformity::goodness;
use rand::Rng;
use tysiac::engine::sample::{combinations, sample_rng};
use tysiac::view::parse_views;
use tysiac::{
    engine::random, CardSet, Deal, Exchange, Form, Give, Move, Position, Rules, Sampler, Seat,
    State, View,
};

/// The seen plays of a history: card and whether it declared.
fn seen_plays(rules: &Rules, start: &State, moves: &[Move]) -> Vec<(tysiac::Card, bool)> {
    let mut s = *start;
    moves
        .iter()
        .map(|&m| (m.card(), s.play(rules, m).declared.is_some()))
        .collect()
}

/// Replays `seen` from `start`; the state reached if every play is legal and
/// declares exactly as seen.
fn replay_fits(rules: &Rules, start: &State, seen: &[(tysiac::Card, bool)]) -> Option<State> {
    let mut s = *start;
    for &(card, declared) in seen {
        let could = s.declaration(rules, card).is_some();
        let mv = if could && !declared && rules.declare == tysiac::Declare::Optional {
            Move::undeclared(card)
        } else {
            Move::new(card)
        };
        if !s.is_legal(rules, mv) {
            return None;
        }
        if s.play(rules, mv).declared.is_some() != declared {
            return None;
        }
    }
    Some(s)
}

/// What the solver sees of a layout now: the hands and the points.
type Key = ([CardSet; 3], [u16; 3]);

/// Every hidden history of `seat`'s view of `p` that fits, counted by the
/// state it reaches. Histories are counted up to a factor that is the same
/// for all (the musik's split of D's ten cards when the musik is unseen).
fn enumerate(p: &Position, seat: Seat) -> HashMap<Key, u64> {
    let rules = p.rules;
    let Form::History(h) = &p.form else {
        panic!("history")
    };
    let (deal, exchange) = (h.deal.unwrap(), h.exchange.unwrap());
    let start = h.start.unwrap();
    let seen = seen_plays(&rules, &start, &h.moves);
    let mut out: HashMap<Key, u64> = HashMap::new();
    let mut try_history = |d: Deal, e: Exchange| {
        let s0 = d.after(&rules, &e).expect("a possible exchange");
        if let Some(s) = replay_fits(&rules, &s0, &seen) {
            *out.entry((s.hands, s.points)).or_default() += 1;
        }
    };
    let shown = rules.musik_shown;
    match seat {
        Seat::D => {
            // D knows its ten cards and the exchange: L's and R's 7 are any split.
            let unseen = !deal.declarer_ten();
            for l in combinations(unseen, 7) {
                let d = Deal::new([deal.hands[0], l, unseen.minus(l)], deal.musik);
                try_history(d, exchange);
            }
        }
        defender => {
            let me = defender.index();
            let other = if defender == Seat::L {
                Seat::R
            } else {
                Seat::L
            };
            let my7 = deal.hands[me];
            let others = !my7; // D's 7, the other's 7 and the musik
            match exchange.give {
                Give::Pass(to_l, to_r) => {
                    let got = if defender == Seat::L { to_l } else { to_r };
                    let make = |d7: CardSet, o7: CardSet, musik: CardSet, x| {
                        let mut hands = [d7, CardSet::EMPTY, CardSet::EMPTY];
                        hands[me] = my7;
                        hands[other.index()] = o7;
                        let give = if defender == Seat::L {
                            Give::Pass(got, x)
                        } else {
                            Give::Pass(x, got)
                        };
                        (
                            Deal::new(hands, musik),
                            Exchange {
                                give,
                                trump: exchange.trump,
                            },
                        )
                    };
                    if shown {
                        let rest = others.minus(deal.musik);
                        for d7 in combinations(rest, 7) {
                            let ten = d7 | deal.musik;
                            if !ten.contains(got) {
                                continue;
                            }
                            for x in ten.without(got) {
                                let (d, e) = make(d7, rest.minus(d7), deal.musik, x);
                                try_history(d, e);
                            }
                        }
                    } else {
                        // D's ten: the card got and 9 others; the musik's split
                        // of the ten changes nothing seen (a constant factor).
                        for nine in combinations(others.without(got), 9) {
                            let ten = nine.with(got);
                            let musik: CardSet = ten.iter().take(3).collect();
                            for x in nine {
                                let (d, e) = make(ten.minus(musik), others.minus(ten), musik, x);
                                try_history(d, e);
                            }
                        }
                    }
                }
                Give::Discard(_) => {
                    assert!(shown, "the enumeration of unseen discards is too large");
                    let rest = others.minus(deal.musik);
                    for d7 in combinations(rest, 7) {
                        let ten = d7 | deal.musik;
                        for x in combinations(ten, 3) {
                            let mut hands = [d7, CardSet::EMPTY, CardSet::EMPTY];
                            hands[me] = my7;
                            hands[other.index()] = rest.minus(d7);
                            let d = Deal::new(hands, deal.musik);
                            try_history(
                                d,
                                Exchange {
                                    give: Give::Discard(x),
                                    trump: exchange.trump,
                                },
                            );
                        }
                    }
                }
                Give::LayAway(..) => panic!("this enumeration is of three-player views"),
            }
        }
    }
    out
}

/// A random hand played to `moves` cards under `rules`.
fn hand_played(seed: u64, rules: &Rules, moves: usize) -> Position {
    let mut rng = random::rng(seed);
    random::played_hand(&mut rng, rules, moves)
}

fn view_of(p: &Position, seat: Seat) -> View {
    View::from_position(p, Some(seat)).unwrap_or_else(|e| panic!("{e}\n{p}"))
}

fn draws(view: &View, n: u64) -> Vec<Key> {
    let sampler = Sampler::new(view);
    (0..n)
        .map(|i| {
            let layout = sampler.sample(&mut sample_rng(7, i));
            (layout.state.hands, layout.state.points)
        })
        .collect()
}

/// The sampler against the enumeration, for one view. The number of hidden
/// histories must match too (each side counts the same thing).
fn check_view(p: &Position, seat: Seat, n: u64) {
    let view = view_of(p, seat);
    let exact = enumerate(p, seat);
    let total: u64 = exact.values().sum();
    assert_eq!(
        Sampler::new(&view).count(),
        u128::from(total),
        "history count\n{p}"
    );
    let (chi2, bound) = goodness(&exact, &draws(&view, n));
    assert!(
        chi2 < bound,
        "chi-square {chi2:.1} >= {bound:.1} for {seat}'s view of\n{p}"
    );
}

const RULE_SETS: [&str; 12] = [
    "standard",
    "standard must_beat=no",
    "standard must_trump=no",
    "standard must_overtrump=no",
    "pl",
    "ru",
    "standard musik_shown=no",
    "standard trump=chosen",
    "standard declare=optional first_trick_marriage=yes ace_marriage=200",
    "standard beat_after_trump=no partial_trump=yes",
    "standard beat_seat=second trump_from=next_trick",
    "standard first_trick_marriage=yes marriage_needs_trick=yes last_trick_bonus=10",
];

#[test]
fn sampler_matches_the_enumeration_of_hidden_histories() {
    // Late in the hand, so that the layouts now are few enough to count.
    for (i, text) in RULE_SETS.iter().enumerate() {
        let rules: Rules = text.parse().unwrap();
        for k in 0..2u64 {
            let p = hand_played(100 + 10 * i as u64 + k, &rules, 16 + k as usize);
            for seat in Seat::ALL {
                check_view(&p, seat, 4000);
            }
        }
    }
}

#[test]
fn sampler_matches_the_enumeration_under_musik_discard() {
    // Only the shown musik: enumerating unseen discards is too large here.
    for text in [
        "standard musik=discard",
        "standard musik=discard discard_points=declarer",
    ] {
        let rules: Rules = text.parse().unwrap();
        for k in 0..2u64 {
            let p = hand_played(300 + k, &rules, 14 + k as usize);
            for seat in Seat::ALL {
                check_view(&p, seat, 4000);
            }
        }
    }
}

#[test]
fn the_goodness_test_rejects_wrong_samplers() {
    // A view where the play says a lot: L's view, twelve cards played.
    let rules = Rules::STANDARD;
    let p = hand_played(101, &rules, 16);
    let view = view_of(&p, Seat::L);
    let exact = enumerate(&p, Seat::L);
    let mut keys: Vec<Key> = exact.keys().copied().collect();
    keys.sort();
    assert!(keys.len() > 3, "a view with several layouts");
    // Uniform over layouts instead of over histories.
    let mut rng = random::rng(5);
    let by_layout: Vec<Key> = (0..4000)
        .map(|_| keys[rng.gen_range(0..keys.len())])
        .collect();
    let (chi2, bound) = goodness(&exact, &by_layout);
    assert!(
        chi2 > bound,
        "uniform over layouts passed: {chi2:.1} < {bound:.1}"
    );
    // Weighted by the square of the history count: over-weights common layouts.
    let weights: Vec<u64> = keys.iter().map(|k| exact[k] * exact[k]).collect();
    let sum: u64 = weights.iter().sum();
    let squared: Vec<Key> = (0..4000)
        .map(|_| {
            let mut x = rng.gen_range(0..sum);
            let i = weights
                .iter()
                .position(|&w| {
                    if x < w {
                        true
                    } else {
                        x -= w;
                        false
                    }
                })
                .unwrap();
            keys[i]
        })
        .collect();
    let (chi2, bound) = goodness(&exact, &squared);
    assert!(
        chi2 > bound,
        "squared weights passed: {chi2:.1} < {bound:.1}"
    );
    // And the real sampler passes on the same view.
    let (chi2, bound) = goodness(&exact, &draws(&view, 4000));
    assert!(chi2 < bound, "{chi2:.1} >= {bound:.1}");
}

#[test]
fn a_sampler_that_ignores_what_play_revealed_draws_impossible_layouts() {
    // The view's constraints matter: drawing from the view of the same hand
    // without its plays gives layouts the plays rule out.
    let rules = Rules::STANDARD;
    let p = hand_played(102, &rules, 15);
    let exact = enumerate(&p, Seat::D);
    let view = view_of(&p, Seat::D);
    let mut blind = view.setup();
    blind.cards_played.clear();
    let blind = View::new(blind).unwrap();
    let sampler = Sampler::new(&blind);
    let Form::History(h) = &p.form else {
        unreachable!()
    };
    let seen = seen_plays(&rules, &h.start.unwrap(), &h.moves);
    let impossible = (0..500u64)
        .filter(|&i| {
            let layout = sampler.sample(&mut sample_rng(3, i));
            match replay_fits(&rules, &layout.start, &seen) {
                Some(st) => !exact.contains_key(&(st.hands, st.points)),
                None => true,
            }
        })
        .count();
    assert!(
        impossible > 100,
        "only {impossible} of 500 blind layouts were impossible"
    );
}

#[test]
fn every_sampled_layout_replays_the_play_under_random_rules() {
    let mut rng = random::rng(9);
    let switches = [
        "must_beat=no",
        "must_trump=no",
        "must_overtrump=no",
        "first_trick_marriage=yes",
        "declare=optional",
        "ace_marriage=200",
        "musik_shown=no",
        "musik=discard",
        "trump=chosen",
        "marriage_values=80,60,40,20",
    ];
    for case in 0..300u64 {
        let mut text = String::from("standard");
        for s in switches {
            // must_overtrump cannot matter beside must_trump=no: refused.
            if rng.gen_bool(0.3) && !(s == "must_overtrump=no" && text.contains("must_trump=no")) {
                text += " ";
                text += s;
            }
        }
        let rules: Rules = text.parse().unwrap();
        let moves = rng.gen_range(0..=3 * rules.tricks());
        let p = hand_played(1000 + case, &rules, moves);
        let Form::History(h) = &p.form else {
            unreachable!()
        };
        let seen = seen_plays(&rules, &h.start.unwrap(), &h.moves);
        for seat in Seat::ALL {
            // The true layout always fits: the view never rules out the truth.
            let view = view_of(&p, seat);
            let sampler = Sampler::new(&view);
            assert!(sampler.count() >= 1);
            for i in 0..20 {
                let layout = sampler.sample(&mut sample_rng(case, i));
                let start = layout.deal.after(&rules, &layout.exchange).unwrap();
                assert_eq!(start, layout.start);
                let end = replay_fits(&rules, &start, &seen)
                    .unwrap_or_else(|| panic!("{rules}: layout does not replay\n{p}"));
                assert_eq!(end, layout.state);
                // The viewer's own cards are its own.
                assert_eq!(layout.start.hands[seat.index()], view.hand);
            }
        }
    }
}

#[test]
fn must_beat_shows_what_a_follower_lacks() {
    // L follows QH with 9H under must_beat: L holds no heart above the
    // queen. D sees KH and AH nowhere in L's hand, in any layout.
    let text = "view: D\nhand: Q.AKT.KJ.QJ\nexchange: TS 9C\nplay: QH 9H";
    let views = parse_views(text, "t", "standard musik_shown=no".parse().unwrap(), None);
    let view = views.into_iter().next().unwrap().unwrap();
    let sampler = Sampler::new(&view);
    for i in 0..200 {
        let l = sampler.sample(&mut sample_rng(1, i)).state.hands[Seat::L.index()];
        assert!(
            l.suit(tysiac::Suit::Hearts)
                .minus("JH,9H".parse::<CardSet>().unwrap())
                .is_empty(),
            "{l}"
        );
    }
    // Under must_beat=no the same play shows nothing of the kind.
    let views = parse_views(
        text,
        "t",
        "standard musik_shown=no must_beat=no".parse().unwrap(),
        None,
    );
    let view = views.into_iter().next().unwrap().unwrap();
    let sampler = Sampler::new(&view);
    let high = (0..200)
        .filter(|&i| {
            let l = sampler.sample(&mut sample_rng(1, i)).state.hands[Seat::L.index()];
            !(l & "AH,KH,TH".parse::<CardSet>().unwrap()).is_empty()
        })
        .count();
    assert!(high > 50, "{high}");
}

#[test]
fn an_impossible_play_names_its_move() {
    // R plays a heart after showing a void in hearts on move 3.
    let text = "view: D\nhand: AKQ.T9..AKJ\nmusik: ..Q.K9\nexchange: QC 9S\n\
                play: AH 9H JC | KH+ TH JH";
    let err = parse_views(text, "t", Rules::STANDARD, None)
        .remove(0)
        .unwrap_err();
    assert_eq!(err.key.as_deref(), Some("play"));
    assert_eq!(
        err.message,
        "move 6, R plays JH: the earlier play shows R could not hold JH"
    );
    assert!(
        err.to_string()
            .starts_with("t:5: position #1: play: move 6"),
        "{err}"
    );
}

#[test]
fn views_of_a_deal_written_after_the_exchange() {
    // 8 8 8: nobody's view knows the musik or the exchange; every seat's
    // view still fits the play, and its layouts replay it.
    for seed in 0..30u64 {
        let rules = Rules::STANDARD;
        let p = hand_played(2000 + seed, &rules, (seed % 24) as usize);
        let Form::History(h) = &p.form else {
            unreachable!()
        };
        let start = h.start.unwrap();
        let text = format!(
            "deal: {} {} {}\nplay: {}",
            start.hands[0],
            start.hands[1],
            start.hands[2],
            h.moves
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        );
        let seen = seen_plays(&rules, &start, &h.moves);
        for seat in Seat::ALL {
            let view = parse_views(&text, "t", rules, Some(seat))
                .remove(0)
                .unwrap();
            let sampler = Sampler::new(&view);
            for i in 0..10 {
                let layout = sampler.sample(&mut sample_rng(seed, i));
                assert_eq!(layout.start.hands[seat.index()], start.hands[seat.index()]);
                assert!(replay_fits(&rules, &layout.start, &seen).is_some());
            }
        }
    }
}

#[test]
fn view_form_errors_name_the_key_and_say_what_is_wrong() {
    let err = |text: &str| {
        parse_views(text, "f", Rules::STANDARD, None)
            .remove(0)
            .unwrap_err()
            .to_string()
    };
    let base = "view: L\nhand: T9.AK.KJ.Q9\nmusik: ..Q.K9\nexchange: 9S\ncontract: 120\n";
    assert_eq!(
        err("hand: T9.AK.KJ.Q9\nmusik: ..Q.K9\n"),
        "f:1: position #1: the view form needs a view: line (D, L or R)"
    );
    assert_eq!(
        err("view: L\nhand: T9.AK.KJ.Q9\n"),
        "f:1: position #1: musik: musik_shown=yes: the view form needs a musik: line (the three cards every seat saw)"
    );
    assert_eq!(
        err("view: L\nhand: T9.AK.KJ.Q9\nmusik: ..Q.K9\nexchange: 9S QC\n"),
        "f:4: position #1: exchange: names 2 cards; L's view names the one card it got from D"
    );
    // A declaration mark on a card that is not a lead.
    assert_eq!(
        err(&format!("{base}play: AS KS+")),
        "f:6: position #1: play: move 2, L plays KS+, but only a lead declares"
    );
    // The viewer's own play must be legal: L must follow suit.
    assert_eq!(
        err(&format!("{base}play: AS TH")),
        "f:6: position #1: play: move 2, L plays TH but must play a spade (holds QS 9S)"
    );
    // Under declare=auto the viewer's own marriage lead declares.
    let d = "view: D\nhand: AKQ.T9..AKJ\nmusik: ..Q.K9\nexchange: 9S QC\n";
    assert_eq!(
        err(&format!("{d}play: AS 9S TS | KH")),
        "f:5: position #1: play: move 4, D plays KH but that lead declares under declare=auto: write KH+"
    );
    // A card played twice, and a card the viewer holds played by another.
    assert!(err(&format!("{d}play: AS 9S AS")).contains("move 3: AS was already played (move 1)"));
    assert_eq!(
        err(&format!("{d}play: AS AH")),
        "f:5: position #1: play: move 2, L plays AH: D holds AH"
    );
}

/// A declared ace marriage shows the other three aces in the declarer's
/// hand (issue 24's dropped constraint). D leads TS (L's 9S, R's 9C follow;
/// D wins), then AH declaring the ace marriage (ace_marriage=200): every
/// layout L's view samples gives D the AD, AC and AS. Were the constraint
/// dropped, a layout would hold all three there with chance
/// C(9,3)/C(12,6) = 84/924 (D's 6 unknown cards among the 12 L cannot see).
#[test]
fn a_declared_ace_marriage_shows_the_other_aces() {
    let text = "rules: standard ace_marriage=200 musik_shown=no\nview: L\n\
                deal: A.A.A.ATKQJ TKQJ9.KQ..9 .TJ9.TKQJ9.\n\
                play: TS 9S 9C | AH 9H 9D";
    let view = parse_views(text, "t", Rules::STANDARD, None)
        .remove(0)
        .unwrap();
    let sampler = Sampler::new(&view);
    let aces: CardSet = "AD,AC,AS".parse().unwrap();
    for i in 0..100 {
        let d = sampler.sample(&mut sample_rng(5, i)).state.hands[Seat::D.index()];
        assert!(aces.is_subset(d), "layout {i}: D holds {d}");
    }
}
