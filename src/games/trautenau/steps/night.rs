//! 13.2: the night between the days of the linked game: units in an enemy ZoC on
//! protection-1 ground fall back one hex as in a retreat after combat, the first day's
//! loser first (Prussia on a tie); the loser's units then test their morale.

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
pub struct NightFallBack;

impl PlayStep<Trautenau> for NightFallBack {
    fn name(&self) -> &'static str {
        "Night"
    }

    fn case(&self) -> &'static str {
        "13.2"
    }

    fn prompt(&self, rules: &TsRules, st: &TsState) -> String {
        format!(
            "{}: night. Select each marked unit in an enemy ZoC on open ground, then a highlighted hex one hex back (13.2).",
            who(rules, st)
        )
    }

    fn to_act(&self, _rules: &TsRules, st: &TsState) -> Option<Side> {
        match st.g.step {
            Step::NightFallBack(s) => Some(s),
            _ => None,
        }
    }

    fn takes(&self, cmd: &TsCommand) -> bool {
        matches!(cmd, TsCommand::Retreat { .. })
    }

    fn legal(&self, rules: &TsRules, st: &TsState, out: &mut Vec<TsCommand>) {
        if let Step::NightFallBack(side) = st.g.step {
            let view = rules::view(rules, st);
            for u in night_candidates(rules, st, &view, side) {
                out.extend(night_retreats(rules, st, &view, u));
            }
        }
    }

    fn check(&self, rules: &TsRules, st: &TsState, cmd: &TsCommand) -> Result<(), Refusal> {
        first_checks(rules, st, cmd)?;
        let (Step::NightFallBack(side), TsCommand::Retreat { unit, .. }) = (st.g.step, cmd) else {
            return Err(other_step(rules, st, cmd));
        };
        let view = rules::view(rules, st);
        if must_fall_back_tonight(rules, st, &view, side, *unit)
            && night_retreats(rules, st, &view, *unit).contains(cmd)
        {
            return Ok(());
        }
        Err(Refusal::new(
            "13.2",
            "only a unit in an enemy ZoC on protection-1 ground falls back, one hex as in a retreat after combat (9.5.8)",
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
        if let TsCommand::Retreat { unit, to, facing } = *cmd {
            game(rules, st, dice, log).night_fall_back(unit, to, facing);
        }
    }
}

/// 13.2: a unit of `side` in an enemy ZoC on protection-1 ground that has not fallen
/// back yet.
fn must_fall_back_tonight(
    rules: &TsRules,
    st: &TsState,
    view: &rules::View,
    side: Side,
    u: UnitId,
) -> bool {
    rules.units[u as usize].side == side
        && !st.g.handled.contains(&u)
        && st.units[u as usize].loc.hex().is_some_and(|h| {
            crate::games::trautenau::flow::protection(rules, h) == 1
                && rules::in_enemy_zoc(rules, st, view, side, h)
        })
}

/// 13.2: the units of `side` that must still fall back.
pub fn night_candidates(
    rules: &TsRules,
    st: &TsState,
    view: &rules::View,
    side: Side,
) -> Vec<UnitId> {
    (0..st.units.len() as UnitId)
        .filter(|&u| must_fall_back_tonight(rules, st, view, side, u))
        .collect()
}

impl Game<'_> {
    /// Every unit has fallen back (a unit with nowhere to go loses a step instead,
    /// 9.5.8): the other side follows, then the second day begins.
    pub(crate) fn night_auto(&mut self) -> bool {
        let Step::NightFallBack(side) = self.st.g.step else {
            return false;
        };
        let view = rules::view(self.rules, self.st);
        let waiting = night_candidates(self.rules, self.st, &view, side);
        if waiting.is_empty() {
            self.end_night_side(side);
            return true;
        }
        if let Some(&u) = waiting
            .iter()
            .find(|&&u| night_retreats(self.rules, self.st, &view, u).is_empty())
        {
            self.st.g.handled.push(u);
            self.note(
                "13.2",
                format!("{} cannot fall back and loses a step", self.uname(u)),
            );
            self.lose_step(u, "13.2");
            self.night_test(u);
            return true;
        }
        false
    }
}

/// The enemy-held hexes next to `h` (what a unit there falls back from, 13.2).
pub fn adjacent_enemies(rules: &TsRules, view: &View, side: Side, h: Coord) -> Vec<Coord> {
    rules
        .map
        .neighbors(h)
        .map(|(_, n)| n)
        .filter(|&n| view.side_at(n) == Some(side.other()))
        .collect()
}

/// 13.2: where a unit may fall back for the night, as a retreat after combat (9.5.8).
pub fn night_retreats(rules: &TsRules, st: &TsState, view: &View, u: UnitId) -> Vec<TsCommand> {
    let Some(h) = on_map(st, u) else {
        return vec![];
    };
    let enemies = adjacent_enemies(rules, view, side_of(rules, u), h);
    retreat_commands(rules, st, view, u, h, &enemies)
}

impl Game<'_> {
    /// 13.2: `u` falls back for the night as in a retreat after combat.
    pub(crate) fn night_fall_back(&mut self, u: UnitId, to: Coord, facing: Dir) {
        let Some(from) = on_map(self.st, u) else {
            return;
        };
        self.st.g.handled.push(u);
        let side = side_of(self.rules, u);
        let view = rules::view(self.rules, self.st);
        let enemies = adjacent_enemies(self.rules, &view, side, from);
        self.disorganise_crossed(u, from, &enemies, to, "13.2");
        let zoc_loss = rules::in_enemy_zoc(self.rules, self.st, &view, side, to)
            && view.side_at(to) != Some(side);
        let i = u as usize;
        self.st.units[i].loc = Loc::Map(to);
        self.st.units[i].facing = facing;
        for &x in view.units_at(to) {
            if side_of(self.rules, x) == side {
                self.st.units[x as usize].facing = facing;
            }
        }
        self.occupy(to, side);
        self.leaders_follow(from, to, side);
        self.note(
            "13.2",
            format!("{} falls back to {to} for the night", self.uname(u)),
        );
        if zoc_loss {
            self.lose_step(u, "5.1");
        }
        self.night_test(u);
    }

    /// 13.2: a unit of the day's loser that fell back tests its morale.
    pub(crate) fn night_test(&mut self, u: UnitId) {
        if self.st.g.night_loser == Some(side_of(self.rules, u))
            && on_map(self.st, u).is_some()
            && !self.morale_test(u, "the night after a lost battle (13.2)")
        {
            self.st.units[u as usize].disorg = true;
        }
    }

    /// 13.2: one side has fallen back; the other follows, then day two begins.
    pub(crate) fn end_night_side(&mut self, side: Side) {
        self.st.g.handled.clear();
        // 13.2: the loser falls back first, Prussia on a tie.
        if self.st.g.night_loser.unwrap_or(Side::Prussia) == side {
            self.st.g.step = Step::NightFallBack(side.other());
        } else {
            self.st.g.night_loser = None;
            self.begin_day_two(false);
        }
    }
}
