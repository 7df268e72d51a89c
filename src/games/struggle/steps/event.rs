//! 6.24: an event waits for its player's choice: which unit to flip, which corps Army of
//! the Elbe / Main replaces, where a counter is placed, which card is taken or discarded,
//! which general is relieved or activated (events.rs builds the lists). 6.25: the same
//! step asks the inactive player whether he answers an army activation (card 16).

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
        if let Some(w) = st.g.marks.window {
            return format!(
                "{}: play a response to the activation (6.25), or done to let it move",
                w.name()
            );
        }
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
            EventPick::Entrench => "choose the space of your army to entrench".into(),
            EventPick::TakeCard => format!("take one card of {}'s hand", c.side.other().name()),
            EventPick::Discard => {
                return format!(
                    "{}: {t}: discard one card of your hand",
                    c.side.other().name()
                );
            }
            EventPick::Relieve(None) => "choose the general relieved".into(),
            EventPick::Relieve(Some(g)) => {
                format!("choose the general who replaces {}", rules.gen_name(g))
            }
            EventPick::Reluctant => "choose a unit of the state that stays at home".into(),
            EventPick::Activate { not: None, .. } => {
                "choose the general activated as an army".into()
            }
            EventPick::Activate { .. } => "choose the second general activated, or done".into(),
            EventPick::Cholera => "choose the Prussian force struck by cholera".into(),
            EventPick::Reserves => "choose a city for an IB, or a reduced unit to flip".into(),
            EventPick::Revolt => format!(
                "put a Prussian PC marker in Hungary ({} left), or done",
                c.left
            ),
            EventPick::Appoint => "choose a general of the Holding Area and his space".into(),
        };
        format!("{}: {t}: {what}", c.side.name())
    }
    fn to_act(&self, _rules: &StRules, st: &StState) -> Option<Side> {
        events::chooser(st)
    }
    fn takes(&self, cmd: &StCommand) -> bool {
        matches!(
            cmd,
            StCommand::EventUnit { .. }
                | StCommand::EventSpace { .. }
                | StCommand::EventCard { .. }
                | StCommand::EventGeneral { .. }
                | StCommand::Appoint { .. }
                | StCommand::Respond { .. }
                | StCommand::Done
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
        events::pick(&mut g, cmd);
    }
}
