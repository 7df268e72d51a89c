//! 5.0, 7.0: the end of the game after the last turn. Each blown or eliminated enemy unit
//! is worth 1 VP plus its ER; the side with more VP wins, ties go to Austria.

use super::super::Koniggratz;
use super::super::data::{KgRules, Side};
use super::super::flow::Game;
use super::super::state::{KgCommand, KgState, Loc, Refusal, Step};
use super::{KgStep, other_kind};
use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::step::PlayStep;

#[derive(Clone, Copy, Debug, Default)]
pub struct GameOver;

/// 7.0: VP [Austria, Prussia]: each blown or eliminated enemy unit is worth 1 + its ER.
pub fn victory_points(rules: &KgRules, st: &KgState) -> [u32; 2] {
    let mut vp = [0u32; 2];
    for (i, u) in st.units.iter().enumerate() {
        if matches!(u.loc, Loc::Blown(_) | Loc::Eliminated) {
            let d = &rules.units[i];
            vp[d.side.other().idx()] += 1 + d.er as u32;
        }
    }
    vp
}

fn over() -> Refusal {
    Refusal::new("5.0", "the game is over")
}

impl PlayStep<Koniggratz> for GameOver {
    fn name(&self) -> &'static str {
        "Game over"
    }

    fn case(&self) -> &'static str {
        "5.0"
    }

    fn prompt(&self, _rules: &KgRules, _st: &KgState) -> String {
        "The game is over.".into()
    }

    fn to_act(&self, _rules: &KgRules, _st: &KgState) -> Option<Side> {
        None
    }

    fn takes(&self, _cmd: &KgCommand) -> bool {
        false
    }

    fn legal(&self, _rules: &KgRules, _st: &KgState, _out: &mut Vec<KgCommand>) {}

    fn check(&self, rules: &KgRules, _st: &KgState, cmd: &KgCommand) -> Result<(), Refusal> {
        Err(other_kind(rules, cmd, over).unwrap_or_else(over))
    }

    fn refuse_other(&self, rules: &KgRules, _st: &KgState, cmd: &KgCommand) -> Option<Refusal> {
        other_kind(rules, cmd, over)
    }

    fn execute(
        &self,
        _rules: &KgRules,
        _st: &mut KgState,
        _dice: &mut Dice,
        _log: &mut GameLog,
        _cmd: &KgCommand,
    ) {
    }
}

impl KgStep for GameOver {
    fn explain(&self, _rules: &KgRules, _st: &KgState, _cmd: &KgCommand) -> Refusal {
        over()
    }

    fn auto(&self, _g: &mut Game) -> bool {
        false
    }
}

impl Game<'_> {
    /// 7.0: 1 VP per blown or eliminated enemy unit plus its ER; ties go to Austria.
    pub(in super::super) fn finish(&mut self) {
        self.st.g.vp = victory_points(self.rules, self.st);
        let [a, p] = self.st.g.vp;
        let w = if p > a { Side::Prussia } else { Side::Austria };
        self.st.g.winner = Some(w);
        self.st.g.step = Step::GameOver;
        self.st.g.bombard = None;
        self.note(
            "7.0",
            format!(
                "Game over: Austria {a} VP, Prussia {p} VP; {} wins",
                w.name()
            ),
        );
    }
}
