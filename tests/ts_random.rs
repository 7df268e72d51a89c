//! Random full games of the three Trautenau – Soor scenarios: no panic, invariants after
//! every command (stacking, equal facings in a stack, losses below morale), replays
//! reproduce the state hash, and the headless ECS app agrees with the pure rules.

use bevy::prelude::State;
use feldzug::engine::game_ecs::{CurrentStep, Inbox, LastOutcome, Outcome, run_step};
use feldzug::engine::scenarios;
use feldzug::games::trautenau::Trautenau;
use feldzug::games::trautenau::ecs::{
    Counter, FormationMarker, Leader, TsPhase, TsStep, step_state,
};
use feldzug::games::trautenau::state::TsCommand;
use feldzug::games::trautenau::steps::{self, StepId};
use feldzug::games::trautenau::{
    self, PureGame, TsSession, check_invariants, random_command, replay_save, save_file,
};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn games() -> u64 {
    std::env::var("FELDZUG_RANDOM_GAMES")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .map(|n| (n / 10).max(3))
        .unwrap_or(30)
}

fn soak(id: &str, variants: &[String]) {
    let src = scenarios::find(id).unwrap();
    let rules = trautenau::load_rules(&src, variants).unwrap();
    let n = games();
    let mut combats = 0;
    for seed in 0..n {
        let mut g = PureGame::new(rules.clone(), seed);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x7a7e);
        check_invariants(&g.rules, &g.st).unwrap();
        while !g.over() && g.commands.len() < 30_000 {
            let legal = g.legal();
            assert!(
                !legal.is_empty(),
                "{id} seed {seed}: no legal command in {:?} pending {:?}",
                g.st.g.step,
                g.st.g.pending
            );
            let cmd = random_command(&g.rules, &g.st, &legal, &mut rng).unwrap();
            g.apply(&cmd)
                .unwrap_or_else(|r| panic!("{id} seed {seed}: legal {cmd:?} refused: {r}"));
            if matches!(cmd, TsCommand::Resolve { .. }) {
                combats += 1;
            }
            if let Err(e) = check_invariants(&g.rules, &g.st) {
                panic!("{id} seed {seed} after {cmd:?}: {e}");
            }
        }
        assert!(g.over(), "{id} seed {seed} did not finish");
        if seed % 5 == 0 {
            let text = feldzug::engine::save::to_text(&save_file(&g, variants)).unwrap();
            let r = replay_save("mem.ron", &text).unwrap();
            assert_eq!(r.hash(), g.hash(), "{id} seed {seed}");
        }
    }
    assert!(combats > 0, "{id}: random games never reached an assault");
}

#[test]
fn trautenau_random_games() {
    soak("trautenau", &[]);
}

#[test]
fn soor_random_games() {
    soak("soor", &[]);
}

#[test]
fn linked_game_random_games() {
    // 13.1: the Guard at 13.00 is a Prussian decision during play: random games take
    // either answer.
    soak("trautenau-soor", &[]);
}

/// The headless app and the pure rules agree command by command (state hash, legal
/// commands), and the app's step state, the step on screen and who acts follow the
/// rules' step after every command.
fn app_matches_pure_rules(id: &str, seeds: std::ops::Range<u64>, commands: usize) {
    let src = scenarios::find(id).unwrap();
    let rules = trautenau::load_rules(&src, &[]).unwrap();
    for seed in seeds {
        let mut s = TsSession::new(rules.clone(), seed);
        let mut p = PureGame::new(rules.clone(), seed);
        assert_eq!(s.hash(), p.hash());
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut phases = std::collections::BTreeSet::new();
        let mut step_states = std::collections::BTreeSet::new();
        let mut n = 0;
        while !p.over() && n < commands {
            let legal = s.legal();
            assert_eq!(legal, p.legal());
            let cmd = random_command(&p.rules, &p.st, &legal, &mut rng).unwrap();
            s.submit(cmd.clone()).unwrap();
            p.apply(&cmd).unwrap();
            assert_eq!(s.hash(), p.hash(), "{id} seed {seed} after {cmd:?}");
            s.app.update();
            let w = s.app.world();
            let id_now = steps::id_of(&p.st);
            assert_eq!(
                *w.resource::<State<TsStep>>().get(),
                step_state(id_now),
                "{id} seed {seed} after {cmd:?}"
            );
            let cur = w.resource::<CurrentStep>();
            assert_eq!(cur.name, steps::step(id_now).name(), "{id} seed {seed}");
            assert_eq!(
                cur.to_act,
                feldzug::engine::step::to_act::<Trautenau>(&p.rules, &p.st)
            );
            phases.insert(format!("{:?}", s.phase()));
            step_states.insert(format!("{:?}", step_state(id_now)));
            n += 1;
        }
        assert!(
            phases.contains(&format!("{:?}", TsPhase::Operations)),
            "{phases:?}"
        );
        for want in ["ChiefMove", "Movement", "Declare"] {
            assert!(step_states.contains(want), "{step_states:?}");
        }
        let w = s.app.world_mut();
        assert_eq!(w.query::<&Counter>().iter(w).count(), rules.units.len());
        assert_eq!(w.query::<&Leader>().iter(w).count(), rules.leaders.len());
        assert_eq!(
            w.query::<&FormationMarker>().iter(w).count(),
            rules.formations.len()
        );
    }
}

#[test]
fn headless_app_matches_pure_rules() {
    app_matches_pure_rules("trautenau", 0..2, 400);
}

#[test]
fn headless_app_matches_pure_rules_soor_and_linked() {
    app_matches_pure_rules("soor", 0..1, 700);
    app_matches_pure_rules("trautenau-soor", 3..4, 700);
}

/// Plays random commands in the app until the rules are in the step `want`.
fn play_until(s: &mut TsSession, rng: &mut Xoshiro256PlusPlus, want: StepId) {
    for _ in 0..5000 {
        let st = s.state().unwrap();
        if steps::id_of(&st) == want {
            return;
        }
        let legal = s.legal();
        let cmd = random_command(&s.rules(), &st, &legal, rng).unwrap();
        s.submit(cmd).unwrap();
    }
    panic!("never reached {want:?}");
}

/// Each step is a Bevy state whose system takes only its own commands: a command of
/// another step, sent while the app is in a step, is refused by that step's system with
/// the step's reason (rule 6: the sequence of play), and changes nothing.
#[test]
fn a_command_of_another_step_is_refused_by_the_steps_system() {
    use feldzug::engine::hexmap::{Coord, Dir};
    let src = scenarios::find("trautenau").unwrap();
    let rules = trautenau::load_rules(&src, &[]).unwrap();
    let mut s = TsSession::new(rules.clone(), 3);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    // A rally pick during the movement (10.1 belongs to the rally phase).
    play_until(&mut s, &mut rng, StepId::Movement);
    s.app.update();
    assert_eq!(
        *s.app.world().resource::<State<TsStep>>().get(),
        TsStep::Movement
    );
    let before = s.hash();
    let r = s.submit(TsCommand::Rally { unit: 0 }).unwrap_err();
    assert_eq!(r.rule, "6");
    assert_eq!(
        r.reason,
        "a rally test is not possible now: the game is in Operations: movement"
    );
    assert_eq!(s.hash(), before);
    assert_eq!(s.app.world().resource::<CurrentStep>().name, "Movement");
    assert!(s.app.world().resource::<Inbox<Trautenau>>().0.is_empty());
    // A move during the assaults (9.3 belongs to the movement).
    play_until(&mut s, &mut rng, StepId::Combat);
    s.app.update();
    assert_eq!(
        *s.app.world().resource::<State<TsStep>>().get(),
        TsStep::Combat
    );
    let before = s.hash();
    let r = s
        .submit(TsCommand::Move {
            unit: 0,
            to: Coord::new(5, 5),
            facing: Dir::N,
        })
        .unwrap_err();
    assert_eq!(r.rule, "6");
    assert_eq!(
        r.reason,
        "movement is not possible now: the game is in Operations: assaults"
    );
    assert_eq!(s.hash(), before);
    assert_eq!(s.app.world().resource::<CurrentStep>().name, "Assaults");
    // The step's own commands still pass through its system.
    let legal = s.legal();
    s.submit(legal[0].clone()).unwrap();
    // The step system alone decides: run directly, it refuses a command of another
    // step queued in its inbox with the step's reason, without the state transition.
    let st = s.state().unwrap();
    let id = steps::id_of(&st);
    let w = s.app.world_mut();
    w.resource_mut::<Inbox<Trautenau>>()
        .0
        .push_back(TsCommand::ChooseFormation { formation: 0 });
    match id {
        StepId::Defence => run_step::<Trautenau, steps::defence::Defence>(w),
        StepId::Combat => run_step::<Trautenau, steps::combat::Combat>(w),
        StepId::Retreat => run_step::<Trautenau, steps::retreat::Retreat>(w),
        StepId::Advance => run_step::<Trautenau, steps::advance::Advance>(w),
        other => panic!("unexpected step after a resolve: {other:?}"),
    }
    match &w.resource::<LastOutcome<Trautenau>>().0 {
        Some(Outcome::Refused(TsCommand::ChooseFormation { .. }, r)) => {
            assert!(!r.reason.is_empty());
            if id == StepId::Combat {
                assert_eq!(r.rule, "6");
            } else {
                // 9.5: a combat decision waits and must come first.
                assert_eq!(r.rule, "9.5");
            }
        }
        o => panic!("not refused by the step's system: {o:?}"),
    }
}

#[test]
fn illegal_commands_are_refused_with_a_reason_and_change_nothing() {
    let src = scenarios::find("soor").unwrap();
    let rules = trautenau::load_rules(&src, &[]).unwrap();
    let mut s = TsSession::new(rules, 5);
    let before = s.hash();
    for cmd in [
        TsCommand::Resolve { assault: 9 },
        TsCommand::Move {
            unit: 9999,
            to: feldzug::engine::hexmap::Coord::new(99, 99),
            facing: feldzug::engine::hexmap::Dir::N,
        },
        TsCommand::Defend {
            split: vec![1, 2, 3],
            support: Some(60000),
            commander: true,
            helpers: vec![60000],
        },
        TsCommand::Rally { unit: 60000 },
        TsCommand::TakeCommand { unit: 60000 },
        TsCommand::Advance {
            unit: Some(60000),
            facing: feldzug::engine::hexmap::Dir::N,
            leaders: vec![200],
        },
        TsCommand::Declare {
            target: feldzug::engine::hexmap::Coord::new(1, 1),
            units: vec![],
            coordinate: true,
            commander: false,
        },
    ] {
        let e = s.submit(cmd.clone()).unwrap_err();
        assert!(!e.reason.is_empty(), "{cmd:?}");
    }
    assert_eq!(s.hash(), before);
}

/// Loading and undo are replays (`restore_game`): the app lands in the Bevy state of the
/// step the rules are in, a decision that interrupts a step included, with its prompt.
#[test]
fn a_restored_game_lands_in_the_state_of_its_step() {
    let src = scenarios::find("trautenau").unwrap();
    let rules = trautenau::load_rules(&src, &[]).unwrap();
    let mut p = PureGame::new(rules.clone(), 4);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(4);
    let mut s = TsSession::new(rules.clone(), 9);
    let mut seen = std::collections::BTreeSet::new();
    while !p.over() && p.commands.len() < 600 {
        let legal = p.legal();
        let cmd = random_command(&p.rules, &p.st, &legal, &mut rng).unwrap();
        p.apply(&cmd).unwrap();
        let id = steps::id_of(&p.st);
        if !seen.insert(format!("{id:?}")) {
            continue;
        }
        feldzug::engine::game_ecs::restore_game::<Trautenau>(
            s.app.world_mut(),
            rules.clone(),
            4,
            &p.commands,
        )
        .unwrap();
        s.app.update();
        s.app.update();
        assert_eq!(s.hash(), p.hash());
        let w = s.app.world();
        assert_eq!(
            *w.resource::<State<TsStep>>().get(),
            step_state(id),
            "{id:?}"
        );
        assert_eq!(w.resource::<CurrentStep>().name, steps::step(id).name());
        assert_eq!(
            w.resource::<CurrentStep>().prompt,
            feldzug::engine::step::prompt::<Trautenau>(&p.rules, &p.st)
        );
    }
    assert!(seen.len() >= 6, "{seen:?}");
}
