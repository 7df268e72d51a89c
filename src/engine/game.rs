//! The layer every game shares on top of its pure rules: what a game must provide
//! ([`RulesGame`]), a game run by the rules alone ([`PureGame`]), save files built from it
//! and replayed into it, and the registry entry (`GameEntry`) every `RulesGame` gets.
//! A new game implements [`RulesGame`] once; the ECS pipeline is in `engine::game_ecs`.

use super::dice::Dice;
use super::hash::state_hash;
use super::log::GameLog;
use super::refusal::Refusal;
use super::save::{self, SaveFile};
use super::scenarios::ScenarioSource;
use super::session::{GameEntry, Summary};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;
use std::sync::Arc;

/// What the shared layer needs from a game's pure rules. Implemented by a unit type per
/// game (e.g. `koniggratz::Koniggratz`), which is also its registry entry.
pub trait RulesGame:
    Sized + Clone + Copy + Debug + Default + PartialEq + Send + Sync + 'static
{
    /// The scenario's rules data, loaded once and shared.
    type Rules: Send + Sync + 'static;
    /// The plain game state; its JSON form gives the state hash.
    type State: Clone + Debug + Serialize + Send + Sync + 'static;
    /// One player decision, as stored in save files.
    type Command: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;

    /// The `game` field of its scenario and save files.
    const GAME_ID: &'static str;
    const NAME: &'static str;

    fn load_rules(
        scenario: &ScenarioSource,
        variants: &[String],
    ) -> Result<Arc<Self::Rules>, String>;
    /// The scenario id the rules were loaded from (the save file's `scenario`).
    fn scenario_id(rules: &Self::Rules) -> &str;
    /// The state before the automatic start.
    fn new_state(rules: &Self::Rules) -> Self::State;
    /// Runs the automatic start of the game up to the first decision.
    fn start(rules: &Self::Rules, st: &mut Self::State, dice: &mut Dice, log: &mut GameLog);
    /// Checks and applies one command, with everything automatic that follows it.
    fn apply(
        rules: &Self::Rules,
        st: &mut Self::State,
        dice: &mut Dice,
        log: &mut GameLog,
        cmd: &Self::Command,
    ) -> Result<(), Refusal>;
    fn legal(rules: &Self::Rules, st: &Self::State) -> Vec<Self::Command>;
    fn over(st: &Self::State) -> bool;
    fn summary(rules: &Self::Rules, st: &Self::State, seed: u64, commands: usize) -> Summary;
    /// Whether `st` holds a secret choice that one side has made and that is not yet
    /// revealed (e.g. Königgrätz 4.3a artillery support). While it does, the commands
    /// are an undo barrier and saves hold only the commands up to the last state without
    /// such a secret (`engine::game_ecs::undoable`, `public_commands`).
    fn secret_pending(_rules: &Self::Rules, _st: &Self::State) -> bool {
        false
    }
    /// A random legal command for soak tests and `--random` (None when there is none).
    fn random_command(
        rules: &Self::Rules,
        st: &Self::State,
        legal: &[Self::Command],
        rng: &mut Xoshiro256PlusPlus,
    ) -> Option<Self::Command>;
}

/// A game run by the pure rules alone (no ECS): replays, the random-game soak and the AI.
pub struct PureGame<G: RulesGame> {
    pub rules: Arc<G::Rules>,
    pub st: G::State,
    pub dice: Dice,
    pub log: GameLog,
    pub commands: Vec<G::Command>,
}

impl<G: RulesGame> Clone for PureGame<G> {
    fn clone(&self) -> Self {
        Self {
            rules: self.rules.clone(),
            st: self.st.clone(),
            dice: self.dice.clone(),
            log: self.log.clone(),
            commands: self.commands.clone(),
        }
    }
}

impl<G: RulesGame> PureGame<G> {
    pub fn new(rules: Arc<G::Rules>, seed: u64) -> Self {
        Self::new_scripted(rules, seed, &[])
    }

    /// A new game whose first dice are `script` (tutorial lessons).
    pub fn new_scripted(rules: Arc<G::Rules>, seed: u64, script: &[u8]) -> Self {
        let mut st = G::new_state(&rules);
        let mut dice = Dice::new(seed);
        dice.script(script.iter().copied());
        let mut log = GameLog::default();
        G::start(&rules, &mut st, &mut dice, &mut log);
        Self {
            rules,
            st,
            dice,
            log,
            commands: Vec::new(),
        }
    }

    pub fn legal(&self) -> Vec<G::Command> {
        G::legal(&self.rules, &self.st)
    }

    pub fn apply(&mut self, cmd: &G::Command) -> Result<(), Refusal> {
        G::apply(
            &self.rules,
            &mut self.st,
            &mut self.dice,
            &mut self.log,
            cmd,
        )?;
        self.commands.push(cmd.clone());
        Ok(())
    }

    pub fn hash(&self) -> String {
        state_hash(&self.st)
    }

    pub fn over(&self) -> bool {
        G::over(&self.st)
    }

    pub fn summary(&self) -> Summary {
        G::summary(&self.rules, &self.st, self.dice.seed, self.commands.len())
    }
}

/// A save of `commands` played from `seed` on `rules` with the options `variants`.
pub fn new_save<G: RulesGame>(
    rules: &G::Rules,
    seed: u64,
    variants: &[String],
    commands: Vec<G::Command>,
    state_hash: String,
) -> SaveFile<G::Command> {
    SaveFile {
        version: save::SAVE_VERSION,
        game: G::GAME_ID.into(),
        scenario: G::scenario_id(rules).to_string(),
        seed,
        options: variants.to_vec(),
        commands,
        state_hash,
    }
}

/// The save file of a pure game, with its state hash.
pub fn save_file<G: RulesGame>(g: &PureGame<G>, variants: &[String]) -> SaveFile<G::Command> {
    new_save::<G>(
        &g.rules,
        g.dice.seed,
        variants,
        g.commands.clone(),
        g.hash(),
    )
}

/// Rebuilds a game from a save: scenario + seed + commands. Refuses a save for another
/// game, whose commands are not legal or whose hash does not match.
pub fn replay_save<G: RulesGame>(name: &str, text: &str) -> Result<PureGame<G>, String> {
    let s: SaveFile<G::Command> = save::from_text(name, text)?;
    if s.game != G::GAME_ID {
        return Err(format!("{name}: this save is for the game '{}'", s.game));
    }
    let src = super::scenarios::find(&s.scenario).map_err(|e| format!("{name}: {e}"))?;
    let rules = G::load_rules(&src, &s.options)?;
    let mut g = PureGame::<G>::new(rules, s.seed);
    for (i, c) in s.commands.iter().enumerate() {
        g.apply(c)
            .map_err(|r| format!("{name}: command {} ({c:?}) is refused: {r}", i + 1))?;
    }
    if !s.state_hash.is_empty() && s.state_hash != g.hash() {
        return Err(format!(
            "{name}: the replayed state hash {} differs from the saved {}",
            g.hash(),
            s.state_hash
        ));
    }
    Ok(g)
}

impl<G: RulesGame> GameEntry for G {
    fn id(&self) -> &'static str {
        G::GAME_ID
    }

    fn name(&self) -> &'static str {
        G::NAME
    }

    fn play_random(
        &self,
        scenario: &ScenarioSource,
        variants: &[String],
        seed: u64,
        agent_seed: u64,
        max_commands: usize,
    ) -> Result<(Summary, String), String> {
        let rules = G::load_rules(scenario, variants)?;
        let mut g = PureGame::<G>::new(rules, seed);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(agent_seed);
        while !g.over() && g.commands.len() < max_commands {
            let legal = g.legal();
            let Some(cmd) = G::random_command(&g.rules, &g.st, &legal, &mut rng) else {
                break;
            };
            g.apply(&cmd)
                .map_err(|r| format!("legal command refused: {cmd:?}: {r}"))?;
        }
        let text = save::to_text(&save_file(&g, variants))?;
        Ok((g.summary(), text))
    }

    fn replay(&self, name: &str, text: &str) -> Result<Summary, String> {
        replay_save::<G>(name, text).map(|g| g.summary())
    }

    fn check_scenario(&self, scenario: &ScenarioSource) -> Result<(), String> {
        G::load_rules(scenario, &[]).map(|_| ())
    }
}
