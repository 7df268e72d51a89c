//! 1866, session 17 (issue 13): the audit-8 rows left untested (docs/games/struggle-audit8.md,
//! "Most important untested cases" 5-8): the EBC that replaces a corps when the Corps
//! Support Box holds several fitting types (11.2 step 4 NOTE), allied units treated as the
//! side's own (2.32, 20.1, 20.2 with 18.3 and 11.4), individual activation costs in a
//! Mobilization turn (6.23) and an avoid battle by an army holding more units than its
//! generals' seniority (10.4 with 18.3). Driven through `PureGame::apply` on positions built
//! on the 22.2 set-up or the Mobilization scenario; dice are scripted.

use crate::st_common::*;
use feldzug::engine::game::PureGame;
use feldzug::engine::side::Side;
use feldzug::games::struggle::Struggle;
use feldzug::games::struggle::battle::Fate;
use feldzug::games::struggle::flow_battle::{self as fb, Stage};
use feldzug::games::struggle::state::*;

fn at(g: &PureGame<Struggle>, u: u16) -> Loc {
    g.st.units[u as usize].loc
}

/// A unit of type `ty` not on the map (taken from wherever it is, the Corps Support Box
/// too) placed in `at`.
fn any_unit(g: &mut PureGame<Struggle>, ty: &str, at: &str, reduced: bool) -> u16 {
    let s = space(g, at);
    let u = g
        .rules
        .unit_by_type(ty)
        .into_iter()
        .find(|&u| !matches!(g.st.units[u as usize].loc, Loc::Space(_)))
        .unwrap_or_else(|| panic!("no {ty} off the map"));
    g.st.units[u as usize] = UnitState {
        loc: Loc::Space(s),
        reduced,
    };
    u
}

/// The units of the types `tys` in the Corps Support Box.
fn in_box(g: &PureGame<Struggle>, tys: &[&str]) -> Vec<u16> {
    let mut v: Vec<u16> = tys
        .iter()
        .flat_map(|t| g.rules.unit_by_type(t))
        .filter(|&u| g.st.units[u as usize].loc == Loc::CorpsSupport)
        .collect();
    v.sort_unstable();
    v
}

fn ops_left(g: &PureGame<Struggle>) -> u8 {
    g.st.g.op.as_ref().map(|o| o.ops).unwrap_or(0)
}

fn mover_units(g: &PureGame<Struggle>) -> Vec<u16> {
    let m =
        g.st.g
            .op
            .as_ref()
            .and_then(|o| o.mover.clone())
            .expect("a mover");
    m.pieces
        .iter()
        .filter_map(|p| match p {
            Piece::Unit(u) => Some(*u),
            Piece::General(_) => None,
        })
        .collect()
}

/// Runs the pending battle: the pre-roll stages declined (`Done`), the scripted dice
/// `dice` rolled, `side`'s losses taken the first way in which a corps is replaced by an
/// EBC and stays on the map (the other side's the first way; a loss with one way only is
/// taken at once), then every later decision the first listed, until the battle is over.
fn fight_with_a_replacement(g: &mut PureGame<Struggle>, dice: [u8; 2], side: Side) {
    g.dice.script(dice);
    let mut guard = 0;
    while g.st.g.battle.is_some() && guard < 40 {
        guard += 1;
        let c = match stage(g) {
            Some(
                Stage::Intercept
                | Stage::BattleStart
                | Stage::Support
                | Stage::Avoid
                | Stage::Respond(_)
                | Stage::Pursue
                | Stage::Advance,
            ) => StCommand::Done,
            Some(Stage::Losses(s)) => {
                let opts = fb::loss_options(&g.rules, &g.st);
                let i = if s == side {
                    opts.iter()
                        .position(|c| {
                            c.fates
                                .iter()
                                .any(|f| matches!(f, Fate::Replaced { steps: 0 | 1 }))
                        })
                        .unwrap_or_else(|| panic!("no way with a replaced corps: {opts:?}"))
                } else {
                    0
                };
                StCommand::TakeLosses { choice: i as u16 }
            }
            _ => g.legal()[0].clone(),
        };
        ok(g, c);
    }
    assert!(g.st.g.battle.is_none(), "the battle is over");
}

// ------------------------------------------------- 11.2 step 4 NOTE: which EBC (item 5)

/// Mutation tried: `replacement_unit` (flow_battle.rs) taking the last fitting EBC
/// (`.rev()` on the unit range): the French ID left the box instead, the test fails.
// rule 11.2 step 4 and its NOTE: a reduced corps eliminated in battle goes to the
// Eliminated Units box and an EBC from the Corps Support Box takes its place (an ID for a
// French corps). The rulebook names no order among the French IDs (the Imperial Guard ID
// and the line ID); our reading: the first fitting one in unit order, here the IG ID, and
// the box loses exactly that one.
#[test]
fn st_h_a_french_line_corps_is_replaced_by_the_first_fitting_ebc_the_ig_id() {
    let mut g = empty_board();
    let hildesheim = space(&g, "Hildesheim");
    let fr1 = place(&mut g, "fr-1", "Hildesheim", true);
    let ig = g.rules.unit_by_type("fr-ig-id")[0];
    let id = g.rules.unit_by_type("fr-id")[0];
    for u in [ig, id] {
        g.st.units[u as usize] = UnitState {
            loc: Loc::CorpsSupport,
            reduced: false,
        };
    }
    assert!(ig < id, "the IG ID comes first in unit order");
    let french = ["fr-ig-id", "fr-id"];
    assert_eq!(in_box(&g, &french), vec![ig, id]);
    let falk = put_general(&mut g, "falkenstein", "Braunschweig");
    for _ in 0..3 {
        place(&mut g, "pr-id", "Braunschweig", false);
    }
    activate_by_card(&mut g, 35, falk);
    ok(&mut g, StCommand::Move { to: hildesheim });
    battle_begins(&mut g);
    // the attacker wins 6 against 1; the French corps is eliminated and replaced
    fight_with_a_replacement(&mut g, [6, 1], Side::Austria);
    assert_eq!(
        at(&g, fr1),
        Loc::Eliminated,
        "11.2 step 4: the corps is gone"
    );
    assert!(
        matches!(at(&g, ig), Loc::Space(_)),
        "the IG ID replaced the corps and stands on the map: {:?}",
        at(&g, ig)
    );
    assert_eq!(
        at(&g, id),
        Loc::CorpsSupport,
        "the line ID stays in the box"
    );
    assert_eq!(
        in_box(&g, &french),
        vec![id],
        "the box lost exactly one EBC"
    );
}

/// Mutation tried: `replacement_unit` (flow_battle.rs) taking the last fitting EBC
/// (`.rev()` on the unit range): the Garibaldi ID replaced the corps, the test fails.
// rule 11.2 step 4 NOTE: an eliminated Italian corps (here the Garibaldi Corps) is
// replaced by an Italian ID. The 22.2 box holds five Italian IDs and one Garibaldi ID; the
// rulebook does not pair the Garibaldi ID with the Garibaldi Corps, so by our reading the
// first fitting EBC in unit order, a plain Italian ID, takes its place and the Garibaldi ID
// stays in the box.
#[test]
fn st_h_the_garibaldi_corps_is_replaced_by_the_first_fitting_italian_id() {
    let mut g = empty_board();
    let italian = ["it-id", "it-gar-id"];
    let before = in_box(&g, &italian);
    let gar_id = g.rules.unit_by_type("it-gar-id")[0];
    let plain: Vec<u16> = g.rules.unit_by_type("it-id");
    assert_eq!(before.len(), 6, "22.2: five IDs and the Garibaldi ID");
    assert!(before.contains(&gar_id));
    let first = before[0];
    assert!(
        plain.contains(&first),
        "a plain ID comes first in unit order"
    );
    let hildesheim = space(&g, "Hildesheim");
    let cialdini = put_general(&mut g, "cialdini", "Braunschweig");
    let gar = place(&mut g, "it-gar", "Braunschweig", true);
    place(&mut g, "hn-div", "Hildesheim", false);
    activate_by_card(&mut g, 35, cialdini);
    ok(&mut g, StCommand::Move { to: hildesheim });
    battle_begins(&mut g);
    // the attacker loses 1 against 6; the reduced Garibaldi Corps is eliminated
    fight_with_a_replacement(&mut g, [1, 6], Side::Prussia);
    assert_eq!(
        at(&g, gar),
        Loc::Eliminated,
        "11.2 step 4: the corps is gone"
    );
    assert!(
        matches!(at(&g, first), Loc::Space(_)),
        "the first Italian ID replaced the corps: {:?}",
        at(&g, first)
    );
    assert_eq!(
        at(&g, gar_id),
        Loc::CorpsSupport,
        "the Garibaldi ID stays in the box"
    );
    let after = in_box(&g, &italian);
    assert_eq!(after.len(), 5, "the box lost exactly one EBC");
    assert_eq!(after, before[1..].to_vec());
}

// ------------------------------------------------ 2.32, 20.1, 20.2 allied units (item 6)

/// Mutations tried: `start_army` (steps/movement.rs) taking only units of the general's
/// own nation: the army holds the two Prussian IDs only, the test fails; `army_of`
/// (flow_battle.rs) likewise: Frederick with the Italian corps is no army, the battle
/// skips the `Support` stage, the test fails.
// rules 2.32, 20.1, 20.2 with 18.3 and 11.4: Prussia controls the Italian units, and they
// stack with and are counted as Prussian units in every way. Falkenstein (seniority 4)
// forms his army of four units out of two Prussian and three Italian IDs: the Italians
// fill the capacity like Prussians (the fifth stays; it is picked up once a Prussian ID is
// dropped). Frederick's army of one Italian corps supports the attack on Hanover and its
// strength is added: 4 IDs (8 SP) + the Italian 1st Corps (5 SP) = 13 SP against 5.
#[test]
fn st_h_italian_units_fill_a_prussian_army_and_support_its_attack() {
    let mut g = empty_board();
    let falk = put_general(&mut g, "falkenstein", "Magdeburg");
    let mut stack: Vec<u16> = (0..2)
        .map(|_| place(&mut g, "pr-id", "Magdeburg", false))
        .collect();
    let its: Vec<u16> = (0..3)
        .map(|_| any_unit(&mut g, "it-id", "Magdeburg", false))
        .collect();
    stack.extend(&its);
    stack.sort_unstable();
    let fred = put_general(&mut g, "frederick", "Minden");
    let it1 = place(&mut g, "it-1", "Minden", false);
    put_general(&mut g, "arendtschildt", "Hanover");
    place(&mut g, "hn-corps", "Hanover", false);
    activate_by_card(&mut g, 35, falk);
    // 18.3: seniority 4, four units of the five, in unit order (Prussian or Italian alike)
    let army = mover_units(&g);
    assert_eq!(army, stack[..4].to_vec(), "18.3: the first four units");
    assert!(
        army.iter().filter(|u| its.contains(u)).count() >= 2,
        "20.2: Italian IDs in the Prussian army: {army:?}"
    );
    let left = stack[4];
    assert!(its.contains(&left), "the last Italian ID is left");
    let pick = StCommand::PickUp {
        piece: Piece::Unit(left),
    };
    assert!(!g.legal().contains(&pick), "18.3: the army is full");
    let pr = army
        .iter()
        .copied()
        .find(|u| !its.contains(u))
        .expect("a Prussian ID in the army");
    ok(
        &mut g,
        StCommand::Drop {
            piece: Piece::Unit(pr),
        },
    );
    ok(&mut g, pick);
    let army = mover_units(&g);
    assert_eq!(army.len(), 4);
    assert_eq!(
        army.iter().filter(|u| its.contains(u)).count(),
        3,
        "20.2: three Italian IDs and one Prussian ID move as Falkenstein's army"
    );
    // to Braunschweig (Arendtschildt does not intercept), then Hanover
    let bs = space(&g, "Braunschweig");
    ok(&mut g, StCommand::Move { to: bs });
    if stage(&g) == Some(Stage::Intercept) {
        ok(&mut g, StCommand::Done);
    }
    decline_window(&mut g);
    assert_eq!(g.st.g.step, Step::Move);
    let hanover = space(&g, "Hanover");
    ok(&mut g, StCommand::Move { to: hanover });
    if stage(&g) == Some(Stage::Intercept) {
        ok(&mut g, StCommand::Done);
    }
    battle_begins(&mut g);
    // 11.4: Frederick's army (the Italian corps alone) may support; a 4 succeeds
    assert_eq!(stage(&g), Some(Stage::Support));
    g.dice.script([4]);
    ok(&mut g, StCommand::Support { general: fred });
    assert!(
        g.st.g
            .battle
            .as_ref()
            .is_some_and(|p| p.supports.iter().any(|&(x, _)| x == fred)),
        "11.42: the support succeeded"
    );
    if stage(&g) == Some(Stage::Avoid) {
        ok(&mut g, StCommand::Done);
    }
    let plan = fb::battle_preview(&g.rules, &g.st).expect("a preview");
    assert_eq!(plan.sp, [13, 5], "11.2 step 1: 8 + 5 SP against 5");
    assert_eq!(plan.column_label[0], "8-14");
    assert_eq!(at(&g, it1), Loc::Space(space(&g, "Minden")), "11.41");
    for &u in &army {
        assert_eq!(at(&g, u), Loc::Space(hanover), "the army entered Hanover");
    }
    assert_eq!(at(&g, pr), Loc::Space(space(&g, "Magdeburg")), "dropped");
}

// ------------------------------------------------ 6.23 costs in Mobilization (item 7)

/// Mutation tried: `Declare::check` (steps/declare.rs) charging one OP less in a
/// Mobilization turn (`if !st.g.war { c - 2 }` in half OPs): the 3 card activates the
/// corps, the test fails.
// rule 6.23 (with 7.21, 7.24): the rulebook prints the individual activation costs "under
// War conditions" only (general or cavalry 1, IB 2, ID 3, corps 4) and no other costs for
// the Mobilization Phase; our reading keeps them there. A 3-OP card played for individual
// activations in May I gives Prussia 3 OPs (the 7.24 bonus is for mobilizing only): the
// corps is not offered and is refused; an ID takes all 3.
#[test]
fn st_h_in_mobilization_a_three_card_cannot_activate_a_corps() {
    let mut g = mobilization();
    assert!(!g.st.g.war && !g.st.g.dow, "a Mobilization turn");
    assert_eq!(g.st.g.to_play, Side::Prussia);
    give(&mut g, Side::Prussia, &[15]); // Disaffected Nationality, 3 OP
    ok(
        &mut g,
        StCommand::Play {
            card: 15,
            use_: Use::Individual,
        },
    );
    assert_eq!(ops_left(&g), 3, "7.24 adds nothing to an activation");
    let berlin = space(&g, "Berlin");
    let corps = g
        .rules
        .unit_by_type("pr-2")
        .into_iter()
        .find(|&u| at(&g, u) == Loc::Space(berlin))
        .expect("the 2nd Corps in Berlin");
    let declare = StCommand::Declare {
        piece: Piece::Unit(corps),
    };
    assert!(!g.legal().contains(&declare), "6.23: a corps costs 4");
    let before = g.hash();
    let err = g.apply(&declare).expect_err("refused");
    assert_eq!(err.rule, "6.23", "{err:?}");
    assert_eq!(g.hash(), before);
    let swl = g.rules.unit_by_type("pr-swl")[0];
    assert!(matches!(at(&g, swl), Loc::Space(_)), "the Schleswig ID");
    ok(
        &mut g,
        StCommand::Declare {
            piece: Piece::Unit(swl),
        },
    );
    assert_eq!(ops_left(&g), 0, "6.23: an ID costs 3");
}

/// Mutation tried: the corps' cost in `Echelon::activation_cost` (data.rs) raised to 5
/// for a test run: `Declare` of the corps is not listed with the 4 card, the test fails.
// rule 6.23: with a 4-OP card in a Mobilization turn the corps is activated for exactly
// its 4 OPs (War costs, our reading) and moves alone into a friendly space (7.21).
#[test]
fn st_h_in_mobilization_a_four_card_activates_a_corps_for_all_four() {
    let mut g = mobilization();
    assert!(!g.st.g.war && !g.st.g.dow, "a Mobilization turn");
    give(&mut g, Side::Prussia, &[10]); // Artillery Reserve, 4 OP
    ok(
        &mut g,
        StCommand::Play {
            card: 10,
            use_: Use::Individual,
        },
    );
    assert_eq!(ops_left(&g), 4);
    let berlin = space(&g, "Berlin");
    let corps = g
        .rules
        .unit_by_type("pr-2")
        .into_iter()
        .find(|&u| at(&g, u) == Loc::Space(berlin))
        .expect("the 2nd Corps in Berlin");
    ok(
        &mut g,
        StCommand::Declare {
            piece: Piece::Unit(corps),
        },
    );
    assert_eq!(ops_left(&g), 0, "6.23: a corps costs 4");
    // nothing else fits: not even a general or a cavalry division (1 OP)
    assert!(
        !g.legal()
            .iter()
            .any(|c| matches!(c, StCommand::Declare { .. })),
        "no OP left"
    );
    ok(&mut g, StCommand::Begin);
    decline_window(&mut g);
    assert_eq!(g.st.g.step, Step::Move);
    assert_eq!(mover_units(&g), vec![corps]);
    let to = g
        .legal()
        .into_iter()
        .find_map(|c| match c {
            StCommand::Move { to } => Some(to),
            _ => None,
        })
        .expect("a friendly space to move to");
    ok(&mut g, StCommand::Move { to });
    assert_eq!(at(&g, corps), Loc::Space(to), "the corps moved");
}

// ----------------------------------------- 10.4 avoid above the seniority limit (item 8)

/// Mutation tried (the old code): `Game::avoid` (flow_battle.rs) moving the whole
/// avoiding force (`None => force` for an army): all four IBs leave Hildesheim and no
/// battle is fought, the test fails.
// rules 10.4, 10.1 and 18.3: an avoid battle is a movement of the inactive player, and a
// general activates for movement only as many units as his (and his subordinates')
// seniority. Gablenz (seniority 2, initiative 2) stands in Hildesheim with four IBs: his
// successful avoid (a 6) takes two of them with him (our reading: the first two in unit
// order); the other two stay and fight Falkenstein's three IDs (6 SP against 2).
#[test]
fn st_h_an_avoiding_army_takes_only_as_many_units_as_its_seniority() {
    let mut g = empty_board();
    let hildesheim = space(&g, "Hildesheim");
    let falk = put_general(&mut g, "falkenstein", "Braunschweig");
    for _ in 0..3 {
        place(&mut g, "pr-id", "Braunschweig", false);
    }
    let gablenz = put_general(&mut g, "gablenz", "Hildesheim");
    let mut ibs: Vec<u16> = (0..4)
        .map(|_| any_unit(&mut g, "au-ib", "Hildesheim", false))
        .collect();
    ibs.sort_unstable();
    activate_by_card(&mut g, 35, falk);
    ok(&mut g, StCommand::Move { to: hildesheim });
    if stage(&g) == Some(Stage::Intercept) {
        ok(&mut g, StCommand::Done);
    }
    battle_begins(&mut g);
    assert_eq!(stage(&g), Some(Stage::Avoid));
    let to = g
        .legal()
        .into_iter()
        .find_map(|c| match c {
            StCommand::Avoid { to, unit: None } => Some(to),
            _ => None,
        })
        .expect("10.4: the army may avoid battle");
    g.dice.script([6]); // 6 > initiative 2
    ok(&mut g, StCommand::Avoid { to, unit: None });
    assert_eq!(g.st.generals[gablenz as usize].loc, Loc::Space(to), "10.4");
    assert_eq!(at(&g, ibs[0]), Loc::Space(to), "18.3: within the seniority");
    assert_eq!(at(&g, ibs[1]), Loc::Space(to), "18.3: within the seniority");
    assert_eq!(at(&g, ibs[2]), Loc::Space(hildesheim), "18.3: beyond it");
    assert_eq!(at(&g, ibs[3]), Loc::Space(hildesheim), "18.3: beyond it");
    // the two left behind fight (10.5: units that may not avoid are subject to combat)
    assert!(g.st.g.battle.is_some(), "the battle goes on");
    let plan = fb::battle_preview(&g.rules, &g.st).expect("a preview");
    assert_eq!(plan.sp, [6, 2], "the two IBs left behind fight");
    assert!(
        !g.st.g.battle.as_ref().is_some_and(|p| p.failed_avoid),
        "10.4: the avoid succeeded, no -1"
    );
}

// rule 10.4, 18.3, 17.1 (9.3; audit 13k rows 2-4): the owner of an avoiding army over its
// generals' seniority picks the rearguard, and the 17.1 cavalry bonus follows the units
// that go. Gablenz (seniority 2, initiative 2) holds two IBs and a CD in Hildesheim: in
// unit order the two IBs would go and the CD stay, so the avoid needs a 3+ (4 in 6, no
// +1); after he leaves the first IB behind (`Drop`) the CD goes and the roll gets its +1
// (5 in 6). A scripted 2 then succeeds only with the cavalry counted: the IB left behind
// stays and fights, named in the log; no more rearguard is offered once the army fits.
// Mutations: the odds from all the units in the space (`&units` for `&going`) give the +1
// before the drop; `avoiding_army_units` ignoring `stay` keeps the CD behind and the 2
// fails.
#[test]
fn st_h_the_owner_picks_the_rearguard_and_the_cavalry_bonus_follows_the_units_going() {
    let mut g = empty_board();
    let hildesheim = space(&g, "Hildesheim");
    let falk = put_general(&mut g, "falkenstein", "Braunschweig");
    for _ in 0..3 {
        place(&mut g, "pr-id", "Braunschweig", false);
    }
    let gablenz = put_general(&mut g, "gablenz", "Hildesheim");
    let mut ibs: Vec<u16> = (0..2)
        .map(|_| any_unit(&mut g, "au-ib", "Hildesheim", false))
        .collect();
    ibs.sort_unstable();
    let cd = any_unit(&mut g, "au-1ltcd", "Hildesheim", false);
    assert!(cd > ibs[1], "the CD comes last in unit order");
    activate_by_card(&mut g, 35, falk);
    ok(&mut g, StCommand::Move { to: hildesheim });
    if stage(&g) == Some(Stage::Intercept) {
        ok(&mut g, StCommand::Done);
    }
    battle_begins(&mut g);
    assert_eq!(stage(&g), Some(Stage::Avoid));
    let army_avoid = |g: &PureGame<Struggle>| {
        fb::avoid_options(&g.rules, &g.st)
            .into_iter()
            .find(|o| matches!(o.cmd, StCommand::Avoid { unit: None, .. }))
            .expect("10.4: the army may avoid battle")
    };
    let before = army_avoid(&g);
    assert_eq!(
        before.chance_in_6, 4,
        "above initiative 2, no CD going: 3-6"
    );
    assert!(
        before
            .roll
            .as_ref()
            .is_some_and(|r| r.mods.iter().all(|(_, m)| *m != 1)),
        "17.1: the CD beyond the seniority gives no +1"
    );
    // 18.3: three units, seniority 2: each may be left as the rearguard
    let drops: Vec<u16> = g
        .legal()
        .into_iter()
        .filter_map(|c| match c {
            StCommand::Drop {
                piece: Piece::Unit(u),
            } => Some(u),
            _ => None,
        })
        .collect();
    assert_eq!(drops, vec![ibs[0], ibs[1], cd], "the owner picks who stays");
    ok(
        &mut g,
        StCommand::Drop {
            piece: Piece::Unit(ibs[0]),
        },
    );
    assert!(
        !g.legal()
            .iter()
            .any(|c| matches!(c, StCommand::Drop { .. })),
        "18.3: the army fits its seniority now: no more rearguard"
    );
    let err = g
        .clone()
        .apply(&StCommand::Drop {
            piece: Piece::Unit(ibs[1]),
        })
        .expect_err("refused");
    assert_eq!(err.rule, "18.3", "refused with its case");
    let after = army_avoid(&g);
    assert_eq!(after.chance_in_6, 5, "17.1: +1 with the CD going");
    let StCommand::Avoid { to, .. } = after.cmd else {
        unreachable!()
    };
    g.dice.script([2]); // 2 + 1 > initiative 2
    ok(&mut g, StCommand::Avoid { to, unit: None });
    let roll = g.dice.rolls.last().expect("the avoid roll");
    assert_eq!(
        roll.modifiers,
        after.roll.as_ref().expect("a roll").mods,
        "the roll has the modifiers the odds showed"
    );
    assert_eq!(g.st.generals[gablenz as usize].loc, Loc::Space(to), "10.4");
    assert_eq!(at(&g, cd), Loc::Space(to), "the CD goes");
    assert_eq!(at(&g, ibs[1]), Loc::Space(to), "the IB not picked goes");
    assert_eq!(
        at(&g, ibs[0]),
        Loc::Space(hildesheim),
        "the rearguard stays"
    );
    let name = g.rules.unit_name(ibs[0]);
    assert!(
        g.log
            .entries
            .iter()
            .any(|e| e.text.contains(&name) && e.text.contains("stay in Hildesheim and fight")),
        "the log names the rearguard"
    );
    let plan = fb::battle_preview(&g.rules, &g.st).expect("the rearguard fights");
    assert_eq!(plan.sp, [6, 1], "one IB against three IDs");
    // the rearguard's choice is spent: it may pursue if it wins (12.5)
    assert!(
        g.st.g
            .battle
            .as_ref()
            .is_some_and(|p| p.stay_behind.is_empty())
    );
}

/// A card of `ops` OPs that is no mandatory event (not card 41), none of `not`.
fn plain_card(g: &PureGame<Struggle>, ops: u8, not: &[u8]) -> u8 {
    g.rules
        .cards
        .cards
        .iter()
        .find(|c| c.ops == ops && !c.mandatory && c.id != 41 && !not.contains(&c.id))
        .map(|c| c.id)
        .expect("a card of that value")
}

#[test]
fn st_h_a_queued_card_is_hidden_from_the_other_seats_computer_and_inspect() {
    // rule optional rule 4 (with 5.1): a card put into the Operations Queue lies face
    // down until the queue is used or abandoned; the other side knows only how many.
    // The Austrian computer's view (`determinize`) must not depend on which card Prussia
    // queued, and `feldzug inspect`'s redaction shows the queue as a count.
    // Mutations tried: `determinize` leaving the opponent's queue as it is (the views of
    // the two positions differ); `redact_hidden` without the queue (the card id shows).
    use feldzug::engine::game::RulesGame;
    use feldzug::games::struggle::options::OPT4_QUEUE;
    use rand::SeedableRng;
    let mut g = empty_board_with(&[OPT4_QUEUE], 1);
    let c1 = plain_card(&g, 2, &[]);
    let c2 = plain_card(&g, 3, &[c1]);
    give(&mut g, Side::Prussia, &[c1, c2]);
    let q1 = plain_card(&g, 4, &[c1, c2]);
    let q2 = plain_card(&g, 4, &[c1, c2, q1]);
    give(&mut g, Side::Austria, &[q1, q2]);
    assert_eq!(g.st.g.to_play, Side::Prussia);
    // the same game where Prussia queues the other card
    let mut other = g.clone();
    ok(
        &mut g,
        StCommand::Play {
            card: c1,
            use_: Use::Queue,
        },
    );
    ok(
        &mut other,
        StCommand::Play {
            card: c2,
            use_: Use::Queue,
        },
    );
    assert_eq!(g.st.cards.queue[Side::Prussia.idx()], vec![c1]);
    assert_eq!(other.st.cards.queue[Side::Prussia.idx()], vec![c2]);
    let view = |g: &PureGame<Struggle>, seat: &str, seed: u64| {
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
        <Struggle as RulesGame>::determinize(&g.rules, &g.st, seat, &mut rng)
    };
    let mut queued = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let (a, b) = (view(&g, "Austria", seed), view(&other, "Austria", seed));
        assert_eq!(a.cards, b.cards, "the Austrian view reads the queued card");
        assert_eq!(
            a.cards.queue[Side::Prussia.idx()].len(),
            1,
            "one card queued"
        );
        queued.extend(a.cards.queue[Side::Prussia.idx()].iter().copied());
    }
    assert!(queued.len() > 1, "the queued card is dealt at random");
    // Prussia's own computer sees its own queue
    assert_eq!(
        view(&g, "Prussia", 3).cards.queue[Side::Prussia.idx()],
        vec![c1]
    );
    // inspect: the queue as a count
    let mut v = serde_json::to_value(&g.st).unwrap();
    Struggle::redact_hidden(&mut v);
    assert_eq!(
        v["cards"]["queue"][Side::Prussia.idx()],
        serde_json::json!({ "hidden_cards": 1 })
    );
    assert_eq!(
        v["cards"]["queue"][Side::Austria.idx()],
        serde_json::json!({ "hidden_cards": 0 })
    );
}

/// Gablenz with two IBs and a CD in Hildesheim, Falkenstein with three IDs in
/// Braunschweig activated by card 35: (game, hildesheim, gablenz, ibs, cd, falkenstein).
fn rearguard_position() -> (PureGame<Struggle>, usize, u8, Vec<u16>, u16, u8) {
    let mut g = empty_board();
    let hildesheim = space(&g, "Hildesheim");
    let falk = put_general(&mut g, "falkenstein", "Braunschweig");
    for _ in 0..3 {
        place(&mut g, "pr-id", "Braunschweig", false);
    }
    let gablenz = put_general(&mut g, "gablenz", "Hildesheim");
    let mut ibs: Vec<u16> = (0..2)
        .map(|_| any_unit(&mut g, "au-ib", "Hildesheim", false))
        .collect();
    ibs.sort_unstable();
    let cd = any_unit(&mut g, "au-1ltcd", "Hildesheim", false);
    (g, hildesheim, gablenz, ibs, cd, falk)
}

// rule 10.4, 18.3, 12.5 (AUDIT13l row 6): a rearguard picked for an avoid that then
// fails is no rearguard: the whole force fights, and when it wins the unit picked may
// pursue with the others. The prompt before the pick says who would stay.
// Mutation tried: `stay_behind` not cleared at the battle roll (the IB picked is not
// among the pursuing units).
#[test]
fn st_h_a_rearguard_picked_for_a_failed_avoid_fights_and_pursues() {
    use feldzug::engine::step::prompt;
    use feldzug::games::struggle::battle::Who;
    let (mut g, hildesheim, _, ibs, cd, falk) = rearguard_position();
    activate_by_card(&mut g, 35, falk);
    ok(&mut g, StCommand::Move { to: hildesheim });
    if stage(&g) == Some(Stage::Intercept) {
        ok(&mut g, StCommand::Done);
    }
    battle_begins(&mut g);
    assert_eq!(stage(&g), Some(Stage::Avoid));
    let text = prompt::<Struggle>(&g.rules, &g.st);
    let cd_name = g.rules.unit_name(cd);
    assert!(
        text.contains("2 of 3 units go") && text.contains(&format!("{cd_name} stays and fight")),
        "18.3: the prompt says who stays: {text}"
    );
    assert!(
        text.contains("pick who stays behind") && !text.contains("Drop"),
        "in the player's words, not the command's: {text}"
    );
    ok(
        &mut g,
        StCommand::Drop {
            piece: Piece::Unit(ibs[0]),
        },
    );
    let to = fb::avoid_options(&g.rules, &g.st)
        .into_iter()
        .find_map(|o| match o.cmd {
            StCommand::Avoid { to, unit: None } => Some(to),
            _ => None,
        })
        .expect("10.4");
    g.dice.script([1]); // 1 + 1 is not above initiative 2
    ok(&mut g, StCommand::Avoid { to, unit: None });
    assert!(g.st.g.battle.as_ref().is_some_and(|p| p.failed_avoid));
    for u in [ibs[0], ibs[1], cd] {
        assert_eq!(at(&g, u), Loc::Space(hildesheim), "the whole force fights");
    }
    let (a, d) = dice_for(&g, Who::Defender);
    g.dice.script([a, d]);
    pass_responses(&mut g);
    crate::st_d::fight_to_pursuit(&mut g);
    assert_eq!(stage(&g), Some(Stage::Pursue), "the defender won: 12.4");
    let pursuing = fb::pursuing_units(&g.rules, &g.st);
    let alive: Vec<u16> = [ibs[0], ibs[1], cd]
        .into_iter()
        .filter(|&u| at(&g, u) == Loc::Space(hildesheim))
        .collect();
    assert!(alive.contains(&ibs[0]), "the IB picked is still there");
    assert_eq!(pursuing, alive, "12.5: every unit in the space may pursue");
}

// rule 10.8 with 10.4, 18.3 (AUDIT13l): the rearguard picked at the interception
// stage, with the avoid declared before any die, is the one the declared avoid leaves:
// the CD goes (its +1 in the logged roll) and the IB picked stays.
#[test]
fn st_h_a_rearguard_picked_with_a_declared_avoid_stays() {
    let (mut g, hildesheim, gablenz, ibs, cd, falk) = rearguard_position();
    // an Austrian army next to Hildesheim (not Braunschweig) may intercept
    let next = g
        .rules
        .map
        .routes_from(hildesheim)
        .map(|(_, o)| o)
        .find(|&o| o != space(&g, "Braunschweig"))
        .expect("a neighbour");
    let next_name = g.rules.space_name(next);
    put_general(&mut g, "clam-gallas", &next_name);
    any_unit(&mut g, "au-ib", &next_name, false);
    activate_by_card(&mut g, 35, falk);
    ok(&mut g, StCommand::Move { to: hildesheim });
    assert_eq!(
        stage(&g),
        Some(Stage::Intercept),
        "10.2: an interception is possible"
    );
    ok(
        &mut g,
        StCommand::Drop {
            piece: Piece::Unit(ibs[0]),
        },
    );
    let opt = fb::avoid_options(&g.rules, &g.st)
        .into_iter()
        .find(|o| matches!(o.cmd, StCommand::Avoid { unit: None, .. }))
        .expect("10.8: the avoid may be declared");
    assert_eq!(opt.chance_in_6, 5, "17.1: the CD goes, +1");
    let StCommand::Avoid { to, .. } = opt.cmd else {
        unreachable!()
    };
    g.dice.script([2]); // 2 + 1 > initiative 2
    ok(&mut g, StCommand::Avoid { to, unit: None });
    if stage(&g) == Some(Stage::Intercept) {
        ok(&mut g, StCommand::Done); // no interception; the declared avoid is attempted
    }
    while g.st.g.battle.is_some()
        && g.st.generals[gablenz as usize].loc == Loc::Space(hildesheim)
        && matches!(
            stage(&g),
            Some(Stage::Stay | Stage::BattleStart | Stage::Support)
        )
    {
        ok(&mut g, StCommand::Done);
    }
    let roll = g
        .dice
        .rolls
        .iter()
        .find(|r| r.rule == "10.4")
        .expect("the avoid roll");
    assert_eq!(roll.modifiers, opt.roll.as_ref().expect("a roll").mods);
    assert_eq!(g.st.generals[gablenz as usize].loc, Loc::Space(to));
    assert_eq!(at(&g, cd), Loc::Space(to), "the CD goes");
    assert_eq!(at(&g, ibs[1]), Loc::Space(to));
    assert_eq!(
        at(&g, ibs[0]),
        Loc::Space(hildesheim),
        "the rearguard stays"
    );
}
