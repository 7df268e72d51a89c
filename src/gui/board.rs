//! Drawing a hex board (terrain, hexsides, roads, names, printed hex numbers), the camera
//! (pan, zoom, fit) and turning the mouse into hex clicks. Shared by every hex game.

use crate::engine::hexmap::{Coord, HexMap, SideKind, Terrain};
use bevy::input::mouse::AccumulatedMouseMotion;
use bevy::input::mouse::AccumulatedMouseScroll;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::EguiContexts;

/// Pixels per map unit (a hex's corner radius).
pub const S: f32 = 34.0;

#[derive(Component)]
pub struct BoardCamera;

#[derive(Component)]
pub struct BoardTile;

/// The map to draw; set by the game that starts.
#[derive(Resource, Default)]
pub struct BoardMap {
    pub map: Option<HexMap>,
    pub drawn: bool,
}

#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct HoveredHex(pub Option<Coord>);

/// Centre the camera on a hex at a zoom scale once the board is drawn (screenshots,
/// lessons, "go to" buttons).
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct Focus(pub Option<(Coord, f32)>);

/// A marker lit on the board (legal targets, front and flank hexes); redrawn by the
/// game's highlight system, cleared when a game is left.
#[derive(Component)]
pub struct Highlight;

pub fn clear_highlights(world: &mut World) {
    let old: Vec<Entity> = world
        .query_filtered::<Entity, With<Highlight>>()
        .iter(world)
        .collect();
    for e in old {
        world.despawn(e);
    }
}

/// A left click on a hex that egui did not take.
#[derive(Message, Debug, Clone, Copy)]
pub struct HexClicked(pub Coord);

pub struct BoardPlugin;

impl Plugin for BoardPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<BoardMap>()
            .init_resource::<HoveredHex>()
            .init_resource::<Focus>()
            .add_message::<HexClicked>()
            .add_systems(
                Update,
                (draw_board, apply_focus, camera_controls, pick_hex).chain(),
            );
    }
}

pub fn to_world(c: Coord) -> Vec2 {
    let (x, y) = c.centre();
    Vec2::new(x * S, -y * S)
}

pub fn from_world(map: &HexMap, p: Vec2) -> Option<Coord> {
    // nearest centre among candidates around the estimated column/row
    let col = (p.x / S / 1.5).round() as i32 + 1;
    let row = (-p.y / S / 3f32.sqrt()).round() as i32 + 1;
    let mut best: Option<(f32, Coord)> = None;
    for dc in -1..=1 {
        for dr in -1..=1 {
            let c = Coord::new(col + dc, row + dr);
            if !map.contains(c) {
                continue;
            }
            let d = to_world(c).distance(p);
            if best.is_none_or(|b| d < b.0) {
                best = Some((d, c));
            }
        }
    }
    best.filter(|b| b.0 <= S).map(|b| b.1)
}

fn terrain_colour(t: Terrain) -> Color {
    match t {
        Terrain::Clear => Color::srgb(0.80, 0.82, 0.62),
        Terrain::Woods => Color::srgb(0.38, 0.55, 0.32),
        Terrain::Town => Color::srgb(0.78, 0.70, 0.60),
        Terrain::WoodedTown => Color::srgb(0.55, 0.58, 0.45),
        Terrain::Fortress => Color::srgb(0.60, 0.58, 0.58),
        Terrain::Village => Color::srgb(0.80, 0.70, 0.58),
        Terrain::Marsh => Color::srgb(0.58, 0.70, 0.66),
    }
}

/// Higher ground is drawn lighter and warmer (level 1 valley floor to level 4 ridges).
fn relief_colour(base: Color, level: u8) -> Color {
    let s = base.to_srgba();
    let k = (level.clamp(1, 4) as f32 - 2.0) * 0.07;
    Color::srgb(
        (s.red + k * 1.1).clamp(0.0, 1.0),
        (s.green + k * 0.8).clamp(0.0, 1.0),
        (s.blue + k * 0.2 - 0.03).clamp(0.0, 1.0),
    )
}

fn segment(meshes: &mut Assets<Mesh>, a: Vec2, b: Vec2, width: f32) -> (Mesh2d, Transform) {
    let len = a.distance(b);
    let mid = (a + b) / 2.0;
    let angle = (b - a).to_angle();
    (
        Mesh2d(meshes.add(Rectangle::new(len, width))),
        Transform::from_translation(mid.extend(0.0)).with_rotation(Quat::from_rotation_z(angle)),
    )
}

fn draw_board(
    mut commands: Commands,
    mut board: ResMut<BoardMap>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    tiles: Query<Entity, With<BoardTile>>,
    mut cam: Query<(&mut Transform, &mut Projection), With<BoardCamera>>,
) {
    if board.drawn {
        return;
    }
    for e in &tiles {
        commands.entity(e).despawn();
    }
    board.drawn = true;
    let Some(map) = board.map.clone() else { return };
    let hex = meshes.add(RegularPolygon::new(S * 0.985, 6));
    let rot = Quat::from_rotation_z(std::f32::consts::FRAC_PI_6);
    let mut mats = std::collections::HashMap::new();
    let relief = map.has_relief();
    for c in map.coords() {
        let t = map.terrain(c);
        let lvl = if relief { map.elevation(c) } else { 1 };
        let mat = mats
            .entry((t as u8, lvl))
            .or_insert_with(|| materials.add(relief_colour(terrain_colour(t), lvl)))
            .clone();
        commands.spawn((
            BoardTile,
            Mesh2d(hex.clone()),
            MeshMaterial2d(mat),
            Transform::from_translation(to_world(c).extend(0.0)).with_rotation(rot),
        ));
        commands.spawn((
            BoardTile,
            Text2d::new(c.to_string()),
            TextFont {
                font_size: FontSize::Px(8.0),
                ..default()
            },
            TextColor(Color::srgba(0.1, 0.1, 0.1, 0.55)),
            Transform::from_translation((to_world(c) + Vec2::new(0.0, S * 0.68)).extend(0.5)),
        ));
    }
    if relief {
        // Contour edges between levels: thin for one level, thick dark for a steep
        // slope (1.1: two levels or more).
        let contour = materials.add(Color::srgba(0.35, 0.22, 0.10, 0.75));
        let steep = materials.add(Color::srgb(0.25, 0.12, 0.05));
        for c in map.coords() {
            for (_, n) in map.neighbors(c) {
                if n <= c {
                    continue;
                }
                let dl = (map.elevation(c) as i32 - map.elevation(n) as i32).abs();
                if dl == 0 {
                    continue;
                }
                let (a, b) = (to_world(c), to_world(n));
                let mid = (a + b) / 2.0;
                let dir = (b - a).normalize().perp() * (S * 0.5);
                let (mat, w) = if dl >= 2 {
                    (steep.clone(), 4.5)
                } else {
                    (contour.clone(), 1.8)
                };
                let (m, t) = segment(&mut meshes, mid - dir, mid + dir, w);
                commands.spawn((
                    BoardTile,
                    m,
                    MeshMaterial2d(mat),
                    t.with_translation(t.translation.with_z(0.25)),
                ));
            }
            commands.spawn((
                BoardTile,
                Text2d::new(format!("{}", map.elevation(c))),
                TextFont {
                    font_size: FontSize::Px(7.0),
                    ..default()
                },
                TextColor(Color::srgba(0.3, 0.15, 0.05, 0.8)),
                Transform::from_translation(
                    (to_world(c) + Vec2::new(-S * 0.55, S * 0.05)).extend(0.5),
                ),
            ));
        }
    }
    let path_mat = materials.add(Color::srgb(0.55, 0.38, 0.20));
    for path in &map.paths {
        for w in path.windows(2) {
            let (a, b) = (to_world(w[0]), to_world(w[1]));
            // dashed: three short pieces
            for k in 0..3 {
                let p0 = a.lerp(b, k as f32 / 3.0 + 0.04);
                let p1 = a.lerp(b, k as f32 / 3.0 + 0.22);
                let (m, t) = segment(&mut meshes, p0, p1, 2.0);
                commands.spawn((
                    BoardTile,
                    m,
                    MeshMaterial2d(path_mat.clone()),
                    t.with_translation(t.translation.with_z(0.15)),
                ));
            }
        }
    }
    let rail_mat = materials.add(Color::srgb(0.1, 0.1, 0.1));
    for rail in &map.railways {
        for w in rail.windows(2) {
            let (a, b) = (to_world(w[0]), to_world(w[1]));
            let (m, t) = segment(&mut meshes, a, b, 2.0);
            commands.spawn((
                BoardTile,
                m,
                MeshMaterial2d(rail_mat.clone()),
                t.with_translation(t.translation.with_z(0.16)),
            ));
            let across = (b - a).normalize().perp() * 4.0;
            for k in 1..6 {
                let p = a.lerp(b, k as f32 / 6.0);
                let (m, t) = segment(&mut meshes, p - across, p + across, 1.5);
                commands.spawn((
                    BoardTile,
                    m,
                    MeshMaterial2d(rail_mat.clone()),
                    t.with_translation(t.translation.with_z(0.16)),
                ));
            }
        }
    }
    let road_mat = materials.add(Color::srgb(0.85, 0.45, 0.12));
    for road in &map.roads {
        for w in road.windows(2) {
            let (m, t) = segment(&mut meshes, to_world(w[0]), to_world(w[1]), 4.0);
            commands.spawn((
                BoardTile,
                m,
                MeshMaterial2d(road_mat.clone()),
                t.with_translation(t.translation.with_z(0.2)),
            ));
        }
    }
    let swamp = materials.add(Color::srgb(0.30, 0.45, 0.45));
    let minor = materials.add(Color::srgb(0.25, 0.45, 0.85));
    let major = materials.add(Color::srgb(0.12, 0.30, 0.75));
    let bridge = materials.add(Color::srgb(0.35, 0.22, 0.12));
    let escarp = materials.add(Color::srgb(0.42, 0.25, 0.10));
    let ravine = materials.add(Color::srgb(0.55, 0.40, 0.22));
    for (s, f) in map.sides() {
        let (a, b) = (to_world(s.0), to_world(s.1));
        let mid = (a + b) / 2.0;
        let dir = (b - a).normalize().perp() * (S * 0.5);
        let (mat, w) = match f.kind {
            SideKind::Swamp => (swamp.clone(), 7.0),
            SideKind::MinorRiver => (minor.clone(), 4.0),
            SideKind::MajorRiver | SideKind::River => (major.clone(), 9.0),
            SideKind::Stream => (minor.clone(), 3.0),
            SideKind::Escarpment => (escarp.clone(), 6.0),
            SideKind::Ravine => (ravine.clone(), 5.0),
        };
        let (m, t) = segment(&mut meshes, mid - dir, mid + dir, w);
        commands.spawn((
            BoardTile,
            m,
            MeshMaterial2d(mat),
            t.with_translation(t.translation.with_z(0.3)),
        ));
        if f.bridge {
            let along = (b - a).normalize() * (S * 0.45);
            let (m, t) = segment(&mut meshes, mid - along, mid + along, 6.0);
            commands.spawn((
                BoardTile,
                m,
                MeshMaterial2d(bridge.clone()),
                t.with_translation(t.translation.with_z(0.35)),
            ));
        }
    }
    for (c, name) in &map.labels {
        commands.spawn((
            BoardTile,
            Text2d::new(name.clone()),
            TextFont {
                font_size: FontSize::Px(12.0),
                ..default()
            },
            TextColor(Color::srgb(0.08, 0.06, 0.05)),
            Transform::from_translation((to_world(*c) + Vec2::new(0.0, -S * 0.62)).extend(0.6)),
        ));
    }
    if let Ok((mut tr, mut proj)) = cam.single_mut() {
        fit(&map, &mut tr, &mut proj, Vec2::new(1280.0, 800.0));
    }
}

fn apply_focus(
    board: Res<BoardMap>,
    mut focus: ResMut<Focus>,
    mut cam: Query<(&mut Transform, &mut Projection), With<BoardCamera>>,
) {
    if !board.drawn || board.map.is_none() {
        return;
    }
    let Some((c, scale)) = focus.0.take() else {
        return;
    };
    if let Ok((mut tr, mut proj)) = cam.single_mut() {
        tr.translation = to_world(c).extend(tr.translation.z);
        if let Projection::Orthographic(o) = &mut *proj {
            o.scale = scale;
        }
    }
}

/// Centres the whole map in the window.
pub fn fit(map: &HexMap, tr: &mut Transform, proj: &mut Projection, window: Vec2) {
    let lo = to_world(Coord::new(1, 1)) + Vec2::new(-S, S);
    let hi = to_world(Coord::new(map.cols, map.rows)) + Vec2::new(S, -S * 1.5);
    let centre = (lo + hi) / 2.0;
    // leave room for the panels (left 300 px, bottom 160 px)
    let avail = (window - Vec2::new(560.0, 160.0)).max(Vec2::splat(100.0));
    let size = (hi - lo).abs();
    let scale = (size.x / avail.x).max(size.y / avail.y);
    tr.translation = (centre + Vec2::new(-20.0 * scale, -80.0 * scale)).extend(tr.translation.z);
    if let Projection::Orthographic(o) = proj {
        o.scale = scale;
    }
}

fn camera_controls(
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    board: Res<BoardMap>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut cam: Query<(&mut Transform, &mut Projection), With<BoardCamera>>,
    mut contexts: EguiContexts,
) {
    let Ok((mut tr, mut proj)) = cam.single_mut() else {
        return;
    };
    let egui_busy = contexts
        .ctx_mut()
        .map(|c| c.egui_wants_keyboard_input())
        .unwrap_or(false);
    let egui_pointer = contexts
        .ctx_mut()
        .map(|c| c.is_pointer_over_egui())
        .unwrap_or(false);
    let scale = match &*proj {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    let mut pan = Vec2::ZERO;
    if !egui_busy {
        if keys.any_pressed([KeyCode::KeyA, KeyCode::ArrowLeft]) {
            pan.x -= 12.0;
        }
        if keys.any_pressed([KeyCode::KeyD, KeyCode::ArrowRight]) {
            pan.x += 12.0;
        }
        if keys.any_pressed([KeyCode::KeyW, KeyCode::ArrowUp]) {
            pan.y += 12.0;
        }
        if keys.any_pressed([KeyCode::KeyS, KeyCode::ArrowDown])
            && !keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight])
        {
            pan.y -= 12.0;
        }
        if keys.just_pressed(KeyCode::KeyF)
            && let (Some(map), Ok(w)) = (&board.map, windows.single())
        {
            fit(map, &mut tr, &mut proj, Vec2::new(w.width(), w.height()));
            return;
        }
    }
    if buttons.any_pressed([MouseButton::Right, MouseButton::Middle]) {
        pan += Vec2::new(-motion.delta.x, motion.delta.y);
    }
    if pan != Vec2::ZERO {
        tr.translation += (pan * scale).extend(0.0);
    }
    if scroll.delta.y != 0.0
        && !egui_pointer
        && let Projection::Orthographic(o) = &mut *proj
    {
        o.scale = (o.scale * (1.0 - scroll.delta.y * 0.1)).clamp(0.2, 6.0);
    }
}

fn pick_hex(
    windows: Query<&Window, With<PrimaryWindow>>,
    cam: Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    board: Res<BoardMap>,
    buttons: Res<ButtonInput<MouseButton>>,
    mut hovered: ResMut<HoveredHex>,
    mut clicks: MessageWriter<HexClicked>,
    mut contexts: EguiContexts,
    mut pressed: Local<Option<Coord>>,
) {
    let Some(map) = &board.map else { return };
    let Ok(w) = windows.single() else { return };
    let Ok((camera, gt)) = cam.single() else {
        return;
    };
    let over_egui = contexts
        .ctx_mut()
        .map(|c| c.is_pointer_over_egui())
        .unwrap_or(false);
    let hex = w
        .cursor_position()
        .and_then(|p| camera.viewport_to_world_2d(gt, p).ok())
        .and_then(|p| from_world(map, p));
    let hex = if over_egui { None } else { hex };
    if hovered.0 != hex {
        hovered.0 = hex;
    }
    if buttons.just_pressed(MouseButton::Left) {
        *pressed = hex;
        if let Some(h) = hex {
            clicks.write(HexClicked(h));
        }
    }
    // Dragging a counter: press on it (selects), release on the destination (moves).
    if buttons.just_released(MouseButton::Left)
        && let (Some(p), Some(h)) = (pressed.take(), hex)
        && p != h
    {
        clicks.write(HexClicked(h));
    }
}
