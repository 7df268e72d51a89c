//! Combat (7.3, 7.4): who takes part and at what strength, the odds, every modifier, the
//! exact probability of each result, and the resolution.
//!
//! One source: [`plan_with`] lists the units, the odds and the modifiers; the combat panel
//! shows it with [`CombatPlan::results`] (the exact chance of each CRT result, counting the
//! uncertainty of the participation rolls); [`resolve_with`] rolls the participation dice,
//! then evaluates the very same plan with [`evaluate`] and reads the CRT through the same
//! [`cell_for`] the preview enumerates. docs/games/sadowa-combat.md gives every reading.

use super::charts::Charts;
use super::data::{Kind, SdRules, Side, UnitId};
use super::flow::{Game, adjacent, controller, hex_of, is_fortress, unit, units_at};
use super::state::Pending;
use crate::engine::hexmap::{Coord, SideKind, Terrain};
use std::collections::BTreeMap;

pub use table::{Column, CrtCell, SideResult};

/// Why a unit takes part, and at what strength (7.3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// The activated lead attacker (7.3.1), or an activated unit of its hex that joins it (7.3).
    Lead,
    Joined,
    /// The unit attacked (7.3.1: the lead defender); it cannot decline (7.3).
    Target,
    /// Uncommitted in a lead hex: full strength (7.3.1, first bullet).
    Uncommitted,
    /// Committed with its own Headquarters stacked with it: full strength (7.3.1 second
    /// bullet, 6.3, 6.5.2).
    WithHq,
    /// Committed, no Headquarters of its own present: a morale roll for half strength
    /// (7.3.1 third bullet).
    CommittedRoll,
    /// In a hex adjacent to both lead hexes: a morale roll for half strength (7.3.1 fourth
    /// bullet).
    AdjacentRoll,
}

/// One unit of either side in the combat.
#[derive(Clone, Debug, PartialEq)]
pub struct Part {
    pub unit: UnitId,
    pub attacker: bool,
    pub hex: Coord,
    /// Printed CF.
    pub cf: u32,
    /// The CF it adds when it takes part: full or half (rounded up), before 8.7's x4.
    pub strength: u32,
    /// 8.7: quadrupled (a defender in a friendly-controlled fortress).
    pub x4: bool,
    /// Takes part only on a die roll at most its Army Morale Level.
    pub roll: bool,
    pub why: Why,
    /// The explanation shown in the panel, with its case.
    pub text: String,
    pub disrupted: bool,
    pub oos: bool,
}

impl Part {
    /// The CF it counts in the odds (x4 in a friendly fortress, 8.7).
    pub fn odds_cf(&self) -> u32 {
        if self.x4 {
            self.strength.saturating_mul(4)
        } else {
            self.strength
        }
    }
}

/// A die roll modifier or a column shift with its case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mod {
    pub what: String,
    pub rule: &'static str,
    pub value: i32,
}

/// The odds of one combination of participation outcomes.
#[derive(Clone, Debug, PartialEq)]
pub struct Odds {
    /// Attacking and defending CFs as compared (after halving and 8.7's x4).
    pub att: u32,
    pub def: u32,
    /// The CFs the Loss Point multipliers apply to (7.4): the same before 8.7's x4.
    pub att_lp_cf: u32,
    pub def_lp_cf: u32,
    /// 7.3.2: the column of the ratio, fractions dropped in the defender's favour.
    pub raw: Column,
    pub shifts: Vec<Mod>,
    /// The column after the shifts.
    pub column: Column,
    pub drms: Vec<Mod>,
    /// 7.4.3: the defender suffers 1R with no die roll and no effect on the attacker.
    pub auto: Option<CrtCell>,
}

impl Odds {
    pub fn drm(&self) -> i32 {
        self.drms.iter().map(|m| m.value).sum()
    }
}

/// The chance of one CRT result before the attack is committed, exact: `num / den`.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultChance {
    pub cell: CrtCell,
    pub num: u128,
    pub den: u128,
}

impl ResultChance {
    pub fn p(&self) -> f64 {
        self.num as f64 / self.den.max(1) as f64
    }
}

/// The chance of a final odds column (the participation rolls decide it).
#[derive(Clone, Debug, PartialEq)]
pub struct ColumnChance {
    pub column: Column,
    pub label: String,
    pub drm: i32,
    pub auto: bool,
    pub num: u128,
    pub den: u128,
}

/// Everything the combat panel shows and the resolution uses.
#[derive(Clone, Debug, PartialEq)]
pub struct CombatPlan {
    pub attacker: Side,
    pub lead: UnitId,
    pub target: UnitId,
    pub with: Vec<UnitId>,
    pub att_hex: Coord,
    pub def_hex: Coord,
    /// Every combat unit of both sides that takes part or may take part.
    pub units: Vec<Part>,
    /// Headquarters in the two lead hexes with what they do (6.3, 6.5.2).
    pub hqs: Vec<(UnitId, String)>,
    /// 6.3: only Headquarters in the defender's hex: they are eliminated, no roll.
    pub hq_alone: bool,
    /// 8.7: the defenders in the lead defender's hex are in a friendly-controlled fortress.
    pub fortress: bool,
    /// 8.7: the attackers' lead hex is their own friendly-controlled fortress.
    pub att_fortress: bool,
    /// Army Morale Levels [attacker, defender] for the participation rolls.
    pub morale: [u8; 2],
    /// 7.4.3: every combat unit in the defender's hex is Disrupted.
    pub all_disrupted: bool,
    /// Die roll modifiers fixed before the participation rolls (6.5.2, terrain).
    pub fixed_drms: Vec<Mod>,
    /// The attacking hexes, the lead's first (for the river a whole attack crosses).
    pub att_hexes: Vec<Coord>,
    /// The odds if every unit that rolls takes part, and if none does.
    pub best: Odds,
    pub worst: Odds,
    /// The distribution over final columns.
    pub columns: Vec<ColumnChance>,
    /// The exact chance of each CRT result (sums to 1).
    pub results: Vec<ResultChance>,
}

// ---------------------------------------------------------------------------------
// The CRT: the charts' functions (`table` keeps the charts' API until they are merged)
// ---------------------------------------------------------------------------------

/// 7.3.2: the column of `att` against `def`.
pub fn odds_column(charts: &Charts, att: u32, def: u32) -> Column {
    table::odds_column(charts, att, def)
}

pub fn column_label(charts: &Charts, col: Column) -> String {
    table::column_label(charts, col)
}

/// The one reading of the CRT used by both the preview and the roll: the die as rolled
/// with the odds' modifiers, or 7.4.3's automatic result.
pub fn cell_for(rules: &SdRules, odds: &Odds, die: u8) -> CrtCell {
    if let Some(c) = odds.auto {
        return c;
    }
    table::crt_cell(&rules.charts, odds.column, die as i32 + odds.drm())
}

// ---------------------------------------------------------------------------------
// The plan
// ---------------------------------------------------------------------------------

/// 6.3, 6.5.2: is `u`'s own Headquarters (or, for a Prussian unit, the GHQ) in `hex`?
fn own_hq_in(rules: &SdRules, st: &SdState, u: UnitId, hex: Coord) -> bool {
    let parent = rules.parent.get(u as usize).copied().flatten();
    units_at(rules, st, hex).into_iter().any(|h| {
        Some(h) == parent || (rules.kind(h) == Kind::Ghq && rules.side(u) == Side::Prussia)
    })
}

use super::state::SdState;

/// The hexes adjacent to both `a` and `d` (7.3, 7.3.1 fourth bullet).
pub fn flank_hexes(rules: &SdRules, a: Coord, d: Coord) -> Vec<Coord> {
    rules
        .map
        .hex
        .neighbors(a)
        .map(|(_, c)| c)
        .filter(|&c| c != d && adjacent(c, d) && rules.map.hex.contains(c))
        .collect()
}

fn half(cf: u32) -> u32 {
    cf.div_ceil(2)
}

/// 7.3.1: the activated units in `lead`'s hex that may join its attack (7.3: they need
/// not): activated combat units of the lead's side that have not attacked yet.
pub fn joiners(rules: &SdRules, st: &SdState, lead: UnitId) -> Vec<UnitId> {
    let Some(h) = hex_of(st, lead) else {
        return Vec::new();
    };
    let side = rules.side(lead);
    units_at(rules, st, h)
        .into_iter()
        .filter(|&u| {
            u != lead
                && rules.side(u) == side
                && rules.kind(u).is_combat()
                && unit(st, u).activated
                && !unit(st, u).attacked
        })
        .collect()
}

/// The combat panel's data for `lead` attacking `target` alone.
pub fn plan(rules: &SdRules, st: &SdState, lead: UnitId, target: UnitId) -> CombatPlan {
    plan_with(rules, st, lead, target, &[])
}

/// The combat panel's data for `lead` attacking `target`, joined by the activated units
/// `with` of its hex (7.3). Pure; never panics (units off the map give an empty plan).
pub fn plan_with(
    rules: &SdRules,
    st: &SdState,
    lead: UnitId,
    target: UnitId,
    with: &[UnitId],
) -> CombatPlan {
    let attacker = rules.side(lead);
    let defender = attacker.other();
    let a = hex_of(st, lead).unwrap_or(Coord::new(0, 0));
    let d = hex_of(st, target).unwrap_or(Coord::new(0, 0));
    let name = |u: UnitId| {
        rules
            .unit(u)
            .map(|x| x.name.clone())
            .unwrap_or_else(|| format!("unit {u}"))
    };
    let fortress = is_fortress(rules, d) && controller(rules, st, d) == Some(defender);
    let att_fortress = is_fortress(rules, a) && controller(rules, st, a) == Some(attacker);
    let mut units = Vec::new();
    let mut hqs = Vec::new();
    let mk =
        |u: UnitId, attacker: bool, hex: Coord, full: bool, roll: bool, why: Why, text: String| {
            let cf = rules.unit(u).map_or(0, |x| x.cf);
            let s = unit(st, u);
            Part {
                unit: u,
                attacker,
                hex,
                cf,
                strength: if full { cf } else { half(cf) },
                x4: !attacker && fortress && hex == d,
                roll,
                why,
                text,
                disrupted: s.disrupted,
                oos: s.oos,
            }
        };
    // the attacker's lead hex
    let mut active: Vec<UnitId> = vec![lead];
    active.extend(with.iter().copied().filter(|&u| u != lead));
    for &u in &active {
        let why = if u == lead { Why::Lead } else { Why::Joined };
        let role = if u == lead {
            "the lead attacker (7.3.1)"
        } else {
            "activated in the lead hex, joins the attack (7.3)"
        };
        let s = unit(st, u);
        let p = if !s.committed {
            mk(
                u,
                true,
                a,
                true,
                false,
                why,
                format!("{role}, Uncommitted: full strength"),
            )
        } else if own_hq_in(rules, st, u, a) {
            mk(
                u,
                true,
                a,
                true,
                false,
                why,
                format!("{role}, Committed with its HQ: full strength (7.3.1, 6.3)"),
            )
        } else {
            mk(
                u,
                true,
                a,
                false,
                false,
                why,
                format!("{role}, Committed without its HQ: half strength (4.3)"),
            )
        };
        units.push(p);
    }
    let lead_hex_unit = |u: UnitId, att: bool, hex: Coord| -> Option<Part> {
        let s = unit(st, u);
        if !s.committed {
            Some(mk(
                u,
                att,
                hex,
                true,
                false,
                Why::Uncommitted,
                "Uncommitted in a lead hex: full strength (7.3.1)".into(),
            ))
        } else if own_hq_in(rules, st, u, hex) {
            Some(mk(
                u,
                att,
                hex,
                true,
                false,
                Why::WithHq,
                "Committed with its HQ stacked: full strength (7.3.1, 6.3)".into(),
            ))
        } else {
            Some(mk(
                u,
                att,
                hex,
                false,
                true,
                Why::CommittedRoll,
                "Committed, no HQ of its own present: morale roll for half strength (7.3.1)".into(),
            ))
        }
    };
    for u in units_at(rules, st, a) {
        let k = rules.kind(u);
        if k.is_hq() {
            let t = if k == Kind::Ghq {
                "GHQ with the attackers: +1 on the die (6.5.2); supports them as their HQ"
            } else {
                "HQ: its Committed corps here fight at full strength (6.3)"
            };
            hqs.push((u, format!("{}: {t}", name(u))));
            continue;
        }
        // 9.4: garrisons never attack; activated units not joining stay out (7.3)
        if active.contains(&u) || k == Kind::Garrison || unit(st, u).activated {
            continue;
        }
        if let Some(p) = lead_hex_unit(u, true, a) {
            units.push(p);
        }
    }
    // the defender's lead hex
    let def_here = units_at(rules, st, d);
    let hq_alone = !def_here.is_empty() && def_here.iter().all(|&u| rules.kind(u).is_hq());
    for &u in &def_here {
        let k = rules.kind(u);
        if k.is_hq() {
            let t = if hq_alone {
                "alone in the hex attacked: eliminated (6.3)"
            } else if k == Kind::Ghq {
                "GHQ with the defenders: -1 on the die (6.5.2); supports them as their HQ"
            } else {
                "HQ: its Committed corps here fight at full strength; shares their fate (6.3)"
            };
            hqs.push((u, format!("{}: {t}", name(u))));
            continue;
        }
        if u == target {
            let s = unit(st, u);
            let p = if !s.committed {
                mk(
                    u,
                    false,
                    d,
                    true,
                    false,
                    Why::Target,
                    "the lead defender (7.3.1), Uncommitted: full strength".into(),
                )
            } else if own_hq_in(rules, st, u, d) {
                mk(
                    u,
                    false,
                    d,
                    true,
                    false,
                    Why::Target,
                    "the lead defender, Committed with its HQ: full strength (7.3.1, 6.3)".into(),
                )
            } else {
                mk(
                    u,
                    false,
                    d,
                    false,
                    false,
                    Why::Target,
                    "the lead defender cannot decline (7.3); Committed without its HQ: half strength"
                        .into(),
                )
            };
            units.insert(active.len().min(units.len()), p);
            continue;
        }
        if let Some(p) = lead_hex_unit(u, false, d) {
            units.push(p);
        }
    }
    // hexes adjacent to both lead hexes (no garrisons: they defend only their own hex)
    for f in flank_hexes(rules, a, d) {
        for u in units_at(rules, st, f) {
            let k = rules.kind(u);
            if !k.is_combat() || unit(st, u).activated {
                continue;
            }
            let att = rules.side(u) == attacker;
            units.push(mk(
                u,
                att,
                f,
                false,
                true,
                Why::AdjacentRoll,
                format!(
                    "in {f}, adjacent to both lead hexes: morale roll for half strength (7.3.1)"
                ),
            ));
        }
    }
    if fortress {
        for p in units.iter_mut().filter(|p| p.x4) {
            p.text.push_str("; x4 in its friendly fortress (8.7)");
        }
    }
    // fixed die roll modifiers
    let mut fixed_drms = Vec::new();
    let ghq_here = |h: Coord| {
        units_at(rules, st, h)
            .into_iter()
            .any(|u| rules.kind(u) == Kind::Ghq)
    };
    if attacker == Side::Prussia && ghq_here(a) {
        fixed_drms.push(Mod {
            what: "GHQ with the attackers".into(),
            rule: "6.5.2",
            value: table::ghq_attacking_drm(&rules.charts),
        });
    }
    if defender == Side::Prussia && ghq_here(d) {
        fixed_drms.push(Mod {
            what: "GHQ with the defenders".into(),
            rule: "6.5.2",
            value: table::ghq_defending_drm(&rules.charts),
        });
    }
    let all_disrupted = {
        let c: Vec<UnitId> = def_here
            .iter()
            .copied()
            .filter(|&u| !rules.kind(u).is_hq())
            .collect();
        !c.is_empty() && c.iter().all(|&u| unit(st, u).disrupted)
    };
    let mut att_hexes = vec![a];
    for p in &units {
        if p.attacker && !att_hexes.contains(&p.hex) {
            att_hexes.push(p.hex);
        }
    }
    let mut plan = CombatPlan {
        attacker,
        lead,
        target,
        with: with.to_vec(),
        att_hex: a,
        def_hex: d,
        units,
        hqs,
        hq_alone,
        fortress,
        att_fortress,
        morale: [st.g.morale[attacker.idx()], st.g.morale[defender.idx()]],
        all_disrupted,
        fixed_drms,
        att_hexes,
        best: empty_odds(),
        worst: empty_odds(),
        columns: Vec::new(),
        results: Vec::new(),
    };
    let all: Vec<bool> = plan.units.iter().map(|_| true).collect();
    let none: Vec<bool> = plan.units.iter().map(|p| !p.roll).collect();
    plan.best = evaluate(rules, st, &plan, &all);
    plan.worst = evaluate(rules, st, &plan, &none);
    distribution(rules, st, &mut plan);
    plan
}

fn empty_odds() -> Odds {
    Odds {
        att: 0,
        def: 0,
        att_lp_cf: 0,
        def_lp_cf: 0,
        raw: Column(0),
        shifts: Vec::new(),
        column: Column(0),
        drms: Vec::new(),
        auto: None,
    }
}

/// What the odds depend on, for one combination of participation outcomes.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Sums {
    att: u32,
    def: u32,
    att_lp: u32,
    def_lp: u32,
    att_oos: bool,
    def_oos: bool,
    att_disrupted: bool,
    /// Bit i: an attacking unit in `plan.att_hexes[i]` takes part.
    hexes: u32,
}

fn add(plan: &CombatPlan, s: &mut Sums, p: &Part) {
    if p.attacker {
        s.att = s.att.saturating_add(p.odds_cf());
        s.att_lp = s.att_lp.saturating_add(p.strength);
        s.att_oos |= p.oos;
        s.att_disrupted |= p.disrupted;
        if let Some(i) = plan.att_hexes.iter().position(|&h| h == p.hex) {
            s.hexes |= 1 << i.min(31);
        }
    } else {
        s.def = s.def.saturating_add(p.odds_cf());
        s.def_lp = s.def_lp.saturating_add(p.strength);
        s.def_oos |= p.oos;
    }
}

fn empty_sums() -> Sums {
    Sums {
        att: 0,
        def: 0,
        att_lp: 0,
        def_lp: 0,
        att_oos: false,
        def_oos: false,
        att_disrupted: false,
        hexes: 0,
    }
}

/// The odds when the units with `took_part[i]` take part (units that need no roll should
/// be `true`). The resolution calls it with the rolled outcomes, the preview with every
/// combination.
pub fn evaluate(rules: &SdRules, st: &SdState, plan: &CombatPlan, took_part: &[bool]) -> Odds {
    let mut s = empty_sums();
    for (i, p) in plan.units.iter().enumerate() {
        if took_part.get(i).copied().unwrap_or(!p.roll) {
            add(plan, &mut s, p);
        }
    }
    odds_of(rules, st, plan, &s)
}

fn odds_of(rules: &SdRules, _st: &SdState, plan: &CombatPlan, s: &Sums) -> Odds {
    let ch = &rules.charts;
    let raw = odds_column(ch, s.att, s.def);
    let mut shifts = Vec::new();
    if s.att_disrupted {
        shifts.push(Mod {
            what: "Disrupted attacking units take part".into(),
            rule: "7.3.1",
            value: table::disrupted_attacker_shift(ch),
        });
    }
    let mut drms = plan.fixed_drms.clone();
    if s.att_oos {
        drms.push(Mod {
            what: "an attacking unit is Out of Supply".into(),
            rule: "5.3",
            value: table::unsupplied_attacker_drm(ch),
        });
    }
    if s.def_oos {
        drms.push(Mod {
            what: "a defending unit is Out of Supply".into(),
            rule: "5.3",
            value: table::unsupplied_defender_drm(ch),
        });
    }
    // terrain of the defender's hex, and the river every attacking hex attacks across
    let d = plan.def_hex;
    let m = &rules.map.hex;
    let mut across: Option<SideKind> = None;
    let mut all_across = s.hexes != 0;
    for (i, &h) in plan.att_hexes.iter().enumerate() {
        if s.hexes & (1 << i.min(31)) == 0 {
            continue;
        }
        match m.side(h, d) {
            Some(f) if matches!(f.kind, SideKind::MinorRiver | SideKind::MajorRiver) => {
                across = Some(match (across, f.kind) {
                    (Some(SideKind::MajorRiver), _) | (_, SideKind::MajorRiver) => {
                        SideKind::MajorRiver
                    }
                    _ => SideKind::MinorRiver,
                });
            }
            _ => all_across = false,
        }
    }
    let river = if all_across { across } else { None };
    let terrain = m.terrain(d);
    let elev = m.elevation(d);
    let (tshift, tdrm) = table::terrain_combat(ch, terrain, elev, None);
    let (_, rdrm) = table::terrain_combat(ch, Terrain::Clear, 1, river);
    if tshift != 0 {
        shifts.push(Mod {
            what: format!("defender's hex ({terrain:?}, level {elev})"),
            rule: "TEC",
            value: tshift,
        });
    }
    if tdrm != 0 {
        drms.push(Mod {
            what: format!("defender's hex ({terrain:?}, level {elev})"),
            rule: "TEC",
            value: tdrm,
        });
    }
    if rdrm != 0 {
        drms.push(Mod {
            what: format!("every attacking unit attacks across a {river:?}"),
            rule: "TEC",
            value: rdrm,
        });
    }
    let column = table::column_shift(ch, raw, shifts.iter().map(|m| m.value).sum());
    let auto = if plan.all_disrupted {
        table::already_disrupted_result(ch, raw)
    } else {
        None
    };
    Odds {
        att: s.att,
        def: s.def,
        att_lp_cf: s.att_lp,
        def_lp_cf: s.def_lp,
        raw,
        shifts,
        column,
        drms,
        auto,
    }
}

/// The exact distribution: every combination of participation outcomes is summed by what
/// the odds depend on (a unit takes part with chance morale/6), then each die face.
fn distribution(rules: &SdRules, st: &SdState, plan: &mut CombatPlan) {
    if plan.hq_alone {
        return;
    }
    let mut states: BTreeMap<Sums, u128> = BTreeMap::new();
    let mut base = empty_sums();
    for p in plan.units.iter().filter(|p| !p.roll) {
        add(plan, &mut base, p);
    }
    states.insert(base, 1);
    let mut den: u128 = 1;
    for p in plan.units.iter().filter(|p| p.roll) {
        let m = plan.morale[if p.attacker { 0 } else { 1 }].min(6) as u128;
        let mut next: BTreeMap<Sums, u128> = BTreeMap::new();
        for (s, n) in &states {
            if m > 0 {
                let mut t = s.clone();
                add(plan, &mut t, p);
                *next.entry(t).or_default() += n * m;
            }
            if m < 6 {
                *next.entry(s.clone()).or_default() += n * (6 - m);
            }
        }
        states = next;
        den = den.saturating_mul(6);
        if den > 1u128 << 100 {
            break; // never with at most 4 units a hex
        }
    }
    let mut cols: Vec<ColumnChance> = Vec::new();
    let mut res: Vec<ResultChance> = Vec::new();
    for (s, n) in &states {
        let o = odds_of(rules, st, plan, s);
        let label = column_label(&rules.charts, o.column);
        match cols
            .iter_mut()
            .find(|c| c.column == o.column && c.drm == o.drm() && c.auto == o.auto.is_some())
        {
            Some(c) => c.num += n,
            None => cols.push(ColumnChance {
                column: o.column,
                label,
                drm: o.drm(),
                auto: o.auto.is_some(),
                num: *n,
                den,
            }),
        }
        for die in 1..=6u8 {
            let cell = cell_for(rules, &o, die);
            match res.iter_mut().find(|r| r.cell == cell) {
                Some(r) => r.num += n,
                None => res.push(ResultChance {
                    cell,
                    num: *n,
                    den: den * 6,
                }),
            }
        }
    }
    plan.columns = cols;
    plan.results = res;
}

// ---------------------------------------------------------------------------------
// The resolution
// ---------------------------------------------------------------------------------

/// 7.3: `lead` attacks `target` alone.
pub fn resolve(g: &mut Game, lead: UnitId, target: UnitId) {
    resolve_with(g, lead, target, &[])
}

fn uname(g: &Game, u: UnitId) -> String {
    g.rules
        .unit(u)
        .map(|x| x.name.clone())
        .unwrap_or_else(|| format!("unit {u}"))
}

/// 7.3-7.4: the attack of `lead` (joined by `with`) on `target`: participation rolls,
/// odds, the die, the results (defender first), retreats and the advance as pending
/// decisions.
pub fn resolve_with(g: &mut Game, lead: UnitId, target: UnitId, with: &[UnitId]) {
    let plan = plan_with(g.rules, g.st, lead, target, with);
    for &u in std::iter::once(&lead).chain(with.iter()) {
        if let Some(s) = g.st.units.get_mut(u as usize) {
            s.attacked = true;
        }
    }
    let (a, d) = (plan.att_hex, plan.def_hex);
    let attacker = plan.attacker;
    let defender = attacker.other();
    g.note(
        "7.3.1",
        format!(
            "{} attacks {} in {d} from {a}",
            uname(g, lead),
            uname(g, target)
        ),
    );
    if plan.hq_alone {
        let gone: Vec<UnitId> = plan
            .hqs
            .iter()
            .map(|x| x.0)
            .filter(|&h| hex_of(g.st, h) == Some(d))
            .collect();
        for h in gone {
            g.eliminate(h, "6.3", "a Headquarters alone in a hex that is attacked");
        }
        // 7.4.2: only units that took part may advance; with no roll made, those are the
        // lead and the activated units named to join it (not flank units, whose
        // participation roll never took place)
        let adv: Vec<UnitId> = plan
            .units
            .iter()
            .filter(|p| p.attacker && (p.unit == plan.lead || plan.with.contains(&p.unit)))
            .filter(|p| !unit(g.st, p.unit).disrupted)
            .map(|p| p.unit)
            .collect();
        flip_attackers(g, &plan, &[]);
        if !adv.is_empty() && g.st.g.step != super::state::Step::GameOver {
            g.st.g.pending.push(Pending::Advance {
                units: adv,
                into: d,
            });
        }
        settle(g);
        return;
    }
    // participation rolls (7.3.1)
    let mut took = Vec::with_capacity(plan.units.len());
    for p in &plan.units {
        if !p.roll {
            took.push(true);
            continue;
        }
        let side = g.rules.side(p.unit);
        let m = g.st.g.morale[side.idx()] as i32;
        let (die, _) = g.d6(
            &format!(
                "{} takes part at half strength on {m} or less ({} morale)",
                uname(g, p.unit),
                side.name()
            ),
            "7.3.1",
            vec![],
        );
        took.push(die as i32 <= m);
    }
    let odds = evaluate(g.rules, g.st, &plan, &took);
    let shifts: String = odds
        .shifts
        .iter()
        .map(|m| format!(", {:+} column {} ({})", m.value, m.what, m.rule))
        .collect();
    g.note(
        "7.3.2",
        format!(
            "{} CF against {} CF: {} column{} → {}",
            odds.att,
            odds.def,
            column_label(&g.rules.charts, odds.raw),
            shifts,
            column_label(&g.rules.charts, odds.column)
        ),
    );
    let cell = if let Some(c) = odds.auto {
        g.note(
            "7.4.3",
            "Disrupted defenders alone in their hex attacked at 1:2 or better: 1R, no roll, no effect on the attacker",
        );
        c
    } else {
        let mods: Vec<(String, i32)> = odds
            .drms
            .iter()
            .map(|m| (format!("{} ({})", m.what, m.rule), m.value))
            .collect();
        let (die, _) = g.d6(
            &format!(
                "combat on the {} column",
                column_label(&g.rules.charts, odds.column)
            ),
            "7.3.2",
            mods,
        );
        cell_for(g.rules, &odds, die)
    };
    g.note(
        "7.4",
        format!(
            "Result {}: attacker {}, defender {}",
            cell.label(),
            cell.attacker.label(),
            cell.defender.label()
        ),
    );
    let parts: Vec<&Part> = plan
        .units
        .iter()
        .zip(&took)
        .filter(|(_, t)| **t)
        .map(|(p, _)| p)
        .collect();
    let def_parts: Vec<UnitId> = parts
        .iter()
        .filter(|p| !p.attacker)
        .map(|p| p.unit)
        .collect();
    let att_parts: Vec<UnitId> = parts
        .iter()
        .filter(|p| p.attacker)
        .map(|p| p.unit)
        .collect();
    // 7.4: the defender's result first
    let def_retreat = apply_side(
        g,
        defender,
        &cell.defender,
        odds.def_lp_cf,
        &def_parts,
        d,
        plan.fortress,
    );
    let att_retreat = apply_side(
        g,
        attacker,
        &cell.attacker,
        odds.att_lp_cf,
        &att_parts,
        a,
        plan.att_fortress,
    );
    flip_attackers(g, &plan, &att_parts);
    if g.st.g.step == super::state::Step::GameOver {
        return;
    }
    // 7.4.2: the defender's hex will be empty: participating un-Disrupted attackers may
    // advance (after the retreats)
    let def_left: Vec<UnitId> = units_at(g.rules, g.st, d)
        .into_iter()
        .filter(|u| !def_retreat.contains(u))
        .collect();
    if let Some(r) = def_retreat.first().map(|_| def_retreat.clone()) {
        g.st.g.pending.push(Pending::Retreat {
            side: defender,
            units: r,
            from: d,
        });
    }
    if !att_retreat.is_empty() {
        g.st.g.pending.push(Pending::Retreat {
            side: attacker,
            units: att_retreat.clone(),
            from: a,
        });
    }
    if def_left.is_empty() {
        let adv: Vec<UnitId> = att_parts
            .iter()
            .copied()
            .filter(|u| {
                !att_retreat.contains(u)
                    && unit(g.st, *u).on_map().is_some()
                    && !unit(g.st, *u).disrupted
            })
            .collect();
        if !adv.is_empty() {
            g.st.g.pending.push(Pending::Advance {
                units: adv,
                into: d,
            });
        }
    }
    settle(g);
}

/// 7.4: "At the end of combat, all attacking units are flipped to their Committed side";
/// defenders never are.
fn flip_attackers(g: &mut Game, plan: &CombatPlan, parts: &[UnitId]) {
    for &u in parts.iter().chain(std::iter::once(&plan.lead)) {
        if let Some(s) = g.st.units.get_mut(u as usize)
            && s.on_map().is_some()
        {
            s.committed = true;
        }
    }
    for &u in &plan.with {
        if let Some(s) = g.st.units.get_mut(u as usize) {
            s.committed = true;
        }
    }
}

/// Applies one side's half of the result (7.4): Loss Points on the side's participating
/// CFs, D to its participating units (never HQs, 6.4), S (surrender) or R for the
/// participating units of its lead hex with the HQs there (6.3). Returns the units that
/// must retreat (a pending decision).
fn apply_side(
    g: &mut Game,
    side: Side,
    r: &SideResult,
    lp_cf: u32,
    parts: &[UnitId],
    hex: Coord,
    fortress: bool,
) -> Vec<UnitId> {
    let lp = table::loss_points(lp_cf, r.mult);
    if lp > 0 {
        g.lose_points(
            side,
            lp,
            "7.4",
            &format!("{lp_cf} CF x {} on the CRT", r.mult),
        );
    }
    if r.disrupted {
        for &u in parts {
            if g.rules.kind(u).is_hq() {
                continue;
            }
            if let Some(s) = g.st.units.get_mut(u as usize)
                && s.on_map().is_some()
                && !s.disrupted
            {
                s.disrupted = true;
                let n = uname(g, u);
                g.note("7.4", format!("{n} is Disrupted"));
            }
        }
    }
    if !r.retreat && !r.surrender {
        return Vec::new();
    }
    let stack: Vec<UnitId> = parts
        .iter()
        .copied()
        .filter(|&u| hex_of(g.st, u) == Some(hex))
        .collect();
    if r.surrender {
        for &u in &stack {
            surrender_unit(g, u, "7.4", "surrenders (S on the CRT)");
        }
        hqs_share_fate(g, hex, side, "7.4");
        return Vec::new();
    }
    if fortress {
        g.note(
            "8.7",
            format!(
                "{} units in their fortress {hex} never retreat",
                side.name()
            ),
        );
        return Vec::new();
    }
    let mut movers = Vec::new();
    for &u in &stack {
        if g.rules.kind(u) == Kind::Garrison {
            surrender_unit(g, u, "9.4", "a garrison can never retreat: eliminated");
        } else {
            movers.push(u);
        }
    }
    // 6.3, 9.4: HQs stacked only with garrisons eliminated instead of retreating share
    // their fate (eliminated, 4 VP to the enemy, 14.0), unless other combat units stay
    if !stack.is_empty() && movers.is_empty() {
        hqs_share_fate(g, hex, side, "6.3");
        return Vec::new();
    }
    // 6.3: the HQs go with them, unless other combat units of theirs stay in the hex
    let staying = units_at(g.rules, g.st, hex)
        .into_iter()
        .any(|u| !g.rules.kind(u).is_hq() && !movers.contains(&u));
    if !staying {
        for u in units_at(g.rules, g.st, hex) {
            if g.rules.kind(u).is_hq() && g.rules.side(u) == side {
                movers.push(u);
            }
        }
    }
    movers
}

/// A unit surrenders or is eliminated without retreating: it leaves the game and its side
/// suffers its printed CF in Loss Points (14.0: Loss Points through surrender).
pub fn surrender_unit(g: &mut Game, u: UnitId, rule: &str, why: &str) {
    if unit(g.st, u).on_map().is_none() {
        return;
    }
    let side = g.rules.side(u);
    let cf = g.rules.unit(u).map_or(0, |x| x.cf);
    let n = uname(g, u);
    g.eliminate(u, rule, why);
    g.lose_points(side, cf, rule, &format!("{n} surrendered"));
}

/// 6.3: Headquarters left alone in `hex` after their combat units surrendered are
/// eliminated with them.
pub fn hqs_share_fate(g: &mut Game, hex: Coord, side: Side, rule: &str) {
    let here = units_at(g.rules, g.st, hex);
    if here.iter().any(|&u| !g.rules.kind(u).is_hq()) {
        return;
    }
    for u in here {
        if g.rules.kind(u).is_hq() && g.rules.side(u) == side {
            g.eliminate(
                u,
                rule,
                "its combat units surrendered: the HQ shares their fate (6.3)",
            );
        }
    }
}

/// Settles the pending decisions that need no choice: a retreat with no legal path
/// surrenders (7.4.1), an advance nobody can make ends. First, 8.5 (2): a siege whose
/// besiegers combat has Disrupted, driven off (a retreat) or moved (an advance) below
/// parity ends at once, before any advance is offered (8.6).
pub fn settle(g: &mut Game) {
    if g.st.g.step != super::state::Step::GameOver {
        super::siege::check_all(g);
    }
    for _ in 0..16 {
        if g.st.g.step == super::state::Step::GameOver {
            g.st.g.pending.clear();
            return;
        }
        match g.st.g.pending.first().cloned() {
            Some(Pending::Retreat { side, units, from }) => {
                let live: Vec<UnitId> = units
                    .iter()
                    .copied()
                    .filter(|&u| hex_of(g.st, u) == Some(from))
                    .collect();
                if live.is_empty() {
                    g.st.g.pending.remove(0);
                    continue;
                }
                if !super::steps::retreat::paths(g.rules, g.st, side, &live, from).is_empty() {
                    if live != units
                        && let Some(Pending::Retreat { units, .. }) = g.st.g.pending.first_mut()
                    {
                        *units = live;
                    }
                    return;
                }
                g.note(
                    "7.4.1",
                    format!(
                        "No retreat path from {from} (enemy units, mountains): the units surrender"
                    ),
                );
                g.st.g.pending.remove(0);
                for &u in &live {
                    if !g.rules.kind(u).is_hq() {
                        surrender_unit(g, u, "7.4.1", "no retreat path: it surrenders");
                    }
                }
                for &u in &live {
                    if g.rules.kind(u).is_hq() {
                        g.eliminate(u, "6.3", "its units surrendered: the HQ shares their fate");
                    }
                }
            }
            Some(Pending::Advance { .. }) => {
                if super::steps::advance::candidates(g.rules, g.st).is_empty() {
                    g.st.g.pending.remove(0);
                    continue;
                }
                return;
            }
            Some(Pending::Surrender { .. }) | None => return,
        }
    }
}

// ---------------------------------------------------------------------------------
// The charts' CRT and combat modifiers (RECONSTRUCTED, scenarios/maps/sadowa-charts.ron)
// ---------------------------------------------------------------------------------

mod table {
    pub use super::super::charts::{Column, CrtCell, SideResult};
    use super::Charts;
    use crate::engine::hexmap::{SideKind, Terrain};

    pub fn odds_column(c: &Charts, att: u32, def: u32) -> Column {
        c.odds_column(att, def)
    }
    pub fn column_label(c: &Charts, col: Column) -> String {
        c.column_label(col).to_string()
    }
    pub fn column_shift(c: &Charts, col: Column, shifts: i32) -> Column {
        c.column_shift(col, shifts)
    }
    pub fn crt_cell(c: &Charts, col: Column, modified_die: i32) -> CrtCell {
        c.crt_cell(col, modified_die)
    }
    pub fn already_disrupted_result(c: &Charts, col: Column) -> Option<CrtCell> {
        c.already_disrupted_result(col)
    }
    pub fn loss_points(cf: u32, mult: u32) -> u32 {
        super::super::charts::loss_points(cf, mult)
    }
    pub fn unsupplied_attacker_drm(c: &Charts) -> i32 {
        c.combat_mods.unsupplied_attacker_drm
    }
    pub fn unsupplied_defender_drm(c: &Charts) -> i32 {
        c.combat_mods.unsupplied_defender_drm
    }
    pub fn ghq_attacking_drm(c: &Charts) -> i32 {
        c.combat_mods.ghq_attacking_drm
    }
    pub fn ghq_defending_drm(c: &Charts) -> i32 {
        c.combat_mods.ghq_defending_drm
    }
    pub fn disrupted_attacker_shift(c: &Charts) -> i32 {
        c.combat_mods.disrupted_attacker_shift
    }
    /// (column shift, DRM) of the defender's hex and the river attacked across (TEC).
    pub fn terrain_combat(
        c: &Charts,
        terrain: Terrain,
        elevation: u8,
        across: Option<SideKind>,
    ) -> (i32, i32) {
        c.terrain_combat(terrain, elevation, across)
    }
}
