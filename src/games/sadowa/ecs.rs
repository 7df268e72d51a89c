//! The ECS side of The Sadowa Campaign: combat units, garrisons and HQs are entities;
//! each step of the sequence of play (4.0) is a Bevy state ([`SdStep`], one per module of
//! `steps/`) whose one system takes that step's commands, gathers the entities into plain
//! data, calls the pure rules and writes the outcome back.

use super::Sadowa;
use super::data::{SdRules, Side, UnitId};
use super::state::*;
use super::steps::{self, StepId, id_of_globals};
use super::steps::{
    activate::Activate, advance::Advance, armistice::Armistice, attack::Attack, forage::Forage,
    game_over::GameOver, reinforce::Reinforce, retreat::Retreat, setup::Setup, siege::Siege,
    surrender::Surrender,
};
use crate::engine::game_ecs::*;
use crate::engine::mirror::{self, MirrorId};
use crate::mirror_status;
use bevy::prelude::*;

/// The phases of a turn (4.0) with the set-up before and game over after.
#[derive(States, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SdPhase {
    #[default]
    Inactive,
    Setup,
    Supply,
    Operations,
    Siege,
    Reinforcement,
    Armistice,
    GameOver,
}

/// One state value per step module.
#[derive(States, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SdStep {
    #[default]
    Inactive,
    Setup,
    Forage,
    Activate,
    Attack,
    Retreat,
    Advance,
    Siege,
    Reinforce,
    Armistice,
    GameOver,
    Surrender,
}

pub fn step_state(id: StepId) -> SdStep {
    match id {
        StepId::Setup => SdStep::Setup,
        StepId::Forage => SdStep::Forage,
        StepId::Activate => SdStep::Activate,
        StepId::Attack => SdStep::Attack,
        StepId::Retreat => SdStep::Retreat,
        StepId::Advance => SdStep::Advance,
        StepId::Siege => SdStep::Siege,
        StepId::Reinforce => SdStep::Reinforce,
        StepId::Armistice => SdStep::Armistice,
        StepId::GameOver => SdStep::GameOver,
        StepId::Surrender => SdStep::Surrender,
    }
}

pub fn phase_of(step: Step) -> SdPhase {
    match step {
        Step::Setup(_) => SdPhase::Setup,
        Step::Forage => SdPhase::Supply,
        Step::Activate | Step::Attack => SdPhase::Operations,
        Step::Siege(_) => SdPhase::Siege,
        Step::Reinforce(_) => SdPhase::Reinforcement,
        Step::Armistice(_) => SdPhase::Armistice,
        Step::GameOver => SdPhase::GameOver,
    }
}

/// A counter: corps, cavalry, garrison, HQ or the GHQ (2.2).
#[derive(Component, Clone, Copy, Debug)]
pub struct Counter {
    pub id: UnitId,
    pub side: Side,
}

impl MirrorId for Counter {
    fn index(&self) -> usize {
        self.id as usize
    }
}

#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct UnitStatus(pub UnitState);
mirror_status!(UnitStatus, UnitState);

pub type SdRulesRes = RulesRes<Sadowa>;

/// The part of the state that belongs to no entity (tracks, sieges, the operation).
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct SdGlobals(pub Globals);

#[derive(Default)]
pub struct SadowaPlugin;

impl Plugin for SadowaPlugin {
    fn build(&self, app: &mut App) {
        add_pipeline::<Sadowa>(app);
        app.init_state::<SdStep>().add_systems(
            Update,
            (
                collect_commands::<Sadowa>,
                run_step::<Sadowa, Setup>.run_if(in_state(SdStep::Setup)),
                run_step::<Sadowa, Forage>.run_if(in_state(SdStep::Forage)),
                run_step::<Sadowa, Activate>.run_if(in_state(SdStep::Activate)),
                run_step::<Sadowa, Attack>.run_if(in_state(SdStep::Attack)),
                run_step::<Sadowa, Retreat>.run_if(in_state(SdStep::Retreat)),
                run_step::<Sadowa, Advance>.run_if(in_state(SdStep::Advance)),
                run_step::<Sadowa, Siege>.run_if(in_state(SdStep::Siege)),
                run_step::<Sadowa, Reinforce>.run_if(in_state(SdStep::Reinforce)),
                run_step::<Sadowa, Armistice>.run_if(in_state(SdStep::Armistice)),
                run_step::<Sadowa, GameOver>.run_if(in_state(SdStep::GameOver)),
                run_step::<Sadowa, Surrender>.run_if(in_state(SdStep::Surrender)),
                sync_phase_state::<Sadowa>,
                sync_step_state::<Sadowa>,
            )
                .chain(),
        );
        for id in StepId::ALL {
            app.add_systems(OnEnter(step_state(id)), enter_step::<Sadowa>)
                .add_systems(OnExit(step_state(id)), exit_step);
        }
    }
}

/// The step state follows the rules' step ([`sync_step_state`], shared by the games).
impl StepStates for Sadowa {
    type StepState = SdStep;

    fn wanted_step(world: &World) -> Option<(SdStep, &'static str)> {
        let id = id_of_globals(&world.get_resource::<SdGlobals>()?.0);
        Some((step_state(id), steps::step(id).name()))
    }
}

pub fn gather(world: &mut World) -> Option<SdState> {
    let g = world.get_resource::<SdGlobals>()?.0.clone();
    let rules = world.get_resource::<SdRulesRes>()?.0.clone();
    let blank = super::flow::new_state(&rules);
    Some(SdState {
        units: mirror::gather::<Counter, UnitStatus>(world, blank.units),
        g,
    })
}

pub fn scatter(world: &mut World, st: &SdState) {
    mirror::scatter::<Counter, UnitStatus>(world, &st.units);
    world.insert_resource(SdGlobals(st.g.clone()));
}

impl EcsGame for Sadowa {
    type Phase = SdPhase;
    type Step = Step;
    type Plugin = SadowaPlugin;
    const GAME_OVER_RULE: &'static str = "14.1";

    fn step_of(st: &SdState) -> Step {
        st.g.step
    }

    fn phase_of(step: Step) -> SdPhase {
        phase_of(step)
    }

    fn current_step(world: &World) -> Option<Step> {
        world.get_resource::<SdGlobals>().map(|g| g.0.step)
    }

    fn set_sub_steps(world: &mut World, _step: Step) {
        if let Some(id) = world
            .get_resource::<SdGlobals>()
            .map(|g| id_of_globals(&g.0))
            && let Some(mut next) = world.get_resource_mut::<NextState<SdStep>>()
        {
            NextState::set_if_neq(&mut *next, step_state(id));
        }
    }

    fn gather(world: &mut World) -> Option<SdState> {
        gather(world)
    }

    fn scatter(world: &mut World, st: &SdState) {
        scatter(world, st)
    }

    fn spawn(world: &mut World, rules: &SdRules, st: &SdState) {
        mirror::spawn::<UnitStatus, _>(world, &st.units, |i| Counter {
            id: i as UnitId,
            side: rules.units[i].side,
        });
        world.insert_resource(SdGlobals(st.g.clone()));
    }

    fn despawn(world: &mut World) {
        mirror::despawn::<Counter>(world);
        world.remove_resource::<SdGlobals>();
    }
}
