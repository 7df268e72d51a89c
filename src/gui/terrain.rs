//! The map drawn from its data: ground tinted by level, woods as tree crowns, towns and
//! villages as house blocks, marsh tufts, contour lines with hachures, rivers by class,
//! roads, paths and railways in the conventional styles, bridges and a fine hex grid.
//! Everything is procedural and deterministic (pattern placement hashes the hex
//! coordinate), so an edited map draws itself. The result is a handful of layers, each
//! one mesh.

use super::draw::{Batch, unit};
use crate::engine::hexmap::{Coord, HexMap, SideKind, Terrain};
use bevy::prelude::*;

/// Pixels per map unit (a hex's corner radius); the same as `board::S`.
const S: f32 = super::board::S;

fn to_world(c: Coord) -> Vec2 {
    super::board::to_world(c)
}

/// The colours of the board, in one place (sRGB).
pub mod ink {
    use bevy::prelude::Color;
    pub const CLEAR: Color = Color::srgb(0.86, 0.87, 0.70);
    pub const WOODS_GROUND: Color = Color::srgb(0.63, 0.74, 0.50);
    pub const TREE: Color = Color::srgb(0.20, 0.44, 0.19);
    pub const TREE_LIGHT: Color = Color::srgb(0.36, 0.58, 0.28);
    pub const TREE_SHADOW: Color = Color::srgba(0.08, 0.20, 0.06, 0.45);
    pub const TOWN_GROUND: Color = Color::srgb(0.80, 0.75, 0.70);
    pub const ROOF: Color = Color::srgb(0.66, 0.30, 0.22);
    pub const ROOF_DARK: Color = Color::srgb(0.35, 0.16, 0.12);
    pub const MARSH_GROUND: Color = Color::srgb(0.74, 0.83, 0.76);
    pub const MARSH_TUFT: Color = Color::srgb(0.25, 0.47, 0.55);
    pub const FORT: Color = Color::srgb(0.45, 0.44, 0.44);
    pub const GRID: Color = Color::srgba(0.10, 0.10, 0.05, 0.22);
    pub const CONTOUR: Color = Color::srgba(0.50, 0.30, 0.12, 0.85);
    pub const STEEP: Color = Color::srgb(0.36, 0.18, 0.06);
    pub const WATER: Color = Color::srgb(0.30, 0.55, 0.85);
    pub const WATER_EDGE: Color = Color::srgb(0.10, 0.25, 0.55);
    pub const SWAMP: Color = Color::srgba(0.35, 0.55, 0.55, 0.85);
    pub const ROAD: Color = Color::srgb(0.93, 0.60, 0.25);
    pub const ROAD_EDGE: Color = Color::srgb(0.35, 0.18, 0.08);
    pub const PATH: Color = Color::srgb(0.45, 0.28, 0.12);
    pub const RAIL: Color = Color::srgb(0.08, 0.08, 0.08);
    pub const BRIDGE: Color = Color::srgb(0.62, 0.58, 0.52);
    pub const BRIDGE_EDGE: Color = Color::srgb(0.15, 0.12, 0.10);
    pub const ESCARP: Color = Color::srgb(0.42, 0.24, 0.10);
    pub const RAVINE: Color = Color::srgb(0.40, 0.26, 0.14);
}

/// The ground colour of a level (1 valley to 4 heights): green low, ochre high.
pub fn level_tint(level: u8) -> Color {
    match level {
        0 | 1 => Color::srgb(0.79, 0.87, 0.69),
        2 => Color::srgb(0.89, 0.89, 0.73),
        3 => Color::srgb(0.93, 0.87, 0.71),
        _ => Color::srgb(0.88, 0.76, 0.58),
    }
}

fn ground(t: Terrain, level: Option<u8>) -> Color {
    match t {
        Terrain::Woods | Terrain::WoodedTown => ink::WOODS_GROUND,
        Terrain::Town => ink::TOWN_GROUND,
        Terrain::Fortress => Color::srgb(0.78, 0.77, 0.74),
        Terrain::Marsh => ink::MARSH_GROUND,
        Terrain::Clear | Terrain::Village => level.map(level_tint).unwrap_or(ink::CLEAR),
    }
}

/// One tree crown: shadow, crown, light side.
fn tree(b: &mut Batch, p: Vec2, r: f32) {
    b.ngon(
        p + Vec2::new(r * 0.25, -r * 0.3),
        r,
        10,
        0.0,
        ink::TREE_SHADOW,
    );
    b.ngon(p, r, 10, 0.0, ink::TREE);
    b.ngon(
        p + Vec2::new(-r * 0.3, r * 0.3),
        r * 0.45,
        8,
        0.0,
        ink::TREE_LIGHT,
    );
}

/// One house: a roof block with a dark side.
fn house(b: &mut Batch, p: Vec2, size: Vec2, rot: f32) {
    b.rect(p + Vec2::new(1.0, -1.2), size, rot, ink::ROOF_DARK);
    b.rect(p, size, rot, ink::ROOF);
}

/// A hex's own art (ground and pattern) at `c`, circumradius `r`; `seed` is the hex
/// coordinate, so the pattern is the same every time. The legend calls this too.
pub fn hex_art(b: &mut Batch, c: Vec2, r: f32, t: Terrain, level: Option<u8>, seed: Coord) {
    b.hexagon(c, r, ground(t, level));
    let (col, row) = (seed.col, seed.row);
    let k = r / S;
    match t {
        Terrain::Woods | Terrain::WoodedTown => {
            // crowns on a jittered ring and a centre, sized by hash
            let n = if t == Terrain::Woods { 7 } else { 4 };
            let turn = unit(col, row, 1) * 1.0;
            let mut pts =
                vec![c + Vec2::new(unit(col, row, 2) - 0.5, unit(col, row, 3) - 0.5) * (r * 0.2)];
            for i in 0..n {
                let a = turn + std::f32::consts::TAU * i as f32 / n as f32;
                let d = r * (0.50 + 0.12 * unit(col, row, 10 + i));
                pts.push(c + Vec2::from_angle(a) * d);
            }
            for (i, p) in pts.iter().enumerate() {
                let rr = S * k * (0.17 + 0.06 * unit(col, row, 30 + i as u32));
                tree(b, *p, rr);
            }
            if t == Terrain::WoodedTown {
                for i in 0..3 {
                    let a = std::f32::consts::TAU * i as f32 / 3.0 + 0.5;
                    house(
                        b,
                        c + Vec2::from_angle(a) * r * 0.22,
                        Vec2::new(r * 0.3, r * 0.2),
                        a,
                    );
                }
            }
        }
        Terrain::Town => {
            // a block of streets: a 3 x 3 grid of house blocks, a few left out, the
            // whole turned a little
            let rot = (unit(col, row, 5) - 0.5) * 0.6;
            let step = r * 0.40;
            for i in 0..9u32 {
                let (gx, gy) = ((i % 3) as f32 - 1.0, (i / 3) as f32 - 1.0);
                if i != 4 && unit(col, row, 40 + i) < 0.22 {
                    continue;
                }
                let p = c + Vec2::from_angle(rot).rotate(Vec2::new(gx, gy) * step);
                let size = Vec2::new(
                    r * (0.28 + 0.06 * unit(col, row, 50 + i)),
                    r * (0.22 + 0.06 * unit(col, row, 60 + i)),
                );
                house(b, p, size, rot);
            }
        }
        Terrain::Village => {
            let n = 3 + crate::gui::draw::hash(col, row, 6) % 2;
            for i in 0..n {
                let a = std::f32::consts::TAU * i as f32 / n as f32 + unit(col, row, 7) * 2.0;
                let d = r * (0.22 + 0.14 * unit(col, row, 70 + i));
                let size = Vec2::new(r * (0.22 + 0.08 * unit(col, row, 80 + i)), r * 0.14);
                house(
                    b,
                    c + Vec2::from_angle(a) * d,
                    size,
                    a + 0.3 * unit(col, row, 90 + i),
                );
            }
        }
        Terrain::Marsh => {
            for i in 0..7u32 {
                let p = c + Vec2::new(
                    (unit(col, row, 100 + i) - 0.5) * r * 1.2,
                    (unit(col, row, 110 + i) - 0.5) * r * 1.1,
                );
                let w = r * 0.28;
                b.segment(
                    p - Vec2::X * w / 2.0,
                    p + Vec2::X * w / 2.0,
                    1.6 * k,
                    ink::MARSH_TUFT,
                );
                for dx in [-0.25f32, 0.0, 0.25] {
                    let q = p + Vec2::new(dx * w, 0.0);
                    b.segment(
                        q,
                        q + Vec2::new(dx * w * 0.5, r * 0.12),
                        1.2 * k,
                        ink::MARSH_TUFT,
                    );
                }
            }
        }
        Terrain::Fortress => {
            // a star fort outline
            let mut pts = Vec::new();
            for i in 0..10 {
                let rr = if i % 2 == 0 { r * 0.62 } else { r * 0.36 };
                pts.push(c + Vec2::from_angle(std::f32::consts::TAU * i as f32 / 10.0) * rr);
            }
            for i in 0..10 {
                b.segment(pts[i], pts[(i + 1) % 10], 3.0 * k, ink::FORT);
            }
            house(b, c, Vec2::new(r * 0.3, r * 0.2), 0.0);
        }
        Terrain::Clear => {}
    }
}

/// The edge between two neighbouring hexes (its two corners).
fn edge(a: Coord, b: Coord) -> (Vec2, Vec2) {
    let (pa, pb) = (to_world(a), to_world(b));
    let mid = (pa + pb) / 2.0;
    let half = (pb - pa).normalize_or_zero().perp() * (S * 0.5);
    (mid - half, mid + half)
}

/// A hexside feature drawn along the edge `e` between `a` (on one side) and `b`.
pub fn side_art(
    casing: &mut Batch,
    fill: &mut Batch,
    kind: SideKind,
    e: (Vec2, Vec2),
    toward_low: Vec2,
) {
    let ends = [e.0, e.1];
    match kind {
        SideKind::Stream | SideKind::MinorRiver | SideKind::River | SideKind::MajorRiver => {
            let w = match kind {
                SideKind::Stream => 2.6,
                SideKind::MinorRiver => 4.0,
                SideKind::River => 7.0,
                _ => 9.0,
            };
            casing.polyline(&ends, w + 2.2, ink::WATER_EDGE);
            fill.polyline(&ends, w, ink::WATER);
        }
        SideKind::Swamp => {
            casing.polyline(&ends, 8.0, ink::SWAMP);
            let d = (e.1 - e.0) / 5.0;
            for i in 1..5 {
                let p = e.0 + d * i as f32;
                fill.segment(p - Vec2::X * 3.0, p + Vec2::X * 3.0, 1.4, ink::MARSH_TUFT);
                fill.segment(p, p + Vec2::Y * 3.0, 1.2, ink::MARSH_TUFT);
            }
        }
        SideKind::Escarpment => {
            fill.polyline(&ends, 3.0, ink::ESCARP);
            // teeth pointing down the slope
            let d = (e.1 - e.0) / 4.0;
            for i in 0..4 {
                let p0 = e.0 + d * i as f32;
                let p1 = p0 + d;
                let tip = (p0 + p1) / 2.0 + toward_low * 6.0;
                fill.convex(&[p0, p1, tip], ink::ESCARP);
            }
        }
        SideKind::Ravine => {
            let off = toward_low * 2.2;
            fill.segment(e.0 + off, e.1 + off, 1.6, ink::RAVINE);
            fill.segment(e.0 - off, e.1 - off, 1.6, ink::RAVINE);
            let d = (e.1 - e.0) / 6.0;
            for i in 1..6 {
                let p = e.0 + d * i as f32;
                fill.segment(p - off, p + off, 1.0, ink::RAVINE);
            }
        }
    }
}

/// A road as drawn on the board: dark casing, orange fill (the legend uses it too).
pub fn road(casing: &mut Batch, fill: &mut Batch, pts: &[Vec2]) {
    casing.polyline(pts, 5.6, ink::ROAD_EDGE);
    fill.polyline(pts, 3.4, ink::ROAD);
}

/// A path (trail): brown dashes.
pub fn path(b: &mut Batch, pts: &[Vec2]) {
    for w in pts.windows(2) {
        b.dashed(w[0], w[1], 2.0, 6.0, 4.0, ink::PATH);
    }
}

/// A railway: a black line with cross ties.
pub fn railway(b: &mut Batch, pts: &[Vec2]) {
    for w in pts.windows(2) {
        let (a, c) = (w[0], w[1]);
        b.segment(a, c, 1.8, ink::RAIL);
        let len = a.distance(c);
        let across = (c - a).normalize_or_zero().perp() * 3.8;
        let n = (len / 7.0).floor().max(1.0) as i32;
        for k in 0..n {
            let p = a.lerp(c, (k as f32 + 0.5) / n as f32);
            b.segment(p - across, p + across, 1.4, ink::RAIL);
        }
    }
}

/// A bridge across the edge `e`, carrying the crossing from `a` to `b`.
pub fn bridge(b: &mut Batch, e: (Vec2, Vec2), a: Vec2, c: Vec2) {
    let mid = (e.0 + e.1) / 2.0;
    let along = (c - a).normalize_or_zero();
    let across = along.perp();
    let len = S * 0.55;
    let w = 7.0;
    b.rect(
        mid,
        Vec2::new(len + 2.4, w + 2.4),
        along.to_angle(),
        ink::BRIDGE_EDGE,
    );
    b.rect(mid, Vec2::new(len, w), along.to_angle(), ink::BRIDGE);
    // the splayed wing walls at both ends
    for s in [-1.0f32, 1.0] {
        for t in [-1.0f32, 1.0] {
            let p = mid + along * (s * len / 2.0) + across * (t * (w / 2.0 + 1.2));
            b.segment(
                p,
                p + along * (s * 3.5) + across * (t * 3.0),
                1.4,
                ink::BRIDGE_EDGE,
            );
        }
    }
}

/// The whole board as layers (height, triangles), bottom first.
pub fn layers(map: &HexMap) -> Vec<(f32, Batch)> {
    let relief = map.has_relief();
    let mut art = Batch::default();
    for c in map.coords() {
        let lvl = relief.then(|| map.elevation(c));
        hex_art(&mut art, to_world(c), S, map.terrain(c), lvl, c);
    }
    // contour lines at each change of level, hachures pointing down the slope
    let mut relief_b = Batch::default();
    if relief {
        for c in map.coords() {
            for (_, n) in map.neighbors(c) {
                let (lc, ln) = (map.elevation(c) as i32, map.elevation(n) as i32);
                if lc <= ln {
                    continue;
                }
                let e = edge(c, n);
                let down = (to_world(n) - to_world(c)).normalize_or_zero();
                let steep = lc - ln >= 2;
                let (w, colour) = if steep {
                    (3.4, ink::STEEP)
                } else {
                    (1.8, ink::CONTOUR)
                };
                relief_b.polyline(&[e.0, e.1], w, colour);
                let ticks = if steep { 5 } else { 3 };
                for k in 0..ticks {
                    let p = e.0.lerp(e.1, (k as f32 + 0.5) / ticks as f32);
                    relief_b.segment(p, p + down * if steep { 7.0 } else { 4.5 }, 1.2, colour);
                }
            }
        }
    }
    // a fine grid: every edge once, the outer edges from the corners
    let mut grid = Batch::default();
    for c in map.coords() {
        let p = to_world(c);
        for i in 0..6 {
            let a0 = std::f32::consts::FRAC_PI_3 * i as f32;
            let a1 = a0 + std::f32::consts::FRAC_PI_3;
            let mid = p + Vec2::from_angle(a0 + std::f32::consts::FRAC_PI_6) * (S * 3f32.sqrt());
            let n = super::board::from_world(map, mid);
            if n.is_some_and(|n| n < c) {
                continue;
            }
            grid.segment(
                p + Vec2::from_angle(a0) * S,
                p + Vec2::from_angle(a1) * S,
                1.0,
                ink::GRID,
            );
        }
    }
    let (mut water_case, mut water) = (Batch::default(), Batch::default());
    let mut bridges = Batch::default();
    for (s, f) in map.sides() {
        let (lo, hi) = if map.elevation(s.0) <= map.elevation(s.1) {
            (s.0, s.1)
        } else {
            (s.1, s.0)
        };
        let e = edge(s.0, s.1);
        let toward_low = (to_world(lo) - to_world(hi)).normalize_or_zero();
        side_art(&mut water_case, &mut water, f.kind, e, toward_low);
        if f.bridge {
            bridge(&mut bridges, e, to_world(s.0), to_world(s.1));
        }
    }
    let (mut road_case, mut road_fill, mut lines) =
        (Batch::default(), Batch::default(), Batch::default());
    for r in &map.roads {
        let pts: Vec<Vec2> = r.iter().map(|c| to_world(*c)).collect();
        road(&mut road_case, &mut road_fill, &pts);
    }
    for p in &map.paths {
        let pts: Vec<Vec2> = p.iter().map(|c| to_world(*c)).collect();
        path(&mut lines, &pts);
    }
    for r in &map.railways {
        let pts: Vec<Vec2> = r.iter().map(|c| to_world(*c)).collect();
        railway(&mut lines, &pts);
    }
    // water and relief first, so that roads and bridges lie on top; all in few meshes
    let mut under = relief_b;
    under.append(&grid, Vec2::ZERO);
    under.append(&water_case, Vec2::ZERO);
    under.append(&water, Vec2::ZERO);
    let mut over = road_case;
    over.append(&bridges, Vec2::ZERO);
    over.append(&lines, Vec2::ZERO);
    over.append(&road_fill, Vec2::ZERO);
    vec![(0.0, art), (0.2, under), (0.3, over)]
}
