//! The computer's view of the Great Saxon War (issue 15, docs/AI.md): its evaluation
//! and the opponent's secret declaration to fight.

use super::data::{AreaId, Power, SxRules};
use super::state::{Side, Step, SxCommand, SxState};
use crate::ai::margin_score;
use crate::engine::game::RulesGame;
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

/// The areas with a fortress `side` marches on: the enemy's fortresses it does not hold
/// and its own the enemy holds (powers at war only).
pub fn targets(rules: &SxRules, st: &SxState, side: Side) -> Vec<AreaId> {
    (0..rules.areas.len())
        .filter(|&i| rules.areas[i].fortress.is_some())
        .filter(|&i| {
            let Some(owner) = rules.areas[i].country.power() else {
                return false;
            };
            if !st.g.active[owner.idx()] || st.g.out[owner.idx()] {
                return false;
            }
            let holder = st.areas[i].holder;
            if owner.side() == side {
                holder == Some(side.other())
            } else {
                holder != Some(side)
            }
        })
        .map(|i| i as AreaId)
        .collect()
}

/// The areas a march may enter, from a list of commands.
pub fn enter_areas(legal: &[SxCommand]) -> Vec<AreaId> {
    legal
        .iter()
        .filter_map(|c| match c {
            SxCommand::Enter { area } => Some(*area),
            _ => None,
        })
        .collect()
}

/// Steps from every area to the nearest of `from` over the map's links.
pub fn distances(rules: &SxRules, from: &[AreaId]) -> Vec<u32> {
    let mut d = vec![u32::MAX; rules.areas.len()];
    let mut queue = std::collections::VecDeque::new();
    for &a in from {
        if let Some(x) = d.get_mut(a as usize) {
            *x = 0;
            queue.push_back(a);
        }
    }
    while let Some(a) = queue.pop_front() {
        let next = d[a as usize] + 1;
        for &(b, _) in rules.neighbours(a) {
            if let Some(x) = d.get_mut(b as usize)
                && *x == u32::MAX
            {
                *x = next;
                queue.push_back(b);
            }
        }
    }
    d
}

/// The playout policy (the search's stand-in for both players after its first command;
/// our heuristic, reading only the position it is given): a march goes on to the area
/// nearest the fortresses its side marches on ([`targets`]) and halts when none is
/// nearer; overwhelming attacks are always tried; a side fights where its field force
/// is at least the enemy's and declines otherwise; everything else as the random player.
pub fn playout_play(
    rules: &SxRules,
    st: &SxState,
    rng: &mut Xoshiro256PlusPlus,
) -> Option<SxCommand> {
    let legal = <super::SaxonWar as RulesGame>::legal(rules, st);
    if legal.is_empty() {
        return None;
    }
    if rng.random_range(0..100) < 10 {
        return super::random_command(rules, st, &legal, rng);
    }
    let side = crate::engine::step::to_act::<super::SaxonWar>(rules, st);
    if let Some(c) = legal
        .iter()
        .find(|c| matches!(c, SxCommand::Overwhelm { .. }))
    {
        return Some(c.clone());
    }
    if let (Some(side), Some(c)) = (side, st.g.combat.as_ref())
        && legal.contains(&SxCommand::Fight { fight: true })
        && legal.contains(&SxCommand::Fight { fight: false })
    {
        let fight = st.field_of(c.area, side) >= st.field_of(c.area, side.other());
        return Some(SxCommand::Fight { fight });
    }
    let enters = enter_areas(&legal);
    if let (Some(side), Some(m)) = (side, st.g.march.as_ref())
        && !enters.is_empty()
    {
        let d = distances(rules, &targets(rules, st, side));
        let here = d.get(m.at as usize).copied().unwrap_or(u32::MAX);
        let best = enters.iter().min_by_key(|a| {
            (
                d.get(**a as usize).copied().unwrap_or(u32::MAX),
                rng.random_range(0..4u8),
            )
        });
        if let Some(&a) = best
            && d.get(a as usize).copied().unwrap_or(u32::MAX) < here
        {
            return Some(SxCommand::Enter { area: a });
        }
        if legal.contains(&SxCommand::Halt) {
            return Some(SxCommand::Halt);
        }
    }
    super::random_command(rules, st, &legal, rng)
}
