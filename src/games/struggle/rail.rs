//! Special railroad movement (9.61-9.63) during a move: a block of bonus MPs (3, 6 for
//! Prussia) spent on railroads joining two friendly spaces of provinces friendly at the
//! start of the turn, into no space with an enemy CU or PC. Non-rail movement may come
//! before or after the block (9.61 example); once other movement follows, the block is
//! over. The junction's extra MP (9.62) is part of the route's cost.

use super::control;
use super::data::StRules;
use super::endturn::situation;
use super::map::{RouteKind, SpaceId};
use super::state::*;
use crate::engine::side::Side;

/// Is the step `from` -> `to` on a railroad `side` may use for the bonus now (9.61, 9.63,
/// 14.5)? The provinces' controllers in the state are those of the start of the turn:
/// they change only at the end of a turn (14.2).
pub fn rail_step(rules: &StRules, st: &StState, side: Side, from: SpaceId, to: SpaceId) -> bool {
    let Some(route) = rules.map.route_index(from, to) else {
        return false;
    };
    if rules.map.routes.get(route).map(|r| r.kind) != Some(RouteKind::Rail) {
        return false;
    }
    let sit = situation(rules, st);
    control::rail_routes(&rules.map, side, &sit, provinces_at_start(st))
        .get(route)
        .copied()
        .unwrap_or(false)
}

/// The bonus MPs left after this step if the block pays for it (`cost` MPs), or None
/// when the step is paid from the ordinary MPs.
pub fn paid_by_rail(
    rules: &StRules,
    st: &StState,
    m: &Mover,
    side: Side,
    to: SpaceId,
    cost: u8,
) -> Option<u8> {
    if m.save_rail || m.rail == Some(0) || !rail_step(rules, st, side, m.at, to) {
        return None;
    }
    let left = m.rail.unwrap_or(control::rail_bonus(side));
    (cost <= left).then(|| left - cost)
}

/// 9.61 ("used as a block and non-rail movement may precede or follow"): may the mover
/// choose now to keep its block for later or to let it begin? Only while the block has
/// not begun and a step from here is one the block could pay for (else the choice makes
/// no difference).
pub fn block_choice(rules: &StRules, st: &StState) -> Result<(), super::state::Refusal> {
    let refuse = |why: &str| Err(super::state::Refusal::new("9.61", why));
    let Some(op) = st.g.op.as_ref() else {
        return refuse("nothing is moving");
    };
    let Some(m) = op.mover.as_ref() else {
        return refuse("nothing is moving");
    };
    if m.rail.is_some() {
        return refuse("the rail bonus block has begun (or is over): it is used as one block");
    }
    let free = Mover {
        save_rail: false,
        ..m.clone()
    };
    let eligible = rules.map.routes_from(m.at).any(|(_, to)| {
        super::events::enter_cost(rules, st, m.at, to)
            .is_some_and(|c| paid_by_rail(rules, st, &free, op.side, to, c).is_some())
    });
    if !eligible {
        return refuse(
            "no step from here is on friendly rail the bonus could pay for: nothing to keep",
        );
    }
    Ok(())
}

/// 9.61: every activated unit is allotted its own bonus block: the bonus MPs unit piece
/// `p` has left after this step if its block pays for it, or None when the step is paid
/// from its own MA. (An army's units may so use their block where the army's own, spent
/// on the general's 6 MPs, is over: the example of play's Hesse-D. picks up the HD ID at
/// Darmstadt after three rail MPs and takes it six more to Cassel, "none of the units
/// exceeded their own MA".)
pub fn unit_paid_by_rail(
    rules: &StRules,
    st: &StState,
    op: &Op,
    p: Piece,
    from: SpaceId,
    to: SpaceId,
    cost: u8,
) -> Option<u8> {
    let left = op
        .rail_left
        .iter()
        .find(|(q, _)| *q == p)
        .map(|x| x.1)
        .unwrap_or(control::rail_bonus(op.side));
    let saved = op.mover.as_ref().is_some_and(|m| m.save_rail);
    if saved || left == 0 || !rail_step(rules, st, op.side, from, to) {
        return None;
    }
    (cost <= left).then(|| left - cost)
}

/// 9.63: the provinces' controllers at the beginning of the turn (a change an event made
/// during the turn counts only after the end-of-turn control, 14.2).
pub fn provinces_at_start(st: &StState) -> &[Option<Side>] {
    if st.g.provinces_at_start.is_empty() {
        &st.g.provinces
    } else {
        &st.g.provinces_at_start
    }
}

/// 9.61, 9.63: may `side` use the railroads of space `s` for special rail movement now?
pub fn rail_space(rules: &StRules, st: &StState, side: Side, s: SpaceId) -> bool {
    let sit = situation(rules, st);
    control::rail_friendly(&rules.map, side, s, &sit, provinces_at_start(st))
}
