//! Random full games of The Sadowa Campaign: no panic, every random command legal, the
//! invariants (stacking 3.1, one garrison per city or fortress 9.2, morale 1-5 12.0, every
//! unit in one place) after every command, every game finishes; replays of the save text
//! reproduce the state hash; the fuzz targets exist.

use feldzug::engine::game::{self, PureGame, RulesGame};
use feldzug::engine::scenarios;
use feldzug::games::sadowa::Sadowa;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::Arc;

type Rules = <Sadowa as RulesGame>::Rules;

/// Commands after which a game that has not ended counts as stuck.
const CAP: usize = 5_000;

fn rules() -> Arc<Rules> {
    let src = scenarios::find("sadowa").expect("the sadowa scenario is registered");
    <Sadowa as RulesGame>::load_rules(&src, &[]).expect("the sadowa scenario loads")
}

/// Plays one random game from `seed` to its end (or CAP commands), checking every
/// command and the invariants after it.
fn play(rules: &Arc<Rules>, seed: u64) -> PureGame<Sadowa> {
    let mut g = PureGame::<Sadowa>::new(rules.clone(), seed);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x5ad0_5ad0);
    if let Err(e) = Sadowa::check_invariants(&g.rules, &g.st) {
        panic!("seed {seed} at the start: {e}");
    }
    while !g.over() && g.commands.len() < CAP {
        let Some(cmd) = Sadowa::random_play(&g.rules, &g.st, &mut rng) else {
            panic!("seed {seed}: no legal command in {:?}", g.st.g.step);
        };
        if let Err(r) = g.apply(&cmd) {
            panic!("seed {seed}: the legal command {cmd:?} was refused: {r}");
        }
        if let Err(e) = Sadowa::check_invariants(&g.rules, &g.st) {
            panic!(
                "seed {seed} after command {} {cmd:?}: {e}",
                g.commands.len()
            );
        }
    }
    assert!(
        g.over(),
        "seed {seed}: not finished after {CAP} commands (turn {}, {:?})",
        g.st.g.turn,
        g.st.g.step
    );
    g
}

/// Games in the normal run; `FELDZUG_SADOWA_RANDOM_GAMES` (CI: 1,000), then
/// `FELDZUG_RANDOM_GAMES`, override.
fn games(default: u64) -> u64 {
    ["FELDZUG_SADOWA_RANDOM_GAMES", "FELDZUG_RANDOM_GAMES"]
        .iter()
        .find_map(|k| std::env::var(k).ok().and_then(|v| v.parse().ok()))
        .unwrap_or(default)
}

/// Plays seeds 0..n on every core (each game is independent and deterministic).
fn run(n: u64) {
    let rules = rules();
    let started = std::time::Instant::now();
    let threads = std::thread::available_parallelism()
        .map(|t| t.get() as u64)
        .unwrap_or(1)
        .clamp(1, 16);
    let commands: usize = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let rules = &rules;
                s.spawn(move || {
                    (0..n)
                        .filter(|seed| seed % threads == t)
                        .map(|seed| play(rules, seed).commands.len())
                        .sum::<usize>()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .sum()
    });
    eprintln!(
        "sadowa: {n} random games, {commands} commands, {:.1} s",
        started.elapsed().as_secs_f64()
    );
}

#[test]
fn sadowa_random_full_games_keep_invariants_and_finish() {
    run(games(100));
}

/// The 1,000 games (about 3.5 minutes of one core in the test profile): CI runs
/// them in the headless pass (`FELDZUG_SADOWA_RANDOM_GAMES=1000`, .ci/run); by hand:
/// `cargo test --no-default-features --test main sd_random -- --ignored`.
#[test]
#[ignore]
fn sadowa_1000_random_full_games_keep_invariants_and_finish() {
    run(1000);
}

#[test]
fn sadowa_replay_of_the_save_text_gives_the_same_state_hash() {
    let rules = rules();
    for seed in [0, 1, 7, 42] {
        let g = play(&rules, seed);
        let text = feldzug::engine::save::to_text(&game::save_file(&g, &[])).expect("saves");
        let r = game::replay_save::<Sadowa>("mem.ron", &text)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(r.hash(), g.hash(), "seed {seed}");
        assert_eq!(r.commands.len(), g.commands.len(), "seed {seed}");
        // a save made halfway through replays to the halfway position
        let half = g.commands.len() / 2;
        let mut h = PureGame::<Sadowa>::new(rules.clone(), seed);
        for c in &g.commands[..half] {
            h.apply(c).expect("a command of the game");
        }
        let save =
            game::new_save::<Sadowa>(&rules, seed, &[], g.commands[..half].to_vec(), h.hash());
        let text = feldzug::engine::save::to_text(&save).expect("saves");
        let r = game::replay_save::<Sadowa>("half.ron", &text)
            .unwrap_or_else(|e| panic!("seed {seed} halfway: {e}"));
        assert_eq!(r.hash(), h.hash(), "seed {seed} halfway");
        // a different seed does not give the same game
        let other =
            game::new_save::<Sadowa>(&rules, seed + 1000, &[], g.commands.clone(), g.hash());
        let text = feldzug::engine::save::to_text(&other).expect("saves");
        assert!(
            game::replay_save::<Sadowa>("other.ron", &text).is_err(),
            "seed {seed}: the same commands with another seed replayed to the same hash"
        );
    }
}

#[test]
fn sadowa_fuzz_targets_are_listed_and_take_their_corpus() {
    let targets = feldzug::fuzz::targets();
    for t in ["sadowa-scenario", "sadowa-save", "sadowa-commands"] {
        assert!(
            targets.iter().any(|x| x == t),
            "{t} missing from {targets:?}"
        );
        for input in feldzug::fuzz::corpus(t) {
            assert!(feldzug::fuzz::run_target(t, &input).is_ok(), "{t}");
        }
    }
}
