//! The secret deployment (grand.start, grand.redeploy): every SP and leader of the
//! side's active powers is placed in an area of its own country, in the field or inside
//! the fortress. Austria's side places first, then Prussia's; the other side sees
//! nothing until both are done (the hand-over screen, `SaxonWar::secret_pending`).

use crate::games::saxonwar::data::SxRules;
use crate::games::saxonwar::flow::{Game, existing_leader};
use crate::games::saxonwar::rules::*;
use crate::games::saxonwar::state::*;

pub fn has_work(r: &SxRules, st: &SxState) -> bool {
    let side = st.g.deploying;
    if st.g.redeploying {
        return !st.g.redeployed[side.idx()];
    }
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
    if st.g.redeploying {
        let losing: Vec<String> = Power::ALL
            .iter()
            .filter(|p| p.side() == side && st.g.to_lose[p.idx()] > 0)
            .map(|p| format!("{} {}", st.g.to_lose[p.idx()], p.name()))
            .collect();
        if !losing.is_empty() {
            return format!(
                "{}: the re-deployment roll costs leaders: give up {} existing leader(s) for good first (grand.redeploy)",
                side.name(),
                losing.join(", ")
            );
        }
        return format!(
            "{}: re-deploy in secret (grand.redeploy): pick up forces to place them again, place what is new ({sp} SP and {leaders} leaders to place), then Done",
            side.name()
        );
    }
    format!(
        "{}: place your forces in secret in your own countries ({sp} SP and {leaders} leaders left)",
        side.name()
    )
}

pub fn to_act(_r: &SxRules, st: &SxState) -> Option<Side> {
    Some(st.g.deploying)
}

pub fn takes(c: &SxCommand) -> bool {
    matches!(
        c,
        SxCommand::Deploy { .. }
            | SxCommand::DeploySp { .. }
            | SxCommand::Withdraw { .. }
            | SxCommand::Dismiss { .. }
            | SxCommand::Lend { .. }
            | SxCommand::Recall { .. }
            | SxCommand::Done
    )
}

/// grand.redeploy: leaders the side must still give up, by power: "1 existing leader
/// lost", so one of those on the map before the roll (Ours: only leaders on the map
/// count as existing, never a wounded or captured one; `flow::existing_leader`), never one just drawn or entering
/// this year (they wait to be placed).
fn dismissals(r: &SxRules, st: &SxState, out: &mut Vec<SxCommand>) {
    for p in Power::ALL {
        if p.side() != st.g.deploying || st.g.to_lose[p.idx()] == 0 {
            continue;
        }
        for l in 0..st.leaders.len() as LeaderId {
            if power_of(r, l) == p && existing_leader(st, l) {
                out.push(SxCommand::Dismiss { leader: l });
            }
        }
    }
}

/// grand.redeploy: forces already on the map that may be taken up and placed again
/// (not a besieged garrison).
fn withdrawals(r: &SxRules, st: &SxState, out: &mut Vec<SxCommand>) {
    for p in Power::ALL {
        // a force is taken up only if it can be placed again
        if p.side() != st.g.deploying || places(r, st, p).is_empty() {
            continue;
        }
        for a in 0..st.areas.len() as AreaId {
            for inside in [false, true] {
                let loc = if inside {
                    LLoc::Garrison(a)
                } else {
                    LLoc::Field(a)
                };
                let here = sp_at(st, p, a, inside) > 0
                    || st.leaders_at(loc).iter().any(|l| power_of(r, *l) == p);
                // morale.states: a demoralized force stays so until a recovery roll; the
                // re-deployment does not take it up (our reading: the undeployed pool
                // has no marker, so taking it up would wipe the marker)
                if here
                    && !(inside && besieged_at_start(r, st, a))
                    && !demoralized(st, p, a, inside)
                {
                    out.push(SxCommand::Withdraw {
                        power: p,
                        area: a,
                        inside,
                    });
                }
            }
        }
    }
}

/// Whether the garrison of an area counts as besieged in a deployment. In the
/// re-deployment it is judged as it stood when the re-deployment began
/// (`g.redeploy_start`): Austria's side may have taken up the besieging field force in
/// secret, and Prussia's withdraw list must not show it (deployment.secret; AUDIT14d
/// defect 2). A garrison besieged at the start stays so for the whole re-deployment.
pub fn besieged_at_start(r: &SxRules, st: &SxState, a: AreaId) -> bool {
    let start =
        st.g.redeploy_start
            .get(a as usize)
            .filter(|_| st.g.redeploying)
            .and_then(|s| s.besieged);
    start.unwrap_or_else(|| besieger(r, st, a).is_some())
}

/// The besieger of an area's fortress as both sides may see it: in the re-deployment the
/// siege as it stood when the re-deployment began (`g.redeploy_start`), since a side's
/// secret take-ups and placements may end or make a siege that the other side must not
/// read off the map (deployment.secret; AUDIT14i item 5); otherwise the live `besieger`.
pub fn besieger_seen(r: &SxRules, st: &SxState, a: AreaId) -> Option<Side> {
    let start =
        st.g.redeploy_start
            .get(a as usize)
            .filter(|_| st.g.redeploying);
    match start.and_then(|s| s.besieged.map(|b| (b, s.inside))) {
        Some((false, _)) => None,
        Some((true, inside)) => Side::BOTH
            .into_iter()
            .find(|s| inside[s.idx()])
            .map(|s| s.other()),
        None => besieger(r, st, a),
    }
}

/// allies.minor: at the start of a campaign year Austria may lend Empire SPs in the
/// field to France (one or all of those not lent in an area).
fn loans(st: &SxState, out: &mut Vec<SxCommand>) {
    if st.g.deploying != Side::Austria {
        return;
    }
    for (a, x) in st.areas.iter().enumerate() {
        let free = x.field[Power::Empire.idx()].saturating_sub(x.lent);
        let mut sizes = vec![1, free];
        sizes.dedup();
        for sp in sizes {
            if sp > 0 && sp <= free {
                out.push(SxCommand::Lend {
                    area: a as AreaId,
                    sp,
                });
            }
        }
    }
}

/// Where a power may deploy: its own country, not where the enemy stands in the field;
/// inside only a fortress without an enemy garrison. In the re-deployment the enemy is
/// where he stood when it began (`g.redeploy_start`): the first side's secret
/// withdrawals open no place to the second (deployment.secret).
fn places(r: &SxRules, st: &SxState, p: Power) -> Vec<(AreaId, bool)> {
    let mut v = Vec::new();
    let enemy = p.side().other().idx();
    for a in 0..r.areas.len() as AreaId {
        // the enemy places nothing in our countries, so the start covers where he is now
        let start =
            st.g.redeploy_start
                .get(a as usize)
                .filter(|_| st.g.redeploying)
                .map(|s| (s.field, s.inside))
                .unwrap_or_default();
        let start = SeenAt {
            field: start.0,
            inside: start.1,
            ..SeenAt::default()
        };
        let field = start.field[enemy] || enemy_in(st, a, p.side());
        let inside = start.inside[enemy] || st.garrison_of(a, p.side().other()) > 0;
        if !own_country(r, p, a) || field {
            continue;
        }
        v.push((a, false));
        if r.has_fortress(a) && !inside {
            v.push((a, true));
        }
    }
    v
}

/// The computer's view of a secret deployment (deployment.secret, `ai::determinize`):
/// every force of `side` that could have been placed or taken up in secret in this
/// deployment (not a besieged garrison nor a demoralized force, which the re-deployment
/// does not move) is placed again at random in its own country, its leaders first and
/// its SPs in parcels of 1, 5, 10 or all with them, so that nothing is read of where it
/// stands. The result depends only on what the other side knows: the powers' SPs and
/// leaders that may move, and the forces that may not.
///
/// In a re-deployment the forces that stay are taken from the position when it began
/// (`SeenAt::forces`), never from the live state (AUDIT14e D1, D2): a demoralized force
/// or a besieged garrison is re-placed with the SPs and leaders it had then (whatever
/// Austria secretly added there is pooled and scattered like any other secret
/// placement), and a force then standing outside its own country (where it may only
/// stay or be taken up) stays with probability 1/2, else is pooled.
pub fn scatter(r: &SxRules, st: &mut SxState, side: Side, rng: &mut impl rand::Rng) {
    let start: Option<Vec<StartForces>> = if st.g.redeploying && !st.g.redeploy_start.is_empty() {
        st.g.redeploy_start
            .iter()
            .map(|s| s.forces.clone())
            .collect()
    } else {
        None
    };
    for p in Power::ALL {
        if p.side() != side || places(r, st, p).is_empty() {
            continue;
        }
        let mut n: u16 = 0;
        let mut leaders: Vec<LeaderId> = Vec::new();
        // the forces that stay where they stood at the start: (place, SPs, leaders)
        let mut kept: Vec<(AreaId, bool, u16, Vec<LeaderId>)> = Vec::new();
        for a in 0..st.areas.len() as AreaId {
            for inside in [false, true] {
                let fixed =
                    (inside && besieged_at_start(r, st, a)) || demoralized(st, p, a, inside);
                let loc = if inside {
                    LLoc::Garrison(a)
                } else {
                    LLoc::Field(a)
                };
                if let Some(f) = start.as_ref().and_then(|v| v.get(a as usize)) {
                    let sp = if inside {
                        f.inside[p.idx()]
                    } else {
                        f.field[p.idx()]
                    };
                    let there: Vec<LeaderId> = f
                        .leaders
                        .iter()
                        .filter(|(l, i)| *i == inside && power_of(r, *l) == p)
                        .map(|(l, _)| *l)
                        .collect();
                    if (sp > 0 || !there.is_empty())
                        && (fixed || (!own_country(r, p, a) && rng.random_bool(0.5)))
                    {
                        kept.push((a, inside, sp, there));
                    }
                } else if fixed {
                    // no start record (the first deployment, an older save): as it stands
                    continue;
                }
                leaders.extend(
                    st.leaders_at(loc)
                        .into_iter()
                        .filter(|l| power_of(r, *l) == p),
                );
                if let Some(x) = sp_at_mut(st, p, a, inside) {
                    n += *x;
                    *x = 0;
                }
                if p == Power::Empire && !inside {
                    st.areas[a as usize].lent = 0;
                }
            }
        }
        for (a, inside, sp, there) in kept {
            if let Some(x) = sp_at_mut(st, p, a, inside) {
                *x = sp;
            }
            n = n.saturating_sub(sp);
            if p == Power::Empire
                && !inside
                && let Some(f) = start.as_ref().and_then(|v| v.get(a as usize))
            {
                st.areas[a as usize].lent = f.lent.min(sp);
            }
            for l in there {
                // a leader given up since (grand.redeploy, told in the log) is gone
                if let Some(k) = leaders.iter().position(|x| *x == l) {
                    leaders.remove(k);
                    st.leaders[l as usize].loc = if inside {
                        LLoc::Garrison(a)
                    } else {
                        LLoc::Field(a)
                    };
                }
            }
        }
        leaders.sort_unstable();
        let spots = places(r, st, p);
        let mut chosen: Vec<(AreaId, bool)> = Vec::new();
        for l in leaders {
            let (a, inside) = spots[rng.random_range(0..spots.len())];
            st.leaders[l as usize].loc = if inside {
                LLoc::Garrison(a)
            } else {
                LLoc::Field(a)
            };
            chosen.push((a, inside));
        }
        while n > 0 {
            let sizes: Vec<u16> = [1, 5, 10, n].into_iter().filter(|k| *k <= n).collect();
            let k = sizes[rng.random_range(0..sizes.len())];
            let pool = if chosen.is_empty() { &spots } else { &chosen };
            let (a, inside) = pool[rng.random_range(0..pool.len())];
            if let Some(x) = sp_at_mut(st, p, a, inside) {
                *x += k;
            }
            if inside && !st.g.redeploying {
                st.areas[a as usize].holder = Some(side);
            }
            n -= k;
        }
    }
}

pub fn legal(r: &SxRules, st: &SxState, out: &mut Vec<SxCommand>) {
    let side = st.g.deploying;
    if st.g.redeploying {
        if st.g.redeployed[side.idx()] {
            return;
        }
        dismissals(r, st, out);
        if !out.is_empty() {
            return;
        }
    }
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
    if st.g.redeploying {
        withdrawals(r, st, out);
        if side == Side::Austria {
            loans(st, out);
            super::march::recalls(st, out);
        }
        let placed = !out
            .iter()
            .any(|c| matches!(c, SxCommand::Deploy { .. } | SxCommand::DeploySp { .. }));
        if placed {
            out.push(SxCommand::Done);
        }
    }
}

pub fn why(r: &SxRules, st: &SxState, c: &SxCommand) -> Refusal {
    if st.g.redeploying {
        let mut pending = Vec::new();
        dismissals(r, st, &mut pending);
        match c {
            SxCommand::Dismiss { leader } => {
                return Refusal::new(
                    "grand.redeploy",
                    if pending.is_empty() {
                        "no leader is to be given up now".to_string()
                    } else {
                        format!(
                            "{} is not an existing leader (on the map before the roll, not one just drawn) of a power that must give one up",
                            r.leader_name(*leader)
                        )
                    },
                );
            }
            _ if !pending.is_empty() => {
                return Refusal::new(
                    "grand.redeploy",
                    "first choose the leader(s) lost by the re-deployment roll",
                );
            }
            SxCommand::Done => {
                return Refusal::new(
                    "grand.redeploy",
                    "every SP and leader taken up or new must be placed before the re-deployment ends",
                );
            }
            SxCommand::Withdraw { .. } => {
                return Refusal::new(
                    "grand.redeploy",
                    "only a force of your side on the map, not a besieged garrison nor a demoralized force (it stays demoralized until it recovers, morale.states)",
                );
            }
            SxCommand::Lend { .. } | SxCommand::Recall { .. } => {
                return Refusal::new(
                    "allies.minor",
                    "Austria lends Empire SPs in the field (not lent yet) or takes lent ones back",
                );
            }
            _ => {}
        }
    } else if matches!(
        c,
        SxCommand::Withdraw { .. }
            | SxCommand::Dismiss { .. }
            | SxCommand::Lend { .. }
            | SxCommand::Done
    ) {
        return Refusal::new(
            "grand.redeploy",
            "only in the re-deployment of the strategic sequence",
        );
    }
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
        SxCommand::Dismiss { leader } => {
            let p = power_of(g.r, leader);
            g.st.leaders[leader as usize].loc = LLoc::Gone;
            g.st.g.to_lose[p.idx()] = g.st.g.to_lose[p.idx()].saturating_sub(1);
            let n = g.r.leader_name(leader).to_string();
            g.note(
                "grand.redeploy",
                format!("{n} leaves the army of {} for good", p.name()),
            );
            // grand.redeploy: "a player who has lost all his leaders will automatically
            // receive a new random leader" (or the all-0 one), also when the loss
            // itself took the last
            g.replace_lost_leaders(p);
            return;
        }
        SxCommand::Withdraw {
            power,
            area,
            inside,
        } => {
            let n = sp_at(g.st, power, area, inside);
            if let Some(x) = sp_at_mut(g.st, power, area, inside) {
                *x = 0;
            }
            if power == Power::Empire && !inside {
                g.st.areas[area as usize].lent = 0;
            }
            if !inside {
                g.st.areas[area as usize].demoralized[power.idx()] = false;
                g.st.areas[area as usize].withdrew[power.idx()] = false;
            } else {
                g.st.areas[area as usize].demoralized_in[power.idx()] = false;
                g.st.areas[area as usize].withdrew_in[power.idx()] = false;
            }
            g.st.pools.undeployed[power.idx()] += n;
            let loc = if inside {
                LLoc::Garrison(area)
            } else {
                LLoc::Field(area)
            };
            for l in g.st.leaders_at(loc) {
                if power_of(g.r, l) == power {
                    g.st.leaders[l as usize].loc = LLoc::Undeployed;
                }
            }
            // deployment.secret: no log line per force taken up (the log is read by both
            // seats: their number would tell the other side how much moved; AUDIT14j 3.1)
            return;
        }
        SxCommand::Lend { area, sp } => {
            g.st.areas[area as usize].lent += sp;
            // deployment.secret: no log line (the other seat would count them, AUDIT14k);
            // the reveal lists the SP lent
            return;
        }
        SxCommand::Recall { area, sp } => {
            super::march::recall(g, area, sp);
            return;
        }
        SxCommand::Done => {
            g.st.g.redeployed[side.idx()] = true;
            if g.st.g.redeploying {
                g.note(
                    "grand.redeploy",
                    format!("{} has re-deployed in secret", side.name()),
                );
            } else {
                g.note(
                    "grand.start",
                    format!("{} has deployed in secret", side.name()),
                );
            }
            g.deployment_progress();
            return;
        }
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
            // deployment.secret: in a re-deployment the fortress changes hands on the map
            // only at the reveal (`Game::end_deployment`), else the other side would read
            // a secret re-garrisoning off its outline (AUDIT14i item 4)
            if inside && !g.st.g.redeploying {
                g.st.areas[area as usize].holder = Some(side);
            }
        }
        _ => return,
    }
    // deployment.secret: no log line per placement (AUDIT14j 3.1); Done says it once
    g.deployment_progress();
}
