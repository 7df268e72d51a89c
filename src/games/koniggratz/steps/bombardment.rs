//! 4.0d / 6.3: the Austrian bombardment. Austria pays 1 AP to place the marker on an
//! empty hex or a Prussian unit at least 3 hexes from every Prussian entry hex; a
//! Prussian unit there (or entering later) is fired upon. The marker is an enemy ZOC for
//! Prussian units this turn.

use super::super::Koniggratz;
use super::super::data::{KgRules, Side};
use super::super::flow::Game;
use super::super::rules::{View, unit_hex};
use super::super::state::{After, KgCommand, KgState, OnFail, Pending, Refusal, Step, UnitId};
use super::{KgStep, checked, not_this_step, other_kind};
use crate::engine::dice::Dice;
use crate::engine::hexmap::Coord;
use crate::engine::log::GameLog;
use crate::engine::step::PlayStep;

#[derive(Clone, Copy, Debug, Default)]
pub struct Bombardment;

/// Whether the marker may go to `c` (on the map).
fn bombard_ok(rules: &KgRules, st: &KgState, view: &View, c: Coord) -> bool {
    let m = &rules.map;
    rules.entry_hexes.iter().all(|(_, e)| c.distance(*e) >= 3)
        && match view.occupant(m, c) {
            None => st.hqs.iter().all(|h| h.at != Some(c)),
            Some(o) => rules.units[o as usize].side == Side::Prussia,
        }
}

/// 4.0d / 6.3: empty hexes, or hexes with a Prussian unit, at least 3 hexes from every
/// Prussian entry hex.
pub fn bombard_hexes(rules: &KgRules, st: &KgState, view: &View) -> Vec<Coord> {
    rules
        .map
        .coords()
        .filter(|c| bombard_ok(rules, st, view, *c))
        .collect()
}

impl PlayStep<Koniggratz> for Bombardment {
    fn name(&self) -> &'static str {
        "Bombardment"
    }

    fn case(&self) -> &'static str {
        "4.0d"
    }

    fn prompt(&self, _rules: &KgRules, _st: &KgState) -> String {
        "Austria: choose a highlighted hex for the bombardment marker (4.0d).".into()
    }

    fn to_act(&self, _rules: &KgRules, _st: &KgState) -> Option<Side> {
        Some(Side::Austria)
    }

    fn takes(&self, cmd: &KgCommand) -> bool {
        matches!(cmd, KgCommand::PlaceBombardment { .. })
    }

    fn legal(&self, rules: &KgRules, st: &KgState, out: &mut Vec<KgCommand>) {
        let view = View::new(rules, st);
        out.extend(
            bombard_hexes(rules, st, &view)
                .into_iter()
                .map(|at| KgCommand::PlaceBombardment { at }),
        );
    }

    fn check(&self, rules: &KgRules, st: &KgState, cmd: &KgCommand) -> Result<(), Refusal> {
        checked(self, rules, st, cmd, || {
            let KgCommand::PlaceBombardment { at } = cmd else {
                return false;
            };
            rules.map.contains(*at) && bombard_ok(rules, st, &View::new(rules, st), *at)
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
        let KgCommand::PlaceBombardment { at } = cmd else {
            return;
        };
        let mut g = Game {
            rules,
            st,
            dice,
            log,
        };
        g.spend_ap(Side::Austria, 1);
        g.st.g.bombard = Some(*at);
        g.note(
            "4.0d",
            format!("Austrian bombardment marker placed at {at} (1 AP spent)"),
        );
        g.st.g.step = Step::Organize(Side::Prussia);
        g.begin_organize();
        let target = g.view().occupant(&rules.map, *at);
        if let Some(u) = target {
            g.bombard(u);
        }
    }
}

impl KgStep for Bombardment {
    fn explain(&self, rules: &KgRules, st: &KgState, cmd: &KgCommand) -> Refusal {
        match cmd {
            KgCommand::PlaceBombardment { at } => Refusal::new(
                "6.3",
                format!(
                    "{at} must be empty or hold a Prussian unit, and be at least 3 hexes from every Prussian entry hex"
                ),
            ),
            _ => not_this_step(rules, st, cmd),
        }
    }

    /// No AP left, or no hex for the marker: no bombardment this turn.
    fn auto(&self, g: &mut Game) -> bool {
        let no_ap = g.st.g.ap[0] == 0;
        if no_ap || bombard_hexes(g.rules, g.st, &g.view()).is_empty() {
            let why = if no_ap {
                "Austria has no AP left to pay for it (6.1)"
            } else {
                "no hex is at least 3 hexes from every Prussian entry hex and free of Austrian units and HQs"
            };
            g.note("4.0d", format!("No bombardment this turn: {why}"));
            g.st.g.step = Step::Organize(Side::Prussia);
            g.begin_organize();
            return true;
        }
        false
    }
}

impl Game<'_> {
    /// 6.3: the bombardment attacks a Prussian unit in its hex.
    pub(in super::super) fn bombard(&mut self, u: UnitId) {
        let r = self.dice.d6("bombardment fire", "6.3", vec![]);
        let Some(at) = unit_hex(self.st, u) else {
            return;
        };
        if r.die <= 5 {
            self.note(
                "6.3",
                format!(
                    "bombardment of {}: rolled {}, it must retreat 2 hexes",
                    self.name(u),
                    r.die
                ),
            );
            self.st.g.pending.push(Pending::Retreat {
                unit: u,
                away_from: vec![at],
                hexes: 2,
                on_fail: OnFail::Eliminated,
                after: After::Nothing,
                rule: "6.3".into(),
            });
        } else {
            self.note("6.3", format!("bombardment of {}: rolled 6", self.name(u)));
            self.blown_or_elim(u, "6.3");
        }
    }
}
