//! The learned likelihoods: how likely a decision is, given the hand that
//! made it. Two kinds of model, both fitted by `tysiac inference train`
//! (docs/inference.md) and kept in `data/inference.json`:
//!
//! - [`Ordinal`]: a hand's *level*, a latent number of points, is its
//!   features' weighted sum plus logistic noise; a bid, a pass or a
//!   contract says the level lies in an interval (a bid of 150 that later
//!   passed at 170: from 150 to 170), whose chance is a difference of two
//!   logistic curves;
//! - [`Gift`] and [`Lead`]: D gives away the two cards of its ten, and
//!   leads the one of its eight, with the highest utility, softly: a
//!   choice's chance is proportional to the exponent of its cards' summed
//!   utilities (a conditional logit).

use serde::{Deserialize, Serialize};

use crate::engine::card::Card;
use crate::engine::cardset::CardSet;
use crate::engine::rules::Rules;

use super::features::{
    gift_features, hand_features, lead_features, GIFT_FEATURES, GIFT_FEATURE_NAMES, HAND_FEATURES,
    HAND_FEATURE_NAMES, LEAD_FEATURES, LEAD_FEATURE_NAMES,
};
use super::worth::{holdings, Worth, WORTH_FEATURES};

/// An interval of a hand's level: `[low, high)`, either end open.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Interval {
    pub low: Option<f64>,
    pub high: Option<f64>,
}

impl Interval {
    pub fn at_least(low: u16) -> Interval {
        Interval {
            low: Some(f64::from(low)),
            high: None,
        }
    }
    pub fn below(high: u16) -> Interval {
        Interval {
            low: None,
            high: Some(f64::from(high)),
        }
    }
    pub fn between(low: Option<u16>, high: Option<u16>) -> Interval {
        Interval {
            low: low.map(f64::from),
            high: high.map(f64::from),
        }
    }
    /// Says nothing.
    pub fn is_open(&self) -> bool {
        self.low.is_none() && self.high.is_none()
    }
}

/// A hand's level as features times weights plus logistic noise of the
/// given scale; a share `slip` of the decisions strays further, with noise
/// of the wider scale `wide` about the same centre.
///
/// D's announce procedure is nearly deterministic (the announce table gives
/// the very contract heard in nine declarations of ten), but a few contracts
/// stray 50 or 100 points from it. One logistic curve must be wide enough
/// for those, and then weighs every near miss as if it were likely; the
/// slip lets the common case be sharp.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ordinal {
    pub weights: Vec<f64>,
    pub scale: f64,
    /// The share of decisions off the sharp curve: 0 in a plain model (and
    /// in files from before it).
    #[serde(default)]
    pub slip: f64,
    /// The scale of the stray decisions' noise; unused when `slip` is 0.
    #[serde(default)]
    pub wide: f64,
}

/// The logistic curve, 1 / (1 + e^-x).
pub(crate) fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + libm::exp(-x))
}

impl Ordinal {
    /// The expected level of a hand with features `x`.
    pub fn level(&self, x: &[f64]) -> f64 {
        self.weights.iter().zip(x).map(|(w, f)| w * f).sum()
    }

    /// The chance that the level of a hand with features `x` lies in `i`.
    pub fn chance(&self, x: &[f64], i: Interval) -> f64 {
        let z = self.level(x);
        let within = |scale: f64| {
            let below = |t: Option<f64>, open: f64| t.map_or(open, |t| logistic((t - z) / scale));
            (below(i.high, 1.0) - below(i.low, 0.0)).max(0.0)
        };
        if self.slip > 0.0 {
            (1.0 - self.slip) * within(self.scale) + self.slip * within(self.wide)
        } else {
            within(self.scale)
        }
    }

    /// Whether the scales and the slip are numbers a model can have.
    pub fn is_sound(&self) -> bool {
        let slip_ok = (0.0..1.0).contains(&self.slip) && (self.slip == 0.0 || self.wide > 0.0);
        self.scale > 0.0 && slip_ok && self.weights.iter().all(|w| w.is_finite())
    }
}

/// The exponent of each card's utility `w · f(card)`, scaled so the largest
/// is 1 (a conditional logit's choice weights).
fn card_weights<const F: usize>(
    weights: &[f64],
    cards: CardSet,
    features: impl Fn(Card) -> [f64; F],
) -> Vec<(Card, f64)> {
    let u: Vec<(Card, f64)> = cards
        .iter()
        .map(|c| {
            (
                c,
                weights.iter().zip(&features(c)).map(|(w, f)| w * f).sum(),
            )
        })
        .collect();
    let top = u.iter().map(|x| x.1).fold(f64::NEG_INFINITY, f64::max);
    u.into_iter()
        .map(|(c, x)| (c, libm::exp(x - top)))
        .collect()
}

fn weight_of(e: &[(Card, f64)], c: Card) -> f64 {
    e.iter().find(|x| x.0 == c).map_or(0.0, |x| x.1)
}

/// D's choice of the two cards it gives away, as a conditional logit over
/// the pairs of its ten cards: a pair's utility is its two cards' (what
/// each is, in D's ten) and, weighed by `keep`, the worth of the eight D
/// keeps without them: D keeps the eight its layouts say are worth most.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Gift {
    pub weights: Vec<f64>,
    /// The utility of ten points of the kept eight's worth.
    pub keep: f64,
}

/// The features of giving away `a` and `b` of `ten`: the two cards'
/// features summed, then the worth of the eight kept, in tens of points.
/// (The trainer's rows; [`Gift::chance`] sums the same faster.)
#[cfg(any(feature = "train", test))]
pub fn gift_pair_features(
    ten: CardSet,
    a: Card,
    b: Card,
    rules: &Rules,
    worth: &Worth,
) -> [f64; GIFT_FEATURES + 1] {
    let mut x = [0.0; GIFT_FEATURES + 1];
    for (i, (fa, fb)) in gift_features(a, ten)
        .iter()
        .zip(gift_features(b, ten))
        .enumerate()
    {
        x[i] = fa + fb;
    }
    x[GIFT_FEATURES] = worth.of(ten.without(a).without(b), rules) / 10.0;
    x
}

/// Every pair of `ten`'s cards, each once.
#[cfg(any(feature = "train", test))]
pub fn pairs(ten: CardSet) -> impl Iterator<Item = (Card, Card)> {
    let cards: Vec<Card> = ten.iter().collect();
    (0..cards.len()).flat_map(move |i| {
        let cards = cards.clone();
        (i + 1..cards.len()).map(move |j| (cards[i], cards[j]))
    })
}

impl Gift {
    /// The chance that D, holding `ten`, gives away `a` and `b` (in either
    /// order of the defenders).
    pub fn chance(&self, ten: CardSet, a: Card, b: Card, rules: &Rules, worth: &Worth) -> f64 {
        // Each card's utility once; then each pair's, with its kept worth
        // (the same sum as `gift_pair_features` times the weights).
        let card: Vec<(Card, f64)> = ten
            .iter()
            .map(|c| {
                let f = gift_features(c, ten);
                (c, self.weights.iter().zip(&f).map(|(w, f)| w * f).sum())
            })
            .collect();
        let held = holdings(ten);
        let without = |h: &mut [usize; 4], c: Card| {
            h[c.suit().index()] &= !(1 << c.rank() as usize);
        };
        let mut u = [0.0f64; 45];
        let mut chosen = None;
        let mut k = 0;
        for (i, &(x, ux)) in card.iter().enumerate() {
            for &(y, uy) in &card[i + 1..] {
                let mut h = held;
                without(&mut h, x);
                without(&mut h, y);
                u[k] = ux + uy + self.keep * worth.of_holdings(h, rules) / 10.0;
                if (x, y) == (a, b) || (x, y) == (b, a) {
                    chosen = Some(k);
                }
                k += 1;
            }
        }
        let u = &u[..k];
        let top = u.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let total: f64 = u.iter().map(|x| libm::exp(x - top)).sum();
        chosen.map_or(0.0, |i| libm::exp(u[i] - top) / total)
    }
}

/// D's first lead, as a conditional logit over the eight cards it kept.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Lead {
    pub weights: Vec<f64>,
}

impl Lead {
    /// The chance that D, having kept `kept`, leads `card` to the first trick.
    pub fn chance(&self, kept: CardSet, card: Card, rules: &Rules) -> f64 {
        let e = card_weights(&self.weights, kept, |c| lead_features(c, kept, rules));
        weight_of(&e, card) / e.iter().map(|x| x.1).sum::<f64>()
    }
}

/// Every learned likelihood, with how it was made.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Model {
    /// What the file is, and the command that rebuilt it.
    pub about: String,
    pub command: String,
    pub hand_features: Vec<String>,
    pub gift_features: Vec<String>,
    pub lead_features: Vec<String>,
    /// The level a bidder bids to, from its seven cards.
    pub bid: Ordinal,
    /// The level D announces to, from the eight cards it kept: their hand
    /// features and, last, their worth in tens of points.
    pub contract: Ordinal,
    /// What D's eight cards are worth, learned from the solver: their mean
    /// double-dummy points. The contract their points announce is not
    /// learned but looked up ([`super::announced`]).
    pub worth: Worth,
    /// Where the contract's `announce/10` feature comes from: `table`
    /// (`data/announce.bin`). Files fitted on a learned sum lack it and are
    /// refused.
    #[serde(default)]
    pub announce_from: String,
    pub gift: Gift,
    pub lead: Lead,
    #[serde(default)]
    pub temper: Temper,
    /// The training figures (data sizes, log-likelihoods).
    pub training: serde_json::Value,
}

/// How far each kind of evidence is believed: its log-likelihood is
/// multiplied by this. Each model is fitted on its own decisions, but read
/// together over many uniform layouts their errors add up: the exponents
/// are fitted so that the true layouts of fresh deals stand out of uniform
/// ones as often as the weights say (`tysiac inference calibrate`,
/// docs/inference.md). Files from before it read all ones.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Temper {
    pub bids: f64,
    /// A contract raised over the bid.
    pub contract_raised: f64,
    /// A contract held at the bid won.
    pub contract_held: f64,
    pub gift: f64,
    pub lead: f64,
}

impl Default for Temper {
    fn default() -> Temper {
        Temper {
            bids: 1.0,
            contract_raised: 1.0,
            contract_held: 1.0,
            gift: 1.0,
            lead: 1.0,
        }
    }
}

impl Temper {
    /// A log-likelihood believed to the power `exponent`: scaled, except
    /// that a decision the rules forbid (−∞) stays impossible at any
    /// exponent (−∞ × 0 would be NaN).
    pub fn apply(exponent: f64, log: f64) -> f64 {
        if log == f64::NEG_INFINITY {
            log
        } else {
            exponent * log
        }
    }
}

/// The model shipped in `data/inference.json`, read at compile time.
const SHIPPED: &str = include_str!("../../../data/inference.json");

impl Model {
    /// The model in the repository.
    pub fn shipped() -> &'static Model {
        static MODEL: std::sync::OnceLock<Model> = std::sync::OnceLock::new();
        MODEL.get_or_init(|| Model::from_json(SHIPPED).expect("data/inference.json is a model"))
    }

    /// Reads a model file, checking it describes the features this build
    /// computes.
    pub fn from_json(text: &str) -> Result<Model, String> {
        let m: Model = serde_json::from_str(text).map_err(|e| format!("a model file: {e}"))?;
        if m.hand_features != HAND_FEATURE_NAMES
            || m.gift_features != GIFT_FEATURE_NAMES
            || m.lead_features != LEAD_FEATURE_NAMES
        {
            return Err("the model's features are not this build's: retrain it".into());
        }
        let sizes_ok = m.bid.weights.len() == HAND_FEATURES
            && m.contract.weights.len() == CONTRACT_FEATURES
            && m.worth.weights.len() == WORTH_FEATURES
            && m.gift.weights.len() == GIFT_FEATURES
            && m.lead.weights.len() == LEAD_FEATURES;
        if m.announce_from != ANNOUNCE_FROM {
            return Err(
                "the model's contract was fitted on another announce feature: retrain it".into(),
            );
        }
        if !sizes_ok || !m.bid.is_sound() || !m.contract.is_sound() {
            return Err("the model's weights do not fit its features".into());
        }
        let t = m.temper;
        let factors = [t.bids, t.contract_raised, t.contract_held, t.gift, t.lead];
        if factors.iter().any(|f| !f.is_finite() || *f < 0.0) {
            return Err("the model's tempering factors are not numbers from 0 up".into());
        }
        Ok(m)
    }

    /// The chance that D, holding `ten`, gives away `a` and `b`.
    pub fn gift_chance(&self, ten: CardSet, a: Card, b: Card, rules: &Rules) -> f64 {
        self.gift.chance(ten, a, b, rules, &self.worth)
    }

    /// The chance of a bidder's calls given its seven cards: none when
    /// they bid above what its marriages allow.
    pub fn bid_chance(&self, seven: CardSet, rules: &Rules, i: Interval) -> f64 {
        if !allows(seven, rules, i) {
            return 0.0;
        }
        self.bid
            .chance(&hand_features(seven, rules), said(seven, rules, i))
    }

    /// The chance that D, having kept `kept`, announced `contract`, which
    /// says `i` of their level: like D's own choice, it depends on D's
    /// cards alone; none when the contract is above what D's marriages
    /// allow.
    pub fn contract_chance(&self, kept: CardSet, rules: &Rules, contract: u16, i: Interval) -> f64 {
        if contract > crate::engine::contract::cap(kept, rules) {
            return 0.0;
        }
        self.contract.chance(
            &contract_features(kept, rules, &self.worth),
            said(kept, rules, i),
        )
    }
}

/// The contract model's features: the hand features, then the worth and
/// the contract it announces.
pub const CONTRACT_FEATURES: usize = HAND_FEATURES + 2;

/// The contract model's features of the eight cards D kept: the hand
/// features, then their worth and the contract D's own procedure announces
/// with them (the table of [`super::announced`]), in tens of points.
pub fn contract_features(kept: CardSet, rules: &Rules, worth: &Worth) -> [f64; CONTRACT_FEATURES] {
    let mut x = [0.0; CONTRACT_FEATURES];
    x[..HAND_FEATURES].copy_from_slice(&hand_features(kept, rules));
    x[HAND_FEATURES] = worth.of(kept, rules) / 10.0;
    // Eight cards always: D's kept hand.
    x[HAND_FEATURES + 1] = super::announced::announced(kept).map_or(10.0, |l| f64::from(l) / 10.0);
    x
}

/// What [`Model::announce_from`] must say.
pub const ANNOUNCE_FROM: &str = "table from 0";

/// What a call says of the level of `cards` that made it: `i`, but no
/// upper end when the call it declined (the next bid, the next contract)
/// is above what the cards' marriages allow. D without a marriage
/// announces 120 however strong it is: that says "at least 120", not "up
/// to 130"; a pass facing 130 without a marriage is no choice.
pub fn said(cards: CardSet, rules: &Rules, i: Interval) -> Interval {
    let cap = f64::from(crate::engine::contract::cap(cards, rules));
    Interval {
        low: i.low,
        high: i.high.filter(|&h| h <= cap),
    }
}

/// Whether `cards` may bid the lowest level of `i`: a level above 120
/// needs marriages (docs/rules.md, *Bidding*), a rule, not a habit, so a
/// hand that breaks it never made the call.
pub(crate) fn allows(cards: CardSet, rules: &Rules, i: Interval) -> bool {
    i.low
        .is_none_or(|low| low <= f64::from(crate::engine::contract::cap(cards, rules)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tempering_scales_a_log_likelihood_and_keeps_the_impossible() {
        assert_eq!(Temper::apply(0.5, -3.0), -1.5);
        assert_eq!(Temper::apply(2.0, -3.0), -6.0);
        assert_eq!(Temper::apply(0.0, -3.0), 0.0);
        for x in [0.0, 0.6, 1.0, 2.0] {
            assert_eq!(Temper::apply(x, f64::NEG_INFINITY), f64::NEG_INFINITY);
        }
    }

    #[test]
    fn an_interval_chance_is_a_difference_of_logistic_curves() {
        let m = Ordinal {
            weights: vec![100.0],
            scale: 10.0,
            slip: 0.0,
            wide: 0.0,
        };
        // Level 100: half below 100; (100, 110): σ(1) − σ(0) = 0.7311 − 0.5.
        assert!((m.chance(&[1.0], Interval::below(100)) - 0.5).abs() < 1e-12);
        let i = Interval::between(Some(100), Some(110));
        assert!((m.chance(&[1.0], i) - 0.231_058_6).abs() < 1e-6);
        assert!((m.chance(&[1.0], Interval::at_least(100)) - 0.5).abs() < 1e-12);
        assert_eq!(m.chance(&[1.0], Interval::between(None, None)), 1.0);
    }

    #[test]
    fn a_slipping_chance_mixes_a_sharp_and_a_wide_curve() {
        let m = Ordinal {
            weights: vec![100.0],
            scale: 2.0,
            slip: 0.1,
            wide: 20.0,
        };
        // Level 100; [110, 120): 0.9 (σ(10) − σ(5)) + 0.1 (σ(1) − σ(0.5)).
        let i = Interval::between(Some(110), Some(120));
        let sharp = logistic(10.0) - logistic(5.0);
        let wide = logistic(1.0) - logistic(0.5);
        let want = 0.9 * sharp + 0.1 * wide;
        assert!((m.chance(&[1.0], i) - want).abs() < 1e-12);
        // Far from the centre the wide curve carries nearly all of it.
        let far = Interval::at_least(160);
        assert!(m.chance(&[1.0], far) > 0.1 * (1.0 - logistic(3.0)) * 0.99);
        assert!(m.chance(&[1.0], Interval::between(None, None)) == 1.0);
        // A model whose slip is not a share, or has no wide scale, is unsound.
        for (slip, wide) in [(1.0, 20.0), (-0.1, 20.0), (0.1, 0.0)] {
            assert!(
                !Ordinal {
                    slip,
                    wide,
                    ..m.clone()
                }
                .is_sound(),
                "{slip} {wide}"
            );
        }
        assert!(m.is_sound());
        assert!(Ordinal {
            slip: 0.0,
            wide: 0.0,
            ..m
        }
        .is_sound());
    }

    #[test]
    fn a_gift_of_equal_cards_is_one_pair_in_forty_five() {
        let g = Gift {
            weights: vec![0.0; GIFT_FEATURES],
            keep: 0.0,
        };
        let ten: CardSet = "AH TH KH QH AD 9C JS 9S QS KD"
            .split(' ')
            .map(|c| c.parse::<Card>().unwrap())
            .collect();
        let (r, worth) = (Rules::STANDARD, &Model::shipped().worth);
        let p = g.chance(ten, "9S".parse().unwrap(), "JS".parse().unwrap(), &r, worth);
        assert!((p - 1.0 / 45.0).abs() < 1e-12);
        assert_eq!(pairs(ten).count(), 45);
        // Keeping what is worth more: with the worth alone (the cards'
        // utilities flat), the pair whose eight are worth most is likeliest.
        let k = Gift {
            weights: vec![0.0; GIFT_FEATURES],
            keep: 1.0,
        };
        let best = pairs(ten)
            .max_by(|x, y| {
                let w = |p: &(Card, Card)| worth.of(ten.without(p.0).without(p.1), &r);
                w(x).total_cmp(&w(y))
            })
            .unwrap();
        let top = k.chance(ten, best.0, best.1, &r, worth);
        assert!(pairs(ten).all(|(a, b)| k.chance(ten, a, b, &r, worth) <= top));
        // Either order of the pair is the same gift; all pairs sum to one.
        assert_eq!(top, k.chance(ten, best.1, best.0, &r, worth));
        let total: f64 = pairs(ten)
            .map(|(a, b)| k.chance(ten, a, b, &r, worth))
            .sum();
        assert!((total - 1.0).abs() < 1e-9);
    }

    #[test]
    fn large_utilities_still_give_chances() {
        // Utilities of hundreds would overflow the exponent unless scaled
        // by the largest: the chances must stay finite and sum to one.
        let lead = Lead {
            weights: vec![400.0, 0.0, 300.0, 0.0, 0.0, 0.0, 0.0],
        };
        let kept: CardSet = "AH TH KH QH AD 9C JS 9S"
            .split(' ')
            .map(|c| c.parse::<Card>().unwrap())
            .collect();
        let r = Rules::STANDARD;
        let total: f64 = kept.iter().map(|c| lead.chance(kept, c, &r)).sum();
        assert!((total - 1.0).abs() < 1e-9, "{total}");
        // AH and AD (11 points, top cards) share it all.
        let ah = lead.chance(kept, "AH".parse().unwrap(), &r);
        assert!((ah - 0.5).abs() < 1e-9, "{ah}");
        let gift = Gift {
            weights: vec![-400.0, 0.0, 0.0, 0.0, 0.0, 0.0],
            keep: 0.0,
        };
        let ten = kept.with("KD".parse().unwrap()).with("QC".parse().unwrap());
        let worth = &Model::shipped().worth;
        let p = gift.chance(ten, "9C".parse().unwrap(), "9S".parse().unwrap(), &r, worth);
        assert!((p - 1.0).abs() < 1e-9, "the two nines: {p}");
    }

    #[test]
    fn a_model_file_whose_weights_do_not_fit_is_refused() {
        let good = serde_json::to_value(Model::shipped()).unwrap();
        for (part, n) in [("bid", 3), ("contract", 20), ("gift", 2), ("lead", 1)] {
            let mut bad = good.clone();
            bad[part]["weights"] = serde_json::json!(vec![1.0; n]);
            let err = Model::from_json(&bad.to_string()).unwrap_err();
            assert!(err.contains("do not fit"), "{part}: {err}");
        }
        let mut scale = good.clone();
        scale["contract"]["scale"] = serde_json::json!(0.0);
        assert!(Model::from_json(&scale.to_string()).is_err());
        let mut slip = good.clone();
        slip["contract"]["slip"] = serde_json::json!(1.5);
        assert!(Model::from_json(&slip.to_string()).is_err());
        let mut temper = good.clone();
        temper["temper"]["gift"] = serde_json::json!(-0.5);
        assert!(Model::from_json(&temper.to_string()).is_err());
        // A file whose contract read a learned announce sum, not the table.
        let mut learned = good.clone();
        learned.as_object_mut().unwrap().remove("announce_from");
        let err = Model::from_json(&learned.to_string()).unwrap_err();
        assert!(err.contains("another announce feature"), "{err}");
        // A file from before the tempering reads with every factor one.
        let mut old = good.clone();
        old.as_object_mut().unwrap().remove("temper");
        let m = Model::from_json(&old.to_string()).unwrap();
        assert_eq!(m.temper, Temper::default());
        assert_eq!(m.temper.lead, 1.0);
        assert!(Model::from_json(&good.to_string()).is_ok());
    }

    #[test]
    fn a_call_above_what_the_marriages_allow_is_never_made() {
        // Spades marriage (40): bids and contracts up to 160, not 170.
        let r = Rules::STANDARD;
        let hand: CardSet = "KS QS AH 9D JD TC 9C"
            .split(' ')
            .map(|c| c.parse::<Card>().unwrap())
            .collect();
        assert!(allows(hand, &r, Interval::at_least(160)));
        assert!(!allows(hand, &r, Interval::between(Some(170), Some(180))));
        // Saying less than a level asks nothing of the cards.
        assert!(allows(hand, &r, Interval::below(300)));
        let m = Model::shipped();
        assert_eq!(m.bid_chance(hand, &r, Interval::at_least(170)), 0.0);
        assert!(m.bid_chance(hand, &r, Interval::at_least(160)) > 0.0);
        let eight = hand.with("9H".parse().unwrap());
        let raised = |c| Interval::between(Some(c), Some(c + 10));
        assert_eq!(m.contract_chance(eight, &r, 170, raised(170)), 0.0);
        assert!(m.contract_chance(eight, &r, 160, raised(160)) > 0.0);
        // A contract of 130 equal to the bid says only "below 140" of the
        // level, and still needs a marriage.
        let plain = eight
            .without("KS".parse().unwrap())
            .with("TH".parse().unwrap());
        assert_eq!(m.contract_chance(plain, &r, 130, Interval::below(140)), 0.0);
        assert!(m.contract_chance(plain, &r, 120, Interval::below(130)) > 0.0);
        // Without a marriage, 120 at most.
        assert!(m.contract_chance(plain, &r, 120, raised(120)) > 0.0);
        assert_eq!(m.contract_chance(plain, &r, 130, raised(130)), 0.0);
    }

    #[test]
    fn a_call_the_marriages_forced_says_no_upper_end() {
        let r = Rules::STANDARD;
        let cards =
            |s: &str| -> CardSet { s.split(' ').map(|c| c.parse::<Card>().unwrap()).collect() };
        // No marriage: 120 at most, so 120 declined nothing.
        let plain = cards("AH TH 9D JD TC 9C AS TS");
        let i = Interval::between(Some(120), Some(130));
        assert_eq!(said(plain, &r, i), Interval::at_least(120));
        assert_eq!(
            said(plain, &r, Interval::below(130)),
            Interval::between(None, None)
        );
        assert_eq!(said(plain, &r, Interval::below(120)), Interval::below(120));
        // The spades marriage: up to 160; 150 declined 160, 160 nothing.
        let married = cards("AH TH 9D JD KS QS AS TS");
        let at = |c| Interval::between(Some(c), Some(c + 10));
        assert_eq!(said(married, &r, at(150)), at(150));
        assert_eq!(said(married, &r, at(160)), Interval::at_least(160));
        // The model reads it so: 120 without a marriage is likelier the
        // stronger the cards, never less likely.
        let m = Model::shipped();
        let weak = cards("AH JH 9D JD QC 9C JS 9S");
        assert!(m.contract_chance(plain, &r, 120, i) > m.contract_chance(weak, &r, 120, i));
    }

    #[test]
    fn the_shipped_model_reads() {
        let m = Model::shipped();
        assert!(m.contract.scale > 0.0 && m.bid.scale > 0.0);
    }
}
