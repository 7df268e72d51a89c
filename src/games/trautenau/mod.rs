//! Trautenau – Soor (VaeVictis, Great Battles of Napoleon III series): the battles of
//! 27 and 28 June 1866 at regiment scale. See docs/games/trautenau-soor.md for every rule
//! case and its status.

pub mod ai;
pub mod bench;
pub mod combat;
pub mod data;
pub mod ecs;
pub mod flow;
pub mod hours;
pub mod los;
pub mod losses;
pub mod odds;
pub mod reference;
pub mod rules;
pub mod scoring;
pub mod state;
pub mod steps;
pub mod turn;
#[cfg(feature = "gui")]
pub mod ui;
pub mod validate;

#[cfg(test)]
mod flow_tests;

#[cfg(test)]
mod combat_tests;

use crate::engine::dice::Dice;
use crate::engine::game::{self, RulesGame};
use crate::engine::hash::state_hash;
use crate::engine::log::GameLog;
use crate::engine::scenarios::ScenarioSource;
use crate::engine::session::Summary;
use data::{Side, TsRules};
use flow::Game;
use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;
pub use state::Refusal;
use state::{Loc, Step, TsCommand, TsState};
use std::sync::Arc;

pub const GAME_ID: &str = "trautenau-soor";

/// The Trautenau – Soor game: its registry entry and the type the shared layer runs.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Trautenau;

impl RulesGame for Trautenau {
    type Rules = TsRules;
    type State = TsState;
    type Command = TsCommand;
    const GAME_ID: &'static str = GAME_ID;
    const NAME: &'static str = "Trautenau – Soor";

    fn load_rules(scenario: &ScenarioSource, variants: &[String]) -> Result<Arc<TsRules>, String> {
        load_rules(scenario, variants)
    }

    fn scenario_id(rules: &TsRules) -> &str {
        &rules.meta.id
    }

    fn new_state(rules: &TsRules) -> TsState {
        flow::new_state(rules)
    }

    fn start(rules: &TsRules, st: &mut TsState, dice: &mut Dice, log: &mut GameLog) {
        let mut g = Game {
            rules,
            st,
            dice,
            log,
        };
        g.start();
        g.advance();
    }

    fn apply(
        rules: &TsRules,
        st: &mut TsState,
        dice: &mut Dice,
        log: &mut GameLog,
        cmd: &TsCommand,
    ) -> Result<(), Refusal> {
        // The step the state is in checks the command (without building its list),
        // carries it out, and the automatic steps that follow run.
        crate::engine::step::check::<Trautenau>(rules, st, cmd)?;
        steps::step(steps::id_of(st)).execute(rules, st, dice, log, cmd);
        Game {
            rules,
            st,
            dice,
            log,
        }
        .advance();
        Ok(())
    }

    fn legal(rules: &TsRules, st: &TsState) -> Vec<TsCommand> {
        crate::engine::step::legal::<Trautenau>(rules, st)
    }

    fn over(st: &TsState) -> bool {
        st.g.step == Step::GameOver
    }

    fn summary(rules: &TsRules, st: &TsState, seed: u64, commands: usize) -> Summary {
        summary(rules, st, seed, commands)
    }

    /// The summary's turn (the hour) and VP, and the step losses each side has taken in
    /// the game (9.5.10; not those a unit had at set-up), without the state hash.
    fn statistics(rules: &TsRules, st: &TsState) -> crate::engine::stats::Figures {
        let vp = vp_now(rules, st);
        let mut losses = [0u32; 2];
        for (d, u) in rules.units.iter().zip(&st.units) {
            losses[d.side.idx()] += u.losses.saturating_sub(u.initial_losses) as u32;
        }
        let per_side = |v: [u32; 2]| {
            [
                (Side::Austria.name().to_string(), v[0] as f64),
                (Side::Prussia.name().to_string(), v[1] as f64),
            ]
            .into_iter()
            .collect()
        };
        crate::engine::stats::Figures {
            turn: turn_now(rules, st),
            values: vec![
                (crate::engine::stats::VP.into(), per_side(vp)),
                ("Step losses".into(), per_side(losses)),
            ],
        }
    }

    fn random_command(
        rules: &TsRules,
        st: &TsState,
        legal: &[TsCommand],
        rng: &mut Xoshiro256PlusPlus,
    ) -> Option<TsCommand> {
        random_command(rules, st, legal, rng)
    }

    fn phase_and_step(_rules: &TsRules, st: &TsState) -> (String, String) {
        (
            st.g.step.phase_name().to_string(),
            format!("{:?}", st.g.step),
        )
    }

    fn side_to_act(rules: &TsRules, st: &TsState) -> Option<String> {
        crate::engine::step::to_act::<Trautenau>(rules, st).map(|s| s.name().to_string())
    }

    fn evaluate(rules: &TsRules, st: &TsState, side: &str) -> f64 {
        ai::evaluate(rules, st, side)
    }

    fn playout_play(
        rules: &TsRules,
        st: &TsState,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Option<TsCommand> {
        ai::playout_play(rules, st, rng)
    }

    fn ai_candidates(rules: &TsRules, st: &TsState, legal: Vec<TsCommand>) -> Vec<TsCommand> {
        ai::candidates(rules, st, legal)
    }

    // the game's registry entry: its library card, reference, map, invariants, benchmarks
    const DATE: &'static str = "27 and 28 June 1866";
    const ABOUT: &'static str = "Regiments with facing, elevation and line of sight, chit-pull activation, morale and rally.";

    fn reference() -> Vec<crate::engine::reference::RuleCase> {
        reference::cases()
    }

    fn hex_map(rules: &TsRules) -> Option<&crate::engine::hexmap::HexMap> {
        Some(&rules.map)
    }

    fn check_invariants(rules: &TsRules, st: &TsState) -> Result<(), String> {
        check_invariants(rules, st)
    }

    fn bench_figures(games: u32) -> Result<Vec<(String, String, String)>, String> {
        bench::figures(games)
    }
}

/// The game's screen, for the registry.
#[cfg(feature = "gui")]
impl crate::gui::library::GuiGame for Trautenau {
    fn add_ui(app: &mut bevy::prelude::App) {
        app.add_plugins(ui::TsUiPlugin);
    }
}

/// A game run by the pure rules alone (no ECS): replays, the random-game soak and the AI.
pub type PureGame = game::PureGame<Trautenau>;

pub use crate::engine::game::save_file;

/// Rebuilds a game from a save: scenario + seed + commands.
pub fn replay_save(name: &str, text: &str) -> Result<PureGame, String> {
    game::replay_save(name, text)
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

/// The VP [Austria, Prussia] a summary gives: the final ones at the end, else the
/// score if the game ended now.
fn vp_now(rules: &TsRules, st: &TsState) -> [u32; 2] {
    let (vp, _) = flow::score(rules, st, st.g.step == Step::GameOver);
    let vp = if st.g.step == Step::GameOver {
        [st.g.vp[0] as i32, st.g.vp[1] as i32]
    } else {
        vp
    };
    [vp[0].max(0) as u32, vp[1].max(0) as u32]
}

/// The summary's turn: the hour of play, from 1.
fn turn_now(rules: &TsRules, st: &TsState) -> u32 {
    flow::abs_hour(st).saturating_sub(rules.start_hour) as u32 + 1
}

pub fn summary(rules: &TsRules, st: &TsState, seed: u64, commands: usize) -> Summary {
    let vp = vp_now(rules, st);
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
        turns: turn_now(rules, st),
        commands,
        state_hash: state_hash(st),
    }
}

pub fn load_rules(scenario: &ScenarioSource, variants: &[String]) -> Result<Arc<TsRules>, String> {
    TsRules::from_text(&scenario.name, &scenario.text, variants).map(Arc::new)
}

/// Headless game driven through the ECS app: MinimalPlugins + StatesPlugin + this game.
pub type TsSession = crate::engine::game_ecs::Session<Trautenau>;
