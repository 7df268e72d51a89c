//! Supply (4.1, 5): sources, lines of supply, surrounded units. STUB to be completed.

use super::data::{SdRules, Side, UnitId};
use super::state::SdState;
use crate::engine::hexmap::Coord;

/// The hexes from which each side's units are in supply [Austria, Prussia].
pub struct SupplyMap {
    pub supplied: [Vec<bool>; 2],
}

pub fn supplied_hexes(rules: &SdRules, _st: &SdState) -> SupplyMap {
    let n = rules.map.hex.len();
    SupplyMap {
        supplied: [vec![true; n], vec![true; n]],
    }
}

pub fn in_supply(rules: &SdRules, st: &SdState, map: &SupplyMap, u: UnitId) -> bool {
    let Some(hex) = st.units.get(u as usize).and_then(|s| s.on_map()) else {
        return true;
    };
    let side = rules.side(u);
    rules
        .map
        .hex
        .index(hex)
        .and_then(|i| map.supplied[side.idx()].get(i).copied())
        .unwrap_or(false)
}

pub fn surrounded(_rules: &SdRules, _st: &SdState, _hex: Coord, _side: Side) -> bool {
    false
}
