//! Calibrating the evidence: how far each kind of decision read is to be
//! believed ([`Temper`]).
//!
//! Each model is fitted on its own decisions, but weighed together over
//! uniform layouts their errors add up (measured: L's estimate that D
//! makes fell short in every band, and the contract held at 100 alone
//! pushed it down twice too far; docs/inference.md). Here fresh deals are
//! played as the check plays them, and at L's first move the true layout
//! is set among uniform ones drawn from L's view. Weights that were the
//! true posterior over the prior would single out the true layout as
//! often as they say (the ranking form of noise-contrastive estimation);
//! the exponents of the kinds' log-likelihoods that do it best are fitted
//! as a conditional logit (`train::fit_temper`).

use crate::engine::rules::Rules;
use crate::engine::sample::sample_rng;
use crate::engine::seat::Seat;
use crate::players::pimc::{suggest_with, PimcOptions};
use crate::players::player::decision_seed;
use crate::solver::{Progress, Workers};
use crate::view::setup_for;
use crate::view::{Layout, Sampler, View};

#[cfg(doc)]
use crate::players::inference::model::Temper;
use crate::players::inference::{Evidence, Inference, Model, TERMS};

/// The kinds whose exponents are fitted: a raised contract, a held one,
/// the gift, the first lead (bids are not seen at a bid of 100).
pub const FITTED: [usize; 4] = [1, 2, 3, 4];

/// One deal seen by L at its first move: the fitted kinds' log-likelihoods
/// on the true layout (first) and on uniform layouts of L's view that the
/// rules allow.
pub type Scene = Vec<[f64; FITTED.len()]>;

/// What to calibrate on.
#[derive(Copy, Clone, Debug)]
pub struct Plan {
    /// Fresh deals, from `seed`.
    pub deals: usize,
    pub seed: u64,
    /// The declarer's layouts per decision: a `pimc:samples` declarer.
    pub samples: usize,
    /// Uniform layouts set beside each true one.
    pub candidates: usize,
}

/// The plan's deals, each a `pimc:samples` declarer's exchange, contract
/// and first lead over a bid of 100, as L sees them at its first move,
/// with `candidates` uniform layouts each; the deals where D gave nothing
/// to read are left out.
pub fn scenes(
    rules: &Rules,
    model: &Model,
    plan: &Plan,
    workers: &Workers,
    progress: Progress,
) -> Vec<Scene> {
    let Plan {
        deals,
        seed,
        samples,
        candidates,
    } = *plan;
    let seed = seed ^ 0xCA11_B2A7_E0F0_0D5E;
    let all = workers.map(deals, progress, |solver, i| {
        let (deal, d, start) = super::data::declare_deal(rules, samples, seed, i, solver);
        // D's first lead, as it chose it.
        let mut d_setup = setup_for(rules, &deal, &d.exchange, start.hands[0], Seat::D);
        d_setup.contract = Some(d.contract);
        let d_view = View::new(d_setup).expect("D's view of its own deal");
        let opts = PimcOptions {
            samples,
            seed: decision_seed(seed, i, 1),
            objective: None,
            inference: Inference::Model,
        };
        let lead = suggest_with(&d_view, &opts, solver).expect("D leads").best;
        // L's view after it: what the check's estimate is made on.
        let mut setup = setup_for(rules, &deal, &d.exchange, start.hands[1], Seat::L);
        setup.contract = Some(d.contract);
        setup.bid = Some(100);
        let mut state = start;
        let played = state.play(rules, lead);
        setup
            .cards_played
            .push((lead.card(), played.declared.is_some()));
        let view = View::new(setup).expect("L's view of a real deal");
        let evidence = Evidence::of(&view);
        let truth = Layout {
            deal,
            exchange: d.exchange,
            start,
            moves: vec![lead],
            state,
        };
        let finite = |row: &[f64; FITTED.len()]| row.iter().all(|x| x.is_finite());
        let true_row = fitted(&evidence.terms(model, &truth));
        if !finite(&true_row) {
            // The model calls the truth impossible: nothing a tempering can
            // mend (the rules' limits hold on true layouts).
            return Scene::new();
        }
        let sampler = Sampler::new(&view);
        let others = (0..candidates as u64)
            .map(|k| sampler.sample(&mut sample_rng(decision_seed(seed, i, 2), k)))
            .map(|l| fitted(&evidence.terms(model, &l)))
            .filter(finite);
        std::iter::once(true_row).chain(others).collect()
    });
    // A scene needs something read, and a layout beside the true one.
    all.into_iter()
        .filter(|s| s.len() > 1 && s[0].iter().any(|&x| x != 0.0))
        .collect()
}

fn fitted(terms: &[f64; TERMS]) -> [f64; FITTED.len()] {
    FITTED.map(|k| terms[k])
}
