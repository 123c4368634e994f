//! The arena: whole games between computer players, seats rotating over
//! the same deals, and each kind's results with their uncertainty.
//!
//! Games come in blocks of as many games as seats: within a block every
//! game has the same seed (so the same deals, dealt in the same order) and
//! the kinds move one seat on, so each kind sits in each seat once. Game
//! `g` depends on (seed, g) alone, whatever the thread count.

use serde::Serialize;

use crate::engine::rules::Rules;
use crate::engine::score::GameResult;
use crate::estimate::stats::{mean_and_stderr, wilson};
use crate::estimate::InputError;
use crate::game::table::Table;
use crate::players::computer::Computer;
use crate::solver::Solver;
use crate::solver::{Progress, Workers};

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
        .map(|k| Computer::from_seat(k).map_err(InputError::Option))
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
    /// The paired comparison (see [`paired_totals`]): its final total less
    /// the other kinds' in the same seat of the same block, the mean over
    /// blocks, its standard error and z; null with one kind or fewer than
    /// two whole blocks.
    pub paired_total: Option<f64>,
    pub paired_stderr: Option<f64>,
    pub paired_z: Option<f64>,
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
        crate::engine::rules::Players::Two => kinds.len() == 2,
        crate::engine::rules::Players::Three => (3..=4).contains(&kinds.len()),
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
        Computer::from_seat(k).map_err(InputError::Option)?;
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
            let paired = paired_totals(name, n, games);
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
                paired_total: paired.map(|p| p.0),
                paired_stderr: paired.map(|p| p.1),
                paired_z: paired.and_then(|(m, se)| (se > 0.0).then(|| m / se)),
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

/// Kind `name`'s final totals against the other kinds' on the same deals:
/// in each whole block (`seats` games, one seed, the kinds rotated), for
/// each seat, its mean total there less the others' mean there; each
/// block's value is the mean over its seats. Returns the mean over blocks
/// and its standard error, or `None` without another kind or with fewer
/// than two whole blocks.
///
/// Why beside the win share: the deals decide most games whoever sits
/// where (with the seats rotated, a kind no better than the others wins
/// exactly its share), so wins see a difference only through the few
/// games it turns; the totals see every point of it, paired on the same
/// cards.
pub fn paired_totals(name: &str, seats: usize, games: &[ArenaGame]) -> Option<(f64, f64)> {
    let mut by_block: std::collections::BTreeMap<usize, Vec<&ArenaGame>> = Default::default();
    for g in games {
        by_block.entry(g.game / seats).or_default().push(g);
    }
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let mut blocks: Vec<f64> = Vec::new();
    for block in by_block.values().filter(|b| b.len() == seats) {
        let mut sum = 0.0;
        for seat in 0..seats {
            let (mut mine, mut theirs) = (Vec::new(), Vec::new());
            for g in block.iter() {
                let total = f64::from(g.totals[seat]);
                if g.seats[seat] == name {
                    mine.push(total);
                } else {
                    theirs.push(total);
                }
            }
            if mine.is_empty() || theirs.is_empty() {
                return None;
            }
            sum += mean(&mine) - mean(&theirs);
        }
        blocks.push(sum / seats as f64);
    }
    (blocks.len() >= 2).then(|| mean_and_stderr(&blocks))
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

    /// Game `g` of an arena of `kinds` that ended with `totals`.
    fn game(g: usize, kinds: &[String], totals: [i32; 3]) -> ArenaGame {
        ArenaGame {
            game: g,
            seed: 0,
            seats: seats_of_game(kinds, g),
            winners: vec![],
            totals: totals.to_vec(),
            hands: 1,
            declared: vec![0; 3],
            made: vec![0; 3],
            bombs: vec![0; 3],
            barrel_falls: vec![0; 3],
            record: String::new(),
        }
    }

    /// Blocks of three games of kinds `a, b, b` in which the seats' totals
    /// are set by the deals (600, 700, 1000) and `a` adds its block's
    /// `extra` wherever it sits.
    fn blocks_with_edges(extras: &[i32]) -> (Vec<String>, Vec<ArenaGame>) {
        let k: Vec<String> = ["a", "b", "b"].map(String::from).to_vec();
        let mut games = Vec::new();
        for (block, extra) in extras.iter().enumerate() {
            for r in 0..3 {
                let g = 3 * block + r;
                let seats = seats_of_game(&k, g);
                let totals: [i32; 3] = std::array::from_fn(|s| {
                    [600, 700, 1000][s] + if seats[s] == "a" { *extra } else { 0 }
                });
                games.push(game(g, &k, totals));
            }
        }
        (k, games)
    }

    #[test]
    fn paired_totals_compare_seat_by_seat_within_blocks() {
        let (k, games) = blocks_with_edges(&[30, 10]);
        let (mean, se) = paired_totals("a", 3, &games).unwrap();
        assert!((mean - 20.0).abs() < 1e-9, "{mean}");
        // Two blocks of 30 and 10: standard deviation 14.14, over sqrt(2).
        assert!((se - 10.0).abs() < 1e-9, "{se}");
        let (mean_b, _) = paired_totals("b", 3, &games).unwrap();
        assert!((mean_b + 20.0).abs() < 1e-9, "{mean_b}");
        // The win share cannot see it: the deals decide who wins.
        let report = report(&Rules::STANDARD, &k, 0, &games);
        assert_eq!(report.kinds[0].paired_total, Some(mean));
        assert_eq!(report.kinds[0].paired_z, Some(2.0));
        // A broken block, one kind, or a single block: no comparison.
        assert!(paired_totals("a", 3, &games[..4]).is_none());
        assert!(paired_totals("a", 3, &games[1..]).is_none());
        let same: Vec<String> = ["a", "a", "a"].map(String::from).to_vec();
        let alike: Vec<ArenaGame> = (0..6).map(|g| game(g, &same, [1, 2, 3])).collect();
        assert!(paired_totals("a", 3, &alike).is_none());
    }

    #[test]
    fn paired_totals_skip_broken_blocks_and_spread_over_blocks() {
        // Three blocks, +30, +10, +20: mean 20, variance 100 over two
        // degrees of freedom, standard error 10 / sqrt(3).
        let (_, games) = blocks_with_edges(&[30, 10, 20]);
        let (mean, se) = paired_totals("a", 3, &games).unwrap();
        assert!((mean - 20.0).abs() < 1e-9, "{mean}");
        assert!((se - 10.0 / 3f64.sqrt()).abs() < 1e-9, "{se}");
        // Game 3 missing: block 1 is broken and left out; blocks 0 and 2
        // remain (+30, +20), whatever order the games come in.
        let mut gapped: Vec<ArenaGame> = games.iter().filter(|g| g.game != 3).cloned().collect();
        gapped.reverse();
        let (mean, se) = paired_totals("a", 3, &gapped).unwrap();
        assert!((mean - 25.0).abs() < 1e-9, "{mean}");
        assert!((se - 5.0).abs() < 1e-9, "{se}");
        // The same edge in every block: no spread, so no z.
        let (k, games) = blocks_with_edges(&[15, 15]);
        let report = report(&Rules::STANDARD, &k, 0, &games);
        assert_eq!(report.kinds[0].paired_total, Some(15.0));
        assert_eq!(report.kinds[0].paired_stderr, Some(0.0));
        assert_eq!(report.kinds[0].paired_z, None);
    }
}
