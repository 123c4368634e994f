//! Tests written for what the mutation run of issue 24 found unasserted in
//! `src/view/`: the points a seat's view keeps of the play.

use tysiac::{random, Form, Rules, Seat, View};

/// `last_trick_bonus=N`: N points to the winner of the last trick, counted
/// like card points (RULES.md). The same played hands seen from each seat,
/// once without the bonus and once with 10: at the end the view's points
/// differ by exactly 10, for one seat, the one that won the last trick;
/// before the last trick they do not differ at all.
#[test]
fn the_last_trick_bonus_goes_to_the_last_trick_s_winner_in_every_view() {
    let plain = Rules::STANDARD;
    let bonus: Rules = "standard last_trick_bonus=10".parse().unwrap();
    for seed in 0..6u64 {
        let mut rng = random::rng(500 + seed);
        let p = random::played_hand(&mut rng, &plain, 24);
        let Form::History(h) = &p.form else {
            panic!("a history")
        };
        // The winner of the last trick leads nothing: it is the seat whose
        // card took the trick; the state after all 24 cards names it as
        // the leader.
        let end = h.state(&plain).unwrap();
        let last_winner = end.leader;
        for seat in Seat::ALL {
            for upto in [21usize, 24] {
                let mut q = p.clone();
                if let Form::History(hh) = &mut q.form {
                    hh.moves.truncate(upto);
                }
                let a = View::from_position(&q, Some(seat)).unwrap().table();
                q.rules = bonus;
                let b = View::from_position(&q, Some(seat)).unwrap().table();
                let mut want = [0u16; 3];
                if upto == 24 {
                    want[last_winner.index()] = 10;
                }
                let diff: Vec<u16> = (0..3).map(|i| b.points[i] - a.points[i]).collect();
                assert_eq!(diff, want, "hand {seed}, {seat}'s view after {upto} cards");
            }
        }
    }
}
