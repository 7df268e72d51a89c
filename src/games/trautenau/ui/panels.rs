//! The egui system of the game: gathers the state once a frame, then shows the windows in
//! a fixed order. The windows every step shares are here (Turn, Activation cup, Hex under
//! the pointer, lesson); each step adds its own from its file.

use super::*;

#[allow(clippy::too_many_arguments)]
pub(super) fn panels(
    mut contexts: EguiContexts,
    rules: Res<TsRulesRes>,
    globals: Res<TsGlobals>,
    occupancy: Res<TsOccupancy>,
    units: Query<(&Counter, &UnitStatus)>,
    leaders: Query<(&Leader, &LeaderStatus)>,
    markers: Query<(&FormationMarker, &MarkerStatus)>,
    log: Option<Res<GameLog>>,
    dice: Option<Res<Dice>>,
    mut ui: ResMut<TsUi>,
    hovered: Res<HoveredHex>,
    mut next: ResMut<NextState<AppState>>,
    mut gizmos: Gizmos,
    lesson: Option<ResMut<ActiveLesson>>,
    step: Res<CurrentStep>,
) -> Result {
    let r = &rules.0;
    let mut st = flow::new_state(r);
    st.g = globals.0.clone();
    st.last_occupant = occupancy.0.clone();
    for (c, s) in &units {
        st.units[c.id as usize] = s.0;
    }
    for (l, s) in &leaders {
        st.leaders[l.id as usize] = s.0;
    }
    for (m, s) in &markers {
        st.formations[m.id] = s.0;
    }
    let ctx = contexts.ctx_mut()?;
    let legal = flow::legal_commands(r, &st);
    let active = flow::active_side(r, &st);
    let view = rules::view(r, &st);
    let f = Frame {
        r,
        st: &st,
        legal: &legal,
        active,
        step: &step,
        view: &view,
    };
    let ui = &mut *ui;
    let mut open_rule: Option<String> = None;
    // path to the hovered destination; line of sight from the selected battery
    if let (Some(u), Some(h)) = (ui.selected, hovered.0)
        && let Some(from) = st.units[u as usize].loc.hex()
    {
        movement::path_to(&f, u, from, h, &mut gizmos);
        barrage::line_of_sight(ctx, &f, u, from, h, &mut gizmos);
    }
    turn_window(ctx, &f, ui, &mut next, &mut open_rule);
    // the activation cup (1.2.4, 8, 9)
    command::decision_window(ctx, &f, ui);
    activation_cup(ctx, &f);
    declare::assault_builder(ctx, &f, ui, &mut open_rule);
    assaults::declared_assaults(ctx, &f, ui);
    assaults::defence_window(ctx, &f, ui, &mut open_rule);
    assaults::advance_window(ctx, &f, ui);
    hex_window(ctx, &f, ui, hovered.0);
    if let Some(mut lesson) = lesson {
        let clicks = crate::gui::panels::lesson_window(ctx, &mut lesson);
        if let Some(k) = clicks.step {
            ui.core.request = Some(UiRequest::LessonStep(k));
        }
        if clicks.restart {
            ui.core.request = Some(UiRequest::RestartLesson);
        }
        if clicks.menu {
            next.set(AppState::Menu);
        }
    }
    charts::reference_windows(ctx, ui, log.as_deref(), dice.as_deref(), open_rule);
    game_over::window(ctx, &f, &mut next);
    Ok(())
}

/// The Turn window: the turn track, the message and the prompt, the selected unit, then
/// each step's own controls, the step's end button and the game buttons.
fn turn_window(
    ctx: &egui::Context,
    f: &Frame,
    ui: &mut TsUi,
    next: &mut NextState<AppState>,
    open_rule: &mut Option<String>,
) {
    let Frame { r, .. } = *f;
    egui::Window::new("Turn")
        .anchor(egui::Align2::LEFT_TOP, [8.0, 8.0])
        .default_width(300.0)
        .resizable(false)
        .show(ctx, |ui_| {
            turn_track(ui_, f);
            ui_.separator();
            if let Some(rule) = ui.core.message_line(ui_) {
                *open_rule = Some(rule);
            }
            ui_.small(&f.step.prompt);
            ui.handover.show(ui_, f.step);
            if let Some(u) = ui.selected {
                selected_unit(ui_, f, ui, u, open_rule);
            }
            // commanders
            for (l, d) in r.leaders.iter().enumerate() {
                let can = f.legal.iter().any(|c| leader_of(c) == Some(l as LeaderId));
                if can
                    && ui_
                        .selectable_label(ui.leader == Some(l as LeaderId), format!("Move {}", d.name))
                        .clicked()
                {
                    ui.leader = Some(l as LeaderId);
                    ui.selected = None;
                }
            }
            night::redeploy_panel(ui_, f, ui);
            rally::rally_panel(ui_, f, ui);
            command::chief_command_panel(ui_, f, ui);
            command::decision_notice(ui_, f);
            command::choose_first_panel(ui_, f, ui);
            ui_.horizontal(|ui_| {
                done_button(ui_, f, ui);
                game_buttons(ui_, &mut ui.core, next);
            });
            ui_.small("Ctrl+S save · Ctrl+O load · Ctrl+Z undo · F fit · L legend · WASD/right-drag pan · wheel zoom · Shift+wheel turn");
        });
}

/// The hour and phase, the day's hours with the night turns, who is to act, VP so far.
fn turn_track(ui_: &mut egui::Ui, f: &Frame) {
    let Frame { r, st, active, .. } = *f;
    let hour = st.g.hour;
    ui_.heading(format!("{:02}.00 · {}", hour, st.g.step.phase_name()));
    ui_.horizontal_wrapped(|ui_| {
        if r.day2.is_some() {
            ui_.label(format!("Day {}", st.g.day));
        }
        for h in flow::start_hour(r, st)..=flow::end_hour(r, st) {
            let mut txt = egui::RichText::new(format!("{h:02}"));
            if flow::is_night_at(r, st, h) {
                txt = txt
                    .background_color(egui::Color32::from_rgb(20, 30, 90))
                    .color(egui::Color32::WHITE);
            }
            if h == hour {
                txt = txt.strong().color(egui::Color32::YELLOW);
            }
            ui_.label(txt);
        }
    });
    ui_.small("dark blue: night turn (-1 morale, -1 column; 1.1)");
    if let Some(a) = active {
        ui_.label(egui::RichText::new(format!("{} to act", a.name())).strong());
    }
    let (vp, _) = flow::score(r, st, false);
    ui_.label(format!(
        "VP so far: Austria {} · Prussia {} (11.4 / 12.4)",
        vp[0], vp[1]
    ));
}

/// The selected unit's values, then what it may do now: turn (movement), fire
/// (barrage), leave the map (movement).
fn selected_unit(
    ui_: &mut egui::Ui,
    f: &Frame,
    ui: &mut TsUi,
    u: UnitId,
    open_rule: &mut Option<String>,
) {
    let Frame { r, st, legal, .. } = *f;
    let d = &r.units[u as usize];
    let s = &st.units[u as usize];
    ui_.label(format!(
        "{} — {} · {:?} · combat {} · morale {} · MP {} (spent {}) · facing {:?}{}{}",
        d.name,
        d.side.name(),
        d.arm,
        d.combat,
        d.morale,
        d.movement,
        s.spent,
        s.facing,
        if s.disorg { " · disorganised" } else { "" },
        if s.in_command || s.chief_command {
            ""
        } else {
            " · out of command"
        }
    ));
    movement::turn_buttons(ui_, f, ui, u);
    for c in legal {
        barrage::fire_button(ui_, f, ui, u, c, open_rule);
        movement::evacuate_button(ui_, ui, u, c);
    }
}

/// The end of the step, named for the step, when the rules allow it now.
fn done_button(ui_: &mut egui::Ui, f: &Frame, ui: &mut TsUi) {
    if f.legal.contains(&TsCommand::Done) {
        let label = match f.st.g.step {
            Step::ChiefMove(_) => "End chief moves",
            Step::Barrage => "End barrages",
            Step::Movement => "End movement",
            Step::Declare => "End declarations",
            Step::Rally(_) => "End rally",
            Step::ChiefCommand => "No more (9.1.4)",
            _ => "Done",
        };
        if ui_.button(label).clicked() {
            ui.core.outbox.push(TsCommand::Done);
            ui.selected = None;
            ui.leader = None;
        }
    }
}

/// The activation cup (1.2.4, 8, 9): initiative, the acting formation, the formations
/// still in the cup, and each formation's losses against its demoralisation level.
fn activation_cup(ctx: &egui::Context, f: &Frame) {
    let Frame { r, st, .. } = *f;
    egui::Window::new("Activation cup")
        .anchor(egui::Align2::LEFT_BOTTOM, [8.0, -8.0])
        .default_width(300.0)
        .show(ctx, |ui_| {
            if let Some(s) = st.g.initiative {
                ui_.label(format!("Initiative: {} (8)", s.name()));
            }
            if let Some(f) = st.g.active {
                let fs = &st.formations[f];
                ui_.label(
                    egui::RichText::new(format!(
                        "Acting: {} ({})",
                        r.formations[f].name,
                        r.formations[f].side.name()
                    ))
                    .strong(),
                );
                if fs.failed_activation {
                    ui_.colored_label(
                        egui::Color32::LIGHT_RED,
                        "Activation test failed: out of command (9.1.1)",
                    );
                }
            }
            ui_.label("Still in the cup:");
            for (f, fd) in r.formations.iter().enumerate() {
                if st.formations[f].in_cup {
                    ui_.label(format!("  • {} ({})", fd.name, fd.side.name()));
                }
            }
            ui_.separator();
            ui_.label("Demoralisation (10.2): steps lost / threshold");
            for (f, fd) in r.formations.iter().enumerate() {
                let lost = flow::formation_losses(r, st, f);
                let txt = format!(
                    "{}: {lost}/{}{}",
                    fd.name,
                    fd.demo,
                    if st.formations[f].demoralised {
                        " — DEMORALISED"
                    } else {
                        ""
                    }
                );
                if st.formations[f].demoralised {
                    ui_.colored_label(egui::Color32::LIGHT_RED, txt);
                } else {
                    ui_.small(txt);
                }
            }
        });
}

/// The units under the pointer, with their values (not while building an assault or
/// aiming a battery).
fn hex_window(ctx: &egui::Context, f: &Frame, ui: &TsUi, hovered: Option<Coord>) {
    let Frame { r, st, view, .. } = *f;
    if ui.builder.is_none()
        && let Some(h) = hovered
        && !view.units_at(h).is_empty()
        && ui
            .selected
            .is_none_or(|u| r.units[u as usize].arm != Arm::Artillery)
    {
        egui::Window::new("Hex")
            .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
            .show(ctx, |ui_| {
                ui_.label(format!(
                    "{h} · {:?} · level {}",
                    r.map.terrain(h),
                    r.map.elevation(h)
                ));
                for &u in view.units_at(h) {
                    let d = &r.units[u as usize];
                    let s = &st.units[u as usize];
                    ui_.label(format!(
                        "{} ({}) · {:?}{} · {}-{}-{}{} · losses {} · facing {:?}{}",
                        d.name,
                        d.side.name(),
                        d.arm,
                        if d.heavy { " heavy" } else { "" },
                        d.combat,
                        d.morale,
                        d.movement,
                        if d.range > 0 {
                            format!(" r{}", d.range)
                        } else {
                            String::new()
                        },
                        s.losses,
                        s.facing,
                        if s.disorg { " · disorganised" } else { "" }
                    ));
                }
                ui_.small("Counter values reconstructed (docs/games/trautenau-soor-data.md)");
            });
    }
}
