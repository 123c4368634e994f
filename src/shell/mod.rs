//! What the shells share: the JSON of `--json` and the web API, and the
//! server of `tysiac serve` (feature `server`).

pub mod json;
#[cfg(feature = "server")]
pub mod server;
