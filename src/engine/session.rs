//! What the command line, tests and benchmarks need from any game: play random legal
//! commands headless, replay a save, and summarise the result as JSON.

use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Summary {
    pub game: String,
    pub scenario: String,
    pub seed: u64,
    pub finished: bool,
    pub winner: Option<String>,
    pub vp: BTreeMap<String, u32>,
    pub turns: u32,
    pub commands: usize,
    pub state_hash: String,
}

/// A game's entry in the registry (see `games::registry`).
pub trait GameEntry: Sync {
    /// The `game` field of its scenario files.
    fn id(&self) -> &'static str;
    fn name(&self) -> &'static str;
    /// Plays random legal commands from `agent_seed` until the game ends or
    /// `max_commands`; returns the summary and the save text.
    fn play_random(
        &self,
        scenario: &super::scenarios::ScenarioSource,
        variants: &[String],
        seed: u64,
        agent_seed: u64,
        max_commands: usize,
    ) -> Result<(Summary, String), String>;
    /// Replays a save file's text; `name` is used in messages.
    fn replay(&self, name: &str, text: &str) -> Result<Summary, String>;
    /// Checks that a scenario file loads and obeys the game's rules.
    fn check_scenario(&self, scenario: &super::scenarios::ScenarioSource) -> Result<(), String>;
    /// `feldzug inspect`: the position after the first `at` commands of a save (all when
    /// None) as JSON: state, phase, side to act, legal commands, state hash, and whether
    /// `try_command` (RON, as in a save file) would be accepted there.
    fn inspect(
        &self,
        name: &str,
        text: &str,
        at: Option<usize>,
        try_command: Option<&str>,
    ) -> Result<super::game::Inspection, String>;
}
