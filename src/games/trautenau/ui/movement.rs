//! Step::Movement (9.3, 9.4): the path to the hovered hex, the turn buttons and the wheel,
//! one click to move with the natural facing, and leaving the map by an exit hex (11.4.1).

use super::*;

/// The path the selected unit would take to the hovered hex, drawn on the map.
pub(super) fn path_to(f: &Frame, u: UnitId, from: Coord, h: Coord, gizmos: &mut Gizmos) {
    let Frame { r, st, view, .. } = *f;
    if st.g.step == Step::Movement
        && let Some(d) = rules::destinations(r, st, view, u, flow::rules_hour(st))
            .into_iter()
            .find(|d| d.hex == h)
    {
        let mut pts = vec![to_world(from)];
        pts.extend(d.path.iter().map(|c| to_world(*c)));
        pts.push(to_world(h));
        gizmos.linestrip_2d(pts, Color::srgb(0.1, 0.1, 0.9));
    }
}

/// The selected unit's turn buttons (also Q / E) in the movement step.
pub(super) fn turn_buttons(ui_: &mut egui::Ui, f: &Frame, ui: &mut TsUi, u: UnitId) {
    let s = &f.st.units[u as usize];
    if f.st.g.step == Step::Movement && ui_.button("Turn ⟲ (Q)").clicked() {
        ui.core.outbox.push(TsCommand::Face {
            unit: u,
            facing: Dir::ALL[(s.facing.index() + 5) % 6],
        });
    }
    if f.st.g.step == Step::Movement && ui_.button("Turn ⟳ (E)").clicked() {
        ui.core.outbox.push(TsCommand::Face {
            unit: u,
            facing: Dir::ALL[(s.facing.index() + 1) % 6],
        });
    }
}

/// 11.4.1: the selected unit may leave the map by its exit hex.
pub(super) fn evacuate_button(ui_: &mut egui::Ui, ui: &mut TsUi, u: UnitId, c: &TsCommand) {
    if let TsCommand::Evacuate { unit } = c
        && *unit == u
        && ui_.button("Evacuate off the map (11.4.1)").clicked()
    {
        ui.core.outbox.push(c.clone());
    }
}

/// A click on a lit hex moves the selected unit there with its natural facing (the
/// wheel turns it afterwards). True when the click was taken.
pub(super) fn move_click(
    world: &mut World,
    rules: &TsRules,
    st: &TsState,
    view: &rules::View,
    (cands, hits): (&[TsCommand], &[TsCommand]),
    hex: Coord,
) -> bool {
    let move_hits: Vec<&TsCommand> = hits
        .iter()
        .filter(|c| matches!(c, TsCommand::Move { .. }))
        .collect();
    if let (Some(u), false) = (world.resource::<TsUi>().selected, move_hits.is_empty()) {
        let path = rules::destinations(rules, st, view, u, flow::rules_hour(st))
            .into_iter()
            .find(|d| d.hex == hex)
            .map(|d| d.path)
            .unwrap_or_default();
        if let Some(c) = natural_facing(cands, st, u, hex, &path) {
            send(world, c);
            world.resource_mut::<TsUi>().core.message.clear();
            return true;
        }
    }
    false
}

/// The facing a unit should take on arriving at `to`: the stack's facing if forced,
/// else the direction of the last step of its path, else its current facing.
fn natural_facing(
    options: &[TsCommand],
    st: &TsState,
    u: UnitId,
    to: Coord,
    path: &[Coord],
) -> Option<TsCommand> {
    let cur = st.units[u as usize].facing;
    let last = path
        .iter()
        .rev()
        .nth(1)
        .copied()
        .or(st.units[u as usize].loc.hex());
    let want = last.and_then(|p| Dir::between(p, to)).unwrap_or(cur);
    let mine: Vec<&TsCommand> = options
        .iter()
        .filter(|c| matches!(c, TsCommand::Move { unit, to: t, .. } if *unit == u && *t == to))
        .collect();
    mine.iter()
        .find(|c| matches!(c, TsCommand::Move { facing, .. } if *facing == want))
        .or_else(|| mine.first())
        .map(|c| (*c).clone())
}

/// Shift + mouse wheel (or Q / E) turns the selected unit one hexside (4).
pub(super) fn turn_with_wheel(world: &mut World) {
    let (shift, q, e) = {
        let k = world.resource::<ButtonInput<KeyCode>>();
        (
            k.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]),
            k.just_pressed(KeyCode::KeyQ),
            k.just_pressed(KeyCode::KeyE),
        )
    };
    let wheel = world.resource::<AccumulatedMouseScroll>().delta.y;
    let steps: i32 = if q {
        -1
    } else if e {
        1
    } else if shift && wheel.abs() > 0.0 {
        if wheel > 0.0 { -1 } else { 1 }
    } else {
        0
    };
    if steps == 0 {
        return;
    }
    let Some(u) = world.resource::<TsUi>().selected else {
        return;
    };
    let rules = world.resource::<TsRulesRes>().0.clone();
    let Some(st) = gather(world) else { return };
    let cur = st.units[u as usize].facing;
    let want = Dir::ALL[((cur.index() as i32 + steps).rem_euclid(6)) as usize];
    let cmd = TsCommand::Face {
        unit: u,
        facing: want,
    };
    match flow::check(&rules, &st, &cmd) {
        Ok(()) => send(world, cmd),
        Err(r) => {
            let mut ui = world.resource_mut::<TsUi>();
            ui.core.message = format!("Not allowed: {}", r.reason);
            ui.core.message_rule = r.rule;
        }
    }
}
