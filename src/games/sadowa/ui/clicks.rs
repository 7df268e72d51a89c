//! Clicks on the map turned into commands: a lit hex sends its command (an attack target
//! opens the combat panel first), a hex of the side to act selects its units one after
//! another, anything else says why not (from the one refusal of the step).

use super::*;

/// What a click on `hex` does in this position with this selection.
#[derive(Debug, PartialEq)]
pub(super) enum ClickAction {
    Send(SdCommand),
    /// 7.3.1: show the attack on this defender in the combat panel.
    Target(UnitId),
    Select(UnitId),
    Refused(Refusal),
    Nothing,
}

pub(super) fn click(
    rules: &SdRules,
    st: &SdState,
    selected: Option<UnitId>,
    hex: Coord,
) -> ClickAction {
    let legal = legal(rules, st);
    let at_hex = |c: &&SdCommand| target(st, c) == Some(hex);
    let mine = |c: &&SdCommand| subject(c).is_none_or(|u| Some(u) == selected);
    // 4.3: a unit next to the open HQ joins it for free (one per click), before
    // the HQ itself moves (which ends the joining)
    if let Some(c) = legal
        .iter()
        .filter(at_hex)
        .find(|c| matches!(c, SdCommand::Join { .. }))
    {
        return ClickAction::Send(c.clone());
    }
    // the selected unit's choices in that hex
    for c in legal.iter().filter(at_hex).filter(mine) {
        match c {
            SdCommand::Move { .. }
            | SdCommand::Place { .. }
            | SdCommand::Garrison { .. }
            | SdCommand::Besiege { .. }
            | SdCommand::Lift { .. }
            | SdCommand::PlaceGhq { .. }
            | SdCommand::Retreat { .. } => return ClickAction::Send(c.clone()),
            SdCommand::Attack { target, .. } => return ClickAction::Target(*target),
            _ => {}
        }
    }
    // 7.4.1 / 9.5: commands of anyone at that hex when nothing is selected
    if selected.is_none()
        && let Some(c) = legal.iter().filter(at_hex).find(|c| {
            matches!(
                c,
                SdCommand::Garrison { .. } | SdCommand::Retreat { .. } | SdCommand::Advance { .. }
            )
        })
    {
        return ClickAction::Send(c.clone());
    }
    // 3.1: an over-stacked hex selects its units in turn for the opposing player; the
    // selected unit's button (or the step's list) surrenders it
    let excess: Vec<UnitId> = legal
        .iter()
        .filter(at_hex)
        .filter_map(|c| match c {
            SdCommand::Surrender { unit } => Some(*unit),
            _ => None,
        })
        .collect();
    if !excess.is_empty() {
        let next = match selected.and_then(|s| excess.iter().position(|&u| u == s)) {
            Some(i) => excess[(i + 1) % excess.len()],
            None => excess[0],
        };
        return ClickAction::Select(next);
    }
    // select the units of the side to act in that hex, one after another
    let to_act = crate::engine::step::to_act::<Sadowa>(rules, st);
    let here: Vec<UnitId> = flow::units_at(rules, st, hex)
        .into_iter()
        .filter(|&u| Some(rules.side(u)) == to_act)
        .collect();
    if !here.is_empty() {
        // the units that have something to do come first
        let mut order: Vec<UnitId> = here
            .iter()
            .copied()
            .filter(|u| legal.iter().any(|c| subject(c) == Some(*u)))
            .collect();
        let rest: Vec<UnitId> = here
            .iter()
            .copied()
            .filter(|u| !order.contains(u))
            .collect();
        order.extend(rest);
        let next = match selected.and_then(|s| order.iter().position(|&u| u == s)) {
            Some(i) => order[(i + 1) % order.len()],
            None => order[0],
        };
        return ClickAction::Select(next);
    }
    // why not: the refusal of what the click would have asked for
    let Some(sel) = selected else {
        return ClickAction::Nothing;
    };
    let enemy = flow::units_at(rules, st, hex)
        .into_iter()
        .find(|&u| rules.side(u) != rules.side(sel));
    let cmd = match (st.g.step, enemy) {
        (Step::Setup(_), _) => SdCommand::Place { unit: sel, hex },
        (Step::Attack, Some(t)) => SdCommand::Attack {
            lead: sel,
            target: t,
        },
        (Step::Reinforce(_), _) => SdCommand::Garrison { unit: sel, hex },
        _ => SdCommand::Move { unit: sel, to: hex },
    };
    match crate::engine::step::check::<Sadowa>(rules, st, &cmd) {
        Err(r) => ClickAction::Refused(r),
        Ok(()) => ClickAction::Nothing,
    }
}

pub(super) fn handle_clicks(world: &mut World) {
    let clicks: Vec<Coord> = world
        .resource_mut::<Messages<HexClicked>>()
        .drain()
        .map(|m| m.0)
        .collect();
    if clicks.is_empty() {
        return;
    }
    let Some(rules) = world.get_resource::<SdRulesRes>().map(|r| r.0.clone()) else {
        return;
    };
    let Some(st) = gather(world) else { return };
    // one click per frame acts on the position of that frame
    let Some(&hex) = clicks.last() else { return };
    let prompt = world.resource::<CurrentStep>().prompt.clone();
    let mut ui = world.resource_mut::<SdUi>();
    let selected = ui.selected;
    match click(&rules, &st, selected, hex) {
        ClickAction::Send(c) => {
            ui.core.message.clear();
            ui.target = None;
            ui.core.outbox.push(c);
        }
        ClickAction::Target(t) => {
            ui.target = Some(t);
            ui.core.message = format!(
                "Attack on {}: see the combat panel, then commit or cancel",
                rules.units[t as usize].name
            );
        }
        ClickAction::Select(u) => {
            ui.selected = Some(u);
            ui.target = None;
            ui.core.message = format!("Selected {}", rules.units[u as usize].name);
        }
        ClickAction::Refused(r) => {
            ui.core.message = format!("Not allowed: {}", r.reason);
            ui.core.message_rule = r.rule.clone();
        }
        ClickAction::Nothing => {
            ui.core.message = format!("{hex}: nothing to do here now. {prompt}");
        }
    }
}
