//! Step::Rally (10.1): the disorganised units that may test their morale, each with its
//! exact chance, one by one or all at once.

use super::*;

/// 10.1: pick the disorganised units that test their morale.
pub(super) fn rally_panel(ui_: &mut egui::Ui, f: &Frame, ui: &mut TsUi) {
    let Frame { r, st, legal, .. } = *f;
    if matches!(st.g.step, Step::Rally(_)) {
        ui_.strong("Rally (10.1): pick the disorganised units that test their morale");
        let units: Vec<UnitId> = legal
            .iter()
            .filter_map(|c| match c {
                TsCommand::Rally { unit } => Some(*unit),
                _ => None,
            })
            .collect();
        for &u in &units {
            // 10.1: the exact chance, from the modifiers the rally test rolls with.
            let (_, chance) = flow::rally_odds(r, st, u);
            ui_.horizontal(|ui_| {
                ui_.label(format!(
                    "{} at {}: rallies {}",
                    r.units[u as usize].name,
                    st.units[u as usize]
                        .loc
                        .hex()
                        .map(|h| h.to_string())
                        .unwrap_or_default(),
                    pct(chance)
                ));
                if ui_.button("Rally").clicked() {
                    ui.core.outbox.push(TsCommand::Rally { unit: u });
                }
            });
        }
        if units.len() > 1 && ui_.button("Rally them all").clicked() {
            ui.core
                .outbox
                .extend(units.iter().map(|&unit| TsCommand::Rally { unit }));
        }
        ui_.small("None may try in the ZoC of an organised enemy unit.");
    }
}
