//! 4.0e-iii: units in an enemy ZOC may retreat out of it (3 hexes, as after combat),
//! alternating from Prussia until both sides decline.

use super::super::Koniggratz;
use super::super::data::{KgRules, Side};
use super::super::flow::{Game, side_units};
use super::super::rules::{self, View};
use super::super::state::{KgCommand, KgState, Loc, Refusal, Step, UnitId};
use super::{KgStep, checked, not_this_step, other_kind, who};
use crate::engine::dice::Dice;
use crate::engine::hexmap::Coord;
use crate::engine::log::GameLog;
use crate::engine::step::PlayStep;

#[derive(Clone, Copy, Debug, Default)]
pub struct ExitEzoc;

/// Where unit `i` of `side` may end a retreat out of an enemy ZOC (none when it is not
/// in one).
fn unit_exits(rules: &KgRules, st: &KgState, view: &View, side: Side, i: usize) -> Vec<Coord> {
    let Loc::Map(c) = st.units[i].loc else {
        return Vec::new();
    };
    if rules.units[i].side != side || !view.in_ezoc(&rules.map, side, c) {
        return Vec::new();
    }
    let away = rules::zoc_sources(rules, st, side, c);
    rules::retreat_search(rules, st, view, i as UnitId, &away, 3).ends
}

/// The exits `side` may make (of unit `only` when given).
pub fn exit_options(
    rules: &KgRules,
    st: &KgState,
    view: &View,
    side: Side,
    only: Option<UnitId>,
) -> Vec<KgCommand> {
    let mut out = Vec::new();
    for i in side_units(rules, st, side, only) {
        for to in unit_exits(rules, st, view, side, i) {
            out.push(KgCommand::ExitEzoc {
                unit: i as UnitId,
                to,
            });
        }
    }
    out
}

/// Whether `side` has an exit to make (without listing them all).
fn can_exit(rules: &KgRules, st: &KgState, view: &View, side: Side) -> bool {
    side_units(rules, st, side, None).any(|i| !unit_exits(rules, st, view, side, i).is_empty())
}

impl PlayStep<Koniggratz> for ExitEzoc {
    fn name(&self) -> &'static str {
        "Exits from enemy ZOCs"
    }

    fn case(&self) -> &'static str {
        "4.0e"
    }

    fn prompt(&self, rules: &KgRules, st: &KgState) -> String {
        format!(
            "{}: select a unit in an enemy ZOC, then a highlighted hex to retreat to; or decline (4.0e).",
            who(rules, st)
        )
    }

    fn to_act(&self, _rules: &KgRules, st: &KgState) -> Option<Side> {
        Some(st.g.to_move)
    }

    fn takes(&self, cmd: &KgCommand) -> bool {
        matches!(cmd, KgCommand::ExitEzoc { .. } | KgCommand::Pass)
    }

    fn legal(&self, rules: &KgRules, st: &KgState, out: &mut Vec<KgCommand>) {
        let view = View::new(rules, st);
        out.extend(exit_options(rules, st, &view, st.g.to_move, None));
        out.push(KgCommand::Pass);
    }

    fn check(&self, rules: &KgRules, st: &KgState, cmd: &KgCommand) -> Result<(), Refusal> {
        checked(self, rules, st, cmd, || match cmd {
            KgCommand::ExitEzoc { unit, to } => {
                let view = View::new(rules, st);
                unit_exits(rules, st, &view, st.g.to_move, *unit as usize).contains(to)
            }
            KgCommand::Pass => true,
            _ => false,
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
        let side = st.g.to_move;
        let mut g = Game {
            rules,
            st,
            dice,
            log,
        };
        match cmd {
            KgCommand::ExitEzoc { unit, to } => {
                g.place(*unit, *to);
                g.st.units[*unit as usize].march = false;
                g.note(
                    "4.0e",
                    format!("{} retreats out of the enemy ZOC to {to}", g.name(*unit)),
                );
                if !g.st.g.passed[side.other().idx()] {
                    g.st.g.to_move = side.other();
                }
            }
            KgCommand::Pass => {
                g.note(
                    "4.0e",
                    format!("{} declines further exits from enemy ZOCs", side.name()),
                );
                g.st.g.passed[side.idx()] = true;
                g.st.g.to_move = side.other();
            }
            _ => {}
        }
    }
}

impl KgStep for ExitEzoc {
    fn explain(&self, rules: &KgRules, st: &KgState, cmd: &KgCommand) -> Refusal {
        match cmd {
            KgCommand::ExitEzoc { .. } => Refusal::new(
                "4.0e",
                "that unit cannot retreat out of an enemy ZOC to that hex (each hex farther away, empty, no EZOC)",
            ),
            _ => not_this_step(rules, st, cmd),
        }
    }

    /// The side to act has no exit left (or declined): the other side, then movement.
    fn auto(&self, g: &mut Game) -> bool {
        let view = g.view();
        let side = g.st.g.to_move;
        let can = |s: Side| !g.st.g.passed[s.idx()] && can_exit(g.rules, g.st, &view, s);
        if can(side) {
            return false;
        }
        if can(side.other()) {
            g.st.g.to_move = side.other();
            return true;
        }
        g.begin_movement();
        true
    }
}

impl Game<'_> {
    pub(in super::super) fn begin_exits(&mut self) {
        self.st.g.step = Step::ExitEzoc;
        self.st.g.to_move = Side::Prussia;
        self.st.g.passed = [false; 2];
    }
}
