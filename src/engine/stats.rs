//! Statistics of a game over time (issue 15): public figures per side — the victory
//! points, and the losses where a game counts them — sampled once per game turn from a
//! replay of the commands played. The window's Statistics panel and its game-over screen
//! plot them (`gui::stats`). Only what both players may know goes in: a game's
//! [`RulesGame::statistics`] reads no hand and no secret choice, and the window follows
//! the commands a save holds (`game_ecs::public_commands`), never a choice not yet
//! revealed.

use super::game::{PureGame, RulesGame};
use super::session::Summary;
use std::collections::BTreeMap;
use std::sync::Arc;

/// The name of the victory points figure (every game has it).
pub const VP: &str = "VP";

/// A position's public figures: the game turn it is in and, per figure ("VP",
/// "Losses (steps)"...), each side's value.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Figures {
    pub turn: u32,
    /// (figure, side's name → value), the figures in the order the plot shows them.
    pub values: Vec<(String, BTreeMap<String, f64>)>,
}

impl Figures {
    /// The value of `figure` for `side` (None when the game does not count it).
    pub fn get(&self, figure: &str, side: &str) -> Option<f64> {
        self.values
            .iter()
            .find(|(f, _)| f == figure)
            .and_then(|(_, v)| v.get(side).copied())
    }
}

/// The figures of a summary: its turn and its VP (what [`RulesGame::statistics`] gives
/// by default).
pub fn from_summary(s: &Summary) -> Figures {
    Figures {
        turn: s.turns,
        values: vec![(
            VP.to_string(),
            s.vp.iter().map(|(k, v)| (k.clone(), *v as f64)).collect(),
        )],
    }
}

/// One point of the plot: the figures at the end of a game turn (for the turn under
/// way, after the last command played), and the commands played by then.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Sample {
    pub commands: usize,
    pub figures: Figures,
}

/// The samples of a game, one per game turn, in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Series {
    pub samples: Vec<Sample>,
}

impl Series {
    /// Records the position after `commands` commands: it replaces the sample of the
    /// same turn (the turn's latest position is its point), else it starts a new one.
    pub fn record(&mut self, commands: usize, figures: Figures) {
        let sample = Sample { commands, figures };
        match self.samples.last_mut() {
            Some(last) if last.figures.turn == sample.figures.turn => *last = sample,
            _ => self.samples.push(sample),
        }
    }

    /// The figures' names, in the order the game gives them.
    pub fn figure_names(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for s in &self.samples {
            for (f, _) in &s.figures.values {
                if !names.contains(f) {
                    names.push(f.clone());
                }
            }
        }
        names
    }

    /// The sides' names (in the order of their names).
    pub fn sides(&self) -> Vec<String> {
        let mut sides: Vec<String> = self
            .samples
            .iter()
            .flat_map(|s| s.figures.values.iter().flat_map(|(_, v)| v.keys().cloned()))
            .collect();
        sides.sort();
        sides.dedup();
        sides
    }

    /// The line of `figure` for `side`: (turn, value) per sample that has it.
    pub fn line(&self, figure: &str, side: &str) -> Vec<[f64; 2]> {
        self.samples
            .iter()
            .filter_map(|s| {
                s.figures
                    .get(figure, side)
                    .map(|v| [s.figures.turn as f64, v])
            })
            .collect()
    }

    /// The last sample (the position on the board).
    pub fn last(&self) -> Option<&Sample> {
        self.samples.last()
    }
}

/// The series of a game played from `seed` with `commands`: the start, then every
/// command (a refused command ends the series there).
pub fn series_of<G: RulesGame>(rules: Arc<G::Rules>, seed: u64, commands: &[G::Command]) -> Series {
    let mut t = Tracker::<G>::new(rules, seed);
    t.follow(commands);
    t.series
}

/// A series kept up to date as a game goes on: commands added at the end are applied
/// to the replay it holds; any other change (undo, a load) replays from the start.
pub struct Tracker<G: RulesGame> {
    game: PureGame<G>,
    seed: u64,
    pub series: Series,
}

impl<G: RulesGame> Tracker<G> {
    pub fn new(rules: Arc<G::Rules>, seed: u64) -> Self {
        let game = PureGame::<G>::new(rules, seed);
        let mut series = Series::default();
        series.record(0, G::statistics(&game.rules, &game.st));
        Self { game, seed, series }
    }

    /// Whether this tracker follows the game of `rules` and `seed`.
    pub fn is_for(&self, rules: &Arc<G::Rules>, seed: u64) -> bool {
        Arc::ptr_eq(&self.game.rules, rules) && self.seed == seed
    }

    /// The commands the series has followed.
    pub fn commands(&self) -> &[G::Command] {
        &self.game.commands
    }

    /// Brings the series to `commands` (the game's commands from its start). Returns
    /// whether it changed.
    pub fn follow(&mut self, commands: &[G::Command]) -> bool {
        if self.game.commands.as_slice() == commands {
            return false;
        }
        if !commands.starts_with(&self.game.commands) {
            *self = Self::new(self.game.rules.clone(), self.seed);
        }
        for c in &commands[self.game.commands.len()..] {
            if self.game.apply(c).is_err() {
                break;
            }
            self.series.record(
                self.game.commands.len(),
                G::statistics(&self.game.rules, &self.game.st),
            );
        }
        true
    }

    /// The replayed game's summary (the game-over screen's winner).
    pub fn summary(&self) -> Summary {
        self.game.summary()
    }

    pub fn over(&self) -> bool {
        self.game.over()
    }
}
