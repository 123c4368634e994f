//! Tests written for what the mutation run of issue 24 found unasserted in
//! `src/view/`: the points a seat's view keeps of the play.

use tysiac::{engine::random, Form, Rules, Seat, View};

/// `last_trick_bonus=N`: N points to the winner of the last trick, counted
/// like card points (docs/rules.md). The same played hands seen from each seat,
/// once without the bonus and once with 10: at the end the view's points
/// differ by exactly 10, for one seat, the one that won the last trick;
/// before the last trick they do not differ at all.
#[test]
fn the_last_trick_bonus_goes_to_the_last_trick_s_winner_in_every_view() {
    let plain = Rules::STANDARD;
    let bonus: Rules = "standard last_trick_bonus=10".parse().unwrap();
    for seed in 0..6u64 {
        let mut rng = random::rng(500 + seed);
        let p = random::played_hand(&mut rng, &plain, 24);
        let Form::History(h) = &p.form else {
            panic!("a history")
        };
        // The winner of the last trick leads nothing: it is the seat whose
        // card took the trick; the state after all 24 cards names it as
        // the leader.
        let end = h.state(&plain).unwrap();
        let last_winner = end.leader;
        for seat in Seat::ALL {
            for upto in [21usize, 24] {
                let mut q = p.clone();
                if let Form::History(hh) = &mut q.form {
                    hh.moves.truncate(upto);
                }
                let a = View::from_position(&q, Some(seat)).unwrap().table();
                q.rules = bonus;
                let b = View::from_position(&q, Some(seat)).unwrap().table();
                let mut want = [0u16; 3];
                if upto == 24 {
                    want[last_winner.index()] = 10;
                }
                let diff: Vec<u16> = (0..3).map(|i| b.points[i] - a.points[i]).collect();
                assert_eq!(diff, want, "hand {seed}, {seat}'s view after {upto} cards");
            }
        }
    }
}

/// The unseen cards of a view before any play: for D, every card but its
/// eight at the first lead and the two it gave (it knows where those
/// went); for a defender that saw no musik and no exchange, every card but
/// its own eight.
#[test]
fn the_unseen_cards_are_those_the_viewer_cannot_place() {
    use tysiac::view::parse_views;
    use tysiac::CardSet;
    let rules: Rules = "standard musik_shown=no".parse().unwrap();
    let view = |text: &str| {
        parse_views(text, "t", rules, None)
            .remove(0)
            .unwrap_or_else(|e| panic!("{e}"))
    };
    let hand: CardSet = "KQ9.J.A.KQ9".parse().unwrap();
    let given: CardSet = "9D,9C".parse().unwrap();
    let d = view("view: D\nhand: KQ9.J.A.KQ9\nexchange: 9D 9C");
    assert_eq!(d.knowledge().unseen(), CardSet::ALL.minus(hand | given));
    assert_eq!(d.knowledge().unseen().len(), 14);
    let own: CardSet = "TJ.9.AT.QJ9".parse().unwrap();
    let r = view("view: R\nhand: TJ.9.AT.QJ9");
    assert_eq!(r.knowledge().unseen(), CardSet::ALL.minus(own));
    assert_eq!(r.knowledge().unseen().len(), 16);
}

/// A sampled layout is a whole deal: three hands of seven and a musik of
/// three holding all 24 cards, and its exchange applied to that deal gives
/// its first-lead state, also where the seat never saw the musik (the
/// musik is then a stand-in from D's ten cards) and where the deal was
/// written after the exchange (8 8 8: musik and exchange are stand-ins).
#[test]
fn every_sampled_layout_is_a_whole_deal_that_leads_to_its_start() {
    use tysiac::engine::sample::sample_rng;
    use tysiac::{CardSet, Sampler};
    for (rules, seed) in [("standard musik_shown=no", 1u64), ("standard", 2)] {
        let rules: Rules = rules.parse().unwrap();
        let mut rng = random::rng(900 + seed);
        let p = random::played_hand(&mut rng, &rules, 7);
        let Form::History(h) = &p.form else {
            panic!("a history")
        };
        let start = h.start.unwrap();
        // The same hand written after the exchange (8 8 8).
        let after = format!(
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
        let written: tysiac::Position = tysiac::parse_positions_with(&after, "t", rules)
            .remove(0)
            .unwrap();
        for q in [&p, &written] {
            for seat in Seat::ALL {
                let v = View::from_position(q, Some(seat)).unwrap();
                let sampler = Sampler::new(&v);
                for i in 0..20 {
                    let l = sampler.sample(&mut sample_rng(seed, i));
                    let d = &l.deal;
                    assert_eq!(d.musik.len(), 3, "{seat}: musik {}", d.musik);
                    assert!(d.hands.iter().all(|h| h.len() == 7), "{seat}");
                    let all = d.hands.iter().fold(d.musik, |a, &h| a | h);
                    assert_eq!(all, CardSet::ALL, "{seat}");
                    assert_eq!(d.after(&rules, &l.exchange).unwrap(), l.start, "{seat}");
                }
            }
        }
    }
}

/// `marriage_needs_trick=yes` with `first_trick_marriage=yes`: a marriage
/// declared on the first trick scores only once its player has won a trick
/// (docs/rules.md). D, holding the four top hearts, leads QH declaring (100);
/// L and R follow with 9H and JH, and D's queen takes the trick: 3 + 0 + 2
/// card points. In D's view: nothing yet after the lead, 105 after the
/// trick; without the switch, 100 at once.
#[test]
fn a_first_trick_marriage_waits_for_a_trick_won_in_the_view() {
    use tysiac::view::parse_views;
    let text = "view: D\nhand: AKQT.J.A.KQ\nexchange: 9D 9C\nplay: QH+";
    let points = |rules: &str, play: &str| {
        let rules: Rules = rules.parse().unwrap();
        let v = parse_views(&format!("{text}{play}"), "t", rules, None)
            .remove(0)
            .unwrap_or_else(|e| panic!("{e}"));
        v.table().points
    };
    let waits = "standard musik_shown=no first_trick_marriage=yes marriage_needs_trick=yes";
    assert_eq!(points(waits, ""), [0, 0, 0]);
    assert_eq!(points(waits, " 9H JH"), [105, 0, 0]);
    let at_once = "standard musik_shown=no first_trick_marriage=yes";
    assert_eq!(points(at_once, ""), [100, 0, 0]);
    assert_eq!(points(at_once, " 9H JH"), [105, 0, 0]);
}

/// What a view accepts as a declaration mark (docs/notation.md: a lead that
/// declared carries a `+`). Only a lead of a K or Q, or an ace under
/// `ace_marriage`, can declare: a `+` on a jack is refused, naming the
/// move. The viewer's own ace lead holding all four aces under
/// `ace_marriage=200` and `declare=auto` declares, so it must carry the
/// mark: without it the play is refused; with it, D's points hold the 200.
#[test]
fn declaration_marks_on_leads_follow_the_rules() {
    use tysiac::view::parse_views;
    let read =
        |rules: &str, text: &str| parse_views(text, "t", rules.parse().unwrap(), None).remove(0);
    // R's view: D leads AS, L plays KS, R 9S; D, on lead again, leads the
    // JD marked as declaring.
    let open = "standard musik_shown=no";
    let jack = read(open, "view: R\nhand: TJ.9.AT.QJ9\nplay: AS KS 9S | JD+");
    let e = jack.expect_err("a jack cannot declare");
    assert_eq!(e.key.as_deref(), Some("play"), "{e}");
    assert!(e.message.starts_with("move 4"), "{e}");
    // D holds the four aces (AH AD AC AS) and the KH TH; it leads the KH to
    // trick 1 (no declaring on the first trick), which L's 9H and R's JH
    // cannot beat, then leads the AH still holding all four aces.
    let aces = "standard musik_shown=no ace_marriage=200";
    let base = "view: D\nhand: AKT.AJ.A.AJ\nexchange: 9D 9C\nplay: KH 9H JH | ";
    let bare = read(aces, &format!("{base}AH"));
    let e = bare.expect_err("an unmarked declaring lead");
    assert!(e.message.contains("AH+"), "{e}");
    let marked = read(aces, &format!("{base}AH+")).unwrap_or_else(|e| panic!("{e}"));
    // 4 + 0 + 2 for the first trick, 200 for the aces.
    assert_eq!(marked.table().points, [206, 0, 0]);
    // Without ace_marriage (standard) the same bare lead declares nothing
    // and is accepted: the first trick's 6 points only.
    let plain = read(open, &format!("{base}AH")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(plain.table().points, [6, 0, 0]);
}

/// A defender's view of a whole hand knows the card D gave it: read from
/// history form, L's and R's views carry it, and every layout they sample
/// gives them that very card.
#[test]
fn a_defender_s_view_of_a_history_knows_the_card_it_got() {
    use tysiac::engine::sample::sample_rng;
    use tysiac::{Give, Sampler};
    let rules = Rules::STANDARD;
    for seed in 0..4u64 {
        let mut rng = random::rng(950 + seed);
        let p = random::played_hand(&mut rng, &rules, 4);
        let Form::History(h) = &p.form else {
            panic!("a history")
        };
        let Give::Pass(to_l, to_r) = h.exchange.unwrap().give else {
            panic!("musik=pass")
        };
        for (seat, card) in [(Seat::L, to_l), (Seat::R, to_r)] {
            let v = View::from_position(&p, Some(seat)).unwrap();
            assert_eq!(v.setup().got, Some(card), "{seat}, hand {seed}");
            let sampler = Sampler::new(&v);
            for i in 0..10 {
                let l = sampler.sample(&mut sample_rng(seed, i));
                let Give::Pass(a, b) = l.exchange.give else {
                    panic!("musik=pass")
                };
                assert_eq!(if seat == Seat::L { a } else { b }, card, "{seat}");
            }
        }
    }
}

/// Under `declare=auto` a K led without declaring shows its leader lacks
/// the Q (docs/rules.md, *What each seat knows*). R holds no heart; D leads the
/// 9H, L shows a void (9D), R throws the QC, and D's 9H wins: every other
/// heart is then D's. D's KH led next without declaring is impossible,
/// and the error says why: the QH could be nowhere but in D's hand.
#[test]
fn an_undeclared_king_whose_queen_can_be_nowhere_else_is_refused() {
    use tysiac::view::parse_views;
    let text = "view: R\nhand: .AKQ.AKQ.AK\nplay: 9H 9D QC | KH";
    let e = parse_views(text, "t", "standard musik_shown=no".parse().unwrap(), None)
        .remove(0)
        .expect_err("the QH is D's");
    assert_eq!(e.key.as_deref(), Some("play"), "{e}");
    assert!(
        e.message.starts_with("move 4, D plays KH")
            && e.message
                .contains("D then lacked QH, yet it can be nowhere else"),
        "{e}"
    );
}
