//! Puzzle positions with exactly one winning move: generation, rating and
//! checking (`tysiac puzzle`).
//!
//! # How puzzles are found
//!
//! Candidate `i` of seed `S` is drawn from its own random stream (stream `i`
//! of the ChaCha8 generator seeded with `S`), so a puzzle is reproducible from
//! `S` and `i` alone, whatever the other options: its id is `sS-i`. For each
//! candidate the generator
//!
//! 1. picks the number of tricks left `K` in the asked range, deals and
//!    exchanges, and plays to the trick that leaves `K` tricks, then 0 to 2
//!    cards into it so that the asked side is to move ([`PlayStyle`]);
//! 2. solves it: the value `V` (the declarer's total with best play), then
//!    one null-window search per legal move (the fast question "does the
//!    declarer reach N?"), stopping at the second move that passes:
//!    * goal `max`: a move *passes* if it stays within `min_cost − 1`
//!      points of `V`; exactly one may pass, so the best move is unique and
//!      every other costs at least `min_cost`;
//!    * goal `contract`: the contract `T` is the tightest round number
//!      (a multiple of the rules' bid step, at least 100) that the side to
//!      move can achieve: the highest `T ≤ V` for the declarer, the lowest
//!      `T > V` for the defenders; a move passes if it still makes
//!      (declarer) or still defeats (defenders) `T`;
//! 3. only for a kept candidate, solves every move exactly and plays out
//!    the lines, to write the solution and rate it ([`rate`]).
//!
//! About 19 candidates in 20 are rejected (mostly: a forced move, or a
//! second move as good), but a rejection costs only a few small searches, so
//! one core finds thousands of 3- and 4-trick puzzles a second
//! (`cargo bench --bench puzzle`); 6 tricks or more take visibly longer.
//!
//! ```
//! use tysiac::analysis::puzzle::{self, Options};
//! let opts = Options { seed: 7, tricks: (3, 3), ..Options::default() };
//! let (found, counts) = puzzle::generate(&opts, 1, 10_000, 1);
//! let p = &found[0];
//! assert_eq!(p.tricks_left(), 3);
//! assert_eq!(p.id, format!("s7-{}", p.index));
//! assert!(p.analysis.alternatives.iter().all(|a| a.cost >= 10));
//! assert_eq!(counts.found, 1);
//! println!("{p}"); // the snapshot, with the solution as comments
//! ```

mod play;
pub mod rate;
pub mod verify;

use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;

use rand::Rng;
use serde_json::{json, Value};

use crate::engine::moves::Move;
use crate::engine::position::{Position, Setup};
use crate::engine::random;
use crate::engine::rules::Rules;
use crate::engine::seat::Seat;
use crate::engine::state::State;
use crate::solver::Solver;

pub use play::{wins_for_sure, PlayStyle, BEST_FROM, BEST_SLACK};
pub use rate::{Alternative, Analysis, Declared, Level, Looks, Rating, Theme};
pub use verify::{verify, Verified};

/// Which side is to move in the puzzle.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Declarer,
    Defender,
    /// Either, at random.
    Any,
}

impl Side {
    pub const fn name(self) -> &'static str {
        match self {
            Side::Declarer => "declarer",
            Side::Defender => "defender",
            Side::Any => "any",
        }
    }

    /// The side of a seat.
    pub const fn of(seat: Seat) -> Side {
        if seat.is_declarer() {
            Side::Declarer
        } else {
            Side::Defender
        }
    }
}

impl FromStr for Side {
    type Err = String;
    fn from_str(s: &str) -> Result<Side, String> {
        match s.to_ascii_lowercase().as_str() {
            "declarer" | "d" => Ok(Side::Declarer),
            "defender" | "defenders" => Ok(Side::Defender),
            "any" => Ok(Side::Any),
            _ => Err(format!("'{s}' is not a side (declarer, defender, any)")),
        }
    }
}

/// What the side to move is asked to do.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// The most points for the declarer, or the fewest for the defenders.
    Max,
    /// Make the contract written in the puzzle, or defeat it.
    Contract,
}

impl Goal {
    pub const fn name(self) -> &'static str {
        match self {
            Goal::Max => "max",
            Goal::Contract => "contract",
        }
    }
}

impl FromStr for Goal {
    type Err = String;
    fn from_str(s: &str) -> Result<Goal, String> {
        match s.to_ascii_lowercase().as_str() {
            "max" => Ok(Goal::Max),
            "contract" => Ok(Goal::Contract),
            _ => Err(format!("'{s}' is not a goal (max, contract)")),
        }
    }
}

/// A range of difficulty scores: `easy`, `medium`, `hard`, a score `N` or
/// a range `N-M` (inclusive; `N-` has no upper end).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Difficulty {
    pub min: u32,
    pub max: u32,
}

impl Difficulty {
    pub fn contains(&self, score: u32) -> bool {
        (self.min..=self.max).contains(&score)
    }
}

impl FromStr for Difficulty {
    type Err = String;
    fn from_str(s: &str) -> Result<Difficulty, String> {
        let s = s.trim().to_ascii_lowercase();
        let bad = || format!("'{s}' is not a difficulty (easy, medium, hard, N or N-M)");
        let level = match s.as_str() {
            "easy" => Some(Level::Easy),
            "medium" => Some(Level::Medium),
            "hard" => Some(Level::Hard),
            _ => None,
        };
        if let Some(l) = level {
            let (min, max) = l.scores();
            return Ok(Difficulty { min, max });
        }
        let number = |t: &str| t.trim().parse::<u32>().map_err(|_| bad());
        match s.split_once('-') {
            Some((a, "")) => Ok(Difficulty {
                min: number(a)?,
                max: u32::MAX,
            }),
            Some((a, b)) => {
                let (min, max) = (number(a)?, number(b)?);
                if min > max {
                    return Err(bad());
                }
                Ok(Difficulty { min, max })
            }
            None => {
                let n = number(&s)?;
                Ok(Difficulty { min: n, max: n })
            }
        }
    }
}

/// Reads a number of tricks left, `K`, or a range `A-B`, each 2 to 10 (a
/// hand of three players has 8: more is held to the hand's tricks).
pub fn parse_tricks(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("'{s}' is not a number of tricks left (2 to 10) or a range like 3-5");
    let number = |t: &str| match t.trim().parse::<usize>() {
        Ok(n) if (2..=10).contains(&n) => Ok(n),
        _ => Err(bad()),
    };
    let (a, b) = match s.split_once('-') {
        Some((a, b)) => (number(a)?, number(b)?),
        None => {
            let n = number(s)?;
            (n, n)
        }
    };
    if a > b {
        return Err(bad());
    }
    Ok((a, b))
}

/// Everything that decides which puzzles are generated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub rules: Rules,
    pub seed: u64,
    /// Tricks left, the current one included: lowest and highest (2 to 10;
    /// more than the rules' tricks in a hand counts as all of them).
    pub tricks: (usize, usize),
    pub side: Side,
    pub goal: Goal,
    /// With goal `max`: every move but the solution costs at least this.
    pub min_cost: u16,
    pub play: PlayStyle,
    /// Keep only puzzles whose score is in this range.
    pub difficulty: Option<Difficulty>,
    /// Keep only puzzles with this theme.
    pub theme: Option<Theme>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            rules: Rules::STANDARD,
            seed: 1,
            tricks: (3, 5),
            side: Side::Any,
            goal: Goal::Max,
            min_cost: 10,
            play: PlayStyle::Plausible,
            difficulty: None,
            theme: None,
        }
    }
}

/// Why a candidate position is not a puzzle.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reject {
    /// The player to move has only one legal move.
    Forced,
    /// Goal `max`: more than one move within `min_cost − 1` of the best.
    /// Goal `contract`: more than one move makes (or defeats) the contract.
    NotUnique,
    /// Goal `contract`: no contract of at least 100 fits.
    NoContract,
    /// Outside the `difficulty` or `theme` asked for.
    Filtered,
    /// The same position as an earlier puzzle.
    Duplicate,
}

impl Reject {
    pub const ALL: [Reject; 5] = [
        Reject::Forced,
        Reject::NotUnique,
        Reject::NoContract,
        Reject::Filtered,
        Reject::Duplicate,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Reject::Forced => "forced",
            Reject::NotUnique => "not unique",
            Reject::NoContract => "no contract",
            Reject::Filtered => "filtered",
            Reject::Duplicate => "duplicate",
        }
    }
}

/// A puzzle: the position, its goal and its analysed answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// `sSEED-INDEX`.
    pub id: String,
    pub rules: Rules,
    /// The seed and candidate index it came from.
    pub seed: u64,
    pub index: u64,
    pub state: State,
    pub goal: Goal,
    /// Goal `contract`: the declarer's contract.
    pub contract: Option<u16>,
    /// The declarer's total with best play (the `expect:`).
    pub value: u16,
    pub analysis: Analysis,
}

impl Puzzle {
    pub fn to_move(&self) -> Seat {
        self.state.to_move()
    }

    /// The position as docs/notation.md's snapshot, with id, contract and expect.
    pub fn position(&self) -> Position {
        let mut p = Position::from_state(self.rules, &self.state);
        p.id = Some(self.id.clone());
        p.contract = self.contract;
        p.expect = Some(self.value);
        p
    }

    /// One line saying who is to move and what the goal is.
    pub fn goal_text(&self) -> String {
        let seat = self.to_move();
        let who = if seat == Seat::D {
            "D (declarer) to move".to_string()
        } else {
            format!("{seat} (defender) to move")
        };
        match (self.contract, seat) {
            (Some(t), Seat::D) => format!("{who}: make the contract of {t}."),
            (Some(t), _) => format!("{who}: defeat the contract of {t} (keep D below {t})."),
            (None, Seat::D) => format!(
                "{who}: take as many points as possible (best play: D ends with {}).",
                self.value
            ),
            (None, _) => format!(
                "{who}: hold the declarer to as few points as possible \
                 (best play: D ends with {}).",
                self.value
            ),
        }
    }

    /// One line on the difficulty and themes.
    pub fn difficulty_text(&self) -> String {
        let r = &self.analysis.rating;
        let mut parts = vec![format!(
            "{} tempting wrong move{}",
            r.tempting,
            if r.tempting == 1 { "" } else { "s" }
        )];
        parts.push(if r.depth == 1 {
            "the difference shows at once".to_string()
        } else {
            format!(
                "the difference shows at trick {} of {}",
                r.depth,
                self.tricks_left()
            )
        });
        if r.quiet {
            parts.push("a quiet solution".into());
        }
        if r.key {
            parts.push("a marriage or trump change is the key".into());
        }
        let mut text = format!(
            "Difficulty {} ({}): {}.",
            r.score,
            r.level(),
            parts.join(", ")
        );
        if !r.themes.is_empty() {
            let names: Vec<&str> = r.themes.iter().map(|t| t.name()).collect();
            text += &format!(" Themes: {}.", names.join(", "));
        }
        text
    }

    /// Tricks left, the current one included.
    pub fn tricks_left(&self) -> usize {
        self.state.tricks_left()
    }

    /// What an alternative costs, in words.
    fn cost_text(&self, alt: &Alternative) -> String {
        let fails = match (self.contract, self.to_move()) {
            (Some(t), Seat::D) => format!("fails the contract of {t}: D ends with {}", alt.value),
            (Some(t), _) => format!("lets D make the contract of {t}: D ends with {}", alt.value),
            (None, _) => format!("costs {}: D ends with {}", alt.cost, alt.value),
        };
        let mut notes = Vec::new();
        if alt.looks.any() {
            notes.push(alt.looks.words());
        }
        notes.push(format!("shows at trick {}", alt.shows_at));
        // Say what the marriages do when they differ from the solution's.
        let ours = &self.analysis.declarations;
        if alt.declarations != *ours {
            for d in alt.declarations.iter().filter(|d| !ours.contains(d)) {
                notes.push(d.to_string());
            }
            for d in ours.iter().filter(|d| !alt.declarations.contains(d)) {
                notes.push(format!("not: {d}"));
            }
        }
        format!("{fails} ({})", notes.join("; "))
    }

    /// The puzzle as JSON (one object; `position` holds the snapshot text).
    pub fn to_json(&self) -> Value {
        let r = &self.analysis.rating;
        let moves = |line: &[Move]| line.iter().map(|m| m.to_string()).collect::<Vec<_>>();
        let alternatives: Vec<Value> = self
            .analysis
            .alternatives
            .iter()
            .map(|a| {
                json!({
                    "move": a.mv.to_string(),
                    "value": a.value,
                    "cost": a.cost,
                    "looks": a.looks.tags(),
                    "shows_at": a.shows_at,
                    "line": moves(&a.line),
                    "declarations": declarations(&a.declarations),
                })
            })
            .collect();
        json!({
            "id": self.id,
            "rules": self.rules.to_string(),
            "seed": self.seed,
            "index": self.index,
            "tricks_left": self.tricks_left(),
            "trick": self.state.trick_number(&self.rules),
            "to_move": self.to_move().to_string(),
            "side": Side::of(self.to_move()).name(),
            "goal": self.goal.name(),
            "contract": self.contract,
            "expect": self.value,
            "position": self.position().to_string(),
            "solution": self.analysis.solution.to_string(),
            "line": moves(&self.analysis.line),
            "declarations": declarations(&self.analysis.declarations),
            "alternatives": alternatives,
            "difficulty": {
                "score": r.score,
                "level": r.level().name(),
                "tempting": r.tempting,
                "depth": r.depth,
                "quiet": r.quiet,
                "key": r.key,
            },
            "themes": r.themes.iter().map(|t| t.name()).collect::<Vec<_>>(),
        })
    }
}

/// Declarations as JSON: `{"trick": 2, "seat": "R", "marriage": "S"}`
/// (or `"aces": true`).
fn declarations(list: &[rate::Declared]) -> Vec<Value> {
    list.iter()
        .map(|d| match d.what {
            crate::engine::state::Declaration::Marriage(s) => {
                json!({"trick": d.trick, "seat": d.seat.to_string(), "marriage": s.to_string()})
            }
            crate::engine::state::Declaration::Aces => {
                json!({"trick": d.trick, "seat": d.seat.to_string(), "aces": true})
            }
        })
        .collect()
}

impl fmt::Display for Puzzle {
    /// The snapshot block with comments: who is to move and the goal, the
    /// difficulty before; the solution, its line and the other moves after.
    /// Reads back as the same position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "# Puzzle {}: trick {} of {} ({} left). {}",
            self.id,
            self.state.trick_number(&self.rules),
            self.rules.tricks(),
            self.tricks_left(),
            self.goal_text()
        )?;
        writeln!(f, "# {}", self.difficulty_text())?;
        writeln!(f, "{}", self.position())?;
        let a = &self.analysis;
        let how = if a.looks.any() {
            format!(" ({})", a.looks.words())
        } else {
            String::new()
        };
        writeln!(f, "# Solution: {}{how}.", a.solution)?;
        writeln!(
            f,
            "# Best line: {}",
            line_text(&self.rules, &self.state, &a.line)
        )?;
        write!(f, "# Other moves:")?;
        for alt in &a.alternatives {
            write!(f, "\n#   {:<4} {}", alt.mv.to_string(), self.cost_text(alt))?;
        }
        Ok(())
    }
}

/// A line of play as text: tricks separated by `|`, each followed by its
/// winner (`-> D`), declarations marked (`KH (marriage +100)`). Cards
/// already in the current trick come first, in parentheses.
pub fn line_text(rules: &Rules, s: &State, line: &[Move]) -> String {
    let mut out = String::new();
    if !s.trick().is_empty() {
        let cards: Vec<String> = s.trick().iter().map(|c| c.to_string()).collect();
        out = format!("({})", cards.join(" "));
    }
    let mut cur = *s;
    for (i, &m) in line.iter().enumerate() {
        if !out.is_empty() && !out.ends_with("| ") {
            out.push(' ');
        }
        out += &m.to_string();
        let played = cur.play(rules, m);
        if let Some((d, pts)) = played.declared {
            let what = match d {
                crate::engine::state::Declaration::Marriage(_) => "marriage",
                crate::engine::state::Declaration::Aces => "aces",
            };
            out += &format!(" ({what} +{pts})");
        }
        if let Some((winner, _)) = played.trick {
            out += &format!(" -> {winner}");
            if i + 1 < line.len() {
                out += " | ";
            }
        }
    }
    out
}

/// The position of candidate `index`: dealt, exchanged and played from its
/// own random stream (see the module docs). `solver` is used only by
/// [`PlayStyle::Best`].
pub fn candidate(solver: &mut Solver, opts: &Options, index: u64) -> State {
    let rules = &opts.rules;
    let mut rng = random::rng(opts.seed);
    rng.set_stream(index);
    let (lo, hi) = opts.tricks;
    // As u64, so that wasm32 (32-bit usize) draws as natively.
    let tricks = (rng.gen_range(lo as u64..=hi as u64) as usize).min(rules.tricks());
    let start = play::start(&mut rng, rules, opts.play);
    let s = play::play_to(&mut rng, rules, start, tricks, 0, opts.play, solver);
    // Cards into the trick so that the asked side is to move: the k-th
    // player after the leader moves after k cards.
    let n = rules.seats();
    let seats_from_leader = |k: usize| s.leader.plus_of(k, n as u8);
    let extra = match opts.side {
        Side::Declarer => (0..n).find(|&k| seats_from_leader(k) == Seat::D),
        Side::Defender => {
            let defenders: Vec<usize> = (0..n)
                .filter(|&k| seats_from_leader(k) != Seat::D)
                .collect();
            Some(defenders[random::index(&mut rng, defenders.len())])
        }
        Side::Any => Some(random::index(&mut rng, n)),
    }
    .expect("one of the seats is the declarer");
    play::play_to(&mut rng, rules, s, tricks, extra, opts.play, solver)
}

/// A position found to be a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Examined {
    /// Goal `contract`: the contract chosen.
    pub contract: Option<u16>,
    /// Every legal move with its exact value, the solution first.
    pub values: Vec<(Move, u16)>,
}

/// Is the position `s` a puzzle under `opts`? If so, the contract (goal
/// `contract`) and every move with its value.
pub fn examine(solver: &mut Solver, opts: &Options, s: &State) -> Result<Examined, Reject> {
    let rules = opts.rules;
    let moves = s.legal_moves(&rules);
    if moves.len() < 2 {
        return Err(Reject::Forced);
    }
    let declarer = s.to_move() == Seat::D;
    let value = solver.value(s);
    // The declarer's total a move must reach (declarer) or stay below
    // (defenders) to pass.
    let (contract, line) = match opts.goal {
        Goal::Max => {
            let cost = opts.min_cost.max(1);
            let line = if declarer {
                (value + 1).saturating_sub(cost)
            } else {
                value + cost
            };
            (None, line)
        }
        Goal::Contract => {
            // The tightest contract: for the declarer the highest bid level
            // it reaches, for a defender the lowest level above what the
            // declarer reaches (none when that is more than a step short
            // of 100: a contract of 100 would not be tight).
            let t = if declarer {
                rules.level_at_most(value)
            } else {
                (value + rules.bid_step >= 100).then(|| rules.level_above(value))
            };
            let t = t.ok_or(Reject::NoContract)?;
            (Some(t), t)
        }
    };
    let mut passing = 0;
    for &m in moves.iter() {
        let mut child = *s;
        child.play(&rules, m);
        if solver.reaches(&child, line) == declarer {
            passing += 1;
            if passing > 1 {
                return Err(Reject::NotUnique);
            }
        }
    }
    debug_assert_eq!(passing, 1, "the best move passes");
    Ok(Examined {
        contract,
        values: solver.move_values(s),
    })
}

/// Candidate `index` as a puzzle, or why it is not one (duplicates are
/// the caller's to find).
pub fn try_candidate(solver: &mut Solver, opts: &Options, index: u64) -> Result<Puzzle, Reject> {
    let played = candidate(solver, opts, index);
    // As the snapshot reads back (unused trick slots cleared), so that the
    // puzzle's state equals its text's and duplicates compare equal.
    let Setup::Play(state) = Position::from_state(opts.rules, &played).setup() else {
        unreachable!("a snapshot is a hand in play")
    };
    let Examined { contract, values } = examine(solver, opts, &state)?;
    let analysis = rate::analyse(solver, &state, &values);
    let r = &analysis.rating;
    if opts.difficulty.is_some_and(|d| !d.contains(r.score))
        || opts.theme.is_some_and(|t| !r.themes.contains(&t))
    {
        return Err(Reject::Filtered);
    }
    let puzzle = Puzzle {
        id: format!("s{}-{index}", opts.seed),
        rules: opts.rules,
        seed: opts.seed,
        index,
        value: values[0].1,
        state,
        goal: opts.goal,
        contract,
        analysis,
    };
    self_check(solver, &puzzle);
    Ok(puzzle)
}

/// Reads the puzzle back from its own text and verifies it, as `--verify`
/// would: every puzzle printed is checked. Cheap next to the search that
/// found it (only kept candidates get here). A failure is a bug.
fn self_check(solver: &mut Solver, p: &Puzzle) {
    let text = p.to_string();
    let read = crate::engine::position::parse_positions(&text, "<puzzle>");
    let back = match read.as_slice() {
        [Ok(back)] if *back == p.position() => back,
        _ => panic!(
            "bug: puzzle {} does not read back from its text:\n{text}",
            p.id
        ),
    };
    match verify(solver, back) {
        Ok(v) if v.solution == p.analysis.solution && v.value == p.value => {}
        other => panic!("bug: puzzle {} does not verify ({other:?}):\n{text}", p.id),
    }
}

/// What a generation run did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Candidates examined, up to the last puzzle kept.
    pub candidates: u64,
    pub found: u64,
    /// Rejections by reason, in [`Reject::ALL`] order.
    pub rejected: [u64; 5],
}

impl Counts {
    /// Rejected candidates over all candidates (0 when none).
    pub fn rejection_rate(&self) -> f64 {
        if self.candidates == 0 {
            0.0
        } else {
            1.0 - self.found as f64 / self.candidates as f64
        }
    }

    fn add(&mut self, result: &Result<Puzzle, Reject>) {
        self.candidates += 1;
        match result {
            Ok(_) => self.found += 1,
            Err(r) => {
                let i = Reject::ALL.iter().position(|x| x == r).expect("listed");
                self.rejected[i] += 1;
            }
        }
    }
}

impl fmt::Display for Counts {
    /// "10 puzzles from 57 candidates (82% rejected: 12 forced, ...)".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} puzzle{} from {} candidate{} ({:.0}% rejected",
            self.found,
            if self.found == 1 { "" } else { "s" },
            self.candidates,
            if self.candidates == 1 { "" } else { "s" },
            100.0 * self.rejection_rate()
        )?;
        let reasons: Vec<String> = Reject::ALL
            .iter()
            .zip(self.rejected)
            .filter(|(_, n)| *n > 0)
            .map(|(r, n)| format!("{n} {}", r.name()))
            .collect();
        if !reasons.is_empty() {
            write!(f, ": {}", reasons.join(", "))?;
        }
        f.write_str(")")
    }
}

/// Generates up to `count` puzzles from at most `limit` candidates, using
/// `threads` worker threads (each with its own solver). The result is the
/// same for any number of threads: the first `count` puzzles in candidate
/// order, duplicates dropped.
pub fn generate(opts: &Options, count: usize, limit: u64, threads: usize) -> (Vec<Puzzle>, Counts) {
    // In the browser no thread can be started: one solver, this thread.
    let threads = if crate::solver::CAN_SPAWN_THREADS {
        threads.max(1)
    } else {
        1
    };
    let mut solvers: Vec<Solver> = (0..threads).map(|_| Solver::new(opts.rules)).collect();
    let mut puzzles = Vec::new();
    let mut counts = Counts::default();
    let mut seen: HashSet<State> = HashSet::new();
    let mut next = 0u64;
    // Small batches with one thread (stop as soon as enough are found);
    // bigger ones with several, so that threads are started rarely.
    let batch = if threads == 1 { 1 } else { 16 * threads as u64 };
    while puzzles.len() < count && next < limit {
        let end = (next + batch).min(limit);
        let results = run_batch(&mut solvers, opts, next, end);
        for result in results {
            if puzzles.len() >= count {
                break;
            }
            let result = result.and_then(|p| {
                if seen.insert(p.state) {
                    Ok(p)
                } else {
                    Err(Reject::Duplicate)
                }
            });
            counts.add(&result);
            if let Ok(p) = result {
                puzzles.push(p);
            }
        }
        next = end;
    }
    (puzzles, counts)
}

/// Candidates `start..end`, in order, shared among the solvers' threads.
fn run_batch(
    solvers: &mut [Solver],
    opts: &Options,
    start: u64,
    end: u64,
) -> Vec<Result<Puzzle, Reject>> {
    if solvers.len() == 1 {
        return (start..end)
            .map(|i| try_candidate(&mut solvers[0], opts, i))
            .collect();
    }
    let n = solvers.len() as u64;
    let mut parts: Vec<Vec<(u64, Result<Puzzle, Reject>)>> = Vec::new();
    std::thread::scope(|scope| {
        let handles: Vec<_> = solvers
            .iter_mut()
            .enumerate()
            .map(|(t, solver)| {
                scope.spawn(move || {
                    (start + t as u64..end)
                        .step_by(n as usize)
                        .map(|i| (i, try_candidate(solver, opts, i)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            parts.push(h.join().expect("a puzzle worker panicked"));
        }
    });
    let mut all: Vec<(u64, Result<Puzzle, Reject>)> = parts.into_iter().flatten().collect();
    all.sort_by_key(|(i, _)| *i);
    all.into_iter().map(|(_, r)| r).collect()
}
