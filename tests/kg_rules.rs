//! Königgrätz rule cases on small hand-made boards. Each test names its case.

use feldzug::engine::board::BoardDef;
use feldzug::engine::hexmap::{Coord, Dir, HexMapDef, SideKind, Terrain};
use feldzug::engine::scenarios::ScenarioMeta;
use feldzug::games::koniggratz::PureGame;
use feldzug::games::koniggratz::combat;
use feldzug::games::koniggratz::data::*;
use feldzug::games::koniggratz::rules::{self, View};
use feldzug::games::koniggratz::state::*;
use std::sync::Arc;

pub fn c(s: &str) -> Coord {
    Coord::parse(s).unwrap()
}

pub struct B {
    pub rows: Vec<String>,
    pub sides: Vec<(Coord, Dir, SideKind, bool)>,
    pub roads: Vec<Vec<Coord>>,
    pub units: Vec<UnitDef>,
    pub entries: Vec<(char, Coord)>,
}

pub fn board(cols: usize, rows: usize) -> B {
    B {
        rows: vec![".".repeat(cols); rows],
        sides: vec![],
        roads: vec![],
        units: vec![],
        entries: vec![('A', Coord::new(1, 1))],
    }
}

impl B {
    pub fn terrain(mut self, at: &str, ch: char) -> Self {
        let c = c(at);
        let mut row: Vec<char> = self.rows[(c.row - 1) as usize].chars().collect();
        row[(c.col - 1) as usize] = ch;
        self.rows[(c.row - 1) as usize] = row.into_iter().collect();
        self
    }
    pub fn side(mut self, at: &str, d: Dir, k: SideKind, bridge: bool) -> Self {
        self.sides.push((c(at), d, k, bridge));
        self
    }
    pub fn unit(mut self, id: &str, side: Side, kind: Kind, at: &str, er: u8) -> Self {
        let army = if side == Side::Austria {
            "north"
        } else {
            "first"
        };
        self.units.push(UnitDef {
            id: id.into(),
            name: id.into(),
            side,
            army: army.into(),
            kind,
            er,
            start: Some(c(at)),
            start_march: false,
            entry: None,
            note: String::new(),
        });
        self
    }
    pub fn reinforcement(mut self, id: &str, side: Side, er: u8, turn: u8, letter: char) -> Self {
        let army = if side == Side::Austria {
            "north"
        } else {
            "first"
        };
        self.units.push(UnitDef {
            id: id.into(),
            name: id.into(),
            side,
            army: army.into(),
            kind: Kind::Infantry,
            er,
            start: None,
            // as in scenarios/koniggratz.ron: the counter's side comes from 4.2a, not the file
            start_march: false,
            entry: Some(Entry { turn, hex: letter }),
            note: String::new(),
        });
        self
    }
    pub fn rules(self) -> Arc<KgRules> {
        let cols = self.rows[0].len() as i32;
        let file = KgScenarioFile {
            meta: ScenarioMeta {
                id: "test".into(),
                game: "koniggratz".into(),
                name: "test".into(),
                description: String::new(),
                reconstructed: vec![],
                hidden: true,
            },
            board: BoardDef::Hex(HexMapDef {
                cols,
                rows: self.rows.len() as i32,
                terrain_rows: self.rows,
                legend: vec![
                    ('.', Terrain::Clear),
                    ('w', Terrain::Woods),
                    ('t', Terrain::Town),
                    ('W', Terrain::WoodedTown),
                ],
                hexsides: self.sides,
                roads: self.roads,
                labels: vec![],
                elevation_rows: vec![],
                paths: vec![],
                railways: vec![],
            }),
            entry_hexes: self.entries,
            armies: vec![
                ArmyDef {
                    id: "north".into(),
                    name: "North".into(),
                    side: Side::Austria,
                    colour: (255, 255, 255),
                    arrives: 0,
                },
                ArmyDef {
                    id: "first".into(),
                    name: "First".into(),
                    side: Side::Prussia,
                    colour: (200, 0, 0),
                    arrives: 0,
                },
            ],
            hqs: vec![
                HqDef {
                    id: "a".into(),
                    name: "A".into(),
                    side: Side::Austria,
                    armies: vec!["north".into()],
                    range_normal: 20,
                    range_battle: 3,
                    er: 1,
                    placement_radius: 5,
                },
                HqDef {
                    id: "p".into(),
                    name: "P".into(),
                    side: Side::Prussia,
                    armies: vec!["first".into()],
                    range_normal: 20,
                    range_battle: 3,
                    er: 1,
                    placement_radius: 3,
                },
            ],
            units: self.units,
            options: KgOptions::default(),
            variants: vec![],
            start_turn: 1,
            hq_start: vec![],
        };
        Arc::new(KgRules::from_file(file, &[]).unwrap())
    }
}

/// A game put straight into a step, with no HQs on the map.
pub fn game_at(rules: Arc<KgRules>, step: Step, to_move: Side) -> PureGame {
    let mut g = PureGame::new(rules, 1);
    g.st.g.step = step;
    g.st.g.to_move = to_move;
    g.st.g.pending.clear();
    g.st.g.passed = [false; 2];
    g.st.g.cap = None;
    g.st.g.bombard = None;
    for h in g.st.hqs.iter_mut() {
        *h = HqState::default();
    }
    g
}

fn dests(g: &PureGame, u: UnitId) -> Vec<Coord> {
    let v = View::new(&g.rules, &g.st);
    rules::destinations(&g.rules, &g.st, &v, u)
        .into_keys()
        .collect()
}

#[test]
fn rule_3_1_1_march_and_battle_allowances() {
    // rule 3.1.1: March MA 4, Battle MA 1
    let r = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "1212", 0)
        .rules();
    let mut g = game_at(r, Step::Movement, Side::Prussia);
    let d = dests(&g, 0);
    assert_eq!(d.len(), 6, "1 hex in Battle formation: {d:?}");
    let mut battle = g.clone();
    assert!(battle.apply(&mv(0, "0604")).is_err());
    battle.apply(&mv(0, "0605")).unwrap();
    g.st.units[0].march = true;
    let mut g2 = g.clone();
    assert!(g2.apply(&mv(0, "0601")).is_err(), "5 hexes");
    g.apply(&mv(0, "0602")).unwrap();
}

#[test]
fn rule_3_1_2_cavalry_fresh_6_exhausted_4() {
    // rule 3.1.2: fresh MA 6, exhausted MA 4
    let r = board(16, 16)
        .unit("c", Side::Prussia, Kind::Cavalry, "0808", 0)
        .unit("a", Side::Austria, Kind::Infantry, "1616", 0)
        .rules();
    let mut g = game_at(r, Step::Movement, Side::Prussia);
    let mut tired = g.clone();
    assert!(g.clone().apply(&mv(0, "0801")).is_err(), "7 hexes");
    g.apply(&mv(0, "0802")).unwrap();
    tired.st.units[0].exhausted = true;
    assert!(tired.clone().apply(&mv(0, "0803")).is_err(), "5 hexes");
    tired.apply(&mv(0, "0804")).unwrap();
}

#[test]
fn rule_3_7_unit_in_ezoc_cannot_move_and_entering_stops() {
    let r = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0605", 0)
        .rules();
    let mut g = game_at(r.clone(), Step::Movement, Side::Prussia);
    assert!(dests(&g, 0).is_empty());
    let e = g.apply(&mv(0, "0607")).unwrap_err();
    assert_eq!(e.rule, "3.7", "{e}");
    // rule 3.7: entering an EZOC ends the move: fresh cavalry (which ignores the EZOI,
    // 4.2c) never passes through an EZOC hex, and once in one it cannot move on.
    let r = board(12, 12)
        .unit("k", Side::Prussia, Kind::Cavalry, "0608", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0605", 0)
        .rules();
    let g = game_at(r, Step::Movement, Side::Prussia);
    let v = View::new(&g.rules, &g.st);
    let d = rules::destinations(&g.rules, &g.st, &v, 0);
    assert!(d.contains_key(&c("0606")));
    assert!(
        d.values()
            .all(|o| o.path[..o.path.len() - 1].iter().all(|h| !v.in_ezoc(
                &g.rules.map,
                Side::Prussia,
                *h
            )))
    );
    let mut g2 = g.clone();
    g2.apply(&mv(0, "0606")).unwrap();
    assert!(dests(&g2, 0).is_empty(), "stopped for the phase");
}

#[test]
fn rule_3_8_entering_ezoi_stops_and_forces_battle_formation() {
    let r = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0610", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0604", 0)
        .rules();
    let mut g = game_at(r, Step::Movement, Side::Prussia);
    g.st.units[0].march = true;
    let d = dests(&g, 0);
    // 0606 is two hexes from the Austrian: in its ZOI; cannot go beyond
    assert!(d.contains(&c("0606")));
    assert!(!d.contains(&c("0605")));
    g.apply(&KgCommand::Move {
        unit: 0,
        to: c("0606"),
    })
    .unwrap();
    assert!(
        !g.st.units[0].march,
        "March infantry entering an EZOI flips to Battle (3.8)"
    );
}

#[test]
fn rule_3_9_1_swamp_hexside_cost_battle_ban_and_zone_block() {
    let r = board(12, 12)
        .side("0606", Dir::N, SideKind::Swamp, false)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0604", 0)
        .rules();
    let mut g = game_at(r, Step::Movement, Side::Prussia);
    // Battle formation may not cross the swamp
    assert!(!dests(&g, 0).contains(&c("0605")));
    g.st.units[0].march = true;
    // 1 + 2 = 3 MP to cross straight into 0605 (next to the enemy; the ways round go
    // through its ZOI, where a marching unit stops)
    let v = View::new(&g.rules, &g.st);
    let d = rules::destinations(&g.rules, &g.st, &v, 0);
    assert_eq!(d[&c("0605")].path, vec![c("0605")]);
    assert_eq!(d[&c("0605")].cost_half, 6);
    g.clone().apply(&mv(0, "0605")).unwrap();
    // swamp blocks ZOC: attack across swamp refused
    g.st.units[1].loc = Loc::Map(c("0605"));
    let v = View::new(&g.rules, &g.st);
    assert!(!v.in_ezoc(&g.rules.map, Side::Prussia, c("0606")));
    let why = combat::attack_refusal(&g.rules, &g.st, &v, 0, 1).unwrap();
    assert_eq!(why.0, "3.9.1");
}

#[test]
fn rule_3_9_2_bridge_costs_one_blocks_zones_and_gives_minus_two() {
    let r = board(12, 12)
        .side("0606", Dir::N, SideKind::Swamp, true)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0605", 0)
        .rules();
    let g = game_at(r, Step::Attack, Side::Prussia);
    let v = View::new(&g.rules, &g.st);
    assert!(
        !v.in_ezoc(&g.rules.map, Side::Prussia, c("0606")),
        "ZOC does not cross a bridge"
    );
    assert!(
        combat::attack_refusal(&g.rules, &g.st, &v, 0, 1).is_none(),
        "attacks across a bridge are allowed"
    );
    let (am, _) = combat::modifiers(&g.rules, &g.st, 0, 1);
    assert!(am.iter().any(|d| d.rule == "3.9.2" && d.value == -2));
    assert_eq!(
        rules::hexside_extra_half(g.rules.map.side(c("0606"), c("0605")), false),
        Some(2)
    );
}

#[test]
fn rule_3_9_3_road_bonus_needs_a_whole_move_on_road_in_march() {
    let mut b = board(12, 12).unit("p", Side::Prussia, Kind::Infantry, "0611", 0);
    b.roads
        .push((1..=11).rev().map(|r| Coord::new(6, r)).collect());
    let mut g = game_at(b.rules(), Step::Movement, Side::Prussia);
    g.st.units[0].march = true;
    let v = View::new(&g.rules, &g.st);
    let d = rules::destinations(&g.rules, &g.st, &v, 0);
    assert!(d[&c("0603")].road, "8 road hexes for 4 MP");
    assert_eq!(d[&c("0603")].cost_half, 8);
    assert!(!d.contains_key(&c("0602")));
    // off the road the bonus is lost
    assert!(!d[&c("0511")].road);
}

#[test]
fn rule_3_9_5_minor_river_costs_one_and_helps_the_defender() {
    let r = board(12, 12)
        .side("0606", Dir::N, SideKind::MinorRiver, false)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0605", 0)
        .rules();
    let g = game_at(r, Step::Attack, Side::Prussia);
    let v = View::new(&g.rules, &g.st);
    assert!(
        v.in_ezoc(&g.rules.map, Side::Prussia, c("0606")),
        "ZOC passes minor rivers"
    );
    let (_, dm) = combat::modifiers(&g.rules, &g.st, 0, 1);
    assert!(dm.iter().any(|d| d.rule == "3.9.5" && d.value == 1));
}

#[test]
fn rule_3_9_6_major_river_cannot_be_crossed() {
    let r = board(12, 12)
        .side("0606", Dir::N, SideKind::MajorRiver, false)
        .unit("p", Side::Prussia, Kind::Cavalry, "0606", 0)
        .rules();
    let g = game_at(r, Step::Movement, Side::Prussia);
    let v = View::new(&g.rules, &g.st);
    let d = rules::destinations(&g.rules, &g.st, &v, 0);
    assert_eq!(
        rules::hexside_extra_half(g.rules.map.side(c("0606"), c("0605")), true),
        None
    );
    assert!(d[&c("0605")].path.len() > 1, "only around the river end");
}

#[test]
fn rule_3_9_7_and_3_9_8_town_and_woods() {
    let r = board(12, 12)
        .terrain("0605", 't')
        .terrain("0607", 'w')
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0605", 0)
        .unit("b", Side::Austria, Kind::Infantry, "0607", 0)
        .rules();
    let g = game_at(r, Step::Attack, Side::Prussia);
    let (_, dm) = combat::modifiers(&g.rules, &g.st, 0, 1);
    assert!(dm.iter().any(|d| d.rule == "3.9.7" && d.value == 2));
    let (_, dm) = combat::modifiers(&g.rules, &g.st, 0, 2);
    assert!(dm.iter().any(|d| d.rule == "3.9.8" && d.value == 1));
    assert_eq!(rules::hex_cost_half(Terrain::Woods), 4);
}

#[test]
fn rule_3_10_no_stacking() {
    let r = board(12, 12)
        .unit("p", Side::Prussia, Kind::Cavalry, "0606", 0)
        .unit("q", Side::Prussia, Kind::Infantry, "0605", 0)
        .rules();
    let mut g = game_at(r, Step::Movement, Side::Prussia);
    assert!(!dests(&g, 0).contains(&c("0605")));
    let e = g
        .apply(&KgCommand::Move {
            unit: 0,
            to: c("0605"),
        })
        .unwrap_err();
    assert_eq!(e.rule, "3.10");
}

#[test]
fn rule_3_4_2_and_6_2_support_modifiers_and_cavalry_exhaustion() {
    let r = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0605", 0)
        .unit("p2", Side::Prussia, Kind::Infantry, "0505", 0)
        .unit("pc", Side::Prussia, Kind::Cavalry, "0705", 0)
        .unit("ac", Side::Austria, Kind::Cavalry, "0604", 0)
        .rules();
    let mut g = game_at(r, Step::Attack, Side::Prussia);
    let (am, dm) = combat::modifiers(&g.rules, &g.st, 0, 1);
    assert!(
        am.iter().any(|d| d.rule == "3.4.2" && d.value == 1),
        "{am:?}"
    );
    assert!(am.iter().any(|d| d.rule == "6.2" && d.value == 1));
    assert!(dm.iter().any(|d| d.rule == "6.2" && d.value == 1));
    g.dice.script([3, 3]);
    g.apply(&KgCommand::Attack {
        attacker: 0,
        defender: 1,
    })
    .unwrap();
    g.apply(&KgCommand::Artillery { support: false }).unwrap();
    g.apply(&KgCommand::Artillery { support: false }).unwrap();
    // 4.3f: both supporting cavalry units are exhausted
    assert!(g.st.units[3].exhausted && g.st.units[4].exhausted);
}

#[test]
fn rule_3_4_cavalry_attacks_only_cavalry_or_by_deathride() {
    let r = board(12, 12)
        .unit("pc", Side::Prussia, Kind::Cavalry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0605", 0)
        .rules();
    let mut g = game_at(r, Step::Attack, Side::Prussia);
    assert!(combat::is_deathride(&g.rules, 0, 1));
    // 3.4.1: a failed charge eliminates the cavalry
    g.dice.script([1, 6]);
    g.apply(&KgCommand::Attack {
        attacker: 0,
        defender: 1,
    })
    .unwrap();
    // cavalry cannot have artillery (6.2), Austria chooses
    g.apply(&KgCommand::Artillery { support: false }).unwrap();
    assert_eq!(g.st.units[0].loc, Loc::Eliminated);
}

#[test]
fn rule_3_4_1_successful_deathride_costs_2_ap_and_blows_the_cavalry() {
    let r = board(12, 12)
        .unit("pc", Side::Prussia, Kind::Cavalry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0605", 0)
        .rules();
    let mut g = game_at(r, Step::Attack, Side::Prussia);
    let ap = g.st.g.ap[0];
    g.dice.script([6, 1]);
    g.apply(&KgCommand::Attack {
        attacker: 0,
        defender: 1,
    })
    .unwrap();
    g.apply(&KgCommand::Artillery { support: false }).unwrap();
    assert_eq!(g.st.g.ap[0], ap - 2);
    assert_eq!(g.st.units[0].loc, Loc::Blown(3));
    assert_eq!(g.st.units[1].loc, Loc::Eliminated, "differential 5");
}

#[test]
fn rule_4_3c_artillery_duel_ties_and_4_3d_bad_ammunition() {
    let r = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0605", 0)
        .rules();
    assert_eq!(combat::duel_tie_winner(&r, 4), Side::Austria);
    assert_eq!(combat::duel_tie_winner(&r, 5), Side::Prussia);
    let mut g = game_at(r, Step::Attack, Side::Prussia);
    let ap = g.st.g.ap;
    // duel 6 vs 6: tie to Austria on turn 1; both 6s cost the other side one more AP
    g.dice.script([6, 6, 3, 3]);
    g.apply(&KgCommand::Attack {
        attacker: 0,
        defender: 1,
    })
    .unwrap();
    g.apply(&KgCommand::Artillery { support: true }).unwrap();
    g.apply(&KgCommand::Artillery { support: true }).unwrap();
    assert_eq!(g.st.g.ap, [ap[0] - 2, ap[1] - 2]);
    // Austria won the duel: +2 for the defender: 3 vs 5 -> attacker retreats
    let last = g.dice.rolls.last().unwrap();
    assert_eq!(last.total, 5);
}

#[test]
fn rule_4_3_1_retreat_moves_three_hexes_away_or_is_blown() {
    let r = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0605", 0)
        .rules();
    let g = game_at(r.clone(), Step::Attack, Side::Prussia);
    let v = View::new(&g.rules, &g.st);
    let s = rules::retreat_search(&g.rules, &g.st, &v, 1, &[c("0606")], 3);
    assert!(s.ends.contains(&c("0602")));
    assert!(!s.ends.is_empty());
    assert!(s.ends.iter().all(|e| e.distance(c("0606")) == 4));
    // at the map edge nothing is farther: blown
    let r2 = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0602", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0601", 0)
        .rules();
    let mut g = game_at(r2, Step::Attack, Side::Prussia);
    g.dice.script([5, 3]);
    g.apply(&KgCommand::Attack {
        attacker: 0,
        defender: 1,
    })
    .unwrap();
    g.apply(&KgCommand::Artillery { support: false }).unwrap();
    g.apply(&KgCommand::Artillery { support: false }).unwrap();
    assert_eq!(g.st.units[1].loc, Loc::Blown(3));
    // 4.3.2: the attacker advances into the vacated hex
    assert_eq!(g.st.units[0].loc, Loc::Map(c("0601")));
}

#[test]
fn rule_4_3_3_blown_is_eliminated_on_turns_6_and_7() {
    let r = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0605", 0)
        .rules();
    let mut g = game_at(r, Step::Attack, Side::Prussia);
    g.st.g.turn = 6;
    g.dice.script([6, 2]);
    g.apply(&KgCommand::Attack {
        attacker: 0,
        defender: 1,
    })
    .unwrap();
    g.apply(&KgCommand::Artillery { support: false }).unwrap();
    g.apply(&KgCommand::Artillery { support: false }).unwrap();
    assert_eq!(g.st.units[1].loc, Loc::Eliminated);
}

#[test]
fn rule_4_3_5_pass_caps_the_other_sides_attacks() {
    let r = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0605", 0)
        .rules();
    let mut g = game_at(r, Step::Attack, Side::Prussia);
    g.dice.script([2]);
    g.apply(&KgCommand::Pass).unwrap();
    assert_eq!(g.st.g.cap, Some(2));
    assert_eq!(g.st.g.to_move, Side::Austria);
    assert_eq!(g.dice.rolls.last().unwrap().rule, "4.3.5");
}

#[test]
fn rule_4_2f_pass_caps_moves_with_modifiers() {
    let r = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0602", 0)
        .unit("b", Side::Austria, Kind::Infantry, "0610", 0)
        .rules();
    let mut g = game_at(r, Step::Movement, Side::Prussia);
    g.dice.script([1]);
    g.apply(&KgCommand::Pass).unwrap();
    // 1 + 2 Austrian units not in an EZOC
    assert_eq!(g.st.g.cap, Some(3));
}

#[test]
fn rule_4_2f_the_pass_range_shown_is_the_roll() {
    // rule 4.2f: the Turn panel shows 1d6 + the modifiers of `pass_cap_roll`; every die
    // gives exactly that cap.
    let r = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0602", 0)
        .unit("b", Side::Austria, Kind::Infantry, "0610", 0)
        .unit("c", Side::Austria, Kind::Infantry, "0605", 0)
        .rules();
    for die in 1..=6u8 {
        let mut g = game_at(r.clone(), Step::Movement, Side::Prussia);
        let (_, rule, mods) =
            feldzug::games::koniggratz::flow::pass_cap_roll(&g.rules, &g.st, Side::Prussia);
        assert_eq!(rule, "4.2f");
        let add: i32 = mods.iter().map(|m| m.1).sum();
        assert_eq!(
            add, 2,
            "two Austrians not in an EZOC (the third is next to p)"
        );
        g.dice.script([die]);
        g.apply(&KgCommand::Pass).unwrap();
        assert_eq!(g.st.g.cap, Some(die + 2));
    }
}

#[test]
fn rule_4_2a_reinforcements_first_lowest_er_first_and_no_pass() {
    let mut b = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .reinforcement("r1", Side::Prussia, 1, 1, 'A')
        .reinforcement("r0", Side::Prussia, 0, 1, 'A');
    b.entries = vec![('A', c("0110"))];
    let mut g = game_at(b.rules(), Step::Movement, Side::Prussia);
    let legal = g.legal();
    assert!(legal.contains(&KgCommand::Move {
        unit: 2,
        to: c("0110")
    }));
    assert!(
        legal
            .iter()
            .all(|cmd| matches!(cmd, KgCommand::Move { unit: 2, .. })),
        "{legal:?}"
    );
    assert!(!legal.contains(&KgCommand::Pass));
    let e = g
        .apply(&KgCommand::Move {
            unit: 0,
            to: c("0607"),
        })
        .unwrap_err();
    assert_eq!(e.rule, "4.2a");
}

#[test]
fn rule_4_2a_enemy_on_entry_hex_retreats() {
    let mut b = board(12, 12)
        .unit("a", Side::Austria, Kind::Infantry, "0110", 0)
        .reinforcement("r", Side::Prussia, 0, 1, 'A');
    b.entries = vec![('A', c("0110"))];
    let mut g = game_at(b.rules(), Step::Movement, Side::Prussia);
    let mut f = feldzug::games::koniggratz::flow::Game {
        rules: &g.rules.clone(),
        st: &mut g.st,
        dice: &mut g.dice,
        log: &mut g.log,
    };
    f.advance();
    assert!(matches!(
        g.st.g.pending.last(),
        Some(Pending::Retreat { unit: 0, .. })
    ));
}

#[test]
fn rule_4_2d_units_stay_in_command_range() {
    // rule 4.2d: HQ at 0808 in Battle mode (range 3).
    let r = board(16, 16)
        .unit("p", Side::Prussia, Kind::Infantry, "0808", 0)
        .unit("a", Side::Austria, Kind::Infantry, "1616", 0)
        .rules();
    let mut g = game_at(r, Step::Movement, Side::Prussia);
    g.st.units[0].march = true;
    g.st.hqs[1] = HqState {
        at: Some(c("0808")),
        battle: true,
        placed: true,
    };
    let d = dests(&g, 0);
    assert!(d.contains(&c("0805")) && !d.contains(&c("0804")), "{d:?}");
    let mut g2 = g.clone();
    let e = g2.apply(&mv(0, "0804")).unwrap_err();
    assert_eq!(e.rule, "4.2d", "{e}");
    // outside range: must move closer (0801 is 7 from 0808... the unit is 8 from 0801)
    g.st.hqs[1].at = Some(c("0801"));
    let mut g2 = g.clone();
    let e = g2.apply(&mv(0, "0809")).unwrap_err();
    assert_eq!(e.rule, "4.2d", "{e}");
    g.apply(&mv(0, "0805")).unwrap();
}

#[test]
fn rule_4_0b_hq_placement_radius_and_alternation() {
    // rule 4.0b: Prussia places first, then the sides alternate one HQ at a time; an HQ
    // goes within 3 hexes (5 for Benedek) of a unit of its command outside an EZOI.
    let r = board(16, 16)
        .unit("p", Side::Prussia, Kind::Infantry, "0808", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0303", 0)
        .rules();
    let mut rr = (*r).clone();
    for (id, side, army, radius) in [
        ("a2", Side::Austria, "north", 3),
        ("p2", Side::Prussia, "first", 3),
    ] {
        rr.hqs.push(HqDef {
            id: id.into(),
            name: id.into(),
            side,
            armies: vec![army.into()],
            range_normal: 20,
            range_battle: 3,
            er: 1,
            placement_radius: radius,
        });
    }
    // HQs: 0 a (Benedek's 5), 1 p, 2 a2, 3 p2
    let mut g = PureGame::new(Arc::new(rr), 1);
    assert_eq!(g.st.g.step, Step::HqPlacement);
    assert_eq!(g.st.g.to_move, Side::Prussia);
    let place = |hq: u8, at: &str| KgCommand::PlaceHq {
        hq,
        at: c(at),
        battle: false,
    };
    let e = g.apply(&place(0, "0303")).unwrap_err();
    assert_eq!(e.rule, "4.0b", "Austria does not start");
    let e = g.apply(&place(1, "0812")).unwrap_err();
    assert_eq!(e.rule, "4.0b", "4 hexes from the unit");
    g.apply(&place(1, "0811")).unwrap(); // 3 hexes
    assert_eq!(g.st.g.to_move, Side::Austria);
    let e = g.apply(&place(3, "0808")).unwrap_err();
    assert_eq!(e.rule, "4.0b", "one at a time, alternating");
    g.apply(&place(0, "0308")).unwrap(); // Benedek: 5 hexes
    assert_eq!(g.st.g.to_move, Side::Prussia);
    g.apply(&place(3, "0808")).unwrap();
    assert_eq!(g.st.g.to_move, Side::Austria);
    assert!(g.apply(&place(2, "0307")).is_err(), "4 hexes, radius 3");
    g.apply(&place(2, "0306")).unwrap();
    assert_ne!(g.st.g.step, Step::HqPlacement);
}

#[test]
fn rule_4_0b_hq_goes_anywhere_empty_when_every_unit_is_in_an_ezoi() {
    // rule 4.0b: "If this is not possible, an HQ may be placed on any empty hex".
    let r = board(16, 16)
        .unit("p", Side::Prussia, Kind::Infantry, "0808", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0806", 0)
        .rules();
    let mut g = PureGame::new(r, 1);
    g.apply(&KgCommand::PlaceHq {
        hq: 1,
        at: c("1515"),
        battle: true,
    })
    .unwrap();
    assert_eq!(g.st.hqs[1].at, Some(c("1515")));
}

#[test]
fn rule_4_0c_blown_units_return_next_to_hq_max_two_opponent_chooses() {
    let r = board(16, 16)
        .unit("p", Side::Prussia, Kind::Infantry, "0808", 0)
        .unit("a1", Side::Austria, Kind::Infantry, "0101", 0)
        .unit("a2", Side::Austria, Kind::Infantry, "0102", 0)
        .unit("a3", Side::Austria, Kind::Infantry, "0103", 0)
        .unit("a4", Side::Austria, Kind::Infantry, "0104", 0)
        .rules();
    let mut g = PureGame::new(r, 1);
    for u in 2..5 {
        g.st.units[u].loc = Loc::Blown(1);
    }
    // place HQs: Prussia then Austria
    g.apply(&KgCommand::PlaceHq {
        hq: 1,
        at: c("0808"),
        battle: false,
    })
    .unwrap();
    g.apply(&KgCommand::PlaceHq {
        hq: 0,
        at: c("0101"),
        battle: false,
    })
    .unwrap();
    assert_eq!(g.st.g.step, Step::BlownSelect(Side::Austria));
    let legal = g.legal();
    assert_eq!(legal.len(), 3, "{legal:?}");
    assert!(
        legal
            .iter()
            .all(|cmd| matches!(cmd, KgCommand::SelectReturning { .. }))
    );
    g.apply(&KgCommand::SelectReturning { unit: 2 }).unwrap();
    g.apply(&KgCommand::SelectReturning { unit: 3 }).unwrap();
    assert_eq!(g.st.units[4].loc, Loc::Eliminated);
    assert_eq!(g.st.g.step, Step::BlownReturn(Side::Austria));
    let legal = g.legal();
    assert!(legal.contains(&KgCommand::ReturnBlown {
        unit: 2,
        at: c("0201")
    }));
    assert!(legal.iter().all(|cmd| match cmd {
        KgCommand::ReturnBlown { at, .. } => at.distance(c("0101")) == 1,
        other => *other == KgCommand::Pass,
    }));
    g.apply(&KgCommand::ReturnBlown {
        unit: 2,
        at: c("0201"),
    })
    .unwrap();
    assert_eq!(g.st.units[2].loc, Loc::Map(c("0201")));
}

#[test]
fn rule_4_0d_and_6_3_bombardment_costs_one_ap_and_keeps_away_from_entry_hexes() {
    let r = board(16, 16)
        .unit("p", Side::Prussia, Kind::Infantry, "0808", 0)
        .unit("a", Side::Austria, Kind::Infantry, "1515", 0)
        .rules();
    let mut g = game_at(r, Step::Bombardment, Side::Austria);
    let legal = g.legal();
    assert!(
        !legal.contains(&KgCommand::PlaceBombardment { at: c("0102") }),
        "entry hex A is 0101"
    );
    assert!(
        !legal.contains(&KgCommand::PlaceBombardment { at: c("1515") }),
        "not on an Austrian unit"
    );
    let ap = g.st.g.ap[0];
    g.dice.script([6]);
    g.apply(&KgCommand::PlaceBombardment { at: c("0808") })
        .unwrap();
    assert_eq!(g.st.g.ap[0], ap - 1);
    // 6.3: a 6 blows the Prussian unit
    assert_eq!(g.st.units[0].loc, Loc::Blown(3));
}

#[test]
fn rule_6_3_bombardment_retreat_two_hexes() {
    let r = board(16, 16)
        .unit("p", Side::Prussia, Kind::Infantry, "0808", 0)
        .unit("a", Side::Austria, Kind::Infantry, "1515", 0)
        .rules();
    let mut g = game_at(r, Step::Bombardment, Side::Austria);
    g.dice.script([2]);
    g.apply(&KgCommand::PlaceBombardment { at: c("0808") })
        .unwrap();
    assert!(matches!(
        g.st.g.pending.last(),
        Some(Pending::Retreat { hexes: 2, .. })
    ));
    let legal = g.legal();
    let KgCommand::Retreat { to } = legal[0].clone() else {
        panic!("{legal:?}")
    };
    assert_eq!(to.distance(c("0808")), 2);
    g.apply(&legal[0]).unwrap();
    assert_eq!(g.st.units[0].loc, Loc::Map(to));
}

#[test]
fn rule_4_0a_cavalry_recovers_unless_in_ezoc_or_ezoi() {
    let r = board(16, 16)
        .unit("c1", Side::Prussia, Kind::Cavalry, "0303", 0)
        .unit("c2", Side::Prussia, Kind::Cavalry, "1212", 0)
        .unit("a", Side::Austria, Kind::Infantry, "1214", 0)
        .rules();
    let mut g = game_at(r, Step::Attack, Side::Prussia);
    g.st.units[0].exhausted = true;
    g.st.units[1].exhausted = true;
    g.st.g.passed = [true, false];
    g.apply(&KgCommand::Pass).unwrap();
    assert_eq!(g.st.g.turn, 2);
    assert!(!g.st.units[0].exhausted);
    assert!(g.st.units[1].exhausted, "in the Austrian ZOI");
}

#[test]
fn rule_4_0e_formation_organisation_and_exits() {
    let r = board(16, 16)
        .unit("p", Side::Prussia, Kind::Infantry, "0808", 0)
        .unit("q", Side::Prussia, Kind::Infantry, "0202", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0807", 0)
        .rules();
    let mut g = game_at(r, Step::Organize(Side::Prussia), Side::Prussia);
    let legal = g.legal();
    assert!(legal.contains(&KgCommand::FlipToMarch { unit: 1 }));
    assert!(
        !legal.contains(&KgCommand::FlipToMarch { unit: 0 }),
        "in an EZOC"
    );
    g.apply(&KgCommand::FlipToMarch { unit: 1 }).unwrap();
    // nothing else to flip on either side (the others are in an EZOC): straight to exits
    assert_eq!(g.st.g.step, Step::ExitEzoc);
    let legal = g.legal();
    let exit = legal
        .iter()
        .find(|c| matches!(c, KgCommand::ExitEzoc { unit: 0, .. }))
        .cloned()
        .unwrap_or_else(|| panic!("{legal:?} {:?}", g.st.g));
    g.apply(&exit).unwrap();
    // the Austrian unit is no longer in an EZOC either: on to movement (4.2)
    assert_eq!(g.st.g.step, Step::Movement);
}

#[test]
fn rule_6_1_new_prussian_army_adds_two_ap() {
    let mut b = board(12, 12).unit("p", Side::Prussia, Kind::Infantry, "0606", 0);
    b.units[0].army = "first".into();
    let r = b.rules();
    let mut rr = (*r).clone();
    rr.armies[1].arrives = 2;
    let r = Arc::new(rr);
    let mut g = game_at(r, Step::Attack, Side::Prussia);
    g.st.g.passed = [true, false];
    let ap = g.st.g.ap[1];
    g.apply(&KgCommand::Pass).unwrap();
    assert_eq!(g.st.g.ap[1], ap + 2);
}

#[test]
fn rule_7_0_victory_points_with_er_and_ties_to_austria() {
    let r = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 2)
        .unit("a", Side::Austria, Kind::Infantry, "0101", 0)
        .rules();
    let mut g = game_at(r, Step::Attack, Side::Prussia);
    g.st.units[0].loc = Loc::Eliminated;
    let vp = feldzug::games::koniggratz::flow::victory_points(&g.rules, &g.st);
    assert_eq!(vp, [3, 0]);
    g.st.units[0].loc = Loc::Map(c("0606"));
    g.st.g.turn = 7;
    g.st.g.passed = [true, false];
    g.apply(&KgCommand::Pass).unwrap();
    assert_eq!(g.st.g.step, Step::GameOver);
    assert_eq!(
        g.st.g.winner,
        Some(Side::Austria),
        "0-0 tie goes to Austria"
    );
}

#[test]
fn odds_sum_to_one_and_match_the_differential_table() {
    let r = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0605", 0)
        .rules();
    let g = game_at(r, Step::Attack, Side::Prussia);
    for (a, d) in [(false, false), (true, false), (false, true), (true, true)] {
        let o = combat::odds(&g.rules, &g.st, 0, 1, a, d);
        let total = o.stalemate + o.defender.iter().sum::<f64>() + o.attacker.iter().sum::<f64>();
        assert!((total - 1.0).abs() < 1e-9);
    }
    let o = combat::odds(&g.rules, &g.st, 0, 1, false, false);
    assert!((o.stalemate - 6.0 / 36.0).abs() < 1e-9);
    assert!(
        (o.defender[2] - 1.0 / 36.0).abs() < 1e-9,
        "only 6-1 gives +5"
    );
}

#[test]
fn refusals_explain_themselves() {
    let r = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0605", 0)
        .rules();
    let mut g = game_at(r, Step::Movement, Side::Prussia);
    let e = g
        .apply(&KgCommand::Attack {
            attacker: 0,
            defender: 1,
        })
        .unwrap_err();
    assert!(!e.reason.is_empty());
    let e = g
        .apply(&KgCommand::Move {
            unit: 999,
            to: c("9999"),
        })
        .unwrap_err();
    assert!(!e.reason.is_empty());
}

/// Plays on until `until` holds: Pass when it is legal, else the first legal command.
pub fn play_until(g: &mut PureGame, until: impl Fn(&PureGame) -> bool) {
    for _ in 0..500 {
        if until(g) {
            return;
        }
        let legal = g.legal();
        let cmd = if legal.contains(&KgCommand::Pass) {
            KgCommand::Pass
        } else {
            legal
                .first()
                .cloned()
                .unwrap_or_else(|| panic!("no legal command in {:?}", g.st.g))
        };
        g.apply(&cmd).unwrap();
    }
    panic!("condition not reached: {:?}", g.st.g);
}

/// Column 6 to column 7 is a swamp hexside on every row (optionally a bridge at 0606 NE).
fn swamp_line(b: B, bridge_at_0606: bool) -> B {
    side_line(b, SideKind::Swamp, bridge_at_0606)
}

/// Every hexside between columns 6 and 7 (rows 1-12) is `kind`; a bridge at 0606/0706
/// if asked.
pub fn side_line(b: B, kind: SideKind, bridge_at_0606: bool) -> B {
    let mut b = b;
    for r in 1..=12 {
        let at = format!("06{r:02}");
        let br = bridge_at_0606 && r == 6;
        b = b
            .side(&at, Dir::NE, kind, br)
            .side(&at, Dir::SE, kind, false);
    }
    b
}

fn mv(unit: UnitId, to: &str) -> KgCommand {
    KgCommand::Move { unit, to: c(to) }
}

#[test]
fn rule_4_2a_reinforcements_enter_march_side_up() {
    // rule 4.2a: the March side of a reinforcement carries its entry; it enters with MA 4
    // (3.1.1) and pays for the entry hex: 0110 (1) + 3 more hexes = 4 MP.
    let mut b = board(12, 12)
        .unit("a", Side::Austria, Kind::Infantry, "1201", 0)
        .reinforcement("r", Side::Prussia, 0, 1, 'A');
    b.entries = vec![('A', c("0110"))];
    let mut g = game_at(b.rules(), Step::Movement, Side::Prussia);
    assert!(
        g.apply(&mv(1, "0510")).is_err(),
        "4 hexes after the entry hex is 5 MP"
    );
    g.apply(&mv(1, "0410")).unwrap();
    assert!(g.st.units[1].march, "still March side up after entering");
    // the real scenario: every infantry reinforcement waits March side up
    let src = feldzug::engine::scenarios::find("koniggratz").unwrap();
    let rules = feldzug::games::koniggratz::load_rules(&src, &[]).unwrap();
    let g = PureGame::new(rules.clone(), 1);
    let reinf: Vec<usize> = (0..rules.units.len())
        .filter(|&i| rules.units[i].entry.is_some() && rules.units[i].kind == Kind::Infantry)
        .collect();
    assert!(reinf.len() >= 10, "{reinf:?}");
    for i in reinf {
        assert!(
            g.st.units[i].march,
            "{} waits in Battle formation",
            rules.units[i].id
        );
    }
}

#[test]
fn rule_3_9_1_swamp_costs_exactly_two_more_in_march() {
    // rule 3.9.1: +2 MP to cross a swamp hexside in March: 0706 costs 3, 0806 costs 4,
    // 0906 would cost 5.
    let r = swamp_line(board(12, 12), false)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "1212", 0)
        .rules();
    let mut g = game_at(r, Step::Movement, Side::Prussia);
    g.st.units[0].march = true;
    let v = View::new(&g.rules, &g.st);
    let d = rules::destinations(&g.rules, &g.st, &v, 0);
    assert_eq!(d[&c("0706")].cost_half, 6, "1 + 2 MP");
    let mut g2 = g.clone();
    let e = g2.apply(&mv(0, "0906")).unwrap_err();
    assert_eq!(e.rule, "4.2b", "{e}");
    g.apply(&mv(0, "0806")).unwrap();
    assert_eq!(g.st.units[0].loc, Loc::Map(c("0806")));
    // rule 3.9.1: Battle formation may not cross it
    let mut g = game_at(g.rules.clone(), Step::Movement, Side::Prussia);
    let e = g.apply(&mv(0, "0706")).unwrap_err();
    assert_eq!(e.rule, "3.9.1", "{e}");
}

#[test]
fn rule_3_9_2_bridge_crossing_costs_one_more_and_battle_formation_cannot_afford_it() {
    // rule 3.9.2: across the bridge 0606/0706 a March unit pays 1 + 1: 0906 costs 4 MP.
    let r = swamp_line(board(12, 12), true)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "1212", 0)
        .rules();
    let mut g = game_at(r.clone(), Step::Movement, Side::Prussia);
    g.st.units[0].march = true;
    let mut g2 = g.clone();
    assert!(g2.apply(&mv(0, "1006")).is_err(), "5 MP");
    g.apply(&mv(0, "0906")).unwrap();
    // rule 4.2b with 3.1.1: a unit never spends more than its MA; Battle formation (1 MP)
    // cannot pay the 2 MP of the bridge crossing (docs: 3.9.1 reading)
    let mut g = game_at(r, Step::Movement, Side::Prussia);
    assert!(g.apply(&mv(0, "0706")).is_err());
    assert_eq!(g.st.units[0].loc, Loc::Map(c("0606")));
}

#[test]
fn rule_4_2b_battle_formation_never_exceeds_one_mp() {
    // rule 4.2b: "can never exceed their listed MP": no minimum move of one hex, so Battle
    // infantry (MA 1) cannot enter woods (2, 3.9.8) nor cross a minor river (+1, 3.9.5).
    let r = board(12, 12)
        .terrain("0605", 'w')
        .side("0606", Dir::S, SideKind::MinorRiver, false)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "1212", 0)
        .rules();
    let mut g = game_at(r, Step::Movement, Side::Prussia);
    assert!(g.apply(&mv(0, "0605")).is_err(), "woods");
    assert!(g.apply(&mv(0, "0607")).is_err(), "minor river");
    g.apply(&mv(0, "0506")).unwrap();
}

#[test]
fn rule_3_9_3_no_road_bonus_after_normal_movement_in_the_same_phase() {
    // rule 3.9.3 / 4.2b: a unit cannot mix normal and road movement in one Movement Phase.
    let mut b = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0511", 0)
        .unit("a", Side::Austria, Kind::Infantry, "1201", 0);
    b.roads
        .push((1..=11).rev().map(|r| Coord::new(6, r)).collect());
    let mut g = game_at(b.rules(), Step::Movement, Side::Prussia);
    g.st.units[0].march = true;
    g.apply(&mv(0, "0611")).unwrap(); // off road: normal movement
    g.dice.script([6]);
    g.apply(&KgCommand::Pass).unwrap(); // Austria passes; Prussia may move again
    assert_eq!(g.st.g.to_move, Side::Prussia);
    // 6 road hexes would cost 3 MP with the bonus, 6 MP without
    let e = g.apply(&mv(0, "0605")).unwrap_err();
    assert_eq!(e.rule, "3.9.3", "{e}");
    g.apply(&mv(0, "0607")).unwrap(); // 4 hexes at 1 MP
}

#[test]
fn rule_3_9_3_no_normal_movement_after_road_movement_in_the_same_phase() {
    // rule 3.9.3 / 4.2b
    let mut b = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0611", 0)
        .unit("a", Side::Austria, Kind::Infantry, "1201", 0);
    b.roads
        .push((1..=11).rev().map(|r| Coord::new(6, r)).collect());
    let mut g = game_at(b.rules(), Step::Movement, Side::Prussia);
    g.st.units[0].march = true;
    g.apply(&mv(0, "0607")).unwrap(); // road movement, 2 MP
    g.dice.script([6]);
    g.apply(&KgCommand::Pass).unwrap();
    let e = g.apply(&mv(0, "0507")).unwrap_err();
    assert_eq!(e.rule, "3.9.3", "{e}");
    g.apply(&mv(0, "0603")).unwrap(); // on along the road
    // a new Movement Phase starts afresh
    assert!(g.st.g.road_moves.iter().any(|&(u, road)| u == 0 && road));
}

#[test]
fn rule_4_2d_command_range_holds_along_the_whole_path() {
    // rule 4.2d: no unit may move outside its HQ's range, not even in passing. HQ at 0808
    // in Battle mode (range 3); friendly units on 0906 and 0806 leave 0805 -> 1006 only the
    // way 0905-1005 (4 hexes from the HQ) within 4 MP.
    let r = board(16, 16)
        .unit("u", Side::Prussia, Kind::Infantry, "0805", 0)
        .unit("b1", Side::Prussia, Kind::Infantry, "0906", 0)
        .unit("b2", Side::Prussia, Kind::Infantry, "0806", 0)
        .unit("a", Side::Austria, Kind::Infantry, "1616", 0)
        .rules();
    let mut g = game_at(r, Step::Movement, Side::Prussia);
    g.st.units[0].march = true;
    g.st.hqs[1] = HqState {
        at: Some(c("0808")),
        battle: true,
        placed: true,
    };
    let mut wide = g.clone();
    wide.st.hqs[1].battle = false; // range 20: the same move is fine
    wide.apply(&mv(0, "1006")).unwrap();
    let e = g.apply(&mv(0, "1006")).unwrap_err();
    assert_eq!(e.rule, "4.2d", "{e}");
    let e = g.apply(&mv(0, "0905")).unwrap_err();
    assert_eq!(e.rule, "4.2d", "{e}");
    g.apply(&mv(0, "0706")).unwrap();
}

#[test]
fn rule_4_2d_a_unit_out_of_range_closes_in_with_every_hex() {
    // rule 4.2d: out of range, it must move closer; here it may not side-step first.
    let r = board(16, 16)
        .unit("u", Side::Prussia, Kind::Infantry, "0801", 0)
        .unit("a", Side::Austria, Kind::Infantry, "1616", 0)
        .rules();
    let mut g = game_at(r, Step::Movement, Side::Prussia);
    g.st.units[0].march = true;
    g.st.hqs[1] = HqState {
        at: Some(c("0809")),
        battle: true,
        placed: true,
    };
    let v = View::new(&g.rules, &g.st);
    let d = rules::destinations(&g.rules, &g.st, &v, 0);
    assert!(d.contains_key(&c("0805")), "{:?}", d.keys());
    for (to, o) in &d {
        let mut last = c("0801").distance(c("0809"));
        for h in &o.path {
            let dh = h.distance(c("0809"));
            assert!(dh < last || dh <= 3, "{to}: path {:?}", o.path);
            last = dh;
        }
    }
}

#[test]
fn rule_4_2c_exhausted_cavalry_stops_in_an_ezoi_fresh_cavalry_rides_through() {
    // rule 4.2c: 0608 is two hexes from the Austrian infantry on 0606 (its ZOI); 0607 is
    // next to it. From 0609 the short way to 0607 (and to 0806) goes through the ZOI.
    let r = board(12, 12)
        .unit("c", Side::Prussia, Kind::Cavalry, "0609", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0606", 0)
        .rules();
    let mut fresh = game_at(r, Step::Movement, Side::Prussia);
    let mut tired = fresh.clone();
    tired.st.units[0].exhausted = true;
    let e = tired.apply(&mv(0, "0607")).unwrap_err();
    assert_eq!(e.rule, "4.2b", "{e}");
    assert!(tired.apply(&mv(0, "0806")).is_err());
    fresh.apply(&mv(0, "0607")).unwrap();
    assert_eq!(fresh.st.units[0].loc, Loc::Map(c("0607")));
    // an exhausted unit may still enter the EZOI and stops there
    tired.apply(&mv(0, "0608")).unwrap();
}

#[test]
fn rule_4_0c_blown_units_may_stay_on_the_track_and_come_back_later() {
    // rule 4.0c: "may return": the owner declines with Pass; the unit stays available
    // and is offered again in the next Command Phase.
    let r = board(16, 16)
        .unit("p", Side::Prussia, Kind::Infantry, "0808", 0)
        .unit("a1", Side::Austria, Kind::Infantry, "0103", 0)
        .unit("a2", Side::Austria, Kind::Infantry, "0104", 0)
        .rules();
    let mut g = PureGame::new(r, 1);
    g.st.units[2].loc = Loc::Blown(1);
    play_until(&mut g, |g| g.st.g.step == Step::BlownReturn(Side::Austria));
    assert_eq!(g.st.g.returning, vec![2]);
    assert!(g.legal().contains(&KgCommand::Pass), "{:?}", g.legal());
    g.apply(&KgCommand::Pass).unwrap();
    assert_eq!(g.st.units[2].loc, Loc::Blown(1));
    assert_ne!(g.st.g.step, Step::BlownReturn(Side::Austria));
    play_until(&mut g, |g| {
        g.st.g.turn == 2 && g.st.g.step == Step::BlownReturn(Side::Austria)
    });
    assert_eq!(g.st.g.returning, vec![2]);
    let ret = g
        .legal()
        .into_iter()
        .find(|c| matches!(c, KgCommand::ReturnBlown { unit: 2, .. }))
        .expect("offered again");
    g.apply(&ret).unwrap();
    assert!(matches!(g.st.units[2].loc, Loc::Map(_)));
}

#[test]
fn rule_6_1_a_side_at_zero_ap_loses_its_marker_and_gains_no_more() {
    // rule 6.1: at 0 AP the marker leaves the game, so a later army arrival adds nothing.
    let r = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0605", 0)
        .rules();
    let mut rr = (*r).clone();
    rr.armies[1].arrives = 2;
    let mut g = game_at(Arc::new(rr), Step::Attack, Side::Prussia);
    g.st.g.ap[1] = 1;
    // attack roll 1 + 2 against 3: stalemate; then the cap die after Austria's pass
    g.dice.script([1, 3, 1]);
    g.apply(&KgCommand::Attack {
        attacker: 0,
        defender: 1,
    })
    .unwrap();
    g.apply(&KgCommand::Artillery { support: true }).unwrap();
    g.apply(&KgCommand::Artillery { support: false }).unwrap();
    assert_eq!(g.st.g.ap[1], 0);
    assert!(g.st.g.ap_removed[1]);
    assert!(
        g.log
            .entries
            .iter()
            .any(|e| e.rule == "6.1" && e.text.contains("marker"))
    );
    g.apply(&KgCommand::Pass).unwrap(); // Austria
    g.apply(&KgCommand::Pass).unwrap(); // Prussia: turn 2, the army "arrives"
    assert_eq!(g.st.g.turn, 2);
    assert_eq!(g.st.g.ap[1], 0, "no marker to raise");
    assert!(!g.legal().is_empty());
}

#[test]
fn rule_4_0d_no_bombardment_says_why() {
    // rule 4.0d: on a map where every hex is within 2 of the Prussian entry hex there is
    // no legal hex; the log must not blame the ammunition.
    let mut b = board(3, 3)
        .unit("p", Side::Prussia, Kind::Infantry, "0101", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0303", 0);
    b.entries = vec![('A', c("0202"))];
    let mut g = PureGame::new(b.rules(), 1);
    play_until(&mut g, |g| {
        matches!(
            g.st.g.step,
            Step::Organize(_) | Step::ExitEzoc | Step::Movement
        )
    });
    let e = g
        .log
        .entries
        .iter()
        .find(|e| e.rule == "4.0d")
        .expect("a 4.0d entry");
    assert!(!e.text.contains("AP"), "{}", e.text);
    assert!(e.text.contains("3 hexes"), "{}", e.text);
    assert_eq!(g.st.g.ap[0], 18, "nothing paid");
}

#[test]
fn rule_3_9_1_retreat_only_across_a_swamp_eliminates() {
    // rule 3.9.1: the loser on 0606 can only get farther from 0506 across the swamp line
    // (0607 is taken by a friend): eliminated, not blown. At a bridge it retreats.
    for bridge in [false, true] {
        let r = swamp_line(board(12, 12), bridge)
            .unit("p", Side::Prussia, Kind::Infantry, "0506", 0)
            .unit("a", Side::Austria, Kind::Infantry, "0606", 0)
            .unit("f", Side::Austria, Kind::Infantry, "0607", 0)
            .rules();
        let mut g = game_at(r, Step::Attack, Side::Prussia);
        g.dice.script([3, 1]);
        g.apply(&KgCommand::Attack {
            attacker: 0,
            defender: 1,
        })
        .unwrap();
        g.apply(&KgCommand::Artillery { support: false }).unwrap();
        g.apply(&KgCommand::Artillery { support: false }).unwrap();
        if let Some(KgCommand::Retreat { to }) = g.legal().first().cloned() {
            g.apply(&KgCommand::Retreat { to }).unwrap();
        }
        if bridge {
            assert!(
                matches!(g.st.units[1].loc, Loc::Map(h) if h.col >= 7),
                "{:?}",
                g.st.units[1].loc
            );
        } else {
            assert_eq!(g.st.units[1].loc, Loc::Eliminated);
            assert!(g.log.entries.iter().any(|e| e.rule == "3.9.1"));
        }
    }
}

#[test]
fn rule_4_3_2_no_advance_while_in_another_enemy_zoc() {
    // rule 4.3.2: the defender on 0605 retreats, but the attacker on 0606 is still in the
    // ZOC of the Austrian on 0607: it stays.
    let r = board(12, 12)
        .unit("p", Side::Prussia, Kind::Infantry, "0606", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0605", 0)
        .unit("e", Side::Austria, Kind::Infantry, "0607", 0)
        .rules();
    let mut g = game_at(r, Step::Attack, Side::Prussia);
    g.dice.script([3, 1]);
    g.apply(&KgCommand::Attack {
        attacker: 0,
        defender: 1,
    })
    .unwrap();
    g.apply(&KgCommand::Artillery { support: false }).unwrap();
    g.apply(&KgCommand::Artillery { support: false }).unwrap();
    if let Some(KgCommand::Retreat { to }) = g.legal().first().cloned() {
        g.apply(&KgCommand::Retreat { to }).unwrap();
    }
    assert!(matches!(g.st.units[1].loc, Loc::Map(h) if h != c("0605")));
    assert_eq!(g.st.units[0].loc, Loc::Map(c("0606")));
    assert!(g.log.entries.iter().any(|e| e.rule == "4.3.2"));
}

#[test]
fn rule_3_2_1_an_hq_may_share_a_hex_with_an_enemy_unit() {
    // rule 3.2.1 / 4.0b: an HQ is a marker, not a unit
    let r = board(16, 16)
        .unit("p", Side::Prussia, Kind::Infantry, "0808", 0)
        .unit("a", Side::Austria, Kind::Infantry, "0811", 0)
        .rules();
    let mut g = PureGame::new(r, 1);
    g.apply(&KgCommand::PlaceHq {
        hq: 1,
        at: c("0811"),
        battle: false,
    })
    .unwrap();
    assert_eq!(g.st.hqs[1].at, Some(c("0811")));
    assert_eq!(g.st.units[1].loc, Loc::Map(c("0811")));
}

#[test]
fn rule_4_0e_iii_after_one_side_declines_the_other_goes_on_alone() {
    // rule 4.0e-iii: exits alternate from Prussia; once Prussia declines, Austria may
    // retreat its units one after another and Prussia may not.
    let r = board(16, 16)
        .unit("p1", Side::Prussia, Kind::Infantry, "0304", 0)
        .unit("a1", Side::Austria, Kind::Infantry, "0303", 0)
        .unit("p2", Side::Prussia, Kind::Infantry, "1213", 0)
        .unit("a2", Side::Austria, Kind::Infantry, "1212", 0)
        .rules();
    let mut g = game_at(r, Step::ExitEzoc, Side::Prussia);
    let exit_of = |g: &PureGame, u: UnitId| {
        g.legal()
            .into_iter()
            .find(|c| matches!(c, KgCommand::ExitEzoc { unit, .. } if *unit == u))
    };
    let p_exit = exit_of(&g, 0).expect("Prussia may exit");
    g.apply(&KgCommand::Pass).unwrap();
    assert_eq!(g.st.g.to_move, Side::Austria);
    let e = exit_of(&g, 1).expect("Austria may exit");
    g.apply(&e).unwrap();
    assert_eq!(g.st.g.step, Step::ExitEzoc);
    assert_eq!(g.st.g.to_move, Side::Austria, "Austria goes on");
    assert!(g.apply(&p_exit).is_err());
    let e = exit_of(&g, 3).expect("Austria's second unit");
    g.apply(&e).unwrap();
    assert_eq!(g.st.g.step, Step::Movement);
}
