//! The computer's view of Trautenau and Soor (issue 15, docs/AI.md): its evaluation and
//! the policy of its playouts.

use super::Trautenau;
use super::combat;
use super::data::{Side, TsRules, Victory};
use super::flow::{self, bonus_leader, on_map, protection, victory};
use super::rules;
use super::scoring::controls;
use super::state::{Assault, Loc, Step, TsCommand, TsState, UnitId};
use super::steps::movement;
use crate::ai::margin_score;
use crate::engine::game::RulesGame;
use crate::engine::hexmap::Coord;
use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// 11.4, 12.4: the VP lead as the game would score it if it ended now (steps lost and
/// taken prisoner, demoralised formations, locations held; at Soor also the Austrian
/// steps still on the map, 12.4.1, so that the search sees the point of evacuating),
/// plus, at Soor before the check turn has been scored, the VP the places Austria holds
/// now would bank (12.4.1), less [`GOAL_VP_PER_HEX`] per hex of each side's mean
/// distance to its goals ([`goals`]); over a scale of 4 VP (a lead of 2 wins, 7.23).
pub fn evaluate(rules: &TsRules, st: &TsState, side: &str) -> f64 {
    let Some(me) = Side::from_name(side) else {
        return 0.5;
    };
    let over = st.g.step == Step::GameOver;
    let margin = if over {
        st.g.vp[me.idx()] as f64 - st.g.vp[me.other().idx()] as f64
    } else {
        let (vp, _, n) = super::scoring::score_and_steps(rules, st, true);
        let mut v = [vp[0] as f64, vp[1] as f64];
        // 11.4, 12.4.1 give a VP for two steps: the odd step counts its half, so that
        // every step lost shows to the search (a lone step lost was worth nothing to it)
        for side in [Side::Austria, Side::Prussia] {
            let k = side.other().idx();
            v[side.idx()] += 0.5 * ((n.lost[k] + n.trapped[k]) % 2) as f64;
        }
        v[Side::Austria.idx()] += soor_places_to_bank(rules, st) as f64;
        if matches!(victory(rules, st), Victory::Soor { .. }) {
            // 12.4.1 counts a VP per four Austrian steps left on the map at the end,
            // the first step a whole one: in its place the VP the steps expected to be
            // left would cost ([`soor_stuck_penalty`]), so that the margin does not sit
            // deep in the evaluation's flat end while there is time to get away, each
            // step marched nearer the exits shows, and the last ones out are worth the
            // whole VP they save
            let s = on_map_steps(rules, st, Side::Austria);
            v[Side::Austria.idx()] += s.div_ceil(4) as f64 - soor_stuck_penalty(rules, st);
        }
        for side in [Side::Austria, Side::Prussia] {
            if !(side == Side::Austria && soor_evacuating(rules, st)) {
                v[side.idx()] -= GOAL_VP_PER_HEX * mean_goal_distance(rules, st, side);
            }
            v[side.idx()] -= OUT_OF_COMMAND_VP * out_of_command(rules, st, side) as f64;
            v[side.idx()] -= EXPOSED_VP * exposed_at_threshold(rules, st, side) as f64;
            v[side.idx()] -= chief_in_danger(rules, st, side);
            v[side.idx()] -= LONE_BATTERY_VP * lone_batteries(rules, st, side) as f64;
            v[side.idx()] -=
                DISORGANISED_IN_CONTACT_VP * disorganised_in_contact(rules, st, side) as f64;
        }
        v[me.idx()] - v[me.other().idx()]
    };
    let winner = st.g.winner.map(|w| w.name());
    let v = margin_score(over, winner, side, margin, 4.0);
    if over {
        return v;
    }
    // 11.4.2: a panic at this turn's end or the next hands Austria a major victory
    let p = panic_risk(rules, st);
    let won = if me == Side::Austria { 1.0 } else { 0.0 };
    (1.0 - p) * v + p * won
}

/// 11.4.2: the chance that Bonin panics at the end of the turn being played or of the
/// next (from the 17.00 turn, 1d6 + the Austrian victory level >= 6, each die at the VP
/// as they stand), which ends the battle in a major Austrian victory; 0 outside
/// Trautenau on its own (in the linked game the second day may follow, 13.2) and
/// before the 16.00 turn. The playouts rarely reach a turn's end, so the search saw the
/// die only when it was rolled (sessions 25 and 26: three games lost as Prussia so, at
/// levels 0 to 2); the next turn's die gives Prussia a turn to get ahead before the
/// first.
pub fn panic_risk(rules: &TsRules, st: &TsState) -> f64 {
    let Victory::Trautenau { panic_from, .. } = victory(rules, st) else {
        return 0.0;
    };
    let end = flow::end_hour(rules, st);
    let checks = [st.g.hour, st.g.hour + 1]
        .into_iter()
        .filter(|h| (*panic_from..=end).contains(h))
        .count() as i32;
    if rules.day2.is_some() || checks == 0 || st.g.step == Step::GameOver {
        return 0.0;
    }
    let (vp, _) = super::scoring::score(rules, st, false);
    let p = super::scoring::panic_chance(super::scoring::austrian_level(vp));
    1.0 - (1.0 - p).powi(checks)
}

/// What the evaluation counts each of a side's formations out of its commander in
/// chief's line of command ([`out_of_command`]), in VP (our heuristic: such a formation
/// acts only on a passed activation test, 9.1.1, else out of command at half movement,
/// 9.1.2; at Soor a commander in chief riding off left the brigades out of command for
/// the whole evacuation, session 24).
pub const OUT_OF_COMMAND_VP: f64 = 0.3;

/// 7.2: how many of `side`'s formations with units on the map have their commander
/// out of the line of command of their commander in chief (six cavalry MP, not through
/// an enemy ZoC but where a friendly unit is; [`rules::command_reach`]), or no
/// commander in chief on the map.
pub fn out_of_command(rules: &TsRules, st: &TsState, side: Side) -> u32 {
    let view = rules::view(rules, st);
    let mut n = 0;
    for (f, def) in rules.formations.iter().enumerate() {
        if def.side != side {
            continue;
        }
        let Some(lh) = flow::leader_hex(rules, st, f) else {
            continue;
        };
        let on_map = (0..st.units.len())
            .any(|i| rules.unit_formation.get(i) == Some(&f) && st.units[i].loc.hex().is_some());
        if !on_map {
            continue;
        }
        let reached = flow::in_line_of_command(rules, st, &view, f, lh);
        n += !reached as u32;
    }
    n
}

/// What the evaluation counts each unit of [`exposed_at_threshold`], in VP (our
/// heuristic: its next step lost also hands the enemy the formation's demoralisation
/// VP, 11.4 / 12.4.1; at Soor Knebel's brigade starts one step from its threshold,
/// 12.1.2, and was demoralised in most drawn games of session 24).
pub const EXPOSED_VP: f64 = 0.25;

/// How many of `side`'s units on the map stand next to an enemy unit while their
/// formation is one step loss from its demoralisation threshold (12.1.2, 10.2) and not
/// demoralised yet.
pub fn exposed_at_threshold(rules: &TsRules, st: &TsState, side: Side) -> u32 {
    let enemies = enemy_hexes(rules, st, side);
    let mut n = 0;
    for (f, def) in rules.formations.iter().enumerate() {
        if def.side != side || st.formations[f].demoralised {
            continue;
        }
        if super::scoring::formation_losses(rules, st, f) + 1 < def.demo as u32 {
            continue;
        }
        n += (0..st.units.len())
            .filter(|&i| rules.unit_formation[i] == f)
            .filter_map(|i| st.units[i].loc.hex())
            .filter(|c| next_to(*c, &enemies))
            .count() as u32;
    }
    n
}

/// The hexes of `side`'s enemies' units on the map.
fn enemy_hexes(rules: &TsRules, st: &TsState, side: Side) -> Vec<Coord> {
    st.units
        .iter()
        .enumerate()
        .filter(|(i, _)| rules.units[*i].side != side)
        .filter_map(|(_, u)| u.loc.hex())
        .collect()
}

/// Whether `c` is in or next to one of the hexes `enemies`.
fn next_to(c: Coord, enemies: &[Coord]) -> bool {
    nearest(c, enemies).is_some_and(|d| d <= 1)
}

/// What the evaluation counts a commander in chief next to an enemy unit, in VP (our
/// heuristic: he is lost with the units he is stacked with, 9.5.12, and without him
/// every formation is out of command for the rest of the battle, 7.2; at Soor in
/// session 25 the computer's Gablenz rode to Alt Rognitz, was lost in its first
/// assault, and the brigades could not get away).
pub const CHIEF_NEXT_TO_ENEMY_VP: f64 = 1.0;

/// What the evaluation counts a commander in chief two hexes from an enemy unit (one
/// enemy move from contact), in VP (our heuristic).
pub const CHIEF_NEAR_ENEMY_VP: f64 = 0.3;

/// What the evaluation charges `side` for the danger to its commanders in chief on the
/// map ([`CHIEF_NEXT_TO_ENEMY_VP`], [`CHIEF_NEAR_ENEMY_VP`]) and for each one lost
/// (9.5.12; [`CHIEF_LOST_VP`]).
pub fn chief_in_danger(rules: &TsRules, st: &TsState, side: Side) -> f64 {
    let enemies = enemy_hexes(rules, st, side);
    let mut v = 0.0;
    for (l, def) in rules.leaders.iter().enumerate() {
        if def.side != side || !flow::is_chief(rules, l) {
            continue;
        }
        match st.leaders[l].loc {
            Loc::Map(c) if next_to(c, &enemies) => v += CHIEF_NEXT_TO_ENEMY_VP,
            Loc::Map(c) if nearest(c, &enemies) == Some(2) => v += CHIEF_NEAR_ENEMY_VP,
            Loc::Eliminated => v += CHIEF_LOST_VP,
            _ => {}
        }
    }
    v
}

/// What the evaluation counts a commander in chief lost (9.5.12), in VP, besides the
/// formations it leaves out of command ([`out_of_command`]): our heuristic, so that the
/// danger of [`chief_in_danger`] is less than the loss it risks.
pub const CHIEF_LOST_VP: f64 = 2.0;

/// What the evaluation counts an artillery unit alone in its hex next to an enemy unit,
/// in VP (our heuristic: 9.5.6 eliminates it when its assailant survives the defensive
/// fire; at Soor such batteries were a good part of the Austrian steps lost, session
/// 25).
pub const LONE_BATTERY_VP: f64 = 0.3;

/// How many of `side`'s artillery units on the map stand without a friendly unit of
/// another arm in their hex and next to an enemy unit (9.5.6).
pub fn lone_batteries(rules: &TsRules, st: &TsState, side: Side) -> u32 {
    let enemies = enemy_hexes(rules, st, side);
    let mut n = 0;
    for (i, u) in st.units.iter().enumerate() {
        let d = &rules.units[i];
        if d.side != side || d.arm != super::data::Arm::Artillery {
            continue;
        }
        let Some(c) = u.loc.hex() else { continue };
        if !next_to(c, &enemies) {
            continue;
        }
        let covered = st.units.iter().enumerate().any(|(j, w)| {
            w.loc.hex() == Some(c)
                && rules.units[j].side == side
                && rules.units[j].arm != super::data::Arm::Artillery
        });
        n += !covered as u32;
    }
    n
}

/// What the evaluation counts a disorganised unit next to an enemy unit, in VP (our
/// heuristic: a D or a failed T on a unit already disorganised costs a step, 9.5.7, and
/// such a unit does not rally next to the enemy, 10.1; at Soor most Austrian steps lost
/// in session 25's drawn games went so).
pub const DISORGANISED_IN_CONTACT_VP: f64 = 0.3;

/// How many of `side`'s disorganised units on the map stand next to an enemy unit.
pub fn disorganised_in_contact(rules: &TsRules, st: &TsState, side: Side) -> u32 {
    let enemies = enemy_hexes(rules, st, side);
    st.units
        .iter()
        .enumerate()
        .filter(|(i, u)| rules.units[*i].side == side && u.disorg)
        .filter_map(|(_, u)| u.loc.hex())
        .filter(|c| next_to(*c, &enemies))
        .count() as u32
}

/// What the evaluation counts a hex of a side's mean distance to its goals ([`goals`]),
/// in VP (a heuristic of ours: the VP rarely move within a short playout, the distance
/// tells the search which moves make progress).
pub const GOAL_VP_PER_HEX: f64 = 0.1;

/// Whether Austria is past the check turn at Soor and its goals are the exits
/// (12.4.1; [`goals`]).
fn soor_evacuating(rules: &TsRules, st: &TsState) -> bool {
    matches!(victory(rules, st), Victory::Soor { check_hour, .. }
        if st.g.hour > *check_hour || st.g.iv_start.is_some())
}

/// The hexes a unit is counted to get nearer the exits a turn (our heuristic: a move
/// of 4 over broken ground, with turns lost to the activation draw and command).
pub const SOOR_HEXES_A_TURN: f64 = 2.0;

/// At Soor, the Austrian steps on the map expected to be left at the end (12.4.1): each
/// step counts its chance of staying, 0.2 plus 0.8 times its distance to the nearest
/// exit over the hexes it can still march ([`SOOR_HEXES_A_TURN`] for each turn from
/// the evacuation's first hour, or now, to the last), at most 1 (our heuristic).
pub fn soor_stuck_steps(rules: &TsRules, st: &TsState) -> f64 {
    soor_stuck_units(rules, st)
        .iter()
        .map(|&(steps, p)| steps as f64 * p)
        .sum()
}

/// At Soor, the VP the Austrian steps expected to be left on the map would cost at the
/// end (12.4.1: one VP per four steps, rounded up, so the first step left costs a whole
/// one): the mean of that penalty over the units each staying with its chance
/// ([`soor_stuck_steps`]), independently. All units sure to stay give the rule's own
/// count; the last unit out saves a whole VP, where a quarter VP a step (session 20-22)
/// made it worth a quarter (three of five drawn games at Soor, session 23, lost the
/// win to one to three steps left a hex or two short of the exits).
pub fn soor_stuck_penalty(rules: &TsRules, st: &TsState) -> f64 {
    let units = soor_stuck_units(rules, st);
    let total: usize = units.iter().map(|&(s, _)| s as usize).sum();
    // the chance of each number of steps left
    let mut dist = vec![0.0f64; total + 1];
    dist[0] = 1.0;
    let mut reach = 0usize;
    for &(steps, p) in &units {
        let k = steps as usize;
        for n in (0..=reach).rev() {
            let q = dist[n];
            if q == 0.0 {
                continue;
            }
            dist[n] = q * (1.0 - p);
            dist[n + k] += q * p;
        }
        reach += k;
    }
    dist.iter()
        .enumerate()
        .map(|(n, q)| q * n.div_ceil(4) as f64)
        .sum()
}

/// The Austrian units on the map at Soor with their steps and their chance of being
/// left there at the end ([`soor_stuck_steps`]).
fn soor_stuck_units(rules: &TsRules, st: &TsState) -> Vec<(u32, f64)> {
    let Victory::Soor {
        exits,
        evacuate_from,
        ..
    } = victory(rules, st)
    else {
        return Vec::new();
    };
    let first = st.g.hour.max(*evacuate_from);
    let turns = flow::end_hour(rules, st).saturating_sub(first) as f64 + 1.0;
    let reach = (SOOR_HEXES_A_TURN * turns).max(1.0);
    let mut out = Vec::new();
    for (i, u) in st.units.iter().enumerate() {
        let d = &rules.units[i];
        if d.side != Side::Austria || rules.absent.contains(&d.id) {
            continue;
        }
        if let Loc::Map(c) = u.loc {
            let steps = d.morale.saturating_sub(u.losses) as u32;
            let dist = nearest(c, exits).unwrap_or(0) as f64;
            // 9.1.4: a unit out of its commander's reach moves half its MP
            let r = if near_its_commander(rules, st, i, c) {
                reach
            } else {
                (reach / 2.0).max(1.0)
            };
            if steps > 0 {
                out.push((steps, 0.2 + 0.8 * (dist / r).min(1.0)));
            }
        }
    }
    out
}

/// The hexes within which a unit is counted in its formation commander's reach (9.1.2:
/// a line of 6 cavalry MP; our proxy in hexes, for broken ground and enemy ZoCs).
pub const COMMAND_HEXES: u32 = 5;

/// Whether unit `i` at `c` is within [`COMMAND_HEXES`] of its formation commander on the
/// map (9.1.2); units without a formation commander (independent, 9.1.3) count as near.
fn near_its_commander(rules: &TsRules, st: &TsState, i: usize, c: Coord) -> bool {
    let Some(l) = rules
        .unit_formation
        .get(i)
        .and_then(|&f| rules.formation_leader.get(f).copied().flatten())
    else {
        return true;
    };
    matches!(st.leaders[l].loc, Loc::Map(lc) if lc.distance(c) <= COMMAND_HEXES)
}

fn on_map_steps(rules: &TsRules, st: &TsState, side: Side) -> u32 {
    (0..st.units.len())
        .filter(|&i| rules.units[i].side == side && !rules.absent.contains(&rules.units[i].id))
        .filter(|&i| st.units[i].loc.hex().is_some())
        .map(|i| rules.units[i].morale.saturating_sub(st.units[i].losses) as u32)
        .sum()
}

/// The mean distance of `side`'s units on the map to their nearest goal ([`goals`]);
/// units evacuated count as there (0).
pub fn mean_goal_distance(rules: &TsRules, st: &TsState, side: Side) -> f64 {
    let g = goals(rules, st, side);
    if g.is_empty() {
        return 0.0;
    }
    let mut n = 0u32;
    let mut sum = 0u32;
    for (i, u) in st.units.iter().enumerate() {
        if rules.units[i].side != side {
            continue;
        }
        match u.loc {
            Loc::Map(c) => {
                sum += nearest(c, &g).unwrap_or(0);
                n += 1;
            }
            Loc::Evacuated => n += 1,
            _ => {}
        }
    }
    if n == 0 { 0.0 } else { sum as f64 / n as f64 }
}

/// The commands the computer searches (a subset of the legal ones): no turning in place
/// (4) while anything else is possible, since a move ends with a facing of its own and a
/// turn that changes nothing the evaluation sees would be tried forever.
///
/// At Soor once Austria evacuates (12.4.1) the Austrian side searches the march out only
/// ([`soor_march`]): with 200 playouts over a few dozen moves the search could not tell
/// a hex nearer the exits from one farther (each hex a hundredth of a VP in the
/// evaluation, the playouts' dice far more), and its units and commanders wandered
/// (session 25: batteries and regiments still three to eight hexes from the exits at
/// 20.00, after marching back and forth).
pub fn candidates(rules: &TsRules, st: &TsState, legal: Vec<TsCommand>) -> Vec<TsCommand> {
    let legal = if legal.iter().all(|c| matches!(c, TsCommand::Face { .. })) {
        legal
    } else {
        legal
            .into_iter()
            .filter(|c| !matches!(c, TsCommand::Face { .. }))
            .collect()
    };
    // each limit narrows what the one before left, unless it would leave nothing
    type Limit = fn(&TsRules, &TsState, &[TsCommand]) -> Option<Vec<TsCommand>>;
    let limits: [Limit; 3] = [soor_march, soor_assaults, soor_battery_falls_back];
    limits
        .into_iter()
        .fold(legal, |legal, limit| match limit(rules, st, &legal) {
            Some(m) if !m.is_empty() => m,
            _ => legal,
        })
}

/// At Soor, when Austrian artillery in good order alone in its hex is assaulted and may
/// fall back before combat (9.5.4): falling back and the defences of at least
/// [`STRONG_DEFENCE`] points, or `None` elsewhere. Alone it is eliminated if its
/// assailant survives the defensive fire (9.5.6), which a battery's one to three points
/// rarely stop; fallen back it is only disorganised (session 26: the computer defended
/// with Art 1/III and Art 4/III at columns 0-1 and lost them).
pub fn soor_battery_falls_back(
    rules: &TsRules,
    st: &TsState,
    legal: &[TsCommand],
) -> Option<Vec<TsCommand>> {
    if !matches!(victory(rules, st), Victory::Soor { .. }) {
        return None;
    }
    let Some(super::state::Pending::Defence { assault }) = st.g.pending.first() else {
        return None;
    };
    let target = st.g.assaults.get(*assault as usize)?.target;
    let mut defenders = (0..st.units.len()).filter(|&i| st.units[i].loc.hex() == Some(target));
    // in good order: a battery already disorganised that falls back loses a step (9.5.4)
    let lone_battery = defenders.all(|i| {
        rules.units[i].side == Side::Austria
            && rules.units[i].arm == super::data::Arm::Artillery
            && !st.units[i].disorg
    });
    if !lone_battery {
        return None;
    }
    Some(
        legal
            .iter()
            .filter(|c| match c {
                TsCommand::RetreatBefore { unit, .. } => unit.is_none(),
                TsCommand::Defend { split, .. } => {
                    split.iter().map(|&p| p as u32).sum::<u32>() >= STRONG_DEFENCE
                }
                _ => true,
            })
            .cloned()
            .collect(),
    )
}

/// The points of defensive fire (the battery's own, a supporting battery's, 9.5.6, and
/// the helpers', 9.5.1) from which [`soor_battery_falls_back`] still searches the
/// defence: an infantry regiment's (our heuristic).
pub const STRONG_DEFENCE: u32 = 4;

/// At Soor, in an Austrian declaration of assaults (9.5.1): the declarations worth
/// searching, or `None` elsewhere. No assault with a unit already disorganised (a T or
/// D of the defensive fire costs it a step, 9.5.7, and the steps lost count for
/// Prussia, 12.4.1); in the evacuation no assault whose target lies farther from the
/// exits than each attacker (the advance after combat is compulsory, 9.5.9, and takes
/// the unit away from them).
pub fn soor_assaults(rules: &TsRules, st: &TsState, legal: &[TsCommand]) -> Option<Vec<TsCommand>> {
    let Victory::Soor { exits, .. } = victory(rules, st) else {
        return None;
    };
    if st.g.step != Step::Declare || flow::active_side(rules, st) != Some(Side::Austria) {
        return None;
    }
    let evacuating = soor_evacuating(rules, st);
    let dist = |c: Coord| nearest(c, exits).unwrap_or(0);
    Some(
        legal
            .iter()
            .filter(|c| {
                let TsCommand::Declare { target, units, .. } = c else {
                    return true;
                };
                if units.iter().any(|(u, _)| st.units[*u as usize].disorg) {
                    return false;
                }
                !(evacuating
                    && units.iter().all(|(u, _)| {
                        on_map(st, *u).is_some_and(|from| dist(*target) > dist(from))
                    }))
            })
            .cloned()
            .collect(),
    )
}

/// At Soor in the evacuation (12.4.1), in an Austrian movement: the commands of the
/// march out, or `None` elsewhere. A unit on an exit hex leaves (it can only lose by
/// staying); else no unit or formation commander moves farther from the exits than it
/// stands, a unit that can get nearer them does not move sideways either (session 26:
/// units two hexes from the exits moved from one such hex to another from 16.00 to
/// 20.00 and were left on the map); and the activation does not end (`Done`) while a
/// unit can still get nearer them. Assaults, barrages and the commander in chief's
/// rides are left to the search.
pub fn soor_march(rules: &TsRules, st: &TsState, legal: &[TsCommand]) -> Option<Vec<TsCommand>> {
    let Victory::Soor { exits, .. } = victory(rules, st) else {
        return None;
    };
    if !soor_evacuating(rules, st)
        || st.g.step != Step::Movement
        || flow::active_side(rules, st) != Some(Side::Austria)
    {
        return None;
    }
    let out: Vec<TsCommand> = legal
        .iter()
        .filter(|c| matches!(c, TsCommand::Evacuate { .. }))
        .cloned()
        .collect();
    if !out.is_empty() {
        return Some(out);
    }
    let dist = |c: Coord| nearest(c, exits).unwrap_or(0);
    // the units that can get nearer the exits: they do not move sideways
    let mut nearer: Vec<UnitId> = Vec::new();
    for c in legal {
        if let TsCommand::Move { unit, to, .. } = c
            && on_map(st, *unit).is_some_and(|from| dist(*to) < dist(from))
            && !nearer.contains(unit)
        {
            nearer.push(*unit);
        }
    }
    let progress = !nearer.is_empty();
    let mut out = Vec::with_capacity(legal.len());
    for c in legal {
        let keep = match c {
            TsCommand::Move { unit, to, .. } => match on_map(st, *unit) {
                Some(from) if nearer.contains(unit) => dist(*to) < dist(from),
                Some(from) => dist(*to) <= dist(from),
                None => true,
            },
            TsCommand::MoveLeader { leader, to } => match st.leaders[*leader as usize].loc {
                Loc::Map(from) => dist(*to) <= dist(from),
                _ => true,
            },
            _ => true,
        };
        if keep {
            out.push(c.clone());
        }
    }
    if progress {
        out.retain(|c| *c != TsCommand::Done);
    }
    Some(out)
}

/// 12.4.1: the VP Austria would bank at the end of the check turn for the places it
/// holds now (0 once that turn is past, or outside Soor).
fn soor_places_to_bank(rules: &TsRules, st: &TsState) -> i32 {
    let Victory::Soor {
        check_hour,
        hold,
        bonus,
        ..
    } = victory(rules, st)
    else {
        return 0;
    };
    if st.g.hour > *check_hour || st.g.iv_start.is_some() {
        return 0;
    }
    let held = hold
        .iter()
        .filter(|l| controls(rules, st, Side::Austria, l))
        .count();
    let mut vp = if held == hold.len() {
        2
    } else if held > 0 {
        1
    } else {
        0
    };
    if controls(rules, st, Side::Austria, bonus) {
        vp += 2;
    }
    vp
}

/// The hexes `side`'s units head for now, from the scenario's victory conditions: at
/// Trautenau the scoring locations and the hexes that open the Prussian exit (11.4.1);
/// at Soor the places Austria must hold until the check turn, then the Austrian exits
/// (Austria evacuates, Prussia cuts the line of retreat: 12.4.1).
pub fn goals(rules: &TsRules, st: &TsState, side: Side) -> Vec<Coord> {
    match victory(rules, st) {
        Victory::Trautenau {
            locations,
            evacuation_needs,
            exit,
            ..
        } => {
            let mut g: Vec<Coord> = locations.iter().flat_map(|l| l.hexes.clone()).collect();
            if side == Side::Prussia {
                g.extend(evacuation_needs.iter().copied());
                if st.g.hour >= flow::end_hour(rules, st).saturating_sub(2) {
                    g.push(*exit);
                }
            }
            g
        }
        Victory::Soor {
            check_hour,
            hold,
            bonus,
            exits,
            ..
        } => {
            if st.g.hour <= *check_hour && st.g.iv_start.is_none() {
                hold.iter()
                    .chain(std::iter::once(bonus))
                    .flat_map(|l| l.hexes.clone())
                    .collect()
            } else {
                exits.clone()
            }
        }
    }
}

/// Whether `side` gains by closing with the enemy: not Austria at Soor, whose steps
/// lost count for Prussia and who must get away (12.4.1).
fn seeks_battle(rules: &TsRules, st: &TsState, side: Side) -> bool {
    !(side == Side::Austria && matches!(victory(rules, st), Victory::Soor { .. }))
}

fn nearest(from: Coord, to: &[Coord]) -> Option<u32> {
    to.iter().map(|c| c.distance(from)).min()
}

/// The units whose moves a playout's movement decision looks at ([`playout_play`]).
pub const PLAYOUT_UNITS: usize = 3;

/// The playout policy (the search's stand-in for both players after its first command):
/// evacuate where it scores, assault only at good odds (the odds the combat panel shows,
/// [`combat::fire`] over [`flow::attack_input`]), barrages always, moves chosen among a
/// sample by progress towards the scenario's goals ([`goals`]), towards the enemy where
/// the side seeks battle, and terrain protection, facing the nearest enemy; everything
/// else as the random player. Reads only the position it is given.
pub fn playout_play(
    rules: &TsRules,
    st: &TsState,
    rng: &mut Xoshiro256PlusPlus,
) -> Option<TsCommand> {
    // a few random choices keep the playouts varied
    let random = rng.random_range(0..100) < 10;
    if !random && st.g.step == Step::Movement && st.g.pending.is_empty() {
        // the moves of a few units (listing every unit's reachable hexes was a third
        // of the playouts' time)
        let some = movement::legal_for_some(rules, st, &mut |mut free| {
            crate::ai::shuffle(&mut free, rng);
            free.truncate(PLAYOUT_UNITS);
            free
        });
        if some.iter().any(|c| matches!(c, TsCommand::Move { .. })) {
            // "done" only when no unit has a move worth it: then all units are looked at
            match movement(rules, st, &some, rng) {
                Some(TsCommand::Done) | None => {}
                c => return c,
            }
        }
    }
    let legal = Trautenau::legal(rules, st);
    if legal.is_empty() {
        return None;
    }
    if random {
        return super::random_command(rules, st, &legal, rng);
    }
    match st.g.step {
        Step::Movement if st.g.pending.is_empty() => movement(rules, st, &legal, rng),
        Step::Declare => declare(rules, st, &legal, rng),
        Step::Barrage => {
            let fire: Vec<&TsCommand> = legal
                .iter()
                .filter(|c| matches!(c, TsCommand::Barrage { .. }))
                .collect();
            if fire.is_empty() {
                super::random_command(rules, st, &legal, rng)
            } else {
                Some(fire[rng.random_range(0..fire.len())].clone())
            }
        }
        _ => super::random_command(rules, st, &legal, rng),
    }
}

fn movement(
    rules: &TsRules,
    st: &TsState,
    legal: &[TsCommand],
    rng: &mut Xoshiro256PlusPlus,
) -> Option<TsCommand> {
    if let Some(c) = legal
        .iter()
        .find(|c| matches!(c, TsCommand::Evacuate { .. }))
        && matches!(victory(rules, st), Victory::Soor { .. })
    {
        return Some(c.clone());
    }
    let moves: Vec<&TsCommand> = legal
        .iter()
        .filter(|c| matches!(c, TsCommand::Move { .. }))
        .collect();
    if moves.is_empty() {
        return super::random_command(rules, st, legal, rng);
    }
    let Some(side) = flow::active_side(rules, st) else {
        return super::random_command(rules, st, legal, rng);
    };
    let enemies = enemy_hexes(rules, st, side);
    let goals = goals(rules, st, side);
    let battle = seeks_battle(rules, st, side);
    let mut best: Option<(f64, &TsCommand)> = None;
    if matches!(victory(rules, st), Victory::Soor { .. }) {
        // 9.1.2, 9.1.4: the commander keeps his formation in reach, leaning to the goals
        for c in legal {
            let TsCommand::MoveLeader { leader, to } = c else {
                continue;
            };
            let v = leader_move_value(rules, st, *leader as usize, *to, &goals)
                + rng.random_range(0.0..0.2);
            if best.is_none_or(|b| v > b.0) {
                best = Some((v, c));
            }
        }
    }
    for _ in 0..24 {
        let c = moves[rng.random_range(0..moves.len())];
        let TsCommand::Move { unit, to, facing } = c else {
            continue;
        };
        let from = on_map(st, *unit);
        let mut v = 0.0;
        if let (Some(d1), Some(from)) = (nearest(*to, &goals), from) {
            let d0 = nearest(from, &goals).unwrap_or(d1);
            v += 1.0 * (d0 as f64 - d1 as f64);
        } else if let Some(d1) = nearest(*to, &goals) {
            // a reinforcement entering: the nearer its goal the better
            v -= 0.2 * d1 as f64;
        }
        if let Some(de) = nearest(*to, &enemies) {
            let d0 = from.and_then(|f| nearest(f, &enemies)).unwrap_or(de);
            if battle {
                v += 0.5 * (d0 as f64 - de as f64);
            } else if de <= 2 {
                v -= 0.5 * (3 - de) as f64;
            }
            // face the nearest enemy
            let ahead = to.neighbor(*facing);
            if nearest(ahead, &enemies).is_some_and(|d| d < de) {
                v += 0.4;
            }
        }
        v += 0.3 * protection(rules, *to) as f64;
        v += rng.random_range(0.0..0.2);
        if best.is_none_or(|b| v > b.0) {
            best = Some((v, c));
        }
    }
    match best {
        Some((v, _)) if v < 0.3 && legal.contains(&TsCommand::Done) => Some(TsCommand::Done),
        Some((_, c)) => Some(c.clone()),
        None => super::random_command(rules, st, legal, rng),
    }
}

/// What a formation commander's move to `to` is worth in the playouts: one for each of
/// his formation's units on the map brought within [`COMMAND_HEXES`] (less one for each
/// left out of it), plus a third of a point per hex nearer the side's goals.
fn leader_move_value(rules: &TsRules, st: &TsState, l: usize, to: Coord, goals: &[Coord]) -> f64 {
    let Loc::Map(from) = st.leaders[l].loc else {
        return 0.0;
    };
    let mut v = 0.0;
    for (i, u) in st.units.iter().enumerate() {
        let Loc::Map(c) = u.loc else { continue };
        let f = rules.unit_formation.get(i).copied();
        if f.and_then(|f| rules.formation_leader.get(f).copied().flatten()) != Some(l) {
            continue;
        }
        let was = from.distance(c) <= COMMAND_HEXES;
        let is = to.distance(c) <= COMMAND_HEXES;
        v += is as i32 as f64 - was as i32 as f64;
    }
    if let (Some(d0), Some(d1)) = (nearest(from, goals), nearest(to, goals)) {
        v += (d0 as f64 - d1 as f64) / 3.0;
    }
    v
}

/// What an assault is worth to the attacker before the defensive fire: the chances of
/// the fire table the combat panel shows (a T half, a D one, a D with a loss two), less
/// a penalty when the attackers bring fewer points than the defenders.
fn assault_value(rules: &TsRules, st: &TsState, target: Coord, units: &[(UnitId, u8)]) -> f64 {
    let view = rules::view(rules, st);
    let defs: Vec<UnitId> = view.units_at(target).to_vec();
    let leader = units.iter().find_map(|(u, _)| bonus_leader(rules, st, *u));
    let asl = Assault {
        target,
        attackers: units.to_vec(),
        coordinated: units.len() > 1,
        leader,
        resolved: false,
        helpers: vec![],
    };
    let input = flow::attack_input(rules, st, &asl, units, &defs);
    let o = combat::fire(&input).odds();
    let attack: u32 = units.iter().map(|(_, p)| *p as u32).sum();
    let defence: u32 = defs
        .iter()
        .map(|&d| {
            let i = d as usize;
            rules.units[i]
                .combat
                .saturating_sub(st.units[i].losses.min(rules.units[i].combat)) as u32
        })
        .sum();
    let mut v = 0.5 * o[1] + o[2] + 2.0 * o[3];
    if attack < defence {
        v -= 0.3 * (defence - attack) as f64;
    }
    v
}

fn declare(
    rules: &TsRules,
    st: &TsState,
    legal: &[TsCommand],
    rng: &mut Xoshiro256PlusPlus,
) -> Option<TsCommand> {
    let side = flow::active_side(rules, st);
    let bar = match side {
        Some(s) if !seeks_battle(rules, st, s) => 1.4,
        _ => 0.9,
    };
    let mut best: Option<(f64, &TsCommand)> = None;
    for c in legal {
        if let TsCommand::Declare { target, units, .. } = c {
            let v = assault_value(rules, st, *target, units) + rng.random_range(0.0..0.1);
            if best.is_none_or(|b| v > b.0) {
                best = Some((v, c));
            }
        }
    }
    match best {
        Some((v, c)) if v >= bar || !legal.contains(&TsCommand::Done) => Some(c.clone()),
        _ if legal.contains(&TsCommand::Done) => Some(TsCommand::Done),
        _ => super::random_command(rules, st, legal, rng),
    }
}
