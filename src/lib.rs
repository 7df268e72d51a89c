//! Feldzug 1866: board wargames of 1866 (and one of 1756) on Bevy ECS.
//!
//! `engine` holds what all games share; `games` has one folder per game; `gui` (behind
//! the default `gui` feature) draws boards and panels.

// Bevy systems take their data as parameters and filtered queries; these two lints fight
// that style, as the Bevy project itself notes.
#![allow(clippy::type_complexity, clippy::too_many_arguments)]

pub mod ai;
pub mod bench;
pub mod cli;
pub mod engine;
pub mod fuzz;
pub mod games;
#[cfg(feature = "gui")]
pub mod gui;
pub mod library;
pub mod replay;
