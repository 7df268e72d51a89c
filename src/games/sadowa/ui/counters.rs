//! The counters drawn by the program on their entities in the shared layout
//! (src/gui/counters.rs): side livery (2.2.3), a band in the colour of the army whose HQ
//! commands the unit (6.1), corps XXX with the infantry cross, the cavalry reserve's
//! diagonal, garrisons without size, HQs as a flag with their CV, the GHQ with XXXX; the
//! Committed side greyed with a cut corner (2.2.1); Disrupted, Out of Supply and
//! activated marks; stacks offset with the shared count badge.

use super::*;
use crate::gui::counters::{self as cf, Arm, Face, InStack, Size, ZoomText};
use crate::gui::draw::Batch;

/// The counter face mesh of a unit.
#[derive(Component)]
pub(super) struct FaceArt;

/// A mark on a counter, shown while the unit's state says so.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
pub(super) enum Mark {
    Activated,
    Disrupted,
    OutOfSupply,
}

/// The colour of an army (6.1: units are colour-coded to their HQ).
pub(super) fn army_colour(army: &str) -> Color {
    match army {
        "north" => Color::srgb(0.80, 0.12, 0.10),
        "iser" => Color::srgb(0.10, 0.55, 0.25),
        "elbe" => Color::srgb(0.95, 0.55, 0.10),
        "first" => Color::srgb(0.55, 0.25, 0.70),
        "second" => Color::srgb(0.05, 0.65, 0.75),
        "ghq" => Color::srgb(0.90, 0.75, 0.15),
        _ => Color::srgb(0.50, 0.50, 0.50),
    }
}

/// The counter's side length in world units.
pub fn width(kind: Kind) -> f32 {
    match kind {
        Kind::Corps | Kind::Cavalry => S * 1.3,
        Kind::Garrison => S * 1.05,
        Kind::Hq | Kind::Ghq => S * 1.2,
    }
}

pub(super) fn face(rules: &SdRules, u: UnitId, s: Option<&UnitState>) -> Face {
    let d = &rules.units[u as usize];
    let (arm, size) = match d.kind {
        Kind::Corps => (Arm::Infantry, Size::Crosses(3)),
        Kind::Cavalry => (Arm::Cavalry, Size::Crosses(3)),
        Kind::Garrison => (Arm::Infantry, Size::None),
        Kind::Hq => (Arm::Hq, Size::None),
        Kind::Ghq => (Arm::Hq, Size::Crosses(4)),
    };
    Face {
        livery: cf::livery(d.side),
        band: Some(army_colour(&d.army)),
        arm,
        size,
        flipped: s.is_some_and(|s| s.committed),
        stars: 0,
        hits: 0,
        w: width(d.kind),
    }
}

/// The shapes of a mark on a counter of width `w`.
fn mark_batch(m: Mark, w: f32) -> Batch {
    let mut b = Batch::default();
    let h = w / 2.0;
    match m {
        // a bright frame around the counter: activated in this operation (7.1.1)
        Mark::Activated => b.frame(
            Vec2::ZERO,
            Vec2::splat(w + 5.0),
            3.0,
            Color::srgb(1.0, 0.9, 0.0),
        ),
        // a red square with a white bar in the upper right corner: Disrupted
        Mark::Disrupted => {
            let c = Vec2::new(h - w * 0.12, h - w * 0.12);
            b.rect(c, Vec2::splat(w * 0.30), 0.0, Color::srgb(0.05, 0.05, 0.05));
            b.rect(c, Vec2::splat(w * 0.26), 0.0, Color::srgb(0.85, 0.08, 0.06));
            b.rect(c, Vec2::new(w * 0.18, w * 0.06), 0.0, Color::WHITE);
        }
        // an orange square with a black cross in the lower left corner: Out of Supply
        Mark::OutOfSupply => {
            let c = Vec2::new(-h + w * 0.12, -h + w * 0.12);
            b.rect(c, Vec2::splat(w * 0.30), 0.0, Color::srgb(0.05, 0.05, 0.05));
            b.rect(c, Vec2::splat(w * 0.26), 0.0, Color::srgb(0.98, 0.55, 0.05));
            let d = Vec2::splat(w * 0.09);
            b.segment(c - d, c + d, w * 0.04, Color::BLACK);
            b.segment(
                c + Vec2::new(-d.x, d.y),
                c + Vec2::new(d.x, -d.y),
                w * 0.04,
                Color::BLACK,
            );
        }
    }
    b
}

fn shown(m: Mark, s: &UnitState) -> bool {
    match m {
        Mark::Activated => s.activated,
        Mark::Disrupted => s.disrupted,
        Mark::OutOfSupply => s.oos,
    }
}

/// The value on the counter: CF for combat units (2.2.1), CV for HQs (2.2.2).
fn value(rules: &SdRules, u: UnitId) -> String {
    let d = &rules.units[u as usize];
    match d.kind {
        Kind::Hq => d.cv.to_string(),
        Kind::Ghq => String::new(),
        _ => d.cf.to_string(),
    }
}

/// Counters get their face, name, value and marks when they appear.
pub(super) fn decorate(
    mut commands: Commands,
    rules: Option<Res<SdRulesRes>>,
    new: Query<(Entity, &Counter, Option<&UnitStatus>), Added<Counter>>,
    mut art: cf::CounterArt,
    font: Option<Res<crate::gui::board::MapFont>>,
) {
    let Some(rules) = rules else { return };
    let rules = &rules.0;
    let font = font.map(|f| f.0.clone());
    for (e, c, status) in &new {
        let d = &rules.units[c.id as usize];
        let f = face(rules, c.id, status.map(|s| &s.0));
        let w = f.w;
        let ink = f.livery.ink;
        let face_bundle = art.bundle(&f);
        let marks: Vec<(Mark, _)> = [Mark::Activated, Mark::Disrupted, Mark::OutOfSupply]
            .into_iter()
            .map(|m| (m, art.shapes(mark_batch(m, w))))
            .collect();
        commands
            .entity(e)
            .insert((Transform::default(), Visibility::Hidden))
            .with_children(|p| {
                p.spawn((FaceArt, face_bundle, Transform::default()));
                for (m, bundle) in marks {
                    let vis = if status.is_some_and(|s| shown(m, &s.0)) {
                        Visibility::Inherited
                    } else {
                        Visibility::Hidden
                    };
                    p.spawn((m, bundle, Transform::from_xyz(0.0, 0.0, 0.3), vis));
                }
                // the name under the symbol, the CF or CV right of it
                p.spawn((
                    ZoomText,
                    Text2d::new(d.short.clone()),
                    cf::text_font(font.as_ref(), 6.5),
                    TextColor(ink),
                    Transform::from_xyz(0.0, -w * 0.31, 0.2),
                ));
                p.spawn((
                    ZoomText,
                    Text2d::new(value(rules, c.id)),
                    cf::text_font(font.as_ref(), 7.5),
                    TextColor(ink),
                    Transform::from_xyz(w * 0.36, 0.0, 0.2),
                ));
            });
    }
}

/// The order in a stack, bottom first: combat units, garrisons, HQs, the GHQ.
fn stack_order(k: Kind) -> u8 {
    match k {
        Kind::Corps | Kind::Cavalry => 0,
        Kind::Garrison => 1,
        Kind::Hq => 2,
        Kind::Ghq => 3,
    }
}

/// Where the counter in slot `k` of a stack of `n` sits from the hex centre: the stack
/// fans out towards the upper right.
fn fan(k: u8, n: u8) -> Vec2 {
    let step = if n > 4 { S * 0.10 } else { S * 0.14 };
    Vec2::splat(step) * k.min(5) as f32 - Vec2::splat(step) * (n.min(6) - 1) as f32 / 2.0
}

/// Where a unit's counter is drawn (world position of its centre) and its scale, the
/// selected one lifted: the same placement as [`place_counters`] (render tests).
pub fn counter_pos(
    rules: &SdRules,
    st: &SdState,
    u: UnitId,
    selected: bool,
) -> Option<(Vec2, f32)> {
    let h = flow::hex_of(st, u)?;
    let mut here = flow::units_at(rules, st, h);
    here.sort_by_key(|&x| (stack_order(rules.kind(x)), x));
    let k = here.iter().position(|&x| x == u)? as u8;
    let (off, _, scale) = cf::lift(selected, width(rules.kind(u)));
    Some((to_world(h) + fan(k, here.len() as u8) + off, scale))
}

/// Puts counters on their hexes: combat units first, garrisons, then HQs on top, each
/// offset in its stack with the shared count badge; the selected one is lifted.
#[allow(clippy::type_complexity)]
pub(super) fn place_counters(
    mut commands: Commands,
    mut units: Query<(
        Entity,
        &Counter,
        Ref<UnitStatus>,
        &mut Transform,
        &mut Visibility,
    )>,
    rules: Option<Res<SdRulesRes>>,
    ui: Res<SdUi>,
    mut last_sel: Local<Option<UnitId>>,
) {
    let Some(rules) = rules else { return };
    let sel_changed = *last_sel != ui.selected;
    *last_sel = ui.selected;
    let any = sel_changed
        || units
            .iter_mut()
            .any(|(_, _, s, t, _)| s.is_changed() || t.is_added());
    if !any {
        return;
    }
    let mut on_hex: Vec<(Coord, u8, UnitId)> = units
        .iter()
        .filter_map(|(_, c, s, ..)| {
            s.0.on_map()
                .map(|h| (h, stack_order(rules.0.kind(c.id)), c.id))
        })
        .collect();
    on_hex.sort();
    let mut slot = std::collections::BTreeMap::new();
    let mut count: std::collections::BTreeMap<Coord, u8> = Default::default();
    for (h, _, u) in on_hex {
        let k = count.entry(h).or_insert(0);
        slot.insert(u, *k);
        *k += 1;
    }
    for (e, c, s, mut t, mut v) in units.iter_mut() {
        match s.0.on_map() {
            Some(h) => {
                let k = slot.get(&c.id).copied().unwrap_or(0);
                let n = count.get(&h).copied().unwrap_or(1);
                let (off, z, scale) =
                    cf::lift(ui.selected == Some(c.id), width(rules.0.kind(c.id)));
                t.translation = (to_world(h) + fan(k, n) + off).extend(2.0 + k as f32 * 0.5 + z);
                t.scale = Vec3::splat(scale);
                *v = Visibility::Visible;
                if n > 1 {
                    commands.entity(e).insert(InStack { slot: k, count: n });
                } else {
                    commands.entity(e).remove::<InStack>();
                }
            }
            None => {
                *v = Visibility::Hidden;
                commands.entity(e).remove::<InStack>();
            }
        }
    }
}

/// The changing face: Committed or Uncommitted, and the marks.
pub(super) fn faces(
    rules: Option<Res<SdRulesRes>>,
    units: Query<(&Counter, &UnitStatus, &Children), Changed<UnitStatus>>,
    mut meshes: Query<&mut Mesh2d, With<FaceArt>>,
    mut marks: Query<(&Mark, &mut Visibility)>,
    mut art: cf::CounterArt,
) {
    let Some(rules) = rules else { return };
    for (c, s, children) in &units {
        let mesh = art.mesh(&face(&rules.0, c.id, Some(&s.0)));
        for ch in children.iter() {
            if let Ok(mut m) = meshes.get_mut(ch)
                && m.0 != mesh
            {
                m.0 = mesh.clone();
            }
            if let Ok((m, mut v)) = marks.get_mut(ch) {
                v.set_if_neq(if shown(*m, &s.0) {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                });
            }
        }
    }
}
