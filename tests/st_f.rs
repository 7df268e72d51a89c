//! 1866, session 15 (issue 13): the defects and untested rows of the eighth audit
//! (docs/games/struggle-audit8.md): a battle or interception entered through the 9.62
//! railroad junction (10.3, 12.1), the 13.2 withdrawal inside after a friendly
//! interception, a garrison corps replaced in a battle (11.2 step 4, 13.5) and the siege
//! lifted by a relief (13.42). Driven through `PureGame::apply` on positions built on the
//! 22.2 set-up; dice are scripted.

use crate::st_common::*;
use feldzug::engine::game::PureGame;
use feldzug::games::struggle::Struggle;
use feldzug::games::struggle::battle::Who;
use feldzug::games::struggle::flow_battle::{self as fb, Stage};
use feldzug::games::struggle::state::*;

fn at(g: &PureGame<Struggle>, u: u16) -> Loc {
    g.st.units[u as usize].loc
}

fn gen_at(g: &PureGame<Struggle>, x: u8) -> Loc {
    g.st.generals[x as usize].loc
}

/// The dice that make `who` win the pending battle with the smallest loss to the
/// attacker (so that the beaten attacker keeps units to retreat).
fn dice_with_least_attacker_loss(g: &PureGame<Struggle>, who: Who) -> (u8, u8) {
    let plan = fb::battle_preview(&g.rules, &g.st).expect("a battle preview");
    let mut best: Option<(u32, u8, u8)> = None;
    for a in 1..=6 {
        for d in 1..=6 {
            let o = plan.outcome(a, d);
            if o.winner == who && best.is_none_or(|b| o.loss[0] < b.0) {
                best = Some((o.loss[0], a, d));
            }
        }
    }
    let (_, a, d) = best.expect("dice that give the battle");
    (a, d)
}

/// Falkenstein's army (three Prussian IDs) activated in Hildesheim, next to the 9.62
/// railroad junction.
fn falkenstein_in_hildesheim(g: &mut PureGame<Struggle>) -> (u8, Vec<u16>) {
    let falk = put_general(g, "falkenstein", "Hildesheim");
    let ids: Vec<u16> = (0..3)
        .map(|_| place(g, "pr-id", "Hildesheim", false))
        .collect();
    (falk, ids)
}

// rules 12.1, 9.62 (audit 8 defect 1): a beaten attacker "must return to the space from
// which it entered the battle space"; a force that came through the railroad junction
// (where no move may end) entered from the city before it. Falkenstein goes Hildesheim →
// junction → Göttingen, attacks the Hanoverians there and loses: he retreats to
// Hildesheim. Fails on the old code (the "came from" space was the junction, which is no
// retreat space: every unit was eliminated, 12.1 "no retreat").
#[test]
fn st_f_a_beaten_attacker_that_came_through_the_junction_retreats_to_the_real_space() {
    let mut g = empty_board();
    let (hildesheim, junction, gottingen) = (
        space(&g, "Hildesheim"),
        space(&g, "Railroad Junction"),
        space(&g, "Göttingen"),
    );
    let (falk, ids) = falkenstein_in_hildesheim(&mut g);
    put_general(&mut g, "arendtschildt", "Göttingen");
    place(&mut g, "hn-corps", "Göttingen", false);
    place(&mut g, "hn-div", "Göttingen", false);
    activate_by_card(&mut g, 35, falk);
    ok(&mut g, StCommand::Move { to: junction });
    assert!(g.st.g.battle.is_none(), "nothing happens on the junction");
    ok(&mut g, StCommand::Move { to: gottingen });
    if stage(&g) == Some(Stage::Intercept) {
        ok(&mut g, StCommand::Done);
    }
    battle_begins(&mut g);
    if stage(&g) == Some(Stage::Avoid) {
        ok(&mut g, StCommand::Done); // the Hanoverians stand
    }
    let (a, d) = dice_with_least_attacker_loss(&g, Who::Defender);
    g.dice.script([a, d]);
    pass_responses(&mut g);
    let mut retreats = None;
    while let Some(s) = stage(&g) {
        if retreats.is_none() && g.st.g.battle.as_ref().is_some_and(|b| b.winner.is_some()) {
            retreats = Some(fb::retreat_options(&g.rules, &g.st));
        }
        let c = match s {
            Stage::Pursue => StCommand::Done,
            _ => g.legal()[0].clone(),
        };
        ok(&mut g, c);
    }
    assert_eq!(
        retreats,
        Some(vec![hildesheim]),
        "12.1: back to the space before the junction, the only retreat"
    );
    assert_eq!(gen_at(&g, falk), Loc::Space(hildesheim), "12.1");
    let alive: Vec<u16> = ids
        .iter()
        .copied()
        .filter(|&u| at(&g, u) != Loc::Eliminated)
        .collect();
    assert!(!alive.is_empty(), "the dice leave the attacker units");
    for u in alive {
        assert_eq!(at(&g, u), Loc::Space(hildesheim), "12.1: not eliminated");
    }
}

// rules 10.3, 9.62 (audit 8 defect 1): an intercepted force "may elect to return to the
// previously occupied space and ends its movement"; it may not end on the junction.
// Falkenstein goes Hildesheim → junction → Göttingen, Arendtschildt intercepts from
// Cassel (die 4 > initiative 3), Falkenstein returns: to Hildesheim. Fails on the old
// code (the force was put back on the junction, a move ended there).
#[test]
fn st_f_an_intercepted_mover_that_came_through_the_junction_returns_to_the_real_space() {
    let mut g = empty_board();
    let (hildesheim, junction, gottingen) = (
        space(&g, "Hildesheim"),
        space(&g, "Railroad Junction"),
        space(&g, "Göttingen"),
    );
    let (falk, ids) = falkenstein_in_hildesheim(&mut g);
    let arendt = put_general(&mut g, "arendtschildt", "Cassel");
    let hn = place(&mut g, "hn-corps", "Cassel", false);
    activate_by_card(&mut g, 35, falk);
    ok(&mut g, StCommand::Move { to: junction });
    g.dice.script([4]);
    ok(&mut g, StCommand::Move { to: gottingen });
    assert_eq!(stage(&g), Some(Stage::Intercept));
    ok(&mut g, StCommand::Intercept { general: arendt });
    assert_eq!(
        at(&g, hn),
        Loc::Space(gottingen),
        "the interception succeeded"
    );
    assert_eq!(stage(&g), Some(Stage::Stay));
    ok(&mut g, StCommand::Return);
    assert_eq!(gen_at(&g, falk), Loc::Space(hildesheim), "10.3");
    for &u in &ids {
        assert_eq!(
            at(&g, u),
            Loc::Space(hildesheim),
            "10.3, not the junction (9.62)"
        );
    }
    assert_eq!(g.st.g.step, Step::Round, "the move ended (10.3)");
}

// rules 13.2, 10.3, 10.8 NOTE (audit 8 defect 2): the force present in its own major city
// when the enemy first enters it may withdraw inside, also after a friendly army
// intercepted into the space; only the interceptors (who came to fight) may not. The
// Hanoverian division in Hanover withdraws, Arendtschildt's army (intercepted from
// Hildesheim) fights with +1 (10.3) and loses: the division stays inside, besieged.
// Fails on the old code (no `Withdraw` once any interception had succeeded).
#[test]
fn st_f_the_garrison_may_withdraw_inside_after_a_friendly_interception() {
    let mut g = empty_board();
    let (hanover, minden) = (space(&g, "Hanover"), space(&g, "Minden"));
    let falk = put_general(&mut g, "falkenstein", "Minden");
    for _ in 0..3 {
        place(&mut g, "pr-id", "Minden", false);
    }
    let div = place(&mut g, "hn-div", "Hanover", false);
    let arendt = put_general(&mut g, "arendtschildt", "Hildesheim");
    let corps = place(&mut g, "hn-corps", "Hildesheim", false);
    activate_by_card(&mut g, 35, falk);
    g.dice.script([4]); // 4 > Arendtschildt's initiative 3 (10.2)
    ok(&mut g, StCommand::Move { to: hanover });
    assert_eq!(stage(&g), Some(Stage::Intercept));
    ok(&mut g, StCommand::Intercept { general: arendt });
    // 10.8: the division could still declare an avoid battle: it does not
    if stage(&g) == Some(Stage::Intercept) {
        ok(&mut g, StCommand::Done);
    }
    assert_eq!(
        at(&g, corps),
        Loc::Space(hanover),
        "the interception succeeded"
    );
    assert_eq!(stage(&g), Some(Stage::Stay));
    ok(&mut g, StCommand::Done); // Falkenstein fights (10.3)
    battle_begins(&mut g);
    assert_eq!(stage(&g), Some(Stage::Avoid));
    let legal = g.legal();
    assert!(legal.contains(&StCommand::Withdraw), "13.2: {legal:?}");
    assert!(
        !legal.contains(&StCommand::WithdrawUnit { unit: corps }),
        "the interceptors do not go inside"
    );
    // 10.7: the interceptors may not avoid battle
    assert!(!legal.iter().any(|c| matches!(c, StCommand::Avoid { .. })));
    ok(&mut g, StCommand::Withdraw);
    assert!(g.st.g.battle.is_some(), "the interceptors still fight");
    assert!(
        feldzug::games::struggle::siege::sheltered(
            &g.rules,
            &g.st,
            hanover,
            feldzug::engine::side::Side::Austria
        )
        .contains(&div),
        "13.2: inside"
    );
    let plan = fb::battle_preview(&g.rules, &g.st).expect("a preview");
    assert!(
        plan.modifiers
            .iter()
            .any(|m| m.who == Who::Defender && m.case.starts_with("10.3") && m.amount == 1),
        "10.3: +1 to the interceptor: {:?}",
        plan.modifiers
    );
    let (a, d) = dice_for(&g, Who::Attacker);
    g.dice.script([a, d]);
    pass_responses(&mut g);
    while let Some(s) = stage(&g) {
        let c = match s {
            Stage::Pursue => StCommand::Done,
            _ => g.legal()[0].clone(),
        };
        ok(&mut g, c);
    }
    assert_eq!(
        gen_at(&g, falk),
        Loc::Space(hanover),
        "the winner holds the space"
    );
    assert_ne!(
        gen_at(&g, arendt),
        Loc::Space(hanover),
        "12.1: the loser retreats"
    );
    assert_ne!(at(&g, corps), Loc::Space(hanover));
    assert_eq!(
        at(&g, div),
        Loc::Space(hanover),
        "13.2: the garrison stays inside"
    );
    assert_eq!(
        feldzug::games::struggle::siege::besieger(&g.rules, &g.st, hanover),
        Some(feldzug::engine::side::Side::Prussia),
        "13.2: besieged"
    );
    let _ = minden;
}

/// Minden (a Prussian fortress) besieged by Arendtschildt's Hanoverian corps with the
/// reduced 7th Corps inside; Falkenstein's relief (three IDs) activated in Paderborn.
/// Returns (game, Minden, Paderborn, the corps inside, the Hanoverian corps).
fn minden_besieged_with_a_corps_inside() -> (PureGame<Struggle>, usize, usize, u16, u16) {
    let mut g = empty_board();
    let (minden, paderborn) = (space(&g, "Minden"), space(&g, "Paderborn"));
    let falk = put_general(&mut g, "falkenstein", "Paderborn");
    for _ in 0..3 {
        place(&mut g, "pr-id", "Paderborn", false);
    }
    put_general(&mut g, "arendtschildt", "Minden");
    let hn = place(&mut g, "hn-corps", "Minden", false);
    let vii = place(&mut g, "pr-7", "Minden", true);
    g.st.g.besieged[minden] = Some(feldzug::engine::side::Side::Austria);
    assert_eq!(
        feldzug::games::struggle::siege::sheltered(
            &g.rules,
            &g.st,
            minden,
            feldzug::engine::side::Side::Prussia
        ),
        vec![vii],
        "the 7th Corps is besieged inside Minden (13.5)"
    );
    activate_by_card(&mut g, 35, falk);
    (g, minden, paderborn, vii, hn)
}

/// The relief's loss choice that eliminates the corps `vii` and replaces it by a full EBC.
fn replacing_choice(g: &PureGame<Struggle>, vii: u16) -> Option<usize> {
    let b = g.st.g.battle.as_ref()?;
    let i = b.units[Who::Attacker.idx()]
        .iter()
        .position(|&u| u == vii)
        .expect("13.6: the corps inside fights with the relief");
    fb::loss_options(&g.rules, &g.st).iter().position(|o| {
        o.fates.get(i) == Some(&feldzug::games::struggle::battle::Fate::Replaced { steps: 0 })
    })
}

/// Drives the relief of Minden into a battle `who` wins, the relief taking a loss that
/// eliminates the corps inside and replaces it by its EBC (11.2 step 4); returns the EBC.
fn relief_battle_replacing_the_corps_inside(g: &mut PureGame<Struggle>, who: Who) -> u16 {
    let minden = space(g, "Minden");
    ok(g, StCommand::Move { to: minden });
    if stage(g) == Some(Stage::Intercept) {
        ok(g, StCommand::Done);
    }
    battle_begins(g);
    if stage(g) == Some(Stage::Avoid) {
        ok(g, StCommand::Done); // the besiegers stand
    }
    let plan = fb::battle_preview(&g.rules, &g.st).expect("a preview");
    let vii = g.rules.unit_by_type("pr-7")[0];
    let before: Vec<u16> = (0..g.st.units.len() as u16)
        .filter(|&u| g.st.units[u as usize].loc == Loc::CorpsSupport)
        .collect();
    // the battle with dice (a, d): the relief takes its loss by replacing the corps
    // inside whenever it has the choice (a single way is taken at once)
    let fight = |g: &mut PureGame<Struggle>, a: u8, d: u8| {
        g.dice.script([a, d]);
        pass_responses(g);
        while let Some(s) = stage(g) {
            let c = match s {
                Stage::Losses(feldzug::engine::side::Side::Prussia) => {
                    let pick = replacing_choice(g, vii).unwrap_or(0);
                    StCommand::TakeLosses {
                        choice: pick as u16,
                    }
                }
                Stage::Pursue => StCommand::Done,
                _ => g.legal()[0].clone(),
            };
            ok(g, c);
        }
    };
    // the first dice giving `who` the battle in which the corps inside is replaced by a
    // full EBC (tried on a copy of the game)
    let (a, d) = (1..=6u8)
        .flat_map(|a| (1..=6u8).map(move |d| (a, d)))
        .filter(|&(a, d)| plan.outcome(a, d).winner == who)
        .find(|&(a, d)| {
            let mut t = g.clone();
            fight(&mut t, a, d);
            t.st.units[vii as usize].loc == Loc::Eliminated
                && before
                    .iter()
                    .any(|&u| t.st.units[u as usize].loc == Loc::Space(minden))
        })
        .expect("dice that cost the relief the corps inside");
    fight(g, a, d);
    assert_eq!(at(g, vii), Loc::Eliminated, "11.2 step 4");
    let ebc: Vec<u16> = before
        .into_iter()
        .filter(|&u| g.st.units[u as usize].loc == Loc::Space(minden))
        .collect();
    assert_eq!(
        ebc.len(),
        1,
        "one EBC from the Corps Support Box replaces the corps"
    );
    assert_eq!(
        g.rules.ty(ebc[0]).map(|t| t.id.as_str()),
        Some("pr-id"),
        "11.2 step 4 NOTE: a Prussian ID"
    );
    ebc[0]
}

// rules 13.6, 11.2 step 4, 13.5 (audit 8 untested 3): in a relief battle the corps
// besieged inside fights with the relief; a loss that eliminates it brings its EBC from
// the Corps Support Box into its place: inside the walls. The relief loses and goes
// back to Paderborn: the EBC stays inside Minden, still besieged.
#[test]
fn st_f_a_corps_inside_replaced_in_a_lost_relief_battle_leaves_its_ebc_inside() {
    let (mut g, minden, paderborn, _vii, hn) = minden_besieged_with_a_corps_inside();
    let falk = general(&g, "falkenstein");
    let ebc = relief_battle_replacing_the_corps_inside(&mut g, Who::Defender);
    assert_eq!(gen_at(&g, falk), Loc::Space(paderborn), "12.1");
    assert_eq!(at(&g, hn), Loc::Space(minden), "the besiegers stay");
    assert_eq!(
        feldzug::games::struggle::siege::sheltered(
            &g.rules,
            &g.st,
            minden,
            feldzug::engine::side::Side::Prussia
        ),
        vec![ebc],
        "13.5: the EBC is inside, besieged"
    );
    assert_eq!(
        g.st.g.besieged[minden],
        Some(feldzug::engine::side::Side::Austria)
    );
}

// rules 13.6, 13.42, 15.1 (audit 8 untested 4): a relief that beats the besiegers and
// drives every one of them off lifts the siege: the besieged marker is removed and the
// place traces its LOC again (13.8 no longer cuts it off). The corps inside is replaced
// by its EBC in the same battle (11.2 step 4).
#[test]
fn st_f_a_relief_that_drives_off_every_besieger_lifts_the_siege_marker() {
    let (mut g, minden, _paderborn, _vii, hn) = minden_besieged_with_a_corps_inside();
    let prussia = feldzug::engine::side::Side::Prussia;
    assert!(
        !feldzug::games::struggle::endturn::supplied(&g.rules, &g.st, minden, prussia),
        "13.8: cut off while besieged"
    );
    let ebc = relief_battle_replacing_the_corps_inside(&mut g, Who::Attacker);
    assert_ne!(at(&g, hn), Loc::Space(minden), "the besiegers retreat");
    assert_eq!(at(&g, ebc), Loc::Space(minden));
    assert_eq!(
        feldzug::games::struggle::siege::besieger(&g.rules, &g.st, minden),
        None
    );
    assert_eq!(
        g.st.g.besieged[minden], None,
        "13.42: the marker is removed"
    );
    assert!(
        feldzug::games::struggle::siege::sheltered(&g.rules, &g.st, minden, prussia).is_empty(),
        "nobody is besieged"
    );
    assert!(
        feldzug::games::struggle::endturn::supplied(&g.rules, &g.st, minden, prussia),
        "15.1: the place traces its LOC again"
    );
}
