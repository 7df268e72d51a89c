//! 4.3, 6.1, 7.1, 7.2, 7.5: the side with the initiative activates HQs (for their CV)
//! and units (1 IP Uncommitted, 3 IP Committed), units join an activated HQ for free,
//! activated units move one at a time; then the attacks follow, or the side passes.

use super::refuse;
use crate::engine::dice::Dice;
use crate::engine::hexmap::Coord;
use crate::engine::log::GameLog;
use crate::engine::side::Side;
use crate::engine::step::PlayStep;
use crate::games::sadowa::Sadowa;
use crate::games::sadowa::data::{Kind, SdRules, UnitId};
use crate::games::sadowa::flow::{Game, adjacent, hex_of, stack_ok, unit};
use crate::games::sadowa::movement::{allowance, reach, stops_in};
use crate::games::sadowa::state::*;
use crate::games::sadowa::supply;

#[derive(Default)]
pub struct Activate;

fn side_of(st: &SdState) -> Side {
    st.g.initiative.unwrap_or(Side::Prussia)
}

/// 4.3: the IP cost of activating `u` (None: it cannot be activated now).
pub fn cost(rules: &SdRules, st: &SdState, u: UnitId) -> Result<u8, Refusal> {
    let Some(d) = rules.unit(u) else {
        return Err(refuse("4.3", format!("there is no unit {u}")));
    };
    let s = unit(st, u);
    if d.side != side_of(st) {
        return Err(refuse(
            "4.3",
            format!("{} is not yours to activate", d.name),
        ));
    }
    if s.on_map().is_none() {
        return Err(refuse("4.3", format!("{} is not on the map", d.name)));
    }
    if s.activated {
        return Err(refuse("4.3", format!("{} is activated already", d.name)));
    }
    if s.committed && s.disrupted {
        return Err(refuse(
            "4.3",
            format!(
                "{} is Committed and Disrupted: it cannot be activated again this turn",
                d.name
            ),
        ));
    }
    // 8.6 forbids moving out of a besieged fortress, not activating: a besieged unit may
    // be activated to attack out of it (8.7 speaks of fortress units attacking); its
    // moves are refused (see `check` of Move and `movement::reach`).
    // the IP Activation Chart of the charts file (4.3, 6.5.1)
    use crate::games::sadowa::charts::Activation;
    let a = match d.kind {
        Kind::Garrison => return Err(refuse("7.2.3", "garrisons cannot move")),
        Kind::Hq => Activation::Hq { cv: d.cv as u8 },
        Kind::Ghq => Activation::Ghq,
        Kind::Corps | Kind::Cavalry => Activation::Single {
            committed: s.committed,
            disrupted: s.disrupted,
        },
    };
    rules
        .charts
        .activation_cost(a)
        .map(|c| c.min(u8::MAX as u32) as u8)
        .ok_or_else(|| refuse("4.3", format!("{} cannot be activated now", d.name)))
}

/// 8.6: a unit in a fortress besieged by the enemy.
pub fn besieged(rules: &SdRules, st: &SdState, u: UnitId) -> bool {
    let side = rules.side(u);
    hex_of(st, u).is_some_and(|h| st.g.sieges.iter().any(|s| s.fortress == h && s.by != side))
}

/// The hexes `u` may move to now with their MP cost (7.1-7.2, 3.1, 8.8).
pub fn destinations(rules: &SdRules, st: &SdState, u: UnitId) -> Vec<(Coord, u8)> {
    let s = unit(st, u);
    if !s.activated || s.done || s.mp == 0 {
        return Vec::new();
    }
    // 3.1 at the end of the move (passing through a full hex is allowed); 8.6, 8.8 in
    // `reach`
    reach(rules, st, u)
        .into_iter()
        .filter(|(c, _)| stack_ok(rules, st, u, *c))
        .collect()
}

fn join_ok(rules: &SdRules, st: &SdState, u: UnitId) -> Result<(), Refusal> {
    let Some(hq) = st.g.op.hq_open else {
        return Err(refuse(
            "4.3",
            "no activated HQ is open for units to join (it has moved, or none is activated)",
        ));
    };
    let Some(d) = rules.unit(u) else {
        return Err(refuse("4.3", format!("there is no unit {u}")));
    };
    if !d.kind.is_combat() && !d.kind.is_hq() {
        return Err(refuse(
            "7.2.3",
            format!("{} cannot move (a garrison)", d.name),
        ));
    }
    cost(rules, st, u)?;
    let (Some(a), Some(b)) = (hex_of(st, hq), hex_of(st, u)) else {
        return Err(refuse("4.3", "not on the map"));
    };
    if a != b && !adjacent(a, b) {
        return Err(refuse(
            "6.1",
            format!(
                "{} is not stacked with or adjacent to {}",
                d.name, rules.units[hq as usize].name
            ),
        ));
    }
    Ok(())
}

impl PlayStep<Sadowa> for Activate {
    fn name(&self) -> &'static str {
        "Operations: activation and movement"
    }
    fn case(&self) -> &'static str {
        "4.3"
    }
    fn prompt(&self, rules: &SdRules, st: &SdState) -> String {
        let side = side_of(st);
        if !st.g.op.acted {
            return format!(
                "{}: {} IP. Activate an HQ (its CV) or a unit (1 IP, 3 if Committed), or pass",
                side.name(),
                st.g.ip
            );
        }
        let open =
            st.g.op
                .hq_open
                .map(|h| {
                    format!(
                        "; units next to {} may join free",
                        rules.units[h as usize].name
                    )
                })
                .unwrap_or_default();
        format!(
            "{}: {} IP left. Move activated units one at a time{open}; end movement to attack",
            side.name(),
            st.g.ip
        )
    }
    fn to_act(&self, _rules: &SdRules, st: &SdState) -> Option<Side> {
        Some(side_of(st))
    }
    fn takes(&self, cmd: &SdCommand) -> bool {
        matches!(
            cmd,
            SdCommand::ActivateHq { .. }
                | SdCommand::Join { .. }
                | SdCommand::ActivateUnit { .. }
                | SdCommand::Move { .. }
                | SdCommand::Exit { .. }
                | SdCommand::EndMovement
                | SdCommand::Pass
        )
    }
    fn legal(&self, rules: &SdRules, st: &SdState, out: &mut Vec<SdCommand>) {
        let side = side_of(st);
        for u in rules.ids().filter(|&u| rules.side(u) == side) {
            let k = rules.kind(u);
            if let Ok(c) = cost(rules, st, u) {
                if k.is_hq() && c <= st.g.ip {
                    out.push(SdCommand::ActivateHq { hq: u });
                }
                if k.is_combat() && c <= st.g.ip {
                    out.push(SdCommand::ActivateUnit { unit: u });
                }
                if join_ok(rules, st, u).is_ok() {
                    out.push(SdCommand::Join { unit: u });
                }
            }
            for (to, _) in destinations(rules, st, u) {
                out.push(SdCommand::Move { unit: u, to });
            }
            if exit_ok(rules, st, u).is_ok() {
                out.push(SdCommand::Exit { unit: u });
            }
        }
        if st.g.op.acted {
            out.push(SdCommand::EndMovement);
        } else {
            out.push(SdCommand::Pass);
        }
    }
    fn check(&self, rules: &SdRules, st: &SdState, cmd: &SdCommand) -> Result<(), Refusal> {
        match cmd {
            SdCommand::ActivateHq { hq } => {
                let c = cost(rules, st, *hq)?;
                if !rules.kind(*hq).is_hq() {
                    return Err(refuse("4.3", "that is not a Headquarters"));
                }
                if c > st.g.ip {
                    return Err(refuse(
                        "4.3",
                        format!("activating it costs {c} IP (its CV); you have {}", st.g.ip),
                    ));
                }
                Ok(())
            }
            SdCommand::Join { unit } => join_ok(rules, st, *unit),
            SdCommand::ActivateUnit { unit } => {
                let c = cost(rules, st, *unit)?;
                if !rules.kind(*unit).is_combat() {
                    return Err(refuse(
                        "4.3",
                        "only combat units are activated singly; an HQ is activated for its CV",
                    ));
                }
                if c > st.g.ip {
                    return Err(refuse(
                        "4.3",
                        format!("activating it costs {c} IP; you have {}", st.g.ip),
                    ));
                }
                Ok(())
            }
            SdCommand::Move { unit: u, to } => {
                let Some(d) = rules.unit(*u) else {
                    return Err(refuse("7.1", format!("there is no unit {u}")));
                };
                let s = unit(st, *u);
                if d.side != side_of(st) || !s.activated {
                    return Err(refuse("7.1", format!("{} is not activated", d.name)));
                }
                if s.done {
                    return Err(refuse(
                        "7.1",
                        format!(
                            "{} has finished moving: another unit moved after it (each unit moves individually)",
                            d.name
                        ),
                    ));
                }
                if besieged(rules, st, *u) {
                    return Err(refuse(
                        "8.6",
                        format!(
                            "{} is besieged: it cannot move out until the siege is lifted (it may attack)",
                            d.name
                        ),
                    ));
                }
                if destinations(rules, st, *u).iter().any(|(c, _)| c == to) {
                    Ok(())
                } else {
                    Err(refuse(
                        "7.1",
                        format!(
                            "{} cannot reach {to} with {} MP left (terrain 7.1, enemy ZOC and units, stacking 3.1)",
                            d.name, s.mp
                        ),
                    ))
                }
            }
            SdCommand::Exit { unit } => exit_ok(rules, st, *unit),
            SdCommand::EndMovement => {
                if st.g.op.acted {
                    Ok(())
                } else {
                    Err(refuse(
                        "7.5",
                        "nothing is activated: activate something or pass",
                    ))
                }
            }
            SdCommand::Pass => {
                if st.g.op.acted {
                    Err(refuse(
                        "7.5",
                        "you have activated units in this operation: end movement instead",
                    ))
                } else {
                    Ok(())
                }
            }
            _ => Err(refuse("4.3", "not an activation or movement command")),
        }
    }
    fn execute(
        &self,
        rules: &SdRules,
        st: &mut SdState,
        dice: &mut Dice,
        log: &mut GameLog,
        cmd: &SdCommand,
    ) {
        let mut g = Game {
            rules,
            st,
            dice,
            log,
        };
        match cmd {
            SdCommand::ActivateHq { hq } => {
                let c = cost(rules, g.st, *hq).unwrap_or(0);
                g.st.g.ip = g.st.g.ip.saturating_sub(c);
                activate(&mut g, *hq);
                g.st.g.op.hq_open = Some(*hq);
                let name = rules.units[*hq as usize].name.clone();
                g.note(
                    if rules.kind(*hq) == Kind::Ghq {
                        "6.5.1"
                    } else {
                        "4.3"
                    },
                    format!("{name} is activated for {c} IP"),
                );
            }
            SdCommand::Join { unit } => {
                activate(&mut g, *unit);
                let name = rules.units[*unit as usize].name.clone();
                g.note(
                    "4.3",
                    format!(
                        "{name} joins the HQ's activation{}",
                        if g.st.units[*unit as usize].forced {
                            " (a forced march, 7.1.2)"
                        } else {
                            ""
                        }
                    ),
                );
            }
            SdCommand::ActivateUnit { unit } => {
                let c = cost(rules, g.st, *unit).unwrap_or(1);
                g.st.g.ip = g.st.g.ip.saturating_sub(c);
                activate(&mut g, *unit);
                let name = rules.units[*unit as usize].name.clone();
                g.note("4.3", format!("{name} is activated by itself for {c} IP"));
            }
            SdCommand::Move { unit, to } => {
                if let Some(m) = g.st.g.op.mover
                    && m != *unit
                {
                    finish_move(&mut g, m);
                }
                g.st.g.op.mover = Some(*unit);
                if g.st.g.op.hq_open == Some(*unit) {
                    g.st.g.op.hq_open = None;
                }
                let c = destinations(rules, g.st, *unit)
                    .iter()
                    .find(|(h, _)| h == to)
                    .map(|x| x.1)
                    .unwrap_or(0);
                let from = hex_of(g.st, *unit);
                let route = crate::games::sadowa::movement::path(rules, g.st, *unit, *to);
                let s = &mut g.st.units[*unit as usize];
                s.hex = Some(*to);
                s.mp = s.mp.saturating_sub(c);
                s.moved = true;
                let name = rules.units[*unit as usize].name.clone();
                g.note(
                    "7.1",
                    format!(
                        "{name} moves {} to {to} ({c} MP)",
                        from.map(|f| f.to_string()).unwrap_or_default()
                    ),
                );
                // 3.3: a unit entering a city or fortress takes control of it, also one it
                // passes through on the way (the route the move took, its end included)
                for h in route.iter().chain(std::iter::once(to)) {
                    g.take_control(*h, rules.side(*unit));
                }
                super::super::siege::after_move(&mut g, *unit);
                // RECONSTRUCTED (see movement.rs): entering an enemy ZOC ends the move
                if stops_in(rules, g.st, *unit, *to) {
                    finish_move(&mut g, *unit);
                }
            }
            SdCommand::Exit { unit } => {
                // 7.1: each unit moves individually
                if let Some(m) = g.st.g.op.mover
                    && m != *unit
                {
                    finish_move(&mut g, m);
                }
                g.st.g.op.mover = None;
                if g.st.g.op.hq_open == Some(*unit) {
                    g.st.g.op.hq_open = None;
                }
                exit(&mut g, *unit)
            }
            SdCommand::EndMovement => {
                let movers: Vec<UnitId> = rules
                    .ids()
                    .filter(|&u| g.st.units[u as usize].activated && !g.st.units[u as usize].done)
                    .collect();
                for u in movers {
                    finish_move(&mut g, u);
                }
                g.st.g.op.hq_open = None;
                g.st.g.step = Step::Attack;
                g.note("7.3", "Movement is over: the attacks follow");
            }
            SdCommand::Pass => g.pass(),
            _ => {}
        }
    }
}

fn activate(g: &mut Game, u: UnitId) {
    let mp = allowance(g.rules, g.st, u);
    let s = &mut g.st.units[u as usize];
    s.activated = true;
    s.forced = s.committed;
    s.mp = mp;
    s.done = false;
    g.st.g.op.acted = true;
    g.st.g.passes = 0;
}

/// 7.1.2: a unit's movement is over; a forced march rolls against the Army Morale Level
/// (-1 ending stacked with or adjacent to its own HQ, not the GHQ).
pub fn finish_move(g: &mut Game, u: UnitId) {
    let s = unit(g.st, u);
    if s.done {
        return;
    }
    g.st.units[u as usize].done = true;
    if !s.forced || !g.rules.kind(u).is_combat() {
        return;
    }
    let side = g.rules.side(u);
    let morale = g.st.g.morale[side.idx()] as i32;
    let mut mods = vec![];
    if let (Some(p), Some(h)) = (
        g.rules.parent.get(u as usize).copied().flatten(),
        s.on_map(),
    ) && let Some(ph) = hex_of(g.st, p)
        && (ph == h || adjacent(ph, h))
    {
        mods.push(("with or next to its own HQ".to_string(), -1));
    }
    let name = g.rules.units[u as usize].name.clone();
    let (_, total) = g.d6(
        &format!("{name} forced march (morale {morale})"),
        "7.1.2",
        mods,
    );
    if total > morale {
        g.st.units[u as usize].disrupted = true;
        g.note("7.1.2", format!("{name} is Disrupted by the forced march"));
    }
}

/// 14.0: a Prussian unit or HQ in an exit hex 2917-3517 may leave by the south edge.
fn exit_ok(rules: &SdRules, st: &SdState, u: UnitId) -> Result<(), Refusal> {
    let s = unit(st, u);
    let Some(h) = s.on_map() else {
        return Err(refuse("14.0", "not on the map"));
    };
    if rules.side(u) != Side::Prussia || !s.activated || s.done || s.mp == 0 {
        return Err(refuse(
            "14.0",
            "only an activated Prussian unit with MP left may exit",
        ));
    }
    if !rules.map.exit_hexes().contains(&h) {
        return Err(refuse(
            "14.0",
            format!("{h} is not an exit hex (2917-3517)"),
        ));
    }
    Ok(())
}

fn exit(g: &mut Game, u: UnitId) {
    let d = g.rules.units[u as usize].clone();
    // 14.0: 2 VP per CF of a supplied combat unit (traced as it leaves, 5.2/5.5/8.9),
    // 3 per HQ
    let supplied = {
        let map = supply::supplied_hexes(g.rules, g.st);
        supply::in_supply(g.rules, g.st, &map, u)
    };
    g.st.units[u as usize].done = true;
    g.st.units[u as usize].gone = Some(Fate::Exited);
    g.st.units[u as usize].hex = None;
    g.note("14.0", format!("{} exits off the south edge", d.name));
    let vp = match d.kind {
        Kind::Hq | Kind::Ghq => 3,
        Kind::Corps | Kind::Cavalry if supplied => 2 * d.cf,
        _ => 0,
    };
    if d.kind == Kind::Ghq {
        g.st.g.ghq = GhqStatus::Gone;
    }
    g.award(Side::Prussia, vp, "14.0", &format!("{} exited", d.name));
}
