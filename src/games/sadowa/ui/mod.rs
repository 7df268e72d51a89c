//! The Sadowa Campaign on screen: corps, HQs and garrisons drawn on their entities in
//! the shared counter layout (side livery, army colour band of their HQ, 6.1), the
//! Committed side greyed with a cut corner, Disrupted / Out of Supply / activated marks;
//! country tints and borders; the hexes of the legal commands lit from the one legal
//! list of the step (`RulesGame::legal`); clicks turned into commands, every refusal shown
//! with the case it cites; the tracks, charts, log and a supply overlay in egui windows.
//! Never mutates game state: it only sends commands.
//!
//! Files: `counters` (drawing and placing the pieces), `overlay` (country tints and
//! borders, the supply overlay), `highlights` (lit hexes), `clicks`, `panels` (the
//! windows every step shares and each step's controls), `charts` (tracks and tables),
//! `hooks` (the `GameUi` hooks: selection resets, autoplay, start-up), `on_screen` (the
//! hand-over notice on entering a step).

mod charts;
mod clicks;
mod counters;
mod highlights;
mod hooks;
mod on_screen;
mod overlay;
mod panels;

pub use counters::{counter_pos, width};
pub use hooks::demo_game;

use super::Sadowa;
use super::data::{Kind, SdRules, Side, UnitId};
use super::ecs::*;
use super::flow;
use super::state::*;
use crate::engine::game::RulesGame;
use crate::engine::game_ecs::*;
use crate::engine::hexmap::{Coord, HexMap};
use std::sync::Arc;

use crate::gui::AppState;
use crate::gui::board::{HexClicked, HoveredHex, S, clear_highlights, to_world};
use crate::gui::game_ui::*;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

#[derive(Resource, Default)]
pub struct SdUi {
    /// The hand-over notice of the step entered last, and the side that acted before.
    pub handover: crate::gui::handover::HandoverState,
    /// The unit selected on the board or in a list (set-up, movement, the lead attacker).
    pub selected: Option<UnitId>,
    /// 7.3.1: the defender picked for the selected lead; the combat panel shows the
    /// attack before it is committed.
    pub target: Option<UnitId>,
    /// Show the hexes each side supplies (5.2).
    pub supply_overlay: bool,
    pub drawn_rev: u64,
    pub drawn_sel: (Option<UnitId>, Option<UnitId>, bool),
    /// A press on the selected unit's hex, held back until the button is released: a
    /// release on another hex drags the unit there, a release in place is a click.
    pub press: Option<Coord>,
    /// Message, options, requests, outbox and autosave revision, as in every game.
    pub core: UiCore<SdCommand>,
}

/// What the panels of one frame read: the rules, the state gathered from the entities,
/// its legal commands (the one list), the side to act.
#[derive(Clone, Copy)]
struct Frame<'a> {
    rules: &'a SdRules,
    st: &'a SdState,
    legal: &'a [SdCommand],
    /// The step on screen ([`CurrentStep`], set by its `OnEnter`): its prompt, who acts.
    step: &'a CurrentStep,
}

pub struct SdUiPlugin;

impl Plugin for SdUiPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(SadowaPlugin)
            .init_resource::<SdUi>()
            .init_resource::<CurrentStep>()
            .add_systems(
                Update,
                (
                    counters::decorate,
                    counters::place_counters,
                    counters::faces,
                    clicks::handle_clicks,
                    keys::<Sadowa>,
                    dispatch::<Sadowa>,
                    show_outcomes::<Sadowa>,
                    highlights::highlights,
                    overlay::overlays,
                    autosave_on_change::<Sadowa>,
                )
                    .chain()
                    .run_if(in_state(AppState::InGame))
                    .run_if(resource_exists::<SdRulesRes>),
            )
            .add_systems(
                EguiPrimaryContextPass,
                panels::panels
                    .run_if(in_state(AppState::InGame))
                    .run_if(resource_exists::<SdRulesRes>),
            )
            .add_systems(
                OnExit(AppState::InGame),
                (leave_game::<Sadowa>, overlay::clear),
            );
        on_screen::add(app);
        app.add_systems(Update, crate::gui::handover::follow_commands::<SdUi>);
    }
}

/// A lesson in progress (learn to play): its steps and where the player is.
pub type ActiveLesson = crate::engine::tutorial::ActiveLesson<SdCommand>;

/// The hex a command points at, for lighting and clicking.
fn target(st: &SdState, c: &SdCommand) -> Option<Coord> {
    match c {
        SdCommand::Place { hex, .. }
        | SdCommand::Garrison { hex, .. }
        | SdCommand::PlaceGhq { hex } => Some(*hex),
        SdCommand::Move { to, .. } => Some(*to),
        SdCommand::Besiege { fortress } | SdCommand::Lift { fortress } => Some(*fortress),
        SdCommand::Retreat { path } => path.last().copied(),
        SdCommand::Attack { target, .. } => flow::hex_of(st, *target),
        SdCommand::ActivateHq { hq: u }
        | SdCommand::Join { unit: u }
        | SdCommand::ActivateUnit { unit: u }
        | SdCommand::Exit { unit: u }
        | SdCommand::Surrender { unit: u } => flow::hex_of(st, *u),
        SdCommand::Advance { .. } => st.g.pending.iter().find_map(|p| match p {
            Pending::Advance { into, .. } => Some(*into),
            _ => None,
        }),
        _ => None,
    }
}

/// The unit a command is about, when it is a choice of the selected unit.
fn subject(c: &SdCommand) -> Option<UnitId> {
    match c {
        SdCommand::Place { unit, .. }
        | SdCommand::Move { unit, .. }
        | SdCommand::Garrison { unit, .. }
        | SdCommand::Exit { unit }
        | SdCommand::ActivateUnit { unit }
        | SdCommand::Advance { unit }
        | SdCommand::Surrender { unit } => Some(*unit),
        SdCommand::ActivateHq { hq } => Some(*hq),
        SdCommand::Attack { lead, .. } => Some(*lead),
        _ => None,
    }
}

/// The legal commands of the step, in the order the rules list them.
fn legal(rules: &SdRules, st: &SdState) -> Vec<SdCommand> {
    <Sadowa as RulesGame>::legal(rules, st)
}

/// A command's words on a button.
fn label(rules: &SdRules, st: &SdState, c: &SdCommand) -> String {
    let name = |u: &UnitId| {
        rules
            .unit(*u)
            .map(|d| d.name.clone())
            .unwrap_or_else(|| format!("unit {u}"))
    };
    match c {
        SdCommand::Place { unit, hex } => format!("Place {} in {hex}", name(unit)),
        SdCommand::PlaceRest => "Place the rest as historically (13.1/13.2)".into(),
        SdCommand::EndSetup => "End set-up".into(),
        SdCommand::Forage(true) => "Declare forage supply (5.5: Austria gains 15 VP)".into(),
        SdCommand::Forage(false) => "No forage supply this turn".into(),
        SdCommand::ActivateHq { hq } => {
            let cv = super::steps::activate::cost(rules, st, *hq).unwrap_or(0);
            if rules.kind(*hq) == Kind::Ghq {
                format!("Activate {} (free, 6.5.1)", name(hq))
            } else {
                format!("Activate {} (CV {cv} IP)", name(hq))
            }
        }
        SdCommand::Join { unit } => format!("{} joins the HQ's activation", name(unit)),
        SdCommand::ActivateUnit { unit } => {
            let ip = super::steps::activate::cost(rules, st, *unit).unwrap_or(1);
            let how = if flow::unit(st, *unit).committed {
                "Committed: a forced march, 7.1.2"
            } else {
                "Uncommitted"
            };
            format!("Activate {} alone ({ip} IP, {how})", name(unit))
        }
        SdCommand::Move { unit, to } => format!("Move {} to {to}", name(unit)),
        SdCommand::Exit { unit } => format!("Exit {} off the south edge (14.0)", name(unit)),
        SdCommand::EndMovement => "End movement: to the attacks (7.3)".into(),
        SdCommand::Pass => "Pass (7.5)".into(),
        SdCommand::Attack { lead, target } => format!("{} attacks {}", name(lead), name(target)),
        SdCommand::AttackWith { lead, target, with } => {
            let w: Vec<String> = with.iter().map(name).collect();
            format!(
                "{} with {} attacks {}",
                name(lead),
                w.join(", "),
                name(target)
            )
        }
        SdCommand::EndOperation => "End the operation (4.3)".into(),
        SdCommand::Retreat { path } => {
            let p: Vec<String> = path.iter().map(|c| c.to_string()).collect();
            format!("Retreat by {}", p.join(" → "))
        }
        SdCommand::Advance { unit } => format!("Advance {} (7.4.2)", name(unit)),
        SdCommand::EndAdvance => "No (more) advance".into(),
        SdCommand::Besiege { fortress } => format!("Besiege {}", place_name(rules, *fortress)),
        SdCommand::Lift { fortress } => {
            format!("Lift the siege of {}", place_name(rules, *fortress))
        }
        SdCommand::Garrison { unit, hex } => {
            format!("Place {} in {}", name(unit), place_name(rules, *hex))
        }
        SdCommand::AnnounceGhq => {
            let vp = rules.charts.ghq_vp(st.g.turn);
            format!("Announce the GHQ's entry (10.1: Austria gains {vp} VP)")
        }
        SdCommand::PlaceGhq { hex } => format!("Place the GHQ in {hex}"),
        SdCommand::Armistice(true) => "Ask for an armistice (4.7)".into(),
        SdCommand::Armistice(false) => "No armistice".into(),
        SdCommand::Done => "Done".into(),
        SdCommand::Surrender { unit } => format!(
            "Surrender {} (CF {}, 3.1)",
            name(unit),
            rules.unit(*unit).map_or(0, |d| d.cf)
        ),
    }
}

/// A place's name with its hex, or the hex.
fn place_name(rules: &SdRules, c: Coord) -> String {
    rules
        .map
        .place(c)
        .map(|p| format!("{} ({c})", p.name))
        .unwrap_or_else(|| c.to_string())
}
