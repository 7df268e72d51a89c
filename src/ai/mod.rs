//! The computer opponent (issue 15): one search over the shared game trait
//! ([`RulesGame`]), so every game gets it.
//!
//! The search is flat Monte Carlo with UCB1 at the root: each iteration takes the
//! position as the side to act may know it ([`RulesGame::determinize`]: the unseen cards
//! dealt anew, the opponent's secret choice drawn at random), gives the copy fresh dice
//! from the AI's own generator (never the game's seeded stream), plays one of the legal
//! commands, then the game's playout policy ([`RulesGame::playout_play`]: by default the
//! random player, in the hex games attacks at good odds and moves towards the scenario's
//! objectives) for a budget of commands,
//! and scores the position for the side to act ([`RulesGame::evaluate`], 0 to 1). Where
//! a decision has many legal commands, the commands searched grow with the iterations
//! (progressive widening over a random order). The command tried most often is played.
//! See docs/AI.md.

pub mod bench;
pub mod duel;

use crate::engine::dice::Dice;
use crate::engine::game::{PureGame, RulesGame};
use crate::engine::log::GameLog;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::HashSet;
use std::time::{Duration, Instant};

/// How hard the computer thinks about one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// 50 iterations or 0.3 s, whichever comes first; playouts of 8 commands.
    Quick,
    /// 200 iterations or 1.5 s; playouts of 10 commands.
    Normal,
    /// 800 iterations or 4 s; playouts of 16 commands.
    Strong,
    /// A fixed number of iterations (playouts of 10 commands), no time cap: reproducible.
    Iterations(u32),
    /// Iterations and playout length ("N/H" on the command line).
    Custom { iterations: u32, horizon: u16 },
    /// As many iterations as fit in the time (playouts of 10 commands): not
    /// reproducible, for a window that must answer in time.
    Time(Duration),
    /// Any of the others with the search's exploration constant changed, for measuring
    /// the search ("normal@0.2": UCB1's c = 0.2; `cap_ms` 0 = no time cap).
    Tuned {
        iterations: u32,
        horizon: u16,
        cap_ms: u32,
        explore_milli: u16,
        /// Commands added to a widened search per square root of the iterations.
        widen: u8,
    },
}

/// What a budget means in iterations, time and playout length.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    pub iterations: u32,
    /// The thinking-time cap: the search stops at whichever limit comes first (the
    /// named strengths; a time cap makes the answer depend on the machine's speed).
    pub time: Option<Duration>,
    /// Random commands played after the searched one before the position is scored.
    pub horizon: usize,
    /// UCB1's exploration constant c ([`EXPLORE`] but for [`Budget::Tuned`]).
    pub explore: f64,
    /// Common random numbers ([`COMMON_RANDOM`]): the k-th playout of every searched
    /// command takes the same dealing of the unseen, the same dice and the same policy
    /// generator, so that the commands are compared under the same luck.
    pub common_random: bool,
    /// Progressive widening ([`widened`]): commands added per square root of the
    /// iterations ([`WIDEN`] but for [`Budget::Tuned`]).
    pub widen: u8,
}

/// Commands a widened search adds per square root of its iterations ([`widened`]).
pub const WIDEN: u8 = 2;

/// Whether the named budgets search with common random numbers ([`Limits`]).
pub const COMMON_RANDOM: bool = false;

/// UCB1's exploration constant: the bonus c·√(ln n / nᵢ) of a command tried nᵢ times of
/// n. The scores lie in 0..=1 but, before the end of a game, mostly within a tenth of
/// one half ([`margin_score`]).
pub const EXPLORE: f64 = std::f64::consts::SQRT_2 * 0.5;

impl Budget {
    pub fn limits(self) -> Limits {
        let (iterations, time, horizon) = match self {
            Budget::Quick => (50, Some(Duration::from_millis(300)), 8),
            Budget::Normal => (200, Some(Duration::from_millis(1500)), 10),
            Budget::Strong => (800, Some(Duration::from_secs(4)), 16),
            Budget::Iterations(n) => (n.max(1), None, 10),
            Budget::Custom {
                iterations,
                horizon,
            } => (iterations.max(1), None, horizon as usize),
            Budget::Time(d) => (u32::MAX, Some(d), 10),
            Budget::Tuned {
                iterations,
                horizon,
                cap_ms,
                explore_milli,
                widen,
            } => {
                return Limits {
                    iterations: iterations.max(1),
                    time: (cap_ms > 0).then(|| Duration::from_millis(cap_ms as u64)),
                    horizon: horizon as usize,
                    explore: explore_milli as f64 / 1000.0,
                    common_random: COMMON_RANDOM,
                    widen,
                };
            }
        };
        Limits {
            iterations,
            time,
            horizon,
            explore: EXPLORE,
            common_random: COMMON_RANDOM,
            widen: WIDEN,
        }
    }

    /// "quick", "normal", "strong", "N" iterations, "N/H" iterations with playouts of H
    /// commands, "N/H/Tms" with a time cap, or "Nms" of thinking; any of them followed by
    /// "@c" for UCB1's exploration constant, "@c,w" also for the widening rate
    /// ([`Budget::Tuned`]).
    pub fn parse(s: &str) -> Result<Budget, String> {
        if let Some((base, tuning)) = s.split_once('@') {
            let (c, widen) = match tuning.split_once(',') {
                Some((c, w)) => (
                    c,
                    w.parse::<u8>()
                        .ok()
                        .filter(|w| (1..=50).contains(w))
                        .ok_or_else(|| format!("'{w}' is not a widening rate (1..=50)"))?,
                ),
                None => (tuning, WIDEN),
            };
            let c: f64 = c
                .parse()
                .map_err(|_| format!("'{c}' is not an exploration constant"))?;
            if !(0.0..=60.0).contains(&c) {
                return Err(format!("exploration constant {c} outside 0..=60"));
            }
            let l = Budget::parse(base)?.limits();
            return Ok(Budget::Tuned {
                iterations: l.iterations,
                horizon: l.horizon.min(u16::MAX as usize) as u16,
                cap_ms: l
                    .time
                    .map_or(0, |t| t.as_millis().min(u32::MAX as u128) as u32),
                explore_milli: (c * 1000.0).round() as u16,
                widen,
            });
        }
        if let Some((n, rest)) = s.split_once('/')
            && let Some((h, t)) = rest.split_once('/')
            && let Some(t) = t.strip_suffix("ms")
            && let (Ok(iterations), Ok(horizon), Ok(cap_ms)) =
                (n.parse::<u32>(), h.parse::<u16>(), t.parse::<u32>())
        {
            return Ok(Budget::Tuned {
                iterations,
                horizon,
                cap_ms,
                explore_milli: (EXPLORE * 1000.0).round() as u16,
                widen: WIDEN,
            });
        }
        match s {
            "quick" => Ok(Budget::Quick),
            "normal" => Ok(Budget::Normal),
            "strong" => Ok(Budget::Strong),
            _ => {
                if let Some((n, h)) = s.split_once('/')
                    && let (Ok(iterations), Ok(horizon)) = (n.parse::<u32>(), h.parse::<u16>())
                {
                    return Ok(Budget::Custom {
                        iterations,
                        horizon,
                    });
                }
                if let Some(ms) = s.strip_suffix("ms")
                    && let Ok(ms) = ms.parse::<u64>()
                {
                    return Ok(Budget::Time(Duration::from_millis(ms)));
                }
                s.parse::<u32>().map(Budget::Iterations).map_err(|_| {
                    format!("unknown AI strength '{s}' (quick, normal, strong, a number of iterations or e.g. 500ms)")
                })
            }
        }
    }
}

/// The text of a [`Budget::Tuned`] that [`Budget::parse`] reads back ("200/10/1500ms@0.2";
/// the other budgets have their own short forms).
pub fn budget_text(b: Budget) -> String {
    let l = b.limits();
    let cap = l
        .time
        .map_or(String::new(), |t| format!("/{}ms", t.as_millis()));
    format!(
        "{}/{}{cap}@{},{}",
        l.iterations, l.horizon, l.explore, l.widen
    )
}

/// Decisions with more legal commands than this are searched with progressive widening.
pub const WIDEN_ABOVE: usize = 16;

/// One searched command: visits and mean score for the side to act.
#[derive(Clone, Debug, PartialEq)]
pub struct Arm<C> {
    pub command: C,
    pub visits: u32,
    pub mean: f64,
}

/// The outcome of one search.
#[derive(Clone, Debug)]
pub struct Decision<C> {
    pub command: C,
    pub side: String,
    pub iterations: u32,
    pub legal: usize,
    pub elapsed: Duration,
    /// The commands searched, in the order they entered the search.
    pub arms: Vec<Arm<C>>,
}

/// The computer's command for the side to act, or None when the game is over or nobody
/// is to act. Deterministic for an iteration budget and a seed; never touches the
/// game's own dice.
pub fn choose<G: RulesGame>(g: &PureGame<G>, budget: Budget, rng_seed: u64) -> Option<G::Command> {
    think(g, budget, rng_seed).map(|d| d.command)
}

/// [`choose`] with the search's figures.
pub fn think<G: RulesGame>(
    g: &PureGame<G>,
    budget: Budget,
    rng_seed: u64,
) -> Option<Decision<G::Command>> {
    search::<G>(&g.rules, &g.st, budget, rng_seed)
}

/// The search on a bare position (rules and state).
pub fn search<G: RulesGame>(
    rules: &G::Rules,
    st: &G::State,
    budget: Budget,
    rng_seed: u64,
) -> Option<Decision<G::Command>> {
    search_seen::<G>(rules, st, budget, rng_seed, &Seen::new())
}

/// The positions a game has been in ([`position_key`]), so that the computer does not
/// go round in a circle: a command that leads back to one of them (a pick-up and a
/// drop of the same piece, a siege declared and lifted) is not searched while anything
/// else is legal.
pub type Seen = HashSet<String>;

/// A position's key for [`Seen`]: the hash of its state as `feldzug inspect` shows it
/// without `--reveal-hidden` ([`RulesGame::redact_hidden`]: no hand, queue or draw
/// pile), so the keys say nothing a player may not see.
pub fn position_key<G: RulesGame>(st: &G::State) -> String {
    let mut v = serde_json::to_value(st).unwrap_or_default();
    G::redact_hidden(&mut v);
    crate::engine::hash::state_hash(&v)
}

/// Lists longer than this are not checked for circles (the hex games' moves: a check
/// applies every command once).
pub const CIRCLE_CHECK_UP_TO: usize = 256;

/// `legal` without the commands that lead back to a position in `seen` (all of them if
/// every command would). Not while a secret choice is pending
/// ([`RulesGame::secret_pending`]): the check applies each command to the real state.
fn not_in_circles<G: RulesGame>(
    rules: &G::Rules,
    st: &G::State,
    legal: Vec<G::Command>,
    seen: &Seen,
) -> Vec<G::Command> {
    if seen.is_empty() || legal.len() > CIRCLE_CHECK_UP_TO || G::secret_pending(rules, st) {
        return legal;
    }
    let fresh: Vec<G::Command> = legal
        .iter()
        .filter(|c| {
            let mut sim = st.clone();
            let mut dice = Dice::new(0);
            let mut log = GameLog::default();
            G::apply(rules, &mut sim, &mut dice, &mut log, c).is_err()
                || !seen.contains(&position_key::<G>(&sim))
        })
        .cloned()
        .collect();
    if fresh.is_empty() { legal } else { fresh }
}

/// [`search`] that does not go back to a position in `seen` ([`Seen`]).
pub fn search_seen<G: RulesGame>(
    rules: &G::Rules,
    st: &G::State,
    budget: Budget,
    rng_seed: u64,
    seen: &Seen,
) -> Option<Decision<G::Command>> {
    search_limits::<G>(rules, st, G::ai_limits(budget), rng_seed, seen)
}

/// The searched commands of a decision: the legal ones, less what the game drops
/// ([`RulesGame::ai_candidates`]) and what leads back into a circle ([`Seen`]).
fn candidates<G: RulesGame>(
    rules: &G::Rules,
    st: &G::State,
    legal: Vec<G::Command>,
    seen: &Seen,
) -> Vec<G::Command> {
    let legal = match G::ai_candidates(rules, st, legal.clone()) {
        c if c.is_empty() => legal,
        c => c,
    };
    not_in_circles::<G>(rules, st, legal, seen)
}

/// [`search_seen`] with its limits given directly (for measuring the search).
pub fn search_limits<G: RulesGame>(
    rules: &G::Rules,
    st: &G::State,
    limits: Limits,
    rng_seed: u64,
    seen: &Seen,
) -> Option<Decision<G::Command>> {
    let start = Instant::now();
    if G::over(st) {
        return None;
    }
    let side = G::side_to_act(rules, st)?;
    let legal = G::legal(rules, st);
    if legal.is_empty() {
        return None;
    }
    let all = legal.len();
    let legal = candidates::<G>(rules, st, legal, seen);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(rng_seed);
    if legal.len() == 1 {
        return Some(Decision {
            command: legal[0].clone(),
            side,
            iterations: 0,
            legal: all,
            elapsed: start.elapsed(),
            arms: vec![Arm {
                command: legal[0].clone(),
                visits: 0,
                mean: 0.0,
            }],
        });
    }
    // the order in which commands enter the search (all at once when there are few)
    let mut order: Vec<usize> = (0..legal.len()).collect();
    for i in (1..order.len()).rev() {
        let j = rng.random_range(0..=i);
        order.swap(i, j);
    }
    if legal.len() > WIDEN_ABOVE {
        prefer_the_players_picks::<G>(rules, st, &side, &legal, &mut order, &mut rng);
    }
    let mut visits = vec![0u32; legal.len()];
    let mut total = vec![0f64; legal.len()];
    let mut done = 0u32;
    let common: u64 = if limits.common_random {
        rng.random()
    } else {
        0
    };
    while done < limits.iterations {
        if let Some(t) = limits.time
            && done > 0
            && start.elapsed() >= t
        {
            break;
        }
        let width = widened(legal.len(), done, limits.widen);
        let arm = pick_arm(&order[..width], &visits, &total, done, limits.explore);
        let reward = if limits.common_random {
            let mut k = common_stream(common, visits[arm]);
            playout::<G>(rules, st, &side, &legal[arm], limits.horizon, &mut k)
        } else {
            playout::<G>(rules, st, &side, &legal[arm], limits.horizon, &mut rng)
        };
        visits[arm] += 1;
        total[arm] += reward;
        done += 1;
    }
    let width = widened(legal.len(), done.saturating_sub(1), limits.widen);
    let searched = &order[..width];
    let best = *searched
        .iter()
        .max_by(|&&a, &&b| {
            visits[a].cmp(&visits[b]).then(
                mean(total[a], visits[a])
                    .partial_cmp(&mean(total[b], visits[b]))
                    .unwrap_or(std::cmp::Ordering::Equal),
            )
        })
        .unwrap_or(&order[0]);
    Some(Decision {
        command: legal[best].clone(),
        side,
        iterations: done,
        legal: all,
        elapsed: start.elapsed(),
        arms: searched
            .iter()
            .map(|&i| Arm {
                command: legal[i].clone(),
                visits: visits[i],
                mean: mean(total[i], visits[i]),
            })
            .collect(),
    })
}

/// The generator of the `k`-th playout of every command under common random numbers.
fn common_stream(common: u64, k: u32) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(common ^ (k as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// For measuring the search: each searched command of the position ([`candidates`],
/// without a circle check) with the mean score of `playouts` playouts of `horizon`
/// commands for the side to act (a near-exact value to judge the search's picks by).
pub fn command_values<G: RulesGame>(
    rules: &G::Rules,
    st: &G::State,
    horizon: usize,
    playouts: u32,
    rng_seed: u64,
) -> Vec<(G::Command, f64)> {
    let Some(side) = G::side_to_act(rules, st) else {
        return Vec::new();
    };
    let legal = candidates::<G>(rules, st, G::legal(rules, st), &Seen::new());
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(rng_seed);
    legal
        .into_iter()
        .map(|c| {
            let sum: f64 = (0..playouts)
                .map(|_| playout::<G>(rules, st, &side, &c, horizon, &mut rng))
                .sum();
            let v = sum / playouts.max(1) as f64;
            (c, v)
        })
        .collect()
}

/// Commands the search tries first where it widens ([`PRIOR_PICKS`] of them at most):
/// the picks of the game's playout policy ([`RulesGame::playout_play`]; by default the
/// random player, which leans towards the enemy and rarely passes) on determinized
/// copies of the position, so that
/// the seat's hidden-information guarantees hold; the rest keep their random order.
fn prefer_the_players_picks<G: RulesGame>(
    rules: &G::Rules,
    st: &G::State,
    side: &str,
    legal: &[G::Command],
    order: &mut Vec<usize>,
    rng: &mut Xoshiro256PlusPlus,
) {
    let mut front: Vec<usize> = Vec::new();
    for _ in 0..PRIOR_PICKS * 2 {
        if front.len() >= PRIOR_PICKS {
            break;
        }
        let sim = G::determinize(rules, st, side, rng);
        let Some(c) = G::playout_play(rules, &sim, rng) else {
            break;
        };
        if let Some(i) = legal.iter().position(|x| *x == c)
            && !front.contains(&i)
        {
            front.push(i);
        }
    }
    order.retain(|i| !front.contains(i));
    front.append(order);
    *order = front;
}

/// How many of the random player's picks enter a widened search first.
pub const PRIOR_PICKS: usize = 6;

fn mean(total: f64, n: u32) -> f64 {
    if n == 0 { 0.0 } else { total / n as f64 }
}

/// How many commands (of `n`) are in the search after `done` iterations: all of them
/// up to [`WIDEN_ABOVE`], else 8 plus `rate` ([`WIDEN`]) per square root of the
/// iterations.
pub fn widened(n: usize, done: u32, rate: u8) -> usize {
    if n <= WIDEN_ABOVE {
        return n;
    }
    (8 + rate as usize * (done as f64).sqrt() as usize).min(n)
}

/// UCB1 over the commands in the search; an untried command first.
fn pick_arm(searched: &[usize], visits: &[u32], total: &[f64], done: u32, c: f64) -> usize {
    if let Some(&i) = searched.iter().find(|&&i| visits[i] == 0) {
        return i;
    }
    let ln = (done.max(1) as f64).ln();
    let mut best = searched[0];
    let mut best_v = f64::MIN;
    for &i in searched {
        let n = visits[i] as f64;
        let v = total[i] / n + c * (ln / n).sqrt();
        if v > best_v {
            best_v = v;
            best = i;
        }
    }
    best
}

/// One iteration: the position as `side` may know it, fresh dice from the AI's
/// generator, `first`, then up to `horizon` random commands; the score for `side`.
fn playout<G: RulesGame>(
    rules: &G::Rules,
    st: &G::State,
    side: &str,
    first: &G::Command,
    horizon: usize,
    rng: &mut Xoshiro256PlusPlus,
) -> f64 {
    let mut sim = G::determinize(rules, st, side, rng);
    let mut dice = Dice::new(rng.random());
    let mut log = GameLog::default();
    if G::apply(rules, &mut sim, &mut dice, &mut log, first).is_err() {
        // not possible in this dealing of the unseen cards: no information
        return 0.5;
    }
    for _ in 0..horizon {
        if G::over(&sim) {
            break;
        }
        let Some(cmd) = G::playout_play(rules, &sim, rng) else {
            break;
        };
        if G::apply(rules, &mut sim, &mut dice, &mut log, &cmd).is_err() {
            break;
        }
        if log.entries.len() > 4096 {
            log.entries.clear();
        }
    }
    G::evaluate(rules, &sim, side).clamp(0.0, 1.0)
}

/// The budget's limits with twice the iterations at the named strengths (quick, normal,
/// strong); the explicit forms keep their meaning (`RulesGame::ai_limits` of the hex
/// games, whose movement decisions are the widest).
pub fn twice_the_iterations(budget: Budget) -> Limits {
    let mut l = budget.limits();
    if matches!(budget, Budget::Quick | Budget::Normal | Budget::Strong) {
        l.iterations = l.iterations.saturating_mul(2);
    }
    l
}

/// A score in 0..=1 for `side` from a margin (the side's lead, in the game's own
/// units, e.g. VP) and the game's end: 1 for a win, 0 for a loss, 0.5 for a draw; before
/// the end 0.5 plus up to 0.45 by the margin over `scale`.
pub fn margin_score(over: bool, winner: Option<&str>, side: &str, margin: f64, scale: f64) -> f64 {
    if over {
        return match winner {
            Some(w) if w == side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
    }
    0.5 + 0.45 * (margin / scale.max(1e-9)).tanh()
}

/// The default evaluation ([`RulesGame::evaluate`]): the summary's winner, else the VP
/// lead (scale 5 VP).
pub fn summary_score<G: RulesGame>(rules: &G::Rules, st: &G::State, side: &str) -> f64 {
    let s = G::summary(rules, st, 0, 0);
    let mine = s.vp.get(side).copied().unwrap_or(0) as f64;
    let theirs: f64 =
        s.vp.iter()
            .filter(|(k, _)| k.as_str() != side)
            .map(|(_, v)| *v as f64)
            .fold(0.0, f64::max);
    margin_score(s.finished, s.winner.as_deref(), side, mine - theirs, 5.0)
}

/// Shuffles `v` with the AI's generator (determinizations).
pub fn shuffle<T>(v: &mut [T], rng: &mut Xoshiro256PlusPlus) {
    for i in (1..v.len()).rev() {
        let j = rng.random_range(0..=i);
        v.swap(i, j);
    }
}

/// The agent of one side in a game played to its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agent {
    Random,
    Ai(Budget),
}

impl Agent {
    /// "random", "ai" (normal), "ai:quick", "ai:normal", "ai:strong", "ai:N", "ai:Nms".
    pub fn parse(s: &str) -> Result<Agent, String> {
        match s {
            "random" => Ok(Agent::Random),
            "ai" => Ok(Agent::Ai(Budget::Normal)),
            _ => match s.strip_prefix("ai:") {
                Some(b) => Budget::parse(b).map(Agent::Ai),
                None => Err(format!(
                    "unknown player '{s}' (random, ai, ai:quick, ai:normal, ai:strong)"
                )),
            },
        }
    }

    /// The agent's command at `g`: `rng` gives the random player's choice or the AI's
    /// search seed. The second value is the thinking time (AI only).
    pub fn pick<G: RulesGame>(
        self,
        g: &PureGame<G>,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Option<(G::Command, Option<Duration>)> {
        self.pick_seen(g, rng, &Seen::new())
    }

    /// [`Agent::pick`]; the computer does not go back to a position in `seen`.
    pub fn pick_seen<G: RulesGame>(
        self,
        g: &PureGame<G>,
        rng: &mut Xoshiro256PlusPlus,
        seen: &Seen,
    ) -> Option<(G::Command, Option<Duration>)> {
        match self {
            Agent::Random => G::random_play(&g.rules, &g.st, rng).map(|c| (c, None)),
            Agent::Ai(b) => search_seen::<G>(&g.rules, &g.st, b, rng.random(), seen)
                .map(|d| (d.command, Some(d.elapsed))),
        }
    }
}
