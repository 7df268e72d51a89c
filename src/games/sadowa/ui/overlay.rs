//! Layers over the terrain: the countries (Prussia tinted blue, Saxony green, Austria
//! plain, a dark line along every border: 3.3 control starts by country, 13.2 "in
//! Prussia") and, on request, the supply overlay: the hexes from which each side's units
//! trace supply (5.2, `supply::supplied_hexes`), a yellow dot for Austria, a blue one for
//! Prussia.

use super::*;
use crate::games::sadowa::map::Country;
use crate::gui::draw::Batch;

#[derive(Component)]
pub(super) struct CountryLayer;

#[derive(Component)]
pub(super) struct SupplyLayer;

/// The corners of hex `c`'s side facing its neighbour `n`.
fn edge(c: Coord, n: Coord) -> (Vec2, Vec2) {
    let (pc, pn) = (to_world(c), to_world(n));
    let mid = (pc + pn) / 2.0;
    let mut corners: Vec<Vec2> = (0..6)
        .map(|i| pc + Vec2::from_angle(std::f32::consts::FRAC_PI_3 * i as f32) * S)
        .collect();
    corners.sort_by(|a, b| a.distance(mid).total_cmp(&b.distance(mid)));
    (corners[0], corners[1])
}

pub(super) fn country_batch(rules: &SdRules) -> Batch {
    let m = &rules.map;
    let mut b = Batch::default();
    for c in m.hex.coords() {
        let tint = match m.country(c) {
            Some(Country::Prussia) => Some(Color::srgba(0.30, 0.45, 0.85, 0.16)),
            Some(Country::Saxony) => Some(Color::srgba(0.20, 0.70, 0.30, 0.16)),
            _ => None,
        };
        if let Some(t) = tint {
            b.hexagon(to_world(c), S, t);
        }
    }
    for c in m.hex.coords() {
        for (_, n) in m.hex.neighbors(c) {
            if n > c && m.hex.contains(n) && m.country(n) != m.country(c) {
                let (a, z) = edge(c, n);
                b.segment(a, z, 3.5, Color::srgba(0.25, 0.10, 0.25, 0.85));
            }
        }
    }
    b
}

fn supply_batch(rules: &SdRules, st: &SdState) -> Batch {
    let map = crate::games::sadowa::supply::supplied_hexes(rules, st);
    let mut b = Batch::default();
    for (i, c) in rules.map.hex.coords().enumerate() {
        let p = to_world(c);
        if map.supplied[0].get(i).copied().unwrap_or(false) {
            b.circle(p + Vec2::new(-S * 0.45, -S * 0.55), S * 0.11, Color::BLACK);
            b.circle(p + Vec2::new(-S * 0.45, -S * 0.55), S * 0.08, cf_yellow());
        }
        if map.supplied[1].get(i).copied().unwrap_or(false) {
            b.circle(p + Vec2::new(S * 0.45, -S * 0.55), S * 0.11, Color::WHITE);
            b.circle(
                p + Vec2::new(S * 0.45, -S * 0.55),
                S * 0.08,
                Color::srgb(0.16, 0.25, 0.6),
            );
        }
    }
    b
}

fn cf_yellow() -> Color {
    Color::srgb(0.95, 0.78, 0.10)
}

fn spawn_layer(world: &mut World, b: Batch, z: f32, tag: impl Component) {
    if b.is_empty() {
        return;
    }
    let mesh = world.resource_mut::<Assets<Mesh>>().add(b.mesh());
    let mat = world
        .resource_mut::<Assets<ColorMaterial>>()
        .add(ColorMaterial::default());
    world.spawn((
        tag,
        Mesh2d(mesh),
        MeshMaterial2d(mat),
        Transform::from_xyz(0.0, 0.0, z),
    ));
}

fn despawn_all<T: Component>(world: &mut World) {
    let old: Vec<Entity> = world
        .query_filtered::<Entity, With<T>>()
        .iter(world)
        .collect();
    for e in old {
        world.despawn(e);
    }
}

/// Draws the country layer once per game and the supply layer when asked for (redrawn
/// after each command).
pub(super) fn overlays(world: &mut World, mut last: Local<(bool, u64, bool)>) {
    let Some(rules) = world.get_resource::<SdRulesRes>().map(|r| r.0.clone()) else {
        return;
    };
    let has_country = world
        .query_filtered::<(), With<CountryLayer>>()
        .iter(world)
        .next()
        .is_some();
    if !has_country {
        spawn_layer(world, country_batch(&rules), 0.35, CountryLayer);
    }
    let rev = world.resource::<Revision<Sadowa>>().0;
    let on = world.resource::<SdUi>().supply_overlay;
    if *last == (on, rev, true) {
        return;
    }
    *last = (on, rev, true);
    despawn_all::<SupplyLayer>(world);
    if on && let Some(st) = gather(world) {
        spawn_layer(world, supply_batch(&rules, &st), 0.45, SupplyLayer);
    }
}

/// Leaving the game: the layers go with the board.
pub(super) fn clear(world: &mut World) {
    despawn_all::<CountryLayer>(world);
    despawn_all::<SupplyLayer>(world);
}
