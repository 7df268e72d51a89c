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
    pub fn name(self) -> &'static str {
        match self {
            Side::Austria => "Austria",
            Side::Prussia => "Prussia",
        }
    }
}
