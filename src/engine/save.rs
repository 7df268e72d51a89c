//! Save files: a game is its scenario, options, seed and the list of commands played.
//! Loading replays the commands; undo is a replay of a shorter list.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

pub const SAVE_VERSION: u32 = 1;

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct SaveFile<C> {
    pub version: u32,
    pub game: String,
    pub scenario: String,
    pub seed: u64,
    #[serde(default)]
    pub options: Vec<String>,
    pub commands: Vec<C>,
    /// State hash after the last command, checked on load.
    #[serde(default)]
    pub state_hash: String,
    /// Who played each side (the window's "Players"): a side's name and "human" or
    /// "computer:<strength>" (issue 15). Written only when the computer plays a side, so
    /// a game between people saves as before; a save without it (every save written
    /// before) opens with both sides human. Not part of the game: the replay and its
    /// state hash do not read it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<BTreeMap<String, String>>,
}

/// The part every save shares, read first to find the game.
#[derive(Clone, Debug, Deserialize)]
pub struct SaveHeader {
    pub version: u32,
    pub game: String,
    pub scenario: String,
}

pub fn to_text<C: Serialize>(save: &SaveFile<C>) -> Result<String, String> {
    ron::ser::to_string_pretty(save, ron::ser::PrettyConfig::default()).map_err(|e| e.to_string())
}

/// Reads the header, with the file name, line and problem on error.
pub fn read_header(name: &str, text: &str) -> Result<SaveHeader, String> {
    let h: SaveHeader = ron::de::from_str(text).map_err(|e| describe_ron_error(name, &e))?;
    if h.version > SAVE_VERSION {
        return Err(format!(
            "{name}: save format version {} is newer than this program understands ({SAVE_VERSION})",
            h.version
        ));
    }
    if h.version == 0 {
        return Err(format!(
            "{name}: save format version 0 is not a valid version"
        ));
    }
    Ok(h)
}

pub fn from_text<C: for<'de> Deserialize<'de>>(
    name: &str,
    text: &str,
) -> Result<SaveFile<C>, String> {
    read_header(name, text)?;
    ron::de::from_str(text).map_err(|e| describe_ron_error(name, &e))
}

pub fn describe_ron_error(name: &str, e: &ron::error::SpannedError) -> String {
    format!(
        "{name}: line {}, column {}: {}",
        e.span.start.line, e.span.start.col, e.code
    )
}

/// Reads a save or scenario file. A file that is not UTF-8 text is refused naming the
/// line and column of its first bad byte.
pub fn read_text(path: &str) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let at = e.utf8_error().valid_up_to();
        let before = &bytes[..at];
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        let column = 1 + std::str::from_utf8(&before[line_start..]).map_or(0, |s| s.chars().count());
        let byte = bytes.get(at).copied().unwrap_or(0);
        format!(
            "{path}: line {line}, column {column}: not UTF-8 text (byte 0x{byte:02x}); save and scenario files must be UTF-8"
        )
    })
}

/// A command on one line in the form a save file uses, e.g. `Move(unit: 22, to: "1109")`.
pub fn command_text<C: Serialize>(cmd: &C) -> String {
    let config = ron::ser::PrettyConfig::new()
        .new_line(" ")
        .indentor("")
        .compact_structs(true)
        .compact_arrays(true)
        .compact_maps(true);
    ron::ser::to_string_pretty(cmd, config).unwrap_or_else(|e| format!("<{e}>"))
}

/// The line (from 1) where a save's top-level field `field` is written, for messages
/// about its value; 1 when it cannot be found.
pub fn field_line(text: &str, field: &str) -> usize {
    text.lines()
        .position(|l| {
            l.trim_start()
                .strip_prefix(field)
                .is_some_and(|rest| rest.trim_start().starts_with(':'))
        })
        .or_else(|| {
            // a save written on one line: the line of the first `field:`
            let at = text.find(&format!("{field}:"))?;
            Some(text[..at].matches('\n').count())
        })
        .map_or(1, |i| i + 1)
}

/// The user data directory: autosaves, saves and lesson progress
/// (`~/.local/share/feldzug` on Linux).
pub fn data_dir() -> std::path::PathBuf {
    directories::ProjectDirs::from("", "", "feldzug")
        .map(|d| d.data_dir().to_path_buf())
        .unwrap_or_else(|| std::env::temp_dir().join("feldzug"))
}

/// Writes a file so that a crash leaves either the old or the new content: write a
/// temporary file in the same folder, flush it to disk, rename it over the target.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let tmp = dir.join(format!(
        ".{}.tmp",
        path.file_name().and_then(|n| n.to_str()).unwrap_or("save")
    ));
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_errors() {
        let s = SaveFile {
            version: 1,
            game: "g".into(),
            scenario: "s".into(),
            seed: 3,
            options: vec![],
            commands: vec![1u8, 2],
            state_hash: "x".into(),
            players: None,
        };
        let t = to_text(&s).unwrap();
        assert_eq!(from_text::<u8>("a.ron", &t).unwrap(), s);
        // no seats: the text of a save written before the field existed
        assert!(!t.contains("players"), "{t}");
        let seated = SaveFile {
            players: Some(
                [("Prussia".to_string(), "computer:normal".to_string())]
                    .into_iter()
                    .collect(),
            ),
            ..s.clone()
        };
        let t2 = to_text(&seated).unwrap();
        assert!(t2.contains("computer:normal"), "{t2}");
        assert_eq!(from_text::<u8>("b.ron", &t2).unwrap(), seated);
        let e = from_text::<u8>("bad.ron", "(version: 1, game: ").unwrap_err();
        assert!(e.starts_with("bad.ron: line 1"), "{e}");
        let e = from_text::<u8>("new.ron", &t.replace("version: 1", "version: 99")).unwrap_err();
        assert!(e.contains("newer"), "{e}");
    }

    #[test]
    fn commands_print_on_one_line_as_a_save_writes_them() {
        #[derive(Serialize, Deserialize, Debug, PartialEq)]
        enum C {
            Move { unit: u16, to: String },
            Declare { units: Vec<(u16, u8)> },
            Pass,
        }
        for (c, t) in [
            (
                C::Move {
                    unit: 22,
                    to: "1109".into(),
                },
                r#"Move(unit: 22, to: "1109")"#,
            ),
            (
                C::Declare {
                    units: vec![(1, 2), (3, 4)],
                },
                "Declare(units: [(1, 2), (3, 4)])",
            ),
            (C::Pass, "Pass"),
        ] {
            assert_eq!(command_text(&c), t);
            assert_eq!(ron::de::from_str::<C>(t).unwrap(), c);
        }
    }

    #[test]
    fn field_line_finds_the_field() {
        let t = "(\n  version: 1,\n  scenario: \"x\",\n)";
        assert_eq!(field_line(t, "scenario"), 3);
        assert_eq!(field_line("(version: 1, scenario: \"x\")", "scenario"), 1);
        assert_eq!(field_line("()", "scenario"), 1);
    }

    #[test]
    fn atomic_write_replaces() {
        let dir = std::env::temp_dir().join(format!("feldzug-save-{}", std::process::id()));
        let p = dir.join("a.ron");
        write_atomic(&p, "one").unwrap();
        write_atomic(&p, "two").unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "two");
        let _ = std::fs::remove_dir_all(dir);
    }
}
