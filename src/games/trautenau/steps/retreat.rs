//! 9.5.8: a unit that must retreat after combat goes one hex away from the attackers,
//! its owner choosing where; a unit with nowhere to go loses a step.

use super::*;
use crate::games::trautenau::flow::{retreat_commands, side_of};
use crate::games::trautenau::rules;

#[derive(Clone, Copy, Debug, Default)]
pub struct Retreat;

impl PlayStep<Trautenau> for Retreat {
    fn name(&self) -> &'static str {
        "Retreat"
    }

    fn case(&self) -> &'static str {
        "9.5.8"
    }

    fn prompt(&self, rules: &TsRules, st: &TsState) -> String {
        let unit = match st.g.pending.first() {
            Some(Pending::Retreat { units, .. }) => units
                .first()
                .map(|u| rules.units[*u as usize].name.as_str())
                .unwrap_or(""),
            _ => "",
        };
        format!(
            "{}: retreat {unit} one hex away from the attackers (9.5.8).",
            who(rules, st)
        )
    }

    fn to_act(&self, rules: &TsRules, st: &TsState) -> Option<Side> {
        let Some(Pending::Retreat { units, .. }) = st.g.pending.first() else {
            return None;
        };
        Some(
            units
                .first()
                .map(|u| side_of(rules, *u))
                .unwrap_or(Side::Prussia),
        )
    }

    fn takes(&self, cmd: &TsCommand) -> bool {
        matches!(cmd, TsCommand::Retreat { .. })
    }

    fn legal(&self, rules: &TsRules, st: &TsState, out: &mut Vec<TsCommand>) {
        if let Some(Pending::Retreat {
            units,
            from,
            enemies,
            ..
        }) = st.g.pending.first()
            && let Some(&u) = units.first()
        {
            let view = rules::view(rules, st);
            out.extend(retreat_commands(rules, st, &view, u, *from, enemies));
        }
    }

    fn check(&self, rules: &TsRules, st: &TsState, cmd: &TsCommand) -> Result<(), Refusal> {
        first_checks(rules, st, cmd)?;
        if !self.takes(cmd) {
            return Err(other_step(rules, st, cmd));
        }
        let mut legal = Vec::new();
        self.legal(rules, st, &mut legal);
        if legal.contains(cmd) {
            return Ok(());
        }
        Err(Refusal::new(
            "9.5.8",
            "retreat one hex, away from the attackers, avoiding enemy ZoC and then dear terrain first, turning at most one hexside",
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
        if let TsCommand::Retreat { unit, to, facing } = *cmd {
            game(rules, st, dice, log).retreat_unit(unit, to, facing);
        }
    }
}

impl Game<'_> {
    /// 9.5.8: a retreat with nowhere to go resolves itself: the unit loses a step.
    pub(crate) fn retreat_auto(&mut self) -> bool {
        let mut legal = Vec::new();
        Retreat.legal(self.rules, self.st, &mut legal);
        if legal.is_empty()
            && let Some(Pending::Retreat {
                mut units,
                from,
                enemies,
                hexes,
                rule,
                after,
            }) = self.pop_pending()
        {
            if !units.is_empty() {
                let u = units.remove(0);
                self.note(
                    "9.5.8",
                    format!("{} cannot retreat and loses a step", self.uname(u)),
                );
                self.lose_step(u, "9.5.8");
            }
            self.continue_retreat(units, from, enemies, hexes, rule, after);
            return true;
        }
        false
    }
}
