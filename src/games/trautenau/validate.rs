//! Load-time checks of a Trautenau – Soor scenario against the rules of its game.
//! Every message names the offending id or hex in 'single quotes' first, so that
//! [`super::data::TsRules::from_text`] can point at its line.

use super::data::{Arm, Arrival, LeaderKind, Side, TsScenarioFile, UnitDef, Victory};
use crate::engine::hexmap::{Coord, HexMap, Terrain};
use std::collections::{BTreeMap, BTreeSet};

/// Highest combat, morale or movement value a counter may carry before we call it a typo.
const ABSURD: u8 = 20;

/// Rule 3: can units of these arms end their movement (or be set up) together in a hex
/// of this terrain? Up to two infantry (light included), two artillery or three cavalry;
/// one of them may be an artillery unit instead; light troops may be added up to three
/// units in all. In a town or village: one infantry, two cavalry or one artillery, plus
/// jäger up to three units in all.
pub fn stacking_fits(arms: &[Arm], terrain: Terrain) -> bool {
    let count = |a: Arm| arms.iter().filter(|x| **x == a).count();
    let (inf, light, cav, art) = (
        count(Arm::Infantry),
        count(Arm::Light),
        count(Arm::Cavalry),
        count(Arm::Artillery),
    );
    if inf + light + cav + art > 3 {
        return false;
    }
    if matches!(
        terrain,
        Terrain::Town | Terrain::Village | Terrain::WoodedTown
    ) {
        return matches!(
            (inf, cav, art),
            (0, 0, 0) | (1, 0, 0) | (0, 1, 0) | (0, 2, 0) | (0, 0, 1)
        );
    }
    if inf > 0 && cav > 0 {
        // The rule stacks infantry or cavalry, never both (light troops aside).
        return false;
    }
    if art > 2 || (art == 2 && inf + cav > 0) {
        return false;
    }
    if cav > 0 {
        return art <= 1 && cav + art <= 3;
    }
    inf + art <= 2
}

/// Terrain a unit of this arm may not stand in (terrain effects table: cavalry and
/// artillery enter marsh only by road, path or railway, and may not stay there at set-up).
fn forbidden_ground(arm: Arm, terrain: Terrain) -> bool {
    matches!(arm, Arm::Cavalry | Arm::Artillery) && terrain == Terrain::Marsh
}

fn arm_name(a: Arm) -> &'static str {
    match a {
        Arm::Infantry => "infantry",
        Arm::Light => "light infantry",
        Arm::Cavalry => "cavalry",
        Arm::Artillery => "artillery",
    }
}

/// Checks a scenario file; the message names the offending item in 'quotes'.
pub fn check(file: &TsScenarioFile, map: &HexMap, variants: &[String]) -> Result<(), String> {
    check_hours(file)?;
    check_ids(file)?;
    check_choices(file, variants)?;
    let absent: BTreeSet<&str> = file
        .variants
        .iter()
        .filter(|v| !variants.contains(&v.id))
        .flat_map(|v| v.adds.iter().map(|s| s.as_str()))
        .collect();

    check_formations(file)?;
    check_leaders(file, map)?;
    check_units(file, map)?;
    check_setup(file, map, &absent)?;
    check_scenario_rules(file, map)
}

/// 1.1, 13: the hours of the game and of its second day.
fn check_hours(file: &TsScenarioFile) -> Result<(), String> {
    if file.start_hour >= file.end_hour {
        return Err(format!(
            "start_hour {} is not before end_hour {}",
            file.start_hour, file.end_hour
        ));
    }
    if file.end_hour > 24 {
        return Err(format!("end_hour {} is past midnight", file.end_hour));
    }
    for h in &file.night_hours {
        if *h > 24 {
            return Err(format!("night hour {h} is not an hour of the day"));
        }
    }
    // Chapter 13: the hours of a linked game's second day (read by the arrivals below).
    if let Some(d2) = &file.day2 {
        if d2.start_hour >= d2.end_hour {
            return Err(format!(
                "day 2: start_hour {} is not before end_hour {}",
                d2.start_hour, d2.end_hour
            ));
        }
        if d2.end_hour > 24 {
            return Err(format!("day 2: end_hour {} is past midnight", d2.end_hour));
        }
    }

    Ok(())
}

/// Unique ids of formations, leaders and units.
fn check_ids(file: &TsScenarioFile) -> Result<(), String> {
    // Ids are unique across formations, leaders and units (variants name all three); only
    // a formation and its own commander may share one ("mondel" is both).
    let mut unit_ids = BTreeSet::new();
    for u in &file.units {
        if u.id.is_empty() || !unit_ids.insert(u.id.as_str()) {
            return Err(format!("'{}' is used as an id twice", u.id));
        }
    }
    let mut leader_ids = BTreeSet::new();
    for l in &file.leaders {
        if l.id.is_empty() || !leader_ids.insert(l.id.as_str()) || unit_ids.contains(l.id.as_str())
        {
            return Err(format!("'{}' is used as an id twice", l.id));
        }
    }
    let mut formation_ids = BTreeSet::new();
    for f in &file.formations {
        let own_leader = file.leaders.iter().any(|l| {
            matches!(&l.kind, LeaderKind::Formation { formation, .. } if *formation == f.id)
                && l.id == f.id
        });
        if f.id.is_empty()
            || !formation_ids.insert(f.id.as_str())
            || unit_ids.contains(f.id.as_str())
            || (leader_ids.contains(f.id.as_str()) && !own_leader)
        {
            return Err(format!("'{}' is used as an id twice", f.id));
        }
    }

    Ok(())
}

/// The variants offered, the decisions made in play (13.1) and the options chosen.
fn check_choices(file: &TsScenarioFile, variants: &[String]) -> Result<(), String> {
    // Variants.
    for v in &file.variants {
        for a in &v.adds {
            let known = file.units.iter().any(|u| &u.id == a)
                || file.leaders.iter().any(|l| &l.id == a)
                || file.formations.iter().any(|f| &f.id == a);
            if !known {
                return Err(format!(
                    "'{a}' is added by variant '{}' but is no unit, leader or formation",
                    v.id
                ));
            }
        }
    }
    // 13.1: decisions made in play, at a turn of the scenario, by one side.
    for d in &file.decisions {
        if file.variants.iter().any(|v| v.id == d.id) {
            return Err(format!("decision '{}' has the id of a variant", d.id));
        }
        let (first, last) = match &file.day2 {
            Some(x) if d.day == 2 => (x.start_hour, x.end_hour),
            _ => (file.start_hour, file.end_hour),
        };
        if d.day == 0 || d.day > 1 + file.day2.is_some() as u8 || d.hour < first || d.hour > last {
            return Err(format!(
                "decision '{}' is at {:02}.00 of day {}, outside the game",
                d.id, d.hour, d.day
            ));
        }
    }
    for chosen in variants {
        if let Some(d) = file.decisions.iter().find(|d| &d.id == chosen) {
            return Err(format!(
                "'{chosen}' is not chosen before play: the {} player decides it at {:02}.00 of day {} ({})",
                d.side.name(),
                d.hour,
                d.day,
                d.rule
            ));
        }
        if !file.variants.iter().any(|v| &v.id == chosen) {
            let known: Vec<&str> = file.variants.iter().map(|v| v.id.as_str()).collect();
            return Err(format!(
                "unknown variant '{chosen}' (this scenario has: {})",
                if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                }
            ));
        }
    }
    Ok(())
}

/// An option chosen before play, or a decision taken during it.
fn offered(file: &TsScenarioFile, v: &String) -> bool {
    file.variants.iter().any(|x| &x.id == v) || file.decisions.iter().any(|x| &x.id == v)
}

/// Formations and their chiefs (7.2), thresholds (10.2), inaction (11.1.5).
fn check_formations(file: &TsScenarioFile) -> Result<(), String> {
    // Formations and their chiefs.
    for f in &file.formations {
        let Some(chief) = file.leaders.iter().find(|l| l.id == f.chief) else {
            return Err(format!(
                "formation '{}' answers to chief '{}', who is not among the leaders",
                f.id, f.chief
            ));
        };
        if !matches!(chief.kind, LeaderKind::Chief { .. }) {
            return Err(format!(
                "formation '{}' answers to '{}', who is no commander in chief",
                f.id, f.chief
            ));
        }
        if chief.side != f.side {
            return Err(format!(
                "formation '{}' answers to '{}' of the other side",
                f.id, f.chief
            ));
        }
        if let Some((v, c)) = &f.variant_chief {
            if !offered(file, v) {
                return Err(format!(
                    "formation '{}' has a chief for variant '{v}', which this scenario does not offer",
                    f.id
                ));
            }
            match file.leaders.iter().find(|l| &l.id == c) {
                Some(l) if matches!(l.kind, LeaderKind::Chief { .. }) && l.side == f.side => {}
                _ => {
                    return Err(format!(
                        "formation '{}' answers under variant '{v}' to '{c}', who is no commander in chief of its side",
                        f.id
                    ));
                }
            }
        }
        if f.demo == 0 || f.demo > f.steps {
            return Err(format!(
                "formation '{}' has demoralisation threshold {} for {} steps",
                f.id, f.demo, f.steps
            ));
        }
        for id in &f.inactive_except {
            if !file
                .units
                .iter()
                .any(|u| &u.id == id && u.formation == f.id)
            {
                return Err(format!(
                    "'{id}' is excepted from the inaction of formation '{}' but is none of its units",
                    f.id
                ));
            }
        }
    }

    Ok(())
}

/// Arrivals: day 1 within the game's hours, day 2 (chapter 13) only with a second day
/// and within its hours.
fn arrives(
    file: &TsScenarioFile,
    map: &HexMap,
    what: &str,
    id: &str,
    hour: u8,
    c: Coord,
    day: u8,
) -> Result<(), String> {
    if !map.contains(c) {
        return Err(format!("{what} '{id}' arrives at {c}, off the map"));
    }
    match day {
        1 => {
            if hour < file.start_hour || hour > file.end_hour {
                return Err(format!(
                    "{what} '{id}' arrives at {hour}.00, outside the game ({}.00-{}.00)",
                    file.start_hour, file.end_hour
                ));
            }
        }
        2 => {
            if !(1..=24).contains(&hour) {
                return Err(format!(
                    "{what} '{id}' arrives at {hour}.00 of day 2, not an hour of the day"
                ));
            }
            let Some(d2) = &file.day2 else {
                return Err(format!(
                    "{what} '{id}' arrives on day 2 but the scenario has no second day"
                ));
            };
            if hour < d2.start_hour || hour > d2.end_hour {
                return Err(format!(
                    "{what} '{id}' arrives at {hour}.00 of day 2, outside that day ({}.00-{}.00)",
                    d2.start_hour, d2.end_hour
                ));
            }
        }
        _ => return Err(format!("{what} '{id}' arrives on day {day}")),
    }
    Ok(())
}

/// 13.1: an arrival that replaces `arrival` under a scenario option.
fn variant_arrival(
    file: &TsScenarioFile,
    map: &HexMap,
    what: &str,
    id: &str,
    va: &Option<(String, Arrival)>,
) -> Result<(), String> {
    let Some((v, a)) = va else { return Ok(()) };
    if !offered(file, v) {
        return Err(format!(
            "{what} '{id}' has an arrival for variant '{v}', which this scenario does not offer"
        ));
    }
    arrives(file, map, what, id, a.hour, a.hex, a.day)
}

/// A piece starts on the map or arrives (9.4).
fn place(
    file: &TsScenarioFile,
    map: &HexMap,
    what: &str,
    id: &str,
    start: Option<Coord>,
    arrival: Option<(u8, Coord, u8)>,
) -> Result<(), String> {
    if start.is_none() && arrival.is_none() {
        return Err(format!(
            "{what} '{id}' has neither a start hex nor an arrival"
        ));
    }
    if let Some(c) = start
        && !map.contains(c)
    {
        return Err(format!("{what} '{id}' starts at {c}, off the map"));
    }
    if let Some((hour, c, day)) = arrival {
        arrives(file, map, what, id, hour, c, day)?;
    }
    Ok(())
}

/// Leaders: where they start or arrive, their formations (1.2.1, 1.2.2).
fn check_leaders(file: &TsScenarioFile, map: &HexMap) -> Result<(), String> {
    for l in &file.leaders {
        place(
            file,
            map,
            "leader",
            &l.id,
            l.start,
            l.arrival.as_ref().map(|a| (a.hour, a.hex, a.day)),
        )?;
        variant_arrival(file, map, "leader", &l.id, &l.variant_arrival)?;
        if l.movement == 0 || l.movement > ABSURD {
            return Err(format!("leader '{}' has movement {}", l.id, l.movement));
        }
        match &l.kind {
            LeaderKind::Chief {
                reaction,
                initiative,
            } => {
                if *reaction > 6 || *initiative > 6 {
                    return Err(format!(
                        "leader '{}' has reaction {reaction}, initiative {initiative} (0-6)",
                        l.id
                    ));
                }
            }
            LeaderKind::Formation {
                formation,
                command,
                bonus,
            } => {
                let Some(f) = file.formations.iter().find(|f| &f.id == formation) else {
                    return Err(format!(
                        "leader '{}' commands formation '{formation}', which does not exist",
                        l.id
                    ));
                };
                if f.side != l.side {
                    return Err(format!(
                        "leader '{}' commands formation '{formation}' of the other side",
                        l.id
                    ));
                }
                if f.independent {
                    return Err(format!(
                        "leader '{}' commands '{formation}', whose units are independent (9.1.3)",
                        l.id
                    ));
                }
                if *command > 6 || *bonus > 6 {
                    return Err(format!(
                        "leader '{}' has command {command}, bonus {bonus} (0-6)",
                        l.id
                    ));
                }
            }
        }
    }

    Ok(())
}

/// Units: formations, values, where they start or arrive; the formations' step totals.
fn check_units(file: &TsScenarioFile, map: &HexMap) -> Result<(), String> {
    // Units.
    for u in &file.units {
        let Some(f) = file.formations.iter().find(|f| f.id == u.formation) else {
            return Err(format!(
                "unit '{}' belongs to formation '{}', which does not exist",
                u.id, u.formation
            ));
        };
        if f.side != u.side {
            return Err(format!(
                "unit '{}' belongs to formation '{}' of the other side",
                u.id, u.formation
            ));
        }
        place(
            file,
            map,
            "unit",
            &u.id,
            u.start,
            u.arrival.as_ref().map(|a| (a.hour, a.hex, a.day)),
        )?;
        variant_arrival(file, map, "unit", &u.id, &u.variant_arrival)?;
        for (what, v) in [
            ("combat", u.combat),
            ("morale", u.morale),
            ("movement", u.movement),
        ] {
            if v == 0 || v > ABSURD {
                return Err(format!("unit '{}' has {what} {v}", u.id));
            }
        }
        if u.arm == Arm::Artillery && (u.range == 0 || u.range > ABSURD) {
            return Err(format!(
                "unit '{}' is artillery with range {}",
                u.id, u.range
            ));
        }
        if u.arm != Arm::Artillery && u.range != 0 {
            return Err(format!("unit '{}' has a range but is no artillery", u.id));
        }
        if u.heavy && u.arm != Arm::Cavalry {
            return Err(format!("unit '{}' is heavy but no cavalry", u.id));
        }
        if u.losses >= u.morale {
            return Err(format!(
                "unit '{}' starts with {} losses but has morale {} (9.5.10: it would be eliminated)",
                u.id, u.losses, u.morale
            ));
        }
        if let Some(c) = u.start {
            let t = map.terrain(c);
            if forbidden_ground(u.arm, t) {
                return Err(format!(
                    "unit '{}' ({}) is set up in {c}, {t:?}, where it may not stand",
                    u.id,
                    arm_name(u.arm)
                ));
            }
        }
    }

    // Step totals (after the units name existing formations).
    for f in &file.formations {
        let total: u32 = file
            .units
            .iter()
            .filter(|u| u.formation == f.id)
            .map(|u| u.morale as u32)
            .sum();
        if total != f.steps as u32 {
            return Err(format!(
                "formation '{}' has {total} steps in its units, its demoralisation table says {}",
                f.id, f.steps
            ));
        }
    }

    Ok(())
}

/// Set-up stacks (3, 4) and the commanders on them.
fn check_setup(file: &TsScenarioFile, map: &HexMap, absent: &BTreeSet<&str>) -> Result<(), String> {
    // Set-up stacks (3, 4).
    let mut stacks: BTreeMap<Coord, Vec<&UnitDef>> = BTreeMap::new();
    for u in &file.units {
        if let Some(c) = u.start
            && !absent.contains(u.id.as_str())
        {
            stacks.entry(c).or_default().push(u);
        }
    }
    for (c, units) in &stacks {
        let last = units[units.len() - 1];
        if let Some(enemy) = units.iter().find(|u| u.side != units[0].side) {
            return Err(format!(
                "unit '{}' is set up in {c} with '{}' of the other side (3)",
                units[0].id, enemy.id
            ));
        }
        let arms: Vec<Arm> = units.iter().map(|u| u.arm).collect();
        let t = map.terrain(*c);
        if !stacking_fits(&arms, t) {
            let names: Vec<&str> = units.iter().map(|u| u.id.as_str()).collect();
            return Err(format!(
                "unit '{}' breaks the stacking limit (3) in {c} ({t:?}): {}",
                last.id,
                names.join(", ")
            ));
        }
        if let Some(u) = units.iter().find(|u| u.facing != units[0].facing) {
            return Err(format!(
                "unit '{}' in {c} faces {:?}, the units stacked with it face {:?} (4)",
                u.id, u.facing, units[0].facing
            ));
        }
    }
    for l in &file.leaders {
        if let Some(c) = l.start
            && !absent.contains(l.id.as_str())
            && let Some(units) = stacks.get(&c)
            && units.iter().any(|u| u.side != l.side)
        {
            return Err(format!(
                "leader '{}' is set up in {c} with enemy units",
                l.id
            ));
        }
    }

    Ok(())
}

/// Scenario rules naming units and hexes, and the victory conditions (11, 12, 13).
fn check_scenario_rules(file: &TsScenarioFile, map: &HexMap) -> Result<(), String> {
    // Scenario rules naming units and hexes.
    for (id, _) in &file.always_in_command {
        if !file.units.iter().any(|u| &u.id == id) {
            return Err(format!(
                "'{id}' is always in command but is no unit of this scenario"
            ));
        }
    }
    let on_map = |what: &str, hexes: &[Coord]| -> Result<(), String> {
        match hexes.iter().find(|c| !map.contains(**c)) {
            Some(c) => Err(format!("'{c}' in {what} is off the map")),
            None => Ok(()),
        }
    };
    for r in &file.retreat_lines {
        if r.hexes.is_empty() {
            return Err(format!(
                "a line of retreat of {} has no hexes",
                r.side.name()
            ));
        }
        on_map("a line of retreat", &r.hexes)?;
    }
    for side in [Side::Austria, Side::Prussia] {
        let present = file.units.iter().any(|u| u.side == side);
        let has_line = file.retreat_lines.iter().any(|r| r.side == side);
        if present && !has_line {
            return Err(format!("{} has units but no line of retreat", side.name()));
        }
    }
    for (_, _, hexes) in &file.forbidden {
        on_map("the forbidden hexes", hexes)?;
    }
    match &file.victory {
        Victory::Trautenau {
            locations,
            evacuation_needs,
            exit,
            road,
            ..
        } => {
            for l in locations {
                on_map(&format!("location {}", l.name), &l.hexes)?;
                on_map(&format!("location {}", l.name), &l.void_if_enemy_in)?;
            }
            on_map("the evacuation hexes", evacuation_needs)?;
            on_map("the evacuation exit", std::slice::from_ref(exit))?;
            on_map("the evacuation road", road)?;
            if road.first() != Some(exit) && road.last() != Some(exit) {
                return Err(format!(
                    "'{exit}', the evacuation exit, does not end its road"
                ));
            }
        }
        Victory::Soor {
            hold, bonus, exits, ..
        } => {
            for l in hold.iter().chain(std::iter::once(bonus)) {
                on_map(&format!("location {}", l.name), &l.hexes)?;
            }
            on_map("the evacuation exits", exits)?;
        }
    }
    if let Some(d2) = &file.day2 {
        check_day2(file, d2, &on_map)?;
    }
    Ok(())
}

/// Chapter 13: the second day of a linked game.
fn check_day2(
    file: &TsScenarioFile,
    d2: &super::data::LinkedDay,
    on_map: &dyn Fn(&str, &[Coord]) -> Result<(), String>,
) -> Result<(), String> {
    for h in &d2.night_hours {
        if *h > 24 {
            return Err(format!("day 2: night hour {h} is not an hour of the day"));
        }
    }
    for r in &d2.retreat_lines {
        if r.hexes.is_empty() {
            return Err(format!(
                "day 2: a line of retreat of {} has no hexes",
                r.side.name()
            ));
        }
        on_map("a day-2 line of retreat", &r.hexes)?;
    }
    for side in [Side::Austria, Side::Prussia] {
        if !d2.retreat_lines.iter().any(|r| r.side == side) {
            return Err(format!("day 2: {} has no line of retreat", side.name()));
        }
    }
    match &d2.victory {
        Victory::Soor {
            hold, bonus, exits, ..
        } => {
            for l in hold.iter().chain(std::iter::once(bonus)) {
                on_map(&format!("day-2 location {}", l.name), &l.hexes)?;
            }
            on_map("the day-2 evacuation exits", exits)?;
        }
        Victory::Trautenau { .. } => {
            return Err("day 2 scores as Soor (13.4), not as Trautenau".to_string());
        }
    }
    for (l, _) in &d2.iv_locations {
        on_map(&format!("IV Corps location {}", l.name), &l.hexes)?;
    }
    // Formation ids: the IV Corps brigades and independents, the I Corps divisions.
    let formation = |id: &str, role: &str, side: Side, independent: bool| match file
        .formations
        .iter()
        .find(|f| f.id == id)
    {
        None => Err(format!(
            "'{id}' is named in day2.{role} but is no formation of this scenario"
        )),
        Some(f) if f.side != side => Err(format!(
            "'{id}' is named in day2.{role} but belongs to {}",
            f.side.name()
        )),
        Some(f) if f.independent != independent => Err(format!(
            "'{id}' is named in day2.{role} but is {}an independent formation",
            if f.independent { "" } else { "not " }
        )),
        Some(_) => Ok(()),
    };
    if d2.iv_corps.is_empty() {
        return Err("day2.iv_corps names no brigade".to_string());
    }
    for id in &d2.iv_corps {
        formation(id, "iv_corps", Side::Austria, false)?;
    }
    formation(&d2.iv_independent, "iv_independent", Side::Austria, true)?;
    for id in &d2.return_divisions {
        formation(id, "return_divisions", Side::Prussia, false)?;
    }
    on_map("day2.iv_entry", std::slice::from_ref(&d2.iv_entry))?;
    on_map("day2.iv_retreat", &d2.iv_retreat)?;
    on_map("day2.return_entry", std::slice::from_ref(&d2.return_entry))?;
    let (a, b) = d2.iv_hours;
    if a > b || a < d2.start_hour || b > d2.end_hour {
        return Err(format!(
            "day2.iv_hours ({a}, {b}) are not hours of day 2 ({}.00-{}.00)",
            d2.start_hour, d2.end_hour
        ));
    }
    if d2.return_until < d2.start_hour || d2.return_until > d2.end_hour {
        return Err(format!(
            "day2.return_until {} is not an hour of day 2",
            d2.return_until
        ));
    }
    for (what, roll) in [("iv_roll", d2.iv_roll), ("return_roll", d2.return_roll)] {
        if !(1..=6).contains(&roll) {
            return Err(format!("day2.{what} {roll} is no face of a d6"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::data::TsRules;
    use super::*;
    use crate::engine::scenarios;

    fn text(id: &str) -> String {
        scenarios::find(id).unwrap().text
    }

    fn load(id: &str, text: &str, variants: &[&str]) -> Result<TsRules, String> {
        let v: Vec<String> = variants.iter().map(|s| s.to_string()).collect();
        TsRules::from_text(&format!("{id}.ron"), text, &v)
    }

    /// Loads a broken copy and returns its refusal.
    fn refused(id: &str, from: &str, to: &str) -> String {
        let t = text(id);
        assert!(t.contains(from), "{id} has no {from:?}");
        let broken = t.replacen(from, to, 1);
        match load(id, &broken, &[]) {
            Ok(_) => panic!("{id} with {from:?} -> {to:?} was accepted"),
            Err(e) => e,
        }
    }

    #[test]
    fn the_three_scenarios_load() {
        for id in ["trautenau", "soor", "trautenau-soor"] {
            let r = load(id, &text(id), &[]).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(r.meta.game, crate::games::trautenau::GAME_ID);
            assert_eq!(r.map.cols, 16);
            assert_eq!(r.map.rows, 18);
        }
        // 13.1: the Guard is in the linked file for day two; whether it comes at 13.00 of
        // day one is a Prussian decision during play, not an option before it.
        let r = load("trautenau-soor", &text("trautenau-soor"), &[]).unwrap();
        assert!(r.absent.is_empty(), "{:?}", r.absent);
        assert!(r.variants.is_empty());
        let d: Vec<(&str, Side, u8, u8, &str)> = r
            .decisions
            .iter()
            .map(|d| (d.id.as_str(), d.side, d.day, d.hour, d.rule.as_str()))
            .collect();
        assert_eq!(d, [("guard-1866", Side::Prussia, 1, 13, "13.1")]);
    }

    fn unit<'a>(r: &'a TsRules, id: &str) -> &'a UnitDef {
        r.units
            .iter()
            .find(|u| u.id == id)
            .unwrap_or_else(|| panic!("no unit {id}"))
    }

    fn arrival(r: &TsRules, id: &str) -> (u8, u8, String) {
        let a = match r.units.iter().find(|u| u.id == id) {
            Some(u) => u.arrival.clone(),
            None => r
                .leaders
                .iter()
                .find(|l| l.id == id)
                .unwrap()
                .arrival
                .clone(),
        }
        .unwrap_or_else(|| panic!("{id} has no arrival"));
        (a.day, a.hour, a.hex.to_string())
    }

    const GUARD_1: [&str; 8] = [
        "hiller",
        "pg-1ir",
        "pg-jag",
        "pg-hus",
        "pg-fus",
        "pg-2ir",
        "pg-3ir",
        "pg-art-g2",
    ];

    #[test]
    fn linked_game_guard_option_13_1() {
        // 13.1 (the data): the pieces and the formation name the decision; the flow
        // applies it (flow_tests::rule_13_1_…).
        let t = scenarios::find("trautenau-soor").unwrap().text;
        let without =
            TsRules::from_text("trautenau-soor.ron", &t, &[]).unwrap_or_else(|e| panic!("{e}"));
        let with = &without;
        let g1 = with.formation("guard-1").unwrap();
        // 13.1: HQ + 7 units at 13.00 of day one by 1603, under Bonin.
        for id in GUARD_1 {
            let va = match with.units.iter().find(|u| u.id == id) {
                Some(u) => u.variant_arrival.clone(),
                None => with
                    .leaders
                    .iter()
                    .find(|l| l.id == id)
                    .and_then(|l| l.variant_arrival.clone()),
            }
            .unwrap_or_else(|| panic!("{id}: no 13.1 arrival"));
            assert_eq!(va.0, "guard-1866");
            assert_eq!(
                (va.1.day, va.1.hour, va.1.hex.to_string()),
                (1, 13, "1603".into()),
                "{id}"
            );
        }
        assert_eq!(
            with.formations[g1].variant_chief,
            Some(("guard-1866".to_string(), "bonin".to_string()))
        );
        assert_eq!(GUARD_1.len() - 1, 7);
        // Without it they come on day two by the Eipel road under Württemberg (13.3.2).
        for id in GUARD_1 {
            let (day, hour, hex) = arrival(&without, id);
            assert_eq!((day, hex.as_str()), (2, "1613"), "{id}");
            let want = if ["pg-1ir", "pg-jag"].contains(&id) {
                8
            } else {
                9
            };
            assert_eq!(hour, want, "{id}");
        }
        assert_eq!(without.formations[g1].chief, "wurttemberg");
        // Württemberg enters on day two in both cases (13.3.2 note), Plonski and the 2nd
        // Guards Division at 10.00.
        for r in [with] {
            assert_eq!(arrival(r, "wurttemberg"), (2, 9, "1613".into()));
            let g2 = r.formation("guard-2").unwrap();
            for (i, u) in r.units.iter().enumerate() {
                if r.unit_formation[i] == g2 {
                    assert_eq!(arrival(r, &u.id), (2, 10, "1613".into()), "{}", u.id);
                }
            }
            assert_eq!(arrival(r, "plonski"), (2, 10, "1613".into()));
        }
        // Values as in soor.ron.
        let soor = load("soor", &text("soor"), &[]).unwrap();
        for u in soor.units.iter().filter(|u| u.id.starts_with("pg-")) {
            let l = unit(&without, &u.id);
            assert_eq!(
                (
                    l.arm,
                    l.guard,
                    l.combat,
                    l.morale,
                    l.movement,
                    l.range,
                    &l.formation
                ),
                (
                    u.arm,
                    u.guard,
                    u.combat,
                    u.morale,
                    u.movement,
                    u.range,
                    &u.formation
                ),
                "{}",
                u.id
            );
        }
    }

    #[test]
    fn linked_game_day_two_13_3() {
        let r = load("trautenau-soor", &text("trautenau-soor"), &[]).unwrap();
        let d2 = r.day2.as_ref().expect("day two");
        assert_eq!((d2.start_hour, d2.end_hour), (8, 20));
        assert_eq!(d2.iv_hours, (8, 12));
        assert_eq!((d2.iv_roll, d2.return_roll, d2.return_until), (1, 5, 17));
        assert_eq!(d2.iv_entry.to_string(), "0118");
        assert_eq!(d2.return_entry.to_string(), "1603");
        assert_eq!(d2.iv_corps.len(), 4);
        // 13.4 table: 6/3/1 per brigade, independents 4/2/1; every IV Corps piece waits off
        // the map for day two by 0118.
        for id in d2
            .iv_corps
            .iter()
            .chain(std::iter::once(&d2.iv_independent))
        {
            let f = r.formation(id).unwrap();
            let fd = &r.formations[f];
            let want = if fd.independent { (4, 2, 1) } else { (6, 3, 1) };
            assert_eq!((fd.steps, fd.demo, fd.vp), want, "{id}");
            assert_eq!(r.leaders[r.formation_chief[f].unwrap()].id, "festetics");
            for (i, u) in r.units.iter().enumerate() {
                if r.unit_formation[i] == f {
                    assert_eq!(arrival(&r, &u.id), (2, 8, "0118".into()), "{}", u.id);
                    assert!(u.start.is_none());
                }
            }
        }
        assert_eq!(arrival(&r, "festetics"), (2, 8, "0118".into()));
        let vp: Vec<(u8, u8)> = d2.iv_locations.iter().map(|(l, f)| (l.vp, *f)).collect();
        assert_eq!(vp, [(1, 0), (1, 2), (1, 1), (1, 1), (1, 1), (1, 1)]);
        // Each place's first hex carries its map label (Trautenau's second hex 0706 has none).
        for (l, _) in &d2.iv_locations {
            let label = r.map.label_at(l.hexes[0]).unwrap_or("");
            assert!(label.contains(&l.name), "{}: {label:?}", l.name);
        }
    }

    #[test]
    fn broken_linked_day_is_refused() {
        for (from, to, want) in [
            (
                "iv_corps: [\"brandenstein\"",
                "iv_corps: [\"brandenstien\"",
                "'brandenstien'",
            ),
            (
                "iv_independent: \"a4-indep\"",
                "iv_independent: \"a4-indp\"",
                "'a4-indp'",
            ),
            (
                "return_divisions: [\"grossmann\"",
                "return_divisions: [\"grossman\"",
                "'grossman'",
            ),
            ("iv_entry: \"0118\"", "iv_entry: \"0119\"", "'0119'"),
            (
                "start_hour: 8,\n        end_hour: 20",
                "start_hour: 21,\n        end_hour: 20",
                "day 2: start_hour 21",
            ),
            (
                "variant_chief: Some((\"guard-1866\", \"bonin\"))",
                "variant_chief: Some((\"guard-1866\", \"hiller\"))",
                "'guard-1'",
            ),
            (
                "variant_chief: Some((\"guard-1866\"",
                "variant_chief: Some((\"guard-1867\"",
                "'guard-1867'",
            ),
            (
                "variant_arrival: Some((\"guard-1866\"",
                "variant_arrival: Some((\"guard-1865\"",
                "'guard-1865'",
            ),
            (
                "(hour: 10, hex: \"1613\", day: 2)",
                "(hour: 10, hex: \"1613\", day: 3)",
                "day 3",
            ),
        ] {
            let e = refused("trautenau-soor", from, to);
            assert!(e.contains(want), "{from:?}->{to:?}: {e} (want {want})");
            assert!(e.starts_with("trautenau-soor.ron: "), "{e}");
        }
        // A day-two arrival needs a second day.
        let e = refused(
            "soor",
            "arrival: Some((hour: 10, hex: \"1613\"))",
            "arrival: Some((hour: 10, hex: \"1613\", day: 2))",
        );
        assert!(e.contains("no second day"), "{e}");
    }

    #[test]
    fn scenario_facts_from_the_rulebook() {
        let t = load("trautenau", &text("trautenau"), &[]).unwrap();
        assert_eq!((t.start_hour, t.end_hour), (9, 20));
        assert_eq!(t.initiative_ties, Side::Austria);
        let c = t.formation("clausewitz").unwrap();
        assert_eq!(t.formations[c].inactive_until, Some(11));
        assert_eq!(t.formations[c].inactive_except, vec!["p-1hus".to_string()]);
        assert_eq!(t.always_in_command.len(), 2);
        let s = load("soor", &text("soor"), &[]).unwrap();
        assert_eq!((s.start_hour, s.end_hour), (10, 20));
        let g = s.formation("grivicic").unwrap();
        assert_eq!(s.formations[g].marker_from, Some(11));
        let losses: u32 = s.units.iter().map(|u| u.losses as u32).sum();
        assert_eq!(losses, 4, "12.2: four regiments with 1 perte");
        assert_eq!(s.retreat_hexes(Side::Austria, 12).len(), 5);
        assert!(
            s.retreat_hexes(Side::Austria, 13)
                .contains(&Coord::new(1, 13))
        );
        // 12.1.5: the road itself and its neighbours stay open, Kaile (0215) too.
        let (_, _, forbidden) = &s.forbidden[0];
        for open in ["0513", "0412", "0606", "0506", "0215", "0118"] {
            assert!(!forbidden.contains(&Coord::parse(open).unwrap()), "{open}");
        }
        assert!(forbidden.contains(&Coord::parse("0211").unwrap()));
    }

    #[test]
    fn every_place_named_by_the_rules_has_its_label() {
        let r = load("trautenau", &text("trautenau"), &[]).unwrap();
        for (hex, name) in [
            ("0606", "Trautenau"),
            ("0903", "Wolta"),
            ("1004", "Parschnitz"),
            ("0508", "Hohenbruck"),
            ("0806", "Kriebnitz"),
            ("0910", "Alt-Rognitz"),
            ("0611", "Neu-Rognitz"),
            ("0513", "Burkersdorf"),
            ("0915", "Staudenz"),
            ("1214", "Ober-Raatsch"),
            ("1314", "Raatsch"),
            ("1414", "Unter-Raatsch"),
            ("1613", "Eipel"),
        ] {
            let c = Coord::parse(hex).unwrap();
            let label = r.map.label_at(c).unwrap_or("");
            assert!(label.contains(name), "{hex}: {label:?}, want {name}");
        }
        for name in ["Soor", "Rudersdorf", "Kaile"] {
            assert!(
                r.map.labels.iter().any(|(_, l)| l == name),
                "{name} is on the map"
            );
        }
        assert_eq!(r.map.terrain(Coord::new(6, 6)), Terrain::Town);
    }

    #[test]
    fn stacking_follows_rule_3() {
        use Arm::*;
        let clear = Terrain::Clear;
        let village = Terrain::Village;
        assert!(stacking_fits(&[Infantry, Infantry, Light], clear));
        assert!(stacking_fits(&[Infantry, Artillery, Light], clear));
        assert!(stacking_fits(&[Artillery, Artillery], clear));
        assert!(stacking_fits(&[Cavalry, Cavalry, Cavalry], clear));
        assert!(stacking_fits(&[Cavalry, Cavalry, Artillery], clear));
        assert!(stacking_fits(&[Cavalry, Cavalry, Light], clear));
        assert!(!stacking_fits(&[Infantry, Infantry, Artillery], clear));
        assert!(!stacking_fits(&[Infantry, Infantry, Infantry], clear));
        assert!(!stacking_fits(&[Light, Light, Light, Light], clear));
        assert!(!stacking_fits(&[Artillery, Artillery, Infantry], clear));
        assert!(!stacking_fits(&[Infantry, Cavalry], clear));
        assert!(stacking_fits(&[Infantry, Light], village));
        assert!(stacking_fits(&[Cavalry, Cavalry, Light], village));
        assert!(stacking_fits(&[Artillery, Light], village));
        assert!(!stacking_fits(&[Infantry, Artillery], village));
        assert!(!stacking_fits(&[Infantry, Infantry], Terrain::Town));
        assert!(!stacking_fits(&[Cavalry, Cavalry, Cavalry], village));
    }

    #[test]
    fn broken_copies_are_refused_naming_the_item() {
        let cases: &[(&str, &str, &str, &[&str])] = &[
            // duplicate id
            (
                "trautenau",
                "id: \"p-41ir\"",
                "id: \"p-1gren\"",
                &["'p-1gren'", "twice"],
            ),
            // unknown formation
            (
                "trautenau",
                "formation: \"bredow\", arm",
                "formation: \"brdow\", arm",
                &["'p-12uhl'", "brdow"],
            ),
            // unknown chief
            (
                "soor",
                "chief: \"wurttemberg\"",
                "chief: \"wuerttemberg\"",
                &["'guard-1'", "wuerttemberg"],
            ),
            // leader of an unknown formation
            (
                "soor",
                "Formation(formation: \"guard-2\"",
                "Formation(formation: \"guard-3\"",
                &["'plonski'", "guard-3"],
            ),
            // neither start nor arrival
            (
                "trautenau",
                "start: Some(\"0902\"), ",
                "",
                &["'p-41ir'", "neither"],
            ),
            // off the map
            (
                "trautenau",
                "start: Some(\"0902\")",
                "start: Some(\"1902\")",
                &["'p-41ir'", "off the map"],
            ),
            (
                "trautenau",
                "arrival: Some((hour: 16, hex: \"0901\"))",
                "arrival: Some((hour: 16, hex: \"0920\"))",
                &["'p-3gren'", "off the map"],
            ),
            // stacking: two infantry and a battery
            (
                "trautenau",
                "start: Some(\"0902\")",
                "start: Some(\"0903\")",
                &["'p-41ir'", "stacking"],
            ),
            // stacking in a village: regiment, jäger and a battery in Hohenbruck
            (
                "soor",
                "start: Some(\"0507\"), facing: SE),",
                "start: Some(\"0508\"), facing: SE),",
                &["'a-mondel-art1'", "stacking", "Village"],
            ),
            // both sides in one hex
            (
                "trautenau",
                "start: Some(\"0902\"), facing: SW",
                "start: Some(\"0609\"), facing: NE",
                &["'p-41ir'", "other side"],
            ),
            // different facings in a stack
            (
                "trautenau",
                "range: 3, start: Some(\"0903\"), facing: SW",
                "range: 3, start: Some(\"0903\"), facing: S",
                &["'p-art-i3'", "faces S"],
            ),
            // artillery without range
            (
                "trautenau",
                "range: 3, start: Some(\"0903\")",
                "start: Some(\"0903\")",
                &["'p-art-i3'", "range 0"],
            ),
            // zero and absurd values
            (
                "trautenau",
                "name: \"41st IR\", side: Prussia, formation: \"grossmann\", arm: Infantry, combat: 4",
                "name: \"41st IR\", side: Prussia, formation: \"grossmann\", arm: Infantry, combat: 0",
                &["'p-41ir'", "combat 0"],
            ),
            (
                "soor",
                "arm: Cavalry, guard: true, combat: 1, morale: 1, movement: 6",
                "arm: Cavalry, guard: true, combat: 1, morale: 1, movement: 66",
                &["'pg-hus'", "movement 66"],
            ),
            // losses >= morale
            (
                "soor",
                "losses: 1",
                "losses: 2",
                &["'a-mondel-24ir'", "losses"],
            ),
            // hours
            ("soor", "end_hour: 20", "end_hour: 10", &["start_hour"]),
            // formation step total
            (
                "trautenau",
                "steps: 12, demo: 6",
                "steps: 13, demo: 6",
                &[
                    "formation 'grossmann' has 12 steps in its units, its demoralisation table says 13",
                ],
            ),
            // artillery in marsh (1116 is marsh)
            (
                "soor",
                "start: Some(\"0514\")",
                "start: Some(\"1116\")",
                &["'a-art-5910'", "Marsh"],
            ),
            // a decision outside the game's hours
            (
                "trautenau-soor",
                "day: 1, hour: 13, rule: \"13.1\"",
                "day: 1, hour: 23, rule: \"13.1\"",
                &["'guard-1866'", "outside the game"],
            ),
        ];
        for (id, from, to, wants) in cases {
            let e = refused(id, from, to);
            for w in *wants {
                assert!(e.contains(w), "{id} {from:?}->{to:?}: {e} (want {w})");
            }
            assert!(e.starts_with(&format!("{id}.ron: ")), "{e}");
        }
        // The caller points at the line of the quoted item.
        let e = refused(
            "trautenau",
            "start: Some(\"0902\")",
            "start: Some(\"1902\")",
        );
        let line: usize = e
            .split(": line ")
            .nth(1)
            .and_then(|s| s.split(':').next())
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no line in {e}"));
        let t = text("trautenau");
        assert!(t.lines().nth(line - 1).unwrap().contains("\"p-41ir\""));
    }

    #[test]
    fn unknown_variants_are_refused() {
        let e = load("trautenau-soor", &text("trautenau-soor"), &["guard-1867"]).unwrap_err();
        assert!(e.contains("'guard-1867'") && e.contains("none"), "{e}");
        // 13.1: the Guard at 13.00 is decided in play, never before it.
        let e = load("trautenau-soor", &text("trautenau-soor"), &["guard-1866"]).unwrap_err();
        assert!(e.contains("13.00") && e.contains("13.1"), "{e}");
        let e = load("soor", &text("soor"), &["guard-1866"]).unwrap_err();
        assert!(e.contains("'guard-1866'"), "{e}");
    }
}
