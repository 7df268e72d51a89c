//! 1866, session 15 (issue 13): the last untested rows of the sixth audit
//! (docs/games/struggle-audit6.md, items 5b and 5e) and the 10.3 return that besieges
//! again: a relief of a place holding a partial record (13.6 with 13.2), the French
//! source for an attacking French force (15.2, 15.4) and an intercepted besieger going
//! back to its siege (10.3, 13.42). Driven through `PureGame::apply` on positions built
//! on the 22.2 set-up; dice are scripted.

use crate::st_a5::{end_turn, intervene, logged, seven_weeks_with};
use crate::st_common::*;
use feldzug::engine::game::PureGame;
use feldzug::engine::side::Side;
use feldzug::games::struggle::Struggle;
use feldzug::games::struggle::battle::{Fate, Who};
use feldzug::games::struggle::cards::CardId;
use feldzug::games::struggle::endturn;
use feldzug::games::struggle::flow_battle::{self as fb, Stage};
use feldzug::games::struggle::map::Country;
use feldzug::games::struggle::siege;
use feldzug::games::struggle::state::*;

fn at(g: &PureGame<Struggle>, u: u16) -> Loc {
    g.st.units[u as usize].loc
}

/// Austria plays `card` (her only card) to activate `general`'s army, Prussia holding
/// three cards without a response to it; the response window is declined.
fn austria_activates(g: &mut PureGame<Struggle>, card: CardId, general: u8) {
    let quiet = quiet_cards(g, 3, &[card]);
    give(g, Side::Prussia, &quiet);
    give(g, Side::Austria, &[card]);
    g.st.g.to_play = Side::Austria;
    ok(
        g,
        StCommand::Play {
            card,
            use_: Use::Activate { general },
        },
    );
    decline_window(g);
    assert_eq!(g.st.g.step, Step::Move);
}

/// Plays the pending battle to its end: losses (the first way that leaves `spare`
/// unhurt, if any), retreats (the first space), no pursuit, no advance.
fn finish_battle(g: &mut PureGame<Struggle>, spare: u16) {
    let mut guard = 0;
    while g.st.g.battle.is_some() && guard < 30 {
        let c = match stage(g) {
            Some(Stage::Retreat) => StCommand::Retreat {
                to: fb::retreat_options(&g.rules, &g.st)[0],
            },
            Some(Stage::Losses(side)) => {
                let p = g.st.g.battle.as_ref().expect("a battle");
                let units = &p.units[usize::from(side != p.att)];
                let i = units.iter().position(|&u| u == spare);
                let choice = fb::loss_options(&g.rules, &g.st)
                    .iter()
                    .position(|o| i.is_none_or(|i| o.fates[i] == Fate::Unhurt))
                    .unwrap_or(0);
                StCommand::TakeLosses {
                    choice: choice as u16,
                }
            }
            _ => StCommand::Done,
        };
        ok(g, c);
        guard += 1;
    }
    assert!(g.st.g.battle.is_none(), "the battle ended: {:?}", stage(g));
}

// ------------------------------------------ audit 6 item 5b: 13.6 with a partial record

/// Falkenstein's army took Minden's field: the Hanoverian Corps fought outside and was
/// beaten (it retreated with Arendtschildt), the Hesse-Cassel IB was put inside (13.2)
/// and is besieged. Austria then brings Arendtschildt's army (the Corps that fought
/// outside and a Bavarian ID; his seniority activates two units, 18.3) back into Minden: a relief (13.6). Returns the game at
/// the defender's avoid decision of the relief battle and the relief's space.
fn relief_of_a_partial_record() -> (PureGame<Struggle>, crate::st_d::Minden, Vec<u16>) {
    let (mut g, m) = crate::st_d::partial_battle_lost(|m| m.ib);
    assert_eq!(stage(&g), Some(Stage::Pursue));
    ok(&mut g, StCommand::Done);
    assert!(g.st.g.battle.is_none());
    // Prussia's activation ends where it stands
    let mut guard = 0;
    while g.st.g.step != Step::Round && guard < 5 {
        ok(&mut g, StCommand::Done);
        guard += 1;
    }
    assert_eq!(
        siege::sheltered(&g.rules, &g.st, m.minden, Side::Austria),
        vec![m.ib],
        "rule 13.2: the IB is recorded inside"
    );
    assert!(
        g.st.g
            .inside
            .iter()
            .any(|(s, v)| *s == m.minden && v == &vec![m.ib]),
        "the partial record: {:?}",
        g.st.g.inside
    );
    assert_eq!(g.st.g.besieged[m.minden], Some(Side::Prussia));
    let arendt = general(&g, "arendtschildt");
    let Loc::Space(back) = g.st.generals[arendt as usize].loc else {
        panic!("Arendtschildt retreated to a space")
    };
    assert_ne!(
        back, m.minden,
        "rule 12.1: the general went with the force outside"
    );
    let back_name = g.rules.space_name(back).to_string();
    place(&mut g, "bv-id", &back_name, false);
    let came: Vec<u16> = (0..g.st.units.len() as u16)
        .filter(|&u| at(&g, u) == Loc::Space(back) && g.rules.side(u) == Side::Austria)
        .collect();
    austria_activates(&mut g, 35, arendt);
    ok(&mut g, StCommand::Move { to: m.minden });
    battle_begins(&mut g);
    (g, m, came)
}

// rules 13.6, 13.2, 13.5 (audit 6 item 5b): a relief of a place holding a partial record.
// Only the unit recorded inside (the IB) is the garrison that joins the relief battle;
// the Corps that fought outside comes back as part of the relief force, not as the
// garrison. The battle counts the IB's strength with the relief's, and it is logged.
// When the relief wins, the besiegers go, the siege is lifted and the IB is free (no
// record, not sheltered); when it loses, the relief retreats and the IB stays inside,
// still recorded and besieged.
#[test]
fn a_relief_of_a_partial_record_frees_only_the_recorded_units() {
    let (g, m, came) = relief_of_a_partial_record();
    assert!(g.st.g.battle.is_some(), "rule 13.6: a relief battle");
    let p = g.st.g.battle.as_ref().expect("a battle");
    assert_eq!(p.att, Side::Austria);
    assert_eq!(
        fb::garrison(&g.rules, &g.st, p),
        vec![m.ib],
        "rule 13.6: only the recorded unit is the garrison"
    );
    // the relief's own units (the Corps that fought outside among them) are movers,
    // outside the walls, not the garrison
    let mut relief: Vec<u16> = siege::outside(&g.rules, &g.st, m.minden, Side::Austria);
    relief.sort_unstable();
    let mut came = came.clone();
    came.sort_unstable();
    assert_eq!(relief, came, "rule 13.6: the relief force");
    assert!(!relief.contains(&m.ib));
    assert_eq!(relief.len(), 2, "the Corps and the ID (18.3: room for two)");
    // the IB's strength is in the relief battle
    let plan = fb::battle_preview(&g.rules, &g.st).expect("a preview");
    let mut without = g.clone();
    without.st.units[m.ib as usize].loc = Loc::Reserve;
    let plan0 = fb::battle_preview(&without.rules, &without.st).expect("a preview");
    assert!(
        plan.sp[0] > plan0.sp[0],
        "rule 13.6: the garrison's SP joins: {:?} vs {:?}",
        plan.sp,
        plan0.sp
    );

    for relief_wins in [true, false] {
        let mut t = g.clone();
        if stage(&t) == Some(Stage::Avoid) {
            ok(&mut t, StCommand::Done);
        }
        let who = if relief_wins {
            Who::Attacker
        } else {
            Who::Defender
        };
        let (a, d) = dice_for(&t, who);
        t.dice.script([a, d]);
        pass_responses(&mut t);
        let b = t.st.g.battle.as_ref().expect("the battle is fought");
        assert!(
            b.units[0].contains(&m.ib),
            "rule 13.6: the IB fought with the relief: {:?}",
            b.units
        );
        assert!(
            logged(
                &t,
                "1 combat unit(s) besieged in Minden fight with the relief force"
            ),
            "rule 13.6: logged"
        );
        finish_battle(&mut t, m.ib);
        assert_eq!(at(&t, m.ib), Loc::Space(m.minden), "the IB stays in Minden");
        if relief_wins {
            assert_eq!(
                siege::besieger(&t.rules, &t.st, m.minden),
                None,
                "rule 13.42: the besiegers are gone"
            );
            assert_eq!(t.st.g.besieged[m.minden], None, "rule 13.42: no marker");
            assert!(t.st.g.inside.is_empty(), "rule 13.42: no record");
            assert!(
                siege::sheltered(&t.rules, &t.st, m.minden, Side::Austria).is_empty(),
                "rule 13.6: the IB is freed"
            );
        } else {
            for &u in &relief {
                assert_ne!(
                    at(&t, u),
                    Loc::Space(m.minden),
                    "rule 12.1: the relief retreats"
                );
            }
            assert_eq!(
                siege::sheltered(&t.rules, &t.st, m.minden, Side::Austria),
                vec![m.ib],
                "rule 13.6: the garrison stays inside, besieged"
            );
            assert_eq!(t.st.g.besieged[m.minden], Some(Side::Prussia));
        }
    }
}

// ------------------------------- audit 6 item 5e: 15.2, 15.4 for an attacking French force

/// After the intervention (16.1), an empty map where every space outside France is
/// Prussian: Austria's only supply source is the French one (15.4). A Prussian ID holds
/// Trier; an Austrian-side unit of type `ty` stands in Metz (France), next to Trier.
/// Austria activates it alone with a 4-OP card (6.23) and it attacks Trier.
fn attack_trier_from_metz(ty: &str) -> PureGame<Struggle> {
    let mut g = seven_weeks_with(&[]);
    intervene(&mut g);
    empty_the_map(&mut g);
    for s in 0..g.rules.map.spaces.len() {
        if g.rules.map.spaces[s].country != Country::France {
            g.st.g.control[s] = Some(Side::Prussia);
        }
    }
    let trier = space(&g, "Trier");
    let metz = space(&g, "Metz");
    assert_eq!(g.rules.map.spaces[metz].country, Country::France);
    put(&mut g, "pr-id", "Trier", false);
    let u = put(&mut g, ty, "Metz", false);
    g.st.g.rounds_left[Side::Austria.idx()] = 3;
    let card = g
        .rules
        .cards
        .cards
        .iter()
        .find(|c| c.ops == 4 && c.response.is_none() && !c.mandatory && c.id != 28)
        .map(|c| c.id)
        .expect("a 4-OP card");
    let quiet = quiet_cards(&g, 3, &[card]);
    give(&mut g, Side::Prussia, &quiet);
    give(&mut g, Side::Austria, &[card]);
    g.st.g.to_play = Side::Austria;
    ok(
        &mut g,
        StCommand::Play {
            card,
            use_: Use::Individual,
        },
    );
    ok(
        &mut g,
        StCommand::Declare {
            piece: Piece::Unit(u),
        },
    );
    ok(&mut g, StCommand::Begin);
    ok(&mut g, StCommand::Move { to: trier });
    battle_begins(&mut g);
    assert!(g.st.g.battle.is_some(), "a battle at Trier");
    g
}

fn attacker_minus_two(g: &PureGame<Struggle>) -> bool {
    let plan = fb::battle_preview(&g.rules, &g.st).expect("a battle preview");
    plan.modifiers
        .iter()
        .any(|m| m.who == Who::Attacker && m.case.starts_with("15.3"))
}

// rules 15.4, 15.2, 15.3 (audit 6 item 5e): a French cavalry division departs Metz and
// attacks Trier; its only LOC runs to the French source, which serves French and
// French-Austrian forces: it departed supplied and fights supplied (no 15.3 -2, in the
// preview and in the roll). A Bavarian ID in the same place cannot use the French
// source: it departed a space without an LOC (15.2) and fights at -2 (15.3), shown in
// the preview and logged with the roll.
#[test]
fn an_attacking_french_force_is_supplied_by_the_french_source_a_bavarian_one_is_not() {
    for (ty, french) in [("fr-cd", true), ("bv-id", false)] {
        let mut g = attack_trier_from_metz(ty);
        let metz = space(&g, "Metz");
        let trier = space(&g, "Trier");
        let m =
            g.st.g
                .op
                .as_ref()
                .and_then(|o| o.mover.clone())
                .expect("the unit is moving");
        assert_eq!(
            m.left_unsupplied, !french,
            "rule 15.2: {ty} departed Metz supplied: {french}"
        );
        let p = g.st.g.battle.as_ref().expect("a battle");
        assert_eq!(p.at, trier);
        assert_eq!(p.from, Some(metz));
        assert_eq!(
            fb::attacker_supplied(&g.rules, &g.st, p),
            french,
            "rule 15.4: {ty}"
        );
        assert_eq!(
            attacker_minus_two(&g),
            !french,
            "rule 15.3 in the preview: {ty}"
        );
        if stage(&g) == Some(Stage::Avoid) {
            ok(&mut g, StCommand::Done);
        }
        g.dice.script([3, 3]);
        pass_responses(&mut g);
        let rolled: Vec<_> = g
            .dice
            .rolls
            .iter()
            .filter(|r| r.modifiers.iter().any(|m| m.0.starts_with("15.3")))
            .collect();
        assert!(
            g.st.g.battle.as_ref().is_none_or(|b| b.winner.is_some()),
            "the battle was rolled"
        );
        assert_eq!(
            !rolled.is_empty(),
            !french,
            "rule 15.3 in the roll: {ty}: {:?}",
            g.dice.rolls
        );
        if !french {
            assert!(
                rolled.iter().any(|r| r.modifiers.iter().any(|m| m.1 == -2)),
                "rule 15.3: -2"
            );
        }
    }
}

// ---------------------------------------------- 10.3 return that besieges again (13.42)

// rules 10.3, 13.42, 13.2, 13.8: Falkenstein's army besieges Austrian Minden (the
// Hanoverian Corps inside). It marches out to Paderborn: the siege is lifted the instant
// it leaves (13.42). Arendtschildt's army at Cassel intercepts it (10.2) and Prussia
// elects to return (10.3) to Minden: going back to the enemy's stronghold, whose
// garrison is still inside, it besieges it again: the marker is re-placed (logged), the
// Corps is sheltered and besieged, so Minden is unsupplied for Austria (13.8) and rolls
// for attrition; the Prussians who begin their next activation there may attempt a siege
// (13.34). Without the re-placed marker both sides' units stood in Minden with no siege.
#[test]
fn an_intercepted_besieger_that_returns_besieges_again() {
    let mut g = seven_weeks();
    empty_the_map(&mut g);
    g.st.g.to_play = Side::Prussia;
    let minden = space(&g, "Minden");
    let paderborn = space(&g, "Paderborn");
    let cassel = space(&g, "Cassel");
    assert!(g.rules.map.route_between(paderborn, cassel).is_some());
    assert!(g.rules.map.route_between(minden, cassel).is_none());
    g.st.g.control[minden] = Some(Side::Austria);
    let falk = put_general(&mut g, "falkenstein", "Minden");
    let ids: Vec<u16> = (0..3)
        .map(|_| place(&mut g, "pr-id", "Minden", false))
        .collect();
    let hn = place(&mut g, "hn-corps", "Minden", false);
    g.st.g.besieged[minden] = Some(Side::Prussia);
    let arendt = put_general(&mut g, "arendtschildt", "Cassel");
    place(&mut g, "hc-ib", "Cassel", false);
    place(&mut g, "bv-id", "Cassel", false);
    assert_eq!(
        siege::sheltered(&g.rules, &g.st, minden, Side::Austria),
        vec![hn]
    );
    activate_by_card(&mut g, 35, falk);
    g.dice.script([6]);
    ok(&mut g, StCommand::Move { to: paderborn });
    assert_eq!(
        g.st.g.besieged[minden], None,
        "rule 13.42: lifted when the besiegers left"
    );
    ok(&mut g, StCommand::Intercept { general: arendt });
    assert_eq!(stage(&g), Some(Stage::Stay), "rule 10.3: stay or return");
    ok(&mut g, StCommand::Return);
    assert!(g.st.g.battle.is_none(), "rule 10.3: no battle");
    for &u in &ids {
        assert_eq!(at(&g, u), Loc::Space(minden), "rule 10.3: back in Minden");
    }
    assert_eq!(
        g.st.g.besieged[minden],
        Some(Side::Prussia),
        "rule 10.3, 13.2: the marker is re-placed"
    );
    assert!(
        logged(&g, "Prussia besieges Minden again"),
        "the new siege is logged"
    );
    assert_eq!(
        siege::besieger(&g.rules, &g.st, minden),
        Some(Side::Prussia)
    );
    assert_eq!(
        siege::sheltered(&g.rules, &g.st, minden, Side::Austria),
        vec![hn],
        "rule 13.5: the Corps is inside, besieged"
    );
    assert!(
        !endturn::supplied(&g.rules, &g.st, minden, Side::Austria),
        "rule 13.8: the besieged place is unsupplied"
    );
    // the Prussians begin their next activation in Minden: a siege attempt (13.34)
    let mut next = g.clone();
    activate_falkenstein(&mut next);
    assert!(
        next.legal().contains(&StCommand::Siege),
        "rule 13.34: {:?}",
        next.legal()
    );
    // 13.8, 15.5: the Corps inside rolls for attrition in the Supply Phase
    g.dice.script([1; 30]);
    end_turn(&mut g);
    assert!(
        logged(&g, "Austria in Minden is out of supply"),
        "rule 13.8, 15.5"
    );
}
