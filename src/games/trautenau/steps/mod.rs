//! The sequence of play of Trautenau – Soor (6) as code: one module per step, each a
//! [`PlayStep`] with its prompt, who acts, the commands it takes, its legal commands, why
//! a command is refused, what a command does and the automatic exit to the next step.
//! The decisions that interrupt a step (a defence, a retreat, an advance after combat,
//! placing an aide de camp: `Globals::pending`) are steps of their own while they wait.
//!
//! The order of the questions is the rules' since the first version of the game: a
//! command naming a piece the scenario lacks, then the end of the game, then a decision
//! that waits (9.5), then a decision owed at the start of a turn (13.1), then the step.

pub mod advance;
pub mod aide;
pub mod barrage;
pub mod chief_command;
pub mod chief_move;
pub mod choose_first;
pub mod combat;
pub mod declare;
pub mod defence;
pub mod game_over;
pub mod movement;
pub mod night;
pub mod rally;
pub mod redeploy;
pub mod retreat;

use super::Trautenau;
use super::data::{Side, TsRules};
use super::flow::{Game, decision_due, unknown_id};
use super::state::*;
use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::step::{PlayStep, Sequenced};

/// Every step of the sequence of play, and the decisions that interrupt one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepId {
    ChiefMove,
    ChooseFirst,
    Redeploy,
    ChiefCommand,
    Barrage,
    Movement,
    Declare,
    Combat,
    Defence,
    Retreat,
    Advance,
    Aide,
    Rally,
    NightFallBack,
    GameOver,
}

/// The step the state is in: a waiting decision first, else the rules' step.
pub fn id_of(st: &TsState) -> StepId {
    id_of_globals(&st.g)
}

/// [`id_of`] from the globals alone (the ECS side keeps them in a resource).
pub fn id_of_globals(g: &Globals) -> StepId {
    match g.pending.first() {
        Some(Pending::Defence { .. }) => StepId::Defence,
        Some(Pending::Retreat { .. }) => StepId::Retreat,
        Some(Pending::Advance { .. }) => StepId::Advance,
        Some(Pending::PlaceAide { .. }) => StepId::Aide,
        None => match g.step {
            Step::ChiefMove(_) => StepId::ChiefMove,
            Step::ChooseFirst(_) => StepId::ChooseFirst,
            Step::Redeploy => StepId::Redeploy,
            Step::ChiefCommand => StepId::ChiefCommand,
            Step::Barrage => StepId::Barrage,
            Step::Movement => StepId::Movement,
            Step::Declare => StepId::Declare,
            Step::Combat => StepId::Combat,
            Step::Rally(_) => StepId::Rally,
            Step::NightFallBack(_) => StepId::NightFallBack,
            Step::GameOver => StepId::GameOver,
        },
    }
}

impl StepId {
    pub const ALL: [StepId; 15] = [
        StepId::ChiefMove,
        StepId::ChooseFirst,
        StepId::Redeploy,
        StepId::ChiefCommand,
        StepId::Barrage,
        StepId::Movement,
        StepId::Declare,
        StepId::Combat,
        StepId::Defence,
        StepId::Retreat,
        StepId::Advance,
        StepId::Aide,
        StepId::Rally,
        StepId::NightFallBack,
        StepId::GameOver,
    ];
}

/// The module of a step.
pub fn step(id: StepId) -> &'static dyn PlayStep<Trautenau> {
    match id {
        StepId::ChiefMove => &chief_move::ChiefMove,
        StepId::ChooseFirst => &choose_first::ChooseFirst,
        StepId::Redeploy => &redeploy::Redeploy,
        StepId::ChiefCommand => &chief_command::ChiefCommand,
        StepId::Barrage => &barrage::Barrage,
        StepId::Movement => &movement::Movement,
        StepId::Declare => &declare::Declare,
        StepId::Combat => &combat::Combat,
        StepId::Defence => &defence::Defence,
        StepId::Retreat => &retreat::Retreat,
        StepId::Advance => &advance::Advance,
        StepId::Aide => &aide::Aide,
        StepId::Rally => &rally::Rally,
        StepId::NightFallBack => &night::NightFallBack,
        StepId::GameOver => &game_over::GameOver,
    }
}

impl Sequenced for Trautenau {
    fn step(_rules: &TsRules, st: &TsState) -> &'static dyn PlayStep<Self> {
        step(id_of(st))
    }

    fn refuse_other_step(
        rules: &TsRules,
        st: &TsState,
        _step: &dyn PlayStep<Self>,
        cmd: &TsCommand,
    ) -> Refusal {
        other_step(rules, st, cmd)
    }
}

/// The rules' pieces of a [`PlayStep::execute`] as the [`Game`] that carries it out.
pub fn game<'a>(
    rules: &'a TsRules,
    st: &'a mut TsState,
    dice: &'a mut Dice,
    log: &'a mut GameLog,
) -> Game<'a> {
    Game {
        rules,
        st,
        dice,
        log,
    }
}

/// What every step asks before its own rules: a command naming a piece the scenario does
/// not have (a hand-edited save), and the end of the game.
pub fn first_checks(rules: &TsRules, st: &TsState, cmd: &TsCommand) -> Result<(), Refusal> {
    if let Some(r) = unknown_id(rules, cmd) {
        return Err(r);
    }
    if st.g.step == Step::GameOver {
        return Err(Refusal::new("", "the game is over"));
    }
    Ok(())
}

/// 13.1: a decision owed now comes before anything else of the step.
pub fn decision_first(rules: &TsRules, st: &TsState, cmd: &TsCommand) -> Result<(), Refusal> {
    if let Some(k) = decision_due(rules, st)
        && !matches!(cmd, TsCommand::Decide { .. })
    {
        let d = &rules.decisions[k];
        return Err(Refusal::new(&d.rule, format!("first decide: {}", d.name)));
    }
    Ok(())
}

/// 9.5: what a waiting decision needs before anything else.
pub fn pending_need(p: &Pending) -> Refusal {
    Refusal::new(
        "9.5",
        match p {
            Pending::Defence { .. } => {
                "the defender must first retreat before combat or defend (9.5.3)"
            }
            Pending::Retreat { .. } => "a unit must first retreat (9.5.8)",
            Pending::Advance { .. } => "an attacker must first advance after combat (9.5.9)",
            Pending::PlaceAide { .. } => {
                "the aide de camp must first be put on a unit of his formation (9.5.13)"
            }
        },
    )
}

/// 6: a command of a step the game is not in.
pub fn wrong(st: &TsState, what: &str) -> Refusal {
    Refusal::new(
        "6",
        format!(
            "{what} is not possible now: the game is in {}",
            st.g.step.phase_name()
        ),
    )
}

/// A unit's name for refusals.
pub fn unit_name(rules: &TsRules, u: UnitId) -> String {
    rules
        .units
        .get(u as usize)
        .map(|d| d.name.clone())
        .unwrap_or_else(|| "that unit".into())
}

/// 13.1: why a decision is refused (it is not owed now).
pub fn decide_refusal(rules: &TsRules, st: &TsState, decision: u8) -> Refusal {
    let Some(d) = rules.decisions.get(decision as usize) else {
        return Refusal::new("", "no such decision in this scenario");
    };
    if st.g.decided.iter().any(|x| x.0 == decision) {
        return Refusal::new(&d.rule, format!("{}: already decided", d.name));
    }
    Refusal::new(
        &d.rule,
        format!(
            "{}: {} decides it at the start of the {:02}.00 turn of day {}, not now",
            d.name,
            d.side.name(),
            d.hour,
            d.day
        ),
    )
}

/// Why a command that the step the state is in does not take is refused.
pub fn other_step(rules: &TsRules, st: &TsState, cmd: &TsCommand) -> Refusal {
    if let Err(r) = first_checks(rules, st, cmd) {
        return r;
    }
    if let Some(p) = st.g.pending.first() {
        return pending_need(p);
    }
    if let Err(r) = decision_first(rules, st, cmd) {
        return r;
    }
    let step = st.g.step;
    match cmd {
        TsCommand::Decide { decision, .. } => decide_refusal(rules, st, *decision),
        TsCommand::MoveChief { .. } => wrong(st, "moving a commander in chief"),
        TsCommand::ChooseFormation { .. } => wrong(st, "choosing a formation"),
        TsCommand::Barrage { .. } => wrong(st, "a barrage"),
        TsCommand::Move { .. } => wrong(st, "movement"),
        TsCommand::Face { .. } => wrong(st, "turning a unit"),
        TsCommand::MoveLeader { .. } => wrong(st, "moving a commander"),
        TsCommand::Declare { .. } => wrong(st, "declaring an assault"),
        TsCommand::Resolve { .. } => wrong(st, "resolving an assault"),
        TsCommand::Place { .. } => wrong(st, "redeployment"),
        TsCommand::Evacuate { .. } => wrong(st, "evacuation"),
        TsCommand::TakeCommand { .. } => wrong(st, "taking a unit under the chief's command"),
        TsCommand::Rally { .. } => wrong(st, "a rally test"),
        TsCommand::Done => match step {
            Step::ChooseFirst(_) => Refusal::new("8", "choose the formation that acts first"),
            Step::NightFallBack(_) => Refusal::new(
                "13.2",
                "every unit in an enemy ZoC on protection-1 ground must fall back first",
            ),
            _ => Refusal::new("9.5.3", "resolve every declared assault first"),
        },
        TsCommand::PlaceAide { .. } => {
            Refusal::new("9.5.13", "no aide de camp is waiting to be placed")
        }
        TsCommand::Defend { .. }
        | TsCommand::RetreatBefore { .. }
        | TsCommand::Retreat { .. }
        | TsCommand::Advance { .. } => Refusal::new("9.5", "no combat decision is waiting"),
    }
}

/// Who acts in a step of the active formation (9).
pub fn active_formation_side(rules: &TsRules, st: &TsState) -> Option<Side> {
    st.g.active.map(|f| rules.formations[f].side)
}

/// The side the game waits for, by name (the prompts' first word).
pub fn who(rules: &TsRules, st: &TsState) -> &'static str {
    super::flow::active_side(rules, st)
        .map(|s| s.name())
        .unwrap_or("nobody")
}

#[cfg(test)]
mod tests;
