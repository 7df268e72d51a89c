//! The ECS side of Trautenau – Soor: combat units, commanders and formation (activation)
//! markers are entities; each phase of the sequence of play (6) is a Bevy state whose
//! systems take commands, gather the entities into plain data, call the pure rules and
//! write the outcome back.

use super::data::{Side, TsRules};
use super::flow::{self, Game};
use super::state::*;
use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use bevy::prelude::*;
use std::collections::VecDeque;
use std::sync::Arc;

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

#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct UnitStatus(pub UnitState);

/// A commander in chief or formation commander (1.2.1, 1.2.2).
#[derive(Component, Clone, Copy, Debug)]
pub struct Leader {
    pub id: LeaderId,
}

#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct LeaderStatus(pub LeaderState);

/// A formation's activation marker (1.2.4) with its demoralisation status (10.2).
#[derive(Component, Clone, Copy, Debug)]
pub struct FormationMarker {
    pub id: usize,
}

#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct MarkerStatus(pub FormationState);

#[derive(Resource, Clone)]
pub struct TsRulesRes(pub Arc<TsRules>);

/// The part of the state that belongs to no entity.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct TsGlobals(pub Globals);

/// Last occupant of each hex (control of locations, 11.4.1).
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct TsOccupancy(pub Vec<Option<Side>>);

/// Commands played so far (the save file's command list) and the dice used after each.
#[derive(Resource, Clone, Debug, Default)]
pub struct TsCommandLog {
    pub commands: Vec<TsCommand>,
    pub rolls_after: Vec<usize>,
}

/// A command from the UI, the CLI or the AI.
#[derive(Message, Clone, Debug)]
pub struct TsCommandMsg(pub TsCommand);

/// What became of a command.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum TsOutcome {
    Applied(TsCommand),
    Refused(TsCommand, Refusal),
}

/// Commands waiting for the system of their phase.
#[derive(Resource, Default, Debug)]
pub struct TsInbox(pub VecDeque<TsCommand>);

/// The last outcome, for drivers that poll.
#[derive(Resource, Default, Debug, Clone)]
pub struct TsLastOutcome(pub Option<TsOutcome>);

/// Game state changed this frame (for views that redraw on change).
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct TsRevision(pub u64);

pub struct TrautenauPlugin;

impl Plugin for TrautenauPlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<TsPhase>()
            .add_sub_state::<CommandStep>()
            .add_sub_state::<OpsStep>()
            .add_message::<TsCommandMsg>()
            .add_message::<TsOutcome>()
            .init_resource::<TsInbox>()
            .init_resource::<TsLastOutcome>()
            .init_resource::<TsRevision>()
            .add_systems(
                Update,
                (
                    collect_commands,
                    command_phase_system.run_if(in_state(TsPhase::Command)),
                    command_status_system.run_if(in_state(OpsStep::Command)),
                    barrage_system.run_if(in_state(OpsStep::Barrage)),
                    movement_system.run_if(in_state(OpsStep::Movement)),
                    declare_system.run_if(in_state(OpsStep::Declare)),
                    combat_system.run_if(in_state(OpsStep::Combat)),
                    rally_system.run_if(in_state(TsPhase::Rally)),
                    night_system.run_if(in_state(TsPhase::Night)),
                    refuse_after_game_over.run_if(in_state(TsPhase::GameOver)),
                    sync_phase_state,
                )
                    .chain(),
            );
    }
}

fn collect_commands(mut reader: MessageReader<TsCommandMsg>, mut inbox: ResMut<TsInbox>) {
    for m in reader.read() {
        inbox.0.push_back(m.0.clone());
    }
}

/// Gathers the entities and resources into plain state.
pub fn gather(world: &mut World) -> Option<TsState> {
    let g = world.get_resource::<TsGlobals>()?.0.clone();
    let last = world.get_resource::<TsOccupancy>()?.0.clone();
    let rules = world.get_resource::<TsRulesRes>()?.0.clone();
    let blank = flow::new_state(&rules);
    let mut units = blank.units;
    let mut q = world.query::<(&Counter, &UnitStatus)>();
    for (c, s) in q.iter(world) {
        if let Some(slot) = units.get_mut(c.id as usize) {
            *slot = s.0;
        }
    }
    let mut leaders = blank.leaders;
    let mut q = world.query::<(&Leader, &LeaderStatus)>();
    for (l, s) in q.iter(world) {
        if let Some(slot) = leaders.get_mut(l.id as usize) {
            *slot = s.0;
        }
    }
    let mut formations = blank.formations;
    let mut q = world.query::<(&FormationMarker, &MarkerStatus)>();
    for (m, s) in q.iter(world) {
        if let Some(slot) = formations.get_mut(m.id) {
            *slot = s.0;
        }
    }
    Some(TsState {
        units,
        leaders,
        formations,
        last_occupant: last,
        g,
    })
}

/// Writes plain state back into the entities and resources; only changed values are set.
pub fn scatter(world: &mut World, st: &TsState) {
    let mut q = world.query::<(&Counter, &mut UnitStatus)>();
    for (c, mut s) in q.iter_mut(world) {
        if let Some(new) = st.units.get(c.id as usize)
            && s.0 != *new
        {
            s.0 = *new;
        }
    }
    let mut q = world.query::<(&Leader, &mut LeaderStatus)>();
    for (l, mut s) in q.iter_mut(world) {
        if let Some(new) = st.leaders.get(l.id as usize)
            && s.0 != *new
        {
            s.0 = *new;
        }
    }
    let mut q = world.query::<(&FormationMarker, &mut MarkerStatus)>();
    for (m, mut s) in q.iter_mut(world) {
        if let Some(new) = st.formations.get(m.id)
            && s.0 != *new
        {
            s.0 = *new;
        }
    }
    world.insert_resource(TsOccupancy(st.last_occupant.clone()));
    world.insert_resource(TsGlobals(st.g.clone()));
}

/// Spawns the entities of a new game and runs the automatic start of turn 1.
pub fn setup_game(world: &mut World, rules: Arc<TsRules>, seed: u64) {
    let _ = restore_game(world, rules, seed, &[]);
}

/// Rebuilds a game from scenario + seed + commands (loading and undo are replays) and
/// spawns its entities. Stops at the first refused command and reports it.
pub fn restore_game(
    world: &mut World,
    rules: Arc<TsRules>,
    seed: u64,
    commands: &[TsCommand],
) -> Result<(), String> {
    restore_game_scripted(world, rules, seed, commands, &[])
}

/// [`restore_game`] with dice scripted first (tutorial lessons resume this way).
pub fn restore_game_scripted(
    world: &mut World,
    rules: Arc<TsRules>,
    seed: u64,
    commands: &[TsCommand],
    script: &[u8],
) -> Result<(), String> {
    despawn_game(world);
    let mut st = flow::new_state(&rules);
    let mut dice = Dice::new(seed);
    dice.script(script.iter().copied());
    let mut log = GameLog::default();
    let mut cl = TsCommandLog::default();
    let mut err = Ok(());
    {
        let mut g = Game {
            rules: &rules,
            st: &mut st,
            dice: &mut dice,
            log: &mut log,
        };
        g.start();
        g.advance();
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
    for (i, l) in st.leaders.iter().enumerate() {
        world.spawn((Leader { id: i as LeaderId }, LeaderStatus(*l)));
    }
    for (i, f) in st.formations.iter().enumerate() {
        world.spawn((FormationMarker { id: i }, MarkerStatus(*f)));
    }
    world.insert_resource(TsOccupancy(st.last_occupant.clone()));
    world.insert_resource(TsGlobals(st.g.clone()));
    world.insert_resource(TsRulesRes(rules));
    world.insert_resource(dice);
    world.insert_resource(log);
    world.insert_resource(cl);
    world.insert_resource(TsInbox::default());
    world.insert_resource(TsLastOutcome::default());
    bump_revision(world);
    set_phase(world, st.g.step);
    err
}

/// How many commands may be taken back: those after the last die roll (rolls are final,
/// as on online wargame sites).
pub fn undoable(log: &TsCommandLog) -> usize {
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
    ents.extend(world.query_filtered::<Entity, With<Leader>>().iter(world));
    ents.extend(
        world
            .query_filtered::<Entity, With<FormationMarker>>()
            .iter(world),
    );
    for e in ents {
        world.despawn(e);
    }
    world.remove_resource::<TsGlobals>();
}

fn bump_revision(world: &mut World) {
    world.get_resource_or_insert_with(TsRevision::default).0 += 1;
}

fn set_phase(world: &mut World, step: Step) {
    if let Some(mut next) = world.get_resource_mut::<NextState<TsPhase>>() {
        next.set(phase_of(step));
    }
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

/// Applies queued commands that belong to `phase` (one phase's system).
fn run_phase(world: &mut World, phase: TsPhase) {
    loop {
        let Some(st) = gather(world) else {
            world.resource_mut::<TsInbox>().0.clear();
            return;
        };
        if phase_of(st.g.step) != phase {
            return; // the next phase's system takes it after the state transition
        }
        let Some(cmd) = world.resource_mut::<TsInbox>().0.pop_front() else {
            return;
        };
        apply_one(world, st, cmd);
    }
}

fn apply_one(world: &mut World, mut st: TsState, cmd: TsCommand) {
    let Some(rules) = world.get_resource::<TsRulesRes>().map(|r| r.0.clone()) else {
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
            if let Some(mut cl) = world.get_resource_mut::<TsCommandLog>() {
                cl.commands.push(cmd.clone());
                cl.rolls_after.push(rolls);
            }
            set_phase(world, st.g.step);
            bump_revision(world);
            TsOutcome::Applied(cmd)
        }
        Err(r) => TsOutcome::Refused(cmd, r),
    };
    world.insert_resource(TsLastOutcome(Some(outcome.clone())));
    world.write_message(outcome);
}

/// 7, 8: commanders in chief move, lines of command, initiative and the first marker.
fn command_phase_system(world: &mut World) {
    run_phase(world, TsPhase::Command);
}

/// 9.1.2 - 9.1.4: the commander in chief takes cut-off units under his command.
fn command_status_system(world: &mut World) {
    run_phase(world, TsPhase::Operations);
}

/// 9.2: artillery barrages of the drawn formation.
fn barrage_system(world: &mut World) {
    run_phase(world, TsPhase::Operations);
}

/// 9.3, 9.4, 5: movement, reinforcements, ZoC stops and facing.
fn movement_system(world: &mut World) {
    run_phase(world, TsPhase::Operations);
}

/// 9.5.1, 9.5.2: assault declarations and coordination tests.
fn declare_system(world: &mut World) {
    run_phase(world, TsPhase::Operations);
}

/// 9.5: defensive fire, assaults, retreats and advances.
fn combat_system(world: &mut World) {
    run_phase(world, TsPhase::Operations);
}

/// 10: each side picks the disorganised units that try to rally.
fn rally_system(world: &mut World) {
    run_phase(world, TsPhase::Rally);
}

/// 13.2: the night between the two days: falling back, or the redeployment after a panic.
fn night_system(world: &mut World) {
    run_phase(world, TsPhase::Night);
}

fn refuse_after_game_over(world: &mut World) {
    let cmds: Vec<TsCommand> = world.resource_mut::<TsInbox>().0.drain(..).collect();
    for c in cmds {
        let o = TsOutcome::Refused(c, Refusal::new("11.1.1", "the game is over"));
        world.insert_resource(TsLastOutcome(Some(o.clone())));
        world.write_message(o);
    }
}

/// Keeps the Bevy phase state equal to the rules' step (after loads and undo).
fn sync_phase_state(world: &mut World) {
    let Some(step) = world.get_resource::<TsGlobals>().map(|g| g.0.step) else {
        return;
    };
    let cur = world.get_resource::<State<TsPhase>>().map(|s| *s.get());
    if cur != Some(phase_of(step)) {
        set_phase(world, step);
    }
}
