//! The auction: who opens and at what, who may call what, and who wins it.
//!
//! docs/rules.md, *The auction*, is the definition. In short: the player on
//! the dealer's left opens at 100 (forced, "on the hundred"); the others
//! follow in playing order, each raising by at least the step or passing
//! for good; the last bidder left wins at the highest bid. A bid may not go
//! above the bidder's cap: 120 plus the marriages in the bidder's seven
//! cards (`bid_limit`), and never above `bid_max`.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::engine::cardset::CardSet;
use crate::engine::contract::cap;
use crate::engine::rules::{BidLimit, Rules};

/// One call in the auction.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Call {
    /// Out of the bidding for this hand.
    Pass,
    /// A bid at this level.
    Bid(u16),
    /// A blind bid: made without looking at the cards; the musik stays
    /// face down and the hand counts double (`blind=yes`).
    Blind(u16),
}

impl Call {
    /// The level bid, if any.
    pub fn level(self) -> Option<u16> {
        match self {
            Call::Pass => None,
            Call::Bid(l) | Call::Blind(l) => Some(l),
        }
    }
}

impl fmt::Display for Call {
    /// `pass`, `110`, `b120` (blind).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Call::Pass => f.write_str("pass"),
            Call::Bid(l) => write!(f, "{l}"),
            Call::Blind(l) => write!(f, "b{l}"),
        }
    }
}

impl FromStr for Call {
    type Err = String;
    /// `pass` (or `p`), a level (`110`), a blind bid (`b120`).
    fn from_str(s: &str) -> Result<Call, String> {
        let t = s.trim().to_ascii_lowercase();
        let level = |x: &str| {
            x.parse::<u16>()
                .ok()
                .filter(|&n| (1..=1000).contains(&n))
                .ok_or_else(|| {
                    format!(
                        "'{s}' is not a call (pass, a bid such as 110, or b120 for a blind bid)"
                    )
                })
        };
        match t.as_str() {
            "pass" | "p" => Ok(Call::Pass),
            _ => match t.strip_prefix('b') {
                Some(rest) => level(rest).map(Call::Blind),
                None => level(&t).map(Call::Bid),
            },
        }
    }
}

/// The highest bid `hand` (seven cards) allows before the musik: 120 plus
/// its marriages (the ace marriage too), or 120 under
/// `bid_limit=120_before_musik`; never above `bid_max`.
pub fn bid_cap(hand: CardSet, rules: &Rules) -> u16 {
    match rules.bid_limit {
        BidLimit::Marriages => cap(hand, rules),
        BidLimit::Before120 => 120.min(rules.bid_ceiling()),
    }
}

/// Why a call is not allowed, with the rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallError(pub String);

impl fmt::Display for CallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// An auction in progress. Bidders are numbered by their place in calling
/// order (0 opens); the game maps them to players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Auction {
    rules: Rules,
    /// Each bidder's cap (`None`: not known, as when reading someone
    /// else's auction; then only the rules' own limits are checked).
    caps: Vec<Option<u16>>,
    /// Bidders who may not bid at all (below `bid_floor`): they only pass.
    barred: Vec<bool>,
    /// The calls in order: (bidder, call). The forced opening is the first.
    pub calls: Vec<(usize, Call)>,
    passed: Vec<bool>,
    /// Whose call it is (`None`: the auction is over).
    turn: Option<usize>,
}

/// How an auction ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Won {
    /// The bidder who won it.
    pub bidder: usize,
    pub bid: u16,
    /// The winning bid was blind.
    pub blind: bool,
    /// No one raised the forced opening: the opener plays "on the hundred".
    pub on_the_opening: bool,
}

impl Auction {
    /// A new auction among `caps.len()` bidders (three), each with its cap
    /// (see [`bid_cap`]) and whether `bid_floor` bars it. The first bidder
    /// not barred makes the forced opening at `opening` (100; 120 in ru-a's
    /// opening hands, which are not bid over). With every bidder barred the
    /// first opens all the same and plays it: someone must.
    pub fn new(rules: &Rules, caps: Vec<Option<u16>>, barred: Vec<bool>, opening: u16) -> Auction {
        let n = caps.len();
        let mut a = Auction {
            rules: *rules,
            caps,
            barred,
            calls: Vec::new(),
            passed: vec![false; n],
            turn: None,
        };
        // Barred bidders before the opener pass at once (bid_floor).
        let opener = (0..n).find(|&b| !a.barred[b]).unwrap_or(0);
        for b in 0..opener {
            a.calls.push((b, Call::Pass));
            a.passed[b] = true;
        }
        a.calls.push((opener, Call::Bid(opening)));
        a.turn = if opening > 100 {
            // ru-a's opening hands: the forced 120 is played as it stands.
            for b in (0..n).filter(|&b| b != opener) {
                a.passed[b] = true;
            }
            None
        } else {
            a.next_after(opener)
        };
        a.skip_barred();
        a
    }

    /// The auction as it stood before call `k`, as bidder `viewer` saw it:
    /// its own cap known, the others' not.
    pub fn before_call(&self, k: usize, viewer: usize) -> Auction {
        let mut caps = vec![None; self.bidders()];
        caps[viewer] = self.caps[viewer];
        let opening = self
            .calls
            .iter()
            .find_map(|(_, c)| c.level())
            .unwrap_or(100);
        let mut a = Auction::new(&self.rules, caps, self.barred.clone(), opening);
        while a.calls.len() < k.min(self.calls.len()) {
            let (_, c) = self.calls[a.calls.len()];
            if a.call(c).is_err() {
                break;
            }
        }
        a
    }

    /// Whether call `i` was the bidder's own choice: after the forced
    /// opening, and not a pass `bid_floor` forced.
    pub fn is_choice(&self, i: usize) -> bool {
        let opening = self.calls.iter().position(|(_, c)| c.level().is_some());
        let (b, _) = self.calls[i];
        opening.is_some_and(|o| i > o) && !self.barred[b]
    }

    /// The bidder who made the forced opening.
    pub fn opener(&self) -> Option<usize> {
        self.calls
            .iter()
            .find(|(_, c)| c.level().is_some())
            .map(|&(b, _)| b)
    }

    /// Calls made after the forced opening (passes forced by `bid_floor`
    /// included).
    pub fn voluntary_calls(&self) -> usize {
        match self.calls.iter().position(|(_, c)| c.level().is_some()) {
            Some(i) => self.calls.len() - i - 1,
            None => 0,
        }
    }

    /// The highest bid so far: (bidder, level, blind).
    pub fn high(&self) -> Option<(usize, u16, bool)> {
        self.calls.iter().rev().find_map(|&(b, c)| match c {
            Call::Pass => None,
            Call::Bid(l) => Some((b, l, false)),
            Call::Blind(l) => Some((b, l, true)),
        })
    }

    /// Whose call it is, or `None` when the auction is over.
    pub fn turn(&self) -> Option<usize> {
        self.turn
    }

    /// The bidders, in calling order.
    pub fn bidders(&self) -> usize {
        self.caps.len()
    }

    /// The result, once over.
    pub fn won(&self) -> Option<Won> {
        if self.turn.is_some() {
            return None;
        }
        let (bidder, bid, blind) = self.high()?;
        let raised = self
            .calls
            .iter()
            .filter(|(_, c)| c.level().is_some())
            .count()
            > 1;
        Some(Won {
            bidder,
            bid,
            blind,
            on_the_opening: !raised,
        })
    }

    /// The lowest level the bidder to call may bid.
    pub fn lowest_raise(&self) -> u16 {
        match self.high() {
            Some((_, l, _)) => l + self.rules.step_at(l),
            None => 100,
        }
    }

    /// The highest level `bidder` may bid: its cap, and `bid_max`.
    pub fn highest(&self, bidder: usize) -> u16 {
        let rule_max = crate::engine::score::max_contract(&self.rules);
        self.caps[bidder].unwrap_or(rule_max).min(rule_max)
    }

    /// Whether `bidder` may still bid blind: `blind=yes`, and it has made no
    /// call of its own choosing yet (the forced opening does not count).
    pub fn may_bid_blind(&self, bidder: usize) -> bool {
        let forced = self.calls.iter().position(|(_, c)| c.level().is_some());
        self.rules.blind
            && !self
                .calls
                .iter()
                .enumerate()
                .any(|(i, &(b, _))| b == bidder && Some(i) != forced)
    }

    /// The calls the bidder to call may make: pass, then every level from
    /// the lowest raise to its cap (a blind bid up to 120 besides, when
    /// allowed). Empty once the auction is over.
    pub fn legal_calls(&self) -> Vec<Call> {
        let Some(b) = self.turn else {
            return Vec::new();
        };
        let mut calls = vec![Call::Pass];
        if self.barred[b] {
            return calls;
        }
        let low = self.lowest_raise();
        let levels = crate::engine::contract::levels_from(low, self.highest(b), &self.rules);
        calls.extend(levels.iter().map(|&l| Call::Bid(l)));
        if self.may_bid_blind(b) {
            calls.extend(
                levels
                    .iter()
                    .filter(|&&l| l <= 120)
                    .map(|&l| Call::Blind(l)),
            );
        }
        calls
    }

    /// Why `call` is not allowed now, naming the rule (`None`: allowed).
    pub fn why_not(&self, call: Call) -> Option<String> {
        let Some(b) = self.turn else {
            return Some("the auction is over".into());
        };
        // A pass is always allowed.
        let level = call.level()?;
        let r = &self.rules;
        if self.barred[b] {
            return Some(format!(
                "a player below {} must pass (bid_floor)",
                r.bid_floor.unwrap_or_default()
            ));
        }
        if matches!(call, Call::Blind(_)) {
            if !r.blind {
                return Some("blind bids are not played (blind=no)".into());
            }
            if !self.may_bid_blind(b) {
                return Some("a blind bid is made before looking, as the first call".into());
            }
            if level > 120 {
                return Some(format!(
                    "a blind bid is at most 120: no marriage is shown unseen ({level})"
                ));
            }
        }
        let low = self.lowest_raise();
        if level < low {
            return Some(match self.high() {
                Some((_, h, _)) => format!(
                    "{level} does not raise {h}: the lowest bid now is {low} (bid_step={})",
                    r.get("bid_step").unwrap_or_default()
                ),
                None => format!("{level} is below 100, the opening bid"),
            });
        }
        if !r.is_bid_level(level) {
            return Some(format!(
                "{level} is not a bid level (100 plus steps of bid_step={})",
                r.get("bid_step").unwrap_or_default()
            ));
        }
        let max = self.highest(b);
        if level > max {
            let why = if r.bid_max > 0 && max == r.bid_max {
                format!("bid_max={}", r.bid_max)
            } else if r.bid_limit == BidLimit::Before120 {
                "at most 120 before the musik, bid_limit=120_before_musik".into()
            } else if max == 120 {
                "a bid above 120 needs a marriage in hand".into()
            } else {
                "120 plus the marriages in hand".into()
            };
            return Some(format!(
                "{level} is above {max}, the most this hand may bid ({why})"
            ));
        }
        None
    }

    /// Makes the call of the bidder whose turn it is.
    pub fn call(&mut self, call: Call) -> Result<(), CallError> {
        if let Some(why) = self.why_not(call) {
            return Err(CallError(why));
        }
        let b = self.turn.expect("why_not checked the turn");
        self.record(b, call);
        self.skip_barred();
        Ok(())
    }

    /// Writes down `b`'s call and passes the turn on. The auction is over
    /// when no bidder is left but the one holding the highest bid: then
    /// there is no next bidder.
    fn record(&mut self, b: usize, call: Call) {
        self.calls.push((b, call));
        if call == Call::Pass {
            self.passed[b] = true;
        }
        self.turn = self.next_after(b);
    }

    /// The next bidder after `b` still in the bidding, not holding the high
    /// bid (`None`: the auction is over).
    fn next_after(&self, b: usize) -> Option<usize> {
        let n = self.bidders();
        let high = self.high().map(|(h, _, _)| h);
        (1..=n)
            .map(|k| (b + k) % n)
            .find(|&x| !self.passed[x] && Some(x) != high)
    }

    /// Barred bidders pass when their turn comes.
    fn skip_barred(&mut self) {
        while let Some(b) = self.turn.filter(|&b| self.barred[b]) {
            self.record(b, Call::Pass);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn auction(rules: &str, caps: [u16; 3]) -> Auction {
        let rules: Rules = rules.parse().unwrap();
        Auction::new(&rules, caps.map(Some).to_vec(), vec![false; 3], 100)
    }

    #[test]
    fn the_opener_is_forced_at_100_and_all_passing_leaves_it() {
        let mut a = auction("standard", [120, 120, 120]);
        assert_eq!(a.calls, vec![(0, Call::Bid(100))]);
        assert_eq!(a.turn(), Some(1));
        a.call(Call::Pass).unwrap();
        assert_eq!(a.turn(), Some(2));
        a.call(Call::Pass).unwrap();
        let won = a.won().unwrap();
        assert_eq!((won.bidder, won.bid, won.on_the_opening), (0, 100, true));
    }

    #[test]
    fn passing_is_for_good_and_the_last_bidder_wins() {
        let mut a = auction("standard", [200, 200, 200]);
        a.call(Call::Bid(110)).unwrap(); // 1
        a.call(Call::Pass).unwrap(); // 2 is out
        a.call(Call::Bid(120)).unwrap(); // 0
        assert_eq!(a.turn(), Some(1), "2 passed: 1 is next");
        a.call(Call::Bid(140)).unwrap(); // 1
        assert_eq!(a.turn(), Some(0));
        a.call(Call::Pass).unwrap();
        let won = a.won().unwrap();
        assert_eq!((won.bidder, won.bid, won.on_the_opening), (1, 140, false));
        assert!(a.legal_calls().is_empty());
    }

    #[test]
    fn raises_follow_the_step_and_the_cap() {
        let mut a = auction("standard", [120, 160, 120]);
        assert!(a
            .why_not(Call::Bid(105))
            .unwrap()
            .contains("lowest bid now is 110"));
        assert!(a.why_not(Call::Bid(170)).unwrap().contains("above 160"));
        a.call(Call::Bid(160)).unwrap();
        // Bidder 2 holds no marriage: nothing above 120, so only a pass.
        assert_eq!(a.legal_calls(), vec![Call::Pass]);
        assert!(a
            .why_not(Call::Bid(170))
            .unwrap()
            .contains("needs a marriage"));
        // Each cap names its rule.
        let mut b = auction("standard", [120, 160, 120]);
        assert!(b
            .why_not(Call::Bid(170))
            .unwrap()
            .ends_with("(120 plus the marriages in hand)"));
        b.call(Call::Bid(110)).unwrap();
        assert!(b
            .why_not(Call::Bid(130))
            .unwrap()
            .ends_with("(a bid above 120 needs a marriage in hand)"));
        let before = auction("standard bid_limit=120_before_musik", [120, 120, 120]);
        assert!(before
            .why_not(Call::Bid(130))
            .unwrap()
            .contains("120_before_musik"));
        let ru = auction("ru", [400, 400, 400]);
        assert!(ru
            .why_not(Call::Bid(305))
            .unwrap()
            .ends_with("(bid_max=300)"));
        // A cap below bid_max names the marriages, not bid_max.
        let low = auction("ru", [200, 200, 200]);
        assert!(low
            .why_not(Call::Bid(205))
            .unwrap()
            .ends_with("(120 plus the marriages in hand)"));
        assert_eq!(ru.lowest_raise(), 105);
        assert_eq!(
            *ru.legal_calls().last().unwrap(),
            Call::Bid(300),
            "bid_max=300"
        );
    }

    #[test]
    fn blind_bids_are_first_calls_up_to_120() {
        let mut a = auction("standard blind=yes", [200, 200, 200]);
        assert!(a.legal_calls().contains(&Call::Blind(120)));
        assert!(!a.legal_calls().contains(&Call::Blind(130)));
        a.call(Call::Blind(110)).unwrap();
        a.call(Call::Pass).unwrap();
        // The opener's forced 100 was not its choice: it may still go blind.
        assert!(a.may_bid_blind(0));
        a.call(Call::Pass).unwrap();
        let won = a.won().unwrap();
        assert!(won.blind && won.bid == 110 && won.bidder == 1);
        let plain = auction("standard", [200, 200, 200]);
        assert!(plain
            .why_not(Call::Blind(110))
            .unwrap()
            .contains("blind=no"));
        // Blind at 120 exactly is allowed, at 130 not.
        let fresh = auction("standard blind=yes", [200, 200, 200]);
        assert_eq!(fresh.why_not(Call::Blind(120)), None);
        assert!(fresh
            .why_not(Call::Blind(130))
            .unwrap()
            .contains("a blind bid is at most 120"));
    }

    #[test]
    fn barred_bidders_pass_and_the_opening_moves_on() {
        let rules: Rules = "standard bid_floor=-120".parse().unwrap();
        let a = Auction::new(&rules, vec![Some(120); 3], vec![true, false, false], 100);
        assert_eq!(a.calls, vec![(0, Call::Pass), (1, Call::Bid(100))]);
        assert_eq!(a.turn(), Some(2));
        // All barred: the first opens all the same and plays at 100.
        let none = Auction::new(&rules, vec![Some(120); 3], vec![true; 3], 100);
        let won = none.won().unwrap();
        assert_eq!((won.bidder, won.bid), (0, 100));
    }

    #[test]
    fn opening_hands_are_not_bid_over() {
        let rules: Rules = "ru opening=ru".parse().unwrap();
        let a = Auction::new(&rules, vec![Some(120); 3], vec![false; 3], 120);
        let won = a.won().unwrap();
        assert_eq!((won.bidder, won.bid), (0, 120));
    }

    #[test]
    fn an_auction_replays_to_any_call_as_its_bidder_saw_it() {
        let mut a = auction("standard", [200, 200, 200]);
        a.call(Call::Bid(110)).unwrap();
        a.call(Call::Pass).unwrap();
        a.call(Call::Bid(130)).unwrap();
        // Before call 3 (bidder 0's 130): 100, 110, pass; bidder 0 to call.
        let b = a.before_call(3, 0);
        assert_eq!(b.calls.len(), 3);
        assert_eq!(b.turn(), Some(0));
        assert_eq!(b.lowest_raise(), 120);
        // Its own cap is known, the others' are not (the rules' own).
        assert_eq!(b.highest(0), 200);
        assert_eq!(b.highest(1), 400);
        // The forced opening is no choice; the others are.
        assert!(!a.is_choice(0));
        assert!(a.is_choice(1) && a.is_choice(2) && a.is_choice(3));
        assert_eq!(a.voluntary_calls(), 3);
        assert_eq!(a.opener(), Some(0));
        // A pass forced by bid_floor is no choice either.
        let rules: Rules = "standard bid_floor=-120".parse().unwrap();
        let f = Auction::new(&rules, vec![Some(120); 3], vec![true, false, false], 100);
        assert!(!f.is_choice(0) && !f.is_choice(1));
        assert_eq!(f.opener(), Some(1), "the first bidder not barred opens");
        assert_eq!(f.voluntary_calls(), 0);
    }

    #[test]
    fn calls_read_and_write() {
        for t in ["pass", "110", "b120"] {
            assert_eq!(t.parse::<Call>().unwrap().to_string(), t);
        }
        assert_eq!("P".parse::<Call>().unwrap(), Call::Pass);
        assert!("x".parse::<Call>().is_err());
    }
}
