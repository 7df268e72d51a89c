//! Phase 1, morale recovery (morale.recovery): 1d6 for each demoralized force of the
//! phasing player, plus the commander's printed SIV (0 counts as 1; a force without a
//! leader counts 1, ours): 7 or more removes the marker.

use crate::games::saxonwar::data::SxRules;
use crate::games::saxonwar::flow::{
    Game, exchange_dest, exchange_dests, held_leaders, release_room, wounded_dests,
};
use crate::games::saxonwar::rules::*;
use crate::games::saxonwar::state::*;

/// The phasing player's demoralized forces as (area, power, inside the fortress): a
/// garrison keeps its marker until it recovers too (morale.states).
pub fn forces(_r: &SxRules, st: &SxState) -> Vec<(AreaId, Power, bool)> {
    let mut v = Vec::new();
    for (a, x) in st.areas.iter().enumerate() {
        for p in Power::ALL {
            if p.side() != st.g.phasing {
                continue;
            }
            if x.demoralized[p.idx()] {
                v.push((a as AreaId, p, false));
            }
            if x.demoralized_in[p.idx()] {
                v.push((a as AreaId, p, true));
            }
        }
    }
    v
}

/// The recovery roll's modifier for a force: the commander's normal SIV, at least 1.
pub fn recovery_siv(r: &SxRules, st: &SxState, a: AreaId, p: Power, inside: bool) -> (String, i32) {
    let loc = if inside {
        LLoc::Garrison(a)
    } else {
        LLoc::Field(a)
    };
    let l = st
        .leaders_at(loc)
        .into_iter()
        .filter(|l| power_of(r, *l) == p)
        .min_by_key(|l| rank(r, *l));
    match l {
        Some(l) => (
            format!("normal SIV of {} (0 counts 1)", r.leader_name(l)),
            siv(r, l).max(1),
        ),
        None => ("no leader: SIV 1 (ours)".into(), 1),
    }
}

/// The recovery roll's modifiers: the normal SIV (at least 1) and +2 when the force
/// pulled off a battlefield voluntarily.
pub fn recovery_mods(
    r: &SxRules,
    st: &SxState,
    a: AreaId,
    p: Power,
    inside: bool,
) -> Vec<(String, i32)> {
    let mut v = vec![recovery_siv(r, st, a, p, inside)];
    if st.area(a).is_some_and(|x| {
        if inside {
            x.withdrew_in[p.idx()]
        } else {
            x.withdrew[p.idx()]
        }
    }) {
        v.push(("left the field voluntarily (morale.recovery)".into(), 2));
    }
    v
}

pub fn has_work(r: &SxRules, st: &SxState) -> bool {
    !st.g.placing.is_empty()
        || st.g.exchange.is_some()
        || returning(r, st).is_some()
        || !forces(r, st).is_empty()
}

/// prisoners.exchange: the owner who picks the fortress of the first released piece
/// waiting (two or more unbesieged fortresses of its nationality).
pub fn placer(st: &SxState) -> Option<Side> {
    st.g.placing.first().map(|x| x.power.side())
}

/// campaign.casualties: the wounded leader due back whose owner picks the force he
/// joins, with the forces to pick from (two or more when he was queued).
pub fn returning(r: &SxRules, st: &SxState) -> Option<(LeaderId, Vec<(AreaId, bool)>)> {
    let l = *st.g.returning.first()?;
    let d = wounded_dests(r, st, l);
    (!d.is_empty()).then_some((l, d))
}

/// prisoners.exchange: the holder who still chooses whom to release.
pub fn chooser(st: &SxState) -> Option<Side> {
    let e = st.g.exchange.as_ref()?;
    Side::BOTH
        .into_iter()
        .find(|s| e.sp[s.idx()] > 0 || e.leaders[s.idx()] > 0)
}

pub fn prompt(r: &SxRules, st: &SxState) -> String {
    if let Some(x) = st.g.placing.first() {
        let what = match x.leader {
            Some(l) => r.leader_name(l).to_string(),
            None => format!("1 SP of {}", x.power.name()),
        };
        return format!(
            "{}: exchange of prisoners: pick the unbesieged fortress {what} goes to",
            x.power.side().name()
        );
    }
    if let (Some(h), Some(e)) = (chooser(st), &st.g.exchange) {
        let _ = r;
        return format!(
            "{}: exchange of prisoners: you hold more; choose {} SP and {} leaders to release",
            h.name(),
            e.sp[h.idx()],
            e.leaders[h.idx()]
        );
    }
    if let Some((l, _)) = returning(r, st) {
        return format!(
            "{}: {} is back from his wound: pick the friendly force (not besieged) he joins",
            power_of(r, l).side().name(),
            r.leader_name(l)
        );
    }
    let parts: Vec<String> = forces(r, st)
        .into_iter()
        .map(|(a, p, inside)| {
            let m: i32 = recovery_mods(r, st, a, p, inside).iter().map(|x| x.1).sum();
            let chance = (1..=6).filter(|d| d + m >= 7).count();
            format!(
                "{} at {}{} (needs 7: {chance} in 6)",
                p.name(),
                r.area_name(a),
                if inside { " (inside)" } else { "" }
            )
        })
        .collect();
    format!("Roll to recover the morale of: {}", parts.join(", "))
}

pub fn to_act(_r: &SxRules, st: &SxState) -> Option<Side> {
    placer(st).or(chooser(st)).or(Some(st.g.phasing))
}

pub fn takes(c: &SxCommand) -> bool {
    matches!(
        c,
        SxCommand::Roll
            | SxCommand::Release { .. }
            | SxCommand::ReleaseLeader { .. }
            | SxCommand::PlaceReleased { .. }
            | SxCommand::ReturnWounded { .. }
    )
}

pub fn legal(r: &SxRules, st: &SxState, out: &mut Vec<SxCommand>) {
    if let Some(x) = st.g.placing.first() {
        for a in exchange_dests(r, st, x.power) {
            out.push(SxCommand::PlaceReleased { area: a });
        }
        return;
    }
    if let (Some(h), Some(e)) = (chooser(st), &st.g.exchange) {
        if e.sp[h.idx()] > 0 {
            for p in Power::ALL {
                if st.pools.prisoners[h.idx()][p.idx()] > 0
                    && !st.g.out[p.idx()]
                    && release_room(r, st, p) > 0
                    && exchange_dest(r, st, p).is_some()
                {
                    out.push(SxCommand::Release { power: p });
                }
            }
        }
        if e.leaders[h.idx()] > 0 {
            for l in held_leaders(r, st, h) {
                out.push(SxCommand::ReleaseLeader { leader: l });
            }
        }
        return;
    }
    if let Some((_, d)) = returning(r, st) {
        for (area, inside) in d {
            out.push(SxCommand::ReturnWounded { area, inside });
        }
        return;
    }
    out.push(SxCommand::Roll);
}

pub fn why(r: &SxRules, st: &SxState, c: &SxCommand) -> Refusal {
    if let Some(x) = st.g.placing.first() {
        return match c {
            SxCommand::PlaceReleased { .. } => Refusal::new(
                "prisoners.exchange",
                format!(
                    "released {} pieces go to an unbesieged fortress of their nationality held by {}",
                    x.power.name(),
                    x.power.side().name()
                ),
            ),
            _ => Refusal::new(
                "prisoners.exchange",
                format!(
                    "{} first picks the fortress its released prisoners go to",
                    x.power.side().name()
                ),
            ),
        };
    }
    if let SxCommand::PlaceReleased { .. } = c {
        return Refusal::new(
            "prisoners.exchange",
            "no released prisoner waits for a fortress to be picked (with only one unbesieged fortress they go there at once)",
        );
    }
    if let SxCommand::ReturnWounded { .. } = c
        && chooser(st).is_none()
    {
        return Refusal::new(
            "campaign.casualties",
            match returning(r, st) {
                Some((l, _)) => format!(
                    "{} returns only to a force of his side in the field or in a fortress that is not besieged, and only where his power may go (allies.cooperation: no combined force without both 5-6 rolls; Anglo-Allies not east of Magdeburg)",
                    r.leader_name(l)
                ),
                None => "no wounded leader waits for the force he joins to be picked (with only one such force he goes there at once)".to_string(),
            },
        );
    }
    if let Some((l, _)) = returning(r, st)
        && chooser(st).is_none()
    {
        return Refusal::new(
            "campaign.casualties",
            format!(
                "first pick the friendly force {} returns to",
                r.leader_name(l)
            ),
        );
    }
    match (c, chooser(st)) {
        (SxCommand::Release { .. } | SxCommand::ReleaseLeader { .. }, Some(h)) => Refusal::new(
            "prisoners.exchange",
            format!(
                "{} releases only prisoners it holds who can go to an unbesieged fortress of their nationality, as many as the exchange asks",
                h.name()
            ),
        ),
        (_, Some(h)) => Refusal::new(
            "prisoners.exchange",
            format!("{} first chooses the prisoners it releases", h.name()),
        ),
        (SxCommand::Release { .. } | SxCommand::ReleaseLeader { .. }, None) => Refusal::new(
            "prisoners.exchange",
            "there is no exchange of prisoners to choose in",
        ),
        _ => Refusal::new("morale.recovery", "roll for the demoralized forces first"),
    }
}

pub fn execute(g: &mut Game, c: &SxCommand) {
    if placer(g.st).is_some() {
        if let SxCommand::PlaceReleased { area } = *c {
            g.place_released(area);
        }
        return;
    }
    if let Some(h) = chooser(g.st) {
        let Some(mut e) = g.st.g.exchange.clone() else {
            return;
        };
        match *c {
            SxCommand::Release { power } => {
                g.release_sp(h, power);
                e.sp[h.idx()] -= 1;
            }
            SxCommand::ReleaseLeader { leader } => {
                g.release_leader(leader);
                e.leaders[h.idx()] -= 1;
            }
            _ => return,
        }
        // nothing left to choose from: the rest of the exchange lapses
        let mut probe = g.st.clone();
        probe.g.exchange = Some(e.clone());
        probe.g.placing.clear();
        let mut l = Vec::new();
        legal(g.r, &probe, &mut l);
        if e.sp.iter().chain(e.leaders.iter()).all(|x| *x == 0) || l.is_empty() {
            g.st.g.exchange = None;
        } else {
            g.st.g.exchange = Some(e);
        }
        return;
    }
    if let Some((l, _)) = returning(g.r, g.st) {
        if let SxCommand::ReturnWounded { area, inside } = *c {
            g.return_leader(l, area, inside);
        }
        return;
    }
    // a leader left without a force to join waits for the next morale phase
    g.st.g.returning.clear();
    for (a, p, inside) in forces(g.r, g.st) {
        let mods = recovery_mods(g.r, g.st, a, p, inside);
        let purpose = format!(
            "morale recovery of {} at {}{}",
            p.name(),
            g.r.area_name(a),
            if inside { " (inside)" } else { "" }
        );
        let (_, total) = g.roll(&purpose, "morale.recovery", mods);
        if total >= 7 {
            if inside {
                g.st.areas[a as usize].demoralized_in[p.idx()] = false;
                g.st.areas[a as usize].withdrew_in[p.idx()] = false;
            } else {
                g.st.areas[a as usize].demoralized[p.idx()] = false;
                g.st.areas[a as usize].withdrew[p.idx()] = false;
            }
            g.note(
                "morale.recovery",
                format!("{} at {} recovers", p.name(), g.r.area_name(a)),
            );
        }
    }
    g.enter(Step::Depot);
}
