//! The in-game rules reference: every case and section of the rulebook in our own words
//! (assets/rules/struggle.ron, embedded), with entries for the RECONSTRUCTED data,
//! searchable, and the target of every case number the log, refusals and modifiers cite.

pub use crate::engine::reference::{RuleCase, lookup, search};

pub const SOURCE: &str = include_str!("../../../assets/rules/struggle.ron");

/// All cases in rulebook order, then one entry per Operations card; an empty rulebook
/// part if the file is broken (a test checks it).
pub fn cases() -> Vec<RuleCase> {
    let mut v = crate::engine::reference::parse(SOURCE);
    v.extend(card_cases(super::cards::Cards::shared()));
    v
}

/// One entry per Operations card (6.1), generated from the card data: "Card 38", its
/// title, and its number, OPs, deck, who plays the event, its response moment, its text
/// and its note, marked RECONSTRUCTED where the design is ours.
pub fn card_cases(cards: &super::cards::Cards) -> Vec<RuleCase> {
    cards
        .cards
        .iter()
        .map(|k| RuleCase {
            case: format!("Card {}", k.id),
            title: k.title.clone(),
            text: format!(
                "{}. {} Note: {}{}",
                k.summary(),
                k.text,
                k.note,
                if k.reconstructed {
                    " RECONSTRUCTED: the event is our design, not the publisher's text (docs/games/struggle-cards.md)."
                } else {
                    ""
                }
            ),
        })
        .collect()
}

/// The string literals of a Rust source (the shared scanner).
#[cfg(test)]
fn string_literals(src: &str) -> Vec<String> {
    crate::engine::reference::string_literals(src)
}

/// Case numbers in a text, with a first part 1-22 (the shared scanner).
#[cfg(test)]
fn case_numbers(text: &str) -> Vec<String> {
    crate::engine::reference::case_numbers(text, 1..=22)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every .rs file of the game (the integrator adds new files here).
    const SOURCES: &[(&str, &str)] = &[
        ("battle.rs", include_str!("battle.rs")),
        ("cards.rs", include_str!("cards.rs")),
        ("charts.rs", include_str!("charts.rs")),
        ("control.rs", include_str!("control.rs")),
        ("data.rs", include_str!("data.rs")),
        ("ecs.rs", include_str!("ecs.rs")),
        ("endturn.rs", include_str!("endturn.rs")),
        ("events.rs", include_str!("events.rs")),
        ("flow.rs", include_str!("flow.rs")),
        ("flow_battle.rs", include_str!("flow_battle.rs")),
        ("map.rs", include_str!("map.rs")),
        ("mod.rs", include_str!("mod.rs")),
        ("options.rs", include_str!("options.rs")),
        ("rail.rs", include_str!("rail.rs")),
        ("siege.rs", include_str!("siege.rs")),
        ("state.rs", include_str!("state.rs")),
        ("supply.rs", include_str!("supply.rs")),
        ("ui/board.rs", include_str!("ui/board.rs")),
        ("ui/mod.rs", include_str!("ui/mod.rs")),
        ("ui/panels.rs", include_str!("ui/panels.rs")),
        ("steps/battle.rs", include_str!("steps/battle.rs")),
        ("steps/declare.rs", include_str!("steps/declare.rs")),
        ("steps/event.rs", include_str!("steps/event.rs")),
        ("steps/game_over.rs", include_str!("steps/game_over.rs")),
        ("steps/mobilize.rs", include_str!("steps/mobilize.rs")),
        ("steps/mod.rs", include_str!("steps/mod.rs")),
        ("steps/movement.rs", include_str!("steps/movement.rs")),
        ("steps/round.rs", include_str!("steps/round.rs")),
        ("steps/setup.rs", include_str!("steps/setup.rs")),
        ("ai.rs", include_str!("ai.rs")),
        ("bench.rs", include_str!("bench.rs")),
    ];

    /// Every .rs file under src/games/struggle/ is in SOURCES, so that a file added later
    /// is scanned too (this test names the file to add).
    #[test]
    fn every_rust_file_of_the_game_is_scanned() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games/struggle");
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
                "src/games/struggle/{f} is not scanned for cited cases: add it to SOURCES"
            );
        }
    }

    #[test]
    fn every_card_has_a_reference_entry() {
        let all = cases();
        let cards = crate::games::struggle::cards::Cards::shared();
        assert_eq!(cards.cards.len(), 55);
        for k in &cards.cards {
            let e = lookup(&all, &format!("Card {}", k.id))
                .unwrap_or_else(|| panic!("card {} has no reference entry", k.id));
            assert_eq!(e.title, k.title);
            assert!(e.text.contains(&format!("{} OPs", k.ops)), "{}", e.text);
            assert!(e.text.contains(&k.text) && e.text.contains(&k.note));
            assert!(
                e.text.contains("deck") && e.text.contains("event"),
                "{}",
                e.text
            );
        }
        // and the search finds a card by its title
        assert!(
            search(&all, "Garbled Orders")
                .iter()
                .any(|c| c.case == "Card 16")
        );
    }

    #[test]
    fn reference_parses_without_duplicates() {
        if let Err(e) = crate::engine::reference::try_parse(SOURCE) {
            panic!("assets/rules/struggle.ron: {e}");
        }
        assert!(cases().len() > 60);
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
                        "case {case} is cited in src/games/struggle/{file} (\"{lit}\") but missing from the reference"
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
