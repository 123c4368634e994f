//! `tysiac inference`: rebuild the model of the others (`train`) and
//! measure it on self-play deals (`check`). docs/inference.md has both.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};
use tysiac::drivers::training::data::{GiftSeen, LeadSeen, WorthSeen};
use tysiac::drivers::training::{calibrate, check, data, train};
use tysiac::players::inference::{
    announced, contract_features, hand_features, said, Interval, Model, Ordinal, Temper,
};
use tysiac::players::inference::{GIFT_FEATURE_NAMES, HAND_FEATURE_NAMES, LEAD_FEATURE_NAMES};
use tysiac::players::player::PlayerKind;
use tysiac::solver::Workers;
use tysiac::{CardSet, Rules};

use super::progress::Bar;
use super::suggest::threads;

/// The most deals or auctions one run may ask for.
pub const MAX_DEALS: usize = 100_000;

#[derive(Args)]
pub struct InferenceArgs {
    #[command(subcommand)]
    pub what: What,
}

#[derive(Subcommand)]
pub enum What {
    /// Play seeded deals and auctions with the computer players and fit the
    /// model of their decisions; writes the model file.
    Train(TrainArgs),
    /// Fit how far each kind of evidence is believed (the model's
    /// tempering), on fresh deals where the true layout must stand out of
    /// uniform ones; rewrites the model file.
    Calibrate(CalibrateArgs),
    /// Play seeded deals twice (reading and uniform defenders) and show the
    /// calibration of a defender's estimate and the points reading saves.
    Check(CheckArgs),
    /// Measure the contract every hand of eight announces (the contract
    /// model's table); writes the table file.
    AnnounceTable(AnnounceTableArgs),
}

#[derive(Args)]
pub struct AnnounceTableArgs {
    /// Random layouts each hand is measured on.
    #[arg(long, default_value_t = 24, value_parser = worth_layouts)]
    pub layouts: usize,
    #[arg(long, default_value_t = 20_261_203)]
    pub seed: u64,
    /// Worker threads (0: all cores).
    #[arg(long, default_value_t = 0, value_parser = threads)]
    pub threads: usize,
    /// Where to write the table.
    #[arg(long, default_value = "data/announce.bin")]
    pub out: PathBuf,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// The most uniform layouts set beside each true one.
pub const MAX_CANDIDATES: usize = 5000;

fn candidates(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=MAX_CANDIDATES).contains(&n) => Ok(n),
        _ => Err(format!("'{s}' is not a count from 1 to {MAX_CANDIDATES}")),
    }
}

#[derive(Args)]
pub struct CalibrateArgs {
    /// Fresh deals to calibrate on.
    #[arg(long, default_value_t = 600, value_parser = count)]
    pub deals: usize,
    /// Uniform layouts of L's view set beside each true one.
    #[arg(long, default_value_t = 200, value_parser = candidates)]
    pub candidates: usize,
    /// The players whose decisions are read.
    #[arg(long, default_value = "pimc:50")]
    pub player: PlayerKind,
    #[arg(long, default_value_t = 20_261_203)]
    pub seed: u64,
    /// Worker threads (0: all cores).
    #[arg(long, default_value_t = 0, value_parser = threads)]
    pub threads: usize,
    /// The model file to calibrate, rewritten with its tempering.
    #[arg(long, default_value = "data/inference.json")]
    pub model: PathBuf,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

fn count(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=MAX_DEALS).contains(&n) => Ok(n),
        _ => Err(format!("'{s}' is not a count from 1 to {MAX_DEALS}")),
    }
}

/// The most layouts a hand's worth may be measured on.
pub const MAX_WORTH_LAYOUTS: usize = 1000;

fn worth_layouts(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=MAX_WORTH_LAYOUTS).contains(&n) => Ok(n),
        _ => Err(format!(
            "'{s}' is not a count from 1 to {MAX_WORTH_LAYOUTS}"
        )),
    }
}

#[derive(Args)]
pub struct TrainArgs {
    /// Declarers' exchanges and contracts to learn from.
    #[arg(long, default_value_t = 1500, value_parser = count)]
    pub deals: usize,
    /// Auctions to learn the bids from.
    #[arg(long, default_value_t = 400, value_parser = count)]
    pub auctions: usize,
    /// Declarers' first leads to learn from.
    #[arg(long, default_value_t = 300, value_parser = count)]
    pub leads: usize,
    /// Hands of eight whose worth (D's mean double-dummy points) is
    /// learned from the solver.
    #[arg(long, default_value_t = 20_000, value_parser = count)]
    pub worths: usize,
    /// Random layouts each hand's worth is measured on.
    #[arg(long, default_value_t = 50, value_parser = worth_layouts)]
    pub worth_layouts: usize,
    /// The players whose decisions are learnt.
    #[arg(long, default_value = "pimc:50")]
    pub player: PlayerKind,
    #[arg(long, default_value_t = 20_261_202)]
    pub seed: u64,
    /// Worker threads (0: all cores).
    #[arg(long, default_value_t = 0, value_parser = threads)]
    pub threads: usize,
    /// Where to write the model.
    #[arg(long, default_value = "data/inference.json")]
    pub out: PathBuf,
    /// Also write the observations learnt from, one JSON line each.
    #[arg(long, value_name = "FILE")]
    pub save_data: Option<PathBuf>,
    /// Fit on observations saved by --save-data instead of playing.
    #[arg(long, value_name = "FILE")]
    pub from_data: Option<PathBuf>,
    /// How far a contract held at the bid is believed: its log-likelihood
    /// times this (the model's `temper.contract_held`; docs/inference.md
    /// says how the shipped 0.6 was chosen).
    #[arg(long, default_value_t = 1.0, value_parser = exponent)]
    pub temper_held: f64,
    /// How far a contract raised over the bid is believed: its
    /// log-likelihood times this (the model's `temper.contract_raised`;
    /// docs/inference.md says how the shipped 2 was chosen).
    #[arg(long, default_value_t = 1.0, value_parser = exponent)]
    pub temper_raised: f64,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

fn exponent(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if (0.0..=2.0).contains(&x) => Ok(x),
        _ => Err(format!("'{s}' is not an exponent from 0 to 2")),
    }
}

#[derive(Args)]
pub struct CheckArgs {
    /// Deals to play (each twice).
    #[arg(long, default_value_t = 300, value_parser = count)]
    pub deals: usize,
    /// Layouts per decision of every pimc player.
    #[arg(long, default_value_t = 50, value_parser = super::suggest::samples)]
    pub samples: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (0: all cores).
    #[arg(long, default_value_t = 0, value_parser = threads)]
    pub threads: usize,
    /// One JSON line per deal, then the summary line.
    #[arg(long)]
    pub json: bool,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

pub fn run(args: InferenceArgs) -> ExitCode {
    let result = match args.what {
        What::Train(a) => run_train(&a),
        What::Calibrate(a) => run_calibrate(&a),
        What::Check(a) => run_check(&a),
        What::AnnounceTable(a) => run_announce_table(&a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// The layouts per decision of `--player`, which must be a pimc player:
/// the model is of their decisions.
fn pimc_samples(player: PlayerKind) -> Result<usize, String> {
    match player {
        PlayerKind::Pimc(samples, _) => Ok(samples),
        _ => Err(format!("--player {player}: the model learns pimc players")),
    }
}

fn run_train(a: &TrainArgs) -> Result<(), String> {
    let samples = pimc_samples(a.player)?;
    let rules = Rules::STANDARD;
    let started = std::time::Instant::now();
    let (data, made) = match &a.from_data {
        Some(path) => {
            let mut d = read_data(path)?;
            let mut made = d.made_by.take().unwrap_or_else(|| MadeBy::unknown(path));
            if d.worths.is_empty() {
                // A file saved before the worth was learned: measure it.
                eprintln!("{}: no worths saved; measuring them", path.display());
                d.worths = measure_worths(a, &rules)?;
                made.worth_layouts = Some(a.worth_layouts);
            }
            (d, made)
        }
        None => (play_data(a, samples, &rules)?, MadeBy::of(a)),
    };
    if let Some(path) = &a.save_data {
        write_data(path, &data, &made)?;
    }
    data.check()?;
    let worths: Vec<(CardSet, f64, f64)> = data
        .worths
        .iter()
        .map(|w| Ok((w.cards()?, w.mean, w.announce)))
        .collect::<Result<_, String>>()?;
    let means: Vec<(CardSet, f64)> = worths.iter().map(|w| (w.0, w.1)).collect();
    let announces: Vec<(CardSet, f64)> = worths.iter().map(|w| (w.0, w.2)).collect();
    let (worth, worth_rmse) = train::fit_worth(&means, &rules)?;
    // The contract reads the table of announced levels; a sum learned like
    // the worth is fitted only to say how far it would miss.
    let (_, announce_rmse) = train::fit_worth(&announces, &rules)?;
    let table_rmse = {
        let sq: f64 = announces
            .iter()
            // The worths' levels are over a bid of 100, the table's graded
            // below it.
            .map(|(h, a)| (f64::from(announced::announced(*h).unwrap_or(100).max(100)) - a).powi(2))
            .sum();
        (sq / announces.len().max(1) as f64).sqrt()
    };
    let contract_data: Vec<(Vec<f64>, Interval)> = data
        .contract
        .iter()
        .map(|(h, i)| {
            (
                contract_features(*h, &rules, &worth).to_vec(),
                said(*h, &rules, *i),
            )
        })
        .collect();
    let bid_data = Seen::features(&data.bid, &rules);
    // The contract with slips: the announce table is nearly D's procedure,
    // and a few far strays would otherwise widen the curve for all.
    let (contract, ll_contract) = train::fit_levels_with_slips(&contract_data)?;
    let ll_contract_plain = train::fit_levels(&contract_data)?.1;
    // The contract on the counted features alone: what the worth adds.
    let ll_contract_counted = train::fit_levels(&Seen::features(&data.contract, &rules))?.1;
    let (bid, ll_bid) = train::fit_levels(&bid_data)?;
    let gifts: Vec<_> = data
        .gifts
        .iter()
        .map(GiftSeen::cards)
        .collect::<Result<_, _>>()?;
    let (gift, ll_gift) = train::fit_gift(&gifts, &rules, &worth)?;
    let leads: Vec<_> = data
        .leads
        .iter()
        .map(LeadSeen::cards)
        .collect::<Result<_, _>>()?;
    let (lead, ll_lead) = train::fit_lead(&leads, &rules)?;
    // The same data under the features' intercept alone: what the features add.
    let intercept = |d: &[(Vec<f64>, Interval)]| -> Result<f64, String> {
        let ones: Vec<(Vec<f64>, Interval)> = d.iter().map(|(_, i)| (vec![1.0], *i)).collect();
        Ok(train::fit_levels(&ones)?.1)
    };
    let raised = data
        .contract
        .iter()
        .filter(|(_, i)| i.low.is_some())
        .count();
    let training = serde_json::json!({
        "declarations": data.contract.len(),
        "raised_contracts": raised,
        "biddings": data.bid.len(),
        "auctions": made.auctions,
        "gifts": gifts.len(),
        "leads": leads.len(),
        "worth_hands": worths.len(),
        "worth_layouts": made.worth_layouts,
        "worth_rmse": worth_rmse,
        "worth_sd": spread(&means),
        "announce_rmse": announce_rmse,
        "announce_table_rmse": table_rmse,
        "announce_sd": spread(&announces),
        "player": made.player,
        "seed": made.seed,
        "mean_log_likelihood": {
            "contract": ll_contract, "contract_intercept_only": intercept(&contract_data)?,
            "contract_without_slips": ll_contract_plain,
            "contract_counted_features_only": ll_contract_counted,
            "bid": ll_bid, "bid_intercept_only": intercept(&bid_data)?,
            "gift": ll_gift, "gift_uniform": -libm::log(45f64),
            "lead": ll_lead, "lead_uniform": -libm::log(8f64),
        },
        "seconds": started.elapsed().as_secs(),
    });
    let model = Model {
        about: "tysiac's model of the others' decisions (docs/inference.md): \
                ordinal models of the level a hand bids and announces to, the worth \
                of D's eight cards learned from the solver, and conditional logits of \
                the two cards D gives away and of its first lead"
            .into(),
        command: tempered_command(&made.command, a.temper_held, a.temper_raised),
        hand_features: HAND_FEATURE_NAMES.iter().map(|s| s.to_string()).collect(),
        gift_features: GIFT_FEATURE_NAMES.iter().map(|s| s.to_string()).collect(),
        lead_features: LEAD_FEATURE_NAMES.iter().map(|s| s.to_string()).collect(),
        bid,
        contract,
        worth,
        announce_from: tysiac::players::inference::ANNOUNCE_FROM.into(),
        gift,
        lead,
        // Untempered but for the contract's exponents if asked:
        // `tysiac inference calibrate` fits the tempering next.
        temper: Temper {
            contract_held: a.temper_held,
            contract_raised: a.temper_raised,
            ..Temper::default()
        },
        training,
    };
    let text = serde_json::to_string_pretty(&model).expect("serializes") + "\n";
    std::fs::write(&a.out, text).map_err(|e| format!("--out {}: {e}", a.out.display()))?;
    println!("{}", describe(&model));
    println!("written to {}", a.out.display());
    Ok(())
}

/// The command that made the data, with the contract's exponents that
/// differ from 1 (so the model file says how to make it again).
fn tempered_command(played: &str, held: f64, raised: f64) -> String {
    let mut command = played.to_string();
    for (flag, x) in [("--temper-held", held), ("--temper-raised", raised)] {
        if x != 1.0 {
            command += &format!(" {flag} {x}");
        }
    }
    command
}

/// The standard deviation of the points observed.
fn spread(data: &[(CardSet, f64)]) -> f64 {
    let n = data.len().max(1) as f64;
    let mean = data.iter().map(|w| w.1).sum::<f64>() / n;
    (data.iter().map(|w| (w.1 - mean).powi(2)).sum::<f64>() / n).sqrt()
}

/// A model in words: its weights and training figures.
fn describe(m: &Model) -> String {
    let row = |name: &str, o: &Ordinal| {
        let w: Vec<String> = o.weights.iter().map(|w| format!("{w:7.2}")).collect();
        let slip = if o.slip > 0.0 {
            format!(", {:.1}% slip at scale {:.1}", 100.0 * o.slip, o.wide)
        } else {
            String::new()
        };
        format!("{name:9} {} | scale {:.1}{slip}\n", w.join(" "), o.scale)
    };
    let mut s = format!(
        "{:9} {} worth/10 announce/10\n",
        "",
        HAND_FEATURE_NAMES.join(" ")
    );
    s += &row("bid", &m.bid);
    s += &row("contract", &m.contract);
    let g: Vec<String> = m.gift.weights.iter().map(|w| format!("{w:.2}")).collect();
    s += &format!(
        "gift      {} {:.2} ({} worth_kept/10)\n",
        g.join(" "),
        m.gift.keep,
        GIFT_FEATURE_NAMES.join(" ")
    );
    let l: Vec<String> = m.lead.weights.iter().map(|w| format!("{w:.2}")).collect();
    s += &format!(
        "lead      {} ({})\n",
        l.join(" "),
        LEAD_FEATURE_NAMES.join(" ")
    );
    s += &format!("training  {}", m.training);
    s
}

/// Hands and what their decisions said of their level.
type Levels = Vec<(CardSet, Interval)>;

/// The run that played a data file's observations. Files saved before it
/// was written lack it: what they cannot say is left out (null).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
struct MadeBy {
    /// The command that plays the same observations again.
    command: String,
    auctions: Option<usize>,
    worth_layouts: Option<usize>,
    player: Option<String>,
    seed: Option<u64>,
}

impl MadeBy {
    /// The run `a` plays.
    fn of(a: &TrainArgs) -> MadeBy {
        MadeBy {
            command: format!(
                "tysiac inference train --deals {} --auctions {} --leads {} --worths {} \
                 --worth-layouts {} --player {} --seed {}",
                a.deals, a.auctions, a.leads, a.worths, a.worth_layouts, a.player, a.seed
            ),
            auctions: Some(a.auctions),
            worth_layouts: Some(a.worth_layouts),
            player: Some(a.player.to_string()),
            seed: Some(a.seed),
        }
    }

    /// A file that does not say how it was made: only its name is known.
    fn unknown(path: &std::path::Path) -> MadeBy {
        MadeBy {
            command: format!("tysiac inference train --from-data {}", path.display()),
            auctions: None,
            worth_layouts: None,
            player: None,
            seed: None,
        }
    }
}

/// What the models learn from.
struct Seen {
    /// How a data file read says its observations were made.
    made_by: Option<MadeBy>,
    contract: Levels,
    bid: Levels,
    gifts: Vec<GiftSeen>,
    leads: Vec<LeadSeen>,
    worths: Vec<WorthSeen>,
}

impl Seen {
    /// Every model has something to learn from.
    fn check(&self) -> Result<(), String> {
        let sizes = [
            ("contracts", self.contract.len()),
            ("bids", self.bid.len()),
            ("gifts", self.gifts.len()),
            ("leads", self.leads.len()),
            ("worths", self.worths.len()),
        ];
        match sizes.iter().find(|(_, n)| *n == 0) {
            Some((what, _)) => Err(format!("the data holds no {what}: nothing to fit")),
            None => Ok(()),
        }
    }

    /// The hands' features, for the fit.
    fn features(levels: &Levels, rules: &Rules) -> Vec<(Vec<f64>, Interval)> {
        levels
            .iter()
            .map(|(h, i)| (hand_features(*h, rules).to_vec(), said(*h, rules, *i)))
            .collect()
    }
}

/// Solves the hands whose worth is learned.
fn measure_worths(a: &TrainArgs, rules: &Rules) -> Result<Vec<WorthSeen>, String> {
    let workers = Workers::new(*rules, a.threads).map_err(|e| e.to_string())?;
    let bar = Bar::new(a.worths as u64, "worths", a.quiet);
    let worths = data::worths(rules, a.worths, a.worth_layouts, a.seed, &workers, &|| {
        bar.tick()
    });
    bar.finish();
    Ok(worths)
}

/// Plays the deals and auctions and returns what they say.
fn play_data(a: &TrainArgs, samples: usize, rules: &Rules) -> Result<Seen, String> {
    let workers = Workers::new(*rules, a.threads).map_err(|e| e.to_string())?;
    let bar = Bar::new(a.deals as u64, "declarers", a.quiet);
    let decl = data::declarations(rules, a.deals, samples, a.seed, &workers, &|| bar.tick());
    bar.finish();
    let bar = Bar::new(a.auctions as u64, "auctions", a.quiet);
    let bids = data::biddings(rules, a.auctions, a.player, a.seed, &workers, &|| {
        bar.tick()
    });
    bar.finish();
    let bar = Bar::new(a.leads as u64, "leads", a.quiet);
    let leads = data::leads(rules, a.leads, samples, a.seed, &workers, &|| bar.tick());
    bar.finish();
    let worths = measure_worths(a, rules)?;
    Ok(Seen {
        made_by: None,
        contract: decl.iter().map(|d| (d.kept(), d.interval(rules))).collect(),
        bid: bids.iter().map(|b| (b.seven, b.interval)).collect(),
        gifts: decl
            .iter()
            .filter_map(|d| d.gift().map(|(x, y)| GiftSeen::new(d.ten, x, y)))
            .collect(),
        leads,
        worths,
    })
}

/// How the data was made (`{"made_by": MadeBy}`), then one JSON line per
/// observation: `{"level": Observation}`, `{"gift": GiftSeen}`, `{"lead":
/// LeadSeen}` or `{"worth": WorthSeen}`.
fn write_data(path: &PathBuf, d: &Seen, made: &MadeBy) -> Result<(), String> {
    let mut out = String::new();
    let mut line = |v: serde_json::Value| {
        out += &v.to_string();
        out.push('\n');
    };
    // First, how they were made: a model fitted again from the file then
    // names the run that played them, not the options of the refit.
    line(serde_json::json!({ "made_by": made }));
    for (model, rows) in [("contract", &d.contract), ("bid", &d.bid)] {
        for &(hand, i) in rows {
            line(serde_json::json!({ "level": data::Observation::new(model, hand, i) }));
        }
    }
    for x in &d.gifts {
        line(serde_json::json!({ "gift": x }));
    }
    for x in &d.leads {
        line(serde_json::json!({ "lead": x }));
    }
    for x in &d.worths {
        line(serde_json::json!({ "worth": x }));
    }
    std::fs::write(path, out).map_err(|e| format!("--save-data {}: {e}", path.display()))
}

fn read_data(path: &PathBuf) -> Result<Seen, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("--from-data {}: {e}", path.display()))?;
    let mut d = Seen {
        made_by: None,
        contract: Vec::new(),
        bid: Vec::new(),
        gifts: Vec::new(),
        leads: Vec::new(),
        worths: Vec::new(),
    };
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let at = |e: String| format!("{}:{}: {e}", path.display(), n + 1);
        let v: serde_json::Value = serde_json::from_str(line).map_err(|e| at(e.to_string()))?;
        if let Some(m) = v.get("made_by") {
            let m: MadeBy = serde_json::from_value(m.clone()).map_err(|e| at(e.to_string()))?;
            d.made_by = Some(m);
        } else if let Some(o) = v.get("level") {
            let o: data::Observation =
                serde_json::from_value(o.clone()).map_err(|e| at(e.to_string()))?;
            let hand = o.cards().map_err(at)?;
            match o.model.as_str() {
                "contract" => d.contract.push((hand, o.interval)),
                _ => d.bid.push((hand, o.interval)),
            }
        } else if let Some(x) = v.get("gift") {
            let x: GiftSeen = serde_json::from_value(x.clone()).map_err(|e| at(e.to_string()))?;
            x.cards().map_err(at)?;
            d.gifts.push(x);
        } else if let Some(x) = v.get("lead") {
            let x: LeadSeen = serde_json::from_value(x.clone()).map_err(|e| at(e.to_string()))?;
            x.cards().map_err(at)?;
            d.leads.push(x);
        } else if let Some(x) = v.get("worth") {
            let x: WorthSeen = serde_json::from_value(x.clone()).map_err(|e| at(e.to_string()))?;
            x.cards().map_err(at)?;
            d.worths.push(x);
        } else {
            return Err(at(
                "neither a level, a gift, a lead, a worth nor how the data was made (made_by)"
                    .into(),
            ));
        }
    }
    Ok(d)
}

fn run_announce_table(a: &AnnounceTableArgs) -> Result<(), String> {
    let rules = Rules::STANDARD;
    let workers = Workers::new(rules, a.threads).map_err(|e| e.to_string())?;
    let started = std::time::Instant::now();
    let measured = announced::measured_hands();
    let bar = Bar::new(measured.len() as u64, "hands", a.quiet);
    let table = data::announce_table(&rules, &measured, a.layouts, a.seed, &workers, &|| {
        bar.tick()
    });
    bar.finish();
    std::fs::write(&a.out, &table).map_err(|e| format!("--out {}: {e}", a.out.display()))?;
    let mut counts = [0usize; 37];
    for &b in &table {
        counts[usize::from(b)] += 1;
    }
    let shares: Vec<String> = counts
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(b, n)| format!("{} {:.4}", 10 * b, *n as f64 / table.len() as f64))
        .collect();
    println!(
        "tysiac inference announce-table --layouts {} --seed {}: {} hands ({} measured) in {} s",
        a.layouts,
        a.seed,
        table.len(),
        measured.len(),
        started.elapsed().as_secs()
    );
    println!("levels: {}", shares.join(", "));
    println!("written to {}", a.out.display());
    Ok(())
}

fn run_calibrate(a: &CalibrateArgs) -> Result<(), String> {
    let samples = pimc_samples(a.player)?;
    let rules = Rules::STANDARD;
    let path = a.model.display();
    let text = std::fs::read_to_string(&a.model).map_err(|e| format!("--model {path}: {e}"))?;
    let mut model = Model::from_json(&text).map_err(|e| format!("--model {path}: {e}"))?;
    let workers = Workers::new(rules, a.threads).map_err(|e| e.to_string())?;
    let started = std::time::Instant::now();
    let bar = Bar::new(a.deals as u64, "deals", a.quiet);
    let plan = calibrate::Plan {
        deals: a.deals,
        seed: a.seed,
        samples,
        candidates: a.candidates,
    };
    let scenes = calibrate::scenes(&rules, &model, &plan, &workers, &|| bar.tick());
    bar.finish();
    let (temper, ll, ll_untempered) = train::fit_temper(&scenes, model.temper)?;
    model.temper = temper;
    let command = format!(
        "tysiac inference calibrate --deals {} --candidates {} --player {} --seed {}",
        a.deals, a.candidates, a.player, a.seed
    );
    model.training["calibration"] = serde_json::json!({
        "command": command,
        "deals": a.deals,
        "scenes": scenes.len(),
        "candidates": a.candidates,
        "mean_log_likelihood": ll,
        "mean_log_likelihood_untempered": ll_untempered,
        "mean_log_likelihood_uniform": -libm::log((a.candidates + 1) as f64),
        "seconds": started.elapsed().as_secs(),
    });
    let text = serde_json::to_string_pretty(&model).expect("serializes") + "\n";
    std::fs::write(&a.model, text).map_err(|e| format!("--model {path}: {e}"))?;
    println!(
        "tempering on {} deals: raised contract {:.2}, held contract {:.2}, gift {:.2}, lead {:.2}",
        scenes.len(),
        temper.contract_raised,
        temper.contract_held,
        temper.gift,
        temper.lead
    );
    println!(
        "the true layout among {}: mean log-likelihood {ll:.3} (untempered {ll_untempered:.3}, uniform {:.3})",
        a.candidates + 1,
        -libm::log((a.candidates + 1) as f64)
    );
    println!("written to {path}");
    Ok(())
}

fn run_check(a: &CheckArgs) -> Result<(), String> {
    let rules = Rules::STANDARD;
    let workers = Workers::new(rules, a.threads).map_err(|e| e.to_string())?;
    let bar = Bar::new(a.deals as u64, "deals", a.quiet);
    let measured = check::measure(&rules, a.deals, a.samples, a.seed, &workers, &|| bar.tick());
    bar.finish();
    let s = check::summarise(&measured);
    if a.json {
        for m in &measured {
            println!("{}", serde_json::to_string(m).expect("serializes"));
        }
        println!("{}", serde_json::to_string(&s).expect("serializes"));
        return Ok(());
    }
    println!(
        "{} deals, pimc:{} in every seat, seed {}; L's estimate at its first move\n",
        s.deals, a.samples, a.seed
    );
    println!("contract  deals  made  dd(truth)  est(model)  est(uniform) | points  dd(truth)  est(model)  est(uniform) | made vs uniform defence");
    for b in &s.bands {
        if b.deals == 0 {
            // An empty band has no means (the sum of nothing prints −0).
            println!("{:8} {:6}  -", b.contracts, 0);
            continue;
        }
        println!(
            "{:8} {:6}  {:4.2}  {:9.2}  {:10.2}  {:12.2} | {:6.1}  {:9.1}  {:10.1}  {:12.1} | {:4.2}",
            b.contracts,
            b.deals,
            b.made,
            b.made_double_dummy,
            b.estimate_model,
            b.estimate_uniform,
            b.points,
            b.points_double_dummy,
            b.points_model,
            b.points_uniform,
            b.made_uniform_defence
        );
    }
    println!(
        "\nD's points, uniform defenders minus reading defenders: {:+.2} ± {:.2} (paired, standard error)",
        s.points_saved_by_reading.mean, s.points_saved_by_reading.stderr
    );
    println!(
        "D's double-dummy points after its exchange minus after eight layouts' choice: {:+.2} ± {:.2}",
        s.exchange_gain.mean, s.exchange_gain.stderr
    );
    println!(
        "mean effective layouts behind the model's estimate: {:.1}",
        s.effective_samples
    );
    Ok(())
}
