//! The computer's view of the Great Saxon War (issue 15, docs/AI.md): its evaluation
//! and the opponent's secret declaration to fight.

use super::data::Power;
use super::data::SxRules;
use super::state::{Side, Step, SxState};
use crate::ai::margin_score;
use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// The RECONSTRUCTED victory (docs/games/saxonwar.md): enemy fortresses held, plus a
/// tenth for each enemy SP eliminated or taken prisoner (less one's own), plus the
/// surrenders ([`surrender_margin`]), over a scale of 2 fortresses.
pub fn evaluate(rules: &SxRules, st: &SxState, side: &str) -> f64 {
    let Some(me) = Side::from_name(side) else {
        return 0.5;
    };
    let mut margin = 0.0;
    for (i, a) in rules.areas.iter().enumerate() {
        if a.fortress.is_some()
            && let Some(h) = st.areas[i].holder
            && let Some(owner) = a.country.power()
            && h != owner.side()
        {
            margin += if h == me { 1.0 } else { -1.0 };
        }
    }
    for p in Power::ALL {
        let lost = st.pools.eliminated[p.idx()] as f64
            + st.pools.prisoners[0][p.idx()] as f64
            + st.pools.prisoners[1][p.idx()] as f64;
        margin += if p.side() == me { -0.1 } else { 0.1 } * lost;
    }
    margin += surrender_margin(rules, st, me);
    let winner = st.g.winner.map(|w| w.name());
    margin_score(st.g.step == Step::GameOver, winner, side, margin, 2.0)
}

/// What a surrender is worth to the evaluation, in fortresses (our heuristic): a power
/// of the enemy's side that has surrendered (grand.surrender; in the 1756 campaign
/// Saxony's surrender wins it for Prussia) [`SURRENDER_WEIGHT`], one left with a single
/// starting fortress of its own [`LAST_FORTRESS_WEIGHT`]; less the same for one's own.
fn surrender_margin(rules: &SxRules, st: &SxState, me: Side) -> f64 {
    let mut margin = 0.0;
    for p in [Power::Prussia, Power::Austria, Power::Saxony] {
        if !st.g.active[p.idx()] {
            continue;
        }
        let sign = if p.side() == me { -1.0 } else { 1.0 };
        if st.g.out[p.idx()] {
            margin += sign * SURRENDER_WEIGHT;
            continue;
        }
        let enemy = p.side().other();
        let forts = super::rules::starting_fortresses(rules, p);
        let left = forts
            .iter()
            .filter(|a| st.areas[**a as usize].holder != Some(enemy))
            .count();
        if !forts.is_empty() && left == 1 {
            margin += sign * LAST_FORTRESS_WEIGHT;
        }
    }
    margin
}

/// See [`surrender_margin`].
pub const SURRENDER_WEIGHT: f64 = 4.0;
/// See [`surrender_margin`].
pub const LAST_FORTRESS_WEIGHT: f64 = 1.0;

/// The opponent's secret declaration to fight or not, not yet revealed, is drawn at
/// random; while Prussia's side deploys (or re-deploys) after Austria's, Austria's
/// forces that could have been placed in secret are placed again at random in their own
/// countries (deployment.secret, grand.start, grand.redeploy: `deploy::scatter`).
pub fn determinize(
    rules: &SxRules,
    st: &SxState,
    seat: &str,
    rng: &mut Xoshiro256PlusPlus,
) -> SxState {
    let mut out = st.clone();
    let Some(me) = Side::from_name(seat) else {
        return out;
    };
    let other = me.other();
    // Austria's side always deploys first: its placements are the secret Prussia's side
    // must not read
    if st.g.step == Step::Deploy && st.g.deploying == me && other == Side::Austria {
        super::steps::deploy::scatter(rules, &mut out, other, rng);
    }
    if st.g.step == Step::Combat
        && let Some(c) = out.g.combat.as_mut()
        && c.fight[me.idx()].is_none()
        && c.fight[other.idx()].is_some()
        && super::rules::may_initiate(st, c.area, other)
    {
        // a side without a good force may only decline (morale.states): no secret
        c.fight[other.idx()] = Some(rng.random_bool(0.5));
    }
    out
}
