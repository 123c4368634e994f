//! Seeded random deals, for benchmarks, sampling and puzzles.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::card::Card;
use crate::engine::cardset::CardSet;
use crate::engine::deal::Deal;
use crate::engine::position::{Form, History, Position};
use crate::engine::rules::{Players, Rules};
use crate::engine::state::State;

/// The random generator used everywhere: portable and reproducible.
pub type SeededRng = ChaCha8Rng;

/// A generator for `seed`.
pub fn rng(seed: u64) -> SeededRng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A seed for a run given none: short enough to read and type (below a
/// million), and different between runs even when they start in the same
/// second, and between calls in one process: the clock's nanoseconds, the
/// process id and a count of the calls, mixed by a hash with the process's
/// random keys.
///
/// Not in the browser's WebAssembly, which has no clock to read without
/// the page: there the page gives the seed (the library itself never
/// draws one).
#[cfg(not(target_family = "wasm"))]
pub fn clock_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    use std::sync::atomic::{AtomicU64, Ordering};
    static CALLS: AtomicU64 = AtomicU64::new(0);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(now);
    h.write_u32(std::process::id());
    h.write_u64(CALLS.fetch_add(1, Ordering::Relaxed));
    h.finish() % 1_000_000
}

/// A uniform index below `n`, drawn alike on every platform: rand's
/// `gen_range` over `usize` draws 32 bits on a 32-bit target (the
/// browser's wasm32) and 64 on a 64-bit one, which would deal other
/// puzzles there. Drawn as a `u64`, it is what a 64-bit `usize` range
/// draws, so native answers are unchanged.
pub fn index<R: Rng + ?Sized>(rng: &mut R, n: usize) -> usize {
    rng.gen_range(0..n as u64) as usize
}

/// A uniformly random deal: 7 cards to each seat and 3 to the musik.
pub fn deal<R: Rng>(rng: &mut R) -> Deal {
    let mut cards: Vec<Card> = Card::all().collect();
    cards.shuffle(rng);
    let set = |range: std::ops::Range<usize>| cards[range].iter().copied().collect::<CardSet>();
    Deal::new([set(0..7), set(7..14), set(14..21)], set(21..24))
}

/// A uniformly random deal of two players: 10 cards each, the musik D takes
/// and the other musik, 2 cards each.
pub fn deal_two<R: Rng>(rng: &mut R) -> Deal {
    let mut cards: Vec<Card> = Card::all().collect();
    cards.shuffle(rng);
    let set = |range: std::ops::Range<usize>| cards[range].iter().copied().collect::<CardSet>();
    Deal::two(set(0..10), set(10..20), set(20..22), set(22..24))
}

/// A uniformly random deal for `rules`: of three players, or of two under
/// `players=2`.
pub fn deal_for<R: Rng>(rng: &mut R, rules: &Rules) -> Deal {
    match rules.players {
        Players::Three => deal(rng),
        Players::Two => deal_two(rng),
    }
}

/// A random deal followed by a random exchange: the state at the first lead.
pub fn start<R: Rng>(rng: &mut R, rules: &Rules) -> State {
    let d = deal_for(rng, rules);
    let exchanges = d.exchanges(rules);
    let e = exchanges[index(rng, exchanges.len())];
    d.after(rules, &e).expect("generated exchanges are legal")
}

/// A random deal, a random exchange, and up to `max_moves` random legal
/// moves from the first lead, as a position in history form (no id, no
/// contract: the caller names them).
pub fn played_hand<R: Rng>(rng: &mut R, rules: &Rules, max_moves: usize) -> Position {
    let d = deal_for(rng, rules);
    let exchanges = d.exchanges(rules);
    let e = exchanges[index(rng, exchanges.len())];
    let start = d.after(rules, &e).expect("generated exchanges are legal");
    let mut s = start;
    let mut moves = Vec::new();
    while !s.is_over() && moves.len() < max_moves {
        let legal = s.legal_moves(rules);
        let m = legal[index(rng, legal.len())];
        s.play(rules, m);
        moves.push(m);
    }
    Position {
        id: None,
        rules: *rules,
        contract: None,
        expect: None,
        line: 1,
        form: Form::History(History {
            deal: Some(d),
            exchange: Some(e),
            start: Some(start),
            moves,
        }),
    }
}

/// Plays random legal moves from `s` to the start of the trick that leaves
/// `tricks_left` tricks to play, then `extra` (0 to 2) cards into it.
pub fn play_random<R: Rng>(
    rng: &mut R,
    rules: &Rules,
    mut s: State,
    tricks_left: usize,
    extra: usize,
) -> State {
    let mut random_move = |s: &mut State| {
        let moves = s.legal_moves(rules);
        s.play(rules, moves[index(rng, moves.len())]);
    };
    while !(s.trick().is_empty() && s.tricks_left() <= tricks_left) {
        random_move(&mut s);
    }
    for _ in 0..extra.min(2) {
        if !s.is_over() {
            random_move(&mut s);
        }
    }
    s
}
