//! Legal moves, declarations and their effects, case by case against
//! docs/rules.md. Each case says which rule makes the expected set right.
//!
//! Positions are written as the cards each seat still holds (D L R), the
//! leader, the cards already in the trick and the trump in force. Seats that
//! played to the trick hold one card fewer. Unless a case is about the first
//! trick, hands are small, so that the trick is a late one (marriages allowed).

mod common;

use tysiac::{trick_winner, Card, CardSet, Declaration, Move, Rules, Seat, State, Suit};

fn rules(text: &str) -> Rules {
    text.parse().unwrap()
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

/// Hands D L R (dotted form), the leader, the trick so far, the trump.
fn pos(hands: [&str; 3], leader: Seat, trick: &[&str], trump: Option<Suit>) -> State {
    let hands = hands.map(|h| h.parse::<CardSet>().unwrap());
    let mut s = State::new(hands, leader, trump, [0; 3]);
    for &c in trick {
        s.push_trick_card(card(c));
    }
    // Guard against typos in the cases: no card twice, and the seats that
    // played to the trick hold one card fewer than the others.
    let mut seen = CardSet::EMPTY;
    for c in hands
        .iter()
        .flat_map(|h| h.iter())
        .chain(s.trick().iter().copied())
    {
        assert!(!seen.contains(c), "{c} twice in {s:?}");
        seen.insert(c);
    }
    let full = hands[leader.index()].len() + usize::from(!trick.is_empty());
    for i in 0..3 {
        let played = usize::from(i < trick.len());
        assert_eq!(hands[leader.plus(i).index()].len() + played, full, "{s:?}");
    }
    s
}

/// The legal moves as sorted text, e.g. `["9H", "KH", "KH-"]`.
fn moves(rules: &Rules, s: &State) -> Vec<String> {
    let mut v: Vec<String> = s.legal_moves(rules).iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

#[track_caller]
fn assert_moves(rules: &Rules, s: &State, expected: &str) {
    let mut want: Vec<String> = expected.split_whitespace().map(String::from).collect();
    want.sort();
    assert_eq!(moves(rules, s), want, "in {s:?} under {rules}");
}

const H: Option<Suit> = Some(Suit::Hearts);
const S: Option<Suit> = Some(Suit::Spades);

// ---- Rule 1: following suit, must_beat -------------------------------------

#[test]
fn must_beat_yes_plays_a_higher_card_of_the_led_suit() {
    // D led QH; L holds KH 9H AS. Rule 1: L holds a heart higher than QH, so
    // L must play one: only KH.
    let s = pos(["..A9.", "K9...A", "J...KQ"], Seat::D, &["QH"], None);
    assert_moves(&Rules::STANDARD, &s, "KH");
}

#[test]
fn must_beat_no_plays_any_card_of_the_led_suit() {
    // The same position: with must_beat=no any heart will do (docs/rules.md
    // Variants), but still a heart.
    let s = pos(["..A9.", "K9...A", "J...KQ"], Seat::D, &["QH"], None);
    assert_moves(&rules("standard must_beat=no"), &s, "KH 9H");
    assert_moves(&Rules::RU, &s, "KH 9H");
}

#[test]
fn must_beat_without_a_higher_card_plays_any_of_the_suit() {
    // L's hearts (J, 9) are both below QH: rule 1 only asks for a heart.
    let s = pos(["..A9.", "J9...A", "K...KQ"], Seat::D, &["QH"], None);
    assert_moves(&Rules::STANDARD, &s, "JH 9H");
}

#[test]
fn must_beat_is_measured_against_the_highest_card_of_the_suit() {
    // 9H led, KH played: R's QH beats the 9 but not the K, so R must play a
    // card higher than every heart in the trick: only AH.
    let s = pos(["..A9.", ".9.K.", "QA...A"], Seat::D, &["9H", "KH"], None);
    assert_moves(&Rules::STANDARD, &s, "AH");
    assert_moves(&rules("standard must_beat=no"), &s, "AH QH");
}

#[test]
fn must_beat_ignores_trumps_in_the_trick() {
    // Spades are trump. D led QH, L (void in hearts) trumped with 9S. R holds
    // KH 9H: "Trumps already in the trick do not change this", so R must
    // still beat the queen: KH, although the trick is lost to the trump.
    let s = pos(["..A9.", ".AK..", "K9...A"], Seat::D, &["QH", "9S"], S);
    assert_moves(&Rules::STANDARD, &s, "KH");
}

#[test]
fn trump_led_is_followed_by_rule_one() {
    // Hearts are trump and led: following is rule 1, beating the QH included.
    let s = pos(["..A9.", "K9...A", "J...KQ"], Seat::D, &["QH"], H);
    assert_moves(&Rules::STANDARD, &s, "KH");
}

#[test]
fn a_player_holding_the_led_suit_may_not_trump() {
    // Spades trump, clubs led. R holds a club and trumps: rule 1 comes
    // first, the club must be played.
    let s = pos(["A9...", ".AK..", "..9.AK"], Seat::D, &["TC", "KC"], S);
    assert_moves(&Rules::STANDARD, &s, "9C");
}

// ---- Rule 2: trumping, must_trump, must_overtrump ------------------------

#[test]
fn must_trump_yes_void_player_plays_a_trump() {
    // Spades trump, D led AC. L has no club and holds JS 9S: rule 2, a trump.
    let s = pos(["9.9..", "A...J9", "...AKQ"], Seat::D, &["AC"], S);
    assert_moves(&Rules::STANDARD, &s, "JS 9S");
}

#[test]
fn without_trump_a_void_player_plays_anything() {
    // No marriage yet, so no trump: rule 3, any card.
    let s = pos(["9.9..", "A...J9", "...AKQ"], Seat::D, &["AC"], None);
    assert_moves(&Rules::STANDARD, &s, "AH JS 9S");
}

#[test]
fn must_trump_no_void_player_plays_anything() {
    // must_trump=no (pl): a player void in the led suit plays any card.
    let s = pos(["9.9..", "A...J9", "...AKQ"], Seat::D, &["AC"], S);
    assert_moves(&rules("standard must_trump=no"), &s, "AH JS 9S");
    assert_moves(&Rules::PL, &s, "AH JS 9S");
}

#[test]
fn must_overtrump_yes_plays_a_higher_trump() {
    // Spades trump. D led AC, L trumped with QS. R (void in clubs) holds
    // KS 9S AH: rule 2, R holds a trump higher than QS and must play it.
    let s = pos(["9.9..", ".AK..", "A...K9"], Seat::D, &["AC", "QS"], S);
    assert_moves(&Rules::STANDARD, &s, "KS");
}

#[test]
fn must_overtrump_without_a_higher_trump_plays_any_trump() {
    // R's trumps (J, 9) are below QS: "otherwise any trump".
    let s = pos(["9.9..", ".AK..", "A...J9"], Seat::D, &["AC", "QS"], S);
    assert_moves(&Rules::STANDARD, &s, "JS 9S");
}

#[test]
fn must_overtrump_no_plays_any_trump() {
    // must_overtrump=no (ru): any trump, but still a trump.
    let s = pos(["9.9..", ".AK..", "A...K9"], Seat::D, &["AC", "QS"], S);
    assert_moves(&rules("standard must_overtrump=no"), &s, "KS 9S");
    assert_moves(&Rules::RU, &s, "KS 9S");
}

#[test]
fn must_overtrump_counts_the_highest_trump_in_the_trick() {
    // The led suit is clubs; the trick's trump is KS, so only AS beats it.
    let s = pos(["9.9..", ".AK..", "A...AQ"], Seat::D, &["AC", "KS"], S);
    assert_moves(&Rules::STANDARD, &s, "AS");
}

#[test]
fn must_trump_no_also_drops_must_overtrump() {
    // "With must_trump=no ... must_overtrump does not apply": R may play any
    // card. Naming must_overtrump beside must_trump=no is refused: it
    // cannot matter (docs/rules.md, *Writing a rule set*).
    let s = pos(["9.9..", ".AK..", "A...K9"], Seat::D, &["AC", "QS"], S);
    let r = rules("standard must_trump=no");
    assert!(r.must_overtrump, "the default stays, unused");
    assert_moves(&r, &s, "AH KS 9S");
    let e = "standard must_trump=no must_overtrump=yes"
        .parse::<Rules>()
        .unwrap_err();
    assert!(e.0.contains("must_overtrump"), "{e}");
}

#[test]
fn overtrumping_is_only_asked_when_a_trump_is_in_the_trick() {
    // Clubs led and followed with clubs; R is void: any trump will do.
    let s = pos(["9.9..", ".AK..", "A...K9"], Seat::D, &["AC", "9C"], S);
    assert_moves(&Rules::STANDARD, &s, "KS 9S");
}

// ---- Who wins the trick ---------------------------------------------------

#[test]
fn trick_goes_to_the_highest_trump_else_the_highest_of_the_led_suit() {
    let c = card;
    // No trump: the AC off-suit does not win, the led heart does.
    assert_eq!(trick_winner(&[c("9H"), c("AC"), c("JH")], None), 2);
    // Spades trump: the 9S beats every heart.
    assert_eq!(trick_winner(&[c("AH"), c("9S"), c("TH")], S), 1);
    // Two trumps: the higher one.
    assert_eq!(trick_winner(&[c("AC"), c("9S"), c("QS")], S), 2);
    // Trump led: it is both led suit and trump.
    assert_eq!(trick_winner(&[c("KH"), c("AD"), c("QH")], H), 0);
}

// ---- Marriages: when they are declared ------------------------------------

/// A full 8-card hand for D holding the heart marriage, at the first trick.
fn first_trick() -> State {
    pos(
        ["KQ9.A9.A9.9", "AJ.KJ.KJ.AJ", "T.TQ.TQ.TKQ"],
        Seat::D,
        &[],
        None,
    )
}

#[test]
fn no_marriage_on_the_first_trick_by_default() {
    // "never on the first trick of the hand": leading KH at trick 1 is a
    // plain lead. Under declare=optional there is no KH- either, since the
    // lead would not declare.
    let s = first_trick();
    let r = Rules::STANDARD;
    assert_eq!(s.trick_number(&r), 1);
    assert_eq!(s.declaration(&r, card("KH")), None);
    let opt = rules("standard declare=optional");
    assert!(!moves(&opt, &s).iter().any(|m| m.ends_with('-')));
    let mut after = s;
    let played = after.play(&r, mv("KH"));
    assert_eq!(played.declared, None);
    assert_eq!((after.points, after.trump), ([0; 3], None));
}

#[test]
fn first_trick_marriage_yes_declares_at_trick_one() {
    // first_trick_marriage=yes: the same lead declares 100 and makes hearts
    // trump for this very trick.
    let s = first_trick();
    let r = rules("standard first_trick_marriage=yes");
    assert_eq!(
        s.declaration(&r, card("QH")),
        Some(Declaration::Marriage(Suit::Hearts))
    );
    let mut after = s;
    let played = after.play(&r, mv("KH"));
    assert_eq!(
        played.declared,
        Some((Declaration::Marriage(Suit::Hearts), 100))
    );
    assert_eq!((after.points, after.trump), ([100, 0, 0], H));
    // pl has first_trick_marriage=yes and declare=optional: both ways.
    assert_moves(&Rules::PL, &s, "KH KH- QH QH- 9H AD 9D AC 9C 9S");
}

#[test]
fn marriage_declares_from_the_second_trick_on() {
    // Seven cards each: trick 2 of 8, the leader won trick 1, so leading
    // either card of a held marriage declares.
    let s = pos(
        ["KQ9.A9.A9.", "AJ.KJ.KJ.J", "T.TQ.TQ.TK"],
        Seat::D,
        &[],
        None,
    );
    let r = Rules::STANDARD;
    assert_eq!(s.trick_number(&r), 2);
    for c in ["KH", "QH"] {
        assert_eq!(
            s.declaration(&r, card(c)),
            Some(Declaration::Marriage(Suit::Hearts))
        );
    }
    // A card that is no part of a marriage declares nothing.
    assert_eq!(s.declaration(&r, card("9H")), None);
}

#[test]
fn musik_discard_plays_seven_tricks_so_seven_cards_is_the_first_trick() {
    // musik=discard: 7 tricks, so 7 cards each is trick 1 and no marriage
    // may be declared; with 6 cards each it is trick 2.
    let seven = pos(
        ["KQ9.A9.A9.", "AJ.KJ.KJ.J", "T.TQ.TQ.TK"],
        Seat::D,
        &[],
        None,
    );
    let r = rules("standard musik=discard");
    assert_eq!(r.tricks(), 7);
    assert_eq!(seven.trick_number(&r), 1);
    assert_eq!(seven.declaration(&r, card("KH")), None);
    let r_first = rules("standard musik=discard first_trick_marriage=yes");
    assert!(seven.declaration(&r_first, card("KH")).is_some());
    let six = pos(["KQ9.A9.A.", "AJ.KJ.K.J", "T.TQ.T.TK"], Seat::D, &[], None);
    assert_eq!(six.trick_number(&r), 2);
    assert!(six.declaration(&r, card("KH")).is_some());
    // Mid-trick, the trick number is that of the trick under way.
    let mut mid = six;
    mid.play(&r, mv("9H"));
    assert_eq!(mid.trick_number(&r), 2);
}

#[test]
fn only_the_leader_declares() {
    // L holds the spade marriage but plays second to D's spade lead: no
    // declaration, and no KS- under declare=optional, since only a lead can
    // declare.
    let s = pos(["..A9.", ".9..KQ", "A..K.9"], Seat::D, &["JS"], None);
    let opt = rules("standard declare=optional must_beat=no");
    assert_moves(&opt, &s, "KS QS");
    let mut after = s;
    assert_eq!(after.play(&opt, mv("KS")).declared, None);
    assert_eq!(after.trump, None);
}

#[test]
fn a_defender_on_lead_declares_for_itself() {
    // L won the last trick and leads QC holding KC: L scores 60 and clubs
    // become trump for everyone; D's points do not move.
    let mut s = pos(["A.9..", "..KQ.", "...9T"], Seat::L, &[], None);
    s.points = [20, 5, 0];
    let played = s.play(&Rules::STANDARD, mv("QC"));
    assert_eq!(
        played.declared,
        Some((Declaration::Marriage(Suit::Clubs), 60))
    );
    assert_eq!(s.points, [20, 65, 0]);
    assert_eq!(s.trump, Some(Suit::Clubs));
}

// ---- declare=auto / optional -------------------------------------------------

#[test]
fn declare_auto_has_no_undeclared_leads() {
    // Declaring is automatic: KH and QH are single moves that declare.
    let s = pos(["KQ9...", "AJT...", "...AKQ"], Seat::D, &[], None);
    assert_moves(&Rules::STANDARD, &s, "KH QH 9H");
    assert_eq!(
        s.why_illegal(&Rules::STANDARD, mv("KH-")).as_deref(),
        Some("KH- (a lead without declaring) needs declare=optional")
    );
}

#[test]
fn declare_optional_adds_an_undeclared_twin_of_each_declaring_lead() {
    // declare=optional: KH and QH each come twice (declaring or not); 9H,
    // which declares nothing, once.
    let s = pos(["KQ9...", "AJT...", "...AKQ"], Seat::D, &[], None);
    let r = rules("standard declare=optional");
    assert_moves(&r, &s, "KH KH- QH QH- 9H");
    assert_eq!(
        s.why_illegal(&r, mv("9H-")).as_deref(),
        Some("9H- is written only for a lead that would declare")
    );
    // KH- scores nothing and keeps the trump; the marriage is then broken, so
    // QH can never declare it later.
    let mut after = s;
    let played = after.play(&r, mv("KH-"));
    assert_eq!(played.declared, None);
    assert_eq!((after.points, after.trump), ([0; 3], None));
    let hand_left = after.hands[Seat::D.index()];
    assert!(!hand_left.has_marriage(Suit::Hearts));
}

#[test]
fn a_broken_marriage_declares_nothing() {
    // D holds KH but the QH is gone: KH is a plain lead, no KH- twin.
    let s = pos(["K9.A..", "AJT...", "...AKQ"], Seat::D, &[], None);
    let r = rules("standard declare=optional");
    assert_moves(&r, &s, "KH 9H AD");
}

// ---- Declaring changes trump at once -------------------------------------------

#[test]
fn a_declared_marriage_is_trump_for_the_trick_it_leads() {
    // Spades were trump. D leads QH holding KH: hearts become trump at once.
    // L, void in hearts, held a spade: under the old trump L would have to
    // trump; now spades are plain and L has no heart, so anything goes.
    let mut s = pos(["KQ.A..", ".J.J.9", "9.T.T."], Seat::D, &[], S);
    let r = Rules::STANDARD;
    let played = s.play(&r, mv("QH"));
    assert_eq!(
        played.declared,
        Some((Declaration::Marriage(Suit::Hearts), 100))
    );
    assert_eq!(s.trump, H);
    assert_moves(&r, &s, "JD JC 9S");
    // L plays 9S: no longer a trump, it cannot win. R must follow with 9H.
    s.play(&r, mv("9S"));
    let done = s.play(&r, mv("9H"));
    assert_eq!(done.trick, Some((Seat::D, 3)));
    assert_eq!(s.points, [103, 0, 0]);
}

#[test]
fn a_later_marriage_replaces_the_trump() {
    // Hearts are trump; D declares diamonds: diamonds are trump instead.
    let mut s = pos([".KQ..", "A.9..", "..AT."], Seat::D, &[], H);
    s.play(&Rules::STANDARD, mv("KD"));
    assert_eq!(s.trump, Some(Suit::Diamonds));
    assert_eq!(s.points, [80, 0, 0]);
}

#[test]
fn a_marriage_worth_nothing_still_makes_trump() {
    // marriage_values=0,...: the lead still declares (scoring 0) and makes
    // hearts trump; declaring is about the lead, not the value.
    let r = rules("standard marriage_values=0,80,60,40");
    let mut s = pos(["KQ...", "..A9.", "..KJ."], Seat::D, &[], None);
    let played = s.play(&r, mv("KH"));
    assert_eq!(
        played.declared,
        Some((Declaration::Marriage(Suit::Hearts), 0))
    );
    assert_eq!(s.trump, H);
}

#[test]
fn marriage_values_are_the_rule_sets() {
    // marriage_values=80,60,40,20: hearts score 80, spades 20.
    let r = rules("standard marriage_values=80,60,40,20");
    let mut s = pos(["KQ...", "..A9.", "..KJ."], Seat::D, &[], None);
    assert_eq!(s.play(&r, mv("QH")).declared.unwrap().1, 80);
    let mut s = pos(["...KQ", "..A9.", "..KJ."], Seat::D, &[], None);
    assert_eq!(s.play(&r, mv("KS")).declared.unwrap().1, 20);
}

// ---- trump=chosen ---------------------------------------------------------------

#[test]
fn trump_chosen_marriages_only_score() {
    // trump=chosen with spades named: leading KH (holding QH) scores 100 but
    // spades stay trump, so L, void in hearts, must trump with a spade.
    let r = rules("standard trump=chosen");
    let mut s = pos(["KQ.A..", ".J.J.9", "9.T.T."], Seat::D, &[], S);
    let played = s.play(&r, mv("KH"));
    assert_eq!(
        played.declared,
        Some((Declaration::Marriage(Suit::Hearts), 100))
    );
    assert_eq!(s.trump, S);
    assert_moves(&r, &s, "9S");
    s.play(&r, mv("9S"));
    // The spade wins the trick (it is trump), after R follows with 9H.
    assert_eq!(s.play(&r, mv("9H")).trick, Some((Seat::L, 4)));
}

// ---- ace_marriage ---------------------------------------------------------------------

/// D holds the four aces and a nine, at trick 4 of 8; diamonds are trump.
fn four_aces() -> State {
    pos(
        ["A9.A.A.A", "KQ.KQJ..", "T.T.KQ.K"],
        Seat::D,
        &[],
        Some(Suit::Diamonds),
    )
}

#[test]
fn ace_marriage_leading_an_ace_scores_and_keeps_trump() {
    // ru (ace_marriage=200): leading any ace while holding all four scores
    // 200, "on the same terms as a marriage"; trump is unchanged.
    let s = four_aces();
    for ace in ["AH", "AD", "AC", "AS"] {
        assert_eq!(
            s.declaration(&Rules::RU, card(ace)),
            Some(Declaration::Aces)
        );
        let mut after = s;
        let played = after.play(&Rules::RU, mv(ace));
        assert_eq!(played.declared, Some((Declaration::Aces, 200)), "{ace}");
        assert_eq!(after.points, [200, 0, 0]);
        assert_eq!(after.trump, Some(Suit::Diamonds));
    }
    // The nine declares nothing; declare=auto gives no twins.
    assert_eq!(s.declaration(&Rules::RU, card("9H")), None);
    assert_moves(&Rules::RU, &s, "AH 9H AD AC AS");
}

#[test]
fn ace_marriage_follows_declare_optional() {
    // declare applies alike: under declare=optional each ace lead comes with
    // an undeclared twin.
    let s = four_aces();
    let r = rules("ru declare=optional");
    assert_moves(&r, &s, "AH AH- 9H AD AD- AC AC- AS AS-");
    let mut after = s;
    assert_eq!(after.play(&r, mv("AS-")).declared, None);
    assert_eq!(after.points, [0; 3]);
}

#[test]
fn ace_marriage_needs_all_four_aces_and_a_nonzero_value() {
    // Three aces are not enough; ace_marriage=0 (standard) means no such thing.
    let three = pos(["A9.A.A.9", "KQ.KQJ..", "T.T.KQ.A"], Seat::D, &[], None);
    assert_eq!(three.declaration(&Rules::RU, card("AH")), None);
    assert_eq!(four_aces().declaration(&Rules::STANDARD, card("AH")), None);
}

#[test]
fn ace_marriage_obeys_the_first_trick_rule() {
    // Eight cards each, trick 1: no declaration under ru, one with
    // first_trick_marriage=yes.
    let s = pos(
        ["A9J.A.A.AJ9", "KQ.KQJ9.9J.", "T.T.KQT.KQT"],
        Seat::D,
        &[],
        None,
    );
    assert_eq!(s.trick_number(&Rules::RU), 1);
    assert_eq!(s.declaration(&Rules::RU, card("AH")), None);
    let r = rules("ru first_trick_marriage=yes");
    assert_eq!(s.declaration(&r, card("AH")), Some(Declaration::Aces));
}

#[test]
fn ace_marriage_is_only_on_lead() {
    // R holds all four aces but follows to L's heart lead with AH: only a
    // lead declares, so nothing is scored.
    let mut s = pos(["K9.9.9.J", "QJ.J.J.9", "AT.A.A.A"], Seat::L, &[], None);
    s.play(&Rules::RU, mv("JH"));
    assert_eq!(s.declaration(&Rules::RU, card("AH")), None);
    assert_eq!(s.play(&Rules::RU, mv("AH")).declared, None);
    assert_eq!(s.points, [0; 3]);
}

// ---- Why a move is illegal -----------------------------------------------------

#[test]
fn why_illegal_names_the_rule_broken() {
    let r = Rules::STANDARD;
    // Rule 1: L holds KH 9H AS after D's QH.
    let s = pos(["..A9.", "K9...A", "J...KQ"], Seat::D, &["QH"], None);
    let why = |s: &State, r: &Rules, m: &str| s.why_illegal(r, mv(m));
    assert_eq!(
        why(&s, &r, "9H").as_deref(),
        Some("must play a heart higher than QH (holds KH)")
    );
    assert_eq!(
        why(&s, &r, "AS").as_deref(),
        Some("must play a heart (holds KH)")
    );
    assert_eq!(why(&s, &r, "KH"), None);
    assert_eq!(why(&s, &r, "QS").as_deref(), Some("L does not hold QS"));
    // With must_beat=no the 9H is fine, the spade is still not.
    let nb = rules("standard must_beat=no");
    assert_eq!(why(&s, &nb, "9H"), None);
    assert_eq!(
        why(&s, &nb, "AS").as_deref(),
        Some("must play a heart (holds KH 9H)")
    );

    // Rule 2: spades trump, AC led, L trumped with QS; R holds AH KS 9S.
    let s = pos(["9.9..", ".AK..", "A...K9"], Seat::D, &["AC", "QS"], S);
    assert_eq!(
        why(&s, &r, "9S").as_deref(),
        Some("must play a trump higher than QS (holds KS)")
    );
    assert_eq!(why(&s, &r, "AH").as_deref(), Some("must trump: holds KS"));
    let no = rules("standard must_overtrump=no");
    assert_eq!(why(&s, &no, "9S"), None);
    assert_eq!(
        why(&s, &no, "AH").as_deref(),
        Some("must trump: holds KS 9S")
    );
    assert_eq!(why(&s, &rules("standard must_trump=no"), "AH"), None);
}

#[test]
fn why_illegal_at_the_end_and_try_play_leaves_the_state_alone() {
    let r = Rules::STANDARD;
    let mut s = pos(["A...", "9...", "K..."], Seat::D, &[], None);
    for m in ["AH", "9H", "KH"] {
        s.try_play(&r, mv(m)).unwrap();
    }
    assert!(s.is_over());
    assert_eq!(
        s.why_illegal(&r, mv("AH")).as_deref(),
        Some("the hand is over")
    );

    let s = pos(["..A9.", "K9...A", "J...KQ"], Seat::D, &["QH"], None);
    let mut t = s;
    assert!(t.try_play(&r, mv("9H")).is_err());
    assert_eq!(t, s);
}

// ---- legal_moves and is_legal agree ---------------------------------------------

#[test]
fn legal_moves_are_exactly_the_moves_is_legal_accepts() {
    // On random positions under random rules: every card of the hand, with
    // and without the undeclared flag, is in legal_moves iff is_legal says so.
    for seed in 0..3000 {
        let p = common::gen::random_position(seed, 1 + (seed as usize % 8).min(5));
        let (r, s) = (&p.rules, &p.state);
        let list = s.legal_moves(r);
        for c in s.hands[s.to_move().index()] {
            for m in [Move::new(c), Move::undeclared(c)] {
                assert_eq!(list.contains(&m), s.is_legal(r, m), "{m} in {p:?}");
            }
        }
        // No move twice, and the list is never empty while the hand goes on.
        let mut v = list.to_vec();
        v.sort();
        v.dedup();
        assert_eq!(v.len(), list.len(), "{p:?}");
        assert!(!list.is_empty(), "{p:?}");
    }
}

// ---- What a state reports mid-trick ------------------------------------

#[test]
fn remaining_and_is_over_count_every_hand_mid_trick() {
    // D led QH from QH AC 9C; L still holds KH 9H AS, R holds JH KS QS: the
    // three hands hold 2, 3 and 3 cards, 8 in all (the led QH is no longer
    // held).
    let s = pos(["..A9.", "K9...A", "J...KQ"], Seat::D, &["QH"], None);
    let want: CardSet = "KJ9..A9.AKQ".parse().unwrap();
    assert_eq!(s.remaining(), want);
    assert!(!s.is_over());
    // The last trick: D has led its last card and L and R still hold one
    // each; not over until R has played.
    let mut s = pos(["...", "K...", "J..."], Seat::D, &["QH"], None);
    assert_eq!(s.remaining(), "KJ...".parse().unwrap());
    s.play(&Rules::STANDARD, mv("KH"));
    assert_eq!(s.remaining(), "J...".parse().unwrap());
    assert!(!s.is_over());
    s.play(&Rules::STANDARD, mv("JH"));
    assert!(s.remaining().is_empty() && s.is_over());
}
