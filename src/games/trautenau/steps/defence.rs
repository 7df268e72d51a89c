//! 9.5.3 A, 9.5.4: the assaulted side fires in defence (sharing its points among the
//! attackers of a coordinated assault, with a supporting battery, 9.5.6, and units that
//! join the fire, 9.5.1) or falls back before combat.

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
            "{}: defend (share your points among the attackers in the panel) or fall back before combat to a highlighted hex (9.5.3, 9.5.4).",
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

pub fn defenders(rules: &TsRules, st: &TsState, a: &Assault) -> Vec<UnitId> {
    let side = a
        .attackers
        .first()
        .map(|(u, _)| side_of(rules, *u).other())
        .unwrap_or(Side::Austria);
    friends_at(rules, st, side, a.target)
}

/// The defending stack's combat points (9.5.3 A), plus a supporting battery (9.5.6) and
/// the units that join the fire (9.5.1).
pub fn defence_pool(
    rules: &TsRules,
    st: &TsState,
    a: &Assault,
    support: Option<UnitId>,
    helpers: &[UnitId],
) -> u8 {
    let mut p: u32 = defenders(rules, st, a)
        .iter()
        .map(|&u| rules.units[u as usize].combat as u32)
        .sum();
    for &s in support.iter().chain(helpers) {
        p += rules.units.get(s as usize).map_or(0, |d| d.combat as u32);
    }
    p.min(60) as u8
}

/// 9.5.1: the attackers of `a` (by index) standing in one of `h`'s front hexes.
pub fn helper_reach(rules: &TsRules, st: &TsState, a: &Assault, h: UnitId) -> Vec<usize> {
    let front = rules::front_hexes(rules, st, h);
    a.attackers
        .iter()
        .enumerate()
        .filter(|(_, (u, _))| on_map(st, *u).is_some_and(|c| front.contains(&c)))
        .map(|(k, _)| k)
        .collect()
}

/// 9.5.1: "any enemy unit with an attacking unit in one of its front hexes may participate
/// in defensive fire if it is not already engaged in another combat". The units of the
/// defender outside the assaulted hex with an attacker of assault `ai` in a front hex,
/// neither in a hex assaulted by another assault of this activation nor already firing
/// with another one. The defender chooses which of them join (TsCommand::Defend).
pub fn defence_helpers(rules: &TsRules, st: &TsState, ai: usize) -> Vec<UnitId> {
    let Some(a) = st.g.assaults.get(ai) else {
        return vec![];
    };
    let Some(side) = a.attackers.first().map(|(u, _)| side_of(rules, *u).other()) else {
        return vec![];
    };
    let mut out = Vec::new();
    for u in 0..st.units.len() as UnitId {
        let Some(h) = on_map(st, u) else { continue };
        if side_of(rules, u) != side || h == a.target {
            continue;
        }
        let engaged =
            st.g.assaults
                .iter()
                .enumerate()
                .any(|(j, o)| j != ai && (o.target == h || o.helpers.contains(&u)));
        if engaged || helper_reach(rules, st, a, u).is_empty() {
            continue;
        }
        out.push(u);
    }
    out
}

/// 9.5.1, 9.5.2, 9.5.6: is this defence (shares, support, joining units) allowed?
pub fn defend_refusal(
    rules: &TsRules,
    st: &TsState,
    ai: usize,
    split: &[u8],
    support: Option<UnitId>,
    helpers: &[UnitId],
) -> Result<(), Refusal> {
    let Some(a) = st.g.assaults.get(ai) else {
        return Err(Refusal::new("9.5.3", "no such assault"));
    };
    let view = rules::view(rules, st);
    if let Some(s) = support
        && !support_options(rules, st, &view, a).contains(&s)
    {
        return Err(Refusal::new(
            "9.5.6",
            "that battery cannot support: it must be of the defender's formation, not attacked, unused this activation, with every attacker at half range and in sight",
        ));
    }
    let eligible = defence_helpers(rules, st, ai);
    for (k, h) in helpers.iter().enumerate() {
        if !eligible.contains(h) || Some(*h) == support || helpers[..k].contains(h) {
            return Err(Refusal::new(
                "9.5.1",
                "only a unit of the defender with an attacker in one of its front hexes, not engaged in another combat, may join the defensive fire, once",
            ));
        }
    }
    let n = if a.coordinated { a.attackers.len() } else { 1 };
    if split.len() != n {
        return Err(Refusal::new(
            "9.5.2",
            format!("give one share per attacking unit ({n})"),
        ));
    }
    let pool = defence_pool(rules, st, a, support, helpers);
    let sum: u32 = split.iter().map(|&x| x as u32).sum();
    if sum != pool as u32 {
        return Err(Refusal::new(
            "9.5.2",
            format!("the shares add up to {sum}; the defence has {pool} points to share"),
        ));
    }
    // 9.5.1: a joining unit fires only at attackers in its front hexes. For every set S
    // of attackers, the shares against S must fit the points that may reach S.
    if !helpers.is_empty() && n > 1 && n <= 12 {
        let base = defence_pool(rules, st, a, support, &[]) as u32;
        let reach: Vec<(u32, Vec<usize>)> = helpers
            .iter()
            .map(|&h| {
                (
                    rules.units[h as usize].combat as u32,
                    helper_reach(rules, st, a, h),
                )
            })
            .collect();
        for mask in 1u32..(1 << n) {
            let want: u32 = (0..n)
                .filter(|k| mask & (1 << k) != 0)
                .map(|k| split[k] as u32)
                .sum();
            let can: u32 = base
                + reach
                    .iter()
                    .filter(|(_, r)| r.iter().any(|k| mask & (1 << k) != 0))
                    .map(|(p, _)| *p)
                    .sum::<u32>();
            if want > can {
                return Err(Refusal::new(
                    "9.5.1",
                    "a unit that joins the defensive fire fires only at the attackers in its front hexes",
                ));
            }
        }
    }
    Ok(())
}

/// 9.5.4: hexes the defenders `defs` (the stack or one unit of it) may fall back to
/// together before combat, with facings.
pub fn retreat_before_options(
    rules: &TsRules,
    st: &TsState,
    view: &View,
    a: &Assault,
    defs: &[UnitId],
) -> Vec<(Coord, Dir)> {
    let Some(&first) = defs.first() else {
        return vec![];
    };
    let att_mp = a
        .attackers
        .iter()
        .map(|(u, _)| rules.units[*u as usize].movement)
        .max()
        .unwrap_or(0);
    if defs
        .iter()
        .any(|&u| rules.units[u as usize].movement < att_mp)
    {
        return vec![];
    }
    let enemies: Vec<Coord> = a
        .attackers
        .iter()
        .filter_map(|(u, _)| on_map(st, *u))
        .collect();
    let f = st.units[first as usize].facing;
    let hour = rules_hour(st);
    // 9.5.4: never into an enemy ZoC without a friendly unit there.
    let mut ends: Vec<Coord> =
        rules::retreat_options(rules, st, view, first, a.target, &enemies, hour)
            .into_iter()
            .filter(|(_, loss)| !loss)
            .map(|(c, _)| c)
            .collect();
    // 9.5.4: cavalry facing only infantry may go up to two hexes.
    let cav = defs
        .iter()
        .all(|&u| rules.units[u as usize].arm == Arm::Cavalry);
    let vs_inf = a
        .attackers
        .iter()
        .all(|(u, _)| rules.units[*u as usize].arm.is_infantry());
    if cav && vs_inf {
        let mut more = Vec::new();
        for &c in &ends {
            if !view.units_at(c).is_empty() {
                continue;
            }
            for (c2, loss) in rules::retreat_options(rules, st, view, first, c, &enemies, hour) {
                if !loss && c2 != a.target && c2.distance(a.target) == 2 && !ends.contains(&c2) {
                    more.push(c2);
                }
            }
        }
        more.sort();
        more.dedup();
        ends.extend(more);
    }
    let mut out = Vec::new();
    for to in ends {
        // The whole stack must fit where it goes.
        let mut arms: Vec<Arm> = view
            .units_at(to)
            .iter()
            .map(|&x| rules.units[x as usize].arm)
            .collect();
        arms.extend(defs.iter().map(|&x| rules.units[x as usize].arm));
        if !rules::stack_ok(&arms, is_town(rules, to)) {
            continue;
        }
        for fc in [f, rot(f, 1), rot(f, 5)] {
            if end_facings(rules, st, view, first, to).contains(&fc) {
                out.push((to, fc));
            }
        }
    }
    out
}

/// 9.5.6: artillery of a defending unit's formation, not itself attacked, not used yet
/// in this activation, with the attackers at half its range and in its line of sight.
pub fn support_options(rules: &TsRules, st: &TsState, view: &View, a: &Assault) -> Vec<UnitId> {
    let defs = defenders(rules, st, a);
    let forms: Vec<usize> = defs
        .iter()
        .map(|&u| rules.unit_formation[u as usize])
        .collect();
    let attacked: Vec<Coord> =
        st.g.assaults
            .iter()
            .filter(|x| !x.resolved)
            .map(|x| x.target)
            .collect();
    let occupied = |c: Coord| !view.units_at(c).is_empty();
    let mut out = Vec::new();
    for (i, d) in rules.units.iter().enumerate() {
        let u = i as UnitId;
        let Some(h) = on_map(st, u) else { continue };
        if d.arm != Arm::Artillery
            || defs.contains(&u)
            || !forms.contains(&rules.unit_formation[i])
            || st.units[i].support_used
            || attacked.contains(&h)
        {
            continue;
        }
        let half = d.range.div_ceil(2) as u32;
        let ok = a.attackers.iter().all(|(x, _)| {
            on_map(st, *x).is_some_and(|c| {
                c.distance(h) <= half
                    && !(c.distance(h) == 1 && los::adjacent_across_steep(&rules.map, h, c))
                    && los::line_of_sight(&rules.map, &occupied, h, c).clear
            })
        });
        if ok {
            out.push(u);
        }
    }
    out
}

impl Game<'_> {
    pub(crate) fn retreat_before(
        &mut self,
        a: usize,
        to: Coord,
        facing: Dir,
        unit: Option<UnitId>,
    ) {
        let Some(asl) = self.st.g.assaults.get(a).cloned() else {
            return;
        };
        let defs: Vec<UnitId> = match unit {
            Some(u) => vec![u],
            None => defenders(self.rules, self.st, &asl),
        };
        let att_mp = asl
            .attackers
            .iter()
            .map(|(u, _)| self.rules.units[*u as usize].movement)
            .max()
            .unwrap_or(0);
        let side = asl
            .attackers
            .first()
            .map(|(u, _)| side_of(self.rules, *u).other())
            .unwrap_or(Side::Austria);
        if let Some(&first) = defs.first() {
            let enemies: Vec<Coord> = asl
                .attackers
                .iter()
                .filter_map(|(u, _)| on_map(self.st, *u))
                .collect();
            self.disorganise_crossed(first, asl.target, &enemies, to, "9.5.4");
        }
        for &u in &defs {
            let i = u as usize;
            self.st.units[i].loc = Loc::Map(to);
            self.st.units[i].facing = facing;
            // 9.5.4: equal MP costs order (not for light troops).
            if self.rules.units[i].movement == att_mp && self.rules.units[i].arm != Arm::Light {
                if self.st.units[i].disorg {
                    self.lose_step(u, "9.5.4");
                } else {
                    self.st.units[i].disorg = true;
                }
            }
        }
        // the stack that stays keeps its own facing; those who join a stack take its facing
        for x in friends_at(self.rules, self.st, side, to) {
            self.st.units[x as usize].facing = facing;
        }
        self.occupy(to, side);
        self.leaders_follow(asl.target, to, side);
        let who: Vec<String> = defs.iter().map(|&u| self.uname(u)).collect();
        self.note(
            "9.5.4",
            format!(
                "{} fall(s) back from {} to {to} before combat",
                who.join(", "),
                asl.target
            ),
        );
        // 9.5.4: the rest of a split stack still faces the assault.
        if !defenders(self.rules, self.st, &asl).is_empty() {
            self.st
                .g
                .pending
                .insert(0, Pending::Defence { assault: a as u8 });
            return;
        }
        self.after_retreat(AfterRetreat::MayOccupy {
            assault: a as u8,
            hex: asl.target,
        });
    }

    pub(crate) fn defensive_fire(&mut self, a: usize, choice: combat::DefenceChoice) {
        let Some(asl) = self.st.g.assaults.get(a).cloned() else {
            return;
        };
        // The same function shows the odds before the defender commits.
        let fires = combat::defence_fires(self.rules, self.st, &asl, &choice);
        if let Some(s) = choice.support {
            self.st.units[s as usize].support_used = true;
            self.note("9.5.6", format!("{} supports the defence", self.uname(s)));
        }
        for &h in &choice.helpers {
            self.note(
                "9.5.1",
                format!("{} joins the defensive fire", self.uname(h)),
            );
        }
        self.st.g.assaults[a].helpers = choice.helpers.clone();
        let def_side = asl
            .attackers
            .first()
            .map(|(u, _)| side_of(self.rules, *u).other())
            .unwrap_or(Side::Austria);
        let leader = defence_leader(self.rules, self.st, &asl).filter(|_| choice.commander);
        let mut leader_took_part = false;
        let mut retreating: Vec<UnitId> = Vec::new();
        for sf in fires {
            // 9.5.13: no bonus to artillery fire, so no part in it either.
            if sf.fire.die_mods.iter().any(|m| m.rule == "9.5.13") {
                leader_took_part = true;
            }
            let purpose = format!(
                "defensive fire at {}",
                self.rules.units[sf.attacker as usize].name
            );
            let out = self.roll_fire(&sf.fire, &purpose, "9.5.3");
            retreating.extend(self.apply_outcome(&[sf.attacker], out, false, "9.5.3"));
        }
        if leader_took_part && let Some(l) = leader {
            self.commander_casualty(l as usize, def_side);
        }
        self.check_demoralisation();
        let enemies = vec![asl.target];
        if retreating.is_empty() {
            self.attack(a);
        } else {
            let from = on_map(self.st, retreating[0]).unwrap_or(asl.target);
            self.st.g.pending.insert(
                0,
                Pending::Retreat {
                    units: retreating,
                    from,
                    enemies,
                    hexes: 1,
                    rule: "9.5.8".into(),
                    after: AfterRetreat::Attack { assault: a as u8 },
                },
            );
        }
    }
}
