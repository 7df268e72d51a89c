//! Trautenau – Soor scenario files (RON) and the compiled, read-only rules data.
//! The map lives in its own file under `scenarios/maps/` because all three scenarios
//! share it; a scenario names it in `map`.

pub use crate::engine::hexmap::Dir;
use crate::engine::hexmap::{Coord, HexMap, HexMapDef};
use crate::engine::scenarios::ScenarioMeta;
pub use crate::engine::side::Side;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// 1.2.3: the arms of the combat units. Light infantry (jäger, horn symbol) is infantry
/// with its own stacking, terrain and combat cases.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Arm {
    Infantry,
    Light,
    Cavalry,
    Artillery,
}

impl Arm {
    pub fn is_infantry(self) -> bool {
        matches!(self, Arm::Infantry | Arm::Light)
    }
}

/// When and where a piece enters as a reinforcement (9.4, 11.3, 12.3, 13.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Arrival {
    /// Clock hour of the turn (9 = the 09.00 turn).
    pub hour: u8,
    pub hex: Coord,
    /// Day of a linked game (1 or 2); 1 in single battles.
    #[serde(default = "one")]
    pub day: u8,
}

fn one() -> u8 {
    1
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct UnitDef {
    pub id: String,
    pub name: String,
    pub side: Side,
    /// Formation id (its activation marker); independent units name their side's
    /// independent formation.
    pub formation: String,
    pub arm: Arm,
    /// Heavy cavalry (star next to the combat value, 1.2.3).
    #[serde(default)]
    pub heavy: bool,
    /// Prussian Guard (2, combat table).
    #[serde(default)]
    pub guard: bool,
    pub combat: u8,
    /// Morale, also the number of step losses the unit can take (1.2.3, 9.5.10).
    pub morale: u8,
    pub movement: u8,
    /// Artillery range in hexes (1.2.3).
    #[serde(default)]
    pub range: u8,
    #[serde(default)]
    pub start: Option<Coord>,
    /// Facing at set-up (4). The scenario texts give none; ours are reconstructed.
    #[serde(default = "north")]
    pub facing: Dir,
    /// Step losses at set-up (12.2: "1 perte").
    #[serde(default)]
    pub losses: u8,
    #[serde(default)]
    pub arrival: Option<Arrival>,
    /// Arrival instead of `arrival` when this scenario option is chosen (13.1).
    #[serde(default)]
    pub variant_arrival: Option<(String, Arrival)>,
    #[serde(default)]
    pub note: String,
}

fn north() -> Dir {
    Dir::N
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LeaderKind {
    /// 1.2.1: reaction and initiative values.
    Chief { reaction: u8, initiative: u8 },
    /// 1.2.2: command value and combat bonus; commands `formation`.
    Formation {
        formation: String,
        command: u8,
        bonus: u8,
    },
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LeaderDef {
    pub id: String,
    pub name: String,
    pub side: Side,
    pub kind: LeaderKind,
    /// Movement and command distance in cavalry MP (1.2.1, 7.1: 6).
    #[serde(default = "six")]
    pub movement: u8,
    #[serde(default)]
    pub start: Option<Coord>,
    #[serde(default)]
    pub arrival: Option<Arrival>,
    /// Arrival instead of `arrival` when this scenario option is chosen (13.1).
    #[serde(default)]
    pub variant_arrival: Option<(String, Arrival)>,
}

fn six() -> u8 {
    6
}

/// A formation: the units that share an activation marker (1.2.4), with its
/// demoralisation threshold (10.2, 11.1.2, 12.1.2).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FormationDef {
    pub id: String,
    pub name: String,
    pub side: Side,
    /// The commander in chief this formation answers to (7.2, 9.1.4).
    pub chief: String,
    /// Independent units of a corps (1.2.3, 9.1.3): no marker, never demoralised.
    #[serde(default)]
    pub independent: bool,
    /// Step total, threshold and VP of the demoralisation table.
    pub steps: u8,
    pub demo: u8,
    pub vp: u8,
    /// The marker goes into the cup only from this hour (12.1.4).
    #[serde(default)]
    pub marker_from: Option<u8>,
    /// Formation that may not be activated before this hour unless attacked (11.1.5);
    /// `except` lists units free of the restriction.
    #[serde(default)]
    pub inactive_until: Option<u8>,
    #[serde(default)]
    pub inactive_except: Vec<String>,
    /// Demoralised already at the start (linked game, 13.4).
    #[serde(default)]
    pub demoralised: bool,
    /// Commander in chief instead of `chief` when this scenario option is chosen (13.1:
    /// the 1st Guards Division under Bonin).
    #[serde(default)]
    pub variant_chief: Option<(String, String)>,
}

/// A map edge or hex list a side retreats toward and traces to, from an hour on
/// (11.1.3, 12.1.3).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RetreatLine {
    pub side: Side,
    #[serde(default)]
    pub from_hour: u8,
    #[serde(default = "late")]
    pub to_hour: u8,
    pub hexes: Vec<Coord>,
}

fn late() -> u8 {
    99
}

/// A place worth VP (11.4.1, 12.4.1, 13.4).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Location {
    pub name: String,
    pub hexes: Vec<Coord>,
    pub vp: u8,
    /// Trautenau: no VP while an enemy occupies any of these hexes (11.4.1 note).
    #[serde(default)]
    pub void_if_enemy_in: Vec<Coord>,
}

/// How a scenario scores (11.4, 12.4).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Victory {
    /// 11.4: locations at the end, evacuation by `exit` while `road` is free of enemy
    /// ZoC, losses, demoralisation, prisoners; Bonin's panic from `panic_from`.
    Trautenau {
        locations: Vec<Location>,
        evacuation_needs: Vec<Coord>,
        exit: Coord,
        road: Vec<Coord>,
        panic_from: u8,
    },
    /// 12.4: Austrian VP for holding `hold` (2 all / 1 some) and `bonus` (+2) at the end
    /// of the `check_hour` turn; Austrian evacuation from `evacuate_from` by `exits`.
    Soor {
        check_hour: u8,
        hold: Vec<Location>,
        bonus: Location,
        evacuate_from: u8,
        exits: Vec<Coord>,
    },
}

/// Chapter 13: the second day of the linked game. Hours are clock hours of day 2.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LinkedDay {
    pub start_hour: u8,
    pub end_hour: u8,
    #[serde(default)]
    pub night_hours: Vec<u8>,
    /// Lines of retreat on day 2 (12.1.3).
    pub retreat_lines: Vec<RetreatLine>,
    /// Day-2 scoring while the Austrian IV Corps has not entered (13.4: as Soor).
    pub victory: Victory,
    /// 13.4: locations scored at the end instead, once the IV Corps has entered, as
    /// (location, VP if the Prussian I Corps fled on day 1 and never came back).
    pub iv_locations: Vec<(Location, u8)>,
    /// 13.3.1: IV Corps brigades (formation ids) in entry order, one per turn from the
    /// turn a d6 shows `iv_roll`, rolled in the turns `iv_hours`.
    pub iv_corps: Vec<String>,
    /// The IV Corps independent units enter on the turn of the last brigade.
    pub iv_independent: String,
    pub iv_entry: Coord,
    pub iv_hours: (u8, u8),
    #[serde(default = "one")]
    pub iv_roll: u8,
    /// Austrian line of retreat once the IV Corps has entered (13.3.2).
    pub iv_retreat: Vec<Coord>,
    /// 13.3.2: Prussian I Corps divisions (formation ids) in return order after a panic,
    /// by `return_entry`, one per turn from a d6 >= `return_roll`, rolled from the turn
    /// after the IV Corps enters until `return_until`.
    pub return_divisions: Vec<String>,
    pub return_entry: Coord,
    pub return_roll: u8,
    pub return_until: u8,
}

/// Options a player picks before a game (13.1 Guard division).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Variant {
    pub id: String,
    pub name: String,
    pub description: String,
    /// Units/leaders/formations that only enter with this option.
    #[serde(default)]
    pub adds: Vec<String>,
}

/// A choice one side makes during play, at the start of a given turn (13.1: the Prussian
/// player decides at 13.00 of the first day whether the 1st Guards Division comes).
/// Pieces and formations name it in `variant_arrival` / `variant_chief` as they would a
/// variant; they change when the side says yes.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Decision {
    pub id: String,
    pub name: String,
    pub description: String,
    pub side: Side,
    #[serde(default = "one")]
    pub day: u8,
    pub hour: u8,
    /// The case the decision comes from (cited by the log and refusals).
    pub rule: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TsScenarioFile {
    pub meta: ScenarioMeta,
    /// Name of the map file under `scenarios/maps/` (without `.ron`).
    pub map: String,
    pub start_hour: u8,
    pub end_hour: u8,
    /// Night turns (1.1, dark blue on the track).
    #[serde(default)]
    pub night_hours: Vec<u8>,
    pub formations: Vec<FormationDef>,
    pub leaders: Vec<LeaderDef>,
    pub units: Vec<UnitDef>,
    pub retreat_lines: Vec<RetreatLine>,
    pub victory: Victory,
    /// Units always in command up to this hour (11.1.4).
    #[serde(default)]
    pub always_in_command: Vec<(String, u8)>,
    /// Side winning initiative ties (8; 11.1.5 gives Austria).
    #[serde(default = "prussia")]
    pub initiative_ties: Side,
    /// Hexes a side may not enter until an hour (12.1.5), as (side, until_hour, hexes).
    #[serde(default)]
    pub forbidden: Vec<(Side, u8, Vec<Coord>)>,
    #[serde(default)]
    pub variants: Vec<Variant>,
    /// Choices made during play (13.1).
    #[serde(default)]
    pub decisions: Vec<Decision>,
    /// The linked game's second day (13).
    #[serde(default)]
    pub day2: Option<LinkedDay>,
}

fn prussia() -> Side {
    Side::Prussia
}

/// The map file format.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TsMapFile {
    pub name: String,
    pub board: HexMapDef,
}

/// Everything the rules read but never change.
#[derive(Clone, Debug)]
pub struct TsRules {
    pub meta: ScenarioMeta,
    pub map: HexMap,
    pub start_hour: u8,
    pub end_hour: u8,
    pub night_hours: Vec<u8>,
    pub formations: Vec<FormationDef>,
    pub leaders: Vec<LeaderDef>,
    pub units: Vec<UnitDef>,
    /// Formation index of each unit.
    pub unit_formation: Vec<usize>,
    /// Commander-in-chief leader index of each formation (None if not in the scenario).
    pub formation_chief: Vec<Option<usize>>,
    /// Formation commander leader index of each formation.
    pub formation_leader: Vec<Option<usize>>,
    pub retreat_lines: Vec<RetreatLine>,
    pub victory: Victory,
    pub always_in_command: Vec<(usize, u8)>,
    pub initiative_ties: Side,
    pub forbidden: Vec<(Side, u8, Vec<Coord>)>,
    pub variants: Vec<Variant>,
    /// Choices made during play (13.1).
    pub decisions: Vec<Decision>,
    /// Ids of pieces left out because their variant was not chosen.
    pub absent: BTreeSet<String>,
    /// The linked game's second day (13).
    pub day2: Option<LinkedDay>,
    /// Scenario options chosen.
    pub chosen: Vec<String>,
}

impl TsRules {
    /// Parses and checks a scenario; `variants` picks options by id.
    pub fn from_text(name: &str, text: &str, variants: &[String]) -> Result<Self, String> {
        let file: TsScenarioFile = ron::de::from_str(text)
            .map_err(|e| crate::engine::save::describe_ron_error(name, &e))?;
        let map_name = format!("maps/{}.ron", file.map);
        let map_text = crate::engine::scenarios::embedded_file(&map_name)
            .ok_or_else(|| format!("{name}: map '{}' not found in scenarios/maps/", file.map))?;
        let map_file: TsMapFile = ron::de::from_str(map_text)
            .map_err(|e| crate::engine::save::describe_ron_error(&map_name, &e))?;
        let map = HexMap::from_def(&map_file.board).map_err(|e| format!("{map_name}: {e}"))?;
        Self::from_file(file, map, variants).map_err(|e| match locate(text, &e) {
            Some(line) => format!("{name}: line {line}: {e}"),
            None => format!("{name}: {e}"),
        })
    }

    pub fn from_file(
        file: TsScenarioFile,
        map: HexMap,
        variants: &[String],
    ) -> Result<Self, String> {
        super::validate::check(&file, &map, variants)?;
        let mut file = file;
        // 13.1: an option may change when a piece arrives and whom a formation obeys.
        for u in &mut file.units {
            if let Some((v, a)) = &u.variant_arrival
                && variants.contains(v)
            {
                u.arrival = Some(a.clone());
            }
        }
        for l in &mut file.leaders {
            if let Some((v, a)) = &l.variant_arrival
                && variants.contains(v)
            {
                l.arrival = Some(a.clone());
            }
        }
        for f in &mut file.formations {
            if let Some((v, c)) = &f.variant_chief
                && variants.contains(v)
            {
                f.chief = c.clone();
            }
        }
        let mut absent = BTreeSet::new();
        for v in &file.variants {
            if !variants.contains(&v.id) {
                absent.extend(v.adds.iter().cloned());
            }
        }
        let unit_formation = file
            .units
            .iter()
            .map(|u| {
                file.formations
                    .iter()
                    .position(|f| f.id == u.formation)
                    .unwrap_or(0)
            })
            .collect();
        let formation_chief = file
            .formations
            .iter()
            .map(|f| file.leaders.iter().position(|l| l.id == f.chief))
            .collect();
        let formation_leader = file
            .formations
            .iter()
            .map(|f| {
                file.leaders.iter().position(|l| {
                    matches!(&l.kind, LeaderKind::Formation { formation, .. } if *formation == f.id)
                })
            })
            .collect();
        let always_in_command = file
            .always_in_command
            .iter()
            .filter_map(|(id, h)| file.units.iter().position(|u| &u.id == id).map(|i| (i, *h)))
            .collect();
        Ok(Self {
            meta: file.meta,
            map,
            start_hour: file.start_hour,
            end_hour: file.end_hour,
            night_hours: file.night_hours,
            formations: file.formations,
            leaders: file.leaders,
            units: file.units,
            unit_formation,
            formation_chief,
            formation_leader,
            retreat_lines: file.retreat_lines,
            victory: file.victory,
            always_in_command,
            initiative_ties: file.initiative_ties,
            forbidden: file.forbidden,
            variants: file.variants,
            decisions: file.decisions,
            absent,
            day2: file.day2,
            chosen: variants.to_vec(),
        })
    }

    pub fn is_night(&self, hour: u8) -> bool {
        self.night_hours.contains(&hour)
    }

    /// The hexes `side` retreats toward and traces to at `hour` (hours of the second day
    /// of a linked game count from 24: 32 is 08.00 on day 2).
    /// From 48 on, the IV Corps has entered: the Austrian line is `iv_retreat` (13.3.2).
    pub fn retreat_hexes(&self, side: Side, hour: u8) -> Vec<Coord> {
        if let Some(d) = &self.day2
            && hour >= 48
            && side == Side::Austria
            && !d.iv_retreat.is_empty()
        {
            let mut v = d.iv_retreat.clone();
            v.sort();
            v.dedup();
            return v;
        }
        let (lines, hour) = match &self.day2 {
            Some(d) if hour >= 48 => (&d.retreat_lines, hour - 48),
            Some(d) if hour >= 24 => (&d.retreat_lines, hour - 24),
            _ => (&self.retreat_lines, hour),
        };
        let mut v: Vec<Coord> = lines
            .iter()
            .filter(|r| r.side == side && hour >= r.from_hour && hour <= r.to_hour)
            .flat_map(|r| r.hexes.iter().copied())
            .collect();
        v.sort();
        v.dedup();
        v
    }

    pub fn formation(&self, id: &str) -> Option<usize> {
        self.formations.iter().position(|f| f.id == id)
    }
}

/// The line of `text` that a check's message points at: the first 'quoted' name in the
/// message, looked up as a quoted string in the file.
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
