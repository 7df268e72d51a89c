//! 8: the side that won the initiative picks the formation that acts first.

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
pub struct ChooseFirst;

impl PlayStep<Trautenau> for ChooseFirst {
    fn name(&self) -> &'static str {
        "Initiative"
    }

    fn case(&self) -> &'static str {
        "8"
    }

    fn prompt(&self, rules: &TsRules, st: &TsState) -> String {
        format!(
            "{}: you won the initiative; pick the formation that acts first (8).",
            who(rules, st)
        )
    }

    fn to_act(&self, _rules: &TsRules, st: &TsState) -> Option<Side> {
        match st.g.step {
            Step::ChooseFirst(s) => Some(s),
            _ => None,
        }
    }

    fn takes(&self, cmd: &TsCommand) -> bool {
        matches!(cmd, TsCommand::ChooseFormation { .. })
    }

    fn legal(&self, rules: &TsRules, st: &TsState, out: &mut Vec<TsCommand>) {
        if let Step::ChooseFirst(side) = st.g.step {
            for f in choosable(rules, st, side) {
                out.push(TsCommand::ChooseFormation { formation: f as u8 });
            }
        }
    }

    fn check(&self, rules: &TsRules, st: &TsState, cmd: &TsCommand) -> Result<(), Refusal> {
        first_checks(rules, st, cmd)?;
        let (Step::ChooseFirst(side), TsCommand::ChooseFormation { formation }) = (st.g.step, cmd)
        else {
            return Err(other_step(rules, st, cmd));
        };
        let f = *formation as usize;
        if choosable(rules, st, side).contains(&f) {
            return Ok(());
        }
        if let Some(c) = st.g.initiative_chief
            && let Some(fd) = rules.formations.get(f)
            && st.formations[f].in_cup
            && chief_of(rules, st, f) != Some(c as usize)
            && fd.side == side
        {
            return Err(Refusal::new(
                "8",
                format!(
                    "{} won the initiative: one of his formations acts first",
                    rules.leaders[c as usize].name
                ),
            ));
        }
        Err(Refusal::new(
            "8",
            "choose one of your formations whose marker is in the cup",
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
        if let TsCommand::ChooseFormation { formation } = *cmd {
            let mut g = game(rules, st, dice, log);
            let f = formation as usize;
            g.note("8", format!("{} acts first", rules.formations[f].name));
            g.activate(f);
        }
    }
}

impl Game<'_> {
    /// With no formation of the side left in the cup, the draw decides.
    pub(crate) fn choose_first_auto(&mut self) -> bool {
        let Step::ChooseFirst(side) = self.st.g.step else {
            return false;
        };
        if choosable(self.rules, self.st, side).is_empty() {
            self.draw_next();
            return true;
        }
        false
    }
}

pub fn choosable(rules: &TsRules, st: &TsState, side: Side) -> Vec<usize> {
    let all: Vec<usize> = (0..rules.formations.len())
        .filter(|&f| st.formations[f].in_cup && rules.formations[f].side == side)
        .collect();
    // 8: with several chiefs, a formation of the one who won the roll (if he has any)
    let his: Vec<usize> = all
        .iter()
        .copied()
        .filter(|&f| {
            st.g.initiative_chief
                .is_some_and(|c| chief_of(rules, st, f) == Some(c as usize))
        })
        .collect();
    if his.is_empty() { all } else { his }
}
