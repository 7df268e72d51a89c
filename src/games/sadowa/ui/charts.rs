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
fn siege_turn(rules: &SdRules, turn: u8) -> bool {
    rules.charts.siege_turn(turn)
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
        .anchor(egui::Align2::CENTER_BOTTOM, [-170.0, -8.0])
        .default_open(false)
        .show(ctx, |ui_| {
            ui_.strong("Turn track (4.0): the VP Austria gains if the GHQ is announced (10.2)");
            ui_.horizontal_wrapped(|ui_| {
                for t in 1..=rules.charts.turn_count() {
                    let fill = siege_turn(rules, t).then_some(SIEGE);
                    let date = rules
                        .charts
                        .turn(t)
                        .map(|x| x.date.clone())
                        .unwrap_or_default();
                    ui_.scope(|ui_| {
                        cell(
                            ui_,
                            format!("T{t}:{}", rules.charts.ghq_vp(t)),
                            t == g.turn,
                            fill,
                        );
                    })
                    .response
                    .on_hover_text(date);
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
                    cell(
                        ui_,
                        i.to_string(),
                        i == g.ip && g.initiative.is_some(),
                        None,
                    );
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
    let c = &rules.charts;
    let g = &st.g;
    egui::Window::new("Charts (RECONSTRUCTED, docs/games/sadowa.md)")
        .default_width(520.0)
        .default_height(560.0)
        .show(ctx, |ui_| {
            egui::ScrollArea::vertical().show(ui_, |ui_| {
                crt_table(ui_, c);
                ui_.separator();
                tec_table(ui_, c);
                ui_.separator();
                ui_.strong("IP activation chart (4.3, 6.5.1)");
                egui::Grid::new("ipchart").striped(true).show(ui_, |gr| {
                    for (what, a) in [
                        (
                            "An Uncommitted unit by itself",
                            sc::Activation::Single {
                                committed: false,
                                disrupted: false,
                            },
                        ),
                        (
                            "A Committed unit by itself (forced march 7.1.2)",
                            sc::Activation::Single {
                                committed: true,
                                disrupted: false,
                            },
                        ),
                        (
                            "A Committed and Disrupted unit",
                            sc::Activation::Single {
                                committed: true,
                                disrupted: true,
                            },
                        ),
                        ("The Prussian GHQ", sc::Activation::Ghq),
                    ] {
                        gr.label(what);
                        gr.label(match c.activation_cost(a) {
                            Some(ip) => format!("{ip} IP"),
                            None => "may not be activated".into(),
                        });
                        gr.end_row();
                    }
                    gr.label("An HQ with the units stacked with or adjacent to it");
                    gr.label("its CV in IP");
                    gr.end_row();
                });
                ui_.separator();
                ui_.strong("Initiative die roll modifiers (4.2)");
                egui::Grid::new("initiative").striped(true).show(ui_, |gr| {
                    gr.label("Army Morale Level");
                    for m in 1..=5u8 {
                        gr.label(m.to_string());
                    }
                    gr.end_row();
                    gr.label("Modifier (gold: in force)");
                    for m in 1..=5u8 {
                        let t = egui::RichText::new(format!("{:+}", c.initiative_drm(m)));
                        gr.label(if g.morale.contains(&m) {
                            t.strong().background_color(NOW).color(egui::Color32::BLACK)
                        } else {
                            t
                        });
                    }
                    gr.end_row();
                });
                ui_.small(format!(
                    "Prussia {:+} while the GHQ is on the map and in supply (6.5.2)",
                    c.ghq_initiative_drm
                ));
                ui_.separator();
                ui_.strong("Siege Level table (8.4): the die that raises the level");
                egui::Grid::new("siege").striped(true).show(ui_, |gr| {
                    gr.label("Siege Level");
                    gr.label("Raised on a die of");
                    gr.label("Surrenders on (8.3)");
                    gr.end_row();
                    let now: Vec<u8> = g.sieges.iter().map(|s| s.level).collect();
                    for (lvl, max) in c.siege.increase_max_die.iter().enumerate() {
                        let t = egui::RichText::new(format!("Siege {lvl}"));
                        gr.label(if now.contains(&(lvl as u8)) {
                            t.strong().background_color(NOW).color(egui::Color32::BLACK)
                        } else {
                            t
                        });
                        gr.label(format!("1-{max}"));
                        gr.label(if lvl == 0 {
                            "immune".to_string()
                        } else {
                            format!("1-{lvl}")
                        });
                        gr.end_row();
                    }
                    gr.label(format!("Siege {}", c.siege.max_level));
                    gr.label("highest");
                    gr.label(format!("1-{}", c.siege.max_level));
                    gr.end_row();
                });
                ui_.separator();
                victory_tables(ui_, c, g);
            });
        });
}

/// The Combat Results Table (7.3.2, 7.4): attacker / defender results by odds column
/// and modified die.
fn crt_table(ui_: &mut egui::Ui, c: &sc::Charts) {
    ui_.strong("Combat Results Table (7.3.2, 7.4): attacker / defender");
    ui_.small(
        "A number multiplies the side's CFs into Loss Points; D Disrupted, R retreat, S surrender.",
    );
    egui::Grid::new("crt").striped(true).show(ui_, |gr| {
        gr.label("Die");
        for col in &c.crt.columns {
            gr.strong(&col.label);
        }
        gr.end_row();
        for (i, die) in (c.crt.die_min..=c.crt.die_max).enumerate() {
            gr.label(die.to_string());
            for col in &c.crt.columns {
                gr.label(col.cells.get(i).map(|x| x.label()).unwrap_or_default());
            }
            gr.end_row();
        }
    });
    let m = &c.combat_mods;
    ui_.small(format!(
        "Die modifiers: attacker out of supply {:+}, defender out of supply {:+} (5.3); \
         GHQ attacking {:+}, defending {:+} (6.5.2); Disrupted attackers {:+} column (7.3.1)",
        m.unsupplied_attacker_drm,
        m.unsupplied_defender_drm,
        m.ghq_attacking_drm,
        m.ghq_defending_drm,
        m.disrupted_attacker_shift
    ));
}

/// The Terrain Effects Chart: movement (7.1) and combat effects of terrain, relief and
/// rivers; roads, railroads (5.2) and ZOC (3.2).
fn tec_table(ui_: &mut egui::Ui, c: &sc::Charts) {
    ui_.strong("Terrain Effects Chart");
    egui::Grid::new("tec").striped(true).show(ui_, |gr| {
        for h in ["Terrain", "MP", "Die", "Column", "Defence"] {
            gr.strong(h);
        }
        gr.end_row();
        for r in &c.terrain {
            gr.label(format!("{:?}", r.terrain));
            gr.label(r.mp.to_string());
            gr.label(format!("{:+}", r.drm));
            gr.label(format!("{:+}", r.shift));
            gr.label(format!("x{}", r.defence_x));
            gr.end_row();
        }
        for r in &c.elevation {
            gr.label(&r.name);
            gr.label(r.mp.to_string());
            gr.label(format!("{:+}", r.drm));
            gr.label(format!("{:+}", r.shift));
            gr.label("");
            gr.end_row();
        }
        for r in &c.rivers {
            gr.label(format!("{:?} hexside", r.kind));
            gr.label(format!("+{}", r.mp));
            gr.label(format!("{:+} attacking across", r.attack_drm));
            gr.label("");
            gr.label("");
            gr.end_row();
        }
        gr.label("Road / railroad");
        gr.label(format!("{} / {}", c.road_mp, c.rail_mp));
        gr.label("supply lines of any length (5.2)");
        gr.end_row();
    });
    let z = &c.zoc;
    ui_.small(format!(
        "Enemy ZOC (3.2): {}; leaving costs +{} MP; {}",
        if z.stop_on_entry {
            "entering it ends the move"
        } else {
            "no stop on entry"
        },
        z.leave_cost,
        if z.zoc_to_zoc {
            "ZOC to ZOC allowed"
        } else {
            "no ZOC to ZOC"
        }
    ));
}

/// Victory levels (14.1) with the level the VPs give now, and the Armistice Table (4.7).
fn victory_tables(ui_: &mut egui::Ui, c: &sc::Charts, g: &Globals) {
    let [a, p] = g.vp;
    let now = c.victory_level(p, a);
    ui_.strong("Victory levels (14.1): Prussian VP minus Austrian VP");
    egui::Grid::new("victory").striped(true).show(ui_, |gr| {
        let best = [
            sc::VictoryLevel::PrussianDecisive,
            sc::VictoryLevel::PrussianSubstantive,
            sc::VictoryLevel::PrussianMarginal,
            sc::VictoryLevel::Draw,
            sc::VictoryLevel::AustrianMarginal,
            sc::VictoryLevel::AustrianSubstantive,
            sc::VictoryLevel::AustrianDecisive,
        ];
        for (i, level) in best.into_iter().enumerate() {
            let t = egui::RichText::new(level.name());
            gr.label(if level == now {
                t.strong().background_color(NOW).color(egui::Color32::BLACK)
            } else {
                t
            });
            gr.label(match c.victory_min_diff.get(i) {
                Some(m) => format!("{m:+} or more"),
                None => "less".into(),
            });
            gr.end_row();
        }
    });
    ui_.strong(format!(
        "Armistice Table (4.7, from turn {}): levels moved towards the asker",
        c.armistice_from_turn
    ));
    egui::Grid::new("armistice").striped(true).show(ui_, |gr| {
        for die in 1..=6u8 {
            gr.label(die.to_string());
        }
        gr.end_row();
        for die in 1..=6u8 {
            gr.label(format!("{:+}", c.armistice_shift(die)));
        }
        gr.end_row();
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
    // The same plan the resolution rolls on (combat::plan): who takes part and why, the
    // odds column, every modifier and the exact chance of each result.
    let cmd = SdCommand::Attack { lead, target };
    let Some(plan) = crate::games::sadowa::steps::attack::plan_of(rules, st, &cmd) else {
        return;
    };
    let name = |u: UnitId| rules.unit(u).map(|d| d.short.clone()).unwrap_or_default();
    for (title, att) in [("Attackers", true), ("Defenders", false)] {
        ui_.strong(title);
        for p in plan.units.iter().filter(|p| p.attacker == att) {
            let x4 = if p.x4 { " ×4 (8.7)" } else { "" };
            let roll = if p.roll { " — on a morale roll" } else { "" };
            ui_.label(format!(
                "  {} in {} · CF {} → {}{x4}{roll} · {}",
                name(p.unit),
                p.hex,
                p.cf,
                p.strength,
                p.text
            ));
        }
    }
    for (u, what) in &plan.hqs {
        ui_.label(format!("  {}: {what}", name(*u)));
    }
    if plan.hq_alone {
        ui_.label("Only Headquarters defend: they are eliminated, no roll (6.3)");
        return;
    }
    let odds = |o: &crate::games::sadowa::combat::Odds| {
        format!(
            "{} : {} → column {}",
            o.att,
            o.def,
            rules.charts.column_label(o.column)
        )
    };
    ui_.separator();
    ui_.label(format!(
        "Odds if every rolling unit joins: {}",
        odds(&plan.best)
    ));
    if plan.worst != plan.best {
        ui_.label(format!("Odds if none joins: {}", odds(&plan.worst)));
    }
    for m in plan.best.shifts.iter().chain(plan.best.drms.iter()) {
        ui_.label(format!("  {:+} {} ({})", m.value, m.what, m.rule));
    }
    ui_.separator();
    ui_.strong("Chance of each result (attacker / defender)");
    egui::Grid::new("sd-combat-chances")
        .striped(true)
        .show(ui_, |g| {
            for r in &plan.results {
                g.label(r.cell.label());
                g.label(format!("{:.1} %", 100.0 * r.p()));
                g.end_row();
            }
        });
}
