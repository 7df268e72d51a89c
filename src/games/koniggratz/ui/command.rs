//! The command steps with controls of their own: Step::HqPlacement (4.0b: pick an HQ and
//! its mode, then a lit hex) and Step::BlownSelect / Step::BlownReturn (4.0c: the units
//! that return and where). Bombardment (4.0d), Organize (4.0e-i) and ExitEzoc (4.0e-iii)
//! need only clicks on lit hexes, the prompt and the Pass button.

use super::*;

/// 4.0b: the side's HQs still to place, and Battle mode.
pub(super) fn hq_panel(ui_: &mut egui::Ui, f: &Frame, ui: &mut KgUi) {
    let Frame {
        rules, st, active, ..
    } = *f;
    if st.g.step == Step::HqPlacement && st.g.pending.is_empty() {
        ui_.horizontal_wrapped(|ui_| {
            for (i, h) in rules.hqs.iter().enumerate() {
                if Some(h.side) == active
                    && !st.hqs[i].placed
                    && ui_
                        .selectable_label(ui.hq == Some(i as u8), &h.name)
                        .clicked()
                {
                    ui.hq = Some(i as u8);
                }
            }
        });
        ui_.checkbox(
            &mut ui.hq_battle,
            "Battle mode (smaller range, +ER in combat)",
        );
    }
}

/// 4.0c: the blown units that may return (the opponent picks two when more are due),
/// then the returning units to place.
pub(super) fn blown_panel(ui_: &mut egui::Ui, f: &Frame, ui: &mut KgUi) {
    let Frame {
        rules, st, legal, ..
    } = *f;
    if matches!(st.g.step, Step::BlownSelect(_) | Step::BlownReturn(_)) {
        for c in legal {
            if let KgCommand::SelectReturning { unit } = c
                && ui_
                    .button(format!("Return {}", rules.units[*unit as usize].name))
                    .clicked()
            {
                ui.core.outbox.push(c.clone());
            }
        }
        for u in &st.g.returning {
            if ui_
                .selectable_label(
                    ui.selected == Some(*u),
                    format!("Place {}", rules.units[*u as usize].name),
                )
                .clicked()
            {
                ui.selected = Some(*u);
            }
        }
    }
}
