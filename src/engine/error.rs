//! Error types. Each says what is wrong; [`PositionError`] also says where.

use std::fmt;

pub use crate::engine::card::CardError;

/// A rule set that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RulesError(pub String);

/// A position that does not parse or is not a legal state of a hand: where it
/// is (source, line, position id or number, key) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionError {
    /// The file name, or `<stdin>`, `<arg>` ...
    pub source: String,
    /// 1-based line of the offending key (or of the position's first line).
    pub line: usize,
    /// The position's `id:`, or `#n` (its number in the input, from 1).
    pub position: String,
    /// The key whose value is wrong, if the problem belongs to one key.
    pub key: Option<String>,
    pub message: String,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: position {}: ",
            self.source,
            self.line,
            clip(&self.position, QUOTE)
        )?;
        if let Some(key) = &self.key {
            write!(f, "{}: ", clip(key, QUOTE))?;
        }
        f.write_str(&clip(&self.message, MESSAGE))
    }
}

/// The most characters of the user's text an error quotes (a card, a hand,
/// a key, a position's name).
pub const QUOTE: usize = 80;
/// The most characters of an error's message.
pub const MESSAGE: usize = 600;

/// `text` as an error shows it: whole when at most `max` characters, else
/// its first `max` and how long it is. A 10 MB line of junk gets an error
/// of one short line, not 10 MB on standard error.
pub fn clip(text: &str, max: usize) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(max) {
        None => std::borrow::Cow::Borrowed(text),
        Some((end, _)) => {
            std::borrow::Cow::Owned(format!("{}… ({} bytes in all)", &text[..end], text.len()))
        }
    }
}

impl std::error::Error for PositionError {}
