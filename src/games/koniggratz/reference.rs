//! The in-game rules reference: every case of the rulebook in our own words
//! (assets/rules/koniggratz.ron, embedded), searchable, and the target of every case
//! number the log, refusals and modifiers cite.

use serde::Deserialize;

#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct RuleCase {
    pub case: String,
    pub title: String,
    pub text: String,
}

pub const SOURCE: &str = include_str!("../../../assets/rules/koniggratz.ron");

/// All cases in rulebook order; an empty list if the file is broken (a test checks it).
pub fn cases() -> Vec<RuleCase> {
    ron::de::from_str(SOURCE).unwrap_or_default()
}

/// The entry for a cited case: exact, or the case without its letter ("4.3e" -> "4.3").
pub fn lookup<'a>(cases: &'a [RuleCase], case: &str) -> Option<&'a RuleCase> {
    cases.iter().find(|c| c.case == case).or_else(|| {
        let trimmed = case.trim_end_matches(|ch: char| ch.is_ascii_lowercase());
        cases.iter().find(|c| c.case == trimmed)
    })
}

/// Cases whose number, title or text contain every word of `query` (case-insensitive).
pub fn search<'a>(cases: &'a [RuleCase], query: &str) -> Vec<&'a RuleCase> {
    let words: Vec<String> = query.split_whitespace().map(|w| w.to_lowercase()).collect();
    cases
        .iter()
        .filter(|c| {
            let hay = format!("{} {} {}", c.case, c.title, c.text).to_lowercase();
            words.iter().all(|w| hay.contains(w))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_parses_and_every_cited_case_exists() {
        let cases = cases();
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
