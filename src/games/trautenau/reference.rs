//! The in-game rules reference of Trautenau – Soor: every case of the rulebook in our own
//! words (assets/rules/trautenau-soor.ron, embedded), plus the terrain effects table
//! ("TEC"), the combat results table ("CRT") and the morale summary ("MORALE").

pub use crate::engine::reference::{RuleCase, lookup, search};

pub const SOURCE: &str = include_str!("../../../assets/rules/trautenau-soor.ron");

/// All cases in rulebook order; an empty list if the file is broken (a test checks it).
pub fn cases() -> Vec<RuleCase> {
    crate::engine::reference::parse(SOURCE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::reference::{duplicates, try_parse};

    /// Every case of the rulebook, in its order, and the three summary tables.
    const EXPECTED: &[&str] = &[
        "1", "1.1", "1.2", "1.2.1", "1.2.2", "1.2.3", "1.2.4", "1.3", "2", "3", "4", "5", "5.1",
        "5.2", "6", "7", "7.1", "7.2", "8", "9", "9.1", "9.1.1", "9.1.2", "9.1.3", "9.1.4", "9.2",
        "9.2.2", "9.3", "9.4", "9.5", "9.5.1", "9.5.2", "9.5.3", "9.5.4", "9.5.5", "9.5.6",
        "9.5.7", "9.5.8", "9.5.9", "9.5.10", "9.5.11", "9.5.12", "9.5.13", "10", "10.1", "10.2",
        "11", "11.1", "11.1.1", "11.1.2", "11.1.3", "11.1.4", "11.1.5", "11.2", "11.3", "11.4",
        "11.4.1", "11.4.2", "12", "12.1", "12.1.1", "12.1.2", "12.1.3", "12.1.4", "12.1.5", "12.2",
        "12.3", "12.4", "12.4.1", "12.4.2", "13", "13.1", "13.2", "13.3", "13.3.1", "13.3.2",
        "13.4", "TEC", "CRT", "MORALE",
    ];

    #[test]
    fn reference_parses_without_duplicates_and_in_rulebook_order() {
        if let Err(e) = try_parse(SOURCE) {
            panic!("assets/rules/trautenau-soor.ron: {e}");
        }
        let cases = cases();
        assert!(
            duplicates(&cases).is_empty(),
            "duplicates: {:?}",
            duplicates(&cases)
        );
        let numbers: Vec<&str> = cases.iter().map(|c| c.case.as_str()).collect();
        assert_eq!(numbers, EXPECTED);
        for c in &cases {
            assert!(
                !c.title.is_empty() && !c.text.is_empty(),
                "case {} is empty",
                c.case
            );
        }
    }

    #[test]
    fn lookup_is_exact_then_drops_a_letter() {
        let cases = cases();
        for case in EXPECTED {
            assert_eq!(lookup(&cases, case).map(|c| c.case.as_str()), Some(*case));
        }
        assert_eq!(
            lookup(&cases, "9.5.3").map(|c| c.title.as_str()),
            Some("Resolving assaults")
        );
        assert_eq!(
            lookup(&cases, "9.5.3a").map(|c| c.case.as_str()),
            Some("9.5.3")
        );
        assert_eq!(
            lookup(&cases, "11.4.1b").map(|c| c.case.as_str()),
            Some("11.4.1")
        );
        assert!(lookup(&cases, "9.9").is_none());
    }

    #[test]
    fn search_finds_rules_by_words() {
        let cases = cases();
        let hits: Vec<&str> = search(&cases, "steep slope")
            .iter()
            .map(|c| c.case.as_str())
            .collect();
        for case in ["1.1", "5", "9.2"] {
            assert!(
                hits.contains(&case),
                "'steep slope' misses {case}: {hits:?}"
            );
        }
        let dreyse: Vec<&str> = search(&cases, "dreyse")
            .iter()
            .map(|c| c.case.as_str())
            .collect();
        assert!(dreyse.contains(&"CRT"), "{dreyse:?}");
        // the French note of 11.4.1, translated
        let trautenau = lookup(&cases, "11.4.1").unwrap();
        assert!(trautenau.text.contains("0607") && trautenau.text.contains("0707"));
    }

    /// Every case number the game's code cites (log, refusals, modifiers, dice) opens a
    /// case of the reference.
    #[test]
    fn every_cited_case_exists() {
        let cases = cases();
        let sources = [
            include_str!("rules.rs"),
            include_str!("los.rs"),
            include_str!("combat.rs"),
            include_str!("flow.rs"),
            include_str!("ecs.rs"),
            include_str!("hours.rs"),
            include_str!("turn.rs"),
            include_str!("scoring.rs"),
            include_str!("odds.rs"),
            include_str!("losses.rs"),
            include_str!("steps/mod.rs"),
            include_str!("steps/chief_move.rs"),
            include_str!("steps/choose_first.rs"),
            include_str!("steps/redeploy.rs"),
            include_str!("steps/chief_command.rs"),
            include_str!("steps/barrage.rs"),
            include_str!("steps/movement.rs"),
            include_str!("steps/declare.rs"),
            include_str!("steps/combat.rs"),
            include_str!("steps/defence.rs"),
            include_str!("steps/retreat.rs"),
            include_str!("steps/advance.rs"),
            include_str!("steps/aide.rs"),
            include_str!("steps/rally.rs"),
            include_str!("steps/night.rs"),
            include_str!("steps/game_over.rs"),
        ];
        let mut checked = 0;
        for src in sources {
            for part in src.split('"').skip(1).step_by(2) {
                let nums: Vec<&str> = part.split('.').collect();
                let is_case = part.len() <= 8
                    && nums.len() >= 2
                    && nums
                        .iter()
                        .all(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
                    || matches!(part, "TEC" | "CRT" | "MORALE");
                if is_case {
                    checked += 1;
                    assert!(
                        lookup(&cases, part).is_some(),
                        "case {part} is cited but missing from the reference"
                    );
                }
            }
        }
        assert!(checked > 50, "only {checked} citations found");
    }
}
