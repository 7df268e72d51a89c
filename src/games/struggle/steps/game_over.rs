//! The game is over (21): nothing is taken.

use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::side::Side;
use crate::engine::step::PlayStep;
use crate::games::struggle::Struggle;
use crate::games::struggle::data::StRules;
use crate::games::struggle::state::*;

#[derive(Default)]
pub struct GameOver;

impl PlayStep<Struggle> for GameOver {
    fn name(&self) -> &'static str {
        "Game over"
    }
    fn case(&self) -> &'static str {
        "21.1"
    }
    fn prompt(&self, _rules: &StRules, st: &StState) -> String {
        format!("The game is over: {}", st.g.result)
    }
    fn to_act(&self, _rules: &StRules, _st: &StState) -> Option<Side> {
        None
    }
    fn takes(&self, _cmd: &StCommand) -> bool {
        false
    }
    fn legal(&self, _rules: &StRules, _st: &StState, _out: &mut Vec<StCommand>) {}
    fn check(&self, _rules: &StRules, _st: &StState, _cmd: &StCommand) -> Result<(), Refusal> {
        Err(Refusal::new("21.1", "the game is over"))
    }
    fn refuse_other(&self, _rules: &StRules, _st: &StState, _cmd: &StCommand) -> Option<Refusal> {
        Some(Refusal::new("21.1", "the game is over"))
    }
    fn execute(
        &self,
        _r: &StRules,
        _st: &mut StState,
        _d: &mut Dice,
        _l: &mut GameLog,
        _c: &StCommand,
    ) {
    }
}
