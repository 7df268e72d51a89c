//! Step::Declare (9.5.1, 9.5.2, 9.5.13): a click on an enemy hex opens the assault builder
//! with every unit that may assault it; the builder shows the coordination test, the
//! commander's risk and the exact odds of each attack, and declares.

use super::*;

/// Opens the assault builder on `hex` with every unit that may assault it (the selected
/// one ticked, or all when none is selected), or says why none may.
pub(super) fn open_builder(world: &mut World, rules: &TsRules, st: &TsState, hex: Coord) {
    // open the assault builder on this hex with every unit that may assault it
    let legal = flow::legal_commands(rules, st);
    let mut units: Vec<(UnitId, u8, bool)> = Vec::new();
    for c in &legal {
        if let TsCommand::Declare {
            target, units: us, ..
        } = c
            && *target == hex
            && us.len() == 1
            && !units.iter().any(|x| x.0 == us[0].0)
        {
            units.push((
                us[0].0,
                us[0].1,
                Some(us[0].0) == world.resource::<TsUi>().selected
                    || world.resource::<TsUi>().selected.is_none(),
            ));
        }
    }
    let mut ui = world.resource_mut::<TsUi>();
    if units.is_empty() {
        ui.core.message =
            format!("No unit of the active formation has {hex} in its front hexes (9.5.1).");
        ui.core.message_rule = "9.5.1".into();
    } else {
        ui.builder = Some(Builder {
            target: hex,
            units,
            coordinate: false,
            hold_back: false,
        });
        ui.core.message =
            format!("Assault on {hex}: choose the units and points in the Assault panel.");
    }
}

/// The assault builder (9.5.1, 9.5.2) with exact odds.
pub(super) fn assault_builder(
    ctx: &egui::Context,
    f: &Frame,
    ui: &mut TsUi,
    open_rule: &mut Option<String>,
) {
    let Frame { r, st, .. } = *f;
    let mut close_builder = false;
    if st.g.step == Step::Declare
        && st.g.pending.is_empty()
        && let Some(mut b) = ui.builder.clone()
    {
        egui::Window::new("Assault")
            .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
            .show(ctx, |ui_| {
                ui_.strong(format!("Assault on {}", b.target));
                for (u, pts, on) in b.units.iter_mut() {
                    let d = &r.units[*u as usize];
                    ui_.horizontal(|ui_| {
                        ui_.checkbox(on, &d.name);
                        ui_.add(egui::DragValue::new(pts).range(0..=d.combat));
                        ui_.small(format!("of {}", d.combat));
                    });
                }
                ui_.checkbox(
                    &mut b.coordinate,
                    "Coordinated assault (9.5.2: commander stacked with an attacker, test 6+)",
                );
                let chosen: Vec<(UnitId, u8)> =
                    b.units.iter().filter(|x| x.2).map(|x| (x.0, x.1)).collect();
                // 9.5.2: the coordination test's exact chance (the declaration's own roll)
                if b.coordinate {
                    coordination_chance(ui_, f, &chosen);
                }
                // 9.5.13: a stacked formation commander may add his bonus, at a risk.
                let stacked = chosen
                    .iter()
                    .find_map(|(u, _)| flow::bonus_leader(r, st, *u));
                if let Some(l) = stacked {
                    if b.coordinate {
                        ui_.small(format!(
                            "{} takes part: he tries to coordinate (9.5.13)",
                            r.leaders[l as usize].name
                        ));
                    } else {
                        commander_box(
                            ui_,
                            &r.leaders[l as usize].name,
                            "the roll",
                            &mut b.hold_back,
                        );
                    }
                }
                let commander = b.coordinate || !b.hold_back;
                let cmd = TsCommand::Declare {
                    target: b.target,
                    units: chosen.clone(),
                    coordinate: b.coordinate,
                    commander,
                };
                if !chosen.is_empty() {
                    attack_odds(ui_, f, &b, &chosen, (stacked, commander), open_rule);
                }
                match flow::check(r, st, &cmd) {
                    Ok(()) => {
                        if ui_.button("Declare").clicked() {
                            ui.core.outbox.push(cmd);
                        }
                    }
                    Err(e) => {
                        ui_.colored_label(
                            egui::Color32::LIGHT_RED,
                            format!("{} ({})", e.reason, e.rule),
                        );
                    }
                }
                if ui_.button("Cancel").clicked() {
                    close_builder = true;
                }
            });
        ui.builder = if close_builder { None } else { Some(b) };
    }
}

/// 9.5.2: the coordination test's exact chance (the declaration's own roll).
fn coordination_chance(ui_: &mut egui::Ui, f: &Frame, chosen: &[(UnitId, u8)]) {
    let Frame { r, st, .. } = *f;
    match flow::coordination_odds(r, st, chosen) {
        Some((l, mods, p)) => {
            ui_.small(format!(
                "{} coordinates on d6 {} ≥ 6: {:.0}%",
                r.leaders[l as usize].name,
                mods.iter()
                    .map(|m| format!("{:+} {}", m.value, m.label))
                    .collect::<Vec<_>>()
                    .join(" "),
                p * 100.0
            ));
        }
        None => {
            ui_.small(
                "No commander may try to coordinate these units (9.5.2): they would attack one by one.",
            );
        }
    }
}

/// 9.5.2: the exact odds of each attack the declaration makes (one combined attack if
/// coordinated, else one per unit), and the defenders' morale chances.
fn attack_odds(
    ui_: &mut egui::Ui,
    f: &Frame,
    b: &Builder,
    chosen: &[(UnitId, u8)],
    (stacked, commander): (Option<LeaderId>, bool),
    open_rule: &mut Option<String>,
) {
    let Frame { r, st, view, .. } = *f;
    let defs: Vec<UnitId> = view.units_at(b.target).to_vec();
    // 9.5.2: one combined attack if coordinated, else one attack per unit
    let groups: Vec<Vec<(UnitId, u8)>> = if b.coordinate || chosen.len() == 1 {
        vec![chosen.to_vec()]
    } else {
        chosen.iter().map(|x| vec![*x]).collect()
    };
    for group in groups {
        let leader = if b.coordinate {
            stacked
        } else {
            group
                .iter()
                .find_map(|(u, _)| flow::bonus_leader(r, st, *u))
                .filter(|_| commander)
        };
        let asl = Assault {
            target: b.target,
            attackers: group.clone(),
            coordinated: b.coordinate,
            leader,
            resolved: false,
            helpers: vec![],
        };
        let input = flow::attack_input(r, st, &asl, &group, &defs);
        ui_.separator();
        if group.len() > 1 {
            ui_.label("If the attackers survive defensive fire, together:");
        } else {
            ui_.label(format!(
                "If {} survives defensive fire:",
                r.units[group[0].0 as usize].name
            ));
        }
        fire_table(ui_, &combat::fire(&input), open_rule);
    }
    if !b.coordinate && chosen.len() > 1 {
        ui_.small(
            "Not coordinated: each unit attacks on its own (9.5.2); if coordinated, they attack together.",
        );
    }
    ui_.label("On a T each defender tests its morale (2):");
    morale_chances(ui_, r, st, &defs, open_rule);
}
