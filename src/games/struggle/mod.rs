//! 1866: The Struggle for Supremacy in Germany (card-driven, point-to-point).
//!
//! This file on the map branch only declares the map helper's modules; the core branch
//! owns the real `mod.rs` (the integrator keeps both module lists).

pub mod control;
pub mod map;
pub mod supply;
