//! The game is over (14): nothing is taken.

use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::side::Side;
use crate::engine::step::PlayStep;
use crate::games::sadowa::Sadowa;
use crate::games::sadowa::data::SdRules;
use crate::games::sadowa::state::*;

#[derive(Default)]
pub struct GameOver;

impl PlayStep<Sadowa> for GameOver {
    fn name(&self) -> &'static str {
        "Game over"
    }
    fn case(&self) -> &'static str {
        "14.1"
    }
    fn prompt(&self, _rules: &SdRules, st: &SdState) -> String {
        format!("The game is over: {}", st.g.result)
    }
    fn to_act(&self, _rules: &SdRules, _st: &SdState) -> Option<Side> {
        None
    }
    fn takes(&self, _cmd: &SdCommand) -> bool {
        false
    }
    fn legal(&self, _rules: &SdRules, _st: &SdState, _out: &mut Vec<SdCommand>) {}
    fn check(&self, _rules: &SdRules, _st: &SdState, _cmd: &SdCommand) -> Result<(), Refusal> {
        Err(Refusal::new("14.1", "the game is over"))
    }
    fn refuse_other(&self, _rules: &SdRules, _st: &SdState, _cmd: &SdCommand) -> Option<Refusal> {
        Some(Refusal::new("14.1", "the game is over"))
    }
    fn execute(
        &self,
        _r: &SdRules,
        _st: &mut SdState,
        _d: &mut Dice,
        _l: &mut GameLog,
        _c: &SdCommand,
    ) {
    }
}
