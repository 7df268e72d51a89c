//! 9.5.13: the aide de camp of a fallen formation commander joins a unit of his
//! formation, his owner choosing which when there are several.

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
pub struct Aide;

impl PlayStep<Trautenau> for Aide {
    fn name(&self) -> &'static str {
        "Aide de camp"
    }

    fn case(&self) -> &'static str {
        "9.5.13"
    }

    fn prompt(&self, rules: &TsRules, st: &TsState) -> String {
        let name = match st.g.pending.first() {
            Some(Pending::PlaceAide { leader }) => rules.leaders[*leader as usize].name.as_str(),
            _ => "",
        };
        format!(
            "{}: {name} falls; put his aide de camp on a highlighted hex holding a unit of his formation (9.5.13).",
            who(rules, st)
        )
    }

    fn to_act(&self, rules: &TsRules, st: &TsState) -> Option<Side> {
        let Some(Pending::PlaceAide { leader }) = st.g.pending.first() else {
            return None;
        };
        Some(
            rules
                .leaders
                .get(*leader as usize)
                .map(|l| l.side)
                .unwrap_or(Side::Prussia),
        )
    }

    fn takes(&self, cmd: &TsCommand) -> bool {
        matches!(cmd, TsCommand::PlaceAide { .. })
    }

    fn legal(&self, rules: &TsRules, st: &TsState, out: &mut Vec<TsCommand>) {
        if let Some(Pending::PlaceAide { leader }) = st.g.pending.first() {
            for at in aide_hexes(rules, st, *leader as usize) {
                out.push(TsCommand::PlaceAide {
                    leader: *leader,
                    at,
                });
            }
        }
    }

    fn check(&self, rules: &TsRules, st: &TsState, cmd: &TsCommand) -> Result<(), Refusal> {
        first_checks(rules, st, cmd)?;
        match (st.g.pending.first(), cmd) {
            (Some(Pending::PlaceAide { leader }), TsCommand::PlaceAide { leader: l, at })
                if leader == l && aide_hexes(rules, st, *l as usize).contains(at) =>
            {
                Ok(())
            }
            (_, TsCommand::PlaceAide { .. }) => Err(Refusal::new(
                "9.5.13",
                "put him on a hex holding a unit of his own formation",
            )),
            _ => Err(other_step(rules, st, cmd)),
        }
    }

    fn execute(
        &self,
        rules: &TsRules,
        st: &mut TsState,
        dice: &mut Dice,
        log: &mut GameLog,
        cmd: &TsCommand,
    ) {
        let TsCommand::PlaceAide { leader, at } = *cmd else {
            return;
        };
        let mut g = game(rules, st, dice, log);
        if let Some(Pending::PlaceAide { .. }) = g.pop_pending() {
            let l = leader as usize;
            g.st.leaders[l].loc = Loc::Map(at);
            g.note(
                "9.5.13",
                format!("{} joins his formation at {at}", g.lname(l)),
            );
        }
    }
}
