//! The window: app states (loading, menu, in game, game over), the hex board, camera
//! controls and the egui panels. Rendering is reactive: the program sleeps until input.

pub mod board;
pub mod cards;
pub mod computer;
pub mod counters;
pub mod demo;
pub mod draw;
pub mod game_ui;
pub mod handover;
pub mod legend;
pub mod library;
pub mod panels;
pub mod pointboard;
pub mod replay;
pub mod stats;
pub mod terrain;

use crate::games::registry;
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
    pub library: library::LibraryState,
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
    /// process CPU time (all threads, the software renderer's included) when sampling
    /// began: CPU per frame depends less on other load than wall time does
    cpu_start: Option<u64>,
}

/// The process's user + system CPU time in clock ticks (1/100 s), Linux only.
fn process_cpu_ticks() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/stat").ok()?;
    // the fields after the command name (which is in parentheses)
    let rest = &s[s.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    Some(f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?)
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
    if rec.frames == 60 {
        rec.cpu_start = process_cpu_ticks();
    }
    if rec.frames > 60 {
        rec.samples.push(time.delta_secs_f64() * 1000.0);
    }
    if rec.samples.len() >= 300 {
        let mut v = rec.samples.clone();
        v.sort_by(|a, b| a.total_cmp(b));
        println!("BENCH p50-ms {}", v[v.len() / 2]);
        println!("BENCH p95-ms {}", v[v.len() * 95 / 100]);
        if let (Some(a), Some(b)) = (rec.cpu_start, process_cpu_ticks()) {
            println!(
                "BENCH cpu-ms-per-frame {}",
                (b - a) as f64 * 10.0 / v.len() as f64
            );
        }
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

/// FELDZUG_BENCH_HIDE=counters|terrain|text (comma-separated): hide a part of the board
/// to split the frame cost; at frame 40 the drawn entities are counted (stderr).
#[allow(clippy::type_complexity)]
fn bench_census(
    mut n: Local<u32>,
    mut vis: ParamSet<(
        Query<&mut Visibility, (With<Mesh2d>, Without<board::BoardTile>)>,
        Query<&mut Visibility, (With<Mesh2d>, With<board::BoardTile>)>,
        Query<&mut Visibility, With<Text2d>>,
    )>,
    census: Query<(Has<Mesh2d>, Has<Text2d>, &ViewVisibility)>,
    mut commands: Commands,
    board: Res<board::BoardMap>,
    mut assets: (
        ResMut<Assets<Image>>,
        ResMut<Assets<Mesh>>,
        ResMut<Assets<ColorMaterial>>,
    ),
) {
    *n += 1;
    if *n < 40 {
        return;
    }
    let hide = std::env::var("FELDZUG_BENCH_HIDE").unwrap_or_default();
    // "quad": one opaque textured quad over the map's area (what a baked board costs)
    if *n == 40
        && hide.contains("quad")
        && let Some(map) = &board.map
    {
        let (lo, hi) = board::map_bounds(map);
        let q = bench_quad(&mut assets.0, &mut assets.1, &mut assets.2);
        let size = (hi - lo).abs();
        commands.spawn((
            q,
            Transform::from_translation(((lo + hi) / 2.0).extend(0.0)).with_scale(Vec3::new(
                size.x / 1280.0,
                size.y / 800.0,
                1.0,
            )),
        ));
    }
    if hide.contains("counters") {
        for mut v in &mut vis.p0() {
            v.set_if_neq(Visibility::Hidden);
        }
    }
    if hide.contains("terrain") {
        for mut v in &mut vis.p1() {
            v.set_if_neq(Visibility::Hidden);
        }
    }
    if hide.contains("text") {
        for mut v in &mut vis.p2() {
            v.set_if_neq(Visibility::Hidden);
        }
    }
    if *n == 40 {
        let (mut m, mut mv, mut t, mut tv) = (0, 0, 0, 0);
        for (is_m, is_t, v) in &census {
            if is_m {
                m += 1;
                mv += v.get() as u32;
            }
            if is_t {
                t += 1;
                tv += v.get() as u32;
            }
        }
        eprintln!("BENCH census mesh2d {m} (visible {mv}) text2d {t} (visible {tv})");
    }
}

/// One opaque quad the size of the window with a 1280x800 texture (a checker of two
/// greens), drawn as an opaque textured `ColorMaterial` like the baked board.
fn bench_quad(
    images: &mut Assets<Image>,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
) -> impl Bundle {
    use bevy::asset::RenderAssetUsages;
    use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
    let (w, h) = (1280u32, 800u32);
    let mut data = Vec::with_capacity((w * h * 4) as usize);
    for y in 0..h {
        for x in 0..w {
            let g = if (x / 16 + y / 16) % 2 == 0 { 180 } else { 140 };
            data.extend_from_slice(&[90, g, 80, 255]);
        }
    }
    let image = Image::new(
        Extent3d {
            width: w,
            height: h,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    let variant = std::env::var("FELDZUG_BENCH_QUAD").unwrap_or_default();
    let mut image = image;
    if variant == "nearest" {
        image.sampler = bevy::image::ImageSampler::nearest();
    }
    let material = ColorMaterial {
        texture: (variant != "solid").then(|| images.add(image)),
        alpha_mode: bevy::sprite_render::AlphaMode2d::Opaque,
        ..default()
    };
    // "tiny": the same quad 16 pixels wide (the cost of the pass, not of the pixels)
    let k = if variant == "tiny" { 80.0 } else { 1.0 };
    (
        Mesh2d(meshes.add(Rectangle::new(w as f32 / k, h as f32 / k))),
        MeshMaterial2d(materials.add(material)),
    )
}

/// The window's background around the board (and the baked board's).
pub const BOARD_BACKGROUND: Color = Color::srgb(0.16, 0.17, 0.15);

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
    if matches!(bench.as_deref(), Some("empty") | Some("quad")) {
        // the baseline: an empty Bevy window with a 2D camera, redrawn continuously;
        // "quad" adds one window-sized opaque textured quad (the floor of any board
        // drawn as one texture)
        let quad = bench.as_deref() == Some("quad");
        App::new()
            .add_plugins(DefaultPlugins.set(window_plugin()))
            .insert_resource(WinitSettings::game())
            .init_resource::<BenchRecorder>()
            .add_systems(
                Startup,
                move |mut c: Commands,
                      mut images: ResMut<Assets<Image>>,
                      mut meshes: ResMut<Assets<Mesh>>,
                      mut materials: ResMut<Assets<ColorMaterial>>| {
                    let mut cam = c.spawn(Camera2d);
                    if std::env::var("FELDZUG_BENCH_MSAA").as_deref() == Ok("off") {
                        cam.insert(Msaa::Off);
                    }
                    if quad {
                        c.spawn(bench_quad(&mut images, &mut meshes, &mut materials));
                    }
                },
            )
            .add_systems(Last, bench_frames)
            .run();
        return;
    }
    let mut app = App::new();
    if bench.is_some() {
        app.init_resource::<BenchRecorder>()
            .add_systems(Last, bench_frames)
            .add_systems(Update, bench_census);
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
        .insert_resource(ClearColor(BOARD_BACKGROUND))
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
        .add_plugins(pointboard::PointBoardPlugin)
        .add_plugins(demo::DemoPlugin)
        .add_plugins(replay::ReplayPlugin)
        .init_resource::<game_ui::SaveTarget>();
    for game in registry() {
        game.gui().add_ui(&mut app);
    }
    app.add_systems(Startup, setup_camera)
        .add_systems(OnEnter(AppState::Menu), after_loading)
        .add_systems(
            EguiPrimaryContextPass,
            menu_ui.run_if(in_state(AppState::Menu)),
        )
        .add_systems(Last, (automation, keep_awake_while_busy))
        .add_systems(Update, focus_from_log.run_if(in_state(AppState::InGame)))
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
    menu.library.saves_read = false;
    if *done {
        return;
    }
    *done = true;
    menu.seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() % 100_000)
        .unwrap_or(1);
    menu.seed_text = menu.seed.to_string();
    // (tests and demos open a game's detail panel, a lesson, a game or a replay at once)
    if let Ok(id) = std::env::var("FELDZUG_MENU_GAME") {
        menu.library.open = Some(id);
    }
    if std::env::var("FELDZUG_MENU_REPLAYS").is_ok() {
        menu.library.replays_open = true;
    }
    // FELDZUG_DEMO=pointboard: the shared parts of card games on a point board
    if std::env::var("FELDZUG_DEMO").as_deref() == Ok("pointboard") {
        commands.queue(demo::start);
        next.set(AppState::InGame);
        return;
    }
    if let Ok(id) = std::env::var("FELDZUG_LESSON") {
        commands.queue(move |w: &mut World| start_lesson(w, &id, false));
        next.set(AppState::InGame);
        return;
    }
    if let Ok(path) = std::env::var("FELDZUG_REPLAY") {
        // FELDZUG_REPLAY_AT=N: the browser's cursor
        let at = std::env::var("FELDZUG_REPLAY_AT")
            .ok()
            .and_then(|v| v.parse().ok());
        commands.queue(move |w: &mut World| {
            match replay::open_file(w, std::path::Path::new(&path)) {
                Ok(()) => {
                    if let (Some(at), Some(mut b)) = (at, w.get_resource_mut::<replay::Browsing>())
                    {
                        b.browser.go_to(at);
                    }
                }
                Err(e) => w.resource_mut::<MenuState>().message = e,
            }
        });
        return;
    }
    if let Ok(id) = std::env::var("FELDZUG_AUTOSTART") {
        commands.queue(move |w: &mut World| {
            // FELDZUG_SEED=N picks the seed (default 1)
            let seed = std::env::var("FELDZUG_SEED")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(1);
            // FELDZUG_COMPUTER=prussia|austria|both[:strength]: the computer's sides
            if let Ok(v) = std::env::var("FELDZUG_COMPUTER") {
                match computer::Players::parse(&v) {
                    Ok(p) => {
                        w.insert_resource(p);
                    }
                    Err(e) => warn!("FELDZUG_COMPUTER: {e}"),
                }
            }
            start_game(w, &id, seed, &[])
        });
        next.set(AppState::InGame);
    }
}

/// Starts a lesson of any game (its game from the lesson's scenario file).
pub fn start_lesson(w: &mut World, id: &str, resume: bool) {
    match library::game_of_scenario(id) {
        Some(game) => game.gui().start_lesson(w, id, resume),
        None => w.resource_mut::<MenuState>().message = format!("no lesson called '{id}'"),
    }
}

/// Starts a scenario of any game (its game from the scenario file).
pub fn start_game(w: &mut World, id: &str, seed: u64, variants: &[String]) {
    match library::game_of_scenario(id) {
        Some(game) => game.gui().start_game(w, id, seed, variants),
        None => w.resource_mut::<MenuState>().message = format!("no scenario called '{id}'"),
    }
}

/// Opens a save file to play on, whatever its game.
pub fn resume_file(w: &mut World, path: &std::path::Path) -> Result<(), String> {
    let info = crate::library::save_info(path)
        .ok_or_else(|| format!("{}: not a save of a known game", path.display()))?;
    info.game.gui().load_file(w, path)
}

/// Opens the most recent save of any game.
pub fn resume_latest(w: &mut World) -> Result<(), String> {
    let newest = crate::library::saves_in(&crate::library::saves_dir());
    let s = newest.first().ok_or("No saved game yet")?;
    s.game.gui().load_file(w, &s.path)
}

fn menu_ui(
    mut contexts: EguiContexts,
    mut menu: ResMut<MenuState>,
    mut commands: Commands,
    mut next: ResMut<NextState<AppState>>,
    keys: Res<ButtonInput<KeyCode>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let seed = menu.seed;
    let action = library::library_ui(ctx, &mut menu);
    let ctrl_o = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight])
        && keys.just_pressed(KeyCode::KeyO);
    let action = match (action, ctrl_o) {
        (None, true) => menu
            .library
            .saves
            .first()
            .map(|s| library::MenuAction::Resume(s.path.clone())),
        (a, _) => a,
    };
    match action {
        Some(library::MenuAction::NewGame {
            game,
            scenario,
            options,
            players,
        }) => {
            commands.queue(move |w: &mut World| {
                w.insert_resource(players);
                game.gui().start_game(w, &scenario, seed, &options)
            });
            next.set(AppState::InGame);
        }
        Some(library::MenuAction::Lesson { game, id, resume }) => {
            commands.queue(move |w: &mut World| {
                w.insert_resource(computer::Players::default());
                game.gui().start_lesson(w, &id, resume)
            });
            next.set(AppState::InGame);
        }
        Some(library::MenuAction::Resume(path)) => {
            // the seats come from the save (both human when it has none)
            commands.queue(move |w: &mut World| match resume_file(w, &path) {
                Ok(()) => w
                    .resource_mut::<NextState<AppState>>()
                    .set(AppState::InGame),
                Err(e) => w.resource_mut::<MenuState>().message = e,
            });
        }
        Some(library::MenuAction::Replay(path)) => {
            commands.queue(move |w: &mut World| {
                w.insert_resource(computer::Players::default());
                if let Err(e) = replay::open_file(w, &path) {
                    w.resource_mut::<MenuState>().message = e;
                }
            });
        }
        None => {}
    }
    Ok(())
}

/// A double-clicked log line that names a hex centres the board on it (the board's
/// focus, keeping the zoom unless it shows the whole map).
fn focus_from_log(
    mut contexts: EguiContexts,
    board: Res<board::BoardMap>,
    mut focus: ResMut<board::Focus>,
    cam: Query<&Projection, With<board::BoardCamera>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if let Some(c) = crate::gui::panels::take_log_focus(ctx)
        && board.map.as_ref().is_some_and(|m| m.contains(c))
    {
        let scale = cam
            .iter()
            .find_map(|p| match p {
                Projection::Orthographic(o) => Some(o.scale),
                _ => None,
            })
            .unwrap_or(1.0);
        focus.0 = Some((c, scale.min(0.8)));
    }
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
fn keep_awake_while_busy(world: &mut World, mut frames: Local<u32>, mut last_rev: Local<u64>) {
    *frames += 1;
    let mut rev_now = 0u64;
    let mut queued = false;
    for game in registry() {
        let (rev, inbox) = game.gui().busy(world);
        rev_now = rev_now.wrapping_add(rev);
        queued |= inbox;
    }
    let changed = world
        .get_resource_ref::<State<AppState>>()
        .is_some_and(|s| s.is_changed());
    let busy = *frames < 30 || changed || rev_now != *last_rev || queued;
    *last_rev = rev_now;
    if busy {
        world.write_message(bevy::window::RequestRedraw);
    }
}
