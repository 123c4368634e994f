//! Reading the others: layouts weighted by what the other seats' bids,
//! D's contract and D's exchange say.
//!
//! The sampler ([`crate::view::Sampler`]) draws layouts uniformly over the
//! hidden histories that fit what a seat saw: every card where it may be.
//! A player who hears "180" knows more: D holds a marriage and more. Here
//! each uniformly drawn layout gets a weight, the likelihood of the others'
//! decisions in it under a model learned from the project's own games
//! ([`Model`], `data/inference.json`), and the layouts a decision is judged
//! on are drawn from the uniform ones in proportion to their weights
//! (importance resampling). A view with nothing to read, or
//! `--inference none`, takes the uniform draws unchanged: the exact model of
//! docs/rules.md, *What each seat knows*. docs/rules.md, *Reading the
//! others*, states the model in words.

pub mod announced;
pub mod auction;
pub mod evidence;
pub mod features;
pub mod model;
pub mod weigh;
pub mod worth;

pub use auction::AuctionEvidence;
pub use evidence::{Evidence, TERMS};
pub use features::{
    gift_features, hand_features, lead_features, GIFT_FEATURE_NAMES, HAND_FEATURE_NAMES,
    LEAD_FEATURE_NAMES,
};
pub use model::{
    contract_features, said, Gift, Interval, Lead, Model, Ordinal, Temper, ANNOUNCE_FROM,
    CONTRACT_FEATURES,
};
pub(crate) use weigh::draw_in_proportion;
pub use weigh::{weighted_layouts, Weighted, MAX_CANDIDATES};
pub use worth::{worth_features, Worth, WORTH_FEATURES};

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

/// Which model of the others a seat judges with.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Inference {
    /// Uniform over the histories that fit the cards seen.
    None,
    /// Layouts weighted by the learned likelihood of the others' decisions.
    #[default]
    Model,
}

impl FromStr for Inference {
    type Err = String;
    fn from_str(s: &str) -> Result<Inference, String> {
        match s {
            "none" | "uniform" => Ok(Inference::None),
            "model" => Ok(Inference::Model),
            _ => Err(format!(
                "'{s}' is not an inference model (model, or none for uniform)"
            )),
        }
    }
}

impl fmt::Display for Inference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Inference::None => "none",
            Inference::Model => "model",
        })
    }
}
