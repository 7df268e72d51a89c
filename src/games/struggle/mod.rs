//! 1866: The Struggle for Supremacy in Germany (Compass Games): the card-driven strategic
//! game on a point-to-point map. This branch (stcards) holds the cards, charts and battle
//! maths; the core helper's mod.rs replaces this file at integration (keep these lines).

pub mod battle;
pub mod cards;
pub mod charts;
