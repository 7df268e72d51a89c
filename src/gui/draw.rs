//! Flat shapes gathered into one vertex-coloured triangle list. The board layers, the
//! counters and the legend are all drawn with it: one mesh per layer or per counter face
//! on the board (software rendering draws each entity separately, so few entities), and
//! the same triangles handed to egui for the legend.

use bevy::prelude::*;
use std::f32::consts::{FRAC_PI_3, TAU};

/// Triangles with a colour per vertex (linear RGBA, as Bevy's mesh colours are).
#[derive(Default, Clone)]
pub struct Batch {
    pub pos: Vec<[f32; 3]>,
    pub col: Vec<[f32; 4]>,
    pub idx: Vec<u32>,
}

/// A stable pseudo-random number from a hex coordinate and a salt: pattern placement
/// (trees, houses) must not change between runs, so an edited map draws the same.
pub fn hash(col: i32, row: i32, salt: u32) -> u32 {
    let mut h = (col as u32).wrapping_mul(0x9E37_79B1)
        ^ (row as u32).wrapping_mul(0x85EB_CA77)
        ^ salt.wrapping_mul(0xC2B2_AE3D);
    h ^= h >> 15;
    h = h.wrapping_mul(0x2C1B_3C6D);
    h ^= h >> 12;
    h = h.wrapping_mul(0x297A_2D39);
    h ^ (h >> 15)
}

/// `hash` as a number in 0..1.
pub fn unit(col: i32, row: i32, salt: u32) -> f32 {
    (hash(col, row, salt) & 0xFFFF) as f32 / 65535.0
}

impl Batch {
    fn colour(c: Color) -> [f32; 4] {
        c.to_linear().to_f32_array()
    }

    pub fn is_empty(&self) -> bool {
        self.idx.is_empty()
    }

    /// Appends another batch (shifted by `off`).
    pub fn append(&mut self, other: &Batch, off: Vec2) {
        let base = self.pos.len() as u32;
        self.pos
            .extend(other.pos.iter().map(|p| [p[0] + off.x, p[1] + off.y, p[2]]));
        self.col.extend(other.col.iter().copied());
        self.idx.extend(other.idx.iter().map(|i| i + base));
    }

    /// A convex polygon (a fan from its first point).
    pub fn convex(&mut self, pts: &[Vec2], colour: Color) {
        if pts.len() < 3 {
            return;
        }
        let base = self.pos.len() as u32;
        let k = Self::colour(colour);
        for p in pts {
            self.pos.push([p.x, p.y, 0.0]);
            self.col.push(k);
        }
        for i in 1..pts.len() as u32 - 1 {
            self.idx.extend([base, base + i, base + i + 1]);
        }
    }

    /// A flat-topped hexagon of circumradius `r` around `c`.
    pub fn hexagon(&mut self, c: Vec2, r: f32, colour: Color) {
        let pts: Vec<Vec2> = (0..6)
            .map(|i| c + Vec2::from_angle(FRAC_PI_3 * i as f32) * r)
            .collect();
        self.convex(&pts, colour);
    }

    /// A regular polygon with `n` corners (a circle for large `n`).
    pub fn ngon(&mut self, c: Vec2, r: f32, n: usize, rot: f32, colour: Color) {
        let pts: Vec<Vec2> = (0..n)
            .map(|i| c + Vec2::from_angle(rot + TAU * i as f32 / n as f32) * r)
            .collect();
        self.convex(&pts, colour);
    }

    pub fn circle(&mut self, c: Vec2, r: f32, colour: Color) {
        self.ngon(c, r, 12, 0.0, colour);
    }

    /// An axis-aligned rectangle from its centre and size, turned by `rot` radians.
    pub fn rect(&mut self, c: Vec2, size: Vec2, rot: f32, colour: Color) {
        let (hx, hy) = (size.x / 2.0, size.y / 2.0);
        let r = Vec2::from_angle(rot);
        let pts = [
            Vec2::new(-hx, -hy),
            Vec2::new(hx, -hy),
            Vec2::new(hx, hy),
            Vec2::new(-hx, hy),
        ]
        .map(|p| c + r.rotate(p));
        self.convex(&pts, colour);
    }

    /// A rectangle outline `w` wide inside the rectangle `c`, `size`.
    pub fn frame(&mut self, c: Vec2, size: Vec2, w: f32, colour: Color) {
        let (hx, hy) = (size.x / 2.0, size.y / 2.0);
        self.rect(
            c + Vec2::new(0.0, hy - w / 2.0),
            Vec2::new(size.x, w),
            0.0,
            colour,
        );
        self.rect(
            c - Vec2::new(0.0, hy - w / 2.0),
            Vec2::new(size.x, w),
            0.0,
            colour,
        );
        self.rect(
            c + Vec2::new(hx - w / 2.0, 0.0),
            Vec2::new(w, size.y),
            0.0,
            colour,
        );
        self.rect(
            c - Vec2::new(hx - w / 2.0, 0.0),
            Vec2::new(w, size.y),
            0.0,
            colour,
        );
    }

    /// A line from `a` to `b`, `width` wide (square ends).
    pub fn segment(&mut self, a: Vec2, b: Vec2, width: f32, colour: Color) {
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

    /// A polyline with round joins (a disc at every point), for rivers and roads.
    pub fn polyline(&mut self, pts: &[Vec2], width: f32, colour: Color) {
        for w in pts.windows(2) {
            self.segment(w[0], w[1], width, colour);
        }
        for p in pts {
            self.ngon(*p, width / 2.0, 8, 0.0, colour);
        }
    }

    /// A dashed line: `on` drawn, `off` left out, along a to b.
    pub fn dashed(&mut self, a: Vec2, b: Vec2, width: f32, on: f32, off: f32, colour: Color) {
        let len = a.distance(b);
        if len <= 0.0 {
            return;
        }
        let dir = (b - a) / len;
        let mut t = off / 2.0;
        while t < len {
            let e = (t + on).min(len);
            self.segment(a + dir * t, a + dir * e, width, colour);
            t = e + off;
        }
    }

    /// A star with `points` points, outer radius `r`, inner radius `r * inner` (a fan from
    /// its centre), its first point at angle `rot`.
    pub fn star(&mut self, c: Vec2, r: f32, inner: f32, points: usize, rot: f32, colour: Color) {
        if points < 2 {
            return;
        }
        let base = self.pos.len() as u32;
        let k = Self::colour(colour);
        self.pos.push([c.x, c.y, 0.0]);
        self.col.push(k);
        let n = points * 2;
        for i in 0..n {
            let rr = if i % 2 == 0 { r } else { r * inner };
            let p = c + Vec2::from_angle(rot + TAU * i as f32 / n as f32) * rr;
            self.pos.push([p.x, p.y, 0.0]);
            self.col.push(k);
        }
        for i in 0..n as u32 {
            self.idx
                .extend([base, base + 1 + i, base + 1 + (i + 1) % n as u32]);
        }
    }

    /// A ring (annulus) between radii `r_in` and `r_out` around `c`, `n` segments.
    pub fn ring(&mut self, c: Vec2, r_in: f32, r_out: f32, n: usize, colour: Color) {
        if n < 3 {
            return;
        }
        let base = self.pos.len() as u32;
        let k = Self::colour(colour);
        for i in 0..n {
            let d = Vec2::from_angle(TAU * i as f32 / n as f32);
            for p in [c + d * r_in, c + d * r_out] {
                self.pos.push([p.x, p.y, 0.0]);
                self.col.push(k);
            }
        }
        let n = n as u32;
        for i in 0..n {
            let (a, b) = (base + 2 * i, base + 2 * ((i + 1) % n));
            self.idx.extend([a, a + 1, b + 1, a, b + 1, b]);
        }
    }

    /// Turns the batch into a Bevy mesh (positions and vertex colours).
    pub fn mesh(self) -> Mesh {
        Mesh::new(
            bevy::mesh::PrimitiveTopology::TriangleList,
            bevy::asset::RenderAssetUsages::default(),
        )
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, self.pos)
        .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, self.col)
        .with_inserted_indices(bevy::mesh::Indices::U32(self.idx))
    }

    /// The same triangles for egui (the legend): world units times `scale`, y flipped,
    /// around the screen point `origin`.
    pub fn egui_mesh(&self, origin: bevy_egui::egui::Pos2, scale: f32) -> bevy_egui::egui::Mesh {
        use bevy_egui::egui;
        let mut m = egui::Mesh::default();
        for (p, c) in self.pos.iter().zip(&self.col) {
            let s = Color::linear_rgba(c[0], c[1], c[2], c[3])
                .to_srgba()
                .to_u8_array();
            m.vertices.push(egui::epaint::Vertex {
                pos: egui::pos2(origin.x + p[0] * scale, origin.y - p[1] * scale),
                uv: egui::epaint::WHITE_UV,
                color: egui::Color32::from_rgba_unmultiplied(s[0], s[1], s[2], s[3]),
            });
        }
        m.indices = self.idx.clone();
        m
    }
}
