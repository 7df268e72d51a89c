//! Victory in Trautenau – Soor: evacuation (11.4.1, 12.4.1), control of places, losses
//! and demoralisation (10.2), Bonin's panic (11.4.2) and the score of each day (13.4).

#[allow(unused_imports)]
use crate::engine::hexmap::{Coord, SideKind, Terrain};
#[allow(unused_imports)]
use crate::games::trautenau::combat::{self, FireInput, FireKind, MoraleInput, Outcome};
#[allow(unused_imports)]
use crate::games::trautenau::data::*;
use crate::games::trautenau::flow::Game;
#[allow(unused_imports)]
use crate::games::trautenau::flow::*;
#[allow(unused_imports)]
use crate::games::trautenau::los;
#[allow(unused_imports)]
use crate::games::trautenau::rules::{self, View};
#[allow(unused_imports)]
use crate::games::trautenau::state::*;

pub fn exit_hexes(rules: &TsRules, st: &TsState, side: Side) -> Vec<Coord> {
    exit_check(rules, st, side).unwrap_or_default()
}

/// The open evacuation hexes of `side`, or why there are none (11.4.1, 12.4.1).
pub fn exit_check(rules: &TsRules, st: &TsState, side: Side) -> Result<Vec<Coord>, String> {
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
/// Each side's steps as the VP count them (11.4, 12.4.1), by side index.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepCounts {
    /// Lost in combat so far (at Soor not the losses the units began with).
    pub lost: [u32; 2],
    /// At the end, on the map and cut off from home: taken prisoner (11.4, 12.4.1).
    pub trapped: [u32; 2],
    /// On the map.
    pub on_map: [u32; 2],
}

/// The [`StepCounts`] of the position; `end` counts the steps taken prisoner.
pub fn step_counts(rules: &TsRules, st: &TsState, view: &rules::View, end: bool) -> StepCounts {
    let soor = matches!(victory(rules, st), Victory::Soor { .. });
    let mut n = StepCounts::default();
    for (i, d) in rules.units.iter().enumerate() {
        if rules.absent.contains(&d.id) {
            continue;
        }
        let s = &st.units[i];
        let initial = if soor { s.initial_losses } else { 0 };
        let k = d.side.idx();
        n.lost[k] += match s.loc {
            Loc::Eliminated => d.morale.saturating_sub(initial),
            _ => s.losses.saturating_sub(initial),
        } as u32;
        if let Loc::Map(h) = s.loc {
            let left = (d.morale - s.losses.min(d.morale)) as u32;
            if end
                && takes_prisoners_of(rules, st, d.side)
                && !can_trace_home(rules, st, view, d.side, h)
            {
                n.trapped[k] += left;
            }
            n.on_map[k] += left;
        }
    }
    n
}

pub fn score(rules: &TsRules, st: &TsState, end: bool) -> ([i32; 2], Vec<String>) {
    let (vp, lines, _) = score_and_steps(rules, st, end);
    (vp, lines)
}

/// [`score`] with the [`StepCounts`] it was made from (for the computer's evaluation,
/// which counts the odd step lost besides the VP).
pub fn score_and_steps(
    rules: &TsRules,
    st: &TsState,
    end: bool,
) -> ([i32; 2], Vec<String>, StepCounts) {
    let view = rules::view(rules, st);
    let mut vp = [0i32; 2];
    let mut lines = Vec::new();
    let counts = step_counts(rules, st, &view, end);
    let StepCounts {
        lost,
        trapped,
        on_map: on_map_steps,
    } = counts;
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
    (vp, lines, counts)
}

/// 11.4.1: at Trautenau units of either side cut off from their edge at the end are
/// prisoners; 12.4.1: at Soor only Austrian ones (toward 0113-0118).
pub fn takes_prisoners_of(rules: &TsRules, st: &TsState, side: Side) -> bool {
    match victory(rules, st) {
        Victory::Soor { .. } => side == Side::Austria,
        _ => true,
    }
}

pub fn trapped_of(rules: &TsRules, st: &TsState, view: &View, f: usize, end: bool) -> u32 {
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

impl Game<'_> {
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
