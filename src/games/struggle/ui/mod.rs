//! 1866: The Struggle for Supremacy in Germany on screen: the point-to-point map drawn
//! with the shared [`PointBoard`](crate::gui::pointboard) (spaces by kind, roads and
//! railroads, tints by original owner, control markers, a stack box per space, the
//! spaces the legal commands reach lit), the hand of the side to act behind the
//! hand-over curtain, the card in play, the piles, the VP track and the step's buttons.
//! Never mutates game state: it only sends commands from the one legal list.
//!
//! Files: `board` (the board, the marks, clicks), `panels` (egui windows and the hand).

mod board;
pub mod panels;

use super::Struggle;
use super::data::StRules;
use super::ecs::*;
use super::state::*;
use crate::engine::game::RulesGame;
use crate::engine::game_ecs::*;
use crate::gui::AppState;
use crate::gui::game_ui::*;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
use std::sync::Arc;

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

/// The situations `FELDZUG_AUTOPLAY` plays to.
pub const AUTOPLAY_SITUATIONS: &[&str] = &[
    "war",
    "move",
    "army",
    "intercept",
    "rearguard",
    "battle",
    "response",
    "losses",
    "retreat",
    "pursue",
];

/// Random legal commands (seeded by `seed`, the game's own random player) until the
/// named situation: `war` the first War turn's first round, `move` a force moving, `army`
/// an army (a general with his corps) moving, `intercept` an interception offered, `rearguard` an avoiding army's rearguard to pick,
/// `battle` a battle about to be fought with its odds (the battle-card step), `response`
/// the same with a response card in the hand of the side to decide, `losses`,
/// `retreat`, `pursue` those steps of a battle. Err when the name is unknown or the
/// situation was not reached in 20 000 commands (then nothing is played).
pub fn autoplay_until(
    rules: &Arc<StRules>,
    seed: u64,
    until: &str,
) -> Result<Vec<StCommand>, String> {
    use super::flow_battle::Stage;
    use crate::engine::game::PureGame;
    let ready = |g: &PureGame<Struggle>| {
        let st = &g.st;
        let stage = st.g.battle.as_ref().map(|b| b.stage);
        let legal = || g.legal();
        match until {
            "war" => st.g.war && st.g.step == Step::Round,
            "move" => {
                st.g.step == Step::Move
                    && legal().iter().any(|c| matches!(c, StCommand::Move { .. }))
            }
            "army" => {
                st.g.step == Step::Move
                    && st
                        .g
                        .op
                        .as_ref()
                        .and_then(|o| o.mover.as_ref())
                        .is_some_and(|m| {
                            m.army
                                && m.pieces
                                    .iter()
                                    .filter(|p| matches!(p, Piece::Unit(_)))
                                    .count()
                                    >= 2
                        })
                    && legal().iter().any(|c| matches!(c, StCommand::Move { .. }))
            }
            "intercept" => stage == Some(Stage::Intercept),
            // 10.4, 18.3: an avoiding army over its seniority, its owner to pick who stays
            "rearguard" => !super::flow_battle::rearguard_choices(&g.rules, st).is_empty(),
            "battle" => {
                matches!(stage, Some(Stage::Respond(_)))
                    && super::flow_battle::battle_preview(&g.rules, st).is_some()
            }
            "response" => {
                matches!(stage, Some(Stage::Respond(_)))
                    && legal()
                        .iter()
                        .any(|c| matches!(c, StCommand::Respond { .. }))
            }
            "losses" => matches!(stage, Some(Stage::Losses(_))),
            "retreat" => stage == Some(Stage::Retreat),
            "pursue" => stage == Some(Stage::Pursue),
            _ => false,
        }
    };
    crate::gui::game_ui::play_until::<Struggle>(
        rules,
        seed,
        until,
        AUTOPLAY_SITUATIONS,
        &ready,
        super::random_command,
    )
}

/// The legal commands of the step, in the order the rules list them.
fn legal(rules: &StRules, st: &StState) -> Vec<StCommand> {
    <Struggle as RulesGame>::legal(rules, st)
}

impl GameUi for Struggle {
    type Ui = StUi;

    /// No hand-over with a computer seat (`gui::computer`).
    fn seats(ui: &mut StUi, computer: [bool; 2]) {
        ui.curtain.seat(computer);
    }

    fn core(ui: &StUi) -> &UiCore<StCommand> {
        &ui.core
    }

    fn core_mut(ui: &mut StUi) -> &mut UiCore<StCommand> {
        &mut ui.core
    }

    fn deselect(ui: &mut StUi) {
        ui.hands = Default::default();
    }

    fn applied(ui: &mut StUi, cmd: &StCommand) {
        if matches!(cmd, StCommand::Play { .. } | StCommand::FreeOp { .. }) {
            ui.hands = Default::default();
        }
    }

    /// `FELDZUG_AUTOPLAY=<situation>`: random legal commands from the seed until the
    /// situation (demos and screenshots; the game is still scenario + seed + commands):
    /// see [`autoplay_until`] for the names.
    fn autoplay(_world: &mut World, rules: &Arc<StRules>, seed: u64) -> Vec<StCommand> {
        autoplay_from_env(rules, seed, autoplay_until)
    }

    /// Screenshots: `FELDZUG_CURTAIN=up` opens the game with the hand of the side to
    /// act shown (as if that player had clicked the hand-over curtain). With
    /// `FELDZUG_AUTOPLAY` the view is centred on the battle or the moving force.
    fn started(world: &mut World, rules: &StRules) {
        let Some(st) = world.get_resource::<StStateRes>().map(|s| s.0.clone()) else {
            return;
        };
        if std::env::var("FELDZUG_AUTOPLAY").is_ok() {
            let at = st.g.battle.as_ref().map(|b| b.at).or_else(|| {
                st.g.op
                    .as_ref()
                    .and_then(|o| o.mover.as_ref())
                    .map(|m| m.at)
            });
            if let Some(at) = at {
                world.resource_mut::<crate::gui::pointboard::PointFocus>().0 = Some((at, 0.9));
            }
        }
        if std::env::var("FELDZUG_CURTAIN").as_deref() != Ok("up") {
            return;
        }
        let to_act = crate::engine::step::to_act::<Struggle>(rules, &st);
        let mut ui = world.resource_mut::<StUi>();
        ui.curtain.follow(to_act);
        ui.curtain.lift();
    }

    fn point_board(rules: &StRules) -> Option<crate::gui::pointboard::PointBoard> {
        Some(board::board_of(rules, None))
    }
}
