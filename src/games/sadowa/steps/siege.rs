//! 8.1, 8.5: in the Siege Phase each side (Prussia first) declares sieges of fortresses
//! next to its combat units, or lifts them. The surrender and level checks of brown
//! turns (8.3, 8.4) run automatically before (`siege::begin`).

use super::refuse;
use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::side::Side;
use crate::engine::step::PlayStep;
use crate::games::sadowa::Sadowa;
use crate::games::sadowa::data::SdRules;
use crate::games::sadowa::flow::Game;
use crate::games::sadowa::siege;
use crate::games::sadowa::state::*;

#[derive(Default)]
pub struct Siege;

fn side_of(st: &SdState) -> Side {
    match st.g.step {
        Step::Siege(s) => s,
        _ => Side::Prussia,
    }
}

impl PlayStep<Sadowa> for Siege {
    fn name(&self) -> &'static str {
        "Siege declarations"
    }
    fn case(&self) -> &'static str {
        "8.1"
    }
    fn prompt(&self, _rules: &SdRules, st: &SdState) -> String {
        format!(
            "{}: declare sieges of adjacent enemy fortresses, lift sieges, or finish",
            side_of(st).name()
        )
    }
    fn to_act(&self, _rules: &SdRules, st: &SdState) -> Option<Side> {
        Some(side_of(st))
    }
    fn takes(&self, cmd: &SdCommand) -> bool {
        matches!(
            cmd,
            SdCommand::Besiege { .. } | SdCommand::Lift { .. } | SdCommand::Done
        )
    }
    fn legal(&self, rules: &SdRules, st: &SdState, out: &mut Vec<SdCommand>) {
        let side = side_of(st);
        for f in siege::eligible(rules, st, side) {
            out.push(SdCommand::Besiege { fortress: f });
        }
        // a siege declared this turn stands until the next (8.2; our reading, below)
        for s in st.g.sieges.iter().filter(|s| s.by == side && !s.new) {
            out.push(SdCommand::Lift {
                fortress: s.fortress,
            });
        }
        out.push(SdCommand::Done);
    }
    fn check(&self, rules: &SdRules, st: &SdState, cmd: &SdCommand) -> Result<(), Refusal> {
        let side = side_of(st);
        match cmd {
            SdCommand::Besiege { fortress } => siege::eligible_check(rules, st, side, *fortress),
            SdCommand::Lift { fortress } => {
                match st
                    .g
                    .sieges
                    .iter()
                    .find(|s| s.by == side && s.fortress == *fortress)
                {
                    // 8.2 "nothing more happens this turn": our reading is that a siege
                    // declared in this Siege Phase is not lifted in the same phase (else
                    // a declaration and a lift could alternate without end; a mistaken
                    // declaration is taken back with undo). docs/games/sadowa.md
                    Some(s) if s.new => Err(refuse(
                        "8.2",
                        format!(
                            "the siege of {fortress} was declared this turn: it can be lifted from the next turn (undo takes the declaration back)"
                        ),
                    )),
                    Some(_) => Ok(()),
                    None => Err(refuse("8.5", format!("you are not besieging {fortress}"))),
                }
            }
            SdCommand::Done => Ok(()),
            _ => Err(refuse("8.1", "not a siege command")),
        }
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
        match cmd {
            SdCommand::Besiege { fortress } => siege::declare(&mut g, side, *fortress),
            SdCommand::Lift { fortress } => {
                siege::lift(&mut g, *fortress, "8.5", "the besieger lifts the siege")
            }
            SdCommand::Done => siege::done(&mut g, side),
            _ => {}
        }
    }
}
