//! Phase 1, morale recovery (morale.recovery): 1d6 for each demoralized force of the
//! phasing player, plus the commander's printed SIV (0 counts as 1; a force without a
//! leader counts 1, ours): 7 or more removes the marker.

use crate::games::saxonwar::data::SxRules;
use crate::games::saxonwar::flow::Game;
use crate::games::saxonwar::rules::*;
use crate::games::saxonwar::state::*;

/// The phasing player's demoralized forces as (area, power).
pub fn forces(_r: &SxRules, st: &SxState) -> Vec<(AreaId, Power)> {
    let mut v = Vec::new();
    for (a, x) in st.areas.iter().enumerate() {
        for p in Power::ALL {
            if p.side() == st.g.phasing && x.demoralized[p.idx()] {
                v.push((a as AreaId, p));
            }
        }
    }
    v
}

/// The recovery roll's modifier for a force: the commander's normal SIV, at least 1.
pub fn recovery_siv(r: &SxRules, st: &SxState, a: AreaId, p: Power) -> (String, i32) {
    let l = st
        .leaders_at(LLoc::Field(a))
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

pub fn has_work(r: &SxRules, st: &SxState) -> bool {
    !forces(r, st).is_empty()
}

pub fn prompt(r: &SxRules, st: &SxState) -> String {
    let parts: Vec<String> = forces(r, st)
        .into_iter()
        .map(|(a, p)| {
            let (_, m) = recovery_siv(r, st, a, p);
            let chance = (1..=6).filter(|d| d + m >= 7).count();
            format!(
                "{} at {} (needs 7: {chance} in 6)",
                p.name(),
                r.area_name(a)
            )
        })
        .collect();
    format!("Roll to recover the morale of: {}", parts.join(", "))
}

pub fn to_act(_r: &SxRules, st: &SxState) -> Option<Side> {
    Some(st.g.phasing)
}

pub fn takes(c: &SxCommand) -> bool {
    matches!(c, SxCommand::Roll)
}

pub fn legal(_r: &SxRules, _st: &SxState, out: &mut Vec<SxCommand>) {
    out.push(SxCommand::Roll);
}

pub fn why(_r: &SxRules, _st: &SxState, _c: &SxCommand) -> Refusal {
    Refusal::new("morale.recovery", "roll for the demoralized forces first")
}

pub fn execute(g: &mut Game, _c: &SxCommand) {
    for (a, p) in forces(g.r, g.st) {
        let m = recovery_siv(g.r, g.st, a, p);
        let purpose = format!("morale recovery of {} at {}", p.name(), g.r.area_name(a));
        let (_, total) = g.roll(&purpose, "morale.recovery", vec![m]);
        if total >= 7 {
            g.st.areas[a as usize].demoralized[p.idx()] = false;
            g.note(
                "morale.recovery",
                format!("{} at {} recovers", p.name(), g.r.area_name(a)),
            );
        }
    }
    g.enter(Step::Depot);
}
