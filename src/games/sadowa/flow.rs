//! The automatic parts of the sequence of play (4.0): the Supply, Initiative, Recovery
//! and End Phases, the turn loop, victory points and morale; the decisions are the steps
//! of `steps/`.

use super::data::{Kind, SdRules, Side, UnitId};
use super::map::PlaceKind;
use super::state::*;
use super::{charts, supply};
use crate::engine::dice::Dice;
use crate::engine::hexmap::Coord;
use crate::engine::log::GameLog;

/// The game in play: rules, state, dice and log together.
pub struct Game<'a> {
    pub rules: &'a SdRules,
    pub st: &'a mut SdState,
    pub dice: &'a mut Dice,
    pub log: &'a mut GameLog,
}

pub fn new_state(rules: &SdRules) -> SdState {
    let units = rules
        .units
        .iter()
        .map(|d| UnitState {
            hex: match &d.setup {
                super::data::Setup::At(c) => Some(*c),
                _ => None,
            },
            ..UnitState::default()
        })
        .collect();
    let control = rules
        .map
        .places
        .iter()
        .map(|p| match rules.map.country(p.hex) {
            Some(super::map::Country::Prussia) => Side::Prussia,
            _ => Side::Austria,
        })
        .collect();
    SdState {
        units,
        g: Globals {
            turn: 1,
            step: Step::Setup(Side::Austria),
            vp: [0; 2],
            lp: [0; 2],
            morale: [3; 2],
            initiative: None,
            ip: 0,
            ops: 0,
            passes: 0,
            op: Operation::default(),
            control,
            sieges: Vec::new(),
            ghq: GhqStatus::Berlin,
            forage: false,
            pending: Vec::new(),
            winner: None,
            result: String::new(),
            scored: Vec::new(),
        },
    }
}

pub fn phase_name(step: Step) -> &'static str {
    match step {
        Step::Setup(_) => "Set-up",
        Step::Forage => "Supply Phase",
        Step::Activate | Step::Attack => "Operations Phase",
        Step::Siege(_) => "Siege Phase",
        Step::Reinforce(_) => "Reinforcement Phase",
        Step::Armistice(_) => "Armistice Phase",
        Step::GameOver => "Game over",
    }
}

// ---------------------------------------------------------------------------------
// Queries shared by the steps
// ---------------------------------------------------------------------------------

/// Units on the map at `hex`.
pub fn units_at(rules: &SdRules, st: &SdState, hex: Coord) -> Vec<UnitId> {
    rules
        .ids()
        .filter(|&u| st.units[u as usize].on_map() == Some(hex))
        .collect()
}

/// The side occupying `hex`, if any.
pub fn occupant(rules: &SdRules, st: &SdState, hex: Coord) -> Option<Side> {
    rules
        .ids()
        .find(|&u| st.units[u as usize].on_map() == Some(hex))
        .map(|u| rules.side(u))
}

pub fn hex_of(st: &SdState, u: UnitId) -> Option<Coord> {
    st.units.get(u as usize).and_then(|s| s.on_map())
}

pub fn unit(st: &SdState, u: UnitId) -> UnitState {
    st.units.get(u as usize).copied().unwrap_or_default()
}

pub fn adjacent(a: Coord, b: Coord) -> bool {
    a.distance(b) == 1
}

/// 3.1: may `u` stand in `hex` besides the units already there (four combat units, one
/// garrison in a city or fortress only, any number of HQs)?
pub fn stack_ok(rules: &SdRules, st: &SdState, u: UnitId, hex: Coord) -> bool {
    let here: Vec<UnitId> = units_at(rules, st, hex)
        .into_iter()
        .filter(|&x| x != u)
        .collect();
    match rules.kind(u) {
        Kind::Corps | Kind::Cavalry => {
            here.iter().filter(|&&x| rules.kind(x).is_combat()).count() < 4
        }
        Kind::Garrison => {
            rules.map.place(hex).is_some() && !here.iter().any(|&x| rules.kind(x) == Kind::Garrison)
        }
        Kind::Hq | Kind::Ghq => true,
    }
}

/// 3.1: the hexes where `side` has more than four combat units (HQs and the one garrison
/// do not count), in map order.
pub fn overstacked_hexes(rules: &SdRules, st: &SdState, side: Side) -> Vec<Coord> {
    let mut count: Vec<(Coord, usize)> = Vec::new();
    for u in rules.ids() {
        let Some(h) = unit(st, u).on_map() else {
            continue;
        };
        if rules.side(u) != side || !rules.kind(u).is_combat() {
            continue;
        }
        match count.iter_mut().find(|x| x.0 == h) {
            Some(x) => x.1 += 1,
            None => count.push((h, 1)),
        }
    }
    let mut out: Vec<Coord> = count.into_iter().filter(|x| x.1 > 4).map(|x| x.0).collect();
    out.sort_by_key(|c| (c.row, c.col));
    out
}

/// Uncommitted HQs or combat units a side could still activate (4.2, 4.3).
pub fn has_uncommitted(rules: &SdRules, st: &SdState, side: Side) -> bool {
    rules.ids().any(|u| {
        let s = unit(st, u);
        rules.side(u) == side
            && s.on_map().is_some()
            && !s.committed
            && (rules.kind(u).is_combat() || rules.kind(u).is_hq())
    })
}

/// The side controlling the place at `hex` (3.3), None when no place is there.
pub fn controller(rules: &SdRules, st: &SdState, hex: Coord) -> Option<Side> {
    let i = rules.map.places.iter().position(|p| p.hex == hex)?;
    st.g.control.get(i).copied()
}

pub fn is_fortress(rules: &SdRules, hex: Coord) -> bool {
    rules
        .map
        .place(hex)
        .is_some_and(|p| p.kind == PlaceKind::Fortress)
}

impl Game<'_> {
    pub fn note(&mut self, rule: &str, text: impl Into<String>) {
        let phase = phase_name(self.st.g.step);
        self.log.push(self.st.g.turn, phase, rule, text);
    }

    pub fn d6(&mut self, purpose: &str, rule: &str, mods: Vec<(String, i32)>) -> (u8, i32) {
        let r = self.dice.d6(purpose, rule, mods.clone());
        let total = r.die as i32 + mods.iter().map(|m| m.1).sum::<i32>();
        let mods_text: String = mods.iter().map(|(n, v)| format!(" {v:+} {n}")).collect();
        self.note(
            rule,
            format!("{purpose}: rolled {}{mods_text} = {total}", r.die),
        );
        (r.die, total)
    }

    /// Starts the game: the first decision is Austria's set-up (13.0).
    pub fn start(&mut self) {
        self.note(
            "13.0",
            format!(
                "{}: Austria sets up first, then Prussia",
                self.rules.meta.name
            ),
        );
        self.st.g.step = Step::Setup(Side::Austria);
    }

    // ------------------------------------------------------------------ VPs, morale

    /// 14.0: VPs are awarded the moment they are earned; 12.2: morale follows them.
    pub fn award(&mut self, side: Side, vp: u32, rule: &str, why: &str) {
        if vp == 0 {
            return;
        }
        self.st.g.vp[side.idx()] += vp;
        self.note(rule, format!("{} gains {vp} VP: {why}", side.name()));
        self.update_morale();
    }

    /// 7.4, 8.3: Loss Points suffered by `side`; the other side gains 1 VP each (14.0).
    pub fn lose_points(&mut self, side: Side, lp: u32, rule: &str, why: &str) {
        if lp == 0 {
            return;
        }
        self.st.g.lp[side.idx()] += lp;
        self.note(
            rule,
            format!("{} suffers {lp} Loss Points: {why}", side.name()),
        );
        self.award(side.other(), lp, "14.0", "Loss Points of the enemy");
    }

    pub fn update_morale(&mut self) {
        for side in Side::BOTH {
            let m = charts::morale(self.st.g.vp[side.idx()], self.st.g.vp[side.other().idx()]);
            if m != self.st.g.morale[side.idx()] {
                self.st.g.morale[side.idx()] = m;
                self.note(
                    "12.2",
                    format!("{} Army Morale Level is now {m}", side.name()),
                );
            }
        }
    }

    /// Removes a unit from play; an HQ other than the GHQ gives the enemy 4 VP (14.0),
    /// the GHQ ends the game (6.5.3).
    pub fn eliminate(&mut self, u: UnitId, rule: &str, why: &str) {
        let Some(s) = self.st.units.get_mut(u as usize) else {
            return;
        };
        if s.gone.is_some() {
            return;
        }
        s.gone = Some(Fate::Eliminated);
        s.hex = None;
        let name = self.rules.units[u as usize].name.clone();
        self.note(rule, format!("{name} is eliminated: {why}"));
        match self.rules.kind(u) {
            Kind::Hq => self.award(
                self.rules.side(u).other(),
                4,
                "14.0",
                &format!("{name} eliminated"),
            ),
            Kind::Ghq => {
                self.st.g.ghq = GhqStatus::Gone;
                let level = charts::VictoryLevel::AustrianDecisive;
                self.end_game(
                    level.winner(),
                    "6.5.3",
                    format!("{}: the Prussian GHQ is lost", level.name()),
                );
            }
            _ => {}
        }
        // 8.5: a siege whose besiegers fall short, or whose fortress is empty, ends
        if self.st.g.step != Step::GameOver {
            super::siege::check_all(self);
        }
    }

    pub fn end_game(&mut self, winner: Option<Side>, rule: &str, result: String) {
        if self.st.g.step == Step::GameOver {
            return;
        }
        self.st.g.winner = winner;
        self.st.g.result = result.clone();
        self.st.g.pending.clear();
        self.note(rule, format!("Game over: {result}"));
        self.st.g.step = Step::GameOver;
    }

    /// 3.3: a side's unit entering a place takes control; 14.0 Prussian VPs.
    pub fn take_control(&mut self, hex: Coord, side: Side) {
        let Some(i) = self.rules.map.places.iter().position(|p| p.hex == hex) else {
            return;
        };
        if self.st.g.control.get(i).copied() == Some(side) {
            return;
        }
        if let Some(c) = self.st.g.control.get_mut(i) {
            *c = side;
        }
        let place = self.rules.map.places[i].clone();
        self.note(
            "3.3",
            format!("{} takes control of {}", side.name(), place.name),
        );
        let in_enemy_land = matches!(
            self.rules.map.country(hex),
            Some(super::map::Country::Austria | super::map::Country::Saxony)
        );
        if side == Side::Prussia && in_enemy_land && !self.st.g.scored.contains(&hex) {
            // 14.0: 20 VP for Prague, 5 for any other city or fortress in Austria or Saxony,
            // once per place: control regained and taken again earns nothing more (see
            // docs/games/sadowa-sieges.md).
            self.st.g.scored.push(hex);
            let vp = if place.name == "Prague" { 20 } else { 5 };
            self.award(
                Side::Prussia,
                vp,
                "14.0",
                &format!("control of {}", place.name),
            );
        }
    }

    // ------------------------------------------------------------------ the turn

    /// After both set-ups: turn 1 begins.
    pub fn begin_turn(&mut self) {
        let t = self.st.g.turn;
        self.note("4.0", format!("Turn {t} begins"));
        self.st.g.ops = 0;
        self.st.g.passes = 0;
        if t >= 8 && !self.st.g.forage {
            // 5.5: the declaration comes first in the Supply Phase, then the judgement
            self.st.g.step = Step::Forage;
            return;
        }
        self.supply_phase();
        if self.st.g.step != Step::GameOver {
            self.initiative_phase();
        }
    }

    /// 4.1, 5: every unit on the map is judged in or out of supply, all against the
    /// same position: the supplied ones lose their Out of Supply marker; the others are
    /// marked and flipped to Committed (5.3), except those already marked from the
    /// previous turn and surrounded (5.4), who surrender: removed, their CF assessed as
    /// Loss Points (14.0: LP "through removal due to isolation"), and an HQ in their hex
    /// surrenders with them (6.3).
    pub fn supply_phase(&mut self) {
        let map = supply::supplied_hexes(self.rules, self.st);
        let mut surrender: Vec<UnitId> = Vec::new();
        for u in self.rules.ids() {
            let s = unit(self.st, u);
            let Some(hex) = s.on_map() else { continue };
            let side = self.rules.side(u);
            let name = self.rules.units[u as usize].name.clone();
            if supply::in_supply(self.rules, self.st, &map, u) {
                if s.oos {
                    self.st.units[u as usize].oos = false;
                    self.note("5.2", format!("{name} is back in supply"));
                }
                continue;
            }
            if s.oos && map.is_surrounded(self.rules, side, hex) {
                surrender.push(u);
                continue;
            }
            let us = &mut self.st.units[u as usize];
            us.committed = true;
            if !us.oos {
                us.oos = true;
                self.note("5.3", format!("{name} is Out of Supply and Committed"));
            } else {
                self.note(
                    "5.3",
                    format!("{name} is still Out of Supply (not surrounded) and Committed"),
                );
            }
        }
        // 6.3: HQs share the fate of the combat units they are stacked with
        let hexes: Vec<Coord> = surrender
            .iter()
            .filter(|&&u| self.rules.kind(u).is_combat())
            .filter_map(|&u| hex_of(self.st, u))
            .collect();
        for u in self.rules.ids() {
            if self.rules.kind(u).is_hq()
                && !surrender.contains(&u)
                && hex_of(self.st, u).is_some_and(|h| hexes.contains(&h))
            {
                surrender.push(u);
            }
        }
        for u in surrender {
            let side = self.rules.side(u);
            let name = self.rules.units[u as usize].name.clone();
            let lp = self.rules.units[u as usize].cf;
            self.eliminate(
                u,
                "5.4",
                "Out of Supply since the last turn and surrounded: it surrenders",
            );
            self.lose_points(side, lp, "5.4", &format!("{name} surrendered (isolated)"));
            if self.st.g.step == Step::GameOver {
                return;
            }
        }
    }

    /// 4.2: the initiative rolls (4.2.1 on turn 1), then an Operations Phase or, when
    /// nobody can act, the end of the operations.
    pub fn initiative_phase(&mut self) {
        self.st.g.op = Operation::default();
        let can = [
            has_uncommitted(self.rules, self.st, Side::Austria),
            has_uncommitted(self.rules, self.st, Side::Prussia),
        ];
        let ops = self.st.g.ops;
        self.st.g.ops = ops.saturating_add(1);
        if self.st.g.turn == 1 && ops == 0 {
            let (d, _) = self.d6("Prussian Initiative Points, turn 1", "4.2.1", vec![]);
            return self.give_initiative(Side::Prussia, d);
        }
        if self.st.g.turn == 1 && ops == 1 {
            let (d, _) = self.d6(
                "Austrian Initiative Points, turn 1 (odd 1, even 2)",
                "4.2.1",
                vec![],
            );
            return self.give_initiative(Side::Austria, if d % 2 == 1 { 1 } else { 2 });
        }
        match can {
            [false, false] => {
                self.note(
                    "4.3",
                    "Neither side has Uncommitted units left: the operations end",
                );
                self.siege_phase()
            }
            [true, false] | [false, true] => {
                let side = if can[0] { Side::Austria } else { Side::Prussia };
                let (d, _) = self.d6(
                    &format!(
                        "{} Initiative Points (the other side has nothing Uncommitted)",
                        side.name()
                    ),
                    "4.2",
                    vec![],
                );
                self.give_initiative(side, d)
            }
            [true, true] => {
                for _ in 0..100 {
                    let mods = |g: &Self, side: Side| {
                        // the Initiative Modifiers chart of the charts file, the one
                        // the charts panel shows
                        let chart = &g.rules.charts;
                        let mut m = vec![(
                            format!("morale {}", g.st.g.morale[side.idx()]),
                            chart.initiative_drm(g.st.g.morale[side.idx()]),
                        )];
                        if side == Side::Prussia && g.ghq_active() {
                            m.push((
                                "GHQ on the map and supplied (6.5.2)".into(),
                                chart.ghq_initiative_drm,
                            ));
                        }
                        m.retain(|x| x.1 != 0);
                        m
                    };
                    let ma = mods(self, Side::Austria);
                    let mp = mods(self, Side::Prussia);
                    let (_, a) = self.d6("Austrian initiative", "4.2", ma);
                    let (_, p) = self.d6("Prussian initiative", "4.2", mp);
                    if a == p {
                        self.note("4.2", "A tie: both roll again");
                        continue;
                    }
                    let (side, diff) = if a > p {
                        (Side::Austria, a - p)
                    } else {
                        (Side::Prussia, p - a)
                    };
                    return self.give_initiative(side, diff.clamp(1, 6) as u8);
                }
                self.give_initiative(Side::Prussia, 1)
            }
        }
    }

    /// 6.5.2: the GHQ is on the map and not Out of Supply.
    pub fn ghq_active(&self) -> bool {
        self.rules
            .ghq()
            .is_some_and(|g| unit(self.st, g).on_map().is_some() && !unit(self.st, g).oos)
    }

    fn give_initiative(&mut self, side: Side, ip: u8) {
        self.st.g.initiative = Some(side);
        self.st.g.ip = ip.min(6);
        self.note(
            "4.2",
            format!(
                "{} has the initiative with {} IP",
                side.name(),
                self.st.g.ip
            ),
        );
        self.st.g.step = Step::Activate;
    }

    /// 4.3, 7.0: the end of an operation: activated units flip to Committed; a side over
    /// the stacking limit waits for the opposing player's choice of the units that
    /// surrender (3.1, `steps/surrender.rs`); then back to the Initiative Phase.
    pub fn end_operation(&mut self) {
        for s in self.st.units.iter_mut() {
            if s.activated {
                s.committed = true;
            }
            s.activated = false;
            s.forced = false;
            s.mp = 0;
            s.done = false;
            s.attacked = false;
        }
        self.check_stacking();
        if self.st.g.pending.is_empty() {
            self.after_operation();
        }
    }

    /// 4.3, 4.2: the operation is over and every stack legal: the next initiative roll.
    pub fn after_operation(&mut self) {
        self.st.g.passes = 0;
        self.st.g.initiative = None;
        self.st.g.ip = 0;
        if self.st.g.step != Step::GameOver {
            self.initiative_phase();
        }
    }

    /// 3.1: excess units at the end of an Operations Phase surrender; the opposing player
    /// chooses them: a decision for each side over the limit (`Pending::Surrender`).
    pub fn check_stacking(&mut self) {
        for side in Side::BOTH {
            let hexes = overstacked_hexes(self.rules, self.st, side);
            if hexes.is_empty() {
                continue;
            }
            let list: Vec<String> = hexes.iter().map(|h| h.to_string()).collect();
            self.note(
                "3.1",
                format!(
                    "{} is over the stacking limit in {}: {} chooses the excess units, which surrender",
                    side.name(),
                    list.join(", "),
                    side.other().name()
                ),
            );
            self.st.g.pending.push(Pending::Surrender { side });
        }
    }

    /// 7.5: a pass; two in a row end the operations of the turn.
    pub fn pass(&mut self) {
        self.st.g.passes += 1;
        let side = self.st.g.initiative.map(|s| s.name()).unwrap_or("");
        self.note("7.5", format!("{side} passes"));
        self.st.g.initiative = None;
        self.st.g.ip = 0;
        if self.st.g.passes >= 2 {
            self.note("7.5", "Two passes in a row: the operations of the turn end");
            self.siege_phase();
        } else {
            self.initiative_phase();
        }
    }

    /// 4.4: the Siege Phase (checks in `siege`), Prussia first.
    pub fn siege_phase(&mut self) {
        super::siege::begin(self);
    }

    /// 4.5: the Reinforcement Phase, Prussia first.
    pub fn reinforcement_phase(&mut self) {
        self.st.g.step = Step::Reinforce(Side::Prussia);
    }

    /// 4.6 Recovery (11), 4.7 Armistice, 4.8 End.
    pub fn recovery_phase(&mut self) {
        for u in self.rules.ids() {
            let s = unit(self.st, u);
            // 6.4: HQs are never Disrupted
            if !s.disrupted || s.on_map().is_none() || self.rules.kind(u).is_hq() {
                continue;
            }
            let side = self.rules.side(u);
            let morale = self.st.g.morale[side.idx()] as i32;
            let mut mods = vec![];
            if side == Side::Prussia
                && let Some(g) = self.rules.ghq()
                && let (Some(gh), Some(h)) = (hex_of(self.st, g), s.on_map())
                && gh.distance(h) <= 2
            {
                mods.push(("within 2 hexes of the GHQ (6.5.2)".into(), -1));
            }
            let name = self.rules.units[u as usize].name.clone();
            let (_, total) = self.d6(&format!("{name} recovery (morale {morale})"), "11.0", mods);
            if total <= morale {
                self.st.units[u as usize].disrupted = false;
                self.note("11.0", format!("{name} recovers"));
            }
        }
        if self.st.g.step == Step::GameOver {
            return;
        }
        // 4.7: from turn 10 the side with fewer VPs may ask (none when they are equal)
        let t = self.st.g.turn;
        let [a, p] = self.st.g.vp;
        match self.rules.charts.armistice_asker(t, p, a) {
            Some(side) => self.st.g.step = Step::Armistice(side),
            None => self.end_phase(),
        }
    }

    /// 4.8: Committed units flip back; the next turn or the end of the game.
    pub fn end_phase(&mut self) {
        for s in self.st.units.iter_mut() {
            s.committed = false;
            s.moved = false;
        }
        for s in self.st.g.sieges.iter_mut() {
            s.new = false;
        }
        if self.st.g.turn >= self.rules.charts.turn_count() {
            self.final_victory();
            return;
        }
        self.st.g.turn += 1;
        self.begin_turn();
    }

    /// 14.1 at the end of the last turn: the victory level of the VPs (Prussian minus
    /// Austrian) on the Victory Levels chart.
    pub fn final_victory(&mut self) {
        let [a, p] = self.st.g.vp;
        let level = self.rules.charts.victory_level(p, a);
        let text = format!(
            "{} at the end of the last turn (Prussia {p} VP, Austria {a} VP)",
            level.name()
        );
        self.end_game(level.winner(), "14.1", text);
    }

    /// 4.7: `side` asked for an armistice: the table's result on the victory level, and
    /// the game ends.
    pub fn armistice(&mut self, side: Side) {
        let [a, p] = self.st.g.vp;
        let current = self.rules.charts.victory_level(p, a);
        let (d, _) = self.d6(
            &format!(
                "{} armistice on the Armistice Table (now {})",
                side.name(),
                current.name()
            ),
            "4.7",
            vec![],
        );
        let level = self.rules.charts.armistice(d, current, side);
        let text = format!(
            "{} by armistice, asked by {} (die {d}: {} became {}; Prussia {p} VP, Austria {a} VP)",
            level.name(),
            side.name(),
            current.name(),
            level.name()
        );
        self.end_game(level.winner(), "4.7", text);
    }
}
