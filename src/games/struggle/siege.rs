//! Fortresses, major cities and sieges (13): the besieged marker placed on entry (13.2,
//! 13.33), the requirements of a siege attempt (13.32), attempts during movement (13.33
//! on entering with 2 MPs left, 13.34 one per 2 MPs for a force that starts its
//! activation there), masking (13.41) and the lifting of a siege (13.42), sheltering
//! (13.5: capacity, lost when the space falls), relief (13.6), the free attempts of the
//! Siege Phase (5.3, 13.7, Prussia first) and the Siege Table roll (13.31 with the
//! fortification value and -1 when unsupplied, 15.3).

use super::data::{StRules, UnitId};
use super::flow::{self, Game};
use super::map::{SpaceId, SpaceKind};
use super::state::*;
use crate::engine::side::Side;

/// MPs one siege attempt costs a force that began its activation in the space (13.34).
pub const SIEGE_MP: u8 = 2;

/// The fortification value of a fortress or major city that still stands (13.32: a
/// major city 1); None for any other space or a destroyed one (13.31).
pub fn fortification(rules: &StRules, st: &StState, s: SpaceId) -> Option<u8> {
    let kind = rules.map.spaces.get(s)?.kind;
    if st.g.destroyed.get(s).copied().unwrap_or(false) {
        return None;
    }
    match kind {
        SpaceKind::Major => Some(1),
        SpaceKind::Fortress(v) => Some(v),
        _ => None,
    }
}

/// 13.5: how many combat units the controller may shelter inside (None: unlimited, a
/// major city).
pub fn shelter_capacity(rules: &StRules, st: &StState, s: SpaceId) -> Option<usize> {
    match rules.map.spaces.get(s).map(|x| x.kind) {
        Some(SpaceKind::Fortress(v)) if fortification(rules, st, s).is_some() => Some(v as usize),
        _ => None,
    }
}

/// The side besieging or masking `s` now (13.2, 13.41, 13.42): the marker's side while
/// it keeps a combat unit there, or a side whose units stand in the enemy's fortress or
/// major city with no enemy unit there. None when the siege is lifted or there is none.
pub fn besieger(rules: &StRules, st: &StState, s: SpaceId) -> Option<Side> {
    fortification(rules, st, s)?;
    let holder = st.g.control.get(s).copied().flatten()?;
    let enemy = holder.other();
    if flow::units_at(rules, st, s, enemy).is_empty() {
        return None; // 13.42: lifted the instant no besieging unit is left
    }
    if st.g.besieged.get(s).copied().flatten() == Some(enemy)
        || flow::units_at(rules, st, s, holder).is_empty()
    {
        Some(enemy)
    } else {
        None
    }
}

/// 13.5: the units of `side` sheltering inside its own fortress or major city under an
/// enemy besieged marker (not subject to combat).
pub fn sheltered(rules: &StRules, st: &StState, s: SpaceId, side: Side) -> Vec<UnitId> {
    if besieger(rules, st, s) == Some(side.other()) {
        flow::units_at(rules, st, s, side)
    } else {
        Vec::new()
    }
}

/// 13.32: whether `units` may besiege `s` (a corps for a major city or a level-3
/// fortress, and at least as many combat units as the fortification value).
pub fn meets_requirements(rules: &StRules, st: &StState, s: SpaceId, units: &[UnitId]) -> bool {
    let Some(value) = fortification(rules, st, s) else {
        return false;
    };
    let major = rules
        .map
        .spaces
        .get(s)
        .is_some_and(|x| x.kind == SpaceKind::Major);
    let corps = units.iter().any(|&u| rules.echelon(u).is_corps());
    units.len() >= value as usize && (corps || !(major || value >= 3))
}

/// The reason `side`'s units in `s` cannot besiege it, if any (13.1, 13.2, 13.32).
fn siege_target(rules: &StRules, st: &StState, side: Side, s: SpaceId) -> Result<u8, Refusal> {
    let Some(value) = fortification(rules, st, s) else {
        return Err(Refusal::new(
            "13.1",
            "only a fortress or major city that still stands is besieged",
        ));
    };
    if !flow::enemy_controlled(st, s, side) {
        return Err(Refusal::new("13.1", "that space is not the enemy's"));
    }
    let enemy_outside = !flow::units_at(rules, st, s, side.other()).is_empty()
        && besieger(rules, st, s) != Some(side);
    if enemy_outside {
        return Err(Refusal::new(
            "13.2",
            "the space must first be cleared of the enemy force",
        ));
    }
    Ok(value)
}

fn piece_units(pieces: &[Piece]) -> Vec<UnitId> {
    pieces
        .iter()
        .filter_map(|p| match p {
            Piece::Unit(u) => Some(*u),
            _ => None,
        })
        .collect()
}

/// 13.33, 13.34: the pieces that make the mover's siege attempt: its own; and when a
/// force without a general that began its activation in the space falls short of 13.32 on
/// its own, as many of the units activated by the same card (6.23: declared, not yet
/// moved) standing there with it as the attempt needs (13.34, last sentence).
fn siege_pieces(rules: &StRules, st: &StState, op: &Op, m: &Mover) -> Vec<Piece> {
    let mut v = m.pieces.clone();
    if m.army || m.from.is_some() {
        return v;
    }
    for &p in &op.queue {
        if meets_requirements(rules, st, m.at, &piece_units(&v)) {
            break;
        }
        if let Piece::Unit(u) = p
            && st
                .units
                .get(u as usize)
                .is_some_and(|x| x.loc == Loc::Space(m.at))
            && !v.contains(&p)
        {
            v.push(p);
        }
    }
    v
}

/// 13.33, 13.34: may the moving force make a siege attempt now?
pub fn check_siege(rules: &StRules, st: &StState) -> Result<(), Refusal> {
    let op = super::steps::op(st)?;
    let Some(m) = op.mover.as_ref() else {
        return Err(Refusal::new("9.1", "nothing is moving"));
    };
    if !st.g.war {
        return Err(Refusal::new("7.21", "no sieges in the Mobilization Phase"));
    }
    siege_target(rules, st, op.side, m.at)?;
    let pieces = siege_pieces(rules, st, op, m);
    let units = piece_units(&pieces);
    if !meets_requirements(rules, st, m.at, &units) {
        return Err(Refusal::new(
            "13.32",
            "a siege needs as many combat units as the fortification value, and a corps \
             for a major city or a level-3 fortress",
        ));
    }
    // MPs left: the force's and every unit's own (9.3)
    let left = |p: &Piece| -> u8 {
        let spent = op
            .spent
            .iter()
            .find(|(q, _)| q == p)
            .map(|x| x.1)
            .unwrap_or(0);
        match p {
            Piece::Unit(u) => rules
                .ty(*u)
                .map(|t| t.ma)
                .unwrap_or(0)
                .saturating_sub(spent),
            Piece::General(_) => flow::ARMY_MA.saturating_sub(spent),
        }
    };
    let min_left = pieces
        .iter()
        .map(left)
        .min()
        .unwrap_or(0)
        .min(m.ma.saturating_sub(m.mp));
    if min_left < SIEGE_MP {
        return Err(Refusal::new(
            if m.from.is_some() { "13.33" } else { "13.34" },
            "a siege attempt needs two movement points left",
        ));
    }
    Ok(())
}

/// 13.31: every modifier of `side`'s siege roll against `s`, each with its case: the
/// fortification value (13.32) and -1 when the besieger is unsupplied (15.3). The one list
/// both the roll ([`Game::siege_roll`]) and the odds ([`siege_chance_in_6`]) use; an
/// optional rule adds its modifier here.
pub fn siege_modifiers(
    rules: &StRules,
    st: &StState,
    s: SpaceId,
    side: Side,
) -> Vec<(String, i32)> {
    let Some(value) = fortification(rules, st, s) else {
        return Vec::new();
    };
    let mut mods = vec![("fortification value (13.32)".to_string(), -(value as i32))];
    if !super::endturn::supplied(rules, st, s, side) {
        mods.push((
            "besieger unsupplied (15.3)".to_string(),
            rules.charts.drms.siege_unsupplied,
        ));
    }
    // optional rule 5: the generals' tactical ratings
    mods.extend(super::options::siege_drms(rules, st, side, s));
    mods
}

/// 13.31: the chance in 6 that `side`'s siege roll reduces `s` now (0 when it cannot).
pub fn siege_chance_in_6(rules: &StRules, st: &StState, s: SpaceId, side: Side) -> u32 {
    siege_chance_for(rules, st, s, side, "13.31")
}

/// The chance in 6 of a roll under `rule` ("13.7": the Siege Phase, where optional rule 5
/// changes what reduces the space), from [`siege_modifiers`] and [`reduces`] as
/// [`Game::siege_roll`] resolves it (before a Siege Train card).
pub fn siege_chance_for(rules: &StRules, st: &StState, s: SpaceId, side: Side, rule: &str) -> u32 {
    if fortification(rules, st, s).is_none() {
        return 0;
    }
    let m: i32 = siege_modifiers(rules, st, s, side)
        .iter()
        .map(|x| x.1)
        .sum();
    (1..=6).filter(|d| reduces(rules, rule, d + m)).count() as u32
}

/// Whether a modified siege die `total` reduces the space: the Siege Table (13.31), or
/// under optional rule 5 in the Siege Phase a die above the fortification value.
pub fn reduces(rules: &StRules, rule: &str, total: i32) -> bool {
    if super::options::end_of_turn_siege(rules, rule) {
        total > 0
    } else {
        rules.charts.siege_reduced(total)
    }
}

/// 13.7, 13.32: `side`'s units in the enemy fortress or major city `s` may besiege it.
pub fn can_besiege(rules: &StRules, st: &StState, side: Side, s: SpaceId) -> bool {
    siege_target(rules, st, side, s).is_ok()
        && meets_requirements(rules, st, s, &flow::units_at(rules, st, s, side))
}

/// 13.7: the Siege Phase's next force that may make its free attempt after `after`
/// (Prussia's spaces first, then Austria's, each in map order).
pub fn next_siege_attempt(
    rules: &StRules,
    st: &StState,
    after: Option<(Side, SpaceId)>,
) -> Option<(Side, SpaceId)> {
    let n = rules.map.spaces.len();
    let order = [Side::Prussia, Side::Austria];
    let (first_side, first_space) = match after {
        None => (0, 0),
        Some((side, s)) => (if side == Side::Prussia { 0 } else { 1 }, s + 1),
    };
    for (i, &side) in order.iter().enumerate().skip(first_side) {
        let from = if i == first_side { first_space } else { 0 };
        if let Some(s) = (from..n).find(|&s| can_besiege(rules, st, side, s)) {
            return Some((side, s));
        }
    }
    None
}

impl<'a> Game<'a> {
    /// 13.2, 13.41: a force with combat units that enters an enemy fortress or major city
    /// holding no enemy force outside places the besieged marker (besieging or masking).
    pub fn place_besieged_marker(&mut self, s: SpaceId, side: Side) {
        if fortification(self.rules, self.st, s).is_none()
            || !flow::enemy_controlled(self.st, s, side)
            || flow::units_at(self.rules, self.st, s, side).is_empty()
        {
            return;
        }
        if self.st.g.besieged.len() < self.rules.map.spaces.len() {
            self.st.g.besieged.resize(self.rules.map.spaces.len(), None);
        }
        if self.st.g.besieged[s] != Some(side) {
            self.st.g.besieged[s] = Some(side);
            let name = self.rules.space_name(s);
            self.say(
                "13.2",
                format!("{} places a besieged marker on {name}", side.name()),
            );
        }
    }

    /// 13.5, 13.2: `units` of the space's controller retreat inside it (up to its
    /// capacity); the enemy force there besieges them. Returns false when they do not fit.
    pub fn shelter(&mut self, s: SpaceId, units: &[UnitId]) -> bool {
        let rules = self.rules;
        let Some(side) = units.first().map(|&u| rules.side(u)) else {
            return true;
        };
        if fortification(rules, self.st, s).is_none()
            || self.st.g.control.get(s).copied().flatten() != Some(side)
            || shelter_capacity(rules, self.st, s).is_some_and(|c| units.len() > c)
        {
            return false;
        }
        if self.st.g.besieged.len() < rules.map.spaces.len() {
            self.st.g.besieged.resize(rules.map.spaces.len(), None);
        }
        self.st.g.besieged[s] = Some(side.other());
        let name = rules.space_name(s);
        self.say(
            "13.5",
            format!(
                "{} shelters {} combat unit(s) inside {name}",
                side.name(),
                units.len()
            ),
        );
        true
    }

    /// 13.33, 13.34: the moving force's siege attempt.
    pub fn siege_attempt(&mut self) {
        let rules = self.rules;
        let Some(pieces) = self.st.g.op.as_ref().and_then(|op| {
            op.mover
                .as_ref()
                .map(|m| siege_pieces(rules, self.st, op, m))
        }) else {
            return;
        };
        let Some(op) = self.st.g.op.as_mut() else {
            return;
        };
        let side = op.side;
        let Some(m) = op.mover.as_mut() else { return };
        let s = m.at;
        let entered = m.from.is_some();
        if !entered {
            // 13.34: two MPs per attempt, for each unit in it
            m.mp = m.mp.saturating_add(SIEGE_MP);
            for p in pieces {
                match op.spent.iter_mut().find(|(q, _)| *q == p) {
                    Some(e) => e.1 = e.1.saturating_add(SIEGE_MP),
                    None => op.spent.push((p, SIEGE_MP)),
                }
            }
        }
        self.place_besieged_marker(s, side);
        let _ = self.siege_roll(side, s, if entered { "13.33" } else { "13.34" });
        if entered {
            // 13.33: the force ends its movement
            super::steps::movement::stop(self);
        } else if self.st.g.winner.is_some() {
            self.st.g.step = Step::GameOver;
        }
    }

    /// 5.3, 13.7: free siege attempts, Prussia first, by every force meeting 13.32.
    /// Without optional rule 5 a failed attempt costs nothing, so every attempt is made
    /// at once and the Supply Phase follows. Under optional rule 5 a failure costs a step,
    /// so each besieger is asked whether it makes its attempt ("may", 13.7:
    /// `Stage::SiegePhase`); the owners then pick the steps of the failures (one roll per
    /// space: the picks follow all the rolls).
    pub fn siege_phase(&mut self) {
        if super::options::on(self.rules, super::options::OPT5_SIEGES) {
            self.ask_siege_attempt(None, Vec::new());
            return;
        }
        let mut due = Vec::new();
        for side in [Side::Prussia, Side::Austria] {
            for s in 0..self.rules.map.spaces.len() {
                if self.can_besiege(side, s) {
                    self.place_besieged_marker(s, side);
                    due.extend(self.siege_roll(side, s, "13.7"));
                }
            }
        }
        self.start_siege_losses(due);
    }

    /// 13.7 under optional rule 5: asks the next besieger after `after` (Prussia's
    /// spaces first, then Austria's, each in map order) about its free attempt; `due`
    /// holds the steps the failures so far cost. When none is left, the owners pick those
    /// steps and the Supply Phase follows.
    fn ask_siege_attempt(
        &mut self,
        after: Option<(Side, SpaceId)>,
        due: Vec<super::flow_battle::AttritionDue>,
    ) {
        match next_siege_attempt(self.rules, self.st, after) {
            Some((side, s)) => {
                self.place_besieged_marker(s, side);
                let mut p = super::flow_battle::Pending::new(
                    s,
                    None,
                    side,
                    super::flow_battle::Stage::SiegePhase,
                );
                p.attrition = due;
                p.then_supply = true;
                self.st.g.battle = Some(p);
                self.st.g.step = Step::Battle;
            }
            None => {
                self.st.g.battle = None;
                self.start_siege_losses(due);
            }
        }
    }

    /// 13.7 (optional rule 5): the besieger asked at `Stage::SiegePhase` makes its free
    /// attempt (`attempt`) or declines it (no die, no cost); then the next besieger.
    pub fn answer_siege_attempt(&mut self, attempt: bool) {
        let Some(p) = self.st.g.battle.take() else {
            return;
        };
        if p.stage != super::flow_battle::Stage::SiegePhase {
            self.st.g.battle = Some(p);
            return;
        }
        let mut due = p.attrition;
        if attempt {
            due.extend(self.siege_roll(p.att, p.at, "13.7"));
        } else {
            let name = self.rules.space_name(p.at);
            self.say(
                "13.7",
                format!(
                    "{} makes no siege attempt against {name} this Siege Phase",
                    p.att.name()
                ),
            );
        }
        self.ask_siege_attempt(Some((p.att, p.at)), due);
    }

    /// 13.7, 13.32: `side`'s units in the enemy fortress or major city `s` may besiege it.
    pub fn can_besiege(&self, side: Side, s: SpaceId) -> bool {
        can_besiege(self.rules, self.st, side, s)
    }

    /// 13.31: one roll on the Siege Table against `s`, modified by [`siege_modifiers`].
    /// Optional rule 5: a failed Siege Phase roll returns the step its owner must pick.
    pub fn siege_roll(
        &mut self,
        side: Side,
        s: SpaceId,
        rule: &str,
    ) -> Option<super::flow_battle::AttritionDue> {
        fortification(self.rules, self.st, s)?;
        let name = self.rules.space_name(s);
        let mut mods = siege_modifiers(self.rules, self.st, s, side);
        // card 51, played before this roll (6.25)
        mods.extend(super::events::siege_train(self, side));
        // optional rule 5: the Siege Phase roll must beat the fortification value
        let opt5 = super::options::end_of_turn_siege(self.rules, rule);
        let roll = self.dice.d6(
            &format!("siege of {name} ({})", side.name()),
            if opt5 { "optional rule 5" } else { "13.31" },
            mods,
        );
        let reduced = reduces(self.rules, rule, roll.total);
        if !reduced {
            self.say(rule, format!("the siege of {name} has no effect"));
            if opt5 {
                return self.siege_failed_opt5(side, s);
            }
            return None;
        }
        self.say(
            rule,
            format!(
                "{name} is reduced by siege ({}, modified die {})",
                side.name(),
                roll.total
            ),
        );
        // 13.5: everything sheltered inside falls with it, permanently
        let enemy = side.other();
        for u in flow::units_at(self.rules, self.st, s, enemy) {
            self.st.units[u as usize].loc = Loc::Permanent;
            let n = self.rules.unit_name(u);
            self.say(
                "13.5",
                format!("{n}, sheltered in {name}, is lost for good"),
            );
        }
        for g in flow::generals_at(self.rules, self.st, s, enemy) {
            self.st.generals[g as usize].loc = Loc::Permanent;
            let n = self.rules.gen_name(g);
            self.say(
                "13.5",
                format!("{n}, sheltered in {name}, is lost for good"),
            );
        }
        // 13.31: destroyed marker, a friendly PC; a minor city from now on
        if let Some(d) = self.st.g.destroyed.get_mut(s) {
            *d = true;
        }
        if let Some(b) = self.st.g.besieged.get_mut(s) {
            *b = None;
        }
        self.set_control(s, side, "13.31");
        None
    }

    /// 13.42: markers whose besieging side has left are removed.
    pub fn lift_sieges(&mut self) {
        for s in 0..self.st.g.besieged.len() {
            if self.st.g.besieged[s].is_some() && besieger(self.rules, self.st, s).is_none() {
                self.st.g.besieged[s] = None;
                let name = self.rules.space_name(s);
                self.say("13.42", format!("the siege of {name} is lifted"));
            }
        }
    }
}
