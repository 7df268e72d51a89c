//! The Sadowa Campaign: the charts and tables of the back page of the rules (2.3).
//!
//! RECONSTRUCTED: the rulebook refers to these charts but does not print them. The numbers
//! live in `scenarios/maps/sadowa-charts.ron` (embedded; editable); this module parses and
//! checks that file and answers every question the rules put to a chart with a pure
//! function. docs/games/sadowa-charts.md gives each table and the reasoning behind it.
//!
//! One source: the odds shown before a combat ([`Charts::crt_distribution`]) are counted
//! from the same cells the roll resolves on ([`Charts::crt`]).

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::engine::hexmap::{SideKind, Terrain};
use crate::engine::side::Side;

/// The embedded charts file, relative to `scenarios/`.
pub const CHARTS_FILE: &str = "maps/sadowa-charts.ron";

/// 12.2: both armies start at Army Morale Level 3, within 1..=5.
pub const MORALE_START: u8 = 3;
pub const MORALE_MIN: u8 = 1;
pub const MORALE_MAX: u8 = 5;
/// 12.2: morale moves by each increment of 20 VPs (or part thereof).
pub const MORALE_VP_STEP: u32 = 20;

// ------------------------------------------------------------------ file format

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChartsFile {
    turns: Vec<Turn>,
    armistice_from_turn: u8,
    crt: CrtFile,
    combat_mods: CombatMods,
    terrain: Vec<TerrainRow>,
    elevation: Vec<ElevationRow>,
    road_mp: u32,
    rail_mp: u32,
    rivers: Vec<RiverRow>,
    bridge_negates_river_mp: bool,
    zoc: ZocRules,
    initiative_drm: Vec<i32>,
    /// 6.5.2: the Prussian bonus while the GHQ is on the map and in supply (+1 by the
    /// rules when the file does not say).
    #[serde(default = "ghq_initiative_default")]
    ghq_initiative_drm: i32,
    activation: ActivationCosts,
    siege: SiegeTable,
    armistice: Vec<i32>,
    victory_min_diff: Vec<i64>,
}

/// 6.5.2: "a +1 bonus in all Initiative die rolls".
fn ghq_initiative_default() -> i32 {
    1
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CrtFile {
    die_min: i32,
    die_max: i32,
    columns: Vec<CrtColumnFile>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CrtColumnFile {
    odds: String,
    rows: Vec<String>,
}

// ------------------------------------------------------------------ public types

/// One box of the turn track (4.x, 8.3, 10.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Turn {
    /// The days the turn covers.
    pub date: String,
    /// 10.2: the VPs Austria gains if the Prussian GHQ's entry is announced this turn.
    pub ghq_vp: u32,
    /// 8.3, 8.4: brown-shaded (surrender and Siege Level checks happen).
    pub siege: bool,
}

/// One side's half of a CRT result (7.4): a Loss Point multiplier and the letters D, R, S.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SideResult {
    /// Loss Points = the side's CFs x this (7.4).
    pub mult: u32,
    /// D: the side's units are Disrupted.
    pub disrupted: bool,
    /// R: the side's units retreat (7.4.1).
    pub retreat: bool,
    /// S: the side's units surrender.
    pub surrender: bool,
}

impl SideResult {
    pub const NONE: SideResult = SideResult {
        mult: 0,
        disrupted: false,
        retreat: false,
        surrender: false,
    };

    /// Parses "-", "1", "1D", "2R", "2DR", "3S", "D", "R"... (multiplier first, then letters,
    /// each letter at most once).
    pub fn parse(text: &str) -> Result<SideResult, String> {
        let t = text.trim();
        if t.is_empty() {
            return Err("empty result".into());
        }
        if t == "-" {
            return Ok(SideResult::NONE);
        }
        let digits: String = t.chars().take_while(|c| c.is_ascii_digit()).collect();
        let mult = if digits.is_empty() {
            0
        } else {
            if digits.len() > 2 {
                return Err(format!("'{t}': multiplier too large"));
            }
            digits
                .parse::<u32>()
                .map_err(|_| format!("'{t}': bad multiplier"))?
        };
        let mut r = SideResult {
            mult,
            ..SideResult::NONE
        };
        for c in t[digits.len()..].chars() {
            let flag = match c {
                'D' => &mut r.disrupted,
                'R' => &mut r.retreat,
                'S' => &mut r.surrender,
                _ => return Err(format!("'{t}': '{c}' is not D, R or S")),
            };
            if *flag {
                return Err(format!("'{t}': '{c}' twice"));
            }
            *flag = true;
        }
        Ok(r)
    }

    /// The printed form: "-", "1D", "2R", "3S".
    pub fn label(&self) -> String {
        if *self == SideResult::NONE {
            return "-".into();
        }
        let mut s = String::new();
        if self.mult > 0 {
            s.push_str(&self.mult.to_string());
        }
        if self.disrupted {
            s.push('D');
        }
        if self.retreat {
            s.push('R');
        }
        if self.surrender {
            s.push('S');
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }

    /// How bad the result is for the side that suffers it (for ordering and checks): a
    /// surrender is worst, then Loss Points, then a retreat, then disruption.
    pub fn severity(&self) -> u32 {
        (if self.surrender { 1000 } else { 0 })
            + self.mult.min(99) * 4
            + if self.retreat { 2 } else { 0 }
            + if self.disrupted { 1 } else { 0 }
    }
}

/// A whole CRT cell: the attacker's result (left of the slash) and the defender's (7.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CrtCell {
    pub attacker: SideResult,
    pub defender: SideResult,
}

impl CrtCell {
    pub fn parse(text: &str) -> Result<CrtCell, String> {
        let (a, d) = text
            .split_once('/')
            .ok_or_else(|| format!("'{text}': expected attacker/defender"))?;
        Ok(CrtCell {
            attacker: SideResult::parse(a)?,
            defender: SideResult::parse(d)?,
        })
    }
    pub fn label(&self) -> String {
        format!("{}/{}", self.attacker.label(), self.defender.label())
    }
}

/// A column of the CRT: its index from the left (0 = the worst odds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Column(pub u8);

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrtColumn {
    /// "2:1"
    pub label: String,
    /// (attacker, defender) of the printed odds.
    pub ratio: (u32, u32),
    /// Cells for the modified die `die_min..=die_max`.
    pub cells: Vec<CrtCell>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crt {
    pub die_min: i32,
    pub die_max: i32,
    pub columns: Vec<CrtColumn>,
}

/// Die roll modifiers and column shifts named by the rules (5.3, 6.5.2, 7.3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatMods {
    /// 5.3: any attacking unit out of supply.
    pub unsupplied_attacker_drm: i32,
    /// 5.3: any defending unit out of supply.
    pub unsupplied_defender_drm: i32,
    /// 6.5.2: the GHQ with the attackers.
    pub ghq_attacking_drm: i32,
    /// 6.5.2: the GHQ with the defenders.
    pub ghq_defending_drm: i32,
    /// 7.3.1: Disrupted attacking units take part (RECONSTRUCTED size of the shift).
    pub disrupted_attacker_shift: i32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainRow {
    pub terrain: Terrain,
    pub mp: u32,
    pub drm: i32,
    pub shift: i32,
    /// 8.7: multiplier of the defenders' CFs (a friendly-controlled fortress: 4).
    pub defence_x: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ElevationRow {
    pub level: u8,
    pub name: String,
    pub mp: u32,
    pub drm: i32,
    pub shift: i32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RiverRow {
    pub kind: SideKind,
    pub mp: u32,
    pub attack_drm: i32,
}

/// RECONSTRUCTED: what an enemy ZOC does to movement (3.2 only says what a ZOC is).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZocRules {
    /// A unit entering an enemy ZOC ends its move there.
    pub stop_on_entry: bool,
    /// Extra MPs to leave an enemy ZOC hex at the start of a move.
    pub leave_cost: u32,
    /// A unit may move from one enemy ZOC hex straight into another (and stops there).
    pub zoc_to_zoc: bool,
}

/// 4.3, 6.5.1: the IP Activation Chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActivationCosts {
    pub uncommitted_single: u32,
    pub committed_single: u32,
    pub ghq: u32,
}

/// What is being activated (4.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Activation {
    /// One unit by itself, without its Headquarters.
    Single { committed: bool, disrupted: bool },
    /// A Headquarters with its printed CV.
    Hq { cv: u8 },
    /// The Prussian GHQ (6.5.1).
    Ghq,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SiegeTable {
    /// Index = current Siege Level; the highest die that raises it by one (8.4).
    pub increase_max_die: Vec<u8>,
    /// The highest Siege Level (no row; never increases).
    pub max_level: u8,
}

/// 14.1 (RECONSTRUCTED): the levels of victory, from Austria's best to Prussia's best.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum VictoryLevel {
    AustrianDecisive,
    AustrianSubstantive,
    AustrianMarginal,
    Draw,
    PrussianMarginal,
    PrussianSubstantive,
    PrussianDecisive,
}

impl VictoryLevel {
    pub const ALL: [VictoryLevel; 7] = [
        VictoryLevel::AustrianDecisive,
        VictoryLevel::AustrianSubstantive,
        VictoryLevel::AustrianMarginal,
        VictoryLevel::Draw,
        VictoryLevel::PrussianMarginal,
        VictoryLevel::PrussianSubstantive,
        VictoryLevel::PrussianDecisive,
    ];
    /// -3 (Austrian Decisive) ..= +3 (Prussian Decisive).
    pub fn score(self) -> i32 {
        self as i32 - 3
    }
    /// The level of a score, clamped to -3..=3.
    pub fn from_score(score: i32) -> VictoryLevel {
        let i = (score.clamp(-3, 3) + 3) as usize;
        VictoryLevel::ALL[i]
    }
    pub fn winner(self) -> Option<Side> {
        match self.score() {
            s if s < 0 => Some(Side::Austria),
            s if s > 0 => Some(Side::Prussia),
            _ => None,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            VictoryLevel::AustrianDecisive => "Austrian Decisive Victory",
            VictoryLevel::AustrianSubstantive => "Austrian Substantive Victory",
            VictoryLevel::AustrianMarginal => "Austrian Marginal Victory",
            VictoryLevel::Draw => "Draw",
            VictoryLevel::PrussianMarginal => "Prussian Marginal Victory",
            VictoryLevel::PrussianSubstantive => "Prussian Substantive Victory",
            VictoryLevel::PrussianDecisive => "Prussian Decisive Victory",
        }
    }
}

/// All the charts, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Charts {
    pub turns: Vec<Turn>,
    pub armistice_from_turn: u8,
    pub crt: Crt,
    pub combat_mods: CombatMods,
    pub terrain: Vec<TerrainRow>,
    pub elevation: Vec<ElevationRow>,
    pub road_mp: u32,
    pub rail_mp: u32,
    pub rivers: Vec<RiverRow>,
    pub bridge_negates_river_mp: bool,
    pub zoc: ZocRules,
    /// Index = Army Morale Level - 1.
    pub initiative_drm: Vec<i32>,
    pub ghq_initiative_drm: i32,
    pub activation: ActivationCosts,
    pub siege: SiegeTable,
    /// Index = die - 1: victory levels moved towards the asking side.
    pub armistice: Vec<i32>,
    /// Least Prussian-minus-Austrian VPs of PD, PS, PM, Draw, AM, AS.
    pub victory_min_diff: Vec<i64>,
}

// ------------------------------------------------------------------ loading

/// The embedded charts, parsed and checked.
pub fn load() -> Result<Charts, String> {
    let text = crate::engine::scenarios::embedded_file(CHARTS_FILE)
        .ok_or_else(|| format!("{CHARTS_FILE}: not embedded"))?;
    from_text(CHARTS_FILE, text)
}

/// Parses and checks a charts file; `name` prefixes the error. Never panics.
pub fn from_text(name: &str, text: &str) -> Result<Charts, String> {
    let file: ChartsFile =
        ron::de::from_str(text).map_err(|e| crate::engine::save::describe_ron_error(name, &e))?;
    check(file).map_err(|e| format!("{name}: {e}"))
}

/// The embedded charts, loaded once. Should the embedded file ever fail to load (the test
/// `embedded_charts_load` keeps it from shipping so), an inert table is returned instead of
/// panicking; [`load`] reports the error to whoever loads the scenario.
pub fn charts() -> &'static Charts {
    static CHARTS: OnceLock<Charts> = OnceLock::new();
    CHARTS.get_or_init(|| load().unwrap_or_else(|_| Charts::inert()))
}

fn parse_ratio(s: &str) -> Result<(u32, u32), String> {
    let (a, d) = s
        .trim()
        .split_once(':')
        .ok_or_else(|| format!("odds '{s}': expected a:d"))?;
    let a: u32 = a
        .trim()
        .parse()
        .map_err(|_| format!("odds '{s}': bad number"))?;
    let d: u32 = d
        .trim()
        .parse()
        .map_err(|_| format!("odds '{s}': bad number"))?;
    if !(1..=1000).contains(&a) || !(1..=1000).contains(&d) {
        return Err(format!("odds '{s}': numbers must be 1..=1000"));
    }
    Ok((a, d))
}

fn check(f: ChartsFile) -> Result<Charts, String> {
    // Turn track.
    if f.turns.is_empty() || f.turns.len() > 99 {
        return Err("turns: 1..=99 turns".into());
    }
    if f.armistice_from_turn == 0 || f.armistice_from_turn as usize > f.turns.len() {
        return Err(format!(
            "armistice_from_turn {} is not a turn of the track",
            f.armistice_from_turn
        ));
    }
    // CRT.
    let c = &f.crt;
    if c.die_min > 1 || c.die_max < 6 || c.die_max as i64 - c.die_min as i64 > 20 {
        return Err("crt: rows must cover the die 1..=6 (at most 21 rows)".into());
    }
    if c.columns.is_empty() || c.columns.len() > 30 {
        return Err("crt: 1..=30 columns".into());
    }
    let nrows = (c.die_max - c.die_min + 1) as usize;
    let mut columns = Vec::new();
    for col in &c.columns {
        let ratio = parse_ratio(&col.odds).map_err(|e| format!("crt: {e}"))?;
        if let Some(prev) = columns.last().map(|p: &CrtColumn| p.ratio) {
            // strictly better odds than the column to its left
            if (ratio.0 as u64) * (prev.1 as u64) <= (prev.0 as u64) * (ratio.1 as u64) {
                return Err(format!(
                    "crt: column {} is not better odds than the one before",
                    col.odds
                ));
            }
        }
        if col.rows.len() != nrows {
            return Err(format!(
                "crt: column {} has {} cells, expected {nrows} (die {}..={})",
                col.odds,
                col.rows.len(),
                c.die_min,
                c.die_max
            ));
        }
        let mut cells = Vec::new();
        for (i, text) in col.rows.iter().enumerate() {
            let cell = CrtCell::parse(text).map_err(|e| {
                format!(
                    "crt: column {}, die {}: {e}",
                    col.odds,
                    c.die_min + i as i32
                )
            })?;
            cells.push(cell);
        }
        columns.push(CrtColumn {
            label: format!("{}:{}", ratio.0, ratio.1),
            ratio,
            cells,
        });
    }
    // Terrain effects.
    for (i, t) in f.terrain.iter().enumerate() {
        if f.terrain[..i].iter().any(|o| o.terrain == t.terrain) {
            return Err(format!("terrain: {:?} twice", t.terrain));
        }
        if !(1..=99).contains(&t.mp) || !(1..=10).contains(&t.defence_x) {
            return Err(format!(
                "terrain {:?}: mp 1..=99, defence_x 1..=10",
                t.terrain
            ));
        }
    }
    for (i, e) in f.elevation.iter().enumerate() {
        if f.elevation[..i].iter().any(|o| o.level == e.level) {
            return Err(format!("elevation: level {} twice", e.level));
        }
        if !(1..=99).contains(&e.mp) {
            return Err(format!("elevation {}: mp 1..=99", e.level));
        }
    }
    for (i, r) in f.rivers.iter().enumerate() {
        if f.rivers[..i].iter().any(|o| o.kind == r.kind) {
            return Err(format!("rivers: {:?} twice", r.kind));
        }
        if r.mp > 99 {
            return Err(format!("river {:?}: mp 0..=99", r.kind));
        }
    }
    if !(1..=99).contains(&f.road_mp) || !(1..=99).contains(&f.rail_mp) {
        return Err("road_mp and rail_mp: 1..=99".into());
    }
    // Initiative.
    if f.initiative_drm.len() != MORALE_MAX as usize {
        return Err(format!(
            "initiative_drm: one modifier per Army Morale Level 1..={MORALE_MAX}"
        ));
    }
    // Siege.
    if f.siege.max_level as usize != f.siege.increase_max_die.len() {
        return Err("siege: one increase_max_die per level below max_level".into());
    }
    if f.siege.increase_max_die.iter().any(|&d| d > 6) {
        return Err("siege: increase_max_die must be 0..=6".into());
    }
    // Armistice.
    if f.armistice.len() != 6 || f.armistice.iter().any(|s| s.abs() > 6) {
        return Err("armistice: six shifts (die 1..=6) of -6..=6 levels".into());
    }
    // Victory levels.
    if f.victory_min_diff.len() != 6 || f.victory_min_diff.windows(2).any(|w| w[0] <= w[1]) {
        return Err(
            "victory_min_diff: six strictly falling thresholds (PD, PS, PM, Draw, AM, AS)".into(),
        );
    }
    Ok(Charts {
        turns: f.turns,
        armistice_from_turn: f.armistice_from_turn,
        crt: Crt {
            die_min: c.die_min,
            die_max: c.die_max,
            columns,
        },
        combat_mods: f.combat_mods,
        terrain: f.terrain,
        elevation: f.elevation,
        road_mp: f.road_mp,
        rail_mp: f.rail_mp,
        rivers: f.rivers,
        bridge_negates_river_mp: f.bridge_negates_river_mp,
        zoc: f.zoc,
        initiative_drm: f.initiative_drm,
        ghq_initiative_drm: f.ghq_initiative_drm,
        activation: f.activation,
        siege: f.siege,
        armistice: f.armistice,
        victory_min_diff: f.victory_min_diff,
    })
}

// ------------------------------------------------------------------ pure functions

/// 7.4: Loss Points = CFs x the multiplier (6 CF x 1 = 6; 14 CF x 2 = 28). Saturates.
pub fn loss_points(cf: u32, mult: u32) -> u32 {
    cf.saturating_mul(mult)
}

/// 12.2: the Army Morale Level from the VPs each side has gained so far. "Each increment
/// of 20 VPs (or part thereof)" counts a started increment as a whole one, so a side's own
/// VPs raise it by ceil(own / 20) and the enemy's lower it by ceil(enemy / 20), from 3,
/// clamped to 1..=5. Computed from the totals every time, so clamping never drifts.
pub fn morale(own_vp: u32, enemy_vp: u32) -> u8 {
    let inc = |vp: u32| vp.div_ceil(MORALE_VP_STEP) as i64;
    let level = MORALE_START as i64 + inc(own_vp) - inc(enemy_vp);
    level.clamp(MORALE_MIN as i64, MORALE_MAX as i64) as u8
}

/// 8.3: a besieged fortress surrenders if the die is at most the Siege Level; Siege 0 is
/// immune.
pub fn siege_surrender(level: u8, die: u8) -> bool {
    level > 0 && (1..=6).contains(&die) && die <= level
}

impl Charts {
    /// A table with no effects, used only if the embedded file could not be loaded.
    fn inert() -> Charts {
        Charts {
            turns: vec![Turn {
                date: String::new(),
                ghq_vp: 0,
                siege: false,
            }],
            armistice_from_turn: 1,
            crt: Crt {
                die_min: 1,
                die_max: 6,
                columns: vec![CrtColumn {
                    label: "1:1".into(),
                    ratio: (1, 1),
                    cells: vec![CrtCell::default(); 6],
                }],
            },
            combat_mods: CombatMods {
                unsupplied_attacker_drm: 0,
                unsupplied_defender_drm: 0,
                ghq_attacking_drm: 0,
                ghq_defending_drm: 0,
                disrupted_attacker_shift: 0,
            },
            terrain: Vec::new(),
            elevation: Vec::new(),
            road_mp: 1,
            rail_mp: 1,
            rivers: Vec::new(),
            bridge_negates_river_mp: true,
            zoc: ZocRules {
                stop_on_entry: true,
                leave_cost: 0,
                zoc_to_zoc: true,
            },
            initiative_drm: vec![0; MORALE_MAX as usize],
            ghq_initiative_drm: 0,
            activation: ActivationCosts {
                uncommitted_single: 1,
                committed_single: 3,
                ghq: 0,
            },
            siege: SiegeTable {
                increase_max_die: Vec::new(),
                max_level: 0,
            },
            armistice: vec![0; 6],
            victory_min_diff: vec![60, 30, 10, -9, -29, -59],
        }
    }

    // ---------------------------------------------------------- turn track

    pub fn turn_count(&self) -> u8 {
        self.turns.len() as u8
    }
    /// The box of turn `n` (1-based).
    pub fn turn(&self, n: u8) -> Option<&Turn> {
        self.turns.get((n as usize).checked_sub(1)?)
    }
    /// 10.2: VPs to Austria if the GHQ's entry is announced on turn `n` (0 off the track).
    pub fn ghq_vp(&self, n: u8) -> u32 {
        self.turn(n).map_or(0, |t| t.ghq_vp)
    }
    /// 8.3, 8.4: is turn `n` brown-shaded?
    pub fn siege_turn(&self, n: u8) -> bool {
        self.turn(n).is_some_and(|t| t.siege)
    }

    // ---------------------------------------------------------- CRT

    fn last_col(&self) -> u8 {
        self.crt.columns.len().saturating_sub(1) as u8
    }

    /// 7.3.2: the column of `att` against `def` CFs. Fractions fall in the defender's favour:
    /// the best column whose printed odds the real ratio reaches (23:8 is 2:1, 11:6 is 1:1,
    /// 5:11 is 1:3). Worse than the first column: the first; better than the last: the
    /// last. No attacking CFs: the first column; no defending CFs: the last.
    pub fn odds_column(&self, att: u32, def: u32) -> Column {
        if att == 0 {
            return Column(0);
        }
        if def == 0 {
            return Column(self.last_col());
        }
        let mut best = 0u8;
        for (i, c) in self.crt.columns.iter().enumerate() {
            // att / def >= ca / cd
            if (att as u64) * (c.ratio.1 as u64) >= (c.ratio.0 as u64) * (def as u64) {
                best = i as u8;
            }
        }
        Column(best)
    }

    /// The printed label of a column ("2:1"); clamps an index off the table.
    pub fn column_label(&self, col: Column) -> &str {
        let i = col.0.min(self.last_col()) as usize;
        self.crt.columns.get(i).map_or("", |c| c.label.as_str())
    }

    /// Moves `col` by `shifts` columns (+ towards the attacker), stopping at the ends.
    pub fn column_shift(&self, col: Column, shifts: i32) -> Column {
        let i =
            (col.0.min(self.last_col()) as i64 + shifts as i64).clamp(0, self.last_col() as i64);
        Column(i as u8)
    }

    /// The cell for a modified die: below `die_min` uses the first row ("0 or less"), above
    /// `die_max` the last ("7 or more"), since the net modifiers are not limited (7.3.2).
    pub fn crt_cell(&self, col: Column, modified_die: i32) -> CrtCell {
        let i = col.0.min(self.last_col()) as usize;
        let Some(column) = self.crt.columns.get(i) else {
            return CrtCell::default();
        };
        // (no `clamp`: it would panic on a hand-built table with die_min > die_max)
        let d = modified_die.max(self.crt.die_min).min(self.crt.die_max);
        let row = usize::try_from(d as i64 - self.crt.die_min as i64).unwrap_or(0);
        let last = column.cells.len().saturating_sub(1);
        column.cells.get(row.min(last)).copied().unwrap_or_default()
    }

    /// 7.4: (attacker's result, defender's result).
    pub fn crt(&self, col: Column, modified_die: i32) -> (SideResult, SideResult) {
        let c = self.crt_cell(col, modified_die);
        (c.attacker, c.defender)
    }

    /// How many of the six faces of a fair die give each result with this net modifier, in
    /// die order of first appearance. Counted from [`Charts::crt_cell`] itself.
    pub fn crt_faces(&self, col: Column, drm: i32) -> Vec<(CrtCell, u32)> {
        let mut out: Vec<(CrtCell, u32)> = Vec::new();
        for die in 1..=6i32 {
            let cell = self.crt_cell(col, die.saturating_add(drm));
            match out.iter_mut().find(|(c, _)| *c == cell) {
                Some((_, n)) => *n += 1,
                None => out.push((cell, 1)),
            }
        }
        out
    }

    /// The exact probability of each result (faces / 6), as shown before the roll.
    pub fn crt_distribution(&self, col: Column, drm: i32) -> Vec<(CrtCell, f64)> {
        self.crt_faces(col, drm)
            .into_iter()
            .map(|(c, n)| (c, n as f64 / 6.0))
            .collect()
    }

    /// 7.4.3: Disrupted units alone in a hex attacked at 1:2 or better suffer 1R, with no
    /// die roll and no effect on the attacker. `None`: the combat is rolled as usual.
    pub fn already_disrupted_result(&self, col: Column) -> Option<CrtCell> {
        let i = col.0.min(self.last_col()) as usize;
        let (a, d) = self.crt.columns.get(i)?.ratio;
        // a:d at least 1:2
        (2 * a as u64 >= d as u64).then_some(CrtCell {
            attacker: SideResult::NONE,
            defender: SideResult {
                mult: 1,
                retreat: true,
                ..SideResult::NONE
            },
        })
    }

    // ---------------------------------------------------------- terrain effects

    pub fn terrain_row(&self, t: Terrain) -> Option<&TerrainRow> {
        self.terrain.iter().find(|r| r.terrain == t)
    }
    pub fn elevation_row(&self, level: u8) -> Option<&ElevationRow> {
        self.elevation.iter().find(|r| r.level == level)
    }
    pub fn river_row(&self, kind: SideKind) -> Option<&RiverRow> {
        self.rivers.iter().find(|r| r.kind == kind)
    }

    /// 7.1: MPs to enter a hex of `terrain` at `elevation`. `road_link` / `rail_link`: the
    /// move follows a road / railway from the hex left into this one (any river there is
    /// bridged by it). `river`: the kind of river on the hexside crossed and whether it has
    /// a bridge. `None`: terrain, level or river not on this game's chart.
    pub fn enter_cost(
        &self,
        terrain: Terrain,
        elevation: u8,
        road_link: bool,
        rail_link: bool,
        river: Option<(SideKind, bool)>,
    ) -> Option<u32> {
        let t = self.terrain_row(terrain)?;
        let e = self.elevation_row(elevation)?;
        let river_mp = match river {
            None => 0,
            Some((kind, bridge)) => {
                let r = self.river_row(kind)?;
                if bridge && self.bridge_negates_river_mp {
                    0
                } else {
                    r.mp
                }
            }
        };
        let along = match (road_link, rail_link) {
            (true, true) => Some(self.road_mp.min(self.rail_mp)),
            (true, false) => Some(self.road_mp),
            (false, true) => Some(self.rail_mp),
            (false, false) => None,
        };
        Some(match along {
            Some(mp) => mp,
            None => t.mp.max(e.mp).saturating_add(river_mp),
        })
    }

    /// 7.3.2 and the TEC: (column shift, DRM) for the defender's hex, plus the river every
    /// attacking unit attacks across (the worst such river), if any. The hex gives the
    /// better of its terrain's and its elevation's modifiers, not both. Terrain or level
    /// not on the chart give nothing.
    pub fn terrain_combat(
        &self,
        terrain: Terrain,
        elevation: u8,
        attack_across: Option<SideKind>,
    ) -> (i32, i32) {
        let (ts, td) = self
            .terrain_row(terrain)
            .map_or((0, 0), |r| (r.shift, r.drm));
        let (es, ed) = self
            .elevation_row(elevation)
            .map_or((0, 0), |r| (r.shift, r.drm));
        let rd = attack_across
            .and_then(|k| self.river_row(k))
            .map_or(0, |r| r.attack_drm);
        (ts.min(es), td.min(ed).saturating_add(rd))
    }

    /// 8.7: the multiplier of the defenders' CFs in a hex of this terrain (when the rule's
    /// condition, a friendly-controlled fortress, holds).
    pub fn defence_multiplier(&self, terrain: Terrain) -> u32 {
        self.terrain_row(terrain).map_or(1, |r| r.defence_x)
    }

    // ---------------------------------------------------------- initiative, activation

    /// 4.2: the initiative die roll modifier of an Army Morale Level (clamped to 1..=5).
    /// The GHQ's +1 (6.5.2) is separate: [`Charts::ghq_initiative_drm`].
    pub fn initiative_drm(&self, morale: u8) -> i32 {
        let i = morale.clamp(MORALE_MIN, MORALE_MAX) as usize - 1;
        self.initiative_drm.get(i).copied().unwrap_or(0)
    }

    /// 4.3: IPs to activate. `None`: may not be activated (a Committed and Disrupted unit).
    pub fn activation_cost(&self, a: Activation) -> Option<u32> {
        match a {
            Activation::Single {
                committed: true,
                disrupted: true,
            } => None,
            Activation::Single {
                committed: true, ..
            } => Some(self.activation.committed_single),
            Activation::Single { .. } => Some(self.activation.uncommitted_single),
            Activation::Hq { cv } => Some(cv as u32),
            Activation::Ghq => Some(self.activation.ghq),
        }
    }

    // ---------------------------------------------------------- siege

    /// 8.4: does this die raise the Siege Level from `level`? Dice outside 1..=6: no.
    pub fn siege_increase(&self, level: u8, die: u8) -> bool {
        (1..=6).contains(&die)
            && self
                .siege
                .increase_max_die
                .get(level as usize)
                .is_some_and(|&m| die <= m)
    }

    // ---------------------------------------------------------- victory, armistice

    /// 14.1: the victory level of the VPs (Prussian minus Austrian).
    pub fn victory_level(&self, vp_prussia: u32, vp_austria: u32) -> VictoryLevel {
        let d = vp_prussia as i64 - vp_austria as i64;
        let from_best = [
            VictoryLevel::PrussianDecisive,
            VictoryLevel::PrussianSubstantive,
            VictoryLevel::PrussianMarginal,
            VictoryLevel::Draw,
            VictoryLevel::AustrianMarginal,
            VictoryLevel::AustrianSubstantive,
        ];
        for (min, level) in self.victory_min_diff.iter().zip(from_best) {
            if d >= *min {
                return level;
            }
        }
        VictoryLevel::AustrianDecisive
    }

    /// 14.1 with 6.5.3: an eliminated Prussian GHQ is an Austrian Decisive victory.
    pub fn final_victory(
        &self,
        vp_prussia: u32,
        vp_austria: u32,
        ghq_eliminated: bool,
    ) -> VictoryLevel {
        if ghq_eliminated {
            VictoryLevel::AustrianDecisive
        } else {
            self.victory_level(vp_prussia, vp_austria)
        }
    }

    /// 4.7: who may ask for an armistice on turn `turn`: the side with fewer VPs, from the
    /// armistice turn on. Equal VPs: nobody.
    pub fn armistice_asker(&self, turn: u8, vp_prussia: u32, vp_austria: u32) -> Option<Side> {
        if turn < self.armistice_from_turn {
            return None;
        }
        match vp_prussia.cmp(&vp_austria) {
            std::cmp::Ordering::Less => Some(Side::Prussia),
            std::cmp::Ordering::Greater => Some(Side::Austria),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The Armistice Table: victory levels the die moves the result towards the asker.
    pub fn armistice_shift(&self, die: u8) -> i32 {
        if !(1..=6).contains(&die) {
            return 0;
        }
        self.armistice.get(die as usize - 1).copied().unwrap_or(0)
    }

    /// 4.7: the final level after `asker` rolls `die` on the Armistice Table against the
    /// `current` victory level.
    pub fn armistice(&self, die: u8, current: VictoryLevel, asker: Side) -> VictoryLevel {
        let s = self.armistice_shift(die);
        let towards = match asker {
            Side::Prussia => s,
            Side::Austria => -s,
        };
        VictoryLevel::from_score(current.score() + towards)
    }
}

// ------------------------------------------------------------------ free functions

/// 7.3.2 on the embedded CRT: see [`Charts::odds_column`].
pub fn odds_column(att: u32, def: u32) -> Column {
    charts().odds_column(att, def)
}
/// See [`Charts::column_shift`].
pub fn column_shift(col: Column, shifts: i32) -> Column {
    charts().column_shift(col, shifts)
}
/// 7.4 on the embedded CRT: see [`Charts::crt`].
pub fn crt(col: Column, modified_die: i32) -> (SideResult, SideResult) {
    charts().crt(col, modified_die)
}
/// See [`Charts::crt_distribution`].
pub fn crt_distribution(col: Column, drm: i32) -> Vec<(CrtCell, f64)> {
    charts().crt_distribution(col, drm)
}
/// See [`Charts::enter_cost`].
pub fn enter_cost(
    terrain: Terrain,
    elevation: u8,
    road_link: bool,
    rail_link: bool,
    river: Option<(SideKind, bool)>,
) -> Option<u32> {
    charts().enter_cost(terrain, elevation, road_link, rail_link, river)
}
/// See [`Charts::terrain_combat`].
pub fn terrain_combat(
    terrain: Terrain,
    elevation: u8,
    attack_across: Option<SideKind>,
) -> (i32, i32) {
    charts().terrain_combat(terrain, elevation, attack_across)
}
/// See [`Charts::initiative_drm`].
pub fn initiative_drm(morale: u8) -> i32 {
    charts().initiative_drm(morale)
}
/// See [`Charts::activation_cost`].
pub fn activation_cost(a: Activation) -> Option<u32> {
    charts().activation_cost(a)
}
/// See [`Charts::siege_increase`].
pub fn siege_increase(level: u8, die: u8) -> bool {
    charts().siege_increase(level, die)
}
/// See [`Charts::armistice`].
pub fn armistice(die: u8, current: VictoryLevel, asker: Side) -> VictoryLevel {
    charts().armistice(die, current, asker)
}
/// See [`Charts::victory_level`].
pub fn victory_level(vp_prussia: u32, vp_austria: u32) -> VictoryLevel {
    charts().victory_level(vp_prussia, vp_austria)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ch() -> Charts {
        match load() {
            Ok(c) => c,
            Err(e) => panic!("{e}"),
        }
    }

    fn col(c: &Charts, label: &str) -> Column {
        let i = c.crt.columns.iter().position(|k| k.label == label);
        Column(i.unwrap_or_else(|| panic!("no column {label}")) as u8)
    }

    #[test]
    fn embedded_charts_load() {
        let c = ch();
        assert_eq!(c.turn_count(), 16);
        assert_eq!(c.crt.columns.len(), 8);
        // the free functions use the same, non-inert table
        assert_eq!(*charts(), c);
    }

    #[test]
    fn odds_fractions_drop_in_favour_of_the_defender() {
        let c = ch();
        // rule 7.3.2: "23 to 8 is 2:1"
        assert_eq!(c.column_label(c.odds_column(23, 8)), "2:1");
        // rule 7.3.2: fractions dropped in the defender's favour
        assert_eq!(c.column_label(c.odds_column(11, 6)), "1:1");
        assert_eq!(c.column_label(c.odds_column(5, 11)), "1:3");
        assert_eq!(c.column_label(c.odds_column(5, 10)), "1:2");
        assert_eq!(c.column_label(c.odds_column(4, 7)), "1:2");
        assert_eq!(c.column_label(c.odds_column(24, 8)), "3:1");
        assert_eq!(c.column_label(c.odds_column(35, 6)), "5:1");
        // worse than the first column / better than the last (RECONSTRUCTED ends)
        assert_eq!(c.column_label(c.odds_column(1, 4)), "1:3");
        assert_eq!(c.column_label(c.odds_column(1, 400)), "1:3");
        assert_eq!(c.column_label(c.odds_column(100, 1)), "6:1");
        assert_eq!(c.column_label(c.odds_column(7, 0)), "6:1");
        assert_eq!(c.column_label(c.odds_column(0, 7)), "1:3");
        assert_eq!(c.column_label(c.odds_column(u32::MAX, 1)), "6:1");
        // the free function answers from the same table
        assert_eq!(odds_column(23, 8), c.odds_column(23, 8));
    }

    #[test]
    fn column_shifts_stop_at_the_ends() {
        let c = ch();
        // rule 7.3.1: a Disrupted attacker's adverse shift moves one column left
        let two = c.odds_column(23, 8);
        let shifted = c.column_shift(two, c.combat_mods.disrupted_attacker_shift);
        assert_eq!(c.column_label(shifted), "1:1");
        assert_eq!(c.column_label(c.column_shift(two, -10)), "1:3");
        assert_eq!(c.column_label(c.column_shift(two, 10)), "6:1");
        assert_eq!(c.column_label(c.column_shift(Column(200), 0)), "6:1");
        assert_eq!(column_shift(two, 1), c.column_shift(two, 1));
    }

    #[test]
    fn loss_points_multiply_the_sides_cfs() {
        let c = ch();
        // rule 7.4: "a force with 6 CFs that incurs a 1D result ... sustains 6 Loss Points"
        let (att, _) = c.crt(col(&c, "1:1"), 2);
        assert_eq!(att.label(), "1D");
        assert_eq!(loss_points(6, att.mult), 6);
        assert!(att.disrupted && !att.retreat && !att.surrender);
        // rule 7.4: "A force of 14 CFs that incurs a 2R CRT result would sustain 28 LPs and
        // must retreat" (the defender at 23:8 = 2:1 on a 6)
        let (_, def) = c.crt(c.odds_column(23, 8), 6);
        assert_eq!(def.label(), "2R");
        assert_eq!(loss_points(14, def.mult), 28);
        assert!(def.retreat && !def.disrupted);
        assert_eq!(loss_points(u32::MAX, 3), u32::MAX);
    }

    #[test]
    fn modified_dice_beyond_the_rows_use_the_end_rows() {
        let c = ch();
        let k = col(&c, "2:1");
        // rule 7.3.2 note: no limit to the net modifiers; the table stops at 0 and 7
        assert_eq!(c.crt(k, -5), c.crt(k, 0));
        assert_eq!(c.crt(k, 12), c.crt(k, 7));
        assert_eq!(c.crt(k, i32::MIN), c.crt(k, 0));
        assert_eq!(c.crt(k, i32::MAX), c.crt(k, 7));
        // and those rows differ from the natural 1 and 6, so modifiers count there
        assert_ne!(c.crt(k, 0), c.crt(k, 1));
        assert_ne!(c.crt(k, 7), c.crt(k, 6));
        assert_eq!(crt(k, 3), c.crt(k, 3));
    }

    #[test]
    fn distribution_is_counted_from_the_table() {
        let c = ch();
        for i in 0..c.crt.columns.len() {
            let k = Column(i as u8);
            for drm in -9..=9 {
                let dist = c.crt_distribution(k, drm);
                let total: f64 = dist.iter().map(|(_, p)| p).sum();
                assert!((total - 1.0).abs() < 1e-12, "{i} {drm}: {total}");
                for (cell, p) in &dist {
                    let n = (1..=6).filter(|d| c.crt_cell(k, d + drm) == *cell).count();
                    assert!(n > 0);
                    assert_eq!(*p, n as f64 / 6.0, "column {i} drm {drm}");
                }
                // every face lands in exactly one listed result
                let faces: u32 = c.crt_faces(k, drm).iter().map(|(_, n)| n).sum();
                assert_eq!(faces, 6);
            }
        }
        // rule 5.3 / 6.5.2: a +1 shifts the odds shown: at 2:1 the defender retreats on 4-6
        // unmodified (1/2), on 3-6 with +1 (2/3)
        let k = col(&c, "2:1");
        let retreat = |drm| -> f64 {
            c.crt_distribution(k, drm)
                .iter()
                .filter(|(cell, _)| cell.defender.retreat)
                .map(|(_, p)| p)
                .sum()
        };
        assert!((retreat(0) - 0.5).abs() < 1e-12);
        assert!((retreat(1) - 4.0 / 6.0).abs() < 1e-12);
        assert_eq!(crt_distribution(k, 1), c.crt_distribution(k, 1));
    }

    #[test]
    fn crt_is_monotone() {
        // RECONSTRUCTED design property: a higher die or better odds never hurt the attacker
        let c = ch();
        let n = c.crt.columns.len();
        for i in 0..n {
            for die in c.crt.die_min..=c.crt.die_max {
                let here = c.crt_cell(Column(i as u8), die);
                let up = c.crt_cell(Column(i as u8), die + 1);
                assert!(
                    up.attacker.severity() <= here.attacker.severity(),
                    "{i} {die}"
                );
                assert!(
                    up.defender.severity() >= here.defender.severity(),
                    "{i} {die}"
                );
                if i + 1 < n {
                    let right = c.crt_cell(Column(i as u8 + 1), die);
                    assert!(right.attacker.severity() <= here.attacker.severity());
                    assert!(right.defender.severity() >= here.defender.severity());
                }
            }
        }
    }

    #[test]
    fn cells_print_as_parsed() {
        let c = ch();
        for k in &c.crt.columns {
            for cell in &k.cells {
                assert_eq!(CrtCell::parse(&cell.label()), Ok(*cell));
            }
        }
        assert_eq!(
            SideResult::parse("2DR").map(|r| r.label()),
            Ok("2DR".into())
        );
        assert_eq!(SideResult::parse("0"), Ok(SideResult::NONE));
        assert!(SideResult::parse("2X").is_err());
        assert!(SideResult::parse("DD").is_err());
        assert!(SideResult::parse("123").is_err());
        assert!(SideResult::parse("").is_err());
        assert!(CrtCell::parse("1D").is_err());
    }

    #[test]
    fn already_disrupted_defenders_take_1r_from_1_2() {
        let c = ch();
        // rule 7.4.3: at least 1:2 -> automatic 1R, nothing to the attacker
        let r = c.already_disrupted_result(c.odds_column(5, 10));
        assert_eq!(r.map(|x| x.label()), Some("-/1R".to_string()));
        assert_eq!(c.already_disrupted_result(c.odds_column(30, 6)), r);
        assert_eq!(c.already_disrupted_result(c.odds_column(5, 11)), None);
    }

    #[test]
    fn siege_level_example_and_surrender() {
        let c = ch();
        // rule 8.4 example: Siege 0, a 3 is rolled: "Siege 0" becomes "Siege 1"
        let mut level = 0u8;
        assert!(!siege_surrender(level, 1)); // rule 8.3: Siege 0 is immune
        if c.siege_increase(level, 3) {
            level += 1;
        }
        assert_eq!(level, 1);
        // rule 8.3: next shaded turn, a die <= the level surrenders
        assert!(siege_surrender(level, 1));
        assert!(!siege_surrender(level, 2));
        assert!(!siege_surrender(3, 0) && !siege_surrender(3, 7));
        // RECONSTRUCTED table: harder with each level, none above the top level
        assert!(c.siege_increase(0, 4) && !c.siege_increase(0, 5));
        assert!(c.siege_increase(1, 3) && !c.siege_increase(1, 4));
        assert!(!c.siege_increase(c.siege.max_level, 1));
        assert!(!c.siege_increase(0, 0) && !c.siege_increase(0, 7));
        assert!(!c.siege_increase(255, 1));
        assert!(siege_increase(0, 3));
    }

    #[test]
    fn morale_counts_started_increments() {
        // rule 12.2: start 3
        assert_eq!(morale(0, 0), 3);
        // "or part thereof": the first VP already counts as an increment
        assert_eq!(morale(1, 0), 4);
        assert_eq!(morale(0, 1), 2);
        assert_eq!(morale(20, 0), 4);
        assert_eq!(morale(21, 0), 5);
        assert_eq!(morale(15, 5), 3);
        assert_eq!(morale(25, 5), 4);
        assert_eq!(morale(5, 25), 2);
        // rule 12.2: within 1..=5
        assert_eq!(morale(100, 0), 5);
        assert_eq!(morale(0, 100), 1);
        // from the totals: a capped level comes down as soon as the enemy catches up
        assert_eq!(morale(100, 60), 5);
        assert_eq!(morale(100, 81), 3);
        assert_eq!(morale(u32::MAX, 0), 5);
        assert_eq!(morale(0, u32::MAX), 1);
    }

    #[test]
    fn victory_level_edges() {
        let c = ch();
        use VictoryLevel::*;
        let at = |d: i64| {
            let (p, a) = if d >= 0 {
                (100 + d, 100)
            } else {
                (100, 100 - d)
            };
            c.victory_level(p as u32, a as u32)
        };
        assert_eq!(at(60), PrussianDecisive);
        assert_eq!(at(59), PrussianSubstantive);
        assert_eq!(at(30), PrussianSubstantive);
        assert_eq!(at(29), PrussianMarginal);
        assert_eq!(at(10), PrussianMarginal);
        assert_eq!(at(9), Draw);
        assert_eq!(at(0), Draw);
        assert_eq!(at(-9), Draw);
        assert_eq!(at(-10), AustrianMarginal);
        assert_eq!(at(-29), AustrianMarginal);
        assert_eq!(at(-30), AustrianSubstantive);
        assert_eq!(at(-59), AustrianSubstantive);
        assert_eq!(at(-60), AustrianDecisive);
        assert_eq!(c.victory_level(u32::MAX, 0), PrussianDecisive);
        assert_eq!(c.victory_level(0, u32::MAX), AustrianDecisive);
        // rule 6.5.3: the GHQ lost is an Austrian decisive victory whatever the VPs
        assert_eq!(c.final_victory(500, 0, true), AustrianDecisive);
        assert_eq!(c.final_victory(500, 0, false), PrussianDecisive);
        assert_eq!(victory_level(0, 0), Draw);
        assert_eq!(PrussianDecisive.winner(), Some(Side::Prussia));
        assert_eq!(Draw.winner(), None);
    }

    #[test]
    fn armistice_from_turn_10_by_the_side_behind() {
        let c = ch();
        use VictoryLevel::*;
        // rule 4.7: from turn 10, the side with fewer VPs
        assert_eq!(c.armistice_asker(9, 80, 20), None);
        assert_eq!(c.armistice_asker(10, 80, 20), Some(Side::Austria));
        assert_eq!(c.armistice_asker(12, 20, 80), Some(Side::Prussia));
        assert_eq!(c.armistice_asker(12, 50, 50), None);
        // the die moves the current level towards the asker (RECONSTRUCTED table)
        let now = c.victory_level(80, 20);
        assert_eq!(now, PrussianDecisive);
        assert_eq!(c.armistice(6, now, Side::Austria), PrussianMarginal);
        assert_eq!(c.armistice(5, now, Side::Austria), PrussianSubstantive);
        assert_eq!(c.armistice(3, now, Side::Austria), PrussianDecisive);
        assert_eq!(c.armistice(1, now, Side::Austria), PrussianDecisive); // clamped
        assert_eq!(
            c.armistice(1, AustrianMarginal, Side::Prussia),
            AustrianSubstantive
        );
        assert_eq!(
            c.armistice(6, AustrianMarginal, Side::Prussia),
            PrussianMarginal
        );
        assert_eq!(c.armistice(0, Draw, Side::Prussia), Draw);
        assert_eq!(armistice(6, Draw, Side::Austria), AustrianSubstantive);
    }

    #[test]
    fn terrain_costs() {
        let c = ch();
        use SideKind::*;
        use Terrain::*;
        assert_eq!(c.enter_cost(Clear, 1, false, false, None), Some(1));
        assert_eq!(c.enter_cost(Woods, 1, false, false, None), Some(2));
        assert_eq!(c.enter_cost(Town, 1, false, false, None), Some(1));
        assert_eq!(c.enter_cost(Fortress, 1, false, false, None), Some(1));
        assert_eq!(c.enter_cost(Clear, 2, false, false, None), Some(2));
        assert_eq!(c.enter_cost(Clear, 3, false, false, None), Some(3));
        // the larger of terrain and elevation, not the sum
        assert_eq!(c.enter_cost(Woods, 2, false, false, None), Some(2));
        assert_eq!(c.enter_cost(Woods, 3, false, false, None), Some(3));
        // rivers add, a bridge removes
        assert_eq!(
            c.enter_cost(Clear, 1, false, false, Some((MinorRiver, false))),
            Some(2)
        );
        assert_eq!(
            c.enter_cost(Clear, 1, false, false, Some((MajorRiver, false))),
            Some(3)
        );
        assert_eq!(
            c.enter_cost(Woods, 2, false, false, Some((MajorRiver, false))),
            Some(4)
        );
        assert_eq!(
            c.enter_cost(Clear, 1, false, false, Some((MajorRiver, true))),
            Some(1)
        );
        // along a road or railway: 1 whatever the terrain or river
        assert_eq!(
            c.enter_cost(Woods, 3, true, false, Some((MajorRiver, false))),
            Some(1)
        );
        assert_eq!(c.enter_cost(Clear, 3, false, true, None), Some(1));
        // not on this game's chart
        assert_eq!(c.enter_cost(Village, 1, false, false, None), None);
        assert_eq!(c.enter_cost(Clear, 4, false, false, None), None);
        assert_eq!(
            c.enter_cost(Clear, 1, false, false, Some((Stream, false))),
            None
        );
        assert_eq!(enter_cost(Clear, 1, false, false, None), Some(1));
    }

    #[test]
    fn terrain_combat_effects() {
        let c = ch();
        use SideKind::*;
        use Terrain::*;
        assert_eq!(c.terrain_combat(Clear, 1, None), (0, 0));
        assert_eq!(c.terrain_combat(Woods, 1, None), (0, -1));
        assert_eq!(c.terrain_combat(Town, 1, None), (0, -1));
        assert_eq!(c.terrain_combat(Clear, 2, None), (0, -1));
        assert_eq!(c.terrain_combat(Clear, 3, None), (0, -2));
        // the better of terrain and elevation, not both
        assert_eq!(c.terrain_combat(Woods, 2, None), (0, -1));
        assert_eq!(c.terrain_combat(Woods, 3, None), (0, -2));
        // attacking across a river adds
        assert_eq!(c.terrain_combat(Clear, 1, Some(MinorRiver)), (0, -1));
        assert_eq!(c.terrain_combat(Woods, 2, Some(MajorRiver)), (0, -3));
        assert_eq!(c.terrain_combat(Village, 9, Some(Stream)), (0, 0));
        // rule 8.7: fortress CFs quadrupled
        assert_eq!(c.defence_multiplier(Fortress), 4);
        assert_eq!(c.defence_multiplier(Town), 1);
        assert_eq!(c.defence_multiplier(Marsh), 1);
        assert_eq!(terrain_combat(Woods, 1, None), (0, -1));
        // RECONSTRUCTED ZOC: entering stops, leaving is free
        assert!(c.zoc.stop_on_entry && c.zoc.leave_cost == 0);
    }

    #[test]
    fn initiative_and_activation() {
        let c = ch();
        // rule 4.2 (RECONSTRUCTED list): morale 1..5
        let drms: Vec<i32> = (1..=5).map(|m| c.initiative_drm(m)).collect();
        assert_eq!(drms, vec![-1, -1, 0, 1, 1]);
        assert_eq!(c.initiative_drm(0), -1);
        assert_eq!(c.initiative_drm(200), 1);
        // rule 6.5.2: the GHQ's +1 is separate
        assert_eq!(c.ghq_initiative_drm, 1);
        assert_eq!(initiative_drm(3), 0);
        // rule 4.3
        let single = |committed, disrupted| Activation::Single {
            committed,
            disrupted,
        };
        assert_eq!(c.activation_cost(single(false, false)), Some(1));
        assert_eq!(c.activation_cost(single(false, true)), Some(1));
        assert_eq!(c.activation_cost(single(true, false)), Some(3));
        assert_eq!(c.activation_cost(single(true, true)), None);
        assert_eq!(c.activation_cost(Activation::Hq { cv: 2 }), Some(2));
        // rule 6.5.1: the GHQ costs no IPs
        assert_eq!(c.activation_cost(Activation::Ghq), Some(0));
        assert_eq!(activation_cost(Activation::Hq { cv: 3 }), Some(3));
    }

    #[test]
    fn turn_track() {
        let c = ch();
        // rule 4.7: armistice from turn 10; rule 5.5: forage from turn 8 falls after 3 July
        assert_eq!(c.armistice_from_turn, 10);
        assert!(c.turn(6).is_some_and(|t| t.date.contains("3 July")));
        assert_eq!(c.turn(0), None);
        assert_eq!(c.turn(17), None);
        // rule 10.2: the VPs printed on the track, falling with time
        assert_eq!(c.ghq_vp(1), 20);
        assert_eq!(c.ghq_vp(5), 10);
        assert_eq!(c.ghq_vp(99), 0);
        assert!(c.turns.windows(2).all(|w| w[0].ghq_vp >= w[1].ghq_vp));
        // rules 8.3/8.4: brown-shaded turns
        assert!(c.siege_turn(2) && !c.siege_turn(1) && !c.siege_turn(0));
        assert_eq!(c.turns.iter().filter(|t| t.siege).count(), 8);
    }

    #[test]
    fn hand_built_tables_never_panic() {
        // the fields are public: a table built in code may break the loader's checks
        let mut c = ch();
        c.crt.die_min = 9;
        c.crt.die_max = 0;
        for die in [-100, 0, 3, 9, 100] {
            let _ = c.crt(Column(3), die);
        }
        c.terrain[0].mp = u32::MAX;
        c.rivers[0].mp = u32::MAX;
        let r = Some((SideKind::MinorRiver, false));
        assert_eq!(
            c.enter_cost(Terrain::Clear, 1, false, false, r),
            Some(u32::MAX)
        );
        c.crt.columns.clear();
        assert_eq!(c.odds_column(3, 1), Column(0));
        assert_eq!(c.crt(Column(5), 3), (SideResult::NONE, SideResult::NONE));
        assert!(c.crt_distribution(Column(0), 0).len() == 1);
        assert_eq!(c.already_disrupted_result(Column(0)), None);
        assert_eq!(c.column_label(Column(0)), "");
        let inert = Charts::inert();
        assert_eq!(inert.crt(inert.odds_column(9, 1), 6).1, SideResult::NONE);
    }

    #[test]
    fn bad_text_is_refused() {
        let good = crate::engine::scenarios::embedded_file(CHARTS_FILE).unwrap_or_default();
        assert!(from_text("x", good).is_ok());
        let cases: Vec<(String, &str)> = vec![
            (String::new(), "x:"),
            ("garbage (".into(), "x:"),
            (good.replace("\"-/2R\"", "\"-/2X\""), "2X"),
            (good.replace("\"-/3S\"]", "\"-/3S\", \"-/3S\"]"), "cells"),
            (good.replace("\"4:1\"", "\"2:1\""), "not better odds"),
            (good.replace("\"4:1\"", "\"0:1\""), "1..=1000"),
            (good.replace("\"4:1\"", "\"4-1\""), "expected a:d"),
            (
                good.replace("[60, 30, 10, -9, -29, -59]", "[60, 30, 30, -9, -29, -59]"),
                "falling",
            ),
            (good.replace("[-1, -1, 0, 1, 1]", "[-1, 0, 1]"), "Morale"),
            (
                good.replace("armistice_from_turn: 10", "armistice_from_turn: 30"),
                "armistice_from_turn",
            ),
            (
                good.replace(
                    "increase_max_die: [4, 3, 3, 2, 1]",
                    "increase_max_die: [4, 9, 3, 2, 1]",
                ),
                "0..=6",
            ),
            (good.replace("max_level: 5", "max_level: 4"), "siege"),
            (
                good.replace("armistice: [-1, -1, 0, 0, 1, 2]", "armistice: [0]"),
                "six shifts",
            ),
            (good.replace("(terrain: Town,", "(terrain: Woods,"), "twice"),
            (good.replace("road_mp: 1,", ""), "road_mp"),
            (
                good.replace("die_min: 0,", "die_min: -2147483648,"),
                "rows must cover",
            ),
            (
                good.replace("die_max: 7,", "die_max: 5,"),
                "rows must cover",
            ),
            (
                good.replace("road_mp: 1,", "road_mp: 1, extra: 2,"),
                "extra",
            ),
        ];
        for (text, needle) in &cases {
            match from_text("x", text) {
                Ok(_) => panic!("accepted a bad file (expected {needle})"),
                Err(e) => {
                    assert!(e.starts_with("x:"), "{e}");
                    assert!(e.contains(needle), "'{e}' lacks '{needle}'");
                }
            }
        }
        // cut the file anywhere: refused or accepted, never a panic
        let chars: Vec<char> = good.chars().collect();
        for cut in (0..chars.len()).step_by(37) {
            let t: String = chars[..cut].iter().chain(chars[cut + 1..].iter()).collect();
            let _ = from_text("x", &t);
            let t: String = chars[..cut].iter().collect();
            let _ = from_text("x", &t);
        }
    }
}
