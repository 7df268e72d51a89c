//! `feldzug bench`: this game's own figures (line of sight, the legal destinations of
//! one unit); random full games of every scenario are measured by `crate::bench`.

use super::{PureGame, los, random_command, rules as tsr};
use crate::bench::percentile;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::time::Instant;

pub fn figures(_games: u32) -> Result<Vec<(String, String, String)>, String> {
    let mut out = Vec::new();
    let src = crate::engine::scenarios::find("trautenau")?;
    let rules = super::load_rules(&src, &[])?;
    let g = PureGame::new(rules.clone(), 1);
    let view = tsr::view(&rules, &g.st);
    let occupied = |c: crate::engine::hexmap::Coord| !view.units_at(c).is_empty();
    let range = rules.units.iter().map(|u| u.range).max().unwrap_or(4);
    let reps = 20;
    let t = Instant::now();
    let mut clear = 0;
    for _ in 0..reps {
        clear = std::hint::black_box(los::all_pairs_in_range(&rules.map, &occupied, range));
    }
    let per = t.elapsed().as_secs_f64() / reps as f64;
    let pairs: usize = rules
        .map
        .coords()
        .map(|c| rules.map.within(c, range as u32).count().saturating_sub(1))
        .sum();
    out.push((
        "Line of sight, all pairs in artillery range (Trautenau – Soor)".into(),
        format!(
            "{:.2} ms for {pairs} pairs within {range} hexes ({clear} clear), {:.2} µs/line",
            per * 1000.0,
            per * 1e6 / pairs.max(1) as f64
        ),
        String::new(),
    ));
    // Destinations of one unit in movement steps of random games.
    let mut samples: Vec<f64> = Vec::new();
    for seed in 0..3u64 {
        let mut g = PureGame::new(rules.clone(), seed);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        while !g.over() {
            if g.st.g.step == super::state::Step::Movement && g.st.g.pending.is_empty() {
                let view = tsr::view(&g.rules, &g.st);
                for u in 0..g.st.units.len() {
                    if g.st.units[u].loc.hex().is_some() {
                        let t = Instant::now();
                        let d = tsr::destinations(&g.rules, &g.st, &view, u as u16, g.st.g.hour);
                        std::hint::black_box(d);
                        samples.push(t.elapsed().as_secs_f64() * 1e6);
                    }
                }
            }
            let legal = g.legal();
            let Some(c) = random_command(&g.rules, &g.st, &legal, &mut rng) else {
                break;
            };
            g.apply(&c).map_err(|r| r.to_string())?;
        }
    }
    samples.sort_by(|a, b| a.total_cmp(b));
    out.push((
        "Trautenau – Soor destinations + paths, one unit: median / p99".into(),
        format!(
            "{:.1} / {:.1} µs ({} samples)",
            percentile(&samples, 0.5),
            percentile(&samples, 0.99),
            samples.len()
        ),
        "p99 < 1 ms".into(),
    ));
    Ok(out)
}
