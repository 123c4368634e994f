//! The snapshot form: hands, lead, trick, trump and points (with two
//! players also the musik the last trick takes).

use super::fields::{parse_number, Context, Fields};
use super::history::{parse_sets, OWNERS};
use crate::engine::card::{Card, Suit};
use crate::engine::cardset::CardSet;
use crate::engine::error::PositionError;
use crate::engine::rules::{Players, Rules};
use crate::engine::seat::Seat;
use crate::engine::state::State;

/// Reads the snapshot form: hands, lead, trick, trump, points.
pub(super) fn snapshot(
    fields: &Fields,
    rules: &Rules,
    ctx: &Context,
) -> Result<State, PositionError> {
    let hands_field = fields
        .get("hands")
        .ok_or_else(|| ctx.error(1, None, "needs a hands: line"))?;
    let hands = parse_hands(&hands_field.value, rules).map_err(|m| ctx.at(hands_field, m))?;
    let leader = match fields.get("lead") {
        Some(f) => f.value.parse::<Seat>().map_err(|m| ctx.at(f, m))?,
        None => Seat::D,
    };
    if let (Players::Two, Seat::R, Some(f)) = (rules.players, leader, fields.get("lead")) {
        return Err(ctx.at(f, "with players=2 the seats are D and L"));
    }
    let trick = match fields.get("trick") {
        Some(f) => parse_trick(&f.value, &hands, rules).map_err(|m| ctx.at(f, m))?,
        None => Vec::new(),
    };
    check_trick_sizes(&hands, leader, trick.len(), rules).map_err(|m| ctx.at(hands_field, m))?;
    let trump = match fields.get("trump") {
        Some(f) => parse_trump(&f.value).map_err(|m| ctx.at(f, m))?,
        None => None,
    };
    let points = match fields.get("points") {
        Some(f) => parse_points(&f.value, rules).map_err(|m| ctx.at(f, m))?,
        None => [0; 3],
    };
    let last_musik = match (fields.get("last_musik"), rules.players) {
        (Some(f), Players::Two) => {
            parse_last_musik(&f.value, &hands, &trick, rules).map_err(|m| ctx.at(f, m))?
        }
        (None, Players::Two) => {
            let msg = "with players=2 a snapshot names the musik the last trick takes \
                       (last_musik: ..9.TQ)";
            return Err(ctx.error(hands_field.line, Some("hands"), msg));
        }
        (Some(f), Players::Three) => {
            return Err(ctx.at(f, "last_musik: is for two players (players=2)"));
        }
        (None, Players::Three) => CardSet::EMPTY,
    };
    let mut state = match rules.players {
        Players::Three => State::new(hands, leader, trump, points),
        Players::Two => State::two(
            [hands[0], hands[1]],
            leader,
            trump,
            [points[0], points[1]],
            last_musik,
        ),
    };
    for card in trick {
        state.push_trick_card(card);
    }
    Ok(state)
}

/// The seats' letters under `rules`: "D L R", or "D L" with two players.
fn seat_names(rules: &Rules) -> &'static str {
    match rules.players {
        Players::Three => "D L R",
        Players::Two => "D L",
    }
}

/// Reads the hands D L R (D L with two players), no card in two.
pub(super) fn parse_hands(value: &str, rules: &Rules) -> Result<[CardSet; 3], String> {
    let words: Vec<&str> = value.split_whitespace().collect();
    let n = rules.seats();
    if words.len() != n {
        return Err(format!(
            "needs {n} hands ({}), found {}",
            seat_names(rules),
            words.len()
        ));
    }
    let sets = parse_sets(&words, &OWNERS)?;
    let mut hands = [CardSet::EMPTY; 3];
    hands[..n].copy_from_slice(&sets);
    Ok(hands)
}

/// Reads the musik the last trick takes (two players): 3 cards under
/// `laid_away=split` (the other musik and one laid-away card), else 2; none
/// of them held or in the trick.
pub(super) fn parse_last_musik(
    value: &str,
    hands: &[CardSet; 3],
    trick: &[Card],
    rules: &Rules,
) -> Result<CardSet, String> {
    let set: CardSet = value.parse().map_err(|e| format!("{e}"))?;
    let want = match rules.laid_away {
        crate::LaidAway::Split => 3,
        crate::LaidAway::Declarer => 2,
    };
    if set.len() != want {
        return Err(format!(
            "holds {} cards; under laid_away={} the last trick's musik holds {want}",
            set.len(),
            rules.get("laid_away").unwrap_or_default()
        ));
    }
    if let Some(c) = trick.iter().copied().find(|&c| set.contains(c)) {
        return Err(format!("{c} is in the trick, so it cannot be in the musik"));
    }
    for seat in [Seat::D, Seat::L] {
        if let Some(c) = (set & hands[seat.index()]).lowest() {
            return Err(format!(
                "{c} is in {seat}'s hand, so it cannot be in the musik"
            ));
        }
    }
    Ok(set)
}

/// Reads the cards of the trick in progress (at most one fewer than the
/// seats, none still held).
pub(super) fn parse_trick(
    value: &str,
    hands: &[CardSet; 3],
    rules: &Rules,
) -> Result<Vec<Card>, String> {
    let mut cards: Vec<Card> = Vec::new();
    let words = value
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty() && *w != "-");
    for word in words {
        let card: Card = word.parse().map_err(|e| format!("{e}"))?;
        if cards.contains(&card) {
            return Err(format!("{card} is named twice"));
        }
        if let Some(seat) = Seat::ALL
            .into_iter()
            .find(|s| hands[s.index()].contains(card))
        {
            return Err(format!(
                "{card} is played to the trick, so it cannot still be in {seat}'s hand"
            ));
        }
        cards.push(card);
    }
    let most = rules.seats() - 1;
    if cards.len() > most {
        let completing = if most == 2 { "third" } else { "second" };
        return Err(format!(
            "holds {} cards; a trick in progress holds at most {most} (the {completing} \
             completes it)",
            cards.len()
        ));
    }
    Ok(cards)
}

/// Checks that the hand sizes fit a trick led by `leader` with `played` cards
/// in it: those who played hold one card fewer than those still to play.
pub(super) fn check_trick_sizes(
    hands: &[CardSet; 3],
    leader: Seat,
    played: usize,
    rules: &Rules,
) -> Result<(), String> {
    // Cards each seat held when the trick began.
    let held = hands[leader.index()].len() + usize::from(played > 0);
    if held > rules.tricks() {
        return Err(format!(
            "{leader} led this trick holding {held} cards, \
             but a hand has {} tricks under these rules",
            rules.tricks()
        ));
    }
    let n = rules.seats();
    let fits = (0..n).all(|k| {
        let seat = leader.plus_of(k, n as u8);
        let want = if k < played { held - 1 } else { held };
        hands[seat.index()].len() == want
    });
    if fits {
        return Ok(());
    }
    if n == 2 {
        let why = match played {
            0 => "with no card played to the trick, both seats hold the same number".to_string(),
            _ => format!(
                "{leader} has played to the trick, so holds one card fewer than {}",
                leader.plus_of(1, 2)
            ),
        };
        return Err(format!(
            "hands of {} {} cards (D L) do not fit the trick: {why}",
            hands[0].len(),
            hands[1].len()
        ));
    }
    let why = match played {
        0 => "with no card played to the trick, every seat holds the same number".to_string(),
        1 => format!(
            "{leader} has played to the trick, so holds one card fewer than {} and {}",
            leader.plus(1),
            leader.plus(2)
        ),
        _ => format!(
            "{leader} and {} have played to the trick, so hold one card fewer than {}",
            leader.plus(1),
            leader.plus(2)
        ),
    };
    Err(format!(
        "hands of {} {} {} cards (D L R) do not fit the trick: {why}",
        hands[0].len(),
        hands[1].len(),
        hands[2].len()
    ))
}

/// Reads a snapshot's trump: a suit, or `-` for none.
pub(super) fn parse_trump(value: &str) -> Result<Option<Suit>, String> {
    if value == "-" {
        return Ok(None);
    }
    value
        .parse::<Suit>()
        .map(Some)
        .map_err(|_| format!("'{value}' is not a trump: H D C S, or - for none"))
}

/// Reads the points D, L and R have scored, each at most what a seat can
/// score under `rules` (all cards and every marriage).
pub(super) fn parse_points(value: &str, rules: &Rules) -> Result<[u16; 3], String> {
    let words: Vec<&str> = value.split_whitespace().collect();
    let n = rules.seats();
    if words.len() != n {
        return Err(format!(
            "needs {n} numbers ({}), found {}",
            seat_names(rules),
            words.len()
        ));
    }
    let max = 120 + rules.marriage_values.iter().sum::<u16>() + rules.ace_marriage;
    let mut points = [0u16; 3];
    for ((slot, word), seat) in points.iter_mut().zip(&words).zip(Seat::ALL) {
        if word
            .strip_prefix('-')
            .is_some_and(|w| parse_number(w).is_ok())
        {
            return Err(format!(
                "{seat} has {word} points: out of range (0 to {max})"
            ));
        }
        let n = parse_number(word)?;
        *slot = match u16::try_from(n) {
            Ok(n) if n <= max => n,
            _ => {
                return Err(format!(
                    "{seat} has {n} points, more than a seat can score under these rules ({max})"
                ))
            }
        };
    }
    Ok(points)
}
