//! Attacks (3.4, 4.3): who may attack whom, the die modifiers, the differential results
//! and the exact odds shown before a player commits.

use super::data::{KgRules, Kind, Side};
use super::rules::{View, blocks_zones, command, unit_hex};
use super::state::{KgState, Loc, UnitId};
use crate::engine::hexmap::{Coord, SideKind, Terrain};
use serde::{Deserialize, Serialize};

/// A modifier with the case that grants it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Drm {
    pub label: String,
    pub rule: String,
    pub value: i32,
}

fn drm(label: impl Into<String>, rule: &str, value: i32) -> Drm {
    Drm {
        label: label.into(),
        rule: rule.to_string(),
        value,
    }
}

/// Why `attacker` may not attack `defender`, or None when it may (4.3, 3.4, 3.9).
pub fn attack_refusal(
    rules: &KgRules,
    st: &KgState,
    view: &View,
    attacker: UnitId,
    defender: UnitId,
) -> Option<(String, String)> {
    let m = &rules.map;
    let (Some(ad), Some(dd)) = (
        rules.units.get(attacker as usize),
        rules.units.get(defender as usize),
    ) else {
        return Some(("".into(), "no such unit".into()));
    };
    let (Some(a), Some(d)) = (unit_hex(st, attacker), unit_hex(st, defender)) else {
        return Some(("4.3".into(), "both units must be on the map".into()));
    };
    if ad.side == dd.side {
        return Some(("3.4".into(), "a unit attacks an enemy unit".into()));
    }
    if a.distance(d) != 1 {
        return Some((
            "3.4".into(),
            format!("{} is not adjacent to {}", dd.name, ad.name),
        ));
    }
    let side = m.side(a, d);
    if let Some(f) = side {
        if !f.bridge && f.kind == SideKind::Swamp {
            return Some(("3.9.1".into(), "no attacks across a swamp hexside".into()));
        }
        if !f.bridge && f.kind == SideKind::MajorRiver {
            return Some((
                "3.9.6".into(),
                "no attacks across a major river except at a bridge".into(),
            ));
        }
    }
    let across_bridge = side.is_some_and(|f| f.bridge);
    if !across_bridge && !view.in_ezoc(m, ad.side, a) {
        return Some(("4.3".into(), format!("{} is not in an enemy ZOC", ad.name)));
    }
    if ad.kind == Kind::Cavalry && dd.kind == Kind::Infantry {
        // 3.4.1 Deathride charge: allowed.
        return None;
    }
    None
}

pub fn is_deathride(rules: &KgRules, attacker: UnitId, defender: UnitId) -> bool {
    rules.units[attacker as usize].kind == Kind::Cavalry
        && rules.units[defender as usize].kind == Kind::Infantry
}

/// Whether an attacker's friend on `nb` next to the defender on `d` may assist (3.4.2,
/// 6.2): it must have the defender in its EZOC (no swamp, major river or bridge hexside
/// between them). When the attack goes across a bridge, it must also stand on the
/// defender's side of the water (3.9.2): no river or swamp hexside at all between them.
fn assists(rules: &KgRules, d: Coord, nb: Coord, across_bridge: bool) -> bool {
    let f = rules.map.side(d, nb);
    if across_bridge {
        f.is_none()
    } else {
        !blocks_zones(f)
    }
}

/// Modifiers other than artillery, for attacker and defender (4.3e, 3.4.2, 6.2).
pub fn modifiers(
    rules: &KgRules,
    st: &KgState,
    attacker: UnitId,
    defender: UnitId,
) -> (Vec<Drm>, Vec<Drm>) {
    let m = &rules.map;
    let mut att = Vec::new();
    let mut def = Vec::new();
    let (Some(a), Some(d)) = (unit_hex(st, attacker), unit_hex(st, defender)) else {
        return (att, def);
    };
    let ad = &rules.units[attacker as usize];
    let dd = &rules.units[defender as usize];
    let f = m.side(a, d);
    if f.is_some_and(|f| f.bridge) {
        att.push(drm("attacking across a bridge", "3.9.2", -2));
    }
    // Units adjacent to the defender through a hexside that carries ZOC (its EZOC for them).
    let mut flank = 0;
    let mut att_cav = 0;
    let mut def_cav = 0;
    let across_bridge = f.is_some_and(|f| f.bridge);
    for (_, nb) in m.neighbors(d) {
        let Some(i) = st.units.iter().position(|u| u.loc == Loc::Map(nb)) else {
            continue;
        };
        let ud = &rules.units[i];
        let us = &st.units[i];
        let i = i as UnitId;
        if i == attacker {
            continue;
        }
        if ud.side == ad.side && assists(rules, d, nb, across_bridge) {
            if ud.kind == Kind::Infantry {
                flank += 1; // 3.4.2
            } else if !us.exhausted {
                att_cav += 1; // 6.2
            }
        }
        if ud.side == dd.side && ud.kind == Kind::Cavalry && !us.exhausted {
            def_cav += 1; // 6.2: adjacent to the defender
        }
    }
    if flank > 0 {
        att.push(drm(
            format!("flank infantry support x{flank}"),
            "3.4.2",
            flank,
        ));
    }
    if att_cav > 0 {
        att.push(drm(
            format!("fresh cavalry support x{att_cav}"),
            "6.2",
            att_cav,
        ));
    }
    if def_cav > 0 {
        def.push(drm(
            format!("fresh cavalry support x{def_cav}"),
            "6.2",
            def_cav,
        ));
    }
    if ad.er > 0 {
        att.push(drm(
            format!("efficiency {}", "*".repeat(ad.er as usize)),
            "4.3e",
            ad.er as i32,
        ));
    }
    if dd.er > 0 {
        def.push(drm(
            format!("efficiency {}", "*".repeat(dd.er as usize)),
            "4.3e",
            dd.er as i32,
        ));
    }
    for (u, list) in [(attacker, &mut att), (defender, &mut def)] {
        if let (Some((hq, range)), Some(h)) = (command(rules, st, u), rules.unit_hq[u as usize]) {
            let here = unit_hex(st, u)
                .map(|c| c.distance(hq) <= range)
                .unwrap_or(false);
            let er = rules.hqs[h].er as i32;
            if st.hqs[h].battle && here && er > 0 {
                list.push(drm(
                    format!("HQ {} in Battle mode", rules.hqs[h].name),
                    "3.2.1",
                    er,
                ));
            }
        }
    }
    match m.terrain(d) {
        Terrain::Woods => def.push(drm("defender in woods", "3.9.8", 1)),
        Terrain::Town | Terrain::Fortress => def.push(drm("defender in a town", "3.9.7", 2)),
        Terrain::WoodedTown => def.push(drm("defender in a town", "3.9.7", 2)),
        _ => {}
    }
    if f.is_some_and(|f| f.kind == SideKind::MinorRiver && !f.bridge) {
        def.push(drm("behind a minor river", "3.9.5", 1));
    }
    (att, def)
}

/// Cavalry that gave a DRM and is exhausted after the attack (4.3f, 6.2): the attacking
/// cavalry unit and every fresh cavalry unit counted as support on either side.
pub fn supporting_cavalry(
    rules: &KgRules,
    st: &KgState,
    attacker: UnitId,
    defender: UnitId,
) -> Vec<UnitId> {
    let m = &rules.map;
    let mut out = Vec::new();
    if rules.units[attacker as usize].kind == Kind::Cavalry {
        out.push(attacker);
    }
    let Some(d) = unit_hex(st, defender) else {
        return out;
    };
    let aside = rules.units[attacker as usize].side;
    let across_bridge =
        unit_hex(st, attacker).is_some_and(|a| m.side(a, d).is_some_and(|f| f.bridge));
    for (_, nb) in m.neighbors(d) {
        let Some(i) = st.units.iter().position(|u| u.loc == Loc::Map(nb)) else {
            continue;
        };
        let i16 = i as UnitId;
        if i16 == attacker || i16 == defender {
            continue;
        }
        let ud = &rules.units[i];
        if ud.kind != Kind::Cavalry || st.units[i].exhausted {
            continue;
        }
        let counts = if ud.side == aside {
            assists(rules, d, nb, across_bridge)
        } else {
            true
        };
        if counts {
            out.push(i16);
        }
    }
    out
}

/// The result of a differential for the loser (4.3e).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    Stalemate,
    Retreat,
    Blown,
    Eliminated,
}

/// 4.3e and 4.3.3: differential to effect; Blown is Eliminated on the last turns.
pub fn effect_of(diff: i32, blown_is_elim: bool) -> Effect {
    match diff.abs() {
        0 => Effect::Stalemate,
        1 | 2 => Effect::Retreat,
        3 | 4 => {
            if blown_is_elim {
                Effect::Eliminated
            } else {
                Effect::Blown
            }
        }
        _ => Effect::Eliminated,
    }
}

/// Probabilities of each outcome of an attack, for the panel shown before committing.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Odds {
    pub stalemate: f64,
    /// [retreat, blown, eliminated] for the defender and for the attacker.
    pub defender: [f64; 3],
    pub attacker: [f64; 3],
}

/// Exact odds given both artillery choices (4.3a-e). A duel is enumerated over both dice.
pub fn odds(
    rules: &KgRules,
    st: &KgState,
    attacker: UnitId,
    defender: UnitId,
    att_art: bool,
    def_art: bool,
) -> Odds {
    let (am, dm) = modifiers(rules, st, attacker, defender);
    let base_a: i32 = am.iter().map(|d| d.value).sum();
    let base_d: i32 = dm.iter().map(|d| d.value).sum();
    let aside = rules.units[attacker as usize].side;
    let tie_to = duel_tie_winner(rules, st.g.turn);
    let blown_elim = st.g.turn >= rules.options.blown_is_elim_from;
    let deathride = is_deathride(rules, attacker, defender);
    // Artillery cases with their probability: (attacker +2?, defender +2?, p)
    let mut cases: Vec<(bool, bool, f64)> = Vec::new();
    match (att_art, def_art) {
        (true, true) => {
            for x in 1..=6 {
                for y in 1..=6 {
                    let att_wins = x > y || (x == y && tie_to == aside);
                    cases.push((att_wins, !att_wins, 1.0 / 36.0));
                }
            }
        }
        (a, d) => cases.push((a, d, 1.0)),
    }
    let mut o = Odds::default();
    for (ab, db, p) in cases {
        let a_mod = base_a + if ab { 2 } else { 0 };
        let d_mod = base_d + if db { 2 } else { 0 };
        for x in 1..=6 {
            for y in 1..=6 {
                let q = p / 36.0;
                let diff = (x + a_mod) - (y + d_mod);
                if deathride && diff <= 0 {
                    o.attacker[2] += q; // 3.4.1: draw or loss eliminates the charging cavalry
                    continue;
                }
                let e = effect_of(diff, blown_elim);
                let slot = match e {
                    Effect::Stalemate => {
                        o.stalemate += q;
                        continue;
                    }
                    Effect::Retreat => 0,
                    Effect::Blown => 1,
                    Effect::Eliminated => 2,
                };
                if diff > 0 {
                    o.defender[slot] += q
                } else {
                    o.attacker[slot] += q
                }
            }
        }
    }
    o
}

/// 4.3c: Austria wins tied duels before the flip turn, Prussia from it on.
pub fn duel_tie_winner(rules: &KgRules, turn: u8) -> Side {
    if turn >= rules.options.duel_tie_flip_turn {
        Side::Prussia
    } else {
        Side::Austria
    }
}

/// Whether a side may choose Artillery Support for its unit (4.3a, 6.2).
pub fn may_support(rules: &KgRules, st: &KgState, u: UnitId) -> bool {
    let side = rules.units[u as usize].side;
    rules.units[u as usize].kind == Kind::Infantry && st.g.ap[side.idx()] > 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn differential_table() {
        // rule 4.3e: 0 stalemate, 1-2 retreat, 3-4 blown, 5+ eliminated
        assert_eq!(effect_of(0, false), Effect::Stalemate);
        assert_eq!(effect_of(2, false), Effect::Retreat);
        assert_eq!(effect_of(-1, false), Effect::Retreat);
        assert_eq!(effect_of(3, false), Effect::Blown);
        assert_eq!(effect_of(4, false), Effect::Blown);
        assert_eq!(effect_of(5, false), Effect::Eliminated);
        // rule 4.3.3: blown is eliminated on turns 6-7
        assert_eq!(effect_of(3, true), Effect::Eliminated);
    }
}
