//! Scoring: one hand (docs/rules.md, *Scoring a hand*) here; a game's running
//! score sheet (docs/rules.md, *A game*: the barrel, concessions, the winner at
//! 1000) in [`game`]; the small line-based text that `tysiac score`
//! reads in [`sheet`].
//!
//! # Scoring a hand
//! The declarer scores +contract when the declarer's points reach the
//! contract, −contract otherwise; each defender scores the own points rounded
//! as the `rounding` switch says ([`hand_score`]). `declarer_scores=points`
//! and `round_before_contract=yes` change the declarer's part.
//!
//! The game switches of issue 14 (the ru-a barrel, bolts, 555, blind and
//! opening hands, the bid floor, concession values, four players and the
//! dealer's musik) are described in `docs/score.md`, *Scoring and game
//! switches*.

pub mod game;
pub mod sheet;

pub use game::*;
pub use sheet::*;

use crate::engine::card::Rank;
use crate::engine::cardset::CardSet;
use crate::engine::position::{Form, Position};
use crate::engine::rules::{
    BidLimit, Concession, DealerMusik, DeclarerScores, DiscardPoints, Musik, Rules,
};

/// Points a game is won at under `standard` (`game_to`).
pub const GAME: i32 = 1000;
/// The highest total a defender reaches on defence while the barrel is on,
/// under `standard`: 10 below `game_to`.
pub const DEFENCE_CAP: i32 = 990;

/// The total that wins a game under `rules` (`game_to`: 1000, or 500).
pub fn game_target(rules: &Rules) -> i32 {
    i32::from(rules.game_to)
}

/// The highest total reached on defence while the barrel is on: 10 below
/// [`game_target`] (990 in a game to 1000).
pub fn defence_cap(rules: &Rules) -> i32 {
    game_target(rules) - 10
}
/// What each defender scores when the declarer concedes.
pub const CONCESSION_POINTS: i32 = 60;

/// A defender's hand score: the points rounded as `rounding` says.
pub fn defender_score(rules: &Rules, points: u16) -> i32 {
    i32::from(rules.rounding.apply(points))
}

/// Was the contract made: did the declarer's points reach it?
pub fn contract_made(contract: u16, declarer_points: u16) -> bool {
    declarer_points >= contract
}

/// The declarer's points as the contract check sees them: rounded by
/// `rounding` first under `round_before_contract=yes`.
pub fn checked_points(rules: &Rules, declarer_points: u16) -> u16 {
    if rules.round_before_contract {
        rules.rounding.apply(declarer_points)
    } else {
        declarer_points
    }
}

/// The hand's score for D, L and R. The declarer: when the points reach the
/// contract (rounded first under `round_before_contract=yes`), +contract, or
/// with `declarer_scores=points` the points taken rounded by `rounding` (never
/// less than the contract); otherwise −contract. Each defender: the own
/// points rounded. `points` are by seat (D, L, R).
///
/// ```
/// use tysiac::{engine::score::hand_score, Rules};
/// assert_eq!(hand_score(&Rules::STANDARD, 120, [125, 24, 26]), [120, 20, 30]);
/// assert_eq!(hand_score(&Rules::STANDARD, 120, [119, 25, 36]), [-120, 20, 40]);
/// let points: Rules = "standard declarer_scores=points".parse().unwrap();
/// assert_eq!(hand_score(&points, 120, [147, 0, 0])[0], 150);
/// ```
pub fn hand_score(rules: &Rules, contract: u16, points: [u16; 3]) -> [i32; 3] {
    let c = i32::from(contract);
    let d = if contract_made(contract, checked_points(rules, points[0])) {
        match rules.declarer_scores {
            DeclarerScores::Contract => c,
            DeclarerScores::Points => defender_score(rules, points[0]).max(c),
        }
    } else {
        -c
    };
    [
        d,
        defender_score(rules, points[1]),
        defender_score(rules, points[2]),
    ]
}

/// How a per-player list is written for `players` players, e.g.
/// `tricks=<a>,<b>,<c>` for three, `tricks=<a>,<b>` for two.
pub fn per_player_form(key: &str, players: usize) -> String {
    let names: Vec<String> = ["a", "b", "c", "d"][..players.min(4)]
        .iter()
        .map(|x| format!("<{x}>"))
        .collect();
    format!("{key}={}", names.join(","))
}

/// What each defender scores when the declarer concedes `bid`
/// (`concession`: 60, half the bid rounded by `rounding`, or 40).
pub fn concession_points(rules: &Rules, bid: u16) -> i32 {
    match rules.concession {
        Concession::Sixty => CONCESSION_POINTS,
        Concession::HalfBid => defender_score(rules, bid / 2),
        Concession::Forty => 40,
    }
}

/// What the dealer sitting out a four-player hand scores from the musik
/// (`dealer_musik`): ru its card points, pl 50 for each ace; both add the
/// value of a marriage (K and Q of one suit) lying in it. Rounded as a
/// defender's points.
pub fn musik_score(rules: &Rules, musik: CardSet) -> i32 {
    let marriages: u16 = musik.marriages().map(|s| rules.marriage_value(s)).sum();
    let base: u16 = match rules.dealer_musik {
        DealerMusik::None => return 0,
        DealerMusik::Ru => musik.points(),
        DealerMusik::Pl => 50 * musik.iter().filter(|c| c.rank() == Rank::Ace).count() as u16,
    };
    defender_score(rules, base + marriages)
}

/// The most a bid or contract can be: 120 and every marriage (the ace
/// marriage too, which is declared on the same terms).
pub fn max_contract(rules: &Rules) -> u16 {
    (120 + rules.marriage_values.iter().sum::<u16>() + rules.ace_marriage).min(rules.bid_ceiling())
}

/// Checks a bid: at least 100, in steps of `bid_step` from 100 (the step
/// may change at a level: `bid_step=5,10@200`), at most [`max_contract`],
/// and at most 120 under `bid_limit=120_before_musik`.
pub fn check_bid(rules: &Rules, bid: u16) -> Result<(), String> {
    let max = max_contract(rules);
    if bid < 100 {
        return Err(format!("bid {bid} is below 100, the forced opening bid"));
    }
    if !rules.is_bid_level(bid) {
        let step = rules.get("bid_step").unwrap_or_default();
        return Err(if rules.bid_step_from > 0 {
            format!(
                "bid {bid} is not a bid level: 100 plus steps of {} below {}, then steps of {} \
                 (bid_step={step})",
                rules.bid_step, rules.bid_step_from, rules.bid_step_high
            )
        } else {
            format!(
                "bid {bid} is not 100 plus steps of {} (bid_step={step})",
                rules.bid_step
            )
        });
    }
    if rules.bid_limit == BidLimit::Before120 && bid > 120 {
        return Err(format!(
            "bid {bid} is above 120, the most before the musik (bid_limit=120_before_musik; \
             the contract may be higher)"
        ));
    }
    if bid > max && max == rules.bid_max {
        return Err(format!(
            "bid {bid} is above {max}, the highest bid (bid_max={max})"
        ));
    }
    if bid > max {
        return Err(format!(
            "bid {bid} is above {max}, 120 and every marriage under these rules"
        ));
    }
    Ok(())
}

/// Checks the points of one played hand (by player or seat, any order): the
/// card points of the tricks add up to 120 and `last_trick_bonus` (less the
/// discards under `musik=discard discard_points=none`) and the rest must be
/// marriages, each declared at most once.
pub fn check_points(rules: &Rules, points: [u16; 3]) -> Result<(), String> {
    let total: u32 = points.iter().map(|&p| u32::from(p)).sum();
    // Every sum of distinct declarations.
    let mut values: Vec<u32> = rules
        .marriage_values
        .iter()
        .map(|&v| u32::from(v))
        .collect();
    if rules.ace_marriage > 0 {
        values.push(u32::from(rules.ace_marriage));
    }
    let mut sums = vec![0u32];
    for v in &values {
        let more: Vec<u32> = sums.iter().map(|s| s + v).collect();
        sums.extend(more);
    }
    // The card points the tricks hold: 120, or with discards nobody counts,
    // 120 less the discards (three cards: 0 to 33 points); and the last
    // trick's bonus, counted like card points.
    let bonus = u32::from(rules.last_trick_bonus);
    let full = 120 + bonus;
    let cards = |c: u32| match (rules.musik, rules.discard_points) {
        (Musik::Discard, DiscardPoints::None) => (full - 33..=full).contains(&c),
        _ => c == full,
    };
    if sums.iter().any(|&m| m <= total && cards(total - m)) {
        return Ok(());
    }
    let list: Vec<String> = values.iter().map(|v| v.to_string()).collect();
    let with_bonus = if bonus > 0 {
        format!(" and last_trick_bonus={bonus}")
    } else {
        String::new()
    };
    let cards_text = match (rules.musik, rules.discard_points) {
        (Musik::Discard, DiscardPoints::None) => format!(
            "{} to {full} card points (120{with_bonus}, less the discards)",
            full - 33
        ),
        _ if bonus > 0 => format!("the {full} card points (120{with_bonus})"),
        _ => "the 120 card points".to_string(),
    };
    Err(format!(
        "points add up to {total}, which is not {cards_text} plus declared marriages \
         (each at most once: {}); give the points taken, before rounding",
        list.join(" ")
    ))
}

/// The points D, L and R took in a complete hand in the history form.
pub fn history_points(position: &Position) -> Result<[u16; 3], String> {
    let Form::History(h) = &position.form else {
        return Err(
            "a snapshot has no history to score; give the hand in the history form \
                    (deal:, exchange:, play:)"
                .into(),
        );
    };
    let Some(state) = h.state(&position.rules) else {
        return Err("the hand was not played: no exchange: line".into());
    };
    if !state.is_over() {
        let cards = position.rules.tricks() * position.rules.seats();
        return Err(format!(
            "the hand is not finished: {} of {cards} cards played",
            h.moves.len()
        ));
    }
    Ok(state.points)
}

/// Tricks D, L and R won in a complete hand in the history form.
pub fn history_tricks(position: &Position) -> Result<[u8; 3], String> {
    history_points(position)?;
    let Form::History(h) = &position.form else {
        return Err("a snapshot has no history".into());
    };
    let mut state = h
        .start
        .ok_or("the hand was not played: no exchange: line")?;
    let mut tricks = [0u8; 3];
    for &mv in &h.moves {
        if let Some((winner, _)) = state.play(&position.rules, mv).trick {
            tricks[winner.index()] += 1;
        }
    }
    Ok(tricks)
}
