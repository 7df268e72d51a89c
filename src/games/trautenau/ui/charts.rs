//! The reference windows every step shares: the log and dice tray, the rules reference
//! (opened on a cited case), and the charts (combat results 9.5.5, terrain 9.3).

use super::*;

/// The log, the rules reference (on the case a click asked for) and the charts.
pub(super) fn reference_windows(
    ctx: &egui::Context,
    ui: &mut TsUi,
    log: Option<&GameLog>,
    dice: Option<&Dice>,
    open_rule: Option<String>,
) {
    let clicks = crate::gui::panels::log_window(ctx, log, dice, &|h| format!("{h:02}h"));
    if let Some(rule) = clicks.rule.or(open_rule) {
        ui.core.rules_open = true;
        ui.core.rules_query = rule;
    }
    let cases = crate::games::trautenau::reference::cases();
    let mut open = ui.core.rules_open;
    let mut q = std::mem::take(&mut ui.core.rules_query);
    crate::gui::panels::rules_window(ctx, &mut open, &mut q, &cases);
    ui.core.rules_open = open;
    ui.core.rules_query = q;
    if ui.core.show_charts {
        charts(ctx);
    }
}

/// Charts: combat results (9.5.5) and terrain (9.3).
fn charts(ctx: &egui::Context) {
    egui::Window::new("Charts: combat results (9.5.5) and terrain (9.3)").show(ctx, |ui_| {
        egui::Grid::new("crt").striped(true).show(ui_, |g| {
            g.label("die \\ column");
            for c in 0..=7 {
                g.label(format!("{c}"));
            }
            g.end_row();
            for d in 0..=6 {
                g.label(if d == 6 {
                    "6+".to_string()
                } else {
                    format!("{d}")
                });
                for c in 0..=7u8 {
                    g.label(combat::crt(c, d).label());
                }
                g.end_row();
            }
        });
        ui_.small(
            "- nothing · T morale test · D disorganised and retreat · D+1 also one step loss",
        );
        ui_.separator();
        egui::Grid::new("tec").striped(true).show(ui_, |g| {
            for row in [
                ["Terrain", "Move", "Protection"],
                ["Clear", "1", "1"],
                [
                    "Level change",
                    "+1 per level (not on a road)",
                    "shooter -1 col per level up",
                ],
                ["Woods", "inf +1, jäger +0, cav/art +2", "2"],
                ["Village", "other terrain", "2, 360° facing"],
                ["Town", "other terrain", "3, 360° facing"],
                ["Marsh", "inf 2; cav/art road only", "1"],
                ["Stream", "+1", "-1 die"],
                ["Ravine", "+1", "-1 col"],
                ["River", "bridge only", "-1 col"],
                ["Escarpment", "road/path/rail only", "-1 col"],
                ["Road / path / railway", "1", "-"],
            ] {
                for cell in row {
                    g.label(cell);
                }
                g.end_row();
            }
        });
    });
}
