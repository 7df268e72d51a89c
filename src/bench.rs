//! `feldzug bench`: measured figures, printed as a table. The headless part needs no
//! window; `--gui` also starts the program under the current display to measure frame
//! time, start-up, idle CPU and memory against an empty Bevy window.

use crate::games::koniggratz::rules::{self, View};
use crate::games::koniggratz::state::{Loc, Step};
use crate::games::koniggratz::{self, PureGame, random_play};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::time::Instant;

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
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

/// Headless figures for Königgrätz.
pub fn headless(games: u32) -> Result<Vec<Row>, String> {
    let src = crate::engine::scenarios::find("koniggratz")?;
    let rules = koniggratz::load_rules(&src, &[])?;
    let mut out = Vec::new();
    // Legal destinations and paths of one unit, sampled over random games' movement phases.
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
    out.push(row(
        "Legal destinations + paths, one unit: median",
        format!(
            "{:.1} µs ({} samples)",
            percentile(&samples, 0.5),
            samples.len()
        ),
        "",
    ));
    out.push(row(
        "Legal destinations + paths, one unit: p99",
        format!("{:.1} µs", percentile(&samples, 0.99)),
        "< 1 ms",
    ));
    // Full random games.
    let t = Instant::now();
    let mut commands = 0usize;
    for seed in 0..games as u64 {
        let mut g = PureGame::new(rules.clone(), seed);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x5eed);
        while !g.over() && g.commands.len() < 20_000 {
            let Some(c) = random_play(&g.rules, &g.st, &mut rng) else {
                break;
            };
            g.apply(&c).map_err(|r| r.to_string())?;
        }
        commands += g.commands.len();
    }
    let secs = t.elapsed().as_secs_f64();
    out.push(row(
        "Random full games of Königgrätz (one core)",
        format!(
            "{:.1} games/s, {:.1} ms/game, {} commands/game",
            games as f64 / secs,
            secs * 1000.0 / games as f64,
            commands / games.max(1) as usize
        ),
        "< 50 ms/game",
    ));
    out.extend(trautenau_rows(games)?);
    Ok(out)
}

/// Headless figures for Trautenau – Soor: line of sight, movement, random games.
fn trautenau_rows(games: u32) -> Result<Vec<Row>, String> {
    use crate::games::trautenau::{self as ts, los, rules as tsr};
    let mut out = Vec::new();
    let src = crate::engine::scenarios::find("trautenau")?;
    let rules = ts::load_rules(&src, &[])?;
    let g = ts::PureGame::new(rules.clone(), 1);
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
    out.push(row(
        "Line of sight, all pairs in artillery range (Trautenau – Soor)",
        format!(
            "{:.2} ms for {pairs} pairs within {range} hexes ({clear} clear), {:.2} µs/line",
            per * 1000.0,
            per * 1e6 / pairs.max(1) as f64
        ),
        "",
    ));
    // Destinations of one unit in movement steps of random games.
    let mut samples: Vec<f64> = Vec::new();
    for seed in 0..3u64 {
        let mut g = ts::PureGame::new(rules.clone(), seed);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        while !g.over() {
            if g.st.g.step == ts::state::Step::Movement && g.st.g.pending.is_empty() {
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
            let Some(c) = ts::random_command(&g.rules, &g.st, &legal, &mut rng) else {
                break;
            };
            g.apply(&c).map_err(|r| r.to_string())?;
        }
    }
    samples.sort_by(|a, b| a.total_cmp(b));
    out.push(row(
        "Trautenau – Soor destinations + paths, one unit: median / p99",
        format!(
            "{:.1} / {:.1} µs ({} samples)",
            percentile(&samples, 0.5),
            percentile(&samples, 0.99),
            samples.len()
        ),
        "p99 < 1 ms",
    ));
    let n = (games / 10).max(2);
    for id in ["trautenau", "soor", "trautenau-soor"] {
        let src = crate::engine::scenarios::find(id)?;
        let rules = ts::load_rules(&src, &[])?;
        let t = Instant::now();
        let mut commands = 0;
        for seed in 0..n as u64 {
            let mut g = ts::PureGame::new(rules.clone(), seed);
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x7a7e);
            while !g.over() && g.commands.len() < 30_000 {
                let legal = g.legal();
                let Some(c) = ts::random_command(&g.rules, &g.st, &legal, &mut rng) else {
                    break;
                };
                g.apply(&c).map_err(|r| r.to_string())?;
            }
            commands += g.commands.len();
        }
        let secs = t.elapsed().as_secs_f64();
        out.push(row(
            &format!("Random full games of {id} (one core)"),
            format!(
                "{:.2} games/s, {:.0} ms/game, {} commands/game",
                n as f64 / secs,
                secs * 1000.0 / n as f64,
                commands / n as usize
            ),
            "",
        ));
    }
    Ok(out)
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
    // Königgrätz (the larger map) and the linked Trautenau – Soor game (the most pieces).
    for id in ["koniggratz", "trautenau-soor"] {
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
