//! egui panels every game shows the same way: the dice tray with the log, and the rules
//! reference. Case numbers are buttons that open the reference at that case.

use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::reference::{self, RuleCase};
use crate::engine::tutorial::{ActiveLesson, Target};
use bevy_egui::egui;

/// What a click in a shared panel asks the game UI to do.
#[derive(Default)]
pub struct PanelClicks {
    /// Open the rules reference at this case.
    pub rule: Option<String>,
}

/// Where a double-clicked log line leaves its hex for [`take_log_focus`].
fn focus_id() -> egui::Id {
    egui::Id::new("feldzug-log-focus-hex")
}

/// The hex of a log line double-clicked in this frame, if any.
pub fn take_log_focus(ctx: &egui::Context) -> Option<crate::engine::hexmap::Coord> {
    ctx.data_mut(|d| d.remove_temp::<(i32, i32)>(focus_id()))
        .map(|(col, row)| crate::engine::hexmap::Coord::new(col, row))
}

/// A "go to" button that centres the map on what the game is about (the battle, the
/// moving force): true when it is clicked or `key` (the G key just pressed, from the
/// game's keyboard input) while no text field has the keyboard. `what` names the
/// place, e.g. "the battle at Prague".
pub fn go_to_button(ui: &mut egui::Ui, what: &str, key: bool) -> bool {
    let key = key && !ui.ctx().egui_wants_keyboard_input();
    let r = ui
        .button(format!("Go to {what} (G)"))
        .on_hover_text("Centre the map there (F fits the whole map again)");
    r.clicked() || key
}

/// The first row of a battle's grid: an empty cell, then the attacker's and the
/// defender's names with their role, in bold and their colours.
pub fn battle_header(g: &mut egui::Ui, sides: [(&str, egui::Color32); 2]) {
    g.label("");
    for (k, (name, colour)) in sides.iter().enumerate() {
        let role = if k == 0 { "attacker" } else { "defender" };
        g.label(
            egui::RichText::new(format!("{name} ({role})"))
                .strong()
                .color(*colour),
        );
    }
    g.end_row();
}

/// The dice tray (last rolls with their modifiers) and the readable log.
pub fn log_window(
    ctx: &egui::Context,
    log: Option<&GameLog>,
    dice: Option<&Dice>,
    turn_label: &dyn Fn(u8) -> String,
) -> PanelClicks {
    let mut out = PanelClicks::default();
    egui::Window::new("Log and dice")
        .anchor(egui::Align2::RIGHT_BOTTOM, [-8.0, -8.0])
        .default_width(460.0)
        .default_height(200.0)
        .show(ctx, |ui_| {
            if let Some(dice) = dice {
                ui_.strong("Dice tray");
                // Entries with the die 0 are undo barriers (a hidden shuffle, a hand-over),
                // not dice: the log tells of them in words.
                for r in dice.rolls.iter().rev().filter(|r| r.die > 0).take(3) {
                    let mods: Vec<String> = r
                        .modifiers
                        .iter()
                        .map(|(l, v)| format!("{v:+} {l}"))
                        .collect();
                    ui_.label(format!(
                        "{} [{}]: die {} {} = {}",
                        r.purpose,
                        r.rule,
                        r.die,
                        mods.join(" "),
                        r.total
                    ));
                }
                ui_.separator();
            }
            egui::ScrollArea::vertical()
                .stick_to_bottom(true)
                .max_height(140.0)
                .show(ui_, |ui_| {
                    let Some(log) = log else { return };
                    let n = log.entries.len();
                    for e in &log.entries[n.saturating_sub(200)..] {
                        ui_.horizontal_wrapped(|ui_| {
                            ui_.label(turn_label(e.turn));
                            if !e.rule.is_empty() && ui_.small_button(&e.rule).clicked() {
                                out.rule = Some(e.rule.clone());
                            }
                            let r = ui_.add(egui::Label::new(&e.text).sense(egui::Sense::click()));
                            if let Some(c) = crate::engine::game::hex_named(None, &e.text) {
                                let r = r.on_hover_text(format!(
                                    "Double-click: centre the board on hex {c}"
                                ));
                                if r.double_clicked() {
                                    ctx.data_mut(|d| d.insert_temp(focus_id(), (c.col, c.row)));
                                }
                            }
                        });
                    }
                });
        });
    out
}

/// The searchable rules reference window.
pub fn rules_window(ctx: &egui::Context, open: &mut bool, query: &mut String, cases: &[RuleCase]) {
    if !*open {
        return;
    }
    egui::Window::new("Rules reference")
        .open(open)
        .default_width(420.0)
        .default_height(420.0)
        .show(ctx, |ui_| {
            ui_.horizontal(|ui_| {
                ui_.label("Search:");
                ui_.text_edit_singleline(query);
            });
            ui_.small(
                "Our paraphrase of the rulebook, by case number. Click a case in the log to jump here.",
            );
            egui::ScrollArea::vertical().show(ui_, |ui_| {
                let q = query.trim().to_string();
                let exact = reference::lookup(cases, &q).cloned();
                let hits: Vec<RuleCase> = match exact {
                    Some(c) if !q.is_empty() => vec![c],
                    _ => reference::search(cases, &q).into_iter().cloned().collect(),
                };
                for c in hits {
                    ui_.strong(format!("{} {}", c.case, c.title));
                    ui_.label(&c.text);
                    ui_.add_space(4.0);
                }
            });
        });
}

/// What the lesson window asks for.
#[derive(Default)]
pub struct LessonClicks {
    /// Reopen the lesson at this step.
    pub step: Option<usize>,
    pub restart: bool,
    pub menu: bool,
}

/// What a game's own lesson panel adds to a step (a game on a point board, whose steps
/// point at areas and buttons rather than hexes): a line saying where to click, and the
/// panel to outline in orange with an arrow.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LessonHint {
    pub text: String,
    pub outline: Option<egui::Rect>,
}

/// The lesson window: the step's text, what it points at (an orange frame and arrow on
/// a panel), Next on reading steps, replay and leave.
pub fn lesson_window<C: Clone + Send + Sync + 'static>(
    ctx: &egui::Context,
    lesson: &mut ActiveLesson<C>,
) -> LessonClicks {
    lesson_window_hinted(ctx, lesson, None)
}

/// [`lesson_window`] with a game's [`LessonHint`] for the step (shown under its text,
/// its panel outlined) when the step's data names no target of its own.
pub fn lesson_window_hinted<C: Clone + Send + Sync + 'static>(
    ctx: &egui::Context,
    lesson: &mut ActiveLesson<C>,
    hint: Option<&LessonHint>,
) -> LessonClicks {
    let mut out = LessonClicks::default();
    let mut frame: Option<egui::Rect> = None;
    let total = lesson.lesson.steps.len();
    let step = lesson.run.step;
    let title = lesson.lesson.title.clone();
    let mut outline: Option<String> = None;
    egui::Window::new("Lesson")
        .anchor(egui::Align2::CENTER_BOTTOM, [-120.0, -8.0])
        .default_width(440.0)
        .show(ctx, |ui_| {
            ui_.heading(format!(
                "{title} — step {} of {total}",
                (step + 1).min(total)
            ));
            match lesson.lesson.steps.get(step).cloned() {
                Some(st) => {
                    ui_.label(egui::RichText::new(&st.text).size(15.0));
                    match &st.target {
                        Target::Hex(c) => {
                            ui_.small(format!("Look at hex {c} (outlined in orange)."));
                        }
                        Target::Panel(p) => {
                            ui_.small(format!("Look at the {p} panel (outlined in orange)."));
                            outline = Some(p.clone());
                        }
                        Target::Nothing => {
                            if let Some(h) = hint.filter(|_| st.expect.is_some()) {
                                ui_.label(
                                    egui::RichText::new(&h.text)
                                        .color(egui::Color32::from_rgb(255, 170, 60)),
                                );
                                frame = h.outline;
                            }
                        }
                    }
                    if !lesson.message.is_empty() {
                        ui_.colored_label(egui::Color32::from_rgb(255, 180, 80), &lesson.message);
                    }
                    if st.expect.is_none() && ui_.button("Next").clicked() {
                        let l = &mut *lesson;
                        l.run.next(&l.lesson);
                        l.save_progress();
                    }
                }
                None => {
                    ui_.label("Lesson complete.");
                }
            }
            ui_.horizontal(|ui_| {
                if step > 0 && ui_.button("Replay previous step").clicked() {
                    out.step = Some(step - 1);
                }
                if ui_.button("Replay lesson").clicked() {
                    out.restart = true;
                }
                if ui_.button("Back to menu").clicked() {
                    out.menu = true;
                }
            });
        });
    // point at the panel the step talks about (egui keys a window's area by
    // `Id::new(Option<Cow<str>>)` of its title), or the one the game's hint names
    let titled = outline.and_then(|title| {
        ctx.memory(|m| {
            m.area_rect(egui::Id::new(Some(std::borrow::Cow::Borrowed(
                title.as_str(),
            ))))
        })
    });
    if let Some(rect) = titled.or(frame) {
        let painter = ctx.layer_painter(egui::LayerId::new(
            egui::Order::Foreground,
            egui::Id::new("lesson-outline"),
        ));
        let orange = egui::Color32::from_rgb(255, 140, 0);
        painter.rect_stroke(
            rect.expand(4.0),
            6.0,
            egui::Stroke::new(3.0, orange),
            egui::StrokeKind::Outside,
        );
        let tip = rect.right_center() + egui::vec2(8.0, 0.0);
        painter.arrow(
            tip + egui::vec2(60.0, 0.0),
            egui::vec2(-56.0, 0.0),
            egui::Stroke::new(4.0, orange),
        );
    }
    out
}
