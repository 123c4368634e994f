//! Positions in the text notation of docs/notation.md: blocks of `key: value`
//! lines, read into a checked [`Position`] and written back canonically.
//!
//! A position comes in one of two forms. The *history* form gives the deal and
//! everything since (exchange, cards played); the *snapshot* form gives a hand
//! in the middle of play as a puzzle would. Reading either checks it fully:
//! every card once, hand sizes, the exchange, every card played.
//!
//! ```
//! use tysiac::{parse_position, Setup};
//! let p = parse_position(
//!     "id: example-1
//!      deal: AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9
//!      exchange: 9S QC
//!      play: AS 9S TS | AH 9H JH | KH",
//! )
//! .unwrap();
//! let Setup::Play(state) = p.setup() else { panic!() };
//! assert_eq!(state.trick().len(), 1);
//! assert_eq!(p.to_string().lines().last(), Some("play: AS 9S TS | AH 9H JH | KH"));
//! ```

use std::fmt;

use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::deal::{Deal, Exchange, Give};
use crate::error::PositionError;
use crate::moves::Move;
use crate::rules::{Musik, Rules, TrumpRule};
use crate::seat::Seat;
use crate::state::State;

/// What there is to solve in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setup {
    /// A deal whose musik is unseen and no exchange given (and no play):
    /// solved over every exchange.
    Musik(Deal),
    /// A hand in play (after replaying the history, or the snapshot).
    Play(State),
}

/// One position: its keys common to both forms, and the form itself.
#[derive(Clone, Debug)]
pub struct Position {
    /// The `id:` line, if any.
    pub id: Option<String>,
    /// The rule set (`rules:`, `standard` by default).
    pub rules: Rules,
    /// The declarer's contract (`contract:`).
    pub contract: Option<u16>,
    /// The declarer's double-dummy total at the end of the hand (`expect:`).
    pub expect: Option<u16>,
    /// 1-based line where the position starts in its source (its first
    /// `key: value` line). Not compared by `==`: it says where the position
    /// was read, not what it is.
    pub line: usize,
    /// The history or the snapshot.
    pub form: Form,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.id == other.id
            && self.rules == other.rules
            && self.contract == other.contract
            && self.expect == other.expect
            && self.form == other.form
    }
}

impl Eq for Position {}

/// The two forms of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Form {
    /// The whole hand from the deal on.
    History(History),
    /// Snapshot form: the state as given.
    Snapshot(State),
}

/// A hand from the deal on: the deal, the exchange and the cards played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    /// The deal with its musik, when the deal was written 7 7 7 + 3.
    pub deal: Option<Deal>,
    /// The exchange, when given.
    pub exchange: Option<Exchange>,
    /// The state at the first lead (after the exchange, or the 8 8 8 deal;
    /// with trump=chosen and an 8 8 8 deal, its `trump:` line sets the trump).
    /// None for a musik deal without exchange.
    pub start: Option<State>,
    /// The cards played from the first lead, each legal at its moment.
    pub moves: Vec<Move>,
}

impl History {
    /// The state after every move, or `None` before the exchange.
    /// The moves must be legal, as reading a position guarantees.
    pub fn state(&self, rules: &Rules) -> Option<State> {
        let mut state = self.start?;
        for &mv in &self.moves {
            state.play(rules, mv);
        }
        Some(state)
    }
}

impl Position {
    /// What to solve now: the state reached, or the deal when the exchange is
    /// still to be chosen.
    ///
    /// # Panics
    /// On a hand-built history with neither a deal nor a start state (reading
    /// never gives one).
    pub fn setup(&self) -> Setup {
        match &self.form {
            Form::Snapshot(state) => Setup::Play(*state),
            Form::History(h) => match (h.state(&self.rules), h.deal) {
                (Some(state), _) => Setup::Play(state),
                (None, Some(deal)) => Setup::Musik(deal),
                (None, None) => panic!("a history holds a deal or a start state"),
            },
        }
    }

    /// The position's name in messages: its id, or `#index` where `index` is
    /// its number in the input, from 1 (as in [`PositionError`]).
    pub fn name(&self, index: usize) -> String {
        self.id.clone().unwrap_or_else(|| format!("#{index}"))
    }

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

    /// The snapshot position of `state` (e.g. a state reached in play).
    pub fn from_state(rules: Rules, state: &State) -> Position {
        // Rebuilt so that the unused trick slots match what reading gives.
        let mut clean = State::new(state.hands, state.leader, state.trump, state.points);
        for &card in state.trick() {
            clean.push_trick_card(card);
        }
        Position {
            id: None,
            rules,
            contract: None,
            expect: None,
            line: 1,
            form: Form::Snapshot(clean),
        }
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

// ---------------------------------------------------------------------------
// Lines, blocks and fields

/// A line holding a `key: value` (comment removed, trimmed, not empty).
pub(crate) struct Line {
    pub(crate) number: usize,
    pub(crate) text: String,
}

/// Splits `text` into blocks of key lines. Blank lines separate blocks; a
/// line holding only a comment is dropped without separating.
pub(crate) fn blocks(text: &str) -> Vec<Vec<Line>> {
    let mut blocks = Vec::new();
    let mut current = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        if raw.trim().is_empty() {
            if !current.is_empty() {
                blocks.push(std::mem::take(&mut current));
            }
            continue;
        }
        let content = raw.split('#').next().unwrap_or("").trim();
        if !content.is_empty() {
            current.push(Line {
                number: i + 1,
                text: content.to_string(),
            });
        }
    }
    if !current.is_empty() {
        blocks.push(current);
    }
    blocks
}

/// Every key a position may hold.
const KEYS: [&str; 15] = [
    "id", "rules", "contract", "expect", "deal", "exchange", "play", "hands", "lead", "trick",
    "trump", "points", "view", "hand", "musik",
];
/// Keys only the view form has (`view:` may also head a history).
pub(crate) const VIEW_KEYS: [&str; 2] = ["hand", "musik"];
/// Keys only the history form has (`trump:` belongs to both).
const HISTORY_KEYS: [&str; 3] = ["deal", "exchange", "play"];
/// Keys only the snapshot form has.
const SNAPSHOT_KEYS: [&str; 4] = ["hands", "lead", "trick", "points"];

/// One `key: value` line: the key lowercased, the value trimmed.
pub(crate) struct Field {
    pub(crate) key: String,
    pub(crate) value: String,
    pub(crate) line: usize,
}

/// The fields of one block, in line order.
pub(crate) struct Fields(pub(crate) Vec<Field>);

impl Fields {
    pub(crate) fn get(&self, key: &str) -> Option<&Field> {
        self.0.iter().find(|f| f.key == key)
    }

    /// The first field (in line order) whose key is in `keys`.
    pub(crate) fn first_of(&self, keys: &[&str]) -> Option<&Field> {
        self.0.iter().find(|f| keys.contains(&f.key.as_str()))
    }
}

/// Where errors happen: the source and the position's name.
pub(crate) struct Context<'a> {
    pub(crate) source: &'a str,
    pub(crate) name: String,
}

impl Context<'_> {
    pub(crate) fn error(
        &self,
        line: usize,
        key: Option<&str>,
        message: impl Into<String>,
    ) -> PositionError {
        PositionError {
            source: self.source.to_string(),
            line,
            position: self.name.clone(),
            key: key.map(str::to_string),
            message: message.into(),
        }
    }

    /// An error in the value of `field`.
    pub(crate) fn at(&self, field: &Field, message: impl Into<String>) -> PositionError {
        self.error(field.line, Some(&field.key), message)
    }
}

/// Splits a line at its first colon into a lowercased key and a trimmed value.
fn split_line(text: &str) -> Option<(String, &str)> {
    let (key, value) = text.split_once(':')?;
    Some((key.trim().to_lowercase(), value.trim()))
}

/// The block's name for messages: its id when the id line is valid (looked up
/// first, so that every error names the position), else `#number`.
pub(crate) fn block_name(lines: &[Line], number: usize) -> String {
    lines
        .iter()
        .filter_map(|l| split_line(&l.text))
        .find(|(key, _)| key == "id")
        .and_then(|(_, value)| parse_id(value).ok())
        .unwrap_or_else(|| format!("#{number}"))
}

/// Reads the lines into fields: each a known key, given once.
pub(crate) fn read_fields(lines: &[Line], ctx: &Context) -> Result<Fields, PositionError> {
    let mut fields = Fields(Vec::new());
    for line in lines {
        let (key, value) = split_line(&line.text).ok_or_else(|| {
            ctx.error(
                line.number,
                None,
                format!("'{}' is not a 'key: value' line", line.text),
            )
        })?;
        if !KEYS.contains(&key.as_str()) {
            let msg = format!("unknown key (known: {})", KEYS.join(", "));
            return Err(ctx.error(line.number, Some(&key), msg));
        }
        if let Some(first) = fields.get(&key) {
            let msg = format!("given twice (first on line {})", first.line);
            return Err(ctx.error(line.number, Some(&key), msg));
        }
        fields.0.push(Field {
            key,
            value: value.to_string(),
            line: line.number,
        });
    }
    Ok(fields)
}

/// Reads one block (position `number`, from 1) into a checked position.
fn parse_block(
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
fn parse_block_lenient(
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
        let most = crate::score::max_contract(&rules);
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

/// An id: a name without spaces.
pub(crate) fn parse_id(value: &str) -> Result<String, String> {
    if value.is_empty() {
        Err("an id needs a name".into())
    } else if value.chars().any(char::is_whitespace) {
        Err(format!(
            "'{value}' has a space; an id is a name without spaces"
        ))
    } else {
        Ok(value.to_string())
    }
}

/// The highest `contract:` or `expect:`.
const MAX_SCORE: u16 = 1000;

/// A `contract:` or `expect:` value, 0 to 1000.
pub(crate) fn number_field(
    fields: &Fields,
    key: &str,
    ctx: &Context,
) -> Result<Option<u16>, PositionError> {
    let Some(f) = fields.get(key) else {
        return Ok(None);
    };
    let n = parse_number(&f.value).map_err(|m| ctx.at(f, m))?;
    match u16::try_from(n) {
        Ok(n) if n <= MAX_SCORE => Ok(Some(n)),
        _ => Err(ctx.at(f, format!("{n} is out of range (0 to {MAX_SCORE})"))),
    }
}

/// A number written in digits (saturating, so that a huge one reads as out of range).
fn parse_number(text: &str) -> Result<u64, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("'{text}' is not a number"));
    }
    Ok(text.parse::<u64>().unwrap_or(u64::MAX))
}

/// Which form the fields give: history (`deal:`) or snapshot (`hands:`).
fn is_history(fields: &Fields, ctx: &Context, line: usize) -> Result<bool, PositionError> {
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

// ---------------------------------------------------------------------------
// History form

/// A deal as written: before the exchange, or after it.
enum DealText {
    /// 7 7 7 + 3.
    Musik(Deal),
    /// 8 8 8 (D L R).
    Dealt([CardSet; 3]),
}

/// Reads the history form: deal, exchange (or chosen trump), play. The play
/// stops at its first bad move, which comes back beside the history.
fn history(
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
fn musik_start(
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
fn dealt_start(
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
const OWNERS: [&str; 4] = ["D's hand", "L's hand", "R's hand", "the musik"];

/// Reads a deal: 7 7 7 + 3, or (with `musik=pass`) 8 8 8; every card once.
fn parse_deal(value: &str, rules: &Rules) -> Result<DealText, String> {
    let words: Vec<&str> = value.split_whitespace().collect();
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
    let sets = parse_sets(&words)?;
    match sets.as_slice() {
        [d, l, r, musik] => {
            check_sizes(&sets, &[7, 7, 7, 3])?;
            Ok(DealText::Musik(Deal {
                hands: [*d, *l, *r],
                musik: *musik,
            }))
        }
        [d, l, r] => {
            check_sizes(&sets, &[8, 8, 8])?;
            Ok(DealText::Dealt([*d, *l, *r]))
        }
        _ => Err("a deal has 3 or 4 hands".into()),
    }
}

/// Reads hands (D, L, R, then the musik) and checks that no card is in two.
fn parse_sets(words: &[&str]) -> Result<Vec<CardSet>, String> {
    let mut sets: Vec<CardSet> = Vec::new();
    for (word, owner) in words.iter().zip(OWNERS) {
        // Named by its owner: the musik is not a "hand".
        let set: CardSet = word.parse().map_err(|e| match e {
            crate::error::CardError::BadHand(text, why) if owner == "the musik" => {
                format!("{owner}: '{text}' {why}")
            }
            e => format!("{owner}: {e}"),
        })?;
        for (earlier, earlier_owner) in sets.iter().zip(OWNERS) {
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
fn check_sizes(sets: &[CardSet], want: &[usize]) -> Result<(), String> {
    let all = sets.iter().fold(CardSet::EMPTY, |a, s| a | *s);
    for ((set, want), owner) in sets.iter().zip(want).zip(OWNERS) {
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
fn cards_count(n: usize) -> String {
    if n == 1 {
        "1 card".into()
    } else {
        format!("{n} cards")
    }
}

/// Cards in display order, separated by spaces.
fn card_list(set: CardSet) -> String {
    let words: Vec<String> = set.iter_display().map(|c| c.to_string()).collect();
    words.join(" ")
}

/// Reads an exchange (`9S JC`, three discards with `musik=discard`, a trump
/// suit last with `trump=chosen`) and the state it leads to.
fn parse_exchange(value: &str, rules: &Rules, deal: &Deal) -> Result<(Exchange, State), String> {
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
fn dealt_trump(
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
/// before it; [`parse_positions`] makes it the position's error,
/// [`parse_positions_lenient`] hands it back beside the position.
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
fn replay(start: &State, rules: &Rules, value: &str) -> (Vec<Move>, Option<BadPlay>) {
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
struct BadPlay {
    number: usize,
    word: String,
    seat: Option<Seat>,
    why: String,
    message: String,
}

// ---------------------------------------------------------------------------
// Snapshot form

/// Reads the snapshot form: hands, lead, trick, trump, points.
fn snapshot(fields: &Fields, rules: &Rules, ctx: &Context) -> Result<State, PositionError> {
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
fn parse_hands(value: &str) -> Result<[CardSet; 3], String> {
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
fn parse_trick(value: &str, hands: &[CardSet; 3]) -> Result<Vec<Card>, String> {
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
fn check_trick_sizes(
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
fn parse_trump(value: &str) -> Result<Option<Suit>, String> {
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
fn parse_points(value: &str, rules: &Rules) -> Result<[u16; 3], String> {
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

// ---------------------------------------------------------------------------
// Writing

impl fmt::Display for Position {
    /// The canonical block: `id`, `rules`, the form's keys, `contract`,
    /// `expect`, then `play` (the longest) last. No trailing newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut lines: Vec<(&str, String)> = Vec::new();
        if let Some(id) = &self.id {
            lines.push(("id", id.clone()));
        }
        lines.push(("rules", self.rules.to_string()));
        let mut play = None;
        match &self.form {
            Form::History(h) => {
                history_lines(h, &self.rules, &mut lines);
                play = play_text(&h.moves);
            }
            Form::Snapshot(state) => snapshot_lines(state, &mut lines),
        }
        if let Some(c) = self.contract {
            lines.push(("contract", c.to_string()));
        }
        if let Some(e) = self.expect {
            lines.push(("expect", e.to_string()));
        }
        if let Some(p) = play {
            lines.push(("play", p));
        }
        for (i, (key, value)) in lines.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{key}: {value}")?;
        }
        Ok(())
    }
}

/// The history form's `deal`, `exchange` and `trump` lines.
fn history_lines(h: &History, rules: &Rules, lines: &mut Vec<(&str, String)>) {
    match (&h.deal, &h.start) {
        (Some(deal), _) => lines.push(("deal", deal.to_string())),
        (None, Some(start)) => lines.push(("deal", hands_text(&start.hands))),
        (None, None) => {}
    }
    if let Some(x) = &h.exchange {
        lines.push(("exchange", x.to_string()));
    }
    // A deal written after the exchange carries the chosen trump on its own line.
    if let (None, Some(start), TrumpRule::Chosen) = (&h.deal, &h.start, rules.trump) {
        if let Some(t) = start.trump {
            lines.push(("trump", t.to_string()));
        }
    }
}

/// The cards played, ` | ` between tricks (a history starts at a first lead).
fn play_text(moves: &[Move]) -> Option<String> {
    if moves.is_empty() {
        return None;
    }
    let tricks: Vec<String> = moves
        .chunks(3)
        .map(|t| {
            t.iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    Some(tricks.join(" | "))
}

/// The snapshot form's lines.
fn snapshot_lines(state: &State, lines: &mut Vec<(&str, String)>) {
    lines.push(("hands", hands_text(&state.hands)));
    lines.push(("lead", state.leader.to_string()));
    if !state.trick().is_empty() {
        let cards: Vec<String> = state.trick().iter().map(|c| c.to_string()).collect();
        lines.push(("trick", cards.join(" ")));
    }
    lines.push(("trump", state.trump.map_or("-".into(), |s| s.to_string())));
    let [d, l, r] = state.points;
    lines.push(("points", format!("{d} {l} {r}")));
}

/// Hands D L R, separated by spaces.
fn hands_text(hands: &[CardSet; 3]) -> String {
    format!("{} {} {}", hands[0], hands[1], hands[2])
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(play_text(&moves).unwrap(), "AS 9S TS | KH-");
        assert_eq!(play_text(&[]), None);
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
