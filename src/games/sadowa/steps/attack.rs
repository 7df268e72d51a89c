//! 7.3: after all movement, activated units attack adjacent enemy units; then the
//! operation ends (4.3: activated units flip to Committed).
//!
//! 7.3.1: the lead needs MPs equal to the cost of entering the defender's hex; each
//! activated unit attacks once an operation; a Disrupted unit cannot lead ("by themselves
//! cannot attack") but may join an attack led by another. The other activated units of
//! the lead's hex need not attack (7.3): `AttackWith` names those that join. The combat
//! panel of every legal attack is `combat::plan_with(lead, target, with)`.

use super::refuse;
use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::side::Side;
use crate::engine::step::PlayStep;
use crate::games::sadowa::Sadowa;
use crate::games::sadowa::combat;
use crate::games::sadowa::data::{SdRules, UnitId};
use crate::games::sadowa::flow::{Game, adjacent, hex_of, unit, units_at};
use crate::games::sadowa::movement::enter_cost;
use crate::games::sadowa::state::*;

#[derive(Default)]
pub struct Attack;

fn side_of(st: &SdState) -> Side {
    st.g.initiative.unwrap_or(Side::Prussia)
}

/// 7.3.1: may `lead` attack `target`?
pub fn attack_ok(
    rules: &SdRules,
    st: &SdState,
    lead: UnitId,
    target: UnitId,
) -> Result<(), Refusal> {
    let (Some(a), Some(t)) = (rules.unit(lead), rules.unit(target)) else {
        return Err(refuse("7.3.1", "no such unit"));
    };
    let s = unit(st, lead);
    if a.side != side_of(st) || !s.activated {
        return Err(refuse("7.3.1", format!("{} is not activated", a.name)));
    }
    if !a.kind.is_combat() {
        return Err(refuse("7.3.1", format!("{} is not a combat unit", a.name)));
    }
    if s.attacked {
        return Err(refuse(
            "7.3",
            format!("{} has attacked already in this operation", a.name),
        ));
    }
    if s.disrupted {
        return Err(refuse(
            "7.3.1",
            format!(
                "{} is Disrupted: Disrupted units cannot attack by themselves",
                a.name
            ),
        ));
    }
    if t.side == a.side {
        return Err(refuse("7.3", format!("{} is not an enemy unit", t.name)));
    }
    let (Some(ah), Some(th)) = (hex_of(st, lead), hex_of(st, target)) else {
        return Err(refuse("7.3", "not on the map"));
    };
    if t.kind.is_hq()
        && units_at(rules, st, th)
            .into_iter()
            .any(|u| !rules.kind(u).is_hq())
    {
        return Err(refuse(
            "7.3",
            format!(
                "{} is stacked with combat units: attack one of them (the HQ shares their fate, 6.3)",
                t.name
            ),
        ));
    }
    if !adjacent(ah, th) {
        return Err(refuse(
            "7.3.1",
            format!("{} is not adjacent to {}", a.name, t.name),
        ));
    }
    let need = enter_cost(rules, ah, th).unwrap_or(u8::MAX);
    if s.mp < need {
        return Err(refuse(
            "7.3.1",
            format!(
                "{} has {} MP left; entering {th} costs {need}",
                a.name, s.mp
            ),
        ));
    }
    Ok(())
}

/// 7.3: may `with` (ascending, no repeats) join `lead`'s attack? Activated combat units of
/// the lead's hex that have not attacked yet (Disrupted ones too: they only cannot attack
/// by themselves, 7.3.1).
pub fn with_ok(
    rules: &SdRules,
    st: &SdState,
    lead: UnitId,
    with: &[UnitId],
) -> Result<(), Refusal> {
    if with.windows(2).any(|w| w[0] >= w[1]) {
        return Err(refuse(
            "7.3",
            "list the joining units once each, in ascending order",
        ));
    }
    let mut ok = combat::joiners(rules, st, lead);
    ok.truncate(8);
    for u in with {
        if !ok.contains(u) {
            let n = rules
                .unit(*u)
                .map_or_else(|| format!("unit {u}"), |d| d.name.clone());
            return Err(refuse(
                "7.3",
                format!(
                    "{n} cannot join: only activated combat units in the lead's hex that have not attacked yet"
                ),
            ));
        }
    }
    Ok(())
}

impl PlayStep<Sadowa> for Attack {
    fn name(&self) -> &'static str {
        "Operations: attacks"
    }
    fn case(&self) -> &'static str {
        "7.3"
    }
    fn prompt(&self, _rules: &SdRules, st: &SdState) -> String {
        format!(
            "{}: attack with an activated unit (lead) against an adjacent enemy unit, or end the operation",
            side_of(st).name()
        )
    }
    fn to_act(&self, _rules: &SdRules, st: &SdState) -> Option<Side> {
        Some(side_of(st))
    }
    fn takes(&self, cmd: &SdCommand) -> bool {
        matches!(
            cmd,
            SdCommand::Attack { .. } | SdCommand::AttackWith { .. } | SdCommand::EndOperation
        )
    }
    fn legal(&self, rules: &SdRules, st: &SdState, out: &mut Vec<SdCommand>) {
        let side = side_of(st);
        for lead in rules
            .ids()
            .filter(|&u| rules.side(u) == side && unit(st, u).activated)
        {
            let Some(h) = hex_of(st, lead) else { continue };
            for target in rules.ids().filter(|&t| rules.side(t) != side) {
                if hex_of(st, target).is_some_and(|th| adjacent(h, th))
                    && attack_ok(rules, st, lead, target).is_ok()
                {
                    out.push(SdCommand::Attack { lead, target });
                    let j = combat::joiners(rules, st, lead);
                    let n = j.len().min(8);
                    for mask in 1u32..(1 << n) {
                        let with: Vec<UnitId> = (0..n)
                            .filter(|i| mask & (1 << i) != 0)
                            .map(|i| j[i])
                            .collect();
                        out.push(SdCommand::AttackWith { lead, target, with });
                    }
                }
            }
        }
        out.push(SdCommand::EndOperation);
    }
    fn check(&self, rules: &SdRules, st: &SdState, cmd: &SdCommand) -> Result<(), Refusal> {
        match cmd {
            SdCommand::Attack { lead, target } => attack_ok(rules, st, *lead, *target),
            SdCommand::AttackWith { lead, target, with } => {
                attack_ok(rules, st, *lead, *target)?;
                if with.is_empty() {
                    return Err(refuse("7.3", "no unit joins: that is a plain attack"));
                }
                with_ok(rules, st, *lead, with)
            }
            SdCommand::EndOperation => Ok(()),
            _ => Err(refuse("7.3", "not an attack")),
        }
    }
    fn execute(
        &self,
        rules: &SdRules,
        st: &mut SdState,
        dice: &mut Dice,
        log: &mut GameLog,
        cmd: &SdCommand,
    ) {
        let mut g = Game {
            rules,
            st,
            dice,
            log,
        };
        match cmd {
            SdCommand::Attack { lead, target } => combat::resolve(&mut g, *lead, *target),
            SdCommand::AttackWith { lead, target, with } => {
                combat::resolve_with(&mut g, *lead, *target, with)
            }
            SdCommand::EndOperation => g.end_operation(),
            _ => {}
        }
    }
}

/// The combat panel of an attack command (7.3.1: participation, odds, modifiers and the
/// exact chance of each result), the same plan `combat::resolve_with` resolves.
pub fn plan_of(rules: &SdRules, st: &SdState, cmd: &SdCommand) -> Option<combat::CombatPlan> {
    match cmd {
        SdCommand::Attack { lead, target } => Some(combat::plan(rules, st, *lead, *target)),
        SdCommand::AttackWith { lead, target, with } => {
            Some(combat::plan_with(rules, st, *lead, *target, with))
        }
        _ => None,
    }
}
