//! Scenario files. `build.rs` embeds every `.ron` under `scenarios/` in the binary so the
//! program runs from any directory; a file given on the command line is read from disk.

use serde::{Deserialize, Serialize};

include!(concat!(env!("OUT_DIR"), "/embedded_scenarios.rs"));

/// What every scenario file starts with, whatever its game.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct ScenarioMeta {
    pub id: String,
    pub game: String,
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// Items of this scenario that we reconstructed (not from the publisher).
    #[serde(default)]
    pub reconstructed: Vec<String>,
    /// Tutorials and test set-ups are hidden from the main menu list.
    #[serde(default)]
    pub hidden: bool,
}

#[derive(Deserialize)]
struct Header {
    meta: ScenarioMeta,
    #[serde(default)]
    variants: Vec<VariantHeader>,
}

/// A scenario option as every game's file names it (id and menu label).
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct VariantHeader {
    pub id: String,
    pub name: String,
    /// Options this one may not be combined with (ids), and why (shown and refused).
    #[serde(default)]
    pub excludes: Vec<String>,
    #[serde(default)]
    pub excludes_why: String,
}

/// Checks a choice of options against the scenario's list: every id known, none twice,
/// no two that exclude each other (either one naming the other). The new-game dialog
/// and the games' `load_rules` share it, so a combination the dialog allows loads.
pub fn check_variants(declared: &[VariantHeader], chosen: &[String]) -> Result<(), String> {
    for (i, id) in chosen.iter().enumerate() {
        if !declared.iter().any(|v| &v.id == id) {
            return Err(format!("unknown scenario option '{id}'"));
        }
        if chosen[..i].contains(id) {
            return Err(format!("the option '{id}' is chosen twice"));
        }
    }
    for a in chosen {
        for b in chosen {
            let Some(va) = declared.iter().find(|v| &v.id == a) else {
                continue;
            };
            if va.excludes.contains(b) {
                let nb = declared
                    .iter()
                    .find(|v| &v.id == b)
                    .map(|v| v.name.as_str())
                    .unwrap_or(b);
                let why = if va.excludes_why.is_empty() {
                    String::new()
                } else {
                    format!(": {}", va.excludes_why)
                };
                return Err(format!("'{}' cannot be combined with '{nb}'{why}", va.name));
            }
        }
    }
    Ok(())
}

#[derive(Clone, Debug)]
pub struct ScenarioSource {
    /// File name, for messages.
    pub name: String,
    pub text: String,
    pub meta: ScenarioMeta,
    /// The scenario's options (menu buttons).
    pub variants: Vec<VariantHeader>,
}

pub fn parse_meta(name: &str, text: &str) -> Result<ScenarioMeta, String> {
    parse_header(name, text).map(|h| h.0)
}

fn parse_header(name: &str, text: &str) -> Result<(ScenarioMeta, Vec<VariantHeader>), String> {
    ron::de::from_str::<Header>(text)
        .map(|h| (h.meta, h.variants))
        .map_err(|e| super::save::describe_ron_error(name, &e))
}

/// An embedded file by its name relative to `scenarios/` (maps: "maps/<name>.ron").
pub fn embedded_file(name: &str) -> Option<&'static str> {
    EMBEDDED_SCENARIOS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
}

/// All embedded scenarios, sorted by file name. Files that fail to parse are reported.
/// Shared map files (`maps/`) are not scenarios.
pub fn embedded() -> Vec<Result<ScenarioSource, String>> {
    EMBEDDED_SCENARIOS
        .iter()
        .filter(|(name, _)| !name.starts_with("maps/"))
        .map(|(name, text)| {
            parse_header(name, text).map(|(meta, variants)| ScenarioSource {
                name: name.to_string(),
                text: text.to_string(),
                meta,
                variants,
            })
        })
        .collect()
}

/// Finds a scenario by id among the embedded ones, or reads a path from disk.
pub fn find(id_or_path: &str) -> Result<ScenarioSource, String> {
    if id_or_path.ends_with(".ron") && std::path::Path::new(id_or_path).exists() {
        let text = super::save::read_text(id_or_path)?;
        let (meta, variants) = parse_header(id_or_path, &text)?;
        return Ok(ScenarioSource {
            name: id_or_path.to_string(),
            text,
            meta,
            variants,
        });
    }
    embedded()
        .into_iter()
        .flatten()
        .find(|s| s.meta.id == id_or_path)
        .ok_or_else(|| {
            let ids: Vec<String> = embedded()
                .into_iter()
                .flatten()
                .filter(|s| !s.meta.hidden)
                .map(|s| s.meta.id)
                .collect();
            format!(
                "unknown scenario '{id_or_path}' (known: {})",
                ids.join(", ")
            )
        })
}
