//! 1866: the defects of the final fresh-eyes audit AUDIT13d (docs/games/struggle-audit4.md),
//! driven through `PureGame::apply`/`legal` on positions built on the 22.2 set-up.

use crate::st_common::*;
use feldzug::engine::game::PureGame;
use feldzug::engine::side::Side;
use feldzug::games::struggle::Struggle;
use feldzug::games::struggle::flow;
use feldzug::games::struggle::flow_battle as fb;
use feldzug::games::struggle::map::Country;
use feldzug::games::struggle::state::*;

fn empty_board() -> PureGame<Struggle> {
    empty_board_with(&[], 1)
}

/// A French space and a German space next to it.
fn french_border(g: &PureGame<Struggle>) -> (usize, usize) {
    let map = &g.rules.map;
    (0..map.spaces.len())
        .filter(|&f| map.spaces[f].country == Country::France)
        .find_map(|f| {
            map.routes_from(f)
                .map(|(_, o)| o)
                .find(|&o| map.spaces[o].country != Country::France)
                .map(|o| (f, o))
        })
        .expect("a French border space")
}

// rule 16.1: France is closed to both players before the intervention only; once card #28
// brought France in, Prussian forces may move (and retreat) into French spaces. Old code:
// closed to Prussia for the whole game (AUDIT13d D1).
#[test]
fn prussia_may_enter_france_after_the_intervention() {
    for intervened in [false, true] {
        let mut g = empty_board();
        let (france, border) = french_border(&g);
        let border_name = g.rules.space_name(border);
        let falk = put_general(&mut g, "falkenstein", &border_name);
        put(&mut g, "pr-id", &border_name, false);
        g.st.g.france = intervened;
        activate_by_card(&mut g, 35, falk);
        let mv = StCommand::Move { to: france };
        if intervened {
            assert!(g.legal().contains(&mv), "16.1 after #28: France is open");
            ok(&mut g, mv);
            assert_eq!(g.st.generals[falk as usize].loc, Loc::Space(france));
            // 12.1: a Prussian force may retreat into France too
            assert!(fb::retreat_spaces(&g.rules, &g.st, border, Side::Prussia).contains(&france));
        } else {
            assert!(!g.legal().contains(&mv));
            let err = g.apply(&mv).expect_err("16.1 before #28");
            assert_eq!(err.rule, "16.1");
            assert!(!fb::retreat_spaces(&g.rules, &g.st, border, Side::Prussia).contains(&france));
        }
    }
}

// ------------------------------------------------ 9.61: the rail block kept for later (D4)

use feldzug::games::struggle::map::SpaceKind;
use feldzug::games::struggle::rail;

/// Austria plays a 4-OP card to activate `unit` alone (6.23).
fn activate_alone(g: &mut PureGame<Struggle>, side: Side, unit: u16) {
    let card = g
        .rules
        .cards
        .cards
        .iter()
        .find(|c| c.ops == 4 && c.response.is_none() && !c.mandatory)
        .map(|c| c.id)
        .expect("a 4-OP card");
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

fn mover(g: &PureGame<Struggle>) -> Mover {
    g.st.g
        .op
        .as_ref()
        .and_then(|o| o.mover.clone())
        .expect("a force is moving")
}

/// A step of 1 MP into a plain space (no junction, no France, no stronghold).
fn plain_step(g: &PureGame<Struggle>, a: usize, b: usize) -> bool {
    let s = &g.rules.map.spaces[b];
    g.rules.map.enter_cost(a, b) == Some(1)
        && s.kind == SpaceKind::Minor
        && s.country != Country::France
}

fn rail_ok(g: &PureGame<Struggle>, side: Side, a: usize, b: usize) -> bool {
    plain_step(g, a, b) && rail::rail_step(&g.rules, &g.st, side, a, b)
}

fn next(g: &PureGame<Struggle>, a: usize) -> Vec<usize> {
    g.rules.map.routes_from(a).map(|(_, o)| o).collect()
}

fn distinct(v: &[usize]) -> bool {
    (0..v.len()).all(|i| !v[i + 1..].contains(&v[i]))
}

/// Spaces `x` -> `a` (a step not on rail the bonus pays for), then three friendly rail
/// steps a -> b -> c -> d, then two steps into enemy-controlled spaces d -> e -> f.
fn example_961_path(g: &PureGame<Struggle>, side: Side) -> Option<[usize; 7]> {
    let enemy = |s: usize| g.st.g.control[s] == Some(side.other());
    for x in 0..g.rules.map.spaces.len() {
        if g.rules.map.spaces[x].kind != SpaceKind::Minor || g.st.g.control[x] != Some(side) {
            continue;
        }
        for a in next(g, x) {
            if !plain_step(g, x, a) {
                continue;
            }
            for b in next(g, a).into_iter().filter(|&b| rail_ok(g, side, a, b)) {
                for c in next(g, b).into_iter().filter(|&c| rail_ok(g, side, b, c)) {
                    for d in next(g, c).into_iter().filter(|&d| rail_ok(g, side, c, d)) {
                        for e in next(g, d)
                            .into_iter()
                            .filter(|&e| plain_step(g, d, e) && enemy(e))
                        {
                            for f in next(g, e)
                                .into_iter()
                                .filter(|&f| plain_step(g, e, f) && enemy(f))
                            {
                                let p = [x, a, b, c, d, e, f];
                                if distinct(&p) {
                                    return Some(p);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    None
}

// rule 9.61, printed example: a non-Prussian combat unit with an MA of 3 moves one space to
// a friendly space on the railroad, three spaces along friendly rail on the bonus, and then
// its two remaining MPs into enemy-controlled spaces.
#[test]
fn the_printed_rail_example_one_space_three_by_rail_then_two() {
    let mut g = empty_board();
    let p = example_961_path(&g, Side::Austria).expect("the example's route for Austria");
    let start = g.rules.space_name(p[0]);
    let ib = put(&mut g, "au-ib", &start, false);
    assert_eq!(g.rules.ty(ib).map(|t| t.ma), Some(3));
    activate_alone(&mut g, Side::Austria, ib);
    // a first step along the railroad: the block is kept for the three rail spaces
    let kept = g.legal().contains(&StCommand::SaveRail { save: true });
    if kept {
        ok(&mut g, StCommand::SaveRail { save: true });
    }
    ok(&mut g, StCommand::Move { to: p[1] });
    assert_eq!((mover(&g).mp, mover(&g).rail), (1, None), "one space, 1 MP");
    if kept {
        ok(&mut g, StCommand::SaveRail { save: false });
    }
    for &s in &p[2..5] {
        ok(&mut g, StCommand::Move { to: s });
    }
    let m = mover(&g);
    assert_eq!(m.mp, 1, "the three rail spaces are paid by the bonus");
    assert_eq!(m.rail, Some(0), "the block of three is used up");
    for &s in &p[5..7] {
        ok(&mut g, StCommand::Move { to: s });
        assert_eq!(
            g.st.g.control[s],
            Some(Side::Austria),
            "14.1: taken in passing"
        );
    }
    assert_eq!(mover(&g).mp, 3, "its remaining 2 MPs");
    assert_eq!(g.st.units[ib as usize].loc, Loc::Space(p[6]));
    assert!(
        !g.legal()
            .iter()
            .any(|c| matches!(c, StCommand::Move { .. })),
        "the MA of 3 and the block of 3 are spent"
    );
}

/// Spaces A -> B on friendly rail, B -> C not (1 MP), then C -> D -> E -> F on friendly
/// rail and F -> G one more plain step: all friendly.
fn saved_block_path(g: &PureGame<Struggle>, side: Side) -> Option<[usize; 7]> {
    let own = |s: usize| g.st.g.control[s] == Some(side);
    for a in 0..g.rules.map.spaces.len() {
        if g.rules.map.spaces[a].kind != SpaceKind::Minor || !own(a) {
            continue;
        }
        for b in next(g, a).into_iter().filter(|&b| rail_ok(g, side, a, b)) {
            for c in next(g, b).into_iter().filter(|&c| {
                plain_step(g, b, c) && own(c) && !rail::rail_step(&g.rules, &g.st, side, b, c)
            }) {
                for d in next(g, c).into_iter().filter(|&d| rail_ok(g, side, c, d)) {
                    for e in next(g, d).into_iter().filter(|&e| rail_ok(g, side, d, e)) {
                        for f in next(g, e).into_iter().filter(|&f| rail_ok(g, side, e, f)) {
                            for h in next(g, f)
                                .into_iter()
                                .filter(|&h| plain_step(g, f, h) && own(h))
                            {
                                let p = [a, b, c, d, e, f, h];
                                if distinct(&p) {
                                    return Some(p);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    None
}

// rule 9.61: "These bonus MPs must be used as a block and non-rail movement may precede or
// follow the bonus rail movement." A unit (MA 3) that pays a first rail hop from its own
// MPs keeps the block for a longer rail stretch after a road step and reaches two spaces
// farther. Old code (AUDIT13d D4): the block began on the first rail step and the road step
// ended it, so the same unit stopped three spaces out.
#[test]
fn a_unit_keeps_its_rail_block_for_a_later_stretch_and_reaches_farther() {
    for save in [false, true] {
        let mut g = empty_board();
        let p = saved_block_path(&g, Side::Austria).expect("rail, road, rail x3 for Austria");
        let start = g.rules.space_name(p[0]);
        let ib = put(&mut g, "au-ib", &start, false);
        activate_alone(&mut g, Side::Austria, ib);
        // not yet kept: letting it go makes no difference and is refused with a reason
        let err = g
            .apply(&StCommand::SaveRail { save: false })
            .expect_err("the block is not kept");
        assert_eq!(err.rule, "9.61");
        assert!(!g.legal().contains(&StCommand::SaveRail { save: false }));
        if save {
            ok(&mut g, StCommand::SaveRail { save: true });
            assert!(mover(&g).save_rail);
            let err = g
                .apply(&StCommand::SaveRail { save: true })
                .expect_err("kept already");
            assert_eq!(err.rule, "9.61");
        }
        ok(&mut g, StCommand::Move { to: p[1] });
        ok(&mut g, StCommand::Move { to: p[2] });
        if save {
            assert_eq!(
                (mover(&g).mp, mover(&g).rail),
                (2, None),
                "both steps paid from the MA, the block still whole"
            );
            ok(&mut g, StCommand::SaveRail { save: false });
            for &s in &p[3..6] {
                ok(&mut g, StCommand::Move { to: s });
            }
            assert_eq!((mover(&g).mp, mover(&g).rail), (2, Some(0)));
            // the block has begun and is over: no choice any more
            let err = g
                .apply(&StCommand::SaveRail { save: true })
                .expect_err("the block is over");
            assert_eq!(err.rule, "9.61");
            ok(&mut g, StCommand::Move { to: p[6] });
            assert_eq!(mover(&g).mp, 3);
            assert_eq!(g.st.units[ib as usize].loc, Loc::Space(p[6]));
        } else {
            // the block began on the first rail hop; the road step ended it
            assert_eq!(mover(&g).rail, Some(0));
            assert_eq!(mover(&g).mp, 1);
            ok(&mut g, StCommand::Move { to: p[3] });
            ok(&mut g, StCommand::Move { to: p[4] });
            let err = g
                .apply(&StCommand::Move { to: p[5] })
                .expect_err("MA spent");
            assert_eq!(err.rule, "9.3");
            assert_eq!(g.st.units[ib as usize].loc, Loc::Space(p[4]));
        }
    }
}

// --------------------------------------------- the rows AUDIT13d left untested (section 4)

/// Plays out the operational phase: Prussia's last round is a free OP used for nothing,
/// and the end of the turn follows (5.3-5.8).
fn end_turn(g: &mut PureGame<Struggle>) {
    g.st.g.rounds_left = [0, 1];
    g.st.g.to_play = Side::Prussia;
    g.st.g.step = Step::Round;
    g.st.g.op = None;
    ok(
        g,
        StCommand::FreeOp {
            use_: Use::Individual,
        },
    );
    ok(g, StCommand::Done);
    attempt_sieges(g);
}

fn logged(g: &PureGame<Struggle>, text: &str) -> bool {
    g.log.entries.iter().any(|e| e.text.contains(text))
}

fn rolled(g: &PureGame<Struggle>, purpose: &str) -> usize {
    g.dice
        .rolls
        .iter()
        .filter(|r| r.purpose.contains(purpose))
        .count()
}

/// `n` steps of 1 MP from `from` into plain minor spaces (no junction, no France) that
/// `step` accepts, every space distinct.
fn plain_path(
    g: &PureGame<Struggle>,
    from: usize,
    n: usize,
    step: &dyn Fn(usize, usize) -> bool,
) -> Option<Vec<usize>> {
    fn go(
        g: &PureGame<Struggle>,
        path: &mut Vec<usize>,
        n: usize,
        step: &dyn Fn(usize, usize) -> bool,
    ) -> bool {
        if path.len() > n {
            return true;
        }
        let at = *path.last().expect("start");
        for o in next(g, at) {
            if path.contains(&o) || !plain_step(g, at, o) || !step(at, o) {
                continue;
            }
            path.push(o);
            if go(g, path, n, step) {
                return true;
            }
            path.pop();
        }
        false
    }
    let mut path = vec![from];
    go(g, &mut path, n, step).then(|| path[1..].to_vec())
}

// rule 6.41: when the draw pile holds fewer cards than the deal needs, the draw pile and the
// discards (not the removed cards) are shuffled together before dealing.
#[test]
fn a_short_draw_pile_is_reshuffled_with_the_discards_before_the_deal() {
    let mut g = empty_board();
    let removed_before = g.st.cards.removed.clone();
    assert!(!removed_before.is_empty(), "22.2 removes cards");
    // five cards left to draw, the rest of the deck discarded
    let mut draw = std::mem::take(&mut g.st.cards.draw);
    let keep = draw.split_off(draw.len() - 5);
    g.st.cards.discard.extend(draw);
    g.st.cards.draw = keep;
    let in_game = g.st.cards.draw.len()
        + g.st.cards.discard.len()
        + g.st.cards.hands[0].len()
        + g.st.cards.hands[1].len();
    let turn = g.st.g.turn;
    end_turn(&mut g);
    assert_eq!(g.st.g.turn, turn + 1);
    assert!(logged(&g, "the deck is reshuffled"), "6.41 logged");
    let c = &g.st.cards;
    assert_eq!(
        (c.hands[0].len(), c.hands[1].len()),
        (7, 7),
        "5.1: seven each"
    );
    assert!(
        c.discard.is_empty(),
        "the discards went into the new draw pile"
    );
    assert_eq!(
        c.draw.len() + 14,
        in_game,
        "every card but the removed ones"
    );
    assert_eq!(c.removed, removed_before, "removed cards stay out");
    for r in &removed_before {
        assert!(!c.draw.contains(r) && !c.hands.iter().any(|h| h.contains(r)));
    }
}

// rule 9.4 (with 9.3, 18.5): a lone general activated as an army who picks up combat units
// on his way gives them only the MPs he has not used: four spent, two left for the unit
// though its own MA is 3.
#[test]
fn a_lone_general_gives_the_units_he_picks_up_only_his_unused_mps() {
    let mut g = empty_board();
    let start = (0..g.rules.map.spaces.len())
        .filter(|&s| g.rules.map.spaces[s].kind == SpaceKind::Minor)
        .find_map(|s| {
            // Austrian spaces: no rail bonus for Prussia (9.61), taken in passing (14.1)
            plain_path(&g, s, 7, &|_, b| g.st.g.control[b] == Some(Side::Austria)).map(|p| (s, p))
        });
    let (s, path) = start.expect("seven steps through Austrian minor cities");
    let (sn, pn) = (g.rules.space_name(s), g.rules.space_name(path[3]));
    let falk = put_general(&mut g, "falkenstein", &sn);
    let id = put(&mut g, "pr-id", &pn, false);
    activate_by_card(&mut g, 35, falk);
    assert_eq!(mover(&g).pieces, vec![Piece::General(falk)], "alone");
    for &p in &path[..4] {
        ok(&mut g, StCommand::Move { to: p });
    }
    assert_eq!(mover(&g).mp, 4);
    ok(
        &mut g,
        StCommand::PickUp {
            piece: Piece::Unit(id),
        },
    );
    ok(&mut g, StCommand::Move { to: path[4] });
    ok(&mut g, StCommand::Move { to: path[5] });
    let err = g
        .apply(&StCommand::Move { to: path[6] })
        .expect_err("the general's 6 MPs are spent");
    assert_eq!(err.rule, "9.3");
    assert!(
        !g.legal()
            .iter()
            .any(|c| matches!(c, StCommand::Move { .. })),
        "no step is offered"
    );
    let spent = g.st.g.op.as_ref().expect("op").spent.clone();
    assert_eq!(
        spent
            .iter()
            .find(|(p, _)| *p == Piece::Unit(id))
            .map(|x| x.1),
        Some(2),
        "the ID used 2 of its own 3"
    );
    assert_eq!(g.st.units[id as usize].loc, Loc::Space(path[5]));
}

/// An Austrian major city with two plain neighbours (`from`, `on`); an IB cannot
/// besiege it (13.32: a corps is needed).
fn austrian_stronghold(g: &PureGame<Struggle>) -> (usize, usize, usize) {
    (0..g.rules.map.spaces.len())
        .filter(|&x| {
            g.rules.map.spaces[x].kind == SpaceKind::Major
                && g.st.g.control[x] == Some(Side::Austria)
                && g.rules.map.spaces[x].country != Country::France
        })
        .find_map(|x| {
            let ns: Vec<usize> = next(g, x)
                .into_iter()
                .filter(|&n| {
                    plain_step(g, x, n)
                        && g.rules.map.enter_cost(n, x).is_some_and(|c| c <= 2)
                        && !rail::rail_step(&g.rules, &g.st, Side::Prussia, n, x)
                })
                .collect();
            (ns.len() >= 2).then(|| (x, ns[0], ns[1]))
        })
        .expect("an Austrian stronghold")
}

// rule 9.5 (second sentence), 13.5: a force entering a space whose only enemy units are
// sheltered inside the stronghold under a friendly siege fights no battle and may move on
// (leaving the besieger behind, 13.41). Without the siege the same entry is a battle.
#[test]
fn passing_through_a_friendly_siege_fights_no_battle_and_goes_on() {
    for siege in [true, false] {
        let mut g = empty_board();
        let (x, from, on) = austrian_stronghold(&g);
        let xn = g.rules.space_name(x);
        put(&mut g, "au-ib", &xn, false);
        if siege {
            put(&mut g, "pr-id", &xn, false);
            g.st.g.besieged[x] = Some(Side::Prussia);
        }
        let fname = g.rules.space_name(from);
        let falk = put_general(&mut g, "falkenstein", &fname);
        put(&mut g, "pr-id", &fname, false);
        activate_by_card(&mut g, 35, falk);
        ok(&mut g, StCommand::Move { to: x });
        if siege {
            assert!(
                g.st.g.battle.is_none(),
                "9.5: no combat with sheltered units"
            );
            assert_eq!(g.st.g.step, Step::Move, "the move goes on");
            ok(&mut g, StCommand::Move { to: on });
            assert_eq!(g.st.generals[falk as usize].loc, Loc::Space(on));
        } else {
            assert!(
                g.st.g.battle.is_some(),
                "9.5: entering an enemy force is a battle"
            );
        }
    }
}

// rule 13.8 (15.3, 15.5): units inside a besieged stronghold are out of supply and roll
// attrition in the Supply Phase; the same units unbesieged do not.
#[test]
fn a_besieged_garrison_rolls_attrition_at_the_end_of_the_turn() {
    for siege in [true, false] {
        let mut g = empty_board();
        let (x, _, _) = austrian_stronghold(&g);
        let xn = g.rules.space_name(x);
        put(&mut g, "au-ib", &xn, false);
        if siege {
            // an ID makes no free Siege Phase attempt against a major city (13.32)
            put(&mut g, "pr-id", &xn, false);
            g.st.g.besieged[x] = Some(Side::Prussia);
        }
        g.dice.script([6; 40]);
        end_turn(&mut g);
        while stage(&g).is_some() {
            let c = g.legal()[0].clone();
            ok(&mut g, c);
        }
        let purpose = format!("attrition of Austria in {xn}");
        assert_eq!(rolled(&g, &purpose), usize::from(siege), "siege {siege}");
    }
}

// rule 21.1: Austria holding Berlin with at least one VP wins at the Victory Check; with
// the same VP and Berlin Prussian the game goes on.
#[test]
fn austria_in_berlin_with_one_vp_wins() {
    for wins in [true, false] {
        let mut g = empty_board();
        if wins {
            let b = space(&g, "Berlin");
            g.st.g.control[b] = Some(Side::Austria);
            put(&mut g, "au-5", "Berlin", false);
        }
        let vp = 1;
        g.st.g.vp = vp;
        g.dice.script([1; 40]);
        end_turn(&mut g);
        assert_eq!(g.st.g.winner == Some(Side::Austria), wins, "VP {vp}");
    }
}

// rule 15.1: a port traces its line of communication across the sea to another friendly
// port. Danzig, cut off by land (Austrian Königsberg, Thorn, Bromberg, Köslin), is still
// supplied through Stettin; with every other northern port hostile it is cut off and its
// Prussian unit rolls attrition.
#[test]
fn a_port_cut_off_by_land_is_supplied_by_sea() {
    for sea in [true, false] {
        let mut g = empty_board();
        for n in ["Königsberg", "Thorn", "Bromberg", "Köslin"] {
            let s = space(&g, n);
            g.st.g.control[s] = Some(Side::Austria);
        }
        if !sea {
            for n in [
                "Stettin",
                "Lübeck",
                "Kiel",
                "Flensburg",
                "Altona",
                "Hamburg",
                "Bremen",
                "Emden",
            ] {
                let s = space(&g, n);
                g.st.g.control[s] = Some(Side::Austria);
            }
        }
        put(&mut g, "pr-id", "Danzig", false);
        g.dice.script([1; 40]);
        end_turn(&mut g);
        while stage(&g).is_some() {
            let c = g.legal()[0].clone();
            ok(&mut g, c);
        }
        assert_eq!(
            rolled(&g, "attrition of Prussia in Danzig"),
            usize::from(!sea),
            "sea {sea}"
        );
    }
}

// rule 12.3 (with 12.1, 10.2): a retreat is not intercepted. Falkenstein's beaten army
// falls back whence it came, next to Arendtschildt's army, which could intercept a move
// into that space: no interception is offered or rolled, and the use goes on.
#[test]
fn a_retreat_into_a_space_next_to_an_enemy_army_is_not_intercepted() {
    let mut g = empty_board();
    let bs = space(&g, "Braunschweig");
    let hildesheim = space(&g, "Hildesheim");
    // a space next to Braunschweig but not to Hildesheim, for the Hanoverian army
    let w = next(&g, bs)
        .into_iter()
        .find(|&w| {
            w != hildesheim
                && !next(&g, w).contains(&hildesheim)
                && g.rules.map.spaces[w].country != Country::France
                && g.rules.map.spaces[w].kind != SpaceKind::Junction
        })
        .expect("a space next to Braunschweig only");
    let wn = g.rules.space_name(w);
    let arendt = put_general(&mut g, "arendtschildt", &wn);
    put(&mut g, "hn-div", &wn, false);
    g.st.g.control[w] = Some(Side::Austria);
    let falk = put_general(&mut g, "falkenstein", "Braunschweig");
    put(&mut g, "pr-id", "Braunschweig", false);
    let div = place(&mut g, "au-ib", "Hildesheim", false);
    activate_by_card(&mut g, 35, falk);
    ok(&mut g, StCommand::Move { to: hildesheim });
    battle_begins(&mut g);
    assert_eq!(stage(&g), Some(fb::Stage::Avoid));
    g.dice.script([1, 6]);
    ok(&mut g, StCommand::Done); // no avoid
    pass_responses(&mut g);
    let mut seen = Vec::new();
    while let Some(s) = stage(&g) {
        seen.push(s);
        assert!(
            !g.legal()
                .iter()
                .any(|c| matches!(c, StCommand::Intercept { .. })),
            "12.3: no interception at {s:?}"
        );
        let c = g.legal()[0].clone();
        ok(&mut g, c);
    }
    assert!(seen.contains(&fb::Stage::Retreat) || logged(&g, "retreat"));
    assert!(!seen.contains(&fb::Stage::Intercept));
    assert_eq!(
        g.st.generals[falk as usize].loc,
        Loc::Space(bs),
        "back whence it came"
    );
    assert_eq!(g.st.units[div as usize].loc, Loc::Space(hildesheim));
    assert_eq!(g.st.generals[arendt as usize].loc, Loc::Space(w));
    assert!(
        !g.dice.rolls.iter().any(|r| r.rule == "10.2"),
        "no interception die"
    );
}

// rule 2.31 (with 11.2 step 4): the counter mix is a hard limit. A reduced Austrian corps
// beaten at Hildesheim is replaced by an IB from the Corps Support Box while one is there;
// with every Austrian IB gone it is eliminated and stays unreplaced (no counter is made up).
#[test]
fn a_corps_eliminated_with_no_replacement_left_stays_unreplaced() {
    use feldzug::games::struggle::battle::Fate;
    for box_has_ib in [true, false] {
        let mut g = empty_board();
        let hildesheim = space(&g, "Hildesheim");
        let corps = place(&mut g, "au-5", "Hildesheim", true);
        let ibs = g.rules.unit_by_type("au-ib");
        for &u in &ibs {
            if g.st.units[u as usize].loc == Loc::CorpsSupport || !box_has_ib {
                g.st.units[u as usize].loc = Loc::Eliminated;
            }
        }
        if box_has_ib {
            g.st.units[ibs[0] as usize].loc = Loc::CorpsSupport;
        }
        let falk = put_general(&mut g, "falkenstein", "Braunschweig");
        for _ in 0..3 {
            place(&mut g, "pr-id", "Braunschweig", false);
        }
        activate_by_card(&mut g, 35, falk);
        ok(&mut g, StCommand::Move { to: hildesheim });
        battle_begins(&mut g);
        g.dice.script([6, 1]);
        while matches!(
            stage(&g),
            Some(fb::Stage::Avoid | fb::Stage::Respond(_) | fb::Stage::Support)
        ) {
            ok(&mut g, StCommand::Done);
        }
        while let Some(fb::Stage::Losses(side)) = stage(&g) {
            let opts = fb::loss_options(&g.rules, &g.st);
            let mut choice = 0;
            if side == Side::Austria {
                let r = opts
                    .iter()
                    .position(|c| c.fates.iter().any(|f| matches!(f, Fate::Replaced { .. })));
                choice = r.unwrap_or(0);
            }
            ok(
                &mut g,
                StCommand::TakeLosses {
                    choice: choice as u16,
                },
            );
        }
        if box_has_ib {
            assert_ne!(
                g.st.units[ibs[0] as usize].loc,
                Loc::CorpsSupport,
                "the IB in the box replaced the corps"
            );
        }
        assert_eq!(g.st.units[corps as usize].loc, Loc::Eliminated);
        if !box_has_ib {
            assert!(
                ibs.iter()
                    .all(|&u| g.st.units[u as usize].loc == Loc::Eliminated),
                "no Austrian IB appears from nowhere"
            );
            assert!(flow::units_at(&g.rules, &g.st, hildesheim, Side::Austria).is_empty());
        }
    }
}

/// A card of `ops` OPs that is no response and not mandatory.
fn card_of(g: &PureGame<Struggle>, ops: u8) -> u8 {
    g.rules
        .cards
        .cards
        .iter()
        .find(|c| c.ops == ops && !c.mandatory)
        .map(|c| c.id)
        .expect("a card of that value")
}

// rule 13.34, printed example: Austria besieges Glatz (fortification 1) with the 4th Corps
// and an infantry brigade, no general. A 2-OP card activates the brigade (6.23: 2 OPs), a
// 4-OP card the corps; either makes a siege attempt; a 1-OP card activates neither.
#[test]
fn the_glatz_example_a_two_card_activates_the_brigade_for_a_siege_attempt() {
    for ops in [1u8, 2, 4] {
        let mut g = empty_board();
        let glatz = space(&g, "Glatz");
        assert!(matches!(
            g.rules.map.spaces[glatz].kind,
            SpaceKind::Fortress(1)
        ));
        assert_eq!(g.st.g.control[glatz], Some(Side::Prussia));
        let corps = place(&mut g, "au-4", "Glatz", false);
        let ib = place(&mut g, "au-ib", "Glatz", false);
        g.st.g.besieged[glatz] = Some(Side::Austria);
        g.st.g.to_play = Side::Austria;
        if ops == 1 {
            // the free OP (8.3) stands for a 1-OP card
            let quiet = quiet_cards(&g, 3, &[]);
            give(&mut g, Side::Prussia, &quiet);
            ok(
                &mut g,
                StCommand::FreeOp {
                    use_: Use::Individual,
                },
            );
        } else {
            let card = card_of(&g, ops);
            let quiet = quiet_cards(&g, 3, &[card]);
            give(&mut g, Side::Prussia, &quiet);
            give(&mut g, Side::Austria, &[card]);
            ok(
                &mut g,
                StCommand::Play {
                    card,
                    use_: Use::Individual,
                },
            );
        }
        let unit = if ops == 4 { corps } else { ib };
        let declare = StCommand::Declare {
            piece: Piece::Unit(unit),
        };
        if ops == 1 {
            assert!(g.apply(&declare).is_err(), "6.23: a brigade costs 2 OPs");
            assert!(!g.legal().contains(&StCommand::Declare {
                piece: Piece::Unit(corps)
            }));
            continue;
        }
        ok(&mut g, declare);
        ok(&mut g, StCommand::Begin);
        g.dice.script([6]);
        ok(&mut g, StCommand::Siege);
        assert!(
            g.dice.rolls.iter().any(|r| r.rule.contains("13.3")),
            "a siege roll"
        );
        assert_eq!(g.st.g.control[glatz], Some(Side::Austria), "6 - 1: reduced");
    }
}

// rule 4.3, printed example (with 14.2): one VP track; the marker on Prussia's 3 moved 4
// towards Austria ends on Austria's 1. Here Austria gains 4 provinces of 1 VP each at the
// end of the turn, with the marker on Prussia's 3.
#[test]
fn the_vp_example_prussian_three_and_four_austrian_vps_make_austrian_one() {
    let mut g = empty_board();
    let names = ["Silesia", "Prussian Saxony", "Westphalia", "Rhine Province"];
    let provs: Vec<usize> = names
        .iter()
        .map(|n| g.rules.map.province(n).expect("a province"))
        .collect();
    for s in 0..g.rules.map.spaces.len() {
        if g.rules.map.spaces[s]
            .province
            .is_some_and(|p| provs.contains(&p))
        {
            g.st.g.control[s] = Some(Side::Austria);
        }
    }
    g.st.g.vp = -3;
    g.dice.script([1; 40]);
    end_turn(&mut g);
    for &p in &provs {
        assert_eq!(g.st.g.provinces[p], Some(Side::Austria));
    }
    assert_eq!(g.st.g.vp, 1, "Prussian 3 + 4 Austrian = Austrian 1");
    assert!(logged(&g, "the VP marker is on 1 Austria"));
}

// rule 11.44 (loser half): when a coordinated attack is lost, the primary army retreats
// (12.1, whence it came) and the supporting army stays in its own space next to the
// battle space. Falkenstein (Braunschweig) attacks Hanover with Frederick's support from
// Minden and loses.
#[test]
fn a_lost_coordinated_attack_leaves_the_supporting_army_in_its_space() {
    let mut g = empty_board();
    let (bs, hanover, minden) = (
        space(&g, "Braunschweig"),
        space(&g, "Hanover"),
        space(&g, "Minden"),
    );
    let falk = put_general(&mut g, "falkenstein", "Braunschweig");
    let id = place(&mut g, "pr-id", "Braunschweig", false);
    let fred = put_general(&mut g, "frederick", "Minden");
    let vii = place(&mut g, "pr-7", "Minden", false);
    put_general(&mut g, "arendtschildt", "Hanover");
    place(&mut g, "hn-corps", "Hanover", false);
    activate_by_card(&mut g, 35, falk);
    // the example's support die (4, 11.42), then the battle dice 1 and 6
    g.dice.script([4, 1, 6]);
    ok(&mut g, StCommand::Move { to: hanover });
    if stage(&g) == Some(fb::Stage::Intercept) {
        ok(&mut g, StCommand::Done);
    }
    battle_begins(&mut g);
    assert_eq!(stage(&g), Some(fb::Stage::Support));
    ok(&mut g, StCommand::Support { general: fred });
    assert_eq!(stage(&g), Some(fb::Stage::Avoid));
    ok(&mut g, StCommand::Done);
    let plan = fb::battle_preview(&g.rules, &g.st).expect("a preview");
    assert_eq!(
        plan.outcome(1, 6).winner,
        feldzug::games::struggle::battle::Who::Defender,
        "the scripted dice lose the attack"
    );
    pass_responses(&mut g);
    let mut seen = Vec::new();
    while let Some(s) = stage(&g) {
        seen.push(s);
        let c = match s {
            fb::Stage::Pursue => StCommand::Done,
            _ => g.legal()[0].clone(),
        };
        ok(&mut g, c);
    }
    assert!(
        !seen.contains(&fb::Stage::Advance),
        "no advance for a loser"
    );
    assert_eq!(g.st.generals[fred as usize].loc, Loc::Space(minden));
    assert_eq!(g.st.units[vii as usize].loc, Loc::Space(minden));
    assert_ne!(
        g.st.generals[falk as usize].loc,
        Loc::Space(hanover),
        "12.1"
    );
    let _ = bs;
    assert_ne!(g.st.units[id as usize].loc, Loc::Space(hanover));
}

// rule 15.2: a force that departs a space without an LOC and enters one with an LOC is
// unsupplied for the battle there (15.3: -2). Old code judged the space left after the
// move, when it traced its LOC through the space entered (AUDIT13d finding).
#[test]
fn a_force_leaving_a_space_without_an_loc_fights_unsupplied() {
    let mut g = empty_board();
    let map = g.rules.map.clone();
    let berlin = space(&g, "Berlin");
    // Y next to Berlin, X next to Y but not to Berlin
    let (x, y) = map
        .routes_from(berlin)
        .map(|(_, y)| y)
        .filter(|&y| map.spaces[y].kind != feldzug::games::struggle::map::SpaceKind::Junction)
        .find_map(|y| {
            map.routes_from(y)
                .map(|(_, x)| x)
                .find(|&x| {
                    x != berlin
                        && map.spaces[x].kind == feldzug::games::struggle::map::SpaceKind::Minor
                        && !map.routes_from(x).any(|(_, o)| o == berlin)
                })
                .map(|x| (x, y))
        })
        .expect("a pair of spaces");
    for (_, o) in map.routes_from(x) {
        if o != y {
            g.st.g.control[o] = Some(Side::Austria);
        }
    }
    g.st.g.control[x] = Some(Side::Austria);
    g.st.g.control[y] = Some(Side::Austria);
    let (xn, yn) = (g.rules.space_name(x), g.rules.space_name(y));
    let falk = put_general(&mut g, "falkenstein", &xn);
    for _ in 0..3 {
        put(&mut g, "pr-id", &xn, false);
    }
    put(&mut g, "au-ib", &yn, false);
    activate_by_card(&mut g, 35, falk);
    ok(&mut g, StCommand::Move { to: y });
    let plan = fb::battle_preview(&g.rules, &g.st).expect("a battle");
    assert!(
        plan.modifiers
            .iter()
            .any(|m| m.who == feldzug::games::struggle::battle::Who::Attacker
                && m.case.contains("15.3")),
        "rule 15.2: {:?}",
        plan.modifiers
    );
}
