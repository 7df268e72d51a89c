//! 7.4.1: the owner retreats the units of a combat hex. STUB to be completed.

use super::refuse;
use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::side::Side;
use crate::engine::step::PlayStep;
use crate::games::sadowa::Sadowa;
use crate::games::sadowa::data::SdRules;
use crate::games::sadowa::state::*;

#[derive(Default)]
pub struct Retreat;

impl PlayStep<Sadowa> for Retreat {
    fn name(&self) -> &'static str {
        "Retreat"
    }
    fn case(&self) -> &'static str {
        "7.4.1"
    }
    fn prompt(&self, _rules: &SdRules, _st: &SdState) -> String {
        "Retreat the units two hexes toward a friendly supply source".into()
    }
    fn to_act(&self, _rules: &SdRules, st: &SdState) -> Option<Side> {
        match st.g.pending.first() {
            Some(Pending::Retreat { side, .. }) => Some(*side),
            _ => None,
        }
    }
    fn takes(&self, cmd: &SdCommand) -> bool {
        matches!(cmd, SdCommand::Retreat { .. })
    }
    fn legal(&self, _rules: &SdRules, _st: &SdState, _out: &mut Vec<SdCommand>) {}
    fn check(&self, _rules: &SdRules, _st: &SdState, _cmd: &SdCommand) -> Result<(), Refusal> {
        Err(refuse("7.4.1", "not yet"))
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
