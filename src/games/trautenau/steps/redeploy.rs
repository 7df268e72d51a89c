//! 13.2: after Bonin's panic the Austrian player redeploys X Corps for the second day,
//! then names the one brigade that may act in the first two turns.

use super::*;
#[allow(unused_imports)]
use crate::engine::hexmap::{Coord, SideKind, Terrain};
#[allow(unused_imports)]
use crate::games::trautenau::combat::{self, FireInput, FireKind, MoraleInput, Outcome};
#[allow(unused_imports)]
use crate::games::trautenau::data::*;
#[allow(unused_imports)]
use crate::games::trautenau::flow::*;
#[allow(unused_imports)]
use crate::games::trautenau::los;
#[allow(unused_imports)]
use crate::games::trautenau::rules::{self, View};
#[allow(unused_imports)]
use crate::games::trautenau::state::*;

#[derive(Clone, Copy, Debug, Default)]
pub struct Redeploy;

impl PlayStep<Trautenau> for Redeploy {
    fn name(&self) -> &'static str {
        "Redeployment"
    }

    fn case(&self) -> &'static str {
        "13.2"
    }

    fn prompt(&self, rules: &TsRules, st: &TsState) -> String {
        match st.g.to_place.first() {
            Some(u) => format!(
                "Austria: Bonin has fled. Place {} on a highlighted hex of its brigade's zone (13.2).",
                rules.units[*u as usize].name
            ),
            None => {
                "Austria: name the one brigade that may act in the first two turns (13.2).".into()
            }
        }
    }

    fn to_act(&self, _rules: &TsRules, _st: &TsState) -> Option<Side> {
        Some(Side::Austria)
    }

    fn takes(&self, cmd: &TsCommand) -> bool {
        matches!(
            cmd,
            TsCommand::Place { .. } | TsCommand::ChooseFormation { .. }
        )
    }

    fn legal(&self, rules: &TsRules, st: &TsState, out: &mut Vec<TsCommand>) {
        redeploy_options(rules, st, &rules::view(rules, st), out);
    }

    fn check(&self, rules: &TsRules, st: &TsState, cmd: &TsCommand) -> Result<(), Refusal> {
        first_checks(rules, st, cmd)?;
        let mut legal = Vec::new();
        self.legal(rules, st, &mut legal);
        if legal.contains(cmd) {
            return Ok(());
        }
        Err(match cmd {
            TsCommand::Place { .. } => Refusal::new(
                "13.2",
                "place the next unit of the list in its brigade's zone: one brigade within one hex of Trautenau, one of Kriebnitz, one of Hohenbruck, the last one and the independent units north of row 10, within the stacking limits",
            ),
            _ => other_step(rules, st, cmd),
        })
    }

    fn execute(
        &self,
        rules: &TsRules,
        st: &mut TsState,
        dice: &mut Dice,
        log: &mut GameLog,
        cmd: &TsCommand,
    ) {
        let mut g = game(rules, st, dice, log);
        match *cmd {
            TsCommand::Place { unit, to, facing } => g.place(unit, to, facing),
            TsCommand::ChooseFormation { formation } => g.panic_brigade(formation),
            _ => {}
        }
    }
}

/// 13.2: where each Austrian unit still to place may go: its brigade's zone, or a zone
/// no other brigade has taken (one brigade around each place, one north of row 10);
/// independent units anywhere north of row 10.
pub fn redeploy_options(rules: &TsRules, st: &TsState, view: &View, out: &mut Vec<TsCommand>) {
    if let Some(&u) = st.g.to_place.first() {
        let f = rules.unit_formation[u as usize];
        let zones: Vec<u8> = if rules.formations[f].independent {
            vec![3]
        } else if let Some(&(_, z)) = st.g.zones.iter().find(|(g, _)| *g as usize == f) {
            vec![z]
        } else {
            (0..4u8)
                .filter(|z| !st.g.zones.iter().any(|(_, t)| t == z))
                .collect()
        };
        let mut hexes: Vec<Coord> = zones.iter().flat_map(|&z| zone_hexes(rules, z)).collect();
        hexes.sort();
        hexes.dedup();
        for h in hexes {
            if view.side_at(h) == Some(Side::Prussia) {
                continue;
            }
            let mut arms: Vec<Arm> = view
                .units_at(h)
                .iter()
                .map(|&x| rules.units[x as usize].arm)
                .collect();
            arms.push(rules.units[u as usize].arm);
            if !rules::stack_ok(&arms, is_town(rules, h))
                || rules::enter_cost(rules, rules.units[u as usize].arm, h, h).is_none()
                    && rules.map.terrain(h) == Terrain::Marsh
                    && rules.units[u as usize].arm != Arm::Infantry
            {
                continue;
            }
            for facing in end_facings(rules, st, view, u, h) {
                out.push(TsCommand::Place {
                    unit: u,
                    to: h,
                    facing,
                });
            }
        }
        return;
    }
    // 13.2: the one brigade that may act in the first two turns.
    for (f, fd) in rules.formations.iter().enumerate() {
        if fd.side == Side::Austria
            && !fd.independent
            && (0..st.units.len())
                .any(|i| rules.unit_formation[i] == f && st.units[i].loc.hex().is_some())
        {
            out.push(TsCommand::ChooseFormation { formation: f as u8 });
        }
    }
}

impl Game<'_> {
    /// 13.2: one unit back on the map; the first unit of a brigade fixes its zone.
    fn place(&mut self, unit: UnitId, to: Coord, facing: crate::games::trautenau::data::Dir) {
        let f = self.rules.unit_formation[unit as usize];
        if !self.st.g.zones.iter().any(|(g, _)| *g as usize == f)
            && !self.rules.formations[f].independent
        {
            let z = (0..4u8)
                .filter(|z| !self.st.g.zones.iter().any(|(_, t)| t == z))
                .find(|&z| zone_hexes(self.rules, z).contains(&to))
                .unwrap_or(3);
            self.st.g.zones.push((f as u8, z));
        }
        self.st.g.to_place.retain(|&x| x != unit);
        self.st.units[unit as usize].loc = Loc::Map(to);
        self.st.units[unit as usize].facing = facing;
        self.occupy(to, Side::Austria);
        self.note("13.2", format!("{} redeployed to {to}", self.uname(unit)));
    }

    /// 13.2: the brigade that acts in the first two turns; the commanders rejoin their
    /// formations and the day begins.
    fn panic_brigade(&mut self, formation: u8) {
        self.st.g.panic_brigade = Some(formation);
        self.note(
            "13.2",
            format!(
                "{} and the independent units act in the first two turns",
                self.rules.formations[formation as usize].name
            ),
        );
        for l in 0..self.rules.leaders.len() {
            if let LeaderKind::Formation { formation, .. } = &self.rules.leaders[l].kind
                && self.rules.leaders[l].side == Side::Austria
                && let Some(f) = self.rules.formation(formation)
                && let Some(h) = (0..self.st.units.len())
                    .filter(|&i| self.rules.unit_formation[i] == f)
                    .find_map(|i| self.st.units[i].loc.hex())
            {
                self.st.leaders[l].loc = Loc::Map(h);
            }
        }
        self.begin_turn();
    }

    /// Nothing left to place or name: the day begins.
    pub(crate) fn redeploy_auto(&mut self) -> bool {
        let mut legal = Vec::new();
        redeploy_options(
            self.rules,
            self.st,
            &rules::view(self.rules, self.st),
            &mut legal,
        );
        if legal.is_empty() {
            self.begin_turn();
            return true;
        }
        false
    }
}

/// 13.2: the places the X Corps brigades are redeployed around after Bonin's panic.
pub const PANIC_PLACES: [&str; 3] = ["Trautenau", "Kriebnitz", "Hohenbruck"];

/// 13.2: the hexes of redeployment zone `z` (0-2: within one hex of a place; 3: rows 1-10).
pub fn zone_hexes(rules: &TsRules, z: u8) -> Vec<Coord> {
    let m = &rules.map;
    match PANIC_PLACES.get(z as usize) {
        Some(name) => m
            .labels
            .iter()
            .find(|(_, l)| l == name)
            .map(|(c, _)| m.within(*c, 1).collect())
            .unwrap_or_default(),
        None => m.coords().filter(|c| c.row <= 10).collect(),
    }
}
