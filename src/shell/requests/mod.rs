//! The requests of the web API without a transport: a JSON body in, the
//! command's `--json` answer out, or an error with its HTTP-like status,
//! its message and the key at fault. `tysiac serve` (`shell/server/`)
//! answers HTTP with it; the browser's WebAssembly (`web/`) answers the
//! page's Web Workers with it. Neither holds any logic of an endpoint: the
//! keys read, the limits, the calls into the library and the JSON built
//! all live here, so the two answer alike (docs/api.md).
//!
//! A request is read and checked first ([`prepare`]: bad input is refused
//! before any work, and the server knows the work's size for its progress
//! and whether it needs a solving slot), then run ([`Request::run`]).

mod base;
pub mod game;

use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::analysis::puzzle::{self, Difficulty, Goal, PlayStyle, Side, Theme};
use crate::drivers::selfplay::{play_games, report, PlayOptions};
use crate::engine::score::{parse_sheet, Game, Hand, HandEnd, Outcome};
use crate::estimate::{self, BidOptions, ExchangeOptions, InputError, RealisticOptions};
use crate::players::inference::Inference;
use crate::players::pimc::{Objective, PimcOptions};
use crate::players::player::{Context, Player, PlayerKind};
use crate::shell::json::{solution_json, target_json, verify_json, GameJson};
use crate::solver::Workers;
use crate::view::parse_views;
use crate::{
    analyze_position, parse_positions_lenient, parse_positions_with, CardSet, Deal, Position,
    Rules, Seat, Solver,
};

pub use base::{
    Progress, Request, RequestError, Run, MAX_CANDIDATES, MAX_DEALS, MAX_PLAYER_SAMPLES,
    MAX_POSITIONS, MAX_PUZZLES, MAX_REALISTIC_SAMPLES, MAX_REVIEW_SAMPLES, MAX_SAMPLES,
    MAX_SUGGEST_SAMPLES,
};

/// The endpoints [`prepare`] answers as the server does (besides them:
/// the game's, in [`game`], and [`SPLIT`]'s `/shard` and `/merge`, which
/// split a request among the browser's workers).
pub const ENDPOINTS: [&str; 12] = [
    "solve",
    "bid",
    "exchange",
    "analyze",
    "puzzle/new",
    "puzzle/verify",
    "score",
    "suggest",
    "play",
    "deal",
    "declare",
    "state",
];

/// Reads and checks a request to `endpoint` (`solve`, `bid`, ... as under
/// `/api/`; `game/...` for a game held by the caller, see [`game`]).
/// `fresh_seed` gives the seed of a request that asks for a random one
/// (`puzzle/new`, `deal`, `game/new` without `seed`): the clock natively,
/// the page in the browser.
pub fn prepare(
    endpoint: &str,
    body: &[u8],
    fresh_seed: &dyn Fn() -> u64,
) -> Result<Request, RequestError> {
    match endpoint {
        "solve" => solve(body),
        "bid" => bid(body),
        "bid/shard" => bid_shard(body),
        "bid/merge" => bid_merge(body),
        "exchange" => exchange(body),
        "exchange/shard" => exchange_shard(body),
        "exchange/merge" => exchange_merge(body),
        "analyze" => analyze(body),
        "puzzle/new" => puzzle_new(body, fresh_seed),
        "puzzle/verify" => puzzle_verify(body),
        "score" => score(body).map(Request::cheap),
        "suggest" => suggest(body),
        "suggest/shard" => suggest_shard(body),
        "suggest/merge" => suggest_merge(body),
        "play" => play(body),
        "deal" => deal(body, fresh_seed).map(Request::cheap),
        "declare" => declare(body),
        "state" => state(body).map(Request::cheap),
        _ => match endpoint.strip_prefix("game/") {
            Some(action) => game::prepare(action, body, fresh_seed),
            None => Err(RequestError::not_found()),
        },
    }
}

/// [`prepare`] then [`Request::run`]: the answer to one request.
pub fn answer(
    endpoint: &str,
    body: &[u8],
    threads: usize,
    fresh_seed: &dyn Fn() -> u64,
    progress: Progress,
) -> Result<Value, RequestError> {
    prepare(endpoint, body, fresh_seed)?.run(threads, progress)
}

/// The name of the request's text in error messages (`text:LINE: ...`).
const SOURCE: &str = "text";

type Prepared = Result<Request, RequestError>;

/// Reads a request body: a JSON object whose keys are the command's
/// options. An unknown key or a wrong type is a 400 naming it.
///
/// A wrong type names the key (`samples: invalid type: string "x",
/// expected a whole number from 0 to ...`), in words rather than Rust's
/// type names.
pub(crate) fn body<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, RequestError> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value: T = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let message = type_words(&e.into_inner().to_string());
        if path == "." || path == "?" || path.is_empty() {
            RequestError::bad(format!("request body: {message}"))
        } else {
            RequestError::bad(format!("{path}: {message}"))
        }
    })?;
    de.end()
        .map_err(|e| RequestError::bad(format!("request body: {e}")))?;
    Ok(value)
}

/// serde's type names in words: `expected u16` is `expected a whole
/// number from 0 to 65535`.
fn type_words(message: &str) -> String {
    let mut out = message.to_string();
    for (rust, words) in [
        ("expected usize", "expected a whole number from 0 up"),
        ("expected u64", "expected a whole number from 0 up"),
        (
            "expected u32",
            "expected a whole number from 0 to 4294967295",
        ),
        ("expected u16", "expected a whole number from 0 to 65535"),
        ("expected u8", "expected a whole number from 0 to 255"),
        ("expected f64", "expected a number"),
        ("expected f32", "expected a number"),
        ("expected a sequence", "expected a list"),
        ("expected a map", "expected an object"),
        ("expected struct ", "expected an object "),
    ] {
        out = out.replace(rust, words);
    }
    out
}

/// Reads an option given as text (rules, seat, player...), naming the key.
fn opt<T: std::str::FromStr>(key: &str, text: Option<&str>) -> Result<Option<T>, RequestError>
where
    T::Err: std::fmt::Display,
{
    text.map(|t| {
        t.parse::<T>()
            .map_err(|e| RequestError::bad(format!("{key}: {e}")))
    })
    .transpose()
}

fn rules(text: Option<&str>) -> Result<Rules, RequestError> {
    Ok(opt::<Rules>("rules", text)?.unwrap_or_default())
}

fn at_most(key: &str, n: usize, max: usize) -> Result<(), RequestError> {
    if n > max {
        return Err(RequestError::bad(format!(
            "{key}: {n} is more than this server allows ({max})"
        )));
    }
    Ok(())
}

fn at_least_one(key: &str, n: usize) -> Result<(), RequestError> {
    if n == 0 {
        return Err(RequestError::bad(format!("{key}: must be at least 1")));
    }
    Ok(())
}

fn input(key: &str, e: InputError) -> RequestError {
    RequestError::bad(format!("{key}: {e}"))
}

/// Reads every position of `text`; any error is a 400 listing them all.
fn positions(text: &str, rules: Rules) -> Result<Vec<(String, Position)>, RequestError> {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for (i, r) in parse_positions_with(text, SOURCE, rules)
        .into_iter()
        .enumerate()
    {
        match r {
            Ok(p) => out.push((p.name(i + 1), p)),
            Err(e) => errors.push(e.to_string()),
        }
    }
    if !errors.is_empty() {
        return Err(RequestError::bad(errors.join("\n")));
    }
    if out.is_empty() {
        return Err(RequestError::bad("text: no positions"));
    }
    at_most("text: positions", out.len(), MAX_POSITIONS)?;
    Ok(out)
}

fn results(list: Vec<Value>) -> Value {
    json!({ "results": list })
}

fn to_value<T: serde::Serialize>(x: &T) -> Value {
    serde_json::to_value(x).expect("serializes")
}

// ---------------------------------------------------------------- solve

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SolveRequest {
    text: Option<String>,
    deal: Option<String>,
    exchange: Option<String>,
    rules: Option<String>,
    target: Option<u16>,
    #[serde(default)]
    all: bool,
}

fn solve(bytes: &[u8]) -> Prepared {
    let req: SolveRequest = body(bytes)?;
    let rules = rules(req.rules.as_deref())?;
    let list = match (&req.text, &req.deal) {
        (Some(_), Some(_)) => return Err(RequestError::bad("give either text or deal, not both")),
        (None, None) => return Err(RequestError::bad("text: missing (or give deal)")),
        (Some(text), None) => {
            if req.exchange.is_some() {
                return Err(RequestError::bad("exchange: goes with deal, not text"));
            }
            positions(text, rules)?
        }
        (None, Some(deal)) => {
            let p = Position::from_deal_text(deal, req.exchange.as_deref(), rules)
                .map_err(|e| RequestError::bad(e.to_string()))?;
            vec![(p.name(1), p)]
        }
    };
    let (target, all) = (req.target, req.all);
    let total = list.len() as u64;
    Ok(Request::solving(total, false, move |job: &Run| {
        let mut solver: Option<Solver> = None;
        let mut out = Vec::new();
        for (name, p) in &list {
            job.check();
            let solver = match &mut solver {
                Some(s) if *s.rules() == p.rules => s,
                slot => slot.insert(Solver::new(p.rules)),
            };
            let setup = p.setup();
            out.push(match target {
                Some(t) => {
                    let (reaches, exchange) = solver.setup_reaches(&setup, t);
                    target_json(name, p, t, reaches, exchange.as_ref())
                }
                None => solution_json(name, p, &solver.solve(&setup, all)),
            });
            job.tick();
        }
        Ok(results(out))
    }))
}

// ---------------------------------------------------------------- bid

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BidRequest {
    hand: String,
    rules: Option<String>,
    samples: Option<usize>,
    seed: Option<u64>,
    confidence: Option<f64>,
    #[serde(default)]
    realistic: bool,
    choice_layouts: Option<usize>,
    candidates: Option<usize>,
    /// `real` (the default) or `dd`.
    basis: Option<String>,
    #[serde(default, rename = "async")]
    background: bool,
}

/// A bid request read and checked: the hand, the rules, the options and
/// whether it runs in the background.
fn bid_options(bytes: &[u8]) -> Result<(CardSet, Rules, BidOptions, bool), RequestError> {
    let req: BidRequest = body(bytes)?;
    let rules = rules(req.rules.as_deref())?;
    let hand =
        estimate::parse_hand(&req.hand, rules.dealt(), "hand").map_err(|e| input("hand", e))?;
    let defaults = BidOptions::default();
    let real = RealisticOptions::default();
    let opts = BidOptions {
        samples: req.samples.unwrap_or(defaults.samples),
        seed: req.seed.unwrap_or(defaults.seed),
        threads: 0, // set where it runs
        confidence: req.confidence.unwrap_or(defaults.confidence),
        realistic: req.realistic.then_some(RealisticOptions {
            choice_layouts: req.choice_layouts.unwrap_or(real.choice_layouts),
            candidates: req.candidates.unwrap_or(real.candidates),
        }),
        basis: opt("basis", req.basis.as_deref())?.unwrap_or(defaults.basis),
    };
    let max = if req.realistic {
        MAX_REALISTIC_SAMPLES
    } else {
        MAX_SAMPLES
    };
    at_most("samples", opts.samples, max)?;
    if let Some(r) = &opts.realistic {
        at_most("choice_layouts", r.choice_layouts, 16)?;
        at_most("candidates", r.candidates, 16)?;
    }
    opts.check().map_err(|e| input("options", e))?;
    Ok((hand, rules, opts, req.background))
}

fn bid(bytes: &[u8]) -> Prepared {
    let (hand, rules, opts, background) = bid_options(bytes)?;
    let total = estimate::bid::work(opts.samples) as u64;
    Ok(Request::solving(total, background, move |job: &Run| {
        let opts = BidOptions {
            threads: job.threads,
            ..opts
        };
        estimate::bid::estimate(hand, &rules, &opts, &|| job.tick())
            .map(|r| to_value(&r))
            .map_err(|e| input("hand", e))
    }))
}

/// The endpoints whose work splits among the browser's workers: for each,
/// `NAME/shard` (its body with `shard` and `shards`: that shard's part of
/// the samples) and `NAME/merge` (its body with `parts`, the shards'
/// answers in order: its very answer, whatever the number of shards).
pub const SPLIT: [&str; 3] = ["bid", "exchange", "suggest"];

/// Shards of a request, at most (the page has at most 8 workers).
pub const MAX_SHARDS: usize = 64;

/// Takes the keys `keys` out of a JSON object body, for an endpoint that
/// reads them beside another endpoint's body: (the rest as bytes, the
/// keys' values).
fn split_keys(bytes: &[u8], keys: &[&str]) -> Result<(Vec<u8>, Vec<Option<Value>>), RequestError> {
    let mut value: Value = body(bytes)?;
    let Some(map) = value.as_object_mut() else {
        return Err(RequestError::bad("request body: a JSON object is expected"));
    };
    let taken = keys.iter().map(|k| map.remove(*k)).collect();
    Ok((value.to_string().into_bytes(), taken))
}

/// A whole number of a body, named in its error.
fn whole(key: &str, value: Option<Value>) -> Result<usize, RequestError> {
    let value = value.ok_or_else(|| RequestError::bad(format!("{key}: missing")))?;
    value
        .as_u64()
        .and_then(|n| usize::try_from(n).ok())
        .ok_or_else(|| RequestError::bad(format!("{key}: {value} is not a whole number")))
}

/// A shard request's body: the rest (the endpoint's own body), and its
/// `shard` of `shards` (from 0), checked.
fn shard_keys(bytes: &[u8]) -> Result<(Vec<u8>, usize, usize), RequestError> {
    let (rest, taken) = split_keys(bytes, &["shard", "shards"])?;
    let mut taken = taken.into_iter();
    let shard = whole("shard", taken.next().flatten())?;
    let shards = whole("shards", taken.next().flatten())?;
    at_least_one("shards", shards)?;
    at_most("shards", shards, MAX_SHARDS)?;
    if shard >= shards {
        return Err(RequestError::bad(format!(
            "shard: {shard} is not below shards ({shards}); shards count from 0"
        )));
    }
    Ok((rest, shard, shards))
}

/// A merge request's body: the rest (the endpoint's own body), and
/// `parts`, the answers of `shard_endpoint` in order.
fn merge_keys(bytes: &[u8], shard_endpoint: &str) -> Result<(Vec<u8>, Vec<Value>), RequestError> {
    let (rest, taken) = split_keys(bytes, &["parts"])?;
    match taken.into_iter().next().flatten() {
        Some(Value::Array(parts)) => Ok((rest, parts)),
        _ => Err(RequestError::bad(format!(
            "parts: missing, or not a list of {shard_endpoint} answers"
        ))),
    }
}

/// Part `i` of a merge read as `T`, its error naming the part.
fn part<T: DeserializeOwned>(i: usize, part: Value) -> Result<T, RequestError> {
    serde_json::from_value(part)
        .map_err(|e| RequestError::bad(format!("parts: part {i}: {}", type_words(&e.to_string()))))
}

/// `bid/shard`: a bid's body with `shard` and `shards` (shard `shard` of
/// `shards`, from 0): that shard's samples, `{"samples": [[musik, points,
/// double_dummy], ...], "defence": [points, ...]}`, for `bid/merge`. Each
/// sample is drawn from the seed and its index alone, so the shards,
/// computed by different workers, merge into the very report of `bid`.
fn bid_shard(bytes: &[u8]) -> Prepared {
    let (rest, shard, shards) = shard_keys(bytes)?;
    let (hand, rules, opts, background) = bid_options(&rest)?;
    let total = estimate::bid::shard_range(opts.samples, shard, shards).len()
        + estimate::bid::shard_range(estimate::bid::defence_samples(opts.samples), shard, shards)
            .len();
    Ok(Request::solving(
        total as u64,
        background,
        move |job: &Run| {
            let opts = BidOptions {
                threads: job.threads,
                ..opts
            };
            let (samples, defence) =
                estimate::bid::estimate_shard(hand, &rules, &opts, (shard, shards), &|| job.tick())
                    .map_err(|e| input("hand", e))?;
            // What the report reads of a sample: its musik and its points.
            let samples: Vec<Value> = samples
                .iter()
                .map(|s| json!([s.musik.to_string(), s.points, s.double_dummy]))
                .collect();
            Ok(json!({"samples": samples, "defence": defence}))
        },
    ))
}

/// `bid/merge`: a bid's body with `parts`, the answers of `bid/shard` for
/// shards 0, 1, ... in order: the report `bid` answers.
fn bid_merge(bytes: &[u8]) -> Prepared {
    let (rest, parts) = merge_keys(bytes, "bid/shard")?;
    let (hand, rules, opts, _) = bid_options(&rest)?;
    let bad = |i: usize, what: &str| RequestError::bad(format!("parts: part {i}: {what}"));
    let mut samples = Vec::new();
    let mut defence = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        let list = part["samples"]
            .as_array()
            .ok_or_else(|| bad(i, "no samples list"))?;
        for s in list {
            let (Some(musik), Some(points), Some(double_dummy)) =
                (s[0].as_str(), s[1].as_u64(), s[2].as_u64())
            else {
                return Err(bad(i, "a sample is not [musik, points, double_dummy]"));
            };
            let musik: CardSet = musik.parse().map_err(|e| bad(i, &format!("musik: {e}")))?;
            let small = |n: u64| u16::try_from(n).map_err(|_| bad(i, "points out of range"));
            samples.push(estimate::BidSample {
                musik,
                points: small(points)?,
                double_dummy: small(double_dummy)?,
                // Not read by the report (bid/shard leaves them out).
                defenders: [CardSet::EMPTY; 2],
                chosen: None,
            });
        }
        let list = part["defence"]
            .as_array()
            .ok_or_else(|| bad(i, "no defence list"))?;
        for d in list {
            let d = d
                .as_u64()
                .and_then(|d| u16::try_from(d).ok())
                .ok_or_else(|| bad(i, "a defence sample is not points"))?;
            defence.push(d);
        }
    }
    let report = estimate::bid::merge_shards(hand, &rules, &opts, &samples, &defence)
        .map_err(|e| RequestError::bad(format!("parts: {e}")))?;
    Ok(Request::cheap(to_value(&report)))
}

// ---------------------------------------------------------------- exchange

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExchangeRequest {
    hand: String,
    musik: Option<String>,
    contract: Option<u16>,
    rules: Option<String>,
    samples: Option<usize>,
    seed: Option<u64>,
    confidence: Option<f64>,
    candidates: Option<usize>,
    screen: Option<usize>,
    #[serde(default, rename = "async")]
    background: bool,
    /// `real` (the default) or `dd`.
    basis: Option<String>,
}

/// An exchange request read and checked: the cards, the rules, the
/// options and whether it runs in the background.
fn exchange_options(bytes: &[u8]) -> Result<(CardSet, Rules, ExchangeOptions, bool), RequestError> {
    let req: ExchangeRequest = body(bytes)?;
    let rules = rules(req.rules.as_deref())?;
    let ten = estimate::ten_cards(&rules, &req.hand, req.musik.as_deref())
        .map_err(|(arg, e)| input(arg, e))?;
    let d = ExchangeOptions::default();
    let opts = ExchangeOptions {
        samples: req.samples.unwrap_or(d.samples),
        seed: req.seed.unwrap_or(d.seed),
        threads: 0, // set where it runs
        contract: req.contract,
        confidence: req.confidence.unwrap_or(d.confidence),
        candidates: req.candidates.unwrap_or(d.candidates),
        screen: req.screen.unwrap_or(d.screen),
        basis: opt("basis", req.basis.as_deref())?.unwrap_or(d.basis),
    };
    at_most("samples", opts.samples, MAX_SAMPLES)?;
    at_most("candidates", opts.candidates, 45)?;
    at_most("screen", opts.screen, 200)?;
    opts.check(&rules).map_err(|e| input("options", e))?;
    Ok((ten, rules, opts, req.background))
}

fn exchange(bytes: &[u8]) -> Prepared {
    let (ten, rules, opts, background) = exchange_options(bytes)?;
    let total = (opts.screen + opts.samples) as u64;
    Ok(Request::solving(total, background, move |job: &Run| {
        let opts = ExchangeOptions {
            threads: job.threads,
            ..opts
        };
        estimate::exchange::estimate(ten, &rules, &opts, &|| job.tick())
            .map(|r| to_value(&r))
            .map_err(|e| input("hand", e))
    }))
}

/// `exchange/shard`: an exchange's body with `shard` and `shards`: the
/// screening (each shard repeats it: `screen` layouts, 16 by default) and
/// that shard's scoring layouts, `{"candidates": [[exchange, screen_best],
/// ...], "points": [[each candidate's points], ...]}`, for
/// `exchange/merge`. Each layout is drawn from the seed and its index
/// alone, so the shards merge into the very report of `exchange`.
fn exchange_shard(bytes: &[u8]) -> Prepared {
    let (rest, shard, shards) = shard_keys(bytes)?;
    let (ten, rules, opts, background) = exchange_options(&rest)?;
    let total = opts.screen + estimate::bid::shard_range(opts.samples, shard, shards).len();
    Ok(Request::solving(
        total as u64,
        background,
        move |job: &Run| {
            let opts = ExchangeOptions {
                threads: job.threads,
                ..opts
            };
            estimate::exchange::estimate_shard(ten, &rules, &opts, (shard, shards), &|| job.tick())
                .map(|s| to_value(&s))
                .map_err(|e| input("hand", e))
        },
    ))
}

/// `exchange/merge`: an exchange's body with `parts`, the answers of
/// `exchange/shard` for shards 0, 1, ... in order: the report `exchange`
/// answers.
fn exchange_merge(bytes: &[u8]) -> Prepared {
    let (rest, parts) = merge_keys(bytes, "exchange/shard")?;
    let (ten, rules, opts, _) = exchange_options(&rest)?;
    let shards = parts
        .into_iter()
        .enumerate()
        .map(|(i, p)| part(i, p))
        .collect::<Result<Vec<estimate::exchange::ExchangeShard>, _>>()?;
    let report = estimate::exchange::merge_shards(ten, &rules, &opts, &shards)
        .map_err(|e| RequestError::bad(format!("parts: {e}")))?;
    Ok(Request::cheap(to_value(&report)))
}

// ---------------------------------------------------------------- analyze

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnalyzeRequest {
    text: String,
    rules: Option<String>,
    #[serde(default)]
    view: bool,
    samples: Option<usize>,
    seed: Option<u64>,
    inference: Option<String>,
    /// A game record: layouts each auction call is judged on.
    bid_samples: Option<usize>,
}

/// The layouts each auction call of a game record is judged on, unless
/// `bid_samples` says (as `analyze --bid-samples`).
pub const DEFAULT_BID_SAMPLES: usize = 40;

fn analyze(bytes: &[u8]) -> Prepared {
    let req: AnalyzeRequest = body(bytes)?;
    if crate::game::record::is_record(&req.text) {
        return analyze_record(req);
    }
    if req.bid_samples.is_some() {
        return Err(RequestError::bad(
            "bid_samples: only for a game record (text starting `game: tysiac`)",
        ));
    }
    let default_rules = rules(req.rules.as_deref())?;
    let samples = req.samples.unwrap_or(100);
    at_least_one("samples", samples)?;
    at_most("samples", samples, MAX_REVIEW_SAMPLES)?;
    let mut list = Vec::new();
    let mut errors = Vec::new();
    for (i, r) in parse_positions_lenient(&req.text, SOURCE, default_rules)
        .into_iter()
        .enumerate()
    {
        match r {
            Ok((p, None)) => list.push((i, p)),
            Ok((_, Some(bad))) => errors.push(bad.analyze_error().to_string()),
            Err(e) => errors.push(e.to_string()),
        }
    }
    if !errors.is_empty() {
        return Err(RequestError::bad(errors.join("\n")));
    }
    if list.is_empty() {
        return Err(RequestError::bad("text: no positions"));
    }
    at_most("text: positions", list.len(), MAX_POSITIONS)?;
    let opts = PimcOptions {
        samples,
        seed: req.seed.unwrap_or(estimate::bid::DEFAULT_SEED),
        objective: None,
        inference: opt::<Inference>("inference", req.inference.as_deref())?.unwrap_or_default(),
    };
    let view = req.view;
    Ok(Request::solving(
        list.len() as u64,
        false,
        move |job: &Run| {
            let mut solvers: Vec<Solver> = Vec::new();
            let mut out = Vec::new();
            for (index, p) in &list {
                job.check();
                let k = match solvers.iter().position(|s| *s.rules() == p.rules) {
                    Some(k) => k,
                    None => {
                        solvers.push(Solver::new(p.rules));
                        solvers.len() - 1
                    }
                };
                let solver = &mut solvers[k];
                let name = p.name(index + 1);
                let analysis = analyze_position(solver, p, None).map_err(|e| {
                    RequestError::bad(format!("{SOURCE}:{}: position {name}: {e}", p.line))
                })?;
                let mut value = to_value(&analysis);
                if view {
                    let r = crate::analysis::review::review(p, &opts, solver).map_err(|e| {
                        RequestError::bad(format!(
                            "{SOURCE}:{}: position {name}: view: {e}",
                            p.line
                        ))
                    })?;
                    if let Some(obj) = value.as_object_mut() {
                        obj.insert("view".into(), to_value(&r));
                    }
                }
                out.push(value);
                job.tick();
            }
            Ok(results(out))
        },
    ))
}

/// `analyze` on a game record: the post-mortem of the whole game, as
/// `analyze --json RECORD` prints it: `results`, one object per hand (the
/// command's lines), and `summary`, its last line.
fn analyze_record(req: AnalyzeRequest) -> Prepared {
    use crate::analysis::postmortem;
    // `rules` (for positions without a `rules:` line) is read and
    // unused, as the command's `--rules`: a record carries its own rules.
    rules(req.rules.as_deref())?;
    let bid_samples = req.bid_samples.unwrap_or(DEFAULT_BID_SAMPLES);
    at_least_one("bid_samples", bid_samples)?;
    at_most("bid_samples", bid_samples, MAX_REVIEW_SAMPLES)?;
    let samples = req.samples.unwrap_or(100);
    at_least_one("samples", samples)?;
    at_most("samples", samples, MAX_REVIEW_SAMPLES)?;
    let rec = crate::game::record::read(&req.text)
        .map_err(|e| RequestError::bad(format!("{SOURCE}:{e}")))?;
    let opts = postmortem::GameOptions {
        bid_samples,
        seed: req.seed.unwrap_or(estimate::bid::DEFAULT_SEED),
        inference: opt::<Inference>("inference", req.inference.as_deref())?.unwrap_or_default(),
        view: req.view.then_some(samples),
    };
    let views = if req.view {
        postmortem::hands_analyzed(&rec.table)
    } else {
        0
    };
    let total = postmortem::calls_to_judge(&rec.table) + views;
    Ok(Request::solving(total as u64, false, move |job: &Run| {
        job.check();
        let workers = Workers::new(rec.table.rules, job.threads)
            .map_err(|e| RequestError::new(500, e.to_string()))?;
        let review =
            postmortem::review_game(&rec.table, &opts, &workers, &|| job.tick(), &|| job.tick())
                .map_err(|e| match e {
                    postmortem::GameError::Review(e) => RequestError::bad(format!("{SOURCE}: {e}")),
                    postmortem::GameError::View(e) => {
                        RequestError::bad(format!("{SOURCE}: view: {e}"))
                    }
                })?;
        let hands: Vec<Value> = review.hands.iter().map(to_value).collect();
        Ok(json!({"results": hands, "summary": review.summary_json()}))
    }))
}

// ---------------------------------------------------------------- puzzle

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PuzzleRequest {
    count: Option<usize>,
    tricks: Option<String>,
    side: Option<String>,
    rules: Option<String>,
    goal: Option<String>,
    seed: Option<u64>,
    difficulty: Option<String>,
    theme: Option<String>,
    min_cost: Option<u16>,
    play: Option<String>,
    max_candidates: Option<u64>,
}

fn puzzle_new(bytes: &[u8], fresh_seed: &dyn Fn() -> u64) -> Prepared {
    let req: PuzzleRequest = body(bytes)?;
    let count = req.count.unwrap_or(1);
    at_least_one("count", count)?;
    at_most("count", count, MAX_PUZZLES)?;
    let d = puzzle::Options::default();
    let tricks = match &req.tricks {
        Some(t) => {
            puzzle::parse_tricks(t).map_err(|e| RequestError::bad(format!("tricks: {e}")))?
        }
        None => d.tricks,
    };
    let opts = puzzle::Options {
        rules: rules(req.rules.as_deref())?,
        seed: req.seed.unwrap_or_else(fresh_seed),
        tricks,
        side: opt::<Side>("side", req.side.as_deref())?.unwrap_or(d.side),
        goal: opt::<Goal>("goal", req.goal.as_deref())?.unwrap_or(d.goal),
        min_cost: req.min_cost.unwrap_or(d.min_cost),
        play: opt::<PlayStyle>("play", req.play.as_deref())?.unwrap_or(d.play),
        difficulty: opt::<Difficulty>("difficulty", req.difficulty.as_deref())?,
        theme: opt::<Theme>("theme", req.theme.as_deref())?,
    };
    let limit = req.max_candidates.unwrap_or(2000 * count as u64);
    if limit > MAX_CANDIDATES {
        return Err(RequestError::bad(format!(
            "max_candidates: {limit} is more than this server allows ({MAX_CANDIDATES})"
        )));
    }
    Ok(Request::solving(count as u64, false, move |job: &Run| {
        let (found, _counts) = puzzle::generate(&opts, count, limit, job.threads);
        if found.is_empty() {
            return Err(RequestError::new(
                422,
                format!(
                    "found no puzzle in {limit} candidates (seed {}); loosen the filters",
                    opts.seed
                ),
            ));
        }
        let list: Vec<Value> = found.iter().map(|p| p.to_json()).collect();
        Ok(json!({"seed": opts.seed, "puzzles": list}))
    }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VerifyRequest {
    text: String,
    rules: Option<String>,
}

fn puzzle_verify(bytes: &[u8]) -> Prepared {
    let req: VerifyRequest = body(bytes)?;
    let list = positions(&req.text, rules(req.rules.as_deref())?)?;
    Ok(Request::solving(
        list.len() as u64,
        false,
        move |job: &Run| {
            let mut solver: Option<Solver> = None;
            let mut out = Vec::new();
            for (name, p) in &list {
                job.check();
                let solver = match &mut solver {
                    Some(s) if *s.rules() == p.rules => s,
                    slot => slot.insert(Solver::new(p.rules)),
                };
                out.push(verify_json(name, &puzzle::verify(solver, p)));
                job.tick();
            }
            Ok(results(out))
        },
    ))
}

// ---------------------------------------------------------------- score

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScoreRequest {
    text: String,
    rules: Option<String>,
}

/// Scoring is cheap: it runs on the async side, in no solving slot.
fn score(bytes: &[u8]) -> Result<Value, RequestError> {
    let req: ScoreRequest = body(bytes)?;
    let default_rules = rules(req.rules.as_deref())?;
    let sheet = parse_sheet(&req.text);
    let mut errors: Vec<String> = sheet
        .errors
        .iter()
        .map(|e| format!("{SOURCE}:{}: {}", e.line, e.message))
        .collect();
    let Some(players) = sheet.players.clone() else {
        errors.push(format!("{SOURCE}: no players: line"));
        return Err(RequestError::bad(errors.join("\n")));
    };
    let mut game = Game::new(sheet.rules.unwrap_or(default_rules), players);
    game.next_dealer = sheet.first_dealer.unwrap_or(0);
    let mut lines = Vec::new();
    for h in &sheet.hands {
        let outcome = match &h.end {
            HandEnd::Points(points) => Outcome::Played {
                contract: h.contract.unwrap_or(h.bid),
                points: points.clone(),
            },
            HandEnd::Concede => Outcome::Conceded,
            HandEnd::Position { .. } => {
                errors.push(format!(
                    "{SOURCE}:{}: position=: the API reads no files; give points= instead",
                    h.line
                ));
                continue;
            }
        };
        let hand = Hand {
            declarer: h.declarer,
            bid: h.bid,
            outcome,
            dealer: h.dealer,
            blind: h.blind,
            tricks: h.tricks.clone(),
            musik: h.musik,
        };
        match game.play(&hand) {
            Ok(_) => lines.push(h.line),
            Err(e) => errors.push(format!("{SOURCE}:{}: {e}", h.line)),
        }
    }
    if !errors.is_empty() {
        return Err(RequestError::bad(errors.join("\n")));
    }
    Ok(to_value(&GameJson::new(SOURCE, &game, &lines)))
}

// ---------------------------------------------------------------- suggest

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SuggestRequest {
    text: String,
    seat: Option<String>,
    samples: Option<usize>,
    seed: Option<u64>,
    objective: Option<String>,
    rules: Option<String>,
    inference: Option<String>,
}

/// The views of a suggest request, each with its id, and the options.
type Views = Vec<(String, crate::view::View)>;

/// A suggest request read and checked: its views and the options.
fn suggest_options(bytes: &[u8]) -> Result<(Views, PimcOptions), RequestError> {
    let req: SuggestRequest = body(bytes)?;
    let rules = rules(req.rules.as_deref())?;
    let seat = opt::<Seat>("seat", req.seat.as_deref())?;
    let opts = PimcOptions {
        samples: req.samples.unwrap_or(100),
        seed: req.seed.unwrap_or(estimate::bid::DEFAULT_SEED),
        objective: opt::<Objective>("objective", req.objective.as_deref())?,
        inference: opt::<Inference>("inference", req.inference.as_deref())?.unwrap_or_default(),
    };
    at_least_one("samples", opts.samples)?;
    at_most("samples", opts.samples, MAX_SUGGEST_SAMPLES)?;
    let mut views = Vec::new();
    let mut errors = Vec::new();
    for (i, r) in parse_views(&req.text, SOURCE, rules, seat)
        .into_iter()
        .enumerate()
    {
        match r {
            Ok(v) => {
                let id = v.id.clone().unwrap_or_else(|| format!("#{}", i + 1));
                views.push((id, v));
            }
            Err(e) => errors.push(e.to_string()),
        }
    }
    if !errors.is_empty() {
        return Err(RequestError::bad(errors.join("\n")));
    }
    if views.is_empty() {
        return Err(RequestError::bad("text: no positions"));
    }
    at_most("text: positions", views.len(), MAX_POSITIONS)?;
    Ok((views, opts))
}

/// Workers for each rule set of a request's views, made as needed.
struct WorkersByRules {
    threads: usize,
    made: Vec<(Rules, Workers)>,
}

impl WorkersByRules {
    fn new(threads: usize) -> WorkersByRules {
        WorkersByRules {
            threads,
            made: Vec::new(),
        }
    }

    fn of(&mut self, rules: Rules) -> Result<&Workers, RequestError> {
        let k = match self.made.iter().position(|(r, _)| *r == rules) {
            Some(k) => k,
            None => {
                let w = Workers::new(rules, self.threads)
                    .map_err(|e| RequestError::new(500, e.to_string()))?;
                self.made.push((rules, w));
                self.made.len() - 1
            }
        };
        Ok(&self.made[k].1)
    }
}

/// A view's error, naming its line and id.
fn view_error(id: &str, view: &crate::view::View, e: impl std::fmt::Display) -> RequestError {
    RequestError::bad(format!("{SOURCE}:{}: position {id}: {e}", view.line))
}

fn suggest(bytes: &[u8]) -> Prepared {
    let (views, opts) = suggest_options(bytes)?;
    let total = (views.len() * opts.samples) as u64;
    Ok(Request::solving(total, false, move |job: &Run| {
        let mut workers = WorkersByRules::new(job.threads);
        let mut out = Vec::new();
        for (id, view) in &views {
            let w = workers.of(view.rules)?;
            let mut s = crate::players::pimc::suggest(view, &opts, w, &|| job.tick())
                .map_err(|e| view_error(id, view, e))?;
            s.id = Some(id.clone());
            out.push(to_value(&s));
        }
        Ok(results(out))
    }))
}

/// What `suggest/shard` answers: for each view, in order, the values of
/// its shard of the distinct layouts drawn (each of the viewer's legal
/// moves on each).
#[derive(serde::Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SuggestShard {
    views: Vec<Vec<Vec<u16>>>,
}

/// `suggest/shard`: a suggest's body with `shard` and `shards`: for each
/// view, that shard of its layouts' values, `{"views": [[[value of each
/// move], ...], ...]}`, for `suggest/merge`. The layouts are drawn from
/// the view and the seed alone, so every shard draws the same, and the
/// shards merge into the very answer of `suggest`.
fn suggest_shard(bytes: &[u8]) -> Prepared {
    let (rest, shard, shards) = shard_keys(bytes)?;
    let (views, opts) = suggest_options(&rest)?;
    let total = views.len() * estimate::bid::shard_range(opts.samples, shard, shards).len();
    Ok(Request::solving(total as u64, false, move |job: &Run| {
        let mut workers = WorkersByRules::new(job.threads);
        let mut out = Vec::new();
        for (id, view) in &views {
            let w = workers.of(view.rules)?;
            let values =
                crate::players::pimc::suggest_shard(view, &opts, w, (shard, shards), &|| {
                    job.tick()
                })
                .map_err(|e| view_error(id, view, e))?;
            out.push(values);
        }
        Ok(to_value(&SuggestShard { views: out }))
    }))
}

/// `suggest/merge`: a suggest's body with `parts`, the answers of
/// `suggest/shard` for shards 0, 1, ... in order: the answer `suggest`
/// gives.
fn suggest_merge(bytes: &[u8]) -> Prepared {
    let (rest, parts) = merge_keys(bytes, "suggest/shard")?;
    let (views, opts) = suggest_options(&rest)?;
    let mut values: Vec<Vec<Vec<u16>>> = vec![Vec::new(); views.len()];
    for (i, p) in parts.into_iter().enumerate() {
        let p: SuggestShard = part(i, p)?;
        if p.views.len() != views.len() {
            return Err(RequestError::bad(format!(
                "parts: part {i}: {} views, the text has {}",
                p.views.len(),
                views.len()
            )));
        }
        for (all, mine) in values.iter_mut().zip(p.views) {
            all.extend(mine);
        }
    }
    Ok(Request::solving(
        views.len() as u64,
        false,
        move |job: &Run| {
            let mut workers = WorkersByRules::new(job.threads);
            let mut out = Vec::new();
            for ((id, view), values) in views.iter().zip(values) {
                let w = workers.of(view.rules)?;
                let mut s = crate::players::pimc::suggest_merge(view, &opts, w, values).map_err(
                    |e| match e {
                        crate::players::pimc::PimcError::Shards(_) => {
                            RequestError::bad(format!("parts: position {id}: {e}"))
                        }
                        e => view_error(id, view, e),
                    },
                )?;
                s.id = Some(id.clone());
                out.push(to_value(&s));
                job.tick();
            }
            Ok(results(out))
        },
    ))
}

// ---------------------------------------------------------------- play

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayRequest {
    deals: Option<usize>,
    seed: Option<u64>,
    declarer: Option<String>,
    defenders: Option<String>,
    bid: Option<u16>,
    hand: Option<String>,
    confidence: Option<f64>,
    rules: Option<String>,
    #[serde(default, rename = "async")]
    background: bool,
}

fn player(key: &str, text: Option<&str>) -> Result<PlayerKind, RequestError> {
    let kind = opt::<PlayerKind>(key, text)?.unwrap_or(PlayerKind::Pimc(50, Inference::Model));
    if let PlayerKind::Pimc(n, _) = kind {
        at_most(key, n, MAX_PLAYER_SAMPLES)?;
    }
    Ok(kind)
}

fn confidence(c: Option<f64>) -> Result<f64, RequestError> {
    let c = c.unwrap_or(0.5);
    if !(0.0..=1.0).contains(&c) {
        return Err(RequestError::bad(format!(
            "confidence: {c} is not a probability from 0 to 1"
        )));
    }
    Ok(c)
}

fn play(bytes: &[u8]) -> Prepared {
    let req: PlayRequest = body(bytes)?;
    let rules = rules(req.rules.as_deref())?;
    let deals = req.deals.unwrap_or(5);
    at_least_one("deals", deals)?;
    at_most("deals", deals, MAX_DEALS)?;
    let bid = req.bid.unwrap_or(100);
    crate::engine::score::check_bid(&rules, bid)
        .map_err(|e| RequestError::bad(format!("bid: {e}")))?;
    let hand = req
        .hand
        .as_deref()
        .map(|h| estimate::parse_hand(h, rules.dealt(), "hand").map_err(|e| input("hand", e)))
        .transpose()?;
    let opts = PlayOptions {
        deals,
        seed: req.seed.unwrap_or(estimate::bid::DEFAULT_SEED),
        declarer: player("declarer", req.declarer.as_deref())?,
        defenders: player("defenders", req.defenders.as_deref())?,
        bid,
        hand,
        seat: Seat::D,
        confidence: confidence(req.confidence)?,
        as_bid_samples: false,
    };
    Ok(Request::solving(
        deals as u64,
        req.background,
        move |job: &Run| {
            let workers = Workers::new(rules, job.threads)
                .map_err(|e| RequestError::new(500, e.to_string()))?;
            let games = play_games(&rules, &opts, &workers, &|| job.tick());
            let summary = report(&rules, &opts, &games);
            Ok(json!({"games": to_value(&games), "summary": to_value(&summary)}))
        },
    ))
}

// ---------------------------------------------------------------- page helpers

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DealRequest {
    seed: Option<u64>,
    rules: Option<String>,
}

/// A random deal from a seed: `{"seed": s, "deal": "D L R musik"}` (with
/// `players=2`: `D L musik other-musik`).
fn deal(bytes: &[u8], fresh_seed: &dyn Fn() -> u64) -> Result<Value, RequestError> {
    let req: DealRequest = body(bytes)?;
    let rules = rules(req.rules.as_deref())?;
    let seed = req.seed.unwrap_or_else(fresh_seed);
    let mut rng = crate::engine::sample::sample_rng(seed, 0);
    let d = crate::engine::random::deal_for(&mut rng, &rules);
    Ok(json!({"seed": seed, "deal": d.to_string()}))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DeclareRequest {
    deal: String,
    rules: Option<String>,
    bid: Option<u16>,
    player: Option<String>,
    confidence: Option<f64>,
    seed: Option<u64>,
}

/// A computer declarer's exchange and contract for a deal (the declarer is
/// the deal's first hand): `{"exchange": "..", "contract": n}`.
fn declare(bytes: &[u8]) -> Prepared {
    let req: DeclareRequest = body(bytes)?;
    let rules = rules(req.rules.as_deref())?;
    let deal: Deal = req
        .deal
        .parse()
        .map_err(|e| RequestError::bad(format!("deal: {e}")))?;
    if deal.musik.is_empty() {
        return Err(RequestError::bad(
            "deal: needs the musik (D L R and the musik)",
        ));
    }
    let bid = req.bid.unwrap_or(100);
    crate::engine::score::check_bid(&rules, bid)
        .map_err(|e| RequestError::bad(format!("bid: {e}")))?;
    let kind = player("player", req.player.as_deref())?;
    let confidence = confidence(req.confidence)?;
    let seed = req.seed.unwrap_or(estimate::bid::DEFAULT_SEED);
    Ok(Request::solving(1, false, move |job: &Run| {
        let guess = crate::engine::contract::guessed_exchanges(&deal, &rules);
        let first = guess
            .first()
            .ok_or_else(|| RequestError::bad("deal: no exchange is possible"))?;
        let placeholder = deal
            .after(&rules, first)
            .map_err(|e| RequestError::bad(format!("deal: {e}")))?;
        let mut solver = Solver::new(rules);
        let mut cx = Context {
            solver: &mut solver,
            seed,
            truth: &placeholder,
        };
        let (exchange, contract) = kind.declare(&deal, &rules, bid, confidence, &mut cx);
        job.tick();
        Ok(json!({"exchange": exchange.to_string(), "contract": contract}))
    }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StateRequest {
    text: String,
    rules: Option<String>,
}

/// Where a position stands, for drawing it: the seats in play, the hands,
/// the trick on the table, the trump, the points, the seat to move and its
/// legal moves (or, before the exchange, the hands and the musik; with two
/// players both musiks).
fn state(bytes: &[u8]) -> Result<Value, RequestError> {
    let req: StateRequest = body(bytes)?;
    let list = positions(&req.text, rules(req.rules.as_deref())?)?;
    let (_, p) = &list[0];
    let n = p.rules.seats();
    let hands = |h: &[CardSet; 3]| json!(crate::PerSeat::new(h.map(|c| c.to_string()), n));
    let seats: Vec<String> = Seat::ALL[..n].iter().map(|s| s.to_string()).collect();
    Ok(match p.setup() {
        crate::Setup::Musik(deal) => json!({
            "stage": "musik",
            "seats": seats,
            "hands": hands(&deal.hands),
            "musik": deal.musik.to_string(),
            "other_musik": deal.is_two().then(|| deal.other_musik.to_string()),
            "contract": p.contract,
        }),
        crate::Setup::Play(st) => {
            let legal: Vec<String> = if st.is_over() {
                Vec::new()
            } else {
                st.legal_moves(&p.rules)
                    .iter()
                    .map(|m| m.to_string())
                    .collect()
            };
            let trick: Vec<String> = st.trick().iter().map(|c| c.to_string()).collect();
            json!({
                "stage": if st.is_over() { "over" } else { "play" },
                "seats": seats,
                "hands": hands(&st.hands),
                "to_move": st.to_move().to_string(),
                "leader": st.leader.to_string(),
                "trick": trick,
                "trump": st.trump.map(|t| t.to_string()),
                "points": crate::PerSeat::new(st.points, n),
                "last_musik": (n == 2).then(|| st.last_musik.to_string()),
                "legal": legal,
                "contract": p.contract,
            })
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(endpoint: &str, body: &Value) -> Result<Value, RequestError> {
        answer(endpoint, body.to_string().as_bytes(), 1, &|| 0, &|_, _| {})
    }

    /// A short game (one hand, heuristic seats, seed 11), as
    /// `tysiac game --seats heuristic,heuristic,heuristic --rules
    /// "standard game_to=100" --seed 11 --games 1 --records DIR` wrote it.
    const RECORD: &str = "game: tysiac
players: P1 P2 P3
seats: heuristic heuristic heuristic
rules: standard game_to=100
seed: 11
dealer: P1

hand: 1
dealer: P1
cards: AQ9.K.TJ9. TKJ.T.K.AJ .9.AQ.TKQ9 .AQJ..
bids: P2:100 P3:110 P1:120 P2:pass P3:pass
id: hand-1
rules: standard game_to=100
deal: .9.AQ.TKQ9 AQ9.K.TJ9. TKJ.T.K.AJ .AQJ..
exchange: 9D 9S
contract: 120
play: AC 9C KC | QS 9H AS | 9S KS 9D | AD KD TD | TS JC JS | QD QH JH | JD TC KH | QC AH TH
";

    /// `analyze` on a game record answers what the command's function
    /// ([`crate::analysis::postmortem::review_game`]) gives: one object per
    /// hand and the summary, the options passed on, one tick per judged
    /// call and viewed hand; by default the command's 40 layouts a call
    /// and its seed.
    #[test]
    fn a_game_record_is_analyzed_as_the_command_does() {
        use crate::analysis::postmortem;
        let rec = crate::game::record::read(RECORD).unwrap();
        let opts = postmortem::GameOptions {
            bid_samples: 7,
            seed: 5,
            inference: Inference::None,
            view: Some(9),
        };
        let workers = Workers::new(rec.table.rules, 1).unwrap();
        let want = postmortem::review_game(&rec.table, &opts, &workers, &|| {}, &|| {}).unwrap();
        assert!(want.hands[0].view.is_some(), "the hand is viewed");
        let body = json!({"text": RECORD, "bid_samples": 7, "seed": 5, "inference": "none",
                          "view": true, "samples": 9});
        let ticks = std::sync::Mutex::new(Vec::new());
        let got = answer("analyze", body.to_string().as_bytes(), 1, &|| 0, &|d, t| {
            ticks.lock().unwrap().push((d, t))
        })
        .unwrap();
        let hands: Vec<Value> = want.hands.iter().map(to_value).collect();
        assert_eq!(
            got,
            json!({"results": hands, "summary": want.summary_json()})
        );
        let total = postmortem::calls_to_judge(&rec.table) + postmortem::hands_analyzed(&rec.table);
        assert_eq!(total, 3, "two calls by choice and one hand played");
        let ticks = ticks.into_inner().unwrap();
        assert!(ticks.iter().all(|&(_, t)| t == total as u64));
        assert_eq!(ticks.iter().map(|&(d, _)| d).max(), Some(total as u64));
        // `rules`, as the page sends it, changes nothing: the record's own.
        let plain = ask("analyze", &json!({"text": RECORD, "rules": "pl_full"})).unwrap();
        assert_eq!(plain, ask("analyze", &json!({ "text": RECORD })).unwrap());
        assert_eq!(plain["summary"]["samples"], json!(40));
        assert_eq!(plain["summary"]["seed"], json!(estimate::bid::DEFAULT_SEED));
        assert!(plain["results"][0].get("view").is_none());
    }

    /// A record refused names its line; the record's keys are bounded and
    /// named; `bid_samples` on positions is refused.
    #[test]
    fn a_bad_record_or_key_is_named() {
        let bad = RECORD.replace("contract: 120", "contract: 125");
        let e = ask("analyze", &json!({ "text": bad })).unwrap_err();
        assert_eq!(e.status, 400);
        assert!(e.message.starts_with("text:16: contract:"), "{}", e.message);
        for (body, key) in [
            (
                json!({"text": RECORD, "bid_samples": 0}),
                "bid_samples: must be at least 1",
            ),
            (
                json!({"text": RECORD, "bid_samples": MAX_REVIEW_SAMPLES + 1}),
                "bid_samples: ",
            ),
            (
                json!({"text": RECORD, "samples": MAX_REVIEW_SAMPLES + 1}),
                "samples: ",
            ),
            (json!({"text": RECORD, "rules": "nonsense"}), "rules: "),
            (json!({"text": RECORD, "inference": "maybe"}), "inference: "),
            (
                json!({"text": "AKQ.T9..AJ", "bid_samples": 3}),
                "bid_samples: only for",
            ),
        ] {
            let e = ask("analyze", &body).unwrap_err();
            assert!(e.message.starts_with(key), "{body}: {}", e.message);
        }
    }

    /// A bid split into shards (as the browser's workers split it) and
    /// merged answers the very report of the whole bid, whatever the
    /// number of shards, on either basis and in realistic mode; a merge
    /// missing a shard is refused.
    #[test]
    fn a_bid_in_shards_merges_into_the_whole_report() {
        let bodies = [
            json!({"hand": "AKQ.T9..AJ", "samples": 13, "seed": 3}),
            json!({"hand": "KQJ.A.T9.K", "samples": 9, "seed": 5, "basis": "dd"}),
            json!({"hand": "AKQ.T9..AJ", "samples": 5, "seed": 8, "realistic": true,
                   "choice_layouts": 2, "candidates": 2}),
        ];
        for body in bodies {
            let whole = ask("bid", &body).unwrap();
            for shards in [1, 2, 3, 7] {
                let parts: Vec<Value> = (0..shards)
                    .map(|k| {
                        let mut b = body.clone();
                        b["shard"] = json!(k);
                        b["shards"] = json!(shards);
                        ask("bid/shard", &b).unwrap()
                    })
                    .collect();
                let mut b = body.clone();
                b["parts"] = json!(parts);
                assert_eq!(ask("bid/merge", &b).unwrap(), whole, "{body} in {shards}");
                if shards > 1 {
                    // The last shard is never empty (the first may be).
                    b["parts"] = json!(parts[..shards - 1]);
                    let e = ask("bid/merge", &b).unwrap_err();
                    assert_eq!(e.field.as_deref(), Some("parts"), "{e:?}");
                    assert!(e.message.contains("the shards hold"), "{e:?}");
                }
            }
        }
    }

    /// `endpoint`'s body split into `shards` shards (`NAME/shard`) and
    /// merged (`NAME/merge`); and the shards' answers.
    fn split(endpoint: &str, body: &Value, shards: usize) -> (Value, Vec<Value>) {
        let parts: Vec<Value> = (0..shards)
            .map(|k| {
                let mut b = body.clone();
                b["shard"] = json!(k);
                b["shards"] = json!(shards);
                ask(&format!("{endpoint}/shard"), &b)
                    .unwrap_or_else(|e| panic!("{endpoint}/shard {k} of {shards}: {e:?}"))
            })
            .collect();
        (merge(endpoint, body, &parts).unwrap(), parts)
    }

    fn merge(endpoint: &str, body: &Value, parts: &[Value]) -> Result<Value, RequestError> {
        let mut b = body.clone();
        b["parts"] = json!(parts);
        ask(&format!("{endpoint}/merge"), &b)
    }

    /// A merge of `parts` is refused, naming `parts`, with `says`.
    fn refused(endpoint: &str, body: &Value, parts: &[Value], says: &str) {
        let e = merge(endpoint, body, parts).unwrap_err();
        assert_eq!(
            (e.status, e.field.as_deref()),
            (400, Some("parts")),
            "{e:?}"
        );
        assert!(e.message.contains(says), "{says}: {e:?}");
    }

    /// An exchange split into shards and merged answers the very report of
    /// the whole exchange, whatever the number of shards: on either basis,
    /// ranked by the contract, under `musik=discard` and with two players.
    #[test]
    fn an_exchange_in_shards_merges_into_the_whole_report() {
        let bodies = [
            json!({"hand": "AKQ.T9..AJ", "musik": "..Q.K9", "samples": 11, "screen": 5,
                   "candidates": 3, "seed": 4}),
            json!({"hand": "AKQ.T9..AJ", "musik": "..Q.K9", "samples": 8, "screen": 3,
                   "candidates": 4, "basis": "dd", "contract": 110}),
            json!({"hand": "KQJ.A.T9.K", "musik": "A.K.Q.", "samples": 7, "screen": 2,
                   "candidates": 2, "rules": "standard musik=discard", "basis": "dd"}),
            json!({"hand": "AKQJ.KT9.Q.AJ", "musik": "..K.K", "samples": 6, "screen": 2,
                   "candidates": 3, "rules": "standard players=2", "basis": "dd"}),
        ];
        for body in bodies {
            let whole = ask("exchange", &body).unwrap();
            assert!(whole["exchanges"].as_array().unwrap().len() > 1, "{whole}");
            for shards in [1, 2, 3, 7] {
                let (merged, parts) = split("exchange", &body, shards);
                assert_eq!(merged, whole, "{body} in {shards}");
                if shards > 1 {
                    // The last shard is never empty.
                    let e = merge("exchange", &body, &parts[..shards - 1]).unwrap_err();
                    assert_eq!(e.field.as_deref(), Some("parts"), "{e:?}");
                    assert!(e.message.contains("the shards hold"), "{e:?}");
                }
            }
        }
    }

    /// A merge of exchange shards refuses parts that do not fit the run:
    /// other candidates, a candidate that is no exchange of these cards,
    /// a layout without a value for each candidate, a part of no shape.
    #[test]
    fn an_exchange_merge_refuses_parts_that_do_not_fit() {
        let body = json!({"hand": "AKQ.T9..AJ", "musik": "..Q.K9", "samples": 4, "screen": 2,
                          "candidates": 3, "basis": "dd"});
        let (_, parts) = split("exchange", &body, 2);
        let refused = |parts: &[Value], says: &str| refused("exchange", &body, parts, says);
        let mut other = parts.clone();
        other[1]["candidates"][0][1] = json!(99);
        refused(&other, "shard 1's candidates are not shard 0's");
        let mut wrong = parts.clone();
        for p in &mut wrong {
            p["candidates"][0][0] = json!("QC QC");
        }
        refused(&wrong, "'QC QC' is not an exchange of");
        let mut short = parts.clone();
        short[0]["points"][0] = json!([100]);
        refused(&short, "one for each of the 3 candidates");
        refused(
            &[json!({"points": []})],
            "part 0: missing field `candidates`",
        );
        refused(&[], "no shards");
        let e = ask("exchange/merge", &body).unwrap_err();
        assert_eq!(e.field.as_deref(), Some("parts"), "{e:?}");
        assert!(e.message.contains("exchange/shard answers"), "{e:?}");
    }

    /// `suggest` split into shards and merged answers exactly as the whole
    /// `suggest`, for several views (each seat's, one with the true layout
    /// known), with the model's weights (layouts drawn more than once) and
    /// uniform ones; a shard missing is refused.
    #[test]
    fn a_suggest_in_shards_merges_into_the_whole_answer() {
        let text = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/examples/views.txt"),
        )
        .unwrap();
        let bodies = [
            json!({"text": text, "samples": 13, "seed": 3}),
            json!({"text": text, "samples": 6, "inference": "none", "objective": "points"}),
        ];
        for body in &bodies {
            let whole = ask("suggest", body).unwrap();
            let results = whole["results"].as_array().unwrap();
            assert_eq!(results.len(), 3, "{whole}");
            assert!(results.iter().any(|r| r["dd_value"].is_number()), "{whole}");
            for shards in [1, 2, 3, 7] {
                let (merged, parts) = split("suggest", body, shards);
                assert_eq!(merged, whole, "{body} in {shards}");
                if shards > 1 {
                    let e = merge("suggest", body, &parts[..shards - 1]).unwrap_err();
                    assert_eq!(e.field.as_deref(), Some("parts"), "{e:?}");
                    assert!(e.message.contains("the shards hold"), "{e:?}");
                }
            }
        }
        // The model's draw repeats layouts (R's view): fewer distinct
        // than drawn.
        let weighted = &ask("suggest", &bodies[0]).unwrap()["results"][2];
        assert!(
            weighted["layouts"].as_u64() < weighted["samples"].as_u64(),
            "{weighted}"
        );
    }

    /// Views of two rule sets in one request are each judged under their
    /// own (hearts' marriage worth 40 rather than 100 here), whole or split,
    /// as each alone.
    #[test]
    fn views_of_two_rule_sets_are_each_judged_under_their_own() {
        let view = "view: D\nhand: AKQ.T9..AKJ\nmusik: ..Q.K9\nexchange: 9S QC\ncontract: 120\n";
        let other = format!("rules: standard marriage_values=40,40,40,40\n{view}");
        let both = json!({"text": format!("{view}\n{other}"), "samples": 5, "inference": "none"});
        let whole = ask("suggest", &both).unwrap();
        for (k, text) in [view.to_string(), other].iter().enumerate() {
            let alone = ask(
                "suggest",
                &json!({"text": text, "samples": 5, "inference": "none"}),
            )
            .unwrap();
            let (mut got, want) = (whole["results"][k].clone(), alone["results"][0].clone());
            got["id"] = want["id"].clone();
            assert_eq!(got, want, "view {k}");
        }
        assert_ne!(
            whole["results"][0]["moves"], whole["results"][1]["moves"],
            "the rules change the values"
        );
        for shards in [1, 2] {
            assert_eq!(split("suggest", &both, shards).0, whole, "in {shards}");
        }
    }

    /// A request's progress counts its work, and a shard's its own: the
    /// samples (a bid's with its defence samples), an exchange's screening,
    /// a suggest's layouts of each view; and the work done reaches it.
    #[test]
    fn a_requests_progress_counts_its_work() {
        let views = "view: D\nhand: AKQ.T9..AKJ\nmusik: ..Q.K9\nexchange: 9S QC\ncontract: 120\n";
        let three = [views; 3].join("\n");
        let bid = json!({"hand": "AKQ.T9..AJ", "samples": 10, "basis": "dd"});
        let exchange = json!({"hand": "AKQ.T9..AJ", "musik": "..Q.K9", "samples": 10,
                              "screen": 5, "candidates": 2, "basis": "dd"});
        let suggest = json!({"text": three, "samples": 10, "inference": "none"});
        let last_of_3 = |body: &Value| {
            let mut b = body.clone();
            b["shard"] = json!(2);
            b["shards"] = json!(3);
            b
        };
        for (endpoint, body, work) in [
            // 10 samples and their defence's 3.
            ("bid", bid.clone(), 10 + 3),
            // In 3 shards: 0..3, 3..6, 6..10; the defence's 3: one each.
            ("bid/shard", last_of_3(&bid), 4 + 1),
            // The screening's 5 and the 10 scored.
            ("exchange", exchange.clone(), 5 + 10),
            // The screening's 5, and the last shard's 4 layouts.
            ("exchange/shard", last_of_3(&exchange), 5 + 4),
            // 10 layouts of each of 3 views.
            ("suggest", suggest.clone(), 3 * 10),
            // 4 layouts of each.
            ("suggest/shard", last_of_3(&suggest), 3 * 4),
        ] {
            let request = prepare(endpoint, body.to_string().as_bytes(), &|| 0).unwrap();
            assert_eq!(request.total, work, "{endpoint}");
            let last = std::sync::Mutex::new((0, 0));
            request
                .run(1, &|done, total| *last.lock().unwrap() = (done, total))
                .unwrap();
            assert_eq!(*last.lock().unwrap(), (work, work), "{endpoint}");
        }
    }

    /// A merge of suggest shards refuses parts that do not fit: a view
    /// missing, a layout without a value for each move.
    #[test]
    fn a_suggest_merge_refuses_parts_that_do_not_fit() {
        let text = "view: D\nhand: AKQ.T9..AKJ\nmusik: ..Q.K9\nexchange: 9S QC\ncontract: 120\n";
        let body = json!({"text": text, "samples": 4, "inference": "none"});
        let (_, parts) = split("suggest", &body, 2);
        let refused = |parts: &[Value], says: &str| refused("suggest", &body, parts, says);
        let mut two = parts.clone();
        two[1]["views"] = json!([[], []]);
        refused(&two, "part 1: 2 views, the text has 1");
        let mut short = parts.clone();
        short[0]["views"][0][0] = json!([120]);
        refused(&short, "one for each of the");
        refused(&[json!({"views": "x"})], "part 0: invalid type");
    }

    /// A shard's own keys are checked and named, for every endpoint split.
    #[test]
    fn every_split_endpoints_shard_keys_are_named() {
        let bodies = [
            json!({"hand": "AKQ.T9..AJ", "samples": 10}),
            json!({"hand": "AKQ.T9..AJ", "musik": "..Q.K9", "samples": 10}),
            json!({"text": "view: D\nhand: AKQ.T9..AKJ\nmusik: ..Q.K9\nexchange: 9S QC\n"}),
        ];
        for (endpoint, body) in SPLIT.iter().zip(bodies) {
            let shard = format!("{endpoint}/shard");
            let with = |pairs: Value| {
                let mut b = body.clone();
                for (k, v) in pairs.as_object().unwrap() {
                    b[k] = v.clone();
                }
                ask(&shard, &b).unwrap_err()
            };
            for (pairs, field, says) in [
                (
                    json!({"shard": 2, "shards": 2}),
                    "shard",
                    "not below shards",
                ),
                (json!({"shard": 0}), "shards", "shards: missing"),
                (json!({"shards": 2}), "shard", "shard: missing"),
                (
                    json!({"shard": -1, "shards": 2}),
                    "shard",
                    "not a whole number",
                ),
                (json!({"shard": 0, "shards": 0}), "shards", "at least 1"),
                (json!({"shard": 0, "shards": 65}), "shards", "more than"),
                (
                    json!({"shard": 0, "shards": 2, "samples": "x"}),
                    "samples",
                    "samples",
                ),
            ] {
                let e = with(pairs.clone());
                assert_eq!(
                    (e.status, e.field.as_deref()),
                    (400, Some(field)),
                    "{shard} {pairs}: {e:?}"
                );
                assert!(e.message.contains(says), "{shard} {pairs}: {e:?}");
            }
            // The endpoint's own checks, before any work.
            assert!(ask(&shard, &json!({"shard": 0, "shards": 1})).is_err());
        }
    }

    /// A shard's own keys are checked and named.
    #[test]
    fn a_shards_keys_are_named_in_its_errors() {
        let body = json!({"hand": "AKQ.T9..AJ", "samples": 10, "shard": 2, "shards": 2});
        let e = ask("bid/shard", &body).unwrap_err();
        assert_eq!(
            (e.status, e.field.as_deref()),
            (400, Some("shard")),
            "{e:?}"
        );
        let body = json!({"hand": "AKQ.T9..AJ", "shard": 0});
        let e = ask("bid/shard", &body).unwrap_err();
        assert_eq!(e.field.as_deref(), Some("shards"), "{e:?}");
        let body = json!({"hand": "AKQ", "shard": 0, "shards": 2});
        let e = ask("bid/shard", &body).unwrap_err();
        assert_eq!(e.field.as_deref(), Some("hand"), "{e:?}");
    }
}
