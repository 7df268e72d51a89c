//! egui panels every game shows the same way: the dice tray with the log, and the rules
//! reference. Case numbers are buttons that open the reference at that case.

use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::reference::{self, RuleCase};
use bevy_egui::egui;

/// What a click in a shared panel asks the game UI to do.
#[derive(Default)]
pub struct PanelClicks {
    /// Open the rules reference at this case.
    pub rule: Option<String>,
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
                for r in dice.rolls.iter().rev().take(3) {
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
                            ui_.label(&e.text);
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
