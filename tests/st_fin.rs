//! 1866: the last rule items of issue 13, each driven through `PureGame::apply` from a
//! scenario position: Cholera's attrition picked by the owner (card 44, 15.5), the free
//! Siege Phase attempt declined (13.7 with optional rule 5), the river of a coordinated
//! attack (11.45) and the generals of a destroyed army (12.2). Dice are scripted.

use crate::st_common::*;
use feldzug::engine::game::{PureGame, RulesGame};
use feldzug::engine::side::Side;
use feldzug::games::struggle::Struggle;
use feldzug::games::struggle::flow_battle::{self as fb, Stage};
use feldzug::games::struggle::state::*;

fn to_act(g: &PureGame<Struggle>) -> Option<String> {
    Struggle::side_to_act(&g.rules, &g.st)
}

/// The 22.1 position turned into War turn 1 (as after the example's DOW, 7.23).
fn war() -> PureGame<Struggle> {
    let mut g = mobilization();
    g.st.g.war = true;
    g.st.g.dow = true;
    g.st.g.turn = 1;
    g.st.g.rounds_left = [6, 6];
    let aside = std::mem::take(&mut g.st.cards.aside);
    g.st.cards.draw.extend(aside);
    g
}

// ------------------------------------------------------------------ card 44, 15.5

// card 44 (Cholera), rule 15.5 (the owning player rolls and loses the steps "as in 11.2
// step 4", where the owner picks): Austria plays the event against a Prussian force of
// two full units in Hanover; the die (5, 4 steps: 1 step lost) leaves two ways to lose
// the step. Prussia, not Austria, is asked, with the ways as legal commands; the round
// ends only after the pick. Fails on the old code (the first way was taken at once and
// the round went on).
#[test]
fn cholera_steps_are_picked_by_the_owner_of_the_force() {
    let mut g = war();
    clear(&mut g, "Hanover");
    let hanover = space(&g, "Hanover");
    let corps = put(&mut g, "pr-7", "Hanover", false);
    let id = put(&mut g, "pr-id", "Hanover", false);
    give(&mut g, Side::Austria, &[44]);
    // Prussia passes its round with a free OP
    ok(
        &mut g,
        StCommand::FreeOp {
            use_: Use::Individual,
        },
    );
    ok(&mut g, StCommand::Done);
    assert_eq!(g.st.g.to_play, Side::Austria);
    let rounds = g.st.g.rounds_left;
    ok(
        &mut g,
        StCommand::Play {
            card: 44,
            use_: Use::Event,
        },
    );
    assert_eq!(
        to_act(&g).as_deref(),
        Some("Austria"),
        "Austria picks the force"
    );
    g.dice.script([5]);
    ok(&mut g, StCommand::EventSpace { space: hanover });
    assert_eq!(
        stage(&g),
        Some(Stage::Attrition),
        "15.5: the owner picks the step"
    );
    assert_eq!(
        to_act(&g).as_deref(),
        Some("Prussia"),
        "the owner, not the card's player"
    );
    let picks = fb::loss_options(&g.rules, &g.st);
    assert_eq!(picks.len(), 2, "the corps or the ID: {picks:?}");
    let legal = g.legal();
    assert_eq!(
        legal,
        vec![
            StCommand::TakeLosses { choice: 0 },
            StCommand::TakeLosses { choice: 1 }
        ],
        "the picks are the only legal commands"
    );
    assert_eq!(g.st.g.rounds_left, rounds, "the round waits for the pick");
    assert!(g.log.entries.iter().any(|e| {
        e.text
            .contains("in Hanover is struck by cholera: 4 steps, die 5, 1 step(s) lost")
    }));
    // a pick out of the list is refused with 15.5
    let r = g
        .apply(&StCommand::TakeLosses { choice: 2 })
        .expect_err("no third way");
    assert_eq!(r.rule, "15.5");
    // each way reduces a different unit: Prussia takes the one it wants
    let mut reduced = Vec::new();
    for choice in 0..2u16 {
        let mut x = g.clone();
        ok(&mut x, StCommand::TakeLosses { choice });
        let r: Vec<bool> = [corps, id]
            .iter()
            .map(|&u| x.st.units[u as usize].reduced)
            .collect();
        assert_eq!(r.iter().filter(|b| **b).count(), 1, "one step: {r:?}");
        for u in [corps, id] {
            assert_eq!(x.st.units[u as usize].loc, Loc::Space(hanover));
        }
        // the event's use ends after the pick: Austria's round is spent, Prussia plays
        assert_eq!(x.st.g.step, Step::Round);
        assert!(x.st.g.battle.is_none() && x.st.g.event.is_none());
        assert_eq!(
            x.st.g.rounds_left[Side::Austria.idx()],
            rounds[Side::Austria.idx()] - 1
        );
        assert_eq!(x.st.g.to_play, Side::Prussia);
        assert!(x.st.cards.discard.contains(&44));
        reduced.push(r);
    }
    assert_ne!(reduced[0], reduced[1], "the owner chooses which unit");
}

// ------------------------------------------------------- 13.7, optional rule 5

/// 22.2 (with `opts`) and an empty board; the Austrian 5th and 9th Corps (full) in
/// Italian Ferrara (fortress 2), the last round of War turn 1 about to end.
fn ferrara_besieged(opts: &[&str]) -> (PureGame<Struggle>, Vec<u16>) {
    let mut g = empty_board(opts);
    let ferrara = space(&g, "Ferrara");
    let corps: Vec<u16> = ["au-5", "au-9"]
        .iter()
        .map(|t| {
            let u = g.rules.unit_by_type(t)[0];
            g.st.units[u as usize] = UnitState {
                loc: Loc::Space(ferrara),
                reduced: false,
            };
            u
        })
        .collect();
    g.st.g.rounds_left = [0, 1];
    g.st.g.to_play = Side::Prussia;
    (g, corps)
}

/// 22.2 after the set-up choices (with `opts`), with an empty board (the Corps Support
/// Box kept); Austria holds cards that answer nothing. Prussia is to play.
fn empty_board(opts: &[&str]) -> PureGame<Struggle> {
    let mut g = empty_board_with(opts, 5);
    let quiet = quiet_cards(&g, 3, &[35, 26]);
    give(&mut g, Side::Austria, &quiet);
    g
}

fn siege_rolls(g: &PureGame<Struggle>, name: &str) -> usize {
    g.dice
        .rolls
        .iter()
        .filter(|r| r.purpose.contains(&format!("siege of {name}")))
        .count()
}

// rule 13.7 ("may make a free siege attempt") with optional rule 5 (a failed attempt
// costs a step): at the Siege Phase Austria, besieging Ferrara, is asked; `Siege` and
// `Done` (decline) are its only legal commands, anything else is refused citing 13.7.
// Declining rolls no die and costs nothing; attempting still rolls (a 1 fails and
// costs a step). Without optional rule 5 nothing is asked (a failure costs nothing) and
// the attempt is made. Fails on the old code (the attempt was always made).
#[test]
fn the_free_siege_phase_attempt_may_be_declined() {
    let (mut g, corps) = ferrara_besieged(&[feldzug::games::struggle::options::OPT5_SIEGES]);
    let ferrara = space(&g, "Ferrara");
    // the last round ends: the Siege Phase
    ok(
        &mut g,
        StCommand::FreeOp {
            use_: Use::Individual,
        },
    );
    ok(&mut g, StCommand::Done);
    assert_eq!(
        stage(&g),
        Some(Stage::SiegePhase),
        "13.7: the besieger is asked"
    );
    assert_eq!(to_act(&g).as_deref(), Some("Austria"));
    assert_eq!(g.legal(), vec![StCommand::Siege, StCommand::Done]);
    for c in [
        StCommand::TakeLosses { choice: 0 },
        StCommand::Retreat { to: ferrara },
        StCommand::Pursue,
    ] {
        let r = g.apply(&c).expect_err("not at the Siege Phase");
        assert_eq!(r.rule, "13.7", "{c:?}: {r}");
    }
    let turn = g.st.g.turn;
    // attempting still works: a 1 does not beat the value 2 and costs a step
    let mut a = g.clone();
    a.dice.script([1]);
    ok(&mut a, StCommand::Siege);
    assert_eq!(siege_rolls(&a, "Ferrara"), 1, "the attempt is rolled");
    assert_eq!(stage(&a), Some(Stage::Attrition), "optional rule 5: a step");
    // declining: no die, no step, the turn goes on
    ok(&mut g, StCommand::Done);
    assert_eq!(siege_rolls(&g, "Ferrara"), 0, "no siege die");
    for &u in &corps {
        assert_eq!(
            g.st.units[u as usize],
            UnitState {
                loc: Loc::Space(ferrara),
                reduced: false
            },
            "no step lost"
        );
    }
    assert!(!g.st.g.destroyed[ferrara]);
    assert!(
        g.log
            .entries
            .iter()
            .any(|e| e.text.contains("makes no siege attempt against Ferrara"))
    );
    assert!(stage(&g).is_none());
    assert_eq!(g.st.g.turn, turn + 1, "the end of the turn went on");
    // a siege command out of the Siege Phase is refused
    assert!(g.apply(&StCommand::Siege).is_err());
    // the basic rules: a besieger holding cards is asked all the same (it may play a
    // Siege Train, card 51, and the pause must not tell whether it holds one); with an
    // empty hand nothing is asked and the attempt is made (a failure costs nothing)
    let (mut b, _) = ferrara_besieged(&[]);
    assert!(!b.st.cards.hand(Side::Austria).is_empty());
    ok(
        &mut b,
        StCommand::FreeOp {
            use_: Use::Individual,
        },
    );
    ok(&mut b, StCommand::Done);
    assert_eq!(stage(&b), Some(Stage::SiegePhase), "13.7: asked");
    let (mut b, _) = ferrara_besieged(&[]);
    give(&mut b, Side::Austria, &[]);
    b.dice.script([1]);
    ok(
        &mut b,
        StCommand::FreeOp {
            use_: Use::Individual,
        },
    );
    ok(&mut b, StCommand::Done);
    assert_ne!(stage(&b), Some(Stage::SiegePhase));
    assert_eq!(siege_rolls(&b, "Ferrara"), 1);
}

// ---------------------------------------------------------------------------- 11.45

/// Passes the stages before the battle dice (no interception, avoid, response), with a
/// support attempt by `support` when it is offered. Returns the supporting armies that
/// joined, as they stood just before the dice.
fn to_the_roll(g: &mut PureGame<Struggle>, support: Option<u8>) -> usize {
    battle_begins(g);
    let mut joined = 0;
    while matches!(
        stage(g),
        Some(
            Stage::Intercept
                | Stage::BattleStart
                | Stage::Support
                | Stage::Avoid
                | Stage::Respond(_)
        )
    ) {
        joined = g.st.g.battle.as_ref().map_or(0, |p| p.supports.len());
        let c = match support {
            Some(general)
                if stage(g) == Some(Stage::Support)
                    && g.legal().contains(&StCommand::Support { general }) =>
            {
                StCommand::Support { general }
            }
            _ => StCommand::Done,
        };
        ok(g, c);
    }
    assert!(
        g.log.entries.iter().any(|e| e.text.contains("inflicts")),
        "the battle was rolled"
    );
    joined
}

fn river_mods(g: &PureGame<Struggle>) -> usize {
    g.dice
        .rolls
        .iter()
        .filter(|r| r.modifiers.iter().any(|m| m.0.contains("11.45")))
        .count()
}

// rule 11.45 (Terrain Effects Chart: the defender +1 when attacked across a river):
// Falkenstein's army attacks Hanover from Hamburg, across the river. Alone, the
// defender's die gets the river's +1. When Frederick's army supports from Braunschweig
// (a rail line, no river) not every attacking army crossed a river, and the defender
// gets nothing.
#[test]
fn the_river_helps_the_defender_only_when_every_attacking_army_crossed_it() {
    let mut g = empty_board(&[]);
    let (hanover, hamburg, bs) = (
        space(&g, "Hanover"),
        space(&g, "Hamburg"),
        space(&g, "Braunschweig"),
    );
    assert!(g.rules.map.route_between(hamburg, hanover).unwrap().river);
    assert!(!g.rules.map.route_between(bs, hanover).unwrap().river);
    put_general(&mut g, "arendtschildt", "Hanover");
    place(&mut g, "hn-corps", "Hanover", false);
    let falk = put_general(&mut g, "falkenstein", "Hamburg");
    for _ in 0..3 {
        place(&mut g, "pr-id", "Hamburg", false);
    }
    let fred = put_general(&mut g, "frederick", "Braunschweig");
    put(&mut g, "pr-7", "Braunschweig", false);
    give(&mut g, Side::Prussia, &[35]);
    ok(
        &mut g,
        StCommand::Play {
            card: 35,
            use_: Use::Activate { general: falk },
        },
    );
    decline_window(&mut g);
    ok(&mut g, StCommand::Move { to: hanover });
    // alone across the river: +1 to the defender
    let mut alone = g.clone();
    alone.dice.script([4, 4]);
    assert_eq!(to_the_roll(&mut alone, None), 0);
    assert_eq!(river_mods(&alone), 1, "the river's +1");
    // with Frederick's support over the rail line: no river benefit
    g.dice.script([1, 4, 4]);
    assert_eq!(to_the_roll(&mut g, Some(fred)), 1, "Frederick supports");
    assert_eq!(river_mods(&g), 0, "11.45: not every army crossed the river");
}

// ----------------------------------------------------------------------------- 12.2

// rule 12.2: the lone general of an army destroyed in battle (all its units lost) ends
// his retreat on the friendly space closest in MPs, however far: every space is made
// Prussian but one two spaces from Hanover and Vienna; Arendtschildt goes to the first.
// Fails if the general were eliminated with his army or retreated next door.
#[test]
fn the_general_of_an_army_destroyed_in_battle_escapes_to_the_closest_friendly_space() {
    let mut g = empty_board(&[]);
    let hanover = space(&g, "Hanover");
    let arendt = put_general(&mut g, "arendtschildt", "Hanover");
    let div = place(&mut g, "hn-div", "Hanover", true);
    let falk = put_general(&mut g, "falkenstein", "Braunschweig");
    for _ in 0..3 {
        place(&mut g, "pr-id", "Braunschweig", false);
    }
    // a space two spaces from Hanover (not next to it), not the junction
    let next = |s: usize| -> Vec<usize> {
        g.rules
            .map
            .routes
            .iter()
            .filter_map(|r| {
                if r.a == s {
                    Some(r.b)
                } else if r.b == s {
                    Some(r.a)
                } else {
                    None
                }
            })
            .collect()
    };
    let around = next(hanover);
    let far = around
        .iter()
        .flat_map(|&o| next(o))
        .find(|&x| {
            x != hanover
                && !around.contains(&x)
                && g.rules.map.spaces[x].kind == feldzug::games::struggle::map::SpaceKind::Minor
                && g.rules.map.spaces[x].country != feldzug::games::struggle::map::Country::France
        })
        .expect("a space two away");
    let vienna = space(&g, "Vienna");
    for s in 0..g.st.g.control.len() {
        if g.st.g.control[s].is_some() {
            g.st.g.control[s] = Some(Side::Prussia);
        }
    }
    g.st.g.control[far] = Some(Side::Austria);
    g.st.g.control[vienna] = Some(Side::Austria);
    give(&mut g, Side::Prussia, &[35]);
    ok(
        &mut g,
        StCommand::Play {
            card: 35,
            use_: Use::Activate { general: falk },
        },
    );
    decline_window(&mut g);
    g.dice.script([6, 1]);
    ok(&mut g, StCommand::Move { to: hanover });
    to_the_roll(&mut g, None);
    while let Some(Stage::Losses(_)) = stage(&g) {
        ok(&mut g, StCommand::TakeLosses { choice: 0 });
    }
    assert_eq!(
        g.st.units[div as usize].loc,
        Loc::Eliminated,
        "the army is destroyed"
    );
    assert_eq!(
        g.st.generals[arendt as usize].loc,
        Loc::Space(far),
        "12.2: to {}, the closest friendly space",
        g.rules.space_name(far)
    );
    assert!(g.log.entries.iter().any(|e| e.rule == "12.2"));
}
