//! The random player of the soak tests, `feldzug play --random` and the bench: uniform
//! over the legal commands, but moves lean towards the enemy and passes are rare, so
//! that games reach combat. In the Movement Phase it picks a unit first and asks for
//! that unit's moves only, instead of listing every unit's destinations; every legal
//! command can still be chosen.

use super::data::{KgRules, Side};
use super::rules::{self, View};
use super::state::{KgCommand, KgState, Loc, Step, UnitId};
use super::steps::entering;
use crate::engine::hexmap::Coord;
use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// A random legal command now (None when there is none: the game is over).
pub fn random_play(
    rules: &KgRules,
    st: &KgState,
    rng: &mut Xoshiro256PlusPlus,
) -> Option<KgCommand> {
    if st.g.step == Step::Movement && st.g.pending.is_empty() {
        return Some(random_move(rules, st, rng));
    }
    let legal = super::flow::legal_commands(rules, st);
    random_command(rules, st, &legal, rng)
}

/// Picks a random command of `legal` (the legal commands now): a pass now and then,
/// otherwise uniform, moves leaning towards the enemy.
pub fn random_command(
    rules: &KgRules,
    st: &KgState,
    legal: &[KgCommand],
    rng: &mut Xoshiro256PlusPlus,
) -> Option<KgCommand> {
    if legal.is_empty() {
        return None;
    }
    let has_pass = legal.contains(&KgCommand::Pass);
    let pass_pct = match st.g.step {
        Step::Movement => 6,
        Step::Attack => 8,
        _ => 25,
    };
    if has_pass && (legal.len() == 1 || rng.random_range(0..100) < pass_pct) {
        return Some(KgCommand::Pass);
    }
    let others: Vec<&KgCommand> = legal.iter().filter(|c| **c != KgCommand::Pass).collect();
    if st.g.step == Step::Movement && st.g.pending.is_empty() && rng.random_range(0..100) < 70 {
        // closest approach to an enemy among a few random candidates
        let enemies = enemy_hexes(rules, st);
        let mut best: Option<(u32, &KgCommand)> = None;
        for _ in 0..12 {
            let c = others[rng.random_range(0..others.len())];
            if let KgCommand::Move { unit, to } = c {
                let d = distance_to_enemy(rules, &enemies, *unit, *to);
                if best.is_none_or(|b| d < b.0) {
                    best = Some((d, c));
                }
            }
        }
        if let Some((_, c)) = best {
            return Some(c.clone());
        }
    }
    Some(others[rng.random_range(0..others.len())].clone())
}

fn enemy_hexes(rules: &KgRules, st: &KgState) -> Vec<(Side, Coord)> {
    st.units
        .iter()
        .enumerate()
        .filter_map(|(i, u)| match u.loc {
            Loc::Map(c) => Some((rules.units[i].side, c)),
            _ => None,
        })
        .collect()
}

fn distance_to_enemy(rules: &KgRules, units: &[(Side, Coord)], unit: UnitId, to: Coord) -> u32 {
    let side = rules.units[unit as usize].side;
    units
        .iter()
        .filter(|e| e.0 != side)
        .map(|e| e.1.distance(to))
        .min()
        .unwrap_or(0)
}

/// A random decision of the Movement Phase (4.2), one unit's moves at a time: due
/// reinforcements as [`random_command`] does; otherwise a pass (6 %), the move closest
/// to the enemy among a few units' random moves (70 % of the rest), or a uniform random
/// unit that can move and one of its destinations. A pass when nothing can move.
fn random_move(rules: &KgRules, st: &KgState, rng: &mut Xoshiro256PlusPlus) -> KgCommand {
    let view = View::new(rules, st);
    let side = st.g.to_move;
    let reinf = entering(rules, st, &view, side);
    if !reinf.is_empty() {
        let legal: Vec<KgCommand> = reinf
            .into_iter()
            .flat_map(|(unit, ds)| ds.into_iter().map(move |to| KgCommand::Move { unit, to }))
            .collect();
        return random_command(rules, st, &legal, rng).unwrap_or(KgCommand::Pass);
    }
    if rng.random_range(0..100) < 6 {
        return KgCommand::Pass;
    }
    // units that may have a move: on the map and not in an enemy ZOC (3.7)
    let mut units: Vec<UnitId> = (0..st.units.len())
        .filter(|&i| {
            rules.units[i].side == side
                && matches!(st.units[i].loc, Loc::Map(c) if !view.in_ezoc(&rules.map, side, c))
        })
        .map(|i| i as UnitId)
        .collect();
    let lean = rng.random_range(0..100) < 70;
    let mut best: Option<(u32, UnitId, Coord)> = None;
    let enemies = if lean {
        enemy_hexes(rules, st)
    } else {
        Vec::new()
    };
    let mut tried = 0;
    while !units.is_empty() {
        let k = rng.random_range(0..units.len());
        let u = units[k];
        let ds = rules::destination_hexes(rules, st, &view, u);
        if ds.is_empty() {
            units.swap_remove(k);
            continue;
        }
        if !lean {
            return KgCommand::Move {
                unit: u,
                to: ds[rng.random_range(0..ds.len())],
            };
        }
        for _ in 0..3 {
            let to = ds[rng.random_range(0..ds.len())];
            let d = distance_to_enemy(rules, &enemies, u, to);
            if best.is_none_or(|b| d < b.0) {
                best = Some((d, u, to));
            }
        }
        tried += 1;
        if tried == 4 {
            break;
        }
        units.swap_remove(k);
    }
    match best {
        Some((_, unit, to)) => KgCommand::Move { unit, to },
        None => KgCommand::Pass,
    }
}
