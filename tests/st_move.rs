//! 1866: movement, interception and command defects of the rules audit (section 2,
//! DEFECTS 12, 16, 13, 10, 20, 21) fixed, each driven through `PureGame::apply` from a
//! built position: lone generals retreat where their owner picks (9.52, 18.6), an army
//! never carries more units than its generals' seniority (9.3, 18.3), a junior general
//! leaves a senior's space with units but never the last one (18.2), no interception into
//! the railroad junction (9.62), interceptors choose their units and several may intercept
//! (10.2, 10.8), tied generals command as their owner picks (18.1).

use crate::st_common::*;
use feldzug::engine::game::{PureGame, RulesGame};
use feldzug::engine::side::Side;
use feldzug::games::struggle::Struggle;
use feldzug::games::struggle::cards::CardId;
use feldzug::games::struggle::flow_battle::{self as fb, Stage};
use feldzug::games::struggle::state::*;
use feldzug::games::struggle::steps::battle;

fn ok(g: &mut PureGame<Struggle>, c: StCommand) {
    assert!(
        g.legal().contains(&c),
        "{c:?} not listed in {:?} / {:?}: {:?}",
        g.st.g.step,
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

fn gen_at(g: &PureGame<Struggle>, x: u8) -> Loc {
    g.st.generals[x as usize].loc
}

fn unit_at(g: &PureGame<Struggle>, u: u16) -> Loc {
    g.st.units[u as usize].loc
}

/// A free unit of type `ty` (not on the map nor in the Corps Support Box) placed in `at`.
fn place(g: &mut PureGame<Struggle>, ty: &str, at: &str) -> u16 {
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
        .unwrap_or_else(|| panic!("no free {ty}"));
    g.st.units[u as usize] = UnitState {
        loc: Loc::Space(s),
        reduced: false,
    };
    u
}

/// 22.2 after the set-up choices, with an empty board (the Corps Support Box kept); both
/// hands empty (no response may interrupt). Prussia is to play.
fn empty_board() -> PureGame<Struggle> {
    let mut g = empty_board_with(&[], 5);
    give(&mut g, Side::Austria, &[]);
    give(&mut g, Side::Prussia, &[]);
    g
}

/// Prussia plays card `card` to activate general `id` (6.22).
fn activate(g: &mut PureGame<Struggle>, card: CardId, id: &str) {
    give(g, Side::Prussia, &[card]);
    let general = general(g, id);
    ok(
        g,
        StCommand::Play {
            card,
            use_: Use::Activate { general },
        },
    );
    assert_eq!(g.st.g.step, Step::Move);
}

/// Card #35 Reserves from Inner Austria (3 OP) activates Falkenstein (initiative 3).
fn activate_falkenstein(g: &mut PureGame<Struggle>) {
    activate(g, 35, "falkenstein");
}

/// Battle responses (if the flow stops for them) are passed.
fn pass_responses(g: &mut PureGame<Struggle>) {
    while matches!(stage(g), Some(Stage::Respond(_))) {
        ok(g, StCommand::Done);
    }
}

fn retreats(g: &PureGame<Struggle>) -> Vec<usize> {
    g.legal()
        .iter()
        .filter_map(|c| match c {
            StCommand::Retreat { to } => Some(*to),
            _ => None,
        })
        .collect()
}

// ------------------------------------------------ DEFECT 12: lone generals (9.52, 18.6)

// rules 9.52, 18.6: an army entering a space held by an enemy general alone makes him
// retreat; his owner (not the program) picks the adjacent space, any but the one the army
// came from. Fails on the old code (the lowest space id was taken at once).
#[test]
fn lone_general_retreats_where_his_owner_picks() {
    let mut g = empty_board();
    put_general(&mut g, "falkenstein", "Braunschweig");
    for _ in 0..3 {
        place(&mut g, "pr-id", "Braunschweig");
    }
    let arendt = put_general(&mut g, "arendtschildt", "Hanover");
    activate_falkenstein(&mut g);
    let hanover = space(&g, "Hanover");
    let bs = space(&g, "Braunschweig");
    ok(&mut g, StCommand::Move { to: hanover });
    assert_eq!(stage(&g), Some(Stage::GeneralRetreat));
    assert_eq!(
        battle::actor(&g.st),
        Some(Side::Austria),
        "the general's owner picks"
    );
    let opts = retreats(&g);
    assert!(opts.len() >= 2, "{opts:?}");
    assert!(!opts.contains(&bs), "not whence the enemy came (9.52)");
    assert!(
        opts.iter()
            .all(|&o| g.rules.map.route_between(hanover, o).is_some())
    );
    refused(&mut g, StCommand::Retreat { to: bs }, "9.52");
    // not the lowest id: the owner's choice
    let to = *opts.iter().max().unwrap();
    ok(&mut g, StCommand::Retreat { to });
    assert_eq!(gen_at(&g, arendt), Loc::Space(to));
    assert!(g.st.g.battle.is_none());
    assert_eq!(g.st.g.step, Step::Move, "the army moves on (9.52)");
}

// rules 9.52, 18.6: only an army or combat unit (a force with CUs) drives a lone general
// out; a general moving alone does not. Fails on the old code (the retreat ran for any
// mover).
#[test]
fn a_general_alone_drives_no_general_out() {
    let mut g = empty_board();
    put_general(&mut g, "falkenstein", "Braunschweig");
    let arendt = put_general(&mut g, "arendtschildt", "Hanover");
    activate_falkenstein(&mut g);
    let hanover = space(&g, "Hanover");
    ok(&mut g, StCommand::Move { to: hanover });
    assert_eq!(gen_at(&g, arendt), Loc::Space(hanover));
    assert!(g.st.g.battle.is_none());
    assert_eq!(g.st.g.step, Step::Move);
}

// ------------------------------------------- DEFECT 16: forming the army (9.3, 18.3)

// rules 9.3, 18.3: a subordinate general may be dropped only if the generals staying can
// activate the army's units; the player picks the units (dropping one, picking up another
// in the space before moving). Fails on the old code (the drop was accepted: 5 units
// under Falkenstein's seniority 4).
#[test]
fn dropping_a_general_keeps_the_army_within_seniority() {
    let mut g = empty_board();
    put_general(&mut g, "falkenstein", "Braunschweig"); // S4
    let goeben = put_general(&mut g, "goeben", "Braunschweig"); // S1
    let ids: Vec<u16> = (0..6)
        .map(|_| place(&mut g, "pr-id", "Braunschweig"))
        .collect();
    activate_falkenstein(&mut g);
    let pieces = |g: &PureGame<Struggle>| {
        g.st.g
            .op
            .as_ref()
            .and_then(|o| o.mover.as_ref())
            .map(|m| m.pieces.clone())
            .unwrap_or_default()
    };
    let cus = |g: &PureGame<Struggle>| {
        pieces(g)
            .iter()
            .filter(|p| matches!(p, Piece::Unit(_)))
            .count()
    };
    assert_eq!(cus(&g), 5, "S4 + S1: five units (18.3)");
    let left_out = *ids
        .iter()
        .find(|&&u| !pieces(&g).contains(&Piece::Unit(u)))
        .unwrap();
    // the player's pick of units: drop one, take the one left out
    ok(
        &mut g,
        StCommand::Drop {
            piece: Piece::Unit(ids[0]),
        },
    );
    ok(
        &mut g,
        StCommand::PickUp {
            piece: Piece::Unit(left_out),
        },
    );
    assert!(pieces(&g).contains(&Piece::Unit(left_out)));
    assert_eq!(cus(&g), 5);
    let drop_goeben = StCommand::Drop {
        piece: Piece::General(goeben),
    };
    refused(&mut g, drop_goeben.clone(), "18.3");
    ok(
        &mut g,
        StCommand::Drop {
            piece: Piece::Unit(ids[1]),
        },
    );
    ok(&mut g, drop_goeben);
    assert_eq!(cus(&g), 4);
    let hanover = space(&g, "Hanover");
    ok(&mut g, StCommand::Move { to: hanover });
    assert_eq!(gen_at(&g, goeben), Loc::Space(space(&g, "Braunschweig")));
}

// ------------------------------------------------ DEFECT 13: juniors (18.2)

// rule 18.2: a junior general in a more senior general's space may be activated; he
// commands himself and what he picks up, and at least one combat unit stays with the
// senior. Fails on the old code (the activation was refused, 18.1).
#[test]
fn a_junior_leaves_a_senior_space_with_all_but_one_unit() {
    let mut g = empty_board();
    let fred = put_general(&mut g, "frederick", "Braunschweig"); // S5
    let falk = put_general(&mut g, "falkenstein", "Braunschweig"); // S4
    let a = place(&mut g, "pr-id", "Braunschweig");
    let b = place(&mut g, "pr-id", "Braunschweig");
    activate_falkenstein(&mut g);
    let m = g.st.g.op.as_ref().and_then(|o| o.mover.clone()).unwrap();
    assert_eq!(
        m.pieces,
        vec![Piece::General(falk)],
        "he commands only himself"
    );
    refused(
        &mut g,
        StCommand::PickUp {
            piece: Piece::General(fred),
        },
        "18.2",
    );
    ok(
        &mut g,
        StCommand::PickUp {
            piece: Piece::Unit(a),
        },
    );
    refused(
        &mut g,
        StCommand::PickUp {
            piece: Piece::Unit(b),
        },
        "18.2",
    );
    let hanover = space(&g, "Hanover");
    ok(&mut g, StCommand::Move { to: hanover });
    assert_eq!(gen_at(&g, falk), Loc::Space(hanover));
    assert_eq!(unit_at(&g, a), Loc::Space(hanover));
    let bs = space(&g, "Braunschweig");
    assert_eq!(gen_at(&g, fred), Loc::Space(bs));
    assert_eq!(unit_at(&g, b), Loc::Space(bs));
}

// ---------------------------------------- DEFECT 10: the railroad junction (9.62)

// rule 9.62: no unit ends its movement on the railroad junction, so no army intercepts
// into it. Fails on the old code (Arendtschildt at Paderborn was offered the interception).
#[test]
fn no_interception_into_the_railroad_junction() {
    let mut g = empty_board();
    put_general(&mut g, "falkenstein", "Braunschweig");
    for _ in 0..3 {
        place(&mut g, "pr-id", "Braunschweig");
    }
    let arendt = put_general(&mut g, "arendtschildt", "Paderborn");
    let hn = place(&mut g, "hn-corps", "Paderborn");
    activate_falkenstein(&mut g);
    let junction = space(&g, "Railroad Junction");
    ok(&mut g, StCommand::Move { to: junction });
    assert!(g.st.g.battle.is_none(), "no interception offered");
    assert_eq!(g.st.g.step, Step::Move);
    assert!(
        !g.legal()
            .contains(&StCommand::Intercept { general: arendt })
    );
    assert_eq!(unit_at(&g, hn), Loc::Space(space(&g, "Paderborn")));
}

// -------------------------------------------- DEFECT 20: interception (10.2, 10.8)

/// Falkenstein's army (three IDs) in Magdeburg, activated; Arendtschildt (initiative 3)
/// with the Hanoverian corps and a division in Hanover, next to Braunschweig.
fn interception_position() -> (PureGame<Struggle>, u8, u16, u16) {
    let mut g = empty_board();
    put_general(&mut g, "falkenstein", "Magdeburg");
    for _ in 0..3 {
        place(&mut g, "pr-id", "Magdeburg");
    }
    let arendt = put_general(&mut g, "arendtschildt", "Hanover");
    let corps = place(&mut g, "hn-corps", "Hanover");
    let div = place(&mut g, "hn-div", "Hanover");
    activate_falkenstein(&mut g);
    (g, arendt, corps, div)
}

// rule 10.2: "The intercepting army may leave some units behind providing at least one
// CU accompanies the intercepting general." Fails on the old code (no unit could stay).
#[test]
fn an_interceptor_leaves_units_behind() {
    let (mut g, arendt, corps, div) = interception_position();
    let bs = space(&g, "Braunschweig");
    let hanover = space(&g, "Hanover");
    ok(&mut g, StCommand::Move { to: bs });
    assert_eq!(stage(&g), Some(Stage::Intercept));
    ok(
        &mut g,
        StCommand::Drop {
            piece: Piece::Unit(div),
        },
    );
    // the last unit goes with the general
    refused(
        &mut g,
        StCommand::Drop {
            piece: Piece::Unit(corps),
        },
        "10.2",
    );
    g.dice.script([4]);
    ok(&mut g, StCommand::Intercept { general: arendt });
    assert_eq!(gen_at(&g, arendt), Loc::Space(bs));
    assert_eq!(unit_at(&g, corps), Loc::Space(bs));
    assert_eq!(unit_at(&g, div), Loc::Space(hanover), "stayed behind");
    assert_eq!(stage(&g), Some(Stage::Stay));
}

// rules 10.8, 10.2: after one successful interception another army may still intercept
// into the same space ("one or more interceptions"); then the mover fights or returns
// (10.3). Fails on the old code (the first success closed the interceptions).
#[test]
fn two_armies_intercept_into_one_space() {
    let (mut g, arendt, corps, _div) = interception_position();
    let alb = put_general(&mut g, "albert", "Hildesheim"); // initiative 2
    let sx = place(&mut g, "au-1", "Hildesheim");
    let bs = space(&g, "Braunschweig");
    ok(&mut g, StCommand::Move { to: bs });
    let n = g.dice.rolls.len();
    ok(&mut g, StCommand::Intercept { general: arendt });
    // 10.8: every interception is declared before a die is rolled
    assert_eq!(g.dice.rolls.len(), n, "no die yet");
    assert_eq!(
        stage(&g),
        Some(Stage::Intercept),
        "others may still declare (10.8)"
    );
    assert!(fb::interceptors(&g.rules, &g.st).contains(&alb));
    g.dice.script([4, 3]);
    ok(&mut g, StCommand::Intercept { general: alb });
    assert_eq!(unit_at(&g, corps), Loc::Space(bs));
    assert_eq!(unit_at(&g, sx), Loc::Space(bs));
    assert_eq!(gen_at(&g, alb), Loc::Space(bs));
    assert_eq!(stage(&g), Some(Stage::Stay));
    ok(&mut g, StCommand::Done); // fight
    pass_responses(&mut g);
    assert!(
        fb::battle_inputs(&g.rules, &g.st).is_some_and(|(_, d, _)| d.units.len() == 3),
        "both intercepting armies defend"
    );
}

// ----------------------------------------- DEFECT 21: equal seniority (18.1)

// rule 18.1: among generals of equal seniority the owner decides who commands: either
// may intercept with the army (with his own initiative), and the army tries once. Fails
// on the old code (only the first listed general could command).
#[test]
fn the_owner_picks_the_commander_among_equals() {
    let mut g = empty_board();
    put_general(&mut g, "falkenstein", "Magdeburg");
    for _ in 0..3 {
        place(&mut g, "pr-id", "Magdeburg");
    }
    let maroicic = put_general(&mut g, "maroicic", "Hanover"); // S2, initiative 4
    let gablenz = put_general(&mut g, "gablenz", "Hanover"); // S2, initiative 2
    let corps = place(&mut g, "au-1", "Hanover");
    activate_falkenstein(&mut g);
    let bs = space(&g, "Braunschweig");
    ok(&mut g, StCommand::Move { to: bs });
    let list = fb::interceptors(&g.rules, &g.st);
    assert!(
        list.contains(&maroicic) && list.contains(&gablenz),
        "{list:?}"
    );
    assert_eq!(fb::intercept_chance_in_6(&g.rules, &g.st, gablenz), 4);
    assert_eq!(fb::intercept_chance_in_6(&g.rules, &g.st, maroicic), 2);
    // a 3 fails for Maroicic; with Gablenz in command it succeeds
    let mut other = g.clone();
    g.dice.script([3]);
    ok(&mut g, StCommand::Intercept { general: gablenz });
    assert_eq!(unit_at(&g, corps), Loc::Space(bs));
    other.dice.script([3]);
    ok(&mut other, StCommand::Intercept { general: maroicic });
    assert_eq!(unit_at(&other, corps), Loc::Space(space(&other, "Hanover")));
    // the army tried once: Gablenz may not try again
    assert!(
        !other
            .legal()
            .contains(&StCommand::Intercept { general: gablenz })
    );
}
