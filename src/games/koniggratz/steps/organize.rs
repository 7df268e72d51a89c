//! 4.0e-i/ii: formations. Units in an enemy ZOC or ZOI take Battle formation; then
//! Prussia, and after it Austria, may flip infantry outside both to March formation.

use super::super::Koniggratz;
use super::super::data::{KgRules, Kind, Side};
use super::super::flow::Game;
use super::super::rules::View;
use super::super::state::{KgCommand, KgState, Loc, Refusal, Step, UnitId};
use super::{KgStep, checked, not_this_step, other_kind, who};
use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::step::PlayStep;

#[derive(Clone, Copy, Debug, Default)]
pub struct Organize;

/// Whether unit `i` of `side` may flip to March (4.0e-i).
fn flippable(rules: &KgRules, st: &KgState, view: &View, side: Side, i: usize) -> bool {
    let m = &rules.map;
    let d = &rules.units[i];
    let s = &st.units[i];
    d.side == side
        && d.kind == Kind::Infantry
        && !s.march
        && matches!(s.loc, Loc::Map(c) if !view.in_ezoi(m, side, c) && !view.in_ezoc(m, side, c))
}

/// Units that may flip to March in the Organisation step (4.0e-i).
pub fn may_flip(rules: &KgRules, st: &KgState, view: &View, side: Side) -> Vec<UnitId> {
    (0..st.units.len())
        .filter(|&i| flippable(rules, st, view, side, i))
        .map(|i| i as UnitId)
        .collect()
}

/// The side organising.
fn side(st: &KgState) -> Side {
    match st.g.step {
        Step::Organize(s) => s,
        _ => Side::Prussia,
    }
}

impl PlayStep<Koniggratz> for Organize {
    fn name(&self) -> &'static str {
        "Formations"
    }

    fn case(&self) -> &'static str {
        "4.0e"
    }

    fn prompt(&self, rules: &KgRules, st: &KgState) -> String {
        format!(
            "{}: select units to flip them to March formation, then declare the formations done (4.0e).",
            who(rules, st)
        )
    }

    fn to_act(&self, _rules: &KgRules, st: &KgState) -> Option<Side> {
        Some(side(st))
    }

    fn takes(&self, cmd: &KgCommand) -> bool {
        matches!(cmd, KgCommand::FlipToMarch { .. } | KgCommand::Pass)
    }

    fn legal(&self, rules: &KgRules, st: &KgState, out: &mut Vec<KgCommand>) {
        let view = View::new(rules, st);
        out.extend(
            may_flip(rules, st, &view, side(st))
                .into_iter()
                .map(|unit| KgCommand::FlipToMarch { unit }),
        );
        out.push(KgCommand::Pass);
    }

    fn check(&self, rules: &KgRules, st: &KgState, cmd: &KgCommand) -> Result<(), Refusal> {
        checked(self, rules, st, cmd, || match cmd {
            KgCommand::FlipToMarch { unit } => {
                flippable(rules, st, &View::new(rules, st), side(st), *unit as usize)
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
        let s = side(st);
        let mut g = Game {
            rules,
            st,
            dice,
            log,
        };
        match cmd {
            KgCommand::FlipToMarch { unit } => {
                g.st.units[*unit as usize].march = true;
                g.note(
                    "4.0e",
                    format!("{} flips to March formation", g.name(*unit)),
                );
            }
            KgCommand::Pass => {
                g.note(
                    "4.0e",
                    format!("{} has finished organising formations", s.name()),
                );
                g.end_organize(s);
            }
            _ => {}
        }
    }
}

impl KgStep for Organize {
    fn explain(&self, rules: &KgRules, st: &KgState, cmd: &KgCommand) -> Refusal {
        match cmd {
            KgCommand::FlipToMarch { .. } => Refusal::new(
                "4.0e",
                "only infantry in Battle formation outside enemy ZOC and ZOI may flip to March",
            ),
            _ => not_this_step(rules, st, cmd),
        }
    }

    /// A side with nothing to flip is done.
    fn auto(&self, g: &mut Game) -> bool {
        let s = side(g.st);
        if may_flip(g.rules, g.st, &g.view(), s).is_empty() {
            g.end_organize(s);
            return true;
        }
        false
    }
}

impl Game<'_> {
    /// 4.0e-ii: units in an EZOC or EZOI are in Battle formation.
    pub(in super::super) fn begin_organize(&mut self) {
        let view = self.view();
        let m = &self.rules.map;
        for i in 0..self.st.units.len() {
            let d = &self.rules.units[i];
            if let Loc::Map(c) = self.st.units[i].loc
                && d.kind == Kind::Infantry
                && self.st.units[i].march
                && (view.in_ezoc(m, d.side, c) || view.in_ezoi(m, d.side, c))
            {
                self.st.units[i].march = false;
                self.note("4.0e", format!("{} must take Battle formation", d.name));
            }
        }
    }

    /// Austria organises after Prussia; then the exits from enemy ZOCs (4.0e-iii).
    fn end_organize(&mut self, s: Side) {
        if s == Side::Prussia {
            self.st.g.step = Step::Organize(Side::Austria);
        } else {
            self.begin_exits();
        }
    }
}
