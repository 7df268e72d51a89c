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

// The scanner behind each game's test that every case cited in its code exists.

/// The text of every string literal in a Rust source (comments, char literals and raw
/// strings understood), in order. Used by the test that every cited case exists.
pub fn string_literals(src: &str) -> Vec<String> {
    let chars: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                i += 1;
            }
            i += 2;
        } else if c == '\'' {
            // a char literal ('"', '\'', 'x') or a lifetime ('a)
            if next == Some('\\') {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
            }
        } else if c == 'r'
            && (next == Some('"') || next == Some('#'))
            && !chars
                .get(i.wrapping_sub(1))
                .is_some_and(|p| p.is_alphanumeric() || *p == '_')
        {
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                i += 1;
                continue;
            }
            j += 1;
            let start = j;
            loop {
                if j >= chars.len() {
                    break;
                }
                if chars[j] == '"' && (1..=hashes).all(|k| chars.get(j + k) == Some(&'#')) {
                    break;
                }
                j += 1;
            }
            out.push(chars[start..j.min(chars.len())].iter().collect());
            i = j + 1 + hashes;
        } else if c == '"' {
            let mut s = String::new();
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                if let Some(&ch) = chars.get(i) {
                    s.push(ch);
                }
                i += 1;
            }
            out.push(s);
            i += 1;
        } else {
            i += 1;
        }
    }
    out
}

/// Case numbers in a text: "7.3.1", "(4.2.1)", "rule 8.5", whose first part is in `rules`, with at
/// most three parts, optionally a letter ("4.3e"); not part of a longer number.
pub fn case_numbers(text: &str, rules: std::ops::RangeInclusive<u32>) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let boundary_before = i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '.');
        if !(chars[i].is_ascii_digit() && boundary_before) {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < chars.len() && (chars[j].is_ascii_digit() || chars[j] == '.') {
            j += 1;
        }
        let mut token: String = chars[i..j].iter().collect();
        while token.ends_with('.') {
            token.pop();
        }
        let mut end = i + token.chars().count();
        if chars.get(end).is_some_and(|c| c.is_ascii_lowercase())
            && !chars.get(end + 1).is_some_and(|c| c.is_alphanumeric())
        {
            end += 1;
        }
        let after_ok = !chars.get(end).is_some_and(|c| c.is_alphanumeric());
        let parts: Vec<&str> = token.split('.').collect();
        let module_ok = parts[0].parse::<u32>().is_ok_and(|m| rules.contains(&m));
        if after_ok
            && module_ok
            && (2..=3).contains(&parts.len())
            && parts.iter().all(|p| !p.is_empty() && p.len() <= 2)
        {
            out.push(chars[i..end].iter().collect());
        }
        i = j.max(i + 1);
    }
    out
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
