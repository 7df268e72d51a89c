//! Political control (14.1-14.5, 19.1) and the railroad rules that depend on it
//! (9.61-9.63, 14.5), as pure functions over the map and a [`Situation`].
//!
//! Readings (docs/games/struggle-map.md, "Control"):
//! - Fortresses and major cities that still stand change hands only by siege (13.1,
//!   glossary "Political Control"): cut-off checks (5.4 "non-fortress spaces") and
//!   province conversion (14.2 "non-fortress spaces") skip them; destroyed ones are minor
//!   cities (13.31).
//! - The junction takes no PC marker (9.62); the off-board source and neutral French
//!   spaces take part in none of this.
//! - 9.61 "in a province deemed friendly per 14.2": a space in no province (the Kingdom
//!   of Italy, France, independent cities) counts when the space itself is friendly,
//!   except that Italy's railroads never give Austria the bonus (14.5).

use super::map::{Country, RouteKind, SpaceId, SpaceKind, StruggleMap};
use super::supply::{Situation, klapka_network, network};
use crate::engine::side::Side;

/// Spaces that take PC markers at all (not the junction, not off-board).
fn markable(map: &StruggleMap, s: SpaceId) -> bool {
    map.spaces
        .get(s)
        .is_some_and(|sp| !matches!(sp.kind, SpaceKind::Junction | SpaceKind::OffBoard))
}

/// 14.2: the side controlling a strict majority of the province's spaces, if any
/// (independent minor cities are in no province and never count).
pub fn province_majority(map: &StruggleMap, province: usize, sit: &Situation) -> Option<Side> {
    majority(map.spaces_in(province), sit)
}

fn majority(spaces: impl Iterator<Item = SpaceId>, sit: &Situation) -> Option<Side> {
    let mut count = [0usize; 2];
    let mut total = 0usize;
    for s in spaces {
        total += 1;
        if let Some(side) = sit.control.get(s).copied().flatten() {
            count[side.idx()] += 1;
        }
    }
    Side::BOTH
        .into_iter()
        .find(|side| 2 * count[side.idx()] > total)
}

/// 14.2 at the end of a turn: each province's controller. A province without a majority
/// for anybody keeps `previous` (its controller so far).
pub fn province_control(
    map: &StruggleMap,
    sit: &Situation,
    previous: &[Option<Side>],
) -> Vec<Option<Side>> {
    (0..map.provinces.len())
        .map(|p| province_majority(map, p, sit).or(previous.get(p).copied().flatten()))
        .collect()
}

/// Province controllers at the start of a scenario (14.1: original tints).
pub fn province_control_at_start(map: &StruggleMap) -> Vec<Option<Side>> {
    let sit = Situation::at_start(map);
    (0..map.provinces.len())
        .map(|p| province_majority(map, p, &sit))
        .collect()
}

/// 14.2 / 19.1: when `province` passes to `side`, the spaces that take its PC marker:
/// every non-fortress space of the province not already `side`'s and not occupied by
/// an enemy CU.
pub fn province_conversion(
    map: &StruggleMap,
    province: usize,
    side: Side,
    sit: &Situation,
) -> Vec<SpaceId> {
    map.spaces_in(province)
        .filter(|&s| {
            markable(map, s)
                && !sit.fortified(map, s)
                && sit.control.get(s).copied().flatten() != Some(side)
                && !sit.occupied_by(s, side.other())
        })
        .collect()
}

/// 14.5: the side controlling a majority of the spaces of the Kingdom of Italy.
pub fn italy_majority(map: &StruggleMap, sit: &Situation) -> Option<Side> {
    majority(map.italy(), sit)
}

/// 14.5: Italy's controller at the end of a turn (`previous` if nobody has a majority);
/// the VP marker moves one space when this differs from `previous`.
pub fn italy_control(map: &StruggleMap, sit: &Situation, previous: Side) -> Side {
    italy_majority(map, sit).unwrap_or(previous)
}

/// 14.3 / 5.4: the spaces whose control flips in the Supply Check phase, each with its
/// new controller. Both sides are judged on the same position (simultaneous). A space
/// flips when its controller cannot trace an LOC from it to a supply source and no CU
/// of that side is in it. Fortresses and major cities that stand never flip this way;
/// Prussian PCs in Hungary may trace to Klapka instead.
pub fn cut_off_spaces(map: &StruggleMap, sit: &Situation) -> Vec<(SpaceId, Side)> {
    let nets = [
        // 14.3: PC markers trace to every friendly source, the French one included
        // (15.4 limits forces, not spaces: our reading)
        network(map, Side::Austria, sit, true),
        network(map, Side::Prussia, sit, true),
    ];
    let klapka = klapka_network(map, sit);
    let mut out = Vec::new();
    for s in 0..map.len() {
        let Some(side) = sit.control.get(s).copied().flatten() else {
            continue;
        };
        if !markable(map, s) || sit.fortified(map, s) || sit.occupied_by(s, side) {
            continue;
        }
        if nets[side.idx()][s] || (side == Side::Prussia && klapka[s]) {
            continue;
        }
        out.push((s, side.other()));
    }
    out
}

/// Is a space friendly for `side`'s special rail movement (9.61, 9.63, 14.5)?
/// `provinces_at_turn_start`: each province's controller at the start of this turn.
pub fn rail_friendly(
    map: &StruggleMap,
    side: Side,
    s: SpaceId,
    sit: &Situation,
    provinces_at_turn_start: &[Option<Side>],
) -> bool {
    let Some(space) = map.spaces.get(s) else {
        return false;
    };
    if space.kind == SpaceKind::Junction {
        return true; // 9.62: friendly to both
    }
    if sit.control.get(s).copied().flatten() != Some(side) || sit.occupied_by(s, side.other()) {
        return false; // 9.61: friendly space, no enemy CU or PC
    }
    match space.province {
        // 9.61 / 9.63: the province was ours at the start of the turn
        Some(p) => provinces_at_turn_start.get(p).copied().flatten() == Some(side),
        // 14.5: Italy's railroads never serve Austria
        None => !(space.country == Country::Italy && side == Side::Austria),
    }
}

/// The routes `side` may use for the rail bonus now: railroads joining two rail-friendly
/// spaces (9.61).
pub fn rail_routes(
    map: &StruggleMap,
    side: Side,
    sit: &Situation,
    provinces_at_turn_start: &[Option<Side>],
) -> Vec<bool> {
    let friendly: Vec<bool> = (0..map.len())
        .map(|s| rail_friendly(map, side, s, sit, provinces_at_turn_start))
        .collect();
    map.routes
        .iter()
        .map(|r| r.kind == RouteKind::Rail && friendly[r.a] && friendly[r.b])
        .collect()
}

/// 9.61: the extra MPs of special rail movement: 3, and 3 more for Prussia (the rules'
/// "Prussia" includes Italy, glossary note).
pub fn rail_bonus(side: Side) -> u8 {
    match side {
        Side::Prussia => 6,
        Side::Austria => 3,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup() -> (StruggleMap, Situation) {
        let m = StruggleMap::load_default().expect("map");
        let sit = Situation::at_start(&m);
        (m, sit)
    }

    fn id(m: &StruggleMap, n: &str) -> SpaceId {
        m.space(n).expect(n)
    }

    #[test]
    fn provinces_start_with_their_tint() {
        // rule 14.1
        let (m, _) = setup();
        let start = province_control_at_start(&m);
        let hanover = m.province("Hanover").expect("Hanover");
        let holstein = m.province("Holstein").expect("Holstein");
        let silesia = m.province("Silesia").expect("Silesia");
        assert_eq!(start[hanover], Some(Side::Austria));
        assert_eq!(start[holstein], Some(Side::Austria));
        assert_eq!(start[silesia], Some(Side::Prussia));
        assert!(start.iter().all(|c| c.is_some()));
    }

    #[test]
    fn hanover_falls_with_three_of_its_five_spaces() {
        // rule 14.2 and the example of play (FOR2: converting Hildesheim would cost
        // Austria the province)
        let (m, mut sit) = setup();
        let hanover = m.province("Hanover").expect("Hanover");
        let prev = province_control_at_start(&m);
        for n in ["Emden", "Osnabrück"] {
            sit.control[id(&m, n)] = Some(Side::Prussia);
        }
        assert_eq!(
            province_control(&m, &sit, &prev)[hanover],
            Some(Side::Austria)
        );
        sit.control[id(&m, "Hildesheim")] = Some(Side::Prussia);
        assert_eq!(
            province_control(&m, &sit, &prev)[hanover],
            Some(Side::Prussia)
        );
        // 14.2: conversion marks the rest, but not Hanover (a standing major city) and not
        // a space with an Austrian CU
        let gottingen = id(&m, "Göttingen");
        let conv = province_conversion(&m, hanover, Side::Prussia, &sit);
        assert_eq!(conv, vec![gottingen]);
        sit.occupied[gottingen][Side::Austria.idx()] = true;
        assert!(province_conversion(&m, hanover, Side::Prussia, &sit).is_empty());
        // once Hanover is reduced it is a minor city and converts too
        sit.occupied[gottingen][Side::Austria.idx()] = false;
        sit.destroyed[id(&m, "Hanover")] = true;
        assert_eq!(
            province_conversion(&m, hanover, Side::Prussia, &sit).len(),
            2
        );
    }

    #[test]
    fn independent_cities_do_not_count() {
        // rule 14.2: independent minor cities are not part of a province
        let (m, _) = setup();
        let brunswick = id(&m, "Braunschweig");
        assert!(m.spaces[brunswick].independent);
        for p in 0..m.provinces.len() {
            assert!(!m.spaces_in(p).any(|s| s == brunswick));
        }
    }

    #[test]
    fn no_majority_keeps_the_old_controller() {
        // rule 14.2: control changes only with a majority
        let (m, mut sit) = setup();
        let holstein = m.province("Holstein").expect("Holstein");
        let prev = province_control_at_start(&m);
        let spaces: Vec<SpaceId> = m.spaces_in(holstein).collect();
        // one of three spaces Prussian: still Austrian
        sit.control[spaces[0]] = Some(Side::Prussia);
        assert_eq!(
            province_control(&m, &sit, &prev)[holstein],
            Some(Side::Austria)
        );
        sit.control[spaces[1]] = Some(Side::Prussia);
        assert_eq!(
            province_control(&m, &sit, &prev)[holstein],
            Some(Side::Prussia)
        );
    }

    #[test]
    fn italy_is_conquered_by_a_majority_of_its_spaces() {
        // rule 14.5
        let (m, mut sit) = setup();
        assert_eq!(italy_control(&m, &sit, Side::Prussia), Side::Prussia);
        let spaces: Vec<SpaceId> = m.italy().collect();
        let half = spaces.len() / 2;
        for &s in &spaces[..half] {
            sit.control[s] = Some(Side::Austria);
        }
        // half (or less) is not a majority: Italy stays Italian
        assert_ne!(italy_majority(&m, &sit), Some(Side::Austria));
        assert_eq!(italy_control(&m, &sit, Side::Prussia), Side::Prussia);
        sit.control[spaces[half]] = Some(Side::Austria);
        assert_eq!(italy_control(&m, &sit, Side::Prussia), Side::Austria);
    }

    #[test]
    fn cut_off_spaces_flip_unless_held() {
        // rule 14.3 / 5.4
        let (m, mut sit) = setup();
        assert!(
            cut_off_spaces(&m, &sit).is_empty(),
            "nothing is cut off at the start"
        );
        // Austria takes Kiel, Rendsburg, Altona are Austrian already: Schleswig traces by
        // sea from Flensburg. Now Austria also holds Flensburg's port: Schleswig town is
        // cut off and flips; Flensburg (Austrian) is fine.
        let flensburg = id(&m, "Flensburg");
        let schleswig = id(&m, "Schleswig");
        sit.control[flensburg] = Some(Side::Austria);
        let flips = cut_off_spaces(&m, &sit);
        assert!(flips.contains(&(schleswig, Side::Austria)), "{flips:?}");
        // a Prussian CU in it holds it
        sit.occupied[schleswig][Side::Prussia.idx()] = true;
        assert!(
            !cut_off_spaces(&m, &sit)
                .iter()
                .any(|&(s, _)| s == schleswig)
        );
    }

    #[test]
    fn cut_off_fortresses_hold_and_klapka_supplies_hungary() {
        // rule 14.3, 5.4 "non-fortress spaces", Klapka note
        let (m, mut sit) = setup();
        let kaschau = id(&m, "Kaschau");
        let grosswardein = id(&m, "Grosswardein");
        sit.control[kaschau] = Some(Side::Prussia);
        sit.control[grosswardein] = Some(Side::Prussia);
        let flips = cut_off_spaces(&m, &sit);
        assert!(flips.contains(&(kaschau, Side::Austria)));
        sit.klapka = vec![grosswardein];
        sit.occupied[grosswardein][Side::Prussia.idx()] = true;
        let flips = cut_off_spaces(&m, &sit);
        assert!(
            !flips.iter().any(|&(s, _)| s == kaschau),
            "traces to Klapka"
        );
        // an isolated Prussian fortress does not flip
        let komorn = id(&m, "Komorn");
        sit.control[komorn] = Some(Side::Prussia);
        sit.klapka.clear();
        assert!(!cut_off_spaces(&m, &sit).iter().any(|&(s, _)| s == komorn));
    }

    #[test]
    fn rail_bonus_needs_friendly_provinces_from_the_turn_start() {
        // rule 9.61, 9.63 and the example of play: Frederick cannot use Hanover's
        // railroads before the province is his at the end of a turn
        let (m, mut sit) = setup();
        let start = province_control_at_start(&m);
        let osnabruck = id(&m, "Osnabrück");
        let minden = id(&m, "Minden");
        let route = m.route_index(osnabruck, minden).expect("route");
        sit.control[osnabruck] = Some(Side::Prussia);
        assert!(!rail_routes(&m, Side::Prussia, &sit, &start)[route]);
        let mut next_turn = start.clone();
        next_turn[m.province("Hanover").expect("Hanover")] = Some(Side::Prussia);
        assert!(rail_routes(&m, Side::Prussia, &sit, &next_turn)[route]);
        // an enemy CU in the space spoils it
        sit.occupied[osnabruck][Side::Austria.idx()] = true;
        assert!(!rail_routes(&m, Side::Prussia, &sit, &next_turn)[route]);
        // roads never
        let road = m.route_index(osnabruck, id(&m, "Münster")).expect("road");
        assert!(!rail_routes(&m, Side::Prussia, &sit, &next_turn)[road]);
    }

    #[test]
    fn rail_bonus_in_venetia_and_never_in_italy_for_austria() {
        // rule 9.61, 14.5 and the example of play (FOR2: the bonus used before entering
        // the Kingdom of Italy)
        let (m, mut sit) = setup();
        let start = province_control_at_start(&m);
        let vicenza = id(&m, "Vicenza");
        let padua = id(&m, "Padua");
        let bologna = id(&m, "Bologna");
        let ferrara = id(&m, "Ferrara");
        let a = rail_routes(&m, Side::Austria, &sit, &start);
        assert!(a[m.route_index(vicenza, padua).expect("r")]);
        sit.control[bologna] = Some(Side::Austria);
        sit.control[ferrara] = Some(Side::Austria);
        let a = rail_routes(&m, Side::Austria, &sit, &start);
        assert!(!a[m.route_index(bologna, ferrara).expect("r")], "14.5");
        // the Italians do get it at home
        sit.control[bologna] = Some(Side::Prussia);
        sit.control[ferrara] = Some(Side::Prussia);
        let p = rail_routes(&m, Side::Prussia, &sit, &start);
        assert!(p[m.route_index(bologna, ferrara).expect("r")]);
        assert_eq!(rail_bonus(Side::Prussia), 6);
        assert_eq!(rail_bonus(Side::Austria), 3);
    }

    #[test]
    fn the_junction_is_rail_friendly_to_both() {
        // rule 9.62
        let (m, sit) = setup();
        let start = province_control_at_start(&m);
        let j = m.junction().expect("junction");
        let paderborn = id(&m, "Paderborn");
        let gottingen = id(&m, "Göttingen");
        assert!(rail_friendly(&m, Side::Prussia, j, &sit, &start));
        assert!(rail_friendly(&m, Side::Austria, j, &sit, &start));
        let p = rail_routes(&m, Side::Prussia, &sit, &start);
        let a = rail_routes(&m, Side::Austria, &sit, &start);
        assert!(p[m.route_index(paderborn, j).expect("r")]);
        assert!(!p[m.route_index(gottingen, j).expect("r")]);
        assert!(a[m.route_index(gottingen, j).expect("r")]);
    }
}
