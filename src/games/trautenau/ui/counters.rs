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

/// Text on a counter: the livery's ink (src/gui/counters.rs).
fn text_colour(s: Side) -> Color {
    crate::gui::counters::livery(s).ink
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

/// Counter side length in world units.
const CW: f32 = S * 1.2;

/// The face of a unit in the shared counter layout (src/gui/counters.rs): side livery,
/// formation band, NATO symbol by arm, size from the unit's name (battalions II,
/// batteries I, regiments III), losses as red pips; disorganised is the back side.
fn ts_face(r: &TsRules, u: UnitId, s: Option<&UnitState>) -> crate::gui::counters::Face {
    use crate::gui::counters::{self as cf, Face, Size};
    let d = &r.units[u as usize];
    let f = r.unit_formation[u as usize];
    let size = if d.arm == Arm::Artillery {
        Size::Bars(1)
    } else if d.name.contains("Bn") {
        Size::Bars(2)
    } else if d.name.starts_with("Brigade") {
        Size::Crosses(1)
    } else {
        Size::Bars(3)
    };
    Face {
        livery: cf::livery(d.side),
        band: Some(formation_colour(f, r.formations[f].independent)),
        arm: match d.arm {
            Arm::Infantry => cf::Arm::Infantry,
            Arm::Light => cf::Arm::LightInfantry,
            Arm::Cavalry => cf::Arm::Cavalry,
            Arm::Artillery => cf::Arm::Artillery,
        },
        size,
        flipped: s.is_some_and(|s| s.disorg),
        stars: 0,
        hits: s.map(|s| s.losses).unwrap_or(0),
        w: CW,
    }
}

/// The face mesh of a unit's counter (swapped when it flips or takes losses).
#[derive(Component)]
pub(super) struct FaceMesh;

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

/// Counters (shared layout: one mesh; name and values as text when zoomed in; the
/// facing pointer) and commander markers (a flag) are drawn by the program.
pub(super) fn decorate(
    mut commands: Commands,
    rules: Res<TsRulesRes>,
    new: Query<(Entity, &Counter, Option<&UnitStatus>), Added<Counter>>,
    new_l: Query<(Entity, &Leader), Added<Leader>>,
    mut art: crate::gui::counters::CounterArt,
    font: Option<Res<crate::gui::board::MapFont>>,
) {
    use crate::gui::counters::{self as cf, ZoomText};
    let r = &rules.0;
    let font = font.map(|f| f.0.clone());
    let mut pointer = crate::gui::draw::Batch::default();
    pointer.convex(
        &[
            Vec2::new(S * 0.30, 0.0),
            Vec2::new(0.0, S * 0.16),
            Vec2::new(0.0, -S * 0.16),
        ],
        Color::srgb(0.05, 0.05, 0.05),
    );
    pointer.convex(
        &[
            Vec2::new(S * 0.25, 0.0),
            Vec2::new(S * 0.03, S * 0.11),
            Vec2::new(S * 0.03, -S * 0.11),
        ],
        Color::srgb(0.90, 0.12, 0.10),
    );
    let pointer = art.shapes(pointer);
    for (e, c, status) in &new {
        let d = &r.units[c.id as usize];
        // the counter font has no umlauts: spell them out
        let short: String = d.name.chars().take(18).collect();
        let face = ts_face(r, c.id, status.map(|s| &s.0));
        let ink = face.livery.ink;
        commands
            .entity(e)
            .insert((Transform::default(), Visibility::Hidden))
            .with_children(|p| {
                p.spawn((
                    FaceMesh,
                    art.bundle(&face),
                    Transform::from_xyz(0.0, 0.0, 0.0),
                ));
                p.spawn((
                    ZoomText,
                    Text2d::new(short),
                    cf::text_font(font.as_ref(), 7.0),
                    TextColor(ink),
                    Transform::from_xyz(0.0, cf::name_y(CW), 0.2),
                ));
                p.spawn((
                    ZoomText,
                    CounterFace(c.id),
                    Text2d::new(""),
                    TextFont {
                        font_size: FontSize::Px(7.5),
                        ..default()
                    },
                    TextColor(ink),
                    Transform::from_xyz(0.0, cf::values_y(CW), 0.2),
                ));
                p.spawn((
                    FacingArrow,
                    pointer.clone(),
                    Transform::from_xyz(0.0, 0.0, 0.3),
                ));
            });
    }
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
        let face = cf::Face {
            livery: cf::livery(d.side),
            band: chief.then_some(Color::srgb(0.85, 0.68, 0.15)),
            arm: cf::Arm::Hq,
            size: cf::Size::None,
            flipped: false,
            stars: 0,
            hits: 0,
            w: S * 0.62,
        };
        let ink = face.livery.ink;
        commands
            .entity(e)
            .insert((Transform::default(), Visibility::Hidden))
            .with_children(|p| {
                p.spawn((art.bundle(&face), Transform::default()));
                p.spawn((
                    ZoomText,
                    LeaderFace(l.id),
                    Text2d::new(initials),
                    TextFont {
                        font_size: FontSize::Px(5.0),
                        ..default()
                    },
                    TextColor(ink),
                    Transform::from_xyz(0.0, -S * 0.21, 0.1),
                ));
            });
    }
}

/// Offsets inside a hex for a stack of up to three counters.
fn stack_offset(k: usize) -> Vec2 {
    Vec2::new(S * 0.16, S * 0.16) * k.min(3) as f32
}

#[allow(clippy::type_complexity)]
pub(super) fn place_pieces(
    mut commands: Commands,
    rules: Res<TsRulesRes>,
    rev: Res<Revision<Trautenau>>,
    ui: Res<TsUi>,
    mut last: Local<(u64, Option<UnitId>)>,
    mut units: Query<
        (
            Entity,
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
    // only counters' own children: the stack badges (children of the badge discs) must
    // not start another placement, which re-marks the stacks and respawns the badges
    added: Query<(), (Added<Children>, With<Counter>)>,
) {
    if *last == (rev.0, ui.selected) && added.is_empty() {
        return;
    }
    *last = (rev.0, ui.selected);
    let _ = &rules;
    let mut count: std::collections::BTreeMap<Coord, usize> = Default::default();
    let mut list: Vec<(UnitId, Coord)> = units
        .iter()
        .filter_map(|(_, c, s, ..)| s.0.loc.hex().map(|h| (c.id, h)))
        .collect();
    list.sort();
    let mut slot = std::collections::BTreeMap::new();
    for (u, h) in list {
        let k = count.entry(h).or_insert(0);
        slot.insert(u, *k);
        *k += 1;
    }
    for (e, c, s, mut t, mut v, children) in &mut units {
        match s.0.loc {
            Loc::Map(h) => {
                let k = slot.get(&c.id).copied().unwrap_or(0);
                let n = count.get(&h).copied().unwrap_or(1);
                let (off, z, scale) = crate::gui::counters::lift(ui.selected == Some(c.id), CW);
                t.translation =
                    (to_world(h) + stack_offset(k) + off).extend(2.0 + k as f32 * 0.5 + z);
                t.scale = Vec3::splat(scale);
                *v = Visibility::Visible;
                commands.entity(e).insert(crate::gui::counters::InStack {
                    slot: k as u8,
                    count: n as u8,
                });
                let a = dir_angle(s.0.facing);
                for ch in children.iter() {
                    if let Ok(mut at) = arrows.get_mut(ch) {
                        let off = Vec2::from_angle(a) * (S * 0.58);
                        at.translation = off.extend(0.3);
                        at.rotation = Quat::from_rotation_z(a);
                    }
                }
            }
            _ => {
                *v = Visibility::Hidden;
                commands.entity(e).remove::<crate::gui::counters::InStack>();
            }
        }
    }
    let mut lcount: std::collections::BTreeMap<Coord, usize> = Default::default();
    for (l, s, mut t, mut v) in &mut leaders {
        match s.0.loc {
            Loc::Map(h) => {
                let k = lcount.entry(h).or_insert(0);
                let off = Vec2::new(-S * 0.45 + *k as f32 * S * 0.3, S * 0.45);
                *k += 1;
                t.translation = (to_world(h) + off).extend(4.5 + l.id as f32 * 0.01);
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
    with_children: Query<(&Counter, &UnitStatus, &Children)>,
    mut face_meshes: Query<&mut Mesh2d, With<FaceMesh>>,
    mut art: crate::gui::counters::CounterArt,
) {
    if *last == rev.0 && !faces.iter().any(|(_, t, _)| t.0.is_empty()) {
        return;
    }
    *last = rev.0;
    // the drawn face: flipped when disorganised, a pip per step loss
    for (c, s, children) in &with_children {
        let mesh = art.mesh(&ts_face(&rules.0, c.id, Some(&s.0)));
        for ch in children.iter() {
            if let Ok(mut m) = face_meshes.get_mut(ch)
                && m.0 != mesh
            {
                m.0 = mesh.clone();
            }
        }
    }
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
