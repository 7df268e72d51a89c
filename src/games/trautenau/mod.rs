//! Trautenau – Soor (VaeVictis, Great Battles of Napoleon III series): the battles of
//! 27 and 28 June 1866 at regiment scale. See docs/games/trautenau-soor.md for every rule
//! case and its status.

pub mod combat;
pub mod data;
pub mod ecs;
pub mod flow;
pub mod los;
pub mod reference;
pub mod rules;
pub mod state;
#[cfg(feature = "gui")]
pub mod ui;
pub mod validate;

#[cfg(test)]
mod flow_tests;

use crate::engine::dice::Dice;
use crate::engine::hash::state_hash;
use crate::engine::log::GameLog;
use crate::engine::save::{self, SaveFile};
use crate::engine::scenarios::ScenarioSource;
use crate::engine::session::{GameEntry, Summary};
use data::{Side, TsRules};
use flow::Game;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
pub use state::Refusal;
use state::{Loc, Step, TsCommand, TsState};
use std::sync::Arc;

pub const GAME_ID: &str = "trautenau-soor";

/// A game run by the pure rules alone (no ECS): replays, the random-game soak and the AI.
#[derive(Clone)]
pub struct PureGame {
    pub rules: Arc<TsRules>,
    pub st: TsState,
    pub dice: Dice,
    pub log: GameLog,
    pub commands: Vec<TsCommand>,
}

impl PureGame {
    pub fn new(rules: Arc<TsRules>, seed: u64) -> Self {
        let mut st = flow::new_state(&rules);
        let mut dice = Dice::new(seed);
        let mut log = GameLog::default();
        {
            let mut g = Game {
                rules: &rules,
                st: &mut st,
                dice: &mut dice,
                log: &mut log,
            };
            g.start();
            g.advance();
        }
        Self {
            rules,
            st,
            dice,
            log,
            commands: Vec::new(),
        }
    }

    pub fn legal(&self) -> Vec<TsCommand> {
        flow::legal_commands(&self.rules, &self.st)
    }

    pub fn apply(&mut self, cmd: &TsCommand) -> Result<(), Refusal> {
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

/// Picks a random legal command for the soak tests and `--random`: moves lean towards
/// the enemy, assaults are declared often and steps are rarely ended early, so that
/// games reach combat.
pub fn random_command(
    rules: &TsRules,
    st: &TsState,
    legal: &[TsCommand],
    rng: &mut Xoshiro256PlusPlus,
) -> Option<TsCommand> {
    if legal.is_empty() {
        return None;
    }
    let done = legal.contains(&TsCommand::Done);
    let others: Vec<&TsCommand> = legal
        .iter()
        .filter(|c| **c != TsCommand::Done && !matches!(c, TsCommand::Face { .. }))
        .collect();
    let done_pct = match st.g.step {
        Step::Movement => 4,
        Step::Declare => 30,
        Step::Barrage => 15,
        _ => 30,
    };
    if done && (others.is_empty() || rng.random_range(0..100) < done_pct) {
        return Some(TsCommand::Done);
    }
    if others.is_empty() {
        return Some(legal[rng.random_range(0..legal.len())].clone());
    }
    if st.g.step == Step::Movement && st.g.pending.is_empty() && rng.random_range(0..100) < 70 {
        let enemies: Vec<(Side, crate::engine::hexmap::Coord)> = st
            .units
            .iter()
            .enumerate()
            .filter_map(|(i, u)| match u.loc {
                Loc::Map(c) => Some((rules.units[i].side, c)),
                _ => None,
            })
            .collect();
        let mut best: Option<(u32, &TsCommand)> = None;
        for _ in 0..12 {
            let c = others[rng.random_range(0..others.len())];
            if let TsCommand::Move { unit, to, .. } = c {
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

/// Invariants that hold after every command (tests and fuzzing): stacking (3), equal
/// facings in a stack (4), no two sides in a hex, losses below morale (9.5.10).
pub fn check_invariants(rules: &TsRules, st: &TsState) -> Result<(), String> {
    if st.units.len() != rules.units.len() || st.leaders.len() != rules.leaders.len() {
        return Err("piece count changed".into());
    }
    let view = rules::view(rules, st);
    for c in rules.map.coords() {
        let here = view.units_at(c);
        if here.is_empty() {
            continue;
        }
        let side = rules.units[here[0] as usize].side;
        if here.iter().any(|&u| rules.units[u as usize].side != side) {
            return Err(format!("both sides in {c} (3)"));
        }
        let f = st.units[here[0] as usize].facing;
        if here.iter().any(|&u| st.units[u as usize].facing != f) {
            return Err(format!("stack in {c} with different facings (4)"));
        }
        let arms: Vec<data::Arm> = here.iter().map(|&u| rules.units[u as usize].arm).collect();
        let town = matches!(
            rules.map.terrain(c),
            crate::engine::hexmap::Terrain::Town
                | crate::engine::hexmap::Terrain::Village
                | crate::engine::hexmap::Terrain::WoodedTown
        );
        if !rules::stack_ok(&arms, town) {
            return Err(format!("stack in {c} over the limit: {arms:?} (3)"));
        }
    }
    for (i, u) in st.units.iter().enumerate() {
        if let Loc::Map(c) = u.loc {
            if !rules.map.contains(c) {
                return Err(format!("unit {i} off the map at {c}"));
            }
            if u.losses >= rules.units[i].morale {
                return Err(format!(
                    "{} has {} losses and morale {} but is on the map (9.5.10)",
                    rules.units[i].name, u.losses, rules.units[i].morale
                ));
            }
        }
    }
    Ok(())
}

pub fn summary(rules: &TsRules, st: &TsState, seed: u64, commands: usize) -> Summary {
    let (vp, _) = flow::score(rules, st, st.g.step == Step::GameOver);
    let vp = if st.g.step == Step::GameOver {
        [st.g.vp[0] as i32, st.g.vp[1] as i32]
    } else {
        vp
    };
    Summary {
        game: GAME_ID.into(),
        scenario: rules.meta.id.clone(),
        seed,
        finished: st.g.step == Step::GameOver,
        winner: st.g.winner.map(|w| w.name().to_string()),
        vp: [
            (Side::Austria.name().to_string(), vp[0].max(0) as u32),
            (Side::Prussia.name().to_string(), vp[1].max(0) as u32),
        ]
        .into_iter()
        .collect(),
        turns: flow::abs_hour(st).saturating_sub(rules.start_hour) as u32 + 1,
        commands,
        state_hash: state_hash(st),
    }
}

pub fn load_rules(scenario: &ScenarioSource, variants: &[String]) -> Result<Arc<TsRules>, String> {
    TsRules::from_text(&scenario.name, &scenario.text, variants).map(Arc::new)
}

pub fn save_file(g: &PureGame, variants: &[String]) -> SaveFile<TsCommand> {
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

/// Rebuilds a game from a save: scenario + seed + commands.
pub fn replay_save(name: &str, text: &str) -> Result<PureGame, String> {
    let s: SaveFile<TsCommand> = save::from_text(name, text)?;
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

pub struct Entry;

impl GameEntry for Entry {
    fn id(&self) -> &'static str {
        GAME_ID
    }

    fn name(&self) -> &'static str {
        "Trautenau – Soor"
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

/// Headless game driven through the ECS app: MinimalPlugins + StatesPlugin + this game.
pub struct TsSession {
    pub app: bevy::prelude::App,
}

impl TsSession {
    pub fn new(rules: Arc<TsRules>, seed: u64) -> Self {
        use bevy::prelude::*;
        let mut app = App::new();
        app.add_plugins((
            MinimalPlugins,
            bevy::state::app::StatesPlugin,
            ecs::TrautenauPlugin,
        ));
        ecs::setup_game(app.world_mut(), rules, seed);
        app.update();
        Self { app }
    }

    pub fn state(&mut self) -> Option<TsState> {
        ecs::gather(self.app.world_mut())
    }

    pub fn rules(&self) -> Arc<TsRules> {
        self.app.world().resource::<ecs::TsRulesRes>().0.clone()
    }

    pub fn legal(&mut self) -> Vec<TsCommand> {
        let rules = self.rules();
        self.state()
            .map(|s| flow::legal_commands(&rules, &s))
            .unwrap_or_default()
    }

    /// Sends one command through the app and returns its outcome.
    pub fn submit(&mut self, cmd: TsCommand) -> Result<(), Refusal> {
        self.app
            .world_mut()
            .write_message(ecs::TsCommandMsg(cmd.clone()));
        for _ in 0..4 {
            self.app.update();
            if self.app.world().resource::<ecs::TsInbox>().0.is_empty() {
                break;
            }
        }
        match self.app.world().resource::<ecs::TsLastOutcome>().0.clone() {
            Some(ecs::TsOutcome::Applied(c)) if c == cmd => Ok(()),
            Some(ecs::TsOutcome::Refused(c, r)) if c == cmd => Err(r),
            _ => Err(Refusal::new("", "the command was not processed")),
        }
    }

    pub fn phase(&self) -> ecs::TsPhase {
        *self
            .app
            .world()
            .resource::<bevy::prelude::State<ecs::TsPhase>>()
            .get()
    }

    pub fn hash(&mut self) -> String {
        self.state().map(|s| state_hash(&s)).unwrap_or_default()
    }
}
