//! 9.5.8: a unit that must retreat after combat goes one hex away from the attackers,
//! its owner choosing where; a unit with nowhere to go loses a step.

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
pub struct Retreat;

impl PlayStep<Trautenau> for Retreat {
    fn name(&self) -> &'static str {
        "Retreat"
    }

    fn case(&self) -> &'static str {
        "9.5.8"
    }

    fn prompt(&self, rules: &TsRules, st: &TsState) -> String {
        let unit = match st.g.pending.first() {
            Some(Pending::Retreat { units, .. }) => units
                .first()
                .map(|u| rules.units[*u as usize].name.as_str())
                .unwrap_or(""),
            _ => "",
        };
        format!(
            "{}: retreat {unit} to a highlighted hex away from the attackers (9.5.8).",
            who(rules, st)
        )
    }

    fn to_act(&self, rules: &TsRules, st: &TsState) -> Option<Side> {
        let Some(Pending::Retreat { units, .. }) = st.g.pending.first() else {
            return None;
        };
        Some(
            units
                .first()
                .map(|u| side_of(rules, *u))
                .unwrap_or(Side::Prussia),
        )
    }

    fn takes(&self, cmd: &TsCommand) -> bool {
        matches!(cmd, TsCommand::Retreat { .. })
    }

    fn legal(&self, rules: &TsRules, st: &TsState, out: &mut Vec<TsCommand>) {
        if let Some(Pending::Retreat {
            units,
            from,
            enemies,
            ..
        }) = st.g.pending.first()
            && let Some(&u) = units.first()
        {
            let view = rules::view(rules, st);
            out.extend(retreat_commands(rules, st, &view, u, *from, enemies));
        }
    }

    fn check(&self, rules: &TsRules, st: &TsState, cmd: &TsCommand) -> Result<(), Refusal> {
        first_checks(rules, st, cmd)?;
        if !self.takes(cmd) {
            return Err(other_step(rules, st, cmd));
        }
        let mut legal = Vec::new();
        self.legal(rules, st, &mut legal);
        if legal.contains(cmd) {
            return Ok(());
        }
        Err(Refusal::new(
            "9.5.8",
            "retreat one hex, away from the attackers, avoiding enemy ZoC and then dear terrain first, turning at most one hexside",
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
            game(rules, st, dice, log).retreat_unit(unit, to, facing);
        }
    }
}

impl Game<'_> {
    /// 9.5.8: a retreat with nowhere to go resolves itself: the unit loses a step.
    pub(crate) fn retreat_auto(&mut self) -> bool {
        let mut legal = Vec::new();
        Retreat.legal(self.rules, self.st, &mut legal);
        if legal.is_empty()
            && let Some(Pending::Retreat {
                mut units,
                from,
                enemies,
                hexes,
                rule,
                after,
            }) = self.pop_pending()
        {
            if !units.is_empty() {
                let u = units.remove(0);
                self.note(
                    "9.5.8",
                    format!("{} cannot retreat and loses a step", self.uname(u)),
                );
                self.lose_step(u, "9.5.8");
            }
            self.continue_retreat(units, from, enemies, hexes, rule, after);
            return true;
        }
        false
    }
}

/// Retreat moves of `u` from `from` away from `enemies`, with the facings it may take
/// (9.5.8: one hexside of change).
pub fn retreat_commands(
    rules: &TsRules,
    st: &TsState,
    view: &View,
    u: UnitId,
    from: Coord,
    enemies: &[Coord],
) -> Vec<TsCommand> {
    let mut out = Vec::new();
    let f = st.units[u as usize].facing;
    for (to, _) in rules::retreat_options(rules, st, view, u, from, enemies, rules_hour(st)) {
        for fc in [f, rot(f, 1), rot(f, 5)] {
            if end_facings(rules, st, view, u, to).contains(&fc) {
                out.push(TsCommand::Retreat {
                    unit: u,
                    to,
                    facing: fc,
                });
            }
        }
    }
    out
}

impl Game<'_> {
    /// 9.5.4 / 9.5.8: a unit retreating from `from` to `to` through over-stacked hexes of
    /// friendly units disorganises the units of the hexes it crosses.
    pub(crate) fn disorganise_crossed(
        &mut self,
        u: UnitId,
        from: Coord,
        enemies: &[Coord],
        to: Coord,
        rule: &str,
    ) {
        let view = rules::view(self.rules, self.st);
        let side = side_of(self.rules, u);
        let through =
            rules::retreat_paths(self.rules, self.st, &view, u, from, enemies, self.st.g.hour)
                .into_iter()
                .find(|o| o.to == to)
                .map(|o| o.through)
                .unwrap_or_default();
        for h in through {
            for &x in view.units_at(h) {
                if side_of(self.rules, x) == side && !self.st.units[x as usize].disorg {
                    self.st.units[x as usize].disorg = true;
                    self.note(
                        rule,
                        format!("{} is disorganised by a retreat through {h}", self.uname(x)),
                    );
                }
            }
        }
    }

    pub(crate) fn retreat_unit(&mut self, u: UnitId, to: Coord, facing: Dir) {
        let Some(Pending::Retreat {
            mut units,
            from,
            enemies,
            hexes,
            rule,
            after,
        }) = self.pop_pending()
        else {
            return;
        };
        units.retain(|&x| x != u);
        let side = side_of(self.rules, u);
        self.disorganise_crossed(u, from, &enemies, to, &rule);
        let view = rules::view(self.rules, self.st);
        let zoc_loss = rules::in_enemy_zoc(self.rules, self.st, &view, side, to)
            && view.side_at(to) != Some(side);
        let i = u as usize;
        self.st.units[i].loc = Loc::Map(to);
        self.st.units[i].facing = facing;
        self.occupy(to, side);
        self.note(&rule, format!("{} retreats to {to}", self.uname(u)));
        // Friends crossed or joined are disorganised when the stack is over its limit
        // (9.5.8); turning the stack keeps facings equal (4).
        for &x in view.units_at(to) {
            if side_of(self.rules, x) == side {
                self.st.units[x as usize].facing = facing;
            }
        }
        self.leaders_follow(from, to, side);
        if zoc_loss {
            self.note(
                "5.1",
                format!(
                    "{} retreats into an enemy ZoC and loses a step",
                    self.uname(u)
                ),
            );
            self.lose_step(u, "5.1");
        }
        self.continue_retreat(units, from, enemies, hexes, rule, after);
    }

    /// The next unit of a retreat waits for its owner; when none is left, what follows
    /// the retreat happens (9.5.8, 9.5.9).
    pub(crate) fn continue_retreat(
        &mut self,
        units: Vec<UnitId>,
        from: Coord,
        enemies: Vec<Coord>,
        hexes: u8,
        rule: String,
        after: AfterRetreat,
    ) {
        if units.is_empty() {
            self.after_retreat(after);
        } else {
            self.st.g.pending.insert(
                0,
                Pending::Retreat {
                    units,
                    from,
                    enemies,
                    hexes,
                    rule,
                    after,
                },
            );
        }
    }

    pub(crate) fn after_retreat(&mut self, after: AfterRetreat) {
        match after {
            AfterRetreat::Nothing => {}
            AfterRetreat::Attack { assault } => self.attack(assault as usize),
            AfterRetreat::Advance { assault, hex } | AfterRetreat::MayOccupy { assault, hex } => {
                let view = rules::view(self.rules, self.st);
                if !view.units_at(hex).is_empty() {
                    return;
                }
                let candidates = advance_candidates(self.rules, self.st, assault as usize, hex);
                let optional = matches!(after, AfterRetreat::MayOccupy { .. });
                // 9.5.1: a unit advances only once all its combats are resolved.
                if let Some(&u) = candidates.iter().find(|&&u| busy(self.st, u)) {
                    self.st.g.deferred.push((assault, hex, optional));
                    self.note(
                        "9.5.1",
                        format!(
                            "The advance into {hex} waits until {} has fought its other assaults",
                            self.uname(u)
                        ),
                    );
                    return;
                }
                if !candidates.is_empty() {
                    self.st.g.pending.insert(
                        0,
                        Pending::Advance {
                            hex,
                            candidates,
                            optional,
                        },
                    );
                }
            }
        }
    }

    /// Commanders stacked in `from` retreat with their units to `to` (9.5.12/13: always;
    /// with the last unit to leave when the stack splits).
    pub(crate) fn leaders_follow(&mut self, from: Coord, to: Coord, side: Side) {
        if !friends_at(self.rules, self.st, side, from).is_empty() {
            return;
        }
        for l in 0..self.rules.leaders.len() {
            if self.rules.leaders[l].side == side && self.st.leaders[l].loc == Loc::Map(from) {
                self.st.leaders[l].loc = Loc::Map(to);
            }
        }
    }
}
