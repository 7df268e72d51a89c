//! The steps' set-up and clean-up on screen, as `OnEnter` / `OnExit` systems of the step
//! states ([`CommandStep`], [`MovementStep`], [`AttackStep`]): leaving a step drops its
//! selected unit and HQ, leaving the secret artillery choice (4.3a) asks for the hand-over
//! again next time; entering a step whose side to act is not the side that acted before
//! puts up a hand-over notice.

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
    app.add_systems(OnEnter(s), hand_over.after(enter_step::<Koniggratz>))
        .add_systems(OnExit(s), leave_step);
}

/// `OnExit` of every step: the step's selection goes with it; the secret artillery
/// choice (4.3a) asks again who has the mouse when it next comes.
fn leave_step(mut ui: ResMut<KgUi>) {
    Koniggratz::deselect(&mut ui);
    ui.hq = None;
    ui.handover_ok = None;
}

/// `OnEnter` of every step (after the step's prompt is set): a hand-over notice when the
/// side to act is not the one that acted in the step before.
fn hand_over(step: Res<CurrentStep>, mut ui: ResMut<KgUi>) {
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
pub(super) fn notice(ui_: &mut egui::Ui, step: &CurrentStep, ui: &KgUi) {
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
