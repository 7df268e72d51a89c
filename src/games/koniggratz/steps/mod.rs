//! The sequence of play of Königgrätz (4.0-5.0), one module per step: what the player is
//! asked, who acts, the legal commands, why others are refused, what a command does and
//! the automatic exit to the next step. `flow` holds what the steps share (the game in
//! progress, dice, notes, the automatic sequence that asks each step in turn).
//!
//! The steps, in the order of a turn: [`HqPlacement`] (4.0b), [`BlownSelect`] and
//! [`BlownReturn`] (4.0c), [`Bombardment`] (4.0d), [`Organize`] (4.0e-i),
//! [`ExitEzoc`] (4.0e-iii), [`Movement`] (4.2), [`Attack`] (4.3), then [`GameOver`]
//! (5.0, 7.0). Two decisions interrupt the step in progress: [`Artillery`] (4.3a, the
//! secret support choice of an attack, resolved when both are in) and [`Retreat`]
//! (4.3.1, 4.2a, 6.3).

mod artillery;
mod attack;
mod blown_return;
mod blown_select;
mod bombardment;
mod exit_ezoc;
mod game_over;
mod hq_placement;
mod movement;
mod organize;
mod retreat;

pub use artillery::Artillery;
pub use attack::{Attack, attack_options};
pub use blown_return::{BlownReturn, return_hexes};
pub use blown_select::{BlownSelect, due_blown};
pub use bombardment::{Bombardment, bombard_hexes};
pub use exit_ezoc::{ExitEzoc, exit_options};
pub use game_over::{GameOver, victory_points};
pub use hq_placement::{HqPlacement, hq_hexes};
pub use movement::{Movement, due_reinforcements, entering, move_options, pass_cap_roll};
pub use organize::{Organize, may_flip};
pub use retreat::Retreat;

use super::Koniggratz;
use super::data::KgRules;
use super::flow::{Game, unknown_id};
use super::state::{KgCommand, KgState, Pending, Refusal, Step};
use crate::engine::step::{PlayStep, Sequenced};

/// What a Königgrätz step adds to [`PlayStep`]: the explanation of a refusal (also asked
/// by the UI for a command it did not offer) and the automatic part of the step.
pub trait KgStep: PlayStep<Koniggratz> {
    /// Why `cmd`, of a kind the step takes and naming known units, is not legal now.
    fn explain(&self, rules: &KgRules, st: &KgState, cmd: &KgCommand) -> Refusal;
    /// One automatic transition of the step (e.g. its exit to the next step when nobody
    /// has anything left to do in it); false when a player must act.
    fn auto(&self, g: &mut Game) -> bool;
}

/// The step the state is in. The game's end comes first, then a decision that interrupts
/// the step in progress (the last pending one), then the rules' own step.
pub fn of(st: &KgState) -> &'static dyn KgStep {
    if st.g.step == Step::GameOver {
        return &GameOver;
    }
    match st.g.pending.last() {
        Some(Pending::Artillery { .. }) => return &Artillery,
        Some(Pending::Retreat { .. }) => return &Retreat,
        None => {}
    }
    match st.g.step {
        Step::HqPlacement => &HqPlacement,
        Step::BlownSelect(_) => &BlownSelect,
        Step::BlownReturn(_) => &BlownReturn,
        Step::Bombardment => &Bombardment,
        Step::Organize(_) => &Organize,
        Step::ExitEzoc => &ExitEzoc,
        Step::Movement => &Movement,
        Step::Attack => &Attack,
        Step::GameOver => &GameOver,
    }
}

impl Sequenced for Koniggratz {
    fn step(_rules: &KgRules, st: &KgState) -> &'static dyn PlayStep<Self> {
        of(st)
    }
}

/// The name of the side to act, as refusals give it.
pub(super) fn who(rules: &KgRules, st: &KgState) -> &'static str {
    of(st)
        .to_act(rules, st)
        .map(|s| s.name())
        .unwrap_or("nobody")
}

/// The refusal of a command that belongs to no decision of the rules' step (4.0).
pub(super) fn not_this_step(rules: &KgRules, st: &KgState, cmd: &KgCommand) -> Refusal {
    Refusal::new(
        "4.0",
        format!(
            "{cmd:?} is not part of this step ({}); {} is to act",
            st.g.step.phase_name(),
            who(rules, st)
        ),
    )
}

/// The check every step makes: a command naming a unit or HQ the scenario lacks is
/// refused for that; otherwise `ok` decides, and a refusal is explained by the step.
pub(super) fn checked(
    step: &dyn KgStep,
    rules: &KgRules,
    st: &KgState,
    cmd: &KgCommand,
    ok: impl FnOnce() -> bool,
) -> Result<(), Refusal> {
    if let Some(r) = unknown_id(rules, cmd) {
        return Err(r);
    }
    if ok() {
        Ok(())
    } else {
        Err(step.explain(rules, st, cmd))
    }
}

/// The refusal of a command of a kind `step` does not take: an unknown unit or HQ first,
/// then `reason`.
pub(super) fn other_kind(
    rules: &KgRules,
    cmd: &KgCommand,
    reason: impl FnOnce() -> Refusal,
) -> Option<Refusal> {
    Some(unknown_id(rules, cmd).unwrap_or_else(reason))
}

/// Why `cmd` is not legal now, asked even of a command that is (the UI explains a click
/// with it).
pub fn explain(rules: &KgRules, st: &KgState, cmd: &KgCommand) -> Refusal {
    let step = of(st);
    if let Some(r) = unknown_id(rules, cmd) {
        return r;
    }
    if step.takes(cmd) {
        step.explain(rules, st, cmd)
    } else {
        crate::engine::step::refusal_of_other::<Koniggratz>(step, rules, st, cmd)
    }
}
