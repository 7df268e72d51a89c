//! The egui windows of 1866: the turn and VP track, the step's buttons, the hand of the
//! side to act (behind the hand-over curtain), the piles, the card in play, the log.

use super::super::data::{StRules, UnitId};
use super::super::ecs::*;
use super::super::options;
use super::super::state::*;
use super::board::{card_face, hand_faces};
use super::{StUi, legal};
use crate::engine::game_ecs::{CurrentStep, RulesRes};
use crate::engine::side::Side;
use crate::gui::AppState;
use crate::gui::cards::{self, CardAction, Piles};
use crate::gui::game_ui::game_buttons;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// A use of a card in words (6.2).
fn use_label(rules: &StRules, u: &Use) -> String {
    match u {
        Use::Mobilize => "Mobilize (6.21)".into(),
        Use::Activate { general } => {
            format!("Activate {} and his army (6.22)", rules.gen_name(*general))
        }
        Use::Individual => "Individual activations (6.23)".into(),
        Use::Event => "Event (6.24)".into(),
        Use::Queue => "Into the Operations Queue (optional rule 4)".into(),
        Use::Replace { unit } => format!(
            "Replacement: flip {} (optional rule 3)",
            rules.unit_name(*unit)
        ),
        Use::General { general, at } => format!(
            "Mobilize {} at {} (optional rule 8)",
            rules.gen_name(*general),
            space_name(rules, *at)
        ),
    }
}

fn piece_name(rules: &StRules, p: &Piece) -> String {
    match p {
        Piece::Unit(u) => rules.unit_name(*u),
        Piece::General(g) => rules.gen_name(*g),
    }
}

fn space_name(rules: &StRules, s: usize) -> String {
    rules
        .map
        .spaces
        .get(s)
        .map(|s| s.name.clone())
        .unwrap_or_else(|| format!("space {s}"))
}

/// A command's words on a button at this moment: in a battle a unit dropped stays behind
/// (10.2 interception, 10.4/18.3 the rearguard of an avoiding army, 12.5 pursuit).
/// A reduced unit is named so (6.21), else units of one kind read alike on the buttons.
pub fn label_now(rules: &StRules, st: &StState, c: &StCommand) -> String {
    let reduced = |u: UnitId| {
        if st.units.get(u as usize).is_some_and(|x| x.reduced) {
            " (reduced)"
        } else {
            ""
        }
    };
    match c {
        StCommand::Drop { piece } if st.g.battle.is_some() => {
            let r = match piece {
                Piece::Unit(u) => reduced(*u),
                _ => "",
            };
            format!(
                "{}{r} stays behind (10.2, 12.5, 18.3)",
                piece_name(rules, piece)
            )
        }
        StCommand::WithdrawUnit { unit } => format!(
            "Withdraw {}{} inside, the rest stay outside (13.2, 13.5)",
            rules.unit_name(*unit),
            reduced(*unit)
        ),
        _ => label(rules, c),
    }
}

/// A command's words on a button.
pub fn label(rules: &StRules, c: &StCommand) -> String {
    match c {
        StCommand::SetupAt { choice, space } => {
            format!(
                "Set-up choice {choice}: {} (22.2)",
                space_name(rules, *space)
            )
        }
        StCommand::Play { card, use_ } => format!("Play #{card}: {}", use_label(rules, use_)),
        StCommand::FreeOp { use_ } => format!("Free OP (8.3): {}", use_label(rules, use_)),
        StCommand::Mobilize { unit } => format!("Mobilize {} (6.21)", rules.unit_name(*unit)),
        StCommand::Appoint { general, at } => format!(
            "Appoint {} at {} (18.4)",
            rules.gen_name(*general),
            space_name(rules, *at)
        ),
        StCommand::Declare { piece } => format!("Activate {} (6.23)", piece_name(rules, piece)),
        StCommand::Begin => "Begin the activations (6.23)".into(),
        StCommand::Move { to } => format!("Move to {}", space_name(rules, *to)),
        StCommand::PickUp { piece } => format!("Pick up {} (9.3)", piece_name(rules, piece)),
        StCommand::Drop { piece } => format!("Drop off {} (9.3)", piece_name(rules, piece)),
        StCommand::Done => "Done".into(),
        StCommand::Siege => "Siege roll (13.33-13.34, 2 MP; free in the Siege Phase, 13.7)".into(),
        StCommand::EventUnit { unit } => format!("Event: {} (6.24)", rules.unit_name(*unit)),
        StCommand::EventSpace { space } => {
            format!("Event: place in {} (6.24)", space_name(rules, *space))
        }
        StCommand::EventCard { card } => {
            format!("Event: card #{card} {} (6.24)", rules.card_title(*card))
        }
        StCommand::EventGeneral { general } => {
            format!("Event: {} (6.24)", rules.gen_name(*general))
        }
        StCommand::Intercept { general } => {
            format!("Intercept with {} (10.2)", rules.gen_name(*general))
        }
        StCommand::Return => "Go back and end the move (10.3)".into(),
        StCommand::Support { general } => {
            format!("Support roll for {} (11.42)", rules.gen_name(*general))
        }
        StCommand::Avoid { to, unit } => match unit {
            Some(u) => format!(
                "Avoid battle: {} to {} (10.5/10.6)",
                rules.unit_name(*u),
                space_name(rules, *to)
            ),
            None => format!("Avoid battle to {} (10.4)", space_name(rules, *to)),
        },
        StCommand::Respond { card } => format!("Play response #{card} (6.25)"),
        StCommand::TakeLosses { choice } => {
            format!("Take losses: way {} (11.2 step 4)", choice + 1)
        }
        StCommand::Retreat { to } => format!("Retreat to {} (12.1)", space_name(rules, *to)),
        StCommand::Pursue => "Pursue (12.4)".into(),
        StCommand::Withdraw => "Withdraw inside (13.2)".into(),
        StCommand::WithdrawUnit { unit } => format!(
            "Withdraw {} inside, the rest stay outside (13.2, 13.5)",
            rules.unit_name(*unit)
        ),
        StCommand::Sortie => "Sortie against the besiegers (13.6)".into(),
        StCommand::SaveRail { save: true } => {
            "Keep the rail bonus for later: pay this rail step from the ordinary MPs (9.61)".into()
        }
        StCommand::SaveRail { save: false } => {
            "Use the rail bonus from the next friendly rail step (9.61)".into()
        }
        StCommand::Advance { general } => format!(
            "{} enters the battle space (11.44)",
            rules.gen_name(*general)
        ),
        StCommand::UseQueue { use_ } => format!(
            "Spend the Operations Queue (optional rule 4): {}",
            use_label(rules, use_)
        ),
    }
}

/// The turn in words: Mobilization May I.. or War 1-10.
pub fn turn_label(st: &StState) -> String {
    if st.g.war {
        format!("War turn {}", st.g.turn)
    } else {
        let half = ["May I", "May II", "June I", "June II"];
        let t = st.g.turn.saturating_sub(1) as usize;
        format!(
            "Mobilization turn {} ({})",
            st.g.turn,
            half.get(t).copied().unwrap_or("")
        )
    }
}

/// The VP track in words: one signed number, + for Austria (21).
pub fn vp_label(vp: i32) -> String {
    match vp {
        0 => "VP 0 (even)".into(),
        v if v > 0 => format!("VP +{v} (Austria ahead)"),
        v => format!("VP {v} (Prussia ahead)"),
    }
}

/// The commander of each side of the pending battle by name (attacker, defender): the
/// moving army's general, else the senior general in the space (18.1).
fn battle_commanders(rules: &StRules, st: &StState) -> [Option<String>; 2] {
    use super::super::flow;
    let Some(p) = st.g.battle.as_ref() else {
        return [None, None];
    };
    let mover_gen =
        st.g.op
            .as_ref()
            .and_then(|o| o.mover.as_ref())
            .and_then(|m| match m.pieces.first() {
                Some(Piece::General(g)) => Some(*g),
                _ => None,
            });
    let a =
        mover_gen.or_else(|| flow::commander(rules, &flow::generals_at(rules, st, p.at, p.att)));
    let d = flow::commander(rules, &flow::generals_at(rules, st, p.at, p.att.other()));
    [a.map(|g| rules.gen_name(g)), d.map(|g| rules.gen_name(g))]
}

/// A chance of n in `of` in words with its percentage.
fn chance(n: u32, of: u32) -> String {
    format!("{n} in {of} ({:.0}%)", n as f64 * 100.0 / of.max(1) as f64)
}

/// The battle in progress (10-12): both forces, their columns on the Battle Results
/// Table with every shift and DRM and its case, the chance of each side winning and of
/// each loss, pursuit, all from `flow_battle::battle_preview` (the same
/// `battle::plan` that resolves the roll); after the roll, the result.
fn battle_window(ctx: &egui::Context, rules: &StRules, st: &StState, prompt: &str) {
    use super::super::battle::Who;
    use super::super::flow_battle::{Stage, battle_inputs, battle_preview};
    let Some(p) = st.g.battle.as_ref() else {
        return;
    };
    let sides = [p.att, p.att.other()];
    let stage = match p.stage {
        Stage::Intercept => "interception (10.2)",
        Stage::Stay => "after an interception (10.3)",
        Stage::BattleStart => "the battle begins (6.25)",
        Stage::Support => "coordinated attack (11.4)",
        Stage::Avoid => "avoid battle? (10.4)",
        Stage::Respond(_) => "battle cards (6.25)",
        Stage::Roll => "the roll (11.2 step 3)",
        Stage::Losses(_) => "losses (11.2 step 4)",
        Stage::Retreat => "retreat (12.1)",
        Stage::Advance => "advance (11.44)",
        Stage::Pursue => "pursuit (12.4)",
        Stage::Attrition => "attrition (15.5)",
        Stage::GeneralRetreat => "lone generals retreat (9.52)",
        Stage::SiegePhase => "Siege Phase attempt (13.7)",
    };
    egui::Window::new(format!("Battle of {}", space_name(rules, p.at)))
        .id(egui::Id::new("st-battle"))
        .anchor(egui::Align2::RIGHT_TOP, [-8.0, 190.0])
        .resizable(false)
        .collapsible(true)
        .default_width(340.0)
        .show(ctx, |ui| {
            ui.label(format!("Now: {stage}"));
            ui.weak(prompt);
            ui.separator();
            let names = battle_commanders(rules, st);
            let inputs = battle_inputs(rules, st);
            let plan = battle_preview(rules, st);
            egui::Grid::new("st-battle-grid")
                .num_columns(3)
                .spacing([10.0, 2.0])
                .striped(true)
                .show(ui, |g| {
                    crate::gui::panels::battle_header(
                        g,
                        sides.map(|s| {
                            (
                                s.name(),
                                crate::gui::pointboard::c32(super::board::side_colour(s)),
                            )
                        }),
                    );
                    g.label("Commander");
                    for (k, n) in names.iter().enumerate() {
                        let rating = inputs.as_ref().and_then(|(a, d, _)| {
                            let f = if k == 0 { a } else { d };
                            f.commander
                                .map(|r| if k == 0 { r.offensive } else { r.defensive })
                        });
                        g.label(match (n, rating) {
                            (Some(n), Some(r)) => format!("{n} ({r:+})"),
                            (Some(n), None) => n.clone(),
                            _ => "none".into(),
                        });
                    }
                    g.end_row();
                    if let Some((a, d, _)) = &inputs {
                        g.label("Units");
                        for f in [a, d] {
                            let v: Vec<String> = f
                                .units
                                .iter()
                                .map(|u| {
                                    if u.reduced {
                                        format!("{} (r)", u.name)
                                    } else {
                                        u.name.clone()
                                    }
                                })
                                .collect();
                            g.add(egui::Label::new(v.join(", ")).wrap());
                        }
                        g.end_row();
                    }
                    if let Some(b) = &plan {
                        g.label("Strength");
                        for sp in b.sp {
                            g.label(format!("{sp} SP"));
                        }
                        g.end_row();
                        g.label("BRT column");
                        for ((label, col), base) in
                            b.column_label.iter().zip(b.column).zip(b.base_column)
                        {
                            let shifted = if col != base { " (shifted)" } else { "" };
                            g.label(format!("{label}{shifted}"));
                        }
                        g.end_row();
                        g.label("Die modifier");
                        for drm in b.drm {
                            g.label(format!("{drm:+}"));
                        }
                        g.end_row();
                    }
                });
            let Some(b) = plan else {
                if let Some(w) = p.winner {
                    ui.separator();
                    ui.strong(format!("{} won the battle.", w.name()));
                    ui.label(format!(
                        "Losses: {} {} CF, {} {} CF",
                        sides[0].name(),
                        p.loss[0],
                        sides[1].name(),
                        p.loss[1]
                    ));
                }
                return;
            };
            ui.separator();
            if b.modifiers.is_empty() {
                ui.weak("No column shifts or die modifiers.");
            }
            for m in &b.modifiers {
                let side = if m.who == Who::Attacker {
                    sides[0]
                } else {
                    sides[1]
                };
                let what = if m.shift {
                    format!("{:+} column", m.amount)
                } else {
                    format!("{:+} to the die", m.amount)
                };
                ui.label(format!("{}: {what} — {}", side.name(), m.case));
            }
            ui.separator();
            if let Some(w) = p.winner {
                ui.strong(format!(
                    "{} won. Losses: {} {} CF, {} {} CF (11.2 step 4).",
                    w.name(),
                    sides[0].name(),
                    p.loss[0],
                    sides[1].name(),
                    p.loss[1]
                ));
                return;
            }
            ui.strong(format!(
                "{} wins {} (ties go to the attacker, 11.2)",
                sides[0].name(),
                chance(b.attacker_wins_in_36, 36)
            ));
            for (side, losses) in sides.iter().zip(&b.loss_in_36) {
                let v: Vec<String> = losses
                    .iter()
                    .enumerate()
                    .filter(|(_, n)| **n > 0)
                    .map(|(cf, n)| format!("{cf} CF {n}/36"))
                    .collect();
                ui.label(format!("{} loses: {}", side.name(), v.join(", ")));
            }
            if b.impetus_if_won {
                ui.label("If the attacker wins it may go on moving (impetus, 11.3).");
            }
            // 12.4: an estimate before losses and retreat (audit 5 defect 5)
            ui.label(b.pursuit_estimate([sides[0].name(), sides[1].name()]));
        });
}

#[allow(clippy::too_many_arguments)]
pub(super) fn panels(
    mut contexts: EguiContexts,
    rules: Option<Res<RulesRes<super::super::Struggle>>>,
    st: Option<Res<StStateRes>>,
    log: Option<Res<crate::engine::log::GameLog>>,
    dice: Option<Res<crate::engine::dice::Dice>>,
    mut ui: ResMut<StUi>,
    mut next: ResMut<NextState<AppState>>,
    step: Res<CurrentStep>,
    mut lesson: Option<ResMut<crate::gui::game_ui::ActiveLesson<super::super::Struggle>>>,
) -> Result {
    let (Some(rules), Some(st)) = (rules, st) else {
        return Ok(());
    };
    let rules = &rules.0;
    let st = &st.0;
    let ctx = contexts.ctx_mut()?;
    let legal = legal(rules, st);
    let ui = &mut *ui;
    ui.curtain.follow(step.to_act);
    // a lesson is played by one person: no hand-over, the side to act's hand is shown
    if lesson.is_some() {
        ui.curtain.lift();
    }
    let viewer = ui.curtain.viewer();

    egui::Window::new("1866")
        .id(egui::Id::new("st-side"))
        .anchor(egui::Align2::LEFT_TOP, [8.0, 8.0])
        .resizable(false)
        .collapsible(true)
        .default_width(290.0)
        .show(ctx, |p| {
            p.heading("1866: The Struggle for Supremacy");
            p.label(turn_label(st));
            p.strong(vp_label(st.g.vp));
            p.label(format!(
                "Rounds left: Austria {}, Prussia {}",
                st.g.rounds_left[Side::Austria.idx()],
                st.g.rounds_left[Side::Prussia.idx()]
            ));
            p.separator();
            p.strong(format!("{} ({})", step.name, step.case));
            if let Some(s) = step.to_act {
                p.label(format!("{} to act", s.name()));
            }
            p.label(&step.prompt);
            if let Some(op) = &st.g.op {
                p.label(format!(
                    "{} OP left · {}",
                    op.ops,
                    use_label(rules, &op.use_)
                ));
                if let Some(m) = &op.mover {
                    p.label(format!(
                        "Moving at {}: {}/{} MP spent",
                        space_name(rules, m.at),
                        m.mp,
                        m.ma
                    ));
                }
            }
            p.separator();
            let rule = ui.core.message_line(p);
            ui.core.open_rule(rule);
            p.separator();
            // the step's commands other than card plays (those are on the cards) and
            // the spaces (those are lit on the map, listed here as well)
            egui::ScrollArea::vertical().max_height(300.0).show(p, |p| {
                if viewer.is_none() && step.to_act.is_some() {
                    p.weak("The curtain is down.");
                    return;
                }
                // the computer's side: its choices are its own
                if ui.curtain.hides_commands() {
                    p.weak("The computer is to act.");
                    return;
                }
                for c in &legal {
                    if matches!(c, StCommand::Play { .. }) {
                        continue;
                    }
                    if p.button(label_now(rules, st, c)).clicked() {
                        ui.core.outbox.push(c.clone());
                    }
                }
            });
            p.separator();
            cards::piles(
                p,
                &Piles {
                    deck: st.cards.draw.len(),
                    discard: st.cards.discard.len(),
                    removed: st.cards.removed.len(),
                    more: vec![("War deck aside".into(), st.cards.aside.len())],
                },
            );
            for s in [Side::Austria, Side::Prussia] {
                if viewer != Some(s) {
                    cards::hidden_hand(
                        p,
                        s.name(),
                        st.cards.hand(s).len(),
                        crate::gui::pointboard::c32(super::board::side_colour(s)),
                    );
                    // optional rule 4: the other seats know only how many are queued
                    if let Some(q) = options::queue_public(st, s) {
                        p.weak(q);
                    }
                } else if let Some(q) = options::queue_for_owner(rules, st, s) {
                    // the owner's own queue (total and cards), gated like his hand
                    // (audit 13k rows 15, 21)
                    p.label(q);
                }
            }
            if viewer.is_some()
                && !ui.curtain.is_computer(Some(Side::Austria))
                && !ui.curtain.is_computer(Some(Side::Prussia))
                && p.button("Hide my hand").clicked()
            {
                ui.curtain.lower();
            }
            p.separator();
            p.horizontal_wrapped(|p| game_buttons(p, &mut ui.core, &mut next));
        });

    if viewer.is_some() || step.to_act.is_none() {
        battle_window(ctx, rules, st, &step.prompt);
    }
    if let Some(face) = st.cards.in_play.and_then(|c| card_face(rules, c)) {
        let how =
            st.g.op
                .as_ref()
                .map(|o| format!("{}: {}", o.side.name(), use_label(rules, &o.use_)))
                .unwrap_or_default();
        cards::played_window(ctx, &face, &how);
    }
    ui.core
        .log_window(ctx, log.as_deref(), dice.as_deref(), &|t| format!("T{t}"));
    if let Some(side) = viewer {
        let faces = hand_faces(rules, st, side, viewer);
        let plays: Vec<StCommand> = legal
            .iter()
            .filter(|c| matches!(c, StCommand::Play { .. }))
            .cloned()
            .collect();
        let title = format!(
            "{} hand ({} card{})",
            side.name(),
            faces.len(),
            if faces.len() == 1 { "" } else { "s" }
        );
        // in a lesson the hand stands above the lesson's panel
        let offset = if lesson.is_some() {
            [310.0, -250.0]
        } else {
            [310.0, -8.0]
        };
        let hand = &mut ui.hands[side.idx()];
        if let Some(c) = cards::hand_window_at(ctx, &title, &faces, hand, offset, |f| {
            plays
                .iter()
                .filter_map(|c| match c {
                    StCommand::Play { card, use_ } if *card as u32 == f.id => {
                        Some(CardAction::new(use_label(rules, use_), c.clone()))
                    }
                    _ => None,
                })
                .collect()
        }) {
            ui.core.outbox.push(c);
        }
    }
    ui.core.lesson_window(ctx, lesson.as_deref_mut(), &mut next);
    ui.curtain.draw(ctx);
    Ok(())
}
