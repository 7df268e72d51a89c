//! 7.4.1: the owner retreats the units of a combat hex along a path he chooses among the
//! legal ones: two hexes toward a friendly supply source, never into or through an enemy-
//! occupied or mountain hex, avoiding (1) enemy ZOC, (2) friendly-occupied hexes, (3)
//! overstacking, in that priority, a worse path only when no better one exists; extended
//! beyond two hexes only to end within the stacking limits. Violations disrupt the units,
//! or cost already Disrupted ones 1 Loss Point a hex. No path: the units surrender
//! (settled automatically by `combat::settle`). docs/games/sadowa-combat.md.

use super::refuse;
use crate::engine::dice::Dice;
use crate::engine::hexmap::Coord;
use crate::engine::log::GameLog;
use crate::engine::side::Side;
use crate::engine::step::PlayStep;
use crate::games::sadowa::Sadowa;
use crate::games::sadowa::combat;
use crate::games::sadowa::data::{SdRules, UnitId};
use crate::games::sadowa::flow::{Game, hex_of, occupant, unit, units_at};
use crate::games::sadowa::movement::in_enemy_zoc;
use crate::games::sadowa::state::*;

#[derive(Default)]
pub struct Retreat;

/// The base length of a retreat (7.4.1: "two hexes"), and the longest extension looked
/// at to end within the stacking limits.
pub const BASE: usize = 2;
pub const MAX_LEN: usize = 6;

/// 5.1: the functioning supply sources of `side`: Austria the south map edge, Prussia the
/// north map edge and 1007; not occupied by the enemy nor in an un-negated enemy ZOC.
pub fn sources(rules: &SdRules, st: &SdState, side: Side) -> Vec<Coord> {
    let mut v = match side {
        Side::Austria => rules.map.austrian_supply_sources(),
        Side::Prussia => rules.map.prussian_supply_sources(),
    };
    v.retain(|&c| {
        rules.map.hex.contains(c)
            && occupant(rules, st, c) != Some(side.other())
            && !in_enemy_zoc(rules, st, c, side.other())
    });
    v
}

/// Hexes from `c` to the nearest of `src` (u32::MAX when there is none).
fn dist(src: &[Coord], c: Coord) -> u32 {
    src.iter().map(|s| s.distance(c)).min().unwrap_or(u32::MAX)
}

/// How a path breaks the priorities of 7.4.1: (hexes in an un-negated enemy ZOC, friendly-
/// occupied hexes entered, 1 if it ends over the stacking limit). Compared in that order.
pub fn cost(
    rules: &SdRules,
    st: &SdState,
    side: Side,
    units: &[UnitId],
    path: &[Coord],
) -> (u32, u32, u32) {
    let zoc = path
        .iter()
        .filter(|&&h| in_enemy_zoc(rules, st, h, side.other()))
        .count() as u32;
    let friendly = path
        .iter()
        .filter(|&&h| occupant(rules, st, h) == Some(side))
        .count() as u32;
    let stack = path
        .last()
        .is_some_and(|&h| overstacked(rules, st, units, h)) as u32;
    (zoc, friendly, stack)
}

/// The hexes of `path` that break a priority of 7.4.1 (each counted once).
pub fn violations(
    rules: &SdRules,
    st: &SdState,
    side: Side,
    units: &[UnitId],
    path: &[Coord],
) -> u32 {
    let n = path.len();
    path.iter()
        .enumerate()
        .filter(|&(i, &h)| {
            in_enemy_zoc(rules, st, h, side.other())
                || occupant(rules, st, h) == Some(side)
                || (i + 1 == n && overstacked(rules, st, units, h))
        })
        .count() as u32
}

/// 3.1: would the retreating combat units put more than four combat units in `hex`?
fn overstacked(rules: &SdRules, st: &SdState, units: &[UnitId], hex: Coord) -> bool {
    let moving = units.iter().filter(|&&u| rules.kind(u).is_combat()).count();
    let here = units_at(rules, st, hex)
        .into_iter()
        .filter(|&u| rules.kind(u).is_combat() && !units.contains(&u))
        .count();
    moving + here > 4
}

/// Every legal retreat path for `units` of `side` from `from` (7.4.1); empty: they must
/// surrender.
pub fn paths(
    rules: &SdRules,
    st: &SdState,
    side: Side,
    units: &[UnitId],
    from: Coord,
) -> Vec<Vec<Coord>> {
    let mut all: Vec<Vec<Coord>> = Vec::new();
    let mut path = Vec::new();
    walk(rules, st, side, units, from, &mut path, &mut all);
    let src = sources(rules, st, side);
    let d0 = dist(&src, from);
    let toward = |p: &Vec<Coord>| {
        let mut prev = d0;
        for &h in p {
            let d = dist(&src, h);
            if d > prev {
                return false;
            }
            prev = d;
        }
        prev < d0 || d0 == 0
    };
    let pool: Vec<Vec<Coord>> = if all.iter().any(toward) {
        all.into_iter().filter(toward).collect()
    } else {
        all
    };
    let costs: Vec<(u32, u32, u32)> = pool
        .iter()
        .map(|p| cost(rules, st, side, units, p))
        .collect();
    let Some(best) = costs.iter().min().copied() else {
        return Vec::new();
    };
    pool.into_iter()
        .zip(costs)
        .filter(|(_, c)| *c == best)
        .map(|(p, _)| p)
        .collect()
}

/// Enumerates the paths: hex by hex, never into or through an enemy-occupied or mountain
/// hex, no hex twice; two hexes, more only while the end is over the stacking limit.
fn walk(
    rules: &SdRules,
    st: &SdState,
    side: Side,
    units: &[UnitId],
    from: Coord,
    path: &mut Vec<Coord>,
    out: &mut Vec<Vec<Coord>>,
) {
    let at = path.last().copied().unwrap_or(from);
    if path.len() >= BASE {
        out.push(path.clone());
        if path.len() >= MAX_LEN || !overstacked(rules, st, units, at) {
            return;
        }
    }
    let next: Vec<Coord> = rules.map.hex.neighbors(at).map(|(_, c)| c).collect();
    for n in next {
        if !rules.map.hex.contains(n)
            || n == from
            || path.contains(&n)
            || occupant(rules, st, n) == Some(side.other())
            || rules.map.is_mountain(n)
            // 8.8: never into a friendly fortress the enemy besieges
            || crate::games::sadowa::movement::besieged_against(st, n, side)
        {
            continue;
        }
        path.push(n);
        walk(rules, st, side, units, from, path, out);
        path.pop();
    }
}

fn current(st: &SdState) -> Option<(Side, Vec<UnitId>, Coord)> {
    match st.g.pending.first() {
        Some(Pending::Retreat { side, units, from }) => Some((*side, units.clone(), *from)),
        _ => None,
    }
}

impl PlayStep<Sadowa> for Retreat {
    fn name(&self) -> &'static str {
        "Retreat"
    }
    fn case(&self) -> &'static str {
        "7.4.1"
    }
    fn prompt(&self, rules: &SdRules, st: &SdState) -> String {
        let Some((side, units, from)) = current(st) else {
            return "Retreat".into();
        };
        let names: Vec<String> = units
            .iter()
            .filter_map(|&u| rules.unit(u).map(|d| d.name.clone()))
            .collect();
        format!(
            "{}: retreat {} from {from} two hexes toward a friendly supply source (7.4.1)",
            side.name(),
            names.join(", ")
        )
    }
    fn to_act(&self, _rules: &SdRules, st: &SdState) -> Option<Side> {
        current(st).map(|c| c.0)
    }
    fn takes(&self, cmd: &SdCommand) -> bool {
        matches!(cmd, SdCommand::Retreat { .. })
    }
    fn legal(&self, rules: &SdRules, st: &SdState, out: &mut Vec<SdCommand>) {
        if let Some((side, units, from)) = current(st) {
            for path in paths(rules, st, side, &units, from) {
                out.push(SdCommand::Retreat { path });
            }
        }
    }
    fn check(&self, rules: &SdRules, st: &SdState, cmd: &SdCommand) -> Result<(), Refusal> {
        let SdCommand::Retreat { path } = cmd else {
            return Err(refuse("7.4.1", "a retreat path is due"));
        };
        let Some((side, units, from)) = current(st) else {
            return Err(refuse("7.4.1", "no retreat is due"));
        };
        if paths(rules, st, side, &units, from).contains(path) {
            Ok(())
        } else {
            Err(refuse(
                "7.4.1",
                "not a legal retreat: two hexes toward a friendly supply source, never through enemy units or mountains, avoiding enemy ZOC, then friendly units, then overstacking, as far as any path can",
            ))
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
        let SdCommand::Retreat { path } = cmd else {
            return;
        };
        let Some((side, units, _from)) = current(st) else {
            return;
        };
        let mut g = Game {
            rules,
            st,
            dice,
            log,
        };
        let Some(&end) = path.last() else {
            return;
        };
        let bad = violations(rules, g.st, side, &units, path);
        g.st.g.pending.remove(0);
        let was_disrupted = units
            .iter()
            .any(|&u| rules.kind(u).is_combat() && unit(g.st, u).disrupted);
        for &u in &units {
            if hex_of(g.st, u).is_some()
                && let Some(s) = g.st.units.get_mut(u as usize)
            {
                s.hex = Some(end);
            }
        }
        let route: Vec<String> = path.iter().map(|c| c.to_string()).collect();
        g.note(
            "7.4.1",
            format!(
                "{} retreats to {} ({} hexes{})",
                side.name(),
                route.join("-"),
                path.len(),
                if bad > 0 {
                    format!(", {bad} in violation")
                } else {
                    String::new()
                }
            ),
        );
        if bad > 0 {
            if was_disrupted {
                g.lose_points(
                    side,
                    bad,
                    "7.4.1",
                    "already Disrupted units retreating in violation: 1 a hex",
                );
            }
            for &u in &units {
                if rules.kind(u).is_combat()
                    && let Some(s) = g.st.units.get_mut(u as usize)
                    && !s.disrupted
                {
                    s.disrupted = true;
                    let n = rules.units[u as usize].name.clone();
                    g.note("7.4.1", format!("{n} is Disrupted by its retreat"));
                }
            }
        }
        // 3.3: like a move, a retreat takes control of every place it passes through,
        // its end included
        if units.iter().any(|&u| rules.kind(u).is_combat()) {
            for &h in path {
                g.take_control(h, side);
            }
        }
        combat::settle(&mut g);
    }
}
