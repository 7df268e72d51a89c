//! The sequence of play of Trautenau – Soor (6-10, 11-12): one list of legal commands per
//! step, refusals with reasons, and the state changes of each command. Pure: the ECS
//! systems and the headless runner both call [`Game::apply`].

use super::Trautenau;
use super::combat::{self, FireInput, FireKind, MoraleInput, Outcome};
use super::data::*;
use super::los;
use super::rules::{self, View};
use super::state::*;
pub use super::steps::movement::must_fall_back;
pub use super::steps::night::night_candidates;
pub use super::steps::rally::rally_candidates;
use crate::engine::dice::Dice;
use crate::engine::hexmap::{Coord, SideKind, Terrain};
use crate::engine::log::GameLog;

// ---------------------------------------------------------------------------------------
// Set-up

pub fn new_state(rules: &TsRules) -> TsState {
    let units = rules
        .units
        .iter()
        .map(|u| {
            let present = !rules.absent.contains(&u.id);
            UnitState {
                loc: match u.start {
                    Some(c) if present => Loc::Map(c),
                    _ => Loc::Off,
                },
                facing: u.facing,
                losses: u.losses,
                initial_losses: u.losses,
                disorg: false,
                spent: 0,
                moved: false,
                fired: false,
                acted: false,
                in_command: true, // until its first activation checks it (9.1.2)
                chief_command: false,
                support_used: false,
                engaged: false,
            }
        })
        .collect();
    let leaders = rules
        .leaders
        .iter()
        .map(|l| LeaderState {
            loc: match l.start {
                Some(c) if !rules.absent.contains(&l.id) => Loc::Map(c),
                _ => Loc::Off,
            },
            ooc: false,
            aide: false,
            moved: false,
            may_move: false,
            returns_next_turn: false,
        })
        .collect();
    let formations = rules
        .formations
        .iter()
        .map(|f| FormationState {
            demoralised: f.demoralised,
            demoralised_day: 0,
            ..Default::default()
        })
        .collect();
    let mut st = TsState {
        units,
        leaders,
        formations,
        last_occupant: vec![None; rules.map.len()],
        g: Globals {
            hour: rules.start_hour,
            day: 1,
            step: Step::ChiefMove(Side::Prussia),
            active: None,
            initiative: None,
            assaults: Vec::new(),
            pending: Vec::new(),
            chief_budget: Vec::new(),
            initiative_chief: None,
            winner: None,
            vp: [0, 0],
            banked_vp: [0, 0],
            panic: false,
            evacuated_clean: [0, 0],
            day1_vp: [0, 0],
            iv_start: None,
            fled: false,
            return_start: None,
            zones: Vec::new(),
            panic_brigade: None,
            to_place: Vec::new(),
            deferred: Vec::new(),
            handled: Vec::new(),
            night_loser: None,
            decided: Vec::new(),
        },
    };
    mark_occupants(rules, &mut st);
    st
}

pub(crate) fn mark_occupants(rules: &TsRules, st: &mut TsState) {
    for (i, u) in st.units.iter().enumerate() {
        if let Loc::Map(c) = u.loc
            && let Some(k) = rules.map.index(c)
        {
            st.last_occupant[k] = Some(rules.units[i].side);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Queries

pub fn side_of(rules: &TsRules, u: UnitId) -> Side {
    rules.units[u as usize].side
}

pub(crate) fn on_map(st: &TsState, u: UnitId) -> Option<Coord> {
    st.units.get(u as usize).and_then(|s| s.loc.hex())
}

/// The side whose decision the game waits for (the step's `to_act`).
pub fn active_side(rules: &TsRules, st: &TsState) -> Option<Side> {
    crate::engine::step::to_act::<Trautenau>(rules, st)
}

/// The formation commander's hex of a formation, if he is on the map.
pub fn leader_hex(rules: &TsRules, st: &TsState, f: usize) -> Option<Coord> {
    rules.formation_leader[f].and_then(|l| st.leaders[l].loc.hex())
}

pub fn chief_hex(rules: &TsRules, st: &TsState, f: usize) -> Option<Coord> {
    chief_of(rules, st, f).and_then(|l| st.leaders[l].loc.hex())
}

/// 13.1: the decision id of the 1st Guards Division at 13.00 (the scenario's
/// `decisions`); with it Bonin panicking ends the linked game.
pub const GUARD_DECISION: &str = "guard-1866";

/// An option chosen before play, or a decision (13.1) the side took during play.
pub fn option_taken(rules: &TsRules, st: &TsState, id: &str) -> bool {
    rules.chosen.iter().any(|v| v == id)
        || st
            .g
            .decided
            .iter()
            .any(|&(k, yes)| yes && rules.decisions.get(k as usize).is_some_and(|d| d.id == id))
}

/// The decision (index into `rules.decisions`) owed now: at the start of its turn, in
/// its side's chief-movement step, before anything else of that step (13.1).
pub fn decision_due(rules: &TsRules, st: &TsState) -> Option<usize> {
    let Step::ChiefMove(side) = st.g.step else {
        return None;
    };
    if !st.g.pending.is_empty() {
        return None;
    }
    rules
        .decisions
        .iter()
        .enumerate()
        .find(|(k, d)| {
            d.side == side
                && d.day == st.g.day
                && d.hour == st.g.hour
                && !st.g.decided.iter().any(|x| x.0 as usize == *k)
        })
        .map(|(k, _)| k)
}

/// The commander in chief a formation answers to (7.2, 9.1.4), as changed by a decision
/// (13.1: the 1st Guards Division under Bonin).
pub fn chief_of(rules: &TsRules, st: &TsState, f: usize) -> Option<usize> {
    if let Some((v, c)) = &rules.formations[f].variant_chief
        && option_taken(rules, st, v)
    {
        return rules.leaders.iter().position(|l| &l.id == c);
    }
    rules.formation_chief[f]
}

pub(crate) fn is_chief(rules: &TsRules, l: usize) -> bool {
    matches!(rules.leaders[l].kind, LeaderKind::Chief { .. })
}

/// Units that move and fight in the current activation: the active formation's, and the
/// side's independent units that have not acted this turn (9.1.3).
pub fn acts_now(rules: &TsRules, st: &TsState, u: UnitId) -> bool {
    let Some(f) = st.g.active else { return false };
    let uf = rules.unit_formation[u as usize];
    let us = &st.units[u as usize];
    if uf == f {
        return !inactive(rules, st, u);
    }
    rules.formations[uf].independent
        && rules.formations[uf].side == rules.formations[f].side
        && !us.acted
}

/// 11.1.5: a formation held back until an hour unless attacked.
pub(crate) fn inactive(rules: &TsRules, st: &TsState, u: UnitId) -> bool {
    let f = rules.unit_formation[u as usize];
    let fd = &rules.formations[f];
    match fd.inactive_until {
        // 11.1.5 belongs to the first day: on day two of the linked game the absolute
        // hour is past it.
        Some(h) => {
            abs_hour(st) < h
                && !st.formations[f].attacked
                && !fd.inactive_except.contains(&rules.units[u as usize].id)
        }
        None => false,
    }
}

pub(crate) fn protection(rules: &TsRules, c: Coord) -> u8 {
    match rules.map.terrain(c) {
        Terrain::Town | Terrain::Fortress => 3,
        Terrain::Village | Terrain::Woods | Terrain::WoodedTown => 2,
        _ => 1,
    }
}

pub(crate) fn is_town(rules: &TsRules, c: Coord) -> bool {
    matches!(
        rules.map.terrain(c),
        Terrain::Town | Terrain::Village | Terrain::Fortress | Terrain::WoodedTown
    )
}

/// 9.5.7: a D makes no retreat for units in a town. The terrain table knows towns
/// (protection 3) and villages (protection 2); a village is not a town. Fortress counts
/// with the towns (protection 3 here); a wooded town is read as village-class (protection
/// 2 here). The Trautenau – Soor map has neither.
pub(crate) fn is_town_proper(rules: &TsRules, c: Coord) -> bool {
    matches!(rules.map.terrain(c), Terrain::Town | Terrain::Fortress)
}

pub(crate) fn is_cover(rules: &TsRules, c: Coord) -> bool {
    matches!(
        rules.map.terrain(c),
        Terrain::Town | Terrain::Village | Terrain::Woods | Terrain::WoodedTown
    )
}

pub(crate) fn friends_at(rules: &TsRules, st: &TsState, side: Side, c: Coord) -> Vec<UnitId> {
    (0..st.units.len() as UnitId)
        .filter(|&u| side_of(rules, u) == side && on_map(st, u) == Some(c))
        .collect()
}

/// Points a unit still has to commit to assaults (9.5.1).
pub(crate) fn uncommitted(rules: &TsRules, st: &TsState, u: UnitId) -> u8 {
    let used: u32 =
        st.g.assaults
            .iter()
            .flat_map(|a| a.attackers.iter())
            .filter(|(x, _)| *x == u)
            .map(|(_, p)| *p as u32)
            .sum();
    (rules.units[u as usize].combat as u32).saturating_sub(used) as u8
}

/// 9.5.1, 9.5.11: may `u` assault the hex `t`?
pub(crate) fn may_assault(
    rules: &TsRules,
    st: &TsState,
    u: UnitId,
    t: Coord,
) -> Result<(), Refusal> {
    let d = &rules.units[u as usize];
    let s = &st.units[u as usize];
    if on_map(st, u).is_none() {
        return Err(Refusal::new(
            "9.5.1",
            format!("{} is not on the map", d.name),
        ));
    }
    if !acts_now(rules, st, u) {
        return Err(Refusal::new(
            "9.1",
            format!("{} does not belong to the active formation", d.name),
        ));
    }
    if d.arm == Arm::Artillery {
        return Err(Refusal::new(
            "9.5.1",
            "artillery does not assault; it fires barrages",
        ));
    }
    if d.arm == Arm::Cavalry && s.disorg {
        return Err(Refusal::new(
            "9.5.11",
            format!("{} is disorganised cavalry and cannot charge", d.name),
        ));
    }
    if d.arm == Arm::Cavalry && s.spent > 3 {
        return Err(Refusal::new(
            "9.5.11",
            format!(
                "{} moved {} MP; cavalry that charges moves at most 3",
                d.name, s.spent
            ),
        ));
    }
    if !rules::front_hexes(rules, st, u).contains(&t) {
        return Err(Refusal::new(
            "9.5.1",
            format!("{t} is not one of {}'s front hexes", d.name),
        ));
    }
    let view = rules::view(rules, st);
    if view.side_at(t) != Some(d.side.other()) {
        return Err(Refusal::new(
            "9.5.1",
            format!("no enemy unit stands in {t}"),
        ));
    }
    // 9.5.1: a unit divides its combat value among the hexes it assaults, one combat
    // per hex; it does not assault the same hex twice in one activation.
    if st
        .g
        .assaults
        .iter()
        .any(|a| a.target == t && a.attackers.iter().any(|(x, _)| *x == u))
    {
        return Err(Refusal::new(
            "9.5.1",
            format!("{} has already declared its assault on {t}", d.name),
        ));
    }
    if !crossable_for_assault(rules, on_map(st, u).unwrap_or(t), t) {
        return Err(Refusal::new(
            "TEC",
            format!("no assault across the hexside between {} and {t}", d.name),
        ));
    }
    Ok(())
}

/// TEC: no assault across a river (except by a bridge) or an escarpment (except along a
/// road, path or railway).
pub(crate) fn crossable_for_assault(rules: &TsRules, a: Coord, b: Coord) -> bool {
    let m = &rules.map;
    match m.side(a, b) {
        Some(f) if f.kind == SideKind::River && !f.bridge => false,
        Some(f) if f.kind == SideKind::Escarpment => {
            m.road_between(a, b) || trail_between(rules, a, b)
        }
        _ => true,
    }
}

pub(crate) fn trail_between(rules: &TsRules, a: Coord, b: Coord) -> bool {
    let (Some(i), Some(d)) = (
        rules.map.index(a),
        crate::engine::hexmap::Dir::between(a, b),
    ) else {
        return false;
    };
    rules.map.trail_at(i, d.index())
}

pub(crate) fn exit_hexes(rules: &TsRules, st: &TsState, side: Side) -> Vec<Coord> {
    exit_check(rules, st, side).unwrap_or_default()
}

/// The open evacuation hexes of `side`, or why there are none (11.4.1, 12.4.1).
pub(crate) fn exit_check(rules: &TsRules, st: &TsState, side: Side) -> Result<Vec<Coord>, String> {
    match victory(rules, st) {
        Victory::Trautenau {
            exit,
            evacuation_needs,
            road,
            ..
        } if side == Side::Prussia => {
            // 11.4.1: Prussia controls Trautenau, 0607 and 0707, and the road from 0107
            // to 0901 is out of Austrian ZoC whatever friends stand on it.
            let view = rules::view(rules, st);
            let held = controls(
                rules,
                st,
                Side::Prussia,
                &Location {
                    name: String::new(),
                    hexes: evacuation_needs.clone(),
                    vp: 0,
                    void_if_enemy_in: vec![],
                },
            );
            let road_free = road.iter().all(|&c| {
                view.side_at(c) != Some(Side::Austria)
                    && !(0..st.units.len()).any(|e| {
                        rules.units[e].side == Side::Austria
                            && st.units[e].loc.hex().is_some()
                            && rules::zoc_hexes(rules, st, e as UnitId).contains(&c)
                    })
            });
            let needs: Vec<String> = evacuation_needs.iter().map(|c| c.to_string()).collect();
            if !held {
                Err(format!(
                    "the exit at {exit} opens only while Prussia controls {} (the last to occupy them, not in an empty Austrian ZoC)",
                    needs.join(", ")
                ))
            } else if !road_free {
                Err(format!(
                    "the exit at {exit} is closed: an Austrian unit or its ZoC touches the road to it"
                ))
            } else {
                Ok(vec![*exit])
            }
        }
        Victory::Soor {
            evacuate_from,
            exits,
            ..
        } if side == Side::Austria => {
            if st.g.hour >= *evacuate_from {
                Ok(exits.clone())
            } else {
                Err(format!(
                    "Austrian units may leave the map only from the {evacuate_from:02}.00 turn"
                ))
            }
        }
        _ => Err(format!(
            "{} has no evacuation hexes in this scenario",
            side.name()
        )),
    }
}

// ---------------------------------------------------------------------------------------
// Legal commands

/// Every legal command of the current step (its step module's list). The UI highlights
/// these, random play and the AI draw from them; [`check`] accepts exactly these plus
/// the free-form splits of assault points and defence shares that the list only samples.
pub fn legal_commands(rules: &TsRules, st: &TsState) -> Vec<TsCommand> {
    crate::engine::step::legal::<Trautenau>(rules, st)
}

/// 9.1.4: cut-off units of the active formation, and independent units of its side that
/// may act now (9.1.3) out of the activated formation commander's reach, within 6
/// cavalry MP of their own commander in chief, while he still has units to command this
/// turn (independent units count toward his limit).
pub fn chief_candidates(rules: &TsRules, st: &TsState, view: &View) -> Vec<UnitId> {
    let Some(f) = st.g.active else {
        return vec![];
    };
    let side = rules.formations[f].side;
    let mut reach: Vec<(usize, Vec<Coord>)> = Vec::new();
    (0..st.units.len())
        .filter(|&i| {
            let uf = rules.unit_formation[i];
            let ours = uf == f
                || (rules.formations[uf].independent
                    && rules.formations[uf].side == side
                    && acts_now(rules, st, i as UnitId));
            if !ours || st.units[i].in_command || st.units[i].chief_command {
                return false;
            }
            let Some(c) = chief_of(rules, st, uf) else {
                return false;
            };
            if st.g.chief_budget.get(c).copied().unwrap_or(0) == 0 {
                return false;
            }
            let Some(ch) = st.leaders[c].loc.hex() else {
                return false;
            };
            if !reach.iter().any(|(k, _)| *k == c) {
                let mut v = rules::command_reach(rules, st, view, side, ch, 6);
                v.push(ch);
                reach.push((c, v));
            }
            st.units[i]
                .loc
                .hex()
                .is_some_and(|h| reach.iter().any(|(k, v)| *k == c && v.contains(&h)))
        })
        .map(|i| i as UnitId)
        .collect()
}

/// 10.1: a hex in the ZoC of an organised enemy unit.
pub fn rally_blocked(rules: &TsRules, st: &TsState, side: Side, h: Coord) -> bool {
    (0..st.units.len() as UnitId).any(|e| {
        side_of(rules, e) != side
            && !st.units[e as usize].disorg
            && on_map(st, e).is_some()
            && rules::zoc_hexes(rules, st, e).contains(&h)
    })
}

/// The enemy-held hexes next to `h` (what a unit there falls back from, 13.2).
pub(crate) fn adjacent_enemies(rules: &TsRules, view: &View, side: Side, h: Coord) -> Vec<Coord> {
    rules
        .map
        .neighbors(h)
        .map(|(_, n)| n)
        .filter(|&n| view.side_at(n) == Some(side.other()))
        .collect()
}

/// 13.2: where a unit may fall back for the night, as a retreat after combat (9.5.8).
pub(crate) fn night_retreats(
    rules: &TsRules,
    st: &TsState,
    view: &View,
    u: UnitId,
) -> Vec<TsCommand> {
    let Some(h) = on_map(st, u) else {
        return vec![];
    };
    let enemies = adjacent_enemies(rules, view, side_of(rules, u), h);
    retreat_commands(rules, st, view, u, h, &enemies)
}

/// Retreat moves of `u` from `from` away from `enemies`, with the facings it may take
/// (9.5.8: one hexside of change).
pub(crate) fn retreat_commands(
    rules: &TsRules,
    st: &TsState,
    view: &View,
    u: UnitId,
    from: Coord,
    enemies: &[Coord],
) -> Vec<TsCommand> {
    let mut out = Vec::new();
    let f = st.units[u as usize].facing;
    for (to, _) in rules::retreat_options(rules, st, view, u, from, enemies, rules_hour(st)) {
        for fc in [f, rot(f, 1), rot(f, 5)] {
            if end_facings(rules, st, view, u, to).contains(&fc) {
                out.push(TsCommand::Retreat {
                    unit: u,
                    to,
                    facing: fc,
                });
            }
        }
    }
    out
}

pub fn is_legal(rules: &TsRules, st: &TsState, cmd: &TsCommand) -> bool {
    check(rules, st, cmd).is_ok()
}

pub(crate) fn rot(d: Dir, k: usize) -> Dir {
    Dir::ALL[(d.index() + k) % 6]
}

/// 13.2: the places the X Corps brigades are redeployed around after Bonin's panic.
pub const PANIC_PLACES: [&str; 3] = ["Trautenau", "Kriebnitz", "Hohenbruck"];

/// 13.2: the hexes of redeployment zone `z` (0-2: within one hex of a place; 3: rows 1-10).
pub fn zone_hexes(rules: &TsRules, z: u8) -> Vec<Coord> {
    let m = &rules.map;
    match PANIC_PLACES.get(z as usize) {
        Some(name) => m
            .labels
            .iter()
            .find(|(_, l)| l == name)
            .map(|(c, _)| m.within(*c, 1).collect())
            .unwrap_or_default(),
        None => m.coords().filter(|c| c.row <= 10).collect(),
    }
}

pub(crate) fn chief_moves(rules: &TsRules, st: &TsState, view: &View, l: usize) -> Vec<Coord> {
    let ls = &st.leaders[l];
    let ld = &rules.leaders[l];
    if ls.moved || !ls.may_move {
        return vec![];
    }
    match ls.loc {
        Loc::Map(c) => rules::leader_destinations(rules, st, view, ld.side, c, ld.movement, true),
        Loc::Off => match &leader_arrival(rules, st, l) {
            // 9.4: a commander in chief enters in his own command phase.
            Some(a) if arrived_due(st, a) && !rules.absent.contains(&ld.id) => {
                let mut v =
                    rules::leader_destinations(rules, st, view, ld.side, a.hex, ld.movement, true);
                if !view.enemy_adjacent(&rules.map, ld.side, a.hex)
                    || view.side_at(a.hex) == Some(ld.side)
                {
                    v.push(a.hex);
                }
                v.sort();
                v.dedup();
                v
            }
            _ => vec![],
        },
        _ => vec![],
    }
}

pub(crate) fn arrived_due(st: &TsState, a: &Arrival) -> bool {
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
pub(crate) fn return_slot(rules: &TsRules, f: usize) -> Option<usize> {
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
pub(crate) fn iv_slot(rules: &TsRules, f: usize) -> Option<usize> {
    let d = rules.day2.as_ref()?;
    let id = &rules.formations[f].id;
    if let Some(k) = d.iv_corps.iter().position(|x| x == id) {
        return Some(k);
    }
    (*id == d.iv_independent).then(|| d.iv_corps.len().saturating_sub(1))
}

/// When a formation's pieces arrive, if the linked game decides it by a roll (13.3).
pub(crate) fn dynamic_arrival(rules: &TsRules, st: &TsState, f: usize) -> Option<Option<Arrival>> {
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

pub(crate) fn choosable(rules: &TsRules, st: &TsState, side: Side) -> Vec<usize> {
    let all: Vec<usize> = (0..rules.formations.len())
        .filter(|&f| st.formations[f].in_cup && rules.formations[f].side == side)
        .collect();
    // 8: with several chiefs, a formation of the one who won the roll (if he has any)
    let his: Vec<usize> = all
        .iter()
        .copied()
        .filter(|&f| {
            st.g.initiative_chief
                .is_some_and(|c| chief_of(rules, st, f) == Some(c as usize))
        })
        .collect();
    if his.is_empty() { all } else { his }
}

pub(crate) fn may_barrage(rules: &TsRules, st: &TsState, u: UnitId) -> bool {
    let d = &rules.units[u as usize];
    let s = &st.units[u as usize];
    d.arm == Arm::Artillery
        && on_map(st, u).is_some()
        && acts_now(rules, st, u)
        && !s.fired
        && !s.moved
}

/// 9.2: enemy units the artillery unit can fire at: in range, in line of sight, not
/// adjacent across a steep slope.
pub fn barrage_targets(rules: &TsRules, st: &TsState, view: &View, u: UnitId) -> Vec<UnitId> {
    if !may_barrage(rules, st, u) {
        return vec![];
    }
    let Some(from) = on_map(st, u) else {
        return vec![];
    };
    let d = &rules.units[u as usize];
    let occupied = |c: Coord| !view.units_at(c).is_empty();
    let mut out = Vec::new();
    for c in rules.map.within(from, d.range as u32) {
        if c == from || view.side_at(c) != Some(d.side.other()) {
            continue;
        }
        if !los::barrage_range_ok(&rules.map, from, c, d.range) {
            continue;
        }
        if from.distance(c) == 1 && los::adjacent_across_steep(&rules.map, from, c) {
            continue;
        }
        if !los::line_of_sight(&rules.map, &occupied, from, c).clear {
            continue;
        }
        if !in_front_arc(from, st.units[u as usize].facing, c) {
            continue;
        }
        out.extend(view.units_at(c).iter().copied());
    }
    out
}

/// 4, 9.2: a battery fires into its front: the half-plane ahead of its facing, bounded
/// where the front hexsides meet the flank ones (our reading: the rules let a battery
/// turn one hexside before a barrage, so it does not fire all round).
pub fn in_front_arc(from: Coord, facing: Dir, to: Coord) -> bool {
    let (x0, y0) = from.centre();
    let (xf, yf) = from.neighbor(facing).centre();
    let (xt, yt) = to.centre();
    (xf - x0) * (xt - x0) + (yf - y0) * (yt - y0) > -1e-3
}

/// The facings a unit may end in at `hex`: the stack's facing if friends stand there (4).
pub(crate) fn end_facings(
    rules: &TsRules,
    st: &TsState,
    view: &View,
    u: UnitId,
    hex: Coord,
) -> Vec<Dir> {
    let here: Vec<UnitId> = view
        .units_at(hex)
        .iter()
        .copied()
        .filter(|&x| x != u)
        .collect();
    match here.first() {
        Some(&x) if side_of(rules, x) == side_of(rules, u) => vec![st.units[x as usize].facing],
        _ => Dir::ALL.to_vec(),
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

/// 9.5.2: the formation commander who may try to coordinate these attackers: stacked with
/// one of them, all of his formation or independent; never across a steep slope or an
/// escarpment between attackers' hexes.
pub(crate) fn coordination_leader(
    rules: &TsRules,
    st: &TsState,
    units: &[(UnitId, u8)],
) -> Option<usize> {
    let f = st.g.active?;
    let l = rules.formation_leader[f]?;
    let lh = st.leaders[l].loc.hex()?;
    if st.formations[f].failed_activation {
        return None;
    }
    let ok_members = units.iter().all(|(u, _)| {
        let uf = rules.unit_formation[*u as usize];
        uf == f || rules.formations[uf].independent
    });
    let stacked = units.iter().any(|(u, _)| on_map(st, *u) == Some(lh));
    if !ok_members || !stacked {
        return None;
    }
    let hexes: Vec<Coord> = units.iter().filter_map(|(u, _)| on_map(st, *u)).collect();
    for a in &hexes {
        for b in &hexes {
            if a.distance(*b) == 1
                && (rules::steep(&rules.map, *a, *b)
                    || rules
                        .map
                        .side(*a, *b)
                        .is_some_and(|s| s.kind == SideKind::Escarpment))
            {
                return None;
            }
        }
    }
    Some(l)
}

pub fn defenders(rules: &TsRules, st: &TsState, a: &Assault) -> Vec<UnitId> {
    let side = a
        .attackers
        .first()
        .map(|(u, _)| side_of(rules, *u).other())
        .unwrap_or(Side::Austria);
    friends_at(rules, st, side, a.target)
}

/// The defending stack's combat points (9.5.3 A), plus a supporting battery (9.5.6) and
/// the units that join the fire (9.5.1).
pub fn defence_pool(
    rules: &TsRules,
    st: &TsState,
    a: &Assault,
    support: Option<UnitId>,
    helpers: &[UnitId],
) -> u8 {
    let mut p: u32 = defenders(rules, st, a)
        .iter()
        .map(|&u| rules.units[u as usize].combat as u32)
        .sum();
    for &s in support.iter().chain(helpers) {
        p += rules.units.get(s as usize).map_or(0, |d| d.combat as u32);
    }
    p.min(60) as u8
}

/// 9.5.1: the attackers of `a` (by index) standing in one of `h`'s front hexes.
pub fn helper_reach(rules: &TsRules, st: &TsState, a: &Assault, h: UnitId) -> Vec<usize> {
    let front = rules::front_hexes(rules, st, h);
    a.attackers
        .iter()
        .enumerate()
        .filter(|(_, (u, _))| on_map(st, *u).is_some_and(|c| front.contains(&c)))
        .map(|(k, _)| k)
        .collect()
}

/// 9.5.1: "any enemy unit with an attacking unit in one of its front hexes may participate
/// in defensive fire if it is not already engaged in another combat". The units of the
/// defender outside the assaulted hex with an attacker of assault `ai` in a front hex,
/// neither in a hex assaulted by another assault of this activation nor already firing
/// with another one. The defender chooses which of them join (TsCommand::Defend).
pub fn defence_helpers(rules: &TsRules, st: &TsState, ai: usize) -> Vec<UnitId> {
    let Some(a) = st.g.assaults.get(ai) else {
        return vec![];
    };
    let Some(side) = a.attackers.first().map(|(u, _)| side_of(rules, *u).other()) else {
        return vec![];
    };
    let mut out = Vec::new();
    for u in 0..st.units.len() as UnitId {
        let Some(h) = on_map(st, u) else { continue };
        if side_of(rules, u) != side || h == a.target {
            continue;
        }
        let engaged =
            st.g.assaults
                .iter()
                .enumerate()
                .any(|(j, o)| j != ai && (o.target == h || o.helpers.contains(&u)));
        if engaged || helper_reach(rules, st, a, u).is_empty() {
            continue;
        }
        out.push(u);
    }
    out
}

/// 9.5.1, 9.5.2, 9.5.6: is this defence (shares, support, joining units) allowed?
pub(crate) fn defend_refusal(
    rules: &TsRules,
    st: &TsState,
    ai: usize,
    split: &[u8],
    support: Option<UnitId>,
    helpers: &[UnitId],
) -> Result<(), Refusal> {
    let Some(a) = st.g.assaults.get(ai) else {
        return Err(Refusal::new("9.5.3", "no such assault"));
    };
    let view = rules::view(rules, st);
    if let Some(s) = support
        && !support_options(rules, st, &view, a).contains(&s)
    {
        return Err(Refusal::new(
            "9.5.6",
            "that battery cannot support: it must be of the defender's formation, not attacked, unused this activation, with every attacker at half range and in sight",
        ));
    }
    let eligible = defence_helpers(rules, st, ai);
    for (k, h) in helpers.iter().enumerate() {
        if !eligible.contains(h) || Some(*h) == support || helpers[..k].contains(h) {
            return Err(Refusal::new(
                "9.5.1",
                "only a unit of the defender with an attacker in one of its front hexes, not engaged in another combat, may join the defensive fire, once",
            ));
        }
    }
    let n = if a.coordinated { a.attackers.len() } else { 1 };
    if split.len() != n {
        return Err(Refusal::new(
            "9.5.2",
            format!("give one share per attacking unit ({n})"),
        ));
    }
    let pool = defence_pool(rules, st, a, support, helpers);
    let sum: u32 = split.iter().map(|&x| x as u32).sum();
    if sum != pool as u32 {
        return Err(Refusal::new(
            "9.5.2",
            format!("the shares add up to {sum}; the defence has {pool} points to share"),
        ));
    }
    // 9.5.1: a joining unit fires only at attackers in its front hexes. For every set S
    // of attackers, the shares against S must fit the points that may reach S.
    if !helpers.is_empty() && n > 1 && n <= 12 {
        let base = defence_pool(rules, st, a, support, &[]) as u32;
        let reach: Vec<(u32, Vec<usize>)> = helpers
            .iter()
            .map(|&h| {
                (
                    rules.units[h as usize].combat as u32,
                    helper_reach(rules, st, a, h),
                )
            })
            .collect();
        for mask in 1u32..(1 << n) {
            let want: u32 = (0..n)
                .filter(|k| mask & (1 << k) != 0)
                .map(|k| split[k] as u32)
                .sum();
            let can: u32 = base
                + reach
                    .iter()
                    .filter(|(_, r)| r.iter().any(|k| mask & (1 << k) != 0))
                    .map(|(p, _)| *p)
                    .sum::<u32>();
            if want > can {
                return Err(Refusal::new(
                    "9.5.1",
                    "a unit that joins the defensive fire fires only at the attackers in its front hexes",
                ));
            }
        }
    }
    Ok(())
}

/// 9.5.4: hexes the defenders `defs` (the stack or one unit of it) may fall back to
/// together before combat, with facings.
pub(crate) fn retreat_before_options(
    rules: &TsRules,
    st: &TsState,
    view: &View,
    a: &Assault,
    defs: &[UnitId],
) -> Vec<(Coord, Dir)> {
    let Some(&first) = defs.first() else {
        return vec![];
    };
    let att_mp = a
        .attackers
        .iter()
        .map(|(u, _)| rules.units[*u as usize].movement)
        .max()
        .unwrap_or(0);
    if defs
        .iter()
        .any(|&u| rules.units[u as usize].movement < att_mp)
    {
        return vec![];
    }
    let enemies: Vec<Coord> = a
        .attackers
        .iter()
        .filter_map(|(u, _)| on_map(st, *u))
        .collect();
    let f = st.units[first as usize].facing;
    let hour = rules_hour(st);
    // 9.5.4: never into an enemy ZoC without a friendly unit there.
    let mut ends: Vec<Coord> =
        rules::retreat_options(rules, st, view, first, a.target, &enemies, hour)
            .into_iter()
            .filter(|(_, loss)| !loss)
            .map(|(c, _)| c)
            .collect();
    // 9.5.4: cavalry facing only infantry may go up to two hexes.
    let cav = defs
        .iter()
        .all(|&u| rules.units[u as usize].arm == Arm::Cavalry);
    let vs_inf = a
        .attackers
        .iter()
        .all(|(u, _)| rules.units[*u as usize].arm.is_infantry());
    if cav && vs_inf {
        let mut more = Vec::new();
        for &c in &ends {
            if !view.units_at(c).is_empty() {
                continue;
            }
            for (c2, loss) in rules::retreat_options(rules, st, view, first, c, &enemies, hour) {
                if !loss && c2 != a.target && c2.distance(a.target) == 2 && !ends.contains(&c2) {
                    more.push(c2);
                }
            }
        }
        more.sort();
        more.dedup();
        ends.extend(more);
    }
    let mut out = Vec::new();
    for to in ends {
        // The whole stack must fit where it goes.
        let mut arms: Vec<Arm> = view
            .units_at(to)
            .iter()
            .map(|&x| rules.units[x as usize].arm)
            .collect();
        arms.extend(defs.iter().map(|&x| rules.units[x as usize].arm));
        if !rules::stack_ok(&arms, is_town(rules, to)) {
            continue;
        }
        for fc in [f, rot(f, 1), rot(f, 5)] {
            if end_facings(rules, st, view, first, to).contains(&fc) {
                out.push((to, fc));
            }
        }
    }
    out
}

/// 9.5.6: artillery of a defending unit's formation, not itself attacked, not used yet
/// in this activation, with the attackers at half its range and in its line of sight.
pub(crate) fn support_options(
    rules: &TsRules,
    st: &TsState,
    view: &View,
    a: &Assault,
) -> Vec<UnitId> {
    let defs = defenders(rules, st, a);
    let forms: Vec<usize> = defs
        .iter()
        .map(|&u| rules.unit_formation[u as usize])
        .collect();
    let attacked: Vec<Coord> =
        st.g.assaults
            .iter()
            .filter(|x| !x.resolved)
            .map(|x| x.target)
            .collect();
    let occupied = |c: Coord| !view.units_at(c).is_empty();
    let mut out = Vec::new();
    for (i, d) in rules.units.iter().enumerate() {
        let u = i as UnitId;
        let Some(h) = on_map(st, u) else { continue };
        if d.arm != Arm::Artillery
            || defs.contains(&u)
            || !forms.contains(&rules.unit_formation[i])
            || st.units[i].support_used
            || attacked.contains(&h)
        {
            continue;
        }
        let half = d.range.div_ceil(2) as u32;
        let ok = a.attackers.iter().all(|(x, _)| {
            on_map(st, *x).is_some_and(|c| {
                c.distance(h) <= half
                    && !(c.distance(h) == 1 && los::adjacent_across_steep(&rules.map, h, c))
                    && los::line_of_sight(&rules.map, &occupied, h, c).clear
            })
        });
        if ok {
            out.push(u);
        }
    }
    out
}

// ---------------------------------------------------------------------------------------
// Legality with reasons

/// A command naming a unit, leader or formation the scenario does not have (a hand-edited
/// save file): refused for that, before any rule is asked.
pub fn unknown_id(rules: &TsRules, cmd: &TsCommand) -> Option<Refusal> {
    let missing = |what: &str, id: usize, n: usize| {
        (id >= n).then(|| {
            Refusal::new(
                "",
                format!(
                    "there is no {what} {id} in this scenario ({what}s are numbered 0 to {})",
                    n.saturating_sub(1)
                ),
            )
        })
    };
    let unit = |u: &UnitId| missing("unit", *u as usize, rules.units.len());
    let leader = |l: &LeaderId| missing("leader", *l as usize, rules.leaders.len());
    match cmd {
        TsCommand::MoveChief { leader: l, .. }
        | TsCommand::MoveLeader { leader: l, .. }
        | TsCommand::PlaceAide { leader: l, .. } => leader(l),
        TsCommand::ChooseFormation { formation } => {
            missing("formation", *formation as usize, rules.formations.len())
        }
        TsCommand::Barrage {
            unit: u, target, ..
        } => unit(u).or_else(|| unit(target)),
        TsCommand::Move { unit: u, .. }
        | TsCommand::Face { unit: u, .. }
        | TsCommand::Retreat { unit: u, .. }
        | TsCommand::TakeCommand { unit: u }
        | TsCommand::Rally { unit: u }
        | TsCommand::Place { unit: u, .. }
        | TsCommand::Evacuate { unit: u } => unit(u),
        TsCommand::Declare { units, .. } => units.iter().find_map(|(u, _)| unit(u)),
        TsCommand::RetreatBefore { unit: u, .. } => u.as_ref().and_then(unit),
        TsCommand::Defend { support, .. } => support.as_ref().and_then(unit),
        TsCommand::Advance {
            unit: u, leaders, ..
        } => u
            .as_ref()
            .and_then(unit)
            .or_else(|| leaders.iter().find_map(leader)),
        TsCommand::Decide { decision, .. } => {
            missing("decision", *decision as usize, rules.decisions.len())
        }
        TsCommand::Resolve { .. } | TsCommand::Done => None,
    }
}

/// Why a command is refused (or Ok): the step the state is in checks it, without
/// building its list of legal commands. The one source of legality.
pub fn check(rules: &TsRules, st: &TsState, cmd: &TsCommand) -> Result<(), Refusal> {
    crate::engine::step::check::<Trautenau>(rules, st, cmd)
}

/// Why `u` cannot move to `to` (9.3, 5.1, 3, 9.1.4, 10.2).
pub fn why_not_move(rules: &TsRules, st: &TsState, u: UnitId, to: Coord) -> String {
    let view = rules::view(rules, st);
    let d = &rules.units[u as usize];
    if !rules.map.contains(to) {
        return format!("{to} is off the map");
    }
    if view.side_at(to) == Some(d.side.other()) {
        return format!("{to} is held by the enemy");
    }
    if let Some(c) = on_map(st, u)
        && c == to
    {
        return format!("{} is already there; turn it instead", d.name);
    }
    let s = &st.units[u as usize];
    if !s.in_command && !s.chief_command {
        return format!(
            "{} is out of command: half its MP, never into enemy ZoC, and no farther from its commander (9.1.4)",
            d.name
        );
    }
    if !rules::can_end_in(rules, st, &view, u, to) {
        return format!(
            "{} cannot end in {to}: stacking limit (3) or facing",
            d.name
        );
    }
    format!(
        "{} cannot reach {to}: not enough MP, prohibited terrain, or an enemy ZoC on the way (5.1)",
        d.name
    )
}

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
pub(crate) fn coordination_mods_for(
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

// ---------------------------------------------------------------------------------------
// Applying commands

pub struct Game<'a> {
    pub rules: &'a TsRules,
    pub st: &'a mut TsState,
    pub dice: &'a mut Dice,
    pub log: &'a mut GameLog,
}

impl Game<'_> {
    pub(crate) fn note(&mut self, rule: &str, text: impl Into<String>) {
        let phase = self.st.g.step.phase_name();
        self.log.push(self.st.g.hour, phase, rule, text);
    }

    pub(crate) fn uname(&self, u: UnitId) -> String {
        let d = &self.rules.units[u as usize];
        format!("{} ({})", d.name, d.side.name())
    }

    pub(crate) fn lname(&self, l: usize) -> String {
        let d = &self.rules.leaders[l];
        if self.st.leaders[l].aide {
            format!("{}'s aide de camp", d.name)
        } else {
            d.name.clone()
        }
    }

    pub fn start(&mut self) {
        self.note(
            "11.1.1",
            format!(
                "{}: {:02}.00 to {:02}.00",
                self.rules.meta.name, self.rules.start_hour, self.rules.end_hour
            ),
        );
        self.begin_turn();
    }

    pub fn apply(&mut self, cmd: &TsCommand) -> Result<(), Refusal> {
        check(self.rules, self.st, cmd)?;
        let s = super::steps::step(super::steps::id_of(self.st));
        s.execute(self.rules, self.st, self.dice, self.log, cmd);
        self.advance();
        Ok(())
    }

    pub(crate) fn pop_pending(&mut self) -> Option<Pending> {
        if self.st.g.pending.is_empty() {
            None
        } else {
            Some(self.st.g.pending.remove(0))
        }
    }

    /// Runs automatic steps until a player has a decision to make.
    pub fn advance(&mut self) {
        for _ in 0..10_000 {
            if !self.advance_once() {
                return;
            }
        }
    }

    /// One automatic step: a waiting retreat with nowhere to go or an advance nobody can
    /// make resolves itself, a deferred advance comes due, or the step the state is in
    /// ends because nothing is left to do in it (each step module's exit).
    pub(crate) fn advance_once(&mut self) -> bool {
        if self.st.g.step == Step::GameOver {
            return false;
        }
        match self.st.g.pending.first() {
            Some(Pending::Retreat { .. }) => return self.retreat_auto(),
            Some(Pending::Advance { .. }) => return self.advance_auto(),
            Some(_) => return false,
            None => {}
        }
        // 9.5.1: an advance waits until its candidates have fought all their assaults.
        if let Some(k) = self.st.g.deferred.iter().position(|&(a, hex, _)| {
            !advance_candidates(self.rules, self.st, a as usize, hex)
                .iter()
                .any(|&u| busy(self.st, u))
        }) {
            let (assault, hex, optional) = self.st.g.deferred.remove(k);
            let after = if optional {
                AfterRetreat::MayOccupy { assault, hex }
            } else {
                AfterRetreat::Advance { assault, hex }
            };
            self.after_retreat(after);
            return true;
        }
        match self.st.g.step {
            Step::ChiefMove(_) => self.chief_move_auto(),
            Step::Redeploy => self.redeploy_auto(),
            Step::ChooseFirst(_) => self.choose_first_auto(),
            Step::Barrage => self.barrage_auto(),
            Step::Movement => self.movement_auto(),
            Step::Declare => self.declare_auto(),
            Step::Combat => self.combat_auto(),
            Step::ChiefCommand => self.chief_command_auto(),
            Step::Rally(_) => self.rally_auto(),
            Step::NightFallBack(_) => self.night_auto(),
            Step::GameOver => false,
        }
    }

    // ----- turn structure -----

    pub(crate) fn begin_turn(&mut self) {
        let hour = self.st.g.hour;
        for u in &mut self.st.units {
            u.acted = false;
            u.chief_command = false;
        }
        for f in &mut self.st.formations {
            f.in_cup = false;
            f.entered = 0;
            f.failed_activation = false;
        }
        self.note(
            "6",
            format!(
                "Turn {hour:02}.00{}",
                if self.rules.is_night(hour) {
                    " (night)"
                } else {
                    ""
                }
            ),
        );
        // 9.5.13: an eliminated aide de camp comes back on a unit of his formation.
        for l in 0..self.rules.leaders.len() {
            if self.st.leaders[l].returns_next_turn {
                self.st.leaders[l].returns_next_turn = false;
                self.place_aide(l);
            }
        }
        self.reinforcement_rolls();
        // 7.1: reaction tests.
        let view = rules::view(self.rules, self.st);
        for l in 0..self.rules.leaders.len() {
            self.st.leaders[l].moved = false;
            self.st.leaders[l].may_move = false;
            let LeaderKind::Chief { reaction, .. } = self.rules.leaders[l].kind else {
                continue;
            };
            let side = self.rules.leaders[l].side;
            match self.st.leaders[l].loc {
                Loc::Map(c) => {
                    let near = self.st.units.iter().enumerate().any(|(i, u)| {
                        self.rules.units[i].side != side
                            && u.loc.hex().is_some_and(|h| h.distance(c) <= 3)
                    });
                    if near {
                        self.st.leaders[l].may_move = true;
                        self.note(
                            "7.1",
                            format!(
                                "{} is within 3 hexes of the enemy and moves freely",
                                self.lname(l)
                            ),
                        );
                    } else {
                        let r = self.dice.d6(
                            &format!("reaction test, {}", self.rules.leaders[l].name),
                            "7.1",
                            vec![("reaction value (1.2.1)".into(), reaction as i32)],
                        );
                        let ok = combat::test_passes(r.die, reaction);
                        self.st.leaders[l].may_move = ok;
                        self.note(
                            "7.1",
                            format!(
                                "{} reaction test: {} + {} = {} — {}",
                                self.lname(l),
                                r.die,
                                reaction,
                                r.total,
                                if ok { "may move" } else { "stays" }
                            ),
                        );
                    }
                }
                Loc::Off => {
                    if let Some(a) = leader_arrival(self.rules, self.st, l)
                        && arrived_due(self.st, &a)
                        && !self.rules.absent.contains(&self.rules.leaders[l].id)
                    {
                        self.st.leaders[l].may_move = true;
                    }
                }
                _ => {}
            }
        }
        let _ = view;
        self.st.g.step = Step::ChiefMove(Side::Prussia);
    }

    /// 7.2 lines of command, 9.1.4 budget, 8 initiative and the cup.
    pub(crate) fn command_and_initiative(&mut self) {
        let view = rules::view(self.rules, self.st);
        let hour = self.st.g.hour;
        for f in 0..self.rules.formations.len() {
            let Some(l) = self.rules.formation_leader[f] else {
                continue;
            };
            let Loc::Map(lh) = self.st.leaders[l].loc else {
                // 9.4: a formation arriving as a reinforcement is in command.
                self.st.leaders[l].ooc = false;
                continue;
            };
            let side = self.rules.formations[f].side;
            let reached = match chief_hex(self.rules, self.st, f) {
                Some(ch) => {
                    ch == lh
                        || rules::command_reach(self.rules, self.st, &view, side, ch, 6)
                            .contains(&lh)
                }
                None => false,
            };
            if self.st.leaders[l].ooc == reached {
                self.st.leaders[l].ooc = !reached;
            }
            if !reached {
                self.note(
                    "7.2",
                    format!(
                        "{} is out of command (no line of command to his commander in chief)",
                        self.lname(l)
                    ),
                );
            }
        }
        // 9.1.4: each commander in chief on the map commands up to his reaction value of
        // cut-off units of his own formations this turn.
        self.st.g.chief_budget = self
            .rules
            .leaders
            .iter()
            .enumerate()
            .map(|(i, l)| match l.kind {
                LeaderKind::Chief { reaction, .. } if self.st.leaders[i].loc.hex().is_some() => {
                    reaction
                }
                _ => 0,
            })
            .collect();
        // 1.2.4: markers of formations present or arriving this turn.
        for f in 0..self.rules.formations.len() {
            let fd = &self.rules.formations[f];
            if fd.independent || fd.marker_from.is_some_and(|h| hour < h) {
                continue;
            }
            let present = self.rules.units.iter().enumerate().any(|(i, u)| {
                self.rules.unit_formation[i] == f
                    && (self.st.units[i].loc.hex().is_some()
                        || (self.st.units[i].loc == Loc::Off
                            && !self.rules.absent.contains(&u.id)
                            && unit_arrival(self.rules, self.st, i as UnitId)
                                .is_some_and(|a| arrived_due(self.st, &a))))
            });
            // 13.2: after a panic only one Austrian brigade acts in the first two turns.
            let held_back = self.st.g.day == 2
                && self.st.g.fled
                && fd.side == Side::Austria
                && self.st.g.panic_brigade.is_some_and(|b| b as usize != f)
                && hour < start_hour(self.rules, self.st) + 2;
            self.st.formations[f].in_cup = present && !held_back;
        }
        // 8: initiative.
        let mut best: [Option<i32>; 2] = [None, None];
        let mut best_chief: [Option<(i32, usize)>; 2] = [None, None];
        // two chiefs of one side sharing the best roll: either may name the formation
        let mut shared_best = [false, false];
        for side in Side::BOTH {
            for (l, ld) in self.rules.leaders.iter().enumerate() {
                if ld.side != side || self.st.leaders[l].loc.hex().is_none() {
                    continue;
                }
                if let LeaderKind::Chief { initiative, .. } = ld.kind {
                    let r = self.dice.d6(
                        &format!("initiative, {}", ld.name),
                        "8",
                        vec![("initiative bonus (1.2.1)".into(), initiative as i32)],
                    );
                    self.note(
                        "8",
                        format!("{} rolls {} + {} = {}", ld.name, r.die, initiative, r.total),
                    );
                    let b = &mut best[side.idx()];
                    *b = Some(b.map_or(r.total, |x| x.max(r.total)));
                    let bc = &mut best_chief[side.idx()];
                    if bc.is_none_or(|(t, _)| r.total > t) {
                        *bc = Some((r.total, l));
                        shared_best[side.idx()] = false;
                    } else if bc.is_some_and(|(t, _)| r.total == t) {
                        shared_best[side.idx()] = true;
                    }
                }
            }
        }
        let winner = match (best[Side::Austria.idx()], best[Side::Prussia.idx()]) {
            (None, None) => None,
            (Some(_), None) => Some(Side::Austria),
            (None, Some(_)) => Some(Side::Prussia),
            (Some(a), Some(p)) => Some(if a > p {
                Side::Austria
            } else if p > a {
                Side::Prussia
            } else if self.st.g.day >= 2 && self.rules.day2.is_some() {
                // 8: day two is the Battle of Soor; the Austrian edge on ties is
                // Trautenau's alone (11.1.5).
                Side::Prussia
            } else {
                self.rules.initiative_ties
            }),
        };
        self.st.g.initiative = winner;
        // 8: with several chiefs, only a formation of the winning chief goes first.
        self.st.g.initiative_chief = winner
            .and_then(|s| best_chief[s.idx()])
            .filter(|_| {
                let side = winner.unwrap_or(Side::Prussia);
                self.rules
                    .leaders
                    .iter()
                    .enumerate()
                    .filter(|(i, l)| {
                        l.side == side
                            && matches!(l.kind, LeaderKind::Chief { .. })
                            && self.st.leaders[*i].loc.hex().is_some()
                    })
                    .count()
                    > 1
                    && !shared_best[side.idx()]
            })
            .map(|(_, l)| l as u8);
        let _ = view;
        match winner {
            Some(s) => {
                self.note("8", format!("{} has the initiative", s.name()));
                self.st.g.step = Step::ChooseFirst(s);
            }
            None => {
                self.note(
                    "8",
                    "no commander in chief on the map: every marker goes in the cup",
                );
                self.draw_next();
            }
        }
    }

    pub(crate) fn draw_next(&mut self) {
        let cup: Vec<usize> = (0..self.rules.formations.len())
            .filter(|&f| self.st.formations[f].in_cup)
            .collect();
        if cup.is_empty() {
            // C: the rally phase (10.1), Prussia first.
            self.st.g.active = None;
            self.st.g.handled.clear();
            self.st.g.step = Step::Rally(Side::Prussia);
            return;
        }
        let k = self
            .dice
            .draw(cup.len(), "activation marker drawn from the cup", "9");
        let f = cup[k];
        self.note(
            "9",
            format!("Drawn from the cup: {}", self.rules.formations[f].name),
        );
        self.activate(f);
    }

    pub(crate) fn activate(&mut self, f: usize) {
        let side = self.rules.formations[f].side;
        self.st.formations[f].in_cup = false;
        self.st.g.active = Some(f);
        self.st.g.assaults.clear();
        for i in 0..self.st.units.len() {
            let u = &mut self.st.units[i];
            u.spent = 0;
            u.moved = false;
            u.fired = false;
            u.engaged = false;
            u.support_used = false;
        }
        for l in 0..self.rules.leaders.len() {
            if !is_chief(self.rules, l) {
                self.st.leaders[l].moved = false;
            }
        }
        // 9.1.1: activation test of a commander out of command.
        if let Some(l) = self.rules.formation_leader[f]
            && self.st.leaders[l].loc.hex().is_some()
            && self.st.leaders[l].ooc
            && let LeaderKind::Formation { command, .. } = self.rules.leaders[l].kind
        {
            let r = self.dice.d6(
                &format!("activation test, {}", self.rules.leaders[l].name),
                "9.1.1",
                vec![("command value (1.2.2)".into(), command as i32)],
            );
            let ok = combat::test_passes(r.die, command);
            if ok {
                self.st.leaders[l].ooc = false;
            } else {
                self.st.formations[f].failed_activation = true;
            }
            self.note(
                "9.1.1",
                format!(
                    "{} activation test: {} + {} = {} — {}",
                    self.lname(l),
                    r.die,
                    command,
                    r.total,
                    if ok {
                        "the formation acts normally"
                    } else {
                        "the formation stays out of command"
                    }
                ),
            );
        }
        // 9.1.2 - 9.1.4: command status of the units.
        let view = rules::view(self.rules, self.st);
        let lh = leader_hex(self.rules, self.st, f).filter(|_| {
            !self.st.formations[f].failed_activation
                && self.rules.formation_leader[f].is_some_and(|l| !self.st.leaders[l].ooc)
        });
        let lreach = lh
            .map(|h| {
                let mut v = rules::command_reach(self.rules, self.st, &view, side, h, 6);
                v.push(h);
                v
            })
            .unwrap_or_default();
        let leader_present =
            self.rules.formation_leader[f].is_some_and(|l| self.st.leaders[l].loc.hex().is_some());
        for i in 0..self.st.units.len() {
            let uf = self.rules.unit_formation[i];
            if !(uf == f
                || (self.rules.formations[uf].independent
                    && self.rules.formations[uf].side == side))
            {
                continue;
            }
            let always = self
                .rules
                .always_in_command
                .iter()
                .any(|&(x, h)| x == i && abs_hour(self.st) <= h); // 11.1.4: day one only
            let Some(h) = self.st.units[i].loc.hex() else {
                // 9.4: reinforcements are in command.
                self.st.units[i].in_command = true;
                continue;
            };
            // 9.1.3 / 9.1.4: an independent unit is in command through the activated
            // formation commander; through the commander in chief only when he takes it
            // under his direct command, which counts toward his limit (9.1.4).
            let inc = if self.rules.formations[uf].independent {
                always || lreach.contains(&h)
            } else {
                always
                    || (!leader_present && self.rules.formation_leader[f].is_none())
                    || lreach.contains(&h)
            };
            self.st.units[i].in_command = inc;
        }
        // 9.1.4: the commander in chief may take cut-off units under his command.
        if chief_candidates(self.rules, self.st, &rules::view(self.rules, self.st)).is_empty() {
            self.end_command_check();
        } else {
            self.st.g.step = Step::ChiefCommand;
        }
    }

    /// 9.1.2: command status is settled; the barrage step begins.
    pub(crate) fn end_command_check(&mut self) {
        if let Some(f) = self.st.g.active {
            let ooc = (0..self.st.units.len())
                .filter(|&i| {
                    self.rules.unit_formation[i] == f
                        && self.st.units[i].loc.hex().is_some()
                        && !self.st.units[i].in_command
                        && !self.st.units[i].chief_command
                })
                .count();
            if ooc > 0 {
                self.note(
                    "9.1.2",
                    format!(
                        "{ooc} unit(s) of {} out of command",
                        self.rules.formations[f].name
                    ),
                );
            }
        }
        self.st.g.step = Step::Barrage;
    }

    pub(crate) fn end_activation(&mut self) {
        // 9.1.3: an independent unit that moved, fired or assaulted in this activation has
        // had its one activation of the turn. Within the activation it acts like any unit
        // of the formation (fire then move, move then assault).
        if let Some(f) = self.st.g.active {
            let side = self.rules.formations[f].side;
            for i in 0..self.st.units.len() {
                let uf = self.rules.unit_formation[i];
                let u = &mut self.st.units[i];
                if self.rules.formations[uf].independent
                    && self.rules.formations[uf].side == side
                    && (u.moved || u.fired || u.engaged)
                {
                    u.acted = true;
                }
            }
        }
        self.st.g.active = None;
        self.st.g.assaults.clear();
        self.draw_next();
    }

    /// 10.1: one unit's rally test.
    pub(crate) fn rally_unit(&mut self, u: UnitId) {
        let i = u as usize;
        self.st.g.handled.push(u);
        let view = rules::view(self.rules, self.st);
        let mi = self.morale_input(u, &view, true);
        let mods = combat::morale_mods(&mi);
        let r = self.dice.d6(
            &format!("rally test, {}", self.rules.units[i].name),
            "10.1",
            mods.iter()
                .map(|m| (format!("{} ({})", m.label, m.rule), m.value))
                .collect(),
        );
        if combat::morale_passes(r.die, &mods) {
            self.st.units[i].disorg = false;
            self.note(
                "10.1",
                format!("{} rallies ({} gives {})", self.uname(u), r.die, r.total),
            );
        } else {
            self.note(
                "10.1",
                format!(
                    "{} fails to rally ({} gives {})",
                    self.uname(u),
                    r.die,
                    r.total
                ),
            );
        }
    }

    /// The end of one side's rally; after both, the turn ends.
    pub(crate) fn end_rally(&mut self, side: Side) {
        self.st.g.handled.clear();
        if side == Side::Prussia {
            self.st.g.step = Step::Rally(Side::Austria);
        } else {
            self.end_turn();
        }
    }

    pub(crate) fn end_turn(&mut self) {
        let hour = self.st.g.hour;
        // 12.4.1: control at the end of the check turn.
        if let Victory::Soor {
            check_hour,
            hold,
            bonus,
            ..
        } = victory(self.rules, self.st)
            && hour == *check_hour
            && self.st.g.iv_start.is_none()
        {
            let held = hold
                .iter()
                .filter(|l| controls(self.rules, self.st, Side::Austria, l))
                .count();
            let mut vp = if held == hold.len() {
                2
            } else if held > 0 {
                1
            } else {
                0
            };
            if controls(self.rules, self.st, Side::Austria, bonus) {
                vp += 2;
            }
            self.st.g.banked_vp[Side::Austria.idx()] += vp;
            self.note(
                "12.4.1",
                format!("Austria scores {vp} VP for the places it holds at {hour:02}.00"),
            );
        }
        // 11.4.2: Bonin's panic.
        if let Victory::Trautenau { panic_from, .. } = victory(self.rules, self.st)
            && hour >= *panic_from
        {
            let (vp, _) = score(self.rules, self.st, false);
            let level = austrian_level(vp);
            if panic_chance(level) == 0.0 {
                self.note(
                    "11.4.2",
                    format!(
                        "Bonin holds his nerve: Austria {} VP, Prussia {} VP, no die can make him panic",
                        vp[0], vp[1]
                    ),
                );
            }
            let r = if panic_chance(level) > 0.0 {
                Some(self.dice.d6(
                    "Bonin's panic",
                    "11.4.2",
                    vec![("Austrian victory level (VP margin)".into(), level)],
                ))
            } else {
                None
            };
            if let Some(r) = &r
                && bonin_panics(r.die, level)
            {
                self.st.g.panic = true;
                self.note(
                    "11.4.2",
                    format!(
                        "Bonin panics ({} + {level}): a major Austrian victory",
                        r.die
                    ),
                );
                // 13.1 / 13.2: in the linked game the second day follows unless the
                // Guard division came to Bonin's help.
                let guard = option_taken(self.rules, self.st, GUARD_DECISION);
                if self.rules.day2.is_some() && self.st.g.day == 1 && !guard {
                    self.next_day();
                } else {
                    self.finish();
                }
                return;
            }
            if let Some(r) = r {
                self.note(
                    "11.4.2",
                    format!("Bonin holds his nerve ({} + {level})", r.die),
                );
            }
        }
        if hour >= end_hour(self.rules, self.st) {
            if self.st.g.day == 1 && self.rules.day2.is_some() {
                self.next_day();
            } else {
                self.finish();
            }
            return;
        }
        self.st.g.hour += 1;
        self.begin_turn();
    }

    /// 13.2: the night between the two days of the linked game.
    pub(crate) fn next_day(&mut self) {
        // 13.4: day one keeps the victory conditions of Trautenau, so its end is "the end
        // of the game" of 11.4.1: units cut off from their edge are taken prisoner.
        let (mut vp, lines) = score(self.rules, self.st, true);
        for l in lines {
            self.note("13.4", format!("Day one: {l}"));
        }
        if self.st.g.panic {
            // 13.4: Bonin's panic counts as a major Austrian victory of 5 VP.
            vp = [5, 0];
        } else {
            self.take_prisoners();
        }
        self.st.g.day1_vp = vp;
        let panicked = self.st.g.panic;
        self.st.g.panic = false;
        self.note(
            "13.2",
            format!(
                "End of the first day: Austria {} VP, Prussia {} VP",
                vp[0], vp[1]
            ),
        );
        if panicked {
            // 13.2: every Prussian unit present is withdrawn; the I Corps may come back.
            self.st.g.fled = true;
            for i in 0..self.st.units.len() {
                if self.rules.units[i].side == Side::Prussia && self.st.units[i].loc.hex().is_some()
                {
                    self.st.units[i].loc = Loc::Off;
                    self.st.units[i].disorg = false;
                }
            }
            for l in 0..self.st.leaders.len() {
                if self.rules.leaders[l].side == Side::Prussia
                    && self.st.leaders[l].loc.hex().is_some()
                {
                    self.st.leaders[l].loc = Loc::Off;
                }
            }
            self.note(
                "13.2",
                "Bonin panicked: the Prussian I Corps leaves the field",
            );
            // 13.2: the Austrian player redeploys X Corps before day two.
            self.st.g.to_place.clear();
            for i in 0..self.st.units.len() {
                if self.rules.units[i].side == Side::Austria && self.st.units[i].loc.hex().is_some()
                {
                    self.st.units[i].loc = Loc::Off;
                    self.st.g.to_place.push(i as UnitId);
                }
            }
        } else {
            // 13.2: units in an enemy ZoC on protection-1 ground fall back as in a
            // retreat after combat; the loser's units also test their morale. The
            // loser moves first (Prussia on a tie). 11.4.2: a margin of 1 VP or less is a
            // tied game: nobody lost, and nobody tests morale.
            let loser = if vp[0] - vp[1] >= 2 {
                Some(Side::Prussia)
            } else if vp[1] - vp[0] >= 2 {
                Some(Side::Austria)
            } else {
                None
            };
            self.note(
                "13.2",
                match loser {
                    Some(l) => format!("{} lost the first day and falls back first", l.name()),
                    None => "The first day is a tied game (11.4.2): Prussia falls back first"
                        .to_string(),
                },
            );
            self.st.g.night_loser = loser;
            self.st.g.handled.clear();
            self.st.g.active = None;
            self.st.g.assaults.clear();
            self.st.g.step = Step::NightFallBack(loser.unwrap_or(Side::Prussia));
            return;
        }
        self.begin_day_two(true);
    }

    /// 13.2: `u` falls back for the night as in a retreat after combat.
    pub(crate) fn night_fall_back(&mut self, u: UnitId, to: Coord, facing: Dir) {
        let Some(from) = on_map(self.st, u) else {
            return;
        };
        self.st.g.handled.push(u);
        let side = side_of(self.rules, u);
        let view = rules::view(self.rules, self.st);
        let enemies = adjacent_enemies(self.rules, &view, side, from);
        self.disorganise_crossed(u, from, &enemies, to, "13.2");
        let zoc_loss = rules::in_enemy_zoc(self.rules, self.st, &view, side, to)
            && view.side_at(to) != Some(side);
        let i = u as usize;
        self.st.units[i].loc = Loc::Map(to);
        self.st.units[i].facing = facing;
        for &x in view.units_at(to) {
            if side_of(self.rules, x) == side {
                self.st.units[x as usize].facing = facing;
            }
        }
        self.occupy(to, side);
        self.leaders_follow(from, to, side);
        self.note(
            "13.2",
            format!("{} falls back to {to} for the night", self.uname(u)),
        );
        if zoc_loss {
            self.lose_step(u, "5.1");
        }
        self.night_test(u);
    }

    /// 13.2: a unit of the day's loser that fell back tests its morale.
    pub(crate) fn night_test(&mut self, u: UnitId) {
        if self.st.g.night_loser == Some(side_of(self.rules, u))
            && on_map(self.st, u).is_some()
            && !self.morale_test(u, "the night after a lost battle (13.2)")
        {
            self.st.units[u as usize].disorg = true;
        }
    }

    /// 13.2: one side has fallen back; the other follows, then day two begins.
    pub(crate) fn end_night_side(&mut self, side: Side) {
        self.st.g.handled.clear();
        // 13.2: the loser falls back first, Prussia on a tie.
        if self.st.g.night_loser.unwrap_or(Side::Prussia) == side {
            self.st.g.step = Step::NightFallBack(side.other());
        } else {
            self.st.g.night_loser = None;
            self.begin_day_two(false);
        }
    }

    /// 13.2: the second day starts (after the redeployment if Bonin panicked).
    pub(crate) fn begin_day_two(&mut self, panicked: bool) {
        // Day-two scoring counts only new losses (12.4.1).
        for i in 0..self.st.units.len() {
            self.st.units[i].initial_losses = match self.st.units[i].loc {
                Loc::Eliminated => self.rules.units[i].morale,
                _ => self.st.units[i].losses,
            };
        }
        self.st.g.evacuated_clean = [0, 0];
        self.st.g.banked_vp = [0, 0];
        self.st.g.day = 2;
        self.st.g.hour = start_hour(self.rules, self.st);
        self.st.g.active = None;
        self.st.g.assaults.clear();
        self.note(
            "13.2",
            format!("The second day begins at {:02}.00", self.st.g.hour),
        );
        if panicked {
            self.st.g.step = Step::Redeploy;
            return;
        }
        self.begin_turn();
    }

    /// 13.3: the day-two reinforcement rolls at the start of a turn.
    pub(crate) fn reinforcement_rolls(&mut self) {
        let Some(d) = self.rules.day2.clone() else {
            return;
        };
        if self.st.g.day < 2 {
            return;
        }
        let hour = self.st.g.hour;
        if self.st.g.iv_start.is_none() && hour >= d.iv_hours.0 && hour <= d.iv_hours.1 {
            let r = self.dice.d6("Austrian IV Corps arrives?", "13.3.1", vec![]);
            if r.die == d.iv_roll {
                self.st.g.iv_start = Some(hour);
                self.note("13.3.1", format!("{}: the Austrian IV Corps marches to the guns, one brigade per turn from now", r.die));
            } else {
                self.note("13.3.1", format!("{}: no sign of the IV Corps", r.die));
            }
        }
        if self.st.g.fled
            && self.st.g.return_start.is_none()
            && self.st.g.iv_start.is_some_and(|h| hour > h)
            && hour <= d.return_until
        {
            let r = self.dice.d6("Prussian I Corps returns?", "13.3.2", vec![]);
            if r.die >= d.return_roll {
                self.st.g.return_start = Some(hour);
                self.note(
                    "13.3.2",
                    format!(
                        "{}: the Prussian I Corps comes back, one division per turn",
                        r.die
                    ),
                );
            } else {
                self.note("13.3.2", format!("{}: the I Corps stays away", r.die));
            }
        }
    }

    pub(crate) fn finish(&mut self) {
        let (vp, lines) = score(self.rules, self.st, true);
        for l in lines {
            self.note("11.4", l);
        }
        self.st.g.vp = [vp[0].max(0) as u32, vp[1].max(0) as u32];
        let diff = vp[0] - vp[1];
        self.st.g.winner = if self.st.g.panic || diff >= 2 {
            Some(Side::Austria)
        } else if diff <= -2 {
            Some(Side::Prussia)
        } else {
            None
        };
        let level = if self.st.g.panic || diff.abs() >= 5 {
            "major victory"
        } else if diff.abs() >= 2 {
            "minor victory"
        } else {
            "tied game"
        };
        let who = self.st.g.winner.map(|s| s.name()).unwrap_or("Nobody");
        self.note(
            "11.4.2",
            format!(
                "Game over: Austria {} VP, Prussia {} VP — {who}: {level}",
                vp[0], vp[1]
            ),
        );
        self.st.g.step = Step::GameOver;
        self.st.g.active = None;
        self.st.g.pending.clear();
    }

    // ----- barrage and combat -----

    pub(crate) fn morale_input(&self, u: UnitId, view: &View, rally: bool) -> MoraleInput {
        morale_input(self.rules, self.st, view, u, rally)
    }

    /// Morale test of one unit (2); true when passed.
    pub(crate) fn morale_test(&mut self, u: UnitId, why: &str) -> bool {
        let view = rules::view(self.rules, self.st);
        let mi = self.morale_input(u, &view, false);
        let mods = combat::morale_mods(&mi);
        let r = self.dice.d6(
            &format!("morale test, {} ({why})", self.rules.units[u as usize].name),
            "2",
            mods.iter()
                .map(|m| (format!("{} ({})", m.label, m.rule), m.value))
                .collect(),
        );
        let ok = combat::morale_passes(r.die, &mods);
        self.note(
            "2",
            format!(
                "{} morale test: {} gives {} — {}",
                self.uname(u),
                r.die,
                r.total,
                if ok { "passed" } else { "failed" }
            ),
        );
        ok
    }

    pub(crate) fn roll_fire(&mut self, fire: &combat::Fire, purpose: &str, rule: &str) -> Outcome {
        let mut mods: Vec<(String, i32)> = fire
            .die_mods
            .iter()
            .map(|m| (format!("{} ({})", m.label, m.rule), m.value))
            .collect();
        mods.extend(
            fire.column_mods
                .iter()
                .map(|m| (format!("column: {} ({})", m.label, m.rule), 0)),
        );
        let r = self.dice.d6(purpose, rule, mods);
        let out = fire.roll(r.die);
        self.note(
            rule,
            format!(
                "{purpose}: column {}, die {} {:+} gives {}",
                fire.column,
                r.die,
                fire.drm(),
                out.label()
            ),
        );
        out
    }

    pub(crate) fn barrage(&mut self, u: UnitId, target: UnitId) {
        // The same function shows the odds before the player fires.
        let fire = combat::barrage_fire(self.rules, self.st, u, target);
        self.st.units[u as usize].fired = true;
        let purpose = format!(
            "barrage by {} at {}",
            self.rules.units[u as usize].name, self.rules.units[target as usize].name
        );
        let out = self.roll_fire(&fire, &purpose, "9.2.2");
        if out != Outcome::Nothing {
            self.apply_outcome(&[target], out, true, "9.2.2");
            if let Some(h) = on_map(self.st, target) {
                self.commander_casualties(h, side_of(self.rules, target));
            }
        }
        self.check_demoralisation();
    }

    pub fn barrage_input(&self, u: UnitId, target: UnitId, view: &View) -> FireInput {
        let _ = view;
        barrage_input(self.rules, self.st, u, target)
    }

    /// Applies a result to units that took part (9.5.7). Returns the units that must retreat.
    pub(crate) fn apply_outcome(
        &mut self,
        units: &[UnitId],
        out: Outcome,
        barrage: bool,
        rule: &str,
    ) -> Vec<UnitId> {
        let mut retreat = Vec::new();
        let mut hit: Vec<UnitId> = Vec::new();
        for &u in units {
            if on_map(self.st, u).is_none() {
                continue;
            }
            // 9.5.7: D and T spare the artillery of a stack (a lone battery takes them).
            if units.len() > 1 && self.rules.units[u as usize].arm == Arm::Artillery && !barrage {
                continue;
            }
            let disorg = match out {
                Outcome::Nothing => false,
                Outcome::Test => !self.morale_test(u, "combat result T"),
                Outcome::Disorg | Outcome::DisorgLoss => true,
            };
            if disorg {
                hit.push(u);
                if self.st.units[u as usize].disorg {
                    self.note(
                        rule,
                        format!("{} is already disorganised and loses a step", self.uname(u)),
                    );
                    self.lose_step(u, "9.5.7");
                } else {
                    self.st.units[u as usize].disorg = true;
                    self.note(rule, format!("{} is disorganised", self.uname(u)));
                }
                if let Some(h) = on_map(self.st, u)
                    && !barrage
                    && !is_town_proper(self.rules, h)
                {
                    retreat.push(u);
                }
            }
        }
        if out == Outcome::DisorgLoss {
            // One unit of the stack, not artillery, takes the extra loss: the one with
            // most steps left.
            let pick = units
                .iter()
                .copied()
                .filter(|&u| {
                    on_map(self.st, u).is_some()
                        && (self.rules.units[u as usize].arm != Arm::Artillery || units.len() == 1)
                })
                .max_by_key(|&u| {
                    let d = &self.rules.units[u as usize];
                    (
                        d.morale.saturating_sub(self.st.units[u as usize].losses),
                        std::cmp::Reverse(u),
                    )
                });
            if let Some(u) = pick {
                self.note(
                    rule,
                    format!("{} takes the extra loss of D+1", self.uname(u)),
                );
                self.lose_step(u, "9.5.7");
            }
        }
        retreat.retain(|&u| on_map(self.st, u).is_some());
        retreat
    }

    pub(crate) fn lose_step(&mut self, u: UnitId, rule: &str) {
        let i = u as usize;
        if self.st.units[i].loc.hex().is_none() {
            return;
        }
        self.st.units[i].losses = self.st.units[i].losses.saturating_add(1);
        if self.st.units[i].losses >= self.rules.units[i].morale {
            self.st.units[i].losses = self.rules.units[i].morale;
            self.eliminate(u, rule);
        }
        self.check_demoralisation();
    }

    pub(crate) fn eliminate(&mut self, u: UnitId, rule: &str) {
        let i = u as usize;
        let Some(h) = self.st.units[i].loc.hex() else {
            return;
        };
        self.st.units[i].loc = Loc::Eliminated;
        self.st.units[i].losses = self.rules.units[i].morale;
        self.note(rule, format!("{} is eliminated", self.uname(u)));
        let side = self.rules.units[i].side;
        if friends_at(self.rules, self.st, side, h).is_empty() {
            // 9.5.12 / 9.5.13: commanders stacked with eliminated units fall with them.
            for l in 0..self.rules.leaders.len() {
                if self.st.leaders[l].loc == Loc::Map(h) && self.rules.leaders[l].side == side {
                    self.leader_falls(l);
                }
            }
        }
    }

    pub(crate) fn leader_falls(&mut self, l: usize) {
        match self.rules.leaders[l].kind {
            LeaderKind::Chief { .. } => {
                self.st.leaders[l].loc = Loc::Eliminated;
                self.note("9.5.12", format!("{} is lost", self.lname(l)));
            }
            LeaderKind::Formation { .. } => {
                if self.st.leaders[l].aide {
                    self.st.leaders[l].loc = Loc::Off;
                    self.st.leaders[l].returns_next_turn = true;
                    self.note(
                        "9.5.13",
                        format!("{} is lost; another comes next turn", self.lname(l)),
                    );
                } else {
                    self.note(
                        "9.5.13",
                        format!("{} is lost; his aide de camp takes over", self.lname(l)),
                    );
                    self.st.leaders[l].aide = true;
                    self.place_aide(l);
                }
            }
        }
    }

    /// 9.5.13: the aide de camp goes on a unit of the formation still in play.
    pub(crate) fn place_aide(&mut self, l: usize) {
        let LeaderKind::Formation { formation, .. } = &self.rules.leaders[l].kind else {
            return;
        };
        let Some(f) = self.rules.formation(formation) else {
            return;
        };
        let _ = f;
        let spots = aide_hexes(self.rules, self.st, l);
        match spots.as_slice() {
            [] => self.st.leaders[l].loc = Loc::Eliminated,
            [h] => {
                let h = *h;
                self.st.leaders[l].loc = Loc::Map(h);
                self.note(
                    "9.5.13",
                    format!("{} joins his formation at {h}", self.lname(l)),
                );
            }
            // 9.5.13: "any unit of the formation": the owner chooses.
            _ => {
                self.st.leaders[l].loc = Loc::Off;
                self.st.g.pending.push(Pending::PlaceAide {
                    leader: l as LeaderId,
                });
            }
        }
    }

    /// 9.5.12 / 9.5.13: after a barrage result other than "-", every commander stacked
    /// with the target rolls 2d6; 2 or 12 kills.
    pub(crate) fn commander_casualties(&mut self, hex: Coord, side: Side) {
        for l in 0..self.rules.leaders.len() {
            if self.st.leaders[l].loc == Loc::Map(hex) && self.rules.leaders[l].side == side {
                self.commander_casualty(l, side);
            }
        }
    }

    /// 9.5.12 / 9.5.13: one commander's 2d6 (if on the map); 2 or 12 kills.
    pub(crate) fn commander_casualty(&mut self, l: usize, side: Side) {
        if self.st.leaders[l].loc.hex().is_none() || self.rules.leaders[l].side != side {
            return;
        }
        let rule = if is_chief(self.rules, l) {
            "9.5.12"
        } else {
            "9.5.13"
        };
        let a = self.dice.d6(
            &format!("commander casualty, {}", self.rules.leaders[l].name),
            rule,
            vec![],
        );
        let b = self.dice.d6(
            &format!("commander casualty, {}", self.rules.leaders[l].name),
            rule,
            vec![],
        );
        if combat::commander_falls(a.die, b.die) {
            self.note(
                rule,
                format!("{} + {}: {} falls", a.die, b.die, self.lname(l)),
            );
            self.leader_falls(l);
        }
    }

    pub(crate) fn occupy(&mut self, c: Coord, side: Side) {
        if let Some(i) = self.rules.map.index(c) {
            self.st.last_occupant[i] = Some(side);
        }
    }

    pub(crate) fn move_unit(&mut self, u: UnitId, to: Coord, facing: Dir) {
        let view = rules::view(self.rules, self.st);
        let i = u as usize;
        let side = self.rules.units[i].side;
        let (cost, dis, path) = match self.st.units[i].loc {
            Loc::Map(_) => rules::destinations(self.rules, self.st, &view, u, rules_hour(self.st))
                .into_iter()
                .find(|d| d.hex == to)
                .map(|d| (d.cost, d.disorganises, d.path))
                .unwrap_or((0, false, vec![])),
            _ => {
                let f = self.rules.unit_formation[i];
                let entry = entry_hex_due(self.rules, self.st, u).unwrap_or(to);
                let r = rules::entry_destinations(
                    self.rules,
                    self.st,
                    &view,
                    u,
                    entry,
                    self.st.formations[f].entered,
                    rules_hour(self.st),
                )
                .into_iter()
                .find(|d| d.hex == to)
                .map(|d| (d.cost, d.disorganises, d.path))
                .unwrap_or((0, false, vec![]));
                self.st.formations[f].entered += 1;
                self.note("9.4", format!("{} enters at {entry}", self.uname(u)));
                r
            }
        };
        self.st.units[i].loc = Loc::Map(to);
        self.st.units[i].facing = facing;
        self.st.units[i].spent = self.st.units[i].spent.saturating_add(cost);
        self.st.units[i].moved = true;
        for c in path.iter().chain(std::iter::once(&to)) {
            self.occupy(*c, side);
        }
        if dis && !self.st.units[i].disorg {
            self.st.units[i].disorg = true;
            self.note(
                "TEC",
                format!("{} is disorganised by the woods", self.uname(u)),
            );
        }
        self.note(
            "9.3",
            format!(
                "{} moves to {to} ({cost} MP), facing {facing:?}",
                self.uname(u)
            ),
        );
        self.jump_lone_commanders(side.other());
    }

    /// 9.5.12 / 9.5.13: a commander of `side` alone next to an enemy unit during an enemy
    /// movement is put on the nearest friendly unit (in MP).
    pub(crate) fn jump_lone_commanders(&mut self, side: Side) {
        let view = rules::view(self.rules, self.st);
        for l in 0..self.rules.leaders.len() {
            if self.rules.leaders[l].side != side {
                continue;
            }
            let Some(h) = self.st.leaders[l].loc.hex() else {
                continue;
            };
            if view.side_at(h) == Some(side) || !view.enemy_adjacent(&self.rules.map, side, h) {
                continue;
            }
            let mut best: Option<(u32, Coord)> = None;
            for (i, u) in self.st.units.iter().enumerate() {
                if self.rules.units[i].side != side {
                    continue;
                }
                let Some(c) = u.loc.hex() else { continue };
                let d = rules::mp_distance(self.rules, self.st, &view, side, h, c)
                    .unwrap_or(1000 + h.distance(c));
                if best.is_none_or(|b| (d, c) < b) {
                    best = Some((d, c));
                }
            }
            match best {
                Some((_, c)) => {
                    self.st.leaders[l].loc = Loc::Map(c);
                    self.note(
                        "9.5.13",
                        format!(
                            "{} is alone next to the enemy and rejoins the unit at {c}",
                            self.lname(l)
                        ),
                    );
                }
                None => self.leader_falls(l),
            }
        }
    }

    /// Commanders stacked in `from` retreat with their units to `to` (9.5.12/13: always;
    /// with the last unit to leave when the stack splits).
    pub(crate) fn leaders_follow(&mut self, from: Coord, to: Coord, side: Side) {
        if !friends_at(self.rules, self.st, side, from).is_empty() {
            return;
        }
        for l in 0..self.rules.leaders.len() {
            if self.rules.leaders[l].side == side && self.st.leaders[l].loc == Loc::Map(from) {
                self.st.leaders[l].loc = Loc::Map(to);
            }
        }
    }

    pub(crate) fn declare(
        &mut self,
        target: Coord,
        units: Vec<(UnitId, u8)>,
        coordinate: bool,
        commander: bool,
    ) {
        let names: Vec<String> = units
            .iter()
            .map(|(u, p)| format!("{} ({p})", self.rules.units[*u as usize].name))
            .collect();
        self.note(
            "9.5.1",
            format!("Assault declared on {target} by {}", names.join(", ")),
        );
        // 11.1.5: an attacked formation may act.
        let view = rules::view(self.rules, self.st);
        for &d in view.units_at(target) {
            let f = self.rules.unit_formation[d as usize];
            self.st.formations[f].attacked = true;
        }
        for (u, _) in &units {
            self.st.units[*u as usize].engaged = true;
        }
        let mut coordinated = false;
        let mut leader = None;
        if coordinate && let Some(l) = coordination_leader(self.rules, self.st, &units) {
            let Some(mods) = coordination_mods_for(self.rules, self.st, l, &units) else {
                return;
            };
            let r = self.dice.d6(
                "coordination test",
                "9.5.2",
                mods.iter()
                    .map(|m| (format!("{} ({})", m.label, m.rule), m.value))
                    .collect(),
            );
            coordinated = combat::coordination_passes(r.die, &mods);
            self.note(
                "9.5.2",
                format!(
                    "{} tries to coordinate: {} gives {} — {}",
                    self.lname(l),
                    r.die,
                    r.total,
                    if coordinated {
                        "coordinated assault"
                    } else {
                        "each unit attacks on its own"
                    }
                ),
            );
            if coordinated {
                leader = Some(l as LeaderId);
            }
        }
        if coordinated {
            self.st.g.assaults.push(Assault {
                target,
                attackers: units,
                coordinated: true,
                leader,
                resolved: false,
                helpers: vec![],
            });
        } else {
            for (u, p) in units {
                // 9.5.13: a formation commander stacked with the attacker may add his
                // bonus (one who tried to coordinate takes part in any case).
                let l = self.bonus_leader(u).filter(|_| commander || coordinate);
                self.st.g.assaults.push(Assault {
                    target,
                    attackers: vec![(u, p)],
                    coordinated: false,
                    leader: l,
                    resolved: false,
                    helpers: vec![],
                });
            }
        }
    }

    pub(crate) fn bonus_leader(&self, u: UnitId) -> Option<LeaderId> {
        bonus_leader(self.rules, self.st, u)
    }

    pub(crate) fn resolve(&mut self, a: usize) {
        let Some(asl) = self.st.g.assaults.get(a).cloned() else {
            return;
        };
        self.st.g.assaults[a].resolved = true;
        let defs = defenders(self.rules, self.st, &asl);
        let alive: Vec<(UnitId, u8)> = asl
            .attackers
            .iter()
            .copied()
            .filter(|(u, _)| on_map(self.st, *u).is_some_and(|h| h.distance(asl.target) == 1))
            .collect();
        if defs.is_empty() || alive.is_empty() {
            self.note(
                "9.5.3",
                format!("The assault on {} does not take place", asl.target),
            );
            return;
        }
        self.st.g.assaults[a].attackers = alive;
        self.note("9.5.3", format!("Resolving the assault on {}", asl.target));
        self.st
            .g
            .pending
            .insert(0, Pending::Defence { assault: a as u8 });
    }

    pub(crate) fn retreat_before(
        &mut self,
        a: usize,
        to: Coord,
        facing: Dir,
        unit: Option<UnitId>,
    ) {
        let Some(asl) = self.st.g.assaults.get(a).cloned() else {
            return;
        };
        let defs: Vec<UnitId> = match unit {
            Some(u) => vec![u],
            None => defenders(self.rules, self.st, &asl),
        };
        let att_mp = asl
            .attackers
            .iter()
            .map(|(u, _)| self.rules.units[*u as usize].movement)
            .max()
            .unwrap_or(0);
        let side = asl
            .attackers
            .first()
            .map(|(u, _)| side_of(self.rules, *u).other())
            .unwrap_or(Side::Austria);
        if let Some(&first) = defs.first() {
            let enemies: Vec<Coord> = asl
                .attackers
                .iter()
                .filter_map(|(u, _)| on_map(self.st, *u))
                .collect();
            self.disorganise_crossed(first, asl.target, &enemies, to, "9.5.4");
        }
        for &u in &defs {
            let i = u as usize;
            self.st.units[i].loc = Loc::Map(to);
            self.st.units[i].facing = facing;
            // 9.5.4: equal MP costs order (not for light troops).
            if self.rules.units[i].movement == att_mp && self.rules.units[i].arm != Arm::Light {
                if self.st.units[i].disorg {
                    self.lose_step(u, "9.5.4");
                } else {
                    self.st.units[i].disorg = true;
                }
            }
        }
        // the stack that stays keeps its own facing; those who join a stack take its facing
        for x in friends_at(self.rules, self.st, side, to) {
            self.st.units[x as usize].facing = facing;
        }
        self.occupy(to, side);
        self.leaders_follow(asl.target, to, side);
        let who: Vec<String> = defs.iter().map(|&u| self.uname(u)).collect();
        self.note(
            "9.5.4",
            format!(
                "{} fall(s) back from {} to {to} before combat",
                who.join(", "),
                asl.target
            ),
        );
        // 9.5.4: the rest of a split stack still faces the assault.
        if !defenders(self.rules, self.st, &asl).is_empty() {
            self.st
                .g
                .pending
                .insert(0, Pending::Defence { assault: a as u8 });
            return;
        }
        self.after_retreat(AfterRetreat::MayOccupy {
            assault: a as u8,
            hex: asl.target,
        });
    }

    pub(crate) fn defensive_fire(&mut self, a: usize, choice: combat::DefenceChoice) {
        let Some(asl) = self.st.g.assaults.get(a).cloned() else {
            return;
        };
        // The same function shows the odds before the defender commits.
        let fires = combat::defence_fires(self.rules, self.st, &asl, &choice);
        if let Some(s) = choice.support {
            self.st.units[s as usize].support_used = true;
            self.note("9.5.6", format!("{} supports the defence", self.uname(s)));
        }
        for &h in &choice.helpers {
            self.note(
                "9.5.1",
                format!("{} joins the defensive fire", self.uname(h)),
            );
        }
        self.st.g.assaults[a].helpers = choice.helpers.clone();
        let def_side = asl
            .attackers
            .first()
            .map(|(u, _)| side_of(self.rules, *u).other())
            .unwrap_or(Side::Austria);
        let leader = defence_leader(self.rules, self.st, &asl).filter(|_| choice.commander);
        let mut leader_took_part = false;
        let mut retreating: Vec<UnitId> = Vec::new();
        for sf in fires {
            // 9.5.13: no bonus to artillery fire, so no part in it either.
            if sf.fire.die_mods.iter().any(|m| m.rule == "9.5.13") {
                leader_took_part = true;
            }
            let purpose = format!(
                "defensive fire at {}",
                self.rules.units[sf.attacker as usize].name
            );
            let out = self.roll_fire(&sf.fire, &purpose, "9.5.3");
            retreating.extend(self.apply_outcome(&[sf.attacker], out, false, "9.5.3"));
        }
        if leader_took_part && let Some(l) = leader {
            self.commander_casualty(l as usize, def_side);
        }
        self.check_demoralisation();
        let enemies = vec![asl.target];
        if retreating.is_empty() {
            self.attack(a);
        } else {
            let from = on_map(self.st, retreating[0]).unwrap_or(asl.target);
            self.st.g.pending.insert(
                0,
                Pending::Retreat {
                    units: retreating,
                    from,
                    enemies,
                    hexes: 1,
                    rule: "9.5.8".into(),
                    after: AfterRetreat::Attack { assault: a as u8 },
                },
            );
        }
    }

    pub(crate) fn attack(&mut self, a: usize) {
        let Some(asl) = self.st.g.assaults.get(a).cloned() else {
            return;
        };
        let defs = defenders(self.rules, self.st, &asl);
        let attackers: Vec<(UnitId, u8)> = asl
            .attackers
            .iter()
            .copied()
            .filter(|(u, _)| {
                let i = *u as usize;
                on_map(self.st, *u).is_some_and(|h| h.distance(asl.target) == 1)
                    && !(self.rules.units[i].arm == Arm::Cavalry && self.st.units[i].disorg)
            })
            .collect();
        let att_side = asl
            .attackers
            .first()
            .map(|(u, _)| side_of(self.rules, *u))
            .unwrap_or(Side::Prussia);
        if attackers.is_empty() || defs.is_empty() {
            self.note("9.5.3", "No attacker is left to carry the assault home");
            self.cavalry_after_attack(&asl);
            return;
        }
        // 9.5.6: a lone battery falls to an attacker who survives defensive fire.
        if defs
            .iter()
            .all(|&d| self.rules.units[d as usize].arm == Arm::Artillery)
        {
            for &d in &defs {
                self.eliminate(d, "9.5.6");
            }
            self.check_demoralisation();
            self.cavalry_after_attack(&asl);
            self.after_retreat(AfterRetreat::Advance {
                assault: a as u8,
                hex: asl.target,
            });
            return;
        }
        let input = attack_input(self.rules, self.st, &asl, &attackers, &defs);
        let fire = combat::fire(&input);
        let out = self.roll_fire(&fire, &format!("assault on {}", asl.target), "9.5.5");
        let retreat = self.apply_outcome(&defs, out, false, "9.5.7");
        // 9.5.13: only the commander who took part rolls.
        if let Some(l) = asl.leader {
            self.commander_casualty(l as usize, att_side);
        }
        self.cavalry_after_attack(&asl);
        self.check_demoralisation();
        if !retreat.is_empty() {
            // 9.5.8: a battery stacked with retreating units is lost.
            for &d in &defs {
                if self.rules.units[d as usize].arm == Arm::Artillery
                    && on_map(self.st, d).is_some()
                    && !retreat.contains(&d)
                {
                    self.eliminate(d, "9.5.8");
                }
            }
            let enemies: Vec<Coord> = attackers
                .iter()
                .filter_map(|(u, _)| on_map(self.st, *u))
                .collect();
            self.st.g.pending.insert(
                0,
                Pending::Retreat {
                    units: retreat,
                    from: asl.target,
                    enemies,
                    hexes: 1,
                    rule: "9.5.8".into(),
                    after: AfterRetreat::Advance {
                        assault: a as u8,
                        hex: asl.target,
                    },
                },
            );
        }
    }

    /// 9.5.11: cavalry that attacked is disorganised whatever the result.
    pub(crate) fn cavalry_after_attack(&mut self, asl: &Assault) {
        for (u, _) in &asl.attackers {
            let i = *u as usize;
            if self.rules.units[i].arm == Arm::Cavalry
                && on_map(self.st, *u).is_some()
                && !self.st.units[i].disorg
            {
                self.st.units[i].disorg = true;
                self.note(
                    "9.5.11",
                    format!("{} is disorganised after its charge", self.uname(*u)),
                );
            }
        }
    }

    /// 9.5.4 / 9.5.8: a unit retreating from `from` to `to` through over-stacked hexes of
    /// friendly units disorganises the units of the hexes it crosses.
    pub(crate) fn disorganise_crossed(
        &mut self,
        u: UnitId,
        from: Coord,
        enemies: &[Coord],
        to: Coord,
        rule: &str,
    ) {
        let view = rules::view(self.rules, self.st);
        let side = side_of(self.rules, u);
        let through =
            rules::retreat_paths(self.rules, self.st, &view, u, from, enemies, self.st.g.hour)
                .into_iter()
                .find(|o| o.to == to)
                .map(|o| o.through)
                .unwrap_or_default();
        for h in through {
            for &x in view.units_at(h) {
                if side_of(self.rules, x) == side && !self.st.units[x as usize].disorg {
                    self.st.units[x as usize].disorg = true;
                    self.note(
                        rule,
                        format!("{} is disorganised by a retreat through {h}", self.uname(x)),
                    );
                }
            }
        }
    }

    pub(crate) fn retreat_unit(&mut self, u: UnitId, to: Coord, facing: Dir) {
        let Some(Pending::Retreat {
            mut units,
            from,
            enemies,
            hexes,
            rule,
            after,
        }) = self.pop_pending()
        else {
            return;
        };
        units.retain(|&x| x != u);
        let side = side_of(self.rules, u);
        self.disorganise_crossed(u, from, &enemies, to, &rule);
        let view = rules::view(self.rules, self.st);
        let zoc_loss = rules::in_enemy_zoc(self.rules, self.st, &view, side, to)
            && view.side_at(to) != Some(side);
        let i = u as usize;
        self.st.units[i].loc = Loc::Map(to);
        self.st.units[i].facing = facing;
        self.occupy(to, side);
        self.note(&rule, format!("{} retreats to {to}", self.uname(u)));
        // Friends crossed or joined are disorganised when the stack is over its limit
        // (9.5.8); turning the stack keeps facings equal (4).
        for &x in view.units_at(to) {
            if side_of(self.rules, x) == side {
                self.st.units[x as usize].facing = facing;
            }
        }
        self.leaders_follow(from, to, side);
        if zoc_loss {
            self.note(
                "5.1",
                format!(
                    "{} retreats into an enemy ZoC and loses a step",
                    self.uname(u)
                ),
            );
            self.lose_step(u, "5.1");
        }
        self.continue_retreat(units, from, enemies, hexes, rule, after);
    }

    /// The next unit of a retreat waits for its owner; when none is left, what follows
    /// the retreat happens (9.5.8, 9.5.9).
    pub(crate) fn continue_retreat(
        &mut self,
        units: Vec<UnitId>,
        from: Coord,
        enemies: Vec<Coord>,
        hexes: u8,
        rule: String,
        after: AfterRetreat,
    ) {
        if units.is_empty() {
            self.after_retreat(after);
        } else {
            self.st.g.pending.insert(
                0,
                Pending::Retreat {
                    units,
                    from,
                    enemies,
                    hexes,
                    rule,
                    after,
                },
            );
        }
    }

    pub(crate) fn after_retreat(&mut self, after: AfterRetreat) {
        match after {
            AfterRetreat::Nothing => {}
            AfterRetreat::Attack { assault } => self.attack(assault as usize),
            AfterRetreat::Advance { assault, hex } | AfterRetreat::MayOccupy { assault, hex } => {
                let view = rules::view(self.rules, self.st);
                if !view.units_at(hex).is_empty() {
                    return;
                }
                let candidates = advance_candidates(self.rules, self.st, assault as usize, hex);
                let optional = matches!(after, AfterRetreat::MayOccupy { .. });
                // 9.5.1: a unit advances only once all its combats are resolved.
                if let Some(&u) = candidates.iter().find(|&&u| busy(self.st, u)) {
                    self.st.g.deferred.push((assault, hex, optional));
                    self.note(
                        "9.5.1",
                        format!(
                            "The advance into {hex} waits until {} has fought its other assaults",
                            self.uname(u)
                        ),
                    );
                    return;
                }
                if !candidates.is_empty() {
                    self.st.g.pending.insert(
                        0,
                        Pending::Advance {
                            hex,
                            candidates,
                            optional,
                        },
                    );
                }
            }
        }
    }

    /// 11.4.1 (13.4): at the end of day one of the linked game, units that cannot trace a
    /// line to their map edge are taken prisoner and eliminated (already counted in day
    /// one's VP and demoralisation), and the formations they break are demoralised today.
    pub(crate) fn take_prisoners(&mut self) {
        let view = rules::view(self.rules, self.st);
        let taken: Vec<usize> = (0..self.st.units.len())
            .filter(|&i| {
                self.st.units[i].loc.hex().is_some_and(|h| {
                    !can_trace_home(self.rules, self.st, &view, self.rules.units[i].side, h)
                })
            })
            .collect();
        for i in taken {
            self.st.units[i].loc = Loc::Eliminated;
            self.note(
                "11.4.1",
                format!(
                    "{} cannot reach its map edge and is taken prisoner",
                    self.uname(i as UnitId)
                ),
            );
        }
        self.check_demoralisation();
    }

    /// 10.2: formations past their threshold become demoralised.
    pub(crate) fn check_demoralisation(&mut self) {
        for f in 0..self.rules.formations.len() {
            if self.st.formations[f].demoralised {
                continue;
            }
            let lost = formation_losses(self.rules, self.st, f);
            if lost >= self.rules.formations[f].demo as u32 {
                self.st.formations[f].demoralised = true;
                self.st.formations[f].demoralised_day = self.st.g.day;
                self.note(
                    "10.2",
                    format!(
                        "{} is demoralised ({} steps lost)",
                        self.rules.formations[f].name, lost
                    ),
                );
            }
        }
    }
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

/// 9.5.13: the hexes of the units of commander `l`'s formation still in play.
pub fn aide_hexes(rules: &TsRules, st: &TsState, l: usize) -> Vec<Coord> {
    let Some(LeaderKind::Formation { formation, .. }) = rules.leaders.get(l).map(|d| &d.kind)
    else {
        return vec![];
    };
    let Some(f) = rules.formation(formation) else {
        return vec![];
    };
    let mut v: Vec<Coord> = (0..st.units.len())
        .filter(|&i| rules.unit_formation[i] == f)
        .filter_map(|i| st.units[i].loc.hex())
        .collect();
    v.sort();
    v.dedup();
    v
}

/// Attackers of assault `a` that may advance into `hex` (9.5.9: adjacent, not artillery).
pub(crate) fn advance_candidates(
    rules: &TsRules,
    st: &TsState,
    a: usize,
    hex: Coord,
) -> Vec<UnitId> {
    let Some(asl) = st.g.assaults.get(a) else {
        return vec![];
    };
    asl.attackers
        .iter()
        .map(|(u, _)| *u)
        .filter(|&u| {
            on_map(st, u).is_some_and(|h| h.distance(hex) == 1)
                && rules.units[u as usize].arm != Arm::Artillery
        })
        .collect()
}

/// 9.5.1: the unit still has a declared assault to fight.
pub(crate) fn busy(st: &TsState, u: UnitId) -> bool {
    st.g.assaults
        .iter()
        .any(|a| !a.resolved && a.attackers.iter().any(|(x, _)| *x == u))
}

/// Commanders of the unit's side stacked with it (who may advance with it, 9.5.12/13).
pub fn leaders_with(rules: &TsRules, st: &TsState, u: UnitId) -> Vec<LeaderId> {
    let Some(h) = on_map(st, u) else {
        return vec![];
    };
    let side = side_of(rules, u);
    (0..st.leaders.len())
        .filter(|&l| rules.leaders[l].side == side && st.leaders[l].loc == Loc::Map(h))
        .take(4)
        .map(|l| l as LeaderId)
        .collect()
}

/// The formation commander stacked with the defenders of `a` who may add his bonus
/// (9.5.13: "a formation commander stacked with a unit in defence"): any formation
/// commander of the defending side in the assaulted hex, whatever his formation; of
/// several, the one with the largest bonus (the lowest id on a tie).
pub fn defence_leader(rules: &TsRules, st: &TsState, a: &Assault) -> Option<LeaderId> {
    let defs = defenders(rules, st, a);
    // 9.5.13: he gives no bonus to artillery fire (a battery defending alone).
    if defs.is_empty()
        || defs
            .iter()
            .all(|&d| rules.units[d as usize].arm == Arm::Artillery)
    {
        return None;
    }
    let side = side_of(rules, defs[0]);
    let mut best: Option<(u8, usize)> = None;
    for (l, ld) in rules.leaders.iter().enumerate() {
        let LeaderKind::Formation { bonus, .. } = ld.kind else {
            continue;
        };
        if ld.side != side || st.leaders[l].loc != Loc::Map(a.target) {
            continue;
        }
        if best.is_none_or(|(b, _)| bonus > b) {
            best = Some((bonus, l));
        }
    }
    best.map(|(_, l)| l as LeaderId)
}

/// The unit's formation commander if stacked with it (9.5.13).
pub fn bonus_leader(rules: &TsRules, st: &TsState, u: UnitId) -> Option<LeaderId> {
    let h = on_map(st, u)?;
    let f = rules.unit_formation[u as usize];
    let l = rules.formation_leader[f]?;
    (st.leaders[l].loc == Loc::Map(h)).then_some(l as LeaderId)
}

/// 4: turning a unit turns its whole stack.
pub fn turn_stack(rules: &TsRules, st: &mut TsState, u: UnitId, facing: Dir) {
    let Some(h) = on_map(st, u) else { return };
    let side = side_of(rules, u);
    for i in 0..st.units.len() {
        if rules.units[i].side == side && st.units[i].loc == Loc::Map(h) {
            st.units[i].facing = facing;
        }
    }
}

/// Steps a formation has lost (losses of its units, eliminated units count in full).
pub fn formation_losses(rules: &TsRules, st: &TsState, f: usize) -> u32 {
    (0..st.units.len())
        .filter(|&i| rules.unit_formation[i] == f && !rules.absent.contains(&rules.units[i].id))
        .map(|i| match st.units[i].loc {
            Loc::Eliminated => rules.units[i].morale as u32,
            _ => st.units[i].losses as u32,
        })
        .sum()
}

/// 11.4.1: hexes from which `side` can reach its map edge avoiding enemy units and enemy
/// ZoC without friends.
pub fn can_trace_home(rules: &TsRules, st: &TsState, view: &View, side: Side, from: Coord) -> bool {
    let home = rules.retreat_hexes(side, rules_hour(st));
    if home.is_empty() {
        return true;
    }
    let m = &rules.map;
    let mut seen = vec![false; m.len()];
    let mut stack = vec![from];
    while let Some(c) = stack.pop() {
        let Some(i) = m.index(c) else { continue };
        if seen[i] {
            continue;
        }
        seen[i] = true;
        if home.contains(&c) {
            return true;
        }
        for (_, n) in m.neighbors(c) {
            if view.side_at(n) == Some(side.other()) {
                continue;
            }
            if view.side_at(n) != Some(side) && rules::in_enemy_zoc(rules, st, view, side, n) {
                continue;
            }
            if m.side(c, n)
                .is_some_and(|s| s.kind == SideKind::River && !s.bridge)
            {
                continue;
            }
            stack.push(n);
        }
    }
    false
}

/// 11.4.1: `side` controls a location.
pub fn controls(rules: &TsRules, st: &TsState, side: Side, loc: &Location) -> bool {
    let view = rules::view(rules, st);
    loc.hexes.iter().all(|&c| {
        let i = rules.map.index(c).unwrap_or(0);
        st.last_occupant.get(i).copied().flatten() == Some(side)
            && !(view.side_at(c) != Some(side) && rules::in_enemy_zoc(rules, st, &view, side, c))
    }) && loc
        .hexes
        .first()
        .is_some_and(|&c| can_trace_home(rules, st, &view, side, c))
        && !loc
            .void_if_enemy_in
            .iter()
            .any(|&c| view.side_at(c) == Some(side.other()))
}

/// 11.4.2: the Austrian victory level added to Bonin's panic roll. The case grades the
/// victory levels by the VP margin (5 or more major, 2 to 4 minor, 1 or fewer a tie), so
/// the number added is Austria's VP margin at that moment: negative while Prussia leads
/// (no panic is then possible), 0 on equal VP (a 6 panics), 5 or more when Austria
/// already has a major victory (any die panics).
pub fn austrian_level(vp: [i32; 2]) -> i32 {
    vp[0] - vp[1]
}

/// 11.4.2: Bonin panics on 1d6 + the Austrian victory level >= 6.
pub fn bonin_panics(die: u8, level: i32) -> bool {
    die as i32 + level >= 6
}

/// 11.4.2: the exact chance that Bonin panics at this level (what [`bonin_panics`] gives
/// over 1d6).
pub fn panic_chance(level: i32) -> f64 {
    (1..=6u8).filter(|&d| bonin_panics(d, level)).count() as f64 / 6.0
}

/// Victory points [Austria, Prussia] (11.4.1, 12.4.1) with an explanation per line.
/// `end`: count prisoners (units that cannot trace home).
pub fn score(rules: &TsRules, st: &TsState, end: bool) -> ([i32; 2], Vec<String>) {
    let view = rules::view(rules, st);
    let mut vp = [0i32; 2];
    let mut lines = Vec::new();
    let mut lost = [0u32; 2];
    let mut trapped = [0u32; 2];
    let mut on_map_steps = [0u32; 2];
    for (i, d) in rules.units.iter().enumerate() {
        if rules.absent.contains(&d.id) {
            continue;
        }
        let s = &st.units[i];
        let counted = s.losses.saturating_sub(match victory(rules, st) {
            Victory::Soor { .. } => s.initial_losses,
            _ => 0,
        }) as u32;
        match s.loc {
            Loc::Eliminated => {
                lost[d.side.idx()] += (d.morale.saturating_sub(
                    if matches!(victory(rules, st), Victory::Soor { .. }) {
                        s.initial_losses
                    } else {
                        0
                    },
                )) as u32
            }
            Loc::Map(h) => {
                if end
                    && takes_prisoners_of(rules, st, d.side)
                    && !can_trace_home(rules, st, &view, d.side, h)
                {
                    trapped[d.side.idx()] += (d.morale - s.losses.min(d.morale)) as u32;
                }
                lost[d.side.idx()] += counted;
                on_map_steps[d.side.idx()] += (d.morale - s.losses.min(d.morale)) as u32;
            }
            _ => lost[d.side.idx()] += counted,
        }
    }
    for side in Side::BOTH {
        let enemy = side.other().idx();
        let v = ((lost[enemy] + trapped[enemy]) / 2) as i32;
        vp[side.idx()] += v;
        lines.push(format!(
            "{}: {v} VP for {} enemy steps lost or taken prisoner",
            side.name(),
            lost[enemy] + trapped[enemy]
        ));
    }
    for (f, fd) in rules.formations.iter().enumerate() {
        // 13.4: in the linked game a formation scores on the day it breaks only.
        let fs = &st.formations[f];
        let today = fs.demoralised && (rules.day2.is_none() || fs.demoralised_day == st.g.day);
        let demo = today
            || (!fs.demoralised
                && end
                && formation_losses(rules, st, f) + trapped_of(rules, st, &view, f, end)
                    >= fd.demo as u32);
        if demo {
            vp[fd.side.other().idx()] += fd.vp as i32;
            lines.push(format!(
                "{}: {} VP, {} demoralised",
                fd.side.other().name(),
                fd.vp,
                fd.name
            ));
        }
    }
    match victory(rules, st) {
        Victory::Trautenau { locations, .. } => {
            for l in locations {
                for side in Side::BOTH {
                    if controls(rules, st, side, l) {
                        vp[side.idx()] += l.vp as i32;
                        lines.push(format!("{}: {} VP for {}", side.name(), l.vp, l.name));
                    }
                }
            }
            let ev = (st.g.evacuated_clean[Side::Prussia.idx()] / 3) as i32;
            if ev > 0 {
                vp[Side::Prussia.idx()] += ev;
                lines.push(format!("Prussia: {ev} VP for evacuated units"));
            }
        }
        Victory::Soor { .. } => {
            vp[Side::Austria.idx()] += st.g.banked_vp[Side::Austria.idx()] as i32;
            // 13.4: once the IV Corps has come, places score at the end instead.
            if let (Some(d), Some(_)) = (&rules.day2, st.g.iv_start) {
                let gone = st.g.fled && st.g.return_start.is_none();
                for (l, fled_vp) in &d.iv_locations {
                    let v = if gone { *fled_vp } else { l.vp } as i32;
                    for side in Side::BOTH {
                        if v > 0 && controls(rules, st, side, l) {
                            vp[side.idx()] += v;
                            lines.push(format!("{}: {v} VP for {}", side.name(), l.name));
                        }
                    }
                }
            }
            if end {
                // 12.4.1: a commander stuck on the map counts as one step lost.
                let stuck = (0..st.leaders.len())
                    .filter(|&l| rules.leaders[l].side == Side::Austria)
                    .filter_map(|l| st.leaders[l].loc.hex())
                    .filter(|&h| !can_trace_home(rules, st, &view, Side::Austria, h))
                    .count() as i32;
                if stuck > 0 {
                    lines.push(format!(
                        "Prussia: {stuck} Austrian commander(s) cut off (12.4.1)"
                    ));
                }
                let all = (lost[Side::Austria.idx()] + trapped[Side::Austria.idx()]) as i32;
                let with = (all + stuck) / 2 - all / 2;
                vp[Side::Prussia.idx()] += with;
                let pen = on_map_steps[Side::Austria.idx()]
                    .saturating_sub(trapped[Side::Austria.idx()])
                    .div_ceil(4) as i32;
                vp[Side::Austria.idx()] -= pen;
                lines.push(format!("Austria: -{pen} VP for steps still on the map"));
            }
        }
    }
    if st.g.panic {
        vp = [5.max(vp[0]), 0];
    }
    if st.g.day >= 2 && rules.day2.is_some() {
        let d1 = st.g.day1_vp;
        lines.push(format!(
            "First day: Austria {} VP, Prussia {} VP (13.4)",
            d1[0], d1[1]
        ));
        vp = [vp[0] + d1[0], vp[1] + d1[1]];
    }
    (vp, lines)
}

/// 11.4.1: at Trautenau units of either side cut off from their edge at the end are
/// prisoners; 12.4.1: at Soor only Austrian ones (toward 0113-0118).
pub(crate) fn takes_prisoners_of(rules: &TsRules, st: &TsState, side: Side) -> bool {
    match victory(rules, st) {
        Victory::Soor { .. } => side == Side::Austria,
        _ => true,
    }
}

pub(crate) fn trapped_of(rules: &TsRules, st: &TsState, view: &View, f: usize, end: bool) -> u32 {
    if !end || !takes_prisoners_of(rules, st, rules.formations[f].side) {
        return 0;
    }
    (0..st.units.len())
        .filter(|&i| rules.unit_formation[i] == f)
        .filter_map(|i| {
            let h = st.units[i].loc.hex()?;
            (!can_trace_home(rules, st, view, rules.units[i].side, h)).then(|| {
                (rules.units[i].morale - st.units[i].losses.min(rules.units[i].morale)) as u32
            })
        })
        .sum()
}
