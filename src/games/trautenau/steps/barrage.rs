//! 9.2: the active formation's artillery may fire at enemy units in range and sight,
//! first turning one hexside if it likes.

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
pub struct Barrage;

impl PlayStep<Trautenau> for Barrage {
    fn name(&self) -> &'static str {
        "Barrage"
    }

    fn case(&self) -> &'static str {
        "9.2"
    }

    fn prompt(&self, rules: &TsRules, st: &TsState) -> String {
        format!(
            "{}: select a battery, then a highlighted enemy unit in range and sight; or end the barrages (9.2).",
            who(rules, st)
        )
    }

    fn to_act(&self, rules: &TsRules, st: &TsState) -> Option<Side> {
        active_formation_side(rules, st)
    }

    fn takes(&self, cmd: &TsCommand) -> bool {
        matches!(cmd, TsCommand::Barrage { .. } | TsCommand::Done)
    }

    fn legal(&self, rules: &TsRules, st: &TsState, out: &mut Vec<TsCommand>) {
        let view = rules::view(rules, st);
        for u in 0..st.units.len() as UnitId {
            let here = barrage_targets(rules, st, &view, u);
            for &target in &here {
                out.push(TsCommand::Barrage {
                    unit: u,
                    target,
                    turn: None,
                });
            }
            if may_barrage(rules, st, u) {
                let f = st.units[u as usize].facing;
                for turn in [rot(f, 1), rot(f, 5)] {
                    for target in turned_targets(rules, st, &view, u, turn) {
                        if !here.contains(&target) {
                            out.push(TsCommand::Barrage {
                                unit: u,
                                target,
                                turn: Some(turn),
                            });
                        }
                    }
                }
            }
        }
        out.push(TsCommand::Done);
    }

    fn check(&self, rules: &TsRules, st: &TsState, cmd: &TsCommand) -> Result<(), Refusal> {
        first_checks(rules, st, cmd)?;
        let TsCommand::Barrage { unit, target, turn } = cmd else {
            return match cmd {
                TsCommand::Done => Ok(()),
                _ => Err(other_step(rules, st, cmd)),
            };
        };
        let u = *unit;
        let view = rules::view(rules, st);
        let here = barrage_targets(rules, st, &view, u);
        let ok = match turn {
            None => here.contains(target),
            Some(t) => {
                let f = st.units[u as usize].facing;
                may_barrage(rules, st, u)
                    && (*t == rot(f, 1) || *t == rot(f, 5))
                    && !here.contains(target)
                    && turned_targets(rules, st, &view, u, *t).contains(target)
            }
        };
        if ok {
            return Ok(());
        }
        let name = unit_name(rules, u);
        if rules.units[u as usize].arm != Arm::Artillery {
            return Err(Refusal::new("9.2", format!("{name} is not artillery")));
        }
        if !acts_now(rules, st, u) {
            return Err(Refusal::new(
                "9.1",
                format!("{name} is not of the active formation"),
            ));
        }
        if st.units[u as usize].fired {
            return Err(Refusal::new("9.2.2", format!("{name} has already fired")));
        }
        Err(Refusal::new(
            "9.2",
            "the target must be an enemy unit within range and in line of sight (turning one hexside at most)",
        ))
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
            TsCommand::Barrage { unit, target, turn } => {
                if let Some(t) = turn {
                    turn_stack(rules, g.st, unit, t);
                }
                g.barrage(unit, target);
            }
            TsCommand::Done => g.st.g.step = Step::Movement,
            _ => {}
        }
    }
}

/// 9.2: the targets of `u` once turned to `turn`.
fn turned_targets(
    rules: &TsRules,
    st: &TsState,
    view: &View,
    u: UnitId,
    turn: crate::games::trautenau::data::Dir,
) -> Vec<UnitId> {
    // Turning changes facings only: the occupancy of the view stays as it is.
    targets_facing(rules, st, view, u, Some(turn))
}

/// Whether any battery may fire now.
fn any_barrage(rules: &TsRules, st: &TsState) -> bool {
    let view = rules::view(rules, st);
    (0..st.units.len() as UnitId).any(|u| {
        if !may_barrage(rules, st, u) {
            return false;
        }
        let here = barrage_targets(rules, st, &view, u);
        if !here.is_empty() {
            return true;
        }
        let f = st.units[u as usize].facing;
        [rot(f, 1), rot(f, 5)]
            .into_iter()
            .any(|t| !turned_targets(rules, st, &view, u, t).is_empty())
    })
}

impl Game<'_> {
    /// No battery may fire: the movement begins.
    pub(crate) fn barrage_auto(&mut self) -> bool {
        if !any_barrage(self.rules, self.st) {
            self.st.g.step = Step::Movement;
            return true;
        }
        false
    }
}

pub fn may_barrage(rules: &TsRules, st: &TsState, u: UnitId) -> bool {
    let d = &rules.units[u as usize];
    let s = &st.units[u as usize];
    d.arm == Arm::Artillery
        && on_map(st, u).is_some()
        && acts_now(rules, st, u)
        && !s.fired
        && !s.moved
}

/// 9.2: enemy units the artillery unit can fire at: in range, in line of sight, not
/// adjacent across a steep slope.
pub fn barrage_targets(rules: &TsRules, st: &TsState, view: &View, u: UnitId) -> Vec<UnitId> {
    targets_facing(rules, st, view, u, None)
}

/// [`barrage_targets`] with the battery (and its stack) turned to `facing` first.
fn targets_facing(
    rules: &TsRules,
    st: &TsState,
    view: &View,
    u: UnitId,
    facing: Option<Dir>,
) -> Vec<UnitId> {
    if !may_barrage(rules, st, u) {
        return vec![];
    }
    let Some(from) = on_map(st, u) else {
        return vec![];
    };
    let d = &rules.units[u as usize];
    let occupied = |c: Coord| !view.units_at(c).is_empty();
    let mut out = Vec::new();
    for c in rules.map.within(from, d.range as u32) {
        if c == from || view.side_at(c) != Some(d.side.other()) {
            continue;
        }
        if !los::barrage_range_ok(&rules.map, from, c, d.range) {
            continue;
        }
        if from.distance(c) == 1 && los::adjacent_across_steep(&rules.map, from, c) {
            continue;
        }
        if !los::line_of_sight(&rules.map, &occupied, from, c).clear {
            continue;
        }
        if !in_front_arc(from, facing.unwrap_or(st.units[u as usize].facing), c) {
            continue;
        }
        out.extend(view.units_at(c).iter().copied());
    }
    out
}

/// 4, 9.2: a battery fires into its front: the half-plane ahead of its facing, bounded
/// where the front hexsides meet the flank ones (our reading: the rules let a battery
/// turn one hexside before a barrage, so it does not fire all round).
pub fn in_front_arc(from: Coord, facing: Dir, to: Coord) -> bool {
    let (x0, y0) = from.centre();
    let (xf, yf) = from.neighbor(facing).centre();
    let (xt, yt) = to.centre();
    (xf - x0) * (xt - x0) + (yf - y0) * (yt - y0) > -1e-3
}

impl Game<'_> {
    pub(crate) fn barrage(&mut self, u: UnitId, target: UnitId) {
        // The same function shows the odds before the player fires.
        let fire = combat::barrage_fire(self.rules, self.st, u, target);
        self.st.units[u as usize].fired = true;
        let purpose = format!(
            "barrage by {} at {}",
            self.rules.units[u as usize].name, self.rules.units[target as usize].name
        );
        let out = self.roll_fire(&fire, &purpose, "9.2.2");
        if out != Outcome::Nothing {
            self.apply_outcome(&[target], out, true, "9.2.2");
            if let Some(h) = on_map(self.st, target) {
                self.commander_casualties(h, side_of(self.rules, target));
            }
        }
        self.check_demoralisation();
    }

    pub fn barrage_input(&self, u: UnitId, target: UnitId, view: &View) -> FireInput {
        let _ = view;
        barrage_input(self.rules, self.st, u, target)
    }
}
