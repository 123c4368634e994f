//! Redeals: who may ask for a new deal before the bidding, and when a deal
//! is void by itself (docs/rules.md, *Redeals*).

use crate::engine::card::Rank;
use crate::engine::cardset::CardSet;
use crate::engine::rules::{Redeal, Rules};

/// Why the player holding `hand` (seven cards) may ask for a redeal, or
/// `None`. `on_the_hundred`: the player opens at 100 (ru-a lets it ask with
/// three nines).
pub fn may_ask(rules: &Rules, hand: CardSet, on_the_hundred: bool) -> Option<String> {
    let nines = hand.iter().filter(|c| c.rank() == Rank::Nine).count();
    let points = hand.points();
    let married = hand.marriages().next().is_some();
    match rules.redeal {
        Redeal::None => None,
        Redeal::Nines => (nines == 4).then(|| "four nines".to_string()),
        Redeal::Standard => {
            if nines == 4 {
                Some("four nines".into())
            } else if points < 10 && !married {
                Some(format!("{points} card points and no marriage"))
            } else {
                None
            }
        }
        Redeal::Ru => {
            if nines == 4 {
                Some("four nines".into())
            } else if nines == 3 && on_the_hundred {
                Some("three nines on the hundred".into())
            } else if points < 14 {
                Some(format!("{points} card points"))
            } else {
                None
            }
        }
    }
}

/// Why the player holding `hand` may not ask for a redeal: the rule it
/// misses and what the hand holds; `None` when it may ([`may_ask`]).
pub fn why_not_ask(rules: &Rules, hand: CardSet, on_the_hundred: bool) -> Option<String> {
    if may_ask(rules, hand, on_the_hundred).is_some() {
        return None;
    }
    let nines = hand.iter().filter(|c| c.rank() == Rank::Nine).count();
    let points = hand.points();
    let married = hand.marriages().next().is_some();
    Some(match rules.redeal {
        Redeal::None => "nobody may ask for a redeal (redeal=none)".into(),
        Redeal::Nines => {
            format!("only four nines may ask (redeal=nines), and this hand holds {nines}")
        }
        Redeal::Standard => format!(
            "a redeal is for four nines, or under 10 card points and no marriage \
             (redeal=standard), and this hand holds {nines} nines and {points} card points{}",
            if married { " with a marriage" } else { "" }
        ),
        Redeal::Ru if nines == 3 => format!(
            "three nines let only the player on the hundred ask (redeal=ru), and this hand \
             holds {points} card points, not under 14"
        ),
        Redeal::Ru => format!(
            "a redeal is for four nines, three nines on the hundred, or under 14 card points \
             (redeal=ru), and this hand holds {nines} nines and {points} card points"
        ),
    })
}

/// Why the deal is void by itself, before anyone asks (ru-a: a musik under
/// 5 points), or `None`.
pub fn void_deal(rules: &Rules, musik: CardSet) -> Option<String> {
    (rules.redeal == Redeal::Ru && musik.points() < 5)
        .then(|| format!("the musik holds {} points, under 5", musik.points()))
}

/// [`void_deal`] for a deal: its musik, or with two players both musiks
/// together (two cards alone are under 5 points too often for the rule to
/// mean them: docs/rules.md, *Two players*).
pub fn void_deal_of(rules: &Rules, deal: &crate::Deal) -> Option<String> {
    void_deal(rules, deal.musik | deal.other_musik)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(s: &str) -> CardSet {
        s.split_whitespace().map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn standard_four_nines_or_under_ten_points_without_a_marriage() {
        let r = Rules::STANDARD;
        assert!(may_ask(&r, cards("9H 9D 9C 9S AH AD AC"), false).is_some());
        // J J Q K: 2 + 2 + 3 + 4 = 11 points: not under 10.
        assert!(may_ask(&r, cards("JH JD QS 9H 9D 9C KD"), false).is_none());
        // J J Q J: 9 points, no marriage.
        assert!(may_ask(&r, cards("JH JD QS 9H 9D 9C JS"), false).is_some());
        // A marriage and 11 points.
        assert!(may_ask(&r, cards("KS QS JH 9H 9D 9C JD"), false).is_none());
    }

    #[test]
    fn nines_only_and_none() {
        let pl = Rules::PL;
        assert!(may_ask(&pl, cards("JH JD QS 9H 9D 9C JS"), false).is_none());
        assert!(may_ask(&pl, cards("9H 9D 9C 9S AH AD AC"), false).is_some());
        let none: Rules = "standard redeal=none".parse().unwrap();
        assert!(may_ask(&none, cards("9H 9D 9C 9S JH JD JC"), true).is_none());
    }

    #[test]
    fn ru_three_nines_on_the_hundred_and_a_poor_musik() {
        let ru = Rules::RU;
        // Three nines and 42 points: only on the hundred.
        let three = cards("9H 9D 9C AS TS AH TH");
        assert!(may_ask(&ru, three, true).is_some());
        assert!(may_ask(&ru, three, false).is_none());
        // 4 + 3 + 2 + 2 + 11 = 22 points: no; without the ace 11: yes.
        assert!(may_ask(&ru, cards("KH QD JC JS 9H 9D AS"), false).is_none());
        assert!(may_ask(&ru, cards("KH QD JC JS 9H 9D 9S"), false).is_some());
        // A musik of 2 points is void; of 5 it is not.
        assert!(void_deal(&ru, cards("9H JH 9D")).is_some());
        assert!(void_deal(&ru, cards("9H JH QH")).is_none());
        assert!(void_deal(&Rules::STANDARD, cards("9H 9D 9C")).is_none());
        // Two players: both musiks count. 9H JH (2 points) alone would void
        // the deal; with QH QS (6) beside them, 8 do not.
        let ru2: Rules = "ru players=2".parse().unwrap();
        let deal = crate::Deal::two(
            cards("AH TH KH AD TD KD AC TC KC AS"),
            cards("QD JD 9D QC JC 9C TS KS JS 9S"),
            cards("9H JH"),
            cards("QH QS"),
        );
        assert!(void_deal(&ru2, deal.musik).is_some());
        assert!(void_deal_of(&ru2, &deal).is_none());
        // 9H 9D and 9C JS: 2 points in both: void.
        let poor = crate::Deal::two(
            cards("AH TH KH AD TD KD AC TC KC AS"),
            cards("QH JH QD JD QC JC TS KS QS 9S"),
            cards("9H 9D"),
            cards("9C JS"),
        );
        assert!(void_deal_of(&ru2, &poor).is_some());
        assert!(void_deal_of(
            &Rules::RU,
            &crate::Deal::new(
                [
                    cards("AH TH KH AD TD KD AC"),
                    cards("TC KC AS QH JH QD JD"),
                    cards("QC JC TS KS QS 9S 9C")
                ],
                cards("9H 9D JS"),
            )
        )
        .is_some());
    }
}
