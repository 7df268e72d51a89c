//! The ECS side of Trautenau – Soor: combat units, commanders and formation (activation)
//! markers are entities; each step of the sequence of play (6) is a Bevy state
//! ([`TsStep`], one per module of `steps/`) whose one system takes that step's commands,
//! gathers the entities into plain data, calls the pure rules and writes the outcome
//! back; a command of another step is refused there with the step's reason.

use super::Trautenau;
use super::data::{Side, TsRules};
use super::flow;
use super::state::*;
use super::steps::{self, StepId, id_of_globals};
use super::steps::{
    advance::Advance, aide::Aide, barrage::Barrage, chief_command::ChiefCommand,
    chief_move::ChiefMove, choose_first::ChooseFirst, combat::Combat, declare::Declare,
    defence::Defence, movement::Movement, night::NightFallBack, rally::Rally, redeploy::Redeploy,
    retreat::Retreat,
};
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

/// The step of the sequence of play (6) the game is in, one state value per step module
/// (`steps::StepId`), the decisions that interrupt a step included. Each has its own
/// system, which takes only that step's commands (`run_step`), and its `OnEnter` /
/// `OnExit` systems (the step's prompt and who acts, in `CurrentStep`).
#[derive(States, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TsStep {
    #[default]
    Inactive,
    /// 7.1 (and 13.1's decisions).
    ChiefMove,
    /// 8.
    ChooseFirst,
    /// 13.2 after Bonin's panic.
    Redeploy,
    /// 9.1.4.
    ChiefCommand,
    /// 9.2.
    Barrage,
    /// 9.3, 9.4.
    Movement,
    /// 9.5.1, 9.5.2.
    Declare,
    /// 9.5.3.
    Combat,
    /// 9.5.3 A, 9.5.4: the defender's decision.
    Defence,
    /// 9.5.8.
    Retreat,
    /// 9.5.9.
    Advance,
    /// 9.5.13.
    Aide,
    /// 10.1.
    Rally,
    /// 13.2.
    NightFallBack,
    GameOver,
}

/// The Bevy state of a step.
pub fn step_state(id: StepId) -> TsStep {
    match id {
        StepId::ChiefMove => TsStep::ChiefMove,
        StepId::ChooseFirst => TsStep::ChooseFirst,
        StepId::Redeploy => TsStep::Redeploy,
        StepId::ChiefCommand => TsStep::ChiefCommand,
        StepId::Barrage => TsStep::Barrage,
        StepId::Movement => TsStep::Movement,
        StepId::Declare => TsStep::Declare,
        StepId::Combat => TsStep::Combat,
        StepId::Defence => TsStep::Defence,
        StepId::Retreat => TsStep::Retreat,
        StepId::Advance => TsStep::Advance,
        StepId::Aide => TsStep::Aide,
        StepId::Rally => TsStep::Rally,
        StepId::NightFallBack => TsStep::NightFallBack,
        StepId::GameOver => TsStep::GameOver,
    }
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
        app.init_state::<TsStep>().add_systems(
            Update,
            (
                collect_commands::<Trautenau>,
                run_step::<Trautenau, ChiefMove>.run_if(in_state(TsStep::ChiefMove)),
                run_step::<Trautenau, ChooseFirst>.run_if(in_state(TsStep::ChooseFirst)),
                run_step::<Trautenau, Redeploy>.run_if(in_state(TsStep::Redeploy)),
                run_step::<Trautenau, ChiefCommand>.run_if(in_state(TsStep::ChiefCommand)),
                run_step::<Trautenau, Barrage>.run_if(in_state(TsStep::Barrage)),
                run_step::<Trautenau, Movement>.run_if(in_state(TsStep::Movement)),
                run_step::<Trautenau, Declare>.run_if(in_state(TsStep::Declare)),
                run_step::<Trautenau, Combat>.run_if(in_state(TsStep::Combat)),
                run_step::<Trautenau, Defence>.run_if(in_state(TsStep::Defence)),
                run_step::<Trautenau, Retreat>.run_if(in_state(TsStep::Retreat)),
                run_step::<Trautenau, Advance>.run_if(in_state(TsStep::Advance)),
                run_step::<Trautenau, Aide>.run_if(in_state(TsStep::Aide)),
                run_step::<Trautenau, Rally>.run_if(in_state(TsStep::Rally)),
                run_step::<Trautenau, NightFallBack>.run_if(in_state(TsStep::NightFallBack)),
                run_step::<Trautenau, super::steps::game_over::GameOver>
                    .run_if(in_state(TsStep::GameOver)),
                sync_phase_state::<Trautenau>,
                sync_step_state,
            )
                .chain(),
        );
        for id in StepId::ALL {
            app.add_systems(OnEnter(step_state(id)), enter_step::<Trautenau>)
                .add_systems(OnExit(step_state(id)), exit_step);
        }
    }
}

/// Keeps the step state equal to the rules' step (after loads and undo), and the step on
/// screen ([`CurrentStep`]) equal to it when a load lands in the same step.
pub fn sync_step_state(world: &mut World) {
    let Some(id) = world
        .get_resource::<TsGlobals>()
        .map(|g| id_of_globals(&g.0))
    else {
        return;
    };
    let want = step_state(id);
    if world.get_resource::<State<TsStep>>().map(|s| *s.get()) != Some(want) {
        if let Some(mut next) = world.get_resource_mut::<NextState<TsStep>>() {
            NextState::set_if_neq(&mut *next, want);
        }
        return;
    }
    let shown = world.get_resource::<CurrentStep>().map(|c| c.name);
    if shown != Some(steps::step(id).name()) {
        enter_step::<Trautenau>(world);
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

    fn set_sub_steps(world: &mut World, _step: Step) {
        // The step state also follows the decisions that interrupt a step (`pending`).
        if let Some(id) = world
            .get_resource::<TsGlobals>()
            .map(|g| id_of_globals(&g.0))
            && let Some(mut next) = world.get_resource_mut::<NextState<TsStep>>()
        {
            NextState::set_if_neq(&mut *next, step_state(id));
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
