//! The real-play model end to end, at small scale (issue 48): games played
//! by the computer players, a model fitted from them and read back, the
//! check of the answer against playouts, and bad input refused.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;
use tysiac::estimate::real::{BidModel, FORMAT};

fn tysiac() -> Command {
    Command::cargo_bin("tysiac").unwrap()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tysiac-bid-model-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `tysiac play` of `deals` cheap games into `out`.
fn play(out: &Path, extra: &[&str]) {
    let mut args = vec![
        "play",
        "--declarer",
        "pimc:2",
        "--defenders",
        "pimc:2",
        "--json",
        "--quiet",
        "--threads",
        "1",
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    tysiac().args(&args).assert().success();
}

fn fit(games: &[&Path], out: &Path) -> std::process::Output {
    let mut c = tysiac();
    c.arg("bid-model").arg("fit").arg("--quiet");
    for g in games {
        c.arg(g);
    }
    c.arg("--out").arg(out).output().unwrap()
}

#[test]
fn a_tiny_model_is_built_end_to_end_and_reads_back() {
    let dir = temp("tiny");
    let standard = dir.join("standard.jsonl");
    let pl = dir.join("pl.jsonl");
    play(&standard, &["--deals", "30", "--seed", "5"]);
    play(&pl, &["--deals", "24", "--seed", "6", "--rules", "pl"]);
    let model = dir.join("model.json");
    let out = fit(&[&standard, &pl], &model);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&model).unwrap();
    let m = BidModel::from_json(&text).unwrap();
    assert_eq!(m.format, FORMAT);
    let games: Vec<(String, usize, String)> = m
        .models
        .iter()
        .map(|p| (p.rules.clone(), p.games, p.player.clone()))
        .collect();
    assert_eq!(
        games,
        vec![
            ("pl".to_string(), 24, "pimc:2".to_string()),
            ("standard".to_string(), 30, "pimc:2".to_string())
        ]
    );
    // Each rule set answers for itself: pl's model covers pl, not standard.
    assert_eq!(m.covering(&"pl".parse().unwrap()).unwrap().games, 24);
    assert_eq!(m.covering(&tysiac::Rules::STANDARD).unwrap().games, 30);
    // The seed recorded is the games' own.
    assert_eq!(m.models[1].seed, 5);
    // Deterministic: fitted again, byte for byte the same file.
    let again = dir.join("again.json");
    assert!(fit(&[&standard, &pl], &again).status.success());
    assert_eq!(std::fs::read_to_string(&again).unwrap(), text);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_games_are_refused_naming_the_file_and_line() {
    let dir = temp("bad");
    let games = dir.join("games.jsonl");
    play(&games, &["--deals", "3", "--seed", "5"]);
    let mut text = std::fs::read_to_string(&games).unwrap();
    text.push_str("{\"index\": 3, \"deal\": \"not a deal\"}\n");
    std::fs::write(&games, text).unwrap();
    let out = fit(&[&games], &dir.join("m.json"));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("games.jsonl:4"), "{err}");
    assert!(
        !dir.join("m.json").exists(),
        "no model written from bad games"
    );
    // Two players in the seats: the model is learned from one.
    let mixed = dir.join("mixed.jsonl");
    tysiac()
        .args([
            "play",
            "--declarer",
            "pimc:2",
            "--defenders",
            "simple",
            "--deals",
            "2",
        ])
        .args(["--json", "--quiet", "--threads", "1", "--out"])
        .arg(&mixed)
        .assert()
        .success();
    let err = String::from_utf8_lossy(&fit(&[&mixed], &dir.join("m.json")).stderr).to_string();
    assert!(err.contains("one player in every seat"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// The check at small scale: three hands of a seed (one weak, one
/// middling, one strong), a few playouts of each as declarer and as a
/// defender, compared with the answer. The shares the check reports are
/// counted again here from the playout files.
#[test]
fn the_check_compares_the_answer_with_the_playouts() {
    let dir = temp("check");
    let hands = tysiac()
        .args(["bid-model", "hands", "--count", "3", "--seed", "7"])
        .output()
        .unwrap();
    assert!(hands.status.success());
    let lines: Vec<Vec<String>> = String::from_utf8(hands.stdout)
        .unwrap()
        .lines()
        .map(|l| l.split_whitespace().map(String::from).collect())
        .collect();
    let mut strata: Vec<&str> = lines.iter().map(|l| l[1].as_str()).collect();
    strata.sort();
    assert_eq!(strata, ["middling", "strong", "weak"]);
    let mut files = Vec::new();
    for (k, l) in lines.iter().enumerate() {
        let declarer = dir.join(format!("hand-{k}.jsonl"));
        play(
            &declarer,
            &["--hand", &l[0], "--seed", &l[2], "--deals", "8"],
        );
        let defence = dir.join(format!("hand-{k}-l.jsonl"));
        play(
            &defence,
            &[
                "--hand", &l[0], "--seed", "1", "--deals", "3", "--seat", "l",
            ],
        );
        files.push(declarer);
        files.push(defence);
    }
    let out = tysiac()
        .args([
            "bid-model",
            "check",
            "--seed",
            "7",
            "--count",
            "3",
            "--samples",
            "24",
        ])
        .args(["--threads", "1", "--quiet", "--json", "--svg"])
        .arg(dir.join("calibration.svg"))
        .args(&files)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 4, "three hands and the summaries");
    for (k, row) in rows[..3].iter().enumerate() {
        let real = &row["real_play"];
        assert_eq!(real["hand"], lines[k][0].as_str());
        assert_eq!(real["playouts"], 8);
        assert_eq!(real["defence_playouts"], 3);
        // The shares made, counted again from the files.
        let points: Vec<u64> = std::fs::read_to_string(&files[2 * k])
            .unwrap()
            .lines()
            .map(|l| {
                serde_json::from_str::<Value>(l).unwrap()["points"]
                    .as_u64()
                    .unwrap()
            })
            .collect();
        for cell in real["cells"].as_array().unwrap() {
            let level = cell["level"].as_u64().unwrap();
            let made = points.iter().filter(|&&p| p >= level).count() as f64 / 8.0;
            assert_eq!(
                cell["played"].as_f64().unwrap(),
                made,
                "hand {k} level {level}"
            );
        }
        // Both bases answer on the same hand.
        assert_eq!(row["double_dummy"]["hand"], real["hand"]);
    }
    let summary = &rows[3]["summary"];
    assert_eq!(summary[0]["basis"], "real_play");
    assert_eq!(summary[1]["basis"], "double_dummy");
    let svg = std::fs::read_to_string(dir.join("calibration.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("real play"));
    // Playouts of hands not of this seed compare nothing: said so.
    let none = tysiac()
        .args([
            "bid-model",
            "check",
            "--seed",
            "8",
            "--count",
            "3",
            "--quiet",
        ])
        .args(&files)
        .output()
        .unwrap();
    assert_eq!(none.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&none.stderr).contains("none of the 3 hands of seed 8"));
    std::fs::remove_dir_all(&dir).ok();
}
