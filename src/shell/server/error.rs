//! The API's error answer: `{"error": message}` with its HTTP status.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

/// An error answer: `{"error": message}` with its status.
#[derive(Clone, Debug)]
pub struct ApiError {
    pub status: u16,
    pub message: String,
}

impl ApiError {
    pub fn new(status: u16, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            // The library's checks speak of command-line flags; the API
            // names keys.
            message: key_words(&message.into()),
        }
    }

    /// 400: the request is wrong; the message says where.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(400, message)
    }

    /// 503: every solving slot is taken.
    pub fn busy(message: impl Into<String>) -> ApiError {
        ApiError::new(503, message)
    }

    pub fn not_found() -> ApiError {
        ApiError::new(404, "no such page or endpoint")
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let body = Json(json!({"error": self.message}));
        if self.status == 503 {
            (status, [(header::RETRY_AFTER, "1")], body).into_response()
        } else {
            (status, body).into_response()
        }
    }
}

/// A message of the library's option checks in the API's words: the
/// command line's `--choice-layouts` is the key `choice_layouts`.
fn key_words(message: &str) -> String {
    let mut out = String::new();
    let mut rest = message;
    while let Some(i) = rest.find("--") {
        let after = &rest[i + 2..];
        let len = after
            .find(|c: char| !(c.is_ascii_lowercase() || c == '-'))
            .unwrap_or(after.len());
        out.push_str(&rest[..i]);
        if len == 0 {
            out.push_str("--");
        } else {
            out.push_str(&after[..len].replace('-', "_"));
        }
        rest = &after[len..];
    }
    out.push_str(rest);
    out
}
