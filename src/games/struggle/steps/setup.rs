//! 22.2: the Prussian player picks the space of each "X or Y" line of the set-up.

use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::side::Side;
use crate::engine::step::PlayStep;
use crate::games::struggle::Struggle;
use crate::games::struggle::data::StRules;
use crate::games::struggle::flow::Game;
use crate::games::struggle::state::*;

#[derive(Default)]
pub struct Setup;

impl PlayStep<Struggle> for Setup {
    fn name(&self) -> &'static str {
        "Set-up"
    }
    fn case(&self) -> &'static str {
        "22.2"
    }
    fn prompt(&self, rules: &StRules, st: &StState) -> String {
        match rules.choices.get(st.g.choice_next as usize) {
            Some((_, spaces)) => {
                let names: Vec<String> = spaces.iter().map(|&s| rules.space_name(s)).collect();
                format!("Set up: choose {}", names.join(" or "))
            }
            None => "Set up".into(),
        }
    }
    fn to_act(&self, rules: &StRules, st: &StState) -> Option<Side> {
        rules.choices.get(st.g.choice_next as usize).map(|c| c.0)
    }
    fn takes(&self, cmd: &StCommand) -> bool {
        matches!(cmd, StCommand::SetupAt { .. })
    }
    fn legal(&self, rules: &StRules, st: &StState, out: &mut Vec<StCommand>) {
        if let Some((_, spaces)) = rules.choices.get(st.g.choice_next as usize) {
            for &space in spaces {
                out.push(StCommand::SetupAt {
                    choice: st.g.choice_next,
                    space,
                });
            }
        }
    }
    fn check(&self, rules: &StRules, st: &StState, cmd: &StCommand) -> Result<(), Refusal> {
        let StCommand::SetupAt { choice, space } = cmd else {
            return Err(Refusal::new("22.2", "not a set-up choice"));
        };
        if *choice != st.g.choice_next {
            return Err(Refusal::new(
                "22.2",
                format!(
                    "the set-up choice to make now is number {}",
                    st.g.choice_next
                ),
            ));
        }
        match rules.choices.get(*choice as usize) {
            Some((_, spaces)) if spaces.contains(space) => Ok(()),
            _ => Err(Refusal::new(
                "22.2",
                "that space is not one of the set-up card's choices",
            )),
        }
    }
    fn execute(
        &self,
        rules: &StRules,
        st: &mut StState,
        dice: &mut Dice,
        log: &mut GameLog,
        cmd: &StCommand,
    ) {
        let StCommand::SetupAt { choice, space } = *cmd else {
            return;
        };
        for u in st.units.iter_mut() {
            if u.loc == Loc::Choice(choice) {
                u.loc = Loc::Space(space);
            }
        }
        for g in st.generals.iter_mut() {
            if g.loc == Loc::Choice(choice) {
                g.loc = Loc::Space(space);
            }
        }
        st.g.choice_next += 1;
        let mut g = Game {
            rules,
            st,
            dice,
            log,
        };
        let name = rules.space_name(space);
        g.say("22.2", format!("set-up choice {}: {name}", choice + 1));
        if g.st.g.choice_next as usize >= rules.choices.len() {
            g.setup_done();
        }
    }
}
