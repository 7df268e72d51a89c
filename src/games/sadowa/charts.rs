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
