//! 3.1: at the end of an Operations Phase a side with more than four combat units in a
//! hex loses the excess: the OPPOSING player chooses which units surrender, one at a
//! time, among the combat units of the over-stacked hexes, until every stack is within
//! the limit. Each surrendered unit's CF is assessed as Loss Points (7.4) and gives the
//! enemy its VPs (14.0); the operations then go on with the next initiative roll (4.2).

use super::refuse;
use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::side::Side;
use crate::engine::step::PlayStep;
use crate::games::sadowa::Sadowa;
use crate::games::sadowa::combat;
use crate::games::sadowa::data::{SdRules, UnitId};
use crate::games::sadowa::flow::{Game, hex_of, overstacked_hexes, units_at};
use crate::games::sadowa::state::*;

#[derive(Default)]
pub struct Surrender;

/// The side over the stacking limit whose excess units are being chosen.
fn current(st: &SdState) -> Option<Side> {
    match st.g.pending.first() {
        Some(Pending::Surrender { side }) => Some(*side),
        _ => None,
    }
}

/// The units the opposing player may choose now: every combat unit of the over-stacked
/// side in a hex over the limit (HQs and the garrison are not counted by 3.1).
pub fn candidates(rules: &SdRules, st: &SdState) -> Vec<UnitId> {
    let Some(side) = current(st) else {
        return Vec::new();
    };
    overstacked_hexes(rules, st, side)
        .into_iter()
        .flat_map(|h| units_at(rules, st, h))
        .filter(|&u| rules.side(u) == side && rules.kind(u).is_combat())
        .collect()
}

impl PlayStep<Sadowa> for Surrender {
    fn name(&self) -> &'static str {
        "Surrender over the stacking limit"
    }
    fn case(&self) -> &'static str {
        "3.1"
    }
    fn prompt(&self, rules: &SdRules, st: &SdState) -> String {
        let Some(side) = current(st) else {
            return "Surrender over the stacking limit (3.1)".into();
        };
        let hexes: Vec<String> = overstacked_hexes(rules, st, side)
            .iter()
            .map(|h| h.to_string())
            .collect();
        format!(
            "{}: choose a {} unit in {} to surrender: more than four combat units stand there at the end of the Operations Phase (3.1)",
            side.other().name(),
            side.name(),
            hexes.join(", ")
        )
    }
    fn to_act(&self, _rules: &SdRules, st: &SdState) -> Option<Side> {
        current(st).map(|s| s.other())
    }
    fn takes(&self, cmd: &SdCommand) -> bool {
        matches!(cmd, SdCommand::Surrender { .. })
    }
    fn legal(&self, rules: &SdRules, st: &SdState, out: &mut Vec<SdCommand>) {
        for unit in candidates(rules, st) {
            out.push(SdCommand::Surrender { unit });
        }
    }
    fn check(&self, rules: &SdRules, st: &SdState, cmd: &SdCommand) -> Result<(), Refusal> {
        let SdCommand::Surrender { unit } = cmd else {
            return Err(refuse("3.1", "choose a unit over the stacking limit"));
        };
        let Some(side) = current(st) else {
            return Err(refuse("3.1", "no stack is over the limit"));
        };
        if candidates(rules, st).contains(unit) {
            return Ok(());
        }
        let why = if rules.unit(*unit).is_none() {
            "no such unit".to_string()
        } else if rules.side(*unit) != side {
            format!(
                "the excess units are {}'s: the opposing player chooses among them",
                side.name()
            )
        } else if hex_of(st, *unit).is_none() {
            "that unit is not on the map".to_string()
        } else if !rules.kind(*unit).is_combat() {
            "only combat units count against the limit of four".to_string()
        } else {
            "that unit's hex is within the stacking limit: choose one in an over-stacked hex"
                .to_string()
        };
        Err(refuse("3.1", why))
    }
    fn refuse_other(&self, _rules: &SdRules, st: &SdState, _cmd: &SdCommand) -> Option<Refusal> {
        let side = current(st)?;
        Some(refuse(
            "3.1",
            format!(
                "{} is over the stacking limit: {} first chooses the units that surrender",
                side.name(),
                side.other().name()
            ),
        ))
    }
    fn execute(
        &self,
        rules: &SdRules,
        st: &mut SdState,
        dice: &mut Dice,
        log: &mut GameLog,
        cmd: &SdCommand,
    ) {
        let SdCommand::Surrender { unit } = cmd else {
            return;
        };
        let Some(side) = current(st) else {
            return;
        };
        let mut g = Game {
            rules,
            st,
            dice,
            log,
        };
        combat::surrender_unit(
            &mut g,
            *unit,
            "3.1",
            &format!(
                "over the stacking limit, chosen by {}: it surrenders",
                side.other().name()
            ),
        );
        if g.st.g.step == Step::GameOver {
            return;
        }
        if overstacked_hexes(rules, g.st, side).is_empty()
            && matches!(g.st.g.pending.first(), Some(Pending::Surrender { .. }))
        {
            g.st.g.pending.remove(0);
        }
        if g.st.g.pending.is_empty() {
            g.after_operation();
        }
    }
}
