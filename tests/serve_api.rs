//! The web API of `tysiac serve`: every endpoint with good and bad input,
//! the same JSON as the command line's `--json`, and the limits (body size,
//! samples, saturation answered 503 while the server stays responsive,
//! cancellation, the time limit).

mod common;
mod serve_support;

use serde_json::{json, Value};
use serve_support::Server;

const DEAL: &str = "AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9";
const HAND: &str = "rules: standard\ndeal: AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9\nexchange: 9S QC\ncontract: 120\nplay: 9D AD JD | KD QD TD\n";

/// The command's `--json` lines, parsed, with `input` (when given) in a
/// file named last on its command line.
fn cli(args: &[&str], input: Option<&str>) -> Vec<Value> {
    let dir = std::env::temp_dir().join(format!("tysiac-serve-api-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let Some(text) = input else {
        return common::web::cli(args);
    };
    let file = dir.join(format!("{}.txt", args[0]));
    std::fs::write(&file, text).unwrap();
    common::web::cli(&[args, &[file.to_str().unwrap()]].concat())
}

fn error_of(v: &Value) -> &str {
    v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error in {v}"))
}

#[test]
fn solve_answers_as_the_command_line() {
    let s = Server::start(&[]);
    let (code, v) = s.post("solve", &json!({"deal": DEAL, "exchange": "9S QC"}));
    assert_eq!(code, 200, "{v}");
    let want = cli(
        &["solve", "--json", "--deal", DEAL, "--exchange", "9S QC"],
        None,
    );
    assert_eq!(v["results"][0], want[0]);
    assert_eq!(v["results"][0]["value"], 162);

    let (code, v) = s.post("solve", &json!({"text": HAND, "all": true}));
    assert_eq!(code, 200);
    let want = cli(&["solve", "--json", "--all"], Some(HAND));
    assert_eq!(v["results"].as_array().unwrap(), &want);

    let (code, v) = s.post("solve", &json!({"deal": DEAL, "target": 120}));
    assert_eq!(code, 200);
    assert_eq!(v["results"][0]["reaches"], true);

    // A musik deal: every exchange listed, best first.
    let (_, v) = s.post("solve", &json!({"deal": DEAL, "all": true}));
    let ex = v["results"][0]["exchanges"].as_array().unwrap();
    assert!(ex.len() > 10);
    assert!(ex[0]["value"].as_u64() >= ex[1]["value"].as_u64());
}

#[test]
fn bad_input_is_a_400_naming_line_and_key() {
    let s = Server::start(&[]);
    let bad = "deal: AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9\nexchange: 9S QC\nplay: AS 9H\n";
    let (code, v) = s.post("solve", &json!({ "text": bad }));
    assert_eq!(code, 400);
    assert_eq!(
        error_of(&v),
        "text:3: position #1: play: move 2, L plays 9H but must play a spade (holds QS 9S)"
    );
    let (code, v) = s.post("solve", &json!({"text": "deal: AKQ.T9..AJ\n"}));
    assert_eq!(code, 400);
    assert!(
        error_of(&v).starts_with("text:1: position #1: deal:"),
        "{v}"
    );
    let (code, v) = s.post("solve", &json!({"deal": DEAL, "colour": 1}));
    assert_eq!(code, 400);
    assert!(error_of(&v).contains("unknown field `colour`"), "{v}");
    let (code, v) = s.send("POST", "solve", Some("{not json".into()));
    assert_eq!(code, 400);
    assert!(error_of(&v).starts_with("request body:"), "{v}");
    let (code, v) = s.post("bid", &json!({"hand": "AKQ.T9..A"}));
    assert_eq!(code, 400);
    assert!(error_of(&v).starts_with("hand:"), "{v}");
    let (code, v) = s.post(
        "bid",
        &json!({"hand": "AKQ.T9..AJ", "rules": "standard must_beat=maybe"}),
    );
    assert_eq!(code, 400);
    assert!(error_of(&v).starts_with("rules:"), "{v}");
    let (code, v) = s.post("analyze", &json!({"text": bad}));
    assert_eq!(code, 400);
    assert!(error_of(&v).contains("move 2"), "{v}");
    let (code, v) = s.post(
        "score",
        &json!({"text": "players: A B C\nD=A bid=105 points=1,2,3\n"}),
    );
    assert_eq!(code, 400);
    assert!(error_of(&v).starts_with("text:2:"), "{v}");
    let (code, v) = s.post(
        "score",
        &json!({"text": "players: A B C\nD=A bid=100 position=/etc/passwd\n"}),
    );
    assert_eq!(code, 400);
    assert!(error_of(&v).contains("reads no files"), "{v}");
    let (code, v) = s.post("suggest", &json!({"text": HAND, "seat": "X"}));
    assert_eq!(code, 400);
    assert!(error_of(&v).starts_with("seat:"), "{v}");
    let (code, v) = s.post("play", &json!({"declarer": "pimc:0"}));
    assert_eq!(code, 400);
    assert!(error_of(&v).starts_with("declarer:"), "{v}");
    let (code, _) = s.post("nothing", &json!({}));
    assert_eq!(code, 404);
}

#[test]
fn bid_and_exchange_answer_as_the_command_line() {
    let s = Server::start(&["--threads", "2"]);
    let (code, v) = s.post(
        "bid",
        &json!({"hand": "AKQ.AKQ.A.", "samples": 40, "seed": 7}),
    );
    assert_eq!(code, 200, "{v}");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tysiac"))
        .args([
            "bid",
            "AKQ.AKQ.A.",
            "--samples",
            "40",
            "--seed",
            "7",
            "--json",
            "--quiet",
        ])
        .output()
        .unwrap();
    // The command prints pretty JSON: one object over many lines.
    let want: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v, want);
    // Two marriages and three aces make 120 on every layout if every card
    // were seen, and all but surely in real play.
    let row = v["levels"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["level"] == 120)
        .unwrap();
    assert_eq!(row["double_dummy"], 1.0);
    assert!(row["probability"].as_f64().unwrap() > 0.99, "{row}");

    let (code, v) = s.post(
        "exchange",
        &json!({"hand": "AKQ.T9..AJ", "musik": "..Q.K9", "samples": 30, "screen": 4, "candidates": 3}),
    );
    assert_eq!(code, 200, "{v}");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tysiac"))
        .args([
            "exchange",
            "AKQ.T9..AJ",
            "..Q.K9",
            "--samples",
            "30",
            "--screen",
            "4",
        ])
        .args(["--candidates", "3", "--json", "--quiet"])
        .output()
        .unwrap();
    let want: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v, want);
    let (code, v) = s.post("exchange", &json!({"hand": "AKQ.T9..AJ", "musik": "AH.."}));
    assert_eq!(code, 400);
    assert!(error_of(&v).starts_with("musik:"), "{v}");
}

#[test]
fn analyze_score_verify_and_suggest_answer_as_the_command_line() {
    let s = Server::start(&[]);
    let (code, v) = s.post("analyze", &json!({ "text": HAND }));
    assert_eq!(code, 200, "{v}");
    assert_eq!(
        v["results"].as_array().unwrap(),
        &cli(&["analyze", "--json"], Some(HAND))
    );
    // 9D as the first lead throws away most of the hand.
    assert!(v["results"][0]["moves"][0]["cost"].as_u64().unwrap() > 100);

    let sheet = "players: Ala Bartek Celina\nD=Ala bid=110 contract=120 points=125,40,35\nD=Bartek bid=100 concede\n";
    let (code, v) = s.post("score", &json!({ "text": sheet }));
    assert_eq!(code, 200, "{v}");
    let mut want = cli(&["score", "--json"], Some(sheet)).remove(0);
    // The command names its file; the API names the request's text.
    want["source"] = json!("text");
    assert_eq!(v, want);

    let puzzles = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/positions/puzzles.txt"
    ))
    .unwrap();
    let (code, v) = s.post("puzzle/verify", &json!({ "text": puzzles }));
    assert_eq!(code, 200, "{v}");
    let want = cli(&["puzzle", "--json", "--quiet", "--verify"], Some(&puzzles));
    assert_eq!(v["results"].as_array().unwrap(), &want);
    assert!(want.iter().all(|p| p["ok"] == true));

    let view = "deal: AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9\nexchange: 9S QC\ncontract: 120\nplay: AS 9S\n";
    let (code, v) = s.post("suggest", &json!({"text": view, "samples": 20, "seed": 3}));
    assert_eq!(code, 200, "{v}");
    let want = cli(
        &[
            "suggest",
            "--json",
            "--quiet",
            "--samples",
            "20",
            "--seed",
            "3",
        ],
        Some(view),
    );
    assert_eq!(v["results"][0]["moves"], want[0]["moves"]);
    assert_eq!(v["results"][0]["best"], want[0]["best"]);
}

#[test]
fn puzzles_play_deal_declare_and_state() {
    let s = Server::start(&[]);
    let (code, v) = s.post("puzzle/new", &json!({"seed": 5, "difficulty": "easy"}));
    assert_eq!(code, 200, "{v}");
    let p = &v["puzzles"][0];
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tysiac"))
        .args([
            "puzzle",
            "--seed",
            "5",
            "--difficulty",
            "easy",
            "--count",
            "1",
            "--json",
            "--quiet",
        ])
        .output()
        .unwrap();
    let want: Value =
        serde_json::from_slice(out.stdout.split(|&b| b == b'\n').next().unwrap()).unwrap();
    assert_eq!(p, &want);
    let (code, v) = s.post("puzzle/new", &json!({"count": 11}));
    assert_eq!(code, 400);
    assert!(error_of(&v).starts_with("count:"));
    let (code, v) = s.post("puzzle/new", &json!({"difficulty": "impossible"}));
    assert_eq!(code, 400);
    assert!(error_of(&v).starts_with("difficulty:"), "{v}");

    let (code, v) = s.post(
        "play",
        &json!({"deals": 2, "declarer": "pimc:5", "defenders": "simple", "seed": 4}),
    );
    assert_eq!(code, 200, "{v}");
    let want = cli(
        &[
            "play",
            "--deals",
            "2",
            "--declarer",
            "pimc:5",
            "--defenders",
            "simple",
            "--seed",
            "4",
            "--json",
            "--quiet",
        ],
        None,
    );
    assert_eq!(v["games"].as_array().unwrap(), &want[..2].to_vec());
    assert_eq!(v["summary"], want[2]["summary"]);
    let (code, _) = s.post("play", &json!({"deals": 21}));
    assert_eq!(code, 400);

    let (code, d1) = s.post("deal", &json!({"seed": 9}));
    assert_eq!(code, 200);
    let (_, d2) = s.post("deal", &json!({"seed": 9}));
    assert_eq!(d1, d2);
    assert_eq!(d1["deal"].as_str().unwrap().split(' ').count(), 4);

    let (code, v) = s.post(
        "declare",
        &json!({"deal": DEAL, "player": "pimc:10", "bid": 110}),
    );
    assert_eq!(code, 200, "{v}");
    assert!(v["contract"].as_u64().unwrap() >= 110);
    assert_eq!(v["exchange"].as_str().unwrap().split(' ').count(), 2);
    let (code, _) = s.post(
        "declare",
        &json!({"deal": "AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T"}),
    );
    assert_eq!(code, 400);

    let (code, v) = s.post("state", &json!({"text": HAND}));
    assert_eq!(code, 200, "{v}");
    assert_eq!(v["to_move"], "D");
    assert_eq!(v["stage"], "play");
    assert!(v["legal"].as_array().unwrap().len() > 1);
    let (_, v) = s.post("state", &json!({"text": format!("deal: {DEAL}\n")}));
    assert_eq!(v["stage"], "musik");
    assert_eq!(v["musik"], "..Q.K9");
}

#[test]
fn oversized_bodies_and_too_many_samples_are_refused() {
    let s = Server::start(&["--max-body-kib", "8"]);
    let big = json!({ "text": "#".repeat(20_000) }).to_string();
    let (code, _) = s.send("POST", "solve", Some(big));
    assert_eq!(code, 413);
    let (code, v) = s.post("bid", &json!({"hand": "AKQ.T9..AJ", "samples": 2001}));
    assert_eq!(code, 400);
    assert_eq!(
        error_of(&v),
        "samples: 2001 is more than this server allows (2000)"
    );
    let (code, v) = s.post(
        "bid",
        &json!({"hand": "AKQ.T9..AJ", "samples": 301, "realistic": true}),
    );
    assert_eq!(code, 400);
    assert!(error_of(&v).starts_with("samples:"));
    let (code, v) = s.post("suggest", &json!({"text": HAND, "samples": 1001}));
    assert_eq!(code, 400);
    assert!(error_of(&v).starts_with("samples:"));
    let many = format!("deal: {DEAL}\n\n").repeat(51);
    let (code, v) = s.post("solve", &json!({ "text": many }));
    assert_eq!(code, 400);
    assert!(error_of(&v).contains("positions: 51"), "{v}");
    // The server still answers.
    let (code, _) = s.post("solve", &json!({"deal": DEAL}));
    assert_eq!(code, 200);
}

/// One solving slot, held by a long background job: other solving requests
/// are answered 503 with Retry-After at once, while the page, the limits
/// and the job's progress are still served; cancelling frees the slot.
#[test]
fn saturation_is_a_503_and_the_server_stays_responsive() {
    let s = Server::start(&["--jobs", "1", "--threads", "1"]);
    let (code, job) = s.post(
        "bid",
        &json!({"hand": "AKQ.T9..AJ", "samples": 300, "realistic": true, "choice_layouts": 16, "async": true}),
    );
    assert_eq!(code, 200, "{job}");
    let id = job["job"].as_u64().unwrap();
    // 300 declarer samples and a quarter as many defence samples.
    assert_eq!(job["total"], 375);

    let url = format!("{}/api/solve", s.url);
    match ureq::post(&url).send_string(&json!({"deal": DEAL}).to_string()) {
        Err(ureq::Error::Status(503, r)) => {
            assert_eq!(r.header("Retry-After"), Some("1"));
            let v: Value = serde_json::from_str(&r.into_string().unwrap()).unwrap();
            assert!(error_of(&v).contains("busy"), "{v}");
        }
        other => panic!("expected 503, got {other:?}"),
    }
    let (code, _) = s.post("bid", &json!({"hand": "AKQ.T9..AJ", "samples": 10}));
    assert_eq!(code, 503);
    // Still served: the page, the cheap endpoints, the job's progress.
    let page = ureq::get(&format!("{}/", s.url))
        .call()
        .unwrap()
        .into_string()
        .unwrap();
    assert!(page.contains("<title>tysiac"));
    let (code, _) = s.get("limits");
    assert_eq!(code, 200);
    let (code, _) = s.post("deal", &json!({"seed": 1}));
    assert_eq!(code, 200);
    let (code, v) = s.get(&format!("jobs/{id}"));
    assert_eq!(code, 200);
    assert_eq!(v["state"], "running", "{v}");

    let (code, _) = s.delete(&format!("jobs/{id}"));
    assert_eq!(code, 200);
    let mut state = String::new();
    for _ in 0..600 {
        let (_, v) = s.get(&format!("jobs/{id}"));
        state = v["state"].as_str().unwrap().to_string();
        if state != "running" {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert_eq!(state, "cancelled");
    let (code, v) = s.post("solve", &json!({"deal": DEAL}));
    assert_eq!(code, 200, "{v}");
    let (code, _) = s.get("jobs/999");
    assert_eq!(code, 404);
}

#[test]
fn a_background_job_reports_progress_and_its_result() {
    let s = Server::start(&["--threads", "1"]);
    let (code, job) = s.post(
        "bid",
        &json!({"hand": "AKQ.AKQ.A.", "samples": 30, "async": true}),
    );
    assert_eq!(code, 200);
    let id = job["job"].as_u64().unwrap();
    let mut last = Value::Null;
    for _ in 0..600 {
        let (_, v) = s.get(&format!("jobs/{id}"));
        // 30 declarer samples and 8 defence samples (a quarter, rounded up).
        assert!(v["done"].as_u64().unwrap() <= 38);
        last = v;
        if last["state"] != "running" {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(last["state"], "done", "{last}");
    assert_eq!(last["done"], 38);
    assert_eq!(last["result"]["samples"], 30);
}

#[test]
fn a_job_past_the_time_limit_is_stopped_with_504() {
    let s = Server::start(&["--time-limit", "1", "--threads", "1"]);
    let (code, v) = s.post(
        "bid",
        &json!({"hand": "AKQ.T9..AJ", "samples": 300, "realistic": true, "choice_layouts": 16}),
    );
    assert_eq!(code, 504, "{v}");
    assert!(error_of(&v).contains("time limit"), "{v}");
    let (code, _) = s.post("solve", &json!({"deal": DEAL}));
    assert_eq!(code, 200);
}

/// `DELETE /api/jobs/ID` stops the job within a fraction of a second, even
/// the heaviest sample the API allows (realistic, 16 choice layouts and 16
/// candidates): the job turns `cancelled` and its slot (the only one)
/// takes new work at once.
#[test]
fn cancel_stops_a_job_at_once_and_frees_its_slot() {
    let s = Server::start(&["--jobs", "1", "--threads", "2"]);
    let (code, job) = s.post(
        "bid",
        &json!({"hand": "AKQ.T9..AJ", "samples": 300, "realistic": true,
                "choice_layouts": 16, "candidates": 16, "async": true}),
    );
    assert_eq!(code, 200, "{job}");
    let id = job["job"].as_u64().unwrap();
    // Mid-run: some samples done, the job still running.
    for _ in 0..600 {
        let (_, v) = s.get(&format!("jobs/{id}"));
        assert_eq!(v["state"], "running", "{v}");
        if v["done"].as_u64().unwrap() >= 2 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // Stopped within a fraction of a second on a quiet machine (about
    // 150 ms here); asserted without a clock, as a busy machine is slow,
    // not wrong: once cancelled, no more samples finish than the two
    // threads had in flight, and the job ends well before its 300.
    let (_, before) = s.get(&format!("jobs/{id}"));
    let done_before = before["done"].as_u64().unwrap();
    let start = std::time::Instant::now();
    let (code, _) = s.delete(&format!("jobs/{id}"));
    assert_eq!(code, 200);
    let last = loop {
        let (_, v) = s.get(&format!("jobs/{id}"));
        if v["state"] != "running" || start.elapsed().as_secs() > 120 {
            break v;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    };
    assert_eq!(last["state"], "cancelled", "{last}");
    let done_after = last["done"].as_u64().unwrap();
    assert!(
        done_after <= done_before + 2 && done_after < 300,
        "{done_before} samples done at the cancel, {done_after} when it stopped: {last}"
    );
    // The slot is free: a solving request is served, not answered 503.
    let (code, v) = s.post("solve", &json!({"deal": DEAL}));
    assert_eq!(code, 200, "{v}");
}

/// Every error answer is `{"error": ...}`, also those made outside the
/// handlers (413, 405, a bad job number), and a wrong type names the key
/// in words, not Rust's type names; the library's option checks name keys,
/// not the command line's flags.
#[test]
fn every_error_is_json_naming_the_key() {
    let s = Server::start(&["--max-body-kib", "8"]);
    // A body well past the socket's buffers: the client is still writing
    // when the answer is made, and must get the 413, not a broken pipe.
    for size in [20_000, 1_000_000] {
        let big = json!({ "text": "#".repeat(size) }).to_string();
        let (code, v) = s.send("POST", "solve", Some(big));
        assert_eq!(code, 413);
        assert!(error_of(&v).contains("8192 bytes"), "{v}");
    }
    let (code, v) = s.send("GET", "solve", None);
    assert_eq!(code, 405);
    assert!(error_of(&v).contains("POST"), "{v}");
    let (code, v) = s.send("PUT", "jobs/1", Some("{}".into()));
    assert_eq!(code, 405);
    assert!(error_of(&v).starts_with("method not allowed"), "{v}");
    let (code, v) = s.get("jobs/abc");
    assert_eq!(code, 404);
    assert!(error_of(&v).contains("'abc'"), "{v}");
    let (code, v) = s.post("bid", &json!({"hand": "AKQ.T9..AJ", "samples": "many"}));
    assert_eq!(code, 400);
    let e = error_of(&v);
    assert!(e.starts_with("samples: invalid type"), "{e}");
    assert!(e.contains("a whole number"), "{e}");
    assert!(!e.contains("usize"), "{e}");
    let (code, v) = s.post(
        "exchange",
        &json!({"hand": "AKQ.T9.Q.AKJ9", "contract": 70000}),
    );
    assert_eq!(code, 400);
    let e = error_of(&v);
    assert!(e.starts_with("contract: invalid value"), "{e}");
    assert!(e.contains("from 0 to 65535") && !e.contains("u16"), "{e}");
    let (code, v) = s.post("bid", &json!({"hand": "AKQ.T9..AJ", "confidence": 2.0}));
    assert_eq!(code, 400);
    let e = error_of(&v);
    assert!(e.contains("confidence 2 is not a probability"), "{e}");
    assert!(!e.contains("--"), "{e}");
    let (code, v) = s.post(
        "bid",
        &json!({"hand": "AKQ.T9..AJ", "realistic": true, "candidates": 0}),
    );
    assert_eq!(code, 400);
    assert!(!error_of(&v).contains("--"), "{v}");
    let (code, v) = s.post(
        "exchange",
        &json!({"hand": "AKQ.T9.Q.AKJ9", "contract": 105}),
    );
    assert_eq!(code, 400);
    let e = error_of(&v);
    assert!(
        e.contains("contract 105 is not a bid level") && !e.contains("--"),
        "{e}"
    );
}

/// Many job submissions at once (issue 24): each accepted job gets an id of
/// its own and, polled, its own result: the hand it was asked about. The
/// eight threads wait at a barrier and post together, so the requests
/// reach the server's id counter and job table at the same moment; with 16
/// slots none may be refused.
#[test]
fn simultaneous_jobs_get_distinct_ids_and_their_own_results() {
    let s = std::sync::Arc::new(Server::start(&["--threads", "1", "--jobs", "16"]));
    let hands = [
        "AKQ.AKQ.A.",
        "AKQ.T9..AJ",
        "T9.AK.KJ.Q",
        "J.QJ.AT9.T",
        "AK.AK.AK.A",
        "9.9.9.9JQK",
        "QJ.QJ.QJ.Q",
        "A.A.A.AKQJ",
    ];
    let barrier = std::sync::Barrier::new(hands.len());
    let submitted: Vec<(String, u16, Value)> = std::thread::scope(|scope| {
        let handles: Vec<_> = hands
            .iter()
            .map(|&h| {
                let s = std::sync::Arc::clone(&s);
                let barrier = &barrier;
                scope.spawn(move || {
                    barrier.wait();
                    let (code, v) = s.post("bid", &json!({"hand": h, "samples": 4, "async": true}));
                    (h.to_string(), code, v)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let accepted: Vec<&(String, u16, Value)> = submitted
        .iter()
        .filter(|(_, code, _)| *code == 200)
        .collect();
    assert_eq!(accepted.len(), hands.len(), "{submitted:?}");
    let mut ids: Vec<u64> = accepted
        .iter()
        .map(|(_, _, v)| v["job"].as_u64().unwrap())
        .collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), accepted.len(), "ids shared: {submitted:?}");
    for (hand, _, v) in &accepted {
        let id = v["job"].as_u64().unwrap();
        let mut last = Value::Null;
        for _ in 0..1200 {
            let (_, st) = s.get(&format!("jobs/{id}"));
            last = st;
            if last["state"] != "running" {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        assert_eq!(last["state"], "done", "{last}");
        let want: tysiac::CardSet = hand.parse().unwrap();
        assert_eq!(last["result"]["hand"], want.to_string(), "job {id}");
    }
}

/// One page: `tysiac serve` answers every file of the page's folder
/// (`src/shell/server/static/`, which `scripts/web.sh` copies as it is for
/// the static site) byte for byte, but `index.html`, which it tells to use
/// its JSON API instead of the workers.
#[test]
fn the_server_serves_the_static_sites_page_files() {
    let s = Server::start(&[]);
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/shell/server/static");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    for want in [
        "index.html",
        "worker.js",
        "sw.js",
        "manifest.webmanifest",
        "icon.svg",
    ] {
        assert!(names.iter().any(|n| n == want), "{want} in {names:?}");
    }
    for name in &names {
        let file = std::fs::read_to_string(dir.join(name)).unwrap();
        let res = ureq::get(&format!("{}/{name}", s.url))
            .call()
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let kind = res.content_type().to_string();
        let got = res.into_string().unwrap();
        if name == "index.html" {
            let worker = r#"<meta name="tysiac-transport" content="worker">"#;
            assert!(file.contains(worker), "the site's page computes in workers");
            let http = r#"<meta name="tysiac-transport" content="http">"#;
            assert_eq!(got, file.replacen(worker, http, 1), "{name}");
            assert_eq!(kind, "text/html");
        } else {
            assert_eq!(got, file, "{name}");
        }
        if name.ends_with(".js") {
            assert_eq!(kind, "text/javascript", "{name}");
        }
    }
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("manifest.webmanifest")).unwrap())
            .unwrap();
    assert_eq!(manifest["display"], "standalone");
}
