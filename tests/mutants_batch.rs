//! Tests written for what the mutation run of issue 24 found unasserted in
//! `src/drivers/batch.rs`: the hand seeds against the published SplitMix64, each
//! table row's best contract, and the message while another run holds an
//! output's lock.

use assert_cmd::Command;
use std::io::Read;
use std::path::PathBuf;
use std::process::Stdio;
use tysiac::drivers::batch::{hand_at, hand_seed};
use tysiac::CardSet;

/// SplitMix64's output for a state (Steele, Lea and Flood 2014; Vigna's
/// reference C, `next()`: the state advanced by the golden gamma, then
/// mixed), written here from the published algorithm.
fn splitmix64(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A hand's seed is SplitMix64 of (SplitMix64 of the run seed) xor the
/// hand's 24-bit mask, so that a published table's `hand_seed` stays
/// reproducible (`tysiac bid HAND --seed <hand_seed>`) whatever the
/// version.
#[test]
fn hand_seeds_are_the_published_splitmix64() {
    // The reference's first output from state 0 (the test vector of
    // Vigna's splitmix64.c and Java's SplittableRandom(0).nextLong()).
    assert_eq!(splitmix64(0), 0xE220_A839_7B1D_CDAF);
    for (seed, rank) in [(0u64, 0usize), (9, 11), (1000, 345_000), (u64::MAX, 77_777)] {
        let hand: CardSet = hand_at(rank);
        let want = splitmix64(splitmix64(seed) ^ u64::from(hand.compact()));
        assert_eq!(hand_seed(seed, hand), want, "seed {seed}, hand {hand}");
    }
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tysiac-mutants-batch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn hands_file(name: &str, ranks: &[usize]) -> PathBuf {
    let path = temp(&format!("{name}.hands"));
    let text: String = ranks.iter().map(|&k| format!("{}\n", hand_at(k))).collect();
    std::fs::write(&path, text).unwrap();
    path
}

/// Each row's best contract is, of its allowed levels, the one with the
/// highest expected score (the lower on a tie), and `best_expected` is
/// that score: read off the row's own levels.
#[test]
fn a_table_row_s_best_contract_is_its_highest_expected_score() {
    let hands = hands_file("best", &[3, 40_000, 123_456, 200_001, 345_000]);
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args(["bid-table", "--hands", hands.to_str().unwrap()])
        .args(["--samples", "6", "--seed", "3", "--threads", "1"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut rows = 0;
    for line in text.lines() {
        let row: serde_json::Value = serde_json::from_str(line).unwrap();
        let mut best: Option<(u64, f64)> = None;
        for l in row["levels"].as_array().unwrap() {
            if l["allowed"] != true {
                continue;
            }
            let (level, e) = (
                l["level"].as_u64().unwrap(),
                l["expected"].as_f64().unwrap(),
            );
            if best.is_none_or(|(_, b)| e > b) {
                best = Some((level, e));
            }
        }
        let (level, e) = best.unwrap();
        assert_eq!(row["best_contract"].as_u64(), Some(level), "{line}");
        assert_eq!(row["best_expected"].as_f64(), Some(e), "{line}");
        rows += 1;
    }
    assert_eq!(rows, 5);
}

/// A second run on an output another live process holds waits, and says
/// so once on stderr, naming the lock and the process; it goes on once
/// the lock is gone.
#[test]
fn a_held_output_makes_the_second_run_wait_and_say_so() {
    let hands = hands_file("lock", &[5, 6]);
    let out = temp("lock.jsonl");
    let lock = PathBuf::from(format!("{}.lock", out.display()));
    let _ = std::fs::remove_file(&out);
    // This test process is alive, and is not the run's own process.
    std::fs::write(&lock, std::process::id().to_string()).unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tysiac"))
        .args(["bid-table", "--hands", hands.to_str().unwrap()])
        .args(["--samples", "2", "--seed", "1", "--threads", "1"])
        .args(["--out", out.to_str().unwrap()])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read its stderr as it comes; the lock goes once it has said it waits
    // (or after 20 s, when the test fails).
    let mut stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut all = String::new();
        let mut buf = [0u8; 256];
        while let Ok(n) = stderr.read(&mut buf) {
            if n == 0 {
                break;
            }
            all.push_str(&String::from_utf8_lossy(&buf[..n]));
            let _ = tx.send(all.clone());
        }
        all
    });
    let want = format!(
        "waiting: {} is held by process {}",
        lock.display(),
        std::process::id()
    );
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let mut seen = String::new();
    while !seen.contains(&want) && std::time::Instant::now() < deadline {
        if let Ok(s) = rx.recv_timeout(std::time::Duration::from_millis(100)) {
            seen = s;
        }
    }
    // Still waiting: nothing was written while the lock was held.
    assert!(child.try_wait().unwrap().is_none(), "it did not wait");
    assert!(!out.exists() || std::fs::read_to_string(&out).unwrap().is_empty());
    std::fs::remove_file(&lock).unwrap();
    let status = child.wait().unwrap();
    assert!(status.success());
    let err = reader.join().unwrap();
    assert_eq!(err.matches(&want).count(), 1, "stderr: {err}");
    assert_eq!(std::fs::read_to_string(&out).unwrap().lines().count(), 2);
}
