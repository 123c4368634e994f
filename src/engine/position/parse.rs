//! Reading positions: each block of `key: value` lines into a checked
//! [`Position`], in history or snapshot form.

use super::fields::{
    block_name, blocks, number_field, parse_id, read_fields, Context, Fields, Line, HISTORY_KEYS,
    SNAPSHOT_KEYS, VIEW_KEYS,
};
use super::history::{self, history, BadMove};
use super::snapshot::snapshot;
use super::{Form, Position};
use crate::engine::deal::{Deal, Exchange};
use crate::engine::error::PositionError;
use crate::engine::rules::Rules;

/// Reads an exchange as the notation writes it (`9S JC`: the card to L,
/// then to R; three discards under `musik=discard`; the chosen trump last
/// under `trump=chosen`) and checks it against `deal`.
pub fn parse_exchange(text: &str, rules: &Rules, deal: &Deal) -> Result<Exchange, String> {
    history::parse_exchange(text, rules, deal).map(|(e, _)| e)
}

impl Position {
    /// A position from a deal and an optional exchange, as the command line
    /// gives them (`--deal "…" --exchange "9S QC"`). Errors name `<arg>`.
    pub fn from_deal_text(
        deal: &str,
        exchange: Option<&str>,
        rules: Rules,
    ) -> Result<Position, PositionError> {
        let mut pairs = vec![("deal", deal)];
        if let Some(x) = exchange {
            pairs.push(("exchange", x));
        }
        Position::from_pairs(&pairs, rules)
    }

    /// A position from `(key, value)` pairs, read and checked as the lines of
    /// a block would be (all on line 1 of `<arg>`). `rules` applies unless the
    /// pairs hold a `rules` key.
    pub fn from_pairs(pairs: &[(&str, &str)], rules: Rules) -> Result<Position, PositionError> {
        let lines: Vec<Line> = pairs
            .iter()
            .map(|(k, v)| Line {
                number: 1,
                text: format!("{k}: {v}"),
            })
            .collect();
        parse_block(&lines, 1, ARG, rules)
    }
}

/// The source name of positions given on the command line.
const ARG: &str = "<arg>";

/// Reads every position in `text`, one result per position, so that one bad
/// position does not hide the others. `source` names the text in errors.
pub fn parse_positions(text: &str, source: &str) -> Vec<Result<Position, PositionError>> {
    parse_positions_with(text, source, Rules::STANDARD)
}

/// As [`parse_positions`], with `rules` for positions that have no `rules:`.
pub fn parse_positions_with(
    text: &str,
    source: &str,
    rules: Rules,
) -> Vec<Result<Position, PositionError>> {
    blocks(text)
        .iter()
        .enumerate()
        .map(|(i, block)| parse_block(block, i + 1, source, rules))
        .collect()
}

/// Reads every position in `text` as [`parse_positions`] does, except that a
/// history whose play goes wrong (a word that is not a card, an illegal card,
/// a card after the end) is not rejected: the position holds the moves before
/// the bad one, and the bad one comes beside it. This is what a post-mortem
/// needs: analyze what was played, then report the mistake in the record.
/// Every other error is an error as in [`parse_positions`].
///
/// ```
/// use tysiac::{parse_positions_lenient, Form, Rules, Seat};
/// let text = "deal: AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9\n\
///             exchange: 9S QC\n\
///             play: AS 9S TS | AH AD";
/// let results = parse_positions_lenient(text, "x", Rules::STANDARD);
/// let (position, bad) = results[0].as_ref().unwrap();
/// let Form::History(h) = &position.form else { panic!() };
/// assert_eq!(h.moves.len(), 4);
/// let bad = bad.as_ref().unwrap();
/// assert_eq!((bad.number, bad.seat), (5, Some(Seat::L)));
/// assert_eq!(
///     bad.error.to_string(),
///     "x:3: position #1: play: move 5, L plays AD but must play a heart (holds TH 9H)"
/// );
/// assert_eq!(
///     bad.analyze_error().message,
///     "move 5, L plays AD but must play a heart (holds TH 9H)"
/// );
/// ```
///
/// `rules` applies to positions without a `rules:` line.
pub fn parse_positions_lenient(
    text: &str,
    source: &str,
    rules: Rules,
) -> Vec<Result<(Position, Option<BadMove>), PositionError>> {
    blocks(text)
        .iter()
        .enumerate()
        .map(|(i, block)| parse_block_lenient(block, i + 1, source, rules))
        .collect()
}

/// Reads exactly one position (source `<arg>`).
pub fn parse_position(text: &str) -> Result<Position, PositionError> {
    let blocks = blocks(text);
    match blocks.as_slice() {
        [one] => parse_block(one, 1, ARG, Rules::STANDARD),
        [] => Err(PositionError {
            source: ARG.into(),
            line: 1,
            position: "#1".into(),
            key: None,
            message: "no position given".into(),
        }),
        [_, second, ..] => {
            let ctx = Context {
                source: ARG,
                name: "#2".into(),
            };
            let line = second.first().map_or(1, |l| l.number);
            Err(ctx.error(
                line,
                None,
                format!(
                    "{} positions given, expected one (a blank line ends a position)",
                    blocks.len()
                ),
            ))
        }
    }
}

/// Reads one block (position `number`, from 1) into a checked position.
pub(super) fn parse_block(
    lines: &[Line],
    number: usize,
    source: &str,
    default_rules: Rules,
) -> Result<Position, PositionError> {
    match parse_block_lenient(lines, number, source, default_rules)? {
        (position, None) => Ok(position),
        (_, Some(bad)) => Err(bad.error),
    }
}

/// Reads one block, its play cut at the first bad move (returned beside it).
pub(super) fn parse_block_lenient(
    lines: &[Line],
    number: usize,
    source: &str,
    default_rules: Rules,
) -> Result<(Position, Option<BadMove>), PositionError> {
    let ctx = Context {
        source,
        name: block_name(lines, number),
    };
    let fields = read_fields(lines, &ctx)?;
    let line = lines.first().map_or(1, |l| l.number);
    build(&fields, &ctx, default_rules, line)
}

// ---------------------------------------------------------------------------
// Interpreting the fields

/// Builds the position. `rules:` is read first: it decides how the other
/// keys read, wherever its line is.
pub(crate) fn build(
    fields: &Fields,
    ctx: &Context,
    default_rules: Rules,
    line: usize,
) -> Result<(Position, Option<BadMove>), PositionError> {
    let rules = match fields.get("rules") {
        Some(f) => f.value.parse::<Rules>().map_err(|e| ctx.at(f, e.0))?,
        None => default_rules,
    };
    let id = match fields.get("id") {
        Some(f) => Some(parse_id(&f.value).map_err(|m| ctx.at(f, m))?),
        None => None,
    };
    let contract = number_field(fields, "contract", ctx)?;
    if let (Some(c), Some(f)) = (contract, fields.get("contract")) {
        // No hand scores more than every card and every declaration.
        let most = crate::engine::score::max_contract(&rules);
        if c > most {
            return Err(ctx.at(
                f,
                format!("{c} is more than any hand can make under these rules ({most})"),
            ));
        }
    }
    let expect = number_field(fields, "expect", ctx)?;
    if let Some(f) = fields.first_of(&VIEW_KEYS) {
        let msg = "belongs to the view form (one seat's knowledge): `tysiac suggest` reads it; \
                   solving needs every card (history or snapshot form)";
        return Err(ctx.at(f, msg));
    }
    let (form, bad) = if is_history(fields, ctx, line)? {
        let (h, bad) = history(fields, &rules, ctx)?;
        (Form::History(h), bad)
    } else {
        (Form::Snapshot(snapshot(fields, &rules, ctx)?), None)
    };
    let position = Position {
        id,
        rules,
        contract,
        expect,
        line,
        form,
    };
    Ok((position, bad))
}

/// Which form the fields give: history (`deal:`) or snapshot (`hands:`).
pub(super) fn is_history(
    fields: &Fields,
    ctx: &Context,
    line: usize,
) -> Result<bool, PositionError> {
    let history = fields.first_of(&HISTORY_KEYS);
    let snapshot = fields.first_of(&SNAPSHOT_KEYS);
    let (first, needed) = match (history, snapshot) {
        (Some(h), Some(s)) => {
            let later = if h.line > s.line { h } else { s };
            let msg = format!(
                "mixes the history form ({}:) and the snapshot form ({}:)",
                h.key, s.key
            );
            return Err(ctx.at(later, msg));
        }
        (Some(h), None) => (h, "deal"),
        (None, Some(s)) => (s, "hands"),
        (None, None) => {
            let msg = "needs deal: (history form) or hands: (snapshot form)";
            return Err(ctx.error(line, None, msg));
        }
    };
    if fields.get(needed).is_none() {
        return Err(ctx.at(first, format!("needs a {needed}: line")));
    }
    Ok(needed == "deal")
}

#[cfg(test)]
mod tests {
    use super::super::snapshot::check_trick_sizes;
    use super::*;
    use crate::engine::cardset::CardSet;
    use crate::engine::moves::Move;
    use crate::engine::position::fields::parse_number;
    use crate::engine::position::write::play_text;
    use crate::engine::seat::Seat;

    #[test]
    fn comment_lines_do_not_separate_blocks() {
        let b = blocks("# head\n\nid: a\n# note\ndeal: x\n  \nid: b # tail\n");
        assert_eq!(b.len(), 2);
        assert_eq!(b[0].len(), 2);
        assert_eq!(b[0][1].number, 5);
        assert_eq!(b[1][0].text, "id: b");
    }

    #[test]
    fn play_groups_by_trick() {
        let moves: Vec<Move> = ["AS", "9S", "TS", "KH-"]
            .iter()
            .map(|m| m.parse().unwrap())
            .collect();
        assert_eq!(play_text(&moves, 3).unwrap(), "AS 9S TS | KH-");
        assert_eq!(play_text(&[], 3), None);
    }

    #[test]
    fn numbers_read_digits_only() {
        assert_eq!(parse_number("120"), Ok(120));
        assert_eq!(parse_number("99999999999999999999999"), Ok(u64::MAX));
        assert!(parse_number("+1").is_err());
        assert!(parse_number("").is_err());
    }

    #[test]
    fn sizes_fit_the_trick() {
        let h = |s: &str| s.parse::<CardSet>().unwrap();
        let rules = Rules::STANDARD;
        // L led, L and R have played: they hold one card fewer than D.
        let hands = [h("AK..."), h("9..."), h("..9.")];
        assert!(check_trick_sizes(&hands, Seat::L, 2, &rules).is_ok());
        assert!(check_trick_sizes(&hands, Seat::L, 1, &rules).is_err());
        assert!(check_trick_sizes(&hands, Seat::D, 0, &rules).is_err());
    }
}
