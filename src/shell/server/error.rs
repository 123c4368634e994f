//! The API's error answer: `{"error": message}` with its HTTP status.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use crate::shell::requests::RequestError;

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
            // names keys (as the request layer's errors do).
            message: RequestError::new(status, message).message,
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

/// The request layer's error as HTTP: the same status and message (the
/// field at fault is named in the message).
impl From<RequestError> for ApiError {
    fn from(e: RequestError) -> ApiError {
        ApiError {
            status: e.status,
            message: e.message,
        }
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
