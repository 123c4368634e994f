//! The auction as a seat saw it, in the hand's seats: `bids: L:100 R:110
//! D:120 L:pass R:pass`. The first call is the forced opening; the calls go
//! round in playing order (D, L, R, D ...) from the opener; the auction's
//! winner is D. With two players (docs/rules.md, *Two players*) the same
//! auction between D and L: `bids: L:100 D:110 L:pass`.

use crate::engine::rules::Rules;
use crate::engine::seat::Seat;
use crate::game::auction::{Auction, Call};

/// Reads `SEAT:CALL` words.
pub fn parse_bids(text: &str) -> Result<Vec<(Seat, Call)>, String> {
    text.split_whitespace()
        .enumerate()
        .map(|(i, w)| {
            let (s, c) = w
                .split_once(':')
                .ok_or_else(|| format!("call {}: '{w}': write SEAT:CALL, e.g. L:110", i + 1))?;
            let seat: Seat = s
                .parse()
                .map_err(|e: String| format!("call {}: '{w}': {e}", i + 1))?;
            let call: Call = c
                .parse()
                .map_err(|e| format!("call {}: '{w}': {e}", i + 1))?;
            Ok((seat, call))
        })
        .collect()
}

/// Checks an auction by the rules (the seats' caps unknown): calls in
/// turn, each allowed, the auction over, D the winner and `contract` at
/// least its bid. Returns the winning bid.
pub fn check_bids(
    rules: &Rules,
    bids: &[(Seat, Call)],
    contract: Option<u16>,
) -> Result<u16, String> {
    let Some(&(opener, _)) = bids.iter().find(|(_, c)| c.level().is_some()) else {
        return Err("no bid: the auction opens with a forced 100".into());
    };
    let n = rules.seats();
    if let Some(i) = bids.iter().position(|&(s, _)| s.index() >= n) {
        let (seat, call) = bids[i];
        return Err(format!(
            "call {}: '{seat}:{call}': with players=2 the seats are D and L",
            i + 1
        ));
    }
    // Bidders in calling order from the first to call: seat = first + k.
    let first = bids[0].0;
    let bidder = |s: Seat| (s.index() + n - first.index()) % n;
    let barred: Vec<bool> = (0..n)
        .map(|b| b < bidder(opener) && bids.iter().any(|&(s, _)| bidder(s) == b))
        .collect();
    let opening = bids
        .iter()
        .find_map(|(_, c)| c.level())
        .expect("found above");
    let mut auction = Auction::new(rules, vec![None; n], barred, opening);
    let seat_of = |bidder: usize| first.plus_of(bidder, n as u8);
    let skip = auction.calls.len();
    for (i, &(seat, call)) in bids.iter().enumerate() {
        let word = format!("call {}: '{seat}:{call}'", i + 1);
        if i < skip {
            if auction.calls[i] != (bidder(seat), call) {
                return Err(format!(
                    "{word}: the auction opens with {}:{}",
                    seat_of(auction.calls[i].0),
                    auction.calls[i].1
                ));
            }
            continue;
        }
        match auction.turn() {
            Some(t) if t == bidder(seat) => {}
            Some(t) => return Err(format!("{word}: it is {}'s call", seat_of(t))),
            None => return Err(format!("{word}: the auction is over")),
        }
        auction.call(call).map_err(|e| format!("{word}: {}", e.0))?;
    }
    let Some(won) = auction.won() else {
        let t = auction.turn().map(seat_of);
        return Err(format!(
            "the auction is not over: {} still calls",
            t.map_or("someone".into(), |t| t.to_string())
        ));
    };
    let winner = seat_of(won.bidder);
    if winner != Seat::D {
        return Err(format!("{winner} wins this auction, but D is the declarer"));
    }
    if let Some(c) = contract.filter(|&c| c < won.bid) {
        return Err(format!(
            "the contract {c} is below D's winning bid {}",
            won.bid
        ));
    }
    Ok(won.bid)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, contract: Option<u16>) -> Result<u16, String> {
        check_bids(&Rules::STANDARD, &parse_bids(text).unwrap(), contract)
    }

    #[test]
    fn reads_an_auction_won_by_d() {
        // L opens; R, D follow in playing order (D L R from D: L's next is R).
        assert_eq!(check("L:100 R:110 D:120 L:pass R:pass", Some(120)), Ok(120));
        assert_eq!(check("D:100 L:pass R:pass", None), Ok(100));
    }

    #[test]
    fn reads_a_two_player_auction() {
        let two: Rules = "players=2".parse().unwrap();
        let check2 = |text: &str| check_bids(&two, &parse_bids(text).unwrap(), None);
        // L opens at 100; D raises; a pass ends it.
        assert_eq!(check2("L:100 D:110 L:pass"), Ok(110));
        assert_eq!(check2("D:100 L:pass"), Ok(100));
        assert_eq!(check2("L:100 D:110 L:120 D:130 L:pass"), Ok(130));
        assert!(check2("L:100 D:pass").unwrap_err().contains("L wins"));
        assert!(check2("L:100 D:110 L:120 D:pass")
            .unwrap_err()
            .contains("L wins"));
        assert!(check2("L:100 D:110 D:120")
            .unwrap_err()
            .contains("L's call"));
        assert_eq!(
            check2("L:100 R:110 D:pass"),
            Err("call 2: 'R:110': with players=2 the seats are D and L".into())
        );
    }

    #[test]
    fn refuses_what_the_rules_refuse() {
        assert!(check("L:100 D:110", None).unwrap_err().contains("R's call"));
        assert!(check("L:100 R:pass D:pass", None)
            .unwrap_err()
            .contains("L wins"));
        assert!(check("L:100 R:110 D:120 L:pass", None)
            .unwrap_err()
            .contains("not over"));
        assert!(check("L:100 R:105 D:pass L:pass", None).is_err());
        assert!(check("L:100 R:pass D:130 L:pass", Some(120))
            .unwrap_err()
            .contains("below"));
    }
}
