//! The inputs of every roll that shows its odds first: morale and rally tests (2, 10.1),
//! coordination (9.5.2), barrages, defensive fire and assaults (9.2, 9.5). The same
//! functions give the numbers shown on screen and the ones the roll uses.

#[allow(unused_imports)]
use crate::engine::hexmap::{Coord, SideKind, Terrain};
#[allow(unused_imports)]
use crate::games::trautenau::combat::{self, FireInput, FireKind, MoraleInput, Outcome};
#[allow(unused_imports)]
use crate::games::trautenau::data::*;
#[allow(unused_imports)]
use crate::games::trautenau::flow::*;
#[allow(unused_imports)]
use crate::games::trautenau::los;
#[allow(unused_imports)]
use crate::games::trautenau::rules::{self, View};
#[allow(unused_imports)]
use crate::games::trautenau::state::*;

/// The situation of `u` for a morale test (2) or, with `rally`, a rally test (10.1): what
/// [`combat::morale_mods`] turns into the modifiers the roll uses.
pub fn morale_input(
    rules: &TsRules,
    st: &TsState,
    view: &View,
    u: UnitId,
    rally: bool,
) -> MoraleInput {
    let i = u as usize;
    let d = &rules.units[i];
    let s = &st.units[i];
    let h = s.loc.hex().unwrap_or(Coord::new(1, 1));
    let f = rules.unit_formation[i];
    let leader_here = rules.leaders.iter().enumerate().any(|(l, ld)| {
        st.leaders[l].loc == Loc::Map(h)
            && ld.side == d.side
            && match &ld.kind {
                LeaderKind::Chief { .. } => true,
                LeaderKind::Formation { formation, .. } => *formation == rules.formations[f].id,
            }
    });
    let leader_adj = rules.leaders.iter().enumerate().any(|(l, ld)| {
        ld.side == d.side
            && st.leaders[l].loc.hex().is_some_and(|c| c.distance(h) == 1)
            && match &ld.kind {
                LeaderKind::Chief { .. } => true,
                LeaderKind::Formation { formation, .. } => *formation == rules.formations[f].id,
            }
    });
    // 2, 4: artillery keeps a facing (even in a town), so it too has flanks;
    // `front_dirs` gives other units in a town six front hexes.
    let enemy_on_flank = rules::front_dirs(rules, st, u).len() < 6
        && rules::view(rules, st).side_at(h).is_some()
        && rules.map.neighbors(h).any(|(_, n)| {
            view.side_at(n) == Some(d.side.other()) && rules::is_flank_of(rules, st, u, n)
        });
    let leader_on_map = leader_hex(rules, st, f).is_some();
    let under_art = rally && {
        let occupied = |c: Coord| !view.units_at(c).is_empty();
        (0..st.units.len()).any(|e| {
            let ed = &rules.units[e];
            ed.side != d.side
                && ed.arm == Arm::Artillery
                && st.units[e].loc.hex().is_some_and(|eh| {
                    eh.distance(h) <= ed.range as u32
                        && los::line_of_sight(&rules.map, &occupied, eh, h).clear
                })
        })
    };
    MoraleInput {
        morale: d.morale,
        protection2: protection(rules, h) >= 2,
        leader_stacked: leader_here,
        guard: d.guard,
        light_in_cover: d.arm == Arm::Light && is_cover(rules, h),
        austrian_artillery: d.side == Side::Austria && d.arm == Arm::Artillery,
        losses: s.losses,
        enemy_on_flank,
        // 2 (summary): -1 out of command, only while its commander is on the map;
        // 9.1.2: under an OOC marker, or no line of command to him now.
        out_of_command: leader_on_map
            && !s.chief_command
            && !rules.formations[f].independent
            && rules.formation_leader[f].is_some_and(|l| {
                st.leaders[l].ooc
                    || st.leaders[l].loc.hex().is_some_and(|lh| {
                        lh != h
                            && !rules::command_reach(
                                rules,
                                st,
                                view,
                                d.side,
                                lh,
                                rules.leaders[l].movement,
                            )
                            .contains(&h)
                    })
            }),
        demoralised: st.formations[f].demoralised && !rules.formations[f].independent,
        night: is_night(rules, st),
        rally,
        leader_adjacent: leader_adj,
        under_enemy_artillery: under_art,
    }
}

/// 2: the modifiers and the exact chance that `u` passes a morale test in the present
/// position: the same modifiers the test rolls with.
pub fn morale_odds(rules: &TsRules, st: &TsState, u: UnitId) -> (Vec<combat::Modifier>, f64) {
    let view = rules::view(rules, st);
    let mods = combat::morale_mods(&morale_input(rules, st, &view, u, false));
    let p = combat::morale_chance(&mods);
    (mods, p)
}

/// 9.5.2: the coordination test's modifiers for leader `l` and these attackers.
pub fn coordination_mods_for(
    rules: &TsRules,
    st: &TsState,
    l: usize,
    units: &[(UnitId, u8)],
) -> Option<Vec<combat::Modifier>> {
    let LeaderKind::Formation { command, .. } = rules.leaders.get(l)?.kind else {
        return None;
    };
    let austrian_bonus = rules.leaders[l].side == Side::Austria && {
        let hexes: Vec<Coord> = units.iter().filter_map(|(u, _)| on_map(st, *u)).collect();
        hexes.windows(2).all(|w| w[0] == w[1])
            && units
                .iter()
                .all(|(u, _)| rules.units[*u as usize].arm.is_infantry())
            && hexes
                .first()
                .is_some_and(|&h| rules.map.terrain(h) == Terrain::Clear)
    };
    Some(combat::coordination_mods(command, austrian_bonus))
}

/// 9.5.2: who would try to coordinate these attackers, the test's modifiers and its exact
/// chance: the same the declaration rolls with (None when no commander may try).
pub fn coordination_odds(
    rules: &TsRules,
    st: &TsState,
    units: &[(UnitId, u8)],
) -> Option<(LeaderId, Vec<combat::Modifier>, f64)> {
    let l = coordination_leader(rules, st, units)?;
    let mods = coordination_mods_for(rules, st, l, units)?;
    let p = combat::morale_chance(&mods);
    Some((l as LeaderId, mods, p))
}

/// 10.1: the modifiers and the exact chance that `u` rallies now (the rally test's own).
pub fn rally_odds(rules: &TsRules, st: &TsState, u: UnitId) -> (Vec<combat::Modifier>, f64) {
    let view = rules::view(rules, st);
    let mods = combat::morale_mods(&morale_input(rules, st, &view, u, true));
    let p = combat::morale_chance(&mods);
    (mods, p)
}

/// The facts of battery `u`'s barrage at `target` (9.2.2).
pub fn barrage_input(rules: &TsRules, st: &TsState, u: UnitId, target: UnitId) -> FireInput {
    let from = on_map(st, u).unwrap_or(Coord::new(1, 1));
    let to = on_map(st, target).unwrap_or(Coord::new(1, 1));
    let d = &rules.units[u as usize];
    FireInput {
        kind: FireKind::Barrage,
        points: d.combat as u32,
        protection: protection(rules, to),
        shooter_losses: st.units[u as usize].losses,
        shooter_levels: vec![rules.map.elevation(from)],
        target_level: rules.map.elevation(to),
        night: is_night(rules, st),
        // CRT: +1 for a Prussian Guard unit, its batteries' barrages included (9.2.2)
        guard: d.guard,
        artillery_adjacent: from.distance(to) == 1,
        ..Default::default()
    }
}

/// The facts of one defensive fire against attacker `att` standing in `ah` (9.5.3 A):
/// the defenders `defs` of `target`, a supporting battery (9.5.6), the units joining the
/// fire with `att` in a front hex (9.5.1), the share `pts` and the commander giving his
/// bonus. The once-per-assault +1s are settled by [`combat::defence_fires`].
#[allow(clippy::too_many_arguments)]
pub fn defensive_input(
    rules: &TsRules,
    st: &TsState,
    defs: &[UnitId],
    support: Option<UnitId>,
    helpers: &[UnitId],
    pts: u8,
    att: UnitId,
    ah: Coord,
    target: Coord,
    leader: Option<LeaderId>,
) -> FireInput {
    let flank = defs
        .first()
        .is_some_and(|&d| super::rules::is_flank_of(rules, st, d, ah));
    let mut shooters: Vec<UnitId> = defs.to_vec();
    shooters.extend(support);
    shooters.extend(helpers.iter().copied());
    // the units whose points may be in this fire (not the supporting battery)
    let firing: Vec<UnitId> = defs.iter().chain(helpers).copied().collect();
    let ad = &rules.units[att as usize];
    let heavy_only =
        shooters.iter().all(|&s| rules.units[s as usize].heavy) && !shooters.is_empty();
    let mut levels = vec![rules.map.elevation(target)];
    for s in support.iter().chain(helpers).filter_map(|&s| on_map(st, s)) {
        levels.push(rules.map.elevation(s));
    }
    let art_adj = shooters.iter().any(|&s| {
        rules.units[s as usize].arm == Arm::Artillery
            && on_map(st, s).is_some_and(|h| h.distance(ah) == 1)
    });
    let artillery_fire = shooters
        .iter()
        .all(|&s| rules.units[s as usize].arm == Arm::Artillery);
    FireInput {
        kind: FireKind::Defensive,
        points: pts as u32,
        flank_halved: flank,
        protection: 1,
        // CRT: a battery firing alone is artillery fire (flat -1 uphill, no leader bonus)
        artillery: artillery_fire,
        shooter_losses: shooters
            .iter()
            .map(|&s| st.units[s as usize].losses)
            .max()
            .unwrap_or(0),
        shooter_levels: levels,
        target_level: rules.map.elevation(ah),
        dreyse: pts > 0
            && firing.iter().any(|&d| {
                rules.units[d as usize].side == Side::Prussia
                    && rules.units[d as usize].arm.is_infantry()
            }),
        night: is_night(rules, st),
        guard: pts > 0 && firing.iter().any(|&d| rules.units[d as usize].guard),
        leader_bonus: leader
            .map(|l| match rules.leaders[l as usize].kind {
                LeaderKind::Formation { bonus, .. } => bonus,
                _ => 0,
            })
            .unwrap_or(0),
        artillery_adjacent: art_adj,
        heavy_defence: heavy_only && ad.arm == Arm::Cavalry && !ad.heavy,
        light_in_cover: firing
            .iter()
            .any(|&d| rules.units[d as usize].arm == Arm::Light)
            && is_cover(rules, target),
        ..Default::default()
    }
}

pub fn attack_input(
    rules: &TsRules,
    st: &TsState,
    asl: &Assault,
    attackers: &[(UnitId, u8)],
    defs: &[UnitId],
) -> FireInput {
    let t = asl.target;
    let m = &rules.map;
    let hexes: Vec<Coord> = attackers
        .iter()
        .filter_map(|(u, _)| on_map(st, *u))
        .collect();
    let across = |k: SideKind| {
        hexes
            .iter()
            .any(|&h| m.side(h, t).is_some_and(|s| s.kind == k))
    };
    let bridge = hexes.iter().any(|&h| {
        m.side(h, t)
            .is_some_and(|s| s.kind == SideKind::River && s.bridge)
    });
    let heavy_att = attackers
        .iter()
        .any(|(u, _)| rules.units[*u as usize].heavy);
    let heavy_def = defs.iter().any(|&d| rules.units[d as usize].heavy);
    let flank = defs.first().is_some_and(|&d| {
        hexes
            .iter()
            .any(|&h| super::rules::is_flank_of(rules, st, d, h))
    });
    FireInput {
        kind: FireKind::Attack,
        points: attackers.iter().map(|(_, p)| *p as u32).sum(),
        protection: protection(rules, t),
        shooter_losses: attackers
            .iter()
            .map(|(u, _)| st.units[*u as usize].losses)
            .max()
            .unwrap_or(0),
        shooter_levels: hexes.iter().map(|&h| m.elevation(h)).collect(),
        target_level: m.elevation(t),
        across_bridge: bridge,
        across_ravine_or_escarpment: across(SideKind::Ravine) || across(SideKind::Escarpment),
        night: is_night(rules, st),
        guard: attackers
            .iter()
            .any(|(u, p)| *p > 0 && rules.units[*u as usize].guard),
        leader_bonus: asl
            .leader
            .map(|l| match rules.leaders[l as usize].kind {
                LeaderKind::Formation { bonus, .. } => bonus,
                _ => 0,
            })
            .unwrap_or(0),
        heavy_attack: heavy_att && !heavy_def,
        light_in_cover: attackers
            .iter()
            .any(|(u, _)| rules.units[*u as usize].arm == Arm::Light)
            && is_cover(rules, t),
        flank_attack: flank,
        across_stream: across(SideKind::Stream),
        ..Default::default()
    }
}
