//! A point-to-point board: named points (spaces, boxes, towns) joined by links, with the
//! cheapest-cost search the movement rules of card-driven games need.
//!
//! Game-neutral: a game keeps its own data (terrain, owners, route kinds) in vectors indexed
//! like `nodes` and `links` and passes a cost function to [`PointMap::costs`]. Pure Rust,
//! no ECS; nothing here panics on any input (an out-of-range index is simply not found).

use serde::{Deserialize, Serialize};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// One point of the board. `x`, `y`: drawing position in map units (0..1000 wide, y down).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PointNode {
    pub id: String,
    pub name: String,
    pub x: f32,
    pub y: f32,
}

/// An undirected link between nodes `a` and `b` (indices into `nodes`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PointLink {
    pub a: usize,
    pub b: usize,
}

impl PointLink {
    /// The other end of this link seen from `n`, if `n` is one of its ends.
    pub fn other(&self, n: usize) -> Option<usize> {
        if self.a == n {
            Some(self.b)
        } else if self.b == n {
            Some(self.a)
        } else {
            None
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PointMap {
    pub nodes: Vec<PointNode>,
    pub links: Vec<PointLink>,
}

impl PointMap {
    /// Builds a map and checks it: unique ids, links between existing distinct nodes, no
    /// link given twice.
    pub fn new(nodes: Vec<PointNode>, links: Vec<PointLink>) -> Result<PointMap, String> {
        let map = PointMap { nodes, links };
        map.check()?;
        Ok(map)
    }

    /// The checks of [`PointMap::new`].
    pub fn check(&self) -> Result<(), String> {
        let mut ids: Vec<&str> = self.nodes.iter().map(|n| n.id.as_str()).collect();
        ids.sort_unstable();
        for w in ids.windows(2) {
            if w[0] == w[1] {
                return Err(format!("node id '{}' is used twice", w[0]));
            }
        }
        let mut seen = std::collections::BTreeSet::new();
        for (i, l) in self.links.iter().enumerate() {
            if l.a >= self.nodes.len() || l.b >= self.nodes.len() {
                return Err(format!("link {i} joins a node that does not exist"));
            }
            if l.a == l.b {
                return Err(format!("link {i} joins {} to itself", self.nodes[l.a].id));
            }
            if !seen.insert((l.a.min(l.b), l.a.max(l.b))) {
                return Err(format!(
                    "{} and {} are linked twice",
                    self.nodes[l.a].id, self.nodes[l.b].id
                ));
            }
        }
        Ok(())
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// A node by its id, or else by its name (exact, then ignoring ASCII case).
    pub fn find(&self, id_or_name: &str) -> Option<usize> {
        self.nodes
            .iter()
            .position(|n| n.id == id_or_name)
            .or_else(|| self.nodes.iter().position(|n| n.name == id_or_name))
            .or_else(|| {
                self.nodes.iter().position(|n| {
                    n.id.eq_ignore_ascii_case(id_or_name) || n.name.eq_ignore_ascii_case(id_or_name)
                })
            })
    }

    /// The nodes linked to `n`, each with the index of the link.
    pub fn neighbours(&self, n: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.links
            .iter()
            .enumerate()
            .filter_map(move |(i, l)| l.other(n).map(|o| (o, i)))
    }

    /// The link joining `a` and `b`, if any.
    pub fn adjacent(&self, a: usize, b: usize) -> Option<usize> {
        self.links
            .iter()
            .position(|l| (l.a == a && l.b == b) || (l.a == b && l.b == a))
    }

    /// For every node, the links at it (built once for a search).
    pub fn adjacency(&self) -> Vec<Vec<(usize, usize)>> {
        let mut adj = vec![Vec::new(); self.nodes.len()];
        for (i, l) in self.links.iter().enumerate() {
            if l.a < adj.len() && l.b < adj.len() {
                adj[l.a].push((l.b, i));
                adj[l.b].push((l.a, i));
            }
        }
        adj
    }

    /// Cheapest cost from `from` to every node (Dijkstra). `cost(link, to)` is the price of
    /// entering node `to` over `link`; `None` means that step is impassable. The start costs
    /// 0; a node that cannot be reached is `None`.
    pub fn costs(
        &self,
        from: usize,
        cost: impl Fn(usize, usize) -> Option<u32>,
    ) -> Vec<Option<u32>> {
        self.search(from, cost).0
    }

    /// Cheapest path from `from` to `to` with its cost (the nodes entered in order, `from`
    /// first), or `None` when `to` cannot be reached.
    pub fn cheapest_path(
        &self,
        from: usize,
        to: usize,
        cost: impl Fn(usize, usize) -> Option<u32>,
    ) -> Option<(u32, Vec<usize>)> {
        let (dist, prev) = self.search(from, cost);
        let total = (*dist.get(to)?)?;
        let mut path = vec![to];
        let mut at = to;
        while at != from {
            at = prev.get(at).copied().flatten()?;
            path.push(at);
        }
        path.reverse();
        Some((total, path))
    }

    fn search(
        &self,
        from: usize,
        cost: impl Fn(usize, usize) -> Option<u32>,
    ) -> (Vec<Option<u32>>, Vec<Option<usize>>) {
        let n = self.nodes.len();
        let mut dist: Vec<Option<u32>> = vec![None; n];
        let mut prev: Vec<Option<usize>> = vec![None; n];
        if from >= n {
            return (dist, prev);
        }
        let adj = self.adjacency();
        let mut heap = BinaryHeap::new();
        dist[from] = Some(0);
        heap.push(Reverse((0u32, from)));
        while let Some(Reverse((d, at))) = heap.pop() {
            if dist[at].is_some_and(|best| d > best) {
                continue;
            }
            for &(to, link) in &adj[at] {
                let Some(step) = cost(link, to) else {
                    continue;
                };
                let nd = d.saturating_add(step);
                if dist[to].is_none_or(|best| nd < best) {
                    dist[to] = Some(nd);
                    prev[to] = Some(at);
                    heap.push(Reverse((nd, to)));
                }
            }
        }
        (dist, prev)
    }

    /// Every node reachable from `from` over links `pass(link, to)` allows.
    pub fn reachable(&self, from: usize, pass: impl Fn(usize, usize) -> bool) -> Vec<bool> {
        self.costs(from, |l, t| pass(l, t).then_some(0))
            .into_iter()
            .map(|c| c.is_some())
            .collect()
    }

    /// True when every node can be reached from every other one.
    pub fn is_connected(&self) -> bool {
        self.nodes.is_empty() || self.reachable(0, |_, _| true).iter().all(|r| *r)
    }

    /// The node nearest to a drawing position within `radius` map units (for clicks).
    pub fn nearest(&self, x: f32, y: f32, radius: f32) -> Option<usize> {
        let mut best: Option<(f32, usize)> = None;
        for (i, n) in self.nodes.iter().enumerate() {
            let d2 = (n.x - x).powi(2) + (n.y - y).powi(2);
            if d2 <= radius * radius && best.is_none_or(|(b, _)| d2 < b) {
                best = Some((d2, i));
            }
        }
        best.map(|(_, i)| i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(id: &str, x: f32) -> PointNode {
        PointNode {
            id: id.to_string(),
            name: id.to_uppercase(),
            x,
            y: 0.0,
        }
    }

    /// a - b - c - d, plus a shortcut a - d that is expensive, and a lone e.
    fn sample() -> PointMap {
        PointMap::new(
            vec![
                node("a", 0.0),
                node("b", 10.0),
                node("c", 20.0),
                node("d", 30.0),
                node("e", 40.0),
            ],
            vec![
                PointLink { a: 0, b: 1 },
                PointLink { a: 1, b: 2 },
                PointLink { a: 2, b: 3 },
                PointLink { a: 0, b: 3 },
            ],
        )
        .expect("valid sample")
    }

    #[test]
    fn find_by_id_name_and_case() {
        let m = sample();
        assert_eq!(m.find("b"), Some(1));
        assert_eq!(m.find("C"), Some(2));
        assert_eq!(m.find("D"), Some(3));
        assert_eq!(m.find("x"), None);
    }

    #[test]
    fn neighbours_and_adjacent() {
        let m = sample();
        let mut n: Vec<usize> = m.neighbours(0).map(|(o, _)| o).collect();
        n.sort();
        assert_eq!(n, vec![1, 3]);
        assert_eq!(m.adjacent(2, 1), Some(1));
        assert_eq!(m.adjacent(0, 2), None);
        assert_eq!(m.neighbours(4).count(), 0);
        assert_eq!(m.neighbours(99).count(), 0);
    }

    #[test]
    fn dijkstra_prefers_the_cheaper_longer_way() {
        let m = sample();
        // the shortcut a-d (link 3) costs 5, every other step 1
        let c = m.costs(0, |l, _| Some(if l == 3 { 5 } else { 1 }));
        assert_eq!(c, vec![Some(0), Some(1), Some(2), Some(3), None]);
        // now the shortcut is cheap
        let c = m.costs(0, |l, _| Some(if l == 3 { 1 } else { 2 }));
        assert_eq!(c[3], Some(1));
        assert_eq!(c[2], Some(3));
        let (cost, path) = m
            .cheapest_path(0, 2, |l, _| Some(if l == 3 { 1 } else { 2 }))
            .expect("reachable");
        assert_eq!(cost, 3);
        assert_eq!(path, vec![0, 3, 2]);
    }

    #[test]
    fn impassable_steps_are_skipped() {
        let m = sample();
        // nobody may enter c
        let c = m.costs(0, |_, to| (to != 2).then_some(1));
        assert_eq!(c[2], None);
        assert_eq!(c[3], Some(1));
        assert!(
            m.cheapest_path(0, 2, |_, to| (to != 2).then_some(1))
                .is_none()
        );
        assert!(m.cheapest_path(0, 4, |_, _| Some(1)).is_none());
        // out of range start: nothing reachable, no panic
        assert!(m.costs(42, |_, _| Some(1)).iter().all(|c| c.is_none()));
    }

    #[test]
    fn connectivity_and_bad_maps() {
        let m = sample();
        assert!(!m.is_connected());
        let mut joined = m.clone();
        joined.links.push(PointLink { a: 3, b: 4 });
        assert!(joined.is_connected());
        assert!(PointMap::new(vec![node("a", 0.0), node("a", 1.0)], vec![]).is_err());
        assert!(PointMap::new(vec![node("a", 0.0)], vec![PointLink { a: 0, b: 1 }]).is_err());
        assert!(PointMap::new(vec![node("a", 0.0)], vec![PointLink { a: 0, b: 0 }]).is_err());
        let twice = vec![PointLink { a: 0, b: 1 }, PointLink { a: 1, b: 0 }];
        assert!(PointMap::new(vec![node("a", 0.0), node("b", 1.0)], twice).is_err());
    }

    #[test]
    fn nearest_for_clicks() {
        let m = sample();
        assert_eq!(m.nearest(11.0, 1.0, 3.0), Some(1));
        assert_eq!(m.nearest(15.0, 0.0, 3.0), None);
    }
}
