//! The steps' set-up and clean-up on screen, as `OnEnter` / `OnExit` systems of the step
//! states ([`SdStep`]): leaving a step drops its selection; entering a step whose side to
//! act is not the side that acted before puts up the hand-over notice.

use super::*;
use crate::games::sadowa::steps::StepId;

/// Adds the `OnEnter` / `OnExit` systems of every step state.
pub(super) fn add(app: &mut App) {
    for id in StepId::ALL {
        let s = step_state(id);
        app.add_systems(
            OnEnter(s),
            crate::gui::handover::on_enter::<SdUi>.after(enter_step::<Sadowa>),
        )
        .add_systems(OnExit(s), leave_step);
    }
}

/// `OnExit` of every step: the step's selection goes with it.
fn leave_step(mut ui: ResMut<SdUi>) {
    Sadowa::deselect(&mut ui);
}
