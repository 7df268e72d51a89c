//! 1866: the retreat, pursuit and siege defects of the second rules audit (AUDIT13b,
//! section 2: D9, D10, D7, D12, D13) fixed, each driven through `PureGame::apply` from a
//! position built on the 22.2 set-up with an empty board. Dice are scripted. The battle
//! helpers pass any response stage with `Done`, so they hold whether or not the game
//! stops at `Stage::Respond` for a side without a playable response.

use crate::st_common::*;
use feldzug::engine::game::{PureGame, RulesGame};
use feldzug::engine::scenarios;
use feldzug::engine::side::Side;
use feldzug::games::struggle::Struggle;
use feldzug::games::struggle::flow_battle::{self as fb, Stage};
use feldzug::games::struggle::state::*;

fn gen_at(g: &PureGame<Struggle>, x: u8) -> Loc {
    g.st.generals[x as usize].loc
}

fn at(g: &PureGame<Struggle>, u: u16) -> Loc {
    g.st.units[u as usize].loc
}

/// 22.2 after the set-up choices, with an empty board (the Corps Support Box kept);
/// Austria holds cards that answer nothing. Prussia is to play.
fn empty_board() -> PureGame<Struggle> {
    let mut g = empty_board_with(&[], 5);
    let quiet = quiet_cards(&g, 3, &[35, 26]);
    give(&mut g, Side::Austria, &quiet);
    g
}

/// Card #35 (3 OPs) activates Falkenstein (initiative 3).
fn activate_falkenstein(g: &mut PureGame<Struggle>) {
    give(g, Side::Prussia, &[35]);
    let f = general(g, "falkenstein");
    ok(
        g,
        StCommand::Play {
            card: 35,
            use_: Use::Activate { general: f },
        },
    );
    // hidden hands: Austria (cards in hand) is asked about card 16 first
    decline_window(g);
    assert_eq!(g.st.g.step, Step::Move);
}

/// Passes every optional stage before the dice (no avoid, no support, no response), with
/// the battle dice scripted to (`a`, `d`); then takes the losses the first listed way.
fn fight(g: &mut PureGame<Struggle>, a: u8, d: u8) {
    g.dice.script([a, d]);
    while matches!(
        stage(g),
        Some(Stage::Intercept | Stage::Avoid | Stage::Respond(_) | Stage::Support)
    ) {
        ok(g, StCommand::Done);
    }
    while let Some(Stage::Losses(_)) = stage(g) {
        ok(g, StCommand::TakeLosses { choice: 0 });
    }
}

/// The spaces a force in `s` could retreat to (12.1), ignoring control and units.
fn neighbours(g: &PureGame<Struggle>, s: usize) -> Vec<usize> {
    let mut st = g.st.clone();
    for u in st.units.iter_mut() {
        u.loc = Loc::Reserve;
    }
    fb::retreat_spaces(&g.rules, &st, s, Side::Austria)
}

/// Steps of `units` (2 a full unit, 1 a reduced one, 0 off the map).
fn steps(g: &PureGame<Struggle>, units: &[u16]) -> u32 {
    units
        .iter()
        .map(|&u| match g.st.units[u as usize] {
            UnitState {
                loc: Loc::Space(_),
                reduced: false,
            } => 2,
            UnitState {
                loc: Loc::Space(_),
                reduced: true,
            } => 1,
            _ => 0,
        })
        .sum()
}

// ------------------------------------------------------------------------ 12.1 (D9)

/// Arendtschildt with the Hanoverian Corps and division and a Bavarian corps in Hanover;
/// Falkenstein's three IDs next door in Braunschweig, activated.
fn hanover_defended(g: &mut PureGame<Struggle>) -> (u8, Vec<u16>) {
    let arendt = put_general(g, "arendtschildt", "Hanover");
    let units = vec![
        place(g, "hn-corps", "Hanover", false),
        place(g, "hn-div", "Hanover", false),
        place(g, "bv-corps", "Hanover", false),
    ];
    put_general(g, "falkenstein", "Braunschweig");
    for _ in 0..3 {
        place(g, "pr-id", "Braunschweig", false);
    }
    activate_falkenstein(g);
    (arendt, units)
}

// rule 12.1 (with the 11.2 step 4 procedure of the 15.5 note): the extra step lost for a
// retreat into a space with a hostile PC is picked by the owner of the retreating force.
// Every space around Hanover is made Prussian: after the retreat Austria is asked which
// step it loses (two or more ways). Fails on the old code (the game took the first way).
#[test]
fn the_owner_picks_the_step_lost_retreating_into_a_hostile_space() {
    let mut g = empty_board();
    let hanover = space(&g, "Hanover");
    for o in neighbours(&g, hanover) {
        g.st.g.control[o] = Some(Side::Prussia);
    }
    let (_, units) = hanover_defended(&mut g);
    ok(&mut g, StCommand::Move { to: hanover });
    fight(&mut g, 6, 1);
    assert_eq!(stage(&g), Some(Stage::Retreat), "Austria lost and retreats");
    let to = match g.legal().first() {
        Some(StCommand::Retreat { to }) => *to,
        other => panic!("{other:?}"),
    };
    assert_eq!(g.st.g.control[to], Some(Side::Prussia));
    let before = steps(&g, &units);
    ok(&mut g, StCommand::Retreat { to });
    assert_eq!(
        stage(&g),
        Some(Stage::Attrition),
        "rule 12.1: the owner picks"
    );
    assert_eq!(
        Struggle::side_to_act(&g.rules, &g.st).as_deref(),
        Some("Austria")
    );
    let picks: Vec<StCommand> = g
        .legal()
        .into_iter()
        .filter(|c| matches!(c, StCommand::TakeLosses { .. }))
        .collect();
    assert!(picks.len() >= 2, "a choice of the step: {picks:?}");
    let last = picks.len() as u16 - 1;
    ok(&mut g, StCommand::TakeLosses { choice: last });
    assert_eq!(steps(&g, &units), before - 1, "exactly one step (12.1)");
    assert!(units.iter().any(|&u| at(&g, u) == Loc::Space(to)));
    assert_ne!(stage(&g), Some(Stage::Attrition));
}

// ------------------------------------------------------------------------ 12.2 (D10)

// rule 12.2: a beaten force with no retreat space (every space around Hanover holds a
// Prussian unit) is eliminated, but its general goes to the closest friendly space in MPs.
// Fails on the old code (Arendtschildt was eliminated with his units).
#[test]
fn the_general_of_a_force_without_a_retreat_goes_to_the_closest_friendly_space() {
    let mut g = empty_board();
    let hanover = space(&g, "Hanover");
    let braunschweig = space(&g, "Braunschweig");
    let (arendt, units) = hanover_defended(&mut g);
    ok(&mut g, StCommand::Move { to: hanover });
    // a position built for the test: a Prussian unit in every space around Hanover, one
    // coming into Braunschweig behind the army
    for o in neighbours(&g, hanover) {
        let u = (0..g.st.units.len() as u16)
            .find(|&u| {
                g.rules.side(u) == Side::Prussia
                    && !matches!(at(&g, u), Loc::Space(_) | Loc::CorpsSupport)
            })
            .expect("a free Prussian unit");
        g.st.units[u as usize] = UnitState {
            loc: Loc::Space(o),
            reduced: false,
        };
    }
    assert!(neighbours(&g, hanover).contains(&braunschweig));
    fight(&mut g, 6, 1);
    assert!(
        units.iter().all(|&u| at(&g, u) == Loc::Eliminated),
        "12.1: no retreat space, the force is eliminated"
    );
    let Loc::Space(to) = gen_at(&g, arendt) else {
        panic!("rule 12.2: Arendtschildt was eliminated")
    };
    assert_eq!(g.st.g.control[to], Some(Side::Austria), "a friendly space");
}

// ----------------------------------------------------- optional rule 5, 13.7 (D7)

/// 22.2 with optional rule 5 and an empty board; the Austrian 5th and 9th Corps (full)
/// in Italian Ferrara (fortress 2), the last round of War turn 1 about to end.
fn ferrara_opt5() -> (PureGame<Struggle>, Vec<u16>) {
    let src = scenarios::find("struggle-seven-weeks").expect("scenario");
    let v = vec![feldzug::games::struggle::options::OPT5_SIEGES.to_string()];
    let rules = <Struggle as RulesGame>::load_rules(&src, &v).expect("loads");
    let mut g = PureGame::<Struggle>::new(rules, 5);
    for i in 0..g.rules.choices.len() as u8 {
        let space = g.rules.choices[i as usize].1[0];
        g.apply(&StCommand::SetupAt { choice: i, space })
            .expect("a set-up choice");
    }
    empty_the_map(&mut g);
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

// optional rule 5 (with 13.7 and the 11.2 step 4 procedure): a failed Siege Phase roll
// costs the besiegers a step, and their owner picks the unit: two full corps give two
// ways, Austria is asked, and the second corps may be the one flipped. Fails on the old
// code (the game flipped the first full unit itself).
#[test]
fn the_owner_picks_the_unit_a_failed_siege_phase_roll_flips() {
    let (mut g, corps) = ferrara_opt5();
    let ferrara = space(&g, "Ferrara");
    g.dice.script([1]);
    ok(
        &mut g,
        StCommand::FreeOp {
            use_: Use::Individual,
        },
    );
    ok(&mut g, StCommand::Done);
    // 13.7: Austria makes its free attempt
    assert_eq!(stage(&g), Some(Stage::SiegePhase));
    ok(&mut g, StCommand::Siege);
    assert!(!g.st.g.destroyed[ferrara], "1 does not beat the value 2");
    assert_eq!(
        stage(&g),
        Some(Stage::Attrition),
        "optional rule 5: Austria picks"
    );
    assert_eq!(
        Struggle::side_to_act(&g.rules, &g.st).as_deref(),
        Some("Austria")
    );
    let picks = fb::loss_options(&g.rules, &g.st);
    assert_eq!(picks.len(), 2, "either corps: {picks:?}");
    // each way flips a different corps, and nothing else
    let mut flipped = Vec::new();
    for choice in 0..picks.len() as u16 {
        let mut x = g.clone();
        ok(&mut x, StCommand::TakeLosses { choice });
        let r: Vec<bool> = corps
            .iter()
            .map(|&u| x.st.units[u as usize].reduced)
            .collect();
        assert_eq!(r.iter().filter(|b| **b).count(), 1, "one step: {r:?}");
        assert!(
            corps
                .iter()
                .all(|&u| x.st.units[u as usize].loc == Loc::Space(ferrara))
        );
        flipped.push(r);
    }
    assert_ne!(flipped[0], flipped[1], "the owner chooses which corps");
}
