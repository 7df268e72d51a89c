//! The strategic sequence's force increments (grand.increment): 1 RP buys 1 SP; no more
//! than a third of the campaign's starting RP in one phase, nor above the army maximum
//! (grand.strengths). Austria's side buys first, then Prussia's; the new SPs are placed
//! in the secret re-deployment that follows.

use crate::games::saxonwar::data::SxRules;
use crate::games::saxonwar::flow::Game;
use crate::games::saxonwar::state::*;

/// The most SP a power may buy now.
pub fn can_buy(r: &SxRules, st: &SxState, p: Power) -> u16 {
    let Some(rep) = r.replacements(p) else {
        return 0;
    };
    if !st.g.active[p.idx()] || st.g.out[p.idx()] {
        return 0;
    }
    let army: u16 = st.pools.undeployed[p.idx()]
        + st.areas
            .iter()
            .map(|a| a.field[p.idx()] + a.garrison[p.idx()])
            .sum::<u16>();
    let left = rep.rp.saturating_sub(st.pools.rp_spent[p.idx()]);
    let phase = (rep.rp / 3).saturating_sub(st.g.rp_this_phase[p.idx()]);
    let room = rep.max.saturating_sub(army);
    left.min(phase).min(room)
}

pub fn has_work(r: &SxRules, st: &SxState) -> bool {
    Power::ALL
        .iter()
        .any(|p| p.side() == st.g.deploying && can_buy(r, st, *p) > 0)
}

pub fn prompt(r: &SxRules, st: &SxState) -> String {
    let parts: Vec<String> = Power::ALL
        .iter()
        .filter(|p| p.side() == st.g.deploying && can_buy(r, st, **p) > 0)
        .map(|p| format!("{} up to {}", p.name(), can_buy(r, st, *p)))
        .collect();
    format!(
        "{}: buy SPs with RP ({}), or end",
        st.g.deploying.name(),
        parts.join(", ")
    )
}

pub fn to_act(_r: &SxRules, st: &SxState) -> Option<Side> {
    Some(st.g.deploying)
}

pub fn takes(c: &SxCommand) -> bool {
    matches!(c, SxCommand::Buy { .. } | SxCommand::Done)
}

pub fn legal(r: &SxRules, st: &SxState, out: &mut Vec<SxCommand>) {
    for p in Power::ALL {
        if p.side() != st.g.deploying {
            continue;
        }
        let most = can_buy(r, st, p);
        let mut sizes: Vec<u16> = [1, 5, 10, most]
            .into_iter()
            .filter(|n| *n >= 1 && *n <= most)
            .collect();
        sizes.sort_unstable();
        sizes.dedup();
        for sp in sizes {
            out.push(SxCommand::Buy { power: p, sp });
        }
    }
    out.push(SxCommand::Done);
}

pub fn why(r: &SxRules, st: &SxState, c: &SxCommand) -> Refusal {
    match c {
        SxCommand::Buy { power, sp } => Refusal::new(
            "grand.increment",
            format!(
                "{} may buy at most {} SP now (RP left, a third of the starting RP per phase, the army maximum), not {sp}",
                power.name(),
                if power.side() == st.g.deploying {
                    can_buy(r, st, *power)
                } else {
                    0
                }
            ),
        ),
        _ => Refusal::new("grand.increment", "not a force increment"),
    }
}

pub fn execute(g: &mut Game, c: &SxCommand) {
    match *c {
        SxCommand::Buy { power, sp } => {
            let i = power.idx();
            g.st.pools.rp_spent[i] += sp;
            g.st.g.rp_this_phase[i] += sp;
            g.st.pools.undeployed[i] += sp;
            g.st.pools.total[i] += sp;
            g.note(
                "grand.increment",
                format!(
                    "{} buys {sp} SP ({} RP spent)",
                    power.name(),
                    g.st.pools.rp_spent[i]
                ),
            );
        }
        SxCommand::Done => g.next_step(),
        _ => {}
    }
}
