//! 9.5.3: the attacker picks the next declared assault to resolve; the defender's
//! decision, retreats and advances follow as steps of their own.

use super::*;

#[derive(Clone, Copy, Debug, Default)]
pub struct Combat;

impl PlayStep<Trautenau> for Combat {
    fn name(&self) -> &'static str {
        "Assaults"
    }

    fn case(&self) -> &'static str {
        "9.5.3"
    }

    fn prompt(&self, rules: &TsRules, st: &TsState) -> String {
        format!(
            "{}: resolve the declared assaults in the order you choose (9.5.3).",
            who(rules, st)
        )
    }

    fn to_act(&self, rules: &TsRules, st: &TsState) -> Option<Side> {
        active_formation_side(rules, st)
    }

    fn takes(&self, cmd: &TsCommand) -> bool {
        matches!(cmd, TsCommand::Resolve { .. })
    }

    fn legal(&self, _rules: &TsRules, st: &TsState, out: &mut Vec<TsCommand>) {
        for (i, a) in st.g.assaults.iter().enumerate() {
            if !a.resolved {
                out.push(TsCommand::Resolve { assault: i as u8 });
            }
        }
    }

    fn check(&self, rules: &TsRules, st: &TsState, cmd: &TsCommand) -> Result<(), Refusal> {
        first_checks(rules, st, cmd)?;
        let TsCommand::Resolve { assault } = cmd else {
            return Err(other_step(rules, st, cmd));
        };
        match st.g.assaults.get(*assault as usize) {
            Some(a) if !a.resolved => Ok(()),
            _ => Err(Refusal::new("9.5.3", "that assault is already resolved")),
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
        if let TsCommand::Resolve { assault } = *cmd {
            game(rules, st, dice, log).resolve(assault as usize);
        }
    }
}

impl Game<'_> {
    /// Every assault resolved and every advance made: the activation ends.
    pub(crate) fn combat_auto(&mut self) -> bool {
        if self.st.g.assaults.iter().all(|a| a.resolved) && self.st.g.deferred.is_empty() {
            self.end_activation();
            return true;
        }
        false
    }
}
