//! STUB (replaced by the map branch): the Sadowa map and its queries.

use crate::engine::hexmap::{Coord, HexMap, HexMapDef};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Country {
    Prussia,
    Saxony,
    Austria,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlaceKind {
    City,
    Fortress,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Place {
    pub hex: Coord,
    pub name: String,
    pub kind: PlaceKind,
}

#[derive(Clone, Debug)]
pub struct SadowaMap {
    pub hex: HexMap,
    countries: Vec<Option<Country>>,
    pub places: Vec<Place>,
}

impl SadowaMap {
    pub fn stub() -> Result<SadowaMap, String> {
        let cols = 36;
        let rows = 18;
        let def = HexMapDef {
            cols,
            rows,
            terrain_rows: vec![".".repeat(cols as usize); rows as usize],
            legend: vec![('.', crate::engine::hexmap::Terrain::Clear)],
            hexsides: vec![],
            roads: vec![],
            labels: vec![],
            elevation_rows: vec![],
            paths: vec![],
            railways: vec![],
        };
        let hex = HexMap::from_def(&def)?;
        let countries = hex
            .coords()
            .map(|c| {
                Some(if c.row <= 4 {
                    Country::Prussia
                } else {
                    Country::Austria
                })
            })
            .collect();
        let place = |h: &str, n: &str, k| -> Result<Place, String> {
            Ok(Place {
                hex: Coord::parse(h)?,
                name: n.into(),
                kind: k,
            })
        };
        let places = vec![
            place("1208", "Dresden", PlaceKind::City)?,
            place("1609", "Theresienstadt", PlaceKind::Fortress)?,
            place("1811", "Prague", PlaceKind::City)?,
            place("2406", "Josefstadt", PlaceKind::Fortress)?,
            place("2502", "Schweidnitz", PlaceKind::Fortress)?,
            place("2507", "Königgrätz", PlaceKind::Fortress)?,
            place("2704", "Glatz", PlaceKind::Fortress)?,
            place("3002", "Neisse", PlaceKind::Fortress)?,
            place("3301", "Kosel", PlaceKind::Fortress)?,
            place("3305", "Olmütz", PlaceKind::Fortress)?,
        ];
        Ok(SadowaMap {
            hex,
            countries,
            places,
        })
    }
    pub fn load() -> Result<SadowaMap, String> {
        Self::stub()
    }
    pub fn country(&self, c: Coord) -> Option<Country> {
        self.hex
            .index(c)
            .and_then(|i| self.countries.get(i).copied().flatten())
    }
    pub fn is_mountain(&self, c: Coord) -> bool {
        self.hex.elevation(c) >= 3
    }
    pub fn river_between(&self, a: Coord, b: Coord) -> bool {
        self.hex.side(a, b).is_some()
    }
    pub fn road_between(&self, a: Coord, b: Coord) -> bool {
        self.hex.road_between(a, b)
    }
    pub fn rail_between(&self, _a: Coord, _b: Coord) -> bool {
        false
    }
    pub fn place(&self, c: Coord) -> Option<&Place> {
        self.places.iter().find(|p| p.hex == c)
    }
    pub fn north_edge(&self) -> Vec<Coord> {
        self.hex.coords().filter(|c| c.row == 1).collect()
    }
    pub fn south_edge(&self) -> Vec<Coord> {
        self.hex
            .coords()
            .filter(|c| c.row == self.hex.rows)
            .collect()
    }
    pub fn exit_hexes(&self) -> Vec<Coord> {
        (29..=35).map(|c| Coord::new(c, 17)).collect()
    }
}
