//! Drawing a hex board (terrain, hexsides, roads, names, printed hex numbers), the camera
//! (pan, zoom, fit) and turning the mouse into hex clicks. Shared by every hex game.

use crate::engine::hexmap::{Coord, HexMap, Terrain};
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
            .init_resource::<super::legend::LegendOpen>()
            .add_plugins(super::counters::CountersPlugin)
            .add_message::<HexClicked>()
            .add_systems(Startup, (load_map_font, focus_from_env))
            .add_systems(
                bevy_egui::EguiPrimaryContextPass,
                super::legend::legend_ui.run_if(in_state(super::AppState::InGame)),
            )
            .add_systems(
                Update,
                (
                    draw_board,
                    apply_focus,
                    camera_controls,
                    show_baked_terrain,
                    label_visibility,
                    place_names,
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

/// Hex numbers and level digits: shown only when zoomed in far enough to read them.
#[derive(Component)]
pub struct HexLabel;

/// Above this camera scale the small hex labels are hidden.
const LABEL_SCALE: f32 = 1.2;

fn label_visibility(
    changed: Query<(), (With<BoardCamera>, Changed<Projection>)>,
    added: Query<(), Added<HexLabel>>,
    cam: Query<&Projection, With<BoardCamera>>,
    mut labels: Query<&mut Visibility, With<HexLabel>>,
) {
    if changed.is_empty() && added.is_empty() {
        return;
    }
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
    font: Option<Res<MapFont>>,
    mut images: ResMut<Assets<Image>>,
    window: Query<&Window, With<PrimaryWindow>>,
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
    for (z, layer) in super::terrain::layers(&map) {
        if layer.is_empty() {
            continue;
        }
        commands.spawn((
            BoardTile,
            TerrainMesh,
            Mesh2d(meshes.add(layer.mesh())),
            MeshMaterial2d(white.clone()),
            Transform::from_translation(Vec3::new(0.0, 0.0, z)),
            bevy::camera::visibility::RenderLayers::from_layers(&[0, BAKE_LAYER]),
        ));
    }
    let factor = window.single().map(|w| w.scale_factor()).unwrap_or(1.0);
    bake_terrain(
        &mut commands,
        &map,
        factor,
        &mut images,
        &mut meshes,
        &mut materials,
    );
    let relief = map.has_relief();
    for c in map.coords() {
        commands.spawn((
            BoardTile,
            HexLabel,
            Text2d::new(c.to_string()),
            TextFont {
                font_size: FontSize::Px(8.0),
                ..default()
            },
            TextColor(Color::srgba(0.1, 0.1, 0.1, 0.55)),
            Transform::from_translation((to_world(c) + Vec2::new(0.0, S * 0.72)).extend(0.5)),
        ));
        if relief {
            commands.spawn((
                BoardTile,
                HexLabel,
                Text2d::new(format!("{}", map.elevation(c))),
                TextFont {
                    font_size: FontSize::Px(8.0),
                    ..default()
                },
                TextColor(Color::srgba(0.45, 0.22, 0.05, 0.9)),
                Transform::from_translation(
                    (to_world(c) + Vec2::new(-S * 0.68, S * 0.0)).extend(0.5),
                ),
            ));
        }
    }
    for (i, (c, name)) in map.labels.iter().enumerate() {
        // towns first, then villages, then the rest (roads' destinations, heights)
        let rank = match map.terrain(*c) {
            Terrain::Town | Terrain::Fortress | Terrain::WoodedTown => 0,
            Terrain::Village => 1,
            _ => 2,
        };
        commands.spawn((
            BoardTile,
            PlaceName {
                rank,
                order: i,
                chars: name.chars().count(),
            },
            Text2d::new(name.clone()),
            TextFont {
                font: font
                    .as_ref()
                    .map(|f| bevy::text::FontSource::Handle(f.0.clone()))
                    .unwrap_or_default(),
                font_size: FontSize::Px(PLACE_PX),
                ..default()
            },
            TextColor(Color::srgb(0.02, 0.02, 0.02)),
            bevy::sprite::Text2dShadow {
                offset: Vec2::new(1.0, -1.0),
                color: Color::srgba(1.0, 0.98, 0.90, 0.95),
            },
            Transform::from_translation((to_world(*c) + Vec2::new(0.0, -S * 0.62)).extend(1.6)),
        ));
    }
    if let Ok((mut tr, mut proj)) = cam.single_mut() {
        fit(&map, &mut tr, &mut proj, Vec2::new(1280.0, 800.0));
    }
}

/// One of the terrain layers' meshes: drawn when zoomed in (and while the terrain is
/// baked), hidden when the baked image stands in for them.
#[derive(Component)]
pub struct TerrainMesh;

/// The render layer only the baking camera sees (the terrain meshes are on it too).
const BAKE_LAYER: usize = 1;

/// Frames the baking camera renders before it is removed: the first frames may skip a
/// mesh whose render pipeline is still being compiled.
const BAKE_FRAMES: u32 = 20;

/// The terrain layers rendered once into one image at the whole-map zoom, drawn as one
/// opaque quad when zoomed out that far: on a software renderer every blended full-map
/// layer costs per pixel, one opaque textured quad much less. `scale` is the camera
/// scale at which the image maps one texel to one screen pixel.
#[derive(Component)]
pub struct BakedTerrain {
    pub scale: f32,
}

/// The camera that renders the terrain into the baked image; counts its frames.
#[derive(Component)]
pub struct BakeCamera(u32);

/// The whole-map camera scale for a map (as `fit` in a 1280x800 window), the image size
/// (even, so that the quad's edges fall on whole pixels) and its world rectangle.
fn bake_geometry(map: &HexMap, factor: f32) -> (f32, UVec2, Vec2, Vec2) {
    let mut tr = Transform::default();
    let mut proj = Projection::Orthographic(OrthographicProjection::default_2d());
    fit(map, &mut tr, &mut proj, Vec2::new(1280.0, 800.0));
    let scale = match proj {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    let (lo, hi) = map_bounds(map);
    let size = (hi - lo).abs();
    // texels per world unit: one per screen pixel at the whole-map zoom
    let k = factor / scale;
    let px = ((size * k / 2.0).ceil() * 2.0).min(Vec2::splat(8192.0));
    let centre = (lo + hi) / 2.0;
    (scale, px.as_uvec2(), centre, px / k)
}

fn bake_terrain(
    commands: &mut Commands,
    map: &HexMap,
    factor: f32,
    images: &mut Assets<Image>,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
) {
    use bevy::camera::RenderTarget;
    use bevy::camera::visibility::RenderLayers;
    use bevy::render::render_resource::TextureFormat;
    let (scale, px, centre, world) = bake_geometry(map, factor);
    if px.x == 0 || px.y == 0 {
        return;
    }
    let image = images.add(Image::new_target_texture(
        px.x,
        px.y,
        TextureFormat::Rgba8UnormSrgb,
        None,
    ));
    let mut proj = OrthographicProjection::default_2d();
    // the image's pixels per world unit are `factor / scale`
    proj.scale = world.x / px.x as f32;
    commands.spawn((
        BoardTile,
        BakeCamera(0),
        Camera2d,
        Camera {
            order: -1,
            clear_color: ClearColorConfig::Custom(super::BOARD_BACKGROUND),
            ..default()
        },
        RenderTarget::Image(image.clone().into()),
        Projection::Orthographic(proj),
        Transform::from_translation(centre.extend(0.0)),
        RenderLayers::layer(BAKE_LAYER),
    ));
    let material = ColorMaterial {
        texture: Some(image),
        alpha_mode: bevy::sprite_render::AlphaMode2d::Opaque,
        ..default()
    };
    commands.spawn((
        BoardTile,
        BakedTerrain { scale },
        Mesh2d(meshes.add(Rectangle::new(world.x, world.y))),
        MeshMaterial2d(materials.add(material)),
        Transform::from_translation(centre.extend(0.0)),
        Visibility::Hidden,
    ));
}

/// While the baking camera works, the meshes draw the terrain; afterwards the baked
/// quad does when the camera is zoomed out to (about) the whole-map view. On a software
/// renderer the board camera then renders without multisampling (the image is already
/// smoothed; multisampling costs per pixel there); counters' edges are a little rougher.
#[allow(clippy::type_complexity)]
fn show_baked_terrain(
    mut commands: Commands,
    mut bakers: Query<(Entity, &mut BakeCamera)>,
    mut cam: Query<(Entity, &Projection, Option<&Msaa>), With<BoardCamera>>,
    mut baked: Query<(&BakedTerrain, &mut Visibility), Without<TerrainMesh>>,
    mut terrain: Query<&mut Visibility, With<TerrainMesh>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
    adapter: Option<Res<bevy::render::renderer::RenderAdapterInfo>>,
) {
    let mut baking = false;
    for (e, mut b) in &mut bakers {
        b.0 += 1;
        if b.0 > BAKE_FRAMES {
            commands.entity(e).despawn();
        } else {
            baking = true;
            redraw.write(bevy::window::RequestRedraw);
        }
    }
    let Ok((cam_e, Projection::Orthographic(o), msaa)) = cam.single_mut() else {
        return;
    };
    let mut use_baked = false;
    for (b, mut v) in &mut baked {
        use_baked = !baking && o.scale >= b.scale * 0.95;
        v.set_if_neq(if use_baked {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
    for mut v in &mut terrain {
        v.set_if_neq(if use_baked {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        });
    }
    // Only a software renderer (llvmpipe: every multisampled pixel costs CPU) drops
    // multisampling; FELDZUG_BOARD_MSAA=on|off overrides (measurements).
    let software = adapter.is_some_and(|a| format!("{:?}", a.device_type) == "Cpu");
    let drop_msaa = match std::env::var("FELDZUG_BOARD_MSAA").as_deref() {
        Ok("on") => false,
        Ok("off") => true,
        _ => software,
    };
    let want = if use_baked && drop_msaa {
        Msaa::Off
    } else {
        Msaa::default()
    };
    if msaa.copied() != Some(want) {
        commands.entity(cam_e).insert(want);
    }
}

/// The font of place names: egui's Ubuntu Light, which has the umlauts (the default
/// Bevy font has none), taken from the egui font definitions, so no asset file.
#[derive(Resource)]
pub struct MapFont(pub Handle<Font>);

fn load_map_font(mut commands: Commands, mut fonts: ResMut<Assets<Font>>) {
    let defs = bevy_egui::egui::FontDefinitions::default();
    if let Some(d) = defs.font_data.get("Ubuntu-Light") {
        commands.insert_resource(MapFont(fonts.add(Font::from_bytes(d.font.to_vec()))));
    }
}

/// FELDZUG_FOCUS=HEX:SCALE (e.g. 0905:0.6): centre the camera there once the board is
/// drawn (screenshots of a zoomed view).
fn focus_from_env(mut focus: ResMut<Focus>) {
    let Ok(v) = std::env::var("FELDZUG_FOCUS") else {
        return;
    };
    let mut it = v.split(':');
    if let (Some(Ok(c)), Some(Ok(k))) = (
        it.next().map(Coord::parse),
        it.next().map(|k| k.parse::<f32>()),
    ) {
        focus.0 = Some((c, k));
    }
}

/// Place names' size on screen in pixels, whatever the zoom.
const PLACE_PX: f32 = 15.0;

/// A place name on the map: kept the same size on screen at every zoom, and hidden where
/// it would overlap a more important one (towns before villages before the rest).
#[derive(Component)]
pub struct PlaceName {
    rank: u8,
    order: usize,
    chars: usize,
}

fn place_names(
    cam: Query<&Projection, (With<BoardCamera>, Changed<Projection>)>,
    added: Query<(), Added<PlaceName>>,
    all_cam: Query<&Projection, With<BoardCamera>>,
    mut names: Query<(&PlaceName, &mut Transform, &mut Visibility)>,
) {
    if cam.is_empty() && added.is_empty() {
        return;
    }
    let Ok(Projection::Orthographic(o)) = all_cam.single() else {
        return;
    };
    // the same size on screen when zoomed out; growing a little when zoomed in
    let k = if o.scale >= 1.0 {
        o.scale
    } else {
        o.scale.max(0.2).powf(0.6)
    };
    let mut list: Vec<_> = names.iter_mut().collect();
    list.sort_by_key(|(p, ..)| (p.rank, p.order));
    let mut taken: Vec<Rect> = Vec::new();
    for (p, t, v) in list.iter_mut() {
        t.scale = Vec3::new(k, k, 1.0);
        let half = Vec2::new(p.chars as f32 * PLACE_PX * 0.30 + 2.0, PLACE_PX * 0.6) * k;
        let c = t.translation.truncate();
        let r = Rect::from_center_half_size(c, half);
        let free = taken.iter().all(|o| o.intersect(r).is_empty());
        if free {
            taken.push(r);
            v.set_if_neq(Visibility::Inherited);
        } else {
            v.set_if_neq(Visibility::Hidden);
        }
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
/// The map's corners in world coordinates (top left, bottom right), with a margin.
pub fn map_bounds(map: &HexMap) -> (Vec2, Vec2) {
    let lo = to_world(Coord::new(1, 1)) + Vec2::new(-S, S);
    let hi = to_world(Coord::new(map.cols, map.rows)) + Vec2::new(S, -S * 1.5);
    (lo, hi)
}

pub fn fit(map: &HexMap, tr: &mut Transform, proj: &mut Projection, window: Vec2) {
    let (lo, hi) = map_bounds(map);
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
        // zoom about the point under the cursor: it stays where it is on screen
        let old = o.scale;
        o.scale = (old * (1.0 - scroll.delta.y.clamp(-3.0, 3.0) * 0.1)).clamp(0.2, 6.0);
        if let Ok(w) = windows.single()
            && let Some(c) = w.cursor_position()
        {
            let off = Vec2::new(c.x - w.width() / 2.0, w.height() / 2.0 - c.y);
            tr.translation += (off * (old - o.scale)).extend(0.0);
        }
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

/// Lights hexes: a translucent hexagon of its colour over each hex, and its label (the
/// MP left, "attack", "retreat"...) `label_dy` hex sizes below the centre. Despawned by
/// [`clear_highlights`].
pub fn spawn_highlights(world: &mut World, targets: Vec<(Coord, String, Color)>, label_dy: f32) {
    let mesh = world
        .resource_mut::<Assets<Mesh>>()
        .add(RegularPolygon::new(S * 0.95, 6));
    let rot = Quat::from_rotation_z(std::f32::consts::FRAC_PI_6);
    for (c, label, colour) in targets {
        let mat = world.resource_mut::<Assets<ColorMaterial>>().add(colour);
        world.spawn((
            Highlight,
            Mesh2d(mesh.clone()),
            MeshMaterial2d(mat),
            Transform::from_translation(to_world(c).extend(1.0)).with_rotation(rot),
        ));
        if !label.is_empty() {
            world.spawn((
                Highlight,
                Text2d::new(label),
                TextFont {
                    font_size: FontSize::Px(11.0),
                    ..default()
                },
                TextColor(Color::BLACK),
                Transform::from_translation(
                    (to_world(c) + Vec2::new(0.0, -S * label_dy)).extend(4.0),
                ),
            ));
        }
    }
}
