//! The snapshot form: hands, lead, trick, trump and points.

use super::*;

/// Reads the snapshot form: hands, lead, trick, trump, points.
pub(super) fn snapshot(
    fields: &Fields,
    rules: &Rules,
    ctx: &Context,
) -> Result<State, PositionError> {
    let hands_field = fields
        .get("hands")
        .ok_or_else(|| ctx.error(1, None, "needs a hands: line"))?;
    let hands = parse_hands(&hands_field.value).map_err(|m| ctx.at(hands_field, m))?;
    let leader = match fields.get("lead") {
        Some(f) => f.value.parse::<Seat>().map_err(|m| ctx.at(f, m))?,
        None => Seat::D,
    };
    let trick = match fields.get("trick") {
        Some(f) => parse_trick(&f.value, &hands).map_err(|m| ctx.at(f, m))?,
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
    let mut state = State::new(hands, leader, trump, points);
    for card in trick {
        state.push_trick_card(card);
    }
    Ok(state)
}

/// Reads the three hands D L R, no card in two.
pub(super) fn parse_hands(value: &str) -> Result<[CardSet; 3], String> {
    let words: Vec<&str> = value.split_whitespace().collect();
    if words.len() != 3 {
        return Err(format!("needs 3 hands (D L R), found {}", words.len()));
    }
    match parse_sets(&words)?.as_slice() {
        [d, l, r] => Ok([*d, *l, *r]),
        _ => Err("needs 3 hands (D L R)".into()),
    }
}

/// Reads the cards of the trick in progress (at most two, none still held).
pub(super) fn parse_trick(value: &str, hands: &[CardSet; 3]) -> Result<Vec<Card>, String> {
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
    if cards.len() > 2 {
        return Err(format!(
            "holds {} cards; a trick in progress holds at most 2 (the third completes it)",
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
    let fits = (0..3).all(|k| {
        let seat = leader.plus(k);
        let want = if k < played { held - 1 } else { held };
        hands[seat.index()].len() == want
    });
    if fits {
        return Ok(());
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
    let [d, l, r] = words.as_slice() else {
        return Err(format!("needs 3 numbers (D L R), found {}", words.len()));
    };
    let max = 120 + rules.marriage_values.iter().sum::<u16>() + rules.ace_marriage;
    let mut points = [0u16; 3];
    for ((slot, word), seat) in points.iter_mut().zip([d, l, r]).zip(Seat::ALL) {
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
