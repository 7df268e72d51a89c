//! The replay browser's model, usable without a window: a save opened (a file, or the
//! current game's commands), a cursor over its commands that steps back and forward or
//! jumps to any line, the board rebuilt at the cursor with the engine's restore
//! (scenario + seed + the first N commands), and "play on from here": a new save of the
//! first N commands under a new name, the original file untouched. The egui panel
//! (`gui::replay`) only draws this and forwards clicks and keys.

use crate::engine::hexmap::Coord;
use crate::engine::log::LogEntry;
use crate::engine::session::{GameEntry, ReplayScript};
use std::path::{Path, PathBuf};

pub struct ReplayBrowser {
    pub game: &'static dyn GameEntry,
    /// What the title shows (the file name, or "the current game").
    pub name: String,
    /// The file browsed (None: the current game, not read from disk).
    pub path: Option<PathBuf>,
    /// The save's text; never written back.
    pub text: String,
    pub script: ReplayScript,
    /// Commands applied in the position shown (0 = the start, `len()` = the end).
    pub cursor: usize,
}

impl ReplayBrowser {
    /// Opens a save's text; its game is found from its header in the registry.
    pub fn open(name: &str, path: Option<PathBuf>, text: String) -> Result<Self, String> {
        let header = crate::engine::save::read_header(name, &text)?;
        let game = crate::games::find(&header.game).map_err(|e| format!("{name}: {e}"))?;
        let script = game.replay_script(name, &text)?;
        Ok(Self {
            game,
            name: name.to_string(),
            path,
            text,
            script,
            cursor: 0,
        })
    }

    /// Opens a save file.
    pub fn open_file(path: &Path) -> Result<Self, String> {
        let name = path.display().to_string();
        let text = crate::engine::save::read_text(&name)?;
        Self::open(&name, Some(path.to_path_buf()), text)
    }

    /// Commands that can be browsed (those the rules accept, in order).
    pub fn len(&self) -> usize {
        self.script.lines.len()
    }

    pub fn is_empty(&self) -> bool {
        self.script.lines.is_empty()
    }

    /// Moves the cursor to `n` commands (clamped); true when it moved.
    pub fn go_to(&mut self, n: usize) -> bool {
        let n = n.min(self.len());
        let moved = n != self.cursor;
        self.cursor = n;
        moved
    }

    pub fn back(&mut self) -> bool {
        self.go_to(self.cursor.saturating_sub(1))
    }

    pub fn forward(&mut self) -> bool {
        self.go_to(self.cursor + 1)
    }

    pub fn to_start(&mut self) -> bool {
        self.go_to(0)
    }

    pub fn to_end(&mut self) -> bool {
        self.go_to(self.len())
    }

    /// The log lines of the position shown: the start's, then those of each command
    /// applied.
    pub fn log_so_far(&self) -> Vec<&LogEntry> {
        self.script
            .start_log
            .iter()
            .chain(
                self.script.lines[..self.cursor]
                    .iter()
                    .flat_map(|l| l.log.iter()),
            )
            .collect()
    }

    /// The hex the last applied command names (where the board looks).
    pub fn hex_at_cursor(&self) -> Option<Coord> {
        self.cursor
            .checked_sub(1)
            .and_then(|i| self.script.lines.get(i))
            .and_then(|l| l.hex)
    }

    /// Rebuilds the game in `world` at the cursor (`game_ecs::restore_game`).
    pub fn show(&self, world: &mut bevy::prelude::World) -> Result<(), String> {
        self.game
            .restore_at(world, &self.name, &self.text, self.cursor)
    }

    /// The state hash at the cursor by the pure replay (what `feldzug inspect --at N`
    /// prints).
    pub fn inspected_hash(&self) -> Result<String, String> {
        self.game
            .inspect(&self.name, &self.text, Some(self.cursor), None, false)
            .map(|i| i.state_hash)
    }

    /// The name of a branch at the cursor: the original's name, "-from-N", and a number
    /// if that file exists already; never the original file.
    pub fn branch_path(&self, dir: &Path) -> PathBuf {
        let stem = self
            .path
            .as_ref()
            .and_then(|p| p.file_stem())
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| format!("{}-game", self.game.id()));
        let base = format!("{stem}-from-{}", self.cursor);
        let mut k = 1;
        loop {
            let name = if k == 1 {
                format!("{base}.ron")
            } else {
                format!("{base}-{k}.ron")
            };
            let p = dir.join(name);
            if !p.exists() && Some(&p) != self.path.as_ref() {
                return p;
            }
            k += 1;
        }
    }

    /// "Play on from here": writes a new save of the first `cursor` commands in `dir`
    /// and returns its path; the browsed save is not touched.
    pub fn play_on(&self, dir: &Path) -> Result<PathBuf, String> {
        let text = self.game.branch(&self.name, &self.text, self.cursor)?;
        let path = self.branch_path(dir);
        crate::engine::save::write_atomic(&path, &text)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(path)
    }
}
