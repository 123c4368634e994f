//! `tysiac game`: a whole game in the terminal against computer players
//! (`--seats me,pimc,pimc`), or, with no `me` seat, the arena: many games
//! between computer players with each kind's results.

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use tysiac::estimate::Workers;
use tysiac::game::arena;
use tysiac::game::computer::Computer;
use tysiac::game::record;
use tysiac::game::{Action, Call, Decision, Table, Turn};
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
    /// The players' names, in seat order (default: You, then Ala, Bartek,
    /// Celina, Dorota for the computers).
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
        println!(
            "Resuming the game of {} (seed {}), hand {}.",
            rec.table.players.join(", "),
            rec.table.seed,
            rec.table.hand().number
        );
        return interactive(rec.table, &seats, &out, color);
    }
    let (args, mut seats) = table_of(args)?;
    if let Some(i) = args.inference {
        for s in seats.iter_mut().filter(|s| *s != "me") {
            let kind: tysiac::player::PlayerKind = s.parse().expect("checked by parse_seats");
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
            let mut mine = 0;
            seats
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    if s == "me" {
                        mine += 1;
                        if mine == 1 {
                            "You".to_string()
                        } else {
                            format!("You{mine}")
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
    interactive(table, &seats, &out, color)
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
            seed.unwrap_or_else(tysiac::random::clock_seed),
            path.to_path_buf(),
        ));
    }
    for n in 1..=1000 {
        let (s, name) = match seed {
            Some(s) if n == 1 => (s, format!("tysiac-game-{s}.txt")),
            Some(s) => (s, format!("tysiac-game-{s}-{n}.txt")),
            None => {
                let s = tysiac::random::clock_seed();
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
    let seats = tysiac::game::computer::parse_seats(&text).map_err(|e| format!("--seats: {e}"))?;
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
) -> Result<ExitCode, String> {
    let seats: Vec<Seat> = kinds
        .iter()
        .map(|k| {
            if k == "me" {
                Seat::Me
            } else {
                Seat::Computer(Computer::new(k.parse().expect("checked")))
            }
        })
        .collect();
    let mut solver = Solver::new(table.rules);
    let show = Show { color };
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
            show.hand_start(&table, &seats);
        }
        let action = match &seats[turn.player] {
            Seat::Computer(c) => {
                let a = c.act(&table, &turn, &mut solver);
                if !matches!(a, Action::Contract(_)) {
                    println!("{}", show.said(&table, &turn, &a));
                }
                a
            }
            Seat::Me => loop {
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
                        show.help();
                        continue;
                    }
                    "sheet" => {
                        print!("{}", sheet(&table));
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
        };
        let before = table.clone();
        table
            .act(action)
            .map_err(|e| format!("internal: a checked action was refused: {e}"))?;
        save(&table, kinds, out)?;
        show.after(&before, &table, number);
    }
    if let Some(r) = table.result() {
        println!("\n{}", table.sheet.result_text(r));
        println!(
            "The record is in {}: `tysiac analyze {}` judges every decision.",
            out.display(),
            out.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The readable score sheet of the game so far.
fn sheet(table: &Table) -> String {
    let lines: Vec<usize> = table.sheet.hands.iter().map(|r| r.number).collect();
    super::score::sheet_text("(this game)", &table.sheet, &lines)
}

fn example_exchange(table: &Table) -> String {
    let deal = table.hand().deal().expect("a declarer");
    tysiac::estimate::guessed_exchanges(&deal, &table.rules)[0].to_string()
}

/// "Ala passes", "You pass": the verb agreeing with its player.
fn agree(name: &str, verb: &str) -> String {
    if !name.starts_with("You") {
        return verb.to_string();
    }
    let (first, rest) = verb.split_once(' ').unwrap_or((verb, ""));
    let base = if first.ends_with("sses") {
        &first[..first.len() - 2]
    } else {
        first.strip_suffix('s').unwrap_or(first)
    };
    if rest.is_empty() {
        base.to_string()
    } else {
        format!("{base} {rest}")
    }
}

/// How things are shown.
struct Show {
    color: bool,
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

    fn name(table: &Table, p: usize) -> String {
        let h = table.hand();
        match h.seat_of(p) {
            Some(s) => format!("{} ({s})", table.players[p]),
            None => table.players[p].clone(),
        }
    }

    fn hand_start(&self, table: &Table, seats: &[Seat]) {
        let h = table.hand();
        println!();
        println!(
            "── Hand {} · dealer {}{} ──",
            h.number,
            table.players[h.dealer],
            if table.players.len() == 4 {
                " and sits out"
            } else {
                ""
            }
        );
        let totals: Vec<String> = table
            .players
            .iter()
            .zip(&table.sheet.totals)
            .map(|(n, t)| format!("{n} {t}"))
            .collect();
        println!("Scores: {}", totals.join(" · "));
        for (p, s) in seats.iter().enumerate() {
            if let (Seat::Me, Some(c)) = (s, h.cards_of(p)) {
                let whose = match table.players[p].as_str() {
                    "You" => "Your".to_string(),
                    name => format!("{name}'s"),
                };
                println!("{whose} cards: {}", self.cards(c));
            }
        }
        let (b, c) = h.auction.calls[0];
        if let Some(l) = c.level() {
            let who = &table.players[h.bidders[b]];
            println!("{who} {} at {l} (forced).", agree(who, "opens"));
        }
    }

    fn prompt(&self, table: &Table, turn: &Turn) {
        let h = table.hand();
        let me = turn.player;
        match &turn.decision {
            Decision::Redeal(why) => {
                print!("You may ask for a redeal ({why}). Redeal? [y/n] ");
            }
            Decision::Call => {
                let calls = table.legal_calls();
                let levels: Vec<u16> = calls
                    .iter()
                    .filter_map(|c| match c {
                        Call::Bid(l) => Some(*l),
                        _ => None,
                    })
                    .collect();
                let high = h.auction.high().map_or(0, |(_, l, _)| l);
                let range = match (levels.first(), levels.last()) {
                    (Some(a), Some(b)) if a == b => format!(", {a}"),
                    (Some(a), Some(b)) => format!(", {a}..{b}"),
                    _ => String::new(),
                };
                let blind = if calls.iter().any(|c| matches!(c, Call::Blind(_))) {
                    ", bNNN blind"
                } else {
                    ""
                };
                print!("The bid is {high}. Your call [pass{range}{blind}]: ");
            }
            Decision::Exchange => {
                let deal = h.deal().expect("a declarer");
                let seats = h.seats().expect("a declarer");
                println!(
                    "You take the musik ({}): {}",
                    h.musik
                        .iter_display()
                        .map(|c| self.card(c))
                        .collect::<Vec<_>>()
                        .join(" "),
                    self.cards(deal.declarer_ten())
                );
                if seats.len() == 2 {
                    print!(
                        "Lay two cards away: first the one whose points you keep, then the one \
                         for the other musik (it goes with the last trick) [e.g. {}]: ",
                        example_exchange(table)
                    );
                } else {
                    print!(
                        "Give one card to {} (L) and one to {} (R) [e.g. {}]: ",
                        table.players[seats[1]],
                        table.players[seats[2]],
                        example_exchange(table)
                    );
                }
            }
            Decision::Contract => {
                let levels = table.contract_levels();
                print!(
                    "Your contract [{}..{}, or bomb]: ",
                    levels[0],
                    levels.last().expect("the bid")
                );
            }
            Decision::Play => {
                let state = h.state(&table.rules).expect("in play");
                let seats = h.seats().expect("a declarer");
                let trick: Vec<String> = state
                    .trick()
                    .iter()
                    .enumerate()
                    .map(|(i, &c)| {
                        let seat = state.leader.plus_of(i, state.seats);
                        format!("{} {}", table.players[seats[seat.index()]], self.card(c))
                    })
                    .collect();
                let mine = state.hands[h.seat_of(me).expect("playing").index()];
                println!(
                    "Trick {} · trump {} · points {}{}",
                    state.trick_number(&table.rules),
                    state.trump.map_or("none".into(), |s| self.suit_symbol(s)),
                    state.points_text(" "),
                    if trick.is_empty() {
                        String::new()
                    } else {
                        format!(" · on the table: {}", trick.join(", "))
                    }
                );
                println!("Your cards: {}", self.cards(mine));
                let legal: Vec<String> =
                    table.legal_moves().iter().map(|m| m.to_string()).collect();
                print!("Your card [{}]: ", legal.join(" "));
            }
        }
        let _ = std::io::stdout().flush();
    }

    fn help(&self) {
        println!(
            "  Type your answer at the prompt: y/n for a redeal; pass, a bid (110) or \
             b120 (blind) in the auction;\n  two cards (to L, then to R) for the exchange; \
             a contract or bomb; a card (AS; KH- leads without declaring).\n  \
             sheet: the score sheet · quit: save and stop (resume with --resume FILE)."
        );
    }

    /// What a computer did, in words.
    fn said(&self, table: &Table, turn: &Turn, a: &Action) -> String {
        let who = Show::name(table, turn.player);
        match a {
            Action::Exchange(e) => {
                let h = table.hand();
                let seats = h.seats().expect("a declarer");
                let shown = if h.musik_shown(&table.rules) {
                    format!(
                        "turns up the musik ({}) and ",
                        h.musik
                            .iter_display()
                            .map(|c| self.card(c))
                            .collect::<Vec<_>>()
                            .join(" ")
                    )
                } else {
                    "takes the musik face down and ".into()
                };
                let away = match e.give {
                    tysiac::deal::Give::Pass(..) => {
                        let to_you: Vec<String> = e
                            .cards()
                            .iter()
                            .zip(&seats[1..])
                            .map(|(c, &p)| {
                                if table.players[p].starts_with("You") {
                                    format!("gives {} {}", table.players[p], self.card(*c))
                                } else {
                                    format!("gives {} a card", table.players[p])
                                }
                            })
                            .collect();
                        to_you.join(", ")
                    }
                    // Face down: nobody else sees them.
                    tysiac::deal::Give::Discard(_) => "discards three cards".into(),
                    tysiac::deal::Give::LayAway(..) => "lays two cards away".into(),
                };
                format!("{who} {}{away}.", agree(&who, &shown))
            }
            Action::Play(m) => {
                let h = table.hand();
                let state = h.state(&table.rules).expect("in play");
                let declares = state
                    .declaration(&table.rules, m.card())
                    .filter(|_| !m.is_undeclared())
                    .map(|d| {
                        let what = match d {
                            tysiac::Declaration::Marriage(s) => {
                                format!("the {} marriage", self.suit_symbol(s))
                            }
                            tysiac::Declaration::Aces => "the ace marriage".into(),
                        };
                        format!(" and declares {what} (+{})", d.points(&table.rules))
                    })
                    .unwrap_or_default();
                format!(
                    "{who} {} {}{declares}.",
                    agree(&who, "plays"),
                    self.card(m.card())
                )
            }
            _ => format!("{who} {}.", agree(&who, &a.to_string())),
        }
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
                let who = &table.players[now.expect("found").bidders[w.bidder]];
                println!(
                    "{who} {} the auction at {}{}.",
                    agree(who, "wins"),
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
                println!(
                    "{} plays for {c}.",
                    Show::name(table, now.declarer().expect("d"))
                );
            }
            let n = table.rules.seats();
            if now.play.len() > h.play.len() && now.play.len() % n == 0 {
                if let Some(state) = now.state(&table.rules) {
                    let seats = now.seats().expect("a declarer");
                    let cards: Vec<String> = now.play[now.play.len() - n..]
                        .iter()
                        .map(|m| self.card(m.card()))
                        .collect();
                    let who = &table.players[seats[state.leader.index()]];
                    println!(
                        "  {who} {} the trick ({}). Points: {}",
                        agree(who, "takes"),
                        cards.join(" "),
                        state.points_text(" · ")
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
                (true, _) => "concedes".to_string(),
                (_, Some(true)) => format!("makes {}", r.contract.unwrap_or(r.bid)),
                _ => format!("fails {}", r.contract.unwrap_or(r.bid)),
            };
            println!("Hand {number}: {} {what}.", table.players[r.declarer]);
            print!("{}", sheet(table));
        }
    }
}
