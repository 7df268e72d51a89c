//! Trautenau – Soor on screen: counters with their facing, commanders and markers drawn on
//! their entities; legal targets lit from the one legal-command list; front and flank
//! hexes of the selected unit; the line of sight of a barrage (and the hex that blocks
//! it); the activation cup, the turn track with its night turns, the assault builder, the
//! defender's split of points, exact odds; the log and the rules reference. Never mutates
//! game state: it only sends commands.
//!
//! One file per step of the sequence of play for what only that step shows or takes
//! (its panel, its clicks): `command` (commanders in chief, initiative, decisions,
//! command status), `night` (redeployment, falling back), `barrage`, `movement`,
//! `declare`, `assaults` (the combat step), `rally`, `game_over`; and the parts every
//! step shares: `panels` (the Turn, Activation cup and Hex windows), `clicks`,
//! `highlights`, `charts` (log, rules and charts), `counters` (drawing the
//! pieces) and `hooks` (the `GameUi` hooks: selection resets, autoplay, start-up).

mod assaults;
mod barrage;
mod charts;
mod clicks;
mod command;
mod counters;
mod declare;
mod game_over;
mod highlights;
mod hooks;
mod movement;
mod night;
mod on_screen;
mod panels;
mod rally;

use super::Trautenau;
use super::combat;
use super::data;
use super::data::{Arm, Side, TsRules};
use super::ecs::*;
use super::flow;
use super::los;
use super::rules;
use super::state::*;
use crate::engine::dice::Dice;
use crate::engine::game_ecs::*;
use crate::engine::hexmap::{Coord, Dir, HexMap};
use crate::engine::log::GameLog;
use std::sync::Arc;

use crate::gui::AppState;
use crate::gui::board::{HexClicked, Highlight, HoveredHex, S, clear_highlights, to_world};
use crate::gui::game_ui::*;
use bevy::input::mouse::AccumulatedMouseScroll;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

#[derive(Resource, Default)]
pub struct TsUi {
    /// The hand-over notice of the step entered last, and the side that acted before.
    pub handover: crate::gui::handover::HandoverState,
    pub selected: Option<UnitId>,
    pub leader: Option<LeaderId>,
    pub drawn_rev: u64,
    pub drawn_sel: (
        Option<UnitId>,
        Option<LeaderId>,
        Option<Coord>,
        Option<usize>,
    ),
    /// Message, options, requests, outbox and autosave revision, as in every game.
    pub core: UiCore<TsCommand>,
    /// Assault builder: target and the points each unit commits (9.5.1).
    pub builder: Option<Builder>,
    /// The defender's shares in a coordinated assault and the supporting battery.
    pub split: Vec<u8>,
    pub support: Option<UnitId>,
    /// 9.5.1: units outside the assaulted hex that join the defensive fire.
    pub helpers: Vec<UnitId>,
    /// 9.5.13: the defending commander keeps his bonus back.
    pub def_hold_back: bool,
    /// 9.5.12 / 9.5.13: commanders ticked to go along with an advance.
    pub along: Vec<LeaderId>,
    /// Rolls already shown (a new roll shows its result in the panel).
    pub shown_rolls: usize,
}

#[derive(Clone, Debug)]
pub struct Builder {
    pub target: Coord,
    pub units: Vec<(UnitId, u8, bool)>,
    pub coordinate: bool,
    /// 9.5.13: the stacked formation commander keeps his bonus (and himself) back.
    pub hold_back: bool,
}

/// A lesson in progress (learn to play): its steps and where the player is.
pub type ActiveLesson = crate::engine::tutorial::ActiveLesson<TsCommand>;

/// What the panels of one frame read: the rules, the state gathered from the entities,
/// its legal commands (the one list), the side to act and who stands where.
#[derive(Clone, Copy)]
struct Frame<'a> {
    r: &'a TsRules,
    st: &'a TsState,
    legal: &'a [TsCommand],
    active: Option<Side>,
    /// The step on screen ([`CurrentStep`], set by its `OnEnter`): its prompt, who acts.
    step: &'a CurrentStep,
    view: &'a rules::View,
}

pub struct TsUiPlugin;

impl Plugin for TsUiPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(TrautenauPlugin)
            .init_resource::<TsUi>()
            .init_resource::<CurrentStep>()
            .add_systems(
                Update,
                (
                    counters::decorate,
                    counters::place_pieces,
                    counters::counter_faces,
                    clicks::handle_clicks,
                    movement::turn_with_wheel,
                    keys::<Trautenau>,
                    dispatch::<Trautenau>,
                    show_outcomes::<Trautenau>,
                    highlights::highlights,
                    autosave_on_change::<Trautenau>,
                )
                    .chain()
                    .run_if(in_state(AppState::InGame))
                    .run_if(resource_exists::<TsRulesRes>),
            )
            .add_systems(
                EguiPrimaryContextPass,
                panels::panels
                    .run_if(in_state(AppState::InGame))
                    .run_if(resource_exists::<TsRulesRes>),
            )
            .add_systems(OnExit(AppState::InGame), leave_game::<Trautenau>);
        on_screen::add(app);
        app.add_systems(Update, crate::gui::handover::follow_commands::<TsUi>);
    }
}

fn send(world: &mut World, cmd: TsCommand) {
    world.resource_mut::<TsUi>().core.outbox.push(cmd);
}

/// 9.5.13: the box that lets a stacked formation commander join a combat (ticked by
/// default); `hold_back` is true when the player keeps him out.
fn commander_box(ui_: &mut egui::Ui, name: &str, roll: &str, hold_back: &mut bool) {
    let mut joins = !*hold_back;
    ui_.checkbox(
        &mut joins,
        format!(
            "{name} joins in: his bonus to {roll}, and 2d6 for his life: a 2 or 12 kills him, {:.1}% (9.5.13)",
            combat::COMMANDER_FALL_CHANCE * 100.0
        ),
    );
    *hold_back = !joins;
}

/// The hex a command points at, for highlighting and clicking.
fn target(st: &TsState, c: &TsCommand) -> Option<Coord> {
    match c {
        TsCommand::MoveChief { to, .. }
        | TsCommand::Place { to, .. }
        | TsCommand::MoveLeader { to, .. }
        | TsCommand::Move { to, .. }
        | TsCommand::RetreatBefore { to, .. }
        | TsCommand::Retreat { to, .. } => Some(*to),
        TsCommand::Barrage { target, .. } => st.units[*target as usize].loc.hex(),
        TsCommand::Declare { target, .. } => Some(*target),
        TsCommand::PlaceAide { at, .. } => Some(*at),
        TsCommand::Rally { unit } | TsCommand::TakeCommand { unit } => {
            st.units.get(*unit as usize).and_then(|u| u.loc.hex())
        }
        _ => None,
    }
}

fn subject(c: &TsCommand) -> Option<UnitId> {
    match c {
        TsCommand::Barrage { unit, .. }
        | TsCommand::Move { unit, .. }
        | TsCommand::Face { unit, .. }
        | TsCommand::Evacuate { unit }
        | TsCommand::Retreat { unit, .. } => Some(*unit),
        TsCommand::Declare { units, .. } if units.len() == 1 => Some(units[0].0),
        TsCommand::Advance { unit, .. } => *unit,
        _ => None,
    }
}

fn leader_of(c: &TsCommand) -> Option<LeaderId> {
    match c {
        TsCommand::MoveChief { leader, .. } | TsCommand::MoveLeader { leader, .. } => Some(*leader),
        _ => None,
    }
}

/// Commands the current selection makes available.
fn candidates(rules: &TsRules, st: &TsState, ui: &TsUi) -> Vec<TsCommand> {
    let pending = !st.g.pending.is_empty() || st.g.step == Step::Redeploy;
    flow::legal_commands(rules, st)
        .into_iter()
        .filter(|c| {
            if pending {
                return true;
            }
            if let Some(l) = leader_of(c) {
                return Some(l) == ui.leader;
            }
            match c {
                TsCommand::Declare { units, .. } => {
                    units.len() == 1 && Some(units[0].0) == ui.selected
                }
                _ => match subject(c) {
                    Some(u) => Some(u) == ui.selected,
                    None => true,
                },
            }
        })
        .collect()
}

fn pct(x: f64) -> String {
    format!("{:.0}%", x * 100.0)
}

/// 2: each unit's exact chance to pass a morale test where it stands, from the modifiers
/// the test itself rolls with (`flow::morale_odds`).
fn morale_chances(
    ui_: &mut egui::Ui,
    r: &TsRules,
    st: &TsState,
    units: &[UnitId],
    open_rule: &mut Option<String>,
) {
    for &u in units {
        let (mods, p) = flow::morale_odds(r, st, u);
        ui_.horizontal(|ui_| {
            ui_.label(format!(
                "  {}: passes its morale test {} (d6 {:+}, 6+)",
                r.units[u as usize].name,
                pct(p),
                combat::total(&mods)
            ));
            if ui_.small_button("2").clicked() {
                *open_rule = Some("2".into());
            }
        });
    }
}

fn fire_table(ui_: &mut egui::Ui, fire: &combat::Fire, open_rule: &mut Option<String>) {
    ui_.label(format!(
        "{} points / protection = {} · column {} · die modifier {:+}",
        fire.points,
        fire.divided,
        fire.column,
        fire.drm()
    ));
    for m in fire.column_mods.iter().chain(fire.die_mods.iter()) {
        ui_.horizontal(|ui_| {
            let kind = if fire.column_mods.contains(m) {
                "column"
            } else {
                "die"
            };
            ui_.label(format!("  {:+} {kind}: {}", m.value, m.label));
            if ui_.small_button(&m.rule).clicked() {
                *open_rule = Some(m.rule.clone());
            }
        });
    }
    let o = fire.odds();
    ui_.strong(format!(
        "- {}   T {}   D {}   D+1 {}",
        pct(o[0]),
        pct(o[1]),
        pct(o[2]),
        pct(o[3])
    ));
}
