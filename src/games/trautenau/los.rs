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
        // h > s && h > t, or h > t && h == s, or h > s && h == t: that is, at least as
        // high as both ends and higher than one of them.
        let by_level = h >= hi && h > lo;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::hexmap::Dir;
    use crate::games::trautenau::rules::tests::board;

    const X: Coord = Coord::new(5, 5);
    fn none(_: Coord) -> bool {
        false
    }
    /// A straight line down column 5: shooter 0501, target 0504, between 0502 and 0503.
    const S: Coord = Coord::new(5, 1);
    const T: Coord = Coord::new(5, 4);
    const H1: Coord = Coord::new(5, 2);
    const H2: Coord = Coord::new(5, 3);

    fn los_levels(s: u8, h1: u8, h2: u8, t: u8, woods: &[Coord]) -> Los {
        let mut b = board(9, 9).e(S, s).e(H1, h1).e(H2, h2).e(T, t);
        for w in woods {
            b = b.t(*w, 'w');
        }
        line_of_sight(&b.build(), &none, S, T)
    }

    #[test]
    fn straight_line_hexes() {
        // rule 9.2
        let l = los_levels(1, 1, 1, 1, &[]);
        assert!(l.clear);
        assert_eq!(l.hexes, vec![H1, H2]);
        assert_eq!(l.blocked_by, None);
    }

    #[test]
    fn obstacles_block_on_the_same_level() {
        // rule 9.2: towns, villages, woods and units block
        for ch in ['w', 't', 'v', 'W'] {
            let m = board(9, 9).t(H1, ch).build();
            let l = line_of_sight(&m, &none, S, T);
            assert!(!l.clear, "{ch}");
            assert_eq!(l.blocked_by, Some(H1));
        }
        let m = board(9, 9).t(H1, 'm').build();
        assert!(line_of_sight(&m, &none, S, T).clear);
        let m = board(9, 9).build();
        let occ = |c: Coord| c == H2 || c == S || c == T;
        let l = line_of_sight(&m, &occ, S, T);
        assert_eq!(l.blocked_by, Some(H2));
        // units in the end hexes do not block
        let occ = |c: Coord| c == S || c == T;
        assert!(line_of_sight(&m, &occ, S, T).clear);
        // obstacle terrain in the end hexes does not block
        let m = board(9, 9).t(S, 'w').t(T, 't').build();
        assert!(line_of_sight(&m, &none, S, T).clear);
    }

    #[test]
    fn elevation_higher_than_both_blocks() {
        // rule 9.2: higher than the artillery and the target
        assert!(!los_levels(1, 2, 1, 1, &[]).clear);
        assert!(!los_levels(2, 1, 3, 1, &[]).clear);
        assert!(!los_levels(1, 1, 3, 2, &[]).clear);
    }

    #[test]
    fn elevation_higher_than_target_same_as_shooter_blocks() {
        // rule 9.2: higher than the target and the same as the artillery
        let l = los_levels(2, 2, 1, 1, &[]);
        assert!(!l.clear);
        assert_eq!(l.blocked_by, Some(H1));
        assert!(!los_levels(3, 1, 3, 1, &[]).clear);
    }

    #[test]
    fn elevation_higher_than_shooter_same_as_target_blocks() {
        // rule 9.2: higher than the artillery and the same as the target
        let l = los_levels(1, 1, 2, 2, &[]);
        assert!(!l.clear);
        assert_eq!(l.blocked_by, Some(H2));
        assert!(!los_levels(1, 3, 1, 3, &[]).clear);
    }

    #[test]
    fn elevation_that_does_not_block() {
        // rule 9.2: level between the ends, or not above both, or all level
        assert!(los_levels(3, 2, 2, 1, &[]).clear);
        // (the hex level with the target above the shooter blocks, see above)
        assert!(!los_levels(1, 2, 3, 3, &[]).clear);
        assert!(los_levels(1, 2, 2, 3, &[]).clear);
        assert!(los_levels(2, 2, 2, 2, &[]).clear);
        assert!(los_levels(2, 1, 1, 2, &[]).clear);
        assert!(los_levels(3, 1, 1, 1, &[]).clear);
    }

    #[test]
    fn lower_obstacle_adjacent_to_the_lower_end_blocks() {
        // rule 9.2: lower than the artillery but the same level as and adjacent to the
        // target (made symmetric)
        let l = los_levels(3, 1, 1, 1, &[H2]);
        assert!(!l.clear);
        assert_eq!(l.blocked_by, Some(H2));
        // not adjacent to the target: does not block
        assert!(los_levels(3, 1, 1, 1, &[H1]).clear);
        // symmetric: low shooter behind an adjacent obstacle, high target
        assert!(!los_levels(1, 1, 1, 3, &[H1]).clear);
        assert!(los_levels(1, 1, 1, 3, &[H2]).clear);
        // obstacle between the two levels: does not block
        assert!(los_levels(3, 2, 2, 1, &[H1, H2]).clear);
        // obstacle on the higher end's level blocks
        assert!(!los_levels(3, 3, 1, 1, &[H1]).clear);
        // a unit works like woods
        let m = board(9, 9).e(S, 3).build();
        let occ = |c: Coord| c == H2;
        assert!(!line_of_sight(&m, &occ, S, T).clear);
        let occ = |c: Coord| c == H1;
        assert!(line_of_sight(&m, &occ, S, T).clear);
    }

    /// Shooter X, target two hexes away along the hexside between X's NE and SE
    /// neighbours.
    fn edge() -> (Coord, Coord, Coord) {
        let t = X.neighbor(Dir::NE).neighbor(Dir::SE);
        (t, X.neighbor(Dir::NE), X.neighbor(Dir::SE))
    }

    #[test]
    fn along_a_hexside_blocked_only_if_both_hexes_block() {
        // rule 9.2: "passes along the edge ... if the adjacent hex is free"
        let (t, a, b) = edge();
        let m = board(9, 9).build();
        let l = line_of_sight(&m, &none, X, t);
        assert!(l.clear);
        let mut hx = l.hexes.clone();
        hx.sort();
        let mut want = vec![a, b];
        want.sort();
        assert_eq!(hx, want);
        // one obstacle: clear
        assert!(line_of_sight(&board(9, 9).t(a, 'w').build(), &none, X, t).clear);
        assert!(line_of_sight(&board(9, 9).t(b, 'v').build(), &none, X, t).clear);
        let occ = |c: Coord| c == a;
        assert!(line_of_sight(&m, &occ, X, t).clear);
        // both: blocked
        let l = line_of_sight(&board(9, 9).t(a, 'w').t(b, 'w').build(), &none, X, t);
        assert!(!l.clear);
        assert!(l.blocked_by == Some(a) || l.blocked_by == Some(b));
        let occ = |c: Coord| c == a || c == b;
        assert!(!line_of_sight(&m, &occ, X, t).clear);
        // elevation along the edge: one high hex does not block, two do
        assert!(line_of_sight(&board(9, 9).e(a, 2).build(), &none, X, t).clear);
        assert!(!line_of_sight(&board(9, 9).e(a, 2).e(b, 2).build(), &none, X, t).clear);
        // a high hex on one side and woods on the other: blocked
        assert!(!line_of_sight(&board(9, 9).e(a, 2).t(b, 'w').build(), &none, X, t).clear);
        // symmetric
        assert!(!line_of_sight(&board(9, 9).t(a, 'w').t(b, 'w').build(), &none, t, X).clear);
    }

    #[test]
    fn adjacent_never_blocked_but_no_barrage_across_a_steep_slope() {
        // rule 9.2 and its note
        let n = X.neighbor(Dir::N);
        let m = board(9, 9).t(X, 'w').t(n, 'w').e(n, 3).build();
        let occ = |_: Coord| true;
        let l = line_of_sight(&m, &occ, X, n);
        assert!(l.clear);
        assert!(l.hexes.is_empty());
        assert!(adjacent_across_steep(&m, X, n));
        assert!(!barrage_range_ok(&m, X, n, 3));
        let s = X.neighbor(Dir::S);
        assert!(!adjacent_across_steep(&m, X, s));
        assert!(barrage_range_ok(&m, X, s, 3));
        // two hexes away up the slope: not adjacent, allowed
        assert!(barrage_range_ok(&m, X, n.neighbor(Dir::N), 3));
    }

    #[test]
    fn barrage_range() {
        // rule 1.2.3, 9.2
        let m = board(9, 9).build();
        assert!(barrage_range_ok(&m, S, T, 3));
        assert!(!barrage_range_ok(&m, S, T, 2));
        assert!(!barrage_range_ok(&m, S, S, 3));
        assert!(!barrage_range_ok(&m, S, Coord::new(5, 0), 3));
    }

    #[test]
    fn all_pairs_count() {
        // benchmark helper: an open map sees everything in range
        let m = board(6, 6).build();
        let open: usize = m.coords().map(|a| m.within(a, 2).count() - 1).sum();
        assert_eq!(all_pairs_in_range(&m, &none, 2), open);
        let m = board(6, 6).t(Coord::new(3, 3), 'w').build();
        assert!(all_pairs_in_range(&m, &none, 2) < open);
    }

    #[test]
    fn lines_are_symmetric_and_connected() {
        // rule 9.2: the same line both ways; the traced hexes form a chain
        let mut b = board(9, 9);
        for (k, h) in [(2, 3), (4, 6), (6, 2), (7, 7), (3, 8), (5, 5)]
            .iter()
            .enumerate()
        {
            b = b.t(Coord::new(h.0, h.1), ['w', 'v', 't'][k % 3]);
            b = b.e(Coord::new(h.1, h.0), (k % 3 + 1) as u8);
        }
        let m = b.build();
        let occ = |c: Coord| c == Coord::new(6, 6);
        for a in m.coords() {
            for t in m.within(a, 4) {
                let l1 = line_of_sight(&m, &occ, a, t);
                let l2 = line_of_sight(&m, &occ, t, a);
                assert_eq!(l1.clear, l2.clear, "{a} {t}");
                let mut prev = vec![a];
                for (x, y) in trace(a, t) {
                    let cur: Vec<Coord> = std::iter::once(x).chain(y).collect();
                    assert!(cur.iter().all(|c| prev.iter().any(|p| p.distance(*c) == 1)));
                    prev = cur;
                }
                if a != t {
                    assert!(prev.iter().any(|p| p.distance(t) == 1) || a.distance(t) == 1);
                }
            }
        }
    }
}
