//! Error types. Each says what is wrong; [`PositionError`] also says where.

use std::fmt;

use crate::card::Card;

/// A card, suit or hand that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CardError {
    #[error("'{0}' is not a card (rank 9 J Q K T A, then suit H D C S)")]
    BadCard(String),
    #[error("'{0}' is not a suit (H D C S)")]
    BadSuit(String),
    #[error("hand '{0}' {1}")]
    BadHand(String, String),
    #[error("{0} is named twice")]
    Duplicate(Card),
}

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
            self.source, self.line, self.position
        )?;
        if let Some(key) = &self.key {
            write!(f, "{key}: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for PositionError {}
