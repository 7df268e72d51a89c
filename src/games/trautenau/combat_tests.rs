//! Rule-case tests of combat (9.2.2, 9.5) driven through commands: barrage, defensive
//! fire, the assault, retreat and commander casualties, and the rulebook's worked
//! examples. Every odds test checks that the function the screen shows
//! ([`combat::defence_fires`], [`combat::barrage_fire`]) is the one the resolution rolls
//! with. Positions are hand-built all-clear boards (the builders of `rules::tests`).

use super::combat::{self, DefenceChoice, Outcome};
use super::data::*;
use super::flow;
use super::flow_tests::T;
use super::rules::tests::{M, board, c, rules as base_rules, state as base_state};
use super::rules::{self};
use super::state::*;
use crate::engine::hexmap::{Coord, SideKind};

const A: Side = Side::Austria;
const P: Side = Side::Prussia;
use Arm::{Artillery as Art, Infantry as Inf, Light};

// Leaders and formations of `rules::tests::rules`.
const LA: usize = 0;
const LP: usize = 1;
const FA: usize = 0;
const FP: usize = 1;
/// The assaulted hex of most tests.
const TGT: Coord = Coord::new(8, 8);

impl T {
    /// A 16×16 board (`map`), units (side, arm, hex, facing) with combat 3, morale 3 and
    /// 4 MP, in command; `edit` changes the rules before the state is built.
    fn build(map: M, units: &[(Side, Arm, Coord, Dir)], edit: impl FnOnce(&mut TsRules)) -> Self {
        let defs: Vec<(Side, Arm, u8)> = units.iter().map(|u| (u.0, u.1, 4)).collect();
        let mut r = base_rules(map.build(), &defs);
        edit(&mut r);
        let at: Vec<Option<(Coord, Dir)>> = units.iter().map(|u| Some((u.2, u.3))).collect();
        let st = base_state(&r, &at);
        Self::with(r, st)
    }

    /// [`T::build`] on an all-clear board.
    fn clear(units: &[(Side, Arm, Coord, Dir)]) -> Self {
        Self::build(board(16, 16), units, |_| {})
    }

    /// Declares, ends the declarations and resolves assault 0 up to the defender's
    /// decision.
    fn assault(&mut self, units: &[(UnitId, u8)], coordinate: bool) {
        self.ok(TsCommand::Declare {
            target: TGT,
            units: units.to_vec(),
            coordinate,
            commander: true,
        });
        if self.st.g.step == Step::Declare {
            self.ok(TsCommand::Done);
        }
        self.ok(TsCommand::Resolve { assault: 0 });
        assert!(matches!(
            self.st.g.pending.first(),
            Some(Pending::Defence { assault: 0 })
        ));
    }

    /// The defensive-fire rolls that the game would make now for `choice`.
    fn fires(&self, choice: &DefenceChoice) -> Vec<combat::ShareFire> {
        combat::defence_fires(&self.r, &self.st, &self.st.g.assaults[0], choice)
    }
}

fn defend(split: &[u8], helpers: &[UnitId]) -> TsCommand {
    TsCommand::Defend {
        split: split.to_vec(),
        support: None,
        commander: true,
        helpers: helpers.to_vec(),
    }
}

fn choice(split: &[u8], helpers: &[UnitId]) -> DefenceChoice {
    DefenceChoice {
        split: split.to_vec(),
        support: None,
        commander: true,
        helpers: helpers.to_vec(),
    }
}

/// The note the resolution writes for one roll (flow::roll_fire).
fn roll_note(f: &combat::Fire, die: u8) -> String {
    format!(
        "column {}, die {} {:+} gives {}",
        f.column,
        die,
        f.drm(),
        f.roll(die).label()
    )
}

fn adds_formation_bonus(t: &T, rule: &str, value: i32) -> bool {
    t.dice.rolls.iter().any(|r| {
        r.rule == rule
            && r.modifiers
                .iter()
                .any(|(m, v)| m.contains("formation commander") && *v == value)
    })
}

// ---------------------------------------------------------------------------------------
// 9.5.1 Units with an attacker in a front hex join the defensive fire

/// Austrian attacker 0 south of TGT facing it; Prussian defender 1 in TGT; Prussian 2
/// south-east of the attacker facing it (the attacker in its front); Prussian 3 next to
/// the attacker but facing away (the attacker on its flank).
fn helper_board() -> T {
    let a = TGT.neighbor(Dir::S);
    let h = a.neighbor(Dir::SE);
    let away = a.neighbor(Dir::SW);
    let mut t = T::clear(&[
        (A, Inf, a, Dir::N),
        (P, Inf, TGT, Dir::S),
        (P, Inf, h, Dir::NW),
        (P, Inf, away, Dir::SW),
    ]);
    assert!(rules::front_hexes(&t.r, &t.st, 2).contains(&a));
    assert!(!rules::front_hexes(&t.r, &t.st, 3).contains(&a));
    t.step(Step::Declare, FA);
    t
}

#[test]
fn rule_9_5_1_a_unit_with_the_attacker_in_front_joins_the_defensive_fire() {
    // rule 9.5.1: "any enemy unit with an attacking unit in one of its front hexes may
    // participate in defensive fire"; the defender decides. Unit 2 has the attacker in
    // front and may join; unit 3 has it on its flank and may not.
    let mut t = helper_board();
    t.assault(&[(0, 3)], false);
    assert_eq!(flow::defence_helpers(&t.r, &t.st, 0), vec![2]);
    let legal = t.legal();
    assert!(legal.contains(&defend(&[3], &[])), "{legal:?}");
    assert!(legal.contains(&defend(&[6], &[2])), "{legal:?}");
    t.refused(&defend(&[6], &[3]), "9.5.1");
    t.refused(&defend(&[6], &[2, 2]), "9.5.1");
    // the joining unit's 3 points add to the fire: 6 + Dreyse = column 7
    let f = t.fires(&choice(&[6], &[2]));
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].fire.column, 7);
    // 6 on column 7 is D+1 for the attacker; the attack does not follow while it retreats
    t.script([6]);
    t.ok(defend(&[6], &[2]));
    assert!(t.logged("9.5.1", "joins the defensive fire"));
    assert!(t.logged("9.5.3", "column 7, die 6 +0 gives D+1"));
    assert!(t.st.units[0].disorg);
    assert_eq!(t.st.units[0].losses, 1);
    assert_eq!(t.st.g.assaults[0].helpers, vec![2]);
}

#[test]
fn rule_9_5_1_a_unit_engaged_in_another_combat_does_not_join() {
    // rule 9.5.1: "if it is not already engaged in another combat": a unit whose own hex
    // is assaulted in this activation fires in that combat, not in this one.
    let mut t = helper_board();
    let a = t.at(0).unwrap();
    let h = t.at(2).unwrap();
    // a second Austrian unit in front of unit 2 assaults it
    let b = h.neighbor(Dir::S);
    t.st.units.push(t.st.units[0]);
    t.st.units[4].loc = Loc::Map(b);
    t.r.units.push(t.r.units[0].clone());
    t.r.units[4].id = "u4".into();
    t.r.units[4].name = "u4".into();
    t.r.unit_formation.push(FA);
    assert!(rules::front_hexes(&t.r, &t.st, 4).contains(&h));
    assert!(rules::front_hexes(&t.r, &t.st, 2).contains(&a));
    t.ok(TsCommand::Declare {
        target: h,
        units: vec![(4, 3)],
        coordinate: false,
        commander: true,
    });
    t.ok(TsCommand::Declare {
        target: TGT,
        units: vec![(0, 3)],
        coordinate: false,
        commander: true,
    });
    if t.st.g.step == Step::Declare {
        t.ok(TsCommand::Done);
    }
    t.ok(TsCommand::Resolve { assault: 1 });
    assert!(matches!(
        t.st.g.pending.first(),
        Some(Pending::Defence { assault: 1 })
    ));
    assert!(flow::defence_helpers(&t.r, &t.st, 1).is_empty());
    t.refused(&defend(&[6], &[2]), "9.5.1");
}

// ---------------------------------------------------------------------------------------
// 9.5.2 Shares of 0 points

/// Austrian attackers 0 (south of TGT, with commander LA) and 1 (south-west) against the
/// Prussian 2 in TGT, facing south: both attack its front.
fn coordinated_board() -> T {
    let a = TGT.neighbor(Dir::S);
    let b = TGT.neighbor(Dir::SW);
    let mut t = T::clear(&[
        (A, Inf, a, Dir::N),
        (A, Inf, b, Dir::NE),
        (P, Inf, TGT, Dir::S),
    ]);
    t.place(LA, a);
    t.step(Step::Declare, FA);
    t
}

#[test]
fn rule_9_5_2_a_share_of_0_points_still_fires() {
    // rule 9.5.2 / 9.5.3 A: the defender "can combat with a value of 0": the share of 0
    // is rolled on column 0 (a 6 gives T there). Here: 3 points on the first attacker
    // ("-" on a 1), 0 on the second: a 6 gives T, its morale test fails on a 1 (3 + 1).
    let mut t = coordinated_board();
    t.script([5]); // coordination 5 + 1
    t.assault(&[(0, 3), (1, 3)], true);
    assert!(t.st.g.assaults[0].coordinated);
    let f = t.fires(&choice(&[3, 0], &[]));
    assert_eq!(f.len(), 2);
    assert_eq!((f[1].attacker, f[1].fire.column), (1, 0));
    assert_eq!(f[1].fire.roll(6), Outcome::Test);
    t.script([1, 6, 1]);
    t.ok(defend(&[3, 0], &[]));
    assert_eq!(t.rolls("9.5.3"), 2);
    assert!(t.logged("9.5.3", "column 0, die 6 +0 gives T"));
    assert!(t.st.units[1].disorg);
    assert!(!t.st.units[0].disorg);
}

// ---------------------------------------------------------------------------------------
// Odds on screen = odds rolled

/// A Prussian light unit and infantry in a village (TGT), a Prussian battery adjacent to
/// the first attacker; two Austrian attackers in a coordinated assault.
fn cover_board() -> T {
    let a = TGT.neighbor(Dir::S);
    let b = TGT.neighbor(Dir::SW);
    let art = a.neighbor(Dir::SE);
    let mut t = T::build(
        board(16, 16).t(TGT, 'v'),
        &[
            (A, Inf, a, Dir::N),
            (A, Inf, b, Dir::NE),
            (P, Light, TGT, Dir::S),
            (P, Art, art, Dir::NW),
        ],
        |r| {
            r.units[2].combat = 4;
        },
    );
    t.place(LA, a);
    t.step(Step::Declare, FA);
    t
}

#[test]
fn rule_9_5_2_light_and_adjacent_battery_bonus_on_one_share_only() {
    // rule 9.5.2: light troops and an artillery unit adjacent to the attacker give their
    // +1 for a single defensive combat in which their points are used; CRT: +1 light
    // troops in a village, +1 artillery adjacent. The battery (unit 3) joins the fire
    // (9.5.1): the first attacker is in its front hex.
    let mut t = cover_board();
    t.script([5]);
    t.assault(&[(0, 3), (1, 3)], true);
    assert_eq!(flow::defence_helpers(&t.r, &t.st, 0), vec![3]);
    let f = t.fires(&choice(&[5, 2], &[3]));
    let labels =
        |k: usize| -> Vec<String> { f[k].fire.die_mods.iter().map(|m| m.label.clone()).collect() };
    assert!(labels(0).iter().any(|l| l.starts_with("light troops")));
    assert!(
        labels(0)
            .iter()
            .any(|l| l.starts_with("artillery adjacent"))
    );
    assert!(!labels(1).iter().any(|l| l.starts_with("light troops")));
    assert!(
        !labels(1)
            .iter()
            .any(|l| l.starts_with("artillery adjacent"))
    );
    // the battery reaches only the first attacker: 7 points cannot all go to the second
    t.refused(&defend(&[0, 7], &[3]), "9.5.1");
    // a 0 share gets neither bonus; the next share with points gets them
    let g = t.fires(&choice(&[0, 4], &[]));
    assert_eq!(g[0].fire.drm(), 0);
    assert_eq!(g[1].fire.drm(), 1);
}

#[test]
fn odds_shown_for_the_defence_are_the_odds_rolled() {
    // rule 9.5.3 A, CRT: for every die value, the resolution logs the very column, die
    // modifier and result that `defence_fires` reports, so its odds are the game's.
    let mut counts = [[0u32; 4]; 2];
    let mut shown = None;
    for die in 1..=6u8 {
        let mut t = cover_board();
        t.script([5]);
        t.assault(&[(0, 3), (1, 3)], true);
        let ch = choice(&[5, 2], &[3]);
        let f = t.fires(&ch);
        shown.get_or_insert_with(|| f.iter().map(|s| s.fire.odds()).collect::<Vec<_>>());
        // both shares roll `die`; later dice (morale tests, the attack) roll 1
        t.script([die, die, 1, 1, 1, 1, 1, 1]);
        t.ok(defend(&ch.split, &ch.helpers));
        for (k, s) in f.iter().enumerate() {
            assert!(
                t.logged("9.5.3", &roll_note(&s.fire, die)),
                "share {k}, die {die}: {:?}",
                t.log.entries
            );
            counts[k][Outcome::ALL
                .iter()
                .position(|&o| o == s.fire.roll(die))
                .unwrap()] += 1;
        }
    }
    let shown = shown.unwrap();
    for k in 0..2 {
        for o in 0..4 {
            assert!((shown[k][o] - counts[k][o] as f64 / 6.0).abs() < 1e-12);
        }
    }
}

// ---------------------------------------------------------------------------------------
// 9.2.2 Barrage

/// A battery of `side` in 0502 facing south, an enemy infantry unit two hexes south.
fn barrage_board(side: Side, guard: bool) -> (T, UnitId) {
    let g = c(5, 2);
    let x = g.neighbor(Dir::S).neighbor(Dir::S);
    let mut t = T::build(
        board(16, 16),
        &[(side, Art, g, Dir::S), (side.other(), Inf, x, Dir::N)],
        |r| r.units[0].guard = guard,
    );
    t.step(Step::Barrage, if side == Side::Prussia { FP } else { FA });
    (t, 1)
}

#[test]
fn rule_9_2_2_a_guard_battery_adds_1_to_its_barrage() {
    // rule 9.2.2 / CRT: +1 for a Prussian Guard unit, its artillery's barrage included.
    // 3 points on clear: column 3; a 4 + 1 reads row 5: D (without the Guard: T, and a
    // morale test of 6 would pass).
    let (mut t, x) = barrage_board(P, true);
    let f = combat::barrage_fire(&t.r, &t.st, 0, x);
    assert_eq!(f.column, 3);
    assert_eq!(f.drm(), 1);
    assert!(f.die_mods.iter().any(|m| m.label == "Prussian Guard"));
    t.script([4, 6]);
    t.ok(TsCommand::Barrage {
        unit: 0,
        target: x,
        turn: None,
    });
    assert!(t.logged("9.2.2", "column 3, die 4 +1 gives D"));
    assert!(t.st.units[x as usize].disorg);
    // the same battery without the Guard: T, passed
    let (mut u, x) = barrage_board(P, false);
    u.script([4, 6]);
    u.ok(TsCommand::Barrage {
        unit: 0,
        target: x,
        turn: None,
    });
    assert!(!u.st.units[x as usize].disorg);
}

#[test]
fn odds_shown_for_a_barrage_are_the_odds_rolled() {
    // rule 9.2.2: for every die value the barrage resolves exactly as `barrage_fire`
    // (the function the panel shows) says.
    let (t0, x) = barrage_board(A, false);
    let shown = combat::barrage_fire(&t0.r, &t0.st, 0, x);
    let mut n = [0u32; 4];
    for die in 1..=6u8 {
        let (mut t, x) = barrage_board(A, false);
        t.script([die, 1, 1, 1]);
        t.ok(TsCommand::Barrage {
            unit: 0,
            target: x,
            turn: None,
        });
        assert!(t.logged("9.2.2", &roll_note(&shown, die)), "{die}");
        n[Outcome::ALL
            .iter()
            .position(|&o| o == shown.roll(die))
            .unwrap()] += 1;
    }
    let o = shown.odds();
    for k in 0..4 {
        assert!((o[k] - n[k] as f64 / 6.0).abs() < 1e-12);
    }
}

// ---------------------------------------------------------------------------------------
// 9.5.7 D: no retreat in a town only

/// Austrian attacker (combat 9) south of TGT; Prussian infantry in TGT of terrain `ch`.
fn terrain_assault(ch: char) -> T {
    let a = TGT.neighbor(Dir::S);
    let mut t = T::build(
        board(16, 16).t(TGT, ch),
        &[(A, Inf, a, Dir::N), (P, Inf, TGT, Dir::S)],
        |r| r.units[0].combat = 9,
    );
    t.step(Step::Declare, FA);
    t.assault(&[(0, 9)], false);
    t
}

#[test]
fn rule_9_5_7_a_d_in_a_village_retreats() {
    // rule 9.5.7: a D retreats the unit unless barrage "or if it is in a town"; a village
    // is not a town (terrain table: village protection 2, town 3). 9 / 2 = 5 (rounded
    // up): column 5, a 4 gives D. Defensive fire: 3 + Dreyse = column 4, a 1 gives "-".
    let mut t = terrain_assault('v');
    t.script([1, 4]);
    t.ok(defend(&[3], &[]));
    assert!(t.logged("9.5.5", "column 5, die 4 +0 gives D"));
    assert!(t.st.units[1].disorg);
    assert!(
        matches!(&t.st.g.pending[0], Pending::Retreat { units, .. } if units == &vec![1]),
        "{:?}",
        t.st.g.pending
    );
}

#[test]
fn rule_9_5_7_a_d_in_a_town_does_not_retreat() {
    // rule 9.5.7: in a town a D disorganises without a retreat. 9 / 3 = column 3, a 5
    // gives D.
    let mut t = terrain_assault('t');
    t.script([1, 5]);
    t.ok(defend(&[3], &[]));
    assert!(t.logged("9.5.5", "column 3, die 5 +0 gives D"));
    assert!(t.st.units[1].disorg);
    assert_eq!(t.at(1), Some(TGT));
    assert!(
        !t.st
            .g
            .pending
            .iter()
            .any(|p| matches!(p, Pending::Retreat { .. }))
    );
}

// ---------------------------------------------------------------------------------------
// 9.5.13 Formation commanders

/// Adds a second formation with commander `id` (bonus `bonus`) on `side`; returns the
/// formation and leader indices.
fn second_formation(r: &mut TsRules, side: Side, id: &str, bonus: u8) -> (usize, usize) {
    let f = r.formations.len();
    let mut fd = r.formations[if side == Side::Austria { FA } else { FP }].clone();
    fd.id = format!("F{id}");
    fd.name = fd.id.clone();
    r.formations.push(fd);
    let l = r.leaders.len();
    let mut ld = r.leaders[if side == Side::Austria { LA } else { LP }].clone();
    ld.id = id.into();
    ld.name = id.into();
    ld.kind = LeaderKind::Formation {
        formation: format!("F{id}"),
        command: 1,
        bonus,
    };
    r.leaders.push(ld);
    r.formation_leader.push(Some(l));
    r.formation_chief.push(None);
    (f, l)
}

#[test]
fn rule_9_5_13_any_defending_commander_in_the_hex_gives_his_bonus_and_only_he_rolls() {
    // rule 9.5.13: "a formation commander stacked with a unit in defence may add his
    // combat bonus": every commander in the hex counts, not only the first unit's own
    // (here the best, LP2 with +2, commands the second unit); only he took part and
    // rolls the 2d6 (LP, also in the hex, does not).
    let a = TGT.neighbor(Dir::S);
    let mut lp2 = 0;
    let mut t = T::build(
        board(16, 16),
        &[
            (A, Inf, a, Dir::N),
            (P, Inf, TGT, Dir::S),
            (P, Inf, TGT, Dir::S),
        ],
        |r| {
            let (f, l) = second_formation(r, Side::Prussia, "LP2", 2);
            r.unit_formation[2] = f;
            r.units[1].combat = 1;
            r.units[2].combat = 1;
            lp2 = l;
        },
    );
    t.place(LP, TGT);
    t.place(lp2, TGT);
    t.step(Step::Declare, FA);
    t.assault(&[(0, 3)], false);
    assert_eq!(
        flow::defence_leader(&t.r, &t.st, &t.st.g.assaults[0]),
        Some(lp2 as LeaderId)
    );
    // defensive fire: 2 + Dreyse = column 3, die 1 + 2 = 3 gives T, morale 6 passes;
    // LP2's 2d6 3 + 4; the attack: column 3, a 1 gives "-"
    t.script([1, 6, 3, 4, 1]);
    t.ok(defend(&[2], &[]));
    assert!(adds_formation_bonus(&t, "9.5.3", 2));
    assert_eq!(t.rolls("9.5.13"), 2);
    assert!(
        t.dice
            .rolls
            .iter()
            .filter(|r| r.rule == "9.5.13")
            .all(|r| r.purpose.contains("LP2"))
    );
}

#[test]
fn rule_9_5_13_only_the_attacking_commander_who_took_part_rolls() {
    // rule 9.5.13: "after a combat in which a formation commander participated" he rolls
    // 2d6; another commander stacked in the attacker's hex did not take part and does
    // not roll.
    let a = TGT.neighbor(Dir::S);
    let mut la2 = 0;
    let mut t = T::build(
        board(16, 16),
        &[(A, Inf, a, Dir::N), (P, Inf, TGT, Dir::S)],
        |r| {
            let (_, l) = second_formation(r, Side::Austria, "LA2", 1);
            r.units[1].combat = 0;
            la2 = l;
        },
    );
    t.place(LA, a);
    t.place(la2, a);
    t.step(Step::Declare, FA);
    t.assault(&[(0, 3)], false);
    // defensive fire 0 points: a 1 gives "-"; the attack: column 3, 1 + 1 = 2: "-";
    // LA's 2d6: 3 + 4
    t.script([1, 1, 3, 4, 3, 4]);
    t.ok(defend(&[0], &[]));
    assert!(adds_formation_bonus(&t, "9.5.5", 1));
    assert_eq!(t.rolls("9.5.13"), 2);
    assert!(
        t.dice
            .rolls
            .iter()
            .filter(|r| r.rule == "9.5.13")
            .all(|r| r.purpose.ends_with("LA"))
    );
}

#[test]
fn rule_9_5_13_a_defending_commander_falls_on_12() {
    // rule 9.5.13: 2 or 12 on 2d6 and the commander falls; his aide de camp takes over.
    let a = TGT.neighbor(Dir::S);
    let mut t = T::clear(&[(A, Inf, a, Dir::N), (P, Inf, TGT, Dir::S)]);
    t.place(LP, TGT);
    t.step(Step::Declare, FA);
    t.assault(&[(0, 3)], false);
    // defensive fire: column 4, 1 + 1 = 2: T, morale 6 passes; 6 + 6: LP falls; the
    // attack: a 1, "-"
    t.script([1, 6, 6, 6, 1]);
    t.ok(defend(&[3], &[]));
    assert!(t.st.leaders[LP].aide);
    assert!(t.logged("9.5.13", "6 + 6: LP falls"));
}

// ---------------------------------------------------------------------------------------
// The rulebook's worked examples (9.5.3), through commands

/// Three Prussian attackers around an Austrian defender of 4 points in clear terrain
/// facing north: two in its front (N, NE), one on its flank (S). LP with the first.
fn example_board() -> T {
    let n = TGT.neighbor(Dir::N);
    let ne = TGT.neighbor(Dir::NE);
    let s = TGT.neighbor(Dir::S);
    let mut t = T::build(
        board(16, 16),
        &[
            (P, Inf, n, Dir::S),
            (P, Inf, ne, Dir::SW),
            (P, Inf, s, Dir::N),
            (A, Inf, TGT, Dir::N),
        ],
        |r| r.units[3].combat = 4,
    );
    assert!(rules::is_flank_of(&t.r, &t.st, 3, s));
    assert!(!rules::is_flank_of(&t.r, &t.st, 3, n));
    t.place(LP, n);
    t.step(Step::Declare, FP);
    t
}

#[test]
fn rule_9_5_3_defensive_combat_example() {
    // rule 9.5.3 A, example: 4 points against three attackers, one on the flank, in a
    // coordinated assault: "2 on the first, 1 on the second and 1 which becomes 1 on the
    // flank"; or all 4 on one and "the others with 0" (still rolled, 9.5.2).
    let mut t = example_board();
    t.script([5]);
    t.assault(&[(0, 3), (1, 3), (2, 3)], true);
    assert!(t.st.g.assaults[0].coordinated);
    let f = t.fires(&choice(&[2, 1, 1], &[]));
    let cols: Vec<u32> = f.iter().map(|s| s.fire.divided).collect();
    assert_eq!(cols, vec![2, 1, 1]); // 1 on the flank halved, rounded up: 1
    let f = t.fires(&choice(&[3, 1, 0], &[]));
    assert_eq!(
        f.iter().map(|s| s.fire.divided).collect::<Vec<_>>(),
        vec![3, 1, 0]
    );
    t.refused(&defend(&[2, 1, 0], &[]), "9.5.2");
    // 4 on the first, the others with 0: three rolls
    t.script([1, 1, 1, 1, 1, 1, 1, 1]);
    t.ok(defend(&[4, 0, 0], &[]));
    assert_eq!(t.rolls("9.5.3"), 3);
    assert!(t.logged("9.5.3", "defensive fire at u0: column 4"));
    assert!(t.logged("9.5.3", "defensive fire at u2: column 0"));
}

#[test]
fn rule_9_5_3_assault_example() {
    // rule 9.5.3 B, example: attackers of 5 and 4 with a commander of +2, coordinated:
    // 9 / 1 = 9, column 7 with +2 on the die, +2 for the commander: "automatically D+1";
    // the defender is disorganised and loses a step.
    let a = TGT.neighbor(Dir::S);
    let b = TGT.neighbor(Dir::SW);
    let mut t = T::build(
        board(16, 16),
        &[
            (A, Inf, a, Dir::N),
            (A, Inf, b, Dir::NE),
            (P, Inf, TGT, Dir::S),
        ],
        |r| {
            r.units[0].combat = 5;
            r.units[1].combat = 4;
            r.units[2].combat = 0;
            r.leaders[LA].kind = LeaderKind::Formation {
                formation: "A".into(),
                command: 1,
                bonus: 2,
            };
        },
    );
    t.place(LA, a);
    t.step(Step::Declare, FA);
    t.script([5]);
    t.assault(&[(0, 5), (1, 4)], true);
    // defensive fire with 0 points: 1s give "-"; the attack: the lowest die, 1
    t.script([1, 1, 1, 3, 4]);
    t.ok(defend(&[0, 0], &[]));
    assert!(t.logged("9.5.5", "column 7, die 1 +4 gives D+1"));
    assert!(t.st.units[2].disorg);
    assert_eq!(t.st.units[2].losses, 1);
}

#[test]
fn rule_9_5_3_assault_example_in_a_village() {
    // rule 9.5.3 B, example: "in a village with a terrain protection of 2, the combat
    // value would have been divided by 2": 9 / 2 rounded up (1.3) is 5 (the rulebook
    // prints 6; docs), plus 2 for the commander.
    let a = TGT.neighbor(Dir::S);
    let b = TGT.neighbor(Dir::SW);
    let mut t = T::build(
        board(16, 16).t(TGT, 'v'),
        &[
            (A, Inf, a, Dir::N),
            (A, Inf, b, Dir::NE),
            (P, Inf, TGT, Dir::S),
        ],
        |r| {
            r.units[0].combat = 5;
            r.units[1].combat = 4;
            r.units[2].combat = 0;
            r.leaders[LA].kind = LeaderKind::Formation {
                formation: "A".into(),
                command: 1,
                bonus: 2,
            };
        },
    );
    t.place(LA, a);
    t.step(Step::Declare, FA);
    t.script([5]);
    t.assault(&[(0, 5), (1, 4)], true);
    t.script([1, 1, 1, 3, 4]);
    t.ok(defend(&[0, 0], &[]));
    assert!(t.logged("9.5.5", "column 5, die 1 +2 gives D"));
}

// ---------------------------------------------------------------------------------------
// CRT modifiers gathered from the position, through commands

/// Austrian unit 0 (combat 3) in the hex south of TGT facing north attacks the Prussian
/// unit 1 (combat 0 unless edited, facing `facing`) in TGT, which fires with all its
/// points; 1s on every die. Returns the notes of the
/// defensive fire (9.5.3) and of the attack (9.5.5).
fn one_attack(
    map: M,
    arms: (Arm, Arm),
    facing: Dir,
    edit: impl FnOnce(&mut TsRules),
    edit_state: impl FnOnce(&mut TsState),
) -> (String, String) {
    let a = TGT.neighbor(Dir::S);
    let mut t = T::build(
        map,
        &[(A, arms.0, a, Dir::N), (P, arms.1, TGT, facing)],
        |r| {
            r.units[1].combat = 0;
            edit(r);
        },
    );
    edit_state(&mut t.st);
    t.step(Step::Declare, FA);
    let pts = t.r.units[0].combat;
    t.assault(&[(0, pts)], false);
    t.script([1; 8]);
    let share = t.r.units[1].combat;
    t.ok(defend(&[share], &[]));
    let note = |rule: &str| {
        t.log
            .entries
            .iter()
            .find(|e| e.rule == rule && e.text.contains(" gives "))
            .map(|e| e.text.clone())
            .unwrap_or_default()
    };
    (note("9.5.3"), note("9.5.5"))
}

#[test]
fn rule_crt_attack_modifiers_from_the_position() {
    // rule CRT (column and die modifiers), TEC (hexsides, levels), 9.5.5: each modifier
    // gathered from a real position and rolled by the assault.
    let a = TGT.neighbor(Dir::S);
    let none = |_: &mut TsRules| {};
    let same = |_: &mut TsState| {};
    let b = || board(16, 16);
    let cases: Vec<(&str, (String, String), &str)> = vec![
        (
            "plain",
            one_attack(b(), (Inf, Inf), Dir::S, none, same),
            "column 3, die 1 +0",
        ),
        (
            "+2 on a flank",
            one_attack(b(), (Inf, Inf), Dir::N, none, same),
            "column 3, die 1 +2",
        ),
        (
            "-1 die across a stream",
            one_attack(
                b().side(a, Dir::N, SideKind::Stream, false),
                (Inf, Inf),
                Dir::S,
                none,
                same,
            ),
            "column 3, die 1 -1",
        ),
        (
            "-1 column across a ravine",
            one_attack(
                b().side(a, Dir::N, SideKind::Ravine, false),
                (Inf, Inf),
                Dir::S,
                none,
                same,
            ),
            "column 2, die 1 +0",
        ),
        (
            "-1 column across a bridge",
            one_attack(
                b().side(a, Dir::N, SideKind::River, true),
                (Inf, Inf),
                Dir::S,
                none,
                same,
            ),
            "column 2, die 1 +0",
        ),
        (
            "+1 column from one level above",
            one_attack(b().e(a, 2), (Inf, Inf), Dir::S, none, same),
            "column 4, die 1 +0",
        ),
        (
            "-1 column per level up",
            one_attack(b().e(TGT, 3), (Inf, Inf), Dir::S, none, same),
            "column 1, die 1 +0",
        ),
        (
            "0 from two levels above (steep slope)",
            one_attack(b().e(a, 3), (Inf, Inf), Dir::S, none, same),
            "column 3, die 1 +0",
        ),
        (
            "-1 column per step lost",
            one_attack(b(), (Inf, Inf), Dir::S, none, |st| st.units[0].losses = 1),
            "column 2, die 1 +0",
        ),
        (
            "-1 column at night",
            one_attack(b(), (Inf, Inf), Dir::S, |r| r.night_hours = vec![9], same),
            "column 2, die 1 +0",
        ),
        (
            "+1 heavy cavalry against no heavy cavalry",
            one_attack(
                b(),
                (Arm::Cavalry, Inf),
                Dir::S,
                |r| r.units[0].heavy = true,
                same,
            ),
            "column 3, die 1 +1",
        ),
        (
            "+1 Prussian Guard",
            one_attack(b(), (Inf, Inf), Dir::S, |r| r.units[0].guard = true, same),
            "column 3, die 1 +1",
        ),
        (
            "+1 light troops attacking a wood (3 / 2 = 2)",
            one_attack(b().t(TGT, 'w'), (Light, Inf), Dir::S, none, same),
            "column 2, die 1 +1",
        ),
    ];
    for (what, (_, attack), want) in cases {
        assert!(attack.contains(want), "{what}: {attack}");
    }
}

#[test]
fn rule_crt_defensive_fire_modifiers_from_the_position() {
    // rule CRT, 9.5.3 A: defensive fire keeps the column and die modifiers but not the
    // hexside ones; heavy cavalry only against non-heavy cavalry only gives +1.
    let a = TGT.neighbor(Dir::S);
    let defender_points = |r: &mut TsRules| r.units[1].combat = 3;
    // Prussian infantry: 3 + Dreyse = column 4; the stream is ignored
    let (def, _) = one_attack(
        board(16, 16).side(a, Dir::N, SideKind::Stream, false),
        (Inf, Inf),
        Dir::S,
        |r| defender_points(r),
        |_| {},
    );
    assert!(def.contains("column 4, die 1 +0"), "{def}");
    // heavy cavalry defending against a light cavalry charge: +1 die, no Dreyse
    let (def, _) = one_attack(
        board(16, 16),
        (Arm::Cavalry, Arm::Cavalry),
        Dir::S,
        |r| {
            defender_points(r);
            r.units[1].heavy = true;
        },
        |_| {},
    );
    assert!(def.contains("column 3, die 1 +1"), "{def}");
    // the defender one level above the attacker: +1 column (3 + Dreyse + 1)
    let (def, _) = one_attack(
        board(16, 16).e(TGT, 2),
        (Inf, Inf),
        Dir::S,
        |r| defender_points(r),
        |_| {},
    );
    assert!(def.contains("column 5, die 1 +0"), "{def}");
}

#[test]
fn rule_9_5_6_a_battery_of_the_formation_supports_the_defence() {
    // rule 9.5.6: a battery of the defender's formation, not itself attacked, with the
    // attacker within half its range and in sight, adds its points once per activation;
    // CRT: +1 for artillery adjacent to the attacker. 3 + 3 + Dreyse = column 7, a 1 + 1
    // gives D.
    let a = TGT.neighbor(Dir::S);
    let g = a.neighbor(Dir::SE);
    let mut t = T::clear(&[
        (A, Inf, a, Dir::N),
        (P, Inf, TGT, Dir::S),
        (P, Art, g, Dir::S),
    ]);
    assert!(!rules::front_hexes(&t.r, &t.st, 2).contains(&a));
    t.step(Step::Declare, FA);
    t.assault(&[(0, 3)], false);
    let cmd = TsCommand::Defend {
        split: vec![6],
        support: Some(2),
        commander: true,
        helpers: vec![],
    };
    assert!(t.legal().contains(&cmd), "{:?}", t.legal());
    // the battery's points are not free: without it the pool is 3
    t.refused(&defend(&[6], &[]), "9.5.2");
    t.script([1, 1, 1, 1]);
    t.ok(cmd);
    assert!(t.logged("9.5.6", "supports the defence"));
    assert!(t.logged("9.5.3", "column 7, die 1 +1 gives D"));
    assert!(t.st.units[2].support_used);
    assert!(t.st.units[0].disorg);
}

#[test]
fn rule_crt_barrage_uphill_is_a_flat_minus_1() {
    // rule CRT: "-1 per level (-1 regardless of the difference for artillery fire)": a
    // battery on level 1 firing at a target two levels up reads column 3 - 1.
    let g = c(5, 2);
    let x = g.neighbor(Dir::S).neighbor(Dir::S);
    let mut t = T::build(
        board(16, 16).e(x, 3).e(g.neighbor(Dir::S), 2),
        &[(A, Art, g, Dir::S), (P, Inf, x, Dir::N)],
        |_| {},
    );
    // rule 9.2.2 / 9.5.13: a commander stacked with the battery adds nothing
    t.place(LA, g);
    t.step(Step::Barrage, FA);
    assert!(
        flow::barrage_targets(&t.r, &t.st, &rules::view(&t.r, &t.st), 0).contains(&1),
        "the target must be in sight"
    );
    t.script([1, 1]);
    t.ok(TsCommand::Barrage {
        unit: 0,
        target: 1,
        turn: None,
    });
    assert!(t.logged("9.2.2", "column 2, die 1 +0"));
}

#[test]
fn rule_9_5_2_austrian_infantry_from_one_clear_hex_coordinates_with_1_more() {
    // rule 9.5.2: 1d6 + command value, "+1 for the Austrian player if he only engages
    // infantry units from a single hex in clear terrain", 6 or more. Command 1: a 4 makes
    // 6 for two units stacked in a clear hex, only 5 from two hexes or from a wood.
    let a = TGT.neighbor(Dir::S);
    let b = TGT.neighbor(Dir::SW);
    for (hexes, wood, coordinated) in [
        ((a, a), false, true),
        ((a, b), false, false),
        ((a, a), true, false),
    ] {
        let map = if wood {
            board(16, 16).t(a, 'w')
        } else {
            board(16, 16)
        };
        let mut t = T::build(
            map,
            &[
                (A, Inf, hexes.0, Dir::N),
                (A, Inf, hexes.1, if hexes.1 == a { Dir::N } else { Dir::NE }),
                (P, Inf, TGT, Dir::S),
            ],
            |_| {},
        );
        t.place(LA, a);
        t.step(Step::Declare, FA);
        t.script([4]);
        t.ok(TsCommand::Declare {
            target: TGT,
            units: vec![(0, 3), (1, 3)],
            coordinate: true,
            commander: true,
        });
        assert_eq!(t.rolls("9.5.2"), 1);
        assert_eq!(
            t.st.g.assaults.len() == 1 && t.st.g.assaults[0].coordinated,
            coordinated,
            "{hexes:?} wood {wood}"
        );
    }
}

#[test]
fn rule_9_2_2_a_barrage_ignores_ravine_and_stream_hexsides() {
    // rule 9.2.2: "modifiers of the hex sides (river, ravine) are not taken into
    // account"; CRT: +1 for artillery adjacent to the enemy. 3 points, column 3, +1.
    for kind in [SideKind::Ravine, SideKind::Stream] {
        let g = c(5, 2);
        let x = g.neighbor(Dir::S);
        let mut t = T::build(
            board(16, 16).side(g, Dir::S, kind, false),
            &[(A, Art, g, Dir::S), (P, Inf, x, Dir::N)],
            |_| {},
        );
        t.step(Step::Barrage, FA);
        t.script([1, 1, 1]);
        t.ok(TsCommand::Barrage {
            unit: 0,
            target: 1,
            turn: None,
        });
        assert!(t.logged("9.2.2", "column 3, die 1 +1"), "{kind:?}");
    }
}
