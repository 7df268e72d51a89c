//! `feldzug bench`: this game's own figures (the legal commands of a position, supply
//! traced over the whole map); random full games of every scenario are measured by
//! `crate::bench` for every game.

use super::Sadowa;
use super::supply;
use crate::bench::percentile;
use crate::engine::game::{PureGame, RulesGame};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::time::Instant;

/// The legal commands of every position and the whole map's supply, sampled over random
/// games.
pub fn figures(_games: u32) -> Result<Vec<(String, String, String)>, String> {
    let src = crate::engine::scenarios::find(super::GAME_ID)?;
    let rules = Sadowa::load_rules(&src, &[])?;
    let mut legal: Vec<f64> = Vec::new();
    let mut trace: Vec<f64> = Vec::new();
    for seed in 0..5u64 {
        let mut g = PureGame::<Sadowa>::new(rules.clone(), seed);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        while !g.over() {
            let t = Instant::now();
            let cmds = g.legal();
            legal.push(t.elapsed().as_secs_f64() * 1e6);
            let t = Instant::now();
            std::hint::black_box(supply::supplied_hexes(&g.rules, &g.st));
            trace.push(t.elapsed().as_secs_f64() * 1e6);
            let Some(c) = Sadowa::random_command(&g.rules, &g.st, &cmds, &mut rng) else {
                break;
            };
            g.apply(&c).map_err(|r| r.to_string())?;
        }
    }
    legal.sort_by(|a, b| a.total_cmp(b));
    trace.sort_by(|a, b| a.total_cmp(b));
    Ok(vec![
        (
            "The Sadowa Campaign legal commands of a position: median".into(),
            format!(
                "{:.1} µs ({} positions)",
                percentile(&legal, 0.5),
                legal.len()
            ),
            String::new(),
        ),
        (
            "The Sadowa Campaign legal commands of a position: p99".into(),
            format!("{:.1} µs", percentile(&legal, 0.99)),
            "< 1 ms".into(),
        ),
        (
            "The Sadowa Campaign supply of the whole map, both sides: median / p99".into(),
            format!(
                "{:.1} / {:.1} µs",
                percentile(&trace, 0.5),
                percentile(&trace, 0.99)
            ),
            "< 1 ms".into(),
        ),
    ])
}
