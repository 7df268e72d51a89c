//! The end of a War turn after the operational rounds: the Supply Check and Attrition
//! Phase (5.4, 15, 14.3 cut-off spaces, 13.8), political control of provinces and of
//! Italy (14.2, 14.5, 19.1), the Victory Check (5.6, 21), and French intervention (16).
//! The LOC tracing and control rules are the pure functions of `supply.rs` and
//! `control.rs`; this module fills their [`Situation`] from the state and applies them.
//!
//! Reading of the VP award (5.6, 14.2, 21): the VP marker is a running total. It moves
//! when a province, Italy or a red-outlined VP space changes hands (once per change, to
//! the side gaining it), not again every turn for holding them: the example of play
//! moves the marker one space when Prussia reduces Hanover in the Siege Phase and one
//! more when the province of Hanover passes at the Victory Check ("Prussia now controls
//! Hanover – VPs moved to +1"), and the set-up VP totals already count what each side
//! holds. Province and Italy changes are judged at the Victory Check, which is skipped
//! in Mobilization turns (5.6; events that give a province then move the marker
//! themselves, as Brigade Kalik does in the example).

use super::battle::{self, BUnit, Fate, Kind, Stats, SupportStock};
use super::control;
use super::data::{StRules, UnitId};
use super::flow::{self, AUTO_VP, Game};
use super::map::{Country, SpaceId, SpaceKind};
use super::siege;
use super::state::*;
use super::supply::{self, Situation};
use crate::engine::side::Side;

/// The position as `supply.rs` and `control.rs` see it (15.1, 13.42, 14.3).
pub fn situation(rules: &StRules, st: &StState) -> Situation {
    let n = rules.map.spaces.len();
    let mut occupied = vec![[false; 2]; n];
    let mut klapka = Vec::new();
    for (i, u) in st.units.iter().enumerate() {
        if let Loc::Space(s) = u.loc
            && s < n
        {
            occupied[s][rules.side(i as UnitId).idx()] = true;
            if rules
                .ty(i as UnitId)
                .is_some_and(|t| t.id.starts_with("hu-klapka"))
            {
                klapka.push(s);
            }
        }
    }
    let mut control = st.g.control.clone();
    control.resize(n, None);
    Situation {
        control,
        occupied,
        besieged_by: (0..n).map(|s| siege::besieger(rules, st, s)).collect(),
        destroyed: (0..n)
            .map(|s| st.g.destroyed.get(s).copied().unwrap_or(false))
            .collect(),
        french_intervened: st.g.france,
        klapka,
    }
}

/// 15.1, 13.8: would a force of `side` in `space` be in supply now? (The battle's -2
/// DRM of 15.3 and the siege's -1 read this.)
pub fn supplied(rules: &StRules, st: &StState, space: SpaceId, side: Side) -> bool {
    let sit = situation(rules, st);
    supply::supplied(&rules.map, side, &sit)
        .get(space)
        .copied()
        .unwrap_or(false)
}

/// A unit as the loss procedure of battle.rs sees it (15.5 note: as 11.2 step 4).
fn b_unit(rules: &StRules, st: &StState, u: UnitId, replacement: Option<usize>) -> BUnit {
    let (sp, cf, name) = rules
        .ty(u)
        .map(|t| (t.sp, t.cf, t.name.clone()))
        .unwrap_or_default();
    let e = rules.echelon(u);
    BUnit {
        name,
        stats: Stats {
            sp_full: sp.0 as u32,
            sp_reduced: sp.1 as u32,
            cf_full: cf.0 as u32,
            cf_reduced: cf.1 as u32,
        },
        kind: if e.is_corps() {
            Kind::Corps
        } else if e.is_cavalry() {
            Kind::Cavalry
        } else {
            Kind::Infantry
        },
        reduced: st.units.get(u as usize).is_some_and(|x| x.reduced),
        replacement,
    }
}

impl<'a> Game<'a> {
    /// 5.4, 15.5, 14.3: the Supply Check and Attrition Phase. Every force that cannot
    /// trace an LOC rolls on the Attrition Table by its size in steps; then every
    /// non-fortress space its controller cannot trace from (and holds no CU in) flips.
    pub fn supply_phase(&mut self) {
        self.lift_sieges();
        let rules = self.rules;
        let sit = situation(rules, self.st);
        let sup = [
            supply::supplied(&rules.map, Side::Austria, &sit),
            supply::supplied(&rules.map, Side::Prussia, &sit),
        ];
        // forces judged on one position (simultaneous), then attrition applied
        let mut forces: Vec<(SpaceId, Side, Vec<UnitId>)> = Vec::new();
        for s in 0..rules.map.spaces.len() {
            for side in [Side::Prussia, Side::Austria] {
                let units = flow::units_at(rules, self.st, s, side);
                if !units.is_empty() && !sup[side.idx()].get(s).copied().unwrap_or(true) {
                    forces.push((s, side, units));
                }
            }
        }
        if forces.is_empty() {
            self.say("5.4", "supply check: every force is in supply");
        }
        for (s, side, units) in forces {
            self.attrition(s, side, &units, "15.5");
        }
        // 14.3: cut-off spaces, after attrition
        let sit = situation(rules, self.st);
        for (s, side) in control::cut_off_spaces(&rules.map, &sit) {
            self.set_control(s, side, "14.3");
        }
    }

    /// 15.5: one roll on the Attrition Table for `side`'s `units` in `s`; the steps are
    /// taken as in 11.2 step 4 (eliminated corps replaced from the Corps Support Box).
    /// The owner's choice is made for him: the first of battle.rs's listed ways.
    pub fn attrition(&mut self, s: SpaceId, side: Side, units: &[UnitId], rule: &str) {
        let rules = self.rules;
        let name = rules.space_name(s);
        // the Corps Support Box stocks the corps would draw on
        let mut stocks: Vec<(UnitId, SupportStock)> = Vec::new();
        let mut repl_of: Vec<Option<usize>> = Vec::new();
        for &u in units {
            let r = if rules.echelon(u).is_corps() {
                self.replacement(u).map(|r| {
                    let t = rules.ty(r);
                    if let Some(i) = stocks
                        .iter()
                        .position(|(x, _)| rules.ty(*x).map(|a| &a.id) == t.map(|b| &b.id))
                    {
                        return i;
                    }
                    let count = self
                        .st
                        .units
                        .iter()
                        .enumerate()
                        .filter(|(i, x)| {
                            x.loc == Loc::CorpsSupport
                                && rules.ty(*i as UnitId).map(|a| &a.id) == t.map(|b| &b.id)
                        })
                        .count() as u32;
                    let b = b_unit(rules, self.st, r, None);
                    stocks.push((
                        r,
                        SupportStock {
                            name: b.name,
                            stats: b.stats,
                            count,
                        },
                    ));
                    stocks.len() - 1
                })
            } else {
                None
            };
            repl_of.push(r);
        }
        let bunits: Vec<BUnit> = units
            .iter()
            .zip(&repl_of)
            .map(|(&u, &r)| b_unit(rules, self.st, u, r))
            .collect();
        let steps: u32 = bunits.iter().map(BUnit::steps).sum();
        let roll = self.dice.d6(
            &format!("attrition of {} in {name}", side.name()),
            "15.5",
            Vec::new(),
        );
        let lost = rules.charts.attrition(steps, roll.total) as u32;
        self.say(
            rule,
            format!(
                "{} in {name} is out of supply: {steps} steps, die {}, {lost} step(s) lost",
                side.name(),
                roll.total
            ),
        );
        if lost == 0 {
            return;
        }
        let support: Vec<SupportStock> = stocks.iter().map(|x| x.1.clone()).collect();
        let Some(choice) = battle::step_choices(&bunits, &support, lost)
            .into_iter()
            .next()
        else {
            return;
        };
        for (&u, fate) in units.iter().zip(&choice.fates) {
            let n = rules.unit_name(u);
            match *fate {
                Fate::Unhurt => {}
                Fate::Flipped => {
                    self.st.units[u as usize].reduced = true;
                    self.say("15.5", format!("{n} is reduced by attrition"));
                }
                Fate::Eliminated => {
                    self.st.units[u as usize].loc = Loc::Eliminated;
                    self.say("15.5", format!("{n} is eliminated by attrition"));
                }
                Fate::Replaced { steps } => {
                    self.st.units[u as usize].loc = Loc::Eliminated;
                    if let Some(r) = self.replacement(u) {
                        let rn = rules.unit_name(r);
                        self.st.units[r as usize] = UnitState {
                            loc: if steps >= 2 {
                                Loc::Eliminated
                            } else {
                                Loc::Space(s)
                            },
                            reduced: steps == 1,
                        };
                        self.say(
                            "15.5",
                            format!("{n} is eliminated by attrition and replaced by a {rn}"),
                        );
                    } else {
                        self.say("15.5", format!("{n} is eliminated by attrition"));
                    }
                }
            }
        }
    }

    /// 14.2, 19.1, 14.5: provinces and Italy change hands by majority at the end of the
    /// turn; the VP marker moves for each change (see the module note).
    pub fn political_control(&mut self) {
        let rules = self.rules;
        let sit = situation(rules, self.st);
        let now = control::province_control(&rules.map, &sit, &self.st.g.provinces);
        for (p, &ctrl) in now.iter().enumerate() {
            let before = self.st.g.provinces.get(p).copied().flatten();
            let Some(side) = ctrl else { continue };
            if before == Some(side) {
                continue;
            }
            if let Some(x) = self.st.g.provinces.get_mut(p) {
                *x = Some(side);
            }
            let prov = &rules.map.provinces[p];
            let name = prov.name.clone();
            self.gain_vp(
                side,
                prov.vp as i32,
                &format!("control of the province of {name}"),
                "14.2",
            );
            // 14.2, 19.1: its other non-fortress spaces take the new PC marker
            let sit = situation(rules, self.st);
            for s in control::province_conversion(&rules.map, p, side, &sit) {
                self.set_control(s, side, "19.1");
            }
        }
        // 14.5: Italy
        let before = self.st.g.italy.unwrap_or(Side::Prussia);
        let sit = situation(rules, self.st);
        let after = control::italy_control(&rules.map, &sit, before);
        if after != before {
            self.st.g.italy = Some(after);
            let what = if after == Side::Austria {
                "the conquest of Italy"
            } else {
                "the reconquest of Italy"
            };
            self.gain_vp(after, 1, what, "14.5");
        }
    }

    /// 5.6: the Victory Check of a War turn: control changes, then automatic victory.
    pub fn victory_check(&mut self) {
        self.political_control();
        self.check_auto_victory();
    }

    /// 21.1: Prussia holding Vienna with at least one VP, Austria holding Berlin with at
    /// least one, or either side at the 15+ box, wins (judged in the Victory Check only).
    pub fn check_auto_victory(&mut self) {
        let v = self.st.g.vp;
        let holds = |name: &str, side: Side| {
            self.rules
                .map
                .space(name)
                .is_some_and(|s| self.st.g.control.get(s).copied().flatten() == Some(side))
        };
        let winner = if v >= AUTO_VP || (v >= 1 && holds("Berlin", Side::Austria)) {
            Some(Side::Austria)
        } else if v <= -AUTO_VP || (v <= -1 && holds("Vienna", Side::Prussia)) {
            Some(Side::Prussia)
        } else {
            None
        };
        if let Some(w) = winner {
            self.end_game(w, "an automatic victory (21.1)");
        }
    }

    /// 16: card #28 played as an event. French spaces become Austrian (14.1, 16.2),
    /// Austria draws one card now (16.3; 8 cards and 7 rounds, first, from the next
    /// turn), the first French forces deploy now and the rest on Operational Round 1 of
    /// the second turn after (16.4).
    pub fn france_intervenes(&mut self) {
        if self.st.g.france {
            return;
        }
        let rules = self.rules;
        self.st.g.france = true;
        for (s, sp) in rules.map.spaces.iter().enumerate() {
            if sp.country == Country::France
                && !matches!(sp.kind, SpaceKind::OffBoard | SpaceKind::Junction)
                && let Some(c) = self.st.g.control.get_mut(s)
            {
                *c = Some(Side::Austria);
            }
        }
        self.say(
            "16.2",
            "France intervenes: French units and spaces are Austrian from now on",
        );
        if self.st.cards.draw.is_empty() {
            self.reshuffle("6.41");
        }
        if let Some(c) = self.st.cards.draw.pop() {
            self.st.cards.hands[Side::Austria.idx()].push(c);
            self.say("16.3", "Austria draws one more card");
        }
        self.french_wave(1);
        let due = if self.st.g.war {
            self.st.g.turn.saturating_add(2)
        } else {
            // before the war the second turn after is counted on the War track's start
            1
        };
        self.st.g.france_wave = Some(due);
    }

    /// 16.4: wave 1 (now) or wave 2 (Operational Round 1, second turn after). The
    /// rulebook's "a French supply center" is the off-board source, where no piece may
    /// stand; they are placed at Chalons, the space it joins (RECONSTRUCTED reading).
    pub fn french_wave(&mut self, wave: u8) {
        let rules = self.rules;
        let Some(chalons) = rules.map.space("Chalons") else {
            return;
        };
        // (type, reduced, where: None = the Corps Support Box)
        let list: &[(&str, bool, Option<SpaceId>, usize)] = if wave == 1 {
            &[
                ("fr-1", true, Some(chalons), 1),
                ("fr-cd", true, Some(chalons), 1), // 16.4: "1x(CD)", reduced
                ("fr-ig", false, Some(chalons), 1),
                ("fr-ig-id", false, None, 1),
                ("fr-id", false, None, 1),
            ]
        } else {
            &[
                ("fr-2", false, Some(chalons), 1),
                ("fr-3", false, Some(chalons), 1),
                ("fr-4", false, Some(chalons), 1),
                ("fr-5", false, Some(chalons), 1),
                ("fr-6", true, Some(chalons), 1),
                ("fr-cd", false, Some(chalons), 4),
                ("fr-cd", true, Some(chalons), 1),
                ("fr-id", false, None, 5),
            ]
        };
        for &(ty, reduced, at, n) in list {
            let avail: Vec<UnitId> = rules
                .unit_by_type(ty)
                .into_iter()
                .filter(|&u| self.st.units[u as usize].loc == Loc::Reserve)
                .take(n)
                .collect();
            for u in avail {
                self.st.units[u as usize] = UnitState {
                    loc: at.map(Loc::Space).unwrap_or(Loc::CorpsSupport),
                    reduced,
                };
            }
        }
        let gens: &[&str] = if wave == 1 {
            &["niel", "lebrun"]
        } else {
            &["macmahon", "bazaine"]
        };
        for id in gens {
            if let Some(g) = rules.general_by_id(id)
                && self.st.generals[g as usize].loc == Loc::Reserve
            {
                self.st.generals[g as usize].loc = Loc::Space(chalons);
            }
        }
        self.say(
            "16.4",
            if wave == 1 {
                "the first French forces deploy at Chalons (Niel, Lebrun)"
            } else {
                "the second French wave deploys at Chalons (MacMahon, Bazaine)"
            },
        );
    }

    /// 16.4: called at the start of each turn's operational phase.
    pub fn french_wave_due(&mut self) {
        if self.st.g.war && self.st.g.france_wave == Some(self.st.g.turn) {
            self.st.g.france_wave = None;
            self.french_wave(2);
        }
    }
}

/// Whether `u` is French (16.3: one round each turn must activate French).
pub fn is_french(rules: &StRules, u: UnitId) -> bool {
    rules
        .ty(u)
        .is_some_and(|t| t.nation == super::data::Nation::Fr)
}
