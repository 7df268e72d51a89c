//! The ECS side of Königgrätz: counters, HQs and the bombardment marker are entities;
//! each phase of the sequence of play is a Bevy state, and each step within it a
//! sub-state whose one system takes that step's commands, gathers the entities into plain
//! data, asks the step (`steps/`) and writes the outcome back.

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

/// The steps of the Command Phase (4.0b-e), one system each; a retreat forced by the
/// bombardment (6.3) interrupts the formations.
#[derive(SubStates, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[source(KgPhase = KgPhase::Command)]
pub enum CommandStep {
    #[default]
    HqPlacement,
    BlownSelect,
    BlownReturn,
    Bombardment,
    Formations,
    ExitEzoc,
    Retreat,
}

/// The Movement Phase (4.2): moves, interrupted by the retreat of a unit standing on a
/// reinforcement's entry hex (4.2a) or hit by the bombardment (6.3).
#[derive(SubStates, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[source(KgPhase = KgPhase::Movement)]
pub enum MovementStep {
    #[default]
    Moves,
    Retreat,
}

/// The Attack Phase (4.3): declarations, then each attack's secret Artillery Support
/// choices (4.3a) and the loser's retreat (4.3.1).
#[derive(SubStates, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[source(KgPhase = KgPhase::Attack)]
pub enum AttackStep {
    #[default]
    Attacks,
    Artillery,
    Retreat,
}

/// A decision that interrupts the rules' step ([`Pending`], the last one counts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Interrupt {
    None,
    Artillery,
    Retreat,
}

/// Where the sequence of play stands: the rules' step and the decision interrupting it
/// (the ECS side's [`EcsGame::Step`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepKey {
    pub step: Step,
    pub interrupt: Interrupt,
}

impl StepKey {
    pub fn of(g: &Globals) -> Self {
        let interrupt = match g.pending.last() {
            Some(Pending::Artillery { .. }) => Interrupt::Artillery,
            Some(Pending::Retreat { .. }) => Interrupt::Retreat,
            None => Interrupt::None,
        };
        Self {
            step: g.step,
            interrupt,
        }
    }
}

pub fn phase_of(step: Step) -> KgPhase {
    match step {
        Step::Movement => KgPhase::Movement,
        Step::Attack => KgPhase::Attack,
        Step::GameOver => KgPhase::GameOver,
        _ => KgPhase::Command,
    }
}

pub fn command_step_of(key: StepKey) -> Option<CommandStep> {
    if key.interrupt == Interrupt::Retreat && phase_of(key.step) == KgPhase::Command {
        return Some(CommandStep::Retreat);
    }
    Some(match key.step {
        Step::HqPlacement => CommandStep::HqPlacement,
        Step::BlownSelect(_) => CommandStep::BlownSelect,
        Step::BlownReturn(_) => CommandStep::BlownReturn,
        Step::Bombardment => CommandStep::Bombardment,
        Step::Organize(_) => CommandStep::Formations,
        Step::ExitEzoc => CommandStep::ExitEzoc,
        _ => return None,
    })
}

pub fn movement_step_of(key: StepKey) -> Option<MovementStep> {
    (key.step == Step::Movement).then_some(match key.interrupt {
        Interrupt::Retreat => MovementStep::Retreat,
        _ => MovementStep::Moves,
    })
}

pub fn attack_step_of(key: StepKey) -> Option<AttackStep> {
    (key.step == Step::Attack).then_some(match key.interrupt {
        Interrupt::None => AttackStep::Attacks,
        Interrupt::Artillery => AttackStep::Artillery,
        Interrupt::Retreat => AttackStep::Retreat,
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
    /// The sequence of play as Bevy states: one system per step, each running only in
    /// its step's state and taking only its step's commands ([`run_step`]); entering a
    /// step sets up its prompt and side to act ([`enter_step`]), leaving clears them.
    fn build(&self, app: &mut App) {
        use super::steps;
        type K = Koniggratz;
        add_pipeline::<K>(app);
        app.add_sub_state::<CommandStep>()
            .add_sub_state::<MovementStep>()
            .add_sub_state::<AttackStep>();
        let retreat = in_state(CommandStep::Retreat)
            .or_else(in_state(MovementStep::Retreat))
            .or_else(in_state(AttackStep::Retreat));
        app.add_systems(
            Update,
            (
                collect_commands::<K>,
                (
                    run_step::<K, steps::HqPlacement>.run_if(in_state(CommandStep::HqPlacement)),
                    run_step::<K, steps::BlownSelect>.run_if(in_state(CommandStep::BlownSelect)),
                    run_step::<K, steps::BlownReturn>.run_if(in_state(CommandStep::BlownReturn)),
                    run_step::<K, steps::Bombardment>.run_if(in_state(CommandStep::Bombardment)),
                    run_step::<K, steps::Organize>.run_if(in_state(CommandStep::Formations)),
                    run_step::<K, steps::ExitEzoc>.run_if(in_state(CommandStep::ExitEzoc)),
                    run_step::<K, steps::Movement>.run_if(in_state(MovementStep::Moves)),
                    run_step::<K, steps::Attack>.run_if(in_state(AttackStep::Attacks)),
                    run_step::<K, steps::Artillery>.run_if(in_state(AttackStep::Artillery)),
                    run_step::<K, steps::Retreat>.run_if(retreat),
                    run_step::<K, steps::GameOver>.run_if(in_state(KgPhase::GameOver)),
                ),
                sync_step_state,
            )
                .chain(),
        );
        use CommandStep as C;
        for s in [
            C::HqPlacement,
            C::BlownSelect,
            C::BlownReturn,
            C::Bombardment,
            C::Formations,
            C::ExitEzoc,
            C::Retreat,
        ] {
            on_enter_exit(app, s);
        }
        for s in [MovementStep::Moves, MovementStep::Retreat] {
            on_enter_exit(app, s);
        }
        for s in [
            AttackStep::Attacks,
            AttackStep::Artillery,
            AttackStep::Retreat,
        ] {
            on_enter_exit(app, s);
        }
        on_enter_exit(app, KgPhase::GameOver);
    }
}

/// A step's set-up and clean-up on screen when its state is entered and left.
fn on_enter_exit<S: States + Copy>(app: &mut App, s: S) {
    app.add_systems(OnEnter(s), enter_step::<Koniggratz>)
        .add_systems(OnExit(s), exit_step);
}

/// The Bevy states of the step the rules are in.
fn states_of(
    key: StepKey,
) -> (
    KgPhase,
    Option<CommandStep>,
    Option<MovementStep>,
    Option<AttackStep>,
) {
    (
        phase_of(key.step),
        command_step_of(key),
        movement_step_of(key),
        attack_step_of(key),
    )
}

/// Keeps the Bevy phase and step states equal to the rules' step and pending decision
/// (after loads and undo, which replace the state without a command).
/// The step's screen ([`CurrentStep`]) is read again whenever the state changed.
pub fn sync_step_state(world: &mut World, mut seen: Local<u64>) {
    let Some(key) = world.get_resource::<KgGlobals>().map(|g| StepKey::of(&g.0)) else {
        return;
    };
    let rev = world
        .get_resource::<Revision<Koniggratz>>()
        .map_or(0, |r| r.0);
    if rev != *seen {
        *seen = rev;
        reread_step::<Koniggratz>(world);
    }
    let now = (
        world.get_resource::<State<KgPhase>>().map(|s| *s.get()),
        world.get_resource::<State<CommandStep>>().map(|s| *s.get()),
        world
            .get_resource::<State<MovementStep>>()
            .map(|s| *s.get()),
        world.get_resource::<State<AttackStep>>().map(|s| *s.get()),
    );
    let (p, c, m, a) = states_of(key);
    if now != (Some(p), c, m, a) {
        set_phase::<Koniggratz>(world, key);
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
    type Step = StepKey;
    type Plugin = KoniggratzPlugin;
    const GAME_OVER_RULE: &'static str = "5.0";

    fn step_of(st: &KgState) -> StepKey {
        StepKey::of(&st.g)
    }

    fn phase_of(key: StepKey) -> KgPhase {
        phase_of(key.step)
    }

    fn current_step(world: &World) -> Option<StepKey> {
        world.get_resource::<KgGlobals>().map(|g| StepKey::of(&g.0))
    }

    fn set_sub_steps(world: &mut World, key: StepKey) {
        let (_, c, m, a) = states_of(key);
        if let Some(c) = c
            && let Some(mut next) = world.get_resource_mut::<NextState<CommandStep>>()
        {
            NextState::set_if_neq(&mut next, c);
        }
        if let Some(m) = m
            && let Some(mut next) = world.get_resource_mut::<NextState<MovementStep>>()
        {
            NextState::set_if_neq(&mut next, m);
        }
        if let Some(a) = a
            && let Some(mut next) = world.get_resource_mut::<NextState<AttackStep>>()
        {
            NextState::set_if_neq(&mut next, a);
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
