//! A refused command and the rule case that refuses it.

use serde::{Deserialize, Serialize};

/// Why a command was refused, with the rule case.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refusal {
    pub rule: String,
    pub reason: String,
}

impl Refusal {
    pub fn new(rule: &str, reason: impl Into<String>) -> Self {
        Self {
            rule: rule.to_string(),
            reason: reason.into(),
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.rule.is_empty() {
            write!(f, "{}", self.reason)
        } else {
            write!(f, "{} ({})", self.reason, self.rule)
        }
    }
}
