//! 9.5.3: the attacker picks the next declared assault to resolve; the defender's
//! decision, retreats and advances follow as steps of their own.

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
pub struct Combat;

impl PlayStep<Trautenau> for Combat {
    fn name(&self) -> &'static str {
        "Assaults"
    }

    fn case(&self) -> &'static str {
        "9.5.3"
    }

    fn prompt(&self, rules: &TsRules, st: &TsState) -> String {
        format!(
            "{}: resolve the declared assaults in the order you choose (9.5.3).",
            who(rules, st)
        )
    }

    fn to_act(&self, rules: &TsRules, st: &TsState) -> Option<Side> {
        active_formation_side(rules, st)
    }

    fn takes(&self, cmd: &TsCommand) -> bool {
        matches!(cmd, TsCommand::Resolve { .. })
    }

    fn legal(&self, _rules: &TsRules, st: &TsState, out: &mut Vec<TsCommand>) {
        for (i, a) in st.g.assaults.iter().enumerate() {
            if !a.resolved {
                out.push(TsCommand::Resolve { assault: i as u8 });
            }
        }
    }

    fn check(&self, rules: &TsRules, st: &TsState, cmd: &TsCommand) -> Result<(), Refusal> {
        first_checks(rules, st, cmd)?;
        let TsCommand::Resolve { assault } = cmd else {
            return Err(other_step(rules, st, cmd));
        };
        match st.g.assaults.get(*assault as usize) {
            Some(a) if !a.resolved => Ok(()),
            _ => Err(Refusal::new("9.5.3", "that assault is already resolved")),
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
        if let TsCommand::Resolve { assault } = *cmd {
            game(rules, st, dice, log).resolve(assault as usize);
        }
    }
}

impl Game<'_> {
    /// Every assault resolved and every advance made: the activation ends.
    pub(crate) fn combat_auto(&mut self) -> bool {
        if self.st.g.assaults.iter().all(|a| a.resolved) && self.st.g.deferred.is_empty() {
            self.end_activation();
            return true;
        }
        false
    }
}

/// Attackers of assault `a` that may advance into `hex` (9.5.9: adjacent, not artillery).
pub fn advance_candidates(rules: &TsRules, st: &TsState, a: usize, hex: Coord) -> Vec<UnitId> {
    let Some(asl) = st.g.assaults.get(a) else {
        return vec![];
    };
    asl.attackers
        .iter()
        .map(|(u, _)| *u)
        .filter(|&u| {
            on_map(st, u).is_some_and(|h| h.distance(hex) == 1)
                && rules.units[u as usize].arm != Arm::Artillery
        })
        .collect()
}

/// 9.5.1: the unit still has a declared assault to fight.
pub fn busy(st: &TsState, u: UnitId) -> bool {
    st.g.assaults
        .iter()
        .any(|a| !a.resolved && a.attackers.iter().any(|(x, _)| *x == u))
}

impl Game<'_> {
    pub(crate) fn resolve(&mut self, a: usize) {
        let Some(asl) = self.st.g.assaults.get(a).cloned() else {
            return;
        };
        self.st.g.assaults[a].resolved = true;
        let defs = defenders(self.rules, self.st, &asl);
        let alive: Vec<(UnitId, u8)> = asl
            .attackers
            .iter()
            .copied()
            .filter(|(u, _)| on_map(self.st, *u).is_some_and(|h| h.distance(asl.target) == 1))
            .collect();
        if defs.is_empty() || alive.is_empty() {
            self.note(
                "9.5.3",
                format!("The assault on {} does not take place", asl.target),
            );
            return;
        }
        self.st.g.assaults[a].attackers = alive;
        self.note("9.5.3", format!("Resolving the assault on {}", asl.target));
        self.st
            .g
            .pending
            .insert(0, Pending::Defence { assault: a as u8 });
    }

    pub(crate) fn attack(&mut self, a: usize) {
        let Some(asl) = self.st.g.assaults.get(a).cloned() else {
            return;
        };
        let defs = defenders(self.rules, self.st, &asl);
        let attackers: Vec<(UnitId, u8)> = asl
            .attackers
            .iter()
            .copied()
            .filter(|(u, _)| {
                let i = *u as usize;
                on_map(self.st, *u).is_some_and(|h| h.distance(asl.target) == 1)
                    && !(self.rules.units[i].arm == Arm::Cavalry && self.st.units[i].disorg)
            })
            .collect();
        let att_side = asl
            .attackers
            .first()
            .map(|(u, _)| side_of(self.rules, *u))
            .unwrap_or(Side::Prussia);
        if attackers.is_empty() || defs.is_empty() {
            self.note("9.5.3", "No attacker is left to carry the assault home");
            self.cavalry_after_attack(&asl);
            return;
        }
        // 9.5.6: a lone battery falls to an attacker who survives defensive fire.
        if defs
            .iter()
            .all(|&d| self.rules.units[d as usize].arm == Arm::Artillery)
        {
            for &d in &defs {
                self.eliminate(d, "9.5.6");
            }
            self.check_demoralisation();
            self.cavalry_after_attack(&asl);
            self.after_retreat(AfterRetreat::Advance {
                assault: a as u8,
                hex: asl.target,
            });
            return;
        }
        let input = attack_input(self.rules, self.st, &asl, &attackers, &defs);
        let fire = combat::fire(&input);
        let out = self.roll_fire(&fire, &format!("assault on {}", asl.target), "9.5.5");
        let retreat = self.apply_outcome(&defs, out, false, "9.5.7");
        // 9.5.13: only the commander who took part rolls.
        if let Some(l) = asl.leader {
            self.commander_casualty(l as usize, att_side);
        }
        self.cavalry_after_attack(&asl);
        self.check_demoralisation();
        if !retreat.is_empty() {
            // 9.5.8: a battery stacked with retreating units is lost.
            for &d in &defs {
                if self.rules.units[d as usize].arm == Arm::Artillery
                    && on_map(self.st, d).is_some()
                    && !retreat.contains(&d)
                {
                    self.eliminate(d, "9.5.8");
                }
            }
            let enemies: Vec<Coord> = attackers
                .iter()
                .filter_map(|(u, _)| on_map(self.st, *u))
                .collect();
            self.st.g.pending.insert(
                0,
                Pending::Retreat {
                    units: retreat,
                    from: asl.target,
                    enemies,
                    hexes: 1,
                    rule: "9.5.8".into(),
                    after: AfterRetreat::Advance {
                        assault: a as u8,
                        hex: asl.target,
                    },
                },
            );
        }
    }

    /// 9.5.11: cavalry that attacked is disorganised whatever the result.
    pub(crate) fn cavalry_after_attack(&mut self, asl: &Assault) {
        for (u, _) in &asl.attackers {
            let i = *u as usize;
            if self.rules.units[i].arm == Arm::Cavalry
                && on_map(self.st, *u).is_some()
                && !self.st.units[i].disorg
            {
                self.st.units[i].disorg = true;
                self.note(
                    "9.5.11",
                    format!("{} is disorganised after its charge", self.uname(*u)),
                );
            }
        }
    }
}
