//! Clicks on the map turned into commands: a lit hex sends its command (an attack target
//! opens the combat panel first), a hex of the side to act selects its units one after
//! another, anything else says why not (from the one refusal of the step). A counter
//! dragged from its hex to a lit hex goes there (a press on the selected unit waits for
//! the release).

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

/// Whether a press on `hex` waits for the release: the selected unit stands there and
/// may move, so the press may begin a drag of that unit (the counter on top of its
/// stack), which a click's join or next-unit selection would take away from it.
pub(super) fn press_waits(
    rules: &SdRules,
    st: &SdState,
    selected: Option<UnitId>,
    hex: Coord,
) -> bool {
    selected.is_some_and(|u| {
        flow::hex_of(st, u) == Some(hex)
            && legal(rules, st)
                .iter()
                .any(|c| matches!(c, SdCommand::Move { unit, .. } if *unit == u))
    })
}

/// The board's clicks: a press and a release on another hex (a drag, `gui::board`) come
/// as two clicks. A press on the selected unit's hex that may start a drag of it waits
/// for the release ([`press_waits`]): released elsewhere, the unit goes there; released
/// in place, it is an ordinary click.
pub(super) fn handle_clicks(world: &mut World) {
    let clicks: Vec<Coord> = world
        .resource_mut::<Messages<HexClicked>>()
        .drain()
        .map(|m| m.0)
        .collect();
    let (pressed, released, held) = world
        .get_resource::<ButtonInput<MouseButton>>()
        .map(|b| {
            (
                b.just_pressed(MouseButton::Left),
                b.just_released(MouseButton::Left),
                b.pressed(MouseButton::Left),
            )
        })
        .unwrap_or((false, true, false));
    let waiting = world.resource::<SdUi>().press;
    if clicks.is_empty() && waiting.is_none() {
        return;
    }
    let Some(rules) = world.get_resource::<SdRulesRes>().map(|r| r.0.clone()) else {
        return;
    };
    let Some(st) = gather(world) else { return };
    let selected = world.resource::<SdUi>().selected;
    let mut drag = false;
    let hex = match waiting {
        // the release of a held-back press: on another hex (a click message) it drags
        // the selected unit there; in place (no message) it is a click on the press hex
        Some(from) => {
            if let Some(&to) = clicks.last() {
                world.resource_mut::<SdUi>().press = None;
                drag = true;
                to
            } else if released || !held {
                world.resource_mut::<SdUi>().press = None;
                from
            } else {
                return;
            }
        }
        None => {
            let Some(&first) = clicks.first() else { return };
            if pressed && press_waits(&rules, &st, selected, first) {
                match clicks.last() {
                    // pressed and released on another hex within one frame
                    Some(&to) if clicks.len() > 1 => {
                        drag = true;
                        to
                    }
                    // pressed and released in place within one frame
                    _ if released => first,
                    _ => {
                        world.resource_mut::<SdUi>().press = Some(first);
                        return;
                    }
                }
            } else {
                // one click per frame acts on the position of that frame
                let Some(&last) = clicks.last() else { return };
                last
            }
        }
    };
    let prompt = world.resource::<CurrentStep>().prompt.clone();
    // a drag moves the dragged unit, even onto a hex a click would join
    let action = match selected.map(|unit| SdCommand::Move { unit, to: hex }) {
        Some(m) if drag && legal(&rules, &st).contains(&m) => ClickAction::Send(m),
        _ => click(&rules, &st, selected, hex),
    };
    let mut ui = world.resource_mut::<SdUi>();
    match action {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> Arc<SdRules> {
        let src = crate::engine::scenarios::find("sadowa").expect("the sadowa scenario");
        <Sadowa as RulesGame>::load_rules(&src, &[]).expect("it loads")
    }

    // 7.1 on screen: a press on the selected activated HQ's hex waits for the release
    // (a drag of the HQ), while the click in place still joins the corps there (4.3); a
    // press elsewhere acts at once.
    #[test]
    fn a_press_on_the_selected_mover_waits_for_the_release() {
        let rules = rules();
        let g = super::super::demo_game(&rules, 7, "hq");
        let hq = g.st.g.op.hq_open.expect("an HQ activated");
        let at = flow::hex_of(&g.st, hq).expect("on the map");
        assert!(press_waits(&rules, &g.st, Some(hq), at));
        assert!(matches!(
            click(&rules, &g.st, Some(hq), at),
            ClickAction::Send(SdCommand::Join { .. })
        ));
        let other = g
            .legal()
            .iter()
            .find_map(|c| match c {
                SdCommand::Move { unit, to } if *unit == hq => Some(*to),
                _ => None,
            })
            .expect("the HQ may move");
        assert!(!press_waits(&rules, &g.st, Some(hq), other));
        assert!(!press_waits(&rules, &g.st, None, at));
    }

    // 3.1 on screen: the over-stacked hex is lit; clicks there select its units in turn
    // for the opposing player; each has its button with its CF.
    #[test]
    fn the_overstacked_hex_is_lit_and_its_units_picked_in_turn() {
        let rules = rules();
        let mut st = flow::new_state(&rules);
        for s in st.units.iter_mut() {
            *s = UnitState::default();
        }
        let x = Coord::new(20, 3);
        let ids: Vec<UnitId> = ["p-ii", "p-iii", "p-vi", "p-vii", "p-guard"]
            .iter()
            .filter_map(|n| rules.by_id(n))
            .collect();
        assert_eq!(ids.len(), 5);
        for &u in &ids {
            st.units[u as usize].hex = Some(x);
        }
        st.g.step = Step::Attack;
        st.g.pending.push(Pending::Surrender {
            side: Side::Prussia,
        });
        let lit = super::super::highlights::lit(&rules, &st, None);
        assert!(lit.iter().any(|l| l.0 == x && l.1 == "surrender"));
        let ClickAction::Select(first) = click(&rules, &st, None, x) else {
            panic!("a click selects a unit of the over-stacked hex");
        };
        let ClickAction::Select(second) = click(&rules, &st, Some(first), x) else {
            panic!("a second click selects the next one");
        };
        assert!(ids.contains(&first) && ids.contains(&second) && first != second);
        let cf = rules.units[first as usize].cf;
        assert!(
            label(&rules, &st, &SdCommand::Surrender { unit: first }).contains(&format!("CF {cf}"))
        );
    }
}
