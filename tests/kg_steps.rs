//! The sequence of play as code (steps/): each step checks one command without building
//! the legal list, and that check must agree with the list, refusal by refusal.

use feldzug::engine::hexmap::Coord;
use feldzug::engine::scenarios;
use feldzug::engine::step;
use feldzug::games::koniggratz::data::KgRules;
use feldzug::games::koniggratz::flow::Game;
use feldzug::games::koniggratz::state::{KgCommand, KgState, Loc, Pending, UnitId};
use feldzug::games::koniggratz::{self, Koniggratz, PureGame, random_play, steps};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::BTreeSet;

fn hex_of(rules: &KgRules, st: &KgState, u: UnitId) -> Option<Coord> {
    match st.units[u as usize].loc {
        Loc::Map(c) => Some(c),
        Loc::Off => rules.units[u as usize]
            .entry
            .as_ref()
            .and_then(|e| rules.entry_hex(e.hex)),
        _ => None,
    }
}

/// Commands of every kind near the units: legal ones, and many that are not (other
/// units, other sides, hexes out of reach, wrong steps).
fn candidates(rules: &KgRules, st: &KgState, rng: &mut Xoshiro256PlusPlus) -> Vec<KgCommand> {
    let m = &rules.map;
    let n = st.units.len() as UnitId;
    let mut out = vec![
        KgCommand::Pass,
        KgCommand::Artillery { support: false },
        KgCommand::Artillery { support: true },
    ];
    let near = |c: Coord, rng: &mut Xoshiro256PlusPlus| {
        let all: Vec<Coord> = m.within(c, 3).collect();
        all[rng.random_range(0..all.len())]
    };
    let any_hex = |rng: &mut Xoshiro256PlusPlus| {
        Coord::new(
            rng.random_range(0..m.cols + 2),
            rng.random_range(0..m.rows + 2),
        )
    };
    for _ in 0..10 {
        let u = rng.random_range(0..n);
        let at = match hex_of(rules, st, u) {
            Some(c) => near(c, rng),
            None => any_hex(rng),
        };
        out.push(KgCommand::Move { unit: u, to: at });
        out.push(KgCommand::ExitEzoc { unit: u, to: at });
        out.push(KgCommand::FlipToMarch { unit: u });
        out.push(KgCommand::SelectReturning { unit: u });
        out.push(KgCommand::ReturnBlown { unit: u, at });
        out.push(KgCommand::PlaceBombardment { at });
        out.push(KgCommand::Retreat { to: at });
        out.push(KgCommand::PlaceHq {
            hq: rng.random_range(0..rules.hqs.len() as u8),
            at,
            battle: rng.random_bool(0.5),
        });
        // attacks on each neighbour, and on a random unit
        if let Loc::Map(c) = st.units[u as usize].loc {
            for (_, nb) in m.neighbors(c) {
                if let Some(d) = (0..n).find(|&d| st.units[d as usize].loc == Loc::Map(nb)) {
                    out.push(KgCommand::Attack {
                        attacker: u,
                        defender: d,
                    });
                }
            }
        }
        out.push(KgCommand::Attack {
            attacker: u,
            defender: rng.random_range(0..n),
        });
    }
    if let Some(Pending::Retreat { unit, .. }) = st.g.pending.last()
        && let Loc::Map(c) = st.units[*unit as usize].loc
    {
        out.extend(m.within(c, 3).map(|to| KgCommand::Retreat { to }));
    }
    // unknown units and HQs
    out.push(KgCommand::Move {
        unit: n,
        to: Coord::new(1, 1),
    });
    out.push(KgCommand::PlaceHq {
        hq: rules.hqs.len() as u8,
        at: Coord::new(1, 1),
        battle: false,
    });
    out
}

#[test]
fn the_fast_check_agrees_with_the_legal_list_over_random_games() {
    // rule 4.0: one source of legality per step; `check` asks only about the command
    // given, and must accept exactly the listed commands, with the refusal the step
    // explains (the same the UI shows).
    let src = scenarios::find("koniggratz").unwrap();
    let rules = koniggratz::load_rules(&src, &[]).unwrap();
    let mut steps_seen = BTreeSet::new();
    let mut refused = 0usize;
    for seed in 0..6u64 {
        let mut g = PureGame::new(rules.clone(), seed);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0xc4ec);
        while !g.over() && g.commands.len() < 20_000 {
            let legal = g.legal();
            steps_seen.insert(steps::of(&g.st).name());
            let check = |c: &KgCommand| step::check::<Koniggratz>(&g.rules, &g.st, c);
            for c in &legal {
                assert_eq!(check(c), Ok(()), "seed {seed}: listed {c:?} refused");
            }
            for c in candidates(&g.rules, &g.st, &mut rng) {
                let r = check(&c);
                assert_eq!(
                    r.is_ok(),
                    legal.contains(&c),
                    "seed {seed} in {:?}: {c:?} -> {r:?}",
                    g.st.g.step
                );
                if let Err(r) = r {
                    refused += 1;
                    let mut st = g.st.clone();
                    let mut dice = g.dice.clone();
                    let mut log = g.log.clone();
                    let explained = Game {
                        rules: &g.rules,
                        st: &mut st,
                        dice: &mut dice,
                        log: &mut log,
                    }
                    .refusal(&c);
                    assert_eq!(explained, r, "seed {seed}: {c:?}");
                    assert!(!r.reason.is_empty());
                }
            }
            // the fast random player picks a listed command, and finds one whenever
            // there is one
            let cmd = random_play(&g.rules, &g.st, &mut rng)
                .unwrap_or_else(|| panic!("seed {seed}: no command in {:?}", g.st.g.step));
            assert!(legal.contains(&cmd), "seed {seed}: {cmd:?} not listed");
            g.apply(&cmd).unwrap();
        }
        assert!(g.over(), "seed {seed}");
        assert_eq!(
            step::check::<Koniggratz>(&g.rules, &g.st, &KgCommand::Pass)
                .unwrap_err()
                .rule,
            "5.0"
        );
    }
    assert!(refused > 10_000, "{refused}");
    for s in [
        "HQ placement",
        "Blown units: return",
        "Bombardment",
        "Formations",
        "Exits from enemy ZOCs",
        "Movement",
        "Attack",
        "Artillery support",
        "Retreat",
    ] {
        assert!(steps_seen.contains(s), "{s} never reached: {steps_seen:?}");
    }
}

#[test]
fn the_side_to_act_is_the_steps() {
    // rule 4.0: the step says who decides; the shared layer reports it.
    use feldzug::engine::game::RulesGame;
    let src = scenarios::find("koniggratz").unwrap();
    let rules = koniggratz::load_rules(&src, &[]).unwrap();
    let mut g = PureGame::new(rules, 3);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let mut sides = BTreeSet::new();
    for _ in 0..400 {
        let to_act = step::to_act::<Koniggratz>(&g.rules, &g.st);
        assert_eq!(
            Koniggratz::side_to_act(&g.rules, &g.st),
            to_act.map(|s| s.name().to_string())
        );
        sides.insert(format!("{to_act:?}"));
        let Some(c) = random_play(&g.rules, &g.st, &mut rng) else {
            break;
        };
        g.apply(&c).unwrap();
    }
    assert!(sides.contains("Some(Austria)") && sides.contains("Some(Prussia)"));
}
