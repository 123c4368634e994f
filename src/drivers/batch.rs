//! Batch jobs that shard: a fixed order of items, shard `I/N` as a fixed
//! contiguous slice of it, per-item random streams, and output files that a
//! rerun resumes.
//!
//! - [`Shard`]: `I/N` (1-based) takes items `[⌊(I−1)·n/N⌋, ⌊I·n/N⌋)` of `n`,
//!   so the shards of N, concatenated in order, are the whole list.
//! - [`hand_at`] / [`hand_rank`]: the C(24, 7) = 346,104 hands in ascending
//!   order of their 24-bit card mask ([`CardSet::compact`]: bit `suit·6 + rank`,
//!   hearts first, nine low), i.e. colexicographic order of card indices.
//! - [`hand_seed`]: a hand's seed is a hash of (run seed, hand mask), so its
//!   result depends on neither the shard nor the thread count.
//! - [`Output`]: appends one JSON line per item; reopening a partly written
//!   file keeps the complete lines, truncates a torn last one, and says which
//!   item to go on from.
//! - [`TableRow`]: one line of a bid table.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::engine::cardset::CardSet;
use crate::engine::rules::Rules;
use crate::estimate::bid::{
    best_contract, defend_sample, quick_defence_sample, solve_sample, BidOptions, BidReport,
    BidSample, DefenceSummary, NewMarriage,
};
use crate::estimate::real::Basis;
use crate::estimate::stats::{wilson, Bin, Histogram};
use crate::estimate::LevelRow;

/// Every 7-card hand: C(24, 7).
pub const ALL_HANDS: usize = 346_104;

/// At most this many shards.
pub const MAX_SHARDS: usize = 1_000_000;

/// Shard `index` of `count` (both from 1: `1/1` is everything).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// The items of this shard among `n`: a contiguous slice, the shards in
    /// order covering `0..n` exactly once.
    pub fn range(&self, n: usize) -> Range<usize> {
        let cut = |k: usize| ((k as u128 * n as u128) / self.count as u128) as usize;
        cut(self.index - 1)..cut(self.index)
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("'{s}' is not a shard I/N (1 <= I <= N <= {MAX_SHARDS}), e.g. 3/10");
        let (i, n) = s.trim().split_once('/').ok_or_else(bad)?;
        let i: usize = i.trim().parse().map_err(|_| bad())?;
        let n: usize = n.trim().parse().map_err(|_| bad())?;
        if i == 0 || n == 0 || i > n || n > MAX_SHARDS {
            return Err(bad());
        }
        Ok(Shard { index: i, count: n })
    }
}

/// Binomial coefficients C(n, k) for n ≤ 24, k ≤ 7.
fn choose(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let mut c = 1usize;
    for i in 0..k {
        c = c * (n - i) / (i + 1);
    }
    c
}

/// The card set whose compact mask has these bits.
fn from_compact(mask: u32) -> CardSet {
    let lanes = (mask & 0x3F)
        | ((mask & 0xFC0) << 2)
        | ((mask & 0x3_F000) << 4)
        | ((mask & 0xFC_0000) << 6);
    CardSet(lanes)
}

/// The place of a 7-card `hand` in the canonical order (ascending compact
/// mask), from 0; `None` if it does not hold 7 cards.
pub fn hand_rank(hand: CardSet) -> Option<usize> {
    if hand.len() != 7 {
        return None;
    }
    let mask = hand.compact();
    let mut rank = 0;
    let mut k = 0;
    for bit in 0..24 {
        if mask & (1 << bit) != 0 {
            k += 1;
            rank += choose(bit, k);
        }
    }
    Some(rank)
}

/// The hand at place `rank` of the canonical order (`rank < ALL_HANDS`).
pub fn hand_at(rank: usize) -> CardSet {
    assert!(rank < ALL_HANDS, "hand rank {rank} out of range");
    let mut rest = rank;
    let mut mask = 0u32;
    let mut top = 24;
    for k in (1..=7).rev() {
        // The largest bit b with C(b, k) <= rest.
        let mut b = top - 1;
        while choose(b, k) > rest {
            b -= 1;
        }
        mask |= 1 << b;
        rest -= choose(b, k);
        top = b;
    }
    from_compact(mask)
}

fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The seed of `hand`'s samples in a run seeded `seed`: a hash of the two.
/// `tysiac bid HAND --seed <hand_seed>` reproduces the hand's table row.
pub fn hand_seed(seed: u64, hand: CardSet) -> u64 {
    splitmix(splitmix(seed) ^ u64::from(hand.compact()))
}

/// Reads a file of hands, one per line (`AKQ.T9..AJ` or `AH,KH,...`; blank
/// lines and `#` comments skipped). Errors name the file and line.
pub fn read_hands(path: &Path) -> Result<Vec<CardSet>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let mut hands = Vec::new();
    let mut seen = std::collections::HashMap::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.split('#').next().unwrap_or("").trim();
        if t.is_empty() {
            continue;
        }
        let at = format!("{}:{}", path.display(), i + 1);
        let hand = crate::estimate::parse_hand(t, 7, "hand").map_err(|e| format!("{at}: {e}"))?;
        if let Some(first) = seen.insert(hand, i + 1) {
            return Err(format!(
                "{at}: hand {hand} is already on line {first}: a table holds each hand once"
            ));
        }
        hands.push(hand);
    }
    Ok(hands)
}

/// Rounded to 4 decimals, for short table lines (the exact figures are
/// recomputed from the counts when a row becomes a report).
fn r4(x: f64) -> f64 {
    (x * 1e4).round() / 1e4
}

/// One level of a table row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableLevel {
    pub level: u16,
    pub allowed: bool,
    /// Samples whose double-dummy points reach the level.
    pub made: usize,
    /// P(make) on the table's basis, and its 95% interval (4 decimals on
    /// the double-dummy basis, whole on the real-play one).
    pub p: f64,
    pub low: f64,
    pub high: f64,
    /// The double-dummy chance: `made` over the samples (4 decimals;
    /// tables from before the real-play basis do not have it).
    #[serde(default)]
    pub dd: Option<f64>,
    /// The expected hand score at this contract (rounded as `p`).
    pub expected: f64,
}

/// One hand of a bid table: the `bid` report in short, and what a table is
/// read for (the best contract, the auction limit).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableRow {
    pub hand: String,
    /// The item's place: the canonical rank with `--all`, else the line's
    /// place among the hands of `--hands`.
    pub index: usize,
    pub samples: usize,
    /// The table's seed, and this hand's (`bid HAND --seed hand_seed`
    /// gives the same figures).
    pub seed: u64,
    pub hand_seed: u64,
    pub rules: String,
    /// What `p` rests on (tables from before it: double-dummy).
    #[serde(default = "double_dummy")]
    pub basis: Basis,
    pub marriages: Vec<String>,
    pub cap: u16,
    pub max_conceivable: u16,
    pub levels: Vec<TableLevel>,
    /// The allowed level with the best expected score, and that score.
    pub best_contract: u16,
    pub best_expected: f64,
    /// The auction limit (the `bid` report's `worth_bidding`): the highest
    /// allowed level whose expected score beats passing and defending;
    /// `null`: pass. A table without the defence (`defence_mean` null) has
    /// the highest level with a positive expected score instead.
    pub limit: Option<u16>,
    /// Passing and defending (the `bid` report's `defence`): the mean of
    /// this hand's own points as a defender, and its expected hand score.
    #[serde(default)]
    pub defence_mean: Option<f64>,
    #[serde(default)]
    pub defence_expected: Option<f64>,
    pub mean: f64,
    /// Bins of 10 points: `[from, count]`.
    pub histogram: Vec<(u16, usize)>,
    /// Samples whose musik brought a new marriage, and the exact share.
    pub new_marriage: usize,
    pub new_marriage_exact: f64,
}

impl TableRow {
    /// The row of a double-dummy bid report.
    pub fn from_report(index: usize, table_seed: u64, r: &BidReport) -> TableRow {
        // Double-dummy figures are recomputed from the counts when the row
        // becomes a report, so 4 decimals are enough; real-play ones are
        // kept whole, so a lookup gives the report itself.
        let short = |x: f64| match r.basis {
            Basis::DoubleDummy => r4(x),
            Basis::RealPlay => x,
        };
        let best = r
            .levels
            .iter()
            .filter(|l| l.allowed)
            .fold(None::<&LevelRow>, |b, l| match b {
                Some(b) if b.expected_score >= l.expected_score => Some(b),
                _ => Some(l),
            })
            .expect("level 100 is always allowed");
        TableRow {
            hand: r.hand.clone(),
            index,
            samples: r.samples,
            seed: table_seed,
            hand_seed: r.seed,
            rules: r.rules.clone(),
            basis: r.basis,
            marriages: r.marriages.clone(),
            cap: r.cap,
            max_conceivable: r.max_conceivable,
            levels: r
                .levels
                .iter()
                .map(|l| TableLevel {
                    level: l.level,
                    allowed: l.allowed,
                    made: l.made,
                    p: short(l.probability),
                    low: short(l.low),
                    high: short(l.high),
                    dd: Some(r4(l.double_dummy)),
                    expected: short(l.expected_score),
                })
                .collect(),
            best_contract: best.level,
            best_expected: short(best.expected_score),
            limit: match &r.defence {
                Some(_) => r.worth_bidding,
                None => r
                    .levels
                    .iter()
                    .filter(|l| l.allowed && l.expected_score > 0.0)
                    .map(|l| l.level)
                    .max(),
            },
            defence_mean: r.defence.as_ref().map(|d| d.mean_points),
            defence_expected: r.defence.as_ref().map(|d| d.expected_score),
            mean: r.mean_points,
            histogram: r.histogram.bins.iter().map(|b| (b.from, b.count)).collect(),
            new_marriage: r.new_marriage.count,
            new_marriage_exact: r.new_marriage.exact,
        }
    }

    /// The `bid` report this row was made from (confidence 0.5): the
    /// double-dummy chances recomputed from the counts, the real-play ones
    /// as kept.
    pub fn to_report(&self) -> BidReport {
        let n = self.samples;
        let levels: Vec<LevelRow> = self
            .levels
            .iter()
            .map(|l| {
                let counted = LevelRow::counted(l.level, l.allowed, l.made, n);
                match self.basis {
                    Basis::DoubleDummy => counted,
                    Basis::RealPlay => LevelRow {
                        probability: l.p,
                        low: l.low,
                        high: l.high,
                        expected_score: l.expected,
                        ..counted
                    },
                }
            })
            .collect();
        let (low, high) = wilson(self.new_marriage, n);
        let levels_for_best = levels.clone();
        BidReport {
            hand: self.hand.clone(),
            rules: self.rules.clone(),
            mode: "double_dummy",
            basis: self.basis,
            samples: n,
            seed: self.hand_seed,
            confidence: 0.5,
            marriages: self.marriages.clone(),
            cap: self.cap,
            max_conceivable: self.max_conceivable,
            levels,
            mean_points: self.mean,
            histogram: Histogram {
                bin_width: 10,
                bins: self
                    .histogram
                    .iter()
                    .map(|&(from, count)| Bin { from, count })
                    .collect(),
            },
            new_marriage: NewMarriage {
                count: self.new_marriage,
                fraction: self.new_marriage as f64 / n.max(1) as f64,
                low,
                high,
                exact: self.new_marriage_exact,
            },
            realistic: None,
            best_contract: best_contract(&levels_for_best),
            defence: match (self.defence_mean, self.defence_expected) {
                (Some(mean_points), Some(expected_score)) => Some(DefenceSummary {
                    samples: crate::estimate::bid::defence_samples(n),
                    mean_points,
                    expected_score,
                }),
                _ => None,
            },
            worth_bidding: self.defence_mean.and(self.limit),
        }
    }
}

/// The options of hand `hand`'s estimate in a table run.
pub fn hand_options(samples: usize, seed: u64, hand: CardSet, basis: Basis) -> BidOptions {
    BidOptions {
        samples,
        seed: hand_seed(seed, hand),
        threads: 1,
        confidence: 0.5,
        realistic: None,
        basis,
    }
}

fn double_dummy() -> Basis {
    Basis::DoubleDummy
}

/// Solves hands `hands` (with their item indices) of a bid table: all their
/// samples are spread over `workers` at once, rows in hand order. An error
/// when the basis is real play and the model does not cover the rules.
pub fn table_rows(
    hands: &[(usize, CardSet)],
    rules: &Rules,
    samples: usize,
    seed: u64,
    basis: Basis,
    workers: &crate::solver::Workers,
) -> Result<Vec<TableRow>, crate::estimate::InputError> {
    let opts: Vec<BidOptions> = hands
        .iter()
        .map(|&(_, h)| hand_options(samples, seed, h, basis))
        .collect();
    // Each hand's declarer samples, then its passing-and-defending ones,
    // as `bid` draws them.
    enum Solved {
        Declarer(BidSample),
        Defender(u16),
    }
    let per_hand = crate::estimate::bid::work(samples);
    let solved: Vec<Solved> = workers.map(hands.len() * per_hand, &|| {}, |solver, k| {
        let (h, i) = (k / per_hand, k % per_hand);
        if i < samples {
            Solved::Declarer(solve_sample(solver, hands[h].1, &opts[h], i))
        } else {
            let (hand, seed, j) = (hands[h].1, opts[h].seed, i - samples);
            Solved::Defender(match basis {
                Basis::DoubleDummy => defend_sample(solver, hand, seed, j),
                Basis::RealPlay => quick_defence_sample(solver, hand, seed, j),
            })
        }
    });
    hands
        .iter()
        .zip(solved.chunks(per_hand))
        .zip(&opts)
        .map(|((&(index, hand), s), o)| {
            let declarer: Vec<BidSample> = s
                .iter()
                .filter_map(|x| match x {
                    Solved::Declarer(b) => Some(*b),
                    Solved::Defender(_) => None,
                })
                .collect();
            let defence: Vec<u16> = s
                .iter()
                .filter_map(|x| match x {
                    Solved::Defender(p) => Some(*p),
                    Solved::Declarer(_) => None,
                })
                .collect();
            let report =
                crate::estimate::bid::report_with_defence(hand, rules, o, &declarer, &defence)?;
            Ok(TableRow::from_report(index, seed, &report))
        })
        .collect()
}

/// A JSON-lines output that a rerun resumes.
///
/// Each line is one complete item, with its item number under `"index"`.
/// [`Output::open`] keeps the complete lines of an existing file (they must
/// be the first items of the run, in order), cuts a torn last line (no
/// newline, or not JSON), and tells how many items are done; a lock file
/// (`FILE.lock`, holding the writer's process id) keeps two processes from
/// writing one file.
pub struct Output {
    file: File,
    done: usize,
    lock: PathBuf,
}

/// What the existing lines of an output must agree with.
pub struct Expect<'a> {
    /// The item numbers of the run, in order.
    pub indices: &'a [usize],
    /// Keys whose values must equal the run's (e.g. samples, seed, rules).
    pub same: Vec<(&'static str, serde_json::Value)>,
}

impl Output {
    /// Opens (or creates) `path`, waiting while another live process holds
    /// its lock.
    pub fn open(path: &Path, expect: &Expect) -> Result<Output, String> {
        let lock = lock_path(path);
        take_lock(&lock)?;
        match Output::open_locked(path, expect, &lock) {
            Ok(o) => Ok(o),
            Err(e) => {
                let _ = std::fs::remove_file(&lock);
                Err(e)
            }
        }
    }

    fn open_locked(path: &Path, expect: &Expect, lock: &Path) -> Result<Output, String> {
        let name = path.display();
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|e| format!("{name}: cannot open: {e}"))?;
        let mut text = Vec::new();
        file.read_to_end(&mut text)
            .map_err(|e| format!("{name}: cannot read: {e}"))?;
        let mut keep = 0usize; // bytes of complete, checked lines
        let mut done = 0usize;
        let mut at = 0usize;
        while at < text.len() {
            let end = text[at..].iter().position(|&b| b == b'\n').map(|p| at + p);
            let line_no = done + 1;
            let Some(end) = end else {
                break; // torn: no newline
            };
            let parsed = std::str::from_utf8(&text[at..end])
                .ok()
                .and_then(|s| serde_json::from_str::<serde_json::Value>(s).ok());
            let Some(v) = parsed else {
                if end + 1 == text.len() {
                    break; // a torn last line that happens to end in a newline
                }
                return Err(format!(
                    "{name}:{line_no}: not a JSON line, and not the last line: not an output of this command"
                ));
            };
            let Some(&want) = expect.indices.get(done) else {
                return Err(format!(
                    "{name}:{line_no}: more lines than this run has items ({}): another run's output?",
                    expect.indices.len()
                ));
            };
            let index = v.get("index").and_then(|x| x.as_u64());
            if index != Some(want as u64) {
                return Err(format!(
                    "{name}:{line_no}: index: {} where this run's item {done} is {want}: another shard's or run's output?",
                    index.map_or("missing".to_string(), |i| i.to_string())
                ));
            }
            for (key, value) in &expect.same {
                if v.get(*key) != Some(value) {
                    return Err(format!(
                        "{name}:{line_no}: {key}: {} but this run has {value}: written by another run; use another --out",
                        v.get(*key).map_or("missing".to_string(), |x| x.to_string())
                    ));
                }
            }
            done += 1;
            at = end + 1;
            keep = at;
        }
        if keep < text.len() {
            file.set_len(keep as u64)
                .map_err(|e| format!("{name}: cannot cut the torn last line: {e}"))?;
        }
        file.seek(SeekFrom::Start(keep as u64))
            .map_err(|e| format!("{name}: {e}"))?;
        Ok(Output {
            file,
            done,
            lock: lock.to_path_buf(),
        })
    }

    /// Items already complete.
    pub fn done(&self) -> usize {
        self.done
    }

    /// Appends lines (each without its newline) and flushes them to disk.
    pub fn write_lines(&mut self, lines: &[String]) -> Result<(), String> {
        let mut buf = String::new();
        for l in lines {
            buf.push_str(l);
            buf.push('\n');
        }
        self.file
            .write_all(buf.as_bytes())
            .and_then(|_| self.file.sync_data())
            .map_err(|e| format!("cannot write the output: {e}"))?;
        self.done += lines.len();
        Ok(())
    }
}

impl Drop for Output {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.lock);
    }
}

fn lock_path(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".lock");
    PathBuf::from(s)
}

/// Is process `pid` alive? (Linux: /proc; elsewhere a lock is taken as live.)
fn alive(pid: u32) -> bool {
    if pid == std::process::id() {
        return false; // our own stale lock (a reused pid)
    }
    if Path::new("/proc/self").exists() {
        Path::new(&format!("/proc/{pid}")).exists()
    } else {
        true
    }
}

/// Creates the lock file; waits while a live process holds it, takes over
/// one left by a dead process.
fn take_lock(lock: &Path) -> Result<(), String> {
    let mut told = false;
    loop {
        match OpenOptions::new().write(true).create_new(true).open(lock) {
            Ok(mut f) => {
                return write!(f, "{}", std::process::id())
                    .map_err(|e| format!("{}: cannot write: {e}", lock.display()));
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                let mut text = String::new();
                let holder = File::open(lock)
                    .and_then(|mut f| f.read_to_string(&mut text))
                    .ok()
                    .and_then(|_| text.trim().parse::<u32>().ok());
                match holder {
                    Some(pid) if alive(pid) => {
                        if !told {
                            eprintln!("waiting: {} is held by process {pid}", lock.display());
                            told = true;
                        }
                        std::thread::sleep(std::time::Duration::from_millis(500));
                    }
                    Some(_) => {
                        // Left by a process that died: take it over.
                        let _ = std::fs::remove_file(lock);
                    }
                    None => {
                        // Being written this instant, or torn by a crash:
                        // wait a moment, then take it over.
                        std::thread::sleep(std::time::Duration::from_millis(200));
                        let again = std::fs::read_to_string(lock).unwrap_or_default();
                        if again.trim().parse::<u32>().is_err() {
                            let _ = std::fs::remove_file(lock);
                        }
                    }
                }
            }
            Err(e) => return Err(format!("{}: cannot create: {e}", lock.display())),
        }
    }
}

/// The first whole line starting at or after byte `pos`, with its start.
fn line_at(file: &mut File, len: u64, pos: u64) -> std::io::Result<Option<(u64, String)>> {
    let start = if pos == 0 {
        0
    } else {
        file.seek(SeekFrom::Start(pos - 1))?;
        let mut skipped = Vec::new();
        BufReader::new(&mut *file).read_until(b'\n', &mut skipped)?;
        pos - 1 + skipped.len() as u64
    };
    if start >= len {
        return Ok(None);
    }
    file.seek(SeekFrom::Start(start))?;
    let mut line = String::new();
    BufReader::new(&mut *file).read_line(&mut line)?;
    Ok(Some((start, line.trim_end().to_string())))
}

/// The `"index"` of a table line, read without parsing the whole line.
fn line_index(line: &str) -> Option<usize> {
    let at = line.find("\"index\":")? + 8;
    let digits: String = line[at..]
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    digits.parse().ok()
}

/// An `--all` table is in rank order with `index` = rank: a binary search
/// over byte offsets finds a hand in a few reads.
fn bisect(path: &Path, hand: CardSet) -> std::io::Result<Option<String>> {
    let Some(target) = hand_rank(hand) else {
        return Ok(None);
    };
    let mut file = File::open(path)?;
    let len = file.metadata()?.len();
    let (mut lo, mut hi) = (0u64, len);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let Some((start, line)) = line_at(&mut file, len, mid)? else {
            hi = mid;
            continue;
        };
        match line_index(&line) {
            Some(i) if i == target => return Ok(Some(line)),
            Some(i) if i < target => lo = start + 1,
            Some(_) => hi = mid,
            None => return Ok(None),
        }
    }
    Ok(None)
}

/// Finds `hand`'s row in a bid table file; errors name the file and line.
/// A table over `--all` is searched by bisection (instant at any size),
/// any other is scanned.
pub fn lookup(path: &Path, hand: CardSet) -> Result<Option<TableRow>, String> {
    let name = path.display();
    let file = File::open(path).map_err(|e| format!("{name}: cannot open: {e}"))?;
    let prefix = format!("{{\"hand\":\"{hand}\",");
    if let Ok(Some(line)) = bisect(path, hand) {
        if line.starts_with(&prefix) {
            if let Ok(row) = serde_json::from_str(&line) {
                return Ok(Some(row));
            }
        }
    }
    for (i, line) in BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|e| format!("{name}:{}: cannot read: {e}", i + 1))?;
        if i == 0 && !line.starts_with("{\"hand\":") {
            return Err(format!(
                "{name}:1: not a bid table (lines start with {{\"hand\":...)"
            ));
        }
        if line.starts_with(&prefix) {
            return serde_json::from_str(&line)
                .map(Some)
                .map_err(|e| format!("{name}:{}: {e}", i + 1));
        }
    }
    Ok(None)
}

/// Reads every row of a bid table; errors name the file and line.
pub fn read_table(path: &Path) -> Result<Vec<TableRow>, String> {
    let name = path.display();
    let file = File::open(path).map_err(|e| format!("{name}: cannot open: {e}"))?;
    let mut rows = Vec::new();
    for (i, line) in BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|e| format!("{name}:{}: cannot read: {e}", i + 1))?;
        let row: TableRow =
            serde_json::from_str(&line).map_err(|e| format!("{name}:{}: {e}", i + 1))?;
        rows.push(row);
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_round_trip_in_ascending_mask_order() {
        assert_eq!(choose(24, 7), ALL_HANDS);
        let mut last = None;
        for r in (0..ALL_HANDS).step_by(997).chain([ALL_HANDS - 1]) {
            let h = hand_at(r);
            assert_eq!(h.len(), 7);
            assert_eq!(hand_rank(h), Some(r));
            if let Some(l) = last {
                assert!(h.compact() > l);
            }
            last = Some(h.compact());
        }
        assert_eq!(hand_at(0).compact(), 0x7F);
    }

    #[test]
    fn shards_cover_everything_once() {
        for n in [0, 1, 5, 346_104] {
            for count in [1, 3, 7] {
                let mut next = 0;
                for index in 1..=count {
                    let r = Shard { index, count }.range(n);
                    assert_eq!(r.start, next);
                    next = r.end;
                }
                assert_eq!(next, n);
            }
        }
        assert_eq!("2/3".parse::<Shard>(), Ok(Shard { index: 2, count: 3 }));
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", "1/2000000"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }
}
