//! Is L's estimate low because the contract model is blunt (issue 20)? On
//! seeded deals (seed 88), a `pimc:50` declarer chooses its exchange and
//! contract over a bid of 100; from L's view at the first lead, `count`
//! uniform layouts (every card where L may think it) are each weighed two
//! ways by what D's contract says of D's kept eight:
//!
//! - **model**: the shipped contract model's chance (`data/inference.json`);
//! - **oracle**: whether the declarer itself, holding that layout's ten
//!   cards and exchange, announces the same contract (its own procedure on
//!   fresh layouts: the exact likelihood, drawn once).
//!
//! Both also carry the gift's chance, so the contract is the only
//! difference. Each gives an estimate of the chance D makes (its
//! double-dummy points at the first lead reach the contract), set beside
//! the truth: D's double-dummy points on the true layout. If the oracle is
//! calibrated and the model is not, the model's features are the miss.
//!
//!     cargo run --release --example contract_oracle -- 200 600
use rayon::prelude::*;
use tysiac::engine::sample::{declarer_layout, sample_rng};
use tysiac::engine::seat::Seat;
use tysiac::players::inference::{Evidence, Model};
use tysiac::players::player::{announce, sampled_declare};
use tysiac::view::{Sampler, View, ViewSetup};
use tysiac::{engine::random, Give, Rules, Solver};

/// One deal: its contract, whether D makes it on the true layout, the
/// model's and the procedure's estimates, and the layouts the procedure
/// kept.
type Row = (u16, bool, f64, f64, usize);

/// The weights' estimate of the chance D makes: `(weight, makes)` pairs.
fn estimate(rows: &[(f64, bool)]) -> Option<f64> {
    let total: f64 = rows.iter().map(|r| r.0).sum();
    (total > 0.0).then(|| rows.iter().filter(|r| r.1).map(|r| r.0).sum::<f64>() / total)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count = |i: usize, default: usize| match args.get(i).map(|a| a.parse::<usize>()) {
        None => default,
        Some(Ok(n)) if (1..=10_000).contains(&n) => n,
        Some(_) => {
            eprintln!("usage: contract_oracle [DEALS (1 to 10000)] [LAYOUTS (1 to 10000)]");
            std::process::exit(2)
        }
    };
    let (deals, layouts) = (count(0, 200), count(1, 600));
    let rules = Rules::STANDARD;
    let model = Model::shipped();
    // Per deal: contract, truth, model, oracle, oracle's matching layouts.
    let rows: Vec<Option<Row>> = (0..deals)
        .into_par_iter()
        .map(|i| {
            let mut solver = Solver::new(rules);
            let deal = random::deal(&mut sample_rng(88, i as u64));
            let declared = sampled_declare(&mut solver, &rules, &deal, 100, 0.5, 50, i as u64);
            let c = declared.contract;
            // Most contracts are 100: a quarter of them are enough.
            if c == 100 && i % 4 != 0 {
                return None;
            }
            let start = deal.after(&rules, &declared.exchange).unwrap();
            let truth = solver.value(&start) >= c;
            let Give::Pass(to_l, _) = declared.exchange.give else {
                unreachable!("three players pass")
            };
            let view = View::new(ViewSetup {
                id: None,
                rules,
                contract: Some(c),
                bids: Vec::new(),
                bid: Some(100),
                seat: Seat::L,
                hand: start.hands[1],
                musik: Some(deal.musik),
                given: None,
                got: Some(to_l),
                chosen_trump: declared.exchange.trump,
                cards_played: Vec::new(),
                truth: None,
                line: 1,
            })
            .unwrap();
            let sampler = Sampler::new(&view);
            let evidence = Evidence::of(&view);
            let (mut by_model, mut by_oracle) = (Vec::new(), Vec::new());
            for k in 0..layouts as u64 {
                let l = sampler.sample(&mut sample_rng(1000 + i as u64, k));
                // [bids, contract raised, contract held, gift, lead]
                let t = evidence.terms(model, &l);
                let makes = solver.value(&l.start) >= c;
                by_model.push(((t[1] + t[2] + t[3]).exp(), makes));
                let values: Vec<u16> = (0..50)
                    .map(|s| {
                        let d = declarer_layout(&l.deal, &mut sample_rng(7_000 + k, s));
                        solver.value(&d.after(&rules, &l.exchange).unwrap())
                    })
                    .collect();
                let ten = l.deal.declarer_ten();
                let kept = l
                    .exchange
                    .cards()
                    .into_iter()
                    .fold(ten, |t, x| t.without(x));
                let says = announce(&rules, kept, 100, 0.5, &values) == c;
                by_oracle.push((if says { t[3].exp() } else { 0.0 }, makes));
            }
            let matching = by_oracle.iter().filter(|r| r.0 > 0.0).count();
            let m = estimate(&by_model)?;
            let o = estimate(&by_oracle)?;
            eprintln!("{i} contract {c} truth {truth} model {m:.2} oracle {o:.2} ({matching})");
            Some((c, truth, m, o, matching))
        })
        .collect();
    println!("band      deals  truth  model  oracle  oracle's layouts a deal");
    for (name, lo, hi) in [("100", 100, 100), ("110-120", 110, 120), (">120", 130, 400)] {
        let b: Vec<_> = rows
            .iter()
            .flatten()
            .filter(|r| (lo..=hi).contains(&r.0))
            .collect();
        let n = b.len().max(1) as f64;
        let mean = |f: &dyn Fn(&Row) -> f64| b.iter().map(|r| f(r)).sum::<f64>() / n;
        println!(
            "{name:9} {:5}  {:.2}   {:.2}   {:.2}    {:.1}",
            b.len(),
            mean(&|r| f64::from(u8::from(r.1))),
            mean(&|r| r.2),
            mean(&|r| r.3),
            mean(&|r| r.4 as f64)
        );
    }
}
