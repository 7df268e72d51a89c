//! Load-time checks of a Trautenau – Soor scenario against the rules of its game.
//! Every message names the offending id or hex in 'single quotes' first, so that
//! [`super::data::TsRules::from_text`] can point at its line.

use super::data::{Arm, LeaderKind, Side, TsScenarioFile, UnitDef, Victory};
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
        return match (inf, cav, art) {
            (0, 0, 0) => true,
            (1, 0, 0) | (0, 1, 0) | (0, 2, 0) | (0, 0, 1) => true,
            _ => false,
        };
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
    for chosen in variants {
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
    let absent: BTreeSet<&str> = file
        .variants
        .iter()
        .filter(|v| !variants.contains(&v.id))
        .flat_map(|v| v.adds.iter().map(|s| s.as_str()))
        .collect();

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

    // Leaders.
    let place = |what: &str,
                 id: &str,
                 start: Option<Coord>,
                 arrival: Option<(u8, Coord, u8)>|
     -> Result<(), String> {
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
            if !map.contains(c) {
                return Err(format!("{what} '{id}' arrives at {c}, off the map"));
            }
            if !(1..=2).contains(&day) {
                return Err(format!("{what} '{id}' arrives on day {day}"));
            }
            if day == 1 && (hour < file.start_hour || hour > file.end_hour) {
                return Err(format!(
                    "{what} '{id}' arrives at {hour}.00, outside the game ({}.00-{}.00)",
                    file.start_hour, file.end_hour
                ));
            }
        }
        Ok(())
    };
    for l in &file.leaders {
        place(
            "leader",
            &l.id,
            l.start,
            l.arrival.as_ref().map(|a| (a.hour, a.hex, a.day)),
        )?;
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
            "unit",
            &u.id,
            u.start,
            u.arrival.as_ref().map(|a| (a.hour, a.hex, a.day)),
        )?;
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
        let r = load("trautenau-soor", &text("trautenau-soor"), &["guard-1866"]).unwrap();
        assert!(r.absent.is_empty());
        let r = load("trautenau-soor", &text("trautenau-soor"), &[]).unwrap();
        for id in ["guard-1", "hiller", "pg-1ir", "pg-art-g2"] {
            assert!(r.absent.contains(id), "{id}");
        }
        assert_eq!(
            r.absent.len(),
            9,
            "13.1: HQ and 7 units, plus the formation"
        );
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
            // a variant adding something unknown
            (
                "trautenau-soor",
                "adds: [\"guard-1\"",
                "adds: [\"guard-9\"",
                &["'guard-9'", "guard-1866"],
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
        assert!(
            e.contains("'guard-1867'") && e.contains("guard-1866"),
            "{e}"
        );
        let e = load("soor", &text("soor"), &["guard-1866"]).unwrap_err();
        assert!(e.contains("'guard-1866'"), "{e}");
    }
}
