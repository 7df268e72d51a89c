//! The sequence of play as code: each step of a game's sequence of play is one module
//! that implements [`PlayStep`] (its prompt, who acts, the commands it takes, why others
//! are refused, what they do), and a game names the step its state is in
//! ([`Sequenced::step`]). The engine asks any step the same questions: the pure rules
//! ([`RulesGame::apply`]/[`RulesGame::legal`]), the ECS step systems ([`run_step`]), the
//! hand-over screens and the computer opponent all go through it.

use super::dice::Dice;
use super::game::RulesGame;
use super::log::GameLog;
use super::refusal::Refusal;
use super::side::Side;

/// One step of a game's sequence of play. Implemented by a unit struct per step in the
/// game's `steps/` folder. Everything here is pure: plain rules data and plain state in,
/// no ECS.
pub trait PlayStep<G: RulesGame>: Send + Sync + 'static {
    /// The step's name as the player reads it ("Movement"); unique within a game.
    fn name(&self) -> &'static str;
    /// The case of the rulebook that governs the step ("9.3").
    fn case(&self) -> &'static str;
    /// What the side to act is asked to do now.
    fn prompt(&self, rules: &G::Rules, st: &G::State) -> String;
    /// The side whose decision the step waits for (None when nobody acts).
    fn to_act(&self, rules: &G::Rules, st: &G::State) -> Option<Side>;
    /// Whether `cmd` is of a kind this step takes at all. A command of another kind is
    /// refused by the step with [`wrong_step`].
    fn takes(&self, cmd: &G::Command) -> bool;
    /// Every legal command now (appended to `out`).
    fn legal(&self, rules: &G::Rules, st: &G::State, out: &mut Vec<G::Command>);
    /// Checks one command (of a kind the step takes) without building the legal list;
    /// agrees with [`PlayStep::legal`]: `check` is `Ok` exactly for the listed commands.
    fn check(&self, rules: &G::Rules, st: &G::State, cmd: &G::Command) -> Result<(), Refusal>;
    /// The refusal of a command of a kind the step does not take, when the game words it
    /// itself; None gives [`wrong_step`].
    fn refuse_other(
        &self,
        _rules: &G::Rules,
        _st: &G::State,
        _cmd: &G::Command,
    ) -> Option<Refusal> {
        None
    }
    /// Carries out a checked command; the game's sequence then runs the automatic steps
    /// that follow (the exit to the next step).
    fn execute(
        &self,
        rules: &G::Rules,
        st: &mut G::State,
        dice: &mut Dice,
        log: &mut GameLog,
        cmd: &G::Command,
    );
}

/// A game whose sequence of play is made of [`PlayStep`]s.
pub trait Sequenced: RulesGame {
    /// The step the state is in (the game-over step when the game is over).
    fn step(rules: &Self::Rules, st: &Self::State) -> &'static dyn PlayStep<Self>;
    /// A short description of a command for refusals ("a move", "an assault").
    fn describe(cmd: &Self::Command) -> String {
        format!("{cmd:?}")
    }
    /// The refusal of a command that the step `step` the state is in does not take. By
    /// default [`wrong_step`]; a game may give its own reasons (e.g. a combat decision
    /// that must come first).
    fn refuse_other_step(
        _rules: &Self::Rules,
        _st: &Self::State,
        step: &dyn PlayStep<Self>,
        cmd: &Self::Command,
    ) -> Refusal {
        wrong_step::<Self>(step, cmd)
    }
}

/// The refusal a step gives to a command of another step.
pub fn wrong_step<G: Sequenced>(step: &dyn PlayStep<G>, cmd: &G::Command) -> Refusal {
    Refusal::new(
        step.case(),
        format!(
            "it is the {} step ({}): {} is not given in this step",
            step.name(),
            step.case(),
            G::describe(cmd)
        ),
    )
}

/// The refusal `step` gives to a command of a kind it does not take: its own wording
/// ([`PlayStep::refuse_other`]), else the game's ([`Sequenced::refuse_other_step`], by
/// default [`wrong_step`]).
pub fn refusal_of_other<G: Sequenced>(
    step: &dyn PlayStep<G>,
    rules: &G::Rules,
    st: &G::State,
    cmd: &G::Command,
) -> Refusal {
    step.refuse_other(rules, st, cmd)
        .unwrap_or_else(|| G::refuse_other_step(rules, st, step, cmd))
}

/// Checks `cmd` against the step the state is in: a command of another step is refused
/// with the step's reason; otherwise the step checks it.
pub fn check<G: Sequenced>(
    rules: &G::Rules,
    st: &G::State,
    cmd: &G::Command,
) -> Result<(), Refusal> {
    let step = G::step(rules, st);
    if !step.takes(cmd) {
        return Err(refusal_of_other::<G>(step, rules, st, cmd));
    }
    step.check(rules, st, cmd)
}

/// The legal commands of the step the state is in.
pub fn legal<G: Sequenced>(rules: &G::Rules, st: &G::State) -> Vec<G::Command> {
    let mut out = Vec::new();
    G::step(rules, st).legal(rules, st, &mut out);
    out
}

/// Who acts in the step the state is in.
pub fn to_act<G: Sequenced>(rules: &G::Rules, st: &G::State) -> Option<Side> {
    G::step(rules, st).to_act(rules, st)
}

/// The prompt of the step the state is in.
pub fn prompt<G: Sequenced>(rules: &G::Rules, st: &G::State) -> String {
    G::step(rules, st).prompt(rules, st)
}
