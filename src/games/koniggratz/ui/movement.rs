//! Step::Movement (4.2): the path to the hovered hex, and what a first pass rolls for
//! (4.2f; the attack step's pass, 4.3.5, rolls the same way).

use super::*;

/// The path the selected unit would take to the hovered hex, drawn on the map.
pub(super) fn path_to(f: &Frame, ui: &KgUi, hovered: Option<Coord>, gizmos: &mut Gizmos) {
    let Frame {
        rules, st, view, ..
    } = *f;
    // path to the hovered destination
    if let (Some(u), Some(h)) = (ui.selected, hovered)
        && let Some(o) = rules::destinations(rules, st, view, u).get(&h)
    {
        let mut pts = vec![];
        if let Some(s) = rules::unit_hex(st, u) {
            pts.push(to_world(s));
        }
        pts.extend(o.path.iter().map(|c| to_world(*c)));
        gizmos.linestrip_2d(pts, Color::srgb(0.1, 0.1, 0.9));
    }
}

/// 4.2f, 4.3.5: what a first pass rolls for, from the roll's own modifiers.
pub(super) fn pass_cap_note(ui_: &mut egui::Ui, f: &Frame) {
    let Frame {
        rules, st, legal, ..
    } = *f;
    if matches!(st.g.step, Step::Movement | Step::Attack)
        && legal.contains(&KgCommand::Pass)
        && let Some(side) = flow::active_side(rules, st)
        && !st.g.passed[side.other().idx()]
    {
        let (_, rule, mods) = flow::pass_cap_roll(rules, st, side);
        let add: i32 = mods.iter().map(|m| m.1).sum();
        let things = if rule == "4.2f" { "moves" } else { "attacks" };
        ui_.small(format!(
            "If {} passes now it rolls 1d6{}: {} may then make {} to {} more {things}, each 1 in 6 ({rule}).",
            side.name(),
            if add > 0 { format!(" + {add}") } else { String::new() },
            side.other().name(),
            1 + add,
            6 + add,
        ));
    }
}
