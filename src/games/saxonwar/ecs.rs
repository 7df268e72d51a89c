//! The ECS side of Great Saxon War: the whole plain state lives in one resource (the
//! secret deployment must not sit in entities the other side's screen could read); each
//! step of the sequence of play is a Bevy state whose one system takes that step's
//! commands and calls the pure rules.

use super::SaxonWar;
use super::data::SxRules;
use super::state::*;
use super::steps::{
    Attrition, CombatStep, Deploy, DepotStep, GameOver, Increment, MarchStep, Morale, RetreatStep,
    SiegeStep,
};
use crate::engine::game_ecs::*;
use bevy::prelude::*;

#[derive(States, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SxPhase {
    #[default]
    Inactive,
    Deployment,
    Campaign,
    Strategic,
    GameOver,
}

/// One state value per step module.
#[derive(States, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SxStepState {
    #[default]
    Inactive,
    Deploy,
    Morale,
    Depot,
    March,
    Combat,
    Retreat,
    Siege,
    Attrition,
    Increment,
    GameOver,
}

pub fn step_state(s: Step) -> SxStepState {
    match s {
        Step::Deploy => SxStepState::Deploy,
        Step::Morale => SxStepState::Morale,
        Step::Depot => SxStepState::Depot,
        Step::March | Step::ForceMarch => SxStepState::March,
        Step::Combat => SxStepState::Combat,
        Step::Retreat => SxStepState::Retreat,
        Step::Siege => SxStepState::Siege,
        Step::Attrition => SxStepState::Attrition,
        Step::Increment => SxStepState::Increment,
        Step::GameOver => SxStepState::GameOver,
    }
}

pub fn phase_of(s: Step) -> SxPhase {
    match s {
        Step::Deploy => SxPhase::Deployment,
        Step::Increment => SxPhase::Strategic,
        Step::GameOver => SxPhase::GameOver,
        _ => SxPhase::Campaign,
    }
}

#[derive(Resource, Clone, Debug, PartialEq)]
pub struct SxStateRes(pub SxState);

#[derive(Default)]
pub struct SaxonWarPlugin;

impl Plugin for SaxonWarPlugin {
    fn build(&self, app: &mut App) {
        add_pipeline::<SaxonWar>(app);
        app.init_state::<SxStepState>().add_systems(
            Update,
            (
                collect_commands::<SaxonWar>,
                run_step::<SaxonWar, Deploy>.run_if(in_state(SxStepState::Deploy)),
                run_step::<SaxonWar, Morale>.run_if(in_state(SxStepState::Morale)),
                run_step::<SaxonWar, DepotStep>.run_if(in_state(SxStepState::Depot)),
                run_step::<SaxonWar, MarchStep>.run_if(in_state(SxStepState::March)),
                run_step::<SaxonWar, CombatStep>.run_if(in_state(SxStepState::Combat)),
                run_step::<SaxonWar, RetreatStep>.run_if(in_state(SxStepState::Retreat)),
                run_step::<SaxonWar, SiegeStep>.run_if(in_state(SxStepState::Siege)),
                run_step::<SaxonWar, Attrition>.run_if(in_state(SxStepState::Attrition)),
                run_step::<SaxonWar, Increment>.run_if(in_state(SxStepState::Increment)),
                run_step::<SaxonWar, GameOver>.run_if(in_state(SxStepState::GameOver)),
                sync_phase_state::<SaxonWar>,
                sync_step_state::<SaxonWar>,
            )
                .chain(),
        );
        for s in [
            SxStepState::Deploy,
            SxStepState::Morale,
            SxStepState::Depot,
            SxStepState::March,
            SxStepState::Combat,
            SxStepState::Retreat,
            SxStepState::Siege,
            SxStepState::Attrition,
            SxStepState::Increment,
            SxStepState::GameOver,
        ] {
            app.add_systems(OnEnter(s), enter_step::<SaxonWar>)
                .add_systems(OnExit(s), exit_step);
        }
    }
}

impl StepStates for SaxonWar {
    type StepState = SxStepState;
    fn wanted_step(world: &World) -> Option<(SxStepState, &'static str)> {
        let st = world.get_resource::<SxStateRes>()?;
        let s = st.0.g.step;
        Some((step_state(s), super::steps::step(s).name()))
    }
}

impl EcsGame for SaxonWar {
    type Phase = SxPhase;
    type Step = Step;
    type Plugin = SaxonWarPlugin;
    const GAME_OVER_RULE: &'static str = "grand.surrender";

    fn step_of(st: &SxState) -> Step {
        st.g.step
    }

    fn phase_of(step: Step) -> SxPhase {
        phase_of(step)
    }

    fn current_step(world: &World) -> Option<Step> {
        world.get_resource::<SxStateRes>().map(|g| g.0.g.step)
    }

    fn set_sub_steps(world: &mut World, step: Step) {
        if let Some(mut next) = world.get_resource_mut::<NextState<SxStepState>>() {
            NextState::set_if_neq(&mut *next, step_state(step));
        }
    }

    fn gather(world: &mut World) -> Option<SxState> {
        world.get_resource::<SxStateRes>().map(|s| s.0.clone())
    }

    fn scatter(world: &mut World, st: &SxState) {
        world.insert_resource(SxStateRes(st.clone()));
    }

    fn spawn(world: &mut World, _rules: &SxRules, st: &SxState) {
        world.insert_resource(SxStateRes(st.clone()));
    }

    fn despawn(world: &mut World) {
        world.remove_resource::<SxStateRes>();
    }
}
