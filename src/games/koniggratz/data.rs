//! Königgrätz scenario files (RON) and the compiled, read-only rules data.

use crate::engine::board::{Board, BoardDef};
use crate::engine::hexmap::{Coord, HexMap, SideKind, Terrain};
use crate::engine::scenarios::ScenarioMeta;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

pub use crate::engine::side::Side;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Kind {
    Infantry,
    Cavalry,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Entry {
    pub turn: u8,
    pub hex: char,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct UnitDef {
    pub id: String,
    pub name: String,
    pub side: Side,
    pub army: String,
    pub kind: Kind,
    #[serde(default)]
    pub er: u8,
    /// Set-up hex (8.0); None for reinforcements.
    #[serde(default)]
    pub start: Option<Coord>,
    #[serde(default)]
    pub start_march: bool,
    /// Turn and entry-hex letter printed on the counter (4.2a).
    #[serde(default)]
    pub entry: Option<Entry>,
    #[serde(default)]
    pub note: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct HqDef {
    pub id: String,
    pub name: String,
    pub side: Side,
    /// Armies whose units this HQ commands (3.2.1: same colour band).
    pub armies: Vec<String>,
    pub range_normal: u32,
    pub range_battle: u32,
    /// DRM given in Battle mode (4.3e).
    pub er: u8,
    /// Placement radius from a friendly unit (4.0b: 3, 5 for Benedek).
    pub placement_radius: u32,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ArmyDef {
    pub id: String,
    pub name: String,
    pub side: Side,
    pub colour: (u8, u8, u8),
    /// Turn on which a Prussian army arrives (6.1: +2 AP); 0 = on the map at start.
    #[serde(default)]
    pub arrives: u8,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct KgOptions {
    pub austrian_ap: u8,
    pub prussian_ap: u8,
    pub turns: u8,
    /// From this turn on Prussia wins tied artillery duels (4.3c).
    pub duel_tie_flip_turn: u8,
    pub army_arrival_ap: u8,
    /// From this turn on Blown results are Eliminated (4.3.3).
    pub blown_is_elim_from: u8,
}

impl Default for KgOptions {
    fn default() -> Self {
        Self {
            austrian_ap: 18,
            prussian_ap: 12,
            turns: 7,
            duel_tie_flip_turn: 5,
            army_arrival_ap: 2,
            blown_is_elim_from: 6,
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Variant {
    pub id: String,
    pub name: String,
    pub description: String,
    #[serde(default)]
    pub austrian_ap: Option<u8>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct KgScenarioFile {
    pub meta: ScenarioMeta,
    pub board: BoardDef,
    pub entry_hexes: Vec<(char, Coord)>,
    pub armies: Vec<ArmyDef>,
    pub hqs: Vec<HqDef>,
    pub units: Vec<UnitDef>,
    #[serde(default)]
    pub options: KgOptions,
    #[serde(default)]
    pub variants: Vec<Variant>,
    /// Starting turn (tutorial set-ups start later in the day).
    #[serde(default = "one")]
    pub start_turn: u8,
    /// Tutorial/test set-ups: HQs already placed at start.
    #[serde(default)]
    pub hq_start: Vec<(String, Coord, bool)>,
}

fn one() -> u8 {
    1
}

/// Everything the rules read but never change.
#[derive(Clone, Debug)]
pub struct KgRules {
    pub meta: ScenarioMeta,
    pub map: HexMap,
    pub entry_hexes: Vec<(char, Coord)>,
    pub armies: Vec<ArmyDef>,
    pub hqs: Vec<HqDef>,
    pub units: Vec<UnitDef>,
    /// HQ index commanding each unit.
    pub unit_hq: Vec<Option<usize>>,
    pub options: KgOptions,
    pub variants: Vec<Variant>,
    pub start_turn: u8,
    pub hq_start: Vec<(usize, Coord, bool)>,
}

impl KgRules {
    /// Parses and checks a scenario; `variants` picks scenario options by id.
    pub fn from_text(name: &str, text: &str, variants: &[String]) -> Result<Self, String> {
        let file: KgScenarioFile = ron::de::from_str(text)
            .map_err(|e| crate::engine::save::describe_ron_error(name, &e))?;
        Self::from_file(file, variants).map_err(|e| match locate(text, &e) {
            Some(line) => format!("{name}: line {line}: {e}"),
            None => format!("{name}: {e}"),
        })
    }

    pub fn from_file(file: KgScenarioFile, variants: &[String]) -> Result<Self, String> {
        let mut map = match Board::from_def(&file.board)? {
            Board::Hex(m) => m,
            Board::Graph(_) => return Err("Königgrätz is played on a hex map".into()),
        };
        // The Königgrätz chart knows clear, woods, towns and three kinds of water.
        for c in map.coords() {
            if matches!(map.terrain(c), Terrain::Village | Terrain::Marsh) {
                return Err(format!(
                    "hex {c} has terrain {:?}, which the Königgrätz terrain chart does not have",
                    map.terrain(c)
                ));
            }
        }
        if let Some((s, f)) = map.sides().find(|(_, f)| {
            !matches!(
                f.kind,
                SideKind::Swamp | SideKind::MinorRiver | SideKind::MajorRiver
            )
        }) {
            return Err(format!(
                "hexside {}/{} is a {:?}, which the Königgrätz terrain chart does not have",
                s.0, s.1, f.kind
            ));
        }
        if map.has_relief() {
            return Err("Königgrätz maps have no elevation levels".into());
        }
        let mut options = file.options.clone();
        for v in variants {
            let var = file
                .variants
                .iter()
                .find(|x| &x.id == v)
                .ok_or_else(|| format!("unknown scenario option '{v}'"))?;
            if let Some(ap) = var.austrian_ap {
                options.austrian_ap = ap;
            }
        }
        if options.turns == 0 || options.turns > 50 {
            return Err(format!("turns = {} is out of range", options.turns));
        }
        if file.units.len() > u16::MAX as usize / 2 || file.hqs.len() > 32 {
            return Err("too many units or HQs".into());
        }
        let mut ids = BTreeSet::new();
        let mut starts = BTreeSet::new();
        let mut unit_hq = Vec::new();
        for u in &file.units {
            if !ids.insert(u.id.clone()) {
                return Err(format!("unit id '{}' is used twice", u.id));
            }
            if !file
                .armies
                .iter()
                .any(|a| a.id == u.army && a.side == u.side)
            {
                return Err(format!(
                    "unit '{}' names army '{}', which is not an army of {}",
                    u.id,
                    u.army,
                    u.side.name()
                ));
            }
            match (&u.start, &u.entry) {
                (Some(c), _) => {
                    if !map.contains(*c) {
                        return Err(format!(
                            "unit '{}' starts at {c}, which is off the map",
                            u.id
                        ));
                    }
                    if !starts.insert(*c) {
                        return Err(format!(
                            "unit '{}' starts at {c}, where another unit already stands (3.10: no stacking)",
                            u.id
                        ));
                    }
                }
                (None, Some(e)) => {
                    if !file.entry_hexes.iter().any(|(l, _)| *l == e.hex) {
                        return Err(format!(
                            "unit '{}' enters at hex '{}', which is not an entry hex",
                            u.id, e.hex
                        ));
                    }
                }
                (None, None) => {
                    return Err(format!(
                        "unit '{}' has neither a set-up hex nor an entry",
                        u.id
                    ));
                }
            }
            if u.er > 5 {
                return Err(format!(
                    "unit '{}' has an ER of {}, more than 5 stars",
                    u.id, u.er
                ));
            }
            unit_hq.push(file.hqs.iter().position(|h| h.armies.contains(&u.army)));
        }
        for h in &file.hqs {
            if h.range_normal > 100 || h.range_battle > 100 || h.placement_radius > 50 || h.er > 5 {
                return Err(format!(
                    "HQ '{}' has a range, placement radius or rating out of bounds",
                    h.id
                ));
            }
        }
        for (l, c) in &file.entry_hexes {
            if !map.contains(*c) {
                return Err(format!("entry hex {l} ({c}) is off the map"));
            }
        }
        let mut hq_start = Vec::new();
        for (id, c, battle) in &file.hq_start {
            let i = file
                .hqs
                .iter()
                .position(|h| &h.id == id)
                .ok_or_else(|| format!("unknown HQ '{id}'"))?;
            if !map.contains(*c) {
                return Err(format!("HQ '{id}' starts off the map at {c}"));
            }
            hq_start.push((i, *c, *battle));
        }
        // 3.8: ZOI reach is fixed by the map's hexsides; compute it once.
        map.precompute_zone2(super::rules::blocks_zones);
        Ok(Self {
            meta: file.meta,
            map,
            entry_hexes: file.entry_hexes,
            armies: file.armies,
            hqs: file.hqs,
            units: file.units,
            unit_hq,
            options,
            variants: file.variants,
            start_turn: file.start_turn.max(1),
            hq_start,
        })
    }

    pub fn entry_hex(&self, letter: char) -> Option<Coord> {
        self.entry_hexes
            .iter()
            .find(|(l, _)| *l == letter)
            .map(|(_, c)| *c)
    }

    pub fn army(&self, id: &str) -> Option<&ArmyDef> {
        self.armies.iter().find(|a| a.id == id)
    }
}

/// The line of `text` that a check's message points at: the first 'quoted' name in the
/// message, else the first hex number, looked up as a quoted string in the file.
fn locate(text: &str, message: &str) -> Option<usize> {
    let quoted = message.split('\'').nth(1).filter(|t| !t.is_empty());
    let hex = message
        .split(|c: char| !c.is_ascii_digit())
        .find(|t| t.len() == 4);
    let needle = format!("\"{}\"", quoted.or(hex)?);
    text.lines()
        .position(|l| l.contains(&needle))
        .map(|i| i + 1)
}
