//! 1866, session 14 (issue 13): the partial withdrawal (13.2) and the sieges that follow
//! it. The fuzzer's failure (a corps put inside and replaced by its EBC by attrition), the
//! audit-6 defects D1-D3 and its untested rows. Driven through `PureGame::apply` from
//! positions built on the 22.2 set-up; dice are scripted.

use crate::st_common::*;
use feldzug::engine::game::{PureGame, RulesGame};
use feldzug::engine::side::Side;
use feldzug::games::struggle::Struggle;
use feldzug::games::struggle::battle::{Fate, Who};
use feldzug::games::struggle::flow_battle::{self as fb, Stage};
use feldzug::games::struggle::siege;
use feldzug::games::struggle::state::*;

pub(crate) struct Minden {
    pub(crate) minden: usize,
    /// The Hanoverian Corps.
    pub(crate) hn: u16,
    /// The Hesse-Cassel IB.
    pub(crate) ib: u16,
}

/// Minden (a fortress of value 1: room for one combat unit, 13.5) held by Austria with
/// Arendtschildt, the Hanoverian Corps and a Hesse-Cassel IB in it; Falkenstein with three
/// Prussian IDs next door in Paderborn. Austria holds three cards that answer nothing.
fn minden() -> (PureGame<Struggle>, Minden) {
    let mut g = empty_board();
    let minden = space(&g, "Minden");
    g.st.g.control[minden] = Some(Side::Austria);
    g.st.g.besieged[minden] = None;
    put_general(&mut g, "falkenstein", "Paderborn");
    for _ in 0..3 {
        place(&mut g, "pr-id", "Paderborn", false);
    }
    put_general(&mut g, "arendtschildt", "Minden");
    let hn = place(&mut g, "hn-corps", "Minden", false);
    let ib = place(&mut g, "hc-ib", "Minden", false);
    let quiet = quiet_cards(&g, 3, &[35]);
    give(&mut g, Side::Austria, &quiet);
    (g, Minden { minden, hn, ib })
}

fn invariants(g: &PureGame<Struggle>) {
    if let Err(e) = Struggle::check_invariants(&g.rules, &g.st) {
        panic!("{e}");
    }
}

/// Plays a rolled battle on (first losses, first retreat space, `Done` otherwise) until
/// the pursuit decision (12.4) or its end, checking the invariants after each command.
pub(crate) fn fight_to_pursuit(g: &mut PureGame<Struggle>) {
    let mut guard = 0;
    while g.st.g.battle.is_some() && stage(g) != Some(Stage::Pursue) && guard < 20 {
        let c = match stage(g) {
            Some(Stage::Retreat) => StCommand::Retreat {
                to: fb::retreat_options(&g.rules, &g.st)[0],
            },
            Some(Stage::Losses(_)) => StCommand::TakeLosses { choice: 0 },
            _ => StCommand::Done,
        };
        ok(g, c);
        invariants(g);
        guard += 1;
    }
}

/// Falkenstein enters Minden and Austria puts `unit` inside (13.2); the rest outside
/// loses the battle and retreats; the game stops at the pursuit decision (12.4) if there
/// is one.
pub(crate) fn partial_battle_lost(unit: fn(&Minden) -> u16) -> (PureGame<Struggle>, Minden) {
    let (mut g, m) = minden();
    activate_falkenstein(&mut g);
    ok(&mut g, StCommand::Move { to: m.minden });
    battle_begins(&mut g);
    assert_eq!(stage(&g), Some(Stage::Avoid));
    ok(&mut g, StCommand::WithdrawUnit { unit: unit(&m) });
    let (a, d) = dice_for(&g, Who::Attacker);
    g.dice.script([a, d]);
    ok(&mut g, StCommand::Done);
    pass_responses(&mut g);
    fight_to_pursuit(&mut g);
    (g, m)
}

// ------------------------------------------------------- part 0: the fuzzer's failure

// rules 13.2, 13.5, 13.8, 15.5, 11.2 step 4: the Hanoverian Corps and a Hesse-Cassel IB
// withdrawn into Hanover (a major city) while a Baden ID outside is beaten off: both are
// besieged and unsupplied (13.8). Attrition in the Supply Phase eliminates the reduced
// Corps and its EBC from the Corps Support Box takes its place. The EBC stands where the
// Corps stood, inside the walls: it is in the withdrawal's record, and no Austrian unit
// stands outside with the Prussians there. Old code left the EBC outside the record
// (the IB kept the record alive), which broke the invariant "units left outside ... after
// a partial withdrawal" in random games (seven weeks seed 582, options seed 12).
#[test]
fn a_corps_inside_replaced_by_its_ebc_by_attrition_stays_inside() {
    let mut g = empty_board();
    let hanover = space(&g, "Hanover");
    g.st.g.control[hanover] = Some(Side::Austria);
    put_general(&mut g, "falkenstein", "Braunschweig");
    for _ in 0..3 {
        place(&mut g, "pr-id", "Braunschweig", false);
    }
    put_general(&mut g, "arendtschildt", "Hanover");
    let hn = place(&mut g, "hn-corps", "Hanover", true);
    let ib = place(&mut g, "hc-ib", "Hanover", false);
    let id = place(&mut g, "bd-id", "Hanover", false);
    let quiet = quiet_cards(&g, 3, &[35]);
    give(&mut g, Side::Austria, &quiet);
    activate_falkenstein(&mut g);
    ok(&mut g, StCommand::Move { to: hanover });
    battle_begins(&mut g);
    assert_eq!(stage(&g), Some(Stage::Avoid));
    ok(&mut g, StCommand::WithdrawUnit { unit: hn });
    ok(&mut g, StCommand::WithdrawUnit { unit: ib });
    let (a, d) = dice_for(&g, Who::Attacker);
    g.dice.script([a, d]);
    ok(&mut g, StCommand::Done);
    pass_responses(&mut g);
    let mut guard = 0;
    while g.st.g.battle.is_some() && guard < 20 {
        let c = match stage(&g) {
            Some(Stage::Retreat) => StCommand::Retreat {
                to: fb::retreat_options(&g.rules, &g.st)[0],
            },
            Some(Stage::Losses(_)) => StCommand::TakeLosses { choice: 0 },
            _ => StCommand::Done,
        };
        ok(&mut g, c);
        invariants(&g);
        guard += 1;
    }
    assert_ne!(g.st.units[id as usize].loc, Loc::Space(hanover));
    let mut inside = siege::sheltered(&g.rules, &g.st, hanover, Side::Austria);
    inside.sort_unstable();
    assert_eq!(inside, vec![hn.min(ib), hn.max(ib)]);
    // the operational phase ends: Prussia's last round is a free OP used for nothing
    g.st.g.rounds_left = [0, 1];
    g.st.g.to_play = Side::Prussia;
    g.st.g.step = Step::Round;
    g.st.g.op = None;
    ok(
        &mut g,
        StCommand::FreeOp {
            use_: Use::Individual,
        },
    );
    g.dice.script([6; 30]);
    let before: Vec<Loc> = g.st.units.iter().map(|u| u.loc).collect();
    ok(&mut g, StCommand::Done);
    let mut guard = 0;
    while stage(&g) == Some(Stage::Attrition) && guard < 10 {
        let opts = fb::loss_options(&g.rules, &g.st);
        let choice = opts
            .iter()
            .position(|o| {
                o.fates
                    .iter()
                    .any(|f| matches!(f, Fate::Replaced { steps: 0 | 1 }))
            })
            .unwrap_or(0);
        ok(
            &mut g,
            StCommand::TakeLosses {
                choice: choice as u16,
            },
        );
        invariants(&g);
        guard += 1;
    }
    assert!(
        g.log
            .entries
            .iter()
            .any(|e| e.text.contains("Austria in Hanover is out of supply")),
        "rule 13.8: the besieged city is unsupplied and rolls for attrition (15.5)"
    );
    let ebc = (0..g.st.units.len() as u16)
        .find(|&u| {
            before[u as usize] != Loc::Space(hanover)
                && g.st.units[u as usize].loc == Loc::Space(hanover)
        })
        .expect("rule 11.2 step 4: the Corps is replaced by its EBC in Hanover");
    assert_eq!(g.st.units[hn as usize].loc, Loc::Eliminated);
    assert_eq!(g.st.units[ib as usize].loc, Loc::Space(hanover));
    assert!(
        g.st.g
            .inside
            .iter()
            .any(|(s, v)| *s == hanover && v.contains(&ebc)),
        "rule 13.2: the EBC is inside, where the Corps was: {:?}",
        g.st.g.inside
    );
    assert!(siege::outside(&g.rules, &g.st, hanover, Side::Austria).is_empty());
    invariants(&g);
}

// ------------------------------------------------ audit 6 list 5: untested rows

// rule 12.4 (audit 6 item 5a): "the winner ... may pursue" when it besieges units of the
// loser: after the partial withdrawal the IB inside Minden is besieged by the Prussian
// winners, so the pursuit is offered (with its chance shown) and a roll is made.
#[test]
fn the_winner_besieging_the_unit_inside_is_offered_a_pursuit() {
    let (mut g, m) = partial_battle_lost(|m| m.ib);
    assert_ne!(g.st.units[m.hn as usize].loc, Loc::Space(m.minden), "12.1");
    assert_eq!(stage(&g), Some(Stage::Pursue), "rule 12.4: pursuit offered");
    assert!(
        fb::pursuit_chance(&g.rules, &g.st).is_some(),
        "rule 12.4: its chance is shown"
    );
    assert!(g.legal().contains(&StCommand::Done), "it may be declined");
    ok(&mut g, StCommand::Done);
    assert!(g.st.g.battle.is_none());
    assert_eq!(
        siege::sheltered(&g.rules, &g.st, m.minden, Side::Austria),
        vec![m.ib]
    );
    invariants(&g);
}
