//! The Sadowa Campaign (Turning Point Simulations): the operational campaign of 1866 in
//! Bohemia on a hex map: army HQs activating their corps with initiative points, forced
//! marches, supply, sieges and Loss Points. See docs/games/sadowa.md for every rule case
//! and every reconstruction.

pub mod ai;
pub mod bench;
pub mod charts;
pub mod combat;
pub mod data;
pub mod ecs;
pub mod flow;
pub mod map;
pub mod movement;
pub mod reference;
pub mod siege;
pub mod state;
pub mod steps;
pub mod supply;
#[cfg(feature = "gui")]
pub mod ui;

use crate::engine::dice::Dice;
use crate::engine::game::RulesGame;
use crate::engine::hash::state_hash;
use crate::engine::log::GameLog;
use crate::engine::scenarios::ScenarioSource;
use crate::engine::session::Summary;
use data::{SdRules, Side};
use flow::Game;
use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;
use state::{SdCommand, SdState, Step};
use std::sync::Arc;

pub const GAME_ID: &str = "sadowa";

/// The Sadowa Campaign: its registry entry and the type the shared layer runs.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Sadowa;

impl RulesGame for Sadowa {
    type Rules = SdRules;
    type State = SdState;
    type Command = SdCommand;
    const GAME_ID: &'static str = GAME_ID;
    const NAME: &'static str = "The Sadowa Campaign";
    const DATE: &'static str = "June-July 1866 · operational";
    const ABOUT: &'static str =
        "Army HQs, initiative points, forced marches, supply and sieges: the campaign in Bohemia.";

    fn load_rules(scenario: &ScenarioSource, variants: &[String]) -> Result<Arc<SdRules>, String> {
        data::load_rules(scenario, variants)
    }

    fn scenario_id(rules: &SdRules) -> &str {
        &rules.meta.id
    }

    fn new_state(rules: &SdRules) -> SdState {
        flow::new_state(rules)
    }

    fn start(rules: &SdRules, st: &mut SdState, dice: &mut Dice, log: &mut GameLog) {
        Game {
            rules,
            st,
            dice,
            log,
        }
        .start();
    }

    fn apply(
        rules: &SdRules,
        st: &mut SdState,
        dice: &mut Dice,
        log: &mut GameLog,
        cmd: &SdCommand,
    ) -> Result<(), state::Refusal> {
        crate::engine::step::check::<Sadowa>(rules, st, cmd)?;
        steps::step(steps::id_of(st)).execute(rules, st, dice, log, cmd);
        Ok(())
    }

    fn legal(rules: &SdRules, st: &SdState) -> Vec<SdCommand> {
        crate::engine::step::legal::<Sadowa>(rules, st)
    }

    fn over(st: &SdState) -> bool {
        st.g.step == Step::GameOver
    }

    fn summary(rules: &SdRules, st: &SdState, seed: u64, commands: usize) -> Summary {
        Summary {
            game: GAME_ID.into(),
            scenario: rules.meta.id.clone(),
            seed,
            finished: st.g.step == Step::GameOver,
            winner: st.g.winner.map(|w| w.name().to_string()),
            vp: [
                (Side::Austria.name().to_string(), st.g.vp[0]),
                (Side::Prussia.name().to_string(), st.g.vp[1]),
            ]
            .into_iter()
            .collect(),
            turns: st.g.turn as u32,
            commands,
            state_hash: state_hash(st),
        }
    }

    /// The summary's turn and VP, and the Loss Points each side has suffered (7.4),
    /// without the state hash.
    fn statistics(_rules: &SdRules, st: &SdState) -> crate::engine::stats::Figures {
        let per_side = |v: [u32; 2]| {
            [
                (Side::Austria.name().to_string(), v[0] as f64),
                (Side::Prussia.name().to_string(), v[1] as f64),
            ]
            .into_iter()
            .collect()
        };
        crate::engine::stats::Figures {
            turn: st.g.turn as u32,
            values: vec![
                (crate::engine::stats::VP.into(), per_side(st.g.vp)),
                ("Loss Points".into(), per_side(st.g.lp)),
            ],
        }
    }

    fn random_command(
        rules: &SdRules,
        st: &SdState,
        legal: &[SdCommand],
        rng: &mut Xoshiro256PlusPlus,
    ) -> Option<SdCommand> {
        random_command(rules, st, legal, rng)
    }

    fn phase_and_step(_rules: &SdRules, st: &SdState) -> (String, String) {
        (
            flow::phase_name(st.g.step).to_string(),
            format!("{:?}", st.g.step),
        )
    }

    fn side_to_act(rules: &SdRules, st: &SdState) -> Option<String> {
        crate::engine::step::to_act::<Sadowa>(rules, st).map(|s| s.name().to_string())
    }

    fn evaluate(rules: &SdRules, st: &SdState, side: &str) -> f64 {
        ai::evaluate(rules, st, side)
    }

    fn playout_play(
        rules: &SdRules,
        st: &SdState,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Option<SdCommand> {
        ai::playout_play(rules, st, rng)
    }

    fn hex_map(rules: &SdRules) -> Option<&crate::engine::hexmap::HexMap> {
        Some(&rules.map.hex)
    }

    fn check_invariants(rules: &SdRules, st: &SdState) -> Result<(), String> {
        check_invariants(rules, st)
    }

    fn bench_figures(games: u32) -> Result<Vec<(String, String, String)>, String> {
        bench::figures(games)
    }

    fn reference() -> Vec<crate::engine::reference::RuleCase> {
        reference::cases()
    }
}

/// The game's screen, for the registry.
#[cfg(feature = "gui")]
impl crate::gui::library::GuiGame for Sadowa {
    fn add_ui(app: &mut bevy::prelude::App) {
        app.add_plugins(ui::SdUiPlugin);
    }
}

/// A random legal command that keeps games moving: set-ups end, the ending commands are
/// rarer than the others.
pub fn random_command(
    _rules: &SdRules,
    _st: &SdState,
    legal: &[SdCommand],
    rng: &mut Xoshiro256PlusPlus,
) -> Option<SdCommand> {
    if legal.is_empty() {
        return None;
    }
    if legal.contains(&SdCommand::PlaceRest) {
        return Some(SdCommand::PlaceRest);
    }
    if legal.contains(&SdCommand::EndSetup) {
        return Some(SdCommand::EndSetup);
    }
    let ending = |c: &SdCommand| {
        matches!(
            c,
            SdCommand::EndMovement
                | SdCommand::EndOperation
                | SdCommand::Pass
                | SdCommand::Done
                | SdCommand::EndAdvance
        )
    };
    let others: Vec<&SdCommand> = legal.iter().filter(|c| !ending(c)).collect();
    if others.is_empty() || rng.random_range(0..100) < 12 {
        let ends: Vec<&SdCommand> = legal.iter().filter(|c| ending(c)).collect();
        if !ends.is_empty() {
            return Some(ends[rng.random_range(0..ends.len())].clone());
        }
    }
    if others.is_empty() {
        return Some(legal[rng.random_range(0..legal.len())].clone());
    }
    Some(others[rng.random_range(0..others.len())].clone())
}

/// Invariants after every command (tests and fuzzing): stacking (3.1), one garrison per
/// city or fortress (9.2), morale 1-5 (12), every unit in at most one place, no hex held
/// by both sides.
pub fn check_invariants(rules: &SdRules, st: &SdState) -> Result<(), String> {
    if st.units.len() != rules.units.len() {
        return Err("unit count changed".into());
    }
    for m in st.g.morale {
        if !(1..=5).contains(&m) {
            return Err(format!("morale {m} outside 1-5 (12)"));
        }
    }
    for c in rules.map.hex.coords() {
        let here = flow::units_at(rules, st, c);
        if here.is_empty() {
            continue;
        }
        let side = rules.side(here[0]);
        if here.iter().any(|&u| rules.side(u) != side) {
            return Err(format!("both sides in {c}"));
        }
        let combat = here.iter().filter(|&&u| rules.kind(u).is_combat()).count();
        let garrisons = here
            .iter()
            .filter(|&&u| rules.kind(u) == data::Kind::Garrison)
            .count();
        let retreating =
            st.g.pending
                .iter()
                .any(|p| matches!(p, state::Pending::Retreat { .. }));
        if combat > 4 && !retreating && !matches!(st.g.step, Step::Activate | Step::Attack) {
            return Err(format!("{combat} combat units in {c} (3.1)"));
        }
        if garrisons > 1 || (garrisons == 1 && rules.map.place(c).is_none()) {
            return Err(format!("garrisons in {c} break 9.2"));
        }
    }
    for (i, u) in st.units.iter().enumerate() {
        if u.gone.is_some() && u.hex.is_some() {
            return Err(format!("unit {i} is gone and on the map"));
        }
        if let Some(c) = u.hex
            && !rules.map.hex.contains(c)
        {
            return Err(format!("unit {i} off the map at {c}"));
        }
    }
    Ok(())
}

/// Headless game driven through the ECS app.
pub type SdSession = crate::engine::game_ecs::Session<Sadowa>;
