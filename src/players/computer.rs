//! Computer players at the table: every decision of a whole game.
//!
//! The kinds of `play` ([`PlayerKind`]) play their cards as they do there;
//! here they also answer redeal questions, bid, exchange, announce and
//! concede:
//! - `heuristic` (also `simple`): bids up to a rule of thumb on its seven
//!   cards (90 plus half their card points plus 0.6 of their marriages);
//! - `pimc[:N]`: values each legal call over N sampled layouts that fit the
//!   auction's hard facts, weighed by how likely the others' calls so far
//!   were with their cards (uniform with `pimc:N:none`;
//!   [`crate::players::bidding::draws`]), from its seven cards, the auction and
//!   its score, and makes the best; as declarer it chooses
//!   the exchange and the contract over sampled layouts as in `play`;
//! - `dd`: sees every card: bids while its double-dummy value as declarer
//!   reaches the next level.
//!
//! Honest kinds (all but `dd`) read only what their player knows: its own
//! cards, the calls, the scores, the musik when shown or taken, and the
//! cards played ([`crate::view::View`]).

use std::cell::RefCell;
use std::collections::BTreeMap;

use crate::engine::contract::{cap, guessed_exchanges};
use crate::engine::deal::Exchange;
use crate::engine::rules::{Bomb, Rules};
use crate::engine::seat::Seat;
use crate::estimate::real::{basis_under, Basis};
use crate::game::auction::Call;
use crate::game::table::{Action, Decision, Table, Turn};
use crate::players::bidding::{self, AuctionSeen, LayoutValue};
use crate::players::inference::Inference;
use crate::players::player::decision_seed;
use crate::players::player::{kept, sampled_declare_on, Context, Player, PlayerKind};
use crate::solver::Solver;
use crate::view::setup_for;
use crate::view::View;

/// The most layouts a `pimc` bidder solves for one call (each costs three
/// musik deals and two lines).
pub const MAX_BID_LAYOUTS: usize = 50;

/// A computer player, with what it remembers within a hand (its sampled
/// layouts, its planned contract).
#[derive(Debug)]
pub struct Computer {
    pub kind: PlayerKind,
    /// What its bids and contracts rest on: real play (the default), or
    /// double-dummy values (a seat written `pimc:20@dd`).
    pub basis: Basis,
    memory: RefCell<Memory>,
}

/// A deal's index and the hard facts of its auction.
type LayoutKey = (u64, Vec<u16>);

#[derive(Debug, Default)]
struct Memory {
    /// (deal index, hard facts), the seed their layouts are drawn with,
    /// and the layouts solved for them, by index.
    layouts: Option<(LayoutKey, u64, BTreeMap<usize, LayoutValue>)>,
    /// (deal index, contract planned, chance of making the bid).
    plan: Option<(u64, u16, f64)>,
}

impl Computer {
    pub fn new(kind: PlayerKind) -> Computer {
        Computer::with_basis(kind, Basis::RealPlay)
    }

    pub fn with_basis(kind: PlayerKind, basis: Basis) -> Computer {
        Computer {
            kind,
            basis,
            memory: RefCell::new(Memory::default()),
        }
    }

    /// A computer seat as written: a kind (`pimc:20`, `heuristic`, ...)
    /// and, after `@`, the basis of its bids (`@dd` or `@real`).
    pub fn from_seat(text: &str) -> Result<Computer, String> {
        let (kind, basis) = match text.split_once('@') {
            Some((k, b)) => (k, b.parse::<Basis>()?),
            None => (text, Basis::RealPlay),
        };
        Ok(Computer::with_basis(kind.parse()?, basis))
    }

    /// The basis its bids rest on under `rules`: double-dummy where the
    /// real-play model does not cover them (the shells say so).
    pub fn basis_for(&self, rules: &Rules) -> Basis {
        basis_under(self.basis, rules)
    }

    /// The action for the player whose turn it is.
    pub fn act(&self, table: &Table, turn: &Turn, solver: &mut Solver) -> Action {
        let h = table.hand();
        let step = h.redeal_asks.len() + h.auction.calls.len() + h.play.len() + 2;
        let seed = decision_seed(table.seed, h.deal_index as usize, step);
        match &turn.decision {
            // Only poor hands may ask: a computer always does.
            Decision::Redeal(_) => Action::Redeal(true),
            Decision::Call => Action::Call(self.call(table, turn.player, solver, seed)),
            Decision::Exchange => Action::Exchange(self.exchange(table, solver, seed)),
            Decision::Contract => self.contract(table),
            Decision::Play => Action::Play(self.play(table, turn.player, solver, seed)),
        }
    }

    /// What the bidder knows at its call.
    pub fn seen(table: &Table, player: usize) -> AuctionSeen {
        let h = table.hand();
        let me = h
            .bidders
            .iter()
            .position(|&p| p == player)
            .expect("a bidder");
        AuctionSeen {
            rules: table.rules,
            hand: h.cards[me],
            me,
            auction: h.auction.clone(),
            total: table.sheet.totals[player],
            bolts: table.sheet.bolts[player],
        }
    }

    fn call(&self, table: &Table, player: usize, solver: &mut Solver, seed: u64) -> Call {
        let rules = &table.rules;
        let h = table.hand();
        let legal = h.auction.legal_calls();
        let raise = legal.iter().copied().find(|c| matches!(c, Call::Bid(_)));
        let Some(raise) = raise else {
            return Call::Pass;
        };
        let level = raise.level().expect("a bid");
        let seen = Computer::seen(table, player);
        let go = match self.kind {
            PlayerKind::Simple => level <= heuristic_limit(rules, seen.hand),
            PlayerKind::Dd => {
                let deal = h.deal_with_declarer(seen.me);
                let v = solver.best_exchange(&deal).1;
                v >= level && level <= cap(deal.declarer_ten(), rules)
            }
            PlayerKind::Pimc(n, inference) => {
                let basis = self.basis_for(rules);
                let values = self.layouts(&seen, h.deal_index, n, inference, solver, seed);
                let j = bidding::judge(&seen, &values, basis);
                return legal
                    .into_iter()
                    .find(|c| c.to_string() == j.best)
                    .unwrap_or(Call::Pass);
            }
        };
        if go {
            raise
        } else {
            Call::Pass
        }
    }

    /// The bidder's layouts for this call, one per draw ([`bidding::draws`]:
    /// weighted by the others' calls unless `inference` is none). Solved
    /// layouts are kept while the hand and the auction's hard facts stay
    /// the same: a later call draws again from the same candidates, and
    /// pays only for the layouts it did not draw before.
    fn layouts(
        &self,
        seen: &AuctionSeen,
        deal_index: u64,
        n: usize,
        inference: Inference,
        solver: &mut Solver,
        seed: u64,
    ) -> Vec<LayoutValue> {
        let basis = self.basis_for(&seen.rules);
        let facts: Vec<u16> = seen
            .auction
            .calls
            .iter()
            .filter(|&&(b, c)| b != seen.me && matches!(c, Call::Bid(l) if l > 120))
            .filter_map(|&(_, c)| c.level())
            .collect();
        let key = (deal_index, facts);
        let mut memory = self.memory.borrow_mut();
        if memory.layouts.as_ref().is_none_or(|(k, ..)| *k != key) {
            // The layouts are drawn with the seed of the first call that
            // saw these facts, and kept for the later ones.
            let layout_seed = seed ^ deal_index.rotate_left(17) ^ seen.me as u64;
            memory.layouts = Some((key, layout_seed, BTreeMap::new()));
        }
        let (_, layout_seed, solved) = memory.layouts.as_mut().expect("set above");
        let layout_seed = *layout_seed;
        let draws = bidding::draws(seen, layout_seed, n.clamp(1, MAX_BID_LAYOUTS), inference);
        let values: Vec<LayoutValue> = draws
            .indices
            .iter()
            .map(|&(i, _)| {
                *solved
                    .entry(i)
                    .or_insert_with(|| bidding::solve_layout(solver, seen, layout_seed, i, basis))
            })
            .collect();
        draws.expand(&values)
    }

    fn exchange(&self, table: &Table, solver: &mut Solver, seed: u64) -> Exchange {
        let rules = &table.rules;
        let h = table.hand();
        let deal = h.deal().expect("a declarer");
        let bid = h.won().expect("won").bid;
        let ten = deal.declarer_ten();
        let (e, contract, chance) = match self.kind {
            PlayerKind::Simple => (guessed_exchanges(&deal, rules)[0], bid, 1.0),
            PlayerKind::Dd => {
                let (e, v) = solver.best_exchange(&deal);
                let top = cap(kept(ten, &e), rules).max(bid);
                let c = rules.level_at_most(v.min(top)).unwrap_or(bid).max(bid);
                (e, c, if v >= bid { 1.0 } else { 0.0 })
            }
            PlayerKind::Pimc(n, _) => {
                let basis = self.basis_for(rules);
                let d = sampled_declare_on(solver, rules, &deal, bid, 0.5, n, seed, basis);
                (d.exchange, d.contract, d.chance)
            }
        };
        self.memory.borrow_mut().plan = Some((h.deal_index, contract, chance));
        e
    }

    fn contract(&self, table: &Table) -> Action {
        let h = table.hand();
        let levels = table.contract_levels();
        let (planned, chance) = match self.memory.borrow().plan {
            Some((d, c, p)) if d == h.deal_index => (c, p),
            _ => (levels[0], 1.0),
        };
        // A free bomb is worth taking on a hand likely to fail.
        let free = table.rules.bomb == Bomb::FirstFree && table.sheet.concessions == 0;
        if free && chance < 0.5 {
            return Action::Concede;
        }
        let c = levels
            .iter()
            .copied()
            .rfind(|&l| l <= planned)
            .unwrap_or(levels[0]);
        Action::Contract(c)
    }

    fn play(&self, table: &Table, player: usize, solver: &mut Solver, seed: u64) -> crate::Move {
        let view = player_view(table, player).expect("the player to move has a view");
        let truth = table.hand().state(&table.rules).expect("in play");
        let mut cx = Context {
            solver,
            seed,
            truth: &truth,
        };
        self.kind.play(&view, &mut cx)
    }
}

/// What `player` knows of the hand in play: its [`View`] (cards, the musik
/// when shown, the exchange it made or the card it got, the cards played).
pub fn player_view(table: &Table, player: usize) -> Option<View> {
    let h = table.hand();
    let rules = h.hand_rules(&table.rules);
    let deal = h.deal()?;
    let exchange = h.exchange?;
    let seat = h.seat_of(player)?;
    let start = deal.after(&rules, &exchange).ok()?;
    let mut setup = setup_for(&rules, &deal, &exchange, start.hands[seat.index()], seat);
    setup.contract = h.contract;
    setup.bids = h
        .auction
        .calls
        .iter()
        .filter_map(|&(b, c)| Some((h.seat_of(h.bidders[b])?, c)))
        .collect();
    let mut state = start;
    for &m in &h.play {
        let played = state.play(&rules, m);
        setup
            .cards_played
            .push((m.card(), played.declared.is_some()));
    }
    // The auction read back in the hand's seats should always check; were a
    // house rule to make it not, the player still plays, without it.
    View::new(setup.clone()).ok().or_else(|| {
        setup.bids.clear();
        View::new(setup).ok()
    })
}

/// The rule-of-thumb limit of the `heuristic` bidder: 90 plus half the
/// card points plus 0.6 of the marriages held, as a bid level, within the
/// hand's cap.
pub fn heuristic_limit(rules: &Rules, hand: crate::CardSet) -> u16 {
    let marriages: u16 = hand.marriages().map(|s| rules.marriage_value(s)).sum();
    let guess = 90 + hand.points() / 2 + marriages * 3 / 5;
    let top = crate::game::auction::bid_cap(hand, rules);
    rules.level_at_most(guess.min(top)).unwrap_or(0)
}

/// A list of seats, `me` (a person) or a computer kind, in playing order,
/// separated by commas or spaces: three or four (two under `players=2`:
/// the table checks the count against the rules), each checked. The error
/// says what is wrong, for the shells to put behind their option's name.
pub fn parse_seats(text: &str) -> Result<Vec<String>, String> {
    let seats: Vec<String> = text
        .split([',', ' '])
        .filter(|s| !s.is_empty())
        .map(|s| s.trim().to_ascii_lowercase())
        .collect();
    if !(2..=4).contains(&seats.len()) {
        return Err(format!(
            "{} seats in '{text}': a game has 3 or 4 (2 with players=2)",
            seats.len()
        ));
    }
    for s in &seats {
        if s != "me" {
            Computer::from_seat(s).map_err(|e| format!("{e}, or me"))?;
        }
    }
    Ok(seats)
}

/// The seat a player holds, for the shells.
pub fn seat_of(table: &Table, player: usize) -> Option<Seat> {
    table.hand().seat_of(player)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(s: &str) -> crate::CardSet {
        s.split_whitespace().map(|c| c.parse().unwrap()).collect()
    }

    /// Deal 1 of tests/game.rs, in calling order B, C, A (A deals): B holds
    /// the heart and diamond marriages, C none, A the spade marriage.
    const DEAL: &str = "AH,KH,QH,TH,AD,KD,QD JH,9H,TD,JD,9D,AC,KC QC,TC,JC,9C,AS,KS,QS TS,JS,9S";

    /// A table after B's forced 100 and C's pass, A (player 0) to call.
    fn a_to_call() -> Table {
        let names = vec!["A".into(), "B".into(), "C".into()];
        let mut t = Table::new(Rules::STANDARD, names, 3, 0).unwrap();
        t.set_cards(DEAL.parse().unwrap()).unwrap();
        t.act(Action::Call(Call::Pass)).unwrap();
        assert_eq!(t.turn().unwrap().player, 0);
        t
    }

    /// Lets `bidder` make A's call, then B makes `b_calls`; returns A's call.
    fn a_calls(t: &mut Table, bidder: &Computer, solver: &mut Solver, b_calls: Call) -> Call {
        let turn = t.turn().unwrap();
        let Action::Call(call) = bidder.act(t, &turn, solver) else {
            panic!("A's call, not another decision");
        };
        t.act(Action::Call(call)).unwrap();
        if t.turn()
            .is_some_and(|u| u.player == 1 && u.decision == Decision::Call)
        {
            t.act(Action::Call(b_calls)).unwrap();
        }
        call
    }

    #[test]
    fn a_pimc_bidder_keeps_its_layouts_while_the_hard_facts_hold() {
        let mut solver = Solver::new(Rules::STANDARD);
        // Uniform layouts: A's second call, after B's 120 (no new hard
        // fact), is judged on the very layouts of its first. (Double-dummy:
        // the spade marriage bids on; in real play A passes at once.)
        let bidder = Computer::with_basis(PlayerKind::Pimc(6, Inference::None), Basis::DoubleDummy);
        let mut t = a_to_call();
        assert!(matches!(
            a_calls(&mut t, &bidder, &mut solver, Call::Bid(120)),
            Call::Bid(_)
        ));
        let first = bidder
            .memory
            .borrow()
            .layouts
            .clone()
            .expect("layouts kept");
        assert_eq!(
            first.2.keys().copied().collect::<Vec<_>>(),
            (0..6).collect::<Vec<_>>()
        );
        assert_eq!(t.turn().unwrap().player, 0, "A calls again");
        a_calls(&mut t, &bidder, &mut solver, Call::Pass);
        assert_eq!(bidder.memory.borrow().layouts.as_ref(), Some(&first));
        // B's 130 shows a marriage: a new hard fact, new layouts.
        let bidder = Computer::with_basis(PlayerKind::Pimc(6, Inference::None), Basis::DoubleDummy);
        let mut t = a_to_call();
        a_calls(&mut t, &bidder, &mut solver, Call::Bid(130));
        let before = bidder.memory.borrow().layouts.clone().unwrap();
        a_calls(&mut t, &bidder, &mut solver, Call::Pass);
        let after = bidder.memory.borrow().layouts.clone().unwrap();
        assert_eq!(
            (before.0 .1.clone(), after.0 .1.clone()),
            (vec![], vec![130])
        );
        assert_ne!(before.1, after.1, "a new seed with the new facts");
    }

    #[test]
    fn a_reading_bidder_judges_on_layouts_drawn_by_the_calls() {
        let mut solver = Solver::new(Rules::STANDARD);
        // C passed at 110: A reads it, and the layouts it solved are the
        // draws of the weighed candidates, not layouts 0..6.
        let seen = Computer::seen(&a_to_call(), 0);
        let bidder = Computer::new(PlayerKind::Pimc(6, Inference::Model));
        let mut t = a_to_call();
        a_calls(&mut t, &bidder, &mut solver, Call::Pass);
        let (_, seed, solved) = bidder.memory.borrow().layouts.clone().unwrap();
        let draws = bidding::draws(&seen, seed, 6, Inference::Model);
        assert_eq!(draws.inference, Inference::Model);
        let drawn: Vec<usize> = draws.indices.iter().map(|&(i, _)| i).collect();
        assert_eq!(solved.keys().copied().collect::<Vec<_>>(), drawn);
        assert_ne!(drawn, (0..6).collect::<Vec<_>>());
        for (i, v) in &solved {
            assert_eq!(
                *v,
                bidding::solve_layout(&mut solver, &seen, seed, *i, bidder.basis_for(&seen.rules))
            );
        }
    }

    #[test]
    fn heuristic_limits_by_hand() {
        let r = Rules::STANDARD;
        // 41 card points and the heart marriage: 90 + 20 + 60 = 170.
        assert_eq!(heuristic_limit(&r, cards("AH KH QH TD 9D AS JS")), 170);
        // 18 points and no marriage: 90 + 9 = 99, below 100.
        assert_eq!(heuristic_limit(&r, cards("9H JH 9D JD 9C QC AS")), 0);
        // No marriage: never above 120 (the cap), however many points.
        assert_eq!(heuristic_limit(&r, cards("AH TH AD TD AC TC AS")), 120);
    }
}
