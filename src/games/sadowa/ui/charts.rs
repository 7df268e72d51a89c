//! The Tracks Chart (2.0) and the charts of the back page (2.3) on screen, each with the
//! value in force highlighted: the turn track with the VP printed per turn (10.2) and
//! the shaded siege turns (8.3), the IP track (4.2), both morale tracks (12), the VP
//! track (14.0), both Loss Point tracks (7.4), the IP activation chart (4.3), the
//! initiative modifiers (4.2), the Terrain Effects Chart and the combat panel's figures.
//! Every number comes from the game's own tables (`charts`, `movement`).

use super::*;
use crate::games::sadowa::charts as sc;

const NOW: egui::Color32 = egui::Color32::from_rgb(250, 210, 40);
const SIEGE: egui::Color32 = egui::Color32::from_rgb(150, 95, 45);

/// 8.3: a brown-shaded turn of the turn track (siege checks).
fn siege_turn(_rules: &SdRules, _turn: u8) -> bool {
    false
}

/// One cell of a track: the value in force framed in gold.
fn cell(ui_: &mut egui::Ui, text: String, now: bool, fill: Option<egui::Color32>) {
    let mut t = egui::RichText::new(text).monospace();
    if now {
        t = t.strong().color(egui::Color32::BLACK).background_color(NOW);
    } else if let Some(f) = fill {
        t = t.color(egui::Color32::WHITE).background_color(f);
    }
    ui_.label(t);
}

pub(super) fn tracks_window(ctx: &egui::Context, f: &Frame) {
    let Frame { rules, st, .. } = *f;
    let g = &st.g;
    egui::Window::new("Tracks")
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -8.0])
        .default_open(false)
        .show(ctx, |ui_| {
            ui_.strong("Turn track (4.0): the VP Austria gains if the GHQ is announced (10.2)");
            ui_.horizontal_wrapped(|ui_| {
                for t in 1..=rules.charts.turns {
                    let fill = siege_turn(rules, t).then_some(SIEGE);
                    cell(
                        ui_,
                        format!("T{t}:{}", rules.charts.ghq_vp(t)),
                        t == g.turn,
                        fill,
                    );
                }
            });
            ui_.small("Brown: siege turns (8.3, 8.4)");
            ui_.separator();
            ui_.horizontal(|ui_| {
                ui_.label(format!(
                    "IP (4.2) {}:",
                    g.initiative.map(|s| s.name()).unwrap_or("-")
                ));
                for i in 0..=6u8 {
                    cell(ui_, i.to_string(), i == g.ip && g.initiative.is_some(), None);
                }
            });
            for side in Side::BOTH {
                ui_.horizontal(|ui_| {
                    ui_.label(format!("{} morale (12):", side.name()));
                    for m in 1..=5u8 {
                        cell(ui_, m.to_string(), m == g.morale[side.idx()], None);
                    }
                });
            }
            ui_.separator();
            egui::Grid::new("vp-lp").striped(true).show(ui_, |gr| {
                gr.label("");
                gr.label("VP (14.0)");
                gr.label("Loss Points x100 · x10 · x1 (7.4)");
                gr.end_row();
                for side in Side::BOTH {
                    let lp = g.lp[side.idx()];
                    gr.label(side.name());
                    gr.label(g.vp[side.idx()].to_string());
                    gr.label(format!(
                        "{lp}: {} · {} · {}",
                        lp / 100,
                        lp / 10 % 10,
                        lp % 10
                    ));
                    gr.end_row();
                }
            });
            let [a, p] = g.vp;
            ui_.small(format!(
                "Each 20 VP or part thereof moves morale (12.2): Austria {a}, Prussia {p}"
            ));
        });
}

pub(super) fn charts_window(ctx: &egui::Context, f: &Frame) {
    let Frame { rules, st, .. } = *f;
    let g = &st.g;
    egui::Window::new("Charts")
        .default_width(420.0)
        .show(ctx, |ui_| {
            ui_.strong("IP activation chart (4.3, 6.5.1)");
            egui::Grid::new("ipchart").striped(true).show(ui_, |gr| {
                for (what, cost) in [
                    ("An Uncommitted unit by itself", "1 IP".to_string()),
                    ("A Committed unit by itself (forced march 7.1.2)", "3 IP".into()),
                    ("An HQ with its units stacked or adjacent", "its CV (1-3)".into()),
                    ("The Prussian GHQ", "0 IP".into()),
                ] {
                    gr.label(what);
                    gr.label(cost);
                    gr.end_row();
                }
            });
            ui_.separator();
            ui_.strong("Initiative die roll modifiers (4.2)");
            egui::Grid::new("initiative").striped(true).show(ui_, |gr| {
                gr.label("Morale level");
                for m in 1..=5u8 {
                    gr.label(m.to_string());
                }
                gr.end_row();
                gr.label("Modifier");
                for m in 1..=5u8 {
                    let now = g.morale.contains(&m);
                    let t = egui::RichText::new(format!("{:+}", sc::initiative_drm(m)));
                    gr.label(if now {
                        t.strong().background_color(NOW).color(egui::Color32::BLACK)
                    } else {
                        t
                    });
                }
                gr.end_row();
            });
            ui_.small("Prussia +1 while the GHQ is on the map and in supply (6.5.2)");
            ui_.separator();
            ui_.strong("Terrain Effects Chart (movement 7.1, supply 5.2)");
            egui::Grid::new("tec").striped(true).show(ui_, |gr| {
                for row in [
                    ["Clear", "1 MP"],
                    ["Woods, hills", "2 MP"],
                    ["Mountains", "3 MP; no retreat into them (7.4.1)"],
                    ["River hexside", "+1 MP; blocks ZOC (3.2)"],
                    ["Road, railroad", "1 MP along it; supply of any length (5.2)"],
                ] {
                    gr.label(row[0]);
                    gr.label(row[1]);
                    gr.end_row();
                }
            });
            ui_.separator();
            ui_.strong(format!(
                "Combat Results, siege level and armistice tables: {} turns in this scenario",
                rules.charts.turns
            ));
            ui_.small(
                "The reconstructed CRT, siege and armistice tables are shown here once the \
                 game's charts file is in (docs/games/sadowa.md).",
            );
        });
}

/// 7.3: what is known of the attack before it is committed: the lead units, their
/// hexes and strengths, the units stacked with each.
pub(super) fn combat_preview(
    ui_: &mut egui::Ui,
    rules: &SdRules,
    st: &SdState,
    lead: UnitId,
    target: UnitId,
) {
    let side = |u: UnitId| {
        let h = flow::hex_of(st, u);
        let here = h
            .map(|h| flow::units_at(rules, st, h))
            .unwrap_or_default();
        (h, here)
    };
    for (title, u) in [("Lead attacker", lead), ("Lead defender", target)] {
        let (h, here) = side(u);
        ui_.strong(format!(
            "{title}: {} in {}",
            rules.units[u as usize].name,
            h.map(|h| h.to_string()).unwrap_or_default()
        ));
        for x in here {
            let d = &rules.units[x as usize];
            let s = flow::unit(st, x);
            let what = if d.kind.is_hq() {
                format!("HQ (CV {})", d.cv)
            } else {
                format!("CF {}", d.cf)
            };
            ui_.label(format!(
                "  {} · {what} · {}{}{}",
                d.short,
                if s.committed { "Committed" } else { "Uncommitted" },
                if s.disrupted { ", Disrupted" } else { "" },
                if s.oos { ", Out of Supply" } else { "" },
            ));
        }
    }
    if let (Some(a), Some(d)) = (flow::hex_of(st, lead), flow::hex_of(st, target)) {
        let need = crate::games::sadowa::movement::enter_cost(rules, a, d).unwrap_or(0);
        ui_.label(format!(
            "The lead needs {need} MP to attack into {d} and has {} (7.3.1)",
            flow::unit(st, lead).mp
        ));
    }
    ui_.small(
        "Participation (7.3.1), odds column, die modifiers and the chance of each result \
         come from the combat rules when they are in.",
    );
}
