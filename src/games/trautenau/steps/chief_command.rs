//! 9.1.4: the commander in chief takes cut-off units of the drawn formation under his
//! direct command.

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
pub struct ChiefCommand;

impl PlayStep<Trautenau> for ChiefCommand {
    fn name(&self) -> &'static str {
        "Direct command"
    }

    fn case(&self) -> &'static str {
        "9.1.4"
    }

    fn prompt(&self, rules: &TsRules, st: &TsState) -> String {
        format!(
            "{}: select highlighted cut-off units to put them under your commander in chief's direct command; or end (9.1.4).",
            who(rules, st)
        )
    }

    fn to_act(&self, rules: &TsRules, st: &TsState) -> Option<Side> {
        active_formation_side(rules, st)
    }

    fn takes(&self, cmd: &TsCommand) -> bool {
        matches!(cmd, TsCommand::TakeCommand { .. } | TsCommand::Done)
    }

    fn legal(&self, rules: &TsRules, st: &TsState, out: &mut Vec<TsCommand>) {
        for unit in chief_candidates(rules, st, &rules::view(rules, st)) {
            out.push(TsCommand::TakeCommand { unit });
        }
        out.push(TsCommand::Done);
    }

    fn check(&self, rules: &TsRules, st: &TsState, cmd: &TsCommand) -> Result<(), Refusal> {
        first_checks(rules, st, cmd)?;
        match cmd {
            TsCommand::Done => Ok(()),
            TsCommand::TakeCommand { unit } => {
                if chief_candidates(rules, st, &rules::view(rules, st)).contains(unit) {
                    return Ok(());
                }
                Err(Refusal::new(
                    "9.1.4",
                    format!(
                        "{} must be of the drawn formation, out of its commander's command, within 6 cavalry MP of the commander in chief, who commands at most his reaction value of units a turn",
                        unit_name(rules, *unit)
                    ),
                ))
            }
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
        match *cmd {
            TsCommand::TakeCommand { unit } => g.take_command(unit),
            TsCommand::Done => g.end_command_check(),
            _ => {}
        }
    }
}

impl Game<'_> {
    fn take_command(&mut self, unit: UnitId) {
        let i = unit as usize;
        if let Some(c) = chief_of(self.rules, self.st, self.rules.unit_formation[i])
            && let Some(b) = self.st.g.chief_budget.get_mut(c)
        {
            *b = b.saturating_sub(1);
        }
        self.st.units[i].chief_command = true;
        self.note(
            "9.1.4",
            format!(
                "{} is commanded directly by the commander in chief",
                self.uname(unit)
            ),
        );
    }

    /// No unit left to take: the barrage step begins.
    pub(crate) fn chief_command_auto(&mut self) -> bool {
        if chief_candidates(self.rules, self.st, &rules::view(self.rules, self.st)).is_empty() {
            self.end_command_check();
            return true;
        }
        false
    }
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

impl Game<'_> {
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
}
