//! Clicks on the map turned into commands: a lit hex sends its command, an own unit is
//! selected, anything else says why not (from the one refusal).

use super::*;

pub(super) fn handle_clicks(world: &mut World) {
    let clicks: Vec<Coord> = world
        .resource_mut::<Messages<HexClicked>>()
        .drain()
        .map(|m| m.0)
        .collect();
    if clicks.is_empty() {
        return;
    }
    let Some(rules) = world.get_resource::<KgRulesRes>().map(|r| r.0.clone()) else {
        return;
    };
    let Some(st) = gather(world) else { return };
    for hex in clicks {
        let ui = world.resource::<KgUi>();
        let cands = candidate_commands(&rules, &st, ui);
        let hits: Vec<KgCommand> = cands
            .iter()
            .filter(|c| target(&rules, &st, c) == Some(hex))
            .cloned()
            .collect();
        let active = flow::active_side(&rules, &st);
        let view = View::new(&rules, &st);
        let own = view
            .occupant(&rules.map, hex)
            .filter(|u| Some(rules.units[*u as usize].side) == active);
        if hits.len() == 1 {
            send(world, hits[0].clone());
            let mut ui = world.resource_mut::<KgUi>();
            ui.core.message.clear();
            if matches!(
                hits[0],
                KgCommand::Move { .. } | KgCommand::ReturnBlown { .. }
            ) {
                ui.selected = None;
            }
        } else if let Some(u) = own {
            let mut ui = world.resource_mut::<KgUi>();
            ui.selected = Some(u);
            ui.core.message = format!("Selected {}", rules.units[u as usize].name);
        } else if let Some(sel) = world.resource::<KgUi>().selected {
            // explain why not
            let cmd = match (st.g.step, view.occupant(&rules.map, hex)) {
                (Step::Attack, Some(d)) => KgCommand::Attack {
                    attacker: sel,
                    defender: d,
                },
                _ => KgCommand::Move { unit: sel, to: hex },
            };
            let mut s2 = st.clone();
            let mut dice = Dice::new(0);
            let mut log = GameLog::default();
            let r = Game {
                rules: &rules,
                st: &mut s2,
                dice: &mut dice,
                log: &mut log,
            }
            .refusal(&cmd);
            let mut ui = world.resource_mut::<KgUi>();
            ui.core.message = format!("Not allowed: {}", r.reason);
            ui.core.message_rule = r.rule.clone();
        } else {
            world.resource_mut::<KgUi>().core.message = format!(
                "{hex}: nothing to do here now. {}",
                world.resource::<CurrentStep>().prompt
            );
        }
    }
}
