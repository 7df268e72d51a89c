//! Every number and worked example the Königgrätz rulebook (002) prints, each driven
//! through the function the game resolves with or through commands. The list with the
//! test of each is in docs/games/koniggratz.md ("Printed numbers").

use crate::kg_rules::{B, board, c, game_at, play_until, side_line};
use feldzug::engine::hexmap::{SideKind, Terrain};
use feldzug::games::koniggratz::combat::{self, Effect};
use feldzug::games::koniggratz::data::*;
use feldzug::games::koniggratz::rules::{self, View};
use feldzug::games::koniggratz::state::*;
use feldzug::games::koniggratz::{self, PureGame, flow};
use std::sync::Arc;

fn scenario() -> Arc<KgRules> {
    let src = feldzug::engine::scenarios::find("koniggratz").unwrap();
    koniggratz::load_rules(&src, &[]).unwrap()
}

fn attack(g: &mut PureGame, a: UnitId, d: UnitId, art: [bool; 2]) {
    g.apply(&KgCommand::Attack {
        attacker: a,
        defender: d,
    })
    .unwrap();
    // the attacker chooses first, then the defender (4.3a)
    for s in art {
        if matches!(g.st.g.pending.last(), Some(Pending::Artillery { .. })) {
            g.apply(&KgCommand::Artillery { support: s }).unwrap();
        }
    }
}

fn duel_pair() -> B {
    board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0605", 0)
}

fn cost(g: &PureGame, u: UnitId, to: &str) -> Option<u32> {
    let v = View::new(&g.rules, &g.st);
    rules::destinations(&g.rules, &g.st, &v, u)
        .get(&c(to))
        .map(|o| o.cost_half)
}

#[test]
fn printed_setup_numbers_are_the_scenario_data() {
    // rule 8.0: Austria 18 AP, Prussia 12 AP; 6.1's 16 as an option; 7 turns (5.0);
    // ties to Prussia from turn 5 (3.3, 4.3c); blown = eliminated on turns 6-7 (4.3.3);
    // +2 AP per arriving Prussian army (6.1).
    let r = scenario();
    assert_eq!((r.options.austrian_ap, r.options.prussian_ap), (18, 12));
    let g = PureGame::new(r.clone(), 1);
    assert_eq!(g.st.g.ap, [18, 12]);
    let src = feldzug::engine::scenarios::find("koniggratz").unwrap();
    let alt = koniggratz::load_rules(&src, &["austrian-ap-16".to_string()]).unwrap();
    assert_eq!(PureGame::new(alt, 1).st.g.ap, [16, 12]);
    assert_eq!(r.options.turns, 7);
    assert_eq!(r.options.duel_tie_flip_turn, 5);
    assert_eq!(r.options.blown_is_elim_from, 6);
    assert_eq!(r.options.army_arrival_ap, 2);
    // rule 3.2.1: Austria has 2 HQs (Benedek: North Army and the reserve cavalry; Prince
    // Albert: the Saxons), Prussia 3 (one per army)
    let hqs = |s: Side| r.hqs.iter().filter(|h| h.side == s).count();
    assert_eq!((hqs(Side::Austria), hqs(Side::Prussia)), (2, 3));
    for u in r.units.iter().filter(|u| u.side == Side::Austria) {
        let h = r.hqs.iter().find(|h| h.armies.contains(&u.army)).unwrap();
        let want = if u.army == "saxon" {
            "albert"
        } else {
            "benedek"
        };
        assert_eq!(h.id, want, "{}", u.id);
    }
    for a in r.armies.iter().filter(|a| a.side == Side::Prussia) {
        assert_eq!(
            r.hqs.iter().filter(|h| h.armies.contains(&a.id)).count(),
            1,
            "{}",
            a.id
        );
    }
    // rule 4.0b: within 5 hexes for Benedek, 3 for the others
    for h in &r.hqs {
        let want = if h.id == "benedek" { 5 } else { 3 };
        assert_eq!(h.placement_radius, want, "{}", h.id);
    }
    // rule 8.0: units begin on their set-up hexes; reinforcements off the map
    let st = PureGame::new(r.clone(), 1).st;
    for (i, u) in r.units.iter().enumerate() {
        match u.start {
            Some(h) => assert_eq!(st.units[i].loc, Loc::Map(h), "{}", u.id),
            None => assert_eq!(st.units[i].loc, Loc::Off, "{}", u.id),
        }
    }
}

#[test]
fn printed_reinforcement_example_4d_enters_at_d_on_turn_4() {
    // rule 4.2a: "4D" on the March side: turn 4, entry hex D. The scenario's 2nd Guards
    // Division carries it; played through commands it waits until turn 4 and enters at D.
    let r = scenario();
    let u = r.units.iter().position(|u| u.id == "p-2g").unwrap() as UnitId;
    let e = r.units[u as usize].entry.clone().unwrap();
    assert_eq!((e.turn, e.hex), (4, 'D'));
    let d = r.entry_hex('D').unwrap();
    let mut g = PureGame::new(r.clone(), 3);
    play_until(&mut g, |g| {
        g.st.g.turn == 3 && g.st.g.step == Step::Movement
    });
    assert!(!flow::due_reinforcements(&g.rules, &g.st, Side::Prussia).contains(&u));
    assert!(
        g.apply(&KgCommand::Move { unit: u, to: d }).is_err(),
        "not before turn 4"
    );
    // entering units go to the last of their destinations, off the entry hexes
    play_last_until(&mut g, |g| {
        g.st.g.turn == 4
            && g.st.g.step == Step::Movement
            && g.st.g.pending.is_empty()
            && g.legal()
                .iter()
                .any(|c| matches!(c, KgCommand::Move { unit, .. } if *unit == u))
    });
    let v = View::new(&g.rules, &g.st);
    let opts = rules::destinations(&g.rules, &g.st, &v, u);
    assert!(!opts.is_empty());
    for o in opts.values() {
        assert_eq!(o.path[0], d, "every way in starts on hex D");
    }
    assert!(g.st.units[u as usize].march, "March side up");
    g.apply(&KgCommand::Move { unit: u, to: d }).unwrap();
    assert_eq!(g.st.units[u as usize].loc, Loc::Map(d));
}

#[test]
fn printed_army_arrival_ap_and_bombardment_cost_through_a_played_game() {
    // rule 6.1: +2 Prussian AP on the turn the Elbe Army (2) and the Second Army (3) arrive;
    // rule 4.0d: 1 Austrian AP for every bombardment. Nobody supports an attack here.
    let mut g = PureGame::new(scenario(), 5);
    play_until(&mut g, |g| {
        g.st.g.turn == 1 && g.st.g.step == Step::Movement
    });
    assert_eq!(g.st.g.ap, [17, 12]);
    play_until(&mut g, |g| {
        g.st.g.turn == 2 && g.st.g.step == Step::Movement
    });
    assert_eq!(g.st.g.ap, [16, 14]);
    play_until(&mut g, |g| {
        g.st.g.turn == 3 && g.st.g.step == Step::Movement
    });
    assert_eq!(g.st.g.ap, [15, 16]);
    play_until(&mut g, |g| {
        g.st.g.turn == 4 && g.st.g.step == Step::Movement
    });
    assert_eq!(g.st.g.ap, [14, 16], "no new army on turn 4");
}

#[test]
fn printed_movement_allowances() {
    // rule 3.1.1: March 4, Battle 1; 3.1.2: fresh cavalry 6, exhausted 4 (in half MP)
    let r = board(16, 16)
        .unit("i", Side::Prussia, Kind::Infantry, "0808", 0)
        .unit("k", Side::Prussia, Kind::Cavalry, "0308", 0)
        .unit("a", Side::Austria, Kind::Infantry, "1616", 0)
        .rules();
    let mut g = game_at(r, Step::Movement, Side::Prussia);
    assert_eq!(rules::ma_half(&g.rules, &g.st, 0), 2);
    assert_eq!(cost(&g, 0, "0807"), Some(2));
    assert_eq!(cost(&g, 0, "0806"), None);
    g.st.units[0].march = true;
    assert_eq!(rules::ma_half(&g.rules, &g.st, 0), 8);
    assert_eq!(cost(&g, 0, "0804"), Some(8));
    assert_eq!(cost(&g, 0, "0803"), None);
    assert_eq!(cost(&g, 1, "0302"), Some(12));
    assert_eq!(cost(&g, 1, "0301"), None);
    g.st.units[1].exhausted = true;
    assert_eq!(cost(&g, 1, "0304"), Some(8));
    assert_eq!(cost(&g, 1, "0303"), None);
}

#[test]
fn printed_terrain_effects_chart() {
    // TEC, row by row: movement cost (through the movement search, half MP) and the
    // defensive modifier (through combat::modifiers, which the attack resolution uses).
    let mk = |b: B| game_at(b.rules(), Step::Movement, Side::Prussia);
    let def_drm = |g: &PureGame| {
        let (am, dm) = combat::modifiers(&g.rules, &g.st, 0, 1);
        (
            am.iter().map(|d| d.value).sum::<i32>(),
            dm.iter().map(|d| d.value).sum::<i32>(),
        )
    };
    // Clear: 1 MP, 0
    let mut g = mk(duel_pair());
    g.st.units[1].loc = Loc::Map(c("1212"));
    g.st.units[0].march = true;
    assert_eq!(cost(&g, 0, "0605"), Some(2));
    assert_eq!(def_drm(&mk(duel_pair())), (0, 0));
    // Woods: 2 MP, +1 (3.9.8)
    let mut g = mk(duel_pair().terrain("0605", 'w').terrain("0706", 'w'));
    assert_eq!(def_drm(&g), (0, 1));
    g.st.units[1].loc = Loc::Map(c("1212"));
    g.st.units[0].march = true;
    assert_eq!(cost(&g, 0, "0706"), Some(4));
    // Town: other terrain's cost, +2 (3.9.7)
    let mut g = mk(duel_pair().terrain("0605", 't').terrain("0706", 't'));
    assert_eq!(def_drm(&g), (0, 2));
    g.st.units[1].loc = Loc::Map(c("1212"));
    g.st.units[0].march = true;
    assert_eq!(cost(&g, 0, "0706"), Some(2));
    assert_eq!(rules::hex_cost_half(Terrain::WoodedTown), 4);
    // Hexsides: a line between columns 6 and 7; the defender on 0706 across it.
    let across = |kind: SideKind, bridge: bool| {
        side_line(
            board(12, 12)
                .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
                .unit("a", Side::Austria, Kind::Infantry, "0706", 0),
            kind,
            bridge,
        )
    };
    let refusal = |g: &PureGame| {
        let v = View::new(&g.rules, &g.st);
        combat::attack_refusal(&g.rules, &g.st, &v, 0, 1).map(|r| r.0)
    };
    let march_cost = |mut g: PureGame| {
        g.st.units[1].loc = Loc::Map(c("1212"));
        g.st.units[0].march = true;
        cost(&g, 0, "0706")
    };
    // Minor river: +1 MP, +1 (3.9.5)
    let g = mk(across(SideKind::MinorRiver, false));
    assert_eq!(def_drm(&g), (0, 1));
    assert_eq!(refusal(&g), None);
    assert_eq!(march_cost(g), Some(4));
    // Bridge: +1 MP, -2 to the attacker (3.9.2)
    let g = mk(across(SideKind::Swamp, true));
    assert_eq!(def_drm(&g), (-2, 0));
    assert_eq!(refusal(&g), None);
    assert_eq!(march_cost(g), Some(4));
    // Swamp: +2 MP, NA for combat: no attack across it (3.9.1)
    let g = mk(across(SideKind::Swamp, false));
    assert_eq!(refusal(&g), Some("3.9.1".to_string()));
    assert_eq!(march_cost(g), Some(6));
    // Major river: NA for movement and combat (3.9.6)
    let g = mk(across(SideKind::MajorRiver, false));
    assert_eq!(refusal(&g), Some("3.9.6".to_string()));
    assert_eq!(march_cost(g), None);
    // Road: 1 MP, 0.5 with the bonus (3.9.3)
    let mut b = duel_pair();
    b.roads.push(vec![c("0606"), c("0607"), c("0608")]);
    let mut g = mk(b);
    g.st.units[1].loc = Loc::Map(c("1212"));
    g.st.units[0].march = true;
    assert_eq!(cost(&g, 0, "0608"), Some(2), "two road hexes for 1 MP");
    assert_eq!(cost(&g, 0, "0506"), Some(2), "off the road");
}

#[test]
fn printed_combat_results_chart_through_attacks() {
    // CRT / 4.3e: 0 stalemate, 1-2 retreat, 3-4 blown, 5+ eliminated; the loser is the
    // lower total. No modifiers here: the differential is the dice difference.
    for (att, def, want) in [
        (3, 3, "stalemate"),
        (2, 1, "retreat"),
        (3, 1, "retreat"),
        (4, 1, "blown"),
        (5, 1, "blown"),
        (6, 1, "eliminated"),
        (1, 2, "attacker retreat"),
        (1, 4, "attacker blown"),
        (1, 6, "attacker eliminated"),
    ] {
        let mut g = game_at(duel_pair().rules(), Step::Attack, Side::Prussia);
        g.dice.script([att, def]);
        attack(&mut g, 0, 1, [false, false]);
        let (loser, winner) = if want.starts_with("attacker") {
            (0usize, 1usize)
        } else {
            (1, 0)
        };
        let l = g.st.units[loser].loc;
        match want.trim_start_matches("attacker ") {
            "stalemate" => {
                assert_eq!(g.st.units[0].loc, Loc::Map(c("0606")));
                assert_eq!(g.st.units[1].loc, Loc::Map(c("0605")));
            }
            "retreat" => {
                let moved = match l {
                    Loc::Map(h) => h.distance(unit_at(&g, winner)) >= 3,
                    _ => false,
                } || matches!(
                    g.st.g.pending.last(),
                    Some(Pending::Retreat { hexes: 3, .. })
                );
                assert!(moved, "{att}-{def}: {l:?}");
            }
            "blown" => assert_eq!(l, Loc::Blown(3), "{att}-{def}"),
            "eliminated" => assert_eq!(l, Loc::Eliminated, "{att}-{def}"),
            _ => unreachable!(),
        }
        assert_eq!(
            combat::effect_of(att as i32 - def as i32, false),
            match want.trim_start_matches("attacker ") {
                "stalemate" => Effect::Stalemate,
                "retreat" => Effect::Retreat,
                "blown" => Effect::Blown,
                _ => Effect::Eliminated,
            }
        );
    }
    // rule 4.3.3: on turns 6 and 7 blown is eliminated; not on turn 5
    for (turn, want) in [
        (5, Loc::Blown(7)),
        (6, Loc::Eliminated),
        (7, Loc::Eliminated),
    ] {
        let mut g = game_at(duel_pair().rules(), Step::Attack, Side::Prussia);
        g.st.g.turn = turn;
        g.dice.script([4, 1]);
        attack(&mut g, 0, 1, [false, false]);
        assert_eq!(g.st.units[1].loc, want, "turn {turn}");
    }
}

/// Like `play_until`, but takes the last legal command when it cannot pass.
fn play_last_until(g: &mut PureGame, until: impl Fn(&PureGame) -> bool) {
    for _ in 0..2000 {
        if until(g) {
            return;
        }
        let legal = g.legal();
        let cmd = if legal.contains(&KgCommand::Pass) {
            KgCommand::Pass
        } else {
            legal.last().cloned().expect("a legal command")
        };
        g.apply(&cmd).unwrap();
    }
    panic!("condition not reached: {:?}", g.st.g);
}

fn unit_at(g: &PureGame, u: usize) -> feldzug::engine::hexmap::Coord {
    match g.st.units[u].loc {
        Loc::Map(h) => h,
        other => panic!("unit {u} is {other:?}"),
    }
}

#[test]
fn printed_modifiers_of_4_3e() {
    // Artillery +2 (4.3b): with the attacker's support a 1-1 roll is won by 2
    let mut g = game_at(duel_pair().rules(), Step::Attack, Side::Prussia);
    g.dice.script([1, 1]);
    attack(&mut g, 0, 1, [true, false]);
    let r = &g.dice.rolls;
    assert_eq!(r[r.len() - 2].total, 3);
    assert_eq!(r[r.len() - 1].total, 1);
    // ER: "a unit with an ER of 2 stars adds 2" (glossary); HQ in Battle mode +its ER
    let b = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 2)
        .unit("a", Side::Austria, Kind::Infantry, "0605", 0);
    let mut g = game_at(b.rules(), Step::Attack, Side::Prussia);
    let (am, _) = combat::modifiers(&g.rules, &g.st, 0, 1);
    assert_eq!(am.iter().map(|d| d.value).sum::<i32>(), 2, "{am:?}");
    g.st.hqs[1] = HqState {
        at: Some(c("0607")),
        battle: true,
        placed: true,
    };
    let (am, _) = combat::modifiers(&g.rules, &g.st, 0, 1);
    assert_eq!(
        am.iter().map(|d| d.value).sum::<i32>(),
        3,
        "HQ rating 1: {am:?}"
    );
    g.st.hqs[1].battle = false;
    let (am, _) = combat::modifiers(&g.rules, &g.st, 0, 1);
    assert_eq!(
        am.iter().map(|d| d.value).sum::<i32>(),
        2,
        "Normal mode gives none"
    );
    g.dice.script([1, 3]);
    attack(&mut g, 0, 1, [false, false]);
    let r = &g.dice.rolls;
    assert_eq!(r[r.len() - 2].total, 3, "1 + 2 stars");
    // Flank infantry +1 each, cumulative (3.4.2); fresh cavalry +1 (6.2) on both sides
    let b = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0605", 0)
        .unit("f1", Side::Prussia, Kind::Infantry, "0505", 0)
        .unit("f2", Side::Prussia, Kind::Infantry, "0705", 0)
        .unit("pc", Side::Prussia, Kind::Cavalry, "0604", 0)
        .unit("ac", Side::Austria, Kind::Cavalry, "0706", 0);
    let g = game_at(b.rules(), Step::Attack, Side::Prussia);
    let (am, dm) = combat::modifiers(&g.rules, &g.st, 0, 1);
    let val = |v: &Vec<combat::Drm>, rule: &str| {
        v.iter()
            .filter(|d| d.rule == rule)
            .map(|d| d.value)
            .sum::<i32>()
    };
    assert_eq!(val(&am, "3.4.2"), 2, "{am:?}");
    assert_eq!(val(&am, "6.2"), 1, "{am:?}");
    assert_eq!(val(&dm, "6.2"), 1, "{dm:?}");
    // and the attack rolls with them: 1 + 2 flank + 1 cavalry against 6 + 1 cavalry
    let mut g = g;
    g.dice.script([1, 6]);
    attack(&mut g, 0, 1, [false, false]);
    let r = &g.dice.rolls;
    assert_eq!((r[r.len() - 2].total, r[r.len() - 1].total), (4, 7));
}

#[test]
fn printed_duel_numbers() {
    // rule 4.3c: both support: -1 AP each, a die each, the higher adds 2; Austria wins ties
    // before turn 5, Prussia from turn 5. 4.3d: a 6 costs the other side 1 more AP.
    for (turn, dice, att_total) in [
        (4u8, [3u8, 3, 1, 1], 1), // tie to Austria (defender)
        (5, [3, 3, 1, 1], 3),     // tie to Prussia (attacker)
        (1, [4, 2, 1, 1], 3),     // higher die wins
    ] {
        let mut g = game_at(duel_pair().rules(), Step::Attack, Side::Prussia);
        g.st.g.turn = turn;
        let ap = g.st.g.ap;
        g.dice.script(dice);
        attack(&mut g, 0, 1, [true, true]);
        assert_eq!(g.st.g.ap, [ap[0] - 1, ap[1] - 1], "turn {turn}");
        let r = &g.dice.rolls;
        assert_eq!(r[r.len() - 2].total, att_total, "turn {turn} {dice:?}");
    }
    let mut g = game_at(duel_pair().rules(), Step::Attack, Side::Prussia);
    let ap = g.st.g.ap;
    g.dice.script([6, 2, 3, 3]);
    attack(&mut g, 0, 1, [true, true]);
    assert_eq!(
        g.st.g.ap,
        [ap[0] - 2, ap[1] - 1],
        "Prussia's 6 costs Austria 1 more"
    );
}

#[test]
fn printed_pass_caps() {
    // rule 4.2f: die + 1 per friendly unit not in an EZOC + 1 per reinforcement still due
    let mut b = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "1212", 0)
        .unit("a2", Side::Austria, Kind::Infantry, "0605", 0)
        .reinforcement("ar", Side::Austria, 0, 1, 'A');
    b.entries = vec![('A', c("1201"))];
    let mut g = game_at(b.rules(), Step::Movement, Side::Prussia);
    g.dice.script([4]);
    g.apply(&KgCommand::Pass).unwrap();
    // 4 + 1 (a; a2 is in p's ZOC) + 1 reinforcement
    assert_eq!(g.st.g.cap, Some(6));
    // rule 4.3.5: the die alone caps the attacks
    let mut g = game_at(duel_pair().rules(), Step::Attack, Side::Prussia);
    g.dice.script([5]);
    g.apply(&KgCommand::Pass).unwrap();
    assert_eq!(g.st.g.cap, Some(5));
}

#[test]
fn printed_bombardment_numbers() {
    // rule 4.0d / 6.3: at least 3 hexes from a Prussian entry hex (A = 0101 here)
    let r = board(16, 16)
        .unit("p", Side::Prussia, Kind::Infantry, "0808", 0)
        .unit("a", Side::Austria, Kind::Infantry, "1515", 0)
        .rules();
    let g = game_at(r.clone(), Step::Bombardment, Side::Austria);
    let legal = g.legal();
    for (at, ok) in [
        ("0103", false),
        ("0104", true),
        ("0301", false),
        ("0401", true),
    ] {
        assert_eq!(
            legal.contains(&KgCommand::PlaceBombardment { at: c(at) }),
            ok,
            "{at} is {} from 0101",
            c(at).distance(c("0101"))
        );
    }
    // 6.3: 1-5 retreat 2 hexes (covered in kg_rules); 6 blown; no 2-hex retreat: eliminated
    let r2 = board(16, 16)
        .unit("p", Side::Prussia, Kind::Infantry, "0816", 0)
        .unit("q", Side::Prussia, Kind::Infantry, "0815", 0)
        .unit("q2", Side::Prussia, Kind::Infantry, "0916", 0)
        .unit("q3", Side::Prussia, Kind::Infantry, "0716", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0101", 0)
        .rules();
    let mut g = game_at(r2, Step::Bombardment, Side::Austria);
    g.dice.script([5]);
    g.apply(&KgCommand::PlaceBombardment { at: c("0816") })
        .unwrap();
    assert_eq!(g.st.units[0].loc, Loc::Eliminated, "boxed in at the edge");
    // 6.3: a Prussian unit entering the marker's hex is attacked the same way
    let mut g = game_at(r, Step::Bombardment, Side::Austria);
    g.apply(&KgCommand::PlaceBombardment { at: c("0806") })
        .unwrap();
    play_until(&mut g, |g| g.st.g.step == Step::Movement);
    g.st.units[0].march = true;
    g.dice.script([6]);
    g.apply(&KgCommand::Move {
        unit: 0,
        to: c("0806"),
    })
    .unwrap();
    assert_eq!(g.st.units[0].loc, Loc::Blown(3));
}

#[test]
fn printed_retreat_and_blown_return_numbers() {
    // rule 4.3.1: 3 hexes away from the winner
    let mut g = game_at(duel_pair().rules(), Step::Attack, Side::Prussia);
    g.dice.script([3, 1]);
    attack(&mut g, 0, 1, [false, false]);
    if let Some(Pending::Retreat { hexes, .. }) = g.st.g.pending.last() {
        assert_eq!(*hexes, 3);
        let to = match g.legal()[0] {
            KgCommand::Retreat { to } => to,
            ref other => panic!("{other:?}"),
        };
        assert_eq!(to.distance(c("0606")), 4, "3 hexes from 0605, each farther");
        g.apply(&KgCommand::Retreat { to }).unwrap();
    }
    // rule 4.3.3 / glossary: back 2 turns after the turn it was blown (blown on 1, back on 3)
    let mut g = game_at(duel_pair().rules(), Step::Attack, Side::Prussia);
    g.dice.script([4, 1]);
    attack(&mut g, 0, 1, [false, false]);
    assert_eq!(g.st.units[1].loc, Loc::Blown(3));
    play_until(&mut g, |g| {
        g.st.g.turn == 2 && g.st.g.step == Step::Movement
    });
    assert_eq!(g.st.units[1].loc, Loc::Blown(3), "not yet on turn 2");
    play_until(&mut g, |g| {
        g.st.g.turn == 3 && g.st.g.step == Step::BlownReturn(Side::Austria)
    });
    let ret = g
        .legal()
        .into_iter()
        .find(|c| matches!(c, KgCommand::ReturnBlown { unit: 1, .. }))
        .unwrap();
    g.apply(&ret).unwrap();
    assert!(matches!(g.st.units[1].loc, Loc::Map(_)));
}

#[test]
fn printed_victory_points() {
    // rule 4.3.4 / 7.0: 1 VP per blown or eliminated enemy unit plus its ER; ties Austria
    let r = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 2)
        .unit("a", Side::Austria, Kind::Infantry, "0605", 1)
        .unit("a2", Side::Austria, Kind::Infantry, "0101", 0)
        .rules();
    let mut g = game_at(r, Step::Attack, Side::Prussia);
    g.st.g.turn = 7;
    g.dice.script([6, 1]); // differential 5: eliminated (1 + 1 ER = 2 VP to Prussia)
    attack(&mut g, 0, 1, [false, false]);
    assert_eq!(g.st.units[1].loc, Loc::Eliminated);
    g.apply(&KgCommand::Pass).unwrap(); // Austria
    g.apply(&KgCommand::Pass).unwrap(); // Prussia: end of turn 7 (5.0)
    assert_eq!(g.st.g.step, Step::GameOver);
    assert_eq!(g.st.g.vp, [0, 2]);
    assert_eq!(g.st.g.winner, Some(Side::Prussia));
}
