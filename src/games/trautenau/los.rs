//! 9.2: lines of sight and barrage range.
//!
//! The line runs from centre to centre. It is sampled once per hex of distance in cube
//! coordinates, twice: nudged by +ε and by −ε (ε not parallel to any hexside). Where
//! both samples round to the same hex the line crosses that hex; where they differ it
//! runs exactly along the hexside between them, and there it is blocked only if both
//! hexes block ("passes along the edge ... if the adjacent hex is free of obstacles").
//!
//! With s the shooter's level, t the target's and h an intermediate hex's level:
//! - elevation blocks if h > s and h > t, or h > t and h == s, or h > s and h == t;
//! - an obstacle hex (town, village, woods, wooded town, any unit) blocks if
//!   h >= max(s, t), or if h == min(s, t) < max(s, t) and it is adjacent to the lower
//!   end. The rule's "lower than the artillery but same level as and adjacent to the
//!   target" is made symmetric (a low shooter behind an adjacent obstacle is blind too).
//! - Adjacent shooter and target: never blocked.

use super::rules::{is_town, is_wooded, steep};
use crate::engine::hexmap::{Coord, HexMap};

/// A traced line of sight.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Los {
    pub clear: bool,
    /// The first hex (of a blocking pair: the first of the two) that blocks the line.
    pub blocked_by: Option<Coord>,
    /// Intermediate hexes in order, endpoints excluded; both hexes of a hexside the line
    /// runs along.
    pub hexes: Vec<Coord>,
}

/// Terrain that blocks a line of sight (terrain effects table).
pub fn obstacle_terrain(map: &HexMap, c: Coord) -> bool {
    let t = map.terrain(c);
    is_town(t) || is_wooded(t)
}

fn cube_round(x: f64, y: f64, z: f64) -> (i32, i32) {
    let (mut rx, mut ry, rz) = (x.round(), y.round(), z.round());
    let (dx, dy, dz) = ((rx - x).abs(), (ry - y).abs(), (rz - z).abs());
    if dx > dy && dx > dz {
        rx = -ry - rz;
    } else if dy > dz {
        ry = -rx - rz;
    }
    (rx as i32, ry as i32)
}

/// The intermediate steps of the line: one hex, or the two hexes of a hexside.
fn trace(from: Coord, to: Coord) -> Vec<(Coord, Option<Coord>)> {
    let (a, b) = (from.to_hex(), to.to_hex());
    let n = from.distance(to);
    let (ax, ay) = (a.x as f64, a.y as f64);
    let (bx, by) = (b.x as f64, b.y as f64);
    let (az, bz) = (-ax - ay, -bx - by);
    const E: (f64, f64, f64) = (1e-6, 2e-6, -3e-6);
    let mut out = Vec::new();
    for k in 1..n {
        let t = k as f64 / n as f64;
        let (x, y, z) = (ax + (bx - ax) * t, ay + (by - ay) * t, az + (bz - az) * t);
        let p = cube_round(x + E.0, y + E.1, z + E.2);
        let q = cube_round(x - E.0, y - E.1, z - E.2);
        let hp = Coord::from_hex(hexx::Hex::new(p.0, p.1));
        let hq = Coord::from_hex(hexx::Hex::new(q.0, q.1));
        out.push((hp, (hp != hq).then_some(hq)));
    }
    out
}

/// 9.2: the line of sight from `from` to `to`; `occupied(c)` says whether a unit (of
/// either side) stands in `c` (the endpoints are never asked).
pub fn line_of_sight(
    map: &HexMap,
    occupied: &dyn Fn(Coord) -> bool,
    from: Coord,
    to: Coord,
) -> Los {
    let steps = trace(from, to);
    let hexes: Vec<Coord> = steps
        .iter()
        .flat_map(|(a, b)| std::iter::once(*a).chain(*b))
        .collect();
    if from.distance(to) <= 1 {
        return Los {
            clear: true,
            blocked_by: None,
            hexes,
        };
    }
    let (s, t) = (map.elevation(from), map.elevation(to));
    let (lo, hi) = (s.min(t), s.max(t));
    let lower_end = if s < t {
        Some(from)
    } else if t < s {
        Some(to)
    } else {
        None
    };
    let blocks = |c: Coord| -> bool {
        if !map.contains(c) {
            return false;
        }
        let h = map.elevation(c);
        let by_level = (h > s && h > t) || (h > t && h == s) || (h > s && h == t);
        if by_level {
            return true;
        }
        let obstacle = obstacle_terrain(map, c) || (c != from && c != to && occupied(c));
        obstacle && (h >= hi || (h == lo && lower_end.is_some_and(|e| e.distance(c) == 1)))
    };
    for (a, b) in &steps {
        let blocked = match b {
            None => blocks(*a),
            Some(b) => blocks(*a) && blocks(*b),
        };
        if blocked {
            return Los {
                clear: false,
                blocked_by: Some(*a),
                hexes,
            };
        }
    }
    Los {
        clear: true,
        blocked_by: None,
        hexes,
    }
}

/// 9.2 note: no bombardment of an adjacent hex across a steep slope.
pub fn adjacent_across_steep(map: &HexMap, a: Coord, b: Coord) -> bool {
    a.distance(b) == 1 && steep(map, a, b)
}

/// 1.2.3, 9.2: `to` is within `range` hexes of `from` (and not the same hex), both on
/// the map, and not an adjacent hex across a steep slope.
pub fn barrage_range_ok(map: &HexMap, from: Coord, to: Coord, range: u8) -> bool {
    let d = from.distance(to);
    map.contains(from)
        && map.contains(to)
        && d >= 1
        && d <= range as u32
        && !adjacent_across_steep(map, from, to)
}

/// Number of ordered pairs of distinct hexes within `range` of each other with a clear
/// line of sight (benchmark).
pub fn all_pairs_in_range(map: &HexMap, occupied: &dyn Fn(Coord) -> bool, range: u8) -> usize {
    let mut n = 0;
    for a in map.coords() {
        for b in map.within(a, range as u32) {
            if a != b && line_of_sight(map, occupied, a, b).clear {
                n += 1;
            }
        }
    }
    n
}
