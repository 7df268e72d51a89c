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

/// One material per colour, shared by every counter of that colour, so that the
/// renderer can batch counters that look alike instead of drawing each on its own.
#[derive(Resource, Default)]
pub struct Palette(std::collections::BTreeMap<[u8; 4], Handle<ColorMaterial>>);

impl Palette {
    pub fn get(
        &mut self,
        materials: &mut Assets<ColorMaterial>,
        c: Color,
    ) -> Handle<ColorMaterial> {
        self.0
            .entry(c.to_srgba().to_u8_array())
            .or_insert_with(|| materials.add(c))
            .clone()
    }
}

pub struct BoardPlugin;

impl Plugin for BoardPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<BoardMap>()
            .init_resource::<HoveredHex>()
            .init_resource::<Focus>()
            .init_resource::<Palette>()
            .add_message::<HexClicked>()
            .add_systems(
                Update,
                (
                    draw_board,
                    apply_focus,
                    camera_controls,
                    label_visibility,
                    pick_hex,
                )
                    .chain(),
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

/// The board drawn as a few meshes with vertex colours, one per layer, instead of one
/// entity per hex and per line (software rendering draws each entity separately).
#[derive(Default)]
struct Batch {
    pos: Vec<[f32; 3]>,
    col: Vec<[f32; 4]>,
    idx: Vec<u32>,
}

impl Batch {
    fn colour(c: Color) -> [f32; 4] {
        c.to_linear().to_f32_array()
    }

    /// A flat-topped hexagon of circumradius `r` around `c`.
    fn hexagon(&mut self, c: Vec2, r: f32, colour: Color) {
        let base = self.pos.len() as u32;
        let k = Self::colour(colour);
        self.pos.push([c.x, c.y, 0.0]);
        self.col.push(k);
        for i in 0..6 {
            let a = std::f32::consts::FRAC_PI_3 * i as f32;
            self.pos.push([c.x + r * a.cos(), c.y + r * a.sin(), 0.0]);
            self.col.push(k);
        }
        for i in 0..6u32 {
            self.idx
                .extend([base, base + 1 + i, base + 1 + (i + 1) % 6]);
        }
    }

    /// A line from `a` to `b`, `width` wide.
    fn segment(&mut self, a: Vec2, b: Vec2, width: f32, colour: Color) {
        let base = self.pos.len() as u32;
        let k = Self::colour(colour);
        let across = (b - a).normalize_or_zero().perp() * (width / 2.0);
        for p in [a - across, b - across, b + across, a + across] {
            self.pos.push([p.x, p.y, 0.0]);
            self.col.push(k);
        }
        self.idx
            .extend([base, base + 1, base + 2, base, base + 2, base + 3]);
    }

    /// Spawns the layer at height `z`.
    fn spawn(
        self,
        z: f32,
        commands: &mut Commands,
        meshes: &mut Assets<Mesh>,
        material: &Handle<ColorMaterial>,
    ) {
        if self.idx.is_empty() {
            return;
        }
        let mesh = Mesh::new(
            bevy::mesh::PrimitiveTopology::TriangleList,
            bevy::asset::RenderAssetUsages::default(),
        )
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, self.pos)
        .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, self.col)
        .with_inserted_indices(bevy::mesh::Indices::U32(self.idx));
        commands.spawn((
            BoardTile,
            Mesh2d(meshes.add(mesh)),
            MeshMaterial2d(material.clone()),
            Transform::from_translation(Vec3::new(0.0, 0.0, z)),
        ));
    }
}

/// Hex numbers and level digits: shown only when zoomed in far enough to read them.
#[derive(Component)]
pub struct HexLabel;

/// Above this camera scale the small hex labels are hidden.
const LABEL_SCALE: f32 = 1.2;

fn label_visibility(
    cam: Query<&Projection, With<BoardCamera>>,
    mut labels: Query<&mut Visibility, With<HexLabel>>,
) {
    let Ok(Projection::Orthographic(o)) = cam.single() else {
        return;
    };
    let want = if o.scale > LABEL_SCALE {
        Visibility::Hidden
    } else {
        Visibility::Inherited
    };
    for mut v in &mut labels {
        v.set_if_neq(want);
    }
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
    // vertex colours times white
    let white = materials.add(ColorMaterial::default());
    let relief = map.has_relief();
    let mut tiles = Batch::default();
    for c in map.coords() {
        let t = map.terrain(c);
        let lvl = if relief { map.elevation(c) } else { 1 };
        tiles.hexagon(
            to_world(c),
            S * 0.985,
            relief_colour(terrain_colour(t), lvl),
        );
        commands.spawn((
            BoardTile,
            HexLabel,
            Text2d::new(c.to_string()),
            TextFont {
                font_size: FontSize::Px(8.0),
                ..default()
            },
            TextColor(Color::srgba(0.1, 0.1, 0.1, 0.55)),
            Transform::from_translation((to_world(c) + Vec2::new(0.0, S * 0.68)).extend(0.5)),
        ));
    }
    tiles.spawn(0.0, &mut commands, &mut meshes, &white);
    if relief {
        // Contour edges between levels: thin for one level, thick dark for a steep
        // slope (1.1: two levels or more).
        let mut contours = Batch::default();
        let contour = Color::srgba(0.35, 0.22, 0.10, 0.75);
        let steep = Color::srgb(0.25, 0.12, 0.05);
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
                let (colour, w) = if dl >= 2 {
                    (steep, 4.5)
                } else {
                    (contour, 1.8)
                };
                contours.segment(mid - dir, mid + dir, w, colour);
            }
            commands.spawn((
                BoardTile,
                HexLabel,
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
        contours.spawn(0.25, &mut commands, &mut meshes, &white);
    }
    let mut paths = Batch::default();
    let path_colour = Color::srgb(0.55, 0.38, 0.20);
    for path in &map.paths {
        for w in path.windows(2) {
            let (a, b) = (to_world(w[0]), to_world(w[1]));
            // dashed: three short pieces
            for k in 0..3 {
                let p0 = a.lerp(b, k as f32 / 3.0 + 0.04);
                let p1 = a.lerp(b, k as f32 / 3.0 + 0.22);
                paths.segment(p0, p1, 2.0, path_colour);
            }
        }
    }
    let rail_colour = Color::srgb(0.1, 0.1, 0.1);
    for rail in &map.railways {
        for w in rail.windows(2) {
            let (a, b) = (to_world(w[0]), to_world(w[1]));
            paths.segment(a, b, 2.0, rail_colour);
            let across = (b - a).normalize().perp() * 4.0;
            for k in 1..6 {
                let p = a.lerp(b, k as f32 / 6.0);
                paths.segment(p - across, p + across, 1.5, rail_colour);
            }
        }
    }
    paths.spawn(0.15, &mut commands, &mut meshes, &white);
    let mut roads = Batch::default();
    let road_colour = Color::srgb(0.85, 0.45, 0.12);
    for road in &map.roads {
        for w in road.windows(2) {
            roads.segment(to_world(w[0]), to_world(w[1]), 4.0, road_colour);
        }
    }
    roads.spawn(0.2, &mut commands, &mut meshes, &white);
    let swamp = Color::srgb(0.30, 0.45, 0.45);
    let minor = Color::srgb(0.25, 0.45, 0.85);
    let major = Color::srgb(0.12, 0.30, 0.75);
    let bridge = Color::srgb(0.35, 0.22, 0.12);
    let escarp = Color::srgb(0.42, 0.25, 0.10);
    let ravine = Color::srgb(0.55, 0.40, 0.22);
    let (mut sides, mut bridges) = (Batch::default(), Batch::default());
    for (s, f) in map.sides() {
        let (a, b) = (to_world(s.0), to_world(s.1));
        let mid = (a + b) / 2.0;
        let dir = (b - a).normalize().perp() * (S * 0.5);
        let (colour, w) = match f.kind {
            SideKind::Swamp => (swamp, 7.0),
            SideKind::MinorRiver => (minor, 4.0),
            SideKind::MajorRiver | SideKind::River => (major, 9.0),
            SideKind::Stream => (minor, 3.0),
            SideKind::Escarpment => (escarp, 6.0),
            SideKind::Ravine => (ravine, 5.0),
        };
        sides.segment(mid - dir, mid + dir, w, colour);
        if f.bridge {
            let along = (b - a).normalize() * (S * 0.45);
            bridges.segment(mid - along, mid + along, 6.0, bridge);
        }
    }
    sides.spawn(0.3, &mut commands, &mut meshes, &white);
    bridges.spawn(0.35, &mut commands, &mut meshes, &white);
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
