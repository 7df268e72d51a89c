//! A stable-Rust fuzzer (cargo-fuzz needs a nightly toolchain, which this project does
//! not use): mutates seed inputs with a seeded generator for a bounded time and feeds
//! them to a target. Any panic is a failure; its input is written to
//! `tests/fuzz-regressions/<target>/` and replayed by the test suite from then on.

use crate::engine::save;
use crate::games::koniggratz::state::KgCommand;
use crate::games::koniggratz::{self, PureGame};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

pub const TARGETS: [&str; 6] = [
    "scenario",
    "save",
    "commands",
    "ts-scenario",
    "ts-save",
    "ts-commands",
];

/// Runs one input through a target; Err on panic.
pub fn run_target(target: &str, data: &[u8]) -> Result<(), String> {
    let data = data.to_vec();
    let target = target.to_string();
    // Err from a target (a broken invariant) and a panic are both failures.
    let outcome = catch_unwind(AssertUnwindSafe(move || match target.as_str() {
        "scenario" => {
            let text = String::from_utf8_lossy(&data);
            let _ = koniggratz::data::KgRules::from_text("fuzz.ron", &text, &[]);
            Ok(())
        }
        "save" => {
            let text = String::from_utf8_lossy(&data);
            let _ = koniggratz::replay_save("fuzz.ron", &text);
            Ok(())
        }
        "commands" => commands_target(&data),
        "ts-scenario" => {
            let text = String::from_utf8_lossy(&data);
            let _ = crate::games::trautenau::data::TsRules::from_text("fuzz.ron", &text, &[]);
            Ok(())
        }
        "ts-save" => {
            let text = String::from_utf8_lossy(&data);
            let _ = crate::games::trautenau::replay_save("fuzz.ron", &text);
            Ok(())
        }
        "ts-commands" => ts_commands_target(&data),
        _ => Ok(()),
    }));
    outcome.map_err(|e| {
        e.downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "panic".into())
    })?
}

/// Arbitrary command sequences: each pair of bytes picks a command, legal or not, and
/// the game must refuse or apply it without panicking, keeping its invariants.
fn commands_target(data: &[u8]) -> Result<(), String> {
    let src = crate::engine::scenarios::find("koniggratz")?;
    let rules = koniggratz::load_rules(&src, &[])?;
    let seed = data.first().copied().unwrap_or(0) as u64;
    let mut g = PureGame::new(rules, seed);
    for ch in data.chunks(3).skip(1) {
        let (a, b, c) = (ch[0], *ch.get(1).unwrap_or(&0), *ch.get(2).unwrap_or(&0));
        let legal = g.legal();
        let cmd = if a % 4 != 0 && !legal.is_empty() {
            legal[(b as usize * 256 + c as usize) % legal.len()].clone()
        } else {
            arbitrary_command(a, b, c)
        };
        let _ = g.apply(&cmd);
        koniggratz::check_invariants(&g.rules, &g.st)
            .map_err(|e| format!("invariant broken after {cmd:?}: {e}"))?;
        if g.over() {
            break;
        }
    }
    Ok(())
}

/// Trautenau – Soor: arbitrary command sequences on a scenario chosen by the first byte.
fn ts_commands_target(data: &[u8]) -> Result<(), String> {
    use crate::games::trautenau as ts;
    use ts::state::TsCommand;
    let ids = ["trautenau", "soor", "trautenau-soor"];
    let first = data.first().copied().unwrap_or(0);
    let src = crate::engine::scenarios::find(ids[first as usize % 3])?;
    let rules = ts::load_rules(&src, &[])?;
    let mut g = ts::PureGame::new(rules, first as u64 / 3);
    for ch in data.chunks(3).skip(1) {
        let (a, b, c) = (ch[0], *ch.get(1).unwrap_or(&0), *ch.get(2).unwrap_or(&0));
        let legal = g.legal();
        let cmd = if a % 4 != 0 && !legal.is_empty() {
            legal[(b as usize * 256 + c as usize) % legal.len()].clone()
        } else {
            use crate::engine::hexmap::{Coord, Dir};
            let at = Coord::new(b as i32 % 24 - 4, c as i32 % 24 - 3);
            let unit = (b as u16) % 90;
            let facing = Dir::ALL[c as usize % 6];
            match a % 16 {
                0 => TsCommand::MoveChief {
                    leader: c % 20,
                    to: at,
                },
                1 => TsCommand::ChooseFormation { formation: c % 20 },
                2 => TsCommand::Barrage {
                    unit,
                    target: c as u16 % 90,
                    turn: None,
                },
                3 => TsCommand::Move {
                    unit,
                    to: at,
                    facing,
                },
                4 => TsCommand::Face { unit, facing },
                5 => TsCommand::MoveLeader {
                    leader: c % 20,
                    to: at,
                },
                6 => TsCommand::Declare {
                    target: at,
                    units: vec![(unit, c % 8)],
                    coordinate: c % 2 == 0,
                    commander: b % 2 == 0,
                },
                7 => TsCommand::Resolve { assault: c % 8 },
                8 => TsCommand::RetreatBefore {
                    to: at,
                    facing,
                    unit: (b % 2 == 0).then_some(unit),
                },
                9 => TsCommand::Defend {
                    split: vec![b % 9, c % 9],
                    support: (c % 3 == 0).then_some(unit),
                    commander: b % 2 == 0,
                    helpers: if c % 4 == 1 { vec![unit] } else { vec![] },
                },
                10 => TsCommand::Retreat {
                    unit,
                    to: at,
                    facing,
                },
                11 => TsCommand::Advance {
                    unit: (c % 2 == 0).then_some(unit),
                    facing,
                    leaders: (0..b % 3).collect(),
                },
                12 => TsCommand::TakeCommand { unit },
                13 => TsCommand::Rally { unit },
                14 => TsCommand::PlaceAide { leader: c % 20, at },
                _ => TsCommand::Done,
            }
        };
        let _ = g.apply(&cmd);
        ts::check_invariants(&g.rules, &g.st)
            .map_err(|e| format!("invariant broken after {cmd:?}: {e}"))?;
        if g.over() {
            break;
        }
    }
    Ok(())
}

fn arbitrary_command(a: u8, b: u8, c: u8) -> KgCommand {
    use crate::engine::hexmap::Coord;
    let at = Coord::new(b as i32 % 40 - 4, c as i32 % 30 - 3);
    let unit = (b as u16) % 60;
    match a % 11 {
        0 => KgCommand::PlaceHq {
            hq: c % 8,
            at,
            battle: b.is_multiple_of(2),
        },
        1 => KgCommand::SelectReturning { unit },
        2 => KgCommand::ReturnBlown { unit, at },
        3 => KgCommand::PlaceBombardment { at },
        4 => KgCommand::FlipToMarch { unit },
        5 => KgCommand::ExitEzoc { unit, to: at },
        6 => KgCommand::Move { unit, to: at },
        7 => KgCommand::Attack {
            attacker: unit,
            defender: c as u16 % 60,
        },
        8 => KgCommand::Artillery {
            support: b.is_multiple_of(2),
        },
        9 => KgCommand::Retreat { to: at },
        _ => KgCommand::Pass,
    }
}

/// Seed inputs for a target.
pub fn corpus(target: &str) -> Vec<Vec<u8>> {
    match target {
        "scenario" => crate::engine::scenarios::EMBEDDED_SCENARIOS
            .iter()
            .map(|(_, t)| t.as_bytes().to_vec())
            .collect(),
        "save" => {
            let mut out = Vec::new();
            if let Ok(src) = crate::engine::scenarios::find("koniggratz")
                && let Ok((_, text)) =
                    <koniggratz::Koniggratz as crate::engine::session::GameEntry>::play_random(
                        &koniggratz::Koniggratz,
                        &src,
                        &[],
                        3,
                        3,
                        60,
                    )
            {
                out.push(text.into_bytes());
            }
            out.push(b"(version: 1, game: \"koniggratz\", scenario: \"koniggratz\", seed: 1, commands: [Pass])".to_vec());
            out
        }
        "ts-save" => {
            let mut out = Vec::new();
            if let Ok(src) = crate::engine::scenarios::find("soor")
                && let Ok((_, text)) = crate::engine::session::GameEntry::play_random(
                    &crate::games::trautenau::Trautenau,
                    &src,
                    &[],
                    3,
                    3,
                    80,
                )
            {
                out.push(text.into_bytes());
            }
            out.push(b"(version: 1, game: \"trautenau-soor\", scenario: \"soor\", seed: 1, commands: [Done])".to_vec());
            out
        }
        "ts-scenario" => crate::engine::scenarios::EMBEDDED_SCENARIOS
            .iter()
            .filter(|(n, _)| !n.starts_with("maps/") && !n.starts_with("koniggratz"))
            .map(|(_, t)| t.as_bytes().to_vec())
            .collect(),
        _ => vec![vec![1, 1, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]],
    }
}

fn mutate(rng: &mut Xoshiro256PlusPlus, input: &[u8], corpus: &[Vec<u8>]) -> Vec<u8> {
    let mut v = input.to_vec();
    let n = rng.random_range(1..=8);
    for _ in 0..n {
        match rng.random_range(0..7) {
            0 if !v.is_empty() => {
                let i = rng.random_range(0..v.len());
                v[i] = rng.random();
            }
            1 if !v.is_empty() => {
                let i = rng.random_range(0..v.len());
                v.truncate(i);
            }
            2 => {
                let i = rng.random_range(0..=v.len());
                let b: u8 = *b"()[],:\"0123456789-abcXYZ "
                    .get(rng.random_range(0..25))
                    .unwrap_or(&b' ');
                v.insert(i, b);
            }
            3 if v.len() > 2 => {
                let i = rng.random_range(0..v.len());
                let j = rng.random_range(i..v.len());
                v.drain(i..j.min(i + 64));
            }
            4 if !corpus.is_empty() => {
                // splice a piece of another seed
                let other = &corpus[rng.random_range(0..corpus.len())];
                if !other.is_empty() {
                    let i = rng.random_range(0..other.len());
                    let j = (i + rng.random_range(1..128)).min(other.len());
                    let at = rng.random_range(0..=v.len());
                    v.splice(at..at, other[i..j].iter().copied());
                }
            }
            5 if v.len() > 4 => {
                // replace a number with an extreme one
                let i = rng.random_range(0..v.len());
                if v[i].is_ascii_digit() {
                    let big = b"99999999999999999999";
                    v.splice(i..i + 1, big.iter().copied());
                }
            }
            _ => {
                let i = rng.random_range(0..=v.len());
                v.insert(i, rng.random());
            }
        }
    }
    v
}

pub struct FuzzReport {
    pub target: String,
    pub runs: u64,
    pub crashes: Vec<std::path::PathBuf>,
}

/// Fuzzes `target` for `seconds`; crashing inputs are written under `out_dir`.
pub fn fuzz(
    target: &str,
    seconds: u64,
    seed: u64,
    out_dir: &std::path::Path,
) -> Result<FuzzReport, String> {
    if !TARGETS.contains(&target) {
        return Err(format!(
            "unknown fuzz target '{target}' (known: {})",
            TARGETS.join(", ")
        ));
    }
    // quiet the default panic message for expected catches
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let corpus = corpus(target);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut report = FuzzReport {
        target: target.into(),
        runs: 0,
        crashes: Vec::new(),
    };
    while Instant::now() < deadline {
        let base = &corpus[rng.random_range(0..corpus.len())];
        let input = if target == "commands" {
            (0..rng.random_range(1..600))
                .map(|_| rng.random())
                .collect()
        } else {
            mutate(&mut rng, base, &corpus)
        };
        report.runs += 1;
        if run_target(target, &input).is_err() {
            let dir = out_dir.join(target);
            let _ = std::fs::create_dir_all(&dir);
            let path = dir.join(format!("crash-{:016x}", crate::engine::hash::fnv1a(&input)));
            let _ = save::write_atomic(&path, &String::from_utf8_lossy(&input));
            let _ = std::fs::write(&path, &input);
            report.crashes.push(path);
            if report.crashes.len() >= 5 {
                break;
            }
        }
    }
    std::panic::set_hook(hook);
    Ok(report)
}
