//! 9.5.3 A, 9.5.4: the assaulted side fires in defence (sharing its points among the
//! attackers of a coordinated assault, with a supporting battery, 9.5.6, and units that
//! join the fire, 9.5.1) or falls back before combat.

use super::*;
use crate::games::trautenau::flow::{
    defence_helpers, defence_leader, defence_pool, defend_refusal, defenders,
    retreat_before_options, side_of, support_options,
};
use crate::games::trautenau::rules;

#[derive(Clone, Copy, Debug, Default)]
pub struct Defence;

/// The assault waiting for the defender.
fn waiting(st: &TsState) -> Option<(usize, &Assault)> {
    match st.g.pending.first() {
        Some(Pending::Defence { assault }) => {
            st.g.assaults
                .get(*assault as usize)
                .map(|a| (*assault as usize, a))
        }
        _ => None,
    }
}

impl PlayStep<Trautenau> for Defence {
    fn name(&self) -> &'static str {
        "Defence"
    }

    fn case(&self) -> &'static str {
        "9.5.3"
    }

    fn prompt(&self, rules: &TsRules, st: &TsState) -> String {
        format!(
            "{}: defend (share your points among the attackers) or fall back before combat (9.5.3, 9.5.4).",
            who(rules, st)
        )
    }

    fn to_act(&self, rules: &TsRules, st: &TsState) -> Option<Side> {
        let Some(Pending::Defence { assault }) = st.g.pending.first() else {
            return None;
        };
        Some(
            st.g.assaults
                .get(*assault as usize)
                .and_then(|a| a.attackers.first())
                .map(|(u, _)| side_of(rules, *u).other())
                .unwrap_or(Side::Prussia),
        )
    }

    fn takes(&self, cmd: &TsCommand) -> bool {
        matches!(
            cmd,
            TsCommand::Defend { .. } | TsCommand::RetreatBefore { .. }
        )
    }

    fn legal(&self, rules: &TsRules, st: &TsState, out: &mut Vec<TsCommand>) {
        let Some((ai, a)) = waiting(st) else {
            return;
        };
        let view = rules::view(rules, st);
        let defs = defenders(rules, st, a);
        for (to, f) in retreat_before_options(rules, st, &view, a, &defs) {
            out.push(TsCommand::RetreatBefore {
                to,
                facing: f,
                unit: None,
            });
        }
        // 9.5.4: each unit decides for itself; the others stay and defend.
        if defs.len() > 1 {
            for &u in &defs {
                for (to, f) in retreat_before_options(rules, st, &view, a, &[u]) {
                    out.push(TsCommand::RetreatBefore {
                        to,
                        facing: f,
                        unit: Some(u),
                    });
                }
            }
        }
        let supports = support_options(rules, st, &view, a);
        let n = a.attackers.len();
        // 9.5.13: a formation commander stacked with the defenders may add his bonus.
        let choices: &[bool] = if defence_leader(rules, st, a).is_some() {
            &[true, false]
        } else {
            &[true]
        };
        // 9.5.1: the units that may join the fire; the list offers none or all of
        // them (any other choice is accepted by `check`).
        let eligible = defence_helpers(rules, st, ai);
        let mut helper_sets: Vec<Vec<UnitId>> = vec![vec![]];
        if !eligible.is_empty() {
            helper_sets.push(eligible);
        }
        for &commander in choices {
            for helpers in &helper_sets {
                for support in std::iter::once(None).chain(supports.iter().map(|&s| Some(s))) {
                    let pool = defence_pool(rules, st, a, support, helpers);
                    for split in splits(pool, n, a.coordinated) {
                        if defend_refusal(rules, st, ai, &split, support, helpers).is_ok() {
                            out.push(TsCommand::Defend {
                                split,
                                support,
                                commander,
                                helpers: helpers.clone(),
                            });
                        }
                    }
                }
            }
        }
    }

    /// Any split of the points, support and joining units is checked here (the list
    /// only samples them).
    fn check(&self, rules: &TsRules, st: &TsState, cmd: &TsCommand) -> Result<(), Refusal> {
        first_checks(rules, st, cmd)?;
        let Some(Pending::Defence { assault }) = st.g.pending.first() else {
            return Err(other_step(rules, st, cmd));
        };
        let ai = *assault as usize;
        match cmd {
            TsCommand::Defend {
                split,
                support,
                helpers,
                ..
            } => defend_refusal(rules, st, ai, split, *support, helpers),
            TsCommand::RetreatBefore { to, facing, unit } => {
                let ok = st.g.assaults.get(ai).is_some_and(|a| {
                    let view = rules::view(rules, st);
                    let defs = defenders(rules, st, a);
                    match unit {
                        None => retreat_before_options(rules, st, &view, a, &defs)
                            .contains(&(*to, *facing)),
                        Some(u) => {
                            defs.len() > 1
                                && defs.contains(u)
                                && retreat_before_options(rules, st, &view, a, &[*u])
                                    .contains(&(*to, *facing))
                        }
                    }
                });
                if ok {
                    return Ok(());
                }
                Err(Refusal::new(
                    "9.5.4",
                    "the stack may only fall back one hex, if every unit has at least the attackers' MP, to a hex it may enter out of enemy ZoC, turning at most one hexside",
                ))
            }
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
        let Some(Pending::Defence { assault }) = g.pop_pending() else {
            return;
        };
        match cmd.clone() {
            TsCommand::Defend {
                split,
                support,
                commander,
                helpers,
            } => {
                let choice = crate::games::trautenau::combat::DefenceChoice {
                    split,
                    support,
                    commander,
                    helpers,
                };
                g.defensive_fire(assault as usize, choice);
            }
            TsCommand::RetreatBefore { to, facing, unit } => {
                g.retreat_before(assault as usize, to, facing, unit)
            }
            _ => {}
        }
    }
}

/// The sampled shares of `pool` among `n` attackers: all on one attacker, or even shares,
/// for a coordinated assault (9.5.2); else all on the one attacker.
fn splits(pool: u8, n: usize, coordinated: bool) -> Vec<Vec<u8>> {
    let mut splits: Vec<Vec<u8>> = Vec::new();
    if coordinated && n > 1 {
        for i in 0..n {
            let mut v = vec![0; n];
            v[i] = pool;
            splits.push(v);
        }
        let mut even = vec![pool / n as u8; n];
        for x in even.iter_mut().take(pool as usize % n) {
            *x += 1;
        }
        splits.push(even);
        splits.sort();
        splits.dedup();
    } else {
        splits.push(vec![pool; n.min(1)]);
    }
    splits
}
