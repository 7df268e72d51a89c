//! The Sadowa Campaign: the GHQ (6.5, 10), recovery (11), morale (12), victory points
//! (14.0), the armistice (4.7) and the victory levels (14.1), driven through commands.

use crate::sd_siege::{
    G, austrian_neighbours, empty_game, finish_turn, hex, id, log_has, pass_to_siege, put,
    turn_before_shaded,
};
use feldzug::games::sadowa::data::Side;
use feldzug::games::sadowa::flow::Game;
use feldzug::games::sadowa::state::*;

/// From a fresh position (one pass made), to the Prussian Reinforcement Phase.
fn to_reinforcements(g: &mut G) {
    pass_to_siege(g, &[]);
    g.apply(&SdCommand::Done).unwrap();
    g.apply(&SdCommand::Done).unwrap();
    assert_eq!(g.st.g.step, Step::Reinforce(Side::Prussia));
}

fn ghq_active(g: &mut G) -> bool {
    let gm = Game {
        rules: &g.rules,
        st: &mut g.st,
        dice: &mut g.dice,
        log: &mut g.log,
    };
    gm.ghq_active()
}

// rule 10.1, 10.2, 6.5.1: announced in a Reinforcement Phase (Austria gains the VPs printed
// on the turn track for that turn), placed in the next turn's Reinforcement Phase on a hex
// with a supplied, un-besieged Prussian combat unit.
#[test]
fn ghq_announced_then_placed_next_turn() {
    let mut g = empty_game(3);
    let k = hex("2507");
    let n = austrian_neighbours(&g, k);
    put(&mut g, "p-vii", n[0]);
    put(&mut g, "p-viii", n[1]);
    put(&mut g, "a-g-koniggratz", k);
    to_reinforcements(&mut g);
    let t = g.st.g.turn;
    let vp = g.rules.charts.ghq_vp(t);
    assert!(vp > 0);
    let before = g.st.g.vp;
    g.apply(&SdCommand::AnnounceGhq).unwrap();
    assert_eq!(
        g.st.g.vp[Side::Austria.idx()],
        before[Side::Austria.idx()] + vp
    );
    assert_eq!(g.st.g.vp[Side::Prussia.idx()], before[Side::Prussia.idx()]);
    assert_eq!(g.st.g.ghq, GhqStatus::Announced(t));
    // not this turn
    let e = g.apply(&SdCommand::PlaceGhq { hex: n[0] }).unwrap_err();
    assert_eq!(e.rule, "10.1");
    assert_eq!(g.apply(&SdCommand::AnnounceGhq).unwrap_err().rule, "10.1");
    // 12.2: the VPs move both morale levels
    assert_eq!(g.st.g.morale, [4, 2]);
    finish_turn(&mut g);
    // the next turn: VIII Corps is Out of Supply; VII Corps besieged... no: VII is fine
    let viii = id(&g, "p-viii");
    g.st.units[viii as usize].oos = true;
    g.st.g.passes = 1;
    to_reinforcements(&mut g);
    let e = g.apply(&SdCommand::Done).unwrap_err();
    assert_eq!(e.rule, "10.1", "the announced GHQ must be placed");
    // no Prussian unit there / only an Out of Supply one
    let empty = austrian_neighbours(&g, n[0])
        .into_iter()
        .find(|h| !n[..2].contains(h))
        .unwrap();
    assert_eq!(
        g.apply(&SdCommand::PlaceGhq { hex: empty })
            .unwrap_err()
            .rule,
        "10.1"
    );
    assert_eq!(
        g.apply(&SdCommand::PlaceGhq { hex: n[1] })
            .unwrap_err()
            .rule,
        "10.1"
    );
    let mut cands: Vec<SdCommand> = g
        .rules
        .map
        .hex
        .coords()
        .map(|h| SdCommand::PlaceGhq { hex: h })
        .collect();
    cands.push(SdCommand::Done);
    cands.push(SdCommand::AnnounceGhq);
    crate::sd_siege::check_agrees_with_legal(&g, &cands);
    g.apply(&SdCommand::PlaceGhq { hex: n[0] }).unwrap();
    let ghq = g.rules.ghq().unwrap();
    assert_eq!(g.st.units[ghq as usize].on_map(), Some(n[0]));
    assert_eq!(g.st.g.ghq, GhqStatus::OnMap);
    assert!(ghq_active(&mut g), "6.5.2: on the map and supplied");
    g.apply(&SdCommand::Done).unwrap();
}

// rule 10.1: with no supplied, un-besieged Prussian combat unit anywhere the GHQ waits.
#[test]
fn announced_ghq_waits_without_a_legal_hex() {
    let mut g = empty_game(3);
    put(&mut g, "p-vii", hex("2303"));
    to_reinforcements(&mut g);
    g.apply(&SdCommand::AnnounceGhq).unwrap();
    finish_turn(&mut g);
    let vii = id(&g, "p-vii");
    g.st.units[vii as usize].oos = true;
    g.st.g.passes = 1;
    to_reinforcements(&mut g);
    assert!(
        !g.legal()
            .iter()
            .any(|c| matches!(c, SdCommand::PlaceGhq { .. }))
    );
    g.apply(&SdCommand::Done).unwrap();
    assert!(matches!(g.st.g.ghq, GhqStatus::Announced(_)));
}

// rule 6.5.3: the GHQ eliminated in any way (here in a fortress that surrenders, 8.3) is an
// immediate decisive Austrian victory.
#[test]
fn ghq_lost_ends_the_game_in_a_decisive_austrian_victory() {
    let probe = empty_game(1);
    let t = turn_before_shaded(&probe, 2) + 1;
    let mut g = empty_game(t);
    let k = hex("2507");
    // Königgrätz taken by Prussia earlier: its garrison and the GHQ inside, besieged
    let ki = g.rules.map.places.iter().position(|p| p.hex == k).unwrap();
    g.st.g.control[ki] = Side::Prussia;
    put(&mut g, "p-g-1", k);
    put(&mut g, "p-ghq", k);
    g.st.g.ghq = GhqStatus::OnMap;
    let n = austrian_neighbours(&g, k)[0];
    put(&mut g, "a-ii", n);
    let ii = id(&g, "a-ii");
    g.st.g.sieges.push(Siege {
        fortress: k,
        by: Side::Austria,
        level: 2,
        new: false,
        besiegers: vec![(ii, n)],
    });
    pass_to_siege(&mut g, &[1]);
    assert_eq!(g.st.g.step, Step::GameOver);
    assert_eq!(g.st.g.winner, Some(Side::Austria));
    assert!(
        g.st.g.result.contains("Austrian Decisive Victory"),
        "{}",
        g.st.g.result
    );
    assert_eq!(g.st.g.ghq, GhqStatus::Gone);
    assert!(g.legal().is_empty() || g.over());
}

// rule 11.0, 6.5.2, 6.4: a Disrupted unit recovers on a die at most its Army Morale Level;
// Prussian units within 2 hexes of the GHQ subtract 1.
#[test]
fn recovery_with_and_without_the_ghq() {
    let mut g = empty_game(3);
    let base = hex("2510");
    put(&mut g, "p-ghq", base);
    g.st.g.ghq = GhqStatus::OnMap;
    let near = g
        .rules
        .map
        .hex
        .coords()
        .find(|c| c.distance(base) == 2)
        .unwrap();
    let far = g
        .rules
        .map
        .hex
        .coords()
        .find(|c| c.distance(base) == 3)
        .unwrap();
    put(&mut g, "p-vii", near);
    put(&mut g, "p-viii", far);
    put(&mut g, "a-ii", hex("1512"));
    put(&mut g, "a-iii", hex("1514"));
    for u in ["p-vii", "p-viii", "a-ii", "a-iii"] {
        let x = id(&g, u);
        g.st.units[x as usize].disrupted = true;
    }
    to_reinforcements(&mut g);
    g.apply(&SdCommand::Done).unwrap();
    assert_eq!(g.st.g.morale, [3, 3]);
    // recovery rolls in unit order: a-ii 3 (<= 3), a-iii 4, p-vii 4 - 1 (GHQ), p-viii 4
    let mut order = ["a-ii", "a-iii", "p-vii", "p-viii"];
    order.sort_by_key(|u| id(&g, u));
    let dice: Vec<u8> = order
        .iter()
        .map(|u| if *u == "a-ii" { 3 } else { 4 })
        .collect();
    g.dice.script(dice);
    g.apply(&SdCommand::Done).unwrap();
    let dis = |g: &G, u: &str| g.st.units[id(g, u) as usize].disrupted;
    assert!(!dis(&g, "a-ii"), "3 <= morale 3");
    assert!(dis(&g, "a-iii"), "4 > morale 3");
    assert!(!dis(&g, "p-vii"), "4 - 1 within 2 hexes of the GHQ");
    assert!(dis(&g, "p-viii"), "4, 3 hexes from the GHQ");
    assert!(log_has(&g, "11.0", "recovers"));
}

// rule 14.0, 12.2: Prague 20 VP, another city in Saxony or Austria 5 VP, once per place;
// morale moves by each 20 VP or part thereof, within 1-5.
#[test]
fn city_control_vps_and_morale() {
    let mut g = empty_game(3);
    g.st.g.passes = 0;
    let prague = hex("1811");
    let next = g
        .rules
        .map
        .hex
        .neighbors(prague)
        .map(|(_, n)| n)
        .filter(|&n| g.rules.map.hex.contains(n) && !g.rules.map.is_mountain(n))
        .collect::<Vec<_>>();
    put(&mut g, "p-ii", next[0]);
    put(&mut g, "p-iii", next[1]);
    let ii = id(&g, "p-ii");
    let iii = id(&g, "p-iii");
    g.apply(&SdCommand::ActivateUnit { unit: ii }).unwrap();
    g.apply(&SdCommand::Move {
        unit: ii,
        to: prague,
    })
    .unwrap();
    assert_eq!(g.st.g.vp, [0, 20]);
    // 12.2: one increment of 20 for Prussia, against Austria
    assert_eq!(g.st.g.morale, [2, 4]);
    // Austria regains Prague, Prussia takes it again: no more VPs (once per place)
    let pi = g
        .rules
        .map
        .places
        .iter()
        .position(|p| p.hex == prague)
        .unwrap();
    g.st.g.control[pi] = Side::Austria;
    g.apply(&SdCommand::ActivateUnit { unit: iii }).unwrap();
    g.apply(&SdCommand::Move {
        unit: iii,
        to: prague,
    })
    .unwrap();
    assert_eq!(g.st.g.vp, [0, 20]);
    // another city (Dresden, in Saxony): 5 VP; 25 VP is two increments (part thereof)
    let dresden = hex("1208");
    let dn = g
        .rules
        .map
        .hex
        .neighbors(dresden)
        .map(|(_, n)| n)
        .find(|&n| g.rules.map.hex.contains(n) && !g.rules.map.is_mountain(n))
        .unwrap();
    put(&mut g, "p-iv", dn);
    let iv = id(&g, "p-iv");
    g.apply(&SdCommand::ActivateUnit { unit: iv }).unwrap();
    g.apply(&SdCommand::Move {
        unit: iv,
        to: dresden,
    })
    .unwrap();
    assert_eq!(g.st.g.vp, [0, 25]);
    assert_eq!(g.st.g.morale, [1, 5]);
    // Austria's VPs pull Prussia's morale down again: 1 VP is a whole increment
    g.st.g.step = Step::Reinforce(Side::Prussia);
    g.apply(&SdCommand::AnnounceGhq).unwrap();
    let a = g.st.g.vp[0];
    assert!(a >= 1);
    let expect_p = (3 + 2 - a.div_ceil(20) as i32).clamp(1, 5) as u8;
    assert_eq!(g.st.g.morale[1], expect_p);
    assert!(g.st.g.morale[1] < 5);
}

/// A position at the end of `turn`'s Reinforcement Phase (Austria to finish) with these VPs.
fn at_recovery(turn: u8, vp: [u32; 2]) -> G {
    let mut g = empty_game(turn);
    g.st.g.vp = vp;
    put(&mut g, "p-vii", hex("2303"));
    put(&mut g, "a-ii", hex("3305"));
    to_reinforcements(&mut g);
    g.apply(&SdCommand::Done).unwrap();
    g
}

// rule 4.7: from turn 10 the side with fewer VPs may ask for an armistice; the Armistice
// Table's die shifts the victory level; the game ends.
#[test]
fn armistice_from_turn_10() {
    // turn 9: no armistice phase
    let mut g = at_recovery(9, [0, 15]);
    g.apply(&SdCommand::Done).unwrap();
    assert!(!matches!(g.st.g.step, Step::Armistice(_)));
    assert_eq!(g.st.g.turn, 10);
    // equal VPs: nobody has fewer
    let mut g = at_recovery(10, [7, 7]);
    g.apply(&SdCommand::Done).unwrap();
    assert!(!matches!(g.st.g.step, Step::Armistice(_)));
    // turn 10, Austria behind: it may ask; a 6 on the table
    let mut g = at_recovery(10, [0, 15]);
    g.apply(&SdCommand::Done).unwrap();
    assert_eq!(g.st.g.step, Step::Armistice(Side::Austria));
    let current = g.rules.charts.victory_level(15, 0);
    let after = g.rules.charts.armistice(6, current, Side::Austria);
    assert_ne!(current, after, "the table moves the level on a 6");
    g.dice.script([6]);
    g.apply(&SdCommand::Armistice(true)).unwrap();
    assert_eq!(g.st.g.step, Step::GameOver);
    assert!(g.st.g.result.contains(after.name()), "{}", g.st.g.result);
    assert_eq!(g.st.g.winner, after.winner());
    // playing on: the next turn
    let mut g = at_recovery(10, [0, 15]);
    g.apply(&SdCommand::Done).unwrap();
    g.apply(&SdCommand::Armistice(false)).unwrap();
    assert_eq!(g.st.g.turn, 11);
    assert!(!g.over());
}

// rule 14.1: at the end of the last turn the VPs give the victory level, named in the
// result.
#[test]
fn victory_level_at_the_end_of_the_last_turn() {
    let probe = empty_game(1);
    let last = probe.rules.charts.turn_count();
    for (vp, want) in [([0, 35], 0usize), ([40, 0], 1), ([5, 5], 2)] {
        let mut g = at_recovery(last, vp);
        g.apply(&SdCommand::Done).unwrap();
        if matches!(g.st.g.step, Step::Armistice(_)) {
            g.apply(&SdCommand::Armistice(false)).unwrap();
        }
        assert_eq!(g.st.g.step, Step::GameOver);
        let level = g.rules.charts.victory_level(vp[1], vp[0]);
        assert!(g.st.g.result.contains(level.name()), "{}", g.st.g.result);
        assert_eq!(g.st.g.winner, level.winner());
        match want {
            0 => assert_eq!(g.st.g.winner, Some(Side::Prussia)),
            1 => assert_eq!(g.st.g.winner, Some(Side::Austria)),
            _ => assert_eq!(g.st.g.winner, None),
        }
        assert_eq!(g.st.g.turn, last);
    }
}
