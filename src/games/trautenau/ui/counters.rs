//! The counters and commanders' markers, drawn by the program on their entities: side
//! colour, formation band, arm symbol, name, values and facing pointer; the changing face
//! (disorganised, losses, demoralised, OOC, aide de camp); stacking offsets.

use super::*;

#[derive(Component)]
pub(super) struct FacingArrow;

#[derive(Component)]
pub(super) struct CounterFace(UnitId);

#[derive(Component)]
pub(super) struct LeaderFace(LeaderId);

fn side_colour(s: Side) -> Color {
    match s {
        Side::Austria => Color::srgb(0.93, 0.92, 0.84),
        Side::Prussia => Color::srgb(0.22, 0.27, 0.40),
    }
}

fn text_colour(s: Side) -> Color {
    match s {
        Side::Austria => Color::srgb(0.1, 0.1, 0.1),
        Side::Prussia => Color::srgb(0.97, 0.97, 0.97),
    }
}

/// A colour band per formation (1.2.3), from a fixed palette.
fn formation_colour(i: usize, independent: bool) -> Color {
    if independent {
        return Color::srgb(0.55, 0.55, 0.55);
    }
    const P: [(f32, f32, f32); 8] = [
        (0.80, 0.20, 0.20),
        (0.20, 0.60, 0.25),
        (0.90, 0.70, 0.10),
        (0.55, 0.30, 0.75),
        (0.15, 0.65, 0.80),
        (0.90, 0.45, 0.15),
        (0.60, 0.40, 0.25),
        (0.85, 0.35, 0.60),
    ];
    let (r, g, b) = P[i % P.len()];
    Color::srgb(r, g, b)
}

fn arm_symbol(a: Arm) -> &'static str {
    match a {
        Arm::Infantry => "[X]",
        Arm::Light => "[X]~",
        Arm::Cavalry => "[/]",
        Arm::Artillery => "[o]",
    }
}

/// The counter font has no umlauts: spell them out.
fn plain(s: &str) -> String {
    s.replace('ä', "ae")
        .replace('ö', "oe")
        .replace('ü', "ue")
        .replace('Ä', "Ae")
        .replace('Ö', "Oe")
        .replace('Ü', "Ue")
        .replace(['č', 'ć'], "c")
}

fn dir_angle(d: Dir) -> f32 {
    // world y grows north; N is up, clockwise.
    let deg = match d {
        Dir::N => 90.0,
        Dir::NE => 30.0,
        Dir::SE => -30.0,
        Dir::S => -90.0,
        Dir::SW => -150.0,
        Dir::NW => 150.0,
    };
    f32::to_radians(deg)
}

/// Counters (side colour, formation band, symbol, name, values, facing pointer) and
/// commander markers are drawn by the program on their entities.
pub(super) fn decorate(
    mut commands: Commands,
    rules: Res<TsRulesRes>,
    new: Query<(Entity, &Counter), Added<Counter>>,
    new_l: Query<(Entity, &Leader), Added<Leader>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut palette: ResMut<crate::gui::board::Palette>,
) {
    let r = &rules.0;
    let sq = meshes.add(Rectangle::new(S * 1.1, S * 1.1));
    let band = meshes.add(Rectangle::new(S * 1.1, S * 0.16));
    let tri = meshes.add(Triangle2d::new(
        Vec2::new(S * 0.30, 0.0),
        Vec2::new(0.0, S * 0.16),
        Vec2::new(0.0, -S * 0.16),
    ));
    for (e, c) in &new {
        let d = &r.units[c.id as usize];
        let f = r.unit_formation[c.id as usize];
        // the counter font has no umlauts: spell them out
        let short: String = plain(&d.name).chars().take(15).collect();
        let values = if d.arm == Arm::Artillery {
            format!("{}-{}-{} r{}", d.combat, d.morale, d.movement, d.range)
        } else {
            format!(
                "{}{}-{}-{}",
                d.combat,
                if d.heavy { "*" } else { "" },
                d.morale,
                d.movement
            )
        };
        commands
            .entity(e)
            .insert((Transform::default(), Visibility::Hidden))
            .with_children(|p| {
                p.spawn((
                    Mesh2d(sq.clone()),
                    MeshMaterial2d(palette.get(&mut materials, side_colour(d.side))),
                    Transform::from_xyz(0.0, 0.0, 0.0),
                ));
                p.spawn((
                    Mesh2d(band.clone()),
                    MeshMaterial2d(palette.get(
                        &mut materials,
                        formation_colour(f, r.formations[f].independent),
                    )),
                    Transform::from_xyz(0.0, S * 0.47, 0.1),
                ));
                p.spawn((
                    Text2d::new(arm_symbol(d.arm)),
                    TextFont {
                        font_size: FontSize::Px(9.0),
                        ..default()
                    },
                    TextColor(text_colour(d.side)),
                    Transform::from_xyz(0.0, S * 0.24, 0.2),
                ));
                p.spawn((
                    Text2d::new(short),
                    TextFont {
                        font_size: FontSize::Px(7.0),
                        ..default()
                    },
                    TextColor(text_colour(d.side)),
                    Transform::from_xyz(0.0, S * 0.02, 0.2),
                ));
                p.spawn((
                    CounterFace(c.id),
                    Text2d::new(values),
                    TextFont {
                        font_size: FontSize::Px(8.0),
                        ..default()
                    },
                    TextColor(text_colour(d.side)),
                    Transform::from_xyz(0.0, -S * 0.22, 0.2),
                ));
                p.spawn((
                    FacingArrow,
                    Mesh2d(tri.clone()),
                    MeshMaterial2d(palette.get(&mut materials, Color::srgb(0.85, 0.1, 0.1))),
                    Transform::from_xyz(0.0, 0.0, 0.3),
                ));
            });
    }
    let disc = meshes.add(Circle::new(S * 0.26));
    for (e, l) in &new_l {
        let d = &r.leaders[l.id as usize];
        let chief = matches!(d.kind, super::data::LeaderKind::Chief { .. });
        let initials: String = plain(d.name.split(" (").next().unwrap_or(&d.name))
            .split_whitespace()
            .last()
            .unwrap_or("")
            .chars()
            .take(4)
            .collect();
        commands
            .entity(e)
            .insert((Transform::default(), Visibility::Hidden))
            .with_children(|p| {
                p.spawn((
                    Mesh2d(disc.clone()),
                    MeshMaterial2d(palette.get(
                        &mut materials,
                        if chief {
                            Color::srgb(0.85, 0.68, 0.15)
                        } else {
                            Color::srgb(0.95, 0.90, 0.70)
                        },
                    )),
                    Transform::default(),
                ));
                p.spawn((
                    LeaderFace(l.id),
                    Text2d::new(initials),
                    TextFont {
                        font_size: FontSize::Px(7.0),
                        ..default()
                    },
                    TextColor(Color::BLACK),
                    Transform::from_xyz(0.0, 0.0, 0.1),
                ));
            });
    }
}

/// Offsets inside a hex for a stack of up to three counters.
fn stack_offset(k: usize) -> Vec2 {
    match k {
        0 => Vec2::ZERO,
        1 => Vec2::new(S * 0.18, -S * 0.14),
        _ => Vec2::new(S * 0.36, -S * 0.28),
    }
}

#[allow(clippy::type_complexity)]
pub(super) fn place_pieces(
    rules: Res<TsRulesRes>,
    rev: Res<Revision<Trautenau>>,
    mut last: Local<u64>,
    mut units: Query<
        (
            &Counter,
            &UnitStatus,
            &mut Transform,
            &mut Visibility,
            &Children,
        ),
        Without<Leader>,
    >,
    mut leaders: Query<(&Leader, &LeaderStatus, &mut Transform, &mut Visibility), Without<Counter>>,
    mut arrows: Query<&mut Transform, (With<FacingArrow>, Without<Counter>, Without<Leader>)>,
    added: Query<(), Added<Children>>,
) {
    if *last == rev.0 && added.is_empty() {
        return;
    }
    *last = rev.0;
    let _ = &rules;
    let mut count: std::collections::BTreeMap<Coord, usize> = Default::default();
    let mut list: Vec<(UnitId, Coord)> = units
        .iter()
        .filter_map(|(c, s, ..)| s.0.loc.hex().map(|h| (c.id, h)))
        .collect();
    list.sort();
    let mut slot = std::collections::BTreeMap::new();
    for (u, h) in list {
        let k = count.entry(h).or_insert(0);
        slot.insert(u, *k);
        *k += 1;
    }
    for (c, s, mut t, mut v, children) in &mut units {
        match s.0.loc {
            Loc::Map(h) => {
                let k = slot.get(&c.id).copied().unwrap_or(0);
                t.translation = (to_world(h) + stack_offset(k)).extend(2.0 + k as f32 * 0.1);
                *v = Visibility::Visible;
                let a = dir_angle(s.0.facing);
                for ch in children.iter() {
                    if let Ok(mut at) = arrows.get_mut(ch) {
                        let off = Vec2::from_angle(a) * (S * 0.55);
                        at.translation = off.extend(0.3);
                        at.rotation = Quat::from_rotation_z(a);
                    }
                }
            }
            _ => *v = Visibility::Hidden,
        }
    }
    let mut lcount: std::collections::BTreeMap<Coord, usize> = Default::default();
    for (l, s, mut t, mut v) in &mut leaders {
        match s.0.loc {
            Loc::Map(h) => {
                let k = lcount.entry(h).or_insert(0);
                let off = Vec2::new(-S * 0.45 + *k as f32 * S * 0.3, S * 0.45);
                *k += 1;
                t.translation = (to_world(h) + off).extend(3.0 + l.id as f32 * 0.01);
                *v = Visibility::Visible;
            }
            _ => *v = Visibility::Hidden,
        }
    }
}

/// The changing face of counters: values, disorganised side, losses, demoralised; OOC
/// and aide-de-camp markers on commanders.
pub(super) fn counter_faces(
    rules: Res<TsRulesRes>,
    rev: Res<Revision<Trautenau>>,
    mut last: Local<u64>,
    globals: Res<TsGlobals>,
    units: Query<(&Counter, &UnitStatus)>,
    markers: Query<(&FormationMarker, &MarkerStatus)>,
    leaders: Query<(&Leader, &LeaderStatus)>,
    mut faces: Query<(&CounterFace, &mut Text2d, &mut TextColor), Without<LeaderFace>>,
    mut lfaces: Query<(&LeaderFace, &mut Text2d), Without<CounterFace>>,
) {
    if *last == rev.0 && !faces.iter().any(|(_, t, _)| t.0.is_empty()) {
        return;
    }
    *last = rev.0;
    let _ = &globals;
    let r = &rules.0;
    let mut demo = vec![false; r.formations.len()];
    for (m, s) in &markers {
        demo[m.id] = s.0.demoralised && !r.formations[m.id].independent;
    }
    let mut st = vec![None; r.units.len()];
    for (c, s) in &units {
        st[c.id as usize] = Some(s.0);
    }
    for (f, mut t, mut col) in &mut faces {
        let Some(Some(s)) = st.get(f.0 as usize) else {
            continue;
        };
        let d = &r.units[f.0 as usize];
        let mut txt = if d.arm == Arm::Artillery {
            format!("{}-{}-{} r{}", d.combat, d.morale, d.movement, d.range)
        } else {
            format!(
                "{}{}-{}-{}",
                d.combat,
                if d.heavy { "*" } else { "" },
                d.morale,
                d.movement
            )
        };
        if s.disorg {
            txt = format!("DIS {txt}");
        }
        if s.losses > 0 {
            txt = format!("{txt}\n-{} loss", s.losses);
        }
        if demo[r.unit_formation[f.0 as usize]] {
            txt = format!("{txt}\nDEMOR");
        }
        if t.0 != txt {
            t.0 = txt;
        }
        col.0 = if s.disorg {
            Color::srgb(0.8, 0.1, 0.1)
        } else {
            text_colour(d.side)
        };
    }
    let mut ls = vec![None; r.leaders.len()];
    for (l, s) in &leaders {
        ls[l.id as usize] = Some(s.0);
    }
    for (f, mut t) in &mut lfaces {
        let Some(Some(s)) = ls.get(f.0 as usize) else {
            continue;
        };
        let d = &r.leaders[f.0 as usize];
        let base: String = plain(d.name.split(" (").next().unwrap_or(&d.name))
            .split_whitespace()
            .last()
            .unwrap_or("")
            .chars()
            .take(4)
            .collect();
        let txt = match (s.ooc, s.aide) {
            (true, _) => format!("{base}\nOOC"),
            (false, true) => format!("{base}\nADC"),
            _ => base,
        };
        if t.0 != txt {
            t.0 = txt;
        }
    }
}
