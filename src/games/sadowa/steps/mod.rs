//! The sequence of play of The Sadowa Campaign (4.0) as code: one module per step, each
//! a [`PlayStep`] with its prompt, who acts, the commands it takes, its legal commands,
//! why a command is refused and what a command does. The decisions that interrupt the
//! attacks (a retreat, an advance: `Globals::pending`) and the end of an operation (a
//! surrender over the stacking limit) are steps of their own.

pub mod activate;
pub mod advance;
pub mod armistice;
pub mod attack;
pub mod forage;
pub mod game_over;
pub mod reinforce;
pub mod retreat;
pub mod setup;
pub mod siege;
pub mod surrender;

use super::Sadowa;
use super::data::SdRules;
use super::state::*;
use crate::engine::step::{PlayStep, Sequenced};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepId {
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

impl StepId {
    pub const ALL: [StepId; 11] = [
        StepId::Setup,
        StepId::Forage,
        StepId::Activate,
        StepId::Attack,
        StepId::Retreat,
        StepId::Advance,
        StepId::Siege,
        StepId::Reinforce,
        StepId::Armistice,
        StepId::GameOver,
        StepId::Surrender,
    ];
}

pub fn id_of(st: &SdState) -> StepId {
    id_of_globals(&st.g)
}

pub fn id_of_globals(g: &Globals) -> StepId {
    match g.pending.first() {
        Some(Pending::Retreat { .. }) => StepId::Retreat,
        Some(Pending::Advance { .. }) => StepId::Advance,
        Some(Pending::Surrender { .. }) => StepId::Surrender,
        None => match g.step {
            Step::Setup(_) => StepId::Setup,
            Step::Forage => StepId::Forage,
            Step::Activate => StepId::Activate,
            Step::Attack => StepId::Attack,
            Step::Siege(_) => StepId::Siege,
            Step::Reinforce(_) => StepId::Reinforce,
            Step::Armistice(_) => StepId::Armistice,
            Step::GameOver => StepId::GameOver,
        },
    }
}

pub fn step(id: StepId) -> &'static dyn PlayStep<Sadowa> {
    match id {
        StepId::Setup => &setup::Setup,
        StepId::Forage => &forage::Forage,
        StepId::Activate => &activate::Activate,
        StepId::Attack => &attack::Attack,
        StepId::Retreat => &retreat::Retreat,
        StepId::Advance => &advance::Advance,
        StepId::Siege => &siege::Siege,
        StepId::Reinforce => &reinforce::Reinforce,
        StepId::Armistice => &armistice::Armistice,
        StepId::GameOver => &game_over::GameOver,
        StepId::Surrender => &surrender::Surrender,
    }
}

impl Sequenced for Sadowa {
    fn step(_rules: &SdRules, st: &SdState) -> &'static dyn PlayStep<Sadowa> {
        step(id_of(st))
    }

    fn describe(cmd: &SdCommand) -> String {
        describe(cmd)
    }
}

pub fn describe(cmd: &SdCommand) -> String {
    match cmd {
        SdCommand::Place { .. } | SdCommand::PlaceRest | SdCommand::EndSetup => "a set-up".into(),
        SdCommand::Forage(_) => "a forage declaration".into(),
        SdCommand::ActivateHq { .. } | SdCommand::Join { .. } | SdCommand::ActivateUnit { .. } => {
            "an activation".into()
        }
        SdCommand::Move { .. } | SdCommand::Exit { .. } => "a move".into(),
        SdCommand::EndMovement => "the end of movement".into(),
        SdCommand::Pass => "a pass".into(),
        SdCommand::Attack { .. } => "an attack".into(),
        SdCommand::EndOperation => "the end of the operation".into(),
        SdCommand::Retreat { .. } => "a retreat".into(),
        SdCommand::Advance { .. } | SdCommand::EndAdvance => "an advance after combat".into(),
        SdCommand::Besiege { .. } | SdCommand::Lift { .. } => "a siege declaration".into(),
        SdCommand::Garrison { .. } | SdCommand::AnnounceGhq | SdCommand::PlaceGhq { .. } => {
            "a reinforcement".into()
        }
        SdCommand::Armistice(_) => "an armistice request".into(),
        SdCommand::Done => "'done'".into(),
        SdCommand::AttackWith { .. } => "an attack".into(),
        SdCommand::Surrender { .. } => "a surrender over the stacking limit".into(),
    }
}

/// The refusal for a unit number the scenario does not have, or not the side's.
pub fn refuse(rule: &str, reason: impl Into<String>) -> Refusal {
    Refusal::new(rule, reason)
}

/// Checks with a legal list (for steps whose lists are short).
pub fn check_by_list(
    s: &dyn PlayStep<Sadowa>,
    rules: &SdRules,
    st: &SdState,
    cmd: &SdCommand,
    rule: &str,
    why: impl FnOnce() -> String,
) -> Result<(), Refusal> {
    let mut v = Vec::new();
    s.legal(rules, st, &mut v);
    if v.contains(cmd) {
        Ok(())
    } else {
        Err(Refusal::new(rule, why()))
    }
}
