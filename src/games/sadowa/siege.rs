//! Sieges and fortresses (8). STUB to be completed.

use super::data::Side;
use super::flow::Game;
use super::state::Step;

/// 4.4: the Siege Phase begins: surrender and level checks on brown-shaded turns, then
/// each side's declarations (Prussia first).
pub fn begin(g: &mut Game) {
    g.st.g.step = Step::Siege(Side::Prussia);
}

/// 8.5 (1): a besieging unit that moves ends the sieges it took part in.
pub fn after_move(_g: &mut Game, _u: crate::games::sadowa::data::UnitId) {}

/// After a side's Siege Phase decisions: the other side's, then the Reinforcement Phase.
pub fn done(g: &mut Game, side: Side) {
    if side == Side::Prussia {
        g.st.g.step = Step::Siege(Side::Austria);
    } else {
        g.reinforcement_phase();
    }
}

/// 8.1: the fortresses `side` may declare a siege of now.
pub fn eligible(
    _rules: &crate::games::sadowa::data::SdRules,
    _st: &crate::games::sadowa::state::SdState,
    _side: Side,
) -> Vec<crate::engine::hexmap::Coord> {
    Vec::new()
}

pub fn eligible_check(
    _rules: &crate::games::sadowa::data::SdRules,
    _st: &crate::games::sadowa::state::SdState,
    _side: Side,
    fortress: crate::engine::hexmap::Coord,
) -> Result<(), crate::engine::refusal::Refusal> {
    Err(crate::engine::refusal::Refusal::new(
        "8.1",
        format!("{fortress} cannot be besieged now"),
    ))
}

pub fn declare(_g: &mut Game, _side: Side, _fortress: crate::engine::hexmap::Coord) {}

pub fn lift(g: &mut Game, fortress: crate::engine::hexmap::Coord, rule: &str, why: &str) {
    g.st.g.sieges.retain(|s| s.fortress != fortress);
    g.note(rule, format!("The siege of {fortress} ends: {why}"));
}
