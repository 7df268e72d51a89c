//! 7.1: the commanders in chief move, Prussia first; 13.1: a decision owed at the start
//! of the turn comes first.

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
pub struct ChiefMove;

impl PlayStep<Trautenau> for ChiefMove {
    fn name(&self) -> &'static str {
        "Commanders in chief"
    }

    fn case(&self) -> &'static str {
        "7.1"
    }

    fn prompt(&self, rules: &TsRules, st: &TsState) -> String {
        let who = who(rules, st);
        if let Some(d) = decision_due(rules, st).and_then(|k| rules.decisions.get(k)) {
            return format!(
                "{who}: decide first, in the Decision window: {} ({}).",
                d.name, d.rule
            );
        }
        format!(
            "{who}: select a commander in chief, then a highlighted hex (up to 6 cavalry MP each); or end their moves (7.1)."
        )
    }

    fn to_act(&self, _rules: &TsRules, st: &TsState) -> Option<Side> {
        match st.g.step {
            Step::ChiefMove(s) => Some(s),
            _ => None,
        }
    }

    fn takes(&self, cmd: &TsCommand) -> bool {
        matches!(
            cmd,
            TsCommand::MoveChief { .. } | TsCommand::Decide { .. } | TsCommand::Done
        )
    }

    fn legal(&self, rules: &TsRules, st: &TsState, out: &mut Vec<TsCommand>) {
        let Step::ChiefMove(side) = st.g.step else {
            return;
        };
        // 13.1: a decision of this turn comes first.
        if let Some(k) = decision_due(rules, st) {
            for take in [true, false] {
                out.push(TsCommand::Decide {
                    decision: k as u8,
                    take,
                });
            }
            return;
        }
        let view = rules::view(rules, st);
        for (l, ld) in rules.leaders.iter().enumerate() {
            if ld.side != side || !is_chief(rules, l) {
                continue;
            }
            for to in chief_moves(rules, st, &view, l) {
                out.push(TsCommand::MoveChief {
                    leader: l as LeaderId,
                    to,
                });
            }
        }
        out.push(TsCommand::Done);
    }

    fn check(&self, rules: &TsRules, st: &TsState, cmd: &TsCommand) -> Result<(), Refusal> {
        first_checks(rules, st, cmd)?;
        decision_first(rules, st, cmd)?;
        let Step::ChiefMove(side) = st.g.step else {
            return Err(other_step(rules, st, cmd));
        };
        match cmd {
            TsCommand::Decide { decision, .. } => {
                if decision_due(rules, st) == Some(*decision as usize) {
                    Ok(())
                } else {
                    Err(decide_refusal(rules, st, *decision))
                }
            }
            TsCommand::MoveChief { leader, to } => {
                let l = *leader as usize;
                if rules.leaders[l].side == side
                    && is_chief(rules, l)
                    && chief_moves(rules, st, &rules::view(rules, st), l).contains(to)
                {
                    return Ok(());
                }
                let ls = &st.leaders[l];
                if !ls.may_move {
                    return Err(Refusal::new(
                        "7.1",
                        "he failed his reaction test this turn and stays put",
                    ));
                }
                if ls.moved {
                    return Err(Refusal::new("7.1", "he has already moved this turn"));
                }
                Err(Refusal::new(
                    "7.1",
                    format!(
                        "{to} is beyond 6 cavalry MP, or next to the enemy without a friendly unit there"
                    ),
                ))
            }
            TsCommand::Done => Ok(()),
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
        let mut g = game(rules, st, dice, log);
        match *cmd {
            TsCommand::MoveChief { leader, to } => {
                let l = leader as usize;
                g.st.leaders[l].loc = Loc::Map(to);
                g.st.leaders[l].moved = true;
                g.note("7.1", format!("{} rides to {to}", g.lname(l)));
            }
            TsCommand::Decide { decision, take } => g.decide(decision, take),
            TsCommand::Done => g.end_chief_moves(),
            _ => {}
        }
    }
}

impl Game<'_> {
    /// 13.1: the side's answer to a decision of this turn.
    fn decide(&mut self, decision: u8, take: bool) {
        self.st.g.decided.push((decision, take));
        if let Some(d) = self.rules.decisions.get(decision as usize) {
            let text = format!(
                "{}: {} says {}",
                d.name,
                d.side.name(),
                if take { "yes" } else { "no" }
            );
            let rule = d.rule.clone();
            self.note(&rule, text);
        }
    }

    /// 7.1: Prussia's chiefs have moved, then Austria's; then lines of command and the
    /// initiative (7.2, 8).
    fn end_chief_moves(&mut self) {
        match self.st.g.step {
            Step::ChiefMove(Side::Prussia) => self.st.g.step = Step::ChiefMove(Side::Austria),
            Step::ChiefMove(Side::Austria) => self.command_and_initiative(),
            _ => {}
        }
    }

    /// The exit of the step once no chief may move and nothing is to decide.
    pub(crate) fn chief_move_auto(&mut self) -> bool {
        let Step::ChiefMove(side) = self.st.g.step else {
            return false;
        };
        if decision_due(self.rules, self.st).is_some() {
            return false;
        }
        let view = rules::view(self.rules, self.st);
        let any = self.rules.leaders.iter().enumerate().any(|(l, ld)| {
            ld.side == side
                && is_chief(self.rules, l)
                && !chief_moves(self.rules, self.st, &view, l).is_empty()
        });
        if any {
            return false;
        }
        self.end_chief_moves();
        true
    }
}

pub fn chief_moves(rules: &TsRules, st: &TsState, view: &View, l: usize) -> Vec<Coord> {
    let ls = &st.leaders[l];
    let ld = &rules.leaders[l];
    if ls.moved || !ls.may_move {
        return vec![];
    }
    match ls.loc {
        Loc::Map(c) => rules::leader_destinations(rules, st, view, ld.side, c, ld.movement, true),
        Loc::Off => match &leader_arrival(rules, st, l) {
            // 9.4: a commander in chief enters in his own command phase.
            Some(a) if arrived_due(st, a) && !rules.absent.contains(&ld.id) => {
                let mut v =
                    rules::leader_destinations(rules, st, view, ld.side, a.hex, ld.movement, true);
                if !view.enemy_adjacent(&rules.map, ld.side, a.hex)
                    || view.side_at(a.hex) == Some(ld.side)
                {
                    v.push(a.hex);
                }
                v.sort();
                v.dedup();
                v
            }
            _ => vec![],
        },
        _ => vec![],
    }
}
