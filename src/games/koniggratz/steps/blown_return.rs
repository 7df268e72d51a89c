//! 4.0c, second part: the returning blown units are placed next to a friendly HQ, outside
//! enemy ZOCs and ZOIs; the owner may leave them on the track instead. Prussia's return
//! comes first, then Austria's, then the bombardment (4.0d).

use super::super::Koniggratz;
use super::super::data::{KgRules, Side};
use super::super::flow::{Game, hq_ids_of};
use super::super::rules::View;
use super::super::state::{KgCommand, KgState, Refusal, Step};
use super::{KgStep, checked, not_this_step, other_kind, who};
use crate::engine::dice::Dice;
use crate::engine::hexmap::Coord;
use crate::engine::log::GameLog;
use crate::engine::step::PlayStep;

#[derive(Clone, Copy, Debug, Default)]
pub struct BlownReturn;

/// Empty hexes next to a friendly HQ, not in an EZOC or EZOI (4.0c).
pub fn return_hexes(rules: &KgRules, st: &KgState, view: &View, side: Side) -> Vec<Coord> {
    let m = &rules.map;
    let mut out = Vec::new();
    for h in hq_ids_of(rules, side) {
        let Some(at) = st.hqs[h].at else { continue };
        for (_, nb) in m.neighbors(at) {
            if view.occupant(m, nb).is_none()
                && !view.in_ezoc(m, side, nb)
                && !view.in_ezoi(m, side, nb)
                && st.hqs.iter().all(|x| x.at != Some(nb))
            {
                out.push(nb);
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The side whose units return.
fn owner(st: &KgState) -> Side {
    match st.g.step {
        Step::BlownReturn(s) => s,
        _ => Side::Prussia,
    }
}

fn hexes(rules: &KgRules, st: &KgState) -> Vec<Coord> {
    return_hexes(rules, st, &View::new(rules, st), owner(st))
}

impl PlayStep<Koniggratz> for BlownReturn {
    fn name(&self) -> &'static str {
        "Blown units: return"
    }

    fn case(&self) -> &'static str {
        "4.0c"
    }

    fn prompt(&self, rules: &KgRules, st: &KgState) -> String {
        format!(
            "{}: select a returning unit in the panel, then a highlighted hex next to a friendly HQ; or leave them on the track (4.0c).",
            who(rules, st)
        )
    }

    fn to_act(&self, _rules: &KgRules, st: &KgState) -> Option<Side> {
        Some(owner(st))
    }

    fn takes(&self, cmd: &KgCommand) -> bool {
        matches!(cmd, KgCommand::ReturnBlown { .. } | KgCommand::Pass)
    }

    fn legal(&self, rules: &KgRules, st: &KgState, out: &mut Vec<KgCommand>) {
        let hexes = hexes(rules, st);
        let before = out.len();
        for &u in &st.g.returning {
            for &at in &hexes {
                out.push(KgCommand::ReturnBlown { unit: u, at });
            }
        }
        // 4.0c: units "may" return; the owner may leave the rest on the track.
        if out.len() > before {
            out.push(KgCommand::Pass);
        }
    }

    fn check(&self, rules: &KgRules, st: &KgState, cmd: &KgCommand) -> Result<(), Refusal> {
        checked(self, rules, st, cmd, || match cmd {
            KgCommand::ReturnBlown { unit, at } => {
                st.g.returning.contains(unit) && hexes(rules, st).contains(at)
            }
            KgCommand::Pass => !st.g.returning.is_empty() && !hexes(rules, st).is_empty(),
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
        let side = owner(st);
        let mut g = Game {
            rules,
            st,
            dice,
            log,
        };
        match cmd {
            KgCommand::ReturnBlown { unit, at } => {
                let u = *unit as usize;
                g.place(*unit, *at);
                g.st.units[u].march = false;
                // 6.2: cavalry recovers at the start of a turn unless in an EZOC or EZOI;
                // a blown unit was in neither and returns outside both (4.0c): Fresh.
                g.st.units[u].exhausted = false;
                g.st.g.returning.retain(|r| r != unit);
                g.note(
                    "4.0c",
                    format!("{} returns from the blown track at {at}", g.name(*unit)),
                );
            }
            KgCommand::Pass => {
                for u in std::mem::take(&mut g.st.g.returning) {
                    g.note(
                        "4.0c",
                        format!(
                            "{} leaves {} on the track; it is due again next Command Phase",
                            side.name(),
                            g.name(u)
                        ),
                    );
                }
                g.end_blown(side);
            }
            _ => {}
        }
    }
}

impl KgStep for BlownReturn {
    fn explain(&self, rules: &KgRules, st: &KgState, cmd: &KgCommand) -> Refusal {
        match cmd {
            KgCommand::ReturnBlown { at, .. } => Refusal::new(
                "4.0c",
                format!("{at} must be empty, next to a friendly HQ and outside enemy ZOC and ZOI"),
            ),
            _ => not_this_step(rules, st, cmd),
        }
    }

    /// Nothing (more) to return, or nowhere to return to: the step ends.
    fn auto(&self, g: &mut Game) -> bool {
        let side = owner(g.st);
        if g.st.g.returning.is_empty() || hexes(g.rules, g.st).is_empty() {
            for u in std::mem::take(&mut g.st.g.returning) {
                g.note(
                    "4.0c",
                    format!(
                        "{} finds no empty hex next to a friendly HQ outside enemy ZOC and ZOI; it stays on the track and is due again next Command Phase",
                        g.name(u)
                    ),
                );
            }
            g.end_blown(side);
            return true;
        }
        false
    }
}

impl Game<'_> {
    /// The end of one side's blown-unit return (4.0c): Austria's follows Prussia's.
    fn end_blown(&mut self, side: Side) {
        if side == Side::Prussia {
            self.begin_blown(Side::Austria);
        } else {
            self.st.g.step = Step::Bombardment;
        }
    }
}
