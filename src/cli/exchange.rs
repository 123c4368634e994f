//! `tysiac exchange HAND10`: which cards to give away after taking the
//! musik, and what contract to announce.

use std::process::ExitCode;

use clap::Args;
use tysiac::estimate::{self, exchange, ExchangeOptions, ExchangeReport};

use super::input::plural;
use super::sampling::DEFAULT_SAMPLES;
use super::sampling::{fail, print_report, Bar, SamplingArgs};

#[derive(Args)]
pub struct ExchangeArgs {
    /// The declarer's 10 cards after taking the musik; or its 7 cards, with
    /// the musik as a second argument (two players: 12, or 10 and the musik).
    pub hand: String,
    /// The musik's 3 cards (two players: 2), when HAND holds only the dealt
    /// ones.
    pub musik: Option<String>,
    /// The bid won: the lowest contract. Ranks the exchanges by the chance of
    /// making it (default: by mean points, lowest contract 100).
    #[arg(long)]
    pub contract: Option<u16>,
    #[command(flatten)]
    pub common: SamplingArgs,
    /// Exchanges scored on every layout.
    #[arg(long, default_value_t = ExchangeOptions::default().candidates)]
    pub candidates: usize,
    /// Layouts used to find the candidates (each solved for its best exchange).
    #[arg(long, default_value_t = ExchangeOptions::default().screen)]
    pub screen: usize,
}

pub fn run(args: ExchangeArgs) -> ExitCode {
    let ten = match estimate::ten_cards(&args.common.rules, &args.hand, args.musik.as_deref()) {
        Ok(t) => t,
        Err((_, e)) => return fail(e),
    };
    let c = &args.common;
    // No playouts of an exchange: where the model does not cover the
    // rules, the exchanges are ranked double-dummy, and the report says so.
    let basis = tysiac::estimate::real::basis_under(c.basis, &c.rules);
    if basis != c.basis && !c.json {
        eprintln!(
            "note: the real-play model does not cover the rules '{}': the exchanges are \
             ranked double-dummy (every card seen)",
            c.rules
        );
    }
    let opts = ExchangeOptions {
        samples: c.samples.unwrap_or(DEFAULT_SAMPLES),
        seed: c.seed,
        threads: c.threads,
        contract: args.contract,
        confidence: c.confidence,
        candidates: args.candidates,
        screen: args.screen,
        basis,
    };
    if let Err(e) = opts.check(&c.rules) {
        return fail(e);
    }
    let bar = Bar::new((opts.screen + opts.samples) as u64, "exchange", c.quiet);
    let report = exchange::estimate(ten, &c.rules, &opts, &|| bar.tick());
    bar.finish();
    print_report(report, c.json, text)
}

/// The readable report: one row per candidate exchange, one column per
/// contract level (`-` where the exchange's cap forbids the level).
fn text(r: &ExchangeReport) -> String {
    let mut out = String::new();
    let mut line = |s: String| {
        out.push_str(&s);
        out.push('\n');
    };
    // Two players: twelve cards, and two laid away (the exchange rows say it).
    let two = r.exchanges.iter().any(|e| e.laid_away.is_some());
    let cards = if two { "twelve" } else { "ten" };
    line(format!("{cards} cards {}   rules: {}", r.hand, r.rules));
    line(format!(
        "{}, seed {}; candidates from {}; ranked by {}",
        plural(r.samples, "sample"),
        r.seed,
        plural(r.screen_layouts, "screening layout"),
        if r.ranked_by == "probability" {
            format!("P(make {})", r.contract)
        } else {
            "mean points".to_string()
        }
    ));
    line(String::new());
    let Some(first) = r.exchanges.first() else {
        return out;
    };
    let mut head = format!(
        "{:<14} {:>5} {:>4} {:>5} ",
        "exchange", "mean", "cap", "best"
    );
    for l in &first.levels {
        head.push_str(&format!(" {:>5}", l.level));
    }
    line(head);
    for e in &r.exchanges {
        let name = match (&e.to_l, &e.to_r) {
            (Some(l), Some(r)) => format!("{l}>L {r}>R"),
            _ => e.exchange.clone(),
        };
        let name = match &e.trump {
            Some(t) if e.to_l.is_some() => format!("{name} {t}"),
            _ => name,
        };
        let mut s = format!(
            "{:<14} {:>5.1} {:>4} {:>5} ",
            name, e.mean_points, e.cap, e.screen_best
        );
        for l in &e.levels {
            if l.allowed {
                s.push_str(&format!(" {:>5.3}", l.probability));
            } else {
                s.push_str(&format!(" {:>5}", "-"));
            }
        }
        line(s);
    }
    line(String::new());
    line("(columns: P(points >= level); '-' above the exchange's cap; best: screening layouts where it was the double-dummy best)".to_string());
    // One advice, by the expected hand score (as `bid`'s contract).
    match &r.recommended {
        Some(rec) => line(format!(
            "recommended: {}, announce {} (expected {:+.1}, P = {:.3}{}): the highest expected score",
            match rec.exchange.split_once(' ') {
                Some((kept, musik)) if two => {
                    format!("lay away {kept} (its points yours) and {musik} (into the other musik)")
                }
                _ => format!("give {}", rec.exchange),
            },
            rec.contract,
            rec.expected_score,
            rec.probability,
            if rec.confident {
                String::new()
            } else {
                format!(", below the confidence {}", r.confidence)
            }
        )),
        None => line("no recommendation".to_string()),
    }
    out
}
