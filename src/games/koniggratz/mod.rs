//! Königgrätz (Conflict Simulations): the battle of 3 July 1866 on a tactical hex map.
//! See docs/games/koniggratz.md for every rule case and its status.

pub mod combat;
pub mod data;
pub mod ecs;
pub mod flow;
pub mod reference;
pub mod rules;
pub mod state;
#[cfg(feature = "gui")]
pub mod ui;

use crate::engine::dice::Dice;
use crate::engine::hash::state_hash;
use crate::engine::log::GameLog;
use crate::engine::save::{self, SaveFile};
use crate::engine::scenarios::ScenarioSource;
use crate::engine::session::{GameEntry, Summary};
use bevy::prelude::*;
use data::{KgRules, Side};
use flow::Game;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use state::{KgCommand, KgState, Refusal, Step};
use std::sync::Arc;

pub const GAME_ID: &str = "koniggratz";

/// A game run by the pure rules alone (no ECS): replays, the random-game soak and the AI.
#[derive(Clone)]
pub struct PureGame {
    pub rules: Arc<KgRules>,
    pub st: KgState,
    pub dice: Dice,
    pub log: GameLog,
    pub commands: Vec<KgCommand>,
}

impl PureGame {
    pub fn new(rules: Arc<KgRules>, seed: u64) -> Self {
        let mut st = flow::new_state(&rules);
        let mut dice = Dice::new(seed);
        let mut log = GameLog::default();
        Game {
            rules: &rules,
            st: &mut st,
            dice: &mut dice,
            log: &mut log,
        }
        .start();
        Self {
            rules,
            st,
            dice,
            log,
            commands: Vec::new(),
        }
    }

    pub fn legal(&self) -> Vec<KgCommand> {
        flow::legal_commands(&self.rules, &self.st)
    }

    pub fn apply(&mut self, cmd: &KgCommand) -> Result<(), Refusal> {
        Game {
            rules: &self.rules,
            st: &mut self.st,
            dice: &mut self.dice,
            log: &mut self.log,
        }
        .apply(cmd)?;
        self.commands.push(cmd.clone());
        Ok(())
    }

    pub fn hash(&self) -> String {
        state_hash(&self.st)
    }

    pub fn over(&self) -> bool {
        self.st.g.step == Step::GameOver
    }
}

/// Picks a random legal command for the soak tests and `--random`: uniform, but moves
/// lean towards the enemy and passes are rare, so that games reach combat.
pub fn random_command(
    rules: &KgRules,
    st: &KgState,
    legal: &[KgCommand],
    rng: &mut Xoshiro256PlusPlus,
) -> Option<KgCommand> {
    if legal.is_empty() {
        return None;
    }
    let has_pass = legal.contains(&KgCommand::Pass);
    let pass_pct = match st.g.step {
        Step::Movement => 6,
        Step::Attack => 8,
        _ => 25,
    };
    if has_pass && (legal.len() == 1 || rng.random_range(0..100) < pass_pct) {
        return Some(KgCommand::Pass);
    }
    let others: Vec<&KgCommand> = legal.iter().filter(|c| **c != KgCommand::Pass).collect();
    if st.g.step == Step::Movement && st.g.pending.is_empty() && rng.random_range(0..100) < 70 {
        // closest approach to an enemy among a few random candidates
        let enemies: Vec<(Side, crate::engine::hexmap::Coord)> = st
            .units
            .iter()
            .enumerate()
            .filter_map(|(i, u)| match u.loc {
                state::Loc::Map(c) => Some((rules.units[i].side, c)),
                _ => None,
            })
            .collect();
        let mut best: Option<(u32, &KgCommand)> = None;
        for _ in 0..12 {
            let c = others[rng.random_range(0..others.len())];
            if let KgCommand::Move { unit, to } = c {
                let side = rules.units[*unit as usize].side;
                let d = enemies
                    .iter()
                    .filter(|e| e.0 != side)
                    .map(|e| e.1.distance(*to))
                    .min()
                    .unwrap_or(0);
                if best.is_none_or(|b| d < b.0) {
                    best = Some((d, c));
                }
            }
        }
        if let Some((_, c)) = best {
            return Some(c.clone());
        }
    }
    Some(others[rng.random_range(0..others.len())].clone())
}

/// Invariants that hold after every command (tests and fuzzing).
pub fn check_invariants(rules: &KgRules, st: &KgState) -> Result<(), String> {
    use state::Loc;
    let mut seen = std::collections::BTreeSet::new();
    for (i, u) in st.units.iter().enumerate() {
        if let Loc::Map(c) = u.loc {
            if !rules.map.contains(c) {
                return Err(format!("unit {i} is off the map at {c}"));
            }
            if !seen.insert(c) {
                return Err(format!("two units in {c} (3.10)"));
            }
        }
    }
    if st.units.len() != rules.units.len() {
        return Err("unit count changed".into());
    }
    if st.g.ap[0] > 100 || st.g.ap[1] > 100 {
        return Err("AP out of range".into());
    }
    Ok(())
}

pub fn summary(rules: &KgRules, st: &KgState, seed: u64, commands: usize) -> Summary {
    let vp = flow::victory_points(rules, st);
    Summary {
        game: GAME_ID.into(),
        scenario: rules.meta.id.clone(),
        seed,
        finished: st.g.step == Step::GameOver,
        winner: st.g.winner.map(|w| w.name().to_string()),
        vp: [
            (Side::Austria.name().to_string(), vp[0]),
            (Side::Prussia.name().to_string(), vp[1]),
        ]
        .into_iter()
        .collect(),
        turns: st.g.turn as u32,
        commands,
        state_hash: state_hash(st),
    }
}

pub fn load_rules(scenario: &ScenarioSource, variants: &[String]) -> Result<Arc<KgRules>, String> {
    KgRules::from_text(&scenario.name, &scenario.text, variants).map(Arc::new)
}

pub fn save_file(g: &PureGame, variants: &[String]) -> SaveFile<KgCommand> {
    SaveFile {
        version: save::SAVE_VERSION,
        game: GAME_ID.into(),
        scenario: g.rules.meta.id.clone(),
        seed: g.dice.seed,
        options: variants.to_vec(),
        commands: g.commands.clone(),
        state_hash: g.hash(),
    }
}

/// Rebuilds a game from a save: scenario + seed + commands. Refuses a save whose
/// commands are not legal or whose hash does not match.
pub fn replay_save(name: &str, text: &str) -> Result<PureGame, String> {
    let s: SaveFile<KgCommand> = save::from_text(name, text)?;
    if s.game != GAME_ID {
        return Err(format!("{name}: this save is for the game '{}'", s.game));
    }
    let src = crate::engine::scenarios::find(&s.scenario).map_err(|e| format!("{name}: {e}"))?;
    let rules = load_rules(&src, &s.options)?;
    let mut g = PureGame::new(rules, s.seed);
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

/// Headless game driven through the ECS app: MinimalPlugins + StatesPlugin + this game.
pub struct KgSession {
    pub app: App,
}

impl KgSession {
    pub fn new(rules: Arc<KgRules>, seed: u64) -> Self {
        let mut app = App::new();
        app.add_plugins((
            MinimalPlugins,
            bevy::state::app::StatesPlugin,
            ecs::KoniggratzPlugin,
        ));
        ecs::setup_game(app.world_mut(), rules, seed);
        app.update();
        Self { app }
    }

    pub fn state(&mut self) -> Option<KgState> {
        ecs::gather(self.app.world_mut())
    }

    pub fn rules(&self) -> Arc<KgRules> {
        self.app.world().resource::<ecs::KgRulesRes>().0.clone()
    }

    pub fn legal(&mut self) -> Vec<KgCommand> {
        let rules = self.rules();
        self.state()
            .map(|s| flow::legal_commands(&rules, &s))
            .unwrap_or_default()
    }

    /// Sends one command through the app and returns its outcome.
    pub fn submit(&mut self, cmd: KgCommand) -> Result<(), Refusal> {
        self.app
            .world_mut()
            .write_message(ecs::KgCommandMsg(cmd.clone()));
        // The command waits at most one frame for its phase's state to become active.
        for _ in 0..3 {
            self.app.update();
            let done = self.app.world().resource::<ecs::KgInbox>().0.is_empty();
            if done {
                break;
            }
        }
        match self.app.world().resource::<ecs::KgLastOutcome>().0.clone() {
            Some(ecs::KgOutcome::Applied(c)) if c == cmd => Ok(()),
            Some(ecs::KgOutcome::Refused(c, r)) if c == cmd => Err(r),
            _ => Err(Refusal::new("", "the command was not processed")),
        }
    }

    pub fn phase(&self) -> ecs::KgPhase {
        *self.app.world().resource::<State<ecs::KgPhase>>().get()
    }

    pub fn hash(&mut self) -> String {
        self.state().map(|s| state_hash(&s)).unwrap_or_default()
    }
}

pub struct Entry;

impl GameEntry for Entry {
    fn id(&self) -> &'static str {
        GAME_ID
    }

    fn name(&self) -> &'static str {
        "Königgrätz"
    }

    fn play_random(
        &self,
        scenario: &ScenarioSource,
        variants: &[String],
        seed: u64,
        agent_seed: u64,
        max_commands: usize,
    ) -> Result<(Summary, String), String> {
        let rules = load_rules(scenario, variants)?;
        let mut g = PureGame::new(rules, seed);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(agent_seed);
        while !g.over() && g.commands.len() < max_commands {
            let legal = g.legal();
            let Some(cmd) = random_command(&g.rules, &g.st, &legal, &mut rng) else {
                break;
            };
            g.apply(&cmd)
                .map_err(|r| format!("legal command refused: {cmd:?}: {r}"))?;
        }
        let text = save::to_text(&save_file(&g, variants))?;
        Ok((summary(&g.rules, &g.st, seed, g.commands.len()), text))
    }

    fn replay(&self, name: &str, text: &str) -> Result<Summary, String> {
        let g = replay_save(name, text)?;
        Ok(summary(&g.rules, &g.st, g.dice.seed, g.commands.len()))
    }

    fn check_scenario(&self, scenario: &ScenarioSource) -> Result<(), String> {
        load_rules(scenario, &[]).map(|_| ())
    }
}
