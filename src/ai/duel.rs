//! Games played to their end by agents (the computer, the random player):
//! `feldzug play --ai` and `feldzug duel`, generic over [`RulesGame`].

use super::Agent;
use crate::engine::game::{PureGame, RulesGame, save_file};
use crate::engine::save;
use crate::engine::scenarios::ScenarioSource;
use crate::engine::session::Summary;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// One game played by agents.
#[derive(Clone, Debug)]
pub struct Played {
    pub summary: Summary,
    pub save: String,
    /// Thinking time of every AI decision with a choice (more than one legal command),
    /// with the side that thought.
    pub think: Vec<(String, Duration)>,
}

/// The side names of a game (from its summary), in the summary's order.
pub fn sides<G: RulesGame>(rules: &G::Rules, st: &G::State) -> Vec<String> {
    G::summary(rules, st, 0, 0).vp.keys().cloned().collect()
}

/// Plays a game from `seed` to its end (or `max_commands`): `agent_of(side)` picks the
/// agent of the side to act; `agent_seed` seeds the agents.
pub fn play_game<G: RulesGame>(
    scenario: &ScenarioSource,
    variants: &[String],
    seed: u64,
    agent_seed: u64,
    max_commands: usize,
    agent_of: &dyn Fn(&str) -> Agent,
) -> Result<Played, String> {
    let rules = G::load_rules(scenario, variants)?;
    let mut g = PureGame::<G>::new(rules, seed);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(agent_seed);
    let mut think = Vec::new();
    // the positions so far, for the computer not to go round in circles (ai::Seen)
    let mut seen = super::Seen::new();
    while !g.over() && g.commands.len() < max_commands {
        let side = G::side_to_act(&g.rules, &g.st).unwrap_or_default();
        let agent = agent_of(&side);
        if matches!(agent, Agent::Ai(_)) {
            seen.insert(super::position_key::<G>(&g.st));
        }
        let Some((cmd, t)) = agent.pick_seen(&g, &mut rng, &seen) else {
            break;
        };
        if let Some(t) = t
            && G::legal(&g.rules, &g.st).len() > 1
        {
            think.push((side.clone(), t));
        }
        g.apply(&cmd)
            .map_err(|r| format!("{side}'s command refused: {cmd:?}: {r}"))?;
    }
    let mut file = save_file(&g, variants);
    file.players = seats::<G>(&g.rules, &g.st, agent_of);
    let text = save::to_text(&file)?;
    Ok(Played {
        summary: g.summary(),
        save: text,
        think,
    })
}

/// The save's `players` field for a game played by these agents (issue 15): each side's
/// name and "computer:<strength>" as the window writes it, or "random" for the random
/// player (which the window opens as a human seat); None when no side is the computer.
pub fn seats<G: RulesGame>(
    rules: &G::Rules,
    st: &G::State,
    agent_of: &dyn Fn(&str) -> Agent,
) -> Option<std::collections::BTreeMap<String, String>> {
    let names = sides::<G>(rules, st);
    if !names.iter().any(|s| matches!(agent_of(s), Agent::Ai(_))) {
        return None;
    }
    Some(
        names
            .into_iter()
            .map(|s| {
                let seat = match agent_of(&s) {
                    Agent::Ai(_) => agent_name(agent_of(&s)).replacen("ai:", "computer:", 1),
                    Agent::Random => "random".to_string(),
                };
                (s, seat)
            })
            .collect(),
    )
}

/// The result of a duel between two agents, A and B.
#[derive(Clone, Debug, serde::Serialize)]
pub struct DuelReport {
    pub game: String,
    pub scenario: String,
    pub a: String,
    pub b: String,
    pub games: usize,
    pub rows: Vec<DuelRow>,
    /// A's thinking time per decision with a choice (AI only), milliseconds.
    pub a_think_ms: Option<ThinkFigures>,
    pub b_think_ms: Option<ThinkFigures>,
    pub threads: usize,
    pub wall_seconds: f64,
    /// Every game, in the order of the seeds (`feldzug duel --each` prints them).
    pub each: Vec<DuelGame>,
    /// The games A did not win (lost, drawn or unfinished): seed, A's side and the save
    /// (`feldzug duel --keep-lost DIR` writes them for `inspect` and `replay`).
    #[serde(skip)]
    pub not_won: Vec<(u64, String, String)>,
}

/// A's results when it plays one side (or "all").
#[derive(Clone, Debug, serde::Serialize)]
pub struct DuelRow {
    pub a_side: String,
    pub games: usize,
    pub a_wins: usize,
    pub b_wins: usize,
    pub draws: usize,
    /// Games stopped by the command limit before their end.
    pub unfinished: usize,
    /// A's win rate and its 95 % Wilson interval.
    pub a_win_rate: f64,
    pub a_win_low: f64,
    pub a_win_high: f64,
    pub a_mean_vp: f64,
    pub b_mean_vp: f64,
    pub mean_commands: f64,
    pub mean_turns: f64,
    /// A's VP lead (A's VP less B's) over the games: least, first quartile, median, third
    /// quartile, greatest (the VP distribution).
    pub a_lead: [i64; 5],
}

/// One game of a duel: its seed, A's side, both sides' VP, the winner and its length.
#[derive(Clone, Debug, serde::Serialize)]
pub struct DuelGame {
    pub seed: u64,
    pub a_side: String,
    pub a_vp: u32,
    pub b_vp: u32,
    /// None: a draw, or unfinished (`finished` false).
    pub winner: Option<String>,
    pub finished: bool,
    pub turns: u32,
}

/// The least, quartiles and greatest of `v` (nearest rank; zeros for none).
pub fn five_numbers(mut v: Vec<i64>) -> [i64; 5] {
    if v.is_empty() {
        return [0; 5];
    }
    v.sort_unstable();
    let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
    [at(0.0), at(0.25), at(0.5), at(0.75), at(1.0)]
}

#[derive(Clone, Debug, serde::Serialize)]
pub struct ThinkFigures {
    pub decisions: usize,
    pub median: f64,
    pub p95: f64,
    pub max: f64,
}

/// The 95 % Wilson score interval of `k` successes in `n`.
pub fn wilson(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (n, p, z) = (n as f64, k as f64 / n as f64, 1.96f64);
    let d = 1.0 + z * z / n;
    let c = (p + z * z / (2.0 * n)) / d;
    let h = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / d;
    ((c - h).max(0.0), (c + h).min(1.0))
}

fn think_figures(mut v: Vec<Duration>) -> Option<ThinkFigures> {
    if v.is_empty() {
        return None;
    }
    v.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let at = |q: f64| ms(v[((v.len() - 1) as f64 * q).round() as usize]);
    Some(ThinkFigures {
        decisions: v.len(),
        median: at(0.5),
        p95: at(0.95),
        max: ms(*v.last().unwrap_or(&Duration::ZERO)),
    })
}

/// Plays `games` games of A against B on all cores: game `i` has the seed `seed + i`,
/// and A plays `a_side` (None: the sides in turn, game by game).
#[allow(clippy::too_many_arguments)]
pub fn duel<G: RulesGame>(
    scenario: &ScenarioSource,
    variants: &[String],
    games: usize,
    seed: u64,
    a: Agent,
    b: Agent,
    a_side: Option<&str>,
    max_commands: usize,
    threads: usize,
) -> Result<DuelReport, String> {
    let start = std::time::Instant::now();
    let rules = G::load_rules(scenario, variants)?;
    let probe = PureGame::<G>::new(rules, seed);
    let sides = sides::<G>(&probe.rules, &probe.st);
    if sides.len() != 2 {
        return Err(format!("a duel needs two sides, the game has {sides:?}"));
    }
    let fixed = match a_side {
        Some(s) => Some(
            sides
                .iter()
                .find(|x| x.eq_ignore_ascii_case(s))
                .cloned()
                .ok_or_else(|| format!("no side '{s}' in this game ({})", sides.join(", ")))?,
        ),
        None => None,
    };
    let next = AtomicUsize::new(0);
    // (a's side, summary, a's think times, b's think times, game seed, save if not won)
    type Out = (
        String,
        Summary,
        Vec<Duration>,
        Vec<Duration>,
        u64,
        Option<String>,
    );
    let results: Mutex<Vec<Result<Out, String>>> = Mutex::new(Vec::new());
    let threads = threads.clamp(1, games.max(1));
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= games {
                        break;
                    }
                    let a_plays = fixed.clone().unwrap_or_else(|| sides[i % 2].clone());
                    let a_side = a_plays.clone();
                    let agent_of = move |side: &str| if side == a_side { a } else { b };
                    let game_seed = seed.wrapping_add(i as u64);
                    let r = play_game::<G>(
                        scenario,
                        variants,
                        game_seed,
                        game_seed ^ 0x5eed_a1a1,
                        max_commands,
                        &agent_of,
                    )
                    .map(|p| {
                        let (ta, tb): (Vec<_>, Vec<_>) =
                            p.think.into_iter().partition(|t| t.0 == a_plays);
                        let ta = ta.into_iter().map(|t| t.1).collect();
                        let tb = tb.into_iter().map(|t| t.1).collect();
                        let won = p.summary.finished
                            && p.summary.winner.as_deref() == Some(a_plays.as_str());
                        let save = (!won).then_some(p.save);
                        (a_plays.clone(), p.summary, ta, tb, game_seed, save)
                    });
                    if let Ok(mut v) = results.lock() {
                        v.push(r);
                    }
                }
            });
        }
    });
    let results = results.into_inner().map_err(|e| e.to_string())?;
    let mut outs = Vec::new();
    for r in results {
        outs.push(r?);
    }
    let mut rows = Vec::new();
    let mut groups: Vec<String> = match &fixed {
        Some(f) => vec![f.clone()],
        None => sides.clone(),
    };
    if fixed.is_none() {
        groups.push("all".into());
    }
    for grp in groups {
        let sel: Vec<&Out> = outs.iter().filter(|o| grp == "all" || o.0 == grp).collect();
        let n = sel.len();
        let mut row = DuelRow {
            a_side: grp.clone(),
            games: n,
            a_wins: 0,
            b_wins: 0,
            draws: 0,
            unfinished: 0,
            a_win_rate: 0.0,
            a_win_low: 0.0,
            a_win_high: 1.0,
            a_mean_vp: 0.0,
            b_mean_vp: 0.0,
            mean_commands: 0.0,
            mean_turns: 0.0,
            a_lead: [0; 5],
        };
        let mut leads = Vec::new();
        for (a_side, s, ..) in &sel {
            match (&s.winner, s.finished) {
                (_, false) => row.unfinished += 1,
                (Some(w), true) if w == a_side => row.a_wins += 1,
                (Some(_), true) => row.b_wins += 1,
                (None, true) => row.draws += 1,
            }
            let b_side = sides
                .iter()
                .find(|x| *x != a_side)
                .cloned()
                .unwrap_or_default();
            let (av, bv) = (
                s.vp.get(a_side).copied().unwrap_or(0),
                s.vp.get(&b_side).copied().unwrap_or(0),
            );
            leads.push(av as i64 - bv as i64);
            row.a_mean_vp += av as f64;
            row.b_mean_vp += bv as f64;
            row.mean_commands += s.commands as f64;
            row.mean_turns += s.turns as f64;
        }
        if n > 0 {
            let nf = n as f64;
            row.a_win_rate = row.a_wins as f64 / nf;
            (row.a_win_low, row.a_win_high) = wilson(row.a_wins, n);
            row.a_mean_vp /= nf;
            row.b_mean_vp /= nf;
            row.mean_commands /= nf;
            row.mean_turns /= nf;
        }
        row.a_lead = five_numbers(leads);
        rows.push(row);
    }
    Ok(DuelReport {
        game: G::GAME_ID.into(),
        scenario: scenario.meta.id.clone(),
        a: agent_name(a),
        b: agent_name(b),
        games,
        rows,
        a_think_ms: think_figures(outs.iter().flat_map(|o| o.2.clone()).collect()),
        b_think_ms: think_figures(outs.iter().flat_map(|o| o.3.clone()).collect()),
        threads,
        wall_seconds: start.elapsed().as_secs_f64(),
        each: {
            let mut each: Vec<DuelGame> = outs
                .iter()
                .map(|(a_side, s, _, _, seed, _)| {
                    let b_side = sides.iter().find(|x| *x != a_side);
                    DuelGame {
                        seed: *seed,
                        a_side: a_side.clone(),
                        a_vp: s.vp.get(a_side).copied().unwrap_or(0),
                        b_vp: b_side.and_then(|b| s.vp.get(b)).copied().unwrap_or(0),
                        winner: s.winner.clone(),
                        finished: s.finished,
                        turns: s.turns,
                    }
                })
                .collect();
            each.sort_by_key(|g| g.seed);
            each
        },
        not_won: outs
            .iter()
            .filter_map(|o| o.5.clone().map(|save| (o.4, o.0.clone(), save)))
            .collect(),
    })
}

/// "random", "ai:normal", ...
pub fn agent_name(a: Agent) -> String {
    match a {
        Agent::Random => "random".into(),
        Agent::Ai(b) => match b {
            super::Budget::Quick => "ai:quick".into(),
            super::Budget::Normal => "ai:normal".into(),
            super::Budget::Strong => "ai:strong".into(),
            super::Budget::Iterations(n) => format!("ai:{n}"),
            super::Budget::Custom {
                iterations,
                horizon,
            } => format!("ai:{iterations}/{horizon}"),
            super::Budget::Time(d) => format!("ai:{}ms", d.as_millis()),
            b @ super::Budget::Tuned { .. } => format!("ai:{}", super::budget_text(b)),
        },
    }
}

/// The duel as a text table.
pub fn report_text(r: &DuelReport) -> String {
    let mut out = format!(
        "{} {}: A = {} against B = {}, {} games on {} threads in {:.1} s\n",
        r.game, r.scenario, r.a, r.b, r.games, r.threads, r.wall_seconds
    );
    out.push_str("| A plays | games | A wins | B wins | draws | unfinished | A win rate (95 % CI) | A mean VP | B mean VP | mean commands | mean turns |\n");
    out.push_str("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
    for w in &r.rows {
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {:.1} % ({:.1}–{:.1} %) | {:.1} | {:.1} | {:.0} | {:.1} |\n",
            w.a_side,
            w.games,
            w.a_wins,
            w.b_wins,
            w.draws,
            w.unfinished,
            w.a_win_rate * 100.0,
            w.a_win_low * 100.0,
            w.a_win_high * 100.0,
            w.a_mean_vp,
            w.b_mean_vp,
            w.mean_commands,
            w.mean_turns
        ));
    }
    for w in &r.rows {
        let l = w.a_lead;
        out.push_str(&format!(
            "A's VP lead ({}): least {}, quartiles {} / {} / {}, greatest {}\n",
            w.a_side, l[0], l[1], l[2], l[3], l[4]
        ));
    }
    for (who, t) in [("A", &r.a_think_ms), ("B", &r.b_think_ms)] {
        if let Some(t) = t {
            out.push_str(&format!(
                "{who} thinking per decision: median {:.1} ms, p95 {:.1} ms, max {:.1} ms ({} decisions with a choice)\n",
                t.median, t.p95, t.max, t.decisions
            ));
        }
    }
    out.trim_end().to_string()
}

/// One line per game of the duel (`feldzug duel --each`): seed, A's side, the VP, the
/// result and the turns played.
pub fn each_text(r: &DuelReport) -> String {
    r.each
        .iter()
        .map(|g| {
            let result = match (&g.winner, g.finished) {
                (_, false) => "unfinished".to_string(),
                (Some(w), true) if *w == g.a_side => "A wins".into(),
                (Some(_), true) => "B wins".into(),
                (None, true) => "draw".into(),
            };
            format!(
                "seed {} A={} VP {}-{} ({:+}) {} after {} turns",
                g.seed,
                g.a_side,
                g.a_vp,
                g.b_vp,
                g.a_vp as i64 - g.b_vp as i64,
                result,
                g.turns
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}
