//! Every lesson is played through headless with its expected commands; a wrong command
//! is refused without advancing.

use feldzug::engine::scenarios;
use feldzug::engine::tutorial::{LessonRun, StepOutcome, parse_lesson};
use feldzug::games::koniggratz::state::KgCommand;
use feldzug::games::koniggratz::{self, PureGame};

#[test]
fn every_koniggratz_lesson_plays_through_and_refuses_wrong_commands() {
    let lessons: Vec<_> = scenarios::embedded()
        .into_iter()
        .flatten()
        .filter(|s| s.meta.game == "koniggratz" && s.name.starts_with("tutorials/"))
        .collect();
    assert!(lessons.len() >= 2);
    for src in lessons {
        let lesson = parse_lesson::<KgCommand>(&src.name, &src.text).unwrap();
        let rules = koniggratz::load_rules(&src, &[]).unwrap();
        let mut g = PureGame::new(rules, 1);
        let mut run = LessonRun::default();
        while let Some(step) = run.current(&lesson).cloned() {
            match &step.expect {
                None => assert!(run.next(&lesson), "{}: step {}", src.name, run.step),
                Some(expected) => {
                    let wrong = if *expected == KgCommand::Pass {
                        KgCommand::Move {
                            unit: 0,
                            to: feldzug::engine::hexmap::Coord::new(1, 1),
                        }
                    } else {
                        KgCommand::Pass
                    };
                    let before = run.step;
                    assert!(matches!(
                        run.offer(&lesson, &wrong),
                        StepOutcome::Refused(_)
                    ));
                    assert_eq!(run.step, before, "a wrong command does not advance");
                    let StepOutcome::Advance { dice } = run.offer(&lesson, expected) else {
                        panic!("{}: expected command not accepted", src.name)
                    };
                    g.dice.script(dice);
                    g.apply(expected).unwrap_or_else(|r| {
                        panic!(
                            "{} step {before}: {expected:?} refused by the rules: {r}",
                            src.name
                        )
                    });
                }
            }
        }
        assert!(run.finished(&lesson));
    }
}

#[test]
fn lesson_2_ends_with_the_defender_blown_and_the_attacker_advanced() {
    let g = play("tutorial-kg-2");
    use feldzug::games::koniggratz::state::Loc;
    assert!(matches!(g.st.units[2].loc, Loc::Blown(_)));
    assert_eq!(
        g.st.units[0].loc,
        Loc::Map(feldzug::engine::hexmap::Coord::new(6, 4))
    );
    assert!(g.st.units[3].exhausted);
}

fn play(id: &str) -> PureGame {
    let src = scenarios::find(id).unwrap();
    let lesson = parse_lesson::<KgCommand>(&src.name, &src.text).unwrap();
    let rules = koniggratz::load_rules(&src, &[]).unwrap();
    let mut g = PureGame::new(rules, 1);
    for s in &lesson.steps {
        if let Some(c) = &s.expect {
            g.dice.script(s.dice.clone());
            g.apply(c).unwrap();
        }
    }
    g
}

#[test]
fn lesson_3_duel_costs_the_ap_it_says() {
    let g = play("tutorial-kg-3");
    // 5 - 1 bombardment - 1 support - 1 bad ammunition (Prussia rolled 6)
    assert_eq!(g.st.g.ap[0], 2);
    assert_eq!(g.st.g.ap[1], 11);
    use feldzug::games::koniggratz::state::Loc;
    assert_eq!(
        g.st.units[1].loc,
        Loc::Map(feldzug::engine::hexmap::Coord::new(6, 1))
    );
}

#[test]
fn lesson_4_ends_the_game_with_prussia_winning_2_to_0() {
    let g = play("tutorial-kg-4");
    assert!(g.over());
    assert_eq!(
        g.st.g.winner,
        Some(feldzug::games::koniggratz::data::Side::Prussia)
    );
    assert_eq!(g.st.g.vp, [0, 2]);
}

#[test]
fn lesson_5_stops_where_it_says() {
    use feldzug::engine::hexmap::Coord;
    use feldzug::games::koniggratz::state::Loc;
    let g = play("tutorial-kg-5");
    assert_eq!(g.st.units[0].loc, Loc::Map(Coord::new(7, 5)));
    assert!(
        !g.st.units[0].march,
        "stopped in the ZOI in Battle formation"
    );
    assert_eq!(g.st.units[1].loc, Loc::Map(Coord::new(8, 6)));
}

#[test]
fn lesson_6_command_range_limits_the_move() {
    use feldzug::engine::hexmap::Coord;
    let src = scenarios::find("tutorial-kg-6").unwrap();
    let lesson = parse_lesson::<KgCommand>(&src.name, &src.text).unwrap();
    let rules = koniggratz::load_rules(&src, &[]).unwrap();
    let mut g = PureGame::new(rules, 1);
    // all steps up to the move
    for s in lesson.steps.iter().take(4) {
        if let Some(c) = &s.expect {
            g.apply(c).unwrap();
        }
    }
    assert!(g.st.hqs[1].battle);
    let far = g
        .apply(&KgCommand::Move {
            unit: 0,
            to: Coord::new(8, 5),
        })
        .unwrap_err();
    assert_eq!(far.rule, "4.2d", "{far}");
    g.apply(&KgCommand::Move {
        unit: 0,
        to: Coord::new(5, 5),
    })
    .unwrap();
}
