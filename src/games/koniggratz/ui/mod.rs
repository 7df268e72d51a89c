//! Königgrätz on screen: counters drawn on their entities, legal targets highlighted from
//! the one legal-command list, clicks turned into commands, egui panels for tracks, odds,
//! charts, the dice tray and the log. Never mutates game state: it only sends commands.
//!
//! One file per step of the sequence of play for what only that step shows or takes:
//! `command` (HQ placement, blown units returning; the other command steps need only the
//! Pass button and the prompt), `movement`, `attack`, `game_over`; and the parts every
//! step shares: `panels` (the Turn, Unit and Forces windows), `clicks`, `highlights`,
//! `charts` (log, rules and charts), `counters` (drawing the pieces) and `hooks`
//! (the `GameUi` hooks).

mod attack;
mod charts;
mod clicks;
mod command;
mod counters;
mod game_over;
mod highlights;
mod hooks;
mod movement;
mod on_screen;
mod panels;

use super::Koniggratz;
use super::combat;
use super::data::{KgRules, Kind, Side};
use super::ecs::*;
use super::flow::{self, Game};
use super::rules::{self, View};
use super::state::*;
use crate::engine::dice::Dice;
use crate::engine::game_ecs::*;
use crate::engine::hexmap::{Coord, HexMap};
use crate::engine::log::GameLog;
use std::sync::Arc;

use crate::gui::AppState;
use crate::gui::board::{HexClicked, HoveredHex, S, clear_highlights, to_world};
use crate::gui::game_ui::*;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

#[derive(Resource, Default)]
pub struct KgUi {
    /// The hand-over notice of the step entered last, and the side that acted before.
    pub handover: crate::gui::handover::HandoverState,
    pub selected: Option<UnitId>,
    pub hq: Option<u8>,
    pub hq_battle: bool,
    /// Hot-seat hand-over for the secret artillery choice (4.3a): who confirmed.
    pub handover_ok: Option<Side>,
    pub drawn_rev: u64,
    pub pressed: Option<Coord>,
    pub drawn_sel: (Option<UnitId>, Option<u8>, bool, Option<usize>),
    /// Message, options, requests, outbox and autosave revision, as in every game.
    pub core: UiCore<KgCommand>,
}

/// What the panels of one frame read: the rules, the state gathered from the entities,
/// its legal commands (the one list), the side to act and who stands where.
#[derive(Clone, Copy)]
struct Frame<'a> {
    rules: &'a KgRules,
    st: &'a KgState,
    legal: &'a [KgCommand],
    active: Option<Side>,
    /// The step on screen ([`CurrentStep`], set by its `OnEnter`): its prompt, who acts.
    step: &'a CurrentStep,
    view: &'a View,
}

pub struct KgUiPlugin;

impl Plugin for KgUiPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(KoniggratzPlugin)
            .init_resource::<KgUi>()
            .init_resource::<CurrentStep>()
            .add_systems(
                Update,
                (
                    counters::decorate_counters,
                    counters::place_counters,
                    counters::status_texts,
                    clicks::handle_clicks,
                    keys::<Koniggratz>,
                    dispatch::<Koniggratz>,
                    show_outcomes::<Koniggratz>,
                    highlights::highlights,
                    autosave_on_change::<Koniggratz>,
                )
                    .chain()
                    .run_if(in_state(AppState::InGame))
                    .run_if(resource_exists::<KgRulesRes>),
            )
            .add_systems(
                EguiPrimaryContextPass,
                panels::panels
                    .run_if(in_state(AppState::InGame))
                    .run_if(resource_exists::<KgRulesRes>),
            )
            .add_systems(OnExit(AppState::InGame), leave_game::<Koniggratz>);
        on_screen::add(app);
        app.add_systems(Update, crate::gui::handover::follow_commands::<KgUi>);
    }
}

fn send(world: &mut World, cmd: KgCommand) {
    world.resource_mut::<KgUi>().core.outbox.push(cmd);
}

/// A lesson in progress (issue: learn to play): its steps and where the player is.
pub type ActiveLesson = crate::engine::tutorial::ActiveLesson<KgCommand>;

/// Target hex of a command, for highlighting and clicking.
fn target(rules: &KgRules, st: &KgState, c: &KgCommand) -> Option<Coord> {
    match c {
        KgCommand::PlaceHq { at, .. }
        | KgCommand::ReturnBlown { at, .. }
        | KgCommand::PlaceBombardment { at } => Some(*at),
        KgCommand::ExitEzoc { to, .. } | KgCommand::Move { to, .. } | KgCommand::Retreat { to } => {
            Some(*to)
        }
        KgCommand::Attack { defender, .. } => rules::unit_hex(st, *defender),
        KgCommand::FlipToMarch { unit } | KgCommand::SelectReturning { unit } => {
            rules::unit_hex(st, *unit)
        }
        _ => None,
    }
    .filter(|_| rules.map.cols > 0)
}

fn subject(c: &KgCommand) -> Option<UnitId> {
    match c {
        KgCommand::ReturnBlown { unit, .. }
        | KgCommand::ExitEzoc { unit, .. }
        | KgCommand::Move { unit, .. } => Some(*unit),
        KgCommand::Attack { attacker, .. } => Some(*attacker),
        _ => None,
    }
}

/// The commands the current selection makes available.
fn candidate_commands(rules: &KgRules, st: &KgState, ui: &KgUi) -> Vec<KgCommand> {
    flow::legal_commands(rules, st)
        .into_iter()
        .filter(|c| match c {
            KgCommand::PlaceHq { hq, battle, .. } => Some(*hq) == ui.hq && *battle == ui.hq_battle,
            _ => match subject(c) {
                Some(u) => Some(u) == ui.selected,
                None => true,
            },
        })
        .collect()
}

fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}
