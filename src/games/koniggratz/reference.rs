//! The in-game rules reference: every case of the rulebook in our own words
//! (assets/rules/koniggratz.ron, embedded), searchable, and the target of every case
//! number the log, refusals and modifiers cite.

pub use crate::engine::reference::{RuleCase, lookup, search};

pub const SOURCE: &str = include_str!("../../../assets/rules/koniggratz.ron");

/// All cases in rulebook order; an empty list if the file is broken (a test checks it).
pub fn cases() -> Vec<RuleCase> {
    crate::engine::reference::parse(SOURCE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_parses_and_every_cited_case_exists() {
        if let Err(e) = crate::engine::reference::try_parse(SOURCE) {
            panic!("assets/rules/koniggratz.ron: {e}");
        }
        let cases = cases();
        assert!(crate::engine::reference::duplicates(&cases).is_empty());
        assert!(cases.len() > 50, "reference has {} cases", cases.len());
        // every case number cited in this game's code (log, refusals, modifiers, dice)
        let sources = [
            include_str!("rules.rs"),
            include_str!("combat.rs"),
            include_str!("flow.rs"),
            include_str!("ecs.rs"),
        ];
        for src in sources {
            for part in src.split('"').skip(1).step_by(2) {
                let is_case = part.len() <= 6
                    && part.chars().next().is_some_and(|c| c.is_ascii_digit())
                    && part.chars().nth(1) == Some('.')
                    && part
                        .chars()
                        .all(|c| c.is_ascii_digit() || c == '.' || c.is_ascii_lowercase());
                if is_case {
                    assert!(
                        lookup(&cases, part).is_some(),
                        "case {part} is cited but missing from the reference"
                    );
                }
            }
        }
        assert!(
            search(&cases, "deathride")
                .iter()
                .any(|c| c.case == "3.4.1")
        );
    }
}
