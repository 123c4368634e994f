//! A whole game as a state machine: deal, redeals, the auction, the musik,
//! the exchange, the contract or the bomb, the play, the score sheet, the
//! next dealer, until someone reaches the game's target.
//!
//! The table knows every card; who may see what is the business of the
//! players ([`crate::players::computer`]) and the shells. Each step is one
//! [`Action`] by the player whose [`Turn`] it is; a wrong action is refused
//! with the rule it breaks and changes nothing.

use std::fmt;

use crate::engine::cardset::CardSet;
use crate::engine::contract::levels_from;
use crate::engine::deal::{Deal, Exchange};
use crate::engine::moves::{Move, MoveList};
use crate::engine::position::{Form, History, Position};
use crate::engine::random;
use crate::engine::rules::{Opening, Players, Rules};
use crate::engine::sample::sample_rng;
use crate::engine::score::{self, GameResult, HandRecord, Outcome};
use crate::engine::seat::Seat;
use crate::engine::state::State;
use crate::game::auction::{bid_cap, Auction, Call, Won};
use crate::game::redeal::{may_ask, void_deal_of};

/// The most players at a table (four: the dealer sits out).
pub const MAX_PLAYERS: usize = 4;

/// What the player to act must decide.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Whether to ask for a redeal (the reason it may).
    Redeal(String),
    /// A call in the auction.
    Call,
    /// As declarer, with the musik taken: the cards to give away (and,
    /// under `trump=chosen`, the trump).
    Exchange,
    /// As declarer after the exchange: the contract, or the bomb.
    Contract,
    /// A card to play.
    Play,
}

impl Decision {
    /// The decision in words, after "is to": "call in the auction".
    pub fn what(&self) -> &'static str {
        match self {
            Decision::Redeal(_) => "answer whether to ask for a redeal",
            Decision::Call => "call in the auction",
            Decision::Exchange => "give away cards",
            Decision::Contract => "announce the contract or concede",
            Decision::Play => "play a card",
        }
    }
}

/// Whose turn it is, and to decide what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub player: usize,
    pub decision: Decision,
}

/// One step of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Ask for a redeal (`true`) or not.
    Redeal(bool),
    Call(Call),
    Exchange(Exchange),
    /// Announce the contract.
    Contract(u16),
    /// Concede instead of playing (the bomb).
    Concede,
    Play(Move),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Redeal(true) => f.write_str("asks for a redeal"),
            Action::Redeal(false) => f.write_str("plays the deal"),
            Action::Call(Call::Pass) => f.write_str("passes"),
            Action::Call(c) => write!(f, "bids {c}"),
            Action::Exchange(e) => write!(f, "gives {e}"),
            Action::Contract(c) => write!(f, "plays for {c}"),
            Action::Concede => f.write_str("concedes (the bomb)"),
            Action::Play(m) => write!(f, "plays {m}"),
        }
    }
}

/// An action refused: the rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionError(pub String);

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ActionError {}

/// One deal and everything that happened to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandLog {
    /// The hand's number in the game, from 1 (a redeal keeps the number).
    pub number: usize,
    /// The deal's number in the game, from 0, counting redeals: the random
    /// stream its cards came from.
    pub deal_index: u64,
    pub dealer: usize,
    /// The players in calling order, from the dealer's left (three; with
    /// four players the dealer sits out; two with two players).
    pub bidders: Vec<usize>,
    /// Each bidder's cards as dealt (seven; ten with two players), in
    /// calling order.
    pub cards: Vec<CardSet>,
    /// The musik the declarer takes.
    pub musik: CardSet,
    /// With two players: the other musik, which goes with the last trick
    /// (the declarer's is drawn at random: the deal's own draw).
    pub other_musik: CardSet,
    /// Redeal questions answered: (player, asked).
    pub redeal_asks: Vec<(usize, bool)>,
    /// Why the deal was redealt, when it was.
    pub redeal: Option<String>,
    pub auction: Auction,
    pub exchange: Option<Exchange>,
    pub contract: Option<u16>,
    pub conceded: bool,
    pub play: Vec<Move>,
}

impl HandLog {
    /// The auction's result, once over.
    pub fn won(&self) -> Option<Won> {
        self.auction.won()
    }

    /// The declarer (a player), once the auction is over.
    pub fn declarer(&self) -> Option<usize> {
        self.won().map(|w| self.bidders[w.bidder])
    }

    /// A player's cards as dealt, if dealt any.
    pub fn cards_of(&self, player: usize) -> Option<CardSet> {
        self.bidders
            .iter()
            .position(|&p| p == player)
            .map(|b| self.cards[b])
    }

    /// The players at D, L and R (D and L with two players): from the
    /// declarer on in calling order.
    pub fn seats(&self) -> Option<Vec<usize>> {
        let w = self.won()?;
        let n = self.bidders.len();
        Some((0..n).map(|k| self.bidders[(w.bidder + k) % n]).collect())
    }

    /// The seat `player` holds in this hand, once there is a declarer.
    pub fn seat_of(&self, player: usize) -> Option<Seat> {
        let seats = self.seats()?;
        seats
            .iter()
            .position(|&p| p == player)
            .map(Seat::from_index)
    }

    /// The deal in D L R order (D L with two players) with its musik (and
    /// the other musik).
    pub fn deal(&self) -> Option<Deal> {
        Some(self.deal_with_declarer(self.won()?.bidder))
    }

    /// The cards as dealt: the bidders' hands in calling order, then the
    /// musik (and the other musik). The one form a record's `cards:` line
    /// is written in and compared with.
    pub fn dealt(&self) -> Deal {
        self.deal_with_declarer(0)
    }

    /// The deal as it would be with bidder `b` (calling order) as declarer:
    /// its hand D, the next bidders L (and R).
    pub fn deal_with_declarer(&self, b: usize) -> Deal {
        let n = self.bidders.len();
        let h = |k: usize| self.cards[(b + k) % n];
        if n == 2 {
            Deal::two(h(0), h(1), self.musik, self.other_musik)
        } else {
            Deal::new([h(0), h(1), h(2)], self.musik)
        }
    }

    /// Whether every seat saw the musik: `musik_shown`, unless the bid was
    /// blind or (`musik_at_100=hidden`) the opener took it at 100.
    pub fn musik_shown(&self, rules: &Rules) -> bool {
        let Some(w) = self.won() else {
            return false;
        };
        rules.musik_shown && !w.blind && !(rules.musik_at_100_hidden && w.on_the_opening)
    }

    /// The rules of this hand as a position states them: the game's, with
    /// `musik_shown=no` when the musik stayed face down.
    pub fn hand_rules(&self, rules: &Rules) -> Rules {
        Rules {
            musik_shown: self.musik_shown(rules),
            ..*rules
        }
    }

    /// The state at the first lead, once the exchange is made.
    pub fn start(&self, rules: &Rules) -> Option<State> {
        self.deal()?.after(rules, self.exchange.as_ref()?).ok()
    }

    /// The state now, during play.
    pub fn state(&self, rules: &Rules) -> Option<State> {
        let mut s = self.start(rules)?;
        for &m in &self.play {
            s.play(rules, m);
        }
        Some(s)
    }

    /// The hand as a position in history form (for `solve` and `analyze`),
    /// once the auction is over.
    pub fn position(&self, rules: &Rules) -> Option<Position> {
        let rules = self.hand_rules(rules);
        let deal = self.deal()?;
        Some(Position {
            id: Some(format!("hand-{}", self.number)),
            rules,
            contract: self.contract,
            expect: None,
            line: 1,
            form: Form::History(History {
                deal: Some(deal),
                exchange: self.exchange,
                start: self.start(&rules),
                moves: self.play.clone(),
            }),
        })
    }

    /// Whether the hand is finished: played out, conceded, thrown in or
    /// redealt.
    pub fn finished(&self, rules: &Rules) -> bool {
        self.redeal.is_some() || self.conceded || self.state(rules).is_some_and(|s| s.is_over())
    }
}

/// A game at the table: the players, the rules, the seed of its deals, the
/// score sheet, and the hands dealt so far (the last one in progress).
#[derive(Clone, Debug)]
pub struct Table {
    pub rules: Rules,
    pub players: Vec<String>,
    pub seed: u64,
    /// The first hand's dealer.
    pub first_dealer: usize,
    /// The score sheet of the hands finished.
    pub sheet: score::Game,
    /// Every deal so far, the current one last.
    pub hands: Vec<HandLog>,
}

impl Table {
    /// A new game: three or four players in playing order (clockwise), or
    /// two under `players=2`; deals drawn from `seed`, the first dealt by
    /// `first_dealer`.
    pub fn new(
        rules: Rules,
        players: Vec<String>,
        seed: u64,
        first_dealer: usize,
    ) -> Result<Table, ActionError> {
        let n = players.len();
        let fits = match rules.players {
            Players::Two => n == 2,
            Players::Three => (3..=MAX_PLAYERS).contains(&n),
        };
        if !fits {
            return Err(ActionError(match rules.players {
                Players::Two => format!("players=2 is a game of two players, not {n}"),
                Players::Three if n == 2 => {
                    "a game of two players needs players=2 (the game of two musiks)".into()
                }
                Players::Three => format!("a game has 3 or 4 players, not {n}"),
            }));
        }
        if first_dealer >= n {
            return Err(ActionError(format!(
                "the first dealer {first_dealer} is not one of the {n} players"
            )));
        }
        let mut sheet = score::Game::new(rules, players.clone());
        sheet.next_dealer = first_dealer;
        let mut t = Table {
            rules,
            players,
            seed,
            first_dealer,
            sheet,
            hands: Vec::new(),
        };
        t.deal(first_dealer, 1, None);
        Ok(t)
    }

    /// The game's result, once over.
    pub fn result(&self) -> Option<&GameResult> {
        self.sheet.result.as_ref()
    }

    /// The hand in progress (or the last one, when the game is over).
    pub fn hand(&self) -> &HandLog {
        self.hands.last().expect("a game has a hand")
    }

    /// The cards of deal number `index` of a game seeded with `seed`: its
    /// own random stream, so a deal depends on (seed, index) alone. Its
    /// `hands` are in calling order (R's empty with two players).
    pub fn cards_of_deal(rules: &Rules, seed: u64, index: u64) -> Deal {
        random::deal_for(&mut sample_rng(seed, index), rules)
    }

    /// Deals hand `number` by `dealer`: the cards of the next deal from the
    /// seed, or `cards` (a record's).
    fn deal(&mut self, dealer: usize, number: usize, cards: Option<Deal>) {
        let n = self.players.len();
        let deal_index = self.hands.len() as u64;
        let d = cards.unwrap_or_else(|| Table::cards_of_deal(&self.rules, self.seed, deal_index));
        let seats = self.rules.seats();
        let bidders: Vec<usize> = (1..=n).map(|k| (dealer + k) % n).take(seats).collect();
        let caps = d.hands[..seats]
            .iter()
            .map(|&h| Some(bid_cap(h, &self.rules)))
            .collect();
        let barred: Vec<bool> = bidders
            .iter()
            .map(|&p| {
                self.rules
                    .bid_floor
                    .is_some_and(|f| self.sheet.totals[p] < i32::from(f))
            })
            .collect();

        let opening = if self.rules.opening == Opening::Ru && number <= 3 {
            120
        } else {
            100
        };
        let auction = Auction::new(&self.rules, caps, barred, opening);
        let mut hand = HandLog {
            number,
            deal_index,
            dealer,
            bidders,
            cards: d.hands[..seats].to_vec(),
            musik: d.musik,
            other_musik: d.other_musik,
            redeal_asks: Vec::new(),
            redeal: None,
            auction,
            exchange: None,
            contract: None,
            conceded: false,
            play: Vec::new(),
        };
        if let Some(why) = void_deal_of(&self.rules, &d) {
            hand.redeal = Some(format!("void deal: {why}"));
        }
        self.hands.push(hand);
        self.settle();
    }

    /// Replaces the cards of the hand just dealt (a record's deal), before
    /// anyone has acted on it.
    pub fn set_cards(&mut self, cards: Deal) -> Result<(), ActionError> {
        self.replace_deal(self.hands.len() - 1, cards)
    }

    /// Replaces the cards of deal `index` (a record's deal) before anyone
    /// has acted on it: the deal in progress, or one the seed's cards made
    /// void by themselves, whose redeals after it are dropped with it.
    pub fn replace_deal(&mut self, index: usize, cards: Deal) -> Result<(), ActionError> {
        let Some(h) = self.hands.get(index) else {
            return Err(ActionError(format!("deal {index} is not dealt yet")));
        };
        let redealt_by_itself = self.hands[index..self.hands.len() - 1]
            .iter()
            .all(|x| x.redeal_asks.is_empty() && x.redeal.is_some());
        if !h.redeal_asks.is_empty() || h.auction.voluntary_calls() > 0 || !redealt_by_itself {
            return Err(ActionError("the deal has been acted on already".into()));
        }
        let all = cards
            .hands
            .iter()
            .fold(cards.musik | cards.other_musik, |a, &h| a | h);
        let seats = self.rules.seats();
        if all.len() != 24
            || cards.hands[..seats]
                .iter()
                .any(|h| h.len() != self.rules.dealt())
            || cards.musik.len() != self.rules.musik_size()
            || cards.is_two() != (seats == 2)
        {
            return Err(ActionError(match self.rules.players {
                Players::Three => "a deal is 7 7 7 cards and a musik of 3, each card once".into(),
                Players::Two => {
                    "a deal of two players is 10 10 cards and two musiks of 2, each card once"
                        .into()
                }
            }));
        }
        self.hands.truncate(index + 1);
        let old = self.hands.pop().expect("a hand");
        let result = self.sheet.result.clone();
        self.deal(old.dealer, old.number, Some(cards));
        self.sheet.result = result;
        Ok(())
    }

    /// Redeals of a void deal happen by themselves; a finished hand is
    /// scored and the next one dealt.
    fn settle(&mut self) {
        if self.sheet.result.is_some() {
            return;
        }
        let h = self.hand();
        let (dealer, number) = (h.dealer, h.number);
        let next = (dealer + 1) % self.players.len();
        if h.redeal.is_some() {
            // The same dealer deals again; the hand keeps its number.
            self.deal_next(dealer, number);
        } else if h.finished(&self.rules) {
            self.score_hand();
            if self.sheet.result.is_none() {
                self.deal_next(next, number + 1);
            }
        }
    }

    fn deal_next(&mut self, dealer: usize, number: usize) {
        self.deal(dealer, number, None);
    }

    /// Adds the finished hand to the score sheet.
    fn score_hand(&mut self) {
        let rules = self.rules;
        let n = self.players.len();
        let h = self.hand().clone();
        let w = h.won().expect("a finished hand has a declarer");
        let declarer = h.bidders[w.bidder];
        let dealer = (n == 4).then_some(h.dealer);
        let outcome;
        let mut tricks = None;
        if h.conceded {
            outcome = Outcome::Conceded;
        } else {
            let position = h.position(&rules).expect("a declarer");
            let by_seat = score::history_points(&position).expect("a finished hand");
            let tricks_by_seat = score::history_tricks(&position).expect("a finished hand");
            let seats = h.seats().expect("a declarer");
            let mut points = vec![0u16; n];
            let mut t = vec![0u8; n];
            for (s, &p) in seats.iter().enumerate() {
                points[p] = by_seat[s];
                t[p] = tricks_by_seat[s];
            }
            tricks = Some(t);
            outcome = Outcome::Played {
                contract: h.contract.expect("played to a contract"),
                points,
            };
        }
        let hand = score::Hand {
            declarer,
            bid: w.bid,
            outcome,
            dealer,
            blind: w.blind,
            tricks,
            musik: Some(h.musik),
        };
        self.sheet
            .play(&hand)
            .expect("the table only lets legal hands be played");
    }

    /// The last hand scored, if any.
    pub fn last_record(&self) -> Option<&HandRecord> {
        self.sheet.hands.last()
    }

    /// Whose turn it is, and what to decide; `None` once the game is over.
    pub fn turn(&self) -> Option<Turn> {
        if self.sheet.result.is_some() {
            return None;
        }
        let rules = &self.rules;
        let h = self.hand();
        if let Some((player, why)) = self.redeal_question() {
            return Some(Turn {
                player,
                decision: Decision::Redeal(why),
            });
        }
        if let Some(b) = h.auction.turn() {
            return Some(Turn {
                player: h.bidders[b],
                decision: Decision::Call,
            });
        }
        let declarer = h.declarer()?;
        if h.exchange.is_none() {
            return Some(Turn {
                player: declarer,
                decision: Decision::Exchange,
            });
        }
        if h.contract.is_none() && !h.conceded {
            return Some(Turn {
                player: declarer,
                decision: Decision::Contract,
            });
        }
        let state = h.state(rules)?;
        if state.is_over() {
            return None;
        }
        let seats = h.seats()?;
        Some(Turn {
            player: seats[state.to_move().index()],
            decision: Decision::Play,
        })
    }

    /// The next player entitled to ask for a redeal who has not answered
    /// yet, in calling order (before the first voluntary call).
    fn redeal_question(&self) -> Option<(usize, String)> {
        let h = self.hand();
        if h.auction.voluntary_calls() > 0 {
            return None;
        }
        let opener = h.auction.opener()?;
        h.bidders.iter().enumerate().find_map(|(b, &p)| {
            let answered = h.redeal_asks.iter().any(|&(q, _)| q == p);
            let why = may_ask(&self.rules, h.cards[b], b == opener)?;
            (!answered).then_some((p, why))
        })
    }

    /// The calls the player to call may make.
    pub fn legal_calls(&self) -> Vec<Call> {
        match self.turn() {
            Some(Turn {
                decision: Decision::Call,
                ..
            }) => self.hand().auction.legal_calls(),
            _ => Vec::new(),
        }
    }

    /// The contracts the declarer may announce after its exchange: from the
    /// bid up to 120 plus the marriages kept (and `bid_max`).
    pub fn contract_levels(&self) -> Vec<u16> {
        let h = self.hand();
        let (Some(w), Some(deal), Some(e)) = (h.won(), h.deal(), h.exchange) else {
            return Vec::new();
        };
        let kept = e
            .cards()
            .into_iter()
            .fold(deal.declarer_ten(), |t, c| t.without(c));
        let top = crate::engine::contract::cap(kept, &self.rules).max(w.bid);
        levels_from(w.bid, top, &self.rules)
    }

    /// The legal cards for the player to play.
    pub fn legal_moves(&self) -> MoveList {
        match self.turn() {
            Some(Turn {
                decision: Decision::Play,
                ..
            }) => self
                .hand()
                .state(&self.rules)
                .map(|s| s.legal_moves(&self.rules))
                .unwrap_or_default(),
            _ => MoveList::new(),
        }
    }

    /// Takes the action of the player whose turn it is; a wrong one is
    /// refused with the rule it breaks, and nothing changes.
    pub fn act(&mut self, action: Action) -> Result<(), ActionError> {
        let Some(turn) = self.turn() else {
            return Err(ActionError("the game is over".into()));
        };
        let rules = self.rules;
        let wrong = |what: &str| {
            Err(ActionError(format!(
                "it is not the time to {what}: {} is to {}",
                self.players[turn.player],
                turn.decision.what()
            )))
        };
        let h = self.hands.last_mut().expect("a hand");
        match (&turn.decision, action) {
            (Decision::Redeal(why), Action::Redeal(ask)) => {
                h.redeal_asks.push((turn.player, ask));
                if ask {
                    h.redeal = Some(format!("{} asked: {why}", self.players[turn.player]));
                }
            }
            (Decision::Call, Action::Call(call)) => {
                h.auction.call(call).map_err(|e| ActionError(e.0))?;
            }
            (Decision::Exchange, Action::Exchange(e)) => {
                let deal = h.deal().expect("a declarer");
                deal.after(&rules, &e).map_err(ActionError)?;
                h.exchange = Some(e);
            }
            (Decision::Contract, Action::Concede) => h.conceded = true,
            (Decision::Contract, Action::Contract(c)) => {
                let levels = self.contract_levels();
                if !levels.contains(&c) {
                    let (lo, hi) = (levels[0], *levels.last().expect("the bid at least"));
                    return Err(ActionError(format!(
                        "the contract is at least the bid {lo} and at most {hi} \
                         (120 plus the marriages kept{}), in bid steps: not {c}",
                        if rules.bid_max > 0 {
                            ", and bid_max"
                        } else {
                            ""
                        }
                    )));
                }
                self.hands.last_mut().expect("a hand").contract = Some(c);
            }
            (Decision::Play, Action::Play(m)) => {
                let mut state = h.state(&rules).expect("in play");
                state.try_play(&rules, m).map_err(ActionError)?;
                h.play.push(m);
            }
            (_, Action::Redeal(_)) => return wrong("answer a redeal question"),
            (_, Action::Call(_)) => return wrong("call"),
            (_, Action::Exchange(_)) => return wrong("give away cards"),
            (_, Action::Contract(_) | Action::Concede) => {
                return wrong("announce a contract or concede")
            }
            (_, Action::Play(_)) => return wrong("play a card"),
        }
        self.settle();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<String> {
        ["Ala", "Bartek", "Celina"].map(String::from).to_vec()
    }

    #[test]
    fn the_dealers_left_opens_and_the_deal_rotates() {
        let mut t = Table::new(Rules::STANDARD, names(), 7, 2).unwrap();
        // Celina (2) deals: Ala (0) is on her left and opens at 100.
        let h = t.hand();
        assert_eq!(h.bidders, vec![0, 1, 2]);
        if let Some(Turn {
            decision: Decision::Redeal(_),
            ..
        }) = t.turn()
        {
            // Answer any redeal question with no.
            while let Some(Turn {
                decision: Decision::Redeal(_),
                ..
            }) = t.turn()
            {
                t.act(Action::Redeal(false)).unwrap();
            }
        }
        assert_eq!(t.hand().auction.calls[0], (0, Call::Bid(100)));
        assert_eq!(t.turn().unwrap().player, 1);
        t.act(Action::Call(Call::Pass)).unwrap();
        t.act(Action::Call(Call::Pass)).unwrap();
        let turn = t.turn().unwrap();
        assert_eq!((turn.player, turn.decision), (0, Decision::Exchange));
        // A card may not be played now.
        let m = t.hand().cards[0].iter().next().map(Move::new).unwrap();
        assert!(t.act(Action::Play(m)).unwrap_err().0.contains("give away"));
        // Concede after the exchange: −100 for Ala, +60 each for the others.
        let e = t.hand().deal().unwrap().exchanges(&t.rules)[0];
        t.act(Action::Exchange(e)).unwrap();
        assert!(t.act(Action::Contract(95)).is_err());
        t.act(Action::Concede).unwrap();
        assert_eq!(t.sheet.totals, vec![-100, 60, 60]);
        // The next hand is dealt by Ala: Bartek opens.
        assert_eq!(t.hand().dealer, 0);
        assert_eq!(t.hand().bidders, vec![1, 2, 0]);
        assert_eq!(t.hand().number, 2);
    }

    #[test]
    fn two_players_bid_lay_away_and_play_ten_tricks() {
        let rules: Rules = "players=2".parse().unwrap();
        let two = ["Ala", "Bartek"].map(String::from).to_vec();
        assert!(Table::new(Rules::STANDARD, two.clone(), 3, 0).is_err());
        assert!(Table::new(rules, names(), 3, 0).is_err());
        let mut t = Table::new(rules, two, 3, 0).unwrap();
        while let Some(Turn {
            decision: Decision::Redeal(_),
            ..
        }) = t.turn()
        {
            t.act(Action::Redeal(false)).unwrap();
        }
        // Ala deals: Bartek opens at 100; Ala passes and Bartek declares.
        let h = t.hand();
        assert_eq!(h.bidders, vec![1, 0]);
        assert_eq!(
            h.cards.iter().map(|c| c.len()).collect::<Vec<_>>(),
            [10, 10]
        );
        assert_eq!((h.musik.len(), h.other_musik.len()), (2, 2));
        t.act(Action::Call(Call::Pass)).unwrap();
        assert_eq!(
            t.turn().unwrap(),
            Turn {
                player: 1,
                decision: Decision::Exchange
            }
        );
        let deal = t.hand().deal().unwrap();
        assert_eq!(deal.hands[0], t.hand().cards[0]);
        let e = deal.exchanges(&t.rules)[5];
        t.act(Action::Exchange(e)).unwrap();
        t.act(Action::Contract(100)).unwrap();
        let mut moves = 0;
        while t.hand().number == 1 {
            let turn = t.turn().unwrap();
            assert_eq!(turn.decision, Decision::Play);
            let m = t.legal_moves()[0];
            t.act(Action::Play(m)).unwrap();
            moves += 1;
        }
        assert_eq!(moves, 20, "ten tricks of two");
        let record = t.last_record().unwrap();
        let points = record.points.clone().unwrap();
        // Every card point, marriages aside, went to one of the two.
        assert!(points[0] + points[1] >= 120, "{points:?}");
        // The next hand: Bartek deals, Ala opens.
        assert_eq!(t.hand().bidders, vec![0, 1]);
    }

    #[test]
    fn a_two_player_table_takes_only_a_two_player_deal() {
        let rules: Rules = "players=2".parse().unwrap();
        let two = ["Ala", "Bartek"].map(String::from).to_vec();
        let mut t = Table::new(rules, two, 3, 0).unwrap();
        let three: Deal = "AKQ.T9..AJ T9.AK.KJ.Q J.QJ.AT9.T ..Q.K9".parse().unwrap();
        let e = t.set_cards(three).unwrap_err();
        assert!(e.0.contains("10 10 cards and two musiks of 2"), "{e}");
        let deal: Deal = "QJ.AQJ.AT.AQJ ATK9.T.KQJ9.9 .9..K .K..T".parse().unwrap();
        t.set_cards(deal).unwrap();
        assert_eq!(t.hand().cards, vec![deal.hands[0], deal.hands[1]]);
        assert_eq!(
            (t.hand().musik, t.hand().other_musik),
            (deal.musik, deal.other_musik)
        );
    }

    #[test]
    fn four_players_the_dealer_sits_out() {
        let four = ["A", "B", "C", "D"].map(String::from).to_vec();
        let t = Table::new(Rules::STANDARD, four, 1, 3).unwrap();
        assert_eq!(t.hand().bidders, vec![0, 1, 2]);
        assert!(Table::new(Rules::STANDARD, vec!["A".into(), "B".into()], 1, 0).is_err());
    }
}
