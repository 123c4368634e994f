//! The house rules of play (docs/rules.md, the second part of *Variants*), case by
//! case: each switch on a position whose legal moves or points it changes.
//! The expected sets follow from the rule texts quoted beside them.

mod common;

use common::gen::random_position_under;
use common::reference::reference_value_memo;
use tysiac::{CardSet, Move, Rules, Seat, Solver, State, Suit};

fn rules(text: &str) -> Rules {
    text.parse().unwrap()
}

/// Hands D L R, the leader, the trick so far, the trump in force.
fn pos(hands: [&str; 3], leader: Seat, trick: &[&str], trump: Option<Suit>) -> State {
    let hands = hands.map(|h| h.parse::<CardSet>().unwrap());
    let mut s = State::new(hands, leader, trump, [0; 3]);
    for &c in trick {
        s.push_trick_card(c.parse().unwrap());
    }
    let mut seen = CardSet::EMPTY;
    for c in hands
        .iter()
        .flat_map(|h| h.iter())
        .chain(s.trick().iter().copied())
    {
        assert!(!seen.contains(c), "{c} twice");
        seen.insert(c);
    }
    s
}

#[track_caller]
fn assert_moves(r: &Rules, s: &State, expected: &str) {
    let mut got: Vec<String> = s.legal_moves(r).iter().map(|m| m.to_string()).collect();
    got.sort();
    let mut want: Vec<String> = expected.split_whitespace().map(String::from).collect();
    want.sort();
    assert_eq!(got, want, "{s:?} under {r}");
}

fn play(s: &mut State, r: &Rules, cards: &str) {
    for c in cards.split_whitespace() {
        let m: Move = c.parse().unwrap();
        s.try_play(r, m).unwrap_or_else(|e| panic!("{c}: {e}"));
    }
}

const S: Option<Suit> = Some(Suit::Spades);

#[test]
fn beat_after_trump_no_lifts_rule_1_once_a_void_player_trumped() {
    // D led QH, L (void in hearts) trumped with 9S. R holds KH JH: rule 1
    // asks for a heart above QH (KH); with beat_after_trump=no "a player
    // holding the led suit then plays any card of it".
    let s = pos(["..AK.", ".AK..", "KJ...A"], Seat::D, &["QH", "9S"], S);
    assert_moves(&Rules::STANDARD, &s, "KH");
    assert_moves(&rules("standard beat_after_trump=no"), &s, "KH JH");
    // Trumps led: "rule 1 applies as usual" (a trump following a trump lead
    // is not a void player's trump).
    let s = pos(["..AK.", ".AK..", ".Q..KJ"], Seat::D, &["9S", "QS"], S);
    assert_moves(&rules("standard beat_after_trump=no"), &s, "KS");
}

#[test]
fn beat_seat_second_binds_only_the_second_card() {
    // QH led, L played 9H. R holds AH JH: under beat_seat=all R must beat
    // the queen (AH); under beat_seat=second R just follows suit.
    let s = pos(["..AK.", ".AK..", "AJ...A"], Seat::D, &["QH", "9H"], None);
    assert_moves(&Rules::STANDARD, &s, "AH");
    assert_moves(&rules("standard beat_seat=second"), &s, "AH JH");
    // The second player is still bound: L holding KH 9H must beat QH.
    let s = pos(["..AK.", "K9.A..", "AJ...T"], Seat::D, &["QH"], None);
    assert_moves(&rules("standard beat_seat=second"), &s, "KH");
    // "It lifts rule 1 only": void, the third player must still overtrump.
    let s = pos([".AK..", "AK...", ".9..AJ"], Seat::D, &["AC", "QS"], S);
    assert_moves(&rules("standard beat_seat=second"), &s, "AS");
}

#[test]
fn partial_trump_frees_a_player_who_cannot_beat_the_trump() {
    // AC led, L trumped with KS. R is void in clubs with QS (below KS) and
    // 9D: rule 2 asks for a trump (QS); partial_trump=yes frees the hand.
    let s = pos(["..KQ.", ".AK..", ".9..Q9"], Seat::D, &["AC", "KS"], S);
    assert_moves(&Rules::STANDARD, &s, "QS 9S");
    assert_moves(&rules("standard partial_trump=yes"), &s, "QS 9S 9D");
    // "One holding a higher trump is not freed": with AS R must overtrump.
    let s = pos(["..KQ.", ".AK..", ".9..A9"], Seat::D, &["AC", "KS"], S);
    assert_moves(&rules("standard partial_trump=yes"), &s, "AS");
    // ... and under must_overtrump=no plays any trump.
    assert_moves(
        &rules("standard partial_trump=yes must_overtrump=no"),
        &s,
        "AS 9S",
    );
    // No trump in the trick yet: rule 2 as usual.
    let s = pos(["..KQ.", ".AK..", ".9..Q9"], Seat::D, &["AC", "JC"], S);
    assert_moves(&rules("standard partial_trump=yes"), &s, "QS 9S");
}

#[test]
fn trump_from_next_trick_keeps_the_old_trump_for_the_declaring_trick() {
    // Trump is spades. D leads KH holding QH (declaring hearts); L follows
    // with 9H; R, void in hearts, holds 9S and AD.
    let start = pos(["KQ.A..", "9J.K..", ".QT..9"], Seat::D, &[], S);
    // trump_from=lead: hearts are trump at once; R is void in the led suit,
    // which is trump, and holds no heart: any card.
    let r = Rules::STANDARD;
    let mut s = start;
    play(&mut s, &r, "KH 9H");
    assert_eq!(s.trump, Some(Suit::Hearts));
    assert_moves(&r, &s, "QD TD 9S");
    // next_trick: spades stay trump for this trick, so R must trump with 9S
    // and wins it; hearts are trump from the next trick.
    let r = rules("standard trump_from=next_trick");
    let mut s = start;
    play(&mut s, &r, "KH 9H");
    assert_eq!(s.trump, S);
    assert_moves(&r, &s, "9S");
    play(&mut s, &r, "9S");
    assert_eq!((s.leader, s.trump), (Seat::R, Some(Suit::Hearts)));
    // D still scored the marriage at once.
    assert_eq!(s.points[0], 100);
}

#[test]
fn marriage_needs_trick_waits_for_the_declarers_first_trick() {
    // First trick, first_trick_marriage=yes: D declares hearts with KH and
    // loses the trick to L's AH. The 100 is D's only once D wins a trick.
    let deal = ["KQ.AK.AK.AK", "A9.T9.T9.T9", "TJ.QJ.QJ.QJ"];
    let r = rules("standard first_trick_marriage=yes marriage_needs_trick=yes");
    let mut s = pos(deal, Seat::D, &[], None);
    play(&mut s, &r, "KH AH TH");
    assert_eq!(s.points, [0, 25, 0]);
    assert_eq!(s.pending_points, [100, 0, 0]);
    // L leads 9D, R beats it with QD, D with AD: the marriage now counts.
    play(&mut s, &r, "9D QD AD");
    assert_eq!(s.points, [100 + 14, 25, 0]);
    assert_eq!(s.pending_points, [0; 3]);
    // Without the switch the marriage counts at the lead.
    let r2 = rules("standard first_trick_marriage=yes");
    let mut s = pos(deal, Seat::D, &[], None);
    play(&mut s, &r2, "KH AH TH");
    assert_eq!(s.points, [100, 25, 0]);
}

#[test]
fn last_trick_bonus_goes_to_the_winner_of_the_last_trick() {
    // One trick left: D's AH wins it, with 11 + 0 + 2 card points.
    let s = pos(["A...", "9...", "J..."], Seat::D, &[], None);
    let r = rules("standard last_trick_bonus=10");
    let mut t = s;
    play(&mut t, &r, "AH 9H JH");
    assert_eq!(t.points, [23, 0, 0]);
    assert_eq!(Solver::new(r).value(&s), 23);
    assert_eq!(Solver::new(Rules::STANDARD).value(&s), 13);
    // Not on an earlier trick: two tricks left, D wins both.
    let s = pos(["AK...", "9J...", "QT..."], Seat::D, &[], None);
    let mut t = s;
    // D leads AH: L 9H, R must beat? R holds QH TH below AH: any heart.
    play(&mut t, &r, "AH 9H QH");
    assert_eq!(t.points, [14, 0, 0]);
}

#[test]
fn bid_levels_follow_a_step_that_changes_with_the_level() {
    // bid_step=5,10@200: 100, 105, ... 195, then 200, 210, 220.
    let r = rules("standard bid_step=5,10@200");
    let mut want: Vec<u16> = (100..200).step_by(5).collect();
    want.extend([200, 210, 220]);
    assert_eq!(tysiac::engine::contract::levels_from(100, 220, &r), want);
    assert_eq!(
        tysiac::engine::contract::levels_from(100, 130, &Rules::STANDARD),
        vec![100, 110, 120, 130]
    );
}

#[test]
fn bid_limit_caps_the_bid_at_120_before_the_musik() {
    // The heart marriage allows 220 under the standard limit; with
    // bid_limit=120_before_musik the bid stops at 120, levels above it shown
    // as not allowed.
    let out = assert_cmd::Command::cargo_bin("tysiac")
        .unwrap()
        .args(["bid", "AKQ.T9..AJ", "--samples", "10", "--json", "--quiet"])
        .args(["--rules", "standard bid_limit=120_before_musik"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["cap"], 120);
    for l in v["levels"].as_array().unwrap() {
        assert_eq!(l["allowed"], l["level"].as_u64().unwrap() <= 120, "{l}");
    }
}

/// For each play switch: positions (3 and 4 tricks left, played from random
/// deals) where the switch changes the legal moves or the value, solved by the solver and by
/// the independent reference with the switch off and on. The switch must
/// matter somewhere, and the solver must agree with the reference on every
/// position, under both settings.
#[test]
fn each_play_switch_changes_values_and_the_solver_agrees_with_the_reference() {
    let switches = [
        ("standard", "beat_after_trump=no"),
        ("standard", "beat_seat=second"),
        ("standard", "partial_trump=yes"),
        ("standard", "trump_from=next_trick"),
        (
            "standard first_trick_marriage=yes",
            "marriage_needs_trick=yes",
        ),
        ("standard", "last_trick_bonus=10"),
    ];
    for (base, switch) in switches {
        let off: Rules = base.parse().unwrap();
        let on: Rules = format!("{base} {switch}").parse().unwrap();
        let (mut solver_off, mut solver_on) = (Solver::new(off), Solver::new(on));
        let mut changed = 0;
        let mut tried = 0;
        for seed in 0..1500u64 {
            // Played under the switch, so that its effects (a pending trump,
            // marriage points waiting for a trick) are in the positions.
            let sample = random_position_under(seed, on, 3 + (seed % 2) as usize);
            let s = sample.state;
            let (ref_on, got_on) = (reference_value_memo(&on, &s), solver_on.value(&s));
            assert_eq!(got_on, ref_on, "{switch}: {sample:?}");
            if s.pending_trump.is_some() {
                continue; // not a position of the rules without the switch
            }
            // Without marriage_needs_trick a waiting marriage would have
            // scored at once.
            let mut s_off = s;
            for i in 0..3 {
                s_off.points[i] += std::mem::take(&mut s_off.pending_points[i]);
            }
            let (ref_off, got_off) = (reference_value_memo(&off, &s_off), solver_off.value(&s_off));
            assert_eq!(got_off, ref_off, "{base}: {sample:?}");
            let moves = |r: &Rules| {
                let mut m: Vec<String> = s.legal_moves(r).iter().map(|m| m.to_string()).collect();
                m.sort();
                m
            };
            changed += usize::from(ref_on != ref_off || moves(&on) != moves(&off));
            tried += 1;
        }
        assert!(changed > 0, "{switch} changed nothing in {tried} positions");
        eprintln!("{switch}: changed {changed} of {tried} positions");
    }
}
