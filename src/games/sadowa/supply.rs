//! Supply (4.1, 5, 8.9): sources, lines of supply, surrounded units, forage supply.
//!
//! One search per side for the whole map ([`supplied_hexes`]):
//! 1. a hex is *free* for a side when no enemy unit stands in it and no un-negated enemy
//!    ZOC reaches it (3.2: a unit of the side standing there negates it);
//! 2. the side's sources (5.1: Prussia the north map edge and 1007, Austria the south
//!    edge) function while free;
//! 3. from the functioning sources the roads and railroads, combined, are followed
//!    through free hexes for any length (5.2);
//! 4. from every source and road/railroad hex so reached, at most 3 hexes overland
//!    through free hexes; the unit's own hex is not counted (5.2) and is free anyway
//!    while the unit stands in it (its presence negates an enemy ZOC there).
//!
//! The screen's overlay draws [`SupplyMap::judged`]: per side and hex, would a unit of
//! that side standing there be in supply (the traced line, 8.9 the friendly fortress,
//! 5.5 forage supply).

use super::data::{SdRules, Side, UnitId};
use super::flow::{controller, is_fortress};
use super::map::Country;
use super::movement::{Zoc, road_or_rail};
use super::state::SdState;
use crate::engine::hexmap::{Coord, NONE};
use std::collections::VecDeque;

/// 5.2: the longest overland part of a supply line (the unit's hex not counted).
pub const LINE_HEXES: u8 = 3;

/// The supply state of every hex for both sides, indexed by `HexMap::index`,
/// [Austria, Prussia].
pub struct SupplyMap {
    /// 5.2: a line of supply can be traced from the hex (a source or road/railroad
    /// network within 3 free hexes). 9.5 and 8.1 ask for this.
    pub supplied: [Vec<bool>; 2],
    /// 5.4: every neighbour of the hex is enemy-occupied or in an un-negated enemy ZOC.
    pub surrounded: [Vec<bool>; 2],
    /// 4.1: a unit of the side in the hex is judged in supply: a traced line, or a
    /// friendly-controlled fortress (8.9), or Prussian forage supply in Austria when not
    /// surrounded (5.5).
    pub judged: [Vec<bool>; 2],
    /// 5.1: the side's supply sources that function (free of enemy units and ZOC).
    pub sources: [Vec<Coord>; 2],
}

impl SupplyMap {
    fn at(v: &[bool], rules: &SdRules, hex: Coord) -> bool {
        rules
            .map
            .hex
            .index(hex)
            .and_then(|i| v.get(i).copied())
            .unwrap_or(false)
    }
    /// 4.1: would a unit of `side` standing in `hex` be in supply?
    pub fn is_supplied(&self, rules: &SdRules, side: Side, hex: Coord) -> bool {
        Self::at(&self.judged[side.idx()], rules, hex)
    }
    /// 5.2: can a line of supply be traced from `hex` for `side`?
    pub fn traces(&self, rules: &SdRules, side: Side, hex: Coord) -> bool {
        Self::at(&self.supplied[side.idx()], rules, hex)
    }
    /// 5.4: would a unit of `side` in `hex` be surrounded?
    pub fn is_surrounded(&self, rules: &SdRules, side: Side, hex: Coord) -> bool {
        Self::at(&self.surrounded[side.idx()], rules, hex)
    }
}

/// 5.1: a side's supply sources (functioning or not).
pub fn sources(rules: &SdRules, side: Side) -> Vec<Coord> {
    match side {
        Side::Prussia => rules.map.prussian_supply_sources(),
        Side::Austria => rules.map.austrian_supply_sources(),
    }
}

/// The supply state of the whole map for both sides (one search per side).
pub fn supplied_hexes(rules: &SdRules, st: &SdState) -> SupplyMap {
    let zoc = Zoc::new(rules, st);
    let m = &rules.map.hex;
    let n = m.len();
    let mut out = SupplyMap {
        supplied: [vec![false; n], vec![false; n]],
        surrounded: [vec![false; n], vec![false; n]],
        judged: [vec![false; n], vec![false; n]],
        sources: [Vec::new(), Vec::new()],
    };
    let mut dist: Vec<u8> = vec![u8::MAX; n];
    let mut queue: VecDeque<usize> = VecDeque::with_capacity(n);
    for side in Side::BOTH {
        let s = side.idx();
        let free: Vec<bool> = (0..n).map(|i| zoc.free_for(i, side)).collect();
        // 2. functioning sources
        dist.iter_mut().for_each(|d| *d = u8::MAX);
        queue.clear();
        for c in sources(rules, side) {
            if let Some(i) = m.index(c)
                && free[i]
                && dist[i] != 0
            {
                dist[i] = 0;
                queue.push_back(i);
                out.sources[s].push(c);
            }
        }
        // 3. the road and railroad network from them, of any length
        let mut k = 0;
        while k < queue.len() {
            let i = queue[k];
            k += 1;
            let c = m.coord_at(i);
            for d in 0..6 {
                let j = m.nbr_index(i, d);
                if j == NONE {
                    continue;
                }
                let j = j as usize;
                if dist[j] == 0 || !free[j] || !road_or_rail(rules, c, m.coord_at(j)) {
                    continue;
                }
                dist[j] = 0;
                queue.push_back(j);
            }
        }
        // 4. up to 3 hexes overland; only free hexes carry the line on
        while let Some(i) = queue.pop_front() {
            let di = dist[i];
            if di >= LINE_HEXES || !free[i] {
                continue;
            }
            for d in 0..6 {
                let j = m.nbr_index(i, d);
                if j == NONE {
                    continue;
                }
                let j = j as usize;
                if dist[j] <= di + 1 {
                    continue;
                }
                dist[j] = di + 1;
                queue.push_back(j);
            }
        }
        for (i, &di) in dist.iter().enumerate() {
            let enemy_here = zoc.occ[i] == Some(side.other());
            out.supplied[s][i] = di <= LINE_HEXES && !enemy_here;
            // 5.4: surrounded: every neighbour on the map enemy-occupied or in an
            // un-negated enemy ZOC
            let mut any = false;
            let mut all = true;
            for d in 0..6 {
                let j = m.nbr_index(i, d);
                if j == NONE {
                    continue;
                }
                any = true;
                if free[j as usize] {
                    all = false;
                    break;
                }
            }
            out.surrounded[s][i] = any && all && !enemy_here;
            let c = m.coord_at(i);
            let fortress = is_fortress(rules, c) && controller(rules, st, c) == Some(side);
            let forage = side == Side::Prussia
                && st.g.forage
                && rules.map.country(c) == Some(Country::Austria)
                && !out.surrounded[s][i];
            out.judged[s][i] = !enemy_here && (out.supplied[s][i] || fortress || forage);
        }
    }
    out
}

/// 4.1: is unit `u` in supply now (units off the map count as supplied)?
pub fn in_supply(rules: &SdRules, st: &SdState, map: &SupplyMap, u: UnitId) -> bool {
    let Some(hex) = st.units.get(u as usize).and_then(|s| s.on_map()) else {
        return true;
    };
    map.is_supplied(rules, rules.side(u), hex)
}

/// 5.4: is a unit of `side` in `hex` surrounded by enemy units and/or un-negated enemy
/// ZOCs (every adjacent hex of the map)?
pub fn surrounded(rules: &SdRules, st: &SdState, hex: Coord, side: Side) -> bool {
    supplied_hexes(rules, st).is_surrounded(rules, side, hex)
}
