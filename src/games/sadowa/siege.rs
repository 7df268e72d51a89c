//! Sieges and fortresses (8): who may besiege what (8.1), Siege 0 (8.2), the surrender
//! and Siege Level checks of brown-shaded turns (8.3, 8.4) and the ends of a siege (8.5).
//! Movement out of and into besieged fortresses (8.6, 8.8) is refused in
//! `steps/activate.rs` from `Globals::sieges`; the quadrupled defence (8.7) is combat's and
//! the supply of fortresses (8.9) supply's.
//!
//! Readings (docs/games/sadowa-sieges.md): only fortresses are besieged (8.0-8.9 name no
//! other place), and only while enemy units are inside; an empty enemy fortress is simply
//! entered and controlled (3.3). The besieging units are every eligible unit adjacent to the
//! fortress when the siege is declared; any of them that moves ends the siege (8.5 (1)).

use super::data::{Kind, SdRules, Side, UnitId};
use super::flow::{Game, hex_of, is_fortress, unit, units_at};
use super::state::{SdState, Siege, Step};
use super::supply::{self, SupplyMap};
use crate::engine::hexmap::Coord;
use crate::engine::refusal::Refusal;

/// The units of the side other than `besieger` inside `fortress` (9.4: garrisons too).
pub fn defenders(rules: &SdRules, st: &SdState, fortress: Coord, besieger: Side) -> Vec<UnitId> {
    units_at(rules, st, fortress)
        .into_iter()
        .filter(|&u| rules.side(u) == besieger.other())
        .collect()
}

/// 8.1: the total printed CFs of the defending units (never quadrupled; HQs have none).
pub fn defending_cf(rules: &SdRules, st: &SdState, fortress: Coord, besieger: Side) -> u32 {
    defenders(rules, st, fortress, besieger)
        .iter()
        .map(|&u| rules.units[u as usize].cf)
        .sum()
}

/// The siege of `fortress`, if any.
pub fn siege_of(st: &SdState, fortress: Coord) -> Option<&Siege> {
    st.g.sieges.iter().find(|s| s.fortress == fortress)
}

/// 8.6: is `u` inside a fortress its enemy besieges?
pub fn is_besieged(rules: &SdRules, st: &SdState, u: UnitId) -> bool {
    let side = rules.side(u);
    hex_of(st, u).is_some_and(|h| siege_of(st, h).is_some_and(|s| s.by != side))
}

/// 8.1, 5.3: may `u` count towards a siege: a corps or the cavalry (garrisons never leave
/// their walls, 9.0), not Disrupted, not marked Out of Supply (5.3) and tracing a line of
/// supply now, not itself besieged.
fn can_count(rules: &SdRules, st: &SdState, map: &SupplyMap, u: UnitId) -> bool {
    let s = unit(st, u);
    rules.kind(u).is_combat()
        && s.on_map().is_some()
        && !s.disrupted
        && !s.oos
        && supply::in_supply(rules, st, map, u)
        && !is_besieged(rules, st, u)
}

/// 8.1: the units of `side` that could besiege `fortress` now: eligible (see `can_count`),
/// adjacent to it, not besieging another fortress.
pub fn eligible_besiegers(
    rules: &SdRules,
    st: &SdState,
    map: &SupplyMap,
    side: Side,
    fortress: Coord,
) -> Vec<UnitId> {
    rules
        .ids()
        .filter(|&u| rules.side(u) == side)
        .filter(|&u| hex_of(st, u).is_some_and(|h| h.distance(fortress) == 1))
        .filter(|&u| can_count(rules, st, map, u))
        .filter(|&u| {
            !st.g
                .sieges
                .iter()
                .any(|s| s.fortress != fortress && s.besiegers.iter().any(|b| b.0 == u))
        })
        .collect()
}

fn why_not(rules: &SdRules, st: &SdState, map: &SupplyMap, side: Side, f: Coord) -> Option<String> {
    if !is_fortress(rules, f) {
        return Some(format!("{f} is not a fortress"));
    }
    if let Some(s) = siege_of(st, f) {
        return Some(if s.by == side {
            format!("you besiege {f} already (Siege {})", s.level)
        } else {
            format!("{f} is your own besieged fortress")
        });
    }
    let def = defenders(rules, st, f, side);
    if def.is_empty() {
        return Some(format!(
            "no enemy units are inside {f}: an empty fortress is entered, not besieged (3.3)"
        ));
    }
    if units_at(rules, st, f)
        .iter()
        .any(|&u| rules.side(u) == side)
    {
        return Some(format!("{f} holds your own units"));
    }
    let besiegers = eligible_besiegers(rules, st, map, side, f);
    if besiegers.is_empty() {
        return Some(format!(
            "none of your combat units next to {f} is supplied, un-Disrupted and free to besiege it"
        ));
    }
    let have: u32 = besiegers.iter().map(|&u| rules.units[u as usize].cf).sum();
    let need = defending_cf(rules, st, f, side);
    if have < need {
        return Some(format!(
            "your supplied, un-Disrupted units next to {f} have {have} CF, less than the {need} CF inside (not quadrupled)"
        ));
    }
    None
}

/// 8.1: the fortresses `side` may declare a siege of now.
pub fn eligible(rules: &SdRules, st: &SdState, side: Side) -> Vec<Coord> {
    let map = supply::supplied_hexes(rules, st);
    rules
        .map
        .places
        .iter()
        .map(|p| p.hex)
        .filter(|&f| why_not(rules, st, &map, side, f).is_none())
        .collect()
}

/// 8.1: may `side` besiege `fortress` now, and if not, why.
pub fn eligible_check(
    rules: &SdRules,
    st: &SdState,
    side: Side,
    fortress: Coord,
) -> Result<(), Refusal> {
    let map = supply::supplied_hexes(rules, st);
    match why_not(rules, st, &map, side, fortress) {
        None => Ok(()),
        Some(w) => Err(Refusal::new("8.1", w)),
    }
}

fn place_name(rules: &SdRules, f: Coord) -> String {
    rules
        .map
        .place(f)
        .map(|p| format!("{} ({f})", p.name))
        .unwrap_or_else(|| f.to_string())
}

/// 8.1, 8.2: `side` declares the siege of `fortress`: a Siege 0 marker; nothing more this
/// turn.
pub fn declare(g: &mut Game, side: Side, fortress: Coord) {
    let map = supply::supplied_hexes(g.rules, g.st);
    if why_not(g.rules, g.st, &map, side, fortress).is_some() {
        return;
    }
    let besiegers: Vec<(UnitId, Coord)> = eligible_besiegers(g.rules, g.st, &map, side, fortress)
        .into_iter()
        .filter_map(|u| hex_of(g.st, u).map(|h| (u, h)))
        .collect();
    let cf: u32 = besiegers
        .iter()
        .map(|b| g.rules.units[b.0 as usize].cf)
        .sum();
    g.st.g.sieges.push(Siege {
        fortress,
        by: side,
        level: 0,
        new: true,
        besiegers,
    });
    let name = place_name(g.rules, fortress);
    g.note(
        "8.2",
        format!(
            "{} besieges {name} with {cf} CF: Siege 0 (nothing more happens this turn)",
            side.name()
        ),
    );
}

/// 8.5: ends the siege of `fortress` (the Siege Level marker is removed).
pub fn lift(g: &mut Game, fortress: Coord, rule: &str, why: &str) {
    let before = g.st.g.sieges.len();
    g.st.g.sieges.retain(|s| s.fortress != fortress);
    if g.st.g.sieges.len() != before {
        let name = place_name(g.rules, fortress);
        g.note(rule, format!("The siege of {name} ends: {why}"));
    }
}

/// 8.5 (1): a besieging unit that moves ends the sieges it took part in, even if it stays
/// next to the fortress. Called after every move of the movement step.
pub fn after_move(g: &mut Game, u: UnitId) {
    let ended: Vec<Coord> =
        g.st.g
            .sieges
            .iter()
            .filter(|s| s.besiegers.iter().any(|b| b.0 == u))
            .map(|s| s.fortress)
            .collect();
    let name = g.rules.unit(u).map(|d| d.name.clone()).unwrap_or_default();
    for f in ended {
        lift(
            g,
            f,
            "8.5",
            &format!("{name}, a besieging unit, moved (besiegers must stay stationary)"),
        );
    }
    check_all(g);
}

/// 8.5 (2): a siege ends when the besieging units still eligible (on the map in the hex
/// they besiege from, not Disrupted, supplied) have fewer CFs than the units inside; and
/// when no enemy is left inside. Called at the start of the Siege Phase, after moves and
/// eliminations; combat and supply may call it after their results too.
pub fn check_all(g: &mut Game) {
    if g.st.g.sieges.is_empty() {
        return;
    }
    let map = supply::supplied_hexes(g.rules, g.st);
    let sieges = g.st.g.sieges.clone();
    for s in sieges {
        let need = defending_cf(g.rules, g.st, s.fortress, s.by);
        if defenders(g.rules, g.st, s.fortress, s.by).is_empty() {
            lift(g, s.fortress, "8.5", "no defending unit is left inside");
            continue;
        }
        let left: Vec<UnitId> = s
            .besiegers
            .iter()
            .filter(|(u, h)| hex_of(g.st, *u) == Some(*h) && can_count(g.rules, g.st, &map, *u))
            .map(|(u, _)| *u)
            .collect();
        let have: u32 = left.iter().map(|&u| g.rules.units[u as usize].cf).sum();
        if left.is_empty() {
            lift(g, s.fortress, "8.5", "no eligible besieging unit is left");
        } else if have < need {
            lift(
                g,
                s.fortress,
                "8.5",
                &format!(
                    "the eligible besieging units have {have} CF, less than the {need} CF inside"
                ),
            );
        }
    }
}

/// 8.3: the fortress surrenders: every unit inside is eliminated and its owner suffers 3
/// Loss Points (the besieger gains 3 VP, 14.0; an HQ inside 4 more, the GHQ ends the game).
fn surrender(g: &mut Game, s: &Siege) {
    let name = place_name(g.rules, s.fortress);
    let defender = s.by.other();
    g.note(
        "8.3",
        format!("{name} surrenders to {} (Siege {})", s.by.name(), s.level),
    );
    g.st.g.sieges.retain(|x| x.fortress != s.fortress);
    for u in defenders(g.rules, g.st, s.fortress, s.by) {
        g.eliminate(u, "8.3", "the fortress surrendered");
    }
    g.lose_points(defender, 3, "8.3", &format!("the surrender of {name}"));
}

/// Can the Siege Level Table raise `level` at all?
fn can_rise(rules: &SdRules, level: u8) -> bool {
    (1..=6).any(|d| rules.charts.siege_increase(level, d))
}

/// 4.4: the Siege Phase begins. Sieges no longer supported end (8.5). On a brown-shaded
/// turn, first Prussia and then Austria check each of their sieges: the surrender check
/// (8.3, die <= level; Siege 0 immune), then, if it holds, the Siege Level check (8.4).
/// Then the declarations, Prussia first (8.1).
pub fn begin(g: &mut Game) {
    check_all(g);
    let turn = g.st.g.turn;
    if g.rules.charts.siege_turn(turn) {
        for side in [Side::Prussia, Side::Austria] {
            let mine: Vec<Siege> =
                g.st.g
                    .sieges
                    .iter()
                    .filter(|s| s.by == side)
                    .cloned()
                    .collect();
            for s in mine {
                if g.st.g.step == Step::GameOver {
                    return;
                }
                let name = place_name(g.rules, s.fortress);
                if s.level == 0 {
                    g.note(
                        "8.3",
                        format!("{name} is under Siege 0: immune to surrender this turn"),
                    );
                } else {
                    let (die, _) = g.d6(
                        &format!("surrender check of {name} (Siege {})", s.level),
                        "8.3",
                        vec![],
                    );
                    if super::charts::siege_surrender(s.level, die) {
                        surrender(g, &s);
                        continue;
                    }
                    g.note("8.3", format!("{name} holds out"));
                }
                if !can_rise(g.rules, s.level) {
                    g.note("8.4", format!("{name}: Siege {} is the highest", s.level));
                    continue;
                }
                let (die, _) = g.d6(
                    &format!("Siege Level check of {name} (Siege {})", s.level),
                    "8.4",
                    vec![],
                );
                if g.rules.charts.siege_increase(s.level, die)
                    && let Some(x) = g.st.g.sieges.iter_mut().find(|x| x.fortress == s.fortress)
                {
                    x.level += 1;
                    let l = x.level;
                    g.note("8.4", format!("{name}: the Siege Level rises to {l}"));
                } else {
                    g.note("8.4", format!("{name}: the Siege Level stays {}", s.level));
                }
            }
        }
    }
    if g.st.g.step != Step::GameOver {
        g.st.g.step = Step::Siege(Side::Prussia);
    }
}

/// After a side's Siege Phase decisions: the other side's, then the Reinforcement Phase.
pub fn done(g: &mut Game, side: Side) {
    if side == Side::Prussia {
        g.st.g.step = Step::Siege(Side::Austria);
    } else {
        g.reinforcement_phase();
    }
}

/// 9.2: does `hex` hold a garrison already?
pub fn has_garrison(rules: &SdRules, st: &SdState, hex: Coord) -> bool {
    units_at(rules, st, hex)
        .iter()
        .any(|&u| rules.kind(u) == Kind::Garrison)
}
