//! What the browser tests and the browser bench share (`tests/web_site.rs`,
//! `tests/browser.rs`, `tests/serve_api.rs`, `benches/web.rs`): processes
//! killed when dropped, free ports, the static site served as the docs say,
//! headless Chromium through chromedriver, and the command's `--json`.

use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

use fantoccini::{Client, ClientBuilder};
use serde_json::{json, Value};

/// A loopback port nothing listens on.
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Fails saying `how` to get `tool` when it is not installed: the browser
/// tests never skip.
pub fn need(tool: &str, how: &str) {
    let found = Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false);
    assert!(found, "{tool} is not installed: {how}");
}

/// A child process killed when dropped.
pub struct Killed(pub Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Waits until something listens on `port`.
pub fn listening(port: u16, what: &str) {
    let start = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{what} does not listen on port {port}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The newest change under `dir` (files only).
fn newest(dir: &Path) -> SystemTime {
    let mut out = SystemTime::UNIX_EPOCH;
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        let t = if path.is_dir() {
            newest(&path)
        } else {
            entry.metadata().and_then(|m| m.modified()).unwrap()
        };
        out = out.max(t);
    }
    out
}

/// `target/site/`, checked to be there and built after the last change to
/// the library, the page and the browser's shell.
pub fn site() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let site = root.join("target/site");
    let wasm = site.join("tysiac_web.wasm");
    let built = std::fs::metadata(&wasm)
        .and_then(|m| m.modified())
        .unwrap_or_else(|_| {
            panic!(
                "{} is missing: build the site first with `bash scripts/web.sh` \
                 (scripts/test.sh does it before the tests)",
                wasm.display()
            )
        });
    let sources = newest(&root.join("src")).max(newest(&root.join("web")));
    assert!(
        built >= sources,
        "{} is older than the sources: rebuild it with `bash scripts/web.sh`",
        wasm.display()
    );
    site
}

/// The site served as the docs say: `python3 -m http.server` in it.
pub fn serve(site: &Path) -> (Killed, u16) {
    need(
        "python3",
        "the site is served with `python3 -m http.server`",
    );
    let port = free_port();
    let mut server = Command::new("python3");
    server
        .args(["-m", "http.server", "--bind", "127.0.0.1"])
        .arg(port.to_string())
        .current_dir(site);
    (
        start_listening(server, port, "python3 -m http.server"),
        port,
    )
}

/// Starts `command` (its output dropped) and waits until it listens on
/// `port`; it is killed when the answer is dropped.
fn start_listening(mut command: Command, port: u16, what: &str) -> Killed {
    let child = command
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{what} does not start: {e}"));
    let child = Killed(child);
    listening(port, what);
    child
}

/// Chromium's flags in every session: headless, and nothing of its own
/// on the network.
const CHROMIUM_FLAGS: [&str; 9] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
];

/// Headless Chromium (Debian's, `scripts/browser-deps.sh`) through
/// chromedriver on a free port, with its profile in `profile`, `flags`
/// added to its command line and `options` to its `goog:chromeOptions`
/// (e.g. `mobileEmulation`). The driver is killed when dropped.
pub async fn chromium(profile: &Path, flags: &[String], options: Value) -> (Client, Killed) {
    for tool in ["chromedriver", "chromium"] {
        need(
            tool,
            "the browser tests need Debian's chromium and chromium-driver \
             (run scripts/browser-deps.sh as root)",
        );
    }
    let port = free_port();
    let mut command = Command::new("chromedriver");
    command.arg(format!("--port={port}"));
    let driver = start_listening(command, port, "chromedriver");
    let mut args: Vec<String> = CHROMIUM_FLAGS.iter().map(|f| f.to_string()).collect();
    args.push(format!("--user-data-dir={}", profile.display()));
    args.extend(flags.iter().cloned());
    let mut chrome = json!({"binary": "/usr/bin/chromium", "args": args});
    if let Value::Object(more) = options {
        chrome.as_object_mut().unwrap().extend(more);
    }
    let mut caps = serde_json::Map::new();
    caps.insert("goog:chromeOptions".into(), chrome);
    let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("a Chromium session starts");
    (client, driver)
}

/// The command's `--json` lines, parsed; the command must succeed.
pub fn cli(args: &[&str]) -> Vec<Value> {
    let out = Command::new(env!("CARGO_BIN_EXE_tysiac"))
        .args(args)
        .output()
        .expect("tysiac runs");
    assert!(out.status.success(), "tysiac {args:?}: {out:?}");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// `v` with every number as a float: JavaScript has one kind of number,
/// so the page reads the library's `1.0` as `1`. The values are compared
/// exactly all the same (each side's f64).
pub fn as_floats(v: Value) -> Value {
    match v {
        Value::Number(n) => json!(n.as_f64().expect("a finite number")),
        Value::Array(a) => Value::Array(a.into_iter().map(as_floats).collect()),
        Value::Object(o) => Value::Object(o.into_iter().map(|(k, v)| (k, as_floats(v))).collect()),
        other => other,
    }
}
