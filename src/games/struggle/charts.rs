//! STUB of the 1866 charts (owner: the cards helper, who replaces this file and adds
//! `scenarios/maps/struggle-charts.ron`). Exactly the API of STRUGGLE.md with a simple
//! Battle Resolution Table; none of these numbers is the real chart.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Charts {
    /// Lowest combined SPs of each BRT column (11.2): "1-3", "4-7", "8-14", ... ">40".
    pub columns: Vec<u32>,
}

impl Charts {
    pub fn load_default() -> Result<Charts, String> {
        Ok(Charts {
            columns: vec![0, 4, 8, 15, 21, 31, 41],
        })
    }

    /// The BRT column (0 = "1-3") of a force of `sp` strength points (11.2 step 1).
    pub fn brt_column(&self, sp: u32) -> usize {
        self.columns.iter().rposition(|&m| sp >= m).unwrap_or(0)
    }

    /// Cohesion loss factor a side inflicts from `column` with `modified_die` (11.2).
    pub fn brt_loss(&self, column: usize, modified_die: i32) -> u8 {
        let d = modified_die.clamp(0, 8);
        (column as i32 + d / 2).clamp(0, 12) as u8
    }

    /// Steps lost by a force of `steps_in_force` steps to attrition with `die` (15.5).
    pub fn attrition(&self, steps_in_force: u32, die: i32) -> u8 {
        match (steps_in_force, die) {
            (0, _) => 0,
            (_, d) if d >= 5 => 1 + u8::from(steps_in_force > 8),
            _ => 0,
        }
    }

    /// Whether a siege roll reduces the place (13.31).
    pub fn siege_reduced(&self, modified_die: i32) -> bool {
        modified_die >= 3
    }
}
