//! The arena: whole games between computer players, seats rotating over
//! the same deals, and each kind's results with their uncertainty.
//!
//! Games come in blocks of as many games as seats: within a block every
//! game has the same seed (so the same deals, dealt in the same order) and
//! the kinds move one seat on, so each kind sits in each seat once. Game
//! `g` depends on (seed, g) alone, whatever the thread count.

use serde::Serialize;

use crate::estimate::stats::wilson;
use crate::estimate::{InputError, Progress, Workers};
use crate::game::computer::Computer;
use crate::game::table::Table;
use crate::player::PlayerKind;
use crate::rules::Rules;
use crate::score::GameResult;
use crate::solver::Solver;

/// The most games one arena run may play.
pub const MAX_GAMES: usize = 100_000;
/// A game still going after this many deals is stopped and counted as
/// unfinished (no winner).
pub const MAX_DEALS: usize = 1_000;

/// One game's result.
#[derive(Clone, Debug, Serialize)]
pub struct ArenaGame {
    pub game: usize,
    pub seed: u64,
    /// The kind in each seat (players order).
    pub seats: Vec<String>,
    /// The winning seats (one; several on a draw; none if unfinished).
    pub winners: Vec<usize>,
    pub totals: Vec<i32>,
    pub hands: usize,
    /// Per seat: hands declared, contracts made, bombs, points added.
    pub declared: Vec<usize>,
    pub made: Vec<usize>,
    pub bombs: Vec<usize>,
    /// Per seat: barrel falls and knock-offs (ru barrel).
    pub barrel_falls: Vec<usize>,
    /// The game's record (docs/notation.md, *Game records*).
    #[serde(skip)]
    pub record: String,
}

/// The seat kinds of game `g`: the kinds moved `g mod n` seats on.
pub fn seats_of_game(kinds: &[String], g: usize) -> Vec<String> {
    let n = kinds.len();
    (0..n).map(|s| kinds[(s + n - g % n) % n].clone()).collect()
}

/// The seed of game `g`: one per block of rotations.
pub fn seed_of_game(seed: u64, kinds: usize, g: usize) -> u64 {
    seed.wrapping_add((g / kinds) as u64)
}

/// Plays game `g` of an arena run.
pub fn play_game(
    rules: &Rules,
    kinds: &[String],
    seed: u64,
    g: usize,
    solver: &mut Solver,
) -> Result<ArenaGame, InputError> {
    let seats = seats_of_game(kinds, g);
    let computers: Vec<Computer> = seats
        .iter()
        .map(|k| {
            k.parse::<PlayerKind>()
                .map(Computer::new)
                .map_err(InputError::Option)
        })
        .collect::<Result<_, _>>()?;
    let n = seats.len();
    let players: Vec<String> = (1..=n).map(|i| format!("P{i}")).collect();
    let game_seed = seed_of_game(seed, n, g);
    let mut table =
        Table::new(*rules, players, game_seed, 0).map_err(|e| InputError::Option(e.0))?;
    while let Some(turn) = table.turn() {
        if table.hands.len() > MAX_DEALS {
            break;
        }
        let action = computers[turn.player].act(&table, &turn, solver);
        table
            .act(action)
            .expect("computer players choose legal actions");
    }
    let winners = match table.result() {
        Some(GameResult::Winner(p)) => vec![*p],
        Some(GameResult::Draw(ps)) => ps.clone(),
        None => Vec::new(),
    };
    let mut declared = vec![0; n];
    let mut made = vec![0; n];
    let mut bombs = vec![0; n];
    let mut barrel_falls = vec![0; n];
    for r in &table.sheet.hands {
        declared[r.declarer] += 1;
        if r.made == Some(true) {
            made[r.declarer] += 1;
        }
        if r.conceded {
            bombs[r.declarer] += 1;
        }
        for note in &r.notes {
            if note.contains("falls off") || note.contains("knocked off") {
                if let Some(p) = table
                    .players
                    .iter()
                    .position(|p| note.starts_with(p.as_str()))
                {
                    barrel_falls[p] += 1;
                }
            }
        }
    }
    let record = crate::game::record::write(&table, Some(&seats));
    Ok(ArenaGame {
        game: g,
        seed: game_seed,
        seats,
        winners,
        totals: table.sheet.totals.clone(),
        hands: table.sheet.hands.len(),
        declared,
        made,
        bombs,
        barrel_falls,
        record,
    })
}

/// One kind's results over an arena run.
#[derive(Clone, Debug, Serialize)]
pub struct KindReport {
    pub kind: String,
    /// Seats it held, over all games.
    pub seats: usize,
    /// Games won (a draw shared among those drawing).
    pub wins: f64,
    /// Wins per seat held, and its Wilson 95% interval.
    pub win_share: f64,
    pub low: f64,
    pub high: f64,
    /// Its fair share: 1 over the number of seats.
    pub fair_share: f64,
    /// One-sided z of the win share against the fair share.
    pub z: f64,
    /// Mean points added to its total per hand played.
    pub points_per_hand: f64,
    pub declared: usize,
    pub made: usize,
    pub bombs: usize,
    pub barrel_falls: usize,
}

/// The arena's summary.
#[derive(Clone, Debug, Serialize)]
pub struct ArenaReport {
    pub games: usize,
    pub unfinished: usize,
    pub seed: u64,
    pub rules: String,
    pub seats: Vec<String>,
    pub mean_hands: f64,
    pub kinds: Vec<KindReport>,
}

/// Plays `games` games in parallel; game `g` is the same whatever the
/// threads.
pub fn run(
    rules: &Rules,
    kinds: &[String],
    games: usize,
    seed: u64,
    workers: &Workers,
    progress: Progress,
) -> Result<Vec<ArenaGame>, InputError> {
    let fits = match rules.players {
        crate::rules::Players::Two => kinds.len() == 2,
        crate::rules::Players::Three => (3..=4).contains(&kinds.len()),
    };
    if !fits {
        return Err(InputError::Option(format!(
            "--seats names {} seats: a game has 3 or 4 (2 with players=2, and only then)",
            kinds.len()
        )));
    }
    if games == 0 || games > MAX_GAMES {
        return Err(InputError::Option(format!(
            "--games {games}: from 1 to {MAX_GAMES}"
        )));
    }
    for k in kinds {
        k.parse::<PlayerKind>().map_err(InputError::Option)?;
    }
    workers
        .map(games, progress, |solver, g| {
            play_game(rules, kinds, seed, g, solver)
        })
        .into_iter()
        .collect()
}

/// Each kind's results over `games`.
pub fn report(rules: &Rules, kinds: &[String], seed: u64, games: &[ArenaGame]) -> ArenaReport {
    let n = kinds.len();
    let mut names: Vec<String> = Vec::new();
    for k in kinds {
        if !names.contains(k) {
            names.push(k.clone());
        }
    }
    let kinds_out = names
        .iter()
        .map(|name| {
            let mut seats = 0;
            let mut wins = 0.0;
            let mut points = 0i64;
            let mut hands = 0usize;
            let (mut declared, mut made, mut bombs, mut falls) = (0, 0, 0, 0);
            for g in games {
                for (s, kind) in g.seats.iter().enumerate() {
                    if kind != name {
                        continue;
                    }
                    seats += 1;
                    if g.winners.contains(&s) {
                        wins += 1.0 / g.winners.len() as f64;
                    }
                    points += i64::from(g.totals[s]);
                    hands += g.hands;
                    declared += g.declared[s];
                    made += g.made[s];
                    bombs += g.bombs[s];
                    falls += g.barrel_falls[s];
                }
            }
            let share = wins / seats.max(1) as f64;
            let (low, high) = wilson(wins.round() as usize, seats);
            let fair = 1.0 / n as f64;
            let se = (fair * (1.0 - fair) / seats.max(1) as f64).sqrt();
            KindReport {
                kind: name.clone(),
                seats,
                wins,
                win_share: share,
                low,
                high,
                fair_share: fair,
                z: (share - fair) / se,
                points_per_hand: points as f64 / hands.max(1) as f64,
                declared,
                made,
                bombs,
                barrel_falls: falls,
            }
        })
        .collect();
    ArenaReport {
        games: games.len(),
        unfinished: games.iter().filter(|g| g.winners.is_empty()).count(),
        seed,
        rules: rules.to_string(),
        seats: kinds.to_vec(),
        mean_hands: games.iter().map(|g| g.hands as f64).sum::<f64>() / games.len().max(1) as f64,
        kinds: kinds_out,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_rotate_within_a_block_of_the_same_seed() {
        let k: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
        assert_eq!(seats_of_game(&k, 0), ["a", "b", "c"]);
        assert_eq!(seats_of_game(&k, 1), ["c", "a", "b"]);
        assert_eq!(seats_of_game(&k, 2), ["b", "c", "a"]);
        assert_eq!(seats_of_game(&k, 3), ["a", "b", "c"]);
        assert_eq!(seed_of_game(5, 3, 2), 5);
        assert_eq!(seed_of_game(5, 3, 3), 6);
    }
}
