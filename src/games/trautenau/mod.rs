//! Trautenau – Soor (VaeVictis, Great Battles of Napoleon III series): the battles of
//! 27 and 28 June 1866 at regiment scale. See docs/games/trautenau-soor.md for every rule
//! case and its status.

pub mod combat;
pub mod data;
pub mod los;
pub mod reference;
pub mod rules;
pub mod state;
pub mod validate;

pub const GAME_ID: &str = "trautenau-soor";
