//! `feldzug bench`: this game's own figures (the legal commands of a position, sampled
//! over random games of both scenarios); random full games of every scenario are
//! measured by `crate::bench` for every game.

use super::Struggle;
use crate::bench::percentile;
use crate::engine::game::{PureGame, RulesGame};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::time::Instant;

/// The legal commands of every position of 5 random games of each scenario.
pub fn figures(_games: u32) -> Result<Vec<(String, String, String)>, String> {
    let mut legal: Vec<f64> = Vec::new();
    for id in ["struggle-mobilization", "struggle-seven-weeks"] {
        let src = crate::engine::scenarios::find(id)?;
        let rules = Struggle::load_rules(&src, &[])?;
        for seed in 0..5u64 {
            let mut g = PureGame::<Struggle>::new(rules.clone(), seed);
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut n = 0;
            while !g.over() && n < 30_000 {
                n += 1;
                let t = Instant::now();
                let cmds = g.legal();
                legal.push(t.elapsed().as_secs_f64() * 1e6);
                let Some(c) = Struggle::random_command(&g.rules, &g.st, &cmds, &mut rng) else {
                    break;
                };
                g.apply(&c).map_err(|r| r.to_string())?;
            }
        }
    }
    legal.sort_by(|a, b| a.total_cmp(b));
    Ok(vec![
        (
            "1866 legal commands of a position: median".into(),
            format!(
                "{:.1} µs ({} positions)",
                percentile(&legal, 0.5),
                legal.len()
            ),
            String::new(),
        ),
        (
            "1866 legal commands of a position: p99".into(),
            format!("{:.1} µs", percentile(&legal, 0.99)),
            "< 1 ms".into(),
        ),
        (
            "1866 legal commands of a position: max".into(),
            format!("{:.1} µs", legal.last().copied().unwrap_or(0.0)),
            String::new(),
        ),
    ])
}
