//! The steps' set-up and clean-up on screen, as `OnEnter` / `OnExit` systems of the step
//! states ([`CommandStep`], [`MovementStep`], [`AttackStep`]): leaving a step drops its
//! selected unit and HQ, leaving the secret artillery choice (4.3a) asks for the hand-over
//! again next time; entering a step whose side to act is not the side that acted before
//! puts up a hand-over notice.

use super::*;

/// Adds the `OnEnter` / `OnExit` systems of every step state.
pub(super) fn add(app: &mut App) {
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
        enter_exit(app, s);
    }
    for s in [MovementStep::Moves, MovementStep::Retreat] {
        enter_exit(app, s);
    }
    for s in [
        AttackStep::Attacks,
        AttackStep::Artillery,
        AttackStep::Retreat,
    ] {
        enter_exit(app, s);
    }
}

fn enter_exit<S: States + Copy>(app: &mut App, s: S) {
    app.add_systems(
        OnEnter(s),
        crate::gui::handover::on_enter::<KgUi>.after(enter_step::<Koniggratz>),
    )
    .add_systems(OnExit(s), leave_step);
}

/// `OnExit` of every step: the step's selection goes with it; the secret artillery
/// choice (4.3a) asks again who has the mouse when it next comes.
fn leave_step(mut ui: ResMut<KgUi>) {
    Koniggratz::deselect(&mut ui);
    ui.hq = None;
    ui.handover_ok = None;
}

impl crate::gui::handover::HasHandover for KgUi {
    fn handover(&mut self) -> &mut crate::gui::handover::HandoverState {
        &mut self.handover
    }
}
