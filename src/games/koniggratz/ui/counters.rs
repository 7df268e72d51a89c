//! The counters, HQ and bombardment markers, drawn by the program on their entities: side
//! colour, army band, symbol, short name, stars; their places on the map; the changing
//! face (March/Battle, Fresh/Exhausted).

use super::*;

#[derive(Component)]
struct CounterArt;

fn side_colour(s: Side) -> Color {
    match s {
        Side::Austria => Color::srgb(0.93, 0.93, 0.88),
        Side::Prussia => Color::srgb(0.22, 0.28, 0.40),
    }
}

fn text_colour(s: Side) -> Color {
    match s {
        Side::Austria => Color::srgb(0.1, 0.1, 0.1),
        Side::Prussia => Color::srgb(0.97, 0.97, 0.97),
    }
}

/// Counters are drawn by the program: side colour, army band, NATO symbol, short name,
/// stars and movement allowance.
pub(super) fn decorate_counters(
    mut commands: Commands,
    rules: Option<Res<KgRulesRes>>,
    new: Query<(Entity, &Counter), Added<Counter>>,
    new_hq: Query<(Entity, &HqMarker), Added<HqMarker>>,
    new_b: Query<Entity, Added<BombardmentMarker>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut palette: ResMut<crate::gui::board::Palette>,
) {
    let Some(rules) = rules else { return };
    let sq = meshes.add(Rectangle::new(S * 1.5, S * 1.5));
    let band = meshes.add(Rectangle::new(S * 1.5, S * 0.2));
    for (e, c) in &new {
        let d = &rules.0.units[c.id as usize];
        let army = rules
            .0
            .army(&d.army)
            .map(|a| a.colour)
            .unwrap_or((128, 128, 128));
        let short = d
            .name
            .split(" (")
            .next()
            .unwrap_or(&d.name)
            .replace("Kavallerie-Division", "Kav.")
            .replace("Reserve-Kav.-Div.", "Res.Kav.")
            .replace("leichte Kav.-Div.", "le.Kav.")
            .replace("Sächs. Reiter-Division", "Sä. Kav.")
            .replace("Kavallerie der Elbarmee", "Elb. Kav.")
            .replace("Garde-Division", "Garde")
            .replace(" Division", " Div.")
            .replace("Division", "Div.")
            .replace("Sächs.", "Sä.");
        // the name under the brackets: the corps counters carry their brigade pair
        let short = match d.name.split(" (").nth(1) {
            Some(rest) if d.name.contains("Korps") => format!(
                "{short}\n{}",
                rest.trim_end_matches(')').split(',').next().unwrap_or("")
            ),
            _ => short,
        };
        let symbol = if d.kind == Kind::Cavalry {
            "[ / ]"
        } else {
            "[ X ]"
        };
        commands
            .entity(e)
            .insert((Transform::default(), Visibility::Hidden))
            .with_children(|p| {
                p.spawn((
                    CounterArt,
                    Mesh2d(sq.clone()),
                    MeshMaterial2d(palette.get(&mut materials, side_colour(d.side))),
                    Transform::from_xyz(0.0, 0.0, 0.0),
                ));
                p.spawn((
                    CounterArt,
                    Mesh2d(band.clone()),
                    MeshMaterial2d(
                        palette.get(&mut materials, Color::srgb_u8(army.0, army.1, army.2)),
                    ),
                    Transform::from_xyz(0.0, S * 0.65, 0.1),
                ));
                p.spawn((
                    CounterArt,
                    Text2d::new(symbol),
                    TextFont {
                        font_size: FontSize::Px(10.0),
                        ..default()
                    },
                    TextColor(text_colour(d.side)),
                    Transform::from_xyz(0.0, S * 0.36, 0.2),
                ));
                p.spawn((
                    CounterArt,
                    Text2d::new(short),
                    TextFont {
                        font_size: FontSize::Px(8.0),
                        ..default()
                    },
                    TextColor(text_colour(d.side)),
                    Transform::from_xyz(0.0, 0.0, 0.2),
                ));
                p.spawn((
                    CounterArt,
                    Text2d::new(format!("{}  ", "*".repeat(d.er as usize))),
                    TextFont {
                        font_size: FontSize::Px(10.0),
                        ..default()
                    },
                    TextColor(Color::srgb(0.85, 0.65, 0.1)),
                    Transform::from_xyz(0.0, -S * 0.24, 0.2),
                ));
                p.spawn((
                    CounterArt,
                    StatusText(c.id),
                    Text2d::new(""),
                    TextFont {
                        font_size: FontSize::Px(8.0),
                        ..default()
                    },
                    TextColor(text_colour(d.side)),
                    Transform::from_xyz(0.0, -S * 0.52, 0.2),
                ));
            });
    }
    let diamond = meshes.add(RegularPolygon::new(S * 0.45, 4));
    for (e, h) in &new_hq {
        let d = &rules.0.hqs[h.id];
        let initial: String = d
            .name
            .chars()
            .filter(|c| c.is_uppercase())
            .take(2)
            .collect();
        commands
            .entity(e)
            .insert((Transform::default(), Visibility::Hidden))
            .with_children(|p| {
                p.spawn((
                    Mesh2d(diamond.clone()),
                    MeshMaterial2d(palette.get(&mut materials, Color::srgb(0.85, 0.7, 0.2))),
                    Transform::from_xyz(0.0, 0.0, 0.0),
                ));
                p.spawn((
                    Text2d::new(format!("HQ {initial}")),
                    TextFont {
                        font_size: FontSize::Px(8.0),
                        ..default()
                    },
                    TextColor(Color::BLACK),
                    Transform::from_xyz(0.0, 0.0, 0.1),
                ));
            });
    }
    for e in &new_b {
        commands
            .entity(e)
            .insert((Transform::default(), Visibility::Hidden))
            .with_children(|p| {
                p.spawn((
                    Mesh2d(meshes.add(Circle::new(S * 0.5))),
                    MeshMaterial2d(materials.add(Color::srgba(0.85, 0.1, 0.1, 0.55))),
                    Transform::default(),
                ));
                p.spawn((
                    Text2d::new("BOMB"),
                    TextFont {
                        font_size: FontSize::Px(9.0),
                        ..default()
                    },
                    TextColor(Color::WHITE),
                    Transform::from_xyz(0.0, 0.0, 0.1),
                ));
            });
    }
}

pub(super) fn place_counters(
    mut units: Query<
        (&UnitStatus, &mut Transform, &mut Visibility),
        (
            Or<(Changed<UnitStatus>, Added<Transform>)>,
            Without<HqMarker>,
            Without<BombardmentMarker>,
        ),
    >,
    mut hqs: Query<
        (&HqStatus, &HqMarker, &mut Transform, &mut Visibility),
        (Without<Counter>, Without<BombardmentMarker>),
    >,
    mut bomb: Query<
        (&BombardmentMarker, &mut Transform, &mut Visibility),
        (Without<Counter>, Without<HqMarker>),
    >,
    rules: Option<Res<KgRulesRes>>,
) {
    if rules.is_none() {
        return;
    }
    for (s, mut t, mut v) in units.iter_mut() {
        match s.0.loc {
            Loc::Map(c) => {
                t.translation = to_world(c).extend(2.0);
                *v = Visibility::Visible;
            }
            _ => *v = Visibility::Hidden,
        }
    }
    for (s, h, mut t, mut v) in &mut hqs {
        match s.0.at {
            Some(c) => {
                let off = Vec2::new(S * 0.55, -S * 0.45 + h.id as f32 * 3.0);
                t.translation = (to_world(c) + off).extend(3.0);
                *v = Visibility::Visible;
            }
            None => *v = Visibility::Hidden,
        }
    }
    for (b, mut t, mut v) in &mut bomb {
        match b.at {
            Some(c) => {
                t.translation = to_world(c).extend(2.5);
                *v = Visibility::Visible;
            }
            None => *v = Visibility::Hidden,
        }
    }
}

/// The counter's changing face: March/Battle or Fresh/Exhausted and its MA.
#[derive(Component)]
pub(super) struct StatusText(UnitId);

pub(super) fn status_texts(
    rules: Option<Res<KgRulesRes>>,
    units: Query<(&Counter, &UnitStatus)>,
    mut texts: Query<(&StatusText, &mut Text2d)>,
) {
    let Some(rules) = rules else { return };
    if !units.iter().any(|_| true) {
        return;
    }
    let mut by_id = vec![None; rules.0.units.len()];
    for (c, s) in &units {
        by_id[c.id as usize] = Some(s.0);
    }
    for (t, mut text) in &mut texts {
        let Some(Some(s)) = by_id.get(t.0 as usize) else {
            continue;
        };
        let face = match rules.0.units[t.0 as usize].kind {
            Kind::Infantry => {
                if s.march {
                    "March 4"
                } else {
                    "Battle 1"
                }
            }
            Kind::Cavalry => {
                if s.exhausted {
                    "Exh. 4"
                } else {
                    "Fresh 6"
                }
            }
        };
        if text.0 != face {
            text.0 = face.to_string();
        }
    }
}
