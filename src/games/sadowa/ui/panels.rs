//! The egui system of the game: gathers the state once a frame, then shows the windows:
//! the Turn window (the tracks in short, the message with its refusal, the prompt, the
//! hand-over notice, the selected unit and its commands, each step's buttons), the set-up
//! list, the hex under the pointer, the combat panel, the tracks and charts, the log.

use super::*;

#[allow(clippy::too_many_arguments)]
pub(super) fn panels(
    mut contexts: EguiContexts,
    rules: Option<Res<SdRulesRes>>,
    globals: Option<Res<SdGlobals>>,
    units: Query<(&Counter, &UnitStatus)>,
    log: Option<Res<crate::engine::log::GameLog>>,
    dice: Option<Res<crate::engine::dice::Dice>>,
    mut ui: ResMut<SdUi>,
    hovered: Res<HoveredHex>,
    mut lesson: Option<ResMut<ActiveLesson>>,
    mut next: ResMut<NextState<AppState>>,
    step: Res<CurrentStep>,
) -> Result {
    let (Some(rules), Some(globals)) = (rules, globals) else {
        return Ok(());
    };
    let rules = &rules.0;
    let mut st = flow::new_state(rules);
    st.g = globals.0.clone();
    for (c, s) in &units {
        if let Some(x) = st.units.get_mut(c.id as usize) {
            *x = s.0;
        }
    }
    let ctx = contexts.ctx_mut()?;
    let legal = legal(rules, &st);
    let f = Frame {
        rules,
        st: &st,
        legal: &legal,
        step: &step,
    };
    let ui = &mut *ui;
    // a selection the position no longer allows goes
    if ui.selected.is_some_and(|u| {
        flow::hex_of(&st, u).is_none() && !matches!(st.g.step, Step::Setup(_) | Step::Reinforce(_))
    }) {
        ui.selected = None;
    }
    if ui.target.is_some()
        && !legal.iter().any(
            |c| matches!(c, SdCommand::Attack { lead, target } if Some(*lead) == ui.selected && Some(*target) == ui.target),
        )
    {
        ui.target = None;
    }
    turn_window(ctx, &f, ui, &mut next);
    setup_window(ctx, &f, ui);
    if ui.target.is_some() {
        combat_window(ctx, &f, ui);
    } else if let Some(h) = hovered.0 {
        hex_window(ctx, &f, h);
    }
    charts::tracks_window(ctx, &f);
    ui.core
        .log_window(ctx, log.as_deref(), dice.as_deref(), &|t| format!("T{t}"));
    ui.core.lesson_window(ctx, lesson.as_deref_mut(), &mut next);
    ui.core
        .rules_window(ctx, &<Sadowa as RulesGame>::reference());
    if ui.core.show_charts {
        charts::charts_window(ctx, &f);
    }
    game_over_window(ctx, &f, &mut next);
    Ok(())
}

/// The Turn window: turn, phase, IP, morale and VP in short; the message and the
/// prompt; the selected unit with its commands; the step's buttons; the game buttons.
fn turn_window(ctx: &egui::Context, f: &Frame, ui: &mut SdUi, next: &mut NextState<AppState>) {
    let Frame { rules, st, .. } = *f;
    let g = &st.g;
    egui::Window::new("The Sadowa Campaign")
        .anchor(egui::Align2::LEFT_TOP, [8.0, 8.0])
        .default_width(330.0)
        .max_width(370.0)
        .resizable(false)
        .show(ctx, |ui_| {
            ui_.heading(format!(
                "Turn {} of {} · {}",
                g.turn,
                rules.charts.turn_count(),
                flow::phase_name(g.step)
            ));
            let ip = match g.initiative {
                Some(s) => format!("{} has the initiative, {} IP left", s.name(), g.ip),
                None => "No initiative".into(),
            };
            ui_.label(ip);
            ui_.label(format!(
                "VP Austria {} · Prussia {}   Morale A {} · P {}",
                g.vp[0], g.vp[1], g.morale[0], g.morale[1]
            ));
            ui_.separator();
            let rule = ui.core.message_line(ui_);
            ui.core.open_rule(rule);
            if let Some(a) = f.step.to_act {
                ui_.label(egui::RichText::new(format!("{} to act", a.name())).strong());
            }
            ui_.small(&f.step.prompt);
            ui.handover.show(ui_, f.step);
            selected_unit(ui_, f, ui);
            step_buttons(ui_, f, ui);
            ui_.separator();
            ui_.horizontal_wrapped(|ui_| {
                game_buttons(ui_, &mut ui.core, next);
            });
            ui_.checkbox(
                &mut ui.supply_overlay,
                "Supply overlay (5.2): yellow dots Austria, blue dots Prussia",
            );
            ui_.small(
                "Click a unit to select it (again: the next in the stack), a lit hex to act. \
                 Ctrl+S save · Ctrl+Z undo · F fit · L legend · wheel zoom",
            );
        });
}

/// The selected unit: what it is and the commands it has now, as buttons.
fn selected_unit(ui_: &mut egui::Ui, f: &Frame, ui: &mut SdUi) {
    let Frame {
        rules, st, legal, ..
    } = *f;
    let Some(u) = ui.selected else { return };
    let Some(d) = rules.unit(u) else { return };
    let s = flow::unit(st, u);
    ui_.separator();
    ui_.label(egui::RichText::new(&d.name).strong());
    ui_.label(unit_line(rules, st, u));
    if s.activated {
        ui_.label(format!("Activated · {} MP left (7.2)", s.mp));
    }
    let mut send = None;
    for c in legal.iter().filter(|c| {
        subject(c) == Some(u)
            && !matches!(
                c,
                SdCommand::Move { .. }
                    | SdCommand::Place { .. }
                    | SdCommand::Attack { .. }
                    | SdCommand::Garrison { .. }
            )
    }) {
        if ui_.button(label(rules, st, c)).clicked() {
            send = Some(c.clone());
        }
    }
    let moves = legal
        .iter()
        .filter(|c| matches!(c, SdCommand::Move { unit, .. } if *unit == u))
        .count();
    if moves > 0 {
        ui_.small(format!("{moves} hexes lit green: click one to move there"));
    }
    let places = legal
        .iter()
        .filter(|c| matches!(c, SdCommand::Place { unit, .. } | SdCommand::Garrison { unit, .. } if *unit == u))
        .count();
    if places > 0 {
        ui_.small(format!(
            "{places} hexes lit blue: click one to place it there"
        ));
    }
    let attacks = legal
        .iter()
        .filter(|c| matches!(c, SdCommand::Attack { lead, .. } if *lead == u))
        .count();
    if attacks > 0 {
        ui_.small(format!(
            "{attacks} defenders it may attack, lit red: click one to see the attack"
        ));
    }
    if let Some(c) = send {
        ui.core.outbox.push(c);
    }
}

/// One line about a unit: side, kind, value, HQ, state.
fn unit_line(rules: &SdRules, st: &SdState, u: UnitId) -> String {
    let d = &rules.units[u as usize];
    let s = flow::unit(st, u);
    let value = match d.kind {
        Kind::Hq => format!("HQ, CV {}", d.cv),
        Kind::Ghq => "General HQ".into(),
        Kind::Garrison => format!(
            "{} garrison, CF {}",
            if d.named { "named" } else { "unnamed" },
            d.cf
        ),
        Kind::Cavalry => format!("cavalry, CF {}", d.cf),
        Kind::Corps => format!("corps, CF {}", d.cf),
    };
    let hq = rules
        .parent
        .get(u as usize)
        .copied()
        .flatten()
        .map(|h| format!(" · under {}", rules.units[h as usize].short))
        .unwrap_or_default();
    let mut state = vec![if s.committed {
        "Committed"
    } else {
        "Uncommitted"
    }];
    if s.disrupted {
        state.push("Disrupted");
    }
    if s.oos {
        state.push("Out of Supply");
    }
    if s.activated {
        state.push("activated");
    }
    format!("{} {value}{hq} · {}", d.side.name(), state.join(", "))
}

/// The step's own commands without a hex, as buttons (set-up, pass, end of movement,
/// end of the operation, advance, forage, GHQ, armistice, done).
fn step_buttons(ui_: &mut egui::Ui, f: &Frame, ui: &mut SdUi) {
    let Frame {
        rules, st, legal, ..
    } = *f;
    let mut send = None;
    // activation and joins of units not selected: listed when there are few
    let joins: Vec<&SdCommand> = legal
        .iter()
        .filter(|c| matches!(c, SdCommand::Join { .. }))
        .collect();
    if !joins.is_empty() {
        ui_.separator();
        ui_.small("Units that may join the activated HQ (lit cyan; click on the map or here):");
        ui_.horizontal_wrapped(|ui_| {
            for c in joins {
                if let SdCommand::Join { unit } = c
                    && ui_
                        .small_button(&rules.units[*unit as usize].short)
                        .on_hover_text(label(rules, st, c))
                        .clicked()
                {
                    send = Some(c.clone());
                }
            }
        });
    }
    let plain: Vec<&SdCommand> = legal
        .iter()
        .filter(|c| {
            matches!(
                c,
                SdCommand::PlaceRest
                    | SdCommand::EndSetup
                    | SdCommand::Forage(_)
                    | SdCommand::EndMovement
                    | SdCommand::Pass
                    | SdCommand::EndOperation
                    | SdCommand::EndAdvance
                    | SdCommand::AnnounceGhq
                    | SdCommand::Armistice(_)
                    | SdCommand::Done
            ) || matches!(c, SdCommand::Advance { .. } | SdCommand::Surrender { .. })
                || matches!(c, SdCommand::Retreat { .. }) && legal.len() <= 6
        })
        .collect();
    if !plain.is_empty() {
        ui_.separator();
        if plain
            .iter()
            .any(|c| matches!(c, SdCommand::Surrender { .. }))
        {
            ui_.small(
                "3.1: the over-stacked hex is lit red; click it to pick its units in turn, or \
                 choose here the unit that surrenders (its CF becomes Loss Points, 7.4):",
            );
        }
        ui_.horizontal_wrapped(|ui_| {
            for c in plain {
                if ui_.button(label(rules, st, c)).clicked() {
                    send = Some(c.clone());
                }
            }
        });
    }
    if let Some(c) = send {
        ui.core.outbox.push(c);
        ui.target = None;
    }
}

/// 13.1 / 13.2: the units the side places by hand, placed or not; a click selects one.
fn setup_window(ctx: &egui::Context, f: &Frame, ui: &mut SdUi) {
    let Frame {
        rules, st, legal, ..
    } = *f;
    let Step::Setup(side) = st.g.step else {
        return;
    };
    let units = crate::games::sadowa::steps::setup::placed_by_hand(rules, side);
    egui::Window::new(format!(
        "Set-up of {} (13.{})",
        side.name(),
        if side == Side::Austria { 1 } else { 2 }
    ))
    .anchor(egui::Align2::LEFT_BOTTOM, [8.0, -8.0])
    .default_width(330.0)
    .show(ctx, |ui_| {
        ui_.small("Pick a unit, then click a lit hex of its set-up area.");
        for u in units {
            let d = &rules.units[u as usize];
            let at = flow::unit(st, u)
                .hex
                .map(|h| format!("in {h}"))
                .unwrap_or_else(|| "not placed".into());
            let area = match &d.setup {
                crate::games::sadowa::data::Setup::Within { of, radius, .. } => {
                    format!("within {radius} of {of}")
                }
                _ => String::new(),
            };
            let n = legal
                .iter()
                .filter(|c| matches!(c, SdCommand::Place { unit, .. } if *unit == u))
                .count();
            let sel = ui.selected == Some(u);
            if ui_
                .selectable_label(sel, format!("{} — {at} ({area}; {n} hexes)", d.name))
                .clicked()
            {
                ui.selected = if sel { None } else { Some(u) };
            }
        }
    });
}

/// The hex under the pointer: terrain, country, place and control, siege, the units.
fn hex_window(ctx: &egui::Context, f: &Frame, h: Coord) {
    let Frame { rules, st, .. } = *f;
    if !rules.map.hex.contains(h) {
        return;
    }
    egui::Window::new("Hex")
        .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
        .default_width(300.0)
        .show(ctx, |ui_| {
            let m = &rules.map;
            let relief = match m.hex.elevation(h) {
                3.. => "mountains",
                2 => "hills",
                _ => "",
            };
            ui_.strong(format!(
                "{h} · {:?} {relief} · {}",
                m.hex.terrain(h),
                m.country(h).map(|c| format!("{c:?}")).unwrap_or_default()
            ));
            if let Some(p) = m.place(h) {
                ui_.label(format!(
                    "{} ({:?}) · controlled by {}",
                    p.name,
                    p.kind,
                    flow::controller(rules, st, h)
                        .map(|s| s.name())
                        .unwrap_or("-")
                ));
            }
            for s in st.g.sieges.iter().filter(|s| s.fortress == h) {
                ui_.label(format!(
                    "Besieged by {} · Siege {} (8.2)",
                    s.by.name(),
                    s.level
                ));
            }
            if m.exit_hexes().contains(&h) {
                ui_.label("Exit hex of the south edge (14.0)");
            }
            for u in flow::units_at(rules, st, h) {
                ui_.label(format!(
                    "{}: {}",
                    rules.units[u as usize].name,
                    unit_line(rules, st, u)
                ));
            }
        });
}

/// 7.3: the attack of the selected lead on the picked defender, before it is committed.
fn combat_window(ctx: &egui::Context, f: &Frame, ui: &mut SdUi) {
    let Frame { rules, st, .. } = *f;
    let (Some(lead), Some(t)) = (ui.selected, ui.target) else {
        return;
    };
    let mut commit = false;
    let mut cancel = false;
    egui::Window::new("Attack (7.3)")
        .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
        .default_width(340.0)
        .show(ctx, |ui_| {
            charts::combat_preview(ui_, rules, st, lead, t);
            ui_.horizontal(|ui_| {
                commit = ui_
                    .button(format!(
                        "Attack {} with {}",
                        rules.units[t as usize].short, rules.units[lead as usize].short
                    ))
                    .clicked();
                cancel = ui_.button("Cancel").clicked();
            });
        });
    if commit {
        ui.core.outbox.push(SdCommand::Attack { lead, target: t });
        ui.target = None;
    }
    if cancel {
        ui.target = None;
    }
}

fn game_over_window(ctx: &egui::Context, f: &Frame, next: &mut NextState<AppState>) {
    let g = &f.st.g;
    if g.step != Step::GameOver {
        return;
    }
    egui::Window::new("Game over")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui_| {
            ui_.heading(match g.winner {
                Some(s) => format!("{} wins", s.name()),
                None => "A draw".into(),
            });
            ui_.label(&g.result);
            ui_.label(format!("VP: Austria {} · Prussia {}", g.vp[0], g.vp[1]));
            crate::gui::stats::game_over_plot(ui_);
            if ui_.button("Back to the menu").clicked() {
                next.set(AppState::Menu);
            }
        });
}
