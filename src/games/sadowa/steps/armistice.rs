//! 4.7: from turn 10 the side with fewer VPs may ask for an armistice; the Armistice
//! Table's result applies to the victory level and the game ends.

use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::side::Side;
use crate::engine::step::PlayStep;
use crate::games::sadowa::Sadowa;
use crate::games::sadowa::data::SdRules;
use crate::games::sadowa::flow::Game;
use crate::games::sadowa::state::*;

#[derive(Default)]
pub struct Armistice;

fn side_of(st: &SdState) -> Side {
    match st.g.step {
        Step::Armistice(s) => s,
        _ => Side::Austria,
    }
}

impl PlayStep<Sadowa> for Armistice {
    fn name(&self) -> &'static str {
        "Armistice"
    }
    fn case(&self) -> &'static str {
        "4.7"
    }
    fn prompt(&self, _rules: &SdRules, st: &SdState) -> String {
        format!(
            "{}: you have fewer VPs; ask for an armistice (roll on the Armistice Table, the game ends) or play on",
            side_of(st).name()
        )
    }
    fn to_act(&self, _rules: &SdRules, st: &SdState) -> Option<Side> {
        Some(side_of(st))
    }
    fn takes(&self, cmd: &SdCommand) -> bool {
        matches!(cmd, SdCommand::Armistice(_))
    }
    fn legal(&self, _rules: &SdRules, _st: &SdState, out: &mut Vec<SdCommand>) {
        out.push(SdCommand::Armistice(true));
        out.push(SdCommand::Armistice(false));
    }
    fn check(&self, _rules: &SdRules, _st: &SdState, _cmd: &SdCommand) -> Result<(), Refusal> {
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
        let side = side_of(st);
        let mut g = Game {
            rules,
            st,
            dice,
            log,
        };
        if *cmd == SdCommand::Armistice(true) {
            g.note("4.7", format!("{} asks for an armistice", side.name()));
            g.armistice(side);
        } else {
            g.note("4.7", format!("{} plays on", side.name()));
            g.end_phase();
        }
    }
}
