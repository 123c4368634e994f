//! The static site (`scripts/web.sh`, docs/web.md) in headless Chromium:
//! served by `python3 -m http.server` from `target/site/` (nothing else
//! runs), the page sends its requests to Web Workers running the library
//! as WebAssembly, and their answers are the command's `--json` for the
//! same input and seed. Needs the site built (`scripts/test.sh` runs
//! `scripts/web.sh` before the tests), chromium and chromedriver: without
//! them it fails saying what to run, it never skips.

mod common;

use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::time::Duration;

use common::web::{as_floats, chromium, cli, serve, site, Killed};
use fantoccini::{Client, Locator};
use serde_json::{json, Value};

const DEAL: &str = "AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9";
const HAND: &str = "AKQ.T9..AJ";

/// Headless Chromium on the site, through chromedriver, in `screen`.
async fn browser(profile: &Path, screen: Screen) -> (Client, Killed) {
    let size = format!("--window-size={},{}", screen.width, screen.height);
    let options = if screen.touch {
        // A phone: its viewport, pixel ratio and touch events.
        json!({"mobileEmulation": {"deviceMetrics": {
            "width": screen.width, "height": screen.height, "pixelRatio": 3.0, "touch": true}}})
    } else {
        json!({})
    };
    chromium(profile, &[size], options).await
}

/// The browser's window: its size, and whether it is a phone's (touch).
#[derive(Clone, Copy)]
struct Screen {
    width: u32,
    height: u32,
    touch: bool,
}

const DESKTOP: Screen = Screen {
    width: 1280,
    height: 900,
    touch: false,
};
const PHONE: Screen = Screen {
    width: 390,
    height: 844,
    touch: true,
};

/// The numbers of workers a split request is tried with: the page's pool
/// as the browser reports its cores (`window.cores`), one, and three.
const WORKERS: [&str; 3] = ["cores", "1", "3"];

/// `call` (JavaScript giving a promise) on the page with each number of
/// [`WORKERS`] in the pool: each time exactly `want` (the command's
/// answer), and the page sent its workers a shard of `endpoint` each and
/// the merge (with one worker, the request itself), as recorded by the
/// wrapper of `workerCall` in `window.sent`.
async fn same_whatever_the_workers(
    site: &Site,
    endpoint: &str,
    call: &str,
    want: &Value,
    label: &str,
) {
    site.js("window.sent = []").await;
    for workers in WORKERS {
        let (got, ms) = on_page(&site.client, &format!("(pool.size = {workers}, {call})")).await;
        assert_eq!(
            as_floats(got),
            as_floats(json!({ "ok": want })),
            "{label}, {workers} workers"
        );
        let n = site
            .js(&format!("return {workers}"))
            .await
            .as_u64()
            .unwrap() as usize;
        let mut split = vec![format!("{endpoint}/shard"); n];
        split.push(format!("{endpoint}/merge"));
        if n == 1 {
            split = vec![endpoint.to_string()];
        }
        let sent = site
            .js("const s = window.sent; window.sent = []; return s")
            .await;
        assert_eq!(sent, json!(split), "{label}, {workers} workers");
        eprintln!("{label} in the browser, {workers} workers: {ms:.0} ms");
    }
}

/// Runs `call` (JavaScript giving a promise) on the page and returns what
/// it resolves to: `{"ok": answer}` or `{"error", "status", "field"}`, and
/// the milliseconds it took.
async fn on_page(client: &Client, call: &str) -> (Value, f64) {
    let script = format!(
        "const done = arguments[arguments.length - 1];
         const t0 = performance.now();
         ({call}).then(ok => done({{ok, ms: performance.now() - t0}}),
                       e => done({{error: String(e.message), status: e.status, field: e.field}}));"
    );
    let mut v = client.execute_async(&script, vec![]).await.expect(call);
    let ms = v["ms"].as_f64().unwrap_or(0.0);
    if let Some(o) = v.as_object_mut() {
        o.remove("ms");
    }
    (v, ms)
}

/// The site served, chromedriver, and a Chromium session on the page.
struct Site {
    client: Client,
    port: u16,
    profile: PathBuf,
    server: Option<Killed>,
    _driver: Killed,
}

impl Site {
    async fn open(tab: &str) -> Site {
        Site::open_on(tab, DESKTOP).await
    }

    async fn open_on(tab: &str, screen: Screen) -> Site {
        let (server, port) = serve(&site());
        let profile =
            std::env::temp_dir().join(format!("tysiac-site-{}-{port}", std::process::id()));
        let (client, driver) = browser(&profile, screen).await;
        let timeouts = fantoccini::wd::TimeoutConfiguration::new(
            Some(Duration::from_secs(300)),
            Some(Duration::from_secs(60)),
            Some(Duration::ZERO),
        );
        client.update_timeouts(timeouts).await.unwrap();
        client
            .goto(&format!("http://127.0.0.1:{port}/#{tab}"))
            .await
            .expect("the page loads");
        if !screen.touch {
            // The window's size counts its frame: the page gets the size
            // asked for.
            let frame = client
                .execute(
                    "return [outerWidth - innerWidth, outerHeight - innerHeight]",
                    vec![],
                )
                .await
                .unwrap();
            let (dx, dy) = (frame[0].as_u64().unwrap(), frame[1].as_u64().unwrap());
            client
                .set_window_size(screen.width + dx as u32, screen.height + dy as u32)
                .await
                .expect("the window resizes");
        }
        Site {
            client,
            port,
            profile,
            server: Some(server),
            _driver: driver,
        }
    }

    /// Stops the static file server: nothing answers on the port after.
    fn stop_server(&mut self) {
        drop(self.server.take());
        assert!(
            TcpStream::connect(("127.0.0.1", self.port)).is_err(),
            "the file server still answers"
        );
    }

    async fn js(&self, script: &str) -> Value {
        self.client.execute(script, vec![]).await.expect(script)
    }

    async fn wait_for(&self, css: &str) -> fantoccini::elements::Element {
        self.client
            .wait()
            .at_most(Duration::from_secs(120))
            .for_element(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no element {css}: {e}"))
    }

    async fn close(self) {
        let errors = self.js("return window.__errors").await;
        assert_eq!(errors, json!([]), "errors on the page");
        self.client.close().await.unwrap();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_static_site_answers_in_the_browser_as_the_command_does() {
    let site = Site::open("bid").await;
    let client = &site.client;
    let transport = client.execute("return TRANSPORT", vec![]).await.unwrap();
    assert_eq!(transport, "worker", "the site's page uses the workers");

    // A solve of the example deal, over every exchange.
    let (solved, ms) = on_page(client, &format!("api('/solve', {{deal: '{DEAL}'}})")).await;
    let want = cli(&["solve", "--json", "--deal", DEAL]);
    assert_eq!(
        as_floats(solved.clone()),
        as_floats(json!({"ok": {"results": want}}))
    );
    eprintln!("solve of the example deal in the browser: {ms:.0} ms (the first loads the wasm)");

    // A bid with a seed: the same report, sample for sample, whatever the
    // number of workers sharing its samples (the page's pool as the
    // browser reports its cores, then one, then three workers); at 40
    // samples and at the defaults (400 samples), to the last bit.
    site.js("window.cores = pool.size; window.sent = [];
         const call = workerCall;
         workerCall = (endpoint, ...rest) => (sent.push(endpoint), call(endpoint, ...rest));")
        .await;
    for (samples, args) in [("40", vec!["--samples", "40"]), ("undefined", vec![])] {
        let want = cli(&[&["bid", HAND, "--seed", "7", "--json"], args.as_slice()].concat());
        assert_eq!(want[0]["samples"], if args.is_empty() { 400 } else { 40 });
        let call = format!("runJob('/bid', {{hand: '{HAND}', samples: {samples}, seed: 7}})");
        let label = format!("bid of {samples} samples");
        same_whatever_the_workers(&site, "bid", &call, &want[0], &label).await;
    }

    // A cancel stops a long bid at once (its worker is ended), and the
    // next request is answered by a fresh worker.
    let (cancelled, ms) = on_page(
        client,
        &format!(
            "(() => {{ const c = workerCall('bid', {{hand: '{HAND}', samples: 2000}});
                      setTimeout(c.cancel, 300); return c.promise; }})()"
        ),
    )
    .await;
    assert_eq!(cancelled["error"], "cancelled", "{cancelled}");
    assert!(ms < 800.0, "the cancel took {ms:.0} ms after the start");
    let (again, _) = on_page(client, &format!("api('/solve', {{deal: '{DEAL}'}})")).await;
    assert_eq!(again, solved, "after a cancel");

    // The post-mortem: the command's, exactly.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let file = root.join("docs/examples/short-hand.txt");
    let text = std::fs::read_to_string(&file).unwrap();
    let (got, _) = on_page(
        client,
        &format!("api('/analyze', {{text: {}}})", json!(text)),
    )
    .await;
    let want = cli(&["analyze", "--json", file.to_str().unwrap()]);
    assert_eq!(
        as_floats(got),
        as_floats(json!({"ok": {"results": want}})),
        "analyze"
    );

    // The card from each seat's view (three views, one weighted by the
    // model) and the exchange: the command's answers to the last bit,
    // whatever the number of workers sharing the layouts. The exchange's
    // real-play chances go through exp, which is the pure-Rust libm on
    // both sides (natively glibc's exp differed from WebAssembly's in the
    // last bit: 0.679036279603235 against 0.6790362796032352 here).
    let file = root.join("docs/examples/views.txt");
    let text = std::fs::read_to_string(&file).unwrap();
    let want = cli(&["suggest", "--json", file.to_str().unwrap()]);
    assert_eq!(want.len(), 3);
    let call = format!("api('/suggest', {{text: {}}})", json!(text));
    let want = json!({ "results": want });
    same_whatever_the_workers(&site, "suggest", &call, &want, "suggest of views.txt").await;
    let want = cli(&[
        "exchange",
        "AKQ.T9..AJ",
        "..Q.K9",
        "--samples",
        "200",
        "--json",
        "--quiet",
    ]);
    let call = "api('/exchange', {hand: 'AKQ.T9..AJ', musik: '..Q.K9', samples: 200})";
    let label = "exchange of 200 samples";
    same_whatever_the_workers(&site, "exchange", call, &want[0], label).await;
    site.js("pool.size = window.cores").await;

    // Bad input: the command line's message, the status and the field.
    let (bad, _) = on_page(client, "api('/bid', {hand: 'AKQ', samples: 40})").await;
    assert_eq!(bad["status"], 400, "{bad}");
    assert_eq!(bad["field"], "hand", "{bad}");
    assert!(
        bad["error"].as_str().unwrap().starts_with("hand: "),
        "{bad}"
    );

    // The page's own button, first with a bad hand: the library's error is
    // shown beside the field at fault, which is marked.
    let hand = client.find(Locator::Css("#bid-hand")).await.unwrap();
    hand.clear().await.unwrap();
    hand.send_keys("AKQ").await.unwrap();
    client
        .execute("document.getElementById('bid-samples').value = 40", vec![])
        .await
        .unwrap();
    let go = client.find(Locator::Css("#bid-go")).await.unwrap();
    go.click().await.unwrap();
    let beside = site
        .wait_for("#bid-hand + .field-error[data-field='hand']")
        .await;
    let said = beside.text().await.unwrap();
    assert!(said.starts_with("hand: hand 'AKQ' "), "{said}");
    assert_eq!(
        site.js("return document.getElementById('bid-hand').getAttribute('aria-invalid')")
            .await,
        "true"
    );

    // Then the right hand: the bid's report drawn from the worker's answer,
    // the mark gone, and no error on the page.
    hand.clear().await.unwrap();
    hand.send_keys(HAND).await.unwrap();
    go.click().await.unwrap();
    let out = client
        .wait()
        .at_most(Duration::from_secs(120))
        .for_element(Locator::Css("#bid-table"))
        .await
        .expect("the bid's report is drawn");
    assert!(!out.text().await.unwrap().is_empty());
    assert_eq!(
        site.js("return document.querySelectorAll('.field-error, [aria-invalid]').length")
            .await,
        0
    );
    site.close().await;
}

/// One step of a game on the Play tab as a player would take it: the end
/// seen, or a button or a legal card clicked when it is the player's turn.
const PLAY_STEP: &str = "const q = s => document.querySelector(s);
    if (q('#play-result')) return 'over';
    const st = q('#play-status').textContent;
    for (const id of ['#play-redeal-no', '#play-pass', '#play-contract-go']) {
        if (q(id)) { q(id).click(); return id; }
    }
    const card = q('#play-hand .card.legal:not([disabled])');
    if (card && /Your turn|Give a card|Discard/.test(st)) { card.click(); return 'card'; }
    return 'wait';";

/// The script that sets the Play tab up for a quick game: its seed, the
/// heuristic players with short pauses, and the rules and the number of
/// players when given.
fn quick_game(seed: u64, rules: Option<&str>, players: Option<usize>) -> String {
    let mut script = format!(
        "document.getElementById('play-seed').value = {seed};
         document.getElementById('play-strength').value = 'heuristic';
         playGame.delay = 20; playGame.trickPause = 20;"
    );
    if let Some(rules) = rules {
        script += &format!("document.getElementById('play-rules').value = '{rules}';");
    }
    if let Some(players) = players {
        script += &format!("document.getElementById('play-players').value = '{players}';");
    }
    script
}

/// Plays the game on the page to its end (or fails after five minutes).
async fn play_to_the_end(site: &Site) {
    for _ in 0..6000 {
        if site.js(PLAY_STEP).await == json!("over") {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the game did not end");
}

/// Plays the game to its end, checks the score sheet has a row a hand,
/// and answers the page's call for the game's record (the library's).
async fn finish_with_record(site: &Site) -> Value {
    play_to_the_end(site).await;
    let rows = site
        .js("return document.querySelectorAll('#play-sheet-table tr[data-hand]').length")
        .await;
    assert!(rows.as_u64().unwrap() >= 1, "{rows}");
    let (record, _) = on_page(&site.client, "gameApi(`/${playGame.id}/record`)").await;
    record
}

/// Whole games of two players (two musiks) and of four (the dealer sits
/// each hand out) to their end in the browser: the score sheet has a row a
/// hand, and the record the library makes names every player.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whole_games_of_two_and_of_four_players_end_in_the_browser() {
    for players in [2, 4] {
        let site = Site::open("play").await;
        site.js(&quick_game(12, Some("standard game_to=100"), Some(players)))
            .await;
        site.js("document.getElementById('play-new').click()").await;
        let record = finish_with_record(&site).await;
        let text = record["ok"]["record"].as_str().expect("a record");
        let names = text
            .lines()
            .find_map(|l| l.strip_prefix("players: "))
            .unwrap_or_else(|| panic!("{players} players: no players line in {text}"));
        assert_eq!(names.split_whitespace().count(), players, "{text}");
        site.close().await;
    }
}

/// A game against the computers in the browser: the page holds it (its
/// state in the browser's storage, each step a worker's answer), a reload
/// resumes it where it was, it plays to its end with the score sheet, the
/// record is the library's, and a hand's post-mortem is computed by a
/// worker.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_in_the_browser_survives_a_reload_and_plays_to_its_end() {
    let site = Site::open("play").await;
    site.js(&quick_game(11, Some("standard game_to=100"), None))
        .await;
    site.js("document.getElementById('play-new').click()").await;
    site.wait_for("#play-pass").await;
    let auction =
        "return [...document.querySelectorAll('#play-auction li')].map(l => l.textContent)";
    let before = site.js(auction).await;
    let id = site.js("return playGame.id").await;
    assert_eq!(before[0], "Ala: 100 (forced opening)", "{before}");

    // A reload: the page reads the game back from the browser's storage.
    site.client
        .goto(&format!("http://127.0.0.1:{}/#play", site.port))
        .await
        .unwrap();
    site.wait_for("#play-pass").await;
    assert_eq!(
        site.js(auction).await,
        before,
        "the same auction after a reload"
    );
    // The same game (the page's id for it), not a new one.
    assert_eq!(site.js("return playGame.id").await, id);

    site.js("playGame.delay = 20; playGame.trickPause = 20;")
        .await;
    // The record, made by the library from the state the page holds.
    let record = finish_with_record(&site).await;
    let text = record["ok"]["record"].as_str().expect("a record");
    assert!(text.starts_with("game: tysiac\n"), "{text}");
    assert!(text.contains("seed: 11\n"), "{text}");
    assert_eq!(record["ok"]["file"], "tysiac-game-11.txt");

    // The post-mortem of a played hand: its 24 cards, move by move.
    site.wait_for("#play-postmortem")
        .await
        .click()
        .await
        .unwrap();
    site.wait_for("#post-summary").await;
    assert_eq!(
        site.js("return document.querySelectorAll('#post-moves li').length")
            .await,
        json!(24)
    );
    site.close().await;
}

/// The Board and the Puzzles tabs through the workers: the example deal's
/// exchange and card values as the solver gives them, and the command's
/// puzzle for the same seed, its winning card accepted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_and_a_puzzle_work_through_the_workers() {
    let site = Site::open("board").await;
    let until = |script: &'static str| {
        let client = site.client.clone();
        async move {
            for _ in 0..1200 {
                let v = client.execute(&format!("return {script}"), vec![]).await;
                if v.ok() == Some(json!(true)) {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            panic!("never true: {script}");
        }
    };
    site.js(&format!(
        "document.getElementById('board-deal').value = '{DEAL}'; \
         document.getElementById('board-load').click()"
    ))
    .await;
    site.wait_for("#board-exchange-list button[data-give='9S QC']")
        .await
        .click()
        .await
        .unwrap();
    until("document.getElementById('board-status').dataset.value === '162'").await;
    let value = |card: &str| {
        format!("document.querySelector(\".seat.tomove .card[data-card='{card}'] .v\").textContent")
    };
    let want = cli(&["solve", "--json", "--deal", DEAL, "--exchange", "9S QC"]);
    let moves = want[0]["moves"].as_array().unwrap();
    for card in ["AH", "AS"] {
        let v = moves.iter().find(|m| m["move"] == card).unwrap()["value"].to_string();
        assert_eq!(
            site.js(&format!("return {}", value(card))).await,
            json!(v),
            "{card}"
        );
    }

    // A puzzle: the command's for seed 5, solved on the page.
    let puzzle = cli(&[
        "puzzle",
        "--json",
        "--quiet",
        "--difficulty",
        "easy",
        "--count",
        "1",
        "--seed",
        "5",
    ]);
    // The same puzzle from a worker: the candidates are drawn alike on
    // wasm32 (32-bit) and natively.
    let (found, _) = on_page(
        &site.client,
        "api('/puzzle/new', {difficulty: 'easy', rules: 'standard', count: 1, seed: 5})",
    )
    .await;
    assert_eq!(
        as_floats(found["ok"]["puzzles"][0].clone()),
        as_floats(puzzle[0].clone())
    );
    let win = &puzzle[0]["line"][0].as_str().unwrap()[..2];
    site.js("localStorage.clear(); showTab('puzzle'); \
             document.getElementById('puzzle-seed').value = 5; \
             document.getElementById('puzzle-new').click()")
        .await;
    site.wait_for(&format!(".seat.tomove .card.legal[data-card='{win}']"))
        .await
        .click()
        .await
        .unwrap();
    let verdict = site.wait_for("#puzzle-verdict").await.text().await.unwrap();
    assert!(verdict.starts_with("Right"), "{verdict}");
    site.close().await;
}

/// One page, offline after the first visit, installable: the site's files
/// are the page's folder as it is (the one `tysiac serve` embeds) with the
/// library's `.wasm`; the service worker keeps them all, so with the file
/// server stopped a reload still shows the page and a solve is answered
/// (the command's answer); the manifest makes it installable.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_site_works_offline_after_the_first_visit() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("src/shell/server/static");
    let mut files = vec!["tysiac_web.wasm".to_string()];
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let ours = std::fs::read(dir.join(&name)).unwrap();
        let built = std::fs::read(site().join(&name))
            .unwrap_or_else(|_| panic!("{name} is not in the site: run `bash scripts/web.sh`"));
        assert!(
            ours == built,
            "{name} differs in the site: run `bash scripts/web.sh`"
        );
        files.push(name);
    }

    let mut site = Site::open("board").await;
    // The service worker is active and holds every file of the page.
    let (cached, _) = on_page(
        &site.client,
        "navigator.serviceWorker.ready
           .then(() => caches.open('tysiac-site'))
           .then(c => c.keys())
           .then(keys => keys.map(r => new URL(r.url).pathname))",
    )
    .await;
    let cached: Vec<&str> = cached["ok"]
        .as_array()
        .unwrap_or_else(|| panic!("{cached}"))
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    for name in files.iter().filter(|n| *n != "sw.js") {
        let path = format!("/{}", if name == "index.html" { "" } else { name });
        assert!(
            cached.contains(&path.as_str()),
            "{path} not cached: {cached:?}"
        );
    }

    // Installable: a manifest with a name, an icon the page serves, and a
    // window of its own.
    let (manifest, _) = on_page(
        &site.client,
        "fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())
           .then(m => fetch(new URL(m.icons[0].src, location.href))
             .then(r => ({...m, icon: r.ok && r.headers.get('content-type')})))",
    )
    .await;
    let m = &manifest["ok"];
    assert_eq!(m["display"], "standalone", "{manifest}");
    assert_eq!(m["name"], "tysiac: Tysiąc (1000) solver", "{manifest}");
    assert_eq!(m["start_url"], "./", "{manifest}");
    assert_eq!(m["icon"], "image/svg+xml", "{manifest}");

    // Offline: the file server is stopped, the page reloads from the
    // service worker's copy, and a worker answers a solve as the command.
    site.stop_server();
    site.client
        .goto(&format!("http://127.0.0.1:{}/#board", site.port))
        .await
        .expect("the page loads offline");
    assert_eq!(site.js("return TRANSPORT").await, "worker");
    let (solved, _) = on_page(&site.client, &format!("api('/solve', {{deal: '{DEAL}'}})")).await;
    let want = cli(&["solve", "--json", "--deal", DEAL]);
    assert_eq!(
        as_floats(solved),
        as_floats(json!({"ok": {"results": want}})),
        "offline"
    );
    site.close().await;
}

/// A whole game's record (five hands of three heuristic players to 100,
/// seed 5, written by `tysiac game --records`): the page's `analyze`
/// answers the command's `analyze --json` lines exactly, the hands as
/// `results` and the last line as `summary`; and on the Post-mortem tab,
/// the record in the textarea and a real click on Analyze show the game's
/// table, a row per hand, and the summary, a row per player, on a phone
/// without a sideways scroll.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_record_is_analyzed_in_the_browser_as_the_command_does() {
    let dir = std::env::temp_dir().join(format!("tysiac-web-record-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let games = cli(&[
        "game",
        "--seats",
        "heuristic,heuristic,heuristic",
        "--rules",
        "standard game_to=100",
        "--seed",
        "5",
        "--games",
        "1",
        "--json",
        "--records",
        dir.to_str().unwrap(),
    ]);
    assert!(!games.is_empty());
    let file = dir.join("game-0.txt");
    let text = std::fs::read_to_string(&file).unwrap();
    let mut want = cli(&["analyze", "--json", file.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).unwrap();
    let summary = want.pop().unwrap();
    let hands = want.len();
    assert_eq!(hands, 5, "the game's hands");
    assert_eq!(summary["summary"].as_array().unwrap().len(), 3);

    let site = Site::open_on("post", PHONE).await;
    let (got, _) = on_page(
        &site.client,
        &format!("api('/analyze', {{text: {}}})", json!(text)),
    )
    .await;
    assert_eq!(
        as_floats(got),
        as_floats(json!({"ok": {"results": want, "summary": summary}})),
        "analyze of a game record"
    );

    site.tap("#tab-post").await;
    site.js(&format!(
        "document.getElementById('post-text').value = {}",
        json!(text)
    ))
    .await;
    site.tap("#post-go").await;
    site.until("document.querySelector('#post-game') !== null")
        .await;
    let rows = site
        .js("return [...document.querySelectorAll('#post-game tr[data-hand]')].map(r => r.dataset.hand)")
        .await;
    let numbers: Vec<String> = want.iter().map(|h| h["hand"].to_string()).collect();
    assert_eq!(rows, json!(numbers), "a row per hand");
    let players = site
        .js("return [...document.querySelectorAll('#post-game-summary tr[data-player]')].map(r => r.dataset.player)")
        .await;
    assert_eq!(players, json!(["P1", "P2", "P3"]), "a row per player");
    site.measure("phone-post-game").await;
    site.close().await;
}

/// What is wrong with the page's layout on this screen: a horizontal
/// scroll, or a visible button or card under 44 px (cards: in both
/// directions). Empty when all is well.
const LAYOUT: &str = "const bad = [];
    if (document.documentElement.scrollWidth > innerWidth)
        bad.push(`scrolls sideways: ${document.documentElement.scrollWidth} > ${innerWidth}`);
    for (const b of document.querySelectorAll('button, .card, summary')) {
        const r = b.getBoundingClientRect();
        if (!r.width || !r.height) continue;
        const card = b.classList.contains('card');
        if (r.height < 44 || (card && r.width < 44))
            bad.push(`${b.id || b.dataset.card || b.textContent.trim().slice(0, 20)}: ${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
        if (r.right > innerWidth + 0.5) bad.push(`${b.id || b.textContent.trim().slice(0, 20)} past the right edge`);
    }
    return bad;";

impl Site {
    /// Checks [`LAYOUT`] and saves a screenshot to target/screenshots/.
    async fn measure(&self, name: &str) {
        let bad = self.js(LAYOUT).await;
        let png = self.client.screenshot().await.expect("a screenshot");
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(format!("site-{name}.png")), png).unwrap();
        assert_eq!(
            bad,
            json!([]),
            "{name}: the layout (screenshot in target/screenshots/)"
        );
    }

    /// Polls `script` (an expression) until it is true.
    async fn until(&self, script: &str) {
        for _ in 0..2400 {
            if self.js(&format!("return {script}")).await == json!(true) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("never true: {script}");
    }

    /// A real click (WebDriver's: the element must be visible and not
    /// covered) on the element `css`.
    async fn tap(&self, css: &str) {
        self.wait_for(css)
            .await
            .click()
            .await
            .unwrap_or_else(|e| panic!("{css}: {e}"));
    }
}

/// A phone (390x844, touch) and a desktop (1280x900): every tab has no
/// horizontal scroll and every button and card is a finger's size; on
/// Puzzles the first card to tap is the seat to play's; the hash and Back
/// switch the tab; and a whole hand of a game is played with real taps to
/// its score, four players on the phone and two on the desktop, the
/// settings folded away while it is played. Screenshots in
/// target/screenshots/site-*.png.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_fits_a_phone_and_a_desktop_and_a_hand_is_played_by_taps() {
    for (screen, name, players) in [(PHONE, "phone", 4), (DESKTOP, "desktop", 2)] {
        let site = Site::open_on("bid", screen).await;
        let inner = site.js("return [innerWidth, innerHeight]").await;
        assert_eq!(
            inner,
            json!([screen.width, screen.height]),
            "{name}: the viewport"
        );
        site.measure(&format!("{name}-bid")).await;

        // The board with the example deal loaded.
        site.tap("#tab-board").await;
        site.js(&format!(
            "document.getElementById('board-deal').value = '{DEAL}'; \
             document.getElementById('board-load').click()"
        ))
        .await;
        site.wait_for("#board-exchange-list button").await;
        site.measure(&format!("{name}-board")).await;

        // A puzzle: the first card one can tap is the seat to play's.
        site.tap("#tab-puzzle").await;
        site.js("document.getElementById('puzzle-seed').value = 5")
            .await;
        site.tap("#puzzle-new").await;
        site.wait_for("#puzzle-table .seat.tomove .card.legal")
            .await;
        let first = site
            .js(
                "const b = document.querySelector('#puzzle-table button:not([disabled])');
                 return b && b.closest('.seat').classList.contains('tomove')",
            )
            .await;
        assert_eq!(
            first,
            json!(true),
            "{name}: the first enabled card on Puzzles"
        );
        site.measure(&format!("{name}-puzzle")).await;

        // The hash and Back switch the tab.
        site.js("location.hash = '#post'").await;
        site.until("document.getElementById('post').classList.contains('active')")
            .await;
        site.js("history.back()").await;
        site.until("document.getElementById('puzzle').classList.contains('active') && location.hash === '#puzzle'")
            .await;

        // A hand of a game, by taps, to its score.
        site.tap("#tab-play").await;
        site.js(&quick_game(3, None, Some(players))).await;
        site.tap("#play-new").await;
        site.wait_for("#play-hand .card").await;
        assert_eq!(
            site.js("return document.getElementById('play-setup').open")
                .await,
            json!(false),
            "{name}: the settings fold away once the game starts"
        );
        let seats = site.js("return playGame.seats.length").await;
        assert_eq!(seats, json!(players), "{name}");
        let step = "const q = s => document.querySelector(s);
            const rows = document.querySelectorAll('#play-sheet-table tr[data-hand]').length;
            if (rows > (window.__rowsAtPlay ?? Infinity)) return 'scored';
            const st = q('#play-status').textContent;
            for (const id of ['#play-redeal-no', '#play-pass', '#play-contract-go']) if (q(id)) return id;
            const card = q('#play-hand .card.legal:not([disabled])');
            if (card && /Your turn|Give a card|Discard/.test(st))
                return `#play-hand .card.legal[data-card='${card.dataset.card}']`;
            return 'wait';";
        let mut shot = false;
        let mut scored = false;
        for _ in 0..6000 {
            match site.js(step).await.as_str().unwrap() {
                "scored" => {
                    scored = true;
                    break;
                }
                "wait" => tokio::time::sleep(Duration::from_millis(50)).await,
                css => {
                    if css.starts_with("#play-hand") && !shot {
                        // Mid-hand: the hand is on screen, not pushed down.
                        let top = site
                            .js("return document.getElementById('play-hand').getBoundingClientRect().top")
                            .await;
                        assert!(
                            top.as_f64().unwrap() < f64::from(screen.height) * 0.8,
                            "{name}: the hand starts at {top} px"
                        );
                        site.measure(&format!("{name}-play-{players}")).await;
                        // The hand to score is this one (with four, the
                        // dealer sits a hand out).
                        site.js("window.__rowsAtPlay = document.querySelectorAll('#play-sheet-table tr[data-hand]').length")
                            .await;
                        shot = true;
                    }
                    // The element may be redrawn between the look and the
                    // tap: then the next round looks again.
                    if let Ok(e) = site.client.find(Locator::Css(css)).await {
                        let _ = e.click().await;
                    }
                }
            }
        }
        assert!(scored, "{name}: the hand was not scored");
        assert!(shot, "{name}: the player never had a card to play");
        site.measure(&format!("{name}-play-{players}-scored")).await;
        site.close().await;
    }
}
