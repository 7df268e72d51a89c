//! Phase 5, combat (combat.willingness): in every area where both sides have SPs in the
//! field, the phasing player and then the other say in secret whether they will fight.
//! Both: a battle; neither: none; only one: 1d6 + SIV each, and the willing side must be
//! higher. A demoralized force may not initiate combat (morale.states). The battle is
//! decided by our resolver (docs/games/saxonwar.md), the loser demoralized and retreating
//! (combat.post-battle).

use crate::games::saxonwar::battle;
use crate::games::saxonwar::data::SxRules;
use crate::games::saxonwar::flow::Game;
use crate::games::saxonwar::rules::*;
use crate::games::saxonwar::state::*;

pub fn prompt(r: &SxRules, st: &SxState) -> String {
    let Some(c) = &st.g.combat else {
        return "Combat".into();
    };
    let a = c.area;
    let who = to_act(r, st).map_or("", |s| s.name());
    let Some(v) = battle::view(r, st, a) else {
        return "Combat".into();
    };
    let i = &v.inputs;
    let odds = |o: &battle::BattleOption| {
        format!(
            "{} wins {} in 36, draws {}, loses {}",
            i.attacker.name(),
            o.odds.0,
            o.odds.1,
            o.odds.2
        )
    };
    let leave = format!(
        "leaving the field takes 3+ on 1d6 with SIV 0 (demoralized){}: {} in 6",
        if st.winter() { " and -1 in winter" } else { "" },
        retreat_odds(st)
    );
    if let Some(s) = c.pull {
        return format!(
            "{}: the battle at {} is drawn: pull off the field voluntarily (+2 to recover morale; {leave}) or stay",
            s.name(),
            r.area_name(a)
        );
    }
    if c.battle {
        if let Some(g) = sally_side(r, st) {
            return format!(
                "{}: the garrison of {} may sally to join the relief force (how many SP?)",
                g.name(),
                r.fortress_name(a)
            );
        }
        return format!(
            "{who}: battle at {} ({} SP against {} SP): fight a positional battle ({}) or a maneuver battle ({})? The loser's {leave}",
            r.area_name(a),
            i.att.sp,
            i.def.sp,
            odds(&v.positional),
            odds(&v.maneuver)
        );
    }
    format!(
        "{who}: fight at {} ({} SP against {} SP)? In a battle {} (positional) or {} (maneuver)",
        r.area_name(a),
        i.att.sp,
        i.def.sp,
        odds(&v.positional),
        odds(&v.maneuver)
    )
}

/// fortress.relief: the side whose besieged garrison may sally now (its field force in
/// the area wanted the battle against the besieger, and the battle is on).
pub fn sally_side(r: &SxRules, st: &SxState) -> Option<Side> {
    let c = st.g.combat.as_ref()?;
    if !c.battle || c.sally_done {
        return None;
    }
    let g = garrisoned_by(st, c.area)?;
    (besieger(r, st, c.area) == Some(g.other())
        && c.fight[g.idx()] == Some(true)
        && st.garrison_of(c.area, g) > 0)
        .then_some(g)
}

/// The garrison SPs of a side that may sally: those of its powers whose garrison is not
/// demoralized (morale.states: a demoralized force may not split nor initiate combat,
/// so it stays inside whole).
fn sally_sp(st: &SxState, a: AreaId, side: Side) -> u16 {
    Power::ALL
        .iter()
        .filter(|p| p.side() == side && !demoralized(st, **p, a, true))
        .map(|p| sp_at(st, *p, a, true))
        .sum()
}

pub fn to_act(r: &SxRules, st: &SxState) -> Option<Side> {
    let c = st.g.combat.as_ref()?;
    let ph = st.g.phasing;
    if c.fight[ph.idx()].is_none() {
        return Some(ph);
    }
    if c.fight[ph.other().idx()].is_none() {
        return Some(ph.other());
    }
    if let Some(s) = c.pull {
        return Some(s);
    }
    if let Some(g) = sally_side(r, st) {
        return Some(g);
    }
    c.battle.then_some(ph.other())
}

pub fn takes(c: &SxCommand) -> bool {
    matches!(
        c,
        SxCommand::Fight { .. }
            | SxCommand::BattleKind { .. }
            | SxCommand::Sally { .. }
            | SxCommand::PullOff { .. }
    )
}

pub fn legal(r: &SxRules, st: &SxState, out: &mut Vec<SxCommand>) {
    let (Some(c), Some(side)) = (&st.g.combat, to_act(r, st)) else {
        return;
    };
    if c.fight.iter().any(|f| f.is_none()) {
        // morale.states: a good force may fight, even beside a demoralized ally
        if may_initiate(st, c.area, side) {
            out.push(SxCommand::Fight { fight: true });
        }
        out.push(SxCommand::Fight { fight: false });
    } else if c.pull.is_some() {
        for pull in [true, false] {
            out.push(SxCommand::PullOff { pull });
        }
    } else if sally_side(r, st).is_some() {
        for sp in 0..=sally_sp(st, c.area, side) {
            out.push(SxCommand::Sally { sp });
        }
    } else if c.battle {
        for maneuver in [false, true] {
            out.push(SxCommand::BattleKind { maneuver });
        }
    }
}

pub fn why(r: &SxRules, st: &SxState, c: &SxCommand) -> Refusal {
    let stage = st.g.combat.as_ref();
    match c {
        SxCommand::Fight { .. } if stage.is_some_and(|s| s.fight.iter().all(|f| f.is_some())) => {
            Refusal::new("combat.willingness", "both sides have declared")
        }
        SxCommand::Fight { fight: true } => Refusal::new(
            "morale.states",
            "a demoralized force may not initiate combat of any kind (your side has no good force in the field here)",
        ),
        SxCommand::BattleKind { .. } => Refusal::new(
            "campaign.deployment",
            format!(
                "the defender ({}) chooses a positional or a maneuver battle, once both sides are committed to a battle",
                st.g.phasing.other().name()
            ),
        ),
        SxCommand::Sally { .. }
            if sally_side(r, st).is_some_and(|g| {
                let a = stage.map_or(0, |s| s.area);
                sally_sp(st, a, g) < st.garrison_of(a, g)
            }) =>
        {
            Refusal::new(
                "morale.states",
                "a demoralized garrison may not split up nor initiate combat: it stays inside",
            )
        }
        SxCommand::Sally { .. } => Refusal::new(
            "fortress.relief",
            match sally_side(r, st) {
                Some(g) => format!(
                    "the garrison has {} SP to sally with",
                    st.garrison_of(stage.map_or(0, |s| s.area), g)
                ),
                None => "a besieged garrison may only come out to join a relief force that attacks the besieger in a battle".into(),
            },
        ),
        SxCommand::PullOff { .. } => Refusal::new(
            "combat.post-battle",
            "only after a drawn battle may a side pull off the field voluntarily",
        ),
        _ => Refusal::new("combat.willingness", "not a decision to fight"),
    }
}

pub fn execute(g: &mut Game, c: &SxCommand) {
    let Some(side) = to_act(g.r, g.st) else {
        return;
    };
    let Some(mut cs) = g.st.g.combat.clone() else {
        return;
    };
    match *c {
        SxCommand::Fight { fight } => {
            cs.fight[side.idx()] = Some(fight);
            let (Some(a), Some(b)) = (cs.fight[0], cs.fight[1]) else {
                g.st.g.combat = Some(cs);
                return;
            };
            decide(g, cs, a, b);
        }
        SxCommand::Sally { sp } => {
            let a = cs.area;
            cs.sally_done = true;
            let mut left = sp;
            for p in Power::ALL {
                // morale.states: a demoralized garrison stays inside
                if p.side() == side && left > 0 && !demoralized(g.st, p, a, true) {
                    let k = left.min(g.st.areas[a as usize].garrison[p.idx()]);
                    g.move_sp(p, (a, true), (a, false), k);
                    left -= k;
                }
            }
            g.note(
                "fortress.relief",
                if sp > 0 {
                    format!(
                        "{sp} SP of the garrison of {} sally to join the relief force",
                        g.r.fortress_name(a)
                    )
                } else {
                    "the garrison stays inside".to_string()
                },
            );
            g.st.g.combat = Some(cs);
        }
        SxCommand::BattleKind { maneuver } => {
            g.st.g.combat = None;
            g.note(
                "campaign.deployment",
                format!(
                    "{} chooses a {} battle",
                    side.name(),
                    if maneuver { "maneuver" } else { "positional" }
                ),
            );
            resolve(g, cs.area, maneuver);
        }
        SxCommand::PullOff { pull } => {
            let a = cs.area;
            if pull {
                g.st.g.combat = None;
                g.note(
                    "combat.post-battle",
                    format!("{} pulls off the field voluntarily", side.name()),
                );
                leave_field(g, a, side, true);
            } else if side == g.st.g.phasing.other() {
                cs.pull = Some(g.st.g.phasing);
                g.st.g.combat = Some(cs);
            } else {
                g.st.g.combat = None;
                g.note("combat.post-battle", "both sides stay on the field");
            }
        }
        _ => {}
    }
}

/// Both declarations given (combat.willingness, fortress.relief).
fn decide(g: &mut Game, mut cs: CombatSt, a: bool, b: bool) {
    let area = cs.area;
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
            // OUR READING (docs/games/saxonwar.md, readings): "the player with the
            // highest wins": a tie has no highest, and the battle is fought only if the
            // willing side wins, so a tie goes to the declining side (no battle)
            t1 > t2
        }
    };
    // fortress.relief: a besieger refusing the relief force's battle lifts the siege, if
    // no battle happens (one that loses the willingness roll fights it, still the
    // besieger, and the garrison may sally)
    if !battle
        && let Some(gs) = garrisoned_by(g.st, area)
        && let Some(bs) = besieger(g.r, g.st, area)
        && bs == gs.other()
        && cs.fight[gs.idx()] == Some(true)
        && cs.fight[bs.idx()] == Some(false)
    {
        g.st.areas[area as usize].lifted = Some((bs, g.st.player_turn()));
        g.note(
            "fortress.relief",
            format!(
                "{} refuses the relief force's battle: the siege of {} is lifted",
                bs.name(),
                g.r.fortress_name(area)
            ),
        );
    }
    if battle {
        cs.battle = true;
        g.st.g.combat = Some(cs);
        g.note(
            "campaign.deployment",
            format!("a battle at {name}: the defender chooses positional or maneuver"),
        );
    } else {
        g.st.g.combat = None;
        g.note("combat.willingness", format!("no battle at {name}"));
    }
}

/// Our battle resolver (`battle`, docs/games/saxonwar.md): 1d6 each with the modifiers
/// of `battle::mods` for the defender's choice, the outcome from `battle::outcome`.
pub fn resolve(g: &mut Game, area: AreaId, maneuver: bool) {
    let i = battle::inputs(g.r, g.st, area);
    let (w, t, l) = battle::odds(&i, maneuver);
    let name = g.r.area_name(area).to_string();
    let att_side = i.attacker;
    g.note(
        "campaign.conversion",
        format!(
            "battle at {name}: {} attacks with {} SP ({:.1} points), {} defends with {} SP ({:.1} points), {:.2} points per SP; {} wins {w}/36, draws {t}/36, loses {l}/36",
            att_side.name(),
            i.att.sp,
            i.conv.points[0] as f64 / 100.0,
            att_side.other().name(),
            i.def.sp,
            i.conv.points[1] as f64 / 100.0,
            i.conv.per_sp as f64 / 100.0,
            att_side.name(),
        ),
    );
    let (ma, md) = battle::mods(&i, maneuver);
    let (_, ta) = g.roll("battle (attacker)", "campaign.initiative", ma);
    let (_, td) = g.roll("battle (defender)", "campaign.initiative", md);
    let o = battle::outcome(&i, ta, td);
    g.st.g.last_battle = Some(battle::BattleReport {
        inputs: i.clone(),
        maneuver,
        att_total: ta,
        def_total: td,
        outcome: o.clone(),
    });
    let Some(winner) = o.winner else {
        for (k, s) in [att_side, att_side.other()].into_iter().enumerate() {
            g.lose(s, area, false, o.losses[k], false);
        }
        g.note(
            "campaign.conversion",
            format!(
                "a drawn battle: {} loses {} SP, {} loses {} SP",
                att_side.name(),
                o.losses[0],
                att_side.other().name(),
                o.losses[1]
            ),
        );
        if g.st.field_of(area, Side::Austria) > 0 && g.st.field_of(area, Side::Prussia) > 0 {
            g.st.g.combat = Some(CombatSt {
                area,
                fight: [Some(true), Some(true)],
                battle: false,
                sally_done: true,
                pull: Some(att_side.other()),
            });
        }
        return;
    };
    let loser = winner.other();
    let (wk, lk) = if winner == att_side { (0, 1) } else { (1, 0) };
    g.lose(loser, area, false, o.losses[lk], false);
    g.lose(winner, area, false, o.losses[wk], false);
    let taken = g.lose(loser, area, false, o.prisoners, true);
    g.note(
        "campaign.pursuit",
        format!(
            "{} wins by {}: {} loses {} SP ({:.1} points) and {taken} SP taken prisoner in the pursuit ({} per mille, {:.1} points), the winner loses {} SP ({:.1} points)",
            winner.name(),
            o.margin,
            loser.name(),
            o.losses[lk],
            o.loss_points[lk] as f64 / 100.0,
            o.pursuit,
            o.prisoner_points as f64 / 100.0,
            o.losses[wk],
            o.loss_points[wk] as f64 / 100.0,
        ),
    );
    // campaign.casualties: the casualty is the general who fought, recorded in the
    // battle's inputs before the losses (AUDIT14f defect 3: the losses may change which
    // power has the most SPs and so who commands now), and only a *named* leader rolls
    // for his fate, not the all-0 "Unnamed" general of grand.redeploy (defect 4)
    let fought = if lk == 0 { i.att.leader } else { i.def.leader };
    if o.casualty
        && let Some(cmd) = fought
        && !g.r.leaders[cmd as usize].unnamed
        && g.st.leaders[cmd as usize].loc == LLoc::Field(area)
    {
        leader_casualty(g, cmd, winner);
    }
    leave_field(g, area, loser, false);
}

/// A beaten force, or one pulling off a drawn field, is demoralized and rolls 1d6 + its
/// commander's SIV, 0 as it is demoralized, -1 in winter (`rules::retreat_mods`), to
/// leave the area (combat.post-battle).
fn leave_field(g: &mut Game, area: AreaId, side: Side, voluntary: bool) {
    for p in Power::ALL {
        if p.side() == side {
            g.st.areas[area as usize].demoralized[p.idx()] = true;
        }
    }
    let left = g.st.field_of(area, side) > 0
        || g.st
            .leaders_at(LLoc::Field(area))
            .iter()
            .any(|l| power_of(g.r, *l).side() == side);
    if !left {
        return;
    }
    let name = g.r.area_name(area).to_string();
    let (_, total) = g.roll(
        &format!("{} leaves the field at {name}", side.name()),
        "combat.post-battle",
        retreat_mods(g.st),
    );
    g.st.g.retreat = Some(RetreatSt {
        area,
        side,
        may_leave: total >= 3,
        voluntary,
    });
    g.st.g.step = Step::Retreat;
}

/// campaign.casualties: 1-2 killed (the lost item, RECONSTRUCTED: 3-4 captured and 5-6
/// wounded are printed; the worst fate, death, is the one missing), 3-4 captured, 5-6
/// wounded for 1d6 turns. Our resolver makes the beaten commander a casualty when he loses by 4 or more.
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
