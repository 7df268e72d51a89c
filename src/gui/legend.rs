//! The map key: every terrain, line feature and counter type that the board uses, drawn
//! with the board's own drawing code (the same triangles, handed to egui). Opened with
//! the "Legend" button on the board or the `L` key.

use super::board::{BoardMap, S};
use super::counters::{self, Arm, Face, Size};
use super::draw::Batch;
use super::terrain;
use crate::engine::hexmap::{Coord, HexMap, SideKind, Terrain};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// Whether the legend window is open; FELDZUG_LEGEND=1 opens it at start (screenshots).
#[derive(Resource)]
pub struct LegendOpen(pub bool);

impl Default for LegendOpen {
    fn default() -> Self {
        LegendOpen(std::env::var("FELDZUG_LEGEND").is_ok())
    }
}

/// Paints `b` (world units, centred on the origin, `half` the half extent) into a square
/// of `px` pixels.
fn sample(ui: &mut egui::Ui, b: &Batch, half: f32, px: f32, label: &str) {
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(px, px), egui::Sense::hover());
        let clip = ui.painter().with_clip_rect(rect);
        clip.add(egui::Shape::mesh(
            b.egui_mesh(rect.center(), px / 2.0 / half),
        ));
        ui.label(label);
    });
}

fn plain_hex(t: Terrain, level: Option<u8>) -> Batch {
    let mut b = Batch::default();
    terrain::hex_art(&mut b, Vec2::ZERO, S, t, level, Coord::new(5, 7));
    b
}

fn terrain_name(t: Terrain) -> &'static str {
    match t {
        Terrain::Clear => "Clear",
        Terrain::Woods => "Woods",
        Terrain::Town => "Town",
        Terrain::WoodedTown => "Town in woods",
        Terrain::Fortress => "Fortress",
        Terrain::Village => "Village",
        Terrain::Marsh => "Marsh",
    }
}

fn side_name(k: SideKind) -> &'static str {
    match k {
        SideKind::Swamp => "Swamp hexside",
        SideKind::MinorRiver => "Minor river",
        SideKind::MajorRiver => "Major river",
        SideKind::Stream => "Stream",
        SideKind::River => "River",
        SideKind::Escarpment => "Escarpment (teeth point down)",
        SideKind::Ravine => "Ravine",
    }
}

fn face(livery: counters::Livery, arm: Arm, size: Size, flipped: bool) -> Face {
    Face {
        livery,
        band: Some(Color::srgb(0.80, 0.20, 0.20)),
        arm,
        size,
        flipped,
        stars: 0,
        hits: 0,
        w: S * 1.4,
    }
}

pub fn legend_ui(
    mut contexts: EguiContexts,
    mut open: ResMut<super::legend::LegendOpen>,
    keys: Res<ButtonInput<KeyCode>>,
    board: Res<BoardMap>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // the legend explains the hex board's terrain (a point board has none)
    if board.map.is_none() {
        return Ok(());
    }
    if keys.just_pressed(KeyCode::KeyL) && !ctx.egui_wants_keyboard_input() {
        open.0 = !open.0;
    }
    egui::Area::new(egui::Id::new("legend-button"))
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -8.0])
        .show(ctx, |ui| {
            if ui
                .button(if open.0 {
                    "Close legend (L)"
                } else {
                    "Legend (L)"
                })
                .clicked()
            {
                open.0 = !open.0;
            }
        });
    if !open.0 {
        return Ok(());
    }
    let Some(map) = &board.map else {
        return Ok(());
    };
    let mut still_open = true;
    egui::Window::new("Legend")
        .open(&mut still_open)
        .default_pos([310.0, 40.0])
        .default_width(760.0)
        .show(ctx, |ui| {
            ui.columns(3, |cols| {
                terrain_column(&mut cols[0], map);
                lines_column(&mut cols[1], map);
                counters_column(&mut cols[2]);
            });
        });
    if !still_open {
        open.0 = false;
    }
    Ok(())
}

/// The legend's terrain and relief samples (only what the map uses).
fn terrain_column(ui: &mut egui::Ui, map: &HexMap) {
    ui.strong("Terrain");
    let relief = map.has_relief();
    for t in [
        Terrain::Clear,
        Terrain::Woods,
        Terrain::Town,
        Terrain::WoodedTown,
        Terrain::Village,
        Terrain::Marsh,
        Terrain::Fortress,
    ] {
        if map.coords().any(|c| map.terrain(c) == t) {
            let lvl = relief.then_some(2);
            sample(ui, &plain_hex(t, lvl), S, 38.0, terrain_name(t));
        }
    }
    if relief {
        ui.strong("Levels (contour lines, ticks point downhill)");
        for l in 1..=4u8 {
            let mut b = plain_hex(Terrain::Clear, Some(l));
            if l > 1 {
                let e = (Vec2::new(-S * 0.5, -S * 0.2), Vec2::new(S * 0.5, -S * 0.2));
                b.polyline(&[e.0, e.1], 1.8, terrain::ink::CONTOUR);
                for k in 0..3 {
                    let p = e.0.lerp(e.1, (k as f32 + 0.5) / 3.0);
                    b.segment(p, p - Vec2::Y * 4.5, 1.2, terrain::ink::CONTOUR);
                }
            }
            let txt = match l {
                1 => "Level 1 (valley)".to_string(),
                4 => "Level 4 (heights)".to_string(),
                _ => format!("Level {l}"),
            };
            sample(ui, &b, S, 38.0, &txt);
        }
        let mut b = plain_hex(Terrain::Clear, Some(3));
        let e = (Vec2::new(-S * 0.5, 0.0), Vec2::new(S * 0.5, 0.0));
        b.polyline(&[e.0, e.1], 3.4, terrain::ink::STEEP);
        for k in 0..5 {
            let p = e.0.lerp(e.1, (k as f32 + 0.5) / 5.0);
            b.segment(p, p - Vec2::Y * 7.0, 1.2, terrain::ink::STEEP);
        }
        sample(ui, &b, S, 38.0, "Steep slope (2 levels)");
    }
}

/// The legend's lines: roads, paths, railways, hexsides and bridges the map uses.
fn lines_column(ui: &mut egui::Ui, map: &HexMap) {
    ui.strong("Lines");
    let across = [Vec2::new(-S, 0.0), Vec2::new(S, 0.0)];
    let ground = || plain_hex(Terrain::Clear, None);
    if !map.roads.is_empty() {
        let (mut c, mut f) = (ground(), Batch::default());
        terrain::road(&mut c, &mut f, &across);
        c.append(&f, Vec2::ZERO);
        sample(ui, &c, S, 38.0, "Road");
    }
    if !map.paths.is_empty() {
        let mut b = ground();
        terrain::path(&mut b, &across);
        sample(ui, &b, S, 38.0, "Path");
    }
    if !map.railways.is_empty() {
        let mut b = ground();
        terrain::railway(&mut b, &across);
        sample(ui, &b, S, 38.0, "Railway");
    }
    let mut kinds: Vec<SideKind> = Vec::new();
    let mut any_bridge = false;
    for (_, f) in map.sides() {
        if !kinds.contains(&f.kind) {
            kinds.push(f.kind);
        }
        any_bridge |= f.bridge;
    }
    let vertical = (Vec2::new(0.0, -S * 0.9), Vec2::new(0.0, S * 0.9));
    for k in [
        SideKind::Stream,
        SideKind::MinorRiver,
        SideKind::River,
        SideKind::MajorRiver,
        SideKind::Swamp,
        SideKind::Escarpment,
        SideKind::Ravine,
    ] {
        if kinds.contains(&k) {
            let (mut c, mut f) = (ground(), Batch::default());
            terrain::side_art(&mut c, &mut f, k, vertical, Vec2::X);
            c.append(&f, Vec2::ZERO);
            sample(ui, &c, S, 38.0, side_name(k));
        }
    }
    if any_bridge {
        let (mut c, mut f) = (ground(), Batch::default());
        terrain::side_art(&mut c, &mut f, SideKind::River, vertical, Vec2::X);
        c.append(&f, Vec2::ZERO);
        let mut r = Batch::default();
        terrain::bridge(&mut r, vertical, across[0], across[1]);
        c.append(&r, Vec2::ZERO);
        sample(ui, &c, S, 38.0, "Bridge");
    }
}

/// The legend's counter key.
fn counters_column(ui: &mut egui::Ui) {
    ui.strong("Counters");
    let w = S * 1.4;
    let half = w * 0.6;
    let rows: [(Face, &str); 9] = [
        (
            face(counters::AUSTRIA, Arm::Infantry, Size::Crosses(2), false),
            "Austria: ivory, black and yellow",
        ),
        (
            face(counters::PRUSSIA, Arm::Infantry, Size::Crosses(2), false),
            "Prussia: blue, white symbol",
        ),
        (
            face(counters::PRUSSIA, Arm::Infantry, Size::Bars(3), false),
            "Infantry (X) · III regiment",
        ),
        (
            face(counters::AUSTRIA, Arm::LightInfantry, Size::Bars(2), false),
            "Light infantry (Jäger) · II battalion",
        ),
        (
            face(counters::AUSTRIA, Arm::Cavalry, Size::Crosses(2), false),
            "Cavalry (/) · XX division",
        ),
        (
            face(counters::PRUSSIA, Arm::Artillery, Size::Bars(1), false),
            "Artillery (dot) · I battery",
        ),
        (
            face(counters::AUSTRIA, Arm::Hq, Size::None, false),
            "Commander / HQ (flag)",
        ),
        (
            face(counters::PRUSSIA, Arm::Infantry, Size::Crosses(3), true),
            "Back side (cut corner, greyed): march, exhausted, disorganised",
        ),
        (
            Face {
                stars: 3,
                ..face(counters::AUSTRIA, Arm::Infantry, Size::Crosses(3), false)
            },
            "Stars: efficiency · XXX corps",
        ),
    ];
    for (f, label) in rows {
        sample(ui, &counters::face_batch(&f), half, 42.0, label);
    }
    ui.small("The top band is the army or formation colour. A red disc with a number: the counters in that stack. The selected counter is lifted. Names and values show when zoomed in.");
}
