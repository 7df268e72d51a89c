//! 1866: battles as both players' decisions (10, 11, 12): interception, coordinated attack,
//! avoid battle, responses, losses, retreat and pursuit, driven through `PureGame::apply`
//! from positions built on the 22.2 set-up (every other piece taken off the board so that
//! only the pieces of the case act). Dice are scripted.

use crate::st_common::*;
use feldzug::engine::game::{PureGame, RulesGame};
use feldzug::engine::side::Side;
use feldzug::games::struggle::Struggle;
use feldzug::games::struggle::cards::{CardId, ResponseWhen};
use feldzug::games::struggle::flow_battle::{self as fb, Stage};
use feldzug::games::struggle::state::*;

/// A free unit of type `ty` (not yet used by the test) placed in `at`.
fn place(g: &mut PureGame<Struggle>, ty: &str, at: &str, reduced: bool) -> u16 {
    let s = space(g, at);
    let u = g
        .rules
        .unit_by_type(ty)
        .into_iter()
        .find(|&u| {
            !matches!(
                g.st.units[u as usize].loc,
                Loc::Space(_) | Loc::CorpsSupport
            )
        })
        .or_else(|| {
            let v = g.rules.unit_by_type(ty);
            v.into_iter()
                .find(|&u| g.st.units[u as usize].loc == Loc::CorpsSupport)
        })
        .unwrap_or_else(|| panic!("no free {ty}"));
    g.st.units[u as usize] = UnitState {
        loc: Loc::Space(s),
        reduced,
    };
    u
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

fn gen_at(g: &PureGame<Struggle>, x: u8) -> Loc {
    g.st.generals[x as usize].loc
}

/// Card #35 Reserves from Inner Austria (3 OP) activates Falkenstein (initiative 3).
fn activate_falkenstein(g: &mut PureGame<Struggle>, extra: &[CardId]) {
    let mut hand = vec![35];
    hand.extend_from_slice(extra);
    give(g, Side::Prussia, &hand);
    let f = general(g, "falkenstein");
    ok(
        g,
        StCommand::Play {
            card: 35,
            use_: Use::Activate { general: f },
        },
    );
    decline_window(g);
    assert_eq!(g.st.g.step, Step::Move);
}

struct Hanover {
    falk: u8,
    fred: u8,
    arendt: u8,
    ids: Vec<u16>,
    vii: u16,
    hn: u16,
}

/// The example of play, War turn 1 WOR3: Falkenstein and three IDs next to Braunschweig
/// (Magdeburg), Frederick and the 7th Corps at Minden, Arendtschildt and the Hanoverian
/// Corps in Hanover, an Hn IB in the Corps Support Box.
fn hanover(with_frederick: bool) -> (PureGame<Struggle>, Hanover) {
    let mut g = empty_board();
    let falk = put_general(&mut g, "falkenstein", "Magdeburg");
    let ids = (0..3)
        .map(|_| place(&mut g, "pr-id", "Magdeburg", false))
        .collect();
    let fred = general(&g, "frederick");
    let mut vii = 0;
    if with_frederick {
        put_general(&mut g, "frederick", "Minden");
        vii = place(&mut g, "pr-7", "Minden", false);
    }
    let arendt = put_general(&mut g, "arendtschildt", "Hanover");
    let hn = place(&mut g, "hn-corps", "Hanover", false);
    let hn_ib = g.rules.unit_by_type("hn-ib");
    assert!(
        hn_ib
            .iter()
            .any(|&u| g.st.units[u as usize].loc == Loc::CorpsSupport),
        "the Hn IB waits in the Corps Support Box"
    );
    let quiet = quiet_cards(&g, 3, &[35, 26]);
    give(&mut g, Side::Austria, &quiet);
    (
        g,
        Hanover {
            falk,
            fred,
            arendt,
            ids,
            vii,
            hn,
        },
    )
}

// rules 10.2, 11.4-11.44, 11.2 steps 2-5, 12.1, 11.3, 12.4; example of play War turn 1
// WOR3: Falkenstein enters Braunschweig (Arendtschildt fails to intercept with a 3), then
// Hanover; Frederick's army supports; Auftragstaktik (#26) +1; losses 3 and 5 CF: the 7th
// Corps is flipped, the Hanoverian Corps eliminated and replaced by an Hn IB which is
// flipped; Arendtschildt retreats to Hildesheim; Frederick and the 7th Corps enter
// Hanover; no impetus or pursuit in a major city; +1 VP for beating a corps.
#[test]
fn hanover_coordinated_attack_as_the_example_of_play() {
    let (mut g, h) = hanover(true);
    activate_falkenstein(&mut g, &[26]);
    let vp = g.st.g.vp;
    let hanover = space(&g, "Hanover");
    // 10.2: Arendtschildt may intercept into Braunschweig: 3 in 6 (die > initiative 3)
    // The example's own dice: interception 3 (fails); Frederick's support 4 (succeeds:
    // offensive +1, + 3 of the charts' support_base, 11.42); battle 5 and 3: Falkenstein
    // adds nothing (offensive 0), Auftragstaktik +1 makes the attacker's 6; the
    // defender's 3 +1 (Arendtschildt's defensive rating) makes 4.
    g.dice.script([3, 4, 5, 3]);
    let bs = space(&g, "Braunschweig");
    ok(&mut g, StCommand::Move { to: bs });
    assert_eq!(stage(&g), Some(Stage::Intercept));
    assert_eq!(fb::intercept_chance_in_6(&g.rules, &g.st, h.arendt), 3);
    // the Prussian may not answer for the Austrian (10.1: the inactive player decides)
    assert_eq!(
        <Struggle as RulesGame>::legal(&g.rules, &g.st)
            .iter()
            .filter(|c| matches!(c, StCommand::Move { .. }))
            .count(),
        0
    );
    ok(&mut g, StCommand::Intercept { general: h.arendt });
    // the interception failed: the Hanoverians stay, the move goes on
    assert_eq!(at(&g, h.hn), Loc::Space(hanover));
    decline_window(&mut g);
    assert_eq!(g.st.g.step, Step::Move);
    ok(&mut g, StCommand::Move { to: hanover });
    // 10.8: Arendtschildt may declare an avoid battle before the support die; he stays
    assert_eq!(stage(&g), Some(Stage::Intercept));
    ok(&mut g, StCommand::Done);
    battle_begins(&mut g);
    // 11.4: Frederick's army at Minden may support
    assert_eq!(stage(&g), Some(Stage::Support));
    ok(&mut g, StCommand::Support { general: h.fred });
    // 13.2: Arendtschildt may still withdraw inside Hanover (no die); he stays
    assert_eq!(stage(&g), Some(Stage::Avoid));
    assert!(
        !g.legal()
            .iter()
            .any(|c| matches!(c, StCommand::Avoid { .. }))
    );
    ok(&mut g, StCommand::Done);
    // 11.2 note: the attacker declares first
    assert_eq!(stage(&g), Some(Stage::Respond(Side::Prussia)));
    let plan = fb::battle_preview(&g.rules, &g.st).expect("a preview");
    assert_eq!(plan.sp, [11, 5]);
    assert_eq!(plan.column_label[0], "8-14");
    assert_eq!(plan.column_label[1], "4-7");
    // before the responses: Falkenstein adds nothing, Arendtschildt +1
    assert_eq!(plan.drm, [0, 1]);
    let o = plan.outcome(5, 3);
    assert_eq!((o.modified[0], o.modified[1]), (5, 4));
    ok(&mut g, StCommand::Respond { card: 26 });
    // hidden hands (defect 28): the defender is asked too while he holds cards
    pass_responses(&mut g);
    // the battle dice, each with its modifiers and their cases (11.2 step 3)
    // (the hand-overs between the players are logged among the rolls with die 0)
    let dice: Vec<_> = g
        .dice
        .rolls
        .iter()
        .filter(|r| !r.purpose.starts_with("hand-over"))
        .collect();
    let n = dice.len();
    let (ra, rd) = (dice[n - 2], dice[n - 1]);
    assert_eq!((ra.die, ra.total, rd.die, rd.total), (5, 6, 3, 4));
    assert!(ra.modifiers.iter().any(|m| m.0.contains("#26")));
    assert!(rd.modifiers.iter().any(|m| m.0.contains("defensive")));
    assert!(
        g.log
            .entries
            .iter()
            .any(|e| e.text.contains("inflicts 5") && e.text.contains("inflicts 3")),
        "the battle is logged"
    );
    // the Austrian hand holds no response: the dice were rolled, losses taken (one way
    // each), and the Austrian retreats
    assert_eq!(stage(&g), Some(Stage::Retreat));
    assert!(g.st.units[h.vii as usize].reduced, "7th Corps flipped");
    for &u in &h.ids {
        assert!(!g.st.units[u as usize].reduced);
    }
    assert_eq!(at(&g, h.hn), Loc::Eliminated);
    let ib = g
        .rules
        .unit_by_type("hn-ib")
        .into_iter()
        .find(|&u| at(&g, u) == Loc::Space(hanover))
        .expect("the Hn IB replaced the corps");
    assert!(g.st.units[ib as usize].reduced, "the Hn IB is flipped");
    // 12.1: not into a space with the enemy (Minden, Braunschweig hold none now; Minden
    // holds Frederick's army)
    let minden = space(&g, "Minden");
    refused(&mut g, StCommand::Retreat { to: minden }, "12.1");
    let hildesheim = space(&g, "Hildesheim");
    ok(&mut g, StCommand::Retreat { to: hildesheim });
    assert_eq!(at(&g, ib), Loc::Space(hildesheim));
    assert_eq!(gen_at(&g, h.arendt), Loc::Space(hildesheim));
    // 11.44: Frederick's army may enter the battle space
    assert_eq!(stage(&g), Some(Stage::Advance));
    ok(&mut g, StCommand::Advance { general: h.fred });
    assert_eq!(at(&g, h.vii), Loc::Space(hanover));
    assert_eq!(gen_at(&g, h.fred), Loc::Space(hanover));
    // 11.3, 12.4: Hanover is a major city: no impetus, no pursuit: the use is over
    assert!(g.st.g.battle.is_none());
    assert_eq!(g.st.g.step, Step::Round);
    assert_eq!(g.st.g.to_play, Side::Austria);
    assert_eq!(gen_at(&g, h.falk), Loc::Space(hanover));
    // VP glossary: +1 for a battle won against a corps
    assert_eq!(g.st.g.vp, vp - 1);
    // #26 is played: out of the hand
    assert!(!g.st.cards.hand(Side::Prussia).contains(&26));
}

// rules 10.2, 10.3: a successful interception (die 4 > initiative 3) moves the army into
// the space; the mover may return whence it came and its move ends.
#[test]
fn interception_succeeds_and_the_mover_returns() {
    let (mut g, h) = hanover(false);
    activate_falkenstein(&mut g, &[]);
    let bs = space(&g, "Braunschweig");
    let magdeburg = space(&g, "Magdeburg");
    g.dice.script([4]);
    ok(&mut g, StCommand::Move { to: bs });
    ok(&mut g, StCommand::Intercept { general: h.arendt });
    assert_eq!(at(&g, h.hn), Loc::Space(bs));
    assert_eq!(gen_at(&g, h.arendt), Loc::Space(bs));
    assert_eq!(stage(&g), Some(Stage::Stay));
    // the inactive player does not decide this
    assert_eq!(fb::interceptors(&g.rules, &g.st), Vec::<u8>::new());
    ok(&mut g, StCommand::Return);
    assert_eq!(gen_at(&g, h.falk), Loc::Space(magdeburg));
    for &u in &h.ids {
        assert_eq!(at(&g, u), Loc::Space(magdeburg));
    }
    assert_eq!(g.st.g.step, Step::Round, "the move ended (10.3)");
}

// rules 10.2, 10.3, 10.7: interception fails on a die not above the initiative (3); a
// successful interceptor who fights gets +1 and may not avoid battle.
#[test]
fn interception_fails_on_the_initiative_and_succeeds_with_plus_one() {
    let (mut g, h) = hanover(false);
    activate_falkenstein(&mut g, &[26]);
    let bs = space(&g, "Braunschweig");
    let mut g2 = g.clone();
    g.dice.script([3]);
    ok(&mut g, StCommand::Move { to: bs });
    ok(&mut g, StCommand::Intercept { general: h.arendt });
    assert_eq!(at(&g, h.hn), Loc::Space(space(&g, "Hanover")));
    decline_window(&mut g);
    assert_eq!(g.st.g.step, Step::Move);

    g2.dice.script([4]);
    ok(&mut g2, StCommand::Move { to: bs });
    ok(&mut g2, StCommand::Intercept { general: h.arendt });
    ok(&mut g2, StCommand::Done); // fight
    // 10.7: no avoid battle after intercepting: straight to the responses
    assert_eq!(stage(&g2), Some(Stage::Respond(Side::Prussia)));
    let plan = fb::battle_preview(&g2.rules, &g2.st).expect("a preview");
    assert!(
        plan.modifiers
            .iter()
            .any(|m| m.case.starts_with("10.3") && m.amount == 1),
        "{:?}",
        plan.modifiers
    );
}

// rules 10.4, 10.5: avoid battle succeeds on a die above the initiative and the mover may
// go on; a failure gives the defender -1 on the battle roll.
#[test]
fn avoid_battle_success_and_failure() {
    let (mut g, h) = hanover(false);
    // start next to Hanover so that nobody intercepts
    let bs = space(&g, "Braunschweig");
    g.st.generals[h.falk as usize].loc = Loc::Space(bs);
    for &u in &h.ids {
        g.st.units[u as usize].loc = Loc::Space(bs);
    }
    activate_falkenstein(&mut g, &[26]);
    let hanover = space(&g, "Hanover");
    let hildesheim = space(&g, "Hildesheim");
    ok(&mut g, StCommand::Move { to: hanover });
    assert_eq!(stage(&g), Some(Stage::Avoid));
    // 12.1: not into Braunschweig? (it is empty now: allowed); never into an enemy space
    let opts = fb::avoid_options(&g.rules, &g.st);
    assert!(!opts.is_empty() && opts.iter().all(|o| o.chance_in_6 == 3));
    let mut fail = g.clone();
    g.dice.script([4]);
    ok(
        &mut g,
        StCommand::Avoid {
            to: hildesheim,
            unit: None,
        },
    );
    assert_eq!(at(&g, h.hn), Loc::Space(hildesheim));
    assert_eq!(gen_at(&g, h.arendt), Loc::Space(hildesheim));
    assert_eq!(
        g.st.g.step,
        Step::Move,
        "the mover may spend its MPs (10.4)"
    );
    assert!(g.st.g.battle.is_none());

    fail.dice.script([3]);
    ok(
        &mut fail,
        StCommand::Avoid {
            to: hildesheim,
            unit: None,
        },
    );
    assert_eq!(at(&fail, h.hn), Loc::Space(hanover));
    assert_eq!(stage(&fail), Some(Stage::Respond(Side::Prussia)));
    let plan = fb::battle_preview(&fail.rules, &fail.st).expect("a preview");
    assert!(
        plan.modifiers
            .iter()
            .any(|m| m.case.starts_with("10.4") && m.amount == -1),
        "{:?}",
        plan.modifiers
    );
}

// rules 9.52, 18.6: a general alone retreats, not into the space the enemy came from.
#[test]
fn lone_general_retreats() {
    let (mut g, h) = hanover(false);
    g.st.units[h.hn as usize].loc = Loc::Reserve;
    let bs = space(&g, "Braunschweig");
    g.st.generals[h.falk as usize].loc = Loc::Space(bs);
    for &u in &h.ids {
        g.st.units[u as usize].loc = Loc::Space(bs);
    }
    activate_falkenstein(&mut g, &[]);
    let hanover = space(&g, "Hanover");
    ok(&mut g, StCommand::Move { to: hanover });
    // the owner picks among two or more spaces (st_move::lone_general_retreats_where_his_owner_picks)
    if stage(&g) == Some(Stage::GeneralRetreat) {
        let first = g.legal()[0].clone();
        ok(&mut g, first);
    }
    let Loc::Space(to) = gen_at(&g, h.arendt) else {
        panic!("Arendtschildt eliminated")
    };
    assert_ne!(to, hanover);
    assert_ne!(to, bs, "not into the space the enemy came from (9.52)");
    assert!(g.rules.map.route_between(hanover, to).is_some());
    decline_window(&mut g);
    assert_eq!(g.st.g.step, Step::Move);
}

// rule 9.51: an army entering a minor city with a lone EBC at 5:1 eliminates it without a
// battle and moves on.
#[test]
fn overrun_of_a_lone_ebc() {
    let (mut g, h) = hanover(false);
    let bs = space(&g, "Braunschweig");
    g.st.units[h.hn as usize].loc = Loc::Reserve;
    g.st.generals[h.arendt as usize].loc = Loc::Pool;
    g.st.generals[h.falk as usize].loc = Loc::Space(bs);
    for &u in &h.ids {
        g.st.units[u as usize].loc = Loc::Space(bs);
    }
    let hildesheim = space(&g, "Hildesheim");
    // a 1-SP IB (the Hanoverian IB has 2 SP since the example of play)
    let ib = place(&mut g, "ns-ib", "Hildesheim", false);
    activate_falkenstein(&mut g, &[]);
    ok(&mut g, StCommand::Move { to: hildesheim });
    assert_eq!(at(&g, ib), Loc::Eliminated);
    assert!(g.st.g.battle.is_none());
    assert_eq!(g.st.g.step, Step::Move, "the army moves on");
    // 6 SP against 2 SP is no 5:1: a battle
    let (mut g, h) = hanover(false);
    g.st.units[h.hn as usize].loc = Loc::Reserve;
    g.st.generals[h.arendt as usize].loc = Loc::Pool;
    g.st.generals[h.falk as usize].loc = Loc::Space(bs);
    for &u in &h.ids {
        g.st.units[u as usize].loc = Loc::Space(bs);
    }
    let div = place(&mut g, "hn-div", "Hildesheim", false);
    activate_falkenstein(&mut g, &[]);
    ok(&mut g, StCommand::Move { to: hildesheim });
    assert_eq!(at(&g, div), Loc::Space(hildesheim));
    assert_eq!(g.st.g.step, Step::Battle);
}

// rule 6.25, 11.2 step 2 note: the attacker declares his responses first, then the
// defender; each lists only his own playable cards.
#[test]
fn responses_attacker_first() {
    let (mut g, h) = hanover(false);
    let bs = space(&g, "Braunschweig");
    g.st.generals[h.falk as usize].loc = Loc::Space(bs);
    for &u in &h.ids {
        g.st.units[u as usize].loc = Loc::Space(bs);
    }
    let au: CardId = g
        .rules
        .cards
        .cards
        .iter()
        .find(|c| {
            c.response == Some(ResponseWhen::BeforeBattleRoll)
                && c.event_allowed(Side::Austria, true)
        })
        .map(|c| c.id)
        .expect("an Austrian battle response");
    give(&mut g, Side::Austria, &[au]);
    activate_falkenstein(&mut g, &[26]);
    let hanover = space(&g, "Hanover");
    ok(&mut g, StCommand::Move { to: hanover });
    ok(&mut g, StCommand::Done); // no avoid
    assert_eq!(stage(&g), Some(Stage::Respond(Side::Prussia)));
    // the defender's card is not his to play yet
    refused(&mut g, StCommand::Respond { card: au }, "6.25");
    ok(&mut g, StCommand::Done);
    assert_eq!(stage(&g), Some(Stage::Respond(Side::Austria)));
    refused(&mut g, StCommand::Respond { card: 26 }, "6.25");
    ok(&mut g, StCommand::Respond { card: au });
    assert!(!g.st.cards.hand(Side::Austria).contains(&au));
    assert!(g.st.cards.hand(Side::Prussia).contains(&26));
}

// rules 12.4, 12.5: the winner of a battle in a minor city may pursue: a die <= his
// rating; the loser rolls attrition and retreats again, not into the battle space.
#[test]
fn pursuit_after_a_won_battle() {
    let (mut g, h) = hanover(false);
    // a position built for the test: Falkenstein (offensive 0 since the example of play)
    // given an offensive rating of 1, so that a pursuit can succeed
    let mut r = (*g.rules).clone();
    r.generals[h.falk as usize].offensive = 1;
    g.rules = std::sync::Arc::new(r);
    let bs = space(&g, "Braunschweig");
    let hanover = space(&g, "Hanover");
    let hildesheim = space(&g, "Hildesheim");
    g.st.units[h.hn as usize].loc = Loc::Space(hildesheim);
    g.st.generals[h.arendt as usize].loc = Loc::Space(hildesheim);
    g.st.generals[h.falk as usize].loc = Loc::Space(bs);
    for &u in &h.ids {
        g.st.units[u as usize].loc = Loc::Space(bs);
    }
    activate_falkenstein(&mut g, &[]);
    ok(&mut g, StCommand::Move { to: hildesheim });
    assert_eq!(stage(&g), Some(Stage::Avoid));
    let plan = fb::battle_preview(&g.rules, &g.st).expect("a preview");
    let o = plan.outcome(6, 1);
    assert_eq!(o.winner, feldzug::games::struggle::battle::Who::Attacker);
    // no avoid; both sides pass the responses (defect 28: asked while holding cards)
    g.dice.script([6, 1]);
    ok(&mut g, StCommand::Done);
    pass_responses(&mut g);
    while matches!(stage(&g), Some(Stage::Losses(_))) {
        ok(&mut g, StCommand::TakeLosses { choice: 0 });
    }
    // 14.4: a friendly retreat space (Hanover; the 9.62 junction also leads to others)
    if stage(&g) == Some(Stage::Retreat) {
        ok(&mut g, StCommand::Retreat { to: hanover });
    }
    assert_eq!(gen_at(&g, h.arendt), Loc::Space(hanover));
    assert_eq!(stage(&g), Some(Stage::Pursue));
    // Falkenstein's offensive rating (1 here): pursuit on a 1
    let chance = fb::pursuit_chance(&g.rules, &g.st).expect("pursuit allowed");
    assert!(chance >= 1);
    // die 1: success; attrition die 1
    g.dice.script([1, 1]);
    ok(&mut g, StCommand::Pursue);
    assert_eq!(gen_at(&g, h.falk), Loc::Space(hanover));
    // the second retreat: never back into the battle space (12.5)
    if stage(&g) == Some(Stage::Retreat) {
        assert!(!g.legal().contains(&StCommand::Retreat { to: hildesheim }));
        let to = match g.legal().first() {
            Some(StCommand::Retreat { to }) => *to,
            other => panic!("{other:?}"),
        };
        ok(&mut g, StCommand::Retreat { to });
    }
    assert!(g.st.g.battle.is_none());
    assert_ne!(gen_at(&g, h.arendt), Loc::Space(hanover));
    assert_ne!(gen_at(&g, h.arendt), Loc::Space(hildesheim));
}

// rule 10.2: no interception into a space that already holds combat units of the active
// player besides the moving force.
#[test]
fn no_interception_into_a_space_held_by_the_mover_side() {
    let (mut g, h) = hanover(false);
    let bs = space(&g, "Braunschweig");
    let id = place(&mut g, "pr-id", "Braunschweig", false);
    activate_falkenstein(&mut g, &[]);
    // the ID in Braunschweig stays behind: Falkenstein's army is the mover
    ok(&mut g, StCommand::Move { to: bs });
    assert!(g.st.g.battle.is_none(), "no interception offered");
    decline_window(&mut g);
    assert_eq!(g.st.g.step, Step::Move);
    assert_eq!(at(&g, h.hn), Loc::Space(space(&g, "Hanover")));
    assert_eq!(at(&g, id), Loc::Space(bs));
}

// rules 10.5, 10.6, 17.2: without a general one unit may avoid on a 6 (a lone CD +1); a
// lone cavalry unit entered by infantry only avoids without a roll.
#[test]
fn avoid_battle_without_a_general_and_lone_cavalry() {
    let (mut g, h) = hanover(false);
    let bs = space(&g, "Braunschweig");
    let hanover = space(&g, "Hanover");
    let hildesheim = space(&g, "Hildesheim");
    g.st.generals[h.arendt as usize].loc = Loc::Pool;
    g.st.units[h.hn as usize].loc = Loc::Reserve;
    g.st.generals[h.falk as usize].loc = Loc::Space(bs);
    for &u in &h.ids {
        g.st.units[u as usize].loc = Loc::Space(bs);
    }
    let cd = place(&mut g, "au-1ltcd", "Hanover", false);
    let mut two = g.clone();
    // two IDs (4 SP): no 5:1 overrun of the lone CD (9.51 comes before avoid battle)
    g.st.units[h.ids[2] as usize].loc = Loc::Reserve;
    activate_falkenstein(&mut g, &[]);
    ok(&mut g, StCommand::Move { to: hanover });
    let opts = fb::avoid_options(&g.rules, &g.st);
    assert!(!opts.is_empty() && opts.iter().all(|o| o.chance_in_6 == 6));
    let real = |g: &PureGame<Struggle>| {
        g.dice
            .rolls
            .iter()
            .filter(|r| !r.purpose.starts_with("hand-over"))
            .count()
    };
    let rolls = real(&g);
    ok(
        &mut g,
        StCommand::Avoid {
            to: hildesheim,
            unit: Some(cd),
        },
    );
    assert_eq!(real(&g), rolls, "10.6: no die");
    assert_eq!(at(&g, cd), Loc::Space(hildesheim));
    decline_window(&mut g);
    assert_eq!(g.st.g.step, Step::Move);

    // 10.5: the Hanoverian Corps and the CD, no general: one unit tries, on a 6
    two.st.units[h.hn as usize].loc = Loc::Space(hanover);
    activate_falkenstein(&mut two, &[26]);
    ok(&mut two, StCommand::Move { to: hanover });
    let opts = fb::avoid_options(&two.rules, &two.st);
    let chance = |u| {
        opts.iter()
            .find(|o| {
                o.cmd
                    == StCommand::Avoid {
                        to: hildesheim,
                        unit: Some(u),
                    }
            })
            .map(|o| o.chance_in_6)
    };
    assert_eq!((chance(h.hn), chance(cd)), (Some(1), Some(2)));
    refused(
        &mut two,
        StCommand::Avoid {
            to: hildesheim,
            unit: None,
        },
        "10.4",
    );
    let mut fail = two.clone();
    two.dice.script([6]);
    ok(
        &mut two,
        StCommand::Avoid {
            to: hildesheim,
            unit: Some(h.hn),
        },
    );
    assert_eq!(at(&two, h.hn), Loc::Space(hildesheim));
    assert_eq!(at(&two, cd), Loc::Space(hanover));
    assert_eq!(stage(&two), Some(Stage::Respond(Side::Prussia)));
    assert!(two.st.g.battle.as_ref().is_some_and(|b| !b.failed_avoid));
    fail.dice.script([5]);
    ok(
        &mut fail,
        StCommand::Avoid {
            to: hildesheim,
            unit: Some(h.hn),
        },
    );
    assert_eq!(at(&fail, h.hn), Loc::Space(hanover));
    assert!(fail.st.g.battle.as_ref().is_some_and(|b| b.failed_avoid));
}

// rule 11.3: an attacker who wins at 2:1 raw SPs outside a fortress or major city may go
// on moving with the MPs it has left.
#[test]
fn attacker_impetus_after_a_won_battle() {
    let (mut g, h) = hanover(false);
    let bs = space(&g, "Braunschweig");
    let hildesheim = space(&g, "Hildesheim");
    g.st.units[h.hn as usize].loc = Loc::Reserve;
    g.st.generals[h.arendt as usize].loc = Loc::Pool;
    g.st.generals[h.falk as usize].loc = Loc::Space(bs);
    for &u in &h.ids {
        g.st.units[u as usize].loc = Loc::Space(bs);
    }
    let div = place(&mut g, "hn-div", "Hildesheim", false);
    activate_falkenstein(&mut g, &[]);
    ok(&mut g, StCommand::Move { to: hildesheim });
    assert_eq!(stage(&g), Some(Stage::Avoid));
    let plan = fb::battle_preview(&g.rules, &g.st).expect("a preview");
    assert!(plan.impetus_if_won, "6 SP against 2 SP in a minor city");
    assert_eq!(
        plan.outcome(6, 1).winner,
        feldzug::games::struggle::battle::Who::Attacker
    );
    g.dice.script([6, 1]);
    ok(&mut g, StCommand::Done); // no avoid
    pass_responses(&mut g); // no responses: the dice roll
    while matches!(stage(&g), Some(Stage::Losses(_) | Stage::Retreat)) {
        let c = g.legal()[0].clone();
        ok(&mut g, c);
    }
    if stage(&g) == Some(Stage::Pursue) {
        ok(&mut g, StCommand::Done);
    }
    assert_ne!(at(&g, div), Loc::Space(hildesheim));
    assert!(g.st.g.battle.is_none());
    assert_eq!(g.st.g.step, Step::Move, "11.3: the winner moves on");
    assert_eq!(gen_at(&g, h.falk), Loc::Space(hildesheim));
}

// rules 21.1, 5.6, 4.3: Prussia reaching the 15+ box by winning a battle against a corps
// does not win at once: the automatic victory is judged in the Victory Check Phase, so
// the turn goes on (audit defect 2). The marker also stops at the 15+ box (4.3).
#[test]
fn a_battle_reaching_fifteen_vp_ends_nothing_before_the_victory_check() {
    let (mut g, h) = hanover(true);
    activate_falkenstein(&mut g, &[26]);
    g.st.g.vp = -14;
    g.dice.script([3, 1, 4, 3]);
    let bs = space(&g, "Braunschweig");
    let hanover = space(&g, "Hanover");
    ok(&mut g, StCommand::Move { to: bs });
    ok(&mut g, StCommand::Intercept { general: h.arendt });
    ok(&mut g, StCommand::Move { to: hanover });
    ok(&mut g, StCommand::Done); // 10.8: no avoid declared
    battle_begins(&mut g);
    ok(&mut g, StCommand::Support { general: h.fred });
    ok(&mut g, StCommand::Done); // 13.2: no withdrawal inside Hanover
    ok(&mut g, StCommand::Respond { card: 26 });
    pass_responses(&mut g);
    assert_eq!(g.st.g.vp, -15, "+1 VP for the corps: the 15+ box");
    assert_ne!(g.st.g.step, Step::GameOver, "no victory in mid-turn");
    assert_eq!(g.st.g.winner, None);
    let hildesheim = space(&g, "Hildesheim");
    ok(&mut g, StCommand::Retreat { to: hildesheim });
    ok(&mut g, StCommand::Advance { general: h.fred });
    assert_eq!(g.st.g.step, Step::Round, "the turn goes on");
    // the last round of the turn, then the Victory Check
    g.st.g.to_play = Side::Prussia;
    g.st.g.rounds_left = [0, 1];
    g.st.g.op = None;
    g.apply(&StCommand::FreeOp {
        use_: Use::Individual,
    })
    .expect("a free OP");
    g.apply(&StCommand::Done).expect("done");
    assert_eq!(
        g.st.g.winner,
        Some(Side::Prussia),
        "judged at the Victory Check"
    );
}

/// Falkenstein's army of three IDs at Paderborn, next to the Prussian fortress Minden
/// (value 1), where `besiegers` (Hanoverian units and Arendtschildt) besiege a Prussian
/// ID sheltered inside (13.5). Returns the game, the garrison ID and the relief IDs.
fn minden_relief() -> (PureGame<Struggle>, Hanover, u16) {
    let (mut g, mut h) = hanover(false);
    let minden = space(&g, "Minden");
    g.st.generals[h.falk as usize].loc = Loc::Space(space(&g, "Paderborn"));
    for &u in &h.ids {
        g.st.units[u as usize].loc = Loc::Space(space(&g, "Paderborn"));
    }
    g.st.units[h.hn as usize].loc = Loc::Space(minden);
    g.st.generals[h.arendt as usize].loc = Loc::Space(minden);
    let inside = place(&mut g, "pr-id", "Minden", false);
    g.st.g.besieged[minden] = Some(Side::Austria);
    assert_eq!(
        feldzug::games::struggle::siege::sheltered(&g.rules, &g.st, minden, Side::Prussia),
        vec![inside],
        "the ID is besieged inside Minden (13.5)"
    );
    h.vii = inside;
    (g, h, inside)
}

/// Dice (attacker, defender) for which `plan` gives the winner `who`.
fn dice_for(
    plan: &feldzug::games::struggle::battle::BattlePlan,
    who: feldzug::games::struggle::battle::Who,
) -> (u8, u8) {
    for a in 1..=6 {
        for d in 1..=6 {
            if plan.outcome(a, d).winner == who {
                return (a, d);
            }
        }
    }
    panic!("no dice give {who:?} the battle")
}

// rule 13.6: a relief force that enters the besieged space fights the besiegers together
// with the force besieged inside, without a roll or an activation of its own; both
// strengths add up (6 + 2 SP against 5); the losses may fall on the garrison; if the relief
// loses it goes back whence it came and the garrison stays inside; if it wins the
// besiegers retreat and the siege is lifted.
#[test]
fn relief_of_a_besieged_fortress_fights_with_the_garrison() {
    let (mut g, h, inside) = minden_relief();
    activate_falkenstein(&mut g, &[]);
    let minden = space(&g, "Minden");
    let paderborn = space(&g, "Paderborn");
    ok(&mut g, StCommand::Move { to: minden });
    // no interception, no support: the besiegers may avoid battle (10.4)
    assert_eq!(stage(&g), Some(Stage::Avoid));
    let plan = fb::battle_preview(&g.rules, &g.st).expect("a preview");
    assert_eq!(
        plan.sp,
        [8, 5],
        "the relief's 6 SP and the garrison's 2 (13.6)"
    );
    let rolls = g.dice.rolls.len();
    let mut won = g.clone();

    // the relief loses
    let (a, d) = dice_for(&plan, feldzug::games::struggle::battle::Who::Defender);
    g.dice.script([a, d]);
    ok(&mut g, StCommand::Done); // no avoid
    pass_responses(&mut g); // no responses: the dice roll
    assert_eq!(
        g.dice.rolls.len() - rolls,
        2 + g.dice.rolls[rolls..]
            .iter()
            .filter(|r| r.purpose.starts_with("hand-over"))
            .count(),
        "no support or sortie roll for the garrison (13.6)"
    );
    let b = g.st.g.battle.as_ref().expect("the battle goes on");
    assert!(
        b.units[0].contains(&inside),
        "the garrison takes part in the losses"
    );
    while let Some(Stage::Losses(side)) = stage(&g) {
        // the attacker keeps the garrison unhurt where he can
        let opts = fb::loss_options(&g.rules, &g.st);
        let pick = if side == Side::Prussia {
            opts.iter()
                .position(|c| {
                    c.fates.last() == Some(&feldzug::games::struggle::battle::Fate::Unhurt)
                })
                .unwrap_or(0)
        } else {
            0
        };
        if opts.len() > 1 {
            ok(
                &mut g,
                StCommand::TakeLosses {
                    choice: pick as u16,
                },
            );
        }
    }
    if stage(&g) == Some(Stage::Retreat) {
        assert_eq!(fb::retreat_options(&g.rules, &g.st), vec![paderborn]);
        ok(&mut g, StCommand::Retreat { to: paderborn });
    }
    // 12.4: the besiegers won in a fortress still besieged: they may pursue (AUDIT13c D3)
    assert_eq!(stage(&g), Some(Stage::Pursue), "rule 12.4");
    // the preview's "win and pursue" counts that pursuit with the roll's own chance
    // (AUDIT13d D5: it read the fortress as unbesieged and showed none)
    let pursue = fb::pursuit_chance(&g.rules, &g.st).expect("a pursuit roll");
    let d_wins = plan
        .outcomes
        .iter()
        .filter(|o| o.winner == feldzug::games::struggle::battle::Who::Defender)
        .count() as u32;
    assert!(pursue > 0 && d_wins > 0);
    assert_eq!(plan.pursuit_in_216[1], d_wins * pursue, "rule 12.4");
    assert!(g.legal().contains(&StCommand::Pursue), "rule 12.4");
    ok(&mut g, StCommand::Done);
    assert!(g.st.g.battle.is_none());
    assert_eq!(
        gen_at(&g, h.falk),
        Loc::Space(paderborn),
        "12.1 whence it came"
    );
    assert_eq!(
        at(&g, inside),
        Loc::Space(minden),
        "the garrison stays inside"
    );
    assert_eq!(
        feldzug::games::struggle::siege::besieger(&g.rules, &g.st, minden),
        Some(Side::Austria),
        "still besieged"
    );

    // the relief wins
    let (a, d) = dice_for(&plan, feldzug::games::struggle::battle::Who::Attacker);
    won.dice.script([a, d]);
    ok(&mut won, StCommand::Done);
    let mut guard = 0;
    while won.st.g.battle.is_some() && guard < 20 {
        let c = won.legal()[0].clone();
        ok(&mut won, c);
        guard += 1;
    }
    assert_ne!(at(&won, h.hn), Loc::Space(minden), "the besiegers retreat");
    assert_ne!(gen_at(&won, h.arendt), Loc::Space(minden));
    assert_eq!(
        feldzug::games::struggle::siege::besieger(&won.rules, &won.st, minden),
        None,
        "13.42: the siege is lifted"
    );
    assert!(
        matches!(at(&won, inside), Loc::Space(s) if s == minden)
            || at(&won, inside) == Loc::Eliminated
    );
}

// rules 13.2, 13.5: the defender first entered in its own fortress or major city may
// withdraw inside instead of fighting or avoiding battle: it is besieged, the mover goes
// on (9.53); not in a minor city, not beyond a fortress's capacity.
#[test]
fn withdrawal_inside_a_major_city_or_fortress() {
    let (mut g, h) = hanover(false);
    let bs = space(&g, "Braunschweig");
    let hanover = space(&g, "Hanover");
    g.st.generals[h.falk as usize].loc = Loc::Space(bs);
    for &u in &h.ids {
        g.st.units[u as usize].loc = Loc::Space(bs);
    }
    let mut minor = g.clone();
    activate_falkenstein(&mut g, &[]);
    ok(&mut g, StCommand::Move { to: hanover });
    assert_eq!(stage(&g), Some(Stage::Avoid));
    ok(&mut g, StCommand::Withdraw);
    assert!(g.st.g.battle.is_none(), "no battle");
    assert_eq!(at(&g, h.hn), Loc::Space(hanover));
    assert_eq!(gen_at(&g, h.arendt), Loc::Space(hanover));
    assert_eq!(
        g.st.g.besieged[hanover],
        Some(Side::Prussia),
        "13.2 besieged"
    );
    assert_eq!(
        feldzug::games::struggle::siege::sheltered(&g.rules, &g.st, hanover, Side::Austria),
        vec![h.hn]
    );
    assert_eq!(
        g.st.g.step,
        Step::Move,
        "the mover may go on (9.53 masking)"
    );
    assert!(
        g.log
            .entries
            .iter()
            .any(|e| e.text.contains("withdraws inside"))
    );

    // a minor city has no inside
    let hildesheim = space(&minor, "Hildesheim");
    minor.st.units[h.hn as usize].loc = Loc::Space(hildesheim);
    minor.st.generals[h.arendt as usize].loc = Loc::Space(hildesheim);
    activate_falkenstein(&mut minor, &[]);
    ok(&mut minor, StCommand::Move { to: hildesheim });
    assert_eq!(stage(&minor), Some(Stage::Avoid));
    refused(&mut minor, StCommand::Withdraw, "13.2");

    // a fortress of value 1 shelters one unit, not two (13.5)
    let (mut two, h2, _) = minden_relief();
    let minden = space(&two, "Minden");
    // Minden held by Austria for this test: the Hanoverians are its garrison, outside
    two.st.g.control[minden] = Some(Side::Austria);
    two.st.g.besieged[minden] = None;
    two.st.units[h2.vii as usize].loc = Loc::Reserve;
    let mut one = two.clone();
    place(&mut two, "hn-ib", "Minden", false);
    activate_falkenstein(&mut two, &[]);
    ok(&mut two, StCommand::Move { to: minden });
    assert_eq!(stage(&two), Some(Stage::Avoid));
    refused(&mut two, StCommand::Withdraw, "13.2");
    activate_falkenstein(&mut one, &[]);
    ok(&mut one, StCommand::Move { to: minden });
    ok(&mut one, StCommand::Withdraw);
    assert_eq!(one.st.g.besieged[minden], Some(Side::Prussia));
    assert_eq!(at(&one, h2.hn), Loc::Space(minden));
}

// rules 9.51, 13.2: a lone EBC in its own major city, entered by an army at 5:1, may not
// avoid battle; it withdraws inside or is overrun.
#[test]
fn overrun_in_a_major_city_or_withdrawal_inside() {
    let (mut g, h) = hanover(false);
    let bs = space(&g, "Braunschweig");
    let hanover = space(&g, "Hanover");
    let hildesheim = space(&g, "Hildesheim");
    g.st.units[h.hn as usize].loc = Loc::Reserve;
    g.st.generals[h.arendt as usize].loc = Loc::Pool;
    g.st.generals[h.falk as usize].loc = Loc::Space(bs);
    for &u in &h.ids {
        g.st.units[u as usize].loc = Loc::Space(bs);
    }
    let ib = place(&mut g, "ns-ib", "Hanover", false);
    activate_falkenstein(&mut g, &[]);
    ok(&mut g, StCommand::Move { to: hanover });
    assert_eq!(stage(&g), Some(Stage::Avoid));
    assert!(
        fb::avoid_options(&g.rules, &g.st).is_empty(),
        "9.51: no avoid"
    );
    refused(
        &mut g,
        StCommand::Avoid {
            to: hildesheim,
            unit: Some(ib),
        },
        "10.4",
    );
    let mut inside = g.clone();
    ok(&mut g, StCommand::Done);
    assert_eq!(at(&g, ib), Loc::Eliminated, "overrun");
    assert!(g.st.g.battle.is_none());
    decline_window(&mut g);
    assert_eq!(g.st.g.step, Step::Move);
    ok(&mut inside, StCommand::Withdraw);
    assert_eq!(at(&inside, ib), Loc::Space(hanover));
    assert_eq!(inside.st.g.besieged[hanover], Some(Side::Prussia));
    assert_eq!(inside.st.g.step, Step::Move);
}

// rules 15.3, 15.1: an unsupplied force has -2 on its battle roll; the odds shown and the
// roll made are the same plan (both show the modifier, the logged roll applies it).
#[test]
fn unsupplied_forces_fight_at_minus_two() {
    use feldzug::games::struggle::endturn;
    let (mut g, h) = hanover(false);
    let bs = space(&g, "Braunschweig");
    let hildesheim = space(&g, "Hildesheim");
    g.st.units[h.hn as usize].loc = Loc::Space(hildesheim);
    g.st.generals[h.arendt as usize].loc = Loc::Space(hildesheim);
    g.st.generals[h.falk as usize].loc = Loc::Space(bs);
    for &u in &h.ids {
        g.st.units[u as usize].loc = Loc::Space(bs);
    }
    let base = g.clone();
    let unsupplied = |plan: &feldzug::games::struggle::battle::BattlePlan, who| {
        plan.modifiers
            .iter()
            .filter(|m| m.who == who && m.case.starts_with("15.3"))
            .map(|m| m.amount)
            .sum::<i32>()
    };
    use feldzug::games::struggle::battle::Who;
    activate_falkenstein(&mut g, &[]);
    ok(&mut g, StCommand::Move { to: hildesheim });
    assert_eq!(stage(&g), Some(Stage::Avoid));
    // then every space Prussian (after the avoid options were offered, 14.4): the
    // Hanoverians in Hildesheim trace no LOC
    for c in g.st.g.control.iter_mut() {
        if c.is_some() {
            *c = Some(Side::Prussia);
        }
    }
    assert!(!endturn::supplied(
        &g.rules,
        &g.st,
        hildesheim,
        Side::Austria
    ));
    assert!(endturn::supplied(&g.rules, &g.st, bs, Side::Prussia));
    let plan = fb::battle_preview(&g.rules, &g.st).expect("a preview");
    assert_eq!(unsupplied(&plan, Who::Defender), -2);
    assert_eq!(unsupplied(&plan, Who::Attacker), 0);
    g.dice.script([3, 3]);
    ok(&mut g, StCommand::Done);
    pass_responses(&mut g);
    let d = g
        .dice
        .rolls
        .iter()
        .rev()
        .find(|r| r.purpose.contains("(defender)"))
        .expect("the defender's roll");
    assert!(
        d.modifiers
            .iter()
            .any(|m| m.0.starts_with("15.3") && m.1 == -2)
    );
    assert_eq!(d.total, 3 + d.modifiers.iter().map(|m| m.1).sum::<i32>());

    // every space Austrian: now the Prussian attacker is the unsupplied one
    let mut a = base.clone();
    for c in a.st.g.control.iter_mut() {
        if c.is_some() {
            *c = Some(Side::Austria);
        }
    }
    assert!(!endturn::supplied(
        &a.rules,
        &a.st,
        hildesheim,
        Side::Prussia
    ));
    activate_falkenstein(&mut a, &[]);
    ok(&mut a, StCommand::Move { to: hildesheim });
    let plan = fb::battle_preview(&a.rules, &a.st).expect("a preview");
    assert_eq!(unsupplied(&plan, Who::Attacker), -2);
    assert_eq!(unsupplied(&plan, Who::Defender), 0);

    // as set up, both in supply: no modifier
    let mut b = base;
    activate_falkenstein(&mut b, &[]);
    ok(&mut b, StCommand::Move { to: hildesheim });
    let plan = fb::battle_preview(&b.rules, &b.st).expect("a preview");
    assert_eq!(
        unsupplied(&plan, Who::Attacker) + unsupplied(&plan, Who::Defender),
        0
    );
}

// rule 12.4: the pursuit die is compared with the VICTORIOUS GENERAL's rating: the
// general who commanded the battle (the example's Falkenstein, whose offensive rating
// the attacker's battle die used), not a more senior general whose supporting army
// joined (Frederick). Hanover is reduced here so that pursuit is allowed. Old code: the
// most senior general in the space after the battle (AUDIT13d D5).
#[test]
fn the_pursuit_uses_the_rating_of_the_general_who_won_the_battle() {
    let (mut g, h) = hanover(true);
    let mut r = (*g.rules).clone();
    r.generals[h.falk as usize].offensive = 0;
    r.generals[h.fred as usize].offensive = 3;
    g.rules = std::sync::Arc::new(r);
    let hanover = space(&g, "Hanover");
    g.st.g.destroyed[hanover] = true;
    activate_falkenstein(&mut g, &[]);
    let bs = space(&g, "Braunschweig");
    ok(&mut g, StCommand::Move { to: bs });
    while stage(&g) == Some(Stage::Intercept) {
        ok(&mut g, StCommand::Done);
    }
    decline_window(&mut g);
    ok(&mut g, StCommand::Move { to: hanover });
    while stage(&g) == Some(Stage::Intercept) {
        ok(&mut g, StCommand::Done);
    }
    battle_begins(&mut g);
    assert_eq!(stage(&g), Some(Stage::Support));
    g.dice.script([6]);
    ok(&mut g, StCommand::Support { general: h.fred });
    while stage(&g) == Some(Stage::Avoid) {
        ok(&mut g, StCommand::Done);
    }
    let plan = fb::battle_preview(&g.rules, &g.st).expect("a preview");
    let (a, d) = dice_for(&plan, feldzug::games::struggle::battle::Who::Attacker);
    g.dice.script([a, d]);
    pass_responses(&mut g);
    while let Some(Stage::Losses(_)) = stage(&g) {
        ok(&mut g, StCommand::TakeLosses { choice: 0 });
    }
    assert_eq!(stage(&g), Some(Stage::Retreat));
    let hildesheim = space(&g, "Hildesheim");
    ok(&mut g, StCommand::Retreat { to: hildesheim });
    // 11.44: Frederick's supporting army enters the battle space
    assert_eq!(stage(&g), Some(Stage::Advance));
    ok(&mut g, StCommand::Advance { general: h.fred });
    assert_eq!(gen_at(&g, h.fred), Loc::Space(hanover), "Frederick joined");
    let roll = fb::pursuit_roll(&g.rules, &g.st).expect("12.4: pursuit allowed");
    assert_eq!(
        roll.need,
        feldzug::games::struggle::battle::Need::AtMost(0),
        "Falkenstein's offensive rating 0, not Frederick's 3"
    );
    // the preview before the battle showed the same general's chance
    let wins = plan
        .outcomes
        .iter()
        .filter(|o| o.winner == feldzug::games::struggle::battle::Who::Attacker)
        .count() as u32;
    assert_eq!(plan.pursuit_in_216[0], wins * roll.chance_in_6());
}
