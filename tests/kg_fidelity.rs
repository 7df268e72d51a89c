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
