//! The ECS side of 1866: the whole plain state lives in one resource (cards and counters
//! are few and the hands are secret, so no entity carries them); each step of the
//! sequence of play is a Bevy state ([`StStepState`], one per module of `steps/`) whose
//! one system takes that step's commands and calls the pure rules.

use super::Struggle;
use super::data::StRules;
use super::state::*;
use super::steps::{self, StepId, id_of_globals};
use super::steps::{
    battle::Battle, declare::Declare, event::EventStep, game_over::GameOver, mobilize::Mobilize,
    movement::Movement, round::Round, setup::Setup,
};
use crate::engine::game_ecs::*;
use bevy::prelude::*;

/// The parts of a game (5.0) with the set-up before and game over after.
#[derive(States, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum StPhase {
    #[default]
    Inactive,
    Setup,
    Operations,
    GameOver,
}

/// One state value per step module.
#[derive(States, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum StStepState {
    #[default]
    Inactive,
    Setup,
    Round,
    Mobilize,
    Declare,
    Move,
    GameOver,
    Event,
    Battle,
}

pub fn step_state(id: StepId) -> StStepState {
    match id {
        StepId::Setup => StStepState::Setup,
        StepId::Round => StStepState::Round,
        StepId::Mobilize => StStepState::Mobilize,
        StepId::Declare => StStepState::Declare,
        StepId::Move => StStepState::Move,
        StepId::GameOver => StStepState::GameOver,
        StepId::Event => StStepState::Event,
        StepId::Battle => StStepState::Battle,
    }
}

pub fn phase_of(step: Step) -> StPhase {
    match step {
        Step::Setup => StPhase::Setup,
        Step::Round | Step::Mobilize | Step::Declare | Step::Move | Step::Event | Step::Battle => {
            StPhase::Operations
        }
        Step::GameOver => StPhase::GameOver,
    }
}

/// The game's whole state.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct StStateRes(pub StState);

pub type StRulesRes = RulesRes<Struggle>;

#[derive(Default)]
pub struct StrugglePlugin;

impl Plugin for StrugglePlugin {
    fn build(&self, app: &mut App) {
        add_pipeline::<Struggle>(app);
        app.init_state::<StStepState>().add_systems(
            Update,
            (
                collect_commands::<Struggle>,
                run_step::<Struggle, Setup>.run_if(in_state(StStepState::Setup)),
                run_step::<Struggle, Round>.run_if(in_state(StStepState::Round)),
                run_step::<Struggle, Mobilize>.run_if(in_state(StStepState::Mobilize)),
                run_step::<Struggle, Declare>.run_if(in_state(StStepState::Declare)),
                run_step::<Struggle, Movement>.run_if(in_state(StStepState::Move)),
                run_step::<Struggle, GameOver>.run_if(in_state(StStepState::GameOver)),
                run_step::<Struggle, EventStep>.run_if(in_state(StStepState::Event)),
                run_step::<Struggle, Battle>.run_if(in_state(StStepState::Battle)),
                sync_phase_state::<Struggle>,
                sync_step_state,
            )
                .chain(),
        );
        for id in StepId::ALL {
            app.add_systems(OnEnter(step_state(id)), enter_step::<Struggle>)
                .add_systems(OnExit(step_state(id)), exit_step);
        }
    }
}

/// Keeps the step state equal to the rules' step (after loads and undo).
pub fn sync_step_state(world: &mut World) {
    let Some(id) = world
        .get_resource::<StStateRes>()
        .map(|g| id_of_globals(&g.0.g))
    else {
        return;
    };
    let want = step_state(id);
    if world.get_resource::<State<StStepState>>().map(|s| *s.get()) != Some(want) {
        if let Some(mut next) = world.get_resource_mut::<NextState<StStepState>>() {
            NextState::set_if_neq(&mut *next, want);
        }
        return;
    }
    let shown = world.get_resource::<CurrentStep>().map(|c| c.name);
    if shown != Some(steps::step(id).name()) {
        enter_step::<Struggle>(world);
    }
}

impl EcsGame for Struggle {
    type Phase = StPhase;
    type Step = Step;
    type Plugin = StrugglePlugin;
    const GAME_OVER_RULE: &'static str = "21.1";

    fn step_of(st: &StState) -> Step {
        st.g.step
    }

    fn phase_of(step: Step) -> StPhase {
        phase_of(step)
    }

    fn current_step(world: &World) -> Option<Step> {
        world.get_resource::<StStateRes>().map(|g| g.0.g.step)
    }

    fn set_sub_steps(world: &mut World, _step: Step) {
        if let Some(id) = world
            .get_resource::<StStateRes>()
            .map(|g| id_of_globals(&g.0.g))
            && let Some(mut next) = world.get_resource_mut::<NextState<StStepState>>()
        {
            NextState::set_if_neq(&mut *next, step_state(id));
        }
    }

    fn gather(world: &mut World) -> Option<StState> {
        world.get_resource::<StStateRes>().map(|s| s.0.clone())
    }

    fn scatter(world: &mut World, st: &StState) {
        world.insert_resource(StStateRes(st.clone()));
    }

    fn spawn(world: &mut World, _rules: &StRules, st: &StState) {
        world.insert_resource(StStateRes(st.clone()));
    }

    fn despawn(world: &mut World) {
        world.remove_resource::<StStateRes>();
    }
}
