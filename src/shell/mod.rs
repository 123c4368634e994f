//! What the shells share: the JSON of `--json` and the web API, the web
//! API's requests without a transport (`requests`: what `tysiac serve`
//! and the browser's WebAssembly both answer with), and the server of
//! `tysiac serve` (feature `server`).

pub mod json;
pub mod requests;
#[cfg(feature = "server")]
pub mod server;
