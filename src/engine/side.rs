//! The two sides of the 1866 games (Austria with its allies, Prussia with its allies).

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Side {
    Austria,
    Prussia,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Prussia, Side::Austria];
    pub fn other(self) -> Side {
        match self {
            Side::Austria => Side::Prussia,
            Side::Prussia => Side::Austria,
        }
    }
    pub fn idx(self) -> usize {
        match self {
            Side::Austria => 0,
            Side::Prussia => 1,
        }
    }
    /// The side of a name as [`Side::name`] writes it (any case).
    pub fn from_name(name: &str) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(name))
    }
    pub fn name(self) -> &'static str {
        match self {
            Side::Austria => "Austria",
            Side::Prussia => "Prussia",
        }
    }
}
