//! 4.0c, first part: when more than two of a side's blown units are due back, the
//! opponent picks the two that return; the others are eliminated.

use super::super::Koniggratz;
use super::super::data::{KgRules, Side};
use super::super::flow::Game;
use super::super::state::{KgCommand, KgState, Loc, Refusal, Step, UnitId};
use super::{KgStep, checked, not_this_step, other_kind, who};
use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::step::PlayStep;

#[derive(Clone, Copy, Debug, Default)]
pub struct BlownSelect;

/// `side`'s blown units due back this turn (4.0c, 4.3.3).
pub fn due_blown(rules: &KgRules, st: &KgState, side: Side) -> Vec<UnitId> {
    (0..st.units.len())
        .filter(|&i| {
            rules.units[i].side == side
                && matches!(st.units[i].loc, Loc::Blown(t) if t <= st.g.turn)
        })
        .map(|i| i as UnitId)
        .collect()
}

/// The side whose blown units are being chosen.
fn owner(st: &KgState) -> Side {
    match st.g.step {
        Step::BlownSelect(s) => s,
        _ => Side::Prussia,
    }
}

impl PlayStep<Koniggratz> for BlownSelect {
    fn name(&self) -> &'static str {
        "Blown units: the two that return"
    }

    fn case(&self) -> &'static str {
        "4.0c"
    }

    fn prompt(&self, rules: &KgRules, st: &KgState) -> String {
        format!(
            "{}: choose two blown units to return, in the panel (4.0c).",
            who(rules, st)
        )
    }

    fn to_act(&self, _rules: &KgRules, st: &KgState) -> Option<Side> {
        Some(owner(st).other())
    }

    fn takes(&self, cmd: &KgCommand) -> bool {
        matches!(cmd, KgCommand::SelectReturning { .. })
    }

    fn legal(&self, rules: &KgRules, st: &KgState, out: &mut Vec<KgCommand>) {
        for u in due_blown(rules, st, owner(st)) {
            if !st.g.returning.contains(&u) {
                out.push(KgCommand::SelectReturning { unit: u });
            }
        }
    }

    fn check(&self, rules: &KgRules, st: &KgState, cmd: &KgCommand) -> Result<(), Refusal> {
        checked(self, rules, st, cmd, || {
            let KgCommand::SelectReturning { unit } = cmd else {
                return false;
            };
            let i = *unit as usize;
            rules.units[i].side == owner(st)
                && matches!(st.units[i].loc, Loc::Blown(t) if t <= st.g.turn)
                && !st.g.returning.contains(unit)
        })
    }

    fn refuse_other(&self, rules: &KgRules, st: &KgState, cmd: &KgCommand) -> Option<Refusal> {
        other_kind(rules, cmd, || not_this_step(rules, st, cmd))
    }

    fn execute(
        &self,
        rules: &KgRules,
        st: &mut KgState,
        dice: &mut Dice,
        log: &mut GameLog,
        cmd: &KgCommand,
    ) {
        let KgCommand::SelectReturning { unit } = cmd else {
            return;
        };
        let side = owner(st).other();
        let mut g = Game {
            rules,
            st,
            dice,
            log,
        };
        g.st.g.returning.push(*unit);
        g.note(
            "4.0c",
            format!("{} chooses {} to return", side.name(), g.name(*unit)),
        );
    }
}

impl KgStep for BlownSelect {
    fn explain(&self, rules: &KgRules, st: &KgState, cmd: &KgCommand) -> Refusal {
        not_this_step(rules, st, cmd)
    }

    /// Two are chosen: the other due units are eliminated and the two return.
    fn auto(&self, g: &mut Game) -> bool {
        let side = owner(g.st);
        if g.st.g.returning.len() >= 2 {
            for u in due_blown(g.rules, g.st, side) {
                if !g.st.g.returning.contains(&u) {
                    g.eliminate(u, "4.0c");
                }
            }
            g.st.g.step = Step::BlownReturn(side);
            return true;
        }
        false
    }
}

impl Game<'_> {
    /// 4.0c: `side`'s due blown units return, the opponent choosing two when there are
    /// more.
    pub(in super::super) fn begin_blown(&mut self, side: Side) {
        let due = due_blown(self.rules, self.st, side);
        self.st.g.returning.clear();
        if due.len() > 2 {
            self.st.g.step = Step::BlownSelect(side);
            self.note(
                "4.0c",
                format!(
                    "{} blown {} units are due; {} picks the two that return",
                    due.len(),
                    side.name(),
                    side.other().name()
                ),
            );
        } else {
            self.st.g.returning = due;
            self.st.g.step = Step::BlownReturn(side);
        }
    }
}
