//! 10.1: in the rally phase each side (Prussia first) picks the disorganised units that
//! try to rally: those not in the ZoC of an organised enemy unit.

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
pub struct Rally;

impl PlayStep<Trautenau> for Rally {
    fn name(&self) -> &'static str {
        "Rally"
    }

    fn case(&self) -> &'static str {
        "10.1"
    }

    fn prompt(&self, rules: &TsRules, st: &TsState) -> String {
        format!(
            "{}: select the highlighted disorganised units that try to rally; then end the rally (10.1).",
            who(rules, st)
        )
    }

    fn to_act(&self, _rules: &TsRules, st: &TsState) -> Option<Side> {
        match st.g.step {
            Step::Rally(s) => Some(s),
            _ => None,
        }
    }

    fn takes(&self, cmd: &TsCommand) -> bool {
        matches!(cmd, TsCommand::Rally { .. } | TsCommand::Done)
    }

    fn legal(&self, rules: &TsRules, st: &TsState, out: &mut Vec<TsCommand>) {
        if let Step::Rally(side) = st.g.step {
            for unit in rally_candidates(rules, st, side) {
                out.push(TsCommand::Rally { unit });
            }
            out.push(TsCommand::Done);
        }
    }

    fn check(&self, rules: &TsRules, st: &TsState, cmd: &TsCommand) -> Result<(), Refusal> {
        first_checks(rules, st, cmd)?;
        let Step::Rally(side) = st.g.step else {
            return Err(other_step(rules, st, cmd));
        };
        let unit = match cmd {
            TsCommand::Done => return Ok(()),
            TsCommand::Rally { unit } => *unit,
            _ => return Err(other_step(rules, st, cmd)),
        };
        if may_rally(rules, st, side, unit) {
            return Ok(());
        }
        let u = unit as usize;
        let name = unit_name(rules, unit);
        if rules.units[u].side != side {
            return Err(Refusal::new("10.1", "the other player is rallying now"));
        }
        if !st.units[u].disorg {
            return Err(Refusal::new("10.1", format!("{name} is not disorganised")));
        }
        if st.g.handled.contains(&unit) {
            return Err(Refusal::new(
                "10.1",
                format!("{name} has already tried to rally this turn"),
            ));
        }
        Err(Refusal::new(
            "10.1",
            format!("{name} stands in the ZoC of an organised enemy unit and cannot rally"),
        ))
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
        match (cmd, g.st.g.step) {
            (TsCommand::Rally { unit }, _) => g.rally_unit(*unit),
            (TsCommand::Done, Step::Rally(side)) => g.end_rally(side),
            _ => {}
        }
    }
}

/// 10.1: a disorganised unit of `side` on the map, not in the ZoC of an organised enemy
/// unit, that has not tried to rally in this phase.
fn may_rally(rules: &TsRules, st: &TsState, side: Side, u: UnitId) -> bool {
    let i = u as usize;
    rules.units[i].side == side
        && st.units[i].disorg
        && !st.g.handled.contains(&u)
        && on_map(st, u).is_some_and(|h| !rally_blocked(rules, st, side, h))
}

/// 10.1: the units of `side` that may try to rally now.
pub fn rally_candidates(rules: &TsRules, st: &TsState, side: Side) -> Vec<UnitId> {
    (0..st.units.len() as UnitId)
        .filter(|&u| may_rally(rules, st, side, u))
        .collect()
}

impl Game<'_> {
    /// No unit left to rally: the side's rally ends.
    pub(crate) fn rally_auto(&mut self) -> bool {
        let Step::Rally(side) = self.st.g.step else {
            return false;
        };
        if rally_candidates(self.rules, self.st, side).is_empty() {
            self.end_rally(side);
            return true;
        }
        false
    }
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

impl Game<'_> {
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
}
