//! 1866, helper st-sortie: 13.6 a sortie in place by a force sheltered in its own besieged
//! stronghold (AUDIT13b D13), driven through `PureGame::apply` on an empty board.

use crate::st_common::*;
use feldzug::engine::game::PureGame;
use feldzug::engine::side::Side;
use feldzug::games::struggle::Struggle;
use feldzug::games::struggle::battle::Who;
use feldzug::games::struggle::flow_battle::{self as fb, Stage};
use feldzug::games::struggle::siege;
use feldzug::games::struggle::state::*;

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

struct Minden {
    falk: u8,
    id: u16,
    hn: u16,
    arendt: u8,
}

/// Falkenstein and a Prussian ID sheltered in Prussian Minden (13.5), besieged by
/// Arendtschildt and the Hanoverian Corps (13.2). Austria holds no card (hidden hands: no
/// window, no response stage).
fn besieged_minden() -> (PureGame<Struggle>, Minden) {
    let mut g = empty_board();
    let minden = space(&g, "Minden");
    let falk = put_general(&mut g, "falkenstein", "Minden");
    let id = put(&mut g, "pr-id", "Minden", false);
    let arendt = put_general(&mut g, "arendtschildt", "Minden");
    let hn = put(&mut g, "hn-corps", "Minden", false);
    g.st.g.control[minden] = Some(Side::Prussia);
    g.st.g.besieged[minden] = Some(Side::Austria);
    assert_eq!(
        siege::sheltered(&g.rules, &g.st, minden, Side::Prussia),
        vec![id],
        "the ID is sheltered inside Minden (13.5)"
    );
    give(&mut g, Side::Austria, &[]);
    give(&mut g, Side::Prussia, &[35]);
    ok(
        &mut g,
        StCommand::Play {
            card: 35,
            use_: Use::Activate { general: falk },
        },
    );
    decline_window(&mut g);
    assert_eq!(g.st.g.step, Step::Move);
    (
        g,
        Minden {
            falk,
            id,
            hn,
            arendt,
        },
    )
}

fn fight(g: &mut PureGame<Struggle>, who: Who) {
    let plan = fb::battle_preview(&g.rules, &g.st).expect("a preview");
    assert_eq!(plan.sp, [2, 5], "the sortie's ID alone against the corps");
    let (a, d) = dice_for(&plan, who);
    g.dice.script([a, d]);
    ok(g, StCommand::Done); // no avoid
    pass_responses(g);
    while let Some(Stage::Losses(_)) = stage(g) {
        ok(g, StCommand::TakeLosses { choice: 0 });
    }
}

// rule 13.6: a besieged force activated in the Operations Phase may sortie against the
// besiegers in the same space, without leaving it, under the normal interception and
// avoid battle rules (here: no interceptor, so the besiegers may avoid battle, 10.4). If
// the sortie loses it goes back inside whence it came (12.1: an attacker retreats to the
// space it entered from) and the siege goes on; if it wins the besiegers retreat and the
// siege is lifted (13.42).
#[test]
fn a_besieged_force_sorties_in_place_against_the_besiegers() {
    let (mut g, m) = besieged_minden();
    let minden = space(&g, "Minden");
    ok(&mut g, StCommand::Sortie);
    let b = g.st.g.battle.as_ref().expect("a battle is pending");
    assert_eq!(b.at, minden, "in the besieged space itself");
    assert_eq!(b.att, Side::Prussia);
    assert_eq!(
        stage(&g),
        Some(Stage::Avoid),
        "the besiegers may avoid (10.4)"
    );
    assert!(
        g.legal()
            .iter()
            .any(|c| matches!(c, StCommand::Avoid { unit: None, .. })),
        "Arendtschildt's army may avoid battle: {:?}",
        g.legal()
    );
    let mut won = g.clone();

    // the sortie loses: it stays inside, the siege goes on
    fight(&mut g, Who::Defender);
    if stage(&g) == Some(Stage::Retreat) {
        panic!("the beaten sortie has no retreat to pick: {:?}", g.legal());
    }
    assert!(g.st.g.battle.is_none());
    assert_eq!(g.st.generals[m.falk as usize].loc, Loc::Space(minden));
    assert!(
        matches!(g.st.units[m.id as usize].loc, Loc::Space(s) if s == minden)
            || g.st.units[m.id as usize].loc == Loc::Eliminated,
        "back inside Minden (or lost)"
    );
    assert_eq!(
        siege::besieger(&g.rules, &g.st, minden),
        Some(Side::Austria),
        "still besieged"
    );
    assert_eq!(g.st.units[m.hn as usize].loc, Loc::Space(minden));

    // the sortie wins: the besiegers retreat, the siege is lifted
    fight(&mut won, Who::Attacker);
    if stage(&won) == Some(Stage::Retreat) {
        let c = won.legal()[0].clone();
        ok(&mut won, c);
    }
    while stage(&won) == Some(Stage::Pursue) {
        ok(&mut won, StCommand::Done);
    }
    assert_ne!(won.st.units[m.hn as usize].loc, Loc::Space(minden));
    assert_ne!(won.st.generals[m.arendt as usize].loc, Loc::Space(minden));
    assert_eq!(siege::besieger(&won.rules, &won.st, minden), None, "lifted");
    assert_eq!(won.st.generals[m.falk as usize].loc, Loc::Space(minden));
}

// rule 13.6: a sortie follows the normal interception rules (10.2): an Austrian army next
// to the besieged space may intercept into it and fight with the besiegers; a force
// that has already moved, or one outside a besieged stronghold, does not sortie.
#[test]
fn a_sortie_may_be_intercepted_and_needs_a_besieged_start() {
    let (mut g, _) = besieged_minden();
    let minden = space(&g, "Minden");
    let near = g
        .rules
        .map
        .routes_from(minden)
        .map(|(_, o)| o)
        .find(|&o| g.st.units.iter().all(|u| u.loc != Loc::Space(o)))
        .expect("a space next to Minden");
    let name = g.rules.space_name(near);
    let gablenz = put_general(&mut g, "gablenz", &name);
    put(&mut g, "au-10", &name, false);
    let mut moved = g.clone();
    ok(&mut g, StCommand::Sortie);
    assert_eq!(stage(&g), Some(Stage::Intercept));
    assert!(
        g.legal()
            .contains(&StCommand::Intercept { general: gablenz }),
        "{:?}",
        g.legal()
    );
    // once the force has left Minden it no longer sorties from inside
    let out = moved
        .legal()
        .into_iter()
        .find(|c| matches!(c, StCommand::Move { .. }))
        .expect("a move out of Minden");
    ok(&mut moved, out);
    if moved.st.g.step == Step::Move {
        assert!(!moved.legal().contains(&StCommand::Sortie));
    }
    assert!(moved.apply(&StCommand::Sortie).is_err());
}
