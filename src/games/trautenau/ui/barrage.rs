//! Step::Barrage (9.2): the line of sight from the selected battery to the hovered enemy
//! (and the hex that blocks it), the fire buttons with their exact odds, and which of the
//! lit commands a click on a target fires.

use super::*;

/// 9.2: the line of sight from the selected battery to the enemy under the pointer: a
/// line on the map (green clear and in range, red not), the blocking hex ringed, and
/// the verdict in its own window.
pub(super) fn line_of_sight(
    ctx: &egui::Context,
    f: &Frame,
    u: UnitId,
    from: Coord,
    h: Coord,
    gizmos: &mut Gizmos,
) {
    let Frame { r, view, .. } = *f;
    if r.units[u as usize].arm == Arm::Artillery
        && h != from
        && view
            .side_at(h)
            .is_some_and(|s| s != r.units[u as usize].side)
    {
        let occupied = |c: Coord| !view.units_at(c).is_empty();
        let l = los::line_of_sight(&r.map, &occupied, from, h);
        let in_range = from.distance(h) <= r.units[u as usize].range as u32;
        let colour = if l.clear && in_range {
            Color::srgb(0.1, 0.8, 0.1)
        } else {
            Color::srgb(0.9, 0.1, 0.1)
        };
        gizmos.line_2d(to_world(from), to_world(h), colour);
        if let Some(b) = l.blocked_by {
            gizmos.circle_2d(to_world(b), S * 0.6, Color::srgb(0.9, 0.1, 0.1));
        }
        egui::Window::new("Line of sight")
            .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
            .show(ctx, |ui_| {
                ui_.label(format!(
                    "{from} to {h}: {} hexes, range {}",
                    from.distance(h),
                    r.units[u as usize].range
                ));
                match (l.clear, l.blocked_by) {
                    (true, _) if in_range => {
                        ui_.label("Clear line of sight: a legal target (9.2).");
                    }
                    (true, _) => {
                        ui_.label("Clear, but out of range (9.2).");
                    }
                    (false, Some(b)) => {
                        ui_.colored_label(
                            egui::Color32::LIGHT_RED,
                            format!("Blocked by hex {b} (9.2)."),
                        );
                    }
                    (false, None) => {
                        ui_.colored_label(egui::Color32::LIGHT_RED, "Blocked (9.2).");
                    }
                }
            });
    }
}

/// A button per legal barrage of the selected battery, with the exact odds (9.2.2).
pub(super) fn fire_button(
    ui_: &mut egui::Ui,
    f: &Frame,
    ui: &mut TsUi,
    u: UnitId,
    c: &TsCommand,
    open_rule: &mut Option<String>,
) {
    let Frame { r, st, .. } = *f;
    if let TsCommand::Barrage { unit, target, turn } = c
        && *unit == u
    {
        let label = format!(
            "Fire at {}{}",
            r.units[*target as usize].name,
            turn.map(|t| format!(" (turning to {t:?})"))
                .unwrap_or_default()
        );
        if ui_.button(label).clicked() {
            ui.core.outbox.push(c.clone());
        }
        // 9.2.2: the exact odds, from the function the barrage rolls with
        if turn.is_none() {
            fire_table(ui_, &combat::barrage_fire(r, st, *unit, *target), open_rule);
        }
    }
}

/// A click on a lit target fires without turning (the panel offers the turns).
pub(super) fn pick(hits: &[TsCommand]) -> Vec<TsCommand> {
    hits.iter()
        .filter(|c| matches!(c, TsCommand::Barrage { turn: None, .. }))
        .take(1)
        .cloned()
        .collect()
}
