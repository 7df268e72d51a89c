//! The sequence of play of 1866 as code: one module per step, each a [`PlayStep`] with
//! its prompt, who acts, the commands it takes, its legal commands (built from the same
//! `check`, so the list and the refusals agree), and what a command does.

pub mod battle;
pub mod declare;
pub mod event;
pub mod game_over;
pub mod mobilize;
pub mod movement;
pub mod round;
pub mod setup;

use super::Struggle;
use super::data::StRules;
use super::state::*;
use crate::engine::step::{PlayStep, Sequenced};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepId {
    Setup,
    Round,
    Mobilize,
    Declare,
    Move,
    GameOver,
    Event,
    Battle,
}

impl StepId {
    pub const ALL: [StepId; 8] = [
        StepId::Setup,
        StepId::Round,
        StepId::Mobilize,
        StepId::Declare,
        StepId::Move,
        StepId::GameOver,
        StepId::Event,
        StepId::Battle,
    ];
}

pub fn id_of(st: &StState) -> StepId {
    id_of_globals(&st.g)
}

pub fn id_of_globals(g: &Globals) -> StepId {
    match g.step {
        Step::Setup => StepId::Setup,
        Step::Round => StepId::Round,
        Step::Mobilize => StepId::Mobilize,
        Step::Declare => StepId::Declare,
        Step::Move => StepId::Move,
        Step::GameOver => StepId::GameOver,
        Step::Event => StepId::Event,
        Step::Battle => StepId::Battle,
    }
}

pub fn step(id: StepId) -> &'static dyn PlayStep<Struggle> {
    match id {
        StepId::Setup => &setup::Setup,
        StepId::Round => &round::Round,
        StepId::Mobilize => &mobilize::Mobilize,
        StepId::Declare => &declare::Declare,
        StepId::Move => &movement::Movement,
        StepId::GameOver => &game_over::GameOver,
        StepId::Event => &event::EventStep,
        StepId::Battle => &battle::Battle,
    }
}

impl Sequenced for Struggle {
    fn step(_rules: &StRules, st: &StState) -> &'static dyn PlayStep<Struggle> {
        step(id_of(st))
    }

    fn describe(cmd: &StCommand) -> String {
        describe(cmd)
    }
}

pub fn describe(cmd: &StCommand) -> String {
    match cmd {
        StCommand::SetupAt { .. } => "a set-up choice".into(),
        StCommand::Play { .. } => "playing a card".into(),
        StCommand::FreeOp { .. } => "a free OP".into(),
        StCommand::Mobilize { .. } | StCommand::Appoint { .. } => "a mobilization".into(),
        StCommand::Declare { .. } | StCommand::Begin => "an individual activation".into(),
        StCommand::Move { .. } => "a move".into(),
        StCommand::PickUp { .. } | StCommand::Drop { .. } => "a pick-up or drop-off".into(),
        StCommand::Done => "'done'".into(),
        StCommand::Siege => "a siege".into(),
        StCommand::EventUnit { .. }
        | StCommand::EventSpace { .. }
        | StCommand::EventCard { .. }
        | StCommand::EventGeneral { .. } => "an event's choice".into(),
        StCommand::Intercept { .. } => "an interception".into(),
        StCommand::Return => "a return after interception".into(),
        StCommand::Support { .. } | StCommand::Advance { .. } => "a supporting army".into(),
        StCommand::Avoid { .. } => "avoiding battle".into(),
        StCommand::Respond { .. } => "a response card".into(),
        StCommand::TakeLosses { .. } => "taking losses".into(),
        StCommand::Retreat { .. } => "a retreat".into(),
        StCommand::Pursue => "a pursuit".into(),
        StCommand::Withdraw | StCommand::WithdrawUnit { .. } => "a withdrawal inside".into(),
        StCommand::UseQueue { .. } => "spending the Operations Queue".into(),
        StCommand::Sortie => "a sortie".into(),
        StCommand::SaveRail { .. } => "keeping or using the rail bonus".into(),
    }
}

/// The op in progress (steps other than Round and Setup always have one).
pub fn op(st: &StState) -> Result<&Op, Refusal> {
    st.g.op
        .as_ref()
        .ok_or_else(|| Refusal::new("8.2", "no card is being used"))
}
