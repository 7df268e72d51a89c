//! 7.3: after all movement, activated units attack adjacent enemy units; then the
//! operation ends (4.3: activated units flip to Committed).

use super::refuse;
use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::side::Side;
use crate::engine::step::PlayStep;
use crate::games::sadowa::Sadowa;
use crate::games::sadowa::combat;
use crate::games::sadowa::data::{SdRules, UnitId};
use crate::games::sadowa::flow::{Game, adjacent, hex_of, unit};
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
        matches!(cmd, SdCommand::Attack { .. } | SdCommand::EndOperation)
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
                }
            }
        }
        out.push(SdCommand::EndOperation);
    }
    fn check(&self, rules: &SdRules, st: &SdState, cmd: &SdCommand) -> Result<(), Refusal> {
        match cmd {
            SdCommand::Attack { lead, target } => attack_ok(rules, st, *lead, *target),
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
            SdCommand::EndOperation => g.end_operation(),
            _ => {}
        }
    }
}
