//! 7.4.2: when the defender's hex is empty after combat, participating un-Disrupted
//! attacking units may advance into it, no further; voluntary, one unit at a time within
//! the stacking limits (3.1); the first to enter takes control (3.3).

use super::refuse;
use crate::engine::dice::Dice;
use crate::engine::hexmap::Coord;
use crate::engine::log::GameLog;
use crate::engine::side::Side;
use crate::engine::step::PlayStep;
use crate::games::sadowa::Sadowa;
use crate::games::sadowa::combat;
use crate::games::sadowa::data::{SdRules, UnitId};
use crate::games::sadowa::flow::{Game, adjacent, hex_of, occupant, stack_ok, unit};
use crate::games::sadowa::siege;
use crate::games::sadowa::state::*;

#[derive(Default)]
pub struct Advance;

fn current(st: &SdState) -> Option<(Vec<UnitId>, Coord)> {
    match st.g.pending.first() {
        Some(Pending::Advance { units, into }) => Some((units.clone(), *into)),
        _ => None,
    }
}

/// The units that may advance now: listed in the pending advance, on the map next to the
/// vacated hex, not Disrupted, not besieged (8.6: besieged units cannot move out of their
/// fortress until the siege is lifted), the hex free of enemy units, room in the stack.
pub fn candidates(rules: &SdRules, st: &SdState) -> Vec<UnitId> {
    let Some((units, into)) = current(st) else {
        return Vec::new();
    };
    units
        .into_iter()
        .filter(|&u| {
            let s = unit(st, u);
            let side = rules.side(u);
            rules.kind(u).is_combat()
                && !s.disrupted
                && !siege::is_besieged(rules, st, u)
                && hex_of(st, u).is_some_and(|h| adjacent(h, into))
                && occupant(rules, st, into).is_none_or(|o| o == side)
                && stack_ok(rules, st, u, into)
        })
        .collect()
}

impl PlayStep<Sadowa> for Advance {
    fn name(&self) -> &'static str {
        "Advance after combat"
    }
    fn case(&self) -> &'static str {
        "7.4.2"
    }
    fn prompt(&self, _rules: &SdRules, st: &SdState) -> String {
        let into = current(st).map(|c| c.1.to_string()).unwrap_or_default();
        format!(
            "Advance participating un-Disrupted attackers into the vacated hex {into} (no further), or end the advance"
        )
    }
    fn to_act(&self, rules: &SdRules, st: &SdState) -> Option<Side> {
        let (units, _) = current(st)?;
        units.first().map(|&u| rules.side(u)).or(st.g.initiative)
    }
    fn takes(&self, cmd: &SdCommand) -> bool {
        matches!(cmd, SdCommand::Advance { .. } | SdCommand::EndAdvance)
    }
    fn legal(&self, rules: &SdRules, st: &SdState, out: &mut Vec<SdCommand>) {
        if current(st).is_none() {
            return;
        }
        for unit in candidates(rules, st) {
            out.push(SdCommand::Advance { unit });
        }
        out.push(SdCommand::EndAdvance);
    }
    fn check(&self, rules: &SdRules, st: &SdState, cmd: &SdCommand) -> Result<(), Refusal> {
        if current(st).is_none() {
            return Err(refuse("7.4.2", "no advance is due"));
        }
        match cmd {
            SdCommand::EndAdvance => Ok(()),
            SdCommand::Advance { unit } => {
                if candidates(rules, st).contains(unit) {
                    Ok(())
                } else if siege::is_besieged(rules, st, *unit) {
                    Err(refuse(
                        "8.6",
                        "a besieged unit cannot move out of its fortress until the siege is lifted",
                    ))
                } else {
                    Err(refuse(
                        "7.4.2",
                        "only participating un-Disrupted attacking units next to the vacated hex may advance, within the stacking limits",
                    ))
                }
            }
            _ => Err(refuse("7.4.2", "advance or end the advance")),
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
            SdCommand::EndAdvance => {
                g.st.g.pending.remove(0);
                g.note("7.4.2", "No (more) advance after combat");
            }
            SdCommand::Advance { unit: u } => {
                let Some((_, into)) = current(g.st) else {
                    return;
                };
                if let Some(Pending::Advance { units, .. }) = g.st.g.pending.first_mut() {
                    units.retain(|x| x != u);
                }
                if let Some(s) = g.st.units.get_mut(*u as usize) {
                    s.hex = Some(into);
                }
                let n = rules.units[*u as usize].name.clone();
                g.note("7.4.2", format!("{n} advances into {into}"));
                g.take_control(into, rules.side(*u));
                // 8.5 (1): a besieging unit that advances has moved: its sieges end
                siege::after_move(&mut g, *u);
            }
            _ => {}
        }
        combat::settle(&mut g);
    }
}
