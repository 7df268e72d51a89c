//! 13.1, 13.2: set-up. Austria places first, then Prussia. Units with a fixed hex are on
//! the map already; those placed "within N hexes of" a hex are placed by their owner on
//! the hexes their area allows (radius, country, excluded hexes, stacking 3.1).

use super::refuse;
use crate::engine::dice::Dice;
use crate::engine::hexmap::Coord;
use crate::engine::log::GameLog;
use crate::engine::side::Side;
use crate::engine::step::PlayStep;
use crate::games::sadowa::Sadowa;
use crate::games::sadowa::data::{SdRules, Setup as Area, UnitId};
use crate::games::sadowa::flow::{Game, occupant, stack_ok};
use crate::games::sadowa::state::*;

#[derive(Default)]
pub struct Setup;

fn side_of(st: &SdState) -> Side {
    match st.g.step {
        Step::Setup(s) => s,
        _ => Side::Austria,
    }
}

/// The units `side` places by hand.
pub fn placed_by_hand(rules: &SdRules, side: Side) -> Vec<UnitId> {
    rules
        .ids()
        .filter(|&u| {
            rules.side(u) == side && matches!(rules.units[u as usize].setup, Area::Within { .. })
        })
        .collect()
}

/// The hexes of `u`'s set-up area where it may stand now (13.1, 13.2, 3.1).
pub fn area(rules: &SdRules, st: &SdState, u: UnitId) -> Vec<Coord> {
    let Some(d) = rules.unit(u) else {
        return Vec::new();
    };
    let Area::Within {
        of,
        radius,
        only,
        not,
        ..
    } = &d.setup
    else {
        return Vec::new();
    };
    rules
        .map
        .hex
        .within(*of, *radius)
        .filter(|&c| rules.map.hex.contains(c))
        .filter(|c| only.is_none_or(|k| rules.map.country(*c) == Some(k)))
        .filter(|c| !not.contains(c))
        .filter(|&c| occupant(rules, st, c) != Some(d.side.other()))
        .filter(|&c| st.units[u as usize].hex != Some(c))
        .filter(|&c| stack_ok(rules, st, u, c))
        .collect()
}

fn all_placed(rules: &SdRules, st: &SdState, side: Side) -> bool {
    placed_by_hand(rules, side)
        .iter()
        .all(|&u| st.units[u as usize].hex.is_some())
}

impl PlayStep<Sadowa> for Setup {
    fn name(&self) -> &'static str {
        "Set-up"
    }
    fn case(&self) -> &'static str {
        "13.0"
    }
    fn prompt(&self, rules: &SdRules, st: &SdState) -> String {
        let side = side_of(st);
        let left = placed_by_hand(rules, side)
            .iter()
            .filter(|&&u| st.units[u as usize].hex.is_none())
            .count();
        if left > 0 {
            format!(
                "{}: place your units in their set-up areas ({left} left), or place the rest as historically",
                side.name()
            )
        } else {
            format!(
                "{}: set-up complete; move units within their areas or end the set-up",
                side.name()
            )
        }
    }
    fn to_act(&self, _rules: &SdRules, st: &SdState) -> Option<Side> {
        Some(side_of(st))
    }
    fn takes(&self, cmd: &SdCommand) -> bool {
        matches!(
            cmd,
            SdCommand::Place { .. } | SdCommand::PlaceRest | SdCommand::EndSetup
        )
    }
    fn legal(&self, rules: &SdRules, st: &SdState, out: &mut Vec<SdCommand>) {
        let side = side_of(st);
        for u in placed_by_hand(rules, side) {
            for hex in area(rules, st, u) {
                out.push(SdCommand::Place { unit: u, hex });
            }
        }
        if all_placed(rules, st, side) {
            out.push(SdCommand::EndSetup);
        } else {
            out.push(SdCommand::PlaceRest);
        }
    }
    fn check(&self, rules: &SdRules, st: &SdState, cmd: &SdCommand) -> Result<(), Refusal> {
        let side = side_of(st);
        match cmd {
            SdCommand::Place { unit, hex } => {
                let Some(d) = rules.unit(*unit) else {
                    return Err(refuse("13.0", format!("there is no unit {unit}")));
                };
                if d.side != side {
                    return Err(refuse(
                        "13.0",
                        format!("{} is not {}'s to place", d.name, side.name()),
                    ));
                }
                if !matches!(d.setup, Area::Within { .. }) {
                    return Err(refuse("13.0", format!("{} has a fixed set-up hex", d.name)));
                }
                if !area(rules, st, *unit).contains(hex) {
                    let why = match &d.setup {
                        Area::Within {
                            of,
                            radius,
                            only,
                            not,
                            ..
                        } => {
                            let mut w = format!("{} sets up within {radius} hexes of {of}", d.name);
                            if let Some(k) = only {
                                w += &format!(", in {k:?}");
                            }
                            if !not.is_empty() {
                                let n: Vec<String> = not.iter().map(|c| c.to_string()).collect();
                                w += &format!(", not in {}", n.join(", "));
                            }
                            w + " (and at most four combat units a hex, 3.1)"
                        }
                        _ => String::new(),
                    };
                    return Err(refuse(
                        if side == Side::Austria {
                            "13.1"
                        } else {
                            "13.2"
                        },
                        format!("{hex} is not allowed: {why}"),
                    ));
                }
                Ok(())
            }
            SdCommand::PlaceRest => {
                if all_placed(rules, st, side) {
                    Err(refuse("13.0", "every unit is placed already"))
                } else {
                    Ok(())
                }
            }
            SdCommand::EndSetup => {
                if all_placed(rules, st, side) {
                    Ok(())
                } else {
                    Err(refuse("13.0", "some units are not placed yet"))
                }
            }
            _ => Err(refuse("13.0", "not a set-up command")),
        }
    }
    fn execute(
        &self,
        rules: &SdRules,
        st: &mut SdState,
        dice: &mut Dice,
        log: &mut GameLog,
        cmd: &SdCommand,
    ) {
        let side = side_of(st);
        let mut g = Game {
            rules,
            st,
            dice,
            log,
        };
        match cmd {
            SdCommand::Place { unit, hex } => {
                g.st.units[*unit as usize].hex = Some(*hex);
            }
            SdCommand::PlaceRest => {
                for u in placed_by_hand(rules, side) {
                    if g.st.units[u as usize].hex.is_some() {
                        continue;
                    }
                    let Area::Within { historical, .. } = rules.units[u as usize].setup else {
                        continue;
                    };
                    // the historical hex when the area allows it there (13.1/13.2, 3.1),
                    // else the legal hex nearest to it: always a legal set-up
                    let legal = area(rules, g.st, u);
                    let hex = if legal.contains(&historical) {
                        Some(historical)
                    } else {
                        legal
                            .iter()
                            .min_by_key(|c| (c.distance(historical), **c))
                            .copied()
                    };
                    g.st.units[u as usize].hex = hex;
                }
                g.note(
                    "13.0",
                    format!(
                        "{}: the remaining units are placed as historically",
                        side.name()
                    ),
                );
            }
            SdCommand::EndSetup => {
                g.note(
                    if side == Side::Austria {
                        "13.1"
                    } else {
                        "13.2"
                    },
                    format!("{} has set up", side.name()),
                );
                if side == Side::Austria {
                    g.st.g.step = Step::Setup(Side::Prussia);
                } else {
                    g.begin_turn();
                }
            }
            _ => {}
        }
    }
}
