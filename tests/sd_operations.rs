//! The Sadowa Campaign: movement, ZOC, stacking and the initiative/activation loop
//! (3.1-3.3, 4.2-4.3, 6.1-6.2, 6.4, 6.5.1, 7.1-7.2, 7.5, 14.0 exits), driven through
//! commands with scripted dice.

use crate::sd_supply::*;
use feldzug::engine::game::RulesGame;
use feldzug::engine::hexmap::{Coord, Dir, SideKind};
use feldzug::engine::side::Side;
use feldzug::games::sadowa::Sadowa;
use feldzug::games::sadowa::data::UnitId;
use feldzug::games::sadowa::flow;
use feldzug::games::sadowa::movement;
use feldzug::games::sadowa::state::*;

fn mv(u: UnitId, to: Coord) -> SdCommand {
    SdCommand::Move { unit: u, to }
}

fn reach_max(g: &G, u: UnitId) -> u32 {
    let from = g.st.units[u as usize].hex.unwrap();
    g.legal()
        .iter()
        .filter_map(|c| match c {
            SdCommand::Move { unit, to } if *unit == u => Some(from.distance(*to)),
            _ => None,
        })
        .max()
        .unwrap_or(0)
}

fn refused_case(g: &mut G, cmd: &SdCommand) -> String {
    let e = g.apply(cmd).expect_err("refused");
    format!("{e:?}")
}

/// A position with both sides holding Uncommitted units far apart; Prussia to act.
fn two_sided(turn: u8, dice: &[u8]) -> G {
    let mut g = empty_game(rules(), turn, dice);
    put(&mut g, "p-i", Coord::new(5, 3));
    put(&mut g, "a-i", Coord::new(30, 15));
    g
}

// rule 4.2.1: turn 1: Prussia automatically has the first Operations Phase with 1d6 IP;
// Austria the second with 1 IP (odd die) or 2 (even); then the normal rolls (4.2).
#[test]
fn turn_one_end_to_end() {
    // dice: Prussian IP 4; Austrian 3 (odd: 1 IP); normal roll Austria 2, Prussia 5
    let mut g = G::new_scripted(rules(), 5, &[4, 3, 2, 5]);
    for cmd in [
        SdCommand::PlaceRest,
        SdCommand::EndSetup,
        SdCommand::PlaceRest,
        SdCommand::EndSetup,
    ] {
        g.apply(&cmd).unwrap();
    }
    assert_eq!(g.st.g.step, Step::Activate);
    assert_eq!(g.st.g.initiative, Some(Side::Prussia));
    assert_eq!(g.st.g.ip, 4, "Prussia's turn-1 IP = the die");
    let hq = id(&g.rules, "p-hq-2");
    let corps = id(&g.rules, "p-i");
    let cv = g.rules.units[hq as usize].cv as u8;
    g.apply(&SdCommand::ActivateHq { hq }).unwrap();
    assert_eq!(g.st.g.ip, 4 - cv, "rule 4.3: an HQ costs its CV");
    g.apply(&SdCommand::Join { unit: corps }).unwrap();
    assert_eq!(g.st.g.ip, 4 - cv, "rule 4.3: joining the HQ is free");
    let from = g.st.units[corps as usize].hex.unwrap();
    let to = Coord::new(from.col, from.row + 3);
    g.apply(&mv(corps, to)).unwrap();
    g.apply(&SdCommand::EndMovement).unwrap();
    assert_eq!(g.st.g.step, Step::Attack);
    g.apply(&SdCommand::EndOperation).unwrap();
    assert!(g.st.units[corps as usize].committed, "rule 4.3: flipped");
    assert!(g.st.units[hq as usize].committed);
    // second Operations Phase of turn 1: Austria, odd die -> 1 IP
    assert_eq!(g.st.g.initiative, Some(Side::Austria));
    assert_eq!(g.st.g.ip, 1);
    let single = g
        .legal()
        .into_iter()
        .find(|c| matches!(c, SdCommand::ActivateUnit { .. }));
    if let Some(cmd) = single {
        g.apply(&cmd).unwrap();
        assert_eq!(g.st.g.ip, 0);
        g.apply(&SdCommand::EndMovement).unwrap();
        g.apply(&SdCommand::EndOperation).unwrap();
    } else {
        // on the stub map every Austrian set-up hex is out of supply (5.3: Committed)
        g.apply(&SdCommand::Pass).unwrap();
    }
    // then a normal initiative roll: Austria 2, Prussia 5 -> Prussia 3 IP; or, with
    // nothing Austrian Uncommitted, Prussia's unmodified die (2)
    assert_eq!(g.st.g.initiative, Some(Side::Prussia));
    let austria_can = flow::has_uncommitted(&g.rules, &g.st, Side::Austria);
    assert_eq!(g.st.g.ip, if austria_can { 3 } else { 2 });
}

// rule 4.2.1: an even die gives Austria 2 IP in its turn-1 Operations Phase.
#[test]
fn turn_one_austria_even_die_two_ip() {
    let mut g = G::new_scripted(rules(), 5, &[1, 6]);
    for cmd in [
        SdCommand::PlaceRest,
        SdCommand::EndSetup,
        SdCommand::PlaceRest,
        SdCommand::EndSetup,
        SdCommand::Pass,
    ] {
        g.apply(&cmd).unwrap();
    }
    assert_eq!(g.st.g.initiative, Some(Side::Austria));
    assert_eq!(g.st.g.ip, 2);
}

// rule 6.5.2, 4.2: the GHQ's initiative bonus is the number of the charts file (the one
// the charts panel shows): changed in the loaded rules, the roll's modifier and the
// outcome change with it.
#[test]
fn ghq_initiative_bonus_is_read_from_the_charts() {
    // (bonus, side with the initiative, IP): Austria rolls 5, Prussia 3 + bonus
    for (bonus, side, ip) in [(1, Side::Austria, 1), (3, Side::Prussia, 1)] {
        let mut r = (*rules()).clone();
        r.charts.ghq_initiative_drm = bonus;
        let mut g = empty_game(std::sync::Arc::new(r), 3, &[5, 3]);
        put(&mut g, "p-i", Coord::new(5, 3));
        put(&mut g, "p-ghq", Coord::new(6, 3));
        put(&mut g, "a-i", Coord::new(30, 15));
        g.apply(&SdCommand::Pass).unwrap();
        let roll = g
            .dice
            .rolls
            .iter()
            .rfind(|r| r.purpose == "Prussian initiative")
            .expect("a Prussian initiative roll");
        assert_eq!(
            roll.modifiers,
            vec![("GHQ on the map and supplied (6.5.2)".to_string(), bonus)]
        );
        assert_eq!(roll.total, 3 + bonus);
        assert_eq!(g.st.g.initiative, Some(side), "bonus {bonus}");
        assert_eq!(g.st.g.ip, ip, "bonus {bonus}");
    }
}

// rule 4.2: ties are rolled again; the winner gets the difference.
#[test]
fn initiative_tie_rerolls() {
    let mut g = two_sided(3, &[4, 4, 2, 5]);
    g.apply(&SdCommand::Pass).unwrap();
    assert_eq!(g.st.g.initiative, Some(Side::Prussia));
    assert_eq!(g.st.g.ip, 3);
}

// rule 4.2: the IPs are the difference of the modified rolls, at most 6; the Army
// Morale Levels modify the rolls.
#[test]
fn initiative_difference_capped_at_six() {
    let mut g = two_sided(3, &[1, 6]);
    g.st.g.morale = [1, 5];
    g.apply(&SdCommand::Pass).unwrap();
    assert_eq!(g.st.g.initiative, Some(Side::Prussia));
    assert_eq!(g.st.g.ip, 6);
}

// rule 4.2, 6.5.2: +1 to the Prussian roll with the GHQ on the map and supplied.
#[test]
fn ghq_adds_one_to_initiative() {
    let mut g = two_sided(3, &[4, 4]);
    put(&mut g, "p-ghq", Coord::new(6, 2));
    g.st.g.ghq = GhqStatus::OnMap;
    g.apply(&SdCommand::Pass).unwrap();
    assert_eq!(g.st.g.initiative, Some(Side::Prussia), "4 vs 4+1");
    assert_eq!(g.st.g.ip, 1);
    // Out of Supply: no bonus (a tie, rolled again)
    let mut g = two_sided(3, &[4, 4, 5, 2]);
    let ghq = put(&mut g, "p-ghq", Coord::new(6, 2));
    g.st.g.ghq = GhqStatus::OnMap;
    g.st.units[ghq as usize].oos = true;
    g.apply(&SdCommand::Pass).unwrap();
    assert_eq!(g.st.g.initiative, Some(Side::Austria));
    assert_eq!(g.st.g.ip, 3);
}

// rule 4.2: when one side has nothing Uncommitted, the other rolls one unmodified die
// for its IPs; 4.3: when neither has, the operations end.
#[test]
fn other_side_with_nothing_uncommitted() {
    let mut g = two_sided(3, &[5]);
    g.st.g.morale = [3, 5];
    let a = id(&g.rules, "a-i");
    g.st.units[a as usize].committed = true;
    g.apply(&SdCommand::Pass).unwrap();
    assert_eq!(g.st.g.initiative, Some(Side::Prussia));
    assert_eq!(g.st.g.ip, 5, "the unmodified die");
    // neither side: the operations end (Siege Phase)
    let mut g = two_sided(3, &[]);
    for u in 0..g.st.units.len() {
        g.st.units[u].committed = true;
    }
    g.apply(&SdCommand::Pass).unwrap();
    assert!(matches!(g.st.g.step, Step::Siege(_)));
}

// rule 7.5: two passes in a row (even by the same player) end the operations; an
// operation in between restarts the count.
#[test]
fn two_passes_end_operations() {
    let mut g = two_sided(3, &[2, 5]);
    g.apply(&SdCommand::Pass).unwrap();
    assert_eq!(
        g.st.g.step,
        Step::Activate,
        "one pass: a new initiative roll"
    );
    assert_eq!(g.st.g.initiative, Some(Side::Prussia));
    g.apply(&SdCommand::Pass).unwrap();
    assert!(matches!(g.st.g.step, Step::Siege(_)), "two in a row");

    // pass, an operation, pass: not over
    let mut g = two_sided(3, &[5, 2, 2, 5]);
    g.apply(&SdCommand::Pass).unwrap();
    assert_eq!(g.st.g.initiative, Some(Side::Austria));
    let a = id(&g.rules, "a-i");
    g.apply(&SdCommand::ActivateUnit { unit: a }).unwrap();
    g.apply(&SdCommand::EndMovement).unwrap();
    g.apply(&SdCommand::EndOperation).unwrap();
    assert_eq!(g.st.g.initiative, Some(Side::Prussia));
    g.apply(&SdCommand::Pass).unwrap();
    assert_eq!(g.st.g.step, Step::Activate);
}

// rule 4.3, 6.1, 6.5.1, 7.1.1: activation costs: HQ = CV, GHQ free, a unit by itself 1
// IP Uncommitted, 3 IP Committed; Committed and Disrupted: never; units join an activated
// HQ free when stacked with or adjacent to it.
#[test]
fn activation_costs() {
    let mut g = empty_game(rules(), 3, &[]);
    let x = Coord::new(10, 3);
    let hq = put(&mut g, "p-hq-1", x);
    let near = put(&mut g, "p-ii", x.neighbor(Dir::S));
    let far = put(&mut g, "p-iii", Coord::new(10, 6));
    let committed = put(&mut g, "p-iv", Coord::new(20, 3));
    let cd = put(&mut g, "p-v", Coord::new(22, 3));
    let ghq = put(&mut g, "p-ghq", Coord::new(30, 3));
    put(&mut g, "a-i", Coord::new(30, 15));
    g.st.units[committed as usize].committed = true;
    g.st.units[cd as usize].committed = true;
    g.st.units[cd as usize].disrupted = true;
    g.st.g.ip = 2;
    // GHQ free (6.5.1)
    assert!(g.legal().contains(&SdCommand::ActivateHq { hq: ghq }));
    // Committed alone: 3 IP > 2
    assert!(refused_case(&mut g, &SdCommand::ActivateUnit { unit: committed }).contains("4.3"));
    // Committed and Disrupted: never
    assert!(!g.legal().iter().any(|c| matches!(c,
        SdCommand::ActivateUnit { unit } | SdCommand::Join { unit } if *unit == cd)));
    assert!(refused_case(&mut g, &SdCommand::ActivateUnit { unit: cd }).contains("Disrupted"));
    g.apply(&SdCommand::ActivateHq { hq }).unwrap();
    assert_eq!(g.st.g.ip, 0, "CV 2");
    g.apply(&SdCommand::Join { unit: near }).unwrap();
    assert!(refused_case(&mut g, &SdCommand::Join { unit: far }).contains("6.1"));
    g.apply(&SdCommand::ActivateHq { hq: ghq }).unwrap();
    assert_eq!(g.st.g.ip, 0);
    // 1 IP for an Uncommitted unit by itself
    let mut g = empty_game(rules(), 3, &[]);
    let u = put(&mut g, "p-ii", x);
    g.st.g.ip = 1;
    g.apply(&SdCommand::ActivateUnit { unit: u }).unwrap();
    assert_eq!(g.st.g.ip, 0);
}

// rule 7.2.1, 7.2.2: 3 MP Uncommitted, 4 the cavalry, 1 Committed (clear terrain 1 MP).
#[test]
fn movement_allowances() {
    let mut g = empty_game(rules(), 3, &[]);
    g.st.g.initiative = Some(Side::Austria);
    g.st.g.ip = 6;
    let a = put(&mut g, "a-i", Coord::new(10, 10));
    let cav = put(&mut g, "a-cav", Coord::new(20, 10));
    let com = put(&mut g, "a-ii", Coord::new(30, 10));
    g.st.units[com as usize].committed = true;
    for u in [a, cav, com] {
        g.apply(&SdCommand::ActivateUnit { unit: u }).unwrap();
    }
    assert_eq!(reach_max(&g, a), 3);
    assert_eq!(reach_max(&g, cav), 4);
    assert_eq!(reach_max(&g, com), 1);
}

// rule 7.2.3: an Uncommitted unit may always move one hex whatever the cost, except into
// a mountain or an enemy-occupied hex; not a Committed one.
#[test]
fn minimum_move() {
    let x = Coord::new(10, 10);
    let hill = x.neighbor(Dir::S); // hills 2 + major river 2 = 4 MP
    let mountain = x.neighbor(Dir::N);
    // every other neighbour hills too: no way round the river within 3 MP
    let hills: Vec<Coord> = Dir::ALL
        .into_iter()
        .map(|d| x.neighbor(d))
        .filter(|&n| n != mountain)
        .collect();
    let rules = board(
        vec![],
        vec![(x, hill, SideKind::MajorRiver)],
        &[mountain],
        &hills,
    );
    assert_eq!(movement::enter_cost(&rules, x, hill), Some(4));
    let mut g = empty_game(rules.clone(), 3, &[]);
    g.st.g.ip = 6;
    let u = put(&mut g, "p-i", x);
    g.apply(&SdCommand::ActivateUnit { unit: u }).unwrap();
    assert!(
        g.legal().contains(&mv(u, hill)),
        "one hex regardless of cost"
    );
    assert!(
        g.legal().contains(&mv(u, mountain)),
        "3 MP: within the allowance"
    );
    // a mountain that costs more than the allowance: no minimum move into it
    let rules2 = board(
        vec![],
        vec![(x, mountain, SideKind::MajorRiver)],
        &[mountain],
        &[],
    );
    let mut g2 = empty_game(rules2, 3, &[]);
    g2.st.g.ip = 6;
    let u2 = put(&mut g2, "p-i", x);
    g2.apply(&SdCommand::ActivateUnit { unit: u2 }).unwrap();
    assert!(!g2.legal().contains(&mv(u2, mountain)));
    assert!(refused_case(&mut g2, &mv(u2, mountain)).contains("7.1"));
    // enemy-occupied: never
    let mut g3 = empty_game(rules.clone(), 3, &[]);
    g3.st.g.ip = 6;
    let u3 = put(&mut g3, "p-i", x);
    put(&mut g3, "a-i", x.neighbor(Dir::NE));
    g3.apply(&SdCommand::ActivateUnit { unit: u3 }).unwrap();
    assert!(!g3.legal().contains(&mv(u3, x.neighbor(Dir::NE))));
    // Committed: 1 MP, no minimum move
    let mut g4 = empty_game(rules, 3, &[6]);
    g4.st.g.ip = 6;
    let u4 = put(&mut g4, "p-i", x);
    g4.st.units[u4 as usize].committed = true;
    g4.apply(&SdCommand::ActivateUnit { unit: u4 }).unwrap();
    assert!(!g4.legal().contains(&mv(u4, hill)));
}

// rule 3.2 (RECONSTRUCTED effect on movement): a unit entering an enemy ZOC stops; a
// river keeps the ZOC off; a unit starting in an enemy ZOC may leave it.
#[test]
fn zoc_stops_movement() {
    let x = Coord::new(10, 4);
    let enemy = Coord::new(10, 7);
    let zoc_hex = Coord::new(10, 6);
    let beyond = Coord::new(11, 6); // also adjacent to the enemy? use a hex 2 away
    let _ = beyond;
    let mut g = empty_game(rules(), 3, &[]);
    g.st.g.ip = 6;
    let u = put(&mut g, "p-i", x);
    put(&mut g, "a-i", enemy);
    g.apply(&SdCommand::ActivateUnit { unit: u }).unwrap();
    // (10,6) costs 2 and is in the ZOC: enterable, but nothing past it through it
    assert!(g.legal().contains(&mv(u, zoc_hex)));
    g.apply(&mv(u, zoc_hex)).unwrap();
    assert!(
        g.st.units[u as usize].done,
        "entering the ZOC ends the move"
    );
    assert!(refused_case(&mut g, &mv(u, Coord::new(10, 5))).contains("7.1"));

    // the river along the enemy's north hexside keeps its ZOC out of (10,6)
    let rules = rules_with(vec![], vec![(enemy, zoc_hex)], &[]);
    let mut g = empty_game(rules, 3, &[]);
    g.st.g.ip = 6;
    let u = put(&mut g, "p-i", x);
    put(&mut g, "a-i", enemy);
    g.apply(&SdCommand::ActivateUnit { unit: u }).unwrap();
    g.apply(&mv(u, zoc_hex)).unwrap();
    assert!(
        !g.st.units[u as usize].done,
        "no ZOC across the river: goes on"
    );

    // starting in the ZOC: may leave
    let mut g = empty_game(rules_with(vec![], vec![], &[]), 3, &[]);
    g.st.g.ip = 6;
    let u = put(&mut g, "p-i", zoc_hex);
    put(&mut g, "a-i", enemy);
    g.apply(&SdCommand::ActivateUnit { unit: u }).unwrap();
    assert!(g.legal().contains(&mv(u, Coord::new(10, 3))));
}

// rule 3.1: at most four combat units end a move in a hex; passing through a full hex
// is allowed. movement::path gives the route.
#[test]
fn stacking_at_the_end_of_a_move_passing_through() {
    let start = Coord::new(20, 5);
    let full = Coord::new(20, 6);
    let target = Coord::new(20, 7);
    let mut mountains: Vec<Coord> = Vec::new();
    for c in [start, target] {
        for (_, n) in [c].iter().flat_map(|c| {
            Dir::ALL
                .into_iter()
                .map(move |d| (d, c.neighbor(d)))
                .collect::<Vec<_>>()
        }) {
            if n != full && n != start && n != target && !mountains.contains(&n) {
                mountains.push(n);
            }
        }
    }
    let rules = rules_with(vec![], vec![], &mountains);
    let mut g = empty_game(rules, 3, &[]);
    g.st.g.ip = 6;
    for n in ["p-ii", "p-iii", "p-iv", "p-v"] {
        put(&mut g, n, full);
    }
    let u = put(&mut g, "p-i", start);
    g.apply(&SdCommand::ActivateUnit { unit: u }).unwrap();
    assert!(!g.legal().contains(&mv(u, full)), "a fifth combat unit");
    assert!(refused_case(&mut g, &mv(u, full)).contains("3.1"));
    assert!(g.legal().contains(&mv(u, target)));
    assert_eq!(
        movement::path(&g.rules, &g.st, u, target),
        vec![full, target]
    );
    // an HQ may stack without limit
    let hq = put(&mut g, "p-hq-2", Coord::new(21, 5));
    g.st.g.ip = 6;
    g.apply(&SdCommand::ActivateHq { hq }).unwrap();
    assert!(g.legal().contains(&mv(hq, full)));
}

// rule 3.1: over the limit at the end of an Operations Phase, the excess surrenders
// (the opposing player chooses, here the strongest), with its CF in LP.
#[test]
fn excess_stack_surrenders_at_the_end_of_the_operation() {
    let mut g = empty_game(rules(), 3, &[2, 5]);
    let x = Coord::new(20, 3);
    let mut ids = Vec::new();
    for n in ["p-ii", "p-iii", "p-vi", "p-vii", "p-guard"] {
        ids.push(put(&mut g, n, x));
    }
    put(&mut g, "a-i", Coord::new(30, 15));
    g.st.g.step = Step::Attack;
    g.apply(&SdCommand::EndOperation).unwrap();
    // 3.1: the opposing player chooses (here the strongest; see sd_stacking)
    let guard = id(&g.rules, "p-guard");
    g.apply(&SdCommand::Surrender { unit: guard }).unwrap();
    assert_eq!(g.st.units[guard as usize].gone, Some(Fate::Eliminated));
    let left = ids
        .iter()
        .filter(|&&u| g.st.units[u as usize].gone.is_none())
        .count();
    assert_eq!(left, 4);
    let cf = g.rules.units[guard as usize].cf;
    assert_eq!(g.st.g.lp[Side::Prussia.idx()], cf);
    assert_eq!(g.st.g.vp[Side::Austria.idx()], cf);
}

// rule 7.1, 6.1: each unit moves individually: once another unit moves, the first is
// finished.
#[test]
fn each_unit_moves_individually() {
    let mut g = empty_game(rules(), 3, &[]);
    g.st.g.ip = 6;
    let x = Coord::new(10, 3);
    let hq = put(&mut g, "p-hq-1", x);
    let a = put(&mut g, "p-ii", x);
    let b = put(&mut g, "p-iii", x);
    g.apply(&SdCommand::ActivateHq { hq }).unwrap();
    g.apply(&SdCommand::Join { unit: a }).unwrap();
    g.apply(&SdCommand::Join { unit: b }).unwrap();
    g.apply(&mv(a, Coord::new(10, 4))).unwrap();
    g.apply(&mv(a, Coord::new(10, 5))).unwrap();
    g.apply(&mv(b, Coord::new(10, 4))).unwrap();
    assert!(refused_case(&mut g, &mv(a, Coord::new(10, 6))).contains("individually"));
}

// rule 7.1.2, 6.4: a forced march (a Committed unit activated again) ends with a die
// roll: above the Army Morale Level, Disrupted; -1 ending stacked with or adjacent to
// its own HQ, not the GHQ nor another HQ; an HQ is never Disrupted.
#[test]
fn forced_march_disruption() {
    // (HQ placed next to the end hex, die, disrupted?)
    for (hq_name, die, disrupted) in [
        (None, 4, true),
        (None, 3, false),
        (Some("p-hq-2"), 4, false),
        (Some("p-hq-2"), 5, true),
        (Some("p-ghq"), 4, true),
        (Some("p-hq-1"), 4, true),
    ] {
        let mut g = empty_game(rules(), 3, &[die]);
        g.st.g.ip = 6;
        let u = put(&mut g, "p-i", Coord::new(10, 3));
        g.st.units[u as usize].committed = true;
        if let Some(h) = hq_name {
            put(&mut g, h, Coord::new(11, 4));
        }
        g.apply(&SdCommand::ActivateUnit { unit: u }).unwrap();
        assert_eq!(g.st.g.ip, 3, "3 IP for a Committed unit");
        g.apply(&mv(u, Coord::new(10, 4))).unwrap();
        g.apply(&SdCommand::EndMovement).unwrap();
        assert_eq!(
            g.st.units[u as usize].disrupted, disrupted,
            "HQ {hq_name:?}, die {die}"
        );
    }
    // rule 6.4: an HQ on a forced march is never Disrupted (no roll)
    let mut g = empty_game(rules(), 3, &[6]);
    g.st.g.ip = 6;
    let hq = put(&mut g, "p-hq-2", Coord::new(10, 3));
    g.st.units[hq as usize].committed = true;
    g.apply(&SdCommand::ActivateHq { hq }).unwrap();
    g.apply(&mv(hq, Coord::new(10, 4))).unwrap();
    g.apply(&SdCommand::EndMovement).unwrap();
    assert!(!g.st.units[hq as usize].disrupted);
}

// rule 8.6, 8.8: besieged units cannot move out; friendly units cannot move into a
// besieged fortress; 9.x garrisons never move.
#[test]
fn besieged_fortress_movement() {
    let mut g = empty_game(rules(), 3, &[]);
    g.st.g.ip = 6;
    g.st.g.initiative = Some(Side::Austria);
    let josefstadt = c("2406");
    let inside = put(&mut g, "a-i", josefstadt);
    let gar = put(&mut g, "a-g-josefstadt", josefstadt);
    let outside = put(&mut g, "a-ii", Coord::new(24, 9));
    put(&mut g, "p-i", Coord::new(27, 6));
    g.st.g.sieges.push(Siege {
        fortress: josefstadt,
        by: Side::Prussia,
        level: 0,
        new: false,
        besiegers: Vec::new(),
    });
    // 8.6: a besieged unit may be activated (to attack out, 8.7) but not move out
    g.apply(&SdCommand::ActivateUnit { unit: inside }).unwrap();
    assert_eq!(reach_max(&g, inside), 0);
    assert!(refused_case(&mut g, &mv(inside, Coord::new(24, 7))).contains("8.6"));
    g.apply(&SdCommand::ActivateUnit { unit: outside }).unwrap();
    assert!(!g.legal().contains(&mv(outside, josefstadt)), "8.8");
    assert!(g.apply(&SdCommand::ActivateUnit { unit: gar }).is_err());
    // lifted: both possible
    g.st.g.sieges.clear();
    assert!(g.legal().contains(&mv(outside, josefstadt)));
    assert!(reach_max(&g, inside) > 0);
}

// rule 3.3: a unit entering a city or fortress takes control of it (14.0: 5 VP to
// Prussia for a place in Austria, 20 for Prague).
#[test]
fn entering_a_place_takes_control() {
    let mut g = empty_game(rules(), 3, &[]);
    g.st.g.ip = 6;
    let prague = c("1811");
    let u = put(&mut g, "p-i", Coord::new(18, 9));
    g.apply(&SdCommand::ActivateUnit { unit: u }).unwrap();
    g.apply(&mv(u, prague)).unwrap();
    let i = g
        .rules
        .map
        .places
        .iter()
        .position(|p| p.hex == prague)
        .unwrap();
    assert_eq!(g.st.g.control[i], Side::Prussia);
    assert_eq!(g.st.g.vp[Side::Prussia.idx()], 20);
}

// rule 3.3 / 14.0: a unit passing through a city in one move takes control of it too
// (audit defect 3: control used to change only where a move ended).
#[test]
fn passing_through_a_place_takes_control() {
    let mut g = empty_game(rules(), 3, &[]);
    g.st.g.ip = 6;
    let prague = c("1811");
    let u = put(&mut g, "p-i", Coord::new(18, 9));
    g.apply(&SdCommand::ActivateUnit { unit: u }).unwrap();
    // 1809 -> 1810 -> 1811 -> 1812: the only three-hex way runs through Prague
    g.apply(&mv(u, Coord::new(18, 12))).unwrap();
    let i = g
        .rules
        .map
        .places
        .iter()
        .position(|p| p.hex == prague)
        .unwrap();
    assert_eq!(g.st.g.control[i], Side::Prussia);
    assert_eq!(g.st.g.vp[Side::Prussia.idx()], 20);
}

// rule 4.3 (IP Activation Chart): the costs come from the charts file, so an owner of
// the game who edits it changes the game (audit defect 9).
#[test]
fn activation_costs_are_read_from_the_charts() {
    let mut edited = (*rules()).clone();
    edited.charts.activation.uncommitted_single = 2;
    let mut g = empty_game(std::sync::Arc::new(edited), 3, &[]);
    g.st.g.ip = 6;
    let u = put(&mut g, "p-i", Coord::new(18, 9));
    g.apply(&SdCommand::ActivateUnit { unit: u }).unwrap();
    assert_eq!(g.st.g.ip, 4);
}

// rule 5.5: forage supply is not offered before turn 8 and is refused there.
#[test]
fn no_forage_before_turn_8() {
    use feldzug::engine::step::PlayStep;
    let g = empty_game(rules(), 3, &[]);
    let mut st = g.st.clone();
    st.g.turn = 7;
    let s = feldzug::games::sadowa::steps::forage::Forage;
    let mut out = Vec::new();
    s.legal(&g.rules, &st, &mut out);
    assert!(out.is_empty());
    assert!(s.check(&g.rules, &st, &SdCommand::Forage(true)).is_err());
    st.g.turn = 8;
    s.legal(&g.rules, &st, &mut out);
    assert_eq!(out.len(), 2);
    assert!(s.check(&g.rules, &st, &SdCommand::Forage(true)).is_ok());
}

// rule 14.0: Prussian units leaving by the south edge 2917-3517: 2 VP per CF of a
// supplied combat unit, none unsupplied; 3 per HQ.
#[test]
fn exit_off_the_south_edge() {
    let exit = Coord::new(30, 17);
    for forage in [true, false] {
        let mut g = empty_game(rules(), 9, &[]);
        g.st.g.forage = forage;
        g.st.g.ip = 6;
        let u = put(&mut g, "p-i", exit);
        let hq = put(&mut g, "p-hq-2", Coord::new(31, 17));
        g.apply(&SdCommand::ActivateUnit { unit: u }).unwrap();
        g.apply(&SdCommand::ActivateHq { hq }).unwrap();
        g.apply(&SdCommand::Exit { unit: u }).unwrap();
        let cf = g.rules.units[u as usize].cf;
        assert_eq!(g.st.units[u as usize].gone, Some(Fate::Exited));
        assert_eq!(
            g.st.g.vp[Side::Prussia.idx()],
            if forage { 2 * cf } else { 0 },
            "forage {forage}"
        );
        let before = g.st.g.vp[Side::Prussia.idx()];
        g.apply(&SdCommand::Exit { unit: hq }).unwrap();
        assert_eq!(g.st.g.vp[Side::Prussia.idx()], before + 3);
    }
    // not from another hex
    let mut g = empty_game(rules(), 9, &[]);
    g.st.g.ip = 6;
    let u = put(&mut g, "p-i", Coord::new(20, 17));
    g.apply(&SdCommand::ActivateUnit { unit: u }).unwrap();
    assert!(refused_case(&mut g, &SdCommand::Exit { unit: u }).contains("14.0"));
}

/// Every command kind of the Supply (forage) and Operations (activation, movement)
/// steps a player could send in this position: units × kinds, moves to every hex
/// within 5 of an activated unit.
fn candidates(g: &G) -> Vec<SdCommand> {
    let mut v = vec![
        SdCommand::EndMovement,
        SdCommand::Pass,
        SdCommand::EndOperation,
        SdCommand::Forage(true),
        SdCommand::Forage(false),
    ];
    for u in g.rules.ids() {
        v.push(SdCommand::ActivateHq { hq: u });
        v.push(SdCommand::Join { unit: u });
        v.push(SdCommand::ActivateUnit { unit: u });
        v.push(SdCommand::Exit { unit: u });
        if let Some(h) = g.st.units[u as usize].on_map()
            && g.st.units[u as usize].activated
        {
            for to in g.rules.map.hex.within(h, 5) {
                v.push(mv(u, to));
            }
        } else if let Some(h) = g.st.units[u as usize].on_map() {
            v.push(mv(u, h.neighbor(Dir::S)));
        }
    }
    v
}

// The one source of legality: in the Forage and Activate steps of random games, every
// candidate command is accepted by `check` exactly when `legal` lists it, and every
// refusal names a case.
#[test]
fn legal_and_check_agree_in_random_games() {
    let mut checked = 0;
    for seed in 1..=4u64 {
        let mut g = G::new(rules(), seed);
        let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for _ in 0..1500 {
            if <Sadowa as RulesGame>::over(&g.st) {
                break;
            }
            let legal = g.legal();
            if matches!(g.st.g.step, Step::Activate | Step::Forage) && g.st.g.pending.is_empty() {
                for cmd in candidates(&g) {
                    let ok = feldzug::engine::step::check::<Sadowa>(&g.rules, &g.st, &cmd);
                    assert_eq!(
                        ok.is_ok(),
                        legal.contains(&cmd),
                        "seed {seed}: {cmd:?} check {ok:?}"
                    );
                    if let Err(e) = ok {
                        assert!(!e.rule.is_empty(), "{cmd:?}: {e:?}");
                    }
                    checked += 1;
                }
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let pick = if legal.contains(&SdCommand::PlaceRest) {
                SdCommand::PlaceRest
            } else if legal.contains(&SdCommand::EndSetup) {
                SdCommand::EndSetup
            } else {
                legal[(rng % legal.len() as u64) as usize].clone()
            };
            g.apply(&pick).unwrap();
        }
    }
    assert!(checked > 10_000, "{checked}");
}
