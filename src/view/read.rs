//! Reading views: the view form of docs/notation.md, or a history-form position
//! seen from one seat (its `view:` line, a seat given by the caller, or the
//! seat to move).

use crate::engine::card::{Card, Suit};
use crate::engine::cardset::CardSet;
use crate::engine::deal::Give;
use crate::engine::error::PositionError;
use crate::engine::position::{
    block_name, blocks, build, number_field, parse_id, read_fields, Context, Fields, Line,
};
use crate::engine::rules::{LaidAway, Musik, Players, Rules};
use crate::engine::seat::Seat;

use super::{View, ViewError, ViewSetup};

/// Keys that belong to the view form.
const VIEW_FORM: [&str; 11] = [
    "id", "rules", "contract", "bid", "bids", "view", "hand", "musik", "exchange", "play", "trump",
];

/// Reads every position in `text` as a seat's view, one result per
/// position. `seat` overrides a `view:` line of a history-form position;
/// without either, a history is seen by the seat to move. `rules` applies to
/// positions without a `rules:` line.
///
/// ```
/// use tysiac::{view::parse_views, Rules, Seat};
/// let text = "view: L\nhand: T9.AK.KJ.Q9\nmusik: ..Q.K9\nexchange: 9S\n\
///             play: AS 9S TS | AH 9H JH | KH+";
/// let view = parse_views(text, "x", Rules::STANDARD, None).remove(0).unwrap();
/// assert_eq!((view.seat, view.to_move()), (Seat::L, Seat::L));
/// assert_eq!(view.table().trump.map(|s| s.char()), Some('H'));
/// ```
pub fn parse_views(
    text: &str,
    source: &str,
    rules: Rules,
    seat: Option<Seat>,
) -> Vec<Result<View, PositionError>> {
    blocks(text)
        .iter()
        .enumerate()
        .map(|(i, block)| read_view(block, i + 1, source, rules, seat))
        .collect()
}

fn read_view(
    lines: &[Line],
    number: usize,
    source: &str,
    default_rules: Rules,
    seat: Option<Seat>,
) -> Result<View, PositionError> {
    let ctx = Context {
        source,
        name: block_name(lines, number),
    };
    let fields = read_fields(lines, &ctx)?;
    let first = lines.first().map_or(1, |l| l.number);
    let view_seat = match fields.get("view") {
        Some(f) => Some(f.value.parse::<Seat>().map_err(|m| ctx.at(f, m))?),
        None => None,
    };
    if fields.get("hand").is_none() {
        // A history (or snapshot) seen from one seat.
        let (position, bad) = build(&fields, &ctx, default_rules, first)?;
        if let Some(bad) = bad {
            return Err(bad.error);
        }
        return View::from_position(&position, seat.or(view_seat))
            .map_err(|e| place(&ctx, &fields, first, e));
    }
    if let Some(f) = fields
        .0
        .iter()
        .find(|f| !VIEW_FORM.contains(&f.key.as_str()))
    {
        let msg = format!(
            "is not a key of the view form (keys: {})",
            VIEW_FORM.join(", ")
        );
        return Err(ctx.at(f, msg));
    }
    let rules = match fields.get("rules") {
        Some(f) => f.value.parse::<Rules>().map_err(|e| ctx.at(f, e.0))?,
        None => default_rules,
    };
    let id = match fields.get("id") {
        Some(f) => Some(parse_id(&f.value).map_err(|m| ctx.at(f, m))?),
        None => None,
    };
    let contract = number_field(&fields, "contract", &ctx)?;
    let Some(viewer) = view_seat else {
        let seats = match rules.players {
            Players::Three => "D, L or R",
            Players::Two => "D or L",
        };
        return Err(ctx.error(
            first,
            None,
            format!("the view form needs a view: line ({seats})"),
        ));
    };
    if let (Players::Two, Seat::R, Some(f)) = (rules.players, viewer, fields.get("view")) {
        return Err(ctx.at(f, "with players=2 the seats are D and L: there is no R"));
    }
    if let Some(s) = seat.filter(|&s| s != viewer) {
        return Err(ctx.error(
            first,
            Some("view"),
            format!("is {viewer}'s view, but the view of {s} was asked for"),
        ));
    }
    let hand_field = fields.get("hand").expect("checked above");
    let hand: CardSet = hand_field
        .value
        .parse()
        .map_err(|e| ctx.at(hand_field, format!("{e}")))?;
    let musik = match fields.get("musik") {
        Some(f) => Some(
            f.value
                .parse::<CardSet>()
                .map_err(|e| ctx.at(f, format!("{e}")))?,
        ),
        None => None,
    };
    if musik.is_none() && rules.musik_shown {
        let cards = match rules.players {
            Players::Three => "the three cards every seat saw",
            Players::Two => "the two cards of the musik D took, which every seat saw",
        };
        return Err(ctx.error(
            first,
            Some("musik"),
            format!("musik_shown=yes: the view form needs a musik: line ({cards})"),
        ));
    }
    let (given, got) = match fields.get("exchange") {
        Some(f) => read_exchange(&f.value, &rules, viewer).map_err(|m| ctx.at(f, m))?,
        None => (None, None),
    };
    let chosen_trump = match fields.get("trump") {
        Some(f) => Some(
            f.value
                .parse::<Suit>()
                .map_err(|_| ctx.at(f, format!("'{}' is not a suit (H D C S)", f.value)))?,
        ),
        None => None,
    };
    let plays = match fields.get("play") {
        Some(f) => read_plays(&f.value).map_err(|m| ctx.at(f, m))?,
        None => Vec::new(),
    };
    let bid = number_field(&fields, "bid", &ctx)?;
    let bids = match fields.get("bids") {
        Some(f) => super::parse_bids(&f.value).map_err(|m| ctx.at(f, m))?,
        None => Vec::new(),
    };
    let setup = ViewSetup {
        id,
        rules,
        contract,
        bids,
        bid,
        seat: viewer,
        hand,
        musik,
        given,
        got,
        chosen_trump,
        cards_played: plays,
        truth: None,
        line: first,
    };
    View::new(setup).map_err(|e| place(&ctx, &fields, first, e))
}

/// A view error placed at the line of its key.
fn place(ctx: &Context, fields: &Fields, first: usize, e: ViewError) -> PositionError {
    match fields.get(e.key) {
        Some(f) => ctx.at(f, e.message),
        None => ctx.error(first, Some(e.key), e.message),
    }
}

/// The `exchange:` of a view: for D the cards given (two, or three
/// discards), for a defender the one card it got.
fn read_exchange(
    value: &str,
    rules: &Rules,
    viewer: Seat,
) -> Result<(Option<Give>, Option<Card>), String> {
    let mut cards = Vec::new();
    for word in value.split_whitespace() {
        let card: Card = word.parse().map_err(|e| {
            if word.parse::<Suit>().is_ok() {
                "a chosen trump goes on its own trump: line in the view form".to_string()
            } else {
                format!("{e}")
            }
        })?;
        if cards.contains(&card) {
            return Err(format!("{card} is named twice"));
        }
        cards.push(card);
    }
    if rules.players == Players::Two {
        return match (viewer, cards.as_slice()) {
            (Seat::D, [a, b]) => Ok((Some(Give::LayAway(*a, *b)), None)),
            (Seat::D, _) => Err(match rules.laid_away {
                LaidAway::Split => format!(
                    "names {} cards; with players=2 D lays away 2: the one it keeps the points \
                     of, then the one that goes into the other musik",
                    cards.len()
                ),
                LaidAway::Declarer => format!(
                    "names {} cards; with players=2 D lays away 2 (both count for D)",
                    cards.len()
                ),
            }),
            (seat, _) => Err(format!(
                "with players=2 D gives {seat} nothing (it lays 2 cards away unseen): \
                 {seat}'s view has no exchange"
            )),
        };
    }
    match (viewer, rules.musik, cards.as_slice()) {
        (Seat::D, Musik::Pass, [l, r]) => Ok((Some(Give::Pass(*l, *r)), None)),
        (Seat::D, Musik::Discard, [_, _, _]) => {
            Ok((Some(Give::Discard(cards.iter().copied().collect())), None))
        }
        (Seat::D, Musik::Pass, _) => Err(format!(
            "names {} cards; D gives 2: the card to L, then the card to R",
            cards.len()
        )),
        (Seat::D, Musik::Discard, _) => Err(format!("names {} cards; D discards 3", cards.len())),
        (_, Musik::Discard, _) => Err("musik=discard: D gives the defenders nothing".into()),
        (_, Musik::Pass, [c]) => Ok((None, Some(*c))),
        (seat, Musik::Pass, _) => Err(format!(
            "names {} cards; {seat}'s view names the one card it got from D",
            cards.len()
        )),
    }
}

/// The words of a view's `play:`: cards, `+` after a lead that declared.
fn read_plays(value: &str) -> Result<Vec<(Card, bool)>, String> {
    let words = value
        .split(|c: char| c.is_whitespace() || c == '|')
        .filter(|w| !w.is_empty());
    let mut plays: Vec<(Card, bool)> = Vec::new();
    for (i, word) in words.enumerate() {
        let (text, declared) = match (word.strip_suffix('+'), word.strip_suffix('-')) {
            (Some(t), _) => (t, true),
            (None, Some(t)) => (t, false),
            (None, None) => (word, false),
        };
        let card: Card = text.parse().map_err(|_| {
            format!(
                "move {}: '{word}' is not a card (rank 9 J Q K T A, then suit H D C S; \
                 a trailing + for a lead that declared)",
                i + 1
            )
        })?;
        if let Some(j) = plays.iter().position(|p| p.0 == card) {
            return Err(format!(
                "move {}: {card} was already played (move {})",
                i + 1,
                j + 1
            ));
        }
        plays.push((card, declared));
    }
    Ok(plays)
}
