//! Each seat's own points (issue 11, items 14 and 16): `solve --json` gives
//! the line trick by trick with the declarations, and `analyze` shows every
//! seat's own points along the line and in the summary. The two commands
//! are checked against each other and against sums and rounding done here.

use assert_cmd::Command;
use serde_json::Value;

fn run_json(args: &[&str], input: &str) -> Vec<Value> {
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

const DEAL: &str = "deal: AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9\nexchange: 9S QC\n";

fn seat(s: &Value) -> usize {
    match s.as_str().unwrap() {
        "D" => 0,
        "L" => 1,
        "R" => 2,
        other => panic!("seat {other}"),
    }
}

/// Defenders' rounding under `standard`: to tens, a final 5 down.
fn half_down(p: u64) -> u64 {
    p / 10 * 10 + if p % 10 > 5 { 10 } else { 0 }
}

#[test]
fn solve_json_shows_the_position_and_the_line_by_trick() {
    // Two tricks played, then QH led: L to move in trick 3.
    let text = format!("{DEAL}play: AS 9S TS | AH 9H JH | QH\n");
    let v = &run_json(&["solve", "--json"], &text)[0];
    assert_eq!(v["to_move"], "L");
    assert_eq!(v["trick"], 3);
    // QH led while holding KH declares hearts: 100 for D, hearts trump.
    assert_eq!(v["trump"], "H");
    // AS 9S TS: 11 + 0 + 10; AH 9H JH: 11 + 0 + 2; the marriage 100.
    assert_eq!(v["points"], serde_json::json!([134, 0, 0]));
    let tricks = v["line_tricks"].as_array().unwrap();
    assert_eq!(tricks.len(), 6, "the rest of trick 3, then tricks 4 to 8");
    assert_eq!(tricks[0]["trick"], 3);
    assert_eq!(tricks[0]["before"], serde_json::json!(["QH"]));
    assert_eq!(tricks[0]["cards"].as_array().unwrap().len(), 2);
    // The cards of line_tricks are the line, in order.
    let flat: Vec<Value> = tricks
        .iter()
        .flat_map(|t| t["cards"].as_array().unwrap().clone())
        .collect();
    assert_eq!(&flat, v["line"].as_array().unwrap());
    // Whoever wins a trick leads the next.
    for w in tricks.windows(2) {
        assert_eq!(w[0]["winner"], w[1]["leader"]);
    }
    // The points: what was scored, plus every trick and declaration, make
    // 120 card points and the marriages in all, and D's share is the value.
    let mut pts = [134u64, 0, 0];
    for t in tricks {
        pts[seat(&t["winner"])] += t["points"].as_u64().unwrap();
        if let Some(d) = t["declared"].as_object() {
            pts[seat(&d["seat"])] += d["points"].as_u64().unwrap();
        }
    }
    assert_eq!(pts[0], v["value"].as_u64().unwrap());
}

/// The optimal line from the start, played out, analyzed: the own points
/// `analyze` shows per trick and per seat are the sums of `solve`'s tricks
/// and declarations, and the scores follow the rules.
#[test]
fn analyze_shows_each_seats_own_points() {
    let solved = &run_json(&["solve", "--json"], DEAL)[0];
    let line: Vec<&str> = solved["line"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(line.len(), 24);
    let text = format!("{DEAL}contract: 120\nplay: {}\n", line.join(" "));
    let a = &run_json(&["analyze", "--json"], &text)[0];

    let mut pts = [0u64; 3];
    let solve_tricks = solved["line_tricks"].as_array().unwrap();
    let analyze_tricks = a["tricks"].as_array().unwrap();
    assert_eq!(solve_tricks.len(), 8);
    let mut declared = 0;
    for (s, t) in solve_tricks.iter().zip(analyze_tricks) {
        pts[seat(&s["winner"])] += s["points"].as_u64().unwrap();
        if let Some(d) = s["declared"].as_object() {
            pts[seat(&d["seat"])] += d["points"].as_u64().unwrap();
            declared += 1;
        }
        assert_eq!(t["winner"], s["winner"]);
        for (k, name) in ["D", "L", "R"].iter().enumerate() {
            assert_eq!(
                t["seat_points"][name].as_u64().unwrap(),
                pts[k],
                "trick {t}"
            );
        }
    }
    assert!(declared >= 1, "the line declares the heart marriage");
    assert_eq!(pts.iter().sum::<u64>(), 120 + 100);
    let made = pts[0] >= 120;
    for (k, name) in ["D", "L", "R"].iter().enumerate() {
        let s = &a["summary"][name];
        assert_eq!(s["points"].as_u64().unwrap(), pts[k], "{name}");
        let want = if k == 0 {
            if made {
                120
            } else {
                -120
            }
        } else {
            half_down(pts[k]) as i64
        };
        assert_eq!(s["score"].as_i64().unwrap(), want, "{name}");
    }
    // The text report shows them too.
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .args(["analyze", "-"])
        .write_stdin(text)
        .output()
        .unwrap();
    let report = String::from_utf8(out.stdout).unwrap();
    assert!(
        report.contains(&format!("; own points {} (score +", pts[1])),
        "{report}"
    );
    assert!(report.contains(&format!(
        "own points D {} · L {} · R {}",
        pts[0], pts[1], pts[2]
    )));
}
