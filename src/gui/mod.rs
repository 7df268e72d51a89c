//! The window: app states (loading, menu, in game, game over), the hex board, camera
//! controls and the egui panels. Rendering is reactive: the program sleeps until input.

pub mod board;

use crate::engine::scenarios;
use bevy::prelude::*;
use bevy::winit::WinitSettings;
use bevy_asset_loader::prelude::*;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass, egui};

/// Files loaded before the menu opens. Counters, maps and text are drawn by the program
/// with bevy's built-in font, so the collection is empty for now; art goes here.
#[derive(AssetCollection, Resource)]
pub struct UiAssets {}

#[derive(States, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum AppState {
    #[default]
    Loading,
    Menu,
    InGame,
}

/// Menu choices.
#[derive(Resource, Default)]
pub struct MenuState {
    pub seed: u64,
    pub seed_text: String,
    pub message: String,
}

/// Environment-driven automation for tests and screenshots.
#[derive(Resource, Default)]
pub struct Automation {
    pub screenshot: Option<String>,
    pub frames: u32,
    pub taken: bool,
}

pub fn run() {
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Feldzug 1866".into(),
            resolution: (1280u32, 800u32).into(),
            ..default()
        }),
        ..default()
    }))
    .add_plugins(EguiPlugin::default())
    .insert_resource(WinitSettings::desktop_app())
    .insert_resource(ClearColor(Color::srgb(0.16, 0.17, 0.15)))
    .init_state::<AppState>()
    .add_loading_state(
        LoadingState::new(AppState::Loading)
            .continue_to_state(AppState::Menu)
            .load_collection::<UiAssets>(),
    )
    .init_resource::<MenuState>()
    .insert_resource(Automation {
        screenshot: std::env::var("FELDZUG_SCREENSHOT").ok(),
        ..default()
    })
    .add_plugins(board::BoardPlugin)
    .add_plugins(crate::games::koniggratz::ui::KgUiPlugin)
    .add_systems(Startup, setup_camera)
    .add_systems(OnEnter(AppState::Menu), after_loading)
    .add_systems(
        EguiPrimaryContextPass,
        menu_ui.run_if(in_state(AppState::Menu)),
    )
    .add_systems(Last, automation);
    app.run();
}

fn setup_camera(mut commands: Commands) {
    commands.spawn((Camera2d, board::BoardCamera));
}

/// First entry to the menu: pick a seed; FELDZUG_AUTOSTART starts a game (tests, demos).
fn after_loading(
    mut next: ResMut<NextState<AppState>>,
    mut menu: ResMut<MenuState>,
    mut commands: Commands,
    mut done: Local<bool>,
) {
    if *done {
        return;
    }
    *done = true;
    menu.seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() % 100_000)
        .unwrap_or(1);
    menu.seed_text = menu.seed.to_string();
    if let Ok(id) = std::env::var("FELDZUG_AUTOSTART") {
        // (tests and demos start a game straight away)
        commands
            .queue(move |w: &mut World| crate::games::koniggratz::ui::start_game(w, &id, 1, &[]));
        next.set(AppState::InGame);
    }
}

fn menu_ui(
    mut contexts: EguiContexts,
    mut menu: ResMut<MenuState>,
    mut commands: Commands,
    mut next: ResMut<NextState<AppState>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Feldzug 1866")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.heading("Board wargames of 1866");
            ui.label("Two players, one desktop. Choose a scenario.");
            ui.separator();
            ui.horizontal(|ui| {
                ui.label("Seed:");
                ui.text_edit_singleline(&mut menu.seed_text);
            });
            if let Ok(s) = menu.seed_text.trim().parse() {
                menu.seed = s;
            }
            for s in scenarios::embedded()
                .into_iter()
                .flatten()
                .filter(|s| !s.meta.hidden)
            {
                ui.group(|ui| {
                    ui.strong(&s.meta.name);
                    ui.label(&s.meta.description);
                    if !s.meta.reconstructed.is_empty() {
                        ui.small(format!(
                            "Reconstructed by us: {}",
                            s.meta.reconstructed.join(", ")
                        ));
                    }
                    ui.horizontal(|ui| {
                        if ui
                            .button(format!("New game (seed {})", menu.seed))
                            .clicked()
                        {
                            let id = s.meta.id.clone();
                            let seed = menu.seed;
                            commands.queue(move |w: &mut World| {
                                crate::games::koniggratz::ui::start_game(w, &id, seed, &[])
                            });
                            next.set(AppState::InGame);
                        }
                        if ui.button("Option: Austria 16 AP (6.1)").clicked() {
                            let id = s.meta.id.clone();
                            let seed = menu.seed;
                            commands.queue(move |w: &mut World| {
                                crate::games::koniggratz::ui::start_game(
                                    w,
                                    &id,
                                    seed,
                                    &["austrian-ap-16".to_string()],
                                )
                            });
                            next.set(AppState::InGame);
                        }
                    });
                });
            }
            ui.separator();
            if ui.button("Resume last game (Ctrl+O)").clicked() {
                commands.queue(|w: &mut World| {
                    match crate::games::koniggratz::ui::load_autosave(w) {
                        Ok(()) => w
                            .resource_mut::<NextState<AppState>>()
                            .set(AppState::InGame),
                        Err(e) => w.resource_mut::<MenuState>().message = e,
                    }
                });
            }
            if !menu.message.is_empty() {
                ui.colored_label(egui::Color32::LIGHT_RED, &menu.message);
            }
        });
    Ok(())
}

/// FELDZUG_SCREENSHOT=path: take a screenshot after the frame has settled, then exit.
fn automation(
    mut auto: ResMut<Automation>,
    mut commands: Commands,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(path) = auto.screenshot.clone() else {
        return;
    };
    auto.frames += 1;
    if auto.frames == 40 && !auto.taken {
        auto.taken = true;
        commands
            .spawn(bevy::render::view::screenshot::Screenshot::primary_window())
            .observe(bevy::render::view::screenshot::save_to_disk(path));
    }
    if auto.frames >= 80 {
        exit.write(AppExit::Success);
    }
}
