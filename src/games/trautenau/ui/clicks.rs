//! Clicks on the map turned into commands: a lit hex sends its command (each step picks
//! among several on one hex), an enemy hex opens the assault builder (declaration), an own
//! stack selects (and cycles) its units, anything else says why not.

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
    let rules = world.resource::<TsRulesRes>().0.clone();
    let Some(st) = gather(world) else { return };
    let view = rules::view(&rules, &st);
    for hex in clicks {
        click(world, &rules, &st, &view, hex);
    }
}

/// One click on `hex`.
fn click(world: &mut World, rules: &TsRules, st: &TsState, view: &rules::View, hex: Coord) {
    let ui = world.resource::<TsUi>();
    let selected = ui.selected;
    let cands = candidates(rules, st, ui);
    let hits: Vec<TsCommand> = cands
        .iter()
        .filter(|c| target(st, c) == Some(hex))
        .cloned()
        .collect();
    let active = flow::active_side(rules, st);
    let own: Vec<UnitId> = view
        .units_at(hex)
        .iter()
        .copied()
        .filter(|u| Some(rules.units[*u as usize].side) == active)
        .collect();
    // 13.2: one click places the next unit (facing north, or its stack's).
    if night::redeploy_click(world, st, &hits) {
        return;
    }
    // Moves: one click picks the natural facing; the wheel turns it afterwards.
    if movement::move_click(world, rules, st, view, (&cands, &hits), hex) {
        return;
    }
    let first_kind: Vec<TsCommand> = match hits.first() {
        // 9.5.4: with a unit of the defending stack selected, only it falls back
        Some(TsCommand::RetreatBefore { .. }) => assaults::retreat_before_pick(&hits, selected),
        Some(TsCommand::Retreat { .. }) => assaults::retreat_pick(st, &hits),
        Some(TsCommand::Barrage { .. }) => barrage::pick(&hits),
        _ => hits.clone(),
    };
    if first_kind.len() == 1
        || (!first_kind.is_empty()
            && first_kind.iter().all(|c| {
                matches!(
                    c,
                    TsCommand::MoveChief { .. } | TsCommand::MoveLeader { .. }
                )
            }))
    {
        send(world, first_kind[0].clone());
        let mut ui = world.resource_mut::<TsUi>();
        ui.core.message.clear();
        if matches!(
            first_kind[0],
            TsCommand::MoveChief { .. } | TsCommand::MoveLeader { .. }
        ) {
            ui.leader = None;
        }
    } else if st.g.step == Step::Declare
        && st.g.pending.is_empty()
        && view.side_at(hex).is_some()
        && view.side_at(hex) != active
    {
        declare::open_builder(world, rules, st, hex);
    } else if !own.is_empty() {
        let mut ui = world.resource_mut::<TsUi>();
        // clicking a stack again cycles through its units
        let next = match ui.selected.and_then(|s| own.iter().position(|&u| u == s)) {
            Some(i) => own[(i + 1) % own.len()],
            None => own[0],
        };
        ui.selected = Some(next);
        ui.leader = None;
        ui.core.message = format!("Selected {}", rules.units[next as usize].name);
    } else if let Some(sel) = world.resource::<TsUi>().selected {
        explain(world, rules, st, view, sel, hex);
    } else {
        world.resource_mut::<TsUi>().core.message = format!(
            "{hex}: nothing to do here now. {}",
            world.resource::<CurrentStep>().prompt
        );
    }
}

/// Why the selected unit may not do what a click on `hex` asks (fire at the unit there in
/// the barrage step, else move there), from the one check.
fn explain(
    world: &mut World,
    rules: &TsRules,
    st: &TsState,
    view: &rules::View,
    sel: UnitId,
    hex: Coord,
) {
    let cmd = match st.g.step {
        Step::Barrage => match view.units_at(hex).first() {
            Some(&t) => TsCommand::Barrage {
                unit: sel,
                target: t,
                turn: None,
            },
            None => TsCommand::Move {
                unit: sel,
                to: hex,
                facing: st.units[sel as usize].facing,
            },
        },
        _ => TsCommand::Move {
            unit: sel,
            to: hex,
            facing: st.units[sel as usize].facing,
        },
    };
    let r = flow::check(rules, st, &cmd)
        .err()
        .unwrap_or_else(|| Refusal::new("", "allowed"));
    let mut ui = world.resource_mut::<TsUi>();
    ui.core.message = format!("Not allowed: {}", r.reason);
    ui.core.message_rule = r.rule.clone();
}
