//! `feldzug bench --ai`: where the computer's thinking time goes, per scenario. Positions
//! are taken from random games (every position with a choice, thinned to `positions`);
//! at each, playouts as the search runs them are timed part by part (the
//! determinized copy of the state, `apply` of the searched and of the policy's commands,
//! the playout policy `playout_play` (reported as `random_play`, the default policy),
//! `evaluate`), then one whole search at the given budget.

use super::{Budget, search};
use crate::engine::dice::Dice;
use crate::engine::game::{PureGame, RulesGame};
use crate::engine::log::GameLog;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::time::{Duration, Instant};

/// The measured parts of one scenario's playouts.
#[derive(Clone, Debug, Default)]
pub struct AiProfile {
    pub scenario: String,
    pub positions: usize,
    pub playouts: usize,
    pub commands: usize,
    pub determinize: Duration,
    pub apply: Duration,
    pub random_play: Duration,
    pub evaluate: Duration,
    /// Whole searches at the budget: per decision, sorted.
    pub search_ms: Vec<f64>,
}

impl AiProfile {
    /// The table rows: (figure, value, target).
    pub fn rows(&self, budget: &str) -> Vec<(String, String, String)> {
        let per = |d: Duration, n: usize| d.as_secs_f64() * 1e6 / n.max(1) as f64;
        let total = self.determinize + self.apply + self.random_play + self.evaluate;
        let share = |d: Duration| 100.0 * d.as_secs_f64() / total.as_secs_f64().max(1e-12);
        let ms = &self.search_ms;
        vec![
            (
                format!("AI playout parts, {}", self.scenario),
                format!(
                    "per playout {:.0} µs ({} playouts of {:.1} commands at {} positions): copy {:.1} µs ({:.0} %), apply {:.1} µs/command ({:.0} %), random_play {:.1} µs/command ({:.0} %), evaluate {:.1} µs ({:.0} %)",
                    per(total, self.playouts),
                    self.playouts,
                    self.commands as f64 / self.playouts.max(1) as f64,
                    self.positions,
                    per(self.determinize, self.playouts),
                    share(self.determinize),
                    per(self.apply, self.commands),
                    share(self.apply),
                    per(self.random_play, self.commands),
                    share(self.random_play),
                    per(self.evaluate, self.playouts),
                    share(self.evaluate),
                ),
                String::new(),
            ),
            (
                format!("AI decision ({budget}), {}", self.scenario),
                format!(
                    "median {:.1} ms, p95 {:.1} ms, max {:.1} ms ({} decisions)",
                    crate::bench::percentile(ms, 0.5),
                    crate::bench::percentile(ms, 0.95),
                    ms.last().copied().unwrap_or(0.0),
                    ms.len()
                ),
                String::new(),
            ),
        ]
    }
}

/// Profiles the search on `positions` positions with a choice from random games of
/// the scenario (`seed` onwards): `playouts` timed playouts at each, then one search at
/// `budget`.
pub fn profile<G: RulesGame>(
    rules: std::sync::Arc<G::Rules>,
    scenario: &str,
    positions: usize,
    playouts: usize,
    budget: Budget,
    seed: u64,
) -> Result<AiProfile, String> {
    let horizon = budget.limits().horizon;
    let mut out = AiProfile {
        scenario: scenario.to_string(),
        ..AiProfile::default()
    };
    // the positions with a choice of a few random games
    let mut found: Vec<G::State> = Vec::new();
    let mut game_seed = seed;
    while found.len() < positions * 8 && game_seed < seed + 4 {
        let mut g = PureGame::<G>::new(rules.clone(), game_seed);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(game_seed ^ 0xa1);
        while !g.over() && g.commands.len() < 30_000 {
            if G::legal(&g.rules, &g.st).len() > 1 && G::side_to_act(&g.rules, &g.st).is_some() {
                found.push(g.st.clone());
            }
            let Some(c) = G::random_play(&g.rules, &g.st, &mut rng) else {
                break;
            };
            g.apply(&c).map_err(|r| r.to_string())?;
        }
        game_seed += 1;
    }
    if found.is_empty() {
        return Ok(out);
    }
    let step = (found.len() / positions.max(1)).max(1);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0xb3);
    for st in found.iter().step_by(step).take(positions) {
        let Some(side) = G::side_to_act(&rules, st) else {
            continue;
        };
        let legal = G::legal(&rules, st);
        out.positions += 1;
        for _ in 0..playouts {
            let t = Instant::now();
            let mut sim = G::determinize(&rules, st, &side, &mut rng);
            out.determinize += t.elapsed();
            let mut dice = Dice::new(rng.random());
            let mut log = GameLog::default();
            let first = &legal[rng.random_range(0..legal.len())];
            let t = Instant::now();
            let ok = G::apply(&rules, &mut sim, &mut dice, &mut log, first).is_ok();
            out.apply += t.elapsed();
            out.commands += 1;
            out.playouts += 1;
            if ok {
                for _ in 0..horizon {
                    if G::over(&sim) {
                        break;
                    }
                    let t = Instant::now();
                    // the playout policy, as the search plays it
                    let cmd = G::playout_play(&rules, &sim, &mut rng);
                    out.random_play += t.elapsed();
                    let Some(cmd) = cmd else { break };
                    let t = Instant::now();
                    let ok = G::apply(&rules, &mut sim, &mut dice, &mut log, &cmd).is_ok();
                    out.apply += t.elapsed();
                    out.commands += 1;
                    if !ok {
                        break;
                    }
                }
            }
            let t = Instant::now();
            std::hint::black_box(G::evaluate(&rules, &sim, &side));
            out.evaluate += t.elapsed();
        }
        let t = Instant::now();
        std::hint::black_box(search::<G>(&rules, st, budget, rng.random()));
        out.search_ms.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    out.search_ms.sort_by(|a, b| a.total_cmp(b));
    Ok(out)
}
