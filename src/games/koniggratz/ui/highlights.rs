//! The lit hexes: the legal targets of the current selection (with MA left on moves), the
//! selected unit's hex and the lesson's hex.

use super::*;

/// Highlights exactly the legal targets of the current selection, with MP left for moves.
pub(super) fn highlights(world: &mut World) {
    let rev = world.resource::<Revision<Koniggratz>>().0;
    let key = {
        let ui = world.resource::<KgUi>();
        (
            ui.selected,
            ui.hq,
            ui.hq_battle,
            world.get_resource::<ActiveLesson>().map(|l| l.run.step),
        )
    };
    if world.resource::<KgUi>().drawn_rev == rev && world.resource::<KgUi>().drawn_sel == key {
        return;
    }
    {
        let mut ui = world.resource_mut::<KgUi>();
        ui.drawn_rev = rev;
        ui.drawn_sel = key;
    }
    clear_highlights(world);
    let Some(rules) = world.get_resource::<KgRulesRes>().map(|r| r.0.clone()) else {
        return;
    };
    let Some(st) = gather(world) else { return };
    let ui = world.resource::<KgUi>();
    let cands = candidate_commands(&rules, &st, ui);
    let selected = ui.selected;
    let view = View::new(&rules, &st);
    let dests = selected
        .map(|u| rules::destinations(&rules, &st, &view, u))
        .unwrap_or_default();
    let mut targets: Vec<(Coord, String, Color)> = Vec::new();
    for c in &cands {
        let Some(t) = target(&rules, &st, c) else {
            continue;
        };
        let (label, colour) = match c {
            KgCommand::Move { .. } => {
                let left = dests
                    .get(&t)
                    .map(|o| {
                        (rules::ma_half(&rules, &st, selected.unwrap_or(0)) as f32
                            - o.cost_half as f32)
                            / 2.0
                    })
                    .unwrap_or(0.0);
                (format!("{left}"), Color::srgba(0.2, 0.8, 0.2, 0.35))
            }
            KgCommand::Attack { .. } => ("attack".into(), Color::srgba(0.9, 0.1, 0.1, 0.45)),
            KgCommand::Retreat { .. } | KgCommand::ExitEzoc { .. } => {
                ("retreat".into(), Color::srgba(0.9, 0.6, 0.1, 0.45))
            }
            _ => (String::new(), Color::srgba(0.2, 0.5, 0.95, 0.35)),
        };
        if !targets.iter().any(|x| x.0 == t) {
            targets.push((t, label, colour));
        }
    }
    if let Some(crate::engine::tutorial::Target::Hex(c)) = world
        .get_resource::<ActiveLesson>()
        .and_then(|l| l.run.current(&l.lesson))
        .map(|s| s.target.clone())
    {
        targets.push((c, String::new(), Color::srgba(1.0, 0.55, 0.0, 0.55)));
    }
    if let Some(sel) = selected.and_then(|u| rules::unit_hex(&st, u)) {
        targets.push((sel, String::new(), Color::srgba(1.0, 1.0, 0.2, 0.35)));
    }
    crate::gui::board::spawn_highlights(world, targets, 0.3);
    // the path to the hovered destination is drawn by `panels` with egui-free gizmos
}
