//! Parts shared by every game: boards, dice, the log, saves, hashes, scenario files.

pub mod board;
pub mod dice;
pub mod game;
pub mod game_ecs;
pub mod graph;
pub mod hash;
pub mod hexmap;
pub mod log;
pub mod mirror;
pub mod reference;
pub mod refusal;
pub mod save;
pub mod scenarios;
pub mod session;
pub mod side;
pub mod stats;
pub mod step;
pub mod tutorial;
