//! STUB of the 1866 map (owner: the map helper, who replaces this file and adds
//! `scenarios/maps/struggle.ron`). It has exactly the API of STRUGGLE.md with a small
//! built-in board: every space the two set-ups and the example of play name, placed by
//! rough longitude/latitude and joined to their nearest neighbours. Nothing here is the
//! real map; the core only reaches the map through this API.

use crate::engine::graph::{PointLink, PointMap, PointNode};
use crate::engine::side::Side;
use serde::{Deserialize, Serialize};

pub type SpaceId = usize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SpaceKind {
    Minor,
    Major,
    Fortress(u8),
    Junction,
    OffBoard,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Country {
    Prussia,
    Austria,
    Italy,
    France,
    German,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Owner {
    Prussia,
    Italy,
    Austria,
    German,
    France,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Terrain {
    Clear,
    Mountain,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Space {
    pub name: String,
    pub kind: SpaceKind,
    pub vp: bool,
    pub independent: bool,
    pub port: bool,
    pub supply: Option<Owner>,
    pub province: Option<usize>,
    pub country: Country,
    pub owner: Owner,
    pub terrain: Terrain,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RouteKind {
    Road,
    Rail,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Route {
    pub a: SpaceId,
    pub b: SpaceId,
    pub kind: RouteKind,
    pub river: bool,
    pub mountain: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Province {
    pub name: String,
    pub vp: u8,
    pub country: Country,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StruggleMap {
    pub graph: PointMap,
    pub spaces: Vec<Space>,
    pub routes: Vec<Route>,
    pub provinces: Vec<Province>,
    pub sea: Vec<(SpaceId, SpaceId)>,
}

/// (name, lon, lat, kind, owner, province name, vp space)
type Row = (&'static str, f32, f32, SpaceKind, Owner, &'static str, bool);

fn rows() -> Vec<Row> {
    use Owner::*;
    use SpaceKind::*;
    vec![
        ("Berlin", 13.4, 52.5, Major, Prussia, "", true),
        ("Königsberg", 20.5, 54.7, Fortress(2), Prussia, "", false),
        ("Danzig", 18.6, 54.4, Fortress(2), Prussia, "", false),
        ("Posen", 16.9, 52.4, Fortress(2), Prussia, "", false),
        ("Breslau", 17.0, 51.1, Major, Prussia, "", true),
        ("Brieg", 17.5, 50.9, Minor, Prussia, "", false),
        ("Neisse", 17.3, 50.5, Fortress(1), Prussia, "", false),
        ("Görlitz", 15.0, 51.15, Minor, Prussia, "", false),
        ("Hirschberg", 15.7, 50.9, Minor, Prussia, "", false),
        ("Magdeburg", 11.6, 52.1, Fortress(2), Prussia, "", false),
        ("Halle", 11.95, 51.5, Minor, Prussia, "", false),
        ("Torgau", 13.0, 51.55, Fortress(1), Prussia, "", false),
        ("Münster", 7.6, 51.95, Minor, Prussia, "", false),
        ("Minden", 8.9, 52.3, Fortress(1), Prussia, "", false),
        ("Paderborn", 8.75, 51.7, Minor, Prussia, "", false),
        ("Koblenz", 7.6, 50.35, Fortress(2), Prussia, "", false),
        ("Wetzlar", 8.5, 50.55, Minor, Prussia, "", false),
        ("Flensburg", 9.4, 54.8, Minor, Prussia, "Schleswig", false),
        ("Altona", 9.95, 53.55, Minor, Austria, "Holstein", false),
        ("Hanover", 9.7, 52.35, Major, German, "Hanover", true),
        ("Emden", 7.2, 53.35, Minor, German, "Hanover", false),
        ("Osnabrück", 8.05, 52.25, Minor, German, "Hanover", false),
        ("Hildesheim", 9.95, 52.15, Minor, German, "Hanover", false),
        ("Göttingen", 9.95, 51.55, Minor, German, "Hanover", false),
        ("Braunschweig", 10.5, 52.25, Minor, German, "", false),
        ("Junction", 9.9, 51.9, Junction, German, "", false),
        ("Cassel", 9.5, 51.3, Minor, German, "Hesse-Cassel", false),
        ("Hanau", 8.9, 50.15, Minor, German, "Hesse-Cassel", false),
        ("Frankfurt", 8.7, 50.1, Major, German, "", true),
        ("Wiesbaden", 8.25, 50.1, Minor, German, "Nassau", false),
        (
            "Mainz",
            8.25,
            49.95,
            Fortress(3),
            German,
            "Hesse-Darmstadt",
            false,
        ),
        (
            "Darmstadt",
            8.65,
            49.85,
            Minor,
            German,
            "Hesse-Darmstadt",
            false,
        ),
        ("Rastatt", 8.2, 48.85, Fortress(2), German, "Baden", false),
        ("Karlsruhe", 8.4, 49.0, Minor, German, "Baden", false),
        ("Stuttgart", 9.2, 48.8, Major, German, "Württemberg", true),
        (
            "Würzburg",
            9.95,
            49.8,
            Fortress(1),
            German,
            "Bavaria",
            false,
        ),
        ("Schweinfurt", 10.25, 50.05, Minor, German, "Bavaria", false),
        ("Bamberg", 10.9, 49.9, Minor, German, "Bavaria", false),
        ("Augsburg", 10.9, 48.35, Minor, German, "Bavaria", false),
        ("Munich", 11.6, 48.15, Major, German, "Bavaria", true),
        ("Dresden", 13.75, 51.05, Major, German, "Saxony", true),
        ("Prague", 14.4, 50.1, Major, Austria, "Bohemia", true),
        (
            "Reichenberg",
            15.05,
            50.75,
            Minor,
            Austria,
            "Bohemia",
            false,
        ),
        (
            "Königgrätz",
            15.85,
            50.2,
            Fortress(1),
            Austria,
            "Bohemia",
            false,
        ),
        ("Zwittau", 16.45, 49.75, Minor, Austria, "Moravia", false),
        ("Würbenthal", 17.4, 50.05, Minor, Austria, "Silesia", false),
        ("Oderberg", 18.3, 49.9, Minor, Austria, "Silesia", false),
        (
            "Olmütz",
            17.25,
            49.6,
            Fortress(2),
            Austria,
            "Moravia",
            false,
        ),
        ("Prerau", 17.45, 49.45, Minor, Austria, "Moravia", false),
        ("Brünn", 16.6, 49.2, Major, Austria, "Moravia", true),
        ("Lundenberg", 16.9, 48.75, Minor, Austria, "Moravia", false),
        ("Vienna", 16.35, 48.2, Major, Austria, "", true),
        ("Cracow", 19.95, 50.05, Fortress(2), Austria, "", false),
        ("Budapest", 19.05, 47.5, Major, Austria, "Hungary", true),
        (
            "Grosswardein",
            21.9,
            47.05,
            Minor,
            Austria,
            "Hungary",
            false,
        ),
        ("Laibach", 14.5, 46.05, Minor, Austria, "", false),
        ("Udine", 13.25, 46.05, Minor, Austria, "Venetia", false),
        ("Trent", 11.1, 46.05, Fortress(1), Austria, "Tyrol", false),
        ("Vicenza", 11.55, 45.55, Minor, Austria, "Venetia", false),
        ("Padua", 11.9, 45.4, Minor, Austria, "Venetia", false),
        ("Rovigo", 11.8, 45.05, Minor, Austria, "Venetia", false),
        (
            "Quadrilateral North",
            11.0,
            45.45,
            Fortress(3),
            Austria,
            "Venetia",
            true,
        ),
        ("Custoza", 10.8, 45.35, Minor, Austria, "Venetia", false),
        ("Brescia", 10.2, 45.55, Minor, Italy, "", false),
        ("Castiglione", 10.5, 45.4, Minor, Italy, "", false),
        ("Asola", 10.4, 45.2, Minor, Italy, "", false),
        ("Ponteviso", 10.0, 45.0, Minor, Italy, "", false),
        ("Milan", 9.2, 45.45, Major, Italy, "", true),
        ("Turin", 7.7, 45.05, Major, Italy, "", true),
        ("Piacenza", 9.7, 45.05, Fortress(1), Italy, "", false),
        ("Parma", 10.3, 44.8, Minor, Italy, "", false),
        ("Modena", 10.9, 44.65, Minor, Italy, "", false),
        ("Ferrara", 11.6, 44.85, Fortress(2), Italy, "", false),
        ("Bologna", 11.35, 44.5, Major, Italy, "", true),
        ("Florence", 11.25, 43.75, Major, Italy, "", true),
        ("Chalons", 4.35, 48.95, Minor, France, "", false),
        ("Metz", 6.2, 49.1, Fortress(3), France, "", false),
        ("Strasbourg", 7.75, 48.6, Fortress(2), France, "", false),
        ("French Supply", 3.0, 48.8, OffBoard, France, "", false),
    ]
}

fn country_of(o: Owner) -> Country {
    match o {
        Owner::Prussia => Country::Prussia,
        Owner::Italy => Country::Italy,
        Owner::Austria => Country::Austria,
        Owner::German => Country::German,
        Owner::France => Country::France,
    }
}

/// Lower case with umlauts folded, for name look-ups ("Königgrätz" = "Koniggratz").
fn fold(s: &str) -> String {
    s.to_lowercase()
        .replace("ä", "a")
        .replace("ö", "o")
        .replace("ü", "u")
        .replace("ß", "ss")
}

impl StruggleMap {
    /// The stub board (the real one is read from `scenarios/maps/struggle.ron`).
    pub fn load_default() -> Result<StruggleMap, String> {
        let rows = rows();
        let mut provinces: Vec<Province> = Vec::new();
        let mut spaces = Vec::new();
        let mut nodes = Vec::new();
        for (i, (name, lon, lat, kind, owner, prov, vp)) in rows.iter().enumerate() {
            let province = if prov.is_empty() {
                None
            } else if let Some(p) = provinces.iter().position(|p| p.name == *prov) {
                Some(p)
            } else {
                provinces.push(Province {
                    name: prov.to_string(),
                    vp: 1,
                    country: country_of(*owner),
                });
                Some(provinces.len() - 1)
            };
            let supply = match *name {
                "Berlin" | "Breslau" | "Magdeburg" | "Koblenz" => Some(Owner::Prussia),
                "Vienna" | "Prague" | "Budapest" => Some(Owner::Austria),
                "Munich" | "Dresden" | "Hanover" | "Stuttgart" => Some(Owner::German),
                "Turin" | "Florence" | "Milan" => Some(Owner::Italy),
                "French Supply" => Some(Owner::France),
                _ => None,
            };
            spaces.push(Space {
                name: name.to_string(),
                kind: *kind,
                vp: *vp,
                independent: *name == "Braunschweig",
                port: matches!(*name, "Danzig" | "Königsberg" | "Altona" | "Emden"),
                supply,
                province,
                country: country_of(*owner),
                owner: *owner,
                terrain: Terrain::Clear,
            });
            nodes.push(PointNode {
                id: format!("s{i}"),
                name: name.to_string(),
                x: (lon - 2.5) * 50.0,
                y: (55.5 - lat) * 75.0,
            });
        }
        // Each space joined to its three nearest neighbours (and the junction to its four
        // cities); then the components are chained so that the board is connected.
        let n = rows.len();
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        let dist = |a: usize, b: usize| {
            let (x, y) = (nodes[a].x - nodes[b].x, nodes[a].y - nodes[b].y);
            x * x + y * y
        };
        let junction = rows.iter().position(|r| r.3 == SpaceKind::Junction);
        for a in 0..n {
            if Some(a) == junction {
                continue;
            }
            let mut near: Vec<usize> = (0..n).filter(|&b| b != a && Some(b) != junction).collect();
            near.sort_by(|&x, &y| dist(a, x).total_cmp(&dist(a, y)));
            for &b in near.iter().take(3) {
                let p = (a.min(b), a.max(b));
                if !pairs.contains(&p) {
                    pairs.push(p);
                }
            }
        }
        if let Some(j) = junction {
            for nm in ["Göttingen", "Paderborn", "Hildesheim", "Braunschweig"] {
                if let Some(b) = rows.iter().position(|r| r.0 == nm) {
                    pairs.push((j.min(b), j.max(b)));
                }
            }
        }
        // connect components
        loop {
            let mut comp = vec![usize::MAX; n];
            let mut c = 0;
            for s in 0..n {
                if comp[s] != usize::MAX {
                    continue;
                }
                let mut stack = vec![s];
                comp[s] = c;
                while let Some(x) = stack.pop() {
                    for &(a, b) in &pairs {
                        let o = if a == x {
                            b
                        } else if b == x {
                            a
                        } else {
                            continue;
                        };
                        if comp[o] == usize::MAX {
                            comp[o] = c;
                            stack.push(o);
                        }
                    }
                }
                c += 1;
            }
            if c <= 1 {
                break;
            }
            let mut best: Option<(f32, usize, usize)> = None;
            for a in (0..n).filter(|&a| comp[a] == 0 && Some(a) != junction) {
                for b in (0..n).filter(|&b| comp[b] != 0 && Some(b) != junction) {
                    let d = dist(a, b);
                    if best.is_none_or(|x| d < x.0) {
                        best = Some((d, a, b));
                    }
                }
            }
            match best {
                Some((_, a, b)) => pairs.push((a.min(b), a.max(b))),
                None => break,
            }
        }
        let links: Vec<PointLink> = pairs.iter().map(|&(a, b)| PointLink { a, b }).collect();
        let routes = pairs
            .iter()
            .enumerate()
            .map(|(i, &(a, b))| Route {
                a,
                b,
                kind: if i % 2 == 0 {
                    RouteKind::Rail
                } else {
                    RouteKind::Road
                },
                river: false,
                mountain: false,
            })
            .collect();
        let graph = PointMap::new(nodes, links)?;
        Ok(StruggleMap {
            graph,
            spaces,
            routes,
            provinces,
            sea: Vec::new(),
        })
    }

    pub fn space(&self, name: &str) -> Option<SpaceId> {
        let f = fold(name);
        self.spaces.iter().position(|s| fold(&s.name) == f)
    }

    pub fn routes_from(&self, s: SpaceId) -> impl Iterator<Item = (usize, SpaceId)> + '_ {
        self.graph.neighbours(s).map(|(other, link)| (link, other))
    }

    pub fn route_between(&self, a: SpaceId, b: SpaceId) -> Option<&Route> {
        self.graph.adjacent(a, b).and_then(|l| self.routes.get(l))
    }

    /// Terrain Effects Chart (stub): 1 MP, +1 across a river, +1 into the junction's
    /// far side (9.62).
    pub fn enter_cost(&self, from: SpaceId, to: SpaceId) -> Option<u8> {
        let r = self.route_between(from, to)?;
        let junction = self.junction() == Some(from) || self.junction() == Some(to);
        Some(1 + u8::from(r.river) + u8::from(junction && self.junction() == Some(from)))
    }

    pub fn side_of(owner: Owner) -> Option<Side> {
        match owner {
            Owner::Prussia | Owner::Italy => Some(Side::Prussia),
            Owner::Austria | Owner::German => Some(Side::Austria),
            Owner::France => None,
        }
    }

    pub fn junction(&self) -> Option<SpaceId> {
        self.spaces
            .iter()
            .position(|s| s.kind == SpaceKind::Junction)
    }
}
