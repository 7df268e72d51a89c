//! 1866: the fresh-eyes audit's defects 7, 11, 14 and 31 (docs/games/struggle-audit.md) and
//! rules its section 3 found without a command-driven test, driven through
//! `PureGame::apply`/`legal` from positions built on the 22.2 set-up (every other piece off
//! the board). Dice are scripted. The battle tests pass whether or not the game pauses at
//! `Stage::Respond` for a side with cards in hand ([`past_responses`]).

use crate::st_common::*;
use feldzug::engine::game::{PureGame, RulesGame};
use feldzug::engine::side::Side;
use feldzug::games::struggle::Struggle;
use feldzug::games::struggle::cards::CardId;
use feldzug::games::struggle::flow_battle::{self as fb, Stage};
use feldzug::games::struggle::siege;
use feldzug::games::struggle::state::*;

/// 22.2 after the set-up choices with an empty board (Corps Support Box kept); Prussia is
/// to play; Austria holds three cards that are no response.
fn empty_board() -> PureGame<Struggle> {
    let mut g = empty_board_with(&[], 5);
    let quiet = quiet_cards(&g, 3, &[35]);
    give(&mut g, Side::Austria, &quiet);
    g
}

fn ok(g: &mut PureGame<Struggle>, c: StCommand) {
    assert!(
        g.legal().contains(&c),
        "{c:?} not listed in {:?}: {:?}",
        stage(g),
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

fn at(g: &PureGame<Struggle>, u: u16) -> Loc {
    g.st.units[u as usize].loc
}

fn gen_at(g: &PureGame<Struggle>, x: u8) -> Loc {
    g.st.generals[x as usize].loc
}

/// Both sides decline to respond (6.25) while the battle waits at `Stage::Respond`.
fn past_responses(g: &mut PureGame<Struggle>) {
    while matches!(stage(g), Some(Stage::Respond(_))) {
        ok(g, StCommand::Done);
    }
}

/// The dice rolled for the game (not the hand-overs between the players).
fn real_rolls(g: &PureGame<Struggle>) -> usize {
    g.dice
        .rolls
        .iter()
        .filter(|r| !r.purpose.starts_with("hand-over"))
        .count()
}

/// Card #35 (3 OP) activates Falkenstein (initiative 3, offensive 0).
fn activate_falkenstein(g: &mut PureGame<Struggle>) {
    give(g, Side::Prussia, &[35]);
    let f = general(g, "falkenstein");
    ok(
        g,
        StCommand::Play {
            card: 35,
            use_: Use::Activate { general: f },
        },
    );
    // hidden hands: Austria (cards in hand) is asked about card 16 first
    decline_window(g);
    assert_eq!(g.st.g.step, Step::Move);
}

/// Falkenstein and `n` Prussian IDs in `from`; Arendtschildt with the Hanoverian Corps in
/// Hanover (the example of play, War turn 1). Returns (Falkenstein, Arendtschildt, IDs,
/// Hanoverian Corps).
fn hanover_from(from: &str, n: usize) -> (PureGame<Struggle>, u8, u8, Vec<u16>, u16) {
    let mut g = empty_board();
    let falk = put_general(&mut g, "falkenstein", from);
    let ids = (0..n)
        .map(|_| place(&mut g, "pr-id", from, false))
        .collect();
    let arendt = put_general(&mut g, "arendtschildt", "Hanover");
    let hn = place(&mut g, "hn-corps", "Hanover", false);
    (g, falk, arendt, ids, hn)
}

// ------------------------------------------------ defect 7: one function per chance

// rules 10.2, 17.1; example of play War turn 1 WOR2: "Arendtschildt's 3 Initiative Rating
// causes an interception on a 4-6 die roll". The chance shown (the prompt's function) is
// exactly the number of dice that intercept when rolled through commands: 3 in 6; with a
// CD in his army (17.1, +1) 4 in 6, so that a 3 intercepts.
#[test]
fn interception_odds_are_the_dice_that_intercept() {
    for cavalry in [false, true] {
        let (mut g, _, arendt, _, hn) = hanover_from("Magdeburg", 3);
        let cd = cavalry.then(|| place(&mut g, "au-1ltcd", "Hanover", false));
        activate_falkenstein(&mut g);
        let bs = space(&g, "Braunschweig");
        let hanover = space(&g, "Hanover");
        ok(&mut g, StCommand::Move { to: bs });
        assert_eq!(stage(&g), Some(Stage::Intercept));
        let shown = fb::intercept_chance_in_6(&g.rules, &g.st, arendt);
        let mut hits = Vec::new();
        for die in 1..=6u8 {
            let mut t = g.clone();
            t.dice.script([die]);
            ok(&mut t, StCommand::Intercept { general: arendt });
            let roll = t
                .dice
                .rolls
                .iter()
                .rfind(|r| r.rule == "10.2")
                .expect("the interception die");
            assert_eq!(roll.die, die);
            assert_eq!(
                roll.modifiers.iter().any(|m| m.0.contains("17.1")),
                cavalry,
                "{:?}",
                roll.modifiers
            );
            if at(&t, hn) == Loc::Space(bs) {
                assert_eq!(gen_at(&t, arendt), Loc::Space(bs));
                if let Some(cd) = cd {
                    assert_eq!(at(&t, cd), Loc::Space(bs), "the CD goes with the army");
                }
                hits.push(die);
            } else {
                assert_eq!(at(&t, hn), Loc::Space(hanover));
            }
        }
        let want: Vec<u8> = if cavalry {
            vec![3, 4, 5, 6]
        } else {
            vec![4, 5, 6]
        };
        assert_eq!(hits, want, "cavalry {cavalry}");
        assert_eq!(shown as usize, want.len());
    }
}

// rules 10.4, 17.1; example of play War turn 1 WOR4: Arendtschildt (initiative 3) avoids
// battle with a 4. The avoid chance listed with the command is the number of dice that
// avoid: 3 in 6 (4-6); with a CD in the army 4 in 6 (a 3 avoids).
#[test]
fn avoid_battle_odds_are_the_dice_that_avoid() {
    for cavalry in [false, true] {
        let (mut g, _, _, _, hn) = hanover_from("Braunschweig", 2);
        if cavalry {
            place(&mut g, "au-1ltcd", "Hanover", false);
        }
        activate_falkenstein(&mut g);
        let hanover = space(&g, "Hanover");
        let hildesheim = space(&g, "Hildesheim");
        ok(&mut g, StCommand::Move { to: hanover });
        assert_eq!(stage(&g), Some(Stage::Avoid));
        let cmd = StCommand::Avoid {
            to: hildesheim,
            unit: None,
        };
        let shown = fb::avoid_options(&g.rules, &g.st)
            .into_iter()
            .find(|o| o.cmd == cmd)
            .map(|o| o.chance_in_6)
            .expect("avoid to Hildesheim is offered");
        let mut hits = Vec::new();
        for die in 1..=6u8 {
            let mut t = g.clone();
            t.dice.script([die]);
            ok(&mut t, cmd.clone());
            if at(&t, hn) == Loc::Space(hildesheim) {
                hits.push(die);
            } else {
                assert!(t.st.g.battle.as_ref().is_some_and(|b| b.failed_avoid));
            }
        }
        let want: Vec<u8> = if cavalry {
            vec![3, 4, 5, 6]
        } else {
            vec![4, 5, 6]
        };
        assert_eq!(hits, want, "cavalry {cavalry}");
        assert_eq!(shown as usize, want.len());
    }
}

// rule 9.51: an army overruns a lone EBC in a minor city with a 5:1 superiority in SPs.
// Two IDs and a CD (2 + 2 + 1 = 5 SP) against a 1-SP IB at Hildesheim: exactly 5:1, the IB
// is eliminated without a battle and the army moves on; two IDs (4 SP): a battle.
#[test]
fn overrun_needs_five_to_one_in_play() {
    for cd in [true, false] {
        let mut g = empty_board();
        put_general(&mut g, "falkenstein", "Braunschweig");
        place(&mut g, "pr-id", "Braunschweig", false);
        place(&mut g, "pr-id", "Braunschweig", false);
        if cd {
            place(&mut g, "pr-cd", "Braunschweig", false);
        }
        let ib = place(&mut g, "ns-ib", "Hildesheim", false);
        activate_falkenstein(&mut g);
        let hildesheim = space(&g, "Hildesheim");
        let rolls = real_rolls(&g);
        ok(&mut g, StCommand::Move { to: hildesheim });
        if cd {
            assert_eq!(at(&g, ib), Loc::Eliminated, "5:1 overruns");
            assert!(g.st.g.battle.is_none());
            assert_eq!(g.st.g.step, Step::Move, "the army moves on");
            assert_eq!(real_rolls(&g), rolls, "no die");
        } else {
            assert_eq!(at(&g, ib), Loc::Space(hildesheim), "4:1 is no overrun");
            assert_eq!(g.st.g.step, Step::Battle);
        }
    }
}

/// A 4-OP card for individual activations.
fn four_op_card(g: &PureGame<Struggle>) -> CardId {
    g.rules
        .cards
        .cards
        .iter()
        .find(|c| c.ops == 4 && c.response.is_none() && !c.mandatory)
        .map(|c| c.id)
        .expect("a 4-OP card")
}

/// Prussia plays a 4-OP card for the individual activation of `units`.
fn activate_units(g: &mut PureGame<Struggle>, units: &[u16]) {
    g.st.g.to_play = Side::Prussia;
    let card = four_op_card(g);
    give(g, Side::Prussia, &[card]);
    ok(
        g,
        StCommand::Play {
            card,
            use_: Use::Individual,
        },
    );
    for &u in units {
        ok(
            g,
            StCommand::Declare {
                piece: Piece::Unit(u),
            },
        );
    }
    ok(g, StCommand::Begin);
}

// rules 13.31, 13.34; example of play (Siege Phase, War turn 1): "4 - 1 = 3" reduces
// Hanover (a major city, value 1). A Prussian corps that begins its activation in Hanover
// rolls a siege through the Siege command: the dice that reduce it are exactly the chance
// the siege odds function gives (3 in 6: 4, 5, 6); a 3 (3 - 1 = 2) has no effect.
#[test]
fn siege_rolls_of_the_example_in_play() {
    let mut g = seven_weeks();
    clear(&mut g, "Hanover");
    let c = put(&mut g, "pr-7", "Hanover", false);
    let h = space(&g, "Hanover");
    assert_eq!(
        siege::siege_chance_in_6(&g.rules, &g.st, h, Side::Prussia),
        3
    );
    activate_units(&mut g, &[c]);
    let mut hits = Vec::new();
    for die in 1..=6u8 {
        let mut t = g.clone();
        t.dice.script([die]);
        ok(&mut t, StCommand::Siege);
        let roll = t.dice.rolls.last().expect("the siege die");
        assert_eq!(roll.total, die as i32 - 1, "the fortification value -1");
        if t.st.g.destroyed[h] {
            assert_eq!(t.st.g.control[h], Some(Side::Prussia), "13.31");
            hits.push(die);
        }
    }
    assert_eq!(hits, vec![4, 5, 6]);
}

// -------------------------------- defect 11: overrun in a destroyed fortress or major city

// rules 9.51, 13.31: a reduced major city "functions as a Minor City": an army with 5:1
// entering it overruns a lone EBC there (no withdrawal inside a destroyed city, no avoid).
#[test]
fn overrun_in_a_destroyed_major_city() {
    let mut g = empty_board();
    put_general(&mut g, "falkenstein", "Braunschweig");
    for _ in 0..3 {
        place(&mut g, "pr-id", "Braunschweig", false);
    }
    let hanover = space(&g, "Hanover");
    g.st.g.destroyed[hanover] = true;
    g.st.g.control[hanover] = Some(Side::Austria);
    let ib = place(&mut g, "ns-ib", "Hanover", false);
    activate_falkenstein(&mut g);
    ok(&mut g, StCommand::Move { to: hanover });
    assert_eq!(at(&g, ib), Loc::Eliminated, "9.51 overrun");
    assert!(g.st.g.battle.is_none());
    assert_eq!(g.st.g.step, Step::Move, "the army may move on");
    assert_eq!(
        g.st.g.control[hanover],
        Some(Side::Prussia),
        "14.1: passing through takes the minor city"
    );
}

// ------------------------------------------- defect 14: 10.6 counts the supporting armies

// rules 10.6, 11.4: the supporting armies are in the attack before avoid battle is
// declared (11.4). Falkenstein's two IDs enter Hanover, held by Arendtschildt and one CD;
// Frederick's army at Minden with a Prussian CD joins the attack: the attacking force is
// no longer "entirely infantry", so the CD must roll (10.4 with 17.1: 4 in 6), not avoid
// automatically. When the support fails, the automatic avoid stands.
#[test]
fn a_supporting_cavalry_division_ends_the_automatic_avoid() {
    for supported in [true, false] {
        let (mut g, _, _, _, hn) = hanover_from("Braunschweig", 2);
        g.st.units[hn as usize].loc = Loc::Reserve;
        let cd = place(&mut g, "au-1ltcd", "Hanover", false);
        let fred = put_general(&mut g, "frederick", "Minden");
        place(&mut g, "pr-id", "Minden", false);
        let pcd = place(&mut g, "pr-cd", "Minden", false);
        activate_falkenstein(&mut g);
        let hanover = space(&g, "Hanover");
        let hildesheim = space(&g, "Hildesheim");
        ok(&mut g, StCommand::Move { to: hanover });
        // 10.8: the avoid battle is declared before the support die; attempted after it
        assert_eq!(stage(&g), Some(Stage::Intercept));
        ok(
            &mut g,
            StCommand::Avoid {
                to: hildesheim,
                unit: None,
            },
        );
        assert_eq!(stage(&g), Some(Stage::Support));
        // supported: support die 1, then the avoid die 1 (4 in 6 with the CD: fails)
        if supported {
            g.dice.script([1, 1]);
        } else {
            g.dice.script([6]);
        }
        ok(&mut g, StCommand::Support { general: fred });
        let avoid_dice = |g: &PureGame<Struggle>| {
            g.dice
                .rolls
                .iter()
                .filter(|r| r.purpose.starts_with("avoid battle"))
                .count()
        };
        if supported {
            assert_eq!(avoid_dice(&g), 1, "10.4: a die");
            assert_eq!(at(&g, cd), Loc::Space(hanover), "a 1 fails");
            assert!(g.st.g.battle.as_ref().is_some_and(|b| b.failed_avoid));
        } else {
            assert_eq!(avoid_dice(&g), 0, "10.6: no die");
            assert_eq!(at(&g, cd), Loc::Space(hildesheim));
        }
        assert_eq!(at(&g, pcd), Loc::Space(space(&g, "Minden")));
    }
}

// --------------------------------- defect 31: 13.34 general-less sieges pool their units

// rule 13.34, last sentence: a besieging force of more than one CU without a general may
// be activated for a siege attempt by a card worth the units it needs. A Prussian ID and
// CD in an Austrian level-2 fortress (two CUs, no corps needed, 13.32) are activated one
// by one by a 4-OP card (3 + 1 OPs, 6.23): the ID's attempt counts the CD with it and
// both pay 2 MPs (13.34); the ID activated alone may not roll.
#[test]
fn a_general_less_besieging_force_pools_its_activated_units() {
    let mut g = seven_weeks();
    let target = g
        .rules
        .map
        .spaces
        .iter()
        .position(|x| {
            matches!(
                x.kind,
                feldzug::games::struggle::map::SpaceKind::Fortress(2)
            )
        })
        .expect("a level-2 fortress");
    let name = g.rules.space_name(target);
    g.st.g.control[target] = Some(Side::Austria);
    clear(&mut g, &name);
    let a = put(&mut g, "pr-id", &name, false);
    let b = put(&mut g, "pr-cd", &name, false);
    // alone (only the first unit activated): 13.32 refuses
    let mut alone = g.clone();
    activate_units(&mut alone, &[a]);
    refused(&mut alone, StCommand::Siege, "13.32");
    // both activated by the same card: one attempt, 2 MPs each
    activate_units(&mut g, &[a, b]);
    assert!(g.legal().contains(&StCommand::Siege), "{:?}", g.legal());
    g.dice.script([1]);
    ok(&mut g, StCommand::Siege);
    assert!(
        g.dice
            .rolls
            .iter()
            .any(|r| r.purpose.starts_with("siege of")),
        "one siege roll"
    );
    let spent = |p: Piece| {
        g.st.g
            .op
            .as_ref()
            .and_then(|o| o.spent.iter().find(|x| x.0 == p).map(|x| x.1))
    };
    assert_eq!(spent(Piece::Unit(a)), Some(2));
    assert_eq!(spent(Piece::Unit(b)), Some(2));
}

// ------------------------------------------------ section 3: rules without a command test

/// Losses and retreats by the first listed way until the battle reaches `until` or ends.
fn play_out(g: &mut PureGame<Struggle>) {
    while matches!(stage(g), Some(Stage::Losses(_) | Stage::Retreat)) {
        let c = g.legal()[0].clone();
        ok(g, c);
    }
}

// rule 11.2 step 3: "If the result is a tie, the attacker wins." Falkenstein's two IDs
// (4 SP) attack Arendtschildt's Hanoverian Corps (5 SP) in Hanover with dice for which
// both sides inflict the same cohesion loss: the attacker wins and the defender retreats.
#[test]
fn a_tied_battle_goes_to_the_attacker() {
    use feldzug::games::struggle::battle::Who;
    let (mut g, _, arendt, _, hn) = hanover_from("Braunschweig", 2);
    activate_falkenstein(&mut g);
    let hanover = space(&g, "Hanover");
    ok(&mut g, StCommand::Move { to: hanover });
    assert_eq!(stage(&g), Some(Stage::Avoid));
    let plan = fb::battle_preview(&g.rules, &g.st).expect("a preview");
    let (a, d) = (1..=6u8)
        .flat_map(|a| (1..=6u8).map(move |d| (a, d)))
        .find(|&(a, d)| {
            let o = plan.outcome(a, d);
            o.inflicted[0] == o.inflicted[1] && o.inflicted[0] > 0
        })
        .expect("dice for a tie");
    assert_eq!(plan.outcome(a, d).winner, Who::Attacker);
    g.dice.script([a, d]);
    ok(&mut g, StCommand::Done); // Arendtschildt stays
    past_responses(&mut g);
    let b = g.st.g.battle.as_ref().expect("the battle goes on");
    assert_eq!(b.winner, Some(Side::Prussia), "a tie: the attacker wins");
    play_out(&mut g);
    assert_ne!(
        gen_at(&g, arendt),
        Loc::Space(hanover),
        "the loser retreats"
    );
    assert_ne!(at(&g, hn), Loc::Space(hanover));
}

// rules 12.4, 17.1: "An army with more CDs present than its opponent may subtract one from
// its Pursuit die roll." Falkenstein (offensive rating 0) wins at Hildesheim against a
// Hesse-Nassau ID: a pursuit die of 1 fails (1 > 0) with three IDs, and succeeds (1 - 1 =
// 0) when a CD rides with them; the chance shown is 0 and 1 in 6.
#[test]
fn more_cavalry_subtracts_one_from_the_pursuit_die() {
    for cd in [false, true] {
        let mut g = empty_board();
        let falk = put_general(&mut g, "falkenstein", "Braunschweig");
        for _ in 0..3 {
            place(&mut g, "pr-id", "Braunschweig", false);
        }
        if cd {
            place(&mut g, "pr-cd", "Braunschweig", false);
        }
        let div = place(&mut g, "hn-div", "Hildesheim", false);
        activate_falkenstein(&mut g);
        let hildesheim = space(&g, "Hildesheim");
        ok(&mut g, StCommand::Move { to: hildesheim });
        assert_eq!(stage(&g), Some(Stage::Avoid));
        // dice for a win that leaves the ID standing to retreat
        let plan = fb::battle_preview(&g.rules, &g.st).expect("a preview");
        let (a, d) = (1..=6u8)
            .flat_map(|a| (1..=6u8).map(move |d| (a, d)))
            .filter(|&(a, d)| {
                plan.outcome(a, d).winner == feldzug::games::struggle::battle::Who::Attacker
            })
            .min_by_key(|&(a, d)| plan.outcome(a, d).loss[1])
            .expect("dice for a win");
        g.dice.script([a, d]);
        ok(&mut g, StCommand::Done);
        past_responses(&mut g);
        play_out(&mut g);
        assert_eq!(stage(&g), Some(Stage::Pursue), "cd {cd}");
        let Loc::Space(to) = at(&g, div) else {
            panic!("the ID retreated")
        };
        assert_eq!(
            fb::pursuit_chance(&g.rules, &g.st),
            Some(if cd { 1 } else { 0 })
        );
        g.dice.script([1]);
        ok(&mut g, StCommand::Pursue);
        let roll = g
            .dice
            .rolls
            .iter()
            .rfind(|r| r.rule == "12.4")
            .expect("the pursuit die");
        assert_eq!(roll.total, if cd { 0 } else { 1 });
        let pursued = gen_at(&g, falk) == Loc::Space(to);
        assert_eq!(pursued, cd, "cd {cd}");
    }
}

// rule 12.1: a retreat into a space with a hostile PC costs one additional step (14.4: only
// when no friendly space is open). Two Austrian IBs at Hildesheim lose to Falkenstein's
// three IDs; every space they could retreat to is Prussian (so no avoid battle either):
// after the retreat they have lost one step more than the battle's losses.
#[test]
fn a_retreat_into_a_hostile_pc_costs_one_more_step() {
    let mut g = empty_board();
    put_general(&mut g, "falkenstein", "Braunschweig");
    for _ in 0..3 {
        place(&mut g, "pr-id", "Braunschweig", false);
    }
    let ibs = [
        place(&mut g, "au-ib", "Hildesheim", false),
        place(&mut g, "au-ib", "Hildesheim", false),
    ];
    let hildesheim = space(&g, "Hildesheim");
    for s in fb::retreat_spaces(&g.rules, &g.st, hildesheim, Side::Austria) {
        g.st.g.control[s] = Some(Side::Prussia);
    }
    activate_falkenstein(&mut g);
    // no avoid battle (14.4: every open space is hostile): the dice roll at once; the
    // first dice for which Prussia wins and both IBs stand to retreat
    let start = g.clone();
    let mut found = None;
    'dice: for a in (1..=6u8).rev() {
        for d in 1..=6u8 {
            let mut t = start.clone();
            t.dice.script([a, d]);
            ok(&mut t, StCommand::Move { to: hildesheim });
            past_responses(&mut t);
            while matches!(stage(&t), Some(Stage::Losses(_))) {
                let c = t.legal()[0].clone();
                ok(&mut t, c);
            }
            if stage(&t) == Some(Stage::Retreat)
                && t.st.g.battle.as_ref().and_then(|b| b.winner) == Some(Side::Prussia)
                && ibs.iter().all(|&u| matches!(at(&t, u), Loc::Space(_)))
            {
                found = Some(t);
                break 'dice;
            }
        }
    }
    g = found.expect("dice for a Prussian win with both IBs standing");
    assert_eq!(stage(&g), Some(Stage::Retreat));
    let steps = |g: &PureGame<Struggle>| -> u32 {
        ibs.iter()
            .map(|&u| match g.st.units[u as usize] {
                UnitState {
                    loc: Loc::Space(_),
                    reduced: false,
                } => 2,
                UnitState {
                    loc: Loc::Space(_),
                    reduced: true,
                } => 1,
                _ => 0,
            })
            .sum()
    };
    let before = steps(&g);
    assert!(before >= 2, "the IBs stand to retreat");
    let c = g.legal()[0].clone();
    let StCommand::Retreat { to } = c.clone() else {
        panic!("a retreat: {c:?}")
    };
    assert_eq!(g.st.g.control[to], Some(Side::Prussia));
    ok(&mut g, c);
    while matches!(stage(&g), Some(Stage::Attrition | Stage::Losses(_))) {
        let c = g.legal()[0].clone();
        ok(&mut g, c);
    }
    assert_eq!(steps(&g), before - 1, "12.1: one step more");
}
