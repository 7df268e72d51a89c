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
