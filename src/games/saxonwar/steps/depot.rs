//! Phase 2, depot creation (supply.depots): depots begun a turn ago are complete (at the
//! phase's start, `flow`); a new one needs the area in supply, 10 SP of the player
//! there and no depot in it yet (one per area).

use crate::games::saxonwar::data::SxRules;
use crate::games::saxonwar::flow::Game;
use crate::games::saxonwar::rules::*;
use crate::games::saxonwar::state::*;

/// Why the phasing player may not begin a depot in an area (None: he may).
pub fn refusal(r: &SxRules, st: &SxState, a: AreaId) -> Option<Refusal> {
    let side = st.g.phasing;
    let x = st.area(a)?;
    let rule = "supply.depots";
    if a == r.russia {
        return Some(Refusal::new(
            "russia.box",
            "the Russia box has its own permanent depot",
        ));
    }
    if x.depot.is_some() {
        return Some(Refusal::new(
            rule,
            "there is already a depot in the area (one per area)",
        ));
    }
    if st.field_of(a, side) < 10 {
        return Some(Refusal::new(
            rule,
            format!(
                "a depot needs 10 SP present; {} has {}",
                side.name(),
                st.field_of(a, side)
            ),
        ));
    }
    // OUR READING (docs/games/saxonwar.md, readings): the article has no such bar, but
    // "if the process is interrupted the depot is destroyed", and an enemy in the area
    // interrupts it at once (depots are "automatically captured by enemies that occupy
    // their area" once complete); we refuse the depot rather than place one that is
    // destroyed in the same breath.
    if enemy_in(st, a, side) {
        return Some(Refusal::new(rule, "the enemy is in the area"));
    }
    if !in_supply(r, st, a, side) {
        return Some(Refusal::new(
            rule,
            "building a depot needs the area in supply",
        ));
    }
    None
}

pub fn has_work(r: &SxRules, st: &SxState) -> bool {
    (0..r.areas.len() as AreaId).any(|a| refusal(r, st, a).is_none())
}

pub fn prompt(_r: &SxRules, st: &SxState) -> String {
    format!(
        "{}: begin depots where 10 SP in supply stand, or end the phase",
        st.g.phasing.name()
    )
}

pub fn to_act(_r: &SxRules, st: &SxState) -> Option<Side> {
    Some(st.g.phasing)
}

pub fn takes(c: &SxCommand) -> bool {
    matches!(c, SxCommand::BuildDepot { .. } | SxCommand::Done)
}

pub fn legal(r: &SxRules, st: &SxState, out: &mut Vec<SxCommand>) {
    for a in 0..r.areas.len() as AreaId {
        if refusal(r, st, a).is_none() {
            out.push(SxCommand::BuildDepot { area: a });
        }
    }
    out.push(SxCommand::Done);
}

pub fn why(r: &SxRules, st: &SxState, c: &SxCommand) -> Refusal {
    match c {
        SxCommand::BuildDepot { area } => {
            refusal(r, st, *area).unwrap_or_else(|| Refusal::new("supply.depots", "no such area"))
        }
        _ => Refusal::new("supply.depots", "not a depot decision"),
    }
}

pub fn execute(g: &mut Game, c: &SxCommand) {
    match *c {
        SxCommand::BuildDepot { area } => {
            let side = g.st.g.phasing;
            let siege = g.r.has_fortress(area) && g.st.garrison_of(area, side.other()) > 0;
            g.st.areas[area as usize].depot = Some(Depot {
                owner: side,
                complete: false,
                siege,
            });
            let n = g.r.area_name(area).to_string();
            g.note(
                "supply.depots",
                format!("{} begins a depot at {n}", side.name()),
            );
        }
        SxCommand::Done => g.enter(Step::March),
        _ => {}
    }
}
