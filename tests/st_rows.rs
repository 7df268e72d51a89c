//! 1866: the rows of issue 13 still without a command-driven test (docs/games/struggle-audit4.md,
//! session 14): the 18.3 printed example, 9.52's elimination, 11.2 step 2's clamps, 14.5's
//! Italian rail, 11.44's beaten primary army, 13.8's -2 and the battle responses #10, #13,
//! #15, #18, #22, #27, #49 and #55. Every test drives the game through `PureGame::apply`/
//! `legal` on positions built on the 22.2 set-up.

use crate::st_common::*;
use feldzug::engine::game::PureGame;
use feldzug::engine::side::Side;
use feldzug::games::struggle::Struggle;
use feldzug::games::struggle::battle::{BattlePlan, Who};
use feldzug::games::struggle::cards::CardId;
use feldzug::games::struggle::flow_battle::{self as fb, Stage};
use feldzug::games::struggle::state::*;
use std::sync::Arc;

fn empty_board() -> PureGame<Struggle> {
    empty_board_with(&[], 1)
}

/// A 4-OP card that is no response and not mandatory, not among `not`.
fn four_op_card(g: &PureGame<Struggle>, not: &[CardId]) -> CardId {
    g.rules
        .cards
        .cards
        .iter()
        .find(|c| c.ops == 4 && c.response.is_none() && !c.mandatory && !not.contains(&c.id))
        .map(|c| c.id)
        .expect("a 4-OP card")
}

/// `side` plays a 4-OP card to activate `general`'s army (6.22); its hand also holds
/// `cards`, the other side's hand `other`, and each one card without a response (so that
/// both are asked at each response moment, as hidden hands have it). #16's window is
/// declined.
fn activate(
    g: &mut PureGame<Struggle>,
    side: Side,
    general: u8,
    cards: &[CardId],
    other: &[CardId],
) {
    let mut not: Vec<CardId> = cards.to_vec();
    not.extend(other);
    let card = four_op_card(g, &not);
    not.push(card);
    let fill = quiet_cards(g, 2, &not);
    let mut theirs = other.to_vec();
    theirs.push(fill[0]);
    give(g, side.other(), &theirs);
    let mut mine = vec![card];
    mine.extend(cards);
    mine.push(fill[1]);
    give(g, side, &mine);
    g.st.g.to_play = side;
    ok(
        g,
        StCommand::Play {
            card,
            use_: Use::Activate { general },
        },
    );
    decline_window(g);
    assert_eq!(g.st.g.step, Step::Move);
}

/// Passes every stage before the responses (no interception, no support, no avoid).
fn to_responses(g: &mut PureGame<Struggle>) {
    while let Some(s) = stage(g) {
        match s {
            Stage::Intercept | Stage::BattleStart | Stage::Support | Stage::Avoid => {
                ok(g, StCommand::Done)
            }
            _ => break,
        }
    }
    assert!(
        matches!(stage(g), Some(Stage::Respond(_))),
        "at the responses: {:?}",
        stage(g)
    );
}

fn preview(g: &PureGame<Struggle>) -> BattlePlan {
    fb::battle_preview(&g.rules, &g.st).expect("a battle preview")
}

/// The sum of the modifiers of `who` granted by card `card` in the preview.
fn card_drm(plan: &BattlePlan, who: Who, card: CardId) -> i32 {
    let tag = format!("card #{card} ");
    plan.modifiers
        .iter()
        .filter(|m| m.who == who && !m.shift && m.case.starts_with(&tag))
        .map(|m| m.amount)
        .sum()
}

/// Declares `att` (attacker) and `def` (defender) responses, then rolls `dice`; returns the
/// battle as the roll left it (losses, winner).
fn respond_and_roll(
    g: &mut PureGame<Struggle>,
    att: Option<CardId>,
    def: Option<CardId>,
    dice: (u8, u8),
) -> fb::Pending {
    g.dice.script([dice.0, dice.1]);
    let a = g.st.g.battle.as_ref().expect("battle").att;
    assert_eq!(stage(g), Some(Stage::Respond(a)), "the attacker first");
    if let Some(c) = att {
        ok(g, StCommand::Respond { card: c });
    }
    ok(g, StCommand::Done);
    assert_eq!(stage(g), Some(Stage::Respond(a.other())));
    if let Some(c) = def {
        ok(g, StCommand::Respond { card: c });
    }
    ok(g, StCommand::Done);
    let p =
        g.st.g
            .battle
            .clone()
            .expect("the battle waits for a loss choice");
    assert!(p.winner.is_some(), "rolled");
    p
}

/// The battle dice logged last (attacker's, defender's).
fn battle_rolls(
    g: &PureGame<Struggle>,
) -> (feldzug::engine::dice::Roll, feldzug::engine::dice::Roll) {
    let v: Vec<_> = g
        .dice
        .rolls
        .iter()
        .filter(|r| r.purpose.starts_with("battle of"))
        .cloned()
        .collect();
    let n = v.len();
    assert!(n >= 2, "the battle dice are logged");
    (v[n - 2].clone(), v[n - 1].clone())
}

fn logged(g: &PureGame<Struggle>, text: &str) -> bool {
    g.log.entries.iter().any(|e| e.text.contains(text))
}

/// Dice giving `who` the battle in `plan`.
fn dice_for(plan: &BattlePlan, who: Who) -> (u8, u8) {
    for a in 1..=6 {
        for d in 1..=6 {
            if plan.outcome(a, d).winner == who {
                return (a, d);
            }
        }
    }
    panic!("no dice give {who:?} the battle")
}

// ------------------------------------------------------------------ 18.3 printed example

// rule 18.3 (printed example): a general of seniority 6 activates 6 units; with a
// subordinate of seniority 3 he activates 9. The counter mix has no S6 general, so the
// test gives Frederick (S5) seniority 6 in the scenario's data; Bittenfeld is S3.
#[test]
fn the_seniority_example_six_and_three_activate_nine_units() {
    for with_sub in [false, true] {
        let mut g = empty_board();
        let fred = general(&g, "frederick");
        let bitt = general(&g, "bittenfeld");
        Arc::make_mut(&mut g.rules).generals[fred as usize].seniority = 6;
        assert_eq!(g.rules.generals[bitt as usize].seniority, 3);
        put_general(&mut g, "frederick", "Berlin");
        if with_sub {
            put_general(&mut g, "bittenfeld", "Berlin");
        }
        let units: Vec<u16> = (0..10)
            .map(|_| put(&mut g, "pr-id", "Berlin", false))
            .collect();
        activate(&mut g, Side::Prussia, fred, &[], &[]);
        let want = if with_sub { 9 } else { 6 };
        let m =
            g.st.g
                .op
                .as_ref()
                .and_then(|o| o.mover.clone())
                .expect("mover");
        let moving: Vec<u16> = units
            .iter()
            .copied()
            .filter(|&u| m.pieces.contains(&Piece::Unit(u)))
            .collect();
        assert_eq!(moving.len(), want, "18.3: seniority {want}");
        let left = units
            .iter()
            .copied()
            .find(|u| !moving.contains(u))
            .expect("a unit left");
        let pick = StCommand::PickUp {
            piece: Piece::Unit(left),
        };
        assert!(!g.legal().contains(&pick));
        assert_eq!(g.apply(&pick).expect_err("18.3").rule, "18.3");
        // the army marches with its nine (six) units; the rest stay in Berlin
        let berlin = space(&g, "Berlin");
        let to = g
            .rules
            .map
            .routes_from(berlin)
            .map(|(_, o)| o)
            .find(|&o| g.st.g.control[o] == Some(Side::Prussia))
            .expect("a Prussian neighbour");
        ok(&mut g, StCommand::Move { to });
        let there = units
            .iter()
            .filter(|&&u| g.st.units[u as usize].loc == Loc::Space(to))
            .count();
        assert_eq!(there, want);
        assert_eq!(
            units
                .iter()
                .filter(|&&u| g.st.units[u as usize].loc == Loc::Space(berlin))
                .count(),
            10 - want
        );
    }
}

// ------------------------------------------------------------------ 9.52 lone generals

// rule 9.52: a general alone in a space an enemy force enters retreats to an adjacent space
// regardless of a hostile PC, not the space the force came from; unable to, he is
// eliminated. The force moves on. Frederick's army enters Oderberg from Ratibor, where
// Benedek stands alone.
#[test]
fn a_lone_general_with_no_retreat_is_eliminated_and_the_force_moves_on() {
    for blocked in [false, true] {
        let mut g = empty_board();
        let oderberg = space(&g, "Oderberg");
        let ratibor = space(&g, "Ratibor");
        let fred = put_general(&mut g, "frederick", "Ratibor");
        put(&mut g, "pr-1", "Ratibor", false);
        let benedek = put_general(&mut g, "benedek", "Oderberg");
        let others: Vec<usize> = g
            .rules
            .map
            .routes_from(oderberg)
            .map(|(_, o)| o)
            .filter(|&o| o != ratibor)
            .collect();
        assert!(others.len() >= 2);
        // every other neighbour holds a Prussian unit; unblocked, the last one is only
        // under a Prussian PC (no bar to him, 9.52)
        let free = *others.last().expect("a neighbour");
        for &o in &others {
            if blocked || o != free {
                let n = g.rules.space_name(o);
                place(&mut g, "pr-id", &n, false);
            }
            g.st.g.control[o] = Some(Side::Prussia);
        }
        activate(&mut g, Side::Prussia, fred, &[], &[]);
        ok(&mut g, StCommand::Move { to: oderberg });
        if blocked {
            assert_eq!(g.st.generals[benedek as usize].loc, Loc::Eliminated, "9.52");
            assert!(logged(&g, "cannot retreat and is eliminated"));
        } else {
            assert_eq!(g.st.generals[benedek as usize].loc, Loc::Space(free));
        }
        assert!(g.st.g.battle.is_none(), "no battle with a lone general");
        assert_eq!(g.st.g.step, Step::Move, "the force moves on");
        assert_eq!(g.st.generals[fred as usize].loc, Loc::Space(oderberg));
        assert!(
            g.legal()
                .iter()
                .any(|c| matches!(c, StCommand::Move { .. })),
            "it may go on moving"
        );
    }
}

// ------------------------------------------------------------------ 11.2 step 2 clamps

// rule 11.2 step 2: however many shifts apply, the lowest column is 1-3. A Prussian CD
// (1 SP, column 1-3) attacks Reichenberg from Görlitz along a mountain route (one column
// to the left, Terrain Effects Chart): it still reads 1-3.
#[test]
fn a_shift_left_of_the_one_to_three_column_reads_one_to_three() {
    let mut g = empty_board();
    let fred = put_general(&mut g, "frederick", "Görlitz");
    put(&mut g, "pr-cd", "Görlitz", false);
    put(&mut g, "au-ib", "Reichenberg", false);
    put(&mut g, "au-ib", "Reichenberg", false);
    activate(&mut g, Side::Prussia, fred, &[], &[]);
    let reichenberg = space(&g, "Reichenberg");
    ok(&mut g, StCommand::Move { to: reichenberg });
    to_responses(&mut g);
    let plan = preview(&g);
    assert_eq!(plan.sp[0], 1);
    assert!(
        plan.modifiers
            .iter()
            .any(|m| m.who == Who::Attacker && m.shift && m.amount == -1),
        "the mountain shift: {:?}",
        plan.modifiers
    );
    assert_eq!((plan.base_column[0], plan.column[0]), (0, 0));
    assert_eq!(plan.column_label[0], "1-3");
    // die 6, Frederick's offensive +1: row 7 of the 1-3 column
    let p = respond_and_roll(&mut g, None, None, (6, 1));
    let col = &g.rules.charts.brt.columns[0];
    let row = (7 - g.rules.charts.brt.die_low) as usize;
    assert_eq!(p.loss[1], col.losses[row] as u32);
    assert!(logged(&g, "1 SP on 1-3 rolls 6 (7)"));
    assert!(logged(&g, "column shift -1 for the attacker"));
}

// rule 11.2 step 2: the highest column is >40. Benedek (S5) and Albrecht (S4) lead nine
// Austrian corps (43 SP, >40) from Oderberg into Ratibor and play Austrian Stosstaktik
// (#11, one column to the right): the attacker still reads >40.
#[test]
fn a_shift_right_of_the_over_forty_column_reads_over_forty() {
    let mut g = empty_board();
    let benedek = put_general(&mut g, "benedek", "Oderberg");
    put_general(&mut g, "albrecht", "Oderberg");
    for c in [
        "au-1", "au-2", "au-3", "au-4", "au-5", "au-6", "au-7", "au-8", "au-10",
    ] {
        place(&mut g, c, "Oderberg", false);
    }
    put(&mut g, "pr-id", "Ratibor", false);
    put(&mut g, "pr-id", "Ratibor", false);
    activate(&mut g, Side::Austria, benedek, &[11], &[]);
    let ratibor = space(&g, "Ratibor");
    ok(&mut g, StCommand::Move { to: ratibor });
    to_responses(&mut g);
    let before = preview(&g);
    assert_eq!(before.sp[0], 43);
    let last = g.rules.charts.brt.columns.len() - 1;
    assert_eq!(before.column[0], last);
    ok(&mut g, StCommand::Respond { card: 11 });
    let plan = preview(&g);
    assert!(
        plan.modifiers
            .iter()
            .any(|m| m.who == Who::Attacker && m.shift && m.amount == 1),
        "{:?}",
        plan.modifiers
    );
    assert_eq!((plan.base_column[0], plan.column[0]), (last, last));
    assert_eq!(plan.column_label[0], ">40");
    g.dice.script([1, 6]);
    ok(&mut g, StCommand::Done);
    ok(&mut g, StCommand::Done);
    let p = g.st.g.battle.clone().expect("the battle");
    // die 1 + Benedek's offensive 0 on the >40 column
    let col = &g.rules.charts.brt.columns[last];
    let m = 1 + plan.drm[0];
    assert_eq!(
        p.loss[1],
        col.losses[(m - g.rules.charts.brt.die_low) as usize] as u32
    );
    assert!(logged(&g, "43 SP on >40 rolls 1"));
    assert!(logged(&g, "column shift +1 for the attacker"));
}

// ------------------------------------------------------------------ 14.5 Italian rail

/// `side` plays a 4-OP card to activate `unit` alone (6.23).
fn activate_alone(g: &mut PureGame<Struggle>, side: Side, unit: u16) {
    let card = four_op_card(g, &[]);
    let quiet = quiet_cards(g, 3, &[card]);
    give(g, side.other(), &quiet);
    give(g, side, &[card]);
    g.st.g.to_play = side;
    ok(
        g,
        StCommand::Play {
            card,
            use_: Use::Individual,
        },
    );
    ok(
        g,
        StCommand::Declare {
            piece: Piece::Unit(unit),
        },
    );
    ok(g, StCommand::Begin);
}

// rule 14.5: Italy's railroads never give Austria the special rail bonus (9.61). An
// Austrian IB (MA 3) on the rail line Parma - Piacenza - Milan - Bergamo - Brescia, every
// space Austrian, stops after three steps; an Italian ID on the same line, the spaces
// Italian, goes all four with the bonus.
#[test]
fn italian_railroads_give_austria_no_rail_bonus() {
    for side in [Side::Austria, Side::Prussia] {
        let mut g = empty_board();
        let path: Vec<usize> = ["Piacenza", "Milan", "Bergamo", "Brescia"]
            .iter()
            .map(|n| space(&g, n))
            .collect();
        let parma = space(&g, "Parma");
        g.st.g.control[parma] = Some(side);
        for &s in &path {
            g.st.g.control[s] = Some(side);
        }
        let ty = if side == Side::Austria {
            "au-ib"
        } else {
            "it-id"
        };
        let u = put(&mut g, ty, "Parma", false);
        activate_alone(&mut g, side, u);
        for &s in &path[..3] {
            ok(&mut g, StCommand::Move { to: s });
        }
        let fourth = StCommand::Move { to: path[3] };
        if side == Side::Austria {
            assert!(!g.legal().contains(&fourth), "14.5: no bonus in Italy");
            assert!(g.apply(&fourth).is_err());
            assert_eq!(g.st.units[u as usize].loc, Loc::Space(path[2]));
        } else {
            ok(&mut g, fourth);
            assert_eq!(g.st.units[u as usize].loc, Loc::Space(path[3]));
        }
    }
}

// ------------------------------------------------------------------ 11.44 loser half

// rules 11.44, 12.1: a coordinated attack is lost: the primary army retreats to the space
// it entered the battle space from (Braunschweig), though Hildesheim, next to Hanover and
// Prussian, would do; the supporting army stays in Minden. Falkenstein (Braunschweig)
// attacks Hanover with Frederick's support from Minden.
#[test]
fn a_lost_coordinated_attack_sends_the_primary_army_back_whence_it_came() {
    let mut g = empty_board();
    let (bs, hanover, minden) = (
        space(&g, "Braunschweig"),
        space(&g, "Hanover"),
        space(&g, "Minden"),
    );
    let falk = put_general(&mut g, "falkenstein", "Braunschweig");
    let ids: Vec<u16> = (0..4)
        .map(|_| put(&mut g, "pr-id", "Braunschweig", false))
        .collect();
    let fred = put_general(&mut g, "frederick", "Minden");
    let vii = place(&mut g, "pr-7", "Minden", false);
    put_general(&mut g, "arendtschildt", "Hanover");
    place(&mut g, "hn-corps", "Hanover", false);
    let others: Vec<usize> = fb::retreat_spaces(&g.rules, &g.st, hanover, Side::Prussia)
        .into_iter()
        .filter(|&o| o != bs && o != minden)
        .collect();
    assert!(!others.is_empty(), "other retreat spaces exist");
    activate(&mut g, Side::Prussia, falk, &[], &[]);
    g.dice.script([4]);
    ok(&mut g, StCommand::Move { to: hanover });
    if stage(&g) == Some(Stage::Intercept) {
        ok(&mut g, StCommand::Done);
    }
    battle_begins(&mut g);
    assert_eq!(stage(&g), Some(Stage::Support));
    ok(&mut g, StCommand::Support { general: fred });
    to_responses(&mut g);
    let plan = preview(&g);
    let dice = dice_for(&plan, Who::Defender);
    respond_and_roll(&mut g, None, None, dice);
    while let Some(s) = stage(&g) {
        if s == Stage::Retreat
            && g.st.g.battle.as_ref().and_then(|b| b.winner) == Some(Side::Austria)
        {
            // only the attacker retreats here: whence it came
            let opts = fb::retreat_options(&g.rules, &g.st);
            assert_eq!(opts, vec![bs], "12.1");
        }
        let c = match s {
            Stage::Pursue => StCommand::Done,
            _ => g.legal()[0].clone(),
        };
        ok(&mut g, c);
    }
    assert_eq!(g.st.generals[falk as usize].loc, Loc::Space(bs), "12.1");
    assert!(
        ids.iter().all(
            |&u| matches!(g.st.units[u as usize].loc, Loc::Space(s) if s == bs)
                || g.st.units[u as usize].loc == Loc::Eliminated
        ),
        "12.1: the primary army's units are back in Braunschweig"
    );
    assert!(
        ids.iter()
            .any(|&u| g.st.units[u as usize].loc == Loc::Space(bs))
    );
    assert_eq!(
        g.st.generals[fred as usize].loc,
        Loc::Space(minden),
        "11.44"
    );
    assert_eq!(g.st.units[vii as usize].loc, Loc::Space(minden), "11.44");
}

// ------------------------------------------------------------------ 13.8 the -2 in battle

// rules 13.8, 15.3: a force inside a stronghold the enemy besieges is unsupplied, so it
// fights at -2. Falkenstein's ID sorties from Minden (Prussian, which has an LOC when not
// besieged) against the Hanoverian besiegers: the attacker's die carries 15.3's -2.
#[test]
fn a_besieged_garrison_fights_at_minus_two() {
    let mut g = empty_board();
    let minden = space(&g, "Minden");
    let falk = put_general(&mut g, "falkenstein", "Minden");
    put(&mut g, "pr-id", "Minden", false);
    put_general(&mut g, "arendtschildt", "Minden");
    put(&mut g, "hn-corps", "Minden", false);
    g.st.g.control[minden] = Some(Side::Prussia);
    let mut free = g.st.clone();
    free.g.besieged[minden] = None;
    assert!(
        feldzug::games::struggle::endturn::supplied(&g.rules, &free, minden, Side::Prussia),
        "Minden unbesieged has an LOC"
    );
    g.st.g.besieged[minden] = Some(Side::Austria);
    activate(&mut g, Side::Prussia, falk, &[], &[]);
    ok(&mut g, StCommand::Sortie);
    to_responses(&mut g);
    let plan = preview(&g);
    let unsupplied: Vec<_> = plan
        .modifiers
        .iter()
        .filter(|m| m.who == Who::Attacker && m.case.starts_with("15.3"))
        .collect();
    assert_eq!(unsupplied.len(), 1, "{:?}", plan.modifiers);
    assert_eq!(
        (unsupplied[0].who, unsupplied[0].amount),
        (Who::Attacker, -2)
    );
    respond_and_roll(&mut g, None, None, (5, 1));
    let (a, _) = battle_rolls(&g);
    assert!(
        a.modifiers
            .iter()
            .any(|m| m.0.starts_with("15.3") && m.1 == -2)
    );
    assert_eq!(a.total, 5 + plan.drm[0]);
    assert!(plan.drm[0] <= -2);
}

// ------------------------------------------------------------------ battle responses

/// Frederick's army (1st Corps and an ID) attacks Oderberg from Ratibor, held by an
/// Austrian force (`def_units`, Albrecht commanding); Prussia holds `pr` besides the
/// activation card, Austria `au`. The battle waits at the attacker's response.
fn oderberg(def_units: &[&str], pr: &[CardId], au: &[CardId]) -> PureGame<Struggle> {
    let mut g = empty_board();
    let fred = put_general(&mut g, "frederick", "Ratibor");
    place(&mut g, "pr-1", "Ratibor", false);
    place(&mut g, "pr-id", "Ratibor", false);
    put_general(&mut g, "albrecht", "Oderberg");
    for t in def_units {
        put(&mut g, t, "Oderberg", false);
    }
    activate(&mut g, Side::Prussia, fred, pr, au);
    let o = space(&g, "Oderberg");
    ok(&mut g, StCommand::Move { to: o });
    to_responses(&mut g);
    g
}

/// La Marmora's Italians (1st Corps and an ID) attack Custoza (Venetia) from Castiglione
/// across the river (11.45), held by Albrecht with two Austrian IBs.
fn custoza(pr: &[CardId], au: &[CardId]) -> PureGame<Struggle> {
    let mut g = empty_board();
    let lm = put_general(&mut g, "la-marmora", "Castiglione");
    place(&mut g, "it-1", "Castiglione", false);
    put(&mut g, "it-id", "Castiglione", false);
    put_general(&mut g, "albrecht", "Custoza");
    put(&mut g, "au-ib", "Custoza", false);
    put(&mut g, "au-ib", "Custoza", false);
    activate(&mut g, Side::Prussia, lm, pr, au);
    let c = space(&g, "Custoza");
    ok(&mut g, StCommand::Move { to: c });
    to_responses(&mut g);
    g
}

/// The card's die modifier as the preview shows it and the roll logs it: `who` gets
/// `drm` with the card (the other side's die `enemy`), nothing without.
fn check_drm(
    g: &PureGame<Struggle>,
    with: &PureGame<Struggle>,
    card: CardId,
    who: Who,
    drm: i32,
    enemy: i32,
) {
    let (p0, p1) = (preview(g), preview(with));
    assert_eq!(card_drm(&p0, who, card), 0);
    assert_eq!(card_drm(&p1, who, card), drm, "{:?}", p1.modifiers);
    assert_eq!(card_drm(&p1, who.other(), card), enemy);
    assert_eq!(p1.drm[who.idx()] - p0.drm[who.idx()], drm);
    assert_eq!(p1.drm[who.other().idx()] - p0.drm[who.other().idx()], enemy);
}

/// The side's battle roll logged with the card's modifier.
fn logged_with(g: &PureGame<Struggle>, who: Who, card: CardId) {
    let (a, d) = battle_rolls(g);
    let r = if who == Who::Attacker { a } else { d };
    let tag = format!("#{card} ");
    assert!(
        r.modifiers.iter().any(|m| m.0.contains(&tag)),
        "{:?}",
        r.modifiers
    );
    assert!(logged(g, &format!("plays {}", g.rules.card_title(card))));
}

// card #10 Artillery Reserve (RECONSTRUCTED text): Austria, a force with Austrian units:
// +1 to its die; if it loses, the winner may not pursue (12.4). Austria defends Oderberg
// and loses on the same dice either way: with the card Frederick is not asked to pursue.
#[test]
fn card_10_artillery_reserve_adds_one_and_forbids_the_pursuit() {
    let base = oderberg(&["au-ib"; 4], &[], &[10]);
    let mut plain = base.clone();
    let mut with = base.clone();
    ok(&mut with, StCommand::Done);
    ok(&mut with, StCommand::Respond { card: 10 });
    check_drm(&base, &with, 10, Who::Defender, 1, 0);
    let plan = preview(&with);
    let dice = dice_for(&plan, Who::Attacker);
    assert_eq!(preview(&base).outcome(dice.0, dice.1).winner, Who::Attacker);
    assert_eq!(
        plan.pursuit_in_216[Who::Attacker.idx()],
        0,
        "no pursuit shown"
    );
    // the same dice in both games; Austria retreats, Frederick pursues only without #10
    let mut seen = [false; 2];
    for (i, (g, card)) in [(&mut plain, None), (&mut with, Some(10))]
        .into_iter()
        .enumerate()
    {
        g.dice.script([dice.0, dice.1]);
        if card.is_none() {
            ok(g, StCommand::Done);
        }
        ok(g, StCommand::Done);
        if card.is_some() {
            logged_with(g, Who::Defender, 10);
        }
        while let Some(s) = stage(g) {
            if s == Stage::Pursue {
                seen[i] = true;
                ok(g, StCommand::Done);
                continue;
            }
            let c = g.legal()[0].clone();
            ok(g, c);
        }
    }
    assert_eq!(
        seen,
        [true, false],
        "12.4 pursuit asked without the card only"
    );
}

// card #13 Rout (RECONSTRUCTED text): in a battle of your force, if you win the loser takes
// 2 more CF. Prussia attacks Oderberg, plays it and wins: Austria's loss is the CF inflicted
// and 2 more.
#[test]
fn card_13_rout_adds_two_to_the_losers_loss() {
    let base = oderberg(&["au-ib"; 6], &[13], &[]);
    let plan = preview(&base);
    let dice = dice_for(&plan, Who::Attacker);
    let mut plain = base.clone();
    let p0 = respond_and_roll(&mut plain, None, None, dice);
    let mut with = base.clone();
    let p1 = respond_and_roll(&mut with, Some(13), None, dice);
    assert_eq!(p1.winner, Some(Side::Prussia));
    let inflicted = plan.outcome(dice.0, dice.1).inflicted[0];
    assert_eq!(p0.loss[1], inflicted);
    assert_eq!(p1.loss[1], inflicted + 2, "11.2 step 4 with #13");
    assert_eq!(p1.loss[0], p0.loss[0], "the winner's loss is unchanged");
    assert!(logged(&with, "plays Rout"));
}

// card #15 Disaffected Nationality (RECONSTRUCTED text): Prussia, against a force with
// Austrian units: -1 to the Austrian die, and if Prussia wins 1 more CF for the Austrian.
#[test]
fn card_15_disaffected_nationality_minus_one_and_one_more_loss() {
    let base = oderberg(&["au-ib"; 6], &[15], &[]);
    let mut with = base.clone();
    ok(&mut with, StCommand::Respond { card: 15 });
    check_drm(&base, &with, 15, Who::Attacker, 0, -1);
    let plan = preview(&with);
    let dice = dice_for(&plan, Who::Attacker);
    let mut with = base.clone();
    let p1 = respond_and_roll(&mut with, Some(15), None, dice);
    let mut plain = base.clone();
    let p0 = respond_and_roll(&mut plain, None, None, dice);
    let (_, d) = battle_rolls(&with);
    let (_, d0) = battle_rolls(&plain);
    assert_eq!(d.total, d0.total - 1, "the Austrian die -1");
    logged_with(&with, Who::Defender, 15);
    let o = plan.outcome(dice.0, dice.1);
    assert_eq!(p1.winner, Some(Side::Prussia));
    assert_eq!(p1.loss[1], o.inflicted[0] + 1);
    let _ = p0;
}

// card #18 Hidden Ford (RECONSTRUCTED text): attacking across a river, the defender loses
// the river's +1 (11.45) and the attacker's die gets +1. The Italians attack Custoza across
// the river from Castiglione.
#[test]
fn card_18_hidden_ford_cancels_the_river_and_adds_one() {
    let base = custoza(&[18], &[]);
    let river = |p: &BattlePlan| {
        p.modifiers
            .iter()
            .any(|m| m.who == Who::Defender && m.case.starts_with("11.45"))
    };
    assert!(river(&preview(&base)), "{:?}", preview(&base).modifiers);
    let mut with = base.clone();
    ok(&mut with, StCommand::Respond { card: 18 });
    let (p0, p1) = (preview(&base), preview(&with));
    assert!(!river(&p1));
    assert_eq!(card_drm(&p1, Who::Attacker, 18), 1);
    assert_eq!(p1.drm[0], p0.drm[0] + 1);
    assert_eq!(p1.drm[1], p0.drm[1] - 1, "no river +1 for the defender");
    let mut g = base.clone();
    let _ = respond_and_roll(&mut g, Some(18), None, (3, 3));
    logged_with(&g, Who::Attacker, 18);
    let (_, d) = battle_rolls(&g);
    assert!(!d.modifiers.iter().any(|m| m.0.starts_with("11.45")));
    // not offered without a river: the Oderberg attack crosses none
    let o = oderberg(&["au-ib", "au-ib"], &[18], &[]);
    assert!(!o.legal().contains(&StCommand::Respond { card: 18 }));
}

// card #22 Bersaglieri and Grenadiers (RECONSTRUCTED text): Prussia, a force with an
// Italian corps: +2 to its die. The Italians attack Custoza with their 1st Corps.
#[test]
fn card_22_bersaglieri_add_two_to_an_italian_corps() {
    let base = custoza(&[22], &[]);
    let mut with = base.clone();
    ok(&mut with, StCommand::Respond { card: 22 });
    check_drm(&base, &with, 22, Who::Attacker, 2, 0);
    let mut g = base.clone();
    let _ = respond_and_roll(&mut g, Some(22), None, (2, 2));
    logged_with(&g, Who::Attacker, 22);
    let (a, _) = battle_rolls(&g);
    assert_eq!(a.total, 2 + preview(&with).drm[0]);
    // not offered to a force without an Italian corps
    let o = oderberg(&["au-ib", "au-ib"], &[22], &[]);
    assert!(!o.legal().contains(&StCommand::Respond { card: 22 }));
}

// card #27 Schwarzgelbe Brigade (RECONSTRUCTED text): Austria, a force with an Austrian
// corps: +1 to its die and its CF loss reduced by 1. Austria defends Oderberg with the
// 1st Corps and IBs and loses on the same dice: one CF less.
#[test]
fn card_27_schwarzgelbe_brigade_adds_one_and_saves_one_cf() {
    let base = oderberg(&["au-1", "au-ib", "au-ib", "au-ib"], &[], &[27]);
    let mut with = base.clone();
    ok(&mut with, StCommand::Done);
    ok(&mut with, StCommand::Respond { card: 27 });
    check_drm(&base, &with, 27, Who::Defender, 1, 0);
    let plan = preview(&with);
    let o = (1..=6)
        .flat_map(|a| (1..=6).map(move |d| (a, d)))
        .map(|(a, d)| plan.outcome(a, d))
        .find(|o| o.winner == Who::Attacker && o.inflicted[0] >= 2)
        .expect("dice losing Austria at least 2 CF");
    let mut g = base.clone();
    let p = respond_and_roll(&mut g, None, Some(27), (o.dice[0], o.dice[1]));
    assert_eq!(p.winner, Some(Side::Prussia));
    assert_eq!(p.loss[1], o.inflicted[0] - 1, "11.2 step 4 with #27");
    logged_with(&g, Who::Defender, 27);
    // not offered to a force without an Austrian corps
    let ibs = oderberg(&["au-ib", "au-ib"], &[], &[27]);
    let mut ibs = ibs;
    ok(&mut ibs, StCommand::Done);
    assert!(!ibs.legal().contains(&StCommand::Respond { card: 27 }));
}

// card #49 Franz von John (RECONSTRUCTED text): Austria, in Venetia, the Tyrol or Italy, a
// force with Austrian units: +2 to its die. Albrecht defends Custoza with it; at Oderberg
// (Austrian Silesia) it is not offered.
#[test]
fn card_49_franz_von_john_adds_two_in_venetia_only() {
    let base = custoza(&[], &[49]);
    let mut with = base.clone();
    ok(&mut with, StCommand::Done);
    ok(&mut with, StCommand::Respond { card: 49 });
    check_drm(&base, &with, 49, Who::Defender, 2, 0);
    let mut g = base.clone();
    let _ = respond_and_roll(&mut g, None, Some(49), (4, 4));
    logged_with(&g, Who::Defender, 49);
    let (_, d) = battle_rolls(&g);
    assert_eq!(d.total, 4 + preview(&with).drm[1]);
    let mut o = oderberg(&["au-ib", "au-ib"], &[], &[49]);
    ok(&mut o, StCommand::Done);
    assert_eq!(stage(&o), Some(Stage::Respond(Side::Austria)));
    assert!(!o.legal().contains(&StCommand::Respond { card: 49 }));
}

// card #55 Elan and Cran (RECONSTRUCTED text): Austria, a force with French units: +2 to
// its die. French units (after #28) defend Oderberg; without French units it is not offered.
#[test]
fn card_55_elan_and_cran_adds_two_to_a_french_force() {
    let mut g = empty_board();
    g.st.g.france = true;
    let fred = put_general(&mut g, "frederick", "Ratibor");
    place(&mut g, "pr-1", "Ratibor", false);
    put_general(&mut g, "niel", "Oderberg");
    place(&mut g, "fr-1", "Oderberg", false);
    put(&mut g, "fr-id", "Oderberg", false);
    activate(&mut g, Side::Prussia, fred, &[], &[55]);
    let o = space(&g, "Oderberg");
    ok(&mut g, StCommand::Move { to: o });
    to_responses(&mut g);
    let base = g;
    let mut with = base.clone();
    ok(&mut with, StCommand::Done);
    ok(&mut with, StCommand::Respond { card: 55 });
    check_drm(&base, &with, 55, Who::Defender, 2, 0);
    let mut g = base.clone();
    let _ = respond_and_roll(&mut g, None, Some(55), (3, 2));
    logged_with(&g, Who::Defender, 55);
    let (_, d) = battle_rolls(&g);
    assert_eq!(d.total, 2 + preview(&with).drm[1]);
    let mut au = oderberg(&["au-ib", "au-ib"], &[], &[55]);
    ok(&mut au, StCommand::Done);
    assert!(!au.legal().contains(&StCommand::Respond { card: 55 }));
}
