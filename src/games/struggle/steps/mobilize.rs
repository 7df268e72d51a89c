//! 6.21: spending the card's OPs on mobilization: 1 OP flips a reduced EBC unit or brings
//! a general from the holding area (18.4: the most senior of his nationality first) onto
//! a space with a friendly combat unit, 2 OPs flip a reduced corps. OPs not spent are
//! lost when the player is done.

use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::side::Side;
use crate::engine::step::PlayStep;
use crate::games::struggle::Struggle;
use crate::games::struggle::data::{GenId, StRules};
use crate::games::struggle::flow::{self, Game};
use crate::games::struggle::map::SpaceKind;
use crate::games::struggle::state::*;

#[derive(Default)]
pub struct Mobilize;

impl PlayStep<Struggle> for Mobilize {
    fn name(&self) -> &'static str {
        "Mobilization"
    }
    fn case(&self) -> &'static str {
        "6.21"
    }
    fn prompt(&self, _rules: &StRules, st: &StState) -> String {
        let (side, ops) =
            st.g.op
                .as_ref()
                .map(|o| (o.side, o.ops))
                .unwrap_or((st.g.to_play, 0));
        format!(
            "{}: {ops} OP to mobilize: flip a reduced unit (EBC 1, corps 2) or place a general (1)",
            side.name()
        )
    }
    fn to_act(&self, _rules: &StRules, st: &StState) -> Option<Side> {
        st.g.op.as_ref().map(|o| o.side)
    }
    fn takes(&self, cmd: &StCommand) -> bool {
        matches!(
            cmd,
            StCommand::Mobilize { .. } | StCommand::Appoint { .. } | StCommand::Done
        )
    }
    fn legal(&self, rules: &StRules, st: &StState, out: &mut Vec<StCommand>) {
        let Ok(op) = super::op(st) else { return };
        let side = op.side;
        for u in 0..st.units.len() as u16 {
            let c = StCommand::Mobilize { unit: u };
            if self.check(rules, st, &c).is_ok() {
                out.push(c);
            }
        }
        if op.ops >= 1 {
            let spaces = friendly_unit_spaces(rules, st, side);
            for general in flow::appointable(rules, st, side) {
                for &at in &spaces {
                    out.push(StCommand::Appoint { general, at });
                }
            }
        }
        out.push(StCommand::Done);
    }
    fn check(&self, rules: &StRules, st: &StState, cmd: &StCommand) -> Result<(), Refusal> {
        let op = super::op(st)?;
        let side = op.side;
        match *cmd {
            StCommand::Done => Ok(()),
            StCommand::Mobilize { unit } => {
                let Some(u) = st.units.get(unit as usize) else {
                    return Err(Refusal::new("6.21", "no such unit"));
                };
                if rules.side(unit) != side {
                    return Err(Refusal::new("6.21", "that unit is not yours"));
                }
                if u.loc.space().is_none() {
                    return Err(Refusal::new(
                        "6.21",
                        "only units on the board are mobilized",
                    ));
                }
                if !u.reduced {
                    return Err(Refusal::new(
                        "6.21",
                        "that unit is already at full strength",
                    ));
                }
                let cost = rules.echelon(unit).mobilize_cost();
                if cost > op.ops {
                    return Err(Refusal::new(
                        "6.21",
                        format!("it costs {cost} OP and {} are left", op.ops),
                    ));
                }
                Ok(())
            }
            StCommand::Appoint { general, at } => {
                check_appoint(rules, st, side, op.ops, general, at)
            }
            _ => Err(Refusal::new(
                "6.21",
                "mobilize a unit or a general, or be done",
            )),
        }
    }
    fn execute(
        &self,
        rules: &StRules,
        st: &mut StState,
        dice: &mut Dice,
        log: &mut GameLog,
        cmd: &StCommand,
    ) {
        let mut g = Game {
            rules,
            st,
            dice,
            log,
        };
        let side = g.st.g.op.as_ref().map(|o| o.side).unwrap_or(Side::Prussia);
        match *cmd {
            StCommand::Done => {
                g.end_use();
                return;
            }
            StCommand::Mobilize { unit } => {
                let cost = rules.echelon(unit).mobilize_cost();
                g.st.units[unit as usize].reduced = false;
                if let Some(o) = g.st.g.op.as_mut() {
                    o.ops -= cost.min(o.ops);
                }
                let at = g.st.units[unit as usize]
                    .loc
                    .space()
                    .map(|s| rules.space_name(s))
                    .unwrap_or_default();
                let n = rules.unit_name(unit);
                g.say(
                    "6.21",
                    format!("{}: {n} at {at} is mobilized ({cost} OP)", side.name()),
                );
            }
            StCommand::Appoint { general, at } => {
                g.st.generals[general as usize].loc = Loc::Space(at);
                if let Some(o) = g.st.g.op.as_mut() {
                    o.ops = o.ops.saturating_sub(1);
                }
                let n = rules.gen_name(general);
                let a = rules.space_name(at);
                g.say(
                    "18.4",
                    format!("{}: {n} is mobilized at {a} (1 OP)", side.name()),
                );
            }
            _ => return,
        }
        if g.st.g.op.as_ref().is_some_and(|o| o.ops == 0) {
            g.end_use();
        }
    }
}

/// Spaces with a combat unit of `side` where a general may be placed (6.21, 18.1).
pub fn friendly_unit_spaces(rules: &StRules, st: &StState, side: Side) -> Vec<usize> {
    let mut v: Vec<usize> = st
        .units
        .iter()
        .enumerate()
        .filter(|(i, _)| rules.side(*i as u16) == side)
        .filter_map(|(_, u)| u.loc.space())
        .filter(|&s| {
            rules
                .map
                .spaces
                .get(s)
                .is_some_and(|x| x.kind != SpaceKind::Junction)
        })
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

pub fn check_appoint(
    rules: &StRules,
    st: &StState,
    side: Side,
    ops: u8,
    general: GenId,
    at: usize,
) -> Result<(), Refusal> {
    let Some(d) = rules.general(general) else {
        return Err(Refusal::new("6.21", "no such general"));
    };
    if d.side() != side {
        return Err(Refusal::new("6.21", format!("{} is not yours", d.name)));
    }
    if st.generals[general as usize].loc != Loc::Pool {
        return Err(Refusal::new(
            "6.21",
            format!("{} is not in the General Holding Area", d.name),
        ));
    }
    if ops < 1 {
        return Err(Refusal::new("6.21", "no OP left"));
    }
    if !flow::appointable(rules, st, side).contains(&general) {
        return Err(Refusal::new(
            "18.4",
            format!(
                "generals are mobilized in seniority order: a more senior {} general must come before {}",
                d.pool.name(),
                d.name
            ),
        ));
    }
    if !friendly_unit_spaces(rules, st, side).contains(&at) {
        return Err(Refusal::new(
            "6.21",
            "a general is placed on a space with a friendly combat unit",
        ));
    }
    Ok(())
}
