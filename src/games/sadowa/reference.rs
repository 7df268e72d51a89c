//! The in-game rules reference: every case and section of the rulebook in our own words
//! (assets/rules/sadowa.ron, embedded), with entries for the RECONSTRUCTED charts,
//! searchable, and the target of every case number the log, refusals and modifiers cite.

pub use crate::engine::reference::{RuleCase, lookup, search};

pub const SOURCE: &str = include_str!("../../../assets/rules/sadowa.ron");

/// All cases in rulebook order; an empty list if the file is broken (a test checks it).
pub fn cases() -> Vec<RuleCase> {
    crate::engine::reference::parse(SOURCE)
}

/// The string literals of a Rust source (the shared scanner).
#[cfg(test)]
fn string_literals(src: &str) -> Vec<String> {
    crate::engine::reference::string_literals(src)
}

/// Case numbers in a text, with a first part 1-14 (the shared scanner).
#[cfg(test)]
fn case_numbers(text: &str) -> Vec<String> {
    crate::engine::reference::case_numbers(text, 1..=14)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every .rs file of the game (the integrator adds new files here).
    const SOURCES: &[(&str, &str)] = &[
        ("bench.rs", include_str!("bench.rs")),
        ("charts.rs", include_str!("charts.rs")),
        ("combat.rs", include_str!("combat.rs")),
        ("data.rs", include_str!("data.rs")),
        ("ecs.rs", include_str!("ecs.rs")),
        ("flow.rs", include_str!("flow.rs")),
        ("map.rs", include_str!("map.rs")),
        ("mod.rs", include_str!("mod.rs")),
        ("movement.rs", include_str!("movement.rs")),
        ("siege.rs", include_str!("siege.rs")),
        ("state.rs", include_str!("state.rs")),
        ("supply.rs", include_str!("supply.rs")),
        ("steps/activate.rs", include_str!("steps/activate.rs")),
        ("steps/advance.rs", include_str!("steps/advance.rs")),
        ("steps/armistice.rs", include_str!("steps/armistice.rs")),
        ("steps/attack.rs", include_str!("steps/attack.rs")),
        ("steps/forage.rs", include_str!("steps/forage.rs")),
        ("steps/game_over.rs", include_str!("steps/game_over.rs")),
        ("steps/mod.rs", include_str!("steps/mod.rs")),
        ("steps/reinforce.rs", include_str!("steps/reinforce.rs")),
        ("steps/retreat.rs", include_str!("steps/retreat.rs")),
        ("steps/setup.rs", include_str!("steps/setup.rs")),
        ("steps/siege.rs", include_str!("steps/siege.rs")),
        ("steps/surrender.rs", include_str!("steps/surrender.rs")),
        ("ui/charts.rs", include_str!("ui/charts.rs")),
        ("ui/clicks.rs", include_str!("ui/clicks.rs")),
        ("ui/counters.rs", include_str!("ui/counters.rs")),
        ("ui/highlights.rs", include_str!("ui/highlights.rs")),
        ("ui/hooks.rs", include_str!("ui/hooks.rs")),
        ("ui/mod.rs", include_str!("ui/mod.rs")),
        ("ui/on_screen.rs", include_str!("ui/on_screen.rs")),
        ("ui/overlay.rs", include_str!("ui/overlay.rs")),
        ("ai.rs", include_str!("ai.rs")),
        ("ui/panels.rs", include_str!("ui/panels.rs")),
    ];

    /// Every .rs file under src/games/sadowa/ is in SOURCES, so that a file added later
    /// is scanned too (this test names the file to add).
    #[test]
    fn every_rust_file_of_the_game_is_scanned() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games/sadowa");
        let mut dirs = vec![root.clone()];
        let mut files = Vec::new();
        while let Some(dir) = dirs.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for e in entries.flatten() {
                let path = e.path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|x| x == "rs")
                    && let Ok(rel) = path.strip_prefix(&root)
                {
                    files.push(rel.to_string_lossy().replace('\\', "/"));
                }
            }
        }
        assert!(files.len() > 10, "found only {files:?}");
        for f in files {
            assert!(
                f == "reference.rs" || SOURCES.iter().any(|(name, _)| *name == f),
                "src/games/sadowa/{f} is not scanned for cited cases: add it to SOURCES"
            );
        }
    }

    #[test]
    fn reference_parses_without_duplicates() {
        if let Err(e) = crate::engine::reference::try_parse(SOURCE) {
            panic!("assets/rules/sadowa.ron: {e}");
        }
        let cases = cases();
        let dups = crate::engine::reference::duplicates(&cases);
        assert!(dups.is_empty(), "duplicate cases {dups:?}");
        for c in &cases {
            assert!(
                !c.title.is_empty() && !c.text.is_empty(),
                "{} is empty",
                c.case
            );
        }
    }

    #[test]
    fn every_section_and_case_of_the_rulebook_has_an_entry() {
        let cases = cases();
        let expected = [
            "1.0",
            "2.0",
            "2.1",
            "2.1.1",
            "2.2",
            "2.2.1",
            "2.2.2",
            "2.2.3",
            "2.2.4",
            "2.3",
            "3.0",
            "3.1",
            "3.2",
            "3.3",
            "4.0",
            "4.1",
            "4.2",
            "4.2.1",
            "4.3",
            "4.4",
            "4.5",
            "4.6",
            "4.7",
            "4.8",
            "5.0",
            "5.1",
            "5.2",
            "5.3",
            "5.4",
            "5.5",
            "6.0",
            "6.1",
            "6.2",
            "6.3",
            "6.4",
            "6.5",
            "6.5.1",
            "6.5.2",
            "6.5.3",
            "7.0",
            "7.1",
            "7.1.1",
            "7.1.2",
            "7.2",
            "7.2.1",
            "7.2.2",
            "7.2.3",
            "7.3",
            "7.3.1",
            "7.3.2",
            "7.4",
            "7.4.1",
            "7.4.2",
            "7.4.3",
            "7.5",
            "8.0",
            "8.1",
            "8.2",
            "8.3",
            "8.4",
            "8.5",
            "8.6",
            "8.7",
            "8.8",
            "8.9",
            "9.0",
            "9.1",
            "9.2",
            "9.3",
            "9.4",
            "9.5",
            "10.0",
            "10.1",
            "10.2",
            "11.0",
            "12.0",
            "12.1",
            "12.2",
            "13.0",
            "13.1",
            "13.2",
            "14.0",
            "14.1",
            "CRT",
            "TEC",
            "IP Activation Chart",
            "Initiative Modifiers",
            "Siege Level Table",
            "Armistice Table",
            "Turn Track",
            "Victory Levels",
        ];
        for case in expected {
            assert!(
                cases.iter().any(|c| c.case == case),
                "{case} missing from the reference"
            );
        }
        // the reconstructed tables say so
        for table in &cases[cases.len() - 8..] {
            assert!(!table.case.contains('.'), "{} is not a table", table.case);
        }
        for table in [
            "CRT",
            "TEC",
            "Turn Track",
            "Victory Levels",
            "Siege Level Table",
        ] {
            let c = lookup(&cases, table)
                .map(|c| c.text.clone())
                .unwrap_or_default();
            assert!(
                c.contains("RECONSTRUCTED") || c.contains("reconstruction"),
                "{table}"
            );
        }
        assert!(search(&cases, "forage 15").iter().any(|c| c.case == "5.5"));
        assert!(search(&cases, "2917 3517").iter().any(|c| c.case == "14.0"));
    }

    #[test]
    fn scanner_finds_cases_in_literals_only() {
        let src = "// rule 99.9 in a comment\nlet a = \"7.3.1\"; let b = '\"'; let c = \"see (4.2.1) and 10.2, 3.1e\";\n/* \"5.5\" */ let d = r#\"x 8.4 \"y\"#; let e = \"1.5 MP? no: v0.19, 2023.1.2, 15.1\";";
        let found: Vec<String> = string_literals(src)
            .iter()
            .flat_map(|s| case_numbers(s))
            .collect();
        assert_eq!(found, ["7.3.1", "4.2.1", "10.2", "3.1e", "8.4", "1.5"]);
    }

    #[test]
    fn every_case_cited_in_the_code_exists() {
        let cases = cases();
        let mut cited = 0;
        for (file, src) in SOURCES {
            for lit in string_literals(src) {
                for case in case_numbers(&lit) {
                    cited += 1;
                    assert!(
                        lookup(&cases, &case).is_some(),
                        "case {case} is cited in src/games/sadowa/{file} (\"{lit}\") but missing from the reference"
                    );
                }
            }
        }
        assert!(
            cited > 20,
            "only {cited} citations found: is the scanner broken?"
        );
    }
}
