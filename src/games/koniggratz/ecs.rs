//! The ECS side of Königgrätz: counters, HQs and the bombardment marker are entities;
//! each phase of the sequence of play is a Bevy state whose systems take commands, gather
//! the entities into plain data, call the pure rules and write the outcome back.

use super::Koniggratz;
use super::data::{KgRules, Side};
use super::state::*;
use crate::engine::game_ecs::*;
use crate::engine::hexmap::Coord;
use crate::engine::mirror::{self, MirrorId, MirrorStatus};
use crate::mirror_status;
use bevy::prelude::*;

/// Top-level phases of a turn (4.0, 4.2, 4.3, 5.0).
#[derive(States, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum KgPhase {
    #[default]
    Inactive,
    Command,
    Movement,
    Attack,
    GameOver,
}

/// The steps of the Command Phase (4.0a-e).
#[derive(SubStates, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[source(KgPhase = KgPhase::Command)]
pub enum CommandStep {
    #[default]
    HqPlacement,
    BlownUnits,
    Bombardment,
    Formations,
    ExitEzoc,
}

pub fn phase_of(step: Step) -> KgPhase {
    match step {
        Step::Movement => KgPhase::Movement,
        Step::Attack => KgPhase::Attack,
        Step::GameOver => KgPhase::GameOver,
        _ => KgPhase::Command,
    }
}

pub fn command_step_of(step: Step) -> Option<CommandStep> {
    Some(match step {
        Step::HqPlacement => CommandStep::HqPlacement,
        Step::BlownSelect(_) | Step::BlownReturn(_) => CommandStep::BlownUnits,
        Step::Bombardment => CommandStep::Bombardment,
        Step::Organize(_) => CommandStep::Formations,
        Step::ExitEzoc => CommandStep::ExitEzoc,
        _ => return None,
    })
}

/// A combat unit on the map or off it (3.1).
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

/// An HQ marker (3.2.1).
#[derive(Component, Clone, Copy, Debug)]
pub struct HqMarker {
    pub id: usize,
}

impl MirrorId for HqMarker {
    fn index(&self) -> usize {
        self.id
    }
}

#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct HqStatus(pub HqState);
mirror_status!(HqStatus, HqState);

/// The Austrian bombardment marker (6.3).
#[derive(Component, Clone, Copy, Debug, Default, PartialEq)]
pub struct BombardmentMarker {
    pub at: Option<Coord>,
}

/// The single marker is its own id (index 0) in the entity mirror.
impl MirrorId for BombardmentMarker {
    fn index(&self) -> usize {
        0
    }
}

impl MirrorStatus for BombardmentMarker {
    type Value = Option<Coord>;
    fn new(at: Option<Coord>) -> Self {
        Self { at }
    }
    fn value(&self) -> &Option<Coord> {
        &self.at
    }
    fn value_mut(&mut self) -> &mut Option<Coord> {
        &mut self.at
    }
}

pub type KgRulesRes = RulesRes<Koniggratz>;

/// The part of the state that belongs to no entity.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct KgGlobals(pub Globals);

#[derive(Default)]
pub struct KoniggratzPlugin;

impl Plugin for KoniggratzPlugin {
    fn build(&self, app: &mut App) {
        add_pipeline::<Koniggratz>(app);
        app.add_sub_state::<CommandStep>().add_systems(
            Update,
            (
                collect_commands::<Koniggratz>,
                command_phase_system.run_if(in_state(KgPhase::Command)),
                movement_system.run_if(in_state(KgPhase::Movement)),
                attack_system.run_if(in_state(KgPhase::Attack)),
                refuse_after_game_over::<Koniggratz>.run_if(in_state(KgPhase::GameOver)),
                sync_phase_state::<Koniggratz>,
            )
                .chain(),
        );
    }
}

/// Gathers the entities and resources into plain state.
pub fn gather(world: &mut World) -> Option<KgState> {
    let mut g = world.get_resource::<KgGlobals>()?.0.clone();
    let rules = world.get_resource::<KgRulesRes>()?.0.clone();
    let eliminated = UnitState {
        loc: Loc::Eliminated,
        march: false,
        exhausted: false,
    };
    let units = mirror::gather::<Counter, UnitStatus>(world, vec![eliminated; rules.units.len()]);
    let hqs =
        mirror::gather::<HqMarker, HqStatus>(world, vec![HqState::default(); rules.hqs.len()]);
    g.bombard = mirror::gather::<BombardmentMarker, BombardmentMarker>(world, vec![None])
        .into_iter()
        .next()
        .flatten();
    Some(KgState { units, hqs, g })
}

/// Writes plain state back into the entities and resources; only changed values are set.
pub fn scatter(world: &mut World, st: &KgState) {
    mirror::scatter::<Counter, UnitStatus>(world, &st.units);
    mirror::scatter::<HqMarker, HqStatus>(world, &st.hqs);
    mirror::scatter::<BombardmentMarker, BombardmentMarker>(world, &[st.g.bombard]);
    let mut g = st.g.clone();
    g.bombard = None;
    world.insert_resource(KgGlobals(g));
}

impl EcsGame for Koniggratz {
    type Phase = KgPhase;
    type Step = Step;
    type Plugin = KoniggratzPlugin;
    const GAME_OVER_RULE: &'static str = "5.0";

    fn step_of(st: &KgState) -> Step {
        st.g.step
    }

    fn phase_of(step: Step) -> KgPhase {
        phase_of(step)
    }

    fn current_step(world: &World) -> Option<Step> {
        world.get_resource::<KgGlobals>().map(|g| g.0.step)
    }

    fn set_sub_steps(world: &mut World, step: Step) {
        if let Some(cs) = command_step_of(step)
            && let Some(mut next) = world.get_resource_mut::<NextState<CommandStep>>()
        {
            next.set(cs);
        }
    }

    fn gather(world: &mut World) -> Option<KgState> {
        gather(world)
    }

    fn scatter(world: &mut World, st: &KgState) {
        scatter(world, st)
    }

    fn spawn(world: &mut World, rules: &KgRules, st: &KgState) {
        spawn_game(world, rules, st)
    }

    fn despawn(world: &mut World) {
        despawn_game(world)
    }
}

/// Spawns the counters, HQs and the bombardment marker of `st`.
fn spawn_game(world: &mut World, rules: &KgRules, st: &KgState) {
    mirror::spawn::<UnitStatus, _>(world, &st.units, |i| Counter {
        id: i as UnitId,
        side: rules.units[i].side,
    });
    mirror::spawn::<HqStatus, _>(world, &st.hqs, |id| HqMarker { id });
    mirror::spawn::<BombardmentMarker, _>(world, &[st.g.bombard], |_| ());
    let mut g = st.g.clone();
    g.bombard = None;
    world.insert_resource(KgGlobals(g));
}

pub fn despawn_game(world: &mut World) {
    mirror::despawn::<Counter>(world);
    mirror::despawn::<HqMarker>(world);
    mirror::despawn::<BombardmentMarker>(world);
    world.remove_resource::<KgGlobals>();
}

/// 4.0: HQ placement, blown units, bombardment, formations, exits.
fn command_phase_system(world: &mut World) {
    run_phase::<Koniggratz>(world, KgPhase::Command);
}

/// 4.2: reinforcements and alternating moves, ZOC/ZOI stops.
fn movement_system(world: &mut World) {
    run_phase::<Koniggratz>(world, KgPhase::Movement);
}

/// 4.3: alternating attacks, artillery, retreats and advances.
fn attack_system(world: &mut World) {
    run_phase::<Koniggratz>(world, KgPhase::Attack);
}
