//! The main menu's game library as plain data, usable without a window: one card per
//! game of the registry (title, date, scenarios, lessons, rules reference, map), the
//! map thumbnail drawn from the map data, and the saves in the saves directory.
//! Nothing here names a game: everything comes from `games::registry`.

use crate::engine::graph::PointMap;
use crate::engine::hexmap::{Coord, HexMap, SideKind, Terrain};
use crate::engine::save;
use crate::engine::session::{GameEntry, LessonCard, ScenarioCard};
use crate::games::registry;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// One game of the library.
pub struct Card {
    pub game: &'static dyn GameEntry,
    pub id: &'static str,
    pub title: &'static str,
    pub date: &'static str,
    pub about: &'static str,
    pub scenarios: Vec<ScenarioCard>,
    pub lessons: Vec<LessonCard>,
    /// Cases in the rules reference.
    pub rule_cases: usize,
    /// The map of the game's first scenario (the thumbnail).
    pub map: Option<HexMap>,
    /// The point-to-point board of the game's first scenario, for a game played on one.
    pub points: Option<PointMap>,
}

/// One card per registered game, in registry order.
pub fn cards() -> Vec<Card> {
    registry().into_iter().map(card).collect()
}

pub fn card(game: &'static dyn GameEntry) -> Card {
    let scenarios = game.scenarios();
    let src = scenarios
        .first()
        .and_then(|s| crate::engine::scenarios::find(&s.id).ok());
    let map = src.as_ref().and_then(|src| game.map(src).ok().flatten());
    let points = src.as_ref().and_then(|src| game.points(src).ok().flatten());
    Card {
        game,
        id: game.id(),
        title: game.name(),
        date: game.date(),
        about: game.about(),
        lessons: game.lessons(),
        rule_cases: game.rules_reference().len(),
        scenarios,
        map,
        points,
    }
}

/// An RGBA picture of a map.
#[derive(Clone, Debug, PartialEq)]
pub struct Thumbnail {
    pub width: usize,
    pub height: usize,
    pub rgba: Vec<u8>,
    /// Map units to pixels, and the map point at pixel (0, 0).
    scale: f32,
    origin: (f32, f32),
}

const SQRT3: f32 = 1.732_050_8;
const BACKGROUND: [u8; 3] = [46, 48, 43];

/// The colour of a hex's terrain, lighter on higher ground (levels 1 to 4).
pub fn hex_colour(map: &HexMap, c: Coord) -> [u8; 3] {
    let base: [u8; 3] = match map.terrain(c) {
        Terrain::Clear => [206, 208, 160],
        Terrain::Woods => [92, 138, 78],
        Terrain::Town => [196, 120, 96],
        Terrain::WoodedTown => [140, 120, 90],
        Terrain::Fortress => [150, 146, 146],
        Terrain::Village => [200, 136, 104],
        Terrain::Marsh => [140, 176, 170],
    };
    let k = (map.elevation(c).clamp(1, 4) as i32 - 1) * 14 - 14;
    base.map(|v| (v as i32 + k).clamp(0, 255) as u8)
}

fn side_style(kind: SideKind) -> ([u8; 3], f32) {
    match kind {
        SideKind::MajorRiver | SideKind::River => ([52, 96, 190], 1.6),
        SideKind::MinorRiver | SideKind::Stream => ([70, 120, 205], 1.0),
        SideKind::Swamp => ([96, 150, 140], 1.0),
        SideKind::Escarpment | SideKind::Ravine => ([110, 80, 52], 1.0),
    }
}

impl Thumbnail {
    /// The pixel at the centre of hex `c`.
    pub fn pixel_of(&self, c: Coord) -> (usize, usize) {
        let (x, y) = c.centre();
        (
            ((x - self.origin.0) * self.scale) as usize,
            ((y - self.origin.1) * self.scale) as usize,
        )
    }

    pub fn get(&self, x: usize, y: usize) -> Option<[u8; 3]> {
        let i = (y * self.width + x) * 4;
        self.rgba.get(i..i + 3).map(|p| [p[0], p[1], p[2]])
    }

    fn put(&mut self, x: f32, y: f32, r: f32, colour: [u8; 3]) {
        let (x0, x1) = ((x - r).floor() as i64, (x + r).ceil() as i64);
        let (y0, y1) = ((y - r).floor() as i64, (y + r).ceil() as i64);
        for py in y0.max(0)..y1.min(self.height as i64) {
            for px in x0.max(0)..x1.min(self.width as i64) {
                let (dx, dy) = (px as f32 + 0.5 - x, py as f32 + 0.5 - y);
                if dx * dx + dy * dy <= r * r {
                    let i = (py as usize * self.width + px as usize) * 4;
                    self.rgba[i..i + 3].copy_from_slice(&colour);
                }
            }
        }
    }

    /// A line between two map points, `width` pixels wide.
    fn line(&mut self, a: (f32, f32), b: (f32, f32), width: f32, colour: [u8; 3]) {
        let (ax, ay) = (
            (a.0 - self.origin.0) * self.scale,
            (a.1 - self.origin.1) * self.scale,
        );
        let (bx, by) = (
            (b.0 - self.origin.0) * self.scale,
            (b.1 - self.origin.1) * self.scale,
        );
        let steps = ((bx - ax).hypot(by - ay) * 2.0).ceil().max(1.0) as usize;
        for i in 0..=steps {
            let t = i as f32 / steps as f32;
            self.put(ax + (bx - ax) * t, ay + (by - ay) * t, width / 2.0, colour);
        }
    }
}

/// The colour of a space on a point board's thumbnail, and of the paper and the links.
pub const POINT_NODE: [u8; 3] = [150, 40, 40];
pub const POINT_PAPER: [u8; 3] = [236, 228, 206];
pub const POINT_LINK: [u8; 3] = [90, 70, 50];

/// A point-to-point board drawn small, to fit in `max_w` x `max_h` pixels: the links as
/// lines and the spaces as dots on paper.
pub fn point_thumbnail(map: &PointMap, max_w: usize, max_h: usize) -> Thumbnail {
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for n in &map.nodes {
        x0 = x0.min(n.x);
        y0 = y0.min(n.y);
        x1 = x1.max(n.x);
        y1 = y1.max(n.y);
    }
    if map.nodes.is_empty() {
        (x0, y0, x1, y1) = (0.0, 0.0, 1.0, 1.0);
    }
    let pad = 6.0;
    let (w, h) = ((x1 - x0).max(1.0), (y1 - y0).max(1.0));
    let scale = ((max_w as f32 - 2.0 * pad) / w)
        .min((max_h as f32 - 2.0 * pad) / h)
        .max(0.01);
    let width = ((w * scale + 2.0 * pad).ceil() as usize).clamp(1, max_w.max(1));
    let height = ((h * scale + 2.0 * pad).ceil() as usize).clamp(1, max_h.max(1));
    let mut t = Thumbnail {
        width,
        height,
        rgba: [POINT_PAPER[0], POINT_PAPER[1], POINT_PAPER[2], 255].repeat(width * height),
        scale,
        origin: (x0 - pad / scale, y0 - pad / scale),
    };
    for l in &map.links {
        if let (Some(a), Some(b)) = (map.nodes.get(l.a), map.nodes.get(l.b)) {
            t.line((a.x, a.y), (b.x, b.y), 1.0, POINT_LINK);
        }
    }
    for n in &map.nodes {
        let (x, y) = ((n.x - t.origin.0) * scale, (n.y - t.origin.1) * scale);
        t.put(x, y, 2.5, POINT_NODE);
    }
    t
}

/// The pixel a point of a point board is drawn at on its thumbnail.
pub fn point_pixel(t: &Thumbnail, x: f32, y: f32) -> (usize, usize) {
    (
        ((x - t.origin.0) * t.scale) as usize,
        ((y - t.origin.1) * t.scale) as usize,
    )
}

/// The map drawn small, to fit in `max_w` x `max_h` pixels: terrain colours with height
/// shading, rivers and other hexside features, roads and railways. Deterministic.
pub fn thumbnail(map: &HexMap, max_w: usize, max_h: usize) -> Thumbnail {
    let (x0, y0) = (-1.0f32, -SQRT3 / 2.0);
    let x1 = (map.cols - 1).max(0) as f32 * 1.5 + 1.0;
    let y1 = (map.rows - 1).max(0) as f32 * SQRT3 + SQRT3;
    let scale = (max_w as f32 / (x1 - x0)).min(max_h as f32 / (y1 - y0));
    let width = (((x1 - x0) * scale).ceil() as usize).clamp(1, max_w.max(1));
    let height = (((y1 - y0) * scale).ceil() as usize).clamp(1, max_h.max(1));
    let mut t = Thumbnail {
        width,
        height,
        rgba: vec![255; width * height * 4],
        scale,
        origin: (x0, y0),
    };
    for py in 0..height {
        for px in 0..width {
            let x = x0 + (px as f32 + 0.5) / scale;
            let y = y0 + (py as f32 + 0.5) / scale;
            let col = (x / 1.5).round() as i32 + 1;
            let mut best: Option<(f32, Coord)> = None;
            for c in col - 1..=col + 1 {
                let off = if (c - 1) % 2 != 0 { 0.5 } else { 0.0 };
                let row = (y / SQRT3 - off).round() as i32 + 1;
                for r in row - 1..=row + 1 {
                    let h = Coord::new(c, r);
                    if !map.contains(h) {
                        continue;
                    }
                    let (cx, cy) = h.centre();
                    let d = (cx - x).hypot(cy - y);
                    if best.is_none_or(|b| d < b.0) {
                        best = Some((d, h));
                    }
                }
            }
            let colour = match best {
                Some((d, h)) if d <= 1.0 => hex_colour(map, h),
                _ => BACKGROUND,
            };
            let i = (py * width + px) * 4;
            t.rgba[i..i + 3].copy_from_slice(&colour);
        }
    }
    for (s, f) in map.sides() {
        let (a, b) = (s.0.centre(), s.1.centre());
        let m = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = dx.hypot(dy).max(1e-3);
        let (px, py) = (-dy / len * 0.5, dx / len * 0.5);
        let (colour, w) = side_style(f.kind);
        t.line((m.0 - px, m.1 - py), (m.0 + px, m.1 + py), w, colour);
    }
    for (chains, colour, w) in [
        (&map.roads, [120, 74, 40], 1.0),
        (&map.railways, [30, 30, 30], 1.0),
    ] {
        for chain in chains {
            for pair in chain.windows(2) {
                t.line(pair[0].centre(), pair[1].centre(), w, colour);
            }
        }
    }
    t
}

/// The saves directory (the user data directory; autosaves are written there too).
pub fn saves_dir() -> PathBuf {
    save::data_dir()
}

/// A save file found in the saves directory.
pub struct SaveInfo {
    pub path: PathBuf,
    pub game: &'static dyn GameEntry,
    pub scenario: String,
    pub commands: usize,
    pub modified: Option<SystemTime>,
}

impl SaveInfo {
    /// The file name, for lists.
    pub fn file_name(&self) -> String {
        self.path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    }

    /// "3 min ago", "2 h ago", "5 days ago".
    pub fn age(&self) -> String {
        let Some(s) = self
            .modified
            .and_then(|m| SystemTime::now().duration_since(m).ok())
            .map(|d| d.as_secs())
        else {
            return String::new();
        };
        match s {
            0..60 => "just now".into(),
            60..3600 => format!("{} min ago", s / 60),
            3600..86_400 => format!("{} h ago", s / 3600),
            _ => format!("{} days ago", s / 86_400),
        }
    }
}

#[derive(serde::Deserialize)]
struct CommandCount {
    commands: Vec<serde::de::IgnoredAny>,
}

/// Reads one save's header (its game must be registered).
pub fn save_info(path: &Path) -> Option<SaveInfo> {
    let name = path.display().to_string();
    let text = save::read_text(&name).ok()?;
    let header = save::read_header(&name, &text).ok()?;
    let game = crate::games::find(&header.game).ok()?;
    let commands = ron::de::from_str::<CommandCount>(&text)
        .map(|c| c.commands.len())
        .unwrap_or(0);
    Some(SaveInfo {
        path: path.to_path_buf(),
        game,
        scenario: header.scenario,
        commands,
        modified: std::fs::metadata(path).and_then(|m| m.modified()).ok(),
    })
}

/// The saves of registered games in `dir`, newest first.
pub fn saves_in(dir: &Path) -> Vec<SaveInfo> {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<SaveInfo> = rd
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .filter_map(|p| save_info(&p))
        .collect();
    out.sort_by(|a, b| b.modified.cmp(&a.modified).then(a.path.cmp(&b.path)));
    out
}

/// The newest save of a game in `dir` (what "Resume" opens).
pub fn newest_save(dir: &Path, game: &str) -> Option<SaveInfo> {
    saves_in(dir).into_iter().find(|s| s.game.id() == game)
}
