//! 9.5.1, 9.5.2: the active formation declares its assaults, each attacker dividing its
//! combat points among the hexes it assaults; a formation commander may try to
//! coordinate an assault.

use super::*;
use crate::engine::hexmap::Coord;
use crate::games::trautenau::flow::{
    acts_now, bonus_leader, coordination_leader, may_assault, on_map, side_of, uncommitted,
};
use crate::games::trautenau::rules;

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
            "{}: declare assaults on enemy hexes in front of your units, dividing their combat points; then end the declarations (9.5.1).",
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
pub(crate) fn declare_options(rules: &TsRules, st: &TsState, out: &mut Vec<TsCommand>) {
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
