//! Words for players: a sentence about a player agrees with who it is
//! ("you play", "Ala plays"), so that what a player reads names people,
//! never seat letters, and says "you" to the one reading.
//!
//! ```
//! use tysiac::game::words::Names;
//! let names = Names::new(vec!["You".into(), "Ala".into()], Some(0));
//! assert_eq!(names.says(0, "pass"), "you pass");
//! assert_eq!(names.says(1, "pass"), "Ala passes");
//! assert_eq!(names.whose(0), "your");
//! ```

use crate::engine::score::GameResult;

/// The players of a game as messages name them: by name, except the one
/// reading (at the keyboard, or whose record it is), who is "you".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Names {
    pub names: Vec<String>,
    /// The player reading, if there is one.
    pub you: Option<usize>,
}

impl Names {
    pub fn new(names: Vec<String>, you: Option<usize>) -> Names {
        Names { names, you }
    }

    /// The players of a game whose seats are `seats` (`me` for a person,
    /// else a computer): the one person is "you"; with no seats known, the
    /// player named "You" (the game's default name for the person) is.
    /// Several persons at one table are all named.
    pub fn of_game(names: Vec<String>, seats: Option<&[String]>) -> Names {
        let you = match seats {
            Some(seats) => {
                let mut people = seats.iter().enumerate().filter(|(_, s)| *s == "me");
                match (people.next(), people.next()) {
                    (Some((p, _)), None) => Some(p),
                    _ => None,
                }
            }
            None => names.iter().position(|n| n == "You"),
        };
        Names { names, you }
    }

    /// The player reading is `p`.
    pub fn is_you(&self, p: usize) -> bool {
        self.you == Some(p)
    }

    /// The player as a subject or object: "you" or the name.
    pub fn who(&self, p: usize) -> &str {
        if self.is_you(p) {
            "you"
        } else {
            &self.names[p]
        }
    }

    /// The player and a verb given in its base form, agreeing: "you play",
    /// "Ala plays", "Ala turns up".
    pub fn says(&self, p: usize, verb: &str) -> String {
        format!("{} {}", self.who(p), self.verb(p, verb))
    }

    /// A verb given in its base form as the player's: "play" or "plays".
    pub fn verb(&self, p: usize, verb: &str) -> String {
        if self.is_you(p) {
            verb.to_string()
        } else {
            third_person(verb)
        }
    }

    /// The player's, before a noun: "your" or "Ala's".
    pub fn whose(&self, p: usize) -> String {
        if self.is_you(p) {
            "your".into()
        } else {
            format!("{}'s", self.names[p])
        }
    }

    /// Each player's value, in the players' order: `you 40 · Ala 120`.
    pub fn each<T: std::fmt::Display>(
        &self,
        values: impl IntoIterator<Item = (usize, T)>,
    ) -> String {
        values
            .into_iter()
            .map(|(p, v)| format!("{} {v}", self.who(p)))
            .collect::<Vec<_>>()
            .join(" · ")
    }
}

impl Names {
    /// A game's result: "you win with 1010", "Ala wins with 1000", "you
    /// and Ala draw at 1000".
    pub fn result(&self, result: &GameResult, totals: &[i32]) -> String {
        match result {
            GameResult::Winner(p) => format!("{} with {}", self.says(*p, "win"), totals[*p]),
            GameResult::Draw(ps) => {
                let who: Vec<&str> = ps.iter().map(|&p| self.who(p)).collect();
                format!("{} draw at {}", who.join(" and "), totals[ps[0]])
            }
        }
    }
}

/// A verb's third person singular, from its base form (the first word of a
/// phrase: "turn up" gives "turns up"): play → plays, pass → passes,
/// have → has, do → does.
pub fn third_person(verb: &str) -> String {
    let (first, rest) = match verb.split_once(' ') {
        Some((f, r)) => (f, format!(" {r}")),
        None => (verb, String::new()),
    };
    let third = match first {
        "have" => "has".to_string(),
        "do" => "does".to_string(),
        "go" => "goes".to_string(),
        f if ["s", "sh", "ch", "x", "z"].iter().any(|e| f.ends_with(e)) => format!("{f}es"),
        f => format!("{f}s"),
    };
    third + &rest
}

/// The text with its first letter in capitals: the start of a sentence.
pub fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verbs_agree_with_their_player() {
        let n = Names::new(vec!["You".into(), "Ala".into(), "Bartek".into()], Some(0));
        assert_eq!(n.says(0, "win"), "you win");
        assert_eq!(n.says(2, "win"), "Bartek wins");
        assert_eq!(n.says(1, "turn up"), "Ala turns up");
        assert_eq!(n.says(1, "pass"), "Ala passes");
        assert_eq!(n.says(1, "have"), "Ala has");
        assert_eq!(n.says(0, "have"), "you have");
        assert_eq!(sentence(&n.says(0, "lead")), "You lead");
        assert_eq!(n.each([(0, 10), (1, 20)]), "you 10 · Ala 20");
        let totals = [1000, 1000, 990];
        assert_eq!(
            n.result(&GameResult::Winner(0), &totals),
            "you win with 1000"
        );
        assert_eq!(
            n.result(&GameResult::Winner(2), &totals),
            "Bartek wins with 990"
        );
        assert_eq!(
            n.result(&GameResult::Draw(vec![0, 1]), &totals),
            "you and Ala draw at 1000"
        );
        // The person of a game is "you"; two people at one table are named.
        let seats = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let names = vec!["Ewa".to_string(), "Ala".into(), "Ola".into()];
        let one = Names::of_game(names.clone(), Some(&seats(&["pimc", "me", "pimc"])));
        assert_eq!(one.says(1, "play"), "you play");
        assert_eq!(one.says(0, "play"), "Ewa plays");
        let two = Names::of_game(names.clone(), Some(&seats(&["me", "me", "pimc"])));
        assert_eq!(two.says(1, "play"), "Ala plays");
        assert_eq!(Names::of_game(names, None).you, None);
        let default = vec!["Ala".to_string(), "You".into()];
        assert_eq!(Names::of_game(default, None).you, Some(1));
    }
}
