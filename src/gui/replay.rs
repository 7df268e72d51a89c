//! The replay browser's panel: a thin view of `crate::replay::ReplayBrowser`. It lists
//! the save's commands with the log lines each wrote; the buttons, the arrow keys or a
//! click on a line move the cursor, and the board is rebuilt at the cursor (scenario +
//! seed + the first N commands). A double click on a line also centres the board on the
//! hex it names. "Play on from here" writes a new save of the first N commands and
//! opens it as a game of its own; the browsed save is not touched.

use crate::engine::hexmap::Coord;
use crate::gui::AppState;
use crate::gui::board::{BoardCamera, Focus};
use crate::library;
use crate::replay::ReplayBrowser;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// The replay browser is open (in game): the board shows the cursor's position.
#[derive(Resource)]
pub struct Browsing {
    pub browser: ReplayBrowser,
    /// The game in progress when the browser was opened on it (all its commands, in
    /// memory only), restored by "Back to the game".
    pub back_to: Option<String>,
    /// The cursor shown on the board (None: not yet).
    pub shown: Option<usize>,
    pub focus: Option<Coord>,
    pub request: Option<Request>,
    pub message: String,
    /// Scroll the list to the cursor's line (after a key or button step).
    pub scroll: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    PlayOn,
    Close,
}

impl Browsing {
    pub fn new(browser: ReplayBrowser, back_to: Option<String>) -> Self {
        Self {
            browser,
            back_to,
            shown: None,
            focus: None,
            request: None,
            message: String::new(),
            scroll: true,
        }
    }
}

pub struct ReplayPlugin;

impl Plugin for ReplayPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            PreUpdate,
            replay_keys
                .after(bevy::input::InputSystems)
                .run_if(resource_exists::<Browsing>),
        )
        .add_systems(
            Update,
            replay_sync
                .run_if(in_state(AppState::InGame))
                .run_if(resource_exists::<Browsing>),
        )
        .add_systems(
            EguiPrimaryContextPass,
            replay_panel
                .run_if(in_state(AppState::InGame))
                .run_if(resource_exists::<Browsing>),
        )
        .add_systems(OnExit(AppState::InGame), |mut c: Commands| {
            c.remove_resource::<Browsing>()
        });
    }
}

/// Opens the browser on the game in progress (the in-game "Replay" button).
pub fn open_current(world: &mut World, game_id: &str) {
    let Ok(game) = crate::games::find(game_id) else {
        return;
    };
    let Some(text) = game.gui().current_save(world, false) else {
        return;
    };
    let full = game.gui().current_save(world, true);
    match ReplayBrowser::open("the current game", None, text) {
        Ok(mut b) => {
            b.to_end();
            world.insert_resource(Browsing::new(b, full));
        }
        Err(e) => game.gui().set_message(world, &e),
    }
}

/// Opens the browser on a save file (from the menu), at its start.
pub fn open_file(world: &mut World, path: &std::path::Path) -> Result<(), String> {
    let b = ReplayBrowser::open_file(path)?;
    world.insert_resource(Browsing::new(b, None));
    world
        .resource_mut::<NextState<AppState>>()
        .set(AppState::InGame);
    Ok(())
}

/// Left/Right step back and forward, Home/End jump; the arrows are taken from the
/// camera while the browser is open.
fn replay_keys(
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut b: ResMut<Browsing>,
    mut contexts: EguiContexts,
) {
    if contexts.ctx_mut().is_ok_and(|c| c.text_edit_focused()) {
        return;
    }
    let moved = if keys.just_pressed(KeyCode::ArrowLeft) {
        b.browser.back()
    } else if keys.just_pressed(KeyCode::ArrowRight) {
        b.browser.forward()
    } else if keys.just_pressed(KeyCode::Home) {
        b.browser.to_start()
    } else if keys.just_pressed(KeyCode::End) {
        b.browser.to_end()
    } else {
        false
    };
    if moved {
        b.scroll = true;
    }
    // held arrows repeat as new presses (the OS key repeat) instead of panning
    keys.reset(KeyCode::ArrowLeft);
    keys.reset(KeyCode::ArrowRight);
}

/// Shows the cursor's position on the board and carries out the panel's requests.
fn replay_sync(world: &mut World) {
    let Some(mut b) = world.remove_resource::<Browsing>() else {
        return;
    };
    let gui = b.browser.game.gui();
    match b.request.take() {
        Some(Request::PlayOn) => match b.browser.play_on(&library::saves_dir()) {
            Ok(path) => {
                let file = path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                match gui.load_file(world, &path) {
                    Ok(()) => gui.set_message(
                        world,
                        &format!(
                            "Playing on from command {} as {file}; {} is unchanged.",
                            b.browser.cursor, b.browser.name
                        ),
                    ),
                    Err(e) => gui.set_message(world, &e),
                }
                return;
            }
            Err(e) => b.message = e,
        },
        Some(Request::Close) => {
            match b.back_to.take() {
                Some(full) => {
                    if let Ok(mut back) = ReplayBrowser::open("the current game", None, full) {
                        back.to_end();
                        let _ = gui.show_replay(world, &back);
                    }
                }
                None => world
                    .resource_mut::<NextState<AppState>>()
                    .set(AppState::Menu),
            }
            return;
        }
        None => {}
    }
    if b.shown != Some(b.browser.cursor) {
        b.shown = Some(b.browser.cursor);
        if let Err(e) = gui.show_replay(world, &b.browser) {
            b.message = e;
        }
    }
    if let Some(c) = b.focus.take() {
        let scale = world
            .query_filtered::<&Projection, With<BoardCamera>>()
            .iter(world)
            .find_map(|p| match p {
                Projection::Orthographic(o) => Some(o.scale),
                _ => None,
            })
            .unwrap_or(1.0);
        world.resource_mut::<Focus>().0 = Some((c, scale.min(0.8)));
    }
    world.insert_resource(b);
}

const PLAY_ON_HINT: &str =
    "A new game from this position, saved under a new name; the save you browse stays as it is";

fn replay_panel(mut contexts: EguiContexts, mut b: ResMut<Browsing>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let b = &mut *b;
    let n = b.browser.len();
    let title = format!(
        "Replay of {}",
        b.browser
            .path
            .as_ref()
            .and_then(|p| p.file_name())
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_else(|| b.browser.name.clone())
    );
    egui::Window::new("Replay")
        // a bar at the bottom, between the games' panels in the corners; it can be moved
        .default_pos([130.0, 505.0])
        .default_width(670.0)
        .max_height(290.0)
        .collapsible(false)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.strong(&title);
                ui.small(format!(
                    "{} · {} · seed {}{}",
                    b.browser.game.name(),
                    b.browser.script.scenario,
                    b.browser.script.seed,
                    if b.browser.script.options.is_empty() {
                        String::new()
                    } else {
                        format!(" · options {}", b.browser.script.options.join(", "))
                    }
                ));
            });
            ui.horizontal(|ui| {
                let c = b.browser.cursor;
                let mut moved = false;
                moved |= ui
                    .add_enabled(c > 0, egui::Button::new("⏮"))
                    .on_hover_text("To the start (Home)")
                    .clicked()
                    && b.browser.to_start();
                moved |= ui
                    .add_enabled(c > 0, egui::Button::new("◀"))
                    .on_hover_text("One command back (Left arrow)")
                    .clicked()
                    && b.browser.back();
                ui.label(
                    egui::RichText::new(format!("Command {c} of {n}"))
                        .strong()
                        .size(15.0),
                );
                moved |= ui
                    .add_enabled(c < n, egui::Button::new("▶"))
                    .on_hover_text("One command forward (Right arrow)")
                    .clicked()
                    && b.browser.forward();
                moved |= ui
                    .add_enabled(c < n, egui::Button::new("⏭"))
                    .on_hover_text("To the end (End)")
                    .clicked()
                    && b.browser.to_end();
                if moved {
                    b.scroll = true;
                }
                ui.separator();
                if ui
                    .button("Play on from here")
                    .on_hover_text(PLAY_ON_HINT)
                    .clicked()
                {
                    b.request = Some(Request::PlayOn);
                }
                let close = if b.back_to.is_some() {
                    "Back to the game"
                } else {
                    "Close"
                };
                if ui.button(close).clicked() {
                    b.request = Some(Request::Close);
                }
            });
            let mut at = b.browser.cursor;
            ui.spacing_mut().slider_width = 640.0;
            if n > 0
                && ui
                    .add(egui::Slider::new(&mut at, 0..=n).show_value(false))
                    .changed()
            {
                b.browser.go_to(at);
            }
            if let Some(r) = &b.browser.script.refused {
                ui.colored_label(egui::Color32::LIGHT_RED, format!("The save stops: {r}"));
            }
            if !b.message.is_empty() {
                ui.colored_label(egui::Color32::LIGHT_RED, &b.message);
            }
            ui.small("Click a line to see the board after it; double-click to centre on its hex.");
            ui.separator();
            let scroll = std::mem::take(&mut b.scroll);
            let cursor = b.browser.cursor;
            let mut jump: Option<(usize, Option<Coord>)> = None;
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .max_height(130.0)
                .show(ui, |ui| {
                    let r = ui.selectable_label(cursor == 0, "0. The start");
                    if r.clicked() {
                        jump = Some((0, None));
                    }
                    if scroll && cursor == 0 {
                        r.scroll_to_me(Some(egui::Align::Center));
                    }
                    for (i, line) in b.browser.script.lines.iter().enumerate() {
                        let here = cursor == i + 1;
                        // the command's first log line reads best; the command as saved on hover
                        let first = line
                            .log
                            .first()
                            .map_or(line.command.as_str(), |e| e.text.as_str());
                        let r = ui.selectable_label(here, format!("{}. {first}", i + 1));
                        let r = match line.hex {
                            Some(h) => r.on_hover_text(format!(
                                "{}\nDouble-click: centre the board on hex {h}",
                                line.command
                            )),
                            None => r.on_hover_text(&line.command),
                        };
                        if r.double_clicked() {
                            jump = Some((i + 1, line.hex));
                        } else if r.clicked() {
                            jump = Some((i + 1, None));
                        }
                        if scroll && here {
                            r.scroll_to_me(Some(egui::Align::Center));
                        }
                        for e in line.log.iter().skip(1) {
                            let rule = if e.rule.is_empty() {
                                String::new()
                            } else {
                                format!("[{}] ", e.rule)
                            };
                            let t = egui::RichText::new(format!("    {rule}{}", e.text)).small();
                            let t = if i < cursor { t } else { t.weak() };
                            ui.label(t);
                        }
                    }
                });
            if let Some((k, hex)) = jump {
                b.browser.go_to(k);
                b.focus = hex;
            }
        });
    Ok(())
}
