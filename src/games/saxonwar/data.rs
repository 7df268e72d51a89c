//! Great Saxon War 1756: scenario data. The area map and the leader table
//! (`scenarios/maps/saxonwar.ron`, RECONSTRUCTED, docs/games/saxonwar.md) and the two
//! scenarios (`saxonwar-1756`, `saxonwar-grand`), checked at load: bad data is refused
//! with a reason, never half loaded.

use crate::engine::graph::{PointLink, PointMap, PointNode};
use crate::engine::scenarios::{ScenarioMeta, ScenarioSource};
use crate::engine::side::Side;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

pub const MAP_FILE: &str = "maps/saxonwar.ron";

pub type AreaId = u8;
pub type LeaderId = u8;

/// The powers (allies.minor): Prussia and Hanover (the Anglo-Allies) against Austria,
/// Saxony, France, Russia, Sweden and the Empire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Power {
    Prussia,
    Hanover,
    Austria,
    Saxony,
    France,
    Russia,
    Sweden,
    Empire,
}

impl Power {
    pub const ALL: [Power; 8] = [
        Power::Prussia,
        Power::Hanover,
        Power::Austria,
        Power::Saxony,
        Power::France,
        Power::Russia,
        Power::Sweden,
        Power::Empire,
    ];
    pub fn idx(self) -> usize {
        self as usize
    }
    /// The player who commands the power (allies.minor).
    pub fn side(self) -> Side {
        match self {
            Power::Prussia | Power::Hanover => Side::Prussia,
            _ => Side::Austria,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Power::Prussia => "Prussia",
            Power::Hanover => "Hanover",
            Power::Austria => "Austria",
            Power::Saxony => "Saxony",
            Power::France => "France",
            Power::Russia => "Russia",
            Power::Sweden => "Sweden",
            Power::Empire => "the Empire",
        }
    }
    /// A major power (allies.cooperation): Prussia, Austria, France, Russia; Hanover is
    /// the Anglo-Allied army.
    pub fn major(self) -> bool {
        matches!(
            self,
            Power::Prussia | Power::Austria | Power::France | Power::Russia
        )
    }
}

/// Whose country an area is in (its sovereign in 1756; Poland is neutral).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Country {
    Prussia,
    Hanover,
    Austria,
    Saxony,
    France,
    Russia,
    Sweden,
    Empire,
    Poland,
}

impl Country {
    /// The power whose own country this is (None for Poland).
    pub fn power(self) -> Option<Power> {
        Some(match self {
            Country::Prussia => Power::Prussia,
            Country::Hanover => Power::Hanover,
            Country::Austria => Power::Austria,
            Country::Saxony => Power::Saxony,
            Country::France => Power::France,
            Country::Russia => Power::Russia,
            Country::Sweden => Power::Sweden,
            Country::Empire => Power::Empire,
            Country::Poland => return None,
        })
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FortressData {
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AreaData {
    pub id: String,
    pub name: String,
    pub country: Country,
    pub x: f32,
    pub y: f32,
    pub lon: f32,
    pub fortress: Option<FortressData>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LinkData {
    pub a: String,
    pub b: String,
    pub pass: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LeaderData {
    pub id: String,
    pub name: String,
    pub power: Power,
    /// Seniority, lowest first: RECONSTRUCTED (leaders.ratings lost item 1).
    pub rank: u8,
    pub siv: u8,
    pub aiv: u8,
    pub div: u8,
    pub year: u16,
    /// grand.redeploy: the power's "leader with all 0 values" (RECONSTRUCTED), given only
    /// to a power left without leaders when none is left to draw; never drawn at random.
    #[serde(default)]
    pub unnamed: bool,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MapFile {
    #[allow(dead_code)]
    name: String,
    areas: Vec<AreaData>,
    links: Vec<LinkData>,
    leaders: Vec<LeaderData>,
}

/// A power entering play in a year with its SPs and leaders (grand.start,
/// grand.diplomacy).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub power: Power,
    pub year: u16,
    pub sp: u16,
    pub leaders: Vec<String>,
}

/// grand.strengths: replacement points, the RP spent that brings the late army list
/// (0: none), the army maximum.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Replacements {
    pub power: Power,
    pub rp: u16,
    pub late: u16,
    pub max: u16,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioFile {
    meta: ScenarioMeta,
    start_year: u16,
    start_turn: u8,
    end_year: u16,
    open_countries: Vec<Country>,
    powers: Vec<Entry>,
    replacements: Vec<Replacements>,
    /// A lesson's steps (read by the tutorial, not by the rules).
    #[serde(default)]
    #[allow(dead_code)]
    lesson: serde::de::IgnoredAny,
}

/// The rules data of a scenario, compiled with the map.
#[derive(Clone, Debug)]
pub struct SxRules {
    pub meta: ScenarioMeta,
    pub areas: Vec<AreaData>,
    /// Links as (a, b, pass).
    pub links: Vec<(AreaId, AreaId, bool)>,
    /// For every area its neighbours with the link's pass flag.
    pub adj: Vec<Vec<(AreaId, bool)>>,
    pub leaders: Vec<LeaderData>,
    pub graph: PointMap,
    pub start_year: u16,
    pub start_turn: u8,
    pub end_year: u16,
    pub open_countries: Vec<Country>,
    pub entries: Vec<Entry>,
    /// Entry leaders as indices (parallel to `entries`).
    pub entry_leaders: Vec<Vec<LeaderId>>,
    pub replacements: Vec<Replacements>,
    /// The Russia box (russia.box).
    pub russia: AreaId,
    /// Magdeburg's longitude: Anglo-Allied forces may not go east of it.
    pub magdeburg_lon: f32,
}

impl SxRules {
    pub fn area_name(&self, a: AreaId) -> &str {
        self.areas.get(a as usize).map_or("?", |x| x.name.as_str())
    }
    pub fn leader_name(&self, l: LeaderId) -> &str {
        self.leaders
            .get(l as usize)
            .map_or("?", |x| x.name.as_str())
    }
    pub fn has_fortress(&self, a: AreaId) -> bool {
        self.areas
            .get(a as usize)
            .is_some_and(|x| x.fortress.is_some())
    }
    pub fn fortress_name(&self, a: AreaId) -> &str {
        self.areas
            .get(a as usize)
            .and_then(|x| x.fortress.as_ref())
            .map_or("?", |f| f.name.as_str())
    }
    pub fn neighbours(&self, a: AreaId) -> &[(AreaId, bool)] {
        self.adj.get(a as usize).map_or(&[], |v| v.as_slice())
    }
    pub fn adjacent(&self, a: AreaId, b: AreaId) -> Option<bool> {
        self.neighbours(a)
            .iter()
            .find(|(n, _)| *n == b)
            .map(|(_, p)| *p)
    }
    pub fn country(&self, a: AreaId) -> Option<Country> {
        self.areas.get(a as usize).map(|x| x.country)
    }
    pub fn replacements(&self, p: Power) -> Option<&Replacements> {
        self.replacements.iter().find(|r| r.power == p)
    }
    pub fn area(&self, id: &str) -> Option<AreaId> {
        self.areas
            .iter()
            .position(|a| a.id == id || a.name == id)
            .map(|i| i as AreaId)
    }
    pub fn leader(&self, id: &str) -> Option<LeaderId> {
        self.leaders
            .iter()
            .position(|a| a.id == id)
            .map(|i| i as LeaderId)
    }
}

fn load_map() -> Result<MapFile, String> {
    let text = crate::engine::scenarios::embedded_file(MAP_FILE)
        .ok_or_else(|| format!("{MAP_FILE} is not embedded"))?;
    ron::de::from_str(text).map_err(|e| crate::engine::save::describe_ron_error(MAP_FILE, &e))
}

pub fn load_rules(src: &ScenarioSource, _variants: &[String]) -> Result<Arc<SxRules>, String> {
    let f: ScenarioFile = ron::de::from_str(&src.text)
        .map_err(|e| crate::engine::save::describe_ron_error(&src.name, &e))?;
    let m = load_map()?;
    compile(&src.name, f, m).map(Arc::new)
}

fn compile(name: &str, f: ScenarioFile, m: MapFile) -> Result<SxRules, String> {
    let err = |s: String| format!("{name}: {s}");
    if m.areas.is_empty() || m.areas.len() > 200 {
        return Err(err(format!(
            "{MAP_FILE}: {} areas (1 to 200 allowed)",
            m.areas.len()
        )));
    }
    if m.leaders.len() > 200 {
        return Err(err(format!("{MAP_FILE}: too many leaders")));
    }
    let nodes: Vec<PointNode> = m
        .areas
        .iter()
        .map(|a| PointNode {
            id: a.id.clone(),
            name: a.name.clone(),
            x: a.x,
            y: a.y,
        })
        .collect();
    let mut links = Vec::new();
    let mut plinks = Vec::new();
    for l in &m.links {
        let find = |s: &str| {
            m.areas
                .iter()
                .position(|a| a.id == s)
                .ok_or_else(|| err(format!("{MAP_FILE}: a link names the unknown area '{s}'")))
        };
        let (a, b) = (find(&l.a)?, find(&l.b)?);
        plinks.push(PointLink { a, b });
        links.push((a as AreaId, b as AreaId, l.pass));
    }
    let graph = PointMap::new(nodes, plinks).map_err(|e| err(format!("{MAP_FILE}: {e}")))?;
    if !graph.is_connected() {
        return Err(err(format!("{MAP_FILE}: the areas are not all connected")));
    }
    let mut adj = vec![Vec::new(); m.areas.len()];
    for &(a, b, p) in &links {
        adj[a as usize].push((b, p));
        adj[b as usize].push((a, p));
    }
    for l in &m.leaders {
        if l.siv > 6 || l.aiv > 9 || l.div > 9 || l.rank == 0 {
            return Err(err(format!(
                "{MAP_FILE}: leader '{}' has ratings out of range",
                l.id
            )));
        }
    }
    for (i, l) in m.leaders.iter().enumerate() {
        if m.leaders[..i].iter().any(|o| o.id == l.id) {
            return Err(err(format!("{MAP_FILE}: leader id '{}' twice", l.id)));
        }
        if m.leaders[..i]
            .iter()
            .any(|o| o.power == l.power && o.rank == l.rank)
        {
            return Err(err(format!(
                "{MAP_FILE}: two leaders of {} with rank {}",
                l.power.name(),
                l.rank
            )));
        }
    }
    let russia = m
        .areas
        .iter()
        .position(|a| a.id == "russia")
        .ok_or_else(|| err(format!("{MAP_FILE}: no Russia box (area 'russia')")))?
        as AreaId;
    let magdeburg_lon = m
        .areas
        .iter()
        .find(|a| a.id == "magdeburg")
        .map(|a| a.lon)
        .ok_or_else(|| err(format!("{MAP_FILE}: no area 'magdeburg'")))?;
    if !(1..=18).contains(&f.start_turn) {
        return Err(err(format!(
            "start_turn {} is not a turn 1-18",
            f.start_turn
        )));
    }
    if f.end_year < f.start_year || f.end_year > f.start_year + 10 {
        return Err(err(format!(
            "end_year {} is not within ten years after start_year {}",
            f.end_year, f.start_year
        )));
    }
    let mut entry_leaders = Vec::new();
    let mut seen: Vec<LeaderId> = Vec::new();
    for e in &f.powers {
        if e.year < f.start_year || e.year > f.end_year {
            return Err(err(format!(
                "{} enters in {}, outside the scenario's years",
                e.power.name(),
                e.year
            )));
        }
        if e.sp > 200 {
            return Err(err(format!("{} enters with {} SP", e.power.name(), e.sp)));
        }
        let mut ls = Vec::new();
        for id in &e.leaders {
            let Some(i) = m.leaders.iter().position(|l| &l.id == id) else {
                return Err(err(format!("unknown leader '{id}'")));
            };
            if m.leaders[i].power != e.power {
                return Err(err(format!(
                    "leader '{id}' is of {}, not {}",
                    m.leaders[i].power.name(),
                    e.power.name()
                )));
            }
            if seen.contains(&(i as LeaderId)) {
                return Err(err(format!("leader '{id}' enters twice")));
            }
            seen.push(i as LeaderId);
            ls.push(i as LeaderId);
        }
        entry_leaders.push(ls);
    }
    if !f
        .powers
        .iter()
        .any(|e| e.year == f.start_year && e.power.side() == Side::Prussia)
        || !f
            .powers
            .iter()
            .any(|e| e.year == f.start_year && e.power.side() == Side::Austria)
    {
        return Err(err(
            "both sides need a power active in the first year".into()
        ));
    }
    for r in &f.replacements {
        if f.replacements.iter().filter(|o| o.power == r.power).count() > 1 {
            return Err(err(format!("replacements for {} twice", r.power.name())));
        }
    }
    Ok(SxRules {
        meta: f.meta,
        areas: m.areas,
        links,
        adj,
        leaders: m.leaders,
        graph,
        start_year: f.start_year,
        start_turn: f.start_turn,
        end_year: f.end_year,
        open_countries: f.open_countries,
        entries: f.powers,
        entry_leaders,
        replacements: f.replacements,
        russia,
        magdeburg_lon,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn src(id: &str) -> ScenarioSource {
        crate::engine::scenarios::find(id).expect("embedded")
    }

    #[test]
    fn both_scenarios_load() {
        for id in ["saxonwar-1756", "saxonwar-grand"] {
            let r = load_rules(&src(id), &[]).expect("loads");
            assert!(r.areas.len() > 40);
            assert_eq!(r.area_name(r.russia), "Russia");
        }
    }

    #[test]
    fn bad_data_is_refused_with_a_reason() {
        let s = src("saxonwar-1756");
        let bad = ScenarioSource {
            text: s.text.replace("\"frederick\"", "\"fritz\""),
            ..s.clone()
        };
        let e = load_rules(&bad, &[]).expect_err("refused");
        assert!(e.contains("unknown leader 'fritz'"), "{e}");
        let bad = ScenarioSource {
            text: s.text.replace("\"rutowsky\"", "\"browne\""),
            ..s.clone()
        };
        let e = load_rules(&bad, &[]).expect_err("refused");
        assert!(e.contains("is of Austria, not Saxony"), "{e}");
        let bad = ScenarioSource {
            text: s.text.replace("start_turn: 9", "start_turn: 19"),
            ..s
        };
        assert!(load_rules(&bad, &[]).is_err());
    }
}
