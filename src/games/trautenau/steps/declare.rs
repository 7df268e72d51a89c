//! 9.5.1, 9.5.2: the active formation declares its assaults, each attacker dividing its
//! combat points among the hexes it assaults; a formation commander may try to
//! coordinate an assault.

use super::*;
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

#[derive(Clone, Copy, Debug, Default)]
pub struct Declare;

impl PlayStep<Trautenau> for Declare {
    fn name(&self) -> &'static str {
        "Assault declaration"
    }

    fn case(&self) -> &'static str {
        "9.5.1"
    }

    fn prompt(&self, rules: &TsRules, st: &TsState) -> String {
        format!(
            "{}: select an enemy hex in front of your units to declare an assault, dividing their combat points; then end the declarations (9.5.1).",
            who(rules, st)
        )
    }

    fn to_act(&self, rules: &TsRules, st: &TsState) -> Option<Side> {
        active_formation_side(rules, st)
    }

    fn takes(&self, cmd: &TsCommand) -> bool {
        matches!(cmd, TsCommand::Declare { .. } | TsCommand::Done)
    }

    fn legal(&self, rules: &TsRules, st: &TsState, out: &mut Vec<TsCommand>) {
        declare_options(rules, st, out);
        out.push(TsCommand::Done);
    }

    /// The list only samples the declarations (each unit alone with all its points, all
    /// the attackers of a hex together); any other split of the points is checked here.
    fn check(&self, rules: &TsRules, st: &TsState, cmd: &TsCommand) -> Result<(), Refusal> {
        first_checks(rules, st, cmd)?;
        match cmd {
            TsCommand::Done => Ok(()),
            TsCommand::Declare {
                target,
                units,
                coordinate,
                commander,
            } => declaration(rules, st, *target, units, *coordinate, *commander).or_else(|r| {
                let mut listed = Vec::new();
                declare_options(rules, st, &mut listed);
                if listed.contains(cmd) { Ok(()) } else { Err(r) }
            }),
            _ => Err(other_step(rules, st, cmd)),
        }
    }

    fn execute(
        &self,
        rules: &TsRules,
        st: &mut TsState,
        dice: &mut Dice,
        log: &mut GameLog,
        cmd: &TsCommand,
    ) {
        let mut g = game(rules, st, dice, log);
        match cmd.clone() {
            TsCommand::Declare {
                target,
                units,
                coordinate,
                commander,
            } => g.declare(target, units, coordinate, commander),
            TsCommand::Done => g.st.g.step = Step::Combat,
            _ => {}
        }
    }
}

/// 9.5.1, 9.5.2, 9.5.13: whether a declaration (any split of the points) is allowed.
fn declaration(
    rules: &TsRules,
    st: &TsState,
    target: Coord,
    units: &[(UnitId, u8)],
    coordinate: bool,
    commander: bool,
) -> Result<(), Refusal> {
    if units.is_empty() {
        return Err(Refusal::new("9.5.1", "name at least one attacking unit"));
    }
    let mut seen = Vec::new();
    for (u, p) in units {
        if *u as usize >= st.units.len() {
            return Err(Refusal::new("", "no such unit"));
        }
        if seen.contains(u) {
            return Err(Refusal::new("9.5.1", "a unit is listed twice"));
        }
        seen.push(*u);
        may_assault(rules, st, *u, target)?;
        if *p > uncommitted(rules, st, *u) {
            return Err(Refusal::new(
                "9.5.1",
                format!(
                    "{} has only {} combat points left to divide among its assaults",
                    rules.units[*u as usize].name,
                    uncommitted(rules, st, *u)
                ),
            ));
        }
    }
    if coordinate && !commander {
        return Err(Refusal::new(
            "9.5.13",
            "a commander who tries to coordinate the assault takes part in it",
        ));
    }
    if coordinate && units.len() < 2 {
        return Err(Refusal::new(
            "9.5.2",
            "a coordinated assault needs several units",
        ));
    }
    if coordinate && coordination_leader(rules, st, units).is_none() {
        return Err(Refusal::new(
            "9.5.2",
            "a coordinated assault needs the formation commander stacked with one of the attackers, units of his formation or independent, and no steep slope or escarpment between them",
        ));
    }
    Ok(())
}

/// The sampled declarations: each eligible unit alone with all its points (with and
/// without a stacked commander, 9.5.13), and all the attackers of a hex together when a
/// commander may try to coordinate them (9.5.2).
pub fn declare_options(rules: &TsRules, st: &TsState, out: &mut Vec<TsCommand>) {
    let view = rules::view(rules, st);
    let mut by_target: Vec<(Coord, Vec<UnitId>)> = Vec::new();
    for u in 0..st.units.len() as UnitId {
        if !acts_now(rules, st, u)
            || uncommitted(rules, st, u) == 0 && rules.units[u as usize].combat > 0
        {
            continue;
        }
        if on_map(st, u).is_none() {
            continue;
        }
        for t in rules::front_hexes(rules, st, u) {
            if view.side_at(t) == Some(side_of(rules, u).other())
                && may_assault(rules, st, u, t).is_ok()
            {
                match by_target.iter_mut().find(|e| e.0 == t) {
                    Some(e) => e.1.push(u),
                    None => by_target.push((t, vec![u])),
                }
            }
        }
    }
    for (t, us) in by_target {
        for &u in &us {
            out.push(TsCommand::Declare {
                target: t,
                units: vec![(u, uncommitted(rules, st, u))],
                coordinate: false,
                commander: true,
            });
            // 9.5.13: a stacked formation commander may stay out of the fight.
            if bonus_leader(rules, st, u).is_some() {
                out.push(TsCommand::Declare {
                    target: t,
                    units: vec![(u, uncommitted(rules, st, u))],
                    coordinate: false,
                    commander: false,
                });
            }
        }
        if us.len() >= 2 {
            let all: Vec<(UnitId, u8)> =
                us.iter().map(|&u| (u, uncommitted(rules, st, u))).collect();
            if coordination_leader(rules, st, &all).is_some() {
                out.push(TsCommand::Declare {
                    target: t,
                    units: all,
                    coordinate: true,
                    commander: true,
                });
            }
        }
    }
}

impl Game<'_> {
    /// Nothing left to declare: the assaults are resolved.
    pub(crate) fn declare_auto(&mut self) -> bool {
        let mut listed = Vec::new();
        declare_options(self.rules, self.st, &mut listed);
        if listed.is_empty() {
            self.st.g.step = Step::Combat;
            return true;
        }
        false
    }
}

/// Points a unit still has to commit to assaults (9.5.1).
pub fn uncommitted(rules: &TsRules, st: &TsState, u: UnitId) -> u8 {
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
pub fn may_assault(rules: &TsRules, st: &TsState, u: UnitId, t: Coord) -> Result<(), Refusal> {
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
    // The side holding `t` (as `View::side_at`: the last unit listed there).
    let held = (0..st.units.len())
        .rev()
        .find(|&i| st.units[i].loc == Loc::Map(t))
        .map(|i| rules.units[i].side);
    if held != Some(d.side.other()) {
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
pub fn crossable_for_assault(rules: &TsRules, a: Coord, b: Coord) -> bool {
    let m = &rules.map;
    match m.side(a, b) {
        Some(f) if f.kind == SideKind::River && !f.bridge => false,
        Some(f) if f.kind == SideKind::Escarpment => {
            m.road_between(a, b) || trail_between(rules, a, b)
        }
        _ => true,
    }
}

pub fn trail_between(rules: &TsRules, a: Coord, b: Coord) -> bool {
    let (Some(i), Some(d)) = (
        rules.map.index(a),
        crate::engine::hexmap::Dir::between(a, b),
    ) else {
        return false;
    };
    rules.map.trail_at(i, d.index())
}

/// 9.5.2: the formation commander who may try to coordinate these attackers: stacked with
/// one of them, all of his formation or independent; never across a steep slope or an
/// escarpment between attackers' hexes.
pub fn coordination_leader(rules: &TsRules, st: &TsState, units: &[(UnitId, u8)]) -> Option<usize> {
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

impl Game<'_> {
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
}
