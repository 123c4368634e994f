//! Self-play: computer players play seeded deals to the end, and each game
//! is set beside the double-dummy value of the very same deal.

use serde::Serialize;

use crate::engine::cardset::CardSet;
use crate::engine::deal::{Deal, Exchange};
use crate::engine::moves::Move;
use crate::engine::position::{Form, History, Position};
use crate::engine::random;
use crate::engine::rules::Rules;
use crate::engine::sample::{deal_around, sample_rng};
use crate::engine::score::hand_score;
use crate::engine::seat::Seat;
use crate::estimate::bid;
use crate::estimate::stats::wilson;
use crate::players::player::{decision_seed, Context, Player, PlayerKind};
use crate::solver::Solver;
use crate::solver::{Progress, Workers};
use crate::view::setup_for;
use crate::view::{View, ViewSetup};

/// What to play.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    pub deals: usize,
    pub seed: u64,
    pub declarer: PlayerKind,
    pub defenders: PlayerKind,
    /// The bid D won: its contract is at least this.
    pub bid: u16,
    /// Seven cards dealt to `seat` on every deal, when fixed.
    pub hand: Option<CardSet>,
    /// Where the fixed hand sits: the declarer (D), or a defender.
    pub seat: Seat,
    /// The chance a `pimc` declarer wants before it announces a level.
    pub confidence: f64,
    /// Deals around the fixed declarer's hand drawn as `bid` draws its
    /// samples (the musik shared out evenly, [`bid::sample_deal`]), so
    /// that `bid --play` plays the very deals `bid` of the same seed
    /// solves; otherwise each deal on its own (`play --hand`).
    pub as_bid_samples: bool,
}

/// One game.
#[derive(Clone, Debug, Serialize)]
pub struct Game {
    /// The deal's number in the run, from 0.
    pub index: usize,
    /// D L R and the musik.
    #[serde(serialize_with = "crate::players::pimc::display")]
    pub deal: Deal,
    #[serde(serialize_with = "crate::players::pimc::display")]
    pub exchange: Exchange,
    pub contract: u16,
    /// The cards played, in order (`KH-` for a lead that chose not to declare).
    #[serde(serialize_with = "moves_text")]
    pub play: Vec<Move>,
    /// D's final points.
    pub points: u16,
    /// L's and R's final points (R's 0 with two players).
    pub defenders_points: [u16; 2],
    pub made: bool,
    /// The hand score of D, L, R.
    pub score: [i32; 3],
    /// The double-dummy value of the deal: the best exchange, perfect play.
    pub dd_value: u16,
    /// The double-dummy value after the exchange D chose.
    pub dd_after_exchange: u16,
    /// The whole hand in history form, for `solve` and `analyze`.
    #[serde(serialize_with = "crate::players::pimc::display")]
    pub position: Position,
}

fn moves_text<S: serde::Serializer>(moves: &[Move], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(moves.iter().map(|m| m.to_string()))
}

/// The deal of game `index`: random, or around D's fixed hand.
fn deal_for(rules: &Rules, opts: &PlayOptions, index: usize) -> Deal {
    let mut rng = sample_rng(opts.seed, index as u64);
    match opts.hand {
        Some(h) if opts.as_bid_samples && opts.seat == Seat::D => {
            bid::sample_deal(rules, h, opts.seed, index)
        }
        Some(h) => {
            let d = deal_around(rules, h, &mut rng);
            // The hand to its seat, the piles dealt around it to the others
            // in turn (D's first).
            match (opts.seat, d.is_two()) {
                (Seat::D, _) => d,
                (_, true) => Deal::two(d.hands[1], h, d.musik, d.other_musik),
                (Seat::L, false) => Deal::new([d.hands[1], h, d.hands[2]], d.musik),
                (Seat::R, false) => Deal::new([d.hands[1], d.hands[2], h], d.musik),
            }
        }
        None => random::deal_for(&mut rng, rules),
    }
}

/// Plays game `index` to the end.
pub fn play_game(rules: &Rules, opts: &PlayOptions, index: usize, solver: &mut Solver) -> Game {
    let deal = deal_for(rules, opts, index);
    let declarer: &dyn Player = &opts.declarer;
    let defenders: &dyn Player = &opts.defenders;
    let placeholder = deal
        .after(
            rules,
            &crate::engine::contract::guessed_exchanges(&deal, rules)[0],
        )
        .expect("legal");
    let (exchange, contract) = {
        let mut cx = Context {
            solver,
            seed: decision_seed(opts.seed, index, 0),
            truth: &placeholder,
        };
        declarer.declare(&deal, rules, opts.bid, opts.confidence, &mut cx)
    };
    let start = deal
        .after(rules, &exchange)
        .expect("players choose legal exchanges");
    let mut setups: Vec<ViewSetup> = start
        .seats()
        .iter()
        .map(|&s| {
            let mut v = setup_for(rules, &deal, &exchange, start.hands[s.index()], s);
            v.contract = Some(contract);
            v.bid = Some(opts.bid);
            v
        })
        .collect();
    let mut state = start;
    let mut moves = Vec::new();
    while !state.is_over() {
        let seat = state.to_move();
        let view =
            View::new(setups[seat.index()].clone()).expect("a seat's view of a real game fits");
        let player = if seat == Seat::D { declarer } else { defenders };
        let mut cx = Context {
            solver,
            seed: decision_seed(opts.seed, index, moves.len() + 1),
            truth: &state,
        };
        let mv = player.play(&view, &mut cx);
        let played = state.play(rules, mv);
        for s in &mut setups {
            s.cards_played.push((mv.card(), played.declared.is_some()));
        }
        moves.push(mv);
    }
    let points = state.points;
    let dd_value = solver.best_exchange(&deal).1;
    let dd_after_exchange = solver.value(&start);
    let position = Position {
        id: Some(format!("game-{index}")),
        rules: *rules,
        contract: Some(contract),
        expect: None,
        line: 1,
        form: Form::History(History {
            deal: Some(deal),
            exchange: Some(exchange),
            start: Some(start),
            moves: moves.clone(),
        }),
    };
    Game {
        index,
        deal,
        exchange,
        contract,
        play: moves,
        points: points[0],
        defenders_points: [points[1], points[2]],
        made: points[0] >= contract,
        score: hand_score(rules, contract, points),
        dd_value,
        dd_after_exchange,
        position,
    }
}

/// Plays every game, in parallel; the games do not depend on the threads.
pub fn play_games(
    rules: &Rules,
    opts: &PlayOptions,
    workers: &Workers,
    progress: Progress,
) -> Vec<Game> {
    workers.map(opts.deals, progress, |solver, i| {
        play_game(rules, opts, i, solver)
    })
}

/// A mean with its 95% interval.
#[derive(Clone, Debug, Serialize)]
pub struct Mean {
    pub mean: f64,
    pub low: f64,
    pub high: f64,
}

impl Mean {
    pub fn of(xs: impl Iterator<Item = f64> + Clone) -> Mean {
        let n = xs.clone().count().max(1) as f64;
        let mean = xs.clone().sum::<f64>() / n;
        let var = if n > 1.0 {
            xs.map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        let half = 1.96 * (var / n).sqrt();
        Mean {
            mean,
            low: mean - half,
            high: mean + half,
        }
    }
}

/// Make rates at one level: in play and double-dummy, on the same deals.
#[derive(Clone, Debug, Serialize)]
pub struct LevelRate {
    pub level: u16,
    pub real: f64,
    pub dd: f64,
    /// Real minus double-dummy, with a 95% interval of the paired difference.
    pub gap: Mean,
}

/// What a run of games shows.
#[derive(Clone, Debug, Serialize)]
pub struct PlayReport {
    #[serde(serialize_with = "crate::players::pimc::display")]
    pub rules: Rules,
    pub deals: usize,
    pub seed: u64,
    #[serde(serialize_with = "crate::players::pimc::display")]
    pub declarer: PlayerKind,
    #[serde(serialize_with = "crate::players::pimc::display")]
    pub defenders: PlayerKind,
    pub bid: u16,
    /// D's final points in play.
    pub points: Mean,
    /// The double-dummy value of the same deals.
    pub dd_value: Mean,
    /// Points in play minus the double-dummy value, deal by deal.
    pub gap: Mean,
    /// The contracts announced, and how often they were made.
    pub contract: Mean,
    pub made: f64,
    pub made_low: f64,
    pub made_high: f64,
    /// D's mean hand score.
    pub score: Mean,
    pub levels: Vec<LevelRate>,
}

/// Sums up `games`.
pub fn report(rules: &Rules, opts: &PlayOptions, games: &[Game]) -> PlayReport {
    let n = games.len();
    let made = games.iter().filter(|g| g.made).count();
    let (made_low, made_high) = wilson(made, n);
    let top = games
        .iter()
        .map(|g| g.points.max(g.dd_value))
        .max()
        .unwrap_or(100);
    let levels = crate::engine::contract::levels_from(100, top.clamp(100, 400), rules)
        .into_iter()
        .map(|level| {
            let hit = |v: u16| f64::from(u8::from(v >= level));
            let real = games.iter().map(|g| hit(g.points)).sum::<f64>() / n.max(1) as f64;
            let dd = games.iter().map(|g| hit(g.dd_value)).sum::<f64>() / n.max(1) as f64;
            LevelRate {
                level,
                real,
                dd,
                gap: Mean::of(games.iter().map(move |g| hit(g.points) - hit(g.dd_value))),
            }
        })
        .collect();
    PlayReport {
        rules: *rules,
        deals: n,
        seed: opts.seed,
        declarer: opts.declarer,
        defenders: opts.defenders,
        bid: opts.bid,
        points: Mean::of(games.iter().map(|g| f64::from(g.points))),
        dd_value: Mean::of(games.iter().map(|g| f64::from(g.dd_value))),
        gap: Mean::of(
            games
                .iter()
                .map(|g| f64::from(g.points) - f64::from(g.dd_value)),
        ),
        contract: Mean::of(games.iter().map(|g| f64::from(g.contract))),
        made: made as f64 / n.max(1) as f64,
        made_low,
        made_high,
        score: Mean::of(games.iter().map(|g| f64::from(g.score[0]))),
        levels,
    }
}
