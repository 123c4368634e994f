//! What the declarer may bid, announce and give away: the declarations a
//! hand allows, the highest bid or contract (the cap), the levels in the
//! rules' steps, and the exchanges in the order of a rule of thumb.

use crate::engine::card::{Rank, Suit};
use crate::engine::cardset::CardSet;
use crate::engine::deal::{Deal, Exchange, Give};
use crate::engine::rules::{LaidAway, Rules};

/// Points of the declarations `cards` allow: its marriages and, with
/// `ace_marriage`, the four aces.
pub fn declarable(cards: CardSet, rules: &Rules) -> u16 {
    let marriages: u16 = cards.marriages().map(|s| rules.marriage_value(s)).sum();
    let aces = CardSet::full_rank(Rank::Ace);
    // docs/rules.md: the ace marriage scores "on the same terms as a marriage",
    // so it raises the bidding cap like one.
    let ace = if rules.ace_marriage > 0 && aces.is_subset(cards) {
        rules.ace_marriage
    } else {
        0
    };
    marriages + ace
}

/// The highest bid or contract `cards` allow: 120 plus their marriages,
/// and never above `bid_max` (ru: 300).
pub fn cap(cards: CardSet, rules: &Rules) -> u16 {
    (120 + declarable(cards, rules)).min(rules.bid_ceiling())
}

/// Bid levels from `from` to `top`, in the rules' steps (`bid_step`, and
/// `bid_step=5,10@200`'s larger step from its level on).
pub fn levels_from(from: u16, top: u16, rules: &Rules) -> Vec<u16> {
    let mut levels = Vec::new();
    let mut level = from;
    while level <= top {
        levels.push(level);
        // A top of u16::MAX (no `bid_max`) must not wrap around.
        match level.checked_add(rules.step_at(level)) {
            Some(next) => level = next,
            None => break,
        }
    }
    levels
}

/// A cheap guess at how good an exchange is: to order candidates only.
///
/// Keeps points and marriages, gives away small cards (a card passed to a
/// defender may come back to the declarer in a trick, but usually does not),
/// and under `trump=chosen` likes a long trump suit. The solver's own
/// ordering is private; this one also breaks marriages less readily.
pub fn exchange_guess(ten: CardSet, rules: &Rules, e: &Exchange) -> i32 {
    let given: CardSet = e.cards().into_iter().collect();
    let kept = ten.minus(given);
    let lost = match e.give {
        Give::Pass(..) => given.points() as i32,
        Give::Discard(_) => 0,
        // Under `laid_away=split` the second card goes to the last trick's musik.
        Give::LayAway(_, second) => match rules.laid_away {
            LaidAway::Split => second.points() as i32,
            LaidAway::Declarer => 0,
        },
    };
    let trump_len = e.trump.map_or(0, |t| kept.suit(t).len() as i32 * 8);
    // Voids help a declarer who will hold trumps: a small bonus per void.
    let voids = Suit::ALL
        .iter()
        .filter(|&&s| kept.suit(s).is_empty())
        .count() as i32;
    2 * declarable(kept, rules) as i32 + kept.points() as i32 - 2 * lost + trump_len + 3 * voids
}

/// The exchanges of `deal` ordered by [`exchange_guess`], best first (ties in
/// the order [`Deal::exchanges`] lists them, so the order is fixed).
pub fn guessed_exchanges(deal: &Deal, rules: &Rules) -> Vec<Exchange> {
    let ten = deal.declarer_ten();
    let mut all = deal.exchanges(rules);
    all.sort_by_cached_key(|e| std::cmp::Reverse(exchange_guess(ten, rules, e)));
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cap_counts_marriages_with_their_values() {
        let r = Rules::STANDARD;
        let h: CardSet = "KQ9..9.KQJ".parse().unwrap();
        assert_eq!(cap(h, &r), 120 + 100 + 40);
        let r2: Rules = "standard marriage_values=80,60,40,20".parse().unwrap();
        assert_eq!(cap(h, &r2), 120 + 80 + 20);
        // ru: the ace marriage's 200 counts, but no bid goes above 300.
        assert_eq!(cap("A9.A9.A.A".parse().unwrap(), &Rules::RU), 300);
        let open: Rules = "ru bid_max=none".parse().unwrap();
        assert_eq!(cap("A9.A9.A.A".parse().unwrap(), &open), 320);
        assert_eq!(cap("A9.A9.A.A".parse().unwrap(), &r), 120);
    }

    #[test]
    fn levels_in_the_rules_steps() {
        let r = Rules::STANDARD;
        assert_eq!(levels_from(100, 130, &r), vec![100, 110, 120, 130]);
        assert_eq!(levels_from(100, 115, &Rules::RU), vec![100, 105, 110, 115]);
    }
}
