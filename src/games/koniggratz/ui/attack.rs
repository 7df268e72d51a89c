//! Step::Attack (4.3): the exact odds of an attack before it is made (each side's
//! modifiers, every artillery choice the sides may make), and the secret artillery
//! choice with its hot-seat hand-over (4.3a).

use super::*;

/// 4.3a: the artillery choice is secret: the side to choose confirms it has the mouse,
/// then chooses.
pub(super) fn artillery_choice(ui_: &mut egui::Ui, f: &Frame, ui: &mut KgUi) {
    let Frame {
        rules,
        st,
        legal,
        active,
        ..
    } = *f;
    if let Some(Pending::Artillery {
        attacker, defender, ..
    }) = st.g.pending.last()
    {
        let who = active.unwrap_or(Side::Prussia);
        if ui.handover.computer[who.idx()] {
            // the computer's seat (gui::computer): it chooses on its own, in secret
            ui_.label(format!(
                "{} (the computer) chooses its Artillery Support in secret (4.3a).",
                who.name()
            ));
        } else if ui.handover_ok != Some(who) && !ui.handover.computer.iter().any(|&c| c) {
            // (against the computer one person is at the screen: no hand-over)
            ui_.colored_label(
                egui::Color32::YELLOW,
                format!(
                    "Hand the mouse to the {} player: the choice is secret (4.3a).",
                    who.name()
                ),
            );
            if ui_.button(format!("I am {}", who.name())).clicked() {
                ui.handover_ok = Some(who);
            }
        } else {
            ui_.label(format!(
                "{}: Artillery Support for {} vs {}?",
                who.name(),
                rules.units[*attacker as usize].name,
                rules.units[*defender as usize].name
            ));
            for c in legal {
                if let KgCommand::Artillery { support } = c {
                    let label = if *support {
                        "Support (+2, 1 AP)"
                    } else {
                        "No support"
                    };
                    if ui_.button(label).clicked() {
                        ui.core.outbox.push(c.clone());
                        ui.handover_ok = None;
                    }
                }
            }
        }
    }
}

/// The exact odds before committing an attack of the selected unit `a` on the enemy
/// in the hovered hex `h`, when that attack is legal.
pub(super) fn odds_window(ctx: &egui::Context, f: &Frame, ui: &mut KgUi, a: UnitId, h: Coord) {
    let Frame {
        rules,
        st,
        legal,
        view,
        ..
    } = *f;
    if let Some(d) = view.occupant(&rules.map, h)
        && legal.contains(&KgCommand::Attack {
            attacker: a,
            defender: d,
        })
    {
        egui::Window::new("Attack odds")
            .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
            .show(ctx, |ui_| {
                let (am, dm) = combat::modifiers(rules, st, a, d);
                ui_.label(format!(
                    "{} attacks {}",
                    rules.units[a as usize].name, rules.units[d as usize].name
                ));
                for (who, list) in [("Attacker", &am), ("Defender", &dm)] {
                    ui_.strong(who);
                    for m in list.iter() {
                        ui_.horizontal(|ui_| {
                            ui_.label(format!("  {:+}  {}", m.value, m.label));
                            if ui_.small_button(&m.rule).clicked() {
                                ui.core.rules_open = true;
                                ui.core.rules_query = m.rule.clone();
                            }
                        });
                    }
                }
                egui::Grid::new("odds").striped(true).show(ui_, |g| {
                    g.label("artillery (att/def)");
                    g.label("stalemate");
                    g.label("def R/B/E");
                    g.label("att R/B/E");
                    g.end_row();
                    // only choices each side can make (6.2: never cavalry; 4.3a: not at 0 AP)
                    let cases = [(false, false), (true, false), (false, true), (true, true)]
                        .into_iter()
                        .filter(|(aa, da)| {
                            (!aa || combat::may_support(rules, st, a))
                                && (!da || combat::may_support(rules, st, d))
                        });
                    for (aa, da) in cases {
                        let o = combat::odds(rules, st, a, d, aa, da);
                        g.label(format!(
                            "{} / {}",
                            if aa { "yes" } else { "no" },
                            if da { "yes" } else { "no" }
                        ));
                        g.label(pct(o.stalemate));
                        g.label(format!(
                            "{} {} {}",
                            pct(o.defender[0]),
                            pct(o.defender[1]),
                            pct(o.defender[2])
                        ));
                        g.label(format!(
                            "{} {} {}",
                            pct(o.attacker[0]),
                            pct(o.attacker[1]),
                            pct(o.attacker[2])
                        ));
                        g.end_row();
                    }
                });
            });
    }
}
