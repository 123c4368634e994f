//! How hard a puzzle is, and what it is about.
//!
//! # The difficulty score
//!
//! A puzzle is hard when the moves a player would try first fail, when the
//! failure shows only tricks later, and when the answer is not a move one
//! plays by reflex. The score adds four counts, each read off the solver's
//! answers, so it can be checked by hand:
//!
//! * **tempting**: how many wrong moves look right. A wrong move *looks
//!   right* if it is the highest card the player may play (by rank) and is
//!   led or plays over the trick so far, if it takes the trick whatever the
//!   players still to play do ("wins now"), or if it declares a marriage.
//!   One point each such move.
//! * **depth − 1**: after how many tricks a wrong move shows. The solution's
//!   best line and a wrong move's best line are played side by side; the
//!   wrong move *shows* at the first trick after which the solving side is
//!   ahead in the solution's line and stays ahead to the end (trick 1 is the
//!   current trick). The depth is the latest such trick over the best wrong
//!   move and every tempting one. Depth 1 (seen at once) adds nothing.
//! * **quiet**: one point if the solution itself looks like none of the
//!   above (not the highest card, does not win the trick now, declares
//!   nothing) and is not the cheapest card either (playing low is a reflex
//!   too): quiet moves are the hard ones to see.
//! * **key**: one point if a marriage or a trump change is the key, that is
//!   if the solution's line and a compared wrong move's line differ in the
//!   marriages declared (by whom, which, or at which trick) or in the changes
//!   of trump.
//!
//! Levels: **easy** 0–1, **medium** 2–3, **hard** 4 and more.
//!
//! # Themes
//!
//! Named when present, all from the solution's best line:
//!
//! * `marriage-timing`: the lines differ in the marriages declared (declare
//!   now, declare later, or stop the other side from declaring).
//! * `trump-change`: the lines differ in a marriage that changes an existing
//!   trump.
//! * `ducking`: the player follows to the trick, holds a card that would
//!   play over it (put it in its side's hands for now), plays one that does
//!   not, and the other side takes the trick. Under `standard` rules this is
//!   rare: a player who can beat the led suit must, and a void player must
//!   trump; `must_beat=no` (ru) and `must_trump=no` (pl) leave room for it.
//! * `give-up-trick` (giving up a trick to gain the lead later): the player
//!   leads, could take the trick with a sure winner, leads a card that loses
//!   it, and its side wins a later trick.
//! * `endplay`: the trick given up (by ducking or on lead) puts the other
//!   side on lead with at least two tricks to go, and the solving side then
//!   wins every remaining trick: whatever the other side leads, it leads
//!   into the solving side's cards.

use std::fmt;

use crate::engine::card::Suit;
use crate::engine::moves::Move;
use crate::engine::rules::Rules;
use crate::engine::seat::Seat;
use crate::engine::state::{Declaration, State};
use crate::solver::Solver;

use super::play::wins_for_sure;

/// Why a move looks right at a glance.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Looks {
    /// The highest-ranked card among the legal ones, led or played over the
    /// trick so far (throwing a high card on a trick one cannot take tempts
    /// no one).
    pub highest: bool,
    /// Takes the current trick whatever the players still to play do.
    pub wins: bool,
    /// Declares a marriage (or the aces).
    pub declares: bool,
    /// Has the fewest card points among the legal moves: the reflex "play
    /// low". Not a temptation (a wrong move is not counted for it), but a
    /// solution that is the cheapest card is not quiet.
    pub cheapest: bool,
}

impl Looks {
    /// How `mv` looks in `s`.
    pub fn of(rules: &Rules, s: &State, mv: Move) -> Looks {
        let legal = s.legal_cards(rules);
        let top = legal.iter().map(|c| c.rank()).max();
        let low = legal.iter().map(|c| c.points()).min();
        let mover = s.to_move();
        let over = s.trick().is_empty() || same_side(holder_after(s, mv), mover);
        Looks {
            highest: over && top == Some(mv.card().rank()),
            wins: wins_for_sure(rules, s, mv, |w| w == mover),
            declares: s.trick().is_empty()
                && !mv.is_undeclared()
                && s.declaration(rules, mv.card()).is_some(),
            cheapest: low == Some(mv.card().points()),
        }
    }

    /// Does it look right in any way?
    pub fn any(self) -> bool {
        self.highest || self.wins || self.declares
    }

    /// Short names of the ways it looks right: `highest`, `wins`, `declares`.
    pub fn tags(self) -> Vec<&'static str> {
        let mut tags = Vec::new();
        if self.highest {
            tags.push("highest");
        }
        if self.wins {
            tags.push("wins");
        }
        if self.declares {
            tags.push("declares");
        }
        tags
    }

    /// The same, in words: "highest card, wins the trick now".
    pub fn words(self) -> String {
        let mut words = Vec::new();
        if self.highest {
            words.push("highest card");
        }
        if self.wins {
            words.push("wins the trick now");
        }
        if self.declares {
            words.push("declares a marriage");
        }
        words.join(", ")
    }
}

/// A move other than the solution, and what it costs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alternative {
    pub mv: Move,
    /// The declarer's total after it with best play.
    pub value: u16,
    /// How many points it costs the player to move (always positive).
    pub cost: u16,
    pub looks: Looks,
    /// The trick (1 = the current one) after which the solution is ahead
    /// for good (see the module docs).
    pub shows_at: usize,
    /// Its best line, this move first.
    pub line: Vec<Move>,
    /// The declarations along that line.
    pub declarations: Vec<Declared>,
}

/// A declaration along a line: at which trick (1 = the current one), by
/// whom, what.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Declared {
    pub trick: usize,
    pub seat: Seat,
    pub what: Declaration,
}

impl fmt::Display for Declared {
    /// "R declares the S marriage at trick 2".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.what {
            Declaration::Marriage(s) => write!(f, "{} declares the {s} marriage", self.seat)?,
            Declaration::Aces => write!(f, "{} declares the aces", self.seat)?,
        }
        write!(f, " at trick {}", self.trick)
    }
}

/// A theme of a puzzle (see the module docs).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    MarriageTiming,
    TrumpChange,
    Ducking,
    GiveUpTrick,
    Endplay,
}

impl Theme {
    /// Every theme, in the order they are listed.
    pub const ALL: [Theme; 5] = [
        Theme::MarriageTiming,
        Theme::TrumpChange,
        Theme::Ducking,
        Theme::GiveUpTrick,
        Theme::Endplay,
    ];

    /// The theme's name in output: `marriage-timing`, `trump-change`,
    /// `ducking`, `give-up-trick`, `endplay`.
    pub const fn name(self) -> &'static str {
        match self {
            Theme::MarriageTiming => "marriage-timing",
            Theme::TrumpChange => "trump-change",
            Theme::Ducking => "ducking",
            Theme::GiveUpTrick => "give-up-trick",
            Theme::Endplay => "endplay",
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Theme {
    type Err = String;
    fn from_str(s: &str) -> Result<Theme, String> {
        Theme::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                let names: Vec<&str> = Theme::ALL.iter().map(|t| t.name()).collect();
                format!("'{s}' is not a theme ({})", names.join(", "))
            })
    }
}

/// A difficulty level: a range of scores.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Score 0–1.
    Easy,
    /// Score 2–3.
    Medium,
    /// Score 4 and more.
    Hard,
}

impl Level {
    pub fn of(score: u32) -> Level {
        match score {
            0..=1 => Level::Easy,
            2..=3 => Level::Medium,
            _ => Level::Hard,
        }
    }

    /// The scores of this level, inclusive.
    pub const fn scores(self) -> (u32, u32) {
        match self {
            Level::Easy => (0, 1),
            Level::Medium => (2, 3),
            Level::Hard => (4, u32::MAX),
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The difficulty of a puzzle and its parts (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rating {
    /// tempting + (depth − 1) + quiet + key.
    pub score: u32,
    /// Wrong moves that look right.
    pub tempting: u32,
    /// The trick at which the latest compared wrong move shows (1 = now).
    pub depth: usize,
    /// The solution looks like nothing special.
    pub quiet: bool,
    /// A marriage or a trump change is the key.
    pub key: bool,
    pub themes: Vec<Theme>,
}

impl Rating {
    pub fn level(&self) -> Level {
        Level::of(self.score)
    }
}

/// Everything said about a puzzle's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The one winning move.
    pub solution: Move,
    /// How the solution looks (for the comment).
    pub looks: Looks,
    /// The solution's best line, the solution first.
    pub line: Vec<Move>,
    /// The declarations along that line.
    pub declarations: Vec<Declared>,
    /// The other legal moves, best first.
    pub alternatives: Vec<Alternative>,
    pub rating: Rating,
}

/// What happens along a line, trick by trick.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Trace {
    /// The declarer's total after each trick (the current trick first).
    totals: Vec<u16>,
    /// Who took each trick.
    winners: Vec<Seat>,
    declarations: Vec<Declared>,
    /// Changes of an existing trump: trick, seat, new trump.
    changes: Vec<(usize, Seat, Suit)>,
}

fn trace(rules: &Rules, s: &State, line: &[Move]) -> Trace {
    let mut t = Trace::default();
    let mut cur = *s;
    for &m in line {
        let seat = cur.to_move();
        let before = cur.trump;
        let played = cur.play(rules, m);
        let trick = t.winners.len();
        if let Some((d, _)) = played.declared {
            t.declarations.push(Declared {
                trick: trick + 1,
                seat,
                what: d,
            });
            if let (Some(old), Some(new)) = (before, cur.trump) {
                if old != new {
                    t.changes.push((trick, seat, new));
                }
            }
        }
        if let Some((winner, _)) = played.trick {
            t.winners.push(winner);
            t.totals.push(cur.points[Seat::D.index()]);
        }
    }
    t
}

/// Are two seats on the same side (the declarer, or the defenders)?
pub fn same_side(a: Seat, b: Seat) -> bool {
    a.is_declarer() == b.is_declarer()
}

/// The trick after which the solution's line is ahead for good, for `mover`.
fn shows_at(mover: Seat, solution: &Trace, wrong: &Trace) -> usize {
    let mut last_behind = 0;
    for (t, (&a, &b)) in solution.totals.iter().zip(&wrong.totals).enumerate() {
        let ahead = if mover.is_declarer() { a > b } else { a < b };
        if !ahead {
            last_behind = t + 1;
        }
    }
    (last_behind + 1).min(solution.totals.len().max(1))
}

/// Who holds the current trick once `mv` is added to it: the player of its
/// highest trump, or else of its highest card of the led suit.
fn holder_after(s: &State, mv: Move) -> Seat {
    let mut cards: Vec<crate::engine::card::Card> = s.trick().to_vec();
    cards.push(mv.card());
    let led = cards[0].suit();
    let key = |c: &crate::engine::card::Card| {
        if Some(c.suit()) == s.trump {
            16 + c.rank() as u8
        } else if c.suit() == led {
            8 + c.rank() as u8
        } else {
            0
        }
    };
    let best = (0..cards.len())
        .max_by_key(|&i| (key(&cards[i]), std::cmp::Reverse(i)))
        .expect("at least the card played");
    s.leader.plus_of(best, s.seats)
}

/// The best line from `s` beginning with `mv`.
fn line_from(solver: &mut Solver, s: &State, mv: Move) -> Vec<Move> {
    let mut child = *s;
    child.play(solver.rules(), mv);
    let mut line = vec![mv];
    line.extend(solver.line(&child));
    line
}

/// Rates the puzzle in `s`, whose moves and values (best first, the unique
/// solution first) are `values`.
pub fn analyse(solver: &mut Solver, s: &State, values: &[(Move, u16)]) -> Analysis {
    let rules = *solver.rules();
    let mover = s.to_move();
    let (solution, best) = values[0];
    let line = line_from(solver, s, solution);
    let sol = trace(&rules, s, &line);
    let mut alternatives = Vec::new();
    let mut traces = Vec::new();
    for &(mv, value) in &values[1..] {
        let alt_line = line_from(solver, s, mv);
        let alt = trace(&rules, s, &alt_line);
        alternatives.push(Alternative {
            mv,
            value,
            cost: value.abs_diff(best),
            looks: Looks::of(&rules, s, mv),
            shows_at: shows_at(mover, &sol, &alt),
            line: alt_line,
            declarations: alt.declarations.clone(),
        });
        traces.push(alt);
    }
    // Compared: the best wrong move, and every tempting one.
    let compared: Vec<usize> = (0..alternatives.len())
        .filter(|&i| i == 0 || alternatives[i].looks.any())
        .collect();
    let tempting = alternatives.iter().filter(|a| a.looks.any()).count() as u32;
    let depth = compared
        .iter()
        .map(|&i| alternatives[i].shows_at)
        .max()
        .unwrap_or(1);
    let looks = Looks::of(&rules, s, solution);
    let quiet = !looks.any() && !looks.cheapest;
    let marriage = compared
        .iter()
        .any(|&i| traces[i].declarations != sol.declarations);
    let change = compared.iter().any(|&i| traces[i].changes != sol.changes);

    let mut themes = Vec::new();
    if marriage {
        themes.push(Theme::MarriageTiming);
    }
    if change {
        themes.push(Theme::TrumpChange);
    }
    let ours = |w: Seat| same_side(w, mover);
    let leading = s.trick().is_empty();
    // On lead: could take the trick with a sure winner, and leads a card
    // that loses it. Following: could play over the trick so far (put it in
    // the side's hands for now), and plays under instead (declining to play
    // over is what ducking is, even if a later card might have beaten the
    // higher one); the other side then takes the trick.
    let lost = sol.winners.first().is_some_and(|&w| !ours(w));
    let gives_up = lost
        && if leading {
            s.legal_moves(&rules)
                .iter()
                .any(|&m| wins_for_sure(&rules, s, m, ours))
        } else {
            !ours(holder_after(s, solution))
                && s.legal_moves(&rules)
                    .iter()
                    .any(|&m| ours(holder_after(s, m)))
        };
    let later = &sol.winners[sol.winners.len().min(1)..];
    if gives_up && !leading {
        themes.push(Theme::Ducking);
    }
    if gives_up && leading && later.iter().any(|&w| ours(w)) {
        themes.push(Theme::GiveUpTrick);
    }
    if gives_up && later.len() >= 2 && later.iter().all(|&w| ours(w)) {
        themes.push(Theme::Endplay);
    }
    let key = marriage || change;
    let score = tempting + (depth as u32 - 1) + u32::from(quiet) + u32::from(key);
    Analysis {
        solution,
        looks,
        line,
        declarations: sol.declarations.clone(),
        alternatives,
        rating: Rating {
            score,
            tempting,
            depth,
            quiet,
            key,
            themes,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(hands: [&str; 3], leader: Seat, trick: &[&str], trump: Option<Suit>) -> State {
        let mut s = State::new(
            hands.map(|h| h.parse().unwrap()),
            leader,
            trump,
            [100, 0, 0],
        );
        for c in trick {
            s.push_trick_card(c.parse().unwrap());
        }
        s
    }

    fn mv(m: &str) -> Move {
        m.parse().unwrap()
    }

    fn totals(t: &[u16]) -> Trace {
        Trace {
            totals: t.to_vec(),
            ..Trace::default()
        }
    }

    #[test]
    fn a_wrong_move_shows_when_the_solution_stays_ahead() {
        // The wrong line leads after trick 1 (it grabbed points), falls
        // behind at trick 2 and stays behind: it shows at trick 2.
        let solution = totals(&[100, 130, 140]);
        let wrong = totals(&[115, 120, 125]);
        assert_eq!(shows_at(Seat::D, &solution, &wrong), 2);
        // For a defender, lower is better.
        assert_eq!(shows_at(Seat::L, &wrong, &solution), 2);
        // Ahead from the first trick: shows at once.
        assert_eq!(
            shows_at(Seat::D, &totals(&[110, 120]), &totals(&[100, 110])),
            1
        );
        // Level until the last trick.
        assert_eq!(
            shows_at(Seat::D, &totals(&[100, 120]), &totals(&[100, 110])),
            2
        );
    }

    #[test]
    fn the_trick_is_held_by_the_highest_trump_or_led_card() {
        // R led KS, D played 9S; L to play.
        let s = state(
            ["A...", "9..9.A", "...Q"],
            Seat::R,
            &["KS", "9S"],
            Some(Suit::Clubs),
        );
        assert_eq!(holder_after(&s, mv("AS")), Seat::L);
        assert_eq!(holder_after(&s, mv("9C")), Seat::L, "a trump");
        assert_eq!(holder_after(&s, mv("9H")), Seat::R, "a discard");
    }

    #[test]
    fn looks_tell_highest_winning_declaring_and_cheap() {
        // D leads with the heart marriage and the spade ace; L and R follow.
        let s = state(["KQ..9.A", "A9..J.9", "TJ..Q.K"], Seat::D, &[], None);
        let rules = Rules::STANDARD;
        let ace = Looks::of(&rules, &s, mv("AS"));
        assert!(ace.highest && ace.wins && !ace.declares);
        let king = Looks::of(&rules, &s, mv("KH"));
        assert!(king.declares && !king.wins, "L's AH beats it");
        let nine = Looks::of(&rules, &s, mv("9C"));
        assert!(!nine.any() && nine.cheapest);
        // A follower who cannot play over: its highest card tempts no one.
        let s = state(["KQ..9.", "A9..J.9", "TJ..Q.K"], Seat::D, &["AS"], None);
        let l = Looks::of(&rules, &s, mv("9S"));
        assert!(!l.highest && !l.wins);
    }
}
