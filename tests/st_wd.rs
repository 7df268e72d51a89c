//! 1866: the partial withdrawal inside a fortress or major city (13.2 "up to its
//! capacity", 13.5): the defender first entered in its own stronghold puts some units
//! inside and the rest of its force fights or avoids battle outside; the units inside
//! take no part in the battle's losses, retreat or pursuit and are besieged afterwards
//! (13.41, the siege roll and the fall of the place, 13.5). Driven through
//! `PureGame::apply` from positions built on the 22.2 set-up; dice are scripted.

use crate::st_common::*;
use feldzug::engine::game::PureGame;
use feldzug::engine::side::Side;
use feldzug::games::struggle::Struggle;
use feldzug::games::struggle::battle::Who;
use feldzug::games::struggle::flow_battle::{self as fb, Stage};
use feldzug::games::struggle::siege;
use feldzug::games::struggle::state::*;

struct Minden {
    minden: usize,
    paderborn: usize,
    falk: u8,
    arendt: u8,
    /// The Hanoverian Corps (outside).
    hn: u16,
    /// The Hesse-Cassel IB (the one that goes inside).
    ib: u16,
    ids: Vec<u16>,
}

/// Minden (a fortress of value 1: room for one combat unit, 13.5) held by Austria with
/// Arendtschildt, the Hanoverian Corps and a Hesse-Cassel IB in it; Falkenstein with three
/// Prussian IDs next door in Paderborn. Austria holds three cards that answer nothing.
fn minden() -> (PureGame<Struggle>, Minden) {
    let mut g = empty_board();
    let minden = space(&g, "Minden");
    let paderborn = space(&g, "Paderborn");
    g.st.g.control[minden] = Some(Side::Austria);
    g.st.g.besieged[minden] = None;
    assert_eq!(siege::shelter_capacity(&g.rules, &g.st, minden), Some(1));
    let falk = put_general(&mut g, "falkenstein", "Paderborn");
    let ids = (0..3)
        .map(|_| place(&mut g, "pr-id", "Paderborn", false))
        .collect();
    let arendt = put_general(&mut g, "arendtschildt", "Minden");
    let hn = place(&mut g, "hn-corps", "Minden", false);
    let ib = place(&mut g, "hc-ib", "Minden", false);
    let quiet = quiet_cards(&g, 3, &[35]);
    give(&mut g, Side::Austria, &quiet);
    (
        g,
        Minden {
            minden,
            paderborn,
            falk,
            arendt,
            hn,
            ib,
            ids,
        },
    )
}

fn refused(g: &mut PureGame<Struggle>, c: StCommand, rule: &str) {
    let before = g.hash();
    match g.apply(&c) {
        Ok(()) => panic!("{c:?} was accepted"),
        Err(r) => assert_eq!(r.rule, rule, "{c:?}: {r}"),
    }
    assert_eq!(g.hash(), before);
    assert!(!g.legal().contains(&c));
}

fn at(g: &PureGame<Struggle>, u: u16) -> Loc {
    g.st.units[u as usize].loc
}

/// Falkenstein enters Minden; at the avoid-battle decision Austria puts the IB inside.
fn enter_and_put_the_ib_inside() -> (PureGame<Struggle>, Minden) {
    let (mut g, m) = minden();
    activate_falkenstein(&mut g);
    ok(&mut g, StCommand::Move { to: m.minden });
    battle_begins(&mut g);
    assert_eq!(stage(&g), Some(Stage::Avoid));
    let legal = g.legal();
    // rule 13.5: two units, room for one: not the whole force, but either unit alone
    assert!(!legal.contains(&StCommand::Withdraw), "{legal:?}");
    assert!(legal.contains(&StCommand::WithdrawUnit { unit: m.hn }));
    assert!(legal.contains(&StCommand::WithdrawUnit { unit: m.ib }));
    ok(&mut g, StCommand::WithdrawUnit { unit: m.ib });
    (g, m)
}

// rules 13.2, 13.5: a force larger than its fortress's capacity puts some units inside (up
// to the capacity) and fights with the rest: the battle is the Hanoverian Corps' alone.
#[test]
fn a_force_larger_than_the_capacity_puts_one_unit_inside_and_fights_with_the_rest() {
    let (mut g, m) = enter_and_put_the_ib_inside();
    assert_eq!(
        stage(&g),
        Some(Stage::Avoid),
        "the rest may still avoid battle (13.2)"
    );
    assert_eq!(
        siege::sheltered(&g.rules, &g.st, m.minden, Side::Austria),
        vec![m.ib],
        "rule 13.2: the IB is inside"
    );
    assert_eq!(
        siege::outside(&g.rules, &g.st, m.minden, Side::Austria),
        vec![m.hn]
    );
    // rule 13.5: Minden is full: no more unit goes inside
    refused(&mut g, StCommand::WithdrawUnit { unit: m.hn }, "13.2");
    refused(&mut g, StCommand::Withdraw, "13.2");
    // the battle is the Corps' (5 SP) against the three IDs (6 SP)
    let plan = fb::battle_preview(&g.rules, &g.st).expect("a preview");
    assert_eq!(
        plan.sp,
        [6, 5],
        "rule 13.5: the IB inside is not in the battle"
    );
    // the avoid battle of the rest moves the army outside only
    let avoid = fb::avoid_options(&g.rules, &g.st);
    assert!(!avoid.is_empty(), "rule 10.4: the army outside may avoid");
    let mut fled = g.clone();
    let StCommand::Avoid { to, unit } = avoid[0].cmd else {
        panic!("an avoid command")
    };
    fled.dice.script([6]);
    ok(&mut fled, StCommand::Avoid { to, unit });
    assert_eq!(at(&fled, m.hn), Loc::Space(to), "rule 10.4");
    assert_eq!(
        fled.st.generals[m.arendt as usize].loc,
        Loc::Space(to),
        "the general goes with the army"
    );
    assert_eq!(
        at(&fled, m.ib),
        Loc::Space(m.minden),
        "rule 13.2: the IB stays inside"
    );
    assert!(fled.st.g.battle.is_none());
    assert_eq!(
        siege::besieger(&fled.rules, &fled.st, m.minden),
        Some(Side::Prussia),
        "rule 13.2: the IB inside is besieged"
    );

    // the rest stays and fights
    let (a, d) = dice_for(&g, Who::Attacker);
    g.dice.script([a, d]);
    ok(&mut g, StCommand::Done);
    pass_responses(&mut g);
    let b = g.st.g.battle.as_ref().expect("the battle is fought");
    assert_eq!(b.units[1], vec![m.hn], "rule 13.5: only the Corps fought");
    assert_eq!(b.winner, Some(Side::Prussia));
}

// rules 13.2, 13.5, 12.1, 12.4: the unit inside is untouched by the battle's loss and the
// retreat of the beaten force outside; after the battle it is besieged (the marker, 13.2),
// the winners besieging it may pursue (12.4), a siege attempt may be made (13.34), and
// when the place falls the unit inside is lost for good (13.5).
#[test]
fn the_unit_inside_takes_no_loss_stays_when_the_rest_retreats_and_is_besieged() {
    let (mut g, m) = enter_and_put_the_ib_inside();
    let (a, d) = dice_for(&g, Who::Attacker);
    g.dice.script([a, d]);
    ok(&mut g, StCommand::Done);
    pass_responses(&mut g);
    // rule 11.2 step 4: every way to take the Austrian loss leaves the IB out
    while let Some(Stage::Losses(side)) = stage(&g) {
        let opts = fb::loss_options(&g.rules, &g.st);
        if side == Side::Austria {
            for o in &opts {
                assert_eq!(o.fates.len(), 1, "one unit takes the loss: {o:?}");
            }
        }
        if opts.len() > 1 {
            ok(&mut g, StCommand::TakeLosses { choice: 0 });
        } else {
            break;
        }
    }
    if stage(&g) == Some(Stage::Retreat) {
        let to = fb::retreat_options(&g.rules, &g.st)[0];
        ok(&mut g, StCommand::Retreat { to });
    }
    assert_eq!(
        at(&g, m.ib),
        Loc::Space(m.minden),
        "rule 13.2: no retreat for the unit inside"
    );
    assert!(
        !g.st.units[m.ib as usize].reduced,
        "rule 11.2: no loss inside"
    );
    assert_ne!(
        at(&g, m.hn),
        Loc::Space(m.minden),
        "rule 12.1: the Corps retreats"
    );
    assert_ne!(
        g.st.generals[m.arendt as usize].loc,
        Loc::Space(m.minden),
        "rule 12.1: its general with it"
    );
    // rule 12.4: the winner besieges a unit inside: a pursuit may be rolled; declined
    assert_eq!(stage(&g), Some(Stage::Pursue), "rule 12.4: pursuit offered");
    assert!(fb::pursuit_chance(&g.rules, &g.st).is_some(), "rule 12.4");
    ok(&mut g, StCommand::Done);
    assert!(g.st.g.battle.is_none());
    assert_eq!(
        g.st.g.besieged[m.minden],
        Some(Side::Prussia),
        "rule 13.2: the besieged marker"
    );
    assert_eq!(
        siege::besieger(&g.rules, &g.st, m.minden),
        Some(Side::Prussia)
    );
    assert_eq!(
        siege::sheltered(&g.rules, &g.st, m.minden, Side::Austria),
        vec![m.ib]
    );

    // the next activation of the Prussians in Minden (13.34: they began it there)
    activate_falkenstein(&mut g);
    assert!(
        g.legal().contains(&StCommand::Siege),
        "rule 13.34: {:?}",
        g.legal()
    );
    let mut fell = None;
    for die in 1..=6u8 {
        let mut t = g.clone();
        t.dice.script([die]);
        ok(&mut t, StCommand::Siege);
        if t.st.g.destroyed[m.minden] {
            fell = Some(t);
            break;
        }
    }
    let t = fell.expect("a face reduces Minden (13.31)");
    assert_eq!(
        at(&t, m.ib),
        Loc::Permanent,
        "rule 13.5: sheltered inside when it fell: lost for good"
    );
    assert_ne!(at(&t, m.hn), Loc::Permanent, "the Corps was outside");
    assert!(t.st.g.inside.is_empty(), "the record ends with the place");
    assert_eq!(t.st.units[m.ids[0] as usize].loc, Loc::Space(m.minden));
}

// rules 13.2, 13.6: the force outside wins: the attacker goes back whence it came, the
// siege never begins (13.42) and the IB is simply in its own fortress again.
#[test]
fn when_the_force_outside_wins_the_unit_inside_rejoins_it() {
    let (mut g, m) = enter_and_put_the_ib_inside();
    let (a, d) = dice_for(&g, Who::Defender);
    g.dice.script([a, d]);
    ok(&mut g, StCommand::Done);
    pass_responses(&mut g);
    let mut guard = 0;
    while g.st.g.battle.is_some() && guard < 20 {
        let c = g.legal()[0].clone();
        ok(&mut g, c);
        guard += 1;
    }
    assert_eq!(
        g.st.generals[m.falk as usize].loc,
        Loc::Space(m.paderborn),
        "rule 12.1: the attacker whence it came"
    );
    assert_eq!(at(&g, m.ib), Loc::Space(m.minden));
    assert!(!g.st.units[m.ib as usize].reduced, "no loss inside");
    assert_eq!(siege::besieger(&g.rules, &g.st, m.minden), None);
    assert!(
        g.st.g.inside.is_empty(),
        "rule 13.42: no siege, no unit inside"
    );
    assert!(siege::sheltered(&g.rules, &g.st, m.minden, Side::Austria).is_empty());
}

// rules 13.2, 13.5: the whole force that fits still withdraws at once (one unit in a
// fortress of value 1): besieged, no battle, the mover goes on; no per-unit record.
#[test]
fn the_whole_force_that_fits_still_withdraws_at_once() {
    let (mut g, m) = minden();
    g.st.units[m.hn as usize].loc = Loc::Reserve;
    activate_falkenstein(&mut g);
    ok(&mut g, StCommand::Move { to: m.minden });
    battle_begins(&mut g);
    assert_eq!(stage(&g), Some(Stage::Avoid));
    // one unit alone is the whole force: no per-unit command for it
    assert!(
        !g.legal()
            .iter()
            .any(|c| matches!(c, StCommand::WithdrawUnit { .. })),
        "{:?}",
        g.legal()
    );
    refused(&mut g, StCommand::WithdrawUnit { unit: m.ib }, "13.2");
    ok(&mut g, StCommand::Withdraw);
    assert!(g.st.g.battle.is_none());
    assert_eq!(g.st.g.besieged[m.minden], Some(Side::Prussia));
    assert_eq!(
        siege::sheltered(&g.rules, &g.st, m.minden, Side::Austria),
        vec![m.ib]
    );
    assert!(g.st.g.inside.is_empty(), "the whole-force reading");
    assert_eq!(g.st.g.step, Step::Move, "rule 9.53: the mover goes on");
}

// rule 13.5: a major city hosts any number: after one unit goes in, the rest may follow
// all together (Withdraw) and the battle is off.
#[test]
fn in_a_major_city_units_go_in_one_by_one_and_then_the_rest() {
    let mut g = empty_board();
    let hanover = space(&g, "Hanover");
    let bs = space(&g, "Braunschweig");
    g.st.g.control[hanover] = Some(Side::Austria);
    put_general(&mut g, "falkenstein", "Braunschweig");
    for _ in 0..3 {
        place(&mut g, "pr-id", "Braunschweig", false);
    }
    put_general(&mut g, "arendtschildt", "Hanover");
    let hn = place(&mut g, "hn-corps", "Hanover", false);
    let ib = place(&mut g, "hc-ib", "Hanover", false);
    let id = place(&mut g, "bd-id", "Hanover", false);
    let quiet = quiet_cards(&g, 3, &[35]);
    give(&mut g, Side::Austria, &quiet);
    assert_eq!(siege::shelter_capacity(&g.rules, &g.st, hanover), None);
    activate_falkenstein(&mut g);
    ok(&mut g, StCommand::Move { to: hanover });
    battle_begins(&mut g);
    assert_eq!(stage(&g), Some(Stage::Avoid));
    ok(&mut g, StCommand::WithdrawUnit { unit: ib });
    ok(&mut g, StCommand::WithdrawUnit { unit: id });
    // one left outside: it withdraws with Withdraw (the rest of the force)
    refused(&mut g, StCommand::WithdrawUnit { unit: hn }, "13.2");
    ok(&mut g, StCommand::Withdraw);
    assert!(g.st.g.battle.is_none(), "no battle");
    let mut inside = siege::sheltered(&g.rules, &g.st, hanover, Side::Austria);
    inside.sort_unstable();
    let mut all = vec![hn, ib, id];
    all.sort_unstable();
    assert_eq!(inside, all);
    assert_eq!(g.st.g.besieged[hanover], Some(Side::Prussia));
    let _ = bs;
}

/// After the partial withdrawal (the IB inside) the Corps and Arendtschildt avoid battle
/// on a 6 (10.4): Falkenstein's army stands in Minden besieging the IB.
fn the_rest_avoids() -> (PureGame<Struggle>, Minden) {
    let (mut g, m) = enter_and_put_the_ib_inside();
    let avoid = fb::avoid_options(&g.rules, &g.st);
    let StCommand::Avoid { to, unit } = avoid[0].cmd else {
        panic!("an avoid command")
    };
    g.dice.script([6]);
    ok(&mut g, StCommand::Avoid { to, unit });
    assert_eq!(at(&g, m.hn), Loc::Space(to), "rule 10.4");
    assert!(g.st.g.battle.is_none());
    assert_eq!(
        siege::besieger(&g.rules, &g.st, m.minden),
        Some(Side::Prussia)
    );
    (g, m)
}

// rule 13.41 (audit 6 item 5c): after the partial-withdrawal avoid the IB is inside
// Minden; Falkenstein's army, which entered Minden in this move, may move on only by
// leaving a combat unit behind to mask (besiege) it. Moving on with every unit is refused
// citing 13.41; once an ID is dropped off the move goes on and the ID keeps the siege.
#[test]
fn after_a_partial_withdrawal_avoid_the_mover_goes_on_only_leaving_a_unit_to_mask() {
    let (mut g, m) = the_rest_avoids();
    refused(&mut g, StCommand::Move { to: m.paderborn }, "13.41");
    ok(
        &mut g,
        StCommand::Drop {
            piece: Piece::Unit(m.ids[0]),
        },
    );
    ok(&mut g, StCommand::Move { to: m.paderborn });
    assert_eq!(at(&g, m.ids[0]), Loc::Space(m.minden));
    assert_eq!(at(&g, m.ids[1]), Loc::Space(m.paderborn));
    assert_eq!(
        siege::besieger(&g.rules, &g.st, m.minden),
        Some(Side::Prussia),
        "rule 13.41: the ID left behind masks the IB inside"
    );
    assert_eq!(
        siege::sheltered(&g.rules, &g.st, m.minden, Side::Austria),
        vec![m.ib]
    );
}

// rule 13.8 (audit 6 item 5d): "A besieged Major City or Fortress ... is unsupplied and
// suffers the effects of 15.3": the IB left inside Minden after the partial-withdrawal
// avoid is unsupplied while the Prussians besiege it (the same place without them is in
// supply), and it rolls for attrition in the Supply Phase (15.5).
#[test]
fn the_unit_left_inside_is_unsupplied_while_besieged() {
    let (mut g, m) = the_rest_avoids();
    let mut free = g.st.clone();
    for u in &m.ids {
        free.units[*u as usize].loc = Loc::Space(m.paderborn);
    }
    free.g.besieged[m.minden] = None;
    assert!(
        feldzug::games::struggle::endturn::supplied(&g.rules, &free, m.minden, Side::Austria),
        "Minden unbesieged traces an LOC"
    );
    assert!(
        !feldzug::games::struggle::endturn::supplied(&g.rules, &g.st, m.minden, Side::Austria),
        "rule 13.8"
    );
    g.dice.script([1; 30]);
    crate::st_a5::end_turn(&mut g);
    assert!(
        crate::st_a5::logged(&g, "Austria in Minden is out of supply"),
        "rule 13.8, 15.5: the IB inside rolls for attrition"
    );
}
