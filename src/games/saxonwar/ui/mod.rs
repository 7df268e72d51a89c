//! Great Saxon War on screen: the area map drawn with the shared
//! [`PointBoard`](crate::gui::pointboard) (areas tinted by country, links with their
//! mountain passes, fortresses filled in their holder's colour, depots, the Russia box;
//! each force a box beside its area: the leaders with the SPs under them in the power's
//! colour, a besieged fortress one box of two halves, garrison | besieger; demoralized and
//! winter-quarters marks), the areas the legal commands reach lit, the supply network on
//! request, the secret deployment and the willingness to fight behind the hand-over
//! curtain, a battle panel with its inputs, every modifier and the exact odds from the
//! rules' own functions, a siege panel (the siege table and the Honors of War), a "go
//! to" button (G) centring the map on the battle or the marching force. Never mutates game state: it only sends commands from the one
//! legal list.
//!
//! Files: `board` (the board, the marks, clicks), `panels` (egui windows).

mod board;
mod panels;

use super::SaxonWar;
use super::data::SxRules;
use super::ecs::*;
use super::state::*;
use crate::engine::game::RulesGame;
use crate::engine::game_ecs::*;
use crate::gui::AppState;
use crate::gui::game_ui::*;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
use std::sync::Arc;

pub use board::{LESSON, board_of, force_stacks, marks_of, power_colour, target, visible};
pub use panels::{LessonPointer, deploy_buttons, lesson_pointer, refusal_line, shown_prompt};

/// What the player has picked in the secret deployment: a leader, or SPs of a power.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeployPick {
    Leader(LeaderId),
    Sp(Power),
}

/// The result of the last battle, kept until the next one (or closed).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BattleMemo {
    pub area: AreaId,
    /// The log and dice lengths when the decision was still open.
    pub log_from: usize,
    pub rolls_from: usize,
    pub open: bool,
}

#[derive(Resource, Default)]
pub struct SxUi {
    /// Hides the screen between the players in the secret deployment and the
    /// willingness declarations (hot seat).
    pub curtain: crate::gui::handover::Curtain,
    pub core: UiCore<SxCommand>,
    pub pick: Option<DeployPick>,
    /// Deploy (or retreat) inside the fortress of the clicked area.
    pub inside: bool,
    /// SPs per click in the deployment.
    pub sp: u16,
    /// The side whose deployment the picks above were made for: when the other side
    /// deploys, they start afresh (a ticked "inside" box must not tell the next player
    /// where the last one put a force, grand.start).
    pub deploy_side: Option<Side>,
    /// Draw this side's supply network on the map.
    pub supply: Option<Side>,
    pub battle: Option<BattleMemo>,
    /// The march the amount slider was set for (leader, rolled).
    pub amount_for: Option<(LeaderId, bool)>,
    /// "Go to" this area once the panels have been drawn a few frames (the count left):
    /// the start of an autoplayed game, centred between panels whose size egui knows.
    pub focus_soon: Option<(AreaId, u8)>,
}

impl SxUi {
    /// The deployment picks belong to the side deploying: a new side starts with
    /// nothing picked, 5 SP per click and "inside" unticked (the last player's choices
    /// are neither carried over nor shown, grand.start).
    pub fn follow_deploying(&mut self, side: Side) {
        if self.deploy_side != Some(side) {
            self.deploy_side = Some(side);
            self.pick = None;
            self.inside = false;
            self.sp = 0;
            self.supply = None;
        }
    }

    /// The "inside" box as the map and clicks read it: in a deployment it counts only
    /// for the side that ticked it, so the next side's first frame (before the panel
    /// has reset the picks) neither lights nor deploys by the last side's choice.
    pub fn inside_for(&self, st: &SxState) -> bool {
        self.inside && (st.g.step != Step::Deploy || self.deploy_side == Some(st.g.deploying))
    }

    /// The supply view as the map draws it: none in a secret deployment (garrisoned
    /// fortresses are supply sources, so the network would show where the other side
    /// has garrisoned in secret, grand.start).
    pub fn supply_for(&self, st: &SxState) -> Option<Side> {
        if st.g.step == Step::Deploy {
            None
        } else {
            self.supply
        }
    }
}

pub struct SxUiPlugin;

impl Plugin for SxUiPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(SaxonWarPlugin)
            .init_resource::<SxUi>()
            .init_resource::<CurrentStep>()
            .add_systems(
                Update,
                (
                    board::handle_clicks,
                    keys::<SaxonWar>,
                    dispatch::<SaxonWar>,
                    show_outcomes::<SaxonWar>,
                    board::marks,
                    autosave_on_change::<SaxonWar>,
                )
                    .chain()
                    .run_if(in_state(AppState::InGame))
                    .run_if(resource_exists::<RulesRes<SaxonWar>>),
            )
            .add_systems(
                EguiPrimaryContextPass,
                panels::panels
                    .after(crate::gui::pointboard::PointBoardUi)
                    .run_if(in_state(AppState::InGame))
                    .run_if(resource_exists::<RulesRes<SaxonWar>>),
            )
            .add_systems(OnExit(AppState::InGame), leave_game::<SaxonWar>);
    }
}

/// The legal commands of the step, in the order the rules list them.
pub(crate) fn legal(rules: &SxRules, st: &SxState) -> Vec<SxCommand> {
    <SaxonWar as RulesGame>::legal(rules, st)
}

/// Whether the screen must hide behind the curtain when the side to act changes: the
/// secret deployment and the willingness declarations (combat.willingness). Elsewhere
/// nothing is secret and the players share the screen.
pub fn secret_step(st: &SxState) -> bool {
    matches!(st.g.step, Step::Deploy | Step::Combat)
}

/// The camera scale a "go to" centres the map at (as 1866's focus: close enough to read
/// the boxes of the area and its neighbours).
pub const FOCUS_SCALE: f32 = 0.9;

/// Where "go to" centres the map and the words for it: the battle being decided, the
/// force retreating after it, the marching force, the siege being settled (else None).
pub fn focus_area(rules: &SxRules, st: &SxState) -> Option<(AreaId, String)> {
    if let Some(c) = &st.g.combat {
        return Some((c.area, format!("the battle at {}", rules.area_name(c.area))));
    }
    if let Some(r) = &st.g.retreat {
        return Some((
            r.area,
            format!("the retreat from {}", rules.area_name(r.area)),
        ));
    }
    if let Some(m) = &st.g.march {
        return Some((
            m.at,
            format!(
                "{}'s force at {}",
                rules.leader_name(m.leader),
                rules.area_name(m.at)
            ),
        ));
    }
    if let Some(s) = &st.g.siege {
        return Some((
            s.area,
            format!("the siege of {}", rules.fortress_name(s.area)),
        ));
    }
    // the siege phase: the first fortress the phasing side may roll against
    if st.g.step == Step::Siege
        && let Some(a) = super::steps::siege::targets(rules, st).first()
    {
        return Some((*a, format!("the siege of {}", rules.fortress_name(*a))));
    }
    None
}

/// The situations `FELDZUG_AUTOPLAY` plays to.
pub const AUTOPLAY_SITUATIONS: &[&str] = &[
    "march", "moving", "battle", "besieged", "siege", "retreat", "redeploy",
];

/// Random legal commands (seeded by `seed`, the game's own random player) until the
/// named situation: `march` a leader selected to march (before his roll), `moving` a
/// force that has rolled and may enter an area, `battle` a decision to fight, `besieged`
/// the siege phase with a fortress to roll against (the siege table), `siege` a breach's
/// decision (the Honors of War), `retreat` a retreat after battle, `redeploy` the secret
/// re-deployment of a new campaign year (the Grand Campaign). Err when the name is unknown or the
/// situation was not reached in 20 000 commands.
pub fn autoplay_until(
    rules: &Arc<SxRules>,
    seed: u64,
    until: &str,
) -> Result<Vec<SxCommand>, String> {
    use crate::engine::game::PureGame;
    let ready = |g: &PureGame<SaxonWar>| {
        let st = &g.st;
        let legal = || g.legal();
        match until {
            "march" => st.g.march.as_ref().is_some_and(|m| !m.rolled && m.sp > 0),
            "moving" => {
                st.g.march.as_ref().is_some_and(|m| m.rolled && m.sp > 0)
                    && legal()
                        .iter()
                        .filter(|c| matches!(c, SxCommand::Enter { .. }))
                        .count()
                        >= 2
            }
            "battle" => {
                st.g.combat
                    .as_ref()
                    .is_some_and(|c| c.fight == [None, None])
            }
            "besieged" => {
                st.g.step == Step::Siege
                    && st.g.siege.is_none()
                    && !super::steps::siege::targets(rules, st).is_empty()
            }
            "siege" => st.g.step == Step::Siege && st.g.siege.is_some(),
            "retreat" => st.g.retreat.is_some(),
            "redeploy" => st.g.step == Step::Deploy && st.g.redeploying,
            _ => false,
        }
    };
    crate::gui::game_ui::play_until::<SaxonWar>(
        rules,
        seed,
        until,
        AUTOPLAY_SITUATIONS,
        &ready,
        super::random_command,
    )
}

impl GameUi for SaxonWar {
    type Ui = SxUi;

    /// No hand-over with a computer seat (`gui::computer`).
    fn seats(ui: &mut SxUi, computer: [bool; 2]) {
        ui.curtain.seat(computer);
    }

    fn core(ui: &SxUi) -> &UiCore<SxCommand> {
        &ui.core
    }

    fn core_mut(ui: &mut SxUi) -> &mut UiCore<SxCommand> {
        &mut ui.core
    }

    fn deselect(ui: &mut SxUi) {
        ui.pick = None;
    }

    fn applied(ui: &mut SxUi, cmd: &SxCommand) {
        if matches!(cmd, SxCommand::Deploy { .. }) {
            ui.pick = None;
        }
    }

    /// `FELDZUG_AUTOPLAY=<situation>`: random legal commands from the seed until the
    /// situation (demos and screenshots): see [`autoplay_until`] for the names.
    fn autoplay(_world: &mut World, rules: &Arc<SxRules>, seed: u64) -> Vec<SxCommand> {
        autoplay_from_env(rules, seed, autoplay_until)
    }

    /// Screenshots: `FELDZUG_CURTAIN=up` opens the game with the screen given to the
    /// side to act (as if that player had clicked the curtain); `FELDZUG_SUPPLY=austria`
    /// or `prussia` draws that side's supply network.
    fn started(world: &mut World, rules: &SxRules) {
        let Some(st) = world.get_resource::<SxStateRes>().map(|s| s.0.clone()) else {
            return;
        };
        let to_act = crate::engine::step::to_act::<SaxonWar>(rules, &st);
        let mut ui = world.resource_mut::<SxUi>();
        ui.supply = match std::env::var("FELDZUG_SUPPLY").as_deref() {
            Ok("austria") => Some(Side::Austria),
            Ok("prussia") => Some(Side::Prussia),
            _ => None,
        };
        if std::env::var("FELDZUG_CURTAIN").as_deref() == Ok("up") {
            ui.curtain.follow(to_act);
            ui.curtain.lift();
        }
        // FELDZUG_AUTOPLAY_FOCUS: an autoplayed game opens centred on its situation (the
        // battle, the siege, ...); without it the map opens fitted to the window
        if std::env::var("FELDZUG_AUTOPLAY_FOCUS").is_ok()
            && let Some((a, _)) = focus_area(rules, &st)
        {
            ui.focus_soon = Some((a, 4));
        }
    }

    fn point_board(rules: &SxRules) -> Option<crate::gui::pointboard::PointBoard> {
        Some(board::board_of(rules, None, None))
    }
}

impl crate::gui::library::GuiGame for SaxonWar {
    fn add_ui(app: &mut App) {
        app.add_plugins(SxUiPlugin);
    }
}
