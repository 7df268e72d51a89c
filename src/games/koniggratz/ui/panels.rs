//! The egui system of the game: gathers the state once a frame, then shows the windows in
//! a fixed order. The windows every step shares are here (Turn, Unit under the pointer,
//! Forces, lesson); each step adds its own from its file.

use super::*;

#[allow(clippy::too_many_arguments)]
pub(super) fn panels(
    mut contexts: EguiContexts,
    rules: Option<Res<KgRulesRes>>,
    globals: Option<Res<KgGlobals>>,
    units: Query<(&Counter, &UnitStatus)>,
    hqs: Query<(&HqMarker, &HqStatus)>,
    log: Option<Res<GameLog>>,
    dice: Option<Res<Dice>>,
    mut ui: ResMut<KgUi>,
    hovered: Res<HoveredHex>,
    lesson: Option<ResMut<ActiveLesson>>,
    mut next: ResMut<NextState<AppState>>,
    mut gizmos: Gizmos,
    step: Res<CurrentStep>,
) -> Result {
    let (Some(rules), Some(globals)) = (rules, globals) else {
        return Ok(());
    };
    let rules = &rules.0;
    let mut st = KgState {
        units: vec![
            UnitState {
                loc: Loc::Eliminated,
                march: false,
                exhausted: false
            };
            rules.units.len()
        ],
        hqs: vec![HqState::default(); rules.hqs.len()],
        g: globals.0.clone(),
    };
    for (c, s) in &units {
        st.units[c.id as usize] = s.0;
    }
    for (h, s) in &hqs {
        st.hqs[h.id] = s.0;
    }
    let ctx = contexts.ctx_mut()?;
    let legal = flow::legal_commands(rules, &st);
    let active = flow::active_side(rules, &st);
    let view = View::new(rules, &st);
    let f = Frame {
        rules,
        st: &st,
        legal: &legal,
        active,
        step: &step,
        view: &view,
    };
    let ui = &mut *ui;
    movement::path_to(&f, ui, hovered.0, &mut gizmos);
    turn_window(ctx, &f, ui, &mut next);
    // exact odds before committing an attack
    if let (Some(a), Some(h)) = (ui.selected, hovered.0) {
        attack::odds_window(ctx, &f, ui, a, h);
    } else if let Some(h) = hovered.0
        && let Some(u) = view.occupant(&rules.map, h)
    {
        unit_window(ctx, &f, u, h);
    }
    charts::log(ctx, ui, log.as_deref(), dice.as_deref());
    forces_window(ctx, &f);
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
    charts::rules_and_charts(ctx, ui);
    game_over::window(ctx, &f, &mut next);
    Ok(())
}

/// The Turn window: the turn track, ammunition and VP, the message and the prompt, the
/// selected unit, each step's own controls, the Pass button and the game buttons.
fn turn_window(ctx: &egui::Context, f: &Frame, ui: &mut KgUi, next: &mut NextState<AppState>) {
    let Frame { rules, st, .. } = *f;
    egui::Window::new("Turn")
        .anchor(egui::Align2::LEFT_TOP, [8.0, 8.0])
        .default_width(290.0)
        .resizable(false)
        .show(ctx, |ui_| {
            turn_track(ui_, f);
            ui_.separator();
            // a refusal links to the case it cites
            if let Some(rule) = ui.core.message_line(ui_) {
                ui.core.rules_open = true;
                ui.core.rules_query = rule;
            }
            ui_.small(&f.step.prompt);
            ui.handover.show(ui_, f.step);
            if let Some(u) = ui.selected {
                let d = &rules.units[u as usize];
                let s = &st.units[u as usize];
                let state = match d.kind {
                    Kind::Infantry => {
                        if s.march {
                            "March"
                        } else {
                            "Battle"
                        }
                    }
                    Kind::Cavalry => {
                        if s.exhausted {
                            "Exhausted"
                        } else {
                            "Fresh"
                        }
                    }
                };
                ui_.label(format!(
                    "{} — {} · {} · ER {} · MA {}",
                    d.name,
                    d.side.name(),
                    state,
                    d.er,
                    rules::ma_half(rules, st, u) as f32 / 2.0
                ));
            }
            // step-specific controls
            command::hq_panel(ui_, f, ui);
            command::blown_panel(ui_, f, ui);
            attack::artillery_choice(ui_, f, ui);
            ui_.horizontal(|ui_| {
                pass_button(ui_, f, ui);
                game_buttons(ui_, &mut ui.core, next);
            });
            movement::pass_cap_note(ui_, f);
            ui_.small(
                "Ctrl+S save · Ctrl+O load · Ctrl+Z undo · F fit · L legend · WASD/right-drag pan · wheel zoom",
            );
        });
}

/// The turn and phase, the turn track, who is to act, ammunition, VP so far, the cap
/// after a pass.
fn turn_track(ui_: &mut egui::Ui, f: &Frame) {
    let Frame {
        rules, st, active, ..
    } = *f;
    let g = &st.g;
    ui_.heading(format!(
        "Turn {} of {}  ·  {}",
        g.turn,
        rules.options.turns,
        g.step.phase_name()
    ));
    ui_.horizontal(|ui_| {
        for t in 1..=rules.options.turns {
            let txt = egui::RichText::new(format!("{t}"));
            let txt = if t == g.turn {
                txt.strong().color(egui::Color32::YELLOW)
            } else {
                txt
            };
            let txt = if t >= rules.options.duel_tie_flip_turn {
                txt.underline()
            } else {
                txt
            };
            ui_.label(txt);
        }
        ui_.small("(underlined: Prussia wins duel ties, 4.3c)");
    });
    if let Some(a) = active {
        ui_.label(egui::RichText::new(format!("{} to act", a.name())).strong());
    }
    let ap = |i: usize| {
        if g.ap_removed[i] {
            "marker removed".to_string()
        } else {
            format!("{} AP", g.ap[i])
        }
    };
    ui_.label(format!(
        "Ammunition: Austria {} · Prussia {} (6.1)",
        ap(0),
        ap(1)
    ));
    let vp = flow::victory_points(rules, st);
    ui_.label(format!(
        "VP so far: Austria {} · Prussia {} (7.0)",
        vp[0], vp[1]
    ));
    if let Some(cap) = g.cap {
        ui_.label(format!("Moves/attacks left after the pass: {cap}"));
    }
}

/// Pass (or end the step), named for the step, when the rules allow it now.
fn pass_button(ui_: &mut egui::Ui, f: &Frame, ui: &mut KgUi) {
    if f.legal.contains(&KgCommand::Pass) {
        let label = match f.st.g.step {
            Step::Organize(_) => "Done",
            Step::ExitEzoc => "Decline exits",
            Step::BlownReturn(_) => "Leave on the track",
            _ => "Pass",
        };
        if ui_.button(label).clicked() {
            ui.core.outbox.push(KgCommand::Pass);
            ui.selected = None;
        }
    }
}

/// The unit under the pointer, with its values.
fn unit_window(ctx: &egui::Context, f: &Frame, u: UnitId, h: Coord) {
    let Frame { rules, st, .. } = *f;
    let d = &rules.units[u as usize];
    egui::Window::new("Unit")
        .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
        .show(ctx, |ui_| {
            ui_.strong(&d.name);
            ui_.label(format!(
                "{} · {:?} · {}",
                d.side.name(),
                d.kind,
                rules.army(&d.army).map(|a| a.name.as_str()).unwrap_or("")
            ));
            ui_.label(format!(
                "Efficiency {} · MA {}",
                "*".repeat(d.er as usize),
                rules::ma_half(rules, st, u) as f32 / 2.0
            ));
            ui_.label(format!("Hex {h}, {:?}", rules.map.terrain(h)));
            ui_.small("Values reconstructed (see docs/games/koniggratz.md)");
        });
}

/// Reinforcements to come (4.2a), blown (4.3.3) and eliminated units.
fn forces_window(ctx: &egui::Context, f: &Frame) {
    let Frame { rules, st, .. } = *f;
    egui::Window::new("Forces")
        .anchor(egui::Align2::LEFT_BOTTOM, [8.0, -8.0])
        .default_open(false)
        .show(ctx, |ui_| {
            ui_.strong("Reinforcements (4.2a)");
            for (i, d) in rules.units.iter().enumerate() {
                if let (Loc::Off, Some(e)) = (st.units[i].loc, &d.entry) {
                    ui_.label(format!("T{} {} — {}", e.turn, e.hex, d.name));
                }
            }
            ui_.strong("Blown (4.3.3) and eliminated");
            for (i, d) in rules.units.iter().enumerate() {
                match st.units[i].loc {
                    Loc::Blown(t) => {
                        ui_.label(format!("{} — back on turn {t}", d.name));
                    }
                    Loc::Eliminated => {
                        ui_.label(format!("{} — eliminated", d.name));
                    }
                    _ => {}
                }
            }
        });
}
