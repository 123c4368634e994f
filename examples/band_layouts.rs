//! Where do L's weighted layouts fail? For deals of `tysiac inference
//! check` (seed 1, `pimc:50`, over a bid of 100), L's view at its first
//! move is weighed as `suggest` weighs it, on `layouts` layouts (seed 7),
//! and the draws are counted by the level the announce table gives D's
//! kept eight in each, with how many of them make D's contract
//! double-dummy. A deal L reads well puts its draws on the level of the
//! true hand, and those make.
//!
//!     cargo run --release --example band_layouts -- 200 196 225 268 188
use tysiac::drivers::training::check::{first_move_view, game_of};
use tysiac::players::inference::announced::announced;
use tysiac::players::inference::weighted_layouts;
use tysiac::{Inference, Rules, Solver};

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers: layouts, then deal indices"))
        .collect();
    let Some((&layouts, deals)) = args.split_first() else {
        eprintln!("usage: band_layouts LAYOUTS DEAL...");
        std::process::exit(2);
    };
    let rules = Rules::STANDARD;
    let mut solver = Solver::new(rules);
    for &i in deals {
        let game = game_of(&rules, 300, 50, 1, i, true, &mut solver);
        let (view, state) = first_move_view(&rules, &game);
        let first = game.play[0].card();
        let kept = state.hands[0].with(first);
        let w = weighted_layouts(&view, layouts, 7, Inference::Model);
        println!(
            "deal {i}: contract {}, D kept {kept} (table {}), D's points double-dummy {}; {:.1} effective layouts of {layouts}",
            game.contract,
            announced(kept).unwrap_or(0),
            solver.value(&state),
            w.effective
        );
        let mut by_level = std::collections::BTreeMap::<u16, (usize, usize)>::new();
        for (layout, count) in &w.layouts {
            let level = announced(layout.state.hands[0].with(first)).unwrap_or(0);
            let made = solver.value(&layout.state) >= game.contract;
            let e = by_level.entry(level).or_default();
            e.0 += count;
            e.1 += if made { *count } else { 0 };
        }
        for (level, (draws, made)) in by_level {
            println!("  table {level:3}: {draws:3} draws, {made:3} make");
        }
    }
}
