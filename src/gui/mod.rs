//! The window: app states (loading, menu, in game, game over), the hex board, camera
//! controls and the egui panels. Rendering is reactive: the program sleeps until input.

pub mod board;
pub mod counters;
pub mod draw;
pub mod game_ui;
pub mod legend;
pub mod panels;
pub mod terrain;

use crate::engine::scenarios;
use crate::games::koniggratz::Koniggratz;
use crate::games::trautenau::Trautenau;
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
    pub progress: crate::engine::tutorial::Progress,
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

/// FELDZUG_BENCH=frames|empty: frame-time recording for `feldzug bench --gui`.
#[derive(Resource, Default)]
struct BenchRecorder {
    frames: u32,
    samples: Vec<f64>,
}

// Real time: the virtual clock clamps a frame's delta at 250 ms (`Time::max_delta`),
// which hid every frame slower than that on a loaded machine.
fn bench_frames(
    time: Res<Time<bevy::time::Real>>,
    mut rec: ResMut<BenchRecorder>,
    mut exit: MessageWriter<AppExit>,
) {
    rec.frames += 1;
    if rec.frames == 1 {
        println!("BENCH first-frame");
    }
    // warm-up: the first frames load the map and compile pipelines
    if rec.frames > 60 {
        rec.samples.push(time.delta_secs_f64() * 1000.0);
    }
    if rec.samples.len() >= 300 {
        let mut v = rec.samples.clone();
        v.sort_by(|a, b| a.total_cmp(b));
        println!("BENCH p50-ms {}", v[v.len() / 2]);
        println!("BENCH p95-ms {}", v[v.len() * 95 / 100]);
        let rss = std::fs::read_to_string("/proc/self/status")
            .ok()
            .and_then(|s| {
                s.lines()
                    .find(|l| l.starts_with("VmHWM"))
                    .and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok())
            });
        if let Some(kib) = rss {
            println!("BENCH peak-rss-mib {}", kib / 1024.0);
        }
        exit.write(AppExit::Success);
    }
}

fn window_plugin() -> WindowPlugin {
    WindowPlugin {
        primary_window: Some(Window {
            title: "Feldzug 1866".into(),
            resolution: (1280u32, 800u32).into(),
            ..default()
        }),
        ..default()
    }
}

pub fn run() {
    let bench = std::env::var("FELDZUG_BENCH").ok();
    if bench.as_deref() == Some("empty") {
        // the baseline: an empty Bevy window with a 2D camera, redrawn continuously
        App::new()
            .add_plugins(DefaultPlugins.set(window_plugin()))
            .insert_resource(WinitSettings::game())
            .init_resource::<BenchRecorder>()
            .add_systems(Startup, |mut c: Commands| {
                c.spawn(Camera2d);
            })
            .add_systems(Last, bench_frames)
            .run();
        return;
    }
    let mut app = App::new();
    if bench.is_some() {
        app.init_resource::<BenchRecorder>()
            .add_systems(Last, bench_frames);
    }
    app.add_plugins(DefaultPlugins.set(window_plugin()))
        .add_plugins(EguiPlugin::default())
        // reactive: sleep until input (benchmarks redraw continuously)
        .insert_resource(
            if bench.is_some() || std::env::var("FELDZUG_SCREENSHOT").is_ok() {
                WinitSettings::game()
            } else {
                WinitSettings::desktop_app()
            },
        )
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
        .add_plugins(crate::games::trautenau::ui::TsUiPlugin)
        .add_systems(Startup, setup_camera)
        .add_systems(OnEnter(AppState::Menu), after_loading)
        .add_systems(
            EguiPrimaryContextPass,
            menu_ui.run_if(in_state(AppState::Menu)),
        )
        .add_systems(Last, (automation, keep_awake_while_busy))
        .add_systems(
            PreUpdate,
            drop_unchanged_modifiers
                .after(bevy_egui::EguiInputSet::WriteEguiEvents)
                .before(bevy_egui::EguiPreUpdateSet::BeginPass),
        );
    if std::env::var("FELDZUG_DEBUG_FRAMES").is_ok() {
        app.add_systems(Last, debug_frames)
            .add_systems(EguiPrimaryContextPass, debug_repaint_causes);
    }
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
    menu.progress = crate::engine::tutorial::Progress::load();
    if *done {
        return;
    }
    *done = true;
    menu.seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() % 100_000)
        .unwrap_or(1);
    menu.seed_text = menu.seed.to_string();
    if let Ok(id) = std::env::var("FELDZUG_LESSON") {
        // (tests and demos open a lesson straight away)
        commands.queue(move |w: &mut World| start_lesson(w, &id, false));
        next.set(AppState::InGame);
        return;
    }
    if let Ok(id) = std::env::var("FELDZUG_AUTOSTART") {
        // (tests and demos start a game straight away)
        commands.queue(move |w: &mut World| {
            let game = scenarios::find(&id)
                .map(|s| s.meta.game)
                .unwrap_or_default();
            // FELDZUG_SEED=N picks the seed (default 1)
            let seed = std::env::var("FELDZUG_SEED")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(1);
            start_game(w, &game, &id, seed, &[])
        });
        next.set(AppState::InGame);
    }
}

/// Starts a lesson of any game (one line per game).
pub fn start_lesson(w: &mut World, id: &str, resume: bool) {
    let game = scenarios::find(id).map(|s| s.meta.game).unwrap_or_default();
    match game.as_str() {
        crate::games::trautenau::GAME_ID => game_ui::start_lesson::<Trautenau>(w, id, resume),
        _ => game_ui::start_lesson::<Koniggratz>(w, id, resume),
    }
}

/// The lesson series per game: (menu heading, lessons).
fn lesson_series() -> Vec<(&'static str, Vec<(String, String, u32)>)> {
    vec![
        ("Königgrätz", game_ui::lessons::<Koniggratz>()),
        ("Trautenau – Soor", game_ui::lessons::<Trautenau>()),
    ]
}

/// Starts a scenario of any game (one line per game).
pub fn start_game(w: &mut World, game: &str, id: &str, seed: u64, variants: &[String]) {
    match game {
        crate::games::trautenau::GAME_ID => game_ui::start_game::<Trautenau>(w, id, seed, variants),
        _ => game_ui::start_game::<Koniggratz>(w, id, seed, variants),
    }
}

/// Opens the most recent autosave of any game.
pub fn resume_latest(w: &mut World) -> Result<(), String> {
    let age = |p: std::path::PathBuf| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let kg = age(game_ui::autosave_path::<Koniggratz>());
    let ts = age(game_ui::autosave_path::<Trautenau>());
    if ts.is_some() && (kg.is_none() || ts > kg) {
        game_ui::load_autosave::<Trautenau>(w)
    } else {
        game_ui::load_autosave::<Koniggratz>(w)
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
        .max_height(740.0)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(700.0)
                .min_scrolled_height(640.0)
                .show(ui, |ui| {
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
                            // the first sentence; the rest on hover
                            let d = &s.meta.description;
                            let first = d.split_inclusive(". ").next().unwrap_or(d);
                            ui.label(first).on_hover_text(d);
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
                                    let game = s.meta.game.clone();
                                    let seed = menu.seed;
                                    commands.queue(move |w: &mut World| {
                                        start_game(w, &game, &id, seed, &[])
                                    });
                                    next.set(AppState::InGame);
                                }
                                for v in &s.variants {
                                    if ui.button(format!("Option: {}", v.name)).clicked() {
                                        let id = s.meta.id.clone();
                                        let game = s.meta.game.clone();
                                        let seed = menu.seed;
                                        let opt = vec![v.id.clone()];
                                        commands.queue(move |w: &mut World| {
                                            start_game(w, &game, &id, seed, &opt)
                                        });
                                        next.set(AppState::InGame);
                                    }
                                }
                            });
                        });
                    }
                    ui.separator();
                    for (game, list) in lesson_series() {
                        if list.is_empty() {
                            continue;
                        }
                        ui.strong(format!("Learn to play {game}"));
                        for (id, title, order) in list {
                            let step = menu.progress.steps.get(&id).copied().unwrap_or(0);
                            let done = menu.progress.done.contains(&id);
                            ui.horizontal(|ui| {
                                let mark = if done { "✔" } else { " " };
                                ui.label(format!("{mark} {order}. {title}"));
                                if ui.button(if done { "Again" } else { "Start" }).clicked() {
                                    let id = id.clone();
                                    commands
                                        .queue(move |w: &mut World| start_lesson(w, &id, false));
                                    next.set(AppState::InGame);
                                }
                                if step > 0
                                    && !done
                                    && ui.button(format!("Resume at step {}", step + 1)).clicked()
                                {
                                    let id = id.clone();
                                    commands.queue(move |w: &mut World| start_lesson(w, &id, true));
                                    next.set(AppState::InGame);
                                }
                            });
                        }
                    }
                    ui.separator();
                    if ui.button("Resume last game (Ctrl+O)").clicked() {
                        commands.queue(|w: &mut World| match resume_latest(w) {
                            Ok(()) => w
                                .resource_mut::<NextState<AppState>>()
                                .set(AppState::InGame),
                            Err(e) => w.resource_mut::<MenuState>().message = e,
                        });
                    }
                    if !menu.message.is_empty() {
                        ui.colored_label(egui::Color32::LIGHT_RED, &menu.message);
                    }
                });
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

/// FELDZUG_DEBUG_FRAMES: print frames and redraw requests per second (idle-cost hunting).
fn debug_frames(
    mut n: Local<(u32, u32, f64)>,
    time: Res<bevy::time::Time<bevy::time::Real>>,
    mut redraws: MessageReader<bevy::window::RequestRedraw>,
) {
    n.0 += 1;
    n.1 += redraws.read().count() as u32;
    let now = time.elapsed_secs_f64();
    if now - n.2 >= 1.0 {
        println!("frames {} redraw-requests {}", n.0, n.1);
        *n = (0, 0, now);
    }
}

fn debug_repaint_causes(mut contexts: EguiContexts, mut n: Local<u32>) -> Result {
    *n += 1;
    if (*n).is_multiple_of(30) {
        let ctx = contexts.ctx_mut()?;
        println!("repaint causes: {:?}", ctx.repaint_causes());
        ctx.input(|i| {
            println!(
                "egui events: {:?} pointer latest {:?}",
                i.events,
                i.pointer.latest_pos()
            )
        });
    }
    Ok(())
}

/// bevy_egui 0.42 feeds egui a `ModifiersChanged` event every frame; egui answers any
/// event with an immediate repaint request, so the window never went idle. Keep the
/// event only when the modifiers really changed, so reactive rendering can sleep.
fn drop_unchanged_modifiers(
    mut inputs: Query<&mut bevy_egui::EguiInput>,
    mut last: Local<Option<egui::Modifiers>>,
) {
    for mut input in &mut inputs {
        let mut seen = *last;
        input.0.events.retain(|e| match e {
            egui::Event::ModifiersChanged(m) => {
                let keep = seen != Some(*m);
                seen = Some(*m);
                keep
            }
            _ => true,
        });
        *last = seen;
    }
}

/// Reactive rendering sleeps until input; keep drawing while something is still
/// settling: start-up, a state change, or a game command that is queued or just applied.
fn keep_awake_while_busy(
    mut frames: Local<u32>,
    mut last_rev: Local<u64>,
    state: Res<State<AppState>>,
    rev: Option<Res<crate::engine::game_ecs::Revision<crate::games::koniggratz::Koniggratz>>>,
    inbox: Option<Res<crate::engine::game_ecs::Inbox<crate::games::koniggratz::Koniggratz>>>,
    ts_rev: Option<Res<crate::engine::game_ecs::Revision<crate::games::trautenau::Trautenau>>>,
    ts_inbox: Option<Res<crate::engine::game_ecs::Inbox<crate::games::trautenau::Trautenau>>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    *frames += 1;
    let rev_now = rev.map(|r| r.0).unwrap_or(0) + ts_rev.map(|r| r.0).unwrap_or(0);
    let busy = *frames < 30
        || state.is_changed()
        || rev_now != *last_rev
        || inbox.is_some_and(|i| !i.0.is_empty())
        || ts_inbox.is_some_and(|i| !i.0.is_empty());
    *last_rev = rev_now;
    if busy {
        redraw.write(bevy::window::RequestRedraw);
    }
}
