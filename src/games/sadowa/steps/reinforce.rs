//! 9.5, 10.1, 10.2: in the Reinforcement Phase each side (Prussia first) may place
//! unnamed garrisons on its supplied cities and fortresses; Prussia may announce the
//! GHQ's entry (Austria gains the turn's VP) or place the GHQ announced last turn.

use super::refuse;
use crate::engine::dice::Dice;
use crate::engine::hexmap::Coord;
use crate::engine::log::GameLog;
use crate::engine::side::Side;
use crate::engine::step::PlayStep;
use crate::games::sadowa::Sadowa;
use crate::games::sadowa::data::{Kind, SdRules, UnitId};
use crate::games::sadowa::flow::{Game, controller, occupant, unit, units_at};
use crate::games::sadowa::state::*;
use crate::games::sadowa::supply;

#[derive(Default)]
pub struct Reinforce;

fn side_of(st: &SdState) -> Side {
    match st.g.step {
        Step::Reinforce(s) => s,
        _ => Side::Prussia,
    }
}

/// The unnamed garrisons of `side` in the pool (9.1: destroyed ones return to it).
pub fn pool(rules: &SdRules, st: &SdState, side: Side) -> Vec<UnitId> {
    rules
        .ids()
        .filter(|&u| {
            let d = &rules.units[u as usize];
            d.side == side && d.kind == Kind::Garrison && !d.named && unit(st, u).on_map().is_none()
        })
        .collect()
}

/// 9.5: friendly-controlled cities and fortresses without a garrison (9.2) that trace
/// supply; not a fortress besieged by the enemy (8.8: nothing friendly enters it).
pub fn garrison_hexes(rules: &SdRules, st: &SdState, side: Side) -> Vec<Coord> {
    let map = supply::supplied_hexes(rules, st);
    rules
        .map
        .places
        .iter()
        .map(|p| p.hex)
        .filter(|&h| controller(rules, st, h) == Some(side))
        .filter(|&h| occupant(rules, st, h) != Some(side.other()))
        .filter(|&h| !st.g.sieges.iter().any(|s| s.fortress == h && s.by != side))
        .filter(|&h| {
            !units_at(rules, st, h)
                .iter()
                .any(|&u| rules.kind(u) == Kind::Garrison)
        })
        .filter(|&h| {
            rules
                .map
                .hex
                .index(h)
                .is_some_and(|i| map.supplied[side.idx()].get(i).copied().unwrap_or(false))
        })
        .collect()
}

/// 10.1: hexes with a supplied (no Out of Supply marker and tracing supply now),
/// un-besieged Prussian combat unit (a corps; garrisons are combat units too, 2.2.1).
pub fn ghq_hexes(rules: &SdRules, st: &SdState) -> Vec<Coord> {
    let map = supply::supplied_hexes(rules, st);
    let mut v: Vec<Coord> = rules
        .ids()
        .filter(|&u| {
            rules.side(u) == Side::Prussia
                && (rules.kind(u).is_combat() || rules.kind(u) == Kind::Garrison)
        })
        .filter(|&u| !unit(st, u).oos && supply::in_supply(rules, st, &map, u))
        .filter(|&u| !crate::games::sadowa::siege::is_besieged(rules, st, u))
        .filter_map(|u| unit(st, u).on_map())
        .collect();
    v.sort();
    v.dedup();
    v
}

impl PlayStep<Sadowa> for Reinforce {
    fn name(&self) -> &'static str {
        "Reinforcements"
    }
    fn case(&self) -> &'static str {
        "4.5"
    }
    fn prompt(&self, _rules: &SdRules, st: &SdState) -> String {
        let side = side_of(st);
        let ghq = match (side, st.g.ghq) {
            (Side::Prussia, GhqStatus::Berlin) => "; you may announce the GHQ's entry (10.1)",
            (Side::Prussia, GhqStatus::Announced(t)) if t < st.g.turn => {
                "; place the GHQ with a supplied Prussian unit (10.1)"
            }
            _ => "",
        };
        format!(
            "{}: place unnamed garrisons on your supplied cities and fortresses{ghq}, then finish",
            side.name()
        )
    }
    fn to_act(&self, _rules: &SdRules, st: &SdState) -> Option<Side> {
        Some(side_of(st))
    }
    fn takes(&self, cmd: &SdCommand) -> bool {
        matches!(
            cmd,
            SdCommand::Garrison { .. }
                | SdCommand::AnnounceGhq
                | SdCommand::PlaceGhq { .. }
                | SdCommand::Done
        )
    }
    fn legal(&self, rules: &SdRules, st: &SdState, out: &mut Vec<SdCommand>) {
        let side = side_of(st);
        let hexes = garrison_hexes(rules, st, side);
        for u in pool(rules, st, side) {
            for &hex in &hexes {
                out.push(SdCommand::Garrison { unit: u, hex });
            }
        }
        let must_place =
            side == Side::Prussia && matches!(st.g.ghq, GhqStatus::Announced(t) if t < st.g.turn);
        if side == Side::Prussia && st.g.ghq == GhqStatus::Berlin {
            out.push(SdCommand::AnnounceGhq);
        }
        if must_place {
            for hex in ghq_hexes(rules, st) {
                out.push(SdCommand::PlaceGhq { hex });
            }
        }
        if !must_place || ghq_hexes(rules, st).is_empty() {
            out.push(SdCommand::Done);
        }
    }
    fn check(&self, rules: &SdRules, st: &SdState, cmd: &SdCommand) -> Result<(), Refusal> {
        let side = side_of(st);
        match cmd {
            SdCommand::Garrison { unit: u, hex } => {
                if !pool(rules, st, side).contains(u) {
                    return Err(refuse(
                        "9.5",
                        "that is not one of your unnamed garrisons waiting to enter",
                    ));
                }
                if garrison_hexes(rules, st, side).contains(hex) {
                    return Ok(());
                }
                let why = if rules.map.place(*hex).is_none() {
                    (
                        "9.2",
                        format!("{hex} is not a city or fortress: garrisons stand nowhere else"),
                    )
                } else if controller(rules, st, *hex) != Some(side) {
                    ("9.5", format!("you do not control {hex}"))
                } else if units_at(rules, st, *hex)
                    .iter()
                    .any(|&x| rules.kind(x) == Kind::Garrison)
                {
                    (
                        "9.2",
                        format!("{hex} has a garrison already (one a city or fortress)"),
                    )
                } else if st
                    .g
                    .sieges
                    .iter()
                    .any(|s| s.fortress == *hex && s.by != side)
                {
                    (
                        "8.8",
                        format!("{hex} is besieged: nothing friendly enters it"),
                    )
                } else {
                    (
                        "9.5",
                        format!("{hex} cannot trace a line of supply to a friendly source"),
                    )
                };
                Err(refuse(why.0, why.1))
            }
            SdCommand::AnnounceGhq => {
                if side == Side::Prussia && st.g.ghq == GhqStatus::Berlin {
                    Ok(())
                } else {
                    Err(refuse("10.1", "the GHQ's entry cannot be announced now"))
                }
            }
            SdCommand::PlaceGhq { hex } => {
                if side == Side::Prussia
                    && matches!(st.g.ghq, GhqStatus::Announced(t) if t < st.g.turn)
                    && ghq_hexes(rules, st).contains(hex)
                {
                    Ok(())
                } else {
                    Err(refuse(
                        "10.1",
                        format!(
                            "the GHQ enters the turn after its announcement, on a hex with a supplied, un-besieged Prussian combat unit; {hex} is not one"
                        ),
                    ))
                }
            }
            SdCommand::Done => {
                let must = side == Side::Prussia
                    && matches!(st.g.ghq, GhqStatus::Announced(t) if t < st.g.turn)
                    && !ghq_hexes(rules, st).is_empty();
                if must {
                    Err(refuse("10.1", "place the announced GHQ first"))
                } else {
                    Ok(())
                }
            }
            _ => Err(refuse("4.5", "not a reinforcement command")),
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
            SdCommand::Garrison { unit: u, hex } => {
                let s = &mut g.st.units[*u as usize];
                s.hex = Some(*hex);
                s.gone = None;
                s.committed = false;
                s.disrupted = false;
                s.oos = false;
                g.note(
                    "9.5",
                    format!("{} enters an unnamed garrison at {hex}", side.name()),
                );
            }
            SdCommand::AnnounceGhq => {
                let t = g.st.g.turn;
                g.st.g.ghq = GhqStatus::Announced(t);
                let vp = rules.charts.ghq_vp(t);
                g.note(
                    "10.1",
                    "Prussia announces the GHQ's entry: it arrives next turn",
                );
                g.award(
                    Side::Austria,
                    vp,
                    "10.2",
                    "the Prussian GHQ's entry announced",
                );
            }
            SdCommand::PlaceGhq { hex } => {
                if let Some(ghq) = rules.ghq() {
                    g.st.units[ghq as usize] = UnitState {
                        hex: Some(*hex),
                        ..UnitState::default()
                    };
                    g.st.g.ghq = GhqStatus::OnMap;
                    g.note("10.1", format!("The Prussian GHQ enters at {hex}"));
                }
            }
            SdCommand::Done => {
                if side == Side::Prussia {
                    g.st.g.step = Step::Reinforce(Side::Austria);
                } else {
                    g.recovery_phase();
                }
            }
            _ => {}
        }
    }
}
