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
fn play_steps(src: &scenarios::ScenarioSource, upto: Option<usize>) -> (PureGame, Lesson<TsCommand>) {
    let lesson = parse_lesson::<TsCommand>(&src.name, &src.text).unwrap();
    let rules = trautenau::load_rules(&src, &[]).unwrap();
    let mut g = PureGame::new(rules, 1);
    let mut run = LessonRun::default();
    while let Some(step) = run.current(&lesson).cloned() {
        if upto.is_some_and(|n| run.step >= n) {
            break;
        }
        match &step.expect {
            None => {
                assert!(step.dice.is_empty(), "{}: a reading step scripts dice", src.name);
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
                assert!(g.rules.map.contains(c), "{} step {i}: {c} off the map", src.name);
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
