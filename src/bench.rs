//! `feldzug bench`: measured figures, printed as a table. The headless part needs no
//! window; `--gui` also starts the program under the current display to measure frame
//! time, start-up, idle CPU and memory against an empty Bevy window.

use crate::engine::session::GameEntry;
use crate::games::registry;
use std::time::Instant;

pub fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// The time to list the legal commands of every position of `seeds` random full games of
/// each scenario in `ids`: median, p99 and max rows labelled with `label`.
pub fn legal_command_figures<G: crate::engine::game::RulesGame>(
    label: &str,
    ids: &[&str],
    seeds: u64,
) -> Result<Vec<(String, String, String)>, String> {
    use crate::engine::game::PureGame;
    use rand::SeedableRng;
    let mut legal: Vec<f64> = Vec::new();
    for id in ids {
        let src = crate::engine::scenarios::find(id)?;
        let rules = G::load_rules(&src, &[])?;
        for seed in 0..seeds {
            let mut g = PureGame::<G>::new(rules.clone(), seed);
            let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut n = 0;
            while !g.over() && n < 30_000 {
                n += 1;
                let t = Instant::now();
                let cmds = g.legal();
                legal.push(t.elapsed().as_secs_f64() * 1e6);
                let Some(c) = G::random_command(&g.rules, &g.st, &cmds, &mut rng) else {
                    break;
                };
                g.apply(&c).map_err(|r| r.to_string())?;
            }
        }
    }
    legal.sort_by(|a, b| a.total_cmp(b));
    Ok(vec![
        (
            format!("{label} legal commands of a position: median"),
            format!(
                "{:.1} µs ({} positions)",
                percentile(&legal, 0.5),
                legal.len()
            ),
            String::new(),
        ),
        (
            format!("{label} legal commands of a position: p99"),
            format!("{:.1} µs", percentile(&legal, 0.99)),
            "< 1 ms".into(),
        ),
        (
            format!("{label} legal commands of a position: max"),
            format!("{:.1} µs", legal.last().copied().unwrap_or(0.0)),
            String::new(),
        ),
    ])
}

pub struct Row {
    pub figure: String,
    pub value: String,
    pub target: String,
}

fn row(figure: &str, value: String, target: &str) -> Row {
    Row {
        figure: figure.into(),
        value,
        target: target.into(),
    }
}

/// Headless figures of every registered game: its own figures, then random full games
/// of each of its scenarios (`games` games, or as many as fit in 10 s, at least 2).
pub fn headless(games: u32) -> Result<Vec<Row>, String> {
    let mut out = Vec::new();
    for game in registry() {
        for (figure, value, target) in game.bench_figures(games)? {
            out.push(Row {
                figure,
                value,
                target,
            });
        }
        for sc in game.scenarios() {
            out.push(random_games(game, &sc.id, games)?);
        }
    }
    Ok(out)
}

/// `feldzug bench --ai`: the computer's playouts part by part and its decisions at
/// `budget`, per scenario of every game (or only `only`).
pub fn ai(
    positions: usize,
    budget: crate::ai::Budget,
    only: Option<&str>,
) -> Result<Vec<Row>, String> {
    let mut out = Vec::new();
    for game in registry() {
        if only.is_some_and(|o| !game.scenarios().iter().any(|s| s.id == o)) {
            continue;
        }
        for (figure, value, target) in game.bench_ai(positions, budget, only)? {
            out.push(Row {
                figure,
                value,
                target,
            });
        }
    }
    Ok(out)
}

fn random_games(game: &dyn GameEntry, id: &str, games: u32) -> Result<Row, String> {
    let src = crate::engine::scenarios::find(id)?;
    let t = Instant::now();
    let (mut n, mut commands) = (0u64, 0usize);
    while n < games.max(2) as u64 && (n < 2 || t.elapsed().as_secs() < 10) {
        let (summary, _) = game.play_random(&src, &[], n, n ^ 0x5eed, 30_000)?;
        commands += summary.commands;
        n += 1;
    }
    let secs = t.elapsed().as_secs_f64();
    Ok(row(
        &format!("Random full games of {id} (one core)"),
        format!(
            "{:.2} games/s, {:.1} ms/game, {} commands/game ({n} games)",
            n as f64 / secs,
            secs * 1000.0 / n as f64,
            commands / n as usize
        ),
        "",
    ))
}

/// Per game, the scenario with the largest map (of equals, the longest scenario file:
/// a linked game has the most pieces), for the window figures.
fn largest_scenarios() -> Vec<String> {
    let mut out = Vec::new();
    for game in registry() {
        let mut best: Option<((usize, usize), String)> = None;
        for sc in game.scenarios() {
            let Ok(src) = crate::engine::scenarios::find(&sc.id) else {
                continue;
            };
            let size = (
                game.map(&src).ok().flatten().map_or(0, |m| m.len()),
                src.text.len(),
            );
            if best.as_ref().is_none_or(|b| size > b.0) {
                best = Some((size, sc.id));
            }
        }
        out.extend(best.map(|b| b.1));
    }
    out
}

pub fn print_table(machine: &str, rows: &[Row]) -> String {
    let mut s = format!("Machine: {machine}\n\n| figure | value | target |\n| --- | --- | --- |\n");
    for r in rows {
        s.push_str(&format!("| {} | {} | {} |\n", r.figure, r.value, r.target));
    }
    s
}

pub fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|c| {
            c.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1);
    let mem = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|c| {
            c.lines().next().map(|l| {
                l.split_whitespace()
                    .nth(1)
                    .unwrap_or("0")
                    .parse::<u64>()
                    .unwrap_or(0)
                    / 1024
                    / 1024
            })
        })
        .unwrap_or(0);
    format!(
        "{cpu}, {cores} cores, {mem} GiB, {}",
        if cfg!(debug_assertions) {
            "debug build"
        } else {
            "release build"
        }
    )
}

#[cfg(unix)]
fn cpu_ticks(pid: u32) -> Option<u64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let rest = s.rsplit(')').next()?;
    let f: Vec<&str> = rest.split_whitespace().collect();
    Some(f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?)
}

/// Runs this program with the given env; returns its stdout lines.
fn run_self(env: &[(&str, &str)], timeout_s: u64) -> Result<(Vec<String>, f64), String> {
    use std::io::{BufRead, BufReader};
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let t = Instant::now();
    let mut cmd = std::process::Command::new(exe);
    cmd.stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().map_err(|e| e.to_string())?;
    let stdout = child.stdout.take().ok_or("no stdout")?;
    let mut lines = Vec::new();
    let mut first = None;
    for l in BufReader::new(stdout).lines() {
        let Ok(l) = l else { break };
        if l.starts_with("BENCH first-frame") && first.is_none() {
            first = Some(t.elapsed().as_secs_f64());
        }
        lines.push(l);
        if t.elapsed().as_secs() > timeout_s {
            let _ = child.kill();
            break;
        }
    }
    let _ = child.wait();
    Ok((lines, first.unwrap_or(f64::NAN)))
}

fn field(lines: &[String], key: &str) -> Option<f64> {
    lines.iter().find_map(|l| {
        l.strip_prefix(&format!("BENCH {key} "))
            .and_then(|v| v.trim().parse().ok())
    })
}

/// Window figures: frame time (game vs empty window), start-up, idle CPU, peak memory.
pub fn gui() -> Result<Vec<Row>, String> {
    if std::env::var("DISPLAY").is_err() {
        return Err("--gui needs a display (run under xvfb-run)".into());
    }
    let mut out = Vec::new();
    let (empty, empty_start) = run_self(&[("FELDZUG_BENCH", "empty")], 300)?;
    let e50 = field(&empty, "p50-ms").unwrap_or(f64::NAN);
    let e95 = field(&empty, "p95-ms").unwrap_or(f64::NAN);
    out.push(row(
        "Frame time, empty Bevy window: p50 / p95",
        format!("{e50:.1} / {e95:.1} ms"),
        "",
    ));
    // each game's largest map
    for id in largest_scenarios() {
        let id = id.as_str();
        let (game, game_start) = run_self(
            &[("FELDZUG_BENCH", "frames"), ("FELDZUG_AUTOSTART", id)],
            300,
        )?;
        let g50 = field(&game, "p50-ms").unwrap_or(f64::NAN);
        let g95 = field(&game, "p95-ms").unwrap_or(f64::NAN);
        out.push(row(
            &format!("Frame time, {id}, whole map + all counters, 1280x800: p50 / p95"),
            format!("{g50:.1} / {g95:.1} ms (ratio to empty {:.2})", g50 / e50),
            "",
        ));
        out.push(row(
            &format!("Start-up to first frame, {id}: game / empty window"),
            format!(
                "{:.2} s / {:.2} s (ratio {:.2})",
                game_start,
                empty_start,
                game_start / empty_start
            ),
            "",
        ));
        if let Some(rss) = field(&game, "peak-rss-mib") {
            out.push(row(
                &format!("Peak RSS with {id} loaded"),
                format!("{rss:.0} MiB"),
                "",
            ));
        }
        // Idle: the game open on its map, no input, 10 s.
        #[cfg(unix)]
        {
            let exe = std::env::current_exe().map_err(|e| e.to_string())?;
            let mut child = std::process::Command::new(exe)
                .env("FELDZUG_AUTOSTART", id)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()
                .map_err(|e| e.to_string())?;
            std::thread::sleep(std::time::Duration::from_secs(8));
            let a = cpu_ticks(child.id());
            std::thread::sleep(std::time::Duration::from_secs(10));
            let b = cpu_ticks(child.id());
            let _ = child.kill();
            let _ = child.wait();
            if let (Some(a), Some(b)) = (a, b) {
                // clock ticks are 1/100 s on Linux
                let pct = (b - a) as f64 / 100.0 / 10.0 * 100.0;
                out.push(row(
                    &format!("Idle CPU, {id} open, no input, 10 s"),
                    format!("{pct:.1} %"),
                    "near 0",
                ));
            }
        }
    }
    Ok(out)
}
