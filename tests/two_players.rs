//! The two-player game (`players=2`, docs/rules.md *Two players*): its deal,
//! the laying away, two-card tricks, the musik the last trick takes, and its
//! positions in the notation (docs/notation.md). Every expected value is
//! worked by hand in the comments beside it.

use proptest::prelude::*;
use tysiac::engine::deal::Give;
use tysiac::{parse_position, parse_positions_with, CardSet, Deal, Form, Position, Rules, Seat};

fn rules(text: &str) -> Rules {
    text.parse().unwrap()
}

fn set(s: &str) -> CardSet {
    s.parse().unwrap()
}

fn parse(text: &str) -> Position {
    parse_position(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn error(text: &str) -> String {
    match parse_position(text) {
        Ok(p) => panic!("read, but should be refused:\n{text}\n{p}"),
        Err(e) => e.to_string(),
    }
}

/// D: QH JH AD QD JD AC TC AS QS JS; L: AH TH KH 9H TD KC QC JC 9C 9S;
/// D takes 9D KS, the other musik is KD TS.
const DEAL: &str = "QJ.AQJ.AT.AQJ ATK9.T.KQJ9.9 .9..K .K..T";

#[test]
fn a_two_player_hand_plays_from_the_deal() {
    let p = parse(&format!(
        "rules: players=2\ndeal: {DEAL}\nexchange: JH 9D\nplay: AS 9S | AC 9C | QH AH"
    ));
    let r = rules("players=2");
    let Form::History(h) = &p.form else {
        panic!("a history")
    };
    let start = h.start.unwrap();
    // D keeps JH's 2 points; 9D joins the other musik: KD TS 9D (14 points).
    assert_eq!(start.points, [2, 0, 0]);
    assert_eq!(start.last_musik, set(".K9..T"));
    assert_eq!(start.hands[0], set("Q.AQJ.AT.AQJK"));
    assert_eq!(start.hands[0].len(), 10);
    assert_eq!(start.hands[1].len(), 10);
    assert!(start.hands[2].is_empty());
    let end = h.state(&r).unwrap();
    // AS 9S: D +11 (13). AC 9C: L holds no club above the ace, D +11 (24).
    // QH (no KH with D: no marriage) AH: L must beat, takes 3 + 11.
    assert_eq!(end.points, [24, 14, 0]);
    assert_eq!(end.leader, Seat::L);
    assert_eq!(end.to_move(), Seat::L);
    assert_eq!(end.tricks_left(), 7);
}

#[test]
fn the_last_trick_takes_the_other_musik() {
    // One trick left: D's AH beats 9H, 11 points, and the musik KS QS 9C
    // (4 + 3 + 0) goes with it: 18; with last_musik=marriage also the spade
    // marriage lying in it, 40: 58.
    for (rule, won) in [("players=2", 18), ("players=2 last_musik=marriage", 58)] {
        let r = rules(rule);
        let text = format!("rules: {rule}\nhands: A... 9...\nlast_musik: ...KQ\npoints: 100 0");
        let p = parse(&text.replace("...KQ", "..9.KQ"));
        let Form::Snapshot(mut s) = p.form else {
            panic!("a snapshot")
        };
        s.play(&r, "AH".parse().unwrap());
        let done = s.play(&r, "9H".parse().unwrap());
        assert_eq!(done.trick, Some((Seat::D, won)), "{rule}");
        assert_eq!(s.points, [100 + won, 0, 0], "{rule}");
        assert!(s.is_over());
    }
}

#[test]
fn the_follower_must_beat_and_trump_as_with_three() {
    let r = rules("players=2");
    // Hearts are trump; D leads AC, L has no club and holds 9H: must trump.
    let p =
        parse("rules: players=2\nhands: .A.A. 9...9\ntrump: H\nlast_musik: ..KQJ.\npoints: 0 0");
    let Form::Snapshot(mut s) = p.form else {
        panic!("a snapshot")
    };
    let mut s2 = s;
    s.play(&r, "AC".parse().unwrap());
    let why = s.why_illegal(&r, "9S".parse().unwrap()).unwrap();
    assert_eq!(why, "must trump: holds 9H");
    // L trumps and wins: 11 points.
    let done = s.play(&r, "9H".parse().unwrap());
    assert_eq!(done.trick, Some((Seat::L, 11)));
    // D leads AD instead; L, without diamonds or... holds a trump: same duty.
    s2.play(&r, "AD".parse().unwrap());
    assert_eq!(s2.legal_cards(&r), set("9..."));
}

#[test]
fn laid_away_cards_go_where_the_switch_says() {
    let deal: Deal = DEAL.parse().unwrap();
    assert!(deal.is_two());
    assert_eq!(deal.musik, set(".9..K"));
    assert_eq!(deal.other_musik, set(".K..T"));
    let lay = |first: &str, second: &str| tysiac::Exchange {
        give: Give::LayAway(first.parse().unwrap(), second.parse().unwrap()),
        trump: None,
    };
    // split: JH's 2 for D; TC into the musik with KD TS: 24 points there.
    let s = deal.after(&rules("players=2"), &lay("JH", "TC")).unwrap();
    assert_eq!((s.points[0], s.last_musik.points()), (2, 24));
    // declarer: JH and TC both D's, 12; the musik stays KD TS, 14.
    let s = deal
        .after(&rules("players=2 laid_away=declarer"), &lay("JH", "TC"))
        .unwrap();
    assert_eq!((s.points[0], s.last_musik.points()), (12, 14));
    assert_eq!(s.last_musik, set(".K..T"));
    // Errors: a card D does not hold, one card twice, three players' rules.
    let e = deal
        .after(&rules("players=2"), &lay("AH", "TC"))
        .unwrap_err();
    assert_eq!(e, "AH is not among the declarer's twelve cards");
    let e = deal
        .after(&rules("players=2"), &lay("TC", "TC"))
        .unwrap_err();
    assert_eq!(e, "TC is laid away twice");
    let e = deal.after(&Rules::STANDARD, &lay("JH", "TC")).unwrap_err();
    assert!(e.contains("needs players=2"), "{e}");
}

#[test]
fn every_lay_away_is_listed_once() {
    let deal: Deal = DEAL.parse().unwrap();
    // Split: an ordered pair of two of the twelve cards, 12 * 11; declarer:
    // the order does not matter, 12 * 11 / 2.
    for (rule, n) in [("players=2", 132), ("players=2 laid_away=declarer", 66)] {
        let r = rules(rule);
        let all = deal.exchanges(&r);
        assert_eq!(all.len(), n, "{rule}");
        let mut states: Vec<_> = all.iter().map(|e| deal.after(&r, e).unwrap()).collect();
        states.sort_by_key(|s| (s.hands[0].bits(), s.points[0], s.last_musik.bits()));
        states.dedup();
        assert_eq!(states.len(), n, "{rule}: each exchange gives its own start");
    }
}

#[test]
fn two_player_positions_are_written_back_as_read() {
    for text in [
        format!(
            "rules: standard players=2\ndeal: {DEAL}\nexchange: JH 9D\nplay: AS 9S | AC 9C | QH"
        ),
        "rules: standard players=2 last_musik=marriage\nhands: AK... 9Q...\nlead: L\ntrick: \
         -\ntrump: -\npoints: 50 40\nlast_musik: ..9.TQ"
            .to_string(),
    ] {
        let p = parse(&text);
        let again = parse(&p.to_string());
        assert_eq!(p.to_string(), again.to_string());
        assert_eq!(p.rules, again.rules);
    }
    let p = parse(&format!(
        "rules: players=2\ndeal: {DEAL}\nexchange: JH 9D\nplay: AS 9S AC 9C QH"
    ));
    // Tricks of two in the canonical play line.
    assert!(p.to_string().ends_with("play: AS 9S | AC 9C | QH"), "{p}");
    let s =
        parse("rules: players=2\nhands: AK... 9Q...\nlead: L\nlast_musik: ..9.TQ\npoints: 50 40");
    let text = s.to_string();
    assert!(text.contains("hands: AK... Q9..."), "{text}");
    assert!(text.contains("points: 50 40"), "{text}");
    assert!(
        text.contains("last_musik: ..9.QT") || text.contains("last_musik: ..9.TQ"),
        "{text}"
    );
}

#[test]
fn bad_two_player_positions_say_what_is_wrong() {
    let cases: [(&str, &str); 9] = [
        (
            "rules: players=2\ndeal: AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9",
            "D's hand holds 7 cards, needs 10",
        ),
        (
            "rules: players=2\ndeal: QJ.AQJ.AT.AQJ ATK9.T.KQJ9.9 .9..K",
            "with players=2 a deal is D L, the musik D takes and the other musik",
        ),
        (&format!("deal: {DEAL}"), "D's hand holds 10 cards, needs 7"),
        (
            &format!("rules: players=2\ndeal: {DEAL}\nexchange: JH 9D TC"),
            "names 3 cards; with players=2 D lays away 2",
        ),
        (
            "rules: players=2\nhands: AK... 9Q...\npoints: 0 0",
            "with players=2 a snapshot names the musik the last trick takes",
        ),
        (
            "hands: A... 9... J...\nlast_musik: ..9.TQ",
            "last_musik: is for two players",
        ),
        (
            "rules: players=2\nhands: AK... 9Q... J...\nlast_musik: ..9.TQ",
            "needs 2 hands (D L), found 3",
        ),
        (
            "rules: players=2\nhands: AK... 9Q...\nlast_musik: ..9.TQ\npoints: 0 0 0",
            "needs 2 numbers (D L), found 3",
        ),
        (
            "rules: players=2\nhands: AK... 9Q...\nlast_musik: A..9.T",
            "AH is in D's hand, so it cannot be in the musik",
        ),
    ];
    for (text, want) in cases {
        let e = error(text);
        assert!(e.contains(want), "{text}\n  said: {e}\n  want: {want}");
    }
    let e = error("rules: players=2\nhands: AK... 9Q...\nlead: R\nlast_musik: ..9.TQ");
    assert!(e.contains("the seats are D and L"), "{e}");
    let e = error("rules: players=2\nhands: AK... 9Q...\ntrick: TH JH\nlast_musik: ..9.TQ");
    assert!(e.contains("at most 1 (the second completes it)"), "{e}");
    // Each two-player switch reads and writes back, its default too.
    for text in [
        "standard players=2 laid_away=declarer",
        "standard players=2 last_musik=marriage",
        "standard players=2 laid_away=declarer last_musik=marriage",
    ] {
        assert_eq!(rules(text).to_string(), text);
    }
    assert_eq!(
        rules("players=2 laid_away=split last_musik=cards"),
        rules("players=2")
    );
    assert_eq!(rules("players=3"), Rules::STANDARD);
    for (rule, want) in [
        (
            "players=2 musik=discard",
            "musik applies only with three players",
        ),
        (
            "laid_away=declarer",
            "laid_away applies only with players=2",
        ),
        (
            "last_musik=marriage",
            "last_musik applies only with players=2",
        ),
        ("players=4", "3 or 2"),
    ] {
        let e = rule.parse::<Rules>().unwrap_err().to_string();
        assert!(e.contains(want), "{rule}: {e}");
    }
}

#[test]
fn a_bad_position_does_not_stop_the_good_ones() {
    let text = format!(
        "rules: players=2\ndeal: {DEAL}\n\nrules: players=2\nhands: A... 9...\n\n\
         rules: players=2\nhands: A... 9...\nlast_musik: ..9.KQ"
    );
    let read = parse_positions_with(&text, "two.txt", Rules::STANDARD);
    assert_eq!(read.len(), 3);
    assert!(read[0].is_ok() && read[2].is_ok());
    let e = read[1].as_ref().unwrap_err().to_string();
    assert!(e.starts_with("two.txt:5"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Any two-player hand played out to the end hands out all 120 card
    /// points (the laid-away card, the tricks and the last musik), besides
    /// the marriages declared, under either `laid_away`.
    #[test]
    fn a_played_out_hand_counts_every_card(
        seed in any::<u64>(),
        declarer in any::<bool>(),
        picks in proptest::collection::vec(any::<u8>(), 30),
    ) {
        let r = rules(if declarer { "players=2 laid_away=declarer" } else { "players=2" });
        let mut cards: Vec<tysiac::Card> = CardSet::ALL.iter().collect();
        let mut x = seed | 1;
        for i in (1..cards.len()).rev() {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            cards.swap(i, (x % (i as u64 + 1)) as usize);
        }
        let part = |a: usize, b: usize| cards[a..b].iter().copied().collect::<CardSet>();
        let deal = Deal::two(part(0, 10), part(10, 20), part(20, 22), part(22, 24));
        let exchanges = deal.exchanges(&r);
        let e = exchanges[picks[0] as usize % exchanges.len()];
        let mut s = deal.after(&r, &e).unwrap();
        let mut declared = 0;
        let mut i = 1;
        while !s.is_over() {
            let moves = s.legal_moves(&r);
            prop_assert!(!moves.is_empty());
            let mv = moves[picks[i % picks.len()] as usize % moves.len()];
            i += 1;
            let played = s.play(&r, mv);
            declared += played.declared.map_or(0, |(_, p)| p);
        }
        prop_assert_eq!(s.points[0] + s.points[1] - declared, 120);
        prop_assert_eq!(s.points[2], 0);
        prop_assert_eq!(i - 1, 20, "ten tricks of two cards");
    }
}
