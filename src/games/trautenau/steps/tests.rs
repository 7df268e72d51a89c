//! The guard that a step's fast `check` agrees with its list of legal commands: over
//! random games of the three scenarios, every listed command is accepted, and every
//! command near a listed one (another hex, facing, unit or turn) or of another step is
//! accepted exactly when the list holds it. The free-form declarations and defences
//! (9.5.1, 9.5.3: any split of the points) are accepted beyond the list's samples.

use super::super::state::*;
use super::super::{PureGame, load_rules, random_command};
use crate::engine::hexmap::{Coord, Dir};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn near(g: &PureGame, legal: &[TsCommand]) -> Vec<TsCommand> {
    let map = &g.rules.map;
    let around = |c: Coord| -> Vec<Coord> { map.neighbors(c).map(|(_, n)| n).collect() };
    let mut out: Vec<TsCommand> = Vec::new();
    for c in legal.iter().step_by(1 + legal.len() / 40) {
        match c.clone() {
            TsCommand::Move { unit, to, facing } => {
                for n in around(to) {
                    out.push(TsCommand::Move {
                        unit,
                        to: n,
                        facing,
                    });
                }
                for f in Dir::ALL {
                    out.push(TsCommand::Move {
                        unit,
                        to,
                        facing: f,
                    });
                }
                out.push(TsCommand::Move {
                    unit: (unit + 1) % g.st.units.len() as UnitId,
                    to,
                    facing,
                });
            }
            TsCommand::MoveChief { leader, to } => {
                for n in around(to) {
                    out.push(TsCommand::MoveChief { leader, to: n });
                }
            }
            TsCommand::MoveLeader { leader, to } => {
                for n in around(to) {
                    out.push(TsCommand::MoveLeader { leader, to: n });
                }
            }
            TsCommand::Barrage { unit, target, .. } => {
                for t in Dir::ALL.into_iter().map(Some).chain([None]) {
                    out.push(TsCommand::Barrage {
                        unit,
                        target,
                        turn: t,
                    });
                }
            }
            TsCommand::Retreat { unit, to, .. } => {
                for n in around(to) {
                    for f in Dir::ALL {
                        out.push(TsCommand::Retreat {
                            unit,
                            to: n,
                            facing: f,
                        });
                    }
                }
            }
            TsCommand::RetreatBefore { to, facing, unit } => {
                for n in around(to) {
                    out.push(TsCommand::RetreatBefore {
                        to: n,
                        facing,
                        unit,
                    });
                }
                out.push(TsCommand::RetreatBefore {
                    to,
                    facing,
                    unit: None,
                });
            }
            TsCommand::Advance { unit, leaders, .. } => {
                for f in Dir::ALL {
                    out.push(TsCommand::Advance {
                        unit,
                        facing: f,
                        leaders: leaders.clone(),
                    });
                }
                out.push(TsCommand::Advance {
                    unit: None,
                    facing: Dir::N,
                    leaders: vec![],
                });
            }
            TsCommand::PlaceAide { leader, at } => {
                for n in around(at) {
                    out.push(TsCommand::PlaceAide { leader, at: n });
                }
            }
            TsCommand::Place { unit, to, facing } => {
                for n in around(to) {
                    out.push(TsCommand::Place {
                        unit,
                        to: n,
                        facing,
                    });
                }
            }
            _ => {}
        }
    }
    for u in (0..g.st.units.len() as UnitId).step_by(5) {
        out.push(TsCommand::Rally { unit: u });
        out.push(TsCommand::TakeCommand { unit: u });
        out.push(TsCommand::Evacuate { unit: u });
        out.push(TsCommand::Face {
            unit: u,
            facing: Dir::N,
        });
    }
    for f in 0..g.rules.formations.len() as u8 {
        out.push(TsCommand::ChooseFormation { formation: f });
    }
    for a in 0..=g.st.g.assaults.len() as u8 {
        out.push(TsCommand::Resolve { assault: a });
    }
    for d in 0..g.rules.decisions.len() as u8 {
        out.push(TsCommand::Decide {
            decision: d,
            take: true,
        });
    }
    out.push(TsCommand::Done);
    out
}

fn agree(id: &str, seeds: std::ops::Range<u64>) {
    let src = crate::engine::scenarios::find(id).unwrap();
    let rules = load_rules(&src, &[]).unwrap();
    let mut checked = 0usize;
    for seed in seeds {
        let mut g = PureGame::new(rules.clone(), seed);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x5eed);
        while !g.over() && g.commands.len() < 3000 {
            let legal = g.legal();
            let check = |c: &TsCommand| super::super::flow::check(&g.rules, &g.st, c);
            for c in &legal {
                assert!(
                    check(c).is_ok(),
                    "{id} seed {seed} at {}: listed {c:?} refused: {:?}",
                    g.commands.len(),
                    check(c)
                );
            }
            for c in near(&g, &legal) {
                let ok = check(&c).is_ok();
                let free = matches!(c, TsCommand::Declare { .. } | TsCommand::Defend { .. });
                assert!(
                    ok == legal.contains(&c) || free && ok,
                    "{id} seed {seed} at {} ({:?}): check says {:?} for {c:?}, the list {}",
                    g.commands.len(),
                    super::id_of(&g.st),
                    check(&c),
                    if legal.contains(&c) {
                        "holds it"
                    } else {
                        "does not"
                    }
                );
                checked += 1;
            }
            let cmd = random_command(&g.rules, &g.st, &legal, &mut rng).unwrap();
            g.apply(&cmd).unwrap();
        }
    }
    assert!(checked > 1000, "{id}: only {checked} commands checked");
}

#[test]
fn check_agrees_with_the_legal_list_in_random_trautenau_games() {
    agree("trautenau", 0..3);
}

#[test]
fn check_agrees_with_the_legal_list_in_random_soor_games() {
    agree("soor", 0..2);
}

#[test]
fn check_agrees_with_the_legal_list_in_random_linked_games() {
    agree("trautenau-soor", 0..2);
}
