//! 1866, helper st-a3: the three defects of the confirmation audit AUDIT13c (12.4 pursuit
//! from a besieged stronghold, 12.1 retreat into a friendly siege with enemy units
//! sheltered inside, 10.7/10.8 an avoid declared with a successful interception), driven
//! through `PureGame::apply`/`legal` on an empty board.

use crate::st_common::*;
use feldzug::engine::game::{PureGame, RulesGame};
use feldzug::engine::scenarios;
use feldzug::engine::side::Side;
use feldzug::games::struggle::Struggle;
use feldzug::games::struggle::battle::Who;
use feldzug::games::struggle::flow_battle::{self as fb, Stage};
use feldzug::games::struggle::siege;
use feldzug::games::struggle::state::*;

/// 22.2 after the set-up choices with every piece off the map; Prussia is to play.
fn empty_board() -> PureGame<Struggle> {
    let src = scenarios::find("struggle-seven-weeks").expect("scenario");
    let rules = <Struggle as RulesGame>::load_rules(&src, &[]).expect("loads");
    let mut g = PureGame::<Struggle>::new(rules, 5);
    for i in 0..g.rules.choices.len() as u8 {
        let space = g.rules.choices[i as usize].1[0];
        g.apply(&StCommand::SetupAt { choice: i, space })
            .expect("a set-up choice");
    }
    for u in g.st.units.iter_mut() {
        if matches!(u.loc, Loc::Space(_)) {
            u.loc = Loc::Reserve;
        }
    }
    for x in g.st.generals.iter_mut() {
        if matches!(x.loc, Loc::Space(_)) {
            x.loc = Loc::Pool;
        }
    }
    assert_eq!(g.st.g.to_play, Side::Prussia);
    g
}

fn dice_for(plan: &feldzug::games::struggle::battle::BattlePlan, who: Who) -> (u8, u8) {
    for a in 1..=6 {
        for d in 1..=6 {
            if plan.outcome(a, d).winner == who {
                return (a, d);
            }
        }
    }
    panic!("no dice give {who:?} the battle")
}

// ------------------------------------------------------------------- D2: 12.1 retreat

// rule 12.1 (with 13.5): a retreat into a hostile space costs no extra step when the
// space is under siege by friendly forces, even with enemy units sheltered inside (they
// are not subject to combat). Arendtschildt loses in Hanover; a neighbouring Prussian
// stronghold holds a sheltered Prussian ID besieged by an Austrian unit: the retreat into
// it is offered and costs no step. Fails on the old code (any enemy unit barred it).
#[test]
fn a_retreat_into_a_friendly_siege_with_a_garrison_inside_is_allowed_without_a_step() {
    let mut g = empty_board();
    let hanover = space(&g, "Hanover");
    let braunschweig = space(&g, "Braunschweig");
    let x = g
        .rules
        .map
        .routes_from(hanover)
        .map(|(_, o)| o)
        .find(|&o| o != braunschweig && siege::fortification(&g.rules, &g.st, o).is_some())
        .expect("a stronghold next to Hanover");
    let xname = g.rules.space_name(x);
    // 14.4: no friendly space to prefer: every space around Hanover is Prussian
    for o in fb::retreat_spaces(&g.rules, &g.st, hanover, Side::Austria) {
        g.st.g.control[o] = Some(Side::Prussia);
    }
    put_general(&mut g, "arendtschildt", "Hanover");
    let units = [
        put(&mut g, "hn-corps", "Hanover", false),
        put(&mut g, "hn-div", "Hanover", false),
        put(&mut g, "bv-corps", "Hanover", false),
    ];
    put_general(&mut g, "falkenstein", "Braunschweig");
    for _ in 0..3 {
        put(&mut g, "pr-id", "Braunschweig", false);
    }
    let inside = put(&mut g, "pr-id", &xname, false);
    put(&mut g, "au-10", &xname, false);
    g.st.g.control[x] = Some(Side::Prussia);
    g.st.g.besieged[x] = Some(Side::Austria);
    assert_eq!(
        siege::sheltered(&g.rules, &g.st, x, Side::Prussia),
        vec![inside]
    );
    give(&mut g, Side::Austria, &[]);
    give(&mut g, Side::Prussia, &[35]);
    let falk = general(&g, "falkenstein");
    ok(
        &mut g,
        StCommand::Play {
            card: 35,
            use_: Use::Activate { general: falk },
        },
    );
    decline_window(&mut g);
    ok(&mut g, StCommand::Move { to: hanover });
    let plan = fb::battle_preview(&g.rules, &g.st).expect("a preview");
    let (a, d) = dice_for(&plan, Who::Attacker);
    g.dice.script([a, d]);
    while matches!(
        stage(&g),
        Some(Stage::Intercept | Stage::Avoid | Stage::Respond(_) | Stage::Support)
    ) {
        ok(&mut g, StCommand::Done);
    }
    while let Some(Stage::Losses(_)) = stage(&g) {
        ok(&mut g, StCommand::TakeLosses { choice: 0 });
    }
    assert_eq!(stage(&g), Some(Stage::Retreat), "Austria lost");
    assert!(
        g.legal().contains(&StCommand::Retreat { to: x }),
        "rule 12.1: {:?}",
        g.legal()
    );
    let steps = |g: &PureGame<Struggle>| -> u32 {
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
    };
    let before = steps(&g);
    ok(&mut g, StCommand::Retreat { to: x });
    assert!(
        units
            .iter()
            .any(|&u| g.st.units[u as usize].loc == Loc::Space(x))
    );
    assert_ne!(stage(&g), Some(Stage::Attrition), "rule 12.1: no step");
    assert_eq!(
        steps(&g),
        before,
        "rule 12.1: no extra step in a friendly siege"
    );
}
