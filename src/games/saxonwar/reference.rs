//! The in-game rules reference: every section of the article in our own words
//! (assets/rules/saxonwar.ron, embedded), by the section ids of docs/games/saxonwar.md.

pub use crate::engine::reference::{RuleCase, lookup, search};

pub const SOURCE: &str = include_str!("../../../assets/rules/saxonwar.ron");

/// All sections in the article's order; an empty list if the file is broken (a test
/// checks it).
pub fn cases() -> Vec<RuleCase> {
    crate::engine::reference::parse(SOURCE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_parses_without_duplicates() {
        let c = crate::engine::reference::try_parse(SOURCE).expect("parses");
        assert!(c.len() > 40);
        assert!(crate::engine::reference::duplicates(&c).is_empty());
        assert!(lookup(&c, "supply.depots").is_some());
    }
}
