//! 11.4.2, 12.4.2, 13.4: the game is over; nothing more is played.

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
pub struct GameOver;

impl PlayStep<Trautenau> for GameOver {
    fn name(&self) -> &'static str {
        "Game over"
    }

    fn case(&self) -> &'static str {
        "11.1.1"
    }

    fn prompt(&self, _rules: &TsRules, _st: &TsState) -> String {
        "The game is over.".into()
    }

    fn to_act(&self, _rules: &TsRules, _st: &TsState) -> Option<Side> {
        None
    }

    fn takes(&self, _cmd: &TsCommand) -> bool {
        false
    }

    fn legal(&self, _rules: &TsRules, _st: &TsState, _out: &mut Vec<TsCommand>) {}

    fn check(&self, rules: &TsRules, st: &TsState, cmd: &TsCommand) -> Result<(), Refusal> {
        Err(other_step(rules, st, cmd))
    }

    fn execute(
        &self,
        _rules: &TsRules,
        _st: &mut TsState,
        _dice: &mut Dice,
        _log: &mut GameLog,
        _cmd: &TsCommand,
    ) {
    }
}
