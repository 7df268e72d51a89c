//! 1866: The Struggle for Supremacy in Germany on screen: the point-to-point map drawn
//! with the shared [`PointBoard`](crate::gui::pointboard) (spaces by kind, roads and
//! railroads, tints by original owner, control markers, a stack box per space, the
//! spaces the legal commands reach lit), the hand of the side to act behind the
//! hand-over curtain, the card in play, the piles, the VP track and the step's buttons.
//! Never mutates game state: it only sends commands from the one legal list.
//!
//! Files: `board` (the board, the marks, clicks), `panels` (egui windows and the hand).

mod board;
mod panels;

use super::Struggle;
use super::data::StRules;
use super::ecs::*;
use super::state::*;
use crate::engine::game::RulesGame;
use crate::engine::game_ecs::*;
use crate::engine::hexmap::HexMap;
use crate::gui::AppState;
use crate::gui::game_ui::*;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

pub use board::{board_of, hand_faces};

#[derive(Resource, Default)]
pub struct StUi {
    /// Hides the table between the players (hidden hands, 2.2).
    pub curtain: crate::gui::handover::Curtain,
    /// The selected card of each side's hand.
    pub hands: [crate::gui::cards::HandState; 2],
    pub core: UiCore<StCommand>,
}

pub struct StUiPlugin;

impl Plugin for StUiPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(StrugglePlugin)
            .init_resource::<StUi>()
            .init_resource::<CurrentStep>()
            .add_systems(
                Update,
                (
                    board::handle_clicks,
                    keys::<Struggle>,
                    dispatch::<Struggle>,
                    show_outcomes::<Struggle>,
                    board::marks,
                    autosave_on_change::<Struggle>,
                )
                    .chain()
                    .run_if(in_state(AppState::InGame))
                    .run_if(resource_exists::<StRulesRes>),
            )
            .add_systems(
                EguiPrimaryContextPass,
                panels::panels
                    .run_if(in_state(AppState::InGame))
                    .run_if(resource_exists::<StRulesRes>),
            )
            .add_systems(OnExit(AppState::InGame), leave_game::<Struggle>);
    }
}

/// The legal commands of the step, in the order the rules list them.
fn legal(rules: &StRules, st: &StState) -> Vec<StCommand> {
    <Struggle as RulesGame>::legal(rules, st)
}

impl GameUi for Struggle {
    type Ui = StUi;
    const UNDO_IN_LESSON: &'static str =
        "Undo is off during a lesson; restart the lesson from the menu instead.";

    fn core(ui: &StUi) -> &UiCore<StCommand> {
        &ui.core
    }

    fn core_mut(ui: &mut StUi) -> &mut UiCore<StCommand> {
        &mut ui.core
    }

    /// A point-to-point game: the hex map is not drawn (see [`GameUi::point_board`]).
    fn map(_rules: &StRules) -> HexMap {
        use crate::engine::hexmap::{HexMapDef, Terrain};
        let def = HexMapDef {
            cols: 1,
            rows: 1,
            terrain_rows: vec![".".into()],
            legend: vec![('.', Terrain::Clear)],
            hexsides: vec![],
            roads: vec![],
            labels: vec![],
            elevation_rows: vec![],
            paths: vec![],
            railways: vec![],
        };
        HexMap::from_def(&def).expect("a one-hex map is valid")
    }

    fn deselect(ui: &mut StUi) {
        ui.hands = Default::default();
    }

    fn applied(ui: &mut StUi, cmd: &StCommand) {
        if matches!(cmd, StCommand::Play { .. } | StCommand::FreeOp { .. }) {
            ui.hands = Default::default();
        }
    }

    /// Screenshots: `FELDZUG_CURTAIN=up` opens the game with the hand of the side to
    /// act shown (as if that player had clicked the hand-over curtain).
    fn started(world: &mut World, rules: &StRules) {
        if std::env::var("FELDZUG_CURTAIN").as_deref() != Ok("up") {
            return;
        }
        let Some(st) = world.get_resource::<StStateRes>().map(|s| s.0.clone()) else {
            return;
        };
        let to_act = crate::engine::step::to_act::<Struggle>(rules, &st);
        let mut ui = world.resource_mut::<StUi>();
        ui.curtain.follow(to_act);
        ui.curtain.lift();
    }

    fn point_board(rules: &StRules) -> Option<crate::gui::pointboard::PointBoard> {
        Some(board::board_of(rules, None))
    }
}
