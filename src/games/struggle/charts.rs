//! The charts of 1866: The Struggle for Supremacy in Germany: Battle Resolution Table
//! (11.2), Attrition Table (15.5), Siege Table (13.31), the battle effects of the Terrain
//! Effects Chart, the turn tracks (5.7), hands and rounds (5.1, 8.1, 16.3, optional rule 1)
//! and the VP track (4.3).
//!
//! All tables are RECONSTRUCTED (the rulebook names them but does not print them); the data
//! is `scenarios/maps/struggle-charts.ron` and docs/games/struggle-charts.md gives the
//! reasoning. Every lookup clamps, so no input panics.

use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The charts file, relative to `scenarios/`.
pub const CHARTS_FILE: &str = "maps/struggle-charts.ron";

/// One column of the Battle Resolution Table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BrtColumn {
    pub label: String,
    /// The least combined SP read on this column.
    pub min_sp: u32,
    /// Cohesion loss factor inflicted, by modified die from `die_low` to `die_high`.
    pub losses: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Brt {
    pub die_low: i32,
    pub die_high: i32,
    pub columns: Vec<BrtColumn>,
}

/// Die roll modifiers the rules name.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Drms {
    /// 10.3: the intercepting force's battle die.
    pub interception: i32,
    /// 10.4, 10.5: a defender that failed to avoid battle.
    pub failed_avoid: i32,
    /// 15.3: an unsupplied force's battle die.
    pub unsupplied: i32,
    /// 11.43: a supporting army with cavalry.
    pub support_cavalry: i32,
    /// 11.42: added to the supporting general's offensive rating to give the number the
    /// support roll must not exceed (RECONSTRUCTED from the example of play; 0 reads 11.42
    /// as printed).
    #[serde(default)]
    pub support_base: i32,
    /// 12.4, 17.1: a pursuer with more cavalry divisions.
    pub pursuit_cavalry: i32,
    /// 15.3: an unsupplied besieger on the Siege Table.
    pub siege_unsupplied: i32,
}

/// The battle effects of the Terrain Effects Chart.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct TerrainBattle {
    /// 11.45 and the example: the defender's die when attacked across a river.
    pub river_defender_drm: i32,
    /// Column shift of the attacker's die when attacking along a mountain route.
    pub mountain_attacker_shift: i32,
    /// The defender's die when fighting in an unreduced fortress space.
    pub fortress_defender_drm: i32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AttritionRow {
    /// The least number of steps in the force read on this row.
    pub min_steps: u32,
    /// Steps lost for die 1..=6.
    pub losses: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SiegeTable {
    pub die_low: i32,
    /// Reduced? by modified die from `die_low` upwards.
    pub reduced: Vec<bool>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TurnBox {
    pub name: String,
    pub dates: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandSize {
    pub cards: u8,
    pub rounds: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hands {
    pub mobilization: HandSize,
    pub war: HandSize,
    pub war_austria_with_france: HandSize,
    pub optional_extra: HandSize,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct VpTrack {
    /// The last box on each side (15+).
    pub max: i32,
    /// An automatic victory at this many VPs or more in the Victory Check (21.1).
    pub auto_victory: i32,
}

/// All the charts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Charts {
    pub brt: Brt,
    pub drms: Drms,
    pub terrain: TerrainBattle,
    pub attrition: Vec<AttritionRow>,
    pub siege: SiegeTable,
    pub mobilization_turns: Vec<TurnBox>,
    pub war_turns: Vec<TurnBox>,
    pub hands: Hands,
    pub vp: VpTrack,
}

impl Charts {
    /// The embedded charts, parsed and checked.
    pub fn load_default() -> Result<Charts, String> {
        let text = crate::engine::scenarios::embedded_file(CHARTS_FILE)
            .ok_or_else(|| format!("{CHARTS_FILE}: not embedded"))?;
        Self::from_text(CHARTS_FILE, text)
    }

    /// Parses and checks a charts file; `name` prefixes the error. Never panics.
    pub fn from_text(name: &str, text: &str) -> Result<Charts, String> {
        let c: Charts = ron::de::from_str(text)
            .map_err(|e| crate::engine::save::describe_ron_error(name, &e))?;
        c.check().map_err(|e| format!("{name}: {e}"))?;
        Ok(c)
    }

    /// The embedded charts, loaded once. The test `charts_file_loads` keeps a broken file
    /// from shipping; should it ever fail, an inert set of charts (every loss 0) is used and
    /// [`Charts::load_default`] reports the error.
    pub fn shared() -> &'static Charts {
        static CHARTS: OnceLock<Charts> = OnceLock::new();
        CHARTS.get_or_init(|| Charts::load_default().unwrap_or_else(|_| Charts::inert()))
    }

    fn inert() -> Charts {
        let hs = HandSize {
            cards: 0,
            rounds: 0,
        };
        Charts {
            brt: Brt {
                die_low: 0,
                die_high: 0,
                columns: vec![BrtColumn {
                    label: "1-3".into(),
                    min_sp: 1,
                    losses: vec![0],
                }],
            },
            drms: Drms {
                interception: 0,
                failed_avoid: 0,
                unsupplied: 0,
                support_cavalry: 0,
                support_base: 0,
                pursuit_cavalry: 0,
                siege_unsupplied: 0,
            },
            terrain: TerrainBattle {
                river_defender_drm: 0,
                mountain_attacker_shift: 0,
                fortress_defender_drm: 0,
            },
            attrition: vec![AttritionRow {
                min_steps: 1,
                losses: vec![0; 6],
            }],
            siege: SiegeTable {
                die_low: 0,
                reduced: vec![false],
            },
            mobilization_turns: Vec::new(),
            war_turns: Vec::new(),
            hands: Hands {
                mobilization: hs,
                war: hs,
                war_austria_with_france: hs,
                optional_extra: hs,
            },
            vp: VpTrack {
                max: 15,
                auto_victory: 15,
            },
        }
    }

    fn check(&self) -> Result<(), String> {
        let b = &self.brt;
        if b.die_high < b.die_low || b.die_high - b.die_low > 30 {
            return Err("brt: die_low..=die_high must span 1..=31 rows".into());
        }
        let rows = (b.die_high - b.die_low + 1) as usize;
        if b.columns.is_empty() || b.columns[0].min_sp != 1 || b.columns[0].label != "1-3" {
            return Err("brt: the first column is \"1-3\" from 1 SP (11.2)".into());
        }
        if b.columns.last().map(|c| c.label.as_str()) != Some(">40") {
            return Err("brt: the last column is \">40\" (11.2)".into());
        }
        for (i, c) in b.columns.iter().enumerate() {
            if c.losses.len() != rows {
                return Err(format!(
                    "brt column {}: {} losses, need {rows}",
                    c.label,
                    c.losses.len()
                ));
            }
            if c.losses.windows(2).any(|w| w[1] < w[0]) {
                return Err(format!(
                    "brt column {}: a higher die never inflicts less",
                    c.label
                ));
            }
            if i > 0 {
                let p = &b.columns[i - 1];
                if c.min_sp <= p.min_sp {
                    return Err(format!("brt column {}: columns must rise in SPs", c.label));
                }
                if c.losses.iter().zip(&p.losses).any(|(a, b)| a < b) {
                    return Err(format!(
                        "brt column {}: a bigger force never inflicts less",
                        c.label
                    ));
                }
            }
        }
        if self.attrition.is_empty() || self.attrition[0].min_steps > 1 {
            return Err("attrition: the first row starts at 1 step".into());
        }
        if self.attrition.iter().any(|r| r.losses.len() != 6) {
            return Err("attrition: each row has 6 results, die 1-6".into());
        }
        if self
            .attrition
            .windows(2)
            .any(|w| w[1].min_steps <= w[0].min_steps)
        {
            return Err("attrition: rows must rise in steps".into());
        }
        if self.siege.reduced.is_empty() || self.siege.reduced.len() > 40 {
            return Err("siege: 1..=40 rows".into());
        }
        if self.siege.reduced.windows(2).any(|w| w[0] && !w[1]) {
            return Err("siege: a higher die never does worse".into());
        }
        if self.mobilization_turns.len() != 4 {
            return Err("mobilization_turns: 4 turns (7.22)".into());
        }
        if self.war_turns.len() != 10 {
            return Err("war_turns: 10 turns (22.1, 22.2)".into());
        }
        for h in [
            self.hands.mobilization,
            self.hands.war,
            self.hands.war_austria_with_france,
        ] {
            if h.cards == 0 || h.rounds == 0 || h.rounds > h.cards + 1 {
                return Err("hands: cards and rounds must be 1 or more".into());
            }
        }
        if self.vp.max <= 0 || self.vp.auto_victory <= 0 || self.vp.auto_victory > self.vp.max {
            return Err("vp: 0 < auto_victory <= max".into());
        }
        Ok(())
    }

    /// The number of BRT columns.
    pub fn brt_columns(&self) -> usize {
        self.brt.columns.len()
    }

    /// The label of a column ("1-3" ... ">40"), clamped.
    pub fn brt_label(&self, column: usize) -> &str {
        let c = column.min(self.brt.columns.len().saturating_sub(1));
        self.brt.columns.get(c).map_or("", |c| c.label.as_str())
    }

    /// 11.2 step 1: the column of a force of `sp` combined SPs; 0 SPs reads the "1-3"
    /// column (11.2 step 2).
    pub fn brt_column(&self, sp: u32) -> usize {
        self.brt
            .columns
            .iter()
            .rposition(|c| sp >= c.min_sp)
            .unwrap_or(0)
    }

    /// 11.2 step 2: a column after shifts, clamped to "1-3" .. ">40".
    pub fn brt_shift(&self, column: usize, shift: i32) -> usize {
        let last = self.brt.columns.len().saturating_sub(1) as i64;
        (column as i64 + shift as i64).clamp(0, last) as usize
    }

    /// 11.2 step 3: the cohesion loss factor a modified die inflicts on that column; a die
    /// beyond the table is read on its end row.
    pub fn brt_loss(&self, column: usize, modified_die: i32) -> u8 {
        let Some(col) = self
            .brt
            .columns
            .get(column.min(self.brt.columns.len().saturating_sub(1)))
        else {
            return 0;
        };
        let d = modified_die.clamp(self.brt.die_low, self.brt.die_high) - self.brt.die_low;
        col.losses.get(d as usize).copied().unwrap_or(0)
    }

    /// 15.5: steps lost by a force of `steps_in_force` steps on an unmodified die 1-6,
    /// never more than it has.
    pub fn attrition(&self, steps_in_force: u32, die: i32) -> u8 {
        if steps_in_force == 0 {
            return 0;
        }
        let Some(row) = self
            .attrition
            .iter()
            .rev()
            .find(|r| steps_in_force >= r.min_steps)
            .or(self.attrition.first())
        else {
            return 0;
        };
        let d = (die.clamp(1, 6) - 1) as usize;
        (row.losses.get(d).copied().unwrap_or(0) as u32).min(steps_in_force) as u8
    }

    /// 13.31: does this modified die reduce the fortress or major city?
    pub fn siege_reduced(&self, modified_die: i32) -> bool {
        let n = self.siege.reduced.len() as i32;
        let i = (modified_die - self.siege.die_low).clamp(0, n - 1);
        self.siege.reduced.get(i as usize).copied().unwrap_or(false)
    }

    /// 5.1, 8.1, 16.3, optional rule 1: cards dealt and operational rounds of a side.
    pub fn hand(&self, war: bool, austria_with_france: bool, increased_hands: bool) -> HandSize {
        let base = match (war, austria_with_france) {
            (false, _) => self.hands.mobilization,
            (true, false) => self.hands.war,
            (true, true) => self.hands.war_austria_with_france,
        };
        if increased_hands {
            HandSize {
                cards: base.cards + self.hands.optional_extra.cards,
                rounds: base.rounds + self.hands.optional_extra.rounds,
            }
        } else {
            base
        }
    }

    /// The name and dates of a turn (`war`: on the War track), 1-based; None off the track.
    pub fn turn(&self, war: bool, n: usize) -> Option<&TurnBox> {
        let track = if war {
            &self.war_turns
        } else {
            &self.mobilization_turns
        };
        n.checked_sub(1).and_then(|i| track.get(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn charts() -> Charts {
        Charts::load_default().expect("embedded charts load")
    }

    #[test]
    fn charts_file_loads() {
        let c = charts();
        assert_eq!(c.brt_label(0), "1-3");
        assert_eq!(c.brt_label(99), ">40");
        assert_eq!(Charts::shared().brt_columns(), c.brt_columns());
    }

    // Example of play, War turn 1 WOR3: 11 SPs read "8-14", the Hanoverians "4-7"; a
    // modified 6 on "8-14" inflicts 5 CF, a modified 4 on "4-7" inflicts 3 CF.
    #[test]
    fn brt_fits_the_hanover_battle() {
        let c = charts();
        let att = c.brt_column(11);
        let def = c.brt_column(5);
        assert_eq!(c.brt_label(att), "8-14");
        assert_eq!(c.brt_label(def), "4-7");
        assert_eq!(c.brt_loss(att, 6), 5);
        assert_eq!(c.brt_loss(def, 4), 3);
        // 11.2 step 2: 0 SPs uses "1-3"; shifts clamp at both ends.
        assert_eq!(c.brt_column(0), 0);
        assert_eq!(c.brt_shift(0, -3), 0);
        assert_eq!(c.brt_label(c.brt_shift(att, 40)), ">40");
        assert_eq!(c.brt_label(c.brt_column(41)), ">40");
        assert_eq!(c.brt_label(c.brt_column(40)), "31-40");
        assert_eq!(c.brt_label(c.brt_column(3)), "1-3");
        assert_eq!(c.brt_label(c.brt_column(4)), "4-7");
        // Far outside the table reads the end rows.
        assert_eq!(c.brt_loss(att, -9), c.brt_loss(att, 0));
        assert_eq!(c.brt_loss(att, 99), c.brt_loss(att, 8));
    }

    // 13.31 and the example: Hanover 4-1, Ferrara 6-2, Bologna 4-1 are all Reduced.
    #[test]
    fn siege_table_fits_the_example() {
        let c = charts();
        assert!(c.siege_reduced(4 - 1)); // Hanover, major city
        assert!(c.siege_reduced(6 - 2)); // Ferrara, fortress 2
        assert!(c.siege_reduced(4 - 1)); // Bologna, major city
        assert!(!c.siege_reduced(1 - 1));
        assert!(!c.siege_reduced(-50) && c.siege_reduced(50));
    }

    #[test]
    fn attrition_never_exceeds_the_force() {
        let c = charts();
        assert_eq!(c.attrition(0, 6), 0);
        assert!(c.attrition(1, 6) <= 1);
        assert!(c.attrition(40, 6) > c.attrition(2, 6));
        assert_eq!(c.attrition(40, 99), c.attrition(40, 6));
    }

    // 5.1, 8.1, 16.3, optional rule 1.
    #[test]
    fn hands_and_rounds() {
        let c = charts();
        let h = |w, f, o| {
            let x = c.hand(w, f, o);
            (x.cards, x.rounds)
        };
        assert_eq!(h(false, false, false), (4, 4));
        assert_eq!(h(true, false, false), (7, 6));
        assert_eq!(h(true, true, false), (8, 7));
        assert_eq!(h(false, false, true), (5, 5));
        assert_eq!(h(true, false, true), (8, 7));
        assert_eq!(h(true, true, true), (9, 8));
    }

    #[test]
    fn turn_tracks() {
        let c = charts();
        assert_eq!(c.turn(false, 1).map(|t| t.name.as_str()), Some("May I"));
        assert_eq!(c.turn(false, 2).map(|t| t.name.as_str()), Some("May II"));
        assert_eq!(
            c.turn(true, 1).map(|t| t.dates.as_str()),
            Some("June 16 - 22 1866")
        );
        assert!(c.turn(true, 11).is_none() && c.turn(true, 0).is_none());
    }

    #[test]
    fn broken_charts_are_refused_with_a_reason() {
        let good = crate::engine::scenarios::embedded_file(CHARTS_FILE).unwrap_or_default();
        let bad = good.replacen("[0, 1, 1, 2, 3, 3, 4, 4, 5]", "[0, 1, 1, 2, 3, 3, 4, 4]", 1);
        let e = Charts::from_text("x.ron", &bad).expect_err("short column");
        assert!(e.contains("4-7"), "{e}");
        let e = Charts::from_text("x.ron", "(brt: ").expect_err("syntax");
        assert!(e.starts_with("x.ron"), "{e}");
    }
}
