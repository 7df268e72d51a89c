//! 5.5: from turn 8 the Prussian player may declare forage supply (Austria gains 15 VP).

use super::refuse;
use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::side::Side;
use crate::engine::step::PlayStep;
use crate::games::sadowa::Sadowa;
use crate::games::sadowa::data::SdRules;
use crate::games::sadowa::flow::Game;
use crate::games::sadowa::state::*;

#[derive(Default)]
pub struct Forage;

impl PlayStep<Sadowa> for Forage {
    fn name(&self) -> &'static str {
        "Forage supply"
    }
    fn case(&self) -> &'static str {
        "5.5"
    }
    fn prompt(&self, _rules: &SdRules, _st: &SdState) -> String {
        "Prussia: declare forage supply? Prussian units in Austria are then always supplied (unless surrounded); Austria gains 15 VP".into()
    }
    fn to_act(&self, _rules: &SdRules, _st: &SdState) -> Option<Side> {
        Some(Side::Prussia)
    }
    fn takes(&self, cmd: &SdCommand) -> bool {
        matches!(cmd, SdCommand::Forage(_))
    }
    fn legal(&self, _rules: &SdRules, st: &SdState, out: &mut Vec<SdCommand>) {
        if st.g.forage || st.g.turn < 8 {
            return;
        }
        out.push(SdCommand::Forage(true));
        out.push(SdCommand::Forage(false));
    }
    fn check(&self, _rules: &SdRules, st: &SdState, _cmd: &SdCommand) -> Result<(), Refusal> {
        if st.g.forage {
            return Err(refuse("5.5", "forage supply is declared already"));
        }
        if st.g.turn < 8 {
            return Err(refuse(
                "5.5",
                "forage supply may be declared from turn 8 on",
            ));
        }
        Ok(())
    }
    fn execute(
        &self,
        rules: &SdRules,
        st: &mut SdState,
        dice: &mut Dice,
        log: &mut GameLog,
        cmd: &SdCommand,
    ) {
        let mut g = Game {
            rules,
            st,
            dice,
            log,
        };
        if *cmd == SdCommand::Forage(true) {
            g.st.g.forage = true;
            g.note("5.5", "Prussia declares forage supply");
            g.award(Side::Austria, 15, "5.5", "Prussian forage supply declared");
        } else {
            g.note("5.5", "Prussia does not declare forage supply this turn");
        }
        g.supply_phase();
        if g.st.g.step != Step::GameOver {
            g.initiative_phase();
        }
    }
}
