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

/// One command of a save as the replay browser lists it: its text (as in the save
/// file), the log lines it wrote and a hex it names (to centre the board on).
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayLine {
    pub command: String,
    pub log: Vec<super::log::LogEntry>,
    pub hex: Option<super::hexmap::Coord>,
}

/// A save read for the replay browser: the log of the automatic start and one line per
/// command. `refused` tells of a command the rules refuse (the lines stop before it).
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayScript {
    pub game: String,
    pub scenario: String,
    pub seed: u64,
    pub options: Vec<String>,
    pub start_log: Vec<super::log::LogEntry>,
    pub lines: Vec<ReplayLine>,
    pub refused: Option<String>,
}

/// A scenario as the library lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct ScenarioCard {
    pub id: String,
    pub name: String,
    pub description: String,
    pub reconstructed: Vec<String>,
    /// Options as (id, menu label).
    pub options: Vec<(String, String)>,
    /// The options as declared (with the ones each excludes), for
    /// [`super::scenarios::check_variants`].
    pub variants: Vec<super::scenarios::VariantHeader>,
}

/// A lesson as the library lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct LessonCard {
    pub id: String,
    pub title: String,
    pub order: u32,
}

/// What a game must be to enter the registry: a game of the ECS pipeline, and with the
/// window built, one with a screen (`gui::library::GuiGame`).
#[cfg(feature = "gui")]
pub trait Registrable: crate::gui::library::GuiGame {}
#[cfg(feature = "gui")]
impl<G: crate::gui::library::GuiGame> Registrable for G {}
/// What a game must be to enter the registry: a game of the ECS pipeline.
#[cfg(not(feature = "gui"))]
pub trait Registrable: super::game_ecs::EcsGame {}
#[cfg(not(feature = "gui"))]
impl<G: super::game_ecs::EcsGame> Registrable for G {}

/// A game's entry in the registry (see `games::registry`). Everything outside a game's
/// folder (the menu, lessons, resume, the replay browser, fuzz targets, benchmarks, the
/// command line) reaches the game through this trait; none of it names a game.
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
    /// `try_command` (RON, as in a save file) would be accepted there. Hidden parts of
    /// the state (cards in hands, the deck's order), and the legal commands that name
    /// them ([`super::game::RulesGame::names_hidden`]), are shown only with
    /// `reveal_hidden`.
    fn inspect(
        &self,
        name: &str,
        text: &str,
        at: Option<usize>,
        try_command: Option<&str>,
        reveal_hidden: bool,
    ) -> Result<super::game::Inspection, String>;

    /// The library card's date line.
    fn date(&self) -> &'static str;
    /// The library card's one-line description.
    fn about(&self) -> &'static str;
    /// The scenarios of the main menu (built in, not hidden), in file order.
    fn scenarios(&self) -> Vec<ScenarioCard> {
        super::scenarios::embedded()
            .into_iter()
            .flatten()
            .filter(|s| s.meta.game == self.id() && !s.meta.hidden)
            .map(|s| ScenarioCard {
                id: s.meta.id,
                name: s.meta.name,
                description: s.meta.description,
                reconstructed: s.meta.reconstructed,
                options: s
                    .variants
                    .iter()
                    .map(|v| (v.id.clone(), v.name.clone()))
                    .collect(),
                variants: s.variants,
            })
            .collect()
    }
    /// The lessons built into the program, in their order.
    fn lessons(&self) -> Vec<LessonCard>;
    /// The rules reference.
    fn rules_reference(&self) -> Vec<super::reference::RuleCase>;
    /// The hex map of a scenario (None for a game without one).
    fn map(
        &self,
        scenario: &super::scenarios::ScenarioSource,
    ) -> Result<Option<super::hexmap::HexMap>, String>;
    /// The point-to-point board of a scenario (None for a game on hexes).
    fn points(
        &self,
        scenario: &super::scenarios::ScenarioSource,
    ) -> Result<Option<super::graph::PointMap>, String>;
    /// [`GameEntry::play_random`], calling `each` with the save text after every command
    /// (the kill-during-save test writes it to disk each time).
    fn play_random_each(
        &self,
        scenario: &super::scenarios::ScenarioSource,
        variants: &[String],
        seed: u64,
        agent_seed: u64,
        max_commands: usize,
        each: &mut dyn FnMut(&str) -> Result<(), String>,
    ) -> Result<(Summary, String), String>;
    /// Plays a game to its end with an agent per side (`agent_of` the side's name):
    /// the computer or the random player (`feldzug play --ai`).
    fn play_agents(
        &self,
        scenario: &super::scenarios::ScenarioSource,
        variants: &[String],
        seed: u64,
        agent_seed: u64,
        max_commands: usize,
        agent_of: &dyn Fn(&str) -> crate::ai::Agent,
    ) -> Result<crate::ai::duel::Played, String>;
    /// The names of the game's sides in a scenario (its summary's VP keys).
    fn sides(&self, scenario: &super::scenarios::ScenarioSource) -> Result<Vec<String>, String>;
    /// `feldzug duel`: `games` games of agent A against agent B on `threads` threads.
    #[allow(clippy::too_many_arguments)]
    fn duel(
        &self,
        scenario: &super::scenarios::ScenarioSource,
        variants: &[String],
        games: usize,
        seed: u64,
        a: crate::ai::Agent,
        b: crate::ai::Agent,
        a_side: Option<&str>,
        max_commands: usize,
        threads: usize,
    ) -> Result<crate::ai::duel::DuelReport, String>;
    /// The game's own benchmark rows (figure, value, target).
    fn bench_figures(&self, games: u32) -> Result<Vec<(String, String, String)>, String>;
    /// `feldzug bench --ai`: where the computer's time goes in each scenario
    /// (`crate::ai::bench`), as (figure, value, target) rows.
    fn bench_ai(
        &self,
        positions: usize,
        budget: crate::ai::Budget,
        only: Option<&str>,
    ) -> Result<Vec<(String, String, String)>, String>;
    /// Fuzz target: a scenario file's text must load or be refused, never panic.
    fn fuzz_scenario(&self, text: &str);
    /// Fuzz target: arbitrary command sequences (legal, from earlier positions, or
    /// mutated) must be applied or refused keeping the game's invariants.
    fn fuzz_commands(&self, data: &[u8]) -> Result<(), String>;
    /// The replay browser's reading of a save.
    fn replay_script(&self, name: &str, text: &str) -> Result<ReplayScript, String>;
    /// A new save of the first `at` commands of a save (a branch to play on from).
    fn branch(&self, name: &str, text: &str, at: usize) -> Result<String, String>;
    /// Adds the game's ECS plugin (its phases and systems) to a headless app.
    fn add_ecs(&self, app: &mut bevy::prelude::App);
    /// Rebuilds the game in `world` as it was after the first `at` commands of a save,
    /// with the engine's restore (`game_ecs::restore_game`).
    fn restore_at(
        &self,
        world: &mut bevy::prelude::World,
        name: &str,
        text: &str,
        at: usize,
    ) -> Result<(), String>;
    /// The state hash of the game in `world` (None when there is none).
    fn world_hash(&self, world: &mut bevy::prelude::World) -> Option<String>;
    /// The game's screen.
    #[cfg(feature = "gui")]
    fn gui(&self) -> &dyn crate::gui::library::GuiEntry;
}
