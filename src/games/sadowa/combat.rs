//! Combat (7.3, 7.4). STUB to be completed.

use super::data::UnitId;
use super::flow::Game;

/// 7.3: `lead` attacks `target`: participation, odds, the roll and its results.
pub fn resolve(g: &mut Game, lead: UnitId, target: UnitId) {
    g.st.units[lead as usize].attacked = true;
    let _ = target;
}
