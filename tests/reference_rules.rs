//! The reference's own rules (`tests/common/reference.rs`, written from
//! docs/rules.md alone) against the crate's: legal moves, the play of a card, the
//! trick winner, card points, the exchange list and the start of play. The
//! two are separate code, so agreement on many random positions under
//! random rule sets is evidence for both, and a bug planted in either one
//! fails here. Plus a few positions worked out by hand from docs/rules.md, which
//! pin the reference itself.

mod common;

use common::gen::{random_deal, random_move, random_position, random_rules, rng};
use common::reference::{
    card_points, reference_after, reference_exchanges, reference_legal_moves, reference_play,
    winner_of,
};
use rand::seq::SliceRandom;
use rand::Rng;
use tysiac::engine::state::trick_winner;
use tysiac::{Card, CardSet, Move, Rules, Seat, State, Suit};

fn sorted(moves: impl IntoIterator<Item = Move>) -> Vec<String> {
    let mut v: Vec<String> = moves.into_iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

fn state(d: &str, l: &str, r: &str, leader: Seat, trick: &[&str], trump: Option<Suit>) -> State {
    let hand = |s: &str| s.parse::<CardSet>().unwrap();
    let mut s = State::new([hand(d), hand(l), hand(r)], leader, trump, [0; 3]);
    for c in trick {
        s.push_trick_card(c.parse().unwrap());
    }
    s
}

fn legal(rules: &str, s: &State) -> Vec<String> {
    let rules: Rules = rules.parse().unwrap();
    sorted(reference_legal_moves(&rules, s))
}

#[test]
fn reference_legal_moves_equal_state_legal_moves_on_random_positions() {
    // 3000 positions, each under its own random rules, each played down to
    // the end of the hand: the legal moves and the position after each
    // move must agree at every step.
    let mut steps = 0;
    for seed in 0..3000u64 {
        let tricks = 1 + (seed as usize % 8).min(5);
        let p = random_position(seed, tricks);
        let rules = p.rules;
        let mut s = p.state;
        let mut rng = rng(seed ^ 0x5eed);
        while !s.is_over() {
            let want = sorted(s.legal_moves(&rules).iter().copied());
            let got = sorted(reference_legal_moves(&rules, &s));
            assert_eq!(got, want, "legal moves in {s:?}\n{p:?}");
            let mv = random_move(&mut rng, &rules, &s);
            let by_reference = reference_play(&rules, &s, mv);
            s.play(&rules, mv);
            assert_eq!(by_reference, s, "after {mv}\n{p:?}");
            steps += 1;
        }
    }
    assert!(steps > 20_000, "only {steps} positions compared");
}

#[test]
fn reference_exchanges_and_start_equal_deal_exchanges_and_after() {
    let mut rules_rng = rng(15);
    for seed in 0..200u64 {
        let rules = random_rules(&mut rules_rng);
        let (deal, _) = random_deal(&mut rng(seed), &rules);
        let mine = reference_exchanges(&rules, &deal);
        let theirs = deal.exchanges(&rules);
        let key = |e: &tysiac::Exchange| e.to_string();
        let mut a: Vec<String> = mine.iter().map(key).collect();
        let mut b: Vec<String> = theirs.iter().map(key).collect();
        a.sort();
        b.sort();
        assert_eq!(a, b, "exchange lists under {rules} for {deal}");
        for ex in &mine {
            assert_eq!(
                Ok(reference_after(&rules, &deal, ex)),
                deal.after(&rules, ex),
                "start after {ex} under {rules} for {deal}"
            );
        }
    }
}

#[test]
fn exchange_counts_are_the_rules_counts() {
    // 10 cards: 10 * 9 ordered pairs to pass, C(10, 3) = 120 discards; each
    // with 4 trumps under trump=chosen.
    let deal: tysiac::Deal = "AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9".parse().unwrap();
    for (text, n) in [
        ("standard", 90),
        ("standard musik=discard", 120),
        ("standard trump=chosen", 360),
        ("standard musik=discard trump=chosen", 480),
    ] {
        let rules: Rules = text.parse().unwrap();
        assert_eq!(reference_exchanges(&rules, &deal).len(), n, "{text}");
    }
}

#[test]
fn card_points_and_trick_winner_agree_with_the_crate() {
    let mut total = 0;
    for card in Card::all() {
        assert_eq!(card_points(card), card.points(), "{card}");
        total += card_points(card);
    }
    assert_eq!(total, 120, "docs/rules.md: all cards together are 120");
    let all: Vec<Card> = Card::all().collect();
    let mut rng = rng(3);
    for _ in 0..20_000 {
        let trick: Vec<Card> = all.choose_multiple(&mut rng, 3).copied().collect();
        let trump = match rng.gen_range(0..5) {
            4 => None,
            i => Some(Suit::ALL[i]),
        };
        assert_eq!(
            winner_of(&trick, trump),
            trick_winner(&[trick[0], trick[1], trick[2]], trump),
            "{trick:?} trump {trump:?}"
        );
    }
}

// Positions worked out from docs/rules.md by hand: they pin the reference itself.

#[test]
fn must_beat_ignores_trumps_in_the_trick() {
    // D leads QH, L trumps with 9S (spades trump); R holds KH and 9H: rule 1
    // still binds R to beat the queen (trumps do not change it).
    let s = state("", "", "K9...", Seat::D, &["QH", "9S"], Some(Suit::Spades));
    assert_eq!(legal("standard", &s), ["KH"]);
    // must_beat=no: either heart.
    assert_eq!(legal("standard must_beat=no", &s), ["9H", "KH"]);
}

#[test]
fn void_player_must_trump_and_overtrump() {
    // Spades trump; D led AH, L trumped with QS. R has no heart, holds KS
    // and 9S and a club: must_overtrump forces KS; without it either spade;
    // must_trump=no frees every card.
    let s = state("", "", "..A.K9", Seat::D, &["AH", "QS"], Some(Suit::Spades));
    assert_eq!(legal("standard", &s), ["KS"]);
    assert_eq!(legal("standard must_overtrump=no", &s), ["9S", "KS"]);
    assert_eq!(legal("standard must_trump=no", &s), ["9S", "AC", "KS"]);
    // Holding no higher trump: any trump (no underplay exemption).
    let s = state("", "", "..A.J9", Seat::D, &["AH", "QS"], Some(Suit::Spades));
    assert_eq!(legal("standard", &s), ["9S", "JS"]);
}

#[test]
fn declarations_only_after_the_first_trick_and_twins_under_optional() {
    // Eight cards each: the first trick. D holds the heart marriage and all
    // four aces.
    let s = state(
        "AKQ9.A9.A.A",
        "TJ.KQ.KQ.T9",
        ".TJ.TJ9.KQJ",
        Seat::D,
        &[],
        None,
    );
    // No declaration on the first trick: no twins.
    assert_eq!(legal("standard declare=optional", &s).len(), 8);
    // first_trick_marriage=yes: KH- and QH- join.
    let v = legal("standard declare=optional first_trick_marriage=yes", &s);
    assert_eq!(v.len(), 10, "{v:?}");
    assert!(v.contains(&"KH-".to_string()) && v.contains(&"QH-".to_string()));
    // And under ace_marriage the four aces have twins too.
    let v = legal(
        "standard declare=optional first_trick_marriage=yes ace_marriage=200",
        &s,
    );
    assert_eq!(v.len(), 14, "{v:?}");
    // declare=auto: never a twin.
    let v = legal("standard first_trick_marriage=yes ace_marriage=200", &s);
    assert_eq!(v.len(), 8, "{v:?}");
}

#[test]
fn a_declared_marriage_scores_and_makes_trump_at_once() {
    // Trick 7 of 8 (two cards each). D holds KD QD, L holds AH 9S, R holds
    // TH JS. D leads KD: declares 80 and diamonds are trump at once; L and
    // R hold no diamond, so they play anything, and KD wins 4 + 11 + 10.
    let s = state(".KQ..", "A...9", "T...J", Seat::D, &[], None);
    let rules: Rules = "standard".parse().unwrap();
    let s1 = reference_play(&rules, &s, "KD".parse().unwrap());
    assert_eq!(s1.trump, Some(Suit::Diamonds));
    assert_eq!(s1.points, [80, 0, 0]);
    let s2 = reference_play(&rules, &s1, "AH".parse().unwrap());
    let s3 = reference_play(&rules, &s2, "TH".parse().unwrap());
    assert_eq!(s3.points, [80 + 25, 0, 0]);
    assert_eq!(s3.leader, Seat::D);
    // Undeclared (declare=optional): no points, no trump.
    let opt: Rules = "standard declare=optional".parse().unwrap();
    let u1 = reference_play(&opt, &s, "KD-".parse().unwrap());
    assert_eq!((u1.trump, u1.points), (None, [0, 0, 0]));
    // trump=chosen: the marriage scores, trump stays (hearts here).
    let chosen: Rules = "standard trump=chosen".parse().unwrap();
    let mut c = s;
    c.trump = Some(Suit::Hearts);
    let c1 = reference_play(&chosen, &c, "KD".parse().unwrap());
    assert_eq!((c1.trump, c1.points), (Some(Suit::Hearts), [80, 0, 0]));
    // Marriage values come from the rules: diamonds is the second value.
    let mv: Rules = "standard marriage_values=80,60,40,20".parse().unwrap();
    assert_eq!(
        reference_play(&mv, &s, "QD".parse().unwrap()).points,
        [60, 0, 0]
    );
}

#[test]
fn discard_points_count_for_the_declarer_only_when_asked() {
    let deal: tysiac::Deal = "AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9".parse().unwrap();
    // Discard TD 9D JS: 10 + 0 + 2 = 12 points.
    let give = tysiac::engine::deal::Give::Discard(".T9..J".parse::<CardSet>().unwrap());
    let ex = tysiac::Exchange { give, trump: None };
    let none: Rules = "standard musik=discard".parse().unwrap();
    let decl: Rules = "standard musik=discard discard_points=declarer"
        .parse()
        .unwrap();
    assert_eq!(reference_after(&none, &deal, &ex).points, [0, 0, 0]);
    assert_eq!(reference_after(&decl, &deal, &ex).points, [12, 0, 0]);
    assert_eq!(reference_after(&decl, &deal, &ex).hands[0].len(), 7);
}
