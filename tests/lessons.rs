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

// ---------------------------------------------------------------------------------
// The Sadowa Campaign: "Learn to play The Sadowa Campaign" (scenarios/tutorials/sadowa)
// ---------------------------------------------------------------------------------

mod sadowa {
    use feldzug::engine::game::{PureGame, RulesGame};
    use feldzug::engine::hexmap::Coord;
    use feldzug::engine::scenarios;
    use feldzug::engine::tutorial::{Lesson, Target, parse_lesson};
    use feldzug::games::sadowa::Sadowa;
    use feldzug::games::sadowa::state::{SdCommand, Step};

    type Game = PureGame<Sadowa>;

    /// Lessons that rest on code still stubbed on the branch they were written on
    /// (combat 7.3-7.4 on `scombat`, sieges 8.1-8.4 on `ssiege`, supply 5.2-5.3 on
    /// `ssupply`). For them the play-through stops quietly at the first command the stub
    /// refuses and does not count the dice. INTEGRATOR: empty this list once those
    /// branches are merged; every lesson must then play through with exactly its dice.
    pub const NEEDS_MERGED_RULES: &[&str] = &[];

    fn lessons() -> Vec<scenarios::ScenarioSource> {
        scenarios::embedded()
            .into_iter()
            .flatten()
            .filter(|s| s.meta.game == "sadowa" && s.name.starts_with("tutorials/"))
            .collect()
    }

    pub fn hex(s: &str) -> Coord {
        Coord::parse(s).unwrap()
    }

    /// Plays a lesson through its expected commands with the dice each step scripts,
    /// checking that a wrong command is refused without advancing and that each step
    /// rolls exactly the dice it scripts. Returns the game after `upto` steps (all if
    /// None).
    pub fn play_steps(
        src: &scenarios::ScenarioSource,
        upto: Option<usize>,
    ) -> (Game, Lesson<SdCommand>) {
        let lenient = NEEDS_MERGED_RULES.contains(&src.meta.id.as_str());
        let wrong = |expected: &SdCommand| {
            if *expected == SdCommand::Pass {
                SdCommand::EndSetup
            } else {
                SdCommand::Pass
            }
        };
        super::play_lesson::<Sadowa>(src, upto.unwrap_or(usize::MAX), wrong, lenient)
    }

    pub fn play(id: &str) -> Game {
        let src = scenarios::find(id).unwrap();
        play_steps(&src, None).0
    }

    /// The game after the first `n` steps of lesson `id`.
    pub fn play_upto(id: &str, n: usize) -> Game {
        let src = scenarios::find(id).unwrap();
        play_steps(&src, Some(n)).0
    }

    #[test]
    fn every_sadowa_lesson_plays_through_and_refuses_wrong_commands() {
        let all = lessons();
        assert!(all.len() >= 3, "{} lessons", all.len());
        let mut orders = Vec::new();
        for src in all {
            assert!(src.meta.hidden, "{}: lessons are hidden", src.name);
            assert!(src.meta.id.starts_with("tutorial-sd-"), "{}", src.name);
            assert!(
                src.text
                    .contains("OUR TEACHING SET-UP, not the publisher's"),
                "{}: header",
                src.name
            );
            let (g, lesson) = play_steps(&src, None);
            assert!(
                lesson.steps.iter().any(|s| s.expect.is_some()),
                "{}",
                src.name
            );
            for (i, s) in lesson.steps.iter().enumerate() {
                if let Target::Hex(c) = s.target {
                    assert!(
                        g.rules.map.hex.contains(c),
                        "{} step {i}: {c} off the map",
                        src.name
                    );
                }
                if let Target::Panel(p) = &s.target {
                    assert!(
                        [
                            "The Sadowa Campaign",
                            "Tracks",
                            "Charts (RECONSTRUCTED, docs/games/sadowa.md)",
                            "Hex",
                            "Attack (7.3)",
                            "Log and dice",
                        ]
                        .contains(&p.as_str()),
                        "{} step {i}: unknown panel {p}",
                        src.name
                    );
                }
            }
            // same counters as the campaign: names and values of scenarios/sadowa.ron
            let campaign = scenarios::find("sadowa").unwrap();
            let full = <Sadowa as RulesGame>::load_rules(&campaign, &[]).unwrap();
            for d in &g.rules.units {
                let real = full.units.iter().find(|r| r.id == d.id).unwrap_or_else(|| {
                    panic!("{}: {} is not a counter of the game", src.name, d.id)
                });
                assert_eq!(
                    (
                        &real.name,
                        &real.short,
                        real.side,
                        real.kind,
                        real.cf,
                        real.cv,
                        &real.hq,
                        real.named
                    ),
                    (
                        &d.name, &d.short, d.side, d.kind, d.cf, d.cv, &d.hq, d.named
                    ),
                    "{}: {} differs from scenarios/sadowa.ron",
                    src.name,
                    d.id
                );
            }
            orders.push(lesson.order);
        }
        let n = orders.len() as u32;
        orders.sort();
        assert_eq!(orders, (1..=n).collect::<Vec<_>>(), "orders 1..n");
    }

    // rule 4.2.1, 4.2, 7.5
    #[test]
    fn lesson_1_turn_one_ips_then_the_initiative_roll_then_two_passes() {
        // after Prussia's set-up: the turn-1 die is its IPs (4.2.1)
        let g = play_upto("tutorial-sd-1", 3);
        assert_eq!(g.st.g.step, Step::Activate);
        assert_eq!(
            g.st.g.initiative,
            Some(feldzug::engine::side::Side::Prussia)
        );
        assert_eq!(g.st.g.ip, 4);
        // after the first operation: Austria's odd roll gives 1 IP (4.2.1)
        let g = play_upto("tutorial-sd-1", 8);
        assert_eq!(
            g.st.g.initiative,
            Some(feldzug::engine::side::Side::Austria)
        );
        assert_eq!(g.st.g.ip, 1);
        assert!(
            g.st.units[1].committed,
            "the Guard flipped to Committed (4.3)"
        );
        // Austria's pass: both roll, the tie is rolled again, Prussia wins 5-2 (4.2)
        let g = play_upto("tutorial-sd-1", 9);
        assert_eq!(
            g.st.g.initiative,
            Some(feldzug::engine::side::Side::Prussia)
        );
        assert_eq!(g.st.g.ip, 3);
        assert_eq!(g.dice.roll_count(), 2 + 4);
        // two passes in a row end the operations (7.5)
        let g = play("tutorial-sd-1");
        assert_eq!(
            g.st.g.step,
            Step::Siege(feldzug::engine::side::Side::Prussia)
        );
        assert_eq!(g.st.units[1].hex, Some(hex("2401")));
    }

    // rule 4.3, 6.1, 7.1
    #[test]
    fn lesson_2_the_hq_costs_its_cv_its_corps_join_free_and_end_committed() {
        let id = "tutorial-sd-2";
        // before the activation: 5 IP; after it: 5 - CV 1
        let g = play_upto(id, 3);
        assert_eq!(g.st.g.ip, 5);
        let cv = g.rules.units[0].cv as u8;
        assert_eq!(cv, 1);
        let mut g = play_upto(id, 4);
        assert_eq!(g.st.g.ip, 5 - cv);
        // V Corps two hexes away cannot join (6.1)
        let far = g.apply(&SdCommand::Join { unit: 3 }).unwrap_err();
        assert_eq!(far.rule, "6.1", "{far}");
        // the joins cost nothing
        let g = play_upto(id, 6);
        assert_eq!(g.st.g.ip, 5 - cv);
        assert!(g.st.units[1].activated && g.st.units[2].activated);
        assert!(!g.st.units[3].activated);
        // one unit at a time: once I Corps moved, the Guard may not move again (7.1)
        let mut g = play_upto(id, 9);
        assert_eq!(g.st.units[2].hex, Some(hex("2403")));
        let again = g
            .apply(&SdCommand::Move {
                unit: 1,
                to: hex("2303"),
            })
            .unwrap_err();
        assert_eq!(again.rule, "7.1", "{again}");
        // End operation: the HQ and the joined corps are Committed, V Corps is not (4.3)
        let g = play(id);
        assert!(g.st.units[0].committed && g.st.units[1].committed && g.st.units[2].committed);
        assert!(!g.st.units[3].committed);
        assert_eq!(g.st.units[1].hex, Some(hex("2304")));
        assert_eq!(
            g.st.g.initiative,
            Some(feldzug::engine::side::Side::Austria)
        );
        assert_eq!(
            g.st.g.ip, 2,
            "an even turn-1 roll gives Austria 2 IP (4.2.1)"
        );
    }

    // rule 7.1, 7.2, 3.2
    #[test]
    fn lesson_3_the_corps_stop_on_entering_the_enemy_zoc() {
        use feldzug::engine::side::Side;
        use feldzug::games::sadowa::movement::in_enemy_zoc;
        let id = "tutorial-sd-3";
        // I Corps activated with 3 MP: 2306 lies beyond VI Corps' ZOC in 2305
        let mut g = play_upto(id, 5);
        assert_eq!(g.st.units[1].mp, 3);
        assert!(in_enemy_zoc(&g.rules, &g.st, hex("2305"), Side::Austria));
        assert!(
            !in_enemy_zoc(&g.rules, &g.st, hex("2306"), Side::Austria),
            "not across the river (3.2)"
        );
        assert!(!in_enemy_zoc(&g.rules, &g.st, hex("2304"), Side::Austria));
        let past = g
            .apply(&SdCommand::Move {
                unit: 1,
                to: hex("2306"),
            })
            .unwrap_err();
        assert_eq!(past.rule, "7.1", "{past}");
        // the lesson's move: 2 MP along the road, stopped in the ZOC with 1 MP left
        let g = play_upto(id, 6);
        assert_eq!(g.st.units[1].hex, Some(hex("2305")));
        assert_eq!(g.st.units[1].mp, 1);
        // V Corps: 1 MP by road onto the hills, then 2 MP across the Mettau
        let g = play_upto(id, 8);
        assert_eq!(g.st.units[2].mp, 2);
        let g = play_upto(id, 9);
        assert_eq!(g.st.units[2].hex, Some(hex("2404")));
        assert_eq!(g.st.units[2].mp, 0);
        let g = play(id);
        assert_eq!(g.st.units[1].hex, Some(hex("2305")));
        assert_eq!(g.st.units[2].hex, Some(hex("2404")));
        assert!(g.st.units[1].committed && g.st.units[2].committed);
    }

    // rule 7.1.2, 4.3, 7.2.2
    #[test]
    fn lesson_5_the_forced_march_costs_3_ip_and_disrupts_on_the_scripted_roll() {
        let id = "tutorial-sd-5";
        // after the initiative roll: 4 IP, VI Corps Committed
        let g = play_upto(id, 9);
        assert_eq!(g.st.g.ip, 4);
        assert!(g.st.units[1].committed);
        // activated again: 3 IP (4.3) and 1 MP (7.2.2), a forced march
        let g = play_upto(id, 11);
        assert_eq!(g.st.g.ip, 1);
        assert_eq!(g.st.units[1].mp, 1);
        assert!(g.st.units[1].forced);
        // the march ends next to its HQ: 5 - 1 = 4 > morale 3: Disrupted (7.1.2)
        let g = play(id);
        assert_eq!(g.st.units[1].hex, Some(hex("2502")));
        assert!(g.st.units[1].disrupted);
        let roll = g.dice.rolls.last().unwrap();
        assert_eq!((roll.die, roll.rule.as_str()), (5, "7.1.2"));
        // a 4 (3 after the HQ's -1) would not have disrupted it
        let src = scenarios::find(id).unwrap();
        let lesson = parse_lesson::<SdCommand>(&src.name, &src.text).unwrap();
        let mut g = play_upto(id, 12);
        g.dice.script([4]);
        g.apply(lesson.steps[12].expect.as_ref().unwrap()).unwrap();
        assert!(!g.st.units[1].disrupted);
    }

    // rule 5.2, 5.3
    #[test]
    fn lesson_5_the_corps_cut_off_at_gitschin_is_out_of_supply_and_committed() {
        let g = play_upto("tutorial-sd-5", 3);
        assert!(
            g.st.units[6].oos && g.st.units[6].committed,
            "I Corps at 2107"
        );
        assert!(
            !g.st.units[4].oos && !g.st.units[4].committed,
            "IV Corps at 2207"
        );
        assert!(
            !g.st.units[1].oos && !g.st.units[1].committed,
            "VI Corps at 2201"
        );
    }

    // rule 7.3.1, 7.3.2, 7.4
    #[test]
    fn lesson_4_both_sides_take_the_loss_points_of_their_participating_cfs() {
        use feldzug::engine::side::Side;
        let id = "tutorial-sd-4";
        let g = play_upto(id, 7);
        // the participation roll (VI Corps, morale 3) and the combat die, as scripted
        let rolls: Vec<(u8, &str)> = g.dice.rolls[1..]
            .iter()
            .map(|r| (r.die, r.rule.as_str()))
            .collect();
        assert_eq!(rolls, vec![(2, "7.3.1"), (4, "7.3.2")]);
        // 7.4: 1 x (Guard 11 + I Corps 10) for Prussia, 1 x (X 9 + VI half 5) for Austria
        assert_eq!(g.st.g.lp[Side::Austria.idx()], 14);
        assert_eq!(g.st.g.lp[Side::Prussia.idx()], 21);
        assert!(g.st.g.pending.is_empty(), "no retreat on 1/1");
        assert_eq!(g.st.units[4].hex, Some(hex("2305")));
        // the attackers end Committed, the defenders do not (7.4)
        let g = play(id);
        assert!(g.st.units[1].committed && g.st.units[2].committed);
        assert!(!g.st.units[4].committed && !g.st.units[5].committed);
    }

    // rule 8.1, 8.2, 8.3, 8.4
    #[test]
    fn lesson_6_siege_0_then_siege_1_then_the_surrender_of_josefstadt() {
        use feldzug::engine::side::Side;
        let id = "tutorial-sd-6";
        // declared on turn 1: Siege 0 (8.2)
        let g = play_upto(id, 6);
        assert_eq!(g.st.g.sieges.len(), 1);
        assert_eq!(
            (g.st.g.sieges[0].fortress, g.st.g.sieges[0].level),
            (hex("2406"), 0)
        );
        // turn 2, a brown turn: Siege 0 is immune, the level check raises it (8.3, 8.4)
        let g = play_upto(id, 12);
        assert_eq!(g.st.g.turn, 2);
        assert_eq!(g.st.g.sieges[0].level, 1);
        // turn 3, not brown: no siege roll
        let g = play_upto(id, 18);
        assert_eq!(g.st.g.turn, 3);
        assert_eq!(g.st.g.sieges[0].level, 1);
        // turn 4: the surrender check on 1 <= Siege 1 (8.3)
        let g = play(id);
        assert_eq!(g.st.g.turn, 4);
        assert!(g.st.g.sieges.is_empty());
        assert!(g.st.units[2].gone.is_some(), "the garrison is eliminated");
        assert_eq!(g.st.g.lp[Side::Austria.idx()], 3);
        assert_eq!(g.st.g.vp[Side::Prussia.idx()], 3);
    }
}

// ---------------------------------------------------------------------------------

mod struggle {
    use feldzug::engine::game::PureGame;
    use feldzug::engine::scenarios;
    use feldzug::engine::tutorial::parse_lesson;
    use feldzug::games::struggle::Struggle;
    use feldzug::games::struggle::state::StCommand;

    type Game = PureGame<Struggle>;

    fn lessons() -> Vec<scenarios::ScenarioSource> {
        scenarios::embedded()
            .into_iter()
            .flatten()
            .filter(|s| s.meta.game == "struggle" && s.name.starts_with("tutorials/"))
            .collect()
    }

    /// Plays a lesson through its expected commands (seed 1, as the window opens it)
    /// with the dice each step scripts: a wrong command is refused by the lesson without
    /// advancing, every expected command is legal and accepted by the rules, and each step
    /// rolls exactly the dice it scripts.
    fn play_steps(src: &scenarios::ScenarioSource) -> Game {
        play_upto(src, usize::MAX)
    }

    /// The game after the lesson's first `upto` steps.
    fn play_upto(src: &scenarios::ScenarioSource, upto: usize) -> Game {
        let wrong = |expected: &StCommand| {
            if *expected == StCommand::Done {
                StCommand::Siege
            } else {
                StCommand::Done
            }
        };
        super::play_lesson::<Struggle>(src, upto, wrong, false).0
    }

    #[test]
    fn every_1866_lesson_plays_through_and_refuses_wrong_commands() {
        let all = lessons();
        assert!(!all.is_empty());
        for src in all {
            assert!(src.meta.hidden, "{}: lessons are hidden", src.name);
            let lesson = parse_lesson::<StCommand>(&src.name, &src.text).unwrap();
            for (i, s) in lesson.steps.iter().enumerate() {
                // the windows of the 1866 screen a step may point at
                if let feldzug::engine::tutorial::Target::Panel(p) = &s.target {
                    assert!(
                        ["Hand", "1866", "Log and dice"].contains(&p.as_str()),
                        "{} step {i}: unknown panel {p}",
                        src.name
                    );
                }
            }
            play_steps(&src);
        }
    }

    /// Lesson 2: a 4-OP card mobilizes for 5 with the Prussian bonus (7.24): two corps
    /// flipped at 2 OPs each and Frederick placed for 1 (6.21, 18.4); the card is then
    /// discarded (6.3) and the round passes to Austria.
    #[test]
    fn lesson_2_the_prussian_bonus_pays_for_two_corps_and_a_general() {
        use feldzug::engine::side::Side;
        use feldzug::games::struggle::state::{Loc, Step};
        let g = play_steps(&scenarios::find("struggle-lesson-2").unwrap());
        assert!(!g.st.units[13].reduced, "the Guard is at full strength");
        assert!(!g.st.units[14].reduced, "II Corps is at full strength");
        assert!(g.st.units[15].reduced, "III Corps was not paid for");
        assert_eq!(g.st.generals[0].loc, Loc::Space(7), "Frederick at Berlin");
        assert!(g.st.cards.discard.contains(&21));
        assert!(!g.st.cards.hand(Side::Prussia).contains(&21));
        assert_eq!(g.st.g.step, Step::Round);
        assert_eq!(g.st.g.to_play, Side::Austria);
    }

    /// Lesson 3: a card of 4 OPs activates Frederick Charles (initiative 4, 6.22); his
    /// army leaves the cavalry at Görlitz (9.4) and marches to Bautzen as one (9.3);
    /// Austria is asked about interception on the way (10.1).
    #[test]
    fn lesson_3_the_army_drops_the_cavalry_and_marches_to_bautzen() {
        use feldzug::engine::side::Side;
        use feldzug::games::struggle::state::{Loc, Step};
        let g = play_steps(&scenarios::find("struggle-lesson-3").unwrap());
        assert_eq!(
            g.st.generals[1].loc,
            Loc::Space(55),
            "Frederick Charles at Bautzen"
        );
        for u in 12..=15 {
            assert_eq!(
                g.st.units[u].loc,
                Loc::Space(55),
                "unit {u} marched with him"
            );
        }
        assert_eq!(
            g.st.units[16].loc,
            Loc::Space(17),
            "the cavalry stayed at Görlitz"
        );
        assert!(
            g.st.cards.discard.contains(&9),
            "the card was used for its OPs"
        );
        assert_eq!(g.st.g.step, Step::Round);
        assert_eq!(g.st.g.to_play, Side::Austria);
    }

    /// Lesson 4: the Saxons avoid battle at Dresden on a 6 against Albert's initiative 2
    /// (10.4) and stand at Theresienstadt; the Prussian army holds Dresden, no battle.
    #[test]
    fn lesson_4_the_saxons_avoid_battle_on_the_scripted_six() {
        use feldzug::games::struggle::state::Loc;
        let g = play_steps(&scenarios::find("struggle-lesson-4").unwrap());
        let albert = g
            .rules
            .generals
            .iter()
            .position(|x| x.id == "albert")
            .unwrap();
        assert_eq!(
            g.st.generals[albert].loc,
            Loc::Space(90),
            "Albert at Theresienstadt"
        );
        assert_eq!(
            g.st.generals[1].loc,
            Loc::Space(52),
            "Frederick Charles at Dresden"
        );
        let roll = g.dice.rolls.iter().rev().find(|r| r.die > 0).unwrap();
        assert_eq!((roll.die, roll.rule.as_str()), (6, "10.4"), "{roll:?}");
    }

    /// Card 7 (Field Entrenchments) is a response of a force that is attacked: the
    /// attacker at Dresden, holding it, is not offered it (6.25, card 7).
    #[test]
    fn field_entrenchments_is_not_offered_to_the_attacker() {
        use feldzug::engine::side::Side;
        // lesson 5 before its last step: the Saxons decide whether to avoid battle
        let mut g = play_upto(&scenarios::find("struggle-lesson-5").unwrap(), 9);
        assert!(g.legal().contains(&StCommand::Done), "{:?}", g.legal());
        g.apply(&StCommand::Done).unwrap();
        // Prussia (the attacker) holds card 7 but is not offered it; Austria's cards need
        // Austrian units (#10) or an attack across a river (#18): none is offered. Both
        // are asked all the same (hidden hands, audit defect 28), then both battle dice
        // are rolled (11.2)
        assert!(g.st.cards.hand(Side::Prussia).contains(&7));
        assert_eq!(g.legal(), vec![StCommand::Done], "Prussia: no card 7");
        g.apply(&StCommand::Done).unwrap();
        assert!(g.st.cards.hand(Side::Austria).contains(&10));
        assert!(g.st.cards.hand(Side::Austria).contains(&18));
        assert_eq!(g.legal(), vec![StCommand::Done], "Austria: no #10, #18");
        g.apply(&StCommand::Done).unwrap();
        let battle = g
            .dice
            .rolls
            .iter()
            .filter(|r| r.purpose.starts_with("battle of Dresden"))
            .count();
        assert_eq!(battle, 2, "{:?}", g.legal());
        assert!(
            g.legal()
                .iter()
                .all(|c| matches!(c, StCommand::TakeLosses { .. })),
            "{:?}",
            g.legal()
        );
    }

    /// Lesson 5: Prussia 4 + 1 against Saxony 2 + 1 (11.2), the losses taken attacker
    /// first, the Saxons retreat to Theresienstadt (12.1); no pursuit from a major city
    /// (12.4): the round passes.
    #[test]
    fn lesson_5_the_saxons_lose_at_dresden_and_retreat() {
        use feldzug::engine::side::Side;
        use feldzug::games::struggle::state::{Loc, Step};
        let g = play_steps(&scenarios::find("struggle-lesson-5").unwrap());
        let dice: Vec<(u8, i32)> = g
            .dice
            .rolls
            .iter()
            .filter(|r| r.purpose.starts_with("battle of Dresden"))
            .map(|r| (r.die, r.total))
            .collect();
        assert_eq!(dice, vec![(4, 5), (2, 3)]);
        let albert = g
            .rules
            .generals
            .iter()
            .position(|x| x.id == "albert")
            .unwrap();
        assert_eq!(g.st.generals[albert].loc, Loc::Space(90));
        assert_eq!(g.st.generals[1].loc, Loc::Space(52));
        assert!(
            !g.dice.rolls.iter().any(|r| r.rule == "12.4"),
            "no pursuit roll"
        );
        assert_eq!(g.st.g.step, Step::Round);
        assert_eq!(g.st.g.to_play, Side::Austria);
    }

    /// Lesson 6: an army that begins its activation in Dresden makes a siege attempt
    /// (13.34): the scripted 6 less the major city's 1 reduces it (13.31); Dresden is
    /// destroyed and under Prussian control.
    #[test]
    fn lesson_6_dresden_is_reduced_and_becomes_prussian() {
        use feldzug::engine::side::Side;
        let g = play_steps(&scenarios::find("struggle-lesson-6").unwrap());
        let roll = g.dice.rolls.iter().rev().find(|r| r.die > 0).unwrap();
        assert_eq!((roll.die, roll.total), (6, 5), "{roll:?}");
        assert!(g.st.g.destroyed[52], "Dresden reduced");
        assert_eq!(g.st.g.control[52], Some(Side::Prussia));
    }

    /// Lesson 7: Austria plays Artillery Reserve (#10) as a response in the battle of
    /// Dresden, where its light cavalry stands with the Saxons (6.25, the card's
    /// requirement): +1 turns Austria's 5 into 6 and wins the battle (11.2 step 3; a 3
    /// against 3 would have gone to the attacker); Prussia returns to Bautzen (12.1); the
    /// card is discarded and Austria still plays its round.
    #[test]
    fn lesson_7_artillery_reserve_wins_dresden_for_austria() {
        use feldzug::engine::side::Side;
        use feldzug::games::struggle::state::{Loc, Step};
        let g = play_steps(&scenarios::find("struggle-lesson-7").unwrap());
        let dice: Vec<(u8, i32)> = g
            .dice
            .rolls
            .iter()
            .filter(|r| r.purpose.starts_with("battle of Dresden"))
            .map(|r| (r.die, r.total))
            .collect();
        assert_eq!(dice, vec![(2, 3), (4, 6)]);
        let def = g
            .dice
            .rolls
            .iter()
            .rfind(|r| r.purpose.starts_with("battle of Dresden"))
            .unwrap();
        assert!(
            def.modifiers.iter().any(|m| m.0.contains("#10")),
            "{:?}",
            def.modifiers
        );
        assert!(g.st.cards.discard.contains(&10));
        assert!(!g.st.cards.hand(Side::Austria).contains(&10));
        assert_eq!(g.st.generals[1].loc, Loc::Space(55), "FC back at Bautzen");
        let albert = g
            .rules
            .generals
            .iter()
            .position(|x| x.id == "albert")
            .unwrap();
        assert_eq!(
            g.st.generals[albert].loc,
            Loc::Space(52),
            "Albert holds Dresden"
        );
        assert_eq!(g.st.g.step, Step::Round);
        assert_eq!(g.st.g.to_play, Side::Austria);
    }

    /// Not a test of a rule: prints the legal commands after a lesson's expected commands
    /// (FELDZUG_LESSON_PROBE=<id>), for writing lessons.
    #[test]
    fn probe() {
        let Ok(id) = std::env::var("FELDZUG_LESSON_PROBE") else {
            return;
        };
        let src = scenarios::find(&id).unwrap();
        let g = play_steps(&src);
        eprintln!(
            "hand P {:?}",
            g.st.cards.hand(feldzug::engine::side::Side::Prussia)
        );
        eprintln!(
            "hand A {:?}",
            g.st.cards.hand(feldzug::engine::side::Side::Austria)
        );
        eprintln!("op {:?} step {:?}", g.st.g.op, g.st.g.step);
        for c in g.legal() {
            eprintln!("{}", feldzug::engine::save::command_text(&c));
        }
    }
}

// ---------------------------------------------------------------------------------

/// Plays a lesson through its expected commands, from seed 1 as the window opens it, with
/// the dice each step scripts: a wrong command (`wrong_for` the expected one) is refused
/// by the lesson without advancing, every expected command is legal and accepted by the
/// rules, the invariants hold after it, and each step rolls exactly the dice it scripts
/// (die 0 entries are hand-over and shuffle markers, not dice). Stops before step `upto`.
/// `lenient`: stop quietly at the first command the rules refuse (rules still stubbed).
pub fn play_lesson<G: feldzug::engine::game::RulesGame>(
    src: &scenarios::ScenarioSource,
    upto: usize,
    wrong_for: impl Fn(&G::Command) -> G::Command,
    lenient: bool,
) -> (
    feldzug::engine::game::PureGame<G>,
    feldzug::engine::tutorial::Lesson<G::Command>,
) {
    let lesson = parse_lesson::<G::Command>(&src.name, &src.text).unwrap();
    let rules = G::load_rules(src, &[]).unwrap();
    let mut g = feldzug::engine::game::PureGame::<G>::new(rules, 1);
    let log_tail = |g: &feldzug::engine::game::PureGame<G>| {
        g.log
            .entries
            .iter()
            .map(|e| format!("  [{:02} {} {}] {}", e.turn, e.phase, e.rule, e.text))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let mut run = LessonRun::default();
    while let Some(step) = run.current(&lesson).cloned() {
        if run.step >= upto {
            break;
        }
        let Some(expected) = &step.expect else {
            assert!(
                step.dice.is_empty(),
                "{}: a reading step scripts dice",
                src.name
            );
            assert!(run.next(&lesson), "{}: step {}", src.name, run.step);
            continue;
        };
        let before = run.step;
        assert!(
            matches!(
                run.offer(&lesson, &wrong_for(expected)),
                StepOutcome::Refused(_)
            ),
            "{} step {before}: a wrong command is refused",
            src.name
        );
        assert_eq!(run.step, before, "a wrong command does not advance");
        let StepOutcome::Advance { dice } = run.offer(&lesson, expected) else {
            panic!("{}: expected command not accepted", src.name)
        };
        let rolls = g.dice.rolls.len();
        g.dice.script(dice.clone());
        if let Err(r) = g.apply(expected) {
            if lenient {
                eprintln!(
                    "{} step {before}: {expected:?} refused ({r}); stopping",
                    src.name
                );
                return (g, lesson);
            }
            panic!(
                "{} step {before}: {expected:?} refused by the rules: {r}\nlegal: {:?}\nlog:\n{}",
                src.name,
                g.legal(),
                log_tail(&g)
            );
        }
        if !lenient {
            let used = g.dice.rolls[rolls..].iter().filter(|r| r.die > 0).count();
            assert_eq!(
                used,
                dice.len(),
                "{} step {before}: {expected:?} scripts {dice:?} but rolled {used}\nlog:\n{}",
                src.name,
                log_tail(&g)
            );
            G::check_invariants(&g.rules, &g.st).unwrap();
        }
    }
    (g, lesson)
}
