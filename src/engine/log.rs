//! The readable game log: each entry names the turn, phase and the rule case it applied.

use bevy::prelude::Resource;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    pub turn: u8,
    pub phase: String,
    pub text: String,
    /// Rule case, e.g. "4.3.1"; empty when none applies.
    pub rule: String,
}

#[derive(Clone, Debug, Default, Resource, Serialize, Deserialize)]
pub struct GameLog {
    pub entries: Vec<LogEntry>,
}

impl GameLog {
    pub fn push(&mut self, turn: u8, phase: &str, rule: &str, text: impl Into<String>) {
        self.entries.push(LogEntry {
            turn,
            phase: phase.to_string(),
            text: text.into(),
            rule: rule.to_string(),
        });
    }
}
