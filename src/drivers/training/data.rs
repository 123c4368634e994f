//! The decisions the models learn from, made by the project's own computer
//! players on seeded random deals: a `pimc` declarer's exchange and
//! contract over a bid of 100 (as `play` makes them), and `pimc` bidders'
//! calls in auctions at the start of a game (as `game` makes them).

use crate::engine::card::Card;
use crate::engine::cardset::CardSet;
use crate::engine::contract::guessed_exchanges;
use crate::engine::contract::levels_from;
use crate::engine::deal::{Exchange, Give};
use crate::engine::random::{self, SeededRng};
use crate::engine::rules::Rules;
use crate::engine::sample::{deal_unseen, sample_rng, AUX_STREAM};
use crate::engine::seat::Seat;
use crate::engine::state::State;
use crate::estimate::real::Basis;
use crate::game::table::{Decision, Table};
use crate::players::computer::Computer;
use crate::players::player::decision_seed;
use crate::players::player::{announce_among, kept, sampled_declare, PlayerKind};
use crate::solver::Solver;
use crate::solver::{Progress, Workers};

use crate::players::inference::announced;
use crate::players::inference::evidence::{calls_say, contract_says};
use crate::players::inference::model::Interval;

/// One declarer's choice.
#[derive(Clone, Debug)]
pub struct Declaration {
    /// D's ten cards (its seven and the musik).
    pub ten: CardSet,
    pub exchange: Exchange,
    pub bid: u16,
    pub contract: u16,
}

impl Declaration {
    /// The eight cards D kept.
    pub fn kept(&self) -> CardSet {
        kept(self.ten, &self.exchange)
    }

    /// What the contract says of the kept cards' level.
    pub fn interval(&self, rules: &Rules) -> Interval {
        contract_says(rules, self.bid, self.contract)
    }

    /// The two cards given away, when D passed them to the defenders.
    pub fn gift(&self) -> Option<(crate::Card, crate::Card)> {
        match self.exchange.give {
            Give::Pass(a, b) => Some((a, b)),
            Give::Discard(_) | Give::LayAway(..) => None,
        }
    }
}

/// Deal `i` of `seed`, a `pimc:samples` declarer's choice on it over a bid
/// of 100, and the first lead's state.
pub(super) fn declare_deal(
    rules: &Rules,
    samples: usize,
    seed: u64,
    i: usize,
    solver: &mut crate::Solver,
) -> (crate::Deal, crate::players::player::Declared, crate::State) {
    let deal = random::deal(&mut sample_rng(seed, i as u64));
    let d = sampled_declare(
        solver,
        rules,
        &deal,
        100,
        0.5,
        samples,
        decision_seed(seed, i, 0),
    );
    let start = deal.after(rules, &d.exchange).expect("a legal exchange");
    (deal, d, start)
}

/// `deals` declarations of a `pimc:samples` declarer over a bid of 100.
pub fn declarations(
    rules: &Rules,
    deals: usize,
    samples: usize,
    seed: u64,
    workers: &Workers,
    progress: Progress,
) -> Vec<Declaration> {
    workers.map(deals, progress, |solver, i| {
        let (deal, d, _) = declare_deal(rules, samples, seed, i, solver);
        Declaration {
            ten: deal.declarer_ten(),
            exchange: d.exchange,
            bid: 100,
            contract: d.contract,
        }
    })
}

/// One bidder's calls in an auction.
#[derive(Clone, Debug)]
pub struct Bidding {
    pub seven: CardSet,
    pub interval: Interval,
}

/// The bidders of `auctions` auctions at the start of a game, all three
/// `kind` computers; bidders whose calls say nothing are left out.
pub fn biddings(
    rules: &Rules,
    auctions: usize,
    kind: PlayerKind,
    seed: u64,
    workers: &Workers,
    progress: Progress,
) -> Vec<Bidding> {
    let per: Vec<Vec<Bidding>> = workers.map(auctions, progress, |solver, i| {
        let names = ["A", "B", "C"].map(String::from).to_vec();
        let game_seed = seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut table = Table::new(*rules, names, game_seed, i % 3).expect("three players");
        // The model was fitted on bidders of double-dummy values (before the
        // real-play basis); its data stays theirs, so it can be rebuilt.
        let computers: Vec<Computer> = (0..3)
            .map(|_| Computer::with_basis(kind, Basis::DoubleDummy))
            .collect();
        while let Some(turn) = table.turn() {
            if !matches!(turn.decision, Decision::Call | Decision::Redeal(_)) {
                break;
            }
            let action = computers[turn.player].act(&table, &turn, solver);
            table.act(action).expect("a computer's action is legal");
        }
        let h = table.hand();
        (0..h.bidders.len())
            .map(|b| Bidding {
                seven: h.cards[b],
                interval: calls_say(rules, &h.auction.calls, b),
            })
            .filter(|b| !b.interval.is_open())
            .collect()
    });
    per.into_iter().flatten().collect()
}

/// One observation of a level, in the data file `tysiac inference train
/// --save-data` writes: the hand, as text, and what the decision said. The
/// cards, not their features, so that a refit may count other features.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Observation {
    /// `bid` (seven cards) or `contract` (the eight D kept).
    pub model: String,
    pub hand: String,
    pub interval: Interval,
}

impl Observation {
    pub fn new(model: &str, hand: CardSet, interval: Interval) -> Observation {
        Observation {
            model: model.into(),
            hand: hand.to_string(),
            interval,
        }
    }

    /// The hand, checked to have the model's number of cards.
    pub fn cards(&self) -> Result<CardSet, String> {
        let hand: CardSet = self.hand.parse().map_err(|e| format!("{e}"))?;
        let want = match self.model.as_str() {
            "bid" => 7,
            "contract" => 8,
            m => return Err(format!("'{m}' is not a model (bid, contract)")),
        };
        if hand.len() != want {
            return Err(format!(
                "a {} hand has {want} cards, not {} ({hand})",
                self.model,
                hand.len()
            ));
        }
        Ok(hand)
    }
}

/// One gift observed: D's ten cards and the two it gave away, as text.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct GiftSeen {
    pub ten: String,
    pub gave: [String; 2],
}

impl GiftSeen {
    pub fn new(ten: CardSet, a: Card, b: Card) -> GiftSeen {
        GiftSeen {
            ten: ten.to_string(),
            gave: [a.to_string(), b.to_string()],
        }
    }

    pub fn cards(&self) -> Result<(CardSet, Card, Card), String> {
        let ten: CardSet = self.ten.parse().map_err(|e| format!("{e}"))?;
        let a: Card = self.gave[0].parse().map_err(|e| format!("{e}"))?;
        let b: Card = self.gave[1].parse().map_err(|e| format!("{e}"))?;
        Ok((ten, a, b))
    }
}

/// One first lead seen: the eight cards D kept and the card it led, as text.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct LeadSeen {
    pub kept: String,
    pub led: String,
}

impl LeadSeen {
    pub fn new(kept: CardSet, led: Card) -> LeadSeen {
        LeadSeen {
            kept: kept.to_string(),
            led: led.to_string(),
        }
    }

    pub fn cards(&self) -> Result<(CardSet, Card), String> {
        let kept: CardSet = self.kept.parse().map_err(|e| format!("{e}"))?;
        let led: Card = self.led.parse().map_err(|e| format!("{e}"))?;
        if !kept.contains(led) {
            return Err(format!("{led} is not among the kept cards {kept}"));
        }
        Ok((kept, led))
    }
}

/// A `pimc:samples` declarer's first lead on `deals` seeded deals (its
/// exchange and contract over a bid of 100 made as in [`declarations`]).
pub fn leads(
    rules: &Rules,
    deals: usize,
    samples: usize,
    seed: u64,
    workers: &Workers,
    progress: Progress,
) -> Vec<LeadSeen> {
    let seed = seed ^ 0x1EAD_1EAD_1EAD_1EAD;
    workers.map(deals, progress, |solver, i| {
        let (deal, d, start) = declare_deal(rules, samples, seed, i, solver);
        let mut setup =
            crate::view::setup_for(rules, &deal, &d.exchange, start.hands[0], crate::Seat::D);
        setup.contract = Some(d.contract);
        let view = crate::View::new(setup).expect("D's view of its own deal");
        let opts = crate::PimcOptions {
            samples,
            seed: decision_seed(seed, i, 1),
            objective: None,
            inference: crate::players::inference::Inference::Model,
        };
        let lead = crate::players::pimc::suggest_with(&view, &opts, solver)
            .expect("D leads")
            .best;
        LeadSeen::new(start.hands[0], lead.card())
    })
}

/// One hand's worth measured: eight cards D kept, as text, the mean of its
/// double-dummy points over random layouts of the other sixteen, and the
/// contract D would announce over a bid of 100 from those layouts'
/// points, were its marriages no limit (`player::announce`: a wide spread
/// of points announces lower than a narrow one of the same mean).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct WorthSeen {
    pub hand: String,
    pub mean: f64,
    pub announce: f64,
}

impl WorthSeen {
    pub fn cards(&self) -> Result<CardSet, String> {
        let hand: CardSet = self.hand.parse().map_err(|e| format!("{e}"))?;
        if hand.len() != 8 || !self.mean.is_finite() || !self.announce.is_finite() {
            return Err(format!(
                "a worth is of eight cards and two numbers ({hand})"
            ));
        }
        Ok(hand)
    }
}

/// The eight cards of hand `i` whose worth is learned: even hands are eight
/// cards at random, as a seat's sampled layouts give D; odd hands are what
/// a declarer keeps of a random ten by rule of thumb, as the hands that
/// raise are.
fn worth_hand(rules: &Rules, seed: u64, i: usize) -> CardSet {
    let mut rng = sample_rng(seed, i as u64);
    let deal = random::deal(&mut rng);
    if i % 2 == 0 {
        let extra = deal.musik.lowest().expect("a musik");
        return deal.hands[0].with(extra);
    }
    let best = guessed_exchanges(&deal, rules)[0];
    kept(deal.declarer_ten(), &best)
}

/// The worth of `hands` hands (see `worth_hand`): D's mean double-dummy
/// points, leading with eight cards each, over `layouts` random layouts of
/// the others' cards.
pub fn worths(
    rules: &Rules,
    hands: usize,
    layouts: usize,
    seed: u64,
    workers: &Workers,
    progress: Progress,
) -> Vec<WorthSeen> {
    let seed = seed ^ 0x3057_3057_3057_3057;
    workers.map(hands, progress, |solver, i| {
        let hand = worth_hand(rules, seed, i);
        let mut rng = sample_rng(seed, AUX_STREAM + i as u64);
        let values = measure(solver, hand, layouts, &mut rng);
        WorthSeen {
            hand: hand.to_string(),
            mean: crate::estimate::mean(&values),
            announce: f64::from(announce_over(&values, 100, rules)),
        }
    })
}

/// D's double-dummy points with eight cards `hand`, leading, on `layouts`
/// random layouts of the others' sixteen.
fn measure(solver: &mut Solver, hand: CardSet, layouts: usize, rng: &mut SeededRng) -> Vec<u16> {
    (0..layouts)
        .map(|_| {
            let p = deal_unseen(hand, &[8, 8], rng);
            let start = State::new([hand, p[0], p[1]], Seat::D, None, [0; 3]);
            solver.value(&start)
        })
        .collect()
}

/// The level D's procedure announces over a bid of `bid` from the points
/// `values`, were its marriages no limit.
fn announce_over(values: &[u16], bid: u16, rules: &Rules) -> u16 {
    // Every level four marriages could allow.
    let every_level = levels_from(
        bid,
        crate::engine::contract::cap(CardSet::ALL, rules),
        rules,
    );
    announce_among(every_level, bid, 0.5, values)
}

/// The table's level from the points `values`: the level announced over
/// a bid of 100 and, where that is 100, the level announced over a bid of
/// 0, at most 100. (Over a bid of 0 alone, a hand that makes 110 nine times
/// in ten would announce 90, whose expected score is higher.)
pub(crate) fn graded_level(values: &[u16], rules: &Rules) -> u16 {
    match announce_over(values, 100, rules) {
        100 => announce_over(values, 0, rules).min(100),
        level => level,
    }
}

/// The table of [`crate::players::inference::announced`]: each hand of eight's
/// `graded_level` (in tens), measured as [`worths`] measures, on
/// `layouts` layouts of hand `r`'s own seed stream, once for each hand
/// measured (`measured`: [`announced::measured_hands`]).
pub fn announce_table(
    rules: &Rules,
    measured: &[usize],
    layouts: usize,
    seed: u64,
    workers: &Workers,
    progress: Progress,
) -> Vec<u8> {
    let levels = workers.map(measured.len(), progress, |solver, i| {
        let r = measured[i];
        let mut rng = sample_rng(seed, r as u64);
        let values = measure(solver, announced::unrank(r), layouts, &mut rng);
        u8::try_from(graded_level(&values, rules) / 10).expect("levels up to 360")
    });
    (0..announced::HANDS)
        .map(|r| {
            let rep = announced::rank(announced::representative(announced::unrank(r)));
            let at = measured
                .binary_search(&rep.expect("eight cards"))
                .expect("every representative is measured");
            levels[at]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table's level: over a bid of 100 where that is above 100, else
    /// over a bid of 0 and at most 100.
    #[test]
    fn a_graded_level_is_the_announce_over_100_graded_below_it() {
        let r = Rules::STANDARD;
        let of = |parts: &[(usize, u16)]| -> Vec<u16> {
            parts
                .iter()
                .flat_map(|&(n, v)| std::iter::repeat_n(v, n))
                .collect()
        };
        // Always 115: 110 over 100, and over 0 too.
        assert_eq!(graded_level(&of(&[(24, 115)]), &r), 110);
        // Always 93: over 100 nothing is made, over 0 it is 90.
        assert_eq!(graded_level(&of(&[(24, 93)]), &r), 90);
        // 115 twenty times, 85 four: over 0, 80 (made every time) has the
        // best expected score, but over 100 it is 110, and that is kept.
        let mostly = of(&[(20, 115), (4, 85)]);
        assert_eq!(announce_over(&mostly, 0, &r), 80);
        assert_eq!(graded_level(&mostly, &r), 110);
        // Over 0 a hand that makes 140 always would announce 140: no cap
        // at 100 above it.
        assert_eq!(graded_level(&of(&[(24, 144)]), &r), 140);
        // 100 made every time, 110 never: 100 either way.
        assert_eq!(graded_level(&of(&[(24, 105)]), &r), 100);
        assert_eq!(graded_level(&of(&[(12, 0), (12, 30)]), &r), 0);
    }

    /// The shipped `data/announce.bin` is what `tysiac inference
    /// announce-table --layouts 24 --seed 20261203` measures: hands of every
    /// level measured again on their own seed streams.
    #[test]
    fn the_shipped_table_is_what_the_command_measures() {
        let r = Rules::STANDARD;
        let mut solver = Solver::new(r);
        let measured = announced::measured_hands();
        let mut levels = std::collections::BTreeSet::new();
        let mut checked = 0;
        // Every 9,000th hand measured, and the first few of each level
        // above 100 (rarer: 10% of the hands).
        let mut above = 0;
        for (k, &rank) in measured.iter().enumerate() {
            let hand = announced::unrank(rank);
            let shipped = announced::announced(hand).unwrap();
            let take = k % 9_000 == 0 || (shipped > 100 && k % 97 == 0 && above < 12);
            if !take {
                continue;
            }
            above += usize::from(shipped > 100);
            let mut rng = sample_rng(20_261_203, rank as u64);
            let values = measure(&mut solver, hand, 24, &mut rng);
            assert_eq!(graded_level(&values, &r), shipped, "{hand}");
            levels.insert(shipped);
            checked += 1;
        }
        assert!(checked > 40 && levels.len() > 8, "{checked} {levels:?}");
        assert!(levels.iter().any(|&l| l < 100) && levels.iter().any(|&l| l > 100));
    }

    /// The gift is the pair passed to L and R, in that order; a discard or
    /// a lay-away gives no defender a card.
    #[test]
    fn the_gift_is_the_pair_passed() {
        let c = |s: &str| s.parse::<crate::Card>().unwrap();
        let ten: CardSet = "AKQ.T9..AJ".parse::<CardSet>().unwrap() | "..Q.K9".parse().unwrap();
        let with = |give| Declaration {
            ten,
            exchange: Exchange { give, trump: None },
            bid: 100,
            contract: 100,
        };
        assert_eq!(
            with(Give::Pass(c("9S"), c("QC"))).gift(),
            Some((c("9S"), c("QC")))
        );
        assert_eq!(
            with(Give::Discard(ten.minus("AKQ.T9..A".parse().unwrap()))).gift(),
            None
        );
        assert_eq!(with(Give::LayAway(c("9S"), c("QC"))).gift(), None);
    }
}
