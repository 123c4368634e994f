//! `tysiac score`: a game's running score sheet (issue 4). The input format
//! is described in `tysiac::engine::score` and `docs/score.md`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use tysiac::engine::position::{Form, History};
use tysiac::engine::score::{self, parse_sheet, Game, Hand, HandEnd, HandLine, Outcome};
use tysiac::game::words::Names;
use tysiac::shell::json::GameJson;
use tysiac::{parse_positions, Position, Rules, Seat};

use super::input::read_sources;

#[derive(Args)]
#[command(after_long_help = FORMAT)]
pub struct ScoreArgs {
    /// Score files, one game each (`-` or nothing: standard input).
    pub files: Vec<PathBuf>,
    /// Rule set for games without a `rules:` line.
    #[arg(long)]
    pub rules: Option<Rules>,
    #[command(flatten)]
    pub players: super::input::PlayersArg,
    /// One JSON object per game instead of the sheet.
    #[arg(long)]
    pub json: bool,
}

const FORMAT: &str = "\
Input (one game per file; # starts a comment):
  players: Ala Bartek Celina          three (or four) names, in playing order;
                                      two with rules: players=2
  rules: standard bomb=first_free     optional (else --rules, else standard)
  dealer: Ala                         four players: the first dealer (sits out)
  D=Ala bid=110 contract=120 points=125,40,35
  D=Bartek bid=100 concede
  D=Celina bid=120 position=hands.txt id=h3
  D=Ala bid=120 points=130,50,20 tricks=5,3,0 blind
Optional hand words: blind (counts double), tricks=a,b,c (for bolts=yes),
musik=AH,KS,9D (for dealer_musik), dealer=NAME (four players; default: the
next player after the previous dealer). With four players points= and
tricks= have four entries, the dealer's written -.
For each hand the named declarer is D, the next player in the players: list
is L and the one after is R. points= are the points each player took (cards
and marriages, before rounding) in the order of the players: line. A
position= is a complete hand in the history form, read relative to the score
file's folder (id= names the position unless the file holds one); its
contract: serves when contract= is not given (default: the bid).
Bad lines are reported with their line number and left out.
The rules of scoring and the format: docs/score.md.";

/// Scores every game; every bad line is reported on standard error with its
/// line number and makes the exit status non-zero.
pub fn run(args: ScoreArgs) -> ExitCode {
    let (sources, mut errors) = read_sources(&args.files);
    let default_rules = args.rules.unwrap_or_default();
    let mut first = true;
    for (k, source) in sources.iter().enumerate() {
        if tysiac::game::record::is_record(&source.text) {
            // A game record: its own sheet, replayed hand by hand.
            match tysiac::game::record::read(&source.text) {
                Ok(record) => print_game(
                    &source.name,
                    &record.table.sheet,
                    &record.hand_lines,
                    args.json,
                    first,
                    &mut errors,
                ),
                Err(e) => errors.push(format!("{}:{e}", source.name)),
            }
            first = false;
            continue;
        }
        let sheet = parse_sheet(&source.text);
        for e in &sheet.errors {
            errors.push(format!("{}:{}: {}", source.name, e.line, e.message));
        }
        let Some(players) = sheet.players.clone() else {
            continue;
        };
        let rules = sheet.rules.unwrap_or(default_rules);
        let base = match args.files.get(k) {
            Some(f) if f.as_os_str() != "-" => f.parent().map(Path::to_path_buf),
            _ => None,
        }
        .unwrap_or_default();
        let mut game = Game::new(rules, players);
        game.next_dealer = sheet.first_dealer.unwrap_or(0);
        // Two names with three players' rules (or three with players=2): said
        // once, at the players: line, not at every hand.
        if let Err(e) = game.check_players() {
            errors.push(format!(
                "{}:{}: players: {e}",
                source.name, sheet.players_line
            ));
            continue;
        }
        let mut lines = Vec::new();
        let mut positions = PositionFiles::default();
        for h in &sheet.hands {
            let result = resolve(h, &game, &base, &mut positions)
                .and_then(|hand| game.play(&hand).map(|_| ()));
            match result {
                Ok(()) => lines.push(h.line),
                Err(e) => errors.push(format!("{}:{}: {e}", source.name, h.line)),
            }
        }
        print_game(&source.name, &game, &lines, args.json, first, &mut errors);
        first = false;
    }
    for e in &errors {
        eprintln!("error: {e}");
    }
    if errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Prints one game's sheet: a JSON line, or the readable sheet (a blank
/// line before all but the first).
fn print_game(
    name: &str,
    game: &Game,
    lines: &[usize],
    json: bool,
    first: bool,
    errors: &mut Vec<String>,
) {
    if json {
        match serde_json::to_string(&GameJson::new(name, game, lines)) {
            Ok(text) => println!("{text}"),
            Err(e) => errors.push(format!("cannot write JSON: {e}")),
        }
    } else {
        if !first {
            println!();
        }
        // The sheet of a game someone played says "you" to the player
        // named You, as the game did.
        let names = Names::of_game(game.players.clone(), None);
        print!("{}", sheet_text(name, game, lines, &names));
    }
}

/// Position files read so far, by path.
#[derive(Default)]
struct PositionFiles(HashMap<PathBuf, Result<Vec<Position>, String>>);

impl PositionFiles {
    /// The position `id` (or the only one) of `path`.
    fn find(&mut self, path: &Path, id: Option<&str>) -> Result<Position, String> {
        let shown = path.display().to_string();
        let read = self.0.entry(path.to_path_buf()).or_insert_with(|| {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("position={shown}: cannot read: {e}"))?;
            parse_positions(&text, &shown)
                .into_iter()
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| format!("position={shown}: {e}"))
        });
        let all = read.as_ref().map_err(Clone::clone)?;
        match id {
            Some(id) => all
                .iter()
                .find(|p| p.id.as_deref() == Some(id))
                .cloned()
                .ok_or_else(|| format!("position={shown}: no position with id {id}")),
            None => match all.as_slice() {
                [one] => Ok(one.clone()),
                _ => Err(format!(
                    "position={shown}: holds {} positions; name one with id=<id>",
                    all.len()
                )),
            },
        }
    }
}

/// The hand a line describes, its position (if any) read and scored.
fn resolve(
    h: &HandLine,
    game: &Game,
    base: &Path,
    files: &mut PositionFiles,
) -> Result<Hand, String> {
    let rules = &game.rules;
    let mut tricks = h.tricks.clone();
    let mut musik = h.musik;
    let outcome = match &h.end {
        HandEnd::Points(points) => Outcome::Played {
            contract: h.contract.unwrap_or(h.bid),
            points: points.clone(),
        },
        HandEnd::Concede => Outcome::Conceded,
        HandEnd::Position { file, id } => {
            let position = files.find(&base.join(file), id.as_deref())?;
            let name = position.id.clone().unwrap_or_else(|| file.clone());
            let by_seat =
                score::history_points(&position).map_err(|e| format!("position {name}: {e}"))?;
            if position.rules.musik != rules.musik {
                return Err(format!(
                    "position {name} is played under musik={}, the game under musik={}",
                    position.rules.get("musik").unwrap_or_default(),
                    rules.get("musik").unwrap_or_default()
                ));
            }
            let contract = match (h.contract, position.contract) {
                (Some(a), Some(b)) if a != b => {
                    return Err(format!(
                        "contract={a}, but position {name} has contract: {b}"
                    ))
                }
                (Some(c), _) | (None, Some(c)) => c,
                (None, None) => h.bid,
            };
            let (_, seats) = game.seats(h.declarer, h.dealer)?;
            let n = game.players.len();
            let mut points = vec![0u16; n];
            let won =
                score::history_tricks(&position).map_err(|e| format!("position {name}: {e}"))?;
            let mut by_player = vec![0u8; n];
            for (seat, &p) in Seat::ALL.iter().zip(&seats) {
                points[p] = by_seat[seat.index()];
                by_player[p] = won[seat.index()];
            }
            match &tricks {
                Some(t) if *t != by_player => {
                    return Err(format!(
                        "tricks= does not match position {name}, whose play gives {}",
                        by_player
                            .iter()
                            .map(u8::to_string)
                            .collect::<Vec<_>>()
                            .join(",")
                    ))
                }
                _ => tricks = Some(by_player),
            }
            if let Form::History(History {
                deal: Some(deal), ..
            }) = &position.form
            {
                match musik {
                    Some(m) if m != deal.musik => {
                        return Err(format!(
                            "musik= does not match the musik of position {name}"
                        ))
                    }
                    _ => musik = Some(deal.musik),
                }
            }
            Outcome::Played { contract, points }
        }
    };
    Ok(Hand {
        declarer: h.declarer,
        bid: h.bid,
        outcome,
        dealer: h.dealer,
        blind: h.blind,
        tricks,
        musik,
    })
}

/// The readable sheet: one line per hand with each player's total and what
/// the hand added, notes under it, then the result.
pub(super) fn sheet_text(source: &str, game: &Game, lines: &[usize], names: &Names) -> String {
    let mut out = String::new();
    let p = &game.players;
    let w = p
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(0)
        .max(11);
    out += &format!(
        "game {source} · rules {} · players {}\n",
        game.rules,
        p.join(" ")
    );
    out += &format!(
        "{:>4} {:>5}  {:<w$} {:>4} {:>8}  {:<14}",
        "hand", "line", "declarer", "bid", "contract", "outcome"
    );
    for name in p {
        out += &format!(" {name:>w$}");
    }
    out += "\n";
    for (r, line) in game.hands.iter().zip(lines) {
        let outcome = match (r.conceded, r.made, &r.points) {
            (true, _, _) => "conceded".to_string(),
            (_, Some(made), Some(points)) => format!(
                "{} {}",
                if made { "made" } else { "failed" },
                points[r.declarer]
            ),
            _ => String::new(),
        };
        let contract = r.contract.map_or("-".into(), |c| c.to_string());
        let outcome = if r.doubled {
            format!("{outcome} x2")
        } else {
            outcome
        };
        out += &format!(
            "{:>4} {:>5}  {:<w$} {:>4} {:>8}  {:<14}",
            r.number, line, p[r.declarer], r.bid, contract, outcome
        );
        for i in 0..p.len() {
            let cell = if r.dealer == Some(i) {
                format!("{} ({:+}) d", r.totals[i], r.added[i])
            } else {
                format!("{} ({:+})", r.totals[i], r.added[i])
            };
            out += &format!(" {cell:>w$}");
        }
        out += "\n";
        for n in &r.notes {
            out += &format!("{:>13}note: {n}\n", "");
        }
    }
    match &game.result {
        Some(result) => out += &format!("result: {}\n", names.result(result, &game.totals)),
        None => {
            let each: Vec<String> = game
                .totals
                .iter()
                .enumerate()
                .map(|(p, t)| format!("{} {t}", names.who(p)))
                .collect();
            out += &format!("no winner yet: {}\n", each.join(", "));
        }
    }
    out
}
