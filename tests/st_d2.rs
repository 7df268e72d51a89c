//! 1866, session 14 (issue 13): the defects D1-D3 of the sixth audit
//! (docs/games/struggle-audit6.md): a relief force's supply (13.6, 13.8), a siege lifted
//! the instant the besiegers leave (13.42) and the defender's 15.4 status after a partial
//! withdrawal (13.2). Driven through `PureGame::apply` on positions built on the 22.2
//! set-up; each test fails on the code before the fix.

use crate::st_a5::{intervene, seven_weeks_with};
use crate::st_common::*;
use feldzug::engine::game::PureGame;
use feldzug::engine::side::Side;
use feldzug::games::struggle::Struggle;
use feldzug::games::struggle::battle::Who;
use feldzug::games::struggle::endturn;
use feldzug::games::struggle::flow_battle::{self as fb, Stage};
use feldzug::games::struggle::map::Country;
use feldzug::games::struggle::siege;
use feldzug::games::struggle::state::*;

fn empty_board() -> PureGame<Struggle> {
    empty_board_with(&[], 1)
}

fn unsupplied(g: &PureGame<Struggle>, who: Who) -> bool {
    let plan = fb::battle_preview(&g.rules, &g.st).expect("a battle preview");
    plan.modifiers
        .iter()
        .any(|m| m.who == who && m.case.starts_with("15.3"))
}

// rules 13.6, 13.8, 15.1 (audit 6 D1): Minden, Prussian, is besieged by the Hanoverians;
// a Prussian ID is inside. 13.8 cuts off the place: the ID is unsupplied. Falkenstein's
// relief army comes from Paderborn, which has an LOC, and enters Minden: it is a force
// with its own LOC (15.1: its space need not be friendly, it must be next to the
// network), so the battle has no 15.3 -2 for the attacker; the units inside stay cut off.
// Old code judged the relief by the place's 13.8 status and gave it -2.
#[test]
fn a_relief_force_is_judged_on_its_own_line_of_communication() {
    let mut g = empty_board();
    let minden = space(&g, "Minden");
    let paderborn = space(&g, "Paderborn");
    g.st.g.control[minden] = Some(Side::Prussia);
    let falk = put_general(&mut g, "falkenstein", "Paderborn");
    for _ in 0..3 {
        place(&mut g, "pr-id", "Paderborn", false);
    }
    let inside = place(&mut g, "pr-id", "Minden", false);
    put_general(&mut g, "arendtschildt", "Minden");
    place(&mut g, "hn-corps", "Minden", false);
    g.st.g.besieged[minden] = Some(Side::Austria);
    assert_eq!(
        siege::sheltered(&g.rules, &g.st, minden, Side::Prussia),
        vec![inside],
        "13.5: the ID is besieged inside Minden"
    );
    assert!(
        endturn::supplied(&g.rules, &g.st, paderborn, Side::Prussia),
        "15.1: Paderborn traces an LOC"
    );
    assert!(
        !endturn::supplied(&g.rules, &g.st, minden, Side::Prussia),
        "rule 13.8: the besieged place is unsupplied"
    );
    activate_by_card(&mut g, 35, falk);
    ok(&mut g, StCommand::Move { to: minden });
    assert_eq!(stage(&g), Some(Stage::Avoid));
    assert_eq!(
        fb::garrison(&g.rules, &g.st, g.st.g.battle.as_ref().expect("a battle")),
        vec![inside],
        "13.6: the garrison joins the relief"
    );
    assert!(
        !unsupplied(&g, Who::Attacker),
        "rule 13.6/15.1: the relief army is supplied"
    );
    assert!(
        !endturn::supplied(&g.rules, &g.st, minden, Side::Prussia),
        "rule 13.8: the place itself stays cut off while besieged"
    );
    // the roll carries no 15.3 for the attacker either
    ok(&mut g, StCommand::Done);
    pass_responses(&mut g);
    let rolled = g
        .dice
        .rolls
        .iter()
        .any(|r| r.modifiers.iter().any(|m| m.0.starts_with("15.3")));
    assert!(!rolled, "rule 13.6: {:?}", g.dice.rolls);
}

// rule 13.42 (audit 6 D2): "A siege is lifted the instant there is no longer an enemy
// combat unit in the space." Falkenstein's army besieges Austrian Minden (the
// Hanoverian Corps inside). It marches out to Paderborn, then back into Minden in the same
// activation: the siege was lifted when it left, so the Hanoverians now stand in a place
// nobody besieges and are asked to fight, avoid or withdraw (13.2) when the Prussians
// come back. Old code kept the stale marker until the Supply Phase, called the
// Hanoverians "inside" and let the Prussians walk in without a battle.
#[test]
fn a_siege_is_lifted_the_instant_the_besiegers_leave() {
    let mut g = empty_board();
    let minden = space(&g, "Minden");
    let paderborn = space(&g, "Paderborn");
    g.st.g.control[minden] = Some(Side::Austria);
    let falk = put_general(&mut g, "falkenstein", "Minden");
    for _ in 0..3 {
        place(&mut g, "pr-id", "Minden", false);
    }
    let hn = place(&mut g, "hn-corps", "Minden", false);
    g.st.g.besieged[minden] = Some(Side::Prussia);
    assert_eq!(
        siege::sheltered(&g.rules, &g.st, minden, Side::Austria),
        vec![hn]
    );
    activate_by_card(&mut g, 35, falk);
    ok(&mut g, StCommand::Move { to: paderborn });
    assert_eq!(
        g.st.g.besieged[minden], None,
        "rule 13.42: lifted the instant the besiegers left"
    );
    assert!(
        g.log
            .entries
            .iter()
            .any(|e| e.rule == "13.42" && e.text.contains("Minden")),
        "the lifting is logged"
    );
    assert!(siege::sheltered(&g.rules, &g.st, minden, Side::Austria).is_empty());
    ok(&mut g, StCommand::Move { to: minden });
    battle_begins(&mut g);
    assert_eq!(
        stage(&g),
        Some(Stage::Avoid),
        "rule 13.2: the Hanoverians must fight, avoid or withdraw inside"
    );
    assert!(
        g.legal().contains(&StCommand::Withdraw),
        "13.2: the Corps may withdraw inside: {:?}",
        g.legal()
    );
}

// rules 15.4, 13.2 (audit 6 D3): Saarlouis (a fortress of value 1) is Austrian with a
// French cavalry division and a Bavarian ID in it; every other space outside France is
// Prussian, so Austria's only source is the French one, which serves only French and
// French-Austrian forces. Falkenstein attacks from Trier. With both units outside the
// defending force is French-Austrian and supplied. When the French division is withdrawn
// inside (13.2, room for one), the force that fights is the Bavarian ID alone: not French,
// so it is unsupplied and fights at -2 (15.3). Old code counted the unit inside and gave
// the Bavarians the French source.
#[test]
fn the_defenders_french_source_counts_only_the_units_outside() {
    for withdraw in [false, true] {
        let mut g = seven_weeks_with(&[]);
        intervene(&mut g);
        empty_the_map(&mut g);
        for s in 0..g.rules.map.spaces.len() {
            if g.rules.map.spaces[s].country != Country::France {
                g.st.g.control[s] = Some(Side::Prussia);
            }
        }
        let saarlouis = space(&g, "Saarlouis");
        g.st.g.control[saarlouis] = Some(Side::Austria);
        let fr = put(&mut g, "fr-cd", "Saarlouis", false);
        put(&mut g, "bv-id", "Saarlouis", false);
        let falk = put_general(&mut g, "falkenstein", "Trier");
        for _ in 0..3 {
            put(&mut g, "pr-id", "Trier", false);
        }
        g.st.g.to_play = Side::Prussia;
        assert!(endturn::supplied(&g.rules, &g.st, saarlouis, Side::Austria));
        activate_by_card(&mut g, 35, falk);
        ok(&mut g, StCommand::Move { to: saarlouis });
        assert_eq!(stage(&g), Some(Stage::Avoid));
        if withdraw {
            ok(&mut g, StCommand::WithdrawUnit { unit: fr });
            assert_eq!(
                siege::sheltered(&g.rules, &g.st, saarlouis, Side::Austria),
                vec![fr]
            );
        }
        assert_eq!(
            unsupplied(&g, Who::Defender),
            withdraw,
            "rule 15.4: withdrawn {withdraw}"
        );
    }
}

// rules 13.6, 13.8, 15.1 (audit 7 defect 1): Minden, Prussian and empty of Prussian
// units, is masked by the Hanoverian Corps. Falkenstein's army enters from Paderborn
// (which has an LOC): the force relieving the place is judged on its own LOC with or
// without a garrison inside, so no 15.3 -2. The first fix judged it so only with a unit
// inside.
#[test]
fn a_relief_of_an_empty_masked_place_is_judged_on_its_own_line_of_communication() {
    let mut g = empty_board();
    let minden = space(&g, "Minden");
    g.st.g.control[minden] = Some(Side::Prussia);
    let falk = put_general(&mut g, "falkenstein", "Paderborn");
    for _ in 0..3 {
        place(&mut g, "pr-id", "Paderborn", false);
    }
    put_general(&mut g, "arendtschildt", "Minden");
    place(&mut g, "hn-corps", "Minden", false);
    g.st.g.besieged[minden] = Some(Side::Austria);
    assert_eq!(
        siege::besieger(&g.rules, &g.st, minden),
        Some(Side::Austria)
    );
    activate_by_card(&mut g, 35, falk);
    ok(&mut g, StCommand::Move { to: minden });
    assert_eq!(stage(&g), Some(Stage::Avoid));
    assert!(
        !unsupplied(&g, Who::Attacker),
        "rule 13.6/15.1: the relief army is supplied"
    );
}

// rules 13.8, 13.5 (audit 7 defect 2): "A besieged Major City or Fortress may not receive
// replacements or reinforcements": the 7th Corps sheltering in Minden under an Austrian
// siege is no target of Army of the Elbe (#3, three IDs for a corps), so with no other
// Prussian corps on the map the event is refused; unbesieged, the same corps is a target.
#[test]
fn army_of_the_elbe_does_not_replace_a_besieged_corps() {
    for besieged in [false, true] {
        let mut g = empty_board();
        let minden = space(&g, "Minden");
        g.st.g.control[minden] = Some(Side::Prussia);
        let vii = place(&mut g, "pr-7", "Minden", false);
        if besieged {
            place(&mut g, "hn-corps", "Minden", false);
            g.st.g.besieged[minden] = Some(Side::Austria);
            assert_eq!(
                siege::sheltered(&g.rules, &g.st, minden, Side::Prussia),
                vec![vii]
            );
        }
        assert_eq!(
            feldzug::games::struggle::events::corps_targets(&g.rules, &g.st, Side::Prussia)
                .contains(&vii),
            !besieged,
            "rule 13.8"
        );
        let quiet = quiet_cards(&g, 3, &[3]);
        give(&mut g, Side::Austria, &quiet);
        give(&mut g, Side::Prussia, &[3]);
        g.st.g.to_play = Side::Prussia;
        let play = StCommand::Play {
            card: 3,
            use_: Use::Event,
        };
        if besieged {
            let why = g.apply(&play).expect_err("refused");
            assert_eq!(why.rule, "6.24", "{why}");
            assert!(why.to_string().contains("no Prussian corps"), "{why}");
            assert!(!g.legal().contains(&play));
        }
    }
}
