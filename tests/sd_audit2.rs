//! Second fresh-eyes audit of The Sadowa Campaign (docs/games/sadowa-audit2.md): one test
//! per defect found, written (and seen failing) before the fix; all fixed on branch sfix3
//! (docs/games/sadowa.md, audit section).

use crate::sd_siege::*;
use feldzug::engine::hexmap::Coord;
use feldzug::games::sadowa::data::Side;
use feldzug::games::sadowa::state::*;

/// Königgrätz (2507) held by its garrison (3 CF) and the Austrian I and II Corps (9 CF each: 21 CF inside); Prussian
/// VII Corps (7 CF) alone in one neighbour hex, `extra` Prussian corps in another neighbour
/// hex not adjacent to VII's; the siege declared and a turn played on, Austria to act with
/// 6 IP. Returns the game, the fortress, VII's hex and the other besiegers' hex.
fn besieged_koniggratz(extra: &[&str]) -> (G, Coord, Coord, Coord) {
    let mut g = empty_game(3);
    let k = hex("2507");
    put(&mut g, "a-g-koniggratz", k);
    put(&mut g, "a-i", k);
    put(&mut g, "a-ii", k);
    let n = austrian_neighbours(&g, k);
    let a = n[0];
    let b = *n.iter().find(|h| h.distance(a) > 1).expect("two apart");
    put(&mut g, "p-vii", a);
    for e in extra {
        put(&mut g, e, b);
    }
    pass_to_siege(&mut g, &[]);
    g.apply(&SdCommand::Besiege { fortress: k }).unwrap();
    assert_eq!(g.st.g.sieges.len(), 1);
    finish_turn(&mut g);
    g.st.g.step = Step::Activate;
    g.st.g.initiative = Some(Side::Austria);
    g.st.g.ip = 6;
    g.st.g.passes = 0;
    (g, k, a, b)
}

/// Austria's I Corps attacks VII Corps out of the fortress until VII must retreat; returns
/// once the retreat (if any) has been made.
fn attack_vii_until_it_retreats(g: &mut G, a: Coord) -> bool {
    let a_i = id(g, "a-i");
    let vii = id(g, "p-vii");
    g.apply(&SdCommand::ActivateUnit { unit: a_i }).unwrap();
    g.apply(&SdCommand::EndMovement).unwrap();
    // a high die: the best results for the attacker on any column
    g.dice.script([6, 6, 6, 6, 6, 6]);
    g.apply(&SdCommand::Attack {
        lead: a_i,
        target: vii,
    })
    .unwrap();
    let retreat = g
        .legal()
        .into_iter()
        .find(|c| matches!(c, SdCommand::Retreat { .. }));
    match retreat {
        Some(r) => {
            g.apply(&r).unwrap();
            g.st.units[vii as usize].hex != Some(a)
        }
        None => false,
    }
}

// rule 8.6 (audit2 defect 1): a besieged unit that attacks out of its fortress may not
// advance after combat (7.4.2) out of it while the siege stands.
#[test]
fn besieged_unit_may_not_advance_out_while_the_siege_stands() {
    // VIII, II, III (29 CF) >= 21 CF inside: the siege stands after VII leaves
    let (mut g, k, a, _) = besieged_koniggratz(&["p-viii", "p-ii", "p-iii"]);
    assert!(attack_vii_until_it_retreats(&mut g, a), "VII retreated");
    assert_eq!(g.st.g.sieges.len(), 1, "the siege stands (29 CF >= 21 CF)");
    let a_i = id(&g, "a-i");
    assert_eq!(g.st.units[a_i as usize].hex, Some(k));
    let adv = SdCommand::Advance { unit: a_i };
    assert!(
        !g.legal().contains(&adv),
        "8.6: besieged units cannot move out of the fortress until the siege is lifted"
    );
    check_agrees_with_legal(&g, std::slice::from_ref(&adv));
    assert!(g.apply(&adv).is_err(), "8.6: the advance is refused");
    assert_eq!(g.st.units[a_i as usize].hex, Some(k));
}

// rule 8.5 (2) (audit2 defect 2): when combat makes the besiegers retreat and the CF left
// falls short, the siege ends at once (not at the next move, elimination or Siege Phase):
// the besieged units may then advance out (8.6 no longer applies).
#[test]
fn siege_ends_when_combat_drives_the_besiegers_below_parity() {
    // VIII and II (19 CF) are left: 19 < 21 CF inside once VII has retreated
    let (mut g, k, a, _) = besieged_koniggratz(&["p-viii", "p-ii"]);
    assert!(attack_vii_until_it_retreats(&mut g, a), "VII retreated");
    assert!(
        g.st.g.sieges.is_empty(),
        "8.5 (2): the siege ends at once after the retreat ({:?})",
        g.st.g.sieges
    );
    assert!(log_has(&g, "8.5", "less than the 21 CF inside"));
    let a_i = id(&g, "a-i");
    assert!(
        g.legal().contains(&SdCommand::Advance { unit: a_i }),
        "the siege is over: I Corps may advance out (7.4.2)"
    );
    // no advance, end the operation
    if g.legal().contains(&SdCommand::EndAdvance) {
        g.apply(&SdCommand::EndAdvance).unwrap();
    }
    g.apply(&SdCommand::EndOperation).unwrap();
    assert!(
        g.st.g.sieges.is_empty(),
        "8.5 (2): 19 CF of eligible besiegers left against 21 CF: the siege has ended ({:?})",
        g.st.g.sieges
    );
    let _ = k;
}

// rule 3.3 (audit2 defect 4): a retreat takes control of every place it passes through,
// like a move (activate.rs takes control of the whole route), not only of its end hex.
#[test]
fn a_retreat_through_an_empty_enemy_city_takes_control_of_it() {
    let mut g = empty_game(3);
    let gitschin = hex("2107");
    let south = hex("2108");
    let further = hex("2109");
    put(&mut g, "p-vi", south);
    for u in ["a-i", "a-ii", "a-iii"] {
        put(&mut g, u, further);
    }
    g.st.g.initiative = Some(Side::Austria);
    g.st.g.ip = 6;
    g.st.g.passes = 0;
    let a_i = id(&g, "a-i");
    let vi = id(&g, "p-vi");
    g.apply(&SdCommand::ActivateUnit { unit: a_i }).unwrap();
    g.apply(&SdCommand::EndMovement).unwrap();
    g.dice.script([6, 6, 6, 6]);
    g.apply(&SdCommand::Attack {
        lead: a_i,
        target: vi,
    })
    .unwrap();
    let through = g.legal().into_iter().find(
        |c| matches!(c, SdCommand::Retreat { path } if path.len() == 2 && path[0] == gitschin),
    );
    let Some(r) = through else {
        panic!("no retreat path through Gitschin: {:?}", g.legal());
    };
    g.apply(&r).unwrap();
    let i = g
        .rules
        .map
        .places
        .iter()
        .position(|p| p.hex == gitschin)
        .unwrap();
    assert_eq!(
        g.st.g.control[i],
        Side::Prussia,
        "3.3: VI Corps occupied Gitschin on its retreat (a move through it would control it)"
    );
    // 14.0: a city in Austria, 5 VP for Prussia, as for a move
    assert!(log_has(&g, "14.0", "control of Gitschin"));
}

// rule 6.3, 9.4 (audit2 defect 3): an HQ stacked only with a garrison in a city, when the
// garrison must retreat and is eliminated (9.4), shares its fate (6.3: it shares the fate
// of the combat units it is stacked with; an HQ left alone in an attacked hex is
// eliminated) instead of retreating alone; Prussia gains the HQ's 4 VP (14.0).
#[test]
fn an_hq_shares_the_fate_of_a_garrison_that_cannot_retreat() {
    let mut g = empty_game(3);
    let pardubitz = hex("2508");
    // a 3-CF garrison (9.2: any city may hold one) so that 10 CF attack at 3:1
    put(&mut g, "a-g-josefstadt", pardubitz);
    put(&mut g, "a-hq-iser", pardubitz);
    let n = austrian_neighbours(&g, pardubitz);
    put(&mut g, "p-i", n[0]);
    let p_i = id(&g, "p-i");
    let gar = id(&g, "a-g-josefstadt");
    let hq = id(&g, "a-hq-iser");
    g.apply(&SdCommand::ActivateUnit { unit: p_i }).unwrap();
    g.apply(&SdCommand::EndMovement).unwrap();
    // 3:1, a 4 with the town's -1: -/1R
    g.dice.script([4]);
    g.apply(&SdCommand::Attack {
        lead: p_i,
        target: gar,
    })
    .unwrap();
    assert!(
        g.st.units[gar as usize].gone.is_some(),
        "the garrison was eliminated (9.4) or surrendered"
    );
    assert!(
        g.st.units[hq as usize].gone.is_some(),
        "6.3: the HQ shares the fate of the garrison; it is at {:?}, pending {:?}",
        g.st.units[hq as usize].hex,
        g.st.g.pending
    );
    assert!(
        !g.st
            .g
            .pending
            .iter()
            .any(|p| matches!(p, Pending::Retreat { .. })),
        "nothing retreats"
    );
    assert!(log_has(&g, "14.0", "Iser Army HQ (Pr. Albert) eliminated"));
}

// rule 8.5 (1) (audit2 defect 2): a besieging unit that advances after combat has moved:
// the siege ends even though the besiegers left still have parity.
#[test]
fn a_besieger_that_advances_after_combat_ends_the_siege() {
    // VII 7 + VIII 9 + II 10 + III 10 = 36 CF against 21 CF inside
    let (mut g, k, a, b) = besieged_koniggratz(&["p-viii", "p-ii", "p-iii"]);
    // an Austrian cavalry next to the besiegers' hex b, away from the fortress and VII
    let c = *austrian_neighbours(&g, b)
        .iter()
        .find(|c| c.distance(k) > 1 && c.distance(a) > 1)
        .expect("a hex next to b");
    put(&mut g, "a-cav", c);
    g.st.g.initiative = Some(Side::Prussia);
    let iii = id(&g, "p-iii");
    let cav = id(&g, "a-cav");
    g.apply(&SdCommand::ActivateUnit { unit: iii }).unwrap();
    g.apply(&SdCommand::EndMovement).unwrap();
    g.dice.script([6, 6, 6, 6, 6, 6]);
    g.apply(&SdCommand::Attack {
        lead: iii,
        target: cav,
    })
    .unwrap();
    if let Some(r) = g
        .legal()
        .into_iter()
        .find(|c| matches!(c, SdCommand::Retreat { .. }))
    {
        g.apply(&r).unwrap();
    }
    assert_ne!(
        g.st.units[cav as usize].hex,
        Some(c),
        "the cavalry left {c}"
    );
    assert_eq!(
        g.st.g.sieges.len(),
        1,
        "the siege stands before the advance"
    );
    g.apply(&SdCommand::Advance { unit: iii }).unwrap();
    assert_eq!(g.st.units[iii as usize].hex, Some(c));
    // 26 CF left >= 21 CF: only the move of III Corps ends the siege
    assert!(
        g.st.g.sieges.is_empty(),
        "8.5 (1): besiegers must stay stationary; III Corps advanced ({:?})",
        g.st.g.sieges
    );
    assert!(log_has(&g, "8.5", "a besieging unit, moved"));
}
