//! The history form: the deal, the exchange (or chosen trump) and the play.

use super::fields::{Context, Fields};
use super::History;
use crate::engine::card::{Card, Suit};
use crate::engine::cardset::CardSet;
use crate::engine::deal::{Deal, Exchange, Give};
use crate::engine::error::PositionError;
use crate::engine::moves::Move;
use crate::engine::rules::{Musik, Players, Rules, TrumpRule};
use crate::engine::seat::Seat;
use crate::engine::state::State;

/// A deal as written: before the exchange, or after it.
pub(super) enum DealText {
    /// 7 7 7 + 3.
    Musik(Deal),
    /// 8 8 8 (D L R).
    Dealt([CardSet; 3]),
}

/// Reads the history form: deal, exchange (or chosen trump), play. The play
/// stops at its first bad move, which comes back beside the history.
pub(super) fn history(
    fields: &Fields,
    rules: &Rules,
    ctx: &Context,
) -> Result<(History, Option<BadMove>), PositionError> {
    let deal_field = fields
        .get("deal")
        .ok_or_else(|| ctx.error(1, None, "needs a deal: line"))?;
    let dealt = parse_deal(&deal_field.value, rules).map_err(|m| ctx.at(deal_field, m))?;
    let (deal, exchange, start) = match dealt {
        DealText::Musik(deal) => {
            let (exchange, start) = musik_start(fields, rules, ctx, &deal)?;
            (Some(deal), exchange, start)
        }
        DealText::Dealt(hands) => (None, None, Some(dealt_start(fields, rules, ctx, hands)?)),
    };
    let (moves, bad) = match (fields.get("play"), start) {
        (None, _) => (Vec::new(), None),
        (Some(f), Some(start)) => {
            let (moves, bad) = replay(&start, rules, &f.value);
            let bad = bad.map(|b| BadMove {
                error: ctx.at(f, b.message),
                number: b.number,
                word: b.word,
                seat: b.seat,
                why: b.why,
            });
            (moves, bad)
        }
        (Some(f), None) if !f.value.is_empty() => {
            let msg =
                "play before the exchange: a deal with its musik needs an exchange: line first";
            return Err(ctx.at(f, msg));
        }
        (Some(_), None) => (Vec::new(), None),
    };
    let history = History {
        deal,
        exchange,
        start,
        moves,
    };
    Ok((history, bad))
}

/// The exchange of a deal written with its musik, and the state it leads to
/// (none without an `exchange:` line).
pub(super) fn musik_start(
    fields: &Fields,
    rules: &Rules,
    ctx: &Context,
    deal: &Deal,
) -> Result<(Option<Exchange>, Option<State>), PositionError> {
    if let Some(f) = fields.get("trump") {
        let msg = "with a deal before the exchange, the chosen trump follows the exchange \
                   (exchange: 9S JC H)";
        return Err(ctx.at(f, msg));
    }
    let Some(f) = fields.get("exchange") else {
        return Ok((None, None));
    };
    let (exchange, start) = parse_exchange(&f.value, rules, deal).map_err(|m| ctx.at(f, m))?;
    Ok((Some(exchange), Some(start)))
}

/// The first lead of a deal written after the exchange (8 8 8).
pub(super) fn dealt_start(
    fields: &Fields,
    rules: &Rules,
    ctx: &Context,
    hands: [CardSet; 3],
) -> Result<State, PositionError> {
    if let Some(f) = fields.get("exchange") {
        let msg = "the deal is written after the exchange (8 8 8); an exchange needs \
                   the deal with its musik (7 7 7 + 3)";
        return Err(ctx.at(f, msg));
    }
    let trump = dealt_trump(fields, rules, ctx)?;
    Ok(State::new(hands, Seat::D, trump, [0; 3]))
}

/// Names for the parts of a deal, in order.
pub(super) const OWNERS: [&str; 4] = ["D's hand", "L's hand", "R's hand", "the musik"];
/// Names for the parts of a two-player deal, in order.
pub(super) const OWNERS_TWO: [&str; 4] = ["D's hand", "L's hand", "the musik", "the other musik"];

/// Reads a deal: 7 7 7 + 3, or (with `musik=pass`) 8 8 8; with two players
/// 10 10 + 2 + 2; every card once.
pub(super) fn parse_deal(value: &str, rules: &Rules) -> Result<DealText, String> {
    let words: Vec<&str> = value.split_whitespace().collect();
    if rules.players == Players::Two {
        if words.len() != 4 {
            return Err(format!(
                "has {} hands; with players=2 a deal is D L, the musik D takes and the \
                 other musik (10 10 + 2 + 2), always written before the exchange",
                words.len()
            ));
        }
        let sets = parse_sets(&words, &OWNERS_TWO)?;
        check_sizes(&sets, &[10, 10, 2, 2], &OWNERS_TWO)?;
        return Ok(DealText::Musik(Deal::two(
            sets[0], sets[1], sets[2], sets[3],
        )));
    }
    match (words.len(), rules.musik) {
        (4, _) | (3, Musik::Pass) => {}
        (3, Musik::Discard) => {
            return Err("with musik=discard a deal is written before the discard: \
                        D L R and the musik (7 7 7 + 3)"
                .into())
        }
        (n, _) => {
            return Err(format!(
                "has {n} hands; a deal is D L R and the musik (7 7 7 + 3), \
                 or D L R after the exchange (8 8 8)"
            ))
        }
    }
    let sets = parse_sets(&words, &OWNERS)?;
    match sets.as_slice() {
        [d, l, r, musik] => {
            check_sizes(&sets, &[7, 7, 7, 3], &OWNERS)?;
            Ok(DealText::Musik(Deal::new([*d, *l, *r], *musik)))
        }
        [d, l, r] => {
            check_sizes(&sets, &[8, 8, 8], &OWNERS)?;
            Ok(DealText::Dealt([*d, *l, *r]))
        }
        _ => Err("a deal has 3 or 4 hands".into()),
    }
}

/// Reads hands (D, L, R, then the musik; named by `owners`) and checks that
/// no card is in two.
pub(super) fn parse_sets(words: &[&str], owners: &[&str; 4]) -> Result<Vec<CardSet>, String> {
    let mut sets: Vec<CardSet> = Vec::new();
    for (word, &owner) in words.iter().zip(owners) {
        // Named by its owner: the musik is not a "hand".
        let set: CardSet = word.parse().map_err(|e| match e {
            crate::engine::error::CardError::BadHand(text, why) if owner.contains("musik") => {
                format!("{owner}: '{text}' {why}")
            }
            e => format!("{owner}: {e}"),
        })?;
        for (earlier, earlier_owner) in sets.iter().zip(owners) {
            if let Some(c) = (set & *earlier).lowest() {
                return Err(format!(
                    "{c} is named twice: in {earlier_owner} and in {owner}"
                ));
            }
        }
        sets.push(set);
    }
    Ok(sets)
}

/// Checks the deal's hand sizes; the cards then are all 24.
pub(super) fn check_sizes(
    sets: &[CardSet],
    want: &[usize],
    owners: &[&str; 4],
) -> Result<(), String> {
    let all = sets.iter().fold(CardSet::EMPTY, |a, s| a | *s);
    for ((set, want), owner) in sets.iter().zip(want).zip(owners) {
        if set.len() != *want {
            let mut msg = format!("{owner} holds {} cards, needs {want}", set.len());
            let missing = !all;
            if !missing.is_empty() {
                msg += &format!(" (missing from the deal: {})", card_list(missing));
            }
            return Err(msg);
        }
    }
    Ok(())
}

/// "1 card", "2 cards".
pub(super) fn cards_count(n: usize) -> String {
    if n == 1 {
        "1 card".into()
    } else {
        format!("{n} cards")
    }
}

/// Cards in display order, separated by spaces.
pub(super) fn card_list(set: CardSet) -> String {
    let words: Vec<String> = set.iter_display().map(|c| c.to_string()).collect();
    words.join(" ")
}

/// Reads an exchange (`9S JC`, three discards with `musik=discard`, a trump
/// suit last with `trump=chosen`) and the state it leads to.
pub(super) fn parse_exchange(
    value: &str,
    rules: &Rules,
    deal: &Deal,
) -> Result<(Exchange, State), String> {
    let words: Vec<&str> = value.split_whitespace().collect();
    let mut cards: Vec<Card> = Vec::new();
    let mut trump = None;
    for (i, word) in words.iter().enumerate() {
        match (word.parse::<Card>(), word.parse::<Suit>()) {
            (Ok(c), _) if cards.contains(&c) => return Err(format!("{c} is named twice")),
            (Ok(c), _) => cards.push(c),
            (Err(_), Ok(s)) if i + 1 == words.len() => trump = Some(s),
            (Err(_), Ok(_)) => return Err(format!("'{word}': the trump suit comes last")),
            (Err(e), Err(_)) => return Err(e.to_string()),
        }
    }
    if rules.players == Players::Two {
        let [first, second] = cards.as_slice() else {
            return Err(format!(
                "names {}; with players=2 D lays away 2: the one D keeps the points of, \
                 then the one for the other musik",
                cards_count(cards.len())
            ));
        };
        let exchange = Exchange {
            give: Give::LayAway(*first, *second),
            trump,
        };
        let start = deal.after(rules, &exchange)?;
        return Ok((exchange, start));
    }
    let give = match (rules.musik, cards.as_slice()) {
        (Musik::Pass, [l, r]) => Give::Pass(*l, *r),
        (Musik::Discard, [_, _, _]) => Give::Discard(cards.iter().copied().collect()),
        (Musik::Pass, _) => {
            return Err(format!(
                "names {}; musik=pass gives 2: the card to L, then the card to R",
                cards_count(cards.len())
            ))
        }
        (Musik::Discard, _) => {
            return Err(format!(
                "names {}; musik=discard discards 3",
                cards_count(cards.len())
            ))
        }
    };
    let exchange = Exchange { give, trump };
    let start = deal.after(rules, &exchange)?;
    Ok((exchange, start))
}

/// The trump of a deal written after the exchange: its `trump:` line, which
/// only `trump=chosen` has (and needs).
pub(super) fn dealt_trump(
    fields: &Fields,
    rules: &Rules,
    ctx: &Context,
) -> Result<Option<Suit>, PositionError> {
    match (rules.trump, fields.get("trump")) {
        (TrumpRule::Chosen, Some(f)) => match f.value.parse::<Suit>() {
            Ok(s) => Ok(Some(s)),
            Err(_) => {
                let msg = format!("'{}' is not a suit (H D C S): the chosen trump", f.value);
                Err(ctx.at(f, msg))
            }
        },
        (TrumpRule::Chosen, None) => {
            let msg = "trump=chosen and the deal is written after the exchange (8 8 8): \
                       a trump: line names the chosen trump";
            // The deal is there (this is the history form); the error belongs to it.
            let line = fields.get("deal").map_or(1, |d| d.line);
            Err(ctx.error(line, Some("deal"), msg))
        }
        (TrumpRule::Marriage, Some(f)) => {
            let msg = "the history form takes trump: only with trump=chosen \
                       (under trump=marriage, marriages set trump)";
            Err(ctx.at(f, msg))
        }
        (TrumpRule::Marriage, None) => Ok(None),
    }
}

/// Where a history's play goes wrong: the first move that is not a card, is
/// not legal, or comes after the end of the hand. Reading keeps the moves
/// before it; [`parse_positions`](crate::parse_positions) makes it the position's error,
/// [`parse_positions_lenient`](crate::parse_positions_lenient) hands it back beside the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadMove {
    /// The move's number in `play:`, from 1.
    pub number: usize,
    /// The move as written.
    pub word: String,
    /// The seat whose turn it was (none after the end of the hand).
    pub seat: Option<Seat>,
    /// What is wrong: for an illegal card, the rule it breaks
    /// (`must trump: holds QH`).
    pub why: String,
    /// The whole error, with source, line, position and key `play`.
    pub error: PositionError,
}

impl BadMove {
    /// The error as the post-mortem reports it: worded as every command
    /// words a bad move, `move 11, R plays 9C but must trump: holds QH`.
    pub fn analyze_error(&self) -> PositionError {
        self.error.clone()
    }
}

/// Plays the words of `play:` from `start`: the legal moves before the first
/// bad one, and the bad one (without its place: the caller knows it).
pub(super) fn replay(start: &State, rules: &Rules, value: &str) -> (Vec<Move>, Option<BadPlay>) {
    let mut state = *start;
    let mut moves = Vec::new();
    let words = value
        .split(|c: char| c.is_whitespace() || c == '|')
        .filter(|w| !w.is_empty());
    for (i, word) in words.enumerate() {
        let number = i + 1;
        let bad = |seat, why: String, message| BadPlay {
            number,
            word: word.to_string(),
            seat,
            why,
            message,
        };
        let Ok(mv) = word.parse::<Move>() else {
            let why = "not a card (rank 9 J Q K T A, then suit H D C S; \
                       a trailing - for a lead without declaring)";
            let msg = format!("move {number}: '{word}' is {why}");
            return (moves, Some(bad(None, why.into(), msg)));
        };
        if state.is_over() {
            let why = format!("the hand is over after {} moves", moves.len());
            let msg = format!("move {number}, {mv}: {why}");
            return (moves, Some(bad(None, why, msg)));
        }
        let seat = state.to_move();
        if let Err(why) = state.try_play(rules, mv) {
            // The wording of issue 2's example, used by every command.
            let msg = format!("move {number}, {seat} plays {mv} but {why}");
            return (moves, Some(bad(Some(seat), why, msg)));
        }
        moves.push(mv);
    }
    (moves, None)
}

/// A bad move as [`replay`] finds it, before it is placed in its source.
pub(super) struct BadPlay {
    number: usize,
    word: String,
    seat: Option<Seat>,
    why: String,
    message: String,
}
