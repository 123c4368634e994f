//! `tysiac game`: a whole game in the terminal against computer players
//! (`--seats me,pimc,pimc`), or, with no `me` seat, the arena: many games
//! between computer players with each kind's results.

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use tysiac::drivers::arena;
use tysiac::game::record;
use tysiac::game::words::{sentence, Names};
use tysiac::game::{Action, Call, Decision, Table, Turn};
use tysiac::players::computer::Computer;
use tysiac::solver::Workers;
use tysiac::{CardSet, Rules, Solver, Suit};

use super::progress::{interrupt_ends_the_run, Bar};
use super::suggest::threads;

#[derive(Args)]
pub struct GameArgs {
    /// Who sits where, in playing order: `me` (you, at the keyboard), or a
    /// computer: dd, pimc[:N], heuristic. Three or four seats (with four,
    /// the dealer sits out each hand; two with --players 2). No `me`: the
    /// arena (see --games). Default: you and pimc seats, as many as
    /// --players.
    #[arg(long)]
    pub seats: Option<String>,
    /// Players at the table: 3, 4 (the dealer sits out) or 2 (the game of
    /// two musiks: the rules get players=2). Default: as many as --seats
    /// names, else 3.
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=4))]
    pub players: Option<u8>,
    /// The players' names, in seat order (default: You, or Player1,
    /// Player2... for several `me` seats, and Ala, Bartek, Celina, Dorota
    /// for the computers).
    #[arg(long)]
    pub names: Option<String>,
    /// Random seed of the deals (default: from the clock, different for
    /// every game; it is printed and recorded, so the game can be replayed).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Rule set, e.g. "pl_full" or "standard game_to=500 barrel=400".
    #[arg(long, default_value = "standard")]
    pub rules: Rules,
    /// Where the game's record is written after every step (default:
    /// tysiac-game-SEED.txt, or -2, -3... after the seed when that file
    /// exists); `.jsonl` writes the JSON Lines form. A file that exists is
    /// refused: a record is never written over.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Go on with the game recorded in FILE (its seats, names, rules, seed).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["seed", "names"])]
    pub resume: Option<PathBuf>,
    /// How pimc seats read the others' bids, contract and exchange: model,
    /// or none (uniform layouts). A seat may also say it: pimc:50:none.
    #[arg(long, value_name = "model|none")]
    pub inference: Option<tysiac::Inference>,
    /// Arena: games to play (seats rotate over the same deals).
    #[arg(long, default_value_t = 12)]
    pub games: usize,
    /// Arena: worker threads (0: all cores).
    #[arg(long, default_value_t = 0, value_parser = threads)]
    pub threads: usize,
    /// Arena: one JSON line per game, then the summary line.
    #[arg(long)]
    pub json: bool,
    /// Arena: write each game's record to DIR/game-G.txt (refused, before
    /// playing, if one of those files exists).
    #[arg(long, value_name = "DIR")]
    pub records: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// Colour the suits: auto (on a terminal), always, never.
    #[arg(long, default_value = "auto")]
    pub color: String,
}

pub fn run(args: GameArgs) -> ExitCode {
    match play(args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// A seat: you, or a computer.
enum Seat {
    Me,
    Computer(Computer),
}

fn play(args: GameArgs) -> Result<ExitCode, String> {
    let color = match args.color.as_str() {
        "always" => true,
        "never" => false,
        "auto" => std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
        other => return Err(format!("--color '{other}': auto, always or never")),
    };
    if let Some(path) = &args.resume {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("--resume {}: cannot read: {e}", path.display()))?;
        let rec = record::read(&text).map_err(|e| format!("{}:{e}", path.display()))?;
        let seats = rec.header.seats.clone().ok_or_else(|| {
            format!(
                "{}: the record has no seats: line, so who plays is not known",
                path.display()
            )
        })?;
        // Going on in the same file rewrites it (the same game, further on);
        // another file is a new one, never one that exists.
        let out = match &args.record {
            Some(other) if !same_file(other, path) => {
                create_new(other).map_err(|e| format!("--record {}: {e}", other.display()))?;
                other.clone()
            }
            _ => path.clone(),
        };
        let names = Names::of_game(rec.table.players.clone(), Some(&seats));
        let others: Vec<&str> = (0..rec.table.players.len())
            .filter(|&p| !names.is_you(p))
            .map(|p| names.who(p))
            .collect();
        println!(
            "Resuming the game with {} (seed {}) at hand {}.",
            others.join(", "),
            rec.table.seed,
            rec.table.hand().number
        );
        return interactive(rec.table, &seats, &out, color, true);
    }
    let (args, mut seats) = table_of(args)?;
    if let Some(i) = args.inference {
        for s in seats.iter_mut().filter(|s| *s != "me") {
            let kind: tysiac::players::player::PlayerKind =
                s.parse().expect("checked by parse_seats");
            *s = kind.reading(i).to_string();
        }
    }
    if !seats.iter().any(|s| s == "me") {
        return arena_run(&args, &seats);
    }
    let names: Vec<String> = match &args.names {
        Some(n) => n
            .split([',', ' '])
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect(),
        None => {
            let computers = ["Ala", "Bartek", "Celina", "Dorota"];
            // One person is "you"; several at one keyboard are named, as
            // the messages then name them.
            let people = seats.iter().filter(|s| *s == "me").count();
            let mut mine = 0;
            seats
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    if s == "me" {
                        mine += 1;
                        if people == 1 {
                            "You".to_string()
                        } else {
                            format!("Player{mine}")
                        }
                    } else {
                        computers[i].to_string()
                    }
                })
                .collect()
        }
    };
    if names.len() != seats.len() {
        return Err(format!(
            "--names: {} names for {} seats",
            names.len(),
            seats.len()
        ));
    }
    record::check_names(&names).map_err(|e| format!("--names: {e}"))?;
    // Checked before the record is made, so that a refused game leaves no file.
    Table::new(args.rules, names.clone(), 0, 0).map_err(|e| e.0)?;
    let (seed, out) = new_record(args.seed, args.record.as_deref())?;
    let table = Table::new(args.rules, names, seed, 0).map_err(|e| e.0)?;
    println!(
        "A game of Tysiąc to {} · rules {} · seed {seed} · record {}",
        args.rules.game_to,
        args.rules,
        out.display()
    );
    uncovered_note(&args.rules, &seats);
    interactive(table, &seats, &out, color, false)
}

/// Says on stderr when computer seats meant to bid on real play bid on
/// double-dummy values instead: the real-play model does not cover the
/// rules (docs/bid.md, *Real play*).
fn uncovered_note(rules: &tysiac::Rules, seats: &[String]) {
    use tysiac::estimate::real::{basis_under, Basis};
    let real_seats = seats
        .iter()
        .filter(|s| *s != "me")
        .filter_map(|s| Computer::from_seat(s).ok())
        .any(|c| c.basis == Basis::RealPlay && c.kind.to_string().starts_with("pimc"));
    if real_seats && basis_under(Basis::RealPlay, rules) == Basis::DoubleDummy {
        eprintln!(
            "note: the real-play model does not cover the rules '{rules}': the computer \
             players bid and announce on double-dummy values"
        );
    }
}

/// Creates `path` empty, only if no file is there: the name is then this
/// game's, and no record of another game is ever written over.
fn create_new(path: &Path) -> Result<(), String> {
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
    {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(format!(
            "the file exists (the record of another game?); name a new file, \
             or go on with that game: tysiac game --resume {}",
            path.display()
        )),
        Err(e) => Err(format!("cannot create it: {e}")),
    }
}

fn same_file(a: &Path, b: &Path) -> bool {
    a == b
        || matches!(
            (std::fs::canonicalize(a), std::fs::canonicalize(b)),
            (Ok(x), Ok(y)) if x == y
        )
}

/// The seed and record file of a new game, the file created: `--record`
/// as given (refused if it exists); else `tysiac-game-SEED.txt` with the
/// seed given, or `-2`, `-3`... after it when that name is taken; with no
/// seed, a seed from the clock whose file is free.
fn new_record(seed: Option<u64>, record: Option<&Path>) -> Result<(u64, PathBuf), String> {
    if let Some(path) = record {
        create_new(path).map_err(|e| format!("--record {}: {e}", path.display()))?;
        return Ok((
            seed.unwrap_or_else(tysiac::engine::random::clock_seed),
            path.to_path_buf(),
        ));
    }
    for n in 1..=1000 {
        let (s, name) = match seed {
            Some(s) if n == 1 => (s, format!("tysiac-game-{s}.txt")),
            Some(s) => (s, format!("tysiac-game-{s}-{n}.txt")),
            None => {
                let s = tysiac::engine::random::clock_seed();
                (s, format!("tysiac-game-{s}.txt"))
            }
        };
        let path = PathBuf::from(name);
        match create_new(&path) {
            Ok(()) => return Ok((s, path)),
            Err(_) if path.exists() => continue,
            Err(e) => return Err(format!("{}: {e}", path.display())),
        }
    }
    Err("no free name for the record among 1000 tried here; name one with --record FILE".into())
}

/// The seats and rules `--players`, `--seats` and `--rules` ask for: two
/// players play the game of two musiks (`players=2`), and a count given twice
/// must agree.
fn table_of(mut args: GameArgs) -> Result<(GameArgs, Vec<String>), String> {
    let two_by_rules = args.rules.players == tysiac::Players::Two;
    let players = args.players.map(usize::from);
    let text = match (&args.seats, players) {
        (Some(s), _) => s.clone(),
        (None, Some(n)) => std::iter::once("me")
            .chain(std::iter::repeat_n("pimc", n - 1))
            .collect::<Vec<_>>()
            .join(","),
        (None, None) if two_by_rules => "me,pimc".into(),
        (None, None) => "me,pimc,pimc".into(),
    };
    let seats =
        tysiac::players::computer::parse_seats(&text).map_err(|e| format!("--seats: {e}"))?;
    if let Some(n) = players.filter(|&n| n != seats.len()) {
        return Err(format!(
            "--players {n} but --seats names {}: give as many seats as players",
            seats.len()
        ));
    }
    match (seats.len(), two_by_rules) {
        (2, false) => {
            // Two players can only play the game of two musiks; read again
            // so that a switch two players do not have is refused.
            let text = format!("{} players=2", args.rules);
            args.rules = text
                .parse()
                .map_err(|e: tysiac::RulesError| format!("--rules \"{text}\": {}", e.0))?;
        }
        (n, true) if n != 2 => {
            return Err(format!(
                "--rules says players=2, but {n} seats are given: two players play it"
            ));
        }
        _ => {}
    }
    Ok((args, seats))
}

fn arena_run(args: &GameArgs, seats: &[String]) -> Result<ExitCode, String> {
    let seed = args.seed.unwrap_or(tysiac::estimate::bid::DEFAULT_SEED);
    let workers = Workers::new(args.rules, args.threads).map_err(|e| e.to_string())?;
    let record_path = |dir: &Path, game: usize| dir.join(format!("game-{game}.txt"));
    // Refused before the games are played: no record is written over.
    if let Some(dir) = &args.records {
        if let Some(taken) = (0..args.games)
            .map(|g| record_path(dir, g))
            .find(|p| p.exists())
        {
            return Err(format!(
                "--records {}: {} exists (records of another run?); give a new or empty directory",
                dir.display(),
                taken.display()
            ));
        }
    }
    uncovered_note(&args.rules, seats);
    let bar = Bar::new(args.games as u64, "games", args.quiet);
    let games = arena::run(&args.rules, seats, args.games, seed, &workers, &|| {
        bar.tick()
    })
    .map_err(|e| e.to_string())?;
    bar.finish();
    if let Some(dir) = &args.records {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("--records {}: cannot create: {e}", dir.display()))?;
        for g in &games {
            let path = record_path(dir, g.game);
            std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path)
                .and_then(|mut f| f.write_all(g.record.as_bytes()))
                .map_err(|e| format!("--records: cannot write {}: {e}", path.display()))?;
        }
    }
    let report = arena::report(&args.rules, seats, seed, &games);
    if args.json {
        for g in &games {
            println!("{}", serde_json::to_string(g).map_err(|e| e.to_string())?);
        }
        println!(
            "{}",
            serde_json::to_string(&report).map_err(|e| e.to_string())?
        );
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "{} games · seats {} · rules {} · seed {} · {:.1} hands a game{}",
        report.games,
        seats.join(","),
        report.rules,
        seed,
        report.mean_hands,
        if report.unfinished > 0 {
            format!(" · {} unfinished", report.unfinished)
        } else {
            String::new()
        }
    );
    println!(
        "{:<12} {:>5} {:>6} {:>16} {:>6} {:>7} {:>8} {:>15} {:>6} {:>6} {:>6} {:>6}",
        "kind",
        "seats",
        "wins",
        "win share (95%)",
        "fair",
        "z",
        "pts/hand",
        "paired (z)",
        "decl",
        "made",
        "bombs",
        "falls"
    );
    for k in &report.kinds {
        println!(
            "{:<12} {:>5} {:>6.1} {:>5.2} ({:.2}-{:.2}) {:>6.2} {:>7.2} {:>8.1} {:>15} {:>6} {:>6} {:>6} {:>6}",
            k.kind,
            k.seats,
            k.wins,
            k.win_share,
            k.low,
            k.high,
            k.fair_share,
            k.z,
            k.points_per_hand,
            match (k.paired_total, k.paired_z) {
                (Some(t), Some(z)) => format!("{t:+.1} ({z:+.2})"),
                (Some(t), None) => format!("{t:+.1}"),
                _ => "-".to_string(),
            },
            k.declared,
            k.made,
            k.bombs,
            k.barrel_falls
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes the record so that it is whole at every moment: a new file
/// renamed over the old one (Ctrl-C between two steps loses nothing).
fn save(table: &Table, seats: &[String], path: &Path) -> Result<(), String> {
    let text = if path.extension().is_some_and(|e| e == "jsonl") {
        record::json_lines(table, Some(seats)).join("\n") + "\n"
    } else {
        record::write(table, Some(seats))
    };
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp-write");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, text)
        .and_then(|_| std::fs::rename(&tmp, path))
        .map_err(|e| format!("cannot write the record {}: {e}", path.display()))
}

fn interactive(
    mut table: Table,
    kinds: &[String],
    out: &Path,
    color: bool,
    mut resumed: bool,
) -> Result<ExitCode, String> {
    let seats: Vec<Seat> = kinds
        .iter()
        .map(|k| {
            if k == "me" {
                Seat::Me
            } else {
                Seat::Computer(Computer::from_seat(k).expect("checked"))
            }
        })
        .collect();
    let mut solver = Solver::new(table.rules);
    let show = Show {
        color,
        names: Names::of_game(table.players.clone(), Some(kinds)),
    };
    // Ctrl-C ends the game (130) with its record whole even where the
    // shell started us with SIGINT ignored (a background job of a script).
    interrupt_ends_the_run();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    save(&table, kinds, out)?;
    let mut shown_hand = 0;
    while let Some(turn) = table.turn() {
        let number = table.hand().number;
        let deal_index = table.hand().deal_index;
        if deal_index + 1 != shown_hand as u64 {
            shown_hand = deal_index as usize + 1;
            let resuming = std::mem::take(&mut resumed);
            show.hand_start(&table, &seats, resuming);
            if resuming {
                show.recap(&table);
            }
        }
        let action = match &seats[turn.player] {
            Seat::Computer(c) => {
                let a = c.act(&table, &turn, &mut solver);
                if !matches!(a, Action::Contract(_)) {
                    println!("{}", show.said(&table, &turn, &a));
                }
                a
            }
            Seat::Me => match only_answer(&table, &turn) {
                Some(a) => {
                    show.prompt_facts(&table, &turn);
                    println!("{}", show.forced(&table, &turn, &a));
                    a
                }
                None => loop {
                    show.prompt(&table, &turn);
                    let Some(Ok(line)) = lines.next() else {
                        save(&table, kinds, out)?;
                        println!(
                            "\nThe game is saved in {}; go on with: tysiac game --resume {}",
                            out.display(),
                            out.display()
                        );
                        return Ok(ExitCode::SUCCESS);
                    };
                    let line = line.trim();
                    match line {
                        "" => continue,
                        "help" | "?" => {
                            show.help(&table);
                            continue;
                        }
                        "sheet" => {
                            print!("{}", sheet(&table, &show.names));
                            continue;
                        }
                        "quit" | "q" => {
                            save(&table, kinds, out)?;
                            println!(
                                "The game is saved in {}; go on with: tysiac game --resume {}",
                                out.display(),
                                out.display()
                            );
                            return Ok(ExitCode::SUCCESS);
                        }
                        _ => {}
                    }
                    match tysiac::game::seen::parse_action(&table, &turn, line) {
                        Ok(a) => match table.clone().act(a.clone()) {
                            Ok(()) => break a,
                            Err(e) => println!("  not allowed: {e}"),
                        },
                        Err(e) => println!("  {e}"),
                    }
                },
            },
        };
        let before = table.clone();
        table
            .act(action.clone())
            .map_err(|e| format!("internal: a checked action was refused: {e}"))?;
        save(&table, kinds, out)?;
        if matches!(seats[turn.player], Seat::Me) {
            show.own_declaration(&before, &turn, &action);
        }
        show.after(&before, &table, number);
    }
    if let Some(r) = table.result() {
        println!(
            "\n{}.",
            sentence(&show.names.result(r, &table.sheet.totals))
        );
        println!(
            "The record is in {}: `tysiac analyze {}` judges every decision.",
            out.display(),
            out.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The one answer a person's turn allows, when there is only one: a pass
/// when no bid is left, the last legal card. Played at once, and said.
fn only_answer(table: &Table, turn: &Turn) -> Option<Action> {
    match turn.decision {
        Decision::Call => match table.legal_calls().as_slice() {
            [only] => Some(Action::Call(*only)),
            _ => None,
        },
        Decision::Play => match *table.legal_moves() {
            [only] => Some(Action::Play(only)),
            _ => None,
        },
        _ => None,
    }
}

/// The readable score sheet of the game so far.
fn sheet(table: &Table, names: &Names) -> String {
    let lines: Vec<usize> = table.sheet.hands.iter().map(|r| r.number).collect();
    super::score::sheet_text("(this game)", &table.sheet, &lines, names)
}

fn example_exchange(table: &Table) -> String {
    let deal = table.hand().deal().expect("a declarer");
    tysiac::engine::contract::guessed_exchanges(&deal, &table.rules)[0].to_string()
}

/// How things are shown: suits (in colour or not) and players (by name,
/// the person at the keyboard as "you").
struct Show {
    color: bool,
    names: Names,
}

impl Show {
    fn suit_symbol(&self, s: Suit) -> String {
        let (sym, red) = match s {
            Suit::Hearts => ("♥", true),
            Suit::Diamonds => ("♦", true),
            Suit::Clubs => ("♣", false),
            Suit::Spades => ("♠", false),
        };
        if self.color && red {
            format!("\x1b[31m{sym}\x1b[0m")
        } else {
            sym.to_string()
        }
    }

    /// A hand by suit: `♥ A K Q  ♦ T 9  ♣ -  ♠ A J`.
    fn cards(&self, set: CardSet) -> String {
        Suit::ALL
            .iter()
            .map(|&s| {
                let ranks: Vec<String> = set
                    .suit(s)
                    .iter_display()
                    .map(|c| c.rank().to_string())
                    .collect();
                let ranks = if ranks.is_empty() {
                    "-".to_string()
                } else {
                    ranks.join(" ")
                };
                format!("{} {ranks}", self.suit_symbol(s))
            })
            .collect::<Vec<_>>()
            .join("  ")
    }

    fn card(&self, c: tysiac::Card) -> String {
        let text = c.to_string();
        let red = matches!(c.suit(), Suit::Hearts | Suit::Diamonds);
        if self.color && red {
            format!("\x1b[31m{text}\x1b[0m")
        } else {
            text
        }
    }

    fn card_list(&self, set: CardSet) -> String {
        set.iter_display()
            .map(|c| self.card(c))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// "Ala passes", "You pass": a sentence's start.
    fn says(&self, p: usize, verb: &str) -> String {
        sentence(&self.names.says(p, verb))
    }

    /// The points of the hand so far, by player in the table's order:
    /// `you 14 · Bartek 0 · Celina 0`.
    fn points(&self, h: &tysiac::game::HandLog, state: &tysiac::State) -> String {
        let by_player = (0..self.names.names.len())
            .filter_map(|p| h.seat_of(p).map(|s| (p, state.points[s.index()])));
        self.names.each(by_player)
    }

    /// The hand's header, the scores, your cards (as dealt, when a resumed
    /// hand is past its auction) and the forced opening.
    fn hand_start(&self, table: &Table, seats: &[Seat], resuming: bool) {
        let h = table.hand();
        println!();
        let mut deals = self.names.says(h.dealer, "deal");
        if table.players.len() == 4 {
            deals += &format!(" and {} out", self.names.verb(h.dealer, "sit"));
        }
        println!("── Hand {} · {deals} ──", h.number);
        println!(
            "Scores: {}",
            self.names
                .each(table.sheet.totals.iter().copied().enumerate())
        );
        for (p, s) in seats.iter().enumerate() {
            if let (Seat::Me, Some(c)) = (s, h.cards_of(p)) {
                let dealt = if resuming && h.won().is_some() {
                    " as dealt"
                } else {
                    ""
                };
                println!(
                    "{} cards{dealt}: {}",
                    sentence(&self.names.whose(p)),
                    self.cards(c)
                );
            }
        }
        let (b, c) = h.auction.calls[0];
        if let Some(l) = c.level() {
            println!("{} at {l} (forced).", self.says(h.bidders[b], "open"));
        }
    }

    /// Where a resumed game stands in its hand: the calls, the auction's
    /// winner, the exchange as the person saw it, the contract, the trump
    /// and the points so far (the tricks on the table come with the
    /// prompt).
    fn recap(&self, table: &Table) {
        let h = table.hand();
        let me = self.names.you.unwrap_or(0);
        let seen = tysiac::game::seen::seen(table, me);
        // The events are the auction's and the exchange's, then one a card
        // and one a trick: those are summed up by the points instead.
        let played = h.play.len() + seen.hand.tricks.len();
        let before_play = &seen.hand.events[..seen.hand.events.len() - played];
        let opening = h.auction.calls.iter().find_map(|&(b, c)| {
            let l = c.level()?;
            Some(format!(
                "{} at {l} (forced).",
                self.says(h.bidders[b], "open")
            ))
        });
        let told: Vec<&String> = before_play
            .iter()
            .filter(|e| Some(*e) != opening.as_ref())
            .collect();
        if told.is_empty() && h.play.is_empty() {
            return;
        }
        println!("So far in this hand:");
        for e in told {
            println!("  {e}");
        }
        if let Some(state) = h.state(&table.rules).filter(|_| !h.play.is_empty()) {
            let tricks = seen.hand.tricks.len();
            println!(
                "  {tricks} trick{} taken · trump {} · points: {}",
                if tricks == 1 { "" } else { "s" },
                state.trump.map_or("none".into(), |s| self.suit_symbol(s)),
                self.points(h, &state)
            );
        }
    }

    /// The facts a play prompt shows (the trick, trump, points and your
    /// cards), also before a card played for you.
    fn prompt_facts(&self, table: &Table, turn: &Turn) {
        if turn.decision != Decision::Play {
            return;
        }
        let h = table.hand();
        let state = h.state(&table.rules).expect("in play");
        let seats = h.seats().expect("a declarer");
        let trick: Vec<String> = state
            .trick()
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                let seat = state.leader.plus_of(i, state.seats);
                format!(
                    "{} {}",
                    sentence(self.names.who(seats[seat.index()])),
                    self.card(c)
                )
            })
            .collect();
        let mine = state.hands[h.seat_of(turn.player).expect("playing").index()];
        println!(
            "Trick {} · trump {} · points: {}{}",
            state.trick_number(&table.rules),
            state.trump.map_or("none".into(), |s| self.suit_symbol(s)),
            self.points(h, &state),
            if trick.is_empty() {
                String::new()
            } else {
                format!(" · on the table: {}", trick.join(", "))
            }
        );
        println!("Your cards: {}", self.cards(mine));
    }

    fn prompt(&self, table: &Table, turn: &Turn) {
        let h = table.hand();
        // Several people at one keyboard: the prompt says whose it is.
        if self.names.you.is_none() {
            println!("{}, your turn:", self.names.who(turn.player));
        }
        match &turn.decision {
            Decision::Redeal(why) => {
                print!("You may ask for a redeal ({why}). Redeal? [y/n] ");
            }
            Decision::Call => {
                let calls = table.legal_calls();
                let levels = |blind: bool| -> Vec<u16> {
                    calls
                        .iter()
                        .filter_map(|c| match (c, blind) {
                            (Call::Bid(l), false) | (Call::Blind(l), true) => Some(*l),
                            _ => None,
                        })
                        .collect()
                };
                let range = |levels: &[u16], b: &str| match (levels.first(), levels.last()) {
                    (Some(x), Some(y)) if x == y => format!(", {b}{x}"),
                    (Some(x), Some(y)) => format!(", {b}{x}..{b}{y}"),
                    _ => String::new(),
                };
                let open = range(&levels(false), "");
                let blind = match range(&levels(true), "b") {
                    r if r.is_empty() => r,
                    r => format!("{r} blind"),
                };
                let high = h.auction.high().map_or(0, |(_, l, _)| l);
                print!("The bid is {high}. Your call [pass{open}{blind}]: ");
            }
            Decision::Exchange => {
                let deal = h.deal().expect("a declarer");
                let seats = h.seats().expect("a declarer");
                println!(
                    "You take the musik ({}): {}",
                    self.card_list(h.musik),
                    self.cards(deal.declarer_ten())
                );
                let trump = if table.rules.trump == tysiac::TrumpRule::Chosen {
                    ", then the trump suit you name"
                } else {
                    ""
                };
                let what = if seats.len() == 2 {
                    "Lay two cards away: first the one whose points you keep, then the one \
                     for the other musik (it goes with the last trick)"
                        .to_string()
                } else if table.rules.musik == tysiac::Musik::Discard {
                    "Discard three cards".to_string()
                } else {
                    format!(
                        "Give one card to {}, then one to {}",
                        self.names.who(seats[1]),
                        self.names.who(seats[2])
                    )
                };
                print!("{what}{trump} [e.g. {}]: ", example_exchange(table));
            }
            Decision::Contract => {
                let levels = table.contract_levels();
                let (low, high) = (levels[0], *levels.last().expect("the bid"));
                let range = if low == high {
                    low.to_string()
                } else {
                    format!("{low}..{high}")
                };
                print!("Your contract [{range}, or bomb to concede]: ");
            }
            Decision::Play => {
                self.prompt_facts(table, turn);
                if let Some(note) = self.marriage_note(table, turn) {
                    println!("{note}");
                }
                let legal: Vec<String> =
                    table.legal_moves().iter().map(|m| m.to_string()).collect();
                print!("Your card [{}]: ", legal.join(" "));
            }
        }
        let _ = std::io::stdout().flush();
    }

    /// A warning when you lead and a card you may lead gives up a marriage
    /// you hold without declaring it (on the first trick no marriage is
    /// declared), and another card would keep it.
    fn marriage_note(&self, table: &Table, turn: &Turn) -> Option<String> {
        let h = table.hand();
        let state = h.state(&table.rules)?;
        let hand = state.hands[h.seat_of(turn.player)?.index()];
        let legal = table.legal_moves();
        let breaks = |m: &tysiac::Move| {
            let c = m.card();
            matches!(c.rank(), tysiac::Rank::King | tysiac::Rank::Queen)
                && hand.has_marriage(c.suit())
                && !m.is_undeclared()
                && state.declaration(&table.rules, c).is_none()
        };
        let lost: Vec<&tysiac::Move> = legal.iter().filter(|m| breaks(m)).collect();
        if !state.trick().is_empty() || lost.is_empty() || lost.len() == legal.len() {
            return None;
        }
        let why = if state.trick_number(&table.rules) == 1 {
            "no marriage is declared on the first trick"
        } else {
            "it cannot be declared now"
        };
        let suits: Vec<String> = Suit::ALL
            .iter()
            .filter(|&&s| lost.iter().any(|m| m.card().suit() == s))
            .map(|&s| self.suit_symbol(s))
            .collect();
        let cards: Vec<String> = lost.iter().map(|m| self.card(m.card())).collect();
        Some(format!(
            "  Note: {why}; playing {} now gives up your {} marriage{}.",
            cards.join(" or "),
            suits.join(" and "),
            if suits.len() == 1 { "" } else { "s" }
        ))
    }

    fn help(&self, table: &Table) {
        let exchange = if table.rules.players == tysiac::Players::Two {
            "two cards to lay away (the one whose points you keep first)"
        } else if table.rules.musik == tysiac::Musik::Discard {
            "three cards to discard"
        } else {
            "two cards for the exchange (the first to the player on your left)"
        };
        let blind = if table.rules.blind {
            ", or b120 (blind)"
        } else {
            ""
        };
        let undeclared = if table.rules.declare == tysiac::Declare::Optional {
            "; KH- leads a marriage card without declaring"
        } else {
            ""
        };
        println!(
            "  Type your answer at the prompt: y or n for a redeal; pass or a bid (110){blind} in \
             the auction;\n  {exchange}; a contract, or bomb to concede; a card (AS){undeclared}.\n  \
             sheet: the score sheet · quit: save and stop (go on later with --resume FILE)."
        );
    }

    /// A call or card played for you, the only one allowed.
    fn forced(&self, table: &Table, turn: &Turn, a: &Action) -> String {
        let me = turn.player;
        match a {
            Action::Call(c) => {
                let high = table.hand().auction.high().map_or(0, |(_, l, _)| l);
                let call = match c {
                    Call::Pass => self.names.says(me, "pass"),
                    other => format!("{} {other}", self.names.says(me, "bid")),
                };
                format!(
                    "The bid is {high}: {call}, the only call left to {}.",
                    self.names.who(me)
                )
            }
            Action::Play(m) => {
                let last = table
                    .hand()
                    .state(&table.rules)
                    .is_some_and(|s| s.tricks_left() == 1);
                format!(
                    "{} {}, {}.",
                    self.says(me, "play"),
                    self.card(m.card()),
                    if last {
                        format!("{} last card", self.names.whose(me))
                    } else {
                        format!("the only card {} may play", self.names.who(me))
                    }
                )
            }
            other => format!("{}.", self.action_words(table, me, other)),
        }
    }

    /// A declaration you made by your lead (the computers' are said with
    /// their card).
    fn own_declaration(&self, before: &Table, turn: &Turn, a: &Action) {
        if let Action::Play(m) = a {
            if let Some(words) = self.declares(before, *m) {
                println!("{} {words}.", self.says(turn.player, "declare"));
            }
        }
    }

    /// What the lead `m` declares, in words (`the ♥ marriage (+100)`).
    fn declares(&self, table: &Table, m: tysiac::Move) -> Option<String> {
        let state = table.hand().state(&table.rules)?;
        let d = state
            .declaration(&table.rules, m.card())
            .filter(|_| !m.is_undeclared())?;
        let what = match d {
            tysiac::Declaration::Marriage(s) => format!("the {} marriage", self.suit_symbol(s)),
            tysiac::Declaration::Aces => "the ace marriage".into(),
        };
        Some(format!("{what} (+{})", d.points(&table.rules)))
    }

    /// An action of player `p` in words, without the full stop: "Ala bids
    /// 120 blind".
    fn action_words(&self, table: &Table, p: usize, a: &Action) -> String {
        match a {
            Action::Redeal(true) => format!("{} for a redeal", self.says(p, "ask")),
            Action::Redeal(false) => format!("{} not ask for a redeal", self.says(p, "do")),
            Action::Call(Call::Pass) => self.says(p, "pass"),
            Action::Call(Call::Bid(l)) => format!("{} {l}", self.says(p, "bid")),
            Action::Call(Call::Blind(l)) => format!("{} {l} blind", self.says(p, "bid")),
            Action::Contract(c) => format!("{} for {c}", self.says(p, "play")),
            Action::Concede => format!("{} (the bomb)", self.says(p, "concede")),
            Action::Exchange(_) => format!("{} the exchange", self.says(p, "make")),
            Action::Play(m) => {
                let declares = self
                    .declares(table, *m)
                    .map(|w| format!(" and {} {w}", self.names.verb(p, "declare")))
                    .unwrap_or_default();
                format!("{} {}{declares}", self.says(p, "play"), self.card(m.card()))
            }
        }
    }

    /// What a computer did, in words.
    fn said(&self, table: &Table, turn: &Turn, a: &Action) -> String {
        let p = turn.player;
        let Action::Exchange(e) = a else {
            return format!("{}.", self.action_words(table, p, a));
        };
        let h = table.hand();
        let seats = h.seats().expect("a declarer");
        let taken = if h.musik_shown(&table.rules) {
            format!(
                "{} the musik ({}) and ",
                self.says(p, "turn up"),
                self.card_list(h.musik)
            )
        } else {
            format!("{} the musik face down and ", self.says(p, "take"))
        };
        let away = match e.give {
            tysiac::engine::deal::Give::Pass(..) => {
                let each: Vec<String> = e
                    .cards()
                    .iter()
                    .zip(&seats[1..])
                    .map(|(c, &q)| {
                        // Face down: only its receiver sees a card.
                        if self.names.is_you(q) {
                            format!("{} {}", self.names.who(q), self.card(*c))
                        } else {
                            format!("{} a card", self.names.who(q))
                        }
                    })
                    .collect();
                format!("{} {}", self.names.verb(p, "give"), each.join(" and "))
            }
            tysiac::engine::deal::Give::Discard(_) => {
                format!("{} three cards", self.names.verb(p, "discard"))
            }
            tysiac::engine::deal::Give::LayAway(..) => {
                format!("{} two cards away", self.names.verb(p, "lay"))
            }
        };
        let trump = e
            .trump
            .map(|t| {
                format!(
                    ", and {} {} trump",
                    self.names.verb(p, "name"),
                    self.suit_symbol(t)
                )
            })
            .unwrap_or_default();
        format!("{taken}{away}{trump}.")
    }

    /// What changed with the last action: a trick taken, an auction won, a
    /// hand scored.
    fn after(&self, before: &Table, table: &Table, number: usize) {
        let h = before.hand();
        // The auction just ended.
        if h.auction.turn().is_some() {
            let now = table
                .hands
                .iter()
                .rev()
                .find(|x| x.deal_index == h.deal_index);
            if let Some(w) = now.and_then(|x| x.won()) {
                let who = now.expect("found").bidders[w.bidder];
                println!(
                    "{} the auction at {}{}.",
                    self.says(who, "win"),
                    w.bid,
                    if w.blind {
                        " (blind: counts double)"
                    } else {
                        ""
                    }
                );
            }
        }
        let now = table.hands.iter().find(|x| x.deal_index == h.deal_index);
        if let Some(now) = now {
            if let Some(c) = now.contract.filter(|_| h.contract.is_none()) {
                let d = now.declarer().expect("d");
                println!("{} for {c}.", self.says(d, "play"));
            }
            let n = table.rules.seats();
            if now.play.len() > h.play.len() && now.play.len() % n == 0 {
                if let Some(state) = now.state(&table.rules) {
                    let seats = now.seats().expect("a declarer");
                    let trick = &now.play[now.play.len() - n..];
                    let cards: Vec<String> = trick.iter().map(|m| self.card(m.card())).collect();
                    let winner = seats[state.leader.index()];
                    // What the trick's last card added: the trick's points.
                    let won = state.points[state.leader.index()]
                        - h.state(&table.rules)
                            .map_or(0, |s| s.points[state.leader.index()]);
                    println!(
                        "  {} the trick ({}, {won} point{}). Points: {}",
                        self.says(winner, "take"),
                        cards.join(" "),
                        if won == 1 { "" } else { "s" },
                        self.points(now, &state)
                    );
                }
            }
            if let Some(why) = now.redeal.as_ref().filter(|_| h.redeal.is_none()) {
                println!("Redeal: {why}.");
            }
        }
        if table.sheet.hands.len() > before.sheet.hands.len() {
            let r = table.sheet.hands.last().expect("scored");
            let what = match (r.conceded, r.made) {
                (true, _) => format!("{} (the bomb)", self.names.says(r.declarer, "concede")),
                (_, Some(true)) => format!(
                    "{} {}",
                    self.names.says(r.declarer, "make"),
                    r.contract.unwrap_or(r.bid)
                ),
                _ => format!(
                    "{} {}",
                    self.names.says(r.declarer, "fail"),
                    r.contract.unwrap_or(r.bid)
                ),
            };
            println!("Hand {number}: {what}.");
            print!("{}", sheet(table, &self.names));
        }
    }
}
