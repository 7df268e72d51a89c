//! The Sadowa Campaign: sieges (8.1-8.9), the Siege Phase (4.4) and garrisons (9.1-9.5),
//! driven through commands from positions built on the scenario's map.

use feldzug::engine::game::{PureGame, RulesGame};
use feldzug::engine::hexmap::Coord;
use feldzug::games::sadowa::Sadowa;
use feldzug::games::sadowa::data::{SdRules, Side, UnitId};
use feldzug::games::sadowa::flow::units_at;
use feldzug::games::sadowa::map::Country;
use feldzug::games::sadowa::state::*;
use feldzug::games::sadowa::steps;
use std::sync::Arc;

pub type G = PureGame<Sadowa>;

pub fn rules() -> Arc<SdRules> {
    let src = feldzug::engine::scenarios::find("sadowa").expect("scenario");
    <Sadowa as RulesGame>::load_rules(&src, &[]).expect("rules")
}

pub fn hex(s: &str) -> Coord {
    Coord::parse(s).expect("hex")
}

pub fn id(g: &G, name: &str) -> UnitId {
    g.rules.by_id(name).expect("unit id")
}

pub fn cf(g: &G, name: &str) -> u32 {
    g.rules.units[id(g, name) as usize].cf
}

/// A game after set-up with the map emptied: turn `turn`, Prussia to act in an Operations
/// Phase with nothing activated, one pass made already (the next ends the operations, 7.5).
/// Forage supply (5.5) is declared so that Prussian units in Austria are supplied whatever
/// the lines of supply.
pub fn empty_game(turn: u8) -> G {
    let mut g = G::new(rules(), 7);
    for u in g.st.units.iter_mut() {
        u.hex = None;
    }
    g.st.g.turn = turn;
    g.st.g.step = Step::Activate;
    g.st.g.initiative = Some(Side::Prussia);
    g.st.g.ip = 6;
    g.st.g.passes = 1;
    g.st.g.forage = true;
    g
}

pub fn put(g: &mut G, name: &str, at: Coord) {
    let u = id(g, name);
    g.st.units[u as usize] = UnitState {
        hex: Some(at),
        ..UnitState::default()
    };
}

/// The map's hexes next to `c`, in Austria (so forage supply covers Prussian units) and not a
/// city or fortress.
pub fn austrian_neighbours(g: &G, c: Coord) -> Vec<Coord> {
    let m = &g.rules.map;
    let mut v: Vec<Coord> = m
        .hex
        .neighbors(c)
        .map(|(_, n)| n)
        .filter(|&n| m.hex.contains(n))
        .filter(|&n| m.country(n) == Some(Country::Austria) && m.place(n).is_none())
        .filter(|&n| !m.is_mountain(n))
        .collect();
    v.sort();
    v
}

/// From the Activate step: passes until the Siege Phase; `dice` are scripted for the pass
/// that ends the operations (the Siege Phase's own rolls).
pub fn pass_to_siege(g: &mut G, dice: &[u8]) {
    for _ in 0..20 {
        match g.st.g.step {
            Step::Activate => {
                if g.st.g.passes >= 1 {
                    g.dice.script(dice.iter().copied());
                }
                g.apply(&SdCommand::Pass).expect("pass");
            }
            _ => return,
        }
    }
}

/// From the Siege Phase: every side done, no armistice, on to the next turn's operations.
pub fn finish_turn(g: &mut G) {
    for _ in 0..20 {
        let cmd = match g.st.g.step {
            Step::Siege(_) | Step::Reinforce(_) => SdCommand::Done,
            Step::Armistice(_) => SdCommand::Armistice(false),
            _ => return,
        };
        g.apply(&cmd).expect("finish the turn");
    }
}

pub fn rolls(g: &G) -> usize {
    g.dice.rolls.len()
}

pub fn log_has(g: &G, rule: &str, text: &str) -> bool {
    g.log
        .entries
        .iter()
        .any(|e| e.rule == rule && e.text.contains(text))
}

/// `check` agrees with `legal` on every candidate command of the current step.
pub fn check_agrees_with_legal(g: &G, candidates: &[SdCommand]) {
    let step = steps::step(steps::id_of(&g.st));
    let legal = g.legal();
    for c in candidates {
        let ok = step.takes(c) && step.check(&g.rules, &g.st, c).is_ok();
        assert_eq!(
            ok,
            legal.contains(c),
            "check and legal disagree on {c:?} at {:?}",
            g.st.g.step
        );
    }
}

/// The first turn `t` >= `from` that is not brown-shaded while `t + 1` is.
pub fn turn_before_shaded(g: &G, from: u8) -> u8 {
    (from..g.rules.charts.turn_count())
        .find(|&t| !g.rules.charts.siege_turn(t) && g.rules.charts.siege_turn(t + 1))
        .expect("a shaded turn")
}

const KONIGGRATZ: &str = "2507";

/// Königgrätz with its named garrison (and the Iser Army HQ) inside, VII Corps next to it.
fn koniggratz_position(turn: u8) -> (G, Coord, Coord) {
    let mut g = empty_game(turn);
    let k = hex(KONIGGRATZ);
    put(&mut g, "a-g-koniggratz", k);
    put(&mut g, "a-hq-iser", k);
    let n = austrian_neighbours(&g, k);
    put(&mut g, "p-vii", n[0]);
    (g, k, n[1])
}

// rule 4.4, 8.1, 8.2, 8.3, 8.4: a siege from Siege 0 to surrender with the turn track's
// brown-shaded turns.
#[test]
fn siege_runs_from_siege_0_to_surrender_on_shaded_turns() {
    let probe = empty_game(1);
    let t0 = turn_before_shaded(&probe, 2);
    let (mut g, k, _) = koniggratz_position(t0);
    assert!(cf(&g, "p-vii") >= cf(&g, "a-g-koniggratz"));
    pass_to_siege(&mut g, &[]);
    // 8.1: Prussia declares first
    assert_eq!(g.st.g.step, Step::Siege(Side::Prussia));
    assert!(g.legal().contains(&SdCommand::Besiege { fortress: k }));
    g.apply(&SdCommand::Besiege { fortress: k }).unwrap();
    // 8.2: a Siege 0 marker, nothing more this turn
    assert_eq!(g.st.g.sieges.len(), 1);
    assert_eq!(g.st.g.sieges[0].level, 0);
    assert_eq!(g.st.g.sieges[0].by, Side::Prussia);
    finish_turn(&mut g);
    // the shaded turn: Siege 0 is immune (8.3), the level check rolls 3 (8.4's example)
    assert_eq!(g.st.g.turn, t0 + 1);
    assert!(g.rules.charts.siege_turn(t0 + 1));
    let before = rolls(&g);
    pass_to_siege(&mut g, &[3]);
    let siege_rolls: Vec<&str> = g.dice.rolls[before..]
        .iter()
        .filter(|r| r.rule == "8.3" || r.rule == "8.4")
        .map(|r| r.rule.as_str())
        .collect();
    assert_eq!(siege_rolls, ["8.4"], "no surrender roll at Siege 0 (8.3)");
    assert_eq!(g.st.g.sieges[0].level, 1, "8.4: Siege 0, a 3: Siege 1");
    assert!(log_has(&g, "8.3", "immune"));
    finish_turn(&mut g);
    // unshaded turns: no checks at all
    while !g.rules.charts.siege_turn(g.st.g.turn) {
        let before = rolls(&g);
        pass_to_siege(&mut g, &[]);
        let siege_rolls = g
            .dice
            .rolls
            .iter()
            .skip(before)
            .filter(|r| r.rule == "8.3" || r.rule == "8.4")
            .count();
        assert_eq!(siege_rolls, 0, "no siege checks on an unshaded turn");
        assert_eq!(g.st.g.sieges[0].level, 1);
        finish_turn(&mut g);
    }
    // the next shaded turn: the surrender check, a 1 <= Siege 1
    let vp_before = g.st.g.vp;
    let lp_before = g.st.g.lp;
    pass_to_siege(&mut g, &[1]);
    let gar = id(&g, "a-g-koniggratz");
    let hq = id(&g, "a-hq-iser");
    assert_eq!(g.st.units[gar as usize].gone, Some(Fate::Eliminated));
    assert_eq!(g.st.units[hq as usize].gone, Some(Fate::Eliminated));
    assert!(units_at(&g.rules, &g.st, k).is_empty());
    assert!(
        g.st.g.sieges.is_empty(),
        "the marker goes with the fortress"
    );
    // 8.3: the defender suffers 3 LP; 14.0: 1 VP each, 4 VP for the HQ
    assert_eq!(
        g.st.g.lp[Side::Austria.idx()],
        lp_before[Side::Austria.idx()] + 3
    );
    assert_eq!(
        g.st.g.vp[Side::Prussia.idx()],
        vp_before[Side::Prussia.idx()] + 3 + 4
    );
}

// rule 8.4: the example (Siege 0, a 3: Siege 1, no surrender roll before the next shaded
// turn); a die above the table's number leaves the level; a failed surrender check is
// followed by the level check (8.3 then 8.4).
#[test]
fn siege_level_table_and_the_8_4_example() {
    let probe = empty_game(1);
    let t = turn_before_shaded(&probe, 2) + 1;
    let (mut g, k, _) = koniggratz_position(t);
    let vii = id(&g, "p-vii");
    let at = g.st.units[vii as usize].hex.unwrap();
    g.st.g.sieges.push(Siege {
        fortress: k,
        by: Side::Prussia,
        level: 1,
        new: false,
        besiegers: vec![(vii, at)],
    });
    let no_rise = (1..=6)
        .find(|&d| !g.rules.charts.siege_increase(1, d))
        .unwrap();
    let before = rolls(&g);
    // surrender check 2 > Siege 1: holds; level check `no_rise`: stays
    pass_to_siege(&mut g, &[2, no_rise]);
    let r: Vec<_> = g.dice.rolls[before..]
        .iter()
        .filter(|r| r.rule == "8.3" || r.rule == "8.4")
        .map(|r| (r.rule.clone(), r.die))
        .collect();
    assert_eq!(r, vec![("8.3".into(), 2), ("8.4".into(), no_rise)]);
    assert_eq!(g.st.g.sieges[0].level, 1);
    assert!(
        g.st.units[id(&g, "a-g-koniggratz") as usize].gone.is_none(),
        "2 > Siege 1: no surrender"
    );
}

// rule 8.1, 5.3: besiegers need supplied, un-Disrupted printed CFs at least equal to the
// (not quadrupled) CFs inside, from one or several hexes; an empty fortress is not besieged.
#[test]
fn siege_eligibility_counts_printed_supplied_undisrupted_cf() {
    let (mut g, k, other) = koniggratz_position(3);
    put(&mut g, "a-i", k);
    let inside = cf(&g, "a-g-koniggratz") + cf(&g, "a-i");
    assert!(cf(&g, "p-vii") < inside);
    assert!(cf(&g, "p-vii") + cf(&g, "p-viii") >= inside);
    assert!(cf(&g, "p-vii") + cf(&g, "p-viii") < 4 * inside);
    pass_to_siege(&mut g, &[]);
    let besiege = SdCommand::Besiege { fortress: k };
    let e = g.apply(&besiege).unwrap_err();
    assert_eq!(e.rule, "8.1");
    assert!(e.reason.contains("less than"), "{}", e.reason);
    // a second unit in another hex: several hexes add up (not quadrupled)
    put(&mut g, "p-viii", other);
    assert!(g.legal().contains(&besiege));
    // Disrupted units do not count
    let viii = id(&g, "p-viii");
    g.st.units[viii as usize].disrupted = true;
    assert_eq!(g.apply(&besiege).unwrap_err().rule, "8.1");
    // 5.3: Out of Supply units do not count
    g.st.units[viii as usize].disrupted = false;
    g.st.units[viii as usize].oos = true;
    assert_eq!(g.apply(&besiege).unwrap_err().rule, "8.1");
    g.st.units[viii as usize].oos = false;
    // an empty enemy fortress is entered, not besieged
    let j = hex("2406");
    let n = austrian_neighbours(&g, j);
    let e = g.apply(&SdCommand::Besiege { fortress: j }).unwrap_err();
    assert_eq!(e.rule, "8.1");
    if let Some(&x) = n.iter().find(|&&x| x != other && x.distance(k) > 1) {
        put(&mut g, "p-i", x);
        let e = g.apply(&SdCommand::Besiege { fortress: j }).unwrap_err();
        assert!(e.reason.contains("no enemy units"), "{}", e.reason);
    }
    // a city is not a fortress
    let e = g
        .apply(&SdCommand::Besiege {
            fortress: hex("1811"),
        })
        .unwrap_err();
    assert_eq!(e.rule, "8.1");
    let candidates: Vec<SdCommand> = g
        .rules
        .map
        .places
        .iter()
        .flat_map(|p| {
            [
                SdCommand::Besiege { fortress: p.hex },
                SdCommand::Lift { fortress: p.hex },
            ]
        })
        .collect();
    check_agrees_with_legal(&g, &candidates);
    g.apply(&besiege).unwrap();
    assert_eq!(g.st.g.sieges[0].besiegers.len(), 2);
    check_agrees_with_legal(&g, &candidates);
    // then Austria (8.1: Prussia declares first)
    g.apply(&SdCommand::Done).unwrap();
    assert_eq!(g.st.g.step, Step::Siege(Side::Austria));
}

// rule 8.5 (1): a besieging unit that moves ends the siege even if it stays next to the
// fortress; a unit that is not besieging moves freely.
#[test]
fn siege_ends_when_a_besieger_moves() {
    let (mut g, k, other) = koniggratz_position(3);
    pass_to_siege(&mut g, &[]);
    g.apply(&SdCommand::Besiege { fortress: k }).unwrap();
    finish_turn(&mut g);
    g.st.g.step = Step::Activate;
    g.st.g.initiative = Some(Side::Prussia);
    g.st.g.ip = 6;
    // a Prussian unit away from the siege moves: the siege stays
    let far = austrian_neighbours(&g, other)
        .into_iter()
        .find(|h| h.distance(k) > 1)
        .unwrap();
    put(&mut g, "p-v", far);
    let v = id(&g, "p-v");
    g.apply(&SdCommand::ActivateUnit { unit: v }).unwrap();
    let to = g
        .legal()
        .into_iter()
        .find(|c| matches!(c, SdCommand::Move { unit, to } if *unit == v && to.distance(k) > 1))
        .expect("a move for V Corps");
    g.apply(&to).unwrap();
    assert_eq!(g.st.g.sieges.len(), 1);
    // the besieger moves to another hex next to the fortress: the siege ends
    let vii = id(&g, "p-vii");
    g.apply(&SdCommand::ActivateUnit { unit: vii }).unwrap();
    let mv = g
        .legal()
        .into_iter()
        .find(|c| matches!(c, SdCommand::Move { unit, to } if *unit == vii && to.distance(k) == 1))
        .or_else(|| {
            g.legal()
                .into_iter()
                .find(|c| matches!(c, SdCommand::Move { unit, .. } if *unit == vii))
        })
        .expect("a move for VII Corps");
    g.apply(&mv).unwrap();
    assert!(g.st.g.sieges.is_empty());
    assert!(log_has(&g, "8.5", "moved"));
}

// rule 8.5 (3): the besieger announces the siege lifted; only its own sieges.
#[test]
fn siege_is_lifted_by_announcement() {
    let (mut g, k, _) = koniggratz_position(3);
    pass_to_siege(&mut g, &[]);
    let lift = SdCommand::Lift { fortress: k };
    assert_eq!(g.apply(&lift).unwrap_err().rule, "8.5");
    g.apply(&SdCommand::Besiege { fortress: k }).unwrap();
    g.apply(&SdCommand::Done).unwrap();
    // Austria cannot lift Prussia's siege
    assert_eq!(g.apply(&lift).unwrap_err().rule, "8.5");
    finish_turn(&mut g);
    pass_to_siege(&mut g, &[6]);
    assert_eq!(g.st.g.sieges.len(), 1);
    g.apply(&lift).unwrap();
    assert!(g.st.g.sieges.is_empty());
}

// rule 8.2 ("nothing more happens this turn"), our reading (docs/games/sadowa.md): a
// siege declared in this Siege Phase is not lifted in the same phase, so a declaration
// and a lift cannot alternate without end (found by the computer, which did so for
// thousands of commands); from the next turn the lift is legal again, and a lift then
// a new declaration in one phase leaves a Siege 0 that stands.
#[test]
fn a_siege_declared_this_turn_is_not_lifted_in_the_same_phase() {
    let (mut g, k, _) = koniggratz_position(3);
    pass_to_siege(&mut g, &[]);
    g.apply(&SdCommand::Besiege { fortress: k }).unwrap();
    let lift = SdCommand::Lift { fortress: k };
    assert!(!g.legal().contains(&lift), "{:?}", g.legal());
    let r = g.apply(&lift).unwrap_err();
    assert_eq!(r.rule, "8.2");
    assert!(r.reason.contains("declared this turn"), "{}", r.reason);
    assert_eq!(g.st.g.sieges.len(), 1);
    assert_eq!(
        g.legal(),
        vec![SdCommand::Done],
        "only Done is left to Prussia"
    );
    g.apply(&SdCommand::Done).unwrap();
    finish_turn(&mut g);
    pass_to_siege(&mut g, &[6]);
    assert_eq!(g.st.g.step, Step::Siege(Side::Prussia));
    assert!(g.legal().contains(&lift));
    g.apply(&lift).unwrap();
    // declared again in the same phase: a new Siege 0 that cannot be lifted now
    g.apply(&SdCommand::Besiege { fortress: k }).unwrap();
    assert_eq!(g.apply(&lift).unwrap_err().rule, "8.2");
    assert_eq!(g.legal(), vec![SdCommand::Done]);
}

// rule 8.5 (2), 5.3: when the besiegers still eligible (not Disrupted, supplied, in place)
// fall below the CFs inside, the siege ends before any check of the Siege Phase.
#[test]
fn siege_ends_when_the_besiegers_cf_falls_short() {
    for spoil in ["disrupted", "oos", "retreated"] {
        let probe = empty_game(1);
        let t0 = turn_before_shaded(&probe, 2);
        let (mut g, k, other) = koniggratz_position(t0);
        pass_to_siege(&mut g, &[]);
        g.apply(&SdCommand::Besiege { fortress: k }).unwrap();
        finish_turn(&mut g);
        // as if combat or supply had struck VII Corps during the operations
        let vii = id(&g, "p-vii");
        match spoil {
            "disrupted" => g.st.units[vii as usize].disrupted = true,
            "oos" => g.st.units[vii as usize].oos = true,
            _ => {
                let away = austrian_neighbours(&g, other)
                    .into_iter()
                    .find(|h| h.distance(k) > 1)
                    .unwrap();
                g.st.units[vii as usize].hex = Some(away);
            }
        }
        let before = rolls(&g);
        pass_to_siege(&mut g, &[3, 3]);
        assert!(g.st.g.sieges.is_empty(), "{spoil}: the siege ends");
        assert!(
            !g.dice.rolls[before..].iter().any(|r| r.rule == "8.4"),
            "{spoil}: no level check for an ended siege"
        );
        assert!(log_has(&g, "8.5", "eligible"), "{spoil}");
    }
}

// rule 8.6, 8.8: besieged units (garrisons too) cannot move out; friendly units cannot move
// in.
// rule 8.6 / 8.7: besieged units cannot move out, but they may attack out of the
// fortress (audit defect 1: they could not even be activated).
#[test]
fn besieged_units_may_attack_out() {
    let (mut g, k, _) = koniggratz_position(3);
    put(&mut g, "a-i", k);
    let second = austrian_neighbours(&g, k)[1];
    put(&mut g, "p-viii", second);
    pass_to_siege(&mut g, &[]);
    g.apply(&SdCommand::Besiege { fortress: k }).unwrap();
    finish_turn(&mut g);
    g.st.g.step = Step::Activate;
    g.st.g.initiative = Some(Side::Austria);
    g.st.g.ip = 6;
    let a_i = id(&g, "a-i");
    let viii = id(&g, "p-viii");
    g.apply(&SdCommand::ActivateUnit { unit: a_i }).unwrap();
    g.apply(&SdCommand::EndMovement).unwrap();
    let attack = SdCommand::Attack {
        lead: a_i,
        target: viii,
    };
    assert!(g.legal().contains(&attack));
    g.apply(&attack).unwrap();
    assert!(g.st.units[a_i as usize].attacked || g.st.units[a_i as usize].gone.is_some());
}

#[test]
fn besieged_fortress_closed_both_ways() {
    let (mut g, k, _) = koniggratz_position(3);
    put(&mut g, "a-i", k);
    let second = austrian_neighbours(&g, k)[1];
    put(&mut g, "p-viii", second);
    pass_to_siege(&mut g, &[]);
    g.apply(&SdCommand::Besiege { fortress: k }).unwrap();
    finish_turn(&mut g);
    g.st.g.step = Step::Activate;
    g.st.g.initiative = Some(Side::Austria);
    g.st.g.ip = 6;
    let a_i = id(&g, "a-i");
    // 8.6: activated (it may attack out, 8.7), but it cannot move out
    g.apply(&SdCommand::ActivateUnit { unit: a_i }).unwrap();
    assert!(
        !g.legal()
            .iter()
            .any(|c| matches!(c, SdCommand::Move { unit, .. } if *unit == a_i))
    );
    let e = g
        .apply(&SdCommand::Move {
            unit: a_i,
            to: second,
        })
        .unwrap_err();
    assert_eq!(e.rule, "8.6");
    // an Austrian corps outside may not enter the besieged fortress
    let outside = g
        .rules
        .map
        .hex
        .neighbors(k)
        .map(|(_, n)| n)
        .find(|&n| {
            g.rules.map.hex.contains(n)
                && units_at(&g.rules, &g.st, n).is_empty()
                && !g.rules.map.is_mountain(n)
        })
        .unwrap();
    put(&mut g, "a-ii", outside);
    let ii = id(&g, "a-ii");
    g.apply(&SdCommand::ActivateUnit { unit: ii }).unwrap();
    let into = SdCommand::Move { unit: ii, to: k };
    assert!(!g.legal().contains(&into));
    assert!(g.apply(&into).is_err());
}

// rule 9.1, 9.2, 9.5: unnamed garrisons enter on friendly-controlled, supplied cities and
// fortresses without a garrison (one each); named garrisons never return; destroyed unnamed
// ones do.
#[test]
fn unnamed_garrisons_enter_as_reinforcements() {
    let mut g = empty_game(3);
    put(&mut g, "p-g-glatz", hex("2704"));
    let dresden = hex("1208");
    let di = g
        .rules
        .map
        .places
        .iter()
        .position(|p| p.hex == dresden)
        .unwrap();
    g.st.g.control[di] = Side::Prussia;
    pass_to_siege(&mut g, &[]);
    g.apply(&SdCommand::Done).unwrap();
    g.apply(&SdCommand::Done).unwrap();
    assert_eq!(g.st.g.step, Step::Reinforce(Side::Prussia));
    let g1 = id(&g, "p-g-1");
    let g2 = id(&g, "p-g-2");
    let glatz_g = id(&g, "p-g-glatz");
    let mut candidates = Vec::new();
    for u in [g1, g2, glatz_g, id(&g, "a-g-1")] {
        for p in &g.rules.map.places {
            candidates.push(SdCommand::Garrison {
                unit: u,
                hex: p.hex,
            });
        }
        candidates.push(SdCommand::Garrison {
            unit: u,
            hex: hex("1510"),
        });
    }
    check_agrees_with_legal(&g, &candidates);
    // 9.2: only a city or fortress
    let e = g
        .apply(&SdCommand::Garrison {
            unit: g2,
            hex: hex("1510"),
        })
        .unwrap_err();
    assert_eq!(e.rule, "9.2");
    // 9.5: not on an enemy-controlled place
    let e = g
        .apply(&SdCommand::Garrison {
            unit: g2,
            hex: hex("1811"),
        })
        .unwrap_err();
    assert_eq!(e.rule, "9.5");
    // 9.2: Glatz has its named garrison
    let e = g
        .apply(&SdCommand::Garrison {
            unit: g2,
            hex: hex("2704"),
        })
        .unwrap_err();
    assert_eq!(e.rule, "9.2");
    // any unnamed garrison of the pool, on a friendly place in Saxony (9.5: any country)
    g.apply(&SdCommand::Garrison {
        unit: g2,
        hex: dresden,
    })
    .unwrap();
    assert_eq!(g.st.units[g2 as usize].hex, Some(dresden));
    let e = g
        .apply(&SdCommand::Garrison {
            unit: g1,
            hex: dresden,
        })
        .unwrap_err();
    assert_eq!(e.rule, "9.2");
    check_agrees_with_legal(&g, &candidates);
    // 9.1: a destroyed named garrison stays destroyed; a destroyed unnamed one returns
    g.st.units[glatz_g as usize] = UnitState {
        gone: Some(Fate::Eliminated),
        ..UnitState::default()
    };
    g.st.units[g2 as usize] = UnitState {
        gone: Some(Fate::Eliminated),
        ..UnitState::default()
    };
    let e = g
        .apply(&SdCommand::Garrison {
            unit: glatz_g,
            hex: hex("2704"),
        })
        .unwrap_err();
    assert_eq!(e.rule, "9.5");
    g.apply(&SdCommand::Garrison {
        unit: g2,
        hex: hex("2704"),
    })
    .unwrap();
    assert_eq!(g.st.units[g2 as usize].on_map(), Some(hex("2704")));
    check_agrees_with_legal(&g, &candidates);
}

// rule 9.5, 8.8: no garrison enters a fortress the enemy besieges.
#[test]
fn no_garrison_into_a_besieged_fortress() {
    let (mut g, k, _) = koniggratz_position(3);
    // the Iser HQ alone inside (no garrison), besieged
    let gar = id(&g, "a-g-koniggratz");
    g.st.units[gar as usize].hex = None;
    pass_to_siege(&mut g, &[]);
    g.apply(&SdCommand::Besiege { fortress: k }).unwrap();
    g.apply(&SdCommand::Done).unwrap();
    g.apply(&SdCommand::Done).unwrap();
    g.apply(&SdCommand::Done).unwrap();
    assert_eq!(g.st.g.step, Step::Reinforce(Side::Austria));
    let a1 = id(&g, "a-g-1");
    let e = g
        .apply(&SdCommand::Garrison { unit: a1, hex: k })
        .unwrap_err();
    assert_eq!(e.rule, "8.8");
    g.apply(&SdCommand::Garrison {
        unit: a1,
        hex: hex("1811"),
    })
    .unwrap();
}

// rule 9.3, 9.4: garrisons exert no ZOC and never move or attack.
#[test]
fn garrisons_have_no_zoc_and_never_attack() {
    let mut g = empty_game(3);
    let k = hex(KONIGGRATZ);
    put(&mut g, "a-g-koniggratz", k);
    let n = austrian_neighbours(&g, k)[0];
    assert!(!feldzug::games::sadowa::movement::in_enemy_zoc(
        &g.rules,
        &g.st,
        n,
        Side::Austria
    ));
    g.st.g.initiative = Some(Side::Austria);
    let gar = id(&g, "a-g-koniggratz");
    let e = g.apply(&SdCommand::ActivateUnit { unit: gar }).unwrap_err();
    assert!(e.reason.contains("garrison"), "{}", e.reason);
}

// rule 8.5 (2): with nothing but an HQ inside (0 CF), the siege still ends when no eligible
// besieging unit is left.
#[test]
fn siege_of_an_hq_alone_ends_without_eligible_besiegers() {
    let probe = empty_game(1);
    let t0 = turn_before_shaded(&probe, 2);
    let (mut g, k, _) = koniggratz_position(t0);
    let gar = id(&g, "a-g-koniggratz");
    g.st.units[gar as usize].hex = None;
    pass_to_siege(&mut g, &[]);
    g.apply(&SdCommand::Besiege { fortress: k }).unwrap();
    finish_turn(&mut g);
    let vii = id(&g, "p-vii");
    g.st.units[vii as usize].disrupted = true;
    pass_to_siege(&mut g, &[3]);
    assert!(g.st.g.sieges.is_empty());
}

// rule 8.5 (2): one of two besiegers Disrupted leaves the other short of the CFs inside.
#[test]
fn siege_ends_when_the_remaining_besiegers_fall_short() {
    let probe = empty_game(1);
    let t0 = turn_before_shaded(&probe, 2);
    let (mut g, k, other) = koniggratz_position(t0);
    put(&mut g, "a-i", k);
    put(&mut g, "p-viii", other);
    let inside = cf(&g, "a-g-koniggratz") + cf(&g, "a-i");
    assert!(cf(&g, "p-vii") < inside && cf(&g, "p-vii") + cf(&g, "p-viii") >= inside);
    pass_to_siege(&mut g, &[]);
    g.apply(&SdCommand::Besiege { fortress: k }).unwrap();
    finish_turn(&mut g);
    // both still eligible: the siege holds through this shaded turn's checks
    pass_to_siege(&mut g, &[6]);
    assert_eq!(g.st.g.sieges.len(), 1);
    finish_turn(&mut g);
    let viii = id(&g, "p-viii");
    g.st.units[viii as usize].disrupted = true;
    pass_to_siege(&mut g, &[]);
    assert!(g.st.g.sieges.is_empty());
    assert!(log_has(&g, "8.5", "less than"));
}

/// Candidate commands of the steps of these files, for `check_agrees_with_legal`.
fn candidates(g: &G) -> Vec<SdCommand> {
    let r = &g.rules;
    let mut v = vec![
        SdCommand::Done,
        SdCommand::AnnounceGhq,
        SdCommand::PlaceRest,
        SdCommand::EndSetup,
        SdCommand::Armistice(true),
        SdCommand::Armistice(false),
    ];
    match g.st.g.step {
        Step::Siege(_) => {
            for p in &r.map.places {
                v.push(SdCommand::Besiege { fortress: p.hex });
                v.push(SdCommand::Lift { fortress: p.hex });
            }
        }
        Step::Reinforce(_) => {
            for u in r.ids() {
                for p in &r.map.places {
                    v.push(SdCommand::Garrison {
                        unit: u,
                        hex: p.hex,
                    });
                }
            }
            for h in r.map.hex.coords() {
                v.push(SdCommand::PlaceGhq { hex: h });
            }
        }
        Step::Setup(_) => {
            for u in r.ids() {
                for h in r.map.hex.coords() {
                    v.push(SdCommand::Place { unit: u, hex: h });
                }
            }
        }
        _ => {}
    }
    v
}

// rule 8.1, 9.5, 10.1, 4.7, 13.0: in random games, `check` agrees with `legal` at every
// decision of the Siege, Reinforcement, Armistice and Set-up steps.
#[test]
fn check_agrees_with_legal_in_random_games() {
    use rand::SeedableRng;
    let rules = rules();
    let mut seen = 0;
    for seed in 0..6u64 {
        let mut g = G::new(rules.clone(), seed);
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
        while !g.over() && g.commands.len() < 5000 {
            if matches!(
                g.st.g.step,
                Step::Siege(_) | Step::Reinforce(_) | Step::Armistice(_) | Step::Setup(_)
            ) && g.st.g.pending.is_empty()
            {
                check_agrees_with_legal(&g, &candidates(&g));
                seen += 1;
            }
            let cmd = Sadowa::random_play(&g.rules, &g.st, &mut rng).expect("a command");
            g.apply(&cmd).expect("legal");
        }
    }
    assert!(seen > 20);
}

// rule 9.4 vs 8.1 (audit2 item 5, a reading, docs/games/sadowa.md "Readings"): a garrison
// in a city is not besieged; only fortresses are (8.1-8.9 give the procedure for
// fortresses only); the city garrison is attacked instead.
#[test]
fn a_city_garrison_is_not_besieged() {
    let mut g = empty_game(3);
    let pardubitz = hex("2508");
    assert!(g.rules.map.place(pardubitz).is_some());
    put(&mut g, "a-g-1", pardubitz);
    let n = austrian_neighbours(&g, pardubitz);
    put(&mut g, "p-i", n[0]);
    pass_to_siege(&mut g, &[]);
    assert_eq!(g.st.g.step, Step::Siege(Side::Prussia));
    let besiege = SdCommand::Besiege {
        fortress: pardubitz,
    };
    assert!(!g.legal().contains(&besiege));
    let e = g.apply(&besiege).unwrap_err();
    assert_eq!(e.rule, "8.1");
    assert!(e.reason.contains("not a fortress"), "{}", e.reason);
    assert!(g.st.g.sieges.is_empty());
}
