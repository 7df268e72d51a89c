//! Fortresses, major cities and sieges (13): the besieged marker placed on entry (13.2,
//! 13.33), the requirements of a siege attempt (13.32), attempts during movement (13.33
//! on entering with 2 MPs left, 13.34 one per 2 MPs for a force that starts its
//! activation there), masking (13.41) and the lifting of a siege (13.42), sheltering
//! (13.5: capacity, lost when the space falls), relief (13.6), the free attempts of the
//! Siege Phase (5.3, 13.7, Prussia first) and the Siege Table roll (13.31 with the
//! fortification value and -1 when unsupplied, 15.3).

use super::battle::{DieRoll, Need};
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
    let mut occupied = [false; 2];
    for side in [Side::Austria, Side::Prussia] {
        occupied[side.idx()] = !flow::units_at(rules, st, s, side).is_empty();
    }
    besieger_given(rules, st, s, occupied)
}

/// [`besieger`] with the space's occupation already counted (`occupied[side.idx()]`: a
/// combat unit of that side stands in `s`), for callers that count every space at once.
pub fn besieger_given(
    rules: &StRules,
    st: &StState,
    s: SpaceId,
    occupied: [bool; 2],
) -> Option<Side> {
    fortification(rules, st, s)?;
    let holder = st.g.control.get(s).copied().flatten()?;
    let enemy = holder.other();
    if !occupied[enemy.idx()] {
        return None; // 13.42: lifted the instant no besieging unit is left
    }
    (st.g.besieged.get(s).copied().flatten() == Some(enemy) || !occupied[holder.idx()])
        .then_some(enemy)
}

/// 13.2, 13.5: the record of a partial withdrawal into `s` (the units put inside), if
/// any ([`Globals::inside`]).
pub fn inside_record(st: &StState, s: SpaceId) -> Option<&[UnitId]> {
    st.g.inside
        .iter()
        .find(|(x, _)| *x == s)
        .map(|(_, v)| &v[..])
}

/// 13.5: the units of `side` sheltering inside its own fortress or major city (not
/// subject to combat): those it withdrew inside while the rest of its force stayed out
/// (13.2, a partial withdrawal, while an enemy unit is in the space), else every unit of
/// the side under an enemy besieged marker (the whole force inside).
pub fn sheltered(rules: &StRules, st: &StState, s: SpaceId, side: Side) -> Vec<UnitId> {
    if let Some(rec) = inside_record(st, s)
        && st.g.control.get(s).copied().flatten() == Some(side)
        && fortification(rules, st, s).is_some()
        && !flow::units_at(rules, st, s, side.other()).is_empty()
    {
        return flow::units_at(rules, st, s, side)
            .into_iter()
            .filter(|u| rec.contains(u))
            .collect();
    }
    if besieger(rules, st, s) == Some(side.other()) {
        flow::units_at(rules, st, s, side)
    } else {
        Vec::new()
    }
}

/// 13.2: the units of `side` in `s` outside its walls (all but [`sheltered`] ones).
pub fn outside(rules: &StRules, st: &StState, s: SpaceId, side: Side) -> Vec<UnitId> {
    let inside = sheltered(rules, st, s, side);
    flow::units_at(rules, st, s, side)
        .into_iter()
        .filter(|u| !inside.contains(u))
        .collect()
}

/// 13.2, 13.5: `old`, recorded inside `s` by a partial withdrawal, was replaced there by
/// `new` (a corps by its EBC, 11.2 step 4, in a battle or by attrition; cards 3 and 4):
/// the replacements stand where it stood, inside the walls.
pub fn replaced_inside(st: &mut StState, s: SpaceId, old: UnitId, new: &[UnitId]) {
    if let Some((_, rec)) = st.g.inside.iter_mut().find(|(x, _)| *x == s)
        && rec.contains(&old)
    {
        for &u in new {
            if !rec.contains(&u) {
                rec.push(u);
            }
        }
    }
}

/// 13.2, 13.42: keeps [`Globals::inside`] true to the map after every command: a record
/// ends with the siege (no enemy unit left in the space, the place fallen or its
/// controller changed), and a unit that left the space (a sortie, an elimination) is no
/// longer inside it.
pub fn tidy_inside(rules: &StRules, st: &mut StState) {
    if st.g.inside.is_empty() {
        return;
    }
    let mut recs = std::mem::take(&mut st.g.inside);
    recs.retain_mut(|(s, units)| {
        let s = *s;
        let Some(holder) = st.g.control.get(s).copied().flatten() else {
            return false;
        };
        if fortification(rules, st, s).is_none()
            || flow::units_at(rules, st, s, holder.other()).is_empty()
        {
            return false;
        }
        units.retain(|&u| {
            rules.side(u) == holder
                && st.units.get(u as usize).map(|x| x.loc) == Some(Loc::Space(s))
        });
        !units.is_empty()
    });
    st.g.inside = recs;
}

/// 13.32: whether `units` may besiege `s` (a corps for a major city or a level-3
/// fortress, and at least as many combat units as the fortification value). Our reading
/// (audit 5 B3): 13.34's "one of the two requirements in 13.32" is read as the
/// requirements 13.32 sets for the space's type (the count alone for a 1- or 2-level
/// fortress, both for a major city or a 3-level fortress), used for every attempt.
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
    // 13.2: a partial withdrawal leaves the units outside to be dealt with first
    let enemy_outside = !outside(rules, st, s, side.other()).is_empty();
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
/// fortification value (13.32) and -1 when the besieger is unsupplied (15.3), and under
/// optional rule 5 the generals' tactical ratings. The modifiers of the Siege Table roll
/// ([`siege_die_roll`]); under optional rule 5 the Siege Phase roll has all but the
/// fortification value, which it must beat instead.
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
    mods.extend(other_modifiers(rules, st, s, side));
    mods
}

/// The modifiers of a siege roll besides the fortification value: 15.3 and the tactical
/// ratings of optional rule 5.
fn other_modifiers(rules: &StRules, st: &StState, s: SpaceId, side: Side) -> Vec<(String, i32)> {
    let mut mods = Vec::new();
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

/// 13.31: the Siege Table as a need: the table is monotone (a higher die never does
/// worse, checked when the charts load), so "Reduced" is a modified die above this.
fn table_need(rules: &StRules) -> i32 {
    let t = &rules.charts.siege;
    match t.reduced.iter().position(|&r| r) {
        Some(0) => i32::MIN / 2,
        Some(i) => t.die_low + i as i32 - 1,
        None => i32::MAX / 2,
    }
}

/// `side`'s siege roll against `s` under `rule` ("13.33"/"13.34" in an activation,
/// "13.7" the Siege Phase's free attempt): every modifier with its case, a Siege Train
/// (card 51) once played for it included, and what reduces the space: the Siege Table
/// (13.31), or under optional rule 5 in the Siege Phase a die above the fortification
/// value. The one description the odds shown ([`siege_chance_for`], the prompts), the
/// roll and its log line ([`Game::siege_roll`]) read. None when `s` cannot be besieged.
pub fn siege_die_roll(
    rules: &StRules,
    st: &StState,
    s: SpaceId,
    side: Side,
    rule: &str,
) -> Option<DieRoll> {
    let value = fortification(rules, st, s)?;
    let opt5 = super::options::end_of_turn_siege(rules, rule);
    let mut mods = if opt5 {
        other_modifiers(rules, st, s, side)
    } else {
        siege_modifiers(rules, st, s, side)
    };
    mods.extend(super::events::siege_train_drm(rules, st, side));
    let name = rules.space_name(s);
    let (case, need, against) = if opt5 {
        (
            "optional rule 5",
            value as i32,
            format!("the fortification value of {name}, optional rule 5"),
        )
    } else {
        let t = table_need(rules);
        (
            "13.31",
            t,
            format!("Reduced on the Siege Table from {}, 13.31", t + 1),
        )
    };
    Some(DieRoll {
        case: case.into(),
        mods,
        need: Need::Above(need),
        against,
    })
}

/// 13.31: the chance in 6 that `side`'s siege roll in its activation reduces `s` now (0
/// when it cannot).
pub fn siege_chance_in_6(rules: &StRules, st: &StState, s: SpaceId, side: Side) -> u32 {
    siege_chance_for(rules, st, s, side, "13.31")
}

/// The chance in 6 of [`siege_die_roll`] under `rule` ("13.7": the Siege Phase, where
/// optional rule 5 changes what reduces the space), a Siege Train once played included.
pub fn siege_chance_for(rules: &StRules, st: &StState, s: SpaceId, side: Side, rule: &str) -> u32 {
    siege_die_roll(rules, st, s, side, rule).map_or(0, |r| r.chance_in_6())
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

    /// 5.3, 13.7: free siege attempts, Prussia first, by every force meeting 13.32, one
    /// space after the other ([`Game::ask_siege_attempt`]).
    pub fn siege_phase(&mut self) {
        self.ask_siege_attempt(None, Vec::new());
    }

    /// 13.7: the next besieger after `after` (Prussia's spaces first, then Austria's, each
    /// in map order) makes its free attempt. It is asked (`Stage::SiegePhase`: `Siege`,
    /// `Done` declines, a Siege Train card 51 may be played first) under optional rule 5,
    /// where a failure costs a step, and otherwise whenever its hand holds a card: hidden
    /// hands, the pause tells the other side nothing of card 51 (hand sizes are public).
    /// A besieger with no card and no choice worth asking rolls at once (a failure costs
    /// nothing). `due` holds the steps the failures so far cost (optional rule 5); when
    /// no besieger is left, the owners pick those steps and the Supply Phase follows.
    fn ask_siege_attempt(
        &mut self,
        mut after: Option<(Side, SpaceId)>,
        mut due: Vec<super::flow_battle::AttritionDue>,
    ) {
        let opt5 = super::options::on(self.rules, super::options::OPT5_SIEGES);
        while let Some((side, s)) = next_siege_attempt(self.rules, self.st, after) {
            self.place_besieged_marker(s, side);
            if !opt5 && self.st.cards.hand(side).is_empty() {
                self.st.g.battle = None;
                due.extend(self.siege_roll(side, s, "13.7"));
                after = Some((side, s));
                continue;
            }
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
            return;
        }
        self.st.g.battle = None;
        self.start_siege_losses(due);
    }

    /// 13.7: the besieger asked at `Stage::SiegePhase` makes its free attempt (`attempt`)
    /// or declines it (no die, no cost); then the next besieger.
    pub fn answer_siege_attempt(&mut self, attempt: bool) {
        let Some(p) = self.st.g.battle.clone() else {
            return;
        };
        if p.stage != super::flow_battle::Stage::SiegePhase {
            return;
        }
        let mut due = p.attrition;
        if attempt {
            // rolled while the attempt is pending: a Siege Train played for it counts
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

    /// 13.31: one siege roll against `s` as [`siege_die_roll`] describes it (the Siege
    /// Table, or optional rule 5's need in the Siege Phase), logged with every modifier.
    /// Optional rule 5: a failed Siege Phase roll returns the step its owner must pick.
    pub fn siege_roll(
        &mut self,
        side: Side,
        s: SpaceId,
        rule: &str,
    ) -> Option<super::flow_battle::AttritionDue> {
        let spec = siege_die_roll(self.rules, self.st, s, side, rule)?;
        let name = self.rules.space_name(s);
        // card 51, played before this roll (6.25): used up by it
        super::events::use_siege_train(self, side);
        let roll = self.dice.d6(
            &format!("siege of {name} ({})", side.name()),
            &spec.case,
            spec.mods.clone(),
        );
        let result = spec.result(roll.die);
        if !spec.succeeds(roll.die) {
            self.say(
                rule,
                format!(
                    "the siege of {name} has no effect ({}: {result})",
                    side.name()
                ),
            );
            if spec.case == "optional rule 5" {
                return self.siege_failed_opt5(side, s);
            }
            return None;
        }
        self.say(
            rule,
            format!("{name} is reduced by siege ({}: {result})", side.name()),
        );
        // 13.5: everything sheltered inside falls with it, permanently
        let enemy = side.other();
        for u in sheltered(self.rules, self.st, s, enemy) {
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
