//! The web page in headless Chromium (WebDriver through chromedriver): the
//! page loads with no console errors, and the flows of the bid calculator,
//! the board, the post-mortem and the puzzles. A screenshot of each page is
//! saved in `target/screenshots/`. Chromium and chromedriver come from
//! Debian (`scripts/browser-deps.sh`); without them these tests fail with a
//! message saying so, they never skip.

mod serve_support;

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use serve_support::Server;

const DEAL: &str = "AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9";

/// chromedriver on a free port, killed when dropped, with its own profile.
struct Driver {
    child: Child,
    port: u16,
    profile: PathBuf,
}

impl Driver {
    fn start() -> Driver {
        for tool in ["chromedriver", "chromium"] {
            let found = Command::new("sh")
                .args(["-c", &format!("command -v {tool}")])
                .output()
                .map(|o| o.status.success())
                .unwrap_or(false);
            assert!(
                found,
                "{tool} is not installed: the browser tests need Debian's chromium and \
                 chromium-driver (run scripts/browser-deps.sh as root)"
            );
        }
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let profile =
            std::env::temp_dir().join(format!("tysiac-chromium-{}-{port}", std::process::id()));
        Driver {
            child,
            port,
            profile,
        }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// The server, the driver and a browser session on the page.
struct Page {
    client: Client,
    server: Server,
    _driver: Driver,
}

async fn open(tab: &str) -> Page {
    let server = Server::start(&[]);
    let driver = Driver::start();
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": "/usr/bin/chromium",
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                     "--no-first-run", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync",
                     "--disable-dev-shm-usage", "--window-size=1100,1000",
                     format!("--user-data-dir={}", driver.profile.display())]
        }),
    );
    let url = format!("http://127.0.0.1:{}", driver.port);
    let mut client = None;
    let mut last = String::new();
    // chromedriver takes a moment to listen.
    for _ in 0..100 {
        match ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps.clone())
            .connect(&url)
            .await
        {
            Ok(c) => {
                client = Some(c);
                break;
            }
            Err(e) => {
                last = e.to_string();
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
    let client = client.unwrap_or_else(|| panic!("cannot start a Chromium session: {last}"));
    client
        .goto(&format!("{}/#{tab}", server.url))
        .await
        .expect("the page loads");
    Page {
        client,
        server,
        _driver: driver,
    }
}

impl Page {
    async fn wait_for(&self, css: &str) -> fantoccini::elements::Element {
        self.client
            .wait()
            .at_most(Duration::from_secs(120))
            .for_element(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no element {css}: {e}"))
    }

    async fn click(&self, css: &str) {
        self.wait_for(css)
            .await
            .click()
            .await
            .unwrap_or_else(|e| panic!("click {css}: {e}"));
    }

    async fn text(&self, css: &str) -> String {
        self.wait_for(css).await.text().await.unwrap()
    }

    async fn js(&self, script: &str) -> Value {
        self.client.execute(script, vec![]).await.expect(script)
    }

    /// Waits until `script` (an expression) is true.
    async fn until(&self, script: &str) {
        let expr = format!("return !!({script});");
        for _ in 0..1200 {
            if self.js(&expr).await == Value::Bool(true) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("never true: {script}");
    }

    async fn no_errors(&self) {
        let errors = self.js("return window.__errors;").await;
        assert_eq!(errors, json!([]), "console errors on the page");
    }

    async fn screenshot(&self, name: &str) {
        let png = self.client.screenshot().await.expect("screenshot");
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
    }

    async fn close(self) {
        self.no_errors().await;
        self.client.close().await.expect("closes");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_loads_every_part_with_no_console_errors() {
    let page = open("bid").await;
    assert_eq!(
        page.client.title().await.unwrap(),
        "tysiac: Tysiąc (1000) solver"
    );
    assert_eq!(
        page.js("return document.querySelectorAll('#bid-picker .card').length")
            .await,
        json!(24)
    );
    for tab in ["bid", "board", "post", "puzzle", "play"] {
        page.click(&format!("#tab-{tab}")).await;
        page.until(&format!(
            "document.getElementById('{tab}').classList.contains('active')"
        ))
        .await;
    }
    // The keyboard switches parts too.
    page.js("document.body.dispatchEvent(new KeyboardEvent('keydown', {key: '2', bubbles: true}))")
        .await;
    page.until("document.getElementById('board').classList.contains('active')")
        .await;
    page.close().await;
}

/// Two marriages and three aces: 120 is made on every layout.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bid_calculator_on_a_hand_that_always_makes_120() {
    let page = open("bid").await;
    for card in ["AH", "KH", "QH", "AD", "KD", "QD", "AC"] {
        page.click(&format!("#bid-picker .card[data-card='{card}']"))
            .await;
    }
    // An eighth card is not taken.
    page.click("#bid-picker .card[data-card='AS']").await;
    let hand = page
        .js("return document.getElementById('bid-hand').value")
        .await;
    assert_eq!(hand, json!("AKQ.AKQ.A."));
    page.js("document.getElementById('bid-samples').value = 60")
        .await;
    page.click("#bid-go").await;
    let row = page.text("#bid-table tr[data-level='120']").await;
    assert!(row.starts_with("120 1.000 [0.9"), "{row}");
    // AH then KH declares 100 and AD then KD 80: at least 180 is certain,
    // so 120 (+120) is worth bidding but is not the contract to announce.
    assert!(row.ends_with(" bid"), "{row}");
    // One number for the auction, one for the contract: both at least 180
    // (certain there, so its expected score beats any lower level and
    // passing), and the contract no higher than the auction limit.
    let rec = page.text("#bid-recommended").await;
    let number_after = |key: &str| -> u32 {
        let at = rec
            .find(key)
            .unwrap_or_else(|| panic!("no {key:?} in {rec}"));
        rec[at + key.len()..]
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap_or_else(|_| panic!("no number after {key:?} in {rec}"))
    };
    assert!(rec.starts_with("Bid up to: "), "{rec}");
    let up_to = number_after("Bid up to: ");
    let announce = number_after("announce: ");
    assert!(announce >= 180 && announce <= up_to, "{rec}");
    assert_eq!(
        page.js("return document.querySelectorAll('#bid-out svg rect').length > 3")
            .await,
        json!(true)
    );
    page.wait_for("#bid-musik").await;
    page.screenshot("bid").await;
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn board_plays_a_card_updates_the_values_and_undo_restores() {
    let page = open("board").await;
    page.js(&format!(
        "document.getElementById('board-deal').value = '{DEAL}'"
    ))
    .await;
    page.click("#board-load").await;
    // Before the exchange: the exchanges ranked; 9S to L and QC to R is one.
    page.click("#board-exchange-list button[data-give='9S QC']")
        .await;
    page.until("document.getElementById('board-status').dataset.value === '162'")
        .await;
    let ah = page.text(".seat.tomove .card[data-card='AH'] .v").await;
    assert_eq!(ah, "158");
    let best = page.text(".seat.tomove .card[data-card='AS'] .v").await;
    assert_eq!(best, "162");
    page.screenshot("board").await;
    page.click(".seat.tomove .card[data-card='AH']").await;
    // Played: L is to move, AH is on the table, D's value is the move's.
    page.until("document.getElementById('board-status').dataset.value === '158'")
        .await;
    assert_eq!(
        page.js("return document.querySelector('.seat.tomove').dataset.seat")
            .await,
        json!("L")
    );
    assert!(page.text("#board-history").await.contains("1. AH"));
    assert!(page
        .js("return document.getElementById('board-text').value")
        .await
        .as_str()
        .unwrap()
        .contains("play: AH"));
    page.click("#board-undo").await;
    page.until("document.getElementById('board-status').dataset.value === '162'")
        .await;
    assert_eq!(
        page.js("return document.querySelector('.seat.tomove').dataset.seat")
            .await,
        json!("D")
    );
    assert_eq!(
        page.text(".seat.tomove .card[data-card='AH'] .v").await,
        "158"
    );
    page.click("#board-redo").await;
    page.until("document.getElementById('board-status').dataset.value === '158'")
        .await;
    page.close().await;
}

/// The first lead 9D throws away 128 points: marked on the chart and in the
/// list, with AS among the better cards.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn post_mortem_marks_a_known_costly_move() {
    let page = open("post").await;
    let text =
        format!("deal: {DEAL}\\nexchange: 9S QC\\ncontract: 120\\nplay: 9D AD JD | KD QD TD\\n");
    page.js(&format!(
        "document.getElementById('post-text').value = '{text}'"
    ))
    .await;
    page.click("#post-go").await;
    let first = page.text("#post-moves li[data-number='1']").await;
    assert!(
        first.starts_with("D 9D: D's value 162 → 34 costs 128; better: "),
        "{first}"
    );
    assert!(first.contains("AS"), "{first}");
    assert_eq!(
        page.js("return document.querySelectorAll('.costly-dot').length >= 1")
            .await,
        json!(true)
    );
    let d = page.text("#post-summary tr[data-seat='D']").await;
    assert!(d.starts_with("D 1 128 1"), "{d}");
    page.click("#post-next").await;
    assert_eq!(page.text("#post-step").await, "Move 1 of 6");
    // Stepped to move 1: 9D has left D's hand and lies on the table.
    page.until("document.querySelector('#post-board .seat[data-seat=\"D\"]') && !document.querySelector('#post-board .seat[data-seat=\"D\"] .card[data-card=\"9D\"]')").await;
    page.until("!!document.querySelector('#post-board .seat:last-child .card[data-card=\"9D\"]')")
        .await;
    page.screenshot("post-mortem").await;
    page.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn puzzle_accepts_the_winning_card_and_not_a_losing_one() {
    let page = open("puzzle").await;
    // The same request the page makes: the puzzle and its answer.
    let (code, v) = page.server.post(
        "puzzle/new",
        &json!({"difficulty": "easy", "rules": "standard", "count": 1, "seed": 5}),
    );
    assert_eq!(code, 200);
    let p = &v["puzzles"][0];
    let win = p["line"][0].as_str().unwrap()[..2].to_string();
    let lose = p["alternatives"][0]["move"].as_str().unwrap()[..2].to_string();
    assert_ne!(win, lose);
    page.js("localStorage.clear()").await;
    page.js("document.getElementById('puzzle-seed').value = 5")
        .await;

    page.click("#puzzle-new").await;
    page.click(&format!(".seat.tomove .card.legal[data-card='{win}']"))
        .await;
    let verdict = page.text("#puzzle-verdict").await;
    assert!(verdict.starts_with("Right"), "{verdict}");
    assert_eq!(page.text("#puzzle-streak").await, "1");
    // The facts the answer depends on are shown: the trump (from the
    // puzzle's own position) and the points already taken.
    let facts = page.text("#puzzle-facts").await;
    let position = p["position"].as_str().unwrap();
    let trump = position
        .lines()
        .find_map(|l| l.strip_prefix("trump:"))
        .map(|t| t.trim().to_string());
    let suit = |c: &str| match c {
        "H" => "hearts",
        "D" => "diamonds",
        "C" => "clubs",
        "S" => "spades",
        _ => "none yet",
    };
    let want = suit(trump.as_deref().unwrap_or("-"));
    assert!(facts.starts_with("Trump: "), "{facts}");
    assert!(facts.contains(want), "{facts} (position: {position})");
    let points = position
        .lines()
        .find_map(|l| l.strip_prefix("points:"))
        .map(|t| t.split_whitespace().collect::<Vec<_>>())
        .unwrap_or_else(|| vec!["0", "0", "0"]);
    assert!(
        facts.contains(&format!(
            "points taken: D {}, L {}, R {}",
            points[0], points[1], points[2]
        )),
        "{facts} (position: {position})"
    );
    // And why: the winning line, and what the tempting card costs.
    let why = page.text("#puzzle-why").await;
    assert!(why.starts_with("Why:"), "{why}");
    let alt = &p["alternatives"][0];
    assert!(
        why.contains(&format!(
            "{}: the declarer ends with {}",
            alt["move"].as_str().unwrap(),
            alt["value"]
        )),
        "{why}"
    );
    page.screenshot("puzzle").await;

    // The same seed again, answered right: the same puzzle, so the streak
    // stays at 1.
    page.click("#puzzle-new").await;
    page.until("!document.getElementById('puzzle-verdict')")
        .await;
    page.click(&format!(".seat.tomove .card.legal[data-card='{win}']"))
        .await;
    let verdict = page.text("#puzzle-verdict").await;
    assert!(verdict.contains("Solved before"), "{verdict}");
    assert_eq!(page.text("#puzzle-streak").await, "1");

    page.click("#puzzle-new").await;
    page.until("!document.getElementById('puzzle-verdict')")
        .await;
    page.click(&format!(".seat.tomove .card.legal[data-card='{lose}']"))
        .await;
    let verdict = page.text("#puzzle-verdict").await;
    assert!(verdict.starts_with("Wrong"), "{verdict}");
    assert!(verdict.contains(&win), "{verdict}");
    assert_eq!(page.text("#puzzle-streak").await, "0");
    assert_eq!(page.text("#puzzle-best").await, "1");
    page.close().await;
}

/// A hand against the computers: the bidding, then the play to its end,
/// then its post-mortem one click away.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_a_hand_against_two_computer_players() {
    let page = open("play").await;
    page.js("localStorage.clear()").await;
    page.js("document.getElementById('play-seed').value = 11")
        .await;
    page.js("document.getElementById('play-strength').value = 'pimc:20'")
        .await;
    page.click("#play-new").await;
    // Bid on as long as allowed, else pass; take whatever contract is
    // offered; play the first card allowed. One script reads the page and
    // acts, so no element goes stale in between.
    let step = "const q = s => document.querySelector(s);
        if (q('#play-postmortem')) return 'over';
        for (const id of ['#play-bid-go', '#play-pass', '#play-contract-go']) {
            if (q(id)) { q(id).click(); return id; }
        }
        const card = q('#play-table .seat:last-child .card:not([disabled])');
        if (card && /Give a card|Your turn/.test(q('#play-status').textContent)) { card.click(); return 'card'; }
        return 'wait';";
    for _ in 0..2000 {
        if page.js(step).await == json!("over") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    page.wait_for("#play-postmortem").await;
    // Each computer asked the bid estimate how far to go, once.
    let limits = page.js("return game.limits").await;
    for seat in [1, 2] {
        let level = limits[seat].as_u64().unwrap_or_else(|| panic!("{limits}"));
        assert!(level == 0 || (100..=400).contains(&level), "{limits}");
    }
    let status = page.text("#play-status").await;
    assert!(
        status.contains("made") || status.contains("failed"),
        "{status}"
    );
    assert_eq!(
        page.js("return document.getElementById('play-history').textContent.split('\\n').length")
            .await,
        json!(8)
    );
    page.screenshot("play").await;
    page.click("#play-postmortem").await;
    page.wait_for("#post-summary").await;
    assert_eq!(
        page.js("return document.querySelectorAll('#post-moves li').length")
            .await,
        json!(24)
    );
    page.close().await;
}
