//! The Sadowa Campaign: supply (4.1, 5.1-5.5, 8.9) on positions built for each case,
//! judged by the Supply Phase of the game and by the supply map the screen draws.
//! Helpers here are shared with `sd_operations`.

use feldzug::engine::game::{PureGame, RulesGame};
use feldzug::engine::hexmap::{Coord, Dir, HexMapDef, SideKind, Terrain};
use feldzug::engine::side::Side;
use feldzug::games::sadowa::Sadowa;
use feldzug::games::sadowa::data::{SdRules, UnitId};
use feldzug::games::sadowa::flow::Game;
use feldzug::games::sadowa::map::{Country, PlaceKind, SadowaMap, SadowaMapFile};
use feldzug::games::sadowa::state::*;
use feldzug::games::sadowa::supply;
use std::sync::Arc;

pub type G = PureGame<Sadowa>;

pub fn c(s: &str) -> Coord {
    Coord::parse(s).unwrap()
}

/// The rules on a blank clear board of the real map's size (the real countries, places
/// and charts): positions built for a case do not depend on the map's terrain.
pub fn rules() -> Arc<SdRules> {
    rules_with(vec![], vec![], &[])
}

/// The rules with the real map.
pub fn real_rules() -> Arc<SdRules> {
    let src = feldzug::engine::scenarios::find("sadowa").unwrap();
    <Sadowa as RulesGame>::load_rules(&src, &[]).unwrap()
}

/// A blank clear board of the map's size with these roads, rivers and mountain hexes
/// (the rest of the rules as loaded).
pub fn rules_with(
    roads: Vec<Vec<Coord>>,
    rivers: Vec<(Coord, Coord)>,
    mountains: &[Coord],
) -> Arc<SdRules> {
    let rivers = rivers
        .into_iter()
        .map(|(a, b)| (a, b, SideKind::MinorRiver))
        .collect();
    board(roads, rivers, mountains, &[])
}

/// As [`rules_with`], with the kind of each river and hills (level 2) hexes.
pub fn board(
    roads: Vec<Vec<Coord>>,
    rivers: Vec<(Coord, Coord, SideKind)>,
    mountains: &[Coord],
    hills: &[Coord],
) -> Arc<SdRules> {
    let base = real_rules();
    let mut r: SdRules = (*base).clone();
    let (cols, rows) = (r.map.hex.cols, r.map.hex.rows);
    let mut elevation_rows = vec!["1".repeat(cols as usize); rows as usize];
    for m in mountains {
        let mut row: Vec<char> = elevation_rows[(m.row - 1) as usize].chars().collect();
        row[(m.col - 1) as usize] = '3';
        elevation_rows[(m.row - 1) as usize] = row.into_iter().collect();
    }
    for m in hills {
        let mut row: Vec<char> = elevation_rows[(m.row - 1) as usize].chars().collect();
        row[(m.col - 1) as usize] = '2';
        elevation_rows[(m.row - 1) as usize] = row.into_iter().collect();
    }
    let hexsides = rivers
        .iter()
        .map(|&(a, b, k)| {
            let d = Dir::ALL
                .into_iter()
                .find(|&d| a.neighbor(d) == b)
                .expect("river between adjacent hexes");
            (a, d, k, false)
        })
        .collect();
    // places keep their town / fortress hexes; everything else clear
    let mut terrain_rows = vec![".".repeat(cols as usize); rows as usize];
    for p in &r.map.places {
        let ch = match p.kind {
            PlaceKind::City => 'T',
            PlaceKind::Fortress => 'F',
        };
        let mut row: Vec<char> = terrain_rows[(p.hex.row - 1) as usize].chars().collect();
        row[(p.hex.col - 1) as usize] = ch;
        terrain_rows[(p.hex.row - 1) as usize] = row.into_iter().collect();
    }
    let country_rows = (1..=rows)
        .map(|row| {
            (1..=cols)
                .map(|col| match r.map.country(Coord::new(col, row)) {
                    Some(Country::Prussia) => 'P',
                    Some(Country::Saxony) => 'S',
                    Some(Country::Austria) => 'A',
                    None => '-',
                })
                .collect::<String>()
        })
        .collect();
    let def = HexMapDef {
        cols,
        rows,
        terrain_rows,
        legend: vec![
            ('.', Terrain::Clear),
            ('T', Terrain::Town),
            ('F', Terrain::Fortress),
        ],
        hexsides,
        roads,
        labels: vec![],
        elevation_rows,
        paths: vec![],
        railways: vec![],
    };
    r.map = SadowaMap::from_file(SadowaMapFile {
        name: "blank test board".into(),
        board: def,
        country_rows,
        places: r.map.places.clone(),
    })
    .unwrap();
    Arc::new(r)
}

/// A straight road down one column from `from_row` to `to_row`.
pub fn column_road(col: i32, from_row: i32, to_row: i32) -> Vec<Coord> {
    (from_row..=to_row).map(|r| Coord::new(col, r)).collect()
}

pub fn id(rules: &SdRules, name: &str) -> UnitId {
    rules
        .by_id(name)
        .unwrap_or_else(|| panic!("no unit {name}"))
}

/// A game with every unit off the map (none gone), turn `turn`, at the Operations
/// Phase with `side` holding `ip` IP; dice scripted.
pub fn empty_game(rules: Arc<SdRules>, turn: u8, dice: &[u8]) -> G {
    let mut g = G::new_scripted(rules, 1, dice);
    for s in g.st.units.iter_mut() {
        *s = UnitState::default();
    }
    g.st.g.turn = turn;
    g.st.g.step = Step::Activate;
    g.st.g.initiative = Some(Side::Prussia);
    g.st.g.ip = 0;
    g.st.g.ops = 2;
    g
}

pub fn put(g: &mut G, name: &str, hex: Coord) -> UnitId {
    let u = id(&g.rules, name);
    g.st.units[u as usize].hex = Some(hex);
    u
}

/// Runs the game's Supply Phase (4.1) on the position.
pub fn supply_phase(g: &mut G) {
    let rules = g.rules.clone();
    let mut game = Game {
        rules: &rules,
        st: &mut g.st,
        dice: &mut g.dice,
        log: &mut g.log,
    };
    game.supply_phase();
}

pub fn oos(g: &G, u: UnitId) -> bool {
    g.st.units[u as usize].oos
}

fn judged(g: &G, side: Side, hex: Coord) -> bool {
    supply::supplied_hexes(&g.rules, &g.st).is_supplied(&g.rules, side, hex)
}

/// Prussian corps ids, Austrian corps ids.
const PRUSSIAN_CORPS: [&str; 9] = [
    "p-i", "p-ii", "p-iii", "p-iv", "p-v", "p-vi", "p-vii", "p-viii", "p-guard",
];
const AUSTRIAN_CORPS: [&str; 8] = [
    "a-i", "a-ii", "a-iii", "a-iv", "a-vi", "a-viii", "a-x", "a-saxon",
];

// rule 5.1, 5.2: a line of at most 3 hexes (the unit's hex not counted) to a source:
// Prussia the north edge (row 1) and 1007, Austria the south edge.
#[test]
fn line_of_three_hexes_to_a_source() {
    let mut g = empty_game(rules(), 2, &[]);
    let rows = g.rules.map.hex.rows;
    let p_in = put(&mut g, "p-i", Coord::new(25, 4));
    let p_out = put(&mut g, "p-ii", Coord::new(30, 5));
    let p_1007 = put(&mut g, "p-iii", c("1010"));
    let a_in = put(&mut g, "a-i", Coord::new(5, rows - 3));
    let a_out = put(&mut g, "a-ii", Coord::new(8, rows - 4));
    supply_phase(&mut g);
    assert!(!oos(&g, p_in), "3 hexes from the north edge: supplied");
    assert!(oos(&g, p_out), "4 hexes from the north edge: out of supply");
    assert!(!oos(&g, p_1007), "3 hexes from 1007: supplied (5.1)");
    assert!(!oos(&g, a_in), "3 hexes from the south edge: supplied");
    assert!(oos(&g, a_out), "4 hexes from the south edge: out of supply");
    // rule 5.3: out of supply units are flipped to Committed
    assert!(g.st.units[p_out as usize].committed);
    assert!(!g.st.units[p_in as usize].committed);
}

// rule 5.2: a road (of unlimited length) that leads back to a source; 3 hexes off it.
#[test]
fn road_of_unlimited_length() {
    let rules = rules_with(vec![column_road(25, 1, 12)], vec![], &[]);
    let mut g = empty_game(rules, 2, &[]);
    let near = put(&mut g, "p-i", Coord::new(25, 15));
    let far = put(&mut g, "p-ii", Coord::new(25, 16));
    let side = put(&mut g, "p-iii", Coord::new(28, 12));
    supply_phase(&mut g);
    assert!(!oos(&g, near), "3 hexes past the end of the road: supplied");
    assert!(
        oos(&g, far),
        "4 hexes past the end of the road: out of supply"
    );
    assert!(!oos(&g, side), "3 hexes beside the road: supplied");
    // the same hexes without the road are far from any source
    let mut g2 = empty_game(rules_with(vec![], vec![], &[]), 2, &[]);
    let near2 = put(&mut g2, "p-i", Coord::new(25, 15));
    supply_phase(&mut g2);
    assert!(oos(&g2, near2));
}

/// The road hexes of column 25 adjacent to `x`.
fn road_hexes_next_to(x: Coord) -> Vec<Coord> {
    Dir::ALL
        .into_iter()
        .map(|d| x.neighbor(d))
        .filter(|n| n.col == 25 && (1..=12).contains(&n.row))
        .collect()
}

// rule 5.2, 3.2: an un-negated enemy ZOC on the road cuts the line; a river between the
// enemy unit and the road keeps its ZOC off the road, so the line passes; a friendly
// unit on the road negates the ZOC there, so the line passes too.
#[test]
fn enemy_zoc_cuts_the_road_unless_river_or_negated() {
    let a_hex = Coord::new(26, 6);
    let zoc_hexes = road_hexes_next_to(a_hex);
    assert!(!zoc_hexes.is_empty());
    let road = vec![column_road(25, 1, 12)];
    let unit_hex = Coord::new(25, 15);

    // cut
    let mut g = empty_game(rules_with(road.clone(), vec![], &[]), 2, &[]);
    let p = put(&mut g, "p-i", unit_hex);
    put(&mut g, "a-i", a_hex);
    supply_phase(&mut g);
    assert!(oos(&g, p), "the enemy ZOC on the road cuts the line");

    // rule 3.2: no ZOC across rivers
    let rivers: Vec<(Coord, Coord)> = zoc_hexes.iter().map(|&h| (a_hex, h)).collect();
    let mut g = empty_game(rules_with(road.clone(), rivers, &[]), 2, &[]);
    let p = put(&mut g, "p-i", unit_hex);
    put(&mut g, "a-i", a_hex);
    supply_phase(&mut g);
    assert!(!oos(&g, p), "the river keeps the ZOC off the road");

    // rule 3.2: an opposing unit negates the ZOC in its hex (an HQ too)
    let mut g = empty_game(rules_with(road, vec![], &[]), 2, &[]);
    let p = put(&mut g, "p-i", unit_hex);
    put(&mut g, "a-i", a_hex);
    let negators = ["p-ii", "p-hq-1", "p-iii"];
    for (h, n) in zoc_hexes.iter().zip(negators) {
        put(&mut g, n, *h);
    }
    supply_phase(&mut g);
    assert!(!oos(&g, p), "friendly units on the road negate the ZOC");
}

// rule 3.2, 9.3: HQs and garrisons exert no ZOC: an Austrian HQ next to the road does
// not cut it.
#[test]
fn hq_and_garrison_exert_no_zoc() {
    let road = vec![column_road(25, 1, 12)];
    let mut g = empty_game(rules_with(road, vec![], &[]), 2, &[]);
    let p = put(&mut g, "p-i", Coord::new(25, 15));
    put(&mut g, "a-hq-north", Coord::new(26, 6));
    put(&mut g, "a-g-1", Coord::new(24, 8));
    supply_phase(&mut g);
    assert!(!oos(&g, p));
}

// rule 8.9: units in a friendly-controlled fortress are always in supply, even far from
// every source and surrounded; not in a fortress the enemy controls.
#[test]
fn friendly_fortress_always_supplied() {
    let mut g = empty_game(rules(), 2, &[]);
    let josefstadt = c("2406");
    let a = put(&mut g, "a-i", josefstadt);
    let ring: Vec<Coord> = g.rules.map.hex.neighbors(josefstadt).map(|x| x.1).collect();
    for (h, n) in ring.iter().zip(PRUSSIAN_CORPS) {
        put(&mut g, n, *h);
    }
    supply_phase(&mut g);
    assert!(!oos(&g, a), "in Austrian-controlled Josefstadt: supplied");
    assert!(judged(&g, Side::Austria, josefstadt));
    // the same hex under Prussian control
    let i = g
        .rules
        .map
        .places
        .iter()
        .position(|p| p.hex == josefstadt)
        .unwrap();
    g.st.g.control[i] = Side::Prussia;
    supply_phase(&mut g);
    assert!(oos(&g, a), "an enemy-controlled fortress gives no supply");
}

// rule 5.1: a source stops functioning while an enemy unit exerts an un-negated ZOC into
// it (or occupies it) and resumes in a later Supply Phase once free.
#[test]
fn source_blocked_by_enemy_zoc_then_resumes() {
    let mut g = empty_game(rules(), 2, &[]);
    let h1007 = c("1007");
    let p = put(&mut g, "p-i", c("1009"));
    let a = put(&mut g, "a-i", c("1006"));
    supply_phase(&mut g);
    let map = supply::supplied_hexes(&g.rules, &g.st);
    assert!(!map.sources[Side::Prussia.idx()].contains(&h1007));
    assert!(oos(&g, p), "1007 in the Austrian ZOC does not function");
    // occupied by the enemy
    g.st.units[a as usize].hex = Some(h1007);
    supply_phase(&mut g);
    assert!(oos(&g, p), "1007 occupied by the enemy does not function");
    // free again
    g.st.units[a as usize].hex = Some(Coord::new(30, 15));
    supply_phase(&mut g);
    assert!(!oos(&g, p), "1007 functions again once free");
    let map = supply::supplied_hexes(&g.rules, &g.st);
    assert!(map.sources[Side::Prussia.idx()].contains(&h1007));
}

// rule 5.4, 4.1: isolated units surrender only when already Out of Supply from the
// previous turn AND surrounded; 14.0: their CF in Loss Points (1 VP each to the enemy);
// 6.3: an HQ with them surrenders too (4 VP).
#[test]
fn isolation_surrender_only_on_the_second_supply_phase() {
    let mut g = empty_game(rules(), 2, &[]);
    let x = Coord::new(20, 10);
    let a = put(&mut g, "a-i", x);
    let hq = put(&mut g, "a-hq-iser", x);
    let ring: Vec<Coord> = g.rules.map.hex.neighbors(x).map(|x| x.1).collect();
    assert_eq!(ring.len(), 6);
    for (h, n) in ring.iter().zip(PRUSSIAN_CORPS) {
        put(&mut g, n, *h);
    }
    supply_phase(&mut g);
    assert!(oos(&g, a) && g.st.units[a as usize].gone.is_none());
    assert_eq!(g.st.g.lp, [0, 0], "first turn out of supply: no surrender");
    supply_phase(&mut g);
    assert_eq!(
        g.st.units[a as usize].gone,
        Some(Fate::Eliminated),
        "second turn out of supply and surrounded: surrenders"
    );
    assert_eq!(g.st.units[hq as usize].gone, Some(Fate::Eliminated));
    let cf = g.rules.units[a as usize].cf;
    assert_eq!(g.st.g.lp[Side::Austria.idx()], cf);
    assert_eq!(g.st.g.vp[Side::Prussia.idx()], cf + 4);
}

// rule 5.4: surrounded means every adjacent hex enemy-occupied or in un-negated enemy
// ZOC: one free neighbour, and the unit only stays Out of Supply.
#[test]
fn not_surrounded_no_surrender() {
    let mut g = empty_game(rules(), 2, &[]);
    let x = Coord::new(20, 10);
    let a = put(&mut g, "a-i", x);
    // five of the six neighbours occupied; the sixth (north) is in the ZOC of the
    // Prussians on either side of it but an Austrian HQ stands there and negates it
    let north = x.neighbor(Dir::N);
    let ring: Vec<Coord> = g
        .rules
        .map
        .hex
        .neighbors(x)
        .map(|x| x.1)
        .filter(|&h| h != north)
        .collect();
    for (h, n) in ring.iter().zip(PRUSSIAN_CORPS) {
        put(&mut g, n, *h);
    }
    put(&mut g, "a-hq-north", north);
    supply_phase(&mut g);
    supply_phase(&mut g);
    assert!(oos(&g, a));
    assert_eq!(g.st.units[a as usize].gone, None);
    // the HQ leaves: now surrounded by ZOC, it surrenders at the next Supply Phase
    g.st.units[id(&g.rules, "a-hq-north") as usize].hex = Some(Coord::new(2, 17));
    supply_phase(&mut g);
    assert_eq!(g.st.units[a as usize].gone, Some(Fate::Eliminated));
}

// rule 5.5: from turn 8 the Prussian player may declare forage supply in the Supply
// Phase: Austria gains 15 VP; Prussian units in Austria are then supplied without a
// line, except surrounded ones (5.4).
#[test]
fn forage_supply() {
    for declare in [true, false] {
        let mut g = empty_game(rules(), 8, &[]);
        g.st.g.step = Step::Forage;
        let deep = put(&mut g, "p-i", Coord::new(20, 12));
        let x = Coord::new(10, 12);
        let cut = put(&mut g, "p-ii", x);
        let ring: Vec<Coord> = g.rules.map.hex.neighbors(x).map(|x| x.1).collect();
        for (h, n) in ring.iter().zip(AUSTRIAN_CORPS) {
            put(&mut g, n, *h);
        }
        put(&mut g, "p-iii", Coord::new(20, 3)); // in Prussia (rows 1-4): traces normally
        g.apply(&SdCommand::Forage(declare)).unwrap();
        assert_eq!(g.st.g.forage, declare);
        assert_eq!(g.st.g.vp[Side::Austria.idx()], if declare { 15 } else { 0 });
        assert_eq!(
            oos(&g, deep),
            !declare,
            "deep in Austria (forage {declare})"
        );
        assert!(oos(&g, cut), "surrounded: no forage supply");
        // the operations begin after the Supply Phase
        assert_eq!(g.st.g.step, Step::Activate);
    }
}

// 4.1 and the overlay: whole-map supply for both sides in one search per side; the
// figure for docs/PERFORMANCE.md is measured in release (this test bounds it loosely).
#[test]
fn whole_map_supply_is_fast() {
    let mut g = G::new(real_rules(), 3);
    g.apply(&SdCommand::PlaceRest).unwrap();
    g.apply(&SdCommand::EndSetup).unwrap();
    g.apply(&SdCommand::PlaceRest).unwrap();
    g.apply(&SdCommand::EndSetup).unwrap();
    let n = 200;
    let t = std::time::Instant::now();
    let mut k = 0;
    for _ in 0..n {
        let m = supply::supplied_hexes(&g.rules, &g.st);
        k += m.judged[0].iter().filter(|&&b| b).count();
    }
    let per = t.elapsed().as_secs_f64() * 1000.0 / n as f64;
    eprintln!("supplied_hexes: {per:.4} ms per whole map ({k})");
    assert!(per < if cfg!(debug_assertions) { 20.0 } else { 1.0 });
}

// rule 3.2: ZOCs do not extend into enemy-controlled fortresses nor out of besieged
// fortresses.
#[test]
fn zoc_not_into_enemy_fortress_nor_out_of_besieged() {
    use feldzug::games::sadowa::movement::in_enemy_zoc;
    let josefstadt = c("2406");
    let next = josefstadt.neighbor(Dir::S);
    // an Austrian corps next to Josefstadt: its ZOC reaches the fortress while Austria
    // controls it, not once Prussia does
    let mut g = empty_game(rules(), 2, &[]);
    put(&mut g, "a-i", next);
    assert!(in_enemy_zoc(&g.rules, &g.st, josefstadt, Side::Austria));
    let i = g
        .rules
        .map
        .places
        .iter()
        .position(|p| p.hex == josefstadt)
        .unwrap();
    g.st.g.control[i] = Side::Prussia;
    assert!(!in_enemy_zoc(&g.rules, &g.st, josefstadt, Side::Austria));
    // an Austrian corps inside Josefstadt: ZOC around it until the Prussians besiege it
    let mut g = empty_game(rules(), 2, &[]);
    put(&mut g, "a-i", josefstadt);
    assert!(in_enemy_zoc(&g.rules, &g.st, next, Side::Austria));
    g.st.g.sieges.push(Siege {
        fortress: josefstadt,
        by: Side::Prussia,
        level: 0,
        new: false,
        besiegers: Vec::new(),
    });
    assert!(!in_enemy_zoc(&g.rules, &g.st, next, Side::Austria));
}
