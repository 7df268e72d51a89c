//! 7.4.2: the attacker may advance into the vacated hex. STUB to be completed.

use super::refuse;
use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::side::Side;
use crate::engine::step::PlayStep;
use crate::games::sadowa::Sadowa;
use crate::games::sadowa::data::SdRules;
use crate::games::sadowa::state::*;

#[derive(Default)]
pub struct Advance;

impl PlayStep<Sadowa> for Advance {
    fn name(&self) -> &'static str {
        "Advance after combat"
    }
    fn case(&self) -> &'static str {
        "7.4.2"
    }
    fn prompt(&self, _rules: &SdRules, _st: &SdState) -> String {
        "Advance participating un-Disrupted attackers into the vacated hex, or not".into()
    }
    fn to_act(&self, _rules: &SdRules, st: &SdState) -> Option<Side> {
        match st.g.pending.first() {
            Some(Pending::Advance { .. }) => st.g.initiative,
            _ => None,
        }
    }
    fn takes(&self, cmd: &SdCommand) -> bool {
        matches!(cmd, SdCommand::Advance { .. } | SdCommand::EndAdvance)
    }
    fn legal(&self, _rules: &SdRules, _st: &SdState, _out: &mut Vec<SdCommand>) {}
    fn check(&self, _rules: &SdRules, _st: &SdState, _cmd: &SdCommand) -> Result<(), Refusal> {
        Err(refuse("7.4.2", "not yet"))
    }
    fn execute(
        &self,
        _r: &SdRules,
        st: &mut SdState,
        _d: &mut Dice,
        _l: &mut GameLog,
        _c: &SdCommand,
    ) {
        st.g.pending.clear();
    }
}
