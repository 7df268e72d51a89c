//! The loser's retreat (combat.post-battle): on 3+ the whole force (it may not split)
//! moves one area towards a supply source, possibly into the fortress there, or goes
//! into the fortress of the battle area ("or possibly enter a fortress in that area");
//! on 1-2 (the lost item, RECONSTRUCTED) it may only go into a fortress in its own
//! area, or stays there, demoralized, with no loss. A force whose roll succeeded but has
//! nowhere to go stays likewise.

use crate::games::saxonwar::data::SxRules;
use crate::games::saxonwar::flow::Game;
use crate::games::saxonwar::rules::*;
use crate::games::saxonwar::state::*;

fn open_fortress(r: &SxRules, st: &SxState, a: AreaId, side: Side) -> bool {
    r.has_fortress(a) && st.garrison_of(a, side.other()) == 0
}

/// The retreat's choices as (area, into the fortress).
pub fn options(r: &SxRules, st: &SxState) -> Vec<(AreaId, bool)> {
    let Some(rt) = &st.g.retreat else {
        return Vec::new();
    };
    let (a, side) = (rt.area, rt.side);
    let mut v = Vec::new();
    if rt.may_leave {
        let powers: Vec<Power> = Power::ALL
            .iter()
            .copied()
            .filter(|p| {
                p.side() == side
                    && (st.areas[a as usize].field[p.idx()] > 0
                        || st
                            .leaders_at(LLoc::Field(a))
                            .iter()
                            .any(|l| power_of(r, *l) == *p))
            })
            .collect();
        let sup = supply(r, st, side, &[]);
        let mut dest: Vec<AreaId> = r
            .neighbours(a)
            .iter()
            .map(|x| x.0)
            .filter(|to| !enemy_in(st, *to, side))
            .filter(|to| powers.iter().all(|p| may_enter(r, st, *p, *to).is_ok()))
            .collect();
        if dest.iter().any(|d| sup[*d as usize]) {
            dest.retain(|d| sup[*d as usize]);
        }
        for d in dest {
            v.push((d, false));
            if open_fortress(r, st, d, side) {
                v.push((d, true));
            }
        }
    }
    if v.is_empty() {
        v.push((a, false));
    }
    // combat.post-battle: the beaten force "must roll to leave the area or possibly
    // enter a fortress in that area": the fortress of the battle area is open to it
    // whatever the roll (after a failed one it is the only way off the field)
    if open_fortress(r, st, a, side) {
        v.push((a, true));
    }
    // fortress.relief: a beaten relief force may go into the fortress it came to
    // relieve (still besieged)
    if r.has_fortress(a) && st.garrison_of(a, side) > 0 && !v.contains(&(a, true)) {
        v.push((a, true));
    }
    v
}

pub fn prompt(r: &SxRules, st: &SxState) -> String {
    match &st.g.retreat {
        Some(rt) if rt.may_leave => format!(
            "{}: retreat from {} one area towards supply (or into a fortress there or here)",
            rt.side.name(),
            r.area_name(rt.area)
        ),
        Some(rt) => format!(
            "{}: the retreat roll failed: enter the fortress at {} or stay there, demoralized",
            rt.side.name(),
            r.area_name(rt.area)
        ),
        None => "Retreat".into(),
    }
}

pub fn to_act(_r: &SxRules, st: &SxState) -> Option<Side> {
    st.g.retreat.as_ref().map(|r| r.side)
}

pub fn takes(c: &SxCommand) -> bool {
    matches!(c, SxCommand::Retreat { .. })
}

pub fn legal(r: &SxRules, st: &SxState, out: &mut Vec<SxCommand>) {
    for (area, into_fortress) in options(r, st) {
        out.push(SxCommand::Retreat {
            area,
            into_fortress,
        });
    }
}

pub fn why(_r: &SxRules, _st: &SxState, _c: &SxCommand) -> Refusal {
    Refusal::new(
        "combat.post-battle",
        "a retreat goes one area (3+ on the roll) towards a supply source and not into the enemy, or into a fortress without an enemy garrison",
    )
}

pub fn execute(g: &mut Game, c: &SxCommand) {
    let SxCommand::Retreat {
        area: to,
        into_fortress,
    } = *c
    else {
        return;
    };
    let Some(rt) = g.st.g.retreat.take() else {
        return;
    };
    let (from, side) = (rt.area, rt.side);
    if to == from && !into_fortress {
        // RECONSTRUCTED (the lost 1-2 item): a force that fails the roll, or has no
        // area to go to, stays in its area, demoralized, and loses nothing
        if rt.voluntary {
            for p in Power::ALL {
                if p.side() == side && g.st.areas[from as usize].field[p.idx()] > 0 {
                    g.st.areas[from as usize].withdrew[p.idx()] = true;
                }
            }
        }
        g.note(
            "combat.post-battle",
            format!("{} cannot get away and stays, demoralized", side.name()),
        );
    } else {
        // allies.minor: Empire SPs lent to France stay lent in the area they retreat to
        // (only Austria takes them back); into a fortress the loan ends, as in a march
        let lent = g.st.areas[from as usize].lent;
        for p in Power::ALL {
            if p.side() == side {
                let n = g.st.areas[from as usize].field[p.idx()];
                g.move_sp(p, (from, false), (to, into_fortress), n);
            }
        }
        // the lent Empire SPs are on Austria's side: only its retreat moves the loan
        // (AUDIT14d defect 1: a Prussian retreat ended the winner's loan)
        if side == Power::Empire.side() {
            g.st.areas[from as usize].lent = 0;
            if !into_fortress {
                g.st.areas[to as usize].lent += lent;
            }
        }
        for l in g.st.leaders_at(LLoc::Field(from)) {
            if power_of(g.r, l).side() == side {
                g.st.leaders[l as usize].loc = if into_fortress {
                    LLoc::Garrison(to)
                } else {
                    LLoc::Field(to)
                };
            }
        }
        if rt.voluntary {
            // morale.recovery: the +2 of a voluntary pull-off goes along inside too
            for p in Power::ALL {
                let x = &mut g.st.areas[to as usize];
                if p.side() == side && into_fortress && x.garrison[p.idx()] > 0 {
                    x.withdrew_in[p.idx()] = true;
                } else if p.side() == side && !into_fortress && x.field[p.idx()] > 0 {
                    x.withdrew[p.idx()] = true;
                }
            }
        }
        if into_fortress {
            if g.st.areas[to as usize].holder != Some(side) {
                g.capture_fortress(to, side);
            }
            g.st.areas[to as usize].holder = Some(side);
        }
        g.note(
            "combat.post-battle",
            format!(
                "{} retreats to {}{}",
                side.name(),
                g.r.area_name(to),
                if into_fortress {
                    " into the fortress"
                } else {
                    ""
                }
            ),
        );
    }
    g.st.g.step = Step::Combat;
}
