//! The ECS side of Trautenau – Soor: combat units, commanders and formation (activation)
//! markers are entities; each phase of the sequence of play (6) is a Bevy state whose
//! systems take commands, gather the entities into plain data, call the pure rules and
//! write the outcome back.

use super::Trautenau;
use super::data::{Side, TsRules};
use super::flow;
use super::state::*;
use crate::engine::game_ecs::*;
use crate::engine::mirror::{self, MirrorId};
use crate::mirror_status;
use bevy::prelude::*;

/// Top-level phases of a turn (6): command, operations, rally; the night between the
/// days of the linked game (13.2); game over.
#[derive(States, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TsPhase {
    #[default]
    Inactive,
    Command,
    Operations,
    Rally,
    Night,
    GameOver,
}

/// The steps of the command phase (7, 8).
#[derive(SubStates, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[source(TsPhase = TsPhase::Command)]
pub enum CommandStep {
    #[default]
    ChiefMoves,
    Initiative,
}

/// The steps of one formation's activation (9).
#[derive(SubStates, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[source(TsPhase = TsPhase::Operations)]
pub enum OpsStep {
    /// 9.1.2 - 9.1.4: command status, the chief's direct command.
    #[default]
    Command,
    Barrage,
    Movement,
    Declare,
    Combat,
}

pub fn phase_of(step: Step) -> TsPhase {
    match step {
        Step::ChiefMove(_) | Step::ChooseFirst(_) => TsPhase::Command,
        Step::Redeploy | Step::NightFallBack(_) => TsPhase::Night,
        Step::Rally(_) => TsPhase::Rally,
        Step::GameOver => TsPhase::GameOver,
        Step::ChiefCommand | Step::Barrage | Step::Movement | Step::Declare | Step::Combat => {
            TsPhase::Operations
        }
    }
}

pub fn command_step_of(step: Step) -> Option<CommandStep> {
    Some(match step {
        Step::ChiefMove(_) => CommandStep::ChiefMoves,
        Step::ChooseFirst(_) => CommandStep::Initiative,
        _ => return None,
    })
}

pub fn ops_step_of(step: Step) -> Option<OpsStep> {
    Some(match step {
        Step::ChiefCommand => OpsStep::Command,
        Step::Barrage => OpsStep::Barrage,
        Step::Movement => OpsStep::Movement,
        Step::Declare => OpsStep::Declare,
        Step::Combat => OpsStep::Combat,
        _ => return None,
    })
}

/// A combat unit (1.2.3).
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

/// A commander in chief or formation commander (1.2.1, 1.2.2).
#[derive(Component, Clone, Copy, Debug)]
pub struct Leader {
    pub id: LeaderId,
}

impl MirrorId for Leader {
    fn index(&self) -> usize {
        self.id as usize
    }
}

#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct LeaderStatus(pub LeaderState);
mirror_status!(LeaderStatus, LeaderState);

/// A formation's activation marker (1.2.4) with its demoralisation status (10.2).
#[derive(Component, Clone, Copy, Debug)]
pub struct FormationMarker {
    pub id: usize,
}

impl MirrorId for FormationMarker {
    fn index(&self) -> usize {
        self.id
    }
}

#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct MarkerStatus(pub FormationState);
mirror_status!(MarkerStatus, FormationState);

pub type TsRulesRes = RulesRes<Trautenau>;

/// The part of the state that belongs to no entity.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct TsGlobals(pub Globals);

/// Last occupant of each hex (control of locations, 11.4.1).
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct TsOccupancy(pub Vec<Option<Side>>);

#[derive(Default)]
pub struct TrautenauPlugin;

impl Plugin for TrautenauPlugin {
    fn build(&self, app: &mut App) {
        add_pipeline::<Trautenau>(app);
        app.add_sub_state::<CommandStep>()
            .add_sub_state::<OpsStep>()
            .add_systems(
                Update,
                (
                    collect_commands::<Trautenau>,
                    command_phase_system.run_if(in_state(TsPhase::Command)),
                    command_status_system.run_if(in_state(OpsStep::Command)),
                    barrage_system.run_if(in_state(OpsStep::Barrage)),
                    movement_system.run_if(in_state(OpsStep::Movement)),
                    declare_system.run_if(in_state(OpsStep::Declare)),
                    combat_system.run_if(in_state(OpsStep::Combat)),
                    rally_system.run_if(in_state(TsPhase::Rally)),
                    night_system.run_if(in_state(TsPhase::Night)),
                    refuse_after_game_over::<Trautenau>.run_if(in_state(TsPhase::GameOver)),
                    sync_phase_state::<Trautenau>,
                )
                    .chain(),
            );
    }
}

/// Gathers the entities and resources into plain state.
pub fn gather(world: &mut World) -> Option<TsState> {
    let g = world.get_resource::<TsGlobals>()?.0.clone();
    let last = world.get_resource::<TsOccupancy>()?.0.clone();
    let rules = world.get_resource::<TsRulesRes>()?.0.clone();
    let blank = flow::new_state(&rules);
    Some(TsState {
        units: mirror::gather::<Counter, UnitStatus>(world, blank.units),
        leaders: mirror::gather::<Leader, LeaderStatus>(world, blank.leaders),
        formations: mirror::gather::<FormationMarker, MarkerStatus>(world, blank.formations),
        last_occupant: last,
        g,
    })
}

/// Writes plain state back into the entities and resources; only changed values are set.
pub fn scatter(world: &mut World, st: &TsState) {
    mirror::scatter::<Counter, UnitStatus>(world, &st.units);
    mirror::scatter::<Leader, LeaderStatus>(world, &st.leaders);
    mirror::scatter::<FormationMarker, MarkerStatus>(world, &st.formations);
    world.insert_resource(TsOccupancy(st.last_occupant.clone()));
    world.insert_resource(TsGlobals(st.g.clone()));
}

impl EcsGame for Trautenau {
    type Phase = TsPhase;
    type Step = Step;
    type Plugin = TrautenauPlugin;
    const GAME_OVER_RULE: &'static str = "11.1.1";

    fn step_of(st: &TsState) -> Step {
        st.g.step
    }

    fn phase_of(step: Step) -> TsPhase {
        phase_of(step)
    }

    fn current_step(world: &World) -> Option<Step> {
        world.get_resource::<TsGlobals>().map(|g| g.0.step)
    }

    fn set_sub_steps(world: &mut World, step: Step) {
        if let Some(cs) = command_step_of(step)
            && let Some(mut next) = world.get_resource_mut::<NextState<CommandStep>>()
        {
            next.set(cs);
        }
        if let Some(os) = ops_step_of(step)
            && let Some(mut next) = world.get_resource_mut::<NextState<OpsStep>>()
        {
            next.set(os);
        }
    }

    fn gather(world: &mut World) -> Option<TsState> {
        gather(world)
    }

    fn scatter(world: &mut World, st: &TsState) {
        scatter(world, st)
    }

    fn spawn(world: &mut World, rules: &TsRules, st: &TsState) {
        spawn_game(world, rules, st)
    }

    fn despawn(world: &mut World) {
        despawn_game(world)
    }
}

/// Spawns the units, commanders and formation markers of `st`.
fn spawn_game(world: &mut World, rules: &TsRules, st: &TsState) {
    mirror::spawn::<UnitStatus, _>(world, &st.units, |i| Counter {
        id: i as UnitId,
        side: rules.units[i].side,
    });
    mirror::spawn::<LeaderStatus, _>(world, &st.leaders, |i| Leader { id: i as LeaderId });
    mirror::spawn::<MarkerStatus, _>(world, &st.formations, |id| FormationMarker { id });
    world.insert_resource(TsOccupancy(st.last_occupant.clone()));
    world.insert_resource(TsGlobals(st.g.clone()));
}

pub fn despawn_game(world: &mut World) {
    mirror::despawn::<Counter>(world);
    mirror::despawn::<Leader>(world);
    mirror::despawn::<FormationMarker>(world);
    world.remove_resource::<TsGlobals>();
}

/// 7, 8: commanders in chief move, lines of command, initiative and the first marker.
fn command_phase_system(world: &mut World) {
    run_phase::<Trautenau>(world, TsPhase::Command);
}

/// 9.1.2 - 9.1.4: the commander in chief takes cut-off units under his command.
fn command_status_system(world: &mut World) {
    run_phase::<Trautenau>(world, TsPhase::Operations);
}

/// 9.2: artillery barrages of the drawn formation.
fn barrage_system(world: &mut World) {
    run_phase::<Trautenau>(world, TsPhase::Operations);
}

/// 9.3, 9.4, 5: movement, reinforcements, ZoC stops and facing.
fn movement_system(world: &mut World) {
    run_phase::<Trautenau>(world, TsPhase::Operations);
}

/// 9.5.1, 9.5.2: assault declarations and coordination tests.
fn declare_system(world: &mut World) {
    run_phase::<Trautenau>(world, TsPhase::Operations);
}

/// 9.5: defensive fire, assaults, retreats and advances.
fn combat_system(world: &mut World) {
    run_phase::<Trautenau>(world, TsPhase::Operations);
}

/// 10: each side picks the disorganised units that try to rally.
fn rally_system(world: &mut World) {
    run_phase::<Trautenau>(world, TsPhase::Rally);
}

/// 13.2: the night between the two days: falling back, or the redeployment after a panic.
fn night_system(world: &mut World) {
    run_phase::<Trautenau>(world, TsPhase::Night);
}
