//! Pure rules of Trautenau – Soor: facing (4), zones of control (5), stacking (3),
//! terrain costs (9.3 and the terrain effects table), movement (9.3, 9.4, 5.1, 9.1.4,
//! 10.2, 12.1.5), lines of command (7.1, 7.2, 9.1.2) and retreats (9.5.4, 9.5.8).
//! No ECS, no randomness.
//!
//! Movement uses our own Dijkstra instead of `hexx::field_of_movement` because the
//! costs depend on the hexside crossed (rivers, streams, ravines, escarpments, roads,
//! elevation changes) and the search must stop on entering an enemy ZoC, forbid
//! ZoC-to-ZoC steps and track road runs for the footnote 4 bonus; hexx's search costs
//! whole hexes only.
//!
//! Interpretations (see the docs of each function for details):
//! - An elevation change costs [`ELEVATION_MP`] per level in either direction
//!   ([`ELEVATION_COST_DOWNHILL`]), cancelled by a road joining the two hexes only.
//! - A road, path or railway joining the two hexes makes the step cost 1 MP whatever the
//!   hex or hexside (footnote 2; streams, ravines, woods, marsh, villages), plus the
//!   elevation cost unless it is a road (footnote 1, 9.3 note).
//! - Light troops count only toward the three-unit total of a stack (3).

use super::data::{Arm, Dir, Side, TsRules};
use super::state::{Loc, TsState, UnitId};
use crate::engine::hexmap::{Coord, HexMap, NONE, SideKind, Terrain};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// 9.3 / terrain table: MP per level of elevation change (footnote 1).
pub const ELEVATION_MP: u8 = 1;
/// Our reading of "+1 MP/level": the cost applies going down as well as up. Set to
/// false to charge climbs only.
pub const ELEVATION_COST_DOWNHILL: bool = true;
/// Footnote 4: free MP at the end of a move after two consecutive road hexes.
pub const ROAD_BONUS: u8 = 1;
pub const ROAD_BONUS_CAVALRY: u8 = 2;
/// Longest chain of over-stacked friendly hexes a retreat may cross (9.5.8).
const MAX_RETREAT_THROUGH: usize = 4;

// ---------------------------------------------------------------------------------
// Occupancy
// ---------------------------------------------------------------------------------

/// Occupancy and enemy zones of one position, computed once by [`view`] and shared by
/// all queries. Leaders are not in it. Rebuild it whenever units move or turn.
#[derive(Clone, Debug)]
pub struct View {
    cols: i32,
    rows: i32,
    /// Units in each hex (by map index), sorted by id.
    occ: Vec<Vec<UnitId>>,
    /// Side of the units in each hex.
    side: Vec<Option<Side>>,
    /// ezoc[s][i]: hex i is in the ZoC of a unit of the enemy of side s (5).
    ezoc: [Vec<bool>; 2],
}

impl View {
    fn idx(&self, c: Coord) -> Option<usize> {
        (c.col >= 1 && c.row >= 1 && c.col <= self.cols && c.row <= self.rows)
            .then(|| ((c.row - 1) * self.cols + (c.col - 1)) as usize)
    }

    /// Units in hex `c`, sorted by id (empty off the map).
    pub fn units_at(&self, c: Coord) -> &[UnitId] {
        self.idx(c).map(|i| self.occ[i].as_slice()).unwrap_or(&[])
    }

    /// Side of the units in hex `c`, if any.
    pub fn side_at(&self, c: Coord) -> Option<Side> {
        self.idx(c).and_then(|i| self.side[i])
    }

    /// A unit of the enemy of `side` stands next to `c` (7.1).
    pub fn enemy_adjacent(&self, map: &HexMap, side: Side, c: Coord) -> bool {
        map.index(c)
            .is_some_and(|i| self.enemy_adjacent_idx(map, side, i))
    }

    fn enemy_adjacent_idx(&self, map: &HexMap, side: Side, i: usize) -> bool {
        (0..6).any(|d| {
            let j = map.nbr_index(i, d);
            j != NONE && self.side[j as usize] == Some(side.other())
        })
    }

    /// Hex `c` is in the ZoC of an enemy of `side` (5).
    pub fn in_ezoc(&self, side: Side, c: Coord) -> bool {
        self.idx(c).is_some_and(|i| self.ezoc[side.idx()][i])
    }

    fn enemy_at(&self, side: Side, i: usize) -> bool {
        self.side[i] == Some(side.other())
    }

    fn friend_at(&self, side: Side, i: usize) -> bool {
        self.side[i] == Some(side)
    }
}

/// Builds the occupancy and the enemy zones of control of a position.
pub fn view(rules: &TsRules, st: &TsState) -> View {
    let m = &rules.map;
    let n = m.len();
    let mut occ = vec![Vec::new(); n];
    let mut side = vec![None; n];
    let mut ezoc = [vec![false; n], vec![false; n]];
    for (u, s) in st.units.iter().enumerate() {
        let Loc::Map(c) = s.loc else { continue };
        let Some(i) = m.index(c) else { continue };
        let def_side = rules.units[u].side;
        occ[i].push(u as UnitId);
        side[i] = Some(def_side);
        for z in zoc_hexes(rules, st, u as UnitId) {
            if let Some(j) = m.index(z) {
                ezoc[def_side.other().idx()][j] = true;
            }
        }
    }
    View {
        cols: m.cols,
        rows: m.rows,
        occ,
        side,
        ezoc,
    }
}

/// Hex of a unit on the map.
pub fn unit_hex(st: &TsState, u: UnitId) -> Option<Coord> {
    st.units.get(u as usize).and_then(|s| s.loc.hex())
}

// ---------------------------------------------------------------------------------
// Terrain and elevation
// ---------------------------------------------------------------------------------

/// Town-like hexes: 360° facing (4), obstacle to LoS (9.2), village stacking (3).
pub fn is_town(t: Terrain) -> bool {
    matches!(
        t,
        Terrain::Town | Terrain::Village | Terrain::WoodedTown | Terrain::Fortress
    )
}

/// Wooded hexes (woods cost, cavalry disorganisation).
pub fn is_wooded(t: Terrain) -> bool {
    matches!(t, Terrain::Woods | Terrain::WoodedTown)
}

/// 1.1: a steep slope is a difference of at least two levels between adjacent hexes.
pub fn steep(map: &HexMap, a: Coord, b: Coord) -> bool {
    climbs(map, a, b).abs() >= 2
}

/// Levels gained going from `a` to `b` (negative going down).
pub fn climbs(map: &HexMap, a: Coord, b: Coord) -> i32 {
    map.elevation(b) as i32 - map.elevation(a) as i32
}

/// Cost in MP of the step from hex index `i` in direction `d` for `arm`, or None when
/// the step is prohibited (9.3, terrain effects table and its footnotes).
fn step_cost(map: &HexMap, arm: Arm, i: usize, d: usize) -> Option<u8> {
    let j = map.nbr_index(i, d);
    if j == NONE {
        return None;
    }
    let j = j as usize;
    let road = map.road_at(i, d);
    let linked = road || map.trail_at(i, d);
    let mounted = matches!(arm, Arm::Cavalry | Arm::Artillery);
    let mut extra = 0u8;
    // Hexsides.
    if let Some(f) = map.side_at(i, d) {
        match f.kind {
            // River: uncrossable without a bridge.
            SideKind::River | SideKind::MajorRiver => {
                if !f.bridge {
                    return None;
                }
            }
            // Escarpment: only by road, path or railway.
            SideKind::Escarpment => {
                if !linked {
                    return None;
                }
            }
            // Ravine +1, stream +1; a road/path/railway link makes the step 1 MP
            // (footnote 2 for the stream, our reading for the ravine).
            SideKind::Ravine | SideKind::Stream | SideKind::MinorRiver => {
                if !linked && !f.bridge {
                    extra += 1;
                }
            }
            // Not on this map; treated like marsh along a hexside.
            SideKind::Swamp => {
                if !linked && !f.bridge {
                    if mounted {
                        return None;
                    }
                    extra += 1;
                }
            }
        }
    }
    // Elevation.
    let (ei, ej) = (map.elevation_at(i) as i32, map.elevation_at(j) as i32);
    let diff = ej - ei;
    let levels = diff.unsigned_abs() as u8;
    if levels > 0 {
        // Artillery: no level change except by road/path/railway.
        if arm == Arm::Artillery && !linked {
            return None;
        }
        // Cavalry: no steep slope except by road/path/railway.
        if arm == Arm::Cavalry && levels >= 2 && !linked {
            return None;
        }
        // Footnote 1: a road cancels the elevation cost, a path or railway does not.
        if !road && (diff > 0 || ELEVATION_COST_DOWNHILL) {
            extra += ELEVATION_MP * levels;
        }
    }
    // The hex entered.
    let t = map.terrain_at(j);
    let base = if linked {
        // Footnote 2: along a road/path the hex costs like the road/path; marsh is open
        // to cavalry and artillery along them.
        1
    } else {
        match t {
            Terrain::Clear | Terrain::Village | Terrain::Town | Terrain::Fortress => 1,
            Terrain::Woods | Terrain::WoodedTown => match arm {
                Arm::Infantry => 2,
                Arm::Light => 1,
                Arm::Cavalry | Arm::Artillery => 3,
            },
            Terrain::Marsh => {
                if mounted {
                    return None;
                }
                2
            }
        }
    };
    Some(base + extra)
}

/// 9.3: MP for `arm` to enter `to` from the adjacent `from`; None when prohibited or
/// the hexes are not adjacent / not on the map.
///
/// Clear, village, town 1 (a village/town costs its "other terrain": clear, or woods
/// for a wooded town); woods +1 infantry, +0 light, +2 cavalry and artillery; marsh 2
/// for infantry, prohibited to cavalry and artillery; +[`ELEVATION_MP`] per level;
/// ravine +1; stream +1; river and escarpment uncrossable. A road, path or railway
/// joining the hexes makes it 1 MP plus the elevation cost (not for a road).
pub fn enter_cost(rules: &TsRules, arm: Arm, from: Coord, to: Coord) -> Option<u8> {
    let m = &rules.map;
    let i = m.index(from)?;
    m.index(to)?;
    let d = Dir::between(from, to)?;
    step_cost(m, arm, i, d.index())
}

fn woods_step(map: &HexMap, arm: Arm, i: usize, d: usize) -> bool {
    let j = map.nbr_index(i, d);
    arm == Arm::Cavalry
        && j != NONE
        && is_wooded(map.terrain_at(j as usize))
        && !(map.road_at(i, d) || map.trail_at(i, d))
}

/// Terrain table, woods: cavalry entering woods other than along a road/path is
/// disorganised (footnotes 2, 3).
pub fn woods_disorganises(rules: &TsRules, arm: Arm, from: Coord, to: Coord) -> bool {
    let m = &rules.map;
    match (m.index(from), Dir::between(from, to)) {
        (Some(i), Some(d)) => woods_step(m, arm, i, d.index()),
        _ => false,
    }
}

// ---------------------------------------------------------------------------------
// Facing (4, 5.2)
// ---------------------------------------------------------------------------------

fn rot(d: Dir, k: usize) -> Dir {
    Dir::ALL[(d.index() + k) % 6]
}

/// 4: the unit's front directions: facing-1, facing, facing+1 (clockwise order); all
/// six for a non-artillery unit in a town or village. Empty off the map.
pub fn front_dirs(rules: &TsRules, st: &TsState, u: UnitId) -> Vec<Dir> {
    let Some(c) = unit_hex(st, u) else {
        return Vec::new();
    };
    if all_round(rules, st, u, c) {
        return Dir::ALL.to_vec();
    }
    let f = st.units[u as usize].facing;
    vec![rot(f, 5), f, rot(f, 1)]
}

fn all_round(rules: &TsRules, _st: &TsState, u: UnitId, c: Coord) -> bool {
    rules.units[u as usize].arm != Arm::Artillery && is_town(rules.map.terrain(c))
}

/// 4: the front hexes of a unit that are on the map.
pub fn front_hexes(rules: &TsRules, st: &TsState, u: UnitId) -> Vec<Coord> {
    let Some(c) = unit_hex(st, u) else {
        return Vec::new();
    };
    front_dirs(rules, st, u)
        .into_iter()
        .map(|d| c.neighbor(d))
        .filter(|n| rules.map.contains(*n))
        .collect()
}

/// 5.2: `from` is one of the defender's flank hexes (adjacent, not in front). Never
/// true for a unit with 360° facing.
pub fn is_flank_of(rules: &TsRules, st: &TsState, defender: UnitId, from: Coord) -> bool {
    let Some(c) = unit_hex(st, defender) else {
        return false;
    };
    match Dir::between(c, from) {
        Some(d) => !front_dirs(rules, st, defender).contains(&d),
        None => false,
    }
}

// ---------------------------------------------------------------------------------
// Zones of control (5)
// ---------------------------------------------------------------------------------

/// 5: the hexes a unit's ZoC covers: its front hexes, except across a hexside or into a
/// hex it may not enter (river without bridge, escarpment off road, marsh and slopes for
/// cavalry/artillery...) and except up a steep slope. Nothing for units off the map.
pub fn zoc_hexes(rules: &TsRules, st: &TsState, u: UnitId) -> Vec<Coord> {
    let m = &rules.map;
    let Some(c) = unit_hex(st, u) else {
        return Vec::new();
    };
    let Some(i) = m.index(c) else {
        return Vec::new();
    };
    let arm = rules.units[u as usize].arm;
    front_dirs(rules, st, u)
        .into_iter()
        .filter(|d| step_cost(m, arm, i, d.index()).is_some())
        .map(|d| c.neighbor(d))
        .filter(|n| climbs(m, c, *n) < 2)
        .collect()
}

/// 5: hex `c` is in the ZoC of a unit of the enemy of `side` (from the view).
pub fn in_enemy_zoc(_rules: &TsRules, _st: &TsState, view: &View, side: Side, c: Coord) -> bool {
    view.in_ezoc(side, c)
}

// ---------------------------------------------------------------------------------
// Stacking (3)
// ---------------------------------------------------------------------------------

/// 3: a stack of these arms is legal (`town`: a town or village hex).
///
/// Our reading: light troops count only toward the maximum of three units, never toward
/// the infantry limit. Outside towns the rest must fit one of: two infantry, two
/// artillery, three cavalry, with one of those replaced by an artillery unit (so 1
/// infantry + 1 artillery, 2 cavalry + 1 artillery); infantry and cavalry never mix.
/// In a town or village the rest is one infantry, or two cavalry, or one artillery
/// (no replacement, no mixing).
pub fn stack_ok(arms: &[Arm], town: bool) -> bool {
    let count = |a: Arm| arms.iter().filter(|&&x| x == a).count();
    let (i, c, a) = (
        count(Arm::Infantry),
        count(Arm::Cavalry),
        count(Arm::Artillery),
    );
    if arms.len() > 3 {
        return false;
    }
    if town {
        let kinds = [i, c, a].iter().filter(|&&n| n > 0).count();
        return kinds <= 1 && i <= 1 && c <= 2 && a <= 1;
    }
    if c > 0 { i == 0 && a <= 1 } else { i + a <= 2 }
}

/// 3: unit `u` may end its move in `c`: on the map, no enemy there, and the stack with
/// the friendly units already there (other than `u`) is legal.
pub fn can_end_in(rules: &TsRules, _st: &TsState, view: &View, u: UnitId, c: Coord) -> bool {
    let m = &rules.map;
    let Some(i) = m.index(c) else { return false };
    let side = rules.units[u as usize].side;
    if view.enemy_at(side, i) {
        return false;
    }
    let mut arms: Vec<Arm> = view.occ[i]
        .iter()
        .filter(|&&o| o != u)
        .map(|&o| rules.units[o as usize].arm)
        .collect();
    arms.push(rules.units[u as usize].arm);
    stack_ok(&arms, is_town(m.terrain_at(i)))
}

// ---------------------------------------------------------------------------------
// Movement (9.3, 9.4, 5.1, 9.1.4, 10.2, 12.1.5)
// ---------------------------------------------------------------------------------

/// A place a unit may end its move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dest {
    pub hex: Coord,
    /// MP spent by the move (may exceed the allowance by the road bonus, footnote 4).
    pub cost: u8,
    /// Hexes entered in order, the destination last (a reinforcement's entry hex first).
    pub path: Vec<Coord>,
    /// The destination is in an enemy ZoC (5.1: the move stops there).
    pub enters_zoc: bool,
    /// A cavalry unit not yet disorganised enters woods off road/path on the way.
    pub disorganises: bool,
}

/// 1.3: halves round up.
fn half_up(x: u8) -> u8 {
    x.div_ceil(2)
}

/// Formation index of a unit, and whether its formation is demoralised (10.2;
/// independent units never are).
fn demoralised(rules: &TsRules, st: &TsState, u: UnitId) -> bool {
    let f = rules.unit_formation[u as usize];
    !rules.formations.get(f).is_some_and(|d| d.independent)
        && st.formations.get(f).is_some_and(|s| s.demoralised)
}

/// The hex of a unit's formation commander, if he is on the map.
pub fn formation_commander_hex(rules: &TsRules, st: &TsState, u: UnitId) -> Option<Coord> {
    let f = rules.unit_formation[u as usize];
    let l = (*rules.formation_leader.get(f)?)?;
    st.leaders.get(l)?.loc.hex()
}

/// 12.1.5: hexes `side` may not enter at `hour`, by map index.
fn forbidden_mask(rules: &TsRules, side: Side, hour: u8) -> Vec<bool> {
    let m = &rules.map;
    let mut mask = vec![false; m.len()];
    for (s, until, hexes) in &rules.forbidden {
        if *s == side && hour <= *until {
            for h in hexes {
                if let Some(i) = m.index(*h) {
                    mask[i] = true;
                }
            }
        }
    }
    mask
}

/// Whether hex `c` is forbidden to `side` at `hour` (12.1.5).
pub fn forbidden(rules: &TsRules, side: Side, c: Coord, hour: u8) -> bool {
    rules
        .forbidden
        .iter()
        .any(|(s, until, hexes)| *s == side && hour <= *until && hexes.contains(&c))
}

fn min_dist(c: Coord, to: &[Coord]) -> u32 {
    to.iter().map(|t| c.distance(*t)).min().unwrap_or(0)
}

struct Search<'a> {
    rules: &'a TsRules,
    view: &'a View,
    arm: Arm,
    side: Side,
    budget: u32,
    bonus: u32,
    /// The origin (not a destination) for a move from the map.
    start: Option<usize>,
    start_in_zoc: bool,
    leave_extra: u32,
    no_ezoc: bool,
    forbidden: Vec<bool>,
}

const RUNS: usize = 3;

impl Search<'_> {
    /// Dijkstra over (hex, consecutive road steps capped at 2). Returns, per hex, the
    /// cheapest cost and the state chain to rebuild the path.
    fn run(&self, seed: usize, seed_cost: u32, seed_run: usize) -> Vec<Option<(u32, Vec<usize>)>> {
        let m = &self.rules.map;
        let n = m.len();
        let side = self.side.idx();
        let mut cost = vec![u32::MAX; n * RUNS];
        let mut prev = vec![u32::MAX; n * RUNS];
        // Bonus steps (footnote 4) end the move: kept apart, never expanded.
        let mut end_cost = vec![u32::MAX; n];
        let mut end_prev = vec![u32::MAX; n];
        let mut heap = BinaryHeap::new();
        let s0 = seed * RUNS + seed_run.min(RUNS - 1);
        cost[s0] = seed_cost;
        heap.push(Reverse((seed_cost, s0)));
        while let Some(Reverse((c, s))) = heap.pop() {
            if c > cost[s] {
                continue;
            }
            let i = s / RUNS;
            let run = s % RUNS;
            let at_start = Some(i) == self.start;
            // 5.1: entering an enemy ZoC ends the move.
            if !at_start && self.view.ezoc[side][i] {
                continue;
            }
            for d in 0..6 {
                let j = m.nbr_index(i, d);
                if j == NONE {
                    continue;
                }
                let j = j as usize;
                // 3: never through enemy hexes; 12.1.5.
                if self.view.enemy_at(self.side, j) || self.forbidden[j] {
                    continue;
                }
                let Some(ec) = step_cost(m, self.arm, i, d) else {
                    continue;
                };
                let zoc_j = self.view.ezoc[side][j];
                // 5.1, 9.1.4, 10.2: no entry into a ZoC; never ZoC to ZoC.
                if zoc_j && (self.no_ezoc || (at_start && self.start_in_zoc)) {
                    continue;
                }
                let extra = if at_start && self.start_in_zoc {
                    self.leave_extra
                } else {
                    0
                };
                let nc = c + ec as u32 + extra;
                let nrun = if m.road_at(i, d) {
                    (run + 1).min(RUNS - 1)
                } else {
                    0
                };
                if nc <= self.budget {
                    let t = j * RUNS + nrun;
                    if nc < cost[t] {
                        cost[t] = nc;
                        prev[t] = s as u32;
                        heap.push(Reverse((nc, t)));
                    }
                } else if run == RUNS - 1 && nc <= self.budget + self.bonus && nc < end_cost[j] {
                    end_cost[j] = nc;
                    end_prev[j] = s as u32;
                }
            }
        }
        let chain = |mut s: usize| {
            let mut v = vec![s / RUNS];
            while prev[s] != u32::MAX {
                s = prev[s] as usize;
                v.push(s / RUNS);
            }
            v.reverse();
            v
        };
        (0..n)
            .map(|j| {
                let best = (0..RUNS)
                    .map(|r| (cost[j * RUNS + r], j * RUNS + r))
                    .min()
                    .filter(|(c, _)| *c != u32::MAX);
                match best {
                    Some((c, s)) if c <= end_cost[j] => Some((c, chain(s))),
                    _ if end_cost[j] != u32::MAX => {
                        let mut v = chain(end_prev[j] as usize);
                        v.push(j);
                        Some((end_cost[j], v))
                    }
                    _ => None,
                }
            })
            .collect()
    }
}

/// Turns search results into destinations. `chain` starts with the origin hex; when
/// `include_origin` (reinforcement entry) it is part of the path.
fn to_dests(
    rules: &TsRules,
    st: &TsState,
    view: &View,
    u: UnitId,
    found: Vec<Option<(u32, Vec<usize>)>>,
    include_origin: bool,
) -> Vec<Dest> {
    let m = &rules.map;
    let arm = rules.units[u as usize].arm;
    let side = rules.units[u as usize].side;
    let was_disorg = st.units[u as usize].disorg;
    let mut out = Vec::new();
    for (j, f) in found.into_iter().enumerate() {
        let Some((cost, chain)) = f else { continue };
        if !include_origin && chain.len() < 2 {
            continue;
        }
        let hex = m.coord_at(j);
        if !can_end_in(rules, st, view, u, hex) {
            continue;
        }
        let woods = chain.windows(2).any(|w| {
            (0..6).any(|d| m.nbr_index(w[0], d) == w[1] as u32 && woods_step(m, arm, w[0], d))
        });
        let skip = if include_origin { 0 } else { 1 };
        out.push(Dest {
            hex,
            cost: cost.min(u8::MAX as u32) as u8,
            path: chain[skip..].iter().map(|&k| m.coord_at(k)).collect(),
            enters_zoc: view.ezoc[side.idx()][j],
            disorganises: woods && !was_disorg,
        });
    }
    out
}

/// 9.3: where unit `u` (on the map) may end a move this activation, cheapest path per
/// hex, sorted by hex, the start excluded. The formation commander's hex (for 9.1.4) is
/// looked up in `st`; see [`destinations_with`].
pub fn destinations(rules: &TsRules, st: &TsState, view: &View, u: UnitId, hour: u8) -> Vec<Dest> {
    let commander = formation_commander_hex(rules, st, u);
    destinations_with(rules, st, view, u, hour, commander)
}

/// [`destinations`] with the formation commander's hex given.
///
/// - Allowance: movement − spent; half the movement (rounded up, 1.3) when out of
///   command and not under the chief's direct command (9.1.4).
/// - 5.1: entering an enemy ZoC stops; no step from a ZoC hex into another ZoC hex;
///   leaving a ZoC costs half the movement (rounded up) on top of the step for a unit
///   in command and organised; otherwise it takes all the MP: only one step, and only
///   if nothing was spent yet (its cost is reported as the whole allowance).
/// - Out of command units (9.1.4), units of a demoralised formation (10.2) and
///   disorganised cavalry (5.1) may not enter an enemy ZoC.
/// - 9.1.4: an out of command unit may not end farther (in hexes) from its formation
///   commander than it started.
/// - 10.2: a unit of a demoralised formation must end closer (in hexes) to its side's
///   retreat hexes at `hour`, or not move.
/// - 3: friendly hexes are crossed freely, stacking is checked at the end; enemy hexes
///   are never entered. 12.1.5: forbidden hexes are never entered.
/// - Footnote 4, our reading: after two consecutive steps along a road, one more step
///   may use +1 MP (+2 for cavalry) over the allowance; that step ends the move.
/// - The charge limit of cavalry (9.5.11) is left to the caller (it checks `spent`).
pub fn destinations_with(
    rules: &TsRules,
    st: &TsState,
    view: &View,
    u: UnitId,
    hour: u8,
    commander: Option<Coord>,
) -> Vec<Dest> {
    let m = &rules.map;
    let Some(start) = unit_hex(st, u) else {
        return Vec::new();
    };
    let Some(si) = m.index(start) else {
        return Vec::new();
    };
    let def = &rules.units[u as usize];
    let s = &st.units[u as usize];
    let side = def.side;
    let ooc = !s.in_command && !s.chief_command;
    let allowance = if ooc {
        half_up(def.movement)
    } else {
        def.movement
    };
    let budget = allowance.saturating_sub(s.spent) as u32;
    let demo = demoralised(rules, st, u);
    let no_ezoc = ooc || demo || (def.arm == Arm::Cavalry && s.disorg);
    let start_in_zoc = view.ezoc[side.idx()][si];
    let forbid = forbidden_mask(rules, side, hour);
    let mut out = if start_in_zoc && (ooc || s.disorg) {
        // 5.1: leaving costs all the MP: one step, from a full allowance only.
        if s.spent > 0 {
            return Vec::new();
        }
        let mut v = Vec::new();
        for d in 0..6 {
            let j = m.nbr_index(si, d);
            if j == NONE {
                continue;
            }
            let j = j as usize;
            if view.enemy_at(side, j)
                || forbid[j]
                || view.ezoc[side.idx()][j]
                || step_cost(m, def.arm, si, d).is_none()
            {
                continue;
            }
            let hex = m.coord_at(j);
            if can_end_in(rules, st, view, u, hex) {
                v.push(Dest {
                    hex,
                    cost: allowance,
                    path: vec![hex],
                    enters_zoc: false,
                    disorganises: woods_step(m, def.arm, si, d) && !s.disorg,
                });
            }
        }
        v
    } else {
        let search = Search {
            rules,
            view,
            arm: def.arm,
            side,
            budget,
            bonus: if def.arm == Arm::Cavalry {
                ROAD_BONUS_CAVALRY
            } else {
                ROAD_BONUS
            } as u32,
            start: Some(si),
            start_in_zoc,
            leave_extra: half_up(def.movement) as u32,
            no_ezoc,
            forbidden: forbid,
        };
        to_dests(rules, st, view, u, search.run(si, 0, 0), false)
    };
    if ooc && let Some(cmd) = commander {
        let d0 = start.distance(cmd);
        out.retain(|d| d.hex.distance(cmd) <= d0);
    }
    if demo {
        let rh = rules.retreat_hexes(side, hour);
        if !rh.is_empty() {
            let d0 = min_dist(start, &rh);
            out.retain(|d| min_dist(d.hex, &rh) < d0);
        }
    }
    out.sort_by_key(|d| d.hex);
    out
}

/// 9.4: where a reinforcement `u` entering at `entry` may end its move, the entry hex
/// included. The entry hex costs its terrain cost (1 if a road, path or railway leaves
/// it: the column arrives by road) multiplied by max(1, `already_entered`): the first
/// unit pays it once, each later unit pays it times the number already entered.
/// Reinforcements are in command (9.4); ZoC, stacking, forbidden hexes and the road
/// bonus apply as in [`destinations_with`] (the entry hex counts as one road step if
/// it is on a road).
pub fn entry_destinations(
    rules: &TsRules,
    st: &TsState,
    view: &View,
    u: UnitId,
    entry: Coord,
    already_entered: u8,
    hour: u8,
) -> Vec<Dest> {
    let m = &rules.map;
    let Some(ei) = m.index(entry) else {
        return Vec::new();
    };
    let def = &rules.units[u as usize];
    let s = &st.units[u as usize];
    let side = def.side;
    let forbid = forbidden_mask(rules, side, hour);
    if view.enemy_at(side, ei) || forbid[ei] {
        return Vec::new();
    }
    let Some(base) = entry_hex_cost(m, def.arm, ei) else {
        return Vec::new();
    };
    let first = base as u32 * already_entered.max(1) as u32;
    let budget = def.movement.saturating_sub(s.spent) as u32;
    if first > budget {
        return Vec::new();
    }
    let search = Search {
        rules,
        view,
        arm: def.arm,
        side,
        budget,
        bonus: if def.arm == Arm::Cavalry {
            ROAD_BONUS_CAVALRY
        } else {
            ROAD_BONUS
        } as u32,
        start: None,
        start_in_zoc: false,
        leave_extra: 0,
        no_ezoc: def.arm == Arm::Cavalry && s.disorg,
        forbidden: forbid,
    };
    let on_road = (0..6).any(|d| m.road_at(ei, d));
    let found = search.run(ei, first, on_road as usize);
    let mut out = to_dests(rules, st, view, u, found, true);
    out.sort_by_key(|d| d.hex);
    out
}

/// Cost of the entry hex of a reinforcement (9.4): 1 along a road/path/railway,
/// else the hex's terrain cost.
fn entry_hex_cost(m: &HexMap, arm: Arm, i: usize) -> Option<u8> {
    if (0..6).any(|d| m.road_at(i, d) || m.trail_at(i, d)) {
        return Some(1);
    }
    match m.terrain_at(i) {
        Terrain::Woods | Terrain::WoodedTown => Some(match arm {
            Arm::Infantry => 2,
            Arm::Light => 1,
            _ => 3,
        }),
        Terrain::Marsh => arm.is_infantry().then_some(2),
        _ => Some(1),
    }
}

// ---------------------------------------------------------------------------------
// Commanders (7.1, 7.2, 9.1.2)
// ---------------------------------------------------------------------------------

/// Cavalry-cost Dijkstra for commanders and lines of command: `enter(j)` says whether
/// hex j may be entered, `stop(j)` whether the search may not go on from it.
fn cav_costs(
    rules: &TsRules,
    from: usize,
    limit: u32,
    enter: impl Fn(usize) -> bool,
    stop: impl Fn(usize) -> bool,
) -> Vec<u32> {
    let m = &rules.map;
    let mut cost = vec![u32::MAX; m.len()];
    cost[from] = 0;
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((0u32, from)));
    while let Some(Reverse((c, i))) = heap.pop() {
        if c > cost[i] || (i != from && stop(i)) {
            continue;
        }
        for d in 0..6 {
            let j = m.nbr_index(i, d);
            if j == NONE || !enter(j as usize) {
                continue;
            }
            let j = j as usize;
            let Some(ec) = step_cost(m, Arm::Cavalry, i, d) else {
                continue;
            };
            let nc = c + ec as u32;
            if nc <= limit && nc < cost[j] {
                cost[j] = nc;
                heap.push(Reverse((nc, j)));
            }
        }
    }
    cost
}

/// 7.2, 9.1.2: hexes a line of command of `mp` cavalry MP from `from` reaches (`from`
/// included, sorted): never through enemy units, never into an enemy ZoC hex unless a
/// friendly unit occupies it.
pub fn command_reach(
    rules: &TsRules,
    _st: &TsState,
    view: &View,
    side: Side,
    from: Coord,
    mp: u8,
) -> Vec<Coord> {
    let m = &rules.map;
    let Some(fi) = m.index(from) else {
        return Vec::new();
    };
    let cost = cav_costs(
        rules,
        fi,
        mp as u32,
        |j| !view.enemy_at(side, j) && (!view.ezoc[side.idx()][j] || view.friend_at(side, j)),
        |_| false,
    );
    (0..m.len())
        .filter(|&j| cost[j] != u32::MAX)
        .map(|j| m.coord_at(j))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect()
}

/// Where a commander at `from` may move with `mp` cavalry MP (sorted, `from` excluded).
/// A commander in chief (`chief`, 7.1) may not enter a hex adjacent to an enemy unit
/// unless a friendly unit is there. A formation commander (9.3) moves like cavalry,
/// through friendly hexes, and stops on entering an enemy ZoC. Neither enters enemy
/// hexes.
pub fn leader_destinations(
    rules: &TsRules,
    _st: &TsState,
    view: &View,
    side: Side,
    from: Coord,
    mp: u8,
    chief: bool,
) -> Vec<Coord> {
    let m = &rules.map;
    let Some(fi) = m.index(from) else {
        return Vec::new();
    };
    let cost = if chief {
        cav_costs(
            rules,
            fi,
            mp as u32,
            |j| {
                !view.enemy_at(side, j)
                    && (view.friend_at(side, j) || !view.enemy_adjacent_idx(m, side, j))
            },
            |_| false,
        )
    } else {
        cav_costs(
            rules,
            fi,
            mp as u32,
            |j| !view.enemy_at(side, j),
            |j| view.ezoc[side.idx()][j],
        )
    };
    let mut v: Vec<Coord> = (0..m.len())
        .filter(|&j| j != fi && cost[j] != u32::MAX)
        .map(|j| m.coord_at(j))
        .collect();
    v.sort();
    v
}

/// Cavalry MP from `from` to `to` (9.5.12, 9.5.13: the closest friendly unit "in terms
/// of MP"), never through enemy hexes; zones of control are ignored. None if unreachable.
pub fn mp_distance(
    rules: &TsRules,
    _st: &TsState,
    view: &View,
    side: Side,
    from: Coord,
    to: Coord,
) -> Option<u32> {
    let m = &rules.map;
    let fi = m.index(from)?;
    let ti = m.index(to)?;
    let cost = cav_costs(
        rules,
        fi,
        u32::MAX - 16,
        |j| !view.enemy_at(side, j),
        |_| false,
    );
    (cost[ti] != u32::MAX).then_some(cost[ti])
}

// ---------------------------------------------------------------------------------
// Retreats (9.5.4, 9.5.8)
// ---------------------------------------------------------------------------------

/// One way a unit may retreat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetreatOption {
    /// Where the unit ends.
    pub to: Coord,
    /// Over-stacked friendly hexes crossed before `to` (9.5.8: their units become
    /// disorganised).
    pub through: Vec<Coord>,
    /// `to` is in an enemy ZoC with no friendly unit: a step loss (5.1, 9.5.8); not a
    /// legal retreat before combat (9.5.4).
    pub step_loss: bool,
    /// MP of the hexes entered (terrain priority of 9.5.8).
    pub cost: u8,
}

/// 9.5.8, 9.5.4: where unit `u` in `from` may retreat one hex, away from the attackers
/// in `enemies`, as (hex, step loss) pairs. See [`retreat_paths`].
pub fn retreat_options(
    rules: &TsRules,
    st: &TsState,
    view: &View,
    u: UnitId,
    from: Coord,
    enemies: &[Coord],
    hour: u8,
) -> Vec<(Coord, bool)> {
    retreat_paths(rules, st, view, u, from, enemies, hour)
        .into_iter()
        .map(|o| (o.to, o.step_loss))
        .collect()
}

/// 9.5.8, 9.5.4: the retreats of unit `u` from `from`, best priority group only, sorted
/// by end hex. Empty: the unit cannot retreat (step loss).
///
/// Our reading of "retreat": a step to an adjacent hex the unit may enter (terrain as
/// for movement), with no enemy, not forbidden (12.1.5), that is farther from the
/// nearest attacker than the hex it leaves, or as far from it and closer to the side's
/// retreat hexes at `hour` (with no attackers given: closer to the retreat hexes, or any
/// hex if there are none). When the stack there would be over the limit and it holds
/// friendly units, the unit goes on through it by the same test (9.5.8, 9.5.4), up to a
/// few hexes. Priorities (9.5.8): first avoid ending in an enemy ZoC without friendly
/// units, then the fewest MP. For 9.5.4 the caller drops options with `step_loss`; a
/// cavalry retreat of two hexes calls this again from the first hex.
pub fn retreat_paths(
    rules: &TsRules,
    st: &TsState,
    view: &View,
    u: UnitId,
    from: Coord,
    enemies: &[Coord],
    hour: u8,
) -> Vec<RetreatOption> {
    let m = &rules.map;
    let def = &rules.units[u as usize];
    let side = def.side;
    let rh = rules.retreat_hexes(side, hour);
    let away = |a: Coord, b: Coord| {
        if enemies.is_empty() {
            rh.is_empty() || min_dist(b, &rh) < min_dist(a, &rh)
        } else {
            let (da, db) = (min_dist(a, enemies), min_dist(b, enemies));
            db > da || (db == da && !rh.is_empty() && min_dist(b, &rh) < min_dist(a, &rh))
        }
    };
    let mut found: Vec<RetreatOption> = Vec::new();
    // Depth-first over chains of over-stacked friendly hexes.
    let mut stack: Vec<(Coord, Vec<Coord>, u32)> = vec![(from, Vec::new(), 0)];
    while let Some((at, through, cost)) = stack.pop() {
        for (_, nb) in m.neighbors(at) {
            if nb == from || through.contains(&nb) || !away(at, nb) {
                continue;
            }
            let Some(j) = m.index(nb) else { continue };
            if view.enemy_at(side, j) || forbidden(rules, side, nb, hour) {
                continue;
            }
            let Some(ec) = enter_cost(rules, def.arm, at, nb) else {
                continue;
            };
            let nc = cost + ec as u32;
            let friends = view.occ[j].iter().any(|&o| o != u);
            if can_end_in(rules, st, view, u, nb) {
                found.push(RetreatOption {
                    to: nb,
                    through: through.clone(),
                    step_loss: view.ezoc[side.idx()][j] && !friends,
                    cost: nc.min(u8::MAX as u32) as u8,
                });
            } else if friends && through.len() < MAX_RETREAT_THROUGH {
                let mut t = through.clone();
                t.push(nb);
                stack.push((nb, t, nc));
            }
        }
    }
    if found.iter().any(|o| !o.step_loss) {
        found.retain(|o| !o.step_loss);
    }
    if let Some(best) = found.iter().map(|o| o.cost).min() {
        found.retain(|o| o.cost == best);
    }
    // One option per end hex: the shortest chain.
    found.sort_by(|a, b| (a.to, a.through.len()).cmp(&(b.to, b.through.len())));
    found.dedup_by_key(|o| o.to);
    found
}
