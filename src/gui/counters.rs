//! Counters in the conventional wargame layout, shared by every game. A game describes a
//! counter face in plain terms (`Face`: nationality, formation band, arm, size, flipped
//! side, stars) and gets one mesh for all its shapes; faces that look alike share the
//! mesh. Text (name, values) is left to the game and shown only when zoomed in
//! (`ZoomText`), so the whole-map view costs one mesh per counter.
//!
//! Layout, top to bottom: formation or army band; size marking (I, II, III as bars; X,
//! XX, XXX as crosses); the NATO unit-type box (infantry: X cross; light infantry: X
//! cross and a horn ring; cavalry: one diagonal; artillery: a dot; headquarters: a flag
//! on a staff); efficiency stars left of the box, step-loss pips right of it; the name under the box
//! and the values along the bottom (text).
//!
//! Nationality colours (chosen for contrast with each other and with the board):
//! Austria: ivory body, black symbol and border, a dark-yellow inner frame (the Habsburg
//! black and yellow). Prussia: Prussian-blue body, white symbol, black border and a white
//! inner frame. The flipped side (march formation, exhausted, disorganised) greys the body
//! and cuts its lower right corner in the frame colour.

use bevy::prelude::*;

use super::draw::Batch;

/// Side colours of a nation: body, symbol ink, inner frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Livery {
    pub body: Color,
    pub ink: Color,
    pub trim: Color,
}

pub const AUSTRIA: Livery = Livery {
    body: Color::srgb(0.96, 0.94, 0.86),
    ink: Color::srgb(0.06, 0.06, 0.06),
    trim: Color::srgb(0.86, 0.66, 0.04),
};

pub const PRUSSIA: Livery = Livery {
    body: Color::srgb(0.16, 0.25, 0.47),
    ink: Color::srgb(0.98, 0.98, 0.98),
    trim: Color::srgb(0.92, 0.92, 0.92),
};

/// The livery of a side's counters.
pub fn livery(side: crate::engine::side::Side) -> Livery {
    match side {
        crate::engine::side::Side::Austria => AUSTRIA,
        crate::engine::side::Side::Prussia => PRUSSIA,
    }
}

/// What the NATO box shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arm {
    Infantry,
    /// Jäger, Feldjäger: infantry with a horn ring.
    LightInfantry,
    Cavalry,
    Artillery,
    /// A headquarters or commander: a flag on a staff instead of the box.
    Hq,
}

/// The size marking above the box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Size {
    None,
    /// I battery or company, II battalion, III regiment.
    Bars(u8),
    /// X brigade, XX division, XXX corps.
    Crosses(u8),
}

/// A counter face in plain terms.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Face {
    pub livery: Livery,
    /// The formation or army band across the top.
    pub band: Option<Color>,
    pub arm: Arm,
    pub size: Size,
    /// The back of the counter: march formation, exhausted, disorganised, reduced.
    pub flipped: bool,
    /// Efficiency stars, left of the box.
    pub stars: u8,
    /// Step losses: red pips right of the box.
    pub hits: u8,
    /// Side length in world units.
    pub w: f32,
}

const SHADOW: Color = Color::srgba(0.0, 0.0, 0.0, 0.40);
const BORDER: Color = Color::srgb(0.05, 0.05, 0.05);
const STAR: Color = Color::srgb(0.98, 0.78, 0.10);

/// Where the text of a face goes (centre of the value line and of the name line), for
/// games that label their counters.
pub fn values_y(w: f32) -> f32 {
    -w * 0.35
}

pub fn name_y(w: f32) -> f32 {
    -w * 0.22
}

fn mix(a: Color, b: Color, t: f32) -> Color {
    let (a, b) = (a.to_srgba(), b.to_srgba());
    Color::srgba(
        a.red + (b.red - a.red) * t,
        a.green + (b.green - a.green) * t,
        a.blue + (b.blue - a.blue) * t,
        a.alpha,
    )
}

/// A five-pointed star (a fan from its centre).
fn star(b: &mut Batch, c: Vec2, r: f32, colour: Color) {
    let base = b.pos.len() as u32;
    let k = colour.to_linear().to_f32_array();
    b.pos.push([c.x, c.y, 0.0]);
    b.col.push(k);
    for i in 0..10 {
        let rr = if i % 2 == 0 { r } else { r * 0.45 };
        let a = std::f32::consts::FRAC_PI_2 + std::f32::consts::TAU * i as f32 / 10.0;
        let p = c + Vec2::from_angle(a) * rr;
        b.pos.push([p.x, p.y, 0.0]);
        b.col.push(k);
    }
    for i in 0..10u32 {
        b.idx.extend([base, base + 1 + i, base + 1 + (i + 1) % 10]);
    }
}

/// The unit-type symbol in a box of size `bx` at `c` (also used by the legend).
pub fn symbol(b: &mut Batch, c: Vec2, bx: Vec2, arm: Arm, ink: Color, body: Color) {
    let lw = (bx.y * 0.16).max(1.0);
    let (hx, hy) = (bx.x / 2.0, bx.y / 2.0);
    if arm == Arm::Hq {
        // a flag on a staff
        let foot = c + Vec2::new(-hx * 0.7, -hy * 1.1);
        let top = c + Vec2::new(-hx * 0.7, hy * 1.1);
        b.segment(foot, top, lw * 1.2, ink);
        let flag = Vec2::new(bx.x * 0.8, bx.y * 0.75);
        let fc = top + Vec2::new(flag.x / 2.0, -flag.y / 2.0);
        b.rect(fc, flag, 0.0, ink);
        b.rect(fc, flag - Vec2::splat(lw * 1.6), 0.0, body);
        b.rect(fc, Vec2::new(flag.x - lw * 1.6, flag.y * 0.28), 0.0, ink);
        return;
    }
    b.frame(c, bx, lw, ink);
    let inner = Vec2::new(hx - lw * 0.5, hy - lw * 0.5);
    match arm {
        Arm::Infantry | Arm::LightInfantry => {
            b.segment(c - inner, c + inner, lw, ink);
            b.segment(
                c + Vec2::new(-inner.x, inner.y),
                c + Vec2::new(inner.x, -inner.y),
                lw,
                ink,
            );
            if arm == Arm::LightInfantry {
                // a horn ring under the cross point
                b.ngon(c, bx.y * 0.26, 10, 0.0, ink);
                b.ngon(c, bx.y * 0.26 - lw, 10, 0.0, body);
            }
        }
        Arm::Cavalry => {
            b.segment(
                c + Vec2::new(-inner.x, -inner.y),
                c + Vec2::new(inner.x, inner.y),
                lw,
                ink,
            );
        }
        Arm::Artillery => {
            b.ngon(c, bx.y * 0.24, 12, 0.0, ink);
        }
        Arm::Hq => {}
    }
}

/// The size marking centred at `c`, `h` high.
pub fn size_marks(b: &mut Batch, c: Vec2, h: f32, size: Size, ink: Color) {
    let lw = (h * 0.22).max(0.9);
    match size {
        Size::None => {}
        Size::Bars(n) => {
            let n = n.clamp(1, 3) as i32;
            for i in 0..n {
                let x = c.x + (i as f32 - (n - 1) as f32 / 2.0) * h * 0.55;
                b.segment(
                    Vec2::new(x, c.y - h / 2.0),
                    Vec2::new(x, c.y + h / 2.0),
                    lw,
                    ink,
                );
            }
        }
        Size::Crosses(n) => {
            let n = n.clamp(1, 4) as i32;
            for i in 0..n {
                let x = c.x + (i as f32 - (n - 1) as f32 / 2.0) * h * 0.95;
                let d = Vec2::splat(h * 0.4);
                let p = Vec2::new(x, c.y);
                b.segment(p - d, p + d, lw, ink);
                b.segment(p + Vec2::new(-d.x, d.y), p + Vec2::new(d.x, -d.y), lw, ink);
            }
        }
    }
}

/// All the shapes of a face, centred on the origin.
pub fn face_batch(f: &Face) -> Batch {
    let mut b = Batch::default();
    let w = f.w;
    let body = if f.flipped {
        mix(f.livery.body, Color::srgb(0.55, 0.55, 0.55), 0.45)
    } else {
        f.livery.body
    };
    b.rect(Vec2::new(w * 0.07, -w * 0.07), Vec2::splat(w), 0.0, SHADOW);
    b.rect(Vec2::ZERO, Vec2::splat(w), 0.0, BORDER);
    let bw = w * 0.05;
    let inner = w - 2.0 * bw;
    b.rect(Vec2::ZERO, Vec2::splat(inner), 0.0, body);
    b.frame(Vec2::ZERO, Vec2::splat(inner), w * 0.04, f.livery.trim);
    let top = inner / 2.0;
    let band_h = w * 0.12;
    if let Some(band) = f.band {
        b.rect(
            Vec2::new(0.0, top - band_h / 2.0),
            Vec2::new(inner, band_h),
            0.0,
            band,
        );
    }
    let box_c = Vec2::ZERO;
    let bx = Vec2::new(w * 0.54, w * 0.30);
    size_marks(
        &mut b,
        Vec2::new(0.0, w * 0.22),
        w * 0.10,
        f.size,
        f.livery.ink,
    );
    symbol(&mut b, box_c, bx, f.arm, f.livery.ink, body);
    // stars down the left side of the box
    for i in 0..f.stars.min(4) {
        star(
            &mut b,
            Vec2::new(-w * 0.37, w * 0.10 - i as f32 * w * 0.12),
            w * 0.06,
            STAR,
        );
    }
    // step losses: red pips down the right side
    for i in 0..f.hits.min(4) {
        let p = Vec2::new(w * 0.37, w * 0.10 - i as f32 * w * 0.11);
        b.ngon(p, w * 0.055, 8, 0.0, Color::srgb(0.98, 0.95, 0.90));
        b.ngon(p, w * 0.042, 8, 0.0, Color::srgb(0.85, 0.08, 0.06));
    }
    if f.flipped {
        // the cut corner: the back of the counter shows at a glance
        let c = inner / 2.0;
        b.convex(
            &[
                Vec2::new(c, -c),
                Vec2::new(c, -c + w * 0.3),
                Vec2::new(c - w * 0.3, -c),
            ],
            f.livery.trim,
        );
    }
    b
}

/// The font for names on counters: the map font (it has the umlauts) if loaded.
pub fn text_font(font: Option<&Handle<Font>>, px: f32) -> TextFont {
    TextFont {
        font: font
            .map(|f| bevy::text::FontSource::Handle(f.clone()))
            .unwrap_or_default(),
        font_size: FontSize::Px(px),
        ..default()
    }
}

/// Camera scale above which counter texts are hidden (they cannot be read and cost).
pub const TEXT_SCALE: f32 = 1.25;

/// Text on a counter: shown only when zoomed in far enough to read it.
#[derive(Component)]
pub struct ZoomText;

/// A counter in a stack: set by the game that places it, read to draw the count.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct InStack {
    pub slot: u8,
    pub count: u8,
}

/// One mesh per distinct face, and the one material (vertex colours times white).
#[derive(Resource, Default)]
pub struct FaceMeshes {
    meshes: std::collections::HashMap<String, Handle<Mesh>>,
    white: Option<Handle<ColorMaterial>>,
}

/// What a game needs to draw a face: the cache and the asset stores.
#[derive(bevy::ecs::system::SystemParam)]
pub struct CounterArt<'w> {
    cache: ResMut<'w, FaceMeshes>,
    meshes: ResMut<'w, Assets<Mesh>>,
    materials: ResMut<'w, Assets<ColorMaterial>>,
}

impl CounterArt<'_> {
    pub fn mesh(&mut self, f: &Face) -> Handle<Mesh> {
        let key = format!("{f:?}");
        if let Some(h) = self.cache.meshes.get(&key) {
            return h.clone();
        }
        let h = self.meshes.add(face_batch(f).mesh());
        self.cache.meshes.insert(key, h.clone());
        h
    }

    pub fn material(&mut self) -> Handle<ColorMaterial> {
        if let Some(h) = &self.cache.white {
            return h.clone();
        }
        let h = self.materials.add(ColorMaterial::default());
        self.cache.white = Some(h.clone());
        h
    }

    /// The components that draw a face.
    pub fn bundle(&mut self, f: &Face) -> (Mesh2d, MeshMaterial2d<ColorMaterial>, CounterPart) {
        (
            Mesh2d(self.mesh(f)),
            MeshMaterial2d(self.material()),
            CounterPart,
        )
    }

    /// A mesh of any shapes (markers), with the shared material.
    pub fn shapes(&mut self, b: Batch) -> (Mesh2d, MeshMaterial2d<ColorMaterial>, CounterPart) {
        (
            Mesh2d(self.meshes.add(b.mesh())),
            MeshMaterial2d(self.material()),
            CounterPart,
        )
    }
}

/// Where a selected counter is drawn: raised up and left, on top, a little larger.
pub fn lift(selected: bool, w: f32) -> (Vec2, f32, f32) {
    if selected {
        (Vec2::new(-w * 0.10, w * 0.14), 5.0, 1.12)
    } else {
        (Vec2::ZERO, 0.0, 1.0)
    }
}

/// The stack count badge on the top counter of a stack.
#[derive(Component)]
struct StackBadge;

pub struct CountersPlugin;

impl Plugin for CountersPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<FaceMeshes>()
            .add_systems(Update, (zoom_texts, stack_badges))
            .add_systems(
                PostUpdate,
                merge_counters
                    .after(bevy::transform::TransformSystems::Propagate)
                    .after(bevy::camera::visibility::VisibilitySystems::VisibilityPropagate),
            );
    }
}

/// A shape drawn on a counter (face, pointer, marker, badge). At the whole-map zoom all
/// of them are drawn as one mesh (`MergedCounters`), so the renderer draws one entity
/// instead of hundreds of small blended meshes; zoomed in, each is drawn on its own
/// (its texts interleave with the counters in depth).
#[derive(Component, Clone, Copy)]
pub struct CounterPart;

/// The one mesh of all counter parts at the whole-map zoom.
#[derive(Component)]
struct MergedCounters;

/// The render layer that no camera sees: parts drawn by the merged mesh go there.
const OFF_LAYER: usize = 31;

/// Depth of the merged mesh: where the lowest counters are (board labels below, the
/// games' highlights above).
const MERGED_Z: f32 = 2.0;

/// Appends `mesh` moved by `tr` to `out`; false if the mesh is not a plain coloured
/// triangle list.
fn append_mesh(out: &mut Batch, mesh: &Mesh, tr: &GlobalTransform) -> bool {
    use bevy::mesh::{Indices, VertexAttributeValues as V};
    let (Some(V::Float32x3(pos)), Some(V::Float32x4(col)), Some(Indices::U32(idx))) = (
        mesh.attribute(Mesh::ATTRIBUTE_POSITION),
        mesh.attribute(Mesh::ATTRIBUTE_COLOR),
        mesh.indices(),
    ) else {
        return false;
    };
    let base = out.pos.len() as u32;
    let a = tr.affine();
    for p in pos {
        let q = a.transform_point3(Vec3::from_array(*p));
        out.pos.push([q.x, q.y, 0.0]);
    }
    out.col.extend_from_slice(col);
    out.idx.extend(idx.iter().map(|i| base + i));
    true
}

/// Whole-map zoom: draw every visible counter part in one mesh, in depth order, rebuilt
/// when a part moves, changes face, appears, disappears or is shown or hidden.
#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn merge_counters(
    mut commands: Commands,
    cam: Query<&Projection, With<super::board::BoardCamera>>,
    parts: Query<(Entity, &Mesh2d, &GlobalTransform, &InheritedVisibility), With<CounterPart>>,
    changed: Query<
        (),
        (
            With<CounterPart>,
            Or<(
                Changed<GlobalTransform>,
                Changed<Mesh2d>,
                Changed<InheritedVisibility>,
            )>,
        ),
    >,
    mut removed: RemovedComponents<CounterPart>,
    mut merged: Query<
        (Entity, &mut Mesh2d, &mut Visibility),
        (With<MergedCounters>, Without<CounterPart>),
    >,
    mut art: CounterArt,
    mut was: Local<bool>,
) {
    let whole = matches!(cam.single(), Ok(Projection::Orthographic(o)) if o.scale > TEXT_SCALE)
        && std::env::var_os("FELDZUG_NO_MERGE").is_none();
    let nrem = removed.read().count();
    let dirty = nrem > 0 || !changed.is_empty();
    if whole == *was && !(whole && dirty) {
        return;
    }
    *was = whole;
    let off = bevy::camera::visibility::RenderLayers::layer(OFF_LAYER);
    if !whole {
        for (e, ..) in &parts {
            commands
                .entity(e)
                .remove::<bevy::camera::visibility::RenderLayers>();
        }
        for (_, _, mut v) in &mut merged {
            v.set_if_neq(Visibility::Hidden);
        }
        return;
    }
    let mut list: Vec<_> = parts.iter().filter(|p| p.3.get()).collect();
    list.sort_by(|a, b| a.2.translation().z.total_cmp(&b.2.translation().z));
    let mut batch = Batch::default();
    for (e, m, tr, _) in list {
        // a part that cannot be merged keeps drawing itself
        if art
            .meshes
            .get(&m.0)
            .is_some_and(|mesh| append_mesh(&mut batch, mesh, tr))
        {
            commands.entity(e).insert(off.clone());
        }
    }
    if std::env::var_os("FELDZUG_DEBUG_MERGE").is_some() {
        let (lo, hi) = batch
            .pos
            .iter()
            .fold((Vec2::MAX, Vec2::MIN), |(lo, hi), p| {
                (lo.min(Vec2::new(p[0], p[1])), hi.max(Vec2::new(p[0], p[1])))
            });
        eprintln!(
            "merge: {} parts ({} changed, {nrem} removed), {} vertices, {lo} .. {hi}, merged entities {}",
            parts.iter().filter(|p| p.3.get()).count(),
            changed.iter().count(),
            batch.pos.len(),
            merged.iter().count()
        );
    }
    if batch.pos.is_empty() {
        for (_, _, mut v) in &mut merged {
            v.set_if_neq(Visibility::Hidden);
        }
        return;
    }
    if let Ok((me, m, mut v)) = merged.single_mut() {
        // the same asset changed in place: a new handle each rebuild would leave the
        // renderer without a prepared mesh while the parts keep changing
        if let Some(mut mesh) = art.meshes.get_mut(&m.0) {
            *mesh = batch.mesh();
        } else {
            let h = art.meshes.add(batch.mesh());
            commands.entity(me).insert(Mesh2d(h));
        }
        v.set_if_neq(Visibility::Inherited);
    } else {
        let handle = art.meshes.add(batch.mesh());
        let mat = art.material();
        commands.spawn((
            MergedCounters,
            Mesh2d(handle),
            MeshMaterial2d(mat),
            Transform::from_xyz(0.0, 0.0, MERGED_Z),
            Visibility::Inherited,
        ));
    }
}

fn zoom_texts(
    cam: Query<&Projection, (With<super::board::BoardCamera>, Changed<Projection>)>,
    mut texts: Query<&mut Visibility, With<ZoomText>>,
    added: Query<(), Added<ZoomText>>,
    all_cam: Query<&Projection, With<super::board::BoardCamera>>,
) {
    if cam.is_empty() && added.is_empty() {
        return;
    }
    let Ok(Projection::Orthographic(o)) = all_cam.single() else {
        return;
    };
    let want = if o.scale > TEXT_SCALE {
        Visibility::Hidden
    } else {
        Visibility::Inherited
    };
    for mut v in &mut texts {
        v.set_if_neq(want);
    }
}

/// A dark disc with the number of counters in the stack, on the top counter's corner.
fn stack_badges(
    mut commands: Commands,
    changed: Query<(), Changed<InStack>>,
    removed: RemovedComponents<InStack>,
    stacks: Query<(Entity, &InStack, &Visibility)>,
    badges: Query<Entity, With<StackBadge>>,
    mut art: CounterArt,
) {
    if changed.is_empty() && removed.is_empty() {
        return;
    }
    for e in &badges {
        commands.entity(e).despawn();
    }
    let mut disc = Batch::default();
    disc.ngon(Vec2::ZERO, 8.0, 14, 0.0, Color::srgb(0.98, 0.95, 0.80));
    disc.ngon(Vec2::ZERO, 6.8, 14, 0.0, Color::srgb(0.55, 0.08, 0.06));
    let disc = art.shapes(disc);
    for (e, s, v) in &stacks {
        if s.count < 2 || s.slot + 1 != s.count || *v == Visibility::Hidden {
            continue;
        }
        commands.entity(e).with_children(|p| {
            p.spawn((
                StackBadge,
                disc.clone(),
                Transform::from_xyz(-super::board::S * 0.5, super::board::S * 0.5, 0.6),
            ))
            .with_children(|p| {
                p.spawn((
                    Text2d::new(s.count.to_string()),
                    TextFont {
                        font_size: FontSize::Px(11.0),
                        ..default()
                    },
                    TextColor(Color::WHITE),
                    Transform::from_xyz(0.0, 0.0, 0.1),
                ));
            });
        });
    }
}
