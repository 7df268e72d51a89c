//! Step::Combat (9.5.3 - 9.5.13): the declared assaults to resolve, the defender's
//! decision (share the defence points, artillery support, helpers, the commander, or fall
//! back), the retreats and the advance after combat.

use super::*;

/// The declared assaults, each with its Resolve button while legal (9.5.3).
pub(super) fn declared_assaults(ctx: &egui::Context, f: &Frame, ui: &mut TsUi) {
    let Frame { r, st, legal, .. } = *f;
    if st.g.step == Step::Combat || (st.g.step == Step::Declare && !st.g.assaults.is_empty()) {
        egui::Window::new("Declared assaults")
            .anchor(egui::Align2::RIGHT_TOP, [-8.0, 240.0])
            .show(ctx, |ui_| {
                for (i, a) in st.g.assaults.iter().enumerate() {
                    let names: Vec<String> = a
                        .attackers
                        .iter()
                        .map(|(u, p)| format!("{} ({p})", r.units[*u as usize].name))
                        .collect();
                    ui_.horizontal_wrapped(|ui_| {
                        ui_.label(format!(
                            "{} attacked by {}{}{}",
                            a.target,
                            names.join(" + "),
                            if a.coordinated { " [coordinated]" } else { "" },
                            if a.resolved { " — done" } else { "" }
                        ));
                        let c = TsCommand::Resolve { assault: i as u8 };
                        if legal.contains(&c) && ui_.button("Resolve").clicked() {
                            ui.core.outbox.push(c);
                        }
                    });
                }
            });
    }
}

/// The defender's decision (9.5.2, 9.5.3, 9.5.4, 9.5.6).
pub(super) fn defence_window(
    ctx: &egui::Context,
    f: &Frame,
    ui: &mut TsUi,
    open_rule: &mut Option<String>,
) {
    let Frame {
        r,
        st,
        legal,
        active,
        ..
    } = *f;
    if let Some(Pending::Defence { assault }) = st.g.pending.first()
        && let Some(a) = st.g.assaults.get(*assault as usize).cloned()
    {
        // 9.5.1: units with an attacker in a front hex that may join the fire
        let eligible = flow::defence_helpers(r, st, *assault as usize);
        ui.helpers.retain(|h| eligible.contains(h));
        let pool = flow::defence_pool(r, st, &a, ui.support, &ui.helpers) as u32;
        let n = if a.coordinated { a.attackers.len() } else { 1 };
        if ui.split.len() != n {
            ui.split = vec![0; n];
            ui.split[0] = pool as u8;
        }
        egui::Window::new("Defence")
            .anchor(egui::Align2::CENTER_TOP, [0.0, 8.0])
            .show(ctx, |ui_| {
                ui_.strong(format!(
                    "{}: the assault on {} — defend or fall back",
                    active.map(|s| s.name()).unwrap_or(""),
                    a.target
                ));
                ui_.label(format!(
                    "Defence points to share: {pool} (9.5.3 A; flank shares are halved)"
                ));
                ui_.label("On a T each attacker tests its morale (2):");
                let attackers: Vec<UnitId> = a.attackers.iter().map(|x| x.0).collect();
                morale_chances(ui_, r, st, &attackers, open_rule);
                defence_helpers(ui_, f, ui, &eligible);
                let support = ui.support;
                // 9.5.13: the defenders' formation commander may add his bonus.
                if let Some(l) = flow::defence_leader(r, st, &a) {
                    commander_box(
                        ui_,
                        &r.leaders[l as usize].name,
                        "the defensive fire",
                        &mut ui.def_hold_back,
                    );
                }
                let commander = !ui.def_hold_back;
                if ui.split.len() == n {
                    defence_shares(ui_, f, ui, &a, pool, commander, open_rule);
                }
                let cmd = TsCommand::Defend {
                    split: ui.split.clone(),
                    support,
                    commander,
                    helpers: ui.helpers.clone(),
                };
                match flow::check(r, st, &cmd) {
                    Ok(()) => {
                        if ui_.button("Defend").clicked() {
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
                if legal
                    .iter()
                    .any(|c| matches!(c, TsCommand::RetreatBefore { .. }))
                {
                    ui_.small("Or click a lit orange hex to fall back before combat (9.5.4): the whole stack, or only the unit you select first.");
                }
            });
    }
}

/// 9.5.6: the battery that supports the defence; 9.5.1: the units outside the hex that
/// join the defensive fire. A change clears the split of points.
fn defence_helpers(ui_: &mut egui::Ui, f: &Frame, ui: &mut TsUi, eligible: &[UnitId]) {
    let Frame { r, legal, .. } = *f;
    let supports: Vec<UnitId> = legal
        .iter()
        .filter_map(|c| match c {
            TsCommand::Defend {
                support: Some(s), ..
            } => Some(*s),
            _ => None,
        })
        .collect();
    if !supports.is_empty() {
        ui_.horizontal(|ui_| {
            ui_.label("Artillery support (9.5.6):");
            if ui_.selectable_label(ui.support.is_none(), "none").clicked() {
                ui.support = None;
                ui.split.clear();
            }
            for s in &supports {
                if ui_
                    .selectable_label(ui.support == Some(*s), &r.units[*s as usize].name)
                    .clicked()
                {
                    ui.support = Some(*s);
                    ui.split.clear();
                }
            }
        });
    }
    if !eligible.is_empty() {
        ui_.label("Units with an attacker in a front hex may join the fire (9.5.1):");
        for h in eligible {
            let mut on = ui.helpers.contains(h);
            if ui_.checkbox(&mut on, &r.units[*h as usize].name).changed() {
                if on {
                    ui.helpers.push(*h);
                } else {
                    ui.helpers.retain(|x| x != h);
                }
                ui.split.clear();
            }
        }
    }
}

/// 9.5.3 A: the defence points shared among the attackers (flank shares halved), then
/// the exact rolls of each share (9.5.2), from the function the resolution rolls with.
#[allow(clippy::too_many_arguments)]
fn defence_shares(
    ui_: &mut egui::Ui,
    f: &Frame,
    ui: &mut TsUi,
    a: &Assault,
    pool: u32,
    commander: bool,
    open_rule: &mut Option<String>,
) {
    let Frame { r, st, view, .. } = *f;
    let defs: Vec<UnitId> = view.units_at(a.target).to_vec();
    let n = ui.split.len();
    for k in 0..n {
        let (att, _) = a.attackers[k];
        let ah = st.units[att as usize].loc.hex().unwrap_or(a.target);
        let flank = defs
            .first()
            .is_some_and(|&d| rules::is_flank_of(r, st, d, ah));
        ui_.horizontal(|ui_| {
            ui_.label(format!(
                "vs {}{}",
                r.units[att as usize].name,
                if flank { " (flank: halved)" } else { "" }
            ));
            if n > 1 {
                ui_.add(egui::DragValue::new(&mut ui.split[k]).range(0..=pool as u8));
            } else {
                ui.split[k] = pool as u8;
                ui_.label(format!("{pool}"));
            }
        });
    }
    // 9.5.2, 9.5.3 A: the exact rolls, from the function the resolution
    // rolls with (the once-only +1s land on one share only)
    let choice = combat::DefenceChoice {
        split: ui.split.clone(),
        support: ui.support,
        commander,
        helpers: ui.helpers.clone(),
    };
    for sf in combat::defence_fires(r, st, a, &choice) {
        ui_.label(format!("Fire at {}:", r.units[sf.attacker as usize].name));
        fire_table(ui_, &sf.fire, open_rule);
    }
}

/// 9.5.4 (may) / 9.5.9 (must): the attacker that advances into the vacated hex, and the
/// commanders stacked with it who go along (9.5.12, 9.5.13).
pub(super) fn advance_window(ctx: &egui::Context, f: &Frame, ui: &mut TsUi) {
    let Frame { r, st, legal, .. } = *f;
    if let Some(Pending::Advance { optional, .. }) = st.g.pending.first() {
        let optional = *optional;
        egui::Window::new("Advance after combat")
            .anchor(egui::Align2::CENTER_TOP, [0.0, 8.0])
            .show(ctx, |ui_| {
                ui_.label(if optional {
                    "An attacker may occupy the hex (9.5.4)."
                } else {
                    "An attacker must advance (9.5.9)."
                });
                // 9.5.12 / 9.5.13: commanders stacked with an attacker may go along.
                let mut stacked: Vec<LeaderId> = legal
                    .iter()
                    .flat_map(|c| match c {
                        TsCommand::Advance { leaders, .. } => leaders.clone(),
                        _ => vec![],
                    })
                    .collect();
                stacked.sort();
                stacked.dedup();
                for l in stacked {
                    let mut on = ui.along.contains(&l);
                    if ui_
                        .checkbox(
                            &mut on,
                            format!("{} goes along (9.5.13)", r.leaders[l as usize].name),
                        )
                        .changed()
                    {
                        ui.along.retain(|&x| x != l);
                        if on {
                            ui.along.push(l);
                        }
                    }
                }
                for c in legal {
                    if let TsCommand::Advance {
                        unit,
                        facing,
                        leaders,
                    } = c
                    {
                        // the ticked commanders that are with this unit
                        let with: Vec<LeaderId> = unit
                            .map(|u| flow::leaders_with(r, st, u))
                            .unwrap_or_default()
                            .into_iter()
                            .filter(|l| ui.along.contains(l))
                            .collect();
                        if *leaders != with {
                            continue;
                        }
                        let label = match unit {
                            Some(u) => format!("{} facing {facing:?}", r.units[*u as usize].name),
                            None => "Stay".into(),
                        };
                        if ui_.button(label).clicked() {
                            ui.core.outbox.push(c.clone());
                            ui.along.clear();
                        }
                    }
                }
            });
    }
}

/// 9.5.4: a click on a lit hex to fall back before combat: with a unit of the defending
/// stack selected, only it falls back, else the whole stack.
pub(super) fn retreat_before_pick(hits: &[TsCommand], sel: Option<UnitId>) -> Vec<TsCommand> {
    let pick = hits
        .iter()
        .find(
            |c| matches!(c, TsCommand::RetreatBefore { unit, .. } if sel.is_some() && *unit == sel),
        )
        .or_else(|| {
            hits.iter()
                .find(|c| matches!(c, TsCommand::RetreatBefore { unit: None, .. }))
        })
        .or(hits.first());
    pick.into_iter().cloned().collect()
}

/// 9.5.8: a click on a lit hex retreats the unit, keeping its facing when it may.
pub(super) fn retreat_pick(st: &TsState, hits: &[TsCommand]) -> Vec<TsCommand> {
    // keep the unit's facing when it may
    let cur = st.g.pending.first().and_then(|p| match p {
        Pending::Retreat { units, .. } => units.first().map(|u| st.units[*u as usize].facing),
        _ => None,
    });
    let keep: Vec<TsCommand> = hits
        .iter()
        .filter(|c| matches!(c, TsCommand::Retreat { facing, .. } | TsCommand::RetreatBefore { facing, .. } if Some(*facing) == cur))
        .cloned()
        .collect();
    if keep.is_empty() {
        hits.iter().take(1).cloned().collect()
    } else {
        keep
    }
}
