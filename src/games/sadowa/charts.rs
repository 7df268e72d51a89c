//! STUB (replaced by the charts branch): the game's tables.

#[derive(Clone, Debug, Default)]
pub struct Charts {
    pub turns: u8,
}

pub fn load() -> Result<Charts, String> {
    Ok(Charts { turns: 15 })
}

pub fn initiative_drm(morale: u8) -> i32 {
    morale as i32 - 3
}

pub fn morale(own: u32, enemy: u32) -> u8 {
    (3 + own.div_ceil(20) as i32 - enemy.div_ceil(20) as i32).clamp(1, 5) as u8
}

impl Charts {
    /// 10.2: the VP printed on the turn track for `turn`.
    pub fn ghq_vp(&self, turn: u8) -> u32 {
        turn as u32
    }
}

// ---------------------------------------------------------------------------------
// Added by the sieges/victory helper (branch ssiege): the same API as the real charts of
// branch scharts (turn track, Siege Level Table, victory levels, Armistice Table) with the
// same numbers, so that siege.rs and flow.rs compile against the stub. When the real
// charts are merged, this block goes with the stub.
// ---------------------------------------------------------------------------------

use crate::engine::side::Side;

/// 14.1 (RECONSTRUCTED): the levels of victory, from Austria's best to Prussia's best.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
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
    pub fn score(self) -> i32 {
        self as i32 - 3
    }
    pub fn from_score(score: i32) -> VictoryLevel {
        VictoryLevel::ALL[(score.clamp(-3, 3) + 3) as usize]
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

/// 8.3: a besieged fortress surrenders if the die is at most the Siege Level; Siege 0 is
/// immune.
pub fn siege_surrender(level: u8, die: u8) -> bool {
    level > 0 && (1..=6).contains(&die) && die <= level
}

const STUB_SIEGE_MAX_DIE: [u8; 5] = [4, 3, 3, 2, 1];
const STUB_ARMISTICE: [i32; 6] = [-1, -1, 0, 0, 1, 2];
const STUB_VICTORY_MIN_DIFF: [i64; 6] = [60, 30, 10, -9, -29, -59];

impl Charts {
    pub fn turn_count(&self) -> u8 {
        self.turns
    }
    /// 8.3, 8.4: is turn `n` brown-shaded? (every second turn)
    pub fn siege_turn(&self, n: u8) -> bool {
        n >= 1 && n <= self.turns && n % 2 == 0
    }
    /// 8.4: does `die` raise the Siege Level from `level`?
    pub fn siege_increase(&self, level: u8, die: u8) -> bool {
        (1..=6).contains(&die)
            && STUB_SIEGE_MAX_DIE
                .get(level as usize)
                .is_some_and(|&m| die <= m)
    }
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
        for (min, level) in STUB_VICTORY_MIN_DIFF.iter().zip(from_best) {
            if d >= *min {
                return level;
            }
        }
        VictoryLevel::AustrianDecisive
    }
    /// 4.7: the side that may ask for an armistice on `turn`.
    pub fn armistice_asker(&self, turn: u8, vp_prussia: u32, vp_austria: u32) -> Option<Side> {
        if turn < 10 {
            return None;
        }
        match vp_prussia.cmp(&vp_austria) {
            std::cmp::Ordering::Less => Some(Side::Prussia),
            std::cmp::Ordering::Greater => Some(Side::Austria),
            std::cmp::Ordering::Equal => None,
        }
    }
    pub fn armistice_shift(&self, die: u8) -> i32 {
        if !(1..=6).contains(&die) {
            return 0;
        }
        STUB_ARMISTICE[die as usize - 1]
    }
    /// 4.7: the final level after `asker` rolls `die` against the `current` level.
    pub fn armistice(&self, die: u8, current: VictoryLevel, asker: Side) -> VictoryLevel {
        let s = self.armistice_shift(die);
        let towards = match asker {
            Side::Prussia => s,
            Side::Austria => -s,
        };
        VictoryLevel::from_score(current.score() + towards)
    }
}
