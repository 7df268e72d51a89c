//! 6.24: an event waits for its player's choice: which unit to flip, which corps Army of
//! the Elbe / Main replaces, where a counter is placed (events.rs builds the lists).

use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::side::Side;
use crate::engine::step::PlayStep;
use crate::games::struggle::Struggle;
use crate::games::struggle::data::StRules;
use crate::games::struggle::events;
use crate::games::struggle::flow::Game;
use crate::games::struggle::state::*;

#[derive(Default)]
pub struct EventStep;

impl PlayStep<Struggle> for EventStep {
    fn name(&self) -> &'static str {
        "Event"
    }
    fn case(&self) -> &'static str {
        "6.24"
    }
    fn prompt(&self, rules: &StRules, st: &StState) -> String {
        let Some(c) = st.g.event else {
            return "an event".into();
        };
        let t = rules.card_title(c.card);
        let what = match c.pick {
            EventPick::Flip => format!(
                "flip a reduced unit to full strength ({} left), or done",
                c.left
            ),
            EventPick::ReplaceCorps => "choose the corps replaced by three IDs".into(),
            EventPick::Place(u) => format!("choose where {} is placed", rules.unit_name(u)),
        };
        format!("{}: {t}: {what}", c.side.name())
    }
    fn to_act(&self, _rules: &StRules, st: &StState) -> Option<Side> {
        st.g.event.map(|c| c.side)
    }
    fn takes(&self, cmd: &StCommand) -> bool {
        matches!(
            cmd,
            StCommand::EventUnit { .. } | StCommand::EventSpace { .. } | StCommand::Done
        )
    }
    fn legal(&self, rules: &StRules, st: &StState, out: &mut Vec<StCommand>) {
        events::legal(rules, st, out);
    }
    fn check(&self, rules: &StRules, st: &StState, cmd: &StCommand) -> Result<(), Refusal> {
        events::check_pick(rules, st, cmd)
    }
    fn execute(
        &self,
        rules: &StRules,
        st: &mut StState,
        dice: &mut Dice,
        log: &mut GameLog,
        cmd: &StCommand,
    ) {
        let mut g = Game {
            rules,
            st,
            dice,
            log,
        };
        if *cmd == StCommand::Done {
            events::resume(&mut g);
        } else {
            events::pick(&mut g, cmd);
        }
    }
}
