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

use super::control;
use super::data::{StRules, UnitId};
use super::flow::{self, AUTO_VP, Game};
use super::flow_battle::AttritionDue;
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
    // siege::besieger for every space, from the occupation counted above (the same
    // test without a scan of all units per space: the search calls this often)
    let besieged_by = (0..n)
        .map(|s| siege::besieger_given(rules, st, s, occupied[s]))
        .collect();
    let mut control = st.g.control.clone();
    control.resize(n, None);
    Situation {
        control,
        occupied,
        besieged_by,
        destroyed: (0..n)
            .map(|s| st.g.destroyed.get(s).copied().unwrap_or(false))
            .collect(),
        french_intervened: st.g.france,
        klapka,
    }
}

/// 15.1, 13.8, 15.4: would `side`'s force in `space` (the CUs it holds now) be in
/// supply? (The battle's -2 DRM of 15.3 and the siege's -1 read this.)
pub fn supplied(rules: &StRules, st: &StState, space: SpaceId, side: Side) -> bool {
    let units = flow::units_at(rules, st, space, side);
    force_supplied(rules, st, space, side, &units)
}

/// 15.4: a French or French-Austrian force, one holding a French combat unit, may trace
/// to the French off-board source; any other force may not (audit 5 defect 4).
pub fn french_force(rules: &StRules, units: &[UnitId]) -> bool {
    units.iter().any(|&u| is_french(rules, u))
}

/// 15.1, 13.8, 15.4: would a force of `side` made of `units` be in supply in `space`?
pub fn force_supplied(
    rules: &StRules,
    st: &StState,
    space: SpaceId,
    side: Side,
    units: &[UnitId],
) -> bool {
    status(rules, st, space, side, units, supply::supplied)
}

/// 15.1, 15.4 without 13.8: would a force of `side` made of `units` that came into
/// `space` from outside trace an LOC there? For a relief force (13.6) in a stronghold its
/// side holds and the enemy besieges: the siege cuts off the place and the units inside,
/// not the army that arrived with its own LOC.
pub fn relief_supplied(
    rules: &StRules,
    st: &StState,
    space: SpaceId,
    side: Side,
    units: &[UnitId],
) -> bool {
    status(rules, st, space, side, units, supply::traced)
}

/// The force's status in `space` by `judge` (with or without 13.8).
fn status(
    rules: &StRules,
    st: &StState,
    space: SpaceId,
    side: Side,
    units: &[UnitId],
    judge: fn(&super::map::StruggleMap, Side, &Situation, bool) -> Vec<bool>,
) -> bool {
    let sit = situation(rules, st);
    judge(&rules.map, side, &sit, french_force(rules, units))
        .get(space)
        .copied()
        .unwrap_or(false)
}

impl<'a> Game<'a> {
    /// 5.4, 15.5, 14.3: the Supply Check and Attrition Phase. Every force that cannot
    /// trace an LOC rolls on the Attrition Table by its size in steps; each owner then
    /// picks the steps his force loses (step `Battle`, stage `Attrition`, automatic where
    /// there is one way); then every non-fortress space its controller cannot trace from
    /// (and holds no CU in) flips, and the end of the turn goes on
    /// ([`Game::after_attrition_phase`]).
    pub fn supply_phase(&mut self) {
        self.lift_sieges();
        let rules = self.rules;
        let sit = situation(rules, self.st);
        // [side][french]: 15.4, the French source serves French and French-Austrian
        // forces only
        let sup = [Side::Austria, Side::Prussia].map(|side| {
            [false, true].map(|french| supply::supplied(&rules.map, side, &sit, french))
        });
        // forces judged on one position (simultaneous), then attrition rolled
        let mut forces: Vec<(SpaceId, Side, Vec<UnitId>)> = Vec::new();
        for s in 0..rules.map.spaces.len() {
            for side in [Side::Prussia, Side::Austria] {
                let units = flow::units_at(rules, self.st, s, side);
                let french = usize::from(french_force(rules, &units));
                if !units.is_empty() && !sup[side.idx()][french].get(s).copied().unwrap_or(true) {
                    forces.push((s, side, units));
                }
            }
        }
        if forces.is_empty() {
            self.say("5.4", "supply check: every force is in supply");
        }
        let mut due = Vec::new();
        for (s, side, units) in forces {
            due.extend(self.attrition_roll(s, side, &units, "15.5", "is out of supply"));
        }
        self.start_attrition(due, None);
    }

    /// 14.3 after the attrition of the Supply Phase, then the rest of the end of the turn.
    pub fn after_attrition_phase(&mut self) {
        let rules = self.rules;
        let sit = situation(rules, self.st);
        for (s, side) in control::cut_off_spaces(&rules.map, &sit) {
            self.set_control(s, side, "14.3");
        }
        self.end_turn_after_supply();
    }

    /// 15.5: one roll on the Attrition Table for `side`'s `units` in `s` by their size in
    /// steps. The steps lost, if any, are for the owner to pick (15.5 note: as in 11.2
    /// step 4). `cause` completes the log line ("is out of supply", or an event's words).
    pub fn attrition_roll(
        &mut self,
        s: SpaceId,
        side: Side,
        units: &[UnitId],
        rule: &str,
        cause: &str,
    ) -> Option<AttritionDue> {
        let rules = self.rules;
        let name = rules.space_name(s);
        let steps: u32 = units
            .iter()
            .map(|&u| {
                if self.st.units[u as usize].reduced {
                    1
                } else {
                    2
                }
            })
            .sum();
        let roll = self.dice.d6(
            &format!("attrition of {} in {name}", side.name()),
            "15.5",
            Vec::new(),
        );
        let lost = rules.charts.attrition(steps, roll.total) as u32;
        self.say(
            rule,
            format!(
                "{} in {name} {cause}: {steps} steps, die {}, {lost} step(s) lost",
                side.name(),
                roll.total
            ),
        );
        (lost > 0).then(|| AttritionDue {
            at: s,
            side,
            units: units.to_vec(),
            steps: lost,
            rule: rule.to_string(),
        })
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
    /// Our reading (audit 5 B2): 21.1's "over 15 victory points" is read as 4.3's "15+
    /// VPs which will result in an auto-victory": 15 wins, 14 does not.
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
        // 16.3: the duty to activate French pieces starts with the next turn
        self.st.g.french_activated = true;
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

/// Whether a piece is French (a French general or combat unit, 16.3).
pub fn is_french_piece(rules: &StRules, p: Piece) -> bool {
    match p {
        Piece::Unit(u) => is_french(rules, u),
        Piece::General(g) => rules
            .general(g)
            .is_some_and(|d| d.nation == super::data::Nation::Fr),
    }
}

/// 16.3: from the turn after the intervention, one of Austria's operational rounds each
/// turn must activate a French general or unit. True when `side` is Austria playing its
/// last round of the turn, no French piece has been activated this turn, and one can be
/// (a French piece on the map whose individual activation, 6.23, or optional rule 2's
/// reduced cost, costs no more than the best card in hand, the Operations Queue of
/// optional rule 4 or a free OP gives; audit 5 defects 1 and 2). The intervention turn
/// itself is exempt (`france_intervenes` marks it as done).
pub fn french_duty(rules: &StRules, st: &StState, side: Side) -> bool {
    if side != Side::Austria
        || !st.g.war
        || !st.g.france
        || st.g.french_activated
        || st.g.rounds_left[Side::Austria.idx()] > 1
    {
        return false;
    }
    // in half OPs (optional rule 2 has costs of 0.5)
    let best = st
        .cards
        .hand(side)
        .iter()
        .map(|&c| rules.card_ops(c).saturating_mul(2))
        .chain(
            st.g.op
                .as_ref()
                .map(|o| o.ops.saturating_mul(2).saturating_add(u8::from(o.half))),
        )
        .chain(std::iter::once(
            super::options::queue_total(rules, st, side).saturating_mul(2),
        ))
        .max()
        .unwrap_or(0)
        .max(2);
    let pieces = (0..st.generals.len() as u8)
        .map(Piece::General)
        .chain((0..st.units.len() as UnitId).map(Piece::Unit));
    pieces
        .filter(|&p| is_french_piece(rules, p))
        .filter(|&p| matches!(flow::piece_loc(st, p), Some(Loc::Space(_))))
        .any(|p| super::steps::declare::cost_halves(rules, p) <= best)
}
