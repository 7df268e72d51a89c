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
    let ti = rules.map.index(to)?;
    let cost = mp_distances(rules, view, side, from)?;
    (cost[ti] != u32::MAX).then_some(cost[ti])
}

/// [`mp_distance`] from `from` to every hex at once, by map index (`u32::MAX` where no
/// path goes).
pub fn mp_distances(rules: &TsRules, view: &View, side: Side, from: Coord) -> Option<Vec<u32>> {
    let fi = rules.map.index(from)?;
    Some(cav_costs(
        rules,
        fi,
        u32::MAX - 16,
        |j| !view.enemy_at(side, j),
        |_| false,
    ))
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
    found.sort_by_key(|o| (o.to, o.through.len()));
    found.dedup_by_key(|o| o.to);
    found
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::engine::hexmap::HexMapDef;
    use crate::engine::scenarios::ScenarioMeta;
    use crate::games::trautenau::data::{FormationDef, LeaderDef, LeaderKind, UnitDef, Victory};
    use crate::games::trautenau::state::{FormationState, Globals, LeaderState, Step, UnitState};
    use std::collections::BTreeSet;

    pub(crate) fn c(col: i32, row: i32) -> Coord {
        Coord::new(col, row)
    }

    /// A hand-built map: all clear, level 1, then edited.
    pub(crate) struct M(pub HexMapDef);

    pub(crate) fn board(cols: i32, rows: i32) -> M {
        M(HexMapDef {
            cols,
            rows,
            terrain_rows: vec![".".repeat(cols as usize); rows as usize],
            legend: vec![
                ('.', Terrain::Clear),
                ('w', Terrain::Woods),
                ('t', Terrain::Town),
                ('v', Terrain::Village),
                ('m', Terrain::Marsh),
                ('W', Terrain::WoodedTown),
            ],
            hexsides: vec![],
            roads: vec![],
            labels: vec![],
            elevation_rows: vec!["1".repeat(cols as usize); rows as usize],
            paths: vec![],
            railways: vec![],
        })
    }

    fn set(rows: &mut [String], at: Coord, ch: char) {
        let r = &mut rows[(at.row - 1) as usize];
        let mut v: Vec<char> = r.chars().collect();
        v[(at.col - 1) as usize] = ch;
        *r = v.into_iter().collect();
    }

    impl M {
        pub(crate) fn t(mut self, at: Coord, ch: char) -> Self {
            set(&mut self.0.terrain_rows, at, ch);
            self
        }
        pub(crate) fn e(mut self, at: Coord, lvl: u8) -> Self {
            set(
                &mut self.0.elevation_rows,
                at,
                char::from_digit(lvl as u32, 10).unwrap(),
            );
            self
        }
        pub(crate) fn side(mut self, at: Coord, d: Dir, k: SideKind, bridge: bool) -> Self {
            self.0.hexsides.push((at, d, k, bridge));
            self
        }
        pub(crate) fn road(mut self, r: Vec<Coord>) -> Self {
            self.0.roads.push(r);
            self
        }
        pub(crate) fn path(mut self, r: Vec<Coord>) -> Self {
            self.0.paths.push(r);
            self
        }
        pub(crate) fn build(&self) -> HexMap {
            HexMap::from_def(&self.0).unwrap()
        }
    }

    /// One formation and one formation commander per side: Austria 0, Prussia 1.
    pub(crate) fn rules(map: HexMap, units: &[(Side, Arm, u8)]) -> TsRules {
        let fdef = |id: &str, side| FormationDef {
            id: id.into(),
            name: id.into(),
            side,
            chief: String::new(),
            independent: false,
            steps: 6,
            demo: 3,
            vp: 1,
            marker_from: None,
            inactive_until: None,
            inactive_except: vec![],
            demoralised: false,
            variant_chief: None,
        };
        let ldef = |id: &str, side, f: &str| LeaderDef {
            id: id.into(),
            name: id.into(),
            side,
            kind: LeaderKind::Formation {
                formation: f.into(),
                command: 1,
                bonus: 1,
            },
            movement: 6,
            start: None,
            arrival: None,
            variant_arrival: None,
        };
        let udefs: Vec<UnitDef> = units
            .iter()
            .enumerate()
            .map(|(k, &(side, arm, movement))| UnitDef {
                id: format!("u{k}"),
                name: format!("u{k}"),
                side,
                formation: if side == Side::Austria { "A" } else { "P" }.into(),
                arm,
                heavy: false,
                guard: false,
                combat: 3,
                morale: 3,
                movement,
                range: 3,
                start: None,
                facing: Dir::N,
                losses: 0,
                arrival: None,
                variant_arrival: None,
                note: String::new(),
            })
            .collect();
        TsRules {
            meta: ScenarioMeta {
                id: "t".into(),
                game: "trautenau-soor".into(),
                name: "t".into(),
                description: String::new(),
                reconstructed: vec![],
                hidden: true,
            },
            map,
            start_hour: 9,
            end_hour: 20,
            night_hours: vec![],
            formations: vec![fdef("A", Side::Austria), fdef("P", Side::Prussia)],
            leaders: vec![
                ldef("LA", Side::Austria, "A"),
                ldef("LP", Side::Prussia, "P"),
            ],
            unit_formation: udefs
                .iter()
                .map(|u| (u.side == Side::Prussia) as usize)
                .collect(),
            units: udefs,
            formation_chief: vec![None, None],
            formation_leader: vec![Some(0), Some(1)],
            retreat_lines: vec![],
            victory: Victory::Trautenau {
                locations: vec![],
                evacuation_needs: vec![],
                exit: Coord::new(1, 1),
                road: vec![],
                panic_from: 99,
            },
            always_in_command: vec![],
            initiative_ties: Side::Prussia,
            forbidden: vec![],
            variants: vec![],
            decisions: vec![],
            absent: BTreeSet::new(),
            day2: None,
            chosen: vec![],
        }
    }

    /// Units placed at (hex, facing); None: off the map. Leaders off the map.
    pub(crate) fn state(r: &TsRules, at: &[Option<(Coord, Dir)>]) -> TsState {
        let units = at
            .iter()
            .map(|p| UnitState {
                loc: p.map(|(c, _)| Loc::Map(c)).unwrap_or(Loc::Off),
                facing: p.map(|(_, d)| d).unwrap_or(Dir::N),
                losses: 0,
                initial_losses: 0,
                disorg: false,
                spent: 0,
                moved: false,
                fired: false,
                acted: false,
                in_command: true,
                chief_command: false,
                support_used: false,
                engaged: false,
            })
            .collect();
        let leaders = r
            .leaders
            .iter()
            .map(|_| LeaderState {
                loc: Loc::Off,
                ooc: false,
                aide: false,
                moved: false,
                may_move: false,
                returns_next_turn: false,
            })
            .collect();
        TsState {
            units,
            leaders,
            formations: vec![FormationState::default(); r.formations.len()],
            last_occupant: vec![None; r.map.len()],
            g: Globals {
                hour: 9,
                day: 1,
                step: Step::Movement,
                active: Some(0),
                initiative: None,
                assaults: vec![],
                pending: vec![],
                chief_budget: Vec::new(),
                initiative_chief: None,
                winner: None,
                vp: [0, 0],
                banked_vp: [0, 0],
                panic: false,
                evacuated_clean: [0, 0],
                day1_vp: [0, 0],
                iv_start: None,
                fled: false,
                zones: vec![],
                panic_brigade: None,
                to_place: vec![],
                return_start: None,
                deferred: vec![],
                handled: vec![],
                night_loser: None,
                decided: vec![],
            },
        }
    }

    fn hexes(d: &[Dest]) -> Vec<Coord> {
        d.iter().map(|x| x.hex).collect()
    }

    fn find(d: &[Dest], h: Coord) -> Option<&Dest> {
        d.iter().find(|x| x.hex == h)
    }

    const A: Side = Side::Austria;
    const P: Side = Side::Prussia;
    const X: Coord = Coord::new(5, 5);

    // --- 4, 5.2: facing -------------------------------------------------------------

    #[test]
    fn front_and_flank_hexes() {
        // rule 4, 5.2
        let r = rules(board(9, 9).build(), &[(A, Arm::Infantry, 4)]);
        let st = state(&r, &[Some((X, Dir::N))]);
        assert_eq!(front_dirs(&r, &st, 0), vec![Dir::NW, Dir::N, Dir::NE]);
        assert_eq!(
            front_hexes(&r, &st, 0),
            vec![X.neighbor(Dir::NW), X.neighbor(Dir::N), X.neighbor(Dir::NE)]
        );
        assert!(!is_flank_of(&r, &st, 0, X.neighbor(Dir::N)));
        assert!(!is_flank_of(&r, &st, 0, X.neighbor(Dir::NE)));
        assert!(is_flank_of(&r, &st, 0, X.neighbor(Dir::SE)));
        assert!(is_flank_of(&r, &st, 0, X.neighbor(Dir::S)));
        assert!(is_flank_of(&r, &st, 0, X.neighbor(Dir::SW)));
        // not adjacent: not a flank
        assert!(!is_flank_of(&r, &st, 0, Coord::new(5, 8)));
        // facing wraps around N
        let st = state(&r, &[Some((X, Dir::NW))]);
        assert_eq!(front_dirs(&r, &st, 0), vec![Dir::SW, Dir::NW, Dir::N]);
    }

    #[test]
    fn village_and_town_face_all_round_except_artillery() {
        // rule 4 exception; 5.2 (a unit in a village has no flank)
        for ch in ['v', 't', 'W'] {
            let r = rules(
                board(9, 9).t(X, ch).build(),
                &[(A, Arm::Infantry, 4), (A, Arm::Artillery, 3)],
            );
            let st = state(&r, &[Some((X, Dir::N)), None]);
            assert_eq!(front_dirs(&r, &st, 0), Dir::ALL.to_vec());
            assert_eq!(front_hexes(&r, &st, 0).len(), 6);
            assert!(!is_flank_of(&r, &st, 0, X.neighbor(Dir::S)));
            let st = state(&r, &[None, Some((X, Dir::N))]);
            assert_eq!(front_dirs(&r, &st, 1).len(), 3);
            assert!(is_flank_of(&r, &st, 1, X.neighbor(Dir::S)));
        }
    }

    // --- 1.1, 5: elevation and zones of control ------------------------------------------

    #[test]
    fn steep_slopes() {
        // rule 1.1
        let m = board(9, 9)
            .e(X.neighbor(Dir::N), 3)
            .e(X.neighbor(Dir::S), 2)
            .build();
        assert!(steep(&m, X, X.neighbor(Dir::N)));
        assert!(steep(&m, X.neighbor(Dir::N), X));
        assert!(!steep(&m, X, X.neighbor(Dir::S)));
        assert_eq!(climbs(&m, X, X.neighbor(Dir::N)), 2);
        assert_eq!(climbs(&m, X.neighbor(Dir::N), X), -2);
    }

    #[test]
    fn zoc_not_up_a_steep_slope_but_down_one() {
        // rule 5: no ZoC across a steep slope upward
        let m = board(9, 9)
            .e(X.neighbor(Dir::N), 3)
            .e(X.neighbor(Dir::NE), 2)
            .build();
        let r = rules(m, &[(A, Arm::Infantry, 4), (A, Arm::Infantry, 4)]);
        let st = state(&r, &[Some((X, Dir::N)), None]);
        let z = zoc_hexes(&r, &st, 0);
        assert!(!z.contains(&X.neighbor(Dir::N)));
        assert!(z.contains(&X.neighbor(Dir::NE)));
        assert!(z.contains(&X.neighbor(Dir::NW)));
        // from the top of the slope, downward: ZoC projected
        let st = state(&r, &[None, Some((X.neighbor(Dir::N), Dir::S))]);
        assert!(zoc_hexes(&r, &st, 1).contains(&X));
    }

    #[test]
    fn zoc_not_across_river_or_forbidden_terrain() {
        // rule 5: no ZoC across terrain the unit may not enter
        let m = board(9, 9)
            .side(X, Dir::N, SideKind::River, false)
            .side(X, Dir::NE, SideKind::River, true)
            .side(X, Dir::NW, SideKind::Escarpment, false)
            .build();
        let r = rules(m, &[(A, Arm::Infantry, 4)]);
        let st = state(&r, &[Some((X, Dir::N))]);
        assert_eq!(zoc_hexes(&r, &st, 0), vec![X.neighbor(Dir::NE)]);
        // cavalry: not into marsh; artillery: not up or down a level
        let m = board(9, 9)
            .t(X.neighbor(Dir::N), 'm')
            .e(X.neighbor(Dir::NE), 2)
            .build();
        let r = rules(m, &[(A, Arm::Cavalry, 6), (A, Arm::Artillery, 3)]);
        let st = state(&r, &[Some((X, Dir::N)), None]);
        assert_eq!(
            zoc_hexes(&r, &st, 0),
            vec![X.neighbor(Dir::NW), X.neighbor(Dir::NE)]
        );
        // artillery: neither into the marsh nor up the level
        let st = state(&r, &[None, Some((X, Dir::N))]);
        assert_eq!(zoc_hexes(&r, &st, 1), vec![X.neighbor(Dir::NW)]);
    }

    #[test]
    fn zoc_from_front_only_and_not_from_units_off_the_map() {
        // rule 5, 5.2: flanks exert no ZoC; Off/Eliminated units project nothing
        let r = rules(
            board(9, 9).build(),
            &[(P, Arm::Infantry, 4), (P, Arm::Infantry, 4)],
        );
        let mut st = state(&r, &[Some((X, Dir::N)), None]);
        st.units[1].loc = Loc::Eliminated;
        let v = view(&r, &st);
        assert!(in_enemy_zoc(&r, &st, &v, A, X.neighbor(Dir::N)));
        assert!(in_enemy_zoc(&r, &st, &v, A, X.neighbor(Dir::NE)));
        assert!(!in_enemy_zoc(&r, &st, &v, A, X.neighbor(Dir::S)));
        assert!(!in_enemy_zoc(&r, &st, &v, A, X.neighbor(Dir::SE)));
        // not an enemy ZoC for its own side
        assert!(!in_enemy_zoc(&r, &st, &v, P, X.neighbor(Dir::N)));
        assert_eq!(v.units_at(X), &[0]);
        assert_eq!(v.side_at(X), Some(P));
        assert!(v.enemy_adjacent(&r.map, A, X.neighbor(Dir::S)));
        assert!(!v.enemy_adjacent(&r.map, P, X.neighbor(Dir::S)));
        assert!(!v.enemy_adjacent(&r.map, A, Coord::new(5, 8)));
    }

    // --- 9.3 and the terrain effects table ---------------------------------------------

    #[test]
    fn terrain_table_hexes() {
        // terrain effects table: clear, village, town, woods, marsh
        let n = X.neighbor(Dir::N);
        let cost = |ch: char, arm: Arm| {
            let r = rules(board(9, 9).t(n, ch).build(), &[]);
            enter_cost(&r, arm, X, n)
        };
        for arm in [Arm::Infantry, Arm::Light, Arm::Cavalry, Arm::Artillery] {
            assert_eq!(cost('.', arm), Some(1), "clear {arm:?}");
            assert_eq!(cost('v', arm), Some(1), "village {arm:?}");
            assert_eq!(cost('t', arm), Some(1), "town {arm:?}");
        }
        assert_eq!(cost('w', Arm::Infantry), Some(2));
        assert_eq!(cost('w', Arm::Light), Some(1));
        assert_eq!(cost('w', Arm::Cavalry), Some(3));
        assert_eq!(cost('w', Arm::Artillery), Some(3));
        // wooded town: the other terrain is woods
        assert_eq!(cost('W', Arm::Infantry), Some(2));
        assert_eq!(cost('W', Arm::Cavalry), Some(3));
        assert_eq!(cost('m', Arm::Infantry), Some(2));
        assert_eq!(cost('m', Arm::Light), Some(2));
        assert_eq!(cost('m', Arm::Cavalry), None);
        assert_eq!(cost('m', Arm::Artillery), None);
        // not adjacent
        let r = rules(board(9, 9).build(), &[]);
        assert_eq!(enter_cost(&r, Arm::Infantry, X, Coord::new(5, 8)), None);
    }

    #[test]
    fn footnote_2_along_road_or_path_hex_costs_one() {
        // terrain table footnote 2: woods, marsh, village, stream entered along a road/path
        let n = X.neighbor(Dir::N);
        for ch in ['w', 'm', 'v', 'W'] {
            for arm in [Arm::Infantry, Arm::Cavalry, Arm::Artillery] {
                let r = rules(board(9, 9).t(n, ch).road(vec![X, n]).build(), &[]);
                assert_eq!(enter_cost(&r, arm, X, n), Some(1), "road {ch} {arm:?}");
                let r = rules(board(9, 9).t(n, ch).path(vec![X, n]).build(), &[]);
                assert_eq!(enter_cost(&r, arm, X, n), Some(1), "path {ch} {arm:?}");
            }
        }
        // a road elsewhere in the hex does not help
        let r = rules(
            board(9, 9)
                .t(n, 'w')
                .road(vec![n, n.neighbor(Dir::N)])
                .build(),
            &[],
        );
        assert_eq!(enter_cost(&r, Arm::Infantry, X, n), Some(2));
    }

    #[test]
    fn footnote_1_elevation_cost_and_road() {
        // terrain table "level" row, footnote 1, 9.3 note
        let n = X.neighbor(Dir::N);
        let ne = X.neighbor(Dir::NE);
        let m = || board(9, 9).e(n, 2).e(ne, 3);
        let r = rules(m().build(), &[]);
        assert_eq!(enter_cost(&r, Arm::Infantry, X, n), Some(1 + ELEVATION_MP));
        assert_eq!(
            enter_cost(&r, Arm::Infantry, X, ne),
            Some(1 + 2 * ELEVATION_MP)
        );
        let down = if ELEVATION_COST_DOWNHILL {
            1 + ELEVATION_MP
        } else {
            1
        };
        assert_eq!(enter_cost(&r, Arm::Infantry, n, X), Some(down));
        // woods and a climb add up
        let r = rules(m().t(n, 'w').build(), &[]);
        assert_eq!(enter_cost(&r, Arm::Infantry, X, n), Some(2 + ELEVATION_MP));
        // a road cancels the elevation cost; a path does not
        let r = rules(m().road(vec![X, ne]).build(), &[]);
        assert_eq!(enter_cost(&r, Arm::Infantry, X, ne), Some(1));
        let r = rules(m().path(vec![X, ne]).build(), &[]);
        assert_eq!(
            enter_cost(&r, Arm::Infantry, X, ne),
            Some(1 + 2 * ELEVATION_MP)
        );
    }

    #[test]
    fn artillery_and_cavalry_slope_prohibitions() {
        // terrain table "level" row: artillery never changes level off road/path/railway,
        // cavalry never crosses a steep slope off them
        let n = X.neighbor(Dir::N);
        let ne = X.neighbor(Dir::NE);
        let m = || board(9, 9).e(n, 2).e(ne, 3);
        let r = rules(m().build(), &[]);
        assert_eq!(enter_cost(&r, Arm::Artillery, X, n), None);
        assert_eq!(enter_cost(&r, Arm::Artillery, n, X), None);
        assert_eq!(enter_cost(&r, Arm::Cavalry, X, n), Some(1 + ELEVATION_MP));
        assert_eq!(enter_cost(&r, Arm::Cavalry, X, ne), None);
        assert_eq!(enter_cost(&r, Arm::Cavalry, ne, X), None);
        assert_eq!(
            enter_cost(&r, Arm::Infantry, X, ne),
            Some(1 + 2 * ELEVATION_MP)
        );
        let r = rules(m().path(vec![X, n]).path(vec![X, ne]).build(), &[]);
        assert_eq!(enter_cost(&r, Arm::Artillery, X, n), Some(1 + ELEVATION_MP));
        assert_eq!(
            enter_cost(&r, Arm::Cavalry, X, ne),
            Some(1 + 2 * ELEVATION_MP)
        );
        let mut def = m().0;
        def.railways.push(vec![X, n]);
        let r = rules(HexMap::from_def(&def).unwrap(), &[]);
        assert_eq!(enter_cost(&r, Arm::Artillery, X, n), Some(1 + ELEVATION_MP));
        let r = rules(m().road(vec![X, ne]).build(), &[]);
        assert_eq!(enter_cost(&r, Arm::Artillery, X, ne), Some(1));
    }

    #[test]
    fn hexside_rows() {
        // terrain table: escarpment, ravine, stream, river
        let n = X.neighbor(Dir::N);
        let cost = |k: SideKind, bridge: bool, road: bool, path: bool| {
            let mut b = board(9, 9).side(X, Dir::N, k, bridge);
            if road {
                b = b.road(vec![X, n]);
            }
            if path {
                b = b.path(vec![X, n]);
            }
            let r = rules(b.build(), &[]);
            enter_cost(&r, Arm::Infantry, X, n)
        };
        assert_eq!(cost(SideKind::Escarpment, false, false, false), None);
        assert_eq!(cost(SideKind::Escarpment, false, true, false), Some(1));
        assert_eq!(cost(SideKind::Escarpment, false, false, true), Some(1));
        assert_eq!(cost(SideKind::Ravine, false, false, false), Some(2));
        assert_eq!(cost(SideKind::Ravine, false, true, false), Some(1));
        assert_eq!(cost(SideKind::Stream, false, false, false), Some(2));
        assert_eq!(cost(SideKind::Stream, false, true, false), Some(1));
        assert_eq!(cost(SideKind::Stream, false, false, true), Some(1));
        assert_eq!(cost(SideKind::River, false, false, false), None);
        assert_eq!(cost(SideKind::River, false, true, false), None);
        assert_eq!(cost(SideKind::River, true, true, false), Some(1));
        assert_eq!(cost(SideKind::River, true, false, false), Some(1));
        // both directions
        let r = rules(
            board(9, 9).side(X, Dir::N, SideKind::Ravine, false).build(),
            &[],
        );
        assert_eq!(enter_cost(&r, Arm::Cavalry, n, X), Some(2));
    }

    #[test]
    fn cavalry_disorganised_in_woods() {
        // terrain table woods, footnotes 2-3
        let n = X.neighbor(Dir::N);
        let s = X.neighbor(Dir::S);
        let r = rules(
            board(9, 9).t(n, 'w').t(s, 'w').road(vec![X, s]).build(),
            &[],
        );
        assert!(woods_disorganises(&r, Arm::Cavalry, X, n));
        assert!(!woods_disorganises(&r, Arm::Cavalry, X, s));
        assert!(!woods_disorganises(&r, Arm::Infantry, X, n));
        assert!(!woods_disorganises(&r, Arm::Cavalry, n, X));
        // in a move: flagged, unless already disorganised
        let r = rules(board(9, 9).t(n, 'w').build(), &[(A, Arm::Cavalry, 6)]);
        let mut st = state(&r, &[Some((X, Dir::N))]);
        let v = view(&r, &st);
        let d = destinations(&r, &st, &v, 0, 9);
        assert!(find(&d, n).unwrap().disorganises);
        assert!(!find(&d, s).unwrap().disorganises);
        assert!(find(&d, n.neighbor(Dir::N)).is_some());
        st.units[0].disorg = true;
        let d = destinations(&r, &st, &v, 0, 9);
        assert!(!find(&d, n).unwrap().disorganises);
    }

    // --- 3: stacking ---------------------------------------------------------------------

    #[test]
    fn stacking_open_ground() {
        // rule 3
        use Arm::*;
        assert!(stack_ok(&[Infantry, Infantry], false));
        assert!(stack_ok(&[Infantry, Light], false));
        assert!(!stack_ok(&[Infantry, Infantry, Infantry], false));
        assert!(stack_ok(&[Artillery, Artillery], false));
        assert!(!stack_ok(&[Artillery, Artillery, Artillery], false));
        assert!(stack_ok(&[Cavalry, Cavalry, Cavalry], false));
        assert!(!stack_ok(&[Cavalry, Cavalry, Cavalry, Light], false));
        // one unit replaced by artillery
        assert!(stack_ok(&[Infantry, Artillery], false));
        assert!(!stack_ok(&[Infantry, Infantry, Artillery], false));
        assert!(stack_ok(&[Cavalry, Cavalry, Artillery], false));
        assert!(!stack_ok(&[Cavalry, Artillery, Artillery], false));
        // arms do not mix
        assert!(!stack_ok(&[Infantry, Cavalry], false));
        // light troops added up to three units
        assert!(stack_ok(&[Infantry, Infantry, Light], false));
        assert!(stack_ok(&[Infantry, Artillery, Light], false));
        assert!(stack_ok(&[Artillery, Artillery, Light], false));
        assert!(stack_ok(&[Cavalry, Cavalry, Light], false));
        assert!(stack_ok(&[Light, Light, Light], false));
        assert!(!stack_ok(&[Light, Light, Light, Light], false));
        assert!(!stack_ok(&[Infantry, Infantry, Light, Light], false));
        assert!(stack_ok(&[], false));
    }

    #[test]
    fn stacking_in_towns_and_villages() {
        // rule 3 exception
        use Arm::*;
        assert!(stack_ok(&[Infantry], true));
        assert!(!stack_ok(&[Infantry, Infantry], true));
        assert!(stack_ok(&[Cavalry, Cavalry], true));
        assert!(!stack_ok(&[Cavalry, Cavalry, Cavalry], true));
        assert!(stack_ok(&[Artillery], true));
        assert!(!stack_ok(&[Artillery, Artillery], true));
        assert!(!stack_ok(&[Infantry, Artillery], true));
        assert!(!stack_ok(&[Cavalry, Artillery], true));
        // jäger added, three units at most
        assert!(stack_ok(&[Infantry, Light, Light], true));
        assert!(stack_ok(&[Cavalry, Cavalry, Light], true));
        assert!(stack_ok(&[Artillery, Light, Light], true));
        assert!(stack_ok(&[Light, Light, Light], true));
        assert!(!stack_ok(&[Cavalry, Cavalry, Light, Light], true));
    }

    #[test]
    fn can_end_in_checks_stack_and_enemies() {
        // rule 3
        let r = rules(
            board(9, 9).t(X, 'v').build(),
            &[
                (A, Arm::Infantry, 4),
                (A, Arm::Infantry, 4),
                (A, Arm::Light, 4),
                (P, Arm::Infantry, 4),
            ],
        );
        let st = state(
            &r,
            &[
                Some((X, Dir::N)),
                Some((c(2, 2), Dir::N)),
                Some((c(2, 3), Dir::N)),
                Some((c(8, 8), Dir::N)),
            ],
        );
        let v = view(&r, &st);
        assert!(!can_end_in(&r, &st, &v, 1, X));
        assert!(can_end_in(&r, &st, &v, 2, X));
        assert!(can_end_in(&r, &st, &v, 0, X)); // itself does not count
        assert!(can_end_in(&r, &st, &v, 1, c(2, 3)));
        assert!(!can_end_in(&r, &st, &v, 1, c(8, 8)));
        assert!(!can_end_in(&r, &st, &v, 1, c(0, 8)));
    }

    // --- 9.3, 5.1: movement ---------------------------------------------------------------

    #[test]
    fn movement_in_clear_terrain() {
        // rule 9.3
        let r = rules(board(11, 11).build(), &[(A, Arm::Infantry, 3)]);
        let st = state(&r, &[Some((Coord::new(6, 6), Dir::N))]);
        let v = view(&r, &st);
        let d = destinations(&r, &st, &v, 0, 9);
        let start = Coord::new(6, 6);
        assert!(
            d.iter()
                .all(|x| x.hex.distance(start) <= 3 && x.hex != start)
        );
        assert_eq!(d.len(), 36); // 6 + 12 + 18
        assert!(d.iter().all(|x| x.cost as u32 == x.hex.distance(start)));
        assert!(d.windows(2).all(|w| w[0].hex < w[1].hex));
        let far = d.iter().find(|x| x.cost == 3).unwrap();
        assert_eq!(far.path.len(), 3);
        assert_eq!(*far.path.last().unwrap(), far.hex);
        assert_eq!(far.path[0].distance(start), 1);
        // spent MP reduce the budget
        let mut st = st;
        st.units[0].spent = 2;
        let d = destinations(&r, &st, &v, 0, 9);
        assert_eq!(d.len(), 6);
    }

    #[test]
    fn stacking_checked_only_at_the_end_and_enemy_hexes_never_crossed() {
        // rule 3, 9.3
        let n = X.neighbor(Dir::N);
        let r = rules(
            board(9, 9).build(),
            &[
                (A, Arm::Infantry, 2),
                (A, Arm::Infantry, 4),
                (A, Arm::Infantry, 4),
                (P, Arm::Infantry, 4),
            ],
        );
        let st = state(
            &r,
            &[
                Some((X, Dir::N)),
                Some((n, Dir::N)),
                Some((n, Dir::N)),
                Some((c(1, 9), Dir::N)),
            ],
        );
        let v = view(&r, &st);
        let d = destinations(&r, &st, &v, 0, 9);
        assert!(find(&d, n).is_none()); // full stack
        let nn = n.neighbor(Dir::N);
        assert_eq!(find(&d, nn).unwrap().cost, 2); // through it
        assert_eq!(find(&d, nn).unwrap().path, vec![n, nn]);
        // an enemy hex blocks the way (the enemy faces away, its flanks exert no ZoC)
        let st = state(&r, &[Some((X, Dir::N)), None, None, Some((n, Dir::N))]);
        let v = view(&r, &st);
        let d = destinations(&r, &st, &v, 0, 9);
        assert!(find(&d, n).is_none());
        assert!(find(&d, nn).is_none());
        assert!(find(&d, X.neighbor(Dir::NE)).is_some_and(|x| !x.enters_zoc));
    }

    /// Austrian unit 0 at X, Prussian unit 1 two hexes north facing south: its front
    /// hexes (X's N, and N's SE/SW neighbours... ) form the ZoC.
    fn zoc_setup(arm: Arm, mv: u8) -> (TsRules, TsState) {
        let r = rules(board(9, 11).build(), &[(A, arm, mv), (P, Arm::Infantry, 4)]);
        let e = X.neighbor(Dir::N).neighbor(Dir::N);
        let st = state(&r, &[Some((X, Dir::N)), Some((e, Dir::S))]);
        (r, st)
    }

    #[test]
    fn entering_enemy_zoc_stops() {
        // rule 5.1
        let (r, st) = zoc_setup(Arm::Infantry, 6);
        let v = view(&r, &st);
        let z = X.neighbor(Dir::N);
        assert!(v.in_ezoc(A, z));
        let d = destinations(&r, &st, &v, 0, 9);
        let dz = find(&d, z).unwrap();
        assert!(dz.enters_zoc);
        assert_eq!(dz.cost, 1);
        for x in &d {
            // no path goes on after a ZoC hex
            for h in &x.path[..x.path.len() - 1] {
                assert!(!v.in_ezoc(A, *h), "{} via {}", x.hex, h);
            }
        }
        // the hexes behind the enemy are reached around the ZoC only
        let e = z.neighbor(Dir::N);
        assert!(find(&d, e).is_none());
        let behind = e.neighbor(Dir::N);
        if let Some(b) = find(&d, behind) {
            assert!(b.cost > 3);
        }
    }

    #[test]
    fn zoc_to_zoc_forbidden_and_leaving_costs_half() {
        // rule 5.1
        let (r, mut st) = zoc_setup(Arm::Infantry, 3);
        let z = X.neighbor(Dir::N);
        st.units[0].loc = Loc::Map(z);
        let v = view(&r, &st);
        let e = z.neighbor(Dir::N);
        let other_zoc = [e.neighbor(Dir::SE), e.neighbor(Dir::SW)];
        assert!(other_zoc.iter().all(|h| v.in_ezoc(A, *h)));
        let d = destinations(&r, &st, &v, 0, 9);
        for h in other_zoc {
            assert!(find(&d, h).is_none(), "{h}");
        }
        // leaving: 1 MP + half of 3 rounded up (2)
        assert_eq!(find(&d, X).unwrap().cost, 3);
        assert_eq!(d.len(), 3); // X and z's SE/SW... only the three hexes behind
        assert!(d.iter().all(|x| x.cost == 3));
    }

    #[test]
    fn leaving_zoc_takes_all_mp_when_disorganised_or_out_of_command() {
        // rule 5.1
        for (disorg, ooc) in [(true, false), (false, true)] {
            let (r, mut st) = zoc_setup(Arm::Infantry, 4);
            let z = X.neighbor(Dir::N);
            st.units[0].loc = Loc::Map(z);
            st.units[0].disorg = disorg;
            st.units[0].in_command = !ooc;
            let v = view(&r, &st);
            let d = destinations_with(&r, &st, &v, 0, 9, None);
            assert_eq!(hexes(&d).len(), 3, "{disorg} {ooc}");
            assert!(d.iter().all(|x| x.path.len() == 1 && !x.enters_zoc));
            assert!(find(&d, X).is_some());
            st.units[0].spent = 1;
            assert!(destinations_with(&r, &st, &v, 0, 9, None).is_empty());
        }
    }

    #[test]
    fn disorganised_cavalry_cannot_enter_zoc() {
        // rule 5.1
        let (r, mut st) = zoc_setup(Arm::Cavalry, 6);
        let v = view(&r, &st);
        let z = X.neighbor(Dir::N);
        assert!(find(&destinations(&r, &st, &v, 0, 9), z).is_some());
        st.units[0].disorg = true;
        let d = destinations(&r, &st, &v, 0, 9);
        assert!(find(&d, z).is_none());
        assert!(d.iter().all(|x| !x.enters_zoc));
        // organised infantry may
        let (r, mut st) = zoc_setup(Arm::Infantry, 6);
        st.units[0].disorg = true;
        let v = view(&r, &st);
        assert!(find(&destinations(&r, &st, &v, 0, 9), z).is_some());
    }

    #[test]
    fn out_of_command_half_movement_no_zoc_not_away_from_commander() {
        // rule 9.1.4, 1.3
        let start = Coord::new(6, 6);
        let r = rules(board(11, 11).build(), &[(A, Arm::Infantry, 5)]);
        let mut st = state(&r, &[Some((start, Dir::N))]);
        st.units[0].in_command = false;
        let v = view(&r, &st);
        let d = destinations_with(&r, &st, &v, 0, 9, None);
        assert_eq!(d.iter().map(|x| x.cost).max(), Some(3)); // 5 / 2 rounded up
        // the chief's direct command restores the full allowance
        st.units[0].chief_command = true;
        let d = destinations_with(&r, &st, &v, 0, 9, None);
        assert_eq!(d.iter().map(|x| x.cost).max(), Some(5));
        st.units[0].chief_command = false;
        // not farther from the commander
        let cmd = Coord::new(6, 1);
        let d = destinations_with(&r, &st, &v, 0, 9, Some(cmd));
        assert!(!d.is_empty());
        assert!(d.iter().all(|x| x.hex.distance(cmd) <= start.distance(cmd)));
        // looked up from the formation commander's state
        st.leaders[0].loc = Loc::Map(cmd);
        assert_eq!(destinations(&r, &st, &v, 0, 9), d);
        // no ZoC entry
        let (r, mut st) = zoc_setup(Arm::Infantry, 6);
        st.units[0].in_command = false;
        let v = view(&r, &st);
        let d = destinations_with(&r, &st, &v, 0, 9, None);
        assert!(find(&d, X.neighbor(Dir::N)).is_none());
        assert!(d.iter().all(|x| !x.enters_zoc));
    }

    #[test]
    fn demoralised_no_zoc_and_toward_the_retreat_line() {
        // rule 10.2
        let (mut r, mut st) = zoc_setup(Arm::Infantry, 6);
        r.retreat_lines
            .push(crate::games::trautenau::data::RetreatLine {
                side: A,
                from_hour: 0,
                to_hour: 99,
                hexes: vec![Coord::new(5, 11)],
            });
        st.formations[0].demoralised = true;
        let v = view(&r, &st);
        let d = destinations(&r, &st, &v, 0, 9);
        assert!(!d.is_empty());
        assert!(d.iter().all(|x| !x.enters_zoc));
        let d0 = X.distance(Coord::new(5, 11));
        assert!(d.iter().all(|x| x.hex.distance(Coord::new(5, 11)) < d0));
        // independent formations are never demoralised
        r.formations[0].independent = true;
        let d = destinations(&r, &st, &v, 0, 9);
        assert!(d.iter().any(|x| x.enters_zoc));
        // on the retreat line already: cannot get closer, does not move
        r.formations[0].independent = false;
        st.units[0].loc = Loc::Map(Coord::new(5, 11));
        st.units[1].loc = Loc::Off;
        let v = view(&r, &st);
        assert!(destinations(&r, &st, &v, 0, 9).is_empty());
    }

    #[test]
    fn forbidden_hexes_until_their_hour() {
        // rule 12.1.5
        let n = X.neighbor(Dir::N);
        let mut r = rules(
            board(9, 9).build(),
            &[(A, Arm::Infantry, 3), (P, Arm::Infantry, 3)],
        );
        r.forbidden.push((A, 12, vec![n]));
        let st = state(&r, &[Some((X, Dir::N)), Some((c(1, 9), Dir::N))]);
        let v = view(&r, &st);
        assert!(find(&destinations(&r, &st, &v, 0, 12), n).is_none());
        assert!(find(&destinations(&r, &st, &v, 0, 13), n).is_some());
        assert!(forbidden(&r, A, n, 12));
        assert!(!forbidden(&r, P, n, 12));
        // the other side is free
        let st = state(&r, &[Some((c(1, 9), Dir::N)), Some((X, Dir::N))]);
        let v = view(&r, &st);
        assert!(find(&destinations(&r, &st, &v, 1, 12), n).is_some());
    }

    #[test]
    fn footnote_4_road_bonus() {
        // terrain table footnote 4: +1 MP (+2 cavalry) after two road hexes in a row
        let start = Coord::new(5, 9);
        let road: Vec<Coord> = (1..=9).rev().map(|row| Coord::new(5, row)).collect();
        let r = rules(
            board(9, 9).road(road).build(),
            &[(A, Arm::Infantry, 3), (A, Arm::Cavalry, 3)],
        );
        let st = state(&r, &[Some((start, Dir::N)), None]);
        let v = view(&r, &st);
        let d = destinations(&r, &st, &v, 0, 9);
        let on = |row| find(&d, Coord::new(5, row));
        assert_eq!(on(6).unwrap().cost, 3);
        assert_eq!(on(5).unwrap().cost, 4); // bonus step
        assert!(on(4).is_none());
        // off the road, 3 MP only
        assert!(d.iter().filter(|x| x.hex.col != 5).all(|x| x.cost <= 4));
        let off = Coord::new(5, 7).neighbor(Dir::NE).neighbor(Dir::NE);
        // reached after two road steps and a bonus step? two steps off road from 0507: no
        assert!(find(&d, off).is_none_or(|x| x.cost <= 3));
        // cavalry: +2, but one step only
        let st = state(&r, &[None, Some((start, Dir::N))]);
        let v = view(&r, &st);
        let d = destinations(&r, &st, &v, 1, 9);
        let on = |row| find(&d, Coord::new(5, row));
        assert_eq!(on(5).unwrap().cost, 4);
        assert!(on(4).is_none());
        // woods (3 MP) off the road after two road steps: 2 + 3 = 5 = 3 + 2
        let w = Coord::new(5, 7).neighbor(Dir::NE);
        let r2 = rules(
            board(9, 9)
                .t(w, 'w')
                .road((1..=9).rev().map(|row| Coord::new(5, row)).collect())
                .build(),
            &[(A, Arm::Cavalry, 3)],
        );
        let st = state(&r2, &[Some((start, Dir::N))]);
        let v = view(&r2, &st);
        let d = destinations(&r2, &st, &v, 0, 9);
        assert_eq!(find(&d, w).unwrap().cost, 5);
        // no bonus without a road run: a one-hex road does not count
        let r3 = rules(board(9, 9).build(), &[(A, Arm::Infantry, 3)]);
        let st = state(&r3, &[Some((start, Dir::N))]);
        let v = view(&r3, &st);
        let d = destinations(&r3, &st, &v, 0, 9);
        assert!(d.iter().all(|x| x.cost <= 3));
    }

    #[test]
    fn reinforcement_column_cost() {
        // rule 9.4
        let entry = Coord::new(5, 9);
        let r = rules(
            board(9, 9).t(entry, 'w').build(),
            &[(A, Arm::Infantry, 4), (A, Arm::Artillery, 3)],
        );
        let st = state(&r, &[None, None]);
        let v = view(&r, &st);
        let d = entry_destinations(&r, &st, &v, 0, entry, 0, 9);
        assert_eq!(find(&d, entry).unwrap().cost, 2);
        assert_eq!(find(&d, entry).unwrap().path, vec![entry]);
        let n = entry.neighbor(Dir::N);
        assert_eq!(find(&d, n).unwrap().cost, 3);
        assert_eq!(find(&d, n).unwrap().path, vec![entry, n]);
        // the second unit pays it once more (× 1), the third × 2
        let d = entry_destinations(&r, &st, &v, 0, entry, 1, 9);
        assert_eq!(find(&d, entry).unwrap().cost, 2);
        let d = entry_destinations(&r, &st, &v, 0, entry, 2, 9);
        assert_eq!(find(&d, entry).unwrap().cost, 4);
        assert_eq!(d.len(), 1);
        assert!(entry_destinations(&r, &st, &v, 0, entry, 3, 9).is_empty());
        // by road: 1 × number entered
        let r = rules(
            board(9, 9)
                .t(entry, 'w')
                .road(vec![entry, entry.neighbor(Dir::N)])
                .build(),
            &[(A, Arm::Infantry, 4), (A, Arm::Artillery, 3)],
        );
        let d = entry_destinations(&r, &st, &v, 1, entry, 3, 9);
        assert_eq!(find(&d, entry).unwrap().cost, 3);
        assert!(find(&d, entry.neighbor(Dir::N)).is_none_or(|x| x.cost <= 4));
        // entry hex held by the enemy: no entry
        let r = rules(
            board(9, 9).build(),
            &[(A, Arm::Infantry, 4), (P, Arm::Infantry, 4)],
        );
        let st = state(&r, &[None, Some((entry, Dir::N))]);
        let v = view(&r, &st);
        assert!(entry_destinations(&r, &st, &v, 0, entry, 0, 9).is_empty());
    }

    // --- 7.1, 7.2, 9.1.2: commanders ------------------------------------------------------

    #[test]
    fn command_reach_cut_by_zoc_unless_friend_there() {
        // rule 7.2, 9.1.2, 5.1
        let (r, st) = zoc_setup(Arm::Infantry, 4);
        // a map corridor: river hexsides so the only way north goes through the ZoC
        let v = view(&r, &st);
        let z = X.neighbor(Dir::N);
        let reach = command_reach(&r, &st, &v, A, X, 6);
        assert!(reach.contains(&X));
        assert!(!reach.contains(&z));
        let e = z.neighbor(Dir::N);
        assert!(!reach.contains(&e)); // enemy hex
        // a friendly unit in the ZoC hex keeps the line open
        let r2 = rules(
            r.map.clone(),
            &[
                (A, Arm::Infantry, 4),
                (P, Arm::Infantry, 4),
                (A, Arm::Infantry, 4),
            ],
        );
        let st2 = state(
            &r2,
            &[Some((X, Dir::N)), Some((e, Dir::S)), Some((z, Dir::N))],
        );
        let v2 = view(&r2, &st2);
        let reach = command_reach(&r2, &st2, &v2, A, X, 6);
        assert!(reach.contains(&z));
        assert!(!reach.contains(&e));
        // cavalry MP: woods cost 3
        let m = board(9, 9).t(X.neighbor(Dir::S), 'w').build();
        let r3 = rules(m, &[]);
        let st3 = state(&r3, &[]);
        let v3 = view(&r3, &st3);
        assert!(!command_reach(&r3, &st3, &v3, A, X, 2).contains(&X.neighbor(Dir::S)));
        assert!(command_reach(&r3, &st3, &v3, A, X, 3).contains(&X.neighbor(Dir::S)));
        assert_eq!(
            mp_distance(&r3, &st3, &v3, A, X, X.neighbor(Dir::S)),
            Some(3)
        );
        assert_eq!(mp_distance(&r3, &st3, &v3, A, X, X), Some(0));
    }

    #[test]
    fn leader_moves() {
        // rule 7.1: the chief never ends next to an enemy unless with friends; 9.3
        let (r, st) = zoc_setup(Arm::Infantry, 4);
        let v = view(&r, &st);
        let e = X.neighbor(Dir::N).neighbor(Dir::N);
        let chief = leader_destinations(&r, &st, &v, A, X, 6, true);
        assert!(!chief.contains(&X));
        assert!(chief.iter().all(|h| !v.enemy_adjacent(&r.map, A, *h)));
        assert!(!chief.is_empty());
        // with a friendly unit there he may enter
        let r2 = rules(
            r.map.clone(),
            &[
                (A, Arm::Infantry, 4),
                (P, Arm::Infantry, 4),
                (A, Arm::Infantry, 4),
            ],
        );
        let side_hex = e.neighbor(Dir::NE);
        let st2 = state(
            &r2,
            &[
                Some((X, Dir::N)),
                Some((e, Dir::S)),
                Some((side_hex, Dir::N)),
            ],
        );
        let v2 = view(&r2, &st2);
        assert!(leader_destinations(&r2, &st2, &v2, A, X, 6, true).contains(&side_hex));
        // formation commander: may enter the ZoC, stops there, never the enemy hex
        let fc = leader_destinations(&r, &st, &v, A, X, 6, false);
        let z = X.neighbor(Dir::N);
        assert!(fc.contains(&z));
        assert!(!fc.contains(&e));
        // hexes past the ZoC only by going around it
        let cost_around = mp_distance(&r, &st, &v, A, X, e.neighbor(Dir::N)).unwrap();
        assert!(cost_around > 3);
    }

    // --- 9.5.8, 9.5.4: retreats -----------------------------------------------------------

    #[test]
    fn retreat_away_from_attacker_cheapest_terrain() {
        // rule 9.5.8
        let att = X.neighbor(Dir::N);
        let r = rules(
            board(9, 9).t(X.neighbor(Dir::S), 'w').build(),
            &[(A, Arm::Infantry, 4), (P, Arm::Infantry, 4)],
        );
        let st = state(&r, &[Some((X, Dir::N)), Some((att, Dir::S))]);
        let v = view(&r, &st);
        let o = retreat_options(&r, &st, &v, 0, X, &[att], 9);
        let mut want = vec![(X.neighbor(Dir::SE), false), (X.neighbor(Dir::SW), false)];
        want.sort();
        assert_eq!(o, want);
    }

    #[test]
    fn retreat_avoids_zoc_first_then_step_loss() {
        // rule 9.5.8 priorities, 5.1 step loss
        let att = X.neighbor(Dir::N);
        let se = X.neighbor(Dir::SE);
        let sw = X.neighbor(Dir::SW);
        let s = X.neighbor(Dir::S);
        let r = rules(
            board(9, 9).t(sw, 'w').t(s, 'w').build(),
            &[
                (A, Arm::Infantry, 4),
                (P, Arm::Infantry, 4),
                (P, Arm::Infantry, 4),
                (P, Arm::Infantry, 4),
            ],
        );
        // a second enemy south-east of SE facing it
        let e2 = se.neighbor(Dir::SE);
        let st = state(
            &r,
            &[
                Some((X, Dir::N)),
                Some((att, Dir::S)),
                Some((e2, Dir::NW)),
                None,
            ],
        );
        let v = view(&r, &st);
        assert!(v.in_ezoc(A, se));
        let o = retreat_options(&r, &st, &v, 0, X, &[att], 9);
        // SE is clear terrain but in a ZoC: the woods come first
        let mut want = vec![(s, false), (sw, false)];
        want.sort();
        assert_eq!(o, want);
        // all three in a ZoC: step loss, cheapest terrain
        let st = state(
            &r,
            &[
                Some((X, Dir::N)),
                Some((att, Dir::S)),
                Some((e2, Dir::NW)),
                Some((sw.neighbor(Dir::S), Dir::N)),
            ],
        );
        let v = view(&r, &st);
        assert!([se, s, sw].iter().all(|h| v.in_ezoc(A, *h)));
        let o = retreat_options(&r, &st, &v, 0, X, &[att], 9);
        assert_eq!(o, vec![(se, true)]);
    }

    #[test]
    fn retreat_through_overstacked_friends() {
        // rule 9.5.8, 9.5.4: continues through a full friendly hex
        let att = X.neighbor(Dir::N);
        let s = X.neighbor(Dir::S);
        let m = board(9, 11)
            .side(X, Dir::SE, SideKind::River, false)
            .side(X, Dir::SW, SideKind::River, false)
            .build();
        let r = rules(
            m,
            &[
                (A, Arm::Infantry, 4),
                (P, Arm::Infantry, 4),
                (A, Arm::Infantry, 4),
                (A, Arm::Infantry, 4),
            ],
        );
        let st = state(
            &r,
            &[
                Some((X, Dir::N)),
                Some((att, Dir::S)),
                Some((s, Dir::N)),
                Some((s, Dir::N)),
            ],
        );
        let v = view(&r, &st);
        let p = retreat_paths(&r, &st, &v, 0, X, &[att], 9);
        assert!(!p.is_empty());
        assert!(
            p.iter()
                .all(|o| o.through == vec![s] && o.to.distance(att) == 3)
        );
        assert!(p.iter().all(|o| o.cost == 2));
        // a free friendly stack: stops there
        let st = state(
            &r,
            &[
                Some((X, Dir::N)),
                Some((att, Dir::S)),
                Some((s, Dir::N)),
                None,
            ],
        );
        let v = view(&r, &st);
        assert_eq!(
            retreat_options(&r, &st, &v, 0, X, &[att], 9),
            vec![(s, false)]
        );
        // nowhere to go: empty (step loss)
        let m = board(9, 11)
            .side(X, Dir::SE, SideKind::River, false)
            .side(X, Dir::SW, SideKind::River, false)
            .side(X, Dir::S, SideKind::River, false)
            .build();
        let r = rules(m, &[(A, Arm::Infantry, 4), (P, Arm::Infantry, 4)]);
        let st = state(&r, &[Some((X, Dir::N)), Some((att, Dir::S))]);
        let v = view(&r, &st);
        assert!(retreat_options(&r, &st, &v, 0, X, &[att], 9).is_empty());
    }

    #[test]
    fn retreat_sideways_toward_the_retreat_line() {
        // rule 9.5.8 (our reading): as far from the attacker and closer to the line
        let att = X.neighbor(Dir::N);
        let mut r = rules(
            board(9, 9)
                .side(X, Dir::SE, SideKind::River, false)
                .side(X, Dir::SW, SideKind::River, false)
                .side(X, Dir::S, SideKind::River, false)
                .build(),
            &[(A, Arm::Infantry, 4), (P, Arm::Infantry, 4)],
        );
        r.retreat_lines
            .push(crate::games::trautenau::data::RetreatLine {
                side: A,
                from_hour: 0,
                to_hour: 99,
                hexes: vec![Coord::new(9, 5)],
            });
        let st = state(&r, &[Some((X, Dir::N)), Some((att, Dir::N))]);
        let v = view(&r, &st);
        let o = retreat_options(&r, &st, &v, 0, X, &[att], 9);
        let closer: Vec<Coord> = [Dir::NE, Dir::NW]
            .iter()
            .map(|d| X.neighbor(*d))
            .filter(|h| h.distance(Coord::new(9, 5)) < X.distance(Coord::new(9, 5)))
            .collect();
        assert_eq!(
            o,
            closer.into_iter().map(|h| (h, false)).collect::<Vec<_>>()
        );
    }
}
