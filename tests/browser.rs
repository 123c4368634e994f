//! The web page in headless Chromium (WebDriver through chromedriver): the
//! page loads with no console errors, and the flows of the bid calculator,
//! the board, the post-mortem and the puzzles. A screenshot of each page is
//! saved in `target/screenshots/`. Chromium and chromedriver come from
//! Debian (`scripts/browser-deps.sh`); without them these tests fail with a
//! message saying so, they never skip.

mod common;
mod serve_support;

use std::path::PathBuf;
use std::time::Duration;

use common::web::{chromium, free_port, Killed};
use fantoccini::{Client, Locator};
use serde_json::{json, Value};
use serve_support::Server;

const DEAL: &str = "AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9";

/// Chromium's profile, removed when dropped (after the driver is stopped).
struct Profile(PathBuf);

impl Drop for Profile {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The server, the driver and a browser session on the page.
struct Page {
    client: Client,
    server: Server,
    _driver: Killed,
    _profile: Profile,
}

async fn open(tab: &str) -> Page {
    open_with(tab, &[]).await
}

/// The page on a server started with `args`.
async fn open_with(tab: &str, args: &[&str]) -> Page {
    let server = Server::start(args);
    let profile = Profile(std::env::temp_dir().join(format!(
        "tysiac-chromium-{}-{}",
        std::process::id(),
        free_port()
    )));
    let (client, driver) =
        chromium(&profile.0, &["--window-size=1100,1000".into()], json!({})).await;
    client
        .goto(&format!("{}/#{tab}", server.url))
        .await
        .expect("the page loads");
    Page {
        client,
        server,
        _driver: driver,
        _profile: profile,
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

    /// The element's text; found again if the page redrew it meanwhile.
    async fn text(&self, css: &str) -> String {
        let mut last = None;
        for _ in 0..50 {
            match self.wait_for(css).await.text().await {
                Ok(t) => return t,
                Err(e) => last = Some(e),
            }
        }
        panic!("text of {css}: {last:?}")
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
    assert!(row.starts_with("120 1.000 ["), "{row}");
    // AH then KH declares 100 and AD then KD 80: at least 180 is certain,
    // so 120 (+120) is worth bidding but is not the contract to announce;
    // the last column, if every card were seen, is certain too.
    assert!(row.ends_with(" bid 1.000"), "{row}");
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

/// A short game (to 100) against two heuristic computers, played in the
/// Play tab to its end: the player takes the options the page offers
/// (passes, gives the first cards offered, announces the lowest contract,
/// plays the first card lit). Every bid is shown with its bidder, each trick
/// with its winner, the score sheet after each hand, the result at the end,
/// with the record to download and the post-mortem of a played hand.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_a_short_game_to_its_end() {
    let page = open("play").await;
    page.js("document.getElementById('play-seed').value = 11")
        .await;
    page.js("document.getElementById('play-strength').value = 'heuristic'")
        .await;
    page.js("document.getElementById('play-rules').value = 'standard game_to=100'")
        .await;
    page.js("playGame.delay = 20; playGame.trickPause = 20;")
        .await;
    page.click("#play-new").await;
    // Player 0 (You) deals the first hand: Ala, on the dealer's left,
    // opens at 100.
    let first = page.text("#play-auction li:first-child").await;
    assert_eq!(first, "Ala: 100 (forced opening)");
    // The player's first call: the calls before it are listed with names.
    page.wait_for("#play-pass").await;
    page.screenshot("play-auction").await;
    // One script reads the page and acts, so no element goes stale in
    // between; it also notes what was seen on the way.
    let step = "const q = s => document.querySelector(s);
        const seen = window.__seen = window.__seen || {calls: new Set(), winners: 0, sheet: 0};
        for (const li of document.querySelectorAll('#play-auction li')) seen.calls.add(li.textContent);
        if (q('#play-tricks li')) seen.winners = Math.max(seen.winners, document.querySelectorAll('#play-tricks li').length);
        if (q('#play-sheet-table')) seen.sheet = document.querySelectorAll('#play-sheet-table tr[data-hand]').length;
        const line = q('#play-contract-line');
        if (line && !line.textContent.startsWith('You')) {
            // A computer declares: it gave you a card, marked in your hand;
            // the musik was turned up (standard rules) and is marked.
            seen.computer = true;
            if (q('#play-hand .card.gift')) seen.gift = true;
            if (q('#play-musik .card.musik')) seen.musik = true;
        }
        if (q('#play-result')) return 'over';
        const st = q('#play-status').textContent;
        for (const id of ['#play-redeal-no', '#play-pass', '#play-contract-go']) {
            if (q(id)) { q(id).click(); return id; }
        }
        const card = q('#play-hand .card.legal:not([disabled])');
        if (card && /Your turn/.test(st) && !seen.shot && document.querySelectorAll('#play-trick .played').length === 2) {
            seen.shot = true;
            return 'shoot';
        }
        if (card && /Your turn|Give a card|Discard/.test(st)) { card.click(); return 'card'; }
        return 'wait';";
    let mut over = false;
    for _ in 0..6000 {
        let did = page.js(step).await;
        if did == json!("over") {
            over = true;
            break;
        }
        if did == json!("shoot") {
            // The player to play third: two cards on the table, with names.
            page.screenshot("play-trick").await;
            continue;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(over, "the game did not end");
    let calls = page.js("return [...window.__seen.calls]").await;
    let calls: Vec<String> = serde_json::from_value(calls).unwrap();
    // The others' calls are shown with their names, not only the player's.
    for name in ["Ala", "Bartek"] {
        assert!(
            calls.iter().any(|c| c.starts_with(&format!("{name}: "))),
            "{calls:?}"
        );
    }
    assert!(calls.iter().any(|c| c == "You: pass"), "{calls:?}");
    let marks = page
        .js("return [!!window.__seen.computer, !!window.__seen.gift, !!window.__seen.musik]")
        .await;
    if marks[0] == json!(true) {
        assert_eq!(marks, json!([true, true, true]), "gift and musik marked");
    }
    // Tricks were shown with their winners, and the sheet after a hand.
    let winners = page.js("return window.__seen.winners").await;
    assert!(winners.as_u64().unwrap() >= 1, "{winners}");
    let result = page.text("#play-result").await;
    assert!(
        result.contains(" wins with ")
            || result.starts_with("You win with ")
            || result.contains(" draw at "),
        "{result}"
    );
    let status = page.text("#play-status").await;
    assert!(status.starts_with("Game over: "), "{status}");
    let rows = page
        .js("return document.querySelectorAll('#play-sheet-table tr[data-hand]').length")
        .await;
    assert!(rows.as_u64().unwrap() >= 1, "{rows}");
    // The winner's total on the sheet's last line reaches 100.
    let last = page
        .js("return [...document.querySelectorAll('#play-sheet-table tr[data-hand]')].pop().textContent")
        .await;
    assert!(
        last.as_str().unwrap().contains("made") || last.as_str().unwrap().contains("failed"),
        "{last}"
    );
    // The what-happened list says who took the tricks, in words.
    let events = page
        .js("return [...document.querySelectorAll('#play-log li')].map(l => l.textContent).join('\\n')")
        .await;
    assert!(events.as_str().unwrap().contains("the trick"), "{events}");
    // The record, downloadable.
    let href = page
        .js("return document.getElementById('play-record').href")
        .await;
    let text = ureq::get(href.as_str().unwrap())
        .call()
        .unwrap()
        .into_string()
        .unwrap();
    assert!(text.starts_with("game: tysiac\n"), "{text}");
    assert!(text.contains("seed: 11\n"), "{text}");
    page.screenshot("play").await;
    // The post-mortem of a played hand: its 24 cards, move by move.
    page.click("#play-postmortem").await;
    page.wait_for("#post-summary").await;
    assert_eq!(
        page.js("return document.querySelectorAll('#post-moves li').length")
            .await,
        json!(24)
    );
    page.close().await;
}

/// Every solving slot busy: the page says so, waits and asks again, and the
/// game goes on once a slot is free (never stuck on "could not bid").
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_waits_while_the_server_is_busy() {
    let page = open_with("play", &["--jobs", "1", "--threads", "1"]).await;
    // A long job holds the only slot.
    let (code, job) = page.server.post(
        "bid",
        &json!({"hand": "AKQ.T9..AJ", "samples": 300, "realistic": true, "choice_layouts": 16, "async": true}),
    );
    assert_eq!(code, 200, "{job}");
    page.js("document.getElementById('play-seed').value = 11")
        .await;
    page.js("document.getElementById('play-strength').value = 'heuristic'")
        .await;
    page.click("#play-new").await;
    page.until("/busy; trying again/.test(document.getElementById('play-status').textContent)")
        .await;
    // Nothing moved: only the forced opening is shown.
    assert_eq!(
        page.js("return document.querySelectorAll('#play-auction li').length")
            .await,
        json!(1)
    );
    let (code, _) = page.server.delete(&format!("jobs/{}", job["job"]));
    assert_eq!(code, 200);
    // The computer's call is made once the slot is free, and the player's
    // turn comes.
    page.wait_for("#play-pass").await;
    assert!(page.text("#play-status").await.starts_with("Your call"));
    // Reloading the page goes on with the same game at the same point.
    let auction = page.text("#play-auction").await;
    page.client.refresh().await.expect("reloads");
    page.wait_for("#play-pass").await;
    assert_eq!(page.text("#play-auction").await, auction);
    assert!(page.text("#play-status").await.contains("resumed"));
    page.close().await;
}

/// The player as declarer. Under `bid_floor=500` no one below 500 may bid,
/// so each hand's opener plays it at 100; the third hand is dealt by
/// Bartek, with the player on his left: the player opens and the musik is
/// the player's. It gives a card to Ala (on its left), then one to Bartek, by
/// clicking them, keeps eight cards and announces.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_as_declarer_gives_a_card_to_each_and_announces() {
    let page = open("play").await;
    page.js("document.getElementById('play-seed').value = 11")
        .await;
    page.js("document.getElementById('play-strength').value = 'heuristic'")
        .await;
    page.js("const s = document.getElementById('play-rules'); s.append(new Option('floor', 'standard bid_floor=500')); s.value = 'standard bid_floor=500';")
        .await;
    page.js("playGame.delay = 20; playGame.trickPause = 20;")
        .await;
    page.click("#play-new").await;
    let step = "const q = s => document.querySelector(s);
        const seen = window.__seen = window.__seen || {gives: []};
        const line = q('#play-contract-line');
        if (line && line.textContent.startsWith('You play for')) return 'declared';
        for (const id of ['#play-redeal-no', '#play-pass', '#play-contract-go']) {
            if (q(id)) { q(id).click(); return id; }
        }
        const st = q('#play-status').textContent;
        const card = q('#play-hand .card.legal:not([disabled])');
        if (card && /Give a card/.test(st)) {
            seen.gives.push(st);
            if (seen.ten === undefined) seen.ten = document.querySelectorAll('#play-hand .card').length;
            card.click();
            return 'give';
        }
        if (card && /Your turn/.test(st)) { card.click(); return 'card'; }
        return 'wait';";
    let mut declared = false;
    for _ in 0..6000 {
        if page.js(step).await == json!("declared") {
            declared = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(declared, "the player never declared");
    assert_eq!(
        page.text("#play-auction li:first-child").await,
        "You: 100 (forced opening)"
    );
    let gives = page.js("return window.__seen.gives").await;
    assert_eq!(
        gives,
        json!([
            "You took the musik. Give a card to Ala: click it.",
            "You took the musik. Give a card to Bartek: click it."
        ])
    );
    // Ten cards to give from: the seven and the musik's three; eight kept.
    assert_eq!(page.js("return window.__seen.ten").await, json!(10));
    assert_eq!(
        page.js("return document.querySelectorAll('#play-hand .card').length")
            .await,
        json!(8)
    );
    assert_eq!(
        page.js("return document.querySelectorAll('#play-musik .card').length")
            .await,
        json!(3)
    );
    let events = page
        .js("return [...document.querySelectorAll('#play-events li')].map(l => l.textContent)")
        .await;
    let events: Vec<String> = serde_json::from_value(events).unwrap();
    assert!(
        events.iter().any(|e| e.starts_with("You give ")
            && e.contains(" to Ala and ")
            && e.ends_with(" to Bartek.")),
        "{events:?}"
    );
    assert!(
        events.contains(&"You play for 100.".to_string()),
        "{events:?}"
    );
    // Players by name, you as "you": no seat letter stands for anyone.
    assert_eq!(page.text("#play-hand h3").await, "Your cards (you declare)");
    let scores = page.text("#play-scores").await;
    assert!(scores.contains(" · hand 3 · Bartek deals"), "{scores}");
    let points = page.text("#play-points").await;
    assert!(points.starts_with("Points: "), "{points}");
    for seat in ["(D)", "(L)", "(R)"] {
        assert!(!points.contains(seat), "{points}");
    }
    page.close().await;
}

/// The game of two musiks on the Board: a two-player deal (rules
/// `standard players=2`) shows D and L, the musik D takes and the other
/// one; its lay-aways are offered as "kept, →musik"; after one, the table
/// has two seats and the musik the last trick takes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn board_shows_a_two_player_table() {
    let page = open("board").await;
    page.js("document.getElementById('board-rules').value = 'standard players=2'")
        .await;
    page.js(&format!(
        "document.getElementById('board-deal').value = '{}'",
        "QJ.AQJ.AT.AQJ ATK9.T.KQJ9.9 .9..K .K..T"
    ))
    .await;
    page.click("#board-load").await;
    page.wait_for("#board-exchange-list button").await;
    let boxes = page
        .js("return [...document.querySelectorAll('#board-table .seat h3')].map(h => h.textContent)")
        .await;
    assert_eq!(
        boxes,
        json!([
            "D (declarer)",
            "L",
            "Musik (D takes)",
            "Other musik (last trick)"
        ])
    );
    let first = page.text("#board-exchange-list button").await;
    assert!(
        first.contains(" kept, ") && first.contains("→musik"),
        "{first}"
    );
    page.click("#board-exchange-list button").await;
    page.wait_for(".seat.tomove").await;
    let seats = page
        .js("return [...document.querySelectorAll('#board-table .seat[data-seat]')].map(s => s.dataset.seat)")
        .await;
    // Two seats, then the musik the last trick takes; no R.
    assert_eq!(seats, json!(["D", "L", "Musik for the last trick"]));
    let status = page.text("#board-status").await;
    assert!(
        status.contains("points D 2 L 0") || status.contains("points D "),
        "{status}"
    );
    assert!(!status.contains(" R "), "{status}");
    let last = page
        .js("return [...document.querySelectorAll('#board-table .seat h3')].some(h => h.textContent === 'Musik for the last trick')")
        .await;
    assert_eq!(last, json!(true));
    page.screenshot("board-two").await;
    page.close().await;
}

/// A short game of two (to 100) against a heuristic computer in the Play
/// tab: the player lays two cards away when it declares (the prompts say
/// which is which), every trick holds two cards, and the game ends with a
/// result and a record of two players.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_a_short_game_of_two_to_its_end() {
    let page = open("play").await;
    page.js("document.getElementById('play-seed').value = 5")
        .await;
    page.js("document.getElementById('play-strength').value = 'heuristic'")
        .await;
    page.js("document.getElementById('play-players').value = '2'")
        .await;
    page.js("document.getElementById('play-rules').value = 'standard game_to=100'")
        .await;
    page.js("playGame.delay = 20; playGame.trickPause = 20;")
        .await;
    page.click("#play-new").await;
    let step = "const q = s => document.querySelector(s);
        const seen = window.__seen = window.__seen || {lay: false, tricks: 0};
        const st = q('#play-status').textContent;
        if (/Lay two cards away/.test(st)) seen.lay = true;
        for (const li of document.querySelectorAll('#play-tricks li'))
            seen.tricks = Math.max(seen.tricks, li.textContent.split(' · ').length);
        if (q('#play-result')) return 'over';
        for (const id of ['#play-redeal-no', '#play-bid-go', '#play-pass', '#play-contract-go']) {
            if (q(id)) { q(id).click(); return id; }
        }
        const card = q('#play-hand .card.legal:not([disabled])');
        if (card && /Your turn|Lay two|other musik/.test(st)) { card.click(); return 'card'; }
        return 'wait';";
    let mut over = false;
    for _ in 0..6000 {
        if page.js(step).await == json!("over") {
            over = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(over, "the game did not end");
    // The player bid whenever it could, so it declared and laid away.
    assert_eq!(page.js("return window.__seen.lay").await, json!(true));
    // A trick of two players lists two cards.
    assert_eq!(page.js("return window.__seen.tricks").await, json!(2));
    let result = page.text("#play-result").await;
    assert!(
        result.contains(" wins with ")
            || result.starts_with("You win with ")
            || result.contains(" draw at "),
        "{result}"
    );
    let href = page
        .js("return document.getElementById('play-record').href")
        .await;
    let text = ureq::get(href.as_str().unwrap())
        .call()
        .unwrap()
        .into_string()
        .unwrap();
    assert!(text.contains("players=2"), "{text}");
    assert_eq!(
        text.lines().find(|l| l.starts_with("players: ")),
        Some("players: You Ala")
    );
    page.screenshot("play-two").await;
    page.close().await;
}
