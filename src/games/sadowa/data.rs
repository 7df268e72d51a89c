//! The Sadowa Campaign's scenario data: the order of battle with its set-up (13.1, 13.2),
//! the map (`scenarios/maps/sadowa.ron`, see `map`) and the charts
//! (`scenarios/maps/sadowa-charts.ron`, see `charts`). Everything the rulebook does not
//! print (map, counter values, charts) is RECONSTRUCTED; docs/games/sadowa.md lists it.

use super::charts::{self, Charts};
use super::map::{Country, SadowaMap};
use crate::engine::hexmap::Coord;
use crate::engine::scenarios::{ScenarioMeta, ScenarioSource};
pub use crate::engine::side::Side;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

pub type UnitId = u16;

/// What a counter is (2.2.1, 2.2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Kind {
    /// A combined-arms corps (the Saxon Army counts as one).
    Corps,
    /// The Austrian cavalry reserve (7.2.1: 4 MP when Uncommitted).
    Cavalry,
    /// A garrison (9): named ones start on the map, unnamed ones enter as reinforcements.
    Garrison,
    /// An army headquarters with its Command Value (2.2.2).
    Hq,
    /// The Prussian General Headquarters (6.5): no CV, enters as a reinforcement (10).
    Ghq,
}

impl Kind {
    /// Corps and cavalry: the units that move, attack, exert ZOC and count for stacking.
    pub fn is_combat(self) -> bool {
        matches!(self, Kind::Corps | Kind::Cavalry)
    }
    pub fn is_hq(self) -> bool {
        matches!(self, Kind::Hq | Kind::Ghq)
    }
}

/// Where a unit starts (13.1, 13.2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Setup {
    /// Placed on this hex before play.
    At(Coord),
    /// Placed by its owner within `radius` hexes of `of`; `only` limits the hexes to one
    /// country; `not` names excluded hexes.
    Within {
        of: Coord,
        radius: u32,
        #[serde(default)]
        only: Option<Country>,
        #[serde(default)]
        not: Vec<Coord>,
        /// The hex a "place the rest as historically" puts it on.
        historical: Coord,
    },
    /// Not on the map at the start: the GHQ (10) and the unnamed garrisons (9.5).
    Reinforcement,
}

/// One counter as the scenario file gives it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnitDef {
    pub id: String,
    pub name: String,
    /// Short label for the counter ("II", "Sax", "Elbe").
    pub short: String,
    pub side: Side,
    pub kind: Kind,
    /// Combat factor (2.2.1); 0 for HQs.
    #[serde(default)]
    pub cf: u32,
    /// Command value (2.2.2): the IP cost of activating the HQ; 0 for the GHQ.
    #[serde(default)]
    pub cv: u32,
    /// The parent HQ's id (6.1); None for HQs and garrisons.
    #[serde(default)]
    pub hq: Option<String>,
    /// A named garrison (9.1).
    #[serde(default)]
    pub named: bool,
    /// The army (for colours and the Saxons' 12.1 note).
    #[serde(default)]
    pub army: String,
    pub setup: Setup,
}

#[derive(Clone, Debug, Deserialize)]
struct ScenarioFile {
    meta: ScenarioMeta,
    units: Vec<UnitDef>,
}

/// The scenario compiled for play.
#[derive(Clone, Debug)]
pub struct SdRules {
    pub meta: ScenarioMeta,
    pub map: SadowaMap,
    pub charts: Charts,
    pub units: Vec<UnitDef>,
    /// Parent HQ of each unit (index into `units`).
    pub parent: Vec<Option<UnitId>>,
}

impl SdRules {
    pub fn unit(&self, u: UnitId) -> Option<&UnitDef> {
        self.units.get(u as usize)
    }
    pub fn side(&self, u: UnitId) -> Side {
        self.units
            .get(u as usize)
            .map(|d| d.side)
            .unwrap_or(Side::Austria)
    }
    pub fn kind(&self, u: UnitId) -> Kind {
        self.units
            .get(u as usize)
            .map(|d| d.kind)
            .unwrap_or(Kind::Garrison)
    }
    pub fn ids(&self) -> impl Iterator<Item = UnitId> + '_ {
        (0..self.units.len()).map(|i| i as UnitId)
    }
    pub fn ghq(&self) -> Option<UnitId> {
        self.ids().find(|&u| self.kind(u) == Kind::Ghq)
    }
    pub fn by_id(&self, id: &str) -> Option<UnitId> {
        self.units
            .iter()
            .position(|d| d.id == id)
            .map(|i| i as UnitId)
    }
}

pub fn load_rules(scenario: &ScenarioSource, _variants: &[String]) -> Result<Arc<SdRules>, String> {
    let file: ScenarioFile = ron::de::from_str(&scenario.text)
        .map_err(|e| crate::engine::save::describe_ron_error(&scenario.name, &e))?;
    let map = SadowaMap::load()?;
    let charts = charts::load()?;
    compile(file, map, charts).map(Arc::new)
}

fn compile(file: ScenarioFile, map: SadowaMap, charts: Charts) -> Result<SdRules, String> {
    let units = file.units;
    if units.is_empty() || units.len() > 500 {
        return Err(format!("the scenario has {} units", units.len()));
    }
    let mut parent = Vec::with_capacity(units.len());
    for (i, u) in units.iter().enumerate() {
        if units[..i].iter().any(|v| v.id == u.id) {
            return Err(format!("unit id '{}' appears twice", u.id));
        }
        let p = match &u.hq {
            None => None,
            Some(h) => {
                let j = units
                    .iter()
                    .position(|v| &v.id == h)
                    .ok_or_else(|| format!("unit '{}': no HQ called '{h}'", u.id))?;
                if units[j].kind != Kind::Hq || units[j].side != u.side {
                    return Err(format!(
                        "unit '{}': '{h}' is not one of its side's HQs",
                        u.id
                    ));
                }
                Some(j as UnitId)
            }
        };
        parent.push(p);
        let hexes: Vec<Coord> = match &u.setup {
            Setup::At(c) => vec![*c],
            Setup::Within { of, historical, .. } => vec![*of, *historical],
            Setup::Reinforcement => vec![],
        };
        for c in hexes {
            if !map.hex.contains(c) {
                return Err(format!("unit '{}': set-up hex {c} is off the map", u.id));
            }
        }
        if u.kind == Kind::Hq && !(1..=3).contains(&u.cv) {
            return Err(format!("HQ '{}': CV {} is not 1-3 (4.3)", u.id, u.cv));
        }
    }
    if units.iter().filter(|u| u.kind == Kind::Ghq).count() > 1 {
        return Err("more than one GHQ".into());
    }
    Ok(SdRules {
        meta: file.meta,
        map,
        charts,
        units,
        parent,
    })
}
