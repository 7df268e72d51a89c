//! The clock of Trautenau – Soor: the hours of the day (1.1), the two days of the linked
//! game (13), and when reinforcements and commanders arrive (9.4, 13.3).

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

pub fn arrived_due(st: &TsState, a: &Arrival) -> bool {
    (a.day, a.hour) <= (st.g.day, st.g.hour)
}

/// The hour on a single clock over both days of a linked game (day 2 08.00 = 32); the
/// rules functions take this (retreat lines change with the day).
pub fn abs_hour(st: &TsState) -> u8 {
    st.g.hour.saturating_add(24 * st.g.day.saturating_sub(1))
}

/// The hour the rules functions take: [`abs_hour`], plus 24 once the Austrian IV Corps
/// has started to enter, because that changes the Austrian line of retreat (13.3.2; see
/// `TsRules::retreat_hexes`).
pub fn rules_hour(st: &TsState) -> u8 {
    abs_hour(st).saturating_add(if st.g.iv_start.is_some() { 24 } else { 0 })
}

/// Last turn of the current day.
pub fn end_hour(rules: &TsRules, st: &TsState) -> u8 {
    match &rules.day2 {
        Some(d) if st.g.day >= 2 => d.end_hour,
        _ => rules.end_hour,
    }
}

/// First turn of the current day.
pub fn start_hour(rules: &TsRules, st: &TsState) -> u8 {
    match &rules.day2 {
        Some(d) if st.g.day >= 2 => d.start_hour,
        _ => rules.start_hour,
    }
}

/// 1.1: a night turn of the current day (dark blue on the track).
pub fn is_night_at(rules: &TsRules, st: &TsState, hour: u8) -> bool {
    match &rules.day2 {
        Some(d) if st.g.day >= 2 => d.night_hours.contains(&hour),
        _ => rules.is_night(hour),
    }
}

pub fn is_night(rules: &TsRules, st: &TsState) -> bool {
    is_night_at(rules, st, st.g.hour)
}

/// How the current day scores (11.4, 12.4, 13.4).
pub fn victory<'a>(rules: &'a TsRules, st: &TsState) -> &'a Victory {
    match &rules.day2 {
        Some(d) if st.g.day >= 2 => &d.victory,
        _ => &rules.victory,
    }
}

/// The Prussian I Corps formations that flee and come back (13.2, 13.3.2): the listed
/// divisions, and every other formation of their commander in chief with the last one.
pub fn return_slot(rules: &TsRules, f: usize) -> Option<usize> {
    let d = rules.day2.as_ref()?;
    if let Some(k) = d
        .return_divisions
        .iter()
        .position(|x| *x == rules.formations[f].id)
    {
        return Some(k);
    }
    let chief = d
        .return_divisions
        .first()
        .and_then(|id| rules.formation(id))
        .map(|g| rules.formations[g].chief.clone())?;
    (rules.formations[f].chief == chief && rules.formations[f].side == Side::Prussia)
        .then(|| d.return_divisions.len().saturating_sub(1))
}

/// 13.3.1: the IV Corps entry turn offset of a formation (brigades one per turn, the
/// independent units with the last brigade).
pub fn iv_slot(rules: &TsRules, f: usize) -> Option<usize> {
    let d = rules.day2.as_ref()?;
    let id = &rules.formations[f].id;
    if let Some(k) = d.iv_corps.iter().position(|x| x == id) {
        return Some(k);
    }
    (*id == d.iv_independent).then(|| d.iv_corps.len().saturating_sub(1))
}

/// When a formation's pieces arrive, if the linked game decides it by a roll (13.3).
pub fn dynamic_arrival(rules: &TsRules, st: &TsState, f: usize) -> Option<Option<Arrival>> {
    let d = rules.day2.as_ref()?;
    if let Some(k) = iv_slot(rules, f) {
        return Some(st.g.iv_start.map(|h| Arrival {
            hour: h.saturating_add(k as u8),
            hex: d.iv_entry,
            day: 2,
        }));
    }
    if st.g.fled
        && let Some(k) = return_slot(rules, f)
    {
        return Some(st.g.return_start.map(|h| Arrival {
            hour: h.saturating_add(k as u8),
            hex: d.return_entry,
            day: 2,
        }));
    }
    None
}

/// When and where a unit arrives (9.4, 13.3).
pub fn unit_arrival(rules: &TsRules, st: &TsState, u: UnitId) -> Option<Arrival> {
    // 13.1: a decision taken in play brings the piece at another time.
    if let Some((v, a)) = &rules.units[u as usize].variant_arrival
        && option_taken(rules, st, v)
    {
        return Some(a.clone());
    }
    let f = rules.unit_formation[u as usize];
    match dynamic_arrival(rules, st, f) {
        Some(a) => a,
        None => rules.units[u as usize].arrival.clone(),
    }
}

/// When and where a commander arrives (9.4, 13.3): a chief with his first formation.
pub fn leader_arrival(rules: &TsRules, st: &TsState, l: usize) -> Option<Arrival> {
    let ld = &rules.leaders[l];
    if let Some((v, a)) = &ld.variant_arrival
        && option_taken(rules, st, v)
    {
        return Some(a.clone());
    }
    let f = match &ld.kind {
        LeaderKind::Formation { formation, .. } => rules.formation(formation),
        LeaderKind::Chief { .. } => rules
            .formations
            .iter()
            .enumerate()
            .filter(|(_, fd)| fd.chief == ld.id)
            .filter_map(|(i, _)| {
                iv_slot(rules, i)
                    .or_else(|| {
                        if st.g.fled {
                            return_slot(rules, i)
                        } else {
                            None
                        }
                    })
                    .map(|k| (k, i))
            })
            .min()
            .map(|x| x.1),
    };
    match f.and_then(|f| dynamic_arrival(rules, st, f)) {
        Some(a) => a,
        None => ld.arrival.clone(),
    }
}

/// The entry hex of a reinforcement that may come on now (9.4), with Prussian artillery
/// last in its column.
pub fn entry_hex_due(rules: &TsRules, st: &TsState, u: UnitId) -> Option<Coord> {
    let d = &rules.units[u as usize];
    let a = unit_arrival(rules, st, u)?;
    let a = &a;
    if st.units[u as usize].loc != Loc::Off || !arrived_due(st, a) || rules.absent.contains(&d.id) {
        return None;
    }
    if d.side == Side::Prussia && d.arm == Arm::Artillery {
        let blocked = rules.units.iter().enumerate().any(|(i, o)| {
            o.side == Side::Prussia
                && o.arm != Arm::Artillery
                && st.units[i].loc == Loc::Off
                && !rules.absent.contains(&o.id)
                && unit_arrival(rules, st, i as UnitId)
                    .is_some_and(|oa| oa.hex == a.hex && arrived_due(st, &oa))
        });
        if blocked {
            return None;
        }
    }
    Some(a.hex)
}
