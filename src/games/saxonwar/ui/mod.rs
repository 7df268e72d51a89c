//! Great Saxon War on screen: a MINIMAL STUB (issue 14's window work is still to come).
//! The registry needs a screen for every game when the window is built; this one draws
//! the area map with the shared point board and lists the step's prompt with a button
//! per legal command (every command still goes through the one legal list). No secret
//! is shown: the list is the side to act's own, behind nothing yet (to do: the
//! hand-over curtain for the secret deployment).

use super::SaxonWar;
use super::data::SxRules;
use super::ecs::*;
use super::state::*;
use crate::engine::game::RulesGame;
use crate::engine::game_ecs::*;
use crate::engine::hexmap::HexMap;
use crate::gui::AppState;
use crate::gui::game_ui::*;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

#[derive(Resource, Default)]
pub struct SxUi {
    pub core: UiCore<SxCommand>,
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
                    keys::<SaxonWar>,
                    dispatch::<SaxonWar>,
                    show_outcomes::<SaxonWar>,
                    autosave_on_change::<SaxonWar>,
                )
                    .chain()
                    .run_if(in_state(AppState::InGame))
                    .run_if(resource_exists::<RulesRes<SaxonWar>>),
            )
            .add_systems(
                EguiPrimaryContextPass,
                panel
                    .run_if(in_state(AppState::InGame))
                    .run_if(resource_exists::<RulesRes<SaxonWar>>),
            )
            .add_systems(OnExit(AppState::InGame), leave_game::<SaxonWar>);
    }
}

fn panel(
    mut contexts: EguiContexts,
    rules: Res<RulesRes<SaxonWar>>,
    st: Option<Res<SxStateRes>>,
    mut ui: ResMut<SxUi>,
    mut next: ResMut<NextState<AppState>>,
) {
    let Some(st) = st else { return };
    let Ok(ctx) = contexts.ctx_mut() else { return };
    let legal = <SaxonWar as RulesGame>::legal(&rules.0, &st.0);
    egui::Window::new("Great Saxon War").show(ctx, |w| {
        w.label(crate::engine::step::prompt::<SaxonWar>(&rules.0, &st.0));
        w.label(&ui.core.message);
        egui::ScrollArea::vertical().max_height(400.0).show(w, |w| {
            for c in legal.iter().take(200) {
                if w.button(format!("{c:?}")).clicked() {
                    ui.core.outbox.push(c.clone());
                }
            }
        });
        w.horizontal(|w| game_buttons(w, &mut ui.core, &mut next));
    });
}

impl GameUi for SaxonWar {
    type Ui = SxUi;
    const UNDO_IN_LESSON: &'static str = "Undo is off during a lesson.";

    fn core(ui: &SxUi) -> &UiCore<SxCommand> {
        &ui.core
    }

    fn core_mut(ui: &mut SxUi) -> &mut UiCore<SxCommand> {
        &mut ui.core
    }

    /// An area game: the hex map is not drawn.
    fn map(_rules: &SxRules) -> HexMap {
        HexMap::placeholder()
    }

    fn deselect(_ui: &mut SxUi) {}

    fn applied(_ui: &mut SxUi, _cmd: &SxCommand) {}
}

impl crate::gui::library::GuiGame for SaxonWar {
    fn add_ui(app: &mut App) {
        app.add_plugins(SxUiPlugin);
    }
}
