//! Movement (7.1, 7.2) and zones of control (3.2): pure functions over the rules and a
//! state.
//!
//! ZOC (3.2): every combat unit (corps, cavalry; not HQs 2.2.2, not garrisons 9.3)
//! projects a ZOC into its six neighbours, except across a river, into a fortress
//! controlled by the projecting unit's enemy, or out of a besieged fortress. Any unit
//! of the other side standing in a hex negates the enemy ZOC there.
//!
//! RECONSTRUCTED (the rulebook does not say what a ZOC does to movement; the charts of
//! the Vicksburg family do): a unit that enters an enemy ZOC stops there; a unit that
//! begins its move in one may leave it freely, also straight into another enemy ZOC
//! hex (where it stops again).

use super::data::{Kind, SdRules, Side, UnitId};
use super::flow::{controller, is_fortress, unit};
use super::state::SdState;
use crate::engine::hexmap::{Coord, NONE};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// 7.2: the MP allowance of a unit activated now: 3 Uncommitted (4 the cavalry), 1
/// Committed (7.2.1, 7.2.2: the status it begins the Operations Phase in, which is the
/// status it has when activated: units flip only at the end of an operation).
pub fn allowance(rules: &SdRules, st: &SdState, u: UnitId) -> u8 {
    if unit(st, u).committed {
        1
    } else if rules.kind(u) == Kind::Cavalry {
        4
    } else {
        3
    }
}

/// A river on the hexside between two adjacent hexes (3.2, TEC).
pub fn river(rules: &SdRules, a: Coord, b: Coord) -> bool {
    rules
        .map
        .hex
        .side(a, b)
        .is_some_and(|f| !matches!(f.kind, crate::engine::hexmap::SideKind::Swamp))
}

/// A road or railroad joins two adjacent hexes (7.1, 5.2).
pub fn road_or_rail(rules: &SdRules, a: Coord, b: Coord) -> bool {
    rules.map.road_between(a, b) || rules.map.rail_between(a, b)
}

/// The MP cost to enter `to` from the adjacent `from` (the Terrain Effects Chart,
/// `charts::enter_cost`: along a road or railroad its MP, bridging any river; otherwise
/// the worse of the hex's terrain and elevation plus the river crossed), None when it
/// cannot be entered.
pub fn enter_cost(rules: &SdRules, from: Coord, to: Coord) -> Option<u8> {
    let m = &rules.map;
    if !m.hex.contains(to) || from.distance(to) != 1 {
        return None;
    }
    let river = m.river_between(from, to).map(|f| (f.kind, f.bridge));
    rules
        .charts
        .enter_cost(
            m.hex.terrain(to),
            m.hex.elevation(to),
            m.road_between(from, to),
            m.rail_between(from, to),
            river,
        )
        .map(|c| c.min(u8::MAX as u32) as u8)
}

/// 3.2: does a combat unit of `owner` at `from` project its ZOC into `into`?
fn projects(rules: &SdRules, st: &SdState, owner: Side, from: Coord, into: Coord) -> bool {
    if river(rules, from, into) {
        return false;
    }
    // not into fortresses controlled by the ZOC owner's enemy
    if is_fortress(rules, into) && controller(rules, st, into) == Some(owner.other()) {
        return false;
    }
    // not out of a besieged fortress
    !st.g.sieges.iter().any(|s| s.fortress == from)
}

/// Who stands where and which hexes each side's ZOC reaches, computed once for a
/// position (3.2). Indexed by `HexMap::index`.
pub struct Zoc {
    /// The side with units in each hex (HQs and garrisons count: they negate ZOC).
    pub occ: Vec<Option<Side>>,
    /// [Austria, Prussia]: hexes into which that side's combat units project a ZOC
    /// (before negation).
    pub projected: [Vec<bool>; 2],
}

impl Zoc {
    pub fn new(rules: &SdRules, st: &SdState) -> Zoc {
        Self::without(rules, st, None)
    }

    /// As [`Zoc::new`] with unit `except` left out (the mover: it does not negate the
    /// ZOC of the hex it has just entered for its own movement).
    pub fn without(rules: &SdRules, st: &SdState, except: Option<UnitId>) -> Zoc {
        let m = &rules.map.hex;
        let n = m.len();
        let mut occ = vec![None; n];
        let mut projected = [vec![false; n], vec![false; n]];
        for u in rules.ids().filter(|&u| Some(u) != except) {
            let Some(h) = st.units.get(u as usize).and_then(|s| s.on_map()) else {
                continue;
            };
            let Some(i) = m.index(h) else { continue };
            let side = rules.side(u);
            occ[i] = Some(side);
            if !rules.kind(u).is_combat() {
                continue;
            }
            for d in 0..6 {
                let j = m.nbr_index(i, d);
                if j == NONE {
                    continue;
                }
                let j = j as usize;
                if !projected[side.idx()][j] && projects(rules, st, side, h, m.coord_at(j)) {
                    projected[side.idx()][j] = true;
                }
            }
        }
        Zoc { occ, projected }
    }

    /// 3.2: hex `i` is in an un-negated ZOC of `enemy` (no unit of the other side in it).
    pub fn enemy_zoc(&self, i: usize, enemy: Side) -> bool {
        self.projected[enemy.idx()].get(i).copied().unwrap_or(false)
            && self.occ.get(i).copied().flatten() != Some(enemy.other())
    }

    /// 5.1, 5.2: hex `i` is free for `side`'s supply: no enemy unit in it and no
    /// un-negated enemy ZOC.
    pub fn free_for(&self, i: usize, side: Side) -> bool {
        self.occ.get(i).copied().flatten() != Some(side.other()) && !self.enemy_zoc(i, side.other())
    }
}

/// 3.2: is `hex` in an un-negated ZOC of `enemy`'s combat units?
pub fn in_enemy_zoc(rules: &SdRules, st: &SdState, hex: Coord, enemy: Side) -> bool {
    let Some(i) = rules.map.hex.index(hex) else {
        return false;
    };
    Zoc::new(rules, st).enemy_zoc(i, enemy)
}

/// RECONSTRUCTED (see the module comment): `u`, having entered `hex`, stops there: an
/// enemy ZOC reaches it that no other unit of its side standing there negates.
pub fn stops_in(rules: &SdRules, st: &SdState, u: UnitId, hex: Coord) -> bool {
    let Some(i) = rules.map.hex.index(hex) else {
        return false;
    };
    Zoc::without(rules, st, Some(u)).enemy_zoc(i, rules.side(u).other())
}

/// 8.6, 8.8: a fortress hex besieged by `side`'s enemy.
pub fn besieged_against(st: &SdState, hex: Coord, side: Side) -> bool {
    st.g.sieges
        .iter()
        .any(|s| s.fortress == hex && s.by != side)
}

/// The search behind [`reach`] and [`path`]: per hex index the least MP cost and the
/// hex it was entered from.
struct Tree {
    start: Coord,
    best: Vec<Option<u8>>,
    prev: Vec<u32>,
    order: Vec<usize>,
}

fn search(rules: &SdRules, st: &SdState, u: UnitId) -> Option<Tree> {
    let s = unit(st, u);
    let start = s.on_map()?;
    let side = rules.side(u);
    let m = &rules.map.hex;
    let si = m.index(start)?;
    let mut t = Tree {
        start,
        best: vec![None; m.len()],
        prev: vec![NONE; m.len()],
        order: Vec::new(),
    };
    t.best[si] = Some(0);
    // 8.6: besieged units (garrisons too) cannot move out until the siege is lifted;
    // 7.2.3 note: garrisons never move.
    if besieged_against(st, start, side) || rules.kind(u) == Kind::Garrison {
        return Some(t);
    }
    let zoc = Zoc::new(rules, st);
    let mp = s.mp;
    // 7.2.3: an Uncommitted unit that has not moved yet may always enter one hex.
    let full = !s.committed && mp == allowance(rules, st, u);
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((0u8, si)));
    while let Some(Reverse((cost, ai))) = heap.pop() {
        if t.best[ai] != Some(cost) {
            continue;
        }
        if ai != si {
            t.order.push(ai);
            // RECONSTRUCTED: entering an enemy ZOC ends the move.
            if zoc.enemy_zoc(ai, side.other()) {
                continue;
            }
        }
        let at = m.coord_at(ai);
        for d in 0..6 {
            let ni = m.nbr_index(ai, d);
            if ni == NONE {
                continue;
            }
            let ni = ni as usize;
            let n = m.coord_at(ni);
            // never into an enemy-occupied hex (7.2.3), nor into a fortress besieged by
            // the enemy (8.8)
            if zoc.occ[ni] == Some(side.other()) || besieged_against(st, n, side) {
                continue;
            }
            let Some(c) = enter_cost(rules, at, n) else {
                continue;
            };
            let total = cost.saturating_add(c);
            let allowed = total <= mp || (full && ai == si && !rules.map.is_mountain(n));
            if !allowed {
                continue;
            }
            if t.best[ni].is_none_or(|b| total < b) {
                t.best[ni] = Some(total);
                t.prev[ni] = ai as u32;
                heap.push(Reverse((total, ni)));
            }
        }
    }
    Some(t)
}

/// Every hex `u` can reach with its remaining MP this operation, with the cost, starting
/// from its hex (not listed), in order of cost. 7.2.3: an Uncommitted unit that has
/// not moved may always move one hex, except into a mountain or an enemy-occupied hex.
/// Movement stops on entering an enemy ZOC (RECONSTRUCTED, see the module comment).
/// Stacking (3.1) is not checked here: a unit may pass through a full hex.
pub fn reach(rules: &SdRules, st: &SdState, u: UnitId) -> Vec<(Coord, u8)> {
    let Some(t) = search(rules, st, u) else {
        return Vec::new();
    };
    let m = &rules.map.hex;
    t.order
        .iter()
        .filter_map(|&i| t.best[i].map(|c| (m.coord_at(i), c)))
        .collect()
}

/// The cheapest route of `u` to `to`: the hexes entered in order, `to` last (the start
/// hex not included); empty when `to` cannot be reached. For the screen to draw.
pub fn path(rules: &SdRules, st: &SdState, u: UnitId, to: Coord) -> Vec<Coord> {
    let Some(t) = search(rules, st, u) else {
        return Vec::new();
    };
    let m = &rules.map.hex;
    let Some(mut i) = m.index(to) else {
        return Vec::new();
    };
    if t.best[i].is_none() || to == t.start {
        return Vec::new();
    }
    let mut out = vec![to];
    while t.prev[i] != NONE {
        i = t.prev[i] as usize;
        let c = m.coord_at(i);
        if c == t.start {
            break;
        }
        out.push(c);
    }
    out.reverse();
    out
}
