//! The Sadowa Campaign: stacking (3.1) at the end of an Operations Phase: the units over
//! the limit surrender, and the opposing player chooses which, one at a time, through
//! commands; their CF is assessed as Loss Points (7.4, 14.0).

use crate::sd_supply::*;
use feldzug::engine::hexmap::Coord;
use feldzug::engine::side::Side;
use feldzug::games::sadowa::data::UnitId;
use feldzug::games::sadowa::state::*;

/// Five Prussian corps in one hex at the end of an operation (Prussia had the
/// initiative), an Austrian corps far away; initiative dice 2 (Austria), 5 (Prussia).
fn five_in_a_hex() -> (G, Vec<UnitId>) {
    let mut g = empty_game(rules(), 3, &[2, 5]);
    let x = Coord::new(20, 3);
    let ids: Vec<UnitId> = ["p-ii", "p-iii", "p-vi", "p-vii", "p-guard"]
        .into_iter()
        .map(|n| put(&mut g, n, x))
        .collect();
    put(&mut g, "a-i", Coord::new(30, 15));
    g.st.g.step = Step::Attack;
    (g, ids)
}

fn surrender(unit: UnitId) -> SdCommand {
    SdCommand::Surrender { unit }
}

fn to_act(g: &G) -> Option<Side> {
    feldzug::engine::step::to_act::<feldzug::games::sadowa::Sadowa>(&g.rules, &g.st)
}

// rule 3.1: over the stacking limit at the end of an Operations Phase: the OPPOSING
// player chooses the excess units, any of those in the over-stacked hex (here the
// weakest); the legal commands are exactly those units; the chosen one's CF is assessed
// as Loss Points (7.4) and gives the enemy its VPs (14.0); the flow then goes on to the
// next initiative roll as before.
#[test]
fn the_opponent_chooses_the_excess_unit_that_surrenders() {
    let (mut g, ids) = five_in_a_hex();
    g.apply(&SdCommand::EndOperation).unwrap();
    assert_eq!(
        to_act(&g),
        Some(Side::Austria),
        "rule 3.1: the opposing player"
    );
    let mut legal = g.legal();
    legal.sort_by_key(|c| format!("{c:?}"));
    let mut want: Vec<SdCommand> = ids.iter().map(|&u| surrender(u)).collect();
    want.sort_by_key(|c| format!("{c:?}"));
    assert_eq!(legal, want, "exactly the units of the over-stacked hex");
    assert!(
        ids.iter().all(|&u| g.st.units[u as usize].gone.is_none()),
        "nothing surrenders before the choice"
    );
    // the weakest: VII Corps, CF 7
    let weakest = *ids
        .iter()
        .min_by_key(|&&u| g.rules.units[u as usize].cf)
        .unwrap();
    let cf = g.rules.units[weakest as usize].cf;
    let strongest_cf = ids
        .iter()
        .map(|&u| g.rules.units[u as usize].cf)
        .max()
        .unwrap();
    assert!(cf < strongest_cf);
    g.apply(&surrender(weakest)).unwrap();
    assert_eq!(g.st.units[weakest as usize].gone, Some(Fate::Eliminated));
    let left = ids
        .iter()
        .filter(|&&u| g.st.units[u as usize].gone.is_none())
        .count();
    assert_eq!(left, 4);
    assert_eq!(g.st.g.lp[Side::Prussia.idx()], cf, "rule 7.4: its CF in LP");
    assert_eq!(g.st.g.vp[Side::Austria.idx()], cf, "rule 14.0: 1 VP per LP");
    // the stack is legal: the next initiative roll (Austria 2, Prussia 5), modified by
    // the morale the new VPs give (12.2)
    assert!(g.st.g.pending.is_empty());
    assert_eq!(g.st.g.step, Step::Activate);
    assert_eq!(g.st.g.initiative, Some(Side::Prussia));
    assert_eq!(g.st.g.passes, 0);
}

// rule 3.1: the choice is only among the excess units' hex: a unit of the choosing
// side, a unit of the over-stacked side elsewhere, or any other command are refused
// citing 3.1.
#[test]
fn surrender_refused_outside_the_overstacked_hex() {
    let (mut g, ids) = five_in_a_hex();
    let elsewhere = put(&mut g, "p-i", Coord::new(12, 3));
    g.apply(&SdCommand::EndOperation).unwrap();
    let austrian = id(&g.rules, "a-i");
    for cmd in [
        surrender(austrian),
        surrender(elsewhere),
        SdCommand::Pass,
        SdCommand::EndOperation,
    ] {
        let r = g.apply(&cmd).expect_err("refused");
        assert_eq!(r.rule, "3.1", "{cmd:?}: {r}");
    }
    assert!(
        ids.iter()
            .chain([&elsewhere, &austrian])
            .all(|&u| g.st.units[u as usize].gone.is_none())
    );
    assert_eq!(g.st.g.lp, [0, 0]);
}

// rule 3.1: six units: two surrender, chosen one at a time; the choice stays with the
// opposing player until the stack is legal.
#[test]
fn six_in_a_hex_surrender_two_one_at_a_time() {
    let (mut g, mut ids) = five_in_a_hex();
    ids.push(put(&mut g, "p-i", Coord::new(20, 3)));
    g.apply(&SdCommand::EndOperation).unwrap();
    g.apply(&surrender(ids[0])).unwrap();
    assert_eq!(to_act(&g), Some(Side::Austria));
    assert_eq!(g.legal().len(), 5, "the five left in the hex");
    assert!(g.apply(&surrender(ids[0])).is_err(), "already gone");
    g.apply(&surrender(ids[5])).unwrap();
    let cf = g.rules.units[ids[0] as usize].cf + g.rules.units[ids[5] as usize].cf;
    assert_eq!(g.st.g.lp[Side::Prussia.idx()], cf);
    assert_eq!(g.st.g.step, Step::Activate);
    assert!(g.st.g.pending.is_empty());
}
