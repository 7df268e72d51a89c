//! The command pipeline every game runs in its Bevy app: commands arrive as messages,
//! wait in an inbox for the system of their phase, are applied by the pure rules to the
//! state gathered from the entities, and the new state is scattered back. Loading and
//! undo rebuild the game from scenario + seed + commands. A game implements [`EcsGame`]
//! (its phases and how its entities hold the state) and adds its phase systems around
//! [`collect_commands`], [`run_phase`], [`refuse_after_game_over`] and [`sync_phase_state`].

use super::dice::Dice;
use super::game::{PureGame, RulesGame};
use super::hash::state_hash;
use super::log::GameLog;
use super::refusal::Refusal;
use super::save::SaveFile;
use super::side::Side;
use super::step::{PlayStep, Sequenced};
use bevy::prelude::*;
use bevy::state::state::FreelyMutableState;
use std::collections::VecDeque;
use std::marker::PhantomData;
use std::sync::Arc;

/// What the pipeline needs from a game's ECS side.
pub trait EcsGame: RulesGame {
    /// Top-level phases of a turn, one Bevy state each.
    type Phase: FreelyMutableState + Copy + Default;
    /// The rules' own step (in the state's globals).
    type Step: Copy + Send + Sync + 'static;
    /// The game's plugin: its states and phase systems.
    type Plugin: Plugin + Default;
    /// The case cited when a command comes after the end of the game.
    const GAME_OVER_RULE: &'static str;

    fn step_of(st: &Self::State) -> Self::Step;
    fn phase_of(step: Self::Step) -> Self::Phase;
    /// The step in the world's globals, without gathering the entities.
    fn current_step(world: &World) -> Option<Self::Step>;
    /// Sets the sub-states of `step` (the top-level phase is set by [`set_phase`]).
    fn set_sub_steps(world: &mut World, step: Self::Step);
    /// Gathers the entities and resources into plain state.
    fn gather(world: &mut World) -> Option<Self::State>;
    /// Writes plain state back into the entities and resources.
    fn scatter(world: &mut World, st: &Self::State);
    /// Spawns the entities (and the state's resources) of a game.
    fn spawn(world: &mut World, rules: &Self::Rules, st: &Self::State);
    /// Despawns the entities and the state's resources.
    fn despawn(world: &mut World);
}

/// The rules data of the game in progress.
#[derive(Resource)]
pub struct RulesRes<G: RulesGame>(pub Arc<G::Rules>);

impl<G: RulesGame> Clone for RulesRes<G> {
    fn clone(&self) -> Self {
        Self(self.0.clone())
    }
}

/// Commands played so far (the save file's command list), the dice used after each and
/// whether a secret choice was waiting to be revealed after each
/// ([`RulesGame::secret_pending`]).
#[derive(Resource, Clone, Debug)]
pub struct CommandLog<G: RulesGame> {
    pub commands: Vec<G::Command>,
    pub rolls_after: Vec<usize>,
    pub secret_after: Vec<bool>,
}

impl<G: RulesGame> Default for CommandLog<G> {
    fn default() -> Self {
        Self {
            commands: Vec::new(),
            rolls_after: Vec::new(),
            secret_after: Vec::new(),
        }
    }
}

impl<G: RulesGame> CommandLog<G> {
    /// Whether a secret was pending after command `i` (false for the start).
    pub fn secret_after(&self, i: usize) -> bool {
        self.secret_after.get(i).copied().unwrap_or(false)
    }

    fn push(&mut self, cmd: G::Command, rolls: usize, secret: bool) {
        self.commands.push(cmd);
        self.rolls_after.push(rolls);
        self.secret_after.push(secret);
    }
}

/// The commands a save may hold: those up to the last position in which no secret choice
/// was waiting to be revealed. A choice made in secret reaches the disk only once it is
/// revealed; loading such a save asks for the choice again.
pub fn public_commands<G: RulesGame>(log: &CommandLog<G>) -> &[G::Command] {
    let n = (0..log.commands.len())
        .rposition(|i| !log.secret_after(i))
        .map_or(0, |i| i + 1);
    &log.commands[..n]
}

/// A command from the UI, the CLI or the AI.
#[derive(Message, Clone, Debug)]
pub struct CommandMsg<G: RulesGame>(pub G::Command);

/// What became of a command.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum Outcome<G: RulesGame> {
    Applied(G::Command),
    Refused(G::Command, Refusal),
}

/// Commands waiting for the system of their phase.
#[derive(Resource, Debug)]
pub struct Inbox<G: RulesGame>(pub VecDeque<G::Command>);

impl<G: RulesGame> Default for Inbox<G> {
    fn default() -> Self {
        Self(VecDeque::new())
    }
}

/// The last outcome, for drivers that poll.
#[derive(Resource, Debug, Clone)]
pub struct LastOutcome<G: RulesGame>(pub Option<Outcome<G>>);

impl<G: RulesGame> Default for LastOutcome<G> {
    fn default() -> Self {
        Self(None)
    }
}

/// Game state changed this frame (for views that redraw on change).
#[derive(Resource, Debug, Clone, Copy)]
pub struct Revision<G: RulesGame>(pub u64, PhantomData<G>);

impl<G: RulesGame> Default for Revision<G> {
    fn default() -> Self {
        Self(0, PhantomData)
    }
}

/// Adds the pipeline's messages and resources and the game's phase state.
pub fn add_pipeline<G: EcsGame>(app: &mut App) {
    app.init_state::<G::Phase>()
        .add_message::<CommandMsg<G>>()
        .add_message::<Outcome<G>>()
        .init_resource::<Inbox<G>>()
        .init_resource::<LastOutcome<G>>()
        .init_resource::<Revision<G>>();
}

/// Moves new command messages into the inbox (the first system of the chain).
pub fn collect_commands<G: EcsGame>(
    mut reader: MessageReader<CommandMsg<G>>,
    mut inbox: ResMut<Inbox<G>>,
) {
    for m in reader.read() {
        inbox.0.push_back(m.0.clone());
    }
}

/// Spawns the entities of a new game and runs the automatic start.
pub fn setup_game<G: EcsGame>(world: &mut World, rules: Arc<G::Rules>, seed: u64) {
    let _ = restore_game::<G>(world, rules, seed, &[]);
}

/// Rebuilds a game from scenario + seed + commands (loading and undo are replays) and
/// spawns its entities. Stops at the first refused command and reports it.
pub fn restore_game<G: EcsGame>(
    world: &mut World,
    rules: Arc<G::Rules>,
    seed: u64,
    commands: &[G::Command],
) -> Result<(), String> {
    restore_game_scripted::<G>(world, rules, seed, commands, &[])
}

/// [`restore_game`] with dice scripted first (tutorial lessons resume this way).
pub fn restore_game_scripted<G: EcsGame>(
    world: &mut World,
    rules: Arc<G::Rules>,
    seed: u64,
    commands: &[G::Command],
    script: &[u8],
) -> Result<(), String> {
    G::despawn(world);
    let mut g = PureGame::<G>::new_scripted(rules, seed, script);
    let mut cl = CommandLog::<G>::default();
    let mut err = Ok(());
    for (i, c) in commands.iter().enumerate() {
        if let Err(r) = g.apply(c) {
            err = Err(format!("command {} ({c:?}) is refused: {r}", i + 1));
            break;
        }
        cl.push(
            c.clone(),
            g.dice.roll_count(),
            G::secret_pending(&g.rules, &g.st),
        );
    }
    G::spawn(world, &g.rules, &g.st);
    world.insert_resource(RulesRes::<G>(g.rules));
    world.insert_resource(g.dice);
    world.insert_resource(g.log);
    world.insert_resource(cl);
    world.insert_resource(Inbox::<G>::default());
    world.insert_resource(LastOutcome::<G>::default());
    bump_revision::<G>(world);
    set_phase::<G>(world, G::step_of(&g.st));
    err
}

/// How many commands may be taken back: those after the last die roll (rolls are final,
/// as on online wargame sites) and after the last secret choice: a command that leaves
/// a secret pending, or that comes while one is pending, is final too, so that the other
/// side can neither replace a secret choice nor take back its answer once it sees the
/// reveal ([`RulesGame::secret_pending`]).
pub fn undoable<G: RulesGame>(log: &CommandLog<G>) -> usize {
    let n = log.commands.len().min(log.rolls_after.len());
    let mut k = 0;
    while k < n {
        let i = n - 1 - k;
        let before = if i == 0 { 0 } else { log.rolls_after[i - 1] };
        if log.rolls_after[i] != before {
            break;
        }
        if log.secret_after(i) || (i > 0 && log.secret_after(i - 1)) {
            break;
        }
        k += 1;
    }
    // a command right after the game start may still follow start-up rolls
    k
}

/// The save of the game in `world` (what the autosave and Ctrl+S write): the commands
/// up to the last revealed secret ([`public_commands`]).
pub fn current_save<G: RulesGame>(
    world: &World,
    variants: &[String],
) -> Option<SaveFile<G::Command>> {
    let rules = &world.get_resource::<RulesRes<G>>()?.0;
    let log = world.get_resource::<CommandLog<G>>()?;
    let dice = world.get_resource::<Dice>()?;
    Some(super::game::new_save::<G>(
        rules,
        dice.seed,
        variants,
        public_commands(log).to_vec(),
        String::new(),
    ))
}

fn bump_revision<G: EcsGame>(world: &mut World) {
    world.get_resource_or_insert_with(Revision::<G>::default).0 += 1;
}

/// Sets the Bevy phase (and sub-states) of the rules' `step`.
pub fn set_phase<G: EcsGame>(world: &mut World, step: G::Step) {
    if let Some(mut next) = world.get_resource_mut::<NextState<G::Phase>>() {
        NextState::set_if_neq(&mut next, G::phase_of(step));
    }
    G::set_sub_steps(world, step);
}

/// Applies queued commands that belong to `phase` (one phase's system).
pub fn run_phase<G: EcsGame>(world: &mut World, phase: G::Phase) {
    loop {
        let Some(st) = G::gather(world) else {
            world.resource_mut::<Inbox<G>>().0.clear();
            return;
        };
        if G::phase_of(G::step_of(&st)) != phase {
            return; // the next phase's system takes it after the state transition
        }
        let Some(cmd) = world.resource_mut::<Inbox<G>>().0.pop_front() else {
            return;
        };
        apply_one::<G>(world, st, cmd);
    }
}

fn apply_one<G: EcsGame>(world: &mut World, mut st: G::State, cmd: G::Command) {
    let Some(rules) = world.get_resource::<RulesRes<G>>().map(|r| r.0.clone()) else {
        return;
    };
    let mut dice = world
        .remove_resource::<Dice>()
        .unwrap_or_else(|| Dice::new(0));
    let mut log = world.remove_resource::<GameLog>().unwrap_or_default();
    let res = G::apply(&rules, &mut st, &mut dice, &mut log, &cmd);
    let rolls = dice.roll_count();
    world.insert_resource(dice);
    world.insert_resource(log);
    let outcome = match res {
        Ok(()) => {
            G::scatter(world, &st);
            let secret = G::secret_pending(&rules, &st);
            if let Some(mut cl) = world.get_resource_mut::<CommandLog<G>>() {
                cl.push(cmd.clone(), rolls, secret);
            }
            set_phase::<G>(world, G::step_of(&st));
            bump_revision::<G>(world);
            Outcome::<G>::Applied(cmd)
        }
        Err(r) => Outcome::Refused(cmd, r),
    };
    world.insert_resource(LastOutcome(Some(outcome.clone())));
    world.write_message(outcome);
}

/// The system of one step of the sequence of play ([`PlayStep`] `S`, a Bevy state of its
/// own in the game's plugin): applies queued commands while the rules are in that step.
/// A command of a kind the step does not take is refused here, with the step's reason
/// ([`super::step::wrong_step`]); once a command moves the rules to another step, the rest of
/// the inbox waits for that step's system (after the state transition).
pub fn run_step<G: EcsGame + Sequenced, S: PlayStep<G> + Default>(world: &mut World) {
    let me = S::default();
    loop {
        if world
            .get_resource::<Inbox<G>>()
            .is_none_or(|i| i.0.is_empty())
        {
            return; // nothing queued: no gathering every frame
        }
        let Some(st) = G::gather(world) else {
            world.resource_mut::<Inbox<G>>().0.clear();
            return;
        };
        let Some(rules) = world.get_resource::<RulesRes<G>>().map(|r| r.0.clone()) else {
            return;
        };
        if G::step(&rules, &st).name() != me.name() {
            return;
        }
        let Some(cmd) = world.resource_mut::<Inbox<G>>().0.pop_front() else {
            return;
        };
        if !me.takes(&cmd) {
            let r = super::step::refusal_of_other::<G>(&me, &rules, &st, &cmd);
            let o = Outcome::<G>::Refused(cmd, r);
            world.insert_resource(LastOutcome(Some(o.clone())));
            world.write_message(o);
            continue;
        }
        apply_one::<G>(world, st, cmd);
        let applied = matches!(
            world.get_resource::<LastOutcome<G>>(),
            Some(LastOutcome(Some(Outcome::Applied(_))))
        );
        refresh_step::<G>(world, applied);
    }
}

/// The step of the sequence of play on screen: set by the `OnEnter` system of each
/// step's Bevy state ([`enter_step`]) and refreshed after each command of the step, so
/// the prompt, the hand-over screen and the panels read it instead of matching on the
/// rules' step.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct CurrentStep {
    pub name: &'static str,
    pub case: &'static str,
    pub prompt: String,
    pub to_act: Option<Side>,
    /// Commands applied since the step was entered.
    pub commands: usize,
}

fn step_screen<G: EcsGame + Sequenced>(world: &mut World) -> Option<CurrentStep> {
    let st = G::gather(world)?;
    let rules = world.get_resource::<RulesRes<G>>()?.0.clone();
    let s = G::step(&rules, &st);
    Some(CurrentStep {
        name: s.name(),
        case: s.case(),
        prompt: s.prompt(&rules, &st),
        to_act: s.to_act(&rules, &st),
        commands: 0,
    })
}

/// `OnEnter` of a step's Bevy state: the step's set-up on screen ([`CurrentStep`]).
pub fn enter_step<G: EcsGame + Sequenced>(world: &mut World) {
    if let Some(cs) = step_screen::<G>(world) {
        world.insert_resource(cs);
    }
}

/// `OnExit` of a step's Bevy state: the step's clean-up on screen.
pub fn exit_step(world: &mut World) {
    world.insert_resource(CurrentStep::default());
}

/// Reads [`CurrentStep`] again from the state (after a load or undo, which change the
/// state without a command and may leave the step's Bevy state as it was); the count of
/// commands is kept while the step stays the same.
pub fn reread_step<G: EcsGame + Sequenced>(world: &mut World) {
    if let Some(mut cs) = step_screen::<G>(world) {
        if let Some(old) = world.get_resource::<CurrentStep>()
            && old.name == cs.name
        {
            cs.commands = old.commands;
        }
        world.insert_resource(cs);
    }
}

/// Refreshes [`CurrentStep`] after a command applied within the same step (e.g. a move
/// changes who may still move); run after the step systems.
pub fn refresh_step<G: EcsGame + Sequenced>(world: &mut World, applied: bool) {
    if !applied {
        return;
    }
    if let Some(mut cs) = step_screen::<G>(world) {
        let n = world
            .get_resource::<CurrentStep>()
            .map_or(0, |c| c.commands);
        cs.commands = n + 1;
        world.insert_resource(cs);
    }
}

/// Refuses every queued command once the game is over.
pub fn refuse_after_game_over<G: EcsGame>(world: &mut World) {
    let cmds: Vec<G::Command> = world.resource_mut::<Inbox<G>>().0.drain(..).collect();
    for c in cmds {
        let o = Outcome::<G>::Refused(c, Refusal::new(G::GAME_OVER_RULE, "the game is over"));
        world.insert_resource(LastOutcome(Some(o.clone())));
        world.write_message(o);
    }
}

/// Keeps the Bevy phase state equal to the rules' step (after loads and undo).
pub fn sync_phase_state<G: EcsGame>(world: &mut World) {
    let Some(step) = G::current_step(world) else {
        return;
    };
    let cur = world.get_resource::<State<G::Phase>>().map(|s| *s.get());
    if cur != Some(G::phase_of(step)) {
        set_phase::<G>(world, step);
    }
}

/// A game each of whose steps (its `steps/` modules) is one value of a Bevy state, the
/// state its step systems run in.
pub trait StepStates: EcsGame + Sequenced {
    /// One value per step module.
    type StepState: FreelyMutableState + Copy;
    /// The step state of the rules' step in the world's globals and that step's name
    /// ([`PlayStep::name`]), without gathering the entities; None when no game is on.
    fn wanted_step(world: &World) -> Option<(Self::StepState, &'static str)>;
}

/// Keeps a game's step state equal to the rules' step (after loads and undo), and the
/// step on screen ([`CurrentStep`]) equal to it when a load lands in the same step.
pub fn sync_step_state<G: StepStates>(world: &mut World) {
    let Some((want, name)) = G::wanted_step(world) else {
        return;
    };
    if world
        .get_resource::<State<G::StepState>>()
        .map(|s| *s.get())
        != Some(want)
    {
        if let Some(mut next) = world.get_resource_mut::<NextState<G::StepState>>() {
            NextState::set_if_neq(&mut *next, want);
        }
        return;
    }
    if world.get_resource::<CurrentStep>().map(|c| c.name) != Some(name) {
        enter_step::<G>(world);
    }
}

/// Headless game driven through the ECS app: MinimalPlugins + StatesPlugin + the game.
pub struct Session<G: EcsGame> {
    pub app: App,
    game: PhantomData<G>,
}

impl<G: EcsGame> Session<G> {
    pub fn new(rules: Arc<G::Rules>, seed: u64) -> Self {
        let mut app = App::new();
        app.add_plugins((
            MinimalPlugins,
            bevy::state::app::StatesPlugin,
            G::Plugin::default(),
        ));
        setup_game::<G>(app.world_mut(), rules, seed);
        app.update();
        Self {
            app,
            game: PhantomData,
        }
    }

    pub fn state(&mut self) -> Option<G::State> {
        G::gather(self.app.world_mut())
    }

    pub fn rules(&self) -> Arc<G::Rules> {
        self.app.world().resource::<RulesRes<G>>().0.clone()
    }

    pub fn legal(&mut self) -> Vec<G::Command> {
        let rules = self.rules();
        self.state()
            .map(|s| G::legal(&rules, &s))
            .unwrap_or_default()
    }

    /// Sends one command through the app and returns its outcome.
    pub fn submit(&mut self, cmd: G::Command) -> Result<(), Refusal> {
        self.app
            .world_mut()
            .write_message(CommandMsg::<G>(cmd.clone()));
        // The command waits a frame or two for its phase's (sub-)state to become active.
        for _ in 0..4 {
            self.app.update();
            if self.app.world().resource::<Inbox<G>>().0.is_empty() {
                break;
            }
        }
        match self.app.world().resource::<LastOutcome<G>>().0.clone() {
            Some(Outcome::Applied(c)) if c == cmd => Ok(()),
            Some(Outcome::Refused(c, r)) if c == cmd => Err(r),
            _ => Err(Refusal::new("", "the command was not processed")),
        }
    }

    pub fn phase(&self) -> G::Phase {
        *self.app.world().resource::<State<G::Phase>>().get()
    }

    pub fn hash(&mut self) -> String {
        self.state().map(|s| state_hash(&s)).unwrap_or_default()
    }
}
