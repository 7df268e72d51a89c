//! 4.3.1 (and 4.2a, 6.3): a unit must retreat; its owner picks where the retreat ends
//! when there is a choice. Each hex farther from the enemy, empty, outside enemy ZOCs and
//! within command range; a unit that cannot retreat is blown (or eliminated). After a
//! retreat from combat the attacker may advance into the hex left (4.3.2).

use super::super::Koniggratz;
use super::super::data::{KgRules, Kind, Side};
use super::super::flow::Game;
use super::super::rules::{self, View, unit_hex};
use super::super::state::{After, KgCommand, KgState, OnFail, Pending, Refusal};
use super::{KgStep, checked, other_kind, who};
use crate::engine::dice::Dice;
use crate::engine::hexmap::Coord;
use crate::engine::log::GameLog;
use crate::engine::step::PlayStep;

#[derive(Clone, Copy, Debug, Default)]
pub struct Retreat;

/// Where the pending retreat may end.
fn ends(rules: &KgRules, st: &KgState) -> Vec<Coord> {
    let Some(Pending::Retreat {
        unit,
        away_from,
        hexes,
        ..
    }) = st.g.pending.last()
    else {
        return Vec::new();
    };
    rules::retreat_search(rules, st, &View::new(rules, st), *unit, away_from, *hexes).ends
}

/// The name of the retreating unit.
fn retreating(rules: &KgRules, st: &KgState) -> String {
    match st.g.pending.last() {
        Some(Pending::Retreat { unit, .. }) => rules.units[*unit as usize].name.clone(),
        _ => String::new(),
    }
}

fn must_retreat(rules: &KgRules, st: &KgState) -> Refusal {
    Refusal::new(
        "4.3.1",
        format!(
            "{} must first retreat {}",
            who(rules, st),
            retreating(rules, st)
        ),
    )
}

impl PlayStep<Koniggratz> for Retreat {
    fn name(&self) -> &'static str {
        "Retreat"
    }

    fn case(&self) -> &'static str {
        "4.3.1"
    }

    fn prompt(&self, rules: &KgRules, st: &KgState) -> String {
        format!(
            "{}: choose the highlighted hex where the retreat of {} ends (4.3.1).",
            who(rules, st),
            retreating(rules, st)
        )
    }

    fn to_act(&self, rules: &KgRules, st: &KgState) -> Option<Side> {
        match st.g.pending.last() {
            Some(Pending::Retreat { unit, .. }) => Some(rules.units[*unit as usize].side),
            _ => None,
        }
    }

    fn takes(&self, cmd: &KgCommand) -> bool {
        matches!(cmd, KgCommand::Retreat { .. })
    }

    fn legal(&self, rules: &KgRules, st: &KgState, out: &mut Vec<KgCommand>) {
        out.extend(
            ends(rules, st)
                .into_iter()
                .map(|to| KgCommand::Retreat { to }),
        );
    }

    fn check(&self, rules: &KgRules, st: &KgState, cmd: &KgCommand) -> Result<(), Refusal> {
        checked(self, rules, st, cmd, || match cmd {
            KgCommand::Retreat { to } => ends(rules, st).contains(to),
            _ => false,
        })
    }

    fn refuse_other(&self, rules: &KgRules, st: &KgState, cmd: &KgCommand) -> Option<Refusal> {
        other_kind(rules, cmd, || must_retreat(rules, st))
    }

    fn execute(
        &self,
        rules: &KgRules,
        st: &mut KgState,
        dice: &mut Dice,
        log: &mut GameLog,
        cmd: &KgCommand,
    ) {
        let (
            KgCommand::Retreat { to },
            Some(Pending::Retreat {
                unit, after, rule, ..
            }),
        ) = (cmd, st.g.pending.last().cloned())
        else {
            return;
        };
        let mut g = Game {
            rules,
            st,
            dice,
            log,
        };
        g.st.g.pending.pop();
        g.place(unit, *to);
        g.note(&rule, format!("{} retreats to {to}", g.name(unit)));
        g.after(after);
    }
}

impl KgStep for Retreat {
    fn explain(&self, rules: &KgRules, st: &KgState, cmd: &KgCommand) -> Refusal {
        match cmd {
            KgCommand::Retreat { to } => Refusal::new(
                "4.3.1",
                format!(
                    "{} cannot end its retreat at {to}: each hex must be farther from the enemy, empty, outside enemy ZOCs and within command range",
                    retreating(rules, st)
                ),
            ),
            _ => must_retreat(rules, st),
        }
    }

    /// A unit no longer on the map has nothing to retreat; with no way out it is blown
    /// (or eliminated); with one way it takes it.
    fn auto(&self, g: &mut Game) -> bool {
        let Some(Pending::Retreat {
            unit,
            away_from,
            hexes,
            on_fail,
            after,
            rule,
        }) = g.st.g.pending.last().cloned()
        else {
            return false;
        };
        if unit_hex(g.st, unit).is_none() {
            g.st.g.pending.pop();
            return true;
        }
        let view = g.view();
        let r = rules::retreat_search(g.rules, g.st, &view, unit, &away_from, hexes);
        match r.ends.len() {
            0 => {
                g.st.g.pending.pop();
                if r.swamp_forced && on_fail == OnFail::Blown {
                    g.note(
                        "3.9.1",
                        format!("{} can only retreat across a swamp", g.name(unit)),
                    );
                    g.eliminate(unit, "3.9.1");
                } else if on_fail == OnFail::Eliminated {
                    g.note(&rule, format!("{} cannot retreat", g.name(unit)));
                    g.eliminate(unit, &rule);
                } else {
                    g.note(&rule, format!("{} cannot retreat", g.name(unit)));
                    g.blown_or_elim(unit, &rule);
                }
                g.after(after);
                true
            }
            1 => {
                g.st.g.pending.pop();
                let to = r.ends[0];
                g.place(unit, to);
                g.note(&rule, format!("{} retreats to {to}", g.name(unit)));
                g.after(after);
                true
            }
            _ => false,
        }
    }
}

impl Game<'_> {
    /// 4.3.2: after the defender left its hex, the attacker advances into it unless it
    /// is in an enemy ZOC.
    pub(in super::super) fn after(&mut self, after: After) {
        let After::Advance { attacker, hex } = after else {
            return;
        };
        let m = &self.rules.map;
        let side = self.rules.units[attacker as usize].side;
        let Some(a) = unit_hex(self.st, attacker) else {
            return;
        };
        let view = self.view();
        if view.occupant(m, hex).is_some() {
            return;
        }
        if view.in_ezoc(m, side, a) {
            self.note(
                "4.3.2",
                format!(
                    "{} is in an enemy ZOC and does not advance",
                    self.name(attacker)
                ),
            );
            return;
        }
        self.place(attacker, hex);
        let view = self.view();
        if self.rules.units[attacker as usize].kind == Kind::Infantry
            && (view.in_ezoc(m, side, hex) || view.in_ezoi(m, side, hex))
        {
            self.st.units[attacker as usize].march = false;
        }
        self.note(
            "4.3.2",
            format!("{} advances after combat into {hex}", self.name(attacker)),
        );
        if side == Side::Prussia && self.st.g.bombard == Some(hex) {
            self.bombard(attacker);
        }
    }
}
