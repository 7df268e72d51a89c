//! The command steps: Step::ChiefMove (7.1: the commanders in chief move; picked in the
//! Turn window's commander list), Step::ChooseFirst (8: the initiative winner picks the
//! first formation), Step::ChiefCommand (9.1.4: cut-off units taken under the commander
//! in chief), and the decisions of a turn (13.1).

use super::*;

/// 9.1.4: the cut-off units the commander in chief may still take under his command.
pub(super) fn chief_command_panel(ui_: &mut egui::Ui, f: &Frame, ui: &mut TsUi) {
    let Frame { r, st, legal, .. } = *f;
    if st.g.step == Step::ChiefCommand {
        let left =
            st.g.active
                .and_then(|f| flow::chief_of(r, st, f))
                .and_then(|c| st.g.chief_budget.get(c).copied())
                .unwrap_or(0);
        ui_.strong(format!(
            "Command status (9.1.4): your commander in chief may take {left} more cut-off unit(s) under his command this turn"
        ));
        for c in legal {
            if let TsCommand::TakeCommand { unit } = c {
                ui_.horizontal(|ui_| {
                    ui_.label(format!(
                        "{} at {}",
                        r.units[*unit as usize].name,
                        st.units[*unit as usize]
                            .loc
                            .hex()
                            .map(|h| h.to_string())
                            .unwrap_or_default()
                    ));
                    if ui_.button("Command").clicked() {
                        ui.core.outbox.push(c.clone());
                    }
                });
            }
        }
    }
}

/// 13.1: a decision of this turn (the 1st Guards Division at 13.00) is due: its own
/// window answers it.
pub(super) fn decision_notice(ui_: &mut egui::Ui, f: &Frame) {
    let Frame { r, legal, .. } = *f;
    if let Some(d) = legal.iter().find_map(|c| match c {
        TsCommand::Decide { decision, .. } => r.decisions.get(*decision as usize),
        _ => None,
    }) {
        ui_.strong(format!(
            "Decide first: {} (see the Decision window)",
            d.name
        ));
    }
}

/// 8: the initiative winner picks the formation that acts first.
pub(super) fn choose_first_panel(ui_: &mut egui::Ui, f: &Frame, ui: &mut TsUi) {
    let Frame { r, st, legal, .. } = *f;
    if let Step::ChooseFirst(_) = st.g.step {
        ui_.strong("Initiative: choose the formation that acts first (8)");
        for c in legal {
            if let TsCommand::ChooseFormation { formation } = c
                && ui_
                    .button(&r.formations[*formation as usize].name)
                    .clicked()
            {
                ui.core.outbox.push(c.clone());
            }
        }
    }
}

/// 13.1: a decision of this turn, in the middle of the screen until answered.
pub(super) fn decision_window(ctx: &egui::Context, f: &Frame, ui: &mut TsUi) {
    let Frame { r, legal, .. } = *f;
    let decisions: Vec<(&data::Decision, &TsCommand, bool)> = legal
        .iter()
        .filter_map(|c| match c {
            TsCommand::Decide { decision, take } => {
                Some((r.decisions.get(*decision as usize)?, c, *take))
            }
            _ => None,
        })
        .collect();
    if let Some((d, _, _)) = decisions.first() {
        egui::Window::new("Decision")
            .anchor(egui::Align2::CENTER_TOP, [0.0, 60.0])
            .default_width(420.0)
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui_| {
                ui_.strong(format!("{} ({})", d.name, d.rule));
                ui_.label(&d.description);
                ui_.horizontal(|ui_| {
                    for (_, c, take) in &decisions {
                        if ui_.button(if *take { "Yes" } else { "No" }).clicked() {
                            ui.core.outbox.push((*c).clone());
                        }
                    }
                });
            });
    }
}
