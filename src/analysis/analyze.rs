//! The post-mortem of a played hand: every move's double-dummy cost, the
//! exchange against the best one, the hand's points and score, whether the
//! contract was makeable along the way, and a summary per seat.
//!
//! All values are the declarer's total at the end of the hand with perfect
//! play from there on by both sides, points already scored included (what
//! [`Solver::value`] gives). A move's **cost** is the points it gave away
//! against perfect play: for the declarer the drop in that value, for a
//! defender the rise. The value never moves the other way (the player to move
//! can always keep it), so costs are never negative, and over a complete hand
//!
//! > D's total cost − the defenders' total cost = the value at the first
//! > analyzed move − D's final points,
//!
//! since each move's signed change is `before − after` and the changes add up.
//!
//! One [`Solver`] serves a whole hand (and many hands under one rule set):
//! its table keeps what it learned from one move to the next, which is what
//! makes a 24-move analysis quick.
//!
//! ```
//! use tysiac::{analysis::analyze::analyze_play, Rules, Seat, Solver, State};
//! // D leads the last trick holding AH; L must play 9H, R holds QS and TH.
//! let hands = ["A...".parse().unwrap(), "9...".parse().unwrap(), "T...".parse().unwrap()];
//! let start = State::new(hands, Seat::D, None, [0, 0, 0]);
//! let mut solver = Solver::new(Rules::STANDARD);
//! let moves = ["AH", "9H", "TH"].map(|m| m.parse().unwrap());
//! let a = analyze_play(&mut solver, &start, &moves, Some(20)).unwrap();
//! assert_eq!(a.hand.points, [21, 0, 0]);
//! assert_eq!(a.hand.made, Some(true));
//! ```

use std::fmt::{self, Display, Write as _};

use serde::ser::SerializeSeq;
use serde::{Serialize, Serializer};

use crate::engine::card::{Rank, Suit};
use crate::engine::deal::Exchange;
use crate::engine::moves::Move;
use crate::engine::position::{BadMove, Form, Position};
use crate::engine::rules::Rules;
use crate::engine::score;
use crate::engine::seat::{PerSeat, Seat};
use crate::engine::state::{Declaration, State};
use crate::game::words::{sentence, Names};
use crate::solver::Solver;

/// How a move changed the outcome of the contract (double-dummy).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ContractChange {
    /// The declarer's move: makeable before, not after.
    Lost,
    /// A defender's move: not makeable before, makeable after.
    GivenAway,
}

/// A declaration made by a lead.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Declared {
    /// `marriage` or `aces` (the ace marriage).
    pub kind: &'static str,
    /// The marriage's suit.
    #[serde(serialize_with = "opt_display")]
    pub suit: Option<Suit>,
    pub points: u16,
}

/// One move of the hand, judged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveRecord {
    /// The move's number from the first analyzed move, from 1 (as in `play:`).
    pub number: usize,
    /// The trick it belongs to, from 1.
    pub trick: usize,
    #[serde(serialize_with = "display")]
    pub seat: Seat,
    #[serde(serialize_with = "display")]
    pub card: Move,
    /// The declarer's value before the move.
    pub before: u16,
    /// The declarer's value after it.
    pub after: u16,
    /// Points given away: `before − after` for D, `after − before` for a defender.
    pub cost: u16,
    /// When the move cost something: the moves that keep `before` (the value
    /// they would have kept).
    #[serde(serialize_with = "display_list")]
    pub best: Vec<Move>,
    pub declared: Option<Declared>,
    /// The suit of a marriage the mover held and gave up with this move,
    /// playing its K or Q without declaring it (on the first trick, not
    /// leading, or led without declaring).
    #[serde(serialize_with = "opt_display")]
    pub gives_up: Option<Suit>,
    /// The move turned the contract from makeable to not, or back.
    pub contract_change: Option<ContractChange>,
}

/// One trick (the last one may be unfinished).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TrickRecord {
    pub number: usize,
    #[serde(serialize_with = "display")]
    pub leader: Seat,
    /// The cards played to it, from the leader on.
    #[serde(serialize_with = "display_list")]
    pub cards: Vec<Move>,
    /// The trump in force for it (after a marriage its lead declared).
    #[serde(serialize_with = "opt_display")]
    pub trump: Option<Suit>,
    /// The winner, once the trick is complete.
    #[serde(serialize_with = "opt_display")]
    pub winner: Option<Seat>,
    /// The card points of the trick, once complete.
    pub points: u16,
    /// The declarer's value when the trick began (or at the first analyzed move).
    pub value: u16,
    /// Whether the contract was makeable then (when a contract is known).
    pub makeable: Option<bool>,
    /// Each seat's own points (cards won and marriages declared) after the
    /// trick's last analyzed move.
    pub seat_points: PerSeat<u16>,
}

/// The exchange made, against the best one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExchangeRecord {
    /// The exchange made (none when the history stops before it).
    #[serde(serialize_with = "opt_display")]
    pub made: Option<Exchange>,
    /// The declarer's value after the exchange made.
    pub value: Option<u16>,
    /// A best exchange and its value.
    #[serde(serialize_with = "display")]
    pub best: Exchange,
    pub best_value: u16,
    /// `best_value − value`.
    pub cost: Option<u16>,
}

/// The points of the hand so far, and its result when complete.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandRecord {
    /// All tricks played.
    pub complete: bool,
    /// Card points won, by seat (D L R). Points the start state already
    /// held count here: in a history those are only discards counted for D
    /// (`discard_points=declarer`).
    pub cards: PerSeat<u16>,
    /// Marriage points declared, by seat.
    pub marriages: PerSeat<u16>,
    /// Cards and marriages, by seat.
    pub points: PerSeat<u16>,
    /// Whether the contract was made (complete hands with a contract).
    pub made: Option<bool>,
    /// The hand's score by seat under the rules (complete hands with a contract).
    pub score: Option<PerSeat<i32>>,
}

/// One seat's mistakes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SeatSummary {
    /// Moves that cost something.
    pub mistakes: usize,
    /// Points given away in all.
    pub cost: u32,
    /// The number of the costliest move (the first, on a tie).
    pub largest: Option<usize>,
    /// The seat's own points at the end of the analyzed play (cards won and
    /// marriages declared): a defender's own gain can outweigh what a move
    /// cost its side against the declarer.
    pub points: u16,
    /// The seat's hand score (complete hands with a contract; a
    /// defender's points rounded by the rules).
    pub score: Option<i32>,
}

/// Where the play stopped because a move was bad.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Stopped {
    /// The bad move's number.
    pub number: usize,
    /// The seat to play, when there was one.
    #[serde(serialize_with = "opt_display")]
    pub seat: Option<Seat>,
    /// The move as written.
    pub card: String,
    /// The rule it breaks, or what else is wrong.
    pub rule: String,
    /// The whole message: `move 11: R plays 9C but must trump: holds QH`.
    pub message: String,
}

/// The post-mortem of one hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// The position's id.
    pub id: Option<String>,
    /// The rule set, canonically written.
    #[serde(serialize_with = "display")]
    pub rules: Rules,
    pub contract: Option<u16>,
    /// When the deal has its musik.
    pub exchange: Option<ExchangeRecord>,
    /// Contract makeable with the best exchange (deal with its musik).
    pub makeable_before_exchange: Option<bool>,
    /// Contract makeable at the first lead (after the exchange made).
    pub makeable_after_exchange: Option<bool>,
    /// The declarer's value at the first analyzed move (none before the exchange).
    pub start_value: Option<u16>,
    pub moves: Vec<MoveRecord>,
    pub tricks: Vec<TrickRecord>,
    pub hand: HandRecord,
    /// By seat.
    pub summary: PerSeat<SeatSummary>,
    /// The bad move the history stopped at, if any: nothing after it is analyzed.
    pub stopped: Option<Stopped>,
}

/// Analyzes `moves` played from `start` (each must be legal: the error names
/// the first that is not). `contract` enables the makeable checks and the
/// score. The solver's rules are the rules of the hand.
pub fn analyze_play(
    solver: &mut Solver,
    start: &State,
    moves: &[Move],
    contract: Option<u16>,
) -> Result<Analysis, String> {
    let rules = *solver.rules();
    let makeable = |v: u16| contract.map(|c| v >= c);

    // The line of states, and the value of each: the only full solves.
    let mut states = Vec::with_capacity(moves.len() + 1);
    let mut played = Vec::with_capacity(moves.len());
    states.push(*start);
    for (i, &mv) in moves.iter().enumerate() {
        let mut s = states[i];
        let seat = s.to_move();
        let p = s
            .try_play(&rules, mv)
            .map_err(|why| format!("move {}, {seat} plays {mv} but {why}", i + 1))?;
        played.push(p);
        states.push(s);
    }
    let values: Vec<u16> = states.iter().map(|s| solver.value(s)).collect();

    let mut records = Vec::with_capacity(moves.len());
    let mut tricks: Vec<TrickRecord> = Vec::new();
    let mut cards = start.points;
    let mut marriages = [0u16; 3];
    for (i, (&mv, p)) in moves.iter().zip(&played).enumerate() {
        let s = &states[i];
        let seat = s.to_move();
        let (before, after) = (values[i], values[i + 1]);
        // The player to move can always keep the value, so it moves only
        // against the mover (a solver bug otherwise: caught in debug builds).
        debug_assert!(
            if seat == Seat::D {
                after <= before
            } else {
                after >= before
            },
            "move {} {mv} by {seat} improves on perfect play: {before} -> {after}",
            i + 1
        );
        let cost = if seat == Seat::D {
            before.saturating_sub(after)
        } else {
            after.saturating_sub(before)
        };
        let best = if cost > 0 {
            optimal_moves(solver, &rules, s, before)
        } else {
            Vec::new()
        };
        let contract_change = match (makeable(before), makeable(after)) {
            (Some(true), Some(false)) => Some(ContractChange::Lost),
            (Some(false), Some(true)) => Some(ContractChange::GivenAway),
            _ => None,
        };
        let card = mv.card();
        let gives_up = (matches!(card.rank(), Rank::King | Rank::Queen)
            && s.hands[seat.index()].has_marriage(card.suit())
            && p.declared.is_none())
        .then_some(card.suit());
        let declared = p.declared.map(|(d, points)| {
            marriages[seat.index()] += points;
            match d {
                Declaration::Marriage(suit) => Declared {
                    kind: "marriage",
                    suit: Some(suit),
                    points,
                },
                Declaration::Aces => Declared {
                    kind: "aces",
                    suit: None,
                    points,
                },
            }
        });
        if i == 0 || s.trick().is_empty() {
            tricks.push(TrickRecord {
                number: s.trick_number(&rules),
                leader: s.leader,
                cards: s.trick().iter().map(|&c| Move::new(c)).collect(),
                trump: None,
                winner: None,
                points: 0,
                value: before,
                makeable: makeable(before),
                seat_points: PerSeat::new(s.points, s.seats),
            });
        }
        let trick = tricks.last_mut().expect("a trick was opened");
        trick.cards.push(mv);
        trick.seat_points = PerSeat::new(states[i + 1].points, s.seats);
        if trick.cards.len() == 1 {
            // The lead's declaration already sets the trump of this trick.
            trick.trump = states[i + 1].trump;
        } else if i == 0 {
            trick.trump = s.trump;
        }
        if let Some((winner, points)) = p.trick {
            trick.winner = Some(winner);
            trick.points = points;
            cards[winner.index()] += points;
        }
        records.push(MoveRecord {
            number: i + 1,
            trick: s.trick_number(&rules),
            seat,
            card: mv,
            before,
            after,
            cost,
            best,
            declared,
            gives_up,
            contract_change,
        });
    }

    let end = states.last().expect("the start state");
    let complete = end.is_over();
    let points = end.points;
    let made = contract.filter(|_| complete).map(|c| points[0] >= c);
    let score = contract
        .filter(|_| complete)
        .map(|c| score::hand_score(&rules, c, points));
    let mut summary: PerSeat<SeatSummary> = PerSeat::default_for(end.seats);
    for &seat in end.seats() {
        summary[seat].points = points[seat.index()];
        summary[seat].score = score.map(|s| s[seat.index()]);
    }
    for r in &records {
        let sum = &mut summary[r.seat];
        if r.cost > 0 {
            sum.mistakes += 1;
            sum.cost += u32::from(r.cost);
            if sum.largest.is_none_or(|n| records[n - 1].cost < r.cost) {
                sum.largest = Some(r.number);
            }
        }
    }
    Ok(Analysis {
        start_value: Some(values[0]),
        moves: records,
        tricks,
        hand: HandRecord {
            complete,
            cards: PerSeat::new(cards, end.seats),
            marriages: PerSeat::new(marriages, end.seats),
            points: PerSeat::new(points, end.seats),
            made,
            score: score.map(|s| PerSeat::new(s, end.seats)),
        },
        summary,
        ..empty(rules, contract)
    })
}

/// The legal moves from `s` that keep the declarer's value at `value` (the
/// value of `s`): null-window tests, cheaper than valuing every move.
fn optimal_moves(solver: &mut Solver, rules: &Rules, s: &State, value: u16) -> Vec<Move> {
    let declarer = s.to_move() == Seat::D;
    s.legal_moves(rules)
        .iter()
        .copied()
        .filter(|&m| {
            let mut child = *s;
            child.play(rules, m);
            if declarer {
                solver.reaches(&child, value)
            } else {
                !solver.reaches(&child, value + 1)
            }
        })
        .collect()
}

/// Analyzes a position in the history form: the exchange (when the deal has
/// its musik) and every move played. `bad` is the bad move a lenient reading
/// stopped at ([`crate::parse_positions_lenient`]): it is reported, and
/// nothing after it is guessed. The solver must be for the position's rules.
pub fn analyze_position(
    solver: &mut Solver,
    position: &Position,
    bad: Option<&BadMove>,
) -> Result<Analysis, String> {
    if *solver.rules() != position.rules {
        return Err(format!(
            "the solver is for the rules '{}', the position for '{}'",
            solver.rules(),
            position.rules
        ));
    }
    let Form::History(h) = &position.form else {
        return Err("analyze reads the history form (deal:, exchange:, play:); \
                    a snapshot has no play to analyze (tysiac solve values it)"
            .into());
    };
    let contract = position.contract;
    let mut analysis = match h.start {
        Some(start) => analyze_play(solver, &start, &h.moves, contract)?,
        None => empty(position.rules, contract),
    };
    if let Some(deal) = h.deal {
        let (best, best_value) = solver.best_exchange(&deal);
        // The value of the exchange made is the value at the first lead.
        let value = analysis.start_value;
        analysis.exchange = Some(ExchangeRecord {
            made: h.exchange,
            value,
            best,
            best_value,
            cost: value.map(|v| best_value.saturating_sub(v)),
        });
        analysis.makeable_before_exchange = contract.map(|c| best_value >= c);
    }
    if h.start.is_some() {
        analysis.makeable_after_exchange = contract.zip(analysis.start_value).map(|(c, v)| v >= c);
    }
    analysis.id = position.id.clone();
    analysis.stopped = bad.map(|b| Stopped {
        number: b.number,
        seat: b.seat,
        card: b.word.clone(),
        rule: b.why.clone(),
        message: b.analyze_error().message,
    });
    Ok(analysis)
}

/// The analysis of a hand whose exchange is still to be made: no play.
fn empty(rules: Rules, contract: Option<u16>) -> Analysis {
    Analysis {
        id: None,
        rules,
        contract,
        exchange: None,
        makeable_before_exchange: None,
        makeable_after_exchange: None,
        start_value: None,
        moves: Vec::new(),
        tricks: Vec::new(),
        hand: HandRecord {
            complete: false,
            cards: PerSeat::default_for(rules.seats()),
            marriages: PerSeat::default_for(rules.seats()),
            points: PerSeat::default_for(rules.seats()),
            made: None,
            score: None,
        },
        summary: PerSeat::default_for(rules.seats()),
        stopped: None,
    }
}

// ---------------------------------------------------------------------------
// The readable report

impl Analysis {
    /// The readable report: a header, the exchange, one line per move grouped
    /// by trick, the hand's points and score, and the summary per seat. The
    /// seats are named D, L and R.
    pub fn report(&self) -> String {
        let seats = self
            .hand
            .points
            .seats()
            .iter()
            .map(|s| s.to_string())
            .collect();
        let mut out = String::new();
        self.write_report(&mut out, &Names::new(seats, None), true)
            .expect("writing to a String");
        out
    }

    /// The report with the seats named by `names` (index: the seat, D
    /// first), e.g. the players of a game, one of them "you".
    pub fn report_for(&self, names: &Names) -> String {
        let mut out = String::new();
        self.write_report(&mut out, names, false)
            .expect("writing to a String");
        out
    }

    fn write_report(&self, o: &mut String, names: &Names, letters: bool) -> fmt::Result {
        let yes = |b: bool| if b { "makeable" } else { "not makeable" };
        let who = |seat: Seat| names.who(seat.index()).to_string();
        let says = |seat: Seat, verb: &str| names.says(seat.index(), verb);
        let each = |values: &PerSeat<u16>| names.each(values.iter().map(|(s, v)| (s.index(), v)));
        write!(o, "position {}", self.id.as_deref().unwrap_or("-"))?;
        write!(o, " · rules {}", self.rules)?;
        match self.contract {
            Some(c) => writeln!(o, " · contract {c}")?,
            None => writeln!(o, " · no contract given")?,
        }
        let declarer = if letters {
            "D's".to_string()
        } else {
            format!("{} (the declarer's)", names.whose(0))
        };
        writeln!(
            o,
            "values are {declarer} total at the end with perfect play from there on"
        )?;
        if let Some(x) = &self.exchange {
            match (&x.made, x.value, x.cost) {
                (Some(made), Some(v), Some(0)) => {
                    writeln!(o, "exchange {made}: value {v}, as good as the best")?
                }
                (Some(made), Some(v), Some(cost)) => writeln!(
                    o,
                    "exchange {made}: value {v}; best {}: {} · cost {cost}",
                    x.best, x.best_value
                )?,
                _ => writeln!(
                    o,
                    "exchange not made yet; best {}: {}",
                    x.best, x.best_value
                )?,
            }
        }
        if let (Some(c), Some(before)) = (self.contract, self.makeable_before_exchange) {
            write!(o, "contract {c}: {} with the best exchange", yes(before))?;
            match self.makeable_after_exchange {
                Some(after) => writeln!(o, ", {} after the exchange made", yes(after))?,
                None => writeln!(o)?,
            }
        } else if let (Some(c), Some(after)) = (self.contract, self.makeable_after_exchange) {
            writeln!(o, "contract {c}: {} at the first lead", yes(after))?;
        }
        let width = self
            .hand
            .points
            .seats()
            .iter()
            .map(|&s| who(s).chars().count())
            .max()
            .unwrap_or(1);
        for t in &self.tricks {
            write!(
                o,
                "trick {}: {} · value {}",
                t.number,
                says(t.leader, "lead"),
                t.value
            )?;
            if let Some(m) = t.makeable {
                write!(o, " ({})", yes(m))?;
            }
            writeln!(o)?;
            let moves: Vec<&MoveRecord> =
                self.moves.iter().filter(|m| m.trick == t.number).collect();
            // A hand analyzed from the middle of a trick: its earlier cards.
            let before = t.cards.len() - moves.len();
            for c in &t.cards[..before] {
                writeln!(o, "        {c}  (played before)")?;
            }
            for (k, m) in moves.into_iter().enumerate() {
                let mover = format!("{:<width$}", who(m.seat));
                write_move(o, m, &mover, before + k == 0)?;
            }
            if let Some(w) = t.winner {
                let s = if t.points == 1 { "" } else { "s" };
                writeln!(
                    o,
                    "        {} {} point{s} · own points {}",
                    says(w, "win"),
                    t.points,
                    each(&t.seat_points)
                )?;
            }
        }
        if let Some(s) = &self.stopped {
            writeln!(o, "stopped: {} (nothing after it is analyzed)", s.message)?;
        }
        let h = &self.hand;
        if self.start_value.is_some() {
            let state = if h.complete {
                "points"
            } else {
                "points so far"
            };
            let seats: Vec<String> = h
                .points
                .iter()
                .map(|(seat, p)| {
                    format!(
                        "{} {p} ({} cards + {} marriages)",
                        who(seat),
                        h.cards[seat],
                        h.marriages[seat]
                    )
                })
                .collect();
            writeln!(o, "{state}: {}", seats.join(" · "))?;
        }
        if let (Some(c), Some(made), Some(score)) = (self.contract, h.made, h.score) {
            let word = if made { "made" } else { "failed" };
            let scores: Vec<String> = score
                .iter()
                .map(|(seat, v)| format!("{} {v:+}", who(seat)))
                .collect();
            writeln!(o, "contract {c} {word} · score {}", scores.join(", "))?;
        }
        if self.moves.is_empty() {
            return Ok(());
        }
        writeln!(o, "summary:")?;
        for &seat in self.summary.seats() {
            let s = &self.summary[seat];
            write!(o, "  {}: ", sentence(&who(seat)))?;
            match s.largest {
                None => write!(o, "no mistakes")?,
                Some(n) => {
                    let m = &self.moves[n - 1];
                    let plural = if s.mistakes == 1 { "" } else { "s" };
                    write!(
                        o,
                        "{} mistake{plural}, {} point{} given away (largest: move {n} {}, {})",
                        s.mistakes,
                        s.cost,
                        if s.cost == 1 { "" } else { "s" },
                        m.card,
                        m.cost
                    )?;
                }
            }
            let exchange = self.exchange.as_ref().and_then(|x| x.cost);
            if let (Seat::D, Some(cost)) = (seat, exchange) {
                write!(o, "; the exchange cost {cost}")?;
            }
            write!(o, "; own points {}", s.points)?;
            if let Some(score) = s.score {
                write!(o, " (score {score:+})")?;
            }
            writeln!(o)?;
        }
        Ok(())
    }
}

/// One move's line: number, mover, card, values, what it cost, and why
/// when a rule explains it (a marriage given up).
fn write_move(o: &mut String, m: &MoveRecord, mover: &str, lead: bool) -> fmt::Result {
    let card = m.card.to_string();
    write!(o, "  {:>3}. {mover} {card:<4}", m.number)?;
    if m.before == m.after {
        write!(o, " {:>3}", m.before)?;
    } else {
        write!(o, " {:>3} → {}", m.before, m.after)?;
    }
    if let Some(d) = &m.declared {
        match d.suit {
            Some(s) => write!(o, " · declares the {} marriage (+{})", s.symbol(), d.points)?,
            None => write!(o, " · declares the ace marriage (+{})", d.points)?,
        }
    }
    if m.cost > 0 {
        let best: Vec<String> = m.best.iter().map(|b| b.to_string()).collect();
        write!(
            o,
            " · cost {} · best {} (keeps {})",
            m.cost,
            best.join(" "),
            m.before
        )?;
        if let Some(s) = m.gives_up {
            let why = if m.card.is_undeclared() {
                "led without declaring"
            } else if !lead {
                "only a lead declares a marriage"
            } else if m.trick == 1 {
                "no marriage is declared on the first trick"
            } else {
                "it could not be declared"
            };
            write!(o, " · gives up the {} marriage: {why}", s.symbol())?;
        }
    }
    match m.contract_change {
        Some(ContractChange::Lost) => write!(o, " · contract lost")?,
        Some(ContractChange::GivenAway) => write!(o, " · contract given away")?,
        None => {}
    }
    writeln!(o)
}

// ---------------------------------------------------------------------------
// Serialization helpers: cards, seats and suits as their notation.

fn display<T: Display, S: Serializer>(v: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(v)
}

fn opt_display<T: Display, S: Serializer>(v: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
    match v {
        Some(v) => s.collect_str(v),
        None => s.serialize_none(),
    }
}

fn display_list<T: Display, S: Serializer>(v: &[T], s: S) -> Result<S::Ok, S::Error> {
    let mut seq = s.serialize_seq(Some(v.len()))?;
    for x in v {
        seq.serialize_element(&x.to_string())?;
    }
    seq.end()
}
