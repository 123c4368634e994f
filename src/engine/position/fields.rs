//! Reading a block of `key: value` lines: blocks, fields, the context that
//! places errors, and the keys every form shares.

use crate::engine::error::PositionError;

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
