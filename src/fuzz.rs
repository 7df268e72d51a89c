//! A stable-Rust fuzzer (cargo-fuzz needs a nightly toolchain, which this project does
//! not use): mutates seed inputs with a seeded generator for a bounded time and feeds
//! them to a target. Any panic is a failure; its input is written to
//! `tests/fuzz-regressions/<target>/` and replayed by the test suite from then on.

use crate::engine::save;
use crate::engine::session::GameEntry;
use crate::games::registry;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

/// What a target feeds its input to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A scenario file's text.
    Scenario,
    /// A save file's text.
    Save,
    /// Arbitrary command sequences.
    Commands,
}

const KINDS: [(&str, Kind); 3] = [
    ("scenario", Kind::Scenario),
    ("save", Kind::Save),
    ("commands", Kind::Commands),
];

/// The targets: `<game>-scenario`, `<game>-save` and `<game>-commands` for every game of
/// the registry.
pub fn targets() -> Vec<String> {
    registry()
        .into_iter()
        .flat_map(|g| KINDS.iter().map(move |(k, _)| format!("{}-{k}", g.id())))
        .collect()
}

fn parse_target(target: &str) -> Option<(&'static dyn GameEntry, Kind)> {
    registry().into_iter().find_map(|g| {
        let rest = target.strip_prefix(g.id())?.strip_prefix('-')?;
        KINDS
            .iter()
            .find(|(k, _)| *k == rest)
            .map(|(_, kind)| (g, *kind))
    })
}

/// Runs one input through a target; Err on panic.
pub fn run_target(target: &str, data: &[u8]) -> Result<(), String> {
    let Some((game, kind)) = parse_target(target) else {
        return Ok(());
    };
    let data = data.to_vec();
    // Err from a target (a broken invariant) and a panic are both failures.
    let outcome = catch_unwind(AssertUnwindSafe(move || match kind {
        Kind::Scenario => {
            game.fuzz_scenario(&String::from_utf8_lossy(&data));
            Ok(())
        }
        Kind::Save => {
            let _ = game.replay("fuzz.ron", &String::from_utf8_lossy(&data));
            Ok(())
        }
        Kind::Commands => game.fuzz_commands(&data),
    }));
    outcome.map_err(|e| {
        e.downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "panic".into())
    })?
}

/// Seed inputs for a target: the game's embedded files (scenarios and lessons) for
/// `-scenario`, a random game's save and a minimal save for `-save`.
pub fn corpus(target: &str) -> Vec<Vec<u8>> {
    let Some((game, kind)) = parse_target(target) else {
        return vec![vec![1, 1, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]];
    };
    match kind {
        Kind::Scenario => crate::engine::scenarios::embedded()
            .into_iter()
            .flatten()
            .filter(|s| s.meta.game == game.id())
            .map(|s| s.text.into_bytes())
            .collect(),
        Kind::Save => {
            let mut out = Vec::new();
            if let Some(sc) = game.scenarios().first() {
                if let Ok(src) = crate::engine::scenarios::find(&sc.id)
                    && let Ok((_, text)) = game.play_random(&src, &[], 3, 3, 80)
                {
                    out.push(text.into_bytes());
                }
                out.push(
                    format!(
                        "(version: 1, game: \"{}\", scenario: \"{}\", seed: 1, commands: [])",
                        game.id(),
                        sc.id
                    )
                    .into_bytes(),
                );
            }
            out
        }
        Kind::Commands => vec![vec![1, 1, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]],
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
    let Some((_, kind)) = parse_target(target) else {
        return Err(format!(
            "unknown fuzz target '{target}' (known: {})",
            targets().join(", ")
        ));
    };
    // quiet the default panic message for expected catches
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let mut corpus = corpus(target);
    if corpus.is_empty() {
        corpus.push(Vec::new());
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut report = FuzzReport {
        target: target.into(),
        runs: 0,
        crashes: Vec::new(),
    };
    while Instant::now() < deadline {
        let base = &corpus[rng.random_range(0..corpus.len())];
        let input = if kind == Kind::Commands {
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
