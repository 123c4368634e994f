//! Reading a block of `key: value` lines: blocks, fields, the context that
//! places errors, and the keys every form shares.

use super::*;

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
pub(super) const KEYS: [&str; 18] = [
    "id",
    "rules",
    "contract",
    "expect",
    "deal",
    "exchange",
    "play",
    "hands",
    "lead",
    "trick",
    "trump",
    "points",
    "last_musik",
    "view",
    "hand",
    "musik",
    "bid",
    "bids",
];
/// Keys only the view form has (`view:` may also head a history).
pub(crate) const VIEW_KEYS: [&str; 4] = ["hand", "musik", "bid", "bids"];
/// Keys only the history form has (`trump:` belongs to both).
pub(super) const HISTORY_KEYS: [&str; 3] = ["deal", "exchange", "play"];
/// Keys only the snapshot form has.
pub(super) const SNAPSHOT_KEYS: [&str; 5] = ["hands", "lead", "trick", "points", "last_musik"];

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
pub(super) fn split_line(text: &str) -> Option<(String, &str)> {
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
pub(super) const MAX_SCORE: u16 = 1000;

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
pub(super) fn parse_number(text: &str) -> Result<u64, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("'{text}' is not a number"));
    }
    Ok(text.parse::<u64>().unwrap_or(u64::MAX))
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
