//! 9.1.4: the commander in chief takes cut-off units of the drawn formation under his
//! direct command.

use super::*;
use crate::games::trautenau::flow::{chief_candidates, chief_of};
use crate::games::trautenau::rules;

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
            "{}: put cut-off units under your commander in chief's direct command, or end (9.1.4).",
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
