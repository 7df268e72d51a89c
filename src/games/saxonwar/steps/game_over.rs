//! The game is over: nothing is taken.

use crate::games::saxonwar::data::SxRules;
use crate::games::saxonwar::flow::Game;
use crate::games::saxonwar::state::*;

pub fn prompt(_r: &SxRules, st: &SxState) -> String {
    format!("The game is over: {}", st.g.result)
}
pub fn to_act(_r: &SxRules, _st: &SxState) -> Option<Side> {
    None
}
pub fn takes(_c: &SxCommand) -> bool {
    false
}
pub fn legal(_r: &SxRules, _st: &SxState, _out: &mut Vec<SxCommand>) {}
pub fn why(_r: &SxRules, _st: &SxState, _c: &SxCommand) -> Refusal {
    Refusal::new("grand.surrender", "the game is over")
}
pub fn execute(_g: &mut Game, _c: &SxCommand) {}
