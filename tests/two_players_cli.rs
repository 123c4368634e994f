//! The game of two musiks run through the real binary: every command takes
//! `players=2` (or `--players 2`) and speaks of two seats. Expected values
//! are worked by hand beside them, or checked against what the command must
//! agree with (the best exchange is the best of those listed).

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

fn tysiac() -> Command {
    Command::cargo_bin("tysiac").expect("binary built")
}

/// Runs `tysiac` with `args` and `input` on stdin, expects success, and
/// reads its stdout as JSON lines.
fn json_run(args: &[&str], input: &str) -> Vec<Value> {
    let out = tysiac().args(args).write_stdin(input).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// Two tricks left. L leads into D's AH KH holding QH 9H; the musik the
/// last trick takes is 9C TS QS (13 points). Whatever L leads, D beats it
/// (it must) and wins both tricks: 11 + 4 + 3 + 0 = 18 card points and the
/// musik's 13, on top of D's 50: 81.
const ENDGAME: &str = "id: two-end
rules: players=2
hands: AK... Q9...
lead: L
last_musik: ..9.TQ
points: 50 40
";

/// A deal of two players with both musiks still face down.
const DEAL: &str = "id: two-deal
rules: players=2
deal: QJ.AQJ.AT.AQJ ATK9.T.KQJ9.9 .9..K .K..T
";

/// The same deal laid away and played for four tricks.
const PLAYED: &str = "id: two-played
rules: players=2
deal: QJ.AQJ.AT.AQJ ATK9.T.KQJ9.9 .9..K .K..T
exchange: JH 9D
contract: 120
play: AS 9S | AC 9C | QH AH | KH QD
";

#[test]
fn solve_a_two_player_endgame() {
    let out = json_run(&["solve", "--json", "-"], ENDGAME);
    assert_eq!(out[0]["value"], 81);
    assert_eq!(out[0]["points"], serde_json::json!([50, 40]));
    let moves = out[0]["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 2, "L holds QH and 9H");
    assert!(moves.iter().all(|m| m["value"] == 81));
    // The text speaks of two seats.
    tysiac()
        .args(["solve", "-"])
        .write_stdin(ENDGAME)
        .assert()
        .success()
        .stdout(predicate::str::contains("points D 50 L 40\n"))
        .stdout(predicate::str::contains("value: 81"))
        // Tricks of two in the line.
        .stdout(predicate::str::contains("line: 9H KH | AH QH\n"));
    tysiac()
        .args(["solve", "-"])
        .write_stdin(DEAL)
        .assert()
        .success()
        .stdout(predicate::str::contains("best exchange: lay away "))
        .stdout(predicate::str::contains(" (into the other musik)  value "));
}

#[test]
fn solve_a_two_player_deal_over_every_lay_away() {
    let out = json_run(&["solve", "--json", "--all", "-"], DEAL);
    let exchanges = out[0]["exchanges"].as_array().unwrap();
    // Split: an ordered pair of D's twelve cards, 12 * 11.
    assert_eq!(exchanges.len(), 132);
    assert!(exchanges
        .iter()
        .all(|e| e["give"].as_array().unwrap().len() == 2));
    let best = exchanges.iter().map(|e| e["value"].as_u64().unwrap()).max();
    assert_eq!(out[0]["value"].as_u64(), best);
}

#[test]
fn analyze_a_two_player_hand_has_no_r() {
    let out = json_run(&["analyze", "--json", "-"], PLAYED);
    let a = &out[0];
    let keys: Vec<&String> = a["summary"].as_object().unwrap().keys().collect();
    assert_eq!(keys, ["D", "L"]);
    // AS 9S, AC 9C: 22 for D with JH's 2 laid away; QH AH and KH QD: 21 for L.
    assert_eq!(a["hand"]["points"], serde_json::json!({"D": 24, "L": 21}));
    // The play was from the first lead: the lay-away is judged against the best.
    assert!(a["exchange"]["best_value"].as_u64() >= a["exchange"]["value"].as_u64());
}

#[test]
fn suggest_reads_a_two_player_view_uniformly() {
    let text = format!("{PLAYED}view: L\n");
    let out = json_run(&["suggest", "--json", "--samples", "12", "-"], &text);
    // The reading model is of three players: two are judged uniformly.
    assert_eq!(out[0]["inference"], "none");
    assert_eq!(out[0]["seat"], "L");
    let moves: Vec<&str> = out[0]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    // L holds TH 9H TD KC QC JC after four tricks: six cards, all legal.
    assert_eq!(moves.len(), 6, "{moves:?}");
}

#[test]
fn bid_and_exchange_take_two_players_cards() {
    // Ten cards to bid from; seven are refused.
    let out = json_run(
        &[
            "bid",
            "QJ.AQJ.AT.AQJ",
            "--rules",
            "players=2",
            "--samples",
            "30",
            "--json",
        ],
        "",
    );
    assert_eq!(out[0]["hand"], "QJ.AQJ.AT.AQJ");
    assert_eq!(out[0]["samples"], 30);
    tysiac()
        .args(["bid", "AKQ.T9..AJ", "--rules", "players=2"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("needs 10"));
    tysiac()
        .args([
            "bid",
            "QJ.AQJ.AT.AQJ",
            "--rules",
            "players=2",
            "--table",
            "t.jsonl",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains("three-player game's 7-card hands"));
    tysiac()
        .args(["bid-table", "--all", "--rules", "players=2"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "bid-table lists the three-player game's",
        ));
    // Ten and the musik of two: twelve cards, two laid away.
    let out = json_run(
        &[
            "exchange",
            "QJ.AQJ.AT.AQJ",
            ".9..K",
            "--rules",
            "players=2",
            "--samples",
            "10",
            "--json",
        ],
        "",
    );
    let rows = out[0]["exchanges"].as_array().unwrap();
    assert!(!rows.is_empty());
    for r in rows {
        let laid = r["laid_away"].as_array().unwrap();
        assert_eq!(laid.len(), 2);
        assert_eq!(
            r["exchange"],
            format!(
                "{} {}",
                laid[0].as_str().unwrap(),
                laid[1].as_str().unwrap()
            )
        );
        assert!(r["to_l"].is_null() && r["discard"].is_null());
    }
}

#[test]
fn score_a_game_of_two() {
    // Ala makes 120 (+120), Bartek keeps his 30. Bartek fails 100 with 80
    // (-100), Ala 40. Bartek concedes 110 (-110), Ala +60.
    let sheet = "players: Ala Bartek
rules: players=2
D=Ala bid=120 points=130,30
D=Bartek bid=100 points=40,80
D=Bartek bid=110 concede
";
    let out = json_run(&["score", "--json", "-"], sheet);
    let last = out.last().unwrap();
    assert_eq!(last["totals"], serde_json::json!([220, -180]), "{last}");
    // The same sheet without its rules: line, under --players 2.
    let bare = sheet.replace("rules: players=2\n", "");
    let out = json_run(&["score", "--json", "--players", "2", "-"], &bare);
    assert_eq!(
        out.last().unwrap()["totals"],
        serde_json::json!([220, -180])
    );
    // Two names with three players' rules are refused at the players: line.
    tysiac()
        .args(["score", "-"])
        .write_stdin("players: Ala Bartek\nD=Ala bid=100 points=60,60\n")
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "<stdin>:1: players: a game of two players needs players=2",
        ));
    // Points that do not add up to 120 and marriages.
    tysiac()
        .args(["score", "-"])
        .write_stdin("players: Ala Bartek\nrules: players=2\nD=Ala bid=100 points=100,30\n")
        .assert()
        .failure()
        .stderr(predicate::str::contains("points add up to 130"));
}

#[test]
fn an_arena_of_two_plays_whole_games() {
    let out = json_run(
        &[
            "game",
            "--players",
            "2",
            "--seats",
            "heuristic,heuristic",
            "--games",
            "2",
            "--threads",
            "2",
            "--quiet",
            "--json",
        ],
        "",
    );
    let summary = out.last().unwrap();
    assert_eq!(summary["rules"], "standard players=2");
    assert_eq!(summary["games"], 2);
    assert_eq!(summary["unfinished"], 0);
    // Two games of two players: two wins between them (a draw shares one).
    let wins: f64 = summary["kinds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["wins"].as_f64().unwrap())
        .sum();
    assert_eq!(wins, 2.0);
}

#[test]
fn play_and_puzzles_of_two() {
    let out = json_run(
        &[
            "play",
            "--rules",
            "players=2",
            "--deals",
            "2",
            "--declarer",
            "pimc:4",
            "--defenders",
            "pimc:4",
            "--json",
        ],
        "",
    );
    // Each game's position is a whole two-player hand: 20 cards played.
    for g in &out[..2] {
        assert_eq!(g["play"].as_array().unwrap().len(), 20, "{g}");
    }
    let puzzles = tysiac()
        .args([
            "puzzle",
            "--rules",
            "players=2",
            "--count",
            "2",
            "--seed",
            "5",
            "--tricks",
            "4-6",
            "--quiet",
        ])
        .output()
        .unwrap();
    assert!(puzzles.status.success());
    let text = String::from_utf8(puzzles.stdout).unwrap();
    assert!(text.contains("last_musik: "), "{text}");
    tysiac()
        .args(["puzzle", "--verify", "-"])
        .write_stdin(text)
        .assert()
        .success()
        .stderr(predicate::str::contains("2 of 2 puzzles pass"));
}

#[test]
fn players_2_on_the_command_line_is_the_rule_set() {
    // `--players 2` and `--rules players=2` give the same answers.
    for args in [
        vec!["solve", "--json", "--players", "2", "-"],
        vec!["solve", "--json", "--rules", "players=2", "-"],
    ] {
        let text = ENDGAME.replace("rules: players=2\n", "");
        let out = json_run(&args, &text);
        assert_eq!(out[0]["value"], 81, "{args:?}");
        assert_eq!(out[0]["rules"], "standard players=2");
    }
    let a = json_run(
        &[
            "bid",
            "QJ.AQJ.AT.AQJ",
            "--players",
            "2",
            "--samples",
            "8",
            "--json",
        ],
        "",
    );
    let b = json_run(
        &[
            "bid",
            "QJ.AQJ.AT.AQJ",
            "--rules",
            "players=2",
            "--samples",
            "8",
            "--json",
        ],
        "",
    );
    assert_eq!(a, b);
    // A switch two players lack, and a count the rules contradict.
    tysiac()
        .args([
            "bid",
            "QJ.AQJ.AT.AQJ",
            "--players",
            "2",
            "--rules",
            "musik=discard",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--players 2: musik applies only with three players",
        ));
    tysiac()
        .args(["solve", "--players", "3", "--rules", "players=2", "-"])
        .write_stdin(ENDGAME)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--players 3, but the rules say players=2",
        ));
}

/// A game of two written down and judged: `analyze` of the record charges
/// each player, hand by hand, the double-dummy points its seat gave away in
/// that hand's analysis, and the game's summary adds the hands up.
#[test]
fn the_post_mortem_of_a_game_of_two_adds_up() {
    let dir = std::env::temp_dir().join(format!("tysiac-two-pm-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    json_run(
        &[
            "game",
            "--players",
            "2",
            "--seats",
            "heuristic,heuristic",
            "--games",
            "1",
            "--threads",
            "1",
            "--quiet",
            "--json",
            "--rules",
            "standard game_to=200",
            "--records",
            dir.to_str().unwrap(),
        ],
        "",
    );
    let record = dir.join("game-0.txt");
    let lines = json_run(
        &[
            "analyze",
            "--json",
            "--bid-samples",
            "2",
            "--threads",
            "2",
            record.to_str().unwrap(),
        ],
        "",
    );
    let (hands, summary) = lines.split_at(lines.len() - 1);
    let mut play_by_player = std::collections::HashMap::<String, u64>::new();
    let mut given_away = 0;
    for h in hands {
        let losses = h["losses"].as_array().unwrap();
        assert_eq!(losses.len(), 2);
        let charged: u64 = losses.iter().map(|l| l["play"].as_u64().unwrap()).sum();
        let analysed: u64 = match h["analysis"].as_object() {
            Some(a) => a["summary"]
                .as_object()
                .unwrap()
                .values()
                .map(|s| s["cost"].as_u64().unwrap())
                .sum(),
            None => 0,
        };
        assert_eq!(charged, analysed, "{h}");
        given_away += charged;
        for l in losses {
            *play_by_player
                .entry(l["player"].as_str().unwrap().to_string())
                .or_default() += l["play"].as_u64().unwrap();
        }
    }
    // Rule-of-thumb players give points away: the check has something to add.
    assert!(given_away > 0, "no play cost in the game");
    for s in summary[0]["summary"].as_array().unwrap() {
        let name = s["player"].as_str().unwrap();
        assert_eq!(s["play"].as_u64(), play_by_player.get(name).copied(), "{s}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The readable outputs speak of two players: `exchange` of twelve cards
/// and a lay-away; `game --rules players=2` seats you and one computer.
#[test]
fn texts_for_two_players() {
    tysiac()
        .args([
            "exchange",
            "QJ.AQJ.AT.AQJ",
            ".9..K",
            "--players",
            "2",
            "--samples",
            "8",
            "--quiet",
        ])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("twelve cards QJ.AQJ9.AT.AKQJ"))
        .stdout(predicate::str::contains("recommended: lay away "))
        .stdout(predicate::str::contains("(into the other musik)"));
    let dir = std::env::temp_dir().join(format!("tysiac-two-game-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("g.txt");
    // No --seats: you and one pimc seat; stdin ends at once, the game is saved.
    tysiac()
        .args([
            "game",
            "--rules",
            "players=2",
            "--seed",
            "4",
            "--color",
            "never",
            "--record",
        ])
        .arg(&record)
        .write_stdin("")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "rules standard players=2 · seed 4",
        ))
        .stdout(predicate::str::contains("Scores: you 0 · Bartek 0\n"));
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.contains("seats: me pimc\n"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
