//! The headless Bevy app (MinimalPlugins + StatesPlugin + the game plugin) driven by
//! commands gives the same states as the pure rules.

use bevy::prelude::State;
use feldzug::engine::game_ecs::CurrentStep;
use feldzug::engine::scenarios;
use feldzug::engine::step;
use feldzug::games::koniggratz::ecs::{
    AttackStep, CommandStep, Counter, HqMarker, KgPhase, MovementStep,
};
use feldzug::games::koniggratz::state::KgCommand;
use feldzug::games::koniggratz::{self, KgSession, Koniggratz, PureGame, random_command, steps};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// The step whose Bevy (sub-)state the app is in, by the name of its step module.
fn bevy_step(s: &KgSession) -> Option<&'static str> {
    let w = s.app.world();
    let get = |name| Some(name);
    match *w.resource::<State<KgPhase>>().get() {
        KgPhase::Inactive => None,
        KgPhase::GameOver => get("Game over"),
        KgPhase::Command => match *w.resource::<State<CommandStep>>().get() {
            CommandStep::HqPlacement => get("HQ placement"),
            CommandStep::BlownSelect => get("Blown units: the two that return"),
            CommandStep::BlownReturn => get("Blown units: return"),
            CommandStep::Bombardment => get("Bombardment"),
            CommandStep::Formations => get("Formations"),
            CommandStep::ExitEzoc => get("Exits from enemy ZOCs"),
            CommandStep::Retreat => get("Retreat"),
        },
        KgPhase::Movement => match *w.resource::<State<MovementStep>>().get() {
            MovementStep::Moves => get("Movement"),
            MovementStep::Retreat => get("Retreat"),
        },
        KgPhase::Attack => match *w.resource::<State<AttackStep>>().get() {
            AttackStep::Attacks => get("Attack"),
            AttackStep::Artillery => get("Artillery support"),
            AttackStep::Retreat => get("Retreat"),
        },
    }
}

#[test]
fn headless_app_matches_pure_rules_and_changes_phase_states() {
    let src = scenarios::find("koniggratz").unwrap();
    let rules = koniggratz::load_rules(&src, &[]).unwrap();
    for seed in 0..3u64 {
        let mut s = KgSession::new(rules.clone(), seed);
        let mut p = PureGame::new(rules.clone(), seed);
        assert_eq!(s.hash(), p.hash());
        assert_eq!(s.phase(), KgPhase::Command);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut phases = std::collections::BTreeSet::new();
        let mut names = std::collections::BTreeSet::new();
        let mut n = 0;
        while !p.over() && n < 3000 {
            let legal = s.legal();
            assert_eq!(legal, p.legal());
            let cmd = random_command(&p.rules, &p.st, &legal, &mut rng).unwrap();
            s.submit(cmd.clone()).unwrap();
            p.apply(&cmd).unwrap();
            assert_eq!(s.hash(), p.hash(), "seed {seed} after {cmd:?}");
            // a command the rules refuse is refused by the app with the same reason
            let wrong = KgCommand::Retreat {
                to: feldzug::engine::hexmap::Coord::new(0, 0),
            };
            assert_eq!(
                s.submit(wrong.clone()).unwrap_err(),
                step::check::<Koniggratz>(&p.rules, &p.st, &wrong).unwrap_err(),
                "seed {seed} after {cmd:?}"
            );
            // the Bevy states and the step on screen are the rules' step
            s.app.update();
            let on_screen = s.app.world().resource::<CurrentStep>().clone();
            let step = steps::of(&p.st);
            assert_eq!(on_screen.name, step.name(), "seed {seed} after {cmd:?}");
            assert_eq!(on_screen.to_act, step.to_act(&p.rules, &p.st));
            assert_eq!(on_screen.prompt, step.prompt(&p.rules, &p.st));
            assert_eq!(
                bevy_step(&s),
                Some(step.name()),
                "seed {seed} after {cmd:?}"
            );
            phases.insert(format!("{:?}", s.phase()));
            names.insert(step.name());
            n += 1;
        }
        s.app.update();
        assert!(
            phases.contains("Movement") && phases.contains("Attack"),
            "{phases:?}"
        );
        assert!(
            names.contains("Artillery support") && names.contains("Retreat"),
            "{names:?}"
        );
        let w = s.app.world_mut();
        assert_eq!(w.query::<&Counter>().iter(w).count(), rules.units.len());
        assert_eq!(w.query::<&HqMarker>().iter(w).count(), rules.hqs.len());
    }
}

#[test]
fn illegal_commands_are_refused_with_a_reason_and_change_nothing() {
    let src = scenarios::find("koniggratz").unwrap();
    let rules = koniggratz::load_rules(&src, &[]).unwrap();
    let mut s = KgSession::new(rules, 5);
    let before = s.hash();
    let e = s.submit(KgCommand::Pass).unwrap_err();
    assert!(!e.reason.is_empty());
    let e = s
        .submit(KgCommand::Move {
            unit: 9999,
            to: feldzug::engine::hexmap::Coord::new(99, 99),
        })
        .unwrap_err();
    assert!(!e.reason.is_empty());
    assert_eq!(s.hash(), before);
}

#[test]
fn undo_goes_back_to_the_last_die_roll_and_replays_to_the_same_hash() {
    use feldzug::engine::game_ecs::{CommandLog, restore_game, undoable};
    use feldzug::games::koniggratz::Koniggratz;
    let src = scenarios::find("koniggratz").unwrap();
    let rules = koniggratz::load_rules(&src, &[]).unwrap();
    let mut s = KgSession::new(rules.clone(), 11);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let mut hashes = vec![s.hash()];
    // the first commands are HQ placements (4.0b), which roll no dice
    for _ in 0..3 {
        let st = s.state().unwrap();
        let legal = s.legal();
        let cmd = random_command(&rules, &st, &legal, &mut rng).unwrap();
        s.submit(cmd).unwrap();
        hashes.push(s.hash());
    }
    let log = s.app.world().resource::<CommandLog<Koniggratz>>().clone();
    assert_eq!(undoable(&log), 3);
    let n = log.commands.len() - 1;
    restore_game::<Koniggratz>(s.app.world_mut(), rules.clone(), 11, &log.commands[..n]).unwrap();
    s.app.update();
    assert_eq!(s.hash(), hashes[n]);
    // a log whose last command rolled a die cannot be undone
    let mut rolled = log.clone();
    let last = rolled.rolls_after.len() - 1;
    rolled.rolls_after[last] += 1;
    assert_eq!(undoable(&rolled), 0);
}

#[test]
fn secret_artillery_choice_is_neither_undoable_nor_saved_before_the_reveal() {
    // rule 4.3a: the choices are secret until both are made and revealed together.
    use crate::kg_rules::board;
    use feldzug::engine::game_ecs::{CommandLog, current_save, undoable};
    use feldzug::games::koniggratz::Koniggratz;
    use feldzug::games::koniggratz::data::{Kind, Side};
    use feldzug::games::koniggratz::state::{Pending, Step};
    let rules = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0605", 0)
        .rules();
    let mut s = KgSession::new(rules, 3);
    for _ in 0..40 {
        if s.state().unwrap().g.step == Step::Attack {
            break;
        }
        let legal = s.legal();
        let cmd = if legal.contains(&KgCommand::Pass) {
            KgCommand::Pass
        } else {
            legal[0].clone()
        };
        s.submit(cmd).unwrap();
    }
    assert_eq!(s.state().unwrap().g.step, Step::Attack);
    assert_eq!(s.state().unwrap().g.to_move, Side::Prussia);
    let log = |s: &KgSession| s.app.world().resource::<CommandLog<Koniggratz>>().clone();
    let saved = |s: &KgSession| current_save::<Koniggratz>(s.app.world(), &[]).unwrap();
    s.submit(KgCommand::Attack {
        attacker: 0,
        defender: 1,
    })
    .unwrap();
    let n = log(&s).commands.len();
    assert!(undoable(&log(&s)) >= 1, "the declaration may be taken back");
    assert_eq!(saved(&s).commands.len(), n);
    // Prussia chooses in secret
    s.submit(KgCommand::Artillery { support: true }).unwrap();
    assert_eq!(log(&s).commands.len(), n + 1);
    assert_eq!(undoable(&log(&s)), 0, "the other side may not take it back");
    let save = saved(&s);
    assert_eq!(
        save.commands.len(),
        n,
        "the secret choice is not in the autosave"
    );
    let text = feldzug::engine::save::to_text(&save).unwrap();
    assert!(!text.contains("Artillery"), "{text}");
    assert!(matches!(
        s.state().unwrap().g.pending.last(),
        Some(Pending::Artillery { .. })
    ));
    // Austria chooses: both revealed, the attack is resolved
    s.submit(KgCommand::Artillery { support: false }).unwrap();
    assert_eq!(saved(&s).commands.len(), n + 2);
    assert_eq!(undoable(&log(&s)), 0, "dice were rolled");
}

#[test]
fn a_pure_games_save_file_leaves_out_an_unrevealed_secret_choice() {
    // rule 4.3a: `feldzug play --save/--autosave` write saves through `save_file`; a
    // secret artillery choice must not be in them before the reveal.
    use crate::kg_rules::board;
    use feldzug::games::koniggratz::data::{Kind, Side};
    use feldzug::games::koniggratz::state::Step;
    use feldzug::games::koniggratz::{PureGame, save_file};
    let rules = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0605", 0)
        .rules();
    let mut g = PureGame::new(rules, 3);
    for _ in 0..40 {
        if g.st.g.step == Step::Attack {
            break;
        }
        let legal = g.legal();
        let cmd = if legal.contains(&KgCommand::Pass) {
            KgCommand::Pass
        } else {
            legal[0].clone()
        };
        g.apply(&cmd).unwrap();
    }
    assert_eq!(g.st.g.step, Step::Attack);
    g.apply(&KgCommand::Attack {
        attacker: 0,
        defender: 1,
    })
    .unwrap();
    let n = g.commands.len();
    let before = g.hash();
    g.apply(&KgCommand::Artillery { support: true }).unwrap();
    let save = save_file(&g, &[]);
    assert_eq!(save.commands.len(), n, "the secret choice is left out");
    assert_eq!(
        save.state_hash, before,
        "with the hash of the public position"
    );
    let text = feldzug::engine::save::to_text(&save).unwrap();
    assert!(!text.contains("Artillery"), "{text}");
    // the save's commands replay to the public position
    let mut r = PureGame::new(g.rules.clone(), 3);
    for c in &save.commands {
        r.apply(c).unwrap();
    }
    assert_eq!(r.hash(), before);
    // once revealed, the whole list is saved
    g.apply(&KgCommand::Artillery { support: false }).unwrap();
    assert_eq!(save_file(&g, &[]).commands.len(), n + 2);
}

#[test]
fn a_command_of_another_step_is_refused_by_that_steps_system() {
    // rule 4.0: each step of the sequence of play takes only its own commands; the
    // step's own system refuses the others with the step's reason, and nothing changes.
    use feldzug::engine::game_ecs::CommandLog;
    use feldzug::engine::hexmap::Coord;
    use feldzug::games::koniggratz::state::{Pending, Step};
    let src = scenarios::find("koniggratz").unwrap();
    let rules = koniggratz::load_rules(&src, &[]).unwrap();
    let mut s = KgSession::new(rules.clone(), 5);
    let commands = |s: &KgSession| {
        s.app
            .world()
            .resource::<CommandLog<Koniggratz>>()
            .commands
            .len()
    };
    let refused_here = |s: &mut KgSession, cmd: KgCommand| {
        let st = s.state().unwrap();
        let (before, n) = (s.hash(), commands(s));
        let here = bevy_step(s);
        let expected = step::check::<Koniggratz>(&rules, &st, &cmd).unwrap_err();
        let e = s.submit(cmd.clone()).unwrap_err();
        assert_eq!(e, expected, "{cmd:?}");
        assert_eq!(bevy_step(s), here, "refused in the step's own state");
        assert_eq!((s.hash(), commands(s)), (before, n), "nothing changes");
        e
    };
    // HQ placement (4.0b) takes no attack
    assert_eq!(bevy_step(&s), Some("HQ placement"));
    assert_eq!(s.app.world().resource::<CurrentStep>().name, "HQ placement");
    let e = refused_here(
        &mut s,
        KgCommand::Attack {
            attacker: 0,
            defender: 1,
        },
    );
    assert_eq!(e.rule, "4.0");
    assert!(
        e.reason
            .contains("is not part of this step (Command: HQ placement)"),
        "{}",
        e.reason
    );
    // play on to the Movement Phase (4.2): an HQ placement is refused there
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut seen_movement = false;
    let mut seen_artillery = false;
    for _ in 0..3000 {
        let st = s.state().unwrap();
        if st.g.step == Step::GameOver {
            break;
        }
        if !seen_movement && st.g.step == Step::Movement && st.g.pending.is_empty() {
            seen_movement = true;
            assert_eq!(bevy_step(&s), Some("Movement"));
            let e = refused_here(
                &mut s,
                KgCommand::PlaceHq {
                    hq: 0,
                    at: Coord::new(5, 5),
                    battle: false,
                },
            );
            assert_eq!(e.rule, "4.0");
            assert!(e.reason.contains("(Movement)"), "{}", e.reason);
        }
        // Artillery Support (4.3a) waits for its choice: a move is refused
        if matches!(st.g.pending.last(), Some(Pending::Artillery { .. })) {
            seen_artillery = true;
            assert_eq!(bevy_step(&s), Some("Artillery support"));
            let e = refused_here(
                &mut s,
                KgCommand::Move {
                    unit: 0,
                    to: Coord::new(5, 5),
                },
            );
            assert_eq!(e.rule, "4.3a");
            assert!(e.reason.contains("must first choose Artillery Support"));
            break;
        }
        let legal = s.legal();
        let cmd = random_command(&rules, &st, &legal, &mut rng).unwrap();
        s.submit(cmd).unwrap();
        s.app.update();
    }
    assert!(seen_movement && seen_artillery);
}
