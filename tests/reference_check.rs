//! Checks of the test helpers themselves: the reference solver on positions
//! worked out by hand, the memo variant against plain minimax, and the random
//! generator's output. Nothing here needs the real solver.

mod common;

use common::gen::{declaration_possible, random_position};
use common::reference::{
    reference_move_values, reference_move_values_memo, reference_value, reference_value_memo,
};
use tysiac::{CardSet, Declare, DiscardPoints, Musik, Rank, Rules, Seat, State, Suit, TrumpRule};

fn state(d: &str, l: &str, r: &str, leader: Seat, trump: Option<Suit>) -> State {
    let hand = |s: &str| s.parse::<CardSet>().unwrap();
    State::new([hand(d), hand(l), hand(r)], leader, trump, [0; 3])
}

#[test]
fn one_trick_is_counted() {
    // D's ace wins the heart trick: 11 + 0 + 4 on top of the 7 D already has.
    let mut s = state("A...", "9...", "K...", Seat::D, None);
    s.points = [7, 30, 20];
    assert_eq!(reference_value(&Rules::STANDARD, &s), 22);
}

#[test]
fn declarer_marriage_is_counted() {
    // Two tricks left (trick 7 of 8, so marriages may be declared). Leading
    // either K or Q of hearts declares 100 and makes hearts trump; the
    // defenders hold only spades, so D wins both tricks: 100 + all 30 points.
    let s = state("KQ...", "...A9", "...TJ", Seat::D, None);
    assert_eq!(reference_value(&Rules::STANDARD, &s), 130);
    let pl: Rules = "pl".parse().unwrap();
    assert_eq!(reference_value(&pl, &s), 130);
    // Every lead declares and wins both tricks; an undeclared one (pl) wins
    // the same tricks but not the 100.
    let mut values: Vec<String> = reference_move_values(&pl, &s)
        .iter()
        .map(|(m, v)| format!("{m}={v}"))
        .collect();
    values.sort();
    assert_eq!(values, ["KH-=30", "KH=130", "QH-=30", "QH=130"]);
}

#[test]
fn defenders_marriage_takes_trump_away() {
    // Trick 7, hearts are trump, L is on lead with the club marriage; D holds
    // two hearts, R two spades; D has 5 points already.
    let mut s = state("A9...", "..KQ.", "...J9", Seat::L, Some(Suit::Hearts));
    s.points = [5, 0, 0];
    // Leading a club declares: clubs are trump from this trick on, D's hearts
    // are worthless and L wins both tricks. D ends with the 5.
    assert_eq!(reference_value(&Rules::STANDARD, &s), 5);
    // Under trump=chosen the marriage only scores: hearts stay trump, D must
    // trump the club lead and wins both tricks, all 20 card points: 25.
    let chosen: Rules = "standard trump=chosen".parse().unwrap();
    assert_eq!(reference_value(&chosen, &s), 25);
}

#[test]
fn memo_agrees_with_plain_minimax() {
    // The memo must not change a single value, on every kind of position.
    for seed in 0..150 {
        let tricks = 2 + (seed as usize % 4);
        let p = random_position(seed, tricks);
        let plain = reference_move_values(&p.rules, &p.state);
        let memo = reference_move_values_memo(&p.rules, &p.state);
        assert_eq!(plain, memo, "{p:?}");
        assert_eq!(
            reference_value(&p.rules, &p.state),
            reference_value_memo(&p.rules, &p.state),
            "{p:?}"
        );
    }
}

#[test]
fn generator_covers_every_switch_and_keeps_declarations() {
    let n = 2000;
    let mut declarable = 0;
    let mut mid_trick = 0;
    let mut four_aces = 0;
    let mut trumps_set = 0;
    let mut seen = std::collections::HashSet::new();
    for seed in 0..n {
        let tricks = 2 + (seed as usize % 4);
        let p = random_position(seed, tricks);
        let (r, s) = (&p.rules, &p.state);
        // The position is what replaying the recorded play gives, from the
        // deal and exchange if there is one.
        if let Some((deal, exchange)) = &p.deal {
            assert_eq!(deal.after(r, exchange).unwrap(), p.start, "{p:?}");
        }
        let mut replay = p.start;
        for &mv in &p.play {
            replay.try_play(r, mv).unwrap();
        }
        assert_eq!(replay, *s, "{p:?}");
        assert_eq!(s.tricks_left(), tricks, "{p:?}");
        // Seats that played to the trick hold one card fewer.
        for (i, seat) in [s.leader, s.leader.next(), s.leader.plus(2)]
            .into_iter()
            .enumerate()
        {
            let played = usize::from(i < s.trick().len());
            assert_eq!(s.hands[seat.index()].len() + played, tricks, "{p:?}");
        }
        declarable += usize::from(declaration_possible(r, s));
        mid_trick += usize::from(!s.trick().is_empty());
        let aces = CardSet::full_rank(Rank::Ace);
        four_aces += usize::from(r.ace_marriage > 0 && s.hands.iter().any(|h| aces.is_subset(*h)));
        trumps_set += usize::from(r.trump == TrumpRule::Marriage && s.trump.is_some());
        for (switch, value) in [
            ("must_beat", r.must_beat),
            ("must_trump", r.must_trump),
            ("must_overtrump", r.must_overtrump),
            ("first_trick_marriage", r.first_trick_marriage),
            ("declare=optional", r.declare == Declare::Optional),
            ("ace_marriage", r.ace_marriage > 0),
            ("musik=discard", r.musik == Musik::Discard),
            (
                "discard_points=declarer",
                r.discard_points == DiscardPoints::Declarer,
            ),
            ("trump=chosen", r.trump == TrumpRule::Chosen),
            ("marriage_values", r.marriage_values != [100, 80, 60, 40]),
        ] {
            seen.insert((switch, value));
        }
    }
    assert_eq!(seen.len(), 20, "some switch value never drawn: {seen:?}");
    let n = n as usize;
    println!(
        "of {n}: {declarable} with a declaration possible, {mid_trick} mid-trick, \
         {four_aces} with four aces under ace_marriage, {trumps_set} with a marriage trump"
    );
    assert!(declarable * 2 > n, "declarations: {declarable} of {n}");
    assert!(mid_trick * 3 > n, "mid-trick: {mid_trick} of {n}");
    assert!(four_aces * 30 > n, "four aces: {four_aces} of {n}");
    assert!(trumps_set * 10 > n, "marriage trumps: {trumps_set} of {n}");
}
