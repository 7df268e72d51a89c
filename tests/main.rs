//! All integration tests in one binary (one link of bevy).

mod cli;
mod kg_ecs;
mod kg_fidelity;
mod kg_random;
mod kg_rulebook;
mod kg_rules;
mod kg_steps;
mod lessons;
mod library;
mod pinned_saves;
#[cfg(feature = "gui")]
mod render;
mod robustness;
mod scenarios;
mod sd_audit2;
mod sd_combat;
mod sd_operations;
mod sd_random;
mod sd_setup;
mod sd_siege;
mod sd_stacking;
mod sd_supply;
mod sd_victory;
mod st_battle;
mod st_battles;
mod st_common;
mod st_core;
mod st_events;
mod st_map;
mod st_random;
mod st_turn;
mod step_prompts;
mod sx_core;
mod sx_random;
mod ts_lessons;
mod ts_random;
