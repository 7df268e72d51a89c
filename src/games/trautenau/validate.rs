//! Load-time checks of a Trautenau – Soor scenario against the rules of its game.

use super::data::TsScenarioFile;
use crate::engine::hexmap::HexMap;

/// Checks a scenario file; the message names the offending item in 'quotes'.
pub fn check(_file: &TsScenarioFile, _map: &HexMap, _variants: &[String]) -> Result<(), String> {
    Ok(())
}
