//! Every Trautenau – Soor lesson is played through headless with its expected commands:
//! a wrong command is refused without advancing, every expected command is accepted by
//! the rules, and every die a step consumes is one the step scripts.

use feldzug::engine::hexmap::{Coord, Dir};
use feldzug::engine::scenarios;
use feldzug::engine::tutorial::{Lesson, LessonRun, StepOutcome, Target, parse_lesson};
use feldzug::games::trautenau::state::{Loc, TsCommand};
use feldzug::games::trautenau::{self, PureGame};

fn lessons() -> Vec<scenarios::ScenarioSource> {
    scenarios::embedded()
        .into_iter()
        .flatten()
        .filter(|s| s.meta.game == "trautenau-soor" && s.name.starts_with("tutorials/"))
        .collect()
}

fn log_tail(g: &PureGame) -> String {
    g.log
        .entries
        .iter()
        .map(|e| format!("  [{:02} {} {}] {}", e.turn, e.phase, e.rule, e.text))
        .collect::<Vec<_>>()
        .join("\n")
}

fn rolls_since(g: &PureGame, from: usize) -> String {
    g.dice.rolls[from..]
        .iter()
        .map(|r| format!("  {} ({}): {}", r.purpose, r.rule, r.die))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Plays a lesson; returns the game after `upto` steps (all if None).
fn play_steps(
    src: &scenarios::ScenarioSource,
    upto: Option<usize>,
) -> (PureGame, Lesson<TsCommand>) {
    let lesson = parse_lesson::<TsCommand>(&src.name, &src.text).unwrap();
    let rules = trautenau::load_rules(src, &[]).unwrap();
    let mut g = PureGame::new(rules, 1);
    let mut run = LessonRun::default();
    while let Some(step) = run.current(&lesson).cloned() {
        if upto.is_some_and(|n| run.step >= n) {
            break;
        }
        match &step.expect {
            None => {
                assert!(
                    step.dice.is_empty(),
                    "{}: a reading step scripts dice",
                    src.name
                );
                assert!(run.next(&lesson), "{}: step {}", src.name, run.step)
            }
            Some(expected) => {
                let wrong = if *expected == TsCommand::Done {
                    TsCommand::Move {
                        unit: 0,
                        to: Coord::new(1, 1),
                        facing: Dir::N,
                    }
                } else {
                    TsCommand::Done
                };
                let before = run.step;
                assert!(
                    matches!(run.offer(&lesson, &wrong), StepOutcome::Refused(_)),
                    "{} step {before}: a wrong command is refused",
                    src.name
                );
                assert_eq!(run.step, before, "a wrong command does not advance");
                let StepOutcome::Advance { dice } = run.offer(&lesson, expected) else {
                    panic!("{}: expected command not accepted", src.name)
                };
                let rolls = g.dice.roll_count();
                g.dice.script(dice.clone());
                if let Err(r) = g.apply(expected) {
                    panic!(
                        "{} step {before}: {expected:?} refused by the rules: {r}\nlegal: {:?}\nlog:\n{}",
                        src.name,
                        g.legal(),
                        log_tail(&g)
                    );
                }
                let used = g.dice.roll_count() - rolls;
                assert_eq!(
                    used,
                    dice.len(),
                    "{} step {before}: {expected:?} scripts {dice:?} but rolled:\n{}\nlog:\n{}",
                    src.name,
                    rolls_since(&g, rolls),
                    log_tail(&g)
                );
            }
        }
    }
    (g, lesson)
}

fn play(id: &str) -> PureGame {
    let src = scenarios::find(id).unwrap();
    play_steps(&src, None).0
}

#[test]
fn every_trautenau_lesson_plays_through_and_refuses_wrong_commands() {
    let all = lessons();
    assert_eq!(all.len(), 6, "six lessons");
    let mut orders = Vec::new();
    for src in all {
        assert!(src.meta.hidden, "{}: lessons are hidden", src.name);
        assert!(src.meta.id.starts_with("tutorial-ts-"), "{}", src.name);
        let (g, lesson) = play_steps(&src, None);
        assert!(
            (5..=10).contains(&lesson.steps.len()),
            "{}: {} steps",
            src.name,
            lesson.steps.len()
        );
        for (i, s) in lesson.steps.iter().enumerate() {
            if let Target::Hex(c) = s.target {
                assert!(
                    g.rules.map.contains(c),
                    "{} step {i}: {c} off the map",
                    src.name
                );
            }
            if let Target::Panel(p) = &s.target {
                assert!(
                    [
                        "Turn",
                        "Activation cup",
                        "Assault",
                        "Defence",
                        "Declared assaults",
                        "Log and dice",
                        "Line of sight",
                        "Advance after combat"
                    ]
                    .contains(&p.as_str()),
                    "{} step {i}: unknown panel {p}",
                    src.name
                );
            }
        }
        orders.push(lesson.order);
    }
    orders.sort();
    assert_eq!(orders, vec![1, 2, 3, 4, 5, 6]);
}

/// The game position right after set-up, before the first step.
fn start(id: &str) -> PureGame {
    let src = scenarios::find(id).unwrap();
    let rules = trautenau::load_rules(&src, &[]).unwrap();
    PureGame::new(rules, 1)
}

fn hex(s: &str) -> Coord {
    Coord::parse(s).unwrap()
}

#[test]
fn the_lessons_start_where_their_first_step_expects() {
    use feldzug::games::trautenau::data::Side;
    use feldzug::games::trautenau::state::Step;
    for id in ["tutorial-ts-1", "tutorial-ts-4", "tutorial-ts-6"] {
        let g = start(id);
        assert_eq!(g.st.g.active, Some(0), "{id}: the Prussian division acts");
        let want = if id == "tutorial-ts-6" {
            Step::Barrage
        } else {
            Step::Movement
        };
        assert_eq!(g.st.g.step, want, "{id}");
    }
    let g = start("tutorial-ts-3");
    assert_eq!((g.st.g.active, g.st.g.step), (Some(0), Step::Barrage));
    for id in ["tutorial-ts-2", "tutorial-ts-5"] {
        let g = start(id);
        assert_eq!(g.st.g.step, Step::ChiefMove(Side::Prussia), "{id}");
        assert_eq!(
            g.dice.roll_count(),
            0,
            "{id}: no reaction test at the start"
        );
    }
}

#[test]
fn lesson_1_the_move_stops_in_the_zone_and_cannot_pass_it() {
    let src = scenarios::find("tutorial-ts-1").unwrap();
    let (mut g, _) = play_steps(&src, Some(3));
    // Past the Austrian zone of control in one move: refused (5.1).
    assert!(
        g.apply(&TsCommand::Move {
            unit: 1,
            to: hex("1312"),
            facing: Dir::SW
        })
        .is_err()
    );
    let g = play("tutorial-ts-1");
    assert_eq!(g.st.units[0].facing, Dir::NE);
    assert_eq!(g.st.units[1].loc, Loc::Map(hex("1412")));
    assert_eq!(g.st.units[1].spent, 2);
}

#[test]
fn lesson_2_the_41st_is_out_of_command_and_mondel_is_drawn() {
    use feldzug::games::trautenau::data::Side;
    use feldzug::games::trautenau::state::Step;
    let src = scenarios::find("tutorial-ts-2").unwrap();
    let (mut g, _) = play_steps(&src, Some(4));
    assert_eq!(g.st.g.initiative, Some(Side::Prussia));
    assert!(!g.st.units[1].in_command && !g.st.units[1].chief_command);
    assert!(g.st.units[0].in_command);
    // A full move of 3 hexes is beyond an out-of-command unit (9.1.4).
    assert!(
        g.apply(&TsCommand::Move {
            unit: 1,
            to: hex("1016"),
            facing: Dir::NE
        })
        .is_err()
    );
    let g = play("tutorial-ts-2");
    assert_eq!(g.st.units[1].loc, Loc::Map(hex("0917")));
    assert_eq!(g.st.g.active, Some(2), "Brigade Mondel drawn");
    assert_eq!(g.st.g.step, Step::Movement);
    assert!(g.st.formations[1].in_cup, "Clausewitz still in the cup");
}

#[test]
fn lesson_3_the_jager_is_out_of_sight_and_the_barrage_disorganises_without_retreat() {
    use feldzug::games::trautenau::{flow, rules};
    let g = start("tutorial-ts-3");
    let view = rules::view(&g.rules, &g.st);
    assert_eq!(flow::barrage_targets(&g.rules, &g.st, &view, 0), vec![1]);
    let src = scenarios::find("tutorial-ts-3").unwrap();
    let (g, _) = play_steps(&src, Some(4));
    assert!(g.st.units[1].disorg);
    assert_eq!(g.st.units[1].loc, Loc::Map(hex("1513")));
    let g = play("tutorial-ts-3");
    assert!(!g.st.units[1].disorg, "rallied at the end of the turn");
    assert_eq!(
        g.st.leaders[2].loc,
        Loc::Map(hex("1513")),
        "Mondel survived"
    );
}

#[test]
fn lesson_4_ends_with_the_defender_retreated_and_the_attacker_advanced() {
    let g = play("tutorial-ts-4");
    assert!(g.st.units[1].disorg);
    assert_eq!(g.st.units[1].loc, Loc::Map(hex("1212")));
    assert_eq!(g.st.units[1].losses, 0);
    assert_eq!(g.st.units[0].loc, Loc::Map(hex("1313")));
    assert!(!g.st.units[0].disorg);
}

#[test]
fn lesson_5_the_coordinated_assault_costs_a_step_and_grossmann_follows() {
    let g = play("tutorial-ts-5");
    assert!(g.st.units[2].disorg);
    assert_eq!(g.st.units[2].losses, 1);
    assert_eq!(g.st.units[2].loc, Loc::Map(hex("1213")));
    assert_eq!(g.st.units[0].loc, Loc::Map(hex("1313")));
    assert_eq!(g.st.leaders[1].loc, Loc::Map(hex("1313")));
    assert!(!g.st.units[0].disorg && !g.st.units[1].disorg);
}

#[test]
fn lesson_6_knebel_is_demoralised_and_the_3rd_rallies() {
    let src = scenarios::find("tutorial-ts-6").unwrap();
    let (g, _) = play_steps(&src, Some(2));
    assert!(g.st.units[2].disorg, "failed its morale test");
    assert!(!g.st.formations[1].demoralised);
    let g = play("tutorial-ts-6");
    assert!(g.st.formations[1].demoralised);
    assert_eq!(g.st.units[3].loc, Loc::Eliminated);
    assert!(!g.st.units[2].disorg, "rallied");
    assert_eq!(g.st.units[2].losses, 1);
    assert_eq!(g.st.units[1].loc, Loc::Map(hex("1313")));
}
