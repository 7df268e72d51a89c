//! The steps' set-up and clean-up on screen, as `OnEnter` / `OnExit` systems of the step
//! states ([`TsStep`]): leaving a step drops its selection, its assault builder, the
//! defender's split of points and the commanders ticked to advance; entering a step whose
//! side to act is not the side that acted before puts up a hand-over notice.

use super::super::steps::StepId;
use super::*;

/// Adds the `OnEnter` / `OnExit` systems of every step state.
pub(super) fn add(app: &mut App) {
    for id in StepId::ALL {
        let s = step_state(id);
        app.add_systems(
            OnEnter(s),
            crate::gui::handover::on_enter::<TsUi>.after(enter_step::<Trautenau>),
        )
        .add_systems(OnExit(s), leave_step);
    }
}

/// `OnExit` of every step: the step's selection and half-built commands go with it.
fn leave_step(mut ui: ResMut<TsUi>) {
    let ui = &mut *ui;
    Trautenau::deselect(ui);
    // 9.5.3: the defender's split, supporting battery and helpers belong to one defence
    ui.split.clear();
    ui.support = None;
    ui.helpers.clear();
    ui.def_hold_back = false;
    // 9.5.12, 9.5.13: the commanders ticked to go along with one advance
    ui.along.clear();
}

impl crate::gui::handover::HasHandover for TsUi {
    fn handover(&mut self) -> &mut crate::gui::handover::HandoverState {
        &mut self.handover
    }
}
