//! The events of the Operations Cards (6.24), one function per card, cited by number. The
//! card texts and their effects are data (`scenarios/maps/struggle-cards.ron`, RECONSTRUCTED,
//! see docs/games/struggle-cards.md); this module checks an event's play conditions
//! ([`check`], used by the operational round's legal commands) and carries its effects out
//! ([`play`]). Effects that need the player's choice (which unit to flip, which corps to
//! replace, where to place a counter) wait in the step `Step::Event` (steps/event.rs). The
//! Declaration of War (7.22) is the core's (steps/round.rs); the * removal (6.1) is done by
//! `Game::end_use` when the event is over.

use super::cards::{Card, CardId, Effect, Nation as CNation, Requirement, UnitClass};
use super::data::{Echelon, StRules, UnitId};
use super::flow::Game;
use super::map::SpaceId;
use super::state::*;
use crate::engine::side::Side;

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
    2, 3, 4, 5, 9, 17, 19, 21, 23, 24, 25, 28, 29, 30, 31, 32, 33, 34, 36, 45, 46,
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
fn in_region(rules: &StRules, s: SpaceId, region: &str) -> bool {
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
        })
        .collect()
}

/// The corps Army of the Elbe / Main may replace (#3, #4): `side`'s Prussian corps on the map.
pub fn corps_targets(rules: &StRules, st: &StState, side: Side) -> Vec<UnitId> {
    (0..st.units.len() as UnitId)
        .filter(|&u| {
            on_map(st, u).is_some()
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

/// The step's choice: a unit (flip, replace) or a space (place).
pub fn check_pick(rules: &StRules, st: &StState, cmd: &StCommand) -> Result<(), Refusal> {
    let Some(c) = st.g.event else {
        return Err(Refusal::new("6.24", "no event waits for a choice"));
    };
    let Some(k) = rules.cards.get(c.card) else {
        return Err(Refusal::new("6.24", "no such card"));
    };
    match (c.pick, cmd) {
        (EventPick::Flip, StCommand::EventUnit { unit }) => {
            if flip_targets(rules, st, c.side, k).contains(unit) {
                Ok(())
            } else {
                Err(Refusal::new(
                    "6.24",
                    format!("{} cannot flip that unit", k.title),
                ))
            }
        }
        (EventPick::ReplaceCorps, StCommand::EventUnit { unit }) => {
            if corps_targets(rules, st, c.side).contains(unit) {
                Ok(())
            } else {
                Err(Refusal::new(
                    "6.24",
                    format!("{} replaces a Prussian corps on the map", k.title),
                ))
            }
        }
        (EventPick::Place(_), StCommand::EventSpace { space }) => {
            if place_targets(rules, st, c.side, k).contains(space) {
                Ok(())
            } else {
                Err(Refusal::new(
                    "6.24",
                    format!("{} cannot place its counter there", k.title),
                ))
            }
        }
        (EventPick::Flip, StCommand::Done) => Ok(()),
        _ => Err(Refusal::new(
            "6.24",
            format!("{}: choose as the card says", k.title),
        )),
    }
}

/// Carries out a checked pick.
pub fn pick(g: &mut Game<'_>, cmd: &StCommand) {
    let rules = g.rules;
    let Some(mut c) = g.st.g.event else { return };
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
            // card 46: a Hungarian space becomes Prussian-controlled
            if c.card == 46 {
                g.st.g.control[*space] = Some(Side::Prussia);
            }
        }
        _ => {}
    }
    resume(g);
}

// card 3: Army of the Elbe; card 4: Army of the Main
fn card_3_4_replace_corps(g: &mut Game<'_>, side: Side, corps: UnitId) {
    let rules = g.rules;
    let Some(at) = on_map(g.st, corps) else {
        return;
    };
    for u in box_ids(rules, g.st, CNation::Pr, side).into_iter().take(3) {
        g.st.units[u as usize] = UnitState {
            loc: Loc::Space(at),
            reduced: false,
        };
    }
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
    let Some(c) = st.g.event else { return };
    let Some(k) = rules.cards.get(c.card) else {
        return;
    };
    match c.pick {
        EventPick::Flip => {
            out.extend(
                flip_targets(rules, st, c.side, k)
                    .into_iter()
                    .map(|unit| StCommand::EventUnit { unit }),
            );
            out.push(StCommand::Done);
        }
        EventPick::ReplaceCorps => out.extend(
            corps_targets(rules, st, c.side)
                .into_iter()
                .map(|unit| StCommand::EventUnit { unit }),
        ),
        EventPick::Place(_) => out.extend(
            place_targets(rules, st, c.side, k)
                .into_iter()
                .map(|space| StCommand::EventSpace { space }),
        ),
    }
}
