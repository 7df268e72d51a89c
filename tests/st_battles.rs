//! 1866: battles as both players' decisions (10, 11, 12): interception, coordinated attack,
//! avoid battle, responses, losses, retreat and pursuit, driven through `PureGame::apply`
//! from positions built on the 22.2 set-up (every other piece taken off the board so that
//! only the pieces of the case act). Dice are scripted.

use crate::st_common::*;
use feldzug::engine::game::{PureGame, RulesGame};
use feldzug::engine::scenarios;
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

fn put_general(g: &mut PureGame<Struggle>, id: &str, at: &str) -> u8 {
    let x = general(g, id);
    let s = space(g, at);
    g.st.generals[x as usize].loc = Loc::Space(s);
    x
}

/// Cards that are no battle response of anyone (fillers for a hand).
fn quiet_cards(g: &PureGame<Struggle>, n: usize, not: &[CardId]) -> Vec<CardId> {
    g.rules
        .cards
        .cards
        .iter()
        .filter(|c| c.response.is_none() && !c.mandatory && c.ops >= 3 && !not.contains(&c.id))
        .map(|c| c.id)
        .take(n)
        .collect()
}

/// 22.2 after the set-up choices, with an empty board: every unit off the map (the Corps
/// Support Box kept), every general in the holding area. Prussia is to play.
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
    assert_eq!(g.st.g.step, Step::Round);
    assert_eq!(g.st.g.to_play, Side::Prussia);
    g
}

fn ok(g: &mut PureGame<Struggle>, c: StCommand) {
    assert!(
        g.legal().contains(&c),
        "{c:?} not listed in {:?}: {:?}",
        g.st.g.battle.as_ref().map(|b| b.stage),
        g.legal()
    );
    g.apply(&c).unwrap_or_else(|r| panic!("{c:?} refused: {r}"));
    Struggle::check_invariants(&g.rules, &g.st).expect("invariants");
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

fn stage(g: &PureGame<Struggle>) -> Option<Stage> {
    g.st.g.battle.as_ref().map(|b| b.stage)
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
    // Dice: interception 3; support 1 (Frederick's reconstructed offensive rating is 1,
    // the example's roll of 4 succeeded under its own ratings); battle 4 and 3: with the
    // reconstructed Falkenstein +1 and Auftragstaktik +1 the attacker's 4 makes the 6 of
    // the example, the defender's 3 +1 (Arendtschildt) makes 4.
    g.dice.script([3, 1, 4, 3]);
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
    assert_eq!(g.st.g.step, Step::Move);
    ok(&mut g, StCommand::Move { to: hanover });
    // 11.4: Frederick's army at Minden may support
    assert_eq!(stage(&g), Some(Stage::Support));
    ok(&mut g, StCommand::Support { general: h.fred });
    // 10.4: Arendtschildt may avoid battle; he stays
    assert_eq!(stage(&g), Some(Stage::Avoid));
    ok(&mut g, StCommand::Done);
    // 11.2 note: the attacker declares first
    assert_eq!(stage(&g), Some(Stage::Respond(Side::Prussia)));
    let plan = fb::battle_preview(&g.rules, &g.st).expect("a preview");
    assert_eq!(plan.sp, [11, 5]);
    assert_eq!(plan.column_label[0], "8-14");
    assert_eq!(plan.column_label[1], "4-7");
    assert_eq!(plan.drm, [1, 1]);
    let (a4, d3) = (plan.outcome(4, 3), plan.outcome(5, 3));
    assert_eq!((a4.modified[0], d3.modified[0]), (5, 6));
    ok(&mut g, StCommand::Respond { card: 26 });
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
    assert_eq!((ra.die, ra.total, rd.die, rd.total), (4, 6, 3, 4));
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
    assert!(opts.iter().all(|o| o.chance_in_6 == 3));
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
    let Loc::Space(to) = gen_at(&g, h.arendt) else {
        panic!("Arendtschildt eliminated")
    };
    assert_ne!(to, hanover);
    assert_ne!(to, bs, "not into the space the enemy came from (9.52)");
    assert!(g.rules.map.route_between(hanover, to).is_some());
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
    let ib = place(&mut g, "hn-ib", "Hildesheim", false);
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
    // no avoid; both hands hold no response: the battle dice roll at once
    g.dice.script([6, 1]);
    ok(&mut g, StCommand::Done);
    while matches!(stage(&g), Some(Stage::Losses(_))) {
        ok(&mut g, StCommand::TakeLosses { choice: 0 });
    }
    // 14.4: Hanover is the only friendly retreat space, so the retreat is automatic
    assert_eq!(gen_at(&g, h.arendt), Loc::Space(hanover));
    assert_eq!(stage(&g), Some(Stage::Pursue));
    // Falkenstein's offensive rating: pursuit on a 1 (reconstructed rating 1)
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
    ok(&mut g, StCommand::Done); // no avoid; no responses: the dice roll
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
