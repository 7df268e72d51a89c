//! Movement (7.1, 7.2) and zones of control (3.2): pure functions over the rules and a
//! state.

use super::data::{Kind, SdRules, Side, UnitId};
use super::flow::{controller, hex_of, is_fortress, occupant, unit};
use super::state::SdState;
use crate::engine::hexmap::Coord;
use std::collections::BinaryHeap;

/// 7.2: the MP allowance of a unit activated now: 3 Uncommitted (4 the cavalry), 1
/// Committed.
pub fn allowance(rules: &SdRules, st: &SdState, u: UnitId) -> u8 {
    if unit(st, u).committed {
        1
    } else if rules.kind(u) == Kind::Cavalry {
        4
    } else {
        3
    }
}

/// The MP cost to enter `to` from the adjacent `from` (Terrain Effects Chart), None
/// when it cannot be entered.
pub fn enter_cost(rules: &SdRules, from: Coord, to: Coord) -> Option<u8> {
    let m = &rules.map;
    if !m.hex.contains(to) || from.distance(to) != 1 {
        return None;
    }
    if m.road_between(from, to) || m.rail_between(from, to) {
        return Some(1);
    }
    let base: u8 = if m.is_mountain(to) {
        3
    } else if m.hex.elevation(to) == 2 || m.hex.terrain(to) == crate::engine::hexmap::Terrain::Woods
    {
        2
    } else {
        1
    };
    let river = if m.river_between(from, to).is_some() { 1 } else { 0 };
    Some(base + river)
}

/// 3.2: does a combat unit of `owner` at `from` project its ZOC into `into`?
fn projects(rules: &SdRules, st: &SdState, owner: Side, from: Coord, into: Coord) -> bool {
    if rules.map.river_between(from, into).is_some() {
        return false;
    }
    // not into fortresses controlled by the ZOC owner's enemy
    if is_fortress(rules, into) && controller(rules, st, into) == Some(owner.other()) {
        return false;
    }
    // not out of a besieged fortress
    !st.g.sieges.iter().any(|s| s.fortress == from)
}

/// 3.2: is `hex` in an un-negated ZOC of `enemy`'s combat units?
pub fn in_enemy_zoc(rules: &SdRules, st: &SdState, hex: Coord, enemy: Side) -> bool {
    // an opposing (non-`enemy`) unit in the hex negates the ZOC there
    if occupant(rules, st, hex) == Some(enemy.other()) {
        return false;
    }
    rules.ids().any(|u| {
        rules.side(u) == enemy
            && rules.kind(u).is_combat()
            && hex_of(st, u)
                .is_some_and(|h| h.distance(hex) == 1 && projects(rules, st, enemy, h, hex))
    })
}

/// Every hex `u` can reach with its remaining MP this operation, with the cost, starting
/// from its hex (not listed). 7.2.3: an Uncommitted unit with its full allowance may
/// always move one hex, except into a mountain or an enemy-occupied hex. Movement stops on
/// entering an enemy ZOC (RECONSTRUCTED: see docs/games/sadowa.md).
pub fn reach(rules: &SdRules, st: &SdState, u: UnitId) -> Vec<(Coord, u8)> {
    let s = unit(st, u);
    let Some(start) = s.on_map() else {
        return Vec::new();
    };
    let side = rules.side(u);
    let mp = s.mp;
    let full = !s.committed && mp == allowance(rules, st, u);
    let m = &rules.map.hex;
    let mut best: Vec<Option<u8>> = vec![None; m.len()];
    let Some(si) = m.index(start) else {
        return Vec::new();
    };
    best[si] = Some(0);
    let mut heap = BinaryHeap::new();
    heap.push(std::cmp::Reverse((0u8, start)));
    let mut out = Vec::new();
    while let Some(std::cmp::Reverse((cost, at))) = heap.pop() {
        let Some(ai) = m.index(at) else { continue };
        if best[ai] != Some(cost) {
            continue;
        }
        if at != start {
            out.push((at, cost));
            if in_enemy_zoc(rules, st, at, side.other()) {
                continue;
            }
        }
        for (_, n) in m.neighbors(at) {
            let Some(ni) = m.index(n) else { continue };
            if occupant(rules, st, n) == Some(side.other()) {
                continue;
            }
            let Some(c) = enter_cost(rules, at, n) else {
                continue;
            };
            let total = cost.saturating_add(c);
            let allowed = total <= mp || (full && at == start && !rules.map.is_mountain(n));
            if !allowed {
                continue;
            }
            if best[ni].is_none_or(|b| total < b) {
                best[ni] = Some(total);
                heap.push(std::cmp::Reverse((total, n)));
            }
        }
    }
    out
}
