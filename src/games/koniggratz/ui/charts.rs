//! The reference windows every step shares: the log and dice tray, the rules reference
//! (opened on a cited case), and the charts (CRT 4.3e, TEC 3.9).

use super::*;

/// The log and dice tray; a click on a case opens the rules reference there.
pub(super) fn log(ctx: &egui::Context, ui: &mut KgUi, log: Option<&GameLog>, dice: Option<&Dice>) {
    let clicks = crate::gui::panels::log_window(ctx, log, dice, &|t| format!("T{t}"));
    if let Some(rule) = clicks.rule {
        ui.core.rules_open = true;
        ui.core.rules_query = rule;
    }
}

/// The rules reference and, when asked for, the charts.
pub(super) fn rules_and_charts(ctx: &egui::Context, ui: &mut KgUi) {
    let cases = crate::games::koniggratz::reference::cases();
    let mut open = ui.core.rules_open;
    let mut q = std::mem::take(&mut ui.core.rules_query);
    crate::gui::panels::rules_window(ctx, &mut open, &mut q, &cases);
    ui.core.rules_open = open;
    ui.core.rules_query = q;
    if ui.core.show_charts {
        charts(ctx);
    }
}

/// Charts: CRT (4.3e) and TEC (3.9).
fn charts(ctx: &egui::Context) {
    egui::Window::new("Charts: CRT (4.3e) and TEC (3.9)").show(ctx, |ui_| {
        egui::Grid::new("crt").striped(true).show(ui_, |g| {
            for (d, r) in [
                ("0", "Stalemate"),
                ("1-2", "Loser retreats 3 hexes (blown if it cannot)"),
                ("3-4", "Loser blown (eliminated on turns 6-7)"),
                ("5+", "Loser eliminated"),
            ] {
                g.label(d);
                g.label(r);
                g.end_row();
            }
        });
        ui_.separator();
        egui::Grid::new("tec").striped(true).show(ui_, |g| {
            for row in [
                ["Terrain", "Move cost", "Defence", "Notes"],
                ["Clear", "1", "0", ""],
                ["Woods", "2", "+1", "3.9.8"],
                [
                    "Swamp hexside",
                    "+2",
                    "-",
                    "no Battle formation, no attacks, blocks ZOC/ZOI (3.9.1)",
                ],
                ["Bridge", "+1", "-2 attacker", "blocks ZOC/ZOI (3.9.2)"],
                ["Minor river", "+1", "+1", "3.9.5"],
                ["Major river", "-", "-", "bridges only (3.9.6)"],
                [
                    "Road",
                    "1/2 per hex",
                    "-",
                    "whole move on road in March (3.9.3)",
                ],
                ["Town", "other terrain", "+2", "3.9.7"],
            ] {
                for cell in row {
                    g.label(cell);
                }
                g.end_row();
            }
        });
    });
}
