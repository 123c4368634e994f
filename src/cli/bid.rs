//! `tysiac bid HAND`: how high to bid with seven cards, by sampling the
//! unseen cards and solving each layout.

use std::process::ExitCode;

use clap::Args;
use tysiac::estimate::real::{basis_under, Basis, BidModel};
use tysiac::estimate::{self, bid, BidOptions, BidReport, RealisticOptions};

use super::input::plural;
use super::sampling::{fail, level_cells, or, print_report, prob, Bar, SamplingArgs, LEVEL_HEADER};

#[derive(Args)]
pub struct BidArgs {
    /// The bidder's 7 cards: `AKQ.T9..AJ` or `AH,KH,QH,TD,9D,AS,JS` (not
    /// with --record).
    #[arg(required_unless_present = "record")]
    pub hand: Option<String>,
    #[command(flatten)]
    pub common: SamplingArgs,
    /// Choose one exchange per musik without seeing the defenders' cards
    /// (slower), and report how far this falls below double-dummy.
    #[arg(long)]
    pub realistic: bool,
    /// Realistic mode: sampled layouts each exchange is tried on to choose.
    #[arg(long, default_value_t = RealisticOptions::default().choice_layouts)]
    pub choice_layouts: usize,
    /// Realistic mode: exchanges tried: each choice layout's best, then the
    /// most promising by a quick guess, up to this many.
    #[arg(long, default_value_t = RealisticOptions::default().candidates)]
    pub candidates: usize,
    /// Play each sample out with computer players (e.g. `pimc:20`) after
    /// their own exchange, instead of solving it double-dummy; the report
    /// sets the double-dummy value of the same deals beside it.
    #[arg(long, value_name = "PLAYER", conflicts_with = "realistic")]
    pub play: Option<tysiac::players::player::PlayerKind>,
    /// How the others are read (model) or not (none: uniform layouts): with
    /// --play, the pimc defenders read D's contract and gift; with --auction
    /// and --record, each call's layouts are weighed by the others' calls
    /// before it.
    #[arg(long, value_name = "model|none")]
    pub inference: Option<tysiac::Inference>,
    /// Look the hand up in a finished `bid-table` file instead of sampling
    /// (the report the table was made with: its samples, seed and rules).
    #[arg(long, value_name = "FILE", conflicts_with = "realistic")]
    pub table: Option<std::path::PathBuf>,
    /// Advice in an auction: the calls so far and the bidder to advise,
    /// e.g. "L:100 R:110 D:?" (L opens on the dealer's left, then R, then
    /// D, the dealer). Each legal call is valued by its expected score.
    #[arg(long, value_name = "CALLS", conflicts_with_all = ["realistic", "play", "table"])]
    pub auction: Option<String>,
    /// A game record: every call of a hand judged where it was made, from
    /// its bidder's cards, the auction and the score; and, when the auction
    /// of the game's last hand is still going, the advice for the next call.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["hand", "auction", "realistic", "play", "table"])]
    pub record: Option<std::path::PathBuf>,
    /// With --record: the hand's number (default: the last).
    #[arg(long = "hand", value_name = "N", requires = "record")]
    pub hand_number: Option<usize>,
    /// With --auction: the scores before the hand, e.g. "L:120 R:300 D:840"
    /// (the bidder's own decides what defence adds: nothing on the barrel).
    #[arg(long, value_name = "SCORES", requires = "auction")]
    pub scores: Option<String>,
    /// Also the figures behind the advice: the most a musik could bring
    /// (beyond any allowed bid), the levels made at --confidence, and what
    /// the weighed layouts of an auction are worth.
    #[arg(long)]
    pub verbose: bool,
}

/// The player whose games the real-play answer stands for, and who plays
/// the hands out where the model does not cover the rules.
pub const REAL_PLAYER: &str = "pimc:20";

/// Samples of an auction's advice when --samples is not given: each costs
/// about five of a plain bid sample (three musik deals, two lines).
const AUCTION_SAMPLES: usize = 200;

pub fn run(args: BidArgs) -> ExitCode {
    if args.inference.is_some()
        && args.play.is_none()
        && args.auction.is_none()
        && args.record.is_none()
    {
        return fail("--inference: only with --play, --auction or --record");
    }
    let inference = args.inference.unwrap_or_default();
    if let Some(path) = &args.record {
        return from_record(
            path,
            args.hand_number,
            inference,
            args.common.basis,
            &args.common,
        );
    }
    let hand_text = args
        .hand
        .as_deref()
        .expect("clap requires HAND without --record");
    let c = &args.common;
    let hand = match estimate::parse_hand(hand_text, c.rules.dealt(), "hand") {
        Ok(h) => h,
        Err(e) => return fail(e),
    };
    if args.table.is_some() && c.rules.players == tysiac::Players::Two {
        // A table lists every 7-card hand (346,104); two players' 10-card
        // hands number 1,961,256, and no table of them is built.
        return fail(tysiac::estimate::InputError::Option(
            "--table: bid tables are of the three-player game's 7-card hands; for two \
             players bid from the ten cards without --table"
                .into(),
        ));
    }
    if let Some(player) = args.play {
        return super::bid_play::run(hand, super::play::reading(player, args.inference), c, None);
    }
    if c.basis == Basis::RealPlay
        && args.auction.is_none()
        && args.table.is_none()
        && BidModel::shipped().covering(&c.rules).is_none()
    {
        // Never silently double-dummy: play the hands out instead.
        let why = format!(
            "the real-play model does not cover the rules '{}' (it was fitted for {}): \
             playing each sample out with {REAL_PLAYER} instead (slow; --basis dd for \
             double-dummy)",
            c.rules,
            covered_rules()
        );
        if !c.json {
            eprintln!("note: {why}");
        }
        let player: tysiac::players::player::PlayerKind = REAL_PLAYER.parse().expect("a player");
        return super::bid_play::run(hand, player, c, Some(why));
    }
    let verbose = args.verbose;
    if let Some(path) = &args.table {
        return super::bid_table::lookup(path, hand, c.json, |r| text(r, verbose));
    }
    if let Some(auction) = &args.auction {
        return in_auction(
            hand,
            auction,
            args.scores.as_deref(),
            inference,
            c.basis,
            c,
            verbose,
        );
    }
    let opts = BidOptions {
        samples: c.samples.unwrap_or(bid::DEFAULT_SAMPLES),
        seed: c.seed,
        threads: c.threads,
        confidence: c.confidence,
        realistic: args.realistic.then_some(RealisticOptions {
            choice_layouts: args.choice_layouts,
            candidates: args.candidates,
        }),
        basis: c.basis,
    };
    if let Err(e) = opts.check() {
        return fail(e);
    }
    // The declarer samples, then as many of passing and defending.
    let bar = Bar::new(bid::work(opts.samples) as u64, "bid", c.quiet);
    let report = bid::estimate(hand, &c.rules, &opts, &|| bar.tick());
    bar.finish();
    print_report(report, c.json, |r| text(r, verbose))
}

/// `--auction`: every legal call valued from the hand, the auction and the
/// score.
fn in_auction(
    hand: tysiac::CardSet,
    auction: &str,
    scores: Option<&str>,
    inference: tysiac::Inference,
    basis: Basis,
    c: &super::sampling::SamplingArgs,
    verbose: bool,
) -> ExitCode {
    use tysiac::players::bidding;
    let seats = bidding::auction_seats(&c.rules);
    let mut totals = [0i32; 3];
    if let Some(text) = scores {
        for w in text.split_whitespace() {
            let parsed = w.split_once(':').and_then(|(s, v)| {
                let b = seats.iter().position(|x| x.eq_ignore_ascii_case(s))?;
                let v = v
                    .parse::<i32>()
                    .ok()
                    .filter(|v| (-10_000..=10_000).contains(v))?;
                Some((b, v))
            });
            match parsed {
                Some((b, v)) => totals[b] = v,
                None => {
                    return fail(format!(
                        "--scores: '{w}': write SEAT:TOTAL, e.g. D:840 (seats {}, totals \
                         from -10000 to 10000)",
                        seats.join(" ")
                    ))
                }
            }
        }
    }
    let seen = match bidding::parse_auction(auction, &c.rules, hand, 0) {
        Ok(mut s) => {
            s.total = totals[s.me];
            s
        }
        Err(e) => return fail(format!("--auction: {e}")),
    };
    let samples = c.samples.unwrap_or(AUCTION_SAMPLES);
    if samples == 0 {
        return fail("--samples must be at least 1");
    }
    let workers = match tysiac::solver::Workers::new(c.rules, c.threads) {
        Ok(w) => w,
        Err(e) => return fail(e),
    };
    let used = basis_note(basis, &c.rules, c.json);
    let bar = Bar::new(samples as u64, "auction", c.quiet);
    let (j, draws) = bidding::judge_on(&workers, &seen, samples, c.seed, inference, used, &|| {
        bar.tick()
    });
    bar.finish();
    if c.json {
        let json = serde_json::json!({
            "hand": hand.to_string(),
            "rules": c.rules.to_string(),
            "auction": auction,
            "seat": seats[seen.me],
            "total": seen.total,
            "seed": c.seed,
            "basis": used,
            "best": j.best,
            "calls": j.calls,
            "samples": j.samples,
            "fitting": j.fitting,
            "inference": draws.inference,
            "effective_samples": draws.effective,
        });
        println!("{json}");
        return ExitCode::SUCCESS;
    }
    println!(
        "hand {hand} · {} to call after {} · total {} · rules {}",
        seats[seen.me],
        auction
            .trim_end_matches(|ch: char| ch == '?' || ch.is_alphabetic() || ch == ':')
            .trim(),
        seen.total,
        c.rules
    );
    println!("{}", basis_line(used));
    println!(
        "{} layouts{}; each call's expected score (what it adds to your total):",
        j.samples,
        if j.fitting < j.samples {
            format!(", {} fitting what the others' bids show", j.fitting)
        } else {
            ", all fitting what the others' bids show".to_string()
        }
    );
    if verbose && draws.inference == tysiac::Inference::Model {
        println!(
            "weighed by the others' calls: worth {:.1} independent layouts",
            draws.effective
        );
    }
    println!("best now: {} ({:+.1})", j.best, j.best_value());
    println!("call    expected  contract  P(make)");
    for v in &j.calls {
        match (v.contract, v.probability) {
            (Some(ct), Some(p)) => println!(
                "{:<6} {:>+9.1}  {:>8}  {:>7}",
                v.call,
                v.expected_score,
                ct,
                prob(p)
            ),
            _ => println!("{:<6} {:>+9.1}  (defend as now)", v.call, v.expected_score),
        }
    }
    ExitCode::SUCCESS
}

/// `--record`: the calls of one hand of a recorded game, judged.
fn from_record(
    path: &std::path::Path,
    number: Option<usize>,
    inference: tysiac::Inference,
    basis: Basis,
    c: &super::sampling::SamplingArgs,
) -> ExitCode {
    use tysiac::analysis::postmortem;
    use tysiac::players::bidding;
    use tysiac::players::computer::Computer;
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => return fail(format!("--record {}: cannot read: {e}", path.display())),
    };
    let rec = match tysiac::game::record::read(&text) {
        Ok(r) => r,
        Err(e) => return fail(format!("{}:{e}", path.display())),
    };
    let t = &rec.table;
    let last = t.hand().number;
    let n = number.unwrap_or(last);
    let Some(k) = t
        .hands
        .iter()
        .rposition(|h| h.number == n && h.redeal.is_none())
    else {
        return fail(format!(
            "--hand {n}: the record has hands 1 to {last} (a redealt deal has no auction)"
        ));
    };
    let h = &t.hands[k];
    let before = t.hands[..k]
        .iter()
        .filter(|x| x.finished(&t.rules) && x.redeal.is_none())
        .count();
    let totals: Vec<i32> = match before {
        0 => vec![0; t.players.len()],
        b => t.sheet.hands[b - 1].totals.clone(),
    };
    let samples = c.samples.unwrap_or(AUCTION_SAMPLES);
    let workers = match tysiac::solver::Workers::new(t.rules, c.threads) {
        Ok(w) => w,
        Err(e) => return fail(e),
    };
    let used = basis_note(basis, &t.rules, c.json);
    let calls = postmortem::judge_calls(
        t,
        h,
        &totals,
        &t.sheet.bolts,
        samples,
        c.seed,
        inference,
        used,
        &workers,
        &|| {},
    );
    // The next call, when this hand's auction is still going.
    let next = match t.turn() {
        Some(turn) if k + 1 == t.hands.len() && turn.decision == tysiac::game::Decision::Call => {
            let seen = Computer::seen(t, turn.player);
            let (j, d) =
                bidding::judge_on(&workers, &seen, samples, c.seed, inference, used, &|| {});
            Some((t.players[turn.player].clone(), j, d))
        }
        _ => None,
    };
    if c.json {
        let json = serde_json::json!({
            "hand": n,
            "samples": samples,
            "basis": used,
            "seed": c.seed,
            "calls": calls,
            "next": next.as_ref().map(|(p, j, d)| serde_json::json!({
                "player": p, "best": j.best, "calls": j.calls,
                "inference": d.inference, "effective_samples": d.effective,
            })),
        });
        println!("{json}");
        return ExitCode::SUCCESS;
    }
    println!("hand {n} of {} · {samples} layouts a call", path.display());
    println!("{}", basis_line(used));
    let names = tysiac::game::words::Names::of_game(t.players.clone(), rec.header.seats.as_deref());
    for cv in &calls {
        println!("{}", cv.said(&names));
    }
    if let Some((p, j, _)) = next {
        let who = t.players.iter().position(|x| *x == p).expect("a player");
        println!(
            "{} to call now: best {} ({:+.1})",
            tysiac::game::words::sentence(names.who(who)),
            j.best,
            j.best_value()
        );
    }
    ExitCode::SUCCESS
}

/// The readable report; `verbose` adds the most a musik could bring.
fn text(r: &BidReport, verbose: bool) -> String {
    let mut out = String::new();
    let mut line = |s: String| {
        out.push_str(&s);
        out.push('\n');
    };
    let mode = match &r.realistic {
        None => "the best exchange for each layout".to_string(),
        Some(x) => format!(
            "the exchange chosen from the musik alone (best of {} over {})",
            plural(x.candidates, "candidate"),
            plural(x.choice_layouts, "layout")
        ),
    };
    line(format!("hand {}   rules: {}", r.hand, r.rules));
    line(basis_line(r.basis));
    line(format!(
        "{}, seed {}; {mode}",
        plural(r.samples, "sampled layout"),
        r.seed
    ));
    let marriages = if r.marriages.is_empty() {
        "none".to_string()
    } else {
        r.marriages.join(" ")
    };
    let conceivable = if verbose {
        format!(
            "   best conceivable with a musik: {} (beyond any allowed bid)",
            r.max_conceivable
        )
    } else {
        String::new()
    };
    line(format!(
        "marriages in hand: {marriages}   the rules allow bids up to {}{conceivable}",
        r.cap
    ));
    line(String::new());
    let seen_all = r.basis == Basis::RealPlay;
    match (&r.realistic, seen_all) {
        (None, true) => line(format!("{LEVEL_HEADER}  if every card were seen")),
        (None, false) => line(LEVEL_HEADER.to_string()),
        (Some(_), _) => line(format!("{LEVEL_HEADER}  double-dummy     gap")),
    }
    for (i, row) in r.levels.iter().enumerate() {
        let mut s = level_cells(row);
        if seen_all && r.realistic.is_none() {
            s.push_str(&format!("  {:>22}", prob(row.double_dummy)));
        }
        if let Some(x) = &r.realistic {
            let g = &x.levels[i];
            s.push_str(&format!(
                "  {:>12}  {:>6}",
                prob(g.double_dummy),
                prob(g.gap)
            ));
        }
        if !row.allowed && (i == 0 || r.levels[i - 1].allowed) {
            s.push_str("   <- above the highest bid allowed");
        }
        line(s);
    }
    line(String::new());
    // The advice: one number for the auction, one for the contract, both
    // by the expected hand score; the table above is the evidence.
    match &r.defence {
        Some(d) => {
            line(format!(
                "bid up to: {}",
                match r.worth_bidding {
                    Some(b) => format!(
                        "{b} (above it, passing and defending, expected {:+.1}, scores more)",
                        d.expected_score
                    ),
                    None => format!(
                        "pass (passing and defending, expected {:+.1}, beats every contract)",
                        d.expected_score
                    ),
                }
            ));
        }
        None => line("bid up to: not known (made without the defence samples)".to_string()),
    }
    if let Some(b) = &r.best_contract {
        line(format!(
            "announce: {} (expected {:+.1}, P = {:.3}): the contract with the highest expected score",
            b.level, b.expected_score, b.probability
        ));
    }
    if let Some(d) = &r.defence {
        line(format!(
            "passing and defending: expected {:+.1} (mean own points {:.1}, {})",
            d.expected_score,
            d.mean_points,
            plural(d.samples, "sample")
        ));
    }
    if verbose {
        line(format!(
            "made with P >= {} up to {}, with P >= 0.8 up to {}",
            r.confidence,
            or(
                tysiac::estimate::highest_level(&r.levels, r.confidence),
                "none"
            ),
            or(tysiac::estimate::highest_level(&r.levels, 0.8), "none")
        ));
    }
    line(format!(
        "mean points {}: {:.1}",
        match r.basis {
            Basis::RealPlay => "if every card were seen",
            Basis::DoubleDummy => "double-dummy",
        },
        r.mean_points
    ));
    if let Some(x) = &r.realistic {
        line(format!(
            "double-dummy mean: {:.1}  (seeing every card is worth {:.1} points; double-dummy P >= {} up to {})",
            x.double_dummy_mean,
            x.mean_gap,
            r.confidence,
            or(x.double_dummy_recommended_bid, "none")
        ));
    }
    let m = &r.new_marriage;
    line(format!(
        "musik brings a new marriage: {:.1}% of samples [{:.1}%, {:.1}%]; exactly {:.1}% over all musiks",
        100.0 * m.fraction,
        100.0 * m.low,
        100.0 * m.high,
        100.0 * m.exact
    ));
    line(String::new());
    line("declarer's points if every card were seen:".to_string());
    for h in r.histogram.draw(40) {
        line(format!("  {h}"));
    }
    out
}

/// The first line of every answer: what its chances rest on.
fn basis_line(basis: Basis) -> String {
    match basis {
        Basis::RealPlay => format!(
            "real play: chances when every seat is played by the computer players \
             ({REAL_PLAYER}), who see only their own cards"
        ),
        Basis::DoubleDummy => "double-dummy: chances if every card were seen (--basis dd)".into(),
    }
}

/// The rule sets the shipped real-play model covers.
fn covered_rules() -> String {
    BidModel::shipped()
        .models
        .iter()
        .map(|m| m.rules.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The basis an auction's calls are valued on: `wanted`, or double-dummy
/// where the model does not cover the rules, said on stderr (calls cannot
/// be played out one by one).
fn basis_note(wanted: Basis, rules: &tysiac::Rules, json: bool) -> Basis {
    let used = basis_under(wanted, rules);
    if used != wanted && !json {
        eprintln!(
            "note: the real-play model does not cover the rules '{rules}' (it was fitted for \
             {}): the calls are valued double-dummy",
            covered_rules()
        );
    }
    used
}
