//! 1866: The Struggle for Supremacy in Germany, the end of the turn and what it needs:
//! sieges, masking and sheltering (13), the Siege Phase with the example of play's
//! Hanover and Ferrara (5.3), supply and attrition (5.4, 15), cut-off spaces (14.3),
//! provinces and Italy (14.2, 14.5, 19.1), the Victory Check (5.6, 21) and French
//! intervention (16). Every test drives the game through `PureGame::apply` from the 22.2
//! set-up, with the position changed where the test says so.

use crate::st_common::*;
use feldzug::engine::game::PureGame;
use feldzug::engine::side::Side;
use feldzug::games::struggle::Struggle;
use feldzug::games::struggle::cards::CardId;
use feldzug::games::struggle::endturn;
use feldzug::games::struggle::flow::Game;
use feldzug::games::struggle::siege;
use feldzug::games::struggle::state::*;
use feldzug::games::struggle::supply;

fn four_op_card(g: &PureGame<Struggle>) -> CardId {
    g.rules
        .cards
        .cards
        .iter()
        .find(|c| c.ops == 4)
        .map(|c| c.id)
        .expect("a 4-OP card")
}

/// Plays out the operational phase: Prussia's last round is a free OP used for nothing,
/// and the end of the turn follows (5.3-5.10).
fn end_turn(g: &mut PureGame<Struggle>) {
    g.st.g.rounds_left = [0, 1];
    g.st.g.to_play = Side::Prussia;
    g.st.g.step = Step::Round;
    g.st.g.op = None;
    g.apply(&StCommand::FreeOp {
        use_: Use::Individual,
    })
    .expect("a free OP");
    g.apply(&StCommand::Done).expect("done");
    // 13.7: a besieger holding cards is asked before its free attempt: it makes it
    attempt_sieges(g);
}

fn refused(c: StCommand, g: &mut PureGame<Struggle>, rule: &str) {
    let before = g.hash();
    match g.apply(&c) {
        Ok(()) => panic!("{c:?} was accepted"),
        Err(r) => assert_eq!(r.rule, rule, "{c:?}: {r}"),
    }
    assert_eq!(g.hash(), before, "a refused command changed the state");
    assert!(
        !g.legal().contains(&c),
        "{c:?} is refused but listed as legal"
    );
}

fn logged(g: &PureGame<Struggle>, text: &str) -> bool {
    g.log.entries.iter().any(|e| e.text.contains(text))
}

fn rolls(g: &PureGame<Struggle>, purpose: &str) -> Vec<(u8, i32)> {
    g.dice
        .rolls
        .iter()
        .filter(|r| r.purpose.contains(purpose))
        .map(|r| (r.die, r.total))
        .collect()
}

fn control(g: &PureGame<Struggle>, name: &str) -> Option<Side> {
    g.st.g.control[space(g, name)]
}

/// The example of play's siege position at the end of War turn 1: the reduced Prussian
/// 7th Corps in Hanover, the Austrian 5th Corps masking Ferrara.
fn example_sieges() -> PureGame<Struggle> {
    let mut g = seven_weeks();
    clear(&mut g, "Hanover");
    clear(&mut g, "Ferrara");
    put(&mut g, "pr-7", "Hanover", true);
    // the 5th Corps masked it, the 9th came back to it (FOR2, FOR4)
    for ty in ["au-5", "au-9"] {
        let u = g.rules.unit_by_type(ty)[0];
        g.st.units[u as usize].loc = Loc::Space(space(&g, "Ferrara"));
    }
    g
}

// ------------------------------------------------------------------------- 13: sieges

#[test]
fn siege_phase_reduces_hanover_and_ferrara_as_in_the_example() {
    // rule 5.3, 13.7, 13.31: Hanover (major city, 1): 4 - 1 = 3 reduced; Ferrara
    // (fortress 2): 6 - 2 = 4 reduced; Prussia rolls first
    let mut g = example_sieges();
    g.dice.script([4, 6]);
    end_turn(&mut g);
    assert_eq!(rolls(&g, "siege of Hanover (Prussia)"), vec![(4, 3)]);
    assert_eq!(rolls(&g, "siege of Ferrara (Austria)"), vec![(6, 4)]);
    let h = space(&g, "Hanover");
    let f = space(&g, "Ferrara");
    assert!(g.st.g.destroyed[h] && g.st.g.destroyed[f], "rule 13.31");
    assert_eq!(control(&g, "Hanover"), Some(Side::Prussia));
    assert_eq!(control(&g, "Ferrara"), Some(Side::Austria));
    // rule 13.31: +1 VP for the red-outlined Hanover (Ferrara is no VP space)
    assert!(logged(&g, "VP (the VP space Hanover)"));
    assert!(!logged(&g, "VP (the VP space Ferrara)"));
}

#[test]
fn a_failed_siege_roll_changes_nothing() {
    // rule 13.31: Hanover 3 - 1 = 2 is no effect on the Siege Table
    let mut g = example_sieges();
    g.dice.script([3, 1]);
    end_turn(&mut g);
    let h = space(&g, "Hanover");
    assert!(!g.st.g.destroyed[h]);
    assert_eq!(control(&g, "Hanover"), Some(Side::Austria));
    // rule 13.42: the Prussian corps still besieges it
    assert_eq!(siege::besieger(&g.rules, &g.st, h), Some(Side::Prussia));
}

#[test]
fn siege_phase_requires_a_corps_for_a_major_city_and_units_for_the_value() {
    // rule 13.32: an ID alone cannot besiege Hanover (major city), one IB cannot
    // besiege Ferrara (value 2), an IB and an ID can
    let mut g = seven_weeks();
    clear(&mut g, "Hanover");
    clear(&mut g, "Ferrara");
    put(&mut g, "pr-id", "Hanover", false);
    put(&mut g, "au-ib", "Ferrara", false);
    end_turn(&mut g);
    assert!(rolls(&g, "siege of").is_empty(), "no siege roll allowed");
    let mut g = seven_weeks();
    clear(&mut g, "Ferrara");
    put(&mut g, "au-ib", "Ferrara", false);
    put(&mut g, "au-ib", "Ferrara", false);
    end_turn(&mut g);
    assert_eq!(rolls(&g, "siege of Ferrara").len(), 1);
}

#[test]
fn an_unsupplied_besieger_has_minus_one_and_suffers_attrition() {
    // rule 15.3: -1 on the Siege Table; rule 15.5: attrition by force size at the end
    // of the turn (a full corps, 2 steps, loses 1 on a 6)
    let mut g = seven_weeks();
    clear(&mut g, "Budapest");
    let c = put(&mut g, "pr-7", "Budapest", false);
    let b = space(&g, "Budapest");
    assert!(!endturn::supplied(&g.rules, &g.st, b, Side::Prussia));
    assert!(endturn::supplied(
        &g.rules,
        &g.st,
        space(&g, "Berlin"),
        Side::Prussia
    ));
    g.dice.script([4, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6]);
    end_turn(&mut g);
    assert_eq!(rolls(&g, "siege of Budapest"), vec![(4, 2)], "4 - 1 - 1");
    assert!(!g.st.g.destroyed[b]);
    assert_eq!(rolls(&g, "attrition of Prussia in Budapest").len(), 1);
    assert!(g.st.units[c as usize].reduced, "rule 15.5: one step lost");
    assert_eq!(g.st.units[c as usize].loc, Loc::Space(b));
}

/// Prussia's 7th Corps individually activated with a 4-OP card.
fn activate_corps(g: &mut PureGame<Struggle>, u: u16) {
    g.st.g.to_play = Side::Prussia;
    let card = four_op_card(g);
    give(g, Side::Prussia, &[card]);
    g.apply(&StCommand::Play {
        card,
        use_: Use::Individual,
    })
    .expect("a card");
    g.apply(&StCommand::Declare {
        piece: Piece::Unit(u),
    })
    .expect("a corps costs 4");
    g.apply(&StCommand::Begin).expect("begin");
}

#[test]
fn entering_places_the_marker_and_one_attempt_with_two_mps_ends_the_move() {
    // rule 13.2, 13.33: entering Hanover (1 MP of 3) places the besieged marker; one
    // siege attempt with 2 MPs left; the move ends
    let mut g = seven_weeks();
    clear(&mut g, "Hanover");
    clear(&mut g, "Minden");
    let c = put(&mut g, "pr-7", "Minden", false);
    activate_corps(&mut g, c);
    let h = space(&g, "Hanover");
    g.apply(&StCommand::Move { to: h }).expect("into Hanover");
    lone_generals_retreat(&mut g);
    assert_eq!(g.st.g.besieged[h], Some(Side::Prussia), "rule 13.2");
    assert!(g.legal().contains(&StCommand::Siege));
    g.dice.script([4]);
    g.apply(&StCommand::Siege).expect("a siege attempt");
    assert!(g.st.g.destroyed[h]);
    assert_eq!(control(&g, "Hanover"), Some(Side::Prussia));
    assert_eq!(
        g.st.g.to_play,
        Side::Austria,
        "rule 13.33: the move is over"
    );
}

#[test]
fn an_id_cannot_besiege_a_major_city() {
    // rule 13.32: a major city needs a corps
    let mut g = seven_weeks();
    clear(&mut g, "Hanover");
    clear(&mut g, "Minden");
    let u = put(&mut g, "pr-id", "Minden", false);
    g.st.g.to_play = Side::Prussia;
    let card = four_op_card(&g);
    give(&mut g, Side::Prussia, &[card]);
    g.apply(&StCommand::Play {
        card,
        use_: Use::Individual,
    })
    .expect("a card");
    g.apply(&StCommand::Declare {
        piece: Piece::Unit(u),
    })
    .expect("an ID");
    g.apply(&StCommand::Begin).expect("begin");
    let h = space(&g, "Hanover");
    g.apply(&StCommand::Move { to: h }).expect("into Hanover");
    lone_generals_retreat(&mut g);
    refused(StCommand::Siege, &mut g, "13.32");
    // rule 13.41: a lone unit cannot move on without leaving a unit to mask it
    refused(
        StCommand::Move {
            to: space(&g, "Hildesheim"),
        },
        &mut g,
        "13.41",
    );
}

#[test]
fn entering_with_less_than_two_mps_left_allows_no_attempt() {
    // rule 13.33: at least two MPs left (no rail bonus here: 9.63)
    let mut g = seven_weeks();
    for x in g.st.g.provinces.iter_mut() {
        *x = None;
    }
    clear(&mut g, "Hanover");
    clear(&mut g, "Minden");
    let h = space(&g, "Hanover");
    let m = space(&g, "Minden");
    let map = &g.rules.map;
    assert_eq!(map.enter_cost(m, h), Some(1));
    let start = map
        .routes_from(m)
        .map(|(_, o)| o)
        .find(|&o| {
            map.enter_cost(o, m) == Some(1)
                && g.st.g.control[o] == Some(Side::Prussia)
                && !g.st.units.iter().any(|u| u.loc == Loc::Space(o))
        })
        .expect("a Prussian space one MP from Minden");
    let name = g.rules.space_name(start);
    let c = put(&mut g, "pr-7", &name, false);
    activate_corps(&mut g, c);
    g.apply(&StCommand::Move { to: m }).expect("to Minden");
    g.apply(&StCommand::Move { to: h }).expect("into Hanover");
    lone_generals_retreat(&mut g);
    refused(StCommand::Siege, &mut g, "13.33");
}

#[test]
fn a_force_starting_in_the_space_makes_one_attempt_per_two_mps() {
    // rule 13.34: the corps (MA 3) begins its activation in Hanover: one attempt for
    // 2 MPs, no second one
    let mut g = seven_weeks();
    clear(&mut g, "Hanover");
    let c = put(&mut g, "pr-7", "Hanover", false);
    activate_corps(&mut g, c);
    g.dice.script([3]);
    g.apply(&StCommand::Siege).expect("a siege attempt");
    assert_eq!(rolls(&g, "siege of Hanover").len(), 1);
    let h = space(&g, "Hanover");
    assert!(!g.st.g.destroyed[h], "3 - 1 = 2: no effect");
    assert_eq!(g.st.g.step, Step::Move, "the corps may still move 1 MP");
    refused(StCommand::Siege, &mut g, "13.34");
}

#[test]
fn a_masked_space_carries_the_besiegers_loc_until_the_siege_is_lifted() {
    // rule 13.41, 13.42: with a Prussian unit masking Hanover, Prussia's LOC runs
    // through it; when the last unit leaves, the siege is lifted and it blocks again
    let mut g = seven_weeks();
    clear(&mut g, "Hanover");
    let u = put(&mut g, "pr-id", "Hanover", false);
    let h = space(&g, "Hanover");
    let sit = endturn::situation(&g.rules, &g.st);
    assert!(supply::passable(&g.rules.map, Side::Prussia, h, &sit));
    g.st.units[u as usize].loc = Loc::Space(space(&g, "Minden"));
    let sit = endturn::situation(&g.rules, &g.st);
    assert!(!supply::passable(&g.rules.map, Side::Prussia, h, &sit));
    assert_eq!(siege::besieger(&g.rules, &g.st, h), None);
}

#[test]
fn units_sheltered_inside_are_lost_for_good_when_it_falls() {
    // rule 13.5: the Hanoverian corps and Arendtschildt sheltered in Hanover under the
    // Prussian besieged marker; the city falls: both permanently eliminated
    let mut g = seven_weeks();
    let hn = g.rules.unit_by_type("hn-corps")[0];
    let h = space(&g, "Hanover");
    assert_eq!(g.st.units[hn as usize].loc, Loc::Space(h));
    let arendt = general(&g, "arendtschildt");
    g.st.generals[arendt as usize].loc = Loc::Space(h);
    put(&mut g, "pr-7", "Hanover", false);
    g.st.g.besieged[h] = Some(Side::Prussia);
    assert_eq!(
        siege::sheltered(&g.rules, &g.st, h, Side::Austria),
        vec![hn]
    );
    g.dice.script([6]);
    end_turn(&mut g);
    assert!(g.st.g.destroyed[h]);
    assert_eq!(g.st.units[hn as usize].loc, Loc::Permanent);
    assert_eq!(g.st.generals[arendt as usize].loc, Loc::Permanent);
}

#[test]
fn a_fortress_shelters_no_more_units_than_its_value() {
    // rule 13.5: Ferrara (2) shelters two CUs, not three; a major city any number
    let mut g = seven_weeks();
    let f = space(&g, "Ferrara");
    let it: Vec<u16> = (0..3)
        .map(|_| put(&mut g, "it-id", "Ferrara", false))
        .collect();
    let rules = g.rules.clone();
    let mut game = Game {
        rules: &rules,
        st: &mut g.st,
        dice: &mut g.dice,
        log: &mut g.log,
    };
    assert!(!game.shelter(f, &it));
    assert!(game.shelter(f, &it[..2]));
    assert_eq!(
        siege::shelter_capacity(&rules, &g.st, space(&g, "Hanover")),
        None
    );
}

// ---------------------------------------------------------------- 5.4, 14.3: supply

#[test]
fn cut_off_spaces_change_control_unless_occupied() {
    // rule 14.3: Prussian PCs in Hungary without an LOC flip to Austria; one holding a
    // Prussian CU stays
    let mut g = seven_weeks();
    let raab = space(&g, "Raab");
    let kaschau = space(&g, "Kaschau");
    g.st.g.control[raab] = Some(Side::Prussia);
    g.st.g.control[kaschau] = Some(Side::Prussia);
    clear(&mut g, "Kaschau");
    put(&mut g, "pr-id", "Kaschau", false);
    g.dice.script([1; 20]);
    end_turn(&mut g);
    assert_eq!(control(&g, "Raab"), Some(Side::Austria));
    assert_eq!(control(&g, "Kaschau"), Some(Side::Prussia));
}

// ---------------------------------------------------------------- 14.2, 14.5: control

#[test]
fn a_province_passes_by_majority_with_its_vp_and_its_minor_cities() {
    // rule 14.2, 19.1: Prussia holds most of the province of Hanover at the end of the
    // turn: VP +1 Prussia, its other non-fortress spaces turn Prussian except one held
    // by an enemy CU
    let mut g = seven_weeks();
    let map = &g.rules.map;
    let p = map.province("Hanover").expect("the province");
    let spaces: Vec<usize> = map.spaces_in(p).collect();
    let minors: Vec<usize> = spaces
        .iter()
        .copied()
        .filter(|&s| !map.spaces[s].kind.is_fortified())
        .collect();
    assert!(minors.len() >= 4);
    let keep = minors[minors.len() - 1];
    let keep_name = g.rules.space_name(keep);
    let take = spaces.len() / 2 + 1;
    let mut taken = 0;
    for &s in &minors {
        if s != keep && taken < take {
            g.st.g.control[s] = Some(Side::Prussia);
            taken += 1;
        }
    }
    assert!(taken * 2 > spaces.len(), "a majority");
    clear(&mut g, &keep_name);
    put(&mut g, "hn-ib", &keep_name, false);
    let vp = g.st.g.vp;
    g.dice.script([1; 20]);
    end_turn(&mut g);
    assert_eq!(g.st.g.provinces[p], Some(Side::Prussia));
    // (Holstein, cut off behind Hanover, passes too: 14.3 then 14.2)
    assert!(logged(
        &g,
        "Prussia +1 VP (control of the province of Hanover)"
    ));
    assert!(g.st.g.vp < vp);
    assert_eq!(
        g.st.g.control[keep],
        Some(Side::Austria),
        "an enemy CU holds it"
    );
    for &s in &minors {
        if s != keep {
            assert_eq!(g.st.g.control[s], Some(Side::Prussia));
        }
    }
    assert_eq!(
        control(&g, "Hanover"),
        Some(Side::Austria),
        "a major city stays"
    );
}

#[test]
fn italy_is_conquered_and_reconquered_for_one_vp_each() {
    // rule 14.5: Austria with most of Italy: +1 VP Austria; back: +1 VP Prussia
    let mut g = seven_weeks();
    let italy: Vec<usize> = g.rules.map.italy().collect();
    for &s in &italy {
        g.st.g.control[s] = Some(Side::Austria);
    }
    for u in g.st.units.iter_mut() {
        if let Loc::Space(s) = u.loc
            && italy.contains(&s)
        {
            u.loc = Loc::Eliminated;
        }
    }
    let vp = g.st.g.vp;
    g.dice.script([1; 20]);
    end_turn(&mut g);
    assert_eq!(g.st.g.italy, Some(Side::Austria));
    assert_eq!(g.st.g.vp, vp + 1);
    for &s in &italy {
        g.st.g.control[s] = Some(Side::Prussia);
    }
    g.dice.script([1; 20]);
    end_turn(&mut g);
    assert_eq!(g.st.g.italy, Some(Side::Prussia));
    assert_eq!(g.st.g.vp, vp);
}

// ------------------------------------------------------------------ 5.6, 21: victory

#[test]
fn automatic_victory_is_judged_in_the_victory_check_only() {
    // rule 21.1, 5.6: 15 VPs mid-turn end nothing until the Victory Check
    let mut g = seven_weeks();
    g.st.g.vp = 15;
    g.apply(&StCommand::FreeOp {
        use_: Use::Individual,
    })
    .expect("a free OP");
    g.apply(&StCommand::Done).expect("done");
    assert_ne!(g.st.g.step, Step::GameOver);
    end_turn(&mut g);
    assert_eq!(g.st.g.winner, Some(Side::Austria));
}

#[test]
fn prussia_in_vienna_with_one_vp_wins() {
    // rule 21.1: Vienna and at least one VP; with none the game goes on
    for (vp, wins) in [(-1, true), (0, false)] {
        let mut g = seven_weeks();
        let v = space(&g, "Vienna");
        clear(&mut g, "Vienna");
        g.st.g.control[v] = Some(Side::Prussia);
        put(&mut g, "pr-7", "Vienna", false);
        g.st.g.vp = vp;
        g.dice.script([1; 30]);
        end_turn(&mut g);
        assert_eq!(g.st.g.winner == Some(Side::Prussia), wins, "VP {vp}");
    }
}

#[test]
fn no_victory_check_in_a_mobilization_turn() {
    // rule 5.6: skipped in Mobilization turns
    let mut g = game("struggle-mobilization", 1);
    g.st.g.vp = 20;
    end_turn(&mut g);
    assert_eq!(g.st.g.winner, None);
    assert_ne!(g.st.g.step, Step::GameOver);
}

#[test]
fn after_war_turn_ten_the_most_vps_win_and_austria_wins_ties() {
    // rule 21.2
    for (vp, w) in [(0, Side::Austria), (-1, Side::Prussia), (1, Side::Austria)] {
        let mut g = seven_weeks();
        g.st.g.turn = 10;
        g.st.g.vp = vp;
        g.dice.script([1; 30]);
        end_turn(&mut g);
        assert_eq!(g.st.g.winner, Some(w), "VP {vp}");
    }
}

// ----------------------------------------------------------------------- 16: France

#[test]
fn france_intervenes_with_spaces_cards_rounds_and_two_waves() {
    // rule 16.1-16.4
    let mut g = seven_weeks();
    let chalons = space(&g, "Chalons");
    assert_eq!(g.st.g.control[chalons], None, "neutral before (14.1)");
    let hand = g.st.cards.hand(Side::Austria).len();
    let rules = g.rules.clone();
    Game {
        rules: &rules,
        st: &mut g.st,
        dice: &mut g.dice,
        log: &mut g.log,
    }
    .france_intervenes();
    assert_eq!(
        g.st.g.control[chalons],
        Some(Side::Austria),
        "rule 14.1, 16.2"
    );
    assert_eq!(control(&g, "Metz"), Some(Side::Austria));
    assert_eq!(g.st.cards.hand(Side::Austria).len(), hand + 1, "rule 16.3");
    let niel = general(&g, "niel");
    let mac = general(&g, "macmahon");
    assert_eq!(g.st.generals[niel as usize].loc, Loc::Space(chalons));
    assert_eq!(g.st.generals[mac as usize].loc, Loc::Reserve);
    let fr1 = g.rules.unit_by_type("fr-1")[0];
    assert_eq!(
        g.st.units[fr1 as usize],
        UnitState {
            loc: Loc::Space(chalons),
            reduced: true
        }
    );
    // rule 15.4: the French source supplies Austrians in France
    assert!(endturn::supplied(&g.rules, &g.st, chalons, Side::Austria));
    g.dice.script([1; 30]);
    end_turn(&mut g);
    // rule 16.3: the next turn Austria has 8 cards, 7 rounds and plays first
    assert_eq!(g.st.cards.hand(Side::Austria).len(), 8);
    assert_eq!(g.st.cards.hand(Side::Prussia).len(), 7);
    assert_eq!(g.st.g.rounds_left, [7, 6]);
    assert_eq!(g.st.g.to_play, Side::Austria);
    assert_eq!(g.st.generals[mac as usize].loc, Loc::Reserve);
    g.dice.script([1; 30]);
    end_turn(&mut g);
    // rule 16.4: the second turn following: the rest deploys
    assert_eq!(g.st.g.turn, 3);
    assert_eq!(g.st.generals[mac as usize].loc, Loc::Space(chalons));
    let fr6 = g.rules.unit_by_type("fr-6")[0];
    assert!(g.st.units[fr6 as usize].reduced);
    let csb = g
        .rules
        .unit_by_type("fr-id")
        .into_iter()
        .filter(|&u| g.st.units[u as usize].loc == Loc::CorpsSupport)
        .count();
    assert_eq!(csb, 6, "1 + 5 IDs in the Corps Support Box");
}

// ------------------------------------------------------------- 9.61-9.63: railroads

/// A chain of `n` rail steps of 1 MP from `from` through spaces Prussia may use for
/// special rail movement (friendly spaces of friendly provinces, no units).
fn rail_path(g: &PureGame<Struggle>, from: usize, n: usize) -> Option<Vec<usize>> {
    fn go(g: &PureGame<Struggle>, path: &mut Vec<usize>, n: usize) -> bool {
        if path.len() > n {
            return true;
        }
        let at = *path.last().expect("start");
        for (_, o) in g.rules.map.routes_from(at) {
            if path.contains(&o)
                || g.rules.map.enter_cost(at, o) != Some(1)
                || !feldzug::games::struggle::rail::rail_step(&g.rules, &g.st, Side::Prussia, at, o)
                || g.st.units.iter().any(|u| u.loc == Loc::Space(o))
            {
                continue;
            }
            path.push(o);
            if go(g, path, n) {
                return true;
            }
            path.pop();
        }
        false
    }
    let mut path = vec![from];
    go(g, &mut path, n).then(|| path[1..].to_vec())
}

#[test]
fn prussian_rail_movement_adds_six_mps_in_friendly_provinces() {
    // rule 9.61: a Prussian corps (MA 3) moves 4 spaces along friendly rail, all paid
    // from the block of 6, and still has its own 3 MPs
    let mut g = seven_weeks();
    let b = space(&g, "Berlin");
    let path = rail_path(&g, b, 4).expect("four rail steps from Berlin");
    clear(&mut g, "Berlin");
    let c = put(&mut g, "pr-7", "Berlin", false);
    activate_corps(&mut g, c);
    for &s in &path {
        g.apply(&StCommand::Move { to: s }).expect("a rail step");
    }
    let m =
        g.st.g
            .op
            .as_ref()
            .and_then(|o| o.mover.clone())
            .expect("moving");
    assert_eq!(m.mp, 0, "all four paid by the rail block");
    assert_eq!(m.rail, Some(2));
}

#[test]
fn without_the_bonus_a_corps_stops_after_its_ma() {
    // rule 9.61, 9.63: the same railroads in a province the opponent held at the start
    // of the turn give no bonus: 3 steps and no fourth
    let mut g = seven_weeks();
    let b = space(&g, "Berlin");
    let path = rail_path(&g, b, 4).expect("four rail steps from Berlin");
    let p = g.rules.map.spaces[b].province.expect("Brandenburg");
    for x in g.st.g.provinces.iter_mut() {
        if *x == Some(Side::Prussia) {
            *x = Some(Side::Austria);
        }
    }
    assert_eq!(g.st.g.provinces[p], Some(Side::Austria));
    clear(&mut g, "Berlin");
    let c = put(&mut g, "pr-7", "Berlin", false);
    activate_corps(&mut g, c);
    for &s in &path[..3] {
        g.apply(&StCommand::Move { to: s }).expect("a step");
    }
    refused(StCommand::Move { to: path[3] }, &mut g, "9.3");
}

// ------------------------------------------------------- 15.5: the owner picks the steps

#[test]
fn the_owner_picks_his_attrition_steps_even_on_the_other_sides_turn() {
    // rule 15.5 (and its note: as 11.2 step 4): an Austrian corps and IB cut off in
    // Köslin (4 steps) lose 1 step on a 4. Prussia played the last round, but Austria,
    // the owner, picks which unit is flipped; the end of the turn then goes on.
    let mut g = seven_weeks();
    clear(&mut g, "Köslin");
    let corps = put(&mut g, "au-5", "Köslin", false);
    let ib = put(&mut g, "au-ib", "Köslin", false);
    let k = space(&g, "Köslin");
    assert!(!endturn::supplied(&g.rules, &g.st, k, Side::Austria));
    let turn = g.st.g.turn;
    g.dice.script([4]);
    end_turn(&mut g);
    assert_eq!(rolls(&g, "attrition of Austria in Köslin"), vec![(4, 4)]);
    assert_eq!(g.st.g.step, Step::Battle, "a decision is pending");
    assert_eq!(
        feldzug::games::struggle::steps::battle::actor(&g.st),
        Some(Side::Austria),
        "the owner decides, not the side to play"
    );
    assert_eq!(
        <Struggle as feldzug::engine::game::RulesGame>::side_to_act(&g.rules, &g.st),
        Some(Side::Austria.name().to_string())
    );
    let opts = feldzug::games::struggle::flow_battle::loss_options(&g.rules, &g.st);
    assert!(opts.len() >= 2, "{opts:?}");
    // the way that flips the IB (not the first listed, the old automatic pick)
    let units =
        g.st.g
            .battle
            .as_ref()
            .map(|b| b.attrition[0].units.clone())
            .unwrap();
    let i_ib = units.iter().position(|&u| u == ib).expect("the IB");
    let pick = opts
        .iter()
        .position(|c| c.fates[i_ib] == feldzug::games::struggle::battle::Fate::Flipped)
        .expect("a way flipping the IB");
    // a loss choice outside the list is refused with the case
    refused(
        StCommand::TakeLosses {
            choice: opts.len() as u16,
        },
        &mut g,
        "15.5",
    );
    refused(StCommand::Done, &mut g, "15.5");
    g.apply(&StCommand::TakeLosses {
        choice: pick as u16,
    })
    .expect("the owner's pick");
    assert!(g.st.units[ib as usize].reduced, "the IB is flipped");
    assert!(!g.st.units[corps as usize].reduced, "the corps is spared");
    assert_eq!(g.st.units[corps as usize].loc, Loc::Space(k));
    assert!(g.st.g.battle.is_none());
    assert_eq!(g.st.g.turn, turn + 1, "the end of the turn went on");
    assert_eq!(g.st.g.step, Step::Round);
}

#[test]
fn an_attrition_with_one_way_is_taken_at_once() {
    // rule 15.5: a lone full IB loses its one step on a 6: only one way, no decision
    let mut g = seven_weeks();
    clear(&mut g, "Köslin");
    let ib = put(&mut g, "au-ib", "Köslin", false);
    let turn = g.st.g.turn;
    g.dice.script([6]);
    end_turn(&mut g);
    assert!(g.st.units[ib as usize].reduced);
    assert!(g.st.g.battle.is_none());
    assert_eq!(g.st.g.turn, turn + 1);
}

// ------------------------------------------------------ 16.3: French activation duty

#[test]
fn austrias_last_round_must_activate_a_french_piece_after_the_intervention() {
    // rule 16.3: from the turn after the intervention, one of Austria's rounds each turn
    // activates a French general or unit; its last round is held to it
    let mut g = seven_weeks();
    let rules = g.rules.clone();
    Game {
        rules: &rules,
        st: &mut g.st,
        dice: &mut g.dice,
        log: &mut g.log,
    }
    .france_intervenes();
    // the intervention turn itself: no duty
    g.st.g.to_play = Side::Austria;
    g.st.g.step = Step::Round;
    g.st.g.op = None;
    g.st.g.rounds_left = [1, 0];
    assert!(!endturn::french_duty(&g.rules, &g.st, Side::Austria));
    g.dice.script([1; 30]);
    end_turn(&mut g);
    assert_eq!(g.st.g.to_play, Side::Austria);
    assert!(
        !endturn::french_duty(&g.rules, &g.st, Side::Austria),
        "7 rounds left"
    );
    // Austria's last round of the turn
    g.st.g.rounds_left[Side::Austria.idx()] = 1;
    assert!(endturn::french_duty(&g.rules, &g.st, Side::Austria));
    let legal = g.legal();
    let mut free = g.clone();
    free.st.g.french_activated = true;
    let without = free.legal();
    let french = |c: &StCommand| match c {
        StCommand::Play { use_, .. } | StCommand::FreeOp { use_ } => match use_ {
            Use::Activate { general } => {
                endturn::is_french_piece(&g.rules, Piece::General(*general))
            }
            Use::Individual => true,
            _ => false,
        },
        _ => false,
    };
    assert!(!legal.is_empty());
    assert!(legal.iter().all(french), "{legal:?}");
    let barred: Vec<&StCommand> = without.iter().filter(|c| !legal.contains(c)).collect();
    assert!(!barred.is_empty(), "the duty bars some uses");
    for c in barred {
        refused(c.clone(), &mut g, "16.3");
    }
    // individual activations: the French piece first, then the round may begin
    g.apply(&StCommand::FreeOp {
        use_: Use::Individual,
    })
    .expect("a free OP for individual activations");
    let benedek = general(&g, "benedek");
    let niel = general(&g, "niel");
    if g.st.generals[benedek as usize].loc.space().is_some() {
        refused(
            StCommand::Declare {
                piece: Piece::General(benedek),
            },
            &mut g,
            "16.3",
        );
    }
    refused(StCommand::Done, &mut g, "16.3");
    g.apply(&StCommand::Declare {
        piece: Piece::General(niel),
    })
    .expect("Niel is activated");
    assert!(g.st.g.french_activated);
    assert!(g.legal().contains(&StCommand::Begin));
}
