//! Results of fire and their consequences: morale tests (2), step losses and elimination
//! (9.5.7, 9.5.10), commanders who fall and their aides de camp (9.5.12, 9.5.13).

#[allow(unused_imports)]
use crate::engine::hexmap::{Coord, SideKind, Terrain};
#[allow(unused_imports)]
use crate::games::trautenau::combat::{self, FireInput, FireKind, MoraleInput, Outcome};
#[allow(unused_imports)]
use crate::games::trautenau::data::*;
use crate::games::trautenau::flow::Game;
#[allow(unused_imports)]
use crate::games::trautenau::flow::*;
#[allow(unused_imports)]
use crate::games::trautenau::los;
#[allow(unused_imports)]
use crate::games::trautenau::rules::{self, View};
#[allow(unused_imports)]
use crate::games::trautenau::state::*;

/// 9.5.13: the hexes of the units of commander `l`'s formation still in play.
pub fn aide_hexes(rules: &TsRules, st: &TsState, l: usize) -> Vec<Coord> {
    let Some(LeaderKind::Formation { formation, .. }) = rules.leaders.get(l).map(|d| &d.kind)
    else {
        return vec![];
    };
    let Some(f) = rules.formation(formation) else {
        return vec![];
    };
    let mut v: Vec<Coord> = (0..st.units.len())
        .filter(|&i| rules.unit_formation[i] == f)
        .filter_map(|i| st.units[i].loc.hex())
        .collect();
    v.sort();
    v.dedup();
    v
}

/// Commanders of the unit's side stacked with it (who may advance with it, 9.5.12/13).
pub fn leaders_with(rules: &TsRules, st: &TsState, u: UnitId) -> Vec<LeaderId> {
    let Some(h) = on_map(st, u) else {
        return vec![];
    };
    let side = side_of(rules, u);
    (0..st.leaders.len())
        .filter(|&l| rules.leaders[l].side == side && st.leaders[l].loc == Loc::Map(h))
        .take(4)
        .map(|l| l as LeaderId)
        .collect()
}

/// The formation commander stacked with the defenders of `a` who may add his bonus
/// (9.5.13: "a formation commander stacked with a unit in defence"): any formation
/// commander of the defending side in the assaulted hex, whatever his formation; of
/// several, the one with the largest bonus (the lowest id on a tie).
pub fn defence_leader(rules: &TsRules, st: &TsState, a: &Assault) -> Option<LeaderId> {
    let defs = defenders(rules, st, a);
    // 9.5.13: he gives no bonus to artillery fire (a battery defending alone).
    if defs.is_empty()
        || defs
            .iter()
            .all(|&d| rules.units[d as usize].arm == Arm::Artillery)
    {
        return None;
    }
    let side = side_of(rules, defs[0]);
    let mut best: Option<(u8, usize)> = None;
    for (l, ld) in rules.leaders.iter().enumerate() {
        let LeaderKind::Formation { bonus, .. } = ld.kind else {
            continue;
        };
        if ld.side != side || st.leaders[l].loc != Loc::Map(a.target) {
            continue;
        }
        if best.is_none_or(|(b, _)| bonus > b) {
            best = Some((bonus, l));
        }
    }
    best.map(|(_, l)| l as LeaderId)
}

/// The unit's formation commander if stacked with it (9.5.13).
pub fn bonus_leader(rules: &TsRules, st: &TsState, u: UnitId) -> Option<LeaderId> {
    let h = on_map(st, u)?;
    let f = rules.unit_formation[u as usize];
    let l = rules.formation_leader[f]?;
    (st.leaders[l].loc == Loc::Map(h)).then_some(l as LeaderId)
}

impl Game<'_> {
    pub(crate) fn morale_input(&self, u: UnitId, view: &View, rally: bool) -> MoraleInput {
        morale_input(self.rules, self.st, view, u, rally)
    }

    /// Morale test of one unit (2); true when passed.
    pub(crate) fn morale_test(&mut self, u: UnitId, why: &str) -> bool {
        let view = rules::view(self.rules, self.st);
        let mi = self.morale_input(u, &view, false);
        let mods = combat::morale_mods(&mi);
        let r = self.dice.d6(
            &format!("morale test, {} ({why})", self.rules.units[u as usize].name),
            "2",
            mods.iter()
                .map(|m| (format!("{} ({})", m.label, m.rule), m.value))
                .collect(),
        );
        let ok = combat::morale_passes(r.die, &mods);
        self.note(
            "2",
            format!(
                "{} morale test: {} gives {} — {}",
                self.uname(u),
                r.die,
                r.total,
                if ok { "passed" } else { "failed" }
            ),
        );
        ok
    }

    pub(crate) fn roll_fire(&mut self, fire: &combat::Fire, purpose: &str, rule: &str) -> Outcome {
        let mut mods: Vec<(String, i32)> = fire
            .die_mods
            .iter()
            .map(|m| (format!("{} ({})", m.label, m.rule), m.value))
            .collect();
        mods.extend(
            fire.column_mods
                .iter()
                .map(|m| (format!("column: {} ({})", m.label, m.rule), 0)),
        );
        let r = self.dice.d6(purpose, rule, mods);
        let out = fire.roll(r.die);
        self.note(
            rule,
            format!(
                "{purpose}: column {}, die {} {:+} gives {}",
                fire.column,
                r.die,
                fire.drm(),
                out.label()
            ),
        );
        out
    }

    /// Applies a result to units that took part (9.5.7). Returns the units that must retreat.
    pub(crate) fn apply_outcome(
        &mut self,
        units: &[UnitId],
        out: Outcome,
        barrage: bool,
        rule: &str,
    ) -> Vec<UnitId> {
        let mut retreat = Vec::new();
        let mut hit: Vec<UnitId> = Vec::new();
        for &u in units {
            if on_map(self.st, u).is_none() {
                continue;
            }
            // 9.5.7: D and T spare the artillery of a stack (a lone battery takes them).
            if units.len() > 1 && self.rules.units[u as usize].arm == Arm::Artillery && !barrage {
                continue;
            }
            let disorg = match out {
                Outcome::Nothing => false,
                Outcome::Test => !self.morale_test(u, "combat result T"),
                Outcome::Disorg | Outcome::DisorgLoss => true,
            };
            if disorg {
                hit.push(u);
                if self.st.units[u as usize].disorg {
                    self.note(
                        rule,
                        format!("{} is already disorganised and loses a step", self.uname(u)),
                    );
                    self.lose_step(u, "9.5.7");
                } else {
                    self.st.units[u as usize].disorg = true;
                    self.note(rule, format!("{} is disorganised", self.uname(u)));
                }
                if let Some(h) = on_map(self.st, u)
                    && !barrage
                    && !is_town_proper(self.rules, h)
                {
                    retreat.push(u);
                }
            }
        }
        if out == Outcome::DisorgLoss {
            // One unit of the stack, not artillery, takes the extra loss: the one with
            // most steps left.
            let pick = units
                .iter()
                .copied()
                .filter(|&u| {
                    on_map(self.st, u).is_some()
                        && (self.rules.units[u as usize].arm != Arm::Artillery || units.len() == 1)
                })
                .max_by_key(|&u| {
                    let d = &self.rules.units[u as usize];
                    (
                        d.morale.saturating_sub(self.st.units[u as usize].losses),
                        std::cmp::Reverse(u),
                    )
                });
            if let Some(u) = pick {
                self.note(
                    rule,
                    format!("{} takes the extra loss of D+1", self.uname(u)),
                );
                self.lose_step(u, "9.5.7");
            }
        }
        retreat.retain(|&u| on_map(self.st, u).is_some());
        retreat
    }

    pub(crate) fn lose_step(&mut self, u: UnitId, rule: &str) {
        let i = u as usize;
        if self.st.units[i].loc.hex().is_none() {
            return;
        }
        self.st.units[i].losses = self.st.units[i].losses.saturating_add(1);
        if self.st.units[i].losses >= self.rules.units[i].morale {
            self.st.units[i].losses = self.rules.units[i].morale;
            self.eliminate(u, rule);
        }
        self.check_demoralisation();
    }

    pub(crate) fn eliminate(&mut self, u: UnitId, rule: &str) {
        let i = u as usize;
        let Some(h) = self.st.units[i].loc.hex() else {
            return;
        };
        self.st.units[i].loc = Loc::Eliminated;
        self.st.units[i].losses = self.rules.units[i].morale;
        self.note(rule, format!("{} is eliminated", self.uname(u)));
        let side = self.rules.units[i].side;
        if friends_at(self.rules, self.st, side, h).is_empty() {
            // 9.5.12 / 9.5.13: commanders stacked with eliminated units fall with them.
            for l in 0..self.rules.leaders.len() {
                if self.st.leaders[l].loc == Loc::Map(h) && self.rules.leaders[l].side == side {
                    self.leader_falls(l);
                }
            }
        }
    }

    pub(crate) fn leader_falls(&mut self, l: usize) {
        match self.rules.leaders[l].kind {
            LeaderKind::Chief { .. } => {
                self.st.leaders[l].loc = Loc::Eliminated;
                self.note("9.5.12", format!("{} is lost", self.lname(l)));
            }
            LeaderKind::Formation { .. } => {
                if self.st.leaders[l].aide {
                    self.st.leaders[l].loc = Loc::Off;
                    self.st.leaders[l].returns_next_turn = true;
                    self.note(
                        "9.5.13",
                        format!("{} is lost; another comes next turn", self.lname(l)),
                    );
                } else {
                    self.note(
                        "9.5.13",
                        format!("{} is lost; his aide de camp takes over", self.lname(l)),
                    );
                    self.st.leaders[l].aide = true;
                    self.place_aide(l);
                }
            }
        }
    }

    /// 9.5.13: the aide de camp goes on a unit of the formation still in play.
    pub(crate) fn place_aide(&mut self, l: usize) {
        let LeaderKind::Formation { formation, .. } = &self.rules.leaders[l].kind else {
            return;
        };
        let Some(f) = self.rules.formation(formation) else {
            return;
        };
        let _ = f;
        let spots = aide_hexes(self.rules, self.st, l);
        match spots.as_slice() {
            [] => self.st.leaders[l].loc = Loc::Eliminated,
            [h] => {
                let h = *h;
                self.st.leaders[l].loc = Loc::Map(h);
                self.note(
                    "9.5.13",
                    format!("{} joins his formation at {h}", self.lname(l)),
                );
            }
            // 9.5.13: "any unit of the formation": the owner chooses.
            _ => {
                self.st.leaders[l].loc = Loc::Off;
                self.st.g.pending.push(Pending::PlaceAide {
                    leader: l as LeaderId,
                });
            }
        }
    }

    /// 9.5.12 / 9.5.13: after a barrage result other than "-", every commander stacked
    /// with the target rolls 2d6; 2 or 12 kills.
    pub(crate) fn commander_casualties(&mut self, hex: Coord, side: Side) {
        for l in 0..self.rules.leaders.len() {
            if self.st.leaders[l].loc == Loc::Map(hex) && self.rules.leaders[l].side == side {
                self.commander_casualty(l, side);
            }
        }
    }

    /// 9.5.12 / 9.5.13: one commander's 2d6 (if on the map); 2 or 12 kills.
    pub(crate) fn commander_casualty(&mut self, l: usize, side: Side) {
        if self.st.leaders[l].loc.hex().is_none() || self.rules.leaders[l].side != side {
            return;
        }
        let rule = if is_chief(self.rules, l) {
            "9.5.12"
        } else {
            "9.5.13"
        };
        let a = self.dice.d6(
            &format!("commander casualty, {}", self.rules.leaders[l].name),
            rule,
            vec![],
        );
        let b = self.dice.d6(
            &format!("commander casualty, {}", self.rules.leaders[l].name),
            rule,
            vec![],
        );
        if combat::commander_falls(a.die, b.die) {
            self.note(
                rule,
                format!("{} + {}: {} falls", a.die, b.die, self.lname(l)),
            );
            self.leader_falls(l);
        }
    }
}
