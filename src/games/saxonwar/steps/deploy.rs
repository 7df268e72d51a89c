//! The secret deployment (grand.start, grand.redeploy): every SP and leader of the
//! side's active powers is placed in an area of its own country, in the field or inside
//! the fortress. Austria's side places first, then Prussia's; the other side sees
//! nothing until both are done (the hand-over screen, `SaxonWar::secret_pending`).

use crate::games::saxonwar::data::SxRules;
use crate::games::saxonwar::flow::Game;
use crate::games::saxonwar::rules::*;
use crate::games::saxonwar::state::*;

pub fn has_work(r: &SxRules, st: &SxState) -> bool {
    let side = st.g.deploying;
    Power::ALL
        .iter()
        .any(|p| p.side() == side && st.pools.undeployed[p.idx()] > 0)
        || st
            .leaders
            .iter()
            .enumerate()
            .any(|(i, l)| l.loc == LLoc::Undeployed && power_of(r, i as LeaderId).side() == side)
}

pub fn prompt(r: &SxRules, st: &SxState) -> String {
    let side = st.g.deploying;
    let sp: u16 = Power::ALL
        .iter()
        .filter(|p| p.side() == side)
        .map(|p| st.pools.undeployed[p.idx()])
        .sum();
    let leaders = st
        .leaders
        .iter()
        .enumerate()
        .filter(|(i, l)| l.loc == LLoc::Undeployed && power_of(r, *i as LeaderId).side() == side)
        .count();
    format!(
        "{}: place your forces in secret in your own countries ({sp} SP and {leaders} leaders left)",
        side.name()
    )
}

pub fn to_act(_r: &SxRules, st: &SxState) -> Option<Side> {
    Some(st.g.deploying)
}

pub fn takes(c: &SxCommand) -> bool {
    matches!(c, SxCommand::Deploy { .. } | SxCommand::DeploySp { .. })
}

/// Where a power may deploy: its own country, not where the enemy stands in the field;
/// inside only a fortress without an enemy garrison.
fn places(r: &SxRules, st: &SxState, p: Power) -> Vec<(AreaId, bool)> {
    let mut v = Vec::new();
    for a in 0..r.areas.len() as AreaId {
        if !own_country(r, p, a) || enemy_in(st, a, p.side()) {
            continue;
        }
        v.push((a, false));
        if r.has_fortress(a) && st.garrison_of(a, p.side().other()) == 0 {
            v.push((a, true));
        }
    }
    v
}

pub fn legal(r: &SxRules, st: &SxState, out: &mut Vec<SxCommand>) {
    let side = st.g.deploying;
    for (i, l) in st.leaders.iter().enumerate() {
        let p = power_of(r, i as LeaderId);
        if l.loc != LLoc::Undeployed || p.side() != side {
            continue;
        }
        for (area, inside) in places(r, st, p) {
            out.push(SxCommand::Deploy {
                leader: i as LeaderId,
                area,
                inside,
            });
        }
    }
    for p in Power::ALL {
        let left = st.pools.undeployed[p.idx()];
        if p.side() != side || left == 0 {
            continue;
        }
        let mut sizes: Vec<u16> = [1, 5, 10, left]
            .into_iter()
            .filter(|n| *n <= left)
            .collect();
        sizes.sort_unstable();
        sizes.dedup();
        for (area, inside) in places(r, st, p) {
            for &sp in &sizes {
                out.push(SxCommand::DeploySp {
                    power: p,
                    area,
                    inside,
                    sp,
                });
            }
        }
    }
}

pub fn why(r: &SxRules, st: &SxState, c: &SxCommand) -> Refusal {
    let (p, area) = match c {
        SxCommand::Deploy { leader, area, .. } => {
            if st.leaders.get(*leader as usize).map(|l| l.loc) != Some(LLoc::Undeployed) {
                return Refusal::new("grand.start", "that leader is not waiting to be deployed");
            }
            (power_of(r, *leader), *area)
        }
        SxCommand::DeploySp {
            power, area, sp, ..
        } => {
            if *sp == 0 || *sp > st.pools.undeployed[power.idx()] {
                return Refusal::new(
                    "grand.start",
                    format!(
                        "{} has {} SP left to place",
                        power.name(),
                        st.pools.undeployed[power.idx()]
                    ),
                );
            }
            (*power, *area)
        }
        _ => return Refusal::new("grand.start", "not a deployment"),
    };
    if p.side() != st.g.deploying {
        return Refusal::new(
            "grand.start",
            format!("{} is deploying now", st.g.deploying.name()),
        );
    }
    if !own_country(r, p, area) {
        return Refusal::new(
            "grand.start",
            format!("{} deploys only in its own country", p.name()),
        );
    }
    Refusal::new("grand.start", "not a place this force may deploy")
}

pub fn execute(g: &mut Game, c: &SxCommand) {
    let side = g.st.g.deploying;
    match *c {
        SxCommand::Deploy {
            leader,
            area,
            inside,
        } => {
            g.st.leaders[leader as usize].loc = if inside {
                LLoc::Garrison(area)
            } else {
                LLoc::Field(area)
            };
        }
        SxCommand::DeploySp {
            power,
            area,
            inside,
            sp,
        } => {
            g.st.pools.undeployed[power.idx()] -= sp;
            if let Some(x) = sp_at_mut(g.st, power, area, inside) {
                *x += sp;
            }
            if inside {
                g.st.areas[area as usize].holder = Some(side);
            }
        }
        _ => return,
    }
    g.note(
        "grand.start",
        format!("{} places a force in secret", side.name()),
    );
    g.deployment_progress();
}
