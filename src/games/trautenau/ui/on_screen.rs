//! The steps' set-up and clean-up on screen, as `OnEnter` / `OnExit` systems of the step
//! states ([`TsStep`]): leaving a step drops its selection, its assault builder, the
//! defender's split of points and the commanders ticked to advance; entering a step whose
//! side to act is not the side that acted before puts up a hand-over notice.

use super::super::steps::StepId;
use super::*;

/// A hand-over notice of the step just entered: shown under the prompt while that side
/// is still to act and has given no command in the step.
#[derive(Clone, Debug, PartialEq)]
pub struct Handover {
    pub side: Side,
    pub step: &'static str,
}

/// Adds the `OnEnter` / `OnExit` systems of every step state.
pub(super) fn add(app: &mut App) {
    for id in StepId::ALL {
        let s = step_state(id);
        app.add_systems(OnEnter(s), hand_over.after(enter_step::<Trautenau>))
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

/// `OnEnter` of every step (after the step's prompt is set): a hand-over notice when the
/// side to act is not the one that acted in the step before.
fn hand_over(step: Res<CurrentStep>, mut ui: ResMut<TsUi>) {
    ui.handover = match (step.to_act, ui.last_to_act) {
        (Some(now), Some(before)) if now != before => Some(Handover {
            side: now,
            step: step.name,
        }),
        _ => None,
    };
    if step.to_act.is_some() {
        ui.last_to_act = step.to_act;
    }
}

/// The hand-over notice under the prompt, while it still holds.
pub(super) fn notice(ui_: &mut egui::Ui, step: &CurrentStep, ui: &TsUi) {
    if let Some(h) = &ui.handover
        && step.to_act == Some(h.side)
        && step.name == h.step
        && step.commands == 0
    {
        ui_.colored_label(
            egui::Color32::YELLOW,
            format!(
                "{} to act ({} step): hand over the mouse in a hot-seat game.",
                h.side.name(),
                h.step
            ),
        );
    }
}
