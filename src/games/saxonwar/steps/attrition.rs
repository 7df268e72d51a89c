//! Phase 7, enemy attrition (supply.attrition, supply.interdiction, winter.turns): the
//! other player's forces in the field lose 1 SP when out of supply, and 1 SP in a winter
//! turn. Against Prussians of the early army list the Austrians first roll in every area
//! both occupy: on a 6 the Prussians there are out of supply (and the chain is broken).
//! Our reading (winter.turns, supply.attrition): a force's own ("friendly") attrition
//! phase is the other player's phase 7, "Enemy Attrition", the only attrition phase the
//! sequence of play has; winter's 1 SP is taken there too.

use crate::games::saxonwar::data::SxRules;
use crate::games::saxonwar::flow::Game;
use crate::games::saxonwar::rules::*;
use crate::games::saxonwar::state::*;

pub fn has_work(_r: &SxRules, st: &SxState) -> bool {
    let victim = st.g.phasing.other();
    (0..st.areas.len() as AreaId).any(|a| st.field_of(a, victim) > 0)
}

/// The Prussians still use the early army list (grand.increment).
pub fn early_prussians(r: &SxRules, st: &SxState) -> bool {
    let late = r.replacements(Power::Prussia).map_or(0, |x| x.late);
    late == 0 || st.pools.rp_spent[Power::Prussia.idx()] < late
}

/// Areas where the Austrians may roll to interdict.
pub fn interdiction_areas(r: &SxRules, st: &SxState) -> Vec<AreaId> {
    if st.g.phasing != Side::Austria || !early_prussians(r, st) {
        return Vec::new();
    }
    (0..st.areas.len() as AreaId)
        .filter(|a| {
            let x = &st.areas[*a as usize];
            x.field[Power::Austria.idx()] > 0 && x.field[Power::Prussia.idx()] > 0
        })
        .collect()
}

pub fn prompt(r: &SxRules, st: &SxState) -> String {
    let victim = st.g.phasing.other();
    let sup = supply(r, st, victim, &[]);
    let out: Vec<&str> = (0..st.areas.len())
        .filter(|a| st.field_of(*a as AreaId, victim) > 0 && !sup[*a])
        .map(|a| r.area_name(a as AreaId))
        .collect();
    format!(
        "Attrition of {}'s forces{}{}{}",
        victim.name(),
        if out.is_empty() {
            String::new()
        } else {
            format!("; out of supply: {}", out.join(", "))
        },
        if st.winter() {
            "; winter: 1 SP each"
        } else {
            ""
        },
        if interdiction_areas(r, st).is_empty() {
            ""
        } else {
            "; Austrian interdiction rolls (6)"
        }
    )
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
    Refusal::new("supply.attrition", "the attrition rolls come first")
}

pub fn execute(g: &mut Game, _c: &SxCommand) {
    let victim = g.st.g.phasing.other();
    let mut cut = Vec::new();
    for a in interdiction_areas(g.r, g.st) {
        let purpose = format!("Austrian interdiction at {} (6)", g.r.area_name(a));
        let (d, _) = g.roll(&purpose, "supply.interdiction", vec![]);
        if d == 6 {
            cut.push(a);
        }
    }
    let sup = supply(g.r, g.st, victim, &cut);
    // only the Prussians in an interdicted area are out of supply there; the chain is
    // broken for every force (supply.interdiction)
    let chain = supply_chain(g.r, g.st, victim, &cut);
    let winter = g.st.winter();
    for a in 0..g.st.areas.len() as AreaId {
        for p in Power::ALL {
            if p.side() != victim || g.st.areas[a as usize].field[p.idx()] == 0 {
                continue;
            }
            let out = if p == Power::Prussia {
                !sup[a as usize]
            } else {
                !chain[a as usize]
            };
            // OUR READING (docs/games/saxonwar.md, readings): the article says only that
            // "unsupplied forces suffer attrition"; we take 1 SP per force, the amount it
            // gives for every other attrition (the second area of a march, the force
            // march, winter)
            let n = out as u16 + winter as u16;
            if n == 0 {
                continue;
            }
            let x = &mut g.st.areas[a as usize].field[p.idx()];
            let k = n.min(*x);
            *x -= k;
            g.st.pools.eliminated[p.idx()] += k;
            let why = match (out, winter) {
                (true, true) => "out of supply and winter",
                (true, false) => "out of supply",
                _ => "winter",
            };
            g.note(
                if out {
                    "supply.attrition"
                } else {
                    "winter.turns"
                },
                format!("{} at {} loses {k} SP ({why})", p.name(), g.r.area_name(a)),
            );
        }
    }
    g.next_step();
}
