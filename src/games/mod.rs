//! One folder per game. A new game adds its folder and one line to [`registry`].

pub mod koniggratz;
pub mod sadowa;
pub mod saxonwar;
pub mod struggle;
pub mod trautenau;

use crate::engine::session::GameEntry;

pub fn registry() -> Vec<&'static dyn GameEntry> {
    vec![
        &koniggratz::Koniggratz,
        &trautenau::Trautenau,
        &sadowa::Sadowa,
        &struggle::Struggle,
        &saxonwar::SaxonWar,
    ]
}

pub fn find(game: &str) -> Result<&'static dyn GameEntry, String> {
    registry()
        .into_iter()
        .find(|g| g.id() == game)
        .ok_or_else(|| format!("no game called '{game}'"))
}
