//! The board a scenario is played on. Hex games use [`HexMapDef`]; the card-driven 1866
//! game and the 1756 campaign move between named spaces or areas joined by routes, which
//! [`GraphMapDef`] describes. Rendering and rules ask a [`Board`] for places and
//! adjacency without caring which one it is.

use super::hexmap::{Coord, HexMap, HexMapDef};
use serde::{Deserialize, Serialize};

/// A place a piece can stand on: a hex, or a space/area of a point-to-point map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Place {
    Hex(Coord),
    Space(u16),
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SpaceDef {
    pub id: String,
    pub name: String,
    /// Position on the drawn map, in map units.
    pub pos: (f32, f32),
    #[serde(default)]
    pub kind: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RouteDef {
    pub from: String,
    pub to: String,
    #[serde(default)]
    pub kind: String,
}

/// A point-to-point or area map.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GraphMapDef {
    pub spaces: Vec<SpaceDef>,
    pub routes: Vec<RouteDef>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum BoardDef {
    Hex(HexMapDef),
    Graph(GraphMapDef),
}

/// A compiled board.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)] // built once per game; boxing buys nothing
pub enum Board {
    Hex(HexMap),
    Graph(GraphMap),
}

#[derive(Clone, Debug)]
pub struct GraphMap {
    pub spaces: Vec<SpaceDef>,
    /// adjacency lists, sorted, by space index
    pub adj: Vec<Vec<(u16, String)>>,
}

impl GraphMap {
    pub fn from_def(def: &GraphMapDef) -> Result<Self, String> {
        let find = |id: &str| {
            def.spaces
                .iter()
                .position(|s| s.id == id)
                .ok_or_else(|| format!("route names unknown space '{id}'"))
        };
        let mut adj = vec![Vec::new(); def.spaces.len()];
        for r in &def.routes {
            let a = find(&r.from)?;
            let b = find(&r.to)?;
            adj[a].push((b as u16, r.kind.clone()));
            adj[b].push((a as u16, r.kind.clone()));
        }
        for l in &mut adj {
            l.sort();
        }
        Ok(Self {
            spaces: def.spaces.clone(),
            adj,
        })
    }
}

impl Board {
    pub fn from_def(def: &BoardDef) -> Result<Self, String> {
        Ok(match def {
            BoardDef::Hex(h) => Board::Hex(HexMap::from_def(h)?),
            BoardDef::Graph(g) => Board::Graph(GraphMap::from_def(g)?),
        })
    }

    pub fn places(&self) -> Vec<Place> {
        match self {
            Board::Hex(m) => m.coords().map(Place::Hex).collect(),
            Board::Graph(g) => (0..g.spaces.len() as u16).map(Place::Space).collect(),
        }
    }

    pub fn adjacent(&self, p: Place) -> Vec<Place> {
        match (self, p) {
            (Board::Hex(m), Place::Hex(c)) => m.neighbors(c).map(|(_, n)| Place::Hex(n)).collect(),
            (Board::Graph(g), Place::Space(s)) => g
                .adj
                .get(s as usize)
                .map(|l| l.iter().map(|(n, _)| Place::Space(*n)).collect())
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    /// Where to draw a place, in map units.
    pub fn position(&self, p: Place) -> Option<(f32, f32)> {
        match (self, p) {
            (Board::Hex(_), Place::Hex(c)) => Some(c.centre()),
            (Board::Graph(g), Place::Space(s)) => g.spaces.get(s as usize).map(|s| s.pos),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn graph_boards_share_the_place_interface() {
        let def = BoardDef::Graph(GraphMapDef {
            spaces: vec![
                SpaceDef {
                    id: "dresden".into(),
                    name: "Dresden".into(),
                    pos: (0.0, 0.0),
                    kind: String::new(),
                },
                SpaceDef {
                    id: "pirna".into(),
                    name: "Pirna".into(),
                    pos: (1.0, 0.5),
                    kind: String::new(),
                },
            ],
            routes: vec![RouteDef {
                from: "dresden".into(),
                to: "pirna".into(),
                kind: "road".into(),
            }],
        });
        let b = Board::from_def(&def).unwrap();
        assert_eq!(b.adjacent(Place::Space(0)), vec![Place::Space(1)]);
        assert_eq!(b.places().len(), 2);
    }
}
