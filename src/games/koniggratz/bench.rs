//! `feldzug bench`: this game's own figures (the legal destinations of one unit);
//! random full games of every scenario are measured by `crate::bench` for every game.

use super::rules::{self, View};
use super::state::{Loc, Step};
use super::{PureGame, random_play};
use crate::bench::percentile;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::time::Instant;

/// Legal destinations and paths of one unit, sampled over random games' movement phases.
pub fn figures(_games: u32) -> Result<Vec<(String, String, String)>, String> {
    let src = crate::engine::scenarios::find(super::GAME_ID)?;
    let rules = super::load_rules(&src, &[])?;
    let mut samples: Vec<f64> = Vec::new();
    for seed in 0..5u64 {
        let mut g = PureGame::new(rules.clone(), seed);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        while !g.over() {
            if g.st.g.step == Step::Movement && g.st.g.pending.is_empty() {
                for u in 0..g.st.units.len() {
                    if matches!(g.st.units[u].loc, Loc::Map(_) | Loc::Off) {
                        let t = Instant::now();
                        let view = View::new(&g.rules, &g.st);
                        let d = rules::destinations(&g.rules, &g.st, &view, u as u16);
                        std::hint::black_box(d);
                        samples.push(t.elapsed().as_secs_f64() * 1e6);
                    }
                }
            }
            let Some(c) = random_play(&g.rules, &g.st, &mut rng) else {
                break;
            };
            g.apply(&c).map_err(|r| r.to_string())?;
        }
    }
    samples.sort_by(|a, b| a.total_cmp(b));
    Ok(vec![
        (
            "Königgrätz legal destinations + paths, one unit: median".into(),
            format!(
                "{:.1} µs ({} samples)",
                percentile(&samples, 0.5),
                samples.len()
            ),
            String::new(),
        ),
        (
            "Königgrätz legal destinations + paths, one unit: p99".into(),
            format!("{:.1} µs", percentile(&samples, 0.99)),
            "< 1 ms".into(),
        ),
    ])
}
