//! Tests written for what the mutation run of issue 24 found unasserted in
//! `src/drivers/selfplay.rs`, `src/players/player.rs` and `src/players/pimc.rs`: the self-play
//! report's arithmetic on games whose figures are set by hand, the
//! `simple` player's rules of thumb on hand-made views, and PIMC's
//! per-move statistics recomputed from the layouts.

use tysiac::drivers::selfplay::{play_games, report, Mean, PlayOptions};
use tysiac::engine::sample::sample_rng;
use tysiac::players::pimc::{self, Objective, PimcOptions};
use tysiac::players::player::{Context, Player, PlayerKind};
use tysiac::solver::Workers;
use tysiac::view::parse_views;
use tysiac::{Move, Rules, Sampler, Seat, Solver, View};

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

/// 1.96 standard errors: the half-width of the 95% intervals.
const Z: f64 = 1.96;

#[test]
fn mean_and_its_interval_by_hand() {
    // 1, 2, 3, 4: mean 2.5; squared deviations 2.25 + 0.25 + 0.25 + 2.25 =
    // 5, over n − 1 = 3; the standard error sqrt(5/3 / 4).
    let m = Mean::of([1.0, 2.0, 3.0, 4.0].into_iter());
    let half = Z * (5.0f64 / 3.0 / 4.0).sqrt();
    assert!(close(m.mean, 2.5), "{m:?}");
    assert!(
        close(m.low, 2.5 - half) && close(m.high, 2.5 + half),
        "{m:?}"
    );
    // 10 and 20: mean 15, variance (25 + 25)/1 = 50, s.e. sqrt(50/2) = 5.
    let m = Mean::of([10.0, 20.0].into_iter());
    assert!(close(m.mean, 15.0) && close(m.low, 15.0 - Z * 5.0) && close(m.high, 15.0 + Z * 5.0));
    // One value: no spread, the interval is the point.
    let m = Mean::of([7.0].into_iter());
    assert!(
        close(m.mean, 7.0) && close(m.low, 7.0) && close(m.high, 7.0),
        "{m:?}"
    );
    // None: 0, not NaN.
    let m = Mean::of(std::iter::empty());
    assert!(
        close(m.mean, 0.0) && close(m.low, 0.0) && close(m.high, 0.0),
        "{m:?}"
    );
}

/// The report of three games whose points, double-dummy values, contracts
/// and scores are set here (the rest of each game is a real one).
#[test]
fn the_play_report_sums_up_games_set_by_hand() {
    let rules = Rules::STANDARD;
    let opts = PlayOptions {
        deals: 3,
        seed: 5,
        declarer: PlayerKind::Simple,
        defenders: PlayerKind::Simple,
        bid: 100,
        hand: None,
        seat: tysiac::Seat::D,
        confidence: 0.5,
        as_bid_samples: false,
    };
    let mut games = play_games(&rules, &opts, &Workers::new(rules, 1).unwrap(), &|| {});
    // (points, dd value, contract, made, D's score)
    let set = [
        (130, 150, 120, true, 120),
        (95, 100, 110, false, -110),
        (120, 110, 100, true, 100),
    ];
    for (g, &(p, dd, c, made, score)) in games.iter_mut().zip(&set) {
        g.points = p;
        g.dd_value = dd;
        g.contract = c;
        g.made = made;
        g.score[0] = score;
    }
    let r = report(&rules, &opts, &games);
    assert_eq!(r.deals, 3);
    // Points 130, 95, 120: mean 115, deviations 15, −20, 5: variance
    // (225 + 400 + 25)/2 = 325.
    let check = |m: &Mean, mean: f64, var: f64, what: &str| {
        let half = Z * (var / 3.0).sqrt();
        assert!(
            close(m.mean, mean) && close(m.low, mean - half) && close(m.high, mean + half),
            "{what}: {m:?}, want {mean} ± {half}"
        );
    };
    check(&r.points, 115.0, 325.0, "points");
    // Double-dummy 150, 100, 110: mean 120, variance (900 + 400 + 100)/2.
    check(&r.dd_value, 120.0, 700.0, "dd_value");
    // Gaps −20, −5, 10: mean −5, variance (225 + 0 + 225)/2.
    check(&r.gap, -5.0, 225.0, "gap");
    // Contracts 120, 110, 100: mean 110, variance (100 + 0 + 100)/2.
    check(&r.contract, 110.0, 100.0, "contract");
    // Scores 120, −110, 100: mean 110/3.
    assert!(close(r.score.mean, 110.0 / 3.0), "{:?}", r.score);
    // Two of three made.
    assert!(close(r.made, 2.0 / 3.0), "{}", r.made);
    assert!(r.made_low < 2.0 / 3.0 && r.made_high > 2.0 / 3.0 && r.made_high < 1.0);
    // Levels from 100 to the highest points or value seen (150): the share
    // of games reaching each, in play (130, 95, 120) and double-dummy (150,
    // 100, 110), and the mean paired difference.
    let want = [
        (100, 2.0, 3.0),
        (110, 2.0, 2.0),
        (120, 2.0, 1.0),
        (130, 1.0, 1.0),
        (140, 0.0, 1.0),
        (150, 0.0, 1.0),
    ];
    let got: Vec<u16> = r.levels.iter().map(|l| l.level).collect();
    assert_eq!(got, want.iter().map(|w| w.0).collect::<Vec<_>>());
    for (l, &(level, real, dd)) in r.levels.iter().zip(&want) {
        assert!(close(l.real, real / 3.0), "{level}: real {}", l.real);
        assert!(close(l.dd, dd / 3.0), "{level}: dd {}", l.dd);
        assert!(
            close(l.gap.mean, (real - dd) / 3.0),
            "{level}: gap {:?}",
            l.gap
        );
    }
    // Level 100: differences 0, −1, 0: mean −1/3, variance
    // (1/9 + 4/9 + 1/9)/2 = 1/3.
    let g = &r.levels[0].gap;
    let half = Z * (1.0f64 / 3.0 / 3.0).sqrt();
    assert!(
        close(g.low, -1.0 / 3.0 - half) && close(g.high, -1.0 / 3.0 + half),
        "{g:?}"
    );
}

/// The view `text` (view form) under `rules`.
fn view(text: &str, rules: &str) -> View {
    parse_views(text, "t", rules.parse().unwrap(), None)
        .remove(0)
        .unwrap_or_else(|e| panic!("{e}"))
}

/// What the `simple` player plays from `v`.
fn simple(v: &View) -> Move {
    let rules = v.rules;
    let mut solver = Solver::new(rules);
    // `simple` never looks at the truth; any state of the same rules does.
    let truth = Sampler::new(v).sample(&mut sample_rng(1, 0)).state;
    let mut cx = Context {
        solver: &mut solver,
        seed: 1,
        truth: &truth,
    };
    PlayerKind::Simple.play(v, &mut cx)
}

const OPEN: &str = "standard musik_shown=no";

/// On lead after the first trick, holding the heart (100) and spade (40)
/// marriages: a club player declares the more valuable one.
#[test]
fn simple_declares_the_best_marriage_on_lead() {
    let v = view(
        "view: D\nhand: KQ9.J.A.KQ9\nexchange: 9D 9C\nplay: AC JC QC",
        OPEN,
    );
    let m = simple(&v);
    assert_eq!(m.card().suit(), tysiac::Suit::Hearts, "{m}");
    assert!(
        matches!(m.card().rank(), tysiac::Rank::King | tysiac::Rank::Queen),
        "{m}"
    );
}

/// On the first trick (no declaring yet), holding the AS, which no one can
/// beat, and the heart marriage: cash the ace, keep the marriage.
#[test]
fn simple_cashes_a_standing_card_and_keeps_its_marriage() {
    let v = view("view: D\nhand: KQ9.J.J9.AJ\nexchange: TD TC", OPEN);
    assert_eq!(simple(&v).to_string(), "AS");
}

/// The AD was played by L; D's TD now stands (no higher diamond left out
/// of D's hand): a club player cashes it.
#[test]
fn simple_cashes_a_ten_once_the_ace_is_gone() {
    // Trick 1: D leads 9D, L takes it with AD, R follows JD. L leads the
    // 9H to trick 2, R plays JH and D QH wins it (hearts: L and R could
    // not beat). D now holds TD and no card higher in diamonds is out.
    let v = view(
        "view: D\nhand: Q.T9.J9.QJ9\nexchange: AH KH\nplay: 9D AD JD | 9H JH QH",
        OPEN,
    );
    assert_eq!(simple(&v).to_string(), "TD");
}

/// Nothing stands, no marriage: lead the lowest card, from the longest
/// suit: of the three nines, the heart (three hearts against two
/// diamonds and two spades).
#[test]
fn simple_leads_low_from_the_longest_suit() {
    let v = view("view: D\nhand: QJ9.K9.J.K9\nexchange: AH AD", OPEN);
    assert_eq!(simple(&v).to_string(), "9H");
}

/// R plays last, its partner L holds the trick with the AH: give L the
/// most points R may (TH rather than JH).
#[test]
fn simple_gives_points_to_a_partner_holding_the_trick() {
    let v = view(
        "view: R\nhand: TJ.9.AT.QJ9\nplay: 9H AH",
        "standard musik_shown=no",
    );
    assert_eq!(simple(&v).to_string(), "TH");
}

/// D plays last to L's QS and R's KS (7 points) under must_beat=no,
/// holding AS, JS and 9S: the trick is worth taking, and only the ace
/// takes it.
#[test]
fn simple_takes_the_last_trick_seat_when_it_can() {
    let rules = "standard musik_shown=no must_beat=no";
    // Trick 1: D leads 9H, L wins with AH. L leads QS, R KS.
    let v = view(
        "view: D\nhand: 9.K9.KQ.AJ9\nexchange: JD JC\nplay: 9H AH QH | QS KS",
        rules,
    );
    assert_eq!(simple(&v).to_string(), "AS");
}

/// D plays second to R's QC (3 points) under must_beat=no holding KC and
/// 9C: the KC would win but does not stand (AC and TC are out), and the
/// trick holds under 10 points: play low, the 9C.
#[test]
fn simple_does_not_win_a_cheap_trick_with_a_card_that_may_be_beaten() {
    let rules = "standard musik_shown=no must_beat=no";
    // Trick 1: D leads 9H, L plays JH, R wins with AH; R leads QC.
    let v = view(
        "view: D\nhand: 9T.K9.K9.AJ\nexchange: JD QD\nplay: 9H JH AH | QC",
        rules,
    );
    assert_eq!(simple(&v).to_string(), "9C");
}

/// PIMC's statistics for every move, recomputed here from the layouts the
/// sampler draws and the solver's value of each move on them: the mean,
/// its standard error, the share of layouts making the contract, and the
/// order (D: the chance, then the mean, highest first; a defender the
/// reverse).
#[test]
fn pimc_move_statistics_are_those_of_the_layouts() {
    let rules = Rules::STANDARD;
    let mut seats = Vec::new();
    for moves in [0usize, 1, 2, 4, 5, 7] {
        let mut rng = tysiac::engine::random::rng(300 + moves as u64);
        let mut p = tysiac::engine::random::played_hand(&mut rng, &rules, moves);
        p.contract = Some(120);
        let tysiac::Form::History(h) = &p.form else {
            panic!("a history")
        };
        let seat = h.state(&rules).unwrap().to_move();
        seats.push(seat);
        let v = View::from_position(&p, Some(seat)).unwrap();
        let n = 9usize;
        for objective in [Objective::Contract, Objective::Points] {
            let opts = PimcOptions {
                samples: n,
                seed: 11,
                objective: Some(objective),
                // The uniform layouts, which this test recomputes.
                inference: tysiac::Inference::None,
            };
            let mut solver = Solver::new(rules);
            let s = pimc::suggest_with(&v, &opts, &mut solver).unwrap();
            let sampler = Sampler::new(&v);
            let layouts: Vec<_> = (0..n)
                .map(|i| sampler.sample(&mut sample_rng(11, i as u64)).state)
                .collect();
            assert_eq!(s.samples, n);
            assert_eq!(s.moves.len(), v.legal_moves().len());
            for m in &s.moves {
                let xs: Vec<f64> = layouts
                    .iter()
                    .map(|l| f64::from(solver.value_after(l, m.mv)))
                    .collect();
                let mean = xs.iter().sum::<f64>() / n as f64;
                let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
                let make = xs.iter().filter(|&&x| x >= 120.0).count() as f64 / n as f64;
                assert!(close(m.mean, mean), "{seat} {}: {} vs {mean}", m.mv, m.mean);
                assert!(
                    close(m.stderr.unwrap(), (var / n as f64).sqrt()),
                    "{seat} {}",
                    m.mv
                );
                assert!(close(m.make.unwrap(), make), "{seat} {}", m.mv);
                let (lo, hi) = (m.make_low.unwrap(), m.make_high.unwrap());
                assert!(lo <= make && make <= hi && lo >= 0.0 && hi <= 1.0);
            }
            // Best first for the mover.
            for w in s.moves.windows(2) {
                let key = |m: &tysiac::MoveScore| {
                    let make = if objective == Objective::Contract {
                        m.make.unwrap()
                    } else {
                        0.0
                    };
                    if seat == Seat::D {
                        (-make, -m.mean)
                    } else {
                        (make, m.mean)
                    }
                };
                assert!(
                    key(&w[0]) <= key(&w[1]),
                    "{seat} {objective:?}: {} before {}",
                    w[0].mv,
                    w[1].mv
                );
            }
            assert_eq!(s.best, s.moves[0].mv);
        }
    }
    // Both sides' orders were checked.
    assert!(
        seats.contains(&Seat::D) && seats.iter().any(|&s| s != Seat::D),
        "{seats:?}"
    );
}

/// Of two levels with the same expected score, a sampling declarer
/// announces the lower (player.rs: "the lower on a tie"). Three layouts in
/// four make 200, the fourth 100: 100 is sure, +100; 200 is made with
/// chance 3/4, 200 · (3/4 − 1/4) = +100 exactly; every level between
/// scores less (L/2). Both marriages kept: the cap is 300.
#[test]
fn a_tie_in_expected_score_announces_the_lower_level() {
    use tysiac::players::player::announce;
    let rules = Rules::STANDARD;
    let kept: tysiac::CardSet = "KQ.KQ.A.A9".parse().unwrap();
    assert_eq!(announce(&rules, kept, 100, 0.5, &[200, 200, 200, 100]), 100);
    // Without the sure 100 (bid 110) the best is 200 alone.
    assert_eq!(announce(&rules, kept, 110, 0.5, &[200, 200, 200, 100]), 200);
}

/// Two players have no partner: D's AS holds the first trick and L, with
/// no spade and no trump, cannot win it, so a club player throws a card of
/// no points rather than giving D its ace.
#[test]
fn simple_gives_nothing_to_the_declarer_with_two_players() {
    let v = view(
        "view: L\nhand: AKT9.AT.KQJ9.\nplay: AS",
        "standard players=2 musik_shown=no",
    );
    let m = simple(&v);
    assert_eq!(m.card().points(), 0, "{m}");
}

/// Without the marriages' limit, the same declarer's choice runs over
/// every level: values all 200 announce 200 (sure; 210 is never made),
/// whatever the cards; with a cap of 120 (no marriage) `announce` stops
/// there.
#[test]
fn announcing_among_every_level_ignores_the_marriages() {
    use tysiac::engine::contract::levels_from;
    use tysiac::players::player::{announce, announce_among};
    let rules = Rules::STANDARD;
    let every = levels_from(100, 400, &rules);
    // No ceiling (standard has no `bid_max`) stops at u16::MAX, not wrapping.
    let unbounded = levels_from(65_000, rules.bid_ceiling(), &rules);
    assert_eq!(unbounded.last(), Some(&65_530));
    assert_eq!(announce_among(every.clone(), 100, 0.5, &[200; 4]), 200);
    // 100 sure (+100) against 150 three times in four (+75): 100.
    assert_eq!(announce_among(every, 100, 0.5, &[100, 150, 150, 150]), 100);
    let plain: tysiac::CardSet = "AT.AT.AT.A9".parse().unwrap();
    assert_eq!(announce(&rules, plain, 100, 0.5, &[200; 4]), 120);
}
