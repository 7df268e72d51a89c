//! The counters, HQ and bombardment markers, drawn by the program on their entities: side
//! colour, army band, symbol, short name, stars; their places on the map; the changing
//! face (March/Battle, Fresh/Exhausted).

use super::*;

#[derive(Component)]
pub(super) struct CounterArt;

/// The face of a unit in the shared counter layout (src/gui/counters.rs): side livery,
/// army band, NATO symbol (infantry X, cavalry /), XXX for the corps counters and XX for
/// the divisions, efficiency stars; the back (March, Exhausted) greyed with a cut corner.
fn kg_face(rules: &KgRules, u: UnitId, s: Option<&UnitState>) -> crate::gui::counters::Face {
    use crate::gui::counters::{self as cf, Arm, Face, Size};
    let d = &rules.units[u as usize];
    let army = rules
        .army(&d.army)
        .map(|a| a.colour)
        .unwrap_or((128, 128, 128));
    Face {
        livery: cf::livery(d.side),
        band: Some(Color::srgb_u8(army.0, army.1, army.2)),
        arm: if d.kind == Kind::Cavalry {
            Arm::Cavalry
        } else {
            Arm::Infantry
        },
        size: if d.name.contains("Korps") {
            Size::Crosses(3)
        } else {
            Size::Crosses(2)
        },
        flipped: s.is_some_and(|s| match d.kind {
            Kind::Infantry => s.march,
            Kind::Cavalry => s.exhausted,
        }),
        stars: d.er,
        hits: 0,
        w: S * 1.5,
    }
}

/// Counters are drawn by the program in the shared layout (one mesh per counter); the
/// short name and the status line are text shown only when zoomed in.
pub(super) fn decorate_counters(
    mut commands: Commands,
    rules: Option<Res<KgRulesRes>>,
    new: Query<(Entity, &Counter, Option<&UnitStatus>), Added<Counter>>,
    new_hq: Query<(Entity, &HqMarker), Added<HqMarker>>,
    new_b: Query<Entity, Added<BombardmentMarker>>,
    mut art: crate::gui::counters::CounterArt,
    font: Option<Res<crate::gui::board::MapFont>>,
) {
    use crate::gui::counters::{self as cf, ZoomText};
    let Some(rules) = rules else { return };
    let font = font.map(|f| f.0.clone());
    let w = S * 1.5;
    for (e, c, status) in &new {
        let d = &rules.0.units[c.id as usize];
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
        // the corps counters carry their brigade pair
        let short = match d.name.split(" (").nth(1) {
            Some(rest) if d.name.contains("Korps") => format!(
                "{short} {}",
                rest.trim_end_matches(')').split(',').next().unwrap_or("")
            ),
            _ => short,
        };
        let face = kg_face(&rules.0, c.id, status.map(|s| &s.0));
        let ink = face.livery.ink;
        commands
            .entity(e)
            .insert((Transform::default(), Visibility::Hidden))
            .with_children(|p| {
                p.spawn((
                    CounterArt,
                    art.bundle(&face),
                    Transform::from_xyz(0.0, 0.0, 0.0),
                ));
                p.spawn((
                    ZoomText,
                    Text2d::new(short),
                    cf::text_font(font.as_ref(), 7.5),
                    TextColor(ink),
                    Transform::from_xyz(0.0, cf::name_y(w), 0.2),
                ));
                p.spawn((
                    ZoomText,
                    StatusText(c.id),
                    Text2d::new(""),
                    TextFont {
                        font_size: FontSize::Px(8.0),
                        ..default()
                    },
                    TextColor(ink),
                    Transform::from_xyz(0.0, cf::values_y(w), 0.2),
                ));
            });
    }
    for (e, h) in &new_hq {
        let d = &rules.0.hqs[h.id];
        let initial: String = d
            .name
            .chars()
            .filter(|c| c.is_uppercase())
            .take(2)
            .collect();
        let face = cf::Face {
            livery: cf::livery(d.side),
            band: Some(Color::srgb(0.85, 0.7, 0.2)),
            arm: cf::Arm::Hq,
            size: cf::Size::None,
            flipped: false,
            stars: 0,
            hits: 0,
            w: S * 0.75,
        };
        let ink = face.livery.ink;
        commands
            .entity(e)
            .insert((Transform::default(), Visibility::Hidden))
            .with_children(|p| {
                p.spawn((art.bundle(&face), Transform::from_xyz(0.0, 0.0, 0.0)));
                p.spawn((
                    ZoomText,
                    Text2d::new(format!("HQ {initial}")),
                    TextFont {
                        font_size: FontSize::Px(6.0),
                        ..default()
                    },
                    TextColor(ink),
                    Transform::from_xyz(0.0, -S * 0.26, 0.1),
                ));
            });
    }
    for e in &new_b {
        let mut disc = crate::gui::draw::Batch::default();
        disc.circle(Vec2::ZERO, S * 0.5, Color::srgba(0.85, 0.1, 0.1, 0.55));
        commands
            .entity(e)
            .insert((Transform::default(), Visibility::Hidden))
            .with_children(|p| {
                p.spawn((art.shapes(disc), Transform::default()));
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

/// Puts counters on their hexes; the selected one is lifted (shared `lift`).
pub(super) fn place_counters(
    mut commands: Commands,
    mut units: Query<
        (
            Entity,
            &Counter,
            Ref<UnitStatus>,
            &mut Transform,
            &mut Visibility,
        ),
        (Without<HqMarker>, Without<BombardmentMarker>),
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
    ui: Res<KgUi>,
    mut last_sel: Local<Option<UnitId>>,
) {
    if rules.is_none() {
        return;
    }
    let sel_changed = *last_sel != ui.selected;
    *last_sel = ui.selected;
    // `Mut` reads `is_added` without marking the transform changed
    let any = sel_changed
        || units
            .iter_mut()
            .any(|(_, _, s, t, _)| s.is_changed() || t.is_added());
    if any {
        // a stack: offset counters with a count badge (shared `InStack`)
        let mut on_hex: Vec<(Coord, UnitId)> = units
            .iter()
            .filter_map(|(_, c, s, ..)| match s.0.loc {
                Loc::Map(h) => Some((h, c.id)),
                _ => None,
            })
            .collect();
        on_hex.sort();
        let mut slot = std::collections::BTreeMap::new();
        let mut count: std::collections::BTreeMap<Coord, u8> = Default::default();
        for (h, u) in on_hex {
            let k = count.entry(h).or_insert(0);
            slot.insert(u, *k);
            *k += 1;
        }
        for (e, c, s, mut t, mut v) in units.iter_mut() {
            match s.0.loc {
                Loc::Map(h) => {
                    let k = slot.get(&c.id).copied().unwrap_or(0);
                    let n = count.get(&h).copied().unwrap_or(1);
                    let (off, z, scale) =
                        crate::gui::counters::lift(ui.selected == Some(c.id), S * 1.5);
                    let stack = Vec2::new(S * 0.16, S * 0.16) * k.min(3) as f32;
                    t.translation = (to_world(h) + stack + off).extend(2.0 + k as f32 * 0.5 + z);
                    t.scale = Vec3::splat(scale);
                    *v = Visibility::Visible;
                    if n > 1 {
                        commands
                            .entity(e)
                            .insert(crate::gui::counters::InStack { slot: k, count: n });
                    } else {
                        commands.entity(e).remove::<crate::gui::counters::InStack>();
                    }
                }
                _ => {
                    *v = Visibility::Hidden;
                    commands.entity(e).remove::<crate::gui::counters::InStack>();
                }
            }
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
    units: Query<(&Counter, &UnitStatus, &Children)>,
    changed: Query<(), Changed<UnitStatus>>,
    added: Query<(), Added<StatusText>>,
    mut texts: Query<(&StatusText, &mut Text2d)>,
    mut faces: Query<&mut Mesh2d, With<CounterArt>>,
    mut art: crate::gui::counters::CounterArt,
) {
    let Some(rules) = rules else { return };
    if changed.is_empty() && added.is_empty() {
        return;
    }
    for (c, s, children) in &units {
        let s = &s.0;
        let face = match rules.0.units[c.id as usize].kind {
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
        let mesh = art.mesh(&kg_face(&rules.0, c.id, Some(s)));
        for ch in children.iter() {
            if let Ok((t, mut text)) = texts.get_mut(ch)
                && t.0 == c.id
                && text.0 != face
            {
                text.0 = face.to_string();
            }
            if let Ok(mut m) = faces.get_mut(ch)
                && m.0 != mesh
            {
                m.0 = mesh.clone();
            }
        }
    }
}
