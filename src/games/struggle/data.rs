//! 1866: The Struggle for Supremacy in Germany: scenario data. The order of battle
//! (`scenarios/maps/struggle-oob.ron`, every value RECONSTRUCTED, docs/games/struggle-oob.md)
//! and the two set-ups (`scenarios/struggle-mobilization.ron` 22.1,
//! `scenarios/struggle-seven-weeks.ron` 22.2), compiled with the map, charts and cards.

use super::cards::{CardId, Cards, Deck};
use super::charts::Charts;
use super::map::{SpaceId, StruggleMap};
use crate::engine::scenarios::{ScenarioMeta, ScenarioSource};
pub use crate::engine::side::Side;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

pub type UnitId = u16;
pub type GenId = u8;

/// Nationalities of the counters (3.0 glossary).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Nation {
    Pr,
    It,
    Hu,
    Au,
    Sx,
    Hn,
    Bv,
    HC,
    Ns,
    HD,
    Bd,
    Wu,
    HN,
    Fr,
}

impl Nation {
    /// The side that controls the nationality (2.32, 20.1; France after 16.2).
    pub fn side(self) -> Side {
        match self {
            Nation::Pr | Nation::It | Nation::Hu => Side::Prussia,
            _ => Side::Austria,
        }
    }
}

/// The General Holding Areas by nationality (18.4: Prussian, Austrian, German, French,
/// Italian).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Group {
    Prussian,
    Italian,
    Austrian,
    German,
    French,
}

impl Group {
    pub fn name(self) -> &'static str {
        match self {
            Group::Prussian => "Prussian",
            Group::Italian => "Italian",
            Group::Austrian => "Austrian",
            Group::German => "German",
            Group::French => "French",
        }
    }
}

/// Echelon of a combat unit (3.0: corps and the echelons below corps).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Echelon {
    Corps,
    ID,
    IB,
    CD,
    LtCD,
    RCD,
}

impl Echelon {
    pub fn is_corps(self) -> bool {
        self == Echelon::Corps
    }
    pub fn is_cavalry(self) -> bool {
        matches!(self, Echelon::CD | Echelon::LtCD | Echelon::RCD)
    }
    /// 6.21: OPs to mobilize (flip) the unit.
    pub fn mobilize_cost(self) -> u8 {
        if self.is_corps() { 2 } else { 1 }
    }
    /// 6.23: OPs to activate the unit individually (cavalry 1, IB 2, ID 3, corps 4).
    /// Our reading (6.23): the rulebook prints only the "War conditions" costs; they are
    /// used in Mobilization turns too.
    pub fn activation_cost(self) -> u8 {
        match self {
            Echelon::CD | Echelon::LtCD | Echelon::RCD => 1,
            Echelon::IB => 2,
            Echelon::ID => 3,
            Echelon::Corps => 4,
        }
    }
}

/// One kind of counter (all values RECONSTRUCTED).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnitType {
    pub id: String,
    pub name: String,
    pub short: String,
    pub nation: Nation,
    pub echelon: Echelon,
    /// Strength points (full, reduced).
    pub sp: (u8, u8),
    /// Cohesion factor (full, reduced).
    pub cf: (u8, u8),
    pub ma: u8,
}

/// A general (18; ratings RECONSTRUCTED).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GeneralDef {
    pub id: String,
    pub name: String,
    pub nation: Nation,
    pub pool: Group,
    pub seniority: u8,
    pub initiative: u8,
    pub offensive: i8,
    pub defensive: i8,
}

impl GeneralDef {
    pub fn side(&self) -> Side {
        self.nation.side()
    }
}

#[derive(Clone, Debug, Deserialize)]
struct OobFile {
    types: Vec<UnitType>,
    generals: Vec<GeneralDef>,
}

/// Where a counter starts (scenario set-up lists).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum At {
    Space(String),
    /// One of the spaces of `choices[n]`, picked by its side before play.
    Choice(u8),
    /// The Corps Support Box of its side (11.2 step 4).
    CorpsSupport,
    /// The General Holding Area (18.4).
    Pool,
    /// Permanently eliminated before play.
    Eliminated,
    /// Not in play: only an event brings it (2.31, 16.4).
    Reserve,
}

#[derive(Clone, Debug, Deserialize)]
struct UnitLine {
    t: String,
    at: At,
    #[serde(default)]
    reduced: bool,
    #[serde(default = "one")]
    n: u8,
}

fn one() -> u8 {
    1
}

#[derive(Clone, Debug, Deserialize)]
struct GenLine {
    g: String,
    at: At,
}

/// A set-up choice between spaces ("Brieg or Neisse", 22.2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Choice {
    pub side: Side,
    pub spaces: Vec<String>,
}

/// Which phase the scenario starts in (22.1 Mobilization, 22.2 War).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Start {
    Mobilization,
    War,
}

#[derive(Clone, Debug, Deserialize)]
struct ScenarioFile {
    /// Read by the scenario list (`engine::scenarios`); here only checked to parse.
    #[allow(dead_code)]
    meta: ScenarioMeta,
    start: Start,
    vp: i32,
    #[serde(default)]
    removed: Vec<CardId>,
    #[serde(default)]
    choices: Vec<Choice>,
    units: Vec<UnitLine>,
    generals: Vec<GenLine>,
}

/// One counter in play (one per set-up line and count).
#[derive(Clone, Debug, PartialEq)]
pub struct UnitDef {
    pub ty: usize,
    pub start: StartLoc,
    pub reduced: bool,
}

/// A start position resolved against the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StartLoc {
    Space(SpaceId),
    Choice(u8),
    CorpsSupport,
    Pool,
    Eliminated,
    Reserve,
}

/// The scenario compiled for play.
#[derive(Clone, Debug)]
pub struct StRules {
    pub meta: ScenarioMeta,
    pub map: StruggleMap,
    pub charts: Charts,
    pub cards: Cards,
    pub types: Vec<UnitType>,
    pub generals: Vec<GeneralDef>,
    pub units: Vec<UnitDef>,
    pub gen_start: Vec<StartLoc>,
    pub start: Start,
    pub vp: i32,
    pub removed: Vec<CardId>,
    pub choices: Vec<(Side, Vec<SpaceId>)>,
    pub options: Vec<String>,
}

impl StRules {
    pub fn ty(&self, u: UnitId) -> Option<&UnitType> {
        self.units
            .get(u as usize)
            .and_then(|d| self.types.get(d.ty))
    }
    pub fn side(&self, u: UnitId) -> Side {
        self.ty(u).map(|t| t.nation.side()).unwrap_or(Side::Austria)
    }
    pub fn echelon(&self, u: UnitId) -> Echelon {
        self.ty(u).map(|t| t.echelon).unwrap_or(Echelon::IB)
    }
    pub fn unit_name(&self, u: UnitId) -> String {
        self.ty(u).map(|t| t.name.clone()).unwrap_or_default()
    }
    pub fn general(&self, g: GenId) -> Option<&GeneralDef> {
        self.generals.get(g as usize)
    }
    pub fn gen_name(&self, g: GenId) -> String {
        self.general(g).map(|d| d.name.clone()).unwrap_or_default()
    }
    pub fn gen_side(&self, g: GenId) -> Side {
        self.general(g).map(|d| d.side()).unwrap_or(Side::Austria)
    }
    pub fn space_name(&self, s: SpaceId) -> String {
        self.map
            .spaces
            .get(s)
            .map(|x| x.name.clone())
            .unwrap_or_else(|| format!("space {s}"))
    }
    pub fn card_ops(&self, c: CardId) -> u8 {
        self.cards.get(c).map(|c| c.ops).unwrap_or(0)
    }
    pub fn card_title(&self, c: CardId) -> String {
        self.cards
            .get(c)
            .map(|c| c.title.clone())
            .unwrap_or_else(|| format!("card {c}"))
    }
    pub fn unit_by_type(&self, id: &str) -> Vec<UnitId> {
        self.units
            .iter()
            .enumerate()
            .filter(|(_, d)| self.types.get(d.ty).is_some_and(|t| t.id == id))
            .map(|(i, _)| i as UnitId)
            .collect()
    }
    pub fn general_by_id(&self, id: &str) -> Option<GenId> {
        self.generals
            .iter()
            .position(|g| g.id == id)
            .map(|g| g as GenId)
    }
    /// The cards of one deck (cards 1-27 Mobilization, 28-55 War by the card data).
    pub fn deck(&self, deck: Deck) -> Vec<CardId> {
        self.cards
            .cards
            .iter()
            .filter(|c| c.deck == deck)
            .map(|c| c.id)
            .collect()
    }
}

pub const OOB_FILE: &str = "maps/struggle-oob.ron";

pub fn load_oob() -> Result<(Vec<UnitType>, Vec<GeneralDef>), String> {
    let text = crate::engine::scenarios::embedded_file(OOB_FILE)
        .ok_or_else(|| format!("{OOB_FILE} is not embedded"))?;
    let f: OobFile = ron::de::from_str(text)
        .map_err(|e| crate::engine::save::describe_ron_error(OOB_FILE, &e))?;
    Ok((f.types, f.generals))
}

pub fn load_rules(src: &ScenarioSource, variants: &[String]) -> Result<Arc<StRules>, String> {
    let f: ScenarioFile = ron::de::from_str(&src.text)
        .map_err(|e| crate::engine::save::describe_ron_error(&src.name, &e))?;
    let map = StruggleMap::load_default()?;
    let charts = Charts::load_default()?;
    let cards = Cards::load_default()?;
    let (types, generals) = load_oob()?;
    let name = &src.name;
    let choices: Vec<(Side, Vec<SpaceId>)> = f
        .choices
        .iter()
        .map(|c| {
            let sp = c
                .spaces
                .iter()
                .map(|s| {
                    map.space(s)
                        .ok_or_else(|| format!("{name}: no space '{s}' on the map"))
                })
                .collect::<Result<Vec<_>, _>>()?;
            if sp.is_empty() {
                return Err(format!("{name}: an empty set-up choice"));
            }
            Ok((c.side, sp))
        })
        .collect::<Result<_, String>>()?;
    let resolve = |at: &At| -> Result<StartLoc, String> {
        Ok(match at {
            At::Space(s) => StartLoc::Space(
                map.space(s)
                    .ok_or_else(|| format!("{name}: no space '{s}' on the map"))?,
            ),
            At::Choice(n) => {
                if (*n as usize) >= choices.len() {
                    return Err(format!("{name}: no set-up choice {n}"));
                }
                StartLoc::Choice(*n)
            }
            At::CorpsSupport => StartLoc::CorpsSupport,
            At::Pool => StartLoc::Pool,
            At::Eliminated => StartLoc::Eliminated,
            At::Reserve => StartLoc::Reserve,
        })
    };
    let mut units = Vec::new();
    for l in &f.units {
        let ty = types
            .iter()
            .position(|t| t.id == l.t)
            .ok_or_else(|| format!("{name}: no unit type '{}'", l.t))?;
        let start = resolve(&l.at)?;
        if start == StartLoc::Pool {
            return Err(format!("{name}: units have no General Holding Area"));
        }
        for _ in 0..l.n {
            units.push(UnitDef {
                ty,
                start,
                reduced: l.reduced,
            });
        }
    }
    if units.len() > u16::MAX as usize / 2 {
        return Err(format!("{name}: too many units"));
    }
    let mut gen_start = vec![StartLoc::Reserve; generals.len()];
    let mut seen = vec![false; generals.len()];
    for l in &f.generals {
        let g = generals
            .iter()
            .position(|g| g.id == l.g)
            .ok_or_else(|| format!("{name}: no general '{}'", l.g))?;
        if seen[g] {
            return Err(format!("{name}: general '{}' set up twice", l.g));
        }
        seen[g] = true;
        let at = resolve(&l.at)?;
        if at == StartLoc::CorpsSupport {
            return Err(format!("{name}: a general in the Corps Support Box"));
        }
        gen_start[g] = at;
    }
    for c in &f.removed {
        if cards.get(*c).is_none() {
            return Err(format!("{name}: no card #{c} to remove"));
        }
    }
    if generals.len() > 200 {
        return Err(format!("{name}: too many generals"));
    }
    Ok(Arc::new(StRules {
        meta: src.meta.clone(),
        map,
        charts,
        cards,
        types,
        generals,
        units,
        gen_start,
        start: f.start,
        vp: f.vp,
        removed: f.removed,
        choices,
        options: variants.to_vec(),
    }))
}
