//! The ECS side of Königgrätz: counters, HQs and the bombardment marker are entities;
//! each phase of the sequence of play is a Bevy state whose systems take commands, gather
//! the entities into plain data, call the pure rules and write the outcome back.

use super::Koniggratz;
use super::data::{KgRules, Side};
use super::state::*;
use crate::engine::game_ecs::*;
use crate::engine::hexmap::Coord;
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

#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct UnitStatus(pub UnitState);

/// An HQ marker (3.2.1).
#[derive(Component, Clone, Copy, Debug)]
pub struct HqMarker {
    pub id: usize,
}

#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct HqStatus(pub HqState);

/// The Austrian bombardment marker (6.3).
#[derive(Component, Clone, Copy, Debug, Default, PartialEq)]
pub struct BombardmentMarker {
    pub at: Option<Coord>,
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
    let g = world.get_resource::<KgGlobals>()?.0.clone();
    let n_units = world.get_resource::<KgRulesRes>()?.0.units.len();
    let n_hqs = world.get_resource::<KgRulesRes>()?.0.hqs.len();
    let mut units = vec![
        UnitState {
            loc: Loc::Eliminated,
            march: false,
            exhausted: false
        };
        n_units
    ];
    let mut q = world.query::<(&Counter, &UnitStatus)>();
    for (c, s) in q.iter(world) {
        if let Some(slot) = units.get_mut(c.id as usize) {
            *slot = s.0;
        }
    }
    let mut hqs = vec![HqState::default(); n_hqs];
    let mut q = world.query::<(&HqMarker, &HqStatus)>();
    for (h, s) in q.iter(world) {
        if let Some(slot) = hqs.get_mut(h.id) {
            *slot = s.0;
        }
    }
    let mut g = g;
    let mut q = world.query::<&BombardmentMarker>();
    g.bombard = q.iter(world).next().and_then(|b| b.at);
    Some(KgState { units, hqs, g })
}

/// Writes plain state back into the entities and resources; only changed values are set.
pub fn scatter(world: &mut World, st: &KgState) {
    let mut q = world.query::<(&Counter, &mut UnitStatus)>();
    for (c, mut s) in q.iter_mut(world) {
        if let Some(new) = st.units.get(c.id as usize)
            && s.0 != *new
        {
            s.0 = *new;
        }
    }
    let mut q = world.query::<(&HqMarker, &mut HqStatus)>();
    for (h, mut s) in q.iter_mut(world) {
        if let Some(new) = st.hqs.get(h.id)
            && s.0 != *new
        {
            s.0 = *new;
        }
    }
    let mut q = world.query::<&mut BombardmentMarker>();
    for mut b in q.iter_mut(world) {
        if b.at != st.g.bombard {
            b.at = st.g.bombard;
        }
    }
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
    for (i, u) in st.units.iter().enumerate() {
        world.spawn((
            Counter {
                id: i as UnitId,
                side: rules.units[i].side,
            },
            UnitStatus(*u),
        ));
    }
    for (i, h) in st.hqs.iter().enumerate() {
        world.spawn((HqMarker { id: i }, HqStatus(*h)));
    }
    world.spawn(BombardmentMarker { at: st.g.bombard });
    let mut g = st.g.clone();
    g.bombard = None;
    world.insert_resource(KgGlobals(g));
}

pub fn despawn_game(world: &mut World) {
    let mut ents: Vec<Entity> = Vec::new();
    ents.extend(world.query_filtered::<Entity, With<Counter>>().iter(world));
    ents.extend(world.query_filtered::<Entity, With<HqMarker>>().iter(world));
    ents.extend(
        world
            .query_filtered::<Entity, With<BombardmentMarker>>()
            .iter(world),
    );
    for e in ents {
        world.despawn(e);
    }
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
