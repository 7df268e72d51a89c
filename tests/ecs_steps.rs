//! Every step of every game takes its commands in the Bevy app: random games played
//! through the headless app (`Session`: MinimalPlugins + StatesPlugin + the game's
//! plugin, as the window runs it) apply every legal command and reach the same state
//! hash as the pure rules. A step whose Bevy state has no system would leave its
//! commands queued for ever (the window could not play it), and fail here.

use feldzug::engine::game::PureGame;
use feldzug::engine::game_ecs::{EcsGame, Session};
use feldzug::engine::scenarios;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::BTreeSet;

/// Plays `seeds` random games of `id` (at most `max` commands each) through the app and
/// the pure rules side by side; returns the names of the steps the games went through.
fn through_app<G: EcsGame>(id: &str, seeds: u64, max: usize) -> BTreeSet<String> {
    let src = scenarios::find(id).unwrap();
    let rules = G::load_rules(&src, &[]).unwrap();
    let mut steps = BTreeSet::new();
    for seed in 0..seeds {
        let mut s = Session::<G>::new(rules.clone(), seed);
        let mut p = PureGame::<G>::new(rules.clone(), seed);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        assert_eq!(s.hash(), p.hash(), "{id} seed {seed} at the start");
        let mut n = 0;
        while !p.over() && n < max {
            let legal = p.legal();
            let Some(cmd) = G::random_command(&p.rules, &p.st, &legal, &mut rng) else {
                break;
            };
            let step = G::phase_and_step(&p.rules, &p.st).1;
            steps.insert(step.clone());
            p.apply(&cmd).unwrap();
            s.submit(cmd.clone()).unwrap_or_else(|r| {
                panic!(
                    "{id} seed {seed}, command {n} {cmd:?} in step {step}: not applied by the app: {r}"
                )
            });
            assert_eq!(s.hash(), p.hash(), "{id} seed {seed} after {cmd:?}");
            n += 1;
        }
    }
    steps
}

#[test]
fn the_1866_app_plays_every_step_including_battles() {
    use feldzug::games::struggle::Struggle;
    let steps = through_app::<Struggle>("struggle-seven-weeks", 2, 4000);
    // the Battle step's commands (avoid, responses, losses, retreats) were left queued
    // by the window before its system was registered
    assert!(steps.iter().any(|s| s == "Battle"), "{steps:?}");
    assert!(steps.iter().any(|s| s == "Move"), "{steps:?}");
}

#[test]
fn the_saxon_war_app_plays_every_step() {
    use feldzug::games::saxonwar::SaxonWar;
    let steps = through_app::<SaxonWar>("saxonwar-1756", 2, 4000);
    assert!(steps.iter().any(|s| s == "March"), "{steps:?}");
}

#[test]
fn the_sadowa_app_plays_every_step() {
    use feldzug::games::sadowa::Sadowa;
    let steps = through_app::<Sadowa>("sadowa", 1, 3000);
    assert!(steps.len() > 3, "{steps:?}");
}

#[test]
fn the_trautenau_app_plays_every_step() {
    use feldzug::games::trautenau::Trautenau;
    let steps = through_app::<Trautenau>("trautenau-soor", 1, 3000);
    assert!(steps.len() > 3, "{steps:?}");
}
