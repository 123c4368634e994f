//! `tysiac bid HAND --play PLAYER`: each sample played out by computer
//! players, beside the double-dummy value of the same deal.

use std::process::ExitCode;

use tysiac::drivers::selfplay::{play_games, report, PlayOptions};
use tysiac::engine::contract::cap;
use tysiac::estimate::stats::wilson;
use tysiac::players::player::PlayerKind;
use tysiac::solver::Workers;
use tysiac::CardSet;

use super::sampling::{fail, prob, Bar, SamplingArgs};

/// Samples when `--samples` is not given: a played sample costs a few
/// hundred double-dummy solves.
pub const DEFAULT_PLAY_SAMPLES: usize = 100;
/// The most samples this mode takes.
pub const MAX_PLAY_SAMPLES: usize = 100_000;

/// `fallback`: why the real-play answer is played out here (the model
/// does not cover the rules), said in the JSON.
pub fn run(
    hand: CardSet,
    player: PlayerKind,
    c: &SamplingArgs,
    fallback: Option<String>,
) -> ExitCode {
    let samples = c.samples.unwrap_or(DEFAULT_PLAY_SAMPLES);
    if !(1..=MAX_PLAY_SAMPLES).contains(&samples) {
        return fail(format!(
            "--samples {samples}: from 1 to {MAX_PLAY_SAMPLES} with --play"
        ));
    }
    if !(0.0..=1.0).contains(&c.confidence) {
        return fail(format!(
            "--confidence {} is not a probability from 0 to 1",
            c.confidence
        ));
    }
    let rules = c.rules;
    let opts = PlayOptions {
        deals: samples,
        seed: c.seed,
        declarer: player,
        defenders: player,
        bid: 100,
        hand: Some(hand),
        seat: tysiac::Seat::D,
        confidence: c.confidence,
        as_bid_samples: true,
    };
    let workers = match Workers::new(rules, c.threads) {
        Ok(w) => w,
        Err(e) => return fail(e),
    };
    let bar = Bar::new(samples as u64, "bid --play", c.quiet);
    let games = play_games(&rules, &opts, &workers, &|| bar.tick());
    bar.finish();
    let r = report(&rules, &opts, &games);
    let top = cap(hand, &rules);
    if c.json {
        let levels: Vec<serde_json::Value> = r
            .levels
            .iter()
            .map(|l| {
                let k = games.iter().filter(|g| g.points >= l.level).count();
                let (low, high) = wilson(k, games.len());
                serde_json::json!({
                    "level": l.level, "allowed": l.level <= top, "probability": l.real,
                    "low": low, "high": high, "double_dummy": l.dd, "gap": l.gap.mean,
                })
            })
            .collect();
        let line = serde_json::json!({
            "hand": hand.to_string(), "rules": rules.to_string(), "mode": "play",
            "basis": "real_play", "fallback": fallback,
            "player": player.to_string(), "samples": samples, "seed": c.seed, "cap": top,
            "levels": levels, "mean_points": r.points.mean, "double_dummy_mean": r.dd_value.mean,
            "mean_gap": r.gap.mean, "mean_gap_low": r.gap.low, "mean_gap_high": r.gap.high,
        });
        println!("{line}");
        return ExitCode::SUCCESS;
    }
    let mut o = String::new();
    o += &format!("hand {hand}   rules: {rules}\n");
    o += &format!(
        "played by {player} in {} seats (its own exchange and contract); {samples} samples, seed {}\n",
        if rules.seats() == 2 { "both" } else { "all three" },
        c.seed
    );
    o += &format!("the rules allow bids up to {top}\n\n");
    o += "level  allowed  P(make) in play  95% interval     double-dummy    gap\n";
    for l in &r.levels {
        let k = games.iter().filter(|g| g.points >= l.level).count();
        let (low, high) = wilson(k, games.len());
        o += &format!(
            "{:>5}  {:<7}  {:>15}  [{}, {}]  {:>12}  {:>+6.3}\n",
            l.level,
            if l.level <= top { "yes" } else { "no" },
            prob(l.real),
            prob(low),
            prob(high),
            prob(l.dd),
            l.gap.mean
        );
    }
    o += &format!(
        "\nmean points: {:.1} in play, {:.1} double-dummy; gap {:+.1} [{:+.1}, {:+.1}]\n",
        r.points.mean, r.dd_value.mean, r.gap.mean, r.gap.low, r.gap.high
    );
    print!("{o}");
    ExitCode::SUCCESS
}
