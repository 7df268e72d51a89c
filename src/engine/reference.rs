//! The in-game rules reference shared by every game: a list of rule cases in our own
//! words (one RON file per game under `assets/rules/`), looked up by the case numbers the
//! log, refusals and modifiers cite, and searched by words.
//!
//! A file is a RON list: `[ (case: "1.1", title: "...", text: "..."), ... ]`.

use serde::Deserialize;

/// One case of a rulebook: its number ("9.5.3", or a table name like "CRT"), a title and
/// the paraphrased text.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct RuleCase {
    pub case: String,
    pub title: String,
    pub text: String,
}

/// Parses a reference file, or says where it is broken.
pub fn try_parse(source: &str) -> Result<Vec<RuleCase>, String> {
    ron::de::from_str(source).map_err(|e| e.to_string())
}

/// All cases of a reference file in file order; an empty list if the file is broken
/// (each game's tests check its file with [`try_parse`]).
pub fn parse(source: &str) -> Vec<RuleCase> {
    try_parse(source).unwrap_or_default()
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

/// Case numbers that occur more than once, in file order (each reported once).
pub fn duplicates(cases: &[RuleCase]) -> Vec<&str> {
    let mut seen: Vec<&str> = Vec::new();
    let mut dups: Vec<&str> = Vec::new();
    for c in cases {
        if seen.contains(&c.case.as_str()) {
            if !dups.contains(&c.case.as_str()) {
                dups.push(&c.case);
            }
        } else {
            seen.push(&c.case);
        }
    }
    dups
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"[
        (case: "1.1", title: "Scales", text: "One turn is an hour."),
        (case: "4.3", title: "Combat", text: "Roll a \"die\" and read the table."),
        (case: "4.3.1", title: "Retreat", text: "Three hexes away."),
    ]"#;

    #[test]
    fn parse_lookup_and_search() {
        let cases = parse(SAMPLE);
        assert_eq!(cases.len(), 3);
        assert_eq!(cases[1].text, "Roll a \"die\" and read the table.");
        assert_eq!(
            lookup(&cases, "4.3").map(|c| c.title.as_str()),
            Some("Combat")
        );
        assert_eq!(
            lookup(&cases, "4.3e").map(|c| c.title.as_str()),
            Some("Combat")
        );
        assert_eq!(
            lookup(&cases, "4.3.1b").map(|c| c.title.as_str()),
            Some("Retreat")
        );
        assert!(lookup(&cases, "9.9").is_none());
        let hits: Vec<&str> = search(&cases, "THE table")
            .iter()
            .map(|c| c.case.as_str())
            .collect();
        assert_eq!(hits, ["4.3"]);
        assert_eq!(search(&cases, "").len(), 3);
        assert!(duplicates(&cases).is_empty());
    }

    #[test]
    fn broken_files_are_reported_and_parse_to_nothing() {
        assert!(try_parse("[ (case: \"1\" ").is_err());
        assert!(parse("not ron").is_empty());
        let twice =
            parse(r#"[(case: "1", title: "", text: ""), (case: "1", title: "", text: "")]"#);
        assert_eq!(duplicates(&twice), ["1"]);
    }
}
