//! "Learn to play Great Saxon War" (scenarios/tutorials/saxonwar): every lesson is played
//! through by its expected commands with its scripted dice (a wrong command is refused
//! by the lesson without advancing; `crate::lessons::play_lesson`), and each lesson's
//! test asserts what it teaches, citing the section ids of docs/games/saxonwar.md.

use feldzug::engine::game::PureGame;
use feldzug::engine::scenarios;
use feldzug::engine::tutorial::parse_lesson;
use feldzug::games::saxonwar::SaxonWar;
use feldzug::games::saxonwar::rules;
use feldzug::games::saxonwar::state::*;

/// A command the lesson does not expect at a step where `c` is expected.
fn wrong_for(c: &SxCommand) -> SxCommand {
    if *c == SxCommand::Done {
        SxCommand::Roll
    } else {
        SxCommand::Done
    }
}

/// The game after lesson `id` played up to (not including) step `upto`.
fn play_upto(id: &str, upto: usize) -> PureGame<SaxonWar> {
    let src = scenarios::find(id).expect("embedded");
    crate::lessons::play_lesson::<SaxonWar>(&src, upto, wrong_for, false).0
}

fn play(id: &str) -> PureGame<SaxonWar> {
    play_upto(id, usize::MAX)
}

/// The index of the lesson step whose expected command is `c` (the first one).
fn step_of(id: &str, c: &SxCommand) -> usize {
    let src = scenarios::find(id).expect("embedded");
    let lesson = parse_lesson::<SxCommand>(&src.name, &src.text).expect("parses");
    lesson
        .steps
        .iter()
        .position(|s| s.expect.as_ref() == Some(c))
        .unwrap_or_else(|| panic!("{id}: no step expects {c:?}"))
}

fn area(g: &PureGame<SaxonWar>, id: &str) -> AreaId {
    g.rules.area(id).unwrap_or_else(|| panic!("no area {id}"))
}

fn leader(g: &PureGame<SaxonWar>, id: &str) -> LeaderId {
    g.rules
        .leader(id)
        .unwrap_or_else(|| panic!("no leader {id}"))
}

fn logged(g: &PureGame<SaxonWar>, text: &str) -> bool {
    g.log.entries.iter().any(|e| e.text.contains(text))
}

#[test]
fn every_saxonwar_lesson_plays_through_and_refuses_wrong_commands() {
    let all: Vec<_> = scenarios::embedded()
        .into_iter()
        .flatten()
        .filter(|s| s.meta.game == "saxonwar" && s.name.starts_with("tutorials/"))
        .collect();
    assert!(all.len() >= 4, "{} lessons", all.len());
    let mut orders = Vec::new();
    for src in all {
        assert!(src.meta.hidden, "{}: lessons are hidden", src.name);
        assert!(
            src.meta.id.starts_with("saxonwar-lesson-"),
            "{}: id {}",
            src.name,
            src.meta.id
        );
        let lesson = parse_lesson::<SxCommand>(&src.name, &src.text).expect("parses");
        assert!(
            lesson.steps.iter().any(|s| s.expect.is_some()),
            "{}",
            src.name
        );
        // the lesson cites the article's sections by their ids (docs/games/saxonwar.md)
        assert!(
            lesson.steps.iter().any(|s| [
                "(move.",
                "(supply.",
                "(siege.",
                "(combat.",
                "(grand.",
                "(fortress."
            ]
            .iter()
            .any(|id| s.text.contains(id))),
            "{}: no section cited",
            src.name
        );
        orders.push(lesson.order);
        crate::lessons::play_lesson::<SaxonWar>(&src, usize::MAX, wrong_for, false);
    }
    orders.sort_unstable();
    let n = orders.len();
    orders.dedup();
    assert_eq!(orders.len(), n, "two lessons share an order");
}

#[test]
fn lesson_1_frederick_marches_two_areas_on_a_seven() {
    // rule move.normal, grand.start: the lesson plays through by its expected commands
    let g = play("saxonwar-lesson-1");
    let torgau = area(&g, "torgau");
    assert_eq!(g.st.areas[torgau as usize].field[Power::Prussia.idx()], 9);
}

#[test]
fn lesson_2_a_depot_completes_a_turn_later_and_carries_the_supply() {
    // rule supply.depots, supply.sources, supply.trace, supply.attrition
    let id = "saxonwar-lesson-2";
    let (berlin, kolberg, stettin) = {
        let g = play_upto(id, 0);
        (area(&g, "berlin"), area(&g, "kolberg"), area(&g, "stettin"))
    };
    // at the depot step: Kolberg has 10 SP but is out of supply; Berlin qualifies
    let build = step_of(id, &SxCommand::BuildDepot { area: berlin });
    let mut g = play_upto(id, build);
    assert_eq!(g.st.g.step, Step::Depot);
    assert_eq!(g.st.areas[kolberg as usize].field[Power::Prussia.idx()], 10);
    let legal = g.legal();
    assert!(legal.contains(&SxCommand::BuildDepot { area: berlin }));
    assert!(!legal.contains(&SxCommand::BuildDepot { area: kolberg }));
    let r = g
        .apply(&SxCommand::BuildDepot { area: kolberg })
        .expect_err("out of supply");
    assert!(r.reason.contains("in supply"), "{r}");
    // after the first Austrian attrition phase: begun depot complete only at turn 10,
    // Kolberg lost 1 SP to attrition, Berlin (next to Magdeburg's garrison) none
    let roll = step_of(id, &SxCommand::Roll);
    let g = play_upto(id, roll + 1);
    assert_eq!((g.st.g.turn, g.st.g.phasing), (10, Side::Prussia));
    assert_eq!(g.st.areas[kolberg as usize].field[Power::Prussia.idx()], 9);
    assert_eq!(g.st.areas[berlin as usize].field[Power::Prussia.idx()], 10);
    assert!(logged(&g, "Prussia's depot at Berlin is complete"));
    let d = g.st.areas[berlin as usize].depot.expect("the depot stands");
    assert!(d.complete && d.owner == Side::Prussia);
    // the completed depot extends the network: Stettin is now in supply, Kolberg not
    assert!(rules::in_supply(&g.rules, &g.st, stettin, Side::Prussia));
    assert!(!rules::in_supply(&g.rules, &g.st, kolberg, Side::Prussia));
    // the whole lesson: Lehwaldt marched to Stettin and lost nothing more
    let g = play(id);
    let lehwaldt = leader(&g, "lehwaldt");
    assert_eq!(g.st.leaders[lehwaldt as usize].loc, LLoc::Field(stettin));
    assert_eq!(g.st.areas[stettin as usize].field[Power::Prussia.idx()], 9);
    assert_eq!(g.st.pools.eliminated[Power::Prussia.idx()], 1);
    assert_eq!(g.st.g.turn, 11);
}

#[test]
fn lesson_3_a_tie_lets_frederick_march_on_and_a_win_captures_the_force() {
    // rule move.overwhelm: 4-1 or more, 1d6 + SIV each, the mover must be higher
    let id = "saxonwar-lesson-3";
    let g = play(id);
    let (wittenberg, torgau) = (area(&g, "wittenberg"), area(&g, "torgau"));
    let (fred, rut, chev) = (
        leader(&g, "frederick"),
        leader(&g, "rutowsky"),
        leader(&g, "chevalier"),
    );
    // the tie at Wittenberg: nothing happened there
    assert_eq!(
        g.st.areas[wittenberg as usize].field[Power::Saxony.idx()],
        5
    );
    assert_eq!(g.st.leaders[chev as usize].loc, LLoc::Field(wittenberg));
    assert!(logged(&g, "nothing happens; the force may move on"));
    // the win at Torgau: 4 SP and Rutowsky prisoners; Frederick 20 - 1 (second area)
    assert_eq!(g.st.areas[torgau as usize].field[Power::Saxony.idx()], 0);
    assert_eq!(
        g.st.pools.prisoners[Side::Prussia.idx()][Power::Saxony.idx()],
        4
    );
    assert_eq!(
        g.st.leaders[rut as usize].loc,
        LLoc::Prisoner(Side::Prussia)
    );
    assert_eq!(g.st.leaders[fred as usize].loc, LLoc::Field(torgau));
    assert_eq!(g.st.areas[torgau as usize].field[Power::Prussia.idx()], 19);
    // the chances the lesson quotes are those the game logs before the roll
    assert_eq!(rules::overwhelm_odds(4, 1), 30);
    assert_eq!(rules::overwhelm_odds(4, 0), 33);
    assert!(logged(&g, "wins on 30 in 36"));
    assert!(logged(&g, "wins on 33 in 36"));
    // one attempt per area entered: a second attack at Wittenberg was refused
    let second = step_of(id, &SxCommand::Enter { area: torgau });
    let mut g = play_upto(id, second);
    let r = g
        .apply(&SxCommand::Overwhelm { fortress: false })
        .expect_err("one attempt per area");
    assert_eq!(r.rule, "move.overwhelm");
}

#[test]
fn lesson_3_below_four_to_one_no_attack_is_offered() {
    // rule move.overwhelm: with only 19 SP against the Chevalier's 5 the attack is refused
    let id = "saxonwar-lesson-3";
    let src = scenarios::find(id).expect("embedded");
    let wittenberg = 17;
    let attack = step_of(id, &SxCommand::Overwhelm { fortress: false });
    let mut g = crate::lessons::play_lesson::<SaxonWar>(&src, attack, wrong_for, false).0;
    assert!(
        g.legal()
            .contains(&SxCommand::Overwhelm { fortress: false })
    );
    // one SP fewer in the marching force: 19 against 5 is short of 4-1
    if let Some(m) = g.st.g.march.as_mut() {
        m.sp = 19;
    }
    g.st.areas[wittenberg].field[Power::Prussia.idx()] = 19;
    g.st.pools.eliminated[Power::Prussia.idx()] += 1;
    assert!(
        !g.legal()
            .contains(&SxCommand::Overwhelm { fortress: false })
    );
    let r = g
        .apply(&SxCommand::Overwhelm { fortress: false })
        .expect_err("short of 4-1");
    assert!(r.reason.contains("4-1"), "{r}");
}

#[test]
fn lesson_4_frederick_forces_the_battle_and_the_saxons_retreat_demoralized() {
    // rule combat.willingness, campaign.initiative, campaign.pursuit, combat.post-battle,
    // morale.states (the battle by our resolver, docs/games/saxonwar.md)
    let id = "saxonwar-lesson-4";
    let g = play(id);
    let (wittenberg, torgau) = (area(&g, "wittenberg"), area(&g, "torgau"));
    let (fred, rut) = (leader(&g, "frederick"), leader(&g, "rutowsky"));
    // only Prussia was willing: the roll 2 + 4 against 5 + 0 forced the battle
    assert!(logged(&g, "Austria will decline, Prussia will fight"));
    assert!(logged(&g, "battle at Wittenberg"));
    assert!(logged(&g, "Prussia wins 21/36, draws 5/36, loses 10/36"));
    // campaign.deployment: positional, 9 against 7: Saxony loses 2 + 2 prisoners,
    // Prussia 5.9 points (under 2/3 of an SP: none, campaign.conversion)
    assert_eq!(
        g.st.areas[wittenberg as usize].field[Power::Prussia.idx()],
        10
    );
    assert_eq!(
        g.st.areas[wittenberg as usize].field[Power::Saxony.idx()],
        0
    );
    assert_eq!(g.st.areas[torgau as usize].field[Power::Saxony.idx()], 5);
    assert_eq!(
        g.st.pools.prisoners[Side::Prussia.idx()][Power::Saxony.idx()],
        2
    );
    assert!(g.st.areas[torgau as usize].demoralized[Power::Saxony.idx()]);
    assert!(!g.st.areas[wittenberg as usize].demoralized[Power::Prussia.idx()]);
    assert_eq!(g.st.leaders[fred as usize].loc, LLoc::Field(wittenberg));
    assert_eq!(g.st.leaders[rut as usize].loc, LLoc::Field(torgau));
    // the same decision with the Saxons higher in the willingness roll: no battle
    let decline = step_of(id, &SxCommand::Fight { fight: false });
    let mut g = play_upto(id, decline);
    g.dice.script([1, 6]);
    g.apply(&SxCommand::Fight { fight: false }).expect("legal");
    assert!(logged(&g, "no battle at Wittenberg"));
    assert_eq!(
        g.st.areas[wittenberg as usize].field[Power::Saxony.idx()],
        9
    );
    assert!(!g.st.areas[wittenberg as usize].demoralized[Power::Saxony.idx()]);
}

#[test]
fn lesson_5_the_siege_of_wittenberg_ends_in_a_storm() {
    // rule siege.conditions, siege.resolution, siege.honors, supply.depots
    let id = "saxonwar-lesson-5";
    let g = play_upto(id, 0);
    let (wittenberg, torgau) = (area(&g, "wittenberg"), area(&g, "torgau"));
    let chev = leader(&g, "chevalier");
    // turn 10: the siege depot is only begun: no siege, the garrison may still march out
    let build = step_of(id, &SxCommand::BuildDepot { area: wittenberg });
    let g = play_upto(id, build + 2);
    assert_eq!((g.st.g.turn, g.st.g.step), (10, Step::ForceMarch));
    let d = g.st.areas[wittenberg as usize].depot.expect("begun");
    assert!(!d.complete && d.siege);
    assert_eq!(rules::besieger(&g.rules, &g.st, wittenberg), None);
    assert!(g.legal().contains(&SxCommand::Select { leader: chev }));
    // turn 11: the depot is complete and 12 SP outnumber 4: besieged, held inside
    let siege = step_of(id, &SxCommand::Siege { area: wittenberg });
    let g = play_upto(id, siege);
    assert_eq!((g.st.g.turn, g.st.g.step), (11, Step::Siege));
    assert_eq!(
        rules::besieger(&g.rules, &g.st, wittenberg),
        Some(Side::Prussia)
    );
    // the breach needs 4 after the Chevalier's SIV 1: a 5 or 6
    assert!(g.st.g.siege.is_none());
    // the lesson: breach on 6 - 1, Honors denied, the garrison refuses, the storm
    let g = play(id);
    let x = &g.st.areas[wittenberg as usize];
    assert_eq!(x.holder, Some(Side::Prussia));
    assert_eq!(x.garrison[Power::Saxony.idx()], 0);
    assert_eq!(x.field[Power::Prussia.idx()], 8);
    assert!(x.depot.is_none(), "the siege depot goes with the fall");
    assert_eq!(
        g.st.pools.prisoners[Side::Prussia.idx()][Power::Saxony.idx()],
        1
    );
    assert_eq!(g.st.pools.eliminated[Power::Saxony.idx()], 3);
    assert_eq!(
        g.st.leaders[chev as usize].loc,
        LLoc::Prisoner(Side::Prussia)
    );
    // the other answers at the breach: granted, the garrison marches to Torgau
    let honors = step_of(id, &SxCommand::Honors { grant: false });
    let mut g = play_upto(id, honors);
    g.apply(&SxCommand::Honors { grant: true }).expect("legal");
    assert_eq!(g.st.areas[torgau as usize].garrison[Power::Saxony.idx()], 4);
    assert_eq!(g.st.leaders[chev as usize].loc, LLoc::Garrison(torgau));
    assert_eq!(g.st.areas[wittenberg as usize].holder, Some(Side::Prussia));
    assert_eq!(
        g.st.areas[wittenberg as usize].field[Power::Prussia.idx()],
        12
    );
    // denied and accepted: the whole garrison goes into captivity
    let mut g = play_upto(id, honors + 1);
    g.apply(&SxCommand::Accept { accept: true }).expect("legal");
    assert_eq!(
        g.st.pools.prisoners[Side::Prussia.idx()][Power::Saxony.idx()],
        4
    );
    assert_eq!(
        g.st.leaders[chev as usize].loc,
        LLoc::Prisoner(Side::Prussia)
    );
}

#[test]
fn lesson_5_a_siege_roll_of_four_against_siv_one_has_no_effect() {
    // rule siege.resolution: 1d6 less the besieged commander's SIV: 4 - 1 = 3, no effect
    let id = "saxonwar-lesson-5";
    let g0 = play_upto(id, 0);
    let wittenberg = area(&g0, "wittenberg");
    let siege = step_of(id, &SxCommand::Siege { area: wittenberg });
    let mut g = play_upto(id, siege);
    g.dice.script([4]);
    g.apply(&SxCommand::Siege { area: wittenberg })
        .expect("legal");
    assert!(g.st.g.siege.is_none());
    assert!(logged(&g, "no effect"));
    assert_eq!(
        g.st.areas[wittenberg as usize].garrison[Power::Saxony.idx()],
        4
    );
}
