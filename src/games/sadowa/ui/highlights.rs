//! The lit hexes: exactly the targets of the step's legal commands for the current
//! selection (set-up hexes, moves with the MP they leave, attack targets, retreat ends,
//! sieges, garrisons, the GHQ, the over-stacked hexes of 3.1), the units that may be activated or join the open HQ,
//! the selected unit's hex.

use super::*;

const MOVE: Color = Color::srgba(0.2, 0.8, 0.2, 0.35);
const PLACE: Color = Color::srgba(0.2, 0.5, 0.95, 0.35);
const ATTACK: Color = Color::srgba(0.9, 0.1, 0.1, 0.45);
const RETREAT: Color = Color::srgba(0.9, 0.6, 0.1, 0.45);
const ACTIVATE: Color = Color::srgba(0.95, 0.85, 0.1, 0.30);
const JOIN: Color = Color::srgba(0.1, 0.75, 0.95, 0.40);
const SELECTED: Color = Color::srgba(1.0, 1.0, 0.2, 0.35);

/// The lit hexes of a position and a selection: (hex, label, colour), one per hex.
pub(super) fn lit(
    rules: &SdRules,
    st: &SdState,
    selected: Option<UnitId>,
) -> Vec<(Coord, String, Color)> {
    let mut out: Vec<(Coord, String, Color)> = Vec::new();
    let mut add = |c: Coord, label: String, colour: Color| {
        if !out.iter().any(|x| x.0 == c) {
            out.push((c, label, colour));
        }
    };
    let legal = legal(rules, st);
    let dests = selected
        .map(|u| crate::games::sadowa::steps::activate::destinations(rules, st, u))
        .unwrap_or_default();
    let mp = selected.map(|u| flow::unit(st, u).mp).unwrap_or(0);
    // 4.3: the units that may join the open HQ first (a click there joins them)
    for c in &legal {
        if let (SdCommand::Join { .. }, Some(t)) = (c, target(st, c)) {
            add(t, "join".into(), JOIN);
        }
    }
    for c in &legal {
        let Some(t) = target(st, c) else { continue };
        let mine = subject(c).is_none_or(|u| Some(u) == selected);
        match c {
            SdCommand::Move { .. } if mine => {
                let cost = dests.iter().find(|d| d.0 == t).map(|d| d.1).unwrap_or(0);
                add(t, format!("{}", mp.saturating_sub(cost)), MOVE)
            }
            SdCommand::Place { .. } | SdCommand::Garrison { .. } if mine => {
                add(t, String::new(), PLACE)
            }
            SdCommand::Attack { .. } if mine => add(t, "attack".into(), ATTACK),
            SdCommand::Exit { .. } if mine => add(t, "exit".into(), RETREAT),
            SdCommand::Retreat { .. } => add(t, "retreat".into(), RETREAT),
            SdCommand::Advance { .. } => add(t, "advance".into(), MOVE),
            SdCommand::Besiege { .. } => add(t, "siege".into(), ATTACK),
            SdCommand::Lift { .. } => add(t, "lift".into(), RETREAT),
            SdCommand::PlaceGhq { .. } => add(t, "GHQ".into(), PLACE),
            SdCommand::Surrender { .. } => add(t, "surrender".into(), ATTACK),
            _ => {}
        }
    }
    // with nothing selected: the units that may act (activation, the lead attackers)
    if selected.is_none() {
        for c in &legal {
            let Some(t) = target(st, c) else { continue };
            match c {
                SdCommand::ActivateHq { .. } | SdCommand::ActivateUnit { .. } => {
                    add(t, String::new(), ACTIVATE)
                }
                SdCommand::Attack { lead, .. } => {
                    if let Some(h) = flow::hex_of(st, *lead) {
                        add(h, "lead".into(), ACTIVATE)
                    }
                }
                _ => {}
            }
        }
    }
    if let Some(h) = selected.and_then(|u| flow::hex_of(st, u)) {
        // a join, exit or surrender there keeps its colour (the lifted counter shows the
        // selection)
        out.retain(|x| x.0 != h || ["join", "exit", "surrender"].contains(&x.1.as_str()));
        if !out.iter().any(|x| x.0 == h) {
            out.push((h, String::new(), SELECTED));
        }
    }
    out
}

pub(super) fn highlights(world: &mut World) {
    let rev = world.resource::<Revision<Sadowa>>().0;
    let key = {
        let ui = world.resource::<SdUi>();
        (ui.selected, ui.target, ui.supply_overlay)
    };
    if world.resource::<SdUi>().drawn_rev == rev && world.resource::<SdUi>().drawn_sel == key {
        return;
    }
    {
        let mut ui = world.resource_mut::<SdUi>();
        ui.drawn_rev = rev;
        ui.drawn_sel = key;
    }
    clear_highlights(world);
    let Some(rules) = world.get_resource::<SdRulesRes>().map(|r| r.0.clone()) else {
        return;
    };
    let Some(st) = gather(world) else { return };
    let mut targets = lit(&rules, &st, key.0);
    if let Some(h) = key.1.and_then(|t| flow::hex_of(&st, t)) {
        targets.retain(|x| x.0 != h);
        targets.push((h, "target".into(), Color::srgba(0.9, 0.0, 0.0, 0.6)));
    }
    crate::gui::board::spawn_highlights(world, targets, 0.7);
}
