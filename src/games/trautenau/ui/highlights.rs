//! The lit hexes: the legal targets of the current selection (with MP left on moves), the
//! units that must fall back at night, the advance hex, the front and flank hexes of the
//! selected unit, the lesson's hex and the assault builder's target.

use super::*;

/// Lights exactly the legal targets of the current selection (MP left on moves), the
/// front (blue) and flank (grey) hexes of the selected unit, and its hex.
pub(super) fn highlights(world: &mut World) {
    let rev = world.resource::<Revision<Trautenau>>().0;
    let key = {
        let ui = world.resource::<TsUi>();
        (
            ui.selected,
            ui.leader,
            ui.builder.as_ref().map(|b| b.target),
            world.get_resource::<ActiveLesson>().map(|l| l.run.step),
        )
    };
    if world.resource::<TsUi>().drawn_rev == rev && world.resource::<TsUi>().drawn_sel == key {
        return;
    }
    {
        let mut ui = world.resource_mut::<TsUi>();
        ui.drawn_rev = rev;
        ui.drawn_sel = key;
    }
    clear_highlights(world);
    let rules = world.resource::<TsRulesRes>().0.clone();
    let Some(st) = gather(world) else { return };
    let ui = world.resource::<TsUi>();
    let cands = candidates(&rules, &st, ui);
    let selected = ui.selected;
    let builder_target = ui.builder.as_ref().map(|b| b.target);
    let view = rules::view(&rules, &st);
    let dests = match selected {
        Some(u) if st.g.step == Step::Movement && st.units[u as usize].loc.hex().is_some() => {
            rules::destinations(&rules, &st, &view, u, flow::rules_hour(&st))
        }
        _ => vec![],
    };
    let mut targets: Vec<(Coord, String, Color, f32)> = Vec::new();
    for c in &cands {
        let Some(t) = target(&st, c) else { continue };
        let (label, colour) = match c {
            TsCommand::Move { unit, .. } => {
                let left = dests
                    .iter()
                    .find(|d| d.hex == t)
                    .map(|d| {
                        let ma = rules.units[*unit as usize].movement as i32;
                        (ma - st.units[*unit as usize].spent as i32 - d.cost as i32)
                            .max(0)
                            .to_string()
                    })
                    .unwrap_or_default();
                (left, Color::srgba(0.2, 0.8, 0.2, 0.35))
            }
            TsCommand::Barrage { .. } => ("fire".into(), Color::srgba(0.9, 0.1, 0.1, 0.45)),
            TsCommand::Declare { .. } => ("assault".into(), Color::srgba(0.9, 0.1, 0.1, 0.45)),
            TsCommand::Retreat { .. } | TsCommand::RetreatBefore { .. } => {
                ("retreat".into(), Color::srgba(0.9, 0.6, 0.1, 0.45))
            }
            TsCommand::Rally { .. } => ("rally".into(), Color::srgba(0.2, 0.5, 0.95, 0.35)),
            TsCommand::PlaceAide { .. } => ("aide".into(), Color::srgba(0.95, 0.85, 0.3, 0.45)),
            TsCommand::TakeCommand { .. } => ("command".into(), Color::srgba(0.2, 0.5, 0.95, 0.35)),
            _ => (String::new(), Color::srgba(0.2, 0.5, 0.95, 0.35)),
        };
        if !targets.iter().any(|x| x.0 == t) {
            targets.push((t, label, colour, 0.95));
        }
    }
    // 13.2: the units that must fall back for the night.
    night::fall_back_targets(&rules, &st, &view, &mut targets);
    if let Some(Pending::Advance { hex, .. }) = st.g.pending.first() {
        targets.push((
            *hex,
            "advance".into(),
            Color::srgba(0.9, 0.3, 0.9, 0.45),
            0.95,
        ));
    }
    if let Some(u) = selected
        && let Some(h) = st.units[u as usize].loc.hex()
    {
        let front = rules::front_hexes(&rules, &st, u);
        for (_, n) in rules.map.neighbors(h) {
            let (label, col) = if front.contains(&n) {
                ("front", Color::srgba(0.1, 0.45, 0.95, 0.55))
            } else {
                ("flank", Color::srgba(0.35, 0.35, 0.35, 0.45))
            };
            targets.push((n, label.into(), col, 0.45));
        }
        targets.push((h, String::new(), Color::srgba(1.0, 1.0, 0.2, 0.35), 0.95));
    }
    if let Some(crate::engine::tutorial::Target::Hex(c)) = world
        .get_resource::<ActiveLesson>()
        .and_then(|l| l.run.current(&l.lesson))
        .map(|s| s.target.clone())
    {
        targets.push((c, String::new(), Color::srgba(1.0, 0.55, 0.0, 0.55), 0.95));
    }
    if let Some(t) = builder_target {
        targets.push((t, "target".into(), Color::srgba(0.9, 0.0, 0.0, 0.55), 0.7));
    }
    let rot = Quat::from_rotation_z(std::f32::consts::FRAC_PI_6);
    for (c, label, colour, size) in targets {
        let mesh = world
            .resource_mut::<Assets<Mesh>>()
            .add(RegularPolygon::new(S * size, 6));
        let mat = world.resource_mut::<Assets<ColorMaterial>>().add(colour);
        let z = if size < 0.9 { 1.2 } else { 1.0 };
        world.spawn((
            Highlight,
            Mesh2d(mesh),
            MeshMaterial2d(mat),
            Transform::from_translation(to_world(c).extend(z)).with_rotation(rot),
        ));
        if !label.is_empty() {
            world.spawn((
                Highlight,
                Text2d::new(label),
                TextFont {
                    font_size: FontSize::Px(9.0),
                    ..default()
                },
                TextColor(Color::BLACK),
                Transform::from_translation((to_world(c) + Vec2::new(0.0, -S * 0.62)).extend(4.0)),
            ));
        }
    }
}
