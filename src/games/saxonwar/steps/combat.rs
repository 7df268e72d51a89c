//! Phase 5, combat (combat.willingness): in every area where both sides have SPs in the
//! field, the phasing player and then the other say in secret whether they will fight.
//! Both: a battle; neither: none; only one: 1d6 + SIV each, and the willing side must be
//! higher. A demoralized force may not initiate combat (morale.states). The battle is
//! decided by our resolver (docs/games/saxonwar.md), the loser demoralized and retreating
//! (combat.post-battle).

use crate::games::saxonwar::data::SxRules;
use crate::games::saxonwar::flow::Game;
use crate::games::saxonwar::rules::*;
use crate::games::saxonwar::state::*;

pub fn prompt(r: &SxRules, st: &SxState) -> String {
    let Some(c) = &st.g.combat else {
        return "Combat".into();
    };
    let a = c.area;
    let att = battle_side(r, st, a, st.g.phasing);
    let def = battle_side(r, st, a, st.g.phasing.other());
    let pass = st.areas[a as usize].pass_entry[st.g.phasing.idx()];
    let (w, t, l) = battle_odds(&att, &def, pass);
    format!(
        "{}: fight at {} ({} SP against {} SP)? In a battle {} wins {w} in 36, draws {t}, loses {l}",
        to_act(r, st).map_or("", |s| s.name()),
        r.area_name(a),
        att.sp,
        def.sp,
        st.g.phasing.name()
    )
}

pub fn to_act(_r: &SxRules, st: &SxState) -> Option<Side> {
    let c = st.g.combat.as_ref()?;
    let ph = st.g.phasing;
    if c.fight[ph.idx()].is_none() {
        Some(ph)
    } else {
        Some(ph.other())
    }
}

pub fn takes(c: &SxCommand) -> bool {
    matches!(c, SxCommand::Fight { .. })
}

pub fn legal(r: &SxRules, st: &SxState, out: &mut Vec<SxCommand>) {
    let (Some(c), Some(side)) = (&st.g.combat, to_act(r, st)) else {
        return;
    };
    if !side_demoralized(st, c.area, side) {
        out.push(SxCommand::Fight { fight: true });
    }
    out.push(SxCommand::Fight { fight: false });
}

pub fn why(_r: &SxRules, _st: &SxState, c: &SxCommand) -> Refusal {
    match c {
        SxCommand::Fight { fight: true } => Refusal::new(
            "morale.states",
            "a demoralized force may not initiate combat of any kind",
        ),
        _ => Refusal::new("combat.willingness", "not a decision to fight"),
    }
}

/// A side's part in a battle in an area (AIV for the phasing attacker, DIV for the
/// defender, campaign.initiative).
pub fn battle_side(r: &SxRules, st: &SxState, a: AreaId, side: Side) -> BattleSide {
    let (_, aiv, div, _) = ratings(r, st, a, side, false);
    BattleSide {
        sp: st.field_of(a, side),
        initiative: if side == st.g.phasing { aiv } else { div },
        demoralized: side_demoralized(st, a, side),
    }
}

pub fn execute(g: &mut Game, c: &SxCommand) {
    let SxCommand::Fight { fight } = *c else {
        return;
    };
    let Some(side) = to_act(g.r, g.st) else {
        return;
    };
    let Some(mut cs) = g.st.g.combat.clone() else {
        return;
    };
    cs.fight[side.idx()] = Some(fight);
    let (Some(a), Some(b)) = (cs.fight[0], cs.fight[1]) else {
        g.st.g.combat = Some(cs);
        return;
    };
    let area = cs.area;
    g.st.g.combat = None;
    g.st.g.combat_done.push(area);
    let name = g.r.area_name(area).to_string();
    let yes = |f: bool| if f { "fight" } else { "decline" };
    g.note(
        "combat.willingness",
        format!(
            "at {name}: Austria will {}, Prussia will {}",
            yes(a),
            yes(b)
        ),
    );
    let battle = match (a, b) {
        (true, true) => true,
        (false, false) => false,
        _ => {
            let willing = if a { Side::Austria } else { Side::Prussia };
            let (s1, ..) = ratings(g.r, g.st, area, willing, false);
            let (s2, ..) = ratings(g.r, g.st, area, willing.other(), false);
            let (_, t1) = g.roll(
                &format!("willingness of {} to force battle", willing.name()),
                "combat.willingness",
                vec![("SIV".into(), s1)],
            );
            let (_, t2) = g.roll(
                &format!("{} declining battle", willing.other().name()),
                "combat.willingness",
                vec![("SIV".into(), s2)],
            );
            t1 > t2
        }
    };
    if battle {
        resolve(g, area);
    } else {
        g.note("combat.willingness", format!("no battle at {name}"));
    }
}

/// Our battle resolver (docs/games/saxonwar.md): 1d6 each with the modifiers of
/// `rules::battle_mods`; the higher wins, equal is a drawn battle (both lose 10%).
pub fn resolve(g: &mut Game, area: AreaId) {
    let att_side = g.st.g.phasing;
    let att = battle_side(g.r, g.st, area, att_side);
    let def = battle_side(g.r, g.st, area, att_side.other());
    let pass = g.st.areas[area as usize].pass_entry[att_side.idx()];
    let (w, t, l) = battle_odds(&att, &def, pass);
    let name = g.r.area_name(area).to_string();
    g.note(
        "combat.willingness",
        format!(
            "battle at {name}: {} attacks with {} SP, {} defends with {} SP (wins {w}/36, draws {t}/36, loses {l}/36)",
            att_side.name(),
            att.sp,
            att_side.other().name(),
            def.sp
        ),
    );
    let (ma, md) = battle_mods(&att, &def, pass);
    let (_, ta) = g.roll("battle (attacker)", "campaign.initiative", ma);
    let (_, td) = g.roll("battle (defender)", "campaign.initiative", md);
    if ta == td {
        for s in Side::BOTH {
            let n = g.st.field_of(area, s).div_ceil(10);
            g.lose(s, area, false, n, false);
        }
        g.note(
            "combat.willingness",
            "a drawn battle: both lose a tenth and stay",
        );
        return;
    }
    let (winner, margin) = if ta > td {
        (att_side, ta - td)
    } else {
        (att_side.other(), td - ta)
    };
    let loser = winner.other();
    let (ll, wl) = battle_losses(
        g.st.field_of(area, loser),
        g.st.field_of(area, winner),
        margin,
    );
    g.lose(loser, area, false, ll, false);
    g.lose(winner, area, false, wl, false);
    // campaign.pursuit: prisoners, more when the winner's SIV is 2 or more above
    let (ws, ..) = ratings(g.r, g.st, area, winner, false);
    let (ls, ..) = ratings(g.r, g.st, area, loser, false);
    let pursuit = 1 + u16::from(ws >= ls + 2);
    let taken = g.lose(loser, area, false, pursuit, true);
    g.note(
        "campaign.pursuit",
        format!(
            "{} wins by {margin}: {} loses {ll} SP and {taken} SP taken prisoner in the pursuit, the winner loses {wl} SP",
            winner.name(),
            loser.name()
        ),
    );
    if margin >= 4
        && let Some(cmd) = commander(g.r, g.st, area, loser, false)
    {
        leader_casualty(g, cmd, winner);
    }
    for p in Power::ALL {
        if p.side() == loser {
            g.st.areas[area as usize].demoralized[p.idx()] = true;
        }
    }
    let left = g.st.field_of(area, loser) > 0
        || g.st
            .leaders_at(LLoc::Field(area))
            .iter()
            .any(|l| power_of(g.r, *l).side() == loser);
    if !left {
        return;
    }
    let (_, _, _, printed) = ratings(g.r, g.st, area, loser, false);
    let (_, total) = g.roll(
        &format!("{} retreats from {name}", loser.name()),
        "combat.post-battle",
        vec![("normal SIV of the commander".into(), printed)],
    );
    g.st.g.retreat = Some(RetreatSt {
        area,
        side: loser,
        may_leave: total >= 3,
    });
    g.st.g.step = Step::Retreat;
}

/// campaign.casualties: 1-2 killed (the lost item), 3-4 captured, 5-6 wounded for 1d6
/// turns. Our resolver makes the beaten commander a casualty when he loses by 4 or more.
pub fn leader_casualty(g: &mut Game, l: LeaderId, winner: Side) {
    let n = g.r.leader_name(l).to_string();
    let (d, _) = g.roll(&format!("fate of {n}"), "campaign.casualties", vec![]);
    match d {
        1 | 2 => {
            g.st.leaders[l as usize].loc = LLoc::Gone;
            g.note("campaign.casualties", format!("{n} is killed"));
        }
        3 | 4 => {
            g.st.leaders[l as usize].loc = LLoc::Prisoner(winner);
            g.note("campaign.casualties", format!("{n} is captured"));
        }
        _ => {
            let (t, _) = g.roll(&format!("turns {n} is out"), "campaign.casualties", vec![]);
            g.st.leaders[l as usize].loc = LLoc::Wounded(g.st.abs_turn() + t as u16);
            g.note(
                "campaign.casualties",
                format!("{n} is wounded for {t} turns"),
            );
        }
    }
}
