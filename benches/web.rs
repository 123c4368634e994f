//! The browser against native, side by side in one run (issue 49; the
//! table in docs/web.md): the same requests through the same request layer
//! (`tysiac::shell::requests`), natively on one thread and as WebAssembly
//! in one Web Worker of headless Chromium on the static site
//! (`target/site/`, built by `bash scripts/web.sh`): a solve of each of 20
//! seeded random full deals (every exchange, then the play) and a bid at
//! its defaults. Each browser request is timed twice: inside the worker
//! (`performance.now()` around the WebAssembly call, as worker.js reports
//! it) and from the page (the messages to the worker and back counted
//! in); the answers are checked to be the native ones exactly. Then the
//! page's size over the wire (gzip -9 of every file) and the time from
//! loading the page to its first answer on screen (a solve drawn on the
//! Board tab).
//!
//!     bash scripts/web.sh && cargo bench --bench web
//!     cargo bench --bench web -- --samples 5
//!
//! Options: `--samples N` (timed runs of each request on each side,
//! default 5; the medians are printed); `TYSIAC_CHROMIUM_FLAGS` adds
//! flags to Chromium's command line. Needs python3, chromium and
//! chromedriver (scripts/browser-deps.sh) and the site built: without them
//! it stops saying what to run.

#[path = "../tests/common/mod.rs"]
mod common;

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use common::web::{as_floats, chromium, serve, site, Killed};
use fantoccini::Client;
use serde_json::{json, Value};

const DEAL: &str = "AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9";
const HAND: &str = "AKQ.T9..AJ";
/// Random full deals solved.
const DEALS: usize = 20;

fn arg(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

/// The native side: one request's answer on one thread through the
/// request layer, as the text the browser's shell returns, in
/// milliseconds.
fn native(endpoint: &str, body: &Value) -> (Value, f64) {
    let body = body.to_string();
    let start = Instant::now();
    let answer = tysiac::shell::requests::answer(endpoint, body.as_bytes(), 1, &|| 0, &|_, _| {})
        .expect("a good request");
    let text = json!({ "ok": answer }).to_string();
    let ms = start.elapsed().as_secs_f64() * 1e3;
    assert!(!text.is_empty());
    (answer, ms)
}

/// The browser's side of one request, to one worker of the page's pool
/// (its `.wasm` already loaded).
struct Browser {
    answer: Value,
    /// The library's call inside the worker, as the worker measures it
    /// (`performance.now()` around the WebAssembly call).
    worker_ms: f64,
    /// From the page's request to its answer there: the messages to the
    /// worker and back, and the JSON on both sides, counted in.
    page_ms: f64,
}

async fn browser(client: &Client, endpoint: &str, body: &Value) -> Browser {
    let script = format!(
        "const done = arguments[arguments.length - 1];
         pool.size = 1;
         const t0 = performance.now();
         const call = workerCall('{endpoint}', {body});
         call.promise.then(
             ok => done({{page: performance.now() - t0, worker: call.ms(), text: JSON.stringify(ok)}}),
             e => done({{error: String(e.message)}}));"
    );
    let v = client.execute_async(&script, vec![]).await.expect(endpoint);
    assert!(v.get("error").is_none(), "{endpoint}: {v}");
    // The answer as JSON text, read here: WebDriver's own numbers are not
    // always the page's to the last bit.
    Browser {
        answer: serde_json::from_str(v["text"].as_str().unwrap()).unwrap(),
        worker_ms: v["worker"].as_f64().expect("the worker's time"),
        page_ms: v["page"].as_f64().unwrap(),
    }
}

/// Compares the browser's answer with the native one, exactly (each
/// number as JavaScript reads it): how many numbers differ, and the first.
fn differences(got: &Value, want: &Value) -> Vec<String> {
    let mut out = Vec::new();
    diff(
        &as_floats(got.clone()),
        &as_floats(want.clone()),
        "",
        &mut out,
    );
    out
}

/// Times of one request on each side: native, in the worker, from the
/// page.
#[derive(Default)]
struct Times {
    native: Vec<f64>,
    worker: Vec<f64>,
    page: Vec<f64>,
}

impl Times {
    fn print(&self, label: &str) {
        let (n, w, p) = (
            median(self.native.clone()),
            median(self.worker.clone()),
            median(self.page.clone()),
        );
        println!(
            "{label:<46} {n:>9.2} {w:>9.2} {p:>9.2} {:>8.2}x {:>8.2}x",
            w / n,
            p / n
        );
    }
}

/// Headless Chromium for the bench: `TYSIAC_CHROMIUM_FLAGS` adds flags
/// to its command line (e.g. `--js-flags=--liftoff-only`, V8's baseline
/// compiler alone), and long requests are waited for.
async fn browser_session(profile: &Path) -> (Client, Killed) {
    let flags: Vec<String> = std::env::var("TYSIAC_CHROMIUM_FLAGS")
        .map(|more| more.split_whitespace().map(String::from).collect())
        .unwrap_or_default();
    let (client, driver) = chromium(profile, &flags, json!({})).await;
    client
        .update_timeouts(fantoccini::wd::TimeoutConfiguration::new(
            Some(std::time::Duration::from_secs(600)),
            Some(std::time::Duration::from_secs(60)),
            Some(std::time::Duration::ZERO),
        ))
        .await
        .unwrap();
    (client, driver)
}

/// Every file of the site compressed with `gzip -9`: (raw, compressed) bytes.
fn sizes(site: &Path) -> (u64, u64) {
    let (mut raw, mut gz) = (0, 0);
    for entry in std::fs::read_dir(site).unwrap() {
        let path = entry.unwrap().path();
        raw += std::fs::metadata(&path).unwrap().len();
        let out = Command::new("gzip")
            .arg("-9c")
            .arg(&path)
            .output()
            .expect("gzip runs");
        gz += out.stdout.len() as u64;
    }
    (raw, gz)
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let samples: usize = arg(&args, "--samples").map_or(5, |s| s.parse().expect("--samples N"));
    let site = site();
    let (_server, port) = serve(&site);
    let profile = std::env::temp_dir().join(format!("tysiac-bench-web-{}", std::process::id()));
    let (client, _driver) = browser_session(&profile).await;
    let url = format!("http://127.0.0.1:{port}/#board");

    // Load to the first answer on screen: a fresh profile (nothing
    // cached), the page loaded, the example deal asked for at once, and
    // the time (from the navigation's start, as the page counts) when its
    // exchanges are drawn. WebDriver's own delays are counted in.
    client.goto(&url).await.expect("the page loads");
    let first = client
        .execute_async(
            &format!(
                "const done = arguments[arguments.length - 1];
                 const load = performance.getEntriesByType('navigation')[0].loadEventEnd;
                 document.getElementById('board-deal').value = '{DEAL}';
                 document.getElementById('board-load').click();
                 const look = () => document.querySelector('#board-exchange-list button')
                     ? done({{load, answer: performance.now()}}) : requestAnimationFrame(look);
                 look();"
            ),
            vec![],
        )
        .await
        .expect("the first answer");

    let (raw, gz) = sizes(&site);
    // Full deals from the start, as `tysiac solve --deal` solves them:
    // every exchange, then the play. Random three-player deals, seeded
    // (the request layer's `deal`, seeds 1 to DEALS).
    let deals: Vec<Value> = (1..=DEALS as u64)
        .map(|seed| json!({"deal": native("deal", &json!({"seed": seed})).0["deal"]}))
        .collect();
    let bid = json!({"hand": HAND, "seed": 7});
    println!("bench web: {samples} timed runs of each request on each side, medians in ms");
    println!(
        "{:<46} {:>9} {:>9} {:>9} {:>9} {:>9}",
        "request", "native", "worker", "page", "worker/n", "page/n"
    );

    // One run of each side first: the same answer (and warm caches).
    let mut differ = Vec::new();
    for body in deals.iter().chain([&bid]) {
        let endpoint = if body.get("hand").is_some() {
            "bid"
        } else {
            "solve"
        };
        let want = native(endpoint, body).0;
        let got = browser(&client, endpoint, body).await.answer;
        for d in differences(&got, &want) {
            differ.push(format!("{endpoint} {body}: {d}"));
        }
    }

    // Each solve on its own, and the DEALS of a round together.
    let (mut each, mut rounds) = (Times::default(), Times::default());
    for _ in 0..samples {
        let mut round = [0.0; 3];
        for body in &deals {
            let n = native("solve", body).1;
            let b = browser(&client, "solve", body).await;
            for (all, t) in [
                (&mut each.native, n),
                (&mut each.worker, b.worker_ms),
                (&mut each.page, b.page_ms),
            ] {
                all.push(t);
            }
            round[0] += n;
            round[1] += b.worker_ms;
            round[2] += b.page_ms;
        }
        rounds.native.push(round[0]);
        rounds.worker.push(round[1]);
        rounds.page.push(round[2]);
    }
    each.print(&format!("solve, {DEALS} random full deals: each"));
    rounds.print(&format!("solve, the {DEALS} deals one after another"));

    let mut bids = Times::default();
    for _ in 0..samples {
        bids.native.push(native("bid", &bid).1);
        let b = browser(&client, "bid", &bid).await;
        bids.worker.push(b.worker_ms);
        bids.page.push(b.page_ms);
    }
    bids.print("bid AKQ.T9..AJ at its defaults, seed 7");
    if differ.is_empty() {
        println!(
            "the answers: the browser's are the native ones exactly ({DEALS} solves and the bid)"
        );
    } else {
        println!(
            "the answers: {} numbers differ from native, e.g. {}",
            differ.len(),
            differ[0]
        );
    }
    println!(
        "the page's files: {:.0} KB, {:.0} KB with gzip -9 (all of target/site)",
        raw as f64 / 1e3,
        gz as f64 / 1e3
    );
    println!(
        "load to the first answer on screen: {:.0} ms (the load event at {:.0} ms)",
        first["answer"].as_f64().unwrap(),
        first["load"].as_f64().unwrap()
    );
    client.close().await.unwrap();
    let _ = std::fs::remove_dir_all(&profile);
}

/// The paths where `a` and `b` differ, with both values.
fn diff(a: &Value, b: &Value, path: &str, out: &mut Vec<String>) {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for k in x.keys().chain(y.keys().filter(|k| !x.contains_key(*k))) {
                diff(&x[k], &y[k], &format!("{path}.{k}"), out);
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (p, q)) in x.iter().zip(y).enumerate() {
                diff(p, q, &format!("{path}.{i}"), out);
            }
        }
        _ if a != b => out.push(format!("{path}: {a} against {b}")),
        _ => {}
    }
}
