//! The events of the Operations Cards (6.24), one function per card, cited by number. The
//! card texts and their effects are data (`scenarios/maps/struggle-cards.ron`, RECONSTRUCTED,
//! see docs/games/struggle-cards.md); this module checks an event's play conditions
//! ([`check`], used by the operational round's legal commands) and carries its effects out
//! ([`play`]). Effects that need the player's choice (which unit to flip, which corps to
//! replace, where to place a counter) wait in the step `Step::Event` (steps/event.rs). The
//! Declaration of War (7.22) is the core's (steps/round.rs); the * removal (6.1) is done by
//! `Game::end_use` when the event is over. Effects that last (an entrenchment, a state kept
//! at home, no avoiding battle, a response for one activation) are [`Marks`], read by the
//! movement, battle and siege rules through the small hooks below. The responses played
//! outside battle (6.25: #16 after an army activation, #51 and #53 in one's own move) are
//! here too.

use super::cards::{Card, CardId, Effect, Nation as CNation, Requirement, ResponseWhen, UnitClass};
use super::data::{Echelon, GenId, StRules, UnitId};
use super::flow::{self, Game};
use super::map::{SpaceId, SpaceKind};
use super::state::*;
use crate::engine::side::Side;
use serde::{Deserialize, Serialize};

/// Lasting effects of events and responses (6.24, 6.25), kept in `Globals::marks`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marks {
    /// Field Entrenchments markers (cards 6, 7): space, side, and the turn (war, number)
    /// they hold for.
    pub entrench: Vec<(SpaceId, Side, bool, u8)>,
    /// Reluctant Ally (card 39): the state whose units keep to their own province, until
    /// the end of this War turn.
    pub reluctant: Option<(CNation, u8)>,
    /// "Has a battle been fought?" (card 54): this side's armies may not avoid battle in
    /// this turn (war, number).
    pub no_avoid: Option<(Side, bool, u8)>,
    /// Response cards in force for the activation in progress (16, 51, 53), valid while
    /// `key` is the card use's ([`op_key`]).
    pub activation: Vec<CardId>,
    pub key: (bool, u8, [u8; 2]),
    /// 6.25: the side asked whether it answers the activation just made (card 16).
    pub window: Option<Side>,
}

/// Identifies the card use in progress: the turn and the rounds left (they change only
/// when the use is over).
pub fn op_key(st: &StState) -> (bool, u8, [u8; 2]) {
    (st.g.war, st.g.turn, st.g.rounds_left)
}

/// Whether a response card with an effect matching `f` is in force for this activation.
fn in_force(rules: &StRules, st: &StState, f: impl Fn(&Effect) -> bool) -> bool {
    st.g.op.is_some()
        && st.g.marks.key == op_key(st)
        && st
            .g
            .marks
            .activation
            .iter()
            .any(|&c| rules.cards.get(c).is_some_and(|k| k.effects.iter().any(&f)))
}

fn mark(st: &mut StState, card: CardId) {
    if st.g.marks.key != op_key(st) {
        st.g.marks.activation.clear();
        st.g.marks.key = op_key(st);
    }
    st.g.marks.activation.push(card);
}

/// The counter type a card's unit label names ("Au Kalik IB" -> "au-kalik"). RECONSTRUCTED:
/// the labels are the cards file's short names; the ids are the order of battle's.
pub fn label_type(label: &str) -> Option<&'static str> {
    Some(match label {
        "Au Kalik IB" => "au-kalik",
        "Pr Slw ID" => "pr-swl",
        "Au 1st Corps" => "au-1",
        "Sx Corps" => "sx-corps",
        "Ns IB" => "ns-ib",
        "HC IB" => "hc-ib",
        "HN ID" => "hn-div",
        "HD ID" => "hd-id",
        "Bd ID" => "bd-id",
        "Wu ID" => "wu-id",
        "VIII Federal Corps" => "fed8",
        "It Garibaldi Corps" => "it-gar",
        "It Garibaldi ID" => "it-gar-id",
        "Pr I Reserve Corps" => "pr-res1",
        "Pr II Reserve Corps" => "pr-res2",
        "Hu Klapka ID" => "hu-klapka-id",
        "Hu Klapka Corps" => "hu-klapka",
        _ => return None,
    })
}

/// The cards whose events are built. The others may still be played for their OPs; as
/// events they are refused with a reason (responses: 6.25; not built: said so).
const BUILT: &[CardId] = &[
    1, 2, 3, 4, 5, 6, 7, 9, 17, 19, 21, 23, 24, 25, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39,
    40, 42, 43, 44, 45, 46, 47, 48, 54,
];

/// The unit of `label`: the first on the map, else the first anywhere.
pub fn unit_of(rules: &StRules, st: &StState, label: &str) -> Option<UnitId> {
    let ty = label_type(label)?;
    let all = rules.unit_by_type(ty);
    all.iter()
        .copied()
        .find(|&u| st.units[u as usize].loc.space().is_some())
        .or_else(|| all.first().copied())
}

fn on_map(st: &StState, u: UnitId) -> Option<SpaceId> {
    st.units.get(u as usize).and_then(|x| x.loc.space())
}

fn nation_is(rules: &StRules, u: UnitId, n: CNation, side: Side) -> bool {
    match n {
        CNation::Own => rules.side(u) == side,
        _ => rules
            .ty(u)
            .is_some_and(|t| format!("{:?}", t.nation) == format!("{n:?}")),
    }
}

fn class_of(e: Echelon) -> UnitClass {
    match e {
        Echelon::Corps => UnitClass::Corps,
        Echelon::ID => UnitClass::Division,
        Echelon::IB => UnitClass::Brigade,
        _ => UnitClass::Cavalry,
    }
}

/// Does space `s` lie in the province or country called `region`?
pub(crate) fn in_region(rules: &StRules, s: SpaceId, region: &str) -> bool {
    let Some(sp) = rules.map.spaces.get(s) else {
        return false;
    };
    sp.province
        .and_then(|p| rules.map.provinces.get(p))
        .is_some_and(|p| p.name.starts_with(region))
        || format!("{:?}", sp.country) == region
}

/// Reduced units `side` may flip with the card's Flip effect (#17, 25, 31-34, 36).
pub fn flip_targets(rules: &StRules, st: &StState, side: Side, card: &Card) -> Vec<UnitId> {
    let Some((nations, class, within)) = card.effects.iter().find_map(|e| match e {
        Effect::Flip {
            nations,
            class,
            within,
            ..
        } => Some((nations, *class, within)),
        _ => None,
    }) else {
        return Vec::new();
    };
    (0..st.units.len() as UnitId)
        .filter(|&u| {
            let Some(s) = on_map(st, u) else { return false };
            st.units[u as usize].reduced
                && rules.side(u) == side
                && nations.iter().any(|&n| nation_is(rules, u, n, side))
                && class.covers(class_of(rules.echelon(u)))
                && (within.is_empty() || within.iter().any(|r| in_region(rules, s, r)))
                && replaceable(rules, st, u, s, side)
        })
        .collect()
}

/// 13.8 and the Flip effect's own terms: a unit besieged in a stronghold or out of supply
/// receives no replacement (audit defect 9).
fn replaceable(rules: &StRules, st: &StState, u: UnitId, s: SpaceId, side: Side) -> bool {
    !super::siege::sheltered(rules, st, s, side).contains(&u)
        && super::endturn::supplied(rules, st, s, side)
}

/// The corps Army of the Elbe / Main may replace (#3, #4): `side`'s Prussian corps on the
/// map, not one sheltering in a besieged stronghold (13.8: a besieged place receives no
/// replacements or reinforcements; 13.5: three IDs would overfill a small fortress; audit
/// 7 defect 2).
pub fn corps_targets(rules: &StRules, st: &StState, side: Side) -> Vec<UnitId> {
    (0..st.units.len() as UnitId)
        .filter(|&u| {
            on_map(st, u).is_some_and(|s| !super::siege::sheltered(rules, st, s, side).contains(&u))
                && rules.side(u) == side
                && rules.echelon(u).is_corps()
                && nation_is(rules, u, CNation::Pr, side)
        })
        .collect()
}

/// IDs of the nationality in the Corps Support Box.
fn box_ids(rules: &StRules, st: &StState, n: CNation, side: Side) -> Vec<UnitId> {
    (0..st.units.len() as UnitId)
        .filter(|&u| {
            st.units[u as usize].loc == Loc::CorpsSupport
                && rules.echelon(u) == Echelon::ID
                && nation_is(rules, u, n, side)
        })
        .collect()
}

/// Spaces where the card's Place effect may put its counter (#23, #29, #30, #46).
pub fn place_targets(rules: &StRules, st: &StState, side: Side, card: &Card) -> Vec<SpaceId> {
    let Some((spaces, province)) = card.effects.iter().find_map(|e| match e {
        Effect::Place {
            spaces, province, ..
        } => Some((spaces, province)),
        _ => None,
    }) else {
        return Vec::new();
    };
    let mut v: Vec<SpaceId> = spaces
        .iter()
        .filter_map(|n| rules.map.space(n))
        .filter(|&s| st.g.control.get(s).copied().flatten() == Some(side))
        .collect();
    for s in 0..rules.map.spaces.len() {
        let ours = st.g.control.get(s).copied().flatten() == Some(side);
        let in_prov = province.as_ref().is_some_and(|p| in_region(rules, s, p));
        // card 46: or any space of Hungary without Austrian units
        let hungary = card.id == 46
            && in_region(rules, s, "Hungary")
            && !(0..st.units.len() as UnitId)
                .any(|u| on_map(st, u) == Some(s) && rules.side(u) == Side::Austria);
        if ((ours && in_prov) || hungary) && !v.contains(&s) {
            v.push(s);
        }
    }
    // never into a space holding enemy units
    v.retain(|&s| {
        !(0..st.units.len() as UnitId).any(|u| on_map(st, u) == Some(s) && rules.side(u) != side)
    });
    v
}

/// Whether `side` may play `card` as an event now (6.24): its side (6.1), its phase (7.2,
/// 7.3), a Response card only at its moment (6.25), and the text's requirements.
pub fn check(rules: &StRules, st: &StState, side: Side, card: CardId) -> Result<(), Refusal> {
    let Some(k) = rules.cards.get(card) else {
        return Err(Refusal::new("6.24", "no such card"));
    };
    if !k.event.allows(side) {
        return Err(Refusal::new(
            "6.24",
            format!("{} may not play {} as an event", side.name(), k.title),
        ));
    }
    if !k.event_allowed(side, st.g.war) {
        let when = if st.g.war { "Mobilization" } else { "War" };
        return Err(Refusal::new(
            if st.g.war { "7.32" } else { "7.21" },
            format!("{} is an event of {when} turns only", k.title),
        ));
    }
    if !BUILT.contains(&card) {
        if k.response.is_some() {
            return Err(Refusal::new(
                "6.25",
                format!(
                    "{} is a Response: it is played at its moment (a battle, a siege or an activation), not as an event in a round",
                    k.title
                ),
            ));
        }
        return Err(Refusal::new(
            "6.24",
            format!(
                "the event of {} is not built yet: play the card for its OPs",
                k.title
            ),
        ));
    }
    for r in &k.requires {
        requirement(rules, st, side, k, r)?;
    }
    // an event that would do nothing at all is not offered
    match card {
        3 | 4 if corps_targets(rules, st, side).is_empty() => Err(Refusal::new(
            "6.24",
            format!("{}: no Prussian corps on the map to replace", k.title),
        )),
        17 | 25 | 31 | 32 | 33 | 34 | 36 if flip_targets(rules, st, side, k).is_empty() => {
            Err(Refusal::new(
                "6.24",
                format!("{}: no reduced unit this card may flip", k.title),
            ))
        }
        1 if take_targets(st, side).is_empty() => Err(Refusal::new(
            "6.24",
            format!("{}: your opponent has no card in his hand", k.title),
        )),
        1 if !card_1_round_left(st, side) => Err(Refusal::new(
            "7.22",
            format!(
                "{}: before the war only with a round left after this one (a Declaration of War taken must be played this turn)",
                k.title
            ),
        )),
        6 | 7 if entrench_targets(rules, st, side).is_empty() => Err(Refusal::new(
            "6.24",
            format!(
                "{}: none of your armies stands where it may entrench",
                k.title
            ),
        )),
        35 if reserves_spaces(rules, st).is_empty() && reserves_flips(rules, st).is_empty() => {
            Err(Refusal::new(
                "6.24",
                format!(
                    "{}: no Austrian IB in the Corps Support Box with a city for it, and no reduced Austrian unit",
                    k.title
                ),
            ))
        }
        38 if relieve_targets(rules, st, side).is_empty() => Err(Refusal::new(
            "6.24",
            format!(
                "{}: no general of yours on the map with a successor in the Holding Area",
                k.title
            ),
        )),
        39 if reluctant_targets(rules, st).is_empty() => Err(Refusal::new(
            "6.24",
            format!(
                "{}: no Bavarian, Württemberg, Baden or Hesse-Darmstadt unit on the map",
                k.title
            ),
        )),
        40 | 42 | 43 if activate_targets(rules, st, side, card, None).is_empty() => {
            Err(Refusal::new(
                "6.22",
                format!("{}: no general of yours this card may activate", k.title),
            ))
        }
        44 if cholera_targets(rules, st).is_empty() => Err(Refusal::new(
            "6.24",
            format!(
                "{}: no Prussian force outside the Kingdom of Prussia",
                k.title
            ),
        )),
        47 if !revolt_ready(rules, st) => Err(Refusal::new(
            "6.24",
            format!(
                "{}: the Klapka Corps is in play, or no space of Hungary is free of Austrian units",
                k.title
            ),
        )),
        48 if appoint_generals(rules, st, side).is_empty()
            || appoint_spaces(rules, st, side).is_empty() =>
        {
            Err(Refusal::new(
                "18.4",
                format!(
                    "{}: no general in your Holding Area, or no CU of yours in supply",
                    k.title
                ),
            ))
        }
        23 | 29 | 30 | 46 if place_targets(rules, st, side, k).is_empty() => Err(Refusal::new(
            "6.24",
            format!("{}: no space where the card may place its counter", k.title),
        )),
        23 | 29 | 30 | 46 | 19 | 21 => {
            // the counter the event brings must still be out of play
            let label = k.effects.iter().find_map(|e| match e {
                Effect::Place { unit, .. } => Some(unit.as_str()),
                Effect::Combine { into, .. } => Some(into.as_str()),
                _ => None,
            });
            let free = label
                .and_then(|l| unit_of(rules, st, l))
                .is_some_and(|u| st.units[u as usize].loc == Loc::Reserve);
            if free {
                Ok(())
            } else {
                Err(Refusal::new(
                    "6.24",
                    format!("{}: its counter is already in play", k.title),
                ))
            }
        }
        _ => Ok(()),
    }
}

fn requirement(
    rules: &StRules,
    st: &StState,
    side: Side,
    k: &Card,
    r: &Requirement,
) -> Result<(), Refusal> {
    let no = |why: String| Err(Refusal::new("6.24", format!("{}: {why}", k.title)));
    match r {
        Requirement::PrussianVpAtLeast(n) if -st.g.vp < *n => {
            return no(format!("only while Prussia has {n} or more VPs"));
        }
        Requirement::UnitOnMap(l)
            if unit_of(rules, st, l).and_then(|u| on_map(st, u)).is_none() =>
        {
            return no(format!("only while the {l} is on the map"));
        }
        Requirement::UnitsFull(ls) => {
            for l in ls {
                let ok = unit_of(rules, st, l)
                    .is_some_and(|u| on_map(st, u).is_some() && !st.units[u as usize].reduced);
                if !ok {
                    return no(format!("the {l} must be on the map at full strength"));
                }
            }
        }
        Requirement::Controls(s) => {
            let ok = rules
                .map
                .space(s)
                .is_some_and(|x| st.g.control.get(x).copied().flatten() == Some(side));
            if !ok {
                return no(format!("only while {} controls {s}", side.name()));
            }
        }
        Requirement::SupportBox { nation, count }
            if box_ids(rules, st, *nation, side).len() < *count as usize =>
        {
            return no(format!(
                "needs {count} {} IDs in the Corps Support Box",
                nation.adjective()
            ));
        }
        // battle conditions: only Response cards have them, checked in battle
        _ => {}
    }
    Ok(())
}

/// Carries out the event of `card` played by `side` (6.24). The card is in play; the caller
/// ends the use when the step is back to `Round`.
pub fn play(g: &mut Game<'_>, side: Side, card: CardId) {
    run(g, side, card, 0);
}

/// Runs the card's effects from number `from` on; stops at a choice (`Step::Event`).
fn run(g: &mut Game<'_>, side: Side, card: CardId, from: usize) {
    let rules = g.rules;
    let Some(k) = rules.cards.get(card) else {
        return;
    };
    for (i, e) in k.effects.iter().enumerate().skip(from) {
        if let Some(pick) = effect(g, side, k, e) {
            g.st.g.event = Some(EventChoice {
                card,
                side,
                pick: pick.0,
                left: pick.1,
                next: (i + 1) as u8,
            });
            g.st.g.step = Step::Event;
            return;
        }
    }
    g.st.g.event = None;
    g.st.g.step = Step::Round;
}

/// The choice ends (the player is done, or no pick is left): the rest of the card's effects.
pub fn resume(g: &mut Game<'_>) {
    if let Some(c) = g.st.g.event.take() {
        run(g, c.side, c.card, c.next as usize);
    }
    if g.st.g.step == Step::Round {
        g.end_use();
    }
}

/// One effect; Some(pick, count) when it waits for the player's choice.
fn effect(g: &mut Game<'_>, side: Side, k: &Card, e: &Effect) -> Option<(EventPick, u8)> {
    let rules = g.rules;
    match e {
        Effect::Vp { amount } => {
            let who = if *amount >= 0 { side } else { side.other() };
            g.gain_vp(who, i32::from(amount.unsigned_abs()), &k.title, "6.24");
        }
        Effect::FlipUnit { unit } => {
            if let Some(u) = unit_of(rules, g.st, unit) {
                g.st.units[u as usize].reduced = false;
                g.say(
                    "6.24",
                    format!("{} is flipped to full strength", rules.unit_name(u)),
                );
            }
        }
        Effect::Eliminate { unit, permanent } => {
            if let Some(u) = unit_of(rules, g.st, unit) {
                g.st.units[u as usize].loc = if *permanent {
                    Loc::Permanent
                } else {
                    Loc::Eliminated
                };
                g.say(
                    "6.24",
                    format!("{} goes to the Eliminated Units box", rules.unit_name(u)),
                );
            }
        }
        Effect::Move { unit, to } => {
            // a unit never moves into a space its enemy holds (the move is skipped)
            if let (Some(u), Some(s)) = (unit_of(rules, g.st, unit), rules.map.space(to))
                && super::flow::units_at(rules, g.st, s, rules.side(u).other()).is_empty()
            {
                g.st.units[u as usize].loc = Loc::Space(s);
                g.say(
                    "6.24",
                    format!("{} moves to {}", rules.unit_name(u), rules.space_name(s)),
                );
            }
        }
        Effect::Control { province, opponent } => {
            let who = if *opponent { side.other() } else { side };
            for s in 0..rules.map.spaces.len() {
                if in_region(rules, s, province) {
                    g.st.g.control[s] = Some(who);
                }
            }
            // 9.63: railroads of a province the opponent controlled at the beginning of
            // the turn stay barred until control passes at the end of the turn (14.2):
            // the event changes `provinces` now, but rail.rs reads the record of the
            // turn's start kept here (`provinces_at_start`)
            if g.st.g.provinces_at_start.is_empty() {
                g.st.g.provinces_at_start = g.st.g.provinces.clone();
            }
            if let Some(p) = rules.map.provinces.iter().position(|p| &p.name == province)
                && let Some(slot) = g.st.g.provinces.get_mut(p)
            {
                *slot = Some(who);
            }
            g.say("14.2", format!("{} controls {province}", who.name()));
        }
        Effect::ReplaceCorps { .. } => return Some((EventPick::ReplaceCorps, 1)),
        Effect::Flip { count, .. } if !flip_targets(rules, g.st, side, k).is_empty() => {
            return Some((EventPick::Flip, *count));
        }
        Effect::Place { unit, .. } => {
            if let Some(u) = unit_of(rules, g.st, unit)
                && g.st.units[u as usize].loc == Loc::Reserve
                && !place_targets(rules, g.st, side, k).is_empty()
            {
                return Some((EventPick::Place(u), 1));
            }
        }
        Effect::ToSupportBox { unit } => {
            if let Some(u) = unit_of(rules, g.st, unit)
                && g.st.units[u as usize].loc == Loc::Reserve
            {
                g.st.units[u as usize].loc = Loc::CorpsSupport;
                g.st.units[u as usize].reduced = false;
                g.say(
                    "6.24",
                    format!("{} goes to the Corps Support Box", rules.unit_name(u)),
                );
            }
        }
        Effect::Combine { from, into } => combine(g, k, from, into),
        Effect::DrawCards { count } => {
            for _ in 0..*count {
                if let Some(c) = g.st.cards.draw.pop() {
                    g.st.cards.hands[side.idx()].push(c);
                }
            }
            g.say("16.3", format!("{} draws {count} card(s)", side.name()));
        }
        Effect::TakeCard if !take_targets(g.st, side).is_empty() => {
            return Some(card_1_show_hand(g, side));
        }
        Effect::OpponentDiscards { count } if !g.st.cards.hand(side.other()).is_empty() => {
            return Some((EventPick::Discard, *count));
        }
        Effect::Entrench if !entrench_targets(rules, g.st, side).is_empty() => {
            return Some((EventPick::Entrench, 1));
        }
        Effect::Attrition if !cholera_targets(rules, g.st).is_empty() => {
            return Some((EventPick::Cholera, 1));
        }
        Effect::Custom(35)
            if !reserves_spaces(rules, g.st).is_empty()
                || !reserves_flips(rules, g.st).is_empty() =>
        {
            return Some((EventPick::Reserves, 1));
        }
        Effect::Custom(38) if !relieve_targets(rules, g.st, side).is_empty() => {
            return Some((EventPick::Relieve(None), 1));
        }
        Effect::Custom(39) if !reluctant_targets(rules, g.st).is_empty() => {
            return Some((EventPick::Reluctant, 1));
        }
        Effect::Custom(c @ (40 | 42 | 43))
            if !activate_targets(rules, g.st, side, *c, None).is_empty() =>
        {
            let (max_ir, n) = if *c == 40 { (3, 2) } else { (6, 1) };
            return Some((EventPick::Activate { max_ir, not: None }, n));
        }
        Effect::Custom(47) => return card_47_hungarian_revolt(g),
        Effect::Custom(48)
            if !appoint_generals(rules, g.st, side).is_empty()
                && !appoint_spaces(rules, g.st, side).is_empty() =>
        {
            return Some((EventPick::Appoint, 1));
        }
        Effect::Custom(54) => card_54_has_a_battle_been_fought(g, side),
        Effect::Custom(9) => card_9_last_minute_peace(g),
        Effect::Custom(24) => card_24_benedek(g),
        Effect::Custom(28) => card_28_france_intervenes(g),
        // card 46: the Hungarian placement is in `place_targets`
        _ => {}
    }
    None
}

// card 19: Hesse-Nassau Division; card 21: VIII Federal Corps.
fn combine(g: &mut Game<'_>, k: &Card, from: &[String], into: &str) {
    let rules = g.rules;
    let parts: Vec<UnitId> = from
        .iter()
        .filter_map(|l| unit_of(rules, g.st, l))
        .collect();
    let Some(at) = parts.iter().find_map(|&u| on_map(g.st, u)) else {
        return;
    };
    let Some(new) = unit_of(rules, g.st, into) else {
        return;
    };
    for &u in &parts {
        g.st.units[u as usize].loc = Loc::Reserve;
    }
    g.st.units[new as usize] = UnitState {
        loc: Loc::Space(at),
        reduced: false,
    };
    g.say(
        "6.24",
        format!(
            "{}: {} formed at {}",
            k.title,
            rules.unit_name(new),
            rules.space_name(at)
        ),
    );
    // card 21: Alexander of Hesse-D. takes the corps
    if k.id == 21
        && let Some(a) = rules.general_by_id("alexander")
        && g.st.generals[a as usize].loc.space().is_some()
    {
        g.st.generals[a as usize].loc = Loc::Space(at);
    }
}

// card 9: Last Minute Peace Initiative
fn card_9_last_minute_peace(g: &mut Game<'_>) {
    for side in [Side::Austria, Side::Prussia] {
        let hand = &mut g.st.cards.hands[side.idx()];
        if let Some(i) = hand.iter().position(|&c| c == super::flow::DOW) {
            hand.remove(i);
            let mut draw = std::mem::take(&mut g.st.cards.draw);
            draw.push(super::flow::DOW);
            g.dice.shuffle(&mut draw, "the draw pile", "6.24");
            // the replacement: the top card that is not the DOW
            if let Some(j) = draw.iter().rposition(|&c| c != super::flow::DOW) {
                let c = draw.remove(j);
                g.st.cards.hands[side.idx()].push(c);
            }
            g.st.cards.draw = draw;
            g.say(
                "7.22",
                format!(
                    "{} shows the Declaration of War; it is shuffled into the draw pile and he draws another card",
                    side.name()
                ),
            );
        }
    }
}

// card 24: German Allies Insist on Benedek
fn card_24_benedek(g: &mut Game<'_>) {
    let rules = g.rules;
    if let (Some(b), Some(o)) = (rules.general_by_id("benedek"), rules.map.space("Olmütz")) {
        g.st.generals[b as usize].loc = Loc::Space(o);
        g.say("18.4", "Benedek takes the North Army at Olmütz");
    }
}

// card 28: France Intervenes
// (16.2-16.4: French spaces, the one extra card and both waves are `Game::france_intervenes`)
fn card_28_france_intervenes(g: &mut Game<'_>) {
    g.france_intervenes();
}

// ---------------------------------------------------------------------------------
// The choices of the events built with issue 13

// card 1: Dispatches Compromised
/// The cards of the opponent's hand `side` may take: all of them. (A Declaration of War
/// taken must be played this turn, 7.22: [`card_1_round_left`] makes sure it can be.)
pub fn take_targets(st: &StState, side: Side) -> Vec<CardId> {
    st.cards.hand(side.other()).clone()
}

/// card 1 before the war: only with a round left after this one, to play a Declaration of
/// War taken (7.22). A condition on public facts only: the refusal tells nothing of the
/// opponent's hand but its size.
fn card_1_round_left(st: &StState, side: Side) -> bool {
    st.g.war || st.g.dow || st.g.rounds_left[side.idx()] >= 2
}

/// card 1: the opponent's hand is shown to the player (only to him: the legal list of
/// the step is his). The engine's undo stops here, as at a hand-over: he cannot take the
/// card back once he has seen the hand.
fn card_1_show_hand(g: &mut Game<'_>, side: Side) -> (EventPick, u8) {
    g.dice.rolls.push(crate::engine::dice::Roll {
        purpose: format!(
            "{}'s hand is shown to {} (Dispatches Compromised)",
            side.other().name(),
            side.name()
        ),
        rule: "6.24".into(),
        die: 0,
        modifiers: Vec::new(),
        total: 0,
    });
    g.say(
        "6.24",
        format!("{} looks at {}'s hand", side.name(), side.other().name()),
    );
    (EventPick::TakeCard, 1)
}

// cards 6, 7: Field Entrenchments
/// Spaces where `side` may entrench: one of its armies (a general with a CU) there, not a
/// fortress or major city, no marker of its own there yet.
pub fn entrench_targets(rules: &StRules, st: &StState, side: Side) -> Vec<SpaceId> {
    (0..rules.map.spaces.len())
        .filter(|&s| rules.map.spaces[s].kind == SpaceKind::Minor)
        .filter(|&s| {
            !flow::generals_at(rules, st, s, side).is_empty()
                && !flow::units_at(rules, st, s, side).is_empty()
                && !entrenched(rules, st, s, side)
        })
        .collect()
}

/// Whether `side` has a Field Entrenchments marker in force in `s` (cards 6, 7): placed
/// this turn, and its CUs still there.
pub fn entrenched(rules: &StRules, st: &StState, s: SpaceId, side: Side) -> bool {
    st.g.marks
        .entrench
        .iter()
        .any(|&(x, w, war, turn)| x == s && w == side && war == st.g.war && turn == st.g.turn)
        && !flow::units_at(rules, st, s, side).is_empty()
}

// card 35: Reserves from Inner Austria
const INNER_AUSTRIA: &[&str] = &["Upper and Lower Austria", "Bohemia", "Moravia", "Hungary"];

/// Austrian-controlled, unbesieged major cities and fortresses of Austria, Bohemia,
/// Moravia or Hungary, free of enemy units, when an Austrian IB waits in the Corps
/// Support Box.
pub fn reserves_spaces(rules: &StRules, st: &StState) -> Vec<SpaceId> {
    if reserves_ib(rules, st).is_none() {
        return Vec::new();
    }
    (0..rules.map.spaces.len())
        .filter(|&s| {
            matches!(
                rules.map.spaces[s].kind,
                SpaceKind::Major | SpaceKind::Fortress(_)
            ) && st.g.control.get(s).copied().flatten() == Some(Side::Austria)
                && st.g.besieged.get(s).copied().flatten().is_none()
                && !st.g.destroyed.get(s).copied().unwrap_or(false)
                && INNER_AUSTRIA.iter().any(|r| in_region(rules, s, r))
                && flow::units_at(rules, st, s, Side::Prussia).is_empty()
        })
        .collect()
}

fn reserves_ib(rules: &StRules, st: &StState) -> Option<UnitId> {
    (0..st.units.len() as UnitId).find(|&u| {
        st.units[u as usize].loc == Loc::CorpsSupport
            && rules.echelon(u) == Echelon::IB
            && nation_is(rules, u, CNation::Au, Side::Austria)
    })
}

/// Reduced Austrian units on the map.
pub fn reserves_flips(rules: &StRules, st: &StState) -> Vec<UnitId> {
    (0..st.units.len() as UnitId)
        .filter(|&u| {
            on_map(st, u).is_some_and(|s| replaceable(rules, st, u, s, Side::Austria))
                && st.units[u as usize].reduced
                && nation_is(rules, u, CNation::Au, Side::Austria)
        })
        .collect()
}

// card 38: General Replaced
fn same_pool_waiting(rules: &StRules, st: &StState, g: GenId) -> Vec<GenId> {
    let Some(d) = rules.general(g) else {
        return Vec::new();
    };
    (0..st.generals.len() as GenId)
        .filter(|&o| {
            st.generals[o as usize].loc == Loc::Pool
                && rules.general(o).is_some_and(|od| od.pool == d.pool)
        })
        .collect()
}

/// `side`'s generals on the map with a successor of their nationality in the Holding Area.
pub fn relieve_targets(rules: &StRules, st: &StState, side: Side) -> Vec<GenId> {
    (0..st.generals.len() as GenId)
        .filter(|&g| {
            rules.gen_side(g) == side
                && st.generals[g as usize].loc.space().is_some()
                && !same_pool_waiting(rules, st, g).is_empty()
        })
        .collect()
}

// card 39: Reluctant Ally
const RELUCTANT: &[(CNation, &[&str])] = &[
    (CNation::Bv, &["Bavaria", "Palatinate"]),
    (CNation::Wu, &["Württemberg"]),
    (CNation::Bd, &["Baden"]),
    (CNation::HD, &["Hesse-Darmstadt"]),
];

fn nation_of(rules: &StRules, u: UnitId) -> Option<CNation> {
    rules
        .ty(u)
        .and_then(|t| CNation::of(&format!("{:?}", t.nation)))
}

/// Units on the map of the states the card may name (one of them names its state).
pub fn reluctant_targets(rules: &StRules, st: &StState) -> Vec<UnitId> {
    (0..st.units.len() as UnitId)
        .filter(|&u| {
            on_map(st, u).is_some()
                && nation_of(rules, u).is_some_and(|n| RELUCTANT.iter().any(|(x, _)| *x == n))
        })
        .collect()
}

/// card 39: whether the moving force may enter `to` (its units of the named state stay
/// in their own province until the end of the next turn).
pub fn check_enter(
    rules: &StRules,
    st: &StState,
    pieces: &[Piece],
    to: SpaceId,
) -> Result<(), Refusal> {
    let Some((n, until)) = st.g.marks.reluctant else {
        return Ok(());
    };
    if !st.g.war || st.g.turn > until {
        return Ok(());
    }
    let Some((_, home)) = RELUCTANT.iter().find(|(x, _)| *x == n) else {
        return Ok(());
    };
    let bound = pieces.iter().any(|p| match p {
        Piece::Unit(u) => nation_of(rules, *u) == Some(n),
        _ => false,
    });
    if bound && !home.iter().any(|r| in_region(rules, to, r)) {
        return Err(Refusal::new(
            "6.24",
            format!(
                "Reluctant Ally: {} units may not leave {} until the end of War turn {until}",
                n.adjective(),
                home.join(" or ")
            ),
        ));
    }
    Ok(())
}

// cards 40, 42, 43: Prussian General Staff, General Staff
/// The generals the card may activate as armies: `side`'s (Prussian only for card 40)
/// that 6.22 and 18.1 allow with a card of `max_ir` (40: 3; 42, 43: any, as a 6).
pub fn activate_targets(
    rules: &StRules,
    st: &StState,
    side: Side,
    card: CardId,
    not: Option<GenId>,
) -> Vec<GenId> {
    let max_ir = if card == 40 { 3 } else { 6 };
    (0..st.generals.len() as GenId)
        .filter(|&g| Some(g) != not)
        .filter(|&g| {
            card != 40
                || rules
                    .general(g)
                    .is_some_and(|d| format!("{:?}", d.nation) == "Pr")
        })
        .filter(|&g| super::steps::round::check_activate(rules, st, side, g, max_ir).is_ok())
        .collect()
}

/// The army an event activated has finished its move (cards 40, 42, 43): card 40's
/// second general is chosen now; otherwise the event is over. True while it goes on.
pub fn army_done(g: &mut Game<'_>) -> bool {
    let Some(c) = g.st.g.event else {
        return false;
    };
    let EventPick::Activate { .. } = c.pick else {
        return false;
    };
    if g.st.g.step == Step::GameOver {
        g.st.g.event = None;
        return false;
    }
    if let Some(o) = g.st.g.op.as_mut() {
        o.mover = None;
    }
    let not = match c.pick {
        EventPick::Activate { not, .. } => not,
        _ => None,
    };
    if c.left > 0 && !activate_targets(g.rules, g.st, c.side, c.card, not).is_empty() {
        g.st.g.step = Step::Event;
        return true;
    }
    g.st.g.event = None;
    false
}

// card 44: Cholera
fn prussians_at(rules: &StRules, st: &StState, s: SpaceId) -> Vec<UnitId> {
    flow::units_at(rules, st, s, Side::Prussia)
        .into_iter()
        .filter(|&u| nation_of(rules, u) == Some(CNation::Pr))
        .collect()
}

/// Spaces outside the Kingdom of Prussia holding Prussian (not Italian) units.
pub fn cholera_targets(rules: &StRules, st: &StState) -> Vec<SpaceId> {
    (0..rules.map.spaces.len())
        .filter(|&s| {
            rules.map.spaces[s].country != super::map::Country::Prussia
                && !prussians_at(rules, st, s).is_empty()
        })
        .collect()
}

// card 47: Hungarian Revolt
fn austrians_at(rules: &StRules, st: &StState, s: SpaceId) -> bool {
    !flow::units_at(rules, st, s, Side::Austria).is_empty()
}

/// Spaces of Hungary without Austrian units (for the Klapka Corps).
pub fn hungary_free(rules: &StRules, st: &StState) -> Vec<SpaceId> {
    (0..rules.map.spaces.len())
        .filter(|&s| in_region(rules, s, "Hungary") && !austrians_at(rules, st, s))
        .collect()
}

fn klapka(rules: &StRules, st: &StState) -> (Option<UnitId>, Option<UnitId>) {
    (
        unit_of(rules, st, "Hu Klapka Corps"),
        unit_of(rules, st, "Hu Klapka ID"),
    )
}

/// The Klapka Corps is out of play and has a space to go to.
fn revolt_ready(rules: &StRules, st: &StState) -> bool {
    let (corps, id) = klapka(rules, st);
    let Some(corps) = corps else { return false };
    let id_in_hungary = id
        .and_then(|i| on_map(st, i))
        .is_some_and(|s| in_region(rules, s, "Hungary"));
    st.units[corps as usize].loc == Loc::Reserve
        && (id_in_hungary || !hungary_free(rules, st).is_empty())
}

/// Non-fortress spaces of Hungary without Austrian units, not yet Prussian, linked to the
/// Klapka Corps by such spaces (14.3).
pub fn revolt_targets(rules: &StRules, st: &StState) -> Vec<SpaceId> {
    let Some(start) = klapka(rules, st).0.and_then(|u| on_map(st, u)) else {
        return Vec::new();
    };
    let free = |s: SpaceId| in_region(rules, s, "Hungary") && !austrians_at(rules, st, s);
    let mut seen = vec![start];
    let mut todo = vec![start];
    while let Some(s) = todo.pop() {
        for (_, o) in rules.map.routes_from(s) {
            if free(o) && !seen.contains(&o) {
                seen.push(o);
                todo.push(o);
            }
        }
    }
    seen.into_iter()
        .filter(|&s| {
            !matches!(rules.map.spaces[s].kind, SpaceKind::Fortress(_))
                && st.g.control.get(s).copied().flatten() != Some(Side::Prussia)
        })
        .collect()
}

// card 47: Hungarian Revolt
fn card_47_hungarian_revolt(g: &mut Game<'_>) -> Option<(EventPick, u8)> {
    let rules = g.rules;
    let (Some(corps), id) = klapka(rules, g.st) else {
        return None;
    };
    if g.st.units[corps as usize].loc != Loc::Reserve {
        return None;
    }
    // the Klapka ID in Hungary gives the corps its space
    if let Some(i) = id
        && let Some(at) = on_map(g.st, i).filter(|&s| in_region(rules, s, "Hungary"))
    {
        g.st.units[i as usize] = UnitState {
            loc: Loc::CorpsSupport,
            reduced: false,
        };
        g.st.units[corps as usize] = UnitState {
            loc: Loc::Space(at),
            reduced: false,
        };
        g.say(
            "6.24",
            format!(
                "{} goes to the Corps Support Box; {} takes its place at {}",
                rules.unit_name(i),
                rules.unit_name(corps),
                rules.space_name(at)
            ),
        );
        g.st.g.control[at] = Some(Side::Prussia);
        return (!revolt_targets(rules, g.st).is_empty()).then_some((EventPick::Revolt, 3));
    }
    (!hungary_free(rules, g.st).is_empty()).then_some((EventPick::Place(corps), 1))
}

// card 48: Wing Commander Appointed
/// `side`'s generals in the Holding Area (any, seniority ignored).
pub fn appoint_generals(rules: &StRules, st: &StState, side: Side) -> Vec<GenId> {
    (0..st.generals.len() as GenId)
        .filter(|&g| st.generals[g as usize].loc == Loc::Pool && rules.gen_side(g) == side)
        .collect()
}

/// Spaces with one of `side`'s CUs in supply (15.1; 15.4: the French source for a
/// force with a French CU only).
pub fn appoint_spaces(rules: &StRules, st: &StState, side: Side) -> Vec<SpaceId> {
    let sit = super::endturn::situation(rules, st);
    let sup = [false, true].map(|french| super::supply::supplied(&rules.map, side, &sit, french));
    (0..rules.map.spaces.len())
        .filter(|&s| {
            let units = flow::units_at(rules, st, s, side);
            let french = usize::from(super::endturn::french_force(rules, &units));
            !units.is_empty() && sup[french].get(s).copied().unwrap_or(false)
        })
        .collect()
}

// card 54: "Has a battle been fought?"
fn card_54_has_a_battle_been_fought(g: &mut Game<'_>, side: Side) {
    g.st.g.marks.no_avoid = Some((side.other(), g.st.g.war, g.st.g.turn));
    g.say(
        "10.4",
        format!(
            "until the end of the turn {}'s armies may not try to avoid battle",
            side.other().name()
        ),
    );
}

/// card 54: whether the armies of `side` may not avoid battle now (10.4).
pub fn no_avoid(st: &StState, side: Side) -> bool {
    st.g.marks.no_avoid == Some((side, st.g.war, st.g.turn))
}

// ---------------------------------------------------------------------------------
// Responses outside battle (6.25): cards 16, 51, 53

/// Cards `side` may answer the opponent's army activation with (card 16).
pub fn window_cards(rules: &StRules, st: &StState, side: Side) -> Vec<CardId> {
    st.cards
        .hand(side)
        .iter()
        .copied()
        .filter(|&c| {
            rules.cards.get(c).is_some_and(|k| {
                k.response == Some(ResponseWhen::OnActivation) && k.event_allowed(side, st.g.war)
            })
        })
        .collect()
}

/// 6.22: a general has just been activated as an army (steps/movement.rs). The marks of
/// the previous army are over; if the inactive player holds a response to the
/// activation (card 16), he is asked now, before the army moves (6.25).
pub fn army_activated(g: &mut Game<'_>) {
    let Some(side) = g.st.g.op.as_ref().map(|o| o.side) else {
        return;
    };
    g.st.g.marks.activation.clear();
    g.st.g.marks.key = op_key(g.st);
    // hidden hands: asked whenever his hand is not empty (hand sizes are public), whether
    // or not it holds card 16, so the pause tells the mover nothing (audit defect 28)
    if g.st.g.step == Step::Move && !g.st.cards.hand(side.other()).is_empty() {
        g.st.g.marks.window = Some(side.other());
        g.st.g.step = Step::Event;
    }
}

/// The responses the moving side may play now (6.25): Pontoon Train before its units
/// move (card 53), Siege Train when its force may roll a siege (card 51).
pub fn move_responses(rules: &StRules, st: &StState) -> Vec<CardId> {
    let Some(op) = st.g.op.as_ref() else {
        return Vec::new();
    };
    let Some(m) = op.mover.as_ref() else {
        return Vec::new();
    };
    let side = op.side;
    st.cards
        .hand(side)
        .iter()
        .copied()
        .filter(|&c| {
            rules.cards.get(c).is_some_and(|k| {
                k.event_allowed(side, st.g.war)
                    && match k.response {
                        Some(ResponseWhen::OwnActivation) => {
                            m.mp == 0
                                && m.from.is_none()
                                && !in_force(rules, st, |e| *e == Effect::NoRiver)
                        }
                        Some(ResponseWhen::OnSiege) => {
                            super::siege::check_siege(rules, st).is_ok()
                                && !in_force(rules, st, |e| matches!(e, Effect::SiegeDrm { .. }))
                        }
                        _ => false,
                    }
            })
        })
        .collect()
}

/// 6.25: a response outside battle is played: the card leaves the hand (discarded, or
/// removed if it has a *) and its effect holds for the activation.
pub fn respond(g: &mut Game<'_>, side: Side, card: CardId) {
    let rules = g.rules;
    g.st.cards.hands[side.idx()].retain(|&c| c != card);
    let Some(k) = rules.cards.get(card) else {
        return;
    };
    if k.remove {
        g.st.cards.removed.push(card);
    } else {
        g.st.cards.discard.push(card);
    }
    g.say(
        "6.25",
        format!("{} plays {} as a response", side.name(), k.title),
    );
    mark(g.st, card);
    match card {
        16 => card_16_garbled_orders(g),
        51 => g.say("13.31", "Siege Train: +2 to the next siege roll of this force"),
        53 => g.say(
            "11.45",
            "Pontoon Train: no extra MP for rivers this activation, and no river benefit for the defender",
        ),
        _ => {}
    }
}

// card 16: Garbled Orders
fn card_16_garbled_orders(g: &mut Game<'_>) {
    if let Some(m) = g.st.g.op.as_mut().and_then(|o| o.mover.as_mut()) {
        m.ma = m.ma.min(3);
    }
    g.say(
        "6.22",
        "Garbled Orders: this army has 3 MPs and may not pick up units",
    );
}

/// card 16: the garbled army picks up no unit.
pub fn check_pickup(rules: &StRules, st: &StState) -> Result<(), Refusal> {
    if in_force(rules, st, |e| *e == Effect::Custom(16)) {
        return Err(Refusal::new(
            "6.25",
            "Garbled Orders: this army may not pick up units",
        ));
    }
    Ok(())
}

/// The MP cost of entering `to` from `from` (9.1), without the river's extra MP under
/// Pontoon Train (card 53).
pub fn enter_cost(rules: &StRules, st: &StState, from: SpaceId, to: SpaceId) -> Option<u8> {
    let cost = rules.map.enter_cost(from, to)?;
    let river = rules.map.route_between(from, to).is_some_and(|r| r.river);
    if river && in_force(rules, st, |e| *e == Effect::NoRiver) {
        Some(cost - 1)
    } else {
        Some(cost)
    }
}

/// The response cards in force for the moving side in its battle (card 53: no river
/// benefit for the defender, 11.45).
pub fn battle_cards<'a>(rules: &'a StRules, st: &StState) -> Vec<&'a Card> {
    if !in_force(rules, st, |e| *e == Effect::NoRiver) {
        return Vec::new();
    }
    st.g.marks
        .activation
        .iter()
        .filter_map(|&c| rules.cards.get(c))
        .filter(|k| k.effects.contains(&Effect::NoRiver))
        .collect()
}

/// The Siege Train DRM of card `c` (card 51), None for any other card.
fn siege_drm_of(rules: &StRules, c: CardId) -> Option<i32> {
    rules.cards.get(c).and_then(|k| {
        k.effects.iter().find_map(|e| match e {
            Effect::SiegeDrm { amount } => Some(i32::from(*amount)),
            _ => None,
        })
    })
}

/// card 51: the Siege Train's +2 for `side`'s next siege roll, once played: in its
/// activation (6.25, [`move_responses`], the roll of its moving force, 13.33, 13.34) or
/// at its free attempt of the Siege Phase (13.7, [`siege_phase_responses`]). Read, not
/// used up: the odds shown and the roll ([`super::siege::siege_die_roll`]) both read it.
pub fn siege_train_drm(rules: &StRules, st: &StState, side: Side) -> Option<(String, i32)> {
    let label = |a: i32| ("Siege Train response card (13.31)".to_string(), a);
    if let Some(p) = st.g.battle.as_ref()
        && p.stage == super::flow_battle::Stage::SiegePhase
    {
        if p.att != side {
            return None;
        }
        return p
            .cards
            .iter()
            .filter(|(s, _)| *s == side)
            .find_map(|&(_, c)| siege_drm_of(rules, c))
            .map(label);
    }
    if st.g.op.as_ref().map(|o| o.side) != Some(side)
        || !in_force(rules, st, |e| matches!(e, Effect::SiegeDrm { .. }))
    {
        return None;
    }
    st.g.marks
        .activation
        .iter()
        .find_map(|&c| siege_drm_of(rules, c))
        .map(label)
}

/// card 51: the Siege Train played in the activation is used up by the siege roll of the
/// moving force (one roll, 13.31). At the Siege Phase it goes with the attempt's pending.
pub fn use_siege_train(g: &mut Game<'_>, side: Side) {
    let rules = g.rules;
    if g.st.g.op.as_ref().map(|o| o.side) != Some(side) {
        return;
    }
    if let Some(i) =
        g.st.g
            .marks
            .activation
            .iter()
            .position(|&c| siege_drm_of(rules, c).is_some())
    {
        g.st.g.marks.activation.remove(i);
    }
}

/// 13.7, 6.25: the Siege Train cards (card 51) the besieger asked at the Siege Phase may
/// play before its free attempt's roll (one per roll).
pub fn siege_phase_responses(rules: &StRules, st: &StState) -> Vec<CardId> {
    let Some(p) = st.g.battle.as_ref() else {
        return Vec::new();
    };
    if p.stage != super::flow_battle::Stage::SiegePhase
        || siege_train_drm(rules, st, p.att).is_some()
    {
        return Vec::new();
    }
    st.cards
        .hand(p.att)
        .iter()
        .copied()
        .filter(|&c| {
            rules.cards.get(c).is_some_and(|k| {
                k.response == Some(ResponseWhen::OnSiege)
                    && k.event_allowed(p.att, st.g.war)
                    && siege_drm_of(rules, c).is_some()
            })
        })
        .collect()
}

// ---------------------------------------------------------------------------------
// The step's choices

/// The player choosing now: the opponent for a discard (card 37) or a response window.
pub fn chooser(st: &StState) -> Option<Side> {
    if let Some(w) = st.g.marks.window {
        return Some(w);
    }
    let c = st.g.event?;
    Some(if c.pick == EventPick::Discard {
        c.side.other()
    } else {
        c.side
    })
}

/// The step's choice: a unit, a space, a card or a general the card allows.
pub fn check_pick(rules: &StRules, st: &StState, cmd: &StCommand) -> Result<(), Refusal> {
    if let Some(w) = st.g.marks.window {
        return match cmd {
            StCommand::Respond { card } if window_cards(rules, st, w).contains(card) => Ok(()),
            StCommand::Done => Ok(()),
            _ => Err(Refusal::new(
                "6.25",
                "play a response to the activation, or decline",
            )),
        };
    }
    let mut out = Vec::new();
    legal(rules, st, &mut out);
    if out.contains(cmd) {
        return Ok(());
    }
    let Some(c) = st.g.event else {
        return Err(Refusal::new("6.24", "no event waits for a choice"));
    };
    let title = rules.card_title(c.card);
    let why = match (c.pick, cmd) {
        (EventPick::Flip, StCommand::EventUnit { .. }) => "cannot flip that unit",
        (EventPick::ReplaceCorps, StCommand::EventUnit { .. }) => {
            "replaces a Prussian corps on the map"
        }
        (EventPick::Place(_), StCommand::EventSpace { .. }) => "cannot place its counter there",
        (EventPick::TakeCard, StCommand::EventCard { .. }) => "takes a card of the opponent's hand",
        (EventPick::Discard, StCommand::EventCard { .. }) => "discards a card of your hand",
        (EventPick::Relieve(None), StCommand::EventGeneral { .. }) => {
            "relieves one of your generals on the map with a successor waiting"
        }
        (EventPick::Relieve(Some(_)), StCommand::EventGeneral { .. }) => {
            "brings a general of the same nationality from the Holding Area"
        }
        (EventPick::Activate { .. }, StCommand::EventGeneral { .. }) => {
            "cannot activate that general (6.22, 18.1)"
        }
        (EventPick::Entrench, StCommand::EventSpace { .. }) => {
            "entrenches a non-fortress space holding one of your armies"
        }
        (EventPick::Cholera, StCommand::EventSpace { .. }) => {
            "strikes a Prussian force outside the Kingdom of Prussia"
        }
        (EventPick::Revolt, StCommand::EventSpace { .. }) => {
            "marks spaces of Hungary without Austrian units linked to the Klapka Corps"
        }
        _ => "choose as the card says",
    };
    Err(Refusal::new("6.24", format!("{title}: {why}")))
}

/// Carries out a checked pick.
pub fn pick(g: &mut Game<'_>, cmd: &StCommand) {
    let rules = g.rules;
    if g.st.g.marks.window.is_some() {
        let w = g.st.g.marks.window.take();
        if let (Some(w), StCommand::Respond { card }) = (w, cmd) {
            respond(g, w, *card);
        }
        g.st.g.step = Step::Move;
        return;
    }
    let Some(mut c) = g.st.g.event else { return };
    if *cmd == StCommand::Done {
        resume(g);
        return;
    }
    match (c.pick, cmd) {
        (EventPick::Flip, StCommand::EventUnit { unit }) => {
            g.st.units[*unit as usize].reduced = false;
            g.say(
                "6.24",
                format!("{} is flipped to full strength", rules.unit_name(*unit)),
            );
            c.left = c.left.saturating_sub(1);
            g.st.g.event = Some(c);
            let more = rules
                .cards
                .get(c.card)
                .is_some_and(|k| !flip_targets(rules, g.st, c.side, k).is_empty());
            if c.left > 0 && more {
                return;
            }
        }
        (EventPick::ReplaceCorps, StCommand::EventUnit { unit }) => {
            card_3_4_replace_corps(g, c.side, *unit);
        }
        (EventPick::Place(u), StCommand::EventSpace { space }) => {
            g.st.units[u as usize] = UnitState {
                loc: Loc::Space(*space),
                reduced: false,
            };
            g.say(
                "6.24",
                format!(
                    "{} is placed at {}",
                    rules.unit_name(u),
                    rules.space_name(*space)
                ),
            );
            // cards 46, 47: a Hungarian space becomes Prussian-controlled
            if (c.card == 46 && in_region(rules, *space, "Hungary")) || c.card == 47 {
                g.st.g.control[*space] = Some(Side::Prussia);
            }
            // card 47: then the PC markers
            if c.card == 47 && !revolt_targets(rules, g.st).is_empty() {
                c.pick = EventPick::Revolt;
                c.left = 3;
                g.st.g.event = Some(c);
                return;
            }
        }
        (EventPick::TakeCard, StCommand::EventCard { card }) => {
            // card 1: the card is not named in the log (the hand stays hidden)
            let from = c.side.other();
            g.st.cards.hands[from.idx()].retain(|x| x != card);
            g.st.cards.hands[c.side.idx()].push(*card);
            g.say(
                "6.24",
                format!(
                    "{} takes one card from {}'s hand",
                    c.side.name(),
                    from.name()
                ),
            );
        }
        (EventPick::Discard, StCommand::EventCard { card }) => {
            // card 37: discards are face up (5.5)
            let who = c.side.other();
            g.st.cards.hands[who.idx()].retain(|x| x != card);
            g.st.cards.discard.push(*card);
            if *card == flow::NEEDLE_GUNS {
                g.st.g.reshuffle = true;
            }
            g.say(
                "6.24",
                format!("{} discards {}", who.name(), rules.card_title(*card)),
            );
            c.left = c.left.saturating_sub(1);
            g.st.g.event = Some(c);
            if c.left > 0 && !g.st.cards.hand(who).is_empty() {
                return;
            }
        }
        (EventPick::Relieve(None), StCommand::EventGeneral { general }) => {
            c.pick = EventPick::Relieve(Some(*general));
            g.st.g.event = Some(c);
            return;
        }
        (EventPick::Relieve(Some(old)), StCommand::EventGeneral { general }) => {
            card_38_general_replaced(g, old, *general);
        }
        (EventPick::Reluctant, StCommand::EventUnit { unit }) => {
            card_39_reluctant_ally(g, *unit);
        }
        (EventPick::Activate { max_ir, .. }, StCommand::EventGeneral { general }) => {
            c.left = c.left.saturating_sub(1);
            c.pick = EventPick::Activate {
                max_ir,
                not: Some(*general),
            };
            g.st.g.event = Some(c);
            g.say(
                "6.22",
                format!(
                    "{}: {} is activated as an army",
                    rules.card_title(c.card),
                    rules.gen_name(*general)
                ),
            );
            super::steps::movement::start_army(g, *general);
            return;
        }
        (EventPick::Entrench, StCommand::EventSpace { space }) => {
            let (war, turn) = (g.st.g.war, g.st.g.turn);
            g.st.g
                .marks
                .entrench
                .retain(|&(_, _, w, t)| w == war && t == turn);
            g.st.g.marks.entrench.push((*space, c.side, war, turn));
            g.say(
                "6.24",
                format!(
                    "{} entrenches at {} for this turn",
                    c.side.name(),
                    rules.space_name(*space)
                ),
            );
        }
        (EventPick::Cholera, StCommand::EventSpace { space }) => {
            let units = prussians_at(rules, g.st, *space);
            g.say(
                "6.24",
                format!(
                    "Cholera strikes the Prussian force at {}: it rolls on the Attrition Table",
                    rules.space_name(*space)
                ),
            );
            // 15.5: Prussia, the owner, picks the steps (the 11.2 step 4 procedure) at the
            // Attrition stage; the card's use goes on after the pick
            if let Some(due) = g.attrition_roll(
                *space,
                Side::Prussia,
                &units,
                "15.5",
                "is struck by cholera",
            ) {
                g.start_event_attrition(due);
                return;
            }
        }
        (EventPick::Reserves, StCommand::EventSpace { space }) => {
            if let Some(u) = reserves_ib(rules, g.st) {
                g.st.units[u as usize] = UnitState {
                    loc: Loc::Space(*space),
                    reduced: false,
                };
                g.say(
                    "6.24",
                    format!(
                        "{} comes from the Corps Support Box to {}",
                        rules.unit_name(u),
                        rules.space_name(*space)
                    ),
                );
            }
        }
        (EventPick::Reserves, StCommand::EventUnit { unit }) => {
            g.st.units[*unit as usize].reduced = false;
            g.say(
                "6.24",
                format!("{} is flipped to full strength", rules.unit_name(*unit)),
            );
        }
        (EventPick::Revolt, StCommand::EventSpace { space }) => {
            g.set_control(*space, Side::Prussia, "6.24");
            c.left = c.left.saturating_sub(1);
            g.st.g.event = Some(c);
            if c.left > 0 && !revolt_targets(rules, g.st).is_empty() {
                return;
            }
        }
        (EventPick::Appoint, StCommand::Appoint { general, at }) => {
            g.st.generals[*general as usize].loc = Loc::Space(*at);
            g.say(
                "18.4",
                format!(
                    "{} is appointed at {}, seniority ignored",
                    rules.gen_name(*general),
                    rules.space_name(*at)
                ),
            );
        }
        _ => {}
    }
    resume(g);
}

// card 38: General Replaced
fn card_38_general_replaced(g: &mut Game<'_>, old: GenId, new: GenId) {
    let rules = g.rules;
    let Some(at) = g.st.generals[old as usize].loc.space() else {
        return;
    };
    g.st.generals[old as usize].loc = Loc::Pool;
    g.st.generals[new as usize].loc = Loc::Space(at);
    g.say(
        "18.4",
        format!(
            "{} is relieved and returns to the General Holding Area; {} takes his place at {}",
            rules.gen_name(old),
            rules.gen_name(new),
            rules.space_name(at)
        ),
    );
}

// card 39: Reluctant Ally
fn card_39_reluctant_ally(g: &mut Game<'_>, unit: UnitId) {
    let Some(n) = nation_of(g.rules, unit) else {
        return;
    };
    let until = g.st.g.turn + 1;
    g.st.g.marks.reluctant = Some((n, until));
    g.say(
        "6.24",
        format!(
            "Reluctant Ally: until the end of War turn {until} no {} unit may leave its province",
            n.adjective()
        ),
    );
}

// card 3: Army of the Elbe; card 4: Army of the Main
fn card_3_4_replace_corps(g: &mut Game<'_>, side: Side, corps: UnitId) {
    let rules = g.rules;
    let Some(at) = on_map(g.st, corps) else {
        return;
    };
    let ids: Vec<UnitId> = box_ids(rules, g.st, CNation::Pr, side)
        .into_iter()
        .take(3)
        .collect();
    for &u in &ids {
        g.st.units[u as usize] = UnitState {
            loc: Loc::Space(at),
            reduced: false,
        };
    }
    super::siege::replaced_inside(g.st, at, corps, &ids);
    g.st.units[corps as usize].loc = Loc::Eliminated;
    g.say(
        "6.24",
        format!(
            "{} at {} is replaced by three IDs from the Corps Support Box and goes to the Eliminated Units box",
            rules.unit_name(corps),
            rules.space_name(at)
        ),
    );
}

/// The legal choices of the step.
pub fn legal(rules: &StRules, st: &StState, out: &mut Vec<StCommand>) {
    if let Some(w) = st.g.marks.window {
        out.extend(
            window_cards(rules, st, w)
                .into_iter()
                .map(|card| StCommand::Respond { card }),
        );
        out.push(StCommand::Done);
        return;
    }
    let Some(c) = st.g.event else { return };
    let Some(k) = rules.cards.get(c.card) else {
        return;
    };
    let units = |v: Vec<UnitId>, out: &mut Vec<StCommand>| {
        out.extend(v.into_iter().map(|unit| StCommand::EventUnit { unit }))
    };
    let spaces = |v: Vec<SpaceId>, out: &mut Vec<StCommand>| {
        out.extend(v.into_iter().map(|space| StCommand::EventSpace { space }))
    };
    let gens = |v: Vec<GenId>, out: &mut Vec<StCommand>| {
        out.extend(
            v.into_iter()
                .map(|general| StCommand::EventGeneral { general }),
        )
    };
    match c.pick {
        EventPick::Flip => {
            units(flip_targets(rules, st, c.side, k), out);
            out.push(StCommand::Done);
        }
        EventPick::ReplaceCorps => units(corps_targets(rules, st, c.side), out),
        EventPick::Place(_) if c.card == 47 => spaces(hungary_free(rules, st), out),
        EventPick::Place(_) => spaces(place_targets(rules, st, c.side, k), out),
        EventPick::Entrench => spaces(entrench_targets(rules, st, c.side), out),
        EventPick::TakeCard => out.extend(
            take_targets(st, c.side)
                .into_iter()
                .map(|card| StCommand::EventCard { card }),
        ),
        EventPick::Discard => out.extend(
            st.cards
                .hand(c.side.other())
                .iter()
                .map(|&card| StCommand::EventCard { card }),
        ),
        EventPick::Relieve(None) => gens(relieve_targets(rules, st, c.side), out),
        EventPick::Relieve(Some(old)) => gens(same_pool_waiting(rules, st, old), out),
        EventPick::Reluctant => units(reluctant_targets(rules, st), out),
        EventPick::Activate { not, .. } => {
            gens(activate_targets(rules, st, c.side, c.card, not), out);
            // card 40's second activation may be given up
            if not.is_some() {
                out.push(StCommand::Done);
            }
        }
        EventPick::Cholera => spaces(cholera_targets(rules, st), out),
        EventPick::Reserves => {
            spaces(reserves_spaces(rules, st), out);
            units(reserves_flips(rules, st), out);
        }
        EventPick::Revolt => {
            spaces(revolt_targets(rules, st), out);
            out.push(StCommand::Done);
        }
        EventPick::Appoint => {
            let at = appoint_spaces(rules, st, c.side);
            for general in appoint_generals(rules, st, c.side) {
                out.extend(at.iter().map(|&at| StCommand::Appoint { general, at }));
            }
        }
    }
}
