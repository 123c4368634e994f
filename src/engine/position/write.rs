//! Writing a position back in its canonical text.

use std::fmt;

use super::{Form, History, Position};
use crate::engine::moves::Move;
use crate::engine::rules::{Rules, TrumpRule};
use crate::engine::state::State;

impl fmt::Display for Position {
    /// The canonical block: `id`, `rules`, the form's keys, `contract`,
    /// `expect`, then `play` (the longest) last. No trailing newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut lines: Vec<(&str, String)> = Vec::new();
        if let Some(id) = &self.id {
            lines.push(("id", id.clone()));
        }
        lines.push(("rules", self.rules.to_string()));
        let mut play = None;
        match &self.form {
            Form::History(h) => {
                history_lines(h, &self.rules, &mut lines);
                play = play_text(&h.moves, self.rules.seats());
            }
            Form::Snapshot(state) => snapshot_lines(state, &mut lines),
        }
        if let Some(c) = self.contract {
            lines.push(("contract", c.to_string()));
        }
        if let Some(e) = self.expect {
            lines.push(("expect", e.to_string()));
        }
        if let Some(p) = play {
            lines.push(("play", p));
        }
        for (i, (key, value)) in lines.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{key}: {value}")?;
        }
        Ok(())
    }
}

/// The history form's `deal`, `exchange` and `trump` lines.
pub(super) fn history_lines(h: &History, rules: &Rules, lines: &mut Vec<(&str, String)>) {
    match (&h.deal, &h.start) {
        (Some(deal), _) => lines.push(("deal", deal.to_string())),
        (None, Some(start)) => lines.push(("deal", hands_text(start))),
        (None, None) => {}
    }
    if let Some(x) = &h.exchange {
        lines.push(("exchange", x.to_string()));
    }
    // A deal written after the exchange carries the chosen trump on its own line.
    if let (None, Some(start), TrumpRule::Chosen) = (&h.deal, &h.start, rules.trump) {
        if let Some(t) = start.trump {
            lines.push(("trump", t.to_string()));
        }
    }
}

/// The cards played, ` | ` between tricks (a history starts at a first lead).
pub(super) fn play_text(moves: &[Move], seats: usize) -> Option<String> {
    if moves.is_empty() {
        return None;
    }
    let tricks: Vec<String> = moves
        .chunks(seats)
        .map(|t| {
            t.iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    Some(tricks.join(" | "))
}

/// The snapshot form's lines.
pub(super) fn snapshot_lines(state: &State, lines: &mut Vec<(&str, String)>) {
    lines.push(("hands", hands_text(state)));
    lines.push(("lead", state.leader.to_string()));
    if !state.trick().is_empty() {
        let cards: Vec<String> = state.trick().iter().map(|c| c.to_string()).collect();
        lines.push(("trick", cards.join(" ")));
    }
    lines.push(("trump", state.trump.map_or("-".into(), |s| s.to_string())));
    let points: Vec<String> = state
        .seats()
        .iter()
        .map(|s| state.points[s.index()].to_string())
        .collect();
    lines.push(("points", points.join(" ")));
    if state.seats == 2 {
        lines.push(("last_musik", state.last_musik.to_string()));
    }
}

/// Hands D L R (D L with two players), separated by spaces.
pub(super) fn hands_text(state: &State) -> String {
    let hands: Vec<String> = state
        .seats()
        .iter()
        .map(|s| state.hands[s.index()].to_string())
        .collect();
    hands.join(" ")
}
