//! Second fresh-eyes audit of The Sadowa Campaign (docs/games/sadowa-audit2.md): tests
//! that confirm defects. Each is #[ignore]d (the suite stays green) and names its defect.

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

// DEFECT (8.6): a besieged unit that attacks out of its fortress may advance after combat
// out of it (7.4.2) while the siege stands: the advance ignores 8.6.
#[test]
#[ignore = "audit2 defect: advance after combat out of a besieged fortress (8.6)"]
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
}

// DEFECT (8.5 (2)): when combat makes the besiegers retreat and the CF left falls short,
// the siege does not end until some unit moves or is eliminated, or the Siege Phase; in
// the meantime the besieged units still cannot move out (8.6) and friends cannot enter.
#[test]
#[ignore = "audit2 defect: a siege whose besiegers retreat in combat does not end (8.5 (2))"]
fn siege_ends_when_combat_drives_the_besiegers_below_parity() {
    // VIII and II (19 CF) are left: 19 < 21 CF inside once VII has retreated
    let (mut g, k, a, _) = besieged_koniggratz(&["p-viii", "p-ii"]);
    assert!(attack_vii_until_it_retreats(&mut g, a), "VII retreated");
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

// DEFECT (3.3, minor): a retreat takes control only of the hex it ends in; a unit passing
// through an empty enemy city on its retreat does not control it, while a move through
// the same hex does (activate.rs takes control of the whole route).
#[test]
#[ignore = "audit2 defect: a retreat does not take control of the places it passes (3.3)"]
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
}

// DEFECT (6.3, 9.4): an HQ stacked only with a garrison in a city, when the garrison must
// retreat and is eliminated (9.4), retreats alone instead of sharing its fate (6.3: it
// shares the fate of the combat units it is stacked with; an HQ left alone in an attacked
// hex is eliminated).
#[test]
#[ignore = "audit2 defect: an HQ with a garrison eliminated by a retreat result retreats alone (6.3)"]
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
}
