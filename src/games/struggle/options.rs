//! The rulebook's optional rules 1-8 ("OPTIONAL RULES" after the scenarios), chosen as
//! scenario options (`variants` in the scenario files, saved in the save's `options`).
//! Each is off unless chosen; 2 and 4 may not be used together (the scenario files say
//! so and `engine::scenarios::check_variants` refuses the pair when the rules load).
//!
//! 1 Increased Hand Size: one card and one round more (5.1, 8.1, 16.3 adjusted).
//! 2 Reduced Activation Costs: 6.23 costs 0.5 OP for a general or cavalry division, 1 for
//!   an infantry brigade or division, 3 for a corps (half OPs: `Op::half`).
//! 3 Enhanced Replacements: one card a War turn flips one reduced unit in supply.
//! 4 Operations Queue: cards played into a queue over several rounds, then spent at once
//!   on an activation (6.22 or 6.23); any other play or a free OP abandons it.
//! 5 Siege Modifications: the Siege Phase roll must beat the fortification value or a
//!   besieging unit is flipped; the generals' tactical ratings modify every siege roll.
//! 6 Political control: +1/-1 to interception and avoid battle rolls by the control of
//!   the space entered; no entry so into an enemy fortress or major city not besieged.
//! 7 An army activated per 6.22 has 4 MPs (18.5 adjusted); a lone general keeps 6.
//! 8 A card of 2-4 OPs discarded in a War turn mobilizes a general (6.21; a 2 card: the
//!   most senior, 18.4).

use super::cards::CardId;
use super::data::{GenId, StRules, UnitId};
use super::flow::{self, Game};
use super::map::{SpaceId, SpaceKind};
use super::state::*;
use crate::engine::side::Side;

pub const OPT1_HAND: &str = "opt1-hand-size";
pub const OPT2_COSTS: &str = "opt2-activation-costs";
pub const OPT3_REPLACEMENTS: &str = "opt3-replacements";
pub const OPT4_QUEUE: &str = "opt4-ops-queue";
pub const OPT5_SIEGES: &str = "opt5-sieges";
pub const OPT6_CONTROL: &str = "opt6-control";
pub const OPT7_ARMY_MA: &str = "opt7-army-ma";
pub const OPT8_GENERALS: &str = "opt8-war-generals";
/// Optional rule 5's last sentence: the generals' tactical ratings on siege rolls "may be
/// used with the standard siege rules separate from" the Siege Phase modification.
pub const OPT5_RATINGS: &str = "opt5-siege-ratings";

/// All eight, in the rulebook's order, and rule 5's ratings on their own.
pub const ALL: [&str; 9] = [
    OPT1_HAND,
    OPT2_COSTS,
    OPT3_REPLACEMENTS,
    OPT4_QUEUE,
    OPT5_SIEGES,
    OPT6_CONTROL,
    OPT7_ARMY_MA,
    OPT8_GENERALS,
    OPT5_RATINGS,
];

/// Whether the optional rule `id` is in play.
pub fn on(rules: &StRules, id: &str) -> bool {
    rules.options.iter().any(|o| o == id)
}

// ---------------------------------------------------------------------------------
// 7: the army's MA

/// The MA of an army activated per 6.22 (18.5: 6; optional rule 7: 4).
pub fn army_ma(rules: &StRules) -> u8 {
    if on(rules, OPT7_ARMY_MA) {
        4
    } else {
        flow::ARMY_MA
    }
}

// ---------------------------------------------------------------------------------
// 2: reduced activation costs, in half OPs

/// 6.23 (optional rule 2): the cost of activating a piece individually in half OPs:
/// general or cavalry division 1 (0.5 OP), infantry brigade or division 2, corps 6.
pub fn cost_halves(rules: &StRules, p: Piece) -> u8 {
    match p {
        Piece::General(_) => 1,
        Piece::Unit(u) => {
            let e = rules.echelon(u);
            if e.is_cavalry() {
                1
            } else if e.is_corps() {
                6
            } else {
                2
            }
        }
    }
}

/// OPs in words, halves included ("2.5").
pub fn ops_text(ops: u8, half: bool) -> String {
    if half {
        format!("{ops}.5")
    } else {
        ops.to_string()
    }
}

// ---------------------------------------------------------------------------------
// 4: the Operations Queue

/// The OPs built up in `side`'s queue.
pub fn queue_total(rules: &StRules, st: &StState, side: Side) -> u8 {
    st.cards.queue[side.idx()]
        .iter()
        .map(|&c| rules.card_ops(c))
        .fold(0u8, |a, b| a.saturating_add(b))
}

/// What every seat may know of `side`'s queue: how many cards lie in it (optional rule
/// 4: face down; audit 13k row 15). None when it is empty.
pub fn queue_public(st: &StState, side: Side) -> Option<String> {
    let n = st.cards.queue[side.idx()].len();
    (n > 0).then(|| {
        format!(
            "{}'s Operations Queue: {n} card{} queued",
            side.name(),
            if n == 1 { "" } else { "s" }
        )
    })
}

/// What only `side` may read of its own queue: the OPs built up and the queued cards
/// (optional rule 4; audit 13k rows 15, 21). The screen draws it next to that side's
/// hand, only while that hand is shown; never in the step's prompt, which every seat
/// reads. None when it is empty.
pub fn queue_for_owner(rules: &StRules, st: &StState, side: Side) -> Option<String> {
    let q = &st.cards.queue[side.idx()];
    if q.is_empty() {
        return None;
    }
    let cards: Vec<String> = q
        .iter()
        .map(|&c| format!("{} ({} OP)", rules.card_title(c), rules.card_ops(c)))
        .collect();
    Some(format!(
        "Your Operations Queue holds {} OP: {}",
        queue_total(rules, st, side),
        cards.join(", ")
    ))
}

// ---------------------------------------------------------------------------------
// 3: enhanced replacements

/// Whether `side` may play a card to flip `unit` (optional rule 3).
pub fn check_replace(
    rules: &StRules,
    st: &StState,
    side: Side,
    unit: UnitId,
) -> Result<(), Refusal> {
    const R: &str = "optional rule 3";
    if !on(rules, OPT3_REPLACEMENTS) {
        return Err(Refusal::new(R, "Enhanced Replacements are not in play"));
    }
    if !st.g.war {
        return Err(Refusal::new(R, "replacements are taken in War turns only"));
    }
    if st.g.replaced[side.idx()] {
        return Err(Refusal::new(
            R,
            "only one card a turn may be played for a replacement",
        ));
    }
    let Some(u) = st.units.get(unit as usize) else {
        return Err(Refusal::new(R, "no such unit"));
    };
    if rules.side(unit) != side {
        return Err(Refusal::new(R, "that unit is not yours"));
    }
    let Some(s) = u.loc.space() else {
        return Err(Refusal::new(R, "only units on the map take replacements"));
    };
    if !u.reduced {
        return Err(Refusal::new(R, "that unit is at full strength"));
    }
    if !super::endturn::supplied(rules, st, s, side) {
        return Err(Refusal::new(
            R,
            format!("{} is out of supply", rules.unit_name(unit)),
        ));
    }
    Ok(())
}

/// The units `side` could flip now (optional rule 3), for the legal list.
pub fn replaceable(rules: &StRules, st: &StState, side: Side) -> Vec<UnitId> {
    if !on(rules, OPT3_REPLACEMENTS) || !st.g.war || st.g.replaced[side.idx()] {
        return Vec::new();
    }
    (0..st.units.len() as UnitId)
        .filter(|&u| {
            rules.side(u) == side
                && st.units[u as usize].reduced
                && st.units[u as usize].loc.space().is_some()
        })
        .filter(|&u| check_replace(rules, st, side, u).is_ok())
        .collect()
}

// ---------------------------------------------------------------------------------
// 8: generals mobilized in War turns

/// Whether `side` may discard `card` to mobilize `general` onto `at` (optional rule 8).
pub fn check_war_general(
    rules: &StRules,
    st: &StState,
    side: Side,
    card: Option<CardId>,
    general: GenId,
    at: SpaceId,
) -> Result<(), Refusal> {
    const R: &str = "optional rule 8";
    if !on(rules, OPT8_GENERALS) {
        return Err(Refusal::new(
            R,
            "Mobilization of Generals during War Turns is not in play",
        ));
    }
    if !st.g.war {
        return Err(Refusal::new(
            R,
            "this is for War turns (in Mobilization turns, mobilize per 6.21)",
        ));
    }
    let Some(card) = card else {
        return Err(Refusal::new(R, "a card must be discarded, not a free OP"));
    };
    let ops = rules.card_ops(card);
    if ops < 2 {
        return Err(Refusal::new(
            R,
            "a card of 2, 3 or 4 OPs must be discarded to mobilize a general",
        ));
    }
    if ops == 2 {
        // the 2 card: the most senior general (18.4) as in 6.21
        super::steps::mobilize::check_appoint(rules, st, side, 1, general, at)
    } else {
        // a 3 or 4 card: any general available, still placed per 6.21
        let Some(d) = rules.general(general) else {
            return Err(Refusal::new(R, "no such general"));
        };
        if d.side() != side {
            return Err(Refusal::new(R, format!("{} is not yours", d.name)));
        }
        if st.generals[general as usize].loc != Loc::Pool {
            return Err(Refusal::new(
                R,
                format!("{} is not in the General Holding Area", d.name),
            ));
        }
        if !super::steps::mobilize::friendly_unit_spaces(rules, st, side).contains(&at) {
            return Err(Refusal::new(
                "6.21",
                "a general is placed on a space with a friendly combat unit",
            ));
        }
        Ok(())
    }
}

/// The (general, space) pairs a card of `ops` OPs could mobilize (optional rule 8).
pub fn war_generals(rules: &StRules, st: &StState, side: Side, ops: u8) -> Vec<(GenId, SpaceId)> {
    if !on(rules, OPT8_GENERALS) || !st.g.war || ops < 2 {
        return Vec::new();
    }
    let gens: Vec<GenId> = if ops == 2 {
        flow::appointable(rules, st, side)
    } else {
        (0..st.generals.len() as GenId)
            .filter(|&g| rules.gen_side(g) == side && st.generals[g as usize].loc == Loc::Pool)
            .collect()
    };
    let spaces = super::steps::mobilize::friendly_unit_spaces(rules, st, side);
    let mut v = Vec::new();
    for g in gens {
        for &s in &spaces {
            v.push((g, s));
        }
    }
    v
}

// ---------------------------------------------------------------------------------
// 6: political control and interception / avoid battle

/// Optional rule 6: +1 entering a space `side` controls, -1 one the enemy controls.
pub fn control_drm(rules: &StRules, st: &StState, side: Side, s: SpaceId) -> Option<(String, i32)> {
    if !on(rules, OPT6_CONTROL) {
        return None;
    }
    match st.g.control.get(s).copied().flatten() {
        Some(c) if c == side => Some(("friendly-controlled space (optional rule 6)".into(), 1)),
        Some(_) => Some(("enemy-controlled space (optional rule 6)".into(), -1)),
        None => None,
    }
}

/// Optional rule 6: an enemy-controlled fortress or major city that no side of `side`
/// besieges or masks cannot be entered by interception or avoiding battle.
pub fn closed_to(rules: &StRules, st: &StState, side: Side, s: SpaceId) -> bool {
    on(rules, OPT6_CONTROL)
        && flow::enemy_controlled(st, s, side)
        && super::siege::fortification(rules, st, s).is_some()
        && matches!(
            rules.map.spaces.get(s).map(|x| x.kind),
            Some(SpaceKind::Major) | Some(SpaceKind::Fortress(_))
        )
        && super::siege::besieger(rules, st, s) != Some(side)
}

// ---------------------------------------------------------------------------------
// 5: siege modifications

/// Optional rule 5: the besieging commander's offensive tactical rating (+) and the
/// besieged commander's defensive rating (-), the most senior general of each side in
/// the space (18.1).
pub fn siege_drms(rules: &StRules, st: &StState, side: Side, s: SpaceId) -> Vec<(String, i32)> {
    if !on(rules, OPT5_SIEGES) && !on(rules, OPT5_RATINGS) {
        return Vec::new();
    }
    let mut v = Vec::new();
    let own = flow::generals_at(rules, st, s, side);
    if let Some(c) = flow::commander(rules, &own)
        && let Some(d) = rules.general(c)
        && d.offensive != 0
    {
        v.push((
            format!("{}'s offensive tactical rating (optional rule 5)", d.name),
            d.offensive as i32,
        ));
    }
    let theirs = flow::generals_at(rules, st, s, side.other());
    if let Some(c) = flow::commander(rules, &theirs)
        && let Some(d) = rules.general(c)
        && d.defensive != 0
    {
        v.push((
            format!("{}'s defensive tactical rating (optional rule 5)", d.name),
            -(d.defensive.abs() as i32),
        ));
    }
    v
}

/// Optional rule 5: the Siege Phase roll is resolved by this rule (not the Siege Table).
pub fn end_of_turn_siege(rules: &StRules, rule: &str) -> bool {
    on(rules, OPT5_SIEGES) && rule == "13.7"
}

impl<'a> Game<'a> {
    /// Optional rule 5: a failed Siege Phase roll costs the besiegers one step, the unit
    /// picked by their owner (stage `Attrition`, the 11.2 step 4 procedure: a reduced
    /// corps eliminated is replaced from the Corps Support Box). The siege is lifted when
    /// no besieging unit is left (13.42, at the Supply Phase).
    pub fn siege_failed_opt5(
        &mut self,
        side: Side,
        s: SpaceId,
    ) -> Option<super::flow_battle::AttritionDue> {
        let units = flow::units_at(self.rules, self.st, s, side);
        if units.is_empty() {
            return None;
        }
        let name = self.rules.space_name(s);
        self.say(
            "optional rule 5",
            format!("the siege of {name} fails: the besiegers lose a step"),
        );
        Some(super::flow_battle::AttritionDue {
            at: s,
            side,
            units,
            steps: 1,
            rule: "optional rule 5".to_string(),
        })
    }

    /// Optional rule 4: the queue's cards go face up to the discard pile.
    pub fn empty_queue(&mut self, side: Side, why: &str) {
        let cards = std::mem::take(&mut self.st.cards.queue[side.idx()]);
        if cards.is_empty() {
            return;
        }
        if cards.contains(&flow::NEEDLE_GUNS) {
            self.st.g.reshuffle = true;
        }
        let names: Vec<String> = cards.iter().map(|&c| self.rules.card_title(c)).collect();
        self.say(
            "optional rule 4",
            format!(
                "{}'s Operations Queue is {why}: {} to the discard pile",
                side.name(),
                names.join(", ")
            ),
        );
        self.st.cards.discard.extend(cards);
    }
}
