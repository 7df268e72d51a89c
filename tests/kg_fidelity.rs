//! Königgrätz rule cases found by the fidelity audit, each driven through commands.

use super::kg_rules::{board, c, game_at, play_until, side_line};
use feldzug::engine::hexmap::SideKind;
use feldzug::games::koniggratz::PureGame;
use feldzug::games::koniggratz::combat;
use feldzug::games::koniggratz::data::*;
use feldzug::games::koniggratz::state::*;

/// Declares `attacker` on `defender` with the given dice, both sides without artillery.
fn attack(g: &mut PureGame, attacker: UnitId, defender: UnitId, dice: &[u8]) {
    g.dice.script(dice.iter().copied());
    g.apply(&KgCommand::Attack { attacker, defender }).unwrap();
    g.apply(&KgCommand::Artillery { support: false }).unwrap();
    g.apply(&KgCommand::Artillery { support: false }).unwrap();
}

/// The attack and defence totals of the last attack.
fn totals(g: &PureGame) -> (i32, i32) {
    let n = g.dice.rolls.len();
    (g.dice.rolls[n - 2].total, g.dice.rolls[n - 1].total)
}

#[test]
fn rule_3_9_2_across_a_bridge_only_units_on_the_enemys_side_assist() {
    // rule 3.9.2: 0606 attacks 0706 across the bridge over a minor river. The infantry on
    // 0605 is across the river from the defender: no flank support. The infantry on 0707
    // stands on the defender's side: +1 (3.4.2).
    let r = side_line(board(12, 12), SideKind::MinorRiver, true)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0706", 0)
        .unit("p2", Side::Prussia, Kind::Infantry, "0605", 0)
        .unit("p3", Side::Prussia, Kind::Infantry, "0707", 0)
        .rules();
    let mut g = game_at(r, Step::Attack, Side::Prussia);
    let (am, _) = combat::modifiers(&g.rules, &g.st, 0, 1);
    let flank: i32 = am
        .iter()
        .filter(|d| d.rule == "3.4.2")
        .map(|d| d.value)
        .sum();
    assert_eq!(flank, 1, "{am:?}");
    attack(&mut g, 0, 1, &[4, 1]);
    // 4 - 2 (bridge) + 1 (flank from 0707) = 3 against 1
    assert_eq!(totals(&g), (3, 1));
}

#[test]
fn rule_3_9_2_across_a_bridge_cavalry_behind_the_river_neither_assists_nor_tires() {
    // rule 3.9.2 with 6.2 and 4.3f: fresh Prussian cavalry on 0605 is across the minor
    // river from the defender on 0706: no +1 and it is not exhausted by the attack.
    let r = side_line(board(12, 12), SideKind::MinorRiver, true)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0706", 0)
        .unit("pc", Side::Prussia, Kind::Cavalry, "0605", 0)
        .rules();
    let mut g = game_at(r, Step::Attack, Side::Prussia);
    attack(&mut g, 0, 1, &[4, 4]);
    assert_eq!(totals(&g), (2, 4), "only the -2 of the bridge");
    assert!(!g.st.units[2].exhausted, "gave no DRM: stays fresh");
}

#[test]
fn rule_3_9_7_a_wooded_town_gives_the_town_plus_two_only() {
    // rule 3.9.7 with the TEC (our reading, docs/games/koniggratz.md): a town hex gives
    // the defender +2; woods in the same hex add nothing more (the chart defers to the
    // other terrain for movement only).
    let r = board(12, 12)
        .terrain("0605", 'W')
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0605", 0)
        .rules();
    let mut g = game_at(r, Step::Attack, Side::Prussia);
    attack(&mut g, 0, 1, &[3, 3]);
    assert_eq!(totals(&g), (3, 5));
}

#[test]
fn rule_3_2_1_battle_mode_hq_helps_only_its_own_command() {
    // rule 3.2.1 (our reading, docs/games/koniggratz.md): an HQ in Battle mode gives its
    // ER to units of its own command within its range; another army's unit in that range
    // gets nothing.
    let b = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0605", 0)
        .unit("q", Side::Prussia, Kind::Infantry, "0609", 0)
        .unit("a2", Side::Austria, Kind::Infantry, "0610", 0);
    let r = b.rules();
    let mut rr = (*r).clone();
    let mut other = rr.hqs[1].clone();
    other.id = "q".into();
    other.armies = vec!["other".into()];
    rr.hqs.push(other);
    rr.unit_hq[2] = Some(2); // unit q belongs to the HQ that is not on the map
    let r = std::sync::Arc::new(rr);
    let mut g = game_at(r, Step::Attack, Side::Prussia);
    g.st.hqs.push(HqState::default());
    g.st.hqs[1].at = Some(c("0607"));
    g.st.hqs[1].battle = true;
    g.st.hqs[1].placed = true;
    attack(&mut g, 0, 1, &[3, 4]);
    assert_eq!(totals(&g), (4, 4), "own command: +1");
    g.st.g.to_move = Side::Prussia;
    attack(&mut g, 2, 3, &[3, 3]);
    assert_eq!(totals(&g), (3, 3), "another army's unit: no HQ DRM");
}

#[test]
fn rule_6_2_blown_cavalry_returns_fresh() {
    // rule 6.2 with 4.0a/4.0c: exhausted cavalry recovers at the start of a turn unless it
    // is in an EZOC or EZOI; a blown unit is in neither and returns to a hex outside both,
    // so it comes back Fresh.
    let r = board(16, 16)
        .unit("p", Side::Prussia, Kind::Infantry, "0808", 0)
        .unit("a1", Side::Austria, Kind::Infantry, "0103", 0)
        .unit("ac", Side::Austria, Kind::Cavalry, "0104", 0)
        .rules();
    let mut g = PureGame::new(r, 1);
    g.st.units[2].loc = Loc::Blown(1);
    g.st.units[2].exhausted = true;
    play_until(&mut g, |g| g.st.g.step == Step::BlownReturn(Side::Austria));
    let ret = g
        .legal()
        .into_iter()
        .find(|c| matches!(c, KgCommand::ReturnBlown { unit: 2, .. }))
        .expect("offered");
    g.apply(&ret).unwrap();
    assert!(matches!(g.st.units[2].loc, Loc::Map(_)));
    assert!(!g.st.units[2].exhausted, "returns Fresh");
}

fn mv(unit: UnitId, to: &str) -> KgCommand {
    KgCommand::Move { unit, to: c(to) }
}

#[test]
fn rule_4_0e_ii_a_march_unit_in_an_ezoc_or_ezoi_is_flipped_to_battle() {
    // rule 4.0e-ii: when organisation begins, March infantry in an EZOI (p, two hexes from
    // the Austrian) or an EZOC (q) is flipped to Battle; March infantry elsewhere (s) stays.
    let r = board(16, 16)
        .unit("p", Side::Prussia, Kind::Infantry, "0808", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0810", 0)
        .unit("q", Side::Prussia, Kind::Infantry, "1212", 0)
        .unit("a2", Side::Austria, Kind::Infantry, "1211", 0)
        .unit("s", Side::Prussia, Kind::Infantry, "0303", 0)
        .rules();
    let mut g = game_at(r, Step::Bombardment, Side::Austria);
    for u in [0, 2, 4] {
        g.st.units[u].march = true;
    }
    g.dice.script([1]);
    g.apply(&KgCommand::PlaceBombardment { at: c("1515") })
        .unwrap();
    assert!(!g.st.units[0].march, "in an EZOI: Battle");
    assert!(!g.st.units[2].march, "in an EZOC: Battle");
    assert!(g.st.units[4].march, "outside both: stays in March");
}

#[test]
fn rule_4_2f_the_cap_runs_down_and_ends_the_movement_phase() {
    // rule 4.2f: Prussia passes; Austria's cap is die 1 + 1 unit not in an EZOC = 2.
    // After two moves the Movement Phase ends.
    let r = board(16, 16)
        .unit("p", Side::Prussia, Kind::Infantry, "0202", 0)
        .unit("a", Side::Austria, Kind::Infantry, "1515", 0)
        .rules();
    let mut g = game_at(r, Step::Movement, Side::Prussia);
    g.dice.script([1]);
    g.apply(&KgCommand::Pass).unwrap();
    assert_eq!(g.st.g.cap, Some(2));
    g.apply(&mv(1, "1514")).unwrap();
    assert_eq!(g.st.g.step, Step::Movement);
    assert_eq!(g.st.g.to_move, Side::Austria);
    g.apply(&mv(1, "1513")).unwrap();
    assert_eq!(g.st.g.step, Step::Attack, "the cap is reached");
}

#[test]
fn rule_4_3_5_the_cap_runs_down_and_ends_the_attack_phase() {
    // rule 4.3.5: Prussia passes; Austria's die of 1 allows one attack, after which the
    // Attack Phase (and with it the turn, 5.0) ends.
    let r = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0605", 0)
        .rules();
    let mut g = game_at(r, Step::Attack, Side::Prussia);
    g.dice.script([1]);
    g.apply(&KgCommand::Pass).unwrap();
    assert_eq!(g.st.g.cap, Some(1));
    assert_eq!(g.st.g.to_move, Side::Austria);
    attack(&mut g, 1, 0, &[3, 3]);
    assert_eq!(g.st.g.turn, 2, "{:?}", g.st.g);
    assert_ne!(g.st.g.step, Step::Attack);
}

#[test]
fn rule_3_7_a_retreat_forced_into_an_ezoc_blows_the_unit() {
    // rule 3.7 / 4.3.1: the loser on 0605 must get farther from 0606: 0604, 0505 and 0705
    // are all in the ZOC of the Prussians on 0504 and 0704: Blown.
    let r = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0605", 0)
        .unit("p2", Side::Prussia, Kind::Infantry, "0504", 0)
        .unit("p3", Side::Prussia, Kind::Infantry, "0704", 0)
        .rules();
    let mut g = game_at(r, Step::Attack, Side::Prussia);
    attack(&mut g, 0, 1, &[3, 1]);
    assert_eq!(totals(&g), (3, 1), "a retreat result");
    assert_eq!(g.st.units[1].loc, Loc::Blown(3));
}

#[test]
fn rule_3_9_6_a_retreat_forced_across_a_major_river_blows_the_unit() {
    // rule 3.9.6: the loser on 0706 can get farther from 0806 only across the major river
    // (0705 is held by a friend): Blown. With a bridge at 0606/0706 it retreats across.
    for bridge in [false, true] {
        let r = side_line(board(12, 12), SideKind::MajorRiver, bridge)
            .unit("p", Side::Prussia, Kind::Infantry, "0806", 0)
            .unit("a", Side::Austria, Kind::Infantry, "0706", 0)
            .unit("f", Side::Austria, Kind::Infantry, "0705", 0)
            .rules();
        let mut g = game_at(r, Step::Attack, Side::Prussia);
        attack(&mut g, 0, 1, &[3, 1]);
        if let Some(KgCommand::Retreat { to }) = g.legal().first().cloned() {
            g.apply(&KgCommand::Retreat { to }).unwrap();
        }
        if bridge {
            assert!(
                matches!(g.st.units[1].loc, Loc::Map(h) if h.col <= 6),
                "{:?}",
                g.st.units[1].loc
            );
        } else {
            assert_eq!(g.st.units[1].loc, Loc::Blown(3));
        }
    }
}

#[test]
fn rule_3_9_1_and_3_9_6_swamp_and_major_river_block_zoi() {
    // rule 3.9.1, 3.9.6 (3.9.5 as the control): March infantry moves from 0603 to 0605,
    // two hexes from the Austrian on 0707 across the line. Across a swamp or a major river
    // that is not in its EZOI: it stays in March and may move on. Across a minor river the
    // zone passes (3.9.5): it flips to Battle.
    for kind in [SideKind::Swamp, SideKind::MajorRiver, SideKind::MinorRiver] {
        let r = side_line(board(12, 12), kind, false)
            .unit("p", Side::Prussia, Kind::Infantry, "0603", 0)
            .unit("a", Side::Austria, Kind::Infantry, "0707", 0)
            .rules();
        let mut g = game_at(r, Step::Movement, Side::Prussia);
        g.st.units[0].march = true;
        g.apply(&mv(0, "0605")).unwrap();
        let blocked = kind != SideKind::MinorRiver;
        assert_eq!(g.st.units[0].march, blocked, "{kind:?}");
    }
}

#[test]
fn rule_4_0c_return_hexes_avoid_ezoc_and_ezoi_and_prussia_returns_first() {
    // rule 4.0c: both sides have a blown unit due; Prussia returns first, on an empty hex
    // next to its HQ (0808) that is neither in an EZOC nor an EZOI of the Austrian on 0810.
    let r = board(16, 16)
        .unit("p", Side::Prussia, Kind::Infantry, "0805", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0810", 0)
        .unit("pb", Side::Prussia, Kind::Infantry, "0101", 0)
        .unit("ab", Side::Austria, Kind::Infantry, "1616", 0)
        .rules();
    let mut g = PureGame::new(r, 1);
    g.st.units[2].loc = Loc::Blown(1);
    g.st.units[3].loc = Loc::Blown(1);
    g.apply(&KgCommand::PlaceHq {
        hq: 1,
        at: c("0808"),
        battle: false,
    })
    .unwrap();
    g.apply(&KgCommand::PlaceHq {
        hq: 0,
        at: c("0812"),
        battle: false,
    })
    .unwrap();
    assert_eq!(g.st.g.step, Step::BlownReturn(Side::Prussia));
    let ats: Vec<_> = g
        .legal()
        .into_iter()
        .filter_map(|cmd| match cmd {
            KgCommand::ReturnBlown { unit: 2, at } => Some(at),
            _ => None,
        })
        .collect();
    assert!(ats.contains(&c("0807")), "{ats:?}");
    assert!(!ats.contains(&c("0809")), "in the EZOC (and EZOI)");
    assert!(
        ats.iter()
            .all(|h| h.distance(c("0808")) == 1 && h.distance(c("0810")) > 2),
        "{ats:?}"
    );
    assert!(ats.len() < 6, "some hexes next to the HQ are refused");
    g.apply(&KgCommand::ReturnBlown {
        unit: 2,
        at: c("0807"),
    })
    .unwrap();
    assert_eq!(g.st.g.step, Step::BlownReturn(Side::Austria));
}

#[test]
fn rule_4_2a_blocked_reinforcements_wait_off_map() {
    // rule 4.2a: the entry hex 0110 is held by a Prussian unit: the reinforcement cannot
    // enter and waits off map (not lost), across turns, until the hex is free.
    let mut b = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0110", 0)
        .unit("a", Side::Austria, Kind::Infantry, "1212", 0)
        .reinforcement("r", Side::Prussia, 0, 1, 'A');
    b.entries = vec![('A', c("0110"))];
    let mut g = game_at(b.rules(), Step::Movement, Side::Prussia);
    let legal = g.legal();
    assert!(
        !legal
            .iter()
            .any(|cmd| matches!(cmd, KgCommand::Move { unit: 2, .. })),
        "{legal:?}"
    );
    assert!(legal.contains(&KgCommand::Pass), "{legal:?}");
    play_until(&mut g, |g| {
        g.st.g.turn == 2 && g.st.g.step == Step::Movement && g.st.g.to_move == Side::Prussia
    });
    assert_eq!(g.st.units[2].loc, Loc::Off, "kept off map");
    g.apply(&mv(0, "0210")).unwrap();
    g.apply(&KgCommand::Pass).unwrap();
    assert!(g.legal().contains(&mv(2, "0110")), "{:?}", g.legal());
    g.apply(&mv(2, "0110")).unwrap();
    assert_eq!(g.st.units[2].loc, Loc::Map(c("0110")));
}

#[test]
fn rule_4_2c_a_march_unit_leaving_an_ezoi_stays_in_march() {
    // rule 4.2c: March infantry on 0606 starts in the EZOI of the Austrian on 0604. Its
    // first hex 0607 is outside: it stays in March and goes on to 0609. If its first hex
    // is in the EZOI (0506) it flips to Battle and stops.
    let r = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0604", 0)
        .rules();
    let mut g = game_at(r, Step::Movement, Side::Prussia);
    g.st.units[0].march = true;
    let mut g2 = g.clone();
    g.apply(&mv(0, "0609")).unwrap();
    assert!(g.st.units[0].march);
    g2.apply(&mv(0, "0506")).unwrap();
    assert!(!g2.st.units[0].march);
    assert!(g2.apply(&mv(0, "0407")).is_err(), "it is stopped");
}

#[test]
fn rule_4_2c_a_stationary_march_unit_flips_when_an_ezoc_reaches_it() {
    // rule 4.2c: "Units in March Formation in an EZOC must immediately flip": Austrian fresh
    // cavalry rides up next to the Prussian March infantry on 0606, which flips to Battle.
    let r = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("ac", Side::Austria, Kind::Cavalry, "0610", 0)
        .rules();
    let mut g = game_at(r, Step::Movement, Side::Austria);
    g.st.units[0].march = true;
    g.apply(&mv(1, "0607")).unwrap();
    assert!(!g.st.units[0].march);
}

#[test]
fn rule_4_3f_defending_cavalry_is_not_exhausted() {
    // rule 4.3f: the attacking cavalry is exhausted; the defending cavalry is not.
    let r = board(12, 12)
        .unit("pc", Side::Prussia, Kind::Cavalry, "0606", 0)
        .unit("ac", Side::Austria, Kind::Cavalry, "0605", 0)
        .rules();
    let mut g = game_at(r, Step::Attack, Side::Prussia);
    g.dice.script([3, 3]);
    g.apply(&KgCommand::Attack {
        attacker: 0,
        defender: 1,
    })
    .unwrap();
    assert_eq!(totals_len(&g), 2, "no artillery choice for cavalry (6.2)");
    assert!(g.st.units[0].exhausted);
    assert!(!g.st.units[1].exhausted);
}

fn totals_len(g: &PureGame) -> usize {
    g.dice.rolls.len()
}

#[test]
fn rule_4_3_1_a_retreat_beyond_hq_range_blows_the_unit() {
    // rule 4.3.1: the Austrian on 0605 is 2 hexes from its HQ on 0607 (Battle, range 3).
    // Every 3-hex retreat away from 0606 ends beyond the range: Blown.
    let r = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0605", 0)
        .rules();
    let mut g = game_at(r, Step::Attack, Side::Prussia);
    let mut free = g.clone();
    g.st.hqs[0] = HqState {
        at: Some(c("0607")),
        battle: true,
        placed: true,
    };
    // 4 against 1 + 1 (HQ) = retreat
    attack(&mut g, 0, 1, &[4, 1]);
    assert_eq!(totals(&g), (4, 2));
    assert_eq!(g.st.units[1].loc, Loc::Blown(3));
    // without the HQ the same result is a retreat
    attack(&mut free, 0, 1, &[3, 1]);
    if let Some(KgCommand::Retreat { to }) = free.legal().first().cloned() {
        free.apply(&KgCommand::Retreat { to }).unwrap();
    }
    assert!(matches!(free.st.units[1].loc, Loc::Map(_)));
}

#[test]
fn rule_6_3_advancing_into_the_bombardment_hex_is_fired_on() {
    // rule 6.3: "Any Prussian unit that enters this hex during the upcoming turn is
    // attacked": the Prussian eliminates the Austrian on the bombardment hex 0605, advances
    // after combat (4.3.2) into it and is fired on; a 6 blows it.
    let r = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0605", 0)
        .rules();
    let mut g = game_at(r, Step::Attack, Side::Prussia);
    g.st.g.bombard = Some(c("0605"));
    attack(&mut g, 0, 1, &[6, 1, 6]);
    assert_eq!(g.st.units[1].loc, Loc::Eliminated);
    assert_eq!(g.dice.rolls.last().unwrap().rule, "6.3");
    assert_eq!(g.st.units[0].loc, Loc::Blown(3));
}

#[test]
fn rule_3_2_1_command_range_is_counted_through_enemy_units_and_zoc() {
    // rule 3.2.1: "Command Range may be traced through enemy units, their ZOI and ZOC".
    // The HQ on 0603 (Battle, range 3) is 3 hexes from the Prussian on 0606; the straight
    // line runs through the Austrian on 0605 and its ZOC. The HQ's +1 still applies.
    let r = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0605", 0)
        .unit("a2", Side::Austria, Kind::Infantry, "0504", 0)
        .unit("a3", Side::Austria, Kind::Infantry, "0704", 0)
        .rules();
    let mut g = game_at(r, Step::Attack, Side::Prussia);
    g.st.hqs[1] = HqState {
        at: Some(c("0603")),
        battle: true,
        placed: true,
    };
    attack(&mut g, 0, 1, &[3, 4]);
    assert_eq!(totals(&g), (4, 4), "+1 from the HQ");
}
