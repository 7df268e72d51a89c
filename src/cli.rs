//! The command line: `feldzug play`, `feldzug duel`, `feldzug replay`, `feldzug inspect`,
//! `feldzug scenarios`, `feldzug check`.
//! Every error is one line on stderr and a non-zero exit.

use crate::engine::scenarios;
use crate::engine::session::GameEntry;
use crate::games;
use clap::{Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(
    name = "feldzug",
    version,
    about = "Feldzug 1866: board wargames of 1866 and 1756"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Cmd>,
}

#[derive(Subcommand, Debug)]
pub enum Cmd {
    /// Play a game headless and print a JSON summary.
    Play {
        /// Scenario id (see `feldzug scenarios`) or a .ron file.
        #[arg(long)]
        scenario: String,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Play random legal commands for both sides.
        #[arg(long)]
        random: bool,
        /// The side the computer plays (e.g. prussia), or "both"; the other side plays
        /// random commands (see --opponent).
        #[arg(long)]
        ai: Option<String>,
        /// The computer's strength: quick, normal, strong, a number of iterations or
        /// e.g. 500ms of thinking per decision.
        #[arg(long, default_value = "normal")]
        strength: String,
        /// The player of the sides the computer does not play: random or ai:STRENGTH.
        #[arg(long, default_value = "random")]
        opponent: String,
        /// Seed of the random player (defaults to the game seed).
        #[arg(long)]
        agent_seed: Option<u64>,
        /// Scenario option ids, e.g. --option austrian-ap-16
        #[arg(long = "option")]
        options: Vec<String>,
        /// Also write the save file here.
        #[arg(long)]
        save: Option<String>,
        #[arg(long, default_value_t = 100_000)]
        max_commands: usize,
        /// Write the save atomically after every command (crash-safety tests).
        #[arg(long)]
        autosave: Option<String>,
    },
    /// Play N games of player A against player B (the computer or the random player) on
    /// all cores; print A's win rate per side with a 95 % interval, mean VP and length.
    Duel {
        /// Scenario id (see `feldzug scenarios`) or a .ron file.
        #[arg(long)]
        scenario: String,
        #[arg(long, default_value_t = 20)]
        games: usize,
        /// Player A: random, ai, ai:quick, ai:normal, ai:strong, ai:N (iterations).
        #[arg(long, default_value = "ai:normal")]
        a: String,
        /// Player B (as A).
        #[arg(long, default_value = "random")]
        b: String,
        /// The side A plays (default: the sides in turn, game by game).
        #[arg(long)]
        a_side: Option<String>,
        /// Seed of the first game (game i has seed + i).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long = "option")]
        options: Vec<String>,
        #[arg(long, default_value_t = 100_000)]
        max_commands: usize,
        /// Threads (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
        /// Write the save of every game A did not win into this folder
        /// (<scenario>-<seed>-<A's side>.ron), for `inspect` and `replay`.
        #[arg(long)]
        keep_lost: Option<String>,
        /// Also print one line per game (seed, A's side, VP, result, turns).
        #[arg(long)]
        each: bool,
    },
    /// Print measured speed figures as a table (add --gui under a display for the window).
    Bench {
        #[arg(long, default_value_t = 50)]
        games: u32,
        #[arg(long)]
        gui: bool,
        /// Where the computer's thinking time goes, per scenario (instead of the
        /// headless figures): the budget searched, e.g. quick or normal.
        #[arg(long)]
        ai: Option<String>,
        /// With --ai: positions measured per scenario.
        #[arg(long, default_value_t = 12)]
        positions: usize,
        /// With --ai: only this scenario.
        #[arg(long)]
        scenario: Option<String>,
    },
    /// Fuzz a target (scenario, save, commands) for a bounded time.
    Fuzz {
        target: String,
        #[arg(long, default_value_t = 60)]
        seconds: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Where crashing inputs are written.
        #[arg(long, default_value = "tests/fuzz-regressions")]
        out: String,
    },
    /// Re-run a save file and print the same JSON summary.
    Replay { file: String },
    /// Print as JSON the position after the first N commands of a save: state, phase,
    /// side to act, legal commands, state hash; with --try, whether a command is accepted.
    Inspect {
        file: String,
        /// Number of the save's commands to play first (default: all).
        #[arg(long)]
        at: Option<usize>,
        /// A command in the save file's form, e.g. --try 'Move(unit: 22, to: "1109")'.
        #[arg(long = "try")]
        try_command: Option<String>,
        /// Show hidden information in the state (the cards in both hands, the order of
        /// the draw pile); without it they are shown as counts, the legal commands that
        /// name a hidden card are left out (`legal_hidden`) and cannot be tried.
        #[arg(long)]
        reveal_hidden: bool,
        /// Add the game log up to the position (`log`: one line an entry with its turn,
        /// phase and case).
        #[arg(long)]
        log: bool,
    },
    /// List the scenarios built into the program.
    Scenarios,
    /// Check a scenario file against its game's rules.
    Check { file: String },
}

/// Runs a subcommand; returns the process exit code.
pub fn run(cmd: Cmd) -> i32 {
    match run_inner(cmd) {
        Ok(out) => {
            println!("{out}");
            0
        }
        Err(e) => {
            eprintln!("error: {}", error_line(&e));
            1
        }
    }
}

/// The first line of an error, with control characters (a carriage return, a terminal
/// escape from a file's name or text) shown escaped, so that the line printed is whole and
/// ends with its newline.
pub fn error_line(e: &str) -> String {
    let line = e.lines().next().unwrap_or("").trim_end();
    if line.is_empty() {
        return "unknown error".into();
    }
    line.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

fn run_inner(cmd: Cmd) -> Result<String, String> {
    match cmd {
        Cmd::Play {
            scenario,
            seed,
            random,
            ai,
            strength,
            opponent,
            agent_seed,
            options,
            save,
            max_commands,
            autosave,
        } => {
            if let Some(path) = autosave {
                return autosave_play(&scenario, seed, &options, &path);
            }
            if let Some(ai) = ai {
                return ai_play(
                    &scenario,
                    seed,
                    agent_seed.unwrap_or(seed),
                    &options,
                    &ai,
                    &strength,
                    &opponent,
                    save.as_deref(),
                    max_commands,
                );
            }
            if !random {
                return Err("only --random play is available on the command line; start the program without arguments to play with the mouse".into());
            }
            let src = scenarios::find(&scenario)?;
            let game = games::find(&src.meta.game)?;
            let (summary, text) = game.play_random(
                &src,
                &options,
                seed,
                agent_seed.unwrap_or(seed),
                max_commands,
            )?;
            if let Some(path) = save {
                crate::engine::save::write_atomic(std::path::Path::new(&path), &text)
                    .map_err(|e| format!("{path}: {e}"))?;
            }
            serde_json::to_string_pretty(&summary).map_err(|e| e.to_string())
        }
        Cmd::Duel {
            scenario,
            games,
            a,
            b,
            a_side,
            seed,
            options,
            max_commands,
            threads,
            json,
            keep_lost,
            each,
        } => {
            let src = scenarios::find(&scenario)?;
            let game = games::find(&src.meta.game)?;
            let (a, b) = (crate::ai::Agent::parse(&a)?, crate::ai::Agent::parse(&b)?);
            let threads = threads
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
            let r = game.duel(
                &src,
                &options,
                games,
                seed,
                a,
                b,
                a_side.as_deref(),
                max_commands,
                threads,
            )?;
            if let Some(dir) = keep_lost {
                std::fs::create_dir_all(&dir).map_err(|e| format!("{dir}: {e}"))?;
                for (seed, side, save) in &r.not_won {
                    let path = std::path::Path::new(&dir).join(format!(
                        "{}-{seed}-{}.ron",
                        r.scenario,
                        side.to_lowercase()
                    ));
                    crate::engine::save::write_atomic(&path, save)
                        .map_err(|e| format!("{}: {e}", path.display()))?;
                }
            }
            if json {
                serde_json::to_string_pretty(&r).map_err(|e| e.to_string())
            } else if each {
                Ok(format!(
                    "{}\n{}",
                    crate::ai::duel::report_text(&r),
                    crate::ai::duel::each_text(&r)
                ))
            } else {
                Ok(crate::ai::duel::report_text(&r))
            }
        }
        Cmd::Replay { file } => {
            let (text, game) = read_save(&file)?;
            let summary = game.replay(&file, &text)?;
            serde_json::to_string_pretty(&summary).map_err(|e| e.to_string())
        }
        Cmd::Inspect {
            file,
            at,
            try_command,
            reveal_hidden,
            log,
        } => {
            let (text, game) = read_save(&file)?;
            let mut out = game.inspect(&file, &text, at, try_command.as_deref(), reveal_hidden)?;
            if !log {
                out.log = None;
            }
            serde_json::to_string_pretty(&out).map_err(|e| e.to_string())
        }
        Cmd::Bench {
            ai: Some(budget),
            positions,
            scenario,
            ..
        } => {
            let budget = crate::ai::Budget::parse(&budget)?;
            let rows = crate::bench::ai(positions, budget, scenario.as_deref())?;
            Ok(crate::bench::print_table(&crate::bench::machine(), &rows))
        }
        Cmd::Bench { games, gui, .. } => {
            let mut rows = crate::bench::headless(games)?;
            if gui {
                rows.extend(crate::bench::gui()?);
            }
            Ok(crate::bench::print_table(&crate::bench::machine(), &rows))
        }
        Cmd::Fuzz {
            target,
            seconds,
            seed,
            out,
        } => {
            let r = crate::fuzz::fuzz(&target, seconds, seed, std::path::Path::new(&out))?;
            if r.crashes.is_empty() {
                Ok(format!(
                    "fuzz {}: {} runs in {seconds} s, no crash",
                    r.target, r.runs
                ))
            } else {
                Err(format!(
                    "fuzz {}: {} crash(es), inputs kept in {}",
                    r.target,
                    r.crashes.len(),
                    out
                ))
            }
        }
        Cmd::Scenarios => {
            let mut out = String::new();
            for s in scenarios::embedded() {
                match s {
                    Ok(s) if !s.meta.hidden => out.push_str(&format!(
                        "{:<20} {:<12} {}\n",
                        s.meta.id, s.meta.game, s.meta.name
                    )),
                    Ok(_) => {}
                    Err(e) => out.push_str(&format!("(broken) {e}\n")),
                }
            }
            Ok(out.trim_end().to_string())
        }
        Cmd::Check { file } => {
            let src = scenarios::find(&file)?;
            let game = games::find(&src.meta.game).map_err(|e| format!("{file}: {e}"))?;
            game.check_scenario(&src)?;
            Ok(format!("{file}: ok ({})", src.meta.name))
        }
    }
}

/// Reads a save file and finds its game from the header.
fn read_save(file: &str) -> Result<(String, &'static dyn GameEntry), String> {
    let text = crate::engine::save::read_text(file)?;
    let header = crate::engine::save::read_header(file, &text)?;
    let game = games::find(&header.game).map_err(|e| format!("{file}: {e}"))?;
    Ok((text, game))
}

/// Plays random commands and rewrites the save atomically after each one, forever or
/// until the game ends; used to test that a kill mid-write never leaves a broken save.
fn autosave_play(
    scenario: &str,
    seed: u64,
    options: &[String],
    path: &str,
) -> Result<String, String> {
    let src = scenarios::find(scenario)?;
    let game = games::find(&src.meta.game)?;
    let target = std::path::Path::new(path);
    let (summary, _) =
        game.play_random_each(&src, options, seed, seed, usize::MAX, &mut |text| {
            crate::engine::save::write_atomic(target, text).map_err(|e| format!("{path}: {e}"))
        })?;
    Ok(format!("{} commands saved to {path}", summary.commands))
}

/// `feldzug play --ai SIDE`: the computer plays SIDE (or both), the opponent agent the
/// other; prints the summary with the computer's thinking time.
#[allow(clippy::too_many_arguments)]
fn ai_play(
    scenario: &str,
    seed: u64,
    agent_seed: u64,
    options: &[String],
    ai: &str,
    strength: &str,
    opponent: &str,
    save: Option<&str>,
    max_commands: usize,
) -> Result<String, String> {
    let src = scenarios::find(scenario)?;
    let game = games::find(&src.meta.game)?;
    let computer = crate::ai::Agent::Ai(crate::ai::Budget::parse(strength)?);
    let other = crate::ai::Agent::parse(opponent)?;
    let sides = game.sides(&src)?;
    let both = ai.eq_ignore_ascii_case("both");
    if !both && !sides.iter().any(|s| s.eq_ignore_ascii_case(ai)) {
        return Err(format!(
            "--ai {ai}: no such side in this game (use {} or both)",
            sides
                .iter()
                .map(|s| s.to_lowercase())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    let agent_of = |side: &str| {
        if both || side.eq_ignore_ascii_case(ai) {
            computer
        } else {
            other
        }
    };
    let played = game.play_agents(&src, options, seed, agent_seed, max_commands, &agent_of)?;
    if let Some(path) = save {
        crate::engine::save::write_atomic(std::path::Path::new(path), &played.save)
            .map_err(|e| format!("{path}: {e}"))?;
    }
    let mut times: Vec<f64> = played
        .think
        .iter()
        .map(|t| t.1.as_secs_f64() * 1000.0)
        .collect();
    times.sort_by(|a, b| a.total_cmp(b));
    let p95 = times
        .get(((times.len().max(1) - 1) as f64 * 0.95).round() as usize)
        .copied();
    let mut v = serde_json::to_value(&played.summary).map_err(|e| e.to_string())?;
    if let Some(o) = v.as_object_mut() {
        o.insert("ai_decisions".into(), serde_json::json!(times.len()));
        o.insert("ai_think_ms_p95".into(), serde_json::json!(p95));
    }
    serde_json::to_string_pretty(&v).map_err(|e| e.to_string())
}
