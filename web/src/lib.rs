//! The browser's shell of tysiac: the library's request layer
//! (`tysiac::shell::requests`) exported to JavaScript as WebAssembly, with
//! functions written by hand (no bindings generator). A Web Worker
//! (`src/shell/server/static/worker.js`, one of the page's files) loads it and answers the
//! page's requests; no rule of the game is in JavaScript.
//!
//! The calls, all on the worker's own thread:
//!
//! - `alloc(len) -> ptr` and `dealloc(ptr, len)`: memory for the texts
//!   passed in and the replies passed out;
//! - `call(endpoint_ptr, endpoint_len, body_ptr, body_len) -> u64`: the
//!   answer to one request (`solve`, `bid`, ..., `game/step`; the body is
//!   the JSON the web API takes), as the reply's pointer (high 32 bits) and
//!   length (low 32 bits): the JSON `{"ok": answer}` or `{"error":
//!   message, "status": n, "field": key or null}`. The caller frees it with
//!   `dealloc`.
//!
//! And what it imports from the module `env`: `progress(done, total)`,
//! called after each unit of work (the worker forwards it to the page),
//! and `fresh_seed() -> u32`, a seed for a request that asks for a random
//! one (the library draws none).

use serde_json::json;
use tysiac::shell::requests;

#[cfg(target_family = "wasm")]
#[link(wasm_import_module = "env")]
extern "C" {
    fn progress(done: u32, total: u32);
    fn fresh_seed() -> u32;
}

/// Tells the page how far the work is.
fn report(done: u64, total: u64) {
    #[cfg(target_family = "wasm")]
    // SAFETY: an imported function taking and returning plain numbers.
    unsafe {
        progress(
            done.min(u64::from(u32::MAX)) as u32,
            total.min(u64::from(u32::MAX)) as u32,
        )
    }
    #[cfg(not(target_family = "wasm"))]
    let _ = (done, total);
}

/// A seed from the page, for a request that gives none.
fn page_seed() -> u64 {
    #[cfg(target_family = "wasm")]
    // SAFETY: an imported function returning a plain number.
    return u64::from(unsafe { fresh_seed() });
    #[cfg(not(target_family = "wasm"))]
    0
}

/// `len` bytes for the caller to fill (a request's endpoint or body).
#[no_mangle]
pub extern "C" fn alloc(len: usize) -> *mut u8 {
    let mut bytes = std::mem::ManuallyDrop::new(Vec::<u8>::with_capacity(len));
    bytes.as_mut_ptr()
}

/// Frees what [`alloc`] gave, or a reply of [`call`].
///
/// # Safety
/// `ptr` and `len` are exactly those of one [`alloc`] or one reply of
/// [`call`], freed once.
#[no_mangle]
pub unsafe extern "C" fn dealloc(ptr: *mut u8, len: usize) {
    // SAFETY: the caller gives back a buffer of capacity `len` made here.
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len) });
}

/// The answer to one request, as the reply's pointer and length packed in
/// one number (see the crate's documentation).
///
/// # Safety
/// The two pointers and lengths are buffers of [`alloc`] the caller has
/// filled (the endpoint's name and the body, as bytes).
#[no_mangle]
pub unsafe extern "C" fn call(
    endpoint_ptr: *const u8,
    endpoint_len: usize,
    body_ptr: *const u8,
    body_len: usize,
) -> u64 {
    // SAFETY: the caller passes buffers it filled, of these lengths.
    let (endpoint, body) = unsafe {
        (
            std::slice::from_raw_parts(endpoint_ptr, endpoint_len),
            std::slice::from_raw_parts(body_ptr, body_len),
        )
    };
    let reply = answer(endpoint, body).into_bytes().into_boxed_slice();
    let len = reply.len() as u64;
    let ptr = Box::into_raw(reply) as *mut u8 as usize as u64;
    (ptr << 32) | len
}

/// The reply's JSON text: `{"ok": ...}` or the error's `{"error", "status",
/// "field"}`.
pub fn answer(endpoint: &[u8], body: &[u8]) -> String {
    let reply = match std::str::from_utf8(endpoint) {
        Err(_) => requests::RequestError::not_found().to_json(),
        // One thread in the browser: the page splits work between workers.
        Ok(endpoint) => match requests::answer(endpoint, body, 1, &page_seed, &report) {
            Ok(answer) => json!({ "ok": answer }),
            Err(e) => e.to_json(),
        },
    };
    reply.to_string()
}
