//! `tysiac serve`: the web page and a JSON API over the library (issue 12).
//!
//! One process serves the page (embedded in the binary: `static/`) and the
//! API under `/api/` (documented in `docs/api.md`). The API mirrors the
//! command line: the same notation text and options in, the same JSON as
//! `--json` out. Limits keep one user from taking the machine:
//!
//! - a request body of at most [`Config::max_body`] bytes (413 beyond);
//! - samples, deals, positions and counts capped per endpoint (400 beyond);
//! - at most [`Config::max_jobs`] solving jobs at once: a request beyond it
//!   is answered at once with 503 and `Retry-After`, and the page, the job
//!   polls and the cheap endpoints stay served;
//! - a time limit per job ([`Config::time_limit`]): the job is stopped and
//!   answered 504;
//! - long jobs (bid, exchange, play) may run in the background
//!   (`"async": true`) with their progress polled at `/api/jobs/{id}`, and
//!   cancelled with `DELETE /api/jobs/{id}`.
//!
//! No request reads or writes a file.

mod api;
mod config;
mod error;
mod game;
mod jobs;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use tower::ServiceBuilder;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

pub use config::Config;
pub use jobs::Jobs;

/// The page and the API.
pub fn router(config: Config) -> Router {
    let jobs = Arc::new(Jobs::new(config.clone()));
    let api = api::routes().with_state(jobs.clone());
    let mut router = Router::new()
        .route("/", get(index))
        .route("/index.html", get(index));
    for (path, kind, body) in FILES {
        router = router.route(path, get(move || async move { asset(kind, body) }));
    }
    router
        .route("/favicon.ico", get(|| async { StatusCode::NO_CONTENT }))
        .merge(game::routes(jobs))
        .nest("/api", api)
        .fallback(|| async { error::ApiError::not_found() })
        .layer(
            ServiceBuilder::new()
                // Outermost: every error answer is `{"error": ...}`, also
                // those made below the handlers (413, 405, 408).
                .layer(axum::middleware::map_response_with_state(
                    config.max_body,
                    json_errors,
                ))
                .layer(axum::middleware::from_fn_with_state(
                    config.max_body,
                    refuse_large_bodies,
                ))
                // A body without a length is cut at the limit as it comes.
                .layer(RequestBodyLimitLayer::new(config.max_body))
                // The backstop for anything not bounded by a job's own limit.
                .layer(TimeoutLayer::with_status_code(
                    StatusCode::REQUEST_TIMEOUT,
                    config.time_limit + Duration::from_secs(5),
                ))
                .layer(DefaultBodyLimit::disable()),
        )
}

/// The most of a refused body read (and dropped) before answering 413.
const DRAIN_LIMIT: usize = 4 << 20;

/// A body whose declared length is over the limit is answered 413 at once,
/// but only after reading what the client is sending (up to
/// [`DRAIN_LIMIT`], for at most 5 seconds): closing a connection with
/// unread data resets it, and the client, still writing, sees a broken
/// pipe instead of the answer.
async fn refuse_large_bodies(
    axum::extract::State(max_body): axum::extract::State<usize>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    match declared {
        Some(n) if n > max_body as u64 => {
            if n <= DRAIN_LIMIT as u64 {
                let drain = axum::body::to_bytes(request.into_body(), DRAIN_LIMIT);
                let _ = tokio::time::timeout(Duration::from_secs(5), drain).await;
            }
            StatusCode::PAYLOAD_TOO_LARGE.into_response()
        }
        _ => next.run(request).await,
    }
}

/// An error answer that is not JSON yet (the body limit's 413, axum's 405
/// for a wrong method, the backstop's 408) as `{"error": ...}` saying what
/// to do; JSON answers and successes pass unchanged.
async fn json_errors<B>(
    axum::extract::State(max_body): axum::extract::State<usize>,
    response: axum::http::Response<B>,
) -> Response
where
    B: axum::body::HttpBody<Data = axum::body::Bytes> + Send + 'static,
    B::Error: Into<axum::BoxError>,
{
    let response = response.map(axum::body::Body::new);
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !status.is_client_error() && !status.is_server_error() || is_json {
        return response;
    }
    let message = match status {
        StatusCode::PAYLOAD_TOO_LARGE => format!(
            "request body: larger than this server takes ({max_body} bytes; --max-body-kib)"
        ),
        StatusCode::METHOD_NOT_ALLOWED => match response
            .headers()
            .get(header::ALLOW)
            .and_then(|v| v.to_str().ok())
        {
            Some(allow) => format!("method not allowed here: use {allow}"),
            None => "method not allowed here: the endpoints take POST, but \
                     /api/jobs/ID (GET or DELETE) and /api/limits (GET)"
                .to_string(),
        },
        StatusCode::REQUEST_TIMEOUT => "the request took too long; ask for less work".to_string(),
        s => format!("{} {}", s.as_u16(), s.canonical_reason().unwrap_or("error")),
    };
    let mut out = (status, axum::Json(serde_json::json!({ "error": message }))).into_response();
    if let Some(allow) = response.headers().get(header::ALLOW) {
        out.headers_mut().insert(header::ALLOW, allow.clone());
    }
    out
}

/// The page's files, the same as the static site's (`scripts/web.sh`
/// copies this folder as it is): one page.
const INDEX: &str = include_str!("static/index.html");
const FILES: [(&str, &str, &str); 7] = [
    ("/app.js", JS, include_str!("static/app.js")),
    ("/play.js", JS, include_str!("static/play.js")),
    ("/worker.js", JS, include_str!("static/worker.js")),
    ("/sw.js", JS, include_str!("static/sw.js")),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("static/style.css"),
    ),
    (
        "/manifest.webmanifest",
        "application/manifest+json",
        include_str!("static/manifest.webmanifest"),
    ),
    (
        "/icon.svg",
        "image/svg+xml",
        include_str!("static/icon.svg"),
    ),
];
const JS: &str = "text/javascript; charset=utf-8";

/// The static site's transport (`worker`: the library as WebAssembly in
/// the browser) and this server's (`http`: its JSON API).
const WORKER: &str = r#"<meta name="tysiac-transport" content="worker">"#;
const HTTP: &str = r#"<meta name="tysiac-transport" content="http">"#;

fn asset(kind: &'static str, body: impl IntoResponse) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

/// `index.html`, told to send its requests to this server's API.
async fn index() -> Response {
    debug_assert!(INDEX.contains(WORKER));
    asset("text/html; charset=utf-8", INDEX.replacen(WORKER, HTTP, 1))
}

/// Serves on `addr` until interrupted; prints the URL on stdout once
/// listening (the port is the one bound, so `127.0.0.1:0` works).
pub fn run(addr: SocketAddr, config: Config) -> std::io::Result<()> {
    jobs::quiet_cancellations();
    // The async side only routes and waits: solving runs on the blocking
    // pool and in each job's own worker threads.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(config.max_jobs + 4)
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        let local = listener.local_addr()?;
        println!("tysiac serving on http://{local}/");
        use std::io::Write;
        let _ = std::io::stdout().flush();
        axum::serve(listener, router(config))
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
    })
}
