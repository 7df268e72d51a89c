//! Pure rules: zones, movement, retreats, command range. No ECS, no randomness.
//!
//! Movement uses our own Dijkstra instead of `hexx::field_of_movement` because the
//! rules need hexside costs (3.9.1-3.9.6), stops on entering an EZOC or EZOI (3.7, 3.8,
//! 4.2c) and the road-only mode of 3.9.3; hexx's search costs whole hexes only.

use super::data::{KgRules, Kind, Side};
use super::state::{KgState, Loc, UnitId};
use crate::engine::hexmap::{Coord, HexMap, SideFeature, SideKind, Terrain};
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

/// Occupancy and zones of one position, computed once and shared by all queries.
pub struct View {
    pub occ: Vec<Option<UnitId>>,
    /// ezoc[side]: hexes that are an enemy ZOC for `side` (3.7, 6.3 for Prussia).
    pub ezoc: [Vec<bool>; 2],
    /// ezoi[side]: hexes within an enemy infantry ZOI for `side` (3.8).
    pub ezoi: [Vec<bool>; 2],
}

/// 3.9.1, 3.9.2, 3.9.6: swamp, bridge and major-river hexsides stop ZOC and ZOI.
pub fn blocks_zones(f: Option<SideFeature>) -> bool {
    match f {
        None => false,
        Some(f) => f.bridge || matches!(f.kind, SideKind::Swamp | SideKind::MajorRiver),
    }
}

impl View {
    pub fn new(rules: &KgRules, st: &KgState) -> Self {
        let m = &rules.map;
        let n = m.len();
        let mut occ = vec![None; n];
        let mut ezoc = [vec![false; n], vec![false; n]];
        let mut ezoi = [vec![false; n], vec![false; n]];
        for (i, u) in st.units.iter().enumerate() {
            let Loc::Map(c) = u.loc else { continue };
            let Some(ix) = m.index(c) else { continue };
            occ[ix] = Some(i as UnitId);
            let def = &rules.units[i];
            let enemy = def.side.other().idx();
            // 3.7: every unit projects a ZOC into its six neighbours.
            for d in 0..6 {
                let j = m.nbr_index(ix, d);
                if j != crate::engine::hexmap::NONE && !blocks_zones(m.side_at(ix, d)) {
                    ezoc[enemy][j as usize] = true;
                }
            }
            // 3.8: infantry projects a ZOI two hexes out.
            if def.kind == Kind::Infantry {
                for &j in m.zone2(ix) {
                    ezoi[enemy][j as usize] = true;
                }
            }
        }
        // 6.3: the bombardment marker is an EZOC hex for Prussian units.
        if let Some(j) = st.g.bombard.and_then(|b| m.index(b)) {
            ezoc[Side::Prussia.idx()][j] = true;
        }
        Self { occ, ezoc, ezoi }
    }

    pub fn occupant(&self, m: &HexMap, c: Coord) -> Option<UnitId> {
        m.index(c).and_then(|i| self.occ[i])
    }

    pub fn in_ezoc(&self, m: &HexMap, side: Side, c: Coord) -> bool {
        m.index(c).is_some_and(|i| self.ezoc[side.idx()][i])
    }

    pub fn in_ezoi(&self, m: &HexMap, side: Side, c: Coord) -> bool {
        m.index(c).is_some_and(|i| self.ezoi[side.idx()][i])
    }
}

/// Which unit stands in each hex of the map (by hex index), without the zones of a
/// [`View`].
pub fn occupancy(rules: &KgRules, st: &KgState) -> Vec<Option<UnitId>> {
    let m = &rules.map;
    let mut occ = vec![None; m.len()];
    for (i, u) in st.units.iter().enumerate() {
        if let Loc::Map(c) = u.loc
            && let Some(ix) = m.index(c)
        {
            occ[ix] = Some(i as UnitId);
        }
    }
    occ
}

/// Whether `c` is in an enemy ZOC for `side` (3.7; the bombardment marker for Prussia,
/// 6.3), from the occupancy alone: what [`View::in_ezoc`] says, for a few hexes.
pub fn in_ezoc_by(
    rules: &KgRules,
    st: &KgState,
    occ: &[Option<UnitId>],
    side: Side,
    c: Coord,
) -> bool {
    let m = &rules.map;
    let Some(i) = m.index(c) else {
        return false;
    };
    if side == Side::Prussia && st.g.bombard == Some(c) {
        return true;
    }
    (0..6).any(|d| {
        let j = m.nbr_index(i, d);
        j != crate::engine::hexmap::NONE
            && !blocks_zones(m.side_at(i, d))
            && occ[j as usize].is_some_and(|o| rules.units[o as usize].side != side)
    })
}

/// Hexes within `steps` of `c` reached without crossing a zone-blocking hexside.
pub fn zone_reach(m: &HexMap, c: Coord, steps: u32) -> Vec<Coord> {
    let mut out = Vec::new();
    if let Some(i) = m.index(c) {
        m.reach_idx(i, steps, blocks_zones, &mut out);
    }
    out.into_iter().map(|j| m.coord_at(j)).collect()
}

pub fn unit_hex(st: &KgState, u: UnitId) -> Option<Coord> {
    match st.units.get(u as usize)?.loc {
        Loc::Map(c) => Some(c),
        _ => None,
    }
}

/// Movement allowance in half movement points (3.1.1, 3.1.2).
pub fn ma_half(rules: &KgRules, st: &KgState, u: UnitId) -> u32 {
    let s = &st.units[u as usize];
    match rules.units[u as usize].kind {
        Kind::Infantry => {
            if s.march {
                8
            } else {
                2
            }
        }
        Kind::Cavalry => {
            if s.exhausted {
                8
            } else {
                12
            }
        }
    }
}

/// Moves "in March formation" for the swamp and road rules (cavalry has no formation
/// and is treated as marching for hexside costs).
fn marching(rules: &KgRules, st: &KgState, u: UnitId) -> bool {
    rules.units[u as usize].kind == Kind::Cavalry || st.units[u as usize].march
}

/// 3.9.8 / TEC: cost to enter a hex, in half MP.
pub fn hex_cost_half(t: Terrain) -> u32 {
    match t {
        Terrain::Woods | Terrain::WoodedTown => 4,
        _ => 2,
    }
}

/// Extra cost of a hexside in half MP, or None when it cannot be crossed (3.9.1, 3.9.2,
/// 3.9.5, 3.9.6).
pub fn hexside_extra_half(f: Option<SideFeature>, march: bool) -> Option<u32> {
    match f {
        None => Some(0),
        Some(f) if f.bridge => Some(2),
        Some(f) => match f.kind {
            SideKind::Swamp => march.then_some(4),
            SideKind::MinorRiver => Some(2),
            SideKind::MajorRiver => None,
            // Not on a Königgrätz map (refused at load).
            _ => None,
        },
    }
}

/// The HQ commanding a unit, its hex and current range (3.2.1).
pub fn command(rules: &KgRules, st: &KgState, u: UnitId) -> Option<(Coord, u32)> {
    let h = rules.unit_hq[u as usize]?;
    let hs = st.hqs.get(h)?;
    let at = hs.at?;
    let def = &rules.hqs[h];
    Some((
        at,
        if hs.battle {
            def.range_battle
        } else {
            def.range_normal
        },
    ))
}

#[derive(Clone, Debug, PartialEq)]
pub struct MoveOption {
    pub to: Coord,
    pub cost_half: u32,
    /// Hexes entered, in order (the first is the entry hex for reinforcements); empty
    /// from the searches that list destinations only.
    pub path: Vec<Coord>,
    pub road: bool,
}

/// Where a unit may end one move (4.2b-d), with cost and path. `from` is None for a
/// reinforcement, which enters at `entry`.
pub fn destinations(
    rules: &KgRules,
    st: &KgState,
    view: &View,
    u: UnitId,
) -> BTreeMap<Coord, MoveOption> {
    search(rules, st, view, u, true, Relax::default())
}

/// The way `u` may move to `to` (cost and whether by road, no path), or None.
pub fn destination(
    rules: &KgRules,
    st: &KgState,
    view: &View,
    u: UnitId,
    to: Coord,
) -> Option<MoveOption> {
    search(rules, st, view, u, false, Relax::default()).remove(&to)
}

/// Destination hexes only (no paths), for listing legal commands quickly.
pub fn destination_hexes(rules: &KgRules, st: &KgState, view: &View, u: UnitId) -> Vec<Coord> {
    search(rules, st, view, u, false, Relax::default())
        .into_keys()
        .collect()
}

/// Limits a search may leave out, to tell the player which one refused a move.
#[derive(Clone, Copy, Debug, Default)]
struct Relax {
    /// 4.2d: the command range along the path.
    range: bool,
    /// 3.9.3: no mixing of road and normal movement in one phase.
    mix: bool,
}

/// How `u` already moved in this Movement Phase: Some(true) by road (3.9.3).
pub fn moved_by_road(st: &KgState, u: UnitId) -> Option<bool> {
    st.g.road_moves.iter().find(|m| m.0 == u).map(|m| m.1)
}

/// Where a move of `u` starts: its hex (start), or for a reinforcement its entry hex
/// (entry); None when it cannot move (3.7: a unit in an EZOC; off the map for good).
fn origin(
    rules: &KgRules,
    st: &KgState,
    view: &View,
    u: UnitId,
) -> Option<(Option<Coord>, Option<Coord>)> {
    let def = &rules.units[u as usize];
    match st.units[u as usize].loc {
        Loc::Map(c) => (!view.in_ezoc(&rules.map, def.side, c)).then_some((Some(c), None)),
        Loc::Off => {
            let e = def.entry.as_ref().and_then(|e| rules.entry_hex(e.hex))?;
            Some((None, Some(e)))
        }
        _ => None,
    }
}

fn search(
    rules: &KgRules,
    st: &KgState,
    view: &View,
    u: UnitId,
    with_paths: bool,
    relax: Relax,
) -> BTreeMap<Coord, MoveOption> {
    let m = &rules.map;
    let def = &rules.units[u as usize];
    let us = &st.units[u as usize];
    let side = def.side;
    let Some((start, entry)) = origin(rules, st, view, u) else {
        return BTreeMap::new();
    };
    let budget = ma_half(rules, st, u);
    let march = marching(rules, st, u);
    let fresh_cav = def.kind == Kind::Cavalry && !us.exhausted;
    let mut out: BTreeMap<Coord, MoveOption> = BTreeMap::new();
    let road_ok = def.kind == Kind::Infantry && us.march;
    let n = m.len();
    let occupied = |i: usize| view.occ[i].is_some();
    let stop_at = |i: usize| view.ezoc[side.idx()][i] || (!fresh_cav && view.ezoi[side.idx()][i]);
    let start_i = start.and_then(|c| m.index(c));
    // 3.9.3 / 4.2b: a unit that moved in this phase keeps to the same kind of movement.
    let before = if relax.mix {
        None
    } else {
        moved_by_road(st, u)
    };
    // 4.2d: every hex of the move stays within the command range, or (from outside it)
    // comes closer to the HQ. Reinforcements enter regardless (4.2a takes precedence).
    let range = match (start, relax.range) {
        (Some(_), false) => command(rules, st, u),
        _ => None,
    };
    let step_ok = |i: usize, j: usize| match range {
        None => true,
        Some((hq, r)) => {
            let di = m.coord_at(i).distance(hq);
            let dj = m.coord_at(j).distance(hq);
            if di > r { dj < di } else { dj <= r }
        }
    };
    let mut cost = vec![u32::MAX; n];
    let mut prev = vec![u32::MAX; n];
    // the hexes a pass reached (a few dozen of the map's hundreds): reset and read back
    let mut touched: Vec<usize> = Vec::new();
    for road in [false, true] {
        if road && !road_ok {
            continue;
        }
        if before.is_some_and(|b| b != road) {
            continue;
        }
        for &i in &touched {
            cost[i] = u32::MAX;
            prev[i] = u32::MAX;
        }
        touched.clear();
        let mut heap = BinaryHeap::new();
        match (start_i, entry.and_then(|e| m.index(e))) {
            (Some(i), _) => {
                if road && !m.road_hex_at(i) {
                    continue;
                }
                cost[i] = 0;
                touched.push(i);
                heap.push(Reverse((0u32, i)));
            }
            (None, Some(e)) => {
                // 4.2a: reinforcements pay for the entry hex.
                if occupied(e) || (road && !m.road_hex_at(e)) {
                    continue;
                }
                let c0 = if road {
                    1
                } else {
                    hex_cost_half(m.terrain_at(e))
                };
                if c0 <= budget {
                    cost[e] = c0;
                    touched.push(e);
                    heap.push(Reverse((c0, e)));
                }
            }
            _ => continue,
        }
        while let Some(Reverse((c, i))) = heap.pop() {
            if cost[i] < c {
                continue;
            }
            if Some(i) != start_i && stop_at(i) {
                continue;
            }
            for d in 0..6 {
                let j = m.nbr_index(i, d);
                if j == crate::engine::hexmap::NONE {
                    continue;
                }
                let j = j as usize;
                if occupied(j) || (road && !m.road_at(i, d)) || !step_ok(i, j) {
                    continue; // 3.10, 3.9.3, 4.2d
                }
                let Some(extra) = hexside_extra_half(m.side_at(i, d), march) else {
                    continue;
                };
                let step = if road {
                    1
                } else {
                    hex_cost_half(m.terrain_at(j))
                };
                let nc = c + step + extra;
                if nc <= budget && nc < cost[j] {
                    if cost[j] == u32::MAX {
                        touched.push(j);
                    }
                    cost[j] = nc;
                    prev[j] = i as u32;
                    heap.push(Reverse((nc, j)));
                }
            }
        }
        record_ends(
            m, &cost, &prev, &touched, start_i, with_paths, road, &mut out,
        );
    }
    // 4.2d: command range at the end (implied by the path check above).
    if let (Some(s), Some((hq, range)), false) = (start, command(rules, st, u), relax.range) {
        let d0 = s.distance(hq);
        out.retain(|c, _| {
            let d = c.distance(hq);
            if d0 > range { d < d0 } else { d <= range }
        });
    }
    out
}

/// Adds the hexes one search pass reached (`touched`, with `cost` and `prev` from the
/// Dijkstra in `search`) to `out`, keeping the cheaper way to each; with `with_paths`, each hex's path.
fn record_ends(
    m: &HexMap,
    cost: &[u32],
    prev: &[u32],
    touched: &[usize],
    start_i: Option<usize>,
    with_paths: bool,
    road: bool,
    out: &mut BTreeMap<Coord, MoveOption>,
) {
    for &i in touched {
        let c = cost[i];
        if c == u32::MAX || Some(i) == start_i {
            continue;
        }
        let to = m.coord_at(i);
        if out.get(&to).is_some_and(|o| o.cost_half <= c) {
            continue;
        }
        let mut path = Vec::new();
        if with_paths {
            path.push(to);
            let mut cur = i;
            while prev[cur] != u32::MAX && Some(prev[cur] as usize) != start_i {
                cur = prev[cur] as usize;
                path.push(m.coord_at(cur));
            }
            path.reverse();
        }
        out.insert(
            to,
            MoveOption {
                to,
                cost_half: c,
                path,
                road,
            },
        );
    }
}

/// Why `to` is not a legal end of a move for `u` (4.2), for the player.
pub fn why_not_move(
    rules: &KgRules,
    st: &KgState,
    view: &View,
    u: UnitId,
    to: Coord,
) -> (String, String) {
    let m = &rules.map;
    let def = &rules.units[u as usize];
    if !m.contains(to) {
        return ("".into(), format!("{to} is not on the map"));
    }
    if let Some(o) = view.occupant(m, to) {
        return (
            "3.10".into(),
            format!(
                "{to} is occupied by {}: no stacking",
                rules.units[o as usize].name
            ),
        );
    }
    if let Loc::Map(c) = st.units[u as usize].loc {
        if view.in_ezoc(m, def.side, c) {
            return (
                "3.7".into(),
                format!("{} is in an enemy ZOC and cannot move this phase", def.name),
            );
        }
        if let Some((hq, range)) = command(rules, st, u) {
            let d0 = c.distance(hq);
            let d = to.distance(hq);
            if d0 <= range && d > range {
                return (
                    "4.2d".into(),
                    format!("{to} is {d} hexes from the HQ; its command range is {range}"),
                );
            }
            if d0 > range && d >= d0 {
                return (
                    "4.2d".into(),
                    format!(
                        "{} is out of command range and must move closer to its HQ",
                        def.name
                    ),
                );
            }
        }
        // Would the hex be reachable without the swamp/ZOC limits?
        let us = &st.units[u as usize];
        if def.kind == Kind::Infantry && !us.march {
            for (_, nb) in m.neighbors(to) {
                if let Some(f) = m.side(to, nb)
                    && f.kind == SideKind::Swamp
                    && !f.bridge
                    && nb == c
                {
                    return (
                        "3.9.1".into(),
                        "units in Battle formation cannot cross a swamp hexside except at a bridge"
                            .into(),
                    );
                }
            }
        }
        if let Some(f) = m.side(c, to)
            && f.kind == SideKind::MajorRiver
            && !f.bridge
        {
            return (
                "3.9.6".into(),
                "a major river can be crossed only at a bridge".into(),
            );
        }
    }
    let relaxed = |relax: Relax| search(rules, st, view, u, false, relax).contains_key(&to);
    if relaxed(Relax {
        range: true,
        mix: false,
    }) {
        return (
            "4.2d".into(),
            format!(
                "every way to {to} within the movement points leaves the command range of {}'s HQ",
                def.name
            ),
        );
    }
    if let Some(road) = moved_by_road(st, u)
        && relaxed(Relax {
            range: false,
            mix: true,
        })
    {
        return (
            "3.9.3".into(),
            format!(
                "{} already moved {} in this phase and cannot mix road and normal movement",
                def.name,
                if road {
                    "with the road bonus"
                } else {
                    "without the road bonus"
                }
            ),
        );
    }
    (
        "4.2b".into(),
        format!(
            "{to} cannot be reached: not enough movement points ({} MP), or the way is stopped by an enemy ZOC/ZOI (3.7, 3.8)",
            ma_half(rules, st, u) as f32 / 2.0
        ),
    )
}

/// Outcome of searching for a retreat (4.3.1, 6.3).
#[derive(Clone, Debug, PartialEq)]
pub struct RetreatSearch {
    /// Hexes where a legal retreat of the full length can end, sorted.
    pub ends: Vec<Coord>,
    /// No legal retreat, but one would exist if swamp hexsides could be crossed (3.9.1).
    pub swamp_forced: bool,
}

fn min_dist(c: Coord, from: &[Coord]) -> u32 {
    from.iter().map(|f| c.distance(*f)).min().unwrap_or(0)
}

/// 4.3.1: each hex farther from the enemy, no unit, no EZOC, inside command range;
/// never across a major river (3.9.6) or a swamp (3.9.1) except at a bridge.
pub fn retreat_search(
    rules: &KgRules,
    st: &KgState,
    view: &View,
    u: UnitId,
    away_from: &[Coord],
    hexes: u8,
) -> RetreatSearch {
    let m = &rules.map;
    let side = rules.units[u as usize].side;
    let Some(start) = unit_hex(st, u) else {
        return RetreatSearch {
            ends: vec![],
            swamp_forced: false,
        };
    };
    let cmd = command(rules, st, u);
    let in_range_ok = |path_start: Coord, c: Coord| match cmd {
        None => true,
        Some((hq, r)) => {
            let d0 = path_start.distance(hq);
            let d = c.distance(hq);
            d <= r || d <= d0
        }
    };
    let mut ends = Vec::new();
    let mut swamp_ends = Vec::new();
    // depth-first over paths; `swampy` marks a path that crossed a swamp.
    let mut stack = vec![(start, 0u8, false)];
    while let Some((c, depth, swampy)) = stack.pop() {
        if depth == hexes {
            if swampy {
                swamp_ends.push(c)
            } else {
                ends.push(c)
            }
            continue;
        }
        let d = min_dist(c, away_from);
        for (_, nb) in m.neighbors(c) {
            if min_dist(nb, away_from) <= d {
                continue;
            }
            if view.occupant(m, nb).is_some_and(|o| o != u)
                || view.in_ezoc(m, side, nb)
                || !in_range_ok(start, nb)
            {
                continue;
            }
            let f = m.side(c, nb);
            let mut sw = swampy;
            if let Some(f) = f
                && !f.bridge
            {
                match f.kind {
                    SideKind::MajorRiver => continue,
                    SideKind::Swamp => sw = true,
                    SideKind::MinorRiver => {}
                    _ => continue,
                }
            }
            stack.push((nb, depth + 1, sw));
        }
    }
    ends.sort();
    ends.dedup();
    RetreatSearch {
        swamp_forced: ends.is_empty() && !swamp_ends.is_empty(),
        ends,
    }
}

/// The enemy units whose ZOC covers `c` for `side`.
pub fn zoc_sources(rules: &KgRules, st: &KgState, side: Side, c: Coord) -> Vec<Coord> {
    let m = &rules.map;
    let mut out = Vec::new();
    for (_, nb) in m.neighbors(c) {
        if blocks_zones(m.side(c, nb)) {
            continue;
        }
        if st
            .units
            .iter()
            .enumerate()
            .any(|(i, u)| u.loc == Loc::Map(nb) && rules.units[i].side != side)
        {
            out.push(nb);
        }
    }
    if side == Side::Prussia && st.g.bombard == Some(c) {
        out.push(c);
    }
    out
}
