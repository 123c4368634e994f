//! The bid answer checked against hands played out (issue 48, docs/bid.md):
//! hands drawn by seed from all hands, weak, middling and strong alike;
//! each played out many times by the computer players as declarer (and
//! some more as a defender, for what passing is worth), and the answer's
//! chances set beside the shares the playouts made.
//!
//! The playouts are `tysiac play` runs (`--hand H --seed S`, and `--seat l`
//! or `--seat r` for the defence), so they shard and resume like any other;
//! here they are read back, grouped by hand, and compared.

use serde::Serialize;

use crate::drivers::batch::hand_seed;
use crate::engine::cardset::CardSet;
use crate::engine::rules::Rules;
use crate::engine::sample::{deal_unseen, sample_rng};
use crate::estimate::bid::{self, BidOptions, BidReport};
use crate::estimate::real::Basis;
use crate::estimate::stats::wilson;
use crate::estimate::InputError;
use crate::solver::{Progress, Workers};

/// How strong a drawn hand is, by the simplest measures a player uses.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Stratum {
    /// No marriage, under 35 card points (the mean of seven cards).
    Weak,
    /// No marriage, 35 card points or more.
    Middling,
    /// A marriage.
    Strong,
}

impl Stratum {
    pub fn of(hand: CardSet) -> Stratum {
        if hand.marriages().next().is_some() {
            Stratum::Strong
        } else if hand.points() >= 35 {
            Stratum::Middling
        } else {
            Stratum::Weak
        }
    }
}

/// A hand of the check: its cards, its stratum and the seed of its playouts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CheckHand {
    pub hand: CardSet,
    pub stratum: Stratum,
    pub seed: u64,
}

/// The check's seed (`bid-model hands` and `check`): another stream than
/// the training games' deals (seeds 4801 and 4802), so the check's hands
/// are not the model's.
pub const DEFAULT_SEED: u64 = 2026;

/// `count` seven-card hands drawn by `seed` from all hands, a third from
/// each stratum (the first of each drawn, in order of drawing).
pub fn check_hands(seed: u64, count: usize) -> Vec<CheckHand> {
    let want = [count / 3, count / 3, count - 2 * (count / 3)];
    let mut got = [0usize; 3];
    let mut out = Vec::with_capacity(count);
    let mut k = 0u64;
    while got != want {
        let hand = deal_unseen(CardSet::EMPTY, &[7, 17], &mut sample_rng(seed, k))[0];
        k += 1;
        let stratum = Stratum::of(hand);
        let s = stratum as usize;
        if got[s] < want[s] {
            got[s] += 1;
            out.push(CheckHand {
                hand,
                stratum,
                seed: hand_seed(seed, hand),
            });
        }
    }
    out
}

/// One hand's playouts: the declarer's points, and its own points when it
/// defended.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Played {
    pub declarer: Vec<u16>,
    pub defence: Vec<u16>,
}

/// One level of one hand: the answer beside the playouts.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cell {
    pub level: u16,
    pub predicted: f64,
    pub played: f64,
    pub low: f64,
    pub high: f64,
    /// Whether `predicted` lies in the playouts' 95% interval.
    pub inside: bool,
}

/// One hand compared.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HandCheck {
    pub hand: String,
    pub stratum: Stratum,
    pub playouts: usize,
    pub defence_playouts: usize,
    /// The allowed levels.
    pub cells: Vec<Cell>,
    /// "Bid up to" by the answer and by the playouts (`None`: pass).
    pub answer_limit: Option<u16>,
    pub played_limit: Option<u16>,
    /// The playouts' expected score at the answer's limit less at their
    /// own, and that difference's standard error: within the noise when
    /// its size is under twice the error.
    pub limit_cost: f64,
    pub limit_cost_error: f64,
    pub limit_agrees: bool,
    pub limit_close: bool,
}

/// The hand's expected score from bidding `level` by the playouts: as
/// declarer at that level when some level is bid, else as a defender.
fn played_score(p: &Played, level: Option<u16>, rules: &Rules) -> (f64, f64) {
    match level {
        Some(l) => {
            let xs: Vec<f64> = p
                .declarer
                .iter()
                .map(|&pts| {
                    if pts >= l {
                        f64::from(l)
                    } else {
                        -f64::from(l)
                    }
                })
                .collect();
            mean_and_variance(&xs)
        }
        None => {
            let xs: Vec<f64> = p
                .defence
                .iter()
                .map(|&pts| f64::from(rules.rounding.apply(pts)))
                .collect();
            mean_and_variance(&xs)
        }
    }
}

fn mean_and_variance(xs: &[f64]) -> (f64, f64) {
    let n = xs.len().max(1) as f64;
    let m = xs.iter().sum::<f64>() / n;
    let v = xs.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (m, v / n)
}

/// The answer's report set beside the playouts of one hand.
pub fn compare(hand: &CheckHand, report: &BidReport, played: &Played, rules: &Rules) -> HandCheck {
    let n = played.declarer.len();
    let cells: Vec<Cell> = report
        .levels
        .iter()
        .filter(|l| l.allowed)
        .map(|l| {
            let k = played.declarer.iter().filter(|&&p| p >= l.level).count();
            let (low, high) = wilson(k, n);
            Cell {
                level: l.level,
                predicted: l.probability,
                played: k as f64 / n.max(1) as f64,
                low,
                high,
                inside: low - 1e-9 <= l.probability && l.probability <= high + 1e-9,
            }
        })
        .collect();
    // The playouts' own limit: the highest allowed level whose expected
    // score as declarer beats defending.
    let (defence, _) = played_score(played, None, rules);
    let played_limit = cells
        .iter()
        .filter(|c| f64::from(c.level) * (2.0 * c.played - 1.0) > defence)
        .map(|c| c.level)
        .max();
    let answer_limit = report.worth_bidding;
    let (at_answer, v1) = played_score(played, answer_limit, rules);
    let (at_played, v2) = played_score(played, played_limit, rules);
    let limit_cost = at_played - at_answer;
    let limit_cost_error = (v1 + v2).sqrt();
    let limit_close = match (answer_limit, played_limit) {
        (Some(a), Some(b)) => a.abs_diff(b) <= 10,
        (None, None) => true,
        _ => false,
    };
    HandCheck {
        hand: hand.hand.to_string(),
        stratum: hand.stratum,
        playouts: n,
        defence_playouts: played.defence.len(),
        cells,
        answer_limit,
        played_limit,
        limit_cost,
        limit_cost_error,
        limit_agrees: answer_limit == played_limit,
        limit_close,
    }
}

/// One tenth of the predicted chances, pooled over every cell.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Tenth {
    pub from: f64,
    pub cells: usize,
    pub predicted: f64,
    pub played: f64,
}

/// The check's verdict on a basis.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub basis: Basis,
    pub hands: usize,
    pub cells: usize,
    pub tenths: Vec<Tenth>,
    /// The largest gap between a tenth's mean predicted and mean played.
    pub worst_tenth: f64,
    /// The share of cells inside their playouts' 95% interval.
    pub inside: f64,
    /// The hands with defence playouts, the only ones whose own "bid up
    /// to" is known (it weighs declaring against defending).
    pub limit_hands: usize,
    /// Of those, the share whose "bid up to" equals the playouts', and the
    /// share whose differs by at most 10 with an expected-score difference
    /// inside the noise.
    pub limit_agrees: f64,
    pub limit_close_in_noise: f64,
}

/// Pools the hands' cells.
pub fn summarise(basis: Basis, hands: &[HandCheck]) -> Summary {
    let cells: Vec<&Cell> = hands.iter().flat_map(|h| &h.cells).collect();
    let tenths = (0..10)
        .filter_map(|t| {
            let lo = t as f64 / 10.0;
            let inside: Vec<&&Cell> = cells
                .iter()
                .filter(|c| ((c.predicted * 10.0).floor() as usize).min(9) == t)
                .collect();
            (!inside.is_empty()).then(|| Tenth {
                from: lo,
                cells: inside.len(),
                predicted: inside.iter().map(|c| c.predicted).sum::<f64>() / inside.len() as f64,
                played: inside.iter().map(|c| c.played).sum::<f64>() / inside.len() as f64,
            })
        })
        .collect::<Vec<_>>();
    let limited: Vec<&HandCheck> = hands.iter().filter(|h| h.defence_playouts > 0).collect();
    let n = limited.len().max(1) as f64;
    Summary {
        limit_hands: limited.len(),
        basis,
        hands: hands.len(),
        cells: cells.len(),
        worst_tenth: tenths
            .iter()
            .map(|t| (t.predicted - t.played).abs())
            .fold(0.0, f64::max),
        tenths,
        inside: cells.iter().filter(|c| c.inside).count() as f64 / cells.len().max(1) as f64,
        limit_agrees: limited.iter().filter(|h| h.limit_agrees).count() as f64 / n,
        limit_close_in_noise: limited
            .iter()
            .filter(|h| {
                !h.limit_agrees && h.limit_close && h.limit_cost.abs() <= 2.0 * h.limit_cost_error
            })
            .count() as f64
            / n,
    }
}

/// The answer for one hand on both bases from one set of samples: the
/// real-play report and the double-dummy one.
pub fn answers(
    hand: CardSet,
    rules: &Rules,
    samples: usize,
    workers: &Workers,
    progress: Progress,
) -> Result<(BidReport, BidReport), InputError> {
    let real = BidOptions {
        samples,
        basis: Basis::RealPlay,
        ..BidOptions::default()
    };
    let dd = BidOptions {
        basis: Basis::DoubleDummy,
        ..real
    };
    let declarer = bid::simulate(hand, workers, &real, progress);
    let defence = bid::simulate_defence(hand, workers, &real, progress);
    Ok((
        bid::report_with_defence(hand, rules, &real, &declarer, &defence)?,
        bid::report_with_defence(hand, rules, &dd, &declarer, &defence)?,
    ))
}

/// A calibration picture (SVG): each tenth's mean predicted chance against
/// its mean played share, for each basis, beside the diagonal.
pub fn calibration_svg(summaries: &[Summary], title: &str) -> String {
    let (w, h, m) = (420.0, 420.0, 50.0);
    let x = |p: f64| m + p * (w - 2.0 * m);
    let y = |p: f64| h - m - p * (h - 2.0 * m);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{}\" y=\"20\" text-anchor=\"middle\">{title}</text>\n",
        w / 2.0
    );
    s += &format!(
        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#999\" stroke-dasharray=\"4\"/>\n",
        x(0.0),
        y(0.0),
        x(1.0),
        y(1.0)
    );
    s += &format!(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"black\"/>\n",
        x(0.0),
        y(1.0),
        x(1.0) - x(0.0),
        y(0.0) - y(1.0)
    );
    for t in 0..=10 {
        let p = t as f64 / 10.0;
        s += &format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{p:.1}</text>\n\
             <text x=\"{}\" y=\"{}\" text-anchor=\"end\">{p:.1}</text>\n",
            x(p),
            y(0.0) + 16.0,
            x(0.0) - 6.0,
            y(p) + 4.0
        );
    }
    s += &format!(
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">predicted P(make)</text>\n\
         <text x=\"14\" y=\"{}\" text-anchor=\"middle\" transform=\"rotate(-90 14 {})\">\
         share made in play</text>\n",
        w / 2.0,
        h - 10.0,
        h / 2.0,
        h / 2.0
    );
    let colours = ["#c0392b", "#2471a3"];
    for (k, sum) in summaries.iter().enumerate() {
        let c = colours[k % colours.len()];
        let points: Vec<String> = sum
            .tenths
            .iter()
            .map(|t| format!("{:.1},{:.1}", x(t.predicted), y(t.played)))
            .collect();
        s += &format!(
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{c}\"/>\n",
            points.join(" ")
        );
        for t in &sum.tenths {
            s += &format!(
                "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"3.5\" fill=\"{c}\"/>\n",
                x(t.predicted),
                y(t.played)
            );
        }
        s += &format!(
            "<text x=\"{}\" y=\"{}\" fill=\"{c}\">{} (worst tenth {:.3})</text>\n",
            x(0.03),
            y(0.95) + 16.0 * k as f64,
            match sum.basis {
                Basis::RealPlay => "real play",
                Basis::DoubleDummy => "double-dummy",
            },
            sum.worst_tenth
        );
    }
    s + "</svg>\n"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::estimate::LevelRow;

    #[test]
    fn the_hands_are_a_third_of_each_stratum_in_order_of_drawing() {
        let hands = check_hands(7, 9);
        let strata: Vec<Stratum> = hands.iter().map(|h| h.stratum).collect();
        for s in [Stratum::Weak, Stratum::Middling, Stratum::Strong] {
            assert_eq!(strata.iter().filter(|&&x| x == s).count(), 3, "{s:?}");
        }
        for h in &hands {
            assert_eq!(h.hand.len(), 7);
            assert_eq!(Stratum::of(h.hand), h.stratum);
            assert_eq!(h.seed, hand_seed(7, h.hand));
        }
        // The first of the nine is the first hand drawn.
        let first = deal_unseen(CardSet::EMPTY, &[7, 17], &mut sample_rng(7, 0))[0];
        assert_eq!(hands[0].hand, first);
        // The same seed, the same hands; ten hands: the strong get the extra.
        assert_eq!(check_hands(7, 9), hands);
        let ten = check_hands(7, 10);
        assert_eq!(
            ten.iter().filter(|h| h.stratum == Stratum::Strong).count(),
            4
        );
        // A marriage is strong; without one, 35 card points split the rest.
        let of = |h: &str| Stratum::of(h.parse().unwrap());
        assert_eq!(of("KQ9...AT9J"), Stratum::Strong);
        assert_eq!(of("AT.T.K.Q9J"), Stratum::Middling); // 11+10+10+4+3+0+2 = 40
        assert_eq!(of("AT.K.Q.Q9J"), Stratum::Weak); // 11+10+4+3+3+0+2 = 33
    }

    fn row(level: u16, probability: f64) -> LevelRow {
        LevelRow {
            level,
            allowed: level <= 120,
            made: 0,
            probability,
            low: 0.0,
            high: 1.0,
            double_dummy: probability,
            expected_score: level as f64 * (2.0 * probability - 1.0),
        }
    }

    /// A hand, an answer of chances 0.9, 0.55, 0.1 at 100, 110, 120 (and
    /// 0 at 130, above the cap) bidding up to `limit`, and ten playouts:
    /// 105 three times, 115 three times, 125 four times (100 made 10/10,
    /// 110 7/10, 120 4/10); defending 24 and 36, rounded 20 and 40: 30.
    fn fixture(limit: Option<u16>) -> (CheckHand, BidReport, Played) {
        let hand = CheckHand {
            hand: "AT9.AT.A.9".parse().unwrap(),
            stratum: Stratum::Middling,
            seed: 1,
        };
        let mut report = crate::estimate::bid::report(
            hand.hand,
            &Rules::STANDARD,
            &BidOptions {
                basis: Basis::DoubleDummy,
                ..BidOptions::default()
            },
            &[],
        )
        .unwrap();
        report.levels = vec![row(100, 0.9), row(110, 0.55), row(120, 0.1), row(130, 0.0)];
        report.worth_bidding = limit;
        let played = Played {
            declarer: [105, 105, 105, 115, 115, 115, 125, 125, 125, 125].to_vec(),
            defence: vec![24, 36],
        };
        (hand, report, played)
    }

    /// Ten playouts worked by hand against an answer.
    #[test]
    fn a_hand_is_compared_as_worked_by_hand() {
        let (hand, report, played) = fixture(Some(110));
        let c = compare(&hand, &report, &played, &Rules::STANDARD);
        let s_hand = c.clone();
        let shares: Vec<f64> = c.cells.iter().map(|x| x.played).collect();
        assert_eq!(shares, vec![1.0, 0.7, 0.4], "allowed levels only");
        // 0.9 lies in Wilson's interval for 10 of 10 ([0.722, 1]); 0.55 in
        // 7 of 10's ([0.397, 0.892]); 0.1 not in 4 of 10's ([0.168, 0.687]).
        let inside: Vec<bool> = c.cells.iter().map(|x| x.inside).collect();
        assert_eq!(inside, vec![true, true, false]);
        // Played expected scores: 100, 110 · 0.4 = 44, 120 · -0.2 = -24;
        // defending 30: the playouts' limit is 110, as the answer's.
        assert_eq!(c.played_limit, Some(110));
        assert!(c.limit_agrees && c.limit_close);
        assert_eq!(c.limit_cost, 0.0);
        // Summaries: three cells, two inside; tenths 0.9, 0.5, 0.1.
        let s = summarise(Basis::RealPlay, &[c]);
        assert_eq!(s.cells, 3);
        assert!((s.inside - 2.0 / 3.0).abs() < 1e-12);
        let tenths: Vec<(f64, usize)> = s.tenths.iter().map(|t| (t.from, t.cells)).collect();
        assert_eq!(tenths, vec![(0.1, 1), (0.5, 1), (0.9, 1)]);
        assert!((s.worst_tenth - 0.3).abs() < 1e-12, "{}", s.worst_tenth);
        assert_eq!((s.limit_hands, s.limit_agrees), (1, 1.0));
        // Without defence playouts a hand's own limit is unknown: it counts
        // for the cells, not for the limits.
        let (hand, report, mut played) = fixture(Some(120));
        played.defence.clear();
        let c2 = compare(&hand, &report, &played, &Rules::STANDARD);
        let both = summarise(Basis::RealPlay, &[c2, s_hand.clone()]);
        assert_eq!(
            (both.cells, both.limit_hands, both.limit_agrees),
            (6, 1, 1.0)
        );
        // A picture with a point per tenth and its title.
        let svg = calibration_svg(&[s], "three cells");
        assert_eq!(svg.matches("<circle").count(), 3);
        assert!(svg.contains("three cells") && svg.starts_with("<svg"));
    }

    #[test]
    fn a_limit_one_step_off_is_close_and_its_cost_measured() {
        let (hand, report, played) = fixture(Some(120));
        let c = compare(&hand, &report, &played, &Rules::STANDARD);
        assert_eq!((c.answer_limit, c.played_limit), (Some(120), Some(110)));
        assert!(!c.limit_agrees && c.limit_close);
        // At 120: -24 by the playouts; at 110: 44.
        assert!((c.limit_cost - 68.0).abs() < 1e-9, "{}", c.limit_cost);
        assert!(c.limit_cost_error > 0.0);
    }
}
