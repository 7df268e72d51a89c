//! The ECS side of Königgrätz: counters, HQs and the bombardment marker are entities;
//! each phase of the sequence of play is a Bevy state whose systems take commands, gather
//! the entities into plain data, call the pure rules and write the outcome back.

use super::data::{KgRules, Side};
use super::flow::{self, Game};
use super::state::*;
use crate::engine::dice::Dice;
use crate::engine::hexmap::Coord;
use crate::engine::log::GameLog;
use bevy::prelude::*;
use std::collections::VecDeque;
use std::sync::Arc;

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

#[derive(Resource, Clone)]
pub struct KgRulesRes(pub Arc<KgRules>);

/// The part of the state that belongs to no entity.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct KgGlobals(pub Globals);

/// Commands played so far (the save file's command list) and the dice used after each.
#[derive(Resource, Clone, Debug, Default)]
pub struct KgCommandLog {
    pub commands: Vec<KgCommand>,
    pub rolls_after: Vec<usize>,
}

/// A command from the UI, the CLI or the AI.
#[derive(Message, Clone, Debug)]
pub struct KgCommandMsg(pub KgCommand);

/// What became of a command.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum KgOutcome {
    Applied(KgCommand),
    Refused(KgCommand, Refusal),
}

/// Commands waiting for the system of their phase.
#[derive(Resource, Default, Debug)]
pub struct KgInbox(pub VecDeque<KgCommand>);

/// The last outcome, for drivers that poll.
#[derive(Resource, Default, Debug, Clone)]
pub struct KgLastOutcome(pub Option<KgOutcome>);

/// Game state changed this frame (for views that redraw on change).
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct KgRevision(pub u64);

pub struct KoniggratzPlugin;

impl Plugin for KoniggratzPlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<KgPhase>()
            .add_sub_state::<CommandStep>()
            .add_message::<KgCommandMsg>()
            .add_message::<KgOutcome>()
            .init_resource::<KgInbox>()
            .init_resource::<KgLastOutcome>()
            .init_resource::<KgRevision>()
            .add_systems(
                Update,
                (
                    collect_commands,
                    command_phase_system.run_if(in_state(KgPhase::Command)),
                    movement_system.run_if(in_state(KgPhase::Movement)),
                    attack_system.run_if(in_state(KgPhase::Attack)),
                    refuse_after_game_over.run_if(in_state(KgPhase::GameOver)),
                    sync_phase_state,
                )
                    .chain(),
            );
    }
}

fn collect_commands(mut reader: MessageReader<KgCommandMsg>, mut inbox: ResMut<KgInbox>) {
    for m in reader.read() {
        inbox.0.push_back(m.0.clone());
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

/// Spawns the entities of a new game and runs the automatic start of turn 1.
pub fn setup_game(world: &mut World, rules: Arc<KgRules>, seed: u64) {
    let _ = restore_game(world, rules, seed, &[]);
}

/// Rebuilds a game from scenario + seed + commands (loading and undo are replays) and
/// spawns its entities. Stops at the first refused command and reports it.
pub fn restore_game(
    world: &mut World,
    rules: Arc<KgRules>,
    seed: u64,
    commands: &[KgCommand],
) -> Result<(), String> {
    restore_game_scripted(world, rules, seed, commands, &[])
}

/// [`restore_game`] with dice scripted first (tutorial lessons resume this way).
pub fn restore_game_scripted(
    world: &mut World,
    rules: Arc<KgRules>,
    seed: u64,
    commands: &[KgCommand],
    script: &[u8],
) -> Result<(), String> {
    despawn_game(world);
    let mut st = flow::new_state(&rules);
    let mut dice = Dice::new(seed);
    dice.script(script.iter().copied());
    let mut log = GameLog::default();
    let mut cl = KgCommandLog::default();
    let mut err = Ok(());
    {
        let mut g = Game {
            rules: &rules,
            st: &mut st,
            dice: &mut dice,
            log: &mut log,
        };
        g.start();
        for (i, c) in commands.iter().enumerate() {
            if let Err(r) = g.apply(c) {
                err = Err(format!("command {} ({c:?}) is refused: {r}", i + 1));
                break;
            }
            cl.commands.push(c.clone());
            cl.rolls_after.push(g.dice.roll_count());
        }
    }
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
    world.insert_resource(KgRulesRes(rules));
    world.insert_resource(dice);
    world.insert_resource(log);
    world.insert_resource(cl);
    world.insert_resource(KgInbox::default());
    world.insert_resource(KgLastOutcome::default());
    bump_revision(world);
    set_phase(world, st.g.step);
    err
}

/// How many commands may be taken back: those after the last die roll (rolls are final,
/// as on online wargame sites).
pub fn undoable(log: &KgCommandLog) -> usize {
    let n = log.commands.len();
    let mut k = 0;
    while k < n {
        let i = n - 1 - k;
        let before = if i == 0 { 0 } else { log.rolls_after[i - 1] };
        if log.rolls_after[i] != before {
            break;
        }
        k += 1;
    }
    // a command right after the game start may still follow start-up rolls
    k
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

fn bump_revision(world: &mut World) {
    world.get_resource_or_insert_with(KgRevision::default).0 += 1;
}

fn set_phase(world: &mut World, step: Step) {
    if let Some(mut next) = world.get_resource_mut::<NextState<KgPhase>>() {
        next.set(phase_of(step));
    }
    if let Some(cs) = command_step_of(step)
        && let Some(mut next) = world.get_resource_mut::<NextState<CommandStep>>()
    {
        next.set(cs);
    }
}

/// Applies queued commands that belong to `phase` (one phase's system).
fn run_phase(world: &mut World, phase: KgPhase) {
    loop {
        let Some(st) = gather(world) else {
            world.resource_mut::<KgInbox>().0.clear();
            return;
        };
        if phase_of(st.g.step) != phase {
            return; // the next phase's system takes it after the state transition
        }
        let Some(cmd) = world.resource_mut::<KgInbox>().0.pop_front() else {
            return;
        };
        apply_one(world, st, cmd);
    }
}

fn apply_one(world: &mut World, mut st: KgState, cmd: KgCommand) {
    let Some(rules) = world.get_resource::<KgRulesRes>().map(|r| r.0.clone()) else {
        return;
    };
    let mut dice = world
        .remove_resource::<Dice>()
        .unwrap_or_else(|| Dice::new(0));
    let mut log = world.remove_resource::<GameLog>().unwrap_or_default();
    let res = Game {
        rules: &rules,
        st: &mut st,
        dice: &mut dice,
        log: &mut log,
    }
    .apply(&cmd);
    let rolls = dice.roll_count();
    world.insert_resource(dice);
    world.insert_resource(log);
    let outcome = match res {
        Ok(()) => {
            scatter(world, &st);
            if let Some(mut cl) = world.get_resource_mut::<KgCommandLog>() {
                cl.commands.push(cmd.clone());
                cl.rolls_after.push(rolls);
            }
            set_phase(world, st.g.step);
            bump_revision(world);
            KgOutcome::Applied(cmd)
        }
        Err(r) => KgOutcome::Refused(cmd, r),
    };
    world.insert_resource(KgLastOutcome(Some(outcome.clone())));
    world.write_message(outcome);
}

/// 4.0: HQ placement, blown units, bombardment, formations, exits.
fn command_phase_system(world: &mut World) {
    run_phase(world, KgPhase::Command);
}

/// 4.2: reinforcements and alternating moves, ZOC/ZOI stops.
fn movement_system(world: &mut World) {
    run_phase(world, KgPhase::Movement);
}

/// 4.3: alternating attacks, artillery, retreats and advances.
fn attack_system(world: &mut World) {
    run_phase(world, KgPhase::Attack);
}

fn refuse_after_game_over(world: &mut World) {
    let cmds: Vec<KgCommand> = world.resource_mut::<KgInbox>().0.drain(..).collect();
    for c in cmds {
        let o = KgOutcome::Refused(c, Refusal::new("5.0", "the game is over"));
        world.insert_resource(KgLastOutcome(Some(o.clone())));
        world.write_message(o);
    }
}

/// Keeps the Bevy phase state equal to the rules' step (after loads and undo).
fn sync_phase_state(world: &mut World) {
    let Some(step) = world.get_resource::<KgGlobals>().map(|g| g.0.step) else {
        return;
    };
    let cur = world.get_resource::<State<KgPhase>>().map(|s| *s.get());
    if cur != Some(phase_of(step)) {
        set_phase(world, step);
    }
}
