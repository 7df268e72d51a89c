//! The egui windows of Great Saxon War: the turn and step, the commands without a map
//! target as buttons (with the refusals of the step's other choices), the march roll's
//! chances, the secret deployment's picks, the battle panel, the log, the curtain.

use super::super::SaxonWar;
use super::super::data::SxRules;
use super::super::ecs::*;
use super::super::rules::*;
use super::super::state::*;
use super::super::steps::march;
use super::board::{current_pick, side_text};
use super::{BattleMemo, DeployPick, SxUi, legal, secret_step};
use crate::engine::game::RulesGame;
use crate::engine::game_ecs::{CurrentStep, RulesRes};
use crate::gui::AppState;
use crate::gui::game_ui::game_buttons;
use crate::gui::pointboard::c32;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// A chance of n in `of` in words with its percentage.
pub fn chance(n: u32, of: u32) -> String {
    format!("{n} in {of} ({:.0}%)", n as f64 * 100.0 / of.max(1) as f64)
}

/// A command's words on a button.
pub fn label(rules: &SxRules, st: &SxState, c: &SxCommand) -> String {
    let area = |a: &AreaId| rules.area_name(*a).to_string();
    match c {
        SxCommand::Deploy {
            leader,
            area: a,
            inside,
        } => format!(
            "Deploy {} at {}{}",
            rules.leader_name(*leader),
            area(a),
            if *inside { " (inside)" } else { "" }
        ),
        SxCommand::DeploySp {
            power,
            area: a,
            inside,
            sp,
        } => format!(
            "Deploy {sp} {} SP at {}{}",
            power.name(),
            area(a),
            if *inside { " (inside)" } else { "" }
        ),
        SxCommand::Done if st.g.step == Step::Deploy => {
            format!(
                "Done: {} has re-deployed (grand.redeploy)",
                st.g.deploying.name()
            )
        }
        SxCommand::Done => "Done: end this phase".into(),
        SxCommand::Roll => "Make the phase's rolls".into(),
        SxCommand::BuildDepot { area: a } => format!("Build a depot at {}", area(a)),
        SxCommand::DestroyDepot { area: a } => format!("Destroy your depot at {}", area(a)),
        SxCommand::Select { leader } => format!("March with {}", rules.leader_name(*leader)),
        SxCommand::Take { sp } => format!("Take {sp} SP along"),
        SxCommand::PickUp { leader } => {
            format!("Take {} along", rules.leader_name(*leader))
        }
        SxCommand::March => match &st.g.march {
            Some(m) => {
                let mods: i32 = march_mods(rules, st, m.leader).iter().map(|x| x.1).sum();
                format!("Roll the march die (1d6 {mods:+})")
            }
            None => "Roll the march die".into(),
        },
        SxCommand::Enter { area: a } => format!("Enter {}", area(a)),
        SxCommand::Overwhelm { fortress: false } => "Overwhelming attack on the field force".into(),
        SxCommand::Overwhelm { fortress: true } => "Overwhelming attack on the fortress".into(),
        SxCommand::Garrison { sp } => format!("Leave {sp} SP in the fortress"),
        SxCommand::IntoFortress => "The whole force into the fortress".into(),
        SxCommand::Halt => "Halt: end this leader's march".into(),
        SxCommand::Fight { fight: true } => "Willing to fight".into(),
        SxCommand::Fight { fight: false } => "Decline battle".into(),
        SxCommand::Retreat {
            area: a,
            into_fortress,
        } => {
            if *into_fortress {
                format!("Retreat into the fortress of {}", area(a))
            } else {
                format!("Retreat to {}", area(a))
            }
        }
        SxCommand::Siege { area: a } => format!("Siege roll against {}", rules.fortress_name(*a)),
        SxCommand::Honors { grant: true } => "Grant the Honors of War".into(),
        SxCommand::Honors { grant: false } => "Deny the Honors of War".into(),
        SxCommand::Accept { accept: true } => "Surrender (all taken prisoner)".into(),
        SxCommand::Accept { accept: false } => "Refuse to surrender".into(),
        SxCommand::Storm { storm: true } => "Storm the fortress".into(),
        SxCommand::Storm { storm: false } => "Do not storm (wait)".into(),
        SxCommand::Buy { power, sp } => format!("Buy {sp} {} SP", power.name()),
        SxCommand::BattleKind { maneuver } => {
            let kind = if *maneuver { "maneuver" } else { "positional" };
            // the odds of the same function the resolution uses (battle::option)
            match super::super::battle::current(rules, st) {
                Some(v) => {
                    let o = if *maneuver {
                        &v.maneuver
                    } else {
                        &v.positional
                    };
                    let (w, t, l) = o.odds;
                    format!(
                        "Fight a {kind} battle: {} wins {}, drawn {}, {} wins {}",
                        v.inputs.att.side.name(),
                        chance(w, 36),
                        chance(t, 36),
                        v.inputs.def.side.name(),
                        chance(l, 36)
                    )
                }
                None => format!("Fight a {kind} battle"),
            }
        }
        SxCommand::Sally { sp } => format!("Sally with {sp} SP to join the relief"),
        SxCommand::PullOff { pull: true } => "Pull off the field (+2 to morale recovery)".into(),
        SxCommand::PullOff { pull: false } => "Stay on the field".into(),
        SxCommand::Lend { area: a, sp } => format!("Lend {sp} Empire SP at {} to France", area(a)),
        SxCommand::Recall { area: a, sp } => format!("Take back {sp} Empire SP at {}", area(a)),
        SxCommand::TakeLent { sp } => format!("Take {sp} lent Empire SP along"),
        SxCommand::Withdraw {
            power,
            area: a,
            inside,
        } => format!(
            "Pick up {}'s force {} {} to place it again",
            power.name(),
            if *inside { "inside" } else { "at" },
            area(a)
        ),
        SxCommand::Dismiss { leader } => format!(
            "Give up {} ({}) for good",
            rules.leader_name(*leader),
            power_of(rules, *leader).name()
        ),
        SxCommand::Release { power } => format!("Release one {} SP", power.name()),
        SxCommand::ReleaseLeader { leader } => format!("Release {}", rules.leader_name(*leader)),
        SxCommand::PlaceReleased { area: a } => format!("Send the released to {}", area(a)),
        SxCommand::ReturnWounded { area: a, inside } => format!(
            "Send the recovered leader back to the force {} {}",
            if *inside { "inside" } else { "at" },
            area(a)
        ),
    }
}

/// The choices of the step that are worth showing even when refused, so that the player
/// sees why (a demoralized force may not fight, an attack needs 4-1, ...).
fn candidates(st: &SxState) -> Vec<SxCommand> {
    match st.g.step {
        Step::March | Step::ForceMarch => match &st.g.march {
            None => vec![SxCommand::Done],
            Some(m) if !m.rolled => {
                vec![SxCommand::March, SxCommand::IntoFortress, SxCommand::Halt]
            }
            Some(_) => vec![
                SxCommand::Overwhelm { fortress: false },
                SxCommand::Overwhelm { fortress: true },
                SxCommand::IntoFortress,
                SxCommand::Halt,
            ],
        },
        Step::Combat => vec![
            SxCommand::Fight { fight: true },
            SxCommand::Fight { fight: false },
        ],
        Step::Depot | Step::Increment => vec![SxCommand::Done],
        Step::Morale | Step::Attrition => vec![SxCommand::Roll],
        Step::Siege => match st.g.siege.as_ref().map(|s| s.stage) {
            None => vec![SxCommand::Done],
            Some(SiegeStage::Honors) => vec![
                SxCommand::Honors { grant: true },
                SxCommand::Honors { grant: false },
            ],
            Some(SiegeStage::Garrison) => vec![
                SxCommand::Accept { accept: true },
                SxCommand::Accept { accept: false },
            ],
            Some(SiegeStage::Storm) => vec![
                SxCommand::Storm { storm: true },
                SxCommand::Storm { storm: false },
            ],
        },
        _ => Vec::new(),
    }
}

/// Commands drawn as their own widgets (amounts) or on the map only.
fn on_map_or_amount(c: &SxCommand) -> bool {
    matches!(
        c,
        SxCommand::Take { .. }
            | SxCommand::Garrison { .. }
            | SxCommand::Deploy { .. }
            | SxCommand::DeploySp { .. }
    )
}

/// The year, turn and phase.
fn turn_label(st: &SxState) -> String {
    format!(
        "{}, turn {}{} · {} is phasing",
        st.g.year,
        st.g.turn,
        if st.winter() { " (winter)" } else { "" },
        st.g.phasing.name()
    )
}

/// The march in progress: the force, the roll's modifiers and its chances (the same
/// `march_mods` the roll is made with, `march_odds` over `march_table`), the
/// overwhelming attacks with theirs.
fn march_info(p: &mut egui::Ui, rules: &SxRules, st: &SxState, m: &March) {
    let mut who = rules.leader_name(m.leader).to_string();
    for f in &m.followers {
        who.push_str(&format!(" + {}", rules.leader_name(*f)));
    }
    p.strong(format!(
        "{who}: {} SP at {}{}",
        m.sp,
        rules.area_name(m.at),
        if m.inside { " (inside)" } else { "" }
    ));
    if !m.rolled {
        let mods = march_mods(rules, st, m.leader);
        let total: i32 = mods.iter().map(|x| x.1).sum();
        let parts: Vec<String> = mods.iter().map(|(w, v)| format!("{v:+} {w}")).collect();
        p.label(format!("March roll: 1d6 {}", parts.join(" ")));
        let (one, two) = march_odds(total, m.forced);
        if m.forced {
            p.label(format!(
                "Force march: one area on {} (3 or more; 6 or more costs 1 SP, move.forced)",
                chance(one, 6)
            ));
        } else {
            p.label(format!(
                "One area on {}, two on {} (the second costs 1 SP, move.normal)",
                chance(one, 6),
                chance(two, 6)
            ));
        }
    } else {
        p.label(format!(
            "{} more area(s){}",
            if m.stopped { 0 } else { m.left },
            if m.stopped {
                " — stopped by the enemy: attack or halt"
            } else {
                ""
            }
        ));
    }
    let side = power_of(rules, m.leader).side();
    for f in march::overwhelm_targets(rules, st, m) {
        if f {
            p.label(format!(
                "Overwhelming attack on {}: takes it on a 6 ({}); else you lose twice the garrison",
                rules.fortress_name(m.at),
                chance(1, 6)
            ));
        } else {
            let mine = eff_siv(rules, st, m.leader);
            let (theirs, ..) = ratings(rules, st, m.at, side.other(), false);
            p.label(format!(
                "Overwhelming attack ({} SP against {}): captures the enemy on {} (1d6 {mine:+} against 1d6 {theirs:+}, move.overwhelm)",
                m.sp,
                st.field_of(m.at, side.other()),
                chance(overwhelm_odds(mine, theirs), 36)
            ));
        }
    }
}

/// The secret deployment: what to place (leaders, SPs per power), how many, inside.
fn deploy_picks(
    p: &mut egui::Ui,
    rules: &SxRules,
    st: &SxState,
    ui: &mut SxUi,
    legal: &[SxCommand],
) {
    ui.follow_deploying(st.g.deploying);
    let pick = current_pick(legal, ui.pick);
    p.label("Pick a leader or a power's SPs, then click a lit area:");
    let mut leaders: Vec<LeaderId> = legal
        .iter()
        .filter_map(|c| match c {
            SxCommand::Deploy { leader, .. } => Some(*leader),
            _ => None,
        })
        .collect();
    leaders.dedup();
    p.horizontal_wrapped(|p| {
        for l in leaders {
            let d = &rules.leaders[l as usize];
            let r = p
                .selectable_label(pick == Some(DeployPick::Leader(l)), &d.name)
                .on_hover_text(format!(
                    "{}, rank {}: SIV {}, AIV {}, DIV {}",
                    d.power.name(),
                    d.rank,
                    d.siv,
                    d.aiv,
                    d.div
                ));
            if r.clicked() {
                ui.pick = Some(DeployPick::Leader(l));
            }
        }
    });
    p.horizontal_wrapped(|p| {
        for pw in Power::ALL {
            let left = st.pools.undeployed[pw.idx()];
            if left == 0 || pw.side() != st.g.deploying {
                continue;
            }
            if p.selectable_label(
                pick == Some(DeployPick::Sp(pw)),
                format!("{}: {left} SP", pw.name()),
            )
            .clicked()
            {
                ui.pick = Some(DeployPick::Sp(pw));
            }
        }
    });
    if let Some(DeployPick::Sp(pw)) = pick {
        let left = st.pools.undeployed[pw.idx()];
        if ui.sp == 0 {
            ui.sp = 5;
        }
        p.horizontal(|p| {
            p.label("SP per click:");
            for n in [1u16, 5, 10] {
                if n <= left && p.selectable_label(ui.sp == n, n.to_string()).clicked() {
                    ui.sp = n;
                }
            }
            if p.selectable_label(ui.sp >= left, format!("all {left}"))
                .clicked()
            {
                ui.sp = u16::MAX;
            }
        });
    }
    p.checkbox(&mut ui.inside, "Inside the fortress (a garrison)");
}

/// The battle in the area being decided: both sides' inputs, every modifier of the
/// resolver with its reason and the exact odds of each outcome for a positional and a
/// maneuver battle (`battle::view`: the modifiers and odds the resolution uses), the chance of forcing a
/// battle on an unwilling enemy; after the fight, its log and dice.
fn battle_window(
    ctx: &egui::Context,
    rules: &SxRules,
    st: &SxState,
    memo: &mut Option<BattleMemo>,
    log: Option<&crate::engine::log::GameLog>,
    dice: Option<&crate::engine::dice::Dice>,
) -> Option<egui::Rect> {
    let mm = memo.as_ref().filter(|m| m.open).cloned()?;
    let a = mm.area;
    let mut close = false;
    let shown = egui::Window::new(format!("Battle at {}", rules.area_name(a)))
        .id(egui::Id::new("sx-battle"))
        .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
        .resizable(false)
        .collapsible(true)
        .default_width(330.0)
        .show(ctx, |ui| {
            let Some(c) = st.g.combat.as_ref().filter(|c| c.area == a) else {
                // the result
                ui.strong("Result");
                if let Some(log) = log {
                    for e in log.entries.iter().skip(mm.log_from) {
                        ui.add(egui::Label::new(format!("{} [{}]", e.text, e.rule)).wrap());
                    }
                }
                if let Some(dice) = dice {
                    for r in dice.rolls.iter().skip(mm.rolls_from) {
                        if r.die == 0 {
                            continue;
                        }
                        let mods: Vec<String> =
                            r.modifiers.iter().map(|(l, v)| format!("{v:+} {l}")).collect();
                        ui.weak(format!(
                            "{}: die {} {} = {}",
                            r.purpose,
                            r.die,
                            mods.join(" "),
                            r.total
                        ));
                    }
                }
                if ui.button("Close").clicked() {
                    close = true;
                }
                return;
            };
            let Some(v) = super::super::battle::view(rules, st, a) else {
                ui.label("No battle to fight here: one side has no SPs in the field.");
                return;
            };
            let i = &v.inputs;
            let sides = [i.att.side, i.def.side];
            let pending = c.fight.iter().filter(|f| f.is_some()).count();
            ui.label(format!(
                "Both sides say in secret whether they will fight ({pending} of 2 said, combat.willingness); then the defender chooses a positional or a maneuver battle (campaign.deployment)."
            ));
            egui::Grid::new("sx-battle-grid")
                .num_columns(3)
                .spacing([10.0, 2.0])
                .striped(true)
                .show(ui, |g| {
                    crate::gui::panels::battle_header(
                        g,
                        sides.map(|s| (s.name(), c32(side_text(s)))),
                    );
                    g.label("Commander");
                    for b in [&i.att, &i.def] {
                        g.label(b.leader.map_or("none (0/1/1)".to_string(), |l| {
                            rules.leader_name(l).to_string()
                        }));
                    }
                    g.end_row();
                    g.label("SP in the field");
                    for b in [&i.att, &i.def] {
                        g.label(b.sp.to_string());
                    }
                    g.end_row();
                    g.label("Points (campaign.conversion)");
                    for k in 0..2 {
                        g.label(format!(
                            "{:.1}{}",
                            i.conv.points[k] as f64 / 100.0,
                            if i.conv.large[k] { " (large list)" } else { "" }
                        ));
                    }
                    g.end_row();
                    g.label("SIV / AIV / DIV");
                    for s in sides {
                        let (siv, aiv, div, _) = ratings(rules, st, a, s, false);
                        g.label(format!("{siv} / {aiv} / {div}"));
                    }
                    g.end_row();
                    g.label("Initiative");
                    for (k, b) in [&i.att, &i.def].iter().enumerate() {
                        g.label(format!(
                            "{} {}",
                            if k == 0 { "AIV" } else { "DIV" },
                            b.initiative
                        ));
                    }
                    g.end_row();
                    g.label("Morale");
                    for b in [&i.att, &i.def] {
                        g.label(b.morale_label());
                    }
                    g.end_row();
                    g.label("Terrain");
                    g.label(if i.rough { "came over a pass" } else { "open" });
                    g.label(if i.rough { "rough ground" } else { "open" });
                    g.end_row();
                });
            for o in [&v.positional, &v.maneuver] {
                ui.separator();
                ui.strong(if o.maneuver {
                    "Maneuver battle (campaign.deployment)"
                } else {
                    "Positional battle (campaign.deployment)"
                });
                for (s, mods) in sides.iter().zip([&o.att_mods, &o.def_mods]) {
                    let total: i32 = mods.iter().map(|m| m.1).sum();
                    let parts: Vec<String> =
                        mods.iter().map(|(w, v)| format!("{v:+} {w}")).collect();
                    ui.label(
                        egui::RichText::new(format!("{}: 1d6 {total:+}", s.name()))
                            .color(c32(side_text(*s))),
                    );
                    ui.add(egui::Label::new(format!("   {}", parts.join(", "))).wrap());
                }
                let (w, t, l) = o.odds;
                ui.label(format!(
                    "{} wins {}, drawn {}, {} wins {}",
                    sides[0].name(),
                    chance(w, 36),
                    chance(t, 36),
                    sides[1].name(),
                    chance(l, 36)
                ));
            }
            ui.separator();
            let (s0, ..) = ratings(rules, st, a, sides[0], false);
            let (s1, ..) = ratings(rules, st, a, sides[1], false);
            ui.label(format!(
                "If only one side is willing (1d6 + SIV, the willing side must be higher): {} forces battle on {}, {} on {}",
                sides[0].name(),
                chance(overwhelm_odds(s0, s1), 36),
                sides[1].name(),
                chance(overwhelm_odds(s1, s0), 36)
            ));
            ui.weak(
                "Our resolver (docs/games/saxonwar.md): the higher total wins; losses in points by the margin, converted back to SPs at 2/3; pursuit prisoners; the loser is demoralized, its commander a casualty on a margin of 4+; a draw costs both a tenth.",
            );
        });
    if close && let Some(m) = memo.as_mut() {
        m.open = false;
    }
    shown.map(|r| r.response.rect)
}

/// The siege panel, while a siege roll may be made or a breach is being settled: for
/// each fortress the besieger and the garrison, the besieged commander's SIV, the siege
/// table (1d6 - SIV: 1-3 no effect, 4+ a breach) with every die face, the exact chance
/// (`view::siege_view`, over the modifiers the roll is made with), and the Honors of
/// War's options with what each does; the legal ones are buttons.
fn siege_window(
    ctx: &egui::Context,
    rules: &SxRules,
    st: &SxState,
    legal: &[SxCommand],
    outbox: &mut Vec<SxCommand>,
) -> Option<egui::Rect> {
    let views = super::super::view::sieges(rules, st);
    if views.is_empty() {
        return None;
    }
    let title = match views.as_slice() {
        [v] => format!("Siege of {}", rules.fortress_name(v.area)),
        _ => "Sieges".to_string(),
    };
    egui::Window::new(title)
        .id(egui::Id::new("sx-siege"))
        .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
        .resizable(false)
        .collapsible(true)
        .default_width(340.0)
        .show(ctx, |ui| {
            for (k, v) in views.iter().enumerate() {
                if k > 0 {
                    ui.separator();
                }
                siege_section(ui, rules, st, v, legal, outbox);
            }
        })
        .map(|r| r.response.rect)
}

/// One fortress in the siege panel.
fn siege_section(
    ui: &mut egui::Ui,
    rules: &SxRules,
    st: &SxState,
    v: &super::super::view::SiegeView,
    legal: &[SxCommand],
    outbox: &mut Vec<SxCommand>,
) {
    let (fortress, area) = (rules.fortress_name(v.area), rules.area_name(v.area));
    if fortress == area {
        ui.strong(fortress.to_string());
    } else {
        ui.strong(format!("{fortress} ({area})"));
    }
    let who = |s: &super::super::view::SiegeSide| {
        let mut names: Vec<String> = s
            .leaders
            .iter()
            .map(|l| rules.leader_name(*l).to_string())
            .collect();
        if names.is_empty() {
            names.push("no leader".into());
        }
        format!("{} SP, {}", s.sp, names.join(", "))
    };
    egui::Grid::new(("sx-siege-grid", v.area))
        .num_columns(2)
        .spacing([10.0, 2.0])
        .show(ui, |g| {
            for (role, s) in [("Besieger", &v.besieger), ("Garrison", &v.garrison)] {
                g.label(
                    egui::RichText::new(format!("{role}: {}", s.side.name()))
                        .strong()
                        .color(c32(side_text(s.side))),
                );
                g.label(who(s));
                g.end_row();
            }
            g.label("Besieged commander");
            g.label(match v.garrison.commander {
                Some(l) => format!("{}, SIV {}", rules.leader_name(l), v.siv),
                None => format!("none, SIV {}", v.siv),
            });
            g.end_row();
        });
    let m: i32 = v.mods.iter().map(|x| x.1).sum();
    let parts: Vec<String> = v.mods.iter().map(|(w, x)| format!("{x:+} {w}")).collect();
    ui.label(format!(
        "Siege roll: 1d6 {} (siege.resolution): 1-3 no effect, 4 or more a breach",
        parts.join(" ")
    ));
    ui.horizontal(|ui| {
        ui.label("Die:");
        for (d, (total, hit)) in v.faces.iter().enumerate() {
            let t = egui::RichText::new(format!("{}→{total}", d + 1)).monospace();
            let t = if *hit {
                t.strong().color(egui::Color32::from_rgb(90, 200, 90))
            } else {
                t.weak()
            };
            ui.label(t)
                .on_hover_text(if *hit { "breach" } else { "no effect" });
            ui.add_space(4.0);
        }
    });
    ui.label(
        egui::RichText::new(format!("A breach on {} (1d6 {m:+})", chance(v.breaches, 6))).strong(),
    );
    let roll = SxCommand::Siege { area: v.area };
    if legal.contains(&roll)
        && ui
            .button(format!(
                "Roll the siege die against {}",
                rules.fortress_name(v.area)
            ))
            .clicked()
    {
        outbox.push(roll);
    }
    let stage = v.stage.unwrap_or(SiegeStage::Honors);
    ui.add_space(4.0);
    ui.label(if v.stage.is_some() {
        "The breach is made: the Honors of War (siege.honors)"
    } else {
        "On a breach the garrison asks for the Honors of War (siege.honors):"
    });
    let mut stages = vec![stage];
    if v.stage.is_none() {
        stages = vec![SiegeStage::Honors, SiegeStage::Garrison, SiegeStage::Storm];
    }
    for s in stages {
        for (c, chooser, what) in super::super::view::honors_options(s) {
            if legal.contains(&c) {
                if ui.button(label(rules, st, &c)).clicked() {
                    outbox.push(c);
                }
                ui.add(egui::Label::new(format!("   {what}")).wrap());
            } else {
                ui.add(egui::Label::new(format!("• ({chooser}) {what}")).wrap());
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn panels(
    mut contexts: EguiContexts,
    rules: Option<Res<RulesRes<SaxonWar>>>,
    st: Option<Res<SxStateRes>>,
    log: Option<Res<crate::engine::log::GameLog>>,
    dice: Option<Res<crate::engine::dice::Dice>>,
    mut ui: ResMut<SxUi>,
    mut next: ResMut<NextState<AppState>>,
    step: Res<CurrentStep>,
    mut lesson: Option<ResMut<crate::gui::game_ui::ActiveLesson<SaxonWar>>>,
    mut focus: ResMut<crate::gui::pointboard::PointFocus>,
    mut view: ResMut<crate::gui::pointboard::PointView>,
    keys: Res<ButtonInput<KeyCode>>,
) -> Result {
    let (Some(rules), Some(st)) = (rules, st) else {
        return Ok(());
    };
    let rules = &rules.0;
    let st = &st.0;
    let ctx = contexts.ctx_mut()?;
    let legal = legal(rules, st);
    let ui = &mut *ui;
    ui.curtain
        .follow(if secret_step(st) { step.to_act } else { None });
    if lesson.is_some() {
        ui.curtain.lift();
    }
    let down = ui.curtain.is_down();
    // the battle being decided, remembered for its result
    if let Some(c) = &st.g.combat {
        let log_len = log.as_ref().map_or(0, |l| l.entries.len());
        let rolls = dice.as_ref().map_or(0, |d| d.rolls.len());
        if ui
            .battle
            .as_ref()
            .is_none_or(|m| m.area != c.area || !m.open)
            || st
                .g
                .combat
                .as_ref()
                .is_some_and(|c| c.fight == [None, None])
        {
            ui.battle = Some(BattleMemo {
                area: c.area,
                log_from: log_len,
                rolls_from: rolls,
                open: true,
            });
        }
    }
    if let (Some(m), Some(l)) = (ui.battle.as_ref(), log.as_ref())
        && m.log_from > l.entries.len()
    {
        ui.battle = None;
    }

    let side = egui::Window::new("Great Saxon War")
        .id(egui::Id::new("sx-side"))
        .anchor(egui::Align2::LEFT_TOP, [8.0, 8.0])
        .resizable(false)
        .collapsible(true)
        .default_width(300.0)
        .show(ctx, |p| {
            p.heading("Great Saxon War 1756");
            p.label(turn_label(st));
            let phase = super::super::flow::phase_name(st);
            if st.g.step == Step::Deploy && st.g.redeploying {
                p.strong(format!("{phase} (grand.redeploy)"));
            } else if phase == step.name || phase.ends_with(step.name) {
                p.strong(format!("{phase} ({})", step.case));
            } else {
                p.strong(format!("{phase} — {} ({})", step.name, step.case));
            }
            if let Some(s) = step.to_act {
                p.label(
                    egui::RichText::new(format!("{} to act", s.name()))
                        .strong()
                        .color(c32(side_text(s))),
                );
            }
            p.add(egui::Label::new(shown_prompt(st, &step.prompt, &ui.curtain)).wrap());
            if !down
                && let Some((a, what)) = super::focus_area(rules, st)
                && crate::gui::panels::go_to_button(p, &what, keys.just_pressed(KeyCode::KeyG))
            {
                focus.0 = Some((a as usize, super::FOCUS_SCALE));
            }
            let rule = ui.core.message_line(p);
            ui.core.open_rule(rule);
            p.separator();
            if down {
                p.weak("The curtain is down.");
            } else if ui.curtain.is_computer(step.to_act) {
                p.weak("The computer is to act.");
            } else {
                commands(p, rules, st, ui, &legal);
            }
            p.separator();
            if st.g.step == Step::Deploy {
                // the network would show the other side's secret garrisons (grand.start)
                p.weak("Supply: not shown during the secret deployment");
            } else {
                p.horizontal(|p| {
                    p.label("Supply:");
                    let mut s = ui.supply;
                    p.selectable_value(&mut s, None, "off");
                    p.selectable_value(&mut s, Some(Side::Prussia), "Prussia");
                    p.selectable_value(&mut s, Some(Side::Austria), "Austria");
                    ui.supply = s;
                });
            }
            p.separator();
            p.horizontal_wrapped(|p| game_buttons(p, &mut ui.core, &mut next));
        });

    let mut right = Vec::new();
    if !down {
        right.extend(battle_window(
            ctx,
            rules,
            st,
            &mut ui.battle,
            log.as_deref(),
            dice.as_deref(),
        ));
        right.extend(siege_window(ctx, rules, st, &legal, &mut ui.core.outbox));
    }
    // "go to" centres the map between the side panel and the battle or siege panel
    let rect = |r: egui::Rect| Rect::new(r.min.x, r.min.y, r.max.x, r.max.y);
    let left: Vec<Rect> = side
        .as_ref()
        .map(|r| rect(r.response.rect))
        .into_iter()
        .collect();
    let right: Vec<Rect> = right.into_iter().map(rect).collect();
    view.set_if_neq(crate::gui::pointboard::PointView(Some(
        crate::gui::pointboard::visible_board(rect(ctx.content_rect()), &left, &right),
    )));
    match ui.focus_soon {
        Some((a, 0)) => {
            focus.0 = Some((a as usize, super::FOCUS_SCALE));
            ui.focus_soon = None;
        }
        Some((a, n)) => ui.focus_soon = Some((a, n - 1)),
        None => {}
    }
    ui.core
        .log_window(ctx, log.as_deref(), dice.as_deref(), &|t| format!("T{t}"));
    // this game's lesson panel: where to click for the step, its panel outlined
    let hint =
        current_pointer(rules, st, lesson.as_deref()).map(|p| crate::gui::panels::LessonHint {
            text: p.text,
            outline: if p.panel {
                side.as_ref().map(|r| r.response.rect)
            } else {
                None
            },
        });
    ui.core
        .lesson_window_hinted(ctx, lesson.as_deref_mut(), &mut next, hint.as_ref());
    ui.core
        .rules_window(ctx, &<SaxonWar as RulesGame>::reference());
    ui.curtain.draw(ctx);
    Ok(())
}

/// The step's prompt as the side panel shows it: the computer's secret (re-)deployment
/// shows no counts (its SP and leaders left to place change with each secret take-up and
/// placement, deployment.secret; AUDIT14k); everything else as the step says.
pub fn shown_prompt(st: &SxState, prompt: &str, curtain: &crate::gui::handover::Curtain) -> String {
    if st.g.step == Step::Deploy && curtain.is_computer(Some(st.g.deploying)) {
        let (what, case) = if st.g.redeploying {
            ("re-deploys", "grand.redeploy")
        } else {
            ("deploys", "grand.start")
        };
        return format!(
            "{}: the computer {what} in secret ({case})",
            st.g.deploying.name()
        );
    }
    prompt.to_string()
}

/// The step's commands: the deployment's picks, the march's information and amounts,
/// a button per legal command without a map target (the map ones listed too), and the
/// step's other choices greyed with the rules' reason.
/// The deployment's commands that have no click on the map, as the buttons under the
/// picks (grand.redeploy: take up a force, give up a leader, lend or take back Empire
/// SPs, Done): every legal command but the placements, each with its label.
pub fn deploy_buttons(
    rules: &SxRules,
    st: &SxState,
    legal: &[SxCommand],
) -> Vec<(String, SxCommand)> {
    legal
        .iter()
        .filter(|c| !matches!(c, SxCommand::Deploy { .. } | SxCommand::DeploySp { .. }))
        .map(|c| (label(rules, st, c), c.clone()))
        .collect()
}

fn commands(p: &mut egui::Ui, rules: &SxRules, st: &SxState, ui: &mut SxUi, legal: &[SxCommand]) {
    if st.g.step == Step::Deploy {
        deploy_picks(p, rules, st, ui, legal);
        for (text, c) in deploy_buttons(rules, st, legal) {
            if p.button(text).clicked() {
                ui.core.outbox.push(c);
            }
        }
        return;
    }
    if let Some(m) = &st.g.march {
        march_info(p, rules, st, m);
        // the SPs to take along or to leave inside: one amount, checked by the rules
        let takes: Vec<u16> = legal
            .iter()
            .filter_map(|c| match c {
                SxCommand::Take { sp } | SxCommand::Garrison { sp } => Some(*sp),
                _ => None,
            })
            .collect();
        if let Some(max) = takes.iter().max().copied().map(|x| x.max(m.sp)) {
            // a new march starts the amount at the SPs the force has
            if ui.amount_for != Some((m.leader, m.rolled)) {
                ui.amount_for = Some((m.leader, m.rolled));
                ui.sp = if m.rolled { 1 } else { m.sp };
            }
            if ui.sp > max {
                ui.sp = max;
            }
            p.horizontal(|p| {
                p.add(egui::Slider::new(&mut ui.sp, 0..=max).text("SP"));
            });
            for c in [
                SxCommand::Take { sp: ui.sp },
                SxCommand::Garrison { sp: ui.sp },
            ] {
                if !legal
                    .iter()
                    .any(|l| std::mem::discriminant(l) == std::mem::discriminant(&c))
                {
                    continue;
                }
                if command_button(p, rules, st, legal, &c) {
                    ui.core.outbox.push(c);
                }
            }
        }
    }
    if st.g.step == Step::Siege && st.g.siege.is_none() {
        for v in super::super::view::sieges(rules, st) {
            let m: i32 = v.mods.iter().map(|x| x.1).sum();
            p.label(format!(
                "{}: a breach on {} (1d6 {m:+}, 4 or more; the siege panel has the table)",
                rules.fortress_name(v.area),
                chance(v.breaches, 6)
            ));
        }
    }
    egui::ScrollArea::vertical().max_height(260.0).show(p, |p| {
        let mut map_ones = 0;
        for c in legal {
            if on_map_or_amount(c) {
                continue;
            }
            if super::board::target(c).is_some() || matches!(c, SxCommand::Select { .. }) {
                map_ones += 1;
            }
            if p.button(label(rules, st, c)).clicked() {
                ui.core.outbox.push(c.clone());
            }
        }
        if map_ones > 0 {
            p.weak("(the commands with an area are also a click on its lit ring)");
        }
        for c in candidates(st) {
            if legal.contains(&c) {
                continue;
            }
            command_button(p, rules, st, legal, &c);
        }
    });
}

/// Why a command is refused now, in the words the panel shows under its greyed button
/// (the rules' own `Refusal`: its reason and case); None when it is legal.
pub fn refusal_line(rules: &SxRules, st: &SxState, c: &SxCommand) -> Option<String> {
    crate::engine::step::check::<SaxonWar>(rules, st, c)
        .err()
        .map(|r| format!("{} ({})", r.reason, r.rule))
}

/// A command's button: enabled when it is in the legal list (true when clicked), else
/// greyed with the rules' reason as its hover text and on a line under it.
fn command_button(
    p: &mut egui::Ui,
    rules: &SxRules,
    st: &SxState,
    legal: &[SxCommand],
    c: &SxCommand,
) -> bool {
    if legal.contains(c) {
        return p.button(label(rules, st, c)).clicked();
    }
    let why = refusal_line(rules, st, c).unwrap_or_else(|| "not possible now".into());
    p.add_enabled(false, egui::Button::new(label(rules, st, c)))
        .on_disabled_hover_text(&why);
    p.add(egui::Label::new(egui::RichText::new(format!("  refused: {why}")).weak()).wrap());
    false
}

/// What a lesson step of this game points at: the area its expected command names
/// (ringed in orange on the map), whether the step's button is in the side panel
/// (outlined in orange), and the line the lesson window shows ("Learn to play Great
/// Saxon War": the lessons' data name no target; the command they expect does).
#[derive(Clone, Debug, PartialEq)]
pub struct LessonPointer {
    pub area: Option<AreaId>,
    pub panel: bool,
    pub text: String,
}

/// The lesson pointer for a step expecting `c`, in the position `st`.
pub fn lesson_pointer(rules: &SxRules, st: &SxState, c: &SxCommand) -> LessonPointer {
    let name = |a: AreaId| rules.area_name(a).to_string();
    let ringed = |a: AreaId| format!("{} (ringed in orange)", name(a));
    let on_map = |a: AreaId, text: String| LessonPointer {
        area: Some(a),
        panel: false,
        text,
    };
    let inside = |i: bool| {
        if i {
            " with \"Inside the fortress\" ticked"
        } else {
            ""
        }
    };
    match c {
        SxCommand::Deploy {
            leader,
            area,
            inside: i,
        } => LessonPointer {
            area: Some(*area),
            panel: true,
            text: format!(
                "Pick {} in the Great Saxon War panel (outlined), then click {}{}.",
                rules.leader_name(*leader),
                ringed(*area),
                inside(*i)
            ),
        },
        SxCommand::DeploySp {
            power,
            area,
            inside: i,
            sp,
        } => LessonPointer {
            area: Some(*area),
            panel: true,
            text: format!(
                "Pick \"{}\" in the Great Saxon War panel (outlined), {sp} SP per click (or \"all\"), then click {}{}.",
                power.name(),
                ringed(*area),
                inside(*i)
            ),
        },
        SxCommand::Select { leader } => match place(st, *leader) {
            Some((a, _)) => on_map(
                a,
                format!(
                    "Click {}'s box at {}, or \"{}\" in the panel.",
                    rules.leader_name(*leader),
                    ringed(a),
                    label(rules, st, c)
                ),
            ),
            None => LessonPointer {
                area: None,
                panel: true,
                text: format!("Click \"{}\" in the panel (outlined).", label(rules, st, c)),
            },
        },
        SxCommand::Enter { area } | SxCommand::BuildDepot { area } => {
            on_map(*area, format!("Click {} on the map.", ringed(*area)))
        }
        SxCommand::Retreat {
            area,
            into_fortress,
        } => on_map(
            *area,
            format!(
                "Click {} on the map{}, or \"{}\" in the panel.",
                ringed(*area),
                if *into_fortress {
                    " with \"Inside the fortress\" ticked"
                } else {
                    ""
                },
                label(rules, st, c)
            ),
        ),
        SxCommand::Siege { area } => on_map(
            *area,
            format!(
                "Click {} on the map, or the siege panel's roll button.",
                ringed(*area)
            ),
        ),
        SxCommand::Take { sp } | SxCommand::Garrison { sp } => LessonPointer {
            area: None,
            panel: true,
            text: format!(
                "Set the SP slider in the panel (outlined) to {sp}, then click \"{}\".",
                label(rules, st, c)
            ),
        },
        _ => LessonPointer {
            area: None,
            panel: true,
            text: format!(
                "Click \"{}\" in the Great Saxon War panel (outlined).",
                label(rules, st, c)
            ),
        },
    }
}

/// The lesson pointer of the running lesson's step, if it expects a command.
pub fn current_pointer(
    rules: &SxRules,
    st: &SxState,
    lesson: Option<&crate::gui::game_ui::ActiveLesson<SaxonWar>>,
) -> Option<LessonPointer> {
    let l = lesson?;
    let step = l.run.current(&l.lesson)?;
    if step.target != crate::engine::tutorial::Target::Nothing {
        return None;
    }
    step.expect.as_ref().map(|c| lesson_pointer(rules, st, c))
}
