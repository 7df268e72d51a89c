//! Random full games of 1866: The Struggle for Supremacy in Germany (both scenarios): no
//! panic, every random command legal, the invariants (every card in exactly one place,
//! hand sizes, no space held by both sides, a legal command in every step) after every
//! command, every game finishes; replays of the save text reproduce the state hash.

use feldzug::engine::game::{self, PureGame, RulesGame};
use feldzug::engine::scenarios;
use feldzug::games::struggle::Struggle;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::Arc;

type Rules = <Struggle as RulesGame>::Rules;

/// Commands after which a game that has not ended counts as stuck.
const CAP: usize = 20_000;

fn rules(id: &str) -> Arc<Rules> {
    let src = scenarios::find(id).expect("the scenario is registered");
    <Struggle as RulesGame>::load_rules(&src, &[]).expect("the scenario loads")
}

fn play(rules: &Arc<Rules>, seed: u64) -> PureGame<Struggle> {
    let mut g = PureGame::<Struggle>::new(rules.clone(), seed);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x1866);
    if let Err(e) = Struggle::check_invariants(&g.rules, &g.st) {
        panic!("seed {seed} at the start: {e}");
    }
    while !g.over() && g.commands.len() < CAP {
        let Some(cmd) = Struggle::random_play(&g.rules, &g.st, &mut rng) else {
            panic!("seed {seed}: no legal command in {:?}", g.st.g.step);
        };
        if let Err(r) = g.apply(&cmd) {
            panic!("seed {seed}: the legal command {cmd:?} was refused: {r}");
        }
        if let Err(e) = Struggle::check_invariants(&g.rules, &g.st) {
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

/// Games per scenario in the normal run; `FELDZUG_STRUGGLE_RANDOM_GAMES` (CI: 1,000),
/// then `FELDZUG_RANDOM_GAMES`, override.
fn games(default: u64) -> u64 {
    ["FELDZUG_STRUGGLE_RANDOM_GAMES", "FELDZUG_RANDOM_GAMES"]
        .iter()
        .find_map(|k| std::env::var(k).ok().and_then(|v| v.parse().ok()))
        .unwrap_or(default)
}

fn run(id: &str, n: u64) {
    let rules = rules(id);
    // `FELDZUG_STRUGGLE_SEED=582` replays that one seed alone (to reproduce a failure)
    if let Some(seed) = std::env::var("FELDZUG_STRUGGLE_SEED")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
    {
        let g = play(&rules, seed);
        eprintln!("{id}: seed {seed}, {} commands", g.commands.len());
        return;
    }
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
        "{id}: {n} random games, {commands} commands, {:.1} s",
        started.elapsed().as_secs_f64()
    );
}

#[test]
fn struggle_mobilization_random_full_games_keep_invariants_and_finish() {
    run("struggle-mobilization", games(100));
}

#[test]
fn struggle_seven_weeks_random_full_games_keep_invariants_and_finish() {
    run("struggle-seven-weeks", games(100));
}

#[test]
fn struggle_replay_of_the_save_text_gives_the_same_state_hash() {
    for id in ["struggle-mobilization", "struggle-seven-weeks"] {
        let rules = rules(id);
        for seed in [0, 3, 11] {
            let g = play(&rules, seed);
            let save = game::new_save::<Struggle>(&rules, seed, &[], g.commands.clone(), g.hash());
            let text = feldzug::engine::save::to_text(&save).expect("saves");
            let r = game::replay_save::<Struggle>("mem.ron", &text)
                .unwrap_or_else(|e| panic!("{id} seed {seed}: {e}"));
            assert_eq!(r.hash(), g.hash(), "{id} seed {seed}");
            assert_eq!(r.log.entries, g.log.entries, "{id} seed {seed}");
            // a different seed deals other hands: the same commands do not replay
            let other =
                game::new_save::<Struggle>(&rules, seed + 1000, &[], g.commands.clone(), g.hash());
            let text = feldzug::engine::save::to_text(&other).expect("saves");
            assert!(
                game::replay_save::<Struggle>("other.ron", &text).is_err(),
                "{id} seed {seed}: the same commands with another seed replayed to the same hash"
            );
        }
    }
}
